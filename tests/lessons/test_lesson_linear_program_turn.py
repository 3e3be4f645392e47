"""The line turned around the overlap's larger hull (linear-program, data no line
separates even with an offset): at every angle and every gap it keeps the hull's corners
on their side, and catches one of the other class's points there, so that line gets it
wrong; checked with distances computed afresh and a convex combination solved by a
second route (non-negative least squares), not the lesson's weights."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from lp_gallery import lessons_where
from linviz.lessons.linear_program_overlap import (caught, overlap_turn, supporting_line,
                                                   turn_start)

scipy_optimize = pytest.importorskip("scipy.optimize")


OVERLAPPING = [(case.name, np.asarray(data.X, dtype=float), overlap_turn(lesson))
               for case, data, lesson, _ in lessons_where(
                   lambda lesson: overlap_turn(lesson) is not None)]


def test_the_gallery_has_overlaps_to_turn_around():
    assert len(OVERLAPPING) >= 3, [name for name, *_ in OVERLAPPING]


@pytest.mark.parametrize("name, X, turn", OVERLAPPING, ids=[o[0] for o in OVERLAPPING])
def test_the_other_class_meets_the_kept_hull(name, X, turn):
    """The other class's hull meets the kept one: a point both hold, found afresh as the
    least-squares gap between convex combinations (NNLS with a heavy sum-to-one row)."""
    kept, other = X[list(turn.kept)], X[list(turn.other)]
    heavy = 1e4
    # minimise ‖Kλ − Oμ‖ with Σλ = Σμ = 1, λ, μ ≥ 0
    A = np.block([[kept.T, -other.T],
                  [heavy * np.ones((1, len(kept))), np.zeros((1, len(other)))],
                  [np.zeros((1, len(kept))), heavy * np.ones((1, len(other)))]])
    b = np.array([0.0, 0.0, heavy, heavy])
    weights, residual = scipy_optimize.nnls(A, b)
    assert residual < 1e-6 * (1 + np.abs(X).max()), residual


@settings(max_examples=60, deadline=None)
@given(angle=st.floats(0, 2 * np.pi), gap=st.floats(1e-4, 1.0))
def test_every_turned_line_keeps_the_hull_and_catches_a_point(angle, gap):
    for name, X, turn in OVERLAPPING:
        theta, theta0 = supporting_line(X[list(turn.kept)], turn.sign, angle, gap)
        assert np.isclose(np.linalg.norm(theta), 1.0)
        # signed distances of the kept corners: all ≥ gap, the nearest at gap
        distances = turn.sign * (X[list(turn.kept)] @ theta + theta0)
        assert distances.min() == pytest.approx(gap, abs=1e-9)
        # the caught points: on the kept side, so wrong for a line with the kept class
        # on its side; never none
        wrong = caught(turn, X, theta, theta0)
        assert wrong, (name, angle, gap)
        for j in turn.other:
            on_kept_side = turn.sign * (X[j] @ theta + theta0) >= 0
            assert (j in wrong) == on_kept_side


def test_a_separable_pair_would_escape_the_turn():
    """The predicate can fail: kept − points at x₁ ≤ 0 and a + point at x₁ = 2 are not an
    overlap, and a line keeping the − points on their side leaves the + point out."""
    from linviz.lessons.linear_program_overlap import OverlapTurn

    X = np.array([[0.0, 0.0], [-1.0, 1.0], [-1.0, -1.0], [2.0, 0.0]])
    turn = OverlapTurn(kept=(0, 1, 2), sign=-1, other=(3,))
    theta, theta0 = supporting_line(X[:3], -1, 0.0, 0.1)  # normal along +x₁
    assert caught(turn, X, theta, theta0) == []


def test_the_turn_starts_where_its_line_passes_nearest_the_centre():
    """A unit square kept on the − side, the centre at (5, 0.5), right of it: the lines
    nearest the centre are the two tangents from it, through the corners (1, 1) and
    (1, 0), with normals at ±atan2(4, 0.5) = ±82.87°; on the grid of whole degrees they
    tie (mirror images about x₂ = 0.5), and the smaller angle, 83°, is taken."""
    corners = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    start = turn_start(corners, -1, (5.0, 0.5), 10.0)
    assert np.degrees(start) == pytest.approx(83.0)
    theta = np.array([np.cos(start), np.sin(start)])
    # the line through the corner (1, 1) at that normal, its distance to the centre
    assert abs(theta @ np.array([5.0, 0.5]) - theta @ np.array([1.0, 1.0])) < 0.01


FEWEST = [(case.name, data, lesson, beats) for case, data, lesson, beats in lessons_where(
    lambda lesson: overlap_turn(lesson) is not None
    and lesson.endless_offset_best[1] > lesson.fewest_wrong)]


@pytest.mark.parametrize("name, data, lesson, beats", FEWEST, ids=[f[0] for f in FEWEST])
def test_the_fewest_line_is_reconciled_with_the_turns_count(name, data, lesson, beats):
    """The turn says a line keeping the hull on its side gets at least its caught points
    wrong; where the fewest-mistake line gets fewer, its sentence says which hull corners it
    gives up, and those are exactly the corners it gets wrong (y(θᵀx + θ₀) ≤ 0 recomputed
    from the data); where it gets none of them wrong, it gets every caught point wrong, as
    the turn says (the argument itself, checked on the line)."""
    from linviz.lessons.linear_program_overlap import also_inside

    turn = overlap_turn(lesson)
    inside = also_inside(lesson, turn) if len(turn.other) == 1 else ()
    theta, theta0 = (np.asarray(lesson.fewest_line.theta, dtype=float),
                     float(lesson.fewest_line.theta0))
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    wrong = {int(i) for i in np.flatnonzero(y * (X @ theta + theta0) <= 0)}
    assert len(wrong) == lesson.fewest_wrong
    given_up = [i for i in turn.kept if i in wrong]
    if not given_up:  # the hull kept: the turn's points caught
        if len(turn.other) == 1:
            assert {turn.other[0], *inside} <= wrong
        else:
            assert wrong & set(turn.other)
    caught_count = 1 + len(inside) if len(turn.other) == 1 else 1
    (beat,) = [b for b in beats if b.motion == "fewest-line"]
    if lesson.fewest_wrong < caught_count:
        assert given_up
        kept = "+" if turn.sign > 0 else "−"
        names = [str(i + 1) for i in given_up]
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        assert (f"fewer than {caught_count}, as it puts {kept} point"
                f"{'s' if len(names) > 1 else ''} {listed} on its") in beat.sentence
    else:
        assert "fewer than" not in beat.sentence
