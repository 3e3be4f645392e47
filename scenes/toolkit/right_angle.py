"""A right-angle mark: where a normal meets its line, the square corner drawn."""

from __future__ import annotations

import numpy as np
from manim import VMobject

#: the side of a right-angle mark (screen units)
RIGHT_ANGLE = 0.2


def right_angle_mark(corner, arm, colour: str, size: float = RIGHT_ANGLE) -> VMobject:
    """The mark at screen point ``corner`` whose one arm runs along the screen direction
    ``arm`` (the normal's) and the other square to it (along the line): a corner of a
    ``size`` square."""
    arm = np.asarray(arm, dtype=float)
    v = arm / max(float(np.linalg.norm(arm)), 1e-9)
    u = np.array([-v[1], v[0], 0.0])
    corner = np.asarray(corner, dtype=float)
    return VMobject(stroke_width=2, stroke_color=colour).set_points_as_corners(
        [corner + size * u, corner + size * (u + v), corner + size * v])
