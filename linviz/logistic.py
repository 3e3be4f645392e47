"""Logistic regression by gradient descent.

With labels y ∈ {−1, +1} and score z = θᵀx + θ₀ the notes' unified loss is

    L(θ, θ₀) = (1/n) Σᵢ log(1 + exp(−y⁽ⁱ⁾ z⁽ⁱ⁾)) + (λ/2)‖θ‖²,

with gradient ∇_θ L = −(1/n) Σᵢ σ(−y⁽ⁱ⁾z⁽ⁱ⁾) y⁽ⁱ⁾x⁽ⁱ⁾ + λθ and
∂L/∂θ₀ = −(1/n) Σᵢ σ(−y⁽ⁱ⁾z⁽ⁱ⁾) y⁽ⁱ⁾, where σ(u) = 1/(1 + e^(−u)) and
P(y = +1 | x) = σ(z). log(1 + e^(−m)) is computed as logaddexp(0, −m) and σ
without overflow, so large margins give neither overflow nor NaN.
"""

from __future__ import annotations

import numpy as np

from .dataset import CLASSIFICATION, Dataset
from .errors import DataError
from .gradient import check_schedule, run_gradient_descent


def sigmoid(u: np.ndarray) -> np.ndarray:
    """σ(u) = 1/(1 + e^(−u)), evaluated without overflow for any finite u."""
    u = np.asarray(u, dtype=float)
    e = np.exp(-np.abs(u))
    return np.where(u >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def logistic_loss_and_grad(X, y, theta, theta0, l2: float = 0.0):
    """(L, ∇_θ L, ∂L/∂θ₀) of the mean logistic loss plus (λ/2)‖θ‖² on rows X."""
    margins = y * (X @ theta + theta0)
    loss = float(np.mean(np.logaddexp(0.0, -margins))) + 0.5 * l2 * float(theta @ theta)
    weights = -y * sigmoid(-margins) / len(y)
    return loss, X.T @ weights + l2 * theta, float(np.sum(weights))


class LogisticRegression:
    """Logistic regression trained by gradient descent, every step recorded.

    Parameters
    ----------
    lr : float, default 0.5
        Step size η.
    steps : int, default 200
        Number of gradient steps.
    l2 : float, default 0.0
        λ of the L2 term (θ₀ is not penalized).
    batch : {"full", "stochastic"}, default "full"
        The gradient of the mean loss, or of one seeded random point per step.
    offset : bool, default True
    seed : int, default 0

    Attributes (after ``fit``): ``trace_``, ``theta_``, ``theta0_``, ``loss_``.
    """

    algorithm = "logistic-regression"

    def __init__(self, lr: float = 0.5, steps: int = 200, l2: float = 0.0,
                 batch: str = "full", offset: bool = True, seed: int = 0):
        self.lr = lr
        self.steps = steps
        self.l2 = l2
        self.batch = batch
        self.offset = offset
        self.seed = seed

    def fit(self, data: Dataset) -> "LogisticRegression":
        if data.task != CLASSIFICATION:
            raise DataError(f"logistic regression needs labels ±1; {data.name!r} is a "
                            f"regression data set")
        check_schedule(self.lr, self.steps, self.batch)
        if not (np.isfinite(self.l2) and self.l2 >= 0):
            raise DataError(f"the L2 weight λ must be a finite number ≥ 0, got {self.l2!r}")
        l2 = float(self.l2)
        params = {"lr": float(self.lr), "steps": int(self.steps), "l2": l2,
                  "batch": self.batch, "offset": bool(self.offset), "seed": int(self.seed)}
        self.trace_ = run_gradient_descent(
            self.algorithm, params, data, data.X,
            lambda X, y, t, t0: logistic_loss_and_grad(X, y, t, t0, l2),
            float(self.lr), int(self.steps), self.batch, int(self.seed), bool(self.offset),
            misclassified=lambda X, y, t, t0: y * (X @ t + t0) <= 0,
        )
        self.theta_ = self.trace_.states["theta"][-1]
        self.theta0_ = float(self.trace_.states["theta0"][-1])
        self.loss_ = float(self.trace_.states["loss"][-1])
        return self


def pointwise_logistic_loss(X, y, theta, theta0) -> np.ndarray:
    """ℓᵢ = log(1 + exp(−y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀))) for each row: shape (n_samples,)."""
    X = np.asarray(X, dtype=float)
    return np.logaddexp(0.0, -np.asarray(y, dtype=float) * (X @ np.asarray(theta, dtype=float)
                                                            + float(theta0)))


def probability_grid(theta, theta0, x1_values, x2_values) -> np.ndarray:
    """P(y = +1 | x) = σ(θᵀx + θ₀) at every grid point x = (x1_values[j], x2_values[i]).

    Returns shape (len(x2_values), len(x1_values)): row i holds x₂ = x2_values[i].
    """
    theta = np.asarray(theta, dtype=float)
    x1 = np.asarray(x1_values, dtype=float)[None, :]
    x2 = np.asarray(x2_values, dtype=float)[:, None]
    return sigmoid(theta[0] * x1 + theta[1] * x2 + float(theta0))


def logistic_optimum(X, y, tolerance: float = 1e-10, iterations: int = 200):
    """The minimum of the mean logistic loss over (θ, θ₀), by Newton's method.

    w = (θ, θ₀) ← w − s H⁻¹∇L with H = (1/n) Σ σ(zᵢ)(1 − σ(zᵢ)) x̃ᵢx̃ᵢᵀ, x̃ = [x, 1],
    and s halved until the loss does not rise (a damped Newton step). When no
    line separates the data (even weakly) the loss is strictly convex with a
    finite minimizer, which this finds to ‖∇L‖ < ``tolerance``.

    Returns
    -------
    (θ of shape (d,), θ₀, L*, ‖∇L‖ at the answer)
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, d = X.shape
    design = np.hstack([X, np.ones((n, 1))])
    scale = np.max(np.abs(design), axis=0)  # Newton on scaled columns: cond(H) stays modest
    scaled = design / scale

    def loss_of(w):
        return float(np.mean(np.logaddexp(0.0, -y * (scaled @ w))))

    w = np.zeros(d + 1)
    loss = loss_of(w)
    grad_norm = np.inf
    for _ in range(iterations):
        z = scaled @ w
        grad = scaled.T @ (-y * sigmoid(-y * z)) / n
        grad_norm = float(np.linalg.norm(grad / scale))
        if grad_norm < tolerance:
            break
        s = sigmoid(z)
        hessian = (scaled * (s * (1 - s))[:, None]).T @ scaled / n
        step = np.linalg.lstsq(hessian, grad, rcond=None)[0]
        size = 1.0
        while size > 1e-12:
            candidate = w - size * step
            new_loss = loss_of(candidate)
            if new_loss <= loss:
                break
            size /= 2
        else:
            break
        w, loss = candidate, new_loss
    w = w / scale
    return w[:-1], float(w[-1]), float(np.mean(np.logaddexp(0.0, -y * (design @ w)))), grad_norm
