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
    DOWN, LEFT, RIGHT, UP, UR, Circle, Dot, FadeIn, FadeOut, GrowFromEdge, Line, Rectangle,
    ValueTracker, VGroup, config, linear, smooth,
)

from linviz.lessons.classifier import check_classifier_data, classifier_lesson
from linviz.theory import signed_distance
from linviz.ties import greatest_index, least_index
from linviz import wording
from scenes.toolkit import style
from scenes.base import LinvizScene
from scenes.toolkit.geometry import Box, clip_line, foot_of_perpendicular
from scenes.toolkit.glyph_numbers import GlyphNumber
from scenes.toolkit.merging import merge_glyphs
from scenes.toolkit.fast_shapes import FastDashedLine
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text

DEFINITION = ('h(x; theta, theta_0) &= op("sign")(theta^T x + theta_0) \\ '
              '&= cases(+1 & "if" theta^T x + theta_0 > 0, -1 & "if" theta^T x + theta_0 <= 0)')
TRAINING_ERROR = ("cal(E)_n (h) = 1/n sum_(i=1)^n bb(1){y^((i))(theta^T x^((i)) + theta_0) <= 0}")
# Ex_learning_alg as the notes write it
PSEUDOCODE_BEST_OF_K = [
    "Ex\\_learning\\_alg$(cal(D)_n; k)$",
    "  Set $j^* = op(\"argmin\")_(j in {1, dots, k}) cal(E)_n (h^((j)))$",
    "  Return $h^((j^*))$",
]
LINE_ARGMIN, LINE_RETURN = 1, 2
ORIGIN_2D = np.zeros((1, 2))


# -- where to draw θ (numpy only) ---------------------------------------------------
def room_along(points: np.ndarray, direction: np.ndarray, box: Box) -> np.ndarray:
    """How far one can go from each of ``points`` along the unit ``direction`` inside ``box``.

    ``points`` has shape (2,) or (m, 2); the result has shape () or (m,).
    """
    points = np.asarray(points, dtype=float)
    low = np.array([box.x_min, box.y_min])
    high = np.array([box.x_max, box.y_max])
    limits = []
    for k in range(2):
        if direction[k] > 1e-12:
            limits.append((high[k] - points[..., k]) / direction[k])
        elif direction[k] < -1e-12:
            limits.append((low[k] - points[..., k]) / direction[k])
    if not limits:
        return np.full(points.shape[:-1], np.inf)
    return np.maximum(0.0, np.min(limits, axis=0))


def _segment_candidates(theta, theta0, box: Box, preferred: np.ndarray) -> np.ndarray | None:
    """Points of the visible part of the line: ``preferred``'s projection on it, and a grid."""
    segment = clip_line(theta, theta0, box)
    if segment is None:
        return None
    start, end = segment
    span = end - start
    fractions = np.linspace(0.0, 1.0, 41)
    if float(span @ span) > 0:
        fractions = np.append(np.clip((preferred - start) @ span / float(span @ span), 0, 1),
                              fractions)
    return start + fractions[:, None] * span


def normal_anchor(theta, theta0: float, box: Box, along: float, length: float):
    """Where on the line θᵀp + θ₀ = 0 to draw θ from, in data coordinates (None: no line).

    The preferred place is ``along`` data units from the foot of the
    perpendicular, along the line, so that θ stays clear of the dashed
    perpendicular from the origin. Of the visible points of the line, the one
    nearest it from which θ, ``length`` long, still ends inside ``box``;
    failing that, the one with the most room along θ.
    """
    theta = np.asarray(theta, dtype=float)
    unit = theta / np.linalg.norm(theta)
    preferred = foot_of_perpendicular(theta, theta0) + along * np.array([-unit[1], unit[0]])
    points = _segment_candidates(theta, theta0, box, preferred)
    if points is None:
        return None
    rooms = room_along(points, unit, box)
    fits = rooms >= length
    if not fits.any():
        return points[greatest_index(rooms)]
    distances = np.linalg.norm(points - preferred, axis=1)
    return points[least_index(np.where(fits, distances, np.inf))]


def most_room(theta, theta0: float, box: Box) -> float:
    """The longest θ (in data units) that can be drawn from a visible point of its line."""
    theta = np.asarray(theta, dtype=float)
    unit = theta / np.linalg.norm(theta)
    points = _segment_candidates(theta, theta0, box, foot_of_perpendicular(theta, theta0))
    return 0.0 if points is None else float(np.max(room_along(points, unit, box)))


class ClassifierScene(LinvizScene):
    """A linear classifier's geometry on one hypothesis, then the best of k hypotheses."""

    default_data = "separable"
    #: how many random hypotheses Ex_learning_alg draws
    k = 10
    #: the hypothesis (0-based, in the trace) sections 1-5 study; None: ``choose_hypothesis``
    hypothesis_index: int | None = None
    #: the scale factors c of section 2, in order: (θ, θ₀) ← (cθ, cθ₀)
    scale_factors = (3.0, 0.5, 1.0)
    #: the first hypotheses of the best-of-k run, narrated one by one
    narrated_hypotheses = 2

    story = ("show_hypothesis", "show_scaling", "show_offset", "show_signed_distance",
             "show_training_error", "show_best_of_k")

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """2-D labelled data (the lesson's check)."""
        check_classifier_data(data, spec)
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson's best-of-k run; the scene only replays it."""
        self.lesson = classifier_lesson(self.data, k=self.k, seed=self.seed)
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

    def choose_hypothesis(self) -> int:
        """The hypothesis sections 1-5 study (0-based).

        One that makes some mistakes but fewer than half of them (so its +1
        side is mostly right) and is not the best (which the end finds); of
        those, the one leaving θ the most room on screen.
        """
        if self.hypothesis_index is not None:
            return int(self.hypothesis_index)
        candidates = self.lesson.study_candidates
        box = self.plane.box
        return candidates[greatest_index([most_room(*self.hypothesis(j), box) for j in candidates])]

    # -- drawings as functions of the trackers --------------------------------
    def build(self) -> None:
        theme = self.theme
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True)
        box = self.plane.box
        self.studied = self.choose_hypothesis()
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
            "error": LiveValue("cal(E)_n (h)", 0.0, theme, colour=theme.mistake),
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
        still = [self.title, self.definition, self.rows["formula"], self.best_status,
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
        # (1/n) Σ over the points counted so far; all n of them give ℰₙ(h)
        self.values["error"].set_value(float(np.count_nonzero(self.mistaken[:counted])) / n)

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

    def beat(self, sentence: str, duration: float, *animations, run_time: float = style.RUN_REVEAL,
             rate_func=smooth) -> None:
        """Narrate ``sentence``: play ``animations``, then hold the picture.

        The beat lasts ``duration`` seconds, or longer if the sentence needs
        more time to be read (:meth:`LinvizScene.narrate`).
        """
        self.narrate(sentence, duration)
        if animations:
            self.play(*animations, run_time=run_time, rate_func=rate_func)
        left = self.timeline.still_needed(float(self.time))
        if left > 1e-6:
            self.wait(left)

    # -- the story -------------------------------------------------------------
    def show_hypothesis(self) -> None:
        self.section("classifier", "A linear classifier")
        n = self.data.n_samples
        cover = self.curtain(-config.frame_width / 2, config.frame_height / 2)
        self.add(self.plane, self.title, self.definition, cover)
        self.beat("A linear classifier h(x; θ, θ₀) = sign(θᵀx + θ₀) says +1 where θᵀx + θ₀ > 0 "
                  "and −1 where it is ≤ 0: a point on the line gets −1.", 5,
                  cover.animate.set_fill(opacity=0))
        self.remove(cover)
        self.beat("Its hypothesis class ℋ: every such h, one for each θ in ℝ² and θ₀ in ℝ. "
                  "Learning picks one h from ℋ.", 0)
        theta = ", ".join(_spoken(v) for v in self.theta_base)
        self.beat(f"One hypothesis on these {n} points: θ = ({theta}), θ₀ = "
                  f"{_spoken(self.theta0_base)}. Its boundary θᵀx + θ₀ = 0 is a line; h = +1 on the "
                  f"shaded side.", 4,
                  FadeIn(self.hyperplane), FadeIn(self.rows["theta"]), run_time=style.RUN_FADE)
        self.beat("θ is perpendicular to the line and points into the shaded half-plane, where "
                  "h = +1; on the other side h = −1.", 4.5,
                  FadeIn(self.theta_arrow), FadeIn(self.half_plane_labels),
                  run_time=style.RUN_FADE)

    def show_scaling(self) -> None:
        self.section("scale", "Scaling the parameters")
        self.show_status(None)
        self.beat("Multiply θ and θ₀ by the same c > 0: every score θᵀx + θ₀ is multiplied by c, "
                  "so no score changes sign.", 3.5, FadeIn(self.rows["c"]),
                  run_time=style.RUN_FADE)
        # from here on the line, θ and the values follow the trackers
        self.hyperplane.add_updater(self.follow_parameters)
        self.follow(self.hyperplane, self.theta_arrow, self.rows["theta"], self.rows["c"])
        # one sentence over all the sweeps: each is short, and the line never moves
        factors = ", ".join(f"{c:g}" for c in self.scale_factors)
        self.narrate(f"c = {factors}: θ grows and shrinks; the line stays.",
                     len(self.scale_factors) * style.RUN_PARAMETER)
        for c in self.scale_factors:
            self.play(self.c_tracker.animate.set_value(c), run_time=style.RUN_PARAMETER)
        self.show_status("length")
        self.beat("Does the length of θ matter? No. Its direction? Yes.", 3)
        self.show_direction()

    def show_direction(self) -> None:
        """c = −1: the same line, the other side shaded, every point's prediction flipped."""
        n = self.data.n_samples
        before = self.lesson.mistakes(self.studied)
        after = self.lesson.turned_mistakes(self.studied)
        labels = self.half_plane_labels
        spots = [label.get_center() for label in labels]
        self.place_theta(*self.parameters(), clear_of=self.flipped_mistaken)
        self.beat("Turn θ around: c = −1 gives −θ and −θ₀. The line stays where it is, but the "
                  "+1 side is now the other one.", 2 * style.RUN_PARAMETER + style.PAUSE_READ,
                  self.c_tracker.animate.set_value(-1.0), labels[0].animate.move_to(spots[1]),
                  labels[1].animate.move_to(spots[0]), run_time=2 * style.RUN_PARAMETER)
        self.beat(f"Every point's prediction flips: now {after} of the {n} points are on "
                  f"the wrong side (ringed), where θ had {before}.", 3,
                  FadeIn(self.flip_rings), run_time=style.RUN_FADE)
        self.beat("Same line, opposite classifier: the direction of θ matters. Back to θ.",
                  2 * style.RUN_PARAMETER + style.PAUSE_READ,
                  self.c_tracker.animate.set_value(1.0), labels[0].animate.move_to(spots[0]),
                  labels[1].animate.move_to(spots[1]), FadeOut(self.flip_rings),
                  run_time=2 * style.RUN_PARAMETER)
        self.place_theta(*self.parameters(), clear_of=np.zeros(n, dtype=bool))

    def show_offset(self) -> None:
        self.section("offset", "The offset")
        self.show_status(None)
        self.beat("θ₀ moves the line along θ: it lies at signed distance −θ₀/‖θ‖ from the "
                  f"origin (here {_spoken(self.values['offset'].value)}).", 4,
                  FadeIn(self.rows["offset"]), FadeIn(self.origin_dot),
                  FadeIn(self.origin_dash), run_time=style.RUN_FADE)
        self.follow(self.origin_dash, self.rows["offset"])
        c = self.c_tracker.get_value()
        for target, sentence in ((0.0, "θ₀ = 0: the line passes through the origin."),
                                 (-self.theta0_base, "With the sign of θ₀ flipped it lies as far "
                                                     "on the other side."),
                                 (self.theta0_base, "Back to the first hypothesis.")):
            if clip_line(c * self.theta_base, c * target, self.plane.box) is None:
                continue  # a line outside the view would say nothing
            self.beat(sentence, style.RUN_PARAMETER + style.PAUSE_READ,
                      self.theta0_tracker.animate.set_value(target), run_time=style.RUN_PARAMETER)

    def show_signed_distance(self) -> None:
        self.section("signed-distance", "Signed distance")
        self.show_status("distance")
        first, second = (_spoken(d) for d in self.probe_distances)
        sides = self.lesson.probe_sides(self.studied)
        self.beat("The signed distance of a point x to the line is (θᵀx + θ₀)/‖θ‖: "
                  f"{first} for this point on the {sides[0]} side…", 4,
                  FadeOut(self.origin_dot), FadeOut(self.origin_dash),
                  FadeIn(self.rows["distance"]), FadeIn(self.probe_group),
                  run_time=style.RUN_FADE)
        self.followers.remove(self.origin_dash)
        self.follow(self.probe_group, self.rows["distance"])
        self.beat(f"…and {second} for this one on the {sides[1]} side: the sign tells the "
                  "side, the size how far.", 2 * style.RUN_PARAMETER + style.PAUSE_READ,
                  self.probe_tracker.animate.set_value(1.0), run_time=2 * style.RUN_PARAMETER)

    def show_training_error(self) -> None:
        self.section("training-error", "Training error")
        # nothing moves the line any more: it becomes part of the still background
        self.hyperplane.clear_updaters()
        self.followers = []
        n, m = self.data.n_samples, self.lesson.mistakes(self.studied)
        self.follow_count()
        self.show_status(None)
        self.beat("The 0-1 loss L(h(x), y) is 0 when the guess h(x) is the label y and 1 "
                  "otherwise: 1 exactly when y(θᵀx + θ₀) ≤ 0, on the wrong side or on the "
                  "line. The training error ℰₙ(h) is its mean over the points.", 4.5,
                  FadeOut(self.probe_group), FadeOut(self.rows["distance"]),
                  FadeIn(self.rows["formula"]), run_time=style.RUN_FADE)
        # θ's label keeps clear of the rings the count will draw
        self.place_theta(*self.parameters(), clear_of=self.mistaken)
        # the count appears when the counting starts, and grows point by point
        self.rings.add_updater(self.follow_count)
        self.follow(self.rings, self.cursor, self.rows["error"])
        sweep = min(style.RUN_COUNT_POINT * n, style.RUN_COUNT_MAX)
        self.narrate("Go through the points one by one and ring each mistake.")
        self.play(FadeIn(self.rows["error"]), run_time=style.RUN_FADE)
        self.play(self.count_tracker.animate.set_value(float(n)), run_time=sweep,
                  rate_func=linear)
        self.rings.clear_updaters()
        self.remove(self.cursor)
        self.show_status("error")
        self.beat(f"{m} of the {n} points are misclassified: ℰₙ(h) = {_spoken(self.error)}.", 3)
        self.beat(self.separability_sentence(), 0)

    def separability_sentence(self) -> str:
        """Linearly separable or not (exact), and what the best line does."""
        lesson, n = self.lesson, self.data.n_samples
        if lesson.separable:
            return ("These points are linearly separable: some θ, θ₀ has "
                    "y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) > 0 for every i, an h in ℋ with ℰₙ(h) = 0.")
        best = lesson.best_line
        return (f"These points are not linearly separable: no h in ℋ has ℰₙ(h) = 0; the best "
                f"line gets {best.mistakes} of the {n} wrong, ℰₙ = "
                f"{wording.number(best.error, wording.error_places(best.error))}.")

    def show_best_of_k(self) -> None:
        self.section("best-of-k", "The best of k random classifiers")
        k, n = self.k, self.data.n_samples
        # the board gives way to the algorithm under a curtain
        cover = self.curtain(style.PANEL_LEFT - style.BUFF,
                             self.title.get_bottom()[1] - style.SMALL_BUFF)
        self.add(cover.set_fill(opacity=0))
        self.play(cover.animate.set_fill(opacity=1), run_time=style.RUN_FADE)
        keep = {self.plane, self.title, self.hyperplane, self.theta_arrow, self.rings, cover}
        self.remove(*[m for m in [*self.still_drawings, *self.mobjects] if m not in keep])
        self.status = None
        self.add(self.code, self.chart_axis, self.bar_indices, self.current_row)
        self.add(cover)
        self.beat(f"The notes' example learning algorithm draws k = {k} hypotheses h⁽ʲ⁾ and "
                  "keeps the one with the lowest training error.", 4.5,
                  cover.animate.set_fill(opacity=0))
        self.remove(cover)
        for j in range(k):
            error = float(self.errors[j])
            if j < self.narrated_hypotheses:
                wrong = self.lesson.mistakes(j)
                sentence = (f"h{_upper(j + 1)} misclassifies {wrong} of the {n} points: "
                            f"ℰₙ = {_spoken(error)}.")
            elif j == self.studied:
                sentence = (f"h{_upper(j + 1)} is the hypothesis studied above: "
                            f"ℰₙ = {_spoken(error)}.")
            else:
                sentence = None
                if j == self.narrated_hypotheses or j - 1 == self.studied:
                    # the hypotheses up to the next narrated one, shown in turn
                    last = (self.studied - 1 if j < self.studied else k - 1)
                    self.narrate(f"h{_upper(j + 1)}" + (f" to h{_upper(last + 1)}, each"
                                                        if last > j else "")
                                 + " with its line, its mistakes and its training error.",
                                 (last - j + 1) * style.RUN_HYPOTHESIS_LISTED)
            self.show_candidate(j, sentence)
        self.show_best()

    def show_candidate(self, j: int, sentence: str | None) -> None:
        """Hypothesis j: its line (the previous one left as a ghost), mistakes and bar."""
        theta, theta0 = self.hypothesis(j)
        self.code.highlight(LINE_ARGMIN)
        if j > 0:
            self.bars[j - 1].set_fill(self.theme.muted)
            self.still(self.ghosts[j - 1], bottom=True)
        self.hyperplane.set_parameters(theta, theta0)
        self.place_theta(theta, theta0, clear_of=self.mark_mistakes(j))
        self.current["j"].set_value(j + 1)
        self.current["error"].set_value(float(self.errors[j]))
        self.bars[j].set_fill(self.theme.highlight)
        grow = (GrowFromEdge(self.bars[j], DOWN), FadeIn(self.bar_values[j]))
        if sentence is None:  # one of a list told by one sentence: long enough to see
            self.play(*grow, run_time=style.RUN_HYPOTHESIS_LISTED)
            return
        self.beat(sentence, style.RUN_HYPOTHESIS + style.PAUSE_READ, *grow,
                  run_time=style.RUN_HYPOTHESIS)

    def mark_mistakes(self, j: int) -> np.ndarray:
        """Ring the points hypothesis j misclassifies; returns which they are."""
        wrong = self.lesson.wrong[j]
        for ring, is_wrong in zip(self.rings, wrong):
            ring.set_stroke(opacity=1 if is_wrong else 0)
        return wrong

    def show_best(self) -> None:
        best, k = self.best_index, self.k
        last = k - 1
        self.bars[last].set_fill(self.theme.muted)
        self.still(self.ghosts[last], bottom=True)
        theta, theta0 = self.hypothesis(best)
        self.hyperplane.set_parameters(theta, theta0)
        self.place_theta(theta, theta0, clear_of=self.mark_mistakes(best))
        self.current["j"].set_value(best + 1)
        self.current["error"].set_value(float(self.errors[best]))
        self.beat(f"j* = argmin ℰₙ(h⁽ʲ⁾) = {best + 1}: ℰₙ = {_spoken(self.errors[best])}, "
                  f"the lowest of the {k}.", 3.5,
                  self.bars[best].animate.set_fill(self.theme.correct),
                  self.bar_values[best].animate.set_color(self.theme.correct),
                  FadeIn(self.best_status), run_time=style.RUN_FADE)
        self.code.highlight(LINE_RETURN)
        self.beat(f"The algorithm returns h{_upper(best + 1)}. {self.best_of_k_verdict()}", 4)

    def best_of_k_verdict(self) -> str:
        """Whether more hypotheses could do better than j*: against the least error any
        line reaches (exact)."""
        lesson, n = self.lesson, self.data.n_samples
        least = lesson.best_line
        if lesson.best_reaches_least:
            return (f"It can only pick among the lines it drew; here no line does better: "
                    f"{least.mistakes} of {n} wrong is the least any line reaches.")
        if least.mistakes == 0:
            return ("It can only pick among the lines it drew: some line gets every point "
                    "right (the data is linearly separable), so more hypotheses may find a "
                    "better one.")
        return (f"It can only pick among the lines it drew: some line gets only "
                f"{least.mistakes} of {n} wrong, so more hypotheses may find a better one.")


def _upper(index: int) -> str:
    """⁽ʲ⁾ for a subtitle: h⁽¹⁰⁾."""
    return "⁽" + str(index).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) + "⁾"


def _spoken(value: float) -> str:
    """A number for a subtitle: two decimals, a real minus sign."""
    return fmt(float(value)).replace("-", "−")
