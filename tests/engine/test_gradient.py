"""Gradient learners: logistic regression and linear (polynomial) regression."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from independent import (central_difference, continuous_data, logistic_loss,
                         separable_data, squared_loss)

from linviz import REGRESSION, DataError, Dataset, LinearRegression, LogisticRegression
from linviz import make_builtin
from linviz.logistic import logistic_loss_and_grad, sigmoid
from linviz.regression import normal_equations, polynomial_features, squared_loss_and_grad


@st.composite
def regression_data(draw, max_n=25, max_d=3):
    n = draw(st.integers(2, max_n))
    d = draw(st.integers(1, max_d))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    X = rng.uniform(-2, 2, size=(n, d))
    y = X @ rng.normal(size=d) + rng.normal() + rng.normal(scale=0.3, size=n)
    return Dataset("random-regression", X, y, REGRESSION)


def parameters(d):
    return st.tuples(st.lists(st.floats(-3, 3), min_size=d, max_size=d), st.floats(-3, 3))


# -- logistic regression -----------------------------------------------------------------


@given(data=continuous_data(max_n=15), seed=st.integers(0, 2**32 - 1),
       l2=st.sampled_from([0.0, 0.1, 1.0]))
def test_logistic_gradient_matches_central_differences(data, seed, l2):
    rng = np.random.default_rng(seed)
    theta, theta0 = rng.normal(size=data.n_features), float(rng.normal())
    loss, grad, grad0 = logistic_loss_and_grad(data.X, data.y, theta, theta0, l2)
    assert loss == pytest.approx(logistic_loss(data.X, data.y, theta, theta0, l2), rel=1e-10)
    numeric = central_difference(
        lambda w: logistic_loss(data.X, data.y, w[:-1], w[-1], l2), np.append(theta, theta0))
    np.testing.assert_allclose(np.append(grad, grad0), numeric, rtol=1e-5, atol=1e-6)


@given(data=continuous_data(max_n=12), batch=st.sampled_from(["full", "stochastic"]),
       offset=st.booleans(), l2=st.sampled_from([0.0, 0.05]))
def test_logistic_trace_records_the_gradient_steps_it_took(data, batch, offset, l2):
    """θₜ = θₜ₋₁ − η gₜ, gₜ the gradient at θₜ₋₁ (of one point when stochastic), loss recorded."""
    lr = 0.3
    trace = LogisticRegression(lr=lr, steps=15, l2=l2, batch=batch, offset=offset,
                               seed=7).fit(data).trace_
    thetas, theta0s, losses = (trace.states[k] for k in ("theta", "theta0", "loss"))
    assert len(thetas) == 16 and thetas[0].tolist() == [0.0] * data.n_features
    for t in range(15):
        i = trace.steps["i"][t]
        rows = slice(None) if batch == "full" else slice(i, i + 1)
        if batch == "full":
            assert i == -1
        X, y = data.X[rows], data.y[rows]
        numeric = central_difference(lambda w: logistic_loss(X, y, w[:-1], w[-1], l2),
                                     np.append(thetas[t], theta0s[t]))
        np.testing.assert_allclose(trace.steps["grad"][t], numeric[:-1], rtol=1e-5, atol=1e-6)
        expected0 = numeric[-1] if offset else 0.0
        assert trace.steps["grad0"][t] == pytest.approx(expected0, rel=1e-5, abs=1e-6)
        np.testing.assert_allclose(thetas[t + 1], thetas[t] - lr * trace.steps["grad"][t],
                                   rtol=1e-12, atol=1e-12)
        assert theta0s[t + 1] == pytest.approx(theta0s[t] - lr * trace.steps["grad0"][t],
                                               abs=1e-12)
        before = y * (X @ thetas[t] + theta0s[t])
        assert trace.steps["mistake"][t] == bool(np.any(before <= 0))
        assert losses[t + 1] == pytest.approx(
            logistic_loss(data.X, data.y, thetas[t + 1], theta0s[t + 1], l2), rel=1e-10)
    if not offset:
        np.testing.assert_array_equal(theta0s, 0.0)
    np.testing.assert_allclose(trace.steps["grad_norm"], np.sqrt(
        (trace.steps["grad"] ** 2).sum(axis=1) + trace.steps["grad0"] ** 2), rtol=1e-12)


@given(sample=separable_data(offset=True), fraction=st.floats(0.05, 1.0),
       offset=st.booleans())
def test_logistic_loss_never_increases_for_a_small_step(sample, fraction, offset):
    """The mean logistic loss is (max‖x̃‖²/4)-smooth, so η ≤ 4/max‖x̃‖² only goes down."""
    data, _, _ = sample
    lifted_norms = [np.dot(x, x) + 1.0 for x in data.X]
    lr = fraction * 4.0 / max(lifted_norms)
    losses = LogisticRegression(lr=lr, steps=60, offset=offset).fit(data).trace_.states["loss"]
    assert np.all(np.diff(losses) <= 1e-12 * losses[:-1])
    assert losses[-1] < losses[0] == pytest.approx(math.log(2))


@pytest.mark.parametrize("batch", ["full", "stochastic"])
def test_huge_margins_give_no_overflow_nan_or_warning(batch):
    base = make_builtin("separable")
    data = Dataset("huge", base.X * 1e6, base.y)
    with warnings.catch_warnings(), np.errstate(over="raise", invalid="raise", divide="raise"):
        warnings.simplefilter("error")
        learner = LogisticRegression(steps=100, batch=batch).fit(data)
        trace = learner.trace_
        for name, column in list(trace.steps.items()) + list(trace.states.items()):
            assert np.all(np.isfinite(column)), name
        assert np.isfinite(learner.loss_)
        # and the loss itself at margins of ±1e12
        for sign in (1.0, -1.0):
            loss, grad, grad0 = logistic_loss_and_grad(data.X, data.y, sign * np.ones(2), 0.0)
            assert np.isfinite(loss) and np.all(np.isfinite(grad)) and np.isfinite(grad0)
            assert loss == pytest.approx(logistic_loss(data.X, data.y, sign * np.ones(2), 0.0))


@given(u=st.floats(-700, 700))
def test_sigmoid_is_one_over_one_plus_exp_minus_u(u):
    assert float(sigmoid(u)) == pytest.approx(1.0 / (1.0 + math.exp(-u)), rel=1e-12, abs=1e-300)


def test_sigmoid_saturates_quietly():
    with warnings.catch_warnings(), np.errstate(over="raise", invalid="raise"):
        warnings.simplefilter("error")
        values = sigmoid(np.array([-1e308, -1e4, 0.0, 1e4, 1e308]))
    np.testing.assert_array_equal(values, [0.0, 0.0, 0.5, 1.0, 1.0])


def test_stochastic_logistic_regression_is_deterministic_for_a_seed():
    data = make_builtin("noisy")
    first = LogisticRegression(batch="stochastic", steps=120, seed=3).fit(data).trace_
    again = LogisticRegression(batch="stochastic", steps=120, seed=3).fit(data).trace_
    other = LogisticRegression(batch="stochastic", steps=120, seed=4).fit(data).trace_
    assert first == again and first.to_json() == again.to_json()
    assert not np.array_equal(first.steps["i"], other.steps["i"])
    assert set(first.steps["i"]) <= set(range(data.n_samples))
    np.testing.assert_array_equal(first.steps["epoch"], np.arange(120) // data.n_samples + 1)


@pytest.mark.parametrize("kwargs, message", [
    (dict(lr=0.0), "step size"), (dict(lr=float("nan")), "step size"),
    (dict(steps=0), "steps"), (dict(batch="mini"), "batch"), (dict(l2=-1.0), "λ"),
])
def test_logistic_rejects_bad_parameters(kwargs, message):
    with pytest.raises(DataError, match=message):
        LogisticRegression(**kwargs).fit(make_builtin("noisy"))


def test_logistic_rejects_regression_data():
    with pytest.raises(DataError, match="regression"):
        LogisticRegression().fit(make_builtin("regression1d"))


# -- linear regression --------------------------------------------------------------------


@given(data=regression_data(), offset=st.booleans())
def test_normal_equations_equal_lstsq(data, offset):
    columns = [data.X, np.ones((data.n_samples, 1))] if offset else [data.X]
    expected = np.linalg.lstsq(np.hstack(columns), data.y, rcond=None)[0]
    theta, theta0 = normal_equations(data.X, data.y, offset)
    np.testing.assert_allclose(np.append(theta, theta0) if offset else theta, expected,
                               rtol=1e-7, atol=1e-7)
    if not offset:
        assert theta0 == 0.0


@pytest.mark.parametrize("degree", [1, 2, 3, 5])
def test_closed_form_of_the_learner_equals_lstsq_on_polynomial_features(degree):
    data = make_builtin("regression1d")
    x = data.X[:, 0]
    design = np.column_stack([x**j for j in range(1, degree + 1)] + [np.ones_like(x)])
    expected = np.linalg.lstsq(design, data.y, rcond=None)[0]
    learner = LinearRegression(degree=degree, steps=1).fit(data)
    theta, theta0 = learner.closed_form_
    np.testing.assert_allclose(np.append(theta, theta0), expected, rtol=1e-7, atol=1e-7)
    closed = learner.trace_.result["closed_form"]
    np.testing.assert_allclose(closed["theta"], theta)
    assert closed["loss"] == pytest.approx(squared_loss(design[:, :-1], data.y, theta, theta0))


@given(seed=st.integers(0, 2**32 - 1), scale=st.sampled_from([1.0, 3.0, 10.0]),
       degree=st.integers(1, 9), n=st.integers(12, 40))
def test_closed_form_minimizes_the_loss_on_ill_conditioned_polynomials(seed, scale, degree, n):
    """The closed form is the least-squares answer however badly [φ(x), 1] is conditioned
    (x up to 10, degree 9: a condition number near 10¹¹, squared by forming XᵀX)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, scale, size=n)
    y = np.sin(3 * x / scale) + 0.01 * rng.normal(size=n)
    data = Dataset("wide", x[:, None], y, REGRESSION)
    design = np.column_stack([x**j for j in range(1, degree + 1)] + [np.ones(n)])
    best = np.linalg.lstsq(design, y, rcond=None)[0]
    best_loss = squared_loss(design[:, :-1], y, best[:-1], best[-1])
    learner = LinearRegression(degree=degree, steps=1).fit(data)
    theta, theta0 = learner.closed_form_
    assert squared_loss(design[:, :-1], y, theta, theta0) <= best_loss * (1 + 1e-6) + 1e-12
    assert learner.trace_.result["closed_form"]["loss"] <= best_loss * (1 + 1e-6) + 1e-12


@given(data=regression_data(max_n=15), offset=st.booleans())
def test_gradient_descent_converges_to_the_closed_form(data, offset):
    design = np.column_stack([data.X, np.ones(data.n_samples)]) if offset else np.asarray(data.X)
    hessian = 2.0 / data.n_samples * design.T @ design
    eigenvalues = np.linalg.eigvalsh(hessian)
    assume(eigenvalues[0] >= 0.05 * eigenvalues[-1])  # well enough conditioned to converge fast
    # with η = 1/λ_max the error shrinks by at least (1 − λ_min/λ_max) ≤ 0.95 per step
    expected = np.linalg.lstsq(design, data.y, rcond=None)[0]
    learner = LinearRegression(lr=1.0 / eigenvalues[-1], steps=800, offset=offset).fit(data)
    found = np.append(learner.theta_, learner.theta0_) if offset else learner.theta_
    np.testing.assert_allclose(found, expected, rtol=1e-6, atol=1e-6)
    losses = learner.trace_.states["loss"]
    assert np.all(np.diff(losses) <= 1e-12 * losses[:-1] + 1e-24)  # rounding once at zero


def test_gradient_descent_reaches_the_closed_form_on_regression1d():
    learner = LinearRegression(lr=0.5, steps=2000).fit(make_builtin("regression1d"))
    theta, theta0 = learner.closed_form_
    np.testing.assert_allclose(learner.theta_, theta, atol=1e-8)
    assert learner.theta0_ == pytest.approx(theta0, abs=1e-8)
    assert learner.trace_.result["converged"] is True


@given(data=regression_data(max_n=12), seed=st.integers(0, 2**32 - 1))
def test_squared_loss_gradient_matches_central_differences(data, seed):
    rng = np.random.default_rng(seed)
    theta, theta0 = rng.normal(size=data.n_features), float(rng.normal())
    loss, grad, grad0 = squared_loss_and_grad(data.X, data.y, theta, theta0)
    assert loss == pytest.approx(squared_loss(data.X, data.y, theta, theta0), rel=1e-10)
    numeric = central_difference(lambda w: squared_loss(data.X, data.y, w[:-1], w[-1]),
                                 np.append(theta, theta0))
    np.testing.assert_allclose(np.append(grad, grad0), numeric, rtol=1e-6, atol=1e-6)


@given(data=regression_data(max_n=12, max_d=1), degree=st.integers(1, 6),
       batch=st.sampled_from(["full", "stochastic"]))
def test_linear_regression_trace_records_its_steps(data, degree, batch):
    features = np.column_stack([data.X[:, 0] ** j for j in range(1, degree + 1)])
    lifted = np.column_stack([features, np.ones(data.n_samples)])
    lr = 0.5 / max(2.0 * np.dot(row, row) for row in lifted)  # small enough not to diverge
    learner = LinearRegression(degree=degree, lr=lr, steps=10, batch=batch, seed=2).fit(data)
    trace = learner.trace_
    for t in range(10):
        i = trace.steps["i"][t]
        rows = slice(None) if batch == "full" else slice(i, i + 1)
        theta, theta0 = trace.states["theta"][t], trace.states["theta0"][t]
        numeric = central_difference(
            lambda w: squared_loss(features[rows], data.y[rows], w[:-1], w[-1]),
            np.append(theta, theta0))
        np.testing.assert_allclose(np.append(trace.steps["grad"][t], trace.steps["grad0"][t]),
                                   numeric, rtol=1e-5, atol=1e-5)
        assert not trace.steps["mistake"][t]
        assert trace.states["loss"][t + 1] == pytest.approx(
            squared_loss(features, data.y, trace.states["theta"][t + 1],
                         trace.states["theta0"][t + 1]), rel=1e-10, abs=1e-12)


@given(x=st.lists(st.floats(-2, 2), min_size=1, max_size=8), degree=st.integers(1, 12))
def test_polynomial_features_are_powers_of_x(x, degree):
    X = np.array(x)[:, None]
    phi = polynomial_features(X, degree)
    assert phi.shape == (len(x), degree)
    for j in range(1, degree + 1):
        np.testing.assert_allclose(phi[:, j - 1], [v**j for v in x], rtol=1e-12, atol=1e-300)


def test_polynomial_features_need_one_dimensional_input():
    with pytest.raises(DataError, match="1-D"):
        polynomial_features(np.ones((3, 2)), 2)


@pytest.mark.parametrize("learner, data", [
    (LinearRegression(lr=1e3, steps=500), "regression1d"),
    (LogisticRegression(lr=1e300, steps=5), "noisy"),
])
def test_too_large_a_step_is_one_divergence_error_and_no_warning(learner, data):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(DataError, match="diverged"):
            learner.fit(make_builtin(data))


@pytest.mark.parametrize("kwargs, message", [
    (dict(degree=0), "degree"), (dict(degree=13), "degree"), (dict(lr=-1.0), "step size"),
    (dict(steps=1.5), "steps"),
])
def test_linear_regression_rejects_bad_parameters(kwargs, message):
    with pytest.raises(DataError, match=message):
        LinearRegression(**kwargs).fit(make_builtin("regression1d"))


def test_linear_regression_rejects_classification_data():
    with pytest.raises(DataError, match="classification"):
        LinearRegression().fit(make_builtin("separable"))
