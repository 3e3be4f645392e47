"""The storyboard of the scene `xor`: the perceptron on XOR data, told as the perceptron
scenes tell a run (:mod:`linviz.lessons.perceptron_story`) but briefly (the mechanism was
said in full there), then why it never settles (the cycle), the lift by x₁x₂, the
perceptron on the lifted points, and its plane seen back in the data's plane.

The state adds to the perceptron's:

- ``stage``: what the right half shows: "run" (the pseudocode and the counters),
  "cycle" (the panel of the cycle, the run's lines drawn together when ``ghosts``),
  "space" (the lifted points in 3-D); ``cycle_rows``: the parts of the cycle's panel
  shown ("passes": the state at each pass's start and the mistakes per pass; "repeat":
  the period; "errors": the training error along it; "best": the best line's);
- ``lift`` (0: the points at height 0, 1: at height x₁x₂) and ``view`` (the 3-D view's
  turn, in steps of the scene's turn: 0, 1 or −1);
- ``lifted_step``, ``lifted_M``, ``lifted_theta``, ``lifted_theta0``: the lifted run after
  that many visits, as its row of values shows it;
- ``curve``: the lifted plane's curve drawn in the data's plane (from the sentence that
  names it on);
- ``shade``: the + side of the lifted plane's curve shaded in the data's plane.
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..pacing import RUN_SLOW_UPDATE, plan_perceptron
from ..storyboard import HOLD, Storyboard
from .perceptron import UPDATES_SAID_ONE_BY_ONE
from .perceptron_story import LINE_EPOCH, LINE_UPDATE, _Telling, beat_time, passes_words
from .xor import XorLesson, xor_lesson

#: the data the scene tells when none is given
DEFAULT_DATA = {"xor": "xor"}

#: the terms of the lifted boundary θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀, in Typst math
LIFTED_TERMS = ("x_1", "x_2", "x_1 x_2", "")

#: the status lines under the 3-D view (Typst markup)
LIFT_STATUS = "add the feature $x_3 = x_1 x_2$: each point rises to its product"
PLANE_STATUS = "the perceptron on $[x_1, x_2, x_1 x_2]$: its boundary is a plane"


def lifted_done_status(lesson: XorLesson) -> tuple[str, str]:
    """The status line at the lifted run's end (markup, tone)."""
    result = lesson.lifted_trace.result
    separates = lesson.lifted_separates
    verdict = "converged" if result["converged"] else "did not converge"
    markup = (f"{verdict}: {formatting.count(result['updates'], 'update')} in "
              f"{formatting.count(result['epochs'], 'pass', 'passes')}; the plane "
              f"{'separates' if separates else 'does not separate'} all "
              f"{lesson.data.n_samples}")
    return markup, "correct" if separates else "mistake"


def curve_status(lesson: XorLesson) -> str:
    """The status line of the lifted plane seen in the data's plane (markup)."""
    result = lesson.lifted_trace.result
    equation = formatting.combination_markup([*result["theta"], float(result["theta0"])],
                                          LIFTED_TERMS)
    return f"in the plane of the data: ${equation} = 0$ \\ {lesson.final_curve_kind}"


def cycle_error_words(lesson: XorLesson) -> str:
    """The training errors along the cycle, read out (a few) or as their range."""
    errors = lesson.cycle_errors
    if lesson.errors_listed:
        return ", ".join(formatting.number(e) for e in errors)
    low, high = float(np.min(errors)), float(np.max(errors))
    return (f"between {formatting.number(low)} and {formatting.number(high)}, over "
            f"{len(errors)} states")


def best_line_parts(lesson: XorLesson) -> tuple[str, str]:
    """Never below the run's least error; and why: no line gets every point right (the best
    line's count beside it)."""
    n, line = lesson.data.n_samples, lesson.best_line
    best_line = (f"the best line also gets {line.mistakes} wrong"
                 if lesson.run_reaches_best_line else f"the best line gets {line.mistakes} wrong")
    return (f"never below {formatting.number(lesson.least_error_of_run)}",
            f"no line gets all {n} right; {best_line}")


def best_line_words(lesson: XorLesson) -> str:
    """:func:`best_line_parts` in one line (the cycle panel's row)."""
    return ": ".join(best_line_parts(lesson))


class _XorTelling(_Telling):
    numbers_points = True
    #: the perceptron scene explained the update; here every update is a beat of its own
    slow_updates = 0

    def __init__(self, xor: XorLesson, scene: str = "xor", heard=()) -> None:
        self.xor = xor
        #: the curves named in full so far (see curve_words)
        self.curves_named: set[str] = set()
        super().__init__(xor.run, scene, heard)

    def extra_state(self) -> dict:
        return {"stage": "run", "cycle_rows": [], "ghosts": False, "lift": 0.0, "view": 0,
                "lifted_step": 0,
                "lifted_M": 0, "lifted_theta": [0.0, 0.0, 0.0], "lifted_theta0": 0.0,
                "curve": False, "shade": False, "on_plane": []}

    def plan_skip(self) -> tuple[int, int] | None:
        """From the pass that starts where an earlier one did, the run repeats: one
        fast-forward to its end (else the lesson's fast-forward)."""
        repeat = self.xor.repeat_from_pass
        if repeat is None:
            return super().plan_skip()
        return (repeat - 1) * self.data.n_samples, self.trace.n_steps

    # -- the data ----------------------------------------------------------------
    def introduce(self) -> None:
        story, n = self.story, self.data.n_samples
        # told in full, the counters come with the sentence that explains them
        self.show_the_data(counters=self.brief)
        if n == 4:
            said = ("These four corners are XOR: the label is +1 exactly where x₁ and x₂ "
                    "differ in sign. Minsky and Papert (1969): no line separates them.")
        else:
            said = (f"These {n} points lie in clouds around the four XOR corners, labelled "
                    f"+1 around the corners where x₁ and x₂ differ in sign: no line separates "
                    f"them.")
        # the rule on screen while it is said
        story.beat(said, "describe-data", status="label +1 where x₁x₂ < 0: x₁ and x₂ differ "
                   "in sign", status_tone="highlight")
        same = "The same perceptron as before" if self.brief else "The perceptron"
        story.beat(f"{same}, from θ = 0 and θ₀ = 0: every score is 0, so the first point "
                   f"visited is a mistake.", "show", **self.at_the_start())
        self.explain_counters()

    # -- the run -----------------------------------------------------------------
    def after_status(self, step: int) -> dict:
        """θ = 0 again (no boundary to have moved), the point still a mistake (≤ 0): what
        the lesson's predicates say of the update at visit ``step``."""
        zero = self.xor.theta_zero_after_step(step)
        still = self.xor.still_mistake_after_step(step)
        if not zero and not still:
            return super().after_status(step)
        i = int(self.steps["i"][step - 1]) + 1
        moved = "$theta = 0$, no boundary" if zero else "the boundary moved"
        mistake = f"; point {i} still a mistake ($<= 0$)" if still else ""
        return {"status": f"*after*: {moved}{mistake}", "status_tone": "text"}

    def fast_forward(self, beat) -> None:
        repeat = self.xor.repeat_from_pass
        if repeat is None or beat.start != (repeat - 1) * self.data.n_samples:
            super().fast_forward(beat)
            return
        xor, story = self.xor, self.story
        cycle = xor.cycle
        first, period = int(cycle["start_epoch"]), int(cycle["period_epochs"])
        last = int(self.epoch_of[-1])
        start = int(xor.epoch_states[repeat - 1])
        story.section("fast-forward", "The run repeats")
        if xor.zero_reason(start) == "cancelled":
            story.beat(f"The {formatting.count(start, 'update')} of "
                       f"{passes_words(1, repeat - 1)} added up to θ = 0, so pass {repeat} "
                       f"starts where pass 1 did.", "indicate-theta")
        else:
            story.beat(f"θ and θ₀ are back where they were when pass {first} started.",
                       "indicate-theta")
        before = int(self.states_after[beat.start])
        updates = int(self.states_after[beat.end]) - before
        repeated = passes_words(first, first + period - 1)
        verb = "repeats" if last == repeat else "repeat"
        story.beat(f"So {passes_words(repeat, last)} {verb} {repeated} update for update: "
                   f"{formatting.count(updates, 'more update')}, and M goes from {before} to "
                   f"{before + updates}.", "fast-forward", min_seconds=beat.run_time,
                   steps=(beat.start, beat.end), **self.at(beat.end), line=LINE_UPDATE,
                   **self.status("fast"), **self.named_numbers_leave())

    # -- the end -----------------------------------------------------------------
    def conclude(self) -> None:
        story, result = self.story, self.trace.result
        story.section("result", "The result")
        updates = formatting.count(result["updates"], "update")
        # no line separates XOR data: no pass is free of mistakes, the loop never breaks
        story.beat(f"Stopped at the budget τ = {result['epochs']} after {updates}: every pass "
                   f"made a mistake, so the loop never breaks.", "result", cursor=None,
                   line=LINE_EPOCH, status=f"Stopped at $tau = {result['epochs']}$ passes: "
                   f"not converged", status_tone="mistake")
        self.show_cycle()
        self.lift()
        self.play_lifted_run()
        self.back_in_the_plane()

    def show_cycle(self) -> None:
        story, xor = self.story, self.xor
        story.section("cycle", "The perceptron never settles")
        counts = ", ".join(str(int(m)) for m in xor.epoch_updates)
        story.beat(f"Mistakes per pass: {counts}. They never reach 0.", "cycle-panel",
                   stage="cycle", status=None, status_tone=None, cycle_rows=["passes"])
        if xor.cycle_lines_tagged:
            tags = ", ".join(str(j) for j in xor.cycle_lines)
            of = "a pass" if int(xor.cycle["period_epochs"]) == 1 else "the cycle"
            sentence = (f"Lines {tags}: the boundary after that many updates of {of}. It "
                        f"turns and never stays.")
        else:
            sentence = ("The boundaries of the run, drawn together, the older ones fainter: "
                        "it turns and never stays.")
        story.beat(sentence, "ghosts", ghosts=True)
        if xor.has_cycle:
            period = int(xor.cycle["period_epochs"])
            every = "Every pass" if period == 1 else f"Every {period} passes"
            story.beat(f"{every} the run comes back to the same θ, θ₀: it repeats every "
                       f"{xor.cycle['updates_per_period']} updates, forever.", "cycle-states",
                       cycle_rows=[*story.state["cycle_rows"], "repeat"])
        # the panel's row shows the errors and the least: said with them; the reason after
        never, reason = best_line_parts(xor)
        story.beat(f"The training error {xor.along} goes {cycle_error_words(xor)}, {never}.",
                   "cycle-errors", cycle_rows=[*story.state["cycle_rows"], "errors"])
        story.beat(formatting.sentence(f"{reason}."), "cycle-best",
                   cycle_rows=[*story.state["cycle_rows"], "best"])

    def lift(self) -> None:
        story, xor = self.story, self.xor
        story.section("lift", "Lifting with the product feature")
        story.beat("Add a third feature, the product x₁x₂, and lift each point to that "
                   "height.", "lift", stage="space", ghosts=False, cycle_rows=[], lift=1.0,
                   status=LIFT_STATUS, status_tone="text")
        across = xor.lifted_product_signs
        if across == 0:
            sentence = ("The + points, where x₁x₂ < 0, go down; the − points go up: the two "
                        "classes now lie at different heights.")
        else:
            sentence = (f"Most + points have x₁x₂ < 0 and go down, most − points go up; "
                        f"{formatting.count(across, 'point')} lie across an axis from their "
                        f"corner.")
        story.beat(sentence, "turn", view=1)

    def play_lifted_run(self) -> None:
        story, xor = self.story, self.xor
        trace = xor.lifted_trace
        story.section("lifted-perceptron", "The perceptron on lifted points")
        story.beat("The same perceptron on the lifted points [x₁, x₂, x₁x₂], from θ = 0: no "
                   "plane yet.", "lifted-intro", status=PLANE_STATUS, status_tone="text")
        plan = plan_perceptron(trace.steps["mistake"], trace.steps["epoch"], slow_updates=0,
                               skip=None)
        done, on_plane_said = 0, False
        def curve(update) -> str:
            return self.curve_words(update.curve)

        for update in xor.lifted_updates:
            if update.number > UPDATES_SAID_ONE_BY_ONE:
                break
            k = int(np.flatnonzero(trace.steps["mistake"])[update.number - 1])
            visits = sum(beat_time(b) for b in plan if done <= b.start and b.end <= k)
            places = update.places  # whole numbers on the XOR corners
            if update.number == 1:
                story.beat(f"Update 1: θ = {formatting.vector(update.theta, places)}, θ₀ = "
                           f"{formatting.number(update.theta0, places)}: the first plane, on the "
                           f"right; each drop takes the colour of its side.", "lifted-update",
                           steps=(done, k + 1), min_seconds=visits + RUN_SLOW_UPDATE,
                           **self.lifted_at(k + 1))
                story.beat(f"On the left, where that plane meets the data's plane: "
                           f"{curve(update)}.", "indicate-curve", curve=True)
            else:
                # θ and θ₀ in the row of values; said, the picture's change
                story.beat(f"Update {update.number}: on the left, {curve(update)}.",
                           "lifted-update", steps=(done, k + 1),
                           min_seconds=visits + RUN_SLOW_UPDATE, **self.lifted_at(k + 1))
            done = k + 1
            if update.on_plane and not on_plane_said:
                on_plane_said = True
                story.beat(on_plane_sentence(update), "on-plane",
                           on_plane=[int(j) for j in update.on_plane])
        result = trace.result
        end = trace.n_steps
        rest = sum(beat_time(b) for b in plan if done <= b.start)
        more = int(result["updates"]) - story.state["lifted_M"]
        said = (f"{formatting.count(more, 'more update')}, then " if more else "")
        done_status, tone = lifted_done_status(xor)
        passes = formatting.count(result["epochs"], "pass", "passes")
        if result["converged"]:
            sides = xor.plane_sides
            where = ("The − points lie above the plane, the + points below."
                     if sides == (True, True)
                     else "Every drop has the colour of its own point: all on their side.")
            sentence = formatting.sentence(f"{said}a pass without a mistake: converged, "
                        f"{formatting.count(result['updates'], 'update')} in {passes}. {where}")
        else:
            sentence = (f"Not converged after {passes}: even lifted, these points are not "
                        f"separable.")
        story.beat(sentence, "lifted-result", steps=(done, end), min_seconds=rest,
                   **self.lifted_at(end), status=done_status, status_tone=tone, view=-1)

    def curve_words(self, kind: str) -> str:
        """A curve's kind, named in full once ("two crossing lines (a degenerate
        hyperbola)"), then briefly ("two crossing lines")."""
        said = kind if kind not in self.curves_named else kind.split(" (")[0]
        self.curves_named.add(kind)
        return said

    def lifted_at(self, step: int) -> dict:
        """The lifted run's row of values after ``step`` visits."""
        trace = self.xor.lifted_trace
        state = int(np.count_nonzero(trace.steps["mistake"][:step]))
        return {"lifted_step": step, "lifted_M": state, "on_plane": [],
                "lifted_theta": [float(v) for v in trace.states["theta"][state]],
                "lifted_theta0": float(trace.states["theta0"][state])}

    def back_in_the_plane(self) -> None:
        story, xor = self.story, self.xor
        story.section("back-in-2d", "Back in the plane")
        verdict = ("It separates XOR." if xor.lifted_separates else
                   "It does not separate every point.")
        story.beat(f"In the data plane, that plane is θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0: here "
                   f"{self.curve_words(xor.final_curve_kind)}, its + side shaded.", "shade",
                   shade=True,
                   status=curve_status(xor), status_tone="text")
        story.beat(verdict, HOLD)
        story.beat("Separable in a lifted space: the idea kernels build on.", "turn", view=0)


def on_plane_sentence(update) -> str:
    """The points on the plane after ``update`` (score 0), said once: a score ≤ 0 is a
    mistake, so they are updated next (the lesson's count of the updates that follow, each
    at a point on the plane before it)."""
    numbers = [str(j + 1) for j in update.on_plane]
    points = (f"Point {numbers[0]} lies" if len(numbers) == 1 else
              f"Points {', '.join(numbers[:-1])} and {numbers[-1]} lie")
    said = f"{points} on the plane: y·score 0, and a y·score ≤ 0 counts as a mistake"
    following = update.zero_score_updates_next
    if following == 1:
        said += f", so update {update.number + 1} follows"
    elif following > 1:
        said += f", which is why updates {update.number + 1}–{update.number + following} follow"
    return said + "."


def xor_storyboard(xor: XorLesson, scene: str = "xor", heard=()) -> Storyboard:
    """The storyboard of the scene `xor` for its lesson ``xor``, told after the scenes
    ``heard`` (:mod:`linviz.lessons.heard`)."""
    return _XorTelling(xor, scene, heard).tell()


def storyboard_of_xor(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `xor` on ``data`` (it makes its own runs: no trace)."""
    return xor_storyboard(xor_lesson(data), heard=heard)
