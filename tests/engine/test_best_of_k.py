"""Best-of-k: the notes' example learning algorithm."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from independent import continuous_data, grid_data, mistakes

from linviz import BestOfK, DataError, make_builtin


def training_errors(data, trace):
    """ℰₙ of every hypothesis the trace says it drew (state j + 1 is hypothesis j)."""
    thetas, theta0s = trace.states["theta"][1:], trace.states["theta0"][1:]
    return [mistakes(data.X, data.y, t, t0) / data.n_samples for t, t0 in zip(thetas, theta0s)]


@given(data=st.one_of(grid_data(), continuous_data()), k=st.integers(1, 25),
       offset=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_the_choice_is_the_first_argmin_of_the_training_errors(data, k, offset, seed):
    learner = BestOfK(k=k, offset=offset, seed=seed).fit(data)
    trace = learner.trace_
    errors = training_errors(data, trace)
    assert len(errors) == k == trace.n_steps
    np.testing.assert_allclose(trace.steps["training_error"], errors, rtol=0, atol=1e-15)
    best = min(range(k), key=lambda j: (errors[j], j))
    assert learner.best_index_ == best == trace.result["best_index"]
    np.testing.assert_array_equal(learner.theta_, trace.states["theta"][best + 1])
    assert learner.theta0_ == trace.states["theta0"][best + 1] == trace.result["theta0"]
    assert learner.training_error_ == errors[best] == trace.result["training_error"]
    assert trace.result["converged"] is (errors[best] == 0)
    np.testing.assert_array_equal(trace.steps["mistake"], np.array(errors) > 0)


@given(data=st.one_of(grid_data(), continuous_data()), k=st.integers(1, 25),
       offset=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_hypotheses_are_unit_normals_of_lines_through_the_data(data, k, offset, seed):
    trace = BestOfK(k=k, offset=offset, seed=seed).fit(data).trace_
    thetas, theta0s = trace.states["theta"][1:], trace.states["theta0"][1:]
    np.testing.assert_allclose(np.linalg.norm(thetas, axis=1), 1.0, rtol=1e-12)
    if not offset:
        np.testing.assert_array_equal(theta0s, 0.0)
        return
    # θ₀ = −θᵀp for a point p of the bounding box: −θ₀ lies in θᵀ(box)
    low, high = data.X.min(axis=0), data.X.max(axis=0)
    for theta, theta0 in zip(thetas, theta0s):
        reach = np.abs(theta) @ (high - low) / 2
        centre = theta @ (high + low) / 2
        assert centre - reach - 1e-9 <= -theta0 <= centre + reach + 1e-9


@pytest.mark.parametrize("name", ["separable", "xor", "noisy", "offset1d"])
def test_deterministic_for_the_seed(name):
    data = make_builtin(name)
    first = BestOfK(k=30, seed=5).fit(data).trace_
    again = BestOfK(k=30, seed=5).fit(data).trace_
    other = BestOfK(k=30, seed=6).fit(data).trace_
    assert first == again and first.to_json() == again.to_json()
    assert not np.array_equal(first.states["theta"], other.states["theta"])


def test_many_hypotheses_do_well_on_separable_data():
    data = make_builtin("separable")
    few = BestOfK(k=1, seed=0).fit(data).training_error_
    many = BestOfK(k=500, seed=0).fit(data).training_error_
    assert many <= few and many < 0.1


@pytest.mark.parametrize("k", [0, -3, 2.5])
def test_bad_k_is_rejected(k):
    with pytest.raises(DataError, match="k must"):
        BestOfK(k=k).fit(make_builtin("separable"))


def test_regression_data_is_rejected():
    with pytest.raises(DataError, match="regression"):
        BestOfK().fit(make_builtin("regression1d"))
