"""Margins, separability, the maximum-margin separator and the convergence theorem."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from independent import grid_data, mistakes, separable_data

from linviz import DataError, Dataset, LogisticRegression, NotSeparableError, Perceptron
from linviz import make_builtin, theory


def min_margin(X, y, theta, theta0=0.0):
    """minᵢ y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖, in a plain loop."""
    norm = np.sqrt(sum(t * t for t in theta))
    return min(y_i * (np.dot(theta, x_i) + theta0) / norm for x_i, y_i in zip(X, y))


def max_norm(X):
    return max(np.sqrt(np.dot(x, x)) for x in X)


# -- the perceptron convergence theorem ------------------------------------------------


def check_theorem(data, u, b, offset, order):
    """M ≤ (R/γ)² with the known separator, and both proof inequalities at every update."""
    if offset:  # the notes' reduction: x' = [x, 1], θ' = [θ, θ₀], a separator through 0
        points = np.column_stack([data.X, np.ones(data.n_samples)])
        star = np.append(u, b) / np.linalg.norm(np.append(u, b))
    else:
        points, star = np.asarray(data.X), u
    R = max_norm(points)
    gamma = min_margin(points, data.y, star)
    assert gamma > 0
    bound = (R / gamma) ** 2
    learner = Perceptron(epochs=int(bound) + 2, offset=offset, order=order, seed=1).fit(data)
    M = learner.n_updates_
    assert learner.converged_
    assert M <= bound
    assert mistakes(data.X, data.y, learner.theta_, learner.theta0_) == 0

    q = theory.proof_quantities(learner.trace_)
    assert q.augmented is offset
    assert q.R == pytest.approx(R, rel=1e-12)
    # the maximum-margin γ is at least the known separator's, so its bound is tighter
    assert q.gamma >= gamma - 1e-9
    assert M <= q.bound <= bound * (1 + 1e-6)
    assert np.linalg.norm(q.theta_star) == pytest.approx(1.0, abs=1e-9)
    assert min_margin(points, data.y, q.theta_star) == pytest.approx(q.gamma, abs=1e-9)

    thetas = learner.trace_.states["theta"]
    if offset:
        thetas = np.column_stack([thetas, learner.trace_.states["theta0"]])
    assert len(thetas) == M + 1
    steps = np.arange(M + 1)
    np.testing.assert_array_equal(q.M, steps)
    np.testing.assert_allclose(q.alignment, thetas @ q.theta_star, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(q.norm_squared, (thetas**2).sum(axis=1), rtol=1e-12)
    np.testing.assert_allclose(q.lower, steps * q.gamma, rtol=1e-12)
    np.testing.assert_allclose(q.upper, steps * R**2, rtol=1e-12)
    slack = 1e-9 * (1 + steps)
    assert np.all(q.alignment >= q.lower - slack)
    assert np.all(q.norm_squared <= q.upper + slack)
    # the same inequalities with the known separator, computed here from scratch
    assert np.all(thetas @ star >= steps * gamma - slack)
    assert np.all((thetas**2).sum(axis=1) <= steps * R**2 + slack)


@given(sample=separable_data(offset=False), order=st.sampled_from(["cyclic", "shuffle"]))
def test_theorem_through_the_origin(sample, order):
    data, u, b = sample
    check_theorem(data, u, b, offset=False, order=order)


@given(sample=separable_data(offset=True), order=st.sampled_from(["cyclic", "shuffle"]))
def test_theorem_with_offset_on_augmented_vectors(sample, order):
    data, u, b = sample
    check_theorem(data, u, b, offset=True, order=order)


@pytest.mark.parametrize("name, offset", [("separable", True), ("separable-origin", False),
                                          ("small-margin", False), ("offset1d", True)])
def test_theorem_on_builtin_data(name, offset):
    data = make_builtin(name)
    learner = Perceptron(epochs=100_000, offset=offset).fit(data)
    q = theory.proof_quantities(learner.trace_)
    assert learner.converged_ and learner.n_updates_ <= q.bound
    assert np.all(q.alignment >= q.lower - 1e-9 * (1 + q.M))
    assert np.all(q.norm_squared <= q.upper + 1e-9 * (1 + q.M))


def test_proof_quantities_are_for_perceptron_traces_only():
    trace = LogisticRegression(steps=3).fit(make_builtin("separable")).trace_
    with pytest.raises(DataError, match="perceptron"):
        theory.proof_quantities(trace)


# -- the maximum-margin separator -------------------------------------------------------


@given(sample=separable_data(offset=True), offset=st.booleans(),
       seed=st.integers(0, 2**32 - 1))
def test_max_margin_beats_perceptron_and_perturbations(sample, offset, seed):
    data, u, b = sample
    if not offset:  # through the origin the data may not be separable: lift by hand
        data = Dataset("lifted", np.column_stack([data.X, np.ones(data.n_samples)]), data.y)
        u, b = np.append(u, b), 0.0
    star = theory.max_margin_separator(data.X, data.y, offset=offset)
    assert np.linalg.norm(star.theta) == pytest.approx(1.0, abs=1e-9)
    if not offset:
        assert star.theta0 == 0.0
    assert star.gamma == pytest.approx(min_margin(data.X, data.y, star.theta, star.theta0),
                                       abs=1e-9)
    assert star.gamma > 0
    tol = 1e-7
    # better than the separator the data was made with ...
    assert star.gamma >= min_margin(data.X, data.y, u, b) - tol
    # ... than where the perceptron stops ...
    learner = Perceptron(epochs=20_000, offset=offset).fit(data)
    assert learner.converged_
    assert star.gamma >= min_margin(data.X, data.y, learner.theta_, learner.theta0_) - tol
    # ... and than any separator near it
    rng = np.random.default_rng(seed)
    for scale in (1e-4, 1e-3, 1e-2, 1e-1):
        for _ in range(10):
            theta = star.theta + scale * rng.normal(size=star.theta.shape)
            theta0 = star.theta0 + (scale * rng.normal() if offset else 0.0)
            assert min_margin(data.X, data.y, theta, theta0) <= star.gamma + tol


@given(a=st.lists(st.floats(-3, 3), min_size=2, max_size=3), seed=st.integers(0, 2**32 - 1),
       distance=st.floats(0.1, 4.0))
def test_max_margin_of_two_points_is_the_perpendicular_bisector(a, seed, distance):
    a = np.array(a)
    direction = np.random.default_rng(seed).normal(size=a.size)
    b = a - distance * direction / np.linalg.norm(direction)
    star = theory.max_margin_separator(np.array([a, b]), np.array([1.0, -1.0]))
    normal = (a - b) / np.linalg.norm(a - b)
    assert star.gamma == pytest.approx(np.linalg.norm(a - b) / 2, rel=1e-6, abs=1e-7)
    np.testing.assert_allclose(star.theta, normal, atol=1e-5)
    assert star.theta0 == pytest.approx(-np.dot(normal, (a + b) / 2), abs=1e-5)


@pytest.mark.parametrize("offset", [True, False])
def test_max_margin_refuses_data_that_is_not_separable(offset):
    data = make_builtin("xor")
    with pytest.raises(NotSeparableError):
        theory.max_margin_separator(data.X, data.y, offset=offset)


# -- separability -----------------------------------------------------------------------


@pytest.mark.parametrize("name, offset, expected", [
    ("xor", True, False), ("xor", False, False),
    ("separable", True, True), ("separable-origin", False, True),
    ("separable-origin", True, True), ("small-margin", False, True),
    ("noisy", True, False), ("xor-cloud", True, False),
    ("offset1d", False, False), ("offset1d", True, True),
])
def test_is_separable_on_known_data(name, offset, expected):
    data = make_builtin(name)
    assert theory.is_separable(data.X, data.y, offset=offset) is expected


@given(sample=separable_data(offset=True))
def test_random_separable_data_is_separable(sample):
    data, _, _ = sample
    assert theory.is_separable(data.X, data.y, offset=True) is True


@given(data=grid_data(), offset=st.booleans())
def test_is_separable_agrees_with_what_the_perceptron_finds(data, offset):
    """A converged perceptron proves separability; a separator shows it; a clash refutes it."""
    separable = theory.is_separable(data.X, data.y, offset=offset)
    learner = Perceptron(epochs=300, offset=offset).fit(data)
    if learner.converged_:
        assert separable
    if separable:
        star = theory.max_margin_separator(data.X, data.y, offset=offset)
        assert mistakes(data.X, data.y, star.theta, star.theta0) == 0
    else:
        assert not learner.converged_
        with pytest.raises(NotSeparableError):
            theory.max_margin_separator(data.X, data.y, offset=offset)


@given(data=grid_data(), offset=st.booleans())
def test_the_same_point_with_both_labels_is_not_separable(data, offset):
    X = np.vstack([data.X, data.X[:1]])
    y = np.append(data.y, -data.y[0])
    assert theory.is_separable(X, y, offset=offset) is False


# -- the small formulas -----------------------------------------------------------------


halves = st.integers(-6, 6).map(lambda k: k / 2)  # exact arithmetic: ties decided exactly


@given(data=grid_data(), theta=st.lists(halves, min_size=3, max_size=3), theta0=halves)
def test_distances_margins_radius_and_training_error(data, theta, theta0):
    theta = np.array(theta[:data.n_features])
    if not theta.any():
        theta = theta + 1.0
    norm = np.linalg.norm(theta)
    expected = [(np.dot(theta, x) + theta0) / norm for x in data.X]
    np.testing.assert_allclose(theory.signed_distance(data.X, theta, theta0), expected,
                               rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(theory.point_margins(data.X, data.y, theta, theta0),
                               data.y * np.array(expected), rtol=1e-12, atol=1e-12)
    assert theory.dataset_margin(data.X, data.y, theta, theta0) == pytest.approx(
        min_margin(data.X, data.y, theta, theta0), abs=1e-12)
    assert theory.radius(data.X) == pytest.approx(max_norm(data.X), rel=1e-12)
    assert theory.training_error(data.X, data.y, theta, theta0) == pytest.approx(
        mistakes(data.X, data.y, theta, theta0) / data.n_samples)
    np.testing.assert_array_equal(theory.augment(data.X)[:, :-1], data.X)
    np.testing.assert_array_equal(theory.augment(data.X)[:, -1], 1.0)


def test_a_point_on_the_line_is_a_training_error():
    X, y = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0, 1.0])
    assert theory.training_error(X, y, np.array([0.0, 1.0])) == 0.5


def test_the_signed_distance_to_theta_zero_is_undefined():
    with pytest.raises(DataError, match="θ = 0"):
        theory.signed_distance(np.ones((2, 2)), np.zeros(2))


def test_mistake_bound_is_r_over_gamma_squared():
    assert theory.mistake_bound(2.0, 0.5) == 16.0


# -- the normalized form: every point divided by R ------------------------------------


@pytest.mark.parametrize("name, offset", [("separable-origin", False), ("separable", True),
                                          ("small-margin", False)])
def test_dividing_by_r_keeps_the_bound_and_the_updates(name, offset):
    data = make_builtin(name)
    scaled = theory.unit_ball_data(data, offset)
    points = np.hstack([data.X, np.ones((data.n_samples, 1))]) if offset else data.X
    R = max_norm(points)
    np.testing.assert_allclose(scaled.X, points / R)
    assert max_norm(scaled.X) == pytest.approx(1.0)
    general = theory.proof_quantities(Perceptron(offset=offset).fit(data).trace_)
    unit = theory.proof_quantities(Perceptron(offset=False).fit(scaled).trace_)
    assert unit.R == pytest.approx(1.0)
    assert unit.gamma == pytest.approx(general.gamma / general.R)
    assert unit.bound == pytest.approx(general.bound)  # 1/(γ/R)² = (R/γ)²
    assert unit.M[-1] == general.M[-1]
    # θ is divided by R at every update (the augmented θ with an offset)
    thetas = Perceptron(offset=offset).fit(data).trace_.states
    lifted = (np.hstack([thetas["theta"], thetas["theta0"][:, None]]) if offset
              else thetas["theta"])
    unit_thetas = Perceptron(offset=False).fit(scaled).trace_.states["theta"]
    np.testing.assert_allclose(unit_thetas, lifted / R, atol=1e-12)


@pytest.mark.parametrize("name,offset", [("separable", True), ("separable-origin", False),
                                         ("small-margin", True)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_epochs_to_converge_are_enough_and_follow_the_bound(name, offset, seed):
    from linviz import Perceptron, make_builtin
    from linviz.theory import epochs_to_converge, max_margin_separator

    data = make_builtin(name, seed=seed)
    epochs = epochs_to_converge(data, offset)
    run = Perceptron(epochs=epochs, offset=offset).fit(data).trace_.result
    assert run["converged"] and run["epochs"] < epochs
    points = np.hstack([data.X, np.ones((data.n_samples, 1))]) if offset else data.X
    star = max_margin_separator(points, data.y, offset=False)
    R = np.max(np.linalg.norm(points, axis=1))
    assert epochs == int((R / star.gamma) ** 2) + 2


def test_separator_with_fewest_mistakes_is_the_best_imperfect_state():
    from linviz import Perceptron, make_builtin
    from linviz.theory import separator_with_fewest_mistakes

    trace = Perceptron(offset=True).fit(make_builtin("separable")).trace_
    X, y = trace.data.X, trace.data.y
    counts = [int(np.sum(y * (X @ t + t0) <= 0)) if np.any(t) else None
              for t, t0 in zip(trace.states["theta"], trace.states["theta0"])]
    imperfect = [c for c in counts if c]
    chosen = separator_with_fewest_mistakes(trace)
    assert counts[chosen] == min(imperfect)
    assert all(c != min(imperfect) for c in counts[chosen + 1:])
