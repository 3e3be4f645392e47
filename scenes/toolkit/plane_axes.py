"""The data plane's axes: the outline, the grid, the tick values and the axes' names.

:class:`PlaneAxes` is a part of :class:`scenes.toolkit.plane.DataPlane` (a mixin
read with the plane's ``theme``, ``box``, ``steps``, ``units``, ``axis_labels`` and
mapping ``c2p``); it draws the axes again whenever the plane shows another box.
"""

from __future__ import annotations

import numpy as np
from manim import DL, DOWN, LEFT, RIGHT, UP, UR, Axes, Line, Polygon, VGroup, config

from linviz.geometry import Box
from linviz.transforms import is_standardized

from . import style, views
from .plane_text import escaped, text_boxes
from .screen_text import math, text
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs, merge_texts
from .style import Theme


class PlaneAxes:
    """The outline, grid, tick values and axes' names of a :class:`DataPlane`."""

    def _axes_parts(self, box: Box, side: float, step: float | None = None):
        """Axes (not merged), outline and merged grid for ``box`` on a square of ``side``,
        with grid lines every ``step`` data units (round steps for the box when None: one
        for both axes of a square box). Returns them and the steps along x₁ and x₂."""
        theme = self.theme
        steps = views.axis_steps(box) if step is None else (float(step), float(step))
        axes = Axes(
            x_range=[box.x_min, box.x_max, steps[0]],
            y_range=[box.y_min, box.y_max, steps[1]],
            x_length=side, y_length=side, tips=False,
            axis_config={"stroke_color": theme.muted, "stroke_width": 2,
                         "include_ticks": False},
        )
        frame = _outline(axes, theme)
        grid = self._grid(steps, box, axes)
        merge_glyphs(grid)
        return axes, frame, grid, steps

    def _names(self, axis_labels, data) -> VGroup:
        """The axes' names: Typst math when given (or x₁, x₂), else the data's column names."""
        theme = self.theme
        feature_names = getattr(data, "feature_names", ()) if data is not None else ()
        if axis_labels is None and self.units is not None \
                and not views.names_are_math(feature_names):
            # standardised for one scale, its ticks in the data's units: the names keep them
            names = [text(escaped(name), theme, style.FONT_SMALL)
                     for name in views.axis_names(feature_names)]
        elif axis_labels is None and data is not None and is_standardized(data):
            names = [text(escaped(name), theme, style.FONT_SMALL)
                     for name in views.standardized_axis_names(feature_names)]
        elif axis_labels is None and not views.names_are_math(feature_names):
            names = [text(escaped(name), theme, style.FONT_SMALL)
                     for name in views.axis_names(feature_names)]
        else:
            names = [math(name, theme, style.FONT_SMALL)
                     for name in (axis_labels or views.axis_names(feature_names))]
        self.y_name_turned = names[1].width > style.SHORT_NAME
        if self.y_name_turned:
            names[1].rotate(np.pi / 2)
        return VGroup(*names)

    def _place_axis_labels(self) -> None:
        """The names at the ends of the rows of tick values: x₁'s below the square at its
        right, x₂'s left of it at its top; then the tick values that leave them room."""
        first, second = self.axis_labels[0], self.axis_labels[1]
        x_min, y_min, x_max, y_max = self.square_bounds()
        #: which names stand beyond their row of tick values (see _move_names_off_ticks)
        self.names_beyond = (False, False)
        if self.show_ticks:
            self._name_at_row_end(0)
            self._name_at_row_end(1)
        else:  # inside the square, at the far ends of its edges, as a thumbnail's
            first.next_to(np.array([x_max, y_min, 0.0]), UP + LEFT * 0.5, buff=style.SMALL_BUFF)
            second.next_to(np.array([x_min, y_max, 0.0]), RIGHT + DOWN * 0.5,
                           buff=style.SMALL_BUFF)
        self._make_tick_labels()
        if self.show_ticks:
            self._move_names_off_ticks()

    def _move_names_off_ticks(self) -> None:
        """A long name (wider than ``style.SHORT_NAME``) at the end of its row that would hide
        a tick value (such as "sepal length (cm), standardised") goes beyond the row instead:
        x₁'s centred below its tick values, x₂'s (turned) left of them; the tick values are
        then all kept. A name that would leave the frame there stays at the row's end."""
        x_min, y_min, x_max, y_max = self.square_bounds()
        # a short name (x₁, x₂) keeps its place at the end of its row: it hides a value at
        # most, the place a reader looks for it
        long = [max(name.width, name.height) > style.SHORT_NAME for name in self.axis_labels[:2]]
        hidden = [h and is_long for h, is_long in zip(self._hidden_ticks(), long)]
        if not any(hidden):
            return
        first, second = self.axis_labels[0], self.axis_labels[1]
        # every tick value made, then the names beyond the rows they make
        self.names_beyond = tuple(hidden)
        self._make_tick_labels()
        below = min([b[1] for b in self._tick_row(0)], default=y_min)
        left = min([b[0] for b in self._tick_row(1)], default=x_min)
        beyond = style.TICK_BUFF
        first.next_to(np.array([(x_min + x_max) / 2, below, 0.0]), DOWN, buff=beyond)
        if not hidden[0]:
            self._name_at_row_end(0)
        if hidden[1]:
            second.next_to(np.array([left, (y_min + y_max) / 2, 0.0]), LEFT, buff=beyond)
        else:
            self._name_at_row_end(1)
        # beyond the row but out of the frame or in the captions' band (a plane low on the
        # screen): back at the row's end, where it hides a value but is seen
        shift = getattr(self, "pending_shift", np.zeros(3))
        if hidden[0] and first.get_bottom()[1] + shift[1] < -config.frame_height / 2 \
                + style.BOTTOM_BUFF:
            self._name_at_row_end(0)
            hidden[0] = False
        if hidden[1] and second.get_left()[0] + shift[0] < -config.frame_width / 2 \
                + style.SMALL_BUFF:
            self._name_at_row_end(1)
            hidden[1] = False
        self.names_beyond = tuple(hidden)
        self._make_tick_labels()

    def tick_boxes(self) -> np.ndarray:
        """The boxes [x_min, y_min, x_max, y_max, weight 100] of every tick value drawn:
        shape (k, 5) (obstacles a label is placed clear of)."""
        boxes = [box for m in self.tick_labels.submobjects for box in text_boxes(m)]
        return np.array(boxes) if boxes else np.zeros((0, 5))

    def _tick_row(self, axis: int) -> list[np.ndarray]:
        """The boxes [x_min, y_min, x_max, y_max] of the tick values drawn along x₁ (axis 0:
        below the square) or x₂ (1: left of it)."""
        x_min, y_min, _, _ = self.square_bounds()
        boxes = list(self.tick_boxes())
        if axis == 0:
            return [b for b in boxes if b[3] <= y_min + 1e-6]
        return [b for b in boxes if b[2] <= x_min + 1e-6]

    def _hidden_ticks(self) -> tuple[bool, bool]:
        """Whether the names at the ends of the rows hide a tick value of x₁ and of x₂ (the
        values a row would keep were its name elsewhere)."""
        hidden = []
        for axis in (0, 1):
            numbers = self._tick_numbers(axis)
            blocked = _corners(self.axis_labels[axis])
            hidden.append(len(_thinned(numbers, axis, blocked))
                          < len(_thinned(numbers, axis, NOWHERE)))
        return hidden[0], hidden[1]

    def _name_at_row_end(self, axis: int) -> None:
        """Put the name of x₁ (``axis`` 0) below the square at its right, or that of x₂ (1)
        left of it at its top: at the end of its row of tick values."""
        x_min, y_min, x_max, y_max = self.square_bounds()
        name = self.axis_labels[axis]
        if axis == 0:
            name.next_to(np.array([x_max, y_min, 0.0]), DOWN, buff=style.TICK_BUFF)
            name.align_to(np.array([x_max, 0.0, 0.0]), RIGHT)
        else:
            name.next_to(np.array([x_min, y_max, 0.0]), LEFT, buff=style.TICK_BUFF)
            name.align_to(np.array([0.0, y_max, 0.0]), UP)

    def _tick_numbers(self, axis: int) -> list[GlyphNumber]:
        """Every tick value of x₁ (``axis`` 0, below the square) or x₂ (1, left of it) at its
        grid line, before any is left out."""
        box = self.box
        low, high = (box.x_min, box.x_max) if axis == 0 else (box.y_min, box.y_max)
        numbers = []
        for v, printed in views.axis_ticks(low, high, self.steps[axis], self.units, axis):
            number = GlyphNumber(printed, style.TICK_FONT, self.theme.muted)
            point = self.c2p((v, box.y_min)) if axis == 0 else self.c2p((box.x_min, v))
            number.next_to(point, DOWN if axis == 0 else LEFT, buff=style.TICK_BUFF)
            numbers.append(number)
        return numbers

    def _make_tick_labels(self) -> None:
        """The tick values below the square (x₁) and left of it (x₂), at the grid lines,
        every other one (or fewer) where they would crowd, none under an axis's name."""
        values = VGroup()
        if self.show_ticks:
            # a name moved beyond its row (see _move_names_off_ticks) blocks none of its values
            beyond = getattr(self, "names_beyond", (False, False))
            rows = [_thinned(self._tick_numbers(axis),
                             axis, NOWHERE if beyond[axis] else _corners(self.axis_labels[axis]))
                    for axis in (0, 1)]
            # at the corner the two rows meet: x₂'s value there gives way to x₁'s
            for number in [*rows[0], *_clear_of(rows[1], rows[0])]:
                values.add(number)
            merge_texts(values)  # each number keeps its box, for the layout checks
        if self.tick_labels in getattr(self.axes, "submobjects", []):
            self.axes.submobjects[self.axes.submobjects.index(self.tick_labels)] = values
        self.tick_labels = values

    def _grid(self, steps, box: Box, axes: Axes) -> VGroup:
        """Grid lines at the whole multiples of the steps inside the box: through the origin
        and every tick value, wherever the box starts; they stay put in the data while the
        box zooms."""
        steps = (steps, steps) if np.isscalar(steps) else steps
        lines = VGroup()
        across = [[where for where, _ in views.axis_ticks(low, high, step, self.units, axis)]
                  if self.units is not None else _grid_values(low, high, step)
                  for axis, (low, high, step) in enumerate(((box.x_min, box.x_max, steps[0]),
                                                            (box.y_min, box.y_max, steps[1])))]
        for x in across[0]:
            lines.add(Line(axes.c2p(x, box.y_min), axes.c2p(x, box.y_max)))
        for v in across[1]:
            lines.add(Line(axes.c2p(box.x_min, v), axes.c2p(box.x_max, v)))
        lines.set_stroke(self.theme.grid, width=1)
        return lines


#: a box far off the screen: a name there blocks no tick value
NOWHERE = np.array([1e3, 1e3, 1e3 + 1, 1e3 + 1])


def _corners(mobject) -> np.ndarray:
    """[x_min, y_min, x_max, y_max] of ``mobject``'s bounding box."""
    return np.array([*mobject.get_corner(DL)[:2], *mobject.get_corner(UR)[:2]])


def _thinned(numbers: list, axis: int, blocked: np.ndarray) -> list:
    """Every k-th tick value, the smallest k whose values stand ``TICK_GAP`` apart, without
    those that would touch an axis's name (``blocked``, [x_min, y_min, x_max, y_max])."""
    if not numbers:
        return []
    for every in range(1, len(numbers) + 1):
        kept = numbers[::every]
        if len(kept) < 2:
            break
        if all(_gap(a, b, axis) >= style.TICK_GAP for a, b in zip(kept, kept[1:])):
            break
    clear = []
    for number in kept:
        low, high = number.get_corner(DL), number.get_corner(UR)
        gap = style.TICK_GAP
        touches = (low[0] < blocked[2] + gap and high[0] > blocked[0] - gap
                   and low[1] < blocked[3] + gap and high[1] > blocked[1] - gap)
        if not touches:
            clear.append(number)
    return clear


def _clear_of(numbers: list, others: list) -> list:
    """The tick values of ``numbers`` standing at least ``TICK_GAP`` from every one of
    ``others`` (where a plane's two rows meet at its lower left corner, two values there
    would touch and read as one: "−0.5−1.0")."""
    gap, boxes = style.TICK_GAP, [_corners(other) for other in others]

    def clear(number) -> bool:
        low_x, low_y, high_x, high_y = _corners(number)
        return not any(low_x < b[2] + gap and high_x > b[0] - gap
                       and low_y < b[3] + gap and high_y > b[1] - gap for b in boxes)

    return [number for number in numbers if clear(number)]


def _gap(a, b, axis: int) -> float:
    """The free space between two neighbouring tick values along their row."""
    if axis == 0:
        return float(b.get_left()[0] - a.get_right()[0])
    return float(b.get_bottom()[1] - a.get_top()[1])


def _grid_values(low: float, high: float, step: float) -> np.ndarray:
    """Where grid lines go along one axis of [``low``, ``high``]: the multiples of ``step``."""
    first = np.ceil(low / step - 1e-9) * step
    return np.arange(first, high + step * 1e-9, step)


def _outline(axes: Axes, theme: Theme) -> Polygon:
    x0, x1 = axes.x_range[:2]
    y0, y1 = axes.y_range[:2]
    return Polygon(axes.c2p(x0, y0), axes.c2p(x1, y0), axes.c2p(x1, y1), axes.c2p(x0, y1),
                   stroke_color=theme.grid, stroke_width=2)
