"""The regression scene draws exactly the engine's traces and the least-squares answer."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.errors import DataError
from scenes.regression import POLYNOMIAL_RUNS, RegressionScene, fitted_values

from scene_helpers import built_scene, tiny_dry_run, variant


def independent_descent(x, y, lr, k):
    """(w₀, w₁) after k full-batch steps on (1/m) Σ (w₀ + w₁x − y)²."""
    w0, w1 = 0.0, 0.0
    for _ in range(k):
        r = w0 + w1 * x - y
        w0, w1 = w0 - lr * 2 * r.mean(), w1 - lr * 2 * (r * x).mean()
    return w0, w1


def step_from_data(x):
    """η = 1/λ_max(H), H = (2/m) X̃ᵀX̃ with X̃ = [x, 1]: λ_max by the 2 × 2 formula here."""
    m = len(x)
    a, b, d = 2 * np.mean(x * x), 2 * np.mean(x), 2.0
    return 1 / ((a + d) / 2 + np.sqrt(((a - d) / 2) ** 2 + b * b))


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built_scene(RegressionScene, tmp_path_factory.mktemp("regression"))


def follow(scene, k):
    scene.tracker.set_value(k)
    scene.follow()
    for mobject in (scene.fit_curve, scene.path, scene.live):
        mobject.update(0)
    scene.unfollow()


@pytest.mark.parametrize("k", [0, 1, 3, 20, 60])
def test_line_residuals_and_path_follow_the_trace(scene, k):
    x, y = scene.data.X[:, 0], scene.data.y
    w0, w1 = independent_descent(x, y, step_from_data(x), k)
    follow(scene, k)
    plane = scene.plane
    for point in scene.fit_curve.get_anchors()[::7]:
        a, b = plane.p2c(point)
        assert b == pytest.approx(w0 + w1 * a, abs=1e-6)
        assert plane.box.y_min - 1e-9 <= b <= plane.box.y_max + 1e-9
    segments = scene.residuals.points.reshape(len(x), 4, 3)  # one straight curve each
    assert len(segments) == len(x)
    for segment, a, b in zip(segments, x, y):
        start, end = plane.p2c(segment[0]), plane.p2c(segment[-1])
        np.testing.assert_allclose(start, (a, b), atol=1e-9)
        np.testing.assert_allclose(end, (a, w0 + w1 * a), atol=1e-9)
    head = scene.weights.p2c(scene.path_head.get_center())
    np.testing.assert_allclose(head, (w0, w1), atol=1e-9)
    loss = np.mean((w0 + w1 * x - y) ** 2)
    assert scene.values["loss"].number.shown == f"{loss:.4f}"
    assert scene.values["w1"].number.shown == f"{w1:.3f}".replace("-0.000", "0.000")


def test_closed_form_point_is_the_least_squares_solution(scene):
    x, y = scene.data.X[:, 0], scene.data.y
    (w0, w1), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(x), x]), y, rcond=None)
    np.testing.assert_allclose(scene.weights.p2c(scene.closed_dot.get_center()), (w0, w1),
                               atol=1e-9)
    # gradient descent ends next to it
    end = independent_descent(x, y, step_from_data(x), scene.steps)
    np.testing.assert_allclose(end, (w0, w1), atol=0.02)


def test_contours_are_level_sets_of_the_loss(scene):
    x, y = scene.data.X[:, 0], scene.data.y
    for contour, level in zip(scene.contours, scene.contour_levels):
        for point in contour.get_anchors()[::11]:
            w0, w1 = scene.weights.p2c(point)
            assert np.mean((w0 + w1 * x - y) ** 2) == pytest.approx(level, rel=1e-6)
    assert scene.contour_levels[-1] == pytest.approx(np.mean(y ** 2))


def test_polynomial_fit_matches_numpy_polyfit(scene):
    x, y = scene.data.X[:, 0], scene.data.y
    from linviz import LinearRegression
    for degree, _, steps in POLYNOMIAL_RUNS:
        model = LinearRegression(degree=degree, lr=0.1, steps=steps).fit(scene.data)
        theta, theta0 = model.closed_form_
        reference = np.polyfit(x, y, degree)
        np.testing.assert_allclose(fitted_values(x, degree, theta, theta0),
                                   np.polyval(reference, x), atol=1e-8)


def test_whole_scene_plays_every_fit(tmp_path):
    runs = ((1, None, 10), (3, 0.2, 12))
    with tiny_dry_run(tmp_path):
        scene = variant(RegressionScene, steps=8, polynomial_runs=runs)()
        # every play jumps to its end: the logic and the final states, not the frames
        scene.renderer._original_skipping_status = True
        scene.render()
    assert scene.sections == ["data", "residuals", "contours", "descent", "polynomial"]
    fits = [(run.degree, run.step_size, run.trace) for run in scene.lesson.polynomials]
    assert [(d, t.n_steps) for d, _, t in fits] == [(d, n) for d, _, n in runs]
    assert fits[1][1] == 0.2  # a step set by hand is kept
    assert scene.poly_degree == fits[-1][0]  # the last fit is the one on screen
    degree, lr, trace = fits[-1]
    assert scene.tracker.get_value() == trace.n_steps
    theta, theta0, _ = scene.parameters()
    np.testing.assert_allclose(theta, trace.states["theta"][-1])
    assert any(f"{scene.closed_loss:.4f}" in sentence for sentence in scene.narration)
    assert any(f"{trace.result['closed_form']['loss']:.4f}" in sentence
               for sentence in scene.narration)


def test_scene_refuses_classification_data():
    with pytest.raises(DataError):
        variant(RegressionScene, data_spec="separable").load_data()
