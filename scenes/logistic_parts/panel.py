"""The right-hand panel of `logistic`: the formulas (the probabilities, the loss, the
gradient step), the live values and the loss curve, and the status lines at the foot."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, VGroup

from linviz import formatting
from scenes.logistic_parts.common import flip_colour
from scenes.toolkit import style
from scenes.toolkit.gd_plots import LossCurve, ValueRows, live_value
from scenes.toolkit.panels import LiveValue, widest
from scenes.toolkit.screen_text import fmt, fmt_said, fmt_vector, math, text


class LogisticPanel:
    """The formulas, live values, loss curve and status lines (a part of
    :class:`scenes.logistic.LogisticScene`)."""

    def build_formulas(self) -> VGroup:
        """The formulas, placed as they stand before the descent; returns them as they
        stand during it (the loss moved up, the update under it), a group never drawn."""
        theme, small = self.theme, style.FONT_SMALL
        self.formula_p = math("P(y = +1 | x) = sigma(z), quad sigma(z) = 1 / (1 + e^(-z)), "
                              "quad z = theta^T x + theta_0", theme, small)
        self.formula_neg = math("P(y = -1 | x) = 1 - sigma(z) = sigma(-z), quad "
                                "\"so\" quad P(y | x) = sigma(y z)", theme, small)
        self.formula_loss = math("ell(x, y) = -log P(y | x) = log(1 + exp(-y z))", theme, small)
        self.formula_risk = math("L(theta, theta_0) = 1/n sum_(i=1)^n ell(x^((i)), y^((i)))",
                                 theme, small)
        # the update with the gradient written out (the engine's step, linviz/logistic.py)
        self.formula_step = math("theta <- theta - eta nabla_theta L, quad nabla_theta L = "
                                 "-1/n sum_i sigma(-y^((i)) z^((i))) y^((i)) x^((i))",
                                 theme, small)
        self.formula_step0 = math("theta_0 <- theta_0 - eta (partial L) / (partial theta_0), "
                                  "quad (partial L) / (partial theta_0) = -1/n sum_i "
                                  "sigma(-y^((i)) z^((i))) y^((i))", theme, small)
        top = self.title.get_bottom()[1] - style.BUFF
        # before the descent: the probabilities, then the loss
        VGroup(self.formula_p, self.formula_neg, self.formula_loss, self.formula_risk).arrange(
            DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF).move_to(
            np.array([style.PANEL_LEFT, top, 0.0]), aligned_edge=UP + LEFT)
        # during it: the loss moves up where the probabilities were, the update comes under it
        descent = VGroup(self.formula_loss.copy(), self.formula_risk.copy(), self.formula_step,
                         self.formula_step0).arrange(DOWN, aligned_edge=LEFT,
                                                     buff=style.SMALL_BUFF)
        descent.move_to(np.array([style.PANEL_LEFT, top, 0.0]), aligned_edge=UP + LEFT)
        self.loss_place, self.risk_place = descent[0].get_center(), descent[1].get_center()
        self.formulas = VGroup(self.formula_loss, self.formula_risk, self.formula_step,
                               self.formula_step0)
        return descent

    def build_live_values(self, descent: VGroup) -> None:
        """The loss curve, and the live values (t, L, ‖∇L‖; θ, θ₀) under the descent's
        formulas, the curve under them."""
        theme = self.theme
        self.curve = LossCurve(self.losses, theme, theme.step, x_label="t", y_label="L")

        # each built with the widest value it will show: the rows are arranged now
        self.value_rows = ValueRows([
            {"t": LiveValue("t", self.T, theme, font_size=style.FONT_SMALL),
             "loss": live_value("L", self.losses, theme, places=3),
             "grad": live_value("norm(nabla L)", self.gradient_norms, theme, places=4)},
            {"theta": LiveValue("theta", widest([fmt_vector(t) for t in self.thetas], str),
                                theme, font_size=style.FONT_SMALL),
             "theta0": live_value("theta_0", self.theta0s, theme)},
        ])
        self.values = self.value_rows.values
        self.value_rows.next_to(descent, DOWN, buff=1.5 * style.BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        self.curve.next_to(self.value_rows, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        self.value_labels = self.value_rows.labels
        self.live = self.value_rows.numbers
        # ‖∇L‖ keeps its place but shows from the sentence that says its first value
        self.values["grad"].set_opacity(0)

    def make_statuses(self) -> dict:
        """The status lines, by the storyboard's key (those of an unfinished run only
        when the run stopped short of the least loss)."""
        theme, small = self.theme, style.FONT_SMALL
        statuses = {
            "step": text("a step function: certain everywhere, even next to the boundary",
                         theme, small, theme.muted),
            "flipped": text("square: a label flipped by the noise", theme, small,
                            flip_colour(theme)),
            "margin": text("each dot: a point's $y z$ and its loss $ell$", theme, small,
                           theme.muted),
            "sigmoid": text("the sigmoid: certain far away, unsure near $z = 0$", theme, small,
                            theme.muted),
            "field": text("shade: $P(y = +1 | x)$; faint where it is near $1/2$", theme, small,
                          theme.muted),
            "loss": text(f"ring: a point's loss $ell$ (radius $prop ell$); point "
                         f"{self.lesson.worst_point + 1}: $ell = "
                         f"{fmt(self.lesson.final_point_losses[self.lesson.worst_point])}$",
                         theme, small, theme.muted),
            "start": text("start: $theta = 0$, $P = 1/2$ everywhere, $ell = log 2$ for all",
                          theme, small, theme.muted),
            "descent": text("each step moves $(theta, theta_0)$ against the gradient", theme,
                            small, theme.muted),
            "eta": text(self.step_size_markup(), theme, small, theme.muted),
            "plan": text(self.run_length_markup(), theme, small, theme.muted),
            # the run's end as the verdict says it (‖∇L‖ at the sentence's digits: the
            # panel's 4 places read 0.0000 for 3.0 × 10⁻¹⁵)
            "end": text(f"after {formatting.grouped(self.T, 0)} steps: $norm(nabla L) = "
                        f"{fmt_said(formatting.nonzero_number(self.lesson.final_gradient, 4))}$, "
                        f"$L = {fmt(self.lesson.final_loss, 3)}$"
                        + ("" if self.lesson.at_minimum else
                           f"; least loss $L^* = {fmt(self.lesson.optimum_loss, 3)}$"),
                        theme, small, theme.step),
        }
        # the lines of an unfinished run only (the loss curve makes room for every line)
        if not self.lesson.at_minimum:
            statuses["optimum"] = text("green: the boundary of the least loss $L^*$ "
                                       "(Newton's method)", theme, small, theme.correct)
        if self.lesson.budget_ended:
            statuses["ill"] = text(
                f"ill-conditioned: $kappa = lambda_max / lambda_min$ of the Hessian at $L^*$ is "
                f"{formatting.ratio(self.lesson.curvature_condition)}", theme, small, theme.muted)
            statuses["advice"] = text("standardised features: a round bowl",
                                      theme, small, theme.muted)
        return statuses

    def place_statuses(self) -> None:
        """The status lines at the foot of the panel, the loss curve shrunk to end above
        them (its tick numbers would run into them)."""
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        lowest = max(status.get_top()[1] for status in self.statuses.values()) + style.BUFF
        if self.curve.get_bottom()[1] < lowest:
            room = self.value_rows.get_bottom()[1] - 2 * style.BUFF - lowest
            self.curve.scale(room / self.curve.height, about_edge=UP + LEFT)
        self.curve.set_progress(0)  # the curve's head follows its (scaled) axes

    def update_values(self) -> None:
        k = self.tracker.step
        self.values["t"].set_value(k)
        self.values["loss"].set_value(float(self.losses[k]))
        self.values["grad"].set_value(float(self.gradient_norms[k]))
        theta, theta0 = self.thetas[k], float(self.theta0s[k])
        self.values["theta"].set_value(fmt_vector(theta))
        self.values["theta0"].set_value(theta0)

    def step_size_markup(self) -> str:
        """The status line that teaches the step-size condition, η = 1/β (β: the curvature
        bound; L is the loss)."""
        lesson = self.lesson
        bound = (f"curvature bound $beta = lambda_max (tilde(X)^T tilde(X)) / (4 n) = "
                 f"{formatting.significant(lesson.curvature_bound)}$")
        if lesson.step_from_data:
            return f"step $eta = 1 / beta = {formatting.significant(lesson.step_size)}$, {bound}"
        return (f"step $eta = {formatting.significant(lesson.step_size)}$ set by hand; "
                f"$1 / beta = {formatting.significant(1 / lesson.curvature_bound)}$, {bound}")

    def run_length_markup(self) -> str:
        """The status line of the run's length: its stopping rule, or its fixed steps."""
        lesson = self.lesson
        if not lesson.runs_to_tolerance:
            return f"{formatting.grouped(lesson.steps, 0)} steps"
        return (f"stops once $L <= L^* + {formatting.number(lesson.tolerance, 4)}$, after "
                f"{formatting.grouped(lesson.min_steps, 0)} to {formatting.grouped(lesson.budget, 0)} "
                f"steps")
