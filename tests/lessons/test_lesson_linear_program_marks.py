"""The mistakes marked while a line's count is said (linear-program, data no line through
the origin separates): each counted line's points with y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0, recomputed
here in exact rational arithmetic from the runs' states (the best state found by brute
force), as many as the sentence says, and the beats that say a count carry them."""

from __future__ import annotations

from fractions import Fraction

import re

import numpy as np
import pytest


from lp_gallery import CASES, lesson_or_skip


def exact_wrong(X, y, theta, theta0=0.0) -> list[int]:
    """The points with y(θᵀx + θ₀) ≤ 0, every product and sum in rationals."""
    t1, t2, t0 = (Fraction(float(v)) for v in (*theta, theta0))
    return [i for i, ((a, b), label) in enumerate(zip(X, y))
            if Fraction(float(label)) * (t1 * Fraction(float(a)) + t2 * Fraction(float(b)) + t0)
            <= 0]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_counted_line_marks_its_mistakes(case):
    """Each line whose count is said has its mistakes marked, recounted exactly here: the
    walk's line after each update said one by one; on data no line through 0 separates,
    the fewest-mistakes θ drawn at the opening, as it is scaled (and while it stands, scaled,
    as the inequalities are asked) and where every θ is said to get at least that many
    wrong; no other beat marks any."""
    data, lesson, beats = lesson_or_skip(case)
    X, y = data.X, data.y
    for before, beat in zip(beats, beats[1:]):
        if beat.motion == "walk-step":
            wrong = exact_wrong(X, y, lesson.thetas[beat.steps[1]])
            assert beat.state["wrong_marks"] == ({"dashed": wrong} if wrong else None)
            assert (f"Now {len(wrong)} of {len(y)}" in beat.sentence) == bool(wrong)
        if beat.motion == "walk-close":  # (its update's marks stand as its close point is)
            assert before.motion == "walk-step"
            assert beat.state["wrong_marks"] == before.state["wrong_marks"]
    marked = {beat.motion: beat.state["wrong_marks"] for beat in beats
              if beat.motion not in ("walk-step", "walk-close") and beat.state["wrong_marks"]}
    # the θ marked in one half-plane: its line's mistakes, said (one constraint is not
    # enough), and marked on that beat alone
    (duality,) = [beat for beat in beats if beat.motion == "probe"]
    probed = exact_wrong(X, y, lesson.probe)
    assert marked.pop("probe", None) == ({"dashed": probed} if probed else None)
    assert (f"its line gets {len(probed)} of {len(y)} wrong" in duality.sentence) == bool(probed)
    if lesson.feasible:
        assert not marked
        return
    fewest = exact_wrong(X, y, lesson.scaling_theta)
    assert set(marked) <= {"trial", "lifted", "loses-nothing", "inequalities", "infeasible",
                           "no-line", "tied-place",
                           "left-out", "kept", "kept-margin", "kept-length", "kept-close",
                           "recap"}
    assert marked["infeasible"] == {"dashed": fewest}
    # the scaled θ's mistakes stand while it does, through the inequalities (reviews 321),
    # what it shows said: it lifts the points it gets right (reviews 333)
    assert marked.get("inequalities") == marked.get("loses-nothing") == marked.get("lifted")
    (asked,) = [beat for beat in beats if beat.motion == "loses-nothing"]
    # the claim in general, not this θ's again (reviews 336: said twice)
    assert asked.sentence.endswith("scaled up has every one at least 1.")
    assert "this one" not in asked.sentence
    assert marked.get("recap", {"dashed": fewest}) == {"dashed": fewest}  # (no-separator's)
    (said,) = [beat for beat in beats if beat.motion == "infeasible"]
    assert f"every θ gets at least {len(fewest)} wrong, as this one does" in said.sentence
    # that θ drawn from "this one" until the last sentence that names it (review 313: it
    # left as the kept beat said "this θ" again)
    # (in `linear-program`'s beats; `no-separator`'s recap draws it again, as it says "as
    # this one does", till Gordan's alternative)
    end = next((k for k, beat in enumerate(beats) if beat.motion == "recap"), len(beats))
    drawn = [beat for beat in beats[:end] if beat.state["fewest_line"]]
    assert drawn[0] is said
    assert tuple(drawn) == tuple(beats[beats.index(said):beats.index(said) + len(drawn)])
    assert ("this θ" in drawn[-1].sentence or "as this one" in drawn[-1].sentence
            or drawn[-1] is said)
    assert not any("this θ" in beat.sentence for beat in beats[beats.index(drawn[-1]) + 1:end])
    if end < len(beats):
        assert [b.motion for b in beats[end:] if b.state["fewest_line"]] == ["recap"]
        assert "as this one does" in beats[end].sentence


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_pass_counts_are_drawn_only_as_the_notes_remark_is_said(case):
    """The runs' updates per pass are drawn (the state's ``pass_counts``) as the notes'
    remark on testing is answered, from the beat that counts them to the solve
    (:func:`check_watched_passes`): no beat before draws them (the run with an offset,
    which had them, is not told: review 286)."""
    data, lesson, beats = lesson_or_skip(case)
    motions = [b.motion for b in beats]
    counted = [k for k, b in enumerate(beats) if b.state["pass_counts"]]
    # (the beats given on are `no-separator`'s, which leave them)
    # (the notes' table takes their place at the last word)
    assert counted == ([] if not counted else
                       list(range(motions.index("watched"), motions.index("solved") + 1)))
    check_watched_passes(data, lesson, beats)


def check_watched_passes(data, lesson, beats) -> None:
    """The passes drawn as the notes' remark on testing is said: the perceptron through the
    origin's updates in each pass, recounted by a plain loop (all of them, the last with
    none, where it stops; where no line separates even with an offset, its first 8, each
    with some; elsewhere none drawn)."""
    import numpy as np

    (beat,) = [b for b in beats if b.motion == "watched"]
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    # drawn where there is a run to tell: the one that stopped (a line through 0
    # separates), or where no line separates even with an offset, its first 8
    free = lesson.feasible or not lesson.separable_with_offset
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
def test_without_the_fewest_thetas_mistakes_the_solver_finds_a_separator(case):
    """On data no line through 0 separates, the points the opening's θ gets wrong left out,
    the programme on the rest is feasible: its θ (checked against HiGHS afresh: the same
    least |θ₁| + |θ₂|) meets each kept constraint (≥ 1 in rationals, to the solver's
    tolerance), gets exactly the left-out points wrong, and lies in the opening θ's arc of
    directions; the sentence says the counts."""
    from scipy.optimize import linprog

    data, lesson, beats = lesson_or_skip(case)
    kept_beats = [b for b in beats if b.motion == "kept"]
    if lesson.feasible:
        assert lesson.kept_theta is None and not kept_beats
        return
    (said,) = kept_beats
    (left,) = [b for b in beats if b.motion == "left-out"]
    assert beats.index(left) + 1 == beats.index(said)
    X, y = data.X, data.y
    left_out = exact_wrong(X, y, lesson.scaling_theta)
    theta = lesson.kept_theta
    assert exact_wrong(X, y, theta) == left_out
    kept = [i for i in range(len(y)) if i not in left_out]
    A = np.asarray(y, dtype=float)[kept, None] * np.asarray(X, dtype=float)[kept]
    found = linprog(np.ones(4), A_ub=-np.hstack([A, -A]), b_ub=-np.ones(len(A)),
                    bounds=[(0, None)] * 4, method="highs")
    assert found.status == 0
    assert abs(theta[0]) + abs(theta[1]) == pytest.approx(found.fun, rel=1e-7)
    assert float(np.min(A @ theta)) >= 1 - 1e-7
    # off the plane, the first of its nearest kept points (y·score 1, recounted) magnified
    # as their distance is said where it would look on the line (reviews 345: they did,
    # unmagnified, and a farther one was); those farther that look on it too said after
    from linviz.lessons.linear_program import STEP_INSET_ZOOM
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_SHARE, fitted_box
    from linviz.lessons.linear_program import DATA_VIEW_PADDING

    view = fitted_box(X, include_origin=True, padding=DATA_VIEW_PADDING)
    width = view.x_max - view.x_min
    signed = (np.asarray(y, dtype=float) * (np.asarray(X, dtype=float) @ theta)
              / np.hypot(*theta))

    def magnified_enough(i: int) -> bool:  # an inset would magnify it STEP_INSET_ZOOM times
        return bool(np.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * abs(signed[i]))
                             + 1e-9) >= STEP_INSET_ZOOM)

    tight = [i for i in kept if float(y[i]) * float(np.asarray(X[i], dtype=float) @ theta)
             <= 1 + 1e-6]
    # (the first point of each of their places, in turn: reviews 345, two places, one said)
    firsts = [i for k, i in enumerate(tight)
              if not any(np.array_equal(X[i], X[t]) for t in tight[:k])]
    insets = [i for i in firsts if magnified_enough(i)]
    shown = (not said.state["kept_on_plane"]) and bool(insets)
    if not said.state["kept_on_plane"]:
        margin_beat, length_beat = beats[beats.index(said) + 1: beats.index(said) + 3]
        # every tight point at a place magnified named (reviews 347: 78, at 74's, unsaid)
        shown_points = [i for i in tight if any(np.array_equal(X[i], X[j]) for j in insets)]
        one = ("" if not insets else "it is" if len(tight) == 1 else
               f"point {shown_points[0] + 1} is" if len(shown_points) == 1 else
               "points " + ", ".join(str(i + 1) for i in shown_points[:-1])
               + f" and {shown_points[-1] + 1} are")
        assert margin_beat.sentence.endswith(
            f": magnified, {one} just on its correct side.") == shown, margin_beat.sentence
        assert margin_beat.state["magnified"] == (insets if shown else None)
        # its length, a sentence of its own, the close-up gone (the ray seen)
        assert length_beat.motion == "kept-length" and length_beat.state["inset"] is None
        # written as said: the product (label times score = length times distance = 1),
        # then the length it forces, ‖θ‖ of the solver's θ (recomputed) to its digits
        margin = margin_beat.state["kept_margin"]
        product, forced = length_beat.state["status"].split(" · ")[-1].split(", so ")
        assert product == f"$y^((i)) theta^T x^((i)) = norm(theta) dot {margin} = 1$"
        length = re.fullmatch(rf"\$norm\(theta\) = 1 \\/ {re.escape(margin)} = "
                              r"\\?\"?([0-9.,]+)\\?\"?\$", forced)
        assert length, forced
        norm = float(np.hypot(*theta))
        assert abs(float(length[1].replace(",", "")) - norm) <= 0.006 * norm
    close = lesson.line_inset(theta)
    if shown and close is not None and close[0] in tight:  # (else said as on the plane)
        closes = [b for b in beats if b.motion == "kept-close"]
        near = [i for i in range(len(y)) if signed[i] > 0 and magnified_enough(i)]
        # those farther, not at a tight point's place, said and ringed, they alone
        more = [i for i in near if i not in tight
                and not any(np.array_equal(X[i], X[t]) for t in tight)]
        assert len(closes) == bool(more)
        if more:
            (near_said,) = closes
            assert beats.index(near_said) == beats.index(said) + 3
            assert near_said.state["ringed"] == more
            sentence, nearest = more_said(X, signed, more)
            assert near_said.sentence == sentence
            assert near_said.state["magnified"] == [nearest]
    else:
        # where a point would look on its line, it is said and magnified (as the walk's steps),
        # with every point as near (within 1 %, recomputed): reviews 317, two at 1, one said
        close = lesson.line_inset(theta)
        closes = [b for b in beats if b.motion == "kept-close"]
        assert len(closes) == (close is not None)
        if close is not None:
            (near_said,) = closes  # the beat after, its own (reviews 317: 26 s in one)
            # (after the margin's beat where the θ lies off the plane)
            assert beats.index(near_said) == beats.index(left) + 2 + 2 * (
                not said.state["kept_on_plane"])
            assert near_said.state["inset"] == "step" and near_said.state["kept"]
            # a still after it where a second point is magnified as it ends (reviews 343: it
            # left with the section's title a second after it came)
            from linviz.lessons.linear_program_story import REVEAL_PAUSE
            assert near_said.pause == (REVEAL_PAUSE if len(near_said.state["magnified"]) > 1
                                       else 0.0)
            # every point on the magnified one's side an inset would magnify as much (zoom ≥
            # STEP_INSET_ZOOM, recomputed), named, but those at its place (said to share it)
            from linviz.lessons.linear_program import STEP_INSET_ZOOM
            from linviz.view_box import INSET_HALF_WIDTHS, INSET_SHARE, fitted_box
            from linviz.lessons.linear_program import DATA_VIEW_PADDING

            view = fitted_box(X, include_origin=True, padding=DATA_VIEW_PADDING)
            width = view.x_max - view.x_min
            signed = np.asarray(lesson.signed) @ theta / np.hypot(*theta)
            first = close[0]
            near = [i for i in range(len(y)) if signed[i] * signed[first] > 0 and np.floor(
                INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * abs(signed[i])) + 1e-9)
                >= STEP_INSET_ZOOM]
            assert first in near and set(near_said.state["ringed"]) == {
                i for i in near if i == first or not np.array_equal(X[i], X[first])}
            names = [str(i + 1) for i in [first, *near]
                     if i == first or (i != first and not np.array_equal(X[i], X[first]))]
            names = list(dict.fromkeys(names))
            # the points the margin's beat ringed and said to be near, all of them: only the
            # inset's reading said (reviews 336: said twice)
            tight = {str(i + 1) for i in lesson.kept_tight}
            brief = not said.state["kept_on_plane"] and set(names) <= tight
            assert ("on the line of the solver's θ" in near_said.sentence) == (not brief)
            if brief:
                assert near_said.sentence.startswith(
                    f"Point {first + 1}, magnified, is just on its correct side")
            elif 1 < len(names) <= 3:
                listed = ", ".join(names[:-1]) + " and " + names[-1]
                assert f"Points {listed} look on the line of the solver's θ" in near_said.sentence
            elif len(names) > 3 and tight and str(first + 1) in tight and not said.state[
                    "kept_on_plane"]:  # those beyond the nearest, ringed the beat before, counted
                # as more, farther (reviews 339: "six points" said of three rings seen before)
                more = [int(n) - 1 for n in names if n not in tight]
                assert all(abs(signed[i]) > abs(signed[first]) for i in more)
                sentence, nearest = more_said(X, signed, more)
                assert near_said.sentence == sentence
                assert near_said.state["magnified"] == [nearest]
                assert lesson.point_inset(theta, nearest) is not None
            elif len(names) > 3:  # counted (reviews 321: six numbers read twice, one labelled)
                count = {4: "Four", 5: "Five", 6: "Six"}.get(len(names), str(len(names)))
                # their distinct places counted where fewer (reviews 324: six named, four rings)
                places = len(np.unique(X[[int(n) - 1 for n in names]], axis=0))
                words = {2: "two", 3: "three", 4: "four", 5: "five"}
                at = f", at {words.get(places, places)} places," if places < len(names) else ""
                assert near_said.sentence.startswith(
                    f"{count} points{at} look on the line of the solver's θ, ringed: magnified, point "
                    f"{first + 1} is just on its correct side")
                others = {3: "three", 4: "four", 5: "five"}.get(len(names) - 1, len(names) - 1)
                assert near_said.sentence.endswith(f"; so are the other {others}.")
    # in the same arc: no point's line between the two directions
    between = np.sign(np.asarray(lesson.signed) @ theta) * np.sign(
        np.asarray(lesson.signed) @ lesson.scaling_theta)
    assert np.all(between > 0)
    angle = np.degrees(np.arccos(np.clip(theta @ lesson.scaling_theta / np.hypot(*theta)
                                         / np.hypot(*lesson.scaling_theta), -1, 1)))
    # the angle said to the nearest 0.1° (reviews 324: "almost the same way" at 0.1°;
    # reviews 355: "within 1.4°" read as the angle, 1.34°), "within 0.1°" below 0.05°
    near = round(float(angle), 1)
    way = (f"to about {near:.1f}°" if near >= 0.1 else "to within 0.1°")
    assert (f"points the same way as this one, {way}" in said.sentence) == (angle < 3)
    assert ("lies in the same wedge" in said.sentence) == (angle >= 3)
    green = ("the green wedge holds" if len(lesson.kept_arcs) == 1
             else "the green wedges hold")
    assert (f"Leave out the {len(left_out)} points this θ gets wrong, and the programme "
            f"on the other {len(kept)} is feasible: {green} the θ right on all "
            f"{len(kept)}." == left.sentence)
    assert left.state["left_out"] == left_out and said.state["left_out"] == left_out
    # (this θ meets them all, scaled: every kept y·score > 0, recounted)
    assert float(np.min(A @ np.asarray(lesson.scaling_theta, dtype=float))) > 0
    assert said.state["wrong_marks"] == left.state["wrong_marks"] == {"dashed": left_out}
    # its points at its least y·score, 1 (flashed as that is said), among the kept only
    at_one = [i for i in kept if float(y[i]) * float(np.asarray(X[i], dtype=float) @ theta)
              <= 1 + 1e-6]
    assert at_one and lesson.kept_tight == at_one
    # off the plane, its length said as 1 over its margin (its least y·score is 1)
    if not said.state["kept_on_plane"]:
        length = np.hypot(*theta)
        assert float(np.min(A @ theta)) == pytest.approx(1.0, abs=1e-7)
        # a beat of its own (reviews 324), the margin 1/‖θ‖ to 3 significant digits
        margin_beat = beats[beats.index(said) + 1]
        assert margin_beat.motion == "kept-margin" and "beyond the plot's edge" in said.sentence
        # the distance of the nearest kept points (recomputed, |y θᵀx| / ‖θ‖), and the
        # length 1 over it, said to digits that agree (1/0.0424 is 23.58: reviews 324)
        margin = float(np.min(A @ theta)) / length
        # (two sentences: reviews 345, the distance and why it fixes the length in one)
        length_beat = beats[beats.index(margin_beat) + 1]
        found = re.search(r"(?:only )?([\d.]+) from it(?::|\.)", margin_beat.sentence)
        # (why: a label times score is ‖θ‖ times the distance, reviews 347)
        reciprocal = re.fullmatch(r"(?:Its|Their) label times score is θ's length times "
                                  r"(?:its|their) distance; for it to be 1, θ's length must "
                                  r"be 1 / ([\d.]+) = ([\d,]+\.\d\d)\.",
                                  length_beat.sentence)
        assert found and reciprocal and found[1] == reciprocal[1], margin_beat.sentence
        found = (found[0], found[1], reciprocal[1], reciprocal[2])
        said_margin = float(found[1])
        places = len(found[1].split(".")[1])
        assert (f"only {found[1]}" in margin_beat.sentence) == (length > 1)
        assert said_margin == pytest.approx(round(margin, places), abs=1e-12)
        assert places >= 2 - int(np.floor(np.log10(margin)))  # (3 significant digits)
        assert f"{1 / said_margin:,.2f}" == found[3] == f"{length:,.2f}"
        # the same digits written by the points as said (the state's, not parsed back)
        assert margin_beat.state["kept_margin"] == found[1]
        ringed = "point nearest its line, ringed, is" if len(at_one) == 1 else \
            "points nearest its line, ringed, are"
        assert f"because the kept {ringed} " in margin_beat.sentence
        # (not said to be the widest margin: reviews 367, heard as the programme finding
        # the widest, which a least |θ₁| + |θ₂| need not be)
        assert "wider margin" not in length_beat.sentence + margin_beat.sentence


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_kept_wedges_are_the_directions_right_on_every_kept_point(case):
    """The wedges tinted as "feasible" is said (the lesson's ``kept_arcs``): a direction
    inside one gets no kept point wrong (exact, in rationals, at 64 angles across each), one
    just outside each edge gets some kept point wrong, and the kept θ and the opening's θ
    point into one; none on separable data."""
    data, lesson, _ = lesson_or_skip(case)
    if lesson.feasible:
        assert lesson.kept_arcs == []
        return
    X, y = data.X, data.y
    left_out = exact_wrong(X, y, lesson.scaling_theta)
    kept = [i for i in range(len(y)) if i not in left_out]

    def kept_wrong(angle: float) -> list[int]:
        wrong = exact_wrong(X, y, np.array([np.cos(angle), np.sin(angle)]))
        return [i for i in wrong if i in kept]

    arcs = lesson.kept_arcs
    assert arcs
    for start, end in arcs:
        assert 0 < end - start < np.pi
        for angle in np.linspace(start, end, 66)[1:-1]:
            assert kept_wrong(angle) == []
        step = 1e-7 * (end - start)
        assert kept_wrong(start - step) and kept_wrong(end + step)

    def inside(theta) -> bool:
        angle = np.arctan2(theta[1], theta[0])
        return any(np.mod(angle - start, 2 * np.pi) < end - start for start, end in arcs)

    assert inside(lesson.kept_theta) and inside(lesson.scaling_theta)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_place_both_classes_share_is_said_to_show_no_line_separates(case):
    """Where both classes share a place (its tag, "+2 −1", on the plane from the first
    sentence), the beat after the opening's turn says it shows at a glance why the best
    line gets some wrong, that place ringed, its counts recounted here; where none does, no
    beat says it (review 313: the simplest witness, never said; reviews 322: said last, it
    made the programme's proofs a detour)."""
    data, lesson, beats = lesson_or_skip(case)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    mixed = [i for i in range(len(y)) if len(set(y[np.all(X == X[i], axis=1)])) == 2]
    said = [beat for beat in beats if "at a glance" in beat.sentence]
    if not mixed:
        assert not said
        return
    (beat,) = said
    here = np.all(X == X[mixed[0]], axis=1)
    plus, minus = int(np.sum(here & (y > 0))), int(np.sum(here & (y < 0)))
    before = beats[beats.index(beat) - 1].motion
    shows = {"trial": "rules out 0 wrong at a glance",  # (reviews 339: "why" of what?)
             "through-mean": "shows at a glance that no line separates them"}[before]
    assert beat.sentence.startswith(f"Here the place tagged +{plus} −{minus} {shows}: ")
    assert beat.state["ringed"] == [mixed[0]]
    # (any line leaves the points of one place on one side or on it: one label is wrong)
    assert not lesson.feasible


def more_said(X, y_scores, more) -> tuple[str, int]:
    """The sentence said of the points ``more`` (0-based) that look on the solver's θ's line
    a little farther than those said before, and the one magnified: up to three named,
    more counted, their places counted where some share one, and the nearest of them (``y_scores``: each
    point's signed distance), the first in the data within a millionth of their least
    distance (reviews 343: one of the nearest was magnified as "more" were said)."""
    places = len(np.unique(np.asarray(X)[more], axis=0))
    words = dict(enumerate(["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven",
                            "Eight", "Nine", "Ten"]))
    at = (f", at {words.get(places, str(places)).lower()} place{'s' if places > 1 else ''}"
          if places < len(more) else "")
    least = min(abs(y_scores[i]) for i in more)
    nearest = min(i for i in more if abs(y_scores[i]) <= least * (1 + 1e-6))
    rest = words.get(len(more) - 1, str(len(more) - 1)).lower()
    tail = (f"; so {'is' if len(more) == 2 else 'are'} the other {rest}" if len(more) > 1
            else "")
    # (up to three named, as their rings are: reviews 357)
    names = sorted(i + 1 for i in more)
    counted = (f"{words.get(len(more), str(len(more)))} more{at}" if len(more) > 3 else
               f"Point {names[0]}" if len(names) == 1 else
               f"Points {', '.join(map(str, names[:-1]))} and {names[-1]}")
    return (f"{counted}, a little farther, also "
            f"look{'s' if len(more) == 1 else ''} on the line of the solver's θ, ringed: "
            f"magnified, point {nearest + 1} is just on its correct side{tail}."), nearest
