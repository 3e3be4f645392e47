"""The rate of a never-ending walk played in one run time: its first pass slower."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from linviz.pacing import first_pass_slower


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=6), st.floats(1.0, 5.0))
def test_each_update_of_the_first_pass_takes_weight_times_a_later_ones_time(counts, weight):
    passes = np.repeat(np.arange(len(counts)), counts)
    rate = first_pass_slower(passes, weight)
    m = passes.size
    # the time at which each update ends, found by bisection on the rate (a second route)
    ends = []
    for k in range(1, m + 1):
        low, high = 0.0, 1.0
        for _ in range(60):
            mid = (low + high) / 2
            low, high = (mid, high) if rate(mid) < k / m else (low, mid)
        ends.append(high)
    durations = np.diff([0.0, *ends])
    first, later = durations[:counts[0]], durations[counts[0]:]
    total = weight * counts[0] + (m - counts[0])
    np.testing.assert_allclose(first, weight / total, atol=1e-9)
    np.testing.assert_allclose(later, 1.0 / total, atol=1e-9)
    assert rate(0.0) == 0.0 and rate(1.0) == 1.0
    ts = np.linspace(0, 1, 101)
    assert all(np.diff([rate(t) for t in ts]) >= 0)


def test_one_pass_or_weight_one_is_the_identity():
    for passes, weight in (([0, 0, 0], 3.0), ([0, 1, 1, 2], 1.0)):
        rate = first_pass_slower(passes, weight)
        for t in (0.0, 0.13, 0.5, 0.77, 1.0):
            assert abs(rate(t) - t) < 1e-12
