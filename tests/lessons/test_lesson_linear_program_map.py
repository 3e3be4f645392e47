"""The map of every line (linear-program, data no line separates even with an offset): each
cell's count is the points its lines get wrong, counted afresh at the cell's middle by the
perceptron's own rule; the map's fewest is the exact least error (a search over lines
through pairs of points, not the map); a line's place is its direction and distance; and
the story says the map only where it exists, "none is unshaded" only where no line gets
every point right."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from lp_gallery import lessons_where
from linviz.least_error import least_training_error
from linviz.lessons.linear_program_map import (line_map, line_place, walk_places,
                                               wrong_in_column)
from linviz.lessons.linear_program_story import MAP_WORDS
from linviz.perceptron import mistakes


def _direct(X, y, phi, d) -> int:
    """Points wrong by the line uᵀx = d at direction phi (degrees), by the perceptron's
    rule applied to θ = u, θ₀ = −d."""
    u = np.array([np.cos(np.radians(phi)), np.sin(np.radians(phi))])
    return int(np.sum(mistakes(X, y, u[None, :], np.array([-d]))))


points = st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), min_size=2, max_size=12)


@settings(max_examples=60, deadline=None)
@given(points, st.integers(0, 2 ** 12), st.floats(0.0, 359.9))
def test_each_run_of_a_column_counts_what_its_middle_line_gets_wrong(coords, bits, phi):
    X = np.array(coords, dtype=float) / 3.0
    y = np.where([(bits >> k) & 1 for k in range(len(X))], 1, -1)
    reach = 1.1 * float(np.max(np.hypot(X[:, 0], X[:, 1]))) + 0.1
    runs = wrong_in_column(X, y, phi, reach)
    # the runs tile the axis, in order, and neighbours differ
    assert runs[0][0] == -reach and runs[-1][1] == reach
    for (a, b, c), (d, e, f) in zip(runs, runs[1:]):
        assert b == d and c != f
    for low, high, count in runs:
        assert low < high
        assert count == _direct(X, y, phi, (low + high) / 2)


NON_SEPARABLE = [(case.name, data, lesson, beats) for case, data, lesson, beats in
                 lessons_where(lambda lesson: lesson.endless_offset is not None)]


def test_the_gallery_has_data_no_line_separates():
    assert len(NON_SEPARABLE) >= 3, [name for name, *_ in NON_SEPARABLE]


@pytest.mark.parametrize("name, data, lesson, beats", NON_SEPARABLE,
                         ids=[c[0] for c in NON_SEPARABLE])
def test_every_cell_of_the_map_counts_its_lines_mistakes(name, data, lesson, beats):
    grid = lesson.offset_map
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    rng = np.random.default_rng(0)
    rows = grid.cells[rng.choice(len(grid.cells), size=min(300, len(grid.cells)),
                                 replace=False)]
    for column, low, high, count in rows:
        assert count == _direct(X, y, grid.columns[int(column)], (low + high) / 2)
    # the columns: evenly round the circle, the middle one the map's centre
    assert np.allclose(np.diff(grid.columns), grid.width)
    assert np.isclose(grid.width * len(grid.columns), 360.0)
    assert np.isclose(grid.columns[len(grid.columns) // 2], grid.centre)


@pytest.mark.parametrize("name, data, lesson, beats", NON_SEPARABLE,
                         ids=[c[0] for c in NON_SEPARABLE])
def test_the_maps_fewest_is_the_least_error_and_lies_under_the_white_line(
        name, data, lesson, beats):
    grid = lesson.offset_map
    exact = least_training_error(data.X, data.y)
    assert grid.low == exact.mistakes >= 1  # none is unshaded
    phi, d = line_place(exact.theta, exact.theta0)
    assert grid.count_at(phi, d) == exact.mistakes
    # the sentence that says so, only here
    assert sum(beat.sentence == MAP_WORDS for beat in beats) == 1


def test_the_map_is_said_only_where_no_line_separates():
    for case, _, lesson, beats in lessons_where(lambda lesson: True):
        said = any(beat.motion == "line-map" for beat in beats)
        assert said == (lesson.endless_offset is not None), case.name


@given(st.floats(-5, 5), st.floats(-5, 5), st.floats(-5, 5), st.floats(0.1, 10))
def test_a_lines_place_is_its_direction_and_distance_whatever_its_scale(a, b, c, scale):
    theta = np.array([a, b])
    if np.hypot(a, b) < 1e-3:
        return
    phi, d = line_place(theta, c)
    again = line_place(scale * theta, scale * c)
    assert np.isclose(phi, again[0]) and np.isclose(d, again[1])
    assert 0.0 <= phi < 360.0
    # the foot of the perpendicular from 0 is d along θ's direction, and on the line
    u = np.array([np.cos(np.radians(phi)), np.sin(np.radians(phi))])
    assert np.allclose(u, theta / np.hypot(a, b))
    assert np.isclose(theta @ (d * u) + c, 0.0, atol=1e-9)


def test_the_walk_on_the_map_is_the_runs_states():
    _, _, lesson, _ = NON_SEPARABLE[0]
    states = lesson.endless_offset.states
    places = walk_places(states["theta"], states["theta0"])
    for (theta, theta0), place in zip(zip(states["theta"], states["theta0"]), places):
        if np.allclose(theta, 0):
            assert np.all(np.isnan(place))
        else:
            u = np.array([np.cos(np.radians(place[0])), np.sin(np.radians(place[0]))])
            assert np.allclose(u * np.linalg.norm(theta), theta)
            assert np.isclose(place[1] * np.linalg.norm(theta), -theta0)


def test_a_map_through_a_direction_samples_it():
    X = np.array([[1.0, 0.0], [-1.0, 0.5], [0.3, -2.0]])
    grid = line_map(X, np.array([1, -1, 1]), through=123.4)
    assert np.any(np.isclose(grid.columns, 123.4))
    # its edges 180° either side
    assert np.isclose(grid.columns[0] - grid.width / 2, 123.4 - 180)
    assert np.isclose(grid.columns[-1] + grid.width / 2, 123.4 + 180)


@given(st.integers(0, 200), st.integers(0, 200), st.integers(2, 8))
def test_the_maps_shades_double_from_the_fewest(low, extra, shades):
    """The fewest alone in shade 0; a count c > low in the shade k with 2^(k−1) ≤ c − low
    < 2^k (the last shade holding all beyond): recomputed by repeated halving."""
    from linviz.lessons.linear_program import shade_ranges
    from linviz.lessons.linear_program_map import doubling_shade

    count = low + extra
    k, rest = 0, extra
    while rest:
        rest //= 2
        k += 1
    assert doubling_shade(count, low, low + 200, shades) == min(k, shades - 1)
    # the key's ranges: each shade's counts contiguous, together every count once
    ranges = [r for r in shade_ranges(low, low + extra, shades, shade=doubling_shade) if r]
    assert ranges[0] == (low, low)
    assert all(a[1] + 1 == b[0] for a, b in zip(ranges, ranges[1:]))
    assert ranges[-1][1] == low + extra


@pytest.mark.parametrize("name, data, lesson, beats", NON_SEPARABLE,
                         ids=[c[0] for c in NON_SEPARABLE])
def test_the_map_reaches_the_lines_it_marks(name, data, lesson, beats):
    grid = lesson.offset_map
    states = lesson.endless_offset.states
    X = np.asarray(data.X, dtype=float)
    assert grid.reach >= 1.1 * np.max(np.hypot(X[:, 0], X[:, 1])) - 1e-12
    for k in (lesson.endless_offset_best[0], -1):
        theta = np.asarray(states["theta"][k], dtype=float)
        if np.any(theta):
            assert abs(float(states["theta0"][k])) / np.hypot(*theta) <= grid.reach
