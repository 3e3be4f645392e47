"""The product feature lifts XOR into a space where a plane separates it."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import Dataset, Perceptron, make_builtin
from linviz.errors import DataError
from linviz.features import lift_product, lifted_boundary_value, product_features
from linviz.theory import is_separable


def test_product_features_are_x1_x2_and_their_product():
    X = np.array([[2.0, 3.0], [-1.5, 4.0], [0.0, -7.0]])
    np.testing.assert_array_equal(product_features(X),
                                  [[2.0, 3.0, 6.0], [-1.5, 4.0, -6.0], [0.0, -7.0, -0.0]])


def test_lift_keeps_labels_and_names_the_source():
    data = make_builtin("xor")
    lifted = lift_product(data)
    assert lifted.X.shape == (4, 3)
    np.testing.assert_array_equal(lifted.y, data.y)
    np.testing.assert_array_equal(lifted.X[:, :2], data.X)
    assert lifted.params["lifted_from"] == "xor"


def test_xor_is_separable_only_after_the_lift():
    data = make_builtin("xor")
    assert not is_separable(data.X, data.y, offset=True)
    assert is_separable(lift_product(data).X, data.y, offset=True)


def test_the_perceptron_converges_on_lifted_xor_and_its_plane_separates():
    lifted = lift_product(make_builtin("xor"))
    model = Perceptron().fit(lifted)
    assert model.converged_
    assert np.all(lifted.y * (lifted.X @ model.theta_ + model.theta0_) > 0)
    # the same plane read as a curve in the plane classifies the original points
    values = lifted_boundary_value(model.theta_, model.theta0_, make_builtin("xor").X)
    assert np.all(lifted.y * values > 0)


def test_boundary_value_is_the_lifted_score():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(10, 2))
    theta, theta0 = rng.normal(size=3), 0.7
    expected = theta[0] * X[:, 0] + theta[1] * X[:, 1] + theta[2] * X[:, 0] * X[:, 1] + theta0
    np.testing.assert_allclose(lifted_boundary_value(theta, theta0, X), expected)


def test_errors_say_what_was_expected():
    with pytest.raises(DataError, match="2-D points"):
        product_features(np.zeros((3, 3)))
    with pytest.raises(DataError, match="3 components"):
        lifted_boundary_value([1.0, 2.0], 0.0, np.zeros((2, 2)))
    with pytest.raises(DataError, match="classification"):
        lift_product(make_builtin("regression1d").__class__(
            "r", np.zeros((3, 2)), np.arange(3.0), task="regression"))
