"""The perceptron, recorded visit by visit.

Exactly the algorithm of the lecture notes (with offset; through the origin
θ₀ stays 0)::

    θ = 0, θ₀ = 0
    for t = 1..τ:
        changed = False
        for i = 1..n (in order, or a seeded shuffle of each epoch):
            if y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0:          # points on the line are mistakes
                θ ← θ + y⁽ⁱ⁾x⁽ⁱ⁾;  θ₀ ← θ₀ + y⁽ⁱ⁾;  changed = True
        if not changed: break

Every visit is a step of the trace. Between two mistakes θ does not change,
so the recorder scans ahead in vectorized chunks for the next mistake instead
of visiting points one by one in Python, and computes the recorded scores for
a whole epoch at once afterwards with the same arithmetic, so a recorded score
is exactly the one the decision was made on.
"""

from __future__ import annotations

import numpy as np

from .dataset import CLASSIFICATION, Dataset
from .errors import DataError
from .trace import Trace

MIN_CHUNK = 16
MAX_CHUNK = 1 << 15


def scores(columns: list[np.ndarray], y: np.ndarray, theta, theta0) -> np.ndarray:
    """y·(θᵀx + θ₀) for the rows given by feature ``columns``.

    ``theta`` holds one value per column, each a scalar or an array as long
    as the rows (a θ per row); summing column by column in a fixed order makes
    both forms give bit-identical results.
    """
    z = columns[0] * theta[0]
    for j in range(1, len(columns)):
        z = z + columns[j] * theta[j]
    return y * (z + theta0)


class Perceptron:
    """The perceptron learner.

    Parameters
    ----------
    epochs : int, default 100
        τ, the most passes over the data.
    offset : bool, default True
        Learn θ₀ too; False keeps the classifier through the origin (θ₀ = 0).
    order : {"cyclic", "shuffle"}, default "cyclic"
        Visit points in index order, or in a fresh seeded permutation each epoch.
    seed : int, default 0
        Seed of the shuffle.

    Attributes (after ``fit``)
    ----------
    trace_ : Trace
    theta_ : ndarray of shape (n_features,)
    theta0_ : float
    converged_ : bool
        True when a whole pass made no update.
    n_updates_ : int
        M, the number of updates.
    n_epochs_ : int
        Passes made, the clean one included.
    cycle_ : dict or None
        With cyclic order on data it cannot separate, the state at the start of
        an epoch can repeat an earlier one: from then on the run repeats itself
        forever. ``{"start_epoch": e, "period_epochs": p, "updates_per_period": u}``
        says the state at the start of epoch e + p equals the one at the start of
        epoch e (the first such repeat).
    """

    algorithm = "perceptron"

    def __init__(self, epochs: int = 100, offset: bool = True, order: str = "cyclic",
                 seed: int = 0):
        self.epochs = epochs
        self.offset = offset
        self.order = order
        self.seed = seed

    def _validate(self, data: Dataset) -> None:
        if data.task != CLASSIFICATION:
            raise DataError(f"the perceptron needs labels ±1; {data.name!r} is a regression data set")
        if not (isinstance(self.epochs, (int, np.integer)) and self.epochs >= 1):
            raise DataError(f"epochs (τ) must be a whole number ≥ 1, got {self.epochs!r}")
        if self.order not in ("cyclic", "shuffle"):
            raise DataError(f"order must be 'cyclic' or 'shuffle', got {self.order!r}")

    def fit(self, data: Dataset) -> "Perceptron":
        self._validate(data)
        n, d = data.X.shape
        rng = np.random.default_rng(self.seed)
        theta = np.zeros(d)
        theta0 = 0.0
        thetas = [theta.copy()]
        theta0s = [theta0]
        updates = 0
        epoch_orders, epoch_mistakes = [], []
        seen_states: dict[bytes, tuple[int, int]] = {}
        cycle = None
        converged = False
        cyclic = self.order == "cyclic"
        if cyclic:
            order = np.arange(n)
            X_cols = [np.ascontiguousarray(data.X[:, j]) for j in range(d)]
            y_ord = data.y.copy()

        for epoch in range(1, int(self.epochs) + 1):
            if cyclic:
                if cycle is None:
                    key = theta.tobytes() + np.float64(theta0).tobytes()
                    if key in seen_states:
                        start_epoch, start_updates = seen_states[key]
                        cycle = {"start_epoch": start_epoch,
                                 "period_epochs": epoch - start_epoch,
                                 "updates_per_period": updates - start_updates}
                    else:
                        seen_states[key] = (epoch, updates)
            else:
                order = rng.permutation(n)
                X_cols = [data.X[order, j] for j in range(d)]
                y_ord = data.y[order]

            mistakes = np.zeros(n, dtype=bool)
            position, chunk = 0, MIN_CHUNK
            while position < n:
                end = min(n, position + chunk)
                window = [col[position:end] for col in X_cols]
                bad = np.flatnonzero(scores(window, y_ord[position:end], theta, theta0) <= 0)
                if bad.size == 0:
                    position = end
                    chunk = min(2 * chunk, MAX_CHUNK)
                    continue
                k = position + int(bad[0])
                mistakes[k] = True
                label = y_ord[k]
                theta = theta + label * data.X[order[k]]
                if self.offset:
                    theta0 = theta0 + label
                thetas.append(theta)
                theta0s.append(theta0)
                updates += 1
                chunk = max(MIN_CHUNK, min(2 * (k + 1 - position), MAX_CHUNK))
                position = k + 1
            epoch_orders.append(order)
            epoch_mistakes.append(mistakes)
            if not mistakes.any():
                converged = True
                break

        self.trace_ = self._record(data, epoch_orders, epoch_mistakes,
                                   np.array(thetas), np.array(theta0s),
                                   converged, cycle)
        self.theta_ = theta
        self.theta0_ = float(theta0)
        self.converged_ = converged
        self.n_updates_ = updates
        self.n_epochs_ = len(epoch_orders)
        self.cycle_ = cycle
        return self

    def _record(self, data, epoch_orders, epoch_mistakes, thetas, theta0s, converged, cycle):
        """Assemble the per-visit columns and recompute each visit's score.

        The state before visit k is the update count before it, so the score
        at every visit follows from the state history in one vectorized pass.
        """
        n = data.n_samples
        n_epochs = len(epoch_orders)
        i = np.concatenate(epoch_orders).astype(np.int64)
        mistake = np.concatenate(epoch_mistakes)
        state = np.cumsum(mistake, dtype=np.int64)
        state_before = state - mistake
        columns = [data.X[i, j] for j in range(data.n_features)]
        theta_before = thetas[state_before]
        score = scores(columns, data.y[i], theta_before.T, theta0s[state_before])
        if not np.array_equal(score <= 0, mistake):  # pragma: no cover - an engine bug
            raise AssertionError("recomputed scores disagree with the decisions made")
        steps = {
            "t": np.arange(1, n * n_epochs + 1, dtype=np.int64),
            "epoch": np.repeat(np.arange(1, n_epochs + 1, dtype=np.int64), n),
            "i": i,
            "score": score,
            "mistake": mistake,
            "state": state,
        }
        result = {
            "theta": thetas[-1],
            "theta0": float(theta0s[-1]),
            "converged": converged,
            "updates": int(len(thetas) - 1),
            "epochs": n_epochs,
            "cycle": cycle,
        }
        params = {"epochs": int(self.epochs), "offset": bool(self.offset),
                  "order": self.order, "seed": int(self.seed)}
        return Trace(self.algorithm, params, data, steps,
                     {"theta": thetas, "theta0": theta0s}, result)
