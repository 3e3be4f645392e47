"""`regression`: linear regression as ERM with squared loss, then polynomial features.

The data (x⁽ⁱ⁾, y⁽ⁱ⁾); the line h(x) = θ₀ + θ₁x with the residuals drawn as
segments; the empirical risk L(θ̃), θ̃ = (θ₀, θ₁), as contours over the (θ₀, θ₁)
plane with the gradient-descent path on it, towards the closed-form answer
θ̃* = A⁻¹c of the normal equations (and what the pseudo-inverse A⁺ does when A
is singular: it picks the shortest of a valley of minimizers); then the feature map
x → [1, x, x², …, xᵏ] and the same machinery fitting curves of degree 1, 2,
3 and 5. Written with θ (notes 000, 004); linviz.notation gives w and b.

Every drawing is a function of (trace, s), s the step index in ``self.tracker``.
What the scene draws is in :mod:`scenes.regression_parts`: the data's plot with the
fit and its residuals, the right-hand panel, the loss's bowl, and the polynomial fits.
"""

from __future__ import annotations

from manim import (
    Circumscribe, Create, FadeIn, FadeOut, Indicate, VGroup, Write, rate_functions, smooth,
)

from linviz.dataset import REGRESSION
from linviz.lessons.regression import (
    DEFAULT_DATA as REGRESSION_DEFAULT, POLYNOMIAL_RUNS, SLOW_STEPS,
    regression_lesson,
)
from linviz.lessons.regression_story import regression_storyboard
from linviz.replay import state_after_steps, state_at
from scenes.base import LinvizScene, StepTracker
from scenes.regression_parts.bowl import RegressionBowl
from scenes.regression_parts.fit import RegressionFit, fitted_values
from scenes.regression_parts.panel import RegressionPanel
from scenes.regression_parts.polynomials import PolynomialFits
from scenes.toolkit import style

#: the scene, the polynomial fits it shows and h(x) of a fit (read here by the tests)
__all__ = ["RegressionScene", "POLYNOMIAL_RUNS", "fitted_values"]

#: seconds the last picture stays after the last caption has been read
END_HOLD = 3.0


class RegressionScene(RegressionFit, RegressionPanel, RegressionBowl, PolynomialFits,
                      LinvizScene):
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

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.regression.regression_lesson`)."""
        return regression_lesson(self.data, lr=self.lr, steps=self.steps,
                                 polynomial_runs=self.polynomial_runs)

    def make_storyboard(self, lesson):
        return regression_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The degree-1 run, drawn on the contours."""
        return lesson.line.trace

    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        self.title = self.make_title("Linear regression: ERM with squared loss")
        self.build_data_plot()
        self.use_run(self.trace, degree=1)
        self.tracker = StepTracker(0)
        # the right-hand column
        self.build_formulas()
        self.build_value_row()
        self.build_contours()
        self.statuses = self.make_statuses()
        #: the bowl's axes (drawn when their curvatures are said)
        self.axes_drawn = ()
        self.update_drawings()

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

    def draw_show_status(self, beat) -> None:
        """A status line comes (the one the sentence reads)."""
        self.show_status(beat.state["status"])
        self.play(Indicate(self.status, color=self.theme.highlight, scale_factor=1.05),
                  run_time=style.RUN_INTRO)

    def draw_poly_intro(self, beat) -> None:
        """The bowl leaves; the feature map takes the line's formula's place."""
        self.feature_map = self.make_feature_map()
        self.poly_table = self.make_poly_table()
        self.play(FadeOut(self.weights), FadeOut(self.contours), FadeOut(self.closed_dot),
                  FadeOut(self.closed_label), FadeOut(self.path), FadeOut(self.path_head),
                  FadeOut(self.value_row), FadeOut(self.value_labels), FadeOut(self.live),
                  FadeOut(self.formula_step), FadeOut(self.formula_closed),
                  FadeOut(self.formula_h), *[FadeOut(axis) for axis in self.axes_drawn],
                  run_time=style.RUN_INTRO)
        self.play(FadeIn(self.feature_map), run_time=style.PAUSE_SHORT)
        self.show_status(beat.state["status"])
        self.closed_curves = VGroup()
        self.dashed = None

    def draw_poly_fit(self, beat) -> None:
        """A degree's fit runs beside its closed form (dashed); its row of the table comes."""
        row = beat.state["rows"] - 1
        run = self.lesson.polynomials[row]
        self.use_run(run.trace, run.degree)
        dashed = self.make_closed_curve(run)
        if self.dashed is not None:  # the previous degree's closed form leaves
            self.play(FadeOut(self.dashed), run_time=style.PAUSE_SHORT)
        self.dashed = dashed
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
