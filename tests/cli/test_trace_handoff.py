"""`render --trace FILE`: a saved trace is what the scene plays, or one line says why not;
every data option of `trace` reaches the scene as one request."""

from __future__ import annotations

import json

import numpy as np
import pytest

from linviz import Perceptron, make_builtin
from linviz.trace import Trace
from scenes.perceptron import PerceptronScene
from linviz.request import VARIABLE, RenderRequest

from story_runs import story_with


@pytest.fixture
def saved(tmp_path):
    def save(name="small-margin", seed=1, offset=True, mistakes_only=False, epochs=100):
        trace = Perceptron(epochs=epochs, offset=offset).fit(make_builtin(name, seed=seed)).trace_
        path = tmp_path / f"{name}-{seed}-{offset}-{mistakes_only}-{epochs}.json"
        trace.save(path, mistakes_only=mistakes_only)
        return path
    return save


def test_the_scene_plays_the_saved_trace_on_its_data(saved):
    path = saved()
    scene = story_with(PerceptronScene, trace_file=str(path))
    expected = Trace.load(path)
    assert scene.trace == expected
    np.testing.assert_array_equal(scene.data.X, expected.data.X)
    assert any(f"{expected.result['updates']} updates" in s for s in scene.narration)


@pytest.mark.parametrize("scene,make,pattern", [
    ("proof", {}, r"made with offset=True; scene 'proof' plays runs with offset=False"),
    ("perceptron", {"mistakes_only": True}, r"keeps only some steps \(--mistakes-only\)"),
    ("xor", {}, r"scene 'xor' plays runs it makes itself; --trace works for"),
    ("proof-offset", {"epochs": 1, "name": "small-margin", "seed": 2},
     r"stopped after 1 epochs without converging.*raise --epochs"),
])
def test_a_trace_that_does_not_fit_is_refused_in_one_line(runner, saved, tmp_path, scene,
                                                        make, pattern):
    from linviz_cli import cli

    path = saved(**make)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", scene, "--trace", str(path), "--out", str(out)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert __import__("re").search(pattern, lines[0]), lines[0]
    assert not out.exists() or not any(out.iterdir())


def test_trace_and_data_together_are_refused(runner, saved, tmp_path):
    from linviz_cli import cli

    result = runner.invoke(cli, ["render", "perceptron", "--trace", str(saved()), "--data",
                                 "separable", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "give --trace or --data, not both" in result.stderr


def test_csv_options_reach_the_scene_as_one_request(tmp_path, monkeypatch):
    csv = tmp_path / "pets.csv"
    rows = ["a,b,kind"] + [f"{x},{y},{'cat' if x > y else 'dog'}"
                           for x, y in [(1, 0), (2, 0.5), (0, 1), (0.5, 2), (3, 1), (1, 3)]]
    csv.write_text("\n".join(rows) + "\n")
    request = RenderRequest(data=str(csv), seed=4, theme="light", positive="dog",
                            label_column="kind").with_absolute_paths()
    monkeypatch.setenv(VARIABLE, request.environment()[VARIABLE])
    assert json.loads(request.environment()[VARIABLE])["positive"] == "dog"
    data = PerceptronScene.load_data()  # in "the Manim process": read from the variable
    x_dog = np.array([0.0, 1.0])
    assert data.y[[np.allclose(x, x_dog) for x in data.X].index(True)] == 1.0
    assert PerceptronScene.options() == (str(csv.resolve()), 4, "light")


def test_a_request_variable_not_made_by_render_is_refused(monkeypatch):
    from linviz.errors import DataError

    monkeypatch.setenv(VARIABLE, '{"data": "separable", "colour": "red"}')
    with pytest.raises(DataError, match="not a render request"):
        RenderRequest.from_environment()


def test_features_and_standardize_reach_the_scene_as_one_request(tmp_path, monkeypatch):
    from scenes.perceptron import PerceptronScene
    from linviz.request import VARIABLE, RenderRequest

    csv = tmp_path / "wide.csv"
    rows = ["a,b,c,kind"] + [f"{x},{10 * y},{x + y},{'cat' if x > y else 'dog'}"
                             for x, y in [(1, 0), (2, 0.5), (0, 1), (0.5, 2), (3, 1), (1, 3)]]
    csv.write_text("\n".join(rows) + "\n")
    request = RenderRequest(data=str(csv), features=("b", "a"),
                            standardize=True).with_absolute_paths()
    monkeypatch.setenv(VARIABLE, request.environment()[VARIABLE])
    data = PerceptronScene.load_data()  # in "the Manim process": read from the variable
    assert data.feature_names == ("b", "a")
    raw = np.array([[0, 1], [5, 2], [10, 0], [20, 0.5], [10, 3], [30, 1]], dtype=float)
    np.testing.assert_allclose(data.X, (raw - raw.mean(axis=0)) / raw.std(axis=0))
