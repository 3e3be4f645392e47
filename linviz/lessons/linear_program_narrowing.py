"""The constraints taken one at a time, in the data's order, on data no line through the
origin separates: the wedge of separators narrowing until one constraint empties it.

For constraints aᵢᵀθ > 0 (aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾; by scaling, some θ meets aᵢᵀθ ≥ 1 for every i
exactly when some θ meets aᵢᵀθ > 0 for every i) each is the open half-plane of θ on aᵢ's
side of the line through 0 perpendicular to it: the directions within 90° of aᵢ's. The θ
meeting the first j are a wedge from 0, the directions in every one of those half-circles;
each constraint keeps it or cuts it down, and the first j whose wedge is empty is where
the programme on the first j points turns infeasible.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..geometry import Box
from .linear_program import feasible_polygon, mistake_arcs

#: a wedge narrower than this (radians) is empty: its θ would get a point right only to
#: the last bits of a float (two points at opposite places leave a wedge of width 0)
NARROW_TIE = 1e-9


def separating_arc(A: np.ndarray) -> tuple[float, float] | None:
    """The directions of θ with every aᵢᵀθ > 0 as an arc (start, end) of angles, ``start``
    in [0, 2π), ``end`` after it (at most π later): the arc of
    :func:`~linviz.lessons.linear_program.mistake_arcs` on which no point is wrong, when it
    is wider than :data:`NARROW_TIE`; None when there is none (no θ meets them all)."""
    free = [(start, end) for start, end, count in mistake_arcs(A)
            if count == 0 and end - start > NARROW_TIE]
    return free[0] if free else None


@dataclass(frozen=True)
class Narrowing:
    """The wedge after each constraint of the data's order, up to the one that empties it.

    Attributes
    ----------
    arcs : for j = 1, …, ``emptied`` + 1, the arc of directions meeting the first j
        constraints (:func:`separating_arc`), None for the last (empty).
    emptied : the point (0-based) whose constraint leaves the wedge empty.
    """

    arcs: tuple[tuple[float, float] | None, ...]
    emptied: int

    @property
    def cuts(self) -> list[int]:
        """The points (0-based) whose constraint narrows the wedge (or empties it): the
        rest leave its ends where they were (within :data:`NARROW_TIE`)."""
        return [j for j in range(len(self.arcs))
                if not (j and same_within(self.arcs[j - 1], self.arcs[j], NARROW_TIE))]


def narrowing(A: np.ndarray) -> Narrowing | None:
    """The wedge of θ meeting the first j constraints aᵢᵀθ > 0 for j = 1, 2, … until it is
    empty (:class:`Narrowing`); None when it never is (some θ meets every constraint)."""
    A = np.asarray(A, dtype=float)
    arcs: list[tuple[float, float] | None] = []
    for j in range(1, len(A) + 1):
        arcs.append(separating_arc(A[:j]))
        if arcs[-1] is None:
            return Narrowing(tuple(arcs), j - 1)
    return None


#: the seconds a constraint that narrows the wedge takes to draw, and one that leaves it
#: (reviews 348: at 0.1 s a line that kept it flashed by unseen)
NARROWING_STEP, KEEPING_STEP = 0.8, 0.25
#: the first constraints drawn slowly, each in LEAD_STEP seconds, its side shown (reviews
#: 298: twenty at four a second, no point could be matched to its line)
LEAD_STEPS, LEAD_STEP = 3, 1.0
#: the most seconds the constraints up to the emptying one take (more play faster)
NARROWING_SECONDS = 10.0


def step_seconds(found: Narrowing) -> list[float]:
    """The seconds each constraint up to the emptying one takes to draw
    (:func:`seconds_of_steps`, a constraint that narrows the wedge a change)."""
    cuts = set(found.cuts)
    return seconds_of_steps([j in cuts for j in range(len(found.arcs))])


def seconds_of_steps(changes) -> list[float]:
    """The seconds each constraint of a one-at-a-time drawing takes: the first
    :data:`LEAD_STEPS` :data:`LEAD_STEP` each; after them :data:`NARROWING_STEP` for one
    that changes what is shaded (``changes``), :data:`KEEPING_STEP` for one that leaves
    it, those scaled down alike so that all take :data:`NARROWING_SECONDS` at most."""
    lead = min(LEAD_STEPS, len(changes))
    rest = [NARROWING_STEP if changed else KEEPING_STEP for changed in changes[lead:]]
    room = NARROWING_SECONDS - lead * LEAD_STEP
    scale = min(1.0, room / sum(rest)) if rest else 1.0
    return [LEAD_STEP] * lead + [s * scale for s in rest]


def shrinking_regions(A: np.ndarray, box: Box) -> list[np.ndarray | None]:
    """On data a line through the origin separates: for j = 1, …, n, the θ of ``box``
    meeting the first j constraints aᵢᵀθ ≥ 1, a convex polygon's vertices
    (:func:`~linviz.lessons.linear_program.feasible_polygon`; None where that part of the
    box is empty), each inside the one before."""
    A = np.asarray(A, dtype=float)
    out = []
    for j in range(1, len(A) + 1):
        found = feasible_polygon(A[:j], box)
        out.append(None if found is None else found[0])
    return out


def region_changes(regions) -> list[bool]:
    """For each of :func:`shrinking_regions`, whether it differs from the one before (the
    first: always): another number of vertices, or a vertex moved more than
    :data:`NARROW_TIE` times the box's reach."""
    return [not (j and same_within(
        regions[j - 1], region,
        NARROW_TIE * max(1.0, 0.0 if region is None else float(np.abs(region).max()))))
        for j, region in enumerate(regions)]


def same_within(before, after, atol: float) -> bool:
    """Whether two shapes of a one-at-a-time drawing are one: both None, or arrays (an arc's
    ends, a polygon's vertices) of one shape whose entries differ by at most ``atol``."""
    if before is None or after is None:
        return before is None and after is None
    before, after = np.asarray(before, dtype=float), np.asarray(after, dtype=float)
    return before.shape == after.shape and bool(np.allclose(before, after, rtol=0.0,
                                                            atol=atol))
