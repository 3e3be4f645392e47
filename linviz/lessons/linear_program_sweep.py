"""The opening sweep of `linear-program`: a line through 0 turned round, its mistakes
counted at every angle, and why turning cannot serve with many features.

The line through 0 whose normal is u(φ) = (cos φ, sin φ) gets, on its better side,

    m(φ) = min(#{i : y⁽ⁱ⁾u(φ)ᵀx⁽ⁱ⁾ ≤ 0}, #{i : y⁽ⁱ⁾u(φ)ᵀx⁽ⁱ⁾ ≥ 0})

points wrong (θ = ±u(φ), the notes' rule: y·θᵀx ≤ 0 is a mistake). A point x ≠ 0 changes
sides only where u(φ) ⟂ x, at φ ≡ atan2(x) + π/2 (mod π), so m is constant between those
angles: the sweep is a step function, exact from one evaluation inside each step.

A direction in d features has d − 1 angles; a grid of them 1° apart (one angle round the
circle, the others over half of it, as spherical coordinates) has 360 · 180^(d−2) points.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: the trial line's turn: half round, every line through 0 once (reviews 329: three
#: quarters round drew the same hump twice, past an axis with no tick after 180°)
TRIAL_TURN = np.pi
#: where in the turn the line of the fewest mistakes comes: a quarter round from the
#: start, so the turn starts square to it (reviews 358, 360: started and ended on it, the
#: turn showed "0 wrong" 9 s before the best was said); the line turns back to it after
TRIAL_REST = np.pi / 2
#: angles (radians) this close are one break of the sweep (points on one line through 0)
BREAK_TIE = 1e-9
#: the features of the example the opening counts directions for (a modest data set)
EXAMPLE_FEATURES = 10


def fewest_wrong_of_line(X: np.ndarray, y: np.ndarray, normal: np.ndarray) -> int:
    """m: how many points the line through 0 with this normal gets wrong, on its better
    side (y·θᵀx ≤ 0 a mistake, for θ = ±normal)."""
    scores = np.asarray(y, dtype=float) * (np.asarray(X, dtype=float) @ normal)
    return int(min(np.sum(scores <= 0), np.sum(scores >= 0)))


def better_side(X: np.ndarray, y: np.ndarray, normal: np.ndarray) -> np.ndarray:
    """``normal`` or −``normal``: the θ of the line's better side, the one whose mistakes
    :func:`fewest_wrong_of_line` counts (``normal`` where both count alike)."""
    scores = np.asarray(y, dtype=float) * (np.asarray(X, dtype=float) @ normal)
    return normal if np.sum(scores <= 0) <= np.sum(scores >= 0) else -normal


@dataclass(frozen=True)
class Sweep:
    """A line through 0 turned anticlockwise from normal angle ``start`` by ``turn``
    radians, and its count m after each turned angle: ``breaks`` (radians turned, rising,
    in (0, turn)) where the line passes a point, ``counts`` (one more) m on each step;
    ``rest``: the angle turned (in [0, turn]) where the line it stops on lies, the one it
    turns back to."""

    start: float
    turn: float
    breaks: np.ndarray
    counts: np.ndarray
    rest: float

    def count_at(self, turned: float) -> int:
        """m after turning ``turned`` radians (a break's own count is the step after)."""
        return int(self.counts[int(np.searchsorted(self.breaks, turned, side="right"))])

    def normal_at(self, turned: float) -> np.ndarray:
        """The line's normal u after turning ``turned`` radians."""
        angle = self.start + turned
        return np.array([np.cos(angle), np.sin(angle)])

    @property
    def fewest(self) -> int:
        """The least count over the turn."""
        return int(self.counts.min())


def sweep_to(X: np.ndarray, y: np.ndarray, stop: np.ndarray,
             turn: float = TRIAL_TURN, rest: float = TRIAL_REST) -> Sweep:
    """The sweep of ``turn`` that passes, ``rest`` into it, the line whose normal is
    ``stop``'s direction (the line it stops on, turned back to)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    start = float(np.arctan2(stop[1], stop[0])) - rest
    crossings = []
    for x in X[np.any(X != 0, axis=1)]:
        first = np.mod(np.arctan2(x[1], x[0]) + np.pi / 2 - start, np.pi)
        crossings += [float(a) for a in first + np.pi * np.arange(3) if 0 < a < turn]
    breaks: list[float] = []
    for angle in sorted(crossings):
        if not breaks or angle - breaks[-1] > BREAK_TIE:
            breaks.append(angle)
    ends = [0.0, *breaks, turn]
    middles = [(a + b) / 2 for a, b in zip(ends[:-1], ends[1:])]
    counts = [fewest_wrong_of_line(X, y, np.array([np.cos(start + m), np.sin(start + m)]))
              for m in middles]
    return Sweep(start, float(turn), np.array(breaks), np.array(counts, dtype=int),
                 float(rest))


def grid_directions(features: int, degrees: int = 1) -> int:
    """How many directions a grid ``degrees`` apart has in ``features`` features: one
    angle round the circle, the other features − 2 over half of it."""
    return (360 // degrees) * (180 // degrees) ** (features - 2)


def grid_lines(features: int, degrees: int = 1) -> int:
    """How many lines (hyperplanes) through 0 such a grid tries: θ and −θ give one, so
    half its directions, (180 / degrees)^(features − 1) (the opening turns a line 180°:
    reviews 330 read "360 directions" against it)."""
    return grid_directions(features, degrees) // 2
