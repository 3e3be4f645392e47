"""A + and a − point at one place (linear-program, data no line through the origin
separates): where the certificate shown avoids such places, the pair is said first as
Gordan's second case, weights ½ each; checked here against the data itself, exactly."""

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
def test_a_pair_at_one_place_is_said_where_the_certificate_avoids_it(case):
    data, lesson, beats = lesson_or_skip(case)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    motions = [b.motion for b in beats]
    shared = shared_places(X, y)
    support = set(lesson.certificate)
    told = not lesson.feasible and bool(shared) and not (
        len(support) == 2 and support <= shared
        and np.array_equal(*X[sorted(support)]))
    assert ("same-place" in motions) == told
    if not told:
        assert lesson.tie_pair is None
        return
    a, b = lesson.tie_pair
    # a + and a − at one place: their y·x cancel, so weights ½ each are Gordan's second case
    assert np.array_equal(X[a], X[b]) and y[a] * y[b] < 0
    assert np.array_equal(0.5 * y[a] * X[a] + 0.5 * y[b] * X[b], np.zeros(2))
    beat = beats[motions.index("same-place")]
    signs = ["+" if y[i] > 0 else "−" for i in (a, b)]
    # every other point at that place named too (review 305: the "+2 −1" tag showed a third)
    others = [str(i + 1) for i in range(len(y)) if i not in (a, b)
              and X[i][0] == X[a][0] and X[i][1] == X[a][1]]
    also = ("" if not others else
            f", where {others[0]} is too" if len(others) == 1 else
            f", where {', '.join(others[:-1])} and {others[-1]} are too")
    assert (f"Points {a + 1} and {b + 1}, a {signs[0]} and a {signs[1]} at one place{also}, "
            "already give the second") in beat.sentence, beat.sentence
    assert sorted(beat.state["ringed"]) == [a, b]
    # said before the certificate found without such places, which says so
    after = beats[motions.index("same-place") + 1]
    assert after.motion == "certificate"
    assert after.sentence.startswith("Even apart from that place, the second holds")
    assert not support & shared
