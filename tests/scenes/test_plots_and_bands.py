"""The margin band, the plots against M and the log-log plot (no video written)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from scenes.toolkit import style
from linviz.geometry import Box, clip_polygon, free_spot_on_circle, strip_polygon
from scenes.toolkit.plane import DataPlane, MarginBand
from scenes.toolkit.plots import BoundPlot, LogLogPlot

BOX = Box(-3.0, 3.0, -3.0, 3.0)
finite = st.floats(-5, 5, allow_nan=False)
GRID = np.stack(np.meshgrid(np.linspace(-3, 3, 121), np.linspace(-3, 3, 121)), -1).reshape(-1, 2)


def area(polygon):
    x, y = polygon[:, 0], polygon[:, 1]
    return 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))


@given(finite, finite, finite, st.floats(0.01, 3))
def test_the_strip_is_the_part_of_the_box_near_the_line(a, b, c, width):
    theta = np.array([a, b])
    polygon = strip_polygon(theta, c, width, BOX)
    if not np.any(theta):
        assert polygon is None  # no line, no strip
        return
    scale = np.max(np.abs(theta))  # the same line, with numbers that do not underflow
    theta, c = theta / scale, c / scale
    # the strip misses the (convex) box iff every corner lies beyond the same edge of it
    corner_distance = (BOX.corners @ theta + c) / np.linalg.norm(theta)
    slack = 1e-9 * (1 + abs(c))
    misses = corner_distance.min() > width + slack or corner_distance.max() < -width - slack
    touches = (corner_distance.min() >= width - slack
               or corner_distance.max() <= -width + slack)  # at most an edge or a corner
    if polygon is None:
        assert touches, f"no strip, yet corners at {corner_distance} straddle it"
        return
    assert not misses, f"a strip, yet every corner ({corner_distance}) is beyond it"
    distance = np.abs(GRID @ theta + c) / np.linalg.norm(theta)
    share = np.mean(distance <= width)
    vertex_distance = np.abs(polygon @ theta + c) / np.linalg.norm(theta)
    assert np.all(vertex_distance <= width + 1e-9)
    assert np.all(BOX.contains(polygon))
    assert area(polygon) / 36.0 == pytest.approx(share, abs=0.03)


def test_strips_inside_across_and_outside_the_box():
    """Fixed cases, so the property above is seen to take both of its branches."""
    vertical = np.array([1.0, 0.0])
    whole = strip_polygon(vertical, 0.0, 5.0, BOX)  # wider than the box
    assert area(whole) == pytest.approx(36.0)
    assert area(strip_polygon(vertical, -1.0, 0.5, BOX)) == pytest.approx(6.0)  # 0.5 ≤ x ≤ 1.5
    assert area(strip_polygon(vertical, -3.25, 0.5, BOX)) == pytest.approx(1.5)  # over an edge
    assert strip_polygon(vertical, -4.0, 0.5, BOX) is None  # 3.5 ≤ x ≤ 4.5
    assert strip_polygon(np.array([1.0, 1.0]), -7.0, 0.5, BOX) is None  # beyond a corner


def test_a_strip_of_no_width_is_not_drawn():
    assert strip_polygon(np.array([1.0, 0.0]), 0.0, 0.0, BOX) is None
    assert strip_polygon(np.array([1.0, 0.0]), 0.0, -0.5, BOX) is None


def test_clipping_a_square_by_a_half_plane():
    half = clip_polygon(BOX.corners, np.array([1.0, 0.0]), 0.0)  # x ≥ 0
    assert area(half) == pytest.approx(18.0)
    assert clip_polygon(BOX.corners, np.array([1.0, 0.0]), -10.0) is None


def test_the_circle_label_spot_is_clear_of_points_and_line():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [0.7, 0.7]])
    line = np.array([1.0, -1.0])  # y = x

    def clearance(p):
        return min(min(np.linalg.norm(p - x) for x in X), abs(p @ line) / np.sqrt(2))

    spot = free_spot_on_circle(X, 1.0, BOX, [(line, 0.0)])
    assert np.linalg.norm(spot) == pytest.approx(1.15)
    # no other direction around the circle is clearer
    for angle in np.linspace(0, 2 * np.pi, 360):
        other = 1.15 * np.array([np.cos(angle), np.sin(angle)])
        assert clearance(other) <= clearance(spot) + 0.05


@pytest.fixture
def plane():
    X = np.array([[-1.0, -1.0], [1.0, 1.0], [0.5, -0.5]])
    return DataPlane(X, np.array([-1.0, 1.0, 1.0]), style.DARK)


@pytest.mark.parametrize("theta, theta0, width", [((1.0, 2.0), 0.3, 0.25), ((0.0, 1.0), 0.0, 0.5),
                                                  ((3.0, -1.0), -1.0, 0.1)])
def test_the_band_edges_lie_at_the_half_width_from_the_line(plane, theta, theta0, width):
    theta = np.array(theta)
    band = MarginBand(plane, theta, theta0, width, style.DARK.correct)
    edges = band.edges_in_data()
    signs = []
    for edge in edges:
        assert edge is not None
        for point in edge:
            distance = (point @ theta + theta0) / np.linalg.norm(theta)
            assert abs(distance) == pytest.approx(width, abs=1e-6)
            signs.append(np.sign(distance))
    assert sorted(set(signs)) == [-1.0, 1.0]  # one edge on each side


def test_a_band_of_negative_width_is_hidden(plane):
    band = MarginBand(plane, np.array([1.0, 0.0]), 0.0, -0.2, style.DARK.correct)
    assert band.edges_in_data() == [None, None]
    assert band.fill.get_fill_opacity() == 0


def test_bound_plot_draws_the_values_up_to_any_m():
    values = np.array([0.0, 0.7, 1.1, 1.6])
    bound = 0.25 * np.arange(4)
    plot = BoundPlot(values, bound, style.DARK, style.DARK.normal, style.DARK.bound)
    for M in range(4):
        plot.set_progress(M)
        np.testing.assert_allclose(plot.head_in_data(), (M, values[M]), atol=1e-9)
        np.testing.assert_allclose(plot.bound_head_in_data(), (M, bound[M]), atol=1e-9)
        # the curve passes through every value so far
        corners = [plot.p2c(p) for p in plot.curve.get_anchors()]
        for m in range(M + 1):
            assert any(np.allclose(c, (m, values[m]), atol=1e-9) for c in corners)
    plot.set_progress(1.5)
    np.testing.assert_allclose(plot.head_in_data(), (1.5, 0.9), atol=1e-9)
    plot.shift(np.array([1.0, -2.0, 0.0]))
    plot.set_progress(2)  # it follows the plot wherever it is moved
    np.testing.assert_allclose(plot.head_in_data(), (2, 1.1), atol=1e-9)
    assert plot.y_top >= values.max()


def test_log_log_plot_maps_values_by_their_logarithm():
    plot = LogLogPlot(3, 2500, style.DARK, "x", "y", diagonal_label="y = x")
    assert (plot.low_decade, plot.high_decade) == (0, 4)
    for x, y in [(1, 1), (10, 100), (2500, 3), (47.5, 812.0)]:
        np.testing.assert_allclose(plot.p2c(plot.c2p(x, y)), (x, y), rtol=1e-9)
    one, ten = plot.c2p(1, 1), plot.c2p(10, 10)
    hundred = plot.c2p(100, 100)
    np.testing.assert_allclose(hundred - ten, ten - one)  # equal steps per decade
    # the diagonal is y = x
    for point in (plot.diagonal.get_start(), plot.diagonal.get_end()):
        x, y = plot.p2c(point)
        assert x == pytest.approx(y)


@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=6),
       st.tuples(st.floats(-2, 2), st.floats(-2, 2)), st.floats(0.3, 2.0))
def test_plane_mapping_is_the_axes_mapping_after_moving_and_scaling(points, shift, factor):
    """c2p, c2p_many and p2c: Manim's Axes.c2p as built, then moved and scaled with the plane."""
    from manim import Axes

    X = np.array([[-1.0, -1.0], [1.0, 1.0], [0.5, -0.5]])
    plane = DataPlane(X, np.array([-1.0, 1.0, 1.0]), style.DARK)
    box, side = plane.box, style.PLANE_SIDE
    step = (box.x_max - box.x_min) / 4
    axes = Axes(x_range=[box.x_min, box.x_max, step], y_range=[box.y_min, box.y_max, step],
                x_length=side, y_length=side, tips=False)
    # the plane's axes are the same axes moved to the plane's centre
    move = plane.c2p((box.x_min, box.y_min)) - axes.c2p(box.x_min, box.y_min)
    plane.shift(np.array([shift[0], shift[1], 0.0])).scale(factor)
    centre = plane.get_center()
    data = np.array(points)
    expected = np.array([(axes.c2p(*p) + move + np.array([shift[0], shift[1], 0.0]) - centre)
                         * factor + centre for p in data])
    np.testing.assert_allclose([plane.c2p(p) for p in data], expected, atol=1e-9)
    np.testing.assert_allclose(plane.c2p_many(data), expected, atol=1e-9)
    np.testing.assert_allclose([plane.p2c(q) for q in expected], data, atol=1e-9)
    np.testing.assert_allclose(plane.point(2), plane.markers.positions()[2], atol=1e-9)
