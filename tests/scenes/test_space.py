"""The projected 3-D view and its helpers (numpy geometry and formatting)."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.toolkit.space import fmt_combination
from scenes.toolkit.space_geometry import View, cube_corners, plane_in_box


@pytest.mark.parametrize("azimuth, elevation", [(0.0, 0.0), (-0.95, 0.38), (2.0, 1.2)])
def test_view_axes_are_orthonormal_and_perpendicular_to_the_camera(azimuth, elevation):
    view = View(azimuth, elevation)
    camera = np.array([np.cos(elevation) * np.cos(azimuth), np.cos(elevation) * np.sin(azimuth),
                       np.sin(elevation)])
    basis = np.array([view.right, view.up, camera])
    np.testing.assert_allclose(basis @ basis.T, np.eye(3), atol=1e-12)
    # points along the camera's line of sight land on the same screen point
    np.testing.assert_allclose(view.project([camera * 3.0]), [[0.0, 0.0]], atol=1e-12)


def test_plane_polygon_is_convex_and_inside_the_box():
    rng = np.random.default_rng(1)
    for _ in range(50):
        theta, theta0 = rng.normal(size=3), rng.normal() * 0.5
        polygon = plane_in_box(theta, theta0, [-1] * 3, [1] * 3)
        if polygon is None:
            assert np.all(cube_corners([-1] * 3, [1] * 3) @ theta + theta0 > 0) or np.all(
                cube_corners([-1] * 3, [1] * 3) @ theta + theta0 < 0)
            continue
        assert np.all(np.abs(polygon) <= 1 + 1e-9)
        np.testing.assert_allclose(polygon @ theta + theta0, 0, atol=1e-9)
        # consecutive edges turn the same way about θ: vertices are in order
        edges = np.roll(polygon, -1, axis=0) - polygon
        turns = np.cross(edges, np.roll(edges, -1, axis=0)) @ theta
        assert np.all(turns > -1e-9) or np.all(turns < 1e-9)


def test_fmt_combination_leaves_out_zero_terms():
    terms = ("x_1", "x_2", "x_1 x_2", "")
    assert fmt_combination([0, 0, -4, 0], terms) == "-4.00 x_1 x_2"
    assert fmt_combination([1, 1, -3, 1], terms) == "x_1 + x_2 - 3.00 x_1 x_2 + 1.00"
    assert fmt_combination([0, 0, 0, 0], terms) == "0"


def _area(polygon) -> float:
    x, y = np.asarray(polygon).T
    return 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def test_positive_region_polygons_cover_exactly_the_positive_side():
    from scenes.toolkit.space_geometry import positive_region_polygons

    # XOR's separator −x₁x₂ = 0: the + side is two quadrants, half of the square
    quadrants = positive_region_polygons(lambda p: -p[:, 0] * p[:, 1], (-1, 1), (-1, 1), 9)
    assert sum(_area(p) for p in quadrants) == pytest.approx(2.0, abs=1e-9)
    centres = np.array([np.mean(p, axis=0) for p in quadrants])
    assert np.all(-centres[:, 0] * centres[:, 1] >= 0)
    # a disc of radius 1 in [−2, 2]²: area π, within the grid's resolution
    disc = positive_region_polygons(lambda p: 1 - p[:, 0] ** 2 - p[:, 1] ** 2, (-2, 2), (-2, 2),
                                    61)
    assert sum(_area(p) for p in disc) == pytest.approx(np.pi, rel=0.01)
    assert positive_region_polygons(lambda p: -1 - p[:, 0] ** 2, (-1, 1), (-1, 1), 5) == []


def test_drops_end_on_the_plane_in_the_colour_of_their_side():
    from scenes.toolkit.space import SpaceView
    from scenes.toolkit.style import THEMES

    theme = THEMES["dark"]
    rng = np.random.default_rng(3)
    points = rng.uniform(-1, 1, size=(12, 3))
    view = SpaceView(points, np.sign(points[:, 2]) + (points[:, 2] == 0), theme, [-2] * 3,
                     [2] * 3, drops_to_plane=True)
    theta, theta0 = np.array([0.3, -0.2, 1.0]), 0.1
    view.plane_parameters = (theta, theta0, 1.0)
    view.set_points(points)
    feet = view.plane_feet()
    np.testing.assert_allclose(feet @ theta + theta0, 0, atol=1e-12)
    np.testing.assert_allclose(feet[:, :2], points[:, :2])
    positive = points @ theta + theta0 > 0
    above, below = view.side_drops
    # each side's dashes start at that side's feet (the first dash of every segment)
    assert len(above.starts) == positive.sum() and len(below.starts) == (~positive).sum()
    np.testing.assert_allclose(above.starts, view.c2p(feet[positive]))
    assert above.get_stroke_color().to_hex().lower() == theme.positive.lower()
