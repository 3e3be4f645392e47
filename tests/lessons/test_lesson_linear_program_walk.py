"""The never-ending walk of linear-program (data no line through the origin separates),
drawn pass by pass: each update's pass recounted here from the run's visits (a visit's
pass is its place in the visits divided by n), not from the lesson's boundaries."""

from __future__ import annotations

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_update_of_the_endless_walk_is_drawn_in_its_pass(case):
    data, lesson, beats = lesson_or_skip(case)
    if lesson.endless is None:
        pytest.skip("a line through the origin separates the data")
    n = len(data.y)
    mistakes = np.asarray(lesson.endless.steps["mistake"], dtype=bool)
    visits = np.flatnonzero(mistakes)
    expected = visits // n
    passes = np.asarray(lesson.endless_step_passes)
    # one pass per update, the states' steps in order
    assert len(passes) == len(lesson.endless.states["theta"]) - 1 == len(visits)
    np.testing.assert_array_equal(passes, expected)
    # every pass makes a mistake (none would leave a separator): no pass is left undrawn
    assert sorted(set(passes.tolist())) == list(range(len(lesson.endless_mistakes)))
    assert tuple(np.bincount(passes).tolist()) == lesson.endless_mistakes
    said = next(beat for beat in beats if beat.motion == "endless")
    assert said.state["status"].startswith("per pass, faint to bright: ")
