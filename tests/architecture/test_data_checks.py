"""A scene's data is checked in one place (issue 35).

:func:`linviz.scene_checks.check_scene_input` makes every check, in its stated order: the
checks every scene makes (:data:`~linviz.scene_checks.GENERIC_CHECKS`) and the lesson's
own, which the engine's one list of scenes names
(:attr:`linviz.lessons.SceneLesson.data_check`). ``LinvizScene.check_data`` only calls
it, and no scene overrides it (read from the source, ast). The order is held on data that
fails several checks at once: the first in the order is the refusal said.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
import pytest

from linviz.dataset import CLASSIFICATION, Dataset
from linviz.errors import DataError
from linviz.lessons import SCENE_LESSONS, data_check_for
from linviz.scene_checks import GENERIC_CHECKS, SceneNeeds, check_scene_input

ROOT = Path(__file__).resolve().parents[2]
#: the one class that defines check_data
CHECKER = ("scenes/base.py", "LinvizScene")


def test_no_scene_class_but_the_base_defines_check_data():
    defining = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ClassDef) and (name, node.name) != CHECKER
                    and any(isinstance(item, ast.FunctionDef) and item.name == "check_data"
                            for item in node.body)):
                defining.append((name, node.name))
    assert defining == [], "name the lesson's check in linviz.lessons.SCENE_LESSONS"


def test_the_base_check_data_only_calls_the_engines_one_function():
    tree = ast.parse((ROOT / CHECKER[0]).read_text(encoding="utf-8"))
    base = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == CHECKER[1])
    method = next(item for item in base.body
                  if isinstance(item, ast.FunctionDef) and item.name == "check_data")
    called = {node.func.id if isinstance(node.func, ast.Name) else node.func.attr
              for node in ast.walk(method) if isinstance(node, ast.Call)}
    assert "check_scene_input" in called
    assert not called & {"check_scene_data", "is_separable"}


@pytest.mark.parametrize("scene", sorted(SCENE_LESSONS))
def test_every_named_lesson_check_exists_and_has_its_place(scene):
    entry = SCENE_LESSONS[scene]
    assert entry.data_check_after in (None, *GENERIC_CHECKS)
    if entry.data_check is None:
        assert entry.data_check_after is None and data_check_for(scene) == (None, None)
        return
    module = importlib.import_module(f"linviz.lessons.{entry.module}")
    assert callable(getattr(module, entry.data_check))
    assert data_check_for(scene) == (getattr(module, entry.data_check),
                                     entry.data_check_after)


def _data(X, y) -> Dataset:
    return Dataset(name="made", X=np.asarray(X, dtype=float), y=np.asarray(y, dtype=float),
                   task=CLASSIFICATION)


#: four 3-D points no plane through them all separates the XOR way, at 1e8 (too large)
HUGE_3D = _data(np.array([[1, 1, 0], [-1, -1, 0], [1, -1, 0], [-1, 1, 0]]) * 1e8,
                [1, 1, -1, -1])
#: the four XOR corners at 1e8: 2-D, too large to draw, and no line separates them
HUGE_XOR = _data(np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]]) * 1e8, [1, 1, -1, -1])


@pytest.mark.parametrize("scene, data, needs, said", [
    # the lesson's check first: its own words for data of another dimension
    ("classifier", HUGE_3D, SceneNeeds(), "scene 'classifier' draws 2-D data, but 'x.csv' "
                                          "has 3 feature(s): pick two"),
    # the features first, then the lesson's, then the values
    ("proof", HUGE_3D, SceneNeeds(separable="origin"), "scene 'proof' draws 2-D data, but "
                                                       "'x.csv' has 3 feature(s)"),
    ("proof", HUGE_XOR, SceneNeeds(separable="origin"), "scene 'proof': 'x.csv' is not "
                                                        "separable by any line"),
    # the features and values first, then the lesson's
    ("perceptron", HUGE_XOR, SceneNeeds(separable="offset"), "scene 'perceptron': data "
                                                             "'x.csv' has values up to 1e+08"),
    # no lesson check: the four in order
    ("logistic", HUGE_XOR, SceneNeeds(inseparable=True), "scene 'logistic': data 'x.csv' has "
                                                         "values up to 1e+08"),
])
def test_the_first_check_in_the_stated_order_is_the_refusal(scene, data, needs, said):
    with pytest.raises(DataError) as refused:
        check_scene_input(scene, data, "x.csv", needs)
    assert str(refused.value).startswith(said), str(refused.value)


#: 3-D classification data at ordinary sizes: every 2-D scene refuses it for its features
THREE_D = _data(np.array([[1, 1, 0], [-1, -1, 0], [1, -1, 0], [-1, 1, 0]]), [1, 1, -1, -1])


@pytest.mark.parametrize("scene", sorted(name for name, entry in SCENE_LESSONS.items()
                                         if entry.data_check is not None))
def test_a_lessons_check_called_alone_refuses_as_the_scene_does(scene):
    """A lesson's check called on its own (a tool, the story command, a test) refuses data
    of the wrong dimension in one line naming the data set by its name when no spec is
    given (quoted once); the line the scene's render says, where the lesson's check is the
    first to refuse it there (before the checks every scene makes, or after the features
    only when the lesson's words for them are the same)."""
    check, after = data_check_for(scene)
    drawn = 1 if scene == "offset-lift" else 2
    data = THREE_D
    with pytest.raises(DataError) as alone:
        check(data, None)
    with pytest.raises(DataError) as rendered:
        check_scene_input(scene, data, data.name, SceneNeeds(n_features=drawn))
    said = str(alone.value)
    assert "''" not in said and f"'{data.name}'" in said and "\n" not in said, said
    if after in (None, "features"):
        assert said == str(rendered.value), (said, str(rendered.value))


def test_the_engines_needs_of_each_scene_are_its_class_attributes():
    """The story command (no Manim) checks a scene's data with the needs the engine's list
    names (:func:`linviz.lessons.needs_for`); a render with the scene class's: the same
    for every scene of the catalogue."""
    from linviz.lessons import needs_for
    from scenes.catalog import SCENES_IN_ORDER

    for entry in SCENES_IN_ORDER:
        assert needs_for(entry.name) == entry.load().data_needs(), entry.name
