"""`margin-speed`: how the margin governs the perceptron's speed.

The same perceptron (with offset, as in the lecture) runs on data sets whose
margin shrinks: for each requested margin, several data sets from
``linviz.generators.separable`` (``linviz.sweeps.margin_sweep``, seeded by
the scene's seed). For each run the engine records the updates M, and the
theorem's R and γ (on the lifted points [x, 1]) give the bound (R/γ)². One
plot shows every run as M against (R/γ)², on logarithmic scales, under the
line M = (R/γ)² that no run can cross. For each margin one run is replayed
on the data plane, with the band of half-width γ around θ*; at the end, the
slowest run of the smallest margin.

The scene computes nothing: the sweep is the engine's, the scene replays it.
The animated state is ``self.tracker``, the update count M of the run on
screen (fractional between updates).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Circle, Dot, ValueTracker, VGroup, linear

from linviz.sweeps import DEFAULT_MARGINS, margin_sweep
from linviz.replay import state_at
from scenes.toolkit import style, wording
from scenes.base import LinvizScene
from scenes.toolkit.geometry import square_box_around_disk
from scenes.toolkit.layout import StillFirst, appear, board, still_parts, vanish
from scenes.toolkit.mobjects import (
    DataPlane, Hyperplane, LiveValue, MarginBand, MarkerCloud, fmt, text,
)
from scenes.toolkit.plots import LogLogPlot


def median_run(row):
    """The run of a row with the median number of updates (the lower of the two middle ones)."""
    order = np.argsort([run.updates for run in row], kind="stable")
    return row[int(order[(len(row) - 1) // 2])]


def band_in_plane(run) -> tuple[np.ndarray, float, float]:
    """(a, b, w): θ*ᵀ[x, 1] = 0 is the line aᵀx + b = 0 of the plane, and the points
    with margin below γ on [x, 1] form the band of half-width w = γ/‖a‖ around it."""
    star = np.asarray(run.theta_star, dtype=float)
    a = star[:2]
    b = float(star[2]) if len(star) > 2 else 0.0
    return a, b, run.gamma / float(np.linalg.norm(a))


class MarginSpeedScene(StillFirst, LinvizScene):
    """The perceptron's updates against the bound (R/γ)² over data sets of shrinking margin."""

    # the scene makes its own data sets (the sweep); --seed seeds them
    default_data = "separable"
    sweep_margins = DEFAULT_MARGINS
    sweep_repeats = 7

    def make_sweep(self):
        """The engine's sweep this scene replays."""
        return margin_sweep(self.sweep_margins, repeats=self.sweep_repeats, seed=self.seed)

    story = ("introduce", "show_margins", "show_slowest", "conclude")

    def make_trace(self):
        """No single run: the scene replays the engine's sweep (kept as ``self.sweep``)."""
        self.sweep = self.make_sweep()
        return None

    def show_margins(self) -> None:
        for j in range(len(self.sweep.margins)):
            self.show_margin(j)

    # -- drawings ----------------------------------------------------------
    def build(self) -> None:
        theme, sweep = self.theme, self.sweep
        all_X = np.vstack([run.data.X for run in sweep.all_runs()])
        disk = float(np.max(np.linalg.norm(all_X, axis=1)))
        self.plane = DataPlane(all_X[:2], np.array([1.0, -1.0]), theme,
                               box=square_box_around_disk(all_X, disk))
        self.plane.remove(self.plane.markers)
        #: the runs replayed on the plane: one per margin, then the slowest of the last
        self.shown = [median_run(row) for row in sweep.runs] + [sweep.slowest()]
        self.clouds = [MarkerCloud(run.data.y, theme, style.SWEEP_POINT_SIZE,
                                   positions=self.plane.c2p_many(run.data.X))
                       for run in self.shown]
        self.run = self.shown[0]
        self.tracker = ValueTracker(0.0)
        self.band = MarginBand(self.plane, *band_in_plane(self.run), theme.correct)
        self.hyperplane = Hyperplane(self.plane, np.zeros(2), 0.0, show_normal=False)
        self.ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                           stroke_width=style.RING_STROKE).set_stroke(opacity=0)
        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.state_at()))
        self.ring.add_updater(lambda _: self.follow_ring())

        self.title = self.make_title("Smaller margin, more updates")
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
        self.board_values = VGroup(*[value.number for value in self.values.values()])
        self.dots = [VGroup(*[Dot(self.plot.c2p(run.bound, run.updates), radius=style.SWEEP_DOT,
                                  color=theme.step) for run in row_runs])
                     for row_runs in sweep.runs]
        self.dot_ring = Circle(radius=style.SWEEP_DOT * 3, color=theme.highlight,
                               stroke_width=style.RING_STROKE)
        self.show_run_values(0)

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
        steps = self.run.trace.steps
        i = int(steps["i"][np.flatnonzero(steps["mistake"])[m - 1]])
        self.ring.move_to(self.plane.c2p(self.run.data.X[i])).set_stroke(opacity=1)

    def show_run_values(self, M: int) -> None:
        run = self.run
        self.values["gamma"].set_value(fmt(run.gamma, 3))
        self.values["R"].set_value(fmt(run.R))
        self.values["bound"].set_value(fmt(run.bound, 0))
        self.values["M"].set_value(str(M))

    # -- the story ---------------------------------------------------------
    def introduce(self) -> None:
        self.section("setup")
        sweep = self.sweep
        margins = ", ".join(fmt(m, 3).rstrip("0").rstrip(".") for m in sweep.margins)
        self.narrate(f"The same perceptron on {len(sweep.margins) * sweep.repeats} data sets: "
                     f"{sweep.repeats} for each margin {margins}, each drawn at random.", 5)
        self.play(appear(self.title), appear(self.plane), appear(self.right_board),
                  run_time=style.RUN_INTRO)
        self.remove(self.right_board)
        self.board_still = still_parts(self.right_board, self.board_values)
        # only M changes while a run plays; the other values change between plays
        counter = self.values["M"].number
        others = VGroup(*[number for number in self.board_values if number is not counter])
        self.add(self.board_still, others)
        # the title, the plane and the board's still parts never change again
        self.freeze(self.title, self.plane, self.board_still)
        self.settle(others)
        self.add(self.hyperplane, self.ring, counter)
        counter.add_updater(lambda _: self.values["M"].set_value(
            str(int(np.floor(self.tracker.get_value() + 1e-9)))))
        self.narrate("Each run is a dot: its updates M against the bound (R/γ)² of the "
                     "theorem, measured on the lifted points [x, 1]. No dot can lie above "
                     "the line.", 6)
        self.wait(style.PAUSE_READ * 2)

    def switch_run(self, k: int) -> None:
        """Put run k of ``self.shown`` on the plane: its points, its θ* band, θ = 0."""
        previous = [c for c in self.clouds if c in self.mobjects]
        self.run = self.shown[k]
        self.tracker.set_value(0)
        self.band.set_band(*band_in_plane(self.run))
        self.show_run_values(0)
        fades = [vanish(c) for c in previous] + [appear(self.clouds[k])]
        if self.band not in self.mobjects:
            fades.append(appear(self.band))
        self.play(*fades, run_time=style.PAUSE_SHORT)
        self.settle(self.band, self.clouds[k])

    def replay(self, run_time: float) -> None:
        self.play(self.tracker.animate.set_value(self.run.updates), run_time=run_time,
                  rate_func=linear)
        self.values["M"].set_value(str(self.run.updates))

    def show_margin(self, j: int) -> None:
        margin = self.sweep.margins[j]
        self.section(f"margin-{fmt(margin, 3).rstrip('0').rstrip('.')}")
        self.switch_run(j)
        run = self.run
        self.narrate(f"Margin at least {wording.number(margin, 3).rstrip('0').rstrip('.')}: this data set "
                     f"has γ = {wording.number(run.gamma, 3)}, so at most {wording.number(run.bound, 0)} updates; "
                     f"the perceptron makes {run.updates}.", 5)
        self.replay(style.RUN_REPLAY)
        row = self.sweep.runs[j]
        ups = sorted(r.updates for r in row)
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        self.play(appear(self.dots[j]), appear(self.dot_ring), run_time=style.PAUSE_SHORT)
        self.settle(self.dots[j])
        self.narrate(f"Its {len(row)} data sets took {', '.join(map(str, ups))} updates.", 3)
        self.wait(style.PAUSE_READ)

    def show_slowest(self) -> None:
        self.section("small-margin")
        self.switch_run(len(self.shown) - 1)
        run = self.run
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        self.narrate(f"The slowest run at the smallest margin: γ = {wording.number(run.gamma, 3)}. The "
                     "closest points are so near the line that each update overshoots, and "
                     "the boundary swings back and forth.", 7)
        self.replay(max(style.RUN_REPLAY, style.RUN_VISIT * run.updates))
        self.narrate(f"{run.updates} updates, of the {wording.number(run.bound, 0)} the theorem allows.", 3)
        self.wait(style.PAUSE_READ)

    def conclude(self) -> None:
        self.section("summary")
        sweep = self.sweep
        medians = np.median(sweep.updates, axis=1)
        below = int(np.count_nonzero(sweep.updates <= sweep.bounds))
        total = sweep.updates.size
        typical = ", ".join(fmt(m, 1).rstrip("0").rstrip(".") for m in medians)
        trend = ("and the runs slow down too" if medians[-1] > medians[0]
                 else "but these runs did not slow down")
        self.narrate(f"{below} of {total} runs lie under the line. As γ shrinks the bound "
                     f"grows like 1/γ², {trend}: median updates {typical}.", 7)
        note = text(f"median updates per margin: {typical}", self.theme, style.FONT_SMALL,
                    self.theme.step)
        note.next_to(self.plot, DOWN, buff=style.SMALL_BUFF).set_x(style.PANEL_LEFT,
                                                                    direction=LEFT)
        self.play(appear(note), vanish(self.dot_ring), run_time=style.PAUSE_SHORT)
        self.settle(note)
        self.wait(style.PAUSE_READ * 3)
