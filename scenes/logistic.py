"""`logistic`: logistic regression by gradient descent, from its trace.

From the step function to the sigmoid; P(y = +1 | x) = σ(θᵀx + θ₀) as a
shaded field over the plane, uncertain near the boundary; the logistic loss
of each point drawn as a ring around it; gradient descent replayed step by
step with the loss curve falling beside it; and, on the same noisy data, the
perceptron that never settles beside logistic regression that converges.

Every drawing is a function of (trace, s), s the step index held by
``self.tracker``.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, Circumscribe, Create, Dot, FadeIn, FadeOut, LaggedStart, Line,
    Indicate, ReplacementTransform, SurroundingRectangle, VGroup,
    ValueTracker, VMobject, Write, linear, rate_functions, smooth,
)

from linviz.lessons.logistic import DEFAULT_DATA as LOGISTIC_DEFAULT, STEPS as LOGISTIC_STEPS
from linviz.lessons.logistic import MARGIN_RANGE, STEP_BUDGET, gradient_norms, logistic_lesson
from linviz.lessons.logistic_story import logistic_storyboard, replayed_perceptron_start
from linviz.logistic import pointwise_logistic_loss, sigmoid
from linviz.replay import state_after_steps, state_at
from linviz import wording
from scenes.toolkit import style
from scenes.toolkit.marks import PointNumbers
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.gd_plots import LossCurve, ProbabilityField, ValueRows, live_value
from scenes.toolkit.panels import LiveValue, widest
from scenes.toolkit.plane import QUARTER_ARCS, DataPlane, GhostLines, Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_said, fmt_vector, math, text

def step(z: np.ndarray) -> np.ndarray:
    """The perceptron's step in 0/1 form, [z > 0]: 1 above the boundary, 0 on it and below."""
    return (np.asarray(z, dtype=float) > 0).astype(float)


def flip_colour(theme) -> str:
    """The flipped labels' squares: the theme's yellow (its normal-vector colour, unused
    here), not its highlight, which in the light theme is the loss rings' purple."""
    return theme.normal


#: a unit circle's outline, moved and scaled into each loss ring
_UNIT_RING = Circle(radius=1.0, num_components=QUARTER_ARCS).points.copy()


class LogisticScene(LinvizScene):
    """Logistic regression on noisy data (40 points, 4 labels flipped)."""

    needs_inseparable = True
    default_data = LOGISTIC_DEFAULT["logistic"]
    #: the step size η: None for 1/β, β the data's curvature bound (a step set here is
    #: narrated as what it does)
    lr: float | None = None
    #: the steps taken at least; with η ≤ 1/β the run goes on to within the lesson's
    #: tolerance of the least loss L*, for at most ``step_budget`` steps
    steps = LOGISTIC_STEPS
    step_budget = STEP_BUDGET
    #: epochs τ given to the perceptron it is compared with
    perceptron_epochs = 20

    def make_trace(self):
        """The lesson (linviz.lessons.logistic) and the run it holds, which the scene replays."""
        self.lesson = logistic_lesson(self.data, lr=self.lr, steps=self.steps,
                                      perceptron_epochs=self.perceptron_epochs,
                                      budget=self.step_budget)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = logistic_storyboard(self.lesson, self.scene_name())
        return self.lesson.trace


    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme, trace = self.theme, self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        self.losses = trace.states["loss"]
        #: ‖∇L(w_k)‖ at every state k, shown beside L (from θ = 0 on)
        self.gradient_norms = gradient_norms(self.data, trace)
        self.T = trace.n_steps
        self.tracker = StepTracker(self.T)
        self.title = self.make_title("Logistic regression")

        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data)
        self.field = ProbabilityField(self.plane, theme)
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False,
                                     show_shading=False)
        #: the loss rings, one circle per point, all of them subpaths of one path
        self.rings = VMobject(stroke_color=theme.step, stroke_width=style.LOSS_RING_STROKE,
                              fill_opacity=0)

        # the right-hand column: formulas on top, then a plot, then live values
        small = style.FONT_SMALL
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

        self.sigmoid_plot = self.make_sigmoid_plot()
        # the curves and their labels move with the axes they were drawn on
        VGroup(self.sigmoid_plot, self.step_curve, self.sigmoid_curve, self.step_label,
               self.sigmoid_label).next_to(self.formula_neg, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        self.margin_plot = self.make_margin_plot()
        self.margin_plot.next_to(self.formula_risk, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)

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

        self.flipped = list(self.lesson.flipped)
        self.flip_marks = self.make_flip_marks()
        self.statuses = {
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
            "end": text(f"after {wording.grouped(self.T, 0)} steps: $norm(nabla L) = "
                        f"{fmt_said(wording.nonzero_number(self.lesson.final_gradient, 4))}$, "
                        f"$L = {fmt(self.lesson.final_loss, 3)}$"
                        + ("" if self.lesson.at_minimum else
                           f"; least loss $L^* = {fmt(self.lesson.optimum_loss, 3)}$"),
                        theme, small, theme.step),
        }
        # the lines of an unfinished run only (the loss curve makes room for every line)
        if not self.lesson.at_minimum:
            self.statuses["optimum"] = text("green: the boundary of the least loss $L^*$ "
                                            "(Newton's method)", theme, small, theme.correct)
        if self.lesson.budget_ended:
            self.statuses["ill"] = text(
                f"ill-conditioned: $kappa = lambda_max / lambda_min$ of the Hessian at $L^*$ is "
                f"{wording.ratio(self.lesson.curvature_condition)}", theme, small, theme.muted)
            self.statuses["advice"] = text("standardised features: a round bowl",
                                           theme, small, theme.muted)
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        # the loss curve ends above the status line (its tick numbers would run into it)
        lowest = max(status.get_top()[1] for status in self.statuses.values()) + style.BUFF
        if self.curve.get_bottom()[1] < lowest:
            room = self.value_rows.get_bottom()[1] - 2 * style.BUFF - lowest
            self.curve.scale(room / self.curve.height, about_edge=UP + LEFT)
        self.curve.set_progress(0)  # the curve's head follows its (scaled) axes

        #: L* dashed on the loss curve (drawn with the run's stopping rule or its verdict)
        self.least_line = None
        self.optimum_line = None
        #: how far the field has faded in (0 to 1)
        self.field_fade = ValueTracker(0.0)
        self.update_rings()
        self.update_values()

    def follow(self) -> None:
        """Let every drawing follow the tracker (only while the step index moves).

        A mobject with an updater is redrawn every frame, with all drawn after
        it; outside the descent the drawings stand still and have none.
        """
        self.field.add_updater(lambda f: f.set_parameters(*self.parameters()[:2],
                                                          self.field_fade.get_value()))
        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.parameters()))
        self.rings.add_updater(lambda _: self.update_rings())
        self.curve.graph.add_updater(lambda g: self.curve.set_progress(self.tracker.get_value()))
        self.live.add_updater(lambda _: self.update_values())

    def unfollow(self) -> None:
        for mobject in (self.field, self.hyperplane, self.rings, self.curve.graph, self.live):
            mobject.clear_updaters()

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

    def settled_word(self) -> str:
        return "converged" if self.lesson.converged else "not yet converged"

    def make_flip_marks(self) -> VMobject:
        """A square around each point whose label the noise flipped (one path)."""
        marks = VMobject(stroke_color=flip_colour(self.theme), stroke_width=style.LOSS_RING_STROKE,
                         fill_opacity=0)
        r = style.RING_RADIUS
        corners = np.array([[-r, -r, 0], [r, -r, 0], [r, r, 0], [-r, r, 0], [-r, -r, 0]])
        for i in self.flipped:
            centre = self.plane.c2p(self.data.X[i])
            marks.start_new_path(centre + corners[0])
            marks.add_points_as_corners(centre + corners[1:])
        if not self.flipped:
            marks.set_points([self.plane.c2p(self.data.X[0])] * 4)
            marks.set_stroke(opacity=0)
        return marks

    def parameters(self, s: float | None = None):
        """(θ, θ₀) at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.theta0s, self.states_after, s)

    def point_losses(self, s: float | None = None) -> np.ndarray:
        """ℓᵢ of every point under (θ, θ₀) at step s."""
        return pointwise_logistic_loss(self.data.X, self.data.y, *self.parameters(s)[:2])

    def update_rings(self) -> None:
        radii = style.LOSS_RING_SCALE * self.point_losses()
        centres = self.plane.c2p_many(self.data.X)
        self.rings.points = (centres[:, None, :]
                             + radii[:, None, None] * _UNIT_RING[None]).reshape(-1, 3)

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
                 f"{wording.significant(lesson.curvature_bound)}$")
        if lesson.step_from_data:
            return f"step $eta = 1 / beta = {wording.significant(lesson.step_size)}$, {bound}"
        return (f"step $eta = {wording.significant(lesson.step_size)}$ set by hand; "
                f"$1 / beta = {wording.significant(1 / lesson.curvature_bound)}$, {bound}")

    def run_length_markup(self) -> str:
        """The status line of the run's length: its stopping rule, or its fixed steps."""
        lesson = self.lesson
        if not lesson.runs_to_tolerance:
            return f"{wording.grouped(lesson.steps, 0)} steps"
        return (f"stops once $L <= L^* + {wording.number(lesson.tolerance, 4)}$, after "
                f"{wording.grouped(lesson.min_steps, 0)} to {wording.grouped(lesson.budget, 0)} "
                f"steps")

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_intro(self, beat) -> None:
        """The plane and the title (and the squares round the flipped labels)."""
        self.play(FadeIn(self.plane), Write(self.title), run_time=style.RUN_INTRO)
        if self.flipped:
            self.play(Create(self.flip_marks), run_time=style.PAUSE_SHORT)
        self.show_status(beat.state["status"])

    def draw_step(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.sigmoid_plot), Create(self.step_curve), FadeIn(self.step_label),
                  run_time=style.RUN_INTRO)

    def draw_sigmoid(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(ReplacementTransform(self.step_curve, self.sigmoid_curve),
                  FadeOut(self.step_label), FadeIn(self.formula_p),
                  run_time=style.RUN_SLOW_UPDATE * 2)
        self.play(FadeIn(self.sigmoid_label), run_time=style.PAUSE_SHORT)

    def draw_formula_neg(self, beat) -> None:
        self.play(FadeIn(self.formula_neg), run_time=style.PAUSE_SHORT)

    def draw_field(self, beat) -> None:
        """The sigmoid's plot leaves; the probability field and the boundary of the run's
        end come over the plane."""
        theta, theta0, _ = self.parameters(self.T)
        self.play(FadeOut(self.sigmoid_plot), FadeOut(self.sigmoid_curve),
                  FadeOut(self.sigmoid_label), run_time=style.PAUSE_SHORT)
        # the translucent field goes between the plane's grid and its markers:
        # whatever lies above a moving mobject is redrawn every frame
        plane = self.plane
        self.remove(plane)
        self.still(self.title, plane.grid, plane.frame, plane.axes, plane.axis_labels)
        self.add(self.field, plane.markers, self.flip_marks, self.hyperplane)
        self.field.add_updater(lambda f: f.set_parameters(theta, theta0,
                                                          self.field_fade.get_value()))
        self.hyperplane.set_parameters(theta, theta0)
        self.show_status(beat.state["status"])
        self.play(self.field_fade.animate.set_value(1.0), Create(self.hyperplane.line),
                  run_time=style.RUN_INTRO)
        self.field.clear_updaters()

    def point_number(self, index: int):
        """The number of point ``index`` (1-based, as said), beside its marker."""
        # placed off the other markers, the counts of shared places and the plane's names
        label = PointNumbers(self.plane, self.theme).number(index).set_color(
            self.theme.highlight)
        label.add_background_rectangle(color=self.theme.background, opacity=0.75, buff=0.03)
        return label

    def draw_rings(self, beat) -> None:
        """The loss's formulas, each point's loss as a ring, the worst point numbered."""
        self.update_rings()
        self.show_status(beat.state["status"])
        self.worst_label = self.point_number(self.lesson.worst_point)
        self.play(FadeIn(self.formula_loss), FadeIn(self.formula_risk), run_time=style.RUN_INTRO)
        self.play(Create(self.rings), FadeIn(self.worst_label), run_time=style.RUN_INTRO)

    def draw_margin_plot(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.margin_plot), FadeOut(self.worst_label), run_time=style.RUN_INTRO)

    def draw_update_rule(self, beat) -> None:
        """The margin plot and the probability's formulas leave, the update rule comes, and
        the picture is wound back to the run's start, θ = 0 (where the descent begins)."""
        self.show_status(beat.state["status"])
        self.play(FadeOut(self.margin_plot), run_time=style.PAUSE_SHORT)
        self.play(FadeOut(self.formula_p), FadeOut(self.formula_neg),
                  self.formula_loss.animate.move_to(self.loss_place),
                  self.formula_risk.animate.move_to(self.risk_place),
                  run_time=style.PAUSE_SHORT)
        self.play(LaggedStart(FadeIn(self.formula_step), FadeIn(self.formula_step0),
                              lag_ratio=1.0), run_time=style.RUN_INTRO)
        self.follow()
        self.advance(beat.state["t"], style.RUN_SLOW_UPDATE * 2, rate_func=smooth)
        self.unfollow()
        self.update_values()

    def draw_loss_curve(self, beat) -> None:
        """The loss curve's axes with its first value, and the live values, at θ = 0."""
        self.show_status(beat.state["status"])
        self.curve.set_progress(self.tracker.get_value())
        self.play(LaggedStart(FadeIn(self.curve), FadeIn(self.curve.graph),
                              FadeIn(self.value_labels), FadeIn(self.live), lag_ratio=0.5),
                  run_time=style.RUN_INTRO)
        # still drawings: only what follows the tracker is redrawn
        self.still(*self.formulas, self.curve, self.value_labels)

    def draw_show_status(self, beat) -> None:
        """A status line comes (the one the sentence reads)."""
        key = beat.state["status"]
        if key in ("ill", "advice"):
            self.show_status(key)
            self.play(FadeIn(self.statuses[key]), run_time=style.RUN_INTRO)
        else:
            self.show_status(key)

    def draw_slow_steps(self, beat) -> None:
        """‖∇L‖ among the live values (the sentence says it), then the first steps, one by
        one."""
        if beat.state["gradient"] and self.values["grad"].label.get_fill_opacity() == 0:
            # in place (its label a still drawing, its number one of the live values):
            # an animation of the pair would take the number out of their group
            self.values["grad"].set_opacity(1)
            self.stage.refresh()
        self.follow()
        for k in range(1, beat.state["t"] + 1):
            self.advance(k, style.RUN_GD_STEP, rate_func=smooth)
            self.wait(style.PAUSE_SHORT)

    def draw_fast_steps(self, beat) -> None:
        self.advance(beat.state["t"], style.RUN_GD_FAST, rate_func=rate_functions.ease_in_sine)
        self.unfollow()

    def draw_level(self, beat) -> None:
        """The run's stopping rule on the status line, and (when the run goes to a tolerance
        of it) the least loss L* dashed across the loss curve."""
        self.show_status(beat.state["status"])
        if beat.state["level"]:
            self.draw_least_level()

    def draw_least_level(self) -> None:
        """L*, the least loss (Newton's method), dashed across the loss curve."""
        self.least_line = self.curve.level_line(self.lesson.optimum_loss, self.theme.correct,
                                                "L^*")
        self.play(FadeIn(self.least_line), run_time=style.RUN_INTRO)

    def draw_verdict(self, beat) -> None:
        """Where the run ended, its values framed."""
        self.unfollow()  # the run's drawings stand still from here on
        self.show_status(beat.state["status"])
        self.play(Circumscribe(self.live, color=self.theme.highlight), run_time=style.RUN_INTRO)

    def draw_optimum(self, beat) -> None:
        """The least loss's boundary in green (and L* on the loss curve, if not yet drawn)."""
        lesson = self.lesson
        self.show_status(beat.state["status"])
        self.optimum_line = Hyperplane(self.plane, lesson.optimum_theta, lesson.optimum_theta0,
                                       show_normal=False, show_shading=False)
        self.optimum_line.line.set_color(self.theme.correct)
        self.play(Create(self.optimum_line.line), run_time=style.RUN_INTRO)
        if self.least_line is None:
            self.draw_least_level()

    def draw_indicate_gradient(self, beat) -> None:
        """The gradient's formula lit (framed) while the sentence reads it."""
        self.show_status(beat.state["status"])
        frame = SurroundingRectangle(self.formula_step, color=self.theme.highlight,
                                     buff=style.SMALL_BUFF, stroke_width=style.HIGHLIGHT_STROKE)
        self.play(Indicate(self.formula_step, color=self.theme.highlight, scale_factor=1.04),
                  Create(frame), run_time=style.RUN_INTRO)
        self.mark_for_beat(frame)

    def draw_perceptron(self, beat) -> None:
        """The perceptron's last passes replayed beside the logistic boundary."""
        theme, lesson = self.theme, self.lesson
        ptrace = lesson.perceptron
        p_states = state_after_steps(ptrace)
        p_thetas, p_theta0s = ptrace.states["theta"], ptrace.states["theta0"]
        p_tracker = StepTracker(0)
        start = replayed_perceptron_start(lesson)
        p_tracker.set_value(start)
        self.perceptron_line = Hyperplane(self.plane, *state_at(p_thetas, p_theta0s,
                                                                     p_states, start),
                                          show_normal=False, show_shading=False,
                                          show_notes=False)
        self.perceptron_line.line.set_color(theme.highlight)
        self.perceptron_line.add_updater(lambda h: h.set_parameters(
            *state_at(p_thetas, p_theta0s, p_states, p_tracker.get_value())))
        self.p_tracker = p_tracker
        self.p_trace = ptrace
        result = ptrace.result
        p_error, l_error = lesson.perceptron_error, lesson.error
        key = VGroup(
            text(f"perceptron, $tau = {result['epochs']}$ epochs: {result['updates']} updates, "
                 f"never settles; error {fmt(p_error)}", theme, style.FONT_SMALL,
                 theme.highlight),
            text(f"logistic regression: {self.settled_word()}, error {fmt(l_error)}, "
                 f"$L = {fmt(self.losses[-1], 3)}$", theme, style.FONT_SMALL, theme.boundary),
        )
        if not lesson.at_minimum:  # where the run stopped is not the least loss
            key.add(text(f"least loss (Newton's method): $L^* = {fmt(lesson.optimum_loss, 3)}$",
                         theme, style.FONT_SMALL, theme.correct))
        key.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        # in the loss curve's place: two lines would not fit between it and the frame's foot
        key.next_to(self.value_rows, DOWN, buff=2 * style.BUFF).set_x(style.PANEL_LEFT,
                                                                       direction=LEFT)
        self.comparison = key
        self.show_status(beat.state["status"])
        leaving = ([FadeOut(self.optimum_line.line)] if self.optimum_line is not None else [])
        leaving += [FadeOut(self.least_line)] if self.least_line is not None else []
        self.play(FadeOut(self.rings), FadeOut(self.curve), FadeOut(self.curve.graph),
                  *leaving, run_time=style.PAUSE_SHORT)
        # the boundaries it passes through stay, faint: back and forth, as the sentence says
        # (its last one may lie outside the view)
        self.perceptron_ghosts = GhostLines(self.plane, theme.highlight)

        def follow(ghosts) -> None:
            visited = np.unique(p_states[start:int(p_tracker.get_value()) + 1])
            ghosts.show(p_thetas[visited], p_theta0s[visited])

        self.perceptron_ghosts.add_updater(follow)
        self.play(FadeIn(self.perceptron_line), run_time=style.RUN_INTRO)
        self.add(self.perceptron_ghosts)
        self.play(p_tracker.animate.set_value(ptrace.n_steps), run_time=style.RUN_GD_FAST,
                  rate_func=linear)
        self.perceptron_ghosts.clear_updaters()

    def draw_perceptron_key(self, beat) -> None:
        """The comparison's perceptron row, which the sentence reads, and the notes of its
        boundary (where it ended: outside the view, …), which the sentence says."""
        self.perceptron_line.set_notes_shown(beat.state["perceptron_notes"])
        self.show_key_rows(self.comparison[:1])

    def draw_logistic_key(self, beat) -> None:
        """The comparison's logistic rows, which the sentence reads."""
        self.show_key_rows(self.comparison[1:])

    def show_key_rows(self, rows) -> None:
        self.play(FadeIn(rows), run_time=style.PAUSE_SHORT)
        self.play(Circumscribe(rows, color=self.theme.highlight), run_time=style.RUN_INTRO)
