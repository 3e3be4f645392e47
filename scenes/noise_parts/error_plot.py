"""The error plot of `noise`: the training error after each pass, drawn up to the passes
played, in the pseudocode's place, with two dashed levels and their labels: the least
training error any line reaches, and (with flipped labels) the error of the line the data
was made with, which misses exactly the flipped points."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from linviz import formatting
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.plots import BoundPlot
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.speed.fast_shapes import FastDashedLines


class NoiseErrorPlot:
    """The error plot, its title and its dashed levels (a part of
    :class:`scenes.noise.NoiseScene`; it reads the scene's lesson as ``self.noise``)."""

    def build_error_plot(self) -> None:
        """The plot (its graph following the step), laid out in the pseudocode's place,
        which it takes from pass 2 on (the code stays the same); its title and the dashed
        levels' labels inside, top right, where the curve has been by then (the error
        after pass 1 is below 1)."""
        theme, lesson, n = self.theme, self.noise, self.data.n_samples
        self.epoch_errors = lesson.epoch_errors
        self.epoch_mistakes = lesson.epoch_updates
        self.error_plot = BoundPlot(self.epoch_errors, np.zeros_like(self.epoch_errors), theme,
                                    theme.mistake, theme.muted, width=style.NOISE_PLOT_WIDTH,
                                    height=style.NOISE_PLOT_HEIGHT, x_label="t",
                                    tick=2 * style.PLOT_TICK, tick_font=style.FONT_SMALL)
        self.plot_title = text("training error after pass $t$", theme, style.FONT_SMALL)
        #: the training error of the line the data was made with: it misses the flipped points
        self.flipped_fraction = lesson.flipped_fraction
        self.reference = self.make_reference()
        self.best_reference = self.make_best_reference()
        self.plot_group = VGroup(self.error_plot, self.plot_title)
        self.error_plot.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        lowest = self.panel[1].get_top()[1] + style.BUFF
        if self.error_plot.get_bottom()[1] < lowest:  # keep clear of the counters below
            room = self.error_plot.get_top()[1] - lowest
            self.error_plot.scale(room / self.error_plot.height, about_edge=UP + LEFT)
        self.plot_title.next_to(self.error_plot.c2p(self.error_plot.M_final,
                                                    self.error_plot.y_top), DOWN, buff=0,
                                aligned_edge=RIGHT)
        self.place_reference()
        self.error_plot.graph.add_updater(
            lambda _: self.error_plot.set_progress(self.tracker.get_value() / n))
        self.error_plot.set_progress(0.0)

    def make_reference(self) -> VGroup:
        """The dashed line at the flipped fraction and its label (empty without flipped labels)."""
        if not self.noise.has_flipped_labels:
            return VGroup()
        theme, n, k = self.theme, self.data.n_samples, len(self.flipped)
        line = FastDashedLines(theme.highlight)
        fraction = fmt(self.flipped_fraction, formatting.error_places(self.flipped_fraction))
        label = text(f"dashed: {k} of {n} labels flipped, ${fraction}$",
                     self.theme, style.FONT_SMALL, theme.highlight)
        return VGroup(line, label)

    def make_best_reference(self) -> VGroup:
        """The dashed line at the least training error any line reaches, and its label."""
        theme, best = self.theme, self.noise.best_line
        line = FastDashedLines(theme.correct)
        value = fmt(best.error, formatting.error_places(best.error))
        label = text(f"dashed: the best line, {best.mistakes} of {best.n} wrong, ${value}$",
                     theme, style.FONT_SMALL, theme.correct)
        return VGroup(line, label)

    def place_reference(self) -> None:
        """Each dashed level across the plot at its error, its label under the plot's title
        (one under the other), in the line's colour."""
        plot, end_t = self.error_plot, self.error_plot.M_final
        above = self.plot_title
        for reference, level in ((self.reference, self.flipped_fraction),
                                 (self.best_reference, self.noise.best_line.error)):
            if not len(reference):
                continue
            line, label = reference
            line.set_segments(np.array([plot.c2p(0, level)]), np.array([plot.c2p(end_t, level)]))
            label.next_to(above, DOWN, buff=style.SMALL_BUFF, aligned_edge=RIGHT)
            above = label

    def show_level(self, level, line=None) -> None:
        """A dashed level on the error plot with its label, and the line on the plane whose
        error it is (None: not in view), as the sentence names them."""
        drawn = [level, *([line] if line is not None else [])]
        self.play(*[appear(part) for part in drawn], run_time=style.RUN_INTRO)
        self.still(*drawn)
