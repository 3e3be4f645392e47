"""The xor lesson over the gallery, against the notes' perceptron written out in
tests/independent.py, and the issue's defects of the xor scene."""

from __future__ import annotations

import re

import numpy as np
import pytest

from linviz.errors import DataError
from linviz.gallery import gallery, gallery_case
from linviz.lessons import lesson_for
from linviz.lessons.xor import xor_lesson
from linviz.sources import resolve_data

from independent import reference_perceptron
from test_lesson_noise import mistakes, searched_least

ACCEPTED = ["xor:0", "xor-cloud:0", "xor-cloud:1", "xor-cloud:2"]
REFUSED = [case.name for case in gallery("classification", 2) if case.name not in ACCEPTED]


@pytest.fixture(scope="module", params=ACCEPTED)
def lesson(request):
    return xor_lesson(gallery_case(request.param)())


def test_the_lesson_is_registered():
    assert lesson_for("xor") is xor_lesson


@pytest.mark.parametrize("name", REFUSED)
def test_data_that_is_not_xor_is_refused_in_one_line(name):
    with pytest.raises(DataError, match="is not XOR data .*try 'xor' or 'xor-cloud'") as refused:
        xor_lesson(gallery_case(name)())
    assert "\n" not in str(refused.value)


def test_both_runs_and_every_number_are_the_notes_perceptron(lesson):
    X, y = lesson.data.X, lesson.data.y
    run = reference_perceptron(X, y, 3)
    states = [(np.zeros(2), 0.0)] + [(v[4], v[5]) for v in run["visits"] if v[3]]
    np.testing.assert_array_equal(lesson.state_mistakes, [mistakes(X, y, *s) for s in states])
    assert lesson.epoch_updates.tolist() == [sum(v[3] for v in run["visits"] if v[0] == t)
                                             for t in (1, 2, 3)]
    # the y·score beside θ after each whole step: the visited point's, under that θ
    for k, (_, i, _, _, theta, theta0) in enumerate(run["visits"], start=1):
        assert lesson.shown_signed_scores[k - 1] == pytest.approx(
            y[i] * (X[i] @ theta + theta0))
    # θ = 0: at the start, and again only where the updates added up to 0
    for state, (theta, _) in enumerate(states):
        expected = None if np.any(theta) else ("start" if state == 0 else "cancelled")
        assert lesson.zero_reason(state) == expected
    # the best line, and whether the run reaches it
    best = searched_least(X, y)
    assert lesson.best_line.mistakes == best
    assert lesson.run_reaches_best_line == (min(mistakes(X, y, *s) for s in states) == best)
    # the lifted run: x₃ = x₁x₂
    Z = np.column_stack([X, X[:, 0] * X[:, 1]])
    lifted = reference_perceptron(Z, y, 100)
    assert lifted["converged"] and lesson.lifted_separates
    assert np.all(y * (Z @ lifted["theta"] + lifted["theta0"]) > 0)
    after = [(v[4], v[5]) for v in lifted["visits"] if v[3]]
    assert len(lesson.lifted_updates) == len(after)
    for update, (theta, theta0) in zip(lesson.lifted_updates, after):
        np.testing.assert_allclose(update.theta, theta)
        assert update.theta0 == pytest.approx(theta0)
    assert lesson.lifted_product_signs == int(np.sum((Z[:, 2] < 0) != (y > 0)))


def test_on_the_corners_theta_returns_to_zero_by_cancelling_updates():
    lesson = xor_lesson(gallery_case("xor:0")())
    assert lesson.has_cycle and lesson.cancelled_states.tolist() == [4, 8, 12]
    X, y = lesson.data.X, lesson.data.y
    # the four updates of a pass add y⁽ⁱ⁾x⁽ⁱ⁾ over every corner: Σ = 0
    assert np.allclose((y[:, None] * X).sum(axis=0), 0) and y.sum() == 0


# -- the scene (built without drawing, or its whole story) ----------------------------
@pytest.fixture(scope="module")
def corners(tmp_path_factory):
    from scenes.xor import XorScene
    from scene_helpers import built_scene

    return built_scene(XorScene, tmp_path_factory.mktemp("xor-lesson"))


def test_the_panel_pairs_each_theta_with_its_own_signed_score(corners):
    """Issue 20: the panel paired the old y·score with the new θ."""
    X, y = corners.data.X, corners.data.y
    run = reference_perceptron(X, y, corners.epochs)
    for k, (_, i, _, mistake, theta, theta0) in enumerate(run["visits"], start=1):
        corners.tracker.set_value(k)
        corners.update_visit_counters()
        corners.update_state_counters()
        assert corners.score.value == pytest.approx(y[i] * (X[i] @ theta + theta0))


def test_theta_zero_after_the_cycle_is_not_called_the_start(corners):
    """Issue 20: "θ = 0: no boundary yet" when θ returned to 0 after the cycle."""
    for step, expected in ((0, "no boundary yet"), (4, "again")):
        corners.tracker.set_value(step)
        corners.hyperplane.update(0)
        assert corners.hyperplane.state == "zero"
        note = corners.hyperplane.notes.target["zero"]
        assert note in corners.hyperplane.submobjects
        assert expected in note.source


def test_older_boundaries_fade(corners):
    """Issue 20: 64 boundaries at full opacity."""
    from story_runs import story

    for scene in (corners, story("xor", "xor-cloud", 1)):
        # a line outside the view is not drawn at all (its stand-in segment would show)
        assert all(ghost.line.get_stroke_opacity() == 0 for ghost in scene.ghosts
                   if ghost.state != "line")
        opacities = [ghost.line.get_stroke_opacity() for ghost in scene.ghosts
                     if ghost.state == "line"]
        assert len(opacities) > 1
        assert all(a <= b + 1e-9 for a, b in zip(opacities, opacities[1:]))  # oldest first
        assert opacities[-1] == pytest.approx(1.0) and opacities[0] < 1.0
        # only the newest at full strength; a long run's oldest are faint
        assert sum(o > 0.9 for o in opacities) == 1
        if len(opacities) > 10:
            assert np.median(opacities) < 0.3


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_pass_is_announced_and_no_fast_forward_spans_two(seed):
    """Issue 20: on xor-cloud pass 2 was never announced; one fast-forward spanned three.
    Each pass is announced, or named by the fast-forward that plays exactly it."""
    from linviz.lessons.xor_story import storyboard_of_xor

    data = resolve_data("xor-cloud", seed=seed)
    n = data.n_samples
    beats = storyboard_of_xor(data).beats
    for t in (2, 3):
        announced = any(b.sentence.startswith(f"Pass {t} visits") for b in beats)
        skipped = [b for b in beats if b.motion == "fast-forward"
                   and b.steps == ((t - 1) * n, t * n)]
        assert announced or (skipped and skipped[0].sentence.startswith(
            f"Fast forward over pass {t}:"))
    for beat in beats:
        if beat.motion == "fast-forward":
            start, end = beat.steps
            assert start % n == 0 and (end % n == 0)


def test_each_lifted_update_is_said_while_it_plays(tmp_path):
    """Issue 20: the captions of the lifted run were one update behind the picture."""
    from scenes.xor import XorScene
    from story_runs import story_with

    seen = []
    scene = story_with(XorScene, beat_observers=[lambda s: seen.append(
        (s.timeline.current[1], int(s.lifted_states_after[s.lifted_tracker.step])))])
    # "Update 1: θ = …" then "Update 2: on the left, …" (θ in the row of values)
    said = [(caption, state) for caption, state in seen
            if re.match(r"Update \d+: (θ = |on the left)", caption)]
    assert len(said) == len(scene.xor.lifted_updates)
    for caption, state in said:
        assert int(caption.split(":")[0].split()[1]) == state


def test_a_quick_update_back_to_theta_zero_says_so_and_that_the_point_is_still_a_mistake():
    """Review (xor default, beat 13): after update 4 the status said "θ and the boundary
    have moved", but θ = 0 after it (no boundary) and point 4's y·score is 0, still
    a mistake under the ≤ 0 rule. Each *after* status shown is checked against the notes'
    perceptron."""
    from scenes.xor import XorScene
    from story_runs import story_with

    seen = []
    scene = story_with(XorScene, beat_observers=[lambda s: seen.append(
        (s.tracker.step, getattr(s.status, "source", "")))])
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs)
    after = [(k, source) for k, source in seen if source.startswith("*after* the update")
             or source.startswith("*after*: $theta") or source.startswith("*after*: the")]
    assert after
    checked_zero = False
    for k, source in after:
        _, i, _, mistake, theta, theta0 = run["visits"][k - 1]
        assert mistake  # an update was played
        zero = not np.any(theta)
        still = y[i] * (X[i] @ theta + theta0) <= 0
        assert ("theta = 0" in source) == zero
        # from θ = 0 there was no boundary to move: the first one appears
        before = [v for v in run["visits"][:k - 1] if v[3]]
        from_zero = not before or not np.any(before[-1][4])
        assert ("the first boundary" in source) == (from_zero and not zero and not still)
        assert ("have moved" in source) == (not from_zero and not zero and not still)
        assert (f"point {i + 1} still a mistake" in source) == still
        checked_zero |= zero and still
    assert checked_zero  # the corners' update 4: θ = 0, y·score 0


def test_points_on_the_lifted_plane_are_said_to_be_mistakes():
    """Review (xor default, beat 26): after lifted update 1 the plane passes through
    points 2, 3, 4 (score 0); the caption says a point on it counts as a mistake (≤ 0),
    which is why updates 2–4 follow. Checked against the notes' perceptron on
    [x₁, x₂, x₁x₂]."""
    import re

    from story_runs import story

    for data in ("xor", "xor-cloud"):
        scene = story("xor", data, 0)
        X, y = scene.data.X, scene.data.y
        Z = np.column_stack([X, X[:, 0] * X[:, 1]])
        lifted = reference_perceptron(Z, y, 100)
        updates = [v for v in lifted["visits"] if v[3]]
        said = [m for s in scene.narration for m in re.finditer(
            r"Points? ([\d, and]+) lies? on the plane: y·score 0, and a "
            r"y·score ≤ 0 counts as a mistake(?:, so update (\d+) follows|, which is why updates "
            r"(\d+)–(\d+) follow)?\.", s)]
        # the first update whose plane holds points
        on = [[j + 1 for j in range(len(y))
               if y[j] * (Z[j] @ v[4] + v[5]) == 0] for v in updates]
        first = next((m for m, points in enumerate(on, start=1) if points), None)
        if first is None:
            assert not said
            continue
        (match,) = said
        assert [int(p) for p in re.findall(r"\d+", match.group(1))] == on[first - 1]
        # said right after the caption of that update (and, after the first, the one of its
        # curve in the data's plane)
        at = scene.narration.index(match.string)
        before = scene.narration[at - 1]
        if before.startswith("On the left, where that plane meets"):
            before = scene.narration[at - 2]
        assert before.startswith(f"Update {first}: ")
        # the updates that follow, each at a point with score 0 before it
        following = 0
        for v in updates[first:]:
            if v[2] != 0:
                break
            following += 1
        last = match.group(2) or match.group(4)
        assert int(last) == first + following
