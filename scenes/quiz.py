"""The notes' quizzes: `quiz-one-point` and `quiz-margin`.

Each asks its question on a card and holds it, still, for the request's quiz pause
(``--quiz-pause``; present mode stops there until → is pressed), then answers it from real
runs (:mod:`linviz.lessons.quiz`, the storyboards in :mod:`linviz.lessons.quiz_story`).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, SurroundingRectangle, ValueTracker, VGroup, Wait

from linviz import wording
from linviz.lessons.quiz import margin_quiz_lesson, one_point_lesson
from linviz.lessons.quiz_story import (MARGIN_QUESTION, ONE_POINT_QUESTION, margin_storyboard,
                                       one_point_storyboard)
from linviz.view_box import fitted_box
from scenes.base import LinvizScene
from scenes.toolkit import style
from scenes.toolkit.fast_shapes import FastArrow
from scenes.toolkit.gd_plots import plain_markup
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane, MarginBand
from scenes.toolkit.screen_text import math, text


class QuizScene(LinvizScene):
    """A quiz: the question's card held for the quiz pause, then the answer's beats."""

    #: the question the card shows (the storyboard's first sentence)
    question = ""
    #: the card's centre (over the picture the question is about)
    card_center = (0.0, 2.35, 0.0)

    def question_card(self) -> VGroup:
        """The question in large type, a line for each of its questions, and a pause cue."""
        body = self.question.removeprefix("Quiz, from the notes: ")
        sentences = [part.strip() + ("?" if not part.strip().endswith((".", "?")) else "")
                     for part in body.replace("? ", "?|").replace(". ", ".|").split("|")]
        lines = VGroup(*[text(plain_markup(line), self.theme, style.FONT_BODY)
                         for line in sentences]).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.SMALL_BUFF)
        if lines.width > 12.5:
            lines.scale_to_fit_width(12.5)
        cue = text("Quiz: think before the answer", self.theme, style.FONT_SMALL,
                   self.theme.highlight)
        inside = VGroup(cue, lines).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        box = SurroundingRectangle(inside, buff=0.25, color=self.theme.highlight,
                                   fill_color=self.theme.background, fill_opacity=0.95,
                                   stroke_width=2)
        return VGroup(box, inside).move_to(self.card_center)

    def draw_quiz(self, beat) -> None:
        """The question comes over the picture it is about, and stays still while it is
        read and for the quiz pause."""
        self.card = self.question_card()
        self.play(appear(self.title), *[appear(m) for m in self.question_picture()],
                  appear(self.card), run_time=style.RUN_INTRO)
        self.play(Wait(self.voice.duration(beat.sentence) + self.request().quiz_pause))

    def question_picture(self) -> list:
        """What stands under the question while it is asked."""
        return []

    def take_card(self) -> None:
        if self.on_screen(self.card):
            self.play(vanish(self.card), run_time=style.RUN_FADE)
            self.remove(self.card)

    #: where the status line stands (None: under the title)
    status_place = None

    def show_words(self, words: str | None) -> None:
        """The status line (None: none), at ``status_place``."""
        where = self.status_place
        self.show_status_words(words, (lambda line: line.to_edge(UP, buff=1.0)) if where is None
                               else (lambda line: line.move_to(where)))

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen."""

    def draw_answer(self, beat) -> None:
        """The answer in a line, on the status line, while it is said."""
        self.show_words(beat.state["status"])
        self.play(Wait(style.PAUSE_SHORT))


class OnePointQuizScene(QuizScene):
    """Quiz: how often can the perceptron get a single point wrong?"""

    question = ONE_POINT_QUESTION
    status_place = (3.4, -0.5, 0.0)

    def make_trace(self):
        self.lesson = one_point_lesson(self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = one_point_storyboard(self.lesson, self.scene_name())
        return None

    def build(self) -> None:
        lesson = self.lesson
        self.title = self.make_title("Quiz: a single point")
        points = np.vstack([[0.0, 0.0], lesson.x, lesson.start, lesson.from_start,
                            lesson.from_zero])
        box = fitted_box(points, include_origin=True)
        self.plane = DataPlane(np.array([lesson.x]), np.array([1.0]), self.theme, box=box,
                               side=4.3, center=(-3.2, -0.85, 0.0), legend=False)
        self.x_label = math("x", self.theme, style.FONT_LABEL).set_color(self.theme.positive)
        self.x_label.next_to(self.plane.point(0), DOWN + RIGHT, buff=0.08)
        #: θ between two states: (from, to, fraction)
        self.motion = ValueTracker(0.0)
        self.theta_from = self.theta_to = np.zeros(2)
        self.theta_arrow = None
        self.boundary = None
        #: the steps y⁽ⁱ⁾x⁽ⁱ⁾ of the run shown, each from θ before to θ after
        self.trail: list = []

    def question_picture(self) -> list:
        return [self.plane, self.x_label]

    def theta_at(self, run: str, step: int) -> np.ndarray:
        thetas = self.lesson.from_zero if run == "zero" else self.lesson.from_start
        return thetas[step]

    def current_theta(self) -> np.ndarray:
        t = self.motion.get_value()
        return (1 - t) * self.theta_from + t * self.theta_to

    def move_theta(self, theta, run_time: float = style.RUN_GD_STEP) -> None:
        """θ's arrow from the origin and its boundary move to ``theta`` (a play)."""
        theme = self.theme
        if self.theta_arrow is None:
            self.theta_from = self.theta_to = np.asarray(theta, dtype=float)
            self.theta_arrow = DataVector(self.plane, (0, 0), theta, theme.normal, "theta")
            self.boundary = Hyperplane(self.plane, theta, 0.0, show_normal=False)
            self.theta_arrow.add_updater(lambda v: v.set_ends((0, 0), self.current_theta()))
            self.boundary.add_updater(lambda h: h.set_parameters(self.current_theta(), 0.0))
            self.play(appear(self.theta_arrow), appear(self.boundary), run_time=style.RUN_FADE)
            return
        self.theta_from, self.theta_to = self.current_theta(), np.asarray(theta, dtype=float)
        self.motion.set_value(0.0)
        self.play(self.motion.animate.set_value(1.0), run_time=run_time)

    def draw_run(self, beat) -> None:
        self.take_card()
        run, end = beat.state["run"], beat.state["step"]
        self.show_words(beat.state["status"])
        for step in range(1, end + 1):
            before, after = self.theta_at(run, step - 1), self.theta_at(run, step)
            if self.theta_arrow is None:
                self.move_theta(before)  # θ = 0 has no arrow: it appears with the step
            step_arrow = FastArrow(self.theme.step, stroke_width=3)
            step_arrow.set_ends(self.plane.c2p(before), self.plane.c2p(after))
            self.play(appear(step_arrow), run_time=style.RUN_FADE)
            self.move_theta(after)
            # the steps stay, a trail from the start to the end of the run
            self.trail.append(step_arrow)

    def draw_start(self, beat) -> None:
        """The run from θ = 0 leaves (its step's trail too); θ goes to the random start."""
        if self.trail:
            self.play(*[vanish(arrow) for arrow in self.trail], run_time=style.RUN_FADE)
            self.remove(*self.trail)
            self.trail = []
        self.show_words(beat.state["status"])
        self.move_theta(self.lesson.start)


class MarginQuizScene(QuizScene):
    """Quiz: a large or a small margin? Two runs answer it."""

    question = MARGIN_QUESTION
    card_center = (0.0, 0.3, 0.0)

    def make_trace(self):
        self.lesson = margin_quiz_lesson(self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = margin_storyboard(self.lesson, self.scene_name())
        return None

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Quiz: a large or a small margin?")
        self.planes, self.stars, self.finals, self.counts = [], [], [], []
        for run, centre in ((self.lesson.wide, (-3.4, -0.4, 0.0)),
                            (self.lesson.narrow, (3.4, -0.4, 0.0))):
            data = run.data
            plane = DataPlane(data.X, data.y, theme, side=4.8, center=centre, legend=False)
            a, c = run.theta_star[:2], float(run.theta_star[2])
            self.planes.append(plane)
            # θ* and its band: γ on [x, 1] is at least γ/‖a‖ wide in the plane
            # θ*'s band in the plane: half-width γ/‖a‖ for θ* = (a, c) on [x, 1], the notes'
            # margin of the nearest point (said beside the theorem's γ on [x, 1])
            self.stars.append(VGroup(
                MarginBand(plane, a, c, run.gamma / float(np.hypot(*a)), theme.correct),
                Hyperplane(plane, a, c, show_normal=False, show_shading=False)))
            final = run.trace.result
            line = Hyperplane(plane, np.asarray(final["theta"], dtype=float),
                              float(final["theta0"]), show_normal=False, show_shading=False)
            line.line.set_color(theme.step)
            self.finals.append(line)
            words = text(plain_markup(f"γ = {wording.significant(run.gamma, 2, 3)}, (R/γ)² = "
                                      f"{wording.grouped(run.bound, 0)}"), theme,
                         style.FONT_SMALL)
            words.next_to(plane.frame, UP, buff=0.2)
            self.counts.append(words)

    def draw_planes(self, beat) -> None:
        """The next data set, with θ*, its band and its numbers."""
        self.take_card()
        k = beat.state["planes"] - 1
        self.play(appear(self.planes[k]), appear(self.stars[k]), appear(self.counts[k]),
                  run_time=style.RUN_INTRO)

    def draw_runs(self, beat) -> None:
        self.show_words(beat.state["status"])
        self.play(*[appear(f) for f in self.finals], run_time=style.RUN_INTRO)

