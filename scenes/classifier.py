"""`classifier`: what a linear classifier is, and the simplest way to learn one.

h(x; θ, θ₀) = sign(θᵀx + θ₀): +1 where θᵀx + θ₀ > 0, −1 where it is ≤ 0 (a
point on the line counts as −1, so as a mistake for a +1 point). In order:

1. one hypothesis on the data: the line θᵀx + θ₀ = 0, the +1 half-plane
   shaded, θ normal to the line and pointing into it;
2. (θ, θ₀) ← (cθ, cθ₀) for c > 0 multiplies every score by c: θ grows and
   shrinks, the line stays ("does the length of θ matter? No. The direction?
   Yes."); c = −1 shows the direction: the same line, the +1 side on the
   other side, every prediction flipped (the points (−θ, −θ₀) misclassifies
   ringed);
3. θ₀ moves the line along θ: its signed distance from the origin is −θ₀/‖θ‖;
4. the signed distance (θᵀx + θ₀)/‖θ‖ of a point on each side;
5. the training error ℰₙ(h) = (1/n) Σᵢ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0};
6. Ex_learning_alg(𝒟ₙ; k): k random hypotheses, each with its training
   error, and the one with the lowest, j* = argminⱼ ℰₙ(h⁽ʲ⁾).

The lesson (:mod:`linviz.lessons.classifier`) computes every number: the
hypotheses, their training errors and j* (a best-of-k run), each hypothesis's
mistakes and probe points, whether the data is linearly separable and the
least training error any line reaches.
The animated state is a few ValueTrackers (the scale c, the offset θ₀, where
the probe point is, how far the count of mistakes has got), and each drawing
is a function of them.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, UR, Circle, Circumscribe, Dot, FadeIn, FadeOut, GrowFromEdge, Line,
    Rectangle, ValueTracker, VGroup, config, linear, smooth,
)

from linviz.lessons.classifier import check_classifier_data, classifier_lesson
from linviz.lessons.classifier_story import (DEFAULT_DATA, SCALE_FACTORS, classifier_storyboard)
from linviz.theory import signed_distance
from linviz.ties import greatest_index, least_index
from scenes.toolkit import style
from scenes.base import LinvizScene
from linviz.geometry import Box, clip_line, foot_of_perpendicular, most_room, normal_anchor
from scenes.toolkit.speed.glyph_numbers import GlyphNumber
from scenes.toolkit.speed.merging import merge_glyphs
from scenes.toolkit.speed.fast_shapes import FastDashedLine
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text

DEFINITION = ('h(x; theta, theta_0) &= op("sign")(theta^T x + theta_0) \\ '
              '&= cases(+1 & "if" theta^T x + theta_0 > 0, -1 & "if" theta^T x + theta_0 <= 0)')
#: the 0-1 loss, as the notes write it (it gives way to the training error, its mean)
ZERO_ONE_LOSS = "L(h(x), y) = bb(1){y(theta^T x + theta_0) <= 0}"
TRAINING_ERROR = ("cal(E)_n (h) = 1/n sum_(i=1)^n bb(1){y^((i))(theta^T x^((i)) + theta_0) <= 0}")
# Ex_learning_alg as the notes write it
PSEUDOCODE_BEST_OF_K = [
    "Ex\\_learning\\_alg$(cal(D)_n; k)$",
    "  Set $j^* = op(\"argmin\")_(j in {1, dots, k}) cal(E)_n (h^((j)))$",
    "  Return $h^((j^*))$",
]
LINE_ARGMIN, LINE_RETURN = 1, 2
ORIGIN_2D = np.zeros((1, 2))


class ClassifierScene(LinvizScene):
    """A linear classifier's geometry on one hypothesis, then the best of k hypotheses."""

    default_data = DEFAULT_DATA["classifier"]
    #: how many random hypotheses Ex_learning_alg draws
    k = 10
    #: the scale factors c of section 2, in order: (θ, θ₀) ← (cθ, cθ₀) (the lesson's)
    scale_factors = SCALE_FACTORS


    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """2-D labelled data (the lesson's check)."""
        check_classifier_data(data, spec)
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson's best-of-k run; the scene only replays it."""
        self.lesson = classifier_lesson(self.data, k=self.k, seed=self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = classifier_storyboard(self.lesson, self.scene_name())
        return self.lesson.trace

    # -- what the trace says -------------------------------------------------
    def hypothesis(self, j: int) -> tuple[np.ndarray, float]:
        """(θ⁽ʲ⁾, θ₀⁽ʲ⁾) of hypothesis j (0-based): state j + 1 of the trace."""
        return self.trace.states["theta"][j + 1], float(self.trace.states["theta0"][j + 1])

    @property
    def errors(self) -> np.ndarray:
        """ℰₙ(h⁽ʲ⁾) for j = 0..k−1, as the run recorded them."""
        return self.lesson.errors

    @property
    def best_index(self) -> int:
        return self.lesson.best_index

    # -- drawings as functions of the trackers --------------------------------
    def build(self) -> None:
        theme = self.theme
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True)
        box = self.plane.box
        #: the hypothesis sections 1-5 study (0-based): the lesson's choice
        self.studied = self.lesson.studied
        self.theta_base, self.theta0_base = self.hypothesis(self.studied)
        #: θ is drawn from a point this far (in data units) along the line from its foot
        self.along = style.NORMAL_ALONG / self.plane.unit
        norm = float(np.linalg.norm(self.theta_base))
        longest = max((1.0, *self.scale_factors)) * norm
        room = style.VIEW_MARGIN * most_room(self.theta_base, self.theta0_base, box)
        # −θ (c = −1, when the direction is turned around) has its own room
        room_turned = style.VIEW_MARGIN * most_room(-self.theta_base, -self.theta0_base, box)
        #: θ is drawn at this scale so that cθ stays in view for every c
        self.vector_scale = min(1.0, room / longest, room_turned / norm) if norm > 0 else 1.0
        theta_label = "theta"

        self.c_tracker = ValueTracker(1.0)                # c
        self.theta0_tracker = ValueTracker(self.theta0_base)  # θ₀ before scaling by c
        self.probe_tracker = ValueTracker(0.0)            # 0: first probe point, 1: second
        self.count_tracker = ValueTracker(0.0)            # points counted in ℰₙ so far

        self.hyperplane = Hyperplane(self.plane, self.theta_base, self.theta0_base,
                                     show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label)
        self.origin_dot = Dot(self.plane.c2p((0, 0)), radius=style.DOT_RADIUS,
                              color=theme.bound)
        self.origin_dash = FastDashedLine(theme.bound)
        self.probe_dash = FastDashedLine(theme.highlight)
        self.probe_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                 stroke_width=style.RING_STROKE)
        self.probe_label = math("x", theme, style.FONT_SMALL).set_color(theme.highlight)
        self.probe_label.add_background_rectangle(color=theme.background, opacity=0.75,
                                                  buff=0.04)
        self.probe_group = VGroup(self.probe_dash, self.probe_ring, self.probe_label)
        self.rings = VGroup(*[Circle(radius=self.plane.ring_radius, color=theme.mistake,
                                     stroke_width=style.RING_STROKE).move_to(centre)
                              for centre in self.plane.markers.positions()])
        self.rings.set_stroke(opacity=0)
        self.cursor = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                             stroke_width=style.RING_STROKE).set_stroke(opacity=0)

        # the probe points of section 4: the farthest point on each side
        lesson, j = self.lesson, self.studied
        self.probe_points = self.data.X[lesson.probes[j]]
        self.probe_distances = lesson.probe_distances[j]
        # the mistakes of section 5, point by point, and their running count
        self.mistaken = lesson.wrong[j]
        # …and those of the same line with θ turned around, (−θ, −θ₀)
        self.flipped_mistaken = lesson.wrong_turned[j]
        self.flip_rings = VGroup(*[
            Circle(radius=self.plane.ring_radius, color=theme.mistake,
                   stroke_width=style.RING_STROKE).move_to(centre)
            for centre, wrong in zip(self.plane.markers.positions(), self.flipped_mistaken)
            if wrong])
        self.error = float(lesson.errors[j])

        self.build_board()
        self.build_chart()
        self.half_plane_labels = self.make_half_plane_labels()
        self.merge_still_text()
        # θ, the line and the board follow the trackers; set them once now
        self.followers: list = []
        self.follow_parameters()

    def build_board(self) -> None:
        """The right-hand rows of sections 1-5, each typeset once."""
        theme = self.theme
        self.title = self.make_title("Linear classifiers")
        self.definition = math(DEFINITION, theme)
        self.values = {
            "theta": LiveValue("theta", fmt_vector(self.theta_base), theme),
            "theta0": LiveValue("theta_0", self.theta0_base, theme),
            "c": LiveValue("c", 1.0, theme),
            "norm": LiveValue("norm(theta)", 1.0, theme),
            "offset": LiveValue("-theta_0 \\/ norm(theta)", 0.0, theme, colour=theme.bound),
            "distance": LiveValue("(theta^T x + theta_0) \\/ norm(theta)", 0.0, theme,
                                  colour=theme.highlight),
            "error": LiveValue("cal(E)_n (h)", self.error, theme, colour=theme.mistake),
            # the count of section 5: the mistakes ringed so far, ℰₙ's numerator
            "ringed": LiveValue('"mistakes ringed"', 0, theme, colour=theme.mistake),
        }
        # each row is spaced for the widest value its first entry takes (c = −1 adds signs)
        factors = (1.0, -1.0, *self.scale_factors)
        self.values["theta"].set_value(max((fmt_vector(c * self.theta_base) for c in factors),
                                           key=len))
        self.values["c"].set_value(max((fmt(c) for c in factors), key=len))
        self.rows = {
            "definition": self.definition,
            "theta": VGroup(self.values["theta"], self.values["theta0"]).arrange(
                RIGHT, buff=style.VALUE_GAP),
            "c": VGroup(self.values["c"], self.values["norm"]).arrange(RIGHT,
                                                                       buff=style.VALUE_GAP),
            "offset": self.values["offset"],
            "distance": self.values["distance"],
            "formula": math(TRAINING_ERROR, theme),
            "error": self.values["error"],
        }
        self.values["theta"].set_value(fmt_vector(self.theta_base))
        self.values["c"].set_value(1.0)
        self.board = VGroup(*self.rows.values()).arrange(DOWN, aligned_edge=LEFT,
                                                         buff=style.BUFF)
        self.board.next_to(self.title, DOWN, buff=style.BUFF)
        self.board.set_x(style.PANEL_LEFT, direction=LEFT)
        #: the 0-1 loss, in the training error's place until that is said
        self.rows["loss"] = math(ZERO_ONE_LOSS, theme).move_to(self.rows["formula"],
                                                                aligned_edge=LEFT)
        #: the count of mistakes, in ℰₙ's place until its value is said
        self.rows["ringed"] = self.values["ringed"]
        self.rows["ringed"].shift(self.rows["error"].get_left() - self.rows["ringed"].get_left())

        small = style.FONT_SMALL
        m, n = self.lesson.mistakes(self.studied), self.data.n_samples
        self.statuses = {
            "length": text("the length of $theta$ does not matter; its direction does", theme,
                           small),
            "distance": text("$> 0$ on the $+1$ side, $< 0$ on the $-1$ side", theme, small),
            "error": text(f"{m} of {n} points misclassified (ringed)", theme, small,
                          theme.mistake),
        }
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)

    def build_chart(self) -> None:
        """Section 6: the algorithm, one bar per hypothesis, and the current one's values."""
        theme, k = self.theme, self.k
        self.code = Pseudocode(PSEUDOCODE_BEST_OF_K, theme)
        self.code.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT,
                                                                     direction=LEFT)
        spacing = style.CHART_WIDTH / k
        base_left = np.array([style.PANEL_LEFT, 0.0, 0.0])
        self.chart_axis = Line(base_left, base_left + RIGHT * style.CHART_WIDTH,
                               stroke_width=2, color=theme.muted)
        self.bars, self.bar_values, self.bar_indices = VGroup(), VGroup(), VGroup()
        for j, error in enumerate(self.errors):
            height = max(float(error) * style.CHART_HEIGHT, style.CHART_MIN_BAR)
            bar = Rectangle(width=spacing * style.CHART_BAR_FILL, height=height, stroke_width=0,
                            fill_color=theme.muted, fill_opacity=1)
            bar.move_to(base_left + RIGHT * spacing * (j + 0.5), aligned_edge=DOWN)
            self.bars.add(bar)
            value = GlyphNumber(fmt(float(error)), style.FONT_TINY, theme.text)
            self.bar_values.add(value.next_to(bar, UP, buff=style.SMALL_BUFF / 2))
            index = GlyphNumber(str(j + 1), style.FONT_TINY, theme.muted)
            self.bar_indices.add(index.next_to(self.chart_axis.point_from_proportion(
                (j + 0.5) / k), DOWN, buff=style.SMALL_BUFF))
        self.current = {
            # empty until the first hypothesis is drawn
            "j": LiveValue("j", "", theme),
            "error": LiveValue("cal(E)_n (h^((j)))", "", theme, colour=theme.mistake),
        }
        self.current_row = VGroup(*self.current.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        # the axis sits low enough under the code for a bar of value 1 and its number
        axis_y = self.code.get_bottom()[1] - style.BUFF - style.CHART_HEIGHT - 2 * style.BUFF
        for part in (self.chart_axis, self.bars, self.bar_values, self.bar_indices):
            part.shift(UP * axis_y)
        self.current_row.next_to(self.bar_indices, DOWN, buff=style.BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        self.ghosts = VGroup()
        for j in range(k):
            theta, theta0 = self.hypothesis(j)
            segment = clip_line(theta, theta0, self.plane.box)
            ends = segment if segment is not None else (np.zeros(2), np.zeros(2))
            ghost = Line(self.plane.c2p(ends[0]), self.plane.c2p(ends[1]),
                         stroke_width=style.LINE_STROKE / 2, color=theme.muted)
            self.ghosts.add(ghost.set_stroke(opacity=0 if segment is None else style.GHOST_OPACITY))
        # the live row beside it shows ℰₙ(h⁽ʲ*⁾)
        self.best_status = text(f"$j^* = {self.best_index + 1}$: the lowest of the $k = {k}$",
                                theme, style.FONT_SMALL, theme.correct)
        self.best_status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)

    def make_half_plane_labels(self) -> VGroup:
        """h = +1 and h = −1, each in the corner of the plane deepest in its half-plane."""
        theme, box = self.theme, self.plane.box
        scores = box.corners @ self.theta_base + self.theta0_base
        labels = VGroup()
        for source, colour, corner in (("h = +1", theme.positive, greatest_index(scores)),
                                       ("h = -1", theme.negative, least_index(scores))):
            label = math(source, theme, style.FONT_BODY).set_color(colour)
            point = box.corners[corner]
            inward = np.sign(np.array([box.x_min + box.x_max, box.y_min + box.y_max]) / 2 - point)
            label.move_to(self.plane.c2p(point))
            label.shift(np.array([inward[0] * (label.width / 2 + style.BUFF),
                                  inward[1] * (label.height / 2 + style.BUFF), 0.0]))
            labels.add(label)
        return labels

    def merge_still_text(self) -> None:
        """Draw each typeset line that never changes as one path per colour.

        Every animation draws the still part of the frame once, and each
        glyph costs Cairo a call; merged, a line costs one.
        """
        still = [self.title, self.definition, self.rows["formula"], self.rows["loss"],
                 self.best_status,
                 self.probe_label, self.theta_arrow.label, *self.statuses.values(),
                 *self.half_plane_labels, *self.code.lines, *self.plane.axis_labels,
                 *[value.label for value in (*self.values.values(), *self.current.values())]]
        for mobject in still:
            merge_glyphs(mobject)

    def scale(self) -> float:
        """The tracker's c, kept off 0 (where θ = 0 would draw no line) while it changes sign:
        every (cθ, cθ₀) with c ≠ 0 has the same line."""
        c = self.c_tracker.get_value()
        return c if abs(c) >= style.SCALE_MIN else float(np.copysign(style.SCALE_MIN, c))

    def parameters(self) -> tuple[np.ndarray, float]:
        """(θ, θ₀) = (cθ_base, cθ₀) for the trackers' c and θ₀."""
        c = self.scale()
        return c * self.theta_base, c * self.theta0_tracker.get_value()

    def probe_point(self) -> np.ndarray:
        s = self.probe_tracker.get_value()
        return (1 - s) * self.probe_points[0] + s * self.probe_points[1]

    def place_theta(self, theta, theta0: float, along: float | None = None,
                    clear_of=None) -> None:
        """θ (at the drawing scale) from its place on the line, ``along`` (default
        ``self.along``) from the foot of the perpendicular; with ``clear_of`` (a mask of
        points), its label keeps off those points' rings."""
        if clear_of is not None:
            self.theta_arrow.avoid.target[:] = [ring for ring, ringed
                                                in zip(self.rings, clear_of) if ringed]
        along = self.along if along is None else along
        length = self.vector_scale * float(np.linalg.norm(theta))
        anchor = normal_anchor(theta, theta0, self.plane.box, along, length)
        if anchor is None:
            self.theta_arrow.set_ends((0, 0), (0, 0))
            return
        # the label beyond the tip, along θ, so it never sits on the line
        unit = np.asarray(theta, dtype=float) / np.linalg.norm(theta)
        self.theta_arrow.label_direction = np.array([unit[0], unit[1], 0.0])
        self.theta_arrow.set_ends(anchor, anchor + self.vector_scale * np.asarray(theta))

    def follow_parameters(self, _=None) -> None:
        """Every drawing of sections 1-4 at the trackers' values (an updater)."""
        theta, theta0 = self.parameters()
        plane = self.plane
        self.hyperplane.set_parameters(theta, theta0)
        # −θ is drawn from where θ was: the preferred place along the line keeps its side
        self.place_theta(theta, theta0, along=self.along * np.sign(self.scale()))
        self.origin_dash.set_ends(plane.c2p((0, 0)),
                                  plane.c2p(foot_of_perpendicular(theta, theta0)))
        point = self.probe_point()
        distance = float(signed_distance(point[None, :], theta, theta0)[0])
        unit = theta / np.linalg.norm(theta)
        self.probe_dash.set_ends(plane.c2p(point), plane.c2p(point - distance * unit))
        self.probe_ring.move_to(plane.c2p(point))
        self.probe_label.next_to(self.probe_ring, UR, buff=0)
        values = self.values
        values["theta"].set_value(fmt_vector(theta))
        values["theta0"].set_value(theta0)
        values["c"].set_value(self.c_tracker.get_value())
        values["norm"].set_value(float(np.linalg.norm(theta)))
        # the line's signed distance from the origin, −θ₀/‖θ‖, is minus the origin's from it
        values["offset"].set_value(-float(signed_distance(ORIGIN_2D, theta, theta0)[0]))
        values["distance"].set_value(distance)

    def follow_count(self, _=None) -> None:
        """Section 5: the points counted so far, mistakes ringed, the running ℰₙ."""
        counted = int(np.floor(self.count_tracker.get_value() + 1e-9))
        n = self.data.n_samples
        for i, ring in enumerate(self.rings):
            ring.set_stroke(opacity=1 if i < counted and self.mistaken[i] else 0)
        visiting = min(counted, n - 1)
        self.cursor.move_to(self.plane.point(visiting))
        self.cursor.set_stroke(opacity=1 if counted < n else 0)
        # Σ over the points counted so far; over all n of them it is n·ℰₙ(h)
        self.values["ringed"].set_value(int(np.count_nonzero(self.mistaken[:counted])))

    # -- helpers -------------------------------------------------------------
    def follow(self, *mobjects) -> None:
        """Make ``mobjects`` followers: drawn last, after everything that stays still.

        Cairo redraws, every frame of an animation, each mobject from the first
        moving one on, and draws the rest once; so the followers (the first of
        which carries the updater) go to the end, and a row of live values
        leaves its labels on the stage as still drawings, with only its numbers
        following.
        """
        for mobject in mobjects:
            values = [mobject] if isinstance(mobject, LiveValue) else [
                part for part in mobject.submobjects if isinstance(part, LiveValue)]
            if values:
                self.remove(mobject)
                for value in values:
                    self.still(value.label)
                    self.followers.append(value.number)
            else:
                self.followers.append(mobject)
        self.remove(*self.followers)
        self.add(*self.followers)

    def curtain(self, left: float, top: float) -> Rectangle:
        """A rectangle in the background colour from (left, top) to the frame's lower right.

        Fading it in and out hides a change of what lies under it; only the
        rectangle is redrawn each frame, where fading the mobjects themselves
        would copy and redraw every one of them.
        """
        right, bottom = config.frame_width / 2, -config.frame_height / 2
        cover = Rectangle(width=right - left, height=top - bottom, stroke_width=0,
                          fill_color=self.theme.background, fill_opacity=1)
        return cover.move_to(np.array([(left + right) / 2, (top + bottom) / 2, 0.0]))

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_intro(self, beat) -> None:
        """The plane, the title and the definition, uncovered."""
        cover = self.curtain(-config.frame_width / 2, config.frame_height / 2)
        self.add(self.plane, self.title, self.definition, cover)
        self.play(cover.animate.set_fill(opacity=0), run_time=style.RUN_REVEAL)
        self.remove(cover)

    def draw_indicate_definition(self, beat) -> None:
        self.play(Circumscribe(self.definition, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_hypothesis(self, beat) -> None:
        self.play(FadeIn(self.hyperplane), run_time=style.RUN_FADE)

    def draw_theta_row(self, beat) -> None:
        """θ and θ₀, which the sentence reads."""
        self.play(FadeIn(self.rows["theta"]), run_time=style.RUN_FADE)

    def draw_normal(self, beat) -> None:
        self.play(FadeIn(self.theta_arrow), FadeIn(self.half_plane_labels),
                  run_time=style.RUN_FADE)

    def draw_c_row(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.rows["c"]), run_time=style.RUN_FADE)
        # from here on the line, θ and the values follow the trackers
        self.hyperplane.add_updater(self.follow_parameters)
        self.follow(self.hyperplane, self.theta_arrow, self.rows["theta"], self.rows["c"])

    def draw_scale(self, beat) -> None:
        """c swept through the scale factors: θ grows and shrinks, the line stays."""
        for c in self.scale_factors:
            self.play(self.c_tracker.animate.set_value(c), run_time=style.RUN_PARAMETER)

    def draw_status(self, beat) -> None:
        self.show_status(beat.state["status"])

    def draw_turn(self, beat) -> None:
        """c to ±1: θ turns round (or back), the half-planes' labels swap."""
        c = beat.state["c"]
        labels = self.half_plane_labels
        if not hasattr(self, "label_spots"):
            self.label_spots = [label.get_center() for label in labels]
        spots = self.label_spots if c > 0 else self.label_spots[::-1]
        clear_of = self.flipped_mistaken if c < 0 else np.zeros(self.data.n_samples, dtype=bool)
        if c < 0:
            self.place_theta(*self.parameters(), clear_of=clear_of)
        shown = [FadeOut(self.flip_rings)] if self.on_screen(self.flip_rings) else []
        self.play(self.c_tracker.animate.set_value(c), labels[0].animate.move_to(spots[0]),
                  labels[1].animate.move_to(spots[1]), *shown,
                  run_time=2 * style.RUN_PARAMETER)
        if c > 0:
            self.place_theta(*self.parameters(), clear_of=clear_of)

    def draw_rings(self, beat) -> None:
        self.play(FadeIn(self.flip_rings), run_time=style.RUN_FADE)

    def draw_offset_row(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.rows["offset"]), FadeIn(self.origin_dot),
                  FadeIn(self.origin_dash), run_time=style.RUN_FADE)
        self.follow(self.origin_dash, self.rows["offset"])

    def draw_offset(self, beat) -> None:
        self.play(self.theta0_tracker.animate.set_value(beat.state["theta0"]),
                  run_time=style.RUN_PARAMETER)

    def draw_distance_row(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.theta0_tracker.set_value(beat.state["theta0"])
        self.play(FadeOut(self.origin_dot), FadeOut(self.origin_dash),
                  FadeIn(self.rows["distance"]), FadeIn(self.probe_group),
                  run_time=style.RUN_FADE)
        self.followers.remove(self.origin_dash)
        self.follow(self.probe_group, self.rows["distance"])

    def draw_probe(self, beat) -> None:
        self.play(self.probe_tracker.animate.set_value(float(beat.state["probe"])),
                  run_time=2 * style.RUN_PARAMETER)
        self.show_status(beat.state["status"])  # the sign and the side, as it is said

    def draw_loss(self, beat) -> None:
        # nothing moves the line any more: it becomes part of the still background
        self.hyperplane.clear_updaters()
        self.followers = []
        self.follow_count()
        self.show_status(beat.state["status"])
        self.play(FadeOut(self.probe_group), FadeOut(self.rows["distance"]),
                  FadeIn(self.rows["loss"]), run_time=style.RUN_FADE)

    def draw_error_formula(self, beat) -> None:
        """The 0-1 loss gives way to the training error, its mean over the points."""
        self.play(FadeOut(self.rows["loss"]), FadeIn(self.rows["formula"]),
                  run_time=style.RUN_FADE)

    def draw_count(self, beat) -> None:
        """The count: the cursor visits every point, each mistake ringed and counted."""
        n = self.data.n_samples
        # θ's label keeps clear of the rings the count will draw
        self.place_theta(*self.parameters(), clear_of=self.mistaken)
        self.rings.add_updater(self.follow_count)
        self.follow(self.rings, self.cursor, self.rows["ringed"])
        sweep = min(style.RUN_COUNT_POINT * n, style.RUN_COUNT_MAX)
        self.play(FadeIn(self.rows["ringed"]), run_time=style.RUN_FADE)
        self.play(self.count_tracker.animate.set_value(float(beat.state["counted"])),
                  run_time=sweep, rate_func=linear)
        self.rings.clear_updaters()
        self.remove(self.cursor)

    def draw_error_value(self, beat) -> None:
        """The count gives way to its mean, ℰₙ(h), as its value is said."""
        self.show_status(beat.state["status"])
        self.play(FadeOut(self.rows["ringed"]), FadeIn(self.rows["error"]),
                  run_time=style.RUN_FADE)

    def draw_indicate_error(self, beat) -> None:
        self.play(Circumscribe(self.rows["error"], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_algorithm(self, beat) -> None:
        """The board gives way to the algorithm under a curtain."""
        cover = self.curtain(style.PANEL_LEFT - style.BUFF,
                             self.title.get_bottom()[1] - style.SMALL_BUFF)
        self.add(cover.set_fill(opacity=0))
        self.play(cover.animate.set_fill(opacity=1), run_time=style.RUN_FADE)
        keep = {self.plane, self.title, self.rings, cover}
        self.remove(*[m for m in [*self.still_drawings, *self.mobjects] if m not in keep])
        self.status = None
        for ring in self.rings:
            ring.set_stroke(opacity=0)
        self.add(self.code, self.chart_axis, self.bar_indices, self.current_row)
        self.add(cover)
        self.play(cover.animate.set_fill(opacity=0), run_time=style.RUN_REVEAL)
        self.remove(cover)

    def draw_candidate(self, beat) -> None:
        """Hypothesis j: its line, its mistakes ringed, its bar."""
        self.show_candidate(beat.state["j"] - 1, style.RUN_HYPOTHESIS)

    def draw_candidates(self, beat) -> None:
        """The hypotheses up to ``j``, each shown in turn, long enough to be seen."""
        shown = int(self.current["j"].value or 0)
        for j in range(shown, beat.state["j"]):
            self.show_candidate(j, style.RUN_HYPOTHESIS_LISTED)

    def show_candidate(self, j: int, run_time: float) -> None:
        """Hypothesis j: its line (the previous one left as a ghost), mistakes and bar."""
        theta, theta0 = self.hypothesis(j)
        self.code.highlight(LINE_ARGMIN)
        if j > 0:
            self.bars[j - 1].set_fill(self.theme.muted)
            self.still(self.ghosts[j - 1], bottom=True)
        if not self.on_screen(self.hyperplane):
            self.add(self.hyperplane, self.theta_arrow)
        self.hyperplane.set_parameters(theta, theta0)
        self.place_theta(theta, theta0, clear_of=self.mark_mistakes(j))
        self.current["j"].set_value(j + 1)
        self.current["error"].set_value(float(self.errors[j]))
        self.bars[j].set_fill(self.theme.highlight)
        self.play(GrowFromEdge(self.bars[j], DOWN), FadeIn(self.bar_values[j]),
                  run_time=run_time)

    def mark_mistakes(self, j: int) -> np.ndarray:
        """Ring the points hypothesis j misclassifies; returns which they are."""
        wrong = self.lesson.wrong[j]
        for ring, is_wrong in zip(self.rings, wrong):
            ring.set_stroke(opacity=1 if is_wrong else 0)
        return wrong

    def draw_best(self, beat) -> None:
        best, last = self.best_index, self.k - 1
        self.bars[last].set_fill(self.theme.muted)
        self.still(self.ghosts[last], bottom=True)
        theta, theta0 = self.hypothesis(best)
        self.hyperplane.set_parameters(theta, theta0)
        self.place_theta(theta, theta0, clear_of=self.mark_mistakes(best))
        self.current["j"].set_value(best + 1)
        self.current["error"].set_value(float(self.errors[best]))
        self.play(self.bars[best].animate.set_fill(self.theme.correct),
                  self.bar_values[best].animate.set_color(self.theme.correct),
                  FadeIn(self.best_status), run_time=style.RUN_FADE)

    def draw_return(self, beat) -> None:
        self.code.highlight(LINE_RETURN)
        self.play(Circumscribe(self.code.lines[LINE_RETURN], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)
