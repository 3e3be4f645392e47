"""A number line of scores with a moving marker, for a point's score before
and after updates.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from manim import (
    DOWN, LEFT, ORIGIN, RIGHT, UP, Dot, Line, Polygon, Rectangle, VGroup, VMobject,
)

from . import style
from linviz.geometry import nice_step
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs, merge_texts
from .style import Theme
from .speed.fast_shapes import drop_svg_paths
from .screen_text import math, text, fmt


#: side labels of score lines, typeset once per process (a copy is far cheaper)
_SIDE_LABELS: dict[tuple[str, str], VMobject] = {}


class ScoreLine(VGroup):
    """A number line of scores y(θᵀx + θ₀), 0 marked between mistake and correct.

    It spans ``values`` and 0 with some padding, with ticks at a round step
    labelled by glyph numbers; the side ≤ 0 is tinted in the mistake colour
    and the side > 0 in the correct colour, each named by ``side_labels``
    (typeset once; None leaves them out). ``n2p`` maps a score to the screen
    and ``p2n`` back, following the line wherever it is moved.

    ``marker`` (a dot on the line under a triangle) marks one score. It is
    not part of the group, so a scene can keep it above everything else
    while it moves: ``set_marker`` puts it at a score and colours it by side.
    """

    def __init__(self, values: Sequence[float], theme: Theme,
                 width: float = style.SCORE_LINE_WIDTH, label: str | None = None,
                 side_labels: tuple[str, str] | None = ("y·score $<= 0$: mistake",
                                                        "y·score $> 0$: correct"),
                 padding: float = style.SCORE_LINE_PADDING):
        self.theme = theme
        self._fit_range(values, padding)
        self.line = Line(LEFT * width / 2, RIGHT * width / 2, stroke_width=2, color=theme.muted)
        band = style.SCORE_BAND_HEIGHT
        self.mistake_side = self._band(self.low, 0.0, band, theme.mistake)
        self.correct_side = self._band(0.0, self.high, band, theme.correct)
        self.ticks, self.tick_labels = self._ticks()
        self.zero, self.zero_label = self._zero_mark()
        parts = [self.mistake_side, self.correct_side, self.line, self.ticks, self.tick_labels,
                 self.zero, self.zero_label]
        self.side_labels = self._side_labels(side_labels)
        if side_labels:
            parts.append(self.side_labels)
        self.label = None
        if label:
            self.label = math(label, theme, style.FONT_SMALL).next_to(
                self.line, RIGHT, buff=style.SMALL_BUFF)
            parts.append(self.label)
        super().__init__(*parts)
        drop_svg_paths(self)
        self.marker = self._marker()
        self.set_marker(0.0)

    def _fit_range(self, values: Sequence[float], padding: float) -> None:
        """The line's range [``low``, ``high``]: ``values`` and 0 with ``padding`` (a share
        of their span) on each side, out to whole multiples of a round ``step``."""
        values = np.append(np.asarray(values, dtype=float).ravel(), 0.0)
        low, high = float(values.min()), float(values.max())
        span = max(high - low, 1.0)
        self.step = nice_step(span * (1 + 2 * padding))
        self.low = float(np.floor((low - padding * span) / self.step) * self.step)
        self.high = float(np.ceil((high + padding * span) / self.step) * self.step)

    def _ticks(self) -> tuple[VGroup, VGroup]:
        """A tick at every multiple of the step but 0, and its value below it (glyph
        numbers, merged into one path)."""
        theme = self.theme
        places = max(0, int(-np.floor(np.log10(self.step) + 1e-9)))
        ticks, tick_labels = VGroup(), VGroup()
        for k in range(int(round((self.high - self.low) / self.step)) + 1):
            value = self.low + k * self.step
            if abs(value) < 1e-9 * self.step:
                continue  # 0 gets its own, taller mark
            point = self.n2p(value)
            ticks.add(Line(point + DOWN * style.SCORE_TICK, point + UP * style.SCORE_TICK,
                           stroke_width=2, color=theme.muted))
            # glyphs in the text colour, recoloured: one glyph set serves every label
            number = GlyphNumber(fmt(value, places), style.FONT_SMALL, theme.text)
            number.set_color(theme.muted)
            tick_labels.add(number.move_to(point + DOWN * (style.SCORE_TICK + 0.22)))
        merge_texts(tick_labels)  # each number keeps its box, for the layout checks
        return ticks, tick_labels

    def _zero_mark(self) -> tuple[Line, VMobject]:
        """The mark at 0, twice a tick's height in the boundary's colour, and its "0"."""
        theme = self.theme
        zero = self.n2p(0.0)
        mark = Line(zero + DOWN * 2 * style.SCORE_TICK, zero + UP * 2 * style.SCORE_TICK,
                    stroke_width=style.LINE_STROKE, color=theme.boundary)
        label = GlyphNumber("0", style.FONT_SMALL, theme.text).move_to(
            zero + DOWN * (style.SCORE_TICK + 0.22))
        merge_glyphs(label)
        return mark, label

    def _side_labels(self, side_labels: tuple[str, str] | None) -> VGroup:
        """The names of the two sides under the tick values, each in its side's colour and
        at its side's outer edge (empty without ``side_labels``)."""
        theme = self.theme
        # the sides are named under the numbers, leaving the space above for the marker
        notes = VGroup()
        if side_labels:
            for words, colour, side, edge in ((side_labels[0], theme.mistake, self.mistake_side,
                                               LEFT),
                                              (side_labels[1], theme.correct, self.correct_side,
                                               RIGHT)):
                key = (words, colour)
                if key not in _SIDE_LABELS:
                    _SIDE_LABELS[key] = merge_glyphs(text(words, theme, style.FONT_SMALL,
                                                          colour))
                note = _SIDE_LABELS[key].copy()
                note.next_to(self.tick_labels, DOWN, buff=style.SMALL_BUFF).align_to(side, edge)
                notes.add(note)
        return notes

    def _marker(self) -> VGroup:
        """The marker of one score: a dot on the line under a triangle pointing down at it."""
        size = style.SCORE_MARKER
        return VGroup(
            Dot(ORIGIN, radius=size * 0.6, color=self.theme.text),
            Polygon(UP * 0.25 + LEFT * size + UP * size * 1.6, UP * 0.25 + RIGHT * size
                    + UP * size * 1.6, UP * 0.25, stroke_width=0, fill_opacity=1),
        )

    def _band(self, start: float, end: float, height: float, colour: str) -> Rectangle:
        width = max(abs(self.n2p(end)[0] - self.n2p(start)[0]), 1e-3)
        band = Rectangle(width=width, height=height, stroke_width=0, fill_color=colour,
                         fill_opacity=2 * self.theme.shade_opacity)
        return band.move_to((self.n2p(start) + self.n2p(end)) / 2)

    def n2p(self, value: float) -> np.ndarray:
        """Screen point of the score ``value`` on the line."""
        start, end = self.line.get_start(), self.line.get_end()
        return start + (float(value) - self.low) / (self.high - self.low) * (end - start)

    def p2n(self, point: np.ndarray) -> float:
        """The score whose point on the line is nearest ``point``."""
        start, end = self.line.get_start(), self.line.get_end()
        along = np.dot(np.asarray(point) - start, end - start) / np.dot(end - start, end - start)
        return float(self.low + along * (self.high - self.low))

    def set_marker(self, value: float) -> "ScoreLine":
        """Move the marker to ``value``, in the mistake colour if ≤ 0, else the correct one."""
        self.marker.shift(self.n2p(value) - self.marker[0].get_center())
        self.marker.set_color(self.theme.mistake if value <= 0 else self.theme.correct)
        self.marker_value = float(value)
        return self

    def marker_point(self) -> np.ndarray:
        """Where the marker points on the line."""
        return self.marker[0].get_center()
