"""The constraints one at a time (linear-program). On data no line through the origin
separates, the wedge of θ meeting the first j constraints, checked against a feasibility
programme of its own (HiGHS's interior-point method, no objective) and exactly at its
middle and just beyond its edges; the storyboard says the emptying point and rings it. On
data one separates, the region of the first j in the view, each vertex checked against
the constraints and the box, shrinking to the feasible region."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lp_gallery import CASES, lesson_or_skip
from linviz.lessons.linear_program_narrowing import (KEEPING_STEP, LEAD_STEP, LEAD_STEPS,
                                                     NARROWING_SECONDS, NARROWING_STEP,
                                                     narrowing,
                                                     region_changes, seconds_of_steps,
                                                     shrinking_regions, step_seconds)


def feasible_elsewhere(A) -> bool:
    """Whether some θ has every aᵢᵀθ ≥ 1: a programme with no objective, by HiGHS's
    interior-point method."""
    from scipy.optimize import linprog

    found = linprog(np.zeros(2), A_ub=-np.asarray(A, dtype=float), b_ub=-np.ones(len(A)),
                    bounds=[(None, None)] * 2, method="highs-ipm")
    assert found.status in (0, 2)
    return found.status == 0


def direction(angle: float) -> np.ndarray:
    return np.array([math.cos(angle), math.sin(angle)])


def check_arc(A, arc) -> None:
    """Every aᵢᵀθ > 0 at the arc's middle, and some aᵢᵀθ < 0 just beyond each edge (the
    edges are where a constraint's line is, not short of it)."""
    start, end = arc
    assert 0 <= start < 2 * math.pi and 0 < end - start <= math.pi + 1e-12
    assert np.all(A @ direction((start + end) / 2) > 0)
    for outside in (start - 1e-6, end + 1e-6):
        assert np.min(A @ direction(outside)) < 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_wedge_narrows_until_the_first_infeasible_constraint(case):
    data, lesson, beats = lesson_or_skip(case)
    A = lesson.signed
    found = narrowing(A)
    if lesson.feasible:
        assert found is None and "narrowing" not in [b.motion for b in beats]
        return
    k = found.emptied
    assert len(found.arcs) == k + 1 and found.arcs[k] is None
    # the first k constraints can all be met, the first k + 1 cannot (a programme's word)
    assert feasible_elsewhere(A[:k]) and not feasible_elsewhere(A[:k + 1])
    for j in sorted({*found.cuts[:-1], k - 1}):
        check_arc(A[:j + 1], found.arcs[j])
    # each wedge lies within the one before: its middle direction meets the earlier ones
    for j in range(1, k):
        before, after = found.arcs[j - 1], found.arcs[j]
        assert after[1] - after[0] <= before[1] - before[0] + 1e-12
    # the cuts are where the wedge changes: between them, its ends stay
    for j in range(1, k + 1):
        changed = found.arcs[j] is None or not np.allclose(found.arcs[j], found.arcs[j - 1],
                                                         atol=1e-9, rtol=0)
        assert changed == (j in found.cuts)

    (said,) = [b for b in beats if b.motion == "narrowing"]
    assert f"until point {k + 1}'s line leaves it empty" in said.sentence
    assert said.state["ringed"] == [k] and said.state["narrowing"]
    after = beats[beats.index(said) + 1]
    assert after.motion == "all-constraints" and not after.state["narrowing"]
    assert said.min_seconds >= sum(step_seconds(found)) - 1e-9  # (or its sentence, longer)


def test_a_cut_takes_longer_and_the_whole_is_capped():
    """The data set of xor: (1, 1) and (−1, −1) labelled +1, (1, −1) and (−1, 1) labelled
    −1; a = (1, 1), (−1, −1): the second empties the half-plane of the first at once."""
    A = np.array([[1.0, 1.0], [-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0]])
    found = narrowing(A)
    assert found.emptied == 1 and found.arcs[0] == pytest.approx((7 * math.pi / 4,
                                                                  11 * math.pi / 4))
    many = np.array([[1.0, 0.0]] * 200 + [[-1.0, 0.0]])
    seconds = step_seconds(narrowing(many))
    assert len(seconds) == 201 and sum(seconds) == pytest.approx(NARROWING_SECONDS)
    # the first LEAD_STEPS slow alike, then a cut (the last) longer than a constraint that
    # changes nothing
    assert seconds[0] == seconds[LEAD_STEPS - 1] == LEAD_STEP
    assert seconds[LEAD_STEPS - 1] > seconds[LEAD_STEPS] == seconds[199] < seconds[200]
    # the lead alone where there are no more; a short drawing is not stretched
    assert seconds_of_steps([True, False]) == [LEAD_STEP, LEAD_STEP]
    short = seconds_of_steps([True] * LEAD_STEPS + [False, True])
    assert short[LEAD_STEPS:] == [KEEPING_STEP, NARROWING_STEP]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), min_size=1, max_size=12))
def test_the_emptying_constraint_is_the_first_infeasible_prefix(rows):
    A = np.array([r for r in rows if r != (0, 0)], dtype=float).reshape(-1, 2)
    if not len(A):
        return
    found = narrowing(A)
    prefixes = [feasible_elsewhere(A[:j + 1]) for j in range(len(A))]
    if found is None:
        assert all(prefixes)
    else:
        assert prefixes.index(False) == found.emptied


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_region_shrinks_to_the_feasible_one(case):
    """On data a line through the origin separates, the region of the first j constraints
    in the weight box: every vertex meets those j constraints and the box (exactly, up to
    rounding), each lies inside the one before (its vertices meet the earlier
    constraints), the last is the lesson's feasible region, a vertex of each is on a line
    of a constraint or of the box; the all-constraints beat lasts the drawing's seconds."""
    data, lesson, beats = lesson_or_skip(case)
    if not lesson.feasible:
        return
    A, box = lesson.signed, lesson.weight_box
    regions = shrinking_regions(A, box)
    assert len(regions) == lesson.n and all(r is not None for r in regions)
    reach = max(abs(box.x_min), abs(box.x_max), abs(box.y_min), abs(box.y_max))
    for j, region in enumerate(regions):
        assert np.all(A[:j + 1] @ region.T >= 1 - 1e-9 * reach * np.abs(A).max())
        assert np.all((region[:, 0] >= box.x_min - 1e-9 * reach)
                      & (region[:, 0] <= box.x_max + 1e-9 * reach))
        # each vertex on two lines: a constraint's (aᵢᵀθ = 1) or a side of the box
        for v in region:
            on = np.sum(np.abs(A[:j + 1] @ v - 1) <= 1e-7 * np.abs(A).max() * reach)
            on += sum(abs(c - e) <= 1e-9 * reach for c, e in ((v[0], box.x_min),
                                                              (v[0], box.x_max),
                                                              (v[1], box.y_min),
                                                              (v[1], box.y_max)))
            assert on >= 2
    np.testing.assert_allclose(regions[-1], lesson.region()[0], atol=1e-12 * reach)
    changes = region_changes(regions)
    assert changes[0] and all(
        changes[j] == (regions[j].shape != regions[j - 1].shape
                       or not np.allclose(regions[j], regions[j - 1], atol=1e-9 * reach,
                                          rtol=0))
        for j in range(1, len(regions)))
    (said,) = [b for b in beats if b.motion == "all-constraints"]
    assert "one at a time" in said.sentence
    assert said.min_seconds >= sum(seconds_of_steps(changes)) - 1e-9


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_shading_is_said_only_to_shrink_where_some_constraint_leaves_it(case):
    """The sentence over the constraints one at a time says the shading "can only shrink":
    it never grows, and where a constraint comes that every θ shaded so far already meets
    (found here on a grid of θ over the weight box: the count meeting the first j is the
    same after j + 1), a claim that each one shrinks it would be false (reviews 365: 17
    of 20 left it as it was)."""
    data, lesson, beats = lesson_or_skip(case)
    said = next((b for b in beats if b.motion == "all-constraints"), None)
    if said is None or not lesson.feasible:  # (elsewhere it says the wedge narrows to none)
        return
    assert "it can only shrink as each comes" in said.sentence
    box = lesson.weight_box
    t1, t2 = np.meshgrid(np.linspace(box.x_min, box.x_max, 301),
                         np.linspace(box.y_min, box.y_max, 301))
    grid = np.column_stack([t1.ravel(), t2.ravel()])
    met = np.ones(len(grid), dtype=bool)
    counts = []
    for a in np.asarray(lesson.signed, dtype=float):
        met &= grid @ a >= 1
        counts.append(int(met.sum()))
    assert all(later <= earlier for earlier, later in zip(counts, counts[1:]))
