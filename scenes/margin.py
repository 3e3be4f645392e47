"""`margin`: how far the points are from a separator, and the separator that keeps them farthest.

As in notes 000, for the hyperplane θᵀx + θ₀ = 0:

1. the signed distance of a point x is the projection of x on θ/‖θ‖ minus
   the signed distance of the line to the origin:
   θᵀx/‖θ‖ − (−θ₀/‖θ‖) = (θᵀx + θ₀)/‖θ‖;
2. the margin of a labelled point (x⁽ⁱ⁾, y⁽ⁱ⁾) is y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖,
   negative when the point is misclassified;
3. the margin of the data set is the minimum over its points: one mistake
   makes it negative;
4. the perceptron's separator has a margin, often small; the maximum-margin
   separator θ* has the largest, γ; the circle of radius R = maxᵢ‖x⁽ⁱ⁾‖ holds every
   point — and the R and γ of the convergence proof with an offset, measured on
   [x, 1], are named beside them (they are proof-offset's).

The separators, every distance and margin and every run-dependent word come from
the lesson (:mod:`linviz.lessons.margin`); the scene only draws it. The animated
state is ``self.blend`` (0: the separator with a mistake, 1: the perceptron's,
2: θ*, linear in between on (θ, θ₀)/‖θ‖) and ``self.probe`` (0 → 1: the studied
point moves from the first probe point to the second).
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, Circumscribe, Dot, FadeIn, Indicate, Line,
                   ValueTracker, VGroup, smooth)

from linviz.lessons import lesson_for
from linviz.lessons.margin import MarginLesson, check_margin_data
from linviz.lessons.margin_story import DEFAULT_DATA, gamma_places, margin_storyboard
from linviz import wording
from scenes.toolkit import style
from scenes.base import LinvizScene
from scenes.toolkit import views
from linviz.geometry import clip_line, free_spot_on_circle, square_box_around_disk
from scenes.toolkit.layout import (
    appear, board, indented, keep_in_frame, still_parts, with_backdrop,
)
from scenes.toolkit.speed.fast_shapes import FastArrow, FastDashedLine
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.placement import (
    DIRECTIONS, PLACE_TOLERANCE, best_offset, box_around, covered_area,
)
from scenes.toolkit.plane import (
    DataPlane, Hyperplane, MarginBand, Marker, origin_circle, place_outside_circle,
)
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import fmt, fmt_grouped, math, text

PROJECTION = "theta^T x \\/ norm(theta)"
LINE_OFFSET = "-theta_0 \\/ norm(theta)"
DISTANCE = "(theta^T x + theta_0) \\/ norm(theta)"
IDENTITY = (f"{DISTANCE} = {PROJECTION} - ({LINE_OFFSET})")
POINT_MARGIN = "y^((i)) (theta^T x^((i)) + theta_0) \\/ norm(theta)"
DATASET_MARGIN = f"min_i {POINT_MARGIN}"


def boxes_overlap(a, b) -> bool:
    """Whether the screen boxes of two drawings overlap."""
    return bool(a.get_left()[0] < b.get_right()[0] and b.get_left()[0] < a.get_right()[0]
                and a.get_bottom()[1] < b.get_top()[1] and b.get_bottom()[1] < a.get_top()[1])


def margin_text(value: float) -> str:
    """A margin for Typst, to three significant digits (:func:`gamma_places`)."""
    return fmt(value, gamma_places(value))


class MarginScene(LinvizScene):
    """Signed distance, margins of points and of the data set, and the maximum margin."""

    default_data = DEFAULT_DATA["margin"]
    #: data no line separates is measured on its least-error line (linviz.lessons.margin)
    needs_separable = None

    plays = ("perceptron", {"offset": True})

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """The base checks, with the lesson's one line for data no line separates."""
        if data.n_features == cls.n_features and len(data.y):
            check_margin_data(data, repr(spec))
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson's run (the saved trace, or the engine's given ⌊(R/γ)²⌋ + 2 passes)."""
        self.lesson: MarginLesson = lesson_for("margin")(self.data, trace=self.saved_trace)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = margin_storyboard(self.lesson, self.scene_name())
        return self.lesson.trace


    # -- the separators and their numbers ------------------------------------
    def build(self) -> None:
        lesson = self.lesson
        #: the studied separator's state in the run (None: no state makes a mistake)
        self.mistake_state = lesson.mistake_state
        self.star = lesson.star
        self.separators = lesson.separators
        self.R = lesson.R
        self.perceptron_margin = lesson.perceptron_margin
        self.probe_indices = lesson.probe_indices
        #: the signed distance is shown on the perceptron's final separator (blend 1)
        self.blend = ValueTracker(1.0)
        self.probe = ValueTracker(0.0)
        self.build_plane()
        self.build_boards()
        self.build_number_line()

    def parameters(self, s: float | None = None) -> tuple[np.ndarray, float]:
        """(θ, θ₀) at blend ``s`` (the tracker's when None), with ‖θ‖ = 1 at whole values."""
        return self.lesson.parameters(self.blend.get_value() if s is None else s)

    def margins(self) -> np.ndarray:
        """The margin of every point for the current separator (from the lesson)."""
        return self.lesson.margins(self.blend.get_value())

    def probe_point(self) -> np.ndarray:
        return self.lesson.probe_point(self.probe.get_value())

    # -- the plane -----------------------------------------------------------
    def build_plane(self) -> None:
        theme = self.theme
        # the data and the origin (the signed distance is measured from it): the circle of
        # radius R, drawn last, gets a wider view then (see widen_for_circle)
        box = views.fitted_box(self.data.X, include_origin=True)
        self.plane = DataPlane(self.data.X, self.data.y, theme, box=box, data=self.data)
        self.plane.remove(self.plane.markers)  # drawn apart, above the band
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False)
        self.band = MarginBand(self.plane, *self.parameters(), 0.0, theme.correct)
        #: the view that holds the circle ‖x‖ ≤ R as well as the data
        self.circle_box = square_box_around_disk(self.data.X, self.R)
        self.make_circle()
        # the signed distance, split along the axis through the origin in the direction θ
        self.axis = Line(self.plane.c2p((0, 0)), self.plane.c2p((1, 0)), stroke_width=2,
                         color=theme.muted)
        self.axis_label = math("theta \\/ norm(theta)", theme, style.FONT_SMALL).set_color(
            theme.normal)
        with_backdrop(self.axis_label, theme)
        self.projection_arrow = FastArrow(theme.normal, stroke_width=style.LINE_STROKE)
        self.offset_arrow = FastArrow(theme.bound, stroke_width=style.LINE_STROKE)
        self.distance_arrow = FastArrow(theme.text, stroke_width=style.LINE_STROKE)
        self.to_axis = FastDashedLine(theme.normal)
        self.to_line = FastDashedLine(theme.text)
        self.probe_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                 stroke_width=style.RING_STROKE)
        self.probe_label = math("x", theme, style.FONT_SMALL).set_color(theme.highlight)
        with_backdrop(self.probe_label, theme)
        # −θ₀/‖θ‖ is often short (a tick at this scale): its end is marked and its value
        # written beside it
        self.offset_dot = Dot(radius=style.OFFSET_DOT_RADIUS, color=theme.bound)
        self.offset_label = math(f"{LINE_OFFSET} = {fmt(self.lesson.line_offset)}", theme,
                                 style.FONT_SMALL).set_color(theme.bound)
        with_backdrop(self.offset_label, theme)
        #: the other points' markers, which the labels keep off (screen boxes)
        self.marker_boxes = box_around(self.plane.c2p_many(self.data.X), style.POINT_SIZE)
        self.distance_parts = VGroup(self.axis, self.offset_arrow, self.projection_arrow,
                                     self.to_axis, self.to_line, self.distance_arrow,
                                     self.axis_label, self.offset_dot, self.offset_label,
                                     self.probe_ring, self.probe_label)
        self.lowest_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                  stroke_width=style.RING_STROKE)
        self.follow_separator()
        self.follow_probe()

    def make_circle(self) -> None:
        """The circle ‖x‖ = R and its label, for the plane's present box."""
        theme = self.theme
        self.circle = origin_circle(self.plane, self.R, theme.muted)
        self.circle_label = math(f"R = {fmt(self.R)}", theme, style.FONT_SMALL).set_color(
            theme.muted)
        with_backdrop(self.circle_label, theme)
        line = ((self.star.theta, self.star.theta0) if self.star is not None
                else self.parameters(1.0))
        place_outside_circle(self.circle_label, self.plane,
                             free_spot_on_circle(self.data.X, self.R, self.plane.box,
                                                 [line]), self.R)
        # inside the plane's square: never on its tick values or axis names (iris-sepal-std
        # put "R = 2.75" on the y axis's name), nor off the frame
        keep_in_frame(self.circle_label, self.plane.square_bounds())

    def widen_for_circle(self) -> None:
        """Zoom out from the data's view to one that holds the circle ‖x‖ ≤ R (nothing when
        the view holds it already): the plane's box grows, the markers, the separator, its
        band and the ring follow; then the circle is made for the new view."""
        start, end = self.plane.box, self.circle_box
        if views.holds_disk(start, self.R):
            return
        zoom = ValueTracker(0.0)
        plane = self.plane

        def follow(_=None) -> None:
            plane.set_box(views.box_between(start, end, zoom.get_value()), plane.step)
            plane.markers.set_positions(plane.c2p_many(self.data.X))
            self.follow_separator()

        self.release(plane, plane.markers)
        moving = VGroup(plane, self.band, self.hyperplane, plane.markers, self.lowest_ring)
        self.remove(*moving.submobjects)
        self.add(moving)
        moving.add_updater(follow)
        self.play(zoom.animate.set_value(1.0), run_time=style.RUN_ZOOM, rate_func=smooth)
        moving.clear_updaters()
        plane.set_box(end)  # the grid at the new box's own step
        plane.markers.set_positions(plane.c2p_many(self.data.X))
        # the markers drew closer: their counts go where there is room now
        plane.markers.place_counts(plane.square_bounds())
        self.follow_separator()
        self.remove(moving)
        self.add(self.band, self.hyperplane, self.lowest_ring)
        self.still(plane, bottom=True)
        self.still(plane.markers)
        self.make_circle()

    def follow_separator(self, _=None) -> None:
        """The boundary, its band (half-width: the data set's margin, if positive), the
        ring on the closest point."""
        s = self.blend.get_value()
        theta, theta0 = self.parameters()
        self.hyperplane.set_parameters(theta, theta0)
        self.band.set_band(theta, theta0, max(self.lesson.data_set_margin(s), 0.0))
        self.lowest_ring.move_to(self.plane.c2p(self.data.X[self.lesson.closest_point(s)]))

    def follow_probe(self, _=None) -> None:
        """The decomposition of the probe point's signed distance along θ/‖θ‖."""
        theta, _ = self.parameters()
        unit = theta / float(np.linalg.norm(theta))
        x = self.probe_point()
        along, line, _ = self.lesson.distance_parts(self.blend.get_value(), x)
        c2p = self.plane.c2p
        segment = clip_line(np.array([-unit[1], unit[0]]), 0.0, self.plane.box)
        if segment is not None:
            self.axis.put_start_and_end_on(c2p(segment[0]), c2p(segment[1]))
            # named at the end the direction θ/‖θ‖ points to
            far = max(segment, key=lambda p: float(p @ unit))
            inward = -np.array([*unit, 0.0]) * (self.axis_label.height + style.SMALL_BUFF)
            aside = np.array([-unit[1], unit[0], 0.0]) * self.axis_label.width
            # on the side of the axis clear of the plane's own axis names
            for sign in (1.0, -1.0):
                self.axis_label.move_to(c2p(far)).shift(
                    inward + sign * aside * style.AXIS_LABEL_SIDE)
                if not any(boxes_overlap(self.axis_label, name)
                           for name in self.plane.axis_labels):
                    break
        side = np.array([-unit[1], unit[0], 0.0]) * style.AXIS_SPLIT
        self.projection_arrow.set_ends(c2p((0, 0)) + side, c2p(along * unit) + side)
        self.offset_arrow.set_ends(c2p((0, 0)) - side, c2p(line * unit) - side)
        self.distance_arrow.set_ends(c2p(line * unit), c2p(along * unit))
        self.to_axis.set_ends(c2p(x), c2p(along * unit))
        self.to_line.set_ends(c2p(x - (along - line) * unit), c2p(x))
        self.probe_ring.move_to(c2p(x))
        self.offset_dot.move_to(c2p(line * unit))
        # x's label beside its ring, off the other markers; the offset's value beside the
        # dot, off the markers and x's label
        self.place_beside_ring(self.probe_label, c2p(x), self.probe_ring.width / 2,
                               [i for i in range(len(self.data.X))
                                if i not in self.probe_indices])
        self.place_label(self.offset_label, c2p(line * unit), style.OFFSET_DOT_RADIUS,
                         range(len(self.data.X)), [self.probe_label, self.probe_ring],
                         [(arrow.get_start(), arrow.get_end()) for arrow in (
                             self.projection_arrow, self.offset_arrow, self.distance_arrow,
                             self.to_axis, self.to_line)]
                         + [tuple(c2p(p) for p in self.boundary_segment())])

    def boundary_segment(self) -> tuple[np.ndarray, np.ndarray]:
        """The drawn boundary's ends in the data (the origin twice when it misses the box)."""
        segment = clip_line(*self.parameters(), self.plane.box)
        return segment if segment is not None else (np.zeros(2), np.zeros(2))

    def place_beside_ring(self, label, centre, radius: float, markers) -> None:
        """Put ``label`` against the ring of ``radius`` round ``centre`` (touching it from
        outside), in the first of eight directions that covers the least of the given
        markers and the plane's "×k" counts (text on text weighs most): the label reads as
        the ring's, never as a neighbour's."""
        half = np.array([label.width, label.height]) / 2
        boxes = np.vstack([self.marker_boxes[list(markers)], self.plane.count_boxes()])
        best, best_cost = None, np.inf
        for direction in DIRECTIONS:
            unit = direction / np.linalg.norm(direction)
            middle = centre[:2] + radius * unit + half * direction
            box = np.array([*(middle - half), *(middle + half)])
            cost = covered_area(box, boxes)
            if cost < best_cost - PLACE_TOLERANCE:
                best, best_cost = middle, cost
        label.move_to(np.array([best[0], best[1], 0.0]))

    def place_label(self, label, anchor, gap: float, markers, others=(), segments=()) -> None:
        """Put ``label`` next to ``anchor`` (``gap`` away), on the side that covers the
        fewest of the given markers, drawings and segments (screen ends), inside the plane."""
        boxes = [self.marker_boxes[list(markers)], self.plane.count_boxes()]
        for start, end in segments:  # small boxes along each segment, weighing as text
            steps = max(2, int(np.linalg.norm(end - start) / style.SMALL_BUFF))
            along = start + np.linspace(0, 1, steps)[:, None] * (end - start)
            boxes.append(box_around(along, style.SMALL_BUFF / 2)
                         * np.array([1, 1, 1, 1, style.SEGMENT_OBSTACLE_WEIGHT]))
        for other in others:
            low, high = other.get_corner(DOWN + LEFT), other.get_corner(UP + RIGHT)
            boxes.append(np.array([[low[0], low[1], high[0], high[1], 1000.0]]))
        low = self.plane.c2p((self.plane.box.x_min, self.plane.box.y_min))
        high = self.plane.c2p((self.plane.box.x_max, self.plane.box.y_max))
        offset = best_offset(anchor, (label.width, label.height), np.vstack(boxes), gap,
                             bounds=np.array([low[0], low[1], high[0], high[1]]),
                             rings=style.LABEL_RINGS)
        label.move_to(np.array([anchor[0] + offset[0], anchor[1] + offset[1], 0.0]))

    # -- the boards ----------------------------------------------------------
    def build_boards(self) -> None:
        theme = self.theme
        small = style.FONT_SMALL
        self.title = self.make_title("Margins")
        self.values = {
            "projection": LiveValue(PROJECTION, 0.0, theme, colour=theme.normal),
            # a line very near the origin is not at 0.00 (as its sentence says)
            "offset": LiveValue(LINE_OFFSET, 0.0, theme, colour=theme.bound,
                                formatter=lambda v: wording.nonzero_number(v, minus="-")),
            "distance": LiveValue(DISTANCE, 0.0, theme, colour=theme.text),
            "margin": LiveValue("\"margin of the data set\"", 0.0, theme,
                                colour=theme.highlight, formatter=margin_text),
            "mistakes": LiveValue("\"wrong side\"", 0, theme),
        }
        self.values["projection"].label.set_color(theme.normal)
        self.values["offset"].label.set_color(theme.bound)
        self.distance_board = self.board_of([
            text("The *signed distance* of $x$ to the line $theta^T x + theta_0 = 0$:", theme,
                 small),
            math(IDENTITY, theme, style.FONT_PANEL),
            text("the projection of $x$ on $theta \\/ norm(theta)$", theme, small,
                 theme.normal),
            indented(text("minus the signed distance of the line to the origin", theme, small,
                          theme.bound)),
            self.values["projection"], self.values["offset"], self.values["distance"],
        ])
        self.margin_board = self.board_of([
            text("The *margin* of a labelled point $(x^((i)), y^((i)))$:", theme, small),
            indented(math(POINT_MARGIN, theme, style.FONT_PANEL)),
            text("negative when the point is on the wrong side;", theme, small, theme.mistake),
            text("the margin of the *data set* is the smallest:", theme, small),
            indented(math(DATASET_MARGIN, theme, style.FONT_PANEL)),
            text("one point on the wrong side makes it negative.", theme, small,
                 theme.mistake),
        ])
        #: the rows about the data set's margin, which come when it is first said
        self.margin_set_rows = VGroup(*self.margin_board[3:])
        self.margin_board.remove(*self.margin_set_rows)
        #: the data set's margin and mistakes, above the number line (sections 2 and 3),
        #: one under the other: the margin's width changes as it sweeps (−0.0954, 0.00012)
        self.values_row = VGroup(self.values["margin"], self.values["mistakes"]).arrange(
            DOWN, aligned_edge=LEFT, buff=style.VALUE_ROWS_GAP)
        if self.star is None:  # no line separates: the board says no maximum exists
            self.max_board = self.board_of([
                text("no line has a positive margin: no $theta^*$, no $gamma > 0$", theme,
                     small, theme.mistake),
                text("no bound $(R \\/ gamma)^2$: the perceptron never settles", theme, small,
                     theme.muted)])
            self.lifted_rows = None
            return
        gamma, R = fmt(self.star.gamma, gamma_places(self.star.gamma)), fmt(self.R)
        self.max_board = self.board_of([
            text(f"The perceptron's separator: margin ${margin_text(self.perceptron_margin)}$",
                 theme, small),
            text(f"the *maximum-margin* separator $theta^*$: $gamma = {gamma}$", theme, small,
                 theme.correct),
            indented(text("the band of half-width $gamma$ holds no point;", theme, small,
                          theme.correct)),
            indented(text("the closest points touch its edges", theme, small, theme.correct)),
            text(f"every point lies in the circle of radius $R = max_i norm(x^((i))) = {R}$",
                 theme, small, theme.muted),
        ])
        lesson = self.lesson
        lifted_gamma = fmt(lesson.lifted_gamma, gamma_places(lesson.lifted_gamma))
        # under the board, each row set smaller if too long for the column
        self.lifted_rows = board([
            text("The proof with an offset measures both on the points $[x, 1]$:", theme,
                 small),
            indented(text(f"$R = max_i norm([x^((i)), 1]) = {fmt(lesson.lifted_R)}$, $gamma = "
                          f"{lifted_gamma}$, $(R \\/ gamma)^2 = "
                          f"{fmt_grouped(lesson.lifted_bound)}$", theme, small))],
            self.max_board)

    def board_of(self, rows) -> VGroup:
        return board(rows, self.title)

    def build_number_line(self) -> None:
        theme = self.theme
        # every margin the scene will show fits on the line
        samples = np.concatenate([self.lesson.margins(s) for s in np.linspace(0, len(self.separators) - 1, 21)])
        self.number_line = ScoreLine(samples, theme, width=style.MARGIN_LINE_WIDTH,
                                     side_labels=("margin $<= 0$: wrong side",
                                                  "margin $> 0$: right side"))
        self.number_line.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(
            style.PANEL_LEFT + style.MARGIN_LINE_WIDTH / 2)
        self.values_row.next_to(self.number_line, UP, buff=3 * style.LINE_MARKER_LIFT
                                + style.BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        self.line_markers = VGroup(*[Marker(label, theme).scale(style.LINE_MARKER_SCALE)
                                     for label in self.data.y])
        self.line_ring = Circle(radius=style.RING_RADIUS * style.LINE_MARKER_SCALE,
                                color=theme.highlight, stroke_width=style.RING_STROKE)
        self.follow_number_line()

    def follow_number_line(self, _=None) -> None:
        """Each point's margin as its + or − on the number line; the smallest ringed."""
        margins = self.margins()
        for marker, value, label in zip(self.line_markers, margins, self.data.y):
            lift = style.LINE_MARKER_LIFT * (1 if label > 0 else 2)
            marker.move_to(self.number_line.n2p(value) + UP * lift)
        self.line_ring.move_to(self.line_markers[self.lesson.closest_point(
            self.blend.get_value())])

    def follow_values(self, _=None) -> None:
        s = self.blend.get_value()
        projection, line, distance = self.lesson.distance_parts(s, self.probe_point())
        self.values["projection"].set_value(projection)
        self.values["offset"].set_value(line)
        self.values["distance"].set_value(distance)
        self.values["margin"].set_value(self.lesson.data_set_margin(s))
        self.values["mistakes"].set_value(self.lesson.wrong_side(s))

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_separator(self, beat) -> None:
        """The title, the plane and the points, then the perceptron's separator."""
        self.play(appear(self.title), appear(self.plane), appear(self.plane.markers),
                  run_time=style.RUN_INTRO)
        # the title and the plane never change again: painted once into the background
        self.still(self.title, self.plane, self.plane.markers)
        self.play(appear(self.hyperplane), run_time=style.RUN_INTRO)

    def draw_distance_board(self, beat) -> None:
        """The board of the signed distance, and the ringed point's projection on θ/‖θ‖."""
        # the board's numbers are the ringed point's from their first frame (never a 0.00
        # placeholder beside a line that misses the origin: review)
        self.follow_values()
        self.play(appear(self.distance_board), run_time=style.RUN_SWAP)
        values = VGroup(*[self.values[k].number for k in ("projection", "offset", "distance")])
        self.remove(self.distance_board)
        self.distance_still = still_parts(self.distance_board, values)
        self.still(self.distance_still)
        self.follow_values()
        self.distance_parts.add_updater(lambda _: self.follow_probe())
        values.add_updater(lambda _: self.follow_values())
        self.distance_values = values
        self.play(appear(self.distance_parts), appear(values), run_time=style.RUN_INTRO)

    def draw_probe(self, beat) -> None:
        """The ring moves to the point on the other side; the board follows it."""
        self.play(self.probe.animate.set_value(beat.state["probe"]),
                  run_time=style.RUN_PARAMETER, rate_func=smooth)
        self.distance_parts.clear_updaters()
        self.distance_values.clear_updaters()
        self.follow_probe()  # the last frame's state, whatever the renderer skipped
        self.follow_values()

    def draw_margin_board(self, beat) -> None:
        """The margin board, the data set's margin and the number line of the margins."""
        self.follow_values()
        self.swap([self.distance_parts, self.distance_values, self.distance_still],
                  [self.margin_board, self.values_row, self.number_line, self.line_markers])
        values = VGroup(self.values["margin"].number, self.values["mistakes"].number)
        self.remove(self.values_row)
        self.values_still = still_parts(self.values_row, values)
        # the data set's margin, and the rings on its point, come when it is first said
        # (show_margin_values)
        self.still(self.margin_board, self.number_line)
        self.moving = VGroup(self.hyperplane, self.line_markers)
        self.margin_values = values

    def show_margin_values(self) -> None:
        """The data set's margin and the points on the wrong side, above the number line
        (once)."""
        if self.on_screen(self.margin_values):
            return
        self.follow_values()
        self.play(FadeIn(self.values_still), FadeIn(self.margin_values),
                  FadeIn(self.margin_set_rows), FadeIn(self.lowest_ring), FadeIn(self.line_ring),
                  run_time=style.PAUSE_SHORT)
        self.remove(self.values_still, self.margin_set_rows)
        self.still(self.values_still, self.margin_set_rows)
        self.moving.add(self.margin_values, self.lowest_ring, self.line_ring)

    def draw_sweep(self, beat) -> None:
        """The separator moves to the beat's (blend), the margins following it (and the data
        set's margin, when the beat says it)."""
        if beat.state["margin"] is not None:
            self.show_margin_values()
        self.sweep(beat.state["blend"], style.RUN_PARAMETER * 2)

    def draw_indicate_margin(self, beat) -> None:
        """The data set's margin the sentence says, and its point ringed on the line."""
        self.show_margin_values()
        self.play(Circumscribe(self.values["margin"], color=self.theme.highlight),
                  Indicate(self.lowest_ring, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_max_board(self, beat) -> None:
        """The board of the maximum margin, its first row (the perceptron's margin), and the
        band round the separator."""
        rows = self.max_board_rows(beat.state["rows"])
        self.swap([self.margin_board, self.margin_set_rows], rows)
        self.still(*rows)
        self.band.set_band(*self.parameters(), max(self.lesson.data_set_margin(
            self.blend.get_value()), 0.0))
        self.play(FadeIn(self.band), run_time=style.RUN_INTRO)
        # under the separator and the points
        self.remove(self.band, self.hyperplane, self.lowest_ring)
        self.add(self.band, self.hyperplane, self.lowest_ring)
        self.moving.add(self.band)

    def draw_no_max_board(self, beat) -> None:
        """On data no line separates: the board saying no maximum margin exists, its first
        row (no band: no line has a positive margin)."""
        rows = self.max_board_rows(beat.state["rows"])
        self.swap([self.margin_board, self.margin_set_rows], rows)
        self.still(*rows)

    def draw_no_max_rows(self, beat) -> None:
        """The board's next rows, said now."""
        self.show_max_rows(beat.state["rows"])

    def max_board_rows(self, count: int) -> list:
        """The first ``count`` rows of the maximum-margin board."""
        return list(self.max_board)[:count]

    def draw_max_rows(self, beat) -> None:
        """θ*'s rows of the board, said now; its band and the points touching it."""
        self.show_max_rows(beat.state["rows"])
        self.play(Indicate(self.band, color=self.theme.correct, scale_factor=1.0),
                  run_time=style.RUN_INTRO)

    def show_max_rows(self, count: int) -> None:
        shown = [row for row in self.max_board_rows(count) if not self.on_screen(row)]
        if shown:
            self.play(*[FadeIn(row) for row in shown], run_time=style.RUN_INTRO)
            self.remove(*shown)
            self.still(*shown)

    def draw_widen(self, beat) -> None:
        """The line turns and shifts to θ*; the band's half-width is its margin on the way."""
        self.sweep(beat.state["blend"], style.RUN_WIDEN)

    def draw_circle(self, beat) -> None:
        self.show_max_rows(beat.state["rows"])
        self.widen_for_circle()
        self.play(appear(self.circle), appear(self.circle_label), run_time=style.RUN_INTRO)
        self.still(self.circle, self.circle_label)

    def draw_lifted_rows(self, beat) -> None:
        self.play(appear(self.lifted_rows), run_time=style.RUN_INTRO)
        self.still(self.lifted_rows)

    def draw_indicate_lifted(self, beat) -> None:
        """(R/γ)² on [x, 1], which the budget's sentence reads."""
        self.play(Circumscribe(self.lifted_rows[1], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def sweep(self, target: float, run_time: float) -> None:
        """Play the blend to ``target`` with the separator, its band, the rings, the number
        line's markers and the values following it frame by frame.

        They follow as one group put in the scene for the play (an updater on a group that
        is not in the scene never runs: the picture would jump at the end)."""
        parts = list(self.moving.submobjects)
        self.remove(*parts)
        self.add(self.moving)
        self.moving.add_updater(self.follow_all)
        self.play(self.blend.animate.set_value(target), run_time=run_time, rate_func=smooth)
        self.moving.clear_updaters()
        self.follow_all()
        self.remove(self.moving)
        self.add(*parts)

    def follow_all(self, _=None) -> None:
        self.follow_separator()
        self.follow_number_line()
        self.follow_values()
