"""`perceptron`: the perceptron in action on separable data, from its trace.

The pseudocode of the notes with the current line highlighted; every visited
point marked; on a mistake the point pulses, y·x is added to θ tip to tail and
the boundary turns to its new place; epoch, i, M and training-error counters;
the end says how many updates and epochs it took.

The run, every number shown and every run-dependent word come from the lesson
(:mod:`linviz.lessons.perceptron`): the perceptron runs until it converges,
for at most τ = 1,000 passes (``PASS_BUDGET``); a long run's middle passes are
fast-forwarded, whole passes only, with their counts said; when the budget ends
first the scene says so, and that the data is separable.

Every drawing is a function of (trace, s), s the animated step index held by
``self.tracker``: a beat of the pacing plan is one animation of s.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, Circle, Circumscribe, FadeIn, FadeOut, GrowFromPoint, ValueTracker, VGroup,
    SurroundingRectangle, Write, smooth,
)

from linviz.lessons.perceptron import (
    PASS_BUDGET, check_perceptron_data, perceptron_lesson, signed_scores_after_steps,
)
from linviz.lessons.perceptron_story import DEFAULT_DATA, STATUS, perceptron_storyboard
from linviz.scene_checks import check_scene_data
from linviz.replay import state_after_steps, state_at, theta_is_zero_after
from linviz import wording
from scenes.toolkit import style
from scenes.base import LinvizScene, StepTracker
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit import views
from scenes.toolkit.plane import (
    DataPlane, DataVector, Hyperplane, arrow_scale_note, direction_note,
)
from scenes.toolkit.screen_text import fmt, fmt_vector, text
from scenes.toolkit.marks import PointNumbers
from linviz.pacing import SWEEP, UPDATE, VISIT, plan_perceptron

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

    default_data = DEFAULT_DATA["perceptron"]
    needs_separable = "offset"
    offset = True
    #: τ, the most passes (the lesson's budget; the scenes deriving from this one that show
    #: data no line separates set their own)
    epochs = PASS_BUDGET
    plays = ("perceptron", {"offset": True})
    #: number the points the captions name (all of them on a small data set)
    numbers_points = False
    #: explain the update tip to tail on this many slow updates (None: on every one)
    tip_to_tail_updates: int | None = None

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """Data the scene can be truthful about; the lesson's one-line refusal otherwise."""
        if cls.needs_separable and data.task == "classification" and data.n_features == 2:
            # what any scene refuses (sizes, values, labels) first, then the lesson's reason
            check_scene_data(data, spec, cls.scene_name(), cls.squared_loss_runs())
            check_perceptron_data(data, cls.needs_separable == "offset", cls.scene_name(),
                                  spec)
        super().check_data(data, spec)

    def make_lesson(self):
        """The lesson this scene draws (:func:`linviz.lessons.perceptron.perceptron_lesson`)."""
        return perceptron_lesson(self.data, offset=self.offset, trace=self.saved_trace,
                                 budget=self.epochs,
                                 needs_separable=bool(self.needs_separable),
                                 scene=self.scene_name())

    def make_trace(self):
        """The run of the lesson this scene replays."""
        self.lesson = self.make_lesson()
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = perceptron_storyboard(self.lesson, self.scene_name(),
                                                self.request().heard)
        # the panel's y·score at a whole step: under the θ it stands beside
        self.shown_signed_scores = signed_scores_after_steps(self.lesson.trace)
        return self.lesson.trace

    def tone(self, name: str | None):
        """The colour of a status line's tone (a storyboard names it)."""
        theme = self.theme
        return {"text": theme.text, "correct": theme.correct, "mistake": theme.mistake,
                "muted": theme.muted, "highlight": theme.highlight, None: theme.text}[name]

    # -- drawings as functions of the step -----------------------------------
    def build(self) -> None:
        theme, trace = self.theme, self.trace
        self.states_after = state_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        #: ℰₙ of every state, and the decimals of every number of the run (one rule)
        self.errors = self.lesson.errors
        self.places = places = self.lesson.places
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True)
        #: θ and y·x are drawn at this scale so that θ stays in view
        self.vector_scale = self.plane.vector_scale(self.thetas)
        #: when that scale is unreadable (raw Iris sepals: 0.03), θ is drawn as its
        #: direction at a fixed length (its value stands in the panel), and an explained
        #: update at a scale of its own (``local_scale``), said beside the plane
        self.direction_only = not views.readable_scale(self.vector_scale)
        self.direction_length = views.direction_length(self.plane.box)
        self.local_scale: float | None = None
        #: 1 → 0 as θ goes back from an explained update's scale to its direction
        self.local_weight: ValueTracker | None = None
        self.local_note = None
        #: the slow mistakes and tip-to-tail sums narrated so far: the rule is said in full
        #: the first time, in a few words after (a lecturer does not repeat a sentence)
        self.mistakes_told = 0
        self.sums_told = 0
        theta_label = "theta"
        self.tracker = StepTracker(0)
        # θ is drawn from the origin instead of the line's own normal arrow
        self.hyperplane = Hyperplane(self.plane, *self.parameters(0), show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label)
        self.cursor = Circle(radius=style.POINT_SIZE * 2.1, color=theme.highlight,
                             stroke_width=4).set_stroke(opacity=0)
        # θ's label never sits on the ringed point (the ring is wider than a marker)
        self.theta_arrow.avoid.target.append(self.cursor)

        self.title = self.make_title("The perceptron" + (" with offset" if self.offset
                                                         else " through the origin"))
        self.code = Pseudocode(self.pseudocode(), theme)
        self.counters = {
            "epoch": LiveValue("t", 0, theme),
            "i": LiveValue("i", "", theme),
            "M": LiveValue("M", 0, theme),
            # k/n at the decimals that say it (0.175, not 0.17), as the sentences say it
            "error": LiveValue("cal(E)_n", 1.0, theme,
                               formatter=lambda v: fmt(v, wording.error_places(v))
                               if isinstance(v, float) else str(v)),
        }
        # each row is spaced for the widest values it will show, then set to the start
        widest = {"epoch": str(int(trace.steps["epoch"].max())),
                  "i": str(self.data.n_samples), "M": str(len(self.thetas) - 1)}
        for key, value in widest.items():
            self.counters[key].set_value(value)
        counter_row = VGroup(*self.counters.values()).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.5)
        self.counter_row = counter_row
        for key, value in (("epoch", 0), ("i", ""), ("M", 0)):
            self.counters[key].set_value(value)
        score_label = ("y^((i))(theta^T x^((i)) + theta_0)" if self.offset
                       else "y^((i)) theta^T x^((i))")
        self.score = LiveValue(score_label, "", theme, places=places)
        # laid out for the widest θ of the run (θ₀ is then never run into), then set to the start
        self.theta_value = LiveValue("theta", max((fmt_vector(t, places) for t in self.thetas),
                                                  key=len), theme)
        self.theta0_value = LiveValue("theta_0", 0.0, theme, places=places)
        theta_row = VGroup(self.theta_value, self.theta0_value).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.45)
        self.theta_value.set_value(fmt_vector((0, 0), places))
        if not self.offset:
            theta_row.remove(self.theta0_value)
        # every status line of the layout, typeset once; show_status swaps them
        self.statuses = {key: text(markup, theme, style.FONT_SMALL, self.tone(tone))
                         for key, (markup, tone) in STATUS.items()}
        self.panel = VGroup(self.code, counter_row, self.score, theta_row).arrange(
            DOWN, aligned_edge=LEFT, buff=style.BUFF)
        self.panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.panel.set_x(style.PANEL_LEFT, direction=LEFT)
        for status in self.statuses.values():
            status.next_to(self.panel, DOWN, buff=style.BUFF, aligned_edge=LEFT)

        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.parameters()))
        self.theta_arrow.add_updater(
            lambda v: v.set_ends((0, 0), self.drawn_theta(self.parameters()[0])))
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

    def drawn_theta(self, theta) -> np.ndarray:
        """Where θ's arrow ends (data units): θ at the scene's scale, or at an explained
        update's own scale, or θ's direction at a fixed length (``direction_only``)."""
        if self.local_scale is not None:
            local = self.local_scale * np.asarray(theta, dtype=float)
            if self.local_weight is None:
                return local
            weight = self.local_weight.get_value()  # going back to the direction
            return weight * local + (1 - weight) * views.drawn_direction(
                theta, self.direction_length)
        if self.direction_only:
            return views.drawn_direction(theta, self.direction_length)
        return self.vector_scale * np.asarray(theta, dtype=float)

    @property
    def signed_word(self) -> str:
        """The name of y(θᵀx + θ₀) in this scene's captions and status lines."""
        return wording.SIGNED_SCORE

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

    #: the visit counters follow the step (False: they show a told state, see draw_pass)
    visits_follow = True

    def update_visit_counters(self) -> None:
        """Epoch, i and score of the visit on screen."""
        if not self.visits_follow:
            return
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
        shown = self.shown_signed_scores
        s = self.tracker.get_value()
        if shown is not None and k > 0 and abs(s - round(s)) <= 1e-9:
            # at a whole step the panel's θ is the state after it: the score beside it too
            self.score.set_value(float(shown[int(round(s)) - 1]))

    #: entry k − 1: the y·score of the point visited at step k under the state after
    #: step k (a lesson's, when the panel pairs the score with the θ shown; None: the
    #: score of the visit, under the state before it)
    shown_signed_scores = None

    def update_state_counters(self) -> None:
        """M, training error, θ and θ₀ of the state after the whole steps played."""
        state = int(self.states_after[self.tracker.step])
        self.counters["M"].set_value(state)
        self.counters["error"].set_value(float(self.errors[state]))
        self.theta_value.set_value(fmt_vector(self.thetas[state], self.places))
        self.theta0_value.set_value(float(self.theta0s[state]))

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    #: the note on the arrows' scale (made with the stage), and whether it is shown yet
    scale_note = None
    scale_note_shown = False

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

    def numbered_points(self) -> set[int]:
        """The points whose numbers are on screen."""
        numbers = self.point_numbers
        if numbers is None:
            return set()
        return {i for i, label in numbers.numbers.items() if label in numbers.submobjects}

    def sync_numbers(self, wanted) -> None:
        """Show the numbers of the points ``wanted`` and no others (they fade)."""
        numbers, wanted = self.point_numbers, set(wanted)
        if numbers is None or wanted == self.numbered_points():
            return
        if self.numbered_points() - wanted:
            numbers.hide(self)
        new = [numbers.number(i) for i in sorted(wanted - self.numbered_points())]
        if new:
            numbers.add(*new)
            if numbers not in self.mobjects:
                self.add(numbers)
            self.play(*[FadeIn(label) for label in new], run_time=style.PAUSE_SHORT)
        self.keep_labels_clear_of_numbers()

    def status_line(self, state):
        """The status line a told state shows (typeset once a text), or None."""
        markup = state["status"]
        if markup is None:
            return None
        # a line of the layout is typeset already, under its key
        markup = next((key for key, (line, _) in STATUS.items() if line == markup), markup)
        if markup not in self.statuses:
            line = text(markup, self.theme, style.FONT_SMALL, self.tone(state["status_tone"]))
            if line.width > style.STATUS_WIDTH:  # a long line of numbers fits the panel
                line.scale_to_fit_width(style.STATUS_WIDTH)
            self.statuses[markup] = line.move_to(self.statuses["start"], aligned_edge=LEFT)
        return self.statuses[markup]

    def show_told_status(self, state) -> None:
        self.show_status(self.status_line(state))

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

    def veil(self, *mobjects, buff: float = style.SMALL_BUFF) -> VGroup:
        """A rectangle of the background's colour over each of ``mobjects``, added to the
        scene as one drawing (``buff`` round each: less beside a label it must not hide)."""
        cover = VGroup(*[SurroundingRectangle(mobject, buff=buff, stroke_width=0,
                                              fill_color=self.theme.background,
                                              fill_opacity=1.0) for mobject in mobjects])
        self.add(cover)
        return cover

    def lift_values_veil(self) -> None:
        """θ, θ₀, the y·score and the plane's note at θ = 0 come (see draw_intro)."""
        if getattr(self, "values_veil", None) is None:
            return
        self.hyperplane.set_notes_shown(True)
        self.play(FadeOut(self.values_veil), run_time=style.PAUSE_SHORT)
        self.remove(self.values_veil)
        self.values_veil = None

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

    def draw_indicate_theta(self, beat) -> None:
        """θ (and θ₀, with an offset) on the panel, which the sentence is about (and the
        line of the code that changed θ₀, when the sentence is about θ₀)."""
        self.code.highlight(beat.state["line"])
        values = [self.theta_value, *([self.theta0_value] if self.offset else [])]
        self.play(Circumscribe(VGroup(*values), color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_indicate_score(self, beat) -> None:
        """The panel's y·score row, which the sentence names."""
        self.play(Circumscribe(self.score, color=self.theme.highlight), run_time=style.RUN_INTRO)

    def draw_indicate_counters(self, beat) -> None:
        """The counters t, i, M and ℰₙ, which the sentence explains one by one (they come
        now, when they had not come with the stage)."""
        if getattr(self, "counters_veil", None) is not None:
            self.play(FadeOut(self.counters_veil), run_time=style.PAUSE_SHORT)
            self.remove(self.counters_veil)
            self.counters_veil = None
        # a frame drawn round each (the counters themselves stay where they are: an
        # animation of one would take its number out of the group that follows the step)
        for counter in self.counters.values():
            self.play(Circumscribe(counter, color=self.theme.highlight),
                      run_time=style.PAUSE_SHORT)

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
        """A quick update at step k + 1, under the sentence being said: the mistake (θ still
        the old one, the point pulsing), then θ and the boundary move."""
        k = beat.start
        i = int(self.trace.steps["i"][k])
        # the visit itself: s just past k shows point i and its score, θ still the old one
        # (and no boundary yet while θ = 0: see linviz.replay)
        self.tracker.set_value(k + 1e-6)
        self.cursor.set_stroke(opacity=1)
        self.code.highlight(LINE_TEST)
        self.show_status("mistake")
        with self.holding(*self.theta_drawings, self.visit_live, self.cursor):
            self.pulse(i, beat.run_time / 2)
        self.code.highlight(LINE_UPDATE)
        self.advance(k + 1, beat.run_time, rate_func=smooth)
        self.show_status("after-zero" if theta_is_zero_after(self.trace, k + 1) else "after")

    def local_scale_for(self, k: int, x, label: float) -> float:
        """The scale at which the update of step k + 1 is explained when θ is drawn as its
        direction: the largest ≤ 1 keeping θ before, y·x and their sum in view."""
        theta = np.asarray(self.parameters(k).theta, dtype=float)
        step = label * np.asarray(x, dtype=float)
        return self.plane.vector_scale(np.array([theta, step, theta + step]))

    def use_local_scale(self, k: int, x, label: float) -> None:
        """Draw θ and y·x at the update's own scale while it is explained, and say so in place
        of the direction note."""
        self.local_scale = scale = self.local_scale_for(k, x, label)
        self.theta_arrow.update()
        words = (f"$theta$ and $y^((i)) x^((i))$ at ${fmt(scale)} times$ length" if scale < 1
                 else "$theta$ and $y^((i)) x^((i))$ at their length")
        self.local_note = text(words, self.theme, style.FONT_SMALL, self.theme.muted).move_to(
            self.scale_note, aligned_edge=RIGHT)
        self.release(self.scale_note)
        self.remove(self.scale_note)
        # the note is about arrows: from θ = 0 none is drawn before the update's own
        if np.any(self.parameters(k).theta):
            self.add(self.local_note)

    def show_local_note(self) -> None:
        """The update's scale note, once its arrow is drawn (see use_local_scale)."""
        note = getattr(self, "local_note", None)
        if self.local_scale is not None and note is not None and not self.on_screen(note):
            self.play(FadeIn(note), run_time=style.PAUSE_SHORT)

    def end_local_scale(self) -> None:
        """Back to θ's direction at its fixed length (θ's arrow shrinks or grows to it), and
        the direction note in place of the update's."""
        self.local_weight = ValueTracker(1.0)
        notes = [FadeOut(self.local_note)] if self.on_screen(self.local_note) else []
        if self.scale_note is not None:
            notes.append(FadeIn(self.scale_note))
        self.play(self.local_weight.animate.set_value(0.0), *notes,
                  run_time=style.RUN_SWAP)
        self.local_scale, self.local_weight = None, None
        self.theta_arrow.update()
        self.remove(self.local_note)
        self.scale_note_shown = True
        if self.scale_note is not None:
            self.still(self.scale_note)

    def shown_numbers(self) -> list:
        """The point numbers on screen (none when the scene numbers no points)."""
        return list(self.point_numbers.submobjects) if self.point_numbers is not None else []

    def keep_labels_clear_of_numbers(self) -> None:
        """θ's label keeps clear of every point number shown."""
        avoid = self.theta_arrow.avoid.target
        avoid.extend(m for m in self.shown_numbers() if m not in avoid)
        self.theta_arrow.refresh_label()

    def slide_tip_to_tail(self, k: int, x, label: float):
        """y·x grown from the origin and slid to the tip of θ (the state after k steps): the
        arrow, left on screen."""
        theta_before = self.parameters(k).theta
        s = self.vector_scale if self.local_scale is None else self.local_scale
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
        return addend


class PerceptronOriginScene(PerceptronScene):
    """The perceptron through the origin (θ₀ = 0) on data a line through 0 separates."""

    default_data = DEFAULT_DATA["perceptron-origin"]
    needs_separable = "origin"
    offset = False
    plays = ("perceptron", {"offset": False})
