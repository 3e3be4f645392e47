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


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_margin_quiz_is_answered_by_a_wide_and_a_narrow_margin(seed):
    """The wide run has the larger γ and the smaller (R/γ)²; each M is the notes' loop's on
    [x, 1] (with an offset); the answer's word follows the runs (a large margin 'learned in
    few updates' only when the wide one made fewer)."""
    lesson = margin_quiz_lesson(seed)
    wide, narrow = lesson.wide, lesson.narrow
    assert wide.gamma > narrow.gamma and wide.bound < narrow.bound
    for run in (wide, narrow):
        ref = reference_perceptron(run.data.X, run.data.y, 10 ** 5, offset=True)
        assert ref["converged"] and ref["updates"] == run.updates <= run.bound
    board = margin_storyboard(lesson)
    said = {beat.motion: beat.sentence for beat in board.beats}
    # every beat after the question names on the status line what it shows; the small
    # margin's plane with its h (review 258: the one beat without one)
    assert all(beat.state["status"] for beat in board.beats[1:])
    planes = [beat for beat in board.beats if beat.motion == "planes"][-1]
    from linviz.lessons.quiz_story import plane_margin

    assert f"$h = {plane_margin(narrow)}$" in planes.state["status"]
    assert (f"{wide.updates} update{'s' if wide.updates > 1 else ''} in all with the large"
            in said["runs"]
            and f", {narrow.updates} with the small one" in said["runs"])
    # each run is its margin's median by M among margin-speed's data sets of that margin
    # (one run's M is not what a margin typically takes), and it is said so
    from linviz.lessons.margin_speed import margin_speed_lesson

    rows = (margin_speed_lesson() if seed is None else margin_speed_lesson(seed=seed)).sweep.runs
    # the wide margin's data sets cleared by their band's edges: M recomputed on each
    wide_ms = [cleared_updates(r) for r in rows[0]]
    assert tuple(wide_ms) == lesson.wide_counts
    for ms, row, run in ((wide_ms, rows[0], wide), ([r.updates for r in rows[-1]], rows[-1],
                                                    narrow)):
        ms = sorted(ms)
        assert run.updates == ms[(len(ms) - 1) // 2] and run.seed in [r.seed for r in row]
    assert (f"on {len(rows[0])} data sets of each kind; shown, the median runs"
            in said["first-updates"])
    assert ("allows many, but does not force them" in said["answer"]) == (
        wide.updates < narrow.updates)
    # the spread over each margin's data sets, recomputed (the wide ones cleared)
    spreads = [(min(wide_ms), max(wide_ms)),
               (min(r.updates for r in rows[-1]), max(r.updates for r in rows[-1]))]
    # an overlap of the two ranges is said (recomputed from the runs' M)
    overlaps = min(r.updates for r in rows[-1]) < max(wide_ms)
    assert ("; the two ranges overlap"
            in said["hold"]) == overlaps
    assert (f"{spreads[0][0]} to {spreads[0][1]} updates with the large margin, "
            f"{spreads[1][0]} to {spreads[1][1]} with the small one") in said["hold"]
    # γ is said, and R shown, with digits enough that (R/γ)² recomputed from the numbers
    # shown rounds to the bound said, or is within a quarter of a per cent of it
    import re

    from linviz.lessons.quiz_story import said_reach

    headings = [b.sentence for b in board.beats if b.motion == "heading"]
    assert len(headings) == 3
    # the same R twice is said so: within SAME_REACH of each other
    from linviz.lessons.quiz_story import SAME_REACH

    first, second = float(said_reach(wide)), float(said_reach(narrow))
    close = abs(second - first) <= SAME_REACH * first
    # the same number shown twice is "the same"; close ones "almost the same"
    assert ("R is the same," in headings[2]) == (first == second)
    assert ("almost the same" in headings[2]) == (close and first != second)
    # on [x, 1] the margin divides by ‖(a, c)‖, not ‖a‖: it "shrinks" exactly when the
    # least y(aᵀx + c), recomputed here, gives the smaller number so
    a, c = np.asarray(wide.theta_star[:2], dtype=float), float(wide.theta_star[2])
    least = float(np.min(wide.data.y * (wide.data.X @ a + c)))
    on_lifted, in_plane = least / np.linalg.norm([*a, c]), least / np.linalg.norm(a)
    shrinks = "There its margin is smaller, γ" in headings[1]
    said_width = float(re.search(r"half-width ([0-9.]+)", board.beats[1].sentence).group(1))
    # named as the notes' margin of the training set (000: the least of the points'
    # margins for θ*, which the half-width is, recomputed below)
    assert "the notes' margin of the training set, for θ*" in board.beats[1].sentence
    said_wide_gamma = float(re.search(r"γ = ([0-9.]+)", headings[1]).group(1))
    if shrinks:  # said so when the numbers said differ, and they do
        assert on_lifted < in_plane and said_wide_gamma < said_width
    else:  # "is": the γ said is the half-width said, to its digits
        assert f"{on_lifted:.{len(str(said_width).partition('.')[2])}f}" == str(said_width)
    # why, said once, on the wide margin, right after its γ: two beats of their own (the
    # section, then γ = h/√(1 + d²)), d drawn while they are said (and said to be drawn)
    # when its foot is in view
    said_why = [b for b in board.beats if b.motion in ("lift", "distance")]
    assert [b.motion for b in said_why] == ["lift", "distance"] * int(shrinks)
    why = said_why[1:]
    if shrinks:
        start = board.beats.index(said_why[0])
        assert board.beats[start - 1].sentence == headings[1]
        assert "√(1 + d²)" in said_why[1].sentence
        # d is drawn on the plane from the beat that says it (its foot in view)
        assert said_why[0].state["distance"] == said_why[1].state["distance"]
    # "both margins shrink alike" exactly when the two lines' 1/√(1 + d²), recomputed from
    # θ*, lie within a tenth of each other, said right after the small margin's γ (its plane
    # and its d on screen), its d to its digits
    shrink = [1 / np.hypot(1, abs(r.theta_star[2]) / np.linalg.norm(r.theta_star[:2]))
              for r in (wide, narrow)]
    alike = shrinks and abs(shrink[0] - shrink[1]) <= 0.1 * max(shrink)
    said_alike = [b for b in board.beats if "both margins shrink alike" in b.sentence]
    assert len(said_alike) == int(alike)
    if alike:
        after = board.beats[board.beats.index(said_alike[0]) - 1]
        assert after.sentence == headings[2]
        # its d drawn as it is said, not with the γ before
        assert after.state["distance"] is None
        from linviz.lessons.quiz import plane_box
        from linviz.lessons.quiz_story import distance_shown

        assert said_alike[0].state["distance"] == distance_shown(narrow, plane_box(lesson), 1)
        d = float(re.search(r"d = ([0-9.]+): both", said_alike[0].sentence).group(1))
        true = abs(narrow.theta_star[2]) / np.linalg.norm(narrow.theta_star[:2])
        assert d == pytest.approx(true, abs=0.5 * 10 ** -len(str(d).partition(".")[2]))
    # and the status line says why: γ = w/√(1 + d²), d the line's distance from 0, its
    # numbers (recomputed here from θ*) giving the γ said to within their rounding
    # d drawn: the line's point nearest 0 lies on the line, 0 to it is across the line,
    # and its length is the distance in the status line (to its digits)
    from linviz.lessons.quiz_story import line_foot

    for run in (wide, narrow):
        a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
        foot = line_foot(run)
        assert a @ foot + c == pytest.approx(0.0, abs=1e-12)
        assert foot @ np.array([-a[1], a[0]]) == pytest.approx(0.0, abs=1e-12)
        assert np.linalg.norm(foot) == pytest.approx(abs(c) / np.linalg.norm(a), rel=1e-12)
    gammas = [b for b in board.beats if b.motion == "heading" and "γ =" in b.sentence]
    assert len(gammas) == 2
    # the formula's numbers stand on the status line while the why is said (wide) and
    # while the narrow γ is, or, where its d is said a beat after, with that beat (its d
    # read before it was said, review 274)
    narrow_formula = said_alike[0] if alike else gammas[1]
    formulas = [*why, narrow_formula] if shrinks else [narrow_formula]
    if alike:
        assert "sqrt" not in gammas[1].state["status"]
    for run, beat, said_in in zip((wide, narrow)[2 - len(formulas):], formulas,
                                  gammas[2 - len(formulas):]):
        a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
        found = re.search(r"= ([0-9.]+) \\/ sqrt\(1 \+ ([0-9.]+)\^2\)",
                          beat.state["status"])
        width, d = float(found.group(1)), float(found.group(2))
        assert d == pytest.approx(abs(c) / np.linalg.norm(a), abs=0.005)
        said = re.search(r"γ = ([0-9.]+)", said_in.sentence).group(1)
        # the formula's numbers as shown give the γ said, at its decimals
        places = len(said.partition(".")[2])
        assert f"{width / np.sqrt(1 + d ** 2):.{places}f}" == said
        # and the width is the band's half-width (γ/‖a‖ recomputed), to its digits
        shown = found.group(1)
        half = abs(float(np.min(run.data.y * (run.data.X @ a + c)))) / np.linalg.norm(a)
        assert abs(width - half) <= 0.5 * 10 ** -len(shown.partition(".")[2]) + 1e-12
    assert f"R = {said_reach(wide)}" in headings[0] and f", {said_reach(narrow)}, but" in headings[2]
    import re

    for run, sentence in ((wide, headings[1]), (narrow, headings[2])):
        gamma = float(re.search(r"γ = ([0-9.]+)", sentence).group(1))
        bound = float(re.search(r"\(R/γ\)² = ([0-9,]+)", sentence).group(1).replace(",", ""))
        assert abs(gamma - run.gamma) <= 0.005 * run.gamma
        reach = float(said_reach(run))
        again = (reach / gamma) ** 2
        assert abs(reach - run.R) <= 0.005
        assert round(again) == bound or abs(again - run.bound) <= 0.0025 * run.bound
        # R shown as √(‖x‖² + 1) of the farthest ‖x‖ shown (the largest norm, recomputed
        # here): the two agree to a unit in R's last place
        from linviz.lessons.quiz_story import farthest_norm

        norm = float(farthest_norm(run))
        X = np.asarray(run.data.X, dtype=float)
        assert abs(norm - np.linalg.norm(X, axis=1).max()) <= 0.5 * 10 ** -2 + 1e-12
        places = len(said_reach(run).partition(".")[2])
        # √(‖x‖² + 1) of the ‖x‖ shown, rounded as R is, is the R shown
        assert f"{np.sqrt(norm ** 2 + 1):.{places}f}" == said_reach(run)


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
            distance = getattr(scene, "distance_drawn", None)
            state["distance"] = distance is not None and scene.on_screen(distance)
            lift = scene.lift_drawn
            state["lift"] = 0 if lift is None else sum(scene.on_screen(p) for p in lift)
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
            # d of γ = w/√(1 + d²) drawn exactly while its beat says γ (and it is in view)
            assert picture["distance"] == (beat.state["distance"] is not None), where
            # the edge-on section: its first part, then h and γ too, only while said
            assert picture["lift"] == beat.state["lift"], where
            # each run's M ≤ (R/γ)² stands under its plane once the runs are drawn, not before
            assert picture["answers"] == [beat.state["runs"]] * 2, where
            assert picture["ringed"] == len(beat.state["ringed"]), where
            assert picture["edges"] == len(beat.state["edges"]), where
            assert picture["strips"] == beat.state["strips"], where
            # the last line's gap magnified exactly while it is said
            assert picture["final_gap"] == beat.state["final_gap"], where
            assert picture["headings"] == beat.state["headings"], where
            # the farthest point's reach comes with R, the heading's second line
            assert picture["reaches"] == [n >= 2 for n in beat.state["headings"]], where
            for answer, run in zip(scene.answers, (lesson.wide, lesson.narrow)):
                assert answer[0].source.strip("$ ") == f"M = {run.updates}", where
    if name == "quiz-margin" and scene.lift_drawn is not None:
        # with the edge-on section, the first plane's points on its band's edges ringed
        # (recomputed: margin the least, to rounding)
        run, plane = lesson.wide, scene.planes[0]
        a, c = np.asarray(run.theta_star[:2]), float(run.theta_star[2])
        margins = run.data.y * (run.data.X @ a + c) / np.linalg.norm(a)
        edges = np.flatnonzero(margins <= margins.min() * (1 + 1e-6))
        rings = scene.lift_drawn[1][-1]
        np.testing.assert_allclose([r.get_center()[:2] for r in rings],
                                   [plane.c2p(run.data.X[i])[:2] for i in edges], atol=1e-6)
    said = [b.sentence for b in scene.storyboard.beats if b.motion == "rings"]
    if name == "quiz-margin" and said and "2h =" in said[0]:
        # 2h drawn across the close-up: as long as the band is wide there, square to θ*'s
        # line (along a), named with the number said
        run, inset = lesson.narrow, scene.inset[2]
        a, c = np.asarray(run.theta_star[:2]), float(run.theta_star[2])
        line = scene.gap_drawn[0][0]
        drawn = line.get_end()[:2] - line.get_start()[:2]
        margins = run.data.y * (run.data.X @ a + c) / np.linalg.norm(a)
        assert np.linalg.norm(drawn) == pytest.approx(2 * margins.min() * inset.unit, rel=1e-6)
        assert abs(np.cross(drawn, a)) <= 1e-6 * np.linalg.norm(drawn) * np.linalg.norm(a)
        number = re.search(r"2h = ([0-9.]+)", said[0]).group(1)
        assert scene.gap_drawn[1].source.strip("$ ") == f"2h = {number}"
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
    a, c = np.asarray(run.theta_star[:2]), float(run.theta_star[2])
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
    # every point on the edges, or else the nearest + and − there (by brute force): held
    # with room, centred on the middle of their bounding box
    edges = np.flatnonzero(distances <= distances.min() * (1 + 1e-6))
    held = [i for i in edges if box.x_min < X[i][0] < box.x_max
            and box.y_min < X[i][1] < box.y_max]
    if len(held) < len(edges):
        pairs = sorted((float(np.max(np.abs(X[i] - X[j]))), i, j) for i in edges
                       for j in edges if i < j and y[i] != y[j])
        held = list(pairs[0][1:])
        middle = (X[held[0]] + X[held[1]]) / 2  # on θ*'s line: margins +h and −h
        assert abs(middle @ a + c) / np.hypot(*a) <= 1e-6 * band_half_width(run) + 1e-12
    assert len(set(y[held])) == 2, "both sides of the gap"
    low, high = X[held].min(axis=0), X[held].max(axis=0)
    centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
    np.testing.assert_allclose(centre, (low + high) / 2, atol=1e-12)
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
    a, c = run.theta_star[:2], float(run.theta_star[2])
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
        # the points on the band's edges: margin the half-width (to rounding), of both
        # labels (the widest band: else it could move towards one side and widen)
        edges = [int(i) for i in np.flatnonzero(signed <= half * (1 + 1e-6))]
        assert len(set(y[edges])) == 2, "a widest band has points of both labels on its edges"
        near = [i for i in edges if shown[i]]
        assert len(set(y[near])) == 2, "the close-up holds a point of each side of the gap"
        (beat,) = rings
        # every one ringed in the plane (each said is shown), those it holds in the close-up
        assert beat.state["edges"] == edges and beat.state["ringed"] == near
        which = f"the {len(edges)} points"
        assert f"ringed: {which} on the band's edges" in beat.state["status"]
        where = "" if near == edges else f", {len(near)} of them in the close-up"
        assert beat.sentence.startswith(f"Ringed: {which} on the band's edges{where}.")
        # both labels ringed: across θ*'s line they stand 2h apart (their signed distances
        # to it, recomputed, differ by the band's width, to the digits said)
        found = re.search(r"\+ and − stand just 2h = ([0-9.]+) apart", beat.sentence)
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


@pytest.mark.parametrize("seed", [None, 1, 2, 5])
def test_the_edge_on_section_shows_why_the_lifted_margin_shrinks(seed):
    """Seen edge-on, θ* on [x, 1] runs from 0 through (d, 1); the band's edge points stand
    at (d ± h, 1), + on the side the data's + edge points are (their coordinate across
    θ*'s line, recomputed from the data and mirrored as d is); the distance from the
    outer one to the boundary, at a right angle, is γ on [x, 1] as the run measures it
    (least y(aᵀx + c) over ‖(a, c)‖), and the why is said with the section on screen."""
    from linviz.lessons.quiz import edge_points, lift_section

    lesson = margin_quiz_lesson() if seed is None else margin_quiz_lesson(seed)
    run = lesson.wide
    section = lift_section(run)
    a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y)
    gamma = float(np.min(y * (X @ a + c))) / np.linalg.norm([*a, c])
    assert section.gamma == pytest.approx(gamma, rel=1e-9)
    assert section.gamma == pytest.approx(section.h / np.sqrt(1 + section.d ** 2), rel=1e-9)
    assert section.d == pytest.approx(abs(c) / np.linalg.norm(a), rel=1e-12)
    # the foot is on the line through 0 and (d, 1), and the drop to it square to it
    foot, point = section.foot, section.point
    assert foot[0] * 1.0 - foot[1] * section.d == pytest.approx(0.0, abs=1e-12)
    assert (point - foot) @ np.array([section.d, 1.0]) == pytest.approx(0.0, abs=1e-12)
    mirror = 1.0 if -c >= 0 else -1.0
    for i in edge_points(run):
        across = mirror * float(X[i] @ a) / np.linalg.norm(a)
        side = section.plus_side if y[i] > 0 else -section.plus_side
        assert across == pytest.approx(section.d + side * section.h, abs=1e-9)
    board = margin_storyboard(lesson)
    lifts = [beat for beat in board.beats if beat.state["lift"]]
    # the section with its boundary and d in one beat, then h and γ
    assert [beat.state["lift"] for beat in lifts] == [3, 4]
    assert "height 1" in lifts[0].sentence and "γ = h/√(1 + d²)" in lifts[1].sentence
    # d said with the digits it is shown with, the line's distance from 0 to them
    said = float(re.search(r"at d = ([0-9.]+)", lifts[0].sentence).group(1))
    assert said == pytest.approx(section.d, abs=0.5 * 10 ** -len(str(said).partition(".")[2]))


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
        told = re.search(("small" if k else "large") + r" margin's (?:passes )?([0-9.]+) "
                         r"from a (.) point", beat.sentence)
        assert told and beat.state["final_gap"]
        assert told.group(2) == ("+" if run.data.y[i] > 0 else "−")
        assert "×" not in beat.sentence  # the zoom is on the inset, not said
        shown = float(told.group(1))
        assert abs(shown - distance) <= 0.5 * 10 ** -len(told.group(1).partition(".")[2])


def label_sign(label) -> float:
    return 1.0 if label > 0 else -1.0


@pytest.mark.parametrize("seed", range(6))
def test_the_margin_quiz_says_gamma_off_a_rounding_knife_edge(seed):
    """γ is said to 3 significant digits unless the digit past them lies within 0.02 of a
    half (then 4): numbers rounded for h/√(1 + d²) would round such a γ either way; or
    unless (R/γ)² recomputed from R at 3 decimals and γ at 3 digits is more than 0.1% off
    the bound said (then 4: review 266 read 5,672 against 5,687 as an error). R is shown
    at 3 decimals in both planes. The status line's h and d, at most 4 digits past the
    half-width's, give the γ said."""
    from linviz.lessons.quiz_story import lifted_margin_numbers, said_gamma, said_reach

    lesson = margin_quiz_lesson(seed)
    for run in (lesson.wide, lesson.narrow):
        gamma = said_gamma(run)
        assert said_reach(run) == f"{run.R:.3f}"
        digits = len(gamma.partition(".")[2].lstrip("0"))
        places = len(gamma.partition(".")[2])
        three = places - (digits - 3)  # the places of 3 significant digits
        scaled = run.gamma * 10 ** three
        edged = abs(scaled - np.floor(scaled) - 0.5) < 0.02
        again = (round(run.R, 3) / round(run.gamma, three)) ** 2
        off = round(again) != round(run.bound) and abs(again - run.bound) > 0.001 * run.bound
        assert digits == (4 if edged or off else 3) or float(gamma) == 0
        h, d = lifted_margin_numbers(run)
        assert f"{float(h) / np.sqrt(1 + float(d) ** 2):.{places}f}" == gamma
        assert len(h.partition(".")[2]) <= 3 + 4 + 1


def cleared_points(run, clearance):
    """``run``'s points but those within ``clearance`` beyond its band's edges, the edge
    points kept, recomputed here: (X, y, kept mask, margins in the plane)."""
    a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
    margins = np.array([label * (x @ a + c) for x, label in zip(X, y)]) / math.hypot(*a)
    h = margins.min()
    kept = (margins <= h * (1 + 1e-6)) | (margins > h + clearance)
    return X[kept], y[kept], kept, margins


def cleared_updates(run) -> int:
    from linviz.lessons.quiz import EDGE_CLEARANCE

    X, y, _, _ = cleared_points(run, EDGE_CLEARANCE)
    ref = reference_perceptron(X, y, 10 ** 5, offset=True)
    assert ref["converged"]
    return ref["updates"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_wide_margins_data_leave_room_by_their_band_and_keep_it(seed):
    """The wide margin's data set shown has no point within the clearance beyond its band's
    edges but its edge points; those are all kept (of the data set it was cleared from),
    and its widest band is the one it was cleared by (the same θ* and γ)."""
    from linviz.lessons.margin_speed import margin_speed_lesson
    from linviz.lessons.quiz import EDGE_CLEARANCE

    lesson = margin_quiz_lesson(seed)
    wide = lesson.wide
    (source,) = [r for r in margin_speed_lesson(seed=seed).sweep.runs[0] if r.seed == wide.seed]
    X, y, kept, margins = cleared_points(source, EDGE_CLEARANCE)
    np.testing.assert_allclose(wide.data.X, X)
    np.testing.assert_array_equal(wide.data.y, y)
    assert 0 < (~kept).sum() < len(kept) // 4
    np.testing.assert_allclose(wide.theta_star, source.theta_star, atol=1e-6)
    assert abs(wide.gamma - source.gamma) <= 1e-7
    h = margins.min()
    left = margins[kept]
    assert np.all((left <= h * (1 + 1e-6)) | (left > h + EDGE_CLEARANCE))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_edge_on_section_places_every_point_off_the_band(seed):
    """In the section every point stands at s (across θ*'s line, from 0): its signed
    distance from θ*'s line, recomputed here from the line's nearest point to 0, is s − d
    on the +'s side; so the band's edge points stand at d ± h, + and − apart, and none
    within h of d."""
    from linviz.lessons.quiz import band_half_width, edge_points, lift_section, section_places

    run = margin_quiz_lesson(seed).wide
    section, s = lift_section(run), section_places(run)
    a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
    X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
    unit = a / np.linalg.norm(a)
    nearest = -c * unit / np.linalg.norm(a)  # θ*'s line's point nearest 0
    assert abs(np.linalg.norm(nearest) - section.d) < 1e-9
    across = (X - nearest) @ unit  # + on the +'s side
    np.testing.assert_allclose((s - section.d) * section.plus_side, across, atol=1e-9)
    h = band_half_width(run)
    assert np.all(np.abs(s - section.d) >= h * (1 - 1e-6))
    for i in edge_points(run):
        assert abs(s[i] - (section.d + y[i] * section.plus_side * h)) < 1e-6 * max(1, h)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_the_margin_quizs_answer_recalls_the_lift_only_where_it_changes_the_comparison(seed):
    """The answer's part on [x, 1] (γ = h/√(1 + d²)) comes just before the answer exactly
    when the why was shown (the wide margin said to shrink on [x, 1]) and the two margins
    shrink unlike (γ/h of each, from their own definitions, more than 10% apart), and
    then says which shrinks more; it advises nothing (moving the data need not lower
    (R/γ)²: R changes with it)."""
    lesson = margin_quiz_lesson(seed)
    board = margin_storyboard(lesson)
    motions = [b.motion for b in board.beats]
    shrank = "lift" in motions
    assert motions[-1] == "answer"
    ratios = []
    for run in (lesson.wide, lesson.narrow):
        a, c = run.theta_star[:2], run.theta_star[2]
        # γ/h: γ the lifted margin, h the least distance of a point to θ*'s line
        X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
        ratios.append(run.gamma / (np.min(y * (X @ a + c)) / np.hypot(*a)))
    alike = abs(ratios[0] - ratios[1]) <= 0.1 * max(ratios)
    assert (motions[-2] == "answer-lift") == (shrank and not alike)
    if motions[-2] == "answer-lift":
        sentence = board.beats[-2].sentence
        assert "each margin shrinks by √(1 + d²)" in sentence and "centre" not in sentence
        assert "gamma = h \\/ sqrt(1 + d^2)" in board.beats[-2].state["status"]
        # each θ*'s line's distance from 0, recomputed as |c|/‖a‖, as said (to its digits)
        said = re.search(r"with d = ([0-9.]+) and ([0-9.]+),", sentence)
        for run, shown in zip((lesson.wide, lesson.narrow), said.groups()):
            d = abs(run.theta_star[2]) / np.hypot(*run.theta_star[:2])
            assert abs(float(shown) - d) <= 0.5 * 10 ** -len(shown.partition(".")[2])
        assert ("the large margin's more" in sentence) == (ratios[0] < ratios[1])


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
        assert beat.min_seconds >= len(beat.sentence) / pace - 1e-9, beat.sentence


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


def test_which_margin_the_lift_shrinks_more_is_told_by_d():
    """γ/h = 1/√(1 + d²), d = |c|/‖a‖ the line's distance from 0: lines at d = 1 and 1.05
    shrink alike (within 10%); at d = 0.2 and 2, the farther one's margin shrinks more."""
    from types import SimpleNamespace

    from linviz.lessons.quiz_story import lift_shrink, shrink_alike, shrink_words

    def run(d: float) -> SimpleNamespace:  # θ* = (a, c), ‖a‖ = 5, its line d from 0
        return SimpleNamespace(theta_star=np.array([3.0, 4.0, -5.0 * d]))

    assert lift_shrink(run(2.0)) == pytest.approx(1 / np.sqrt(5.0))
    assert shrink_alike(run(1.0), run(1.05))
    assert not shrink_alike(run(0.2), run(2.0))
    assert shrink_words(run(2.0), run(0.2)) == "the large margin's more"
    assert shrink_words(run(0.2), run(2.0)) == "the small margin's more"
