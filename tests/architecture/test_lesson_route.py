"""A lesson reaches a scene by one route (issue 35).

``LinvizScene.make_trace`` (``scenes/base.py``) is the route: the scene's lesson
(``make_lesson``), its storyboard (``make_storyboard``), then the run it replays
(``trace_of``). Scenes define those steps and never the route itself, and they call
their lesson function directly: ``linviz.lessons.lesson_for`` stays in the engine
for tests and tools. Read from the source (ast), so a scene that is never rendered
in the tests is held to it too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENE_FILES = sorted((ROOT / "scenes").rglob("*.py"))
#: the one class that defines the route
ROUTE = ("scenes/base.py", "LinvizScene")


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _trees():
    for path in SCENE_FILES:
        yield _name(path), ast.parse(path.read_text(encoding="utf-8"))


def test_no_scene_class_defines_make_trace():
    defining = [(name, node.name) for name, tree in _trees() for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef) and (name, node.name) != ROUTE
                and any(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and item.name == "make_trace" for item in node.body)]
    assert defining == [], "scenes define make_lesson/make_storyboard/trace_of, not make_trace"


def test_the_route_is_in_the_base_class():
    tree = ast.parse((ROOT / ROUTE[0]).read_text(encoding="utf-8"))
    base = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == ROUTE[1])
    methods = {item.name for item in base.body if isinstance(item, ast.FunctionDef)}
    assert {"make_trace", "make_lesson", "make_storyboard", "trace_of"} <= methods


def test_no_scene_module_reaches_its_lesson_through_lesson_for():
    found = []
    for name, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and any(alias.name == "lesson_for"
                                                        for alias in node.names):
                found.append((name, node.lineno, "imports lesson_for"))
            elif isinstance(node, ast.Call):
                called = node.func
                called_name = (called.id if isinstance(called, ast.Name) else
                               called.attr if isinstance(called, ast.Attribute) else None)
                if called_name == "lesson_for":
                    found.append((name, node.lineno, "calls lesson_for"))
    assert found == [], "a scene imports its lesson function from linviz.lessons.<scene>"


def _catalogued():
    from scenes.catalog import SCENES_IN_ORDER

    return [(entry.name, entry.load()) for entry in SCENES_IN_ORDER]


@pytest.mark.parametrize("step", ["make_lesson", "make_storyboard"])
def test_every_catalogued_scene_has_its_own_lesson_and_storyboard(step):
    """Its own, or inherited from a scene that has one: not the base's default (None)."""
    from scenes.base import LinvizScene

    default = vars(LinvizScene)[step]
    missing = [name for name, scene_class in _catalogued()
               if getattr(scene_class, step) is default]
    assert missing == []
