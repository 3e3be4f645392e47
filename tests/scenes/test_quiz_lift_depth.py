"""The margin quiz's 3-D view: the points said to be in front of θ*'s plane are nearer the
viewer than the plane along their line of sight (recomputed from the projection itself)."""

from __future__ import annotations

import numpy as np
import pytest

from scenes.quiz_parts.lift_turn import in_front, projected


@pytest.mark.parametrize("d", [0.0, 0.3, 0.987, 2.5])
def test_points_in_front_of_thetas_plane_are_nearer_the_viewer(d):
    """The direction to the viewer is the one the projection flattens (its null space,
    found numerically), signed so that screen x, screen y and it are right-handed; along it
    from a point (s, w, 1), the plane s = d·t is met behind the point exactly when the
    point is said to be in front."""
    # the projection's matrix, read off unit vectors
    P = np.array([projected(*e, 1.0) for e in np.eye(3)]).T  # 2 × 3
    view = np.linalg.svd(P)[2][-1]  # its null space
    ex, ey = np.linalg.pinv(P)[:, 0], np.linalg.pinv(P)[:, 1]
    if np.linalg.det(np.column_stack([ex, ey, view])) < 0:
        view = -view
    rng = np.random.default_rng(0)
    s = rng.uniform(-3, 3, 200)
    w = rng.uniform(-2, 2, 200)
    normal = np.array([1.0, 0.0, -d])
    for si, wi, front in zip(s, w, in_front(s, d)):
        p = np.array([si, wi, 1.0])
        # p + k·view meets the plane at k = −n·p / n·view: behind the point when k < 0
        k = -(normal @ p) / (normal @ view)
        if abs(normal @ p) > 1e-9:
            assert front == (k < 0)
