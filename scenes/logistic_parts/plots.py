"""The two small plots of `logistic`: the step function [z > 0] that becomes the sigmoid
σ(z), and the 0-1 and logistic losses against the margin y·z with a dot per point."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, Line, VGroup, VMobject

from linviz.lessons.logistic import MARGIN_RANGE
from linviz.logistic import sigmoid
from scenes.toolkit import style
from scenes.toolkit.screen_text import math, text


def step(z: np.ndarray) -> np.ndarray:
    """The perceptron's step in 0/1 form, [z > 0]: 1 above the boundary, 0 on it and below."""
    return (np.asarray(z, dtype=float) > 0).astype(float)


class LogisticPlots:
    """The sigmoid's plot and the margin's plot (a part of
    :class:`scenes.logistic.LogisticScene`)."""

    def make_sigmoid_plot(self) -> VGroup:
        """Axes of z and P with the step function [z > 0] (to become the sigmoid).

        [z > 0] is sign(z) written with 0 and 1, the notes' ≤ 0 rule: a point
        on the boundary (z = 0) gets 0, the −1 side.
        """
        theme = self.theme
        width, height = style.SIGMOID_PLOT_WIDTH, style.SIGMOID_PLOT_HEIGHT
        z_max = style.SIGMOID_Z_RANGE

        def point(z, p):
            return np.array([(z + z_max) / (2 * z_max) * width, p * height, 0.0])

        x_axis = Line(point(-z_max, 0), point(z_max, 0), stroke_width=2, color=theme.muted)
        y_axis = Line(point(0, 0), point(0, 1.1), stroke_width=2, color=theme.muted)
        half = VMobject(stroke_color=theme.grid, stroke_width=2).set_points_as_corners(
            [point(-z_max, 0.5), point(z_max, 0.5)])
        one = VMobject(stroke_color=theme.grid, stroke_width=2).set_points_as_corners(
            [point(-z_max, 1), point(z_max, 1)])
        z_label = math("z = theta^T x + theta_0", theme, style.FONT_TINY).next_to(
            x_axis, DOWN, buff=style.PLOT_LABEL_BUFF).align_to(x_axis, RIGHT)
        labels = VGroup(
            math("1", theme, style.FONT_TINY).next_to(point(-z_max, 1), LEFT, buff=0.08),
            math("1/2", theme, style.FONT_TINY).next_to(point(-z_max, 0.5), LEFT, buff=0.08),
            math("0", theme, style.FONT_TINY).next_to(point(-z_max, 0), LEFT, buff=0.08),
        )
        z = np.linspace(-z_max, z_max, 2 * style.CURVE_SAMPLES + 1)
        # the step sampled at the sigmoid's z: the morph moves each sample straight up or
        # down, through (1 − λ)[z > 0] + λσ(z), never through a kinked polyline
        self.step_curve = VMobject(stroke_color=theme.boundary, stroke_width=style.PLOT_STROKE)
        self.step_curve.set_points_as_corners([point(v, p) for v, p in zip(z, step(z))])
        self.sigmoid_curve = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        self.sigmoid_curve.set_points_as_corners([point(v, p) for v, p in zip(z, sigmoid(z))])
        self.step_label = math("h(x) = [z > 0]", theme, style.FONT_SMALL).next_to(
            point(z_max, 1), UP, buff=style.SMALL_BUFF).align_to(x_axis, RIGHT)
        self.sigmoid_label = math("sigma(z)", theme, style.FONT_SMALL).set_color(
            theme.step).move_to(self.step_label, aligned_edge=RIGHT)
        return VGroup(half, one, x_axis, y_axis, z_label, labels)

    def make_margin_plot(self) -> VGroup:
        """The 0-1 loss [y·z ≤ 0] and the logistic loss log(1 + e^(−y·z)) against the margin
        y·z, with a dot per point at its margin and loss under the final (θ, θ₀)."""
        theme = self.theme
        width, height = style.SIGMOID_PLOT_WIDTH, style.SIGMOID_PLOT_HEIGHT
        m_max = MARGIN_RANGE
        top = float(np.log1p(np.exp(m_max)))

        def point(m, loss):
            return np.array([(m + m_max) / (2 * m_max) * width, loss / top * height, 0.0])

        x_axis = Line(point(-m_max, 0), point(m_max, 0), stroke_width=2, color=theme.muted)
        y_axis = Line(point(0, 0), point(0, top), stroke_width=2, color=theme.muted)
        one = VMobject(stroke_color=theme.grid, stroke_width=2).set_points_as_corners(
            [point(-m_max, 1), point(m_max, 1)])
        m_label = math("y z", theme, style.FONT_SMALL).next_to(
            x_axis, DOWN, buff=style.PLOT_LABEL_BUFF).align_to(x_axis, RIGHT)
        ticks = VGroup(
            math("1", theme, style.FONT_TINY).next_to(point(-m_max, 1), LEFT, buff=0.08),
            math("0", theme, style.FONT_TINY).next_to(point(-m_max, 0), LEFT, buff=0.08),
        )
        m = np.linspace(-m_max, m_max, 2 * style.CURVE_SAMPLES + 1)
        zero_one = VMobject(stroke_color=theme.boundary, stroke_width=style.PLOT_STROKE)
        zero_one.set_points_as_corners([point(-m_max, 1), point(0, 1), point(0, 0),
                                        point(m_max, 0)])
        logistic = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        logistic.set_points_as_corners([point(v, l) for v, l in zip(m, np.log1p(np.exp(-m)))])
        legend = VGroup(
            math("ell = log(1 + e^(-y z))", theme, style.FONT_SMALL).set_color(theme.step),
            text("0-1 loss $[y z <= 0]$", theme, style.FONT_SMALL, theme.boundary),
        ).arrange(DOWN, aligned_edge=RIGHT, buff=style.SMALL_BUFF)
        legend.move_to(point(m_max, top), aligned_edge=UP + RIGHT)
        margins = self.lesson.final_margins
        #: the points drawn on the curve (|y·z| within the plot) and their margins
        self.margin_points = self.lesson.margin_points
        self.margins = margins
        shown = np.zeros(len(margins), dtype=bool)
        shown[self.margin_points] = True
        dots = VGroup(*[Dot(point(v, np.log1p(np.exp(-v))), radius=style.PLOT_DOT,
                            color=theme.positive if label > 0 else theme.negative)
                        for v, label in zip(margins[shown], self.data.y[shown])])
        return VGroup(one, x_axis, y_axis, m_label, ticks, zero_one, logistic, legend, dots)

    def place_plots(self) -> None:
        """The sigmoid's plot under the probabilities' formulas, the margin's under the
        risk's (the curves and their labels move with the axes they were drawn on)."""
        self.sigmoid_plot = self.make_sigmoid_plot()
        VGroup(self.sigmoid_plot, self.step_curve, self.sigmoid_curve, self.step_label,
               self.sigmoid_label).next_to(self.formula_neg, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        self.margin_plot = self.make_margin_plot()
        self.margin_plot.next_to(self.formula_risk, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
