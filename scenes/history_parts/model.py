"""The neuron model of `history`: the inputs weighted into a sum, θ₀ and the step to ±1,
its formula, and the line drawing of a biological neuron it is drawn from."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Circle, Dot, Line, Rectangle,
                   RoundedRectangle, VGroup, VMobject)

from scenes.history_parts.common import (AXON_END_X, CELL_FILL, CELL_RADIUS,
                                         FORMULA_ALONE_SHIFT, FORMULA_CENTER, INPUT_X,
                                         STEP_BOX, STEP_CENTER, STEP_LEVEL, SUM_CENTER,
                                         TWIG_LENGTH)
from scenes.toolkit import style
from scenes.toolkit.screen_text import math, text


class ModelDrawings:
    """The neuron model and its sketch (a part of
    :class:`scenes.history.HistoryScene`)."""

    def build_inputs(self, ys) -> VGroup:
        """The inputs x₁, x₂, …, x_d at heights ``ys``, each an arrow weighted by its θⱼ into
        the sum (:attr:`inputs`, with the sum); returns the arrows."""
        theme = self.theme
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
        return arrows

    def build_step(self) -> tuple[Arrow, Arrow]:
        """θ₀ into the sum, the step sign(a) in its box and the output ±1 (:attr:`body`);
        returns the arrows into and out of the step."""
        theme = self.theme
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
        return to_step, out

    def build_formula(self) -> None:
        """h(x) = sign(θᵀx + θ₀) beside the model (:attr:`formula`), its parts in the
        colours of the model's: the weights and θ₀ as drawn there, sign as the step."""
        theme = self.theme
        self.formula = math("h(x) = {{ op(\"sign\") : sign }}({{ theta^T x : weighted }} + "
                            "{{ theta_0 : offset }})", theme, style.FONT_MATH, parts=True)
        for part, colour in (("weighted", theme.normal), ("offset", theme.normal),
                             ("sign", theme.boundary)):
            self.formula.select(part).set_color(colour)
        self.formula.move_to(FORMULA_CENTER + FORMULA_ALONE_SHIFT * RIGHT)

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
