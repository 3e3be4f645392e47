"""The storyboard of the scene `logistic`: the sigmoid in place of the perceptron's step,
the probabilities over the plane, the logistic loss, gradient descent on it, and the
perceptron beside it (see :mod:`linviz.storyboard` for the one rule of time).

The state
---------
``status`` (the status line's key), ``plot`` (the plot in the right column: None,
"sigmoid", "margin"), ``curve`` (on the sigmoid's plot: "step" or "sigmoid"),
``formulas`` (the formulas shown: "p", "neg", "loss", "risk", "step"), ``field`` (the
probability field and the boundary drawn), ``rings`` (each point's loss as a ring),
``worst`` (the number of the point that pays most shown), ``loss_curve`` (the run's loss
curve and its live values shown), ``gradient`` (‖∇L‖ among them: from the sentence
that says it on), ``t`` (the step of the run the picture shows),
``level`` (the least loss L* drawn dashed on the loss curve), ``optimum`` (the least
loss's boundary drawn), ``perceptron`` (the
perceptron's replayed boundary drawn), ``perceptron_notes`` (its notes shown, such as
"the boundary lies outside this view": only once a sentence says where it ended) and ``key`` (the comparison's rows shown: 0; 1, the
perceptron's; 2, logistic regression's too, with L* when the run stopped short of it).
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..storyboard import Storyboard, StoryWriter
from ..view_box import fitted_box
from .logistic import (AT_MINIMUM, DEFAULT_DATA, MARGIN_RANGE, LogisticLesson,  # noqa: F401
                       logistic_lesson)


def step_size_sentence(lesson: LogisticLesson) -> str:
    """How η was chosen, and what the curvature bound β promises for it."""
    eta, bound = formatting.significant(lesson.step_size), formatting.significant(lesson.curvature_bound)
    inverse = formatting.significant(1 / lesson.curvature_bound)
    curvature = f"β = {bound} bounds the loss's curvature"
    if lesson.step_from_data:
        return (f"η = 1/β = {eta}: β = {bound} bounds the loss's curvature, so every step "
                f"lowers the loss")
    if lesson.step_guaranteed:
        return (f"step size η = {eta}, at most 1/β = {inverse} ({curvature}): every step lowers "
                f"the loss")
    if lesson.step_above_limit:
        return (f"step size η = {eta}, set by hand, at least 2/β = "
                f"{formatting.significant(lesson.stable_limit)} ({curvature}): nothing promises "
                f"that a step lowers the loss")
    return (f"step size η = {eta}, set by hand, above 1/β = {inverse} ({curvature}): a step "
            f"may overshoot")


def run_length_sentence(lesson: LogisticLesson) -> str:
    """How long the run goes: to the tolerance within the budget, or its fixed steps."""
    if not lesson.runs_to_tolerance:
        return f"It takes {lesson.steps} steps."
    return (f"It runs until L is within {formatting.number(lesson.tolerance, 4)} of the least "
            f"loss L* (dashed, found by Newton's method): at least {lesson.min_steps} steps, "
            f"at most {formatting.grouped(lesson.budget, 0)}.")


def run_sentence(lesson: LogisticLesson) -> str:
    """What the fast-forwarded steps do, by the loss's behaviour."""
    if lesson.loss_stationary:
        return ("nothing moves: on this data the gradient at θ = 0, θ₀ = 0 is exactly 0, so θ "
                "stays there, P stays 1/2 everywhere and L stays at log 2")
    if lesson.loss_decreasing:
        return "the boundary turns, the field changes with it, and the loss falls at every step"
    rising = f"{lesson.rising_steps} of the {lesson.steps} steps"
    if lesson.oscillating:
        return (f"the loss rises at {rising} and falls at the others: η is too large, the steps "
                f"overshoot the valley and the boundary swings back and forth")
    return (f"the loss rises at {rising} and ends above where it started: η is too large, the "
            f"steps overshoot the valley")


def fast_forward_end(lesson: LogisticLesson) -> str:
    """Where the fast-forward stops: at the tolerance, or at the end of the budget."""
    if not lesson.runs_to_tolerance or not lesson.ran_past_min_steps:
        return ""
    if lesson.within_tolerance:
        return f", until L is within {formatting.number(lesson.tolerance, 4)} of the least loss"
    return f", to the end of the budget of {formatting.grouped(lesson.budget, 0)}"


def why_unfinished(lesson: LogisticLesson) -> list[tuple[str, str]]:
    """(sentence, status) beats saying why the budget ended first and what to do."""
    beats = []
    if lesson.budget_ended and lesson.ill_conditioned:
        beats.append((f"Why: the loss's bowl is ill-conditioned. At its minimum it is "
                      f"{formatting.ratio(lesson.curvature_condition)} times more curved one way "
                      f"than another (λ_max/λ_min of its Hessian).", "ill"))
        advice = (" Standardized features make the bowl round."
                  if lesson.standardizing_helps else "")
        beats.append((f"Steps of 1/β, small enough for the steep way, crawl along the flat way: "
                      f"near the minimum each removes only about 1/"
                      f"{formatting.ratio(lesson.steps_per_factor_e)} of the error left along it."
                      f"{advice}", "advice" if advice else "ill"))
    return beats


def verdict(lesson: LogisticLesson) -> str:
    """The end of the run against the minimum L* (found by Newton's method)."""
    best = formatting.number(lesson.optimum_loss, 3)
    if lesson.converged and lesson.at_minimum:
        said = "converged, at the global minimum L*"
    elif lesson.at_minimum:
        # within half a unit of the third place: said as that, not "equal to three places"
        # (0.1505 and 0.1504 print as 0.151 and 0.150, review 58)
        said = (f"still moving, but L is already within "
                f"{formatting.number(AT_MINIMUM, 4)} of the minimum L* = {best}")
    elif lesson.budget_ended:
        said = (f"the budget has ended {formatting.number(lesson.gap_to_minimum, 3)} above the "
                f"minimum L* = {best} (found by Newton's method): this boundary is not yet the "
                f"best one")
    elif lesson.loss_decreasing:
        said = f"still {formatting.number(lesson.gap_to_minimum, 3)} above the minimum L* = {best}"
    else:
        said = (f"still far from the minimum L* = {best}: with a step at most 1/β = "
                f"{formatting.significant(1 / lesson.curvature_bound)} every step would lower the "
                f"loss")
    if lesson.best_near_coin:
        said += (f"; even the best line barely beats P = 1/2 here: L* is close to log 2 = "
                 f"{formatting.number(np.log(2), 3)}")
    elif lesson.ends_near_coin:
        said += "; L is still barely below log 2"
    elif lesson.ends_above_coin:
        said += "; L is above log 2, worse than P = 1/2 everywhere"
    return said


def replayed_perceptron_start(lesson: LogisticLesson) -> int:
    """The perceptron's visits replayed: its last two passes (from this step)."""
    return max(0, lesson.perceptron.n_steps - 2 * lesson.data.n_samples)


def logistic_storyboard(lesson: LogisticLesson, scene: str = "logistic") -> Storyboard:
    """Every beat of the scene `logistic` for ``lesson`` (see the module's docstring)."""
    data, trace = lesson.data, lesson.trace
    n, T = data.n_samples, trace.n_steps
    # "in this view": the plane's view of the data (the box every scene's plane shows)
    corners = fitted_box(data.X).corners
    story = StoryWriter(scene, status=None, plot=None, curve=None, formulas=[], field=False,
                        rings=False, worst=False, loss_curve=False, t=T, level=False, optimum=False,
                        perceptron=False, perceptron_notes=False, key=0, gradient=False)

    story.section("sigmoid", "The sigmoid")
    if lesson.flipped:
        story.beat(f"{n} points, {len(lesson.flipped)} with flipped labels (in squares): no line "
                   f"separates them, so a hard ±1 answer is wrong somewhere.",
                   "intro", status="flipped")
    else:
        story.beat(f"{n} points that no line separates: a hard ±1 answer has to be wrong "
                   f"somewhere.", "intro")
    story.beat("The perceptron answers with a step, h(x) = [z > 0]: all or nothing, certain "
               "everywhere, even right next to the boundary.", "step", status="step", plot="sigmoid",
               curve="step")
    story.beat("The sigmoid σ(z) = 1/(1 + e^(−z)) squashes the score into (0, 1): a probability "
               "for the label +1.", "sigmoid", status="sigmoid", curve="sigmoid",
               formulas=["p"])
    story.beat("The label −1 gets the rest, 1 − σ(z) = σ(−z): for either label, P(y | x) = "
               "σ(y z).", "formula-neg", formulas=["p", "neg"])

    story.section("field", "Probabilities over the plane")
    how = ("certain far from the line, unsure near it" if lesson.certain_in(corners)
           else f"never far from 1/2 here: at most "
                f"{formatting.number(lesson.most_certain_in(corners))} in this view")
    found = ("gradient descent will find" if lesson.at_minimum else
             f"at which gradient descent will stop after {formatting.grouped(T, 0)} steps (short "
             f"of the least loss, as we will see)")
    story.beat(f"With the θ and θ₀ {found}, the shade is P(y = +1 | x): {how}.", "field", status="field", plot=None, curve=None,
               field=True)

    story.section("loss", "The logistic loss")
    worst = lesson.worst_point
    flipped = " (a flipped label)" if lesson.worst_is_flipped else ""
    story.beat(f"Each point pays ℓ = −log P(y | x): little on its side with room, most deep on "
               f"the wrong side: point {worst + 1}{flipped} pays "
               f"{formatting.number(lesson.final_point_losses[worst])}.", "rings",
               status="loss", formulas=["p", "neg", "loss", "risk"], rings=True, worst=True)
    shown = len(lesson.margin_points)
    which = ("every point" if shown == n
             else f"the {shown} points with |y z| ≤ {formatting.number(MARGIN_RANGE, 0)}")
    story.beat(f"Against the margin y z: the 0-1 loss jumps from 1 to 0 at 0; the logistic "
               f"loss falls smoothly through log 2, and is convex. Dots: {which}.",
               "margin-plot", status="margin", plot="margin", worst=False)

    story.section("descent", "Gradient descent")
    losses = trace.states["loss"]
    # the run is wound back to θ = 0 as the descent is introduced: its curve then grows
    # step by step from log 2 (the end of the run is shown when the run gets there)
    story.beat(f"Gradient descent from θ = 0, {step_size_sentence(lesson)}.",
               "update-rule", status="eta", plot=None, formulas=["loss", "risk", "step"], t=0)
    story.beat(f"At θ = 0, P = 1/2 everywhere and every point pays log 2 = "
               f"{formatting.number(losses[0], 3)}: the loss curve starts there.",
               "loss-curve", status="start", loss_curve=True)
    story.beat(run_length_sentence(lesson), "level", status="plan",
               level=lesson.runs_to_tolerance)
    story.beat("In the gradient (lit), each point pulls θ toward y x, weighted by σ(−y z), "
               "its probability of the wrong label; at θ = 0, 1/2 each.",
               "indicate-gradient", status="descent")
    slow = lesson.slow_steps
    path = " → ".join(formatting.number(v, 3) for v in losses[:slow + 1])
    first = (f"Step 1: gradient norm {formatting.number(trace.steps['grad_norm'][0], 3)}; the "
             f"loss goes {path}")
    story.beat(first + (f" in the first {slow} steps." if slow > 1 else "."), "slow-steps",
               t=slow, gradient=True)
    if lesson.fast_steps:
        story.beat(f"Then the other {formatting.grouped(lesson.fast_steps, 0)} steps"
                   f"{fast_forward_end(lesson)}: {run_sentence(lesson)}.", "fast-steps", t=T)
    differs = not lesson.at_minimum and lesson.optimum_differs_in(corners)
    story.beat(f"After {formatting.grouped(T, 0)} steps, ‖∇L‖ = "
               f"{formatting.nonzero_number(lesson.final_gradient, 4)} and L = "
               f"{formatting.number(lesson.final_loss, 3)}: {verdict(lesson)}.", "verdict",
               status="end")
    if differs:
        story.beat(f"In green, the boundary of the least loss: it and the run's boundary "
                   f"disagree on {formatting.number(100 * lesson.disagreement_in(corners), 0)}% "
                   f"of this view.", "optimum", status="optimum", optimum=True, level=True)
    for sentence, status in why_unfinished(lesson):
        story.beat(sentence, "show-status", status=status)

    story.section("perceptron", "Beside the perceptron")
    ptrace = lesson.perceptron
    start = replayed_perceptron_start(lesson)
    story.beat(f"On the same data the perceptron keeps updating: its last "
               f"{ptrace.n_steps - start} visits, replayed, move its boundary back and forth.",
               "perceptron", status=None, rings=False, loss_curve=False, level=False,
               optimum=False, perceptron=True)
    result = ptrace.result
    settled = "converged" if lesson.perceptron_converged else "still not converged"
    side = lesson.perceptron_side_in(corners)
    # its boundary then says "the boundary lies outside this view": what that means
    outside = (f" (its last boundary lies outside this view: it calls every point here "
               f"{formatting.label(side)})" if side else "")
    if lesson.perceptron_has_no_boundary:
        outside = (f" (its θ is back at 0: no boundary, every point scores "
                   f"{formatting.number(lesson.perceptron_theta0)}, a mistake by the rule's ≤ 0)"
                   if lesson.perceptron_theta0 == 0 else
                   f" (its θ is back at 0: no boundary; θ₀ = "
                   f"{formatting.number(lesson.perceptron_theta0)} calls every point "
                   f"{formatting.label(lesson.perceptron_theta0)})")
    story.beat(f"After τ = {result['epochs']} epochs: {result['updates']} updates, {settled}, "
               f"training error {formatting.number(lesson.perceptron_error)}{outside}.",
               "perceptron-key", key=1, perceptron_notes=True)
    story.beat(f"Logistic regression {'settled' if lesson.converged else 'is still moving'}: "
               f"training error {formatting.number(lesson.error)}.", "logistic-key", key=2)
    return story.storyboard()


def storyboard_of_logistic(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `logistic` on ``data`` (it makes its own runs)."""
    return logistic_storyboard(logistic_lesson(data))
