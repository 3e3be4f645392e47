"""The logistic scene's lesson: gradient descent on the logistic loss, with its step
size from the data, the minimum it heads for, and the perceptron beside it.

With x̃ = [x, 1] and w = (θ, θ₀) the mean logistic loss

    L(w) = (1/n) Σᵢ log(1 + exp(−y⁽ⁱ⁾ wᵀx̃⁽ⁱ⁾))

has Hessian H(w) = (1/n) Σᵢ σ(zᵢ)(1 − σ(zᵢ)) x̃⁽ⁱ⁾x̃⁽ⁱ⁾ᵀ ≼ β·I with the curvature bound
β = λ_max(X̃ᵀX̃)/(4n) (σ(1 − σ) ≤ 1/4; β, not L, which names the loss). The default
step is η = 1/β: by the descent lemma every step then lowers the loss. A step set by
hand may be larger; the run is then described as what it did
(:func:`linviz.gradient.loss_behaviour`).

The least loss L* is found independently of the run, by Newton's method
(:func:`linviz.logistic.logistic_optimum`). With η = 1/β the run goes on past its
``steps`` until L(w_t) − L* ≤ TOLERANCE, within a budget of ``budget`` steps; when the
budget ends first the lesson says how far it got and why: near the minimum the error
along H(w*)'s flattest eigenvector shrinks by 1 − ηλ_min(H(w*)) a step, about
β/λ_min steps per factor e, which the ratio κ = λ_max/λ_min of H(w*) makes slow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..dataset import Dataset
from ..errors import DataError
from ..gradient import (
    DECREASING, DIVERGING, OSCILLATING, LossBehaviour, augmented, descent_converged,
    gram_eigenvalues, logistic_curvature_bound,
)
from ..logistic import (
    LogisticRegression, logistic_loss_and_grad, logistic_optimum, pointwise_logistic_loss, sigmoid,
)
from ..perceptron import Perceptron
from ..theory import is_separable, training_error
from ..ties import greatest_index
from ..trace import Trace
from ..transforms import is_standardized
from .checks import require_classes_in_the_plane
from .noise import SHUFFLE_SEED, order_for_inseparable

#: a final loss within this of the minimum L* is "at the minimum" (equal to three places)
AT_MINIMUM = 5e-4
#: a loss above this fraction of log 2 is "barely below log 2" (P = ½ pays log 2)
NEAR_COIN = 0.9
#: P(y = +1 | x) at least this somewhere in view: "certain far from the line"
CERTAIN = 0.9
#: the margin plot's y·z runs from −this to +this
MARGIN_RANGE = 4.0
#: the first steps shown one by one
SLOW_STEPS = 3
#: the data the scene tells when none is given, and its run's steps
DEFAULT_DATA = {"logistic": "noisy"}
STEPS = 120
#: with η = 1/β the run goes on until L(w_t) − L* is at most this (L* to three places)
TOLERANCE = AT_MINIMUM
#: ... or until this many steps, whichever comes first
STEP_BUDGET = 2000
#: κ(H(w*)) from which the loss's bowl is called ill-conditioned
ILL_CONDITIONED = 100.0
#: the two boundaries "differ visibly" when they give different labels on at least this
#: fraction of the view
VISIBLE_DISAGREEMENT = 0.01
#: samples per side of the grid that measures that fraction
DISAGREEMENT_GRID = 101


@dataclass(frozen=True)
class LogisticLesson(LossBehaviour):
    """Everything the logistic scene shows, computed from the data.

    Attributes
    ----------
    data : the data set (2-D, labels ±1, not separable).
    trace : the gradient-descent run (full batch, from θ = 0).
    step_size : η of the run.
    step_from_data : whether η = 1/β (the default) rather than a step set by hand.
    curvature_bound : β = λ_max(X̃ᵀX̃)/(4n).
    gram_condition : λ_max/λ_min of (1/n)X̃ᵀX̃ (the σ' factors left out).
    optimum_theta, optimum_theta0, optimum_loss : the minimizer and L*, by Newton's method.
    optimum_curvature : (λ_min, λ_max) of the Hessian H(w*) at the minimizer.
    min_steps : the steps the run takes at least (the scene's ``steps``).
    budget : the most steps the run may take when it runs to the tolerance.
    perceptron : the perceptron's run (offset, ``perceptron_epochs`` epochs).
    flipped : indices of the labels the generator flipped (noisy data), else empty.
    """

    data: Dataset
    trace: Trace
    step_size: float
    step_from_data: bool
    curvature_bound: float
    gram_condition: float
    optimum_theta: np.ndarray
    optimum_theta0: float
    optimum_loss: float
    perceptron: Trace
    optimum_curvature: tuple[float, float] = (0.0, 0.0)
    min_steps: int = 0
    budget: int = STEP_BUDGET
    flipped: tuple[int, ...] = field(default=())

    # -- the run ---------------------------------------------------------------
    @property
    def gradient_norms(self) -> np.ndarray:
        """‖∇L(w_k)‖ at every state k = 0, …, T of the run, shape (T + 1,)."""
        return gradient_norms(self.data, self.trace)

    @property
    def final_gradient(self) -> float:
        """‖∇L(w_T)‖: the gradient's norm where the run ended."""
        return float(self.gradient_norms[-1])

    @property
    def final_theta(self) -> np.ndarray:
        return self.trace.states["theta"][-1]

    @property
    def final_theta0(self) -> float:
        return float(self.trace.states["theta0"][-1])

    @property
    def stable_limit(self) -> float:
        """2/β: below it the curvature bound guarantees the loss falls at every step."""
        return 2.0 / self.curvature_bound

    @property
    def slow_steps(self) -> int:
        """How many first steps are played one by one: min(SLOW_STEPS, T)."""
        return min(SLOW_STEPS, self.steps)

    @property
    def fast_steps(self) -> int:
        """The steps after the slow ones: T − slow_steps, counted exactly."""
        return self.steps - self.slow_steps

    # -- predicates --------------------------------------------------------------
    @property
    def step_guaranteed(self) -> bool:
        """η ≤ 1/β (to rounding): the descent lemma makes every step lower the loss."""
        return self.step_size * self.curvature_bound <= 1.0 + 1e-12

    @property
    def step_above_limit(self) -> bool:
        """η ≥ 2/β: the curvature bound no longer promises anything."""
        return self.step_size * self.curvature_bound >= 2.0

    @property
    def converged(self) -> bool:
        """The descent's one rule (:func:`linviz.gradient.descent_converged`): ‖∇L(w_T)‖ <
        5e-5, the last gradient 0 to four places."""
        return descent_converged(self.final_gradient)

    @property
    def gap_to_minimum(self) -> float:
        """L(w_T) − L*, L* by Newton's method (≥ 0 up to rounding)."""
        return self.final_loss - self.optimum_loss

    @property
    def at_minimum(self) -> bool:
        """L(w_T) equals L* to three places: |L(w_T) − L*| < 5e-4."""
        return abs(self.gap_to_minimum) < AT_MINIMUM

    # -- running to the tolerance, within the budget ---------------------------------
    @property
    def runs_to_tolerance(self) -> bool:
        """η ≤ 1/β: the run goes on past ``min_steps`` until L(w_t) − L* ≤ TOLERANCE or the
        budget ends (a step set larger runs exactly ``min_steps``: nothing promises it
        gets closer)."""
        return self.step_guaranteed

    @property
    def tolerance(self) -> float:
        return TOLERANCE

    @property
    def within_tolerance(self) -> bool:
        """L(w_T) − L* ≤ TOLERANCE."""
        return self.gap_to_minimum <= TOLERANCE

    @property
    def ran_past_min_steps(self) -> bool:
        """The run needed more than ``min_steps`` steps to come within the tolerance."""
        return self.steps > self.min_steps

    @property
    def budget_ended(self) -> bool:
        """It ran to the tolerance but the budget ended first: T = budget, L(w_T) − L* > TOLERANCE."""
        return self.runs_to_tolerance and not self.within_tolerance

    @property
    def curvature_condition(self) -> float:
        """κ = λ_max/λ_min of the Hessian H(w*) at the minimizer (inf when singular): how
        many times more curved the loss's bowl is along its steepest direction than
        along its flattest."""
        low, high = self.optimum_curvature
        return high / low if low > 0 else np.inf

    @property
    def ill_conditioned(self) -> bool:
        """κ(H(w*)) ≥ ILL_CONDITIONED: steps that the steep direction allows crawl along
        the flat one."""
        return self.curvature_condition >= ILL_CONDITIONED

    @property
    def steps_per_factor_e(self) -> float:
        """β/λ_min(H(w*)): with η = 1/β the error along H(w*)'s flattest eigenvector
        shrinks by 1 − λ_min/β a step near the minimum, a factor e in about this many
        steps."""
        low = self.optimum_curvature[0]
        return self.curvature_bound / low if low > 0 else np.inf

    @property
    def standardized(self) -> bool:
        """The data was centred and scaled (--standardize)."""
        return is_standardized(self.data)

    @property
    def standardizing_helps(self) -> bool:
        """The run stopped short on ill-conditioned raw data: --standardize is the advice."""
        return self.budget_ended and self.ill_conditioned and not self.standardized

    def disagreement_in(self, corners: np.ndarray) -> float:
        """The fraction of the view (a box with these corners, shape (4, 2)) where the run's
        last boundary and the minimizer's give different labels (sign(z) under each, on a
        DISAGREEMENT_GRID² grid)."""
        corners = np.asarray(corners, dtype=float)
        low, high = corners.min(axis=0), corners.max(axis=0)
        a = np.linspace(low[0], high[0], DISAGREEMENT_GRID)
        b = np.linspace(low[1], high[1], DISAGREEMENT_GRID)
        grid = np.stack(np.meshgrid(a, b), axis=-1).reshape(-1, 2)
        final = grid @ self.final_theta + self.final_theta0 > 0
        best = grid @ self.optimum_theta + self.optimum_theta0 > 0
        return float(np.mean(final != best))

    def optimum_differs_in(self, corners: np.ndarray) -> bool:
        """The minimizer's boundary differs visibly from the run's last one in the view:
        they label at least VISIBLE_DISAGREEMENT of it differently."""
        return self.disagreement_in(corners) >= VISIBLE_DISAGREEMENT

    @property
    def ends_near_coin(self) -> bool:
        """0.9 log 2 < L(w_T) ≤ log 2: the run's loss is barely below that of P = ½."""
        return NEAR_COIN * np.log(2.0) < self.final_loss <= np.log(2.0)

    @property
    def ends_above_coin(self) -> bool:
        """L(w_T) > log 2: the run ends worse than P = ½ everywhere (where it started)."""
        return self.final_loss > np.log(2.0)

    @property
    def best_near_coin(self) -> bool:
        """L* > 0.9 log 2: even the best (θ, θ₀) does little better than P = ½."""
        return self.optimum_loss > NEAR_COIN * np.log(2.0)

    # -- per point, under the final parameters ----------------------------------
    @property
    def final_point_losses(self) -> np.ndarray:
        """ℓᵢ under (θ_T, θ₀_T): shape (n,)."""
        return pointwise_logistic_loss(self.data.X, self.data.y, self.final_theta,
                                       self.final_theta0)

    @property
    def worst_point(self) -> int:
        """The point that pays most under the final parameters (first of ties)."""
        return greatest_index(self.final_point_losses)

    @property
    def worst_is_flipped(self) -> bool:
        return self.worst_point in self.flipped

    @property
    def final_margins(self) -> np.ndarray:
        """y⁽ⁱ⁾ z⁽ⁱ⁾ under the final parameters: shape (n,)."""
        return self.data.y * (self.data.X @ self.final_theta + self.final_theta0)

    @property
    def margin_points(self) -> np.ndarray:
        """Indices of the points with |y z| ≤ MARGIN_RANGE (those drawn on the margin plot)."""
        return np.flatnonzero(np.abs(self.final_margins) <= MARGIN_RANGE)

    @property
    def error(self) -> float:
        """Training error of logistic regression's final line."""
        return training_error(self.data.X, self.data.y, self.final_theta, self.final_theta0)

    # -- the perceptron ------------------------------------------------------------
    @property
    def perceptron_theta(self) -> np.ndarray:
        return self.perceptron.states["theta"][-1]

    @property
    def perceptron_theta0(self) -> float:
        return float(self.perceptron.states["theta0"][-1])

    @property
    def perceptron_error(self) -> float:
        return training_error(self.data.X, self.data.y, self.perceptron_theta,
                              self.perceptron_theta0)

    @property
    def perceptron_converged(self) -> bool:
        return bool(self.perceptron.result["converged"])

    # -- what a view shows (the view's corners come from the scene) -----------------
    def most_certain_in(self, corners: np.ndarray) -> float:
        """The largest max(P, 1 − P) over a box with these corners (shape (4, 2)): at a
        corner, where |z| is largest (z is affine)."""
        scores = np.asarray(corners, dtype=float) @ self.final_theta + self.final_theta0
        return float(sigmoid(np.max(np.abs(scores))))

    def certain_in(self, corners: np.ndarray) -> bool:
        """Somewhere in the view P(y = +1 | x) or 1 − P reaches CERTAIN."""
        return self.most_certain_in(corners) >= CERTAIN

    @property
    def perceptron_has_no_boundary(self) -> bool:
        """The perceptron's last θ is 0: no boundary, every score is θ₀ (0 on XOR: every
        point a mistake by the rule's ≤ 0, none called either label)."""
        return not np.any(self.perceptron_theta)

    def perceptron_side_in(self, corners: np.ndarray) -> int:
        """+1 or −1 when the perceptron's last boundary misses the view and it calls every
        point of the view that label (z > 0 at all corners: +1; z ≤ 0 at all: −1), else 0."""
        if self.perceptron_has_no_boundary:
            return 0
        scores = np.asarray(corners, dtype=float) @ self.perceptron_theta + self.perceptron_theta0
        if np.all(scores > 0):
            return 1
        if np.all(scores <= 0):
            return -1
        return 0


def gradient_norms(data: Dataset, trace: Trace) -> np.ndarray:
    """‖∇L(w_k)‖ of the mean logistic loss at every state k = 0, …, T of ``trace`` (a
    full-batch run on ``data``), shape (T + 1,): the gradient its step k + 1 took, and at
    w_T the gradient no step took (L's gradient, (∇_θ L, ∂L/∂θ₀), as one vector)."""
    theta, theta0 = trace.states["theta"][-1], float(trace.states["theta0"][-1])
    _, grad, grad0 = logistic_loss_and_grad(data.X, data.y, theta, theta0)
    last = float(np.sqrt(np.sum(grad * grad) + grad0 * grad0))
    return np.append(np.asarray(trace.steps["grad_norm"], dtype=float), last)


def logistic_lesson(data: Dataset, lr: float | None = None, steps: int = STEPS,
                    perceptron_epochs: int = 20, budget: int = STEP_BUDGET) -> LogisticLesson:
    """The logistic scene's lesson on ``data``.

    Parameters
    ----------
    lr : None for η = 1/β from the data's curvature bound, or a step set by hand.
    steps : gradient steps taken at least; with η ≤ 1/β the run goes on until
        L(w_t) − L* ≤ TOLERANCE or ``budget`` steps (a step set larger: exactly ``steps``).
    perceptron_epochs : τ of the perceptron it is compared with.
    budget : the most steps of a run to the tolerance.

    Raises DataError (one line) for data the scene cannot be truthful about:
    regression targets, not 2-D, or data a line separates (the loss then has no
    minimum: θ grows for ever).
    """
    require_classes_in_the_plane(data, "the logistic scene")
    if is_separable(data.X, data.y, offset=True):
        raise DataError(f"scene 'logistic': a line separates {data.name!r}, so the logistic "
                        f"loss has no minimum (θ grows for ever): the scene needs data no line "
                        f"separates; try 'noisy', 'xor' or 'xor-cloud'")
    bound = logistic_curvature_bound(data.X)
    step_size = 1.0 / bound if lr is None else float(lr)
    theta, theta0, loss, _ = logistic_optimum(data.X, data.y)
    budget = max(int(budget), int(steps))
    if step_size * bound <= 1.0 + 1e-12:
        # the whole budget, then the run cut at the first step past ``steps`` within the
        # tolerance (full-batch descent is deterministic: the shorter run is its prefix)
        trace = LogisticRegression(lr=step_size, steps=budget).fit(data).trace_
        gaps = trace.states["loss"] - loss
        close = np.flatnonzero(gaps[steps:] <= TOLERANCE)
        if len(close) and steps + int(close[0]) < budget:
            trace = LogisticRegression(lr=step_size, steps=steps + int(close[0])).fit(data).trace_
    else:
        trace = LogisticRegression(lr=step_size, steps=steps).fit(data).trace_
    eigenvalues = gram_eigenvalues(data.X)
    condition = float(eigenvalues[-1] / eigenvalues[0]) if eigenvalues[0] > 0 else np.inf
    # the perceptron beside it visits the points as the noise scene's does (one rule)
    perceptron = Perceptron(epochs=perceptron_epochs, offset=True,
                            order=order_for_inseparable(data.y),
                            seed=SHUFFLE_SEED).fit(data).trace_
    flipped = tuple(int(i) for i in data.params.get("flipped", []))
    return LogisticLesson(data, trace, step_size, lr is None, bound, condition, theta, theta0,
                          loss, perceptron,
                          optimum_curvature=logistic_hessian_eigenvalues(data.X, theta, theta0),
                          min_steps=int(steps), budget=budget, flipped=flipped)


def logistic_hessian_eigenvalues(X: np.ndarray, theta: np.ndarray, theta0: float
                                 ) -> tuple[float, float]:
    """(λ_min, λ_max) of H(w) = (1/n) Σᵢ σ(zᵢ)(1 − σ(zᵢ)) x̃⁽ⁱ⁾x̃⁽ⁱ⁾ᵀ, x̃ = [x, 1], at
    w = (θ, θ₀): shape (n_features + 1, n_features + 1) before its eigenvalues."""
    design = augmented(X)
    p = sigmoid(design @ np.append(np.asarray(theta, dtype=float), float(theta0)))
    hessian = (design * (p * (1 - p))[:, None]).T @ design / len(design)
    eigenvalues = np.linalg.eigvalsh(hessian)
    return float(max(eigenvalues[0], 0.0)), float(eigenvalues[-1])


__all__ = ["LogisticLesson", "logistic_lesson", "DECREASING", "OSCILLATING", "DIVERGING"]
