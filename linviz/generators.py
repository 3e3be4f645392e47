"""Built-in data sets, each deterministic for its seed.

Every generator returns a :class:`~linviz.dataset.Dataset`. ``BUILTIN`` names
the presets the CLI and the scenes use; ``make_builtin(name, seed)`` makes one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import math

import numpy as np

from .dataset import CLASSIFICATION, REGRESSION, Dataset
from .errors import DataError
from .safety.limits import MAX_GENERATED_POINTS, check_count

DEFAULT_SEED = 0


def _unit(angle_degrees: float) -> np.ndarray:
    angle = np.deg2rad(angle_degrees)
    return np.array([np.cos(angle), np.sin(angle)])


#: the smallest distance between two generated points, as a fraction of the disk's radius:
#: a marker apart when drawn, so that every point can be seen and counted
MIN_GAP = 0.12

#: MIN_GAP·R is kept while the n disks of diameter MIN_GAP·R cover at most this fraction of
#: the region (near the 0.547 at which random sequential placement jams; reached in well
#: under a second for the few points MIN_GAP·R allows)
TIGHTEST_FILL = 0.5
#: beyond that, the gap at which the disks cover this fraction: random placement of 4n
#: candidates then keeps n points in one or two rounds, for any n
FILL = 0.25

#: rounds of 4n candidates a generator draws before it says the request cannot be met
MAX_ROUNDS = 1000


def point_gap(n: int, area: float, radius: float) -> float:
    """The least distance kept between n points drawn in a region of ``area``.

    MIN_GAP·R while n·π(MIN_GAP·R/2)² ≤ TIGHTEST_FILL·area; else the gap g at
    which the n disks of diameter g cover the fraction FILL of the region:
    n·π(g/2)² = FILL·area, so g = √(4·FILL·area / (π n)). The gap shrinks for
    many points instead of asking for more room than the region has.
    """
    widest = MIN_GAP * radius
    if n * math.pi * (widest / 2) ** 2 <= TIGHTEST_FILL * area:
        return widest
    return math.sqrt(4.0 * FILL * area / (math.pi * n))


def disk_segment_area(radius: float, distance: float) -> float:
    """Area of {x : ‖x‖ ≤ R, uᵀx ≥ h} for a unit u and h = ``distance`` in [−R, R].

    R²·acos(h/R) − h·√(R² − h²) (the circular segment beyond the chord at h).
    """
    h = min(max(distance, -radius), radius)
    return radius * radius * math.acos(h / radius) - h * math.sqrt(radius * radius - h * h)


def _apart(candidates: np.ndarray, kept: np.ndarray, gap: float) -> np.ndarray:
    """``kept`` extended by the candidates, in order, that lie at least ``gap`` from all kept.

    A candidate c is kept when (p₁ − c₁)² + (p₂ − c₂)² ≥ gap² for every point p
    kept before it. Only points in the 3 × 3 grid cells around c can be nearer
    than the gap (cells a little wider than the gap), so each candidate is
    compared with a few neighbours, not with every kept point: n points in
    O(n) time. Shape (m, 2) in, (k, 2) out.
    """
    if gap <= 0.0:
        return np.concatenate([kept, candidates])
    cell = gap * (1.0 + 1e-7)   # |Δ| < gap stays under one cell after rounding
    gap_squared = gap * gap
    grid: dict[tuple[int, int], list[tuple[float, float]]] = {}
    chosen: list[tuple[float, float]] = []

    def keep_if_apart(x: float, y: float) -> None:
        i, j = math.floor(x / cell), math.floor(y / cell)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                for px, py in grid.get((i + di, j + dj), ()):
                    if (px - x) ** 2 + (py - y) ** 2 < gap_squared:
                        return
        grid.setdefault((i, j), []).append((x, y))
        chosen.append((x, y))

    for x, y in kept.tolist():
        grid.setdefault((math.floor(x / cell), math.floor(y / cell)), []).append((x, y))
        chosen.append((x, y))
    for x, y in candidates.tolist():
        keep_if_apart(x, y)
    return np.array(chosen, dtype=float).reshape(-1, 2)


def _edge_point(normal: np.ndarray, offset: float, margin: float, side: float,
                along: float) -> np.ndarray:
    """The point (−offset + side·t)u + along·v on the band's edge on ``side`` (±1), v the
    line's direction (u turned a quarter), t the least float from ``margin`` up at which
    side·(uᵀx + offset) ≥ margin holds in floating point, summed either way (the band's
    promise, exactly, despite the rounding of u's components)."""
    direction = np.array([-normal[1], normal[0]])
    t = float(margin)
    while True:
        x = (-offset + side * t) * normal + along * direction
        # (in both ways a score is summed: as a dot product, and term by term)
        scores = (float((np.array([x]) @ normal)[0]),
                  float(x[0] * normal[0] + x[1] * normal[1]))
        if min(side * (score + offset) for score in scores) >= margin:
            return x
        t = float(np.nextafter(t, np.inf))


#: a touching set's pair stands along its line within this share of the room the disk
#: leaves (the chord's half-length at the band's edge)
PAIR_ALONG = 0.6


def separable(
    n: int = 20,
    margin: float = 0.3,
    radius: float = 2.0,
    normal_angle: float = 60.0,
    offset: float = 0.0,
    seed: int = DEFAULT_SEED,
    name: str = "separable",
    touching: bool = False,
) -> Dataset:
    """Points in the disk ‖x‖ ≤ R, labelled by a chosen line, none near it or each other.

    The separator is uᵀx + offset = 0 with the unit normal
    u = (cos a, sin a), a = ``normal_angle`` degrees. Points are drawn
    uniformly in the disk of radius R = ``radius`` and kept only when their
    distance to the line is at least ``margin`` (γ) and to every point kept
    before at least the gap g = :func:`point_gap` (MIN_GAP·R = 0.12·R while n
    points fit at that distance, smaller for many more); y = sign(uᵀx + offset).
    So the data set's margin with respect to (u, offset) is at least γ, and
    both classes are present. n is at most MAX_GENERATED_POINTS.

    ``touching``: the last two points stand on the band's two edges, one of each class,
    across the line from each other at a random place s along it (v its direction,
    |s| ≤ :data:`PAIR_ALONG` of the chord's half-length), x = (−offset ± γ)u + s·v
    (:func:`_edge_point`); the rest are drawn as above, apart from them too. Through the
    origin (offset 0) the chosen line is then the widest band through 0 exactly: turned by
    any angle δ ≠ 0, the pair's margins become γ·cos δ ± s·sin δ, the lesser under γ,
    and every other point is at least γ from it. (Without them the widest band through 0 is often held by two
    points of one class at its two ends.) They come last: a perceptron visiting them first
    would step straight onto the chosen line's normal.
    """
    if n < 2:
        raise DataError(f"separable: needs n ≥ 2 points, got {n}")
    check_count(n, MAX_GENERATED_POINTS, "separable: n")
    if not 0 < margin < radius:
        raise DataError(f"separable: the margin must lie in (0, R = {radius}), got {margin}")
    if abs(offset) + margin >= radius:
        raise DataError("separable: the band around the line does not fit inside the disk")
    rng = np.random.default_rng(seed)
    normal = _unit(normal_angle)
    # the two sides of the band inside the disk: uᵀx ≥ γ − offset and −uᵀx ≥ γ + offset
    area = disk_segment_area(radius, margin - offset) + disk_segment_area(radius, margin + offset)
    gap = point_gap(n, area, radius)
    pool = np.empty((0, 2))
    if touching:  # the pair at a random place along the line (the rng's first draw)
        room = np.sqrt(radius ** 2 - (abs(offset) + margin) ** 2)
        along = float(rng.uniform(-PAIR_ALONG, PAIR_ALONG)) * room
        pool = np.array([_edge_point(normal, offset, margin, side, along)
                         for side in (1.0, -1.0)])
        if np.any(np.linalg.norm(pool, axis=1) > radius):  # pragma: no cover - checked above
            raise DataError("separable: the band's edges leave the disk")
    for _ in range(MAX_ROUNDS):
        candidates = rng.uniform(-radius, radius, size=(4 * n, 2))
        inside = np.linalg.norm(candidates, axis=1) <= radius
        far = np.abs(candidates @ normal + offset) >= margin
        pool = _apart(candidates[inside & far], pool, gap)
        if len(pool) >= n:
            X = np.vstack([pool[2:n], pool[:2]]) if touching else pool[:n]
            y = np.where(X @ normal + offset > 0, 1.0, -1.0)
            if np.unique(y).size == 2:
                break
            pool = pool[:2] if touching else pool[n:]
    else:
        raise DataError(f"separable: {MAX_ROUNDS} rounds of {4 * n:,} random points left one "
                        f"side of the band empty; use a smaller margin or offset")
    params = dict(n=n, margin=margin, radius=radius, normal_angle=normal_angle,
                  offset=offset, seed=seed, **({"touching": True} if touching else {}))
    return Dataset(name, X, y, CLASSIFICATION, params=params)


def xor(name: str = "xor") -> Dataset:
    """The four corners (±1, ±1) labelled by exclusive or: y = +1 iff x₁x₂ < 0.

    No line separates them (Minsky and Papert, 1969); the feature x₁x₂ does.
    """
    X = np.array([[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]])
    y = np.where(X[:, 0] * X[:, 1] < 0, 1.0, -1.0)
    return Dataset(name, X, y, CLASSIFICATION, params={})


def xor_cloud(n: int = 40, spread: float = 0.25, seed: int = DEFAULT_SEED,
              name: str = "xor-cloud") -> Dataset:
    """XOR with noise: n points in Gaussian clouds (σ = ``spread``) around the corners."""
    if n < 4:
        raise DataError(f"xor-cloud: needs n ≥ 4 points, got {n}")
    check_count(n, MAX_GENERATED_POINTS, "xor-cloud: n")
    rng = np.random.default_rng(seed)
    corners = np.array([[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]])
    which = np.arange(n) % 4
    rng.shuffle(which)
    X = corners[which] + rng.normal(0.0, spread, size=(n, 2))
    y = np.where(corners[which, 0] * corners[which, 1] < 0, 1.0, -1.0)
    return Dataset(name, X, y, CLASSIFICATION, params=dict(n=n, spread=spread, seed=seed))


#: the line uᵀx + b = 0 that labels "noisy" before its flips: u at this angle (degrees), b
LABELLING_ANGLE, LABELLING_OFFSET = 120.0, 0.3


def noisy(n: int = 40, flip: float = 0.1, margin: float = 0.2, seed: int = DEFAULT_SEED,
          name: str = "noisy") -> Dataset:
    """Separable data (with an offset) with a fraction ``flip`` of labels flipped.

    Exactly round(flip · n) labels, at least one, chosen by the seed, change sign,
    so the data is no longer linearly separable. ``params`` keeps the flipped points
    (0-based) and the labelling line (``normal`` u, ``offset`` b: y = sign(uᵀx + b)
    before the flips).
    """
    if not 0 < flip < 0.5:
        raise DataError(f"noisy: the flipped fraction must lie in (0, 0.5), got {flip}")
    if n < 3:  # of two points, one flipped label leaves a single class
        raise DataError(f"noisy: needs n ≥ 3 points, got {n}")
    check_count(n, MAX_GENERATED_POINTS, "noisy: n")
    base = separable(n=n, margin=margin, offset=LABELLING_OFFSET,
                     normal_angle=LABELLING_ANGLE, seed=seed)
    rng = np.random.default_rng([seed, 1])
    n_flip = max(1, int(round(flip * n)))
    while True:
        flipped = rng.choice(n, size=n_flip, replace=False)
        y = base.y.copy()
        y[flipped] = -y[flipped]
        # flipping every point of a small class would leave one class: draw again
        if np.unique(y).size == 2:
            break
    return Dataset(name, base.X, y, CLASSIFICATION,
                   params=dict(n=n, flip=flip, margin=margin, seed=seed,
                               flipped=sorted(int(i) for i in flipped),
                               labelling_line=dict(normal=_unit(LABELLING_ANGLE).tolist(),
                                                   offset=LABELLING_OFFSET)))


def offset1d(n: int = 8, seed: int = DEFAULT_SEED, name: str = "offset1d") -> Dataset:
    """1-D points, all positive: negatives in [0.3, 1.9], positives in [2.6, 4.2].

    sign(θx) gives every x > 0 the same label, so no threshold through 0
    separates them; the lifted points [x, 1] are separable through the origin.
    Each class's interval is cut into one cell per point and every point drawn
    near its cell's middle (within an eighth of a cell), so neighbours stay at
    least three quarters of a cell apart: drawn as markers, no two fuse.
    """
    if n < 2:
        raise DataError(f"offset1d: needs n ≥ 2 points, got {n}")
    check_count(n, MAX_GENERATED_POINTS, "offset1d: n")
    rng = np.random.default_rng(seed)
    n_neg = n // 2

    def spread(low: float, high: float, count: int) -> np.ndarray:
        cell = (high - low) / count
        return low + (np.arange(count) + 0.5 + rng.uniform(-0.125, 0.125, size=count)) * cell

    negatives = spread(0.3, 1.9, n_neg)
    positives = spread(2.6, 4.2, n - n_neg)
    x = np.concatenate([negatives, positives])
    y = np.concatenate([-np.ones(n_neg), np.ones(n - n_neg)])
    order = rng.permutation(n)
    return Dataset(name, x[order, None], y[order], CLASSIFICATION, params=dict(n=n, seed=seed))


def regression1d(n: int = 20, noise: float = 0.15, seed: int = DEFAULT_SEED,
                 name: str = "regression1d") -> Dataset:
    """x uniform in [−0.3, 1.1], y = 0.5 + u − 1.2u² + ε with u = x − 0.4 and ε ~ N(0, noise²).

    A line fits the trend; the quadratic term shows what polynomial features add.
    The x are not centred on 0 (their mean is near 0.4): the squared loss over
    (w₀, w₁) is then a tilted bowl, and gradient descent curves across its
    contours instead of running straight along an axis. The range keeps
    degree-5 features small enough for the scenes' step size η = 0.5.
    """
    if n < 2:
        raise DataError(f"regression1d: needs n ≥ 2 points, got {n}")
    check_count(n, MAX_GENERATED_POINTS, "regression1d: n")
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-0.3, 1.1, size=n))
    u = x - 0.4
    y = 0.5 + u - 1.2 * u**2 + rng.normal(0.0, noise, size=n)
    return Dataset(name, x[:, None], y, REGRESSION, params=dict(n=n, noise=noise, seed=seed))


@dataclass(frozen=True)
class BuiltinDataset:
    """A named preset: the generator, its fixed arguments, and a description."""

    name: str
    make: Callable[..., Dataset]
    kwargs: Mapping[str, Any]
    description: str
    seeded: bool = True

    def __call__(self, seed: int = DEFAULT_SEED) -> Dataset:
        kwargs = dict(self.kwargs, name=self.name)
        if self.seeded:
            kwargs["seed"] = seed
        return self.make(**kwargs)


BUILTIN: dict[str, BuiltinDataset] = {
    preset.name: preset
    for preset in [
        BuiltinDataset("separable", separable,
                       dict(n=20, margin=0.2, offset=0.3, normal_angle=60.0),
                       "20 separable 2-D points, a line with offset, margin ≥ 0.2, R = 2"),
        BuiltinDataset("separable-origin", separable,
                       dict(n=20, margin=0.2, offset=0.0, normal_angle=20.0),
                       "20 points separable by a line through the origin, margin ≥ 0.2"),
        BuiltinDataset("small-margin", separable,
                       dict(n=20, margin=0.05, offset=0.0, normal_angle=20.0),
                       "20 points separable through the origin with a margin of only 0.05"),
        BuiltinDataset("xor", xor, {}, "the four XOR corners (±1, ±1): not separable",
                       seeded=False),
        BuiltinDataset("xor-cloud", xor_cloud, dict(n=40),
                       "40 points in noisy clouds around the XOR corners"),
        BuiltinDataset("noisy", noisy, dict(n=40, flip=0.1),
                       "40 separable points with 10% of labels flipped: not separable"),
        BuiltinDataset("offset1d", offset1d, dict(n=8),
                       "8 points on a line, separable only by a threshold away from 0"),
        BuiltinDataset("regression1d", regression1d, dict(n=20),
                       "20 points (x, y) with real y, for linear and polynomial regression"),
    ]
}


def make_builtin(name: str, seed: int = DEFAULT_SEED) -> Dataset:
    """The built-in data set called ``name``, made with ``seed``."""
    try:
        preset = BUILTIN[name]
    except KeyError:
        known = ", ".join(BUILTIN)
        raise DataError(f"unknown data set {name!r}; built-in data sets: {known}") from None
    return preset(seed)
