"""The storyboard of the scene `offset-lift`: 1-D points lifted by the feature 1 to the line
x₂ = 1, the perceptron through the origin on [x, 1] and its threshold, then 2-D points
lifted to the plane x₃ = 1 of space and the same two runs side by side (see
:mod:`linviz.storyboard` for the one rule of time).

The state
---------
``part`` ("line": the plane of [x, 1]; "space": the 3-D view), ``notes`` (rows of the notes
panel shown, 1–3; 0 once part 1 has left), ``lift`` (the 1-D points at x₂ = 0 or lifted to 1), ``example`` (the
example line through the origin drawn), ``step`` (visits of the run on [x, 1] played),
``summary`` (rows of its summary panel shown: 0, 1 (the run's end), 3 (the offset run's
beside it)), ``space_lift`` (the 2-D points at x₃ = 0 or 1),
``view`` (the 3-D view's turn in steps of the scene's turn: 0, 1 or −1), ``space_step``
(visits of the run in space played), ``panel`` (rows of the panel of both runs' ends
shown, each with the sentence that says it: 0 (the lift in a panel of its own), 2 (the
lift and the plane meeting x₃ = 1),
3 (the run on [x, 1] ends), 4 (the offset run's end beside it), 5 (both runs' update
counts)) and ``table`` (their first updates side by side).
"""

from __future__ import annotations

from .. import formatting
from ..storyboard import HOLD, Storyboard, StoryWriter
from .offset_lift import OffsetLiftLesson, offset_lift_lesson

#: the data the scene tells when none is given
DEFAULT_DATA = {"offset-lift": "offset1d"}

#: what sign(θ₁x) does with the points, by :func:`zero_rule`
THROUGH_ZERO = {
    "positive": "gives every positive x the same label",
    "negative": "gives every negative x the same label",
    ("both", False): "can only split the line at 0, and 0 does not separate these classes",
    ("both", True): "can only split the line at 0: here 0 happens to separate the classes, "
                    "but a threshold anywhere else needs an offset",
    ("both", True, "standardised"): "can only split the line at 0: standardised data is "
                                    "centred, and here 0 separates the classes, so this data "
                                    "needs no offset; a threshold anywhere else needs one",
}


def zero_rule(lesson: OffsetLiftLesson):
    """What a classifier through 0 does with these points (a key of :data:`THROUGH_ZERO`):
    all of one sign, or of both signs and whether 0 separates the classes (standardised
    data said so)."""
    if lesson.signs_of_x != "both":
        return lesson.signs_of_x
    if lesson.zero_separates and lesson.standardised:
        return ("both", True, "standardised")
    return ("both", lesson.zero_separates)


def offset_lift_storyboard(lesson: OffsetLiftLesson,
                           scene: str = "offset-lift") -> Storyboard:
    """Every beat of the scene `offset-lift` for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, part="line", notes=0, lift=0.0, example=False, step=0,
                        summary=0, space_lift=0.0, view=0, space_step=0, panel=0,
                        table=False)
    data = lesson.line.data

    # part 1: a line of points, lifted to x₂ = 1
    story.section("line", "Points on a line")
    names = lesson.class_names
    minus, plus = (f"− ({names[0]})", f"+ ({names[1]})") if names else ("−", "+")
    sides = (f"{minus} on the left, {plus} on the right" if lesson.negatives_left else
             f"{plus} on the left, {minus} on the right")
    what = f", x = {lesson.feature_words}" if lesson.feature_words else ""
    n = data.n_samples
    places = (f"{',' if what else ''} at {lesson.distinct_places} distinct places"
              if lesson.distinct_places < n else "")
    story.beat(f"{n} points on a line{what}{places}: {sides}. A classifier through 0, "
               f"sign(θ₁x), {THROUGH_ZERO[zero_rule(lesson)]}.", "show-line", notes=1)
    story.section("lift", "Lifting each point to [x, 1]")
    story.beat("Add the constant feature 1: each point x becomes [x, 1], on the line x₂ = 1.",
               "lift", notes=2, lift=1.0)
    story.beat(f"Now a line through the origin can cross x₂ = 1 between the − and the + "
               f"points, like this one at x = {formatting.number(lesson.example_threshold)}.",
               "example-line", notes=2, example=True)
    story.beat("Its weights are [θ₁, θ₀]: θ₀, the weight of the feature 1, is the offset.",
               "offset-note", notes=3)

    # the perceptron through the origin on [x, 1], and its threshold
    line = lesson.line
    result, offset_result = line.origin.result, line.offset.result
    story.section("perceptron-line", "The perceptron with an offset")
    # the run plays under the sentence that says where it ends, never before it
    story.beat("The perceptron through the origin on [x, 1], from θ = 0: where its line "
               "crosses x₂ = 1 is the threshold back on the line.", "line-start",
               example=False)
    ends = "converges" if line.converged and not line.stopped_by_rounding else "stops"
    story.beat(f"It {ends} after {formatting.count(result['updates'], 'update')} at [θ₁, θ₀] = "
               f"{formatting.vector(result['theta'])}: threshold "
               f"{formatting.number(lesson.final_threshold)}.", "line-run",
               step=line.origin.n_steps, summary=1)
    same = ("the same numbers after every update" if line.same_sequence else
            "the same numbers" if line.same_end else "other numbers")
    unused = ""
    if lesson.offset_unused:
        why = " (standardised data is centred)" if lesson.standardised else ""
        unused = (f" θ₀ ends at 0: on this data{why} 0 already separates the classes, so the "
                  f"offset does nothing here; it is needed where the threshold is away from 0.")
    story.beat(f"The perceptron with offset on x ends at θ₁ = "
               f"{formatting.number(offset_result['theta'][0])}, θ₀ = "
               f"{formatting.number(offset_result['theta0'])}: {same}.{unused}",
               "summary-rest", summary=3)
    if line.stopped_by_rounding:
        i = int(line.points_on_boundary[0])
        sign = "+" if data.y[i] > 0 else "−"
        story.beat(f"Careful: the {sign} point at x = {formatting.number(lesson.x[i])} sits on the "
                   f"threshold. Its score θ₁x + θ₀ is 0 but for the computer's rounding "
                   f"({line.final_scores[i]:.1e}), so the run stopped; in exact arithmetic it "
                   f"is a mistake and the run would go on.", "indicate-point")

    # part 2: 2-D data lifted to the plane x₃ = 1 of space
    space = lesson.space
    story.section("plane-to-space", "From the plane to space")
    story.beat(f"The same in one more dimension: {space.data.n_samples} points of the plane "
               f"get the feature 1 and rise to x₃ = 1.", "lift-plane", part="space",
               notes=0, summary=0, space_lift=1.0, view=1)
    story.section("perceptron-space", "The perceptron in space")
    story.beat("The perceptron through the origin on [x, 1]: a plane through the origin, "
               "which meets x₃ = 1 in a line of the data's plane.", "space-run",
               space_step=space.origin.n_steps, panel=2)
    a, b = space.origin.result, space.offset.result
    same = "the same numbers" if space.same_end else "other numbers"
    story.beat(f"It ends at {formatting.vector(a['theta'])}.", "space-panel", panel=3,
               view=-1)
    story.beat(f"The perceptron with offset on x ends at θ = {formatting.vector(b['theta'])}, "
               f"θ₀ = {formatting.number(b['theta0'])}: {same}.", "panel-rest", panel=4)
    count = len(lesson.table)
    if count:
        origin_updates = space.updates[0]
        held = (f"all {formatting.count(origin_updates, 'update')} of both runs hold the same "
                f"numbers (the first {count} in the table)" if space.same_sequence else
                f"the two runs do not hold the same numbers (the first {count} in the table)")
        story.beat(f"Update for update, too: {held}.", "table", table=True, panel=5)
        story.beat("One adds y·[x, 1] to [θ, θ₀], the other y·x to θ and y to θ₀.", HOLD)
    return story.storyboard()


def storyboard_of_offset_lift(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `offset-lift` on ``data`` (it makes its own runs)."""
    return offset_lift_storyboard(offset_lift_lesson(data, seed=seed))
