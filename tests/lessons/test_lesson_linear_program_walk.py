"""The perceptron's walk in linear-program's weight space (data a line through the origin
separates): each update said one by one, and the cone of separators it stops in."""

from __future__ import annotations

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_explained_update_shows_its_rise_by_the_points_squared_length(case):
    """An explained update's status line shows its point's y⁽ⁱ⁾θᵀx⁽ⁱ⁾ before → after and
    that it rose by ‖x⁽ⁱ⁾‖² (note 001: y⁽ⁱ⁾(θ + y⁽ⁱ⁾x⁽ⁱ⁾)ᵀx⁽ⁱ⁾ = y⁽ⁱ⁾θᵀx⁽ⁱ⁾ + ‖x⁽ⁱ⁾‖²):
    recomputed from a plain perceptron loop, the two numbers shown differ by ‖x⁽ⁱ⁾‖² to
    their rounding."""
    from independent import reference_perceptron

    data, lesson, beats = lesson_or_skip(case)
    if not lesson.feasible:
        pytest.skip("no walk into a cone")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    run = reference_perceptron(X, y, 10 ** 6, offset=False)
    updates = [visit[1] for visit in run["visits"] if visit[3]]
    steps = [beat for beat in beats if beat.motion == "walk-step"]
    assert steps
    theta = np.zeros(2)
    for k, i in enumerate(updates[:len(steps)]):
        before = y[i] * (X[i] @ theta) + 0.0  # (−0.0 from θ = 0 is shown 0.00)
        after = y[i] * (X[i] @ (theta + y[i] * X[i]))
        status = steps[k].state["status"]
        shown = (f"point {i + 1}: $y^(({i + 1})) theta^T x^(({i + 1}))$ {before:.2f} → "
                 f"{after:.2f}, up $norm(x^(({i + 1})))^2$")
        assert shown.replace("-", "−") in status, (k, status)
        assert after - before == pytest.approx(X[i] @ X[i], rel=1e-9)
        theta = theta + y[i] * X[i]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_an_updates_count_of_mistakes_is_written_only_as_it_is_said(case):
    """What an explained update's status line shows from the beat's start
    (:func:`status_said_first`) holds its point and y·scores but not the count of
    mistakes, which the sentence says after them ("Now … wrong"): recounted here from the
    line after the update, the count comes in the status's rest alone."""
    from independent import reference_perceptron
    from linviz.lessons.linear_program_story import status_said_first

    data, lesson, beats = lesson_or_skip(case)
    steps = [beat for beat in beats if beat.motion == "walk-step"]
    if not steps:
        pytest.skip("no explained update")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    run = reference_perceptron(X, y, 10 ** 6, offset=False)
    theta = np.zeros(2)
    for k, i in enumerate([visit[1] for visit in run["visits"] if visit[3]][:len(steps)]):
        theta = theta + y[i] * X[i]
        wrong = int(np.sum(y * (X @ theta) <= 0))
        status = steps[k].state["status"]
        first = status_said_first(status)
        assert first.startswith(f"update {k + 1} · point {i + 1}:"), status
        rest = status[len(first):]
        assert rest == (f" · × marks the {wrong} wrong" if wrong else " · none wrong"), status
        assert "wrong" not in first


def _nearest_of_polygon(vertices) -> np.ndarray:
    """The point of a convex polygon nearest 0 (0 outside it): the nearest over its edges
    of the segment's point nearest 0, each found by projecting 0 onto it."""
    vertices = np.asarray(vertices, dtype=float)
    feet = []
    for p, q in zip(vertices, np.roll(vertices, -1, axis=0)):
        d = q - p
        t = np.clip(-(p @ d) / (d @ d), 0.0, 1.0) if d @ d > 0 else 0.0
        feet.append(p + t * d)
    return min(feet, key=lambda foot: float(np.hypot(*foot)))


def _distance_to_polygon(vertices) -> float:
    return float(np.hypot(*_nearest_of_polygon(vertices)))


def _edge_along(view, polygon) -> float:
    """How far from 0 the view's edge is towards the polygon's point nearest 0 (found by
    bisection on the ray: inside the box or not)."""
    unit = _nearest_of_polygon(polygon)
    unit = unit / np.hypot(*unit)
    low, high = 0.0, 1e6
    for _ in range(200):
        middle = (low + high) / 2
        x, y = middle * unit
        inside = view.x_min <= x <= view.x_max and view.y_min <= y <= view.y_max
        low, high = (middle, high) if inside else (low, middle)
    return low


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_region_scaled_down_sweeps_out_the_cone_from_the_view_edge_to_near_0(case):
    """The cone beat's region, scaled by s: each corner is s times a θ of the region
    (every aᵢᵀθ ≥ 1) and so separates (every aᵢᵀθ > 0); at s = 1 it is the region; its
    first scale puts its nearest θ SWEEP_FIRST of the way to the view's edge (or leaves the
    region where it is, when nearer), its last at SWEEP_NEAREST of the view's reach, as
    measured from the drawn polygon, not from the lesson's widest θ."""
    from linviz.geometry import Box
    from linviz.lessons.linear_program import SWEEP_FIRST, SWEEP_NEAREST

    _, lesson, beats = lesson_or_skip(case)
    if not any(beat.motion == "cone" for beat in beats):
        pytest.skip("no walk into a cone")
    A, view = np.asarray(lesson.signed, dtype=float), lesson.walk_box
    reach = float(np.max(np.hypot(*view.corners.T)))
    first, last = lesson.cone_sweep_scales(view)
    assert 0 < last < first <= 1
    whole = lesson.region()
    np.testing.assert_allclose(lesson.region_scaled(1.0, lesson.weight_box)[0], whole[0])
    for scale in np.geomspace(first, last, 5):
        found = lesson.region_scaled(scale, view)
        if found is None:
            continue
        corners = np.asarray(found[0])
        assert np.all(A @ (corners / scale).T >= 1 - 1e-7)
        assert np.all(A @ corners.T > 0)
    big = Box(-4 * reach, 4 * reach, -4 * reach, 4 * reach)
    nearest = _distance_to_polygon(lesson.region(Box(-1e4, 1e4, -1e4, 1e4))[0])
    assert _distance_to_polygon(lesson.region_scaled(last, big)[0]) == pytest.approx(
        SWEEP_NEAREST * reach, rel=1e-6)
    start = lesson.region_scaled(first, big)[0]
    assert _distance_to_polygon(start) == pytest.approx(
        min(nearest, SWEEP_FIRST * _edge_along(view, start)), rel=1e-6)
