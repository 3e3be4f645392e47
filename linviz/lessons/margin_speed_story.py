"""The storyboard of the scene `margin-speed`: the perceptron on data sets of shrinking margin,
a run of each margin replayed beside the dot of every run (its updates M against the
theorem's bound (R/γ)²), the slowest run update by update, and what the sweep says (see
:mod:`linviz.storyboard` for the one rule of time).

The state
---------
``legend`` (the plot's legend shown), ``run`` (the run on the plane: an index into the
lesson's ``shown`` runs, one a margin then the slowest; None before the first), ``M``
(its updates played), ``band`` (θ*'s band drawn), ``dots`` (margins whose dots are
plotted), ``ring`` (the run whose dot is ringed, as an index into ``shown``; None),
``ghosts`` (the lines the slowest run leaves behind drawn) and ``note`` (the note under
the plot: "rule", "spread" or None).
"""

from __future__ import annotations

import numpy as np

from .. import wording
from ..storyboard import Storyboard, StoryWriter
from .margin_speed import MIN_GAMMA_FALL, MarginSpeedLesson, band_in_plane, margin_speed_lesson

#: the data the scene tells when none is given: its own sweep
DEFAULT_DATA = {"margin-speed": None}

#: the end of the summary's sentence, by the lesson's trend of the median updates
TRENDS = {"rising": "and the runs slow down too",
          "rising overall": "and the runs slow down overall, though not at every step",
          "not rising": "but these runs did not slow down"}


def margin_text(margin: float) -> str:
    """A requested margin as written: 0.4, 0.05, 0.025."""
    return wording.number(margin, 3, minus="-").rstrip("0").rstrip(".")


def median_text(median: float) -> str:
    """A median of counts as written: 7, 18.5."""
    return wording.number(median, 1, minus="-").rstrip("0").rstrip(".")


def ratio_text(ratio: float) -> str:
    """A ratio to two significant figures at most: 3.4, 35, 310."""
    ratio = float(ratio)
    if ratio < 10:
        return wording.number(ratio, 1)
    digits = int(np.floor(np.log10(ratio))) - 1
    return str(int(round(ratio, -digits)))


def margin_speed_storyboard(lesson: MarginSpeedLesson,
                            scene: str = "margin-speed") -> Storyboard:
    """Every beat of the scene `margin-speed` for ``lesson`` (see the module's docstring)."""
    sweep = lesson.sweep
    story = StoryWriter(scene, legend=False, run=None, M=0, band=False, dots=0, ring=None,
                        ghosts=False, note=None)
    story.section("setup", "Runs at five margins")
    margins = ", ".join(margin_text(m) for m in sweep.margins)
    story.beat(f"The same perceptron on {len(sweep.margins) * sweep.repeats} data sets: "
               f"{sweep.repeats} for each margin {margins} asked of the generator, each drawn at "
               f"random, like this one.", "intro")
    story.beat("Each run will be a dot: its updates M against the theorem's bound (R/γ)². No "
               "dot can lie above the line M = (R/γ)².", "legend", legend=True)

    compared_words = lambda j: {  # noqa: E731
        "more": f", more than the {lesson.chosen[j - 1].updates} before",
        "as many": ", as many as before",
        "fewer": f", fewer than the {lesson.chosen[j - 1].updates} before"}[
        lesson.updates_compared(j)]
    for j, margin in enumerate(sweep.margins):
        story.section(f"margin-{margin_text(margin)}", f"Margin {margin_text(margin)}")
        run = lesson.chosen[j]
        actual = wording.number(lesson.chosen_plane_margins[j], 3)
        allows = (f"The theorem allows at most (R/γ)² = {wording.number(run.bound, 0)} "
                  f"updates; the perceptron makes {run.updates}"
                  f"{compared_words(j) if j else ''}.")
        if j == 0:
            story.beat(f"Margin {margin_text(margin)} asked of the generator is a lower bound: "
                       f"this data set's own margin is {actual}. On [x, 1] the theorem's γ is "
                       f"at most that: here γ = {wording.number(run.gamma, 3)}, the margin of "
                       f"θ*, the widest separator of [x, 1] through the origin.", "switch-run",
                       run=j, M=0, band=True, ring=None)
            half = wording.number(band_in_plane(run)[2], 3)
            story.beat(f"Teal: θ*'s band, no point inside; in the plane it is {half} wide on "
                       f"each side. {allows}", "replay", M=run.updates)
        else:
            before = lesson.chosen[j - 1]
            smaller = "smaller" if lesson.gamma_smaller(j) else "not smaller"
            story.beat(f"Margin {margin_text(margin)} asked, {actual} in this data set; on "
                       f"[x, 1] it has γ = {wording.number(run.gamma, 3)}, {smaller} than the "
                       f"{wording.number(before.gamma, 3)} before.", "switch-run", run=j, M=0,
                       ring=None)
            story.beat(allows, "replay", M=run.updates)
        ups = sorted(r.updates for r in sweep.runs[j])
        if j == 0:
            rule = (f"the run nearest its margin's median M that keeps γ falling by "
                    f"{MIN_GAMMA_FALL:.0%} or more and M rising from margin to margin"
                    if lesson.ordered else "the median run of its margin")
            story.beat(f"The dots of its {len(ups)} data sets: {', '.join(map(str, ups))} "
                       f"updates. The ringed one was replayed: {rule}.", "dots", dots=j + 1,
                       ring=j, note="rule")
        else:
            story.beat(f"The dots of its {len(ups)} data sets: {', '.join(map(str, ups))} "
                       f"updates; the ringed one is the run just played.", "dots", dots=j + 1,
                       ring=j)

    story.section("small-margin", "The slowest run")
    run, slow = lesson.slowest, lesson.slow_updates
    last = len(lesson.shown) - 1
    if run is lesson.chosen[-1]:  # the run just played: said as such, not as a new one
        opening = "The run just played is the slowest at the smallest margin. Again its"
    else:
        opening = (f"The slowest run at the smallest margin: γ = "
                   f"{wording.number(run.gamma, 3)}. Its")
    story.beat(f"{opening} first {slow} updates, one by one: each adds y·[x, 1] of the ringed "
               f"point to [θ, θ₀].", "slow-updates", run=last, M=slow, ring=last)
    rest = run.updates - slow
    if rest > 0:
        story.beat(f"The other {rest} fast, each line it leaves behind kept as a faint ghost, "
                   f"until every point is on its side.", "ghost-replay", M=run.updates,
                   ghosts=True)
    story.beat(f"{run.updates} updates, of the {wording.number(run.bound, 0)} the theorem "
               f"allows.", "indicate-M")

    story.section("summary", "Updates against the bound")
    typical = ", ".join(median_text(m) for m in lesson.medians)
    story.beat(f"{lesson.runs_under_bound} of {lesson.run_count} runs lie under the line. As γ "
               f"shrinks the bound grows like 1/γ², {TRENDS[lesson.trend]}: median updates "
               f"{typical}.", "spread-note", ghosts=False, ring=None, note="spread")
    ratios = lesson.bound_ratios
    story.beat(f"The bound is a worst case: these runs stay far below it, at "
               f"{ratio_text(np.min(ratios))} to {ratio_text(np.max(ratios))} times fewer "
               f"updates than it allows (median {ratio_text(np.median(ratios))}).",
               "indicate-bound")
    return story.storyboard()


def storyboard_of_margin_speed(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `margin-speed` (its own sweep, seeded by ``seed``)."""
    return margin_speed_storyboard(margin_speed_lesson(seed=seed))
