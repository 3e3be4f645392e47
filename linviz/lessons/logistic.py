"""The logistic scene's lesson: gradient descent on the logistic loss, with its step
size from the data, the minimum it heads for, and the perceptron beside it.

With x̃ = [x, 1] and w = (θ, θ₀) the mean logistic loss

    L(w) = (1/n) Σᵢ log(1 + exp(−y⁽ⁱ⁾ wᵀx̃⁽ⁱ⁾))

has Hessian (1/n) Σᵢ σ(zᵢ)(1 − σ(zᵢ)) x̃⁽ⁱ⁾x̃⁽ⁱ⁾ᵀ ≼ L·I with the curvature bound
L = λ_max(X̃ᵀX̃)/(4n) (σ(1 − σ) ≤ 1/4). The default step is η = 1/L: by the
descent lemma every step then lowers the loss. A step set by hand may be larger;
the run is then described as what it did (:func:`linviz.gradient.loss_behaviour`).
The minimum L* is found independently of the run, by Newton's method
(:func:`linviz.logistic.logistic_optimum`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..dataset import Dataset
from ..errors import DataError
from ..gradient import (
    DECREASING, DIVERGING, OSCILLATING, LossBehaviour, gram_eigenvalues,
    logistic_curvature_bound,
)
from ..logistic import LogisticRegression, logistic_optimum, pointwise_logistic_loss, sigmoid
from ..perceptron import Perceptron
from ..theory import is_separable, training_error
from ..ties import greatest_index
from ..trace import Trace
from .checks import require_classes_in_the_plane

#: a gradient norm below this counts as converged (it shows as 0.0000 to four places)
CONVERGED_GRADIENT = 5e-5
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


@dataclass(frozen=True)
class LogisticLesson(LossBehaviour):
    """Everything the logistic scene shows, computed from the data.

    Attributes
    ----------
    data : the data set (2-D, labels ±1, not separable).
    trace : the gradient-descent run (full batch, from θ = 0).
    step_size : η of the run.
    step_from_data : whether η = 1/L (the default) rather than a step set by hand.
    curvature_bound : L = λ_max(X̃ᵀX̃)/(4n).
    gram_condition : κ = λ_max/λ_min of (1/n)X̃ᵀX̃: the ratio of the loss's
        curvatures along its steepest and flattest directions (up to the σ' factors).
    optimum_theta, optimum_theta0, optimum_loss : the minimizer and L*, by Newton's method.
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
    flipped: tuple[int, ...] = field(default=())

    # -- the run ---------------------------------------------------------------
    @property
    def final_gradient(self) -> float:
        """‖∇L‖ of the last step's gradient (at w_{T−1})."""
        return float(self.trace.steps["grad_norm"][-1])

    @property
    def final_theta(self) -> np.ndarray:
        return self.trace.states["theta"][-1]

    @property
    def final_theta0(self) -> float:
        return float(self.trace.states["theta0"][-1])

    @property
    def stable_limit(self) -> float:
        """2/L: below it the curvature bound guarantees the loss falls at every step."""
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
        """η ≤ 1/L (to rounding): the descent lemma makes every step lower the loss."""
        return self.step_size * self.curvature_bound <= 1.0 + 1e-12

    @property
    def step_above_limit(self) -> bool:
        """η ≥ 2/L: the curvature bound no longer promises anything."""
        return self.step_size * self.curvature_bound >= 2.0

    @property
    def converged(self) -> bool:
        """The last gradient is 0 to four places: ‖∇L‖ < 5e-5."""
        return self.final_gradient < CONVERGED_GRADIENT

    @property
    def gap_to_minimum(self) -> float:
        """L(w_T) − L*, L* by Newton's method (≥ 0 up to rounding)."""
        return self.final_loss - self.optimum_loss

    @property
    def at_minimum(self) -> bool:
        """L(w_T) equals L* to three places: |L(w_T) − L*| < 5e-4."""
        return abs(self.gap_to_minimum) < AT_MINIMUM

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

    @property
    def optimum_error(self) -> float:
        """Training error of the loss's minimizer."""
        return training_error(self.data.X, self.data.y, self.optimum_theta, self.optimum_theta0)

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

    def perceptron_side_in(self, corners: np.ndarray) -> int:
        """+1 or −1 when the perceptron's last boundary misses the view and it calls every
        point of the view that label (z > 0 at all corners: +1; z ≤ 0 at all: −1), else 0."""
        scores = np.asarray(corners, dtype=float) @ self.perceptron_theta + self.perceptron_theta0
        if np.all(scores > 0):
            return 1
        if np.all(scores <= 0):
            return -1
        return 0


def logistic_lesson(data: Dataset, lr: float | None = None, steps: int = 120,
                    perceptron_epochs: int = 20) -> LogisticLesson:
    """The logistic scene's lesson on ``data``.

    Parameters
    ----------
    lr : None for η = 1/L from the data's curvature bound, or a step set by hand.
    steps : gradient steps T.
    perceptron_epochs : τ of the perceptron it is compared with.

    Raises DataError (one line) for data the scene cannot be truthful about:
    regression targets, not 2-D, or data a line separates (the loss then has no
    minimum: θ grows for ever).
    """
    require_classes_in_the_plane(data, "the logistic scene")
    if is_separable(data.X, data.y, offset=True):
        raise DataError(f"a line separates {data.name!r}, so the logistic loss has no minimum "
                        f"(θ grows for ever): the logistic scene needs data no line separates; "
                        f"try 'noisy', 'xor' or 'xor-cloud'")
    bound = logistic_curvature_bound(data.X)
    step_size = 1.0 / bound if lr is None else float(lr)
    trace = LogisticRegression(lr=step_size, steps=steps).fit(data).trace_
    eigenvalues = gram_eigenvalues(data.X)
    condition = float(eigenvalues[-1] / eigenvalues[0]) if eigenvalues[0] > 0 else np.inf
    theta, theta0, loss, _ = logistic_optimum(data.X, data.y)
    perceptron = Perceptron(epochs=perceptron_epochs, offset=True).fit(data).trace_
    flipped = tuple(int(i) for i in data.params.get("flipped", []))
    return LogisticLesson(data, trace, step_size, lr is None, bound, condition, theta, theta0,
                          loss, perceptron, flipped)


__all__ = ["LogisticLesson", "logistic_lesson", "DECREASING", "OSCILLATING", "DIVERGING"]
