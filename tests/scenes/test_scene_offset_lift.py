"""The offset-lift scene: the origin perceptron on [x, 1] is the offset perceptron on x."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.offset_lift import OffsetLiftScene
from scenes.toolkit import style

from scene_helpers import built_scene, tiny_dry_run


def origin_run(Z, y, visits):
    theta = np.zeros(Z.shape[1])
    for k in range(visits):
        i = k % len(y)
        if y[i] * (theta @ Z[i]) <= 0:
            theta = theta + y[i] * Z[i]
    return theta


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built_scene(OffsetLiftScene, tmp_path_factory.mktemp("offset-lift"))


def test_no_threshold_through_zero_separates_the_line(scene):
    x, y = scene.data.X[:, 0], scene.data.y
    assert np.all(x > 0) and set(y) == {-1.0, 1.0}  # sign(θx) is constant on x > 0


def test_line_and_threshold_at_every_step(scene):
    Z, y = scene.lifted.X, scene.data.y
    np.testing.assert_array_equal(Z[:, 1], 1.0)
    shown_steps = 0
    for k in range(scene.trace.n_steps + 1):
        scene.tracker.set_value(k)
        scene.hyperplane.update(0)
        scene.threshold_marks.update(0)
        theta = origin_run(Z, y, k)
        ends = scene.hyperplane.endpoints_in_data()
        if not np.any(theta):
            assert ends is None
            continue
        for point in ends:
            assert point @ theta == pytest.approx(0, abs=1e-6)
        # the threshold −θ₂/θ₁ is marked where the line meets x₂ = 1, when in view
        box = scene.plane.box
        threshold = -theta[1] / theta[0] if theta[0] != 0 else None
        in_view = threshold is not None and box.x_min <= threshold <= box.x_max
        assert (scene.pointer.get_fill_opacity() > 0) == in_view, k
        if in_view:
            # the drop runs from the crossing on x₂ = 1 down to the foot on the x axis
            np.testing.assert_allclose(scene.plane.p2c(scene.drop.get_start()), [threshold, 1.0],
                                       atol=1e-6)
            np.testing.assert_allclose(scene.plane.p2c(scene.foot.get_center()),
                                       [threshold, 0.0], atol=1e-6)
            # the pointer stands over the crossing, above every marker (never on one)
            assert scene.pointer.get_center()[0] == pytest.approx(scene.drop.get_start()[0])
            marker_tops = scene.plane.c2p_many(Z)[:, 1] + style.LINE_POINT_SIZE
            assert scene.pointer.get_bottom()[1] > marker_tops.max()
            shown_steps += 1
    assert shown_steps > 0  # the run does show a threshold
    # the final threshold separates the 1-D points
    threshold = -theta[1] / theta[0]
    assert np.all(np.sign(theta[0]) * (scene.data.X[:, 0] - threshold) * y > 0)


def test_both_perceptrons_end_at_the_same_numbers(scene):
    a, b = scene.trace.result, scene.offset_trace.result
    np.testing.assert_allclose(a["theta"], [*b["theta"], b["theta0"]])
    assert a["updates"] == b["updates"]


def test_the_space_part_draws_the_engines_plane(tmp_path):
    with tiny_dry_run(tmp_path):
        scene = OffsetLiftScene()
        scene.render()
    a, b = scene.space_trace.result, scene.space_offset_trace.result
    np.testing.assert_allclose(a["theta"], [*b["theta"], b["theta0"]])
    theta = np.asarray(a["theta"])
    np.testing.assert_allclose(scene.space.plane_in_data() @ theta, 0, atol=1e-9)
    Z = np.column_stack([scene.plane_set.X, np.ones(scene.plane_set.n_samples)])
    assert np.all(scene.plane_set.y * (Z @ theta) > 0)
    assert scene.sections == ["line", "lift", "perceptron-line", "plane-to-space",
                              "perceptron-space"]


def test_the_minus_markers_do_not_read_as_the_dashes_of_x2_equals_1(tmp_path):
    """The issue: the − markers (horizontal bars) sitting on the dashed line x₂ = 1 merged
    with its dashes. The line is dotted: its dashes are far shorter than a − bar (2 ×
    the point size) and its stroke thinner than the markers'."""
    from scene_helpers import built_scene
    from scenes.offset_lift import OffsetLiftScene
    from scenes.toolkit import style

    scene = built_scene(OffsetLiftScene, tmp_path)
    line, minus = scene.lifted_line, scene.plane.markers.minus
    assert line.dash_length <= 0.25 * 2 * style.POINT_SIZE
    assert line.get_stroke_width() <= 0.6 * minus.get_stroke_width()
