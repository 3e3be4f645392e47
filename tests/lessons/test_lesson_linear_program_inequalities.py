"""The constraints written out as they are said ("100 linear inequalities in θ, on the
right"): each row is y⁽ⁱ⁾(θᵀx⁽ⁱ⁾) ≥ 1 of its point, its label and x⁽ⁱ⁾ recomputed from the
data."""

from __future__ import annotations

import re

import numpy as np
import pytest

from lp_gallery import CASES, lesson_or_skip

ROW = re.compile(r"^\$i = (\d+)\$:  \$\(([+-])1\)\((−?[\d.]+) theta_1 ([+-]) ([\d.]+) theta_2\) "
                 r">= 1\$$")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_inequalities_written_are_the_datas(case):
    """Written while "linear inequalities" is said, and only then: rows for the first two
    points, the one drawn next and the last, in order, "⋮" exactly where points are
    skipped; each row's label is the point's, and its a and b within half a unit of their
    last written place of x⁽ⁱ⁾ from the data's own columns (reviews 365: rows of
    y⁽ⁱ⁾x⁽ⁱ⁾ showed a − point's numbers flipped before the flip was said)."""
    data, lesson, beats = lesson_or_skip(case)
    written = [b for b in beats if b.state["inequalities"]]
    (beat,) = written
    assert beat.motion == "inequalities"
    # the programme named as one (reviews 317: never written as a programme)
    assert beat.sentence == (f"Ask that of every point: {len(data.y)} linear "
                             f"inequalities. Find a θ meeting them all: that is the "
                             f"linear programme.")
    assert beat.state["status"].startswith("the programme: find $theta$ with")
    # why ≥ 1 loses nothing, the beat before (reviews 334 bench: one caption of 17 s)
    argued = beats[beats.index(beat) - 1]
    assert argued.motion == "loses-nothing"
    # (reviews 345: where the θ drawn has mistakes, heard of it as a θ that may not
    # exist: "if some θ"; reviews 357: what scaling gives said, not "meets it")
    assert argued.sentence == ("So asking at least 1 instead of above 0 loses nothing: if "
                               "some θ has every label times score above 0, that θ scaled "
                               "up has every one at least 1.")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    numbered, previous = [], None
    for row in beat.state["inequalities"]:
        if row == "⋮":
            assert previous is not None and numbered[-1] == previous
            previous = "skip"
            continue
        match = ROW.match(row)
        assert match, row
        i = int(match.group(1)) - 1
        if numbered:
            assert i > numbered[-1]
            assert (previous == "skip") == (i > numbered[-1] + 1), row
        numbered.append(i)
        previous = i
        assert (1 if match.group(2) == "+" else -1) == y[i], row
        a = float(match.group(3).replace("−", "-"))
        b = float(match.group(5)) * (1 if match.group(4) == "+" else -1)
        for written_value, text, truth in ((a, match.group(3), X[i, 0]),
                                           (b, match.group(5), X[i, 1])):
            places = len(text.split(".")[1]) if "." in text else 0
            assert abs(written_value - truth) <= 0.5 * 10 ** -places + 1e-12, row
            if truth != 0:  # never a nonzero written as 0
                assert written_value != 0 or abs(truth) < 0.5 * 10 ** -places
    n = len(y)
    assert numbered[0] == 0 and numbered[-1] == n - 1
    assert set(numbered) == {0, min(1, n - 1), lesson.shown_point, n - 1}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_helpers_programme_is_written_as_it_is_said(case):
    """Where the objective |θ₁| + |θ₂| is made linear by helpers, the programme is written
    on the status line of that beat alone (no card over the data: reviews 321), the helpers'
    inequalities tⱼ ≥ θⱼ and tⱼ ≥ −θⱼ and the objective over every one of the n constraints
    from its start, tⱼ = |θⱼ| at the least only after " · " (written as "at its least" is
    said, after the sum is named)."""
    from linviz.lessons.linear_program_story import status_said_first

    data, lesson, beats = lesson_or_skip(case)
    written = [b for b in beats if b.motion == "objective-choice"]
    if not lesson.feasible:
        assert not written
        return
    (beat,) = written
    assert "To keep the programme linear" in beat.sentence and not beat.state["programme"]
    status = beat.state["status"]
    first = status_said_first(status)
    assert first == ("minimise $t_1 + t_2$ with $t_j >= theta_j$, $t_j >= -theta_j$ and "
                     "every $y^((i)) theta^T x^((i)) >= 1$")
    assert status == first + " · at the least, $t_j = |theta_j|$"
    assert beat.sentence.index("minimise t₁") < beat.sentence.index("at its least")
