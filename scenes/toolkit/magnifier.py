"""A magnified inset of a data plane: a small square of the data drawn larger in a corner of
the plane, so a width too thin to see at the plane's scale (a narrow band, a point just off
a line) reads; a square marks the place magnified, two leaders join it to the inset, and
"×k" says how much (the box and k come from :func:`linviz.view_box.magnified_box`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import DL, DOWN, DR, RIGHT, UL, UP, UR, Line, Rectangle, VGroup, VMobject

from linviz.geometry import Box
from linviz.view_box import INSET_SHARE

from . import style
from .layout import with_backdrop
from .plane import DataPlane
from .screen_text import text

#: the inset's gap to the plane's frame, and to the square it magnifies (screen units)
GAP = 0.08


def inset_corner(plane: DataPlane, X: np.ndarray, side: float, avoid: np.ndarray) -> np.ndarray:
    """Where a square of ``side`` goes in ``plane``: the corner (lower right, lower left,
    upper right, upper left, the first winning a tie) with the fewest of the points ``X``
    under it, clear of the screen box ``avoid`` (x0, y0, x1, y1) when a corner is (else
    the fewest points of all four); (x0, y0, x1, y1)."""
    markers = plane.c2p_many(X)[:, :2]
    low, high = plane.frame.get_corner(DL), plane.frame.get_corner(UR)
    best = None
    for right, top in ((1, 0), (0, 0), (1, 1), (0, 1)):
        x0 = high[0] - GAP - side if right else low[0] + GAP
        y0 = high[1] - GAP - side if top else low[1] + GAP
        place = np.array([x0, y0, x0 + side, y0 + side])
        overlaps = bool(place[0] < avoid[2] + GAP and avoid[0] < place[2] + GAP
                        and place[1] < avoid[3] + GAP and avoid[1] < place[3] + GAP)
        covered = int(np.sum((markers[:, 0] > place[0]) & (markers[:, 0] < place[2])
                             & (markers[:, 1] > place[1]) & (markers[:, 1] < place[3])))
        if best is None or (overlaps, covered) < best[0]:
            best = ((overlaps, covered), place)
    return best[1]


def magnifier(plane: DataPlane, X: np.ndarray, y: np.ndarray, box: Box, zoom: int, theme,
              drawings: Callable[[DataPlane], VMobject]) -> VGroup:
    """The inset of ``plane`` showing ``box`` (``zoom`` times larger) with the points of
    ``X``, ``y`` inside it and ``drawings(inset)`` (lines, bands, rings drawn on the inset's
    plane), in the corner :func:`inset_corner` picks; with the marked square, two leaders
    and "×zoom"."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    inside = ((X[:, 0] >= box.x_min) & (X[:, 0] <= box.x_max) & (X[:, 1] >= box.y_min)
              & (X[:, 1] <= box.y_max))
    side = INSET_SHARE * float(plane.frame.width)
    low, high = plane.c2p((box.x_min, box.y_min)), plane.c2p((box.x_max, box.y_max))
    place = inset_corner(plane, X, side, np.array([*low[:2], *high[:2]]))
    centre = ((place[0] + place[2]) / 2, (place[1] + place[3]) / 2, 0.0)
    inset = DataPlane(X[inside], y[inside], theme, box=box, side=side, center=centre,
                      legend=False, ticks=False)
    inset.remove(inset.axis_labels)  # a detail of the plane beside it: no names, no origin
    backing = Rectangle(width=side, height=side, stroke_width=0, fill_color=theme.background,
                        fill_opacity=1.0).move_to(centre)
    where = Rectangle(width=high[0] - low[0], height=high[1] - low[1], stroke_width=1.5,
                      color=theme.highlight).move_to((low + high) / 2)
    inset.frame.set_stroke(theme.highlight, width=1.5)
    leaders = VGroup(*[Line(where.get_corner(corner), inset.frame.get_corner(corner),
                            stroke_width=1, color=theme.highlight, stroke_opacity=0.6)
                       for corner in (UL, DR)])
    times = text(f"×{zoom}", theme, style.FONT_SMALL).set_color(theme.highlight)
    bottom = plane.frame.get_corner(DL)[1]
    times.next_to(inset.frame, UP if place[1] < bottom + 1 else DOWN, buff=0.05)
    times.align_to(inset.frame, RIGHT)
    with_backdrop(times, theme)
    return VGroup(backing, inset, drawings(inset), where, leaders, times)
