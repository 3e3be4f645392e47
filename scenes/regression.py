"""`regression`: linear regression as ERM with squared loss, then polynomial features.

The data (x⁽ⁱ⁾, y⁽ⁱ⁾); the line h(x) = w₀ + w₁x with the residuals drawn as
segments; the empirical risk L_S(w₀, w₁) as contours over the (w₀, w₁)
plane with the gradient-descent path on it, towards the closed-form answer
w* = A⁻¹b of the normal equations (and what the pseudo-inverse A⁺ does when A
is singular: it picks the shortest of a valley of minimizers); then the feature map
x → [1, x, x², …, xᵏ] and the same machinery fitting curves of degree 1, 2,
3 and 5. In the notes' notation w₀ = θ₀ and (w₁, …, w_k) = θ.

Every drawing is a function of (trace, s), s the step index in ``self.tracker``.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, Create, DashedVMobject, Dot, FadeIn, FadeOut, VGroup, VMobject,
    Write, rate_functions, smooth,
)

from linviz.dataset import REGRESSION
from linviz.regression import LinearRegression, polynomial_features, squared_loss_contour
from linviz.replay import state_after_steps, state_at
from scenes.toolkit import style, wording
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.geometry import Box, nice_step, square_box_around
from scenes.toolkit.merging import merge_glyphs
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plane import DataPlane
from scenes.toolkit.screen_text import fmt, math, text

#: (degree, step size η, steps) of each polynomial fit shown
POLYNOMIAL_RUNS = ((1, 0.5, 300), (2, 0.5, 300), (3, 0.5, 300), (5, 0.5, 300))
#: a loss within this of the closed form's is "reached" (equal to four places)
REACHED = 5e-5
#: seconds the last picture stays after the last caption has been read
END_HOLD = 3.0
#: contour levels as fractions of the way from the minimum to the loss at w = 0
CONTOUR_FRACTIONS = (0.02, 0.08, 0.2, 0.4, 0.7, 1.0)


def fitted_values(x: np.ndarray, degree: int, theta, theta0: float) -> np.ndarray:
    """h(x) = θᵀφ(x) + θ₀ with φ the engine's polynomial feature map: shape (len(x),)."""
    features = polynomial_features(np.asarray(x, dtype=float).reshape(-1, 1), degree)
    return features @ np.asarray(theta, dtype=float) + float(theta0)


def data_box(x: np.ndarray, y: np.ndarray, padding: float = 0.1) -> Box:
    """A box around the points (x, y) and the origin, each side on a multiple of one tick step.

    Not square: a regression plot has no angles to keep true. Both spans are
    whole multiples of the same step, so the plane's grid lines meet the edges.
    """
    low = np.minimum([x.min(), y.min()], 0.0)
    high = np.maximum([x.max(), y.max()], 0.0)
    pad = padding * float(np.max(high - low))
    step = nice_step(float(np.max(high - low)) + 2 * pad)
    low = np.floor((low - pad) / step) * step
    high = np.ceil((high + pad) / step) * step
    return Box(float(low[0]), float(high[0]), float(low[1]), float(high[1]))


class RegressionScene(LinvizScene):
    """Least squares on 20 points y = 0.5 + u − 1.2u² + noise, u = x − 0.4."""

    default_data = "regression1d"
    task = REGRESSION
    n_features = 1
    lr = 0.5
    steps = 60
    #: (degree, step size η, steps) of each polynomial fit shown
    polynomial_runs = POLYNOMIAL_RUNS

    def make_trace(self):
        """The degree-1 run whose path is drawn on the loss contours."""
        return LinearRegression(degree=1, lr=self.lr, steps=self.steps).fit(self.data).trace_

    story = ("show_data", "show_residuals", "show_contours", "show_descent",
             "show_polynomials")

    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        self.title = self.make_title("Linear regression: ERM with squared loss")
        box = data_box(x, y)
        self.plane = DataPlane(np.zeros((0, 2)), np.zeros(0), theme, box=box,
                               side=style.REGRESSION_PLOT_HEIGHT,
                               center=style.REGRESSION_PLOT_CENTER, axis_labels=("x", "y"))
        self.dots = VGroup(*[Dot(self.plane.c2p((a, b)), radius=style.DATA_DOT,
                                 color=theme.negative) for a, b in zip(x, y)])
        self.fit_curve = VMobject(stroke_color=theme.boundary, stroke_width=style.LINE_STROKE)
        #: the residuals, one vertical segment per point, all subpaths of one path
        self.residuals = VMobject(stroke_color=theme.mistake, stroke_width=style.RESIDUAL_STROKE,
                                  fill_opacity=0)
        # the fit is drawn over the data's range only: a polynomial leaves the view quickly
        span = float(x.max() - x.min())
        self.curve_x = np.linspace(max(box.x_min, x.min() - style.CURVE_OVERHANG * span),
                                   min(box.x_max, x.max() + style.CURVE_OVERHANG * span),
                                   style.CURVE_SAMPLES)
        self.use_run(self.trace, degree=1)
        self.tracker = StepTracker(0)

        # the right-hand column
        self.formula_h = math("h(x) = w_0 + w_1 x", theme, style.FONT_SMALL)
        self.formula_risk = math("L_S (w) = 1/m sum_(i=1)^m (h(x^((i))) - y^((i)))^2", theme,
                                 style.FONT_SMALL)
        self.formula_closed = math("A w = b, quad A = sum_i tilde(x)^((i)) tilde(x)^((i)T), "
                                   "quad b = sum_i y^((i)) tilde(x)^((i)), quad w^* = A^(-1) b",
                                   theme, style.FONT_SMALL)
        self.formula_step = math("w <- w - eta nabla L_S (w)", theme, style.FONT_SMALL)
        self.formulas = VGroup(self.formula_h, self.formula_risk, self.formula_closed,
                               self.formula_step).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.SMALL_BUFF)
        self.formulas.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        self.values = {
            "t": LiveValue("t", 0, theme, font_size=style.FONT_SMALL),
            "loss": LiveValue("L_S", 0.0, theme, places=4, font_size=style.FONT_SMALL),
            "w0": LiveValue("w_0", 0.0, theme, places=3, font_size=style.FONT_SMALL),
            "w1": LiveValue("w_1", 0.0, theme, places=3, font_size=style.FONT_SMALL),
        }
        self.value_row = VGroup(*self.values.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        self.value_row.next_to(self.formulas, DOWN, buff=style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        self.value_labels = VGroup(*[v.label for v in self.values.values()])
        self.live = VGroup(*[v.number for v in self.values.values()])
        self.build_contours()

        small = style.FONT_SMALL
        self.statuses = {
            "start": text("start: $w = 0$, so $h(x) = 0$; segments: the residuals", theme,
                          small, theme.muted),
            "contours": text("contours of $L_S$ over $(w_0, w_1)$; the dot: $w^* = A^(-1) b$",
                             theme, small, theme.muted),
            "singular": text("dashed: the minimizers if every $x$ were $macron(x)$", theme,
                             small, theme.muted),
            "descent": text("gradient descent: each step goes against $nabla L_S$", theme,
                            small, theme.muted),
            "poly": text("the same least squares on $[1, x, x^2, dots, x^k]$", theme, small,
                         theme.muted),
        }
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).match_x(self.plane)
        self.update_drawings()

    def build_contours(self) -> None:
        """Loss contours around the closed-form point, the path and its head (static parts)."""
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        closed = self.trace.result["closed_form"]
        self.closed_w = np.array([closed["theta0"], float(closed["theta"][0])])
        self.closed_loss = float(closed["loss"])
        start_loss = float(self.trace.states["loss"][0])
        self.contour_levels = [self.closed_loss + f * (start_loss - self.closed_loss)
                               for f in CONTOUR_FRACTIONS]
        outermost = squared_loss_contour(x, y, self.contour_levels[-1])
        path = np.column_stack([self.trace.states["theta0"], self.trace.states["theta"][:, 0]])
        box = square_box_around(np.vstack([outermost, path]), padding=0.04)
        self.weights = DataPlane(np.zeros((0, 2)), np.zeros(0), theme, box=box,
                                 side=style.CONTOUR_SIDE, center=style.CONTOUR_CENTER,
                                 axis_labels=("w_0", "w_1"), ticks=False)
        self.contours = VGroup()
        for level in self.contour_levels:
            ring = squared_loss_contour(x, y, level, style.CURVE_SAMPLES)
            self.contours.add(VMobject(stroke_color=theme.grid if level < start_loss
                                       else theme.muted, stroke_width=style.CONTOUR_STROKE)
                              .set_points_as_corners([self.weights.c2p(p) for p in ring]))
        self.contours.set_stroke(theme.muted, opacity=0.8)
        self.closed_dot = Dot(self.weights.c2p(self.closed_w), radius=style.DATA_DOT,
                              color=theme.correct)
        self.closed_label = math(f"w^* = ({fmt(self.closed_w[0], 3)}, "
                                 f"{fmt(self.closed_w[1], 3)})", theme,
                                 style.FONT_SMALL).set_color(theme.correct)
        self.closed_label.next_to(self.closed_dot, RIGHT, buff=style.SMALL_BUFF)
        if self.closed_label.get_right()[0] > self.weights.get_right()[0] + style.BUFF:
            self.closed_label.next_to(self.closed_dot, LEFT, buff=style.SMALL_BUFF)
        self.closed_label.add_background_rectangle(color=theme.background, opacity=0.75, buff=0.04)
        self.build_singular_case()
        self.path = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        self.path_head = Dot(self.weights.c2p((0, 0)), radius=style.PLOT_DOT * 1.3,
                             color=theme.step)
        self.path_points = [self.weights.c2p(p) for p in path]

    def build_singular_case(self) -> None:
        """What A⁺ is for: the same targets with every x moved to their mean x̄.

        Then A = Σ x̃x̃ᵀ with x̃ = [1, x̄] has rank 1, Lₛ depends on w only through
        w₀ + x̄w₁, and its minimizers form the valley w₀ + x̄w₁ = ȳ (through w*,
        since the least-squares line passes through (x̄, ȳ)). The pseudo-inverse
        A⁺ = V D⁺ Vᵀ gives the valley's point nearest 0: A⁺b = ȳ/(1 + x̄²) · (1, x̄).
        """
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        features = np.column_stack([np.ones_like(x), np.full_like(x, x.mean())])
        self.singular_A = features.T @ features
        self.singular_w = np.linalg.pinv(self.singular_A) @ (features.T @ y)
        self.x_mean, self.y_mean = float(x.mean()), float(y.mean())
        self.A_eigenvalues = np.linalg.eigvalsh(
            np.column_stack([np.ones_like(x), x]).T @ np.column_stack([np.ones_like(x), x]))
        # the valley, clipped to the (w₀, w₁) view
        box = self.weights.box
        direction = np.array([-self.x_mean, 1.0]) / np.hypot(self.x_mean, 1.0)
        ts = np.linspace(-10, 10, 4001) * max(box.x_max - box.x_min, box.y_max - box.y_min)
        points = self.singular_w + ts[:, None] * direction
        inside = ((points[:, 0] >= box.x_min) & (points[:, 0] <= box.x_max)
                  & (points[:, 1] >= box.y_min) & (points[:, 1] <= box.y_max))
        ends = points[inside][[0, -1]]
        valley = VMobject(stroke_color=theme.correct, stroke_width=style.DASH_STROKE)
        valley.set_points_as_corners([self.weights.c2p(p) for p in ends])
        self.valley = merge_glyphs(DashedVMobject(valley, num_dashes=style.CURVE_DASHES // 2))
        self.pinv_dot = Dot(self.weights.c2p(self.singular_w), radius=style.DATA_DOT,
                            color=theme.highlight)
        self.pinv_label = math("A^+ b", theme, style.FONT_SMALL).set_color(theme.highlight)
        self.pinv_label.next_to(self.pinv_dot, DOWN + RIGHT, buff=style.SMALL_BUFF)
        self.pinv_label.add_background_rectangle(color=theme.background, opacity=0.75,
                                                 buff=0.04)

    def use_run(self, trace, degree: int) -> None:
        """Replay ``trace`` (a fit of the given degree) from now on."""
        self.run = trace
        self.degree = degree
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        self.losses = trace.states["loss"]
        self.states_after = state_after_steps(trace)

    def parameters(self, s: float | None = None):
        """(θ, θ₀) of the run at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.theta0s, self.states_after, s)

    def curve_points(self, theta, theta0: float) -> list[np.ndarray]:
        """Screen points of h on the plot: the samples that fall inside its box."""
        box = self.plane.box
        values = fitted_values(self.curve_x, self.degree, theta, theta0)
        inside = (values >= box.y_min) & (values <= box.y_max)
        points = list(self.plane.c2p_many(np.column_stack([self.curve_x[inside],
                                                           values[inside]])))
        # a curve wholly outside the view is drawn as nothing, at the plot's corner
        return points if len(points) > 1 else [self.plane.c2p((box.x_min, box.y_min))] * 2

    def update_drawings(self) -> None:
        """The fitted curve and residuals at the tracker's step."""
        theta, theta0, _ = self.parameters()
        self.fit_curve.set_points_as_corners(self.curve_points(theta, theta0))
        x, y = self.data.X[:, 0], self.data.y
        predicted = fitted_values(x, self.degree, theta, theta0)
        data = self.plane.c2p_many(np.column_stack([x, y]))
        fitted = self.plane.c2p_many(np.column_stack([x, predicted]))
        thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, :, None]
        self.residuals.points = (data[:, None] + thirds * (fitted - data)[:, None]).reshape(-1, 3)

    def update_path(self) -> None:
        s = min(max(self.tracker.get_value(), 0.0), float(self.run.n_steps))
        whole = int(np.floor(s + 1e-9))
        points = self.path_points[:whole + 1]
        theta, theta0, _ = self.parameters(s)
        head = self.weights.c2p((theta0, theta[0]))
        points = [*points, head] if s > whole + 1e-9 else points
        self.path.set_points_as_corners(points if len(points) > 1 else [head, head])
        self.path_head.move_to(head)

    def update_values(self) -> None:
        k = self.tracker.step
        self.values["t"].set_value(k)
        self.values["loss"].set_value(float(self.losses[k]))
        self.values["w0"].set_value(float(self.theta0s[k]))
        self.values["w1"].set_value(float(self.thetas[k][0]))

    def follow(self, with_path: bool = True) -> None:
        """Updaters while the step index moves (none otherwise: they cost a redraw a frame)."""
        self.fit_curve.add_updater(lambda _: self.update_drawings())
        if with_path:
            self.path.add_updater(lambda _: self.update_path())
            self.live.add_updater(lambda _: self.update_values())

    def unfollow(self) -> None:
        for mobject in (self.fit_curve, self.path, self.live):
            mobject.clear_updaters()

    # -- the story ---------------------------------------------------------
    def show_data(self) -> None:
        self.section("data")
        m = self.data.n_samples
        self.play(Write(self.title), FadeIn(self.plane), FadeIn(self.dots),
                  run_time=style.RUN_INTRO)
        self.play(FadeIn(self.formula_h), FadeIn(self.formula_risk), run_time=style.RUN_INTRO)
        self.narrate(f"{m} points (x, y) with real targets. A linear hypothesis "
                     f"h(x) = w₀ + w₁x; its empirical risk is the mean squared error.", 4)
        self.wait(style.PAUSE_READ)

    def show_residuals(self) -> None:
        self.section("residuals")
        self.update_drawings()
        self.play(Create(self.fit_curve), Create(self.residuals), FadeIn(self.value_labels),
                  FadeIn(self.live), run_time=style.RUN_INTRO)
        self.update_values()
        self.show_status("start")
        self.narrate(f"At w = 0 the line is y = 0. Each residual h(x) − y is a vertical segment; "
                     f"Lₛ is the mean of their squares: {wording.number(self.losses[0], 3)}.", 4)
        self.wait(style.PAUSE_READ)

    def show_contours(self) -> None:
        self.section("contours")
        self.update_path()
        self.play(FadeIn(self.weights), Create(self.contours), FadeIn(self.formula_closed),
                  run_time=style.RUN_SLOW_UPDATE)
        self.play(FadeIn(self.closed_dot), FadeIn(self.closed_label), FadeIn(self.path_head),
                  run_time=style.PAUSE_SHORT)
        self.show_status("contours")
        w0, w1 = self.closed_w
        low, high = self.A_eigenvalues
        self.narrate(f"Lₛ is a quadratic bowl over (w₀, w₁): its contours are ellipses. "
                     f"Setting its gradient to zero gives A w = b; here A is invertible (its "
                     f"eigenvalues {wording.number(low, 2)} and {wording.number(high, 2)} are "
                     f"positive), so w* = A⁻¹b = ({wording.number(w0, 3)}, "
                     f"{wording.number(w1, 3)}), with loss {wording.number(self.closed_loss, 4)}.",
                     6)
        self.wait(style.PAUSE_READ)
        a, b = self.singular_w
        self.narrate(f"If every x were x̄ = {wording.number(self.x_mean, 2)}, A would be "
                     f"singular: Lₛ would be lowest all along the dashed valley w₀ + "
                     f"{wording.number(self.x_mean, 2)}w₁ = {wording.number(self.y_mean, 2)}. "
                     f"The pseudo-inverse A⁺ picks its point nearest 0: A⁺b = "
                     f"({wording.number(a, 3)}, {wording.number(b, 3)}).", 6)
        self.show_status("singular")
        self.play(Create(self.valley), run_time=style.RUN_INTRO)
        self.play(FadeIn(self.pinv_dot), FadeIn(self.pinv_label), run_time=style.PAUSE_SHORT)
        self.wait(style.PAUSE_READ)

    def show_descent(self) -> None:
        self.section("descent")
        self.play(FadeOut(self.valley), FadeOut(self.pinv_dot), FadeOut(self.pinv_label),
                  run_time=style.PAUSE_SHORT)
        self.play(FadeIn(self.formula_step), run_time=style.PAUSE_SHORT)
        self.add(self.path)
        # still drawings painted once into the background: only what follows the tracker
        # is redrawn
        self.still(self.title, self.plane, self.dots, *self.formulas, self.value_labels,
                    self.weights, self.contours, self.closed_label)
        self.follow()
        self.show_status("descent")
        self.narrate(f"Gradient descent with η = {wording.number(self.lr, 1)} from w = 0: every step goes "
                     f"downhill, across the contours.", 4)
        for k in range(1, style.GD_SLOW_STEPS + 1):
            self.advance(k, style.RUN_GD_STEP, rate_func=smooth)
            self.wait(style.PAUSE_SHORT)
        self.advance(self.run.n_steps, style.RUN_GD_FAST, rate_func=rate_functions.ease_in_sine)
        self.unfollow()
        theta, theta0 = self.thetas[-1], float(self.theta0s[-1])
        gap = float(self.losses[-1] - self.closed_loss)
        if abs(gap) < REACHED:
            reached = (f"the closed-form answer {wording.number(self.closed_loss, 4)} to four "
                       f"places: gradient descent has reached the minimum")
        else:
            reached = (f"still {wording.number(gap, 4)} above the closed-form answer "
                       f"{wording.number(self.closed_loss, 4)}: close, not there yet")
        self.narrate(f"After {self.run.n_steps} steps w = ({wording.number(theta0, 3)}, "
                     f"{wording.number(theta[0], 3)}) and Lₛ = "
                     f"{wording.number(self.losses[-1], 4)}, {reached}.", 5)
        self.wait(style.PAUSE_READ)

    def show_polynomials(self) -> None:
        self.section("polynomial")
        theme = self.theme
        feature_map = math("x -> tilde(x) = [1, x, x^2, dots, x^k], quad "
                           "h(x) = w_0 + w_1 x + dots + w_k x^k", theme, style.FONT_SMALL)
        # in the place of h(x) = w₀ + w₁x, which no longer holds
        feature_map.move_to(self.formula_h, aligned_edge=LEFT)
        table_rows = []
        self.poly_runs = []
        for degree, lr, steps in self.polynomial_runs:
            model = LinearRegression(degree=degree, lr=lr, steps=steps).fit(self.data)
            self.poly_runs.append((degree, lr, model.trace_))
            closed_loss = model.trace_.result["closed_form"]["loss"]
            table_rows.append(text(f"$k = {degree}$: gradient descent $L_S = "
                                   f"{fmt(model.loss_, 4)}$, closed form "
                                   f"${fmt(closed_loss, 4)}$", theme, style.FONT_SMALL))
        table = VGroup(*table_rows).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        table.next_to(self.formula_risk, DOWN, buff=3 * style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        self.poly_table = table
        self.play(FadeOut(self.weights), FadeOut(self.contours), FadeOut(self.closed_dot),
                  FadeOut(self.closed_label), FadeOut(self.path), FadeOut(self.path_head),
                  FadeOut(self.value_row), FadeOut(self.value_labels), FadeOut(self.live),
                  FadeOut(self.formula_step), FadeOut(self.formula_closed),
                  FadeOut(self.formula_h), run_time=style.RUN_INTRO)
        self.play(FadeIn(feature_map), run_time=style.PAUSE_SHORT)
        self.show_status("poly")
        self.narrate("A line is not a good fit. Map x to [1, x, x², …, xᵏ]: h is a polynomial, "
                     "but still linear in w, so the same least squares applies.", 5)
        self.wait(style.PAUSE_SHORT)
        self.closed_curves = VGroup()
        dashed = None
        for row, (degree, lr, trace) in zip(table_rows, self.poly_runs):
            self.use_run(trace, degree)
            closed = trace.result["closed_form"]
            closed_curve = VMobject(stroke_color=theme.correct, stroke_width=style.DASH_STROKE)
            closed_curve.set_points_as_corners(self.curve_points(closed["theta"],
                                                                 closed["theta0"]))
            # said while the fit runs: the sentence describes what the viewer is watching
            self.narrate(f"Degree {degree}: gradient descent (η = {wording.number(lr, 1)}, "
                         f"{trace.n_steps} steps) reaches Lₛ = "
                         f"{wording.number(trace.states['loss'][-1], 4)}; the closed form "
                         f"(dashed) gives {wording.number(closed['loss'], 4)}.", 4)
            if dashed is not None:  # the previous degree's closed form leaves
                self.play(FadeOut(dashed), run_time=style.PAUSE_SHORT)
            # one path of dashes: it lies above the moving fit while the run plays
            dashed = merge_glyphs(DashedVMobject(closed_curve, num_dashes=style.CURVE_DASHES))
            self.tracker.set_value(0)
            self.update_drawings()
            self.follow(with_path=False)
            self.play(FadeIn(dashed), run_time=style.PAUSE_SHORT)
            self.advance(trace.n_steps, style.RUN_POLY_FIT, rate_func=rate_functions.ease_in_sine)
            self.unfollow()
            self.play(FadeIn(row), run_time=style.PAUSE_SHORT)
            self.wait(style.PAUSE_READ)
        # the last closed form stays: the closing sentence compares with it
        last_degree, _, last = self.poly_runs[-1]
        gap = self.losses[-1] - last.result["closed_form"]["loss"]
        if gap >= REACHED:
            where = (f"for k = {last_degree} gradient descent is still "
                     f"{wording.number(gap, 4)} above the dashed minimum: the high powers make "
                     f"the bowl long and narrow")
        else:
            where = f"for k = {last_degree} gradient descent has reached the dashed minimum"
        minima = [run.result["closed_form"]["loss"] for _, _, run in self.poly_runs]
        falls = " → ".join(wording.number(m, 4) for m in minima)
        self.narrate(f"The dashed minima fall as the degree grows ({falls}): higher degrees "
                     f"fit the training points more closely; {where}.", 5)
        self.wait(style.PAUSE_READ)
        # the end: the last picture stays a while after its caption has been read
        self.finish_beat()
        self.wait(END_HOLD)
