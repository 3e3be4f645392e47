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
is a function of them. What the scene draws is in :mod:`scenes.classifier_parts`:
the data plane with the hypothesis studied, the board of sections 1-5, and the
chart of the best of k.
"""

from __future__ import annotations

import numpy as np
from manim import Circumscribe, FadeIn, FadeOut, Rectangle, ValueTracker, config, linear

from linviz.lessons.classifier import classifier_lesson
from linviz.lessons.classifier_story import (DEFAULT_DATA, SCALE_FACTORS, classifier_storyboard)
from scenes.base import LinvizScene
from scenes.classifier_parts.board import ClassifierBoard
from scenes.classifier_parts.chart import HypothesesChart
from scenes.classifier_parts.common import LINE_ARGMIN, LINE_RETURN
from scenes.classifier_parts.plane import ClassifierPlane
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plane import DataPlane
from scenes.toolkit.speed.merging import merge_glyphs

#: the scene, and the pseudocode's lines its beats light (read here by the tests)
__all__ = ["ClassifierScene", "LINE_ARGMIN", "LINE_RETURN"]


class ClassifierScene(ClassifierPlane, ClassifierBoard, HypothesesChart, LinvizScene):
    """A linear classifier's geometry on one hypothesis, then the best of k hypotheses."""

    default_data = DEFAULT_DATA["classifier"]
    #: how many random hypotheses Ex_learning_alg draws
    k = 10
    #: the scale factors c of section 2, in order: (θ, θ₀) ← (cθ, cθ₀) (the lesson's)
    scale_factors = SCALE_FACTORS

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.classifier.classifier_lesson`)."""
        return classifier_lesson(self.data, k=self.k, seed=self.seed)

    def make_storyboard(self, lesson):
        return classifier_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The lesson's best-of-k run; the scene only replays it."""
        return lesson.trace

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
        self.plane = DataPlane(self.data.X, self.data.y, self.theme, data=self.data,
                               include_origin=True)
        #: the hypothesis sections 1-5 study (0-based): the lesson's choice
        self.studied = self.lesson.studied
        self.theta_base, self.theta0_base = self.hypothesis(self.studied)
        #: θ is drawn from a point this far (in data units) along the line from its foot
        self.along = style.NORMAL_ALONG / self.plane.unit
        #: θ is drawn at this scale so that cθ stays in view for every c
        self.vector_scale = self.theta_drawing_scale()

        self.c_tracker = ValueTracker(1.0)                # c
        self.theta0_tracker = ValueTracker(self.theta0_base)  # θ₀ before scaling by c
        self.probe_tracker = ValueTracker(0.0)            # 0: first probe point, 1: second
        self.count_tracker = ValueTracker(0.0)            # points counted in ℰₙ so far

        self.build_plane_drawings()
        self.build_studied_points()
        self.build_board()
        self.build_chart()
        self.half_plane_labels = self.make_half_plane_labels()
        self.merge_still_text()
        # θ, the line and the board follow the trackers; set them once now
        self.followers: list = []
        self.follow_parameters()

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
