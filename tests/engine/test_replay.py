"""linviz.replay: a trace at a fractional step, against the trace's own states."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from linviz import Perceptron, make_builtin
from linviz.replay import state_after_steps, state_at


def trace_of(name, offset=True, seed=0):
    return Perceptron(offset=offset).fit(make_builtin(name, seed=seed)).trace_


@pytest.mark.parametrize("name,offset", [("separable", True), ("separable-origin", False),
                                         ("xor", True)])
def test_whole_steps_are_the_traces_states(name, offset):
    trace = trace_of(name, offset)
    after = state_after_steps(trace)
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    for k in range(trace.n_steps + 1):
        theta, theta0 = trace.theta_after(k)  # the trace's own lookup
        state = state_at(thetas, theta0s, after, k)
        np.testing.assert_array_equal(state.theta, theta)
        assert state.theta0 == theta0
        assert state.presence == (1.0 if np.any(theta) else 0.0)


@given(st.integers(min_value=0, max_value=3), st.floats(min_value=0.0, max_value=1.0))
def test_between_steps_is_linear_and_fades_in_from_zero(seed, frac):
    trace = trace_of("small-margin", seed=seed)
    after = state_after_steps(trace)
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    k = int(np.flatnonzero(trace.steps["mistake"])[0])  # the first update: from θ = 0
    for step in (k, min(k + 3, trace.n_steps - 1)):
        (a, a0), (b, b0) = trace.theta_after(step), trace.theta_after(step + 1)
        state = state_at(thetas, theta0s, after, step + frac)
        np.testing.assert_allclose(state.theta, (1 - frac) * a + frac * b, atol=1e-12)
        assert state.theta0 == pytest.approx((1 - frac) * a0 + frac * b0, abs=1e-12)
        if not np.any(a):
            expected = 0.0 if frac <= 1e-9 else frac
            assert state.presence == pytest.approx(expected)
        else:
            assert state.presence == 1.0


def test_steps_outside_the_trace_are_clamped():
    trace = trace_of("separable")
    after = state_after_steps(trace)
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    last = state_at(thetas, theta0s, after, trace.n_steps + 5)
    np.testing.assert_array_equal(last.theta, trace.theta_after(trace.n_steps)[0])
    assert state_at(thetas, theta0s, after, -3).presence == 0.0
