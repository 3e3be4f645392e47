"""logistic on `xor` (the data its refusal of separable data suggests): the gradient at
θ = 0 is exactly 0, so nothing moves; the perceptron ends at θ = 0, with no boundary.

The issue heard "the boundary turns, the field changes with it, and the loss falls at
every step" while θ stayed 0 and L stayed log 2, then "it calls every point here −1 …
training error 1.00" (calling every point −1 errs on half of XOR's points).
"""

from __future__ import annotations

import numpy as np

from linviz import make_builtin
from linviz.lessons.logistic import logistic_lesson


def test_the_xor_gradient_is_zero_at_the_start_and_nothing_moves():
    data = make_builtin("xor")
    lesson = logistic_lesson(data)
    # the gradient at 0, written out: −(1/n) Σ y x σ(0) and −(1/n) Σ y σ(0)
    assert np.allclose(-(data.X * data.y[:, None]).mean(axis=0) / 2, 0)
    assert -(data.y.mean()) / 2 == 0
    assert lesson.loss_stationary and not np.any(lesson.trace.states["theta"])
    assert np.allclose(lesson.trace.states["loss"], np.log(2))
    assert lesson.perceptron_has_no_boundary
    assert lesson.perceptron_side_in(np.array([[-5.0, -5.0], [5.0, 5.0]])) == 0


def test_the_story_says_nothing_moves(tmp_path):
    from scenes.logistic import LogisticScene
    from story_runs import story_with

    scene = story_with(LogisticScene, data_spec="xor")
    said = " ".join(scene.narration)
    assert "nothing moves" in said and "falls at every step" not in said
    assert "calls every point here" not in said
    assert "its θ is back at 0: no boundary" in said
