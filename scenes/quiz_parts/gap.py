"""Gaps drawn in the quizzes' close-ups: the narrow band's width 2γ across it in
`quiz-margin`'s, as the rings' sentence says it (a bracket from edge to edge, square to θ*'s
line, named with its number), and a point's distance to a line (the perpendicular with its
length)."""

from __future__ import annotations

import numpy as np
from manim import Line, VGroup

from linviz.geometry import clip_line, project_onto_line
from linviz.lessons.quiz import band_half_width, edge_points, star_line
from linviz.lessons.quiz_story import band_width
from scenes.toolkit import style
from scenes.toolkit.layout import with_backdrop
from scenes.toolkit.placement import (PLACE_TOLERANCE, across, best_offset, box_around,
                                      box_of, covered_area, segment_boxes)
from scenes.toolkit.screen_text import math

#: the half-length (screen units) of the bracket's end ticks
GAP_TICK = 0.08
#: where along θ*'s line in the close-up the bracket may stand, from the box's centre, as
#: shares of the box's side: the first of those farthest (along the line) from every point
#: shown wins
GAP_PLACES = (0.0, 0.1, -0.1, 0.2, -0.2, 0.3, -0.3, 0.4, -0.4)


def gap_bracket(inset, run, theme, half: bool = False, avoid=()) -> VGroup:
    """2γ across the band on ``inset`` (the close-up's plane): from edge to edge through
    θ*'s line, ticked at both ends, "2γ = …" by one of its ends (:func:`name_place`); of
    the places :data:`GAP_PLACES`, the one where that name covers least, then the farthest
    from every point shown. With ``half``, γ alone: from θ*'s line to the edge on its +
    side, named "γ" (its number stands in the plane's heading). Neither the bracket nor
    its name covers the drawings ``avoid`` where a place keeps off them (review 288's frames:
    γ's bracket stood beside θ*'s arrow, "γ" against "θ*")."""
    a, c = star_line(run)
    box, h = inset.box, band_half_width(run)
    normal = a / float(np.hypot(*a))
    along = np.array([-normal[1], normal[0]])
    centre = project_onto_line(np.array([(box.x_min + box.x_max) / 2,
                                          (box.y_min + box.y_max) / 2]), a, c)
    side = box.x_max - box.x_min
    X = np.asarray(run.data.X, dtype=float)
    edges = X[[i for i in edge_points(run) if box.contains(X[i:i + 1], tolerance=0.0)[0]]]
    X = X[box.contains(X, tolerance=0.0)]
    name = math("gamma" if half else f"2 gamma = {band_width(run)}", theme, style.FONT_SMALL)
    with_backdrop(name, theme)
    # θ*'s line, the band's edges and the axes (a name on an axis reads as its tick)
    lines = [clip_line(a, c + shift, box) for shift in (0.0, h * np.hypot(*a), -h * np.hypot(*a))]
    lines += [clip_line(np.array(normal_of_axis), 0.0, box)
              for normal_of_axis in ((0.0, 1.0), (1.0, 0.0))]
    still = [box_around(inset.markers.positions(), inset.marker_size * 1.2),
             *[segment_boxes(inset.c2p(p), inset.c2p(q), 0.05, samples=30)
               for p, q in (ends for ends in lines if ends is not None)],
             box_around(np.array([inset.c2p(x) for x in X]), 0.25),
             # the rings of the edge points, heavier than a marker
             box_around(np.array([inset.c2p(x) for x in edges]), 0.3) * [1, 1, 1, 1, 2]]
    kept_off = [box_of(m, pad=0.1) for m in avoid]
    # the place along the line where the name covers least, then the farthest from every
    # point shown (the first of equals, in the order of GAP_PLACES)
    best, best_key = None, None
    for share in GAP_PLACES:
        middle = centre + share * side * along
        ends = np.array([middle + h * normal, middle if half else middle - h * normal])
        if not all(box.contains(ends, tolerance=0.0)):
            continue
        clear = float(np.min(np.abs((X - middle) @ along))) if len(X) else np.inf
        start, end = (inset.c2p(p) for p in ends)
        place, cost = name_place(name, start, end, np.vstack([*still, segment_boxes(
            start, end, 0.05), *kept_off]), box_of(inset.frame)[0, :4])
        cost += segment_cost(start, end, kept_off)  # the bracket itself off them too
        key = (round(cost / PLACE_TOLERANCE), -clear)
        if best_key is None or key < best_key:
            best, best_key = (start, end, place), key
    if best is None:  # pragma: no cover - the close-up is made round the band
        ends = np.array([centre + h * normal, centre - h * normal])
        start, end = (inset.c2p(p) for p in ends)
        best = (start, end, name_place(name, start, end, np.vstack(still),
                                       box_of(inset.frame)[0, :4])[0])
    start, end, place = best
    across = (end - start) / max(float(np.linalg.norm(end - start)), 1e-9)
    tick = GAP_TICK * np.array([-across[1], across[0], 0.0])
    bracket = VGroup(Line(start, end, color=theme.text, stroke_width=2.5),
                     *[Line(p - tick, p + tick, color=theme.text, stroke_width=2.5)
                       for p in (start, end)])
    name.move_to((*place, 0.0))
    return VGroup(bracket, name)


def segment_cost(start, end, obstacles) -> float:
    """How much of ``obstacles`` (a list of boxes) the box round the segment from ``start``
    to ``end`` covers (:func:`covered_area`; 0 with none)."""
    if not len(obstacles):
        return 0.0
    return covered_area(np.array([*(np.minimum(start, end)[:2] - 0.05),
                                  *(np.maximum(start, end)[:2] + 0.05)]), np.vstack(obstacles))


def name_place(name, start, end, obstacles, bounds) -> tuple[np.ndarray, float]:
    """(centre, cost): "2γ = …" by either end of the bracket from ``start`` to ``end``, the
    upper first, where it covers least of ``obstacles`` inside ``bounds``."""
    upper = start if start[1] >= end[1] else end
    best, least = None, np.inf
    half = np.array([name.width, name.height]) / 2
    for anchor in (upper, end if upper is start else start):
        centre = anchor[:2] + best_offset(anchor, (name.width, name.height), obstacles, 0.1,
                                          bounds=bounds, rings=2, ring_cost=0.02)
        cost = covered_area(np.array([*(centre - half), *(centre + half)]), obstacles)
        if cost < least - PLACE_TOLERANCE:
            best, least = centre, cost
    return best, least


def perpendicular_gap(inset, foot, point, length, theme, buff: float = 0.1) -> VGroup:
    """A point's distance to a line on ``inset`` (a close-up's plane): the perpendicular from
    its ``foot`` on the line to ``point``, in the highlight colour, and ``length`` (a text,
    copied) beside its middle, below and right of it where it can."""
    gap = Line(inset.c2p(foot), inset.c2p(point), color=theme.highlight, stroke_width=3)
    side = across(gap.get_end() - gap.get_start(), towards=np.array([1.0, -1.0]))
    return VGroup(gap, length.copy().next_to(gap.get_center(), side, buff=buff))
