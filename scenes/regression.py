"""`regression`: linear regression as ERM with squared loss, then polynomial features.

The data (x⁽ⁱ⁾, y⁽ⁱ⁾); the line h(x) = θ₀ + θ₁x with the residuals drawn as
segments; the empirical risk L(θ̃), θ̃ = (θ₀, θ₁), as contours over the (θ₀, θ₁)
plane with the gradient-descent path on it, towards the closed-form answer
θ̃* = A⁻¹c of the normal equations (and what the pseudo-inverse A⁺ does when A
is singular: it picks the shortest of a valley of minimizers); then the feature map
x → [1, x, x², …, xᵏ] and the same machinery fitting curves of degree 1, 2,
3 and 5. Written with θ (notes 000, 004); linviz.notation gives w and b.

Every drawing is a function of (trace, s), s the step index in ``self.tracker``.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circumscribe, Create, DashedVMobject, Dot, FadeIn, FadeOut, Indicate,
    Line, VGroup,
    VMobject,
    Write, rate_functions, smooth,
)

from linviz.dataset import REGRESSION
from linviz.lessons.regression import (
    DEFAULT_DATA as REGRESSION_DEFAULT, POLYNOMIAL_RUNS, SLOW_STEPS,
    regression_lesson,
)
from linviz.lessons.regression_story import (
    curve_gain_words, fit_places, loss_places, loss_text, regression_storyboard,
)
from linviz.regression import polynomial_features, squared_loss_contour
from linviz.replay import state_after_steps, state_at
from linviz import wording
from scenes.toolkit import style
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.gd_plots import RegressionPlot, ValueRows, live_value
from scenes.toolkit.layout import keep_in_frame
from scenes.toolkit.speed.merging import merge_glyphs
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.screen_text import fmt, math, text

#: seconds the last picture stays after the last caption has been read
END_HOLD = 3.0


def fitted_values(x: np.ndarray, degree: int, theta, theta0: float) -> np.ndarray:
    """h(x) = θᵀφ(x) + θ₀ with φ the engine's polynomial feature map: shape (len(x),)."""
    features = polynomial_features(np.asarray(x, dtype=float).reshape(-1, 1), degree)
    return features @ np.asarray(theta, dtype=float) + float(theta0)


class RegressionScene(LinvizScene):
    """Least squares on 20 points y = 0.5 + u − 1.2u² + noise, u = x − 0.4."""

    default_data = REGRESSION_DEFAULT["regression"]
    task = REGRESSION
    n_features = 1
    #: the line's step size η: None for 1/λ_max(H) from the data (a step set here is
    #: narrated as what it does)
    lr: float | None = None
    steps = 60
    #: (degree, step size η or None, steps) of each polynomial fit shown
    polynomial_runs = POLYNOMIAL_RUNS

    def make_trace(self):
        """The lesson (linviz.lessons.regression); the degree-1 run is drawn on the contours."""
        self.lesson = regression_lesson(self.data, lr=self.lr, steps=self.steps,
                                        polynomial_runs=self.polynomial_runs)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = regression_storyboard(self.lesson, self.scene_name())
        return self.lesson.line.trace


    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        self.title = self.make_title("Linear regression: ERM with squared loss")
        self.plane = RegressionPlot(np.column_stack([x, y]), theme,
                                    self.lesson.x_axis_name, self.data.target_name)
        box = self.plane.box
        # many points are drawn smaller, so that the residuals and the fit stay visible
        crowd = min(1.0, max(style.DENSE_DOT_SCALE,
                             np.sqrt(style.SPARSE_POINT_COUNT / self.data.n_samples)))
        self.dots = VGroup(*[Dot(self.plane.c2p((a, b)), radius=style.DATA_DOT * crowd,
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
        self.build_contours()

        small = style.FONT_SMALL
        self.statuses = {
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
        for status in self.statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).match_x(self.plane)
            keep_in_frame(status)  # a long line centred under the plane would leave it
        #: the bowl's axes (drawn when their curvatures are said)
        self.axes_drawn = ()
        self.update_drawings()

    def build_contours(self) -> None:
        """Loss contours around the closed-form point, the path and its head (static parts)."""
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        lesson = self.lesson
        self.closed_w = lesson.closed_w
        self.closed_loss = lesson.line.closed_loss
        start_loss = float(self.trace.states["loss"][0])
        self.contour_levels = list(lesson.contour_levels)
        outermost = squared_loss_contour(x, y, self.contour_levels[-1])
        path = np.column_stack([self.trace.states["theta0"], self.trace.states["theta"][:, 0]])
        # a diverging path (a step set too large) leaves the view rather than shrink the bowl
        reach = 3 * np.max(np.abs(outermost - self.closed_w), axis=0)
        near = np.all(np.abs(path - self.closed_w) <= reach, axis=1)
        # each axis fitted to the bowl and the path, with tick values (at most
        # CONTOUR_MAX_STRETCH times apart in scale: a narrow bowl still looks narrow)
        self.weights = RegressionPlot(np.vstack([outermost, path[near]]), theme, "", "",
                                      width=style.CONTOUR_SIDE, height=style.CONTOUR_SIDE,
                                      center=style.CONTOUR_CENTER,
                                      padding=style.CONTOUR_PADDING, symbols=("theta_0", "theta_1"),
                                      max_stretch=style.CONTOUR_MAX_STRETCH)
        self.contours = VGroup()
        for level in self.contour_levels:
            ring = squared_loss_contour(x, y, level, style.CURVE_SAMPLES)
            self.contours.add(VMobject(stroke_color=theme.grid if level < start_loss
                                       else theme.muted, stroke_width=style.CONTOUR_STROKE)
                              .set_points_as_corners([self.weights.c2p(p) for p in ring]))
        self.contours.set_stroke(theme.muted, opacity=0.8)
        self.closed_dot = Dot(self.weights.c2p(self.closed_w), radius=style.DATA_DOT,
                              color=theme.correct)
        self.closed_label = math(f"tilde(theta)^* = ({fmt(self.closed_w[0], 3)}, "
                                 f"{fmt(self.closed_w[1], 3)})", theme,
                                 style.FONT_SMALL).set_color(theme.correct)
        self.closed_label.add_background_rectangle(color=theme.background, opacity=0.75, buff=0.04)
        self.place_closed_label()
        self.build_singular_case()
        self.path = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        self.path_head = Dot(self.weights.c2p((0, 0)), radius=style.PLOT_DOT * 1.3,
                             color=theme.step)
        self.path_points = [self.weights.c2p(p) for p in path]

    def place_closed_label(self) -> None:
        """The label of w* inside the frame, off its tick values: right of the dot, else left;
        when neither fits (a narrow frame), in the first inside corner clear of the bowl
        (upper left, upper right, lower left, lower right), joined to the dot by a line."""
        frame, label, dot = self.weights.frame, self.closed_label, self.closed_dot
        inside = lambda: (label.get_left()[0] >= frame.get_left()[0]
                          and label.get_right()[0] <= frame.get_right()[0])
        label.next_to(dot, RIGHT, buff=style.SMALL_BUFF)
        if inside():
            return
        label.next_to(dot, LEFT, buff=style.SMALL_BUFF)
        if inside():
            return
        bowl = self.contours
        bowl_low, bowl_high = bowl.get_corner(DOWN + LEFT), bowl.get_corner(UP + RIGHT)
        for corner in (UP + LEFT, UP + RIGHT, DOWN + LEFT, DOWN + RIGHT):
            label.move_to(frame.get_corner(corner) - corner * style.SMALL_BUFF,
                          aligned_edge=corner)
            low, high = label.get_corner(DOWN + LEFT), label.get_corner(UP + RIGHT)
            if np.any(high[:2] < bowl_low[:2]) or np.any(low[:2] > bowl_high[:2]):
                break
        else:
            label.move_to(frame.get_corner(UP + LEFT) + (DOWN + RIGHT) * style.SMALL_BUFF,
                          aligned_edge=UP + LEFT)
        end = label.get_critical_point(np.sign(dot.get_center() - label.get_center())
                                       * np.array([1.0, 1.0, 0.0]))
        leader = Line(end, dot.get_center(), stroke_width=1.5, color=self.theme.correct)
        leader.set_stroke(opacity=0.7)
        self.closed_label = VGroup(leader, label)

    def build_singular_case(self) -> None:
        """What A⁺ is for, on another loss: the same targets with every x moved to x̄.

        Then A = Σ x̃x̃ᵀ with x̃ = [1, x̄] has rank 1 and that loss,
        L̄(w) = (w₀ + x̄w₁ − ȳ)² + var(y), depends on w only through w₀ + x̄w₁: its
        contours are pairs of parallel lines and its minimizers the valley
        w₀ + x̄w₁ = ȳ. It is drawn in place of the real contours (which fade),
        never on them. A⁺b is the valley's point nearest 0.
        """
        theme, lesson = self.theme, self.lesson
        self.singular_w = lesson.singular_w
        self.x_mean, self.y_mean = lesson.x_mean, lesson.y_mean
        self.A_eigenvalues = lesson.normal_matrix_eigenvalues
        box = self.weights.box
        direction = np.array([-self.x_mean, 1.0]) / np.hypot(self.x_mean, 1.0)
        across = np.array([1.0, self.x_mean]) / (1 + self.x_mean ** 2)  # moves w₀ + x̄w₁ by 1

        def line_in_view(offset: float):
            """The line w₀ + x̄w₁ = ȳ + offset clipped to the view, or None."""
            ts = np.linspace(-10, 10, 4001) * max(box.x_max - box.x_min, box.y_max - box.y_min)
            points = self.singular_w + offset * across + ts[:, None] * direction
            inside = box.contains(points, tolerance=0.0)
            if inside.sum() < 2:
                return None
            line = VMobject(stroke_width=style.CONTOUR_STROKE)
            return line.set_points_as_corners([self.weights.c2p(p)
                                               for p in points[inside][[0, -1]]])

        self.singular_contours = VGroup(*[line for offset in lesson.singular_contour_offsets()
                                          for sign in (-1, 1)
                                          if (line := line_in_view(sign * offset)) is not None])
        self.singular_contours.set_stroke(theme.highlight, opacity=0.6)
        valley = line_in_view(0.0)
        valley.set_stroke(theme.correct, width=style.DASH_STROKE)
        self.valley = merge_glyphs(DashedVMobject(valley, num_dashes=style.CURVE_DASHES // 2))
        self.pinv_dot = Dot(self.weights.c2p(self.singular_w), radius=style.DATA_DOT,
                            color=theme.highlight)
        self.pinv_label = math("A^+ c", theme, style.FONT_SMALL).set_color(theme.highlight)
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

    def draw_curve(self, curve, theta, theta0: float) -> None:
        """Set ``curve``'s path to h's pieces inside the plot."""
        pieces = self.curve_pieces(theta, theta0)
        curve.set_points_as_corners(pieces[0])
        for piece in pieces[1:]:
            curve.start_new_path(piece[0])
            curve.add_points_as_corners(piece[1:])

    def curve_pieces(self, theta, theta0: float) -> list[np.ndarray]:
        """Screen points of h on the plot, one array per stretch inside its box: a curve
        that leaves the view and comes back is two pieces, never joined by a chord across
        the gap."""
        box = self.plane.box
        values = fitted_values(self.curve_x, self.degree, theta, theta0)
        inside = (values >= box.y_min) & (values <= box.y_max)
        edges = np.flatnonzero(np.diff(np.concatenate([[0], inside.astype(int), [0]])))
        pieces = [self.plane.c2p_many(np.column_stack([self.curve_x[a:b], values[a:b]]))
                  for a, b in zip(edges[::2], edges[1::2]) if b - a > 1]
        # a curve wholly outside the view is drawn as nothing, at the plot's corner
        return pieces or [np.array([self.plane.c2p((box.x_min, box.y_min))] * 2)]

    def update_drawings(self) -> None:
        """The fitted curve and residuals at the tracker's step."""
        theta, theta0, _ = self.parameters()
        self.draw_curve(self.fit_curve, theta, theta0)
        x, y = self.data.X[:, 0], self.data.y
        predicted = fitted_values(x, self.degree, theta, theta0)
        # a residual whose fitted value lies outside the plot ends at its edge, as the curve
        box = self.plane.box
        predicted = np.clip(predicted, box.y_min, box.y_max)
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
    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_data(self, beat) -> None:
        self.play(Write(self.title), FadeIn(self.plane), FadeIn(self.dots),
                  run_time=style.RUN_INTRO)
        self.play(FadeIn(self.formula_h), FadeIn(self.formula_risk), run_time=style.RUN_INTRO)

    def draw_residuals(self, beat) -> None:
        self.update_drawings()
        self.play(Create(self.fit_curve), Create(self.residuals), FadeIn(self.value_labels),
                  FadeIn(self.live), run_time=style.RUN_INTRO)
        self.update_values()
        self.show_status(beat.state["status"])

    def draw_contours(self, beat) -> None:
        """The plane of (θ₀, θ₁) and the loss's contours, the start θ̃ = 0 marked."""
        self.update_path()
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.weights), Create(self.contours), run_time=style.RUN_SLOW_UPDATE)
        self.play(FadeIn(self.path_head), run_time=style.PAUSE_SHORT)

    def draw_closed(self, beat) -> None:
        """The normal equations and θ̃* = A⁻¹c on the bowl."""
        self.show_status(beat.state["status"])
        self.play(FadeIn(self.formula_closed), run_time=style.PAUSE_SHORT)
        self.play(FadeIn(self.closed_dot), FadeIn(self.closed_label), run_time=style.PAUSE_SHORT)

    def draw_singular(self, beat) -> None:
        self.show_status(beat.state["status"])
        self.play(self.contours.animate.set_stroke(opacity=0.15), FadeIn(self.singular_contours),
                  run_time=style.RUN_INTRO)
        self.play(Create(self.valley), run_time=style.RUN_INTRO)

    def draw_pinv(self, beat) -> None:
        self.play(FadeIn(self.pinv_dot), FadeIn(self.pinv_label), run_time=style.PAUSE_SHORT)

    def draw_step_rule(self, beat) -> None:
        """The singular case leaves; the update rule comes."""
        self.play(FadeOut(self.valley), FadeOut(self.pinv_dot), FadeOut(self.pinv_label),
                  FadeOut(self.singular_contours), self.contours.animate.set_stroke(opacity=0.8),
                  run_time=style.PAUSE_SHORT)
        self.play(FadeIn(self.formula_step), run_time=style.PAUSE_SHORT)
        self.add(self.path)
        # still drawings painted once into the background: only what follows the tracker
        # is redrawn
        self.still(self.title, self.plane, self.dots, *self.formulas, self.value_labels,
                   self.weights, self.contours, self.closed_label)
        self.show_status(beat.state["status"])

    def draw_descent(self, beat) -> None:
        """The first steps one by one, then the rest."""
        self.follow()
        for k in range(1, min(SLOW_STEPS, beat.state["t"]) + 1):
            self.advance(k, style.RUN_GD_STEP, rate_func=smooth)
            self.wait(style.PAUSE_SHORT)
        self.advance(beat.state["t"], style.RUN_GD_FAST, rate_func=rate_functions.ease_in_sine)
        self.unfollow()

    def draw_indicate_values(self, beat) -> None:
        self.play(Circumscribe(self.value_row, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_axes(self, beat) -> None:
        """The bowl's axes through θ̃* (a round bowl's: two alike), their curvatures below."""
        self.show_status(beat.state["status"])
        run = self.lesson.line
        self.axes_drawn = self.bowl_axes(same_colour=run.round and not run.unstable_step)
        for axis in self.axes_drawn:
            self.play(Create(axis), run_time=style.RUN_SLOW_UPDATE)

    def draw_replay(self, beat) -> None:
        """The line's descent replayed from θ̃ = 0, the factors per step below; the replayed
        path is drawn in the axes' colour (the flat one's), the first run's is gone."""
        self.show_status(beat.state["status"])
        self.path.set_stroke(self.theme.normal)
        self.path_head.set_color(self.theme.normal)
        self.tracker.set_value(0)
        self.follow()
        self.advance(beat.state["t"], style.RUN_GD_FAST, rate_func=rate_functions.ease_in_sine)
        self.unfollow()

    def bowl_statuses(self) -> dict:
        """The status lines of the bowl's axes: their curvatures (in the axes' colours), the
        factor each step multiplies the error by along them, and their ratio κ."""
        theme, small, run = self.theme, style.FONT_SMALL, self.lesson.line
        low, high = (wording.significant(value) for value in run.curvature)
        flat, steep = (wording.factor(value) for value in (run.flat_factor, run.steep_factor))
        if run.round and not run.unstable_step:
            eigen = text(f"both axes: $lambda = {low}$ and ${high}$", theme, small, theme.normal)
            factors = text(f"each step: error $times$ at most "
                           f"{wording.factor(max(run.flat_factor, run.steep_factor))} in every "
                           f"direction", theme, small, theme.muted)
        else:
            eigen = VGroup(text(f"flat axis: $lambda_min = {low}$", theme, small, theme.normal),
                           text(f"steep axis: $lambda_max = {high}$", theme, small,
                                theme.boundary)).arrange(RIGHT, buff=3 * style.BUFF)
            factors = text(f"per step: error $times {flat}$ (flat axis), $times {steep}$ "
                           f"(steep axis)", theme, small, theme.muted)
        kappa = text(f"$kappa = lambda_max / lambda_min = {wording.ratio(run.condition)}$",
                     theme, small, theme.muted)
        return {"eigen": eigen, "factors": factors, "kappa": kappa}

    def polynomial_statuses(self) -> dict:
        """The status lines of the polynomials' summary: the minima in order, how much the
        best curve gains over the line, and where descent stopped short."""
        theme, small, lesson = self.theme, style.FONT_SMALL, self.lesson
        minima = " → ".join(loss_text(m) for m in lesson.closed_minima)
        degree, percent = curve_gain_words(lesson)
        gain = (f"degree {degree}: least $L$ {percent}% below the line's" if lesson.curve_helps
                else f"no curve lowers the least $L$ by more than {percent}%")
        unreached = [str(poly.degree) for poly in lesson.unreached]
        reached = ("descent reached every minimum" if not unreached else
                   f"descent stopped short: $k = {', '.join(unreached)}$")
        if unreached and lesson.descent_ends_out_of_order:
            low, high = lesson.descent_ends_out_of_order[0]
            reached += f"; degree {high} ends above degree {low}"
        return {"minima": text(f"least $L$ by degree: {minima}", theme, small, theme.muted),
                "gain": text(gain, theme, small, theme.muted),
                "reached": text(reached, theme, small, theme.muted)}

    def draw_show_status(self, beat) -> None:
        """A status line comes (the one the sentence reads)."""
        self.show_status(beat.state["status"])
        self.play(Indicate(self.status, color=self.theme.highlight, scale_factor=1.05),
                  run_time=style.RUN_INTRO)

    def bowl_axes(self, same_colour: bool = False) -> tuple[VMobject, VMobject]:
        """The bowl's flat and steep axes through w*, out to its outermost contour drawn
        (``same_colour``: a round bowl's two perpendicular lines, neither flatter)."""
        theme = self.theme
        drawn = []
        colours = (theme.normal, theme.normal if same_colour else theme.boundary)
        for segment, colour in zip(self.lesson.bowl_axes(self.contour_levels[-1]), colours):
            line = VMobject(stroke_color=colour, stroke_width=style.CONTOUR_STROKE + 1)
            drawn.append(line.set_points_as_corners([self.weights.c2p(p) for p in segment]))
        return drawn[0], drawn[1]

    def draw_poly_intro(self, beat) -> None:
        """The bowl leaves; the feature map takes the line's formula's place."""
        theme, lesson = self.theme, self.lesson
        feature_map = math("x -> tilde(x) = [1, x, x^2, dots, x^k], quad "
                           "h(x) = theta_0 + theta_1 x + dots + theta_k x^k", theme, style.FONT_SMALL)
        # in the place of h(x) = w₀ + w₁x, which no longer holds
        feature_map.move_to(self.formula_h, aligned_edge=LEFT)
        self.feature_map = feature_map
        table_rows = []
        for run in lesson.polynomials:
            places = fit_places(run)  # the two differ where the sentence says they do
            table_rows.append(text(f"$k = {run.degree}$: gradient descent $L = "
                                   f"{fmt(run.final_loss, places)}$, closed form "
                                   f"${fmt(run.closed_loss, places)}$, "
                                   f"{kappa_markup(run.condition)}", theme, style.FONT_SMALL))
        table = VGroup(*table_rows).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        table.next_to(self.formula_risk, DOWN, buff=3 * style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        self.poly_table = table
        self.play(FadeOut(self.weights), FadeOut(self.contours), FadeOut(self.closed_dot),
                  FadeOut(self.closed_label), FadeOut(self.path), FadeOut(self.path_head),
                  FadeOut(self.value_row), FadeOut(self.value_labels), FadeOut(self.live),
                  FadeOut(self.formula_step), FadeOut(self.formula_closed),
                  FadeOut(self.formula_h), *[FadeOut(axis) for axis in self.axes_drawn],
                  run_time=style.RUN_INTRO)
        self.play(FadeIn(feature_map), run_time=style.PAUSE_SHORT)
        self.show_status(beat.state["status"])
        self.closed_curves = VGroup()
        self.dashed = None

    def draw_poly_fit(self, beat) -> None:
        """A degree's fit runs beside its closed form (dashed); its row of the table comes."""
        theme = self.theme
        row = beat.state["rows"] - 1
        run = self.lesson.polynomials[row]
        self.use_run(run.trace, run.degree)
        closed_curve = VMobject(stroke_color=theme.correct, stroke_width=style.DASH_STROKE)
        self.draw_curve(closed_curve, run.closed_theta, run.closed_theta0)
        if self.dashed is not None:  # the previous degree's closed form leaves
            self.play(FadeOut(self.dashed), run_time=style.PAUSE_SHORT)
        # one path of dashes: it lies above the moving fit while the run plays
        self.dashed = merge_glyphs(DashedVMobject(closed_curve, num_dashes=style.CURVE_DASHES))
        self.tracker.set_value(0)
        self.update_drawings()
        self.follow(with_path=False)
        self.play(FadeIn(self.dashed), run_time=style.PAUSE_SHORT)
        self.advance(run.steps, style.RUN_POLY_FIT, rate_func=rate_functions.ease_in_sine)
        self.unfollow()
        self.play(FadeIn(self.poly_table[row]), run_time=style.PAUSE_SHORT)
        self.poly_degree = run.degree

    def draw_indicate_minima(self, beat) -> None:
        """The table's closed forms, which the sentence reads in order."""
        self.show_status(beat.state["status"])
        self.play(Circumscribe(self.poly_table, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_indicate_table(self, beat) -> None:
        """The table's closed forms, which the sentence compares; the last picture stays a
        while after its caption has been read."""
        self.show_status(beat.state["status"])
        self.play(Circumscribe(self.poly_table, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)
        self.finish_beat()
        self.wait(END_HOLD)


def kappa_markup(condition: float) -> str:
    """κ in a table cell: "κ ≈ 7.2", "κ ≈ 1,500", from 10⁴ on its power of ten, "κ ≈ 10⁹"."""
    if np.isfinite(condition) and condition >= 1e4:
        return f"$kappa approx 10^{int(np.round(np.log10(condition)))}$"
    return f"$kappa approx$ {wording.ratio(condition)}"
