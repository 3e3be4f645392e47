"""The never-ending walk of linear-program (data no line through the origin separates),
drawn pass by pass: each update's pass recounted here from the run's visits (a visit's
pass is its place in the visits divided by n), not from the lesson's boundaries."""

from __future__ import annotations

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_update_of_the_endless_walk_is_drawn_in_its_pass(case):
    data, lesson, beats = lesson_or_skip(case)
    if lesson.endless is None:
        pytest.skip("a line through the origin separates the data")
    n = len(data.y)
    mistakes = np.asarray(lesson.endless.steps["mistake"], dtype=bool)
    visits = np.flatnonzero(mistakes)
    expected = visits // n
    passes = np.asarray(lesson.endless_step_passes)
    # one pass per update, the states' steps in order
    assert len(passes) == len(lesson.endless.states["theta"]) - 1 == len(visits)
    np.testing.assert_array_equal(passes, expected)
    # every pass makes a mistake (none would leave a separator): no pass is left undrawn
    assert sorted(set(passes.tolist())) == list(range(len(lesson.endless_mistakes)))
    assert tuple(np.bincount(passes).tolist()) == lesson.endless_mistakes
    said = next(beat for beat in beats if beat.motion == "endless")
    counts = ", ".join(map(str, lesson.endless_mistakes))
    # (last: written as the walk ends, where the sentence says them)
    assert said.state["status"].endswith(
        f" · updates in passes 1 to {len(lesson.endless_mistakes)}: {counts}")


def _best_state(run, X, y) -> int:
    """The first state after an update with the fewest points wrong, by trying each."""
    thetas, offsets = run.states["theta"], run.states["theta0"]
    wrong = [int(np.sum(y * (X @ np.asarray(thetas[k], dtype=float) + float(offsets[k])) <= 0))
             for k in range(1, len(thetas))]
    return 1 + wrong.index(min(wrong))


def _distances(X, theta, theta0) -> np.ndarray:
    """Each point's distance to the line θᵀx + θ₀ = 0, as |x − p| for p its nearest point
    on the line, p found along the line's direction from the line's point nearest 0."""
    theta = np.asarray(theta, dtype=float)
    unit = theta / np.linalg.norm(theta)
    base = -theta0 / np.linalg.norm(theta) * unit  # the line's point nearest 0
    along = np.array([-unit[1], unit[0]])
    feet = base + np.outer((X - base) @ along, along)
    return np.linalg.norm(X - feet, axis=1)


def _looks_share(X, width) -> float:
    """How near a line a point looks on it, a share of the view's width: its marker's
    half-width (MARKER_SPACING_FRACTION × the median distance from each place to its
    nearest other place, found here by a k-d tree, over the width, within MARKER_SHARES) and half the
    line's stroke."""
    from scipy.spatial import cKDTree

    from linviz.lessons.linear_program_near import LINE_HALF_SHARE, MARKER_SHARES
    from linviz.view_box import MARKER_SPACING_FRACTION

    places = np.unique(X, axis=0)
    nearest, _ = cKDTree(places).query(places, k=2)
    share = MARKER_SPACING_FRACTION * float(np.median(nearest[:, 1])) / width
    return min(max(share, MARKER_SHARES[0]), MARKER_SHARES[1]) + LINE_HALF_SHARE


def _expected_near(X, lines, width, full_width=None, view=None):
    """(every place that looks on one of ``lines`` {name: (θ, θ₀)}, nearest first, equal
    distances by index, each place's first point; {point: nearest line's name}). In a view
    ``width`` wide (only its points: the others are not drawn), markers sized for the full
    view, ``full_width`` wide (the same size on screen, so the same share of any view)."""
    from linviz.lessons.linear_program_near import ON_LINE

    drawn = {name: line for name, line in lines.items() if np.any(line[0])}
    if not drawn:
        return [], {}
    table = np.array([_distances(X, *line) for line in drawn.values()])
    nearest = table.min(axis=0)
    which = {i: list(drawn)[int(np.argmin(table[:, i]))] for i in range(len(X))}
    looks = _looks_share(X, full_width or width) * width
    shown = np.ones(len(X), dtype=bool) if view is None else (
        (X[:, 0] >= view.x_min) & (X[:, 0] <= view.x_max)
        & (X[:, 1] >= view.y_min) & (X[:, 1] <= view.y_max))
    candidates = [i for i in range(len(X)) if shown[i] and ON_LINE * width < nearest[i] <= looks]
    candidates.sort(key=lambda i: (round(nearest[i] / width, 9), i))
    places = []
    for i in candidates:
        if not any(np.array_equal(X[i], X[j]) for j in places):
            places.append(i)
    return places, which


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_point_that_looks_on_a_counted_line_is_magnified(case):
    """Where a never-ending run's lines are counted, the points a drawn line crosses the
    marker of (:func:`_looks_share`) (distances recomputed here from the runs' states, the
    best states found by trying each) are magnified: each inset centred on its first
    point, at the largest whole zoom keeping the line within NEAR_REACH of the half-side; a farther point of the same line within NEAR_REACH of an earlier inset's
    middle shares it; every place while the grid (its rows × columns) has room, and the
    sentence says which."""
    from linviz.lessons.linear_program_near import NEAR_GRIDS, NEAR_REACH, near_inset
    from linviz.view_box import fitted_box

    data, lesson, beats = lesson_or_skip(case)
    if lesson.endless is None:
        pytest.skip("a line through the origin separates the data")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    full = fitted_box(X, include_origin=True)
    # the runs' part's view: the full one, or the close one it zooms to (checked on its own)
    view = lesson.run_view
    width = view.x_max - view.x_min
    run = lesson.endless
    # the last θ's line leaves as the dashed best one comes: only counted lines stay
    lines = {"best": (run.states["theta"][_best_state(run, X, y)], 0.0)}
    checked = {"endless-best": (lines, "wide")}  # (the weight plane leaves for them)
    for motion, (drawn, grid) in checked.items():
        rows, columns, share = NEAR_GRIDS[grid]
        counted = next(b for b in beats if b.motion == motion)
        places, which = _expected_near(X, drawn, width, full.x_max - full.x_min, view)
        # the close-ups in a sentence of their own, right after the count's
        after = beats[beats.index(counted) + 1]
        assert counted.state["near"] is None and "Magnified" not in counted.sentence
        if not places:
            assert after.motion != "near"
            continue
        beat = after
        assert beat.motion == "near" and beat.sentence.startswith("Magnified ")
        boxes = {}
        for i in places:
            box, zoom = near_inset(lesson, i, which[i], share)
            half = (box.x_max - box.x_min) / 2
            assert half == pytest.approx(share * width / (2 * zoom))
            centre = np.array([box.x_min + half, box.y_min + half])
            assert np.allclose(centre, X[i], atol=1e-12 * width)  # the point in the middle
            reach = _distances(centre[None, :], *drawn[which[i]])[0]  # the line's distance
            assert reach <= NEAR_REACH * half * (1 + 1e-9)
            # one more time magnified would leave the line beyond NEAR_REACH
            assert reach > NEAR_REACH * share * width / (2 * (zoom + 1))
            assert zoom >= 2  # every inset magnifies
            boxes[i] = (centre, half)
        groups = []
        for i in places:  # nearest first: the first inset of its line it stands within
            home = next((g for g in groups if which[g[0]] == which[i] and np.linalg.norm(
                X[i] - boxes[g[0]][0]) <= NEAR_REACH * boxes[g[0]][1] * (1 + 1e-9)), None)
            if home is None:
                groups.append([i])
            else:
                home.append(i)
        # the grid's room, cut short of a near-tie (5 %): a place left out is never within
        # 5 % of one shown (nor, below, of one held by the cut)
        gap = {i: _distances(X[i][None, :], *drawn[which[i]])[0] for i in places}
        held = min(rows * columns, len(groups))
        while 1 < held < len(groups) and gap[groups[held][0]] <= 1.05 * gap[groups[held - 1][0]]:
            held -= 1
        shown = groups[:held]
        if held < len(groups):
            assert gap[groups[held][0]] > 1.05 * gap[groups[held - 1][0]] or held == 1

        def right(g):  # on its class's side of its line (on it: a mistake)
            theta, theta0 = drawn[which[g[0]]]
            return y[g[0]] * (X[g[0]] @ np.asarray(theta, dtype=float) + theta0) > 0
        # in the order the sentence names them: on their correct side first
        shown = [g for g in shown if right(g)] + [g for g in shown if not right(g)]
        near = beat.state["near"]
        assert near["points"] == [[g[0], which[g[0]]] for g in shown], motion
        assert near["with"] == [g[1:] for g in shown] and near["grid"] == grid
        magnified = [i for g in shown for i in g]
        for g in shown:  # each shares its inset magnified at least as much as alone
            for i in g[1:]:
                assert near_inset(lesson, g[0], which[i], share)[1] >= near_inset(
                    lesson, i, which[i], share)[1]
        assert sorted(beat.state["ringed"]) == sorted(magnified)
        assert "Magnified " in beat.sentence
        # places sharing a close-up: the close-ups counted
        boxes = (f", in {len(beat.state['near']['points'])} close-ups"
                 if len(beat.state["near"]["points"]) < len(magnified) else "")
        line = {"best": "the dashed line"}[next(iter(drawn))]
        if len(magnified) < len(places):
            assert (f", the {len(magnified)} nearest places where a "
                    f"point seems on {line}{boxes}: " in beat.sentence)
        elif len(places) > 4:
            assert (f", all {len(places)} places where a point seems on {line}{boxes}: "
                    in beat.sentence)
        else:
            assert f"that {'seems' if len(magnified) == 1 else 'seem'} on {line}: " in beat.sentence
        # each magnified point's side of its line, recomputed: named (at most 4) or counted
        said = beat.sentence.split(f"on {line}{boxes}: " if len(magnified) < len(places)
                                   or len(places) > 4 else f"on {line}: ")[1]
        scores = {i: y[i] * (X[i] @ drawn[which[i]][0] + drawn[which[i]][1]) for i in magnified}
        right = [i for i in magnified if scores[i] > 0]
        wrong = [i for i in magnified if scores[i] <= 0]

        def who(group):
            if len(magnified) > 4:
                return str(len(group))
            names = [str(i + 1) for i in group]
            return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"

        # (a wrong point's place-mates of the other class may follow, after "; ": the
        # marks test checks them)
        said = said.split("; ")[0].removesuffix(".") + "."
        if right and wrong:
            assert said.startswith(f"{who(right)} ") and " correct side, " in said
            assert said.endswith(f"{who(wrong)} {'is' if len(wrong) == 1 else 'are'} not.")
        else:
            kind = "correct" if right else "wrong"
            assert said.startswith(who(right or wrong)) and said.endswith(f"{kind} side.")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_explained_update_shows_its_rise_by_the_points_squared_length(case):
    """An explained update's status line shows its point's y⁽ⁱ⁾θᵀx⁽ⁱ⁾ before → after and
    that it rose by ‖x⁽ⁱ⁾‖² (note 001: y⁽ⁱ⁾(θ + y⁽ⁱ⁾x⁽ⁱ⁾)ᵀx⁽ⁱ⁾ = y⁽ⁱ⁾θᵀx⁽ⁱ⁾ + ‖x⁽ⁱ⁾‖²):
    recomputed from a plain perceptron loop, the two numbers shown differ by ‖x⁽ⁱ⁾‖² to
    their rounding."""
    from independent import reference_perceptron

    data, lesson, beats = lesson_or_skip(case)
    if not lesson.feasible:
        pytest.skip("no walk into a cone")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    run = reference_perceptron(X, y, 10 ** 6, offset=False)
    updates = [visit[1] for visit in run["visits"] if visit[3]]
    steps = [beat for beat in beats if beat.motion == "walk-step"]
    assert steps
    theta = np.zeros(2)
    for k, i in enumerate(updates[:len(steps)]):
        before = y[i] * (X[i] @ theta) + 0.0  # (−0.0 from θ = 0 is shown 0.00)
        after = y[i] * (X[i] @ (theta + y[i] * X[i]))
        status = steps[k].state["status"]
        shown = (f"point {i + 1}: $y^(({i + 1})) theta^T x^(({i + 1}))$ {before:.2f} → "
                 f"{after:.2f}, up $norm(x^(({i + 1})))^2$")
        assert shown.replace("-", "−") in status, (k, status)
        assert after - before == pytest.approx(X[i] @ X[i], rel=1e-9)
        theta = theta + y[i] * X[i]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_an_updates_count_of_mistakes_is_written_only_as_it_is_said(case):
    """What an explained update's status line shows from the beat's start
    (:func:`status_said_first`) holds its point and y·scores but not the count of
    mistakes, which the sentence says after them ("Now … wrong"): recounted here from the
    line after the update, the count comes in the status's rest alone."""
    from independent import reference_perceptron
    from linviz.lessons.linear_program_story import status_said_first

    data, lesson, beats = lesson_or_skip(case)
    steps = [beat for beat in beats if beat.motion == "walk-step"]
    if not steps:
        pytest.skip("no explained update")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    run = reference_perceptron(X, y, 10 ** 6, offset=False)
    theta = np.zeros(2)
    for k, i in enumerate([visit[1] for visit in run["visits"] if visit[3]][:len(steps)]):
        theta = theta + y[i] * X[i]
        wrong = int(np.sum(y * (X @ theta) <= 0))
        status = steps[k].state["status"]
        first = status_said_first(status)
        assert first.startswith(f"update {k + 1} · point {i + 1}:"), status
        rest = status[len(first):]
        assert rest == (f" · × marks the {wrong} wrong" if wrong else " · none wrong"), status
        assert "wrong" not in first


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_runs_part_zooms_the_data_in_only_where_its_points_stand_close(case):
    """From the perceptron through 0 on (data no line separates even with an offset) the
    data view zooms to a square holding 0, every mistake of each counted line (recounted
    here, y(θᵀx + θ₀) ≤ 0; not the last θ's, never drawn) and the overlap's points, when it is at most 0.6 of the full
    view wide; said ("zoomed in") in the run's sentence and set in its state, only then."""
    from linviz.view_box import fitted_box

    data, lesson, beats = lesson_or_skip(case)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    close = lesson.close_view
    said = [b for b in beats if b.state["data_view"] == "close"]
    if not lesson.inseparable:
        assert close is None and not said
        return
    marked = set()
    for name, (theta, theta0) in lesson.counted_lines.items():
        if name == "last" and np.allclose(theta, lesson.counted_lines["best"][0]):
            continue  # the best's: the dashed line is drawn in its place
        marked |= set(np.flatnonzero(y * (X @ np.asarray(theta, dtype=float) + theta0) <= 0))
    marked |= {*lesson.overlap[0], *lesson.overlap[1]}
    # and the solver's tight points, ringed on the data (recounted: y·score 1 on the kept)
    if lesson.subset is not None:
        theta, theta0 = np.asarray(lesson.subset.theta, dtype=float), lesson.subset.theta0
        kept = [i for i in range(len(y)) if i not in lesson.subset.left_out]
        marked |= {i for i in kept if y[i] * (X[i] @ theta + theta0) <= 1 + 1e-6}
    points = X[sorted(marked)]
    full = fitted_box(X, include_origin=True)
    if close is None:
        snug = max(points.max(axis=0) - np.minimum(points.min(axis=0), 0.0))
        # (the plane's rule pads a box: a snug one wider than 0.6 of the view never fits)
        assert snug > 0.6 * (full.x_max - full.x_min) / 1.5 or not said
        assert not said
        return
    assert close.x_max - close.x_min == pytest.approx(close.y_max - close.y_min)
    assert close.x_max - close.x_min <= 0.6 * (full.x_max - full.x_min) + 1e-12
    assert close.contains(np.vstack([points, np.zeros((1, 2))])).all()
    (first, *rest) = said
    assert first.motion == "endless" and "zoomed in" in first.sentence
    # to the closing remark, which is of every point: the whole data again
    assert all(b.state["data_view"] == "close" for b in beats[beats.index(first):-1])
    assert beats[-1].motion == "testable" and beats[-1].state["data_view"] == "full"


def _nearest_of_polygon(vertices) -> np.ndarray:
    """The point of a convex polygon nearest 0 (0 outside it): the nearest over its edges
    of the segment's point nearest 0, each found by projecting 0 onto it."""
    vertices = np.asarray(vertices, dtype=float)
    feet = []
    for p, q in zip(vertices, np.roll(vertices, -1, axis=0)):
        d = q - p
        t = np.clip(-(p @ d) / (d @ d), 0.0, 1.0) if d @ d > 0 else 0.0
        feet.append(p + t * d)
    return min(feet, key=lambda foot: float(np.hypot(*foot)))


def _distance_to_polygon(vertices) -> float:
    return float(np.hypot(*_nearest_of_polygon(vertices)))


def _edge_along(view, polygon) -> float:
    """How far from 0 the view's edge is towards the polygon's point nearest 0 (found by
    bisection on the ray: inside the box or not)."""
    unit = _nearest_of_polygon(polygon)
    unit = unit / np.hypot(*unit)
    low, high = 0.0, 1e6
    for _ in range(200):
        middle = (low + high) / 2
        x, y = middle * unit
        inside = view.x_min <= x <= view.x_max and view.y_min <= y <= view.y_max
        low, high = (middle, high) if inside else (low, middle)
    return low


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_region_scaled_down_sweeps_out_the_cone_from_the_view_edge_to_near_0(case):
    """The cone beat's region, scaled by s: each corner is s times a θ of the region
    (every aᵢᵀθ ≥ 1) and so separates (every aᵢᵀθ > 0); at s = 1 it is the region; its
    first scale puts its nearest θ SWEEP_FIRST of the way to the view's edge (or leaves the
    region where it is, when nearer), its last at SWEEP_NEAREST of the view's reach, as
    measured from the drawn polygon, not from the lesson's widest θ."""
    from linviz.geometry import Box
    from linviz.lessons.linear_program import SWEEP_FIRST, SWEEP_NEAREST

    _, lesson, beats = lesson_or_skip(case)
    if not any(beat.motion == "cone" for beat in beats):
        pytest.skip("no walk into a cone")
    A, view = np.asarray(lesson.signed, dtype=float), lesson.walk_box
    reach = float(np.max(np.hypot(*view.corners.T)))
    first, last = lesson.cone_sweep_scales(view)
    assert 0 < last < first <= 1
    whole = lesson.region()
    np.testing.assert_allclose(lesson.region_scaled(1.0, lesson.weight_box)[0], whole[0])
    for scale in np.geomspace(first, last, 5):
        found = lesson.region_scaled(scale, view)
        if found is None:
            continue
        corners = np.asarray(found[0])
        assert np.all(A @ (corners / scale).T >= 1 - 1e-7)
        assert np.all(A @ corners.T > 0)
    big = Box(-4 * reach, 4 * reach, -4 * reach, 4 * reach)
    nearest = _distance_to_polygon(lesson.region(Box(-1e4, 1e4, -1e4, 1e4))[0])
    assert _distance_to_polygon(lesson.region_scaled(last, big)[0]) == pytest.approx(
        SWEEP_NEAREST * reach, rel=1e-6)
    start = lesson.region_scaled(first, big)[0]
    assert _distance_to_polygon(start) == pytest.approx(
        min(nearest, SWEEP_FIRST * _edge_along(view, start)), rel=1e-6)
