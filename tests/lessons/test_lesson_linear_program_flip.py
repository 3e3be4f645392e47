"""The closing's flipped run (:mod:`linviz.lessons.linear_program_flip`): on data a line
through 0 separates, the first point whose label flipped leaves no such line, found here
by HiGHS afresh, and the perceptron's passes on the flipped points, rerun here."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.lessons.linear_program import WATCHED_PASSES

from lp_gallery import CASES, lesson_or_skip


def _separable_through_0(X, y) -> bool:
    from scipy.optimize import linprog

    A = y[:, None] * X
    found = linprog(np.zeros(2), A_ub=-A, b_ub=-np.ones(len(y)), bounds=[(None, None)] * 2,
                    method="highs")
    return found.status == 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_closing_flips_the_first_label_that_leaves_no_separator(case):
    """The closing's watched run flips the first point (in the data's order) whose flip
    leaves points no line through 0 separates; its run, the notes' rule (an update where
    y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0) through the points in order, updates in every pass drawn; it is said
    by number as that run. None on data no line through 0 separates."""
    data, lesson, beats = lesson_or_skip(case)
    watched = next((beat for beat in beats if beat.motion == "watched"), None)
    if watched is None:
        assert all(beat.state["flipped"] is None for beat in beats)
        return
    # flipped as the run is watched, standing till the last word (of the points in hand)
    at = beats.index(watched)
    settled = next(k for k, beat in enumerate(beats) if beat.motion == "settled")
    assert all(beat.state["flipped"] is None for beat in beats[:at] + beats[settled:])
    assert [beat.motion for beat in beats[settled:]][:1] == ["settled"]
    assert all(beat.state["flipped"] == watched.state["flipped"]
               for beat in beats[at:settled])
    flipped = watched.state["flipped"]
    X, y = np.array(data.X, dtype=float), np.array(data.y, dtype=float)
    if not _separable_through_0(X, y):
        assert flipped is None and "flipped" not in watched.sentence
        return
    first = None
    for i in range(len(y)):
        other = y.copy()
        other[i] = -other[i]
        if not _separable_through_0(X, other):
            first = i
            break
    if first is None:
        assert flipped is None
        return
    assert flipped["point"] == first
    assert f", as with point {first + 1}'s label flipped, it never stops" in watched.sentence
    y[first] = -y[first]
    theta, passes = np.zeros(2), []
    for _ in range(WATCHED_PASSES):
        updates = 0
        for x, label in zip(X, y):
            if label * (theta @ x) <= 0:
                theta, updates = theta + label * x, updates + 1
        passes.append(updates)
    assert flipped["passes"] == passes
    assert min(passes) >= 1  # (no pass without an update: no θ separates)
