"""The gallery's classification cases as the linear-program lesson takes them, for the
tests of its marks and its overlap panel."""

from __future__ import annotations

import pytest

from linviz.dataset import CLASSIFICATION
from linviz.errors import DataError
from linviz.gallery import GALLERY
from linviz.lessons.linear_program import linear_program_lesson
from linviz.lessons.linear_program_story import linear_program_storyboard

CASES = [case for case in GALLERY if case.task == CLASSIFICATION]


def lesson_or_skip(case):
    """(data, lesson, beats) of ``case``; the test is skipped where scikit-learn is missing
    for a real set, the data is not two features and a few hundred points, or the lesson
    refuses it."""
    if case.real:
        pytest.importorskip("sklearn")
    data = case()
    if data.n_features != 2 or len(data.y) > 400:
        pytest.skip("two features, a few hundred points")
    try:
        lesson = linear_program_lesson(data)
    except DataError:
        pytest.skip("the lesson refuses the data")
    return data, lesson, linear_program_storyboard(lesson).beats


def lessons_where(keep) -> list:
    """(case, data, lesson, beats) of every case the lesson takes (as :func:`lesson_or_skip`,
    without skipping) for which ``keep(lesson)`` holds, in the gallery's order."""
    found = []
    for case in CASES:
        try:
            data, lesson, beats = lesson_or_skip(case)
        except pytest.skip.Exception:
            continue
        if keep(lesson):
            found.append((case, data, lesson, beats))
    return found
