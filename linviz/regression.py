"""Linear and polynomial regression: ERM with squared loss.

The hypothesis h(x) = θᵀφ(x) + θ₀ with the feature map
φ(x) = [x, x², …, xᵏ] for 1-D input (degree k; k = 1 is plain linear
regression, and φ(x) = x for d-dimensional input), so [θ₀, θ] are the
weights of [1, x, …, xᵏ]. The empirical risk is

    L_S(θ, θ₀) = (1/n) Σᵢ (θᵀφ(x⁽ⁱ⁾) + θ₀ − y⁽ⁱ⁾)²,

its gradient (2/n) Σᵢ (h(x⁽ⁱ⁾) − y⁽ⁱ⁾)[φ(x⁽ⁱ⁾), 1]. Setting it to zero gives
the normal equations A w = b with A = Σ x̃x̃ᵀ, b = Σ y x̃ on x̃ = [φ(x), 1],
solved as w = A⁺b with the pseudo-inverse (as in the notes), computed as the
equal but numerically stable X̃⁺y.
"""

from __future__ import annotations

import numpy as np

from .dataset import MAX_MAGNITUDE, REGRESSION, Dataset
from .errors import DataError
from .gradient import check_schedule, run_gradient_descent


def polynomial_features(X: np.ndarray, degree: int) -> np.ndarray:
    """φ(x) = [x, x², …, x^degree] for 1-D input: shape (n_samples, degree)."""
    X = np.asarray(X, dtype=float)
    if degree == 1:
        return X
    if X.shape[1] != 1:
        raise DataError(f"polynomial features need 1-D input, got {X.shape[1]} features")
    largest = float(np.max(np.abs(X))) if X.size else 0.0
    # log10 rather than the power itself: x^degree may overflow to inf
    if largest > 0 and degree * np.log10(largest) > np.log10(MAX_MAGNITUDE):
        raise DataError(f"degree {degree} features overflow: x up to {largest:.3g} gives "
                        f"x^{degree} ≈ 1e{degree * np.log10(largest):.0f}, beyond "
                        f"{MAX_MAGNITUDE:.0e}; rescale x or lower --degree")
    return X[:, :1] ** np.arange(1, degree + 1)


def squared_loss_and_grad(X, y, theta, theta0):
    """(L_S, ∇_θ L_S, ∂L_S/∂θ₀) of the mean squared error on rows X."""
    residual = X @ theta + theta0 - y
    loss = float(np.mean(residual * residual))
    return loss, (2.0 / len(y)) * (X.T @ residual), float(2.0 * np.mean(residual))


def normal_equations(features: np.ndarray, y: np.ndarray, offset: bool = True):
    """Closed-form ERM: (θ, θ₀) = A⁺b, A = Σ x̃x̃ᵀ, b = Σ y x̃, x̃ = [φ(x), 1].

    A⁺b equals X̃⁺y, the minimum-norm least-squares solution of X̃w = y, which
    is what is computed: forming A = X̃ᵀX̃ squares X̃'s condition number, and
    for polynomial features that alone loses every significant digit.
    """
    Xt = np.hstack([features, np.ones((len(y), 1))]) if offset else features
    w = np.linalg.lstsq(Xt, y, rcond=None)[0]
    return (w[:-1], float(w[-1])) if offset else (w, 0.0)


class LinearRegression:
    """Least squares by gradient descent, with the closed-form answer beside it.

    Parameters
    ----------
    degree : int, default 1
        Degree k of the polynomial feature map (1-D input only for k > 1).
    lr : float, default 0.1
    steps : int, default 200
    batch : {"full", "stochastic"}, default "full"
    offset : bool, default True
    seed : int, default 0

    Attributes (after ``fit``): ``trace_``, ``theta_``, ``theta0_``, ``loss_``,
    ``closed_form_`` = (θ, θ₀) from the normal equations.
    """

    algorithm = "linear-regression"

    def __init__(self, degree: int = 1, lr: float = 0.1, steps: int = 200,
                 batch: str = "full", offset: bool = True, seed: int = 0):
        self.degree = degree
        self.lr = lr
        self.steps = steps
        self.batch = batch
        self.offset = offset
        self.seed = seed

    def fit(self, data: Dataset) -> "LinearRegression":
        if data.task != REGRESSION:
            raise DataError(f"linear regression needs real targets; {data.name!r} is a "
                            f"classification data set")
        check_schedule(self.lr, self.steps, self.batch)
        if not (isinstance(self.degree, (int, np.integer)) and 1 <= self.degree <= 12):
            raise DataError(f"the degree must be a whole number from 1 to 12, got {self.degree!r}")
        features = polynomial_features(data.X, int(self.degree))
        closed_theta, closed_theta0 = normal_equations(features, data.y, bool(self.offset))
        closed_loss = squared_loss_and_grad(features, data.y, closed_theta, closed_theta0)[0]
        params = {"degree": int(self.degree), "lr": float(self.lr), "steps": int(self.steps),
                  "batch": self.batch, "offset": bool(self.offset), "seed": int(self.seed)}
        self.trace_ = run_gradient_descent(
            self.algorithm, params, data, features, squared_loss_and_grad,
            float(self.lr), int(self.steps), self.batch, int(self.seed), bool(self.offset),
            misclassified=None,
            extra_result={"closed_form": {"theta": closed_theta, "theta0": closed_theta0,
                                          "loss": closed_loss}},
        )
        self.theta_ = self.trace_.states["theta"][-1]
        self.theta0_ = float(self.trace_.states["theta0"][-1])
        self.loss_ = float(self.trace_.states["loss"][-1])
        self.closed_form_ = (closed_theta, closed_theta0)
        return self


def squared_loss_grid(x, y, theta0_values, theta_values) -> np.ndarray:
    """L_S(θ, θ₀) = (1/n) Σᵢ (θ x⁽ⁱ⁾ + θ₀ − y⁽ⁱ⁾)² on a grid, for 1-D input x.

    Returns shape (len(theta_values), len(theta0_values)): row i holds θ = theta_values[i].
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float)
    w0 = np.asarray(theta0_values, dtype=float)[None, :, None]
    w1 = np.asarray(theta_values, dtype=float)[:, None, None]
    residual = w1 * x[None, None, :] + w0 - y[None, None, :]
    return np.mean(residual * residual, axis=2)


def squared_loss_contour(x, y, level: float, n_points: int = 120) -> np.ndarray:
    """The closed curve L_S(θ, θ₀) = ``level`` in the (θ₀, θ) plane, for 1-D input x.

    L_S is quadratic: L_S(w) = L* + (w − w*)ᵀ H (w − w*) with w = (θ₀, θ),
    H = (1/n) X̃ᵀX̃ on rows x̃ = (1, x), and w* the least-squares answer. Its
    level sets are ellipses around w*: w = w* + √(level − L*) H^(−1/2) u for
    unit vectors u. Returns shape (n_points, 2), or an empty (0, 2) array when
    ``level`` is below the minimum L*.
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float)
    Xt = np.column_stack([np.ones_like(x), x])
    w_star = np.linalg.lstsq(Xt, y, rcond=None)[0]
    residual = Xt @ w_star - y
    minimum = float(np.mean(residual * residual))
    if level < minimum:
        return np.zeros((0, 2))
    H = Xt.T @ Xt / len(y)
    eigenvalues, eigenvectors = np.linalg.eigh(H)
    angles = np.linspace(0.0, 2 * np.pi, n_points)
    u = np.column_stack([np.cos(angles), np.sin(angles)])
    radius = np.sqrt(level - minimum)
    return w_star + radius * (u / np.sqrt(eigenvalues)) @ eigenvectors.T
