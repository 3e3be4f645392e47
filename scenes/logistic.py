"""`logistic`: logistic regression by gradient descent, from its trace.

From the step function to the sigmoid; P(y = +1 | x) = σ(θᵀx + θ₀) as a
shaded field over the plane, uncertain near the boundary; the logistic loss
of each point drawn as a ring around it; gradient descent replayed step by
step with the loss curve falling beside it; and, on the same noisy data, the
perceptron that never settles beside logistic regression that converges.

Every drawing is a function of (trace, s), s the step index held by
``self.tracker``. What the scene draws is in :mod:`scenes.logistic_parts`: the
data plane with its field and rings, the sigmoid's and the margin's plots, the
right-hand panel, and the perceptron compared.
"""

from __future__ import annotations

from manim import (
    Circumscribe, Create, FadeIn, FadeOut, Indicate, LaggedStart, ReplacementTransform,
    SurroundingRectangle, ValueTracker, Write, linear, rate_functions, smooth,
)

from linviz.lessons.logistic import DEFAULT_DATA as LOGISTIC_DEFAULT, STEPS as LOGISTIC_STEPS
from linviz.lessons.logistic import STEP_BUDGET, gradient_norms, logistic_lesson
from linviz.lessons.logistic_story import logistic_storyboard
from linviz.replay import state_after_steps, state_at
from scenes.base import LinvizScene, StepTracker
from scenes.logistic_parts.comparison import PerceptronComparison
from scenes.logistic_parts.panel import LogisticPanel
from scenes.logistic_parts.plane import LogisticPlane
from scenes.logistic_parts.plots import LogisticPlots
from scenes.toolkit import style
from scenes.toolkit.plane import Hyperplane


class LogisticScene(LogisticPlane, LogisticPlots, LogisticPanel, PerceptronComparison,
                    LinvizScene):
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

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.logistic.logistic_lesson`)."""
        return logistic_lesson(self.data, lr=self.lr, steps=self.steps,
                               perceptron_epochs=self.perceptron_epochs,
                               budget=self.step_budget)

    def make_storyboard(self, lesson):
        return logistic_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The run the lesson holds, which the scene replays."""
        return lesson.trace


    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        trace = self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        self.losses = trace.states["loss"]
        #: ‖∇L(w_k)‖ at every state k, shown beside L (from θ = 0 on)
        self.gradient_norms = gradient_norms(self.data, trace)
        self.T = trace.n_steps
        self.tracker = StepTracker(self.T)
        self.title = self.make_title("Logistic regression")
        self.build_plane()
        # the right-hand column: formulas on top, then a plot, then live values
        descent = self.build_formulas()
        self.place_plots()
        self.build_live_values(descent)
        self.flipped = list(self.lesson.flipped)
        self.flip_marks = self.make_flip_marks()
        self.statuses = self.make_statuses()
        self.place_statuses()

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

    def parameters(self, s: float | None = None):
        """(θ, θ₀) at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.theta0s, self.states_after, s)


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
        self.make_perceptron_replay()
        self.comparison = self.make_comparison_key()
        self.show_status(beat.state["status"])
        leaving = ([FadeOut(self.optimum_line.line)] if self.optimum_line is not None else [])
        leaving += [FadeOut(self.least_line)] if self.least_line is not None else []
        self.play(FadeOut(self.rings), FadeOut(self.curve), FadeOut(self.curve.graph),
                  *leaving, run_time=style.PAUSE_SHORT)
        self.play(FadeIn(self.perceptron_line), run_time=style.RUN_INTRO)
        self.add(self.perceptron_ghosts)
        self.play(self.p_tracker.animate.set_value(self.p_trace.n_steps),
                  run_time=style.RUN_GD_FAST, rate_func=linear)
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
