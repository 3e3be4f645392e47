"""Every scene's lesson over the whole gallery, without Manim: each data set is either
taught (a lesson comes back) or refused in one line that says why and what to use
instead (a DataError). Nothing else: no traceback, no other exception, no NaN in a
number a scene would show. The claims themselves are tested per scene family in
tests/test_lesson_*.py against independent computations.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

import numpy as np
import pytest

from linviz.errors import DataError
from linviz.gallery import GALLERY
from linviz.lessons import LESSON_MODULES, lesson_for


def takes_data(scene: str) -> bool:
    """Whether the scene's lesson is made from a data set (summary and margin-speed make
    their own data from a seed: their lesson tests sweep seeds)."""
    first = next(iter(inspect.signature(lesson_for(scene)).parameters.values()))
    return first.name == "data" and first.default is inspect.Parameter.empty


def cases():
    for scene in sorted(LESSON_MODULES):
        if not takes_data(scene):
            continue
        for case in GALLERY:
            yield pytest.param(scene, case, id=f"{scene}[{case.name}]")


def finite_numbers(value, where: str) -> None:
    """Every float of a lesson (fields, arrays, nested lessons) is finite."""
    if isinstance(value, float):
        assert np.isfinite(value), where
    elif isinstance(value, np.ndarray) and value.dtype.kind == "f":
        assert np.all(np.isfinite(value)), where


@pytest.mark.parametrize("scene, case", list(cases()))
def test_a_lesson_is_taught_or_refused_in_one_line(scene, case):
    if case.real:
        pytest.importorskip("sklearn")
    data = case()
    try:
        lesson = lesson_for(scene)(data)
    except DataError as refusal:
        message = str(refusal)
        assert "\n" not in message and 20 <= len(message) <= 400, message
        # says what to do: another scene, data set or option
        assert re.search(r"\buse\b|\btry\b|scene|--|rescale|standardi", message), message
        return
    assert dataclasses.is_dataclass(lesson) and lesson.__dataclass_params__.frozen
    for field in dataclasses.fields(lesson):
        finite_numbers(getattr(lesson, field.name), f"{scene} {case.name}: {field.name}")


#: scenes whose story is one kind of data that no real data set of the gallery is:
#: xor tells the story of the XOR corners (no line separates them, x₁x₂ does)
STORIES_OF_ONE_DATA_SET = {"xor"}


@pytest.mark.parametrize("scene", [s for s in sorted(LESSON_MODULES)
                                   if takes_data(s) and s not in STORIES_OF_ONE_DATA_SET])
def test_every_scene_teaches_some_real_data(scene):
    """A scene that refused every real data set would pass the sweep above and teach
    no lecturer anything: each one takes at least one of them."""
    pytest.importorskip("sklearn")
    taught = []
    for case in GALLERY:
        if not case.real:
            continue
        try:
            lesson_for(scene)(case())
        except DataError:
            continue
        taught.append(case.name)
    assert taught, f"{scene} refuses every real data set of the gallery"


def test_no_scene_runs_a_learner():
    """Scenes only draw lessons: no learner is fitted in scenes/ (the issue's 19 `.fit(`
    calls moved into linviz/lessons)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "scenes"
    fitted = [f"{path.relative_to(root)}:{number}"
              for path in sorted(root.rglob("*.py"))
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if ".fit(" in line]
    assert not fitted, fitted
