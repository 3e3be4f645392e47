"""One rule for the order in which a perceptron visits data no line separates: the noise
scene's run and the logistic scene's comparison visit class-sorted data alike (the issue:
logistic compared with a perceptron visiting Iris in file order while noise shuffled it)."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.gallery import gallery_case

pytest.importorskip("sklearn")


@pytest.mark.parametrize("name", ["iris-versicolor-virginica", "wine-std", "noisy:0"])
def test_noise_and_logistic_visit_alike(name):
    from linviz.lessons.logistic import logistic_lesson
    from linviz.lessons.noise import noise_lesson

    data = gallery_case(name)()
    noise, logistic = noise_lesson(data), logistic_lesson(data)
    sorted_by_class = int(np.count_nonzero(np.diff(data.y))) == 1  # one change of label
    expected = "shuffle" if sorted_by_class else "cyclic"
    assert noise.trace.params.get("order", "cyclic") == expected
    assert logistic.perceptron.params.get("order", "cyclic") == expected
