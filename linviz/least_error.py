"""The least training error any line reaches on 2-D data, computed exactly.

For h(x; θ, θ₀) = sign(θᵀx + θ₀) with the notes' rule (a point with
y(θᵀx + θ₀) ≤ 0 is a mistake, so one on the line is too), the training error

    ℰₙ(θ, θ₀) = (1/n) Σᵢ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0}

only changes when the line crosses a point. So the least error over all lines
(θ ∈ ℝ² ∖ {0}, θ₀ ∈ ℝ) is a minimum over finitely many cases:

- every point on one side (a line far away): min(n₊, n₋) mistakes;
- otherwise, any line can be moved, keeping the side of every point, until it
  passes through two points p ≠ q (translate it along its normal until it
  touches a point, then turn it about that point until it touches another).
  Every point off the line through p and q keeps its side; the points on it
  (p, q and any collinear ones, at positions t along the line) were split by
  the original line at one place: those past a threshold on one side, the rest
  on the other. Conversely, every such split is a line: turn the line through
  p and q a little about the threshold (and shift it a little), so nothing off
  it changes side.

Hence, over the pairs of distinct positions p, q and both orientations:

    least mistakes = min( min(n₊, n₋),
                          min over (p, q, σ) of [mistakes off the line, side σ = +1]
                                               + [fewest mistakes of a 1-D threshold
                                                  on the points along the line] ).

Points are grouped by position first (duplicates count together), and a point
within ``TIE_RTOL`` · scale of a line counts as on it: a point off a line by
rounding alone is on it, on every machine alike. With m distinct positions the
cost is O(m³) in numpy (m = 569 takes about a second).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import DataError
from .ties import TIE_RTOL


@dataclass(frozen=True)
class LeastError:
    """The least training error any line reaches, and a line that reaches it.

    Attributes
    ----------
    mistakes : int
        The least number of points any line gets wrong (≤ 0 rule).
    n : int
        The number of points.
    theta : ndarray of shape (2,)
    theta0 : float
        A line h(x; θ, θ₀) with exactly ``mistakes`` mistakes (no point on it),
        ‖θ‖ = 1, midway between the points it puts on either side.
    """

    mistakes: int
    n: int
    theta: np.ndarray
    theta0: float

    @property
    def error(self) -> float:
        """mistakes / n: the least training error."""
        return self.mistakes / self.n


def group_positions(X: np.ndarray, y: np.ndarray, tolerance: float):
    """Distinct positions of the points, with how many +1 and −1 points sit at each.

    Points within ``tolerance`` (in every coordinate) of an earlier position join it.
    Returns (positions of shape (m, 2), positives (m,), negatives (m,), group of
    each point (n,)).
    """
    positions: list[np.ndarray] = []
    group = np.empty(len(X), dtype=np.int64)
    for i, x in enumerate(X):
        if positions:
            close = np.flatnonzero(np.max(np.abs(np.asarray(positions) - x), axis=1)
                                   <= tolerance)
            if close.size:
                group[i] = close[0]
                continue
        group[i] = len(positions)
        positions.append(x)
    m = len(positions)
    positives = np.bincount(group[y > 0], minlength=m).astype(float)
    negatives = np.bincount(group[y <= 0], minlength=m).astype(float)
    return np.asarray(positions, dtype=float).reshape(m, 2), positives, negatives, group


def threshold_split(t: np.ndarray, positives: np.ndarray, negatives: np.ndarray):
    """The fewest mistakes of a 1-D threshold on weighted points at positions ``t``.

    The points past the threshold get one label, the others the other (either
    way round). Returns (mistakes, split, ascending): the points at sorted
    positions ``split`` and after get +1 when ``ascending``, −1 otherwise.
    """
    order = np.argsort(t, kind="stable")
    a, b = positives[order], negatives[order]
    # the first s positions get −1 (their positives are mistakes), the rest +1
    before_a = np.concatenate([[0.0], np.cumsum(a)])
    before_b = np.concatenate([[0.0], np.cumsum(b)])
    up = before_a + (before_b[-1] - before_b)
    down = before_b + (before_a[-1] - before_a)
    s_up, s_down = int(np.argmin(up)), int(np.argmin(down))
    if up[s_up] <= down[s_down]:
        return float(up[s_up]), s_up, True
    return float(down[s_down]), s_down, False


def least_training_error(X, y) -> LeastError:
    """The least training error any line h(x; θ, θ₀) reaches on 2-D data, exactly.

    Parameters
    ----------
    X : array_like of shape (n, 2)
    y : array_like of shape (n,), labels ±1

    See the module's docstring for the mathematics. The line returned has no
    point on it and exactly ``mistakes`` mistakes.
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise DataError(f"the least training error of a line is computed for 2-D data; got "
                        f"shape {X.shape}")
    n = len(X)
    scale = max(1.0, float(np.max(np.abs(X)))) if n else 1.0
    tolerance = TIE_RTOL * scale
    P, a, b, _ = group_positions(X, y, tolerance)
    m = len(P)
    # every point on one side: a line beyond the data, θ = ±e₁
    low, high = float(X[:, 0].min()) - 1.0, float(X[:, 0].max()) + 1.0
    if a.sum() <= b.sum():   # all −1: the positives are the mistakes
        best = (float(a.sum()), None)
        constant = (np.array([1.0, 0.0]), -high)
    else:
        best = (float(b.sum()), None)
        constant = (np.array([1.0, 0.0]), -low)
    both_cheaper = np.minimum(a, b)
    for i in range(m - 1):
        if best[0] == 0:
            break
        D = P[i + 1:] - P[i]                                   # (r, 2) directions p → q
        V = P - P[i]                                           # (m, 2)
        lengths = np.hypot(D[:, 0], D[:, 1])
        # signed distance of every position from the line through p and q: (r, m)
        dist = (D[:, :1] * V[None, :, 1] - D[:, 1:] * V[None, :, 0]) / lengths[:, None]
        left, right = dist > tolerance, dist < -tolerance
        on_count = m - left.sum(axis=1) - right.sum(axis=1)
        left_f, right_f = left.astype(float), right.astype(float)
        left_pos = left_f @ b + right_f @ a                    # left side +1
        left_neg = left_f @ a + right_f @ b                    # left side −1
        off = np.minimum(left_pos, left_neg)
        # only p and q on the line: each may go to either side (threshold between them)
        along = both_cheaper[i] + both_cheaper[i + 1:]
        total = off + along
        crowded = np.flatnonzero(on_count > 2)
        for r in crowded:
            on = ~(left[r] | right[r])
            t = V[on] @ (D[r] / lengths[r])
            total[r] = off[r] + threshold_split(t, a[on], b[on])[0]
        r = int(np.argmin(total))
        if total[r] < best[0]:
            best = (float(total[r]), (i, i + 1 + r, bool(left_pos[r] <= left_neg[r])))
    mistakes = int(round(best[0]))
    if best[1] is None:
        theta, theta0 = constant
    else:
        theta, theta0 = _centred(X, y, *_witness(P, a, b, *best[1], tolerance))
    return LeastError(mistakes, n, theta, float(theta0))


def _centred(X, y, theta, theta0):
    """The same mistakes, with the line as far from the points as it can be.

    The witness gives every point a side; of the lines that give each point the
    same side, the maximum-margin one (:func:`linviz.theory.max_margin_separator`)
    lies midway between them, where a picture shows it clearly. Unit θ. Kept only
    when it makes the same mistakes (else the witness, scaled to unit θ).
    """
    from .errors import NotSeparableError
    from .theory import max_margin_separator

    sides = np.where(X @ theta + theta0 > 0, 1.0, -1.0)
    norm = float(np.linalg.norm(theta))
    try:
        separator = max_margin_separator(X, sides)
    except NotSeparableError:  # pragma: no cover - the solver failed: the witness is exact
        return theta / norm, theta0 / norm
    same = np.array_equal(np.where(X @ separator.theta + separator.theta0 > 0, 1.0, -1.0), sides)
    if not same:  # pragma: no cover
        return theta / norm, theta0 / norm
    return separator.theta, float(separator.theta0)


def _witness(P, a, b, i: int, j: int, left_positive: bool, tolerance: float):
    """A line with the least mistakes, from the line through positions i and j.

    f(x) = σ nᵀ(x − p) + ρη(uᵀ(x − p) − c) + κ, with u along the line, n its
    normal, σ = ±1 the side that gets +1, and either a turn ρη about the threshold
    c or a shift κ; η and κ are small enough that no point off the line changes side.
    """
    p = P[i]
    u = (P[j] - p) / np.linalg.norm(P[j] - p)
    normal = np.array([-u[1], u[0]])
    sigma = 1.0 if left_positive else -1.0
    dist = (P - p) @ normal
    on = np.abs(dist) <= tolerance
    t = (P - p) @ u
    _, split, ascending = threshold_split(t[on], a[on], b[on])
    sorted_t = np.sort(t[on])
    off_distance = float(np.min(np.abs(dist[~on]))) if np.any(~on) else 1.0
    reach = float(np.max(np.abs(t))) + 1.0
    if 0 < split < len(sorted_t):
        c = (sorted_t[split - 1] + sorted_t[split]) / 2
        rho = 1.0 if ascending else -1.0
        eta = off_distance / (4 * (reach + abs(c)))
        theta = sigma * normal + rho * eta * u
        theta0 = -theta @ p - rho * eta * c
    else:
        # all points on the line get one label: +1 when ascending with split 0, or
        # descending with split at the end
        positive = (split == 0) == ascending
        theta = sigma * normal
        theta0 = -theta @ p + (1.0 if positive else -1.0) * off_distance / 4
    return theta, float(theta0)

