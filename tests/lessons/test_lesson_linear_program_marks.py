"""The mistakes marked while a line's count is said (linear-program, data no line through
the origin separates): each counted line's points with y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0, recomputed
here in exact rational arithmetic from the runs' states (the best state found by brute
force), as many as the sentence says, and the beats that say a count carry them."""

from __future__ import annotations

from fractions import Fraction

import pytest


from lp_gallery import CASES, lesson_or_skip


def exact_wrong(X, y, theta, theta0=0.0) -> list[int]:
    """The points with y(θᵀx + θ₀) ≤ 0, every product and sum in rationals."""
    t1, t2, t0 = (Fraction(float(v)) for v in (*theta, theta0))
    return [i for i, ((a, b), label) in enumerate(zip(X, y))
            if Fraction(float(label)) * (t1 * Fraction(float(a)) + t2 * Fraction(float(b)) + t0)
            <= 0]


def best_of(run, X, y) -> list[int]:
    """The mistakes of the run's first state (after an update, θ = 0 left out) with the
    fewest, by trying every state."""
    thetas, offsets = run.states["theta"], run.states["theta0"]
    found = [exact_wrong(X, y, thetas[k], offsets[k]) for k in range(1, len(thetas))]
    return min(found, key=len)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_counted_line_marks_its_mistakes(case):
    data, lesson, beats = lesson_or_skip(case)
    # the walk's updates said one by one: their line's mistakes, recounted exactly
    X, y = data.X, data.y
    for beat in beats:
        if beat.motion == "walk-step":
            wrong = exact_wrong(X, y, lesson.thetas[beat.steps[1]])
            assert beat.state["wrong_marks"] == ({"dashed": wrong} if wrong else None)
            assert (f"Now {len(wrong)} of {len(y)}" in beat.sentence) == bool(wrong)
    marked = [beat.state["wrong_marks"] for beat in beats if beat.motion != "walk-step"]
    if lesson.feasible:
        assert not any(marked)
        return
    X, y = data.X, data.y
    best = best_of(lesson.endless, X, y)
    said = next(beat for beat in beats if beat.motion == "endless-best")
    # the returned θ (the run's last state), where another than the best, marked too
    run = lesson.endless
    last = exact_wrong(X, y, run.states["theta"][-1], run.states["theta0"][-1])
    if last == best and "its last, which it returns, is that one" in said.sentence:
        assert said.state["wrong_marks"] == {"dashed": best}
    else:
        assert said.state["wrong_marks"] == {"dashed": best, "solid": last}
        assert (f"which gets {len(last)}" in said.sentence
                or f"nearly the same line, with the same {len(last)} wrong" in said.sentence)
    assert f"{len(best)} of {len(y)} points wrong" in said.sentence
    if not lesson.inseparable or lesson.subset is None:
        return
    fewest = exact_wrong(X, y, lesson.fewest_line.theta, lesson.fewest_line.theta0)
    assert len(fewest) == lesson.fewest_line.mistakes
    # the fewest any line gets wrong, squared as they are left out for the programme
    beat = next(beat for beat in beats if beat.motion == "subset")
    assert beat.state["wrong_marks"] == {"white": fewest}
    # the marks stand until the lines they count leave: through the close-ups said after
    # the count, then none until the next count
    between = beats[beats.index(said) + 1:beats.index(beat)]
    close = [b for b in between if b.motion == "near"]
    assert close in ([], list(between[:1]))
    # (the dashed line's: the returned θ's solid line leaves as its close-ups come)
    assert all(b.state["wrong_marks"] == {"dashed": said.state["wrong_marks"]["dashed"]}
               for b in close)
    rest = between[len(close):]
    assert rest and all(b.state["wrong_marks"] is None for b in rest)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_near_inset_marks_only_the_mistakes_of_its_own_line(case):
    """An inset between the planes draws one line, the one its point looks on: the marks it
    shows are that line's mistakes (recounted exactly), of that line's kind only, so a ×
    in it is a mistake of the line drawn there."""
    from linviz.lessons.linear_program_near import inset_marks

    data, lesson, beats = lesson_or_skip(case)
    lines = lesson.counted_lines
    kinds = {"best": "dashed", "offset_best": "dashed", "fewest": "white"}
    for beat in beats:
        near = beat.state["near"]
        if not near:
            continue
        assert "last" not in near["lines"]  # the last θ's count is not said: not drawn
        for _, name in near["points"]:
            marks = inset_marks(beat.state["wrong_marks"], name)
            assert list(marks) == [kinds[name]], beat.motion
            assert marks[kinds[name]] == exact_wrong(data.X, data.y, *lines[name])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_pass_counts_are_drawn_only_as_the_notes_remark_is_said(case):
    """The runs' updates per pass are drawn (the state's ``pass_counts``) only while the
    notes' remark on testing is said (:func:`check_watched_passes`): no other beat draws
    them (the run with an offset, which had them, is not told: review 286)."""
    data, lesson, beats = lesson_or_skip(case)
    assert not [b for b in beats if b.state["pass_counts"] and b.motion != "testable"]
    check_watched_passes(data, lesson, beats)


def check_watched_passes(data, lesson, beats) -> None:
    """The passes drawn as the notes' remark on testing is said: the perceptron through the
    origin's updates in each pass, recounted by a plain loop (where no line separates even
    with an offset, its first 8, each with some; elsewhere none drawn)."""
    import numpy as np

    (beat,) = [b for b in beats if b.motion == "testable"]
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    # drawn where the right half is free: no line separates even with an offset
    free = not lesson.feasible and not lesson.separable_with_offset
    theta, counts = np.zeros(2), []
    for _ in range(8 if not lesson.feasible else 10_000):
        made = 0
        for x, label in zip(X, y):
            if label * (theta @ x) <= 0:
                theta, made = theta + label * x, made + 1
        counts.append(made)
        if made == 0:
            break
    assert (counts[-1] == 0) == lesson.feasible
    assert beat.state["pass_counts"] == (counts if free else None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_magnified_point_at_a_tied_place_is_said_to_be_there(case):
    """A close-up's point that shares its place with points of the other class (its marker
    shows both) is named with its class and theirs, "21 (a − where + points 77 and 89
    are)", and a point that shares no such place is not; where it is on its wrong side and
    they on their correct side of the line, they are said to be (review 305: the + glyph
    there was right, unsaid); places and sides recomputed from the data."""
    import re

    import numpy as np

    data, lesson, beats = lesson_or_skip(case)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    for beat in beats:
        if beat.motion != "near" or not beat.state["near"]:
            continue
        for i in beat.state["ringed"]:
            same = np.all(X == X[i], axis=1)
            mates = [int(j) for j in np.flatnonzero(same & (y != y[i]))]
            sign = "+" if y[i] > 0 else "−"
            other = "−" if y[i] > 0 else "+"
            names = ", ".join(str(j + 1) for j in mates[:-1]) + (
                f" and {mates[-1] + 1}" if len(mates) > 1 else f"{mates[-1] + 1}" if mates
                else "")
            group = "point" if len(mates) == 1 else "points"
            named = re.search(rf"\b{i + 1} \(a {re.escape(sign)} where {re.escape(other)} "
                              rf"{group} {re.escape(names)} (is|are)\)", beat.sentence)
            if len(beat.state["ringed"]) > 4:
                assert not named
                continue
            assert bool(named) == bool(mates), (i, beat.sentence)
            if not mates:
                continue
            # the line the close-up is about (one line here: the dashed best θ)
            (name,) = beat.state["near"]["lines"]
            theta, theta0 = lesson.counted_lines[name]
            score = X @ np.asarray(theta, dtype=float) + theta0
            if y[i] * score[i] <= 0 and all(y[j] * score[j] > 0 for j in mates):
                verb = "is on its" if len(mates) == 1 else "are on their"
                assert f"; {names} {verb} correct side" in beat.sentence, beat.sentence
