"""The linear-program lesson against independent computations: the programme's value by
a second formulation and by brute force over every pair of lines, θ*'s constraints in
exact rational arithmetic, feasibility by the angular gap of the signed points (a closed
form in the plane), the certificate's Σλᵢaᵢ = 0 exactly, the walk by the plain loop of
the notes. Over the gallery's classification data, built-in with several seeds and
real, raw and standardised."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest

from linviz.dataset import CLASSIFICATION, Dataset
from linviz.errors import DataError
from linviz.gallery import GALLERY
from linviz.generators import make_builtin
from linviz.lessons.linear_program import linear_program_lesson
from linviz.lessons.linear_program_story import linear_program_storyboard, point_list, said_least

from independent import reference_perceptron
from lp_gallery import told_beats, told_sentences

CASES = [case for case in GALLERY if case.task == CLASSIFICATION]


def _data(case):
    if case.real:
        pytest.importorskip("sklearn")
    return case()


def _infeasible_story(case):
    """(data, lesson, beats, their motions) of a case no line through 0 separates
    (skipped otherwise)."""
    data, lesson = _lesson_of(case)
    if lesson.feasible:
        pytest.skip("a line through 0 separates: no certificate")
    beats = told_beats(lesson)
    return data, lesson, beats, [beat.motion for beat in beats]


def _lesson_of(case):
    """(the case's data, its lesson) for two features and a few hundred points (skipped
    otherwise, and where the lesson refuses the data)."""
    data = _data(case)
    if data.n_features != 2 or len(data.y) > 400:
        pytest.skip("two features, a few hundred points")
    try:
        return data, linear_program_lesson(data)
    except DataError:
        pytest.skip("refused")


def separable_through_origin(A: np.ndarray) -> bool:
    """Some θ has aᵢᵀθ > 0 for all i exactly when the directions of the aᵢ leave a gap
    wider than π round the circle (then they lie in an open half-plane)."""
    if np.any(~np.any(A, axis=1)):
        return False
    angles = np.sort(np.arctan2(A[:, 1], A[:, 0]))
    gaps = np.diff(np.concatenate([angles, [angles[0] + 2 * math.pi]]))
    return bool(gaps.max() > math.pi + 1e-9)


def brute_force_fewest_wrong(X: np.ndarray, y: np.ndarray) -> int:
    """The fewest points a line θᵀx + θ₀ gets wrong (y·score ≤ 0), by brute force: every
    point on one side, or a line through two points turned and shifted a hair each way
    (a best line can be moved onto two points without any other changing side)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    best = int(min(np.sum(y > 0), np.sum(y < 0)))
    scale = float(np.abs(X).max()) + 1.0
    for i in range(len(X)):
        for j in range(i + 1, len(X)):
            d = X[j] - X[i]
            if not np.any(d):
                continue
            normal = np.array([-d[1], d[0]]) / np.hypot(*d)
            for turn in (-1e-7, 1e-7):
                n = normal + turn * d / np.hypot(*d)
                for shift in (-1e-9 * scale, 1e-9 * scale):
                    for sign in (1.0, -1.0):
                        score = sign * ((X - (X[i] + X[j]) / 2) @ n + shift)
                        best = min(best, int(np.sum(y * score <= 0)))
    return best


def least_l1_by_pairs(A: np.ndarray) -> float:
    """min ‖θ‖₁ over {Aθ ≥ 1} by brute force: the least of ‖θ‖₁ over a convex polygon is
    at a vertex (two lines meet) or where an edge crosses an axis (a line meets θ₁ = 0 or
    θ₂ = 0); every such point that is feasible is tried."""
    lines = [(a, 1.0) for a in A] + [(np.array([1.0, 0.0]), 0.0), (np.array([0.0, 1.0]), 0.0)]
    best = math.inf
    for (a, b), (c, d) in itertools.combinations(lines, 2):
        det = a[0] * c[1] - a[1] * c[0]
        if abs(det) < 1e-12:
            continue
        theta = np.array([(b * c[1] - a[1] * d) / det, (a[0] * d - b * c[0]) / det])
        if np.all(A @ theta >= 1 - 1e-9):
            best = min(best, abs(theta[0]) + abs(theta[1]))
    return best


def least_l1_with_bounds(A: np.ndarray) -> float:
    """The same programme in another form: θ free, t ≥ ±θⱼ, min Σtⱼ (HiGHS' dual simplex)."""
    from scipy.optimize import linprog

    n = len(A)
    # variables (θ₁, θ₂, t₁, t₂)
    rows = [np.concatenate([-a, [0.0, 0.0]]) for a in A]
    rows += [[1, 0, -1, 0], [-1, 0, -1, 0], [0, 1, 0, -1], [0, -1, 0, -1]]
    bounds = [-1.0] * n + [0.0] * 4
    found = linprog([0, 0, 1, 1], A_ub=np.array(rows, dtype=float), b_ub=bounds,
                    bounds=[(None, None)] * 2 + [(0, None)] * 2, method="highs-ds")
    return float(found.fun)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_programme_and_its_solution_hold_against_independent_computations(case):
    data = _data(case)
    try:
        lesson = linear_program_lesson(data)
    except DataError as refusal:
        assert data.n_features != 2 or "origin" in str(refusal), refusal
        return
    A = data.y[:, None] * data.X
    assert lesson.feasible == separable_through_origin(A)
    if not lesson.feasible:
        # Gordan: λ ≥ 0 on at most three points, Σλ = 1, Σλᵢaᵢ = 0 (exactly, up to the
        # rounding of the weights: 1e-9 of the points' size)
        certificate = lesson.certificate
        assert 2 <= len(certificate) <= 3 and all(w > 0 for w in certificate.values())
        assert sum(certificate.values()) == pytest.approx(1.0, abs=1e-12)
        total = [sum(Fraction(w) * Fraction(float(A[i, j])) for i, w in certificate.items())
                 for j in (0, 1)]
        size = float(np.abs(A).max())
        assert all(abs(float(t)) <= 1e-9 * size for t in total), total
        return
    value = lesson.least_l1
    assert value == pytest.approx(least_l1_with_bounds(A), rel=1e-8)
    if len(A) <= 60:
        assert value == pytest.approx(least_l1_by_pairs(A), rel=1e-8)
    star = lesson.theta_star
    # every constraint, in exact arithmetic of the floats shown: aᵢᵀθ* ≥ 1 − 1e-9
    exact = [Fraction(float(a[0])) * Fraction(float(star[0]))
             + Fraction(float(a[1])) * Fraction(float(star[1])) for a in A]
    assert min(exact) >= Fraction(1) - Fraction(1, 10 ** 9)
    assert abs(star[0]) + abs(star[1]) == pytest.approx(value, rel=1e-9)
    # the tight points are the ones whose y·score at θ* is 1, and there is one at least
    scores = A @ star
    assert lesson.tight and set(lesson.tight) == set(np.flatnonzero(np.isclose(scores, 1.0,
                                                                                 rtol=0,
                                                                                 atol=1e-7)))
    # the walk is the notes' perceptron through the origin, update for update
    run = reference_perceptron(data.X, data.y, 10 ** 6, offset=False)
    assert run["converged"]
    np.testing.assert_allclose(lesson.thetas[-1], run["theta"], rtol=1e-12, atol=1e-12)
    assert len(lesson.updated_points) == run["updates"] == len(lesson.thetas) - 1
    assert lesson.least_score > 0
    assert np.min(A @ lesson.scaled_theta) == pytest.approx(1.0, rel=1e-12)


def test_the_tie_rule_picks_the_least_theta1_on_an_edge_of_optimal_points():
    """Points whose constraints make an edge parallel to a side of the diamond: every θ
    on that edge has the same |θ₁| + |θ₂|; the rule shows the one of least θ₁ (computed
    here by hand: the edge θ₁ + θ₂ = 1 between (0.25, 0.75) and (0.75, 0.25))."""
    X = np.array([[1.0, 1.0], [4.0, 0.0], [0.0, 4.0], [-1.0, -1.0] * np.array([1, 1])])
    y = np.array([1.0, 1.0, 1.0, -1.0])
    lesson = linear_program_lesson(Dataset(X=X, y=y, name="edge"))
    assert lesson.least_l1 == pytest.approx(1.0, rel=1e-12)
    np.testing.assert_allclose(lesson.theta_star, [0.25, 0.75], atol=1e-12)


def test_a_point_at_the_origin_is_refused_in_one_line():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [-1.0, -1.0]])
    with pytest.raises(DataError, match=r"^scene 'linear-program': point 1 of 'zero' is at "
                                        r"the origin.*use data away"):
        linear_program_lesson(Dataset(X=X, y=np.array([1.0, 1.0, -1.0]), name="zero"))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("name", ["separable-origin", "small-margin", "noisy", "xor-cloud"])
def test_every_number_said_is_the_lessons(name, seed):
    """The sentences say the lesson's numbers: n, the shown point's 1/‖x‖, θ* and its
    |θ₁| + |θ₂| to two places, the tight points, each explained update's point and
    y·scores before and after (recomputed here from the walk), the count of updates and
    the least y·score; on infeasible data the certificate's points and weights."""
    data = make_builtin(name, seed)
    lesson = linear_program_lesson(data)
    said = " ".join(told_sentences(lesson))
    A = data.y[:, None] * data.X
    k = lesson.shown_point
    assert f"these {len(A)} points" in said
    board = linear_program_storyboard(lesson)
    shown = next(b for b in board.beats if b.motion == "one-constraint")
    if lesson.feasible:
        assert f"Point {k + 1}'s constraint holds on one side" in said
        # its distance from 0 written on the status line (said, "at 1/‖x⁽ᵏ⁾‖ from 0")
        assert f"= {1 / np.hypot(*A[k]):.2f}$ from 0" in shown.state["status"]
        assert "‖ from 0." in shown.sentence and shown.state["constraint_score"] == 1.0
    else:  # no θ will meet them all: its line through 0 from the first (review 311)
        assert (f"The θ that get point {k + 1} right lie on one side of a line through 0"
                in shown.sentence)
        assert shown.state["constraint_score"] == 0.0
    # a − point's y⁽ᵏ⁾x⁽ᵏ⁾ points away from x⁽ᵏ⁾: said so, and only then; with the scaling
    # where the line is through 0, in a sentence after the half-plane's (reviews 347: three
    # ideas in one)
    up = str(k + 1).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    flipped = f"Point {k + 1} is a −, so y⁽{up}⁾x⁽{up}⁾ is x⁽{up}⁾ flipped."
    signs = [b for b in board.beats if b.motion == "constraint-sign"]
    assert len(signs) == (data.y[k] < 0 or not lesson.feasible)
    assert "flipped" not in shown.sentence
    if signs:
        (sign,) = signs
        assert board.beats.index(sign) == board.beats.index(shown) + 1
        scaled = ("" if lesson.feasible else "Scaled up, the θ on that side meet its "
                                             "constraint: label times score at least 1.")
        assert sign.sentence == " ".join(
            part for part in (flipped if data.y[k] < 0 else "", scaled) if part)
    # y⁽ⁱ⁾x⁽ⁱ⁾ is drawn the least whole k times longer that spans a fifth of the plane's
    # width (the view: the points and 0, padded): the k is written on the arrow, and said
    # (review 312: "5y⁽⁷⁾x⁽⁷⁾" on it, unexplained)
    from linviz.view_box import fitted_box
    from linviz.lessons.linear_program import DATA_VIEW_PADDING

    view = fitted_box(data.X, include_origin=True, padding=DATA_VIEW_PADDING)
    k_drawn = max(1, math.ceil(0.2 * (view.x_max - view.x_min) / np.hypot(*A[k]) - 1e-12))
    assert k_drawn * np.hypot(*A[k]) >= 0.2 * (view.x_max - view.x_min) * (1 - 1e-12)
    assert lesson.shown_arrow_factor == k_drawn and "drawn ×" not in said
    # (written on the arrow, not said: reviews 317 heard it as a stage direction)
    assert "times as long" not in shown.sentence
    if not lesson.feasible:
        # (the verdict the solver's alone: reviews 350, "no line separates" said four times)
        assert f"Asked for a θ meeting all {len(A)} constraints, the solver reports it infeasible." \
            in said
        assert point_list(sorted(lesson.certificate)) in said
        if not lesson.same_place_certificate:  # the weights said add up to 1 as said
            said_weights = re.search(r"weights ([0-9., and]+) on", said).group(1)
            numbers = re.findall(r"[0-9]+\.[0-9]+", said_weights)
            places = len(numbers[0].split(".")[1])
            assert abs(sum(map(Fraction, numbers)) - 1) < Fraction(1, 2 * 10 ** places)
            assert [float(v) for v in numbers] == pytest.approx(
                [lesson.certificate[i] for i in sorted(lesson.certificate)], abs=10 ** -places)
        return
    star = lesson.theta_star
    assert f"θ* = ({star[0]:.2f}, {star[1]:.2f})".replace("-", "−") in said
    # the programme's value is on the status line while θ* is said
    board = linear_program_storyboard(lesson)
    (solution,) = [b for b in board.beats if b.motion == "solution"]
    assert f"|theta_1| + |theta_2| = {abs(star[0]) + abs(star[1]):.2f}$" in \
        solution.state["status"]
    assert f"At θ*, {point_list(lesson.tight)} " in said
    run = reference_perceptron(data.X, data.y, 10 ** 6, offset=False)
    updates = [v for v in run["visits"] if v[3]]
    theta = np.zeros(2)
    for number, visit in enumerate(updates[:2], 1):
        i = visit[1]
        before, after = A[i] @ theta, A[i] @ (theta + A[i])
        assert (f"Update {number}, on point {i + 1}: " in said
                and f"from {before:.2f} to {after:.2f}".replace("-", "−") in said), (number, said)
        theta = theta + A[i]
    assert f"After {run['updates']} update" in said
    # the passes it took, the last with no mistake (recounted from the reference run)
    passes = max(v[0] for v in run["visits"])
    assert run["converged"] and not any(v[3] for v in run["visits"] if v[0] == passes)
    looped = f"{passes} pass" if passes == 1 else f"{passes} passes"
    assert f"update{'s' if run['updates'] > 1 else ''} in {looped} through the data, the " \
        "last with no mistake, every" in said
    scores = A @ run["theta"]
    assert f"the least {np.min(scores):.2f}" in said
    # the point said to have it has it (the first of any tie)
    least = int(np.flatnonzero(scores <= np.min(scores) * (1 + 1e-9) + 1e-12)[0])
    assert f"{said_least(lesson)} at the ringed point {least + 1}:" in said
    # the ray enters across that point's line: said to run along the edge when the two
    # meet at under 8° (the angle here from the line's direction, not the normal's)
    d = np.array([-A[least][1], A[least][0]])
    t = run["theta"]
    crossing = math.degrees(math.acos(min(1.0, abs(d @ t) / (np.linalg.norm(d) *
                                                           np.linalg.norm(t)))))
    assert ("runs close along the region's edge" in said) == (crossing < 8.0), crossing
    assert ("enters the region there" in said) == (crossing >= 8.0)
    if lesson.least_inset is not None:  # magnified a whole number of times, as said
        from linviz.view_box import INSET_HALF_WIDTHS, INSET_SHARE, fitted_box
        from linviz.lessons.linear_program import DATA_VIEW_PADDING

        box, zoom = lesson.least_inset
        view = fitted_box(data.X, include_origin=True, padding=DATA_VIEW_PADDING)
        (least_beat,) = [b for b in told_beats(lesson)
                         if b.motion == "least"]
        # its zoom written on the inset, not said
        assert "magnified" not in least_beat.sentence
        assert (box.x_max - box.x_min) * zoom == pytest.approx(
            INSET_SHARE * (view.x_max - view.x_min), rel=1e-12)
        # the point's distance to the line is readable in it, and the point is inside
        distance = np.min(scores) / np.linalg.norm(run["theta"])
        assert box.x_max - box.x_min >= 2 * INSET_HALF_WIDTHS * distance * (1 - 1e-12)
        x = data.X[least]
        assert box.x_min <= x[0] <= box.x_max and box.y_min <= x[1] <= box.y_max


def test_tight_points_at_one_place_are_named_once():
    """Two points at one place are one ring: the sentence names the place once and says
    the other is there too (review 63: 'points 44, 58 and 94' over two rings)."""
    X = np.array([[1.0, 1.0], [1.0, 1.0], [-1.0, -1.0], [2.0, 0.5], [-0.5, -2.0]])
    y = np.array([1.0, 1.0, -1.0, 1.0, -1.0])
    lesson = linear_program_lesson(Dataset(X=X, y=y, name="twice"))
    assert {0, 1} <= set(lesson.tight)
    said = " ".join(told_sentences(lesson))
    assert "(point 2 at the same place)" in said and "points 1, 2" not in said


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_tight_place_is_magnified_when_its_band_is_too_narrow(case):
    """When θ*'s dashed lines θ*ᵀx = ±1 stand too close to its boundary to read (1/‖θ*‖
    a side magnifies at least INSET_LEAST_ZOOM times, recomputed here), each tight place,
    the first two, is magnified round its foot on the boundary, all at one zoom, and the
    sentence says it ("each" for two); else none is."""
    from linviz.lessons.linear_program_story import linear_program_storyboard as board
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_LEAST_ZOOM, INSET_SHARE, fitted_box
    from linviz.lessons.linear_program import DATA_VIEW_PADDING

    data, lesson = _lesson_of(case)
    if lesson.theta_star is None:
        pytest.skip("no θ meets every constraint")
    star = np.asarray(lesson.theta_star, dtype=float)
    view = fitted_box(data.X, include_origin=True, padding=DATA_VIEW_PADDING)
    zoom = int(np.floor(INSET_SHARE * (view.x_max - view.x_min) * np.linalg.norm(star)
                        / (2 * INSET_HALF_WIDTHS) + 1e-9))
    places = []
    for i in lesson.tight:
        if not any(np.array_equal(data.X[i], data.X[j]) for j in places):
            places.append(i)
    insets = lesson.tight_insets
    said = next(b.sentence for b in board(lesson).beats if b.motion == "tight")
    if zoom < INSET_LEAST_ZOOM:
        assert insets == [] and "magnified" not in said
        return
    assert [i for i, _, _ in insets] == places[:2]
    for i, box, shown in insets:
        assert shown == zoom
        centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
        assert abs(centre @ star) < 1e-9 * np.linalg.norm(star)
        assert box.x_min < data.X[i][0] < box.x_max and box.y_min < data.X[i][1] < box.y_max
    # the zoom written on the insets, not said
    assert f"({'each ' if len(insets) > 1 else ''}magnified)" in said


def _brute_opposite_pairs(X: np.ndarray, y: np.ndarray) -> tuple[list, list]:
    """Every pair (i < j) at one place with both labels, and every pair whose yx point
    opposite ways: the stated rule |a × b| ≤ OPPOSITE‖a‖‖b‖ (squared, in rationals) and
    aᵀb < 0."""
    from linviz.lessons.linear_program import OPPOSITE

    tolerance = Fraction(OPPOSITE) ** 2
    same, opposite = [], []
    for i, j in itertools.combinations(range(len(y)), 2):
        a = [Fraction(float(v)) * int(y[i]) for v in X[i]]
        b = [Fraction(float(v)) * int(y[j]) for v in X[j]]
        cross = a[0] * b[1] - a[1] * b[0]
        if (cross * cross <= tolerance * (a[0] ** 2 + a[1] ** 2) * (b[0] ** 2 + b[1] ** 2)
                and a[0] * b[0] + a[1] * b[1] < 0):
            opposite.append((i, j))
            if np.array_equal(X[i], X[j]):
                same.append((i, j))
    return same, opposite


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_two_opposite_points_are_the_certificate_when_there_are(case):
    """On data no line through the origin separates, the proof is the simplest there is
    beyond tied points: when the points at places of one label are still inseparable, a
    proof among them only (and the tie beat says so); else two points at one place with
    both labels (the least such pair), else two whose yx are opposite, found by brute
    force in rationals; and the sentence says which. (The tied points are not a beat of
    their own: review 286 called it an idle aside.)"""
    data, lesson = _lesson_of(case)
    if lesson.feasible:
        return
    X = np.asarray(data.X, dtype=float)
    same, opposite = _brute_opposite_pairs(X, data.y)
    tied = sorted({i for pair in same for i in pair})
    kept = [i for i in range(len(X)) if i not in tied]
    chosen = tuple(sorted(lesson.certificate))
    said = told_beats(lesson)
    proof = next(beat.sentence for beat in said if beat.motion == "certificate")
    assert lesson.tied_points == tied
    assert not any("measurements tied" in beat.sentence for beat in said)
    if tied and not separable_through_origin(data.y[kept, None] * X[kept]):
        assert not set(chosen) & set(tied) and not lesson.same_place_certificate
        _, opposite = _brute_opposite_pairs(X[kept], data.y[kept])
        if opposite:
            assert chosen == tuple(kept[i] for i in opposite[0])
        overlap = {*lesson.overlap[0], *lesson.overlap[1]}
        if overlap and brute_force_fewest_wrong(X[kept], data.y[kept]) > 0:
            assert not overlap & set(tied)  # the offset's proof does without them too
        return
    if same:
        assert chosen == same[0] and lesson.same_place_certificate
        assert all(w == pytest.approx(0.5) for w in lesson.certificate.values())
        assert f"{point_list(chosen)} lie at one place with opposite labels" in proof
    elif opposite:
        assert chosen == opposite[0] and not lesson.same_place_certificate
    else:
        assert len(chosen) in (2, 3) and "one place" not in proof


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_gordans_alternative_is_stated_before_its_weights_are_used(case):
    """Gordan's alternative is said, as not in the notes, in the beat before the proof
    (weights, or two points at one place with both labels: weights ½ and ½, named), and its
    second side is the one the weights show: λ ≥ 0, not all 0, Σλᵢy⁽ⁱ⁾x⁽ⁱ⁾ = 0
    (recomputed)."""
    data, lesson, beats, motions = _infeasible_story(case)
    proof = motions.index("certificate")
    if lesson.same_place_certificate:
        assert re.search(r"give them weights 0\.50? and 0\.50?\.$", beats[proof].sentence)
    # its two sides a beat each (reviews 330: 18 s in one caption), after the alternative
    # is named (reviews 347: the question and the first case in one caption)
    stated, either, other = beats[proof - 3], beats[proof - 2], beats[proof - 1]
    assert stated.motion == "gordan" and "beyond the notes" in stated.sentence
    assert stated.sentence.endswith("exactly one of two things holds.")
    assert either.motion == "gordan-either" and either.sentence.startswith(
        "Either some θ has every label times score above 0: scaled up, all are at least 1")
    assert other.motion == "gordan-other"
    assert other.sentence.startswith("Or weights λᵢ ≥ 0, not all 0")
    assert "add up to 0" in other.sentence
    assert stated.state["gordan"]["holds"] is None  # stated, not yet decided
    assert beats[proof].sentence.startswith("Here the second holds")
    # the weights found, then their sum, a beat each
    assert beats[proof + 1].motion == "certificate-sum"
    # the − points' flip said first, where there are any (reviews 357: said after the sum
    # that used it), then the sum
    summed = beats[proof + 1].sentence
    minus = sorted(i + 1 for i in lesson.certificate if data.y[i] < 0)
    flip, rest = summed.split(". ", 1) if minus else ("", summed)
    if len(minus) == 1:
        own = "".join("⁰¹²³⁴⁵⁶⁷⁸⁹"[int(c)] for c in str(minus[0]))
        assert flip == f"Point {minus[0]} is a −, so y⁽{own}⁾x⁽{own}⁾ is x⁽{own}⁾ flipped"
    elif minus:
        assert flip.startswith("Points ") and flip.endswith(
            " are −, so their y⁽ⁱ⁾x⁽ⁱ⁾ are their x⁽ⁱ⁾ flipped")
        assert [int(w) for w in flip[7:].split(" are")[0].replace(" and", ",").split(", ")
                ] == minus
    assert rest.startswith("Their weighted y⁽ⁱ⁾x⁽ⁱ⁾, tip to tail")
    assert not any("Gordan" in beat.sentence for beat in beats[:proof - 3])
    weights = np.array(list(lesson.certificate.values()))
    assert (weights >= 0).all() and weights.sum() > 0
    total = sum(w * data.y[i] * np.asarray(data.X[i], float)
                for i, w in lesson.certificate.items())
    np.testing.assert_allclose(total, 0.0, atol=1e-9)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_regions_corners_stand_inside_the_weight_box(case):
    """Each corner of the region drawn where two constraints' lines meet (found afresh:
    the lines' crossing, met by every constraint) stands a tenth of the box's width or
    more from its sides: at the edge, two lines said to be nearly parallel were not seen to
    meet (review 257, iris: 4.5 of 100)."""
    data, lesson = _lesson_of(case)
    if not lesson.feasible:
        return
    A, box = lesson.signed, lesson.weight_box
    width = box.x_max - box.x_min
    for i in range(len(A)):
        for j in range(i + 1, len(A)):
            if abs(np.linalg.det(A[[i, j]])) < 1e-9 * np.linalg.norm(A[i]) * np.linalg.norm(A[j]):
                continue
            corner = np.linalg.solve(A[[i, j]], np.ones(2))
            inside = (box.x_min <= corner[0] <= box.x_max and box.y_min <= corner[1] <= box.y_max)
            if not inside or (A @ corner < 1 - 1e-9).any():
                continue
            room = min(corner[0] - box.x_min, box.x_max - corner[0],
                       corner[1] - box.y_min, box.y_max - corner[1])
            assert room >= 0.1 * width, (case.name, i + 1, j + 1, corner, room / width)


def test_a_point_with_both_labels_is_its_own_proof():
    X = np.array([[1.0, 0.5], [0.2, -1.0], [-0.7, 0.3], [0.2, -1.0], [1.5, 1.0]])
    y = np.array([1.0, 1.0, -1.0, -1.0, 1.0])
    lesson = linear_program_lesson(Dataset("both-labels", X, y, CLASSIFICATION))
    assert not lesson.feasible and sorted(lesson.certificate) == [1, 3]
    assert lesson.same_place_certificate


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_with_an_offset_the_line_or_the_overlap_is_shown_and_holds(case):
    """On data no line through the origin separates, the offset beat shows a proof either
    way: a line with an offset that puts every point on its side (checked in rationals), or
    two classes' points whose convex hulls share a point (weights ≥ 0 summing to 1 on each
    side, equal means), named in the sentence as the shape they make."""
    data, lesson = _lesson_of(case)
    if lesson.feasible:
        assert lesson.offset_line is None and lesson.overlap == ({}, {})
        return
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    said = [beat.sentence for beat in told_beats(lesson)]
    if lesson.offset_line is not None:
        theta, theta0 = lesson.offset_line
        exact = [Fraction(float(label)) * (Fraction(float(theta[0])) * Fraction(float(a))
                                           + Fraction(float(theta[1])) * Fraction(float(b))
                                           + Fraction(float(theta0)))
                 for (a, b), label in zip(X, y)]
        assert min(exact) > 0
        assert lesson.overlap == ({}, {})
        assert any("a line does separate them: the same programme on [1, x] is feasible" in s
                   for s in said)
        return
    positive, negative = lesson.overlap
    assert positive and negative and len(positive) + len(negative) <= 4
    assert all(y[i] > 0 for i in positive) and all(y[j] < 0 for j in negative)
    for weights in (positive, negative):
        assert all(w > 0 for w in weights.values())
        assert sum(weights.values()) == pytest.approx(1.0, abs=1e-9)
    plus = sum(w * X[i] for i, w in positive.items())
    minus = sum(w * X[j] for j, w in negative.items())
    assert np.allclose(plus, minus, atol=1e-9 * max(1.0, float(np.abs(X).max())))
    sentence = next(s for s in said if s.startswith("Nor with an offset"))
    for weights, sign in ((positive, "+"), (negative, "−")):
        shape = {1: "point", 2: "segment", 3: "triangle"}[len(weights)]
        assert f"{shape} of {sign} points" in sentence if shape != "point" else \
            f"{sign} point {sorted(weights)[0] + 1}" in sentence
        assert all(str(i + 1) in sentence for i in weights)


def test_a_point_inside_the_other_class_triangle_is_said_to_lie_in_it():
    """Three − points round one + point: no line separates them even with an offset, and
    the overlap is the + point inside the − triangle."""
    X = np.array([[2.0, 0.1], [-1.0, 2.0], [-1.0, -2.0], [0.0, 0.0]])
    y = np.array([-1.0, -1.0, -1.0, 1.0])
    X = X + np.array([0.3, 0.2])  # no point at the origin
    lesson = linear_program_lesson(Dataset("inside", X, y, CLASSIFICATION))
    assert not lesson.feasible and lesson.offset_line is None
    positive, negative = lesson.overlap
    assert sorted(positive) == [3] and sorted(negative) == [0, 1, 2]
    said = " ".join(beat.sentence for beat in told_beats(lesson))
    assert "+ point 4 lies in the triangle of − points 1, 2 and 3" in said


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_on_data_no_line_separates_the_perceptron_is_said_never_to_settle(case):
    """Where the programme is infeasible, the proof's beat says the perceptron through the
    origin never settles: the notes' perceptron (recomputed visit by visit here) makes a
    mistake in every one of its passes. The walk itself is left to the noise scene (review
    310: one idea too many); with an offset, the weight plane is dimmed (the line that
    separates) or gone (the overlap) to the end."""
    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    proof = [b for b in beats if b.motion == "proof"]
    if lesson.feasible:
        assert not lesson.inseparable and not proof
        return
    passes = 50
    reference = reference_perceptron(data.X, data.y, passes, offset=False)
    assert not reference["converged"] and reference["epochs"] == passes
    counts = [sum(v[3] for v in reference["visits"] if v[0] == epoch)
              for epoch in range(1, passes + 1)]
    assert min(counts) >= 1
    (said,) = proof
    # (the perceptron's endless run is the closing's of `linear-program`: reviews 336, said
    # here over no perceptron) what makes it endless said: some point wrong, whatever θ
    assert said.sentence.endswith("so one of them is ≤ 0. Whatever θ, some point is wrong.")
    assert said.state["score_bars"]
    assert lesson.inseparable == (not lesson.separable_with_offset)
    assert not {"endless", "endless-best", "near", "subset", "subset-tight",
                "same-place"} & {b.motion for b in beats}
    after_overlap = False
    for beat in beats:
        after_overlap = after_overlap or beat.motion == "overlap"
        if beat.motion == "offset-line":
            assert beat.state["weights_dim"] and beat.state["weights"]
        if after_overlap:
            assert not beat.state["weights_dim"] and not beat.state["weights"]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_weight_space_is_shaded_by_the_points_each_theta_gets_wrong(case):
    """The shading's arcs of directions cover the circle once, and each arc's count is the
    points a θ pointing into it gets wrong (y·θᵀx ≤ 0), recounted here at 7,200 directions
    evenly round the circle (each falls in the arc holding it); the fewest is 0 exactly on
    separable data, at least 1 otherwise, where it is said, and no state of the
    never-ending run gets fewer wrong."""
    from linviz.lessons.linear_program import mistake_arcs

    data, lesson = _lesson_of(case)
    arcs = mistake_arcs(lesson.signed)
    starts = np.array([a for a, _, _ in arcs])
    ends = np.array([b for _, b, _ in arcs])
    assert np.allclose(ends[:-1], starts[1:]) and ends[-1] == pytest.approx(starts[0] + 2 * np.pi)
    angles = starts[0] + (np.arange(7200) + 0.5) * (2 * np.pi / 7200)
    directions = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    wrong = np.sum((data.y[None, :] * (directions @ data.X.T)) <= 0, axis=1)
    holding = np.searchsorted(starts, angles, side="right") - 1
    far = np.minimum(angles - starts[holding], ends[holding] - angles) > 1e-9
    counts = np.array([c for _, _, c in arcs])
    np.testing.assert_array_equal(wrong[far], counts[holding][far])
    low, high = lesson.mistake_range
    assert (low, high) == (counts.min(), counts.max())
    assert (low == 0) == lesson.feasible == separable_through_origin(lesson.signed)
    if lesson.feasible:
        return
    board = linear_program_storyboard(lesson)
    (shaded,) = [b for b in board.beats if b.motion == "all-constraints"]
    assert shaded.state["wrong_shading"]
    # the status line names the shading; the fewest is said (and written) a beat later
    assert str(low) not in shaded.state["status"].replace("$theta$", "")
    (said_low,) = [b for b in board.beats if b.motion == "infeasible"]
    assert f"at least {low} wrong" in said_low.sentence and str(low) in said_low.state["status"]
    # and in how many wedges (runs of directions, round the circle) exactly that many are
    # wrong, where more than one is outlined: counted here at 36,000 directions
    turns = np.radians(np.arange(0, 360, 0.01)) + 1e-7
    signed = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    fewest = np.sum(signed @ np.vstack([np.cos(turns), np.sin(turns)]) <= 0, axis=0) == low
    runs = int(np.sum(fewest & ~np.roll(fewest, 1))) if not fewest.all() else 1
    # the narrowest's width said where under 3° (reviews 338: at 480p it read as a border),
    # measured here as the longest run of the sweep's directions, to its 0.01° steps
    thin = ""
    if runs > 1:
        starts = np.flatnonzero(fewest & ~np.roll(fewest, 1))
        ends = np.flatnonzero(fewest & ~np.roll(fewest, -1))
        widths = [((end - start) % len(turns) + 1) * 0.01
                  for start, end in zip(starts, ends[np.searchsorted(ends, starts) % len(ends)])]
        said = re.search(r"the narrowest only about (\d+\.\d)° wide", said_low.sentence)
        assert (said is not None) == (min(widths) < 3.0 - 0.02) or abs(min(widths) - 3) < 0.02
        if said:
            assert abs(float(said[1]) - min(widths)) <= 0.05 + 0.02
            thin = f", the narrowest only about {said[1]}° wide"
    among = f" Only the θ in the {runs} outlined wedges get just {low}{thin}." if runs > 1 else ""
    # the opening's count met again, where the opening turned a line (its count said
    # there, the same fewest)
    trial = [b for b in board.beats if b.motion == "trial"]
    again = "as the opening's turn found, " if trial else ""
    if trial:
        assert trial[0].sentence.endswith(f"The best gets {low} wrong.")
    assert (f"No θ is left unshaded: {again}every θ gets at least {low} wrong, as this "
            f"one does.{among}" in " ".join(board.sentences()))
    # "this one", marked with its mistakes, gets exactly that many wrong (counted here)
    marked = said_low.state["wrong_marks"]["dashed"]
    theta = lesson.scaling_theta
    assert marked == [int(i) for i in np.flatnonzero(data.y * (data.X @ theta) <= 0)]
    assert len(marked) == low
    # no θ the perceptron reaches gets fewer wrong (a plain run of 20 passes here)
    theta, reached = np.zeros(2), []
    for _ in range(20):
        for x, label in zip(np.asarray(data.X, dtype=float), data.y):
            if label * (theta @ x) <= 0:
                theta = theta + label * x
                reached.append(theta)
    errors = np.sum(data.y[None, :] * (np.array(reached) @ data.X.T) <= 0, axis=1)
    assert errors.min() >= low


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_certificate_cells_count_the_constraints_each_theta_meets(case):
    """Weight space cut by the certificate's lines aᵢᵀθ = 1 (what the scene shades): the
    cells cover the view once (their areas add up to its area), and at 4,000 random θ
    (seeded) inside a cell the constraints met (aᵢᵀθ ≥ 1, counted here) are the cell's
    count; no cell meets them all (the certificate's claim)."""
    from linviz.geometry import Box, constraint_cells, polygon_area

    data, lesson = _lesson_of(case)
    if lesson.feasible:
        pytest.skip("separable: no certificate")
    support = sorted(lesson.certificate)
    A = np.array([lesson.signed[i] for i in support])
    box = lesson.weight_box
    cells = constraint_cells(A, np.ones(len(A)), box)
    area = (box.x_max - box.x_min) * (box.y_max - box.y_min)
    assert sum(polygon_area(p) for p, _ in cells) == pytest.approx(area, rel=1e-9)
    assert max(met for _, met in cells) < len(A)
    rng = np.random.default_rng(7)
    thetas = np.column_stack([rng.uniform(box.x_min, box.x_max, 4000),
                              rng.uniform(box.y_min, box.y_max, 4000)])
    met = np.sum(thetas @ A.T >= 1, axis=1)
    for polygon, count in cells:
        # inside a convex polygon in counter-clockwise or clockwise order: every edge's
        # cross product has one sign, kept off the edges by a margin
        edges = np.roll(polygon, -1, axis=0) - polygon
        cross = (edges[None, :, 0] * (thetas[:, None, 1] - polygon[None, :, 1])
                 - edges[None, :, 1] * (thetas[:, None, 0] - polygon[None, :, 0]))
        inside = np.all(cross > 1e-9, axis=1) | np.all(cross < -1e-9, axis=1)
        np.testing.assert_array_equal(met[inside], count)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_marked_theta_is_inside_the_half_plane_and_its_line_clear_of_the_points(case):
    """The θ marked in the shown point's half-plane has aᵀθ = 2, within 45° of a, and its
    line in data space keeps at least as far from the nearest point as the line of
    2a/‖a‖² (the θ straight out from 0), and farther wherever that one runs within a
    hundredth of the data's width of a point."""
    data, lesson = _lesson_of(case)
    # the point shown alone is drawn as its own class: no point of the other class at its
    # place (on every set of the gallery some point is alone with its class)
    here = np.all(data.X == data.X[lesson.shown_point], axis=1)
    assert np.all(data.y[here] == data.y[lesson.shown_point])
    a, theta = lesson.signed[lesson.shown_point], lesson.probe
    assert a @ theta == pytest.approx(2.0, rel=1e-12)
    cosine = (a @ theta) / (np.linalg.norm(a) * np.linalg.norm(theta))
    assert cosine >= math.cos(math.radians(45)) - 1e-12

    # drawn: the view while it is marked holds it, and the next beat's zoom is said as it is
    box = lesson.constraint_box
    assert box.x_min < theta[0] < box.x_max and box.y_min < theta[1] < box.y_max
    # (the zoom out to every line is said by the beat that makes it: all the constraints
    # on separable data, the first of them one at a time on the rest)
    (every,) = [b for b in told_beats(lesson)
                if b.motion == ("all-constraints" if lesson.feasible else "narrowing")]
    width = {name: b.x_max - b.x_min for name, b in (("constraint", box),
                                                   ("weights", lesson.weight_box))}
    zoom = ("" if box == lesson.weight_box else
            "zoomed out" if width["weights"] > width["constraint"] else "zoomed in")
    if lesson.feasible:
        assert every.sentence.startswith(
            f"Now all {lesson.n} constraints{', ' + zoom if zoom else ''}, one at a time in "
            f"the data's order, each point ringed as its line comes.")
    else:
        assert every.sentence.startswith(f"{zoom.capitalize()}, each point's line through 0, "
                                         if zoom else "Each point's line through 0, one at")

    def clearance(t):
        return np.min(np.abs(data.X @ (t / np.linalg.norm(t))))

    straight = clearance(a)
    assert clearance(theta) >= straight - 1e-12
    width = np.ptp(data.X, axis=0).max()
    if straight < 0.01 * width:
        assert clearance(theta) > straight + 1e-9 * width


def _close_said(data, theta, beat, line, lesson, again=False):
    """``beat`` (the one drawing θ's line, or after its run the one ending it) magnifies
    and says the point nearest θ's line (its distance recomputed as the length of x minus
    its projection onto the line, its side by the sign of its y·score) exactly when an
    inset must magnify it at least STEP_INSET_ZOOM times; in brief where ``again`` (a beat
    before said one in full)."""
    sentence = " " + beat.sentence  # (a beat of its own: its words open it)
    from linviz.lessons.linear_program import STEP_INSET_ZOOM
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_SHARE, fitted_box
    from linviz.lessons.linear_program import DATA_VIEW_PADDING

    if not np.any(theta):  # no line
        assert beat.state["inset"] != "step" and ": magnified, it is just" not in sentence
        return False
    # the data plane's view
    view = fitted_box(data.X, include_origin=True, padding=DATA_VIEW_PADDING)
    width = view.x_max - view.x_min
    along = theta[::-1] * np.array([-1.0, 1.0]) / np.linalg.norm(theta)
    away = data.X - np.outer(data.X @ along, along)  # x minus its part along the line
    distances = np.linalg.norm(away, axis=1)
    j = int(np.argmin(distances))
    # the zoom an inset needs to show that distance at INSET_HALF_WIDTHS of its side
    needed = math.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * distances[j]) + 1e-9)
    if needed >= STEP_INSET_ZOOM and distances[j] > 1e-12:
        side = "correct" if data.y[j] * (data.X[j] @ theta) > 0 else "wrong"
        assert beat.state["inset"] == "step"
        np.testing.assert_array_equal(beat.state["close"], theta)
        assert j in beat.state["ringed"]
        # in full the first time, briefly after (the "magnified" already said); with every
        # other point on its side an inset would magnify as much, named too (reviews 320)
        signed = data.y * (data.X @ theta) / np.linalg.norm(theta)
        alike = [i for i in range(len(data.y)) if i != j
                  and not np.all(data.X[i] == data.X[j]) and signed[i] * signed[j] > 0
                  and math.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * abs(signed[i]))
                                 + 1e-9) >= STEP_INSET_ZOOM]
        if alike:
            names = [str(i + 1) for i in [j, *alike]]
            listed = "Points " + ", ".join(names[:-1]) + " and " + names[-1]
            ringed = ""
            if len(alike) >= 3:  # counted, not listed (reviews 321)
                words = {4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
                         10: "Ten"}
                listed, ringed = f"{words.get(len(alike) + 1, len(alike) + 1)} points", ", ringed"
            full = (f" {listed} look on the line{line}{ringed}: magnified, point {j + 1} is "
                    f"just on its {side} side" in sentence)
            brief = (f" {listed}, too, look on the line{line}{ringed}: just on their {side} "
                     f"sides" in sentence)
            assert set(beat.state["ringed"]) >= {j, *alike}
            # each point named magnified in turn, the nearest first, at the zoom its
            # distance needs (review 323: one only ringed); counted: the nearest alone
            assert beat.state["magnified"] == ([j] if len(alike) >= 3 else [j, *alike])
            for i in beat.state["magnified"]:
                zoom = math.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * abs(signed[i]))
                                  + 1e-9)
                assert lesson.point_inset(theta, i)[0::2] == (i, zoom)
        else:
            assert beat.state["magnified"] == [j]
            full = (f" Point {j + 1} looks on the line{line}: magnified, it is just on its "
                    f"{side} side" in sentence)
            brief = (f" Point {j + 1}, too, looks on the line{line}: just on its {side} side"
                     in sentence)
        assert (brief if again else full), sentence
        assert lesson.line_inset(theta)[2] == needed  # the zoom written on the inset
        # the other points at its place are named (the marker drawn there may be theirs)
        others = [i for i in range(len(data.y)) if i != j and np.all(data.X[i] == data.X[j])]
        assert ("its place" in sentence) == bool(others)
        assert all(str(i + 1) in sentence for i in others)
        return True
    assert beat.state["inset"] != "step" and beat.state["close"] is None
    assert ": magnified, it is just" not in sentence
    return False


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_point_the_walks_line_would_cut_is_magnified_and_its_side_said(case):
    """Each explained update but the last magnifies the point nearest the line and says its
    side exactly when it would look on it (:func:`_close_said`), in the same beat: no beat
    of its own. (After a never-ending run's passes every point that looks on a line is
    magnified: test_lesson_linear_program_walk.py.)"""
    from linviz.lessons.linear_program_story import EXPLAINED_STEPS

    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    motions = [b.motion for b in beats]
    assert "close" not in motions
    if not lesson.feasible:
        # (but the kept points' θ, its close points said there: test_lesson_..._marks.py)
        assert all(b.state["inset"] != "step" for b in beats
                   if b.motion not in ("kept-close", "kept-margin"))
        return
    M = len(lesson.thetas) - 1
    steps = [n for n, m in enumerate(motions) if m == "walk-step"]
    said = False
    for k in range(1, min(EXPLAINED_STEPS, M) + 1):
        beat = beats[steps[k - 1]]
        # the update's beat says no close point; the beat after it, its own, may (reviews
        # 321: too much for one hearing in one)
        assert beat.state["inset"] != "step" and "on the line" not in beat.sentence
        after = beats[steps[k - 1] + 1]
        beat = after if after.motion == "walk-close" else beat
        if k < M:
            said = _close_said(data, lesson.thetas[k], beat, "", lesson, again=said) or said
        else:  # the last update: its line separates, the least y·score beat comes
            assert beat.state["inset"] != "step"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_overlap_closeup_holds_its_points_at_the_largest_whole_zoom(case):
    """The close-up of the overlap: a square that holds every corner of both hulls, the
    data view's width over k for the largest whole k leaving its side at least
    CLOSEUP_ROOM times their spread (k + 1 would not), k ≥ CLOSEUP_LEAST_ZOOM; None when
    k would be smaller."""
    from linviz.view_box import CLOSEUP_LEAST_ZOOM, CLOSEUP_ROOM

    data, lesson = _lesson_of(case)
    positive, negative = lesson.overlap
    if not positive:
        assert lesson.overlap_closeup is None
        return
    corners = data.X[sorted({*positive, *negative})]
    spread = float(np.max(corners.max(axis=0) - corners.min(axis=0)))
    # in the data plane's view, which shows every point
    width = lesson.full_view.x_max - lesson.full_view.x_min
    found = lesson.overlap_closeup
    # the largest whole k with width / k ≥ room × spread, counted up from 1
    k = 0
    while spread > 0 and width / (k + 1) >= CLOSEUP_ROOM * spread * (1 - 1e-12):
        k += 1
    if k < CLOSEUP_LEAST_ZOOM:
        assert found is None
        return
    box, zoom = found
    assert zoom == k
    assert box.x_max - box.x_min == pytest.approx(width / k)
    assert box.y_max - box.y_min == pytest.approx(width / k)
    assert np.all(box.contains(corners))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_walk_stops_once_theta_is_in_the_cone_and_each_update_says_what_it_broke(case):
    """The cone beat's claim, "the updates stop once θ is in the cone": θ after each update
    but the last has some y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0 (outside the open cone), the last θ has them all
    > 0; and each explained update says how many points its θ gets wrong, recounted here
    with exact fractions of the scores (a sign is not left to rounding)."""
    data, lesson = _lesson_of(case)
    if not lesson.feasible:
        pytest.skip("no separator: no walk into a cone")
    X, y = data.X, data.y
    thetas = lesson.thetas
    for k, theta in enumerate(thetas[1:], 1):
        scores = [Fraction(float(y[i])) * (Fraction(float(theta[0])) * Fraction(float(X[i, 0]))
                                         + Fraction(float(theta[1])) * Fraction(float(X[i, 1])))
                  for i in range(len(y))]
        wrong = sum(score <= 0 for score in scores)
        assert (wrong == 0) == (k == len(thetas) - 1), k
        assert lesson.wrong_after(k) == wrong
    board = linear_program_storyboard(lesson)
    said = [b.sentence for b in board.beats if b.motion == "walk-step"]
    for k, sentence in enumerate(said, 1):
        wrong = lesson.wrong_after(k)
        verb = "is" if wrong == 1 else "are"  # "1 of 9 is wrong"
        assert re.search(rf"Now {wrong} of {len(y)} {verb} wrong[.,]" if wrong else
                         r"Now none is wrong\.", sentence), sentence
        # a count that rose after an update is said to have (the update looks failed)
        earlier = lesson.wrong_after(k - 1)
        assert (f"wrong, up from {earlier}:" in sentence) == (wrong > earlier), sentence
        # the first update's rise said as note 001 derives it: ‖x⁽ⁱ⁾‖², the scores said
        # (recomputed here) differing by it to rounding; said once
        told = re.search(r"on point (\d+): y⁽(\S+)⁾θᵀx⁽\S+⁾ goes from (−?[0-9.]+) to "
                         r"(−?[0-9.]+)", sentence)
        if k == 1:
            i = int(told.group(1)) - 1
            before, after = (float(told.group(g).replace("−", "-")) for g in (3, 4))
            index = str(i + 1).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
            assert told.group(2) == index and (
                f", up by ‖x⁽{index}⁾‖², as θ steps perpendicular to point {i + 1}'s lines."
                in sentence)
            assert after - before == pytest.approx(float(X[i] @ X[i]), abs=0.011)
            assert before == pytest.approx(float(y[i] * (X[i] @ thetas[0])), abs=0.005)
        else:
            assert "up by ‖x" not in sentence
    (cone,) = [b for b in board.beats if b.motion == "cone"]
    assert "The updates stop once θ is in the cone." in cone.sentence and cone.state["cone"]
    # the status line shows what each step's sentence says, to be read again: the rule
    # (first),
    # the point's y·score before → after (recomputed from the θs, exact to its digits) and
    # the marks' count (recounted above)
    steps = [b for b in board.beats if b.motion == "walk-step"]
    for k, beat in enumerate(steps):
        status = beat.state["status"]
        # each update by its number; the rule stood over the beats before (four facts on a
        # line were shrunk past reading, reviews 267, 271)
        assert status.startswith(f"update {k + 1} · ") and "theta <-" not in status
        shown = re.search(r"point (\d+): \$y\^\(\((\d+)\)\) theta\^T x\^\(\(\d+\)\)\$ "
                          r"(−?[0-9.]+) → (−?[0-9.]+)", status)
        i = int(shown.group(1)) - 1
        assert shown.group(2) == shown.group(1), status
        for g, theta in ((3, thetas[k]), (4, thetas[k + 1])):
            assert float(shown.group(g).replace("−", "-")) == pytest.approx(
                float(y[i] * (X[i] @ theta)), abs=0.005 + 1e-9)
        wrong = lesson.wrong_after(k + 1)
        assert status.endswith(f"× marks the {wrong} wrong" if wrong else "none wrong"), status


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_theta_marked_for_the_duality_meets_its_constraint_and_its_errors_are_said(case):
    """The θ marked in weight space meets the shown point's constraint (y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 2, not
    every one); the status line says which, and how many points its line gets wrong,
    counted here from the data (y·θᵀx ≤ 0 a mistake)."""
    data, lesson = _lesson_of(case)
    k = lesson.shown_point
    theta = lesson.probe
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    assert y[k] * (X[k] @ theta) == pytest.approx(2.0, rel=1e-9)
    wrong = sum(1 for xi, yi in zip(X, y) if yi * (xi[0] * theta[0] + xi[1] * theta[1]) <= 0)
    (duality,) = [b for b in told_beats(lesson) if b.motion == "probe"]
    # short enough to stand at the status line's full size
    assert duality.state["status"] == (f"this $theta$ meets constraint {k + 1}; its line: "
                                       f"{wrong} of {len(y)} wrong")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_weight_box_shows_the_region_round_theta_star_not_only_its_corner(case):
    """The view of weight space where the region is shown holds 0, θ*, the diamond through
    it, and every θ of the region (aᵢᵀθ ≥ 1 for all i, tested point by point on a grid)
    within REGION_REACH × ‖θ*‖₁ of θ* along each axis: the region beside θ*, not a sliver
    at the view's edge."""
    from linviz.lessons.linear_program import REGION_REACH

    data, lesson = _lesson_of(case)
    if not lesson.feasible:
        return
    A = data.y[:, None] * data.X
    star, c, box = lesson.theta_star, lesson.least_l1, lesson.weight_box
    half = REGION_REACH * c
    grid = np.linspace(-half, half, 41)
    points = np.array([[star[0] + u, star[1] + v] for u in grid for v in grid])
    feasible = points[np.all(points @ A.T >= 1.0, axis=1)]
    assert len(feasible) > 0
    held = np.vstack([feasible, [star, [0.0, 0.0], [c, 0.0], [-c, 0.0], [0.0, c], [0.0, -c]]])
    tolerance = 1e-9 * (1.0 + np.abs(held).max())
    assert np.all(held[:, 0] >= box.x_min - tolerance) and np.all(held[:, 0] <= box.x_max + tolerance)
    assert np.all(held[:, 1] >= box.y_min - tolerance) and np.all(held[:, 1] <= box.y_max + tolerance)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_scaling_is_drawn_as_it_is_said(case):
    """The beat that says 'scaled, a θ like the grey one has y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1' scales a θ up
    in data space, and only that beat: where a line through the origin separates (checked
    by the angular gap) a separator, which ends with every y·score ≥ 1, the least exactly 1
    (recomputed here from the data), and no longer than two other θ meeting every
    constraint (it is the widest separator's); elsewhere a θ with the fewest mistakes,
    its y·scores above 0 lifted to ≥ 1."""
    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    A = data.y[:, None] * data.X
    scaled = [b for b in beats if b.state["scaling"]]
    # (standing while the scaling is argued to lose nothing: reviews 318)
    # (where it gets points wrong, it leaves as "a θ with every label times score above 0"
    # is argued: reviews 330)
    # (what the scaling did, a beat of its own where it has mistakes to mark or a band to
    # magnify; else the next beat says it: reviews 334, the same point twice)
    separates = separable_through_origin(A)
    told = not separates or lesson.scaling_inset is not None
    assert [b.motion for b in scaled] == ["weight-plane", "dashes",
                                          *(["lifted"] if told else []),
                                          "loses-nothing", "inequalities"]
    # why ≥ 1: a programme's constraints are never strict (the beat before), and scaling
    # moves no line (review 313: one sentence held both, too much for one hearing)
    # (reviews 338-339: θ = 0's the last of three ideas in one caption of 19 s: its own)
    # (reviews 348: what a programme cannot ask, a sentence of its own)
    asked, strict, before = beats[beats.index(scaled[0]) - 3: beats.index(scaled[0])]
    # the strip's θ's points at or below 0 counted where it has some (reviews 345: "as on
    # the strip for this θ" said of a θ with mistakes), recounted here
    below = int(np.sum(A @ lesson.scaling_theta <= 0))
    strip = ("as on the strip for this θ" if not below else
             f"as on the strip, where this θ leaves {below} at or below 0")
    assert asked.motion == "at-least" and asked.sentence == (
        f"Separating asks every label times score, y⁽ⁱ⁾θᵀx⁽ⁱ⁾, to be above 0, {strip}.")
    assert strict.motion == "at-least-strict" and strict.sentence == (
        "A linear programme cannot ask that: it allows greater than or equal, never strictly "
        "greater.")
    assert before.motion == "at-least-zero" and before.sentence == (
        "And asking at least 0 is no use: θ = 0 meets it.")
    # each written as said (reviews 314: a still of 10-12 s), the card standing through
    # both sentences, its last row written in the second
    assert before.state["programme"] == asked.state["programme"]
    assert [row for _, row in before.state["programme"]] == [
        "separating: $y^((i)) theta^T x^((i)) > 0$",
        "a programme: $>=$ only, never $>$",
        "$y^((i)) theta^T x^((i)) >= 0$: $theta = 0$ meets it"]
    rows = before.state["programme"]
    # each row's words in the sentence it is written in, and in no sentence before
    for (words, _), beat in zip(rows, (asked, strict, before)):
        assert words in beat.sentence
        assert all(words not in b.sentence for b in beats[:beats.index(beat)])
    # scaled to 1 where said: in the sentence that says its θ is lifted there, else as the
    # scaling is said
    assert [b.state["scaled_to_one"] for b in scaled] == [False, not told,
                                                          *([True] * told), True, True]
    assert all("lifted to at least 1" in b.sentence for b in scaled[2:told + 2])
    assert scaled[0].sentence == (
        "Multiplying a θ, like this one, by a number c above 0 keeps its line and multiplies "
        "every label times score by c.")
    # the dashed lines, and what they are for, a sentence of their own (reviews 361)
    assert scaled[1].sentence == (
        "The dashed lines, where (cθ)ᵀx is +1 and −1, close in as c grows: once a point is "
        "past the dashed line of its class, its label times score is at least 1.")
    # what it does for this θ, the next beat (reviews 324: one sentence of four ideas)
    lifted = scaled[2]
    # the magnified nearest point said where it is drawn, and only there
    assert ("magnified, the nearest reaches exactly 1" in lifted.sentence) == (
        told and lesson.scaling_inset is not None)
    # it starts from 0.3 of that θ, or less, written to 2 decimals, where its dashed lines
    # θᵀx = ±1 would start nearer its line than 0.12 of the data's view (recomputed)
    from linviz.lessons.linear_program import SCALING_BAND_SHARE, SCALING_FROM
    start, half = lesson.scaling_start, 1.0 / np.linalg.norm(lesson.scaling_theta)
    view = lesson.full_view
    least = SCALING_BAND_SHARE * min(view.x_max - view.x_min, view.y_max - view.y_min)
    assert start == round(start, 2) and 0.01 <= start <= SCALING_FROM
    assert start == SCALING_FROM or start == 0.01 or (
        half / start >= least - 1e-9 and half / (start + 0.01) < least)
    if not separable_through_origin(A):
        # a θ with the fewest mistakes (as few as any direction of a fine sweep gets), its
        # y·scores above 0 lifted to ≥ 1, the least of them exactly 1
        shown = lesson.scaling_theta
        scores = A @ shown
        angles = np.radians(np.arange(0, 360, 0.01)) + 1e-7
        fewest = np.sum(A @ np.vstack([np.cos(angles), np.sin(angles)]) <= 0, axis=0).min()
        assert np.sum(scores <= 0) == fewest
        # its mistakes said, counted here, and marked as they are (review 305: unsaid)
        # (reviews 317: "at 4 places" dropped, an aside that broke the argument)
        # (reviews 318: "5 wrong" over 4 ×: the places they share said, recounted here)
        wrong_places = {}
        for x in data.X[scores <= 0].tolist():
            wrong_places[tuple(x)] = wrong_places.get(tuple(x), 0) + 1
        crowded = [k for k in wrong_places.values() if k > 1]
        shared = ("" if not crowded else f", {crowded[0]} at one place" if len(crowded) == 1
                  else f", at {len(wrong_places)} places")
        # (reviews 345: said to stay wrong, the claim after of a θ that separates)
        assert (f"Its {fewest} mistakes{shared}{',' if shared else ''} stay wrong; the other "
                f"{len(scores) - fewest} "
                "can all be lifted to at least 1" in lifted.sentence), lifted.sentence
        # the nearest said as many as read 1.00 (at distinct places)
        reads_one = {tuple(x) for x in data.X[(scores > 0) & (scores < 1.005)].tolist()}
        if lesson.scaling_inset:
            assert (("magnified, the nearest reaches exactly 1" in lifted.sentence)
                    == (len(reads_one) == 1)), lifted.sentence
            assert (f"reach 1, one magnified" in lifted.sentence) == (len(reads_one) > 1)
        assert lifted.state["wrong_marks"] == {
            "dashed": [int(i) for i in np.flatnonzero(scores <= 0)]}
        assert scores[scores > 0].min() == pytest.approx(1.0, rel=1e-12)
        inset = lesson.scaling_inset
        assert inset is None or scores[inset[0]] == pytest.approx(1.0, abs=1e-9)
    else:
        shown = lesson.scaling_theta
        scores = A @ shown
        assert scores.min() == pytest.approx(1.0, rel=1e-12) and np.all(scores >= 1 - 1e-12)
        if told:
            assert lifted.sentence.startswith("So all can be lifted to at least 1")
            assert lifted.state["wrong_marks"] is None
        # one of many, not the programme's answer: a quarter of the cone of separators
        # (its width found here by a sweep of directions a thousandth of a degree apart)
        # or more from θ*'s direction
        angles = np.radians(np.arange(0, 360, 0.001))
        inside = np.all(A @ np.vstack([np.cos(angles), np.sin(angles)]) > 0, axis=0)
        width = np.radians(0.001) * inside.sum()
        star = np.asarray(lesson.theta_star, dtype=float)
        apart = np.arccos(np.clip(shown @ star / np.linalg.norm(shown) / np.linalg.norm(star),
                                  -1, 1))
        assert apart >= 0.25 * width - np.radians(0.002)
        # its band (1/‖θ‖ from the line each side) magnified when a third of it is narrower
        # than the inset's share of the view over INSET_HALF_WIDTHS: round a nearest point
        from linviz.view_box import INSET_HALF_WIDTHS, INSET_LEAST_ZOOM, INSET_SHARE, fitted_box
        from linviz.lessons.linear_program import DATA_VIEW_PADDING
        view = fitted_box(data.X, include_origin=True, padding=DATA_VIEW_PADDING)
        half = 1.0 / np.linalg.norm(shown)
        zoom = int(np.floor(INSET_SHARE * (view.x_max - view.x_min)
                            / (2 * INSET_HALF_WIDTHS * half) + 1e-9))
        inset = lesson.scaling_inset
        assert (inset is not None) == (zoom >= INSET_LEAST_ZOOM)
        if inset is not None:
            i, box, zoomed = inset
            assert zoomed == zoom and scores[i] == pytest.approx(1.0, abs=1e-9)
            centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
            assert abs(centre @ shown) < 1e-9 * np.linalg.norm(shown)  # on the line
            assert box.x_min < data.X[i][0] < box.x_max and box.y_min < data.X[i][1] < box.y_max
        widest = lesson.widest_theta
        # the nearest θ to 0 meeting every constraint: no shorter than θ* (least ‖θ‖₁)
        # nor the perceptron's θ scaled to meet them, both of which meet them too
        for other in (lesson.theta_star, lesson.scaled_theta):
            assert np.linalg.norm(widest) <= np.linalg.norm(other) * (1 + 1e-6)
    if not lesson.feasible:
        assert lesson.widest_theta is None


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_certificate_is_told_in_data_space_then_in_weight_space(case):
    """On data no line through the origin separates, the certificate takes two beats, one
    idea each: its weighted y⁽ⁱ⁾x⁽ⁱ⁾ adding to 0 in data space (the inset; the weight
    plane keeps the mistake shading), then its half-planes in weight space, which share no
    θ (their count said in words, checked here: at no θ of a fine grid over the view do all
    of aᵢᵀθ > 0 hold), their shading up until the offset is argued. `linear-program`'s
    closing beat, before them, gives the solver's word: "infeasible"."""
    data, lesson, beats, motions = _infeasible_story(case)
    first = motions.index("certificate")
    # (the weights found, then their sum: a beat each, reviews 330)
    assert motions[first + 1:first + 4] == ["certificate-sum", "certificate-sides", "proof"]
    found, data_beat, sides = beats[first], beats[first + 1], beats[first + 2]
    assert not found.state["certificate"] and "add up to 0" not in found.sentence
    assert data_beat.state["certificate"] and not data_beat.state["certificate_sides"]
    assert data_beat.state["wrong_shading"]
    assert "weight space" not in data_beat.sentence and "add up to 0" in data_beat.sentence
    assert sides.state["certificate_sides"] and not sides.state["wrong_shading"]
    count = {2: "two", 3: "three"}[len(lesson.certificate)]
    assert f"their {count} half-planes" in sides.sentence and "share no θ" in sides.sentence
    A = np.array([lesson.signed[i] for i in sorted(lesson.certificate)])
    box = lesson.weight_box
    grid = np.stack(np.meshgrid(np.linspace(box.x_min, box.x_max, 301),
                                np.linspace(box.y_min, box.y_max, 301)), axis=-1).reshape(-1, 2)
    assert not np.any(np.all(grid @ A.T > 0, axis=1))
    # nor does any direction fail them all (its opposite would pass them all): the key's
    # shades run from 1 to count − 1 failed, "none or all" nowhere
    turns = np.linspace(0, 2 * np.pi, 3600, endpoint=False) + 1e-4
    failed = np.sum(np.stack([np.cos(turns), np.sin(turns)], axis=1) @ A.T <= 0, axis=1)
    assert failed.min() >= 1 and failed.max() <= len(A) - 1
    on = [b.state["certificate_sides"] for b in beats]
    after = motions.index("proof") + 1  # (the offset's beat, in data space)
    assert on[first + 2:after] == [True] * (after - first - 2)
    assert not any(on[after:]) and not any(on[:first + 1])
    # the shading by sign is of the lines through 0, the programme's ≥ 1 said to follow
    (narrowed,) = [b for b in beats if b.motion == "narrowing"]
    assert "line through 0, one at a time in the data's order" in narrowed.sentence
    # (reviews 348: "however scaled" a fourth idea in one caption; the scaling said at the
    # one constraint's)
    # (which point empties it: test_lesson_linear_program_narrowing.py)
    assert re.search(r"It narrows until point \d+'s line leaves it empty: no θ is right on "
                     r"all\.$", narrowed.sentence), narrowed.sentence
    assert "add up to 0, so one of them is ≤ 0. Whatever θ, some point is wrong." in beats[
        first + 3].sentence
    assert "> 0$: no $theta$ is on all" in sides.state["status"]
    # `linear-program` closes on the notes' remark, the solver's word the answer; the
    # proof and the offset are `no-separator`'s, after it
    closing = motions.index("solved")
    assert "“infeasible”" in beats[closing].state["verdict"][1][1]
    assert closing < motions.index("recap") < motions.index("gordan") < first


def test_the_mistake_shades_cut_the_counts_into_even_runs():
    """Each shade's key names the counts it stands for: over many ranges of counts and
    numbers of shades, the runs (counted here by brute force from the shade of every
    count) are in order, cover every count from the fewest to the most once, the faintest
    holding the fewest alone (with two shades or more), the others differing in length by
    at most one, every shade used when there are at least as many counts, and are what
    :func:`shade_ranges` writes."""
    from linviz.lessons.linear_program import mistake_shade, shade_ranges

    for low in range(0, 4):
        for high in range(low, low + 70):
            for shades in range(1, 9):
                runs: dict[int, list[int]] = {}
                for count in range(low, high + 1):
                    runs.setdefault(mistake_shade(count, low, high, shades), []).append(count)
                order = sorted(runs)
                assert order[0] == 0 and order[-1] <= shades - 1
                assert mistake_shade(low, low, high, shades) == 0
                counts = [c for k in order for c in runs[k]]
                assert counts == list(range(low, high + 1))  # in order, each once
                sizes = [len(runs[k]) for k in order]
                if shades > 1:
                    assert runs[0] == [low]
                    sizes = sizes[1:] or [0]
                assert max(sizes) - min(sizes) <= 1
                assert (len(order) == shades) == (high - low + 1 >= shades)
                written = shade_ranges(low, high, shades)
                assert written == [(runs[k][0], runs[k][-1]) if k in runs else None
                                   for k in range(shades)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_other_objective_is_circled_at_the_least_norm(case):
    """Where a θ meets every constraint, a beat says why |θ₁| + |θ₂| (linear) and not the
    widest margin's least ‖θ‖ (quadratic), and circles that least: the circle's radius,
    ‖widest_theta‖, is the least ‖θ‖ over the region, found here by SciPy's SLSQP on
    min ‖θ‖² subject to y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1; whether it is θ* too is said."""
    from scipy.optimize import minimize

    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    said = [b for b in beats if b.motion == "objective-choice"]
    if not lesson.feasible:
        assert not said
        return
    (beat,) = said
    assert beat.sentence.startswith("To keep the programme linear, use helpers t₁ and t₂")
    # the widest margin's aside a beat of its own, after θ* is found (review 303) and its
    # lines drawn in data space, where the margin is (review 308)
    motions = [b.motion for b in beats]
    assert motions.index("solution") < motions.index("tight") < motions.index("widest")
    assert beats[motions.index("widest")].state["boundary"] == "star"
    widest = beats[motions.index("widest")]
    assert "quadratic" in widest.sentence and "quadratic" not in beat.sentence
    A = data.y[:, None] * data.X
    start = np.asarray(lesson.theta_star, dtype=float)
    found = minimize(lambda t: t @ t, start, jac=lambda t: 2 * t, method="SLSQP",
                     constraints=[{"type": "ineq", "fun": lambda t: A @ t - 1,
                                   "jac": lambda t: A}], options={"ftol": 1e-12})
    assert found.success
    assert np.linalg.norm(lesson.widest_theta) == pytest.approx(np.linalg.norm(found.x),
                                                                rel=1e-4)
    # whether both objectives pick one θ, said: SLSQP's least-norm θ against HiGHS's θ*
    same = np.linalg.norm(found.x - start) <= 1e-4 * np.linalg.norm(start)
    assert "the smallest circle ‖θ‖ = r reaching the region" in widest.sentence
    assert ("touches it at θ* too" in widest.sentence) == same
    assert ("touches it elsewhere, at the dot." in widest.sentence) == (not same)
    # the linear form on its status line, solved as written (variables θ₁, θ₂, t₁, t₂:
    # least t₁ + t₂ with −tⱼ ≤ θⱼ ≤ tⱼ and every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1) by HiGHS's interior point:
    # the least |θ₁| + |θ₂| of the lesson
    from scipy.optimize import linprog

    written = beat.state["status"]
    assert "minimise $t_1 + t_2$" in written
    assert "$t_j >= theta_j$, $t_j >= -theta_j$" in written
    eye = np.eye(2)
    rows = np.vstack([np.hstack([-A, np.zeros_like(A)]),  # −aᵢᵀθ ≤ −1
                      np.hstack([eye, -eye]), np.hstack([-eye, -eye])])  # ±θⱼ − tⱼ ≤ 0
    split = linprog([0, 0, 1, 1], A_ub=rows, b_ub=[*(-np.ones(len(A))), 0, 0, 0, 0],
                    bounds=[(None, None)] * 4, method="highs-ipm")
    assert split.status == 0
    assert split.fun == pytest.approx(lesson.least_l1, rel=1e-6)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_ray_enters_the_region_on_the_least_points_line(case):
    """The ray beat's status names the edge the ring is on: the perceptron's θ scaled by
    1/(its least y·score) meets that point's constraint with equality and every other one
    (recomputed here from the data)."""
    data, lesson = _lesson_of(case)
    if not lesson.feasible:
        pytest.skip("no separator: no ray")
    (ray,) = [b for b in told_beats(lesson) if b.motion == "ray"]
    A = data.y[:, None] * data.X
    scores = A @ np.asarray(lesson.thetas[-1], dtype=float)
    least = int(np.argmin(scores))
    scaled = np.asarray(lesson.thetas[-1], dtype=float) / scores[least]
    assert A[least] @ scaled == pytest.approx(1.0) and np.all(A @ scaled >= 1 - 1e-9)
    assert np.isclose(scores[lesson.least_point], scores[least], rtol=1e-9)
    assert ray.state["status"].startswith(f"the ring: on point {lesson.least_point + 1}'s line")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_edges_on_nearly_one_line_are_said(case):
    """The region's edge lines whose normals lie within NEARLY_ONE_LINE degrees (recomputed
    here from the angle between y⁽ⁱ⁾x⁽ⁱ⁾ and y⁽ʲ⁾x⁽ʲ⁾) are said to be nearly parallel; the
    count of edge lines is said (and that they are numbered)."""
    from linviz.lessons.linear_program_story import NEARLY_ONE_LINE, region_lines

    data, lesson = _lesson_of(case)
    if not lesson.feasible:
        pytest.skip("no region")
    # (the region a beat of its own after the steps: reviews 357, four sentences in one)
    (said,) = [b.sentence for b in told_beats(lesson) if b.motion == "region-left"]
    edges = region_lines(lesson)
    named = ", ".join(str(i + 1) for i in sorted(edges)[:-1]) + f" and {sorted(edges)[-1] + 1}"
    assert f"Its edges lie on the lines numbered {named if len(edges) > 1 else edges[0] + 1}" \
        in said
    A = data.y[:, None] * data.X
    for i, j in itertools.combinations(edges, 2):
        angle = math.degrees(math.acos(max(-1.0, min(1.0, A[i] @ A[j] / (
            np.linalg.norm(A[i]) * np.linalg.norm(A[j]))))))
        assert (f", {i + 1} and {j + 1} nearly parallel" in said) == (angle <= NEARLY_ONE_LINE)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_overlap_said_is_a_certificate_with_an_offset(case):
    """On data no line separates, even with an offset, the overlap's sentence names points
    that are Gordan's certificate on [x, 1]: on them alone, weights λ ≥ 0 with Σλ = 1,
    Σλy⁽ⁱ⁾x⁽ⁱ⁾ = 0 and Σλy⁽ⁱ⁾ = 0 exist (a feasibility programme solved here), so no line
    has them all on their own sides; no closing card (review 286: the ending recapped
    twice): `no-separator` ends on the offset."""
    import re

    from scipy.optimize import linprog

    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    # (the one recap opens `no-separator`, where `linear-program` stopped, never an ending)
    motions = [b.motion for b in beats]
    assert motions.count("recap") == (0 if lesson.feasible else 1)
    assert "recap" not in motions[-2:]
    overlaps = [b for b in beats if b.motion == "overlap"]
    if lesson.feasible or lesson.separable_with_offset:
        assert not overlaps
        return
    (beat,) = overlaps
    named = [int(k) - 1 for k in re.findall(
        r"\d+", beat.sentence.partition("For example, ")[2].partition(". ")[0])]
    assert named
    Z = np.column_stack([data.X[named], np.ones(len(named))]) * data.y[named, None]
    found = linprog(np.zeros(len(named)), A_eq=np.vstack([Z.T, np.ones(len(named))]),
                    b_eq=[0.0, 0.0, 0.0, 1.0], bounds=[(0, None)] * len(named),
                    method="highs")
    assert found.status == 0


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_theta_going_round_the_region_separates_all_the_while(case):
    """The θ the objective's beat moves round the region: every point of its loop, and of
    the straight steps between them, meets every constraint aᵢᵀθ ≥ 1 (checked on the
    steps at many fractions: the constraints are linear, so the ends would do, but the
    check does not lean on that), in the weight box, and its line separates the data
    (every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0 recomputed from the data); the beat says so while it moves, and
    no other beat carries it. Without a region there is no loop."""
    data, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    carrying = [beat for beat in beats if len(beat.state["samples"])]
    if not lesson.feasible:
        assert not carrying
        return
    assert len(carrying) == 1 and carrying[0].sentence.startswith("Every θ in it separates")
    loop = np.asarray(carrying[0].state["samples"], dtype=float)
    assert len(loop) >= 4 and np.allclose(loop[0], loop[-1])
    A, box = lesson.signed, lesson.weight_box
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    for a, b in zip(loop[:-1], loop[1:]):
        for t in np.linspace(0.0, 1.0, 11):
            theta = a + t * (b - a)
            assert (A @ theta >= 1 - 1e-9).all(), (case.name, theta)
            assert (y * (X @ theta) > 0).all(), (case.name, theta)
            assert box.x_min <= theta[0] <= box.x_max and box.y_min <= theta[1] <= box.y_max


@pytest.mark.parametrize("name", ["separable-origin:0", "noisy:0", "iris-versicolor-virginica-std"])
def test_the_notes_summary_stands_beside_its_row_only(name):
    """The opening names the notes' realizable case: the notes' closing table (001: half-space
    classifiers, realizable case, 0-1 loss, linear programming) stands beside it, its row
    the one lit (the first after the heading), and leaves as the next sentence starts."""
    case = next(c for c in GALLERY if c.name == name)
    _, lesson = _lesson_of(case)
    beats = told_beats(lesson)
    (named,) = [i for i, beat in enumerate(beats) if "realizable case" in beat.sentence]
    # (after the grid's count, a beat of its own where the line was turned: reviews 345)
    assert beats[named].motion == "notes-row" and named in (1, 2, 3, 4)
    assert beats[named - 1].motion in ("intro", "directions")
    assert all(beat.state["notes_table"] is None for beat in beats[:named])
    heading, lit, *others = beats[named].state["notes_table"]
    assert heading[:3] == ("model", "case", "loss")
    # solved as the notes' table has it, "Linear Prog." (not the summary scene's words)
    assert [lit[1], lit[2], lit[3]] == ["realizable", "0-1 loss", "linear programming"]
    assert all("non-realizable" == row[1] for row in others) and len(others) == 2
    assert not any("$" in cell for row in beats[named].state["notes_table"] for cell in row)
    # (back only for the closing's last words, which name it: "the notes' own table")
    assert all(beat.state["notes_table"] is None or beat.motion in ("settled", "later")
               for beat in beats[named + 1:])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_narrowest_fewest_wedge_is_magnified_far_out_where_it_reads_as_a_border(case):
    """Where several wedges of θ get the fewest points wrong and the narrowest is under 3°
    (reviews 336-344: at 480p two wedges read as one sliver), it is magnified in weight
    space: the close-up's box sits on its middle ray, 0.8 of the way to the near view's
    edge, and holds the wedge's whole width there, a fair share of its side; elsewhere
    none. The wedges are found here by a sweep of 36,000 directions (0.01° apart)."""
    from linviz.lessons.linear_program_insets import thin_wedge_inset

    data, lesson = _lesson_of(case)
    found = thin_wedge_inset(lesson)
    low = lesson.mistake_range[0]
    turns = np.radians(np.arange(0, 360, 0.01)) + 1e-7
    signed = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    held = np.sum(signed @ np.vstack([np.cos(turns), np.sin(turns)]) <= 0, axis=0) == low
    if low == 0 or held.all():
        assert found is None
        return
    starts = np.flatnonzero(held & ~np.roll(held, 1))
    ends = np.flatnonzero(held & ~np.roll(held, -1))
    ends = ends[np.searchsorted(ends, starts) % len(ends)]
    widths = [((end - start) % len(turns) + 1) * 0.01 for start, end in zip(starts, ends)]
    if len(widths) < 2 or min(widths) >= 3.0 + 0.02:
        assert found is None
        return
    if min(widths) < 3.0 - 0.02:
        assert found is not None
    if found is None:
        return
    (start, end), box, zoom = found
    assert np.degrees(end - start) == pytest.approx(min(widths), abs=0.03)
    # every direction of the sweep inside it gets the fewest wrong
    inside = (np.mod(turns - start, 2 * np.pi) > 1e-6) & (np.mod(turns - start, 2 * np.pi)
                                                          < end - start - 1e-6)
    assert held[inside].all()
    middle = np.array([np.cos((start + end) / 2), np.sin((start + end) / 2)])
    centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
    r = float(np.hypot(*centre))
    assert centre / r == pytest.approx(middle, abs=1e-9)
    view = lesson.weight_box
    edge = min((high if m > 0 else low_) / m for m, (low_, high) in
               zip(middle, ((view.x_min, view.x_max), (view.y_min, view.y_max))) if abs(m) > 0)
    assert r == pytest.approx(0.8 * edge, rel=1e-9)
    width = 2 * r * np.sin((end - start) / 2)  # the wedge's width across it there
    side = box.x_max - box.x_min
    assert box.y_max - box.y_min == pytest.approx(side)
    assert side * zoom == pytest.approx(0.4 * (view.x_max - view.x_min), rel=1e-9)
    assert 0.1 * side <= width <= side
