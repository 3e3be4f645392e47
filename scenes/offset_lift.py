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
    DOWN, LEFT, ORIGIN, RIGHT, UP, Circle, Circumscribe, Create, Dot, FadeIn, FadeOut, Line,
    Polygon, Triangle, ValueTracker, VGroup, linear, smooth,
)

from linviz.lessons import lesson_for
from linviz.lessons.offset_lift import check_line_data, threshold_of
from linviz.lessons.offset_lift_story import DEFAULT_DATA, offset_lift_storyboard, zero_rule
from linviz.replay import state_at
from linviz.theory import augment
from linviz.ties import greatest_index
from scenes.toolkit import style
from scenes.base import LinvizScene, StepTracker
from linviz.geometry import Box, clip_line, square_box_around
from scenes.toolkit.speed.fast_shapes import FastDashedLine
from scenes.toolkit.layout import predicate_note
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import DataPlane, Hyperplane, MarkerCloud
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.space import SpaceView


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


#: what sign(θ₁x) does with the points, on screen (Typst), by the lesson's rule
#: (:func:`linviz.lessons.offset_lift_story.zero_rule`, whose words the sentence says)
THROUGH_ZERO_SHOWN = {
    "positive": "gives every $x > 0$ the same label",
    "negative": "gives every $x < 0$ the same label",
    ("both", False): "splits only at $0$, which fails here",
    ("both", True): "splits only at $0$ (here that works)",
    ("both", True, "standardised"): "splits only at $0$ (centred: works)",
}


class OffsetLiftScene(LinvizScene):
    """1-D data lifted by the feature 1, then 2-D data lifted to 3-D."""

    default_data = DEFAULT_DATA["offset-lift"]
    n_features = 1
    needs_separable = "offset"

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """1-D data a threshold separates (the lesson's check, said first), then the rest."""
        check_line_data(data, spec)
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson (its runs: through the origin on [x, 1], with offset on x, in both
        parts); the run replayed first is the origin run on [x, 1]."""
        self.lesson = lesson_for("offset-lift")(self.data, seed=self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = offset_lift_storyboard(self.lesson, self.scene_name())
        return self.lesson.line.origin


    # -- part 1: a line of points, lifted to x₂ = 1 ----------------------------
    def build(self) -> None:
        theme, lesson = self.theme, self.lesson
        self.offset_trace = lesson.line.offset
        self.lifted = lesson.line.lifted
        self.thetas = self.trace.states["theta"]
        self.states_after = lesson.line.states_after_steps
        self.title = self.make_title("The offset is one more feature")
        self.plane = DataPlane(self.lifted.X, self.data.y, theme, box=line_box(lesson.x),
                               axis_labels=("x", "x_2"))
        # smaller markers on opaque discs: a − on the axis reads as a sign, not as a piece
        # of the axis, and neighbours keep a gap; lines pass under them
        self.plane.remove(self.plane.markers)
        self.plane.markers = MarkerCloud(self.data.y, theme, self.marker_size(),
                                         positions=self.plane.c2p_many(self.lifted.X * [1, 0]))
        self.plane.markers.discs.set_fill(opacity=1)
        self.lift_amount = ValueTracker(0.0)
        self.tracker = StepTracker(0)
        box = self.plane.box
        # dotted and thin: the − markers sit on it and must not read as its dashes
        self.lifted_line = FastDashedLine(theme.muted, stroke_width=style.DOTTED_STROKE,
                                          dash_length=style.DOTTED_LENGTH,
                                          dashed_ratio=0.4).set_ends(
            self.plane.c2p((box.x_min, 1)), self.plane.c2p((box.x_max, 1)))
        # under the line's right end: above it sit the rightmost points
        self.lifted_line_label = math("x_2 = 1", theme, style.FONT_SMALL).next_to(
            self.lifted_line, DOWN, buff=style.SMALL_BUFF).align_to(self.lifted_line, RIGHT)
        # a line through the origin that crosses x₂ = 1 between the classes
        segment = clip_line(lesson.example_weights, 0.0, box)
        self.example_line = Line(*self.plane.c2p_many(np.asarray(segment)),
                                 stroke_color=theme.muted, stroke_width=style.LINE_STROKE / 2)
        self.hyperplane = Hyperplane(self.plane, self.thetas[0], 0.0, show_notes=False)
        self.no_boundary = predicate_note(
            Hyperplane.NOTES["zero"], theme,
            lambda: lesson.line.no_boundary(self.tracker.step)).next_to(
            self.plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        # the threshold: a pointer above the points of x₂ = 1 (never on a marker), a dashed
        # drop through the line's crossing down to the foot on the x axis
        self.pointer = Triangle(color=theme.highlight, fill_color=theme.highlight,
                                fill_opacity=1, stroke_width=0).rotate(np.pi).scale_to_fit_width(
            style.THRESHOLD_POINTER)
        self.foot = Dot(radius=style.THRESHOLD_DOT, color=theme.highlight)
        self.drop = FastDashedLine(theme.highlight)
        self.values = {
            "M": LiveValue("M", 0, theme),
            "theta": LiveValue("[theta_1, theta_0]", fmt_vector((0, 0)), theme),
            "threshold": LiveValue("-theta_0 / theta_1", "", theme),
        }
        small = style.FONT_SMALL
        zero_key = zero_rule(lesson)

        def note_rows():
            return [
                text(f"in 1-D, $h(x) = op(\"sign\")(theta_1 x)$ {THROUGH_ZERO_SHOWN[zero_key]}",
                     theme, small),
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
        result, offset_result = self.trace.result, self.offset_trace.result
        theta_line = lesson.final_weights
        origin_updates, offset_updates = lesson.line.updates
        either = (f"{origin_updates} updates either way" if origin_updates == offset_updates
                  else f"{origin_updates} and {offset_updates} updates")
        self.summary = Panel([
            text(f"through the origin on $[x, 1]$: $[theta_1, theta_0] = "
                 f"{fmt_vector(theta_line)}$", theme, small),
            text(f"with offset on $x$: $theta_1 = {fmt(offset_result['theta'][0])}, "
                 f"theta_0 = {fmt(offset_result['theta0'])}$", theme, small),
            text(f"threshold $x = {fmt(lesson.final_threshold)}$, {either}", theme, small,
                 theme.correct),
        ], theme)
        self.summary.next_to(self.value_rows, DOWN, buff=style.BUFF, aligned_edge=LEFT)
        self.value_labels = VGroup(*[v.label for v in self.values.values()])
        self.live = VGroup(*[v.number for v in self.values.values()])

        X = lesson.x
        self.plane.markers.add_updater(lambda markers: markers.set_positions(
            self.plane.c2p_many(np.column_stack([X, np.full(len(X), self.lift_amount.get_value())]))))
        self.hyperplane.add_updater(
            lambda h: h.set_parameters(self.parameters(), 0.0, self.step_state().presence))
        self.threshold_marks = VGroup(self.drop, self.foot, self.pointer)
        self.threshold_marks.add_updater(lambda _: self.place_threshold())
        self.live.add_updater(lambda _: self.update_values())
        self.build_space()

    def marker_size(self) -> float:
        """The half-width of a marker on the line: the usual size, smaller where distinct
        points lie closer (a fraction of the least gap on screen, not below a floor), so
        that dense data (Iris petal lengths, 0.1 cm apart) keeps its points apart."""
        gaps = np.diff(np.unique(self.lesson.x)) * self.plane.unit
        if not len(gaps):
            return style.LINE_POINT_SIZE
        return float(np.clip(style.LINE_POINT_GAP_FRACTION * gaps.min(), style.LINE_POINT_MIN,
                             style.LINE_POINT_SIZE))

    def parameters(self, s: float | None = None) -> np.ndarray:
        s = self.tracker.get_value() if s is None else s
        return self.step_state(s).theta

    def step_state(self, s: float | None = None):
        """(θ, θ₀, presence) of the augmented run at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.trace.states["theta0"], self.states_after, s)

    def place_threshold(self) -> None:
        """Mark where the boundary crosses x₂ = 1: the pointer above the points there, the
        drop from the crossing to the foot on the x axis (hidden when out of view)."""
        x = threshold_of(self.parameters())
        box = self.plane.box
        if x is None or not box.x_min <= x <= box.x_max:
            for part in self.threshold_marks:
                part.set_opacity(0)
            return
        top, bottom = self.plane.c2p((x, 1)), self.plane.c2p((x, 0))
        self.pointer.next_to(top, UP, buff=style.LINE_POINT_SIZE / 2 + style.SMALL_BUFF)
        self.pointer.set_opacity(1)
        self.foot.move_to(bottom).set_opacity(1)
        self.drop.set_ends(top, bottom).set_stroke(opacity=1)

    def update_values(self) -> None:
        state = int(self.states_after[self.tracker.step])
        theta = self.thetas[state]
        self.values["M"].set_value(state)
        self.values["theta"].set_value(fmt_vector(theta))
        x = threshold_of(theta)
        self.values["threshold"].set_value("" if x is None else fmt(x))

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_show_line(self, beat) -> None:
        self.play(FadeIn(self.plane), FadeIn(self.plane.markers), FadeIn(self.title),
                  FadeIn(self.note_stages[0]), run_time=style.RUN_INTRO)

    def draw_lift(self, beat) -> None:
        """The notes' second row and the line x₂ = 1, then the points rise to it."""
        with self.holding(self.plane.markers):
            self.grow_notes(1)
            self.play(FadeIn(self.note_stages[1].rows[1]), FadeIn(self.lifted_line),
                      FadeIn(self.lifted_line_label), run_time=style.RUN_INTRO)
            # the points stay on top of the dashed line they will sit on
            self.remove(self.plane.markers)
            self.add(self.plane.markers)
        self.play(self.lift_amount.animate.set_value(beat.state["lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)
        # lifted for good: the markers stand still from now on (a suspended updater would
        # still make Manim redraw them every frame)
        self.plane.markers.clear_updaters()

    def draw_example_line(self, beat) -> None:
        self.play(Create(self.example_line), run_time=style.RUN_INTRO)
        # under the points: they stay visible where it crosses them
        self.remove(self.plane.markers)
        self.add(self.plane.markers)

    def draw_offset_note(self, beat) -> None:
        """The notes' third row: θ₀, the weight of the feature 1, is the offset."""
        self.grow_notes(2)
        self.play(FadeIn(self.note_stages[2].rows[2]), run_time=style.RUN_INTRO)

    def grow_notes(self, k: int) -> None:
        """Put the notes panel of stage k in place of stage k − 1, its new row not yet shown."""
        old, new = self.note_stages[k - 1], self.note_stages[k]
        self.remove(old, old.box, *old.rows)
        self.add(new.box, *new.rows[:k])

    def draw_line_start(self, beat) -> None:
        """The run's values come in at θ = 0, and the example line goes."""
        self.play(FadeIn(self.value_rows), FadeOut(self.example_line), run_time=style.RUN_INTRO)
        self.remove(self.value_rows, self.example_line)
        # the threshold's marks come with the run: at θ = 0 there is no threshold
        self.add(self.value_labels, self.hyperplane, self.no_boundary, self.live)
        # the points over the boundary and the drop: a marker is never hidden by them
        self.remove(self.plane.markers)
        self.add(self.plane.markers)

    def draw_line_run(self, beat) -> None:
        """The run plays to its end, and the summary's first row says where it ended."""
        self.add(self.threshold_marks)
        self.remove(self.plane.markers)
        self.add(self.plane.markers)
        self.play(self.tracker.animate.set_value(beat.state["step"]),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(FadeIn(self.summary.box), FadeIn(self.summary.rows[0]),
                      run_time=style.RUN_INTRO)

    def draw_summary_rest(self, beat) -> None:
        """The offset run's end beside it, which the sentence compares."""
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(FadeIn(VGroup(*self.summary.rows[1:])), run_time=style.RUN_INTRO)
            self.play(Circumscribe(self.summary, color=self.theme.highlight),
                      run_time=style.RUN_INTRO)
        # one drawing again (its parts came one by one), as the part's end takes it away
        self.remove(self.summary.box, *self.summary.rows)
        self.add(self.summary)

    def draw_indicate_point(self, beat) -> None:
        """The point on the threshold the sentence names."""
        i = int(self.lesson.line.points_on_boundary[0])
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(Circumscribe(self.plane.markers[i], color=self.theme.highlight,
                                   shape=Circle), run_time=style.RUN_INTRO)

    # -- part 2: 2-D data lifted to the plane x₃ = 1 -----------------------------
    def build_space(self) -> None:
        theme, space = self.theme, self.lesson.space
        self.plane_set = space.data
        self.space_trace = space.origin
        self.space_offset_trace = space.offset
        self.space_thetas = self.space_trace.states["theta"]
        self.space_states_after = space.states_after_steps
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
        origin_updates, offset_updates = space.updates
        # the rows in the order they are said (the storyboard's ``panel`` counts them)
        self.space_panel = Panel([
            lift_row(),
            text("its plane meets $x_3 = 1$ in the line $theta^T x + theta_0 = 0$",
                 theme, small, theme.highlight),
            text(f"origin, on $[x, 1]$: $[theta_1, theta_2, theta_0] = "
                 f"{fmt_vector(a['theta'])}$", theme, small),
            text(f"offset, on $x$: $theta = {fmt_vector(b['theta'])}, theta_0 = "
                 f"{fmt(b['theta0'])}$", theme, small),
            text(f"{origin_updates} and {offset_updates} updates"
                 + (", the same end" if space.same_end else ""), theme, small, theme.correct),
        ], theme)
        #: the first updates of both runs, side by side: (k, [θ, θ₀] on [x, 1], θ, θ₀ on x)
        self.side_by_side = list(self.lesson.table)
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
        """Screen points a label must keep off: the markers (their centres and the ends of
        their arms), the edges of the plane through the origin and the line where it meets
        x₃ = 1."""
        centres = self.space.c2p(self.space.points3d)
        arms = [centres + style.POINT_SIZE * np.array([dx, dy, 0.0])
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        points = [centres, *arms]
        along = np.linspace(0, 1, 24)[:, None]
        for path in (self.space.plane, self.offset_line):
            corners = path.get_anchors() if path.get_stroke_opacity() > 0 else []
            for a, b in zip(corners[:-1], corners[1:]):
                points.append(a + along * (b - a))
        return np.vstack(points)

    def clear_axis_labels(self) -> None:
        """Each axis label at the positive end of its axis (where x_j grows), in the place
        beyond or beside that end that keeps it furthest off the markers, the plane's edges
        and the line on x₃ = 1 (the first such place among equals)."""
        obstacles = self.obstacles()
        for j, label in enumerate(self.space.axis_labels):
            def clearance(centre) -> float:
                return float(np.min(np.linalg.norm(obstacles - centre, axis=1))
                             - max(label.width, label.height) / 2)

            start, end = self.space.c2p(np.array([np.zeros(3), np.eye(3)[j] * self.space.high[j]]))
            along = (end - start) / max(np.linalg.norm(end - start), 1e-9)
            across = np.array([-along[1], along[0], 0.0])
            reach = style.SMALL_BUFF + max(label.width, label.height) / 2
            spots = [end + along * reach * ahead + across * reach * side
                     for ahead in style.SPACE_AXIS_LABEL_AHEAD for side in style.SPACE_AXIS_LABEL_ASIDE]
            label.move_to(spots[greatest_index([clearance(spot) for spot in spots])])

    def draw_lift_plane(self, beat) -> None:
        """Part 1 leaves; the 2-D points in space rise to x₃ = 1, and the view turns."""
        self.play(FadeOut(VGroup(self.plane, self.notes.box, *self.notes.rows, self.value_labels,
                                 self.live, self.summary, self.hyperplane, self.threshold_marks,
                                 self.lifted_line, self.lifted_line_label, self.plane.markers)),
                  run_time=style.RUN_INTRO)
        self.remove(self.plane, self.hyperplane, self.threshold_marks, self.live,
                    self.no_boundary, self.plane.markers)
        self.redraw_space()
        self.play(FadeIn(self.floor), FadeIn(self.unit_plane), FadeIn(self.space),
                  FadeIn(self.origin_dot), FadeIn(self.origin_label), FadeIn(self.space_intro),
                  run_time=style.RUN_INTRO)
        self.play(self.space_lift.animate.set_value(beat.state["space_lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)
        self.turn(beat)

    def turn(self, beat) -> None:
        """The 3-D view turns to the beat's ``view`` (in turns from where it started)."""
        self.play(self.space_azimuth.animate.set_value(
            style.SPACE_AZIMUTH + beat.state["view"] * style.SPACE_TURN),
            run_time=style.RUN_TURN, rate_func=smooth)

    def draw_space_run(self, beat) -> None:
        """The panel of both runs takes the intro's place with what the plane meets, and
        the run on [x, 1] plays."""
        with self.holding(self.space):
            self.remove(self.space_intro)
            self.add(self.space_panel.box, self.space_panel.rows[0])
            self.show_panel_rows(beat)
        self.add(self.offset_line)
        self.play(self.space_tracker.animate.set_value(beat.state["space_step"]),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)

    def show_panel_rows(self, beat, *also) -> None:
        """The panel's rows up to the beat's ``panel``, the new ones faded in (with the
        animations ``also``)."""
        rows = self.space_panel.rows
        new = [row for row in rows[:beat.state["panel"]] if not self.on_screen(row)]
        if new or also:
            self.play(*[FadeIn(row) for row in new], *also, run_time=style.RUN_INTRO)

    def draw_space_panel(self, beat) -> None:
        """The run's end on the panel, and the view turns the other way."""
        with self.holding(self.space):
            self.show_panel_rows(beat)
        self.turn(beat)

    def draw_panel_rest(self, beat) -> None:
        """The offset run's end beside the first."""
        with self.holding(self.space):
            self.show_panel_rows(beat)

    def draw_table(self, beat) -> None:
        """Both runs' update counts, and their first updates side by side."""
        with self.holding(self.space):
            self.show_panel_rows(beat, FadeIn(self.table))
