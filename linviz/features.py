"""Feature maps: new columns computed from the old, so a line can do more.

A linear classifier on mapped points φ(x) is sign(θᵀφ(x) + θ₀); seen back in
the original space its boundary {x : θᵀφ(x) + θ₀ = 0} need not be a line.
"""

from __future__ import annotations

import numpy as np

from .dataset import CLASSIFICATION, Dataset
from .errors import DataError


def product_features(X: np.ndarray) -> np.ndarray:
    """[x₁, x₂, x₁x₂] for every row of a 2-D ``X``: ndarray of shape (n_samples, 3)."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise DataError(f"the product feature x₁x₂ needs 2-D points, got shape {X.shape}")
    return np.column_stack([X, X[:, 0] * X[:, 1]])


def lift_product(data: Dataset) -> Dataset:
    """The data set with the feature x₁x₂ added: rows [x₁, x₂, x₁x₂], the same labels.

    XOR (y = +1 iff x₁x₂ < 0) is not linearly separable in the plane, but in
    the lifted space the plane x₃ = 0 separates it: θ = (0, 0, −1), θ₀ = 0.
    A separator (θ, θ₀) of the lifted points, with θ = (θ₁, θ₂, θ₃), is the
    curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0 back in the plane: a hyperbola when
    θ₃ ≠ 0 (two lines when θ₀θ₃ = θ₁θ₂), a line when θ₃ = 0.
    """
    if data.task != CLASSIFICATION:
        raise DataError(f"lift_product lifts classification data; {data.name!r} is "
                        f"{data.task} data")
    return Dataset(f"{data.name}-lifted", product_features(data.X), data.y,
                   label_names=data.label_names,
                   params={"lifted_from": data.name, "features": ["x1", "x2", "x1*x2"]})


def lifted_boundary_value(theta, theta0: float, X: np.ndarray) -> np.ndarray:
    """θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ for every row of a 2-D ``X``: shape (n_samples,).

    The curve where it is 0 is the lifted plane θᵀ[x, x₁x₂] + θ₀ = 0 seen in the plane.
    """
    theta = np.asarray(theta, dtype=float)
    if theta.shape != (3,):
        raise DataError(f"a plane of the lifted space has θ of 3 components, got {theta.shape}")
    return product_features(X) @ theta + float(theta0)
