"""The storyboard of the scene `regression`: the squared loss of a line, its bowl over
(θ₀, θ₁) and the closed form, a singular case and the pseudo-inverse, gradient descent on
the bowl and what its shape does to the pace, then polynomial features (see
:mod:`linviz.storyboard` for the one rule of time).

The state
---------
``status`` (the status line's key), ``formulas`` (the right column's formulas shown: "h",
"risk", "closed", "step", "map"), ``residuals`` (the fit and its residuals drawn),
``contours`` (the loss's contours: None, "shown", "dim" beside the singular case's),
``closed`` (θ̃* marked), ``singular`` (the singular loss's contours and valley drawn),
``pinv`` (A⁺c marked), ``t`` (the line's descent: the step the picture shows), ``axes``
(the bowl's axes drawn), ``degree`` (the polynomial fitted on screen; None: the line) and
``rows`` (rows of the polynomial table shown).
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..dataset import REGRESSION
from ..storyboard import Storyboard, StoryWriter
from .regression import (DEFAULT_DATA, SLOW_STEPS, RegressionLesson,  # noqa: F401
                         regression_lesson, signed_term)


#: the data it tells are regression data (real targets)
TASK = REGRESSION


def loss_places(value: float, places: int = 4) -> int:
    """Decimals for a loss: ``places``, fewer for large losses (five significant digits)."""
    magnitude = int(np.floor(np.log10(abs(value)))) if value else 0
    return int(min(places, max(0, 4 - magnitude)))


def loss_text(value: float, places: int = 4) -> str:
    """A loss to :func:`loss_places` decimals: 0.0240, 3890.5, 29074."""
    return formatting.number(value, loss_places(value, places))


def fit_places(run) -> int:
    """Decimals for a degree's two losses (descent's and the closed form's): a loss's
    (:func:`loss_places`), more when descent stopped short, so the two printed differ by the
    gap the sentence says (its first two significant digits)."""
    places = loss_places(run.final_loss)
    if run.reached or run.gap <= 0:
        return places
    return int(max(places, min(12, 1 - np.floor(np.log10(run.gap)))))


def gap_percent(run) -> str:
    """How far above the closed form's minimum descent ended, in percent of it, to two
    significant digits (0.84, 17)."""
    share = 100.0 * run.gap / run.closed_loss
    return formatting.number(share, formatting.significant_places(share, least=0, most=4))


def step_sentence(lesson: RegressionLesson) -> str:
    """How the line's η was chosen, and the condition it meets (or not)."""
    run = lesson.line
    low, high = run.curvature
    eta = formatting.significant(run.step_size)
    hessian = (f"the Hessian's eigenvalues are {formatting.significant(low)} and "
               f"{formatting.significant(high)}")
    if run.step_from_data:
        return f"η = 1/λ_max = {eta}: any η below 2/λ_max converges"
    if run.unstable_step:
        return (f"η = {eta}, set by hand, at least 2/λ_max = "
                f"{formatting.significant(run.stable_limit)} ({hessian}): along the steepest "
                f"direction every step overshoots")
    return (f"η = {eta}, set by hand, below 2/λ_max = {formatting.significant(run.stable_limit)} "
            f"({hessian}): it converges")


def curve_gain_words(lesson) -> tuple[int, str]:
    """(the degree of least minimum, the lowest among equals; the curves' gain over the line
    in % as said: 1 − min_k L(w*_k)/L(w*_1), at least 1 when no curve helps)."""
    minima = np.array(lesson.closed_minima)
    degree = lesson.polynomials[int(np.flatnonzero(minima == minima.min())[0])].degree
    gain = 100 * lesson.curve_gain
    return degree, formatting.number(gain if lesson.curve_helps else max(gain, 1), 0)


def regression_storyboard(lesson: RegressionLesson,
                          scene: str = "regression") -> Storyboard:
    """Every beat of the scene `regression` for ``lesson`` (see the module's docstring)."""
    run = lesson.line
    story = StoryWriter(scene, status=None, formulas=[], residuals=False, contours=None,
                        closed=False, singular=False, pinv=False, t=0, axes=False, degree=None,
                        rows=0)
    story.section("data", "The data")
    story.beat(f"{lesson.data.n_samples} points (x, y) with real targets. A line h(x) = θ₀ + "
               f"θ₁x; its empirical risk L is the mean squared error.", "data",
               formulas=["h", "risk"])

    story.section("residuals", "Residuals")
    story.beat(f"At θ₀ = θ₁ = 0 the line is y = 0; L, the mean squared residual h(x) − y "
               f"(the vertical segments), is {loss_text(run.losses[0], 3)}.",
               "residuals", status="start", residuals=True)

    story.section("contours", "The loss over the parameters")
    shape = "circles" if run.round else "ellipses"
    story.beat(f"L is a quadratic bowl over θ̃ = (θ₀, θ₁): its contours are {shape}.",
               "contours", status="contours", contours="shown")
    w0, w1 = lesson.closed_w
    story.beat(f"Its gradient is zero where A θ̃ = c; A is invertible (both eigenvalues "
               f"positive): θ̃* = A⁻¹c = "
               f"({formatting.number(w0, 3)}, {formatting.number(w1, 3)}).", "closed", status="closed",
               formulas=["h", "risk", "closed"], closed=True)
    story.beat(f"If every x were x̄ = {formatting.number(lesson.x_mean, 2)}, A would be "
               f"singular: the contours lines, the whole dashed valley "
               f"θ₀{signed_term(lesson.x_mean, 'θ₁')} = {formatting.number(lesson.y_mean, 2)} "
               f"lowest.",
               "singular", status="singular", contours="dim", singular=True)
    a, b = lesson.singular_w
    story.beat(f"The pseudo-inverse A⁺ picks the valley's point nearest 0: A⁺c = "
               f"({formatting.number(a, 3)}, {formatting.number(b, 3)}).", "pinv", pinv=True)

    story.section("descent", "Gradient descent")
    story.beat(f"Gradient descent, {step_sentence(lesson)}.", "step-rule",
               status="descent", contours="shown", singular=False, pinv=False,
               formulas=["h", "risk", "closed", "step"])
    how = {"decreasing": "every step goes downhill, across the contours",
           "oscillating": "the loss rises at some steps: they overshoot across the valley",
           "diverging": "the steps overshoot further and further: the loss climbs"}
    said = how[run.behaviour]
    if run.loss_decreasing and run.first_step_reaches:
        # a round bowl with η = 1/λ: step 1 lands at the minimum, the rest stand still
        said = "the first step lands at the bottom of the bowl, and the other steps stay there"
    # what the picture plays under it: the first steps one by one, then the rest at once
    slow = min(SLOW_STEPS, run.steps)
    played = (f"the first {slow} one by one, then the other {run.steps - slow}"
              if run.steps > slow else f"all {run.steps} one by one")
    story.beat(f"Here {said}: {played}.", "descent", t=run.steps)
    theta, theta0 = run.trace.states["theta"][-1], float(run.trace.states["theta0"][-1])
    if run.reached:
        reached = "the closed-form minimum, to four places"
    elif run.diverging:
        reached = (f"above where it started: η is too large (the minimum is "
                   f"{loss_text(run.closed_loss)})")
    else:
        reached = (f"still {loss_text(run.gap)} above the minimum "
                   f"{loss_text(run.closed_loss)}")
    story.beat(f"After {run.steps} steps L = {loss_text(run.final_loss)} at θ̃ = "
               f"({formatting.number(theta0, 3)}, {formatting.number(theta[0], 3)}): {reached}.",
               "indicate-values")
    low, high = run.curvature
    if run.round and not run.unstable_step:
        story.beat(f"H's eigenvalues {formatting.significant(low)} and {formatting.significant(high)} "
                   f"are equal: the bowl's curvatures are alike along every line through θ̃* "
                   f"(two drawn).", "axes", status="eigen", axes=True)
        factor = formatting.number(max(run.flat_factor, run.steep_factor), 3)
        if run.step_from_data and run.first_step_reaches:
            pace = (f"every step multiplies the error in every direction by |1 − ηλ| = "
                    f"{factor}, so one step of η = 1/λ reaches θ̃*; the run again:")
        else:
            pace = (f"every step multiplies the error in every direction by at most |1 − ηλ| "
                    f"= {factor}; the run again:")
        story.beat(f"With H ≈ λI the gradient points at θ̃*: {pace}", "replay",
                   status="factors", t=run.steps)
        story.beat(f"Their ratio κ = λ_max/λ_min = {formatting.ratio(run.condition)}: the bowl is "
                   f"round, and descent needs "
                   f"{'a single step' if run.first_step_reaches else 'few steps'}.",
                   "show-status", status="kappa")
    else:
        if run.unstable_step:
            shape = ("but the steep factor is above 1 (η ≥ 2/λ_max), so the error grows along "
                     "the steep axis")
        elif run.narrow:
            shape = "the bowl is narrow, and descent is slow along its flat axis"
        else:
            shape = "the bowl is not narrow, and descent needs few steps"
        story.beat(f"The Hessian's eigenvalues {formatting.significant(low)} and "
                   f"{formatting.significant(high)} are the bowl's curvatures along its axes, "
                   f"drawn through θ̃*: the flat one, then the steep one.", "axes",
                   status="eigen", axes=True)
        story.beat(f"Each step multiplies the error along the flat axis by |1 − ηλ_min| = "
                   f"{formatting.factor(run.flat_factor)}, along the steep one by "
                   f"{formatting.factor(run.steep_factor)}; the run again:", "replay",
                   status="factors", t=run.steps)
        story.beat(f"Their ratio κ = λ_max/λ_min = {formatting.ratio(run.condition)}: {shape}.",
                   "show-status", status="kappa")

    story.section("polynomial", "Polynomial features")
    story.beat("Map x to [1, x, …, xᵏ]: h is a polynomial, still linear in θ, so the same "
               "least squares applies.", "poly-intro", status="poly",
               formulas=["risk", "map"], contours=None, closed=False, residuals=True,
               axes=False)
    for row, poly in enumerate(lesson.polynomials, start=1):
        closed = f"the closed form (dashed) also {loss_text(poly.closed_loss)}"
        if not poly.reached:
            # the two losses, to the digits that tell them apart, are in the table
            # (fit_places); said, the gap as a share of the minimum (short to say)
            closed = (f"{gap_percent(poly)}% above the closed form's minimum (dashed)")
        how = ""
        if row == 1:  # how every degree's descent runs, said once
            how = f", {poly.steps} steps of descent as for every degree"
        # said while the fit runs: the sentence describes what the viewer is watching
        story.beat(f"Degree {poly.degree}{how}: L = {loss_text(poly.final_loss)}, {closed}.",
                   "poly-fit", degree=poly.degree, rows=row)
    falls = " → ".join(loss_text(m) for m in lesson.closed_minima)
    unreached = [str(poly.degree) for poly in lesson.unreached]
    if not unreached:
        where = "gradient descent reached every one of them"
    else:
        where = (f"descent stopped short for k = {', '.join(unreached)}: their bowls are "
                 f"narrow (κ in the table), so it is slow")
        order = lesson.descent_ends_out_of_order
        if order:
            low_degree, high_degree = order[0]
            where += (f"; degree {high_degree} even ends above degree {low_degree} although "
                      f"its minimum is lower")
    story.beat(f"The dashed minima never rise, {falls}: higher degrees fit at least as "
               f"closely.", "indicate-minima", status="minima")
    # how much the curves gain, said over the minima it is read from
    degree, percent = curve_gain_words(lesson)
    gain = (f"Degree {degree}'s minimum is {percent}% below the line's." if lesson.curve_helps
            else f"But no curve up to degree {lesson.polynomials[-1].degree} lowers the least "
                 f"L by more than {percent}%: the line fits nearly as closely.")
    story.beat(gain, "show-status", status="gain")
    story.beat(formatting.sentence(f"{where}."), "indicate-table", status="reached")
    return story.storyboard()


def storyboard_of_regression(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `regression` on ``data`` (it makes its own runs)."""
    return regression_storyboard(regression_lesson(data))
