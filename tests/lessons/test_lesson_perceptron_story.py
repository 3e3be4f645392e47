"""The perceptron scenes' storyboard: its run-dependent words against the run, recomputed
here (a plain loop over the notes' algorithm in tests/independent.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from independent import reference_perceptron
from linviz.dataset import Dataset
from linviz.errors import DataError
from linviz.gallery import gallery, gallery_case
from linviz.lessons import storyboard_for
from linviz.notation import symbols_of

try:
    import sklearn  # noqa: F401
    HAVE_SKLEARN = True
except ImportError:  # pragma: no cover
    HAVE_SKLEARN = False

CASES = [case for case in gallery("classification", 2) if HAVE_SKLEARN or not case.real]


def _board(scene, data):
    try:
        return storyboard_for(scene)(data)
    except DataError:
        pytest.skip(f"{scene} refuses this data")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_origin_scene_never_speaks_of_an_offset(case):
    """The issue: perceptron-origin spoke of θ₀ and "score θᵀx + θ₀" in a scene without one."""
    board = _board("perceptron-origin", case())
    for sentence in board.sentences():
        assert "θ₀" not in sentence, sentence
    for beat in board.beats:
        assert "theta_0" not in (beat.state["status"] or "")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("scene", ["perceptron", "perceptron-origin"])
def test_counts_and_the_ending_follow_the_run(case, scene):
    data = case()
    board = _board(scene, data)
    offset = scene == "perceptron"
    run = reference_perceptron(data.X, data.y, 1000, offset=offset)
    result = board.beats[-1].state
    ending = next(b.sentence for b in board.beats if b.section == ("result", "The result"))
    if run["converged"]:
        assert ending == (f"Converged: {run['updates']} update{'s' * (run['updates'] != 1)} in "
                          f"{run['epochs']} pass{'es' * (run['epochs'] != 1)}; the last pass "
                          f"made no update.")
    else:
        assert ending.startswith(f"Stopped after {run['updates']} updates")
    assert result["M"] == run["updates"] and result["t"] == run["epochs"]
    np.testing.assert_allclose(result["theta"], run["theta"])
    # every pass announced with its own count of mistakes
    per_pass = {}
    for epoch, _, _, mistake, _, _ in run["visits"]:
        per_pass[epoch] = per_pass.get(epoch, 0) + int(mistake)
    for sentence in board.sentences():
        said = re.match(r"Pass (\d+) visits the points (?:in order; it makes|again, in the "
                        r"same order:) (\d+) mistakes?", sentence)
        if said:
            assert int(said.group(2)) == per_pass[int(said.group(1))]
        clean = re.match(r"Pass (\d+): all \d+ points are classified correctly", sentence)
        if clean:
            assert per_pass[int(clean.group(1))] == 0


def test_a_tiny_score_is_not_said_as_zero():
    """The issue: "score 0.00, so y·score 0.00 ≤ 0" for a point at −0.0035 (on the wrong side,
    not on the line). Point 2 here scores 1·(−1.0035) + 0.5·0 + 1 = −0.0035 after the first
    update, θ = (1, 0.5), θ₀ = 1."""
    X = np.array([[1.0, 0.5], [-1.0035, 0.0], [-3.0, 0.2], [-3.5, -0.3], [2.0, 1.0],
                  [-3.2, 0.4]])
    y = np.array([1.0, 1.0, -1.0, -1.0, 1.0, -1.0])
    board = storyboard_for("perceptron")(Dataset("tiny-score", X, y))
    (said,) = [s for s in board.sentences() if s.startswith("Point 2,")]
    assert "score −0.0035, so y·score −0.0035 ≤ 0, a mistake" in said


@pytest.mark.parametrize("case", CASES[:8], ids=lambda c: c.name)
def test_the_w_notation_leaves_no_theta(case):
    board = _board("perceptron", case())
    for sentence in board.sentences("w"):
        assert not symbols_of(sentence, "theta"), sentence


@pytest.mark.parametrize("scene", ["perceptron", "perceptron-origin", "noise", "xor"])
def test_no_line_of_code_is_lit_before_the_start_is_said(scene):
    """The code's first line, θ = 0, was lit from the first beat, two or three sentences
    before "At θ = 0 …" is said. Now no line is lit until the sentence about the start (or,
    told briefly, until the first pass), and from then on one is lit at every beat."""
    from linviz.lessons import default_data_for

    board = storyboard_for(scene)(gallery_case(f"{default_data_for(scene)}:0")())
    lines = [beat.state["line"] for beat in board.beats]
    start = next(k for k, beat in enumerate(board.beats)
                 if re.search(r"(At|from) θ = 0", beat.sentence))
    assert all(line is None for line in lines[:start])
    assert lines[start] == 1


@pytest.mark.parametrize("scene, heard", [("perceptron", ()), ("perceptron-origin", ()),
                                          ("perceptron-origin", ("perceptron",)),
                                          ("noise", ()), ("xor", ()), ("noise", ("perceptron",)),
                                          ("xor", ("perceptron",))])
def test_the_counters_come_with_the_sentence_that_explains_them(scene, heard):
    """t, i, M and ℰₙ = 1.00 stood on the panel from the first beat, two sentences before
    "On the right: t counts passes, …" explains them. Told in full, they now come with that
    sentence, in noise and xor too (they were never explained there); told briefly, after
    the perceptron explained them, they come with the stage."""
    from linviz.lessons import default_data_for

    board = storyboard_for(scene)(gallery_case(f"{default_data_for(scene)}:0")(), heard=heard)
    shown = [beat.state["counters"] for beat in board.beats]
    explained = [k for k, beat in enumerate(board.beats) if beat.motion == "indicate-counters"]
    if heard:
        assert not explained and all(shown)
    else:
        assert len(explained) == 1
        assert not any(shown[:explained[0]]) and all(shown[explained[0]:])
        assert "t counts passes" in board.beats[explained[0]].sentence
