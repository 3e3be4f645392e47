"""A 3-D data space drawn on the flat screen by an orthographic projection.

Cairo draws 3-D scenes slowly; a view of a few points, a box and one plane
needs no 3-D camera. ``SpaceView`` projects data coordinates with a
:class:`~scenes.toolkit.space_geometry.View` whose azimuth and elevation can change
(``set_view``), so the camera can turn round by updating a handful of points.
Text stays flat and upright, facing the viewer.
"""

from __future__ import annotations

import numpy as np
from manim import ORIGIN, RIGHT, UP, Polygon, VGroup, VMobject, config

from linviz import formatting

from . import style
from .speed.fast_shapes import FastDashedLines, Shared, segment_points
from .plane import MarkerCloud
from .screen_text import fmt, math
from .space_geometry import CUBE_EDGES, View, cube_corners, plane_in_box
from .style import Theme


class SpaceView(VGroup):
    """Axes, a box and ±-markers of 3-D points, with a plane θᵀz + θ₀ = 0 in place.

    Parameters
    ----------
    points : ndarray of shape (n, 3)
        Where the markers start (``set_points`` moves them).
    labels : ndarray of shape (n,)
        ±1, the marker of each point.
    low, high : sequence of 3 floats
        The box drawn around the data; the plane is clipped to it.
    axis_labels : three Typst math strings
    """

    def __init__(self, points, labels, theme: Theme, low, high,
                 axis_labels=("x_1", "x_2", "x_3"), scale: float = style.SPACE_SCALE,
                 center=style.SPACE_CENTER, drops_to_plane: bool = False):
        self.theme = theme
        self.low, self.high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
        self.scale_factor = scale
        self.center_point = np.asarray(center, dtype=float)
        self.view = View(style.SPACE_AZIMUTH, style.SPACE_ELEVATION)
        # the box's twelve edges are one path, the three axes another: two draw calls
        self.edges = VMobject(stroke_color=theme.grid, stroke_width=1,
                              stroke_opacity=style.SPACE_EDGE_OPACITY, fill_opacity=0)
        self.axes = VMobject(stroke_color=theme.muted, stroke_width=2, fill_opacity=0)
        self.axis_labels = VGroup(*[math(label, theme, style.FONT_SMALL) for label in axis_labels])
        self.plane = Polygon(ORIGIN, RIGHT, UP, stroke_color=theme.boundary, stroke_width=2,
                             fill_color=theme.boundary, fill_opacity=style.SPACE_PLANE_OPACITY)
        # no backing discs: they would darken the plane behind
        self.markers = MarkerCloud(labels, theme, discs=False)
        self.drops = FastDashedLines(theme.muted)
        self.drops.set_stroke(opacity=style.DROP_OPACITY)
        #: with ``drops_to_plane``, once a plane is shown each point's drop runs to the plane
        #: straight below or above it, coloured by the plane's side the point lies on:
        #: θᵀz + θ₀ > 0 in the + colour, < 0 in the − colour
        self.drops_to_plane = drops_to_plane
        self.side_drops = VGroup(FastDashedLines(theme.positive), FastDashedLines(theme.negative))
        self.side_drops.set_stroke(opacity=style.SIDE_DROP_OPACITY)
        self.points3d = np.asarray(points, dtype=float)
        self.plane_parameters = None
        self.plane_vertices = None
        super().__init__(self.edges, self.axes, self.axis_labels, self.plane, self.drops,
                         *([self.side_drops] if drops_to_plane else []), self.markers)
        self.set_view(self.view.azimuth, self.view.elevation)
        self.set_plane(None, 0.0)

    def c2p(self, points) -> np.ndarray:
        """Screen points (n, 3) of data points (n, 3) in the current view."""
        flat = self.view.project(points) * self.scale_factor
        return np.column_stack([flat, np.zeros(len(flat))]) + self.center_point

    def set_view(self, azimuth: float, elevation: float) -> "SpaceView":
        """Turn the camera to (azimuth, elevation) and redraw everything in place."""
        self.view = View(float(azimuth), float(elevation))
        corners = self.c2p(cube_corners(self.low, self.high))
        edge_ends = np.array([[corners[a], corners[b]] for a, b in CUBE_EDGES])
        self.edges.points = segment_points(edge_ends)
        axis_ends = []
        for j, label in enumerate(self.axis_labels):
            start, end = np.zeros(3), np.zeros(3)
            start[j], end[j] = self.low[j], self.high[j]
            a, b = self.c2p([start, end])
            axis_ends.append([a, b])
            outward = (b - a) / max(np.linalg.norm(b - a), 1e-9)
            label.move_to(b + outward * (style.SMALL_BUFF + label.width / 2))
            # never into the band at the bottom where a player draws captions
            lowest = -config.frame_height / 2 + style.BOTTOM_BUFF
            if label.get_bottom()[1] < lowest:
                label.shift(UP * (lowest - label.get_bottom()[1]))
        self.axes.points = segment_points(np.array(axis_ends))
        self.set_points(self.points3d)
        if self.plane_parameters is not None:
            self.set_plane(*self.plane_parameters)
        return self

    def set_points(self, points) -> "SpaceView":
        """Move the markers to ``points`` (n, 3), each with a dashed drop to its place at x₃ = 0."""
        self.points3d = np.asarray(points, dtype=float)
        screen = self.c2p(self.points3d)
        floor = self.points3d.copy()
        floor[:, 2] = 0.0
        below = self.c2p(floor)
        self.markers.set_positions(screen)
        feet = self.plane_feet() if self.drops_to_plane else None
        if feet is None:
            self.drops.set_segments(below, screen)
            for drops in self.side_drops:
                drops.set_segments(np.zeros((1, 3)), np.zeros((1, 3)))
            return self
        self.drops.set_segments(np.zeros((1, 3)), np.zeros((1, 3)))
        theta, theta0, _ = self.plane_parameters
        positive = self.points3d @ theta + theta0 > 0
        ends = self.c2p(feet)
        for drops, side in zip(self.side_drops, (positive, ~positive)):
            if np.any(side):
                drops.set_segments(ends[side], screen[side])
            else:
                drops.set_segments(np.zeros((1, 3)), np.zeros((1, 3)))
        return self

    def plane_feet(self) -> np.ndarray | None:
        """Where the vertical through each point meets the shown plane (None: no such plane).

        The plane θᵀz + θ₀ = 0 is met at z₃ = −(θ₁z₁ + θ₂z₂ + θ₀)/θ₃, kept inside the box.
        """
        if self.plane_parameters is None:
            return None
        theta, theta0, presence = self.plane_parameters
        if presence < style.PRESENCE_MIN or abs(theta[2]) < 1e-12:
            return None
        feet = self.points3d.copy()
        feet[:, 2] = np.clip(-(feet[:, :2] @ theta[:2] + theta0) / theta[2],
                             self.low[2], self.high[2])
        return feet

    def set_plane(self, theta, theta0: float, presence: float = 1.0) -> "SpaceView":
        """Show the plane θᵀz + θ₀ = 0 clipped to the box (None or θ = 0: no plane).

        ``presence`` (0 to 1) scales its opacity: the plane fades in with the
        first update from θ = 0 (see ``linviz.replay``).
        """
        self.plane_parameters = None if theta is None else (np.asarray(theta, dtype=float),
                                                            float(theta0), float(presence))
        polygon = (None if theta is None or presence < style.PRESENCE_MIN
                   else plane_in_box(theta, theta0, self.low, self.high))
        self.plane_vertices = polygon
        if polygon is None:
            self.plane.set_points_as_corners([ORIGIN, ORIGIN])
            self.plane.set_fill(opacity=0).set_stroke(opacity=0)
            return self
        corners = self.c2p(polygon)
        self.plane.set_points_as_corners([*corners, corners[0]])
        self.plane.set_fill(opacity=style.SPACE_PLANE_OPACITY * presence).set_stroke(
            opacity=presence)
        return self

    def plane_in_data(self) -> np.ndarray | None:
        """The drawn plane's vertices, in data coordinates (None when hidden)."""
        return self.plane_vertices


class ZeroSetCurve(VGroup):
    """The curve f(x) = 0 on a data plane, redrawn in place by ``set_function``.

    All its segments are subpaths of one path, so moving it costs one write.
    ``points_in_data`` gives the drawn points back in data coordinates.
    """

    def __init__(self, plane, colour: str, stroke_width: float = style.LINE_STROKE,
                 cells: int = style.ZERO_SET_CELLS):
        from manim import VMobject

        self.plane_ref = Shared(plane)
        self.cells = cells
        self.path = VMobject(stroke_color=colour, stroke_width=stroke_width, fill_opacity=0)
        self.segments = np.zeros((0, 2, 2))
        super().__init__(self.path)

    def set_function(self, f) -> "ZeroSetCurve":
        """Draw {x : f(x) = 0}, ``f`` mapping points (m, 2) to values (m,); None: nothing."""
        from .space_geometry import zero_set_segments

        plane = self.plane_ref.target
        box = plane.box
        self.segments = (np.zeros((0, 2, 2)) if f is None else
                         zero_set_segments(f, (box.x_min, box.x_max), (box.y_min, box.y_max),
                                           self.cells))
        if len(self.segments) == 0:
            self.path.points = np.zeros((0, 3))
            return self
        ends = plane.c2p_many(self.segments.reshape(-1, 2)).reshape(-1, 2, 3)
        self.path.points = segment_points(ends)
        return self

    def points_in_data(self) -> np.ndarray:
        """The drawn segments' end points (m, 2) in data coordinates."""
        plane = self.plane_ref.target
        points = self.path.points
        ends = np.concatenate([points[0::4], points[3::4]])
        return np.array([plane.p2c(p) for p in ends]).reshape(-1, 2)


class ZeroSetShade(VMobject):
    """The region f(x) > 0 of a data plane lightly filled in the + colour, one path.

    The pieces come from :func:`~scenes.toolkit.space_geometry.positive_region_polygons`
    on the same grid as :class:`ZeroSetCurve`, so the fill ends on the curve.
    """

    def __init__(self, plane, f, colour: str, opacity: float, cells: int = style.ZERO_SET_CELLS):
        from .space_geometry import positive_region_polygons

        super().__init__(stroke_width=0, fill_color=colour, fill_opacity=opacity)
        box = plane.box
        self.polygons = positive_region_polygons(f, (box.x_min, box.x_max),
                                                 (box.y_min, box.y_max), cells)
        for polygon in self.polygons:
            corners = plane.c2p_many(polygon)
            self.start_new_path(corners[0])
            self.add_points_as_corners([*corners[1:], corners[0]])
        if not self.polygons:
            self.set_points_as_corners([plane.c2p((0, 0))] * 2)


#: Σ cⱼ·termⱼ in Typst math (the engine's, which the lessons' status lines use too)
fmt_combination = formatting.combination_markup
