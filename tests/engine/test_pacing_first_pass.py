"""The rate of a never-ending walk played in one run time: its first pass slower."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from linviz.pacing import first_pass_slower


def update_durations(rate, m: int) -> np.ndarray:
    """The share of the run time each of the walk's ``m`` updates takes: the time at which
    update k ends (``rate`` reaches k/m) found by bisection on the rate (a second route)."""
    ends = []
    for k in range(1, m + 1):
        low, high = 0.0, 1.0
        for _ in range(60):
            mid = (low + high) / 2
            low, high = (mid, high) if rate(mid) < k / m else (low, mid)
        ends.append(high)
    return np.diff([0.0, *ends])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=6), st.floats(1.0, 5.0))
def test_each_update_of_the_first_pass_takes_weight_times_a_later_ones_time(counts, weight):
    passes = np.repeat(np.arange(len(counts)), counts)
    rate = first_pass_slower(passes, weight)
    m = passes.size
    durations = update_durations(rate, m)
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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=6), st.floats(1.0, 5.0),
       st.integers(0, 6), st.floats(0.05, 0.9))
def test_the_lead_takes_its_share_alike_and_the_rest_keeps_its_ratios(counts, weight, lead,
                                                                      share):
    passes = np.repeat(np.arange(len(counts)), counts)
    m = passes.size
    rate = first_pass_slower(passes, weight, lead=lead, lead_share=share)
    durations = update_durations(rate, m)
    led = min(lead, m)
    if led == m:  # all of it the lead: played evenly
        np.testing.assert_allclose(durations, 1.0 / m, atol=1e-9)
        return
    np.testing.assert_allclose(durations[:led], share / led if led else 0.0, atol=1e-9)
    rest = np.where(passes[led:] == 0, weight, 1.0)
    np.testing.assert_allclose(durations[led:], (1.0 - (share if led else 0.0)) * rest
                               / rest.sum(), atol=1e-9)
    assert rate(0.0) == 0.0 and rate(1.0) == 1.0
