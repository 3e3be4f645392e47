"""`history`: a minute on where the perceptron comes from, before the classifier.

The neuron model of the notes (inputs, weights, a sum with θ₀, a step to ±1) and the
formula it is, then a timeline of what the notes date: the 1958 press, Rosenblatt with the
Mark I Perceptron in 1960, Minsky and Papert's XOR in 1969, the AI winter after it. Every
fact comes from the lesson (:mod:`linviz.lessons.history`), which names its note.
"""

from __future__ import annotations

from manim import (DOWN, LEFT, ORIGIN, RIGHT, UP, Circle, Create, Indicate, Line, Rectangle,
                   ReplacementTransform, VGroup)

from linviz.lessons.history import HistoryLesson, history_lesson
from linviz.lessons.history_story import history_storyboard
from scenes.base import LinvizScene
from scenes.history_parts.common import (CARD_WIDTH, FORMULA_ALONE_SHIFT, FORMULA_CORNER,
                                         MODEL_DROP, MODEL_ZOOM, MODEL_ZOOM_ABOUT, RULE_GAP,
                                         XOR_CARD_RIGHT, XOR_CARD_TOP_LEFT, XOR_SHADE_OPACITY,
                                         XOR_TRIED_OPACITY, XOR_TRY_SECONDS)
from scenes.history_parts.model import ModelDrawings
from scenes.history_parts.timeline import TimelineDrawings
from scenes.history_parts.xor import XorDrawings
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.screen_text import math, text


class HistoryScene(ModelDrawings, TimelineDrawings, XorDrawings, LinvizScene):
    """The perceptron's model and the years the notes give, 1958 to the mid-1980s."""

    def make_lesson(self) -> HistoryLesson:
        """The lesson (:func:`linviz.lessons.history.history_lesson`); no run is replayed."""
        return history_lesson(self.seed)

    def make_storyboard(self, lesson):
        return history_storyboard(lesson, self.scene_name())

    def build(self) -> None:
        self.title = self.make_title("Where the perceptron comes from")
        # the neuron: inputs with their weights, then the sum and the step
        ys = [2.6, 1.55, -0.1]
        arrows = self.build_inputs(ys)
        to_step, out = self.build_step()
        #: the parts of the model each part of the neuron's sketch becomes: its branches
        #: the weighted inputs, its cell body the sum, its axon the step's arrows
        self.becomes = (arrows, self.sum_node, VGroup(to_step, out))
        self.cell = self.neuron_sketch(ys)
        self.build_formula()
        # alone on screen, the model and its formula stand in the middle; they rise to
        # their places when the timeline comes under them
        for part in (self.cell, self.inputs, self.body):
            part.scale(MODEL_ZOOM, about_point=MODEL_ZOOM_ABOUT)
        VGroup(self.cell, self.inputs, self.body, self.formula).shift(MODEL_DROP * DOWN)
        self.build_timeline()

    # -- the beats ----------------------------------------------------------------
    def draw_cell(self, beat) -> None:
        """The sketch of a biological neuron, drawn."""
        self.play(appear(self.title), Create(self.cell), run_time=style.RUN_INTRO * 1.5)

    def draw_neuron(self, beat) -> None:
        """Stage 1: the sketch's branches become the weighted inputs, its cell body the sum;
        stage 2: its axon becomes the step's arrows, and θ₀ and the step come."""
        body, branches, axon = self.cell
        arrows, sum_node, step_arrows = self.becomes
        if beat.state["neuron"] == 1:
            moved = [arrows, sum_node]
            self.play(*[ReplacementTransform(branch, arrow)
                        for branch, arrow in zip(branches, arrows)],
                      ReplacementTransform(body, sum_node),
                      appear(VGroup(*[part for part in self.inputs if part not in moved])),
                      run_time=style.RUN_INTRO * 1.5)
            self.remove(*arrows, sum_node, branches, body)
            self.add(self.inputs)
        else:
            self.play(ReplacementTransform(axon, step_arrows),
                      appear(VGroup(*[part for part in self.body if part not in step_arrows])),
                      run_time=style.RUN_INTRO * 1.5)
            self.remove(*step_arrows, axon)
            self.add(self.body)
        if not any(self.on_screen(part) for part in (body, branches, axon)):
            self.remove(self.cell)

    def draw_formula(self, beat) -> None:
        self.play(appear(self.formula), run_time=style.RUN_INTRO)

    def draw_event(self, beat) -> None:
        if not self.on_screen(self.axis):  # the model rises to make room for the years
            about = MODEL_ZOOM_ABOUT + MODEL_DROP * DOWN
            self.play(*[part.animate.scale(1 / MODEL_ZOOM, about_point=about).shift(
                            MODEL_DROP * UP) for part in (self.inputs, self.body)],
                      self.formula.animate.shift(MODEL_DROP * UP + FORMULA_ALONE_SHIFT * LEFT),
                      run_time=style.RUN_FADE * 2)
        shown = [m for m in self.event_marks[:beat.state["events"]] if not self.on_screen(m)]
        new = ([] if self.on_screen(self.axis) else [self.axis]) + shown
        if not beat.state["hype"] and self.on_screen(self.hype):
            self.play(vanish(self.hype), run_time=style.RUN_FADE)
            self.remove(self.hype)
        self.show_card(self.events_card(beat.state["events"]), *new)

    def draw_rule(self, beat) -> None:
        """Rosenblatt's update under the 1960 card, as the weights it changes flash."""
        self.rule.next_to(self.card, DOWN, buff=RULE_GAP).align_to(self.card, LEFT)
        self.play(appear(self.rule), Indicate(self.becomes[0], color=self.theme.normal,
                                              scale_factor=1.0), run_time=style.RUN_INTRO)

    def draw_hype(self, beat) -> None:
        """The row under the year's card; its tags grow out of the model's output, ±1."""
        self.hype.next_to(self.card, DOWN, buff=0.3).align_to(self.card, LEFT)
        if self.hype.width > CARD_WIDTH:
            self.hype.scale_to_fit_width(CARD_WIDTH).align_to(self.card, LEFT)
        output = self.body[-1].get_center()
        moves = []
        for tag in self.hype[1:]:
            place = tag.get_center()
            tag.scale(0.2).move_to(output)
            moves.append(tag.animate.scale(5.0).move_to(place))
        self.add(self.hype)
        self.play(appear(self.hype[0]), *moves, run_time=style.RUN_INTRO)

    def draw_xor(self, beat) -> None:
        """The four corners, then lines tried one after another, the corners each gets
        wrong ringed: every line gets one wrong (no line separates them)."""
        shown = [m for m in self.event_marks[:beat.state["events"]] if not self.on_screen(m)]
        # the model, said, steps back to the top left: XOR takes the middle
        # the model, said, leaves; its formula, the classifier XOR defeats, stays at the top
        # left: XOR takes the middle
        corner = self.formula.get_corner(UP + LEFT)
        self.play(vanish(self.inputs), vanish(self.body),
                  self.formula.animate.shift(FORMULA_CORNER - corner),
                  *([vanish(self.hype)] if self.on_screen(self.hype) else []),
                  *([vanish(self.rule)] if self.on_screen(self.rule) else []),
                  run_time=style.RUN_FADE * 2)
        self.remove(self.inputs, self.body, self.rule)
        self.show_card(self.events_card(beat.state["events"],
                                        min(CARD_WIDTH, XOR_CARD_RIGHT - XOR_CARD_TOP_LEFT[0]),
                                        XOR_CARD_TOP_LEFT), *shown)
        self.play(appear(self.xor), run_time=style.RUN_FADE)
        tries = len(self.lesson.xor_tries)
        drawn = self.xor_drawing(0)
        # what the shade and a ring say, beside the square, with the first line
        theme = self.theme
        key = VGroup(
            VGroup(Rectangle(width=0.26, height=0.26, stroke_width=0, fill_color=theme.positive,
                             fill_opacity=2 * XOR_SHADE_OPACITY),
                   math("h(x) = +1", theme, style.FONT_SMALL)).arrange(RIGHT, buff=0.12),
            VGroup(Circle(radius=0.13, color=theme.mistake, stroke_width=3),
                   text("wrong side", theme, style.FONT_SMALL)).arrange(RIGHT, buff=0.12),
            VGroup(Line(ORIGIN, 0.26 * RIGHT, color=theme.boundary, stroke_width=3,
                        stroke_opacity=XOR_TRIED_OPACITY),
                   VGroup(text("earlier lines:", theme, style.FONT_SMALL),
                          text("each gets a corner wrong", theme, style.FONT_SMALL))
                   .arrange(DOWN, aligned_edge=LEFT, buff=0.06)).arrange(RIGHT, buff=0.12))
        key.arrange(DOWN, aligned_edge=LEFT, buff=0.15).next_to(self.xor[0], RIGHT, buff=0.3)
        key.align_to(self.xor[0], DOWN)
        self.xor.add(key)
        self.play(appear(drawn), appear(key), run_time=style.RUN_FADE)
        self.wait(XOR_TRY_SECONDS - style.RUN_FADE)
        tried = VGroup()
        for k in range(1, tries):
            new = self.xor_drawing(k, dashed=k == tries - 1)
            # the line before stays, faint (the still shows every line tried); its rings go
            self.play(drawn[0].animate.set_stroke(opacity=XOR_TRIED_OPACITY), vanish(drawn[1]),
                      appear(new[0]), run_time=style.RUN_FADE)
            self.remove(drawn[1])
            tried.add(drawn[0])
            self.play(appear(new[1]), run_time=style.RUN_FADE)
            drawn = new
            if k < tries - 1:
                self.wait(XOR_TRY_SECONDS - 2 * style.RUN_FADE)
        # the last line stays, dashed, with its wrong corner ringed, over the faint others
        self.add(drawn)
        self.xor.add(tried, drawn)

    def draw_winter(self, beat) -> None:
        width = min(CARD_WIDTH, XOR_CARD_RIGHT - XOR_CARD_TOP_LEFT[0])
        card = self.card_for("after 1969, till the mid-1980s", ["the AI winter"], width,
                             XOR_CARD_TOP_LEFT)
        self.show_card(card, self.winter)
        # under the card, from its left
        self.agenda.next_to(card, DOWN, buff=0.35).align_to(card, LEFT)
        self.play(appear(self.agenda), run_time=style.RUN_INTRO)
