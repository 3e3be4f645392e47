"""The notes' quizzes: `quiz-one-point` and `quiz-margin`.

Each asks its question on a card and holds it, still, for the request's quiz pause
(``--quiz-pause``; present mode stops there until → is pressed), then answers it from real
runs (:mod:`linviz.lessons.quiz`, the storyboards in :mod:`linviz.lessons.quiz_story`).
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, UP, Circle, Indicate, SurroundingRectangle, ValueTracker, VGroup,
                   Wait)

from linviz import formatting
from linviz.lessons.quiz import (band_half_width, band_inset, margin_quiz_lesson,
                                 one_point_lesson, plane_box, star_line)
from linviz.lessons.quiz_story import (MARGIN_QUESTION, MARGIN_THEOREM, ONE_POINT_QUESTION,
                                       margin_storyboard, one_point_storyboard)
from scenes.base import LinvizScene
from scenes.quiz_parts.card import QuestionCard
from scenes.quiz_parts.gap import gap_bracket, perpendicular_gap
from scenes.quiz_parts.last_line import LastLineDrawings
from scenes.quiz_parts.margin import MarginDrawings, PANEL_CENTRES, PANEL_SIDE, PLANE_MARKER
from scenes.quiz_parts.one_point import (CHAIN_CENTER, CHAIN_WIDTH, OnePointDrawings,
                                         PLANE_CENTER, PLANE_SIDE, SCORE_LINE_CENTER)
from scenes.quiz_parts.runs import RunReplay
from scenes.quiz_parts.shrink import ShrinkDrawings
from scenes.quiz_parts.sketch import SketchDrawings
from scenes.quiz_parts.squeeze import SqueezeDrawings
from scenes.quiz_parts.strips import StripDrawings
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.placement import best_offset, box_of, segment_boxes
from scenes.toolkit.plane import DataPlane, Hyperplane, MarginBand
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import markup_with_math, math, text
from scenes.toolkit.speed.fast_shapes import FastArrow


class QuizScene(QuestionCard, LinvizScene):
    """A quiz: the question's card held for the quiz pause, then the answer's beats."""

    #: the question the card shows (the storyboard's first sentence)
    question = ""
    #: the card's centre (over the picture the question is about)
    card_center = (0.0, 2.35, 0.0)
    #: a line under the question, in smaller type: what it is asked with ("" : none)
    card_note = ""
    #: what the student does in the pause, under the card ({seconds}: its length)
    pause_words = "your turn: {seconds} s to think before the answer"

    def draw_quiz(self, beat) -> None:
        """The question comes over the picture it is about, and stays still while it is
        read and for the quiz pause."""
        self.card = self.question_card()
        self.play(appear(self.title), *[appear(m) for m in self.question_picture()],
                  appear(self.card), run_time=style.RUN_INTRO)
        self.play(Wait(self.voice.duration(beat.sentence)))
        pause = self.request().quiz_pause
        if pause > 0:
            self.count_down(pause)

    def question_picture(self) -> list:
        """What stands under the question while it is asked."""
        return []

    def take_card(self) -> None:
        if self.on_screen(self.card):
            self.play(vanish(self.card), run_time=style.RUN_FADE)
            self.remove(self.card)

    #: where the status line stands (None: close under the title), its widest (None: any),
    #: and whether a wider one is set as two lines at a " · " before it is scaled down
    status_place, status_width, status_split = None, None, False

    def show_words(self, words: str | None) -> None:
        """The status line (None: none), at ``status_place``."""
        where = self.status_place
        self.show_status_words(words, (lambda line: line.to_edge(UP, buff=0.88)) if where is None
                               else (lambda line: line.move_to(where)), self.status_width,
                               split=self.status_split)

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen, and the status
        line writes it."""
        self.show_words(beat.state["status"])
        self.play(Wait(style.PAUSE_SHORT))

    def draw_answer(self, beat) -> None:
        """The answer in a line, on the status line, while it is said."""
        self.show_words(beat.state["status"])
        self.play(Wait(style.PAUSE_SHORT))


class OnePointQuizScene(OnePointDrawings, QuizScene):
    """Quiz: how often can the perceptron get a single point wrong?"""

    question = ONE_POINT_QUESTION
    status_place, status_width = (3.4, -0.55, 0.0), CHAIN_WIDTH
    #: the card in the empty right half (the plane, left, stays in view under the question)
    card_center = (3.3, 1.0, 0.0)

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.quiz.one_point_lesson`); no run is replayed."""
        return one_point_lesson(self.seed)

    def make_storyboard(self, lesson):
        return one_point_storyboard(lesson, self.scene_name())

    def build(self) -> None:
        lesson = self.lesson
        self.title = self.make_title("Quiz: a single point")
        self.plane = DataPlane(np.array([lesson.x]), np.array([1.0]), self.theme,
                               box=lesson.view, side=PLANE_SIDE, center=PLANE_CENTER,
                               legend=False)
        self.x_label = math("x", self.theme, style.FONT_LABEL).set_color(self.theme.positive)
        # beyond x, away from 0 (θ's arrows come from 0 and end on x's side)
        outward = lesson.x / float(np.hypot(*lesson.x))
        self.x_label.next_to(self.plane.point(0), np.array([*outward, 0.0]), buff=0.12)
        self.inset = None
        self.start_mark = None
        #: θ between two states: (from, to, fraction)
        self.motion = ValueTracker(0.0)
        self.theta_from = self.theta_to = np.zeros(2)
        self.theta_arrow = None
        self.boundary = None
        #: the steps y⁽ⁱ⁾x⁽ⁱ⁾ of the run shown, each from θ before to θ after
        self.trail: list = []
        # θᵀx (the point's y·score, y = +1) on a number line, every value either run takes
        scores = [float(theta @ lesson.x) for theta in (*lesson.from_zero, *lesson.from_start)]
        self.score_line = ScoreLine(scores, self.theme, width=5.6, label="theta^T x",
                                    side_labels=("$theta^T x <= 0$: mistake",
                                                 "$theta^T x > 0$: correct"))
        self.score_line.move_to(SCORE_LINE_CENTER)

    def question_picture(self) -> list:
        return [self.plane, self.x_label]

    def draw_run(self, beat) -> None:
        self.take_card()
        self.show_score_line()
        run, end = beat.state["run"], beat.state["step"]
        self.show_words(beat.state["status"])
        for step in range(1, end + 1):
            before, after = self.theta_at(run, step - 1), self.theta_at(run, step)
            if not np.any(before):  # from θ = 0 the step is θ itself: its arrow, no other
                self.move_theta(after)
                continue
            step_arrow = FastArrow(self.theme.step, stroke_width=3)
            step_arrow.set_ends(self.plane.c2p(before), self.plane.c2p(after))
            step = VGroup(step_arrow, self.step_name(step_arrow))
            self.play(appear(step), run_time=style.RUN_FADE)
            self.theta_arrow.avoid.target.extend(step)  # θ's name keeps off the steps
            if self.theta_arrow.label is not None and self.start_mark is not None:
                # θ leaves θ⁽⁰⁾: from here the arrow is θ, named (off θ⁽⁰⁾'s name)
                self.theta_arrow.label.set_opacity(1.0)
            self.move_theta(after)
            # the steps stay, a trail from the start to the end of the run
            self.trail.append(step)

    def draw_magnify(self, beat) -> None:
        """x and the last boundary magnified: x is just off the line."""
        self.show_words(beat.state["status"])
        run, end = beat.state["run"], beat.state["step"]
        if beat.state["inset"]:
            box, zoom = self.lesson.final_inset
            theta = self.theta_at(run, end)
            x, theme = self.lesson.x, self.theme
            foot = x - float(theta @ x) / float(theta @ theta) * theta
            distance = text(formatting.number(self.lesson.final_distance, 2), theme,
                            style.FONT_SMALL, theme.highlight)
            with_backdrop(distance, theme)

            def drawings(inset):
                # the line, and x's distance to it: the perpendicular, with its length
                return VGroup(self.sided_boundary(inset, theta),
                              perpendicular_gap(inset, foot, x, distance, theme))

            self.inset = magnifier(self.plane, self.plane.X, self.plane.y, box, zoom, self.theme,
                                   drawings,
                                   lines=[(theta, 0.0), ("segment", np.zeros(2), theta),
                                          *[("segment", self.theta_at(run, k),
                                             self.theta_at(run, k + 1)) for k in range(end)]])
            self.play(appear(self.inset), run_time=style.RUN_FADE)

    def draw_answer(self, beat) -> None:
        """The bound on the updates from θ⁽⁰⁾ in display type under the scores: its formula,
        then its numbers, then the Cauchy–Schwarz step between its two bounds."""
        self.show_words(beat.state["status"])
        formula, numbers = beat.state["chain"]
        theme = self.theme
        lines = VGroup(math(formula, theme, style.FONT_BODY), math(numbers, theme, style.FONT_BODY),
                       text(markup_with_math("Cauchy–Schwarz: $-(theta^((0)))^T x <= "
                                             "norm(theta^((0))) norm(x)$"), theme,
                            style.FONT_SMALL, theme.muted))
        lines.arrange(DOWN, buff=0.22)
        if lines.width > CHAIN_WIDTH:
            lines.scale_to_fit_width(CHAIN_WIDTH)
        lines.move_to(CHAIN_CENTER)
        self.play(appear(lines), run_time=style.RUN_FADE)
        self.play(Wait(style.PAUSE_SHORT))

    def draw_start(self, beat) -> None:
        """The run from θ = 0 leaves (its step's trail too); θ goes to the random start."""
        if self.trail:
            self.play(*[vanish(arrow) for arrow in self.trail], run_time=style.RUN_FADE)
            self.remove(*self.trail)
            self.trail = []
        self.show_words(beat.state["status"])
        # at the start the arrow is θ⁽⁰⁾, named once (by the ring's name below): θ's own
        # name comes back with the first update
        if self.theta_arrow.label is not None:
            self.theta_arrow.label.set_opacity(0.0)
        self.move_theta(self.lesson.start)
        # where the run from θ⁽⁰⁾ starts, marked for as long as its trail is drawn
        ring = Circle(radius=0.08, color=self.theme.normal, stroke_width=2.5)
        ring.move_to(self.plane.c2p(self.lesson.start))
        name = math("theta^((0))", self.theme, style.FONT_LABEL).set_color(self.theme.normal)
        # beside the ring, off the arrow's shaft and the axes
        tip, origin = ring.get_center(), self.plane.c2p((0, 0))
        obstacles = np.vstack([segment_boxes(origin, tip, 0.06), self.axis_boxes()])
        with_backdrop(name, self.theme)
        offset = best_offset(tip, (name.width, name.height), obstacles, 0.12,
                             bounds=box_of(self.plane.frame)[0, :4])
        name.move_to(tip + np.array([*offset, 0.0]))
        self.start_mark = VGroup(ring, name)
        # θ's name, when it comes back, keeps off θ⁽⁰⁾'s
        self.theta_arrow.avoid.target[:] = [name]  # the run from 0's steps have gone
        self.play(appear(self.start_mark), run_time=style.RUN_FADE)


class MarginQuizScene(MarginDrawings, RunReplay, StripDrawings, SqueezeDrawings, SketchDrawings,
                      LastLineDrawings, ShrinkDrawings, QuizScene):
    """Quiz: a large or a small margin? Two runs answer it."""

    question = MARGIN_QUESTION
    status_width, status_split = 13.0, True  # (review 291: a long status in two lines)
    card_center, card_note = (0.0, 0.3, 0.0), MARGIN_THEOREM
    # (the notes ask for an example drawn: more than a thought in the pause, review 264)
    pause_words = "your turn: pause the video and draw an example, or think for {seconds} s"

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.quiz.margin_quiz_lesson`); no run is replayed."""
        return margin_quiz_lesson(self.seed)

    def make_storyboard(self, lesson):
        return margin_storyboard(lesson, self.scene_name())

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Quiz: a large or a small margin?")
        self.planes, self.stars, self.finals, self.counts = [], [], [], []
        self.line_widths = []
        for run, centre in zip((self.lesson.wide, self.lesson.narrow), PANEL_CENTRES):
            data = run.data
            # markers a little smaller than spacing alone gives: one near a band's dashed
            # edge would straddle it and read as on it
            plane = DataPlane(data.X, data.y, theme, box=plane_box(self.lesson), side=PANEL_SIDE,
                              center=centre, legend=False, marker_size=PLANE_MARKER)
            a, c = star_line(run)
            self.planes.append(plane)
            # θ*'s band in the plane: half-width γ, the notes' margin of the nearest point
            final = run.trace.result
            line = Hyperplane(plane, np.asarray(final["theta"], dtype=float),
                              float(final["theta0"]), show_normal=False, show_shading=False)
            line.line.set_color(theme.step)
            self.finals.append(line)
            band = MarginBand(plane, a, c, band_half_width(run), theme.correct)
            star = Hyperplane(plane, a, c, show_normal=False, show_shading=False)
            #: the width of each plane's lines (θ*, a run's): thinner where magnified
            self.line_widths.append(style.LINE_STROKE)
            if band_inset(run, plane.box) is not None:
                # a band the close-up magnifies: its dashed edges, a few pixels either side
                # of θ*'s line, would merge with it (the close-up draws them apart); the
                # line thinner, not to cover the markers beside it
                band.edges.set_stroke(opacity=0)
                self.line_widths[-1] = style.LINE_STROKE / 2
                star.line.set_stroke(width=self.line_widths[-1])
                line.line.set_stroke(width=self.line_widths[-1])
            # θ*'s name keeps off the perceptron's line, which comes later beside it
            self.stars.append(VGroup(band, star, self.star_name(run, plane, avoid=line.line)))
            self.counts.append(self.heading(run, plane))
        self.answers = [self.answer(run, plane) for run, plane in
                        zip((self.lesson.wide, self.lesson.narrow), self.planes)]
        self.inset = self.make_inset(self.lesson.narrow, self.planes[1])
        self.reaches = [self.reach(run, plane) for run, plane in
                        zip((self.lesson.wide, self.lesson.narrow), self.planes)]
        self.strips = self.update_strips()
        self.squeeze = self.squeeze_plots()

    def tell(self, beat) -> None:
        """A beat, then the planes' signs over what it drew (:meth:`signs_on_top`)."""
        super().tell(beat)
        self.signs_on_top()

    def draw_planes(self, beat) -> None:
        """The next data set, with θ*, its band and the band's half-width (R and the bound
        come with the beats that say them, :meth:`draw_heading`)."""
        self.take_card()
        self.show_words(beat.state["status"])
        k = beat.state["planes"] - 1
        if k == 0:  # alone, larger, until the second comes
            self.stand_alone()
        else:
            self.settle_first()
        self.play(appear(self.planes[k]), run_time=style.RUN_INTRO)
        self.play(appear(self.stars[k]), run_time=style.RUN_INTRO)
        if k == 0:  # the points on its edges ringed as they are named, for the sentence
            self.wide_rings = VGroup(*[
                Circle(radius=self.planes[0].ring_radius, color=self.theme.highlight,
                       stroke_width=style.RING_STROKE - 1).move_to(self.planes[0].point(i))
                for i in beat.state["wide_edges"]])
            if len(self.wide_rings):
                self.wait_for_words("ringed points")
                self.play(appear(self.wide_rings), run_time=style.RUN_FADE)
                self.mark_for_beat(self.wide_rings)
        if k == 0:  # the band's width drawn across it as it is said (review 274: only text)
            self.wait_for_words("half-width")
            width = gap_bracket(self.planes[0], self.lesson.wide, self.theme, half=True,
                                avoid=[self.stars[0][2]])  # off θ*'s arrow and name
            self.play(appear(width), run_time=style.RUN_FADE)
            self.mark_for_beat(width)
        self.show_heading_part(beat, k, 0)  # γ, as it is said
        if beat.state["inset"]:
            self.play(appear(self.inset), run_time=style.RUN_INTRO)

    def draw_rings(self, beat) -> None:
        """The points on the thin band's edges, ringed as they are said: in its plane (where
        they lie apart along the line) and in its close-up (those it holds)."""
        self.show_words(beat.state["status"])
        plane = self.planes[1]
        self.edge_rings = VGroup(*[
            Circle(radius=plane.ring_radius, color=self.theme.highlight,
                   stroke_width=style.RING_STROKE - 1).move_to(plane.point(i))
            for i in beat.state["edges"]])
        self.near_rings = VGroup(*[self.inset_ring(i, self.theme.highlight)
                                   for i in beat.state["ringed"]])
        # the band's width 2γ across the close-up, when the sentence says it
        self.gap_drawn = (gap_bracket(self.inset[2], self.lesson.narrow, self.theme)
                          if "2γ =" in beat.sentence else VGroup())
        self.play(appear(self.edge_rings), appear(self.near_rings), run_time=style.RUN_FADE)
        if "none lies inside" in beat.sentence and self.inset is not None:  # the band lit
            self.wait_for_words("none lies inside")  # as said (review 277: 7.7 s still)
            self.play(Indicate(self.inset[3][0], color=self.theme.highlight, scale_factor=1),
                      run_time=style.PAUSE_READ)
        if len(self.gap_drawn):  # as it is said (review 273: drawn 6 s before "2γ")
            self.wait_for_words("2γ =")
            self.play(appear(self.gap_drawn), run_time=style.RUN_FADE)

    def draw_hold(self, beat) -> None:
        """More said of the picture: the spread, the close-up (its part told) giving way to
        each margin's data sets' M on the strips."""
        self.show_words(beat.state["status"])
        if beat.state["strips"]:
            self.show_strips()
        self.play(Wait(style.PAUSE_SHORT))

    def headings_shown(self) -> list[int]:
        """How many lines of each plane's heading are on screen."""
        return [sum(self.on_screen(line) for line in heading) for heading in self.counts]

    #: the words that say each part of a plane's heading (γ, R, the bound): each part comes
    #: as they are said (review 285: the bound stood 2 s before it was said)
    HEADING_WORDS = ("γ =", "R ", "(R/γ)²")

    def draw_heading(self, beat) -> None:
        """A plane's numbers come, part by part of its heading, each as it is said and lit
        then: R with the farthest point's reach, then (R/γ)²."""
        self.show_words(beat.state["status"])
        for k, (shown, wanted) in enumerate(zip(self.headings_shown(), beat.state["headings"])):
            for part in range(shown, wanted):
                self.show_heading_part(beat, k, part)

    def show_heading_part(self, beat, k: int, part: int) -> None:
        """Part ``part`` of plane ``k``'s heading, as its words are said (R with the
        farthest point's reach, which is not lit)."""
        self.wait_for_words(self.HEADING_WORDS[part])
        line = self.counts[k][part]
        reach = [self.reaches[k]] if part >= 1 and not self.on_screen(self.reaches[k]) else []
        self.play(appear(line), *map(appear, reach), run_time=style.RUN_FADE)
        self.play(Indicate(line, color=self.theme.highlight, scale_factor=1.05),
                  run_time=style.PAUSE_READ)

    def draw_answer(self, beat) -> None:
        """The answer on the status line, framed in the question card's colour: what the
        card asked the student to think about, answered, beside the two examples
        (:meth:`examples_back`)."""
        self.take_off(getattr(self, "answer_frame", None))
        self.show_words(beat.state["status"])
        self.examples_back(beat)
        self.answer_frame = SurroundingRectangle(self.status, buff=0.12,
                                                 color=self.theme.highlight, stroke_width=2)
        self.play(appear(self.answer_frame), run_time=style.RUN_FADE)
        if beat.state["sketch"] and not self.on_screen(getattr(self, "sketch", None)):
            self.draw_sketch()
        self.point_out_examples(beat)
        self.play(Wait(style.PAUSE_SHORT))


