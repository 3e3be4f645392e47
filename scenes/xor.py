"""`xor`: the perceptron fails on XOR, and succeeds once x₁x₂ is a feature.

Minsky and Papert (1969): no line separates the four XOR corners. The
perceptron's boundary keeps turning, every epoch makes mistakes, and the
engine's cycle detection finds the state repeating: the same θ every few
updates, forever. Lifted by the feature x₁x₂ into 3-D, a plane separates the
points and the perceptron converges; that plane, seen back in the plane of the
data, is the curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0.

Both runs come from the engine; every drawing is a function of (trace, step).
"""

from __future__ import annotations

import numpy as np
from manim import config, DOWN, LEFT, RIGHT, FadeIn, FadeOut, ValueTracker, VGroup, smooth

from linviz.epochs import epoch_boundary_states, mistakes_per_epoch
from linviz.features import lift_product, lifted_boundary_value
from linviz.perceptron import Perceptron
from linviz.theory import is_separable
from linviz.replay import state_after_steps, state_at
from scenes.toolkit import style, wording
from scenes.base import StepTracker
from scenes.toolkit.mobjects import Hyperplane, LiveValue, Panel, fmt, fmt_vector, text
from scenes.toolkit.pacing import UPDATE, plan_perceptron
from scenes.perceptron import PerceptronScene
from scenes.toolkit.space import SpaceView, ZeroSetCurve, fmt_combination

LIFTED_TERMS = ("x_1", "x_2", "x_1 x_2", "")


def curve_kind(theta, theta0: float) -> str:
    """What θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0 is in the plane, in words."""
    t1, t2, t3 = (float(v) for v in theta)
    if t3 == 0:
        return "a line" if (t1 or t2) else "nothing"
    if np.isclose(theta0 * t3, t1 * t2):
        return "two lines: a hyperbola flattened onto its asymptotes"
    return "a hyperbola"


class XorScene(PerceptronScene):
    """The perceptron with offset on the four XOR corners, then on [x₁, x₂, x₁x₂]."""

    needs_inseparable = True
    default_data = "xor"
    needs_separable = None
    offset = True
    #: enough passes to see the run come back to where it started, twice
    epochs = 3
    plays = None  # its runs (on the data and lifted) are made here, together
    lifted_epochs = 100

    def make_lifted_trace(self):
        """The engine's run on the lifted points [x₁, x₂, x₁x₂]."""
        return Perceptron(epochs=self.lifted_epochs, offset=self.offset).fit(
            lift_product(self.data)).trace_

    # -- drawings ---------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.title = self.make_title("XOR: the perceptron never settles")
        self.build_cycle()
        self.build_lift()

    def build_cycle(self) -> None:
        """The cycle panel (typeset once) and the cycle's boundaries drawn together."""
        theme, trace = self.theme, self.trace
        self.cycle = trace.result["cycle"]
        starts = epoch_boundary_states(trace)
        self.epoch_starts = starts
        self.epoch_mistakes = mistakes_per_epoch(trace)
        small = style.FONT_SMALL
        rows = [text("*the state at the start of each epoch*", theme, small)]
        for epoch, state in enumerate(starts[:-1], start=1):
            rows.append(text(f"$t = {epoch}$: $theta = {fmt_vector(self.thetas[state])}, "
                             f"theta_0 = {fmt(self.theta0s[state])}$", theme, small))
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        rows.append(text(f"mistakes per epoch: {counts}", theme, small, theme.mistake))
        if self.cycle is not None:
            first = int(starts[self.cycle["start_epoch"] - 1])
            self.cycle_states = np.arange(first, first + self.cycle["updates_per_period"])
        else:  # pragma: no cover - XOR with cyclic order always cycles
            self.cycle_states = np.arange(len(self.thetas))
        self.cycle_errors = self.errors[self.cycle_states]
        listed = ", ".join(fmt(e) for e in self.cycle_errors)
        rows.append(text(f"training error along the cycle: {listed}", theme, small))
        best = float(np.min(self.errors))
        self.separable = is_separable(self.data.X, self.data.y, offset=self.offset)
        why = "" if self.separable else f": no line gets all {self.data.n_samples} right"
        self.best_sentence = f"never below {fmt(best)}{why}"
        rows.append(text(f"never below ${fmt(best)}${why}", theme, small))
        if self.cycle is not None:
            k = self.cycle["updates_per_period"]
            self.cycle_sentence = (f"the same θ every {k} updates: it will never stop")
            rows.append(text(f"*the same $theta$ every {k} updates: it will never stop*",
                             theme, small, theme.highlight))
        self.cycle_panel = Panel(rows, theme)
        room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
        if self.cycle_panel.width > room:
            self.cycle_panel.scale_to_fit_width(room)
        self.cycle_panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.cycle_panel.set_x(style.PANEL_LEFT, direction=LEFT)
        # the cycle's boundaries, all at once: the line keeps turning round
        self.ghosts = VGroup()
        for state in self.cycle_states:
            if np.any(self.thetas[state]):
                ghost = Hyperplane(self.plane, self.thetas[state], self.theta0s[state],
                                   show_normal=False, show_shading=False, show_notes=False)
                ghost.line.set_stroke(color=theme.step, width=style.GHOST_STROKE)
                self.ghosts.add(ghost)

    def build_lift(self) -> None:
        """The lifted view, its live values, and the curve on the plane, following the run."""
        theme = self.theme
        self.lifted_trace = self.make_lifted_trace()
        lifted = self.lifted_trace.data
        self.lifted_points = lifted.X
        self.lifted_thetas = self.lifted_trace.states["theta"]
        self.lifted_theta0s = self.lifted_trace.states["theta0"]
        self.lifted_states_after = state_after_steps(self.lifted_trace)
        extent = float(max(self.plane.box.x_max, -self.plane.box.x_min,
                           self.plane.box.y_max, -self.plane.box.y_min))
        self.lift_amount = ValueTracker(0.0)
        self.azimuth = ValueTracker(style.SPACE_AZIMUTH)
        self.lifted_tracker = StepTracker(0)
        self.space = SpaceView(self.lifted_points * [1, 1, 0], lifted.y, theme,
                               [-extent] * 3, [extent] * 3,
                               axis_labels=("x_1", "x_2", "x_3 = x_1 x_2"),
                               # a wider data set is drawn smaller: the box stays in the frame
                               scale=min(style.SPACE_SCALE, style.SPACE_FIT / extent))
        self.curve = ZeroSetCurve(self.plane, theme.highlight)
        self.lifted_values = {
            "M": LiveValue("M", 0, theme),
            # laid out with room for the widest θ of the run, then set to the start
            "theta": LiveValue("theta", max((fmt_vector(t) for t in self.lifted_thetas),
                                            key=len), theme),
            "theta0": LiveValue("theta_0", 0.0, theme),
        }
        self.lifted_row = VGroup(*self.lifted_values.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        self.lifted_row.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.SPACE_CENTER[0])
        self.lifted_values["theta"].set_value(fmt_vector((0, 0, 0)))
        self.lifted_labels = VGroup(*[v.label for v in self.lifted_values.values()])
        self.lifted_live = VGroup(*[v.number for v in self.lifted_values.values()])
        small = style.FONT_SMALL
        self.lift_statuses = {
            "lift": text("add the feature $x_3 = x_1 x_2$: each point rises to its product",
                         theme, small),
            "plane": text("the perceptron on $[x_1, x_2, x_1 x_2]$: its boundary is a plane",
                          theme, small),
        }
        result = self.lifted_trace.result
        theta, theta0 = np.asarray(result["theta"]), float(result["theta0"])
        separates = bool(np.all(lifted.y * (lifted.X @ theta + theta0) > 0))
        self.lifted_separates = separates
        verdict = ("converged" if result["converged"] else "did not converge")
        self.lift_statuses["done"] = text(
            f"{verdict}: {result['updates']} updates in {result['epochs']} epochs; "
            f"the plane {'separates' if separates else 'does not separate'} all "
            f"{lifted.n_samples}", theme, small,
            theme.correct if separates else theme.mistake)
        kind = curve_kind(theta, theta0)
        self.final_curve_kind = kind
        equation = fmt_combination([*theta, theta0], LIFTED_TERMS)
        self.lift_statuses["curve"] = text(
            f"in the plane of the data: ${equation} = 0$ \\ {kind}", theme, small)
        for status in self.lift_statuses.values():
            if status.width > style.STATUS_WIDTH:
                status.scale_to_fit_width(style.STATUS_WIDTH)
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.SPACE_CENTER[0])

        self.space.add_updater(lambda view: self.redraw_space())
        self.curve.add_updater(lambda curve: curve.set_function(self.lifted_function()))
        self.lifted_live.add_updater(lambda _: self.update_lifted_values())

    def lifted_parameters(self, s: float | None = None):
        """(θ, θ₀) of the lifted run at step s (the tracker's value when None)."""
        s = self.lifted_tracker.get_value() if s is None else s
        return state_at(self.lifted_thetas, self.lifted_theta0s, self.lifted_states_after, s)

    def lifted_function(self, s: float | None = None):
        """x ↦ θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ at step s, or None while θ = 0."""
        theta, theta0, _ = self.lifted_parameters(s)
        if not np.any(theta):
            return None
        return lambda X: lifted_boundary_value(theta, theta0, X)

    def redraw_space(self) -> None:
        lift = self.lift_amount.get_value()
        self.space.points3d = self.lifted_points * [1, 1, lift]
        self.space.plane_parameters = self.lifted_parameters() if lift > 0 else None
        self.space.set_view(self.azimuth.get_value(), style.SPACE_ELEVATION)
        if self.space.plane_parameters is None:
            self.space.set_plane(None, 0.0)

    def update_lifted_values(self) -> None:
        state = int(self.lifted_states_after[self.lifted_tracker.step])
        self.lifted_values["M"].set_value(state)
        self.lifted_values["theta"].set_value(fmt_vector(self.lifted_thetas[state]))
        self.lifted_values["theta0"].set_value(float(self.lifted_theta0s[state]))

    # -- the story -------------------------------------------------------------
    def introduce(self) -> None:
        super().introduce()
        self.narrate("These four corners are XOR: the label is +1 exactly where x₁ and x₂ "
                     "differ in sign. Minsky and Papert (1969): no line separates them.", 4)
        self.wait(style.PAUSE_READ)

    def conclude(self) -> None:
        super().conclude()
        self.show_cycle()
        self.lift()
        self.play_lifted_run()
        self.back_in_the_plane()

    def show_cycle(self) -> None:
        self.section("cycle")
        self.show_status(None)
        self.remove(self.hyperplane, self.theta_arrow, self.cursor)
        self.thaw(self.code.lines, self.labels)
        self.play(FadeOut(VGroup(self.code, self.labels, self.live)), FadeIn(self.cycle_panel),
                  FadeIn(self.ghosts), run_time=style.RUN_INTRO)
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        self.narrate(f"Mistakes per epoch: {counts}. They never reach 0.", 3)
        self.wait(style.PAUSE_READ)
        if self.cycle is not None:
            self.narrate(f"Every epoch starts from the same state: the run repeats itself "
                         f"— {self.cycle_sentence}.", 4)
            self.wait(style.PAUSE_READ)
        self.narrate(f"The training error goes round "
                     f"{', '.join(wording.number(e) for e in self.cycle_errors)} — "
                     f"{self.best_sentence}.", 4)
        self.wait(style.PAUSE_READ * 2)

    def lift(self) -> None:
        self.section("lift")
        self.play(FadeOut(self.cycle_panel), FadeOut(self.ghosts), FadeIn(self.space),
                  run_time=style.RUN_INTRO)
        self.statuses.update(self.lift_statuses)
        self.show_status("lift")
        self.narrate("Add a third feature, the product x₁x₂, and lift each point to that "
                     "height.", 3)
        # the title said the perceptron never settles: true of the plane, not of the lift
        lifted_title = self.make_title("XOR, lifted by $x_1 x_2$: a plane can separate it")
        # and no arrow is drawn from here on: the note of their scale goes too
        old = [self.title, *([self.scale_note] if self.scale_note else [])]
        self.thaw(*old)
        self.swap(old, [lifted_title])
        self.title = lifted_title
        self.freeze(self.title)
        self.play(self.lift_amount.animate.set_value(1.0), run_time=style.RUN_LIFT,
                  rate_func=smooth)
        self.narrate("The + points, where x₁x₂ < 0, go down; the − points go up: now a "
                     "plane fits between them.", 3)
        self.play(self.azimuth.animate.set_value(style.SPACE_AZIMUTH + style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)
        self.wait(style.PAUSE_SHORT)

    def play_lifted_run(self) -> None:
        self.section("lifted-perceptron")
        self.show_status("plane")
        self.play(FadeIn(self.lifted_row), run_time=style.RUN_INTRO)
        self.remove(self.lifted_row)
        self.add(self.lifted_labels, self.lifted_live, self.curve)
        self.narrate("The same perceptron, on [x₁, x₂, x₁x₂]. On the left, its plane seen "
                     "in the plane of the data.", 3)
        trace = self.lifted_trace
        for beat in plan_perceptron(trace.steps["mistake"], trace.steps["epoch"]):
            self.play(self.lifted_tracker.animate.set_value(beat.end),
                      run_time=style.RUN_SLOW_UPDATE if beat.kind == UPDATE else beat.run_time,
                      rate_func=smooth if beat.kind == UPDATE else (lambda t: t))
            if beat.kind == UPDATE:
                theta, theta0, _ = self.lifted_parameters(beat.end)
                self.narrate(f"Update {beat.update_number}: θ = {wording.vector(theta, 0)}, "
                             f"θ₀ = {wording.number(theta0, 0)}; on the left, "
                             f"{curve_kind(theta, theta0)}.", 2.5)
                self.wait(style.PAUSE_SHORT)
        self.show_status("done")
        result = trace.result
        if result["converged"]:
            self.narrate(f"Converged: {result['updates']} updates in {result['epochs']} epochs. "
                         f"The plane has the − points above and the + points below.", 3)
        else:
            self.narrate(f"Not converged after {result['epochs']} epochs: even lifted, "
                         f"these points are not separable.", 3)
        self.play(self.azimuth.animate.set_value(style.SPACE_AZIMUTH - style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)

    def back_in_the_plane(self) -> None:
        self.section("back-in-2d")
        self.show_status("curve")
        self.narrate(f"Seen back in the plane of the data, the separating plane is the curve "
                     f"θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0: here {self.final_curve_kind}. "
                     f"It separates XOR.", 4)
        self.wait(style.PAUSE_READ)
        self.narrate("Separable in a lifted space: the idea kernels build on.", 3)
        self.wait(style.PAUSE_READ * 2)
