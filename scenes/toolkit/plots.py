"""Plots of numbers from a run: a value against the update count, a log-log scatter.

Both are built once. Their axes, ticks and labels form the group itself,
which stays still; what grows (curves, dots) is a separate group a scene adds
after its static drawings, since Manim redraws every frame whatever comes
after a moving mobject. ``c2p`` maps plot coordinates to the screen and
``p2c`` back, following the plot wherever it is moved.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Dot, Line, Polygon, VGroup, VMobject

from . import style
from linviz.geometry import nice_step
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs, merge_texts
from .screen_text import fmt, math
from .style import Theme

#: the room (screen units) an x tick's number keeps from the axis's name
NAME_ROOM = 0.02


def _places(step: float) -> int:
    """Decimal places that show a tick step exactly (0 for whole steps)."""
    return max(0, int(-np.floor(np.log10(step) + 1e-9)))


def interpolate(values: np.ndarray, s: float) -> float:
    """values[k] at whole s = k, linear in between, clamped to the ends."""
    s = min(max(float(s), 0.0), float(len(values) - 1))
    low = int(np.floor(s + 1e-9))
    if low >= len(values) - 1:
        return float(values[-1])
    fraction = s - low
    return float((1 - fraction) * values[low] + fraction * values[low + 1])


class PlotAxes(VGroup):
    """Axes from (0, 0) to (x_right, y_top) with glyph-number ticks: the still part of a plot.

    ``y_top`` is the largest value rounded up to a whole tick step. ``x_step``
    defaults to a nice step; with ``y_ticks_from_zero`` False the 0 tick of
    the value axis is left to the x axis's. ``c2p`` maps (x, value) to the
    screen and ``p2c`` back, following the axes wherever they are moved.
    """

    def __init__(self, theme: Theme, x_right: float, largest: float, width: float,
                 height: float, x_label: str, y_label: str | None = None,
                 x_step: float | None = None, y_ticks_from_zero: bool = True,
                 tick: float = style.PLOT_TICK, tick_font: float = style.FONT_TINY):
        self.x_right = float(max(x_right, 1))
        top = float(max(largest, 1e-9))
        self.y_step = nice_step(top)
        self.y_top = float(np.ceil(top / self.y_step - 1e-9) * self.y_step)
        self.x_axis = Line(ORIGIN, RIGHT * width, stroke_width=2, color=theme.muted)
        self.y_axis = Line(ORIGIN, UP * height, stroke_width=2, color=theme.muted)
        ticks, labels = VGroup(), VGroup()
        x_step = x_step or nice_step(self.x_right)
        self.x_label = math(x_label, theme, style.FONT_SMALL).next_to(
            self.x_axis.get_end(), RIGHT, buff=style.PLOT_LABEL_BUFF)
        # (none past the axis's end, nor a number touching the axis's name: one there stood
        # on it, "6000M", review 274)
        (x0, y0), (x1, y1) = (self.x_label.get_corner(DOWN + LEFT)[:2] - NAME_ROOM,
                              self.x_label.get_corner(UP + RIGHT)[:2] + NAME_ROOM)
        for x in np.arange(0.0, self.x_right * (1 + 1e-9), x_step):
            point = self.c2p(x, 0)
            ticks.add(Line(point + DOWN * tick, point + UP * tick,
                           stroke_width=2, color=theme.muted))
            number = GlyphNumber(fmt(x, 0), tick_font, theme.muted).next_to(
                point, DOWN, buff=style.PLOT_LABEL_BUFF)
            (a0, b0), (a1, b1) = (number.get_corner(DOWN + LEFT)[:2],
                                  number.get_corner(UP + RIGHT)[:2])
            if not (a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1):
                labels.add(number)
        places = _places(self.y_step)
        first = 0.0 if y_ticks_from_zero else self.y_step
        for v in np.arange(first, self.y_top + self.y_step / 2, self.y_step):
            point = self.c2p(0, v)
            ticks.add(Line(point + LEFT * tick, point + RIGHT * tick,
                           stroke_width=2, color=theme.muted))
            labels.add(GlyphNumber(fmt(v, places), tick_font, theme.muted).next_to(
                point, LEFT, buff=style.PLOT_LABEL_BUFF))
        # ticks and their numbers never change: one path per style to draw
        merge_glyphs(ticks)
        merge_texts(labels)  # each number keeps its box, for the layout checks
        parts = [self.x_axis, self.y_axis, ticks, labels, self.x_label]
        if y_label is not None:
            self.y_label = math(y_label, theme, style.FONT_SMALL).next_to(
                self.y_axis.get_end(), UP, buff=style.PLOT_LABEL_BUFF)
            parts.append(self.y_label)
        super().__init__(*parts)

    def _frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The screen origin and the screen vectors of the two axes (their ends' points)."""
        x_points, y_points = self.x_axis.points, self.y_axis.points
        return x_points[0], x_points[-1] - x_points[0], y_points[-1] - y_points[0]

    def c2p(self, x: float, value: float) -> np.ndarray:
        """Screen point of (x, value)."""
        origin, dx, dy = self._frame()
        return origin + float(x) / self.x_right * dx + float(value) / self.y_top * dy

    def c2p_many(self, xs: np.ndarray, values: np.ndarray) -> np.ndarray:
        """Screen points, shape (n, 3), of the pairs (xs[k], values[k])."""
        origin, dx, dy = self._frame()
        xs = np.asarray(xs, dtype=float)[:, None] / self.x_right
        values = np.asarray(values, dtype=float)[:, None] / self.y_top
        return origin + xs * dx + values * dy

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """(x, value) of a screen point."""
        origin, dx, dy = self._frame()
        offset = np.asarray(point, dtype=float) - origin
        return np.array([offset @ dx / (dx @ dx) * self.x_right,
                         offset @ dy / (dy @ dy) * self.y_top])


class BoundPlot(PlotAxes):
    """A value against the update count M with the line that bounds it.

    Parameters
    ----------
    values : ndarray of shape (M_final + 1,)
        The value after M updates, M = 0..M_final.
    bound : ndarray of shape (M_final + 1,)
        The bound after M updates (a straight line such as Mγ or MR²).
    theme : Theme
    value_colour, bound_colour : str
        Colours of the value's curve and of the bound line.
    width, height : float
        Size of the axes on screen.

    The static group holds the axes with ticks labelled by glyph numbers and
    ``x_label`` at the end of the M axis. ``graph`` (not part of the group)
    holds what :meth:`set_progress` draws up to any M, fractional in between
    updates: the value's polyline with a dot at its head, the bound line with
    a dot at its head, and the gap between them lightly filled.
    """

    def __init__(self, values, bound, theme: Theme, value_colour: str, bound_colour: str,
                 width: float = style.PLOT_WIDTH, height: float = style.PLOT_HEIGHT,
                 x_label: str = "M", **axes_options):
        self.values = np.asarray(values, dtype=float)
        self.bound = np.asarray(bound, dtype=float)
        if self.values.shape != self.bound.shape or self.values.ndim != 1:
            raise ValueError("values and bound must be 1-D arrays of the same length")
        self.theme = theme
        self.M_final = len(self.values) - 1
        unit_ticks = self.M_final <= style.PLOT_MAX_UNIT_TICKS
        super().__init__(theme, self.M_final, max(np.max(self.values), np.max(self.bound)),
                         width, height, x_label, x_step=1.0 if unit_ticks else None,
                         y_ticks_from_zero=False, **axes_options)

        self.gap = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=bound_colour,
                           fill_opacity=style.PLOT_GAP_OPACITY)
        self.bound_line = VMobject(stroke_color=bound_colour, stroke_width=style.PLOT_STROKE)
        self.curve = VMobject(stroke_color=value_colour, stroke_width=style.PLOT_STROKE)
        self.bound_head = Dot(ORIGIN, radius=style.PLOT_DOT, color=bound_colour)
        self.head = Dot(ORIGIN, radius=style.PLOT_DOT, color=value_colour)
        self.graph = VGroup(self.gap, self.bound_line, self.curve, self.bound_head, self.head)
        self.progress = 0.0
        self.set_progress(0.0)

    # -- drawing up to M = s -------------------------------------------------
    def _polyline(self, values: np.ndarray, s: float) -> list[np.ndarray]:
        whole = int(np.floor(min(max(s, 0.0), self.M_final) + 1e-9))
        # a run of 10⁵ updates is drawn through evenly spread ones (first and last kept):
        # more vertices than pixels only slow every frame down
        shown = np.unique(np.round(np.linspace(0, whole, min(whole + 1,
                                                             style.PLOT_MAX_VERTICES))).astype(int))
        points = list(self.c2p_many(shown, values[shown]))
        if s > whole + 1e-9 and whole < self.M_final:
            points.append(self.c2p(s, interpolate(values, s)))
        return points

    def set_progress(self, s: float) -> "BoundPlot":
        """Draw the curve, the bound line and the gap for M from 0 to ``s``."""
        s = min(max(float(s), 0.0), float(self.M_final))
        self.progress = s
        curve, bound = self._polyline(self.values, s), self._polyline(self.bound, s)
        if len(curve) < 2:  # nothing to draw yet: a degenerate path at the origin
            curve, bound = [curve[0], curve[0]], [bound[0], bound[0]]
        self.curve.set_points_as_corners(curve)
        self.bound_line.set_points_as_corners(bound)
        outline = curve + bound[::-1]
        self.gap.set_points_as_corners([*outline, outline[0]])
        self.head.move_to(curve[-1])
        self.bound_head.move_to(bound[-1])
        return self

    def head_in_data(self) -> np.ndarray:
        """(M, value) where the curve's head is drawn."""
        return self.p2c(self.head.get_center())

    def bound_head_in_data(self) -> np.ndarray:
        """(M, bound) where the bound line's head is drawn."""
        return self.p2c(self.bound_head.get_center())


class LogLogPlot(VGroup):
    """Square axes with logarithmic scales, both over the same decades.

    Parameters
    ----------
    low, high : float
        Values that must fit: the axes run from the power of ten at or below
        ``low`` to the one at or above ``high``, on both axes.
    theme : Theme
    x_label, y_label : str
        Typst math for the axes.
    diagonal_label : str or None
        With a label, the line y = x is drawn (and labelled) across the plot.
    side : float
        Side of the square on screen.

    Ticks at every power of ten are labelled with glyph numbers; ticks at
    2..9 times it are short and unlabelled. ``c2p(x, y)`` gives the screen
    point of (x, y), ``p2c`` the values back.
    """

    def __init__(self, low: float, high: float, theme: Theme, x_label: str, y_label: str,
                 diagonal_label: str | None = None, side: float = style.LOG_PLOT_SIDE):
        self.theme = theme
        self.low_decade = int(np.floor(np.log10(low) + 1e-9))
        self.high_decade = max(int(np.ceil(np.log10(high) - 1e-9)), self.low_decade + 1)
        self.x_axis = Line(ORIGIN, RIGHT * side, stroke_width=2, color=theme.muted)
        self.y_axis = Line(ORIGIN, UP * side, stroke_width=2, color=theme.muted)
        ticks, labels = VGroup(), VGroup()
        for decade in range(self.low_decade, self.high_decade + 1):
            for factor in range(1, 10):
                value = factor * 10.0 ** decade
                if value > 10.0 ** self.high_decade * (1 + 1e-9):
                    break
                size = style.PLOT_TICK * (2 if factor == 1 else 1)
                x_point, y_point = self.c2p(value, 10.0 ** self.low_decade), self.c2p(
                    10.0 ** self.low_decade, value)
                ticks.add(Line(x_point, x_point + UP * size, stroke_width=2, color=theme.muted))
                ticks.add(Line(y_point, y_point + RIGHT * size, stroke_width=2,
                               color=theme.muted))
                if factor == 1:
                    number = fmt(value, max(0, -decade))
                    labels.add(GlyphNumber(number, style.FONT_TINY, theme.muted).next_to(
                        x_point, DOWN, buff=style.PLOT_LABEL_BUFF))
                    labels.add(GlyphNumber(number, style.FONT_TINY, theme.muted).next_to(
                        y_point, LEFT, buff=style.PLOT_LABEL_BUFF))
        self.x_label = math(x_label, theme, style.FONT_SMALL).next_to(
            labels, DOWN, buff=style.SMALL_BUFF).match_x(self.x_axis)
        self.y_label = math(y_label, theme, style.FONT_SMALL).rotate(np.pi / 2).next_to(
            labels, LEFT, buff=style.SMALL_BUFF).match_y(self.y_axis)
        parts = [self.x_axis, self.y_axis, ticks, labels, self.x_label, self.y_label]
        self.diagonal = None
        if diagonal_label is not None:
            corner_low = self.c2p(10.0 ** self.low_decade, 10.0 ** self.low_decade)
            corner_high = self.c2p(10.0 ** self.high_decade, 10.0 ** self.high_decade)
            self.diagonal = Line(corner_low, corner_high, stroke_width=style.PLOT_STROKE,
                                 color=theme.bound)
            self.above = Polygon(corner_low, corner_high, self.y_axis.get_end(), stroke_width=0,
                                 fill_color=theme.bound, fill_opacity=style.LOG_ABOVE_OPACITY)
            self.diagonal_label = math(diagonal_label, theme, style.FONT_SMALL).set_color(
                theme.bound)
            # along the line, just above it, near its upper end
            angle = float(np.arctan2(*(corner_high - corner_low)[[1, 0]]))
            self.diagonal_label.rotate(angle)
            anchor = corner_low + style.LOG_LABEL_ALONG * (corner_high - corner_low)
            normal = np.array([-np.sin(angle), np.cos(angle), 0.0])
            self.diagonal_label.move_to(anchor + normal * (self.diagonal_label.height / 2
                                                           + style.SMALL_BUFF))
            parts = [self.above, *parts, self.diagonal, self.diagonal_label]
        super().__init__(*parts)

    def _log_unit(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        origin = self.x_axis.get_start()
        decades = self.high_decade - self.low_decade
        return (origin, (self.x_axis.get_end() - origin) / decades,
                (self.y_axis.get_end() - self.y_axis.get_start()) / decades)

    def c2p(self, x: float, y: float) -> np.ndarray:
        """Screen point of the values (x, y), both > 0."""
        origin, x_unit, y_unit = self._log_unit()
        return (origin + (np.log10(float(x)) - self.low_decade) * x_unit
                + (np.log10(float(y)) - self.low_decade) * y_unit)

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """The values (x, y) at a screen point."""
        origin, x_unit, y_unit = self._log_unit()
        offset = np.asarray(point, dtype=float) - origin
        return 10.0 ** (self.low_decade + np.array([offset @ x_unit / (x_unit @ x_unit),
                                                    offset @ y_unit / (y_unit @ y_unit)]))
