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
    # on the overlap's beat alone (the solver's line comes next, over the data alone)
    start = beats.index(overlap)
    assert panels[start]
    assert not any(panels[:start]) and not any(panels[start + 1:])
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
    # its words say what the equation does: a lone point is a weighted mean of the other
    # class's points, those named (review 307: "a mean of + points" of one point)
    words = panels[start][1]
    plus_w, minus_w = side(left)[0], side(right)[0]
    if len(plus_w) == 1 or len(minus_w) == 1:
        single, hull = (plus_w, minus_w) if len(plus_w) == 1 else (minus_w, plus_w)
        sign = "+" if len(plus_w) == 1 else "−"
        assert words.startswith(f"{sign} point {next(iter(single)) + 1} is a weighted mean of "
                                f"{'−' if sign == '+' else '+'} points"), words
        assert {int(n) - 1 for n in re.findall(r"\d+", words.split("mean of")[1])} == set(hull)
    else:
        assert words.startswith("the same point two ways"), words
