"""Scenes that make their own data (margin-speed's sweep, the summary's rows) refuse data
options in one line, instead of silently rendering their own data; a lecture's --data
passes them by."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from linviz_pack.course import Course


def _cli(*args):
    from linviz_cli.app import cli, register

    register()
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("scene", ["margin-speed", "summary"])
@pytest.mark.parametrize("flags", [["--data", "noisy"], ["--standardize"],
                                   ["--features", "a,b"]])
def test_render_refuses_data_options(scene, flags, tmp_path):
    result = _cli("render", scene, *flags, "--out", str(tmp_path))
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"Error: scene {scene!r} makes its own data")
    assert flags[0] in line
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_lecture_s_data_passes_them_by():
    course = Course(data="noisy", scene_data={"xor": "xor-cloud"})
    assert course.data_for("margin-speed") is None and course.data_for("summary") is None
    assert course.data_for("noise") == "noisy" and course.data_for("xor") == "xor-cloud"
