"""The chart of `classifier`'s section 6, Ex_learning_alg(𝒟ₙ; k): its pseudocode, a bar
per hypothesis with its training error and number, the current hypothesis' values, the
lines of those already shown left as ghosts, and the lowest's status line."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, GrowFromEdge, Line, Rectangle, VGroup

from linviz.geometry import clip_line
from scenes.classifier_parts.common import LINE_ARGMIN, PSEUDOCODE_BEST_OF_K
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.speed.glyph_numbers import GlyphNumber


class HypothesesChart:
    """The best of k hypotheses (a part of :class:`scenes.classifier.ClassifierScene`)."""

    def build_chart(self) -> None:
        """Section 6: the algorithm, one bar per hypothesis, and the current one's values."""
        theme, k = self.theme, self.k
        self.code = Pseudocode(PSEUDOCODE_BEST_OF_K, theme)
        self.code.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT,
                                                                     direction=LEFT)
        self.build_bars()
        self.current = {
            # empty until the first hypothesis is drawn
            "j": LiveValue("j", "", theme),
            "error": LiveValue("cal(E)_n (h^((j)))", "", theme, colour=theme.mistake),
        }
        self.current_row = VGroup(*self.current.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        # the axis sits low enough under the code for a bar of value 1 and its number
        axis_y = self.code.get_bottom()[1] - style.BUFF - style.CHART_HEIGHT - 2 * style.BUFF
        for part in (self.chart_axis, self.bars, self.bar_values, self.bar_indices):
            part.shift(UP * axis_y)
        self.current_row.next_to(self.bar_indices, DOWN, buff=style.BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        self.ghosts = self.make_ghost_lines()
        # the live row beside it shows ℰₙ(h⁽ʲ*⁾)
        self.best_status = text(f"$j^* = {self.best_index + 1}$: the lowest of the $k = {k}$",
                                theme, style.FONT_SMALL, theme.correct)
        self.best_status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)

    def build_bars(self) -> None:
        """The chart's axis at height 0, and on it a bar per hypothesis as high as its
        training error, its value above it and its number j below."""
        theme, k = self.theme, self.k
        spacing = style.CHART_WIDTH / k
        base_left = np.array([style.PANEL_LEFT, 0.0, 0.0])
        self.chart_axis = Line(base_left, base_left + RIGHT * style.CHART_WIDTH,
                               stroke_width=2, color=theme.muted)
        self.bars, self.bar_values, self.bar_indices = VGroup(), VGroup(), VGroup()
        for j, error in enumerate(self.errors):
            height = max(float(error) * style.CHART_HEIGHT, style.CHART_MIN_BAR)
            bar = Rectangle(width=spacing * style.CHART_BAR_FILL, height=height, stroke_width=0,
                            fill_color=theme.muted, fill_opacity=1)
            bar.move_to(base_left + RIGHT * spacing * (j + 0.5), aligned_edge=DOWN)
            self.bars.add(bar)
            value = GlyphNumber(fmt(float(error)), style.FONT_TINY, theme.text)
            self.bar_values.add(value.next_to(bar, UP, buff=style.SMALL_BUFF / 2))
            index = GlyphNumber(str(j + 1), style.FONT_TINY, theme.muted)
            self.bar_indices.add(index.next_to(self.chart_axis.point_from_proportion(
                (j + 0.5) / k), DOWN, buff=style.SMALL_BUFF))

    def make_ghost_lines(self) -> VGroup:
        """Each hypothesis' line, faint (unseen when it misses the plane's box)."""
        ghosts = VGroup()
        for j in range(self.k):
            theta, theta0 = self.hypothesis(j)
            segment = clip_line(theta, theta0, self.plane.box)
            ends = segment if segment is not None else (np.zeros(2), np.zeros(2))
            ghost = Line(self.plane.c2p(ends[0]), self.plane.c2p(ends[1]),
                         stroke_width=style.LINE_STROKE / 2, color=self.theme.muted)
            ghosts.add(ghost.set_stroke(opacity=0 if segment is None else style.GHOST_OPACITY))
        return ghosts

    def show_candidate(self, j: int, run_time: float) -> None:
        """Hypothesis j: its line (the previous one left as a ghost), mistakes and bar."""
        theta, theta0 = self.hypothesis(j)
        self.code.highlight(LINE_ARGMIN)
        if j > 0:
            self.bars[j - 1].set_fill(self.theme.muted)
            self.still(self.ghosts[j - 1], bottom=True)
        if not self.on_screen(self.hyperplane):
            self.add(self.hyperplane, self.theta_arrow)
        self.hyperplane.set_parameters(theta, theta0)
        self.place_theta(theta, theta0, clear_of=self.mark_mistakes(j))
        self.current["j"].set_value(j + 1)
        self.current["error"].set_value(float(self.errors[j]))
        self.bars[j].set_fill(self.theme.highlight)
        self.play(GrowFromEdge(self.bars[j], DOWN), FadeIn(self.bar_values[j]),
                  run_time=run_time)

    def mark_mistakes(self, j: int) -> np.ndarray:
        """Ring the points hypothesis j misclassifies; returns which they are."""
        wrong = self.lesson.wrong[j]
        for ring, is_wrong in zip(self.rings, wrong):
            ring.set_stroke(opacity=1 if is_wrong else 0)
        return wrong
