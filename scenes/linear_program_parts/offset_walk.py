"""The perceptron with an offset in `linear-program`, on data no line separates even
with one: its line walking in data space through its first passes while their counts come,
its best line dashed as it is named, and its last, faint, as that is."""

from __future__ import annotations

import numpy as np
from manim import ValueTracker, VGroup, Wait

from scenes.linear_program_parts.common import NEAR_NAME_REACH, between
from scenes.linear_program_parts.line_map import LineMapBeats
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish

#: the opacity of the run's last line, beside its best (review 275: said, not drawn)
LAST_OPACITY = 0.45


class OffsetWalkBeats(LineMapBeats):
    """The offset's run (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.offset.OffsetBeats`)."""

    def draw_endless_offset(self, beat) -> None:
        """The perceptron with an offset runs on through its passes: its line moves in data
        space and never leaves every point on its side; the status line, about its best
        line, comes with that line."""
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(None)  # (the overlap's words leave with it)
        self.clear_right_half()
        states = self.lesson.endless_offset.states
        thetas = np.asarray(states["theta"], dtype=float)
        offsets = np.asarray(states["theta0"], dtype=float)
        tracker = ValueTracker(0.0)

        def at() -> tuple[np.ndarray, float]:
            t = tracker.get_value()
            return between(thetas, t), float(between(offsets, t))

        planes = [self.plane] + ([self.closeup] if self.closeup is not None else [])
        lines = [self.moving_line(at, plane=plane) for plane in planes]
        self.add(*lines)
        # its point on the map of every line, with the trail it leaves (when the map is there)
        walking = self.map_walk(thetas, offsets, at, tracker)
        # the walk from now until its best line is named (that line comes then), never
        # after the sentence, while the passes' counts come (review 275: the bars came
        # first, and the walk flashed by in 1.3 s after them)
        best_said = self.timeline.said_at(self.in_notation("its best line"))
        until = (best_said - float(self.time) if best_said is not None
                 else self.speech_left() - style.RUN_FADE)
        end = float(len(thetas) - 1)
        rate = end / max(min(beat.min_seconds, until), style.RUN_INTRO)
        tracker.add_updater(lambda m, dt: m.set_value(min(end, m.get_value() + rate * dt)))
        self.add(tracker)
        self.show_pass_counts(beat)
        if tracker.get_value() < end:
            self.play(Wait((end - tracker.get_value()) / rate))
        tracker.clear_updaters()
        self.remove(tracker)
        tracker.set_value(end)
        for line in lines:
            line.update()
            line.clear_updaters()
        # the run's best line (the fewest errors) is what stays, dashed (on the map, the
        # walker's dot gives way to its ring)
        k, _ = self.lesson.endless_offset_best
        best = VGroup(*[self.dashed_run_line(thetas[k], float(offsets[k]), plane)
                        for plane in planes])
        self.play(*[vanish(line) for line in lines], appear(best),
                  *self.map_walk_stops(walking, thetas[k], float(offsets[k])),
                  run_time=style.RUN_FADE)
        self.remove(*lines, *walking[1:])
        self.set_status(beat.state["status"])
        self.endless_offset_line = best
        if k != len(thetas) - 1 and "its last" in beat.sentence:
            self.show_last_offset_line(thetas[-1], float(offsets[-1]), planes)
        self.show_near(beat)
        # many, close along the lines: off them, leaders where they crowd
        self.name_rings(NEAR_NAME_REACH, self.near_line_thetas(beat))
        self.show_wrong_marks(beat)

    def show_last_offset_line(self, theta, theta0: float, planes) -> None:
        """The run's last line (θ, θ₀), faint and dashed on ``planes`` (and marked on the
        map), as it is named, until the next sentence."""
        self.wait_for_words("its last")
        final = VGroup(*[self.dashed_run_line(theta, theta0, plane).set_opacity(LAST_OPACITY)
                         for plane in planes])
        self.play(appear(final), *self.map_marked(theta, theta0, self.theme.normal, "last",
                                                  LAST_OPACITY),
                  run_time=style.RUN_FADE)
        self.mark_for_beat(final)
