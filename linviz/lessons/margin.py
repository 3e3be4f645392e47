"""The lesson of ``margin``: signed distances, margins, and the maximum-margin separator.

As in notes 000, for the line θᵀx + θ₀ = 0:

1. the signed distance of x is its projection on θ/‖θ‖ minus the signed
   distance of the line to the origin, −θ₀/‖θ‖ (notes 004):
   θᵀx/‖θ‖ − (−θ₀/‖θ‖) = (θᵀx + θ₀)/‖θ‖;
2. the margin of (x⁽ⁱ⁾, y⁽ⁱ⁾) is y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖; of the data set, the least;
3. the maximum-margin separator θ* has the largest, γ; R = maxᵢ‖x⁽ⁱ⁾‖.

On data no line separates there is no θ* (no line has a positive margin): the
lesson then measures the signed distances and margins on the line with the
fewest mistakes (:func:`linviz.least_error.least_training_error`, exact), says
the data set's margin is negative there, and that no maximum margin exists
(``separable`` False; ``star``, the run and the lifted R and γ are None).

The separators are real: a state of the perceptron run (with offset, given
⌊(R/γ)²⌋ + 2 passes) that still makes mistakes, its final separator, and
:func:`linviz.theory.max_margin_separator`. The scene's animated state is a
*blend* s ∈ [0, 2] between them (linear on the unit parameters (θ, θ₀)/‖θ‖),
so every drawn number is a function of s: :meth:`MarginLesson.parameters`,
:meth:`MarginLesson.margins`.

Two R's and two γ's: this scene's R = maxᵢ‖x⁽ⁱ⁾‖ and γ (the line's margin in the
plane) are not the ones the convergence theorem uses with an offset; that one
is about the points [x, 1]: R' = maxᵢ‖[x⁽ⁱ⁾, 1]‖ and γ' = the margin through the
origin of [x, 1] (the numbers proof-offset shows). The lesson holds both
(``lifted_R``, ``lifted_gamma``), computed as proof-offset computes them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import Dataset
from ..errors import DataError
from ..least_error import least_training_error
from ..perceptron import mistakes
from ..theory import (
    Separator, dataset_margin, is_separable, max_margin_separator, mistake_bound,
    point_margins, proof_space, radius, signed_distance,
)
from ..ties import greatest_index, least_index
from ..trace import Trace
from .proof import check_drawable, converged_run, theory_budget

#: −θ₀/‖θ‖ shorter than this fraction of R is called short (the scene marks its end and
#: says its value: drawn to scale it is a tick)
SHORT_OFFSET_FRACTION = 0.25
#: a perceptron's margin below this fraction of γ is called small
SMALL_MARGIN_FRACTION = 0.5
#: states whose training errors are examined at a time (a long run has 10⁵ states)
STATE_CHUNK = 4096


def check_margin_data(data: Dataset, spec: str | None = None) -> None:
    """Refuse data the scene cannot draw (not 2-D, not classification). Data no line
    separates is taught too: signed distances and margins on the least-error line.
    ``spec`` names the data in the message, quoted (the data set's name when None)."""
    check_drawable(data, spec if spec is not None else data.name, "scene 'margin'")


def unit_parameters(theta, theta0: float) -> np.ndarray:
    """(θ, θ₀)/‖θ‖ as one vector [θ̂₁, …, θ̂_d, θ̂₀]: the same line, ‖θ̂‖ = 1."""
    theta = np.asarray(theta, dtype=float)
    norm = float(np.linalg.norm(theta))
    return np.append(theta / norm, float(theta0) / norm)


def state_with_fewest_mistakes(X: np.ndarray, y: np.ndarray, thetas: np.ndarray,
                               theta0s: np.ndarray) -> int | None:
    """The latest state with θ ≠ 0 that still makes mistakes, among those with the fewest;
    None when every state with θ ≠ 0 separates.

    Parameters: X (n, d), y (n,), thetas (S, d), theta0s (S,). Mistakes are
    y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0 (a point on the line counts), counted for all states in
    chunks of ``STATE_CHUNK``.
    """
    counts = np.empty(len(thetas), dtype=int)
    for start in range(0, len(thetas), STATE_CHUNK):
        stop = start + STATE_CHUNK
        counts[start:stop] = np.count_nonzero(
            mistakes(X, y, thetas[start:stop], theta0s[start:stop]), axis=1)
    candidates = np.flatnonzero(np.any(thetas != 0, axis=1) & (counts > 0))
    if not len(candidates):
        return None
    fewest = counts[candidates].min()
    return int(candidates[counts[candidates] == fewest][-1])


def probe_points(X: np.ndarray, theta, theta0: float) -> tuple[int, int]:
    """Two points to measure, one on each side of the line (positive side first).

    On each side, among the points at least as far from the line as the median
    of that side, the one farthest from the axis through the origin along θ:
    its projection on that axis then stands apart from the point itself.
    """
    distances = signed_distance(X, theta, theta0)
    unit = np.asarray(theta, dtype=float) / float(np.linalg.norm(theta))
    across = np.abs(X @ np.array([-unit[1], unit[0]]))
    chosen = []
    for side in (distances > 0, distances <= 0):
        candidates = np.flatnonzero(side & (np.abs(distances)
                                            >= np.median(np.abs(distances[side]))))
        chosen.append(int(candidates[greatest_index(across[candidates])]))
    return chosen[0], chosen[1]


@dataclass(frozen=True)
class MarginLesson:
    """Everything the margin scene shows. ``separators`` has shape (3, 3): the unit
    parameters [θ̂₁, θ̂₂, θ̂₀] of the separator with a mistake (the perceptron's after
    ``mistake_state`` updates, or its first if none has one), the perceptron's final one
    and θ*."""

    data: Dataset
    #: the perceptron's converged run (None: no line separates the data)
    trace: Trace | None
    #: ⌊(R'/γ')²⌋ + 2 (of [x, 1]), the passes the theorem says are always enough (0: none)
    theory_epochs: int
    #: τ, the passes the run was given
    epochs_given: int
    #: the run is the scene's own, given the theory's budget (not a saved trace)
    own_run: bool
    #: the state of the run shown with a mistake (None: every state separates, or no run)
    mistake_state: int | None
    separators: np.ndarray
    #: θ* (None: no line separates the data)
    star: Separator | None
    #: R = maxᵢ‖x⁽ⁱ⁾‖, the circle in the plane
    R: float
    #: the margin of the data set on the line at blend 1 (the perceptron's final separator;
    #: on data no line separates, the least-error line's, ≤ 0)
    line_margin: float
    #: the two points measured (positive side first)
    probe_indices: tuple[int, int]
    #: R' = maxᵢ‖[x⁽ⁱ⁾, 1]‖, the R of the theorem with an offset (proof-offset's; None: no
    #: line separates)
    lifted_R: float | None
    #: γ' = the largest margin through the origin of the points [x, 1] (proof-offset's γ)
    lifted_gamma: float | None
    #: the least-error line's mistakes (data no line separates; None on separable data)
    least_mistakes: int | None = None

    @property
    def separable(self) -> bool:
        """Some line has every point on its right side (then θ* and γ > 0 exist)."""
        return self.star is not None

    @property
    def perceptron_margin(self) -> float:
        """The perceptron's final separator's margin (separable data)."""
        return self.line_margin

    # -- functions of the blend s ------------------------------------------
    def parameters(self, s: float) -> tuple[np.ndarray, float]:
        """(θ, θ₀) at blend ``s`` ∈ [0, 2], linear between the separators' unit parameters."""
        s = min(max(float(s), 0.0), float(len(self.separators) - 1))
        low = min(int(np.floor(s)), len(self.separators) - 2)
        fraction = s - low
        w = (1 - fraction) * self.separators[low] + fraction * self.separators[low + 1]
        return w[:-1], float(w[-1])

    def margins(self, s: float) -> np.ndarray:
        """y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖ of every point at blend ``s``: shape (n,)."""
        return point_margins(self.data.X, self.data.y, *self.parameters(s))

    def data_set_margin(self, s: float) -> float:
        """The data set's margin at blend ``s``."""
        return float(np.min(self.margins(s)))

    def wrong_side(self, s: float) -> int:
        """Points with margin ≤ 0 at blend ``s``."""
        return int(np.count_nonzero(self.margins(s) <= 0))

    def closest_point(self, s: float) -> int:
        """The point of least margin at blend ``s`` (the first of equals, linviz.ties)."""
        return least_index(self.margins(s))

    def probe_point(self, p: float) -> np.ndarray:
        """The studied point at probe ``p`` ∈ [0, 1], moving from the first probe to the second."""
        a, b = (self.data.X[i] for i in self.probe_indices)
        return (1 - p) * a + p * b

    def distance_parts(self, s: float, x) -> tuple[float, float, float]:
        """(θᵀx/‖θ‖, −θ₀/‖θ‖, (θᵀx + θ₀)/‖θ‖) of the point ``x`` at blend ``s``: the
        projection, the line's signed distance to the origin, and their difference."""
        theta, theta0 = self.parameters(s)
        x = np.asarray(x, dtype=float)[None, :]
        norm = float(np.linalg.norm(theta))
        return (float(signed_distance(x, theta)[0]), -theta0 / norm,
                float(signed_distance(x, theta, theta0)[0]))

    # -- numbers the captions say --------------------------------------------
    @property
    def line_offset(self) -> float:
        """−θ₀/‖θ‖ of the perceptron's final separator (blend 1)."""
        return self.distance_parts(1.0, self.data.X[0])[1]

    @property
    def probe_distances(self) -> tuple[float, float]:
        """The two probe points' signed distances to the final separator."""
        return tuple(self.distance_parts(1.0, self.data.X[i])[2]
                     for i in self.probe_indices)

    @property
    def lifted_bound(self) -> float:
        """(R'/γ')², the theorem's bound with an offset (proof-offset's)."""
        return mistake_bound(self.lifted_R, self.lifted_gamma)

    @property
    def passes(self) -> int:
        """Passes the run made, the last (clean) one included."""
        return int(self.trace.result["epochs"])

    @property
    def updates(self) -> int:
        """M, the updates the run made (what the theorem bounds by (R'/γ')²)."""
        return int(self.trace.result["updates"])

    # -- predicates ----------------------------------------------------------
    @property
    def budget_is_theory_bound(self) -> bool:
        """The run was given exactly ⌊(R'/γ')²⌋ + 2 passes (the scene's own, not capped)."""
        return self.own_run and self.epochs_given == self.theory_epochs

    @property
    def has_mistake_state(self) -> bool:
        """Some state of the run with θ ≠ 0 still puts a point on the wrong side."""
        return self.mistake_state is not None

    @property
    def line_offset_is_short(self) -> bool:
        """|−θ₀/‖θ‖| < SHORT_OFFSET_FRACTION · R: drawn to scale, the arrow is a tick."""
        return abs(self.line_offset) < SHORT_OFFSET_FRACTION * self.R

    @property
    def perceptron_margin_is_small(self) -> bool:
        """The perceptron's separator's margin is less than half of γ, the largest any line
        has (the words "positive but small")."""
        return self.perceptron_margin < SMALL_MARGIN_FRACTION * self.star.gamma

def inseparable_margin_lesson(data: Dataset) -> MarginLesson:
    """The lesson on 2-D data no line separates: every separator is the least-error line."""
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    best = least_training_error(X, y)
    line = unit_parameters(best.theta, best.theta0)
    return MarginLesson(
        data=data, trace=None, theory_epochs=0, epochs_given=0, own_run=True,
        mistake_state=None, separators=np.array([line, line, line]), star=None,
        R=radius(X), line_margin=dataset_margin(X, y, line[:-1], float(line[-1])),
        probe_indices=probe_points(X, line[:-1], float(line[-1])),
        lifted_R=None, lifted_gamma=None, least_mistakes=int(best.mistakes))


def margin_lesson(data: Dataset, trace: Trace | None = None) -> MarginLesson:
    """The margin scene's lesson for 2-D ``data`` (``trace``: a saved converged
    perceptron run with offset to use instead of the scene's own, on separable data)."""
    check_margin_data(data)
    if not is_separable(data.X, data.y, offset=True):
        if trace is not None:
            raise DataError("no line separates this data, so no run of the perceptron "
                            "converges on it: the margin scene measures it on the "
                            "least-error line; drop --trace")
        return inseparable_margin_lesson(data)
    theory_epochs, _ = theory_budget(data, offset=True)
    own = trace is None
    if trace is None:
        trace = converged_run(data, offset=True)
    elif not trace.result.get("converged", False):
        raise DataError("the saved run did not converge: the margin scene needs the "
                        "perceptron's final separator")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    thetas = np.asarray(trace.states["theta"], dtype=float)
    theta0s = np.asarray(trace.states["theta0"], dtype=float)
    with_mistake = state_with_fewest_mistakes(X, y, thetas, theta0s)
    start = with_mistake if with_mistake is not None else 1
    star = max_margin_separator(X, y, offset=True)
    separators = np.array([unit_parameters(thetas[start], theta0s[start]),
                           unit_parameters(thetas[-1], theta0s[-1]),
                           unit_parameters(star.theta, star.theta0)])
    final = (separators[1][:-1], float(separators[1][-1]))
    lifted_points, lifted_star = proof_space(data, offset=True)
    return MarginLesson(
        data=data, trace=trace, theory_epochs=theory_epochs,
        epochs_given=int(trace.params.get("epochs", 0)), own_run=own,
        mistake_state=with_mistake,
        separators=separators, star=star, R=radius(X),
        line_margin=dataset_margin(X, y, *final),
        probe_indices=probe_points(X, *final),
        lifted_R=radius(lifted_points), lifted_gamma=lifted_star.gamma,
    )
