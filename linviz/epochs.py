"""Per-epoch summaries of a perceptron trace: states, mistakes, training error.

Epoch t (1-based) is visits (t − 1)n + 1 … tn of a trace over n points.
"""

from __future__ import annotations

import numpy as np

from .errors import DataError
from .perceptron import mistakes
from .trace import Trace


def _per_visit(trace: Trace) -> int:
    n = trace.data.n_samples
    if trace.n_steps % n:
        raise DataError(f"the trace has {trace.n_steps} steps, not whole epochs of {n} visits")
    return n


def epoch_boundary_states(trace: Trace) -> np.ndarray:
    """The state index at the start of every epoch, then after the last: shape (epochs + 1,).

    Entry t is the state after t whole epochs (entry 0 the initial state).
    """
    n = _per_visit(trace)
    after = np.concatenate([[0], np.asarray(trace.steps["state"], dtype=np.int64)])
    return after[np.arange(0, trace.n_steps + 1, n)]


def mistakes_per_epoch(trace: Trace) -> np.ndarray:
    """Updates made in each epoch: shape (epochs,)."""
    n = _per_visit(trace)
    return np.asarray(trace.steps["mistake"], dtype=bool).reshape(-1, n).sum(axis=1)


def training_error_per_epoch(trace: Trace) -> np.ndarray:
    """The training error after t epochs, t = 0..epochs: shape (epochs + 1,).

    ε(θ, θ₀) = (1/n) Σ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0}, points on the boundary counted as mistakes
    (the perceptron's rule: :func:`linviz.perceptron.on_line`).

    Entry 0 is the initial state θ = 0 (every score 0, so error 1).
    """
    states = epoch_boundary_states(trace)
    X, y = trace.data.X, trace.data.y
    thetas = trace.states["theta"][states]
    theta0s = trace.states["theta0"][states]
    return np.mean(mistakes(X, y, thetas, theta0s), axis=1)
