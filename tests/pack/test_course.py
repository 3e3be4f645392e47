"""The course file: read, checked field by field, one line for each mistake."""

from __future__ import annotations

import pytest

from linviz_pack.course import TEMPLATE, Course, CourseError, read_course


def _write(tmp_path, text, name="course.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_template_reads_back_as_the_defaults(tmp_path):
    # every field the template sets is the default it documents
    assert Course(**read_course(_write(tmp_path, TEMPLATE))) == Course()


def test_a_full_course_file_is_read_with_paths_from_its_folder(tmp_path):
    (tmp_path / "data").mkdir()
    path = _write(tmp_path, """
title = "Linear   classifiers"
course = "CS 229"
lecturer = "Ada Lovelace"
date = "1 December 2026"
scenes = ["perceptron", "classifier"]
theme = "light"
quality = "h"
slides_reverse = true
seed = 7
data = "data/iris.csv"
[scene_data]
regression = "regression1d"
""")
    course = Course(**read_course(path))
    assert course.title == "Linear classifiers"          # spaces as one
    assert course.scenes == ("perceptron", "classifier")  # the lecturer's order, kept
    assert (course.theme, course.quality, course.seed) == ("light", "h", 7)
    assert course.slides_reverse is True
    assert course.data == str(tmp_path / "data" / "iris.csv")
    assert course.data_for("regression") == "regression1d"     # a built-in name stays a name
    assert course.data_for("perceptron") == course.data
    assert course.byline() == "CS 229 · Ada Lovelace · 1 December 2026"


@pytest.mark.parametrize("text, message", [
    ('titel = "x"', r"course\.toml: unknown field 'titel'; a course file has: title, course"),
    ('theme = "blue"', r"course\.toml: theme must be one of dark, light, got 'blue'"),
    ('quality = "x"', r"course\.toml: quality must be one of l, m, h, p, k"),
    ("seed = -1", r"course\.toml: seed must be a whole number from 0 to 4,294,967,295"),
    ("seed = true", r"course\.toml: seed must be a whole number"),
    ('slides_reverse = "yes"', r"course\.toml: slides_reverse must be true or false, got 'yes'"),
    ('scenes = ["perceptron", "nope"]', r"course\.toml: no scene called 'nope'; scenes: "),
    ("scenes = []", r"course\.toml: scenes must be a list of scene names"),
    ("title = 3", r"course\.toml: title must be text in quotes, got 3"),
    ('title = "' + "x" * 121 + '"', r"course\.toml: title is 121 characters; at most 120"),
    ('title = "x"\ntitle = "y"', r"course\.toml: not a TOML file: .*line 2"),
    ('title = "unclosed', r"course\.toml: not a TOML file: .*line 1"),
    ("scene_data = 3", r"course\.toml: scene_data must be a table"),
    ('[scene_data]\nnope = "x"', r"course\.toml: no scene called 'nope'"),
])
def test_each_mistake_is_one_line_naming_the_file_and_field(tmp_path, text, message):
    with pytest.raises(CourseError, match=message) as raised:
        read_course(_write(tmp_path, text + "\n"))
    assert "\n" not in str(raised.value)


def test_a_course_file_that_is_not_text_or_is_a_folder_is_one_line(tmp_path):
    binary = tmp_path / "course.toml"
    binary.write_bytes(b"\xff\xfe\x00title")
    with pytest.raises(CourseError, match="not a text file"):
        read_course(binary)
    with pytest.raises(CourseError, match="is a folder"):
        read_course(tmp_path)


def test_course_init_writes_the_template_and_keeps_an_existing_file(runner, tmp_path):
    from linviz_cli import cli

    path = tmp_path / "course.toml"
    first = runner.invoke(cli, ["course", "init", str(path)])
    assert first.exit_code == 0, first.stderr
    assert path.read_text(encoding="utf-8") == TEMPLATE
    path.write_text('title = "mine"\n', encoding="utf-8")
    again = runner.invoke(cli, ["course", "init", str(path)])
    assert again.exit_code == 2 and "exists; give --force" in again.stderr
    assert path.read_text(encoding="utf-8") == 'title = "mine"\n'
    forced = runner.invoke(cli, ["course", "init", str(path), "--force"])
    assert forced.exit_code == 0 and path.read_text(encoding="utf-8") == TEMPLATE
