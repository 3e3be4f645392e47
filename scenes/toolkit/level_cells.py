"""A grid of whole-number levels over a plane's box, drawn as shaded cells: the cells of
one shade merged along each row into rectangles, one filled shape per shade (Manim's Cairo
camera cannot draw an image with the installed Pillow, and a shape per cell would be tens
of thousands)."""

from __future__ import annotations

import numpy as np
from manim import VGroup, VMobject


def shade_of(counts: np.ndarray, low: int, high: int, shades: int) -> np.ndarray:
    """The shade, 1 (lightest) to ``shades``, of each count from ``low`` to ``high``: equal
    spans of counts share a shade, ``low`` in shade 1 and ``high`` in the last."""
    counts = np.asarray(counts)
    return 1 + (counts - low) * shades // (high - low + 1)


def row_runs(row: np.ndarray) -> list[tuple[int, int, int]]:
    """(first column, past-the-last column, value) of each run of equal values in ``row``."""
    edges = np.flatnonzero(np.diff(row)) + 1
    starts = np.concatenate([[0], edges])
    ends = np.concatenate([edges, [len(row)]])
    return [(int(a), int(b), int(row[a])) for a, b in zip(starts, ends)]


def _rectangle_points(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """A closed rectangle as four straight cubic curves (Manim's points, 4 per curve)."""
    corners = [np.array([low[0], low[1], 0.0]), np.array([high[0], low[1], 0.0]),
               np.array([high[0], high[1], 0.0]), np.array([low[0], high[1], 0.0])]
    points = []
    for k in range(4):
        p, q = corners[k], corners[(k + 1) % 4]
        points += [p, p + (q - p) / 3, p + 2 * (q - p) / 3, q]
    return np.array(points)


def level_cells(plane, levels: np.ndarray, colour, opacities: dict[int, float]) -> VGroup:
    """``levels`` ([r, c]: row r from the bottom of ``plane``'s box, column c from its left)
    drawn over the plane's box: every run of cells of one level along a row one rectangle,
    the rectangles of a level one shape filled in ``colour`` at ``opacities[level]`` (a
    level missing from it is left clear)."""
    rows, columns = levels.shape
    box = plane.box
    width, height = (box.x_max - box.x_min) / columns, (box.y_max - box.y_min) / rows
    shapes: dict[int, list[np.ndarray]] = {}
    for r in range(rows):
        y0, y1 = box.y_min + r * height, box.y_min + (r + 1) * height
        for first, last, level in row_runs(levels[r]):
            if opacities.get(level, 0.0) <= 0.0:
                continue
            low = plane.c2p((box.x_min + first * width, y0))
            high = plane.c2p((box.x_min + last * width, y1))
            shapes.setdefault(level, []).append(_rectangle_points(low, high))
    drawn = VGroup()
    for level in sorted(shapes):
        shape = VMobject(stroke_width=0, fill_color=colour, fill_opacity=opacities[level])
        shape.set_points(np.concatenate(shapes[level]))
        drawn.add(shape)
    return drawn
