"""The notes' example learning algorithm: the best of k given hypotheses.

Ex_learning_alg(𝒟ₙ; k): draw k linear classifiers h⁽ʲ⁾, compute the training
error ℰₙ(h⁽ʲ⁾) = (1/n) Σᵢ 1{y⁽ⁱ⁾(θ⁽ʲ⁾ᵀx⁽ⁱ⁾ + θ₀⁽ʲ⁾) ≤ 0} of each, and
return h⁽ʲ*⁾ with j* = argminⱼ ℰₙ(h⁽ʲ⁾) (the first on ties).

Hypotheses are random lines through the data: θ⁽ʲ⁾ a uniformly random unit
vector, and θ₀⁽ʲ⁾ = −θ⁽ʲ⁾ᵀp for a point p drawn uniformly from the data's
bounding box, so every line crosses the region the data is in.
"""

from __future__ import annotations

import numpy as np

from .dataset import CLASSIFICATION, Dataset
from .errors import DataError
from .safety.limits import MAX_K, check_count, check_trace_budget
from .theory import training_error
from .trace import Trace


class BestOfK:
    """Pick the hypothesis with the lowest training error among k random ones.

    Parameters
    ----------
    k : int, default 10
    offset : bool, default True
        Lines with an offset, or through the origin (θ₀ = 0).
    seed : int, default 0

    Attributes (after ``fit``): ``trace_`` (one step per hypothesis: its
    ``training_error``; state j + 1 is hypothesis j), ``best_index_``,
    ``theta_``, ``theta0_``, ``training_error_``.
    """

    algorithm = "best-of-k"

    def __init__(self, k: int = 10, offset: bool = True, seed: int = 0):
        self.k = k
        self.offset = offset
        self.seed = seed

    def fit(self, data: Dataset) -> "BestOfK":
        if data.task != CLASSIFICATION:
            raise DataError(f"best-of-k needs labels ±1; {data.name!r} is a regression data set")
        if not (isinstance(self.k, (int, np.integer)) and self.k >= 1):
            raise DataError(f"k must be a whole number ≥ 1, got {self.k!r}")
        check_count(int(self.k), MAX_K, "k")
        check_trace_budget(self.algorithm, int(self.k), data.n_features + 10,
                           data.X.size + data.n_samples, "use a smaller --k")
        k, d = int(self.k), data.n_features
        rng = np.random.default_rng(self.seed)
        directions = rng.normal(size=(k, d))
        thetas = directions / np.linalg.norm(directions, axis=1, keepdims=True)
        anchors = rng.uniform(data.X.min(axis=0), data.X.max(axis=0), size=(k, d))
        theta0s = -np.sum(thetas * anchors, axis=1) if self.offset else np.zeros(k)
        errors = np.array([training_error(data.X, data.y, t, t0) for t, t0 in zip(thetas, theta0s)])
        best = int(np.argmin(errors))
        steps = {
            "t": np.arange(1, k + 1, dtype=np.int64),
            "epoch": np.ones(k, dtype=np.int64),
            "i": np.full(k, -1, dtype=np.int64),
            "mistake": errors > 0,
            "state": np.arange(1, k + 1, dtype=np.int64),
            "training_error": errors,
        }
        states = {"theta": np.vstack([np.zeros(d), thetas]),
                  "theta0": np.concatenate([[0.0], theta0s])}
        result = {"theta": thetas[best], "theta0": float(theta0s[best]),
                  "converged": bool(errors[best] == 0), "updates": k, "epochs": 1,
                  "best_index": best, "training_error": float(errors[best])}
        params = {"k": k, "offset": bool(self.offset), "seed": int(self.seed)}
        self.trace_ = Trace(self.algorithm, params, data, steps, states, result)
        self.best_index_ = best
        self.theta_ = thetas[best]
        self.theta0_ = float(theta0s[best])
        self.training_error_ = float(errors[best])
        return self
