"""`margin`: how far the points are from a separator, and the separator that keeps them farthest.

As in notes 000, for the hyperplane θᵀx + θ₀ = 0:

1. the signed distance of a point x is the projection of x on θ/‖θ‖ minus
   the signed distance of the line to the origin:
   θᵀx/‖θ‖ − (−θ₀/‖θ‖) = (θᵀx + θ₀)/‖θ‖;
2. the margin of a labelled point (x⁽ⁱ⁾, y⁽ⁱ⁾) is y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖,
   negative when the point is misclassified;
3. the margin of the data set is the minimum over its points: one mistake
   makes it negative;
4. the perceptron's separator has a small margin; the maximum-margin
   separator θ* has the largest, γ: the band of half-width γ around it holds
   no point, and the circle of radius R = maxᵢ‖x⁽ⁱ⁾‖ holds them all.

The separators are real: a state of the engine's perceptron run that still
makes a mistake, its final separator, and ``linviz.theory.max_margin_separator``;
every distance and margin comes from ``linviz.theory``. The animated state is
``self.blend`` (0: the separator with a mistake, 1: the perceptron's, 2: θ*,
linear in between on (θ, θ₀)/‖θ‖) and ``self.probe`` (0 → 1: the studied
point moves from the first probe point to the second).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Line, ValueTracker, VGroup, smooth

from linviz.perceptron import Perceptron
from linviz.theory import (
    dataset_margin, epochs_to_converge, max_margin_separator, point_margins, radius,
    separator_with_fewest_mistakes, signed_distance,
)
from linviz.ties import greatest_index, least_index
from scenes.toolkit import style, wording
from scenes.base import LinvizScene
from scenes.toolkit.geometry import clip_line, free_spot_on_circle, square_box_around_disk
from scenes.toolkit.layout import (
    appear, board, indented, still_parts, with_backdrop,
)
from scenes.toolkit.fast_shapes import FastArrow, FastDashedLine
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plane import (
    DataPlane, Hyperplane, MarginBand, Marker, origin_circle, place_outside_circle,
)
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import fmt, math, text

PROJECTION = "theta^T x \\/ norm(theta)"
LINE_OFFSET = "-theta_0 \\/ norm(theta)"
DISTANCE = "(theta^T x + theta_0) \\/ norm(theta)"
IDENTITY = (f"{DISTANCE} = {PROJECTION} - ({LINE_OFFSET})")
POINT_MARGIN = "y^((i)) (theta^T x^((i)) + theta_0) \\/ norm(theta)"
DATASET_MARGIN = f"min_i {POINT_MARGIN}"


def margin_text(value: float) -> str:
    """A margin for Typst, to two significant digits: a small positive one never reads 0.00."""
    return fmt(value, wording.significant_places(value))


def margin_words(value: float) -> str:
    """A margin for a caption, to two significant digits (as :func:`margin_text`)."""
    return wording.number(value, wording.significant_places(value))


def unit_parameters(theta, theta0: float) -> np.ndarray:
    """(θ, θ₀)/‖θ‖ as one vector [θ̂₁, θ̂₂, θ̂₀]: the same line, ‖θ̂‖ = 1."""
    theta = np.asarray(theta, dtype=float)
    norm = float(np.linalg.norm(theta))
    return np.append(theta / norm, float(theta0) / norm)


def probe_points(X: np.ndarray, theta, theta0: float) -> tuple[int, int]:
    """Two points to measure, one on each side of the line (positive side first).

    On each side, among the points at least as far from the line as the median
    of that side, the one farthest from the axis through the origin along θ:
    its projection on that axis then stands apart from the point itself.
    """
    distances = signed_distance(X, theta, theta0)
    unit = np.asarray(theta, dtype=float) / float(np.linalg.norm(theta))
    across = np.abs(X @ np.array([-unit[1], unit[0]]))
    chosen = []
    for side in (distances > 0, distances <= 0):
        candidates = np.flatnonzero(side & (np.abs(distances)
                                            >= np.median(np.abs(distances[side]))))
        chosen.append(int(candidates[greatest_index(across[candidates])]))
    return chosen[0], chosen[1]


class MarginScene(LinvizScene):
    """Signed distance, margins of points and of the data set, and the maximum margin."""

    default_data = "separable"
    needs_separable = "offset"

    plays = ("perceptron", {"offset": True})

    def make_trace(self):
        """The engine's run, long enough to converge: (R/γ)² + 2 epochs always are."""
        return self.replay_or_run(lambda: Perceptron(
            epochs=epochs_to_converge(self.data, offset=True), offset=True).fit(
                self.data).trace_)

    story = ("show_signed_distance", "show_point_margins", "show_maximum_margin")

    # -- the separators and their numbers ------------------------------------
    def build(self) -> None:
        X, y = self.data.X, self.data.y
        trace = self.trace
        with_mistake = separator_with_fewest_mistakes(trace)
        #: the studied separator's state in the run (None: no state makes a mistake)
        self.mistake_state = with_mistake
        start = with_mistake if with_mistake is not None else 1
        self.star = max_margin_separator(X, y, offset=True)
        self.separators = np.array([
            unit_parameters(trace.states["theta"][start], trace.states["theta0"][start]),
            unit_parameters(trace.states["theta"][-1], trace.states["theta0"][-1]),
            unit_parameters(self.star.theta, self.star.theta0),
        ])
        self.R = radius(X)
        self.perceptron_margin = dataset_margin(X, y, *self.parameters(1))
        self.probe_indices = probe_points(X, *self.parameters(1))
        #: the signed distance is shown on the perceptron's final separator (blend 1)
        self.blend = ValueTracker(1.0)
        self.probe = ValueTracker(0.0)
        self.build_plane()
        self.build_boards()
        self.build_number_line()

    def parameters(self, s: float | None = None) -> tuple[np.ndarray, float]:
        """(θ, θ₀) at blend ``s`` (the tracker's when None), with ‖θ‖ = 1 at whole values."""
        s = self.blend.get_value() if s is None else float(s)
        s = min(max(s, 0.0), float(len(self.separators) - 1))
        low = min(int(np.floor(s)), len(self.separators) - 2)
        fraction = s - low
        w = (1 - fraction) * self.separators[low] + fraction * self.separators[low + 1]
        return w[:2], float(w[2])

    def margins(self) -> np.ndarray:
        """The margin of every point for the current separator (from the theory)."""
        return point_margins(self.data.X, self.data.y, *self.parameters())

    def probe_point(self) -> np.ndarray:
        a, b = (self.data.X[i] for i in self.probe_indices)
        p = self.probe.get_value()
        return (1 - p) * a + p * b

    # -- the plane -----------------------------------------------------------
    def build_plane(self) -> None:
        theme = self.theme
        box = square_box_around_disk(self.data.X, self.R)
        self.plane = DataPlane(self.data.X, self.data.y, theme, box=box, data=self.data)
        self.plane.remove(self.plane.markers)  # drawn apart, above the band
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False)
        self.band = MarginBand(self.plane, *self.parameters(), 0.0, theme.correct)
        self.circle = origin_circle(self.plane, self.R, theme.muted)
        self.circle_label = math(f"R = {fmt(self.R)}", theme, style.FONT_SMALL).set_color(
            theme.muted)
        with_backdrop(self.circle_label, theme)
        star_line = (self.star.theta, self.star.theta0)
        place_outside_circle(self.circle_label, self.plane,
                             free_spot_on_circle(self.data.X, self.R, box, [star_line]), self.R)
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
        self.distance_parts = VGroup(self.axis, self.offset_arrow, self.projection_arrow,
                                     self.to_axis, self.to_line, self.distance_arrow,
                                     self.axis_label, self.probe_ring, self.probe_label)
        self.lowest_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                  stroke_width=style.RING_STROKE)
        self.follow_separator()
        self.follow_probe()

    def follow_separator(self, _=None) -> None:
        """The boundary, its band (half-width: the data set's margin, if positive), the
        ring on the closest point."""
        theta, theta0 = self.parameters()
        self.hyperplane.set_parameters(theta, theta0)
        margins = self.margins()
        self.band.set_band(theta, theta0, max(float(np.min(margins)), 0.0))
        self.lowest_ring.move_to(self.plane.c2p(self.data.X[least_index(margins)]))

    def follow_probe(self, _=None) -> None:
        """The decomposition of the probe point's signed distance along θ/‖θ‖."""
        theta, theta0 = self.parameters()
        norm = float(np.linalg.norm(theta))
        unit = theta / norm
        x = self.probe_point()
        along = float(signed_distance(x[None, :], theta)[0])   # θᵀx/‖θ‖
        line = -theta0 / norm                                    # −θ₀/‖θ‖
        c2p = self.plane.c2p
        segment = clip_line(np.array([-unit[1], unit[0]]), 0.0, self.plane.box)
        if segment is not None:
            self.axis.put_start_and_end_on(c2p(segment[0]), c2p(segment[1]))
            # named at the end the direction θ/‖θ‖ points to
            far = max(segment, key=lambda p: float(p @ unit))
            inward = -np.array([*unit, 0.0]) * (self.axis_label.height + style.SMALL_BUFF)
            aside = np.array([-unit[1], unit[0], 0.0]) * self.axis_label.width
            self.axis_label.move_to(c2p(far)).shift(inward + aside * style.AXIS_LABEL_SIDE)
        side = np.array([-unit[1], unit[0], 0.0]) * style.AXIS_SPLIT
        self.projection_arrow.set_ends(c2p((0, 0)) + side, c2p(along * unit) + side)
        self.offset_arrow.set_ends(c2p((0, 0)) - side, c2p(line * unit) - side)
        self.distance_arrow.set_ends(c2p(line * unit), c2p(along * unit))
        self.to_axis.set_ends(c2p(x), c2p(along * unit))
        self.to_line.set_ends(c2p(x - (along - line) * unit), c2p(x))
        self.probe_ring.move_to(c2p(x))
        self.probe_label.next_to(self.probe_ring, UP + LEFT * style.LABEL_SLANT,
                                  buff=style.LABEL_BACKDROP_BUFF)

    # -- the boards ----------------------------------------------------------
    def build_boards(self) -> None:
        theme = self.theme
        small = style.FONT_SMALL
        self.title = self.make_title("Margins")
        self.values = {
            "projection": LiveValue(PROJECTION, 0.0, theme, colour=theme.normal),
            "offset": LiveValue(LINE_OFFSET, 0.0, theme, colour=theme.bound),
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
        #: the data set's margin and mistakes, above the number line (sections 2 and 3)
        self.values_row = VGroup(self.values["margin"], self.values["mistakes"]).arrange(
            RIGHT, buff=style.VALUE_GAP)
        gamma, R = margin_text(self.star.gamma), fmt(self.R)
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

    def board_of(self, rows) -> VGroup:
        return board(rows, self.title)

    def build_number_line(self) -> None:
        theme = self.theme
        # every margin the scene will show fits on the line
        samples = np.concatenate([point_margins(self.data.X, self.data.y, *self.parameters(s))
                                  for s in np.linspace(0, len(self.separators) - 1, 21)])
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
        self.line_ring.move_to(self.line_markers[least_index(margins)])

    def follow_values(self, _=None) -> None:
        theta, theta0 = self.parameters()
        x = self.probe_point()[None, :]
        self.values["projection"].set_value(float(signed_distance(x, theta)[0]))
        self.values["offset"].set_value(-float(theta0) / float(np.linalg.norm(theta)))
        self.values["distance"].set_value(float(signed_distance(x, theta, theta0)[0]))
        margins = self.margins()
        self.values["margin"].set_value(float(np.min(margins)))
        self.values["mistakes"].set_value(int(np.count_nonzero(margins <= 0)))

    # -- the story ---------------------------------------------------------
    def show_signed_distance(self) -> None:
        self.section("signed-distance")
        self.play(appear(self.title), appear(self.plane), appear(self.plane.markers),
                  run_time=style.RUN_INTRO)
        # the title and the plane never change again: painted once into the background
        self.still(self.title, self.plane, self.plane.markers)
        self.narrate("The separator the perceptron found on these points: the line "
                     "θᵀx + θ₀ = 0.", 3)
        self.add(self.hyperplane)
        self.play(appear(self.distance_board), run_time=style.RUN_SWAP)
        values = VGroup(*[self.values[k].number for k in ("projection", "offset", "distance")])
        self.remove(self.distance_board)
        self.distance_still = still_parts(self.distance_board, values)
        self.still(self.distance_still)
        self.follow_values()
        self.distance_parts.add_updater(lambda _: self.follow_probe())
        values.add_updater(lambda _: self.follow_values())
        self.play(appear(self.distance_parts), appear(values), run_time=style.RUN_INTRO)
        d = signed_distance(self.data.X[list(self.probe_indices)], *self.parameters(1))
        theta, theta0 = self.parameters(1)
        crossing = -theta0 / float(np.linalg.norm(theta))
        self.narrate(f"Project x on θ/‖θ‖ and subtract where the line crosses that axis, "
                     f"−θ₀/‖θ‖ = {wording.number(crossing)}: this point's signed distance is "
                     f"{wording.number(d[0])}.", 5)
        self.wait(style.PAUSE_READ * 2)
        self.narrate(f"On the other side of the line the distance is negative: {wording.number(d[1])}.", 4)
        self.play(self.probe.animate.set_value(1.0), run_time=style.RUN_PARAMETER,
                  rate_func=smooth)
        self.wait(style.PAUSE_READ)
        self.distance_parts.clear_updaters()
        values.clear_updaters()
        self.follow_probe()  # the last frame's state, whatever the renderer skipped
        self.follow_values()
        self.distance_values = values

    def show_point_margins(self) -> None:
        self.section("point-margins")
        self.follow_values()
        self.swap([self.distance_parts, self.distance_values, self.distance_still],
                  [self.margin_board, self.values_row, self.number_line, self.line_markers])
        values = VGroup(self.values["margin"].number, self.values["mistakes"].number)
        self.remove(self.values_row)
        self.values_still = still_parts(self.values_row, values)
        self.add(self.lowest_ring, self.line_ring, values)
        self.still(self.margin_board, self.values_still, self.number_line)
        self.narrate("The margin of a labelled point multiplies its signed distance by its "
                     "label: positive on the right side, negative on the wrong one.", 5)
        self.wait(style.PAUSE_READ * 2)
        self.moving = VGroup(self.hyperplane, self.band, self.lowest_ring, self.line_markers,
                             self.line_ring, values)
        if self.mistake_state is not None:
            # back to an earlier separator of the run, one that still makes a mistake
            self.narrate(f"Go back to the separator the perceptron had after "
                         f"{wording.count(int(self.mistake_state), 'update')}.", 3)
            self.sweep(0.0, style.RUN_PARAMETER * 2)
        margins = self.margins()
        wrong = int(np.count_nonzero(margins <= 0))
        smallest = margin_words(float(np.min(margins)))
        if wrong:
            claim = (f"It has {wording.count(wrong, 'point')} on the wrong side, so the "
                     f"margin of the data set, the smallest, is negative: {smallest}.")
        else:
            claim = (f"This separator has every point on its right side, so the margin of the "
                     f"data set, the smallest, is positive: {smallest}.")
        self.narrate(claim, 5)
        self.wait(style.PAUSE_READ * 2)
        # the perceptron goes on to its final separator: every margin turns positive (said as
        # it moves: the caption before is about the separator being left)
        self.narrate(f"The perceptron's final separator has every point on the right side: "
                     f"margin {margin_words(self.perceptron_margin)}, positive but small.", 5)
        self.sweep(1.0, style.RUN_PARAMETER * 2)
        self.wait(style.PAUSE_READ * 2)
        self.margin_values = values

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

    def show_maximum_margin(self) -> None:
        self.section("maximum-margin")
        gamma = self.star.gamma
        self.swap([self.margin_board], [self.max_board])
        self.still(self.max_board)
        self.narrate("Which separator keeps the points farthest? The band around the line is "
                     "as wide as its margin on each side.", 4)
        self.wait(style.PAUSE_READ)
        # the line turns and shifts to θ*; the band's half-width is the margin of the line
        # on the way, never below the perceptron's (the margin along a straight path between
        # two unit separators is at least the smaller end's) and ending at γ
        self.narrate(f"Turn and shift the line toward the best one: the band widens from "
                     f"{margin_words(self.perceptron_margin)} until it touches points on both "
                     f"sides, at γ = {margin_words(gamma)}.", 5)
        self.sweep(2.0, style.RUN_WIDEN)
        self.narrate(f"The maximum-margin separator θ*: γ = {margin_words(gamma)}, the largest "
                     f"margin any line has on these points.", 4)
        self.wait(style.PAUSE_READ)
        self.play(appear(self.circle), appear(self.circle_label), run_time=style.RUN_INTRO)
        self.still(self.circle, self.circle_label)
        self.narrate(f"And the circle of radius R = {wording.number(self.R)} holds every point. The ratio "
                     "of R to γ is what the convergence proof is about.", 5)
        self.wait(style.PAUSE_READ * 2)
