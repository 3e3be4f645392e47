"""The storyboard of the scene `noise`: the perceptron on data no line separates, told as
the perceptron scenes tell a run (:mod:`linviz.lessons.perceptron_story`), with what this
scene adds: the flipped labels or the data's order said first, the error plot in the
pseudocode's place from pass 2 on, the fast-forward over the passes that never settle,
and the training error that never reaches 0, beside the best any line does.

The state adds ``plot`` (the error plot shown in the code's place), ``flips`` (the
squares round the flipped labels) and ``best_line`` (the dashed line of least training
error drawn) to the perceptron's.
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..pacing import RUN_NOISE_FAST_FORWARD
from ..storyboard import HOLD, Storyboard
from .noise import NEAR_BEST, NoiseLesson, noise_lesson
from .perceptron_story import LINE_EPOCH, _Telling

#: the data the scene tells when none is given
DEFAULT_DATA = {"noise": "noisy"}


def error_words(mistakes: int, n: int) -> str:
    """ℰₙ = k/n said as a decimal with the places it needs (0.075, not 0.07)."""
    value = mistakes / n
    return formatting.number(value, formatting.error_places(value))


def crosses_the_data(theta, theta0: float, X: np.ndarray) -> bool:
    """The line θᵀx + θ₀ = 0 crosses the data's bounding box (its score changes sign, or is
    0, between the box's corners): it is drawn, and said to be (every view holds the box)."""
    low, high = X.min(axis=0), X.max(axis=0)
    corners = np.array([[low[0], low[1]], [low[0], high[1]], [high[0], low[1]],
                        [high[0], high[1]]])
    scores = corners @ np.asarray(theta, dtype=float) + float(theta0)
    return bool(np.any(np.asarray(theta) != 0) and scores.min() <= 0 <= scores.max())


class _NoiseTelling(_Telling):
    numbers_points = True
    #: once is enough: the perceptron scene showed the sum tip to tail
    tip_to_tail_updates = 1

    def __init__(self, noise: NoiseLesson, scene: str = "noise", heard=()) -> None:
        self.noise = noise
        super().__init__(noise.run, scene, heard)

    def extra_state(self) -> dict:
        # levels: the dashed levels on the error plot ("labelling", "best"), each drawn
        # with the sentence that names it; labelling_line: the line the labels came from
        return {"plot": False, "flips": False, "best_line": False, "labelling_line": False,
                "levels": ()}

    # -- the data ----------------------------------------------------------------
    def introduce(self) -> None:
        story, noise, n = self.story, self.noise, self.data.n_samples
        # told in full, the counters come with the sentence that explains them
        self.show_the_data(counters=self.brief)
        if noise.has_flipped_labels:
            story.beat(f"These {n} points were separable, but {len(noise.flipped)} labels have "
                       f"been flipped (in squares): now no line separates them.", "flip-marks",
                       flips=True, status="squares: labels flipped by the noise",
                       status_tone="highlight")
        else:
            story.beat(f"No line separates these {n} points: whatever the perceptron does, "
                       f"some points stay on the wrong side.", "show",
                       status="no line separates these points", status_tone="highlight")
        shown = (f"order: shuffled anew each pass, seed {noise.shuffle_seed}"
                 if noise.visits_shuffled else "order: as in the file")
        sentences = self.order_sentences()
        # each sentence's point on the status line: the file's order, what it would do,
        # the order the run visits in (the last)
        statuses = ["order in the file: sorted by class",
                    "in that order each pass ends after a whole class"][:len(sentences) - 1]
        for sentence, status in zip(sentences, [*statuses, shown]):
            story.beat(sentence, "show", status=status, status_tone="highlight")
        start = "θ = 0 and θ₀ = 0" if self.offset else "θ = 0"
        same = "The same perceptron as before" if self.brief else "The perceptron"
        story.beat(f"{same}, from {start}: every score is 0 at first, "
                   f"and a y·score ≤ 0 counts as a mistake.", "show", **self.at_the_start())
        self.explain_counters()

    def order_sentences(self) -> list[str]:
        """What the data's order is and how the run visits it, a thought a sentence (none
        when the data is not sorted by class and the run visits it in index order, as the
        notes do)."""
        noise = self.noise
        if not noise.sorted_by_class:
            return (["Each pass visits the points in a new shuffled order "
                     f"(seed {noise.shuffle_seed})."] if noise.visits_shuffled else [])
        names = self.data.label_names
        blocks = ", ".join(
            f"{first + 1}–{last + 1} are {names[label > 0]} ({formatting.label(label)})"
            for first, last, label in noise.class_blocks)
        said = f"They come sorted by class: points {blocks}."
        other = noise.other_order_least_error_after_pass
        if noise.visits_shuffled:
            # the reason is the order's, true on any data sorted by class; the numbers are
            # said only when the run in index order does end worse
            numbers = ""
            if noise.order_raises_pass_error:
                mine = noise.least_error_after_pass
                numbers = (f" (in that order no pass ends below "
                           f"{formatting.number(other, formatting.error_places(other))}; shuffled, "
                           f"as low as {formatting.number(mine, formatting.error_places(mine))})")
            return [said, f"Visited in that order, each pass would end after a whole class, "
                          f"and the error after a pass would tell the order, not the data"
                          f"{numbers}.",
                    f"So each pass here visits them in a new shuffled order (seed "
                    f"{noise.shuffle_seed})."]
        return [said, f"This run visits them in that order: each pass ends after a whole "
                      f"class. Shuffled each pass (seed {noise.shuffle_seed}), the passes end "
                      f"as low as {formatting.number(other, formatting.error_places(other))}."]

    # -- the run -----------------------------------------------------------------
    def show_error_plot(self) -> None:
        """From pass 2 on the code stays the same: the error plot takes its place."""
        if self.story.state["plot"]:
            return
        self.story.beat("The code stays the same from here on; in its place, the training "
                        "error after each pass t.", "error-plot", plot=True,
                        **self.named_numbers_leave())

    def before_pass(self, epoch: int) -> None:
        if epoch > 1:
            self.show_error_plot()

    def visiting_words(self, first: bool) -> str:
        if not self.noise.visits_shuffled:
            return super().visiting_words(first)
        return "in a shuffled order" if first else "in a new shuffled order"

    def fast_forward(self, beat) -> None:
        """Many passes in one go, told with what they show: the boundary never settles."""
        self.story.section("fast-forward", "Fast forward")
        self.show_error_plot()
        span = self.lesson.fast_forward
        # true on any data no line separates: every pass finds a mistake to update on
        why = "no line gets every point right, so every pass finds a mistake"
        self.story.beat(f"Fast forward over passes {span.first_pass} to {span.last_pass}: "
                        f"{formatting.count(span.updates, 'update')}; pass after pass the boundary "
                        f"jitters: {why}.", "fast-forward",
                        min_seconds=RUN_NOISE_FAST_FORWARD, steps=(beat.start, beat.end),
                        **self.at(beat.end), line=5, **self.status("fast"),
                        **self.named_numbers_leave())

    # -- the end -----------------------------------------------------------------
    def conclude(self) -> None:
        story, noise, n = self.story, self.noise, self.data.n_samples
        result = self.trace.result
        story.section("result", "The result")
        updates = formatting.count(result["updates"], "update")
        # no line separates the data, so no pass is free of mistakes: the loop never breaks
        story.beat(f"Stopped at τ = {result['epochs']} passes after {updates}, without "
                   f"converging: every pass made a mistake.", "result", cursor=None,
                   line=LINE_EPOCH, status=f"Stopped at $tau = {result['epochs']}$ passes: "
                   f"not converged", status_tone="mistake")
        story.section("error", "The training error never reaches 0")
        low, high = noise.least_error_after_pass, noise.largest_error_after_pass
        shown = lambda v: formatting.number(v, formatting.error_places(v), minus="-")  # noqa: E731
        least = noise.least_updates_in_a_pass
        if noise.after_pass_errors_equal:
            status = f"${least}$+ mistakes a pass; error after each: ${shown(low)}$"
        else:
            status = (f"${least}$+ mistakes a pass; error after each: ${shown(low)}$ to "
                      f"${shown(high)}$")
        # each least error at its own decimals; both at the decimals that tell them apart
        # when those would say one number
        after_places = formatting.error_places(noise.least_error_after_pass)
        any_places = formatting.error_places(noise.least_error_any_step)
        if (formatting.number(noise.least_error_after_pass, after_places)
                == formatting.number(noise.least_error_any_step, any_places)):
            after_places = any_places = noise.places_telling_least_apart(
                max(after_places, any_places))
        during = ""
        if noise.lower_during_a_pass:
            lowest = formatting.number(noise.least_error_any_step, any_places, minus="-")
            during = (f", though during pass {noise.pass_of_least} it got down to "
                      f"{formatting.number(noise.least_error_any_step, any_places)}")
            status += f"; in pass {noise.pass_of_least}: ${lowest}$"
        story.beat(f"Every pass made at least "
                   f"{formatting.count(noise.least_updates_in_a_pass, 'mistake')}; after a pass "
                   f"the training error was never below "
                   f"{formatting.number(noise.least_error_after_pass, after_places)}{during}.",
                   "errors", status=status, status_tone="mistake")
        if noise.has_flipped_labels:
            k = len(noise.flipped)
            drawn = noise.labelling_line is not None
            reference = (f"The line the data was made with{' (dashed)' if drawn else ''} "
                         f"misses exactly the {k} flipped labels: {k}/{n} = "
                         f"{error_words(k, n)}")
            if noise.passes_end_above_flipped:
                ending = "every pass of the perceptron ends above that."
            else:
                ending = (f"the perceptron's best pass ends at "
                          f"{error_words(noise.least_mistakes_after_pass, n)}, "
                          f"{'no better' if noise.best_pass_equals_flipped else 'lower'}"
                          f" on these labels.")
            story.beat(f"{reference}; {ending}", "indicate-flipped", labelling_line=drawn,
                       levels=("labelling",))
        best = noise.best_line
        drawn = crosses_the_data(best.theta, best.theta0, self.data.X)
        said, cause = self.best_line_sentences(drawn)
        story.beat(said, "best-line", best_line=drawn,
                   levels=(*story.state["levels"], "best"))
        if cause:  # why, said over the line it names
            story.beat(cause, HOLD)

    def best_line_sentences(self, drawn: bool) -> tuple[str, str]:
        """The least error any line reaches, beside the perceptron's; and what it means ("":
        nothing more to say)."""
        noise, n = self.noise, self.data.n_samples
        best = noise.best_line
        said = (f"The best any line does on these points{' (dashed, green)' if drawn else ''} "
                f"is {best.mistakes} of {n} wrong, ℰₙ = {error_words(best.mistakes, n)}")
        near = formatting.number(NEAR_BEST, formatting.error_places(NEAR_BEST))
        if noise.near_best == "every":
            verdict = (f"every pass of the perceptron ends within {near} of it, but it never "
                       f"settles")
        elif noise.near_best == "some":
            median = noise.median_error_after_pass
            verdict = (f"{noise.passes_near_best} of the perceptron's {noise.passes} passes "
                       f"end within {near} of it, the median pass at "
                       f"{formatting.number(median, formatting.error_places(median))}: it never "
                       f"settles")
        else:
            verdict = "the perceptron's passes end far above it"
        if noise.standardizing_lowers_error:
            scaled = noise.standardized_least_error_after_pass
            verdict += (f". Standardised (--standardize: each feature centred, variance 1), "
                        f"its passes end as low as "
                        f"{formatting.number(scaled, formatting.error_places(scaled))}")
        if noise.has_flipped_labels and noise.best_line_beats_flipped:
            # a line beats the labels' own line here: noise is not what stops a good line
            cause = (" A line can do better than the line the labels came from, but the "
                     "perceptron updates on every mistake and never settles on one.")
        elif noise.has_flipped_labels:
            cause = " A hard classifier cannot model noise."
        elif noise.sorted_by_class and not noise.visits_shuffled and \
                noise.order_raises_pass_error:
            other = noise.other_order_least_error_after_pass
            cause = (" The order keeps it there: each pass ends after a whole class; shuffled, "
                     f"the passes end as low as "
                     f"{formatting.number(other, formatting.error_places(other))}.")
        else:
            cause = " The perceptron keeps turning towards the points it gets wrong."
        return f"{said}; {verdict}.", cause.strip()


def noise_storyboard(noise: NoiseLesson, scene: str = "noise", heard=()) -> Storyboard:
    """The storyboard of the scene `noise` for its lesson ``noise``, told after the scenes
    ``heard`` (:mod:`linviz.lessons.heard`)."""
    return _NoiseTelling(noise, scene, heard).tell()


def storyboard_of_noise(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `noise` on ``data`` (or a saved ``trace`` of it)."""
    return noise_storyboard(noise_lesson(data, trace=trace), heard=heard)
