"""The margin sweep: deterministic for its seed, and every run checked by hand."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.errors import DataError
from linviz.sweeps import margin_sweep

from independent import reference_perceptron

SMALL = dict(margins=(0.4, 0.1), repeats=2, n=30)


def lifted(X):
    return np.hstack([X, np.ones((len(X), 1))])


def test_the_same_seed_gives_the_same_sweep_run_for_run():
    a, b = margin_sweep(seed=3, **SMALL), margin_sweep(seed=3, **SMALL)
    for run_a, run_b in zip(a.all_runs(), b.all_runs()):
        assert run_a.trace == run_b.trace
        assert (run_a.R, run_a.gamma, run_a.bound, run_a.updates) == (
            run_b.R, run_b.gamma, run_b.bound, run_b.updates)
        np.testing.assert_array_equal(run_a.theta_star, run_b.theta_star)


def test_another_seed_draws_other_data_sets():
    a, b = margin_sweep(seed=3, **SMALL), margin_sweep(seed=4, **SMALL)
    for run_a, run_b in zip(a.all_runs(), b.all_runs()):
        assert not np.array_equal(run_a.data.X, run_b.data.X)


def test_every_data_set_of_a_sweep_is_its_own():
    sweep = margin_sweep(seed=0, **SMALL)
    runs = sweep.all_runs()
    for k, run in enumerate(runs):
        for other in runs[k + 1:]:
            assert not np.array_equal(run.data.X, other.data.X)


@pytest.mark.parametrize("offset", [True, False])
def test_each_run_matches_an_independent_computation(offset):
    sweep = margin_sweep(seed=1, offset=offset, line_offset=1.0 if offset else 0.0, **SMALL)
    assert sweep.updates.shape == sweep.bounds.shape == (2, 2)
    for margin, row in zip(sweep.margins, sweep.runs):
        for run in row:
            X, y = run.data.X, run.data.y
            points = lifted(X) if offset else X
            # R and γ as the theorem defines them, with plain numpy
            R = float(np.max(np.sqrt(np.sum(points**2, axis=1))))
            assert run.R == pytest.approx(R)
            assert np.linalg.norm(run.theta_star) == pytest.approx(1.0)
            gamma = float(np.min(y * (points @ run.theta_star)))
            assert run.gamma == pytest.approx(gamma, abs=1e-9)
            assert run.gamma > 0
            assert run.bound == pytest.approx((R / gamma) ** 2)
            # the perceptron of the notes, written out, makes as many updates
            reference = reference_perceptron(X, y, tau=int(run.bound) + 2, offset=offset)
            assert reference["converged"]
            assert run.updates == reference["updates"] == run.trace.result["updates"]
            assert run.epochs == reference["epochs"]
            # the theorem: never more updates than (R/γ)²
            assert run.updates <= run.bound
            if not offset:
                # through the origin the generating line itself has margin ≥ the requested
                # one, so the maximum margin is at least that
                assert run.gamma >= margin - 1e-9


def test_the_slowest_run_has_the_most_updates_of_its_margin():
    sweep = margin_sweep(seed=2, **SMALL)
    slowest = sweep.slowest()
    assert slowest in sweep.runs[-1]
    assert slowest.updates == int(np.max(sweep.updates[-1]))
    assert sweep.slowest(0).updates == int(np.max(sweep.updates[0]))


@pytest.mark.parametrize("kwargs, message", [
    (dict(margins=(0.1, 0.2)), "decrease"),
    (dict(margins=(0.1, 0.1)), "decrease"),
    (dict(margins=()), "at least one"),
    (dict(margins=(3.0,)), r"\(0, R"),
    (dict(margins=(0.2, -0.1)), r"\(0, R"),
    (dict(repeats=0), "repeats"),
    (dict(offset=False, line_offset=0.5), "through the origin"),
])
def test_bad_sweeps_are_refused_with_a_clear_message(kwargs, message):
    with pytest.raises(DataError, match=message):
        margin_sweep(**kwargs)
