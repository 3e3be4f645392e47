"""`render.py story`: a scene's storyboard from the engine, without Manim."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from linviz.notation import symbols_of
from linviz.spoken import spoken_text

from cli_helpers import python_output



def _story(*args):
    from linviz_cli.app import cli, register

    register()
    return CliRunner().invoke(cli, ["story", *args])


def test_story_json_is_the_storyboard_without_importing_manim():
    """Run in a fresh interpreter, for every scene of the catalogue on its default data: the
    command answers with its storyboard and Manim was never imported."""
    code = ("import sys, json\n"
            "from click.testing import CliRunner\n"
            "from linviz_cli.app import cli, register\n"
            "from scenes.catalog import SCENES_IN_ORDER\n"
            "register()\n"
            "for entry in SCENES_IN_ORDER:\n"
            "    result = CliRunner().invoke(cli, ['story', entry.name, '--json'])\n"
            "    assert result.exit_code == 0, (entry.name, result.output)\n"
            "    board = json.loads(result.output)\n"
            "    assert board['scene'] == entry.name and board['beats'], entry.name\n"
            "print('manim' in sys.modules)\n")
    assert python_output(code) == "False"


@pytest.mark.parametrize("name", ["perceptron", "perceptron-origin"])
def test_every_beat_has_its_sentence_spoken_form_and_state(name):
    result = _story(name, "--json")
    assert result.exit_code == 0, result.output
    board = json.loads(result.output)
    assert board["scene"] == name and board["beats"]
    sections = [beat["section"][0] for beat in board["beats"] if beat["section"]]
    assert sections[0] == "setup" and sections[-1] == "result"
    for beat in board["beats"]:
        assert beat["spoken"] == spoken_text(beat["sentence"], "theta")
        assert {"t", "i", "M", "theta", "line", "status"} <= set(beat["state"])


def test_the_w_notation_reaches_sentences_and_states():
    board = json.loads(_story("perceptron", "--json", "--notation", "w").output)
    for beat in board["beats"]:
        assert not symbols_of(beat["sentence"], "theta"), beat["sentence"]
        status = beat["state"]["status"]
        assert status is None or "theta" not in status


@pytest.mark.parametrize("args,words", [
    (["perceptron", "--data", "noisy"], "is not separable: the 'noise' scene"),
    (["perceptron-origin", "--data", "{shifted}"], "not separable through the origin"),
    (["summary", "--data", "noisy"], "makes its own data"),
    (["perceptron", "--data", "no-such"], "unknown data set"),
])
def test_refusals_are_one_line_and_exit_2(args, words, tmp_path):
    shifted = tmp_path / "shifted.csv"  # separable with an offset, not through the origin
    shifted.write_text("a,b,class\n3,1,p\n4,1.5,p\n3.5,0.5,p\n1,0.2,n\n1.5,0.3,n\n1.2,0.1,n\n",
                       encoding="utf-8")
    result = _story(*[arg.format(shifted=shifted) for arg in args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0]
