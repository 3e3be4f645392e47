"""Where a label goes: beside its anchor, on the side that covers the fewest obstacles.

Obstacles are boxes [x_min, y_min, x_max, y_max] in screen units (markers,
arrows, other labels). The candidates are the eight compass directions
around the anchor, then the same eight a little further out; the first of
them that covers nothing wins, otherwise the one that covers least.
"""

from __future__ import annotations

import numpy as np
from manim import DL, UR, Line, VGroup

#: how much further out the second ring of places lies, when the first has no clear one
FARTHER = 0.3
#: covered areas (screen units²) closer than this are equal: the earlier place wins, on
#: every machine (a marker's box is about 0.01)
PLACE_TOLERANCE = 1e-9
#: the width of a leader as an obstacle's area counts it (screen units)
LEADER_STRIP = 0.04

#: the eight directions, the preferred one (up-left, as a vector label sits) first
DIRECTIONS = np.array([[-1, 1], [1, 1], [1, -1], [-1, -1], [0, 1], [1, 0], [0, -1], [-1, 0]],
                      dtype=float)


def box_around(points: np.ndarray, half: float) -> np.ndarray:
    """Square boxes of half-side ``half`` around screen points (n, ≥2): shape (n, 4)."""
    points = np.asarray(points, dtype=float).reshape(-1, points.shape[-1] if len(points) else 3)
    if not len(points):
        return np.zeros((0, 5))
    return np.column_stack([points[:, 0] - half, points[:, 1] - half,
                            points[:, 0] + half, points[:, 1] + half, np.ones(len(points))])


def segment_boxes(start, end, half: float, samples: int = 12) -> np.ndarray:
    """Boxes of half-side ``half`` at ``samples`` points along the screen segment from
    ``start`` to ``end``: a line as an obstacle (its bounding box would be far too big)."""
    start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    along = np.linspace(0.0, 1.0, samples)[:, None]
    return box_around(start + along * (end - start), half)


def box_of(mobject, pad: float = 0.0, weight: float = 100.0) -> np.ndarray:
    """[x_min, y_min, x_max, y_max, weight] of ``mobject``'s bounding box grown by
    ``pad``, shape (1, 5): text as an obstacle weighs 100 by default; ``[0, :4]`` is the
    box alone (a frame as ``bounds``)."""
    low, high = mobject.get_corner(DL)[:2] - pad, mobject.get_corner(UR)[:2] + pad
    return np.array([[*low, *high, weight]])


def covered_area(box: np.ndarray, obstacles: np.ndarray) -> float:
    """Total area of ``box`` covered by each obstacle (overlaps counted per obstacle).

    An optional fifth column weighs an obstacle's area: text on text (weight
    100) is far worse than text on a marker (1).
    """
    if not len(obstacles):
        return 0.0
    width = np.minimum(box[2], obstacles[:, 2]) - np.maximum(box[0], obstacles[:, 0])
    height = np.minimum(box[3], obstacles[:, 3]) - np.maximum(box[1], obstacles[:, 1])
    weight = obstacles[:, 4] if obstacles.shape[1] > 4 else 1.0
    return float(np.sum(np.clip(width, 0, None) * np.clip(height, 0, None) * weight))


def strip_area(start, end, width: float, obstacles: np.ndarray, outside=None) -> float:
    """The weighted area of ``obstacles`` covered by a strip ``width`` wide from the screen
    point ``start`` to ``end``, as squares of that side along it (:func:`covered_area`),
    leaving out the squares inside the box ``outside`` (the label the strip leads to)."""
    start, end = np.asarray(start, dtype=float)[:2], np.asarray(end, dtype=float)[:2]
    steps = max(2, int(np.ceil(float(np.linalg.norm(end - start)) / width)) + 1)
    total = 0.0
    for at in start + np.linspace(0.0, 1.0, steps)[:, None] * (end - start):
        if outside is not None and (outside[0] <= at[0] <= outside[2]
                                    and outside[1] <= at[1] <= outside[3]):
            continue
        total += covered_area(np.array([*(at - width / 2), *(at + width / 2)]), obstacles)
    return total


def best_offset(anchor, size, obstacles: np.ndarray, gap: float,
                bounds: np.ndarray | None = None, preferred: int = 0,
                rings: int = 2, ring_cost: float = 0.0,
                leader_obstacles: np.ndarray | None = None) -> np.ndarray:
    """The centre offset from ``anchor`` for a label of ``size`` (width, height).

    Each candidate puts the label's nearest corner or edge ``gap`` from the
    anchor in one of :data:`DIRECTIONS`; a candidate that leaves ``bounds``
    (a box) counts as covering its whole area. ``rings`` rings of places are tried,
    each ``FARTHER`` out from the one before; each ring out adds ``ring_cost`` (screen
    units², as covered area) to a place's cost, so a label stays near its anchor unless
    the nearer places cover more than that. With ``leader_obstacles`` (other texts, say), a
    place farther out than the first ring, joined to the anchor by a leader, pays for what
    of them the leader covers, as a strip :data:`LEADER_STRIP` wide from the anchor to the
    label's centre (a leader through another label's text reads as crossing it out).
    """
    anchor = np.asarray(anchor, dtype=float)[:2]
    half = np.asarray(size, dtype=float)[:2] / 2
    order = [preferred] + [k for k in range(len(DIRECTIONS)) if k != preferred]
    # the eight places next to the anchor first, then eight a little further out (and
    # further rings when ``rings`` asks for them)
    places = [(k, gap + ring * FARTHER, ring) for ring in range(rings) for k in order]
    best, best_cost = None, np.inf
    for k, distance, ring in places:
        direction = DIRECTIONS[k]
        centre = anchor + direction * (half + distance)
        box = np.array([*(centre - half), *(centre + half)])
        cost = covered_area(box, obstacles) + ring_cost * ring
        if leader_obstacles is not None and ring > 0:
            cost += strip_area(anchor, centre, LEADER_STRIP, leader_obstacles, box)
        if bounds is not None and (box[0] < bounds[0] or box[1] < bounds[1]
                                   or box[2] > bounds[2] or box[3] > bounds[3]):
            cost += 1e6  # only if every place leaves them
        if cost < best_cost - PLACE_TOLERANCE:
            best, best_cost = centre - anchor, cost
        if cost <= PLACE_TOLERANCE:
            break
    return best


def across(direction, towards=None) -> np.ndarray:
    """The unit screen vector perpendicular to ``direction`` (a screen vector), on the side
    of ``towards`` (a screen vector; None: the left of ``direction``), where a label beside
    a line or an arrow goes; (1, 0, 0) for a zero direction."""
    direction = np.asarray(direction, dtype=float)
    side = np.array([-direction[1], direction[0], 0.0])
    norm = float(np.linalg.norm(side))
    if norm == 0:
        return np.array([1.0, 0.0, 0.0])
    side /= norm
    if towards is not None and float(np.dot(side[:2], np.asarray(towards, dtype=float)[:2])) < 0:
        side = -side
    return side


def beside_line(points, direction, size, obstacles: np.ndarray, gap: float,
                bounds: np.ndarray | None = None, extra_cost=None,
                box_clear: bool = False) -> np.ndarray:
    """The centre for a label of ``size`` naming a line: beside one of ``points`` (screen
    points on the line, in order of preference), ``gap`` off the line on either side
    (perpendicular to ``direction``, the side towards the left of it first; with
    ``box_clear``, ``gap`` from the line to the label's nearest corner: a wide label
    beside a steep line clears it), where it covers the least of ``obstacles``
    (:func:`covered_area`), plus ``extra_cost(centre)`` when given; a place that leaves
    ``bounds`` counts only when every place does. The first of equal costs (within
    :data:`PLACE_TOLERANCE`) wins."""
    half = np.asarray(size, dtype=float)[:2] / 2
    side = across(direction)
    if box_clear:  # (the box's reach across the line: |n₁|·w/2 + |n₂|·h/2)
        gap = gap + float(abs(side[0]) * half[0] + abs(side[1]) * half[1])
    best, best_cost = None, np.inf
    for point in points:
        for sign in (1.0, -1.0):
            centre = np.asarray(point, dtype=float) + sign * gap * side
            box = np.array([*(centre[:2] - half), *(centre[:2] + half)])
            cost = covered_area(box, obstacles) + (extra_cost(centre) if extra_cost else 0.0)
            if bounds is not None and (box[0] < bounds[0] or box[1] < bounds[1]
                                       or box[2] > bounds[2] or box[3] > bounds[3]):
                cost += 1e6
            if cost < best_cost - PLACE_TOLERANCE:
                best, best_cost = centre, cost
    return best



#: the turns (degrees) tried, in order, from the preferred direction of a label outside a
#: circle (:func:`outside_circle`)
CIRCLE_TURNS = (0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90)
#: the step (screen units) by which such a label moves out until it clears the circle
CIRCLE_STEP = 0.02


def outside_circle(centre, radius: float, angle: float, size, gap: float,
                   obstacles: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """The centre for a label of ``size`` wholly outside the circle of ``radius`` round
    ``centre`` (screen units), at least ``gap`` from it: in the direction ``angle``
    (radians) turned by each of :data:`CIRCLE_TURNS` in order, the nearest place out that
    clears the circle; the first that stays in ``bounds`` and covers none of
    ``obstacles`` wins, else the one that covers least (out of bounds: only if all are).
    A circle that holds every point of a plot leaves its markers inside: a label here
    covers none."""
    centre = np.asarray(centre, dtype=float)[:2]
    half = np.asarray(size, dtype=float)[:2] / 2
    best, best_cost = None, np.inf
    for turn in CIRCLE_TURNS:
        heading = angle + np.radians(turn)
        unit = np.array([np.cos(heading), np.sin(heading)])
        distance = radius
        while True:  # out until the box's nearest point clears the circle
            place = centre + distance * unit
            nearest = np.hypot(*np.clip(np.abs(place - centre) - half, 0.0, None))
            if nearest >= radius + gap:
                break
            distance += CIRCLE_STEP
        box = np.array([*(place - half), *(place + half)])
        cost = covered_area(box, obstacles)
        if (box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2]
                or box[3] > bounds[3]):
            cost += 1e6
        if cost < best_cost - PLACE_TOLERANCE:
            best, best_cost = place, cost
        if cost <= PLACE_TOLERANCE:
            break
    return best


def leader_line(anchor, radius: float, name, colour) -> Line:
    """A thin line from the ring of ``radius`` round the screen point ``anchor`` to the edge
    of ``name``'s box, along the line joining their centres."""
    centre = name.get_center()
    direction = (centre - anchor) / max(float(np.linalg.norm(centre - anchor)), 1e-9)
    reach = min(name.width / 2 / max(abs(direction[0]), 1e-9),
                name.height / 2 / max(abs(direction[1]), 1e-9))
    return Line(anchor + radius * direction, centre - reach * direction, color=colour,
                stroke_width=1.5)


def least_covered(centres, size, obstacles: np.ndarray) -> np.ndarray:
    """The first of the screen points ``centres`` at which a label of ``size`` (width,
    height) covers the least of ``obstacles`` (areas compared to 1e-9: a tie goes to the
    earlier)."""
    half = np.asarray(size, dtype=float)[:2] / 2
    costs = [covered_area(np.array([*(np.asarray(c)[:2] - half), *(np.asarray(c)[:2] + half)]),
                          obstacles) for c in centres]
    return np.asarray(centres[int(np.argmin(np.round(costs, 9)))], dtype=float)


def nearer_another(centre, own, others, margin: float = 1e-6) -> bool:
    """Whether the screen point ``centre`` (a name's) stands nearer one of ``others`` (the
    centres of what else it could name) than ``own`` (what it names), by more than
    ``margin``: read as that one's name, it needs a leader to its own."""
    mine = float(np.hypot(*(np.asarray(centre) - np.asarray(own))[:2]))
    return any(float(np.hypot(*(np.asarray(centre) - np.asarray(o))[:2])) < mine - margin
               for o in others
               if float(np.hypot(*(np.asarray(o) - np.asarray(own))[:2])) > margin)


def detached(anchor, name, near: float = 0.2) -> bool:
    """Whether ``name``'s box stands farther than ``near`` (screen units) from the screen
    point ``anchor``: too far to read as its name without a leader."""
    centre = name.get_center()
    dx = max(abs(float(centre[0] - anchor[0])) - name.width / 2, 0.0)
    dy = max(abs(float(centre[1] - anchor[1])) - name.height / 2, 0.0)
    return bool(np.hypot(dx, dy) > near)


def part_boxes(part) -> np.ndarray:
    """A drawing as obstacles: a line (dashed or not) as boxes along it (its bounding box
    would cover the plane: the linear-program ray's kept θ's name far from its dot), a
    group of them part by part, anything else its bounding box (weight 1)."""
    if isinstance(part, Line):
        return segment_boxes(part.get_start(), part.get_end(), 0.04, samples=40)
    if type(part) is VGroup and part.submobjects:
        return np.vstack([part_boxes(m) for m in part.submobjects])
    low, high = part.get_corner(DL), part.get_corner(UR)
    return np.array([[low[0], low[1], high[0], high[1], 1.0]])
