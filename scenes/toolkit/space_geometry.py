"""Geometry of lifted spaces, in data coordinates (numpy only).

A plane of 3-D data clipped to a box, an orthographic view of 3-D points on
the flat screen, and the zero set of a function on the plane drawn from its
values on a grid. Kept apart from the mobjects so it can be tested without Manim.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# the cube's 12 edges as pairs of corner indices (corner bits: x, y, z)
CUBE_EDGES = [(a, a | bit) for a in range(8) for bit in (1, 2, 4) if not a & bit]


def cube_corners(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """The 8 corners of the box [low, high] (3-vectors); corner k takes high where bit j of k is set."""
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    return np.array([[high[j] if k >> j & 1 else low[j] for j in range(3)] for k in range(8)])


def plane_in_box(theta, theta0: float, low, high) -> np.ndarray | None:
    """The polygon where the plane θᵀz + θ₀ = 0 cuts the box [low, high], or None.

    Vertices (k, 3), 3 ≤ k ≤ 6, in order around the polygon; each satisfies
    θᵀz + θ₀ = 0 up to rounding. None when θ = 0 or the plane misses the box.
    """
    theta = np.asarray(theta, dtype=float)
    if not np.any(theta):
        return None
    corners = cube_corners(low, high)
    values = corners @ theta + float(theta0)
    points = [corners[k] for k in range(8) if values[k] == 0]
    for a, b in CUBE_EDGES:
        if values[a] * values[b] < 0:
            points.append(corners[a] + values[a] / (values[a] - values[b]) * (corners[b] - corners[a]))
    if len(points) < 3:
        return None
    points = np.unique(np.round(np.array(points), 12), axis=0)
    if len(points) < 3:
        return None
    centre = points.mean(axis=0)
    normal = theta / np.linalg.norm(theta)
    u = np.cross(normal, [1.0, 0.0, 0.0])
    if np.linalg.norm(u) < 1e-6:
        u = np.cross(normal, [0.0, 1.0, 0.0])
    u /= np.linalg.norm(u)
    v = np.cross(normal, u)
    angles = np.arctan2((points - centre) @ v, (points - centre) @ u)
    return points[np.argsort(angles)]


@dataclass(frozen=True)
class View:
    """An orthographic view from azimuth φ and elevation ε (radians).

    The camera looks at the origin from the direction
    (cos ε cos φ, cos ε sin φ, sin ε); ``right`` and ``up`` span the screen.
    """

    azimuth: float
    elevation: float

    @property
    def right(self) -> np.ndarray:
        return np.array([-np.sin(self.azimuth), np.cos(self.azimuth), 0.0])

    @property
    def up(self) -> np.ndarray:
        e, a = self.elevation, self.azimuth
        return np.array([-np.sin(e) * np.cos(a), -np.sin(e) * np.sin(a), np.cos(e)])

    def project(self, points: np.ndarray) -> np.ndarray:
        """Screen coordinates (n, 2) of points (n, 3), before scaling and placing."""
        points = np.atleast_2d(np.asarray(points, dtype=float))
        return np.column_stack([points @ self.right, points @ self.up])


def zero_set_segments(f, x_range, y_range, cells: int = 48) -> np.ndarray:
    """Segments approximating {p : f(p) = 0} in a rectangle, by marching squares.

    ``f`` maps an array of points (m, 2) to values (m,). The rectangle is cut
    into ``cells`` × ``cells`` squares; on every square edge where f changes
    sign the crossing is found by linear interpolation, which is exact when f
    is linear along the edges (as θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ is along lines of
    fixed x₁ or x₂). Returns shape (k, 2, 2): k segments, each two points.
    A square whose four corners change sign twice over is split along the
    pairing its centre value chooses, or crossed by two lines when that value
    is 0. An odd ``cells`` keeps the centre lines of a symmetric rectangle off
    the grid, where a curve such as x₁x₂ = 0 would run along grid nodes.
    """
    xs = np.linspace(*x_range, cells + 1)
    ys = np.linspace(*y_range, cells + 1)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    values = np.asarray(f(np.column_stack([gx.ravel(), gy.ravel()])), dtype=float).reshape(gx.shape)
    # exact zeros at grid nodes would give duplicate crossings: nudge them to one side
    values = np.where(values == 0, 1e-300, values)
    segments = []
    # corners of each square counter-clockwise: (i,j), (i+1,j), (i+1,j+1), (i,j+1)
    corner_index = [(0, 0), (1, 0), (1, 1), (0, 1)]
    n = cells
    v = [values[di:di + n, dj:dj + n] for di, dj in corner_index]
    px = [gx[di:di + n, dj:dj + n] for di, dj in corner_index]
    py = [gy[di:di + n, dj:dj + n] for di, dj in corner_index]
    crossings = []  # per edge: mask and crossing point
    for e in range(4):
        a, b = e, (e + 1) % 4
        mask = v[a] * v[b] < 0
        t = np.where(mask, v[a] / np.where(mask, v[a] - v[b], 1.0), 0.0)
        point = np.stack([px[a] + t * (px[b] - px[a]), py[a] + t * (py[b] - py[a])], axis=-1)
        crossings.append((mask, point))
    count = sum(mask.astype(int) for mask, _ in crossings)
    for i, j in zip(*np.nonzero(count == 2)):
        ends = [point[i, j] for mask, point in crossings if mask[i, j]]
        segments.append(ends)
    for i, j in zip(*np.nonzero(count == 4)):
        centre = f(np.array([[(px[0][i, j] + px[2][i, j]) / 2, (py[0][i, j] + py[2][i, j]) / 2]]))[0]
        p = [point[i, j] for _, point in crossings]
        scale = max(abs(v[k][i, j]) for k in range(4))
        if abs(centre) <= 1e-9 * scale:  # two lines crossing at the centre (a degenerate hyperbola)
            segments += [[p[0], p[2]], [p[1], p[3]]]
        # the centre has corner 0's sign: corner 0 is cut off with corner 2, else 1 with 3
        elif (centre > 0) == (v[0][i, j] > 0):
            segments += [[p[0], p[1]], [p[2], p[3]]]
        else:
            segments += [[p[3], p[0]], [p[1], p[2]]]
    if not segments:
        return np.zeros((0, 2, 2))
    return np.array(segments, dtype=float)


def positive_region_polygons(f, x_range, y_range, cells: int = 48) -> list[np.ndarray]:
    """Polygons covering {p : f(p) > 0} in a rectangle, cell by cell (marching squares).

    Each of the ``cells`` × ``cells`` squares is cut along the same linear
    interpolation of f along its edges as :func:`zero_set_segments`, so the
    polygons end exactly on the drawn curve. A square whose corners change sign
    four times keeps the two positive corners apart (two triangles, or two
    squares meeting at the centre when f is 0 there) unless f is positive at
    its centre (one hexagon). Returns a list of (k, 2) arrays.
    """
    xs = np.linspace(*x_range, cells + 1)
    ys = np.linspace(*y_range, cells + 1)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    values = np.asarray(f(np.column_stack([gx.ravel(), gy.ravel()])),
                        dtype=float).reshape(gx.shape)
    values = np.where(values == 0, -1e-300, values)
    polygons = []
    corner_index = [(0, 0), (1, 0), (1, 1), (0, 1)]
    for i in range(cells):
        for j in range(cells):
            v = [values[i + di, j + dj] for di, dj in corner_index]
            p = [np.array([gx[i + di, j + dj], gy[i + di, j + dj]]) for di, dj in corner_index]
            positive = [value > 0 for value in v]
            if not any(positive):
                continue
            if all(positive):
                polygons.append(np.array(p))
                continue
            crossing = [p[a] + v[a] / (v[a] - v[(a + 1) % 4]) * (p[(a + 1) % 4] - p[a])
                        if positive[a] != positive[(a + 1) % 4] else None for a in range(4)]
            if sum(c is not None for c in crossing) == 4:
                middle = (p[0] + p[2]) / 2
                centre = float(f(np.array([middle]))[0])
                if centre <= 1e-9 * max(abs(value) for value in v):  # two separate corners
                    # through the centre when f is 0 there: two lines crossing (x₁x₂ = 0)
                    tip = [middle] if centre >= -1e-9 * max(abs(value) for value in v) else []
                    for a in range(4):
                        if positive[a]:
                            polygons.append(np.array([crossing[(a - 1) % 4], p[a], crossing[a],
                                                      *tip]))
                    continue
            outline = []
            for a in range(4):
                if positive[a]:
                    outline.append(p[a])
                if crossing[a] is not None:
                    outline.append(crossing[a])
            polygons.append(np.array(outline))
    return polygons
