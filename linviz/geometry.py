"""Plane geometry in data coordinates (numpy only): boxes, a line clipped to a box, half
planes and strips. The lessons choose with it (the classifier's studied hypothesis: the
one whose θ has most room) and the scenes draw with it (:mod:`scenes.toolkit`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from .ties import greatest_index, least_index


@dataclass(frozen=True)
class Box:
    """The visible part of the data plane: [x_min, x_max] × [y_min, y_max]."""

    x_min: float
    x_max: float
    y_min: float
    y_max: float

    @property
    def corners(self) -> np.ndarray:
        """The four corners, counter-clockwise from the lower left: shape (4, 2)."""
        return np.array([[self.x_min, self.y_min], [self.x_max, self.y_min],
                         [self.x_max, self.y_max], [self.x_min, self.y_max]])

    def contains(self, points: np.ndarray, tolerance: float = 1e-9) -> np.ndarray:
        points = np.atleast_2d(points)
        return ((points[:, 0] >= self.x_min - tolerance) & (points[:, 0] <= self.x_max + tolerance)
                & (points[:, 1] >= self.y_min - tolerance) & (points[:, 1] <= self.y_max + tolerance))


def typical_spacing(points: np.ndarray) -> float:
    """The median distance from each distinct point to its nearest other one (inf if < 2)."""
    if len(points) < 2:
        return float("inf")
    points = np.unique(np.asarray(points, dtype=float).reshape(len(points), -1), axis=0)
    if len(points) < 2:
        return float("inf")
    distances = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=2)
    np.fill_diagonal(distances, np.inf)
    return float(np.median(distances.min(axis=1)))


def angle_between(a, b) -> float:
    """The angle (degrees, 0 to 180) between the vectors ``a`` and ``b``:
    arccos(aᵀb / (‖a‖‖b‖)), the cosine clipped to [−1, 1] (rounding may pass it)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    cosine = float(a @ b) / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-300)
    return float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))))


def nice_step(span: float) -> float:
    """A tick spacing of 1, 2 or 5 times a power of ten giving 4 to 10 ticks over ``span``."""
    raw = span / 6.0
    power = 10.0 ** np.floor(np.log10(raw))
    for factor in (1.0, 2.0, 5.0, 10.0):
        if raw <= factor * power:
            return float(factor * power)
    return float(10.0 * power)  # pragma: no cover


def square_box_around(X: np.ndarray, padding: float = 0.25, include_origin: bool = True) -> Box:
    """A square box holding every point with ``padding`` (a fraction of the span) around.

    The box is square so that angles and distances look true on screen; its
    edges are rounded out to whole tick steps. With ``include_origin`` the
    origin is inside too, since θ is drawn from it.
    """
    X = np.asarray(X, dtype=float)
    low, high = X.min(axis=0), X.max(axis=0)
    if include_origin:
        low, high = np.minimum(low, 0.0), np.maximum(high, 0.0)
    center = (low + high) / 2
    half = max(float(np.max(high - low)) / 2 * (1 + 2 * padding), 0.5)
    step = nice_step(2 * half)
    x_min = np.floor((center[0] - half) / step) * step
    y_min = np.floor((center[1] - half) / step) * step
    x_max = np.ceil((center[0] + half) / step) * step
    y_max = np.ceil((center[1] + half) / step) * step
    side = max(x_max - x_min, y_max - y_min)
    return Box(float(x_min), float(x_min + side), float(y_min), float(y_min + side))


def _normalized(theta, theta0):
    """(θ, θ₀) / max|θⱼ|: the same line, with values that cannot underflow."""
    theta = np.asarray(theta, dtype=float)
    scale = float(np.max(np.abs(theta)))
    return theta / scale, float(theta0) / scale


def clip_line(theta: np.ndarray, theta0: float, box: Box) -> tuple[np.ndarray, np.ndarray] | None:
    """The segment of the line θᵀp + θ₀ = 0 inside ``box``, or None.

    None when θ = 0 (the equation defines no line) or when the line misses the
    box. Otherwise the two endpoints, each on the box's border, with
    θᵀp + θ₀ = 0 up to rounding; they can coincide when the line only touches a
    corner.
    """
    theta = np.asarray(theta, dtype=float)
    if not np.any(theta):
        return None
    theta, theta0 = _normalized(theta, theta0)
    corners = box.corners  # a new array at each access: read once
    values = corners @ theta + theta0
    crossings = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        va, vb = values[k], values[(k + 1) % 4]
        if va == 0:
            crossings.append(a)
        if va * vb < 0:
            crossings.append(a + (va / (va - vb)) * (b - a))
    if not crossings:
        return None
    points = np.array(crossings)
    direction = np.array([-theta[1], theta[0]])
    along = points @ direction
    return points[least_index(along)], points[greatest_index(along)]


def half_plane_polygon(theta: np.ndarray, theta0: float, box: Box) -> np.ndarray | None:
    """The part of ``box`` where θᵀp + θ₀ > 0, as polygon vertices in order, or None if empty."""
    theta = np.asarray(theta, dtype=float)
    if not np.any(theta):
        return None
    theta, theta0 = _normalized(theta, theta0)
    corners = box.corners
    values = corners @ theta + theta0
    polygon = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        va, vb = values[k], values[(k + 1) % 4]
        if va >= 0:  # a corner on the line is a vertex of the polygon too
            polygon.append(a)
        if va * vb < 0:
            polygon.append(a + (va / (va - vb)) * (b - a))
    if len(polygon) < 3 or not np.any(values > 0):
        return None
    return np.array(polygon)


def foot_of_perpendicular(theta: np.ndarray, theta0: float) -> np.ndarray:
    """The point of the line θᵀp + θ₀ = 0 closest to the origin: −θ₀θ/‖θ‖²."""
    theta = np.asarray(theta, dtype=float)
    return -theta0 * theta / float(theta @ theta)


def project_onto_line(p: np.ndarray, theta: np.ndarray, theta0: float) -> np.ndarray:
    """The point of the line θᵀx + θ₀ = 0 closest to ``p``: p − (θᵀp + θ₀)θ/‖θ‖²."""
    p, theta = np.asarray(p, dtype=float), np.asarray(theta, dtype=float)
    return p - (float(theta @ p) + theta0) / float(theta @ theta) * theta


def clip_polygon(polygon: np.ndarray, a: np.ndarray, b: float) -> np.ndarray | None:
    """The part of a convex ``polygon`` where aᵀp + b ≥ 0 (Sutherland–Hodgman), or None.

    ``polygon`` has shape (k, 2), vertices in order; so has the result.
    """
    kept = []
    values = polygon @ a + b
    for k in range(len(polygon)):
        p, q = polygon[k], polygon[(k + 1) % len(polygon)]
        vp, vq = values[k], values[(k + 1) % len(polygon)]
        if vp >= 0:
            kept.append(p)
        if np.sign(vp) * np.sign(vq) < 0:  # signs, not the product: it could overflow
            kept.append(p + (vp / (vp - vq)) * (q - p))
    return np.array(kept) if len(kept) >= 3 else None


def constraint_cells(A: np.ndarray, b: np.ndarray, box: Box) -> list[tuple[np.ndarray, int]]:
    """The cells ``box`` is cut into by the lines aᵢᵀp = bᵢ (rows of ``A``), each as
    (polygon, met): its vertices in order and how many of the constraints aᵢᵀp ≥ bᵢ hold
    inside it. Cells of no area (under 10⁻¹² of the box's, a cut along a corner) are left
    out; together the cells cover the box."""
    cells = [(box.corners.astype(float), 0)]
    least = 1e-12 * polygon_area(box.corners)
    for a, bound in zip(np.asarray(A, dtype=float), np.asarray(b, dtype=float)):
        split = []
        for polygon, met in cells:
            inside = clip_polygon(polygon, a, -bound)
            outside = clip_polygon(polygon, -a, bound)
            split += [(part, met + gained) for part, gained in ((inside, 1), (outside, 0))
                      if part is not None and polygon_area(part) > least]
        cells = split
    return cells


def polygon_area(polygon: np.ndarray) -> float:
    """The area of a simple polygon (vertices in order), by the shoelace formula."""
    x, y = np.asarray(polygon, dtype=float).T
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def strip_polygon(theta: np.ndarray, theta0: float, half_width: float,
                  box: Box) -> np.ndarray | None:
    """The part of ``box`` within ``half_width`` of the line θᵀp + θ₀ = 0, or None.

    That is |θᵀp + θ₀|/‖θ‖ ≤ half_width: the margin band of half-width γ
    around a separator. None when θ = 0, the width is not positive, or the
    band misses the box.
    """
    theta = np.asarray(theta, dtype=float)
    if not np.any(theta) or not half_width > 0:
        return None
    theta, theta0 = _normalized(theta, theta0)  # the same line, without underflow
    norm = float(np.linalg.norm(theta))
    unit, offset = theta / norm, float(theta0) / norm
    polygon = clip_polygon(box.corners, unit, offset + half_width)
    if polygon is None:
        return None
    return clip_polygon(polygon, -unit, half_width - offset)


def square_box_around_disk(X: np.ndarray, radius: float, padding: float = 0.1) -> Box:
    """A square box holding every point and the disk ‖p‖ ≤ ``radius`` around the origin."""
    compass = float(radius) * np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]])
    return square_box_around(np.vstack([np.asarray(X, dtype=float), compass]), padding)


def free_spot_on_circle(X: np.ndarray, radius: float, box: Box, lines=(),
                        candidates: int = 24, outside: float = 1.15) -> np.ndarray:
    """A point just outside the circle ‖p‖ = ``radius``, as far as possible from the data.

    Tries ``candidates`` directions; each spot lies ``outside`` times the radius
    from the origin and must be inside ``box``. Its clearance is its distance to
    the nearest point of ``X`` and to the nearest of ``lines`` (pairs (θ, θ₀)).
    Returns the spot with the most clearance: where a label of the circle reads best.
    """
    X = np.asarray(X, dtype=float)
    angles = np.linspace(0.0, 2 * np.pi, candidates, endpoint=False) + np.pi / candidates
    spots = outside * radius * np.column_stack([np.cos(angles), np.sin(angles)])
    clearance = np.min(np.linalg.norm(spots[:, None, :] - X[None, :, :], axis=2), axis=1)
    for theta, theta0 in lines:
        theta = np.asarray(theta, dtype=float)
        distance = np.abs(spots @ theta + theta0) / np.linalg.norm(theta)
        clearance = np.minimum(clearance, distance)
    clearance[~box.contains(spots)] = -np.inf
    return spots[greatest_index(clearance)]


# -- where θ can be drawn from its line -----------------------------------------------
def room_along(points: np.ndarray, direction: np.ndarray, box: Box) -> np.ndarray:
    """How far one can go from each of ``points`` along the unit ``direction`` inside ``box``.

    ``points`` has shape (2,) or (m, 2); the result has shape () or (m,).
    """
    points = np.asarray(points, dtype=float)
    low = np.array([box.x_min, box.y_min])
    high = np.array([box.x_max, box.y_max])
    limits = []
    for k in range(2):
        if direction[k] > 1e-12:
            limits.append((high[k] - points[..., k]) / direction[k])
        elif direction[k] < -1e-12:
            limits.append((low[k] - points[..., k]) / direction[k])
    if not limits:
        return np.full(points.shape[:-1], np.inf)
    return np.maximum(0.0, np.min(limits, axis=0))


def _segment_candidates(theta, theta0, box: Box, preferred: np.ndarray) -> np.ndarray | None:
    """Points of the visible part of the line: ``preferred``'s projection on it, and a grid."""
    segment = clip_line(theta, theta0, box)
    if segment is None:
        return None
    start, end = segment
    span = end - start
    fractions = np.linspace(0.0, 1.0, 41)
    if float(span @ span) > 0:
        fractions = np.append(np.clip((preferred - start) @ span / float(span @ span), 0, 1),
                              fractions)
    return start + fractions[:, None] * span


def normal_anchor(theta, theta0: float, box: Box, along: float, length: float):
    """Where on the line θᵀp + θ₀ = 0 to draw θ from, in data coordinates (None: no line).

    The preferred place is ``along`` data units from the foot of the
    perpendicular, along the line, so that θ stays clear of the dashed
    perpendicular from the origin. Of the visible points of the line, the one
    nearest it from which θ, ``length`` long, still ends inside ``box``;
    failing that, the one with the most room along θ.
    """
    theta = np.asarray(theta, dtype=float)
    unit = theta / np.linalg.norm(theta)
    preferred = foot_of_perpendicular(theta, theta0) + along * np.array([-unit[1], unit[0]])
    points = _segment_candidates(theta, theta0, box, preferred)
    if points is None:
        return None
    rooms = room_along(points, unit, box)
    fits = rooms >= length
    if not fits.any():
        return points[greatest_index(rooms)]
    distances = np.linalg.norm(points - preferred, axis=1)
    return points[least_index(np.where(fits, distances, np.inf))]


def most_room(theta, theta0: float, box: Box) -> float:
    """The longest θ (in data units) that can be drawn from a visible point of its line."""
    theta = np.asarray(theta, dtype=float)
    unit = theta / np.linalg.norm(theta)
    points = _segment_candidates(theta, theta0, box, foot_of_perpendicular(theta, theta0))
    return 0.0 if points is None else float(np.max(room_along(points, unit, box)))
