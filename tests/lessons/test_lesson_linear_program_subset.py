"""The programme seen succeeding on data no line separates (linear-program): the points
the fewest-mistake line gets wrong left out (recounted here exactly, and as few as any line
gets wrong by brute force), the solver's (θ, θ₀)
meets every kept constraint y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1 in exact rational arithmetic, its
|θ₁| + |θ₂| is the least any such (θ, θ₀) has (a second programme, written another way,
solved by another HiGHS method), and the sentence and status say what was solved."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip
from test_lesson_linear_program_marks import exact_wrong


def least_l1_elsewhere(X, y) -> float:
    """min t₁ + t₂ subject to −t ≤ θ ≤ t and y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1, variables
    (θ₁, θ₂, θ₀, t₁, t₂), by HiGHS's interior-point method."""
    from scipy.optimize import linprog

    n = len(X)
    rows = [np.r_[-y[i] * X[i], -y[i], 0.0, 0.0] for i in range(n)]
    rows += [np.r_[sign * np.eye(2)[j], 0.0, -np.eye(2)[j]] for j in range(2) for sign in (1, -1)]
    limits = np.r_[-np.ones(n), np.zeros(4)]
    found = linprog(np.r_[0.0, 0.0, 0.0, 1.0, 1.0], A_ub=np.array(rows), b_ub=limits,
                    bounds=[(None, None)] * 3 + [(0, None)] * 2, method="highs-ipm")
    assert found.status == 0
    return float(found.fun)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_solver_succeeds_without_the_fewest_mistakes(case):
    from test_lesson_linear_program import brute_force_fewest_wrong

    data, lesson, beats = lesson_or_skip(case)
    said = [beat for beat in beats if beat.motion == "subset"]
    if not lesson.inseparable:  # a line separates: the programme succeeds on it all
        assert lesson.subset is None and not said
        return
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    # the points left out: those of the fewest-mistake line, recounted exactly
    line = (lesson.fewest_line.theta, lesson.fewest_line.theta0)
    left_out = exact_wrong(X, y, *line)
    solved = lesson.subset
    if len(set(np.delete(y, left_out))) < 2:  # one class kept: θ = 0 meets it, no line
        assert solved is None and not said
        return
    assert list(solved.left_out) == left_out
    assert len(left_out) == lesson.fewest_wrong == brute_force_fewest_wrong(X, y)
    keep = [i for i in range(len(y)) if i not in left_out]
    # every kept constraint, exactly
    t1, t2, t0 = (Fraction(float(v)) for v in (*solved.theta, solved.theta0))
    for i in keep:
        score = Fraction(float(y[i])) * (t1 * Fraction(float(X[i, 0]))
                                         + t2 * Fraction(float(X[i, 1])) + t0)
        assert score >= 1, i
    # the least |θ₁| + |θ₂|, as another programme finds it
    least = least_l1_elsewhere(X[keep], y[keep])
    assert solved.least_l1 == pytest.approx(least, rel=1e-6)
    # said once, with its count and the points it leaves out; its numbers on the status line
    assert len(said) == 1
    beat = said[0]
    assert beat.sentence.startswith(f"No line gets fewer than {len(left_out)} wrong, as "
                                    f"a search over every split by a line shows; the "
                                    f"white one gets ")
    said_points = beat.sentence.split("the white one gets ")[1].split(" wrong")[0]
    if len(left_out) <= 3:  # named
        assert [int(k) - 1 for k in re.findall(r"\d+", said_points)] == left_out
    else:  # counted, the squares showing them
        assert said_points == f"those {len(left_out)}"
    # nearly the white line, said where it is: normals within a degree (from the cross and
    # dot products), distances from 0 within 1% of the data's reach
    a = np.asarray(solved.theta, dtype=float)
    b = np.asarray(lesson.fewest_line.theta, dtype=float)
    turn = np.degrees(np.arctan2(abs(a[0] * b[1] - a[1] * b[0]), a @ b))
    shift = abs(solved.theta0 / np.linalg.norm(a) - lesson.fewest_line.theta0 / np.linalg.norm(b))
    like = turn <= 1.0 and shift <= 0.01 * np.linalg.norm(X, axis=1).max()
    assert solved.like_fewest == like
    assert beat.sentence.endswith("green line, nearly the white." if like else "green line.")
    assert beat.state["wrong_marks"] == {"white": left_out}
    numbers = [float(v.replace("−", "-").replace(",", ""))
               for v in re.findall(r"−?[\d,]*\d\.\d+", beat.state["status"].split("feasible")[1])]
    np.testing.assert_allclose(numbers, [*solved.theta, solved.theta0], atol=0.006)
    assert beat.state["status"].startswith(f"without the {len(left_out)} (□): feasible, ")
    # the points at y·score 1, ringed and named as such, 1/‖θ‖ from the line
    tight_said = next(b for b in beats if b.motion == "subset-tight")
    scores = y[keep] * (X[keep] @ solved.theta + solved.theta0)
    tight = [i for i, s in zip(keep, scores) if s <= 1 + 1e-6]
    assert list(solved.tight) == tight and tight_said.state["ringed"] == tight
    assert all(str(i + 1) in tight_said.sentence for i in tight)
    distance = np.abs(X[tight] @ solved.theta + solved.theta0) / np.linalg.norm(solved.theta)
    np.testing.assert_allclose(distance, solved.margin, rtol=1e-5)
    found = re.search(r"stand (\d\.\d+) from the line: 1/‖θ‖, the margin of the (\d+) kept "
                      r"points", tight_said.sentence)
    assert int(found.group(2)) == len(keep)  # the notes' margin is of the points kept
    said = float(found.group(1))
    assert said == pytest.approx(solved.margin, rel=0.05)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_solvers_tight_points_are_magnified_with_its_lines(case):
    """Where the solver's line is drawn, its tight places (the first of each, at most 3)
    are magnified round their feet on it (computed here: x − (θᵀx + θ₀)θ/‖θ‖²), each
    close-up wide enough to hold its point and both lines θᵀx + θ₀ = ±1 (1/‖θ‖ a side),
    magnifying a whole number of times; drawn on that beat alone, exactly where there are
    close-ups."""
    data, lesson, beats = lesson_or_skip(case)
    tight_beats = [b for b in beats if b.motion == "subset-tight"]
    flagged = [b for b in beats if b.state["subset_insets"]]
    insets = lesson.subset_insets
    if lesson.subset is None:
        assert not insets and not tight_beats and not flagged
        return
    (beat,) = tight_beats
    # close-ups where the band would not read: a whole zoom of at least 3 making 2.5
    # half-widths 1/‖θ‖ fill 0.4 of the runs' view (the rule of every close-up)
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_LEAST_ZOOM, INSET_SHARE

    view = lesson.run_view
    width = view.x_max - view.x_min
    band = 1.0 / float(np.hypot(*lesson.subset.theta))
    assert bool(insets) == (np.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * band)
                                     + 1e-9) >= INSET_LEAST_ZOOM)
    assert flagged == ([beat] if insets else [])
    solved = lesson.subset
    X = np.asarray(data.X, dtype=float)
    theta, theta0 = np.asarray(solved.theta, dtype=float), float(solved.theta0)
    norm = float(np.hypot(*theta))
    places = []
    for i in solved.tight:
        if not any(np.array_equal(X[i], X[j]) for j in places):
            places.append(i)
    assert [i for i, _, _ in insets] == places[:len(insets)] and len(insets) <= 3
    for i, box, zoom in insets:
        foot = X[i] - (theta @ X[i] + theta0) / norm ** 2 * theta
        half = (box.x_max - box.x_min) / 2
        np.testing.assert_allclose([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2],
                                   foot, atol=1e-9)
        assert box.y_max - box.y_min == pytest.approx(2 * half)
        assert half >= 1.0 / norm and float(np.hypot(*(X[i] - foot))) < half
        assert isinstance(zoom, int) and zoom >= 3
