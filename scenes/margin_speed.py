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
from manim import (
    DL, DOWN, LEFT, RIGHT, UP, UR, Circle, Circumscribe, Create, Dot, Indicate, Line,
    ValueTracker, VGroup, config, linear, smooth,
)

from linviz.lessons import lesson_for
from linviz.lessons.margin_speed import MIN_GAMMA_FALL, band_in_plane
from linviz.lessons.margin_speed_story import (margin_speed_storyboard, margin_text, median_text,
                                               ratio_text)
from linviz.replay import state_at
from linviz.sweeps import DEFAULT_MARGINS
from linviz.ties import least_index
from scenes.toolkit import style
from scenes.base import LinvizScene
from linviz.geometry import clip_line, square_box_around_disk
from scenes.toolkit.layout import appear, board, predicate_note, still_parts, vanish
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.placement import best_offset, box_around, covered_area
from scenes.toolkit.plane import DataPlane, GhostLines, Hyperplane, MarginBand, MarkerCloud
from scenes.toolkit.screen_text import fmt, math, text
from scenes.toolkit.plots import LogLogPlot


class MarginSpeedScene(LinvizScene):
    """The perceptron's updates against the bound (R/γ)² over data sets of shrinking margin."""

    # the scene makes its own data sets (the sweep); --seed seeds them
    default_data = "separable"
    sweep_margins = DEFAULT_MARGINS
    sweep_repeats = 7


    def make_lesson(self):
        """The engine's lesson this scene draws: the sweep, the runs replayed, the words."""
        return lesson_for("margin-speed")(seed=self.seed, margins=self.sweep_margins,
                                          repeats=self.sweep_repeats)

    def make_trace(self):
        """No single run: the scene replays the lesson's sweep (``self.lesson.sweep``)."""
        self.lesson = self.make_lesson()
        self.sweep = self.lesson.sweep
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = margin_speed_storyboard(self.lesson, self.scene_name())
        return None

    # -- drawings ----------------------------------------------------------
    def build(self) -> None:
        theme, sweep, lesson = self.theme, self.sweep, self.lesson
        all_X = np.vstack([run.data.X for run in sweep.all_runs()])
        disk = float(np.max(np.linalg.norm(all_X, axis=1)))
        self.plane = DataPlane(all_X[:2], np.array([1.0, -1.0]), theme,
                               box=square_box_around_disk(all_X, disk))
        self.plane.remove(self.plane.markers)
        #: the runs replayed on the plane: one per margin, then the slowest of the last
        self.shown, self.ordered = list(lesson.shown), lesson.ordered
        self.clouds = [MarkerCloud(run.data.y, theme, style.SWEEP_POINT_SIZE,
                                   positions=self.plane.c2p_many(run.data.X))
                       for run in self.shown]
        self.shown_index = 0
        self.run = self.shown[0]
        self.tracker = ValueTracker(0.0)
        self.band = MarginBand(self.plane, *band_in_plane(self.run), theme.correct)
        #: θ*'s line, the band's middle: θ*ᵀ[x, 1] = 0
        self.star_line = Line(stroke_color=theme.correct, stroke_width=style.LINE_STROKE / 2)
        #: θ*'s name and its band's half-width (the run's own margin), made again each run
        self.star_label = VGroup()
        self.place_star()
        self.hyperplane = Hyperplane(self.plane, np.zeros(2), 0.0, show_normal=False,
                                     show_notes=False)
        # the status follows the step (a note added to the boundary mid-play would stay
        # drawn through the play: Manim lists what moves when a play starts)
        self.no_boundary = predicate_note(Hyperplane.NOTES["zero"], theme,
                                          self.lesson_no_boundary).next_to(
            self.plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        self.ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                           stroke_width=style.RING_STROKE).set_stroke(opacity=0)
        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.state_at()))
        self.ring.add_updater(lambda _: self.follow_ring())
        #: the boundaries the slowest run has left behind, faint
        self.ghosts = GhostLines(self.plane, theme.boundary)

        self.title = self.make_title(TITLES[lesson.trend])
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
        self.dot_ring = Circle(radius=style.SWEEP_DOT * 3, color=theme.highlight,
                               stroke_width=style.RING_STROKE)
        rule = ("replayed: per margin, the run nearest its median M keeping γ falling "
                f"≥ {MIN_GAMMA_FALL:.0%}, M rising" if lesson.ordered else "replayed: the median run of each margin")
        self.rule_note = text(rule, theme, style.FONT_TINY, theme.muted)
        self.rule_note.next_to(self.plot, DOWN, buff=style.SMALL_BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        self.show_run_values(0)

    def lesson_no_boundary(self) -> bool:
        """The lesson's predicate at the tracker's step: no boundary yet (θ = 0)."""
        return self.lesson.no_boundary(self.shown_index,
                                       int(np.floor(self.tracker.get_value() + 1e-9)))

    def place_star(self) -> None:
        """θ*'s line across the plane; its label beside the line where it covers least of
        the run's markers, its final boundary and θ*'s line itself (the first such place)."""
        a, b, half = band_in_plane(self.run)
        label = text(f"$theta^*$: ${fmt(half, 3)}$", self.theme, style.FONT_SMALL,
                     self.theme.correct)
        label.add_background_rectangle(color=self.theme.background,
                                       opacity=style.LABEL_BACKDROP_OPACITY, buff=0.04)
        self.star_label.submobjects = [label]
        box = self.plane.box
        segment = clip_line(a, b, box)
        if segment is None:
            self.star_line.set_stroke(opacity=0)
            self.star_label.set_opacity(0)
            return
        ends = self.plane.c2p_many(np.asarray(segment))
        self.star_line.put_start_and_end_on(ends[0], ends[1]).set_stroke(opacity=1)
        along = np.linspace(0, 1, 24)[:, None]
        lines = [ends[0] + along * (ends[1] - ends[0])]
        final = clip_line(self.run.trace.states["theta"][-1],
                          float(self.run.trace.states["theta0"][-1]), box)
        if final is not None:
            final_ends = self.plane.c2p_many(np.asarray(final))
            lines.append(final_ends[0] + along * (final_ends[1] - final_ends[0]))
        ticks = self.plane.tick_boxes()  # text on text: weighed heavily
        obstacles = np.vstack([box_around(self.plane.c2p_many(self.run.data.X),
                                          style.SWEEP_POINT_SIZE),
                               box_around(np.vstack(lines), style.SMALL_BUFF / 2),
                               *([ticks] if len(ticks) else [])])
        # inside the plane, above the band at the bottom where a player draws captions
        bounds = np.array([*self.plane.axes.get_corner(DL)[:2],
                           *self.plane.axes.get_corner(UR)[:2]])
        bounds[1] = max(bounds[1], -config.frame_height / 2 + style.BOTTOM_BUFF)
        size = (self.star_label.width, self.star_label.height)
        places, costs = [], []
        for fraction in style.STAR_LABEL_ALONG:
            anchor = ends[0] + fraction * (ends[1] - ends[0])
            offset = best_offset(anchor, size, obstacles, gap=style.SMALL_BUFF, bounds=bounds)
            centre = anchor[:2] + offset[:2]
            half = np.asarray(size) / 2
            places.append(centre)
            costs.append(covered_area(np.array([*(centre - half), *(centre + half)]), obstacles))
        centre = places[least_index(costs)]
        self.star_label.move_to([centre[0], centre[1], 0.0]).set_opacity(1)
        label.background_rectangle.set_fill(opacity=style.LABEL_BACKDROP_OPACITY)

    def state_at(self, M: float | None = None):
        """(θ, θ₀) of the run on screen after M updates (the tracker's M when None)."""
        M = self.tracker.get_value() if M is None else M
        states = self.run.trace.states
        return state_at(states["theta"], states["theta0"],
                        np.arange(len(states["theta0"])), M)

    def follow_ring(self) -> None:
        """Ring the point of the update being made (none before the first)."""
        m = int(np.ceil(self.tracker.get_value() - 1e-9))
        if m == 0:
            self.ring.set_stroke(opacity=0)
            return
        i = int(self.lesson.shown_update_points[self.shown_index][m - 1])
        self.ring.move_to(self.plane.c2p(self.run.data.X[i])).set_stroke(opacity=1)

    def follow_ghosts(self) -> None:
        """Draw faintly the boundary after each update made so far but the last."""
        shown = max(0, int(np.floor(self.tracker.get_value() + 1e-9)) - 1)
        states = self.run.trace.states
        self.ghosts.show(states["theta"][1:shown + 1], states["theta0"][1:shown + 1])

    def show_run_values(self, M: int) -> None:
        run = self.run
        self.values["gamma"].set_value(fmt(run.gamma, 3))
        self.values["R"].set_value(fmt(run.R))
        self.values["bound"].set_value(fmt(run.bound, 0))
        self.values["M"].set_value(str(M))

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
