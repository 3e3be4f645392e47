"""A sum of vectors drawn tip to tail in an inset of a data plane, so a sum that comes back to
0 (a linear programme's certificate: weighted y⁽ⁱ⁾x⁽ⁱ⁾ adding up to 0) reads as a closed
path of its own, not as arrows over the data.

The inset is a square, the largest share of the plane's side that a place keeps off the data
(:func:`scenes.toolkit.magnifier.clear_inset`), grown (over a few points, then) when its
shortest arrow would be shorter than :data:`SHORTEST` (two long arrows that nearly cancel
leave a stub); the path is scaled to fill :data:`FILL` of it, one scale for every arrow (the
caller says it), and centred; 0 is a dot where the path starts and ends. Every arrow is
shifted :data:`SIDESTEP` to its own left, so two arrows that retrace each other (a and −a)
are drawn side by side, in opposite directions, not on top of one another.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import Dot, Rectangle, VGroup


from . import style
from .speed.fast_shapes import FastArrow
from .magnifier import best_place, clear_inset
from .placement import across
from .plane import DataPlane
from .screen_text import text

#: the share of the inset's side the path's longer extent fills
FILL = 0.72
#: how far (screen units) each arrow is drawn to its own left
SIDESTEP = 0.05
#: the least screen length of an arrow that reads as one (its tip is at most 0.4 of it)
SHORTEST = 0.32
#: the shares of the plane's side the inset grows to, in order, until its shortest arrow
#: is :data:`SHORTEST` long (the last when none is): past :data:`~scenes.toolkit.magnifier.SHARES`
GROWN_SHARES = (0.45, 0.5)


def vector_sum_inset(plane: DataPlane, X: np.ndarray, vectors: Sequence[np.ndarray],
                     names: Sequence[str], theme, avoid: np.ndarray,
                     place: np.ndarray | None = None) -> tuple[VGroup, VGroup, float]:
    """(the inset's frame and backing, and 0's dot, named on the side away from the first
    and the last arrow; its arrows, each named beside its
    middle; how many times the plane's own scale they are drawn at) for ``vectors`` (data
    units) added tip to tail from 0, in the corner of ``plane`` with the fewest of the points
    ``X`` that is clear of the screen box ``avoid`` (x0, y0, x1, y1); or in the screen
    square ``place`` (x0, y0, x1, y1) when given (drawn large, beside the plane)."""
    steps = [np.asarray(v, dtype=float)[:2] for v in vectors]
    tips = np.cumsum([np.zeros(2), *steps], axis=0)
    low, high = tips.min(axis=0), tips.max(axis=0)
    if place is None:
        share, place = inset_square(plane, X, steps, avoid)
        side = share * float(plane.frame.width)
    else:
        side = float(min(place[2] - place[0], place[3] - place[1]))
    centre = np.array([(place[0] + place[2]) / 2, (place[1] + place[3]) / 2, 0.0])
    per_unit = fill_scale(steps, side)  # screen units per data unit
    middle = (low + high) / 2

    def at(point) -> np.ndarray:
        return centre + np.array([*(per_unit * (np.asarray(point) - middle)), 0.0])

    backing = Rectangle(width=side, height=side, stroke_width=1.5, color=theme.step,
                        fill_color=theme.background, fill_opacity=1.0).move_to(centre)
    origin = Dot(at(np.zeros(2)), radius=0.05, color=theme.text)
    zero = text("0", theme, style.FONT_SMALL, theme.text)
    zero.move_to(origin.get_center() + 0.16 * away_from(steps[0], steps[-1]))
    arrows, labels = VGroup(), VGroup()
    middle_of_path = at(tips[:-1].mean(axis=0))
    for k, step in enumerate(steps):
        start, end = at(tips[k]), at(tips[k + 1])
        left = across(end - start)  # a unit vector to the arrow's left
        arrow = FastArrow(theme.step, stroke_width=3)
        arrow.set_ends(start + SIDESTEP * left, end + SIDESTEP * left)
        arrows.add(arrow)
        # its name beside its middle, outside the path (away from the path's middle; two
        # arrows that retrace each other: each on its own side)
        outward = (start + end) / 2 - middle_of_path
        side = left if len(steps) == 2 or np.hypot(*outward[:2]) < 1e-6 else \
            across(end - start, towards=outward)
        name = text(names[k], theme, style.FONT_SMALL, theme.step)
        labels.add(name.move_to((start + end) / 2 + (SIDESTEP + 0.22) * side))
    scale = per_unit / plane_per_unit(plane)
    return VGroup(backing, origin, zero), VGroup(arrows, labels), scale


def fill_scale(steps, side: float) -> float:
    """Screen units per data unit at which the path of ``steps`` tip to tail fills
    :data:`FILL` of a square of ``side`` along its longer extent (1 for no extent)."""
    tips = np.cumsum([np.zeros(2), *steps], axis=0)
    extent = float(np.max(tips.max(axis=0) - tips.min(axis=0)))
    return FILL * side / extent if extent > 0 else 1.0


def inset_square(plane: DataPlane, X: np.ndarray, steps, avoid) -> tuple[float, np.ndarray]:
    """(share of the plane's side, screen box) of the sum's inset: the largest clear of
    the points (:func:`~scenes.toolkit.magnifier.clear_inset`) when its shortest arrow is
    at least :data:`SHORTEST` long there; else the first of :data:`GROWN_SHARES` where it
    is (the last when none is), at its :func:`~scenes.toolkit.magnifier.best_place`, so
    long as that place, too, hides no point: a data point hidden is worse than a short
    stub (its head still shows its way), so the inset grows only over empty ground."""
    width = float(plane.frame.width)
    shortest = min(float(np.hypot(*step)) for step in steps)
    share, place = clear_inset(plane, X, lambda share: avoid)
    if best_place(plane, X, share * width, avoid)[0][:2] != (False, 0):
        return share, place  # nowhere is clear: the least covered place, not grown
    for grown in GROWN_SHARES:
        if shortest * fill_scale(steps, share * width) >= SHORTEST:
            break
        cost, larger = best_place(plane, X, grown * width, avoid)
        if cost[:2] != (False, 0):
            break
        share, place = grown, larger
    return share, place


def away_from(leaving, arriving) -> np.ndarray:
    """The unit screen direction at a path's start (= its end) between the first arrow's
    ``leaving`` and the last's ``arriving`` on the outside: −(u + v) for u along the first
    and v against the last; the first arrow's left when they retrace each other."""
    def unit(v):
        v = np.asarray(v, dtype=float)[:2]
        norm = float(np.hypot(*v))
        return v / norm if norm > 0 else np.zeros(2)

    outside = -(unit(leaving) + unit(-np.asarray(arriving, dtype=float)[:2]))
    if float(np.hypot(*outside)) < 1e-6:
        return across(np.array([*unit(leaving), 0.0]))
    return np.array([*(outside / float(np.hypot(*outside))), 0.0])


def plane_per_unit(plane: DataPlane) -> float:
    """Screen units per data unit of ``plane`` (its x-axis)."""
    return float(plane.c2p((1.0, 0.0))[0] - plane.c2p((0.0, 0.0))[0])


