"""The scene layer stays small enough to read: no file in ``scenes/`` over
:data:`MOST_LINES` lines and no function over :data:`MOST_FUNCTION_LINES`, but for the
exceptions listed here with their reasons (none today). Read from the source (ast); an
exception that has come under its limit must leave the list, so the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 400
MOST_FUNCTION_LINES = 60

#: files allowed over :data:`MOST_LINES` for now, each with why (relative to the root):
#: none
LONG_FILES: dict[str, str] = {}
#: functions allowed over :data:`MOST_FUNCTION_LINES` for now: (file, name) and why: none
LONG_FUNCTIONS: dict[tuple[str, str], str] = {}


def file_lengths(root: Path) -> dict[str, int]:
    """The lines of each Python file under ``root``/scenes, by its path from ``root``."""
    return {p.relative_to(root).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted((root / "scenes").rglob("*.py"))}


def function_lengths(root: Path) -> dict[tuple[str, str], int]:
    """The lines of each function (method, nested function) under ``root``/scenes, by
    (its file's path from ``root``, its name); the longest of the same name in a file."""
    lengths: dict[tuple[str, str], int] = {}
    for path in sorted((root / "scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = (path.relative_to(root).as_posix(), node.name)
                lengths[key] = max(lengths.get(key, 0), node.end_lineno - node.lineno + 1)
    return lengths


def test_no_scene_file_is_longer_than_the_limit():
    lengths = file_lengths(ROOT)
    long = {name for name, n in lengths.items() if n > MOST_LINES}
    assert long <= set(LONG_FILES), {name: lengths[name] for name in long - set(LONG_FILES)}
    # an exception under its limit leaves the list
    assert not {name for name in LONG_FILES if lengths.get(name, 0) <= MOST_LINES}


def test_no_function_in_the_scenes_is_longer_than_the_limit():
    lengths = function_lengths(ROOT)
    long = {key for key, n in lengths.items() if n > MOST_FUNCTION_LINES}
    assert long <= set(LONG_FUNCTIONS), {key: lengths[key] for key in long - set(LONG_FUNCTIONS)}
    assert not {key for key in LONG_FUNCTIONS if lengths.get(key, 0) <= MOST_FUNCTION_LINES}


def test_the_counts_catch_a_long_file_and_a_long_function(tmp_path):
    """On a made-up scenes folder: a file of 401 lines, a method of 61 lines (its def line
    included) and one of 60 are counted so."""
    body = "\n".join(f"        x{i} = {i}" for i in range(60))
    short = "\n".join(f"        y{i} = {i}" for i in range(59))
    source = f"class A:\n    def long(self):\n{body}\n    def short(self):\n{short}\n"
    source += "\n" * (MOST_LINES + 1 - len(source.splitlines()))
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "a.py").write_text(source, encoding="utf-8")
    assert file_lengths(tmp_path) == {"scenes/a.py": MOST_LINES + 1}
    assert function_lengths(tmp_path) == {("scenes/a.py", "long"): 61,
                                          ("scenes/a.py", "short"): 60}
