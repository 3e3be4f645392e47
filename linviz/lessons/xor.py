"""The xor scene's lesson: the perceptron on XOR data, then on [x₁, x₂, x₁x₂].

Minsky and Papert (1969): no line separates the XOR corners. The run on the
data (τ passes, cyclic order) never converges; on the four corners its state
repeats every pass (the engine's cycle detection). Lifted by the feature
x₁x₂, a plane separates the points and the perceptron converges; that plane,
seen in the plane of the data, is θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0.

XOR data (what the story names) is 2-D labelled data that

- no line separates,
- the lifted points [x₁, x₂, x₁x₂] are separable with an offset, and
- in each quadrant round the origin that holds points, most labels are +1
  exactly where x₁x₂ < 0 (the corners' labels).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import CLASSIFICATION, Dataset
from ..epochs import epoch_boundary_states, mistakes_per_epoch
from ..errors import DataError
from ..features import lift_product
from ..least_error import LeastError, least_training_error
from ..perceptron import Perceptron, mistakes, signed_scores
from ..replay import theta_is_zero_after
from .perceptron import PerceptronLesson, perceptron_lesson, signed_scores_after_steps
from ..theory import is_separable
from ..trace import Trace

#: passes on the data: enough to see the run come back to where it started, twice
XOR_EPOCHS = 3
#: the most passes the lifted run may take (it converges: the lifted data is separable)
LIFTED_EPOCHS = 100
#: up to this many states, the training errors along the cycle are read out one by one
#: (and its lines tagged with their update counts); beyond, their range is said
LISTED_ERRORS = 6


def curve_kind(theta, theta0: float) -> str:
    """What θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0 is in the plane, in words.

    θ₃ = 0: a line (or nothing when θ₁ = θ₂ = 0). Otherwise
    θ₃(x₁ + θ₂/θ₃)(x₂ + θ₁/θ₃) = θ₁θ₂/θ₃ − θ₀: a hyperbola, degenerate (two
    crossing lines) when θ₀θ₃ = θ₁θ₂.
    """
    t1, t2, t3 = (float(v) for v in theta)
    if t3 == 0:
        return "a line" if (t1 or t2) else "nothing"
    if np.isclose(theta0 * t3, t1 * t2):
        return "two crossing lines (a degenerate hyperbola)"
    return "a hyperbola"


def xor_shape(data: Dataset, name: str | None = None) -> str | None:
    """Why ``data`` is not XOR data (see the module's docstring), or None when it is."""
    X, y = data.X, data.y
    if is_separable(X, y, offset=True):
        return f"a line separates {name or data.name!r}"
    if not is_separable(lift_product(data).X, y, offset=True):
        return "even the feature x₁x₂ does not separate it"
    product = X[:, 0] * X[:, 1]
    for quadrant in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        inside = (np.sign(X[:, 0]) == quadrant[0]) & (np.sign(X[:, 1]) == quadrant[1])
        if not inside.any():
            continue
        corner_label = 1.0 if quadrant[0] * quadrant[1] < 0 else -1.0
        if np.sum(y[inside] == corner_label) * 2 <= np.count_nonzero(inside):
            return "its quadrants are not labelled +1 where x₁x₂ < 0"
    if not np.any(product < 0) or not np.any(product > 0):
        return "its points are not round the four corners"
    return None


def check_xor_data(data: Dataset, spec: str | None = None) -> None:
    """XOR data only: the story names its four corners and their labels (DataError)."""
    name = spec or data.name
    if data.task != CLASSIFICATION or data.n_features != 2:
        raise DataError(f"scene 'xor': {name!r} is not XOR data (2-D, labels ±1), whose "
                        f"corners the scene tells of: try 'xor' or 'xor-cloud'")
    why = xor_shape(data, name)
    if why is not None:
        raise DataError(f"scene 'xor': {name!r} is not XOR data ({why}), whose corners the "
                        f"scene tells of: try 'xor' or 'xor-cloud'")


@dataclass(frozen=True, eq=False)
class LiftedUpdate:
    """The lifted run after one update: θ ∈ ℝ³, θ₀, what its zero set is in the plane,
    and the decimals that say them (0 on whole numbers)."""

    number: int
    theta: np.ndarray
    theta0: float
    curve: str
    places: int
    #: the points (0-based) on the plane after this update: lifted score exactly 0 by the
    #: learner's rule, so each counts as a mistake (≤ 0)
    on_plane: tuple[int, ...] = ()
    #: how many of the next updates are each at a point on the plane before it (score 0)
    zero_score_updates_next: int = 0


@dataclass(frozen=True, eq=False)
class XorLesson:
    """What the xor scene shows.

    Attributes
    ----------
    data : Dataset
    trace : Trace
        The perceptron with offset on the data, ``XOR_EPOCHS`` passes.
    lifted_trace : Trace
        The perceptron with offset on [x₁, x₂, x₁x₂].
    state_mistakes : ndarray of shape (M + 1,)
        Mistakes (≤ 0 rule) of the state after m updates.
    epoch_states : ndarray of shape (τ + 1,)
        The state after t passes.
    epoch_updates : ndarray of shape (τ,)
    cycle_states : ndarray of shape (k,)
        The states of one period of the cycle (all states when there is none).
    shown_signed_scores : ndarray of shape (n_steps,)
        Entry k − 1: after k whole steps, y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) of the point visited at
        step k under the state after step k. Between two steps the panel shows the
        visit's own score, under the state before it.
    best_line : LeastError
        The least training error any line reaches.
    lifted_updates : tuple of LiftedUpdate
    run : PerceptronLesson
        The perceptron scenes' lesson of the run on the data (what the pass-by-pass
        telling and the scene's run player read).
    """

    data: Dataset
    trace: Trace
    lifted_trace: Trace
    state_mistakes: np.ndarray
    epoch_states: np.ndarray
    epoch_updates: np.ndarray
    cycle_states: np.ndarray
    shown_signed_scores: np.ndarray
    best_line: LeastError
    lifted_updates: tuple[LiftedUpdate, ...]
    run: PerceptronLesson

    @property
    def cycle(self) -> dict | None:
        """The engine's cycle: start_epoch, period_epochs, updates_per_period (or None)."""
        return self.trace.result.get("cycle")

    @property
    def has_cycle(self) -> bool:
        """The run's state repeats: the same (θ, θ₀) at the start of two passes."""
        return self.cycle is not None

    @property
    def cycle_errors(self) -> np.ndarray:
        """ℰₙ of the states along one period of the cycle (or along the run)."""
        return self.state_mistakes[self.cycle_states] / self.data.n_samples

    @property
    def least_error_of_run(self) -> float:
        """min over every state of the run of ℰₙ."""
        return float(np.min(self.state_mistakes)) / self.data.n_samples

    @property
    def run_reaches_best_line(self) -> bool:
        """Some state of the run makes as few mistakes as the best line."""
        return int(np.min(self.state_mistakes)) == self.best_line.mistakes

    @property
    def repeat_from_pass(self) -> int | None:
        """The first pass that starts where an earlier one started (the cycle's start
        pass plus its period), when the run gets there; None otherwise. From it on the run
        repeats, update for update: the learner is deterministic and the order cyclic."""
        cycle = self.cycle
        if cycle is None:
            return None
        first = int(cycle["start_epoch"]) + int(cycle["period_epochs"])
        return first if first <= len(self.epoch_updates) else None

    @property
    def cycle_lines(self) -> list[int]:
        """The lines of the cycle drawn together: j, for the boundary after j updates of the
        period (j = 0..k−1), those with θ ≠ 0 (θ = 0 has none)."""
        thetas = self.trace.states["theta"]
        return [j for j, state in enumerate(self.cycle_states) if np.any(thetas[state])]

    @property
    def cycle_lines_tagged(self) -> bool:
        """The cycle's few lines carry their j (a long run's would bury the plane)."""
        return self.has_cycle and len(self.cycle_lines) <= LISTED_ERRORS

    @property
    def errors_listed(self) -> bool:
        """The training errors along the cycle are few enough to be read out one by one."""
        return len(self.cycle_errors) <= LISTED_ERRORS

    @property
    def along(self) -> str:
        return "along the cycle" if self.has_cycle else "along the run"

    def theta_is_zero(self, state: int) -> bool:
        """θ = 0 in ``state``: there is no boundary to draw."""
        return not np.any(self.trace.states["theta"][state])

    def zero_reason(self, state: int) -> str | None:
        """Why θ = 0 in ``state``: "start" (θ starts there) or "cancelled" (the updates
        since added up to 0: Σ y⁽ⁱ⁾x⁽ⁱ⁾ = 0); None when θ ≠ 0."""
        if not self.theta_is_zero(state):
            return None
        return "start" if state == 0 else "cancelled"

    def state_after_step(self, step: int) -> int:
        """The state (updates so far) after ``step`` visits of the run on the data."""
        return int(np.count_nonzero(self.trace.steps["mistake"][:step]))

    def theta_zero_after_step(self, step: int) -> bool:
        """θ = 0 after visit ``step`` (1-based): the update left no boundary to draw
        (:func:`linviz.replay.theta_is_zero_after`, the perceptron scenes' one test)."""
        return theta_is_zero_after(self.trace, step)

    def still_mistake_after_step(self, step: int) -> bool:
        """The point visited at ``step`` (1-based) is still a mistake under the state after
        it: y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0 by the learner's rule (a score 0 is a mistake)."""
        i = int(self.trace.steps["i"][step - 1])
        state = self.state_after_step(step)
        theta, theta0 = self.trace.states["theta"][state], self.trace.states["theta0"][state]
        return bool(mistakes(self.data.X[i:i + 1], self.data.y[i:i + 1], theta,
                             float(theta0))[0])

    @property
    def cancelled_states(self) -> np.ndarray:
        """The states after some update in which θ is 0 again."""
        thetas = self.trace.states["theta"]
        return np.flatnonzero(~np.any(thetas, axis=1))[1:] if len(thetas) else np.array([])

    @property
    def lifted_product_signs(self) -> int:
        """How many points lie across an axis from their corner: x₁x₂ < 0 ≠ (y = +1)."""
        product = self.data.X[:, 0] * self.data.X[:, 1]
        return int(np.sum((product < 0) != (self.data.y > 0)))

    @property
    def lifted_separates(self) -> bool:
        """The lifted run's final plane has every lifted point strictly on its side (a score
        0 by the learner's rule, :func:`linviz.perceptron.on_line`, is on the plane)."""
        result = self.lifted_trace.result
        Z, y = self.lifted_trace.data.X, self.data.y
        return not bool(np.any(mistakes(Z, y, result["theta"], float(result["theta0"]))))

    @property
    def final_curve_kind(self) -> str:
        result = self.lifted_trace.result
        return curve_kind(result["theta"], float(result["theta0"]))

    @property
    def plane_sides(self) -> tuple[bool, bool] | None:
        """(every − point above the final plane, every + point below it), x₃ upwards;
        None when the plane is vertical (θ₃ = 0)."""
        result = self.lifted_trace.result
        theta, theta0 = np.asarray(result["theta"], dtype=float), float(result["theta0"])
        if abs(theta[2]) < 1e-12:
            return None
        Z, y = self.lifted_trace.data.X, self.data.y
        above = Z[:, 2] > -(Z[:, :2] @ theta[:2] + theta0) / theta[2]
        return bool(np.all(above[y < 0])), bool(np.all(~above[y > 0]))


def xor_lesson(data: Dataset, epochs: int = XOR_EPOCHS,
               lifted_epochs: int = LIFTED_EPOCHS) -> XorLesson:
    """The xor scene's lesson on ``data`` (refused unless it is XOR data)."""
    check_xor_data(data)
    trace = Perceptron(epochs=epochs, offset=True).fit(data).trace_
    lifted = Perceptron(epochs=lifted_epochs, offset=True).fit(lift_product(data)).trace_
    X, y = data.X, data.y
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    state_mistakes = np.count_nonzero(mistakes(X, y, thetas, theta0s),
                                      axis=1).astype(np.int64)
    starts = epoch_boundary_states(trace)
    cycle = trace.result.get("cycle")
    if cycle is not None:
        first = int(starts[cycle["start_epoch"] - 1])
        cycle_states = np.arange(first, first + cycle["updates_per_period"])
    else:
        cycle_states = np.arange(len(thetas))
    scores = signed_scores_after_steps(trace)
    updates = []
    lifted_thetas, lifted_theta0s = lifted.states["theta"], lifted.states["theta0"]
    Z = lifted.data.X
    # for each update (1-based), whether its point was on the plane before it: score 0
    update_steps = np.flatnonzero(lifted.steps["mistake"])
    # (the trace's scores are exactly 0.0 on the plane, by the learner's rule)
    on_plane_before = [bool(lifted.steps["score"][k] == 0.0) for k in update_steps]
    for number in range(1, len(lifted_thetas)):
        theta, theta0 = lifted_thetas[number], float(lifted_theta0s[number])
        whole = np.allclose(np.append(theta, theta0) % 1, 0)
        on_plane = tuple(int(j) for j in np.flatnonzero(signed_scores(Z, y, theta, theta0) == 0))
        following = 0
        while number + following < len(on_plane_before) and on_plane_before[number + following]:
            following += 1
        updates.append(LiftedUpdate(number, theta, theta0, curve_kind(theta, theta0),
                                    0 if whole else 2, on_plane, following))
    return XorLesson(data=data, trace=trace, lifted_trace=lifted, state_mistakes=state_mistakes,
                     epoch_states=starts, epoch_updates=mistakes_per_epoch(trace),
                     cycle_states=cycle_states, shown_signed_scores=scores,
                     best_line=least_training_error(X, y), lifted_updates=tuple(updates),
                     run=perceptron_lesson(data, offset=True, trace=trace, budget=epochs,
                                           needs_separable=False, scene="xor"))
