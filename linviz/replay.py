"""Replaying a trace at a fractional step: what a drawing shows between two states.

A scene's animated state is a step index s (after ⌊s⌋ recorded steps). At a
whole step the parameters are exactly the trace's; between two steps they are
interpolated linearly, which is how a boundary turns to its new place.

From θ = 0 the interpolation cannot show a turn: (1 − f)·0 + f·θ₁ = f·θ₁ has
θ₁'s boundary for every f > 0, so a line drawn at full strength would show the
new boundary before the update has happened. The boundary's *presence* says
how strongly to draw it: 1 normally, f while the update from θ = 0 plays (the
line fades in with the update), 0 at θ = 0 itself.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class StepState(NamedTuple):
    """(θ, θ₀) at a fractional step, and how strongly the boundary is drawn (0 to 1)."""

    theta: np.ndarray
    theta0: float
    presence: float


def state_after_steps(trace) -> np.ndarray:
    """State index after k steps for k = 0..n_steps: ndarray of shape (n_steps + 1,)."""
    return np.concatenate([[0], np.asarray(trace.steps["state"], dtype=np.int64)])


def theta_is_zero_after(trace, step: int) -> bool:
    """θ = 0 after ``step`` visits (the state they leave): no boundary to draw.

    An update can bring θ back to 0 (y⁽ⁱ⁾x⁽ⁱ⁾ cancelling the updates before it, e.g.
    one place with both labels); the visited point then scores 0, still a mistake.
    """
    state = int(state_after_steps(trace)[step])
    return not np.any(trace.states["theta"][state])


def state_at(thetas: np.ndarray, theta0s: np.ndarray, state_after: np.ndarray,
             s: float) -> StepState:
    """(θ, θ₀, presence) at fractional step ``s``, clamped to 0..n_steps.

    ``thetas`` has shape (n_states, d), ``theta0s`` (n_states,), and
    ``state_after[k]`` is the state index after k steps (entry 0 is 0). With
    k = ⌊s⌋, f = s − k, a = state_after[k], b = state_after[k + 1]:
    θ = (1 − f)θ_a + fθ_b, θ₀ likewise; presence = 1 if θ_a ≠ 0, else f.
    """
    n = len(state_after) - 1
    s = min(max(float(s), 0.0), float(n))
    low = int(np.floor(s + 1e-9))
    frac = s - low
    a = int(state_after[low])
    start_is_zero = not np.any(thetas[a])
    if frac <= 1e-9 or low >= n:
        return StepState(thetas[a], float(theta0s[a]), 0.0 if start_is_zero else 1.0)
    b = int(state_after[low + 1])
    theta = (1 - frac) * thetas[a] + frac * thetas[b]
    theta0 = float((1 - frac) * theta0s[a] + frac * theta0s[b])
    return StepState(theta, theta0, frac if start_is_zero else 1.0)
