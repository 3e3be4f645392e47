"""`margin-speed`: how the margin governs the perceptron's speed.

The same perceptron (with offset, as in the lecture) runs on data sets whose
margin shrinks: for each requested margin, several data sets from
``linviz.generators.separable`` (``linviz.sweeps.margin_sweep``, seeded by
the scene's seed). For each run the engine records the updates M, and the
theorem's R and γ (on the lifted points [x, 1]) give the bound (R/γ)². One
plot shows every run as M against (R/γ)², on logarithmic scales, under the
line M = (R/γ)² that no run can cross. For each margin one run, chosen by the
rule the scene states, is replayed on the data plane, with θ* and the band of
half-width γ around it; at the end, the slowest run of the smallest margin.

The scene computes nothing: its lesson (``linviz.lessons.margin_speed``) holds
the sweep, the runs replayed, every number and every run-dependent word; the
scene draws it. The animated state is ``self.tracker``, the update count M of
the run on screen (fractional between updates).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Circumscribe, Create, Indicate, ValueTracker, linear, smooth

from linviz.lessons.margin_speed import band_in_plane, margin_speed_lesson
from linviz.lessons.margin_speed_story import margin_speed_storyboard, median_text, ratio_text
from linviz.sweeps import DEFAULT_MARGINS
from scenes.base import LinvizScene
from scenes.margin_speed_parts.plane import MarginSpeedPlane
from scenes.margin_speed_parts.plot import MarginSpeedPlot
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.screen_text import text


class MarginSpeedScene(MarginSpeedPlane, MarginSpeedPlot, LinvizScene):
    """The perceptron's updates against the bound (R/γ)² over data sets of shrinking margin."""

    # the scene makes its own data sets (the sweep); --seed seeds them
    default_data = "separable"
    sweep_margins = DEFAULT_MARGINS
    sweep_repeats = 7

    def make_lesson(self):
        """The engine's lesson this scene draws: the sweep, the runs replayed, the words
        (:func:`linviz.lessons.margin_speed.margin_speed_lesson`). No single run: the
        scene replays the lesson's sweep."""
        return margin_speed_lesson(seed=self.seed, margins=self.sweep_margins,
                                   repeats=self.sweep_repeats)

    def make_storyboard(self, lesson):
        return margin_speed_storyboard(lesson, self.scene_name())

    @property
    def sweep(self):
        """The lesson's sweep, which the scene replays (``self.lesson.sweep``)."""
        return self.lesson.sweep

    # -- drawings ----------------------------------------------------------
    def build(self) -> None:
        self.build_plane()
        self.title = self.make_title(TITLES[self.lesson.trend])
        self.build_plot()
        self.build_legend()
        self.rule_note = self.make_rule_note()
        self.show_run_values(0)

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_intro(self, beat) -> None:
        """The title, the plane with one data set of the sweep, and the board."""
        self.play(appear(self.title), appear(self.plane), appear(self.plot),
                  appear(self.clouds[0]), run_time=style.RUN_INTRO)
        # the title, the plane and the plot never change again; the values over the plot
        # come as they are said (show_header)
        self.still(self.title, self.plane, self.plot, self.clouds[0])
        self.add(self.hyperplane, self.no_boundary, self.ring)
        self.values["M"].number.add_updater(lambda _: self.values["M"].set_value(
            str(int(np.floor(self.tracker.get_value() + 1e-9)))))

    def show_header(self, level: str) -> None:
        """The run's values over the plot as far as they have been said (``HEADER``)."""
        shown = HEADER[level]
        come = [value for name, value in self.values.items()
                if name in shown and not self.on_screen(value)]
        go = [value for name, value in self.values.items()
              if name not in shown and self.on_screen(value)]
        if come or go:
            self.play(*[appear(v) for v in come], *[vanish(v) for v in go],
                      run_time=style.PAUSE_SHORT)
        for value in go:
            self.remove(value)

    def draw_legend(self, beat) -> None:
        self.play(appear(self.legend), run_time=style.PAUSE_SHORT)
        self.still(self.legend)

    def draw_switch_run(self, beat) -> None:
        self.show_header(beat.state["header"])  # a run's bound and M leave with it
        self.switch_run(beat.state["run"])

    def draw_replay(self, beat) -> None:
        self.show_header(beat.state["header"])
        self.replay(style.RUN_REPLAY, to=beat.state["M"])

    def draw_dots(self, beat) -> None:
        """The dots of a margin's runs, the replayed one ringed (and the rule that chose it,
        the first time)."""
        j = beat.state["dots"] - 1
        run = self.shown[beat.state["ring"]]
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        shown = [appear(self.dots[j]), appear(self.dot_ring)]
        if beat.state["note"] == "rule" and not self.on_screen(self.rule_note):
            shown.append(appear(self.rule_note))
        self.play(*shown, run_time=style.RUN_INTRO)
        if self.on_screen(self.rule_note):
            self.still(self.rule_note)
        self.still(self.dots[j])

    def draw_slow_updates(self, beat) -> None:
        """The slowest run on the plane, its dot ringed, its first updates one by one."""
        run = self.shown[beat.state["run"]]
        self.switch_run(beat.state["run"])
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        self.play(appear(self.dot_ring), run_time=style.PAUSE_SHORT)
        for m in range(1, beat.state["M"] + 1):
            self.replay(style.RUN_SLOW_UPDATE, to=m)

    def draw_ghost_replay(self, beat) -> None:
        """The rest of the run, fast, each line it leaves kept as a ghost."""
        rest = beat.state["M"] - int(round(self.tracker.get_value()))
        self.follow_ghosts()
        self.add(self.ghosts)
        self.ghosts.add_updater(lambda _: self.follow_ghosts())
        self.replay(min(style.RUN_GHOSTS_MAX, max(style.RUN_REPLAY, style.RUN_GHOST * rest)),
                    to=beat.state["M"])
        self.ghosts.clear_updaters()

    def draw_indicate_M(self, beat) -> None:
        self.play(Circumscribe(self.values["M"], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_spread_note(self, beat) -> None:
        """The ghosts and the ring go; under the plot, each margin's median and range."""
        lesson = self.lesson
        if self.on_screen(self.ghosts):
            self.play(vanish(self.ghosts), run_time=style.PAUSE_SHORT)
        spread = ", ".join(f"{median_text(m)} ({low}–{high})" for m, (low, high) in
                           zip(lesson.medians, lesson.update_ranges()))
        self.spread_note = note = text(f"median M (least–most): {spread}", self.theme,
                                       style.FONT_TINY, self.theme.step)
        note.move_to(self.rule_note, aligned_edge=LEFT)
        self.play(vanish(self.rule_note), appear(note), vanish(self.dot_ring),
                  run_time=style.PAUSE_SHORT)
        self.still(note)

    def draw_indicate_bound(self, beat) -> None:
        """The line M = (R/γ)², far above the dots, and how far: the runs' least and
        largest ratio of bound to updates, under the legend."""
        ratios = self.lesson.bound_ratios
        self.ratio_note = note = text(
            f"bound \/ updates: ${ratio_text(np.min(ratios))}$ to "
            f"${ratio_text(np.max(ratios))}$", self.theme, style.FONT_TINY, self.theme.bound)
        note.next_to(self.legend, DOWN, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        self.play(Indicate(self.plot.diagonal, color=self.theme.highlight, scale_factor=1.0),
                  appear(note), run_time=style.RUN_INTRO)
        self.still(note)
        # a play of the plot's line split the still plot: its parts stand still again
        self.remove(self.plot.diagonal)
        self.still(self.plot.diagonal)

    def switch_run(self, k: int) -> None:
        """Put run k of ``self.shown`` on the plane: its points, θ* and its band, θ = 0."""
        previous = [c for c in self.clouds if self.on_screen(c) and c is not self.clouds[k]]
        self.shown_index, self.run = k, self.shown[k]
        self.tracker.set_value(0)
        self.band.set_band(*band_in_plane(self.run))
        self.place_star()
        self.show_run_values(0)
        fades = [vanish(c) for c in previous]
        if not self.on_screen(self.clouds[k]):
            fades.append(appear(self.clouds[k]))
        first_band = not self.on_screen(self.band)
        if first_band:
            fades += [Create(self.star_line), appear(self.star_label)]
        if self.on_screen(self.dot_ring):  # it marks the run that was on screen
            fades.append(vanish(self.dot_ring))
        if fades:
            self.play(*fades, run_time=style.RUN_INTRO)
        if first_band:
            self.widen_band()
        self.still(self.clouds[k])
        if self.on_screen(self.band):
            self.still(self.band, self.star_line, self.star_label, under=self.clouds[k])

    def widen_band(self) -> None:
        """θ*'s band grows from its line to the half-width γ/‖a‖, where it meets the
        nearest points: the widest margin, shown as a width."""
        a, b, half = band_in_plane(self.run)
        width = ValueTracker(0.0)
        self.band.set_band(a, b, 0.0)
        self.add(self.band)
        self.band.add_updater(lambda band: band.set_band(a, b, width.get_value()))
        self.play(width.animate.set_value(half), run_time=style.RUN_WIDEN, rate_func=smooth)
        self.band.clear_updaters()
        self.band.set_band(a, b, half)

    def replay(self, run_time: float, to: float | None = None) -> None:
        end = self.run.updates if to is None else to
        self.play(self.tracker.animate.set_value(end), run_time=run_time, rate_func=linear)
        self.values["M"].set_value(str(int(end)))


#: the values over the plot shown at each ``header`` of the storyboard
HEADER = {"none": (), "gamma": ("gamma", "R"), "all": ("gamma", "R", "bound", "M")}

#: the title, by the lesson's trend of the median updates
TITLES = {"rising": "Smaller margin, more updates",
          "rising overall": "Smaller margin, more updates on the whole",
          "not rising": "Smaller margin, a larger bound"}
