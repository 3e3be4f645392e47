"""A lecture says a mechanism in full once, briefly after (linviz.lessons.heard).

Told after the perceptron's walk-through, a perceptron run explains no update and plays
each pass's updates under one sentence whose counts are the trace's; told after the
proof, the offset proof recalls it in fewer words, beat for beat. Told alone, a scene
says everything. The pack hands each scene the scenes before it.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from linviz.lessons import default_data_for, storyboard_for, task_for
from linviz.lessons.heard import proof_heard, walk_through_heard
from linviz.storyboard import HOLD
from linviz.sources import resolve_data

RUNS = [("perceptron-origin", "separable-origin", 0), ("perceptron-origin", "separable", 2),
        ("noise", "noisy", 0), ("noise", "noisy", 1), ("xor", "xor", 0),
        ("xor", "xor-cloud", 1), ("perceptron", "separable", 1)]


def board(name, spec, seed, heard=()):
    data = resolve_data(spec, seed=seed, task=task_for(name))
    return data, storyboard_for(name)(data, seed=seed, heard=heard)


def words(storyboard) -> int:
    return sum(len(sentence.split()) for sentence in storyboard.sentences())


def test_what_counts_as_heard():
    assert walk_through_heard(("classifier", "perceptron"))
    assert walk_through_heard(["perceptron-origin"])
    assert not walk_through_heard(("classifier", "update", "margin"))
    assert proof_heard(("proof",)) and not proof_heard(("perceptron", "margin"))


@pytest.mark.parametrize("name,spec,seed", RUNS)
def test_a_run_told_after_the_walk_through_explains_no_update(name, spec, seed):
    _, alone = board(name, spec, seed)
    data, brief = board(name, spec, seed, heard=("perceptron-origin",) if name == "perceptron"
                        else ("perceptron",))
    motions = {beat.motion for beat in brief.beats}
    assert not motions & {"mistake", "tip-to-tail", "update", "mistake-update"}
    assert words(brief) < words(alone)
    # told alone, the first scene of the family explains its first update in full
    if name.startswith("perceptron"):
        assert "mistake" in {beat.motion for beat in alone.beats}


@pytest.mark.parametrize("name,spec,seed", RUNS)
def test_each_pass_said_briefly_counts_the_traces_updates(name, spec, seed):
    """"Pass t, played quickly: k mistakes, so k updates": k is the number of mistakes the
    trace records in that pass (counted here from the trace's steps), and the state at the
    beat's end has M equal to the updates made so far."""
    data, brief = board(name, spec, seed, heard=("perceptron",) if name != "perceptron"
                        else ("perceptron-origin",))
    trace = beat_trace(name, data, seed)
    said = 0
    for beat in brief.beats:
        match = re.match(r"Pass (\d+)(?: begins)?, played quickly: (\d+) mistakes?", beat.sentence)
        if not match:
            continue
        said += 1
        epoch, count = int(match.group(1)), int(match.group(2))
        start, end = beat.steps
        steps = trace.steps
        assert set(np.asarray(steps["epoch"][start:end]).tolist()) == {epoch}
        assert int(np.count_nonzero(steps["mistake"][start:end])) == count
        assert beat.state["M"] == int(np.count_nonzero(steps["mistake"][:end]))
    assert said >= 1


def beat_trace(name, data, seed):
    """The run a perceptron-family scene tells, made here by the learner itself."""
    from linviz.lessons.noise import noise_lesson
    from linviz.lessons.perceptron import perceptron_lesson
    from linviz.lessons.xor import xor_lesson

    if name == "xor":
        return xor_lesson(data).run.trace
    if name == "noise":
        return noise_lesson(data).run.trace
    return perceptron_lesson(data, offset=name == "perceptron").trace


@pytest.mark.parametrize("spec,seed", [("separable", 0), ("small-margin", 0), ("separable", 3)])
def test_the_offset_proof_after_the_proof_recalls_it_beat_for_beat(spec, seed):
    _, alone = board("proof-offset", spec, seed)
    _, brief = board("proof-offset", spec, seed, heard=("proof",))
    # the same pictures in the same order (a thought said in two sentences alone, HOLD, is
    # one in brief)
    # one in brief); the chain's reasons, given in a sentence of their own alone, come with
    # the chain when it is recalled
    drawn = lambda board: [b for b in board.beats  # noqa: E731
                           if b.motion not in (HOLD, "chain-reasons")]
    # recalled, the other updates are swept through at once ("fast-updates")
    same = lambda motion: "updates" if motion == "fast-updates" else motion  # noqa: E731
    assert ([same(b.motion) for b in drawn(brief)] == [same(b.motion) for b in drawn(alone)])
    picture = lambda beat: {k: v for k, v in beat.state.items() if k != "reasons"}  # noqa: E731
    assert [picture(b) for b in drawn(brief)] == [picture(b) for b in drawn(alone)]
    # and both end the chain with its reasons on it
    assert all(b.state["reasons"] for board in (alone, brief) for b in board.beats
               if b.motion == "highlight-chain")
    assert words(brief) < 0.7 * words(alone)
    # what is new, the lift and the two runs, is said in full
    lift = [b.sentence for b in alone.beats if b.motion in ("lift-rows", "runs-table",
                                                            "runs-verdict")]
    assert lift == [b.sentence for b in brief.beats if b.motion in ("lift-rows", "runs-table",
                                                                    "runs-verdict")]


def test_a_scene_told_alone_says_everything():
    data = resolve_data(default_data_for("perceptron-origin"), seed=0,
                        task=task_for("perceptron-origin"))
    assert (storyboard_for("perceptron-origin")(data).sentences()
            == storyboard_for("perceptron-origin")(data, heard=("update", "margin")).sentences())


def test_the_pack_hands_each_scene_the_scenes_before_it():
    from linviz_pack.rendered import render_options, scene_request
    from scenes.catalog import SCENES_IN_ORDER
    from linviz.request import RenderRequest

    entry = SCENES_IN_ORDER[2]
    options = render_options(entry, "l", None, 0, "dark", "light",
                             heard=[e.name for e in SCENES_IN_ORDER[:2]])
    request = scene_request(options)
    assert request.heard == tuple(e.name for e in SCENES_IN_ORDER[:2])
    # through the environment, as the scene's process reads it
    assert RenderRequest.from_environment(request.environment()).heard == request.heard


def test_story_after_tells_the_scene_as_the_lecture_does():
    from click.testing import CliRunner

    from linviz_cli import cli

    alone = CliRunner().invoke(cli, ["story", "perceptron-origin"])
    after = CliRunner().invoke(cli, ["story", "perceptron-origin", "--after", "perceptron"])
    assert alone.exit_code == 0 and after.exit_code == 0, after.output
    assert "Tip to tail" in alone.output and "Tip to tail" not in after.output
    wrong = CliRunner().invoke(cli, ["story", "perceptron-origin", "--after", "nope"])
    assert wrong.exit_code == 2 and "nope" in wrong.output


def test_two_updates_are_both_not_all_two():
    """"all 2 updates agree" (review): two are "both". The run is counted here: on these four
    points the perceptron with offset updates on the first two visits, then never again."""
    from linviz.dataset import Dataset

    X = np.array([[1.0, 0.5], [-1.0, 0.3], [1.2, -0.4], [-0.9, -0.6]])
    y = np.array([1.0, -1.0, 1.0, -1.0])
    theta, theta0, updates = np.zeros(2), 0.0, 0
    for _ in range(10):
        wrong = 0
        for x, label in zip(X, y):
            if label * (theta @ x + theta0) <= 0:
                theta, theta0, updates, wrong = theta + label * x, theta0 + label, updates + 1, 1
        if not wrong:
            break
    assert updates == 2
    board = storyboard_for("proof-offset")(Dataset("four", X, y))
    (said,) = [s for s in board.sentences() if "agree" in s]
    assert "both updates agree" in said and "all 2" not in said
