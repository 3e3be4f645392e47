"""Every line of the plane as one point, for `linear-program` on data no line separates even
with an offset: the map the run with an offset walks on.

A line with an offset, θᵀx + θ₀ = 0 (θ ≠ 0), with its + side θᵀx + θ₀ > 0, is fixed by two
numbers once θ is scaled to length 1: the direction of θ, φ = atan2(θ₂, θ₁) (degrees, in
[0, 360)), and the line's signed distance from 0 along θ, d = −θ₀/‖θ‖. With u = (cos φ,
sin φ) the line is uᵀx = d, and point i is wrong (the notes' rule, y·score ≤ 0) when
y⁽ⁱ⁾(uᵀx⁽ⁱ⁾ − d) ≤ 0. (φ + 180°, −d) is the same line with its sides swapped.

For one direction, the count of wrong points is constant between the sorted projections
pᵢ = uᵀx⁽ⁱ⁾: at a d between them, the + points with pᵢ < d and the − points with pᵢ > d
are wrong. The map samples :data:`MAP_COLUMNS` directions, one of them the direction of the
fewest-mistake line (:attr:`LinearProgramLesson.fewest_line`), the map's middle (its
columns run 180° either side of it), so the map's cell under that line holds exactly its
count; along d every cell is exact. Beyond d = ±R (R the farthest
point's distance from 0) every point is on one side; the map reaches ±:data:`MAP_REACH` R.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: the directions the map samples (its columns), evenly over 360° (odd: one in the middle,
#: the map's edges between columns)
MAP_COLUMNS = 361
#: the map's distance axis reaches this many times the farthest point's distance from 0
MAP_REACH = 1.1
#: projections this near (a share of the reach) are one: the run between them, a rounding's
#: width, is no run (its count would be a last bit's chance)
RUN_TIE = 1e-9


@dataclass(frozen=True)
class LineMap:
    """The lines of the plane as points (φ, d), each cell a run of d in one column whose
    lines all get the same number of points wrong.

    columns : the directions sampled (degrees, ascending, within 180° of ``centre``)
    width : a column's width (degrees)
    centre : the direction in the map's middle (degrees)
    reach : the distance axis runs from −reach to reach
    cells : one row per cell: column index, d from, d to, points wrong
    """

    columns: np.ndarray
    width: float
    reach: float
    cells: np.ndarray
    centre: float = 0.0

    @property
    def counts(self) -> np.ndarray:
        return self.cells[:, 3].astype(int)

    @property
    def low(self) -> int:
        return int(self.counts.min())

    @property
    def high(self) -> int:
        return int(self.counts.max())

    def count_at(self, phi: float, d: float) -> int:
        """The points wrong the map shows at (``phi``, ``d``): its column's cell there."""
        column = int(np.argmin(np.abs((self.columns - phi + 180.0) % 360.0 - 180.0)))
        rows = self.cells[self.cells[:, 0] == column]
        inside = rows[(rows[:, 1] <= d) & (d <= rows[:, 2])]
        return int(inside[0, 3])


def line_place(theta, theta0: float) -> tuple[float, float]:
    """(φ, d) of the line θᵀx + θ₀ = 0: θ's direction in degrees in [0, 360) and the line's
    signed distance from 0 along θ, −θ₀/‖θ‖ (θ ≠ 0)."""
    theta = np.asarray(theta, dtype=float)
    norm = float(np.hypot(theta[0], theta[1]))
    if norm == 0.0:
        raise ValueError("θ = 0 is no line")
    phi = float(np.degrees(np.arctan2(theta[1], theta[0]))) % 360.0
    # (a hair below 0° wraps to 360.0 itself in floating point: that is 0°)
    return (0.0 if phi >= 360.0 else phi), -float(theta0) / norm


def wrong_in_column(X: np.ndarray, y: np.ndarray, phi: float,
                    reach: float) -> list[tuple[float, float, int]]:
    """The runs (d from, d to, points wrong) of the lines uᵀx = d at direction ``phi``
    (degrees) for d in [−reach, reach]: cut at the points' projections pᵢ = uᵀx⁽ⁱ⁾; on a
    run, the + points below it and the − points above it are wrong. Runs of one count are
    joined; runs no longer than :data:`RUN_TIE` × ``reach`` (points at one projection, but
    for rounding) left out, the next run starting where they did."""
    u = np.array([np.cos(np.radians(phi)), np.sin(np.radians(phi))])
    p = X @ u
    order = np.argsort(p, kind="stable")
    p, labels = p[order], y[order]
    # wrong on the run just above the k lowest projections: + among them, − among the rest
    positive_below = np.concatenate([[0], np.cumsum(labels > 0)])
    negative_above = np.concatenate([np.cumsum((labels < 0)[::-1])[::-1], [0]])
    wrong = positive_below + negative_above
    edges = np.concatenate([[-reach], np.clip(p, -reach, reach), [reach]])
    runs: list[tuple[float, float, int]] = []
    low = -reach
    for k in range(len(p) + 1):
        high = float(edges[k + 1])
        if high - low <= RUN_TIE * reach:  # points at one projection, but for rounding
            continue
        if runs and runs[-1][2] == int(wrong[k]):
            runs[-1] = (runs[-1][0], high, runs[-1][2])
        else:
            runs.append((low, high, int(wrong[k])))
        low = high
    return runs


def line_map(X, y, through: float = 0.0, columns: int = MAP_COLUMNS,
             reach_share: float = MAP_REACH, holding=()) -> LineMap:
    """The map of every line (:class:`LineMap`): ``columns`` (odd) directions evenly round
    the circle, the middle one ``through`` (degrees, taken in [0, 360)), d over
    ±``reach_share`` × the farthest point's distance from 0, or the farthest of the
    distances ``holding`` (lines to be marked on it) as far, if farther."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    reach = reach_share * max([float(np.max(np.hypot(X[:, 0], X[:, 1])))]
                              + [abs(float(d)) for d in holding])
    width = 360.0 / columns
    centre = float(through) % 360.0
    angles = centre + width * (np.arange(columns) - (columns - 1) / 2)
    cells = [(j, low, high, count) for j, phi in enumerate(angles)
             for low, high, count in wrong_in_column(X, y, float(phi), reach)]
    return LineMap(angles, width, reach, np.array(cells, dtype=float), centre)


def walk_places(thetas, theta0s) -> np.ndarray:
    """(φ, d) of each state of a run with an offset (rows), NaN where θ = 0 (no line)."""
    places = np.full((len(thetas), 2), np.nan)
    for k, (theta, theta0) in enumerate(zip(np.asarray(thetas, dtype=float),
                                            np.asarray(theta0s, dtype=float))):
        if np.any(theta != 0.0):
            places[k] = line_place(theta, theta0)
    return places


def doubling_shade(count: int, low: int, high: int, shades: int) -> int:
    """The shade (0 to ``shades`` − 1) of the lines that get ``count`` points wrong on the
    map: the fewest, ``low``, alone in the faintest; then runs that double, count − low in
    1, 2–3, 4–7, …, the last shade all the rest (the lines near the fewest told apart,
    where the run walks: review 278, even steps to 97 put 4–22 in one shade)."""
    if count <= low:
        return 0
    return min(shades - 1, int(count - low).bit_length())
