"""`offset-lift`: why a classifier through the origin loses nothing.

1-D points that no threshold through 0 separates get the constant feature 1:
in the plane, the points [x, 1] lie on the line x₂ = 1, and a line through the
origin separates them. The perceptron through the origin on [x, 1] finds one;
where it crosses x₂ = 1 is the threshold back in 1-D. The same for 2-D data
lifted to the plane x₃ = 1 of 3-D space: the perceptron through the origin on
[x, 1] ends at the same θ, θ₀ as the perceptron with offset on x.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, ORIGIN, RIGHT, UP, Circle, Dot, FadeIn, FadeOut, Line, Polygon, ValueTracker,
    VGroup, linear, smooth,
)

from linviz.dataset import Dataset
from linviz.perceptron import Perceptron
from linviz.sources import resolve_data
from linviz.theory import augment
from linviz.replay import state_after_steps, state_at
from linviz.ties import greatest_index
from scenes.toolkit import style, wording
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.geometry import Box, clip_line, square_box_around
from scenes.toolkit.fast_shapes import FastDashedLine
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import DataPlane, Hyperplane, MarkerCloud
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.space import SpaceView


def augmented(data: Dataset) -> Dataset:
    """The points [x, 1] with the same labels (the notes' augmented vectors)."""
    return Dataset(f"{data.name}+1", augment(data.X), data.y, label_names=data.label_names,
                   params={"augmented_from": data.name})


def threshold_of(theta) -> float | None:
    """Where the line θ₁x + θ₀x₂ = 0 of the weights [θ₁, θ₀] crosses x₂ = 1: x = −θ₀/θ₁
    (None when θ₁ = 0)."""
    return None if theta[0] == 0 else float(-theta[1] / theta[0])


def space_scale(box: Box) -> float:
    """Screen units per data unit of the 3-D view: the usual scale, smaller for a wide box
    so that the view stays inside the frame's left part."""
    half = max(box.x_max - box.x_min, box.y_max - box.y_min) / 2
    return min(style.OFFSET_SPACE_SCALE, style.OFFSET_SPACE_FIT / half)


def line_box(x: np.ndarray) -> Box:
    """The square view of the lifted line: the points' range and the origin, little padding
    (so the 1-D points spread over the whole width), x₂ from below 0 to above 1."""
    low, high = min(0.0, float(np.min(x))), max(0.0, float(np.max(x)))
    pad = max(0.12 * (high - low), 0.5)
    side = high - low + 2 * pad
    return Box(low - pad, high + pad, 0.5 - side / 2, 0.5 + side / 2)


def sides(x: np.ndarray, y: np.ndarray) -> str:
    """Which class lies on which side of the other along the line (separable data)."""
    if np.max(x[y < 0]) < np.min(x[y > 0]):
        return "− on the left, + on the right"
    return "+ on the left, − on the right"


def through_zero(x: np.ndarray) -> str:
    """What sign(θ₁x) does to these points: one label for all when they share a sign."""
    if np.all(x > 0):
        return "gives every positive x the same label"
    if np.all(x < 0):
        return "gives every negative x the same label"
    return "can only split the line at 0"


def same_states(origin_trace, offset_trace, count: int) -> bool:
    """Whether the first ``count`` updates of the origin run on [x, 1] and of the offset
    run on x hold the same numbers: [θ, θ₀] of one equal to (θ, θ₀) of the other."""
    a = np.asarray(origin_trace.states["theta"])[:count + 1]
    b = np.column_stack([np.asarray(offset_trace.states["theta"])[:count + 1],
                         np.asarray(offset_trace.states["theta0"])[:count + 1]])
    return a.shape == b.shape and bool(np.array_equal(a, b))


class OffsetLiftScene(LinvizScene):
    """1-D data lifted by the feature 1, then 2-D data lifted to 3-D."""

    default_data = "offset1d"
    n_features = 1
    needs_separable = "offset"
    #: the 2-D data set of the second part
    plane_data = "separable"
    epochs = 100

    def make_trace(self):
        """The perceptron through the origin on [x, 1]."""
        return Perceptron(epochs=self.epochs, offset=False).fit(augmented(self.data)).trace_

    story = ("show_line", "lift_line", "play_line_run", "build_space", "lift_plane",
             "play_space_run")

    # -- part 1: a line of points, lifted to x₂ = 1 ----------------------------
    def build(self) -> None:
        theme = self.theme
        self.offset_trace = Perceptron(epochs=self.epochs, offset=True).fit(self.data).trace_
        self.lifted = augmented(self.data)
        self.thetas = self.trace.states["theta"]
        self.states_after = state_after_steps(self.trace)
        self.title = self.make_title("The offset is one more feature")
        self.plane = DataPlane(self.lifted.X, self.data.y, theme, box=line_box(self.data.X[:, 0]),
                               axis_labels=("x", "x_2"))
        # smaller markers on opaque discs: a − on the axis reads as a sign, not as a piece
        # of the axis, and neighbours keep a gap
        self.plane.remove(self.plane.markers)
        self.plane.markers = MarkerCloud(self.data.y, theme, style.LINE_POINT_SIZE,
                                         positions=self.plane.c2p_many(self.lifted.X * [1, 0]))
        self.plane.markers.discs.set_fill(opacity=1)
        self.plane.add(self.plane.markers)
        self.lift_amount = ValueTracker(0.0)
        self.tracker = StepTracker(0)
        box = self.plane.box
        self.lifted_line = FastDashedLine(theme.muted).set_ends(self.plane.c2p((box.x_min, 1)),
                                                                self.plane.c2p((box.x_max, 1)))
        # under the line's right end: above it sit the rightmost points
        self.lifted_line_label = math("x_2 = 1", theme, style.FONT_SMALL).next_to(
            self.lifted_line, DOWN, buff=style.SMALL_BUFF).align_to(self.lifted_line, RIGHT)
        self.hyperplane = Hyperplane(self.plane, self.thetas[0], 0.0)
        # a ring, not a dot: the point it lands next to stays visible through it
        self.crossing = Circle(radius=style.THRESHOLD_DOT * 1.4, color=theme.highlight,
                               stroke_width=style.RING_STROKE - 1, fill_opacity=0)
        self.foot = Dot(radius=style.THRESHOLD_DOT, color=theme.highlight)
        self.drop = FastDashedLine(theme.highlight)
        self.values = {
            "M": LiveValue("M", 0, theme),
            "theta": LiveValue("[theta_1, theta_0]", fmt_vector((0, 0)), theme),
            "threshold": LiveValue("-theta_0 / theta_1", "", theme),
        }
        small = style.FONT_SMALL
        result, offset_result = self.trace.result, self.offset_trace.result
        x_values = self.data.X[:, 0]
        zero_rule = through_zero(x_values).replace("positive x", "$x > 0$").replace(
            "negative x", "$x < 0$")

        def note_rows():
            return [
                text(f"in 1-D, $h(x) = op(\"sign\")(theta_1 x)$ {zero_rule}", theme, small),
                text("add the constant feature 1: $x |-> [x, 1]$", theme, small),
                text("$[theta_1, theta_0]^T [x, 1] = theta_1 x + theta_0$: $theta_0$ is the "
                     "offset", theme, small),
            ]
        # the panel grows with its rows: a box is never bigger than what it holds
        self.note_stages = [Panel(note_rows()[:k], theme) for k in (1, 2, 3)]
        for panel in self.note_stages:
            panel.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT,
                                                                   direction=LEFT)
        self.notes = self.note_stages[-1]
        self.value_rows = VGroup(*self.values.values()).arrange(DOWN, aligned_edge=LEFT,
                                                                buff=style.SMALL_BUFF)
        self.value_rows.next_to(self.notes, DOWN, buff=style.BUFF, aligned_edge=LEFT)
        theta_line = np.asarray(result["theta"])
        either = (f"{result['updates']} updates either way"
                  if result["updates"] == offset_result["updates"] else
                  f"{result['updates']} and {offset_result['updates']} updates")
        self.summary = Panel([
            text(f"through the origin on $[x, 1]$: $[theta_1, theta_0] = "
                 f"{fmt_vector(theta_line)}$", theme, small),
            text(f"with offset on $x$: $theta_1 = {fmt(offset_result['theta'][0])}, "
                 f"theta_0 = {fmt(offset_result['theta0'])}$", theme, small),
            text(f"threshold $x = {fmt(threshold_of(theta_line))}$, {either}", theme, small,
                 theme.correct),
        ], theme)
        self.summary.next_to(self.value_rows, DOWN, buff=style.BUFF, aligned_edge=LEFT)
        self.value_labels = VGroup(*[v.label for v in self.values.values()])
        self.live = VGroup(*[v.number for v in self.values.values()])

        X = self.data.X[:, 0]
        self.plane.markers.add_updater(lambda markers: markers.set_positions(
            self.plane.c2p_many(np.column_stack([X, np.full(len(X), self.lift_amount.get_value())]))))
        self.hyperplane.add_updater(
            lambda h: h.set_parameters(self.parameters(), 0.0, self.step_state().presence))
        self.threshold_marks = VGroup(self.drop, self.crossing, self.foot)
        self.threshold_marks.add_updater(lambda _: self.place_threshold())
        self.live.add_updater(lambda _: self.update_values())

    def parameters(self, s: float | None = None) -> np.ndarray:
        s = self.tracker.get_value() if s is None else s
        return self.step_state(s).theta

    def step_state(self, s: float | None = None):
        """(θ, θ₀, presence) of the augmented run at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.trace.states["theta0"], self.states_after, s)

    def place_threshold(self) -> None:
        x = threshold_of(self.parameters())
        box = self.plane.box
        if x is None or not box.x_min <= x <= box.x_max:
            for part in self.threshold_marks:
                part.set_opacity(0)
            return
        top, bottom = self.plane.c2p((x, 1)), self.plane.c2p((x, 0))
        self.crossing.move_to(top).set_stroke(opacity=1)
        self.foot.move_to(bottom).set_opacity(1)
        self.drop.set_ends(top, bottom).set_stroke(opacity=1)

    def update_values(self) -> None:
        state = int(self.states_after[self.tracker.step])
        theta = self.thetas[state]
        self.values["M"].set_value(state)
        self.values["theta"].set_value(fmt_vector(theta))
        x = threshold_of(theta)
        self.values["threshold"].set_value("" if x is None else fmt(x))

    def show_line(self) -> None:
        self.section("line")
        x, y = self.data.X[:, 0], self.data.y
        self.narrate(f"{self.data.n_samples} points on a line: {sides(x, y)}. A classifier "
                     f"through 0, sign(θ₁x), {through_zero(x)}.", 4)
        self.play(FadeIn(self.plane), FadeIn(self.title), run_time=style.RUN_INTRO)
        self.remove(self.plane.markers)
        self.add(self.plane.markers)
        with self.holding(self.plane.markers):
            self.play(FadeIn(self.note_stages[0]), run_time=style.RUN_INTRO)
        self.wait(style.PAUSE_READ)

    def lift_line(self) -> None:
        self.section("lift")
        with self.holding(self.plane.markers):
            self.grow_notes(1)
            self.play(FadeIn(self.note_stages[1].rows[1]), FadeIn(self.lifted_line),
                      FadeIn(self.lifted_line_label), run_time=style.RUN_INTRO)
            # the points stay on top of the dashed line they will sit on
            self.remove(self.plane.markers)
            self.add(self.plane.markers)
        self.narrate("Add the constant feature 1: each point x becomes [x, 1], on the line "
                     "x₂ = 1.", 3)
        self.play(self.lift_amount.animate.set_value(1.0), run_time=style.RUN_LIFT,
                  rate_func=smooth)
        # lifted for good: the markers stand still from now on (a suspended updater would
        # still make Manim redraw them every frame)
        self.plane.markers.clear_updaters()
        self.narrate("Now a line through the origin can cross x₂ = 1 between the − and the + "
                     "points. Its weights are [θ₁, θ₀]: θ₀, the weight of the feature 1, is "
                     "the offset.", 3)
        self.grow_notes(2)
        self.play(FadeIn(self.note_stages[2].rows[2]), run_time=style.RUN_INTRO)
        self.wait(style.PAUSE_SHORT)

    def grow_notes(self, k: int) -> None:
        """Put the notes panel of stage k in place of stage k − 1, its new row not yet shown."""
        old, new = self.note_stages[k - 1], self.note_stages[k]
        self.remove(old, old.box, *old.rows)
        self.add(new.box, *new.rows[:k])

    def play_line_run(self) -> None:
        self.section("perceptron-line")
        self.play(FadeIn(self.value_rows), run_time=style.RUN_INTRO)
        self.remove(self.value_rows)
        self.add(self.value_labels, self.hyperplane, self.threshold_marks, self.live)
        self.narrate("The perceptron through the origin on [x, 1]: where its line crosses "
                     "x₂ = 1 is the threshold back on the line.", 4)
        self.play(self.tracker.animate.set_value(self.trace.n_steps),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)
        result, offset_result = self.trace.result, self.offset_trace.result
        with self.holding(self.hyperplane, self.threshold_marks, self.live):
            self.play(FadeIn(self.summary), run_time=style.RUN_INTRO)
        ends = "converges" if result["converged"] else "stops"
        same = ("the same numbers" if np.allclose(result["theta"], [*offset_result["theta"],
                                                                    offset_result["theta0"]])
                else "other numbers")
        self.narrate(f"It {ends} after {result['updates']} updates at [θ₁, θ₀] = "
                     f"{wording.vector(result['theta'])}: threshold "
                     f"{wording.number(threshold_of(result['theta']))}. The perceptron with offset "
                     f"on x ends at θ₁ = {wording.number(offset_result['theta'][0])}, "
                     f"θ₀ = {wording.number(offset_result['theta0'])}: {same}.", 5)
        self.wait(style.PAUSE_READ * 2)

    # -- part 2: 2-D data lifted to the plane x₃ = 1 -----------------------------
    def build_space(self) -> None:
        theme = self.theme
        self.plane_set = resolve_data(self.plane_data, seed=self.seed)
        self.space_trace = Perceptron(epochs=self.epochs, offset=False).fit(
            augmented(self.plane_set)).trace_
        self.space_offset_trace = Perceptron(epochs=self.epochs, offset=True).fit(
            self.plane_set).trace_
        self.space_thetas = self.space_trace.states["theta"]
        self.space_states_after = state_after_steps(self.space_trace)
        box = square_box_around(self.plane_set.X)
        self.space_box = box
        height = style.OFFSET_SPACE_HEIGHT
        self.space = SpaceView(augment(self.plane_set.X) * [1, 1, 0], self.plane_set.y, theme,
                               [box.x_min, box.y_min, -height], [box.x_max, box.y_max, height],
                               scale=space_scale(box), center=style.OFFSET_SPACE_CENTER)
        self.space_lift = ValueTracker(0.0)
        self.space_azimuth = ValueTracker(style.SPACE_AZIMUTH)
        self.space_tracker = StepTracker(0)
        self.offset_line = Line(stroke_color=theme.highlight, stroke_width=style.LINE_STROKE)
        self.unit_plane = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.highlight,
                                  fill_opacity=style.LIFTED_PLANE_OPACITY)
        # depth: the floor x₃ = 0 the drops stand on, and the origin the plane passes through
        self.floor = Polygon(ORIGIN, RIGHT, UP, stroke_color=theme.muted, stroke_width=1,
                             stroke_opacity=0.6, fill_color=theme.muted, fill_opacity=0.08)
        self.origin_dot = Dot(radius=style.THRESHOLD_DOT * 0.8, color=theme.text)
        self.origin_label = math("0", theme, style.FONT_SMALL)
        self.space.add_updater(lambda _: self.redraw_space())
        small = style.FONT_SMALL
        a, b = self.space_trace.result, self.space_offset_trace.result
        lift_row = lambda: text("2-D data: $x |-> [x_1, x_2, 1]$, on the plane $x_3 = 1$",
                                theme, small)
        self.space_intro = Panel([lift_row()], theme)
        same_end = np.allclose(a["theta"], [*b["theta"], b["theta0"]])
        self.space_panel = Panel([
            lift_row(),
            text(f"origin, on $[x, 1]$: $[theta_1, theta_2, theta_0] = "
                 f"{fmt_vector(a['theta'])}$", theme, small),
            text(f"offset, on $x$: $theta = {fmt_vector(b['theta'])}, theta_0 = "
                 f"{fmt(b['theta0'])}$", theme, small),
            text(f"{a['updates']} and {b['updates']} updates"
                 + (", the same end" if same_end else ""), theme, small, theme.correct),
            text("its plane meets $x_3 = 1$ in the line $theta^T x + theta_0 = 0$",
                 theme, small, theme.highlight),
        ], theme)
        #: the first updates of both runs, side by side: (k, [θ, θ₀] on [x, 1], θ, θ₀ on x)
        count = min(style.OFFSET_TABLE_UPDATES, a["updates"], b["updates"])
        origin_states = np.asarray(self.space_trace.states["theta"])
        offset_states = np.asarray(self.space_offset_trace.states["theta"])
        offset0 = np.asarray(self.space_offset_trace.states["theta0"])
        self.side_by_side = [(k, origin_states[k], offset_states[k], float(offset0[k]))
                             for k in range(1, count + 1)]
        self.same_first = same_states(self.space_trace, self.space_offset_trace, count)
        self.table = self.make_table(theme)
        for panel in (self.space_intro, self.space_panel):
            panel.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.SPACE_PANEL_LEFT,
                                                                   direction=LEFT)
        self.table.next_to(self.space_panel, DOWN, buff=style.SMALL_BUFF).set_x(
            style.SPACE_PANEL_LEFT, direction=LEFT)

    def make_table(self, theme) -> Panel:
        """The first updates of both runs in three columns: k, [θ₁, θ₂, θ₀], (θ, θ₀)."""
        small = style.FONT_SMALL
        header = [text("update", theme, small, theme.muted),
                  text("on $[x, 1]$: $[theta, theta_0]$", theme, small, theme.muted),
                  text("on $x$: $theta, theta_0$", theme, small, theme.muted)]
        cells = [header] + [
            [math(str(k), theme, small), math(fmt_vector(origin), theme, small),
             math(f"{fmt_vector(offset)}, {fmt(offset0)}", theme, small)]
            for k, origin, offset, offset0 in self.side_by_side]
        widths = [max(row[c].width for row in cells) for c in range(3)]
        rows = []
        for row in cells:
            x = 0.0
            for c, cell in enumerate(row):
                cell.move_to(RIGHT * x, aligned_edge=LEFT)
                x += widths[c] + style.BUFF
            rows.append(VGroup(*row))
        return Panel(rows, theme)

    def space_parameters(self) -> np.ndarray:
        return self.space_state().theta

    def space_state(self):
        """(θ, θ₀, presence) of the run on the augmented 2-D points, at its tracker's step."""
        return state_at(self.space_thetas, self.space_trace.states["theta0"],
                        self.space_states_after, self.space_tracker.get_value())

    def redraw_space(self) -> None:
        lift = self.space_lift.get_value()
        self.space.points3d = augment(self.plane_set.X) * [1, 1, lift]
        state = self.space_state()
        self.space.plane_parameters = ((state.theta, 0.0, state.presence)
                                       if state.presence >= style.PRESENCE_MIN else None)
        self.space.set_view(self.space_azimuth.get_value(), style.OFFSET_SPACE_ELEVATION)
        if self.space.plane_parameters is None:
            self.space.set_plane(None, 0.0)
        corners = np.column_stack([self.space_box.corners, np.full(4, lift)])
        screen = self.space.c2p(corners)
        self.unit_plane.set_points_as_corners([*screen, screen[0]])
        floor = self.space.c2p(np.column_stack([self.space_box.corners, np.zeros(4)]))
        self.floor.set_points_as_corners([*floor, floor[0]])
        origin = self.space.c2p(np.zeros((1, 3)))[0]
        self.origin_dot.move_to(origin)
        markers = self.space.c2p(self.space.points3d)
        # the label "0" beside the origin, on the side furthest from the markers
        reach = np.array([style.SMALL_BUFF + self.origin_label.width / 2,
                          style.SMALL_BUFF + self.origin_label.height / 2, 0.0])
        spots = [origin + reach * np.array([sx, sy, 0.0])
                 for sx, sy in ((-1, -0.5), (1, -0.5), (-1, 0.5), (1, 0.5), (0, -1), (0, 1))]
        clearances = [float(np.min(np.linalg.norm(markers - spot, axis=1))) for spot in spots]
        self.origin_label.move_to(spots[greatest_index(clearances)])
        self.place_offset_line(state)
        self.clear_axis_labels()

    def place_offset_line(self, state) -> None:
        """The line where the plane through the origin meets x₃ = 1 (hidden without a plane):
        θ₁x₁ + θ₂x₂ + θ₀ = 0 on the points [x₁, x₂, 1]."""
        segment = (clip_line(state.theta[:2], state.theta[2], self.space_box)
                   if state.presence >= style.PRESENCE_MIN else None)
        if segment is None:
            self.offset_line.set_stroke(opacity=0)
            return
        ends = self.space.c2p(np.array([[*segment[0], 1.0], [*segment[1], 1.0]]))
        self.offset_line.set_points_as_corners(ends).set_stroke(opacity=state.presence)

    def obstacles(self) -> np.ndarray:
        """Screen points a label must keep off: the markers, the edges of the plane through
        the origin and the line where it meets x₃ = 1."""
        points = [self.space.c2p(self.space.points3d)]
        along = np.linspace(0, 1, 24)[:, None]
        for path in (self.space.plane, self.offset_line):
            corners = path.get_anchors() if path.get_stroke_opacity() > 0 else []
            for a, b in zip(corners[:-1], corners[1:]):
                points.append(a + along * (b - a))
        return np.vstack(points)

    def clear_axis_labels(self) -> None:
        """An axis label stands at the end of its axis that keeps it further off the markers,
        the plane's edges and the line on x₃ = 1."""
        obstacles = self.obstacles()
        for j, label in enumerate(self.space.axis_labels):
            def clearance(centre) -> float:
                return float(np.min(np.linalg.norm(obstacles - centre, axis=1))
                             - max(label.width, label.height) / 2)
            if clearance(label.get_center()) >= style.POINT_SIZE * 2.5:
                continue
            low = np.zeros(3)
            low[j] = self.space.low[j]
            start, end = self.space.c2p(np.array([low, np.eye(3)[j] * self.space.high[j]]))
            along = (end - start) / max(np.linalg.norm(end - start), 1e-9)
            spots = [tip + sign * along * (gap + label.width / 2)
                     for tip, sign in ((end, 1), (start, -1))
                     for gap in (style.SMALL_BUFF, 3 * style.SMALL_BUFF)]
            label.move_to(spots[greatest_index([clearance(spot) for spot in spots])])

    def lift_plane(self) -> None:
        self.section("plane-to-space")
        self.play(FadeOut(VGroup(self.plane, self.notes.box, *self.notes.rows, self.value_labels,
                                 self.live,
                                 self.summary, self.hyperplane, self.threshold_marks,
                                 self.lifted_line, self.lifted_line_label)),
                  run_time=style.RUN_INTRO)
        self.remove(self.plane, self.hyperplane, self.threshold_marks, self.live)
        self.narrate(f"The same in one more dimension: {self.plane_set.n_samples} points of "
                     f"the plane get the feature 1 and rise to x₃ = 1.", 3)
        self.redraw_space()
        self.play(FadeIn(self.floor), FadeIn(self.unit_plane), FadeIn(self.space),
                  FadeIn(self.origin_dot), FadeIn(self.origin_label), FadeIn(self.space_intro),
                  run_time=style.RUN_INTRO)
        self.play(self.space_lift.animate.set_value(1.0), run_time=style.RUN_LIFT,
                  rate_func=smooth)
        self.play(self.space_azimuth.animate.set_value(style.SPACE_AZIMUTH + style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)

    def play_space_run(self) -> None:
        self.section("perceptron-space")
        self.add(self.offset_line)
        self.narrate("The perceptron through the origin on [x, 1]: a plane through the "
                     "origin, which meets x₃ = 1 in a line of the data's plane.", 4)
        self.play(self.space_tracker.animate.set_value(self.space_trace.n_steps),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)
        a, b = self.space_trace.result, self.space_offset_trace.result
        with self.holding(self.space):
            self.remove(self.space_intro)
            self.add(self.space_panel.box, self.space_panel.rows[0])
            self.play(FadeIn(self.space_panel.rows[1:]), run_time=style.RUN_INTRO)
        same = ("the same numbers" if np.allclose(a["theta"], [*b["theta"], b["theta0"]])
                else "other numbers")
        self.narrate(f"It ends at [θ₁, θ₂, θ₀] = {wording.vector(a['theta'])}; the perceptron "
                     f"with offset on x ends at θ = {wording.vector(b['theta'])}, "
                     f"θ₀ = {wording.number(b['theta0'])}: {same}.", 5)
        self.play(self.space_azimuth.animate.set_value(style.SPACE_AZIMUTH - style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)
        count = len(self.side_by_side)
        if count:
            held = ("hold the same numbers" if self.same_first else "do not hold the same numbers")
            self.narrate(f"Update for update, too: after each of the first {count} updates both "
                         f"runs {held}, since one adds y·[x, 1] to [θ, θ₀] and the other y·x to "
                         f"θ and y to θ₀.", 5)
            with self.holding(self.space):
                self.play(FadeIn(self.table), run_time=style.RUN_INTRO)
        self.wait(style.PAUSE_READ)
