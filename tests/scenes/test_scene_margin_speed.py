"""The margin-speed scene plots each run of the engine's sweep at (bound, updates)."""

from __future__ import annotations

import numpy as np
import pytest

from types import SimpleNamespace

from linviz.lessons.margin_speed import band_in_plane, median_run_index, representatives
from scenes.margin_speed import MarginSpeedScene

from independent import reference_perceptron
from scene_helpers import tiny_dry_run, variant

SMALL = dict(sweep_margins=(0.4, 0.1), sweep_repeats=3)


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    return tmp_path_factory.mktemp("media")


def built(media, **attributes):
    with tiny_dry_run(media):
        scene = variant(MarginSpeedScene, **{**SMALL, **attributes})()
        scene.setup()
        scene.make_trace()
        scene.build()
    return scene


@pytest.fixture(scope="module")
def scene(media):
    return built(media)


def test_every_dot_is_its_runs_updates_against_its_bound(scene):
    for row, dots in zip(scene.sweep.runs, scene.dots):
        assert len(row) == len(dots) == SMALL["sweep_repeats"]
        for run, dot in zip(row, dots):
            X, y = run.data.X, run.data.y
            points = np.column_stack([X, np.ones(len(X))])
            R = np.max(np.sqrt(np.sum(points**2, axis=1)))
            gamma = np.min(y * (points @ run.theta_star)) / np.linalg.norm(run.theta_star)
            updates = reference_perceptron(X, y, tau=int((R / gamma) ** 2) + 2)["updates"]
            bound, M = scene.plot.p2c(dot.get_center())
            assert bound == pytest.approx((R / gamma) ** 2, rel=1e-9)
            assert M == pytest.approx(updates, rel=1e-9)
            assert M <= bound  # under the line M = (R/γ)²


def test_the_sweep_and_so_the_plot_are_the_same_for_the_same_seed(scene, media):
    again = built(media)
    other = built(media, seed=5)
    positions = [d.get_center() for dots in scene.dots for d in dots]
    np.testing.assert_array_equal(positions, [d.get_center() for dots in again.dots for d in dots])
    assert not np.allclose(positions, [d.get_center() for dots in other.dots for d in dots])


def test_the_replayed_runs_and_their_bands(scene):
    for k, row in enumerate(scene.sweep.runs):
        assert scene.shown[k] in row
    chosen = scene.shown[:-1]
    if scene.ordered:  # each shown run: smaller γ and more updates than the one before
        assert all(b.gamma < a.gamma and b.updates > a.updates
                   for a, b in zip(chosen, chosen[1:]))
    else:
        assert chosen == [row[median_run_index(row)] for row in scene.sweep.runs]
    assert scene.shown[-1].updates == max(r.updates for r in scene.sweep.runs[-1])
    run = scene.shown[-1]
    scene.run = run
    scene.band.set_band(*band_in_plane(run))
    for edge in scene.band.edges_in_data():
        for point in edge:  # an edge: the points with θ*ᵀ[x, 1] = ±γ
            assert abs(run.theta_star @ np.append(point, 1.0)) == pytest.approx(run.gamma,
                                                                              abs=1e-6)
    # the boundary follows the run's states
    states = run.trace.states
    for M in (0, 1, run.updates):
        scene.tracker.set_value(M)
        theta, theta0, _ = scene.state_at()
        np.testing.assert_allclose(theta, states["theta"][M])
        assert theta0 == states["theta0"][M]


def test_whole_scene_plays(media):
    with tiny_dry_run(media):
        scene = variant(MarginSpeedScene, **SMALL)()
        scene.render()
    assert scene.sections == ["setup", "margin-0.4", "margin-0.1", "small-margin", "summary"]
    slowest = scene.sweep.slowest()
    assert scene.values["M"].number.shown == str(slowest.updates)
    assert any(f"{slowest.updates} updates" in sentence for sentence in scene.narration)


def fake(gamma, updates):
    return SimpleNamespace(gamma=gamma, updates=updates)


def test_representatives_tell_the_story_only_when_the_runs_do():
    rows = [[fake(0.3, 9), fake(0.31, 4), fake(0.29, 6)],
            [fake(0.2, 5), fake(0.1, 30), fake(0.15, 12)],
            [fake(0.05, 8), fake(0.12, 40), fake(0.02, 50)]]
    chosen, ordered = representatives(rows)
    runs = [row[r] for row, r in zip(rows, chosen)]
    assert ordered
    assert all(b.gamma < a.gamma and b.updates > a.updates for a, b in zip(runs, runs[1:]))
    # every chain checked by hand: the middle run of each row where it can be
    assert runs == [rows[0][2], rows[1][2], rows[2][1]]
    # no run of the last row has more updates than any of the first: no such chain
    rows[2] = [fake(0.01, 3), fake(0.02, 2), fake(0.03, 1)]
    chosen, ordered = representatives(rows)
    assert not ordered and list(chosen) == [median_run_index(row) for row in rows]
