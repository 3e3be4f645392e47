"""The notes' quizzes: answered by real runs (checked against closed forms and the notes'
plain loop), the question held still for the quiz pause, and the pause one option from the
command line, the course file and the pack."""

from __future__ import annotations

import math

import re

import numpy as np
import pytest

from linviz.lessons.quiz import margin_quiz_lesson, one_point_lesson
from linviz.lessons.quiz_story import QUIZ, margin_storyboard, one_point_storyboard
from linviz.safety.limits import QUIZ_PAUSE

from independent import reference_perceptron


@pytest.mark.parametrize("seed", range(12))
def test_the_single_point_is_got_wrong_once_from_zero_and_boundedly_from_any_start(seed):
    """From θ = 0 the notes' loop makes exactly one update; from θ⁽⁰⁾ it makes the least k
    with θ⁽⁰⁾ᵀx + k‖x‖² > 0 (closed form), never more than ‖θ⁽⁰⁾‖/‖x‖ + 1; the story says
    those numbers."""
    lesson = one_point_lesson(seed)
    x = lesson.x
    run = reference_perceptron(x[None, :], np.array([1.0]), 100, offset=False)
    assert run["updates"] == 1 == len(lesson.from_zero) - 1
    score = float(lesson.start @ x)
    assert score <= 0  # the start gets x wrong: the quiz is about mistakes
    k = math.floor(-score / float(x @ x)) + 1
    assert lesson.updates_from_start == k <= np.linalg.norm(lesson.start) / np.linalg.norm(x) + 1
    np.testing.assert_allclose(lesson.from_start[-1], lesson.start + k * x)
    said = " ".join(one_point_storyboard(lesson).sentences())
    assert f"it takes {k} update{'s' if k != 1 else ''} to pass 0" in said
    assert f"‖x‖² = {x @ x:.2f}" in said
    bound = np.linalg.norm(lesson.start) / np.linalg.norm(x) + 1
    # a whole bound said as a count ("here 4"), else to two decimals
    assert (f"here {round(bound)}, by" if abs(bound - round(bound)) < 1e-9 else
            f"here {bound:.2f}, by") in said
    # the bound's chain on screen, with its middle value: k ≤ −θ⁽⁰⁾ᵀx/‖x‖² + 1 ≤ it
    middle = -score / float(x @ x) + 1
    assert k <= middle <= bound + 1e-12
    (answer,) = [b for b in one_point_storyboard(lesson).beats if b.motion == "answer"]
    formula, numbers = answer.state["chain"]
    assert numbers.startswith(f"k = {k} <= {middle:.2f} <= ")
    # why: before the last update x was still wrong, θ⁽⁰⁾ᵀx + (k − 1)‖x‖² ≤ 0 (recomputed)
    before = score + (k - 1) * float(x @ x)
    assert before <= 0
    (why,) = [b for b in one_point_storyboard(lesson).beats
              if b.sentence.startswith("Why: before its last update")]
    assert f"= {before:.2f} <= 0$".replace("-", "−") in why.state["status"]
    assert "norm(theta^((0))) / norm(x)) + 1" in formula
    # x's distance to the last boundary (recomputed here): said, and magnified round x
    # whenever it is under a fortieth of the view's width (it would look on the line)
    theta = lesson.start + k * x
    distance = float(theta @ x) / np.linalg.norm(theta)
    width = lesson.view.x_max - lesson.view.x_min
    if distance < width / 40:
        box, zoom = lesson.final_inset
        assert f"x ends just {distance:.2f} inside the correct side (magnified ×{zoom})" in said
        assert box.x_min <= x[0] <= box.x_max and box.y_min <= x[1] <= box.y_max
        assert (box.x_max - box.x_min) >= 2 * 2.5 * distance
    elif lesson.final_inset is None:
        assert "magnified" not in said


def widest_through_origin(X, y):
    """The widest margin min y uᵀx over unit u (a line through 0), by brute force: a scan
    of 36,000 directions, then a fine scan round the best (independent of the solver)."""
    def best(angles):
        u = np.column_stack([np.cos(angles), np.sin(angles)])
        margins = np.min(y[:, None] * (X @ u.T), axis=0)
        k = int(np.argmax(margins))
        return angles[k], margins[k]

    angle, _ = best(np.linspace(0, 2 * np.pi, 36_000, endpoint=False))
    return best(np.linspace(angle - 2e-4, angle + 2e-4, 4001))[1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_margin_quiz_is_answered_by_a_wide_and_a_narrow_margin(seed):
    """As the notes' theorem is stated (through 0): each run's M is the notes' loop's
    through the origin from θ = 0; γ is the widest margin through 0 (by brute force); R the
    largest ‖x‖; the wide run has the larger γ and the smaller (R/γ)²; each is its margin's
    median among the data sets run; the answer's word follows the runs; the numbers said
    recompute to the bound said."""
    from linviz.lessons.quiz import QUIZ_MARGINS
    from linviz.lessons.quiz_story import SAME_REACH, said_gamma, said_reach
    from linviz.sweeps import margin_sweep

    lesson = margin_quiz_lesson(seed)
    wide, narrow = lesson.wide, lesson.narrow
    assert wide.gamma > narrow.gamma and wide.bound < narrow.bound
    for run in (wide, narrow):
        X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
        ref = reference_perceptron(X, y, 10 ** 5, offset=False)
        assert ref["converged"] and ref["updates"] == run.updates <= run.bound
        assert not np.any(np.asarray(run.trace.states["theta0"], dtype=float))
        assert run.gamma == pytest.approx(widest_through_origin(X, y), rel=1e-5)
        assert run.R == pytest.approx(np.linalg.norm(X, axis=1).max(), rel=1e-12)
        # the widest band through 0 is edged by points of both classes (review 288: held
        # by two + points, the − class far off, it read as no band between the classes),
        # and its half-width is the margin the data were made with
        star = np.asarray(run.theta_star, dtype=float)
        distance = y * (X @ star) / np.linalg.norm(star)
        edged = set(y[distance <= distance.min() * (1 + 1e-6)])
        assert edged == {-1.0, 1.0}
        assert run.gamma == pytest.approx(run.requested_margin, rel=1e-9)
    board = margin_storyboard(lesson)
    said = {beat.motion: beat.sentence for beat in board.beats}
    # every beat after the question names on the status line what it shows
    assert all(beat.state["status"] for beat in board.beats[1:])
    assert not any("[x, 1]" in beat.sentence for beat in board.beats)
    assert (f"{wide.updates} update{'s' if wide.updates > 1 else ''} in all with the large"
            in said["runs"] and f", {narrow.updates} with the small one" in said["runs"])
    # each run is its margin's median by M among the data sets of that margin (the wide
    # ones cleared by their band's edges: M recomputed on each)
    rows = margin_sweep(QUIZ_MARGINS, repeats=lesson.repeats, offset=False, line_offset=0.0,
                        seed=seed, touching=True).runs
    wide_ms = [cleared_updates(r) for r in rows[0]]
    narrow_ms = [reference_perceptron(np.asarray(r.data.X, dtype=float),
                                      np.asarray(r.data.y, dtype=float), 10 ** 5,
                                      offset=False)["updates"] for r in rows[-1]]
    assert tuple(wide_ms) == lesson.wide_counts and tuple(narrow_ms) == lesson.narrow_counts
    for ms, run in ((wide_ms, wide), (narrow_ms, narrow)):
        assert run.updates == sorted(ms)[(len(ms) - 1) // 2]
    assert (f"on {len(rows[0])} data sets of each kind; shown, the median runs"
            in said["first-updates"])
    assert ("allows many, but does not force them" in said["answer"])
    assert ("a large margin is better" in said["answer"]) == (wide.updates < narrow.updates)
    overlaps = min(narrow_ms) <= max(wide_ms)  # a count both share is an overlap
    assert ("; the two ranges overlap" in said["hold"]) == overlaps
    assert (f"{min(wide_ms)} to {max(wide_ms)} updates with the large margin, "
            f"{min(narrow_ms)} to {max(narrow_ms)} with the small one") in said["hold"]
    # γ said as the band's half-width, R and (R/γ)² in the headings: (R/γ)² recomputed
    # from the numbers said rounds to the bound said, or is within 0.1% of it
    planes = [b.sentence for b in board.beats if b.motion == "planes"]
    headings = [b.sentence for b in board.beats if b.motion == "heading"]
    assert len(planes) == 2 and len(headings) == 2
    assert "the notes' margin, θ*'s line down its middle" in planes[0]
    # through 0 the widest band may touch one class only: said so exactly when it does (its
    # edge points, the least margins y θ*ᵀx recomputed, of one label)
    X, y = np.asarray(wide.data.X, dtype=float), np.asarray(wide.data.y, dtype=float)
    margins = y * (X @ np.asarray(wide.theta_star, dtype=float))
    labels = set(y[margins <= margins.min() * (1 + 1e-6)])
    first_plane = next(b for b in board.beats if b.motion == "planes")
    assert ("touch one class only" in first_plane.state["status"]) == (len(labels) == 1)
    first, second = float(said_reach(wide)), float(said_reach(narrow))
    assert ("R is the same," in headings[1]) == (first == second)
    close = abs(second - first) <= SAME_REACH * first
    assert ("almost the same" in headings[1]) == (close and first != second)
    for run, plane, heading in ((wide, planes[0], headings[0]), (narrow, planes[1], headings[1])):
        gamma = float(re.search(r"γ = ([0-9.]+)", plane).group(1))
        assert said_gamma(run) == re.search(r"γ = ([0-9.]+)", plane).group(1)
        found = re.search(r"R (?:= |is almost the same, |is )([0-9.]+)", heading)
        reach = float(found.group(1)) if found else first  # "the same": the one shown
        found = re.search(r"\(R/γ\)² (=|is about) ([0-9,]+)", heading)
        bound = float(found.group(2).replace(",", ""))
        assert abs(gamma - run.gamma) <= 0.5 * 10 ** -len(str(gamma).partition(".")[2]) + 1e-12
        assert abs(reach - run.R) <= 0.005 + 1e-12
        again = (reach / gamma) ** 2
        if found.group(1) == "=":  # said exactly: both round to the whole number said,
            # which the bound is (review 292: "= 11" of 11.1)
            assert round(again) == bound == round(run.bound) == pytest.approx(run.bound,
                                                                               abs=1e-9)
        elif round(again) == round(run.bound):  # "about" the whole number both round to
            assert bound == round(run.bound) != pytest.approx(run.bound, abs=1e-9)
        else:  # said "about": to the most significant digits at which both agree
            lead = lambda v, k: round(v, k - 1 - int(np.floor(np.log10(v))))  # noqa: E731
            # the most significant digits at which the two agree (found by trying each: a
            # said "10,000" may be 9,998 at 3 digits, its zeros not telling them)
            digits = max(k for k in range(1, len(str(round(run.bound))) + 1)
                         if lead(again, k) == lead(run.bound, k))
            assert lead(run.bound, digits) == bound
            assert round(again) != round(run.bound)
        # γ at 3 significant digits, R at 2 decimals
        assert len(str(gamma).partition(".")[2].lstrip("0")) <= 3
        assert len(str(reach).partition(".")[2]) <= 2


@pytest.mark.parametrize("pause", [0.0, 8.0, 20.0])
def test_the_question_stays_still_for_the_quiz_pause(pause):
    """The question's beat lasts its reading time and the pause (the card stands; only a
    bar along its foot shrinks, the time left to think), and the answer starts only
    then."""
    from scenes.quiz import OnePointQuizScene
    from linviz.request import RenderRequest
    from scenes.toolkit.timeline import ReadingVoice
    from story_runs import story_with

    scene = story_with(OnePointQuizScene,
                       request_override=RenderRequest(quiz_pause=pause))
    (question, answer) = scene.timeline.captions[:2]
    reading = ReadingVoice().duration(question.text)
    # the caption goes once read; the card holds the question until the answer starts
    from scenes.toolkit import style
    assert answer.start - question.start == pytest.approx(reading + pause + style.RUN_INTRO,
                                                          abs=0.3)
    assert scene.storyboard.beats[0].motion == QUIZ


def test_the_quiz_pause_is_one_option_of_render_lecture_and_the_course_file(tmp_path):
    from click.testing import CliRunner

    from linviz_cli.app import cli
    from linviz_pack.course import read_course
    from linviz_pack.rendered import render_options, scene_request
    from scenes.catalog import find

    for command in ("render", "lecture"):
        shown = CliRunner().invoke(cli, [command, "--help"]).output
        assert "--quiz-pause SECONDS" in shown, command
    bad = CliRunner().invoke(cli, ["render", "quiz-margin", "--quiz-pause", "-1"])
    assert bad.exit_code == 2 and "--quiz-pause" in bad.output
    course = tmp_path / "course.toml"
    course.write_text('quiz_pause = 3\n', encoding="utf-8")
    assert read_course(str(course))["quiz_pause"] == 3.0
    course.write_text('quiz_pause = "long"\n', encoding="utf-8")
    from linviz_pack.course import CourseError
    with pytest.raises(CourseError, match="quiz_pause must be a number of seconds"):
        read_course(str(course))
    # the pack records a pause only when it is not the default: default caches keep keys
    entry = find("quiz-one-point")
    plain = render_options(entry, "l", None, 0, "dark", "light")
    assert "quiz_pause" not in plain and scene_request(plain).quiz_pause == QUIZ_PAUSE == 12.0
    asked = render_options(entry, "l", None, 0, "dark", "light", quiz_pause=2.5)
    assert scene_request(asked).quiz_pause == 2.5


@pytest.mark.parametrize("name", ["quiz-one-point", "quiz-margin"])
def test_every_beat_ends_on_its_state(name):
    """The card stands exactly while the question is the beat; the answer's drawings
    (θ after the said updates, the planes and runs) are the state's; no text on text."""
    from layout_check import outside, overlaps
    from scenes.catalog import find
    from story_runs import frame_box, story_with, text_boxes

    drawn, layouts = [], []

    def observe(scene):
        state = {"question": scene.on_screen(getattr(scene, "card", None) or object())}
        if name == "quiz-one-point":
            arrow = scene.theta_arrow
            state["theta"] = None if arrow is None else tuple(np.round(arrow.end_data, 9))
        else:
            state["planes"] = sum(scene.on_screen(p) for p in scene.planes)
            state["runs"] = all(scene.on_screen(a) for a in scene.answers)
            state["lines"] = all(scene.on_screen(f) for f in scene.finals)
            state["inset"] = scene.inset is not None and scene.on_screen(scene.inset)
            state["answers"] = [scene.on_screen(answer) for answer in scene.answers]
            rings = getattr(scene, "near_rings", None)
            state["ringed"] = len(rings) if rings is not None and scene.on_screen(rings) else 0
            edges = getattr(scene, "edge_rings", None)
            state["edges"] = len(edges) if edges is not None and scene.on_screen(edges) else 0
            state["strips"] = scene.on_screen(scene.strips)
            gap = getattr(scene, "gap_inset", None)
            state["final_gap"] = gap is not None and scene.on_screen(gap)
            state["headings"] = scene.headings_shown()
            # the updates each replayed line has made, while the replay stands
            replay = getattr(scene, "replay", None)
            state["replayed"] = ([mover.done() for mover in replay[1]]
                                 if replay is not None and scene.on_screen(replay[1])
                                 else None)
            # the rings of the updates' points: never at a sentence's end (there one
            # would stand on an update the sentence does not make)
            state["update_rings"] = replay is not None and scene.on_screen(replay[3])
            state["reaches"] = [scene.on_screen(r) for r in scene.reaches]
            sketch = getattr(scene, "sketch", None)
            state["sketch"] = sketch is not None and all(scene.on_screen(p) for p in sketch)
            wide = getattr(scene, "wide_rings", None)
            # the point each ring stands on (its centre on the point's, within 1e-6)
            first = scene.planes[0]
            spots = np.array([first.point(i)[:2] for i in range(len(scene.lesson.wide.data.y))])
            state["wide_rings"] = [
                int(np.flatnonzero(np.linalg.norm(spots - r.get_center()[:2], axis=1) < 1e-6)[0])
                for r in wide] if wide is not None and scene.on_screen(wide) else []
        drawn.append(state)
        layouts.append((scene.timeline.current[1], text_boxes(scene)))

    scene = story_with(find(name).load(), beat_observers=[observe])
    lesson = scene.lesson
    for number, (picture, beat) in enumerate(zip(drawn, scene.storyboard.beats), 1):
        where = f"beat {number}: {beat.sentence[:40]!r}"
        assert picture["question"] == beat.state["question"], where
        if name == "quiz-one-point":
            run = beat.state["run"]
            if run is None:
                assert picture["theta"] is None, where
            else:
                thetas = lesson.from_zero if run == "zero" else lesson.from_start
                np.testing.assert_allclose(picture["theta"], thetas[beat.state["step"]],
                                           atol=1e-9, err_msg=where)
        else:
            assert (picture["planes"], picture["runs"]) == (beat.state["planes"],
                                                            beat.state["runs"]), where
            # the first updates played as the rule is said: each run's line at its
            # first_updates-th θ (or its last, for a shorter run)
            first = beat.state["first_updates"]
            assert not picture["update_rings"], where
            assert picture["replayed"] == (None if first is None else [
                min(first, run.updates) for run in (lesson.wide, lesson.narrow)]), where
            # each run's last line while the run is told, gone with the spread (beside θ*
            # it would read as θ*)
            assert picture["lines"] == beat.state["lines"], where
            assert picture["inset"] == beat.state["inset"], where
            # each run's M ≤ (R/γ)² stands under its plane once the runs are drawn, not before
            assert picture["answers"] == [beat.state["runs"]] * 2, where
            assert picture["ringed"] == len(beat.state["ringed"]), where
            assert picture["edges"] == len(beat.state["edges"]), where
            # the wide band's edge points (recomputed: least margin, to rounding) ringed
            # while its band is said, each ring on its point
            wide_run = lesson.wide
            margins = wide_run.data.y * (wide_run.data.X @ np.asarray(wide_run.theta_star))
            edges = [int(i) for i in np.flatnonzero(margins <= margins.min() * (1 + 1e-6))]
            assert picture["wide_rings"] == (edges if beat.state["wide_edges"] else []), where
            assert picture["strips"] == beat.state["strips"], where
            # the example to draw, sketched whole by the answer's end, not before
            assert picture["sketch"] == beat.state["sketch"], where
            # the last line's gap magnified exactly while it is said
            assert picture["final_gap"] == beat.state["final_gap"], where
            assert picture["headings"] == beat.state["headings"], where
            # the farthest point's reach comes with R, the heading's second line
            assert picture["reaches"] == [n >= 2 for n in beat.state["headings"]], where
            for answer, run in zip(scene.answers, (lesson.wide, lesson.narrow)):
                assert answer[0].source.strip("$ ") == f"M = {run.updates}", where
    said = [b.sentence for b in scene.storyboard.beats if b.motion == "rings"]
    if name == "quiz-margin" and said and "2γ =" in said[0]:
        # 2γ drawn across the close-up: as long as the band is wide there, square to θ*'s
        # line (along a), named with the number said
        run, inset = lesson.narrow, scene.inset[2]
        a, c = np.asarray(run.theta_star, dtype=float), 0.0  # through 0
        line = scene.gap_drawn[0][0]
        drawn = line.get_end()[:2] - line.get_start()[:2]
        margins = run.data.y * (run.data.X @ a + c) / np.linalg.norm(a)
        assert np.linalg.norm(drawn) == pytest.approx(2 * margins.min() * inset.unit, rel=1e-6)
        assert abs(np.cross(drawn, a)) <= 1e-6 * np.linalg.norm(drawn) * np.linalg.norm(a)
        number = re.search(r"2γ = ([0-9.]+)", said[0]).group(1)
        assert scene.gap_drawn[1].source.strip("$ ") == f"2 gamma = {number}"
    if name == "quiz-margin":  # each row's dots read back, on the axis, as its runs' M
        axis, ticks, _, rows = scene.strips
        left, right = axis.get_start()[0], axis.get_end()[0]
        decades = len(ticks) - 1
        for row, counts in zip(rows, (lesson.wide_counts, lesson.narrow_counts)):
            dots = row[0]
            read = [10 ** ((dot.get_center()[0] - left) / (right - left) * decades)
                    for dot in dots]
            np.testing.assert_allclose(read, counts, rtol=1e-4)
            # no two dots overlap
            centres = np.array([dot.get_center()[:2] for dot in dots])
            gaps = np.linalg.norm(centres[:, None] - centres[None], axis=2)
            assert np.all(gaps[np.triu_indices(len(dots), 1)] >= 2 * dots[0].radius)
        # and each row's faint ticks, as its data sets' bounds (R/γ)², each over its M
        for row, counts, bounds in zip(rows, (lesson.wide_counts, lesson.narrow_counts),
                                       (lesson.wide_bounds, lesson.narrow_bounds)):
            read = [10 ** ((tick.get_center()[0] - left) / (right - left) * decades)
                    for tick in row[3]]
            np.testing.assert_allclose(read, bounds, rtol=1e-4)
            assert all(m <= b for m, b in zip(counts, bounds))
        # the large margin's row over the small one's (the planes read left to right)
        assert rows[0][0].get_bottom()[1] > rows[1][0].get_top()[1]
        for row, run in zip(rows, (lesson.wide, lesson.narrow)):  # the bar: (R/γ)²
            bar_x = row[1].get_center()[0]
            assert 10 ** ((bar_x - left) / (right - left) * decades) == pytest.approx(
                run.bound, rel=1e-4)
        # where the close-up stood (it has left by then): right of the right plane, inside
        # the frame, no higher than the plane
        assert scene.strips.get_left()[0] > scene.planes[1].frame.get_right()[0]
        assert scene.strips.get_right()[0] < frame_box()[2]
        assert scene.strips.get_top()[1] <= scene.planes[1].frame.get_top()[1]
    problems = [(s[:40], a, b) for s, boxes in layouts for a, b in overlaps(boxes)]
    problems += [(s[:40], n) for s, boxes in layouts for n in outside(boxes, frame_box())]
    assert not problems, problems[:5]


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 6])
def test_the_narrow_band_is_magnified_round_both_sides_of_its_gap(seed):
    """The inset magnifies the narrow band a whole number of times (as said), round a +
    and a − point on its edges (the nearest such pair, found here by brute force over
    all points at the band's half-width γ/‖a‖): both stand in it, their middle on θ*'s
    line, and the band is at least a stated share of it across."""
    from linviz.lessons.quiz import (BAND_INSET_SHARE, BAND_LEAST_SHARE, PAIR_ROOM,
                                     band_half_width, band_inset, magnification,
                                     margin_quiz_lesson, plane_box)
    from linviz.lessons.quiz_story import margin_storyboard
    from linviz.view_box import INSET_LEAST_ZOOM

    lesson = margin_quiz_lesson() if seed is None else margin_quiz_lesson(seed)
    run = lesson.narrow
    a, c = np.asarray(run.theta_star, dtype=float), 0.0  # θ* through 0
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
    distances = np.array([float(y[i] * (X[i] @ a + c) / np.hypot(*a)) for i in range(len(y))])
    assert distances.min() == pytest.approx(band_half_width(run), rel=1e-6)
    whole = plane_box(lesson)
    zoom = magnification(run, whole)
    (said,) = [beat.sentence for beat in margin_storyboard(lesson).beats
               if beat.motion == "planes" and beat.state["planes"] == 2]
    if not zoom:
        assert "magnified" not in said
        return
    # its zoom written on the close-up, not said
    assert zoom >= INSET_LEAST_ZOOM and "magnified on its right" in said and "×" not in said
    box = band_inset(run, whole)[0]
    # screen units per data unit, inset over plane: exactly the whole number said
    scale = (BAND_INSET_SHARE / (box.x_max - box.x_min)) / (1.0 / (whole.x_max - whole.x_min))
    assert scale == pytest.approx(zoom, rel=1e-9)
    side = box.x_max - box.x_min
    assert 2 * band_half_width(run) >= BAND_LEAST_SHARE * side - 1e-12
    # every point on the edges, or else the nearest + and − there, or else an edge point
    # and the nearest point of the other label (each by brute force): held with room,
    # centred on the middle of their bounding box
    edges = np.flatnonzero(distances <= distances.min() * (1 + 1e-6))
    spread = lambda i, j: float(np.max(np.abs(X[i] - X[j])))  # noqa: E731
    candidates = [list(edges)]
    both = sorted((spread(i, j), i, j) for i in edges for j in edges if i < j and y[i] != y[j])
    if both:
        candidates.append(list(both[0][1:]))
        middle = (X[both[0][1]] + X[both[0][2]]) / 2  # on θ*'s line: margins +h and −h
        assert abs(middle @ a + c) / np.hypot(*a) <= 1e-6 * band_half_width(run) + 1e-12
    across = sorted((spread(i, j), i, j) for i in edges for j in range(len(y)) if y[i] != y[j])
    candidates.append(list(across[0][1:]))
    centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
    held = next(group for group in candidates
                if np.allclose(centre, (X[group].min(axis=0) + X[group].max(axis=0)) / 2,
                               atol=1e-12))
    assert len(set(y[held])) == 2, "both sides of the gap"
    assert set(held) & set(edges), "a point on the band's edge"
    low, high = X[held].min(axis=0), X[held].max(axis=0)
    assert side >= PAIR_ROOM * float(np.max(high - low)) - 1e-12
    for k in held:
        assert box.x_min < X[k][0] < box.x_max and box.y_min < X[k][1] < box.y_max


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_the_points_on_the_narrow_bands_edges_are_ringed_and_lie_outside_it(seed):
    """The points on the narrow band's edges (their distance recomputed here as
    |aᵀx + c|/‖a‖, the half-width to rounding) are ringed in the plane and counted on the
    status line, those in the close-up's square there too; each is on its own side,
    outside the band (the band is the widest: none lies in it, both labels touch it)."""
    from linviz.lessons.quiz import band_half_width, band_inset, magnification, plane_box

    lesson = margin_quiz_lesson() if seed is None else margin_quiz_lesson(seed)
    run = lesson.narrow
    a, c = np.asarray(run.theta_star, dtype=float), 0.0  # θ* through 0
    X, y = run.data.X, run.data.y
    signed = y * (X @ a + c) / np.linalg.norm(a)
    half = band_half_width(run)
    assert np.all(signed >= half * (1 - 1e-9))  # every point outside the band, its side
    rings = [b for b in margin_storyboard(lesson).beats if b.motion == "rings"]
    view = plane_box(lesson)
    if magnification(run, view):
        box = band_inset(run, view)[0]
        shown = [box.x_min <= x[0] <= box.x_max and box.y_min <= x[1] <= box.y_max
                 for x in np.asarray(X, dtype=float)]
        # the points on the band's edges: margin the half-width (to rounding); through 0
        # they may all have one label (turning is the band's only freedom)
        edges = [int(i) for i in np.flatnonzero(signed <= half * (1 + 1e-6))]
        assert edges
        near = [i for i in edges if shown[i]]
        # the close-up holds a point of each side of the gap (an edge point's, at least)
        assert near and len({float(y[i]) for i, s in enumerate(shown) if s}) == 2
        (beat,) = rings
        # every one ringed in the plane (each said is shown), those it holds in the close-up
        assert beat.state["edges"] == edges and beat.state["ringed"] == near
        which = f"the {len(edges)} points"
        assert f"ringed: {which} on the band's edges" in beat.state["status"]
        where = "" if near == edges else f", {len(near)} of them in the close-up"
        assert beat.sentence.startswith(f"Ringed: {which} on the band's edges{where}; none "
                                        f"lies inside it")
        # both labels ringed: across θ*'s line they stand 2γ apart (their signed distances
        # to it, recomputed, differ by the band's width, to the digits said)
        found = re.search(r"\+ and − stand just 2γ = ([0-9.]+) apart", beat.sentence)
        assert bool(found) == ({1.0, -1.0} <= {float(y[i]) for i in near})
        if found:
            across = [float((X[i] @ a + c) / np.linalg.norm(a)) for i in near]
            places = len(found.group(1).partition(".")[2])
            assert f"{max(across) - min(across):.{places}f}" == found.group(1)
    else:
        assert rings == []


def test_the_margin_quiz_leaves_time_to_read_what_each_beat_brings():
    """Each answer beat stands at least its caption read at MARGIN_PACE characters a
    second, slower than the voice's 15 (a moment to look at the number or drawing it
    brought), and a beat that brings a heading's formula at least READ_FORMULA_SECONDS;
    the question keeps its pause."""
    from linviz.lessons.quiz_story import MARGIN_PACE, READ_FORMULA_SECONDS
    from scenes.quiz import MarginQuizScene
    from story_runs import story_with

    assert MARGIN_PACE < 15 and READ_FORMULA_SECONDS >= 5

    scene = story_with(MarginQuizScene)
    captions = scene.timeline.captions
    beats = scene.storyboard.beats
    assert len(captions) == len(beats)
    for caption, beat in zip(captions[1:], beats[1:]):
        lasts = caption.end - caption.start
        assert lasts >= len(caption.text) / MARGIN_PACE - 0.05, caption.text
        if beat.motion == "heading":
            assert lasts >= READ_FORMULA_SECONDS - 0.05, caption.text


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_margin_quiz_magnifies_a_last_line_that_would_seem_to_cross_its_point(seed):
    """Each run's last line is the first with no mistake: every point on its side, the
    nearest at a distance recomputed here by projecting each point on the line. Each run
    whose gap would not read in the plane (the inset rule) has it said, with the run's
    margin, the point's label and the distance, and magnified round the point's foot so
    that the gap spans 2.5 of the close-up's half-side at most; a run whose gap reads is
    not said; no beat when none."""
    from linviz.geometry import Box
    from linviz.lessons.quiz import final_gap_insets, plane_box
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_LEAST_ZOOM

    lesson = margin_quiz_lesson(seed)
    gaps = []
    for run in (lesson.wide, lesson.narrow):
        theta = np.asarray(run.trace.result["theta"], dtype=float)
        theta0 = float(run.trace.result["theta0"])
        X, y = np.asarray(run.data.X, dtype=float), run.data.y
        unit = theta / np.linalg.norm(theta)
        point_on_line = -theta0 * theta / float(theta @ theta)
        distances = [float((x - point_on_line) @ unit) * label for x, label in zip(X, y)]
        assert min(distances) > 0  # converged: no point on the wrong side, none on the line
        i = int(np.argmin(distances))
        gaps.append((i, min(distances), X[i] - distances[i] * label_sign(y[i]) * unit))
    board = margin_storyboard(lesson)
    said = [b for b in board.beats if b.motion == "stops"]
    width = plane_box(lesson).x_max - plane_box(lesson).x_min
    unread = [k for k, (_, distance, _) in enumerate(gaps)
              if 0.8 * width / (2 * INSET_HALF_WIDTHS * distance) >= INSET_LEAST_ZOOM
              and distance < 0.1]
    found = final_gap_insets(lesson)
    assert [k for k, _, _ in found] == unread
    assert len(said) == (1 if unread else 0)
    for k, box, zoom in found:
        (beat,) = said
        i, distance, foot = gaps[k]
        run = (lesson.wide, lesson.narrow)[k]
        assert isinstance(box, Box)
        for p in (run.data.X[i], foot):
            assert box.x_min <= p[0] <= box.x_max and box.y_min <= p[1] <= box.y_max
        assert box.x_max - box.x_min >= 2 * INSET_HALF_WIDTHS * distance
        told = re.search(("small" if k else "large") + r"(?: margin's last line passes|'s) "
                         r"([0-9.]+) from a (.) point(, closer than γ)?", beat.sentence)
        assert told and beat.state["final_gap"]
        # nearer than θ*'s line keeps every point (γ, recomputed as the least distance to
        # θ*'s line), said so
        star = np.asarray(run.theta_star, dtype=float)
        gamma = float(np.min(run.data.y * (run.data.X @ star)) / np.linalg.norm(star))
        assert bool(told.group(3)) == (distance < gamma)
        assert told.group(2) == ("+" if run.data.y[i] > 0 else "−")
        assert "×" not in beat.sentence  # the zoom is on the inset, not said
        shown = float(told.group(1))
        assert abs(shown - distance) <= 0.5 * 10 ** -len(told.group(1).partition(".")[2])


def label_sign(label) -> float:
    return 1.0 if label > 0 else -1.0


@pytest.mark.parametrize("seed", range(6))
def test_the_margin_quiz_says_few_digits_and_its_bound_as_they_give_it(seed):
    """γ is said to 3 significant digits and R to 2 decimals, in both planes (review 285:
    0.02937 and 1.996 beside 2.000); (R/γ)² is said as a whole number where recomputed
    from them it rounds alike, else "about" it to the digits both share, and every place
    it is written says it so (the headings, the answers, the strips, the meeting)."""
    from linviz.lessons.quiz_story import bound_label, bound_math, said_bound, said_gamma, said_reach

    lesson = margin_quiz_lesson(seed)
    board = margin_storyboard(lesson)
    for run in (lesson.wide, lesson.narrow):
        gamma, reach = said_gamma(run), said_reach(run)
        assert reach == f"{run.R:.2f}"
        assert f"{float(gamma):.3g}" == f"{run.gamma:.3g}" and float(gamma) == float(
            f"{run.gamma:.3g}")
        number, exact = said_bound(run)
        again = (float(reach) / float(gamma)) ** 2
        alike = round(again) == round(run.bound)
        # "=" only of a whole bound (11.1 is "about 11": review 292)
        assert exact == (alike and run.bound == pytest.approx(round(run.bound), abs=1e-9))
        value = float(number.replace(",", ""))
        assert abs(value - run.bound) <= 0.5 * 10 ** (len(str(round(run.bound)))
                                                     - len(number.replace(",", "").rstrip("0")))
        if not alike:  # said to the most digits at which the bound and its recomputation agree
            lead = lambda v, k: round(v, k - 1 - int(np.floor(np.log10(v))))  # noqa: E731
            digits = max(k for k in range(1, len(str(round(run.bound))) + 1)
                         if lead(again, k) == lead(run.bound, k))
            assert value == lead(run.bound, digits)
        assert bound_label(run) == (number if exact else f"≈ {number}")
        assert ("approx" in bound_math(run)) == (not exact)
    meet = next(b.sentence for b in board.beats if b.motion == "meet")
    for run in (lesson.wide, lesson.narrow):
        number, exact = said_bound(run)
        assert f" {'' if exact else 'about '}{number}" in meet


def cleared_points(run, clearance):
    """``run``'s points but those within ``clearance`` beyond its band's edges, the edge
    points kept, recomputed here: (X, y, kept mask, margins in the plane)."""
    a, c = np.asarray(run.theta_star, dtype=float), 0.0  # θ* through 0
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
    margins = np.array([label * (x @ a + c) for x, label in zip(X, y)]) / math.hypot(*a)
    h = margins.min()
    kept = (margins <= h * (1 + 1e-6)) | (margins > h + clearance)
    return X[kept], y[kept], kept, margins


def cleared_updates(run) -> int:
    from linviz.lessons.quiz import EDGE_CLEARANCE

    X, y, _, _ = cleared_points(run, EDGE_CLEARANCE)
    ref = reference_perceptron(X, y, 10 ** 5, offset=False)
    assert ref["converged"]
    return ref["updates"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_wide_margins_data_leave_room_by_their_band_and_keep_it(seed):
    """The wide margin's data set shown has no point within the clearance beyond its band's
    edges but its edge points; those are all kept (of the data set it was cleared from),
    and its widest band is the one it was cleared by (the same θ* and γ)."""
    from linviz.lessons.quiz import EDGE_CLEARANCE, QUIZ_MARGINS
    from linviz.sweeps import margin_sweep

    lesson = margin_quiz_lesson(seed)
    wide = lesson.wide
    rows = margin_sweep(QUIZ_MARGINS, repeats=lesson.repeats, offset=False, line_offset=0.0,
                        seed=seed, touching=True).runs
    (source,) = [r for r in rows[0] if r.seed == wide.seed]
    X, y, kept, margins = cleared_points(source, EDGE_CLEARANCE)
    np.testing.assert_allclose(wide.data.X, X)
    np.testing.assert_array_equal(wide.data.y, y)
    assert 0 < (~kept).sum() < len(kept) // 4
    np.testing.assert_allclose(wide.theta_star, source.theta_star, atol=1e-6)
    assert abs(wide.gamma - source.gamma) <= 1e-7
    h = margins.min()
    left = margins[kept]
    assert np.all((left <= h * (1 + 1e-6)) | (left > h + EDGE_CLEARANCE))


@pytest.mark.parametrize("seed", range(3))
def test_the_margin_quiz_gives_its_results_time(seed):
    """The results' beats (the runs, where they stop, every data set, the answer) last at
    least their sentence read at RESULTS_PACE characters a second, slower than the rest
    (MARGIN_PACE): each carries several numbers to compare; the question keeps its own
    pause."""
    from linviz.lessons.quiz_story import MARGIN_PACE, RESULTS, RESULTS_PACE

    board = margin_storyboard(margin_quiz_lesson(seed))
    assert RESULTS_PACE < MARGIN_PACE
    results = [b for b in board.beats if b.motion in RESULTS]
    assert {b.motion for b in results} >= {"runs", "hold", "answer"}
    for beat in board.beats:
        if beat.motion == "quiz":
            continue
        pace = RESULTS_PACE if beat.motion in RESULTS else MARGIN_PACE
        assert beat.reading_seconds >= len(beat.sentence) / pace - 1e-9, beat.sentence


def test_the_two_runs_are_replayed_on_one_clock():
    """The runs' lines move update by update on one clock, so the run with fewer updates
    stops first, its count standing while the other counts on (review 262: each filled
    the same stretch, the few slow, the many fast): at any time both have made the same
    number of updates, up to each one's M."""
    from manim import ValueTracker

    from scenes.catalog import find
    from story_runs import story_with

    scene = story_with(find("quiz-margin").load())
    wide, narrow = scene.lesson.wide, scene.lesson.narrow
    assert wide.updates < narrow.updates
    tracker = ValueTracker(0.0)
    lines = [scene.run_line(run, plane, tracker, 1.0)
             for run, plane in zip((wide, narrow), scene.planes)]
    for t in np.linspace(0.0, narrow.updates, 4 * narrow.updates + 1):
        tracker.set_value(float(t))
        k = int(np.floor(t + 1e-9))
        assert [line.done() for line in lines] == [min(k, wide.updates), min(k, narrow.updates)]


def test_the_reach_radius_keeps_off_thetas_line():
    """The reach's radius goes to the farthest point unless that runs within STAR_ALONG
    degrees of θ*'s line through 0; then it is turned (by a listed turn) to a direction at
    least STAR_ALONG off the line and AXIS_ALONG off the axes; always of unit length
    (angles recomputed here with atan2, over a grid of points and lines)."""
    from scenes.quiz_parts.margin import AXIS_ALONG, RADIUS_TURNS, STAR_ALONG, radius_direction

    def off(a, b):  # the angle (degrees) between two lines through 0 along a and b
        turn = abs(np.degrees(np.arctan2(a[1], a[0]) - np.arctan2(b[1], b[0]))) % 180.0
        return min(turn, 180.0 - turn)

    for point_angle in np.linspace(0, 2 * np.pi, 73)[:-1]:
        point = 1.7 * np.array([np.cos(point_angle), np.sin(point_angle)])
        for normal_angle in np.linspace(0, np.pi, 37)[:-1]:
            normal = np.array([np.cos(normal_angle), np.sin(normal_angle)])
            along = np.array([-normal[1], normal[0]])
            u = radius_direction(point, normal)
            assert np.hypot(*u) == pytest.approx(1.0, abs=1e-12)
            if abs(off(point, along) - STAR_ALONG) < 1e-6:
                continue  # on the threshold, either is right to rounding
            if off(point, along) >= STAR_ALONG:
                np.testing.assert_allclose(u, point / np.hypot(*point), atol=1e-12)
                continue
            turn = np.degrees(np.arctan2(u[1], u[0]) - np.arctan2(point[1], point[0]))
            turn = (turn + 180.0) % 360.0 - 180.0
            assert min(abs(turn - t) for t in RADIUS_TURNS) <= 1e-6
            assert off(u, along) >= STAR_ALONG - 1e-9
            axis = np.degrees(np.arctan2(u[1], u[0])) % 90.0
            assert min(axis, 90.0 - axis) >= AXIS_ALONG - 1e-9


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_answers_sketch_draws_each_class_where_its_points_lie(seed):
    """The sketch's hulls: each class's corners are its own points, in turn round it
    (counter-clockwise), and every point of the class lies inside or on it (each edge's
    cross product ≥ 0, recomputed here); the answer's beat sketches it where the strips
    stood (they leave), and names what each part shows."""
    from linviz.lessons.quiz import class_hulls

    lesson = margin_quiz_lesson(seed)
    run = lesson.wide
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    for hull, label in zip(class_hulls(run), (1, -1)):
        own = X[y == label]
        assert all(any(np.array_equal(corner, p) for p in own) for corner in hull)
        assert len(hull) >= 3
        for k in range(len(hull)):
            a, b = hull[k], hull[(k + 1) % len(hull)]
            cross = (b[0] - a[0]) * (own[:, 1] - a[1]) - (b[1] - a[1]) * (own[:, 0] - a[0])
            assert np.all(cross >= -1e-9)
    answer = [b for b in margin_storyboard(lesson).beats if b.motion == "answer"][-1]
    assert answer.state["sketch"] and not answer.state["strips"]
    if lesson.wide_is_faster:
        for words in ("far apart", "line through 0", "reach R"):
            assert words in answer.sentence


@pytest.mark.parametrize("seed", [0, 2])
def test_every_word_the_margin_quiz_waits_for_is_said(seed):
    """Each phrase the scene holds its picture for (``wait_for_words``) is in the caption
    on screen when it waits: one that is not (review 288: "each update" against "Each
    update") lets what it names come early."""
    from scenes.catalog import find
    from story_runs import story_with

    waited = []
    scene_class = find("quiz-margin").load()
    original = scene_class.wait_for_words

    def recording(self, words):
        found = self.timeline.said_at(self.in_notation(words)) is not None
        waited.append((words, found, self.timeline.current[1][:40]))
        original(self, words)

    story_with(scene_class, seed=seed, wait_for_words=recording)
    assert waited
    missing = [(words, where) for words, found, where in waited if not found]
    assert not missing, missing


@pytest.mark.parametrize("seed", [0, 2])
def test_each_proof_plot_greys_what_lies_past_its_meeting(seed):
    """Where a run's floor Mγ meets its ceiling R√M inside its plot, at M = (R/γ)² (R and
    γ recomputed from the data: the largest ‖x‖, the least y θ*·x over a unit θ* from
    SciPy's SLSQP), the plot is greyed from there to its right edge, over its whole
    height; a meeting past the plot greys nothing."""
    from manim import Rectangle

    from scenes.catalog import find
    from story_runs import story_with
    from test_quiz_proof import widest_through_origin

    scene = story_with(find("quiz-margin").load(), seed=seed)
    for plot, run in zip(scene.squeeze, (scene.lesson.wide, scene.lesson.narrow)):
        X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
        _, gamma = widest_through_origin(X, y)
        meeting = (np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2
        axes, greyed = plot.axes, scene.beyond_meeting(plot, run)
        if meeting >= axes.x_right:
            assert len(greyed) == 0
            continue
        shade = greyed[0]
        assert isinstance(shade, Rectangle)
        assert shade.get_left()[0] == pytest.approx(axes.c2p(meeting, 0)[0], abs=1e-4)
        assert shade.get_right()[0] == pytest.approx(axes.c2p(axes.x_right, 0)[0], abs=1e-9)
        assert shade.get_bottom()[1] == pytest.approx(axes.c2p(0, 0)[1], abs=1e-9)
        assert shade.get_top()[1] == pytest.approx(axes.c2p(0, axes.y_top)[1], abs=1e-9)
