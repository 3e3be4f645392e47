"""The data plane and what is drawn on it: markers, the hyperplane with its
shading and normal, vectors with placed labels, margin bands and circles.

Each drawing is built once and then moved or recoloured in place by a
``set_...`` method; none is rebuilt on every frame.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from manim import (
    DL, DOWN, LEFT, ORIGIN, RIGHT, UL, UP, UR, Axes, Circle, DashedLine, Line, Polygon,
    VectorizedPoint, VGroup, VMobject,
)

from . import style
from .placement import best_offset, box_around
from .geometry import (
    Box, clip_line, foot_of_perpendicular, half_plane_polygon, nice_step, square_box_around,
    strip_polygon,
)
from .merging import merge_glyphs
from .style import Theme
from .fast_shapes import Shared, FastArrow, FastDashedLine
from .screen_text import math, text, fmt


#: a small circle drawn as four cubic arcs (one per quarter; Manim's default is eight):
#: half the curves to draw, and off a true circle by 0.03 % of the radius
QUARTER_ARCS = 5


class Marker(VGroup):
    """A data point drawn as + (label +1) or − (label −1), in its class colour."""

    def __init__(self, label: float, theme: Theme, size: float = style.POINT_SIZE):
        colour = theme.positive if label > 0 else theme.negative
        bar = Line(LEFT * size, RIGHT * size, stroke_width=style.POINT_STROKE, color=colour)
        parts = [bar]
        if label > 0:
            parts.append(Line(DOWN * size, UP * size, stroke_width=style.POINT_STROKE,
                              color=colour))
        # a faint disc behind the sign keeps it readable over the shading
        disc = Circle(radius=size * 1.25, stroke_width=0, fill_color=theme.background,
                      fill_opacity=0.6, num_components=QUARTER_ARCS)
        super().__init__(disc, *parts)
        self.label = label
        self.colour = colour


class MarkerCloud(VGroup):
    """Data points drawn as +/− markers in three paths: backing discs, − signs, + signs.

    A marker is the shape of :class:`Marker`; the cloud writes every marker's
    outline at its point in place (``set_positions``), so n markers cost three
    draw calls a frame, moving or not. ``positions()`` reads the centres back
    from the discs, so they follow the cloud wherever it is moved or scaled.
    With ``discs=False`` the discs are not drawn (a 3-D view, where they would
    darken the plane behind).
    """

    def __init__(self, labels, theme: Theme, size: float = style.POINT_SIZE,
                 positions: np.ndarray | None = None, discs: bool = True):
        self.labels = np.asarray(labels, dtype=float)
        self.positive = self.labels > 0
        plus, minus = Marker(1.0, theme, size), Marker(-1.0, theme, size)
        self.disc_shape = plus[0].points.copy()
        self.plus_shape = np.concatenate([plus[1].points, plus[2].points])
        self.minus_shape = minus[1].points.copy()
        self.discs = VMobject().match_style(plus[0])
        if not discs:
            self.discs.set_fill(opacity=0)
        self.minus = VMobject().match_style(minus[1])
        self.plus = VMobject().match_style(plus[1])
        super().__init__(self.discs, self.minus, self.plus)
        self.set_positions(np.zeros((len(self.labels), 3)) if positions is None else positions)

    def __len__(self) -> int:
        return len(self.labels)

    def set_positions(self, points: np.ndarray) -> "MarkerCloud":
        """Put marker i at screen point ``points[i]`` (shape (n, 3)), in place."""
        points = np.asarray(points, dtype=float)
        self.discs.points = _stamped(self.disc_shape, points)
        self.plus.points = _stamped(self.plus_shape, points[self.positive])
        self.minus.points = _stamped(self.minus_shape, points[~self.positive])
        return self

    def positions(self) -> np.ndarray:
        """The markers' centres now, shape (n, 3): the mean of each disc's points."""
        per_disc = len(self.disc_shape)
        return self.discs.points.reshape(len(self.labels), per_disc, 3).mean(axis=1)


def _stamped(shape: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``shape`` (centred on 0) copied to every point, as one array of points."""
    if len(points) == 0:
        return np.zeros((0, 3))
    return (points[:, None, :] + shape[None, :, :]).reshape(-1, 3)


class DataPlane(VGroup):
    """Square axes fitted to the data, with the points as +/− markers.

    ``c2p`` maps data coordinates to the screen and ``p2c`` back, so other
    drawings place themselves with the same mapping. ``set_box`` shows another
    part of the data plane in the same square of the screen (a zoom) and lets
    every drawing made on the plane (its dependants) redraw for the new mapping.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray, theme: Theme, box: Box | None = None,
                 side: float = style.PLANE_SIDE, center=style.PLANE_CENTER,
                 axis_labels: tuple[str, str] = ("x_1", "x_2")):
        X = np.asarray(X, dtype=float)
        self.theme = theme
        self.box = box or square_box_around(X)
        self.axes, self.frame, self.grid, self.step = self._axes_parts(self.box, side)
        labels = VGroup(math(axis_labels[0], theme, style.FONT_SMALL),
                        math(axis_labels[1], theme, style.FONT_SMALL))
        self.axis_labels = labels
        self._place_axis_labels(self.axes)
        # c2p is affine: the images of (0, 0), (1, 0) and (0, 1) ride along in the group
        # (so the mapping follows the plane when it moves or scales) and every mapping
        # is computed from them; Axes.c2p costs a tenth of a millisecond a point
        self.reference = VGroup(*[VectorizedPoint(self.axes.c2p(*corner))
                                  for corner in ((0, 0), (1, 0), (0, 1))])
        self.markers = MarkerCloud(y, theme, positions=self.c2p_many(X))
        # grid lines, axis lines and ticks never change: one path per style each; the
        # axes become a plain drawing (their c2p would no longer follow the plane)
        self.axes = merge_glyphs(VGroup(*self.axes.submobjects))
        #: drawings made on this plane, redrawn by ``set_box`` (see :meth:`depend`)
        self.dependants = Shared([])
        super().__init__(self.reference, self.grid, self.frame, self.axes, labels, self.markers)
        self.move_to(np.array(center))
        self.X = X
        self.y = np.asarray(y, dtype=float)

    def _axes_parts(self, box: Box, side: float, step: float | None = None):
        """Axes (not merged), outline and merged grid for ``box`` on a square of ``side``,
        with grid lines and ticks every ``step`` data units (a round step when None).

        Manim's ticks start at the box's lower edge: at a given ``step`` (a zoom's
        frames, whose edges are not multiples of it) they would slide along the
        axes, so there are none."""
        theme = self.theme
        ticks = step is None
        if step is None:
            step = (box.x_max - box.x_min) / max(1, round((box.x_max - box.x_min) / _tick(box)))
        axes = Axes(
            x_range=[box.x_min, box.x_max, step],
            y_range=[box.y_min, box.y_max, step],
            x_length=side, y_length=side, tips=False,
            axis_config={"stroke_color": theme.muted, "stroke_width": 2,
                         "include_ticks": ticks, "tick_size": 0.05},
        )
        frame = _outline(axes, theme)
        grid = self._grid(step, box, axes)
        merge_glyphs(grid)
        return axes, frame, grid, step

    def _place_axis_labels(self, axes: Axes) -> None:
        first, second = self.axis_labels
        first.next_to(axes.c2p(self.box.x_max, 0), DOWN + LEFT * 0.5, buff=style.SMALL_BUFF)
        second.next_to(axes.c2p(0, self.box.y_max), RIGHT + DOWN * 0.5, buff=style.SMALL_BUFF)

    def depend(self, drawing) -> None:
        """Let ``drawing`` (anything with a ``redraw()``) follow the plane's ``set_box``."""
        self.dependants.target.append(drawing)

    def set_box(self, box: Box, step: float | None = None) -> "DataPlane":
        """Show ``box`` of the data plane in the square the plane covers on screen, in place.

        The grid, axes, ticks and axis labels are drawn again for ``box`` (grid
        lines every ``step`` data units; a round step for the box when None,
        so a zoom can keep one step throughout and change it at the end); the
        mapping ``c2p`` changes with them, the markers still in the plane move
        to their points, and every dependant redraws. The screen square stays:
        a smaller box is a zoom in.
        """
        lower = self.c2p((self.box.x_min, self.box.y_min))
        side = float(np.linalg.norm(self.c2p((self.box.x_max, self.box.y_min)) - lower))
        self.box = box
        axes, frame, grid, self.step = self._axes_parts(box, side, step)
        shift = lower - axes.c2p(box.x_min, box.y_min)
        for part in (axes, frame, grid):
            part.shift(shift)
        for point, corner in zip(self.reference, ((0, 0), (1, 0), (0, 1))):
            point.move_to(axes.c2p(*corner))
        self._place_axis_labels(axes)
        axes = merge_glyphs(VGroup(*axes.submobjects))
        for old, new in ((self.grid, grid), (self.frame, frame), (self.axes, axes)):
            self.submobjects[self.submobjects.index(old)] = new
        self.grid, self.frame, self.axes = grid, frame, axes
        if self.markers in self.submobjects:
            self.markers.set_positions(self.c2p_many(self.X))
        for drawing in self.dependants.target:
            drawing.redraw()
        return self

    def _grid(self, step: float, box: Box, axes: Axes) -> VGroup:
        """Grid lines at the whole multiples of ``step`` inside the box: through the origin
        and every tick (Manim counts ticks from 0 when the range holds it), wherever the
        box starts; they stay put in the data while the box zooms."""
        lines = VGroup()
        for x in _grid_values(box.x_min, box.x_max, step):
            lines.add(Line(axes.c2p(x, box.y_min), axes.c2p(x, box.y_max)))
        for v in _grid_values(box.y_min, box.y_max, step):
            lines.add(Line(axes.c2p(box.x_min, v), axes.c2p(box.x_max, v)))
        lines.set_stroke(self.theme.grid, width=1)
        return lines

    def point(self, i: int) -> np.ndarray:
        """Screen position of data point ``i`` (where its marker is drawn)."""
        return self.c2p(self.X[i])

    def _frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Screen origin o and the screen steps e₁, e₂ of one data unit along x₁ and x₂."""
        o, a, b = (point.points[0] for point in self.reference.submobjects)
        return o, a - o, b - o

    def c2p(self, point: Sequence[float]) -> np.ndarray:
        """Screen point o + x₁e₁ + x₂e₂ of the data point (x₁, x₂)."""
        o, e1, e2 = self._frame()
        return o + float(point[0]) * e1 + float(point[1]) * e2

    def c2p_many(self, points: np.ndarray) -> np.ndarray:
        """Screen points, shape (n, 3), of data points of shape (n, 2)."""
        o, e1, e2 = self._frame()
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        return o + points[:, :1] * e1 + points[:, 1:2] * e2

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """Data coordinates (x₁, x₂) of a screen point: the inverse of :meth:`c2p`."""
        o, e1, e2 = self._frame()
        basis = np.array([[e1[0], e2[0]], [e1[1], e2[1]]])
        offset = np.asarray(point, dtype=float)[:2] - o[:2]
        return np.linalg.solve(basis, offset)

    @property
    def unit(self) -> float:
        """Screen length of one data unit."""
        return float(np.linalg.norm(self.c2p((1, 0)) - self.c2p((0, 0))))


def _grid_values(low: float, high: float, step: float) -> np.ndarray:
    """Where grid lines go along one axis of [``low``, ``high``]: the multiples of ``step``."""
    first = np.ceil(low / step - 1e-9) * step
    return np.arange(first, high + step * 1e-9, step)


def _tick(box: Box) -> float:
    return nice_step(box.x_max - box.x_min)


def _outline(axes: Axes, theme: Theme) -> Polygon:
    x0, x1 = axes.x_range[:2]
    y0, y1 = axes.y_range[:2]
    return Polygon(axes.c2p(x0, y0), axes.c2p(x1, y0), axes.c2p(x1, y1), axes.c2p(x0, y1),
                   stroke_color=theme.grid, stroke_width=2)


class Hyperplane(VGroup):
    """The boundary θᵀx + θ₀ = 0 on a data plane, drawn in place for any (θ, θ₀).

    Parts: the line clipped to the plane; a short arrow along the normal θ
    from the point of the line nearest the origin (or the middle of the
    visible segment); the half-plane θᵀx + θ₀ > 0 lightly shaded in the
    positive class colour; and a note when there is no line to draw (θ = 0)
    or the line lies outside the view.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, normal_length: float = 0.9,
                 show_normal: bool = True, show_shading: bool = True, show_notes: bool = True):
        theme = plane.theme
        self.show_notes = show_notes
        self.plane_ref = Shared(plane)
        self.normal_length = normal_length
        self.show_normal = show_normal
        self.show_shading = show_shading
        self.line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.boundary)
        self.normal = FastArrow(theme.normal)
        self.shade = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.positive,
                             fill_opacity=theme.shade_opacity)
        # typeset when first needed: most boundaries never show one, and each costs
        # a tenth of a second of Typst
        self.notes = Shared({})
        # a part that is never shown is left out of the group: Manim would still draw it
        # (transparent) on every frame
        super().__init__(*([self.shade] if show_shading else []), self.line,
                         *([self.normal] if show_normal else []))
        self.state = None
        self.set_parameters(theta, theta0)
        plane.depend(self)

    @property
    def plane(self) -> "DataPlane":
        return self.plane_ref.target

    def redraw(self) -> "Hyperplane":
        """Draw the same boundary again after the plane's box changed."""
        return self.set_parameters(self.theta, self.theta0, self.presence)

    def set_parameters(self, theta, theta0: float, presence: float = 1.0) -> "Hyperplane":
        """Move every part to the boundary of (θ, θ₀), in place.

        ``presence`` (0 to 1) is how strongly the line, its normal and its
        shading are drawn: below 1 while the first update from θ = 0 plays (see
        ``linviz.replay``), so the new boundary fades in with the update
        instead of standing there before it; 0 counts as θ = 0.
        """
        theta = np.asarray(theta, dtype=float)
        presence = float(min(max(presence, 0.0), 1.0))
        self.theta, self.theta0, self.presence = theta, float(theta0), presence
        box = self.plane.box
        if presence < style.PRESENCE_MIN:  # a boundary too faint to see is no boundary
            presence = self.presence = 0.0
        segment = clip_line(theta, theta0, box) if presence > 0 else None
        state = ("zero" if not np.any(theta) or presence <= 0
                 else ("outside" if segment is None else "line"))
        self._show_note(state)
        if segment is None:
            self._show_line(0.0)
            self.normal.set_ends(ORIGIN, ORIGIN)
            polygon = half_plane_polygon(theta, theta0, box) if state != "zero" else None
            self._set_shade(polygon)
            return self
        start, end = (self.plane.c2p(p) for p in segment)
        if np.allclose(start, end):
            end = start + 1e-4 * RIGHT
        self.line.set_points_as_corners([start, end])
        self._show_line(presence)
        foot = foot_of_perpendicular(theta, theta0)
        if not box.contains(foot)[0]:
            foot = (segment[0] + segment[1]) / 2
        direction = theta / np.linalg.norm(theta)
        base = self.plane.c2p(foot)
        tip = base + self.normal_length * np.array([direction[0], direction[1], 0.0])
        self.normal.set_ends(base, tip if self.show_normal and presence >= 1 else base)
        self._set_shade(half_plane_polygon(theta, theta0, box))
        return self

    def _show_line(self, opacity: float) -> None:
        """Draw the line at ``opacity``; its colours are rewritten only when that changes."""
        if getattr(self, "line_opacity", None) != opacity:
            self.line_opacity = opacity
            self.line.set_stroke(opacity=opacity)

    def _set_shade(self, polygon) -> None:
        shown = polygon is not None and self.show_shading
        opacity = self.plane.theme.shade_opacity * getattr(self, "presence", 1.0) if shown else 0.0
        if getattr(self, "shade_opacity", None) != opacity:
            self.shade_opacity = opacity
            self.shade.set_fill(opacity=opacity)
        if shown:
            corners = self.plane.c2p_many(np.asarray(polygon))
            self.shade.set_points_as_corners([*corners, corners[0]])

    NOTES = {"zero": "θ = 0: no boundary yet",
             "outside": "the boundary lies outside this view"}

    def _show_note(self, state: str) -> None:
        if state == self.state:
            return
        self.state = state
        notes = self.notes.target
        if not self.show_notes:
            return
        if state in self.NOTES and state not in notes:
            theme = self.plane.theme
            notes[state] = text(self.NOTES[state], theme, style.FONT_SMALL, theme.muted).next_to(
                self.plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        for key, note in notes.items():
            if key == state and note not in self.submobjects:
                self.add(note)
            elif key != state and note in self.submobjects:
                self.remove(note)

    def endpoints_in_data(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The drawn line's endpoints back in data coordinates (None when hidden)."""
        if self.state != "line":
            return None
        return self.plane.p2c(self.line.get_start()), self.plane.p2c(self.line.get_end())


class DataVector(VGroup):
    """A vector of the data space drawn as an arrow between two data points."""

    def __init__(self, plane: DataPlane, start, end, colour: str, label: str | None = None,
                 label_direction=UL, avoid=()):
        self.plane_ref = Shared(plane)
        #: other drawings (labels) this one's label keeps clear of
        self.avoid = Shared(list(avoid))
        self.arrow = FastArrow(colour, tip_length=0.22, tip_width=0.2)
        parts = [self.arrow]
        self.label = None
        if label:
            self.label = math(label, plane.theme, style.FONT_LABEL).set_color(colour)
            self.label.add_background_rectangle(color=plane.theme.background, opacity=0.75,
                                                buff=0.04)
            parts.append(self.label)
        self.label_direction = label_direction
        super().__init__(*parts)
        self.set_ends(start, end)
        plane.depend(self)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_ends(self, start, end) -> "DataVector":
        start_p, end_p = self.plane.c2p(start), self.plane.c2p(end)
        self.arrow.set_ends(start_p, end_p)
        if self.label is not None:
            # beside the tip, where it covers no marker, arrow, axis or other label: a
            # function of where things are now (not of the frames drawn before), so every
            # render of a frame puts it in the same place; the preferred side wins whenever
            # it is clear, which keeps it from jumping about
            self.label_offset = offset = self._clear_offset(start_p, end_p)
            self.label.shift(end_p + offset - self.label.get_center())
            shown = not np.allclose(start_p, end_p)
            if getattr(self, "label_shown", None) != shown:
                self.label_shown = shown
                self.label.set_opacity(float(shown))
        self.start_data = np.asarray(start, dtype=float)
        self.end_data = np.asarray(end, dtype=float)
        return self


    def refresh_label(self) -> "DataVector":
        """Place the label again for the arrow as it is (after what it avoids has moved)."""
        return self.set_ends(self.start_data, self.end_data)

    def redraw(self) -> "DataVector":
        """Draw the same vector again after the plane's box changed."""
        return self.refresh_label()

    def _obstacles(self, start_p, end_p) -> np.ndarray:
        """Boxes the label must not cover: the plane's markers and the arrow itself."""
        plane = self.plane
        markers = box_around(plane.markers.positions(), style.POINT_SIZE * 1.2) \
            if len(plane.markers) else np.zeros((0, 5))
        along = np.linspace(0.0, 1.0, 12)[:, None]
        shaft = box_around(start_p + along * (end_p - start_p), 0.06)
        # another arrow is avoided along its shaft (its bounding box would be far too big);
        # anything else by its bounding box, text on text weighing most (a drawing may
        # carry its own avoid_weight)
        arrows = [box_around(m.get_start() + along * (m.get_end() - m.get_start()), 0.06)
                  * np.array([1, 1, 1, 1, getattr(m, "avoid_weight", 1.0)])
                  for m in self.avoid.target if isinstance(m, FastArrow)]
        others = [np.array([*m.get_corner(DL)[:2], *m.get_corner(UR)[:2],
                            getattr(m, "avoid_weight", 100.0)])
                  for m in self.avoid.target if m.width > 0 and not isinstance(m, FastArrow)]
        return np.vstack([markers, shaft, *arrows, *([np.array(others)] if others else [])])

    def _bounds(self) -> np.ndarray:
        corners = self.plane.axes
        return np.array([*corners.get_corner(DL)[:2], *corners.get_corner(UR)[:2]])

    def _clear_offset(self, start_p, end_p) -> np.ndarray:
        bounds = self._bounds()
        offset = best_offset(end_p, (self.label.width, self.label.height),
                             self._obstacles(start_p, end_p), gap=0.08, bounds=bounds)
        return np.array([offset[0], offset[1], 0.0])


def arrow_scale_note(plane: DataPlane, scale: float) -> VMobject | None:
    """"arrows at 0.67 × length" over the plane's top right, when vectors are drawn shrunk
    to stay in view (None at true scale). Said once, instead of on every arrow's label."""
    if scale >= 1.0:
        return None
    theme = plane.theme
    return text(f"arrows drawn at ${fmt(scale)} times$ their length", theme, style.FONT_SMALL,
                theme.muted).next_to(plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)


def dashed_segment(plane: DataPlane, a, b, colour: str) -> DashedLine:
    return DashedLine(plane.c2p(a), plane.c2p(b), dash_length=0.08, color=colour, stroke_width=3)


class MarginBand(VGroup):
    """The band |θᵀx + θ₀|/‖θ‖ ≤ γ around a separator, drawn in place for any (θ, θ₀, γ).

    Parts: the strip, lightly filled, and its two edges θᵀx + θ₀ = ±γ‖θ‖ as
    dashed lines, all clipped to the data plane. A half-width γ ≤ 0 (the
    margin of a separator that makes mistakes) draws nothing.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, half_width: float, colour: str):
        self.plane_ref = Shared(plane)
        self.fill = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour,
                            fill_opacity=style.BAND_OPACITY)
        self.edges = VGroup(FastDashedLine(colour), FastDashedLine(colour))
        super().__init__(self.fill, self.edges)
        self.set_band(theta, theta0, half_width)
        plane.depend(self)

    def redraw(self) -> "MarginBand":
        """Draw the same band again after the plane's box changed."""
        return self.set_band(self.theta, self.theta0, self.half_width)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_band(self, theta, theta0: float, half_width: float) -> "MarginBand":
        """Move the band to γ = ``half_width`` around θᵀx + θ₀ = 0, in place."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0, self.half_width = theta, float(theta0), float(half_width)
        box = self.plane.box
        norm = float(np.linalg.norm(theta))
        self.segments = []
        for sign, edge in zip((1.0, -1.0), self.edges):
            segment = (clip_line(theta, theta0 - sign * half_width * norm, box)
                       if half_width > 0 and norm > 0 else None)
            self.segments.append(segment)
            if segment is None:
                edge.set_ends(ORIGIN, ORIGIN).set_stroke(opacity=0)
            else:
                edge.set_ends(self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))
                edge.set_stroke(opacity=1)
        polygon = strip_polygon(theta, theta0, half_width, box)
        if polygon is None:
            self.fill.set_fill(opacity=0)
        else:
            corners = [self.plane.c2p(p) for p in polygon]
            self.fill.set_points_as_corners([*corners, corners[0]])
            self.fill.set_fill(opacity=style.BAND_OPACITY)
        return self

    def edges_in_data(self) -> list[tuple[np.ndarray, np.ndarray] | None]:
        """The two drawn edges, each (start, end) in data coordinates, or None where hidden."""
        return [None if segment is None else (self.plane.p2c(edge.get_start()),
                                              self.plane.p2c(edge.get_end()))
                for segment, edge in zip(self.segments, self.edges)]


def origin_circle(plane: DataPlane, radius: float, colour: str) -> Circle:
    """The circle ‖x‖ = ``radius`` (data units) around the origin of a data plane."""
    return Circle(radius=radius * plane.unit, color=colour, stroke_width=style.DASH_STROKE).move_to(
        plane.c2p((0, 0)))


def place_outside_circle(label: VMobject, plane: DataPlane, spot, radius: float) -> VMobject:
    """Put ``label`` just outside the circle ‖x‖ = ``radius``, in the direction of ``spot``."""
    direction = np.asarray(spot, dtype=float) / float(np.linalg.norm(spot))
    screen = np.array([direction[0], direction[1], 0.0])
    # the label's half extent along the direction, so its nearest edge clears the circle
    reach = abs(screen[0]) * label.width / 2 + abs(screen[1]) * label.height / 2
    label.move_to(plane.c2p((0, 0)) + screen * (radius * plane.unit + reach + style.SMALL_BUFF))
    return label
