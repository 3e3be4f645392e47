"""The lecture-hall preset: `lecture --hall` (or -q hall, or quality = "hall" in a course
file) renders 1080p at 30 frames a second."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from linviz_cli import cli

ROOT = Path(__file__).resolve().parents[2]


def spied_settings(runner, monkeypatch, arguments):
    """The PackSettings `lecture` builds for ``arguments`` (nothing is rendered)."""
    from linviz_pack import build

    seen = []
    monkeypatch.setattr(build, "build_lecture",
                        lambda entries, out, settings, **kw: seen.append(settings)
                        or build.PackResult((), (), False, ()))
    result = runner.invoke(cli, ["lecture", "update", *arguments])
    return result, seen


def test_hall_asks_for_the_hall_preset(runner, tmp_path, monkeypatch):
    result, seen = spied_settings(runner, monkeypatch, ["--hall", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert [settings.quality for settings in seen] == ["hall"]


def test_a_course_file_asks_for_it_and_hall_wins_over_the_file(runner, tmp_path, monkeypatch):
    course = tmp_path / "course.toml"
    course.write_text('quality = "hall"\n', encoding="utf-8")
    result, seen = spied_settings(runner, monkeypatch,
                                  ["--course", str(course), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    course.write_text('quality = "l"\n', encoding="utf-8")
    result, again = spied_settings(runner, monkeypatch,
                                   ["--course", str(course), "--hall", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert [settings.quality for settings in seen + again] == ["hall", "hall"]


def test_hall_with_another_quality_is_refused_in_one_line(runner, tmp_path):
    result = runner.invoke(cli, ["lecture", "update", "--hall", "-q", "l", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 2
    assert "--hall" in result.stderr and "-q l" in result.stderr
    assert not any(tmp_path.iterdir())


def test_the_hall_preset_renders_1080p_at_30_frames_a_second(tmp_path):
    import av

    from linviz_render.scene import manim_command

    command = manim_command(ROOT / "benchmarks" / "empty_scene.py", "EmptyScene", "hall", "mp4",
                            tmp_path)
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "LINVIZ_EMPTY_SECONDS": "0.5"})
    assert done.returncode == 0, done.stderr
    movie = next(tmp_path.rglob("EmptyScene.mp4"))
    with av.open(str(movie)) as container:
        stream = container.streams.video[0]
        assert (stream.width, stream.height) == (1920, 1080)
        assert stream.guessed_rate == 30
        assert sum(1 for _ in container.decode(stream)) == 15


@pytest.mark.parametrize("quality", ["l", "h"])
def test_manims_own_presets_are_passed_as_they_are(quality, tmp_path):
    from linviz_render.scene import manim_command

    command = manim_command(ROOT / "scenes" / "update.py", "UpdateScene", quality, "mp4",
                            tmp_path)
    assert command[command.index("-q") + 1] == quality
    assert "--frame_rate" not in command
