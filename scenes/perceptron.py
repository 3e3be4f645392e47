"""`perceptron`: the perceptron in action on separable data, from its trace.

The pseudocode of the notes with the current line highlighted; every visited
point marked; on a mistake the point pulses, y·x is added to θ tip to tail and
the boundary turns to its new place; epoch, i, M and training-error counters;
the end says how many updates and epochs it took.

Every drawing is a function of (trace, s), s the animated step index held by
``self.tracker``: a beat of the pacing plan is one animation of s.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, Circle, FadeIn, FadeOut, GrowFromPoint, ValueTracker, VGroup, Write, smooth,
)

from linviz.perceptron import Perceptron
from linviz.theory import training_error
from linviz.replay import state_after_steps, state_at
from scenes.toolkit import style, wording
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane, arrow_scale_note
from scenes.toolkit.screen_text import fmt, fmt_vector, text
from scenes.toolkit.marks import PointNumbers
from scenes.toolkit.pacing import FAST_FORWARD, SWEEP, UPDATE, VISIT, plan_perceptron

PSEUDOCODE_OFFSET = [
    "Perceptron$(cal(D)_n; tau)$",
    "  $theta = 0, quad theta_0 = 0$",
    "  *for* $t = 1$ *to* $tau$:",
    "    *for* $i = 1$ *to* $n$:",
    "      *if* $y^((i))(theta^T x^((i)) + theta_0) <= 0$:",
    "        $theta = theta + y^((i)) x^((i))$",
    "        $theta_0 = theta_0 + y^((i))$",
    "    *if* no update in this pass: *break*",
]
PSEUDOCODE_ORIGIN = [
    "Perceptron$(cal(D)_n; tau)$",
    "  $theta = 0$",
    "  *for* $t = 1$ *to* $tau$:",
    "    *for* $i = 1$ *to* $n$:",
    "      *if* $y^((i)) theta^T x^((i)) <= 0$:",
    "        $theta = theta + y^((i)) x^((i))$",
    "    *if* no update in this pass: *break*",
]
LINE_INIT, LINE_EPOCH, LINE_VISIT, LINE_TEST, LINE_UPDATE = 1, 2, 3, 4, 5


class PerceptronScene(LinvizScene):
    """The perceptron with offset on 20 separable points (m = 20)."""

    default_data = "separable"
    needs_separable = "offset"
    offset = True
    epochs = 100
    plays = ("perceptron", {"offset": True})
    #: call θᵀx + θ₀ the *score* and y(θᵀx + θ₀) the *signed score*, named once and kept
    #: (the scenes after this one); False keeps this scene's one word "score" for y(θᵀx + θ₀)
    names_both_scores = False
    #: number the points the captions name (all of them on a small data set)
    numbers_points = False
    #: explain the update tip to tail on this many slow updates (None: on every one)
    tip_to_tail_updates: int | None = None

    def make_trace(self):
        """The engine's run this scene replays."""
        return self.replay_or_run(
            lambda: Perceptron(epochs=self.epochs, offset=self.offset).fit(self.data).trace_)

    story = ("introduce", "play_trace", "conclude")

    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme, trace = self.theme, self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        self.errors = np.array([training_error(self.data.X, self.data.y, t, t0)
                                for t, t0 in zip(self.thetas, self.theta0s)])
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True)
        #: θ and y·x are drawn at this scale so that θ stays in view
        self.vector_scale = self.plane.vector_scale(self.thetas)
        theta_label = "theta"
        self.tracker = StepTracker(0)
        # θ is drawn from the origin instead of the line's own normal arrow
        self.hyperplane = Hyperplane(self.plane, *self.parameters(0), show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label)
        self.cursor = Circle(radius=style.POINT_SIZE * 2.1, color=theme.highlight,
                             stroke_width=4).set_stroke(opacity=0)

        self.title = self.make_title("The perceptron" + (" with offset" if self.offset
                                                         else " through the origin"))
        self.code = Pseudocode(PSEUDOCODE_OFFSET if self.offset else PSEUDOCODE_ORIGIN, theme)
        self.counters = {
            "epoch": LiveValue("t", 0, theme),
            "i": LiveValue("i", "", theme),
            "M": LiveValue("M", 0, theme),
            "error": LiveValue("cal(E)_n", 1.0, theme),
        }
        # each row is spaced for the widest values it will show, then set to the start
        widest = {"epoch": str(int(trace.steps["epoch"].max())),
                  "i": str(self.data.n_samples), "M": str(len(self.thetas) - 1)}
        for key, value in widest.items():
            self.counters[key].set_value(value)
        counter_row = VGroup(*self.counters.values()).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.5)
        for key, value in (("epoch", 0), ("i", ""), ("M", 0)):
            self.counters[key].set_value(value)
        score_label = ("y^((i))(theta^T x^((i)) + theta_0)" if self.offset
                       else "y^((i)) theta^T x^((i))")
        self.score = LiveValue(score_label, "", theme)
        # laid out for the widest θ of the run (θ₀ is then never run into), then set to the start
        self.theta_value = LiveValue("theta", max((fmt_vector(t) for t in self.thetas),
                                                  key=len), theme)
        self.theta0_value = LiveValue("theta_0", 0.0, theme)
        theta_row = VGroup(self.theta_value, self.theta0_value).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.45)
        self.theta_value.set_value(fmt_vector((0, 0)))
        if not self.offset:
            theta_row.remove(self.theta0_value)
        # every status the scene can show, typeset once; show_status swaps them
        small = style.FONT_SMALL
        signed = self.signed_word
        self.statuses = {
            "start": text("start: $theta = 0$, so every score is $0$", theme, small),
            "correct": text(f"{signed} $> 0$: correct, no update", theme, small, theme.correct),
            "sweep": text("more visits, all correct: no update", theme, small, theme.correct),
            "mistake": text(f"*before* the update: {signed} $<= 0$, a mistake", theme, small,
                            theme.mistake),
            "after": text("*after* the update: $theta$ and the boundary have moved", theme,
                          small),
            "fast": text("fast forward: many updates in a row", theme, small, theme.muted),
        }
        self.panel = VGroup(self.code, counter_row, self.score, theta_row).arrange(
            DOWN, aligned_edge=LEFT, buff=style.BUFF)
        self.panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.panel.set_x(style.PANEL_LEFT, direction=LEFT)
        for status in self.statuses.values():
            status.next_to(self.panel, DOWN, buff=style.BUFF, aligned_edge=LEFT)

        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.parameters()))
        self.theta_arrow.add_updater(
            lambda v: v.set_ends((0, 0), self.vector_scale * self.parameters()[0]))
        self.cursor.add_updater(lambda c: c.move_to(self.plane.point(self.visited_index())))
        # Only the live values follow the tracker: a mobject with an updater is redrawn
        # every frame, so the pseudocode stays out of that group. The values of the
        # visit (t, i, score) change at every step, those of the state (M, error, θ)
        # only on updates: while correct visits play, the state's values stand still
        # with the boundary and θ (see show_visits).
        state_values = [self.counters["M"], self.counters["error"], self.theta_value]
        if self.offset:
            state_values.append(self.theta0_value)
        visit_values = [self.counters["epoch"], self.counters["i"], self.score]
        self.labels = VGroup(*[value.label for value in (*visit_values, *state_values)])
        self.state_live = VGroup(*[value.number for value in state_values])
        self.visit_live = VGroup(*[value.number for value in visit_values])
        self.live = VGroup(self.state_live, self.visit_live)
        self.state_live.add_updater(lambda _: self.update_state_counters())
        self.visit_live.add_updater(lambda _: self.update_visit_counters())
        #: what follows θ: still while only correct visits are played
        self.theta_drawings = (self.state_live, self.hyperplane, self.theta_arrow)
        self.point_numbers = PointNumbers(self.plane, theme) if self.numbers_points else None

    @property
    def signed_word(self) -> str:
        """The name of y(θᵀx + θ₀) in this scene's captions and status lines."""
        return wording.SIGNED_SCORE if self.names_both_scores else "score"

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

    def update_visit_counters(self) -> None:
        """Epoch, i and score of the visit on screen."""
        steps = self.trace.steps
        k = self.visited_step()
        if k == 0:
            self.counters["epoch"].set_value(0)
            self.counters["i"].set_value("")
            self.score.set_value("")
        else:
            self.counters["epoch"].set_value(int(steps["epoch"][k - 1]))
            self.counters["i"].set_value(int(steps["i"][k - 1]) + 1)
            self.score.set_value(float(steps["score"][k - 1]))

    def update_state_counters(self) -> None:
        """M, training error, θ and θ₀ of the state after the whole steps played."""
        state = int(self.states_after[self.tracker.step])
        self.counters["M"].set_value(state)
        self.counters["error"].set_value(float(self.errors[state]))
        self.theta_value.set_value(fmt_vector(self.thetas[state]))
        self.theta0_value.set_value(float(self.theta0s[state]))

    # -- the story ---------------------------------------------------------
    def introduce(self) -> None:
        self.section("setup")
        n = self.data.n_samples
        self.narrate(f"The perceptron on {n} labelled points: + is class +1, − is class −1.", 3)
        self.play(FadeIn(self.plane), Write(self.title), run_time=style.RUN_INTRO)
        self.play(FadeIn(self.panel), run_time=style.RUN_INTRO)
        # the plane, the title, the pseudocode's lines and the labels never change again:
        # painted once into the background (the highlight bar moves over the lines);
        # then whatever follows the step, the still parts first
        self.remove(self.panel)
        self.scale_note = note = arrow_scale_note(self.plane, self.vector_scale)
        self.still(self.plane, self.title, self.code.lines, self.labels, *([note] if note else []))
        self.add(self.code.bar, self.state_live, self.hyperplane, self.theta_arrow,
                 self.visit_live, self.cursor)
        self.code.highlight(LINE_INIT)
        self.describe_data()
        if self.names_both_scores:
            self.narrate(wording.SCORE_NAMES, 4)
            self.show_status("start")
        else:
            self.show_status("start")
        if self.names_both_scores:
            if self.point_numbers is not None and self.point_numbers.number_all:
                self.play(FadeIn(self.point_numbers.show_all()), run_time=style.RUN_INTRO)
                self.keep_labels_clear_of_numbers()
        if self.names_both_scores:
            self.narrate("At θ = 0 every score is 0, and the rule counts a signed score ≤ 0 as "
                         "a mistake: the first point visited is one.", 4)
        else:
            self.narrate("It starts at θ = 0, so every score is 0: the first point it visits "
                         "is a mistake, because the rule counts a score ≤ 0 as one.", 4)
        self.wait(style.PAUSE_READ * 2)

    def describe_data(self) -> None:
        """What the data is, said once the plane is shown (a scene about its data adds it)."""

    def play_trace(self) -> None:
        epoch_of = self.trace.steps["epoch"]
        current_epoch = 0
        #: an explained update was the last thing said in this pass
        explained = False
        beats = plan_perceptron(self.trace.steps["mistake"], epoch_of)
        for index, beat in enumerate(beats):
            epoch = int(epoch_of[beat.start])
            if epoch != current_epoch:
                current_epoch, explained = epoch, False
                self.section(f"epoch-{epoch}")
                self.narrate_pass(epoch)
            if explained and not any(later.kind == UPDATE and later.slow
                                     and int(epoch_of[later.start]) == epoch
                                     for later in beats[index:]):
                # the caption stays while the rest of the pass plays (up to a fast forward,
                # which says what it does)
                rest = []
                for later in beats[index:]:
                    if int(epoch_of[later.start]) != epoch or later.kind == FAST_FORWARD:
                        break
                    rest.append(later)
                self.narrate_rest_of_pass(epoch, beat.start,
                                          sum(self.beat_time(later) for later in rest))
                explained = False
            explained = explained or (beat.kind == UPDATE and beat.slow)
            if beat.kind == UPDATE:
                self.show_update(beat)
            elif beat.kind in (VISIT, SWEEP):
                self.show_visits(beat)
            elif beat.kind == FAST_FORWARD:
                self.show_fast_forward(beat)

    def narrate_pass(self, epoch: int) -> None:
        """What this pass over the data does, counted from the trace."""
        steps = self.trace.steps
        in_pass = steps["epoch"] == epoch
        mistakes = int(np.count_nonzero(steps["mistake"][in_pass]))
        visits = int(np.count_nonzero(in_pass))
        if mistakes == 0:
            self.narrate(f"Pass {epoch}: all {visits} points are classified correctly, so no "
                         f"update: the pass ends with the loop's break.")
        elif epoch == 1:
            self.narrate(f"Pass 1 visits the points in order; it makes "
                         f"{wording.count(mistakes, 'mistake')}, each followed by an update.")
        else:
            self.narrate(f"Pass {epoch} visits the points again, in the same order: "
                         f"{wording.count(mistakes, 'mistake')}, so "
                         f"{wording.count(mistakes, 'update')} of θ.")

    @staticmethod
    def beat_time(beat) -> float:
        """How long an unexplained beat plays (see show_update and show_visits)."""
        return 1.5 * beat.run_time if beat.kind == UPDATE else beat.run_time

    def narrate_rest_of_pass(self, epoch: int, start: int, duration: float = 0.0) -> None:
        """After the explained updates: what the rest of the pass does, from step ``start``;
        the caption needs at least ``duration`` seconds (the time the rest plays)."""
        steps = self.trace.steps
        rest = (steps["epoch"] == epoch) & (np.arange(len(steps["epoch"])) >= start)
        mistakes = int(np.count_nonzero(steps["mistake"][rest]))
        if mistakes:
            self.narrate(f"The rest of pass {epoch}, faster: "
                         f"{wording.count(mistakes, 'more update')}.", duration)
        else:
            self.narrate(f"The rest of pass {epoch}: no more mistakes.", duration)

    def show_visits(self, beat) -> None:
        """Correct visits: the cursor steps from point to point, nothing else moves."""
        self.code.highlight(LINE_TEST if beat.kind == VISIT else LINE_VISIT)
        self.show_status("correct" if beat.kind == VISIT else "sweep")
        self.cursor.set_stroke(opacity=1)
        with self.holding(*self.theta_drawings):  # θ does not change on a correct visit
            self.advance(beat.end, beat.run_time)

    def pulse(self, i: int, run_time: float) -> None:
        """A ring in the mistake colour swells around point i and fades.

        A new mobject on top, rather than animating the marker itself, so the
        rest of the plane stays a static background while it plays.
        """
        ring = Circle(radius=style.POINT_SIZE * 1.4, color=self.theme.mistake, stroke_width=6)
        ring.move_to(self.plane.point(i))
        self.play(ring.animate.scale(2.2).set_stroke(opacity=0), run_time=run_time)
        self.remove(ring)

    def show_update(self, beat) -> None:
        """A mistake at step k+1: before (score ≤ 0), the update, after (the new score)."""
        k = beat.start
        i = int(self.trace.steps["i"][k])
        x, label = self.data.X[i], float(self.data.y[i])
        score = float(self.trace.steps["score"][k])
        # said at the decimals the new score's sum will add up at (see show_new_score)
        places = wording.sum_places([score, float(x @ x)])
        # the visit itself: s just past k shows point i and its score, θ still the old one
        # (and no boundary yet while θ = 0: see linviz.replay)
        self.tracker.set_value(k + 1e-6)
        self.cursor.set_stroke(opacity=1)
        self.code.highlight(LINE_TEST)
        self.show_status("mistake")
        # the step stands still while the mistake is shown and explained
        with self.holding(*self.theta_drawings, self.visit_live, self.cursor):
            if beat.slow and self.names_both_scores:
                self.narrate(f"Point {i + 1}, label {wording.label(label)}: score "
                             f"{wording.number(label * score)}, so signed score "
                             f"{wording.number(score)} ≤ 0, a mistake: θ moves by y⁽ⁱ⁾x⁽ⁱ⁾.")
            elif beat.slow:
                self.narrate(f"Point {i + 1} has label {wording.label(label)} and score "
                             f"{wording.number(score, places)}: not above 0, so it is a mistake and θ "
                             f"moves by y⁽ⁱ⁾x⁽ⁱ⁾.")
            if beat.slow and self.point_numbers is not None:
                self.point_numbers.show(self, i)
                self.keep_labels_clear_of_numbers()
            self.pulse(i, style.RUN_SLOW_UPDATE if beat.slow else beat.run_time / 2)
            if beat.slow and (self.tip_to_tail_updates is None
                              or beat.update_number <= self.tip_to_tail_updates):
                self.explain_tip_to_tail(k, x, label)
        self.code.highlight(LINE_UPDATE)
        self.advance(k + 1, beat.run_time, rate_func=smooth)
        if beat.slow:
            self.show_new_score(k, i)
        else:
            self.show_status("after")

    def show_new_score(self, k: int, i: int) -> None:
        """After an explained update: the same point's new score, as the notes' identity."""
        theta, theta0, _ = self.parameters(k + 1)
        x, label = self.data.X[i], float(self.data.y[i])
        old = float(self.trace.steps["score"][k])
        gain = float(x @ x) + (1.0 if self.offset else 0.0)
        new = float(label * (x @ theta + theta0))
        places = wording.sum_places([old, float(x @ x)])
        n = lambda v: wording.number(v, places)  # noqa: E731
        plus_one = " + 1" if self.offset else ""
        key = f"after-{k}"
        self.statuses[key] = text(
            f"*after*: {self.after_words(i)} ${fmt(old, places)} + "
            f"{fmt(float(x @ x), places)}{plus_one} = {fmt(new, places)}$", self.theme,
            style.FONT_SMALL).move_to(self.statuses["after"], aligned_edge=LEFT)
        self.show_status(key)
        verdict = (f"> 0: point {i + 1} is now on its side" if new > 0
                   else f"≤ 0: point {i + 1} is still a mistake")
        moved = ""
        before = self.parameters(k)
        mistakes = np.flatnonzero(self.trace.steps["mistake"])
        from_zero = not np.any(before.theta) and before.theta0 == 0
        # said once: at the first update from θ = 0, then at the first one that moves a line
        if from_zero and k == int(mistakes[0]):
            moved = " From θ = 0 there was no line: the first boundary appears."
        elif not from_zero and k == next(int(m) for m in mistakes
                                          if np.any(self.parameters(int(m)).theta)):
            moved = (" θ₀ changed too, so the line turned and shifted." if self.offset
                     else " The line turned about the origin.")
        self.narrate(f"New {self.signed_word}: {n(old)} + ‖x⁽ⁱ⁾‖²{plus_one} = {n(old)} + "
                     f"{n(float(x @ x))}{plus_one} = {n(new)} {verdict}.{moved}")
        assert abs(old + gain - new) < 1e-6 * max(1.0, abs(new)), "the identity holds"

    def shown_numbers(self) -> list:
        """The point numbers on screen (none when the scene numbers no points)."""
        return list(self.point_numbers.submobjects) if self.point_numbers is not None else []

    def keep_labels_clear_of_numbers(self) -> None:
        """θ's label keeps clear of every point number shown."""
        avoid = self.theta_arrow.avoid.target
        avoid.extend(m for m in self.shown_numbers() if m not in avoid)
        self.theta_arrow.refresh_label()

    def after_words(self, i: int) -> str:
        """The words before the new-score sum in the *after* status line."""
        if self.names_both_scores:
            return f"{self.signed_word} of point {i + 1}:"
        return "score"

    def explain_tip_to_tail(self, k: int, x, label: float) -> None:
        """Draw y·x from the origin, then move it to the tip of θ: their sum is the new θ."""
        theta_before = self.parameters(k).theta
        s = self.vector_scale
        sign = "+" if label > 0 else "-"
        addend = DataVector(self.plane, (0, 0), s * label * np.asarray(x), self.theme.step,
                            f"{sign} x^((i))", avoid=[self.theta_arrow.label,
                                                      *self.shown_numbers()])
        self.play(GrowFromPoint(addend.arrow, addend.arrow.get_start()), FadeIn(addend.label),
                  run_time=style.RUN_SLOW_UPDATE)
        # the arrow slides to the tip of θ; its label follows, kept clear of markers
        tail = ValueTracker(0.0)
        # the group itself must be in the scene for its updater to run (the fades above
        # added only its parts)
        self.add(addend)
        addend.add_updater(lambda v: v.set_ends(tail.get_value() * s * theta_before,
                                                s * (tail.get_value() * theta_before
                                                     + label * np.asarray(x))))
        self.play(tail.animate.set_value(1.0), run_time=style.RUN_SLOW_UPDATE)
        addend.clear_updaters()
        self.narrate("Tip to tail: the new θ is the old θ plus y⁽ⁱ⁾x⁽ⁱ⁾; the boundary stays "
                     "perpendicular to θ.")
        self.play(FadeOut(addend), run_time=style.PAUSE_SHORT)

    def show_fast_forward(self, beat) -> None:
        updates = int(self.states_after[beat.end] - self.states_after[beat.start])
        self.code.highlight(LINE_UPDATE)
        self.show_status("fast")
        self.narrate(f"Fast forward over {updates} more updates.", beat.run_time)
        self.cursor.set_stroke(opacity=0)
        self.advance(beat.end, beat.run_time)

    def conclude(self) -> None:
        self.section("result")
        result = self.trace.result
        self.cursor.set_stroke(opacity=0)
        # a converged run ends at the break; one stopped by τ ends with its loop over t
        self.code.highlight(len(self.code.lines) - 1 if result["converged"] else LINE_EPOCH)
        if result["converged"]:
            sentence = (f"Converged: {wording.count(result['updates'], 'update')} in "
                        f"{wording.count(result['epochs'], 'pass', 'passes')}; the last pass "
                        f"made no update")
            colour = self.theme.correct
        else:
            sentence = (f"Stopped at $tau = {result['epochs']}$ passes after "
                        f"{wording.count(result['updates'], 'update')}, without converging")
            colour = self.theme.mistake
        self.statuses["end"] = text(sentence, self.theme, style.FONT_SMALL, colour).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        self.show_status("end")
        self.narrate(sentence.replace("$tau", "τ").replace("$", "") + ".", 4)
        self.wait(style.PAUSE_READ * 2)


class PerceptronOriginScene(PerceptronScene):
    """The perceptron through the origin (θ₀ = 0) on data a line through 0 separates."""

    default_data = "separable-origin"
    needs_separable = "origin"
    offset = False
    plays = ("perceptron", {"offset": False})
