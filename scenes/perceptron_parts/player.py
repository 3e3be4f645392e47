"""The run player of the perceptron family: a perceptron run played from its trace.

`perceptron`, `perceptron-origin`, `noise` and `xor` each replay one run of the notes'
perceptron, told by their storyboards with the same motions (a pass begins, visits, a
mistake, y·x tip to tail, an update, a fast-forward, the result, a note). This part holds
all of that once: the run's states and the step tracker, the plane (:class:`PerceptronPlane`)
and the panel (:class:`PerceptronPanel`) that follow the step, and one ``draw_<motion>`` per
motion. A scene composes it with :class:`scenes.base.LinvizScene` and its own parts, and
says what differs through the hooks below, never by a branch here.

What the player reads from its scene:

- ``self.lesson``: the perceptron lesson of the run
  (:class:`linviz.lessons.perceptron.PerceptronLesson`: ``errors``, ``places``), and
  ``self.trace``, its trace, as the scene's ``make_lesson``/``trace_of`` give them;
- the hooks :attr:`~PerceptronRunPlayer.offset`,
  :attr:`~PerceptronRunPlayer.numbers_points`, :meth:`~PerceptronRunPlayer.title_words`,
  :meth:`~PerceptronRunPlayer.pseudocode` and
  :attr:`PerceptronPanel.shown_signed_scores`, each with a neutral default.

Every drawing is a function of (trace, s), s the animated step index held by
``self.tracker``: a beat of the pacing plan is one animation of s.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Circle, Circumscribe, FadeIn, FadeOut, Write, smooth

from linviz.pacing import SWEEP, UPDATE, VISIT, plan_perceptron
from linviz.replay import state_after_steps, state_at, theta_is_zero_after
from scenes.base import StepTracker
from scenes.perceptron_parts.common import (LINE_TEST, LINE_UPDATE, LINE_VISIT,
                                            PSEUDOCODE_OFFSET, PSEUDOCODE_ORIGIN)
from scenes.perceptron_parts.panel import PerceptronPanel
from scenes.perceptron_parts.plane import PerceptronPlane
from scenes.toolkit import style
from scenes.toolkit.marks import PointNumbers
from scenes.toolkit.plane import arrow_scale_note, direction_note
from scenes.toolkit.screen_text import text


class PerceptronRunPlayer(PerceptronPanel, PerceptronPlane):
    """Plays one perceptron run from its trace, beat by beat of a storyboard (a part of
    :class:`scenes.perceptron.PerceptronScene`, :class:`scenes.noise.NoiseScene` and
    :class:`scenes.xor.XorScene`).

    A scene calls :meth:`build_run` in its ``build``; the storyboard's beats then reach the
    ``draw_<motion>`` methods here through :meth:`LinvizScene.tell
    <scenes.base.LinvizScene.tell>`.
    """

    #: the run's perceptron has an offset θ₀ (its pseudocode, its y·score and θ₀'s value
    #: on the panel); False: through the origin
    offset = True
    #: number the points the captions name (the storyboard's ``numbered``); False: no
    #: point numbers are made
    numbers_points = False

    def title_words(self) -> str:
        """The scene's title: the perceptron, with offset or through the origin (a scene
        telling another story of its run names it in its own words)."""
        return "The perceptron" + (" with offset" if self.offset else " through the origin")

    # -- drawings as functions of the step -----------------------------------
    def build_run(self) -> None:
        """Every drawing of the run made once, each a function of (trace, s): the run's
        states, the step tracker, the data plane with θ and its boundary, the scene's
        title (:meth:`title_words`), the panel beside them."""
        self.build_run_states()
        self.tracker = StepTracker(0)
        self.build_plane()
        self.title = self.make_title(self.title_words())
        self.build_panel()
        self.follow_step_on_plane()
        self.build_live_values()
        #: what follows θ: still while only correct visits are played
        self.theta_drawings = (self.state_live, self.hyperplane, self.theta_arrow)
        self.point_numbers = (PointNumbers(self.plane, self.theme) if self.numbers_points
                              else None)

    def build_run_states(self) -> None:
        """The run's states as the drawings read them: the state after each step, θ and θ₀
        of every state, ℰₙ of every state and the decimals of every number."""
        trace = self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        #: ℰₙ of every state, and the decimals of every number of the run (one rule)
        self.errors = self.lesson.errors
        self.places = self.lesson.places

    def parameters(self, s: float | None = None):
        """(θ, θ₀) at step s (the tracker's value when None)."""
        s = self.tracker.get_value() if s is None else s
        return state_at(self.thetas, self.theta0s, self.states_after, s)

    def visited_step(self) -> int:
        """The step whose visit is on screen: ⌈s⌉, i.e. the one being played."""
        return int(np.ceil(self.tracker.get_value() - 1e-9))

    def visited_index(self) -> int:
        k = self.visited_step()
        return int(self.trace.steps["i"][k - 1]) if k > 0 else 0

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def begin_motion(self, beat) -> None:
        """The note on the arrows' scale comes as the first beat that draws θ (M ≥ 1)
        starts: at θ = 0 there is no arrow for it to be about. (While an update is
        explained at a scale of its own, its note stands in its place, and both stay until
        the run moves on: the update's last frame shows θ at the tip of the sum it was said
        to be.)"""
        if beat.state.get("line") is not None:
            self.lift_values_veil()
        if (self.local_scale is not None and beat.steps is not None
                and beat.motion not in ("tip-to-tail", "update")):
            self.end_local_scale()
        if not self.scale_note_shown and beat.state.get("M", 0) > 0 and self.local_scale is None:
            self.scale_note_shown = True
            if self.scale_note is not None:
                self.still(self.scale_note)

    def tell(self, beat) -> None:
        """A beat told (LinvizScene.tell), then the point numbers its state names."""
        super().tell(beat)
        self.sync_numbers(beat.state["numbered"])

    def draw_intro(self, beat) -> None:
        self.bring_in_the_stage(beat.state["line"])
        self.counters_veil = None
        if not beat.state["counters"]:  # they come when a sentence explains them
            self.counters_veil = self.veil(self.counter_row)
        # the values of θ, θ₀ and the y·score and "θ = 0: no boundary yet" come as the start
        # is said (the first beat that lights a line of the code: see begin_motion); their
        # names stand from the start, for the sentences that name them
        self.values_veil = None
        if beat.state["line"] is None:
            # ℰₙ's value too: every point a mistake is what the start's sentence says
            self.values_veil = self.veil(*[value.number for value in (
                self.score, self.theta_value, *([self.theta0_value] if self.offset else []),
                self.counters["error"])], buff=0.04)
            self.hyperplane.set_notes_shown(False)

    def bring_in_the_stage(self, line: int) -> None:
        """The plane, the title and the panel come, ``line`` of the code lit. The plane, the
        title, the pseudocode's lines and the labels never change again: painted once into
        the background (the highlight bar moves over the lines); then whatever follows the
        step, the still parts first."""
        self.play(FadeIn(self.plane), Write(self.title), run_time=style.RUN_INTRO)
        self.play(FadeIn(self.panel), run_time=style.RUN_INTRO)
        self.remove(self.panel)
        self.scale_note = (direction_note(self.plane) if self.direction_only
                           else arrow_scale_note(self.plane, self.vector_scale))
        self.scale_note_shown = False  # it comes with the first arrow (tell)
        self.still(self.plane, self.title, self.code.lines, self.labels)
        self.add(self.code.bar, self.state_live, self.hyperplane, self.theta_arrow,
                 self.visit_live, self.cursor)
        self.code.highlight(line)

    def draw_show(self, beat) -> None:
        """A status line appears (and the code's line the sentence is about is lit)."""
        self.code.highlight(beat.state["line"])
        line = self.status_line(beat.state)
        self.play(FadeIn(line), run_time=style.RUN_INTRO)
        self.show_told_status(beat.state)

    def draw_pass(self, beat) -> None:
        """A pass begins: t counts it, nothing visited yet, the loop over t lit."""
        state = beat.state
        self.visits_follow = False
        self.cursor.set_stroke(opacity=0)
        self.code.highlight(state["line"])
        self.show_told_status(state)
        self.counters["epoch"].set_value(state["t"])
        self.counters["i"].set_value("")
        self.score.set_value("")
        self.play(Circumscribe(self.counters["epoch"], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def play_plan(self, start: int, end: int) -> None:
        """The plan's beats from step ``start`` to ``end``, unexplained (visits, quick
        updates, a fast-forward), under the sentence being said."""
        self.visits_follow = True
        for beat in self.plan_beats():
            if beat.end <= start or beat.start >= end:
                continue
            if beat.kind == UPDATE:
                self.show_update(beat)
            elif beat.kind in (VISIT, SWEEP):
                self.show_visits(beat)
            else:
                self.show_status("fast")
                self.advance(beat.end, beat.run_time)

    def draw_visits(self, beat) -> None:
        self.play_plan(*beat.steps)
        self.code.highlight(beat.state["line"])
        self.show_told_status(beat.state)

    def reach_mistake(self, k: int, run_time: float) -> None:
        """The visit of step k + 1, a mistake: the cursor on it, θ still the old one, the
        point pulsing."""
        self.visits_follow = True
        i = int(self.trace.steps["i"][k])
        self.tracker.set_value(k + 1e-6)
        self.cursor.set_stroke(opacity=1)
        self.code.highlight(LINE_TEST)
        self.show_status("mistake")
        with self.holding(*self.theta_drawings, self.visit_live, self.cursor):
            self.pulse(i, run_time)

    def draw_mistake(self, beat) -> None:
        """The walk to a mistake explained next, and the mistake."""
        start, k = beat.steps
        self.play_plan(start, k)
        i = int(self.trace.steps["i"][k])
        if self.direction_only:
            self.use_local_scale(k, self.data.X[i], float(self.data.y[i]))
        self.reach_mistake(k, style.RUN_SLOW_UPDATE)

    def draw_tip_to_tail(self, beat) -> None:
        """y·x drawn from the origin, then slid to the tip of θ: the tip of their sum is
        where θ goes (it stays there until the update moves θ)."""
        k = beat.steps[0]
        i = int(self.trace.steps["i"][k])
        self.code.highlight(LINE_UPDATE)
        with self.holding(*self.theta_drawings, self.visit_live, self.cursor):
            self.addend = self.slide_tip_to_tail(k, self.data.X[i], float(self.data.y[i]))

    def draw_update(self, beat) -> None:
        """θ moves onto the sum's tip and the boundary with it; the new y·score shown."""
        k, end = beat.steps
        self.code.highlight(LINE_UPDATE)
        addend = getattr(self, "addend", None)
        self.addend = None
        self.advance(end, style.RUN_SLOW_UPDATE, rate_func=smooth)
        self.code.highlight(beat.state["line"])  # with an offset, θ₀'s line ran last
        if addend is not None:
            self.play(FadeOut(addend), run_time=style.PAUSE_SHORT)
        self.show_told_status(beat.state)
        self.show_local_note()

    def draw_mistake_update(self, beat) -> None:
        """The walk to a mistake, the mistake and its update, in one beat."""
        start, end = beat.steps
        k = end - 1
        self.play_plan(start, k)
        self.reach_mistake(k, style.RUN_FAST_UPDATE)
        self.code.highlight(LINE_UPDATE)
        self.advance(end, style.RUN_FAST_UPDATE, rate_func=smooth)
        self.show_told_status(beat.state)

    def draw_pass_quickly(self, beat) -> None:
        """A pass of a run told briefly: its steps swept through in the beat's seconds, the
        cursor following the visits (no beat before it showed the cursor)."""
        self.cursor.set_stroke(opacity=1)
        self.draw_fast_forward(beat)

    def draw_fast_forward(self, beat) -> None:
        self.code.highlight(beat.state["line"])
        self.show_told_status(beat.state)
        self.visits_follow = True
        self.advance(beat.steps[1], beat.min_seconds)

    def draw_result(self, beat) -> None:
        self.cursor.set_stroke(opacity=0)
        self.code.highlight(beat.state["line"])
        line = self.status_line(beat.state)
        self.play(FadeIn(line), run_time=style.RUN_INTRO)
        self.show_told_status(beat.state)
        self.told_notes = []

    def draw_note(self, beat) -> None:
        """A note under the status line (and the point it names ringed)."""
        markup, tone = beat.state["notes"][-1]
        note = text(markup, self.theme, style.FONT_SMALL, self.tone(tone))
        above = self.told_notes[-1] if self.told_notes else self.status
        note.next_to(above, DOWN, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        self.told_notes.append(note)
        shown = [FadeIn(note)]
        if beat.state["ring"] is not None and getattr(self, "ring", None) is None:
            # the panel's visit row shows the ringed point (its y·score is said)
            self.visits_follow = False
            self.counters["i"].set_value(beat.state["i"])
            self.score.set_value(float(beat.state["score"]))
            self.ring = Circle(radius=style.POINT_SIZE * 1.8, color=self.theme.highlight,
                               stroke_width=style.LINE_STROKE).move_to(
                self.plane.point(beat.state["ring"]))
            shown.append(FadeIn(self.ring))
            self.theta_arrow.avoid.target.append(self.ring)
            self.theta_arrow.refresh_label()
        self.play(*shown, run_time=style.RUN_INTRO)

    def plan_beats(self) -> list:
        """The visits and updates that play a told beat's steps, unexplained (see
        :func:`linviz.pacing.plan_perceptron`; the storyboard's fast-forwards draw
        themselves, so none is planned here)."""
        return plan_perceptron(self.trace.steps["mistake"], self.trace.steps["epoch"],
                               skip=None)

    def pseudocode(self) -> list[str]:
        """The lines of the notes' pseudocode the panel shows (a scene whose run visits the
        points in another order says so in its own lines)."""
        return PSEUDOCODE_OFFSET if self.offset else PSEUDOCODE_ORIGIN

    def show_visits(self, beat) -> None:
        """Correct visits: the cursor steps from point to point, nothing else moves."""
        self.code.highlight(LINE_TEST if beat.kind == VISIT else LINE_VISIT)
        self.show_status("correct" if beat.kind == VISIT else "sweep")
        self.cursor.set_stroke(opacity=1)
        with self.holding(*self.theta_drawings):  # θ does not change on a correct visit
            self.advance(beat.end, beat.run_time)

    def show_update(self, beat) -> None:
        """A quick update at step k + 1, under the sentence being said: the mistake (θ still
        the old one, the point pulsing), then θ and the boundary move."""
        k = beat.start
        # the visit itself: s just past k shows point i and its score, θ still the old one
        # (and no boundary yet while θ = 0: see linviz.replay)
        self.reach_mistake(k, beat.run_time / 2)
        self.code.highlight(LINE_UPDATE)
        self.advance(k + 1, beat.run_time, rate_func=smooth)
        self.show_status("after-zero" if theta_is_zero_after(self.trace, k + 1) else "after")
