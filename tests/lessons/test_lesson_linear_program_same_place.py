"""A + and a − point at one place (linear-program, data no line through the origin
separates): the certificate shown avoids such places where it can (their pair is Gordan's
second case too, but tells less), and says which it is; checked here against the data
itself, exactly."""

from __future__ import annotations

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip


def shared_places(X, y) -> set[int]:
    """The points at a place that a + point and a − point share (by exact comparison of
    their coordinates, a loop over pairs)."""
    found = set()
    for i in range(len(y)):
        for j in range(len(y)):
            if y[i] > 0 > y[j] and X[i][0] == X[j][0] and X[i][1] == X[j][1]:
                found |= {i, j}
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_certificate_avoids_places_both_classes_share(case):
    data, lesson, beats = lesson_or_skip(case)
    if lesson.feasible:
        return
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    shared = shared_places(X, y)
    support = set(lesson.certificate)
    (said,) = [b for b in beats if b.motion == "certificate"]
    pair = len(support) == 2 and support <= shared and np.array_equal(*X[sorted(support)])
    assert lesson.same_place_certificate == pair
    if pair:  # no certificate without them: the pair, weights ½ each, cancels
        a, b = sorted(support)
        assert np.array_equal(0.5 * y[a] * X[a] + 0.5 * y[b] * X[b], np.zeros(2))
        assert "lie at one place with opposite labels" in said.sentence
    else:
        assert not support & shared
        assert said.sentence.startswith("Here the second holds. A small programme for the λ")
    assert "same-place" not in [b.motion for b in beats]
