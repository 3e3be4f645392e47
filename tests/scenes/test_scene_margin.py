"""The margin scene draws the theory's distances and margins, for separators of the run."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.errors import DataError
from linviz.theory import separator_with_fewest_mistakes
from scenes.margin import MarginScene
from scenes.toolkit.screen_text import fmt

from scene_helpers import built_scene, tiny_dry_run, variant


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="module")
def scene(media):
    return built_scene(MarginScene, media)


def set_blend(scene, s, probe=0.0):
    scene.blend.set_value(s)
    scene.probe.set_value(probe)
    scene.follow_separator()
    scene.follow_probe()
    scene.follow_number_line()
    scene.follow_values()


def plain_margins(X, y, theta, theta0):
    return np.array([label * (x @ theta + theta0) / np.sqrt(theta @ theta)
                     for x, label in zip(X, y)])


def test_the_studied_separators_come_from_the_run(scene):
    states = scene.trace.states
    X, y = scene.data.X, scene.data.y
    errors = [np.sum(y * (X @ t + t0) <= 0) if np.any(t) else None
              for t, t0 in zip(states["theta"], states["theta0"])]
    wrong = [e for e in errors if e]
    fewest = min(wrong)
    chosen = separator_with_fewest_mistakes(scene.trace)
    assert errors[chosen] == fewest and chosen == max(k for k, e in enumerate(errors)
                                                      if e == fewest)
    for s, state in ((0, chosen), (1, -1)):
        theta, theta0 = scene.parameters(s)
        norm = np.linalg.norm(states["theta"][state])
        np.testing.assert_allclose(theta, states["theta"][state] / norm)
        assert theta0 == pytest.approx(states["theta0"][state] / norm)


def test_the_signed_distance_is_the_projection_minus_the_lines_offset(scene):
    for probe in (0.0, 1.0):
        set_blend(scene, 1.0, probe)
        theta, theta0 = scene.parameters()
        x = scene.data.X[scene.probe_indices[int(probe)]]
        unit = theta / np.linalg.norm(theta)
        projection = x @ theta / np.linalg.norm(theta)
        line = -theta0 / np.linalg.norm(theta)
        distance = (x @ theta + theta0) / np.linalg.norm(theta)
        assert distance == pytest.approx(projection - line)
        assert scene.values["projection"].number.shown == fmt(projection)
        assert scene.values["offset"].number.shown == fmt(line)
        assert scene.values["distance"].number.shown == fmt(distance)
        # drawn: from where the line crosses the axis through 0 along θ to x's projection
        start = scene.plane.p2c(scene.distance_arrow.get_start())
        end = scene.plane.p2c(scene.distance_arrow.get_end())
        np.testing.assert_allclose(start, line * unit, atol=1e-6)
        np.testing.assert_allclose(end, projection * unit, atol=1e-6)
        assert start @ theta + theta0 == pytest.approx(0, abs=1e-6)  # on the line
    # the two probe points lie on either side
    a, b = (scene.data.X[i] for i in scene.probe_indices)
    theta, theta0 = scene.parameters(1)
    assert a @ theta + theta0 > 0 > b @ theta + theta0


@pytest.mark.parametrize("s", [0.0, 0.5, 1.0, 2.0])
def test_the_number_line_shows_every_points_margin_and_the_minimum(scene, s):
    set_blend(scene, s)
    theta, theta0 = scene.parameters()
    margins = plain_margins(scene.data.X, scene.data.y, theta, theta0)
    for marker, value in zip(scene.line_markers, margins):
        assert scene.number_line.p2n(marker.get_center()) == pytest.approx(value, abs=1e-6)
    # the rule for ties (support vectors agree to ~1e-15): the first within 1e-9
    lowest = int(np.flatnonzero(margins <= margins.min() + 1e-9)[0])
    np.testing.assert_allclose(scene.lowest_ring.get_center(),
                               scene.plane.markers.positions()[lowest])
    # the minimum, rounded at its last digit shown, to two significant digits at least
    shown = scene.values["margin"].number.shown
    places = len(shown.split(".")[1])
    assert abs(float(shown.replace("−", "-")) - margins.min()) <= 0.5 * 10 ** -places + 1e-12
    assert abs(margins.min()) >= 10 ** (2 - places) or places == 2
    assert scene.values["mistakes"].number.shown == str(int(np.sum(margins <= 0)))


def test_one_mistake_makes_the_data_sets_margin_negative(scene):
    set_blend(scene, 0.0)
    margins = plain_margins(scene.data.X, scene.data.y, *scene.parameters())
    assert np.sum(margins <= 0) >= 1 and margins.min() < 0
    assert scene.band.edges_in_data() == [None, None]  # no band for a separator with mistakes
    set_blend(scene, 1.0)
    margins = plain_margins(scene.data.X, scene.data.y, *scene.parameters())
    assert margins.min() > 0
    assert scene.perceptron_margin == pytest.approx(margins.min())


def test_the_drawn_band_has_half_width_gamma_in_data_units(scene):
    set_blend(scene, 2.0)
    theta, theta0 = scene.star.theta, scene.star.theta0
    gamma = plain_margins(scene.data.X, scene.data.y, theta, theta0).min()
    assert scene.star.gamma == pytest.approx(gamma)
    for edge in scene.band.edges_in_data():
        assert edge is not None
        for point in edge:
            distance = abs(point @ theta + theta0) / np.linalg.norm(theta)
            assert distance == pytest.approx(gamma, abs=1e-6)
    # no point inside the band; the closest on each side touch its edges
    signed = (scene.data.X @ theta + theta0) / np.linalg.norm(theta)
    assert np.all(np.abs(signed) >= gamma - 1e-9)
    assert np.min(signed[signed > 0]) == pytest.approx(gamma, abs=1e-6)
    assert np.max(signed[signed < 0]) == pytest.approx(-gamma, abs=1e-6)
    # and the circle of radius R holds every point
    R = np.max(np.sqrt(np.sum(scene.data.X ** 2, axis=1)))
    assert scene.circle.width / 2 == pytest.approx(R * scene.plane.unit, rel=1e-3)


def test_whole_scene_plays(media):
    with tiny_dry_run(media):
        scene = MarginScene()
        scene.render()
    assert scene.sections == ["signed-distance", "point-margins", "maximum-margin"]
    assert scene.blend.get_value() == 2.0
    gamma = fmt(scene.star.gamma, 3)  # three significant digits, as the proof scenes print γ
    assert scene.values["margin"].number.shown == gamma
    assert any(gamma in sentence for sentence in scene.narration)


def test_data_that_is_not_separable_is_taught_not_refused():
    """xor was refused; its signed distances and negative margin are now told."""
    data = variant(MarginScene, data_spec="xor").load_data()
    assert data.n_samples == 4


def test_the_maximum_margin_band_widens_frame_by_frame_instead_of_jumping(tmp_path):
    """Played (not skipped), the band's half-width takes many values between the
    perceptron's margin and γ, each the margin of the line drawn in that frame: it widens
    as the line turns, where before it stood still and jumped at the end."""
    from manim import Mobject

    seen = []

    class Recorded(MarginScene):
        def build(self):
            super().build()
            probe = Mobject()
            probe.add_updater(lambda _: seen.append(
                (self.band.half_width, *self.hyperplane.theta, self.hyperplane.theta0)))
            self.add(probe)

    with tiny_dry_run(tmp_path):
        scene = Recorded()
        scene.render()
    X, y = scene.data.X, scene.data.y
    low, gamma = scene.perceptron_margin, scene.star.gamma
    widths = np.array([s[0] for s in seen])
    between = np.unique(np.round(widths[(widths > low + 1e-3) & (widths < gamma - 1e-3)], 4))
    assert len(between) >= 10
    # every drawn band is as wide as the margin of the line drawn with it (computed here)
    for width, a, b, c in seen:
        if width > 0:
            margin = np.min(y * (X @ np.array([a, b]) + c)) / np.hypot(a, b)
            assert width == pytest.approx(margin, abs=1e-9)


def _box(mobject) -> np.ndarray:
    low, high = mobject.get_corner([-1, -1, 0]), mobject.get_corner([1, 1, 0])
    return np.array([low[0], low[1], high[0], high[1]])


@pytest.mark.parametrize("s", np.linspace(0.0, 2.0, 81))
def test_the_data_sets_margin_and_its_mistakes_never_touch(scene, s):
    """Review of the default data, beats 05-06: "margin of the data set = −0.0954wrong
    side = 1", the number running into the next label. Wherever the separator sweeps
    (the run's separators, then toward θ*), the four texts of the two readouts keep at
    least a small gap between any two of them."""
    gap = 0.1
    set_blend(scene, s)
    scene.follow_values()
    parts = [scene.values[key].label for key in ("margin", "mistakes")] + \
        [scene.values[key].number for key in ("margin", "mistakes")]
    boxes = [_box(part) for part in parts]
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            p, q = boxes[a], boxes[b]
            apart = max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3])
            assert apart >= gap, (f"at s = {s:.3f}: {parts[a]} and {parts[b]} are "
                                  f"{apart:.3f} apart")


@pytest.mark.parametrize("name", ["iris-sepal-std", "iris-petal", None])
def test_the_circles_label_stays_in_the_plane_off_its_axis_names(name, tmp_path):
    """Review of iris-sepal-std, beat 11: "R = 2.75" sat on the y axis's name, outside
    the plane. The label lies inside the plane's square, clear of its axis names."""
    from scene_helpers import gallery_csv
    from story_runs import story_with

    attributes = {"data_spec": gallery_csv(tmp_path, name)} if name else {}
    scene = story_with(MarginScene, **attributes)
    label = _box(scene.circle_label)
    square = scene.plane.square_bounds()
    tolerance = 1e-6
    assert (label[0] >= square[0] - tolerance and label[1] >= square[1] - tolerance
            and label[2] <= square[2] + tolerance and label[3] <= square[3] + tolerance)
    for axis_name in scene.plane.axis_labels:
        other = _box(axis_name)
        apart = max(other[0] - label[2], label[0] - other[2], other[1] - label[3],
                    label[1] - other[3])
        assert apart > 0, f"the circle's label touches {axis_name.source!r}"
