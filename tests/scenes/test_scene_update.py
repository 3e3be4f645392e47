"""The update scene shows the engine's numbers, and they obey the notes' identity.

The scene is rendered once (dry run, tiny frames); what it shows is compared
with a perceptron written out from the notes (``tests/independent.py``), so
the engine, the scene's reading of the trace and the drawings are all checked.
"""

from __future__ import annotations

import numpy as np
import pytest

from linviz import make_builtin
from linviz.lessons.update import (
    first_point_still_wrong, history_rows, places_that_add_up, score_history,
)
from scenes.update import UpdateScene

from independent import reference_perceptron
from scene_helpers import tiny_dry_run


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    media = tmp_path_factory.mktemp("update-media")
    with tiny_dry_run(media):
        scene = UpdateScene()
        scene.render()
    return scene, media


def reference_states(data):
    """(θ, θ₀) after 0, 1, 2, … updates of the notes' perceptron with offset."""
    run = reference_perceptron(data.X, data.y, tau=100, offset=True)
    states = [(np.zeros(data.n_features), 0.0)]
    states += [(theta, theta0) for _, _, _, mistake, theta, theta0 in run["visits"] if mistake]
    return run, states


def value_on_line(line, point):
    """The score at a screen point, from the drawn line's ends and its range alone."""
    left, right = line.line.get_start(), line.line.get_end()
    fraction = (point[0] - left[0]) / (right[0] - left[0])
    return line.low + fraction * (line.high - line.low)


def test_the_explained_mistake_is_the_notes_first_mistake_below_zero(rendered):
    scene, _ = rendered
    data = make_builtin("separable")
    run, _ = reference_states(data)
    visits = run["visits"]
    mistakes = [k for k, visit in enumerate(visits) if visit[3]]
    k = next((k for k in mistakes if visits[k][2] < 0), mistakes[0])
    _, i, score, _, theta_after, theta0_after = visits[k]
    theta_before, theta0_before = (visits[k - 1][4], visits[k - 1][5]) if k else (0 * theta_after,
                                                                                  0.0)
    x, y = data.X[i], data.y[i]

    assert scene.step_index == k and scene.point == i
    old = y * (np.dot(theta_before, x) + theta0_before)
    new = y * (np.dot(theta_after, x) + theta0_after)
    gain = float(np.sum(x * x)) + 1
    assert old < 0  # the default data has such a mistake: the scene explains one
    assert scene.old_score == pytest.approx(old, abs=1e-12)
    assert scene.gain == pytest.approx(gain, abs=1e-12)
    assert scene.new_score == pytest.approx(new, abs=1e-12)
    # the notes' identity, on the numbers the scene shows
    assert scene.old_score + scene.gain == pytest.approx(scene.new_score, abs=1e-12)
    np.testing.assert_allclose(scene.theta_before, theta_before, atol=1e-12)
    np.testing.assert_allclose(scene.theta_after, theta_after, atol=1e-12)
    # the rounded numbers on screen add up too
    p = scene.places
    assert round(round(scene.old_score, p) + round(scene.norm_squared, p) + 1, p) == round(
        scene.new_score, p)


def test_the_number_line_marker_ends_on_the_new_score(rendered):
    scene, _ = rendered
    line = scene.score_line
    assert value_on_line(line, line.marker_point()) == pytest.approx(scene.new_score, abs=1e-6)
    assert value_on_line(line, line.zero.get_center()) == pytest.approx(0.0, abs=1e-9)
    assert line.low <= min(scene.old_score, 0) and line.high >= scene.new_score
    # the marker is coloured by the side it ends on
    expected = scene.theme.correct if scene.new_score > 0 else scene.theme.mistake
    assert line.marker[0].get_fill_color().to_hex().lower() == expected.lower()


def test_several_updates_history_is_the_notes_run(rendered):
    scene, _ = rendered
    # the default run fixes every point it updates, so the scene looks elsewhere
    data = make_builtin(scene.several_data, scene.several_seed)
    _, states = reference_states(data)
    j = scene.several_point
    x, y = data.X[j], data.y[j]
    history = np.array([y * (np.dot(theta, x) + theta0) for theta, theta0 in states])
    np.testing.assert_allclose(scene.history, history, atol=1e-9)

    last = scene.rows[-1][1]
    own = [(a, b) for a, b, is_own in scene.rows if is_own]
    assert len(own) >= 2  # several updates on the point itself
    for a, b in own:  # each of its own updates adds exactly ‖x‖² + 1
        assert history[b] - history[a] == pytest.approx(float(x @ x) + 1, abs=1e-9)
    a, b = own[0]
    assert history[a] <= 0 and history[b] <= 0  # still a mistake after one update
    line = scene.history_line
    assert value_on_line(line, line.marker_point()) == pytest.approx(history[last], abs=1e-6)
    # rows cover the states 0..last without gaps
    assert scene.rows[0][0] == 0
    assert all(r[1] == s[0] for r, s in zip(scene.rows, scene.rows[1:]))


def test_narration_sections_and_no_tex(rendered):
    scene, media = rendered
    assert scene.sections == ["identity", "a-real-mistake", "number-line", "several-updates"]
    assert len(scene.narration) >= len(scene.sections)
    assert all(sentence.strip() for sentence in scene.narration)
    said = " ".join(scene.narration)
    for value in (scene.old_score, scene.norm_squared, scene.new_score):
        assert scene.f(value).replace("-", "−") in said  # captions use a real minus sign
    assert not list(media.rglob("*.tex"))


def test_helpers_on_small_cases():
    assert places_that_add_up(-0.3883, 1.0246, 1.6363) == 4
    assert places_that_add_up(-0.5, 1.25, 1.75) == 2
    owners = np.array([0, 1, 2, 1, 3, 4, 1])
    assert history_rows(owners, 1) == [(0, 1, False), (1, 2, True), (2, 3, False),
                                       (3, 4, True), (4, 5, False), (5, 6, False),
                                       (6, 7, True)]
    # too many rows: updates on other points between two of its own share a row
    merged = history_rows(owners, 1, max_rows=6)
    assert merged == [(0, 1, False), (1, 2, True), (2, 3, False), (3, 4, True),
                      (4, 6, False), (6, 7, True)]


def test_first_point_still_wrong_agrees_with_the_notes():
    from linviz.perceptron import Perceptron

    data = make_builtin("offset1d", seed=2)
    trace = Perceptron(epochs=100, offset=True).fit(data).trace_
    run, states = reference_states(data)
    mistakes = [v for v in run["visits"] if v[3]]
    expected = None
    for m, (_, i, _, _, theta, theta0) in enumerate(mistakes, start=1):
        if data.y[i] * (np.dot(theta, data.X[i]) + theta0) <= 0:
            expected = i
            break
    assert expected is not None
    assert first_point_still_wrong(trace) == expected
    history = score_history(trace, expected)
    assert len(history) == len(states)
