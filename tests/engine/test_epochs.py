"""Per-epoch summaries of a trace agree with a plain loop over the notes' perceptron."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import Perceptron, make_builtin
from linviz.epochs import epoch_boundary_states, mistakes_per_epoch, training_error_per_epoch


def loop(X, y, epochs):
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    errors, mistakes = [1.0], []
    for _ in range(epochs):
        m = 0
        for x, label in zip(X, y):
            if label * (theta @ x + theta0) <= 0:
                theta, theta0, m = theta + label * x, theta0 + label, m + 1
        mistakes.append(m)
        errors.append(float(np.mean(y * (X @ theta + theta0) <= 0)))
    return np.array(errors), np.array(mistakes)


@pytest.mark.parametrize("name", ["noisy", "xor"])
def test_per_epoch_values_match_a_plain_loop(name):
    data = make_builtin(name)
    trace = Perceptron(epochs=12).fit(data).trace_
    errors, mistakes = loop(data.X, data.y, 12)
    np.testing.assert_allclose(training_error_per_epoch(trace), errors)
    np.testing.assert_array_equal(mistakes_per_epoch(trace), mistakes)
    states = epoch_boundary_states(trace)
    assert states[0] == 0 and states[-1] == trace.result["updates"]
    assert np.all(np.diff(states) == mistakes)


def test_noisy_data_never_reaches_zero_training_error():
    trace = Perceptron(epochs=50).fit(make_builtin("noisy")).trace_
    assert not trace.result["converged"]
    assert np.all(training_error_per_epoch(trace) > 0)
