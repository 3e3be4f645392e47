"""What a view of the data plane shows, decided from the data (numpy only, no Manim).

A view is a box of the data plane (:class:`~linviz.geometry.Box`)
with round tick values on both axes, names for the axes and the classes, and
the data's points grouped by position (duplicates are drawn once, with their
count). :mod:`scenes.toolkit.plane` draws what is decided here; keeping the
decisions apart lets the tests check them on any data without drawing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from . import style
from linviz.geometry import Box, typical_spacing  # noqa: F401 (the engine's, used here)
from linviz.transforms import standardized_by_scene
# the view's box is decided in the engine (a lesson says what "this view" shows)
from linviz.view_box import fitted_box, origin_room, shows_origin, tick_step  # noqa: F401

#: label names of data that names no class (a built-in set): the legend then says only ±1
UNNAMED_CLASSES = ("-1", "+1")


# -- ticks -----------------------------------------------------------------------
def tick_values(low: float, high: float, step: float | None = None) -> np.ndarray:
    """The multiples of ``step`` in [``low``, ``high``] (a round step for the span when None).

    Every value k·step with low ≤ k·step ≤ high (up to rounding), in order; the
    values are computed as whole multiples, so they print without drift
    (0.30000000000000004 becomes 0.3).
    """
    step = tick_step(high - low) if step is None else float(step)
    first = int(np.ceil(low / step - 1e-9))
    last = int(np.floor(high / step + 1e-9))
    return np.array([k * step for k in range(first, last + 1)], dtype=float)


def decimal_places(step: float) -> int:
    """Decimal places that show every multiple of a round ``step`` exactly (0 for whole steps)."""
    return max(0, int(-np.floor(np.log10(step) + 1e-9)))


def tick_text(value: float, step: float) -> str:
    """A tick value as printed: the places of its step, '-' for minus, never '-0'."""
    places = decimal_places(step)
    text = f"{value:.{places}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text


def unit_scale(data) -> tuple[np.ndarray, np.ndarray] | None:
    """(means, standard deviations) of the two drawn features of ``data`` when it was
    standardised by the scene, for one scale or because the origin lay far from it
    (:func:`linviz.transforms.standardized_for_one_scale`): its tick values are then in the
    data's own units (:func:`axis_ticks`). None otherwise (the data's values are drawn)."""
    if data is None or not standardized_by_scene(data):
        return None
    scaled = data.params["standardized"]
    return (np.asarray(scaled["mean"][:2], dtype=float),
            np.asarray(scaled["scale"][:2], dtype=float))


def axis_ticks(low: float, high: float, step: float, units=None,
               axis: int = 0) -> list[tuple[float, str]]:
    """(where, printed value) of the ticks of one axis showing [``low``, ``high``].

    Without ``units``: the multiples of ``step``, printed as they are. With ``units``
    (:func:`unit_scale`): round values v of the data's own units, each drawn at its
    standardised place (v − mean)/std, printed in those units (grams at their place on
    the standardised axis).
    """
    if units is None:
        return [(float(v), tick_text(v, step)) for v in tick_values(low, high, step)]
    mean, scale = float(units[0][axis]), float(units[1][axis])
    raw_low, raw_high = mean + scale * low, mean + scale * high
    raw_step = tick_step(raw_high - raw_low)
    return [((float(v) - mean) / scale, tick_text(v, raw_step))
            for v in tick_values(raw_low, raw_high, raw_step)]


# -- boxes -----------------------------------------------------------------------
def axis_steps(box: Box) -> tuple[float, float]:
    """The tick steps along x₁ and x₂ of ``box``: one step for a square box."""
    x_span, y_span = box.x_max - box.x_min, box.y_max - box.y_min
    if np.isclose(x_span, y_span, rtol=1e-9):
        step = tick_step(x_span)
        return step, step
    return tick_step(x_span), tick_step(y_span)


def origin_in_view(box: Box) -> bool:
    """Whether the origin (0, 0) lies inside ``box`` (its edges included)."""
    return bool(box.contains(np.zeros(2))[0])


def nearest_to_origin(box: Box) -> np.ndarray:
    """The point of ``box`` nearest to the origin (the origin itself when in view), (2,)."""
    return np.array([min(max(0.0, box.x_min), box.x_max), min(max(0.0, box.y_min), box.y_max)])


def origin_direction(box: Box) -> np.ndarray:
    """The unit direction (data units, shape (2,)) from the point of the box nearest to the
    origin towards it: straight down when the origin lies below the box, diagonal when it
    lies beyond a corner."""
    direction = -nearest_to_origin(box)
    norm = float(np.linalg.norm(direction))
    return direction / norm if norm > 0 else np.array([-1.0, -1.0]) / np.sqrt(2)


# -- points ----------------------------------------------------------------------
@dataclass(frozen=True)
class PointGroups:
    """Data points grouped by position: each distinct position once.

    ``positions`` (m, 2): the distinct points, in order of first appearance;
    ``first`` (m,): the index of the first point at each; ``counts`` (m,):
    how many points lie there; ``positive`` and ``negative`` (m,): how many
    of them have label +1 and −1; ``group_of`` (n,): each point's group.
    """

    positions: np.ndarray
    first: np.ndarray
    counts: np.ndarray
    positive: np.ndarray
    negative: np.ndarray
    group_of: np.ndarray

    @property
    def repeated(self) -> np.ndarray:
        """Indices of the groups holding more than one point."""
        return np.flatnonzero(self.counts > 1)


def point_groups(X: np.ndarray, y: np.ndarray) -> PointGroups:
    """Group the points ``X`` (n, 2) with labels ``y`` (n,) by exact position."""
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    y = np.asarray(y, dtype=float).reshape(-1)
    if not len(X):
        empty = np.zeros(0, dtype=int)
        return PointGroups(np.zeros((0, 2)), empty, empty, empty, empty, empty)
    _, first, inverse = np.unique(X, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    # groups numbered in order of their first point, not of numpy's sort
    order = np.argsort(first, kind="stable")
    renumber = np.empty_like(order)
    renumber[order] = np.arange(len(order))
    group_of = renumber[inverse]
    m = len(first)
    counts = np.bincount(group_of, minlength=m)
    positive = np.bincount(group_of, weights=(y > 0).astype(float), minlength=m).astype(int)
    return PointGroups(X[first[order]], first[order], counts, positive, counts - positive,
                       group_of)


def count_text(positive: int, negative: int) -> str:
    """What is written beside a position holding several points: "×3" when they share a
    label, "+2 −1" (how many of each) when both classes are there."""
    if positive and negative:
        return f"+{positive} −{negative}"
    return f"×{positive + negative}"


def marker_half_size(spacing: float) -> float:
    """A marker's half-width for points ``spacing`` apart on screen (typically): a fraction
    of it, between ``style.POINT_SIZE_MIN`` and ``style.POINT_SIZE``."""
    return float(np.clip(style.MARKER_SPACING_FRACTION * spacing, style.POINT_SIZE_MIN,
                         style.POINT_SIZE))


def ring_radius(spacing: float, marker_half_size: float) -> float:
    """The radius of a ring round one marker for points ``spacing`` apart on screen
    (typically): ``style.RING_RADIUS`` where there is room, else half the spacing (rings
    of neighbours then touch, never merge), never tighter than its marker."""
    return float(min(style.RING_RADIUS, max(style.RING_SPACING_FRACTION * spacing,
                                            style.RING_MARKER_FRACTION * marker_half_size)))


# -- names -----------------------------------------------------------------------
def _numbered_x(name: str) -> str | None:
    """"x_3" (Typst math) for a column called x3, x_3 or x₃; None for any other name."""
    match = re.fullmatch(r"\s*x_?([0-9]+)\s*", str(name))
    return f"x_{match.group(1)}" if match else None


def axis_names(feature_names=()) -> tuple[str, str]:
    """The two axes' names: the data's column names, or x₁ and x₂ (Typst math) when it
    names none. Columns called x1, x2 (a generated set's header) stay math: x₁, x₂."""
    names = tuple(feature_names or ())
    if len(names) >= 2 and all(str(name).strip() for name in names[:2]):
        numbered = [_numbered_x(name) for name in names[:2]]
        if all(numbered):
            return numbered[0], numbered[1]
        return str(names[0]), str(names[1])
    return "x_1", "x_2"


SUBSCRIPT_DIGITS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def standardized_axis_names(feature_names=()) -> tuple[str, str]:
    """The axes' names of standardised data (``--standardize``), as text: each column's
    name (x₁, x₂ when it has none) without its unit and with ", standardised", so the
    picture says its values are (x − mean)/std, not the data's own units ("sepal length
    (cm)" → "sepal length, standardised": the values are in standard deviations)."""
    plain = ["x" + name[2:].translate(SUBSCRIPT_DIGITS) if _numbered_x(name) == name
             else without_unit(str(name)) for name in axis_names(feature_names)]
    return plain[0] + ", standardised", plain[1] + ", standardised"


def without_unit(name: str) -> str:
    """A column name without a trailing unit in brackets: "petal length (cm)" → "petal
    length"; a name that is only brackets is kept."""
    import re

    stripped = re.sub(r"\s*[(\[][^()\[\]]*[)\]]\s*$", "", name)
    return stripped or name


def names_are_math(feature_names=()) -> bool:
    """Whether :func:`axis_names` gives math names (x₁, x₂): the data names no column, or
    calls them x1, x2."""
    return all(_numbered_x(name) or name in ("x_1", "x_2")
               for name in axis_names(feature_names))


def places_text(groups: PointGroups) -> str | None:
    """"100 points at 58 places" when some points share a place (None when none do)."""
    n, m = int(np.sum(groups.counts)), len(groups.counts)
    return f"{n} points at {m} places" if m < n else None


def legend_rows(label_names=UNNAMED_CLASSES) -> list[tuple[float, str]]:
    """The legend's rows, +1 first: (label, text), as "+1: versicolor" and "−1: setosa";
    only "+1" and "−1" when the data names no class. ``label_names`` is (negative, positive)."""
    negative, positive = (tuple(label_names) + UNNAMED_CLASSES)[:2]
    named = tuple(str(s) for s in (negative, positive)) != UNNAMED_CLASSES
    if not named:
        return [(1.0, "+1"), (-1.0, "−1")]
    return [(1.0, f"+1: {positive}"), (-1.0, f"−1: {negative}")]


# -- arrows ----------------------------------------------------------------------
def vector_scale(box: Box, vectors: np.ndarray, start=(0.0, 0.0),
                 room: float = style.VIEW_MARGIN) -> float:
    """The largest scale s ≤ 1 at which every ``start + s·v`` (v a row of ``vectors``, (k, 2))
    stays inside the box shrunk by the fraction ``room`` of its way to each edge from start.

    1 when every vector fits at its length; arrows drawn at s < 1 need a note
    saying so (``arrow_scale_note``). A start outside the box gives 1 (no scale helps).
    """
    vectors = np.asarray(vectors, dtype=float).reshape(-1, 2)
    start = np.asarray(start, dtype=float)
    if not box.contains(start)[0]:
        return 1.0
    scale = 1.0
    limits = ((box.x_min, box.x_max), (box.y_min, box.y_max))
    for v in vectors:
        for j, (low, high) in enumerate(limits):
            edge = high if v[j] > 0 else low
            # |v| s ≤ room·(distance to the edge), without dividing by a tiny component
            if abs(v[j]) * scale > room * abs(edge - start[j]):
                scale = room * abs(edge - start[j]) / abs(v[j])
    return float(max(scale, 0.0))


def box_between(start: Box, end: Box, t: float) -> Box:
    """The square box a zoom from ``start`` to ``end`` shows at ``t`` ∈ [0, 1]: its half-side
    geometric between theirs (a zoom at a steady rate), its centre linear between theirs."""
    half = [(b.x_max - b.x_min) / 2 for b in (start, end)]
    h = half[0] ** (1 - t) * half[1] ** t
    cx = (1 - t) * (start.x_min + start.x_max) / 2 + t * (end.x_min + end.x_max) / 2
    cy = (1 - t) * (start.y_min + start.y_max) / 2 + t * (end.y_min + end.y_max) / 2
    return Box(cx - h, cx + h, cy - h, cy + h)


def holds_disk(box: Box, radius: float) -> bool:
    """Whether ``box`` holds the whole disk ‖p‖ ≤ ``radius`` round the origin."""
    return bool(box.x_min <= -radius and box.x_max >= radius and box.y_min <= -radius
                and box.y_max >= radius)


def readable_scale(scale: float) -> bool:
    """Whether arrows drawn at ``scale`` × their length can still be read and compared
    (at least ``style.READABLE_ARROW_SCALE``); below it a scene draws directions instead."""
    return float(scale) >= style.READABLE_ARROW_SCALE


def direction_length(box: Box, start=(0.0, 0.0), room: float = style.VIEW_MARGIN) -> float:
    """The data length at which a direction drawn from ``start`` stays inside ``box`` whichever
    way it points: ``room`` × the distance from ``start`` to the nearest edge (0 outside)."""
    x, y = (float(v) for v in start)
    nearest = min(x - box.x_min, box.x_max - x, y - box.y_min, box.y_max - y)
    return room * max(nearest, 0.0)


def drawn_direction(vector, length: float) -> np.ndarray:
    """``vector`` (2,) drawn as its direction: ``length`` · v/‖v‖ (zero for v = 0)."""
    vector = np.asarray(vector, dtype=float)
    norm = float(np.linalg.norm(vector))
    return vector * (length / norm) if norm > 0 else np.zeros_like(vector)
