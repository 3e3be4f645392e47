"""The lift of `xor`: the points raised to x₃ = x₁x₂ in a 3-D view that turns, the lifted
run's plane through them and its values (M, θ, θ₀) following its own step, and that
plane seen back in the data's plane as the curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0."""

from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, ValueTracker, VGroup, smooth

from linviz.features import lifted_boundary_value
from linviz.pacing import RUN_SLOW_UPDATE
from linviz.replay import state_after_steps, state_at
from scenes.base import StepTracker
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.screen_text import fmt_vector
from scenes.toolkit.space import SpaceView, ZeroSetCurve


class XorLift:
    """The lifted view, the lifted run and its curve (a part of
    :class:`scenes.xor.XorScene`)."""

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
                               axis_labels=("x_1", "x_2", "x_3 = x_1 x_2"), drops_to_plane=True,
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
        """The 3-D view at the lift, the turn and the lifted run's step shown."""
        lift = self.lift_amount.get_value()
        self.space.points3d = self.lifted_points * [1, 1, lift]
        self.space.plane_parameters = self.lifted_parameters() if lift > 0 else None
        self.space.set_view(self.azimuth.get_value(), style.XOR_SPACE_ELEVATION)
        if self.space.plane_parameters is None:
            self.space.set_plane(None, 0.0)

    def update_lifted_values(self) -> None:
        """M, θ and θ₀ of the lifted run's state after the whole steps played."""
        state = int(self.lifted_states_after[self.lifted_tracker.step])
        self.lifted_values["M"].set_value(state)
        self.lifted_values["theta"].set_value(fmt_vector(self.lifted_thetas[state]))
        self.lifted_values["theta0"].set_value(float(self.lifted_theta0s[state]))


    def play_lifted(self, beat, update: bool) -> None:
        """The lifted run's visits of the beat (its last an update when ``update``)."""
        start, end = beat.steps
        last = end - 1 if update else end
        visits = max(beat.min_seconds - (RUN_SLOW_UPDATE if update else 0.0), 0.0)
        if last > start and visits > 0:
            self.play(self.lifted_tracker.animate.set_value(last), run_time=visits,
                      rate_func=lambda t: t)
        self.lifted_tracker.set_value(last)
        if update:
            self.play(self.lifted_tracker.animate.set_value(end), run_time=RUN_SLOW_UPDATE,
                      rate_func=smooth)
