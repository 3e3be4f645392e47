"""The drawings every scene shares: data plane, hyperplane, vectors, panels.

Each drawing is built once and then moved or recoloured in place by a
``set_...`` method; none is rebuilt on every frame.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from manim import (
    DOWN, LEFT, ORIGIN, RIGHT, UL, UP, Arrow, Axes, Circle, DashedLine, Line, MathTypst,
    Polygon, RoundedRectangle, Typst, VGroup, VMobject,
)

from . import style
from .glyph_numbers import GlyphNumber
from .geometry import (
    Box, clip_line, foot_of_perpendicular, half_plane_polygon, nice_step, square_box_around,
)
from .style import Theme


class Shared:
    """A reference that copies of a mobject share instead of deep-copying.

    Manim deep-copies a mobject's attributes whenever it animates it; a
    drawing that refers to its data plane would otherwise copy the whole plane.
    """

    def __init__(self, target):
        self.target = target

    def __deepcopy__(self, memo):
        return self


class FastArrow(VGroup):
    """An arrow whose shaft and tip are set directly from two points.

    Manim's ``Arrow.put_start_and_end_on`` rebuilds the tip by rotating and
    scaling, several milliseconds a call; an arrow that follows a tracker
    moves every frame, so this one just writes the new corner points.
    """

    def __init__(self, colour: str, stroke_width: float = 5, tip_length: float = 0.2,
                 tip_width: float = 0.16):
        self.shaft = Line(ORIGIN, RIGHT, stroke_width=stroke_width, color=colour)
        self.tip = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour, fill_opacity=1)
        self.tip_length, self.tip_width = tip_length, tip_width
        super().__init__(self.shaft, self.tip)

    def set_ends(self, start: np.ndarray, end: np.ndarray) -> "FastArrow":
        start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
        length = float(np.linalg.norm(end - start))
        if length < 1e-6:
            self.shaft.set_stroke(opacity=0)
            self.tip.set_fill(opacity=0)
            return self
        direction = (end - start) / length
        normal = np.array([-direction[1], direction[0], 0.0])
        tip_length = min(self.tip_length, 0.4 * length)
        base = end - tip_length * direction
        half = self.tip_width / 2 * tip_length / self.tip_length
        self.shaft.set_points_as_corners([start, base])
        self.tip.set_points_as_corners([end, base + half * normal, base - half * normal, end])
        self.shaft.set_stroke(opacity=1)
        self.tip.set_fill(opacity=1)
        return self

    def get_start(self) -> np.ndarray:
        return self.shaft.get_start()

    def get_end(self) -> np.ndarray:
        return self.tip.get_points()[0]


def math(source: str, theme: Theme, font_size: float = style.FONT_MATH, **kwargs) -> MathTypst:
    """Mathematics typeset with Typst (never TeX), in the theme's text colour."""
    return MathTypst(source, font_size=font_size, color=theme.text, **kwargs)


def text(source: str, theme: Theme, font_size: float = style.FONT_BODY, colour: str | None = None,
         **kwargs) -> Typst:
    """Prose typeset with Typst (may hold inline math as ``$...$``)."""
    return Typst(source, font_size=font_size, color=colour or theme.text, **kwargs)


def fmt(value: float, places: int = 2) -> str:
    """A number for Typst math: a real minus sign, no '-0.00'."""
    rounded = round(float(value), places)
    if rounded == 0:
        rounded = 0.0
    body = f"{abs(rounded):.{places}f}"
    return f"-{body}" if rounded < 0 else body


def fmt_vector(vector: Sequence[float], places: int = 2) -> str:
    """(a, b) in Typst math."""
    return "(" + ", ".join(fmt(v, places) for v in vector) + ")"


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
                      fill_opacity=0.6)
        super().__init__(disc, *parts)
        self.label = label
        self.colour = colour


class DataPlane(VGroup):
    """Square axes fitted to the data, with the points as +/− markers.

    ``c2p`` maps data coordinates to the screen and ``p2c`` back, so other
    drawings place themselves with the same mapping.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray, theme: Theme, box: Box | None = None,
                 side: float = style.PLANE_SIDE, center=style.PLANE_CENTER,
                 axis_labels: tuple[str, str] = ("x_1", "x_2")):
        X = np.asarray(X, dtype=float)
        self.theme = theme
        self.box = box or square_box_around(X)
        step = (self.box.x_max - self.box.x_min) / max(1, round((self.box.x_max - self.box.x_min)
                                                                 / _tick(self.box)))
        self.axes = Axes(
            x_range=[self.box.x_min, self.box.x_max, step],
            y_range=[self.box.y_min, self.box.y_max, step],
            x_length=side, y_length=side, tips=False,
            axis_config={"stroke_color": theme.muted, "stroke_width": 2,
                         "include_ticks": True, "tick_size": 0.05},
        )
        self.frame = _outline(self.axes, theme)
        self.grid = self._grid(step)
        labels = VGroup(
            math(axis_labels[0], theme, style.FONT_SMALL).next_to(
                self.axes.c2p(self.box.x_max, 0), DOWN + LEFT * 0.5, buff=style.SMALL_BUFF),
            math(axis_labels[1], theme, style.FONT_SMALL).next_to(
                self.axes.c2p(0, self.box.y_max), RIGHT + DOWN * 0.5, buff=style.SMALL_BUFF),
        )
        self.axis_labels = labels
        self.markers = VGroup(*[Marker(label, theme).move_to(self.c2p(point))
                                for point, label in zip(X, y)])
        super().__init__(self.grid, self.frame, self.axes, labels, self.markers)
        self.move_to(np.array(center))
        self.X = X
        self.y = np.asarray(y, dtype=float)

    def _grid(self, step: float) -> VGroup:
        lines = VGroup()
        for x in np.arange(self.box.x_min, self.box.x_max + step / 2, step):
            lines.add(Line(self.axes.c2p(x, self.box.y_min), self.axes.c2p(x, self.box.y_max)))
        for v in np.arange(self.box.y_min, self.box.y_max + step / 2, step):
            lines.add(Line(self.axes.c2p(self.box.x_min, v), self.axes.c2p(self.box.x_max, v)))
        lines.set_stroke(self.theme.grid, width=1)
        return lines

    def c2p(self, point: Sequence[float]) -> np.ndarray:
        """Screen point of the data point (x₁, x₂)."""
        return self.axes.c2p(float(point[0]), float(point[1]))

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """Data coordinates (x₁, x₂) of a screen point."""
        return np.array(self.axes.p2c(point)[:2], dtype=float)

    @property
    def unit(self) -> float:
        """Screen length of one data unit."""
        return float(np.linalg.norm(self.c2p((1, 0)) - self.c2p((0, 0))))


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
                 show_normal: bool = True, show_shading: bool = True):
        theme = plane.theme
        self.plane_ref = Shared(plane)
        self.normal_length = normal_length
        self.show_normal = show_normal
        self.show_shading = show_shading
        self.line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.boundary)
        self.normal = FastArrow(theme.normal)
        self.shade = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.positive,
                             fill_opacity=theme.shade_opacity)
        self.note = text("", theme, style.FONT_SMALL)
        self.notes = Shared({
            "zero": text("θ = 0: no boundary yet (every score is 0)", theme, style.FONT_SMALL,
                         theme.muted),
            "outside": text("the boundary lies outside this view", theme, style.FONT_SMALL,
                            theme.muted),
        })
        for note in self.notes.target.values():
            note.next_to(plane.axes, UP, buff=style.SMALL_BUFF)
        super().__init__(self.shade, self.line, self.normal)
        self.state = None
        self.set_parameters(theta, theta0)

    @property
    def plane(self) -> "DataPlane":
        return self.plane_ref.target

    def set_parameters(self, theta, theta0: float) -> "Hyperplane":
        """Move every part to the boundary of (θ, θ₀), in place."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0 = theta, float(theta0)
        box = self.plane.box
        segment = clip_line(theta, theta0, box)
        state = "zero" if not np.any(theta) else ("outside" if segment is None else "line")
        self._show_note(state)
        if segment is None:
            self.line.set_stroke(opacity=0)
            self.normal.set_ends(ORIGIN, ORIGIN)
            polygon = half_plane_polygon(theta, theta0, box)
            self._set_shade(polygon)
            return self
        start, end = (self.plane.c2p(p) for p in segment)
        if np.allclose(start, end):
            end = start + 1e-4 * RIGHT
        self.line.set_points_as_corners([start, end])
        self.line.set_stroke(opacity=1)
        foot = foot_of_perpendicular(theta, theta0)
        if not box.contains(foot)[0]:
            foot = (segment[0] + segment[1]) / 2
        direction = theta / np.linalg.norm(theta)
        base = self.plane.c2p(foot)
        tip = base + self.normal_length * np.array([direction[0], direction[1], 0.0])
        self.normal.set_ends(base, tip if self.show_normal else base)
        self._set_shade(half_plane_polygon(theta, theta0, box))
        return self

    def _set_shade(self, polygon) -> None:
        if polygon is None or not self.show_shading:
            self.shade.set_fill(opacity=0)
            return
        corners = [self.plane.c2p(p) for p in polygon]
        self.shade.set_points_as_corners([*corners, corners[0]])
        self.shade.set_fill(opacity=self.plane.theme.shade_opacity)

    def _show_note(self, state: str) -> None:
        if state == self.state:
            return
        self.state = state
        for key, note in self.notes.target.items():
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
                 label_direction=UL):
        self.plane_ref = Shared(plane)
        self.arrow = FastArrow(colour, tip_length=0.22, tip_width=0.2)
        parts = [self.arrow]
        self.label = None
        if label:
            self.label = math(label, plane.theme, style.FONT_SMALL).set_color(colour)
            self.label.add_background_rectangle(color=plane.theme.background, opacity=0.75,
                                                buff=0.04)
            parts.append(self.label)
        self.label_direction = label_direction
        super().__init__(*parts)
        self.set_ends(start, end)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_ends(self, start, end) -> "DataVector":
        start_p, end_p = self.plane.c2p(start), self.plane.c2p(end)
        self.arrow.set_ends(start_p, end_p)
        if self.label is not None:
            self.label.next_to(end_p, self.label_direction, buff=0.08)
            self.label.set_opacity(0 if np.allclose(start_p, end_p) else 1)
        self.start_data = np.asarray(start, dtype=float)
        self.end_data = np.asarray(end, dtype=float)
        return self


class Panel(VGroup):
    """Lines of text or mathematics stacked on the left edge, in a rounded box."""

    def __init__(self, rows: Sequence[VMobject], theme: Theme, width: float | None = None,
                 buff: float = style.SMALL_BUFF):
        self.rows = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=buff)
        box_width = max(width or 0, self.rows.width + 2 * style.BUFF)
        self.box = RoundedRectangle(width=box_width, height=self.rows.height + 2 * style.BUFF,
                                    corner_radius=0.12, stroke_color=theme.grid, stroke_width=2,
                                    fill_color=theme.background, fill_opacity=0.85)
        self.rows.move_to(self.box).align_to(self.box, LEFT).shift(RIGHT * style.BUFF)
        super().__init__(self.box, self.rows)


class LiveValue(VGroup):
    """``label = value``: the label typeset once, the value drawn from glyphs.

    ``set_value`` formats the value and re-composes it only when the text
    changes, so calling it on every step is cheap.
    """

    def __init__(self, label: str, value, theme: Theme, places: int = 2,
                 font_size: float = style.FONT_PANEL, formatter=None, colour: str | None = None):
        self.formatter = formatter or (lambda v: fmt(v, places) if isinstance(v, float) else str(v))
        self.label = math(f"{label} =", theme, font_size)
        self.number = GlyphNumber(self.formatter(value), font_size, colour or theme.text)
        super().__init__(self.label, self.number)
        self.number.next_to(self.label, RIGHT, buff=0.12)
        # the number's centre line sits on the label's
        self.number.shift(UP * (self.label.get_center()[1] - self.number.anchor.get_location()[1]))
        self.value = value

    def set_value(self, value) -> "LiveValue":
        self.value = value
        self.number.set_text(self.formatter(value))
        return self


class Pseudocode(VGroup):
    """Algorithm lines typeset one per row, with a highlight bar on the current line."""

    def __init__(self, lines: Sequence[str], theme: Theme, font_size: float = style.FONT_SMALL,
                 indent: float = 0.25):
        rows = []
        for source in lines:
            depth = (len(source) - len(source.lstrip(" "))) // 2
            row = text(source.strip(), theme, font_size)
            row.indent_level = depth
            rows.append(row)
        self.lines = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        for row in rows:
            row.shift(RIGHT * indent * row.indent_level)
        self.bar = RoundedRectangle(width=self.lines.width + 0.3, height=rows[0].height + 0.12,
                                    corner_radius=0.06, stroke_width=0, fill_color=theme.highlight,
                                    fill_opacity=0.22)
        self.bar.set_opacity(0)
        super().__init__(self.bar, self.lines)
        self.current = None

    def highlight(self, index: int | None) -> "Pseudocode":
        """Put the bar behind line ``index`` (None hides it)."""
        self.current = index
        if index is None:
            self.bar.set_fill(opacity=0)
            return self
        row = self.lines[index]
        self.bar.stretch_to_fit_height(max(row.height, self.lines[0].height) + 0.12)
        self.bar.move_to(row).align_to(self.lines, LEFT).shift(LEFT * 0.15)
        self.bar.set_fill(opacity=0.22)
        return self


def dashed_segment(plane: DataPlane, a, b, colour: str) -> DashedLine:
    return DashedLine(plane.c2p(a), plane.c2p(b), dash_length=0.08, color=colour, stroke_width=3)
