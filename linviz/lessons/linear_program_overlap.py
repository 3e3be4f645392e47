"""What the panel beside the data says while the overlap of the classes' hulls is argued
(`linear-program`, data no line separates even with an offset, whose overlap reads without
a close-up): the one point as a mean of each class's points, with the weights the lesson
found, shown at the fewest decimals at which they add up to 1 as they do (the rule the
certificate's weights are said by too, :func:`weight_places`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import formatting
from ..ties import least_index
from .linear_program import LinearProgramLesson


def weight_places(weights) -> int:
    """The fewest decimals (2 to 4) at which ``weights`` (a certificate's, an overlap's
    side's), as shown, add up to 1 as they do (0.32 + 0.65 + 0.02 reads as 0.99; 0.322 + 0.655 + 0.023 is 1.000)."""
    for places in (2, 3, 4):
        shown = [round(float(w), places) for w in weights]
        if abs(sum(shown) - 1.0) < 0.5 * 10 ** -places:
            return places
    return 4


def mean_of(weights: dict[int, float], places: int) -> str:
    """Σ wᵢ x⁽ⁱ⁾ in Typst math (1-based names), in index order; one point: x⁽ⁱ⁾ alone."""
    if len(weights) == 1:
        return f"x^(({next(iter(weights)) + 1}))"
    return " + ".join(f"{formatting.number(weights[i], places, minus='-')} x^(({i + 1}))"
                      for i in sorted(weights))


def overlap_panel(lesson: LinearProgramLesson) -> list[str] | None:
    """The panel's lines (``$…$`` spans Typst math), or None without an overlap or when a
    close-up stands on the right in its place."""
    positive, negative = lesson.overlap
    if not positive or lesson.overlap_closeup is not None:
        return None
    # why no line separates them is shown, not written: a line turns around the kept hull
    # in the next beat (:func:`overlap_turn`)
    return [f"${overlap_equation(lesson)}$",
            # (review 271: "+ points left of =, each side's weights ≥ 0, adding up to 1"
            # read as cryptic, unsaid)
            "one point: a weighted mean of + points (left) and of − points (right)"]


def overlap_equation(lesson: LinearProgramLesson) -> str:
    """Σλᵢx⁽ⁱ⁾ = Σμⱼx⁽ʲ⁾ in Typst math, + points on the left, at the decimals of
    :func:`weight_places` (the larger of the two sides')."""
    positive, negative = lesson.overlap
    places = max(weight_places(positive.values()), weight_places(negative.values()))
    return f"{mean_of(positive, places)} = {mean_of(negative, places)}"


@dataclass(frozen=True)
class OverlapTurn:
    """A line turned once around one class's hull of the overlap, that hull kept on one
    side of it: the other class's points of the overlap, or one of them, are on that side
    at every angle, so no line has every point of both classes on its own side.

    Attributes
    ----------
    kept : tuple of int
        The hull's points (0-based, ascending): the larger of the two, the − one of equals.
    sign : int
        Their class, +1 or −1.
    other : tuple of int
        The other class's points of the overlap (0-based, ascending).
    """

    kept: tuple[int, ...]
    sign: int
    other: tuple[int, ...]


def overlap_turn(lesson: LinearProgramLesson) -> OverlapTurn | None:
    """The turn for ``lesson``'s overlap, or None without one (data a line separates)."""
    positive, negative = lesson.overlap
    if not positive:
        return None
    if len(positive) > len(negative):
        return OverlapTurn(tuple(sorted(positive)), 1, tuple(sorted(negative)))
    return OverlapTurn(tuple(sorted(negative)), -1, tuple(sorted(positive)))


#: a point this near the kept hull (a share of the data's extent) counts as inside it
HULL_TOLERANCE = 1e-9


def also_inside(lesson: LinearProgramLesson, turn: OverlapTurn) -> tuple[int, ...]:
    """The other class's points, but the overlap's own, inside the kept hull (a triangle, a
    segment, or its one place) or on its edge: caught on the kept side at every angle too.
    Barycentric weights ≥ −tolerance for a triangle; for a segment, on it."""
    X = np.asarray(lesson.data.X, dtype=float)
    y = np.asarray(lesson.data.y)
    corners = X[list(turn.kept)]
    scale = HULL_TOLERANCE * max(1.0, float(np.abs(X).max()))
    found = []
    for j in np.flatnonzero(y == -turn.sign):
        if j in turn.other:
            continue
        p = X[j]
        if len(corners) == 1:
            inside = bool(np.all(np.abs(p - corners[0]) <= scale))
        elif len(corners) == 2:
            a, b = corners
            t = float((p - a) @ (b - a) / ((b - a) @ (b - a)))
            inside = -scale <= t <= 1 + scale and bool(
                np.linalg.norm(a + min(max(t, 0.0), 1.0) * (b - a) - p) <= scale)
        else:
            weights = np.linalg.solve(np.vstack([corners.T, np.ones(3)]), [*p, 1.0])
            inside = bool(np.all(weights >= -scale))
        if inside:
            found.append(int(j))
    return tuple(found)


def turn_caught(turn: OverlapTurn, inside) -> int:
    """How many points every line turned around the kept hull gets wrong, at least: the
    other class's one point and ``inside`` with it, or one of its two or more."""
    return 1 + len(inside) if len(turn.other) == 1 else 1


def turn_escape(lesson: LinearProgramLesson, turn: OverlapTurn, inside) -> tuple[int, ...]:
    """The kept hull's points (0-based, ascending) the fewest-mistake line gets wrong,
    where it gets fewer wrong than the turn catches (:func:`turn_caught`): the turn's count
    binds only lines that keep the hull on its side, and a line that gets fewer must
    give up one of its corners (review 279: "at least these wrong", 5, then "the fewest
    any line gets wrong: 3", unreconciled); () where the fewest is not fewer."""
    if lesson.fewest_wrong >= turn_caught(turn, inside):
        return ()
    wrong = set(lesson.counted_mistakes["fewest"])
    return tuple(i for i in turn.kept if i in wrong)


def supporting_line(corners, sign: int, angle: float, gap: float) -> tuple[np.ndarray, float]:
    """(θ, θ₀) of the line with normal θ = (cos angle, sin angle) that keeps every one of
    ``corners`` (shape (k, 2)) a distance ≥ ``gap`` on its ``sign`` side:
    sign·(θᵀc + θ₀) ≥ gap for each corner c, with equality at the nearest. For sign +1,
    θ₀ = gap − min θᵀc; for −1, θ₀ = −gap − max θᵀc. A half-plane is convex, so the
    corners' whole hull lies on that side too."""
    corners = np.asarray(corners, dtype=float)
    theta = np.array([np.cos(angle), np.sin(angle)])
    scores = corners @ theta
    theta0 = gap - float(scores.min()) if sign > 0 else -gap - float(scores.max())
    return theta, theta0


def caught(turn: OverlapTurn, X, theta, theta0: float) -> list[int]:
    """The other class's points of the overlap on the kept side of θᵀx + θ₀ = 0 (or on it):
    sign·(θᵀx⁽ʲ⁾ + θ₀) ≥ 0, each a point that line gets wrong when it has the kept points
    on their own side. Never empty for a line that keeps the hull on its side: the point
    the hulls share is on that side, and it is a mean of the other class's points."""
    X = np.asarray(X, dtype=float)
    return [j for j in turn.other
            if turn.sign * (float(X[j] @ np.asarray(theta, dtype=float)) + theta0) >= 0]


#: the turn's start is chosen among this many angles, evenly spaced from 0
TURN_ANGLES = 360
#: distances to the view's centre within this share of the view's side tie: the smaller
#: angle is taken (a stated rule, not the last bits of a float)
TURN_TIE = 1e-6


def turn_start(corners, sign: int, centre, side: float) -> float:
    """The angle the turn starts (and ends) at: of :data:`TURN_ANGLES` evenly spaced, the one
    whose supporting line (gap 0: :func:`supporting_line`) passes nearest ``centre`` (the
    view's), so the line stands across the picture while the beat's words are said, not
    at its edge; distances within :data:`TURN_TIE` × ``side`` tie and the smallest angle
    of them is taken."""
    angles = 2 * np.pi * np.arange(TURN_ANGLES) / TURN_ANGLES
    centre = np.asarray(centre, dtype=float)
    distances = [abs(float(theta @ centre) + theta0) for theta, theta0 in
                 (supporting_line(corners, sign, a, 0.0) for a in angles)]
    return float(angles[least_index(distances, TURN_TIE * side)])
