"""The box of the data plane a view shows, decided from the data (numpy only): square (one
data unit as long on both axes), round tick steps at its edges, the origin held when that
does not widen the view too much.

The scenes draw their planes with it (:mod:`scenes.toolkit.views`), and a lesson that says
something of "this view" (the logistic scene's "certain far from the line, unsure near it
… in this view") decides it on the same box.
"""

from __future__ import annotations

import numpy as np

from .geometry import Box

VIEW_PADDING = 0.15        # room round the data in a view, a fraction of its span on each side
ORIGIN_ROOM = 0.2          # a view showing the origin keeps this much of the span free round it
ORIGIN_ZOOM_LIMIT = 1.5    # ...unless that makes the view this many times wider: then a pointer
MAX_TICK_INTERVALS = 8     # a plane's tick step cuts its side into at most this many intervals
MARKER_SPACING_FRACTION = 0.38  # a marker's half-width: this much of the points' typical spacing


def tick_step(span: float) -> float:
    """The smallest round tick step (1, 2 or 5 × 10ᵏ) that cuts ``span`` > 0 into at most
    ``MAX_TICK_INTERVALS`` intervals (so at least 2.5 of them)."""
    span = float(span)
    if not span > 0:
        return 1.0
    power = 10.0 ** np.floor(np.log10(span / MAX_TICK_INTERVALS))
    for factor in (1.0, 2.0, 5.0, 10.0):
        step = factor * power
        if span / step <= MAX_TICK_INTERVALS * (1 + 1e-9):
            return float(step)
    return float(10.0 * power)  # pragma: no cover


def _rounded_out(low: float, high: float, step: float) -> tuple[float, float]:
    return float(np.floor(low / step + 1e-9) * step), float(np.ceil(high / step - 1e-9) * step)


def _square(low: np.ndarray, high: np.ndarray, padding: float) -> Box:
    """A square box around [low, high] with ``padding`` (a fraction of the larger span) on
    every side, its edges on whole multiples of its tick step."""
    center = (low + high) / 2
    span = float(np.max(high - low))
    # a single point: a side of a unit round it (a tenth of its size when that is larger)
    if span > 0:
        half = span / 2 * (1 + 2 * padding)
    else:
        half = max(0.5, 0.1 * float(np.max(np.abs(center))))
    # edges on whole half steps of the ticks: a round frame that wastes little room
    step = tick_step(2 * half) / 2
    x_min, x_max = _rounded_out(center[0] - half, center[0] + half, step)
    y_min, y_max = _rounded_out(center[1] - half, center[1] + half, step)
    side = max(x_max - x_min, y_max - y_min)
    # the shorter side grows by whole steps on both ends, so the data stays centred
    grow_x = np.floor((side - (x_max - x_min)) / step / 2 + 1e-9) * step
    grow_y = np.floor((side - (y_max - y_min)) / step / 2 + 1e-9) * step
    x_min, y_min = x_min - grow_x, y_min - grow_y
    return Box(float(x_min), float(x_min + side), float(y_min), float(y_min + side))


def origin_room(low: np.ndarray, high: np.ndarray) -> float:
    """How far round the origin a view that shows it keeps free: arrows drawn from the
    origin (θ, yx) then have room in every direction, a fraction of the data's span."""
    return ORIGIN_ROOM * float(np.max(np.maximum(high, 0) - np.minimum(low, 0)))


def shows_origin(X: np.ndarray, padding: float = VIEW_PADDING) -> bool:
    """Whether an automatic view of ``X`` (shape (n, 2)) shows the origin.

    It does when holding the origin (with room round it) makes the square's
    side at most ``ORIGIN_ZOOM_LIMIT`` times that of the square fitted
    to the data alone: data near the origin, or spread far round it. Data far
    from it (Iris sepals at 4–8 cm and 2–4.5 cm) gets a view of its own, and
    a pointer to the origin.
    """
    return origin_widening(X, padding) <= ORIGIN_ZOOM_LIMIT


def origin_widening(X: np.ndarray, padding: float = VIEW_PADDING) -> float:
    """How many times wider the square view of ``X`` (shape (n, 2)) is when it holds the
    origin with room round it than when it is fitted to the data alone (1.0: the origin
    costs nothing; :func:`shows_origin` compares it with ``ORIGIN_ZOOM_LIMIT``)."""
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    if not len(X):
        return 1.0
    low, high = X.min(axis=0), X.max(axis=0)
    own = _square(low, high, padding)
    room = origin_room(low, high)
    with_origin = _square(np.minimum(low, -room), np.maximum(high, room), padding)
    return float((with_origin.x_max - with_origin.x_min) / (own.x_max - own.x_min))


def fitted_box(X: np.ndarray, include_origin: bool | None = None,
               padding: float = VIEW_PADDING, equal_scale: bool = True) -> Box:
    """The box a data plane shows for the points ``X`` (shape (n, 2)).

    Every point lies inside, ``padding`` (a fraction of the span) from the
    edges, and the edges are whole multiples of the tick step. With
    ``equal_scale`` the box is square (one data unit is as long on both
    axes: angles, normals and distances look true); otherwise each axis is
    fitted to its own range. ``include_origin``: True holds the origin with
    room round it (for arrows drawn from it); False fits the data alone;
    None decides by :func:`shows_origin`.
    """
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    if not len(X):
        X = np.zeros((1, 2))
    low, high = X.min(axis=0), X.max(axis=0)
    if include_origin is None:
        include_origin = shows_origin(X, padding) if equal_scale else False
    if include_origin:
        room = origin_room(low, high)
        low, high = np.minimum(low, -room), np.maximum(high, room)
    if equal_scale:
        return _square(low, high, padding)
    edges = []
    for j in range(2):
        span = float(high[j] - low[j]) or max(1.0, abs(float(low[j])))
        half = span / 2 * (1 + 2 * padding)
        centre = float(low[j] + high[j]) / 2
        edges.extend(_rounded_out(centre - half, centre + half, tick_step(2 * half) / 2))
    return Box(*edges)


#: a magnified inset's side on screen, as a share of its plane's
INSET_SHARE = 0.4
#: a magnified inset shows the width it is about at least this many times a side
INSET_HALF_WIDTHS = 2.5
#: an inset is drawn only when it magnifies at least this many times
INSET_LEAST_ZOOM = 3


def magnified_box(view: Box, centre, half_width: float,
                  share: float = INSET_SHARE) -> tuple[Box, int] | None:
    """The square an inset magnifies round ``centre`` to make a width of ``half_width`` a
    side readable in a plane showing ``view``: (its box, the whole number of times it
    magnifies), shown in a square ``share`` of the plane's side (:data:`INSET_SHARE`
    unless told) with ``half_width`` at least :data:`INSET_HALF_WIDTHS` times a side; None
    when that magnifies fewer than :data:`INSET_LEAST_ZOOM` times (the width reads as it
    is)."""
    width = float(view.x_max - view.x_min)
    if not half_width > 0:
        return None
    zoom = int(np.floor(share * width / (2 * INSET_HALF_WIDTHS * half_width) + 1e-9))
    if zoom < INSET_LEAST_ZOOM:
        return None
    half = share * width / (2 * zoom)
    x, y = float(centre[0]), float(centre[1])
    return Box(x - half, x + half, y - half, y + half), zoom


#: a close-up's side is at least this many times the spread of the points it is about
CLOSEUP_ROOM = 1.8
#: a close-up is drawn only when it magnifies at least this many times
CLOSEUP_LEAST_ZOOM = 2


def closeup_box(view: Box, points) -> tuple[Box, int] | None:
    """The square a panel as large as the plane showing ``view`` shows to make ``points``
    readable: (its box, the whole number k of times it magnifies). It is centred on the
    middle of the points' bounding box, its side the view's width / k for the largest whole
    k that leaves the side at least :data:`CLOSEUP_ROOM` times their spread (the larger of
    its width and height); None when k < :data:`CLOSEUP_LEAST_ZOOM` (they read as they are)
    or the points are one place."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    low, high = points.min(axis=0), points.max(axis=0)
    spread = float(max(high - low))
    width = float(view.x_max - view.x_min)
    if not spread > 0:
        return None
    zoom = int(np.floor(width / (CLOSEUP_ROOM * spread) + 1e-9))
    if zoom < CLOSEUP_LEAST_ZOOM:
        return None
    half = width / (2 * zoom)
    x, y = (float(low[0] + high[0]) / 2, float(low[1] + high[1]) / 2)
    return Box(x - half, x + half, y - half, y + half), zoom
