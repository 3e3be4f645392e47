"""The lesson of ``linear-program``: the realizable case solved as a linear programme, in
weight space (lecture notes 001: the closing table's "realizable case / 0-1 loss /
Linear Prog.", the perceptron as the "2nd method to solve for the separating hyperplane
in the realizable case").

Through the origin, θ separates the data exactly when y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0 for every i;
scaled up, exactly when some θ has

    aᵢᵀθ ≥ 1 for every i,   aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾ (the *signed point*),

n linear inequalities in θ. In the plane of θ = (θ₁, θ₂) (weight space) each is a
half-plane bounded by the line aᵢᵀθ = 1, at distance 1/‖x⁽ⁱ⁾‖ from 0 and perpendicular
to aᵢ: a point in data space is a line in weight space (and a θ, a line in data space,
is a point there). The separators scaled to meet every constraint are the intersection
of the half-planes, a convex region (the *feasible region*).

The linear programme asks for the θ of the region with the least ‖θ‖₁ = |θ₁| + |θ₂|
(linear once θ = u − v with u, v ≥ 0), solved by HiGHS (scipy's ``linprog``). Its value
is reached on the region's boundary; where several θ reach it (an edge of the region
parallel to a side of the diamond ‖θ‖₁ = c), the one with the least θ₁, then θ₂, within
:data:`TIE` is shown (``theta_star``), computed from the two boundary lines it lies on,
not from the solver's last bits.

The perceptron through the origin walks in the same plane: each update adds aᵢ to θ, a
step perpendicular to point i's line towards its side. It stops inside the open cone
aᵢᵀθ > 0; divided by its least y·score, its θ meets every constraint.

No θ at all: the solver says the programme is infeasible, and Gordan's alternative gives
the proof the scene shows: weights λᵢ ≥ 0, not all 0, with Σλᵢaᵢ = 0 (then for any θ,
Σλᵢ y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = θᵀ0 = 0, so some y·score is ≤ 0). In the plane at most three points
are needed (Carathéodory); the certificate shown is the solver's vertex solution of the
least Σ (i + 1)λᵢ, Σλᵢ = 1, its weights recomputed from its points. So on such data the
perceptron never settles: every pass makes at least one mistake (a pass without one would
leave a θ with every y·score > 0, which scaled would meet every constraint): said, its
passes counted as the notes' remark on testing is met (:func:`watched_passes`); the walk
itself is the noise scene's. With an offset: the widest line that separates, or the
classes' hulls' common point (:func:`linviz.theory.overlap_certificate`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import Dataset
from ..epochs import mistakes_per_epoch
from ..errors import DataError
from ..geometry import Box, project_onto_line
from ..perceptron import Perceptron, mistakes
from ..theory import (is_separable, max_margin_separator, overlap_certificate,
                      same_place_pair)
from ..ties import least_index
from ..trace import Trace
from ..view_box import closeup_box, fitted_box, magnified_box
from .checks import require_classes_in_the_plane
from .linear_program_sweep import Sweep, sweep_to

SCENE = "linear-program"
DEFAULT_DATA = {SCENE: "separable-origin"}
#: two objective values (or two θ₁) this close, relative to their size, are equal
TIE = 1e-9
#: a constraint whose aᵢᵀθ* − 1 is within this (relative to ‖aᵢ‖‖θ*‖) is tight at θ*
TIGHT = 1e-9
#: the walk is drawn zoomed in when the weight box is over this many times wider than the
#: box of its steps (at a third of the width a step is still a readable arrow)
WALK_ZOOM = 3.0
#: the least share of the data plane's width the shown point's y⁽ⁱ⁾x⁽ⁱ⁾ is drawn at
ARROW_SHARE = 0.2
#: a walk's step magnifies the point nearest its line when that takes at least this zoom:
#: the point's centre is then within about a 90th of the view's width of the line (4
#: pixels at 480p, a marker's half-width), and the line reads as touching its marker
#: (reviews 317: at 10, points 6 and 35 of noisy data, 0.053 from a line in a view 5
#: wide, looked on it, unsaid)
STEP_INSET_ZOOM = 7


#: the room round the points in the data plane's view (a share of their span on each side:
#: less than a plane's usual, reviews 357, Iris's points filled half its height)
DATA_VIEW_PADDING = 0.08

def arrow_times(length: float, width: float) -> int:
    """The whole k ≥ 1 an arrow of ``length`` is drawn k times longer by in a plane of
    ``width``, so it spans at least :data:`ARROW_SHARE` of it: 1 if it already does, else
    ⌈ARROW_SHARE·width / length⌉."""
    least = ARROW_SHARE * width
    return 1 if length >= least else int(np.ceil(least / length))


def mistake_arcs(A: np.ndarray) -> list[tuple[float, float, int]]:
    """The directions of θ (angles from 0 to 2π) cut at every angle where some aᵢᵀθ = 0 (θ
    perpendicular to aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾), each arc (start, end, count) with how many points a
    θ pointing into it gets wrong, #{i : aᵢᵀθ ≤ 0}: the same all along the arc and along
    every ray (scaling θ changes no sign), counted at the arc's middle. On data no line
    through the origin separates, every count is at least 1."""
    A = np.asarray(A, dtype=float)
    bases = np.arctan2(A[:, 1], A[:, 0])
    cuts = np.sort(np.mod(np.concatenate([bases + np.pi / 2, bases - np.pi / 2]), 2 * np.pi))
    cuts = cuts[np.concatenate([[True], np.diff(cuts) > 1e-12])]
    arcs = []
    for k, start in enumerate(cuts):
        end = cuts[k + 1] if k + 1 < len(cuts) else cuts[0] + 2 * np.pi
        middle = (start + end) / 2
        d = np.array([np.cos(middle), np.sin(middle)])
        arcs.append((float(start), float(end), int(np.sum(_dot(A, d) <= 0))))
    return arcs


def wedges_of_count(A: np.ndarray, count: int) -> int:
    """How many wedges of θ (runs of neighbouring arcs of :func:`mistake_arcs`, round the
    circle) get exactly ``count`` points wrong: one for each of :func:`wedge_widths`."""
    return len(wedge_widths(A, count))


def wedge_widths(A: np.ndarray, count: int) -> list[float]:
    """The widths (degrees) of the wedges of θ that get exactly ``count`` points wrong
    (:func:`wedge_runs`)."""
    return [float(np.degrees(end - start)) for start, end in wedge_runs(A, count)]


def wedge_runs(A: np.ndarray, count: int) -> list[tuple[float, float]]:
    """The wedges of θ that get exactly ``count`` points wrong, (start, end) angles
    (radians, end > start, end possibly past 2π): runs of neighbouring arcs of
    :func:`mistake_arcs` round the circle ((0, 2π) where every θ does; none where none
    does), in order from the first run that starts after an arc not held."""
    arcs = mistake_arcs(A)
    held = [c == count for _, _, c in arcs]
    if all(held):
        return [(0.0, 2 * np.pi)]
    if not any(held):
        return []
    # a run starts at an arc held whose neighbour before it (the last, before the first) is not
    first = next(k for k, h in enumerate(held) if h and not held[k - 1])
    runs, run = [], None
    for step in range(len(arcs)):
        k = (first + step) % len(arcs)
        if held[k]:
            width = arcs[k][1] - arcs[k][0]
            run = (arcs[k][0], arcs[k][0] + width) if run is None else (run[0], run[1] + width)
        elif run is not None:
            runs.append((float(run[0]), float(run[1])))
            run = None
    return runs + ([(float(run[0]), float(run[1]))] if run is not None else [])


#: a wedge of the fewest mistakes narrower than this (degrees) reads as its neighbour's
#: border at 480p: its width is said, and it is magnified (reviews 336-338, 343-344)
THIN_WEDGE_DEGREES = 3.0


#: the shades of grey weight space is shaded in by how many points each θ gets wrong
MISTAKE_SHADES = 4


def mistake_shade(count: int, low: int, high: int, shades: int = MISTAKE_SHADES) -> int:
    """The shade (0, the faintest, to ``shades`` − 1) of θ that get ``count`` points wrong:
    the fewest, ``low``, alone in the faintest (the θ the sentence's "at least low" is
    about, told apart from the next), the counts above it up to ``high`` cut into the
    other shades − 1 runs as even as whole numbers allow: 1 + ⌊(count − low − 1)·(shades
    − 1) / (high − low)⌋; with one shade, all in it."""
    if shades == 1 or count == low:
        return 0
    return 1 + (count - low - 1) * (shades - 1) // (high - low)


def shade_ranges(low: int, high: int, shades: int = MISTAKE_SHADES,
                 shade=mistake_shade) -> list[tuple[int, int] | None]:
    """For each shade of ``shade`` (:func:`mistake_shade` by default), the fewest and the
    most points wrong it stands for (None: no count has it, when there are fewer counts
    than shades): what its key writes beside each step."""
    ranges: list[tuple[int, int] | None] = [None] * shades
    for count in range(low, high + 1):
        k = shade(count, low, high, shades)
        ranges[k] = (count, count) if ranges[k] is None else (ranges[k][0], count)
    return ranges


#: the turns (degrees) from y⁽ⁱ⁾x⁽ⁱ⁾ tried for the θ marked inside point i's half-plane
PROBE_TURNS = tuple(range(0, 46, 5))
#: two least distances this close (relative to the data's size) are equal
PROBE_TIE = 1e-9


def probe_theta(a: np.ndarray, X: np.ndarray | None = None) -> np.ndarray:
    """The θ marked inside the half-plane aᵀθ ≥ 1 of a point (a = y⁽ⁱ⁾x⁽ⁱ⁾), with aᵀθ = 2:
    along a direction d turned from a by one of :data:`PROBE_TURNS` (either way),
    θ = 2d/(aᵀd). Its line in data space, dᵀx = 0, is the one of these farthest from its
    nearest point of ``X`` (a point on it would look on both sides); equal distances
    (within :data:`PROBE_TIE`) go to the least turn, then the counter-clockwise one.
    Without ``X``, θ = 2a/‖a‖²."""
    a = np.asarray(a, dtype=float)
    if X is None:
        return 2.0 * a / float(a @ a)
    X = np.asarray(X, dtype=float)
    base = float(np.arctan2(a[1], a[0]))
    best, best_distance = None, -np.inf
    tie = PROBE_TIE * (1.0 + float(np.abs(X).max()))
    for turn in PROBE_TURNS:
        for sign in ((1,) if turn == 0 else (1, -1)):
            angle = base + sign * np.radians(turn)
            d = np.array([np.cos(angle), np.sin(angle)])
            distance = float(np.min(np.abs(X[:, 0] * d[0] + X[:, 1] * d[1])))
            if distance > best_distance + tie:
                best, best_distance = d, distance
    return 2.0 * best / float(a @ best)


def box_width(box: Box) -> float:
    """The width of the square ``box`` (its x extent)."""
    return float(box.x_max - box.x_min)


def signed_points(data: Dataset) -> np.ndarray:
    """aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾, shape (n, 2): constraint i is aᵢᵀθ ≥ 1."""
    return np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)


def _dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise a·b of 2-vectors, written out (the same bits on every CPU)."""
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]


def _meet(a: np.ndarray, b: float, c: np.ndarray, d: float) -> np.ndarray | None:
    """The point p with aᵀp = b and cᵀp = d (Cramer's rule), None for parallel lines."""
    det = a[0] * c[1] - a[1] * c[0]
    if abs(det) <= 1e-12 * max(abs(a[0] * c[1]), abs(a[1] * c[0]), 1e-300):
        return None
    return np.array([(b * c[1] - a[1] * d) / det, (a[0] * d - b * c[0]) / det])


def feasible_polygon(A: np.ndarray, box: Box) -> tuple[np.ndarray, tuple[int, ...]] | None:
    """The part of ``box`` where aᵢᵀθ ≥ 1 for every row aᵢ of ``A``: (vertices in order,
    the line each edge lies on: i ≥ 0 for constraint i, −1 … −4 for the box's sides),
    or None when it is empty. Each vertex is recomputed as the meeting of its two edges'
    lines from the data, so no error accumulates over the n clips."""
    lines = [(np.array([1.0, 0.0]), box.x_min), (np.array([0.0, 1.0]), box.y_min),
             (np.array([-1.0, 0.0]), -box.x_max), (np.array([0.0, -1.0]), -box.y_max)]
    # the box's sides as constraints pᵀn ≥ c, labelled −1 … −4, edges in order
    polygon = np.array([[box.x_min, box.y_min], [box.x_max, box.y_min],
                        [box.x_max, box.y_max], [box.x_min, box.y_max]])
    labels = [-2, -3, -4, -1]  # the edge from vertex k to k + 1
    for i, a in enumerate(np.asarray(A, dtype=float)):
        values = _dot(polygon, a) - 1.0
        kept, kept_labels = [], []
        for k in range(len(polygon)):
            p, q = polygon[k], polygon[(k + 1) % len(polygon)]
            vp, vq = values[k], values[(k + 1) % len(polygon)]
            # a kept vertex carries the line of the edge that leaves it: the old edge's,
            # or line i where the polygon leaves the half-plane
            if vp >= 0:
                kept.append(p)
                kept_labels.append(labels[k])
                if vq < 0:
                    if vp > 0:
                        kept.append(p + (vp / (vp - vq)) * (q - p))
                        kept_labels.append(i)
                    else:
                        kept_labels[-1] = i
            elif vq > 0:  # entering: the edge goes on along the old line
                kept.append(p + (vp / (vp - vq)) * (q - p))
                kept_labels.append(labels[k])
        if len(kept) < 3:
            return None
        polygon, labels = _recomputed(np.array(kept), kept_labels, A, lines), kept_labels
    return polygon, tuple(labels)


def _line(label: int, A: np.ndarray, lines) -> tuple[np.ndarray, float]:
    return (np.asarray(A[label], dtype=float), 1.0) if label >= 0 else lines[-label - 1]


def _recomputed(polygon: np.ndarray, labels, A, lines) -> np.ndarray:
    """Each vertex as the meeting of the lines of the edges before and after it."""
    out = polygon.copy()
    for k in range(len(polygon)):
        before, after = labels[k - 1], labels[k]
        if before == after:
            continue
        (a, b), (c, d) = _line(before, A, lines), _line(after, A, lines)
        point = _meet(a, b, c, d)
        if point is not None:
            out[k] = point
    return out


def solve_least_l1(A: np.ndarray) -> float | None:
    """min ‖θ‖₁ subject to Aθ ≥ 1 by HiGHS (θ = u − v, u, v ≥ 0); None when infeasible."""
    from scipy.optimize import linprog

    A = np.asarray(A, dtype=float)
    d = A.shape[1]
    outcome = linprog(np.ones(2 * d), A_ub=-np.hstack([A, -A]), b_ub=-np.ones(len(A)),
                      bounds=[(0, None)] * (2 * d), method="highs")
    if outcome.status == 2:
        return None
    if outcome.status != 0:  # pragma: no cover - unbounded cannot happen (‖θ‖₁ ≥ 0)
        raise DataError(f"scene '{SCENE}': the linear programme failed ({outcome.message})")
    return float(outcome.fun)


#: two aᵢ are opposite when |aᵢ × aⱼ| is within this fraction of ‖aᵢ‖‖aⱼ‖ (and aᵢᵀaⱼ < 0)
OPPOSITE = 1e-12


def opposite_pair(A: np.ndarray, X: np.ndarray | None = None) -> tuple[int, int] | None:
    """Two points whose aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾ point opposite ways (no θ has both aᵀθ > 0), the
    simplest proof of infeasibility: first the least pair (i, j) at one place with both
    labels (x⁽ⁱ⁾ = x⁽ʲ⁾ exactly, when ``X`` is given), else the least pair whose aᵢ, aⱼ
    are opposite within :data:`OPPOSITE`; None when there is none."""
    A = np.asarray(A, dtype=float)
    if X is not None:
        # at one place aᵢ = y⁽ⁱ⁾x, so opposite labels are opposite aᵢ (no point is at 0)
        labels = np.sign(_dot(A, np.asarray(X, dtype=float)))
        pair = same_place_pair(X, labels)
        if pair is not None:
            return pair
    norms = np.hypot(A[:, 0], A[:, 1])
    for i in range(len(A) - 1):
        rest = A[i + 1:]
        cross = np.abs(A[i, 0] * rest[:, 1] - A[i, 1] * rest[:, 0])
        found = np.flatnonzero((cross <= OPPOSITE * norms[i] * norms[i + 1:])
                               & (_dot(rest, A[i]) < 0))
        if len(found):
            return i, int(found[0]) + i + 1
    return None


def gordan_certificate(A: np.ndarray, X: np.ndarray | None = None) -> dict[int, float]:
    """{i: λᵢ} with λᵢ > 0 on at most three points, Σλᵢ = 1 and Σλᵢaᵢ = 0: the proof
    that no θ has aᵢᵀθ > 0 for all i ({} when some θ has). Two opposite points when there
    are (:func:`opposite_pair`: λᵢ = ‖aⱼ‖/(‖aᵢ‖ + ‖aⱼ‖)); else the solver's vertex of the
    least Σ(i + 1)λᵢ chooses the points; their weights are recomputed from them."""
    from scipy.optimize import linprog

    A = np.asarray(A, dtype=float)
    pair = opposite_pair(A, X)
    if pair is not None:
        i, j = pair
        ni, nj = float(np.hypot(*A[i])), float(np.hypot(*A[j]))
        return {i: nj / (ni + nj), j: ni / (ni + nj)}
    n = len(A)
    equalities = np.vstack([A.T, np.ones((1, n))])
    outcome = linprog(np.arange(1, n + 1, dtype=float), A_eq=equalities,
                      b_eq=np.array([0.0, 0.0, 1.0]), bounds=[(0, None)] * n,
                      method="highs-ds")
    if outcome.status != 0:
        return {}
    support = [int(i) for i in np.flatnonzero(outcome.x > 1e-9)]
    weights = convex_zero(A[support])
    if weights is None:  # pragma: no cover - the vertex is a valid certificate
        weights = outcome.x[support] / float(np.sum(outcome.x[support]))
    return {i: float(w) for i, w in zip(support, weights)}


def convex_zero(points: np.ndarray) -> np.ndarray | None:
    """Weights w ≥ 0, Σw = 1 with Σwᵢpᵢ = 0 for 1–3 points (exact small solves)."""
    k = len(points)
    if k == 1:
        return np.ones(1) if not np.any(points[0]) else None
    if k == 2:
        p, q = points
        # w p + (1 − w) q = 0 along the longer of the two
        span = p - q
        axis = int(np.argmax(np.abs(span)))
        w = -q[axis] / span[axis]
        return np.array([w, 1.0 - w]) if 0 <= w <= 1 else None
    if k == 3:
        system = np.vstack([points.T, np.ones((1, 3))])
        try:
            w = np.linalg.solve(system, np.array([0.0, 0.0, 1.0]))
        except np.linalg.LinAlgError:
            return None
        return w if np.all(w >= -1e-12) else None
    return None


#: two θ of the region this near (a share of ‖θ*‖) are one (two solvers' answers)
SAME_THETA = 1e-6
#: the region sweeping out the cone in the walk's view ends where its nearest θ lies this
#: share of the view's reach (its farthest corner's distance from 0) from 0
SWEEP_NEAREST = 0.04
#: and starts (if the region is farther) where its nearest θ lies this share of the way from
#: 0 to the view's edge along it: in view from the word "region" on
SWEEP_FIRST = 0.6
#: the scaling starts from this share of its θ, or less (:attr:`LinearProgramLesson.scaling_start`):
#: its dashed lines θᵀx = ±1 start at least this share of the data's view from its line
SCALING_FROM, SCALING_BAND_SHARE = 0.3, 0.12
#: the scaling's example separator points this share of the cone of separators in from
#: the cone's edge farther from θ*: a separator, but not the programme's answer, which
#: comes later (review 252: drawing θ*'s line first gave the answer away)
SCALING_SHARE = 0.25


#: a point not tight at θ* lies this share of the data view's shorter side or less past
#: its class's dashed line θ*ᵀx = ±1: at 480p it looks on it (a marker's half width)
LOOKS_ON_DASHED = 0.03

#: the most tight places magnified (one inside the data plane, one beside it: two
#: constraints meet at a vertex of the region in the plane of θ, so θ* usually has two)
TIGHT_INSETS = 2


@dataclass(frozen=True, eq=False)
class LinearProgramLesson:
    """What the linear-program scene says and shows (see the module's docstring).

    Attributes
    ----------
    data : the data set, 2-D, labels ±1.
    signed : aᵢ = y⁽ⁱ⁾x⁽ⁱ⁾, shape (n, 2).
    feasible : some θ has aᵢᵀθ ≥ 1 for every i (the LP is feasible).
    least_l1 : the programme's value min ‖θ‖₁ (None when infeasible).
    theta_star : the θ shown as the programme's solution (None when infeasible).
    tight : the points whose constraint holds with equality at θ*, in index order.
    shown_point : the point whose constraint is drawn alone first (the first tight one, or
        on infeasible data :func:`unmixed_point` of the certificate's).
    run : the perceptron through the origin, converged (feasible data only).
    certificate : {i: λᵢ} (infeasible data only).
    separable_with_offset : a line with an offset separates the data (infeasible here).
    offset_line : (θ, θ₀) of the widest line with an offset that separates the data, when
        only an offset separates it (None otherwise).
    overlap : ({i: λᵢ} on points labelled +1, {j: μⱼ} on points labelled −1), convex
        weights whose means are one point (:func:`linviz.theory.overlap_certificate`), when
        no line separates the data even with an offset (({}, {}) otherwise).
    weight_box : the part of weight space drawn: 0, θ*, the diamond through it, the
        region round θ* (:func:`region_near`), the perceptron's walk (or, on
        infeasible data, the lines' nearest points to 0 and their mirror images: 0 in the
        middle).
    constraint_box : the part drawn while one point's constraint is shown: 0, the foot of
        its line and the θ marked inside it, when the weight box is over
        :data:`WALK_ZOOM`-fold wider (the line would seem to pass through 0), else the
        weight box itself, widened to hold that θ when it lies outside.
    walk_box : the part drawn while the perceptron walks: the box of its steps when the
        weight box is over :data:`WALK_ZOOM`-fold wider (its steps would be specks; θ*
        may then lie outside), else the weight box itself.
    ray_box : the part drawn when the ray through the perceptron's last θ is shown: the
        weight box widened to hold θ_M / min y·score, where the ray enters the region
        (the weight box itself when it holds it).
    inseparable : no line separates the data, even with an offset (its classes' hulls
        overlap: :attr:`overlap`).
    """

    data: Dataset
    signed: np.ndarray
    feasible: bool
    least_l1: float | None
    theta_star: np.ndarray | None
    tight: tuple[int, ...]
    shown_point: int
    run: Trace | None
    certificate: dict[int, float]
    separable_with_offset: bool
    offset_line: tuple[np.ndarray, float] | None
    overlap: tuple[dict[int, float], dict[int, float]]
    weight_box: Box
    constraint_box: Box
    walk_box: Box
    ray_box: Box
    inseparable: bool = False

    def wrong_points(self, theta, theta0: float = 0.0) -> list[int]:
        """The points (0-based) the line (θ, θ₀) gets wrong, y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0 (the
        notes' rule: on the line is a mistake): each marked while its count is said."""
        scores = self.data.y * (_dot(np.asarray(self.data.X, dtype=float), theta) + theta0)
        return [int(i) for i in np.flatnonzero(scores <= 0)]

    @property
    def n(self) -> int:
        return len(self.signed)

    @property
    def probe(self) -> np.ndarray:
        """The θ marked inside the shown point's half-plane (:func:`probe_theta`), its line
        drawn in data space."""
        return probe_theta(self.signed[self.shown_point], self.data.X)

    @property
    def sweep(self) -> Sweep:
        """The opening's trial line turned round to :attr:`scaling_theta`'s line, its count
        of mistakes at every angle (:func:`~linviz.lessons.linear_program_sweep.sweep_to`)."""
        return sweep_to(self.data.X, self.data.y, self.scaling_theta)

    @property
    def mistake_range(self) -> tuple[int, int]:
        """The fewest and the most points a θ gets wrong, over every direction
        (:func:`mistake_arcs`)."""
        counts = [count for _, _, count in mistake_arcs(self.signed)]
        return min(counts), max(counts)

    @property
    def overlap_point(self) -> np.ndarray | None:
        """p = Σλᵢx⁽ⁱ⁾ (= Σμⱼx⁽ʲ⁾): in both classes' convex hulls, so for any line the
        score of p is a mean of + scores and of − scores, and no line puts every + point
        on its positive side and every − point on its other; None without an overlap."""
        positive, _ = self.overlap
        if not positive:
            return None
        return sum(w * self.data.X[i] for i, w in positive.items())

    @property
    def full_view(self) -> Box:
        """The data plane's view of every point (and 0): the view the scene opens on, with
        :data:`DATA_VIEW_PADDING` round the points."""
        return fitted_box(np.asarray(self.data.X, dtype=float), include_origin=True,
                          padding=DATA_VIEW_PADDING)

    @property
    def overlap_closeup(self) -> tuple[Box, int] | None:
        """The overlap's points (both hulls' corners) in a close-up beside the data plane
        (:func:`linviz.view_box.closeup_box`): (its box, its zoom), or None without an
        overlap or when they read as they are."""
        positive, negative = self.overlap
        if not positive:
            return None
        corners = self.data.X[sorted({*positive, *negative})]
        return closeup_box(self.full_view, corners)

    @property
    def thetas(self) -> np.ndarray:
        """θ after 0, 1, …, M updates of the perceptron (shape (M + 1, 2))."""
        return np.asarray(self.run.states["theta"], dtype=float)

    def wrong_after(self, k: int) -> int:
        """How many points θ after k updates gets wrong (y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0, the notes' rule):
        an update fixes its own point's score, not the others'."""
        return int(np.sum(_dot(self.signed, self.thetas[k]) <= 0))

    @property
    def updated_points(self) -> list[int]:
        """The point of each update, in order (the visits whose step changed the state)."""
        return run_updates(self.run)

    @property
    def tied_points(self) -> list[int]:
        """The points at places that points of both labels share (0-based, in order;
        :func:`mixed_places`)."""
        return [int(i) for i in np.flatnonzero(mixed_places(self.data.X, self.data.y))]

    @property
    def same_place_certificate(self) -> bool:
        """The certificate is two points at one place with both labels."""
        points = sorted(self.certificate)
        return len(points) == 2 and bool(np.all(self.data.X[points[0]] ==
                                                self.data.X[points[1]]))

    def at_place(self, i: int) -> np.ndarray:
        """The points (indices, in order) at point i's place, i among them: equal
        coordinates, exactly."""
        X = np.asarray(self.data.X)
        return np.flatnonzero(np.all(X == X[i], axis=1))

    @property
    def least_point(self) -> int:
        """The point of the least y·score under the perceptron's last θ (0-based), ties to
        the first (:func:`linviz.ties.least_index`)."""
        return least_index(_dot(self.signed, self.thetas[-1]))

    @property
    def least_inset(self) -> tuple[Box, int] | None:
        """The least y·score's point magnified next to the perceptron's last line in data
        space (:func:`linviz.view_box.magnified_box` round the foot of its perpendicular,
        its distance a side), or None when it reads as it is."""
        theta = self.thetas[-1]
        x = np.asarray(self.data.X[self.least_point], dtype=float)
        distance = abs(float(x @ theta)) / float(np.hypot(*theta))
        view = self.full_view
        return magnified_box(view, project_onto_line(x, theta, 0.0), distance)

    def nearest_to_line(self, theta) -> tuple[int, float]:
        """(point, signed distance y⁽ʲ⁾θᵀx⁽ʲ⁾/‖θ‖) of the point nearest the line θᵀx = 0:
        the least |distance|, the first of any within :data:`TIE` of it; positive on its
        correct side."""
        theta = np.asarray(theta, dtype=float)
        distances = _dot(self.signed, theta) / float(np.hypot(*theta))
        size = np.abs(distances)
        low = float(size.min())
        j = int(np.flatnonzero(size <= low + TIE * max(1.0, low))[0])
        return j, float(distances[j])

    def line_inset(self, theta) -> tuple[int, Box, int] | None:
        """(point, box, zoom): the point nearest the line θᵀx = 0 (:meth:`nearest_to_line`)
        magnified round its foot on the line when it would look on it
        (:func:`linviz.view_box.magnified_box`, its distance a side) at least
        :data:`STEP_INSET_ZOOM` times; None when it reads as it is, or lies exactly on the
        line (then it is on it), or θ = 0 (no line)."""
        if not np.any(theta):
            return None
        j, distance = self.nearest_to_line(theta)
        return None if distance == 0 else self.point_inset(theta, j)

    def point_inset(self, theta, j: int) -> tuple[int, Box, int] | None:
        """(j, box, zoom): point j magnified round its foot on the line θᵀx = 0, as
        :meth:`line_inset` its nearest; None when it reads as it is (magnified less than
        :data:`STEP_INSET_ZOOM` times)."""
        theta = np.asarray(theta, dtype=float)
        x = np.asarray(self.data.X[j], dtype=float)
        distance = float(self.signed[j] @ theta) / float(np.hypot(*theta))
        view = self.full_view
        found = magnified_box(view, project_onto_line(x, theta, 0.0), abs(distance))
        return None if found is None or found[1] < STEP_INSET_ZOOM else (j, *found)

    def looking_on_line(self, theta) -> list[int]:
        """The points (0-based, in order) that would look on the line θᵀx = 0: those an
        inset would magnify at least :data:`STEP_INSET_ZOOM` times to show (as
        :meth:`line_inset` its nearest), off the line; [] for θ = 0."""
        theta = np.asarray(theta, dtype=float)
        if not np.any(theta):
            return []
        view = self.full_view
        distances = np.abs(_dot(self.signed, theta)) / float(np.hypot(*theta))
        return [int(i) for i in np.flatnonzero(distances > 0) if magnified_box(
            view, (0.0, 0.0), float(distances[i])) is not None and magnified_box(
            view, (0.0, 0.0), float(distances[i]))[1] >= STEP_INSET_ZOOM]

    def band_insets(self, theta, points, theta0: float = 0.0,
                    view: Box | None = None) -> list[tuple[int, Box, int]]:
        """[(point, box, zoom)]: the line θᵀx + θ₀ = 0 and its lines θᵀx + θ₀ = ±1
        magnified round each of ``points``' feet on the line (the first point of each
        place, in the order given; :func:`linviz.view_box.magnified_box` in a plane showing
        ``view``, every point's by default, the lines' distance 1/‖θ‖ a side); [] when they
        read apart as they are."""
        theta = np.asarray(theta, dtype=float)
        X = np.asarray(self.data.X, dtype=float)
        view = view or self.full_view
        found, places = [], []
        for i in points:
            if any(np.array_equal(X[i], X[j]) for j in places):
                continue
            places.append(i)
            inset = magnified_box(view, project_onto_line(X[i], theta, theta0),
                                  1.0 / float(np.hypot(*theta)))
            if inset is None:
                return []
            found.append((int(i), *inset))
        return found

    @property
    def near_dashed(self) -> list[int]:
        """The points (0-based, in order) not tight at θ* that lie within
        :data:`LOOKS_ON_DASHED` of the view's shorter side past their class's dashed line
        θ*ᵀx = ±1 (at (y⁽ⁱ⁾θ*ᵀx⁽ⁱ⁾ − 1)/‖θ*‖ from it): they look on it; [] without θ*."""
        if self.theta_star is None:
            return []
        star = np.asarray(self.theta_star, dtype=float)
        view = self.full_view
        reach = LOOKS_ON_DASHED * min(view.x_max - view.x_min, view.y_max - view.y_min)
        past = (_dot(self.signed, star) - 1.0) / float(np.hypot(*star))
        return [int(i) for i in np.flatnonzero((past > TIGHT) & (past <= reach))
                if int(i) not in self.tight]

    @property
    def tight_insets(self) -> list[tuple[int, Box, int]]:
        """θ*'s boundary and its dashed lines θ*ᵀx = ±1 magnified round each tight place,
        the first :data:`TIGHT_INSETS` (:meth:`band_insets`); [] when they read apart as
        they are (or no θ*)."""
        if self.theta_star is None or not self.tight:
            return []
        return self.band_insets(self.theta_star, self.tight)[:TIGHT_INSETS]

    @property
    def kept_theta(self) -> np.ndarray | None:
        """On data no line through the origin separates: the programme's θ (least ‖θ‖₁,
        :func:`solve_least_l1`, ties as θ*'s) on the points :attr:`scaling_theta` gets right,
        the others left out; every θ in that cone gets exactly the left-out points wrong
        (no θ gets fewer wrong). None on separable data."""
        if self.feasible:
            return None
        kept = np.flatnonzero(_dot(self.signed, self.scaling_theta) > 0)
        A = np.asarray(self.signed, dtype=float)[kept]
        return _least_point(A, solve_least_l1(A))

    @property
    def kept_arcs(self) -> list[tuple[float, float]]:
        """On data no line through the origin separates: the arcs of directions (start,
        end, radians, :func:`mistake_arcs`) of the θ that get none of the kept points (those
        :attr:`scaling_theta` gets right) wrong: the cone the programme without the others
        finds feasible; [] on separable data."""
        if self.feasible:
            return []
        kept = np.flatnonzero(_dot(self.signed, self.scaling_theta) > 0)
        return [(start, end) for start, end, count in
                mistake_arcs(np.asarray(self.signed, dtype=float)[kept]) if count == 0]

    @property
    def kept_tight(self) -> list[int]:
        """The kept points (those :attr:`scaling_theta` gets right) at :attr:`kept_theta`'s
        least y·score, 1 (within the solver's tolerance, 1e-6), 0-based; [] on separable
        data."""
        if self.feasible:
            return []
        scores = _dot(self.signed, self.kept_theta)
        return [int(i) for i in np.flatnonzero((scores > 0) & (scores <= 1.0 + 1e-6))]

    @property
    def scaling_theta(self) -> np.ndarray:
        """The separator the scaling is drawn on (data a line through 0 separates), divided
        by its least y·score, which is then exactly 1: its direction
        :data:`SCALING_SHARE` of the cone of separators' arc (the arc of
        :func:`mistake_arcs` with no mistake) in from the arc's end farther from θ*'s
        direction (the end's of equals, within :data:`TIE`), so it is one of many, not
        the programme's θ*. On data no line through the origin separates, the middle of
        the first arc (from angle 0) of directions with the fewest mistakes, divided by the
        least of its y·scores above 0, which is then exactly 1 (scaling lifts every y·score
        above 0 to ≥ 1, as it would a separator's)."""
        if not self.feasible or self.theta_star is None:
            low = self.mistake_range[0]
            start, end = next((s, e) for s, e, count in mistake_arcs(self.signed)
                              if count == low)
            theta = np.array([np.cos((start + end) / 2), np.sin((start + end) / 2)])
            scores = _dot(self.signed, theta)
            return theta / float(np.min(scores[scores > 0]))
        start, end = next((s, e) for s, e, count in mistake_arcs(self.signed) if count == 0)
        star = np.asarray(self.theta_star, dtype=float)
        at = start + np.mod(np.arctan2(star[1], star[0]) - start, 2 * np.pi)
        share = SCALING_SHARE * (end - start)
        # in from the farther end: the start's when θ* is nearer the end
        angle = start + share if at - start > end - at + TIE else end - share
        theta = np.array([np.cos(angle), np.sin(angle)])
        return theta / float(np.min(_dot(self.signed, theta)))

    @property
    def scaling_start(self) -> float:
        """The share of :attr:`scaling_theta` its scaling starts from (its least y·score
        above 0 then): :data:`SCALING_FROM`, or less where the dashed lines θᵀx = ±1
        would start closer to the line than :data:`SCALING_BAND_SHARE` of the data's view
        (they are 1/(s‖θ‖) from it at share s: too close, they would seem not to move),
        to 2 decimals (it is written), at least 0.01."""
        theta = self.scaling_theta
        view = self.full_view
        reach = SCALING_BAND_SHARE * min(view.x_max - view.x_min, view.y_max - view.y_min)
        start = min(SCALING_FROM, 1.0 / (float(np.hypot(*theta)) * reach))
        return max(0.01, float(np.floor(start * 100.0 + 1e-9)) / 100.0)

    @property
    def scaling_inset(self) -> tuple[int, Box, int] | None:
        """The scaling's separator's line and dashed lines θᵀx = ±1 (:attr:`scaling_theta`,
        scaled in data space as the inequalities become ≥ 1) magnified round its nearest
        point, the first whose y·score is 1 (within :data:`TIE`; :meth:`band_insets`);
        None when they read apart as they are (or no θ)."""
        theta = self.scaling_theta
        if theta is None:
            return None
        scores = _dot(self.signed, theta)
        found = self.band_insets(theta, np.flatnonzero((scores > 0)
                                                       & (scores <= 1.0 + TIE))[:1])
        return found[0] if found else None

    @property
    def shown_arrow_factor(self) -> int:
        """The :meth:`arrow_factor` of the shown point's y⁽ⁱ⁾x⁽ⁱ⁾ (written on its arrow,
        "k y⁽ⁱ⁾x⁽ⁱ⁾")."""
        return self.arrow_factor(self.shown_point)

    def arrow_factor(self, i: int) -> int:
        """The whole k ≥ 1 point ``i``'s y⁽ⁱ⁾x⁽ⁱ⁾ is drawn k times longer by in data space,
        so its arrow spans at least :data:`ARROW_SHARE` of the data plane's width (the view
        fitted to the points and 0): a short arrow would be a speck among the markers."""
        view = self.full_view
        return arrow_times(float(np.hypot(*self.signed[i])), box_width(view))

    @property
    def ray_edge_angle(self) -> float:
        """The angle (degrees, 0 to 90) at which the ray from 0 through the perceptron's
        last θ crosses the line of the least y·score's point, where it enters the region:
        asin(|aᵢᵀθ| / (‖aᵢ‖‖θ‖))."""
        theta, a = self.thetas[-1], self.signed[self.least_point]
        ratio = abs(float(a @ theta)) / (float(np.hypot(*a)) * float(np.hypot(*theta)))
        return float(np.degrees(np.arcsin(min(ratio, 1.0))))

    @property
    def least_score(self) -> float:
        """minᵢ aᵢᵀθ_M of the perceptron's last θ (> 0: it separates)."""
        return float(np.min(_dot(self.signed, self.thetas[-1])))

    @property
    def scaled_theta(self) -> np.ndarray:
        """θ_M / minᵢ aᵢᵀθ_M: the perceptron's θ scaled to meet every constraint, the
        least with equality."""
        return self.thetas[-1] / self.least_score

    @property
    def widest_theta(self) -> np.ndarray | None:
        """The separator through the origin of the widest margin
        (:func:`linviz.theory.max_margin_separator`) divided by its least y·score, which is
        then exactly 1: the θ of the feasible region nearest 0 (in ‖θ‖₂), its lines
        θᵀx = ±1 as far apart as any separator's; None when no θ is feasible."""
        if not self.feasible:
            return None
        theta = np.asarray(max_margin_separator(self.data.X, self.data.y, offset=False).theta,
                           dtype=float)
        return theta / float(np.min(_dot(self.signed, theta)))

    @property
    def widest_is_star(self) -> bool:
        """Whether the widest separator (:attr:`widest_theta`, the least ‖θ‖₂ on the
        region) is θ* (the least |θ₁| + |θ₂|) too: within :data:`SAME_THETA` of ‖θ*‖."""
        if self.widest_theta is None or self.theta_star is None:
            return False
        star = np.asarray(self.theta_star, dtype=float)
        return bool(np.hypot(*(np.asarray(self.widest_theta) - star))
                    <= SAME_THETA * np.hypot(*star))

    @property
    def edge_lines(self) -> list[int]:
        """The constraints whose lines carry an edge of the region in the weight box, in
        index order."""
        found = self.region()
        return [] if found is None else sorted({label for label in found[1] if label >= 0})

    def region(self, box: Box | None = None):
        """The feasible region inside ``box`` (the weight box): (vertices, edge lines)."""
        return feasible_polygon(self.signed, box or self.weight_box)

    def region_scaled(self, scale: float, box: Box | None = None):
        """The feasible region scaled by ``scale`` > 0 inside ``box`` (the weight box), as
        :meth:`region`: s·θ for every θ with aᵢᵀθ ≥ 1, that is {θ : aᵢᵀθ ≥ s}, the rows
        aᵢ/s at 1. Over every s > 0 these sweep out the cone of separators (aᵢᵀθ > 0)."""
        return feasible_polygon(self.signed / float(scale), box or self.weight_box)

    def cone_sweep_scales(self, box: Box) -> tuple[float, float]:
        """(first, last) scale of the region sweeping out the cone in the view ``box``
        (:meth:`region_scaled`), 0 inside it: first the region itself, or scaled down so far
        that its nearest θ (:attr:`widest_theta`, at ‖θ‖₂ = d) lies :data:`SWEEP_FIRST` of
        the way from 0 to the view's edge along it (e from 0): min(1, SWEEP_FIRST·e / d);
        last, with it :data:`SWEEP_NEAREST` of the view's reach r (its farthest corner's
        distance from 0) from 0."""
        widest = np.asarray(self.widest_theta, dtype=float)
        nearest = float(np.hypot(*widest))
        unit = widest / nearest
        edge = min(limit / part for part, limits in zip(unit, ((box.x_min, box.x_max),
                                                               (box.y_min, box.y_max)))
                   if part != 0 for limit in limits if limit / part > 0)
        reach = float(np.max(np.hypot(*box.corners.T)))
        return min(1.0, SWEEP_FIRST * edge / nearest), SWEEP_NEAREST * reach / nearest

    @property
    def region_samples(self) -> np.ndarray:
        """A loop of θ inside the feasible region in the weight box, shape (k + 1, 2), back
        to its first: :data:`SAMPLE_SHARE` of the way from the mean of the region's
        vertices there to each vertex, in the polygon's order (the region is convex: each
        lies inside it, every aᵢᵀθ ≥ 1). Empty without a region."""
        found = self.region()
        if found is None:
            return np.zeros((0, 2))
        vertices = np.asarray(found[0], dtype=float)
        centre = vertices.mean(axis=0)
        loop = centre + SAMPLE_SHARE * (vertices - centre)
        return np.vstack([loop, loop[:1]])


def _least_point(A: np.ndarray, value: float) -> np.ndarray:
    """The θ of the region with ‖θ‖₁ = ``value`` (within TIE) and the least θ₁, then θ₂:
    among the region's vertices and the crossings of its edges with the axes (where the
    least of ‖θ‖₁ over a convex polygon lies)."""
    half = 2.0 * value + 1.0
    box = Box(-half, half, -half, half)
    polygon, labels = feasible_polygon(A, box)
    candidates = [p for p in polygon]
    for k in range(len(polygon)):
        p, q = polygon[k], polygon[(k + 1) % len(polygon)]
        for axis in (0, 1):
            if np.sign(p[axis]) * np.sign(q[axis]) < 0:
                t = p[axis] / (p[axis] - q[axis])
                point = p + t * (q - p)
                point[axis] = 0.0
                # on the edge's own line: the other coordinate from it
                a, b = _line(labels[k], A, None) if labels[k] >= 0 else (None, None)
                if a is not None and a[1 - axis] != 0:
                    point[1 - axis] = b / a[1 - axis]
                candidates.append(point)
    candidates = np.array(candidates)
    norms = np.abs(candidates[:, 0]) + np.abs(candidates[:, 1])
    low = float(norms.min())
    near = candidates[norms <= low + TIE * max(1.0, low)]
    first = near[near[:, 0] <= near[:, 0].min() + TIE * max(1.0, abs(near[:, 0].min()))]
    return first[np.argmin(first[:, 1])]


#: the loop of θ drawn inside the region goes this share of the way from its middle to
#: each of its corners in the weight box
SAMPLE_SHARE = 0.6

#: the weight box holds the region within this many times ‖θ*‖₁ of θ* (along each axis)
REGION_REACH = 1.0


def region_near(A: np.ndarray, theta_star: np.ndarray, least_l1: float) -> np.ndarray:
    """The corners of the feasible region's part within :data:`REGION_REACH` × ‖θ*‖₁ of θ*
    along each axis (:func:`feasible_polygon` in that square), shape (k, 2): what the
    weight box holds of the region beside θ* (none for a region with no inside)."""
    half = REGION_REACH * least_l1
    square = Box(theta_star[0] - half, theta_star[0] + half,
                 theta_star[1] - half, theta_star[1] + half)
    found = feasible_polygon(A, square)
    return np.zeros((0, 2)) if found is None else found[0]


#: a corner of the region (two constraints' lines meeting) stands at least this share of
#: the weight box's width inside it: at its edge, the edge beyond it was a sliver and two
#: lines said to be nearly parallel were not seen to meet (review 257, iris)
CORNER_ROOM = 0.15


def corners_held(A: np.ndarray, box: Box) -> Box:
    """``box`` widened (refitted once, square, round 0) so that every corner of the
    feasible region aᵢᵀθ ≥ 1 inside it, where two constraints' lines meet (not the box's
    sides), lies at least :data:`CORNER_ROOM` × ``box``'s width from each side; ``box``
    itself when each does."""
    found = feasible_polygon(A, box)
    if found is None:
        return box
    vertices, labels = found
    room = CORNER_ROOM * box_width(box)
    # vertex k carries the line of the edge leaving it; the edge arriving is k − 1's
    corners = [vertices[k] for k in range(len(vertices))
               if labels[k] >= 0 and labels[k - 1] >= 0]
    close = [c for c in corners
             if min(c[0] - box.x_min, box.x_max - c[0], c[1] - box.y_min, box.y_max - c[1])
             < room]
    if not close:
        return box
    held = [np.array([box.x_min, box.y_min]), np.array([box.x_max, box.y_max])]
    for c in close:
        held += [c - room, c + room]
    return fitted_box(np.array(held), include_origin=True, padding=0.0)


#: how many passes of the perceptron are drawn as the notes' remark on testing is said,
#: where it never settles (where it does, its passes to the last)
WATCHED_PASSES = 8


def watched_run(lesson: LinearProgramLesson) -> Trace:
    """The perceptron run through the origin watched as the notes' remark is said: the
    lesson's own run where it settles (its last pass makes no update); where no line
    through 0 separates, its first :data:`WATCHED_PASSES` passes (each makes some: no θ is
    right on every point). The run with an offset is not shown (review 286: its run, map
    and search were ideas too many)."""
    if lesson.feasible:
        return lesson.run
    return Perceptron(epochs=WATCHED_PASSES, offset=False).fit(lesson.data).trace_


def watched_passes(lesson: LinearProgramLesson) -> list[int]:
    """The updates in each pass of :func:`watched_run`, drawn as bars as they are said."""
    return [int(m) for m in mistakes_per_epoch(watched_run(lesson))]


def run_updates(run: Trace) -> list[int]:
    """The point of each update of ``run``, in order (the visits whose step changed the
    state: the notes' rule's mistakes)."""
    steps = run.steps
    return [int(i) for i, mistake in zip(steps["i"], steps["mistake"]) if mistake]


def mixed_places(X, y) -> np.ndarray:
    """Which points (a boolean mask) stand at a place that points of both labels share:
    tied measurements, as rounded data has (x⁽ⁱ⁾ = x⁽ʲ⁾ exactly, y⁽ⁱ⁾ ≠ y⁽ʲ⁾)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if not len(X):
        return np.zeros(0, dtype=bool)
    place = np.unique(X, axis=0, return_inverse=True)[1].reshape(-1)
    plus = np.bincount(place, weights=(y > 0).astype(float)) > 0
    minus = np.bincount(place, weights=(y < 0).astype(float)) > 0
    return (plus & minus)[place]


def untied(data: Dataset) -> np.ndarray | None:
    """The points (0-based) at places of one label only, when some are tied and some are
    not (:func:`mixed_places`); None otherwise."""
    kept = np.flatnonzero(~mixed_places(data.X, data.y))
    return kept if 0 < len(kept) < len(data.y) else None


def certificate_beyond_ties(data: Dataset) -> dict[int, float]:
    """Gordan's weights (:func:`gordan_certificate`), without the tied points when it can:
    when the points at places of one label only (:func:`untied`) are still not separable
    through the origin, the certificate is found among them (a proof that holds beyond the
    rounding, review 271), indices of the whole data; else the data's own (two points at
    one place first)."""
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    A, kept = y[:, None] * X, untied(data)
    if kept is not None and solve_least_l1(A[kept]) is None:
        return {int(kept[i]): w for i, w in gordan_certificate(A[kept]).items()}
    return gordan_certificate(A, X)


def overlap_beyond_ties(data: Dataset) -> tuple[dict[int, float], dict[int, float]]:
    """The overlap's weights (:func:`linviz.theory.overlap_certificate`), without the tied
    points when it can: as :func:`certificate_beyond_ties`, with an offset."""
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    kept = untied(data)
    if kept is not None and len(np.unique(y[kept])) == 2 \
            and not is_separable(X[kept], y[kept], offset=True):
        return tuple({int(kept[i]): w for i, w in weights.items()}
                     for weights in overlap_certificate(X[kept], y[kept]))
    return overlap_certificate(X, y)


def unmixed_point(data: Dataset, preferred) -> int:
    """The point whose constraint is shown alone on data no line through the origin
    separates: the first of ``preferred`` (the certificate's points) at a place holding
    one class only, else the first such point of the data, else ``preferred``'s first (a
    point drawn under another class's marker would be read as that class)."""
    mixed = mixed_places(data.X, data.y)
    for i in [*preferred, *range(len(mixed))]:
        if not mixed[int(i)]:
            return int(i)
    return int(preferred[0])


def check_linear_program_data(data: Dataset, spec: str | None = None,
                              scene: str = SCENE) -> None:
    """2-D data labelled ±1 with no point at the origin (its constraint 0 ≥ 1 would say
    nothing of the picture); DataError in one line otherwise, naming ``scene``."""
    name = spec or data.name
    require_classes_in_the_plane(data, f"scene {scene!r}", name)
    at_origin = np.flatnonzero(~np.any(np.asarray(data.X, dtype=float), axis=1))
    if len(at_origin):
        raise DataError(f"scene {scene!r}: point {int(at_origin[0]) + 1} of {name!r} is at the "
                        f"origin, where no line through it puts it on a side: leave it out "
                        f"or use data away from (0, 0)")


def check_no_separator_data(data: Dataset, spec: str | None = None) -> None:
    """As :func:`check_linear_program_data`, and no line through the origin may separate
    the data (the programme every yᵢθᵀxᵢ ≥ 1 is infeasible, by the lesson's own solver):
    the scene `no-separator` explains why none does; DataError in one line otherwise."""
    name = spec or data.name
    check_linear_program_data(data, spec, scene="no-separator")
    if solve_least_l1(signed_points(data)) is not None:
        raise DataError(f"scene 'no-separator' shows why no line through the origin "
                        f"separates the data, but one separates {name!r}: use the "
                        f"linear-program scene on it, or data none separates (--data noisy)")


def linear_program_lesson(data: Dataset, seed: int = 0) -> LinearProgramLesson:
    """The lesson on ``data`` (see the module's docstring); refused in one line when the
    scene cannot draw it (:func:`check_linear_program_data`)."""
    from .proof import converged_run

    check_linear_program_data(data)
    A = signed_points(data)
    value = solve_least_l1(A)
    feasible = value is not None
    theta_star, tight, run, certificate = None, (), None, {}
    if feasible:
        theta_star = _least_point(A, value)
        slack = _dot(A, theta_star) - 1.0
        scale = np.hypot(A[:, 0], A[:, 1]) * float(np.hypot(*theta_star))
        tight = tuple(int(i) for i in np.flatnonzero(slack <= TIGHT * np.maximum(1.0, scale)))
        run = converged_run(data, offset=False, what="the perceptron through the origin")
        shown = tight[0]
        points = [np.zeros(2), theta_star, *np.asarray(run.states["theta"], dtype=float)]
        least = float(np.min(_dot(A, points[-1])))
        # the diamond |θ₁| + |θ₂| = value that touches the region at θ* is drawn whole,
        # and the region round θ*, not only its corner there
        diamond = [(value, 0.0), (-value, 0.0), (0.0, value), (0.0, -value)]
        box = corners_held(A, fitted_box(np.array([*points, *diamond,
                                                   *region_near(A, theta_star, value)]),
                                         include_origin=True))
        entry = points[-1] / least
        inside = box.x_min < entry[0] < box.x_max and box.y_min < entry[1] < box.y_max
        ray_box = box if inside else fitted_box(np.array([*points, *diamond, entry]),
                                                include_origin=True)
        walk_box = fitted_box(np.asarray(run.states["theta"], dtype=float),
                              include_origin=True)
        if box_width(box) <= WALK_ZOOM * box_width(walk_box):
            walk_box = box
    else:
        certificate = certificate_beyond_ties(data)
        shown = unmixed_point(data, sorted(certificate))
        # where the half-planes come closest: the lines' nearest points to 0, and their
        # mirror images, so 0 is the middle (reviews 345: 0 ¾ across, the wedges from it
        # pressed to the edge; its lines through 0 and wedges read alike all round)
        feet = A / _dot(A, A)[:, None]
        box = ray_box = walk_box = fitted_box(np.array([np.zeros(2), *feet, *(-feet)]),
                                              include_origin=True)
    a = A[shown]
    probe = probe_theta(a, data.X)
    constraint_box = fitted_box(np.array([np.zeros(2), a / _dot(a, a), probe]),
                                include_origin=True)
    if box_width(box) <= WALK_ZOOM * box_width(constraint_box):
        # the weight box, widened to hold the θ marked when it lies outside
        corners = np.array([[box.x_min, box.y_min], [box.x_max, box.y_max]])
        held = box.x_min < probe[0] < box.x_max and box.y_min < probe[1] < box.y_max
        constraint_box = box if held else fitted_box(np.array([*corners, probe]),
                                                     include_origin=True)
    with_offset = (not feasible) and is_separable(data.X, data.y, offset=True)
    offset_line, overlap = None, ({}, {})
    if with_offset:
        widest = max_margin_separator(data.X, data.y, offset=True)
        offset_line = (np.asarray(widest.theta, dtype=float), float(widest.theta0))
    elif not feasible:
        overlap = overlap_beyond_ties(data)
    return LinearProgramLesson(
        data=data, signed=A, feasible=feasible, least_l1=value, theta_star=theta_star,
        tight=tight, shown_point=shown, run=run, certificate=certificate,
        separable_with_offset=with_offset, offset_line=offset_line, overlap=overlap,
        weight_box=box, constraint_box=constraint_box, walk_box=walk_box, ray_box=ray_box,
        inseparable=not (feasible or with_offset))
