"""The lesson of the scene `margin-speed`: the perceptron over data sets of shrinking
margin, the runs it replays and every number and run-dependent word it shows.

The scene makes its own data (:func:`linviz.sweeps.margin_sweep`, seeded by
``--seed``): for each *requested* margin, several data sets none of whose points
lies within that margin of the generator's line. The requested margin is a lower
bound: each data set's own margin in the plane (the widest band any line leaves
free, :attr:`MarginSpeedLesson.plane_margins`) is at least as wide, and the
theorem's γ, measured on the lifted points [x, 1] against a unit θ* in three
dimensions, is at most that margin (θ* = (a, b) with ‖a‖ ≤ 1 puts every point
at least γ/‖a‖ ≥ γ from its line in the plane).

The runs replayed
-----------------
One run per margin is replayed on the data plane, by a stated rule, never
picked by hand (:func:`representatives`): among the chains of one run per
margin in which γ falls by a tenth or more (``MIN_GAMMA_FALL``) and M rises from each
margin to the next, the chain
nearest the middle of the rows (the sum over margins of how many places the
run sits from the middle of its margin's runs sorted by M); ties go to the
lower repeat index (:mod:`linviz.ties`). When no such chain exists
(:attr:`MarginSpeedLesson.ordered` is False) the median run of each margin is
replayed and the story claims no order. Then the slowest run of the smallest
margin. Every run is a dot on the plot: the spread is shown, not hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import DataError
from ..generators import DEFAULT_SEED
from ..sweeps import DEFAULT_MARGINS, MarginRun, MarginSweep, margin_sweep
from ..theory import max_margin_separator
from ..ties import least_index, tied_order

#: data sets per requested margin
DEFAULT_REPEATS = 7
#: the slowest run's first updates, played one by one before the rest
SLOW_UPDATES = 3
#: the replayed run of a margin has a γ at least this fraction below the run before it:
#: two runs shown as different margins differ visibly (0.0605 and 0.0556 did not)
MIN_GAMMA_FALL = 0.1


def median_run_index(row) -> int:
    """The repeat index of the run with the median M of a row: the lower of the two middle
    ones for an even count, runs of equal M in repeat order (:func:`linviz.ties.tied_order`)."""
    order = tied_order([run.updates for run in row])
    return int(order[(len(row) - 1) // 2])


def places_from_middle(row) -> np.ndarray:
    """For each run of a row, how many places it sits from the middle of the row sorted by
    M (runs of equal M in repeat order): |rank − (n − 1)/2|, shape (n,)."""
    order = tied_order([run.updates for run in row])
    ranks = np.empty(len(row))
    ranks[order] = np.arange(len(row))
    return np.abs(ranks - (len(row) - 1) / 2)


def gamma_falls(before: float, after: float) -> bool:
    """Whether γ falls from ``before`` to ``after`` by at least ``MIN_GAMMA_FALL`` of
    ``before``: after ≤ (1 − MIN_GAMMA_FALL)·before (a fall a student can see)."""
    return bool(after <= (1.0 - MIN_GAMMA_FALL) * before)


def representatives(rows) -> tuple[tuple[int, ...], bool]:
    """The repeat index of one run per row and whether they keep the order.

    Among the chains r₀, r₁, … (one run per row) with γ of row j + 1's run at least
    ``MIN_GAMMA_FALL`` below that of row j's (:func:`gamma_falls`) and M strictly above,
    the one of least total
    :func:`places_from_middle` (dynamic programming over the rows; among equal
    totals the lowest indices, :func:`linviz.ties.least_index`): ``(chain, True)``.
    Without any such chain, the median run of every row and ``False``.
    """
    rows = [list(row) for row in rows]
    costs = [places_from_middle(row) for row in rows]
    best = [np.array(costs[0], dtype=float)]  # best[j][r]: least cost of a chain ending at r
    back: list[list[int | None]] = [[None] * len(rows[0])]
    for j in range(1, len(rows)):
        layer, pointers = [], []
        for r, run in enumerate(rows[j]):
            options = np.array([best[j - 1][p] if (gamma_falls(before.gamma, run.gamma)
                                                   and run.updates > before.updates) else np.inf
                                for p, before in enumerate(rows[j - 1])])
            p = least_index(options)
            layer.append(options[p] + costs[j][r])
            pointers.append(p if np.isfinite(options[p]) else None)
        best.append(np.array(layer))
        back.append(pointers)
    end = least_index(best[-1])
    if not np.isfinite(best[-1][end]):
        return tuple(median_run_index(row) for row in rows), False
    chain, r = [], end
    for j in range(len(rows) - 1, -1, -1):
        chain.append(r)
        r = back[j][r]
    return tuple(chain[::-1]), True


def band_in_plane(run: MarginRun) -> tuple[np.ndarray, float, float]:
    """(a, b, w): θ* = [a, b] (shape (3,), ‖θ*‖ = 1) is the line aᵀx + b = 0 of the plane,
    and the points of margin below γ on [x, 1] form the band of half-width w = γ/‖a‖
    around it (a point's distance to the line is y(aᵀx + b)/‖a‖)."""
    star = np.asarray(run.theta_star, dtype=float)
    a = star[:2]
    b = float(star[2]) if len(star) > 2 else 0.0
    return a, b, run.gamma / float(np.linalg.norm(a))


def update_points(run: MarginRun) -> np.ndarray:
    """The index i of the point each update of a run adds: shape (M,)."""
    steps = run.trace.steps
    return np.asarray(steps["i"], dtype=int)[np.asarray(steps["mistake"], dtype=bool)]


@dataclass(frozen=True, eq=False)
class MarginSpeedLesson:
    """What `margin-speed` shows, computed once.

    ``plane_margins[j, r]`` is the widest margin of data set (j, r) in the plane (a
    line with offset; :func:`linviz.theory.max_margin_separator`), ≥ the requested
    ``sweep.margins[j]``. ``chosen[j]`` is the run replayed for margin j
    (repeat ``chosen_repeats[j]``, see :func:`representatives`); ``slowest`` the run
    of the smallest margin with the most updates; ``shown`` = chosen + (slowest,), each
    with ``shown_update_points[k]`` (:func:`update_points`). ``medians[j]`` is the
    median M of margin j, ``bound_ratios`` (R/γ)²/M of every run, margin by margin.
    """

    sweep: MarginSweep
    plane_margins: np.ndarray
    chosen_repeats: tuple[int, ...]
    ordered: bool
    slowest: MarginRun
    medians: np.ndarray
    bound_ratios: np.ndarray
    shown_update_points: tuple[np.ndarray, ...]

    def no_boundary(self, shown: int, m: int) -> bool:
        """Whether run ``shown[shown]`` has no boundary after m updates: θ = 0 (the plane's
        part of [θ, θ₀]; before the first update, or if updates cancelled out)."""
        states = self.shown[shown].trace.states["theta"]
        return not np.any(np.asarray(states)[min(max(m, 0), len(states) - 1)])

    @property
    def chosen(self) -> tuple[MarginRun, ...]:
        return tuple(row[r] for row, r in zip(self.sweep.runs, self.chosen_repeats))

    @property
    def shown(self) -> tuple[MarginRun, ...]:
        """The runs replayed on the plane, in order: one per margin, then the slowest."""
        return (*self.chosen, self.slowest)

    @property
    def chosen_plane_margins(self) -> np.ndarray:
        """The plane margin of each chosen run's data set: shape (n_margins,)."""
        return np.array([self.plane_margins[j, r] for j, r in enumerate(self.chosen_repeats)])

    @property
    def runs_under_bound(self) -> int:
        """How many runs made at most (R/γ)² updates (all of them: the theorem)."""
        return int(np.count_nonzero(self.sweep.updates <= self.sweep.bounds))

    @property
    def run_count(self) -> int:
        return int(self.sweep.updates.size)

    def gamma_smaller(self, j: int) -> bool:
        """Whether the chosen run of margin j (≥ 1) has a smaller γ than that of margin j − 1."""
        return self.chosen[j].gamma < self.chosen[j - 1].gamma

    def updates_compared(self, j: int) -> str:
        """"more", "as many" or "fewer": M of the chosen run of margin j (≥ 1) against the
        chosen run of margin j − 1."""
        now, before = self.chosen[j].updates, self.chosen[j - 1].updates
        return "more" if now > before else "as many" if now == before else "fewer"

    def chosen_extreme(self, j: int) -> str | None:
        """Where margin j's replayed run sits among its row's runs when it is not inside
        them: "slowest" (the only run of the row's greatest M), "one of the slowest",
        "fastest", "one of the fastest"; None when it is neither, or every run of the row
        makes the same M."""
        ups = [run.updates for run in self.sweep.runs[j]]
        m = self.chosen[j].updates
        if min(ups) == max(ups):
            return None
        for end, word in ((max(ups), "slowest"), (min(ups), "fastest")):
            if m == end:
                return word if ups.count(end) == 1 else f"one of the {word}"
        return None

    @property
    def medians_rise(self) -> bool:
        """Whether the median M rises strictly from each margin to the next smaller one."""
        return bool(np.all(np.diff(self.medians) > 0))

    @property
    def medians_rise_overall(self) -> bool:
        """Whether the median M of the smallest margin exceeds that of the largest."""
        return bool(self.medians[-1] > self.medians[0])

    @property
    def trend(self) -> str:
        """"rising" (:attr:`medians_rise`), "rising overall" (:attr:`medians_rise_overall`
        but not at every step) or "not rising"."""
        if self.medians_rise:
            return "rising"
        return "rising overall" if self.medians_rise_overall else "not rising"

    @property
    def slow_updates(self) -> int:
        """The slowest run's first updates played one by one: min(SLOW_UPDATES, M)."""
        return min(SLOW_UPDATES, self.slowest.updates)

    def update_ranges(self) -> list[tuple[int, int]]:
        """(least, most) M of every margin."""
        return [(int(min(r.updates for r in row)), int(max(r.updates for r in row)))
                for row in self.sweep.runs]


def margin_speed_lesson(data=None, seed: int = DEFAULT_SEED, margins=DEFAULT_MARGINS,
                        repeats: int = DEFAULT_REPEATS) -> MarginSpeedLesson:
    """The lesson of `margin-speed` for ``seed`` (see the module).

    Parameters
    ----------
    data : None
        The scene makes its own data sets; a data set given here is refused.
    seed : int
        Seeds the sweep's data sets.
    margins, repeats
        As :func:`linviz.sweeps.margin_sweep`.
    """
    if data is not None:
        raise DataError("scene 'margin-speed' draws its own data sets (seeded by --seed); "
                        "to see the perceptron on your data use 'perceptron' or 'proof-offset'")
    sweep = margin_sweep(margins, repeats=repeats, seed=seed)
    plane_margins = np.array([[max_margin_separator(run.data.X, run.data.y, offset=True).gamma
                               for run in row] for row in sweep.runs])
    chosen, ordered = representatives(sweep.runs)
    slowest = sweep.slowest()
    shown = (*[row[r] for row, r in zip(sweep.runs, chosen)], slowest)
    return MarginSpeedLesson(
        sweep=sweep, plane_margins=plane_margins, chosen_repeats=chosen, ordered=ordered,
        slowest=slowest, medians=np.median(sweep.updates, axis=1),
        bound_ratios=(sweep.bounds / sweep.updates).ravel(),
        shown_update_points=tuple(update_points(run) for run in shown))
