"""Engine functions behind the gradient-descent scenes' grids and contours."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import make_builtin
from linviz.logistic import logistic_loss_and_grad, pointwise_logistic_loss, probability_grid
from linviz.regression import squared_loss_contour, squared_loss_grid


def test_probability_grid_is_the_sigmoid_of_the_score_at_each_grid_point():
    theta, theta0 = np.array([1.5, -2.0]), 0.3
    x1, x2 = np.linspace(-2, 2, 7), np.linspace(-1, 3, 5)
    grid = probability_grid(theta, theta0, x1, x2)
    assert grid.shape == (5, 7)
    for i, b in enumerate(x2):
        for j, a in enumerate(x1):
            assert grid[i, j] == pytest.approx(1 / (1 + np.exp(-(1.5 * a - 2.0 * b + 0.3))))


def test_probability_grid_does_not_overflow():
    grid = probability_grid(np.array([1e4, 0.0]), 0.0, [-10.0, 10.0], [0.0])
    assert np.all(np.isfinite(grid)) and grid[0, 0] == 0.0 and grid[0, 1] == 1.0


def test_pointwise_losses_average_to_the_learners_loss():
    data = make_builtin("noisy")
    theta, theta0 = np.array([-0.7, 1.1]), 0.2
    losses = pointwise_logistic_loss(data.X, data.y, theta, theta0)
    expected = np.log(1 + np.exp(-data.y * (data.X @ theta + theta0)))
    np.testing.assert_allclose(losses, expected)
    assert losses.mean() == pytest.approx(logistic_loss_and_grad(data.X, data.y, theta,
                                                                 theta0)[0])


def test_squared_loss_grid_matches_a_plain_loop():
    data = make_builtin("regression1d")
    x, y = data.X[:, 0], data.y
    w0s, w1s = np.array([-0.5, 0.0, 0.7]), np.array([0.2, 1.3])
    grid = squared_loss_grid(data.X, y, w0s, w1s)
    assert grid.shape == (2, 3)
    for i, w1 in enumerate(w1s):
        for j, w0 in enumerate(w0s):
            assert grid[i, j] == pytest.approx(sum((w0 + w1 * a - b) ** 2
                                                   for a, b in zip(x, y)) / len(y))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_contour_points_lie_on_their_level_around_the_least_squares_answer(seed):
    data = make_builtin("regression1d", seed=seed)
    x, y = data.X[:, 0], data.y
    w_star = np.linalg.solve(np.array([[len(x), x.sum()], [x.sum(), x @ x]]),
                             np.array([y.sum(), x @ y]))
    minimum = np.mean((w_star[0] + w_star[1] * x - y) ** 2)
    for level in (minimum * 1.01, minimum + 0.3, 2.0):
        ring = squared_loss_contour(x, y, level, 50)
        assert ring.shape == (50, 2)
        for w0, w1 in ring:
            assert np.mean((w0 + w1 * x - y) ** 2) == pytest.approx(level, rel=1e-9)
        # the ring surrounds the minimum
        np.testing.assert_allclose(ring[:-1].mean(axis=0), w_star, atol=1e-9)
    assert squared_loss_contour(x, y, minimum * 0.99).shape == (0, 2)
