"""The storyboard of the scenes `perceptron` and `perceptron-origin`: every sentence they
say, in order, and the state the picture shows at the end of each (see
:mod:`linviz.storyboard` for the one rule of time).

The state
---------
``step`` (θ, θ₀ are the state after that many visits), ``visit`` (the visit on
screen, 1-based; 0: none), and what the panel shows: ``t``, ``i`` (1-based, None:
blank), ``M``, ``error`` (ℰₙ), ``theta``, ``theta0``, ``score`` (the y·score of the
visited point under the θ shown; None: blank), ``line`` (the pseudocode line lit,
0-based), ``cursor`` (the point ringed as visited, 0-based; None), ``status`` and
``status_tone`` (the status line under the panel: Typst markup and its colour role),
``notes`` (lines under the status at the end, each [markup, tone]) and ``ring`` (the
point ringed at the end as looking on the line; None).

How a run is told
-----------------
Pass by pass (the lesson's fast-forward over whole passes in between). A pass is
announced, then:

- the first two updates of the run (:attr:`_Telling.slow_updates`) are explained
  in three beats: the mistake (the cursor reaches the point, which pulses), the
  sum y⁽ⁱ⁾x⁽ⁱ⁾ tip to tail, then the update (θ and the boundary move, and the
  point's new y·score is said as the notes' identity old + ‖x‖² + 1);
- later updates are a beat each ("Update m: …"), or, more than
  :data:`linviz.lessons.perceptron.UPDATES_SAID_ONE_BY_ONE` in a pass, the rest of the pass in one beat with
  its count;
- told after a scene that walked through updates in full (``heard``, see
  :mod:`linviz.lessons.heard`), the run is told *briefly*: the rule is recalled in one
  sentence with what differs, no update is explained, and each pass's updates play
  together under one sentence with their count;
- the correct visits before an update play under that update's sentence (the
  cursor walks to the mistake it names); those after a pass's last update under
  "The rest of pass t: no more mistakes."; a pass with no update under its own
  announcement.
"""

from __future__ import annotations

import numpy as np

from ..pacing import (FAST_FORWARD, MAX_PLAYED_UNDER_A_SENTENCE, RUN_BRIEF_PASS, UPDATE, VISIT,
                      plan_perceptron)
from ..replay import state_after_steps, theta_is_zero_after
from ..storyboard import Storyboard, StoryWriter
from .. import formatting
from .heard import walk_through_heard
from .perceptron import PerceptronLesson, perceptron_lesson, signed_scores_after_steps

#: the data each scene tells when none is given (the scene classes read it here)
DEFAULT_DATA = {"perceptron": "separable", "perceptron-origin": "separable-origin"}

#: the pseudocode's lines (0-based), as the scene's panel lists them
LINE_INIT, LINE_EPOCH, LINE_VISIT, LINE_TEST, LINE_UPDATE = 1, 2, 3, 4, 5
#: the offset's update, θ₀ = θ₀ + y (in the scenes with an offset)
LINE_OFFSET_UPDATE = 6
#: the line of the loop's break: the last (8 lines with an offset, 7 without)
BREAK_LINE = {True: 7, False: 6}

SIGNED = formatting.SIGNED_SCORE
#: the status lines of the layout (Typst markup, colour role)
STATUS = {
    "start": ("start: $theta = 0$, so every score is $0$", "text"),
    "correct": (f"{SIGNED} $> 0$: correct, no update", "correct"),
    "sweep": ("more visits, all correct: no update", "correct"),
    "mistake": (f"*before* the update: {SIGNED} $<= 0$, a mistake", "mistake"),
    "after": ("*after* the update: $theta$ and the boundary have moved", "text"),
    "after-zero": ("*after* the update: $theta = 0$, no boundary; the point still a mistake "
                   "($<= 0$)", "text"),
    "after-first": ("*after* the update: the first boundary", "text"),
    "fast": ("fast forward: many updates in a row", "muted"),
}

#: the rule recalled when told briefly (with an offset, and through the origin)
BRIEF_RULE = {
    True: ("The perceptron as before, now with an offset θ₀: the score is θᵀx + θ₀, so the "
           "line need not pass through the origin."),
    False: ("The perceptron as before, without an offset: θ₀ = 0, the score is θᵀx, and the "
            "line θᵀx = 0 passes through the origin."),
}

#: the two quantities named once (with an offset, and through the origin)
SCORE_NAMES = {
    True: formatting.SCORE_NAMES,
    False: ("Each point has a score θᵀx and a y·score yθᵀx, the label times the score: "
            "above 0 exactly when the point is on its own side."),
}


def score_number(value: float, places: int) -> str:
    """A y·score in a caption: at the lesson's decimals, unless that rounds a score that is
    not 0 to 0 (−0.0035 is on the wrong side, not on the line): then to two significant
    digits."""
    return formatting.nonzero_number(value, places)


#: up to this many points, every point is numbered from the start (in a scene that numbers
#: points); beyond, only the point an explained mistake names, until the pass goes on
NUMBER_ALL_POINTS = 8


class _Telling:
    """The storyboard written beat by beat from the lesson (one use). A scene telling the
    same run its own way (noise) derives from it and overrides the hooks below."""

    #: the points named are numbered on the plane (``numbered`` in the state)
    numbers_points = False
    #: explain the sum tip to tail on this many slow updates from θ ≠ 0 (None: on all of
    #: them); from θ = 0 there is no tip to add at: the new θ is y⁽ⁱ⁾x⁽ⁱ⁾ itself
    tip_to_tail_updates: int | None = None
    #: the first updates of the run explained in three beats (none when told briefly: the
    #: mechanism is said in full once); the first from θ = 0, the second tip to tail
    slow_updates = 2

    def plan_skip(self) -> tuple[int, int] | None:
        """The steps the plan fast-forwards over (whole passes), or None: the lesson's."""
        span = self.lesson.fast_forward
        return (span.start, span.end) if span else None

    def extra_state(self) -> dict:
        """The state's keys (and first values) a derived telling adds."""
        return {}

    def __init__(self, lesson: PerceptronLesson, scene: str, heard=()) -> None:
        #: an update was walked through in full earlier in the lecture: told briefly
        self.brief = walk_through_heard(heard)
        if self.brief:
            self.slow_updates = 0
        self.lesson = lesson
        self.trace = trace = lesson.trace
        self.data = lesson.data
        self.offset = lesson.offset
        self.places = lesson.places
        self.steps = trace.steps
        self.epoch_of = np.asarray(self.steps["epoch"])
        self.states_after = state_after_steps(trace)
        self.scores_after = signed_scores_after_steps(trace)
        self.thetas = trace.states["theta"]
        self.theta0s = trace.states["theta0"]
        d = self.data.n_features
        self.story = StoryWriter(
            scene, step=0, visit=0, t=0, i=None, M=0, error=float(lesson.errors[0]),
            theta=[0.0] * d, theta0=0.0, score=None, line=None, cursor=None, status=None,
            status_tone=None, notes=[], ring=None, numbered=[], counters=True,
            **self.extra_state())
        #: every point numbered throughout (a small data set, in a scene that numbers)
        self.number_all = self.numbers_points and self.data.n_samples <= NUMBER_ALL_POINTS
        self.plan = telling_plan(self)
        self.mistakes_told = 0
        self.sums_told = 0
        #: explained updates whose new y·score was said (the identity in symbols the first)
        self.identities_told = 0
        #: the brief telling through the origin said what an update does to the line
        self.told_turning = False

    # -- states ------------------------------------------------------------
    def at(self, k: int, visiting: bool = False) -> dict:
        """The panel after ``k`` steps: the visit of step k on screen, or (``visiting``) the
        visit of step k + 1 with θ still the state after k."""
        state = int(self.states_after[k])
        values = {"step": k, "M": state, "error": float(self.lesson.errors[state]),
                  "theta": [float(v) for v in self.thetas[state]],
                  "theta0": float(self.theta0s[state])}
        visit = k + 1 if visiting else k
        if visit == 0:
            return {**values, "visit": 0, "t": 0, "i": None, "score": None, "cursor": None}
        point = int(self.steps["i"][visit - 1])
        score = (float(self.steps["score"][visit - 1]) if visiting
                 else float(self.scores_after[visit - 1]))
        return {**values, "visit": visit, "t": int(self.epoch_of[visit - 1]), "i": point + 1,
                "score": score, "cursor": point}

    def status(self, key: str) -> dict:
        markup, tone = STATUS[key]
        return {"status": markup, "status_tone": tone}

    def at_the_start(self) -> dict:
        """The state when the start θ = 0 is said: its status, and the code's first line
        lit (no line is lit before: the code is not run until then)."""
        return {"line": LINE_INIT, **self.status("start")}

    def after_visits(self, last) -> dict:
        """The line and status after the plan's visit beat ``last``."""
        return {"line": LINE_TEST if last.kind == VISIT else LINE_VISIT,
                **self.status("correct" if last.kind == VISIT else "sweep")}

    # -- the story ---------------------------------------------------------
    def tell(self) -> Storyboard:
        self.introduce()
        self.play_run()
        self.conclude()
        return self.story.storyboard()

    def show_the_data(self, counters: bool = True) -> None:
        """The first beat of every scene of this family: the stage comes, the data named
        (its points numbered on a small data set, in a scene that numbers them), and the
        counters t, i, M, ℰₙ unless they are to come when a sentence explains them."""
        n = self.data.n_samples
        self.story.section("setup", "The data and the rule")
        self.story.beat(f"The perceptron on {n} labelled points: + is class +1, − is class −1.",
                        "intro", line=None, counters=counters,
                        numbered=list(range(n)) if self.number_all else [])

    def explain_counters(self) -> None:
        """Told in full, the sentence that explains the counters t, i, M, ℰₙ, which come with
        it (see :meth:`show_the_data`); told briefly, none (they came with the stage)."""
        if self.brief:
            return
        self.story.beat("On the right: t counts passes, i is the point visited, M counts "
                        "updates, and ℰₙ is the training error, the fraction of points with "
                        "y·score ≤ 0.", "indicate-counters", counters=True)

    def introduce(self) -> None:
        story = self.story
        # told in full, the counters come with the sentence that explains them
        self.show_the_data(counters=self.brief)
        if self.brief:
            story.beat(BRIEF_RULE[self.offset], "indicate-score")
            return
        story.beat(SCORE_NAMES[self.offset], "indicate-score")
        self.explain_counters()
        start = ("At θ = 0 and θ₀ = 0" if self.offset else "At θ = 0")
        story.beat(f"{start} every score is 0, and the rule counts a y·score ≤ 0 as a "
                   f"mistake: the first point visited is one.", "show", **self.at_the_start())

    def play_run(self) -> None:
        plan, index, current = self.plan, 0, 0
        while index < len(plan):
            beat = plan[index]
            if beat.kind == FAST_FORWARD:
                self.fast_forward(beat)
                index += 1
                current = 0
                continue
            epoch = int(self.epoch_of[beat.start])
            if epoch != current:
                current = epoch
                index = self.announce_pass(index, epoch)
                continue
            index = self.tell_from(index, epoch)

    def pass_beats(self, index: int, epoch: int) -> list:
        """The plan's beats from ``index`` to the end of pass ``epoch`` or a fast-forward."""
        chosen = []
        for beat in self.plan[index:]:
            if beat.kind == FAST_FORWARD or int(self.epoch_of[beat.start]) != epoch:
                break
            chosen.append(beat)
        return chosen

    def named_numbers_leave(self) -> dict:
        """The numbers of the points named so far leave (all stay on a small data set)."""
        return {} if self.number_all else {"numbered": []}

    def before_pass(self, epoch: int) -> None:
        """Beats before pass ``epoch`` is announced (none here)."""

    def visiting_words(self, first: bool) -> str:
        """How a pass visits the points: the notes' index order (a telling that shuffles
        says so)."""
        return "in order" if first else "again, in the same order"

    def pass_sentence(self, epoch: int, mistakes: int) -> str:
        """The announcement of pass ``epoch``, which makes ``mistakes`` (> 0)."""
        if epoch == 1:
            each = "each followed by an update" if mistakes > 1 else "followed by an update"
            return (f"Pass 1 visits the points {self.visiting_words(True)}; it makes "
                    f"{formatting.count(mistakes, 'mistake')}, {each}.")
        return (f"Pass {epoch} visits the points {self.visiting_words(False)}: "
                f"{formatting.count(mistakes, 'mistake')}, so "
                f"{formatting.count(mistakes, 'update')} of θ.")

    def announce_pass(self, index: int, epoch: int) -> int:
        """Pass ``epoch`` announced; a pass with no update is played under its announcement
        (its visits up to the loop's break). Returns the next plan index."""
        story, lesson = self.story, self.lesson
        story.section(f"epoch-{epoch}", f"Pass {epoch}")
        self.before_pass(epoch)
        mistakes = lesson.updates_in_pass(epoch)
        n = self.data.n_samples
        if mistakes == 0:
            beats = self.pass_beats(index, epoch)
            story.beat(f"Pass {epoch}: all {n} points correct, no update: the loop breaks.",
                       "visits",
                       min_seconds=sum(b.run_time for b in beats),
                       steps=(beats[0].start, beats[-1].end),
                       **{**self.at(beats[-1].end), **self.after_visits(beats[-1]),
                          **({"line": BREAK_LINE[self.offset]} if lesson.converged
                             and beats[-1].end == self.trace.n_steps else {})})
            return index + len(beats)
        if self.brief:  # the pass and its updates in one beat
            rest = self.pass_beats(index, epoch)
            self.say_rest_of_pass(rest, epoch)
            return index + len(rest)
        sentence = self.pass_sentence(epoch, mistakes)
        k = self.story.state["step"]
        story.beat(sentence, "pass", **{**self.at(k), "t": epoch, "i": None, "score": None,
                                        "visit": k, "cursor": None}, line=LINE_EPOCH,
                   status=None, status_tone=None)
        return index

    def tell_from(self, index: int, epoch: int) -> int:
        """The beats of pass ``epoch`` from plan index ``index``: up to its next update
        (explained or said), or all the rest of the pass (no update left, or many said
        together). Returns the next plan index."""
        rest = self.pass_beats(index, epoch)
        updates = [k for k, beat in enumerate(rest) if beat.kind == UPDATE]
        if not updates:
            story = self.story
            story.beat(f"The rest of pass {epoch}: no more mistakes.", "visits",
                       min_seconds=sum(b.run_time for b in rest),
                       steps=(rest[0].start, rest[-1].end),
                       **self.at(rest[-1].end), **self.after_visits(rest[-1]),
                       **self.named_numbers_leave())
            return index + len(rest)
        first = rest[updates[0]]
        lead = rest[:updates[0]]
        start = lead[0].start if lead else first.start
        if first.slow:
            self.explain_update(first, start)
        elif not self.brief and self.lesson.said_one_by_one(epoch, first.start):
            self.say_update(first, start)
        else:
            self.say_rest_of_pass(rest, epoch)
            return index + len(rest)
        return index + updates[0] + 1

    def explain_update(self, beat, start: int) -> None:
        """A slow update: the mistake, y·x tip to tail, then the update and the new y·score."""
        story, lesson, places = self.story, self.lesson, self.places
        k = beat.start
        i = int(self.steps["i"][k])
        label = float(self.data.y[i])
        score = float(self.steps["score"][k])
        rule = ", so θ will move by y⁽ⁱ⁾x⁽ⁱ⁾" if self.mistakes_told == 0 else ""
        self.mistakes_told += 1
        numbered = (sorted({*self.story.state["numbered"], i}) if self.numbers_points
                    else [])
        story.beat(f"Point {i + 1}, label {formatting.label(label)}: score "
                   f"{score_number(label * score, places)}, so y·score "
                   f"{score_number(score, places)} ≤ 0, a mistake{rule}.", "mistake",
                   steps=(start, k), **self.at(k, visiting=True), line=LINE_TEST,
                   **self.status("mistake"), numbered=numbered)
        # said of what the picture shows: y·x at the tip of θ, θ not moved yet
        if self.sums_told == 0:
            sentence = ("Tip to tail: y⁽ⁱ⁾x⁽ⁱ⁾ drawn from the tip of θ ends where the new θ "
                        "will be, the old θ plus y⁽ⁱ⁾x⁽ⁱ⁾.")
        else:
            sentence = "Again tip to tail: y⁽ⁱ⁾x⁽ⁱ⁾ from the tip of θ."
        before = int(self.states_after[k])
        from_zero = not np.any(self.thetas[before]) and self.theta0s[before] == 0
        if not from_zero and (self.tip_to_tail_updates is None
                              or self.sums_told < self.tip_to_tail_updates):
            self.sums_told += 1
            story.beat(sentence, "tip-to-tail", steps=(k, k), line=LINE_UPDATE)
        facts = lesson.explained_update(k)
        old, squared, new = facts.old_score, facts.squared_norm, facts.new_score
        n = lambda v: formatting.number(v, places)  # noqa: E731
        shown = lambda v: formatting.number(v, places, minus="-")  # noqa: E731
        plus_one = " + 1" if self.offset else ""
        equals, said_equals = ("=", "=") if lesson.sum_adds_up(k) else ("approx", "≈")
        status = (f"*after*: {SIGNED} of point {i + 1}: ${shown(old)} + {shown(squared)}"
                  f"{plus_one} {equals} {shown(new)}$")
        verdict = (f"> 0: point {i + 1} is on its side" if facts.corrects
                   else f"≤ 0: point {i + 1} is still a mistake")
        moved = ""
        if facts.first_boundary:  # said as it appears; why, over it
            side = "on its side" if facts.corrects else "still a mistake"
            verdict = ("> 0" if facts.corrects else "≤ 0") + "; the first boundary appears"
            moved = f"Point {i + 1} is {side}: from θ = 0, θ is now y⁽ⁱ⁾x⁽ⁱ⁾ itself."
        elif facts.first_turn:
            moved = ("θ₀ changed too: the line turned and shifted" if self.offset
                     else "The line turned about the origin")
        if facts.first_turn:
            moved += (", still perpendicular to θ." if moved else
                      "The boundary stays perpendicular to θ.")
        # the identity in symbols once, then its numbers only
        identity = f"{n(old)} + ‖x⁽ⁱ⁾‖²{plus_one} = " if not self.identities_told else ""
        self.identities_told += 1
        # the update's lines run in turn: with an offset it ends on θ₀'s, whose + 1 the
        # sentence adds
        story.beat(f"New {SIGNED}: {identity}{n(old)} + {n(squared)}{plus_one} {said_equals} "
                   f"{n(new)} {verdict}.", "update",
                   steps=(k, k + 1), **self.at(k + 1),
                   line=LINE_OFFSET_UPDATE if self.offset else LINE_UPDATE, status=status,
                   status_tone="text")
        if moved:  # what the update did to θ and its line, said as θ (and θ₀) light up
            # "θ₀ changed too": its line of the code lit, as the sentence is about it; else
            # θ's
            offset_said = facts.first_turn and not facts.first_boundary and self.offset
            story.beat(moved, "indicate-theta",
                       line=LINE_OFFSET_UPDATE if offset_said else LINE_UPDATE)

    def after_status(self, step: int) -> dict:
        """The status after the quick update at visit ``step`` (1-based): θ back at 0 (no
        boundary), the first boundary (from θ = 0 there was none to move), or moved."""
        if theta_is_zero_after(self.trace, step):
            return self.status("after-zero")
        if theta_is_zero_after(self.trace, step - 1):
            return self.status("after-first")
        return self.status("after")

    def say_update(self, beat, start: int) -> None:
        """An update said in one beat: the walk to the mistake, the mistake, the update."""
        k = beat.start
        i = int(self.steps["i"][k])
        score = float(self.steps["score"][k])
        new = float(self.scores_after[k])
        places = self.places
        still = "" if new > 0 else ", still ≤ 0"
        # the update that brings θ back to 0 says so: the picture loses its boundary
        zero = ", and θ = 0: no boundary" if theta_is_zero_after(self.trace, k + 1) else ""
        self.story.beat(f"Update {beat.update_number}: point {i + 1}, y·score from "
                        f"{score_number(score, places)} to {score_number(new, places)}{still}"
                        f"{zero}.",
                        "mistake-update", steps=(start, k + 1), **self.at(k + 1),
                        line=LINE_UPDATE, **self.after_status(k + 1))

    def say_rest_of_pass(self, rest, epoch: int) -> None:
        """Many updates left in the pass: played together under one sentence with their
        count, up to the pass's end or a fast-forward."""
        start, end = rest[0].start, rest[-1].end
        mistakes = int(np.count_nonzero(self.steps["mistake"][start:end]))
        pass_start = int(np.searchsorted(self.epoch_of, epoch, side="left"))
        pass_end = int(np.searchsorted(self.epoch_of, epoch, side="right"))
        told = int(np.count_nonzero(self.steps["mistake"][pass_start:start]))
        if self.brief and start == pass_start:  # the pass announced by this beat
            counted = (f"{formatting.count(mistakes, 'mistake')}, so "
                       f"{formatting.count(mistakes, 'update')}")
            sentence = (f"Pass {epoch}, played quickly: {counted}." if end >= pass_end else
                        f"Pass {epoch} begins, played quickly: {counted}.")
            if not self.offset and not self.told_turning:
                self.told_turning = True
                sentence += " The line always passes through the origin: an update turns it."
        elif not told:  # none of the pass's updates said yet: "more" would count from nothing
            whole = "all of pass" if end >= pass_end else "pass"
            sentence = (f"Played quickly, {whole} {epoch}: "
                        f"{formatting.count(mistakes, 'update')}.")
        elif end < pass_end:
            sentence = f"Pass {epoch} goes on, faster: {formatting.count(mistakes, 'more update')}."
        else:
            sentence = f"The rest of pass {epoch}, faster: {formatting.count(mistakes, 'more update')}."
        last = rest[-1]
        ending = ({"line": LINE_UPDATE, **self.after_status(last.end)} if last.kind == UPDATE
                  else self.after_visits(last))
        played = sum(beat_time(b) for b in rest)
        # told briefly, or too long to play under its few words, a pass is swept through as
        # a fast-forward is, in the time its sentence takes: nothing moves long after the
        # voice has said what it is
        swept = self.brief or played > MAX_PLAYED_UNDER_A_SENTENCE
        motion, seconds = (("pass-quickly", min(played, RUN_BRIEF_PASS)) if swept
                           else ("visits", played))
        self.story.beat(sentence, motion, steps=(start, end), min_seconds=seconds,
                        **self.at(end), **ending, **self.named_numbers_leave())

    def fast_forward(self, beat) -> None:
        span = self.lesson.fast_forward
        before = int(self.states_after[beat.start])
        self.story.section("fast-forward", "Fast forward")
        self.story.beat(f"Fast forward over {passes_words(span.first_pass, span.last_pass)}"
                        f"{f' ({span.passes} passes)' if span.passes > 2 else ''}: "
                        f"{formatting.count(span.updates, 'update')}, so "
                        f"M goes from {before} to {before + span.updates}.", "fast-forward",
                        min_seconds=beat.run_time, steps=(beat.start, beat.end),
                        **self.at(beat.end), line=LINE_UPDATE, **self.status("fast"),
                        **self.named_numbers_leave())

    def conclude(self) -> None:
        story, lesson, result = self.story, self.lesson, self.trace.result
        story.section("result", "The result")
        updates = formatting.count(result["updates"], "update")
        passes = formatting.count(result["epochs"], "pass", "passes")
        if lesson.converged:
            sentence = f"Converged: {updates} in {passes}; the last pass made no update."
            shown = f"Converged: {updates} in {passes}; the last pass made no update"
            tone, line = "correct", BREAK_LINE[self.offset]
        else:
            sentence = (f"Stopped after {updates} in {passes}, the budget τ = {lesson.budget}, "
                        f"without converging.")
            shown = f"Stopped at the budget $tau = {lesson.budget}$: not converged"
            tone, line = "mistake", LINE_EPOCH
        story.beat(sentence, "result", cursor=None, line=line, status=shown, status_tone=tone)
        if lesson.stopped_by_budget:
            self.say_how_far_the_run_got()
        self.show_points_near_the_line()

    def say_how_far_the_run_got(self) -> None:
        """The budget ended first: the data is separable all the same."""
        lesson, n = self.lesson, self.data.n_samples
        wrong = lesson.final_mistakes
        how = "with an offset" if self.offset else "through the origin"
        note = [f"{wrong} of {n} still wrong; separable all the same (an exact test)",
                "highlight"]
        self.story.beat(f"Its last θ still gets {formatting.count(wrong, 'point')} of {n} wrong. "
                        f"Yet a line {how} separates these points (an exact test finds one), "
                        f"so the perceptron does converge on them: after more than the "
                        f"{lesson.budget} passes this scene allows.", "note",
                        notes=[*self.story.state["notes"], note])
        self.say_why_the_run_is_long()

    def say_why_the_run_is_long(self) -> None:
        """Why the budget ended first, in the theorem's terms: (R/γ)² on these units (more
        than τ updates, or the run would have converged), and what standardising makes of
        it when that is smaller."""
        from ..theory import mistake_bound, proof_space, radius
        from .proof import bound_number, bound_words, standardized_bound

        points, star = proof_space(self.data, self.offset)
        bound = bound_number(mistake_bound(radius(points), star.gamma))
        self.story.beat(f"Why so long: the theorem allows up to (R/γ)² = "
                        f"{bound_words(self.data, self.offset)} updates here.", "note",
                        notes=[*self.story.state["notes"], [f"(R/γ)² = {bound}", "text"]])
        scaled = standardized_bound(self.data, self.offset)
        if scaled is not None:
            said = bound_number(scaled)
            self.story.beat(f"On one scale, with --standardize, (R/γ)² is {said}.", "note",
                            notes=[*self.story.state["notes"],
                                   [f"on one scale (standardised), (R/γ)² is {said}",
                                    "highlight"]])

    def show_points_near_the_line(self) -> None:
        """Points that only look on the line at this size: the closest ringed, its distance
        said."""
        lesson, places = self.lesson, self.places
        near = lesson.near_line
        if not near:
            return
        closest = lesson.closest_to_line
        distance = formatting.number(closest.distance, max(
            places, formatting.significant_places(closest.distance)))
        score = formatting.number(closest.signed_score, places)
        if len(near) == 1:
            side = (f"on its own side (y·score {score} > 0)" if closest.signed_score > 0
                    else f"on the wrong side (y·score {score} ≤ 0), a mistake")
            sentence = (f"Point {closest.index + 1} (ringed) only looks on the line at this "
                        f"size: it is {distance} from it, {side}.")
        else:
            wrong = sum(p.signed_score <= 0 for p in near)
            sides = ("all on their own side (every y·score > 0)" if lesson.near_line_all_correct
                     else f"{wrong} of them on the wrong side (y·score ≤ 0)")
            within = formatting.number(lesson.near_line_distance, max(
                places, formatting.significant_places(lesson.near_line_distance)))
            sentence = (f"{len(near)} points lie within {within} of the line and only look on "
                        f"it at this size, {sides}; the closest, point {closest.index + 1} "
                        f"(ringed), is {distance} from it (y·score {score}).")
        note = [f"ringed: {distance} from the line (the closest), "
                + ("on its own side" if closest.signed_score > 0 else "a mistake"), "highlight"]
        # the panel shows the ringed point, whose y·score the sentence says
        self.story.beat(sentence, "note", ring=closest.index, i=closest.index + 1,
                        score=closest.signed_score, notes=[*self.story.state["notes"], note])


def passes_words(first: int, last: int) -> str:
    """Passes ``first``..``last`` in words: "pass 2", "passes 2 and 3", "passes 2 to 9"."""
    if first == last:
        return f"pass {first}"
    return f"passes {first} {'and' if last == first + 1 else 'to'} {last}"


def telling_plan(telling) -> list:
    """The plan of the run a telling tells (:func:`linviz.pacing.plan_perceptron` with its
    skip and slow updates); the scene plays the same plan."""
    return plan_perceptron(telling.steps["mistake"], telling.epoch_of,
                           slow_updates=telling.slow_updates, skip=telling.plan_skip())


def beat_time(beat) -> float:
    """How long a plan beat plays when its update is not explained (the mistake's pulse and
    the update: 1.5 of its run time)."""
    return 1.5 * beat.run_time if beat.kind == UPDATE else beat.run_time


def perceptron_storyboard(lesson: PerceptronLesson, scene: str | None = None,
                          heard=()) -> Storyboard:
    """The storyboard of the perceptron scenes for ``lesson`` (see the module's docstring),
    told after the scenes ``heard`` (:mod:`linviz.lessons.heard`)."""
    scene = scene or ("perceptron" if lesson.offset else "perceptron-origin")
    return _Telling(lesson, scene, heard).tell()


def storyboard_of_perceptron(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `perceptron` on ``data`` (or a saved ``trace`` of it)."""
    return perceptron_storyboard(perceptron_lesson(data, offset=True, trace=trace),
                                 "perceptron", heard)


def storyboard_of_perceptron_origin(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `perceptron-origin` on ``data`` (or a saved ``trace``)."""
    return perceptron_storyboard(perceptron_lesson(data, offset=False, trace=trace,
                                                   scene="perceptron-origin"),
                                 "perceptron-origin", heard)
