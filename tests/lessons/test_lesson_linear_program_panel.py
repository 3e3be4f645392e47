"""The panel that writes the overlap's point as a mean of each class's points (linear-program,
data no line separates even with an offset, no close-up on the right): its equation, read
back from its text, holds to the decimals shown, each side's weights ≥ 0 adding up to 1 as
shown, with + points on the left and − points on the right, as the panel says."""

from __future__ import annotations

import re

import numpy as np
import pytest

from linviz import formatting
from lp_gallery import CASES, lesson_or_skip


def side(text: str) -> tuple[dict[int, float], int]:
    """({0-based point: weight}, decimals) of one side "0.167 x^((1)) + …" or "x^((7))"."""
    terms = re.findall(r"(?:(-?\d+\.\d+) )?x\^\(\((\d+)\)\)", text)
    places = {len(w.split(".")[1]) for w, _ in terms if w}
    return ({int(i) - 1: float(w) if w else 1.0 for w, i in terms},
            places.pop() if places else 0)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_overlap_panel_holds_as_shown(case):
    data, lesson, beats = lesson_or_skip(case)
    panels = [beat.state["overlap_panel"] for beat in beats]
    overlap = next((b for b in beats if b.motion == "overlap"), None)
    if overlap is None or overlap.state["closeup"] is not None:
        assert not any(panels)  # no overlap argued, or the close-up stands on the right
        return
    # on the overlap's beat and the solver's answer after it, which calls its weights
    # Gordan's (review 313), alone
    start = beats.index(overlap)
    end = next(k for k in range(start, len(beats)) if beats[k].motion == "offset-certificate")
    # (the turn a beat of its own: the bench, 21 s in one caption)
    assert [b.motion for b in beats[start + 1:end]] in (
        ["overlap-turn", "overlap-why", "offset-totals"], ["overlap-turn", "offset-totals"])
    # (where a beat says why, the panel comes with it: reviews 318, 15 s before)
    first = start + 2 if beats[start + 2].motion == "overlap-why" else start
    assert panels[first] and all(p == panels[first] for p in panels[first:end + 1])
    assert not any(panels[start:first])
    assert ": each class's weights total 1, the same" in beats[end].sentence
    # (it stands through the verdict, a sentence of its own: reviews 362)
    assert beats[end + 1].motion == "offset-verdict" and panels[end + 1] == panels[end]
    assert not any(panels[:start]) and not any(panels[end + 2:])
    equation = panels[first][0]
    left, right = equation.strip("$").split(" = ")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    means = []
    for text, label in ((left, 1), (right, -1)):
        weights, places = side(text)
        assert weights and all(y[i] == label for i in weights)
        assert all(w >= 0 for w in weights.values())
        assert sum(weights.values()) == pytest.approx(1.0, abs=1e-9 + 0.5 * 10.0 ** -places
                                                      * (places > 0))
        means.append((sum(w * X[i] for i, w in weights.items()), places))
    (plus, p1), (minus, p2) = means
    slack = 0.5 * 10.0 ** -max(p1, p2, 1) * 3 * float(np.abs(X).max())
    assert np.all(np.abs(plus - minus) <= slack), (plus, minus)
    # the points the sentence names are the panel's
    # (before the other points of its class in that triangle, named after "; ")
    example = overlap.sentence.split("For example")[1].split(", so")[0].split("; ")[0]
    named = {int(n) - 1 for n in re.findall(r"\d+", example)}
    assert named == set(side(left)[0]) | set(side(right)[0])
    # its words say what the equation does: a lone point is a weighted mean of the other
    # class's points, those named (review 307: "a mean of + points" of one point)
    words = panels[first][1]
    plus_w, minus_w = side(left)[0], side(right)[0]
    if len(plus_w) == 1 or len(minus_w) == 1:
        single, hull = (plus_w, minus_w) if len(plus_w) == 1 else (minus_w, plus_w)
        sign = "+" if len(plus_w) == 1 else "−"
        assert words.startswith(f"{sign} point {next(iter(single)) + 1} is a weighted mean of "
                                f"{'−' if sign == '+' else '+'} points"), words
        assert {int(n) - 1 for n in re.findall(r"\d+", words.split("mean of")[1])} == set(hull)
    else:
        assert words.startswith("the same point two ways"), words


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_line_turned_round_a_hull_always_gets_a_point_wrong(case):
    """The overlap's turning line (a line holding one class's hull on its side, a gap off
    its nearest corner) gets some point of the other class's overlap wrong at every one
    of 720 directions, recounted here from the data: no direction has all the other
    points beyond the hull's nearest corner. The sentence names the hull that is turned
    round and the points that may fall on its side."""
    from linviz.lessons.linear_program_overlap import TURN_GAP, hull_line

    data, lesson, beats = lesson_or_skip(case)
    overlap = next((b for b in beats if b.motion == "overlap"), None)
    positive, negative = lesson.overlap
    if overlap is None or len(positive) == len(negative) == 1:
        return
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    held = sorted(positive if len(positive) > len(negative) else negative)
    other = sorted(negative if len(positive) > len(negative) else positive)
    view = lesson.full_view
    gap = TURN_GAP * (view.x_max - view.x_min)
    for angle in np.linspace(0, 2 * np.pi, 720, endpoint=False):
        u = np.array([np.cos(angle), np.sin(angle)])
        nearest = min(float(X[i] @ u) for i in held)
        beyond = [i for i in other if float(X[i] @ u) > nearest - gap]
        assert beyond, angle
        theta, theta0, wrong = hull_line(lesson, angle)
        assert np.allclose(theta, u) and wrong == beyond
        assert all(float(X[i] @ theta) + theta0 >= gap * (1 - 1e-9) for i in held)
    sign = "+" if y[held[0]] > 0 else "−"
    listed = ", ".join(str(i + 1) for i in held[:-1]) + f" and {held[-1] + 1}"
    # (the turn a beat of its own, right after the example: the bench, 21 s in one)
    turn = beats[beats.index(overlap) + 1]
    assert turn.motion == "overlap-turn" and "Turn a line round" not in overlap.sentence
    assert (f"Turn a line round, shifted to keep {sign} points {listed} on one side"
            in turn.sentence)
    # its key in the right half, where no close-up stands (review 321: the shading had
    # none): the side kept for those points, and the other class's points crossed on it
    if overlap.state["closeup"] is None:
        kept, crossed = turn.state["turn_key"]
        assert kept == f"shaded: the side kept for {sign} points {listed}"
        other_sign = "−" if sign == "+" else "+"
        assert crossed.startswith(f"×: {other_sign} point") and crossed.endswith(
            " on that side, wrong")
        assert {int(n) - 1 for n in re.findall(r"\d+", crossed)} == set(other)
    else:
        assert turn.state["turn_key"] is None
    assert beats[beats.index(turn) + 1].state["turn_key"] is None
    if len(other) == 1:  # always marked; why, the next beat (reviews 317), on the panel's
        # weights where it stands
        # (the cross said as it comes, with "between them": reviews 347, 4 s before)
        assert turn.sentence.endswith(f"point {other[0] + 1}, between them, marked with a "
                                      f"cross as wrong, stays on that side however it turns.")
        following = beats[beats.index(turn) + 1]
        # (the panel, which writes the mean, comes with it; a close-up stands without one)
        assert (following.motion == "overlap-why") == (overlap.state["closeup"] is None)
        assert not overlap.state["overlap_panel"]
        if following.motion == "overlap-why":
            # the hull's points and their side named (reviews 342: "their" pointed back)
            of = " and ".join([", ".join(f"x⁽{formatting.superscript(i + 1)}⁾"
                                         for i in held[:-1]),
                               f"x⁽{formatting.superscript(held[-1] + 1)}⁾"])
            assert following.sentence.endswith(
                f"is a weighted mean of {of}, the weights on the right adding up to 1, so "
                f"its score, θ₀ and all, is the same mean of their scores, on the {sign} "
                f"points' side of 0.")
    else:
        assert turn.sentence.endswith("so no line separates.")
    assert all(str(i + 1) in turn.sentence.split("on one side")[1] for i in other)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_overlap_is_said_to_be_gordans_certificate_on_one_and_x(case):
    """After the overlap, the solver's answer with an offset (infeasible) is a beat of its
    own, which calls the overlap's weights Gordan's second side on [1, x]: recomputed here,
    each point weighted by its share in its class's mean (each side's weights ≥ 0, adding up
    to 1), the weighted y⁽ⁱ⁾[1, x⁽ⁱ⁾] add up to 0 (review 313: never tied to Gordan);
    and the solver with an offset agrees (HiGHS, here: no θ₀, θ with every
    y(θᵀx + θ₀) ≥ 1)."""
    from scipy.optimize import linprog

    data, lesson, beats = lesson_or_skip(case)
    overlap = next((b for b in beats if b.motion == "overlap"), None)
    if overlap is None:
        return
    asked = next(b for b in beats if b.motion == "offset-totals")
    said = beats[beats.index(asked) + 1]
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    # first what the constant feature asks of the weights, Σλᵢy⁽ⁱ⁾ = 0 (reviews 317: the
    # offset's point never said), its row written as said; the weights found through 0
    # weighed against it no more (reviews 338, 340: a detour)
    assert asked.sentence == (
        "With the constant feature, each y⁽ⁱ⁾[1, x⁽ⁱ⁾] starts with its label, so Gordan's "
        "weights on + and on − points must total the same.")
    if asked.state["programme"]:  # each row as its words are said, in order (reviews
        # 342: "must total the same" never written)
        places = [asked.sentence.find(words) for words, _ in asked.state["programme"]]
        assert len(places) == 3 and -1 not in places and places == sorted(places)
        # Gordan's sum on [1, x] written before its first entries (reviews 352)
        assert asked.state["programme"][0][1] == (
            "Gordan on $[1, x]$: $sum_i lambda_i y^((i)) [1, x^((i))] = 0$")
    assert said.sentence.startswith("Weight ")
    # (why each side may total 1, when the λ were said to add up to 1: reviews 347)
    assert said.sentence.endswith(": each class's weights total 1, the same, and the "
                                  "weighted y⁽ⁱ⁾[1, x⁽ⁱ⁾] add up to 0.")
    # the verdict a sentence of its own (reviews 360-362: one caption of 20 s)
    verdict = beats[beats.index(said) + 1]
    assert verdict.sentence == ("So the overlap is Gordan's second case: the programme with "
                                "an offset is infeasible too.")
    assert verdict.state["status"].endswith("infeasible too") and verdict is beats[-1]
    lifted = np.hstack([np.ones((len(y), 1)), X])
    total = np.zeros(3)
    for held in lesson.overlap:
        weights = np.array(list(held.values()), dtype=float)
        assert np.all(weights >= 0) and weights.sum() == pytest.approx(1.0)
        total += sum(w * y[i] * lifted[i] for i, w in held.items())
    assert np.allclose(total, 0.0, atol=1e-6 * (1 + np.abs(lifted).max()))
    # written under the panel as said, with the panel's weights (a close-up: said only)
    rows = said.state["programme"]
    panel = said.state["overlap_panel"]  # (the overlap's, or from the why beat on)
    assert bool(rows) == bool(panel)
    if rows:  # a term a row (+ terms, then − terms), then the first entries' 1 − 1 = 0
        # and the rest's m − m = 0, each side's weights summed afresh
        *terms, first, last = [row for _, row in rows]
        # one sum: its last term ends "= 0"
        assert terms[-1].endswith(" = 0$") and not any(t.endswith("= 0$") for t in terms[:-1])
        terms = terms[:-1] + [terms[-1][:-len(" = 0$")] + "$"]
        plus = " + ".join(t.strip("$ +") for t in terms if not t.startswith("$-"))
        minus = " + ".join(t.strip("$ -") for t in terms if t.startswith("$-"))
        left, right = panel[0].strip("$").split(" = ")
        assert side(plus.replace("[1, ", "").replace("]", "")) == side(left)
        assert side(minus.replace("[1, ", "").replace("]", "")) == side(right)
        assert first.startswith("first entries: $") and first.endswith(" = 0$")
        sides = first[len("first entries: $"):-len(" = 0$")].split(" - ")
        totals = [sum(float(v) for v in part.strip("()").split(" + ")) for part in sides]
        assert len(totals) == 2 and totals == pytest.approx([1.0, 1.0], abs=0.002)
        held = [held for held in lesson.overlap if len(held) == 1]
        if held:
            name = f"x^(({next(iter(held[0])) + 1}))"
            assert last == f"the rest: ${name} - {name} = 0$"
        else:
            assert last.startswith("the rest: $m - m = 0$, $m$ where the")
        places = [said.sentence.find(words) for words, _ in rows]
        assert -1 not in places and places == sorted(places)
    solved = linprog(np.zeros(3), A_ub=-(y[:, None] * lifted), b_ub=-np.ones(len(y)),
                     bounds=[(None, None)] * 3, method="highs")
    assert solved.status == 2  # infeasible
