"""Built-in data sets and the Dataset type."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz import BUILTIN, CLASSIFICATION, REGRESSION, DataError, Dataset, make_builtin
from linviz import generators, theory

CLASSIFICATION_SETS = [name for name in BUILTIN if name != "regression1d"]


@pytest.mark.parametrize("name", list(BUILTIN))
def test_deterministic_for_the_seed(name):
    first, again = make_builtin(name, seed=12), make_builtin(name, seed=12)
    assert first.X.tobytes() == again.X.tobytes() and first.y.tobytes() == again.y.tobytes()
    assert first == again
    if BUILTIN[name].seeded:
        other = make_builtin(name, seed=13)
        assert first.X.tobytes() != other.X.tobytes()


def test_the_default_seed_is_fixed():
    assert make_builtin("separable") == make_builtin("separable", seed=0)


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("name", CLASSIFICATION_SETS)
def test_classification_labels_are_plus_minus_one_with_both_classes(name, seed):
    data = make_builtin(name, seed)
    assert data.task == CLASSIFICATION and data.name == name
    assert set(data.y.tolist()) == {-1.0, 1.0}
    assert np.all(np.isfinite(data.X))


def test_regression1d_has_real_targets():
    data = make_builtin("regression1d")
    assert data.task == REGRESSION and data.X.shape == (20, 1)
    assert len(set(data.y.tolist())) == 20
    assert np.all((data.X >= -0.3) & (data.X <= 1.1))
    # not centred on 0: the squared loss over (w₀, w₁) is a tilted bowl (A not diagonal)
    x = data.X[:, 0]
    A = np.column_stack([np.ones_like(x), x]).T @ np.column_stack([np.ones_like(x), x])
    assert abs(A[0, 1]) / np.sqrt(A[0, 0] * A[1, 1]) > 0.4


def test_every_builtin_is_described_and_unknown_names_are_refused():
    for name, preset in BUILTIN.items():
        assert preset.name == name and preset.description
    with pytest.raises(DataError, match="unknown data set 'nope'.*separable"):
        make_builtin("nope")


@given(n=st.integers(2, 40), margin_fraction=st.floats(0.02, 0.4), radius=st.floats(0.5, 5.0),
       normal_angle=st.floats(-360, 360), offset_fraction=st.floats(-0.5, 0.5),
       seed=st.integers(0, 2**32 - 1))
def test_separable_generator_keeps_its_promises(n, margin_fraction, radius, normal_angle,
                                                offset_fraction, seed):
    margin, offset = margin_fraction * radius, offset_fraction * radius
    data = generators.separable(n=n, margin=margin, radius=radius, normal_angle=normal_angle,
                                offset=offset, seed=seed)
    assert data.X.shape == (n, 2)
    normal = (math.cos(math.radians(normal_angle)), math.sin(math.radians(normal_angle)))
    for x, y in zip(data.X, data.y):
        assert math.hypot(*x) <= radius
        assert y * (normal[0] * x[0] + normal[1] * x[1] + offset) >= margin
    assert set(data.y.tolist()) == {-1.0, 1.0}
    again = generators.separable(n=n, margin=margin, radius=radius, normal_angle=normal_angle,
                                 offset=offset, seed=seed)
    assert again.X.tobytes() == data.X.tobytes()


@given(n=st.integers(3, 40), margin_fraction=st.floats(0.02, 0.4),
       normal_angle=st.floats(-360, 360), seed=st.integers(0, 2**32 - 1))
def test_a_touching_set_has_a_point_of_each_class_on_its_bands_edges(n, margin_fraction,
                                                                     normal_angle, seed):
    """With ``touching``, the last two points stand on the band's edges, + then −, across
    the line from each other (one foot on it, within the disk), the band's promise still
    kept; through the origin its widest band through 0 is then the chosen one: its
    half-width the margin, recomputed by a scan of directions (none is wider)."""
    radius = 2.0
    margin = margin_fraction * radius
    data = generators.separable(n=n, margin=margin, radius=radius, normal_angle=normal_angle,
                                seed=seed, touching=True)
    normal = np.array([math.cos(math.radians(normal_angle)),
                       math.sin(math.radians(normal_angle))])
    for x, y in zip(data.X, data.y):
        assert y * (normal[0] * x[0] + normal[1] * x[1]) >= margin
    assert data.X.shape == (n, 2)
    plus, minus = data.X[-2:]
    np.testing.assert_allclose([plus @ normal, minus @ normal], [margin, -margin], rtol=1e-12)
    direction = np.array([-normal[1], normal[0]])
    assert plus @ direction == pytest.approx(minus @ direction, abs=1e-12)
    assert data.y[-2:].tolist() == [1.0, -1.0]
    assert max(np.hypot(*plus), np.hypot(*minus)) <= radius
    angles = np.radians(normal_angle) + np.linspace(-np.pi, np.pi, 3601)
    units = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    widest = (data.y[:, None] * (data.X @ units.T)).min(axis=0).max()
    assert widest == pytest.approx(margin, rel=1e-9)


@pytest.mark.parametrize("name", ["separable", "separable-origin", "small-margin"])
def test_builtin_separable_sets_honour_their_parameters(name):
    data = make_builtin(name)
    p = data.params
    normal = np.array([math.cos(math.radians(p["normal_angle"])),
                       math.sin(math.radians(p["normal_angle"]))])
    assert min(data.y * (data.X @ normal + p["offset"])) >= p["margin"]
    assert max(np.hypot(data.X[:, 0], data.X[:, 1])) <= p["radius"]
    assert theory.is_separable(data.X, data.y, offset=True)
    if p["offset"] == 0.0:
        assert theory.is_separable(data.X, data.y, offset=False)


@pytest.mark.parametrize("kwargs", [dict(n=1), dict(margin=0.0), dict(margin=3.0),
                                    dict(offset=1.9, margin=0.2)])
def test_separable_generator_refuses_impossible_requests(kwargs):
    with pytest.raises(DataError):
        generators.separable(**kwargs)


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(3, 60), flip=st.floats(0.01, 0.49))
def test_noisy_flips_exactly_the_labels_it_says(seed, n, flip):
    data = generators.noisy(n=n, flip=flip, seed=seed)
    assert set(data.y.tolist()) == {-1.0, 1.0}
    flipped = data.params["flipped"]
    assert flipped == sorted(set(flipped)) and all(0 <= i < n for i in flipped)
    assert len(flipped) == max(1, round(flip * n))
    restored = data.y.copy()
    restored[flipped] = -restored[flipped]
    # un-flipping gives back separable data with the requested margin: had the list
    # named a wrong point, a point of the cloud would sit on the wrong side
    assert theory.is_separable(data.X, restored)
    assert theory.max_margin_separator(data.X, restored).gamma >= data.params["margin"] - 1e-9


def test_noisy_keeps_both_classes_when_flipping_could_remove_one():
    # seed 16498 with n = 10 draws a flip of the only point of the smaller class first
    data = generators.noisy(n=10, flip=0.125, seed=16498)
    assert set(data.y.tolist()) == {-1.0, 1.0} and len(data.params["flipped"]) == 1


@pytest.mark.parametrize("kwargs", [dict(n=2), dict(flip=0.0), dict(flip=0.5)])
def test_noisy_refuses_impossible_requests(kwargs):
    with pytest.raises(DataError, match="noisy"):
        generators.noisy(**kwargs)


def test_builtin_noisy_is_not_separable():
    data = make_builtin("noisy")
    assert not theory.is_separable(data.X, data.y)
    assert len(data.params["flipped"]) == 4


def test_xor_is_the_four_corners():
    data = make_builtin("xor")
    corners = {tuple(x): y for x, y in zip(data.X.tolist(), data.y.tolist())}
    assert corners == {(-1.0, -1.0): -1.0, (1.0, 1.0): -1.0, (1.0, -1.0): 1.0, (-1.0, 1.0): 1.0}
    assert make_builtin("xor", seed=5) == data


def test_xor_cloud_labels_follow_the_nearest_corner():
    data = make_builtin("xor-cloud")
    corners = np.sign(data.X)
    # with σ = 0.25 around (±1, ±1) the quadrant is almost always the corner's
    agree = np.mean(np.where(corners[:, 0] * corners[:, 1] < 0, 1.0, -1.0) == data.y)
    assert agree > 0.9


@pytest.mark.parametrize("seed", range(5))
def test_offset1d_needs_an_offset(seed):
    data = make_builtin("offset1d", seed)
    x = data.X[:, 0]
    assert data.X.shape == (8, 1) and np.all(x > 0)
    assert x[data.y < 0].max() < x[data.y > 0].min()
    assert not theory.is_separable(data.X, data.y, offset=False)
    assert theory.is_separable(data.X, data.y, offset=True)


# -- the Dataset type ------------------------------------------------------------------


def test_dataset_arrays_are_read_only_copies():
    X, y = np.array([[0.0, 1.0], [2.0, 3.0]]), np.array([1.0, -1.0])
    data = Dataset("two", X, y)
    X[0, 0] = 99.0
    assert data.X[0, 0] == 0.0
    with pytest.raises(ValueError):
        data.X[0, 0] = 5.0
    with pytest.raises(ValueError):
        data.y[0] = 5.0


def test_a_vector_becomes_one_feature_column():
    data = Dataset("line", [1.0, 2.0, 3.0], [1, -1, 1])
    assert data.X.shape == (3, 1) and data.n_features == 1 and data.n_samples == 3


@pytest.mark.parametrize("X, y, task, message", [
    (np.ones((3, 2)), np.ones(2), CLASSIFICATION, "3 points but 2 labels"),
    (np.ones((1, 2)), np.ones(1), CLASSIFICATION, "at least two points"),
    (np.ones((3, 0)), np.array([1, -1, 1]), CLASSIFICATION, "no feature columns"),
    (np.ones((2, 2, 2)), np.array([1, -1]), CLASSIFICATION, "matrix"),
    (np.array([[np.nan], [1.0]]), np.array([1, -1]), CLASSIFICATION, "NaN"),
    (np.array([[np.inf], [1.0]]), np.array([1, -1]), CLASSIFICATION, "NaN or infinite"),
    (np.ones((2, 1)), np.array([1.0, 0.0]), CLASSIFICATION, "-1 or \\+1"),
    (np.ones((2, 1)), np.array([1.0, 1.0]), CLASSIFICATION, "one class"),
    (np.ones((2, 1)), np.array([1.0, 1.0]), "ranking", "unknown task"),
])
def test_dataset_refuses_bad_input(X, y, task, message):
    with pytest.raises(DataError, match=message):
        Dataset("bad", X, y, task)


# ---- generators that always answer (issue 23) ----

def test_point_keeping_rule_matches_a_brute_force_check():
    # the grid in _apart is only a speed-up: the kept points must be exactly those a
    # comparison with every kept point would keep, in the same order
    rng = np.random.default_rng(7)
    for _ in range(50):
        candidates = rng.uniform(-2, 2, size=(150, 2))
        gap = float(rng.uniform(0.05, 0.6))
        kept: list[np.ndarray] = []
        for c in candidates:
            if all(float(np.sum((k - c) ** 2)) >= gap * gap for k in kept):
                kept.append(c)
        assert generators._apart(candidates, np.empty((0, 2)), gap).tolist() == \
            np.array(kept).tolist()


@pytest.mark.parametrize("radius, distance", [(2.0, 0.0), (2.0, 0.5), (2.0, -0.7), (1.3, 1.2),
                                              (3.0, -2.9)])
def test_disk_segment_area_matches_numerical_integration(radius, distance):
    # area of {‖x‖ ≤ R, x₁ ≥ h} = ∫_h^R 2√(R² − t²) dt, by the midpoint rule
    t = np.linspace(distance, radius, 200_001)
    mid = (t[:-1] + t[1:]) / 2
    integral = float(np.sum(2 * np.sqrt(radius**2 - mid**2)) * (t[1] - t[0]))
    assert generators.disk_segment_area(radius, distance) == pytest.approx(integral, rel=1e-6)


def test_separable_answers_at_its_largest_n_with_the_gap_it_states():
    from sklearn.neighbors import KDTree
    from linviz.safety.limits import MAX_GENERATED_POINTS

    n, margin, radius = MAX_GENERATED_POINTS, 0.05, 2.0
    data = generators.separable(n=n, margin=margin, radius=radius, seed=3)
    assert data.X.shape == (n, 2) and set(data.y.tolist()) == {-1.0, 1.0}
    assert np.max(np.hypot(data.X[:, 0], data.X[:, 1])) <= radius
    normal = np.array([math.cos(math.radians(60.0)), math.sin(math.radians(60.0))])
    assert np.min(data.y * (data.X @ normal)) >= margin
    # nearest-neighbour distances by a k-d tree: never below the gap the docstring states
    # for the area of the disk outside the band (π R² minus the band, by the chord formula)
    band = 2 * (margin * math.sqrt(radius**2 - margin**2) + radius**2 * math.asin(margin / radius))
    gap = math.sqrt((math.pi * radius**2 - band) / (math.pi * n))
    distances, _ = KDTree(data.X).query(data.X, k=2)
    assert distances[:, 1].min() >= gap * (1 - 1e-12)
    assert gap < generators.MIN_GAP * radius   # the gap did shrink to fit


def test_a_generator_asked_for_more_points_than_its_bound_says_so_in_one_line():
    from linviz.errors import LimitError
    from linviz.safety.limits import MAX_GENERATED_POINTS

    for make in (generators.separable, generators.noisy, generators.xor_cloud,
                 generators.offset1d, generators.regression1d):
        with pytest.raises(LimitError, match=r"n \d+ is beyond the upper bound 100,000") as error:
            make(n=MAX_GENERATED_POINTS + 1)
        assert "\n" not in str(error.value)
