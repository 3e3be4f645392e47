"""`list` and `render`: scene choice, options, errors, and real (small) renders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from linviz_cli import cli
from scenes.catalog import SCENES_IN_ORDER, available

from cli_helpers import assert_one_line_error

REPO_ROOT = Path(__file__).resolve().parents[2]


def invoke(runner, *args):
    return runner.invoke(cli, list(args), catch_exceptions=False)


def test_list_numbers_scenes_in_lecture_order(runner):
    result = invoke(runner, "list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    entries = available()
    assert len(lines) == len(entries)
    for line, entry in zip(lines, entries):
        number = SCENES_IN_ORDER.index(entry) + 1
        assert line.split()[0] == f"{number}." and line.split()[1] == entry.name


@pytest.mark.parametrize("command", ["list", "render"])
def test_help(runner, command):
    result = invoke(runner, command, "--help")
    assert result.exit_code == 0 and "Usage" in result.stdout


@pytest.mark.parametrize("args, fragments", [
    (["render", "no-such-scene"], ["unknown scene 'no-such-scene'"]),
    (["render", "99"], ["no scene number 99"]),
    (["render", "perceptron", "--data", "xor"], ["not separable"]),
    (["render", "perceptron", "--data", "offset1d"], ["2-D", "offset1d"]),
    (["render", "perceptron", "--data", "regression1d"], ["regression"]),
    (["render", "perceptron", "-q", "x"], ["'x' is not one of"]),
    (["render", "perceptron", "--format", "avi"], ["'avi' is not one of"]),
    (["render", "perceptron", "--theme", "neon"], ["'neon' is not one of"]),
    (["render", "perceptron", "--jobs", "0"], ["0"]),
])
def test_render_errors_are_one_line_and_write_nothing(runner, tmp_path, args, fragments):
    out = tmp_path / "out"
    result = invoke(runner, *args, "--out", str(out))
    assert_one_line_error(result, *fragments)
    assert not out.exists() or not any(out.iterdir())


def test_three_feature_csv_is_refused_by_a_2d_scene(runner, tmp_path):
    data = tmp_path / "three.csv"
    data.write_text("a,b,c,label\n1,2,3,yes\n2,1,0,no\n0,1,1,yes\n")
    result = invoke(runner, "render", "perceptron", "--data", str(data), "--out",
                    str(tmp_path / "out"))
    assert_one_line_error(result, "2-D", "3 feature")


def test_out_that_is_a_file_is_refused(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = invoke(runner, "render", "perceptron", "--out", str(blocker))
    assert_one_line_error(result, "is a file")
    assert blocker.read_text() == "x"


def test_render_png_writes_only_the_last_frame(runner, tmp_path):
    out = tmp_path / "frames"
    result = invoke(runner, "render", "perceptron-origin", "--format", "png",
                    "--theme", "light", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["perceptron-origin.png"]
    from PIL import Image

    image = Image.open(out / "perceptron-origin.png").convert("RGB")
    assert image.size == (854, 480)
    assert image.getpixel((2, 2)) == (255, 255, 255)  # the light theme's background


def test_render_by_number_writes_video_and_captions(tmp_path):
    """A real render in a subprocess, as a user runs it: the mp4 and its .srt."""
    out = tmp_path / "media"
    number = str(SCENES_IN_ORDER.index(
        next(e for e in SCENES_IN_ORDER if e.name == "perceptron-origin")) + 1)
    done = subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), "render", number,
                           "--out", str(out)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["perceptron-origin.mp4", "perceptron-origin.srt"]
    assert done.stdout.split() == [str(out / n) for n in ["perceptron-origin.mp4",
                                                           "perceptron-origin.srt"]]
    captions = (out / "perceptron-origin.srt").read_text()
    assert "-->" in captions and "perceptron" in captions
    import av

    with av.open(str(out / "perceptron-origin.mp4")) as movie:
        stream = movie.streams.video[0]
        assert (stream.width, stream.height) == (854, 480)
        assert 20 < movie.duration / 1e6 < 180
        seconds = movie.duration / 1e6
    # one caption at a time, none outlasting the video
    spans = [[caption_seconds(t) for t in line.split(" --> ")]
             for line in captions.splitlines() if " --> " in line]
    assert all(end <= start for (_, end), (start, _) in zip(spans, spans[1:]))
    assert spans[-1][1] <= seconds + 0.1
    assert not list(tmp_path.rglob("*.tex"))


def caption_seconds(stamp: str) -> float:
    """Seconds of an .srt time stamp HH:MM:SS,mmm."""
    hours, minutes, rest = stamp.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))


#: (scene, data it refuses): a CSV a line separates, one no line separates, one that only
#: an offset separates, 2-D data for a 1-D scene
NAMED_REFUSALS = [("perceptron", "mixed"), ("perceptron-origin", "shifted"),
                  ("proof", "shifted"), ("proof-offset", "mixed"), ("noise", "apart"),
                  ("logistic", "apart"), ("xor", "apart"), ("offset-lift", "apart")]


@pytest.mark.parametrize("scene, kind", NAMED_REFUSALS)
def test_a_scenes_refusal_names_the_scene_then_the_data_as_typed(runner, tmp_path, scene,
                                                                   kind):
    """Messages named the data sometimes by its file's stem ('vv'), sometimes by its path,
    sometimes as "the data", and began in four ways. The rule now: a scene's refusal
    begins "scene 'NAME': " and quotes the --data value as typed."""
    rows = {"apart": [(0, 0, "a"), (1, 0, "a"), (0, 1, "a"), (5, 5, "b"), (6, 5, "b"),
                      (5, 6, "b")],
            "mixed": [(0, 0, "a"), (1, 1, "b"), (2, 2, "a"), (3, 3, "b"), (0, 3, "a"),
                      (3, 0, "b"), (1.5, 1.4, "a")],
            "shifted": [(5, 5, "a"), (6, 5, "a"), (5, 6, "a"), (8, 8, "b"), (9, 8, "b"),
                        (8, 9, "b")]}[kind]
    folder = tmp_path / "my data"
    folder.mkdir()
    path = folder / "points.csv"
    path.write_text("x1,x2,label\n" + "".join(f"{a},{b},{c}\n" for a, b, c in rows))
    typed = str(path)
    result = invoke(runner, "render", scene, "--data", typed, "--raw", "--out",
                    str(tmp_path / "out"))
    assert_one_line_error(result, f"scene {scene!r}: ", repr(typed))
    line = [line for line in result.stderr.splitlines() if line.startswith("Error")][0]
    assert line.startswith(f"Error: scene {scene!r}: "), line
