"""The panel that writes the overlap's point as a mean of each class's points (linear-program,
data no line separates even with an offset, no close-up on the right): its equation, read
back from its text, holds to the decimals shown, each side's weights ≥ 0 adding up to 1 as
shown, with + points on the left and − points on the right, as the panel says."""

from __future__ import annotations

import re

import numpy as np
import pytest


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
    # from the overlap's beat, through the turn's, until the map of every line (it, then
    # the offset run's insets, take the right half)
    start = beats.index(overlap)
    end = next(k for k, b in enumerate(beats) if b.motion == "line-map")
    assert end == start + 2 and beats[start + 1].motion == "overlap-turn"
    assert panels[start] and panels[start + 1] == panels[start]
    assert not any(panels[:start]) and not any(panels[end:])
    equation = panels[start][0]
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
    named = {int(n) - 1 for n in re.findall(r"\d+", overlap.sentence.split(", so")[0])}
    assert named == set(side(left)[0]) | set(side(right)[0])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_turn_says_why_no_line_separates_as_the_overlap_is(case):
    """The beat after the overlap's turns a line around the larger hull (the − one of
    equals) and names its class and points, and the other class's point inside it (a
    triangle), on it (a segment) or at its place, checked here by barycentric weights
    solved afresh; two other points: "a or b", the crossing a mean of them."""
    data, lesson, beats = lesson_or_skip(case)
    overlap = next((b for b in beats if b.motion == "overlap"), None)
    if overlap is None:
        assert not any(b.motion == "overlap-turn" for b in beats)
        return
    turn = beats[beats.index(overlap) + 1]
    assert turn.motion == "overlap-turn" and turn.state["overlap_turn"]
    assert not any(b.state["overlap_turn"] for b in beats if b is not turn)
    positive, negative = lesson.overlap
    X = np.asarray(data.X, dtype=float)
    keep, other, sign, mark = ((positive, negative, "+", "−") if len(positive) > len(negative)
                               else (negative, positive, "−", "+"))
    names = [str(i + 1) for i in sorted(keep)]
    said = turn.sentence
    assert said.startswith("Turn any line around ")
    if len(keep) == 1:
        assert f"around {sign} point {names[0]}, keeping it on its {sign} side" in said
    else:
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        shape = "segment" if len(keep) == 2 else "triangle"
        assert f"the {shape} of {sign} points {listed}, keeping them on its {sign} side" in said
    if len(other) == 1:
        (j,) = other
        corners = X[sorted(keep)]
        y = np.asarray(data.y)
        label = y[j]
        # the others of j's class inside the kept hull too (counted here afresh)
        if len(keep) == 3:
            solve = np.vstack([corners.T, np.ones(3)])
            more = sum(1 for k in np.flatnonzero(y == label) if k != j and np.all(
                np.linalg.solve(solve, [*X[k], 1.0]) >= -1e-9))
        elif len(keep) == 2:
            a, b = corners
            more = sum(1 for k in np.flatnonzero(y == label) if k != j and abs(
                np.cross(b - a, X[k] - a)) <= 1e-9 and 0 <= (X[k] - a) @ (b - a) <= (b - a) @ (b - a))
        else:
            more = sum(1 for k in np.flatnonzero(y == label)
                       if k != j and np.array_equal(X[k], corners[0]))
        def caught(where: str) -> str:  # j, and the more of its class there, named so
            points = "point" if more == 1 else "points"
            return (f"{mark} point {j + 1} and {more} more {mark} {points} {where} stay on"
                    if more else f"{mark} point {j + 1}, {where}, stays on")

        if len(keep) == 3:  # j inside: its barycentric weights all ≥ 0
            w = np.linalg.solve(np.vstack([corners.T, np.ones(3)]), [*X[j], 1.0])
            assert np.all(w >= -1e-9)
            assert f"{caught('inside it')} their side" in said
        elif len(keep) == 2:  # j on the segment
            a, b = corners
            t = float((X[j] - a) @ (b - a) / ((b - a) @ (b - a)))
            assert 0 <= t <= 1 and np.allclose(a + t * (b - a), X[j], atol=1e-9)
            assert f"{caught('on it')} their side" in said
        else:
            assert np.array_equal(X[next(iter(keep))], X[j])
            assert f"{caught('at its place')} its side" in said
        assert said.endswith("gets at least these wrong." if more else "gets it wrong.")
    else:
        either = " or ".join(str(j + 1) for j in sorted(other))
        assert f"{mark} point {either} is on their side at every turn" in said

