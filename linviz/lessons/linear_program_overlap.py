"""What the panel beside the data says while the overlap of the classes' hulls is argued
(`linear-program`, data no line separates even with an offset, whose overlap reads without
a close-up): the one point as a mean of each class's points, with the weights the lesson
found, shown at the fewest decimals at which they add up to 1 as they do (the rule the
certificate's weights are said by too, :func:`weight_places`)."""

from __future__ import annotations

from .. import formatting
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
    return [f"${overlap_equation(lesson)}$",
            "+ points left of =, − points right of it;",
            "each side's weights ≥ 0, adding up to 1:", *why_no_line(positive, negative)]


def overlap_equation(lesson: LinearProgramLesson) -> str:
    """Σλᵢx⁽ⁱ⁾ = Σμⱼx⁽ʲ⁾ in Typst math, + points on the left, at the decimals of
    :func:`weight_places` (the larger of the two sides')."""
    positive, negative = lesson.overlap
    places = max(weight_places(positive.values()), weight_places(negative.values()))
    return f"{mean_of(positive, places)} = {mean_of(negative, places)}"


def _shape(points) -> str:
    return {1: "point", 2: "segment", 3: "triangle"}[len(points)]


def why_no_line(positive, negative) -> list[str]:
    """Why the overlap leaves no separating line, in the panel's short lines: a line with
    every point of one class on one side keeps their hull there (a half-plane holds the
    means of its points), and with it the other class's point inside the hull, or the
    point where the hulls meet, a mean of the other class's points, one of which is then
    on that side too. The hull kept is the larger (the − one of equals)."""
    keep, other, sign, mark = ((positive, negative, "+", "−") if len(positive) > len(negative)
                               else (negative, positive, "−", "+"))
    names = ", ".join(str(i + 1) for i in sorted(keep))
    first, last = f"a line with every {sign} point on one side", "so no line separates the classes"
    if len(other) == 1:
        j = next(iter(other)) + 1
        if len(keep) == 1:
            return [first, f"keeps {sign} point {names} there,",
                    f"and {mark} point {j}, at its place, too:", last]
        where = "inside" if len(keep) == 3 else "on"
        return [first, f"keeps their {_shape(keep)} ({names}) there,",
                f"and {mark} point {j}, {where} it, too:", last]
    return [first, f"keeps their {_shape(keep)} there, and where it meets",
            f"the {mark} {_shape(other)}, a mean of {mark} points: one", "of them is there too,",
            last]
