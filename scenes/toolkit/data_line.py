"""A 1-D data set drawn on a number line: each point a disc in its class colour.

Points x⁽ⁱ⁾ ∈ ℝ go to ``n2p(x)`` on a line with round ticks (0 always among
them, since an offset is measured from it). Discs closer than a disc's width
would hide each other, so they are stacked, as in a dot plot: the points are
taken in order of x and each goes on the lowest level where it overlaps no
disc already placed (:func:`stack_levels`, numpy only). A key names the class
colours, and ``mark`` rings one point with a label placed clear of the discs
(``placement.best_offset``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Line, VGroup

from . import style
from linviz.geometry import nice_step
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs
from .screen_text import fmt, math, text
from .placement import best_offset, box_around
from .style import Theme


def stack_levels(positions: np.ndarray, spacing: float) -> np.ndarray:
    """Level (0, 1, …) of each point so that points on one level are ≥ ``spacing`` apart.

    Greedy in order of position (ties by index): each point takes the lowest
    level whose last point lies at least ``spacing`` to its left. Shape (n,).
    """
    positions = np.asarray(positions, dtype=float).ravel()
    levels = np.zeros(len(positions), dtype=int)
    last: list[float] = []  # the rightmost position on each level so far
    for i in np.argsort(positions, kind="stable"):
        for level, right in enumerate(last):
            if positions[i] - right >= spacing - 1e-12:
                levels[i], last[level] = level, positions[i]
                break
        else:
            levels[i] = len(last)
            last.append(positions[i])
    return levels


class DataLine(VGroup):
    """1-D points ``values`` with ``labels`` ±1 on a number line ``width`` units long.

    Parts: the line, ticks and their numbers, the axis name ``x`` at the right
    end, one disc per point (stacked where they would overlap, see
    :func:`stack_levels`), and a key of the class colours above the line's
    right end.
    """

    def __init__(self, values: Sequence[float], labels: Sequence[float], theme: Theme,
                 width: float = 5.0, radius: float = style.DATA_LINE_DISC):
        self.theme = theme
        self.values = np.asarray(values, dtype=float).ravel()
        self.labels = np.asarray(labels, dtype=float).ravel()
        self.radius = radius
        span_values = np.append(self.values, 0.0)
        low, high = float(span_values.min()), float(span_values.max())
        step = nice_step(max(high - low, 1.0))
        self.low = float(np.floor(low / step) * step)
        self.high = float(np.ceil(high / step) * step)
        if self.high - self.low < step:
            self.high = self.low + step
        self.line = Line(LEFT * width / 2, RIGHT * width / 2, stroke_width=2, color=theme.muted)
        places = max(0, int(-np.floor(np.log10(step) + 1e-9)))
        self.ticks, self.tick_labels = VGroup(), VGroup()
        for k in range(int(round((self.high - self.low) / step)) + 1):
            value = self.low + k * step
            point = self.n2p(value)
            self.ticks.add(Line(point + DOWN * style.SCORE_TICK, point + UP * style.SCORE_TICK,
                                stroke_width=2, color=theme.muted))
            number = GlyphNumber(fmt(value, places), style.FONT_SMALL, theme.text)
            number.set_color(theme.muted)
            self.tick_labels.add(number.move_to(point + DOWN * (style.SCORE_TICK + 0.22)))
        merge_glyphs(self.tick_labels)
        self.axis_label = math("x", theme, style.FONT_SMALL).set_color(theme.muted)
        self.axis_label.next_to(self.line, RIGHT, buff=style.SMALL_BUFF)
        gap = style.DATA_LINE_GAP
        levels = stack_levels(self.values, 2 * radius + gap)
        self.discs = VGroup()
        for value, label, level in zip(self.values, self.labels, levels):
            colour = theme.positive if label > 0 else theme.negative
            disc = Circle(radius=radius, stroke_width=0, fill_color=colour, fill_opacity=1)
            self.discs.add(disc.move_to(self.n2p(value) + UP * level * (2 * radius + gap)))
        swatch = "#sym.circle.filled"
        self.key = text(f'#text(fill: rgb("{theme.positive}"))[{swatch}] $+1$#h(1em)'
                        f'#text(fill: rgb("{theme.negative}"))[{swatch}] $-1$', theme,
                        style.FONT_SMALL, theme.muted)
        self.key.next_to(self.line.get_right(), UP, buff=style.DATA_LINE_KEY_BUFF,
                         aligned_edge=RIGHT)
        super().__init__(self.line, self.ticks, self.tick_labels, self.axis_label, self.discs,
                         self.key)

    def n2p(self, value: float) -> np.ndarray:
        """The screen point of the number ``value`` on the line, wherever the line is."""
        start, end = self.line.get_start(), self.line.get_end()
        return start + (float(value) - self.low) / (self.high - self.low) * (end - start)

    def mark(self, i: int, label: str, colour: str) -> VGroup:
        """A ring around point i's disc and ``label`` (Typst markup) beside it, clear of
        the other discs, the ticks' numbers and the key. Not part of the line."""
        centre = self.discs[i].get_center()
        ring = Circle(radius=self.radius * 1.9, color=colour, stroke_width=style.RING_STROKE / 2)
        ring.move_to(centre)
        words = text(label, self.theme, style.FONT_SMALL, colour)
        others = [d.get_center() for k, d in enumerate(self.discs) if k != i]
        obstacles = [box_around(np.array(others), self.radius * 1.3) if others
                     else np.zeros((0, 5))]
        for mobject, weight in ((self.tick_labels, 100.0), (self.key, 100.0),
                                (self.line, 1.0), (self.axis_label, 100.0)):
            obstacles.append(np.array([[*mobject.get_corner(DOWN + LEFT)[:2],
                                        *mobject.get_corner(UP + RIGHT)[:2], weight]]))
        offset = best_offset(centre, (words.width, words.height), np.vstack(obstacles),
                             gap=ring.width / 2 + 0.04, preferred=4)
        words.move_to(centre + np.array([offset[0], offset[1], 0.0]))
        return VGroup(ring, words)
