"""The gallery's classification cases as the linear-program lesson takes them, for the
tests of its marks and its overlap panel."""

from __future__ import annotations

import pytest

from linviz.dataset import CLASSIFICATION
from linviz.errors import DataError
from linviz.gallery import GALLERY
from linviz.lessons.linear_program import linear_program_lesson
from linviz.lessons.linear_program_story import linear_program_storyboard
from linviz.lessons.no_separator_story import no_separator_storyboard

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
    return data, lesson, told_beats(lesson)


def told_beats(lesson) -> tuple:
    """The beats of `linear-program` on ``lesson``, and where no line through the origin
    separates its data, those of `no-separator` after them: the two scenes as a lecture
    tells them, one after the other."""
    beats = linear_program_storyboard(lesson).beats
    return beats if lesson.feasible else beats + no_separator_storyboard(lesson).beats


def told_sentences(lesson) -> list[str]:
    """Every sentence of :func:`told_beats`."""
    return [beat.sentence for beat in told_beats(lesson)]


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
