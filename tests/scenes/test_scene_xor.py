"""The XOR scene draws the engine's runs: the cycle on XOR, the plane on the lifted points."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import make_builtin
from scenes.toolkit.space_geometry import plane_in_box, zero_set_segments
from linviz.epochs import epoch_boundary_states
from scenes.xor import XorScene, curve_kind

from independent import states_per_visit as independent_run
from scene_helpers import built_scene, tiny_dry_run


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built_scene(XorScene, tmp_path_factory.mktemp("xor"))


def test_boundary_at_every_step_is_the_independent_state(scene):
    data = scene.data
    states = independent_run(data.X, data.y, scene.trace.n_steps)
    for k in range(scene.trace.n_steps + 1):
        scene.tracker.set_value(k)
        scene.hyperplane.update(0)
        theta, theta0 = states[k]
        ends = scene.hyperplane.endpoints_in_data()
        if not np.any(theta):
            assert ends is None
            continue
        for point in ends:
            assert point @ theta + theta0 == pytest.approx(0, abs=1e-6)


def test_the_cycle_shown_is_the_engines_and_really_repeats(scene):
    cycle = scene.trace.result["cycle"]
    assert cycle == scene.cycle and cycle is not None
    n = scene.data.n_samples
    start, period = cycle["start_epoch"], cycle["period_epochs"]
    states = independent_run(scene.data.X, scene.data.y, n * (start + period))
    a, b = states[n * (start - 1)], states[n * (start - 1 + period)]
    np.testing.assert_array_equal(a[0], b[0])
    assert a[1] == b[1]
    # updates in one period, counted independently
    changed = [not np.array_equal(states[k][0], states[k + 1][0]) or states[k][1] != states[k + 1][1]
               for k in range(n * (start - 1), n * (start - 1 + period))]
    mistakes = sum(changed)
    assert mistakes == cycle["updates_per_period"] == len(scene.cycle_states)
    # every epoch shown makes mistakes, and the error of every state stays ≥ 1/4
    assert np.all(scene.epoch_mistakes > 0)
    X, y = scene.data.X, scene.data.y
    errors = [np.mean(y * (X @ t + t0) <= 0) for t, t0 in states]
    assert min(errors) == pytest.approx(0.25)
    np.testing.assert_allclose(scene.xor.cycle_errors, errors[:cycle["updates_per_period"]])
    starts = epoch_boundary_states(scene.trace)
    assert len(set(starts.tolist())) == len(starts)  # state indices grow ...
    assert len({scene.thetas[s].tobytes() for s in starts}) == 1  # ... but θ comes back


def test_lifted_run_converges_and_its_plane_separates(scene):
    result = scene.lifted_trace.result
    assert result["converged"] and scene.xor.lifted_separates
    Z, y = scene.lifted_points, scene.data.y
    np.testing.assert_array_equal(Z[:, 2], scene.data.X[:, 0] * scene.data.X[:, 1])
    theta, theta0 = np.asarray(result["theta"]), result["theta0"]
    assert np.all(y * (Z @ theta + theta0) > 0)


def test_drawn_plane_and_curve_satisfy_the_lifted_equation_at_every_step(scene):
    scene.lift_amount.set_value(1.0)
    states = independent_run(scene.lifted_points, scene.data.y, scene.lifted_trace.n_steps)
    for k in range(scene.lifted_trace.n_steps + 1):
        scene.lifted_tracker.set_value(k)
        scene.space.update(0)
        scene.curve.update(0)
        theta, theta0 = states[k]
        vertices = scene.space.plane_in_data()
        points = scene.curve.points_in_data()
        if not np.any(theta):
            assert vertices is None and len(points) == 0
            continue
        assert len(vertices) >= 3
        np.testing.assert_allclose(vertices @ theta + theta0, 0, atol=1e-9)
        assert len(points) > 0
        values = theta[0] * points[:, 0] + theta[1] * points[:, 1] \
            + theta[2] * points[:, 0] * points[:, 1] + theta0
        np.testing.assert_allclose(values, 0, atol=1e-6)
    # the last curve separates XOR: each corner on its own label's side
    X, y = scene.data.X, scene.data.y
    assert np.all(y * (theta[0] * X[:, 0] + theta[1] * X[:, 1] + theta[2] * X[:, 0] * X[:, 1]
                       + theta0) > 0)


def test_live_values_of_the_lifted_run(scene):
    scene.lifted_tracker.set_value(scene.lifted_trace.n_steps)
    scene.lifted_live.update(0)
    assert scene.lifted_values["M"].number.shown == str(scene.lifted_trace.result["updates"])


def test_plane_in_box_and_zero_set_against_known_answers():
    square = plane_in_box([0.0, 0.0, 1.0], -0.5, [-1] * 3, [1] * 3)
    assert len(square) == 4 and np.allclose(square[:, 2], 0.5)
    assert plane_in_box([0.0, 0.0, 1.0], -2.0, [-1] * 3, [1] * 3) is None
    assert plane_in_box([0.0, 0.0, 0.0], 1.0, [-1] * 3, [1] * 3) is None
    hexagon = plane_in_box([1.0, 1.0, 1.0], 0.0, [-1] * 3, [1] * 3)
    assert len(hexagon) == 6
    circle = zero_set_segments(lambda p: p[:, 0] ** 2 + p[:, 1] ** 2 - 1, (-2, 2), (-2, 2), 41)
    radii = np.linalg.norm(circle.reshape(-1, 2), axis=1)
    assert np.all(np.abs(radii - 1) < 0.01)
    # the segments join up into a closed curve of length ≈ 2π
    assert np.sum(np.linalg.norm(circle[:, 1] - circle[:, 0], axis=1)) == pytest.approx(
        2 * np.pi, rel=0.01)
    assert len(zero_set_segments(lambda p: p[:, 0] ** 2 + 1, (-1, 1), (-1, 1), 9)) == 0


def test_curve_kinds():
    assert curve_kind([0, 0, -4], 0).startswith("two crossing lines")
    assert curve_kind([1, 1, -3], 1) == "a hyperbola"
    assert curve_kind([1, 2, 0], 3) == "a line"


def test_whole_scene_plays(tmp_path):
    with tiny_dry_run(tmp_path):
        scene = XorScene()
        scene.render()
    assert scene.sections[-4:] == ["cycle", "lift", "lifted-perceptron", "back-in-2d"]
    assert scene.lifted_tracker.get_value() == scene.lifted_trace.n_steps
    assert any("every 4 updates" in sentence for sentence in scene.narration)
    assert make_builtin("xor").n_samples == 4
