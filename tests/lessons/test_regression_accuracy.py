"""The regression scene refuses only what it cannot compute to the digits it shows.

Its rule (linviz.lessons.regression.MAX_CONDITION): every degree's κ(H) = λ_max/λ_min at
most 1e24. Held against exact rational arithmetic (tests/exact_least_squares.py) on data
far from 0, as lecturers' data comes (body mass index 26 ± 4.4, incomes in the
thousands), degrees 1 to 5: whatever the rule accepts has H's eigenvalues and each
closed form's least loss right to 1e-6 relative; and data whose least loss floats get
wrong by more is refused.
"""

from __future__ import annotations

import numpy as np
import pytest

from linviz.dataset import REGRESSION, Dataset
from linviz.errors import DataError
from linviz.gradient import augmented, squared_loss_curvature
from linviz.lessons.regression import MAX_CONDITION, check_conditioning
from linviz.regression import normal_equations, polynomial_features, squared_loss_and_grad

from exact_least_squares import eigenvalue, gram, least_loss

#: (mean, spread) of x: near 0, a body mass index, a length in mm, a year, an income
PLACES = [(0.0, 1.0), (26.0, 4.4), (40.0, 4.0), (100.0, 10.0), (200.0, 10.0),
          (2000.0, 20.0), (5000.0, 2000.0), (50000.0, 20000.0)]
DEGREES = (1, 2, 3, 5)
ACCURACY = 1e-6


def _data(mean: float, spread: float, seed: int = 0, n: int = 60):
    """x at one decimal, as a file holds it, and whole-number targets, as diabetes'."""
    rng = np.random.default_rng(seed)
    x = np.round(mean + spread * rng.standard_normal(n), 1)
    y = np.round(150 + 50 * np.sin(x / spread) + 5 * rng.standard_normal(n))
    return x[:, None], y


def regression_set(x, y) -> Dataset:
    return Dataset("far", x, y, REGRESSION)


def _errors(x, y, degree: int) -> tuple[float, float, float, float]:
    """κ as computed, and the relative errors of λ_min, λ_max and the least loss against
    exact arithmetic."""
    features = polynomial_features(x, degree)
    low, high = squared_loss_curvature(features)
    exact_gram, _ = gram(augmented(features))
    exact_low = 2 * float(eigenvalue(exact_gram, 0))
    exact_high = 2 * float(eigenvalue(exact_gram, len(exact_gram) - 1))
    theta, theta0 = normal_equations(features, y)
    loss = squared_loss_and_grad(features, y, theta, theta0)[0]
    exact_loss = float(least_loss(augmented(features), y))
    kappa = high / low if low > 0 else float("inf")
    return (kappa, abs(low - exact_low) / exact_low, abs(high - exact_high) / exact_high,
            abs(loss - exact_loss) / exact_loss)


@pytest.mark.parametrize("mean, spread", PLACES)
def test_what_the_rule_accepts_is_computed_to_the_digits_shown(mean, spread):
    x, y = _data(mean, spread)
    for degree in DEGREES:
        kappa, low_error, high_error, loss_error = _errors(x, y, degree)
        if kappa <= MAX_CONDITION:
            assert max(low_error, high_error, loss_error) <= ACCURACY, (degree, kappa)


def test_data_whose_least_loss_floats_get_wrong_is_refused():
    """x = 200 ± 10, degree 5: the least loss in floats is off by far more than 1e-6."""
    x, y = _data(200.0, 10.0)
    kappa, _, _, loss_error = _errors(x, y, 5)
    assert loss_error > ACCURACY
    assert kappa > MAX_CONDITION


def test_a_body_mass_index_as_published_is_fitted_to_degree_5_and_an_income_is_refused():
    """BMI 26 ± 4.4 (κ about 1e21 at degree 5) was refused by the former rule (κ > 1e13);
    an income of 50,000 ± 20,000 cannot be fitted to degree 3 in floats: refused, with
    what to type."""
    x, y = _data(26.0, 4.4)
    check_conditioning(regression_set(x, y), DEGREES)
    x, y = _data(50000.0, 20000.0)
    with pytest.raises(DataError, match=r"degree-3 features .* centre x \(--standardize\)"):
        check_conditioning(regression_set(x, y), DEGREES)
