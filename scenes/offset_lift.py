"""`offset-lift`: why a classifier through the origin loses nothing.

1-D points that no threshold through 0 separates get the constant feature 1:
in the plane, the points [x, 1] lie on the line x₂ = 1, and a line through the
origin separates them. The perceptron through the origin on [x, 1] finds one;
where it crosses x₂ = 1 is the threshold back in 1-D. The same for 2-D data
lifted to the plane x₃ = 1 of 3-D space: the perceptron through the origin on
[x, 1] ends at the same θ, θ₀ as the perceptron with offset on x. What the scene
draws is in :mod:`scenes.offset_lift_parts`: the lifted line of part 1 and the
lifted plane of part 2.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, Circle, Circumscribe, Create, FadeIn, FadeOut, ValueTracker, VGroup,
                   linear, smooth)

from linviz.lessons.offset_lift import offset_lift_lesson
from linviz.lessons.offset_lift_story import DEFAULT_DATA, offset_lift_storyboard
from linviz.replay import state_at
from scenes.base import LinvizScene, StepTracker
from scenes.offset_lift_parts.line import LiftedLine
from scenes.offset_lift_parts.space import LiftedSpace
from scenes.toolkit import style


class OffsetLiftScene(LiftedLine, LiftedSpace, LinvizScene):
    """1-D data lifted by the feature 1, then 2-D data lifted to 3-D."""

    default_data = DEFAULT_DATA["offset-lift"]
    n_features = 1
    needs_separable = "offset"

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.offset_lift.offset_lift_lesson`; its runs:
        through the origin on [x, 1], with offset on x, in both parts)."""
        return offset_lift_lesson(self.data, seed=self.seed)

    def make_storyboard(self, lesson):
        return offset_lift_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The run replayed first: the origin run on [x, 1]."""
        return lesson.line.origin

    # -- part 1: a line of points, lifted to x₂ = 1 ----------------------------
    def build(self) -> None:
        lesson = self.lesson
        self.offset_trace = lesson.line.offset
        self.lifted = lesson.line.lifted
        self.thetas = self.trace.states["theta"]
        self.states_after = lesson.line.states_after_steps
        self.title = self.make_title("The offset is one more feature")
        self.build_line_plane()
        self.lift_amount = ValueTracker(0.0)
        self.tracker = StepTracker(0)
        self.build_line_marks()
        self.build_line_notes()
        self.summary = self.make_line_summary()
        self.summary.next_to(self.value_rows, DOWN, buff=style.BUFF, aligned_edge=LEFT)
        self.value_labels = VGroup(*[v.label for v in self.values.values()])
        self.live = VGroup(*[v.number for v in self.values.values()])
        self.follow_line_run()
        self.build_space()

    def parameters(self, s: float | None = None) -> np.ndarray:
        s = self.tracker.get_value() if s is None else s
        return self.step_state(s).theta

    def step_state(self, s: float | None = None):
        """(θ, θ₀, presence) of the augmented run at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.trace.states["theta0"], self.states_after, s)

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_show_line(self, beat) -> None:
        self.play(FadeIn(self.plane), FadeIn(self.plane.markers), FadeIn(self.title),
                  FadeIn(self.note_stages[0]), run_time=style.RUN_INTRO)

    def draw_lift(self, beat) -> None:
        """The notes' second row and the line x₂ = 1, then the points rise to it."""
        with self.holding(self.plane.markers):
            self.grow_notes(1)
            self.play(FadeIn(self.note_stages[1].rows[1]), FadeIn(self.lifted_line),
                      FadeIn(self.lifted_line_label), run_time=style.RUN_INTRO)
            # the points stay on top of the dashed line they will sit on
            self.remove(self.plane.markers)
            self.add(self.plane.markers)
        self.play(self.lift_amount.animate.set_value(beat.state["lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)
        # lifted for good: the markers stand still from now on (a suspended updater would
        # still make Manim redraw them every frame)
        self.plane.markers.clear_updaters()

    def draw_example_line(self, beat) -> None:
        self.play(Create(self.example_line), run_time=style.RUN_INTRO)
        # under the points: they stay visible where it crosses them
        self.remove(self.plane.markers)
        self.add(self.plane.markers)

    def draw_offset_note(self, beat) -> None:
        """The notes' third row: θ₀, the weight of the feature 1, is the offset."""
        self.grow_notes(2)
        self.play(FadeIn(self.note_stages[2].rows[2]), run_time=style.RUN_INTRO)

    def draw_line_start(self, beat) -> None:
        """The run's values come in at θ = 0, and the example line goes."""
        self.play(FadeIn(self.value_rows), FadeOut(self.example_line), run_time=style.RUN_INTRO)
        self.remove(self.value_rows, self.example_line)
        # the threshold's marks come with the run: at θ = 0 there is no threshold
        self.add(self.value_labels, self.hyperplane, self.no_boundary, self.live)
        # the points over the boundary and the drop: a marker is never hidden by them
        self.remove(self.plane.markers)
        self.add(self.plane.markers)

    def draw_line_run(self, beat) -> None:
        """The run plays to its end, and the summary's first row says where it ended."""
        self.add(self.threshold_marks)
        self.remove(self.plane.markers)
        self.add(self.plane.markers)
        self.play(self.tracker.animate.set_value(beat.state["step"]),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(FadeIn(self.summary.box), FadeIn(self.summary.rows[0]),
                      run_time=style.RUN_INTRO)

    def draw_summary_rest(self, beat) -> None:
        """The offset run's end beside it, which the sentence compares."""
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(FadeIn(VGroup(*self.summary.rows[1:])), run_time=style.RUN_INTRO)
            self.play(Circumscribe(self.summary, color=self.theme.highlight),
                      run_time=style.RUN_INTRO)
        # one drawing again (its parts came one by one), as the part's end takes it away
        self.remove(self.summary.box, *self.summary.rows)
        self.add(self.summary)

    def draw_indicate_point(self, beat) -> None:
        """The point on the threshold the sentence names."""
        i = int(self.lesson.line.points_on_boundary[0])
        with self.holding(self.hyperplane, self.threshold_marks, self.live, self.no_boundary):
            self.play(Circumscribe(self.plane.markers[i], color=self.theme.highlight,
                                   shape=Circle), run_time=style.RUN_INTRO)

    # -- part 2: 2-D data lifted to the plane x₃ = 1 -----------------------------
    def draw_lift_plane(self, beat) -> None:
        """Part 1 leaves; the 2-D points in space rise to x₃ = 1, and the view turns."""
        self.play(FadeOut(VGroup(self.plane, self.notes.box, *self.notes.rows, self.value_labels,
                                 self.live, self.summary, self.hyperplane, self.threshold_marks,
                                 self.lifted_line, self.lifted_line_label, self.plane.markers)),
                  run_time=style.RUN_INTRO)
        self.remove(self.plane, self.hyperplane, self.threshold_marks, self.live,
                    self.no_boundary, self.plane.markers)
        self.redraw_space()
        self.play(FadeIn(self.floor), FadeIn(self.unit_plane), FadeIn(self.space),
                  FadeIn(self.origin_dot), FadeIn(self.origin_label), FadeIn(self.space_intro),
                  run_time=style.RUN_INTRO)
        self.play(self.space_lift.animate.set_value(beat.state["space_lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)
        self.turn(beat)

    def turn(self, beat) -> None:
        """The 3-D view turns to the beat's ``view`` (in turns from where it started)."""
        self.play(self.space_azimuth.animate.set_value(
            style.SPACE_AZIMUTH + beat.state["view"] * style.SPACE_TURN),
            run_time=style.RUN_TURN, rate_func=smooth)

    def draw_space_run(self, beat) -> None:
        """The panel of both runs takes the intro's place with what the plane meets, and
        the run on [x, 1] plays."""
        with self.holding(self.space):
            self.remove(self.space_intro)
            self.add(self.space_panel.box, self.space_panel.rows[0])
            self.show_panel_rows(beat)
        self.add(self.offset_line)
        self.play(self.space_tracker.animate.set_value(beat.state["space_step"]),
                  run_time=style.RUN_OFFSET_REPLAY, rate_func=linear)

    def show_panel_rows(self, beat, *also) -> None:
        """The panel's rows up to the beat's ``panel``, the new ones faded in (with the
        animations ``also``)."""
        rows = self.space_panel.rows
        new = [row for row in rows[:beat.state["panel"]] if not self.on_screen(row)]
        if new or also:
            self.play(*[FadeIn(row) for row in new], *also, run_time=style.RUN_INTRO)

    def draw_space_panel(self, beat) -> None:
        """The run's end on the panel, and the view turns the other way."""
        with self.holding(self.space):
            self.show_panel_rows(beat)
        self.turn(beat)

    def draw_panel_rest(self, beat) -> None:
        """The offset run's end beside the first."""
        with self.holding(self.space):
            self.show_panel_rows(beat)

    def draw_table(self, beat) -> None:
        """Both runs' update counts, and their first updates side by side."""
        with self.holding(self.space):
            self.show_panel_rows(beat, FadeIn(self.table))
