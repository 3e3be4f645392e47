"""One learner over many data sets: how the margin governs the perceptron's speed.

The convergence theorem bounds the number of updates by (R/γ)², which grows
like 1/γ² as the margin γ shrinks. :func:`margin_sweep` measures it: for the
j-th requested margin (decreasing) and each repeat r it draws

    separable(n, margin, radius, normal_angle, line_offset, seed=[seed, j, r])

(points in the disk of radius ``radius``, none within ``margin`` of the line
uᵀx + line_offset = 0, each data set from its own random stream), runs the
perceptron on it until a pass makes no update, and records the updates M
beside the theorem's R and γ and the bound (R/γ)². With an offset (the
default, the lecture's perceptron) R and γ are those of the augmented points
[x, 1] and their maximum-margin separator through the origin, as in the
theorem's offset case; without one, of the points themselves (then the line
must pass through the origin: ``line_offset = 0``).

Everything is computed here, once; scenes only replay the runs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dataset import Dataset
from .errors import DataError
from .generators import DEFAULT_SEED, separable
from .perceptron import Perceptron
from .theory import mistake_bound, proof_space, radius as radius_of
from .ties import greatest_index
from .trace import Trace

#: the requested margins of the default sweep, largest first
DEFAULT_MARGINS = (0.4, 0.2, 0.1, 0.05, 0.025)


@dataclass(frozen=True, eq=False)
class MarginRun:
    """One data set of a sweep and the perceptron's run on it.

    ``requested_margin`` is the generator's margin and ``seed`` the data
    set's seed; ``R``, ``gamma`` and ``bound`` = (R/γ)² are the theorem's
    and ``theta_star`` (‖θ*‖ = 1) its maximum-margin separator through the
    origin, all on the augmented points [x, 1] when the learner has an offset;
    ``updates`` is M and ``epochs`` the passes made, the clean one included.
    """

    requested_margin: float
    seed: tuple[int, int, int]
    trace: Trace
    R: float
    gamma: float
    bound: float
    theta_star: np.ndarray
    updates: int
    epochs: int

    @property
    def data(self) -> Dataset:
        return self.trace.data


@dataclass(frozen=True, eq=False)
class MarginSweep:
    """Runs of the perceptron over data sets of decreasing margin.

    ``runs[j][r]`` is the run for margin ``margins[j]`` and repeat r.
    """

    margins: tuple[float, ...]
    repeats: int
    seed: int
    offset: bool
    runs: tuple[tuple[MarginRun, ...], ...]

    def _table(self, name: str) -> np.ndarray:
        return np.array([[getattr(run, name) for run in row] for row in self.runs], dtype=float)

    @property
    def updates(self) -> np.ndarray:
        """M of every run: shape (n_margins, repeats)."""
        return self._table("updates")

    @property
    def bounds(self) -> np.ndarray:
        """(R/γ)² of every run: shape (n_margins, repeats)."""
        return self._table("bound")

    @property
    def gammas(self) -> np.ndarray:
        """γ of every run: shape (n_margins, repeats)."""
        return self._table("gamma")

    def all_runs(self) -> list[MarginRun]:
        """Every run, margin by margin."""
        return [run for row in self.runs for run in row]

    def slowest(self, margin_index: int = -1) -> MarginRun:
        """The run with the most updates at one margin (the smallest by default); of runs
        with equally many, the first (:func:`linviz.ties.greatest_index`)."""
        row = self.runs[margin_index]
        return row[greatest_index([run.updates for run in row])]


def margin_run(data: Dataset, requested_margin: float, data_seed: tuple[int, int, int],
               offset: bool = True) -> MarginRun:
    """The perceptron on separable ``data`` until a pass makes no update, with the theorem's
    R, γ and (R/γ)² (on [x, 1] with an offset): ⌊(R/γ)²⌋ + 2 epochs always suffice."""
    points, star = proof_space(data, offset)
    R = radius_of(points)
    bound = mistake_bound(R, star.gamma)
    learner = Perceptron(epochs=int(np.floor(bound)) + 2, offset=offset).fit(data)
    if not learner.converged_:  # pragma: no cover - the theorem forbids it
        raise RuntimeError(f"the perceptron did not converge within (R/γ)² = {bound:.1f}"
                           f" updates on {data.name} (seed {list(data_seed)})")
    return MarginRun(requested_margin=requested_margin, seed=tuple(data_seed),
                     trace=learner.trace_, R=R, gamma=star.gamma, bound=bound,
                     theta_star=star.theta, updates=int(learner.n_updates_),
                     epochs=int(learner.n_epochs_))


def margin_sweep(margins=DEFAULT_MARGINS, repeats: int = 7, n: int = 100, radius: float = 2.0,
                 normal_angle: float = 60.0, line_offset: float = 1.0, offset: bool = True,
                 seed: int = DEFAULT_SEED, touching: bool = False) -> MarginSweep:
    """Run the perceptron on separable data sets of shrinking margin (see the module).

    Parameters
    ----------
    margins : sequence of float
        The requested margins, strictly decreasing, each in (0, ``radius``).
    repeats : int
        Data sets per margin.
    n, radius, normal_angle, line_offset, touching
        Passed to :func:`linviz.generators.separable` (``line_offset`` as its ``offset``;
        ``touching``: a point of each class on the band's edges).
    offset : bool
        Whether the perceptron learns an offset θ₀.
    seed : int
        The same seed gives the same sweep, run for run.

    Returns
    -------
    MarginSweep
        ``runs[j][r]`` for margin j and repeat r.

    Every run is let go until it converges: the theorem guarantees it within
    (R/γ)² updates, so ⌊(R/γ)²⌋ + 2 epochs always suffice (each epoch but
    the last makes an update).
    """
    margins = tuple(float(m) for m in margins)
    if not margins:
        raise DataError("margin sweep: give at least one margin")
    if any(not 0 < m < radius for m in margins):
        raise DataError(f"margin sweep: every margin must lie in (0, R = {radius}), "
                        f"got {list(margins)}")
    if any(b >= a for a, b in zip(margins, margins[1:])):
        raise DataError(f"margin sweep: the margins must decrease, got {list(margins)}")
    if not offset and line_offset != 0:
        raise DataError(f"margin sweep: a perceptron through the origin needs a line through "
                        f"the origin (line_offset = 0), got line_offset = {line_offset}")
    if not (isinstance(repeats, (int, np.integer)) and repeats >= 1):
        raise DataError(f"margin sweep: repeats must be a whole number ≥ 1, got {repeats!r}")
    rows = []
    for j, margin in enumerate(margins):
        row = []
        for r in range(int(repeats)):
            data_seed = (int(seed), j, r)
            data = separable(n=n, margin=margin, radius=radius, normal_angle=normal_angle,
                             offset=line_offset, seed=list(data_seed),
                             name=f"separable-margin-{margin:g}", touching=touching)
            row.append(margin_run(data, margin, data_seed, offset))
        rows.append(tuple(row))
    return MarginSweep(margins=margins, repeats=int(repeats), seed=seed, offset=bool(offset),
                       runs=tuple(rows))
