"""The logistic scene draws exactly the engine's trace, step by step."""

from __future__ import annotations

import numpy as np
import pytest
from manim import ManimColor

from linviz import Perceptron
from linviz.errors import DataError
from scenes.toolkit import style
from scenes.logistic import LogisticScene

from scene_helpers import built_scene, tiny_dry_run, variant


def independent_descent(X, y, lr, k):
    """θ, θ₀ after k full-batch steps on the mean of log(1 + exp(−y(θᵀx + θ₀)))."""
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    for _ in range(k):
        z = X @ theta + theta0
        dz = -y / (1 + np.exp(y * z)) / len(y)  # d/dz log(1 + e^(−yz)), averaged
        theta, theta0 = theta - lr * X.T @ dz, theta0 - lr * dz.sum()
    return theta, theta0


def step_from_data(X):
    """η = 1/L with L = λ_max(X̃ᵀX̃)/(4n), X̃ = [x, 1], from numpy's eigenvalues here."""
    design = np.column_stack([X, np.ones(len(X))])
    return 4 * len(X) / np.linalg.eigvalsh(design.T @ design).max()


def follow(scene, k):
    scene.tracker.set_value(k)
    scene.follow()
    for mobject in (scene.field, scene.hyperplane, scene.rings, scene.curve.graph, scene.live):
        mobject.update(0)
    scene.unfollow()


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built_scene(LogisticScene, tmp_path_factory.mktemp("logistic"))


@pytest.mark.parametrize("k", [0, 1, 2, 7, 40, 120])
def test_drawings_follow_the_trace(scene, k):
    scene.field_fade.set_value(1.0)
    follow(scene, k)
    X, y = scene.data.X, scene.data.y
    theta, theta0 = independent_descent(X, y, step_from_data(X), k)
    # the field: a few cells' probabilities
    field = scene.field
    for i, j in [(0, 0), (17, 60), (55, 55), (90, 3), (109, 109)]:
        centre = np.array([field.x1_values[j], field.x2_values[i]])
        p = 1 / (1 + np.exp(-(centre @ theta + theta0)))
        assert field.probabilities[i, j] == pytest.approx(p, abs=1e-9)
    # what is painted: at sampled points, the colour and opacity of the point's own band
    box = scene.plane.box
    points = np.random.default_rng(k).uniform([box.x_min, box.y_min], [box.x_max, box.y_max],
                                              size=(300, 2))
    p = 1 / (1 + np.exp(-(points @ theta + theta0)))
    level = np.rint(np.abs(2 * p - 1) * style.FIELD_LEVELS)
    painted, settled = painted_field(field, points)
    checked = 0
    for rgba, lev, prob in zip(painted[settled], level[settled], p[settled]):
        assert rgba[3] == pytest.approx(style.FIELD_OPACITY * lev / style.FIELD_LEVELS, abs=1e-9)
        if lev:
            side = scene.theme.positive if prob >= 0.5 else scene.theme.negative
            np.testing.assert_allclose(rgba[:3], ManimColor(side).to_rgb(), atol=1e-9)
        checked += 1
    assert checked > 200  # only points within one gradient stop of a band's edge are skipped
    # the loss curve's head is the loss after k steps
    loss = np.mean(np.log1p(np.exp(-y * (X @ theta + theta0))))
    np.testing.assert_allclose(scene.curve.head_in_data(), (k, loss), atol=1e-9)
    assert scene.values["loss"].number.shown == f"{loss:.3f}"
    assert scene.values["t"].number.shown == str(k)
    # each ring is centred on its point, its radius the point's loss times the scale
    circles = scene.rings.points.reshape(len(X), -1, 3)
    for ring, x, label in list(zip(circles, X, y))[:5]:
        centre = scene.plane.c2p(x)
        np.testing.assert_allclose((ring.min(axis=0) + ring.max(axis=0)) / 2, centre, atol=1e-9)
        radius = np.linalg.norm(ring[0] - centre)
        point_loss = np.log1p(np.exp(-label * (x @ theta + theta0)))
        assert radius == pytest.approx(style.LOSS_RING_SCALE * point_loss, rel=1e-9)
    ends = scene.hyperplane.endpoints_in_data()
    if k == 0:
        assert ends is None
    else:
        for point in ends:
            assert point @ theta + theta0 == pytest.approx(0, abs=1e-6 * np.linalg.norm(theta))


def test_a_field_that_changes_with_the_step(scene):
    follow(scene, 0)
    assert np.allclose(scene.field.probabilities, 0.5)
    assert np.all(scene.field.codes == 0)
    follow(scene, scene.T)
    assert scene.field.probabilities.min() < 0.05 and scene.field.probabilities.max() > 0.95


def test_whole_scene_plays_to_the_engines_result(tmp_path):
    quick = variant(LogisticScene, steps=12, perceptron_epochs=3)
    with tiny_dry_run(tmp_path):
        scene = quick()
        # every play jumps to its end: the logic and the final states, not the frames
        scene.renderer._original_skipping_status = True
        scene.render()
    assert scene.sections == ["sigmoid", "field", "loss", "descent", "perceptron"]
    assert scene.tracker.get_value() == 12
    theta, theta0 = independent_descent(scene.data.X, scene.data.y, step_from_data(scene.data.X), 12)
    loss = np.mean(np.log1p(np.exp(-scene.data.y * (scene.data.X @ theta + theta0))))
    assert scene.values["loss"].number.shown == f"{loss:.3f}"
    assert any(f"{loss:.3f}" in sentence for sentence in scene.narration)
    perceptron = Perceptron(epochs=3).fit(scene.data).trace_
    assert scene.p_tracker.get_value() == perceptron.n_steps
    final = scene.perceptron_line.theta, scene.perceptron_line.theta0
    np.testing.assert_allclose(final[0], perceptron.states["theta"][-1])
    assert final[1] == pytest.approx(perceptron.states["theta0"][-1])
    assert not list(tmp_path.rglob("*.tex"))


def test_scene_refuses_data_it_cannot_show():
    with pytest.raises(DataError, match="2-D"):
        variant(LogisticScene, data_spec="offset1d").load_data()


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_both_themes_build(tmp_path, theme_name):
    scene = built_scene(LogisticScene, tmp_path, theme_name=theme_name)
    certain = scene.field.band_rgbas(np.array([50.0, -50.0]))
    np.testing.assert_allclose(certain[:, :3], [ManimColor(scene.theme.positive).to_rgb(),
                                                ManimColor(scene.theme.negative).to_rgb()])


def test_sigmoid_curve_lies_on_its_axes(scene):
    """σ(0) = 1/2 is drawn where the axes put z = 0, P = 1/2; the step jumps there too."""
    axes = scene.sigmoid_plot
    x_axis, y_axis = axes[2], axes[3]
    points = scene.sigmoid_curve.get_anchors()
    middle = points[len(points) // 2]
    assert middle[0] == pytest.approx(y_axis.get_start()[0], abs=1e-6)
    half_line = axes[0]
    assert middle[1] == pytest.approx(half_line.get_start()[1], abs=1e-6)
    assert points[0][1] == pytest.approx(x_axis.get_start()[1], abs=0.01)  # σ(−6) ≈ 0.0025
    jump = scene.step_curve.get_anchors()
    assert any(abs(p[0] - y_axis.get_start()[0]) < 1e-6 for p in jump)


def painted_field(field, points):
    """The colour and opacity Cairo paints at data ``points``, and whether each is settled.

    Cairo's linear gradient from start to end (the camera takes them from the
    mobject): a point's position t is its projection on the segment, clamped
    to [0, 1]; the colour is interpolated between the two stops around t. A
    point is settled when those two stops are the same colour (not within one
    stop of a band's edge).
    """
    start, end = (np.asarray(q, dtype=float)[:2]
                  for q in field.shade.get_gradient_start_and_end_points())
    screen = field.plane.c2p_many(points)[:, :2]
    t = np.clip((screen - start) @ (end - start) / ((end - start) @ (end - start)), 0, 1)
    rgbas = field.shade.get_fill_rgbas()
    position = t * (len(rgbas) - 1)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, len(rgbas) - 1)
    fraction = (position - low)[:, None]
    painted = (1 - fraction) * rgbas[low] + fraction * rgbas[high]
    return painted, np.all(np.isclose(rgbas[low], rgbas[high]), axis=1)


def test_field_keeps_its_gradient_when_scaled_and_moved(scene):
    """A field shrunk into a thumbnail (summary) is painted as before: the gradient's end
    points follow the path (they were left at their screen points, one colour everywhere)."""
    from manim import VGroup

    from scenes.toolkit.gd_plots import ProbabilityField
    from scenes.toolkit.plane import DataPlane

    X, y = scene.data.X, scene.data.y
    theta, theta0 = independent_descent(X, y, step_from_data(X), 120)
    plane = DataPlane(X, y, scene.theme)
    field = ProbabilityField(plane, scene.theme).set_parameters(theta, theta0)
    VGroup(plane, field).scale(0.2).move_to([4.0, -2.0, 0.0])
    box = plane.box
    points = np.random.default_rng(3).uniform([box.x_min, box.y_min], [box.x_max, box.y_max],
                                              size=(300, 2))
    p = 1 / (1 + np.exp(-(points @ theta + theta0)))
    level = np.rint(np.abs(2 * p - 1) * style.FIELD_LEVELS)
    painted, settled = painted_field(field, points)
    assert settled.sum() > 200
    np.testing.assert_allclose(painted[settled, 3],
                               style.FIELD_OPACITY * level[settled] / style.FIELD_LEVELS,
                               atol=1e-9)
    # both classes' colours appear: the thumbnail is not one colour
    sides = {tuple(np.round(rgba[:3], 6)) for rgba, lev in zip(painted[settled], level[settled])
             if lev}
    assert len(sides) == 2


def test_step_becomes_the_sigmoid_point_by_point(scene):
    """The morph moves each sample of [z > 0] straight up or down to σ(z): the two curves
    have the same samples in z, so every frame between is (1 − λ)[z > 0] + λσ(z), with
    no kinked polyline; the step is 0 at z = 0 (the notes' ≤ 0 rule)."""
    step = np.array(scene.step_curve.get_anchors())
    sigma = np.array(scene.sigmoid_curve.get_anchors())
    assert len(step) == len(sigma)
    np.testing.assert_allclose(step[:, 0], sigma[:, 0], atol=1e-9)
    axes = scene.sigmoid_plot
    zero_y, one_y = axes[2].get_start()[1], axes[1].get_start()[1]
    zero_x = axes[3].get_start()[0]
    at_zero = step[np.argmin(np.abs(step[:, 0] - zero_x))]
    assert at_zero[1] == pytest.approx(zero_y, abs=1e-9)
    right = step[step[:, 0] > zero_x + 1e-6]
    np.testing.assert_allclose(right[:, 1], one_y, atol=1e-9)
