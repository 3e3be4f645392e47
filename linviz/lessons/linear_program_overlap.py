"""What the panel beside the data says while the overlap of the classes' hulls is argued
(`linear-program`, data no line separates even with an offset, whose overlap reads without
a close-up): the one point as a mean of each class's points, with the weights the lesson
found, shown at the fewest decimals at which they add up to 1 as they do (the rule the
certificate's weights are said by too, :func:`weight_places`)."""

from __future__ import annotations

import numpy as np

from .. import formatting
from .linear_program import LinearProgramLesson, convex_zero


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
    # why no line separates them is said: a line with the + hull on one side and the −
    # hull on the other would part the two, and they share a point
    return [f"${overlap_equation(lesson)}$",
            # (review 271: "+ points left of =, each side's weights ≥ 0, adding up to 1"
            # read as cryptic, unsaid; review 298: "left" and "right" read as the screen's)
            # (review 302: "before =, of − points after it" read as garbled)
            # (review 307: where one side is a point, "a weighted mean of + points" was the
            # point itself: said as what it is)
            mean_words(positive, negative)]


def mean_words(positive: dict, negative: dict) -> str:
    """What the overlap's equation says, in words: "+ point 7 is a weighted mean of − points
    1, 5 and 23" where one side is one point, else "the same point two ways: a weighted
    mean of + points, and of − points" (1-based)."""
    if len(positive) == 1 or len(negative) == 1:
        single, hull = (positive, negative) if len(positive) == 1 else (negative, positive)
        sign, other = ("+", "−") if len(positive) == 1 else ("−", "+")
        points = formatting.listed(i + 1 for i in sorted(hull))
        return f"{sign} point {next(iter(single)) + 1} is a weighted mean of {other} points {points}"
    return "the same point two ways: a weighted mean of + points, and of − points"


def overlap_equation(lesson: LinearProgramLesson) -> str:
    """Σλᵢx⁽ⁱ⁾ = Σμⱼx⁽ʲ⁾ in Typst math, + points on the left, at the decimals of
    :func:`weight_places` (the larger of the two sides')."""
    positive, negative = lesson.overlap
    places = max(weight_places(positive.values()), weight_places(negative.values()))
    return f"{mean_of(positive, places)} = {mean_of(negative, places)}"


#: the turning line keeps this share of the data view's width clear of the hull it holds
#: on one side (a line through a corner would read as cutting it; review 314: at 0.03 it
#: ran through the corners' markers; reviews 357: at 0.06 it grazed their rings and names)
TURN_GAP = 0.1


def turning_hull(positive: dict, negative: dict) -> tuple[list[int], float, list[int]]:
    """(the hull the turning line keeps on one side, its class (±1), the other class's
    points of the overlap) of an overlap's sides ``positive`` and ``negative``: the larger
    side (a point's other class's triangle or segment), the − side where both are alike."""
    held, sign, other = ((positive, 1.0, negative) if len(positive) > len(negative)
                         else (negative, -1.0, positive))
    return sorted(held), sign, sorted(other)


def hull_line(lesson: LinearProgramLesson, angle: float):
    """(θ, θ₀, wrong): the line with normal (cos a, sin a) that holds the turning hull
    (:func:`turning_hull`) strictly on its positive side, :data:`TURN_GAP` of the view's
    width clear of its nearest corner, θᵀx + θ₀ ≥ gap for each; and the other class's
    overlap points on that side too (θᵀx + θ₀ > 0), which it gets wrong. By convexity a
    side holding the hull holds every mean of its corners, the overlap's point, which is
    also a mean of those other points: so at least one of them is always there."""
    held, _, other = turning_hull(*lesson.overlap)
    X = np.asarray(lesson.data.X, dtype=float)
    view = lesson.full_view
    theta = np.array([np.cos(angle), np.sin(angle)])
    theta0 = TURN_GAP * float(view.x_max - view.x_min) - float(np.min(X[held] @ theta))
    wrong = [int(i) for i in other if float(X[i] @ theta) + theta0 > 0]
    return theta, theta0, wrong


def also_inside(X: np.ndarray, y: np.ndarray, positive: dict, negative: dict) -> list[int]:
    """The other points of the single point's class (0-based, in order) that lie in the
    other class's triangle too (0 a convex mix of the corners less the point:
    :func:`~linviz.lessons.linear_program.convex_zero`), where an overlap is one point in a
    triangle: a student sees them there (reviews 331: "why point 7?"); [] for any other
    overlap."""
    if not (len(positive) == 1) ^ (len(negative) == 1) or 3 not in (len(positive),
                                                                   len(negative)):
        return []
    single, hull = (positive, negative) if len(positive) == 1 else (negative, positive)
    (chosen,) = single
    X = np.asarray(X, dtype=float)
    corners = X[sorted(hull)]
    return [i for i in range(len(y)) if i != chosen and float(y[i]) == float(y[chosen])
            and convex_zero(corners - X[i]) is not None]
