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
``ghosts`` (the lines the slowest run leaves behind drawn), ``note`` (the note under
the plot: "rule", "spread" or None) and ``header`` (the run's values over the plot, each
shown once said: "none"; "gamma", its γ and R; "all", with its bound and M).
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..storyboard import Storyboard, StoryWriter
from .margin_speed import MarginSpeedLesson, band_in_plane, margin_speed_lesson

#: the data the scene tells when none is given: its own sweep
DEFAULT_DATA = {"margin-speed": None}

#: the end of the summary's sentence, by the lesson's trend of the median updates
TRENDS = {"rising": "and the runs slow down too",
          "rising overall": "and the runs slow down overall, though not at every step",
          "not rising": "but these runs did not slow down"}


def margin_text(margin: float) -> str:
    """A requested margin as written: 0.4, 0.05, 0.025."""
    return formatting.number(margin, 3, minus="-").rstrip("0").rstrip(".")


def median_text(median: float) -> str:
    """A median of counts as written: 7, 18.5."""
    return formatting.number(median, 1, minus="-").rstrip("0").rstrip(".")


def ratio_text(ratio: float) -> str:
    """A ratio to two significant figures at most: 3.4, 35, 310."""
    ratio = float(ratio)
    if ratio < 10:
        return formatting.number(ratio, 1)
    digits = int(np.floor(np.log10(ratio))) - 1
    return str(int(round(ratio, -digits)))


def margin_speed_storyboard(lesson: MarginSpeedLesson,
                            scene: str = "margin-speed") -> Storyboard:
    """Every beat of the scene `margin-speed` for ``lesson`` (see the module's docstring)."""
    sweep = lesson.sweep
    story = StoryWriter(scene, legend=False, run=None, M=0, band=False, dots=0, ring=None,
                        ghosts=False, note=None, header="none")
    story.section("setup", "Runs at five margins")
    story.beat(f"The same perceptron on {len(sweep.margins) * sweep.repeats} data sets like "
               f"this one: {sweep.repeats} for each margin asked, "
               f"{margin_text(sweep.margins[0])} down to {margin_text(sweep.margins[-1])}.",
               "intro")
    story.beat("Each run will be a dot: its updates M against its bound (R/γ)². No dot can lie "
               "above the line M = (R/γ)².", "legend", legend=True)

    compared_words = lambda j: {  # noqa: E731
        "more": ", more than before", "as many": ", as many as before",
        "fewer": ", fewer than before"}[lesson.updates_compared(j)]
    for j, margin in enumerate(sweep.margins):
        story.section(f"margin-{margin_text(margin)}", f"Margin {margin_text(margin)}")
        run = lesson.chosen[j]
        actual = formatting.number(lesson.chosen_plane_margins[j], 3)
        if j == 0:
            half = formatting.number(band_in_plane(run)[2], 3)
            story.beat(f"Margin {margin_text(margin)} asked is a lower bound: this data set's "
                       f"own is {actual}, θ*'s teal band, empty, {half} wide each side.",
                       "switch-run", run=j, M=0, band=True, ring=None)
            story.beat(f"On [x, 1] the theorem's γ is {formatting.number(run.gamma, 3)}: the bound "
                       f"allows {formatting.number(run.bound, 0)} updates; the perceptron makes "
                       f"{run.updates}.", "replay", M=run.updates, header="all")
        else:
            smaller = "smaller" if lesson.gamma_smaller(j) else "not smaller"
            story.beat(f"Margin {margin_text(margin)}: γ = {formatting.number(run.gamma, 3)} on "
                       f"[x, 1], {smaller} than before.",
                       "switch-run", run=j, M=0, ring=None, header="gamma")
            story.beat(f"Bound {formatting.number(run.bound, 0)}; the perceptron makes "
                       f"{run.updates}{compared_words(j)}.", "replay", M=run.updates,
                       header="all")
        ups = sorted(r.updates for r in sweep.runs[j])
        if j == 0:
            # the rule's numbers are in the note it brings (MIN_GAMMA_FALL)
            rule = ("as near the median as lets γ fall and M rise from margin to margin"
                    if lesson.ordered else "the median run")
            story.beat(f"Its {len(ups)} data sets: {', '.join(map(str, ups))} updates. Ringed, "
                       f"the one replayed: {rule}.", "dots", dots=j + 1,
                       ring=j, note="rule")
        else:
            # a replayed run at an end of its row is said to be there, with the middle
            extreme = lesson.chosen_extreme(j)
            where = f"; the one replayed is the {extreme}" if extreme else ""
            story.beat(f"Its dots: from {ups[0]} to {ups[-1]} updates{where}.", "dots",
                       dots=j + 1, ring=j)

    story.section("small-margin", "The slowest run")
    run, slow = lesson.slowest, lesson.slow_updates
    last = len(lesson.shown) - 1
    last_margin = len(sweep.margins) - 1
    if run is lesson.chosen[-1] and lesson.chosen_extreme(last_margin) == "slowest":
        # the run just played, said to be the slowest with its dots
        opening = "Again, one by one, its first"
    elif run is lesson.chosen[-1]:  # the run just played: said as such, not as a new one
        opening = "The run just played is the slowest at the smallest margin. Again its first"
    else:
        opening = (f"The slowest run at the smallest margin: γ = "
                   f"{formatting.number(run.gamma, 3)}. Its first")
    one_by_one = "" if "one by one" in opening else ", one by one"
    story.beat(f"{opening} {slow} updates{one_by_one}: each adds y·[x, 1] of the ringed "
               f"point to [θ, θ₀].", "slow-updates", run=last, M=slow, ring=last)
    rest = run.updates - slow
    if rest > 0:
        story.beat(f"The other {rest} fast, each line it leaves behind kept as a faint ghost, "
                   f"until every point is on its side.", "ghost-replay", M=run.updates,
                   ghosts=True)
    story.beat(f"{run.updates} updates, of the {formatting.number(run.bound, 0)} the theorem "
               f"allows.", "indicate-M")

    story.section("summary", "Updates against the bound")
    typical = ", ".join(median_text(m) for m in lesson.medians)
    under = (f"All {lesson.run_count}" if lesson.runs_under_bound == lesson.run_count
             else f"{lesson.runs_under_bound} of {lesson.run_count}")
    story.beat(f"{under} runs lie under the line. The bound grows like 1/γ², "
               f"{TRENDS[lesson.trend]}: medians {typical}.", "spread-note", ghosts=False, ring=None, note="spread")
    ratios = lesson.bound_ratios
    story.beat(f"The bound is a worst case: these runs make {ratio_text(np.min(ratios))} to "
               f"{ratio_text(np.max(ratios))} times fewer updates than it allows.",
               "indicate-bound")
    return story.storyboard()


def storyboard_of_margin_speed(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `margin-speed` (its own sweep, seeded by ``seed``)."""
    return margin_speed_storyboard(margin_speed_lesson(seed=seed))
