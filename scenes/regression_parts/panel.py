"""The right-hand panel of `regression`: the formulas (h, the risk L, the normal equations,
the gradient step), the live values (t, L, θ₀, θ₁), and the status lines under the plot."""

from __future__ import annotations

from manim import DOWN, LEFT, VGroup

from linviz.lessons.regression_story import loss_places
from scenes.toolkit import style
from scenes.toolkit.gd_plots import ValueRows, live_value
from scenes.toolkit.layout import keep_in_frame
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.screen_text import math, text


class RegressionPanel:
    """The formulas, live values and status lines (a part of
    :class:`scenes.regression.RegressionScene`)."""

    def build_formulas(self) -> None:
        """The formulas of the line's least squares, in a column under the title."""
        theme = self.theme
        self.formula_h = math("h(x) = theta_0 + theta_1 x", theme, style.FONT_SMALL)
        self.formula_risk = math("L(tilde(theta)) = 1/n sum_(i=1)^n (h(x^((i))) - y^((i)))^2", theme,
                                 style.FONT_SMALL)
        self.formula_closed = math("A tilde(theta) = c, quad A = sum_i tilde(x)^((i)) tilde(x)^((i)T), "
                                   "quad c = sum_i y^((i)) tilde(x)^((i)), "
                                   "quad tilde(theta)^* = A^(-1) c",
                                   theme, style.FONT_SMALL)
        self.formula_step = math("tilde(theta) <- tilde(theta) - eta nabla L(tilde(theta))", theme, style.FONT_SMALL)
        self.formulas = VGroup(self.formula_h, self.formula_risk, self.formula_closed,
                               self.formula_step).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.SMALL_BUFF)
        self.formulas.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)

    def build_value_row(self) -> None:
        """The live values of the line's descent, under the formulas."""
        theme = self.theme
        self.value_row = ValueRows([{
            "t": LiveValue("t", self.trace.n_steps, theme, font_size=style.FONT_SMALL),
            "loss": live_value("L", self.trace.states["loss"], theme,
                               loss_places(self.lesson.line.closed_loss)),
            "w0": live_value("theta_0", self.trace.states["theta0"], theme, 3),
            "w1": live_value("theta_1", self.trace.states["theta"][:, 0], theme, 3),
        }])
        self.values = self.value_row.values
        self.value_row.next_to(self.formulas, DOWN, buff=style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        self.value_labels = self.value_row.labels
        self.live = self.value_row.numbers

    def make_statuses(self) -> dict:
        """The status lines, by the storyboard's key, each under the plot."""
        theme = self.theme
        small = style.FONT_SMALL
        statuses = {
            "start": text("start: $tilde(theta) = (theta_0, theta_1) = 0$, so $h(x) = 0$; segments: the residuals", theme,
                          small, theme.muted),
            # the dot on the bowl is the start θ̃ = 0 until θ̃* is said and drawn
            "contours": text("contours of $L$ over $(theta_0, theta_1)$; the dot: the start "
                             "$tilde(theta) = 0$" if self.weights.one_scale else
                             "contours of $L$ ($theta_0$, $theta_1$ to different scales); dot: "
                             "the start $tilde(theta) = 0$", theme, small, theme.muted),
            "closed": text("contours of $L$ over $(theta_0, theta_1)$; green: $tilde(theta)^* = "
                           "A^(-1) c$" if self.weights.one_scale else
                           "contours of $L$ ($theta_0$, $theta_1$ to different scales); green: "
                           "$tilde(theta)^*$", theme, small, theme.muted),
            "singular": text("another loss (every $x$ at $macron(x)$): its contours are lines",
                             theme, small, theme.muted),
            "descent": text("gradient descent: each step goes against $nabla L$", theme,
                            small, theme.muted),
            "poly": text("the same least squares on $[1, x, x^2, dots, x^k]$", theme, small,
                         theme.muted),
            **self.bowl_statuses(),
            **self.polynomial_statuses(),
        }
        for status in statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).match_x(self.plane)
            keep_in_frame(status)  # a long line centred under the plane would leave it
        return statuses

    def update_values(self) -> None:
        k = self.tracker.step
        self.values["t"].set_value(k)
        self.values["loss"].set_value(float(self.losses[k]))
        self.values["w0"].set_value(float(self.theta0s[k]))
        self.values["w1"].set_value(float(self.thetas[k][0]))
