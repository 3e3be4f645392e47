"""The noise scene replays the engine's run on flipped labels and plots its training error."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.noise import NoiseScene

from independent import states_per_visit as independent_states
from scene_helpers import built_scene


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built_scene(NoiseScene, tmp_path_factory.mktemp("noise"))


def test_flipped_points_are_in_squares_and_the_reference_line_is_their_fraction(scene):
    assert scene.flipped == list(scene.data.params["flipped"]) and scene.flipped
    marks = scene.flip_marks.points
    # one closed square (4 corners, 5 points as corners) per flipped point, centred on it
    squares = np.array([p for p in marks[::4]]).reshape(len(scene.flipped), -1, 3)
    for square, i in zip(squares, scene.flipped):
        np.testing.assert_allclose(square[:4].mean(axis=0), scene.plane.c2p(scene.data.X[i]),
                                   atol=1e-9)
    line, _ = scene.reference
    plot = scene.error_plot
    level = len(scene.flipped) / scene.data.n_samples
    ends = [plot.p2c(p) for p in (line.starts[0], line.ends[0])]
    np.testing.assert_allclose([e[1] for e in ends], [level, level], atol=1e-9)
    assert ends[0][0] == pytest.approx(0) and ends[1][0] == pytest.approx(scene.epochs)
    # twice the old height, unless the counters below leave less room
    assert plot.y_axis.get_length() > 1.8


def test_boundary_and_plot_follow_the_trace(scene):
    X, y, n = scene.data.X, scene.data.y, scene.data.n_samples
    states = independent_states(X, y, scene.trace.n_steps)
    for epoch in (1, 2, 7, scene.epochs):
        k = epoch * n
        scene.tracker.set_value(k)
        scene.hyperplane.update(0)
        scene.error_plot.graph.update(0)
        theta, theta0 = states[k]
        ends = scene.hyperplane.endpoints_in_data()
        if ends is None:  # drawn as "outside this view": the line misses the plane's box
            corners = scene.plane.box.corners
            assert np.all(corners @ theta + theta0 > 0) or np.all(corners @ theta + theta0 < 0)
            assert scene.hyperplane.state == "outside"
        else:
            for point in ends:
                assert point @ theta + theta0 == pytest.approx(0, abs=1e-6)
        error = np.mean(y * (X @ theta + theta0) <= 0)
        m, value = scene.error_plot.head_in_data()
        assert m == pytest.approx(epoch, abs=1e-6)
        assert value == pytest.approx(error, abs=1e-6)


def test_error_never_reaches_zero_and_the_run_never_settles(scene):
    assert not scene.trace.result["converged"]
    assert np.all(scene.epoch_errors[1:] > 0)
    assert np.all(scene.epoch_mistakes > 0)


def test_an_update_back_to_theta_zero_is_not_said_to_move_the_boundary(tmp_path):
    """Updates that cancel: θ = 0 again after some update and there is no boundary; the quick update's status must say so, not 'the boundary has
    moved' (review: xor said it; the perceptron scenes share the line)."""
    from story_runs import story_with

    csv = tmp_path / "both.csv"
    # found by search: the updates bring θ back to 0 at several later, quick visits
    rows = ["a,b,label", "1,-1,q", "1,0,p", "-2,-1,p", "-1,-2,q", "0,-2,p", "0,1,q"]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    from linviz.lessons.perceptron_story import STATUS

    shown = []

    def record(scene):
        # a quick update's status (not the explained one's new score) at a beat's end, read
        # from the status line drawn
        key = next((k for k, line in scene.statuses.items() if line is scene.status), None)
        key = {STATUS[k][0]: k for k in ("after", "after-zero")}.get(key, key)
        if key in ("after", "after-zero"):
            shown.append((scene.tracker.step, key))

    scene = story_with(NoiseScene, data_spec=str(csv), beat_observers=[record])
    # independently: θ after each visit of the notes' loop (offset perceptron, index order
    # or the lesson's visiting order, whichever the trace recorded), zero where it cancels
    X, y, steps = scene.data.X, scene.data.y, scene.trace.steps
    theta, theta0, zero_after = np.zeros(2), 0.0, {}
    for k, (i, mistake) in enumerate(zip(steps["i"], steps["mistake"]), start=1):
        if mistake:
            theta, theta0 = theta + y[i] * X[i], theta0 + y[i]
        zero_after[k] = not np.any(theta)
    assert any(zero_after.values())          # the data do bring θ back to 0
    assert ("after-zero" in [key for _, key in shown]), shown  # a quick update back to 0
    for step, key in shown:
        assert key == ("after-zero" if zero_after[int(round(step))] else "after"), (step, key)
