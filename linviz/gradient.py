"""Gradient descent, recorded step by step, shared by the gradient learners.

A loss L(θ, θ₀) and its gradient come from the learner; this module runs

    θ ← θ − η ∇_θ L,   θ₀ ← θ₀ − η ∂L/∂θ₀

for a fixed number of steps, full-batch or on one seeded random point per
step, and records the gradient used by each step, its norm, and the state
after it with its full-data loss.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .dataset import Dataset
from .errors import DataError
from .safety.limits import MAX_STEPS, check_count, check_trace_budget
from .trace import Trace

#: gradient descent has converged when the gradient of the loss on all the data, at the
#: state the run ended in, has a norm below this (it reads 0.0000 to four places); the
#: one rule, for every learner, lesson and sentence (:func:`descent_converged`)
CONVERGED_GRADIENT = 5e-5

# loss_and_grad(X, y, theta, theta0) -> (loss, grad_theta, grad_theta0)
LossAndGrad = Callable[[np.ndarray, np.ndarray, np.ndarray, float], tuple[float, np.ndarray, float]]


def descent_converged(final_gradient_norm: float) -> bool:
    """Converged: ‖∇L(θ_T, θ₀_T)‖ < :data:`CONVERGED_GRADIENT`, the full-data gradient
    (∇_θ L, ∂L/∂θ₀) at the final state as one vector (∂L/∂θ₀ left out without an offset)."""
    return bool(final_gradient_norm < CONVERGED_GRADIENT)


def check_schedule(lr: float, steps: int, batch: str) -> None:
    if not (np.isfinite(lr) and lr > 0):
        raise DataError(f"the step size η must be a positive number, got {lr!r}")
    if not (isinstance(steps, (int, np.integer)) and steps >= 1):
        raise DataError(f"steps must be a whole number ≥ 1, got {steps!r}")
    check_count(int(steps), MAX_STEPS, "steps")
    if batch not in ("full", "stochastic"):
        raise DataError(f"batch must be 'full' or 'stochastic', got {batch!r}")


def run_gradient_descent(
    algorithm: str,
    params: dict,
    data: Dataset,
    features: np.ndarray,
    loss_and_grad: LossAndGrad,
    lr: float,
    steps: int,
    batch: str,
    seed: int,
    offset: bool,
    misclassified: Callable[[np.ndarray, np.ndarray, np.ndarray, float], np.ndarray] | None,
    extra_result: dict | None = None,
) -> Trace:
    """Run and record gradient descent on ``features`` (the learner's φ(X)).

    ``misclassified(X, y, θ, θ₀)`` gives a bool per row for classifiers; a
    step's ``mistake`` says whether the point(s) it used were misclassified
    before it (always False for regression, where it is None).
    """
    n, p = features.shape
    check_trace_budget(algorithm, steps, 3 * p + 12, data.X.size + n, "use fewer --steps")
    y = data.y
    rng = np.random.default_rng(seed)
    theta, theta0 = np.zeros(p), 0.0
    thetas, theta0s = [theta], [theta0]
    losses = [loss_and_grad(features, y, theta, theta0)[0]]
    visited = np.full(steps, -1, dtype=np.int64)
    mistake = np.zeros(steps, dtype=bool)
    grads = np.zeros((steps, p))
    grad0s = np.zeros(steps)
    # Overflow is how divergence shows; it is reported below as one DataError,
    # not as numpy warnings on stderr.
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(steps):
            if batch == "stochastic":
                i = int(rng.integers(n))
                visited[t] = i
                rows = slice(i, i + 1)
            else:
                rows = slice(None)
            if misclassified is not None:
                mistake[t] = bool(np.any(misclassified(features[rows], y[rows], theta, theta0)))
            _, grad, grad0 = loss_and_grad(features[rows], y[rows], theta, theta0)
            if not offset:
                grad0 = 0.0
            theta = theta - lr * grad
            theta0 = theta0 - lr * grad0
            loss = loss_and_grad(features, y, theta, theta0)[0]
            if not (np.all(np.isfinite(theta)) and np.isfinite(theta0) and np.isfinite(loss)):
                raise DataError(f"{algorithm}: gradient descent diverged at step {t + 1} "
                                f"(η = {lr} is too large for this data): give a smaller "
                                f"--lr, or put the features on one scale with --standardize")
            grads[t], grad0s[t] = grad, grad0
            thetas.append(theta)
            theta0s.append(theta0)
            losses.append(loss)
    grad_norm = np.sqrt(np.sum(grads * grads, axis=1) + grad0s * grad0s)
    # the gradient at the final state, on all the data, which no step took: converged?
    with np.errstate(over="ignore", invalid="ignore"):
        _, final_grad, final_grad0 = loss_and_grad(features, y, theta, theta0)
    final_grad0 = final_grad0 if offset else 0.0
    final_grad_norm = float(np.sqrt(np.sum(final_grad * final_grad) + final_grad0 ** 2))
    t_index = np.arange(1, steps + 1, dtype=np.int64)
    step_columns = {
        "t": t_index,
        "epoch": ((t_index - 1) // n + 1) if batch == "stochastic" else t_index,
        "i": visited,
        "mistake": mistake,
        "state": t_index.copy(),
        "grad": grads,
        "grad0": grad0s,
        "grad_norm": grad_norm,
    }
    states = {"theta": np.array(thetas), "theta0": np.array(theta0s), "loss": np.array(losses)}
    result = {
        "theta": thetas[-1],
        "theta0": float(theta0s[-1]),
        "loss": float(losses[-1]),
        "converged": descent_converged(final_grad_norm),
        "final_grad_norm": final_grad_norm,
        "updates": int(steps),
        "epochs": int(step_columns["epoch"][-1]),
        **(extra_result or {}),
    }
    return Trace(algorithm, params, data, step_columns, states, result)


# -- the step size from the data, and what a run did ------------------------------------

def augmented(features: np.ndarray) -> np.ndarray:
    """X̃ = [φ(x), 1]: shape (n_samples, n_features + 1)."""
    features = np.asarray(features, dtype=float)
    return np.hstack([features, np.ones((len(features), 1))])


def gram_eigenvalues(features: np.ndarray) -> np.ndarray:
    """Eigenvalues of (1/n) X̃ᵀX̃ with X̃ = [φ(x), 1], ascending: shape (n_features + 1,).

    They are σᵢ²/n, σᵢ the singular values of X̃ (0 for each column beyond the rows),
    computed from X̃ itself: forming X̃ᵀX̃ would square its condition number, so that
    λ_min lost every digit once λ_max/λ_min passed about 1e16; from the singular values
    λ_min keeps a relative accuracy of about ε·√(λ_max/λ_min).
    """
    design = augmented(features)
    singular = np.linalg.svd(design, compute_uv=False)
    values = np.zeros(design.shape[1])
    values[:len(singular)] = singular ** 2 / len(design)
    return np.sort(values)


def logistic_curvature_bound(features: np.ndarray) -> float:
    """β = λ_max(X̃ᵀX̃)/(4n): the mean logistic loss's Hessian
    (1/n) Σ σ(zᵢ)(1 − σ(zᵢ)) x̃ᵢx̃ᵢᵀ is at most this in every direction, since
    σ(1 − σ) ≤ 1/4 (β, not L, which names the loss). Gradient descent with η ≤ 1/β
    lowers the loss at every step (the descent lemma: L(w − η∇L) ≤ L(w) − η(1 − βη/2)‖∇L‖²)."""
    return float(gram_eigenvalues(features)[-1] / 4.0)


def squared_loss_curvature(features: np.ndarray) -> tuple[float, float]:
    """(λ_min, λ_max) of H = (2/n) X̃ᵀX̃, the Hessian of L(w) = (1/n)‖X̃w − y‖².

    Gradient descent converges for every start exactly when η < 2/λ_max; with
    η = 1/λ_max the error along H's eigenvector of λ shrinks by 1 − λ/λ_max a
    step, so the flattest direction takes about κ = λ_max/λ_min steps per factor e.
    """
    eigenvalues = 2.0 * gram_eigenvalues(features)
    return float(max(eigenvalues[0], 0.0)), float(eigenvalues[-1])


#: what a recorded loss sequence did (see :func:`loss_behaviour`)
DECREASING, OSCILLATING, DIVERGING = "decreasing", "oscillating", "diverging"


def _rounding(losses: np.ndarray) -> float:
    """The change in L that counts as none: 1e-12 relative to L(w₀) (at least 1e-12)."""
    return 1e-12 * max(1.0, abs(float(losses[0])))


def loss_behaviour(losses: np.ndarray) -> str:
    """How the loss L(w_t), t = 0..T, went: a small enumeration.

    - ``"decreasing"``: L(w_{t+1}) ≤ L(w_t) at every step (to rounding,
      1e-12 relative to L(w₀));
    - ``"diverging"``: not decreasing, and it ends above where it started,
      L(w_T) > L(w₀);
    - ``"oscillating"``: not decreasing, yet L(w_T) ≤ L(w₀): it rose at some
      steps and fell at others.
    """
    losses = np.asarray(losses, dtype=float)
    if np.all(np.diff(losses) <= _rounding(losses)):
        return DECREASING
    return DIVERGING if losses[-1] > losses[0] else OSCILLATING


def rises(losses: np.ndarray) -> int:
    """How many steps raised the loss: #{t : L(w_{t+1}) > L(w_t)} (1e-12 relative slack)."""
    losses = np.asarray(losses, dtype=float)
    return int(np.sum(np.diff(losses) > _rounding(losses)))


class LossBehaviour:
    """The words a descent's loss curve earns, for a lesson holding the descent's
    ``trace`` (a gradient-descent trace, its states' ``loss`` L(w_t), t = 0..T): one
    set of predicates for every gradient-descent lesson."""

    trace: Trace

    @property
    def steps(self) -> int:
        return self.trace.n_steps

    @property
    def losses(self) -> np.ndarray:
        """L(w_t), t = 0..T: shape (T + 1,)."""
        return self.trace.states["loss"]

    @property
    def final_loss(self) -> float:
        return float(self.losses[-1])

    @property
    def behaviour(self) -> str:
        """"decreasing", "oscillating" or "diverging" (see :func:`loss_behaviour`)."""
        return loss_behaviour(self.losses)

    @property
    def loss_decreasing(self) -> bool:
        """L(w_{t+1}) ≤ L(w_t) at every step."""
        return self.behaviour == DECREASING

    @property
    def loss_stationary(self) -> bool:
        """The loss never moved: |L(w_{t+1}) − L(w_t)| ≤ 1e-12·max(1, |L(w₀)|) at every step
        (a gradient exactly 0 where the run starts: the XOR points, symmetric about 0)."""
        losses = np.asarray(self.losses, dtype=float)
        return bool(np.all(np.abs(np.diff(losses)) <= _rounding(losses)))

    @property
    def oscillating(self) -> bool:
        """The loss rose at some steps and ends at or below L(w₀)."""
        return self.behaviour == OSCILLATING

    @property
    def diverging(self) -> bool:
        """The loss rose at some steps and ends above L(w₀)."""
        return self.behaviour == DIVERGING

    @property
    def rising_steps(self) -> int:
        """How many steps raised the loss."""
        return rises(self.losses)
