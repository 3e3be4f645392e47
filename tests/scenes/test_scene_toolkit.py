"""The scene toolkit: geometry, colours, pacing, numbers (no video written)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from scenes.toolkit import style
from linviz.geometry import Box, clip_line, half_plane_polygon, square_box_around
from linviz.pacing import FAST_FORWARD, SWEEP, UPDATE, VISIT, plan_perceptron

BOX = Box(-3.0, 3.0, -2.0, 2.0)
finite = st.floats(-5, 5, allow_nan=False)


@given(finite, finite, finite)
def test_clipped_segment_lies_on_the_line_and_in_the_box(a, b, c):
    theta = np.array([a, b])
    segment = clip_line(theta, c, BOX)
    if not np.any(theta):
        assert segment is None
        return
    # the line meets the box iff the corner values do not all share one strict sign
    values = BOX.corners @ theta + c
    meets = values.min() <= 0 <= values.max()
    assert (segment is not None) == meets
    if segment is not None:
        for point in segment:
            assert abs(point @ theta + c) <= 1e-9 * (1 + np.abs(theta).sum() * 3 + abs(c))
            assert BOX.contains(point)[0]


def test_vertical_and_horizontal_lines():
    start, end = clip_line(np.array([1.0, 0.0]), -1.0, BOX)  # x = 1
    assert {tuple(np.round(start, 12)), tuple(np.round(end, 12))} == {(1.0, -2.0), (1.0, 2.0)}
    start, end = clip_line(np.array([0.0, 2.0]), 1.0, BOX)  # y = -0.5
    assert sorted([start[0], end[0]]) == [-3.0, 3.0]
    assert clip_line(np.array([1.0, 0.0]), -10.0, BOX) is None  # x = 10 misses the view


@given(finite, finite, finite)
def test_positive_half_plane_polygon(a, b, c):
    theta = np.array([a, b])
    polygon = half_plane_polygon(theta, c, BOX)
    if not np.any(theta):
        assert polygon is None  # no line, no side
        return
    # some of the box is on the positive side iff one of its corners is
    corner_values = BOX.corners @ theta + c
    slack = 1e-9 * (1 + np.abs(theta).sum() * 3 + abs(c))
    if polygon is None:
        assert corner_values.max() <= slack, f"no polygon, yet corners at {corner_values}"
        return
    assert corner_values.max() > -slack
    assert np.all(polygon @ theta + c >= -1e-9)
    # its area is the share of the box on the positive side (a Monte Carlo estimate)
    area = 0.5 * abs(np.dot(polygon[:, 0], np.roll(polygon[:, 1], 1))
                     - np.dot(polygon[:, 1], np.roll(polygon[:, 0], 1)))
    grid = np.stack(np.meshgrid(np.linspace(-3, 3, 121), np.linspace(-2, 2, 81)), -1).reshape(-1, 2)
    share = np.mean(grid @ theta + c > 0)
    assert area / 24.0 == pytest.approx(share, abs=0.03)


def test_half_planes_of_the_whole_part_and_none_of_the_box():
    """Fixed cases, so the property above is seen to take both of its branches."""
    whole = half_plane_polygon(np.array([1.0, 0.0]), 10.0, BOX)  # x > −10
    assert {tuple(p) for p in whole} == {tuple(p) for p in BOX.corners}
    right = half_plane_polygon(np.array([1.0, 0.0]), -1.0, BOX)  # x > 1
    assert sorted(map(tuple, right)) == [(1.0, -2.0), (1.0, 2.0), (3.0, -2.0), (3.0, 2.0)]
    assert half_plane_polygon(np.array([1.0, 0.0]), -3.0, BOX) is None  # x > 3: an edge only
    assert half_plane_polygon(np.array([-1.0, -1.0]), -6.0, BOX) is None  # beyond a corner


def test_square_box_holds_points_and_origin():
    X = np.array([[1.0, 2.0], [3.0, 5.0]])
    box = square_box_around(X)
    assert np.all(box.contains(X)) and box.contains(np.zeros(2))[0]
    assert box.x_max - box.x_min == pytest.approx(box.y_max - box.y_min)


@pytest.mark.parametrize("theme", list(style.THEMES.values()), ids=lambda t: t.name)
def test_every_colour_has_contrast_at_least_3_to_1(theme):
    for name, colour in theme.foreground_colours().items():
        assert style.contrast_ratio(colour, theme.background) >= 3.0, name


def test_contrast_ratio_formula_known_values():
    assert style.contrast_ratio("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert style.contrast_ratio("#777777", "#777777") == pytest.approx(1.0)


def test_the_two_classes_differ_in_colour_in_both_themes():
    for theme in style.THEMES.values():
        assert theme.positive != theme.negative


@given(st.lists(st.booleans(), min_size=1, max_size=400), st.integers(1, 50))
def test_pacing_plan_covers_every_step_once_in_order(flags, n):
    mistake = np.array(flags)
    epoch = np.arange(len(mistake)) // n + 1
    beats = plan_perceptron(mistake, epoch)
    assert beats[0].start == 0 and beats[-1].end == len(mistake)
    for before, after in zip(beats, beats[1:]):
        assert before.end == after.start
    for beat in beats:
        assert beat.end > beat.start and beat.run_time > 0
        if beat.kind == UPDATE:
            assert beat.end == beat.start + 1 and mistake[beat.start]
        if beat.kind in (VISIT, SWEEP):
            assert not mistake[beat.start:beat.end].any()
            assert len(set(epoch[beat.start:beat.end])) == 1
    # update numbers count the mistakes so far
    for beat in beats:
        if beat.kind == UPDATE:
            assert beat.update_number == int(mistake[:beat.end].sum())


def test_pacing_is_bounded_for_long_runs():
    rng = np.random.default_rng(0)
    mistake = rng.random(100_000) < 0.05
    beats = plan_perceptron(mistake)
    shown = [b for b in beats if b.kind == UPDATE]
    assert len(shown) == style.MAX_SHOWN_UPDATES
    assert sum(b.kind == FAST_FORWARD for b in beats) == 1
    assert sum(b.run_time for b in beats) < 60
    assert [b.slow for b in shown[:style.SLOW_UPDATES + 1]] == [True] * style.SLOW_UPDATES + [False]


def test_holding_brings_up_to_date_then_stands_still(tmp_path):
    """Inside ``holding`` a follower is current, has no updater (so Manim draws it into the
    still background), and gets its updater back afterwards, run once."""
    from manim import Dot, ValueTracker

    from scenes.base import LinvizScene
    from tests.scene_helpers import tiny_dry_run

    with tiny_dry_run(tmp_path):
        scene = LinvizScene()
        scene.setup()
        tracker = ValueTracker(0.0)
        dot = Dot().add_updater(lambda d: d.set_x(tracker.get_value()))
        other = Dot()
        scene.add(dot, other, tracker)
        tracker.set_value(2.0)
        with scene.holding(dot):
            assert dot.get_x() == 2.0 and not dot.updaters
            moving, _ = scene.get_moving_and_static_mobjects([tracker.animate.set_value(3.0)
                                                               .build()])
            assert dot not in moving and other not in moving
            tracker.set_value(5.0)
            assert dot.get_x() == 2.0  # held
        assert len(dot.updaters) == 1
        assert dot.get_x() == 5.0  # brought up to date when the hold ends


def test_a_plane_zoomed_by_set_box_maps_the_new_box_onto_the_same_square():
    """set_box: the new box fills the screen square of the old one, markers and every
    drawing made on the plane follow the new mapping (checked against the plane's corners
    and the line's own equation, not against c2p alone)."""
    from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane, MarginBand
    from scenes.toolkit.style import THEMES

    X = np.array([[1.5, 1.0], [-1.0, -1.5], [0.4, -0.2]])
    plane = DataPlane(X, np.array([1.0, -1.0, 1.0]), THEMES["dark"])
    corners = [plane.c2p(c) for c in plane.box.corners]
    theta, theta0 = np.array([1.0, 2.0]), -0.3
    line = Hyperplane(plane, theta, theta0, show_normal=False)
    band = MarginBand(plane, theta, theta0, 0.2, "#00ff00")
    vector = DataVector(plane, (0, 0), (0.5, 0.25), "#ffffff", "theta")
    new = Box(-1.0, 1.0, -1.0, 1.0)
    plane.set_box(new, step=0.3)
    for corner, screen in zip(new.corners, corners):
        assert np.allclose(plane.c2p(corner), screen)
    assert np.allclose(plane.markers.positions(), plane.c2p_many(X))
    for end in line.endpoints_in_data():
        assert abs(end @ theta + theta0) < 1e-6 and new.contains(end[None, :])[0]
        # the drawn line reaches the new box's edge: it was clipped again, not moved
    assert np.isclose(max(abs(c) for e in line.endpoints_in_data() for c in e), 1.0)
    for edge in band.edges_in_data():
        for end in edge:
            assert abs(abs(end @ theta + theta0) / np.linalg.norm(theta) - 0.2) < 1e-6
    assert np.allclose(vector.arrow.get_end(), plane.c2p((0.5, 0.25)))
    # at a given step the grid lines sit at its multiples: 7 per axis in [−1, 1] at 0.3
    grid_points = np.vstack([m.points for m in plane.grid.family_members_with_points()])
    xs = {round(float(plane.p2c(p)[0]), 6) for p in grid_points}
    assert {-0.9, -0.6, -0.3, 0.0, 0.3, 0.6, 0.9} <= xs


def test_score_bars_stand_by_their_values_and_a_bar_at_or_below_0_is_a_mistake():
    """Each bar reaches value × (half height / reach) above or below the zero line (a bar
    of 0 keeps a sliver), in the correct colour above 0 and the mistake colour at or below
    it; redrawn, the bars follow new values."""
    from manim import ManimColor

    from scenes.toolkit.score_bars import BAR_LEAST, ScoreBars

    theme = style.DARK
    values = np.array([1.0, -0.5, 0.0])
    bars = ScoreBars(["a", "b", "c"], lambda: values, 2.0, theme, "x", "sum: 0",
                     half_height=0.8)
    bars.shift(np.array([1.5, -0.7, 0.0]))
    bars.redraw()
    zero = bars.zero.get_center()[1]
    for bar, value in zip(bars.bars, values):
        top, bottom = bar.get_top()[1], bar.get_bottom()[1]
        reach = value * 0.8 / 2.0 if value else BAR_LEAST
        assert (top - zero if value >= 0 else zero - bottom) == pytest.approx(abs(reach))
        wanted = theme.correct if value > 0 else theme.mistake
        assert bar.get_fill_color() == ManimColor(wanted)
    values[:] = [-1.0, 0.5, 0.5]
    bars.redraw()
    assert bars.bars[0].get_bottom()[1] == pytest.approx(zero - 0.4)
    assert bars.bars[0].get_fill_color() == ManimColor(theme.mistake)
    # scores with labels: a bar is a mistake where label × score ≤ 0, whatever its side
    scored = ScoreBars(["a", "b", "c"], lambda: values, 2.0, theme, "x", "", labels=[-1, 1, -1])
    assert [bar.get_fill_color() for bar in scored.bars] == [
        ManimColor(theme.correct), ManimColor(theme.correct), ManimColor(theme.mistake)]


def test_a_sum_tip_to_tail_draws_its_shortest_arrow_readable_at_one_stated_scale():
    """Two long nearly opposite vectors and the short one that closes their sum (a
    certificate's stub): every arrow is drawn at least SHORTEST long, all at one scale,
    the one returned (a drawn length over the data length at the plane's own scale, read
    from the plane's mapping), inside the inset's square, and the path closes at 0."""
    from scenes.toolkit.style import THEMES
    from scenes.toolkit.plane import DataPlane
    from scenes.toolkit.vector_sum import SHORTEST, vector_sum_inset

    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2))
    long_a, long_b = np.array([-0.10, -0.11]), np.array([0.095, 0.085])
    vectors = [long_a, long_b, -(long_a + long_b)]  # the last 0.026 long, a fifth of them
    plane = DataPlane(X, np.where(X[:, 0] > 0, 1.0, -1.0), THEMES["dark"])
    frame, (arrows, names), scale = vector_sum_inset(
        plane, X, vectors, ["1", "2", "3"], THEMES["dark"], np.array([-0.2, -0.2, 0.2, 0.2]))
    per_unit = plane.c2p((1.0, 0.0))[0] - plane.c2p((0.0, 0.0))[0]
    backing = frame[0]
    low, high = backing.get_corner(np.array([-1, -1, 0])), backing.get_corner(np.array([1, 1, 0]))
    for arrow, vector in zip(arrows, vectors):
        drawn = arrow.get_end() - arrow.get_start()
        length = float(np.hypot(*drawn[:2]))
        assert length >= SHORTEST - 1e-9
        # along the vector, at the stated scale of the plane's own
        assert np.allclose(drawn[:2], scale * per_unit * vector, atol=1e-6)
        for end in (arrow.get_start(), arrow.get_end()):
            assert np.all(end[:2] > low[:2]) and np.all(end[:2] < high[:2])
    # tip to tail, back to 0: each arrow starts where the one before ended, the first
    # where the last ends (but for each one's side step to its left)
    gaps = [np.hypot(*(arrows[(k + 1) % 3].get_start() - arrows[k].get_end())[:2])
            for k in range(3)]
    assert max(gaps) < 0.2


def test_a_sum_tip_to_tail_grows_over_no_point():
    """A stub too short at the clear size: the inset grows only where it still hides no
    point, so a grid of points with one empty corner keeps every marker off the square."""
    from scenes.toolkit.style import THEMES
    from scenes.toolkit.plane import DataPlane
    from scenes.toolkit.vector_sum import vector_sum_inset

    grid = np.array([(a, b) for a in np.linspace(-2, 2, 11) for b in np.linspace(-2, 2, 11)])
    X = grid[~((grid[:, 0] > 0.5) & (grid[:, 1] < -0.5))]  # the lower right left empty
    long_a, long_b = np.array([-1.0, -1.1]), np.array([0.97, 1.0])
    vectors = [long_a, long_b, -(long_a + long_b)]  # the last a fourteenth of the others
    plane = DataPlane(X, np.where(X[:, 0] > 0, 1.0, -1.0), THEMES["dark"])
    frame, _, _ = vector_sum_inset(plane, X, vectors, ["1", "2", "3"], THEMES["dark"],
                                   np.array([-0.2, -0.2, 0.2, 0.2]))
    backing = frame[0]
    low = backing.get_corner(np.array([-1, -1, 0]))[:2]
    high = backing.get_corner(np.array([1, 1, 0]))[:2]
    markers = np.array([plane.c2p(point)[:2] for point in X])
    hidden = np.all((markers > low) & (markers < high), axis=1)
    assert not hidden.any(), X[hidden]


def test_a_plane_zoomed_during_a_play_leaves_no_old_axes_drawn():
    """A play draws, every frame, each part of what moves as listed when it starts: a
    plane whose box changes under an updater replaces its grid, frame and axes, and the
    replaced ones, still on that list, must draw nothing (review 259: two sets of axes,
    the old ones still, through every zoom of the weight plane)."""
    from manim import Scene, ValueTracker, tempconfig

    from linviz.geometry import Box
    from scenes.toolkit.plane import DataPlane
    from scenes.toolkit.style import THEMES
    from scenes.toolkit.views import box_between

    X = np.array([[1.0, 2.0], [-1.0, 0.5], [0.5, -1.5]])
    start, end = Box(-10.0, 10.0, -10.0, 10.0), Box(-2.0, 2.0, -2.0, 2.0)
    seen = {}

    class Zoom(Scene):
        def construct(self):
            plane = DataPlane(X, np.array([1.0, -1.0, 1.0]), THEMES["dark"], box=start)
            self.add(plane)
            zoom = ValueTracker(0.0)
            plane.add_updater(lambda p: p.set_box(box_between(start, end, zoom.get_value())))
            self.play(zoom.animate.set_value(1.0), run_time=0.5)
            seen["listed"] = list(self.moving_mobjects)
            seen["now"] = {id(m) for m in plane.get_family()}

    with tempconfig({"dry_run": True, "verbosity": "ERROR", "progress_bar": "none"}):
        Zoom().render()
    from manim import VMobject

    stale = [m for m in seen["listed"] if id(m) not in seen["now"] and isinstance(m, VMobject)
             and m.has_points()]
    assert stale  # the play listed parts the zoom replaced
    drawn = [m for m in stale if (m.get_stroke_opacity() > 0 and m.get_stroke_width() > 0)
             or m.get_fill_opacity() > 0]
    assert not drawn, [type(m).__name__ for m in drawn[:5]]


def test_markers_shifted_each_keep_the_outline_they_are_drawn_with():
    """``MarkerCloud.shift_each`` moves marker i by its own offset, its outline as drawn
    (a cloud scaled 1.15 keeps its size; ``set_positions`` would draw it at the size made):
    each + and each − moves rigidly with its disc."""
    from scenes.toolkit.markers import MarkerCloud

    labels = np.array([1.0, -1.0, 1.0, -1.0])
    points = np.array([[0.0, 0.0, 0.0], [1.0, 0.5, 0.0], [-1.0, 1.0, 0.0], [2.0, -1.0, 0.0]])
    cloud = MarkerCloud(labels, style.THEMES["dark"], positions=points)
    cloud.scale(1.15, about_point=np.zeros(3))
    before = [path.points.copy() for path in (cloud.discs, cloud.plus, cloud.minus)]
    offsets = np.array([[0.3, 0.0, 0.0], [0.0, -0.2, 0.0], [-1.0, 1.0, 0.0], [0.5, 0.5, 0.0]])
    cloud.shift_each(offsets)
    np.testing.assert_allclose(cloud.positions(), 1.15 * points + offsets, atol=1e-12)
    for path, old, which in zip((cloud.discs, cloud.plus, cloud.minus), before,
                                (np.arange(4), np.array([0, 2]), np.array([1, 3]))):
        per = len(old) // len(which)
        moved = path.points.reshape(len(which), per, 3) - old.reshape(len(which), per, 3)
        # every point of marker i's outline moved by offsets[i]: same shape, same size
        np.testing.assert_allclose(moved, np.repeat(offsets[which][:, None, :], per, axis=1),
                                   atol=1e-12)


def test_a_lit_label_keeps_its_backdrop_dark():
    """Lighting a label on a backdrop (:func:`scenes.toolkit.layout.lit`) colours the label
    and leaves its backdrop as it was, at mid-light and after (Manim's Indicate coloured the
    whole family: a dark backdrop flashed as a solid yellow box, reviews 354)."""
    from manim import BLACK, Square
    from manim.utils.color import ManimColor

    from scenes.toolkit.layout import lit
    from scenes.toolkit.style import THEMES

    theme = next(iter(THEMES.values()))
    label = Square()
    label.add_background_rectangle(color=BLACK, opacity=0.8)
    backdrop = label.background_rectangle
    light = lit(label, theme)
    light.begin()
    light.interpolate(0.5)  # (there and back: the full colour at the middle)
    assert backdrop.get_fill_color() == ManimColor(BLACK)
    assert backdrop.get_fill_opacity() == 0.8
    assert label.submobjects[-1].get_stroke_color() == ManimColor(theme.highlight)
    light.interpolate(1.0)
    light.finish()
    assert backdrop.get_fill_color() == ManimColor(BLACK)


@pytest.mark.parametrize("end", [(0.3, -0.3), (0.1, 0.5), (0.5, 0.1)])
def test_a_vector_name_kept_off_the_axes_crosses_neither(end):
    """With the plane's axes among what it avoids (``axis_guides``), a short vector's name,
    whose nearest place beside its tip straddles an axis, stands clear of both: its box
    holds neither 0's screen x nor its screen y (reviews 369: a name's backdrop cut the
    axes). Without them the same name straddles one (so the check can fail)."""
    from manim import DL, UR

    from scenes.toolkit.plane import DataPlane, DataVector
    from scenes.toolkit.style import THEMES
    from scenes.toolkit.vectors import axis_guides

    X = np.array([[1.5, 1.0], [-1.0, -1.5], [0.4, -0.2], [1.2, -1.0], [0.9, -1.3], [0.7, -0.45]])
    y = np.array([1.0, -1.0, 1.0, 1.0, 1.0, 1.0])

    def straddles(guided: bool) -> bool:
        plane = DataPlane(X, y, THEMES["dark"])
        vector = DataVector(plane, (0, 0), end, "#ffffff", "2 y^((7)) x^((7))",
                            avoid=axis_guides(plane) if guided else ())
        low, high, origin = (vector.label.get_corner(DL), vector.label.get_corner(UR),
                             plane.c2p((0, 0)))
        return bool(low[0] < origin[0] < high[0] or low[1] < origin[1] < high[1])

    assert straddles(guided=False)
    assert not straddles(guided=True)
