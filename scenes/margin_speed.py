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
from manim import DOWN, LEFT, RIGHT, Circle, Dot, ValueTracker, VGroup, VMobject, linear

from linviz.sweeps import DEFAULT_MARGINS, margin_sweep
from linviz.replay import state_at
from scenes.toolkit import style, wording
from scenes.base import LinvizScene
from scenes.toolkit.geometry import clip_line, square_box_around_disk
from scenes.toolkit.layout import appear, board, still_parts, vanish
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plane import DataPlane, Hyperplane, MarginBand, MarkerCloud
from scenes.toolkit.screen_text import fmt, math, text
from scenes.toolkit.plots import LogLogPlot


def median_run(row):
    """The run of a row with the median number of updates (the lower of the two middle ones)."""
    order = np.argsort([run.updates for run in row], kind="stable")
    return row[int(order[(len(row) - 1) // 2])]


def rank_from_middle(row, run) -> float:
    """How far ``run`` is from the middle of its row, in places of the row sorted by updates."""
    order = sorted(range(len(row)), key=lambda r: (row[r].updates, r))
    return abs(order.index(row.index(run)) - (len(row) - 1) / 2)


def representatives(rows) -> tuple[list, bool]:
    """One run per row, each with a smaller γ and more updates M than the one before when
    such a chain exists (the runs nearest the middle of their rows by M among all such
    chains, found by dynamic programming over the rows); ``(runs, True)`` then. Otherwise
    the median run of every row and ``False``: the story must not claim the order."""
    rows = [list(row) for row in rows]
    # best[j][r]: (cost, previous index) of the best chain ending at run r of row j
    best = [[(rank_from_middle(rows[0], run), None) for run in rows[0]]]
    for j in range(1, len(rows)):
        layer = []
        for run in rows[j]:
            options = [(best[j - 1][p][0], p) for p, before in enumerate(rows[j - 1])
                       if best[j - 1][p][0] < np.inf and run.gamma < before.gamma
                       and run.updates > before.updates]
            cost, p = min(options, default=(np.inf, None))
            layer.append((cost + rank_from_middle(rows[j], run), p))
        best.append(layer)
    end = min(range(len(rows[-1])), key=lambda r: (best[-1][r][0], r))
    if best[-1][end][0] == np.inf:
        return [median_run(row) for row in rows], False
    chain, r = [], end
    for j in range(len(rows) - 1, -1, -1):
        chain.append(rows[j][r])
        r = best[j][r][1]
    return chain[::-1], True


def band_in_plane(run) -> tuple[np.ndarray, float, float]:
    """(a, b, w): θ*ᵀ[x, 1] = 0 is the line aᵀx + b = 0 of the plane, and the points
    with margin below γ on [x, 1] form the band of half-width w = γ/‖a‖ around it."""
    star = np.asarray(run.theta_star, dtype=float)
    a = star[:2]
    b = float(star[2]) if len(star) > 2 else 0.0
    return a, b, run.gamma / float(np.linalg.norm(a))


class MarginSpeedScene(LinvizScene):
    """The perceptron's updates against the bound (R/γ)² over data sets of shrinking margin."""

    # the scene makes its own data sets (the sweep); --seed seeds them
    default_data = "separable"
    sweep_margins = DEFAULT_MARGINS
    sweep_repeats = 7
    #: the slowest run's first updates, played one by one before the rest
    slow_updates = 3

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
        chosen, self.ordered = representatives(sweep.runs)
        self.shown = [*chosen, sweep.slowest()]
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
        #: the boundaries the slowest run has left behind, faint
        self.ghosts = VMobject(stroke_color=theme.boundary, stroke_width=1.5,
                               stroke_opacity=style.GHOST_OPACITY, fill_opacity=0)
        self.ghosts_shown = -1

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
        self.group_colours = [style.SWEEP_GROUP_COLOURS[j % len(style.SWEEP_GROUP_COLOURS)]
                              for j in range(len(sweep.margins))]
        self.dots = [VGroup(*[Dot(self.plot.c2p(run.bound, run.updates), radius=style.SWEEP_DOT,
                                  color=colour).set_stroke(theme.background,
                                                           width=style.SWEEP_DOT_STROKE)
                              for run in row_runs])
                     for row_runs, colour in zip(sweep.runs, self.group_colours)]
        self.legend_rows = [VGroup(Dot(radius=style.SWEEP_DOT, color=colour),
                                   math(margin_text(margin), theme, style.FONT_TINY))
                            .arrange(RIGHT, buff=style.SMALL_BUFF)
                            for margin, colour in zip(sweep.margins, self.group_colours)]
        heading = text("requested margin", theme, style.FONT_TINY, theme.muted)
        self.legend = VGroup(heading, *self.legend_rows).arrange(
            DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF / 2)
        # in the plot's empty corner above the line, where no run can be
        self.legend.next_to(self.plot.y_axis.get_end(), DOWN + RIGHT, buff=style.SMALL_BUFF * 2)
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

    def follow_ghosts(self) -> None:
        """Draw faintly the boundary after each update made so far but the last."""
        shown = max(0, int(np.floor(self.tracker.get_value() + 1e-9)) - 1)
        if shown == self.ghosts_shown:
            return
        self.ghosts_shown = shown
        states = self.run.trace.states
        ends = []
        for m in range(1, shown + 1):
            segment = clip_line(states["theta"][m], float(states["theta0"][m]), self.plane.box)
            if segment is not None:
                ends.append(self.plane.c2p_many(np.asarray(segment)))
        self.ghosts.points = segment_points(np.array(ends)) if ends else np.zeros((0, 3))

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
        margins = ", ".join(margin_text(m) for m in sweep.margins)
        self.narrate(f"The same perceptron on {len(sweep.margins) * sweep.repeats} data sets: "
                     f"{sweep.repeats} for each margin {margins}, each drawn at random, "
                     f"like this one.", 5)
        self.run = self.shown[0]
        self.play(appear(self.title), appear(self.plane), appear(self.right_board),
                  appear(self.clouds[0]), run_time=style.RUN_INTRO)
        self.remove(self.right_board)
        self.board_still = still_parts(self.right_board, self.board_values)
        # only M changes while a run plays; the other values change between plays
        counter = self.values["M"].number
        others = VGroup(*[number for number in self.board_values if number is not counter])
        # the title, the plane and the board's still parts never change again
        self.still(self.title, self.plane, self.board_still, others, self.clouds[0])
        self.add(self.hyperplane, self.ring, counter)
        counter.add_updater(lambda _: self.values["M"].set_value(
            str(int(np.floor(self.tracker.get_value() + 1e-9)))))
        self.narrate("Each run will be a dot on the right: its updates M against the "
                     "theorem's bound (R/γ)², with R and γ measured on the lifted points "
                     "[x, 1]. The bound is a worst case: no dot can lie above its line.", 6)
        self.play(appear(self.legend), run_time=style.PAUSE_SHORT)
        self.still(self.legend)
        self.wait(style.PAUSE_READ)

    def switch_run(self, k: int) -> None:
        """Put run k of ``self.shown`` on the plane: its points, its θ* band, θ = 0."""
        previous = [c for c in self.clouds if self.on_screen(c) and c is not self.clouds[k]]
        self.run = self.shown[k]
        self.tracker.set_value(0)
        self.band.set_band(*band_in_plane(self.run))
        self.show_run_values(0)
        fades = [vanish(c) for c in previous]
        if not self.on_screen(self.clouds[k]):
            fades.append(appear(self.clouds[k]))
        if not self.on_screen(self.band):
            fades.append(appear(self.band))
        if self.on_screen(self.dot_ring):  # it marks the run that was on screen
            fades.append(vanish(self.dot_ring))
        self.play(*fades, run_time=style.PAUSE_SHORT)
        self.still(self.band, self.clouds[k])

    def replay(self, run_time: float, to: float | None = None) -> None:
        end = self.run.updates if to is None else to
        self.play(self.tracker.animate.set_value(end), run_time=run_time, rate_func=linear)
        self.values["M"].set_value(str(int(end)))

    def show_margin(self, j: int) -> None:
        margin = self.sweep.margins[j]
        self.section(f"margin-{margin_text(margin)}")
        before = self.run if j > 0 else None
        self.switch_run(j)
        run = self.run
        if j == 0:
            self.narrate(f"Margin {margin_text(margin)}: the generator keeps every point at "
                         f"least {margin_text(margin)} from its line in the plane. The "
                         f"theorem's γ is another margin: the one of the lifted points [x, 1], "
                         f"here γ = {wording.number(run.gamma, 3)}.", 5)
            self.narrate(f"The teal band shows it: its middle is θ*, the separator of [x, 1] "
                         f"through the origin with the widest margin γ, and no point lies "
                         f"inside. In the plane it is {wording.number(band_in_plane(run)[2], 2)} "
                         f"wide on each side.", 5)
        else:
            smaller = "smaller" if run.gamma < before.gamma else "not smaller"
            self.narrate(f"Margin {margin_text(margin)} in the plane; on [x, 1] this data set "
                         f"has γ = {wording.number(run.gamma, 3)}, {smaller} than the "
                         f"{wording.number(before.gamma, 3)} before.", 4)
        if before is None:
            compared = ""
        elif run.updates > before.updates:
            compared = f", more than the {before.updates} before"
        elif run.updates == before.updates:
            compared = ", as many as before"
        else:
            compared = f", fewer than the {before.updates} before"
        self.narrate(f"The theorem allows at most (R/γ)² = {wording.number(run.bound, 0)} "
                     f"updates; the perceptron makes {run.updates}{compared}.", 4)
        self.replay(style.RUN_REPLAY)
        row = self.sweep.runs[j]
        ups = sorted(r.updates for r in row)
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        self.narrate(f"The dots of its {len(row)} data sets: {', '.join(map(str, ups))} "
                     f"updates; the ringed one is the run just played.", 3)
        self.play(appear(self.dots[j]), appear(self.dot_ring), run_time=style.PAUSE_SHORT)
        self.still(self.dots[j])
        self.wait(style.PAUSE_READ)

    def show_slowest(self) -> None:
        self.section("small-margin")
        self.switch_run(len(self.shown) - 1)
        run = self.run
        slow = min(self.slow_updates, run.updates)
        self.dot_ring.move_to(self.plot.c2p(run.bound, run.updates))
        self.play(appear(self.dot_ring), run_time=style.PAUSE_SHORT)
        self.narrate(f"The slowest run at the smallest margin: γ = "
                     f"{wording.number(run.gamma, 3)}. Its first {slow} updates, one by one: "
                     f"each adds y·[x, 1] of the ringed point to [θ, θ₀].", 5)
        for m in range(1, slow + 1):
            self.replay(style.RUN_SLOW_UPDATE, to=m)
            self.wait(style.PAUSE_SHORT)
        rest = run.updates - slow
        if rest > 0:
            self.narrate(f"The other {rest} fast, each line it leaves behind kept as a faint "
                         f"ghost, until every point is on its side.", 5)
            self.ghosts_shown = -1
            self.follow_ghosts()
            self.add(self.ghosts)
            self.ghosts.add_updater(lambda _: self.follow_ghosts())
            self.replay(min(style.RUN_GHOSTS_MAX, max(style.RUN_REPLAY, style.RUN_GHOST * rest)))
            self.ghosts.clear_updaters()
        self.narrate(f"{run.updates} updates, of the {wording.number(run.bound, 0)} the "
                     f"theorem allows.", 3)
        self.wait(style.PAUSE_READ)

    def conclude(self) -> None:
        self.section("summary")
        sweep = self.sweep
        medians = np.median(sweep.updates, axis=1)
        below = int(np.count_nonzero(sweep.updates <= sweep.bounds))
        total = sweep.updates.size
        typical = ", ".join(fmt(m, 1).rstrip("0").rstrip(".") for m in medians)
        if np.all(np.diff(medians) > 0):
            trend = "and the runs slow down too"
        elif medians[-1] > medians[0]:
            trend = "and the runs slow down overall, though not at every step"
        else:
            trend = "but these runs did not slow down"
        if self.on_screen(self.ghosts):
            self.play(vanish(self.ghosts), run_time=style.PAUSE_SHORT)
        self.narrate(f"{below} of {total} runs lie under the line. As γ shrinks the bound "
                     f"grows like 1/γ², {trend}: median updates {typical}.", 7)
        note = text(f"median updates per margin: {typical}", self.theme, style.FONT_SMALL,
                    self.theme.step)
        note.next_to(self.plot, DOWN, buff=style.SMALL_BUFF).set_x(style.PANEL_LEFT,
                                                                    direction=LEFT)
        self.play(appear(note), vanish(self.dot_ring), run_time=style.PAUSE_SHORT)
        self.still(note)
        ratios = bound_ratios(sweep)
        self.narrate(f"The bound is a worst case: these runs stay far below it, at "
                     f"{ratio_text(np.min(ratios))} to {ratio_text(np.max(ratios))} times fewer "
                     f"updates than it allows (median {ratio_text(np.median(ratios))}).", 5)
        self.wait(style.PAUSE_READ * 2)


def margin_text(margin: float) -> str:
    """A requested margin as written: 0.4, 0.05, 0.025."""
    return fmt(margin, 3).rstrip("0").rstrip(".")


def bound_ratios(sweep) -> np.ndarray:
    """(R/γ)² / M of every run: how many times fewer updates it made than the bound allows."""
    return (sweep.bounds / sweep.updates).ravel()


def ratio_text(ratio: float) -> str:
    """A ratio to two significant figures at most: 3.4, 35, 310."""
    ratio = float(ratio)
    if ratio < 10:
        return wording.number(ratio, 1)
    digits = int(np.floor(np.log10(ratio))) - 1
    return str(int(round(ratio, -digits)))


def segment_points(ends: np.ndarray) -> np.ndarray:
    """Points of a VMobject drawing the segments ends[k] = (a, b) as separate straight curves."""
    thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, :, None]
    a, b = ends[:, :1, :], ends[:, 1:, :]
    return (a + thirds * (b - a)).reshape(-1, 3)
