"""The notes' quizzes: `quiz-one-point` and `quiz-margin`.

Each asks its question on a card and holds it, still, for the request's quiz pause
(``--quiz-pause``; present mode stops there until → is pressed), then answers it from real
runs (:mod:`linviz.lessons.quiz`, the storyboards in :mod:`linviz.lessons.quiz_story`).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, SurroundingRectangle, VGroup, Wait

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

    def question_card(self) -> VGroup:
        words = text(plain_markup(self.question), self.theme, style.FONT_BODY)
        if words.width > 11.5:
            words.scale_to_fit_width(11.5)
        box = SurroundingRectangle(words, buff=0.35, color=self.theme.highlight,
                                   fill_color=self.theme.background, fill_opacity=0.95,
                                   stroke_width=2)
        return VGroup(box, words).move_to((0, 0.3, 0))

    def draw_quiz(self, beat) -> None:
        """The question comes, and stays still while it is read and for the quiz pause."""
        self.card = self.question_card()
        self.play(appear(self.card), run_time=style.RUN_FADE)
        self.play(Wait(self.voice.duration(beat.sentence) + self.request().quiz_pause))

    def take_card(self) -> None:
        if self.on_screen(self.card):
            self.play(vanish(self.card), run_time=style.RUN_FADE)
            self.remove(self.card)

    def show_words(self, words: str | None) -> None:
        """The status line above the picture (None: none)."""
        if getattr(self, "status_words", None) == words:
            return
        self.status_words = words
        if self.status is not None:
            self.remove(self.status)
            self.status = None
        if words:
            self.status = text(plain_markup(words), self.theme, style.FONT_SMALL)
            self.status.to_edge(UP, buff=1.0)
            self.still(self.status)

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen."""


class OnePointQuizScene(QuizScene):
    """Quiz: how often can the perceptron get a single point wrong?"""

    question = ONE_POINT_QUESTION

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
                               side=5.4, center=(-2.6, -0.3, 0.0), legend=False)
        self.theta_arrow = None
        self.boundary = None

    def theta_at(self, run: str, step: int) -> np.ndarray:
        thetas = self.lesson.from_zero if run == "zero" else self.lesson.from_start
        return thetas[step]

    def set_theta(self, theta) -> None:
        """θ's arrow from the origin and its boundary (none at θ = 0)."""
        theme = self.theme
        if self.theta_arrow is None:
            self.theta_arrow = DataVector(self.plane, (0, 0), theta, theme.normal, "theta")
            self.boundary = Hyperplane(self.plane, theta, 0.0, show_normal=False)
            self.play(appear(self.theta_arrow), appear(self.boundary), run_time=style.RUN_FADE)
        else:
            self.theta_arrow.set_ends((0, 0), theta)
            self.boundary.set_parameters(theta, 0.0, 1.0 if np.any(theta) else 0.0)

    def draw_run(self, beat) -> None:
        self.take_card()
        self.show_words(beat.state["status"])
        if not self.on_screen(self.plane):
            self.play(appear(self.title), appear(self.plane), run_time=style.RUN_INTRO)
        run, end = beat.state["run"], beat.state["step"]
        x = self.lesson.x
        start = 1 if run == "zero" else 1
        for step in range(start, end + 1):
            before, after = self.theta_at(run, step - 1), self.theta_at(run, step)
            arrow = FastArrow(self.theme.step, stroke_width=3)
            arrow.set_ends(self.plane.c2p(before), self.plane.c2p(after))
            self.play(appear(arrow), run_time=style.RUN_FADE)
            self.set_theta(after)
            self.play(vanish(arrow), run_time=style.RUN_FADE)
            self.remove(arrow)
        del x

    def draw_start(self, beat) -> None:
        self.show_words(beat.state["status"])
        self.set_theta(self.lesson.start)
        self.play(Wait(style.PAUSE_SHORT))


class MarginQuizScene(QuizScene):
    """Quiz: a large or a small margin? Two runs answer it."""

    question = MARGIN_QUESTION

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
            self.stars.append(VGroup(
                MarginBand(plane, a, c, run.gamma / float(np.hypot(*a)), theme.correct),
                Hyperplane(plane, a, c, show_normal=False, show_shading=False)))
            final = run.trace.result
            self.finals.append(Hyperplane(plane, np.asarray(final["theta"], dtype=float),
                                          float(final["theta0"]), show_normal=False))
            words = text(plain_markup(f"γ = {wording.significant(run.gamma, 2, 3)}, (R/γ)² = "
                                      f"{wording.grouped(run.bound, 0)}"), theme,
                         style.FONT_SMALL)
            words.next_to(plane.frame, UP, buff=0.2)
            self.counts.append(words)

    def draw_planes(self, beat) -> None:
        self.take_card()
        self.play(appear(self.title), *[appear(p) for p in self.planes],
                  *[appear(s) for s in self.stars], *[appear(c) for c in self.counts],
                  run_time=style.RUN_INTRO)

    def draw_runs(self, beat) -> None:
        self.show_words(beat.state["status"])
        self.play(*[appear(f) for f in self.finals], run_time=style.RUN_INTRO)
