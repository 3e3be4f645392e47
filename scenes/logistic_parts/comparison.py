"""The perceptron compared in `logistic`: on the same noisy data, its last passes replayed
as a boundary that never settles (with faint traces of the boundaries it passes through),
and the key that sets its error beside logistic regression's."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, VGroup

from linviz.lessons.logistic_story import replayed_perceptron_start
from linviz.replay import state_after_steps, state_at
from scenes.base import StepTracker
from scenes.toolkit import style
from scenes.toolkit.plane import GhostLines, Hyperplane
from scenes.toolkit.screen_text import fmt, text


class PerceptronComparison:
    """The perceptron replayed beside logistic regression (a part of
    :class:`scenes.logistic.LogisticScene`)."""

    def make_perceptron_replay(self) -> None:
        """The perceptron's boundary at the start of its replayed passes, following its own
        step tracker (``self.p_tracker``), and the faint traces of the boundaries it has
        passed through since (``self.perceptron_ghosts``, following the same tracker)."""
        lesson = self.lesson
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
        self.perceptron_line.line.set_color(self.theme.highlight)
        self.perceptron_line.add_updater(lambda h: h.set_parameters(
            *state_at(p_thetas, p_theta0s, p_states, p_tracker.get_value())))
        self.p_tracker = p_tracker
        self.p_trace = ptrace
        # the boundaries it passes through stay, faint: back and forth, as the sentence says
        # (its last one may lie outside the view)
        self.perceptron_ghosts = GhostLines(self.plane, self.theme.highlight)

        def follow(ghosts) -> None:
            visited = np.unique(p_states[start:int(p_tracker.get_value()) + 1])
            ghosts.show(p_thetas[visited], p_theta0s[visited])

        self.perceptron_ghosts.add_updater(follow)

    def make_comparison_key(self) -> VGroup:
        """The key of the comparison: the perceptron's row, logistic regression's, and the
        least loss's when the run stopped short of it; in the loss curve's place."""
        theme, lesson = self.theme, self.lesson
        result = lesson.perceptron.result
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
        return key

    def settled_word(self) -> str:
        return "converged" if self.lesson.converged else "not yet converged"
