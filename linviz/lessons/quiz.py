"""The lessons of the notes' two quizzes (note 003), each asked, paused on, then answered
by real runs.

``quiz-one-point``: "Assume a data set consists only of a single data point {(x, +1)}.
How often can a Perceptron misclassify this point x repeatedly? What if the initial
weight vector w was initialized randomly and not as the all-zero vector?" Through the
origin, each update adds x to θ, so the y·score θᵀx grows by ‖x‖² per update:

- from θ = 0 the score is 0, a mistake; after one update it is ‖x‖² > 0, and no update
  ever comes again: exactly one;
- from θ⁽⁰⁾, the updates needed are the least k ≥ 0 with θ⁽⁰⁾ᵀx + k‖x‖² > 0, that is
  k = 0 when θ⁽⁰⁾ᵀx > 0, else ⌊−θ⁽⁰⁾ᵀx/‖x‖²⌋ + 1; since −θ⁽⁰⁾ᵀx ≤ ‖θ⁽⁰⁾‖‖x‖
  (Cauchy–Schwarz), k ≤ ‖θ⁽⁰⁾‖/‖x‖ + 1: finitely many, from any start.

The point x and the random start are drawn from the seed: x at a radius in [1, 2]; θ⁽⁰⁾ of
length 3‖x‖ in a direction drawn uniformly among those at least 120° from x (so that it
gets x wrong by enough to need several updates: θ⁽⁰⁾ᵀx ≤ −1.5‖x‖², k from 2 to 4; said in
the scene as "a random start of length 3‖x‖ that gets x wrong").

``quiz-margin``: "what can you say about the margin of a classifier (what is more
desirable, a large margin or a small margin?) Can you characterize data sets for which
the Perceptron algorithm will converge quickly?" Answered as the notes' theorem is stated
(note 003: through the origin, θ* of unit length, no offset): by two runs of the
perceptron through the origin from θ = 0, each the median of :data:`~linviz.lessons.margin_speed.DEFAULT_REPEATS` data
sets a line through 0 separates (:func:`linviz.sweeps.margin_sweep`, seeded), of a wide
and of a narrow margin (:data:`QUIZ_MARGINS`; the wide margin's data sets less the points
just beyond their band's edges, :func:`cleared`, since that band is drawn at the plane's
scale), each with R (the largest ‖x‖), γ (the widest band through 0's half-width: for a
unit θ*, the least y θ*ᵀx), the bound (R/γ)² and the updates M it made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..generators import DEFAULT_SEED
from ..geometry import Box, project_onto_line
from ..sweeps import MarginRun
from ..theory import point_margins
from ..ties import least_index
from ..view_box import INSET_LEAST_ZOOM, fitted_box, magnified_box

ONE_POINT = "quiz-one-point"
#: the random start's length, in units of ‖x‖
START_LENGTH = 3.0
MARGIN = "quiz-margin"


@dataclass(frozen=True)
class OnePointLesson:
    """The single-point quiz: the point, the two starts, and every θ of both runs.

    Attributes
    ----------
    x : the point (its label is +1).
    start : θ⁽⁰⁾, the random start (one that gets x wrong).
    from_zero : θ after 0 and 1 updates from θ = 0 (shape (2, 2)).
    from_start : θ after 0 … k updates from θ⁽⁰⁾ (shape (k + 1, 2)).
    """

    x: np.ndarray
    start: np.ndarray
    from_zero: np.ndarray
    from_start: np.ndarray

    @property
    def norm_squared(self) -> float:
        """‖x‖², what each update adds to the y·score."""
        return float(self.x @ self.x)

    @property
    def start_score(self) -> float:
        """θ⁽⁰⁾ᵀx (≤ 0: a mistake)."""
        return float(self.start @ self.x)

    @property
    def updates_from_start(self) -> int:
        """k, the updates the run from θ⁽⁰⁾ made."""
        return len(self.from_start) - 1

    @property
    def score_bound(self) -> float:
        """−θ⁽⁰⁾ᵀx/‖x‖² + 1: the updates from θ⁽⁰⁾ are at most this (each adds ‖x‖² to a
        score that starts at θ⁽⁰⁾ᵀx ≤ 0), and it is at most :attr:`bound` (Cauchy–Schwarz)."""
        return float(-self.start_score / self.norm_squared + 1.0)

    @property
    def bound(self) -> float:
        """‖θ⁽⁰⁾‖/‖x‖ + 1, the most updates any start of this size can need."""
        return float(np.hypot(*self.start) / np.hypot(*self.x) + 1.0)

    @property
    def view(self) -> Box:
        """The part of the plane drawn: 0, x, the start and every θ of both runs."""
        return fitted_box(np.vstack([np.zeros(2), self.x, self.start, self.from_start,
                                     self.from_zero]), include_origin=True)

    @property
    def final_distance(self) -> float:
        """x's distance to the boundary of the run from θ⁽⁰⁾'s last θ: θᵀx/‖θ‖."""
        theta = self.from_start[-1]
        return float(theta @ self.x / np.hypot(*theta))

    @property
    def final_inset(self) -> tuple[Box, int] | None:
        """x and the last boundary magnified (:func:`linviz.view_box.magnified_box` round
        x's foot on it) when x would look on the line; None when it reads as it is."""
        theta = self.from_start[-1]
        return magnified_box(self.view, project_onto_line(self.x, theta, 0.0),
                             self.final_distance)


def run_on_one_point(x: np.ndarray, start: np.ndarray, most: int = 10_000) -> np.ndarray:
    """The perceptron through the origin on {(x, +1)} from θ = ``start``: every θ, until
    a visit finds θᵀx > 0 (the notes' rule: a score ≤ 0 is a mistake)."""
    thetas = [np.asarray(start, dtype=float)]
    while float(thetas[-1] @ x) <= 0:
        if len(thetas) > most:  # pragma: no cover - ‖x‖ > 0 ends it within the bound
            raise RuntimeError("no end")
        thetas.append(thetas[-1] + x)
    return np.array(thetas)


def one_point_lesson(seed: int = 0) -> OnePointLesson:
    """The single-point quiz for ``seed`` (see the module's docstring)."""
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0.0, 2 * math.pi)
    length = rng.uniform(1.0, 2.0)
    x = length * np.array([math.cos(angle), math.sin(angle)])
    # a direction 120° to 240° from x's, uniformly
    turn = rng.uniform(2 * math.pi / 3, 4 * math.pi / 3)
    start = START_LENGTH * length * np.array([math.cos(angle + turn), math.sin(angle + turn)])
    return OnePointLesson(x=x, start=start, from_zero=run_on_one_point(x, np.zeros(2)),
                          from_start=run_on_one_point(x, start))


@dataclass(frozen=True, eq=False)
class MarginQuizLesson:
    """The margin quiz: the run of median M among the wide margin's data sets (each
    :func:`cleared`) and among the narrow margin's
    (:func:`linviz.lessons.margin_speed.median_run_index`), each a
    :class:`linviz.sweeps.MarginRun` through the origin with R, γ, (R/γ)² and its M;
    ``repeats`` data sets of each margin."""

    wide: MarginRun
    narrow: MarginRun
    #: the updates M of each of the wide margin's data sets, and of the narrow margin's, in
    #: the sweep's order: the spread the median runs stand for
    wide_counts: tuple[int, ...] = ()
    narrow_counts: tuple[int, ...] = ()
    #: the bound (R/γ)² of each of those data sets, in the same order
    wide_bounds: tuple[float, ...] = ()
    narrow_bounds: tuple[float, ...] = ()

    @property
    def repeats(self) -> int:
        """How many data sets of each margin were run."""
        return len(self.wide_counts)

    @property
    def wide_range(self) -> tuple[int, int]:
        """The fewest and the most updates among the wide margin's data sets."""
        return min(self.wide_counts), max(self.wide_counts)

    @property
    def narrow_range(self) -> tuple[int, int]:
        """The fewest and the most updates among the narrow margin's data sets."""
        return min(self.narrow_counts), max(self.narrow_counts)

    #: the wide margin's data set with every point times :data:`SHRINK`, run again (None:
    #: not made): γ and R shrink alike, (R/γ)² does not
    wide_shrunk: MarginRun | None = None

    @property
    def shrunk_alike(self) -> bool:
        """The shrunk data set's γ and R are the wide one's times :data:`SHRINK` (within
        1e-9 of each): (R/γ)², its bound, is the wide one's."""
        shrunk, wide = self.wide_shrunk, self.wide
        return shrunk is not None and all(
            math.isclose(after, SHRINK * before, rel_tol=1e-9)
            for after, before in ((shrunk.gamma, wide.gamma), (shrunk.R, wide.R)))

    @property
    def wide_is_faster(self) -> bool:
        """The wide margin's run made fewer updates (the answer's evidence; both bounds
        hold whatever it is)."""
        return self.wide.updates < self.narrow.updates


def star_line(run: MarginRun) -> tuple[np.ndarray, float]:
    """θ*'s line aᵀx + c = 0 in the plane (c = 0: the quiz's runs are through the origin,
    :func:`linviz.lessons.margin_speed.band_in_plane`)."""
    from .margin_speed import band_in_plane

    a, c, _ = band_in_plane(run)
    return np.asarray(a, dtype=float), float(c)


def band_half_width(run: MarginRun) -> float:
    """The half-width of θ*'s band in the plane: γ/‖a‖ for θ* = (a, c) (γ itself for a unit
    θ* through the origin, the quiz's; :func:`linviz.lessons.margin_speed.band_in_plane`)."""
    from .margin_speed import band_in_plane

    return float(band_in_plane(run)[2])


def plane_box(lesson: MarginQuizLesson) -> Box:
    """The part of the plane both runs' data are drawn in (fitted to the two together):
    one scale on both planes, so their bands compare by eye."""
    return fitted_box(np.vstack([np.asarray(run.data.X, dtype=float)
                                 for run in (lesson.wide, lesson.narrow)]))


def nearest_point(run: MarginRun) -> int:
    """The point nearest θ*'s line in the plane (0-based): the least margin
    y(aᵀx + c)/‖a‖, ties to the first (:func:`linviz.ties.least_index`)."""
    a, c = star_line(run)
    return least_index(point_margins(run.data.X, run.data.y, a, c))


#: a point is on the band's edge when its margin is the band's half-width to this share
#: (the widest band's edge points tie exactly but for rounding)
EDGE_SHARE = 1e-6
#: the magnified band's inset, beside its plane, as a share of the plane's side
BAND_INSET_SHARE = 0.8


def edge_points(run: MarginRun) -> tuple[int, ...]:
    """The points (0-based, in order) on θ*'s band's edges: margin y(aᵀx + c)/‖a‖ within
    :data:`EDGE_SHARE` of the half-width. With an offset the widest band's edges hold points
    of both labels (else it could move towards the other and widen); through 0, the quiz's,
    they may hold one label only (turning about 0 is the band's only freedom)."""
    a, c = star_line(run)
    margins = point_margins(np.asarray(run.data.X, dtype=float), run.data.y, a, c)
    return tuple(int(i) for i in np.flatnonzero(
        margins <= band_half_width(run) * (1 + EDGE_SHARE)))


def near_band(run: MarginRun, view: Box) -> tuple[int, ...]:
    """The points on the band's edges (:func:`edge_points`) in its inset
    (:func:`band_inset` in a plane showing ``view``), ringed there: () when the band is
    not magnified."""
    found = band_inset(run, view)
    if found is None:
        return ()
    box = found[0]
    X = np.asarray(run.data.X, dtype=float)
    inside = box.contains(X, tolerance=0.0)
    return tuple(i for i in edge_points(run) if inside[i])


#: the close-up's side is at least this many times the spread of the pair it centres on
PAIR_ROOM = 1.6
#: the narrow band is at least this share of the close-up's side across (its two half-widths)
#: when the close-up is widened to hold a pair of points of both labels
BAND_LEAST_SHARE = 0.08


def edge_pair(run: MarginRun) -> tuple[int, int] | None:
    """The two points on the band's edges (:func:`edge_points`), one of each label, nearest
    each other: the least spread max(|Δx₁|, |Δx₂|), ties to the first pair in index order
    (within 1e-12); None when the edges hold one label only."""
    edges = edge_points(run)
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    pairs = [(i, j) for i in edges for j in edges if i < j and y[i] != y[j]]
    if not pairs:
        return None
    spreads = np.array([float(np.max(np.abs(X[i] - X[j]))) for i, j in pairs])
    return pairs[int(np.flatnonzero(spreads <= spreads.min() + 1e-12)[0])]


def across_pair(run: MarginRun) -> tuple[int, int] | None:
    """A point on the band's edges (:func:`edge_points`) and the point of the other label
    nearest it: of all such pairs the least spread max(|Δx₁|, |Δx₂|), ties to the first in
    index order (within 1e-12), as (edge point, other); None when one label only. Where the
    edge points lie far apart (a band through 0 is held by two), the gap between the
    classes where they come nearest it."""
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    pairs = [(int(i), int(j)) for i in edge_points(run)
             for j in np.flatnonzero(y != y[i])]
    if not pairs:
        return None
    spreads = np.array([float(np.max(np.abs(X[i] - X[j]))) for i, j in pairs])
    return pairs[int(np.flatnonzero(spreads <= spreads.min() + 1e-12)[0])]


def band_inset(run: MarginRun, view: Box) -> tuple[Box, int] | None:
    """The band magnified beside a plane showing ``view`` (an inset
    :data:`BAND_INSET_SHARE` of its side): (box, times), or None when it reads as it is.

    Round every point on the band's edges (:func:`edge_points`), else round the pair of
    both labels nearest each other on them (:func:`edge_pair`; the middle of the two lies
    on θ*'s line, at margins +h and −h), else round an edge point and the nearest point
    of the other label (:func:`across_pair`): the first that fits, centred on the middle of their
    bounding box, its side at least :data:`PAIR_ROOM` times their spread, the band at least
    :data:`BAND_LEAST_SHARE` of it across and magnified at least
    :data:`~linviz.view_box.INSET_LEAST_ZOOM` times: the gap between the classes, both
    sides shown. Where neither fits, :func:`linviz.view_box.magnified_box` round where the
    nearest point's perpendicular meets θ*'s line."""
    a, c = star_line(run)
    half_width = band_half_width(run)
    found = magnified_box(view, project_onto_line(run.data.X[nearest_point(run)], a, c),
                          half_width, share=BAND_INSET_SHARE)
    pairs = [pair for pair in (edge_pair(run), across_pair(run)) if pair is not None]
    if found is None or not pairs:
        return found
    X = np.asarray(run.data.X, dtype=float)
    width = float(view.x_max - view.x_min)
    for points in (X[list(edge_points(run))], *[X[list(pair)] for pair in pairs]):
        low, high = points.min(axis=0), points.max(axis=0)
        spread = float(np.max(high - low))
        zoom = min(found[1], int(np.floor(BAND_INSET_SHARE * width / (PAIR_ROOM * spread)
                                          + 1e-9)))
        side = BAND_INSET_SHARE * width / zoom if zoom > 0 else np.inf
        if zoom >= INSET_LEAST_ZOOM and 2 * half_width >= BAND_LEAST_SHARE * side:
            x, y = (low + high) / 2
            return Box(x - side / 2, x + side / 2, y - side / 2, y + side / 2), zoom
    return found


def magnification(run: MarginRun, view: Box) -> int:
    """How many times the band's inset magnifies a plane showing ``view`` (0: no inset)."""
    inset = band_inset(run, view)
    return inset[1] if inset else 0


#: the room (in the plane's units) left empty beyond the wide band's edges: about one and a
#: half of its markers' half-widths as drawn (a marker straddling a dashed edge reads as on
#: it, though it is not an edge point)
EDGE_CLEARANCE = 0.15


def cleared(run: MarginRun, clearance: float = EDGE_CLEARANCE) -> MarginRun:
    """``run``'s data set less the points within ``clearance`` beyond its band's edges
    (margin y(aᵀx + c)/‖a‖ in (h, h + clearance], h the half-width; the edge points,
    :func:`edge_points`, stay), run again. θ*'s band stays the widest: its edge points
    (the only points its optimality rests on, the KKT conditions) and the constraints they
    set are kept, every point kept stays outside it."""
    from dataclasses import replace

    from ..sweeps import margin_run

    a, c = star_line(run)
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    margins = point_margins(X, y, a, c)
    keep = margins > band_half_width(run) + clearance
    keep[list(edge_points(run))] = True
    data = replace(run.data, X=X[keep], y=y[keep],
                   name=f"{run.data.name}-cleared-{clearance:g}")
    return margin_run(data, run.requested_margin, run.seed, offset=len(run.theta_star) > 2)


#: the factor every point of the wide margin's data set is multiplied by to show that γ
#: counts relative to R (a half: the band and the reach visibly smaller, the points still
#: apart; a third crowded them into a blob)
SHRINK = 0.5


def shrunk(run: MarginRun, factor: float = SHRINK) -> MarginRun:
    """``run``'s data set with every point times ``factor``, run again (its γ, R and θ*
    found afresh: nothing is carried over from ``run``)."""
    from dataclasses import replace

    from ..sweeps import margin_run

    data = replace(run.data, X=np.asarray(run.data.X, dtype=float) * factor,
                   name=f"{run.data.name}-times-{factor:.3g}")
    return margin_run(data, run.requested_margin, run.seed, offset=len(run.theta_star) > 2)


#: the margins the quiz's data sets are made with (the least each leaves free, in the
#: plane's units, the points in a disc of radius 2): two half-discs far apart, and two
#: that touch
QUIZ_MARGINS = (0.6, 0.02)


def margin_quiz_lesson(seed: int = DEFAULT_SEED) -> MarginQuizLesson:
    """The margin quiz for ``seed`` (see the module's docstring)."""
    from .margin_speed import DEFAULT_REPEATS, median_run_index
    from ..sweeps import margin_sweep

    # a point of each class on the band's edges (review 288: through 0 the widest band
    # was often held by two points of one class, the other class far from it)
    rows = margin_sweep(QUIZ_MARGINS, repeats=DEFAULT_REPEATS, offset=False, line_offset=0.0,
                        seed=seed, touching=True).runs
    # the wide band is drawn at the plane's scale: its data sets' points by its edges
    # cleared (:func:`cleared`); the narrow band's edges are drawn magnified
    rows = (tuple(cleared(run) for run in rows[0]), *rows[1:])
    # the median run of each margin: one run's M is not what a margin typically takes
    wide = rows[0][median_run_index(rows[0])]
    return MarginQuizLesson(wide, rows[-1][median_run_index(rows[-1])],
                            wide_shrunk=shrunk(wide),
                            wide_counts=tuple(run.updates for run in rows[0]),
                            narrow_counts=tuple(run.updates for run in rows[-1]),
                            wide_bounds=tuple(float(run.bound) for run in rows[0]),
                            narrow_bounds=tuple(float(run.bound) for run in rows[-1]))


def farthest_point(run: MarginRun) -> int:
    """The point of largest ‖x‖ in the plane (0-based, the first of equals within 1e-12):
    its ‖x‖ is R."""
    X = np.asarray(run.data.X, dtype=float)
    norms = np.hypot(X[:, 0], X[:, 1])
    return int(np.flatnonzero(norms >= norms.max() - 1e-12)[0])


def final_gap(run: MarginRun) -> tuple[int, float]:
    """The point nearest the run's last line in the plane and its distance there:
    (i, y(θᵀx + θ₀)/‖θ‖), the least over the points, ties to the first
    (:func:`linviz.ties.least_index`). Positive: the run stopped at its first θ with no
    mistake, which need not leave any room (θ*'s band is the widest)."""
    final = run.trace.result
    theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])
    margins = point_margins(np.asarray(run.data.X, dtype=float), run.data.y, theta, theta0)
    i = least_index(margins)
    return i, float(margins[i])


#: a last line's gap to its nearest point reads at the plane's scale from this distance
#: (in the plane's units: about a marker's width as the planes draw them)
GAP_READS = 0.1


def final_gap_insets(lesson: MarginQuizLesson) -> list[tuple[int, Box, int]]:
    """Each run whose last line passes so near a point that the gap would not read at the
    plane's scale (nearer than :data:`GAP_READS`, and the inset rule would magnify it; 0:
    the wide, 1: the narrow, in that order), with that point and the line
    magnified round its foot (:func:`linviz.view_box.magnified_box`, a square
    :data:`BAND_INSET_SHARE` of the plane's side): [(run, box, times)…], empty when every
    gap reads as it is."""
    found = []
    for k, run in enumerate((lesson.wide, lesson.narrow)):
        i, distance = final_gap(run)
        final = run.trace.result
        theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])
        box = magnified_box(plane_box(lesson),
                            project_onto_line(np.asarray(run.data.X[i], dtype=float),
                                              theta, theta0),
                            distance, share=BAND_INSET_SHARE)
        if box is not None and distance < GAP_READS:
            found.append((k, *box))
    return found


def class_hulls(run: MarginRun) -> tuple[np.ndarray, np.ndarray]:
    """Each class's convex hull in the plane, + first: its corners in order round it
    (counter-clockwise, :class:`scipy.spatial.ConvexHull`), shape (k, 2); a class of fewer
    than three points, or of points on one line, is its points. The answer's sketch of
    the example draws each class so: where its points lie, not each point."""
    from scipy.spatial import ConvexHull, QhullError

    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    hulls = []
    for label in (1, -1):
        points = X[y == label]
        try:
            hulls.append(points[ConvexHull(points).vertices])
        except (QhullError, ValueError):  # too few points, or all on one line
            hulls.append(points)
    return hulls[0], hulls[1]
