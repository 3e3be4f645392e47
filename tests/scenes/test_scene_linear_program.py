"""The linear-program scene draws its storyboard: at the end of every beat the picture is
the beat's state (rings, planes, region, diamond, θ*, the walk's θ, the ray, the
certificate, the status line), and no text overlaps or leaves the frame."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DL, UR

from layout_check import outside, overlaps
from scenes.toolkit.score_bars import ScoreBars
from story_runs import frame_box, story_with, text_boxes


def drawn_state(scene) -> dict:
    on = scene.on_screen
    walker = getattr(scene, "walker", None)
    return {
        "ringed": sorted(scene.rings),
        "weights": on(scene.weights),
        "region": scene.region is not None and on(scene.region),
        "diamond": scene.diamond is not None and on(scene.diamond),
        "star": scene.star_dot is not None and on(scene.star_dot),
        "star_lines": scene.star_lines is not None and on(scene.star_lines),
        "walk": None if walker is None or not on(walker)
        else scene.weights.p2c(walker.get_center())[:2],
        "ray": scene.ray is not None and on(scene.ray),
        "certificate": len(scene.certificate_arrows) if on(scene.certificate) else 0,
        "status": None if scene.status is None else scene.status_words,
        "probe": scene.probe is not None and on(scene.probe) and on(scene.probe_line),
        "box": scene.weights.box,
        "inset": on(getattr(scene, "least_inset", None) or object()),
        "veil": scene.veil is not None and on(scene.veil),
        "wrong_shading": on(getattr(scene, "wrong_shading", None) or object()),
        "closeup": scene.closeup_drawing is not None and on(scene.closeup_drawing),
        "cone": scene.cone is not None and on(scene.cone),
        # the shown point's lines in weight space (its constraint's, an update's)
        "update_lines": getattr(scene, "shown_line", None) is not None and on(scene.shown_line),
        "score_bars": any(isinstance(m, ScoreBars) and on(m) for m in scene.mobjects),
        "scaling": scene.scaling_drawing is not None and on(scene.scaling_drawing),
        # the scaled θ's least y·score, as scaled (1: lifted to its mark)
        "scaled_least": (scene.scaled[0].get_value() if getattr(scene, "scaled", None)
                         else None),
        "score_strip": on(getattr(scene, "score_strip_drawn", None) or object()),
        "sweep_chart": on(getattr(scene, "sweep_drawn", None) or object()),
        "lines_seen": getattr(scene, "lines", None) is not None and on(scene.lines) and any(
            line.get_stroke_opacity() > 0 for line in scene.lines.family_members_with_points()),
        # the largest aᵢᵀθ over the corners of the shown constraint's name (< 1: its box on
        # the origin's side of the line aᵢᵀθ = 1, off it)
        "shown_label_reach": None if getattr(scene, "shown_label", None) is None
        or not on(scene.shown_label) else max(
            float(scene.lesson.signed[scene.lesson.shown_point]
                  @ scene.weights.p2c(scene.shown_label.get_corner([dx, dy, 0])))
            for dx in (-1, 1) for dy in (-1, 1)),
        "overlap_panel": scene.overlap_panel is not None and on(scene.overlap_panel),
        # each constraint's line's y·score, aᵢᵀθ at its start (None where not drawn)
        "line_levels": [float(scene.lesson.signed[i] @ scene.weights.p2c(line.get_start())[:2])
                        if line.has_points() else None
                        for i, line in enumerate(getattr(scene, "lines", None) or [])],
        "certificate_sides": on(getattr(scene, "certificate_weights", [object()])[0]),
        # the θ going round the region (review 314 bench: it stood on to the walk)
        "samples": on(getattr(scene, "samples_drawn", None) or object()),
        # the helpers' programme written out in the data plane's place
        "programme": on(getattr(scene, "programme_drawn", None) or object()),
        # one θ of the fewest mistakes, its dot and line ("as this one does")
        "fewest_line": on(getattr(scene, "fewest_line_drawn", None) or object()),
        # the keys of weight space's shadings on screen, each with the plane's frame
        "keys": [(key, scene.weights.frame) for key in
                 (getattr(scene, "wrong_key_drawn", None),
                  *getattr(scene, "certificate_weights", [None] * 4)[3:])
                 if key is not None and on(key)],
        # the certificate's ring names (the data plane's markers at their centres)
        "certificate_names": [name for name in scene.certificate[3]
                              if type(name).__name__ != "Line"] if on(scene.certificate)
        and len(scene.certificate) > 3 else [],
        # where each point stands at the beat's end (the data view zooms in and out)
        "points_at": np.asarray(scene.plane.c2p_many(scene.data.X))[:, :2].copy(),
        "data_box": scene.plane.box,
        # the place counts ("+2 −1") seen (None: the plane has none)
        "tags": any(count.get_fill_opacity() > 0 for count in scene.plane.markers.counts)
        if len(scene.plane.markers.counts) else None,
        "wrong_marks": [] if scene.wrong_drawn is None or not on(scene.wrong_drawn)
        else [(type(mark[0]).__name__, mark.get_center()[:2]) for mark in scene.wrong_drawn],
    }


@pytest.mark.parametrize("data", [None, "noisy", "xor", "small-margin", "xor-cloud",
                                  "wine-std", "wine", "iris-petal-std",
                                  "iris-versicolor-virginica-std"])
def test_every_beat_ends_on_its_state(data, tmp_path):
    """(wine: its overlap's points are close together, magnified in a close-up;
    iris-petal-std: a run of one update, no fast updates after it; Iris versicolor and
    virginica: a place both classes share, tagged.)"""
    from scenes.linear_program import LinearProgramScene

    check_every_beat_ends_on_its_state(LinearProgramScene, data, tmp_path)


@pytest.mark.parametrize("data", [None, "xor", "xor-cloud", "wine-std", "wine",
                                  "iris-versicolor-virginica-std"])
def test_every_beat_of_no_separator_ends_on_its_state(data, tmp_path):
    """The scene `no-separator` is drawn by `linear-program`'s parts from its own first
    beat (noisy, its default: an overlap as a point in a triangle; xor: with an offset
    too, no line; wine: the close-up)."""
    from scenes.no_separator import NoSeparatorScene

    check_every_beat_ends_on_its_state(NoSeparatorScene, data, tmp_path)


def check_every_beat_ends_on_its_state(scene_class, data, tmp_path) -> None:
    from scene_helpers import gallery_csv

    if data in ("wine", "wine-std", "iris-petal-std", "iris-versicolor-virginica-std"):
        pytest.importorskip("sklearn")
        data = gallery_csv(tmp_path, data)

    drawn, layouts = [], []
    scene = story_with(scene_class, **({"data_spec": data} if data else {}),
                       beat_observers=[lambda s: drawn.append(drawn_state(s)),
                                       lambda s: layouts.append((s.timeline.current[1],
                                                                 text_boxes(s)))])
    beats = scene.storyboard.beats
    assert len(drawn) == len(beats)
    lesson = scene.lesson
    tied = next((number for number, beat in enumerate(beats, 1)
                 if beat.motion == "tied-place"), None)
    for number, (picture, beat) in enumerate(zip(drawn, beats), 1):
        state = beat.state
        where = f"beat {number} ({beat.sentence[:50]!r})"
        assert picture["ringed"] == sorted(state["ringed"]), where
        assert picture["weights"] == state["weights"], where
        assert picture["region"] == state["region"], where
        assert picture["diamond"] == (state["diamond"] is not None), where
        assert picture["star"] == state["star"], where
        assert picture["star_lines"] == (state["boundary"] in ("star", "star-and-run")), where
        assert picture["ray"] == state["ray"], where
        assert picture["certificate"] == (len(lesson.certificate) if state["certificate"]
                                          else 0), where
        assert picture["status"] == state["status"], where
        assert picture["probe"] == state["probe"], where
        # the shown point's lines (one constraint's, an explained update's) while it is
        # shown, never after (review 267: after a one-update run, to the end)
        assert picture["update_lines"] == (state["shown"] is not None), where
        assert picture["inset"] == bool(state["inset"]), where
        if state["weights"]:
            assert picture["box"] == {"constraint": lesson.constraint_box,
                                      "near": lesson.weight_box, "walk": lesson.walk_box,
                                      "far": lesson.ray_box}[state["view"]], where
        # the weight plane veiled while an offset is argued in data space
        assert picture["veil"] == state["weights_dim"], where
        assert picture["wrong_shading"] == state["wrong_shading"], where
        assert picture["closeup"] == (state["closeup"] is not None), where
        assert picture["cone"] == state["cone"], where
        assert picture["score_bars"] == state["score_bars"], where
        assert picture["scaling"] == state["scaling"], where
        if state["scaling"]:  # at 1 once said to be lifted there, short of it before
            assert (picture["scaled_least"] == pytest.approx(1.0)) == state["scaled_to_one"], \
                where
        assert picture["score_strip"] == state["score_strip"], where
        assert picture["sweep_chart"] == state["sweep_chart"], where
        assert picture["overlap_panel"] == bool(state["overlap_panel"]), where
        assert picture["certificate_sides"] == state["certificate_sides"], where
        # the fewest θ's line while its state holds (review 307 bench: it stood on under
        # Gordan; review 313: it left as the next sentence named "this θ" again)
        assert picture["fewest_line"] == bool(state["fewest_line"]), where
        assert picture["programme"] == bool(state["programme"]), where
        assert picture["samples"] == bool(len(state["samples"])), where
        # a key stands beside the weight plane, outside its axes (off the shades, lines and
        # names it explains), its top at the plane's: in one place from the mistake shading
        # to the certificate's
        for key, frame in picture["keys"]:
            assert key.get_left()[0] > frame.get_right()[0], where
            assert key.get_top()[1] == pytest.approx(frame.get_top()[1]), where
        # the certificate's points named off the markers (a name on a + read as its sign's)
        markers = scene.plane.markers.positions()
        for name in picture["certificate_names"]:
            (x0, y0), (x1, y1) = name.get_corner([-1, -1, 0])[:2], name.get_corner([1, 1, 0])[:2]
            assert not np.any((markers[:, 0] > x0) & (markers[:, 0] < x1)
                              & (markers[:, 1] > y0) & (markers[:, 1] < y1)), where
        assert picture["shown_label_reach"] is None or picture["shown_label_reach"] < 1, where
        # a place both classes share tagged as its beat says it, not before (reviews 369:
        # from the first frame, 18 s before), and from then on
        if picture["tags"] is not None:
            assert picture["tags"] == (tied is None or number >= tied), where
        # under the mistake shading no line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 1 shows: the wedges' borders are rays
        assert not (picture["wrong_shading"] and picture["lines_seen"]), where
        # …for the lines slid through 0 as said, each at y·score 0 (the shading's borders)
        if picture["wrong_shading"]:
            reach = np.abs(np.asarray(lesson.signed)).max() * 1e-6 * (
                lesson.weight_box.x_max - lesson.weight_box.x_min)
            levels = picture["line_levels"]
            assert len(levels) == lesson.n and all(v is not None and abs(v) < reach + 1e-9
                                                   for v in levels), where
        # each counted line's mistakes marked on the data plane: a × at each point the
        # state names, and no other mark there
        left = [(kind, at) for kind, at in picture["wrong_marks"]
                if scene.plane.frame.get_left()[0] <= at[0] <= scene.plane.frame.get_right()[0]]
        named = [("Line", picture["points_at"][i])
                 for kind, points in (state["wrong_marks"] or {}).items() for i in points]
        assert len(left) == len(named), where
        for kind, at in named:
            assert any(k == kind and np.allclose(a, at, atol=1e-6) for k, a in left), where
        if state["closeup"] is not None:
            assert state["closeup"] == lesson.overlap_closeup[1] >= 2, where
            # its zoom written on it, not said
            assert "(magnified on the right)" in " ".join(
                b.sentence for b in beats[:number]), where
        if not state["weights"]:  # the weight plane gone (a close-up in its place), θ too
            assert picture["walk"] is None, where
        elif state["walk"] is None:
            assert picture["walk"] is None, where
        else:
            np.testing.assert_allclose(picture["walk"], lesson.thetas[state["walk"]],
                                       atol=1e-6 * (1 + np.abs(lesson.thetas).max()),
                                       err_msg=where)
    # every beat stands at least its caption read at LP_PACE characters a second, below
    # the voice's 15 (a moment to look at what it brought); the note on what reading the
    # data did is the render's, not the lesson's
    from linviz.lessons.linear_program_story import LP_PACE
    from linviz.storyboard import DATA_NOTE

    assert LP_PACE < 15

    for caption, beat in zip(scene.timeline.captions, beats):
        if beat.motion != DATA_NOTE:
            assert caption.end - caption.start >= len(caption.text) / LP_PACE - 0.05, \
                caption.text
    if data and data.endswith("wine.csv"):  # the case is the close-up's (the offset's)
        assert any(beat.state["closeup"] for beat in beats) == (
            scene_class.__name__ == "NoSeparatorScene")
    # the data plane never zooms: every point in sight to the end
    assert all(picture["data_box"] == lesson.full_view for picture in drawn)
    if getattr(scene, "certificate_weights", None) is not None:
        # the certificate's key covers no arrow's head: the side each sentence points to
        halves, _, key = scene.certificate_weights
        heads = [part.tip for part in halves if hasattr(part, "tip")]
        assert heads and not any(meets(key, head) for head in heads)
    if scene.star_dot is not None and type(scene.star_dot[0]).__name__ == "Dot":
        assert_star_name_joined(scene.star_dot)
    if scene.closeup_drawing is not None and sorted(map(len, lesson.overlap)) == [1, 3]:
        assert_inner_name_outside(scene)
    problems = [(sentence[:40], a, b) for sentence, boxes in layouts
                for a, b in overlaps(boxes)]
    problems += [(sentence[:40], name) for sentence, boxes in layouts
                 for name in outside(boxes, frame_box())]
    assert not problems, problems[:5]


def meets(a, b) -> bool:
    """Whether the bounding boxes of the mobjects ``a`` and ``b`` overlap on screen."""
    (ax0, ay0), (ax1, ay1) = a.get_corner([-1, -1, 0])[:2], a.get_corner([1, 1, 0])[:2]
    (bx0, by0), (bx1, by1) = b.get_corner([-1, -1, 0])[:2], b.get_corner([1, 1, 0])[:2]
    return bool(ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1)


def assert_inner_name_outside(scene) -> None:
    """In the close-up, the point inside the other class's triangle is named outside the
    triangle (no corner of its name's box in it, no corner of the triangle in the box),
    its leader running from its ring to that name."""
    lesson, plane = scene.lesson, scene.closeup
    triangle, point = sorted(lesson.overlap, key=len, reverse=True)
    corners = np.array([plane.c2p(lesson.data.X[i])[:2] for i in sorted(triangle)])
    anchor = plane.c2p(lesson.data.X[next(iter(point))])[:2]
    _, leaders, names = scene.overlap_names
    assert len(leaders) == 1
    start, end = leaders[0].get_start()[:2], leaders[0].get_end()[:2]
    assert np.hypot(*(start - anchor)) <= plane.ring_radius + 1e-6
    name = min(names, key=lambda n: np.hypot(*(n.get_center()[:2] - end)))
    low, high = name.get_corner([-1, -1, 0])[:2], name.get_corner([1, 1, 0])[:2]

    def in_triangle(p) -> bool:
        a, b, c = corners
        signs = [np.sign((q[0] - o[0]) * (p[1] - o[1]) - (q[1] - o[1]) * (p[0] - o[0]))
                 for o, q in ((a, b), (b, c), (c, a))]
        return len(set(signs)) == 1

    box = [low, high, np.array([low[0], high[1]]), np.array([high[0], low[1]])]
    assert not any(in_triangle(p) for p in box)
    assert not any(np.all(low <= c) and np.all(c <= high) for c in corners)
    assert np.all(low - 1e-6 <= end) and np.all(end <= high + 1e-6)


def assert_star_name_joined(mark) -> None:
    """θ*'s name stands by its dot (its box within 0.2 of the dot's centre), or a leader
    runs from the dot's edge to the name's box: it never reads as another thing's name."""
    dot, name = mark[0], mark[1]
    centre = dot.get_center()[:2]
    low, high = name.get_corner([-1, -1, 0])[:2], name.get_corner([1, 1, 0])[:2]
    gap = float(np.hypot(*np.maximum(np.maximum(low - centre, centre - high), 0.0)))
    if gap <= 0.2:
        assert not mark[2].has_points() or mark[2].get_stroke_width() == 0
        return
    assert mark[2].has_points()
    start, end = mark[2].get_start()[:2], mark[2].get_end()[:2]
    assert abs(np.hypot(*(start - centre)) - dot.radius) < 1e-6
    assert np.all(low - 1e-6 <= end) and np.all(end <= high + 1e-6)


def test_the_margins_are_drawn_as_bands_as_wide_as_said():
    """While the margins are said, each separator's band is shaded on the data plane: its
    corners (read back from the screen) lie within the margin of its line, and reach it
    (θ*'s 1/‖θ*‖ from HiGHS's θ* recomputed, the run's least y·score over ‖θ‖ from its
    last θ), so the two widths are seen, not only said (review 263)."""
    from scenes.linear_program import LinearProgramScene

    seen = {}

    def observe(scene):
        if scene.timeline.current[1].startswith("Margins"):
            seen["bands"] = [band[0] for band in scene.margin_bands]
            seen["plane"] = scene.plane

    scene = story_with(LinearProgramScene, beat_observers=[observe])
    lesson = scene.lesson
    assert "bands" in seen
    A = lesson.signed
    for polygon, theta in zip(seen["bands"], (lesson.theta_star, lesson.thetas[-1])):
        theta = np.asarray(theta, dtype=float)
        margin = float(np.min(A @ theta)) / float(np.hypot(*theta))
        corners = np.array([seen["plane"].p2c(p) for p in polygon.get_vertices()])
        distances = np.abs(corners @ theta) / np.hypot(*theta)
        assert distances.max() == pytest.approx(margin, rel=1e-6)
        assert np.all(distances <= margin * (1 + 1e-6))


@pytest.mark.parametrize("name", ["noisy:0", "separable:0", "separable-origin:1",
                                  "iris-versicolor-virginica-std"])
def test_the_opening_lines_count_reaches_the_fewest_wrong_through_0(name):
    """The opening's trial line reads off how many points it gets wrong as it turns
    (:func:`fewest_wrong_of_line`): over every direction (one inside each wedge between
    the points' perpendiculars) its least count is the lesson's fewest mistakes through 0,
    and 0 exactly when the linear programme is feasible."""
    from linviz.gallery import GALLERY
    from linviz.lessons.linear_program import linear_program_lesson
    from linviz.lessons.linear_program_sweep import fewest_wrong_of_line

    case = next(c for c in GALLERY if c.name == name)
    data = case.make()
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    lesson = linear_program_lesson(data)
    # a line's count changes only where its normal is perpendicular to a point
    turns = np.sort(np.mod(np.arctan2(X[:, 1], X[:, 0]) + np.pi / 2, np.pi))
    middles = (turns + np.append(turns[1:], turns[0] + np.pi)) / 2
    counts = [fewest_wrong_of_line(X, y, np.array([np.cos(a), np.sin(a)])) for a in middles]
    assert min(counts) == (0 if lesson.feasible else lesson.mistake_range[0])
    # the side shaded + is the one counted: its θ's mistakes (y·θᵀx ≤ 0) are the count
    from linviz.lessons.linear_program_sweep import better_side

    for a, count in zip(middles, counts):
        normal = np.array([np.cos(a), np.sin(a)])
        side = better_side(X, y, normal)
        assert np.array_equal(np.abs(side), np.abs(normal))
        assert int(np.sum(y * (X @ side) <= 0)) == count


def test_no_weight_space_drawing_is_left_behind_by_a_zoom(tmp_path):
    """Every weight-space drawing a zoom remakes (:meth:`on_weights`) is on screen as a
    whole or not at all, at every beat's end: a drawing whose parts were added one by one
    (its group never on screen) stayed at its old place through a zoom (review 273: the
    certificate's lines crossed away from θ = 0 after the walk's zoom). On the Iris set no
    line through 0 separates, whose walk zooms after the certificate."""
    from scene_helpers import gallery_csv
    from scenes.linear_program import LinearProgramScene

    pytest.importorskip("sklearn")
    left: list = []

    def observe(scene):
        for drawing, _ in scene.weight_drawings:
            if not scene.on_screen(drawing) and any(
                    scene.on_screen(part) for part in drawing.submobjects):
                left.append(scene.timeline.current[1][:40])

    story_with(LinearProgramScene,
               data_spec=gallery_csv(tmp_path, "iris-versicolor-virginica-std"),
               beat_observers=[observe])
    assert left == []


@pytest.mark.parametrize("data", [None, "noisy"])
def test_the_scores_shrink_to_0_with_theta_as_theta_0_is_said(data):
    """As "θ = 0 meets it" is said, every point's label times score for the θ the scaling
    then grows (its ``scaling_theta`` at ``scaling_start``: recomputed from the data) is a
    dot on a strip that spans them all and 0; they shrink together, and at the beat's end
    every one stands at 0 (read back from the screen); as θ is then scaled up they grow
    alike, the least positive to 1 (its least positive label times score, recomputed)."""
    from scenes.linear_program import LinearProgramScene

    seen = {}

    def observe(scene):
        said = scene.timeline.current[1]
        if said.startswith("And asking at least 0"):
            strip = scene.score_strip_drawn[0]
            seen["end"] = [strip.line.p2n(dot.get_center()) for dot in strip.dots]
            seen["line"] = strip.line
        # (its dashed lines' sentence ends the scaling's first sentences: reviews 361)
        if said.startswith("The dashed lines") or "lifted to at least 1" in said:
            strip = scene.score_strip_drawn[0]
            seen["Scaling" if said.startswith("The dashed") else "lifted"] = [
                (strip.line.p2n(dot.get_center()), dot.get_fill_opacity()) for dot in strip.dots]

    scene = story_with(LinearProgramScene, **({"data_spec": data} if data else {}),
                       beat_observers=[observe])
    lesson = scene.lesson
    X, y = np.asarray(scene.data.X, dtype=float), np.asarray(scene.data.y, dtype=float)
    scores = y * (X @ (lesson.scaling_start * np.asarray(lesson.scaling_theta, dtype=float)))
    assert len(seen["end"]) == len(y)
    span = seen["line"].high - seen["line"].low
    np.testing.assert_allclose(seen["end"], 0.0, atol=1e-9 * span)
    # the strip spans every score it showed at the start, 0 inside it
    assert seen["line"].low <= min(scores.min(), 0) and seen["line"].high >= scores.max()
    # grown with the scaling to θ's least positive label times score 1: each dot seen at
    # its score scaled alike (the least positive at 1), those past the strip's end hidden
    # (where a sentence then says it is lifted to 1, at that one's end; as the scaling is
    # said, two thirds of the way there, by ratio: its least positive at start^(1/3))
    least = scores[scores > 0].min()
    assert least == pytest.approx(lesson.scaling_start)
    line = seen["line"]
    shown = [(seen["lifted"], 1.0)] if "lifted" in seen else []
    shown.append((seen["Scaling"], least ** (1 / 3) if shown else 1.0))
    for dots, reached in shown:
        for (at, opacity), value in zip(dots, scores / least * reached):
            if line.low <= value <= line.high:
                assert at == pytest.approx(value, abs=1e-6 * (line.high - line.low))
                assert opacity > 0.5
            else:
                assert opacity == 0


def test_the_overlaps_scores_show_the_point_as_their_mean_on_their_side():
    """As the overlap's point is said to score the same mean as the hull it lies in (noisy,
    `no-separator`'s default), bars show each overlap point's score for the
    turning line, the hull's first: at the beat's end (read off the bars) the hull's are
    on their class's side of 0, and the point's is their mean weighted by the panel's
    weights (the lesson's barycentric weights, recomputed here by least squares), so on
    that side too, its bar in the mistake colour."""
    from scenes.no_separator import NoSeparatorScene

    seen = {}

    def observe(scene):
        if scene.storyboard.beats[len(seen.get("beats", []))].motion == "overlap-why":
            seen["bars"] = [m for m in scene.mobjects if isinstance(m, ScoreBars)]
        seen.setdefault("beats", []).append(1)

    scene = story_with(NoSeparatorScene, beat_observers=[observe])
    (bars,) = seen["bars"]
    values = np.asarray(bars.values_of(), dtype=float)
    positive, negative = scene.lesson.overlap
    hull, point = (negative, positive) if len(negative) > len(positive) else (positive, negative)
    X = np.asarray(scene.data.X, dtype=float)
    corners = sorted(hull)
    (inside,) = point
    # x_point = Σ w_j x_j with Σ w_j = 1, solved afresh
    system = np.vstack([X[corners].T, np.ones(len(corners))])
    weights = np.linalg.lstsq(system, np.append(X[inside], 1.0), rcond=None)[0]
    assert np.all(weights > 0)
    # raw scores of the classifier whose side holds the hull (reviews 324): the hull's
    # on their class's side of 0, the point's their weighted mean, so on it too: wrong
    side = float(scene.data.y[corners[0]])
    assert np.all(side * values[:-1] > 0) and side * values[-1] > 0
    assert values[-1] == pytest.approx(float(weights @ values[:-1]), rel=1e-9)
    assert float(scene.data.y[inside]) == -side
    colours = [bar.get_fill_color() for bar in bars.bars]
    from manim import ManimColor
    assert colours[:-1] == [ManimColor(scene.theme.correct)] * (len(colours) - 1)
    assert colours[-1] == ManimColor(scene.theme.mistake)


def test_a_minus_points_flipped_arrow_stands_while_the_sum_is_drawn():
    """On `no-separator`'s default (noisy data, its certificate on + points 2 and 6 and −
    point 23), the arrow turned through 0 onto y⁽²³⁾x⁽²³⁾ = −x⁽²³⁾ as "flipped" is said
    stands, pointing away from point 23, while the sum is said to "add up to 0" (reviews
    360: gone within a second of its flip)."""
    from scenes.no_separator import NoSeparatorScene

    seen = []

    class Watching(NoSeparatorScene):
        def flip_in_data(self, minus):
            self.flipped_seen = super().flip_in_data(minus)
            return self.flipped_seen

        def play(self, *args, **kwargs):
            super().play(*args, **kwargs)
            flipped = getattr(self, "flipped_seen", None)
            if flipped and self.timeline.said_at("tip to tail") is not None:
                seen.append((float(self.time), self.timeline.said_at("add up to"),
                             self.timeline.said_at("tip to tail"),
                             [(f.get_start().copy(), f.get_end().copy()) for f in flipped
                              if self.on_screen(f)]))

    scene = story_with(Watching)
    assert seen
    minus = [i for i in scene.lesson.certificate if scene.lesson.data.y[i] < 0]
    assert minus
    origin = scene.plane.c2p((0, 0))
    point = scene.plane.c2p(scene.lesson.data.X[minus[0]])
    standing = [ends for now, said, _, ends in seen if now >= said and ends]
    assert standing, "the flipped arrow left before the sum was said to add up to 0"
    start, end = standing[0][0]
    assert np.allclose(start[:2], origin[:2], atol=1e-6)
    assert np.allclose(end[:2] - origin[:2], -(point[:2] - origin[:2]), atol=0.05)


def test_the_score_strip_counts_the_dots_past_its_ends():
    """Scaled up, dots past the strip's ends leave it (hidden) and are counted over its
    ends (reviews 324: at c = 12.5, 35 of 40 dots had gone unsaid): the counts are the
    scores c·s outside the line's range, counted here, a note over each end that has
    some, and a hidden dot for each."""
    from scenes.linear_program_parts.score_strip import ScoreStrip
    from scenes.toolkit import style

    scores = np.array([-3.0, -0.5, 0.2, 0.5, 1.0, 2.5])
    strip = ScoreStrip(scores, [1, -1, 1, -1, 1, 1], style.DARK, 4.0)
    low, high = strip.line.low, strip.line.high
    for c in (1.0, 2.0, 5.0, 40.0):
        strip.scale.set_value(c)
        strip.place_dots()
        left, right = int(np.sum(c * scores < low)), int(np.sum(c * scores > high))
        assert strip.past == (left, right)
        hidden = sum(dot.get_fill_opacity() == 0 for dot in strip.dots)
        assert hidden == left + right
        notes = [note for note in strip.beyond if note.get_family()[1:] or note.has_points()]
        assert len(notes) == (left > 0) + (right > 0)
        ends = strip.line.n2p(low)[0], strip.line.n2p(high)[0]
        for note in notes:  # over an end, inside the strip's width
            assert (abs(note.get_left()[0] - ends[0]) < 1e-6
                    or abs(note.get_right()[0] - ends[1]) < 1e-6)
    assert strip.past != (0, 0)  # (the scales above push some dots past)


def test_the_score_strip_counts_the_dots_past_its_ends_while_c_moves_and_settled():
    """While c changes, an end past which dots have gone says so with their count (reviews
    357: dots left unmarked; reviews 367-368: "← more" while moving, then "← 1 more",
    read as flicker), and settled, the same."""
    from scenes.linear_program_parts.score_strip import ScoreStrip
    from scenes.toolkit import style

    scores = np.array([-3.0, -0.5, 0.2, 0.5, 1.0, 2.5])
    strip = ScoreStrip(scores, [1, -1, 1, -1, 1, 1], style.DARK, 4.0)
    low, high = strip.line.low, strip.line.high
    c = 1.5 * max(high / 2.5, low / -3.0)  # the two outermost past the ends, no other
    assert np.sum(c * scores < low) == 1 and np.sum(c * scores > high) == 1
    strip.follow_scale()
    strip.scale.set_value(c)
    strip.place_dots()
    from scenes.toolkit.screen_text import text

    def widths(*words):  # each note's width, typeset afresh
        return sorted(round(text(w, style.DARK, style.FONT_PANEL).width, 4) for w in words)

    assert sorted(round(note.width, 4) for note in strip.beyond) == widths("← 1 more",
                                                                           "1 more →")
    strip.settle()
    assert sorted(round(note.width, 4) for note in strip.beyond) == widths("← 1 more",
                                                                           "1 more →")


def test_the_score_strip_draws_only_its_present_words_over_its_ends_while_c_moves():
    """Rendered through a play that moves c, the words over the strip's left end are those
    of the moment, not those of the play's start under them too (reviews 358: "← 3 more"
    stood under "← more", read as "← 8more"): a frame in the play, at the left end, as
    bright as the strip drawn alone in that state."""
    import tempfile

    from manim import Mobject, Scene, tempconfig
    from scenes.linear_program_parts.score_strip import ScoreStrip
    from scenes.toolkit import style

    scores = np.array([-3.0, -0.5, 0.2, 0.5, 1.0, 2.5, -2.0])
    labels = [1, -1, 1, -1, 1, 1, 1]
    seen = {}

    class Moving(Scene):
        def construct(self):
            strip = ScoreStrip(scores, labels, style.DARK, 8.0)
            self.add(strip)
            strip.scale.set_value(1.6)  # one dot past the left end: counted
            strip.place_dots()
            self.wait(0.2)
            strip.follow_scale()
            spy = Mobject()
            spy.add_updater(lambda m, dt: seen.setdefault(
                "frames", []).append(self.renderer.camera.pixel_array.copy()))
            self.add(spy)
            self.play(strip.scale.animate.set_value(3.0), run_time=1.0)
            seen["strip"] = strip

    class Alone(Scene):
        def construct(self):
            strip = ScoreStrip(scores, labels, style.DARK, 8.0)
            strip.scale.set_value(3.0)
            strip.place_dots()
            self.add(strip)
            self.wait(0.1)
            seen["alone"] = self.renderer.get_frame().copy()

    settings = {"quality": "low_quality", "pixel_width": 854, "pixel_height": 480,
                "verbosity": "ERROR", "progress_bar": "none", "write_to_movie": False,
                "disable_caching": True}
    with tempfile.TemporaryDirectory() as media, tempconfig({**settings, "media_dir": media}):
        Moving().render()
        Alone().render()
        from manim import config
        strip = seen["strip"]
        x, y = float(strip.line.n2p(strip.line.low)[0]), float(strip.beyond[0].get_center()[1])

        def pixel(px, py):
            return (int((px + config.frame_width / 2) / config.frame_width * 854),
                    int((config.frame_height / 2 - py) / config.frame_height * 480))

        (x0, y0), (x1, y1) = pixel(x - 0.1, y + 0.3), pixel(x + 1.6, y - 0.3)

        def bright(frame):
            return int((frame[y0:y1, x0:x1, :3].astype(int).sum(axis=2) > 300).sum())

        late = seen["frames"][-2]  # (past the first dot's leaving: its count written)
        assert bright(seen["alone"]) > 0
        assert bright(late) == bright(seen["alone"])


def test_the_kept_points_close_up_stands_in_a_free_quarter_of_the_weight_plane():
    """Where the data plane has no room for them (made so here: on noisy data they fit in
    it, at the least size), the solver's θ's close points are magnified in a quarter of
    the weight plane that holds neither the solver's θ nor any θ of the fewest mistakes
    (reviews 357: the whole plane veiled as the solver's θ's length was said), only that
    quarter veiled, the close-up named as data space's."""
    from scenes.linear_program import LinearProgramScene

    class Crowded(LinearProgramScene):
        def kept_insets_fit(self, beat, texts=()) -> bool:
            return False

    seen = []

    def observe(scene):
        inset = getattr(scene, "least_inset", None)
        if scene.timeline.current[1].startswith("The solver's θ lies so far out") and \
                inset is not None and scene.on_screen(inset):
            # (its backing: the group holds leaders to the data plane too)
            seen.append((inset[0].get_center().copy(), scene.weight_point((0, 0)).copy(),
                         scene.kept_veil.width, scene.weights.frame.width,
                         scene.lesson))

    story_with(Crowded, data_spec="noisy", beat_observers=[observe])
    (centre, origin, veil_width, plane_width, lesson) = seen[0]
    assert veil_width < 0.6 * plane_width  # a quarter, not the plane
    signs = np.sign(centre[:2] - origin[:2])
    # the θ of the fewest mistakes, found here by counting at every 0.01°
    A = np.asarray(lesson.data.y, dtype=float)[:, None] * np.asarray(lesson.data.X,
                                                                    dtype=float)
    turns = np.radians(np.arange(0, 360, 0.01)) + 1e-7
    directions = np.vstack([np.cos(turns), np.sin(turns)])
    wrong = np.sum(A @ directions <= 0, axis=0)
    fewest = directions[:, wrong == wrong.min()].T
    taken = np.vstack([fewest, np.asarray(lesson.kept_theta, dtype=float)[None, :]])
    assert not np.any(np.all(np.sign(taken) == signs, axis=1))


@pytest.mark.parametrize("data", ["iris-versicolor-virginica-std", "noisy"])
def test_the_kept_points_close_up_stands_in_the_data_plane_where_it_hides_nothing(
        tmp_path, data):
    """On Iris versicolor-virginica, standardised, and on noisy data (seed 0, where only a
    close-up smaller than the magnifier's least fits), each close-up of the solver's θ's
    close points stands inside the data plane, where a close-up of data space reads as one
    (reviews 358-360: in the weight plane it read as weight space's), over no point's
    marker, not across the solver's θ's line and off the distance's words (reviews 360:
    "0.04239 from the line" under the first); no veil stands over the weight plane."""
    from scenes.linear_program import LinearProgramScene

    seen = []

    class Recording(LinearProgramScene):
        def show_run_inset(self, *args, **kwargs):
            super().show_run_inset(*args, **kwargs)
            if self.timeline.current[1].startswith("The solver's θ lies so far out"):
                veil = getattr(self, "kept_veil", None)
                seen.append((self.least_inset[0], veil is not None and self.on_screen(veil),
                             [(m.get_corner(DL)[:2], m.get_corner(UR)[:2])
                              for m in self.kept_near[1:]]))

    if data != "noisy":
        pytest.importorskip("sklearn")
        from scene_helpers import gallery_csv
        data = gallery_csv(tmp_path, data)
    scene = story_with(Recording, data_spec=data, seed=0)
    plane, lesson = scene.plane, scene.lesson
    assert len(seen) >= 2  # (Iris: points 70, then 74 and 78; noisy: 6, then 35)
    frame_low, frame_high = plane.frame.get_corner(DL)[:2], plane.frame.get_corner(UR)[:2]
    markers = plane.c2p_many(np.asarray(lesson.data.X, dtype=float))[:, :2]
    pad = plane.marker_size
    for backing, veiled, labels in seen:
        assert not veiled
        low, high = backing.get_corner(DL)[:2], backing.get_corner(UR)[:2]
        assert np.all(low >= frame_low - 1e-6) and np.all(high <= frame_high + 1e-6)
        assert not np.any(np.all((markers > low - pad) & (markers < high + pad), axis=1))
        assert labels and all(np.any(high < label_low) or np.any(label_high < low)
                              for label_low, label_high in labels)
        # the solver's θ's line θᵀx = 0 does not cross it: its corners (in data units) on
        # one side
        corners = np.array([plane.p2c(np.array([x, y, 0.0]))[:2] for x in (low[0], high[0])
                            for y in (low[1], high[1])])
        sides = np.sign(corners @ np.asarray(lesson.kept_theta, dtype=float))
        assert abs(sides.sum()) == 4


def test_the_thin_fewest_wedge_is_magnified_as_the_wedges_are_said_till_the_left_out():
    """On noisy data (two wedges of 4 wrong, one 1.6° wide), the thin wedge's close-up
    stands from the sentence that names the outlined wedges through the solver's verdict,
    and leaves as the points are left out."""
    from scenes.linear_program import LinearProgramScene

    seen = []

    def observe(scene):
        inset = getattr(scene, "wedge_inset", None)
        seen.append((scene.timeline.current[1][:30],
                     inset is not None and scene.on_screen(inset)))

    story_with(LinearProgramScene, data_spec="noisy", beat_observers=[observe])
    shown = [said for said, on in seen if on]
    assert shown == ["No θ is left unshaded: as the ", "Asked for a θ meeting all 40 c"]
