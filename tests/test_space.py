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
