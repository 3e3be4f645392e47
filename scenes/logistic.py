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
    DOWN, LEFT, RIGHT, UP, Circle, Create, FadeIn, FadeOut, Line, ReplacementTransform, VGroup,
    ValueTracker, VMobject, Write, linear, rate_functions, smooth,
)

from linviz.logistic import LogisticRegression, pointwise_logistic_loss, sigmoid
from linviz.perceptron import Perceptron
from linviz.theory import training_error
from linviz.replay import state_after_steps, state_at
from scenes.toolkit import style, wording
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.gd_plots import LossCurve, ProbabilityField
from scenes.toolkit.mobjects import (
    QUARTER_ARCS, DataPlane, Hyperplane, LiveValue, fmt, fmt_vector, math, text,
)

#: a unit circle's outline, moved and scaled into each loss ring
_UNIT_RING = Circle(radius=1.0, num_components=QUARTER_ARCS).points.copy()


class LogisticScene(LinvizScene):
    """Logistic regression on noisy data (40 points, 4 labels flipped)."""

    needs_inseparable = True
    default_data = "noisy"
    lr = 1.0
    steps = 120
    #: epochs τ given to the perceptron it is compared with
    perceptron_epochs = 20

    def make_trace(self):
        """The engine's run this scene replays."""
        return LogisticRegression(lr=self.lr, steps=self.steps).fit(self.data).trace_

    def make_perceptron_trace(self):
        return Perceptron(epochs=self.perceptron_epochs, offset=True).fit(self.data).trace_

    story = ("show_sigmoid", "show_field", "show_loss", "show_descent",
             "compare_with_perceptron")

    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme, trace = self.theme, self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        self.losses = trace.states["loss"]
        self.T = trace.n_steps
        self.tracker = StepTracker(self.T)
        self.title = self.make_title("Logistic regression")

        self.plane = DataPlane(self.data.X, self.data.y, theme)
        self.field = ProbabilityField(self.plane, theme)
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False,
                                     show_shading=False)
        #: the loss rings, one circle per point, all of them subpaths of one path
        self.rings = VMobject(stroke_color=theme.step, stroke_width=style.LOSS_RING_STROKE,
                              fill_opacity=0)

        # the right-hand column: formulas on top, then a plot, then live values
        self.formula_p = math("P(y = +1 | x) = sigma(theta^T x + theta_0), quad "
                              "sigma(z) = 1 / (1 + e^(-z))", theme, style.FONT_SMALL)
        self.formula_loss = math("ell(x, y) = log(1 + exp(-y(theta^T x + theta_0)))", theme,
                                 style.FONT_SMALL)
        self.formula_risk = math("L(theta, theta_0) = 1/n sum_(i=1)^n ell(x^((i)), y^((i)))",
                                 theme, style.FONT_SMALL)
        self.formula_step = math("theta <- theta - eta nabla_theta L, quad "
                                 "theta_0 <- theta_0 - eta (partial L) / (partial theta_0)",
                                 theme, style.FONT_SMALL)
        self.formulas = VGroup(self.formula_p, self.formula_loss, self.formula_risk,
                               self.formula_step).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.BUFF)
        self.formulas.next_to(self.title, DOWN, buff=style.BUFF)
        self.formulas.set_x(style.PANEL_LEFT, direction=LEFT)

        self.sigmoid_plot = self.make_sigmoid_plot()
        # the curves and their labels move with the axes they were drawn on
        VGroup(self.sigmoid_plot, self.step_curve, self.sigmoid_curve, self.step_label,
               self.sigmoid_label).next_to(self.formula_p, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)

        self.curve = LossCurve(self.losses, theme, theme.step, x_label="t", y_label="L")

        self.values = {
            "t": LiveValue("t", 0, theme, font_size=style.FONT_SMALL),
            "loss": LiveValue("L", 0.0, theme, places=3, font_size=style.FONT_SMALL),
            "grad": LiveValue("norm(nabla L)", "", theme, places=4, font_size=style.FONT_SMALL),
            "theta": LiveValue("theta", fmt_vector((0, 0)), theme, font_size=style.FONT_SMALL),
            "theta0": LiveValue("theta_0", 0.0, theme, font_size=style.FONT_SMALL),
        }
        row_1 = VGroup(self.values["t"], self.values["loss"], self.values["grad"]).arrange(
            RIGHT, buff=style.VALUE_GAP)
        row_2 = VGroup(self.values["theta"], self.values["theta0"]).arrange(
            RIGHT, buff=style.VALUE_GAP)
        self.value_rows = VGroup(row_1, row_2).arrange(DOWN, aligned_edge=LEFT, buff=style.BUFF)
        self.value_rows.next_to(self.formulas, DOWN, buff=1.5 * style.BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        self.curve.next_to(self.value_rows, DOWN, buff=2 * style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        self.value_labels = VGroup(*[v.label for v in self.values.values()])
        self.live = VGroup(*[v.number for v in self.values.values()])

        small = style.FONT_SMALL
        self.statuses = {
            "step": text("a step function: certain everywhere, even next to the boundary",
                         theme, small, theme.muted),
            "sigmoid": text("the sigmoid: certain far away, unsure near $z = 0$", theme, small,
                            theme.muted),
            "field": text("shade: $P(y = +1 | x)$; faint where it is near $1/2$", theme, small,
                          theme.muted),
            "loss": text("ring around each point: its loss $ell$ (radius $prop ell$)", theme,
                         small, theme.muted),
            "start": text("start: $theta = 0$, $P = 1/2$ everywhere, $ell = log 2$ for all",
                          theme, small, theme.muted),
            "descent": text("each step moves $(theta, theta_0)$ against the gradient", theme,
                            small, theme.muted),
        }
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        # the loss curve ends above the status line (its tick numbers would run into it)
        lowest = max(status.get_top()[1] for status in self.statuses.values()) + style.BUFF
        if self.curve.get_bottom()[1] < lowest:
            room = self.value_rows.get_bottom()[1] - 2 * style.BUFF - lowest
            self.curve.scale(room / self.curve.height, about_edge=UP + LEFT)

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
        """Axes of z and P with the step function 1[z ≥ 0] (to become the sigmoid)."""
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
        step_points = [point(-z_max, 0), point(0, 0), point(0, 1), point(z_max, 1)]
        self.step_curve = VMobject(stroke_color=theme.boundary, stroke_width=style.PLOT_STROKE)
        self.step_curve.set_points_as_corners(step_points)
        self.sigmoid_curve = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        self.sigmoid_curve.set_points_as_corners([point(v, p) for v, p in zip(z, sigmoid(z))])
        self.step_label = math("h(x) = [z >= 0]", theme, style.FONT_SMALL).next_to(
            point(z_max, 1), UP, buff=style.SMALL_BUFF).align_to(x_axis, RIGHT)
        self.sigmoid_label = math("sigma(z)", theme, style.FONT_SMALL).set_color(
            theme.step).move_to(self.step_label, aligned_edge=RIGHT)
        return VGroup(half, one, x_axis, y_axis, z_label, labels)

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
        self.values["grad"].set_value(float(self.trace.steps["grad_norm"][k - 1]) if k else "")
        theta, theta0 = self.thetas[k], float(self.theta0s[k])
        self.values["theta"].set_value(fmt_vector(theta))
        self.values["theta0"].set_value(theta0)

    # -- the story ---------------------------------------------------------
    def show_sigmoid(self) -> None:
        self.section("sigmoid")
        n = self.data.n_samples
        flipped = len(self.data.params.get("flipped", [])) or "some"
        self.play(FadeIn(self.plane), Write(self.title), run_time=style.RUN_INTRO)
        self.narrate(f"{n} points, {flipped} of them with flipped labels: no line separates "
                     f"them, so a hard ±1 answer has to be wrong somewhere.", 4)
        self.play(FadeIn(self.sigmoid_plot), Create(self.step_curve), FadeIn(self.step_label),
                  run_time=style.RUN_INTRO)
        self.show_status("step")
        self.narrate("The perceptron's step function jumps from 0 to 1 at the boundary.", 3)
        self.wait(style.PAUSE_READ)
        self.play(ReplacementTransform(self.step_curve, self.sigmoid_curve),
                  ReplacementTransform(self.step_label, self.sigmoid_label),
                  FadeIn(self.formula_p), run_time=style.RUN_SLOW_UPDATE * 2)
        self.show_status("sigmoid")
        self.narrate("The sigmoid σ(z) = 1/(1 + e^(−z)) squashes the score into (0, 1): "
                     "a probability for the label +1.", 4)
        self.wait(style.PAUSE_READ * 2)

    def show_field(self) -> None:
        self.section("field")
        theta, theta0, _ = self.parameters(self.T)
        self.play(FadeOut(self.sigmoid_plot), FadeOut(self.sigmoid_curve),
                  FadeOut(self.sigmoid_label), run_time=style.PAUSE_SHORT)
        # the translucent field goes between the plane's grid and its markers:
        # whatever lies above a moving mobject is redrawn every frame
        plane = self.plane
        self.remove(plane)
        self.freeze(self.title, plane.grid, plane.frame, plane.axes, plane.axis_labels)
        self.add(self.field, plane.markers, self.hyperplane)
        self.field.add_updater(lambda f: f.set_parameters(theta, theta0,
                                                          self.field_fade.get_value()))
        self.hyperplane.set_parameters(theta, theta0)
        self.play(self.field_fade.animate.set_value(1.0), Create(self.hyperplane.line),
                  run_time=style.RUN_INTRO)
        self.field.clear_updaters()
        self.show_status("field")
        self.narrate(f"With the parameters gradient descent will find, θ = "
                     f"({wording.number(theta[0])}, {wording.number(theta[1])}) and θ₀ = {wording.number(theta0)}, the shade is "
                     f"P(y = +1 | x): certain far from the line, unsure near it.", 5)
        self.wait(style.PAUSE_READ * 2)

    def show_loss(self) -> None:
        self.section("loss")
        self.play(FadeIn(self.formula_loss), FadeIn(self.formula_risk), run_time=style.RUN_INTRO)
        self.update_rings()
        self.play(Create(self.rings), run_time=style.RUN_INTRO)
        self.show_status("loss")
        losses = self.point_losses(self.T)
        worst = int(np.argmax(losses))
        self.narrate(f"Each point pays log(1 + exp(−y(θᵀx + θ₀))): little when it is on its "
                     f"side with room, most for a flipped label deep on the wrong side "
                     f"(point {worst + 1} pays {wording.number(losses[worst])}).", 5)
        self.wait(style.PAUSE_READ * 2)

    def show_descent(self) -> None:
        self.section("descent")
        self.narrate("Gradient descent: each step moves (θ, θ₀) against the gradient of the "
                     "average logistic loss.")
        self.follow()
        self.play(FadeIn(self.formula_step), FadeIn(self.curve), FadeIn(self.value_labels),
                  self.tracker.animate.set_value(0), run_time=style.RUN_SLOW_UPDATE * 2)
        self.add(self.live, self.curve.graph)
        # static drawings to the back: only what follows the tracker is redrawn
        self.freeze(self.formulas, self.curve, self.value_labels)
        self.show_status("start")
        self.narrate(f"Gradient descent starts at θ = 0 with step size η = {wording.number(self.lr, 1)}: "
                     f"P = 1/2 everywhere and every point pays log 2 = {wording.number(self.losses[0], 3)}.",
                     4)
        self.wait(style.PAUSE_READ)
        self.show_status("descent")
        for k in range(1, style.GD_SLOW_STEPS + 1):
            self.advance(k, style.RUN_GD_STEP, rate_func=smooth)
            if k == 1:
                self.narrate(f"Step 1: the gradient has norm "
                             f"{wording.number(self.trace.steps['grad_norm'][0], 3)}; the loss falls to "
                             f"{wording.number(self.losses[1], 3)}.", 3)
            self.wait(style.PAUSE_SHORT)
        self.narrate(f"Then {self.T - style.GD_SLOW_STEPS} more steps: the boundary turns into "
                     f"place, the field sharpens, the loss curve flattens.", style.RUN_GD_FAST)
        self.advance(self.T, style.RUN_GD_FAST, rate_func=rate_functions.ease_in_sine)
        grad = float(self.trace.steps["grad_norm"][-1])
        self.narrate(f"After {self.T} steps L = {wording.number(self.losses[-1], 3)} and the gradient's "
                     f"norm is {wording.number(grad, 4)}: it has converged. The logistic loss is convex, "
                     f"so this is the global minimum.", 5)
        self.unfollow()
        self.wait(style.PAUSE_READ * 2)

    def compare_with_perceptron(self) -> None:
        self.section("perceptron")
        theme = self.theme
        ptrace = self.make_perceptron_trace()
        p_states = state_after_steps(ptrace)
        p_thetas, p_theta0s = ptrace.states["theta"], ptrace.states["theta0"]
        p_tracker = StepTracker(0)
        n = self.data.n_samples
        start = max(0, ptrace.n_steps - 2 * n)
        p_tracker.set_value(start)
        self.perceptron_line = Hyperplane(self.plane, *state_at(p_thetas, p_theta0s,
                                                                     p_states, start),
                                          show_normal=False, show_shading=False)
        self.perceptron_line.line.set_color(theme.highlight)
        self.perceptron_line.add_updater(lambda h: h.set_parameters(
            *state_at(p_thetas, p_theta0s, p_states, p_tracker.get_value())))
        self.p_tracker = p_tracker
        self.p_trace = ptrace
        result = ptrace.result
        p_theta, p_theta0 = p_thetas[-1], float(p_theta0s[-1])
        p_error = training_error(self.data.X, self.data.y, p_theta, p_theta0)
        l_theta, l_theta0 = self.thetas[-1], float(self.theta0s[-1])
        l_error = training_error(self.data.X, self.data.y, l_theta, l_theta0)
        key = VGroup(
            text(f"perceptron, $tau = {result['epochs']}$ epochs: {result['updates']} updates, "
                 f"never settles; error {fmt(p_error)}", theme, style.FONT_SMALL,
                 theme.highlight),
            text(f"logistic regression: converged, error {fmt(l_error)}, "
                 f"$L = {fmt(self.losses[-1], 3)}$", theme, style.FONT_SMALL, theme.boundary),
        ).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        key.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        self.comparison = key
        self.show_status(None)
        self.play(FadeOut(self.rings), FadeIn(self.perceptron_line), FadeIn(key),
                  run_time=style.RUN_INTRO)
        self.narrate(f"On the same data the perceptron keeps updating: its last "
                     f"{ptrace.n_steps - start} visits, replayed, move its boundary back and "
                     f"forth.", 4)
        self.play(p_tracker.animate.set_value(ptrace.n_steps), run_time=style.RUN_GD_FAST,
                  rate_func=linear)
        verdict = "converged" if result["converged"] else "still not converged"
        self.narrate(f"After τ = {result['epochs']} epochs the perceptron has made "
                     f"{result['updates']} updates, {verdict}, training error {wording.number(p_error)}; "
                     f"logistic regression settled, training error {wording.number(l_error)}.", 5)
        self.wait(style.PAUSE_READ * 2)
