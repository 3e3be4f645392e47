"""`history`: a minute on where the perceptron comes from, before the classifier.

The neuron model of the notes (inputs, weights, a sum with θ₀, a step to ±1) and the
formula it is, then a timeline of what the notes date: the 1958 press, Rosenblatt with the
Mark I Perceptron in 1960, Minsky and Papert's XOR in 1969, the AI winter after it. Every
fact comes from the lesson (:mod:`linviz.lessons.history`), which names its note.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, ORIGIN, RIGHT, UP, Arrow, Circle, Create, DashedLine, Dot,
                   Indicate, Line, Polygon, Rectangle, ReplacementTransform, RoundedRectangle, VGroup,
                   VMobject)

from linviz.geometry import Box, clip_line, half_plane_polygon
from linviz.lessons.history import HistoryLesson, history_lesson
from linviz.lessons.history_story import history_storyboard
from scenes.base import LinvizScene
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.plane import Marker
from scenes.toolkit.screen_text import math, text, wrapped_text

#: the timeline: its y, and the x of its two ends
AXIS_Y = -2.65
AXIS_LEFT, AXIS_RIGHT = -6.2, 6.2
#: the height between two levels of labels above the axis
LEVEL_STEP = 0.5
#: the headline card's top left and width (right of the neuron, under the formula)
CARD_TOP_LEFT = np.array([0.8, 0.75, 0.0])
CARD_WIDTH = 5.6
#: the gap between the 1960 card and Rosenblatt's update under it
RULE_GAP = 0.3
#: what was expected of the perceptron (002), as tags under the 1958 card
HYPE_TAGS = ("recognise people", "‘consciousness’")
#: the size of the years' labels and tick values on the timeline, and of XOR's tick values
YEAR_FONT = 24
#: from 1969 on, XOR is the picture: the model leaves and its formula moves to the top left
#: (its top left corner here), XOR's square stands right of centre, the cards at its left
FORMULA_CORNER = np.array([-6.5, 2.6, 0.0])
XOR_CENTRE = np.array([3.1, 0.45, 0.0])
#: half the side of XOR's square, and the screen length of one unit of its corners (±1, ±1)
XOR_HALF, XOR_UNIT = 1.6, 1.0
#: the cards beside XOR: their top left, and their right end (clear of XOR's tick values)
XOR_CARD_TOP_LEFT = np.array([-6.5, 1.3, 0.0])
XOR_CARD_RIGHT = XOR_CENTRE[0] - XOR_HALF - 0.7
#: the winter's band fades out over its last years, in steps
WINTER_FADE, WINTER_FADE_STEPS = 4.0, 8
#: the opacity of the side a line tried on XOR's corners calls +
XOR_SHADE_OPACITY = 0.18
#: how long each line tried on XOR's corners stays, its wrong corners ringed (s)
XOR_TRY_SECONDS = 1.1
#: the opacity a line tried on XOR's corners fades to when the next is tried
XOR_TRIED_OPACITY = 0.3
#: the neuron model: its inputs' x, the sum's and the step's centres
INPUT_X = -5.8
SUM_CENTER = np.array([-2.6, 1.3, 0.0])
STEP_CENTER = np.array([-0.6, 1.3, 0.0])
#: how far below its place the model stands while it is alone on screen, how much larger
#: it is drawn then, and the point it is enlarged about (before the drop)
MODEL_DROP, MODEL_ZOOM = 1.2, 1.15
MODEL_ZOOM_ABOUT = np.array([-3.0, 1.3, 0.0])
#: the formula's centre beside the model, and how far right of it it stands while the model
#: is drawn larger
FORMULA_CENTER, FORMULA_ALONE_SHIFT = np.array([4.0, 1.3, 0.0]), 0.7
#: the sketch of a biological neuron the model is drawn from: its cell body's radius, the
#: length of a branch's twigs at its end, where its axon ends (x), and the opacity of its
#: cell body's fill
CELL_RADIUS, TWIG_LENGTH, AXON_END_X, CELL_FILL = 0.5, 0.32, 1.3, 0.22
#: the step's box (width, height) and the half height of its two levels, −1 and +1
STEP_BOX, STEP_LEVEL = (1.6, 1.15), 0.32


class HistoryScene(LinvizScene):
    """The perceptron's model and the years the notes give, 1958 to the mid-1980s."""

    def make_trace(self):
        self.lesson: HistoryLesson = history_lesson(self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = history_storyboard(self.lesson, self.scene_name())
        return None

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Where the perceptron comes from")
        # the neuron: inputs with their weights, then the sum and the step
        ys = [2.6, 1.55, -0.1]
        names = ["x_1", "x_2", "x_d"]
        weights = ["theta_1", "theta_2", "theta_d"]
        inputs, arrows, labels = VGroup(), VGroup(), VGroup()
        self.sum_node = Circle(radius=0.42, color=theme.text, stroke_width=3).move_to(SUM_CENTER)
        for y, name, weight in zip(ys, names, weights):
            node = Circle(radius=0.32, color=theme.normal, stroke_width=3)
            node.move_to((INPUT_X, y, 0))
            node.add(math(name, theme, style.FONT_SMALL).move_to(node))
            inputs.add(node)
            # from the input's circle to the sum's, edge to edge
            towards = SUM_CENTER - node.get_center()
            towards = towards / np.linalg.norm(towards)
            arrow = Arrow(node.get_center() + 0.34 * towards, SUM_CENTER - 0.44 * towards,
                          buff=0, stroke_width=3, color=theme.muted, tip_length=0.18)
            arrows.add(arrow)
            label = math(weight, theme, style.FONT_SMALL).set_color(theme.normal)
            label.move_to(arrow.point_from_proportion(0.35) + 0.3 * UP)
            labels.add(label)
        dots = math("dots.v", theme, style.FONT_SMALL).move_to((INPUT_X, 0.75, 0))
        sigma = math("sum", theme, style.FONT_MATH).move_to(self.sum_node)
        # "… and summed": the sum comes with its inputs
        self.inputs = VGroup(inputs, dots, arrows, labels, self.sum_node, sigma)
        bias = math("theta_0", theme, style.FONT_SMALL).set_color(theme.normal)
        bias.move_to(SUM_CENTER + np.array([0.0, -1.35, 0.0]))
        bias_arrow = Arrow(bias.get_top(), self.sum_node.get_bottom(), buff=0.08,
                           stroke_width=3, color=theme.muted, tip_length=0.18)
        box = Rectangle(width=STEP_BOX[0], height=STEP_BOX[1], color=theme.text, stroke_width=3)
        box.move_to(STEP_CENTER)
        # sign(a): −1 left of a = 0, +1 from it on, over a faint axis at 0 (the sum's
        # axis, a, runs across; the output's, up)
        half, level = STEP_BOX[0] / 2 - 0.15, STEP_LEVEL
        corner = [STEP_CENTER + np.array(p) for p in
                  ((-half, -level, 0), (0, -level, 0), (0, level, 0), (half, level, 0))]
        step = VGroup(
            Line(STEP_CENTER + half * LEFT, STEP_CENTER + half * RIGHT, color=theme.muted,
                 stroke_width=1.5, stroke_opacity=0.7),
            *[Line(a, b, color=theme.boundary, stroke_width=3)
              for a, b in zip(corner[:-1], corner[1:])],
            text("+1", theme, style.FONT_SMALL, theme.muted).next_to(
                corner[2], LEFT, buff=0.08),
            text("−1", theme, style.FONT_SMALL, theme.muted).next_to(
                corner[1], RIGHT, buff=0.08))
        to_step = Arrow(self.sum_node.get_right(), box.get_left(), buff=0.05, stroke_width=3,
                        color=theme.muted, tip_length=0.18)
        out = Arrow(box.get_right(), box.get_right() + 1.2 * RIGHT, buff=0.05, stroke_width=3,
                    color=theme.muted, tip_length=0.18)
        output = math("plus.minus 1", theme, style.FONT_SMALL).next_to(out, RIGHT, buff=0.1)
        self.body = VGroup(bias, bias_arrow, to_step, box, step, out, output)
        #: the parts of the model each part of the neuron's sketch becomes: its branches
        #: the weighted inputs, its cell body the sum, its axon the step's arrows
        self.becomes = (arrows, self.sum_node, VGroup(to_step, out))
        self.cell = self.neuron_sketch(ys)
        # the formula's parts in the colours of the model's: the weights and θ₀ as drawn
        # there, sign as the step
        self.formula = math("h(x) = {{ op(\"sign\") : sign }}({{ theta^T x : weighted }} + "
                            "{{ theta_0 : offset }})", theme, style.FONT_MATH, parts=True)
        for part, colour in (("weighted", theme.normal), ("offset", theme.normal),
                             ("sign", theme.boundary)):
            self.formula.select(part).set_color(colour)
        self.formula.move_to(FORMULA_CENTER + FORMULA_ALONE_SHIFT * RIGHT)
        # alone on screen, the model and its formula stand in the middle; they rise to
        # their places when the timeline comes under them
        for part in (self.cell, self.inputs, self.body):
            part.scale(MODEL_ZOOM, about_point=MODEL_ZOOM_ABOUT)
        VGroup(self.cell, self.inputs, self.body, self.formula).shift(MODEL_DROP * DOWN)
        self.build_timeline()

    def neuron_sketch(self, ys) -> VGroup:
        """A line drawing of a biological neuron laid over the model it becomes: a cell body
        where the sum stands, a branch from it to each input's place (ending in twigs), an
        axon out to the right (its sheath in two pieces, twigs at its end)."""
        theme = self.theme
        colour = dict(color=theme.muted, stroke_width=3)
        body = Circle(radius=CELL_RADIUS, fill_color=theme.muted, fill_opacity=CELL_FILL,
                      **colour).move_to(SUM_CENTER)
        body.add(Dot(SUM_CENTER, radius=0.1, color=theme.muted))

        def twigs(end, direction) -> VGroup:
            """Two twigs spreading from ``end`` on along ``direction``."""
            turns = []
            for angle in (0.5, -0.5):
                c, s = np.cos(angle), np.sin(angle)
                turned = np.array([c * direction[0] - s * direction[1],
                                   s * direction[0] + c * direction[1], 0.0])
                turns.append(Line(end, end + TWIG_LENGTH * turned, **colour))
            return VGroup(*turns)

        branches = VGroup()
        for y in ys:
            end = np.array([INPUT_X + 0.35, y, 0.0])
            towards = end - SUM_CENTER
            towards = towards / np.linalg.norm(towards)
            start = SUM_CENTER + CELL_RADIUS * towards
            # a gentle bend: the middle pushed off the straight line, across it
            across = np.array([-towards[1], towards[0], 0.0])
            middle = (start + end) / 2 + 0.18 * across
            branch = VMobject(**colour).set_points_smoothly([start, middle, end])
            # a side branch from two thirds of the way, bent away from the middle one
            fork = branch.point_from_proportion(0.6)
            side = 0.5 if y >= SUM_CENTER[1] else -0.5
            c, s = np.cos(side), np.sin(side)
            turned = np.array([c * towards[0] - s * towards[1], s * towards[0] + c * towards[1], 0])
            side_end = fork + 0.8 * turned
            branches.add(VGroup(branch, twigs(end, towards), Line(fork, side_end, **colour),
                                twigs(side_end, turned)))
        start = SUM_CENTER + CELL_RADIUS * RIGHT
        end = np.array([AXON_END_X, SUM_CENTER[1], 0.0])
        axon = VGroup(Line(start, end, **colour), twigs(end, RIGHT))
        length = end[0] - start[0]
        for at in (0.35, 0.65):  # the sheath, two pieces along it
            axon.add(RoundedRectangle(corner_radius=0.08, width=0.22 * length, height=0.2,
                                      **colour).move_to(start + at * length * RIGHT))
        # its parts named, small and grey, until it turns into the model
        names = VGroup(
            text("dendrites", theme, style.FONT_SMALL, theme.muted).next_to(
                branches[0], UP, buff=0.12),
            text("cell body", theme, style.FONT_SMALL, theme.muted).next_to(body, DOWN,
                                                                              buff=0.15),
            text("axon", theme, style.FONT_SMALL, theme.muted).next_to(axon[0], DOWN,
                                                                         buff=0.35))
        body.add(names[1])
        branches[0].add(names[0])
        axon.add(names[2])
        return VGroup(body, branches, axon)

    def year_x(self, year: float) -> float:
        low, high = self.lesson.span
        return AXIS_LEFT + (year - low) / (high - low) * (AXIS_RIGHT - AXIS_LEFT)

    def build_timeline(self) -> None:
        theme, lesson = self.theme, self.lesson
        axis = Line((AXIS_LEFT, AXIS_Y, 0), (AXIS_RIGHT, AXIS_Y, 0), color=theme.muted,
                    stroke_width=3)
        ticks = VGroup()
        for year in range(lesson.span[0], lesson.span[1] + 1, 5):
            x = self.year_x(year)
            ticks.add(Line((x, AXIS_Y - 0.08, 0), (x, AXIS_Y + 0.08, 0), color=theme.muted,
                           stroke_width=2))
            ticks.add(text(str(year), theme, YEAR_FONT, theme.muted).move_to(
                (x, AXIS_Y - 0.32, 0)))
        self.axis = VGroup(axis, ticks)
        # each event: a dot on the axis, its year over it and a word or two above (once a
        # year); what it was is said in full on the headline card (:meth:`card_for`)
        self.event_marks = []
        #: the right end of the words on each level above the axis (a label takes the
        #: lowest level where it starts clear of the one before)
        self.level_ends: list[float] = []
        #: (words, level) of every label placed
        self.placed: list = []
        for number, event in enumerate(lesson.events):
            x = self.year_x(event.year)
            mark = VGroup(Dot((x, AXIS_Y, 0), radius=0.08, color=theme.highlight))
            if all(other.year != event.year for other in lesson.events[:number]):
                mark.add(text(str(int(event.year)), theme, YEAR_FONT,
                              theme.highlight).next_to(mark[0], UP, buff=0.06))
                words = text(event.tag, theme, style.FONT_BODY, theme.text)
                self.place_on_level(words, x - 0.1)
                mark.add(words)
            self.event_marks.append(mark)
        # what was expected of it: "expected:" and a tag for each thing, in an outline, in a
        # row placed under the year's card (:meth:`draw_hype`)
        self.hype = VGroup(text("expected:", theme, style.FONT_BODY, theme.muted))
        for words in HYPE_TAGS:
            tag = text(words, theme, style.FONT_BODY, theme.highlight)
            outline = RoundedRectangle(corner_radius=0.15, width=tag.width + 0.4,
                                       height=tag.height + 0.3, color=theme.highlight,
                                       stroke_width=2)
            self.hype.add(VGroup(outline, tag.move_to(outline)))
        self.hype.arrange(RIGHT, buff=0.2)
        # Rosenblatt's update rule (placed under the 1960 card when it comes, :meth:`draw_rule`)
        (rule_event,) = [e for e in lesson.events if e.formula]
        label = text(rule_event.formula_label, theme, YEAR_FONT, theme.muted)
        rule = math(rule_event.formula, theme, style.FONT_MATH)
        if rule.width > CARD_WIDTH:
            rule.scale_to_fit_width(CARD_WIDTH)
        rule.next_to(label, DOWN, buff=0.15).align_to(label, LEFT)
        self.rule = VGroup(label, rule)
        # XOR's four corners at the card's right
        corners = VGroup()
        for x1, x2, label in lesson.xor_points:
            corners.add(Marker(label, theme).move_to(self.xor_point((x1, x2))))
        frame = Rectangle(width=2 * XOR_HALF, height=2 * XOR_HALF, color=theme.muted,
                          stroke_width=1.5)
        frame.move_to(XOR_CENTRE)
        # faint axes through the middle, named: the corners are points of a plane
        axes = VGroup(
            Line(XOR_CENTRE + XOR_HALF * LEFT, XOR_CENTRE + XOR_HALF * RIGHT, color=theme.muted,
                 stroke_width=1, stroke_opacity=0.5),
            Line(XOR_CENTRE + XOR_HALF * DOWN, XOR_CENTRE + XOR_HALF * UP, color=theme.muted,
                 stroke_width=1, stroke_opacity=0.5))
        # the corners' values under and left of the square, the axes' names at their ends
        names = VGroup()
        for value in (-1, 1):
            word = "−1" if value < 0 else "1"
            names.add(text(word, theme, YEAR_FONT, theme.muted).next_to(
                self.xor_point((value, -XOR_HALF / XOR_UNIT)), DOWN, buff=0.08))
            names.add(text(word, theme, YEAR_FONT, theme.muted).next_to(
                self.xor_point((-XOR_HALF / XOR_UNIT, value)), LEFT, buff=0.08))
        names.add(math("x_1", theme, style.FONT_SMALL).set_color(theme.muted).next_to(
            frame, DOWN, buff=0.08).align_to(frame, RIGHT))
        names.add(math("x_2", theme, style.FONT_SMALL).set_color(theme.muted).next_to(
            frame, LEFT, buff=0.08).align_to(frame, UP))
        self.xor = VGroup(frame, axes, names, corners)
        self.xor_centre = XOR_CENTRE
        # the band starts clear of the 1969 dot it follows
        start, end = (self.year_x(y) for y in lesson.winter)
        start += 0.1
        self.winter = VGroup(self.fading_band(start, end),
                             text("AI winter", theme, style.FONT_BODY, theme.text))
        # the first placed at the top: read down, the labels go in time's order
        levels = len(self.level_ends)
        for words, level in self.placed:
            words.set_y(AXIS_Y + 0.6 + LEVEL_STEP * (levels - 1 - level))
        # a leader from each event's words down to its year
        for mark in self.event_marks:
            if len(mark) == 3:
                dot, year, words = mark
                x = dot.get_center()[0]
                mark.add(Line((x, words.get_bottom()[1] - 0.04, 0),
                              (x, year.get_top()[1] + 0.04, 0), color=theme.muted,
                              stroke_width=1, stroke_opacity=0.6))
        # the band's name just over it, at its middle (clear of the events' levels, which
        # end by 1969's tag)
        label = self.winter[1]
        label.move_to(((start + end) / 2, AXIS_Y + 0.35, 0))
        # the lecture's plan, under the winter's card: each line a bullet
        self.agenda = VGroup(*[text(f"• {line}", theme, style.FONT_BODY, theme.text)
                               for line in lesson.agenda]).arrange(DOWN, aligned_edge=LEFT,
                                                                   buff=0.12)
        if self.agenda.width > CARD_WIDTH:
            self.agenda.scale(CARD_WIDTH / self.agenda.width)
        #: the headline card on screen (None before the first event)
        self.card = None

    def fading_band(self, start: float, end: float) -> VGroup:
        """The winter's band on the axis from x = ``start`` to ``end``, fading out over
        :data:`WINTER_FADE` years round its end: the notes give it only as "the mid-1980s"."""
        fade = WINTER_FADE / (self.lesson.span[1] - self.lesson.span[0]) * (AXIS_RIGHT - AXIS_LEFT)
        # the fade is centred on the band's end year
        solid_end, end = end - fade / 2, end + fade / 2
        steps = np.linspace(solid_end, end, WINTER_FADE_STEPS + 1)
        band = VGroup(Rectangle(width=solid_end - start, height=0.16, stroke_width=0,
                                fill_color=self.theme.negative, fill_opacity=0.35).move_to(
            ((start + solid_end) / 2, AXIS_Y, 0)))
        for k, (a, b) in enumerate(zip(steps[:-1], steps[1:])):
            band.add(Rectangle(width=b - a, height=0.16, stroke_width=0,
                               fill_color=self.theme.negative,
                               fill_opacity=0.35 * (1 - (k + 1) / (WINTER_FADE_STEPS + 1)))
                     .move_to(((a + b) / 2, AXIS_Y, 0)))
        return band

    def card_for(self, title: str, lines, width: float, top_left=CARD_TOP_LEFT) -> VGroup:
        """The headline card: ``title`` large (a year), ``lines`` under it, each at most
        ``width`` wide, from the card's ``top_left``."""
        theme = self.theme
        heading = text(title, theme, style.FONT_TITLE, theme.highlight)
        heading.move_to(top_left + np.array([heading.width / 2, -heading.height / 2, 0.0]))
        card = VGroup(heading)
        for words in lines:
            for line in wrapped_text(words, width, self.theme):
                line.next_to(card, DOWN, buff=0.14).align_to(heading, LEFT)
                card.add(line)
        return card

    def show_card(self, card: VGroup, *also) -> None:
        """The card in place of the one before (and ``also`` appearing with it)."""
        old = [vanish(self.card)] if self.card is not None else []
        self.play(*old, appear(card), *[appear(m) for m in also], run_time=style.RUN_INTRO)
        if self.card is not None:
            self.remove(self.card)
        self.card = card

    def place_on_level(self, words, left: float) -> None:
        """``words`` from x = ``left`` on the lowest level above the axis that is free
        there."""
        gap = 0.25
        level = next((k for k, end in enumerate(self.level_ends) if end + gap < left),
                     len(self.level_ends))
        words.move_to((left + words.width / 2, AXIS_Y + 0.6 + LEVEL_STEP * level, 0))
        self.placed.append((words, level))
        if level == len(self.level_ends):
            self.level_ends.append(words.get_right()[0])
        else:
            self.level_ends[level] = words.get_right()[0]

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

    def events_card(self, count: int, width: float = CARD_WIDTH,
                    top_left=CARD_TOP_LEFT) -> VGroup:
        """The card of the latest year among the first ``count`` events: its events' words
        (a newspaper's headline as :meth:`headline_card`)."""
        events = self.lesson.events[:count]
        year = events[-1].year
        card = self.card_for(str(int(year)), [], width, top_left)
        for event in events:
            if event.year != year:
                continue
            if event.headline:  # a masthead, a rule and the headline, in an outline
                card.add(self.headline_card(event, width).next_to(card, DOWN, buff=0.2)
                         .align_to(card, LEFT))
            else:
                for line in wrapped_text(event.label, width, self.theme):
                    card.add(line.next_to(card, DOWN, buff=0.14).align_to(card, LEFT))
        return card

    def headline_card(self, event, width: float) -> VGroup:
        """``event``'s newspaper: its name small over a rule, its headline in bold, in an
        outline (drawn, not a facsimile)."""
        theme = self.theme
        masthead = text(event.label, theme, style.FONT_SMALL, theme.muted)
        headline = text(f"*{event.headline}*", theme, style.FONT_BODY)
        if headline.width > width - 0.5:
            headline.scale_to_fit_width(width - 0.5)
        inner = max(masthead.width, headline.width)
        rule = Line(ORIGIN, inner * RIGHT, color=theme.muted, stroke_width=1.5)
        column = VGroup(masthead, rule, headline).arrange(DOWN, buff=0.12)
        outline = Rectangle(width=inner + 0.4, height=column.height + 0.3, color=theme.muted,
                            stroke_width=2).move_to(column)
        return VGroup(outline, column)

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

    def xor_point(self, corner) -> np.ndarray:
        """The screen point of (x₁, x₂) in XOR's square."""
        return XOR_CENTRE + XOR_UNIT * np.array([corner[0], corner[1], 0.0])

    def xor_drawing(self, k: int, dashed: bool = False) -> VGroup:
        """Try k's line across XOR's square and a ring on each corner it gets wrong."""
        theta, theta0 = self.lesson.xor_line(k)
        half = XOR_HALF / XOR_UNIT
        ends = clip_line(theta, theta0, Box(-half, half, -half, half))
        theme = self.theme
        points = [self.xor_point(e) for e in ends]
        line = (DashedLine(*points, color=theme.boundary, stroke_width=2.5, dash_length=0.1)
                if dashed else Line(*points, color=theme.boundary, stroke_width=3))
        rings = VGroup(*[Circle(radius=0.3, color=theme.mistake, stroke_width=3.5).move_to(
            self.xor_point(self.lesson.xor_points[i][:2])) for i in self.lesson.xor_wrong(k)])
        # the side the line calls +, shaded, so a ring's "wrong side" can be checked
        side = half_plane_polygon(theta, theta0, Box(-half, half, -half, half))
        shade = VGroup() if side is None else Polygon(
            *[self.xor_point(p) for p in side], stroke_width=0, fill_color=theme.positive,
            fill_opacity=XOR_SHADE_OPACITY)
        return VGroup(line, VGroup(shade, rings))

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
                   text("lines tried before", theme, style.FONT_SMALL)).arrange(RIGHT, buff=0.12))
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
