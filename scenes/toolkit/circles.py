"""Circles round the origin of the data plane: ‖x‖ = R whole or clipped to the plane's
box, and a label placed just outside one."""

from __future__ import annotations

import numpy as np
from manim import Circle, DashedVMobject, VGroup, VMobject

from . import style
from .data_plane import DataPlane


def origin_circle(plane: DataPlane, radius: float, colour: str) -> Circle:
    """The circle ‖x‖ = ``radius`` (data units) around the origin of a data plane."""
    return Circle(radius=radius * plane.unit, color=colour, stroke_width=style.DASH_STROKE).move_to(
        plane.c2p((0, 0)))


#: samples round a circle clipped to a plane's box
CIRCLE_SAMPLES = 240


def origin_circle_in_box(plane: DataPlane, radius: float, colour: str,
                         dashed: bool = True) -> VGroup:
    """The circle ‖x‖ = ``radius`` round the origin, dashed (or solid, where dashes would
    read as − markers), drawn only where it is inside
    the plane's box (:func:`origin_circle` is whole: for a box made round it): its arcs
    between the points where it leaves and re-enters the box, sampled at
    :data:`CIRCLE_SAMPLES` angles."""
    angles = np.linspace(0.0, 2 * np.pi, CIRCLE_SAMPLES, endpoint=False)
    points = radius * np.column_stack([np.cos(angles), np.sin(angles)])
    inside = plane.box.contains(points)
    # from a sample outside the box (a run through angle 0 is then one run); all inside:
    # round once, closed
    order = list(np.roll(np.arange(len(points)), -int(np.argmin(inside))))
    if inside.all():
        order.append(order[0])
    arcs, current = VGroup(), []
    for k in [*order, None]:  # None ends the last run
        if k is not None and inside[k]:
            current.append(plane.c2p(points[k]))
            continue
        if len(current) > 1:
            arc = VMobject().set_points_as_corners(current)
            arcs.add(DashedVMobject(arc, num_dashes=max(2, len(current) // 3)) if dashed
                     else arc)
        current = []
    return arcs.set_stroke(colour, width=style.DASH_STROKE)


def place_outside_circle(label: VMobject, plane: DataPlane, spot, radius: float) -> VMobject:
    """Put ``label`` just outside the circle ‖x‖ = ``radius``, in the direction of ``spot``."""
    direction = np.asarray(spot, dtype=float) / float(np.linalg.norm(spot))
    screen = np.array([direction[0], direction[1], 0.0])
    # the label's half extent along the direction, so its nearest edge clears the circle
    reach = abs(screen[0]) * label.width / 2 + abs(screen[1]) * label.height / 2
    label.move_to(plane.c2p((0, 0)) + screen * (radius * plane.unit + reach + style.SMALL_BUFF))
    return label
