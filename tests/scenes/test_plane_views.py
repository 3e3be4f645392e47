"""Views of the data plane that fit any data: tick values, boxes, names, legend, duplicates,
the origin pointer and arrow scales (scenes/toolkit/views.py, scenes/toolkit/plane.py).

Each check is against an independent computation written here: tick values
against the definition of a round step and brute-force multiples, duplicate
counts against ``np.unique``, the pointer against whether the box holds (0, 0).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz.dataset import Dataset
from linviz.gallery import GALLERY, gallery_case
from scenes.toolkit import style, views
from linviz.geometry import Box
from scenes.toolkit.style import DARK

ROUND_MANTISSAS = (1.0, 2.0, 5.0)


def is_round(step: float) -> bool:
    """Whether ``step`` is 1, 2 or 5 times a power of ten (checked by its decimal digits)."""
    exponent = math.floor(math.log10(step))
    mantissa = step / 10.0 ** exponent
    return any(abs(mantissa - m) < 1e-9 for m in ROUND_MANTISSAS)


spans = st.floats(min_value=1e-4, max_value=1e5)
offsets = st.floats(min_value=-1e5, max_value=1e5)


# -- tick values ------------------------------------------------------------------
@given(low=offsets, span=spans)
def test_tick_values_are_round_steps_covering_the_range(low, span):
    high = low + span
    step = views.tick_step(span)
    assert is_round(step)
    values = views.tick_values(low, high, step)
    # every multiple of step in [low, high], found by brute force from the nearest integers
    k_low, k_high = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    assert len(values) == k_high - k_low + 1
    assert np.allclose(values / step, np.arange(k_low, k_high + 1))
    # at least two intervals' worth and at most the allowed number: readable, not crowded
    assert 2.5 - 1e-9 <= span / step <= style.MAX_TICK_INTERVALS + 1e-9
    # the ticks cover the range: no end of it is more than a step from a tick
    assert values[0] - low <= step * (1 + 1e-9) and high - values[-1] <= step * (1 + 1e-9)


@given(low=offsets, span=spans)
def test_tick_texts_read_as_their_values(low, span):
    step = views.tick_step(span)
    for value in views.tick_values(low, low + span, step):
        written = views.tick_text(value, step)
        assert abs(float(written) - value) <= step * 1e-6
        # a minus sign only on a negative value (never "-0" or "-0.0")
        assert not written.startswith("-") or float(written) < 0


def test_tick_texts_of_the_gallery_scales():
    # Iris sepal 4–8 cm: half centimetres; breast cancer 7–40: fives; standardised ±3: ones
    assert [views.tick_text(v, 0.5) for v in views.tick_values(3.75, 7.5, 0.5)] == \
        ["4.0", "4.5", "5.0", "5.5", "6.0", "6.5", "7.0", "7.5"]
    assert views.tick_text(-0.0, 1.0) == "0"
    assert views.tick_text(0.30000000000000004, 0.1) == "0.3"


# -- boxes ----------------------------------------------------------------------
points = st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=1, max_size=30)


@given(points=points, shift=st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)),
       scale=st.floats(1e-3, 1e3), origin=st.sampled_from([None, True, False]),
       equal=st.booleans())
def test_the_fitted_box_holds_every_point(points, shift, scale, origin, equal):
    X = np.array(points) * scale + np.array(shift)
    box = views.fitted_box(X, include_origin=origin, equal_scale=equal)
    assert box.contains(X, tolerance=1e-9 * max(1.0, float(np.abs(X).max()))).all()
    width, height = box.x_max - box.x_min, box.y_max - box.y_min
    assert width > 0 and height > 0
    if equal:
        assert width == pytest.approx(height, rel=1e-9)
    if origin is True:
        assert views.origin_in_view(box)


def test_far_data_gets_its_own_view_and_near_data_shows_the_origin():
    sepal = gallery_case("iris-sepal").make()
    far = gallery_case("separable-far").make()
    for data in (sepal, far):
        box = views.fitted_box(data.X)
        assert not views.origin_in_view(box), data.name
        # the data fills more than half of each side it spreads along most
        spread = np.ptp(data.X, axis=0).max()
        assert spread / (box.x_max - box.x_min) > 0.5
    for name in ("separable:0", "small-margin:1", "iris-petal-std"):
        assert views.origin_in_view(views.fitted_box(gallery_case(name).make().X)), name


def test_separate_scales_fit_each_axis():
    X = np.column_stack([np.linspace(-0.1, 0.1, 20), np.linspace(20, 300, 20)])
    box = views.fitted_box(X, equal_scale=False)
    x_share = 0.2 / (box.x_max - box.x_min)
    y_share = 280 / (box.y_max - box.y_min)
    assert x_share > 0.5 and y_share > 0.5
    assert views.axis_steps(box)[0] < views.axis_steps(box)[1]


# -- points -----------------------------------------------------------------------
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from([-1.0, 1.0])),
                min_size=1, max_size=40))
def test_duplicates_are_counted_as_np_unique_counts_them(rows):
    X = np.array([[a * 0.5, b * 0.25] for a, b, _ in rows])
    y = np.array([label for _, _, label in rows])
    groups = views.point_groups(X, y)
    unique, counts = np.unique(X, axis=0, return_counts=True)
    assert len(groups.positions) == len(unique)
    as_counted = {tuple(p): c for p, c in zip(unique, counts)}
    for position, count, plus, minus in zip(groups.positions, groups.counts, groups.positive,
                                            groups.negative):
        assert as_counted[tuple(position)] == count
        here = np.all(X == position, axis=1)
        assert plus == np.sum(y[here] > 0) and minus == np.sum(y[here] < 0)
    # every point belongs to the group at its position
    assert np.array_equal(groups.positions[groups.group_of], X)


def test_the_count_says_how_many_of_each_class():
    assert views.count_text(3, 0) == "×3"
    assert views.count_text(0, 2) == "×2"
    assert views.count_text(2, 1) == "+2 −1"
    sepal = gallery_case("iris-sepal").make()
    groups = views.point_groups(sepal.X, sepal.y)
    assert views.places_text(groups) == f"100 points at {len(np.unique(sepal.X, axis=0))} places"
    assert views.places_text(views.point_groups(np.eye(2), np.ones(2))) is None


def test_markers_are_smaller_where_points_are_dense():
    assert views.marker_half_size(10.0) == style.POINT_SIZE
    assert views.marker_half_size(1e-3) == style.POINT_SIZE_MIN
    middle = (style.POINT_SIZE_MIN + style.POINT_SIZE) / 2 / style.MARKER_SPACING_FRACTION
    assert views.marker_half_size(middle) == pytest.approx(
        middle * style.MARKER_SPACING_FRACTION)
    # the spacing is the median distance to the nearest other point, duplicates aside
    grid = np.array([[i, j] for i in range(4) for j in range(4)] * 2, dtype=float)
    assert views.typical_spacing(grid) == pytest.approx(1.0)


# -- names ------------------------------------------------------------------------
def test_axes_are_named_by_the_data_or_x1_x2():
    assert views.axis_names(("petal length (cm)", "petal width (cm)")) == \
        ("petal length (cm)", "petal width (cm)")
    assert views.axis_names(()) == ("x_1", "x_2")
    assert views.names_are_math(())
    # a generated set's CSV header x1, x2 (or x3, x7 after --features) reads as math
    assert views.axis_names(("x1", "x2")) == ("x_1", "x_2")
    assert views.axis_names(("x3", "x_7")) == ("x_3", "x_7")
    assert views.names_are_math(("x3", "x_7"))
    assert not views.names_are_math(("x1", "texture"))


def test_the_legend_says_which_class_is_which():
    assert views.legend_rows(("setosa", "versicolor")) == [(1.0, "+1: versicolor"),
                                                          (-1.0, "−1: setosa")]
    assert views.legend_rows(("-1", "+1")) == [(1.0, "+1"), (-1.0, "−1")]
    for case in GALLERY:
        if case.task != "classification":
            continue
        data = case.make()
        rows = dict(views.legend_rows(data.label_names))
        negative, positive = data.label_names
        if (negative, positive) != ("-1", "+1"):
            assert rows[1.0].endswith(positive) and rows[-1.0].endswith(negative), case.name


# -- arrows -----------------------------------------------------------------------
@given(vectors=st.lists(st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)), min_size=1,
                        max_size=8),
       start=st.tuples(st.floats(-1, 1), st.floats(-1, 1)))
def test_scaled_arrows_stay_in_the_box(vectors, start):
    box = Box(-2.0, 2.0, -1.5, 2.5)
    vectors = np.array(vectors)
    scale = views.vector_scale(box, vectors, start)
    assert 0 <= scale <= 1
    tips = np.array(start) + scale * vectors
    assert box.contains(tips, tolerance=1e-9).all()
    # as long as it can be: at the next larger scale (when < 1) some tip reaches the edge
    if scale < 1:
        room, (x, y) = style.VIEW_MARGIN, start
        inner = Box(x + room * (box.x_min - x), x + room * (box.x_max - x),
                    y + room * (box.y_min - y), y + room * (box.y_max - y))
        assert not inner.contains(np.array(start) + scale * 1.001 * vectors, tolerance=0).all()


# -- the drawn plane ----------------------------------------------------------------
def plane_of(data: Dataset, **kwargs):
    from scenes.toolkit.plane import DataPlane

    return DataPlane(data.X, data.y, DARK, data=data, **kwargs)


def inside_square(plane, points: np.ndarray) -> bool:
    low, high = plane.frame.get_corner([-1, -1, 0]), plane.frame.get_corner([1, 1, 0])
    return bool(np.all((points[:, 0] >= low[0] - 1e-9) & (points[:, 0] <= high[0] + 1e-9)
                       & (points[:, 1] >= low[1] - 1e-9) & (points[:, 1] <= high[1] + 1e-9)))


#: every two-feature classification set of the gallery: built-in, duplicated, far, real
DRAWN = [case.name for case in GALLERY
         if case.task == "classification" and case.make().X.shape[1] == 2]


@pytest.mark.parametrize("name", DRAWN)
def test_the_drawn_plane_fits_its_data(name):
    data = gallery_case(name).make()
    plane = plane_of(data)
    # every marker (with its whole extent) inside the square
    centres = plane.markers.positions()
    size = plane.marker_size
    for corner in ((-1, -1), (1, 1)):
        assert inside_square(plane, centres[:, :2] + size * np.array(corner)), name
    # tick values on both axes, every value a multiple of the axis's step, read as numbers
    boxes = [box for path in plane.tick_labels.submobjects for box in path.part_boxes()]
    below = [float(n) for n, box in boxes if box[3] < plane.frame.get_bottom()[1]]
    left = [float(n) for n, box in boxes if box[2] < plane.frame.get_left()[0]]
    assert len(below) >= 2 and len(left) >= 2, name
    for values, step in ((below, plane.steps[0]), (left, plane.steps[1])):
        assert np.allclose(np.round(np.array(values) / step), np.array(values) / step)
    # the origin pointer is there exactly when the origin is out of view
    out = not plane.box.contains(np.zeros(2))[0]
    shown = plane.origin_pointer is not None and plane.origin_pointer.words.get_fill_opacity() > 0
    assert shown == out, name
    if shown:  # inside the square, pointing towards the origin
        arrow = plane.origin_pointer.arrow
        assert inside_square(plane, np.array([arrow.get_start(), arrow.get_end()]))
        towards = plane.p2c(arrow.get_end()) - plane.p2c(arrow.get_start())
        nearest = views.nearest_to_origin(plane.box)
        assert np.dot(towards, -nearest) > 0
    # the counts: one for each position holding several points (where there is room), each
    # saying how many points are there
    groups = views.point_groups(data.X, data.y)
    counts = [n for path in plane.markers.counts.submobjects for n, _ in path.part_boxes()]
    expected = sorted(views.count_text(p, m) for p, m, c in
                      zip(groups.positive, groups.negative, groups.counts) if c > 1)
    assert set(counts) <= set(expected)
    assert len(counts) <= len(expected)


def test_duplicates_get_their_count_beside_them():
    data = gallery_case("separable-thrice").make()
    plane = plane_of(data)
    counts = [n for path in plane.markers.counts.submobjects for n, _ in path.part_boxes()]
    groups = views.point_groups(data.X, data.y)
    assert sorted(counts) == sorted(views.count_text(p, m) for p, m, c in
                                    zip(groups.positive, groups.negative, groups.counts) if c > 1)


def test_the_legend_and_names_come_from_the_data():
    data = gallery_case("iris-petal").make()
    plane = plane_of(data, include_origin=True)
    sources = [getattr(m, "source", "") for m in plane.axis_labels.get_family()]
    assert any("petal length" in s for s in sources) and any("petal width" in s for s in sources)
    assert any("versicolor" in s for s in sources) and any("setosa" in s for s in sources)
    assert plane.origin_pointer is None  # the origin is in view


@pytest.mark.parametrize("name", ["iris-petal-std", "separable:0"])
def test_standardised_data_says_so_on_its_axes(name):
    from linviz.transforms import standardize

    data = gallery_case(name).make()
    data = data if "standardized" in data.params else standardize(data)
    sources = [getattr(m, "source", "") for m in plane_of(data).axis_labels.get_family()]
    names = [s for s in sources if "standardised" in s]
    assert len(names) == 2, sources
    # values in standard deviations: the column's unit is gone ("(cm)" on Iris)
    assert not any("(cm)" in s for s in names), names
    assert "standardised" not in " ".join(
        getattr(m, "source", "") for m in plane_of(gallery_case("iris-petal").make())
        .axis_labels.get_family())


def test_a_plane_without_data_keeps_its_old_look():
    from scenes.toolkit.plane import DataPlane

    X = np.array([[1.0, 1.0], [-1.0, 0.5]])
    plane = DataPlane(X, np.array([1.0, -1.0]), DARK)
    assert plane.legend is None
    assert views.origin_in_view(plane.box)
    # a thumbnail has no tick values
    small = DataPlane(X, np.array([1.0, -1.0]), DARK, side=style.TICKS_MIN_SIDE / 2)
    assert not small.tick_labels.submobjects


def test_set_box_moves_the_ticks_and_the_counts_with_the_zoom():
    data = gallery_case("separable-thrice").make()
    plane = plane_of(data)
    before = plane.markers.counts.submobjects[0].points.copy()
    box = plane.box
    plane.set_box(Box(box.x_min / 2, box.x_max / 2, box.y_min / 2, box.y_max / 2))
    after = plane.markers.counts.submobjects[0].points
    assert not np.allclose(before, after)
    # each count still beside its marker: within two marker sizes plus its own size
    centres = plane.markers.positions()
    for path in plane.markers.counts.submobjects:
        for _, box in path.part_boxes():
            centre = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
            nearest = np.min(np.linalg.norm(centres[:, :2] - centre, axis=1))
            assert nearest < 3 * plane.marker_size + max(box[2] - box[0], box[3] - box[1])
    assert plane.tick_labels.submobjects


def test_separate_scales_draw_each_axis_with_its_own_ticks():
    from scenes.toolkit.plane import DataPlane

    # a regression-like plot: x in ±0.1, y in the hundreds
    X = np.column_stack([np.linspace(-0.1, 0.1, 15), np.linspace(25, 340, 15) ** 1.0])
    y = np.ones(15)
    plane = DataPlane(X, y, DARK, equal_scale=False, axis_labels=("x", "y"))
    assert plane.steps[0] < plane.steps[1]
    assert plane.origin_pointer is None  # no one scale: the origin's place means nothing here
    centres = plane.markers.positions()
    assert inside_square(plane, centres[:, :2])
    # the data fills most of the square both ways (not a sliver)
    spread = np.ptp(centres[:, :2], axis=0)
    assert np.all(spread > 0.6 * plane.frame.width)
    boxes = [box for path in plane.tick_labels.submobjects for box in path.part_boxes()]
    assert len({round(box[1], 6) for _, box in boxes}) > 2  # values up the y axis too


# -- views of the scenes on real data (review of issue 20) -------------------------------
@pytest.fixture(scope="module")
def scene_media(tmp_path_factory):
    return tmp_path_factory.mktemp("scene-media")


def _scene_on(scene_class, media, name, **attributes):
    from scene_helpers import built_scene, gallery_csv
    return built_scene(scene_class, media, data_spec=gallery_csv(media, name), **attributes)


def test_the_margin_view_fits_the_data_until_the_circle_is_drawn(scene_media):
    """Iris petals (1–7 cm × 0.1–2.5 cm) fill a corner of the box sized for the circle of
    radius R round the origin: the first sections show the data and the origin (the
    signed distance is measured from it), and the view widens to R only for the circle."""
    from scenes.margin import MarginScene
    scene = _scene_on(MarginScene, scene_media, "iris-petal")
    X, box = scene.data.X, scene.plane.box
    # the data's larger span is at least a third of the side (the box for R: a sixth)
    side = box.x_max - box.x_min
    assert np.max(X.max(axis=0) - X.min(axis=0)) >= side / 3
    assert box.contains(np.zeros(2))[0] and np.all(box.contains(X))
    # the circle's view holds the circle and the data
    circle = scene.circle_box
    assert views.holds_disk(circle, scene.R) and np.all(circle.contains(X))
    assert not views.holds_disk(box, scene.R)


def test_a_zoom_between_boxes_starts_and_ends_at_them():
    start, end = Box(-2, 6, -4, 4), Box(-10, 10, -10, 10)
    for t, expected in ((0.0, start), (1.0, end)):
        got = views.box_between(start, end, t)
        assert np.allclose([got.x_min, got.x_max, got.y_min, got.y_max],
                           [expected.x_min, expected.x_max, expected.y_min, expected.y_max])
    middle = views.box_between(start, end, 0.5)
    assert middle.x_max - middle.x_min == pytest.approx(np.sqrt(8 * 20))


def _arrow_screen(arrow) -> np.ndarray:
    return np.asarray(arrow.get_end(), dtype=float)[:2] - np.asarray(arrow.get_start(),
                                                                     dtype=float)[:2]


@pytest.mark.parametrize("name", ["iris-sepal", "iris-petal"])
def test_theta_is_drawn_readable_and_true_on_raw_data(scene_media, name):
    """Raw Iris sepals (4–8 cm) drew θ at 0.03 × its length: an arrow of a few pixels. θ is
    drawn either at a readable fraction of its length (≥ style.READABLE_ARROW_SCALE, the
    scale said above the plane) or as its direction at a length readable on the plane (a
    tenth of its side at least), said so; always pointing the way θ points."""
    from scenes.perceptron import PerceptronScene
    scene = _scene_on(PerceptronScene, scene_media, name)
    plane = scene.plane
    side = float(plane.frame.width)
    for state in range(1, len(scene.thetas), max(1, len(scene.thetas) // 25)):
        theta = scene.thetas[state]
        if not np.any(theta):
            continue
        step = int(np.flatnonzero(scene.states_after == state)[0])
        scene.tracker.set_value(step)
        scene.theta_arrow.update()
        drawn = _arrow_screen(scene.theta_arrow.arrow)
        true_length = plane.unit * float(np.linalg.norm(theta))
        # the direction is θ's (cosine of the angle between them 1)
        assert drawn @ theta / (np.linalg.norm(drawn) * np.linalg.norm(theta)) > 1 - 1e-6
        readable = np.linalg.norm(drawn) >= style.READABLE_ARROW_SCALE * true_length - 1e-9
        fixed = scene.direction_only and np.linalg.norm(drawn) >= side / 10
        assert readable or fixed, (state, np.linalg.norm(drawn) / true_length)
        # inside the plane's square
        end = np.asarray(scene.theta_arrow.arrow.get_end())[:2]
        low, high = plane.frame.get_corner([-1, -1, 0])[:2], plane.frame.get_corner([1, 1, 0])[:2]
        assert np.all(end >= low - 1e-6) and np.all(end <= high + 1e-6)


def _boxes_overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _name_box(mobject) -> np.ndarray:
    return np.array([*mobject.get_corner([-1, -1, 0])[:2], *mobject.get_corner([1, 1, 0])[:2]])


@pytest.mark.parametrize("name", ["iris-sepal-std", "iris-petal-std", "wine-std",
                                  "iris-petal", "breast-cancer-std"])
def test_long_axis_names_hide_no_tick_value(name):
    """"sepal length (cm), standardised" at the end of the row of tick values hid most of
    them: no name covers a tick value; the column of x₂'s values keeps every value a plane
    with short names (x₁, x₂) shows, and so does x₁'s row wherever the frame has room
    below it for the name (else the name stays at the row's end, out of the captions'
    band, and at least three of its values are kept)."""
    from linviz.transforms import standardize
    from scenes.toolkit.plane import DataPlane

    data = gallery_case(name).make()
    data = standardize(data) if name.endswith("-std") and "standardized" not in data.params \
        else data
    named = DataPlane(data.X, data.y, DARK, data=data, include_origin=True)
    short = DataPlane(data.X, data.y, DARK, axis_labels=("x_1", "x_2"), include_origin=True)

    def values(plane, axis):
        bottom, left = plane.frame.get_bottom()[1], plane.frame.get_left()[0]
        return sorted(n for path in plane.tick_labels.submobjects
                      for n, box in path.part_boxes()
                      if (box[3] < bottom if axis == 0 else box[2] < left))

    # (x₂ at the top of its column may hide one value of the short-named plane)
    assert set(values(short, 1)) <= set(values(named, 1))
    if named.names_beyond[0]:
        assert set(values(short, 0)) <= set(values(named, 0))
    else:
        assert len(values(named, 0)) >= 3
    ticks = [box for path in named.tick_labels.submobjects for _, box in path.part_boxes()]
    for axis_name in named.axis_labels[:2]:
        assert not any(_boxes_overlap(_name_box(axis_name), box) for box in ticks)


@pytest.mark.parametrize("name", ["iris-petal", "iris-sepal", "iris-versicolor-virginica",
                                  "separable-thrice"])
def test_every_shared_place_shows_its_count_clear_of_markers(name):
    """Dense clusters left no room for the "×k" counts (Iris sepals: 3 of 16 drawn): every
    position holding several points has its count (beside it, or further out with a
    leader), no count box holds a marker's centre, and no two counts overlap."""
    data = gallery_case(name).make()
    plane = plane_of(data, include_origin=True)
    _, counts_per_place = np.unique(data.X, axis=0, return_counts=True)
    drawn = [(n, box) for path in plane.markers.counts.submobjects
             for n, box in path.part_boxes()]
    assert len(drawn) == int(np.sum(counts_per_place > 1))
    centres = plane.markers.positions()[:, :2]
    for k, (_, box) in enumerate(drawn):
        inside = ((centres >= box[:2]) & (centres <= box[2:])).all(axis=1)
        assert not inside.any()
        assert not any(_boxes_overlap(box, other) for _, other in drawn[k + 1:])


@pytest.mark.parametrize("name", ["wine-std", "iris-sepal-std"])
def test_rings_of_neighbouring_points_do_not_merge(name):
    """Mistake rings of radius 0.3 round wine points 0.08 apart on screen merged into one
    blob: a ring reaches no further than the typical neighbour (the median distance
    between nearest markers, brute force here), is no larger than half that or than
    needed to surround its marker, and still surrounds its marker."""
    data = gallery_case(name).make()
    plane = plane_of(data, include_origin=True)
    centres = np.unique(plane.markers.positions()[:, :2].round(9), axis=0)
    nearest = [min(np.linalg.norm(c - o) for o in centres if np.any(o != c)) for c in centres]
    typical = float(np.median(nearest))
    assert plane.ring_radius <= typical + 1e-9
    assert plane.ring_radius <= max(typical / 2, 1.3 * plane.marker_size) + 1e-9
    assert plane.ring_radius >= plane.marker_size * 1.25  # outside the marker's disc


def test_the_classifier_rings_its_mistakes_at_the_planes_ring_radius(scene_media):
    from scenes.classifier import ClassifierScene
    scene = _scene_on(ClassifierScene, scene_media, "wine-std")
    radii = [ring.width / 2 for ring in [*scene.rings, *scene.flip_rings]]
    assert np.allclose(radii, scene.plane.ring_radius, rtol=1e-3)
    assert scene.plane.ring_radius < style.RING_RADIUS


@pytest.mark.parametrize("name", [None, "iris-sepal"])
def test_the_update_arrows_label_keeps_off_markers_while_it_slides(scene_media, name):
    """"+x⁽ⁱ⁾" touched a marker mid-slide (it was placed clear only where the arrow came to
    rest): at every moment of the tip-to-tail slide of the first updates, the label's box
    overlaps no marker's sign (its half-width, and a tenth more for the stroke)."""
    from scene_helpers import built_scene, gallery_csv
    from scenes.perceptron import PerceptronScene
    from scenes.toolkit.plane import DataVector
    attributes = {"data_spec": gallery_csv(scene_media, name)} if name else {}
    scene = built_scene(PerceptronScene, scene_media, **attributes)
    plane, steps = scene.plane, scene.trace.steps
    centres = plane.markers.positions()[:, :2]
    half = plane.marker_size * 1.1
    updates = [k for k in range(len(steps["i"]))
               if scene.states_after[k + 1] != scene.states_after[k]][:6]
    touching = []
    for k in updates:
        i = int(steps["i"][k])
        x, label = scene.data.X[i], float(scene.data.y[i])
        theta = scene.parameters(k).theta
        s = scene.local_scale_for(k, x, label) if scene.direction_only else scene.vector_scale
        arrow = DataVector(plane, (0, 0), s * label * x, scene.theme.step, "+ x^((i))")
        for t in np.linspace(0.0, 1.0, 41):
            arrow.set_ends(t * s * theta, s * (t * theta + label * x))
            low = arrow.label.get_corner([-1, -1, 0])[:2]
            high = arrow.label.get_corner([1, 1, 0])[:2]
            inside = ((centres[:, 0] + half > low[0]) & (centres[:, 0] - half < high[0])
                      & (centres[:, 1] + half > low[1]) & (centres[:, 1] - half < high[1]))
            if inside.any():
                touching.append((k, round(float(t), 3), int(np.flatnonzero(inside)[0])))
    assert not touching, touching[:5]


def _count_boxes(cloud):
    return [(n, box) for path in cloud.counts.submobjects for n, box in path.part_boxes()]


def test_counts_follow_their_markers_and_are_placed_again_when_they_stop():
    """The proof hid the "×k" counts while the points rescaled: they follow their markers
    in set_positions (each keeps its offset from its marker, leaders too), and
    place_counts puts them, after the points have drawn closer, where no count holds a
    marker's centre and no two overlap (every shared place still counted)."""
    data = gallery_case("separable-thrice").make()
    plane = plane_of(data)
    cloud = plane.markers
    groups = plane.groups
    before = dict((n + str(k), box) for k, (n, box) in enumerate(_count_boxes(cloud)))
    anchors = cloud.positions()
    shrunk = anchors * 0.4
    cloud.set_positions(shrunk)
    after = dict((n + str(k), box) for k, (n, box) in enumerate(_count_boxes(cloud)))
    # one translation per count: that of the marker it stands beside
    moved = [after[key][:2] - before[key][:2] for key in before]
    marker_moves = shrunk[groups.first[groups.repeated], :2] - anchors[groups.first[groups.repeated], :2]
    for shift in moved:
        assert min(np.linalg.norm(shift - m) for m in marker_moves) < 1e-6
    cloud.place_counts(plane.square_bounds())
    placed = _count_boxes(cloud)
    assert len(placed) == len(groups.repeated)
    centres = cloud.positions()[:, :2]
    for k, (_, box) in enumerate(placed):
        assert not ((centres >= box[:2]) & (centres <= box[2:])).all(axis=1).any()
        assert not any(_boxes_overlap(box, other) for _, other in placed[k + 1:])


def test_the_proof_keeps_the_counts_through_the_rescale(scene_media):
    from scene_helpers import gallery_csv
    from scenes.proof import ProofScene
    from story_runs import story_with
    scene = story_with(ProofScene, data_spec=gallery_csv(scene_media, "separable-thrice"))
    counts = scene.plane.markers.counts
    assert counts.submobjects and counts.submobjects[0].get_fill_opacity() > 0
    groups = scene.plane.groups
    assert len(_count_boxes(scene.plane.markers)) == len(groups.repeated)


def test_data_standardised_for_one_scale_keeps_its_units_on_the_axes():
    """Alcohol (%) and proline (mg/L) of wine, cultivars 1 and 3: spreads 0.57 and 301,
    standardised to share one scale. The plane still reads in the data's units: every tick
    value v (a round multiple of 1, 2 or 5 × 10ᵏ, at least three an axis) stands at the
    standardised place (v − mean)/std, mean and std computed here with numpy from the raw
    columns, and the axes keep the columns' names with their units."""
    sklearn_datasets = pytest.importorskip("sklearn.datasets")
    from linviz.transforms import standardized_for_one_scale
    from scenes.toolkit.plane import DataPlane

    wine = sklearn_datasets.load_wine()
    keep = wine.target != 1
    raw = wine.data[keep][:, [0, 12]]
    data = Dataset(X=raw, y=np.where(wine.target[keep] == 2, 1.0, -1.0), name="wine",
                   feature_names=("Alcohol (%)", "Proline (mg/L)"))
    scaled = standardized_for_one_scale(data)
    plane = DataPlane(scaled.X, scaled.y, DARK, data=scaled)
    mean, std = raw.mean(axis=0), raw.std(axis=0)
    bottom, left = plane.frame.get_bottom()[1], plane.frame.get_left()[0]
    for axis in (0, 1):
        ticks = [(float(n), box) for path in plane.tick_labels.submobjects
                 for n, box in path.part_boxes()
                 if (box[3] < bottom if axis == 0 else box[2] < left)]
        assert len(ticks) >= 3
        values = sorted(n for n, _ in ticks)
        step = min(np.diff(values))
        assert is_round(step) and all(abs(v / step - round(v / step)) < 1e-9 for v in values)
        for value, box in ticks:
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            where = plane.p2c(np.array([centre[0], centre[1], 0.0]))[axis]
            assert where == pytest.approx((value - mean[axis]) / std[axis], abs=0.02)
    assert [name.source.replace("\\", "") for name in plane.axis_labels[:2]] == [
        "Alcohol (%)", "Proline (mg/L)"]


def test_the_axes_lines_of_standardised_data_say_they_stand_at_the_means():
    """Data standardised for one scale keeps its units on the ticks, so the axes' lines
    cross at the means, not at a value 0 (whose tick may be in view too): two origins to a
    reader of review 49. Each line now says "mean" at its far end, clear of every marker."""
    from scenes.toolkit.plane import DataPlane
    from linviz.transforms import standardized_for_one_scale

    rng = np.random.default_rng(3)
    X = np.column_stack([rng.normal(55, 6, 60), rng.normal(3000, 800, 60)])  # mm and g
    y = np.where(X[:, 1] > 3000, 1.0, -1.0)
    data = standardized_for_one_scale(Dataset("mm-and-g", X, y,
                                              feature_names=("length (mm)", "mass (g)")))
    assert data.params["standardized"]["spread_ratio"] > 10
    plane = DataPlane(data.X, data.y, DARK, data=data)
    labels = plane.means_label
    assert labels is not None and len(labels) == 2
    crossing = plane.c2p((0.0, 0.0))
    foot, left_end = labels
    # beside x₂'s line near the bottom edge, and above x₁'s line near the left edge
    assert abs(foot.get_left()[0] - crossing[0]) < 0.5
    assert abs(left_end.get_bottom()[1] - crossing[1]) < 0.5
    markers = plane.c2p_many(data.X)
    for label in labels:
        low, high = label.get_corner(np.array([-1, -1, 0])), label.get_corner(np.array([1, 1, 0]))
        inside = np.all((markers[:, :2] > low[:2]) & (markers[:, :2] < high[:2]), axis=1)
        assert not inside.any()
    raw = DataPlane(X, y, DARK, data=Dataset("raw", X, y))
    assert raw.means_label is None


@pytest.mark.parametrize("box", [Box(-1.0, 1.0, -0.5, 1.5), Box(-40.0, 60.0, -50.0, 50.0),
                                 Box(-10.0, 7.0, -6.0, 11.0)], ids=str)
def test_the_two_rows_of_tick_values_keep_apart_at_the_corner(box):
    """Where the rows of tick values meet, at the square's lower left corner (x₂'s lowest
    value left of it, x₁'s first below it), no two values come within TICK_GAP of each
    other (they read as one number), and x₁'s row keeps its value at the corner."""
    from scenes.toolkit.plane import DataPlane

    plane = DataPlane(np.zeros((0, 2)), np.zeros(0), DARK, box=box, side=4.6,
                      axis_labels=("theta_1", "theta_2"), legend=False)
    boxes = [(float(n), b) for path in plane.tick_labels.submobjects
             for n, b in path.part_boxes()]
    gap = style.TICK_GAP
    for k, (_, a) in enumerate(boxes):
        for _, b in boxes[k + 1:]:
            apart = (a[2] + gap <= b[0] or b[2] + gap <= a[0]
                     or a[3] + gap <= b[1] or b[3] + gap <= a[1])
            assert apart, (a, b)
    below = [n for n, b in boxes if b[3] < plane.frame.get_bottom()[1]]
    assert np.isclose(min(below), box.x_min)


def test_a_zoom_in_that_clips_leaves_the_points_outside_undrawn():
    """With ``clips_markers`` a zoomed plane draws the markers of the points in its box
    (each disc, + and − where the mapping puts it) and nothing of the others (their
    outlines shrunk to one point); the counts of a place left out go too. Without it every
    marker stands where the mapping puts it."""
    from scenes.toolkit.plane import DataPlane

    X = np.array([[0.0, 0.0], [0.5, 0.5], [0.5, 0.5], [3.0, -2.0], [3.0, -2.0], [-0.4, 0.2]])
    y = np.array([1.0, 1.0, -1.0, 1.0, -1.0, -1.0])
    plane = DataPlane(X, y, DARK, counts="mixed")
    inside = Box(-1.0, 1.0, -1.0, 1.0)
    plane.set_box(inside)
    per_disc = len(plane.markers.disc_shape)
    discs = plane.markers.discs.points.reshape(len(X), per_disc, 3)
    assert all(np.ptp(d[:, 0]) > 0 for d in discs)  # not clipping: all drawn
    plane.clips_markers = True
    plane.set_box(inside)
    discs = plane.markers.discs.points.reshape(len(X), per_disc, 3)
    out = ~((np.abs(X[:, 0]) <= 1.0) & (np.abs(X[:, 1]) <= 1.0))
    assert list(out) == [False, False, False, True, True, False]
    for i, disc in enumerate(discs):
        centre = plane.c2p(X[i])
        assert np.allclose(disc.mean(axis=0), centre)
        assert (np.ptp(disc[:, 0]) == 0) == bool(out[i])
    counts = plane.markers.counts.submobjects[0].points if plane.markers.counts.submobjects \
        else np.zeros((0, 3))
    assert len(plane.markers.count_spans) == 2  # both mixed places counted
    for i, start, end in plane.markers.count_spans:
        assert (np.ptp(counts[start:end, 0]) == 0) == bool(out[i])
