"""`xor`: the perceptron fails on XOR, and succeeds once x₁x₂ is a feature.

Minsky and Papert (1969): no line separates the four XOR corners. The
perceptron's boundary keeps turning, every epoch makes mistakes, and the
engine's cycle detection finds the state repeating: the same θ every few
updates, forever. Lifted by the feature x₁x₂ into 3-D, a plane separates the
points and the perceptron converges; that plane, seen back in the plane of the
data, is the curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0.

Both runs and every number and wording choice come from the lesson
(:mod:`linviz.lessons.xor`), every sentence and the state shown under it from its
storyboard (:mod:`linviz.lessons.xor_story`); every drawing is a function of (lesson,
step). The
story names the XOR corners, so only XOR data is taken ('xor', or 'xor-cloud'
whose points scatter round the corners; the lesson's test is by content);
anything else is refused in one line. The run on the data is played by the perceptron
family's run player (:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`); the
scene keeps its set-up and the beats it adds; the cycle's panel and lines and the lift are
drawn by its parts in :mod:`scenes.xor_parts`.
"""

from __future__ import annotations

from manim import (DOWN, Circle, Create, FadeIn, FadeOut, Indicate, LaggedStart, Succession,
                   VGroup, smooth)

from linviz.lessons.xor import curve_kind, xor_lesson
from linviz.lessons.xor_story import DEFAULT_DATA, xor_storyboard
from scenes.base import LinvizScene
from scenes.perceptron_parts.player import PerceptronRunPlayer
from scenes.toolkit import style
from scenes.toolkit.space import ZeroSetShade
from scenes.xor_parts.cycle import XorCycle
from scenes.xor_parts.lift import XorLift

__all__ = ["XorScene", "curve_kind"]


class XorScene(XorCycle, XorLift, PerceptronRunPlayer, LinvizScene):
    """The perceptron with offset on the four XOR corners, then on [x₁, x₂, x₁x₂]."""

    default_data = DEFAULT_DATA["xor"]
    offset = True
    #: enough passes to see the run come back to where it started, twice
    epochs = 3
    plays = None  # its runs (on the data and lifted) are made here, together
    lifted_epochs = 100
    numbers_points = True

    def make_lesson(self):
        """The perceptron lesson of this scene's run on the data, which the run player
        reads as ``self.lesson``; its trace is the run replayed. It is part of this scene's
        own lesson (:func:`linviz.lessons.xor.xor_lesson`, its lifted run with it), made
        here and kept as ``self.xor``: the storyboard and this scene's own drawings read
        that one."""
        self.xor = xor_lesson(self.data, self.epochs, self.lifted_epochs)
        return self.xor.run

    def make_storyboard(self, lesson):
        return xor_storyboard(self.xor, self.scene_name(), self.request().heard)

    def trace_of(self, lesson):
        """The run on the data, replayed first (the lifted run has its own tracker)."""
        return lesson.trace

    @property
    def shown_signed_scores(self):
        """The panel's y·score at a whole step (this scene's lesson's)."""
        return self.xor.shown_signed_scores

    def make_lifted_trace(self):
        """The lesson's run on the lifted points [x₁, x₂, x₁x₂]."""
        return self.xor.lifted_trace

    def build_zero_note(self) -> None:
        """θ = 0 again after updates that cancelled out is said as such, not as the start."""
        start_note = self.hyperplane.NOTES["zero"]
        cancelled = "θ = 0 again: no boundary"
        lesson, hyperplane = self.xor, self.hyperplane

        def note(_):
            reason = lesson.zero_reason(int(self.states_after[self.tracker.step]))
            wanted = cancelled if reason == "cancelled" else start_note
            if hyperplane.NOTES["zero"] != wanted:
                hyperplane.NOTES = {**hyperplane.NOTES, "zero": wanted}
                shown = hyperplane.notes.target.pop("zero", None)
                if shown is not None and shown in hyperplane.submobjects:
                    hyperplane.remove(shown)
                hyperplane.state = None  # typeset and shown anew at the next update

        # before the hyperplane's own updater: the note is chosen, then drawn
        hyperplane.updaters.insert(0, note)

    # -- drawings ---------------------------------------------------------------
    def title_words(self) -> str:
        """The title over the run on the data (the lift brings its own, draw_lift)."""
        return "XOR: the perceptron never settles"

    def build(self) -> None:
        """The run's drawings (:meth:`PerceptronRunPlayer.build_run`, under this scene's
        title), the note at θ = 0, the cycle's panel and lines
        (:class:`~scenes.xor_parts.cycle.XorCycle`), the lift
        (:class:`~scenes.xor_parts.lift.XorLift`)."""
        self.build_run()
        self.build_zero_note()
        self.build_cycle()
        self.build_lift()
        #: rings round the points on the lifted plane while they are named (draw_on_plane)
        self.on_plane_rings = None

    # -- the storyboard drawn: what this scene adds (the run's are the player's) --------
    def status_line(self, state):
        """The status line a told state shows: under the panel, or (``stage`` "space")
        under the 3-D view."""
        line = super().status_line(state)
        if line is not None and state["stage"] == "space":
            line.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.SPACE_CENTER[0])
        return line

    def draw_describe_data(self, beat) -> None:
        """The +1 points, then the −1 points, light up in turn while they are described."""
        markers = self.plane.markers
        self.show_told_status(beat.state)
        self.play(Succession(*(Indicate(group, color=self.theme.highlight, scale_factor=1.0)
                               for group in (markers.plus, markers.minus))),
                  run_time=self.reading_time(beat.sentence))

    def draw_cycle_panel(self, beat) -> None:
        """The run's panel gives way to the cycle's."""
        self.show_told_status(beat.state)
        self.remove(self.hyperplane, self.theta_arrow, self.cursor)
        self.play(FadeOut(VGroup(self.code, self.labels, self.live)),
                  FadeIn(self.cycle_panel.box), FadeIn(self.cycle_parts["passes"]),
                  run_time=style.RUN_INTRO)
        self.shown_cycle_parts = ["passes"]

    def draw_ghosts(self, beat) -> None:
        """The run's lines, drawn one by one while the sentence is read."""
        self.play(LaggedStart(*(FadeIn(ghost) for ghost in self.ghosts), lag_ratio=1.0),
                  FadeIn(self.ghost_labels), run_time=self.reading_time(beat.sentence))
        self.add(self.ghosts, self.ghost_labels)  # as the groups they are, which leave as one

    def draw_cycle_states(self, beat) -> None:
        """The period's row comes, while the states at each pass's start are pointed at."""
        self.show_cycle_part("repeat")
        self.point_at_rows(self.cycle_state_rows, beat.sentence)

    def draw_cycle_errors(self, beat) -> None:
        self.show_cycle_part("errors")
        self.point_at_rows(self.cycle_parts["errors"], beat.sentence)

    def draw_cycle_best(self, beat) -> None:
        """The best line's row, under the sentence that reads it."""
        self.show_cycle_part("best")

    def draw_lift(self, beat) -> None:
        """The cycle leaves, the 3-D view comes, and the points rise to x₁x₂."""
        self.play(FadeOut(self.cycle_panel), FadeOut(self.ghosts), FadeOut(self.ghost_labels),
                  FadeIn(self.space), run_time=style.RUN_INTRO)
        self.shown_cycle_parts = []
        self.show_told_status(beat.state)
        # the title said the perceptron never settles: true of the plane, not of the lift
        lifted_title = self.make_title("XOR, lifted by $x_1 x_2$: a plane can separate it")
        # and no arrow is drawn from here on: the note of their scale goes too
        old = [self.title, *([self.scale_note] if self.scale_note is not None
                             and self.scale_note_shown else [])]
        self.swap(old, [lifted_title])
        self.title = lifted_title
        self.still(self.title)
        self.play(self.lift_amount.animate.set_value(beat.state["lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)

    def draw_turn(self, beat) -> None:
        """The 3-D view turns (to ``view`` turns from where it started) while the sentence
        is read."""
        target = style.SPACE_AZIMUTH + beat.state["view"] * style.SPACE_TURN
        self.show_told_status(beat.state)
        self.play(self.azimuth.animate.set_value(target),
                  run_time=max(style.RUN_TURN, self.reading_time(beat.sentence) / 2),
                  rate_func=smooth)

    def draw_lifted_intro(self, beat) -> None:
        """The lifted run's values come in."""
        self.show_told_status(beat.state)
        self.play(FadeIn(self.lifted_row), run_time=self.reading_time(beat.sentence) / 2)
        self.remove(self.lifted_row)
        self.add(self.lifted_labels, self.lifted_live)

    def draw_lifted_update(self, beat) -> None:
        if self.on_plane_rings is not None:  # the points on the plane were named: now updated
            self.play(FadeOut(self.on_plane_rings), run_time=style.PAUSE_SHORT)
            self.on_plane_rings = None
        self.play_lifted(beat, update=True)

    def draw_indicate_curve(self, beat) -> None:
        """The lifted plane's curve in the data's plane, drawn as the sentence names it."""
        # it follows the run (an updater remakes its points): drawn at once, then lit
        self.curve.update()
        self.add(self.curve)
        self.play(Indicate(self.curve, color=self.theme.highlight, scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_on_plane(self, beat) -> None:
        """The points on the plane pulse in turn while they are named, and stay ringed (in
        the mistake colour: y·score 0 counts as a mistake) until the next update."""
        named = beat.state["on_plane"]
        self.on_plane_rings = VGroup()
        for i in named:
            self.pulse(i, self.reading_time(beat.sentence) / (2 * len(named)))
            ring = Circle(radius=style.POINT_SIZE * 1.4, color=self.theme.mistake,
                          stroke_width=4).move_to(self.plane.point(i))
            self.on_plane_rings.add(ring)
            self.play(Create(ring), run_time=style.PAUSE_SHORT)
        self.add(self.on_plane_rings)

    def draw_lifted_result(self, beat) -> None:
        """The rest of the lifted run, then the view turns the other way."""
        self.play_lifted(beat, update=False)
        self.show_told_status(beat.state)
        self.draw_turn(beat)

    def draw_shade(self, beat) -> None:
        """The + side of the lifted plane's curve shaded in the data's plane."""
        self.show_told_status(beat.state)
        final = self.lifted_function(len(self.lifted_states_after) - 1)
        if final is not None:
            self.final_shade = ZeroSetShade(self.plane, final, self.theme.positive,
                                            self.theme.shade_opacity)
            self.play(FadeIn(self.final_shade), run_time=self.reading_time(beat.sentence) / 2)
            self.still(self.final_shade)
