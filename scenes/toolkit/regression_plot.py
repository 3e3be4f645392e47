"""The regression plot: axes for regression data (x, y), each scale fitted to the data
(:class:`RegressionPlot`), with the same mapping as a data plane for what is drawn on it."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Line, Polygon, VectorizedPoint, VGroup, VMobject

from linviz.geometry import Box, nice_step
from linviz.ties import least_index

from . import style
from .screen_text import fmt, math, plain_markup, text
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs, merge_texts
from .style import Theme


def fitted_range(values: np.ndarray, padding: float) -> tuple[float, float, float]:
    """(low, high, step): ``values`` with ``padding`` (a fraction of their span) each side,
    the ends rounded out to whole multiples of a nice tick step."""
    values = np.asarray(values, dtype=float)
    low, high = float(values.min()), float(values.max())
    span = high - low
    if span <= 0:  # one value: a unit span around it (or its own size)
        span = max(abs(low), 1.0)
    step = nice_step(span * (1 + 2 * padding))
    return (float(np.floor((low - padding * span) / step + 1e-9) * step),
            float(np.ceil((high + padding * span) / step - 1e-9) * step), step)


def stretch_limited_box(points: np.ndarray, width: float, height: float, padding: float,
                        max_stretch: float | None) -> tuple[Box, tuple[float, float]]:
    """The box of a regression plot of ``width`` × ``height`` and its tick steps along x
    and y: each axis spans its own ``points`` (shape (n, 2)) with ``padding``
    (:func:`fitted_range`); with ``max_stretch``, one axis's units at most that many times
    longer on screen than the other's, the shorter span widened about its middle."""
    x_min, x_max, x_step = fitted_range(points[:, 0], padding)
    y_min, y_max, y_step = fitted_range(points[:, 1], padding)
    if max_stretch is not None:
        x_unit, y_unit = width / (x_max - x_min), height / (y_max - y_min)
        if x_unit > max_stretch * y_unit:
            half = width / (max_stretch * y_unit) / 2
            x_min, x_max, x_step = fitted_range(np.array([-half, half])
                                                + (x_min + x_max) / 2, 0.0)
        elif y_unit > max_stretch * x_unit:
            half = height / (max_stretch * x_unit) / 2
            y_min, y_max, y_step = fitted_range(np.array([-half, half])
                                                + (y_min + y_max) / 2, 0.0)
    return Box(x_min, x_max, y_min, y_max), (x_step, y_step)


class RegressionPlot(VGroup):
    """Axes for regression data (x, y) with an x scale and a y scale each fitted to the data.

    A regression plot has no angles to keep true, so each axis spans its own
    data (``points``, shape (n, 2): the data and whatever else must fit) with
    ``padding`` around, on whole tick steps, with tick values on both axes and
    the column names as axis labels. The same interface as a data plane for the
    drawings on it: ``box``, ``c2p``, ``c2p_many``, ``p2c``.
    """

    def __init__(self, points: np.ndarray, theme: Theme, x_label: str, y_label: str,
                 width: float = style.REGRESSION_AXES_SIDE,
                 height: float = style.REGRESSION_AXES_SIDE,
                 center=style.REGRESSION_PLOT_CENTER, padding: float = style.REGRESSION_PADDING,
                 tick_font: float = style.FONT_TINY, symbols: tuple[str, str] = ("x", "y"),
                 max_stretch: float | None = None):
        self.box, self.steps = stretch_limited_box(np.asarray(points, dtype=float), width,
                                                   height, padding, max_stretch)
        self.theme = theme
        box = self.box

        def screen(a, b):
            return np.array([(a - box.x_min) / (box.x_max - box.x_min) * width,
                             (b - box.y_min) / (box.y_max - box.y_min) * height, 0.0])

        self.reference = VGroup(*[VectorizedPoint(screen(*corner))
                                  for corner in ((box.x_min, box.y_min), (box.x_max, box.y_min),
                                                 (box.x_min, box.y_max))])
        self.frame = Polygon(*[screen(*corner) for corner in box.corners],
                             stroke_color=theme.muted, stroke_width=2)
        grid, ticks, numbers = VGroup(), VGroup(), VGroup()
        self._x_ticks(screen, width, tick_font, grid, ticks, numbers)
        self._y_ticks(screen, tick_font, grid, ticks, numbers)
        grid.set_stroke(theme.grid, width=1)
        ticks.set_stroke(theme.muted, width=2)
        merge_glyphs(grid)
        merge_glyphs(ticks)
        merge_texts(numbers)
        self.grid, self.ticks, self.numbers = grid, ticks, numbers
        self.x_label = self._label(x_label, symbols[0], theme).next_to(
            numbers, DOWN, buff=style.PLOT_LABEL_BUFF).align_to(self.frame, RIGHT)
        self.y_label = self._label(y_label, symbols[1], theme).next_to(
            self.frame, UP, buff=style.SMALL_BUFF).align_to(numbers, LEFT)
        self.axis_labels = VGroup(self.x_label, self.y_label)
        super().__init__(self.reference, self.grid, self.frame, self.ticks, self.numbers,
                         self.axis_labels)
        self.move_to(np.array(center))

    def _x_ticks(self, screen, width: float, tick_font: float, grid: VGroup, ticks: VGroup,
                 numbers: VGroup) -> None:
        """Along x (``screen`` maps data to the unmoved plot): a grid line and a tick at every
        step, and the tick values below the frame, every one or every k-th where they would
        touch, the tick nearest 0 among those labelled."""
        box, (x_step, _) = self.box, self.steps
        x_places = max(0, int(-np.floor(np.log10(x_step) + 1e-9)))
        tick = style.PLOT_TICK
        x_values = np.arange(box.x_min, box.x_max + x_step / 2, x_step)
        x_numbers = [GlyphNumber(fmt(a, x_places), tick_font, self.theme.muted)
                     for a in x_values]
        spacing = width / max(len(x_values) - 1, 1)
        every = int(np.ceil((max(n.width for n in x_numbers) + style.SMALL_BUFF) / spacing))
        anchor = least_index(np.abs(x_values))
        for k, (a, number) in enumerate(zip(x_values, x_numbers)):
            grid.add(Line(screen(a, box.y_min), screen(a, box.y_max)))
            ticks.add(Line(screen(a, box.y_min), screen(a, box.y_min) + DOWN * tick))
            if (k - anchor) % every == 0:
                numbers.add(number.next_to(screen(a, box.y_min), DOWN,
                                           buff=style.PLOT_LABEL_BUFF + tick))

    def _y_ticks(self, screen, tick_font: float, grid: VGroup, ticks: VGroup,
                 numbers: VGroup) -> None:
        """Along y: a grid line, a tick and its value left of the frame at every step."""
        box, (_, y_step) = self.box, self.steps
        y_places = max(0, int(-np.floor(np.log10(y_step) + 1e-9)))
        tick = style.PLOT_TICK
        for b in np.arange(box.y_min, box.y_max + y_step / 2, y_step):
            grid.add(Line(screen(box.x_min, b), screen(box.x_max, b)))
            ticks.add(Line(screen(box.x_min, b), screen(box.x_min, b) + LEFT * tick))
            numbers.add(GlyphNumber(fmt(b, y_places), tick_font, self.theme.muted).next_to(
                screen(box.x_min, b), LEFT, buff=style.PLOT_LABEL_BUFF + tick))

    @property
    def scale_ratio(self) -> float:
        """Screen length of one x unit over that of one y unit (1: one scale for both)."""
        _, ex, ey = self._frame()
        box = self.box
        return float(np.linalg.norm(ex) / (box.x_max - box.x_min)
                     / (np.linalg.norm(ey) / (box.y_max - box.y_min)))

    @property
    def one_scale(self) -> bool:
        """Both axes to the same scale, within 10 %."""
        return abs(np.log(self.scale_ratio)) <= np.log(1.1)

    @staticmethod
    def _label(name: str, symbol: str, theme: Theme) -> VMobject:
        """The axis's column name ("bmi  (x)"), or the bare symbol when the data has none."""
        if not name:
            return math(symbol, theme, style.FONT_SMALL)
        return text(f"{plain_markup(name)} $({symbol})$", theme, style.FONT_SMALL)

    def _frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Screen points of (x_min, y_min), and the screen vectors of the two axes' spans."""
        o, a, b = (point.points[0] for point in self.reference.submobjects)
        return o, a - o, b - o

    def c2p(self, point) -> np.ndarray:
        """Screen point of the data point (x, y)."""
        return self.c2p_many(np.asarray(point, dtype=float)[None, :])[0]

    def c2p_many(self, points) -> np.ndarray:
        """Screen points, shape (n, 3), of data points of shape (n, 2)."""
        o, ex, ey = self._frame()
        box = self.box
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        u = (points[:, 0:1] - box.x_min) / (box.x_max - box.x_min)
        v = (points[:, 1:2] - box.y_min) / (box.y_max - box.y_min)
        return o + u * ex + v * ey

    def p2c(self, point) -> np.ndarray:
        """The data point (x, y) of a screen point."""
        o, ex, ey = self._frame()
        offset = np.asarray(point, dtype=float) - o
        box = self.box
        return np.array([box.x_min + offset @ ex / (ex @ ex) * (box.x_max - box.x_min),
                         box.y_min + offset @ ey / (ey @ ey) * (box.y_max - box.y_min)])
