"""The storyboard of the scene `update`: the notes' identity y(θ'ᵀx + θ'₀) = y(θᵀx + θ₀) +
‖x‖² + 1 derived line by line, checked on a real mistake of the run, shown as a jump on a
number line, and the point that needs several updates, its y·score after each (see
:mod:`linviz.storyboard` for the one rule of time).

The state
---------
``screen`` (what the picture is: "identity", "mistake": the plane and the mistake's
panel, "line": the jump on a number line, "history": the several updates), ``lines``
(lines of the identity shown, 0–3), ``summary`` (its conclusion shown), ``turn`` (the
explained update played: 0 before, 1 after), ``numbers`` (the identity with the run's
numbers shown), ``jump`` (the number line's y·score: 0 the old, 1 the new), ``data_line``
(the 1-D data set of the several updates shown), ``table`` (the history's table shown)
and ``rows`` (its rows played).
"""

from __future__ import annotations

from .. import formatting
from ..storyboard import HOLD, Storyboard, StoryWriter
from .update import UpdateLesson, update_lesson

#: the data the scene tells when none is given
DEFAULT_DATA = {"update": "separable"}


def shows_data_line(lesson: UpdateLesson) -> bool:
    """The several updates come from a 1-D data set of their own, drawn before its table."""
    return lesson.several_from_other_data and lesson.several_trace.data.n_features == 1


def verdict_after(lesson: UpdateLesson, update) -> str:
    """What the point is after its own ``update``, chosen by the lesson's predicates."""
    if not update.correct_after_its_update:
        return "Still a mistake."
    if update.correct_to_the_end:
        return "Correct now, and for the rest of the run."
    if update.correct_after_the_next_update is False:
        following = int(lesson.owners[update.state]) + 1
        return (f"Correct for now: the next update, on point {following}, makes it a mistake "
                f"again.")
    return "Correct after it, and still after the next update."


def row_sentences(lesson: UpdateLesson) -> list[str | None]:
    """The sentence said when each row of the history starts playing (None: the row plays
    under the sentence before it)."""
    places, history, rows = lesson.history_places, lesson.history, lesson.rows
    number = lambda v: formatting.number(float(v), places)  # noqa: E731
    sentences: list[str | None] = []
    said_other, own_seen = False, 0
    for r, (a, b, own) in enumerate(rows):
        before, after = float(history[a]), float(history[b])
        sentence = None
        if own and before <= 0:
            own_seen += 1
            sentence = (f"{'Its own update' if own_seen == 1 else 'Its own update again'}: "
                        f"{number(before)} + {number(after - before)} = {number(after)}. "
                        + verdict_after(lesson, lesson.own_update(b)))
        elif not own and (r == 0 or rows[r - 1][2]):
            # a run of updates on other points, said once as a whole
            end = r
            while end + 1 < len(rows) and not rows[end + 1][2]:
                end += 1
            last = rows[end][1]
            single = last - a == 1
            who = (f"Update {last}, on point {int(lesson.owners[last - 1]) + 1}" if single
                   else f"Updates {a + 1} to {last}, on other points")
            if not said_other:
                who += (", moves" if single else ", move") + " this y·score too"
            said_other = True
            # where the point changes side on the way (one update's signs say it already)
            turns = "" if single else "; ".join(
                f"{'correct' if correct else 'a mistake again'} after update {m}"
                for m, correct in lesson.sign_changes(a, last))
            sentence = (f"{who}: from {number(before)} to {number(history[last])}"
                        + (f"; {turns}." if turns else "."))
        sentences.append(sentence)
    return sentences


def boundary_words(lesson: UpdateLesson) -> str:
    """What the update does to the boundary, as the view shows it (a turn out of view is
    not said to be seen)."""
    before, after = lesson.boundary_in_view(False), lesson.boundary_in_view(True)
    if before and after:
        return "the boundary turns"
    if after:
        return "the boundary comes into view"
    if before:
        return "the boundary turns out of view"
    return "the boundary moves, outside this view"


def update_storyboard(lesson: UpdateLesson, scene: str = "update") -> Storyboard:
    """Every beat of the scene `update` for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, screen="identity", lines=0, summary=False, turn=0.0,
                        numbers=False, jump=0.0, data_line=False, table=False, rows=0)
    places = lesson.places
    n = lambda v: formatting.number(float(v), places)  # noqa: E731

    story.section("identity", "The update rule")
    story.beat("After a mistake on point i, θ gains y⁽ⁱ⁾x⁽ⁱ⁾ and θ₀ gains y⁽ⁱ⁾.", "rule")
    story.beat("What happens to its y·score y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀), the label times the score?",
               "identity-line", lines=1)
    story.beat("Multiply out: the old y·score, plus (y⁽ⁱ⁾)² times (x⁽ⁱ⁾ᵀx⁽ⁱ⁾ + 1).",
               "identity-line", lines=2)
    story.beat("A label is +1 or −1, so (y⁽ⁱ⁾)² = 1: the y·score grows by ‖x⁽ⁱ⁾‖² + 1.",
               "identity-line", lines=3)
    story.beat("That is at least 1 for any point: an update always raises the y·score of its "
               "own point.", "identity-summary", summary=True)

    story.section("a-real-mistake", "A real mistake")
    k, i, label = lesson.step, lesson.point, formatting.label(lesson.label)
    story.beat(f"A real mistake of the perceptron's run: at step {k + 1}, point {i + 1} (label "
               f"{label}) has y·score {n(lesson.old_score)}, not above 0.", "mistake-panel",
               screen="mistake")
    story.beat(f"The update adds y⁽ⁱ⁾x⁽ⁱ⁾ to θ and {label} to θ₀: "
               f"{boundary_words(lesson)}.", "turn", turn=1.0)
    equals = "=" if lesson.identity_adds_up else "≈"
    story.beat(f"Into the identity: {n(lesson.old_score)} + {n(lesson.norm_squared)} + 1 "
               f"{equals} {n(lesson.new_score)}, the new y·score of the run's θ′ and θ′₀.",
               "numbers", numbers=True)

    story.section("number-line", "The y·score on a number line")
    story.beat(f"On a number line: the y·score of point {i + 1} starts at "
               f"{n(lesson.old_score)}, on the mistake side of 0.", "number-line", screen="line")
    how = ("past 0: correct now." if lesson.corrects_at_once
           else "still not above 0: not yet correct.")
    story.beat(f"The update adds {n(lesson.gain)}: the y·score lands at {n(lesson.new_score)}, "
               f"{how}", "jump", jump=1.0)
    story.beat("But the jump has a fixed size: a y·score further below 0 than ‖x⁽ⁱ⁾‖² + 1 "
               "stays a mistake after it, as the next example shows.", "indicate-jump")

    story.section("several-updates", "Several updates")
    trace, j = lesson.several_trace, lesson.several_point
    data = trace.data
    x_j, y_j = data.X[j], formatting.label(float(data.y[j]))
    x_said = (formatting.number(x_j[0]) if data.n_features == 1 else formatting.vector(x_j))
    gain = formatting.number(lesson.several_gain)
    if not shows_data_line(lesson):
        where = ("in the same run" if not lesson.several_from_other_data
                 else "in a run on another data set")
        story.beat(f"It can take several updates: {where}, point {j + 1} has label {y_j} and "
                   f"‖x⁽ⁱ⁾‖² + 1 = {gain}. Below, its y·score after each update.", "history",
                   screen="history", table=True)
    else:
        positives = lesson.several_positives
        story.beat(f"In the run above, every update put its own point right at once. It can "
                   f"take several: here is a 1-D data set of {data.n_samples} points, "
                   f"{positives} labelled +1 and {data.n_samples - positives} labelled −1.",
                   "data-line", screen="history", data_line=True)
        story.beat(f"Point {j + 1}, at x = {x_said}, label {y_j}, has ‖x⁽ⁱ⁾‖² + 1 = {gain}; "
                   f"below, its y·score after each update.",
                   "history", table=True)
    sentences = row_sentences(lesson)
    r = 0
    while r < len(sentences):
        end = r + 1
        while end < len(sentences) and sentences[end] is None:
            end += 1
        story.beat(sentences[r] or "Its y·score after each update, row by row.",
                   "history-rows", steps=(r, end), rows=end)
        r = end
    lesson_end = ("its y·score ends at" if lesson.history_reaches_the_end
                  else f"after update {lesson.last_state_shown} its y·score is")
    if lesson.several_separable:
        why = ("How many updates it takes depends on how far below 0 it starts"
               + (", and updates on other points can make it a mistake again."
                  if lesson.undone_by_others else "."))
    else:  # no θ puts every point right: the run never ends (review 58, wine)
        why = ("No line separates these points, so no θ puts every y·score above 0"
               + (": updates on the others keep making this one a mistake again."
                  if lesson.undone_by_others else ", for good."))
    hp = lesson.history_places
    story.beat(f"{lesson.own_updates_shown} updates of +{formatting.number(lesson.several_gain, hp)}"
               f" on point {j + 1}, {lesson.other_updates_shown} on others; {lesson_end} "
               f"{formatting.number(lesson.final_score_shown, hp)}"
               + (", correct for good" if lesson.stays_correct else "") + ".",
               "indicate-history")
    story.beat(why, HOLD)
    return story.storyboard()


def storyboard_of_update(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `update` on ``data`` (or a saved ``trace`` of its run)."""
    return update_storyboard(update_lesson(data, trace=trace))
