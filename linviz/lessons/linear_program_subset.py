"""The linear programme seen succeeding on data no line separates (`linear-program`,
review 281: "the LP never succeeds on screen"): leave out the points the fewest-mistake
line gets wrong, and the programme with an offset,

    y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1 for every point i kept,

is feasible. That line gets every kept point right, y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) > 0 (the notes'
rule counts 0 as a mistake), so scaled up it meets every constraint. The θ shown is the
programme's, as the scene solved it through 0: the least ‖θ‖₁ = |θ₁| + |θ₂| (θ₀ free, as
the offset is not penalised), by HiGHS. Where several (θ, θ₀) reach that least value (a
face of the feasible set), the one of least θ₀, then least θ₁, each within :data:`TIE` of
its least (the solver's vertex is not a rule). The solution is then scaled so its least
y·score is above 1 in floating point (HiGHS meets a constraint to within its tolerance,
1e-7): every kept constraint holds exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


#: two objective values (or two θ₀, θ₁) this close, relative to their size, are one
TIE = 1e-9
#: the solution is scaled so its least y·score is at least 1 + this (1 in floating point
#: after the rounding of the scores)
ABOVE_ONE = 1e-12
#: a kept point whose y·score is within this of 1 meets its constraint exactly (tight):
#: HiGHS meets a constraint to within 1e-7
TIGHT = 1e-6
#: the solver's line is said to be nearly the fewest-mistake line drawn before it when
#: their normals' directions differ by at most this many degrees and their signed
#: distances from 0 by at most :data:`SAME_LINE_SHARE` of the data's reach (the farthest
#: point's distance from 0): drawn, the two would look as one (review 290: said as two)
SAME_LINE_DEGREES, SAME_LINE_SHARE = 1.0, 0.01


@dataclass(frozen=True)
class SubsetSolution:
    """The programme with an offset solved on the points kept.

    left_out : the points left out (0-based), those the fewest-mistake line gets wrong.
    theta, theta0 : the solution, every kept point's y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1.
    least_l1 : |θ₁| + |θ₂| of the solution (the programme's value, up to the scaling).
    tight : the kept points whose y·score is 1 (within :data:`TIGHT`), in index order:
        those nearest the line, 1/‖θ‖ from it.
    like_fewest : the solver's line is nearly the fewest-mistake line (:func:`nearly_one`).
    """

    left_out: tuple[int, ...]
    theta: np.ndarray
    theta0: float
    least_l1: float
    tight: tuple[int, ...] = ()
    like_fewest: bool = False

    @property
    def margin(self) -> float:
        """The tight points' distance from the line, 1/‖θ‖ (their y·score is 1)."""
        return 1.0 / float(np.hypot(*self.theta))


def left_out_points(lesson) -> tuple[int, ...]:
    """The points the fewest-mistake line with an offset gets wrong
    (:attr:`~linviz.lessons.linear_program.LinearProgramLesson.fewest_line`): as few as any
    line gets wrong, so no smaller set can be left out for the programme to succeed."""
    fewest = lesson.fewest_line
    return tuple(lesson.wrong_points(np.asarray(fewest.theta, dtype=float),
                                     float(fewest.theta0)))


def nearly_one(first: tuple[np.ndarray, float], second: tuple[np.ndarray, float],
               reach: float) -> bool:
    """Whether the lines (θ, θ₀) ``first`` and ``second`` (+ sides alike) have normals
    within :data:`SAME_LINE_DEGREES` of each other and signed distances −θ₀/‖θ‖ from 0
    within :data:`SAME_LINE_SHARE` × ``reach``."""
    (a, a0), (b, b0) = ((np.asarray(t, dtype=float), float(t0)) for t, t0 in (first, second))
    turn = np.degrees(np.arctan2(abs(a[0] * b[1] - a[1] * b[0]), float(a @ b)))
    shift = abs(a0 / np.hypot(*a) - b0 / np.hypot(*b))
    return bool(turn <= SAME_LINE_DEGREES and shift <= SAME_LINE_SHARE * reach)


def solve_with_offset(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float] | None:
    """min |θ₁| + |θ₂| subject to y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1, θ₀ free, by HiGHS; among the
    (θ, θ₀) reaching it, the least θ₀, then the least θ₁ (each within :data:`TIE`). None
    when infeasible. Variables (u₁, u₂, v₁, v₂, θ₀), θ = u − v, u, v ≥ 0."""
    from scipy.optimize import linprog

    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    d = X.shape[1]
    rows = -(y[:, None] * np.hstack([X, -X, np.ones((len(X), 1))]))
    bounds = [(0, None)] * (2 * d) + [(None, None)]
    upper, limits = [rows], [-np.ones(len(X))]
    l1 = np.r_[np.ones(2 * d), 0.0]
    outcome = None
    for objective in (l1, np.r_[np.zeros(2 * d), 1.0],
                      np.r_[1.0, np.zeros(d - 1), -1.0, np.zeros(d - 1), 0.0]):
        outcome = linprog(objective, A_ub=np.vstack(upper), b_ub=np.concatenate(limits),
                          bounds=bounds, method="highs")
        if outcome.status != 0:
            return None
        # the next stage keeps this one's least, within the tie's tolerance
        best = float(outcome.fun)
        upper.append(objective[None, :])
        limits.append(np.array([best + TIE * max(1.0, abs(best))]))
    z = outcome.x
    return z[:d] - z[d:2 * d], float(z[2 * d])


def subset_solution(lesson) -> SubsetSolution | None:
    """The programme with an offset on the points the last counted line gets right (see
    the module's docstring); None where a line separates the data (with an offset or
    without: the programme succeeds on the whole data there), or where the points kept
    are of one class (θ = 0 with θ₀ = ±1 meets them: no line)."""
    if not lesson.inseparable:
        return None
    left_out = left_out_points(lesson)
    data = lesson.data
    keep = np.setdiff1d(np.arange(len(data.y)), np.asarray(left_out, dtype=int))
    X, y = np.asarray(data.X, dtype=float)[keep], np.asarray(data.y, dtype=float)[keep]
    if len(np.unique(y)) < 2:  # one class left: θ = 0 meets it, no line to show
        return None
    solved = solve_with_offset(X, y)
    if solved is None:  # pragma: no cover - the counted line gets the kept points right
        return None
    theta, theta0 = solved
    least = float(np.min(y * (X @ theta + theta0)))
    scale = least * (1.0 - ABOVE_ONE)
    theta, theta0 = theta / scale, theta0 / scale
    scores = y * (X @ theta + theta0)
    fewest = lesson.fewest_line
    reach = float(np.max(np.hypot(*np.asarray(data.X, dtype=float).T)))
    return SubsetSolution(left_out=left_out, theta=theta, theta0=theta0,
                          least_l1=float(np.sum(np.abs(theta))),
                          tight=tuple(int(i) for i in keep[scores - 1.0 <= TIGHT]),
                          like_fewest=nearly_one((theta, theta0),
                                                 (fewest.theta, fewest.theta0), reach))
