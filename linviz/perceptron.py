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

**When a score is 0.** The test ``≤ 0`` is exact in the notes, but in floats a
point that lies on the line in exact arithmetic scores ±1e-15 (Iris's 5.1 is
not a binary number): the decision, and the whole run after it, would follow
the last bits of a float and the summation order of the CPU. So the learner
states its rule (:func:`on_line`): a score z = y(Σⱼ θⱼxⱼ + θ₀) with

    |z| ≤ ON_LINE_TOLERANCE · (Σⱼ |θⱼxⱼ| + |θ₀|)

*is* 0 — the point is on the line — and 0 counts as a mistake, as in the
notes. The recorded score of such a visit is exactly 0.0. The tolerance
(1e-9 of the size of the terms summed) is far above the rounding of a sum of
a few products (≈ 1e-16 of that size, times the number of updates that built
θ) and far below any real margin of decimal data, so the float learner makes
the updates of an exact-arithmetic perceptron on the data's decimals.

Every visit is a step of the trace. Between two mistakes θ does not change,
so where mistakes are sparse the recorder scans ahead in vectorized chunks for
the next mistake, keeping each chunk's scores up to it. Where mistakes are
dense (a few visits apart) numpy's per-call cost would dominate, so the
recorder visits points one by one in a tight loop over Python floats instead,
and computes the scores of such a stretch afterwards in one vectorized pass
from the states it went through. Both use the arithmetic of :func:`scores`
(IEEE products and sums in the same order, column by column), so a recorded
score is exactly the one the decision was made on (0.0 when it counts as 0);
the recorder checks that every recorded score is ≤ 0 exactly at the mistakes.
"""

from __future__ import annotations

import numpy as np

from .dataset import CLASSIFICATION, Dataset
from .errors import DataError
from .safety.limits import (BYTES_PER_EPOCH, MAX_EPOCHS, check_count, over_budget, step_bytes,
                     steps_budget)
from .trace import Trace

# Visits per vectorized chunk: twice the last gap between mistakes, doubling
# while no mistake turns up, within these bounds.
MIN_CHUNK = 128
MAX_CHUNK = 1 << 14
# Mistakes closer than this many visits apart are found faster one visit at a
# time in Python (~0.15 µs a visit in 2-D) than with a numpy chunk each (~20 µs).
DENSE_GAP = 128
# Visits of the Python loop between two checks of the mistake rate.
LOOP_BLOCK = 512
# Rows turned into Python floats at a time, when the loop first needs them.
LOOP_SEGMENT = 1024
# Above this many features the per-visit Python loop stops paying off.
MAX_LOOP_FEATURES = 8

#: A score within this fraction of the size of its terms, Σⱼ|θⱼxⱼ| + |θ₀|, is 0
#: (the point is on the line, a mistake): see :func:`on_line`.
ON_LINE_TOLERANCE = 1e-9


def on_line(z, size):
    """Whether a score z = y(θᵀx + θ₀) counts as 0: |z| ≤ ON_LINE_TOLERANCE · size.

    ``size`` is Σⱼ |θⱼxⱼ| + |θ₀|, the size of the terms summed (scalars or
    arrays of one shape). Rounding moves a sum by about 1e-16 of this size, so
    a point exactly on the line in exact arithmetic scores within it; a point
    off the line of decimal data scores far outside it. With θ = 0 and θ₀ = 0
    both sides are 0: on the line.
    """
    return np.abs(z) <= ON_LINE_TOLERANCE * size


def signed_scores(X: np.ndarray, y: np.ndarray, theta, theta0) -> np.ndarray:
    """y(θᵀx + θ₀) for every row of X (n, d) and every state: θ (d,) or (m, d), θ₀ a
    number or (m,); returns (n,) or (m, n), with scores that are 0 under the rule of
    :func:`on_line` set to exactly 0.0.

    The sign of a result is the perceptron's decision: ≤ 0 is a mistake (on the
    line included). Lessons count mistakes of any state with it, so a count
    agrees with the learner's decisions.
    """
    X = np.asarray(X, dtype=float)
    theta = np.asarray(theta, dtype=float)
    theta0 = np.asarray(theta0, dtype=float)
    if theta.ndim == 2:
        theta0 = theta0[:, None]
    # Σⱼ|θⱼ||xⱼ| = Σⱼ|θⱼxⱼ|; the order of the sums differs from the learner's only in
    # the last bits, which the tolerance absorbs
    z = y * (theta @ X.T + theta0)
    size = np.abs(theta) @ np.abs(X).T + np.abs(theta0)
    return np.where(on_line(z, size), 0.0, z)


def mistakes(X: np.ndarray, y: np.ndarray, theta, theta0) -> np.ndarray:
    """Whether each point is a mistake of (θ, θ₀): y(θᵀx + θ₀) ≤ 0 under the rule of
    :func:`on_line` (a point on the line is one). Shapes as :func:`signed_scores`."""
    return signed_scores(X, y, theta, theta0) <= 0


def scores(columns: list[np.ndarray], y: np.ndarray, theta, theta0,
           out: np.ndarray | None = None) -> np.ndarray:
    """y·(θᵀx + θ₀) for the rows given by feature ``columns``.

    ``theta`` holds one value per column, each a scalar or an array as long
    as the rows (a θ per row); summing column by column in a fixed order makes
    both forms give bit-identical results, and so does the scalar loop of
    :func:`_visit_points`. A score that is 0 under the rule of :func:`on_line`
    is returned as 0.0. ``out``, if given, receives the result.
    """
    z = np.multiply(columns[0], theta[0], out=out)
    size = np.abs(z)
    for j in range(1, len(columns)):
        term = columns[j] * theta[j]
        z += term
        size += np.abs(term)
    z += theta0
    size += np.abs(theta0)
    z *= y  # y·w and w·y are the same IEEE product
    z[on_line(z, size)] = 0.0
    return z


def _visit_points(columns, labels, start, stop, theta, theta0, offset, step0,
                  mistake_steps, theta_columns, theta0s):
    """Visit rows start..stop-1 of the lists one at a time, with Python floats.

    ``columns`` are the feature columns as lists of floats, ``labels`` the
    labels, ``theta`` a list of floats, ``step0`` the 0-based step of row 0.
    Each score is computed as in :func:`scores` (Σⱼ xⱼθⱼ from the first column
    on, then + θ₀, then × y), and so is the size of its terms for the rule of
    :func:`on_line`, so decisions match the vectorized ones bit for bit. Appends each mistake's step to ``mistake_steps`` and the state after
    it to ``theta_columns`` (one list per θⱼ) and ``theta0s``; returns the
    last (θ, θ₀).
    """
    steps = range(step0 + start, step0 + stop)
    tolerance = ON_LINE_TOLERANCE
    if len(columns) == 2:  # the common case, unrolled: about twice as fast
        t1, t2 = theta
        theta1s, theta2s = theta_columns
        for step, x1, x2, label in zip(steps, columns[0][start:stop],
                                       columns[1][start:stop], labels[start:stop]):
            p1 = x1 * t1
            p2 = x2 * t2
            z = label * ((p1 + p2) + theta0)
            if z <= 0 or z <= tolerance * ((abs(p1) + abs(p2)) + abs(theta0)):
                t1 = t1 + label * x1
                t2 = t2 + label * x2
                if offset:
                    theta0 = theta0 + label
                mistake_steps.append(step)
                theta1s.append(t1)
                theta2s.append(t2)
                theta0s.append(theta0)
        return [t1, t2], theta0
    rest = range(1, len(theta))
    rows = zip(*[column[start:stop] for column in columns])
    for step, x, label in zip(steps, rows, labels[start:stop]):
        z = x[0] * theta[0]
        size = abs(z)
        for j in rest:
            term = x[j] * theta[j]
            z = z + term
            size = size + abs(term)
        z = label * (z + theta0)
        if z <= 0 or z <= tolerance * (size + abs(theta0)):
            theta = [t + label * x_j for t, x_j in zip(theta, x)]
            if offset:
                theta0 = theta0 + label
            mistake_steps.append(step)
            for thetas_j, t in zip(theta_columns, theta):
                thetas_j.append(t)
            theta0s.append(theta0)
    return theta, theta0


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
        check_count(int(self.epochs), MAX_EPOCHS, "epochs (τ)")
        if self.order not in ("cyclic", "shuffle"):
            raise DataError(f"order must be 'cyclic' or 'shuffle', got {self.order!r}")

    def _budget(self, data: Dataset) -> tuple[int, object]:
        """(the most epochs the trace memory budget holds, the error for passing it).

        Refuses at once when not even one epoch fits.
        """
        n, d = data.X.shape
        numbers = 2 * d + 8  # θ and x, and t, epoch, i, score, mistake, state, θ₀, y
        data_numbers = n * (d + 1)
        most_epochs = max(0, steps_budget(data_numbers)
                          // (n * step_bytes(numbers) + BYTES_PER_EPOCH))
        tau = int(self.epochs)

        def error(why: str = ""):
            way_out = (f"lower τ (--epochs) to at most {most_epochs:,} or use fewer points"
                       if most_epochs else "use fewer points or features")
            return over_budget(self.algorithm, n * tau, numbers, tau, data_numbers, way_out, why)

        if most_epochs < 1:
            raise error()
        return most_epochs, error

    def epochs_within_budget(self, data: Dataset) -> int:
        """The most epochs whose trace of ``data`` fits the trace memory budget
        (:mod:`linviz.safety.limits`): a run of at most this many is never stopped for memory."""
        return self._budget(data)[0]

    def fit(self, data: Dataset) -> "Perceptron":
        self._validate(data)
        n, d = data.X.shape
        rng = np.random.default_rng(self.seed)
        scan = _Scan(d, bool(self.offset))
        epoch_orders, epoch_scores = [], []
        seen_states: dict[bytes, tuple[int, int]] = {}
        cycle = None
        converged = False
        cyclic = self.order == "cyclic"
        columns = [np.ascontiguousarray(data.X[:, j]) for j in range(d)]
        if cyclic:
            order = np.arange(n)
            X_cols, y_ord = columns, data.y
            segments: dict[int, tuple] = {}  # kept: every epoch visits the same rows

        most_epochs, over_budget_error = self._budget(data)
        capped = int(self.epochs) > most_epochs
        for epoch in range(1, int(self.epochs) + 1):
            if capped and epoch > most_epochs:  # memory stays within the budget
                raise over_budget_error(f"not converged after {most_epochs:,} epochs, ")
            updates = scan.n_updates
            if cyclic:
                if cycle is None:
                    key = scan.state_key()
                    if key in seen_states:
                        start_epoch, start_updates = seen_states[key]
                        cycle = {"start_epoch": start_epoch,
                                 "period_epochs": epoch - start_epoch,
                                 "updates_per_period": updates - start_updates}
                        if capped:
                            raise over_budget_error(
                                f"the state repeats every {cycle['period_epochs']} epoch(s), "
                                f"so it never converges: ")
                    else:
                        seen_states[key] = (epoch, updates)
            else:
                order = rng.permutation(n)
                X_cols = [column[order] for column in columns]
                y_ord = data.y[order]
                segments = {}
            epoch_scores.append(scan.epoch(X_cols, y_ord, (epoch - 1) * n, segments))
            epoch_orders.append(order)
            if scan.n_updates == updates:
                converged = True
                break

        # Free the scan's lists before the columns are assembled and copied:
        # the memory peak comes then.
        del segments
        n_epochs = len(epoch_orders)
        i = np.concatenate(epoch_orders).astype(np.int64, copy=False)
        score = np.concatenate(epoch_scores)
        del epoch_orders, epoch_scores
        mistake_steps, thetas, theta0s = scan.history()
        del scan
        self.trace_ = self._record(data, n_epochs, i, score, mistake_steps, thetas, theta0s,
                                   converged, cycle)
        self.theta_ = thetas[-1].copy()
        self.theta0_ = float(theta0s[-1])
        self.converged_ = converged
        self.n_updates_ = len(mistake_steps)
        self.n_epochs_ = n_epochs
        self.cycle_ = cycle
        return self

    def _record(self, data, n_epochs, i, score, mistake_steps, thetas, theta0s,
                converged, cycle):
        """Assemble the per-visit columns from the visits, scores and updates.

        ``mistake_steps`` holds the 0-based step of each update, so the state
        after step t is the number of updates at steps ≤ t.
        """
        n = data.n_samples
        n_steps = n * n_epochs
        mistake = np.zeros(n_steps, dtype=bool)
        mistake[mistake_steps] = True
        if not np.array_equal(score <= 0, mistake):  # pragma: no cover - an engine bug
            raise AssertionError("recorded scores disagree with the decisions made")
        runs = np.diff(np.concatenate(([0], mistake_steps, [n_steps])))
        state = np.repeat(np.arange(len(thetas), dtype=np.int64), runs)
        steps = {
            "t": np.arange(1, n_steps + 1, dtype=np.int64),
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


class _Scan:
    """The perceptron's visits, epoch after epoch: its state and every update.

    Two ways of finding the next mistake take turns. Where mistakes are a few
    visits apart, :func:`_visit_points` visits points one by one in Python and
    the stretch's scores are computed afterwards (:func:`_score_stretch`);
    elsewhere a vectorized chunk of scores with the current θ finds the next
    mistake, and its scores up to that mistake are the recorded ones.

    ``theta_columns`` (one list per θⱼ) and ``theta0s``: the states, the
    initial one first, as Python floats; ``mistake_steps``: the 0-based step
    of each update.
    """

    def __init__(self, d: int, offset: bool):
        self.d = d
        self.offset = offset
        self.theta = [0.0] * d
        self.theta0 = 0.0
        self.theta_columns: list[list[float]] = [[t] for t in self.theta]
        self.theta0s = [self.theta0]
        self.mistake_steps: list[int] = []
        # θ = 0 makes the first visit a mistake, and early mistakes come thick.
        self.dense = d <= MAX_LOOP_FEATURES
        self.chunk = MIN_CHUNK

    @property
    def n_updates(self) -> int:
        return len(self.mistake_steps)

    def history(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The steps of the updates (M,), the states θ (M + 1, d) and θ₀ (M + 1,)."""
        thetas = np.empty((len(self.theta0s), self.d))
        for j, thetas_j in enumerate(self.theta_columns):
            thetas[:, j] = thetas_j
        return (np.array(self.mistake_steps, dtype=np.int64), thetas,
                np.array(self.theta0s, dtype=float))

    def state_key(self) -> bytes:
        """(θ, θ₀) as bytes, to spot a repeated state."""
        return np.array(self.theta, dtype=float).tobytes() + np.float64(self.theta0).tobytes()

    def epoch(self, X_cols, y_ord, step0, segments) -> np.ndarray:
        """Visit the rows of ``X_cols``, ``y_ord`` in order; return their scores.

        ``step0`` is the 0-based step of the first visit; ``segments`` caches
        rows as Python floats for the loop, by first row.
        """
        n = len(y_ord)
        score = np.empty(n)
        position = 0
        while position < n:
            if self.dense:
                position = self._loop(X_cols, y_ord, step0, segments, position, score)
            else:
                position = self._chunk(X_cols, y_ord, step0, position, score)
        return score

    def _loop(self, X_cols, y_ord, step0, segments, position, score) -> int:
        """Visit one by one from ``position`` until mistakes thin out or the epoch ends."""
        n = len(y_ord)
        start, first_update = position, len(self.mistake_steps)
        seen = found = 0
        while self.dense and position < n:
            low = position - position % LOOP_SEGMENT
            if low not in segments:
                rows = slice(low, min(n, low + LOOP_SEGMENT))
                segments[low] = ([column[rows].tolist() for column in X_cols],
                                 y_ord[rows].tolist())
            stop = min(n, position + LOOP_BLOCK, low + LOOP_SEGMENT)
            before = len(self.mistake_steps)
            self.theta, self.theta0 = _visit_points(
                *segments[low], position - low, stop - low, self.theta, self.theta0,
                self.offset, step0 + low, self.mistake_steps, self.theta_columns, self.theta0s)
            seen += stop - position
            found += len(self.mistake_steps) - before
            position = stop
            if seen >= LOOP_BLOCK:
                self.dense = found * DENSE_GAP >= seen
                self.chunk = max(MIN_CHUNK, 2 * seen // (found + 1))
                seen = found = 0
        _score_stretch(X_cols, y_ord, start, position, step0, self.mistake_steps,
                       first_update, self.theta_columns, self.theta0s, score)
        return position

    def _chunk(self, X_cols, y_ord, step0, position, score) -> int:
        """Score a chunk from ``position`` with the current θ; update at its first mistake."""
        end = min(len(y_ord), position + self.chunk)
        window = [column[position:end] for column in X_cols]
        bad = scores(window, y_ord[position:end], self.theta, self.theta0,
                     out=score[position:end]) <= 0
        first = int(bad.argmax())
        if not bad[first]:
            self.chunk = min(2 * self.chunk, MAX_CHUNK)
            return end
        k = position + first
        label = float(y_ord[k])
        self.theta = [t + label * float(column[k]) for t, column in zip(self.theta, X_cols)]
        if self.offset:
            self.theta0 = self.theta0 + label
        gap = step0 + k - (self.mistake_steps[-1] if self.mistake_steps else -1)
        self.mistake_steps.append(step0 + k)
        for thetas_j, t in zip(self.theta_columns, self.theta):
            thetas_j.append(t)
        self.theta0s.append(self.theta0)
        self.dense = gap < DENSE_GAP and self.d <= MAX_LOOP_FEATURES
        self.chunk = max(MIN_CHUNK, min(2 * gap, MAX_CHUNK))
        return k + 1


def _score_stretch(X_cols, y_ord, start, stop, step0, mistake_steps, first_update,
                   theta_columns, theta0s, out):
    """Fill ``out[start:stop]`` with the scores of a stretch the Python loop visited.

    The stretch began in state ``first_update`` and its updates are
    ``mistake_steps[first_update:]``; each visit is scored by :func:`scores`
    with the state it was decided in (the one before its own update), so
    state u repeats over the visits from update u to update u + 1.
    """
    marks = np.array(mistake_steps[first_update:], dtype=np.int64) - step0
    runs = np.diff(np.concatenate(([start], marks + 1, [stop])))
    states = slice(first_update, first_update + len(marks) + 1)
    theta = [np.repeat(np.array(thetas_j[states], dtype=float), runs)
             for thetas_j in theta_columns]
    theta0 = np.repeat(np.array(theta0s[states], dtype=float), runs)
    scores([column[start:stop] for column in X_cols], y_ord[start:stop], theta, theta0,
           out=out[start:stop])
