"""The margin quiz's recall of the convergence proof (note 003), drawn from its two median
runs: after k updates from θ = 0, through the origin with θ* of unit length (the notes' setting),

    kγ ≤ θ⁽ᵏ⁾·θ* ≤ ‖θ⁽ᵏ⁾‖ ≤ R√k,

the first as each update adds y x·θ* ≥ γ to θ·θ*, the second by Cauchy–Schwarz, the
third as each update adds 2y θᵀx + ‖x‖² ≤ R² to ‖θ‖² (it came on a mistake, y θᵀx ≤ 0).
A floor kγ that rises as k and a ceiling R√k that rises as √k meet at k = (R/γ)²: no
run makes more updates. The quiz plots the floor, the run's θ·θ* and the ceiling of each
run on one scale (:func:`squeeze_span`), so the two floors' slopes compare.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..sweeps import MarginRun
from .offset_lift import update_states

#: the updates both plots span past the largest of the large margin's meeting (R/γ)² and
#: the two runs' M, as a share of it (the meeting is drawn inside the plot, not on its edge)
SPAN_ROOM = 0.15


@dataclass(frozen=True)
class Squeeze:
    """One run between the proof's floor and ceiling.

    Attributes
    ----------
    alignment : θ⁽ᵏ⁾·θ*/‖θ*‖ after k = 0 … M updates.
    length : ‖θ⁽ᵏ⁾‖ after k = 0 … M updates.
    gamma, R : the run's margin and reach.
    """

    alignment: np.ndarray
    length: np.ndarray
    gamma: float
    R: float

    @property
    def updates(self) -> int:
        """M, the run's updates."""
        return len(self.alignment) - 1

    @property
    def meeting(self) -> float:
        """(R/γ)², where the floor kγ meets the ceiling R√k."""
        return (self.R / self.gamma) ** 2

    def floor(self, k) -> np.ndarray:
        """kγ, what θ·θ*/‖θ*‖ is at least after k updates."""
        return np.asarray(k, dtype=float) * self.gamma

    def ceiling(self, k) -> np.ndarray:
        """R√k, what ‖θ‖ is at most after k updates."""
        return self.R * np.sqrt(np.asarray(k, dtype=float))


def squeeze(run: MarginRun) -> Squeeze:
    """The run's θ·θ*/‖θ*‖ and ‖θ‖ after each update, with its γ and R (see the module's
    docstring); the run must start at θ = 0, as the proof's does."""
    thetas = update_states(run.trace)
    if np.any(thetas[0] != 0):
        raise ValueError("the proof's chain holds for a run from θ = 0")
    star = np.asarray(run.theta_star, dtype=float)
    star = star / float(np.linalg.norm(star))
    return Squeeze(alignment=thetas @ star, length=np.linalg.norm(thetas, axis=1),
                   gamma=float(run.gamma), R=float(run.R))


def squeeze_span(wide: MarginRun, narrow: MarginRun) -> float:
    """The updates both plots span: the large margin's meeting (R/γ)² and both runs' M,
    the largest, with :data:`SPAN_ROOM` to spare."""
    return (1.0 + SPAN_ROOM) * max(float(wide.bound), wide.updates, narrow.updates)


def meets_in_span(run: MarginRun, span: float) -> bool:
    """Whether the run's floor meets its ceiling, at (R/γ)², inside the plots' span."""
    return float(run.bound) <= span
