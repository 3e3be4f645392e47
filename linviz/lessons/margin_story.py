"""The storyboard of the scene `margin`: the signed distance of a point on the perceptron's
separator, the margins of the points and of the data set (on a separator of the run that
still makes a mistake, when there is one, then on the final one), and the maximum-margin
separator θ* with R and γ (see :mod:`linviz.storyboard` for the one rule of time).

The state
---------
``board`` (the board shown right: None, "distance", "margin", "max"; ``rows``: how many
rows of the "max" board are shown, each under the sentence that says it), ``blend`` (the
separator drawn: 0 the run's separator with a mistake, 1 the perceptron's, 2 θ*, as
:meth:`~linviz.lessons.margin.MarginLesson.parameters`), ``probe`` (0: the first probe
point ringed, 1: the second), ``distance`` (the ringed point's signed distance on the
board; None: no board of it), ``margin`` and ``wrong`` (the data set's margin and the
points on the wrong side, above the number line; None: not shown; they come when the
data set's margin is first said), ``band`` (the band of half-width the margin drawn round
the separator, from the question it answers), ``circle`` (the
circle of radius R drawn) and ``lifted`` (the rows of R and γ on [x, 1] shown).

On data no line separates, the same first two sections are told on the least-error line
(blend 1 throughout), and the third says no maximum margin exists: its board ("max")
holds two rows, each under its sentence; no band, circle or lifted rows.
"""

from __future__ import annotations

from .. import formatting
from ..storyboard import Storyboard, StoryWriter
from .margin import MarginLesson, margin_lesson

#: the data the scene tells when none is given
DEFAULT_DATA = {"margin": "separable"}


def gamma_places(value: float) -> int:
    """Decimals for a margin to three significant digits, as the proof scenes print γ
    (0.258, 0.0121): a small positive one never reads 0.00, and γ reads the same here."""
    return formatting.significant_places(value, most=6, digits=3)


def margin_words(value: float) -> str:
    """A margin for a caption, to three significant digits (:func:`gamma_places`)."""
    return formatting.number(value, gamma_places(value))


def run_sentence(lesson: MarginLesson) -> str:
    """The run and the separator it found (its budget is said where R and γ are:
    :func:`budget_sentence`)."""
    took = formatting.grouped_count(lesson.passes, "pass", "passes")
    made = formatting.grouped_count(lesson.updates, "update")
    if not lesson.own_run:
        return (f"A saved run of the perceptron ran on these points until no point was wrong: "
                f"{made} in {took} of the {formatting.grouped(lesson.epochs_given, 0)} it was "
                f"given. Its separator is the line θᵀx + θ₀ = 0.")
    return (f"The perceptron ran on these points until no point was wrong: {made} in {took}. "
            f"Its separator is the line θᵀx + θ₀ = 0.")


def budget_sentence(lesson: MarginLesson) -> str:
    """What the proof's (R/γ)² on [x, 1] says of the run's budget (passes against passes,
    updates against the bound on updates); "" for a saved run."""
    given = formatting.grouped(lesson.epochs_given, 0)
    if lesson.budget_is_theory_bound:
        return (f"The perceptron's run above was given ⌊(R/γ)²⌋ + 2 = {given} passes: always "
                f"enough; it took {formatting.grouped_count(lesson.passes, 'pass', 'passes')}.")
    if lesson.own_run:
        return (f"(R/γ)² bounds the updates: the run above made "
                f"{formatting.grouped_count(lesson.updates, 'update')}, in the {given} passes "
                f"the engine allows.")
    return ""


def least_error_sentence(lesson: MarginLesson) -> str:
    """The line measured on data no line separates: the least-error line, and why."""
    n = lesson.data.n_samples
    return (f"No line separates these {n} points. The line drawn, θᵀx + θ₀ = 0, gets the "
            f"fewest of them wrong, {formatting.grouped(lesson.least_mistakes, 0)} of {n}: "
            f"the best any line does.")


def tell_no_maximum(story: StoryWriter, lesson: MarginLesson) -> None:
    """The third section on data no line separates: no maximum margin exists."""
    story.section("maximum-margin", "No maximum margin")
    story.beat("Which line keeps every point on its right side, as far as it can? Here no "
               "line keeps them all: no line has a positive margin.", "no-max-board",
               board="max", rows=1)
    story.beat("So there is no θ*, no γ > 0 and no bound (R/γ)²: the perceptron never "
               "settles on such data, as the noise scene shows.", "no-max-rows", rows=2)


def margin_storyboard(lesson: MarginLesson, scene: str = "margin") -> Storyboard:
    """Every beat of the scene `margin` for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, board=None, rows=0, blend=1.0, probe=0.0, distance=None,
                        margin=None, wrong=None, band=False, circle=False, lifted=False)

    def values_at(blend: float) -> dict:
        return {"blend": blend, "margin": float(lesson.data_set_margin(blend)),
                "wrong": int(lesson.wrong_side(blend))}

    # 1. the signed distance, on the perceptron's separator (or the least-error line)
    story.section("signed-distance", "Signed distance to the line")
    story.beat(run_sentence(lesson) if lesson.separable else least_error_sentence(lesson),
               "separator")
    first, second = lesson.probe_distances
    crossing = formatting.nonzero_number(lesson.line_offset)
    where = " (the dot)" if lesson.line_offset_is_short else ""
    story.beat(f"Project the ringed point on θ/‖θ‖ and subtract −θ₀/‖θ‖ = {crossing}{where}: "
               f"its signed distance is {formatting.number(first)}.", "distance-board",
               board="distance", distance=float(first))
    story.beat(f"On the other side of the line the distance is negative: "
               f"{formatting.number(second)}.", "probe", probe=1.0, distance=float(second))

    # 2. the margins of the points and of the data set
    story.section("point-margins", "The margin of each point")
    story.beat("The margin of a labelled point multiplies its signed distance by its label: "
               "positive on the right side, negative on the wrong one.", "margin-board",
               board="margin", distance=None, blend=1.0)
    if lesson.mistake_state is not None:
        story.beat(f"Go back to the separator the perceptron had after "
                   f"{formatting.grouped_count(int(lesson.mistake_state), 'update')}.", "sweep",
                   blend=0.0)
        values = values_at(0.0)
        wrong, smallest = values["wrong"], margin_words(values["margin"])
        if wrong:
            claim = (f"It has {formatting.count(wrong, 'point')} on the wrong side, so the margin "
                     f"of the data set, the smallest, is negative: {smallest}.")
        else:
            claim = (f"This separator has every point on its right side, so the margin of the "
                     f"data set, the smallest, is positive: {smallest}.")
        story.beat(claim, "indicate-margin", **values)
    if not lesson.separable:
        values = values_at(1.0)
        story.beat(f"This line has {formatting.count(values['wrong'], 'point')} on the wrong "
                   f"side, so the margin of the data set for this line, the smallest, is "
                   f"negative: {margin_words(values['margin'])}.", "indicate-margin", **values)
        tell_no_maximum(story, lesson)
        return story.storyboard()
    size = "positive but small" if lesson.perceptron_margin_is_small else "positive"
    # said as the separator moves back to the final one (or, with no earlier separator,
    # of the one shown: said once, not a second time as "this separator")
    story.beat(f"The perceptron's final separator has every point on the right side: margin "
               f"{margin_words(lesson.perceptron_margin)}, {size}.",
               "sweep" if story.state["blend"] != 1.0 else "indicate-margin", **values_at(1.0))

    # 3. the maximum margin, R, and the proof's R and γ on [x, 1]
    story.section("maximum-margin", "The maximum margin")
    story.beat("Which separator keeps the points farthest? The band around the line is as "
               "wide as its margin on each side.", "max-board", board="max", rows=1,
               band=True)
    gamma = lesson.star.gamma
    gamma_said = formatting.number(gamma, gamma_places(gamma))
    # the band's half-width is the margin of the line on the way, never below the
    # perceptron's (the margin along a straight path between two unit separators is at
    # least the smaller end's) and ending at γ
    story.beat(f"Turn and shift the line toward the best one: the band widens from "
               f"{margin_words(lesson.perceptron_margin)} until it touches points on both "
               f"sides, at γ = {gamma_said}.", "widen", **values_at(2.0))
    story.beat(f"The maximum-margin separator θ*: γ = {gamma_said}, the largest margin any "
               f"line has on these points.", "max-rows", rows=4)
    story.beat(f"And the circle of radius R = max‖x‖ = {formatting.number(lesson.R)} holds every "
               f"point.", "circle", circle=True, rows=5)
    story.beat(f"The proof with an offset measures them on [x, 1]: R = "
               f"{formatting.number(lesson.lifted_R)}, γ = "
               f"{formatting.number(lesson.lifted_gamma, gamma_places(lesson.lifted_gamma))}, "
               f"(R/γ)² = {formatting.grouped(lesson.lifted_bound)}.", "lifted-rows", lifted=True)
    budget = budget_sentence(lesson)
    if budget:
        story.beat(budget, "indicate-lifted")
    return story.storyboard()


def storyboard_of_margin(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `margin` on ``data`` (or a saved ``trace`` of its run)."""
    return margin_storyboard(margin_lesson(data, trace=trace))
