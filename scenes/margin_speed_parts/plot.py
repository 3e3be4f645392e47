"""The plot of `margin-speed`: the live values (γ, R, (R/γ)², M) over a log-log plot of
every run's updates M against its bound (R/γ)², a dot per run in its margin's colour under
the line M = (R/γ)², the legend of the colours, and the rule that chose the runs replayed."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Circle, Dot, VGroup

from linviz.lessons.margin_speed import MIN_GAMMA_FALL
from linviz.lessons.margin_speed_story import margin_text
from scenes.toolkit import style
from scenes.toolkit.layout import board
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plots import LogLogPlot
from scenes.toolkit.screen_text import fmt, math, text


class MarginSpeedPlot:
    """The plot of the sweep (a part of :class:`scenes.margin_speed.MarginSpeedScene`)."""

    def build_plot(self) -> None:
        """The live values over the log-log plot of M against (R/γ)², a dot per run in its
        margin's colour, and the ring that singles one out."""
        theme, sweep = self.theme, self.sweep
        bounds, updates = sweep.bounds, sweep.updates
        self.values = {
            "gamma": LiveValue("gamma", fmt(float(np.max(sweep.gammas)), 3), theme,
                               colour=theme.correct),
            "R": LiveValue("R", fmt(self.run.R), theme),
            "bound": LiveValue("(R \\/ gamma)^2", fmt(float(np.max(bounds)), 0), theme,
                               colour=theme.bound),
            "M": LiveValue("M", str(int(np.max(updates))), theme, colour=theme.step),
        }
        self.values["gamma"].label.set_color(theme.correct)
        self.values["bound"].label.set_color(theme.bound)
        row = VGroup(*self.values.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        self.plot = LogLogPlot(min(float(np.min(updates)), float(np.min(bounds))),
                               float(np.max(bounds)), theme, x_label="(R \\/ gamma)^2",
                               y_label="\"updates\" M",
                               diagonal_label="M = (R \\/ gamma)^2")
        self.right_board = board([row, self.plot], self.title)
        self.plot.shift(RIGHT * style.LOG_PLOT_INDENT)
        self.group_colours = [style.SWEEP_GROUP_COLOURS[j % len(style.SWEEP_GROUP_COLOURS)]
                              for j in range(len(sweep.margins))]
        self.dots = [VGroup(*[Dot(self.plot.c2p(run.bound, run.updates), radius=style.SWEEP_DOT,
                                  color=colour).set_stroke(theme.background,
                                                           width=style.SWEEP_DOT_STROKE)
                              for run in row_runs])
                     for row_runs, colour in zip(sweep.runs, self.group_colours)]
        self.dot_ring = Circle(radius=style.SWEEP_DOT * 3, color=theme.highlight,
                               stroke_width=style.RING_STROKE)

    def build_legend(self) -> None:
        """The legend of the dots' colours, a row per requested margin."""
        theme, sweep, lesson = self.theme, self.sweep, self.lesson
        # each requested margin with the margins its data sets really have (at least as wide)
        self.legend_rows = [VGroup(Dot(radius=style.SWEEP_DOT, color=colour),
                                   math(f"{margin_text(margin)} space ({fmt(low, 2)}"
                                        f"\"–\"{fmt(high, 2)})", theme, style.FONT_TINY))
                            .arrange(RIGHT, buff=style.SMALL_BUFF)
                            for margin, colour, low, high in zip(
                                sweep.margins, self.group_colours,
                                lesson.plane_margins.min(axis=1), lesson.plane_margins.max(axis=1))]
        heading = text("margin asked (in the data)", theme, style.FONT_TINY, theme.muted)
        self.legend = VGroup(heading, *self.legend_rows).arrange(
            DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF / 2)
        # in the plot's empty corner above the line, where no run can be
        self.legend.next_to(self.plot.y_axis.get_end(), DOWN + RIGHT, buff=style.SMALL_BUFF * 2)

    def make_rule_note(self):
        """Under the plot: the rule that chose the runs replayed."""
        rule = ("replayed: per margin, the run nearest its median M keeping γ falling "
                f"≥ {MIN_GAMMA_FALL:.0%}, M rising" if self.lesson.ordered else "replayed: the median run of each margin")
        rule_note = text(rule, self.theme, style.FONT_TINY, self.theme.muted)
        rule_note.next_to(self.plot, DOWN, buff=style.SMALL_BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        return rule_note

    def show_run_values(self, M: int) -> None:
        run = self.run
        self.values["gamma"].set_value(fmt(run.gamma, 3))
        self.values["R"].set_value(fmt(run.R))
        self.values["bound"].set_value(fmt(run.bound, 0))
        self.values["M"].set_value(str(M))
