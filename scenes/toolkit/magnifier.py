"""A magnified inset of a data plane: a small square of the data drawn larger in a corner of
the plane, so a width too thin to see at the plane's scale (a narrow band, a point just off
a line) reads; a square marks the place magnified, two leaders join it to the inset, and
"×k" says how much (the box and k come from :func:`linviz.view_box.magnified_box`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import (DL, DOWN, DR, LEFT, RIGHT, UL, UP, UR, Circle, Line, Rectangle, VGroup,
                   VMobject)

from linviz import formatting
from linviz.geometry import Box, clip_line
from linviz.view_box import INSET_SHARE

from . import style
from .layout import with_backdrop
from .placement import box_around, leader_line, least_covered
from .plane import DataPlane
from .screen_text import text

#: the inset's gap to the plane's frame, and to the square it magnifies (screen units)
GAP = 0.08


#: where an inset may go, as shares (0 left/bottom, 1 right/top) of the room the plane's frame
#: leaves it: the four corners first, then the middles of the edges, then the quarters
PLACES = ((1, 0), (0, 0), (1, 1), (0, 1), (0.5, 0), (0.5, 1), (0, 0.5), (1, 0.5),
          (0.25, 0), (0.75, 0), (0.25, 1), (0.75, 1), (0, 0.25), (0, 0.75), (1, 0.25),
          (1, 0.75))
#: a line under the inset costs as much as this many points hidden (the inset magnifies a
#: line's neighbourhood: the line itself running under it reads as a second line)
LINE_COST = 2
#: one of the plane's own texts under the inset (a "mean" tag) costs as much as this many
#: points hidden: cut, it reads as another word ("mea")
TEXT_COST = 2
#: the sizes an inset may shrink to, as shares of its plane's side, largest first (a
#: magnifier keeps its zoom and shows less round its centre; a sum is drawn to fit)
SHARES = (INSET_SHARE, 0.34, 0.28)
#: samples along each line an inset should not sit on
LINE_SAMPLES = 200


def clean_inset(plane: DataPlane, X: np.ndarray, avoid_for, lines=(), texts=(),
                shares=SHARES):
    """(share, place) of the largest of ``shares`` whose :func:`best_place` in
    ``plane`` hides no point, no line and no text, or None (as :func:`clear_inset`)."""
    width = float(plane.frame.width)
    for share in shares:
        cost, place = best_place(plane, X, share * width, avoid_for(share), lines, texts)
        if cost[:2] == (False, 0):
            return share, place
    return None


def fits_inside(plane: DataPlane, X: np.ndarray, box: Box, lines=(), texts=(),
                share: float = INSET_SHARE, shares=SHARES) -> bool:
    """Whether :func:`magnifier`'s inset of ``box`` (made for ``share``) stands inside
    ``plane`` at one of ``shares``, hiding no point, no line and none of the drawings
    ``texts`` (:func:`clean_inset`)."""
    return clean_inset(plane, np.asarray(X, dtype=float),
                       lambda size: _screen_box(plane, box, share, size), lines,
                       texts, shares) is not None


def _shrunk(box: Box, share: float, size: float) -> Box:
    """``box`` (made for ``share``) at the share ``size``: same zoom, same centre."""
    half = (box.x_max - box.x_min) / 2 * size / share
    x, y = (box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2
    return Box(x - half, x + half, y - half, y + half)


def _screen_box(plane: DataPlane, box: Box, share: float, size: float) -> np.ndarray:
    """The screen box (x0, y0, x1, y1) of :func:`_shrunk` on ``plane``."""
    part = _shrunk(box, share, size)
    low, high = plane.c2p((part.x_min, part.y_min)), plane.c2p((part.x_max, part.y_max))
    return np.array([*low[:2], *high[:2]])


def clear_inset(plane: DataPlane, X: np.ndarray, avoid_for, lines=(),
                texts=(), shares=SHARES) -> tuple[float, np.ndarray]:
    """(share, place) of an inset that may shrink: the largest of ``shares`` (of the
    plane's side) whose :func:`best_place` hides no point and no line, else the largest's
    best place. ``avoid_for(share)`` is the screen box the inset keeps clear of at that
    size."""
    found = clean_inset(plane, X, avoid_for, lines, texts, shares)
    if found is not None:
        return found
    width = float(plane.frame.width)
    return shares[0], best_place(plane, X, shares[0] * width, avoid_for(shares[0]), lines,
                                 texts)[1]


def outside_place(plane: DataPlane, beside, screen_box,
                  shares=SHARES) -> tuple[float, np.ndarray] | None:
    """(share, place) of an inset standing in the screen box ``beside`` (x0, y0, x1, y1,
    outside the plane): the largest of ``shares`` whose square fits in it, centred
    across it, level with the square it magnifies (``screen_box(share)``) as far as it
    fits; None when none fits."""
    x0, y0, x1, y1 = (float(v) for v in beside)
    for share in shares:
        side = share * float(plane.frame.width)
        if side <= x1 - x0 and side <= y1 - y0:
            aim = screen_box(share)
            middle = float(np.clip((aim[1] + aim[3]) / 2, y0 + side / 2, y1 - side / 2))
            across = (x0 + x1) / 2
            return share, np.array([across - side / 2, middle - side / 2,
                                    across + side / 2, middle + side / 2])
    return None


def best_place(plane: DataPlane, X: np.ndarray, side: float, avoid: np.ndarray,
               lines=(), texts=()) -> tuple[tuple, np.ndarray]:
    """(its cost, (x0, y0, x1, y1)): where a square of ``side`` goes in ``plane``.

    The rule, one key compared in order over :data:`PLACES` (the first winning a tie):
    clear of the screen box ``avoid`` (x0, y0, x1, y1: the square it magnifies) with a gap;
    the fewest of the points ``X`` whose markers it touches (a marker half covered hides
    its point as well), a stretch of the ``lines`` (θ, θ₀) drawn on the plane under it
    counting as :data:`LINE_COST` points and each of the plane's own texts it cuts as
    :data:`TEXT_COST` (and each of the drawings ``texts`` the scene has put there: a
    label); the least of their length under it (in :data:`LINE_SAMPLES` steps across the plane's box); then the
    nearest to ``avoid`` (so a leader stays short), in whole hundredths of a screen unit.
    """
    markers = plane.c2p_many(X)[:, :2] if len(X) else np.zeros((0, 2))
    texts = np.vstack([plane.fixture_boxes(), *[
        np.array([[*m.get_corner(DL)[:2], *m.get_corner(UR)[:2], 100.0]]) for m in texts]])
    pad = float(getattr(plane, "marker_size", 0.0))
    samples = line_samples(plane, lines)
    low, high = plane.frame.get_corner(DL), plane.frame.get_corner(UR)
    room = (high[0] - low[0] - 2 * GAP - side, high[1] - low[1] - 2 * GAP - side)
    aim = np.array([(avoid[0] + avoid[2]) / 2, (avoid[1] + avoid[3]) / 2])
    best = None
    for along, up in PLACES:
        x0, y0 = low[0] + GAP + along * room[0], low[1] + GAP + up * room[1]
        place = np.array([x0, y0, x0 + side, y0 + side])
        overlaps = bool(place[0] < avoid[2] + GAP and avoid[0] < place[2] + GAP
                        and place[1] < avoid[3] + GAP and avoid[1] < place[3] + GAP)
        covered = int(np.sum(inside(markers, place, pad)))
        crossing = int(np.sum(inside(samples, place, 0.0)))
        cut = int(np.sum((texts[:, 0] < place[2]) & (texts[:, 2] > place[0])
                         & (texts[:, 1] < place[3]) & (texts[:, 3] > place[1])))
        centre = np.array([x0 + side / 2, y0 + side / 2])
        reach = int(round(100 * float(np.hypot(*(centre - aim)))))
        key = (overlaps, covered + LINE_COST * (crossing > 0) + TEXT_COST * cut, crossing,
               reach)
        if best is None or key < best[0]:
            best = (key, place)
    return best


def inside(points: np.ndarray, place: np.ndarray, pad: float) -> np.ndarray:
    """Which screen ``points`` (n × 2) lie within ``pad`` of the box ``place``."""
    if not len(points):
        return np.zeros(0, dtype=bool)
    return ((points[:, 0] > place[0] - pad) & (points[:, 0] < place[2] + pad)
            & (points[:, 1] > place[1] - pad) & (points[:, 1] < place[3] + pad))


def line_samples(plane: DataPlane, lines) -> np.ndarray:
    """Screen points along each line (θ, θ₀) where it crosses the plane's box, and along
    each segment given as ("segment", p, q) (data coordinates: an arrow, a step)."""
    found = []
    for line in lines:
        if isinstance(line[0], str):  # ("segment", p, q)
            ends = (np.asarray(line[1], dtype=float)[:2], np.asarray(line[2], dtype=float)[:2])
        else:
            theta, theta0 = line
            ends = clip_line(np.asarray(theta, dtype=float)[:2], float(theta0), plane.box)
        if ends is None:
            continue
        steps = np.linspace(0.0, 1.0, LINE_SAMPLES)[:, None]
        found.append(plane.c2p_many(ends[0] + steps * (ends[1] - ends[0]))[:, :2])
    return np.concatenate(found) if found else np.zeros((0, 2))


def leader_corners(small, large) -> list:
    """The corners (two of UL, UR, DL, DR, in that order) whose leader, from ``small``'s
    corner to the same corner of ``large``, crosses neither box: a leader through the
    magnified square or the inset would run over what they show."""
    boxes = [(m.get_corner(DL)[:2], m.get_corner(UR)[:2]) for m in (small, large)]
    along = np.linspace(0.02, 0.98, 49)[:, None]
    clear = []
    for corner in (UL, UR, DL, DR):
        a, b = small.get_corner(corner)[:2], large.get_corner(corner)[:2]
        points = a + along * (b - a)
        if not any(np.any(np.all((points > low + 1e-6) & (points < high - 1e-6), axis=1))
                   for low, high in boxes):
            clear.append(corner)
    return clear[:2]


def magnifier(plane: DataPlane, X: np.ndarray, y: np.ndarray, box: Box, zoom: int, theme,
              drawings: Callable[[DataPlane], VMobject], lines=(), beside=None,
              share: float = INSET_SHARE, leaders: bool = True,
              marker_size: float | None = None, times_font: int = style.FONT_SMALL,
              times_words: str = "", times_above: bool = False,
              grid: bool = False, counts: str | None = None, texts=(),
              shares=SHARES) -> VGroup:
    """The inset of ``plane`` showing ``box`` (``zoom`` times larger) with the points of
    ``X``, ``y`` inside it and ``drawings(inset)`` (lines, bands, rings on the inset's
    plane) at the size and place :func:`clear_inset` picks (smaller, showing less round the
    box's centre at the same zoom, when that keeps it off the points and lines); with the
    marked square, two leaders and "×zoom". ``lines`` (θ, θ₀) or ("segment", p, q): what
    is drawn on ``plane``, which it keeps off (:func:`line_samples`). ``beside``: a screen
    box (x0, y0, x1, y1) outside the plane where it stands when it fits
    (:func:`outside_place`). ``share``: the share of the plane's side ``box`` was made for
    (:func:`linviz.view_box.magnified_box`). ``leaders``: False draws none (a leader near a
    line of the plane would run along it). ``marker_size``: its markers' half-width (None:
    from their spacing). ``times_font``: the size of "×zoom"; ``times_words``: said before
    it ("small margin ×33"); ``times_above``: always over the frame; ``grid``: its grid's
    step said after it ("×9 · grid 0.05"); ``counts``: as :class:`DataPlane`'s (None: the
    plane's); ``texts``: drawings on the plane (labels) it keeps off, as its own texts;
    ``shares``: the sizes it may shrink to (:data:`SHARES`)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)

    def shrunk(size: float) -> Box:  # the magnified box at a share: same zoom, same centre
        return _shrunk(box, share, size)

    def screen_box(size: float) -> np.ndarray:
        return _screen_box(plane, box, share, size)

    shares = (share, *[s for s in shares if s < share])
    found = outside_place(plane, beside, screen_box, shares) if beside is not None else None
    size, place = found or clear_inset(plane, X, screen_box, lines, texts, shares)
    box, side = shrunk(size), size * float(plane.frame.width)
    inside = box.contains(X, tolerance=0.0)
    low, high = plane.c2p((box.x_min, box.y_min)), plane.c2p((box.x_max, box.y_max))
    centre = ((place[0] + place[2]) / 2, (place[1] + place[3]) / 2, 0.0)
    inset = DataPlane(X[inside], y[inside], theme, box=box, side=side, center=centre,
                      legend=False, ticks=False, marker_size=marker_size,
                      counts=counts or getattr(plane.markers, "counted", "all"))
    inset.remove(inset.axis_labels)  # a detail of the plane beside it: no names, no origin
    backing = Rectangle(width=side, height=side, stroke_width=0, fill_color=theme.background,
                        fill_opacity=1.0).move_to(centre)
    where = Rectangle(width=high[0] - low[0], height=high[1] - low[1], stroke_width=1.5,
                      color=theme.highlight).move_to((low + high) / 2)
    inset.frame.set_stroke(theme.highlight, width=1.5)
    corners = leader_corners(where, inset.frame) if leaders else []
    leaders = VGroup(*[Line(where.get_corner(corner), inset.frame.get_corner(corner),
                            stroke_width=1, color=theme.highlight, stroke_opacity=0.6)
                       for corner in corners])
    scale = f" · grid {grid_step_words(inset.step)}" if grid else ""
    times = text(f"{times_words + ' ' if times_words else ''}×{zoom}{scale}", theme,
                 times_font).set_color(theme.highlight)
    bottom = plane.frame.get_corner(DL)[1]
    place_name(times, inset, plane, UP if times_above or place[1] < bottom + 1 else DOWN,
               times_above, line_samples(plane, lines))
    with_backdrop(times, theme)
    return VGroup(backing, tick_covers(plane, place, theme), inset, drawings(inset),
                  mat(inset, place, theme), where, leaders, times)


def located(inset: VGroup, centre, radius: float, theme, leader: bool = True) -> VGroup:
    """Where the close-up ``inset`` (:func:`magnifier`'s) is taken from, where its marked
    square would be a speck: a ring of ``radius`` round the screen point ``centre`` in the
    close-up's colour and, with ``leader``, one leader from the ring to its frame (two
    leaders along a line drawn there would run on it)."""
    ring = Circle(radius=radius, color=theme.highlight, stroke_width=style.RING_STROKE - 1)
    line = (leader_line(centre, radius, inset[2].frame, theme.highlight).set_stroke(opacity=0.7)
            if leader else VGroup())
    return VGroup(ring.move_to(centre), line)


def place_name(name, inset, plane: DataPlane, side, fixed: bool,
               line_points: np.ndarray | None = None) -> None:
    """``name`` ("×zoom") beside ``inset``'s frame: on ``side`` at its right edge first;
    where it would cover a marker of ``plane`` (and read as that point's) or a line drawn
    on it (screen points ``line_points`` along them: review 271, "12: ×30" on the
    boundary), at its left edge, then (unless ``fixed``) on the other side, where that
    covers less."""
    markers = box_around(plane.markers.positions(), plane.marker_size)
    if line_points is not None and len(line_points):
        points = np.column_stack([line_points[:, :2], np.zeros(len(line_points))])
        markers = np.vstack([markers, box_around(points, 0.03)])
    places = []
    for way in (side, *([] if fixed else [DOWN if side is UP else UP])):
        for edge in (RIGHT, LEFT):
            name.next_to(inset.frame, way, buff=0.05).align_to(inset.frame, edge)
            places.append(name.get_center().copy())
    name.move_to(least_covered(places, (name.width, name.height), markers))


def grid_step_words(step: float) -> str:
    """A grid's round step (1, 2 or 5 × 10ᵏ) as written: with as many decimals as it
    needs (0.05, 2)."""
    return formatting.number(step, max(0, -int(np.floor(np.log10(step) + 1e-9))))


def mat(inset: DataPlane, place: np.ndarray, theme) -> VGroup:
    """Patches of background over the parts of the inset's markers that cross its frame at
    ``place`` (x0, y0, x1, y1), and its frame again over them: a marker near the inset's
    edge is cut at the frame, not drawn across it into the plane beside."""
    half = float(getattr(inset, "marker_size", 0.0))
    x0, y0, x1, y1 = (float(v) for v in place)
    patches = VGroup()
    centres = inset.markers.positions() if len(inset.markers) else np.zeros((0, 3))
    for cx, cy, *_ in centres:
        low, high = np.array([cx - half, cy - half]), np.array([cx + half, cy + half])
        # the marker's box beyond each edge of the frame (a corner marker: two of them)
        for part_low, part_high in (((low[0], low[1]), (x0, high[1])),
                                    ((x1, low[1]), (high[0], high[1])),
                                    ((low[0], low[1]), (high[0], y0)),
                                    ((low[0], y1), (high[0], high[1]))):
            width, height = part_high[0] - part_low[0], part_high[1] - part_low[1]
            if width > 1e-6 and height > 1e-6:
                patches.add(Rectangle(width=width + 0.02, height=height + 0.02, stroke_width=0,
                                      fill_color=theme.background, fill_opacity=1.0).move_to(
                    ((part_low[0] + part_high[0]) / 2, (part_low[1] + part_high[1]) / 2, 0.0)))
    side, middle = x1 - x0, ((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
    frame = Rectangle(width=side, height=side, stroke_width=1.5, color=theme.highlight)
    return VGroup(patches, frame.move_to(middle))


def tick_covers(plane: DataPlane, place: np.ndarray, theme) -> VGroup:
    """Patches of background over the plane's x₂ values beside the inset at ``place``
    (x0, y0, x1, y1), when it stands on the frame's left edge: a "2" level with it reads as
    the inset's own scale. (The x₁ values under an inset on the bottom edge stay: the row
    is read across the whole plane, and most of it would go.) Empty otherwise."""
    low = plane.frame.get_corner(DL)
    covers = VGroup()
    for box in plane.tick_boxes():
        left_row = box[2] <= low[0] + 1e-6 and place[0] <= low[0] + 2 * GAP
        if left_row and box[1] < place[3] + GAP and box[3] > place[1] - GAP:
            covers.add(Rectangle(width=box[2] - box[0] + 0.04, height=box[3] - box[1] + 0.04,
                                 stroke_width=0, fill_color=theme.background,
                                 fill_opacity=1.0).move_to(((box[0] + box[2]) / 2,
                                                            (box[1] + box[3]) / 2, 0.0)))
    return covers
