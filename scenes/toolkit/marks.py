"""Marks on the data points of a plane: their numbers, and squares around flipped labels.

A caption that names "point 5" needs a 5 beside that marker; a point whose
label the noise flipped is boxed by a square, a shape no other mark uses (the
cursor of the visited point and the pulse of a mistake are circles).
"""

from __future__ import annotations

import numpy as np
from manim import Circle, FadeIn, FadeOut, VGroup, VMobject

from . import style
from .screen_text import text
from .placement import best_offset, box_around

#: up to this many points, every point is numbered from the start; beyond, only the
#: points a caption names, when it names them
NUMBER_ALL_POINTS = 8


class PointNumbers(VGroup):
    """The numbers i + 1 (the notes count points from 1) beside markers of a data plane.

    Each number sits beside its marker on the side that covers the fewest other
    markers, numbers and axis labels (see :mod:`scenes.toolkit.placement`), just
    outside the cursor's ring, which is round the point whenever a caption names it.
    """

    def __init__(self, plane, theme, number_all: bool | None = None):
        super().__init__()
        self.plane, self.theme = plane, theme
        n = len(plane.X)
        self.number_all = n <= NUMBER_ALL_POINTS if number_all is None else number_all
        self.numbers: dict[int, VMobject] = {}

    def number(self, i: int) -> VMobject:
        """The number of point ``i`` (0-based), placed once and kept."""
        if i in self.numbers:
            return self.numbers[i]
        plane = self.plane
        label = text(str(i + 1), self.theme, style.FONT_SMALL)
        markers = plane.c2p_many(plane.X)
        obstacles = [box_around(np.delete(markers, i, axis=0), plane.marker_size * 1.3),
                     plane.count_boxes()]
        for placed in [*self.numbers.values(), *plane.axis_labels]:
            low, high = placed.get_corner([-1, -1, 0]), placed.get_corner([1, 1, 0])
            obstacles.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
        frame = plane.frame
        bounds = np.array([*frame.get_corner([-1, -1, 0])[:2], *frame.get_corner([1, 1, 0])[:2]])
        offset = best_offset(markers[i], (label.width, label.height), np.vstack(obstacles),
                             gap=plane.marker_size + style.SMALL_BUFF, bounds=bounds,
                             preferred=1)
        label.move_to(markers[i] + np.array([*offset, 0.0]))
        self.numbers[i] = label
        return label

    def show(self, scene, i: int) -> None:
        """Point i's number fades in on ``scene`` (nothing when it is shown already)."""
        label = self.number(i)
        if label in self.submobjects:
            return
        self.add(label)
        if self not in scene.mobjects:
            scene.add(self)
        scene.play(FadeIn(label), run_time=style.PAUSE_SHORT)


    def hide(self, scene) -> None:
        """Fade out every number shown on ``scene`` (the points they named were named once);
        nothing when none is shown."""
        if not self.submobjects or not (self in scene.mobjects or self in scene.stage):
            return
        scene.play(FadeOut(self), run_time=style.PAUSE_SHORT)
        scene.remove(self)
        self.remove(*self.submobjects)


def flip_squares(plane, indices, theme) -> VMobject:
    """A square around each point of ``indices`` (labels flipped by noise), one path."""
    marks = VMobject(stroke_color=theme.highlight, stroke_width=style.RING_STROKE * 0.75,
                     fill_opacity=0)
    r = style.RING_RADIUS * 0.85
    corners = np.array([[-r, -r, 0], [r, -r, 0], [r, r, 0], [-r, r, 0], [-r, -r, 0]])
    for i in indices:
        centre = plane.point(int(i))
        marks.start_new_path(centre + corners[0])
        marks.add_points_as_corners(centre + corners[1:])
    return marks


def following_ring(plane, at, theme) -> Circle:
    """A ring that stands every frame on the point ``at()`` of ``plane`` (an index into its
    points: the point of the update a replay is taking), hidden while ``at()`` is None or
    that point lies outside the plane's view."""
    ring = Circle(radius=plane.ring_radius, color=theme.highlight,
                  stroke_width=style.RING_STROKE)

    def follow(m) -> None:
        i = at()
        seen = i is not None and bool(plane.box.contains(plane.X[i][None, :])[0])
        if i is not None:
            m.move_to(plane.point(i))
        m.set_stroke(opacity=1.0 if seen else 0.0)

    ring.add_updater(follow)
    follow(ring)
    return ring
