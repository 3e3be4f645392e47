"""Choices among equals follow the stated rule (the first within a tolerance), so the
same data chooses alike on every machine, and data perturbed by 1e-12 relative too."""

from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st
from hypothesis.extra.numpy import arrays

from linviz.generators import make_builtin
from linviz.theory import max_margin_separator, point_margins
from linviz.ties import TIE_RTOL, greatest_index, least_index, tied_order

finite = st.floats(-1e6, 1e6, allow_nan=False)


@given(arrays(float, st.integers(1, 30), elements=finite))
def test_least_index_is_a_least_value_and_the_first_of_its_ties(values):
    chosen = least_index(values)
    tolerance = TIE_RTOL * max(1.0, float(np.abs(values).max()))
    assert values[chosen] <= values.min() + tolerance
    # no earlier value is within the tolerance of the least
    assert np.all(values[:chosen] > values.min() + tolerance)


@given(arrays(float, st.integers(1, 30), elements=st.integers(-50, 50).map(float)))
def test_well_separated_values_choose_as_argmin_and_argmax(values):
    # whole numbers differ by far more than the tolerance: numpy's first-index rule holds
    assert least_index(values) == int(np.argmin(values))
    assert greatest_index(values) == int(np.argmax(values))


def test_values_equal_but_for_their_last_bits_choose_the_first():
    third = 1 / 3
    values = np.array([0.5, third + 4e-16, third, third + 2e-16, 0.9])
    assert int(np.argmin(values)) == 2  # numpy picks by the last bits
    assert least_index(values) == 1
    assert greatest_index(-values) == 1
    assert list(tied_order(values)[:3]) == [1, 2, 3]


def test_infinite_values_are_chosen_only_when_all_are():
    assert least_index([np.inf, 3.0, np.inf]) == 1
    assert least_index([np.inf, np.inf]) == 0
    assert greatest_index([-np.inf, 2.0, 2.0]) == 1


def closest_point(X, y) -> int:
    separator = max_margin_separator(X, y)
    return least_index(point_margins(X, y, separator.theta, separator.theta0))


def test_the_closest_point_to_the_widest_separator_survives_a_1e_12_perturbation():
    # the default separable data has three support vectors whose margins agree to 1e-15
    # (numpy's argmin picks among them by the last bits); the rule picks the first,
    # and so does the data perturbed by 1e-12 relative, over many perturbations
    rng = np.random.default_rng(0)
    for name, seed in (("separable", 0), ("separable", 1), ("small-margin", 2),
                       ("separable-origin", 0)):
        data = make_builtin(name, seed)
        separator = max_margin_separator(data.X, data.y)
        margins = point_margins(data.X, data.y, separator.theta, separator.theta0)
        ties = np.flatnonzero(margins <= margins.min() + 1e-9)
        chosen = closest_point(data.X, data.y)
        assert chosen == ties[0]
        for _ in range(5):
            wobble = 1 + 1e-12 * rng.standard_normal(data.X.shape)
            assert closest_point(data.X * wobble, data.y) == chosen, (name, seed)
