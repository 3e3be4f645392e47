"""The data card's sketch of standardising: a small square plot of the first two features,
first in the file's units with the origin in view (far-off data is a small cluster in a
corner, or a sliver when one feature's spread dwarfs the other's), then each point moving to
(x − mean)/standard deviation while the view follows, so the cluster spreads round the
origin. The same two views and the straight path between them, whatever the data.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Dot, Line, Square, ValueTracker, VGroup

from linviz.view_box import fitted_box

from . import style
from .screen_text import text

#: the sketch's side (screen units) and its points' radius
SIDE = 1.7
DOT_RADIUS = 0.03


def raw_and_standardised(data) -> tuple[np.ndarray, np.ndarray] | None:
    """(the first two features in the file's units, as the scene draws them), from the
    standardising the data went through (``params["standardized"]``: mean, scale); None when
    it was not standardised or has fewer than two features."""
    scaled = data.params.get("standardized") or {}
    if not scaled.get("mean") or data.n_features < 2:
        return None
    X = np.asarray(data.X, dtype=float)[:, :2]
    mean = np.asarray(scaled["mean"], dtype=float)[:2]
    scale = np.asarray(scaled["scale"], dtype=float)[:2]
    return X * scale + mean, X


def standardise_sketch(data, theme) -> tuple[VGroup, ValueTracker] | None:
    """(the sketch, the tracker whose value 0 → 1 moves it from the file's units to the
    standardised points); None for data :func:`raw_and_standardised` cannot sketch."""
    found = raw_and_standardised(data)
    if found is None:
        return None
    raw, standard = found
    boxes = [fitted_box(np.vstack([points, np.zeros((1, 2))]), include_origin=True)
             for points in (raw, standard)]
    # each view a square round its box's centre (one scale for both axes, as the plane)
    views = [(np.array([(b.x_min + b.x_max) / 2, (b.y_min + b.y_max) / 2]),
              max(b.x_max - b.x_min, b.y_max - b.y_min)) for b in boxes]
    frame = Square(side_length=SIDE, stroke_width=1.2, color=theme.muted)
    progress = ValueTracker(0.0)
    colours = [theme.positive if label > 0 else theme.negative for label in data.y]

    def screen(points: np.ndarray, t: float) -> np.ndarray:
        centre = (1 - t) * views[0][0] + t * views[1][0]
        span = (1 - t) * views[0][1] + t * views[1][1]
        xy = (points - centre) / span * frame.width  # the frame's size now (a card may scale)
        return np.column_stack([xy, np.zeros(len(xy))]) + frame.get_center()

    def clip(value: float) -> float:
        return float(np.clip(value, -frame.width / 2, frame.width / 2))

    def axes() -> VGroup:
        t = progress.get_value()
        origin = screen(np.zeros((1, 2)), t)[0] - frame.get_center()
        x, y = clip(origin[0]), clip(origin[1])
        c, half = frame.get_center(), frame.width / 2
        return VGroup(Line(c + [-half, y, 0], c + [half, y, 0], stroke_width=1,
                           color=theme.muted),
                      Line(c + [x, -half, 0], c + [x, half, 0], stroke_width=1,
                           color=theme.muted))

    def dots() -> VGroup:
        t = progress.get_value()
        places = screen((1 - t) * raw + t * standard, t)
        radius = DOT_RADIUS * frame.width / SIDE
        return VGroup(*[Dot(place, radius=radius, color=colour)
                        for place, colour in zip(places, colours)])

    lines, points = axes(), dots()
    lines.add_updater(lambda m: m.become(axes()))
    points.add_updater(lambda m: m.become(dots()))
    caption = text("with the origin in view: the file's units, then standardised", theme,
                   style.FONT_SMALL, theme.muted)
    if caption.width > SIDE * 2.6:
        caption.scale_to_fit_width(SIDE * 2.6)
    caption.next_to(frame, DOWN, buff=0.08).align_to(frame, LEFT)
    return VGroup(frame, lines, points, caption), progress
