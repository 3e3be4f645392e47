"""The 1-D data line: discs never hide each other, and each point's disc is at its value."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.toolkit import style
from scenes.toolkit.data_line import DataLine, stack_levels


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=30),
       st.floats(0.01, 1.0))
def test_points_on_one_level_are_a_spacing_apart(positions, spacing):
    positions = np.array(positions)
    levels = stack_levels(positions, spacing)
    assert levels.min() == 0
    for level in set(levels.tolist()):
        on_level = np.sort(positions[levels == level])
        assert np.all(np.diff(on_level) >= spacing - 1e-9)
    # a point goes up only when every level below holds a point too close to it
    for i, level in enumerate(levels):
        for lower in range(level):
            others = np.delete(np.arange(len(positions)), i)
            assert np.any((levels[others] == lower)
                          & (np.abs(positions[others] - positions[i]) < spacing + 1e-9))


def test_discs_sit_at_their_values_and_do_not_overlap():
    from scenes.toolkit.style import THEMES

    values = np.array([3.32, 0.77, 2.67, 0.82, 2.83, 0.53, 1.54, 3.47])
    labels = np.array([1, -1, 1, -1, 1, -1, -1, 1.0])
    line = DataLine(values, labels, THEMES["dark"], width=5.0)
    centres = np.array([disc.get_center() for disc in line.discs])
    # x of each disc is the value's place on the line, read from the line's two ends alone
    start, end = line.line.get_start(), line.line.get_end()
    read = line.low + (centres[:, 0] - start[0]) / (end[0] - start[0]) * (line.high - line.low)
    np.testing.assert_allclose(read, values, atol=1e-9)
    assert line.low <= 0 <= line.high  # 0 is on the line
    gaps = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    np.fill_diagonal(gaps, np.inf)
    assert gaps.min() >= 2 * style.DATA_LINE_DISC - 1e-9
    positive = THEMES["dark"].positive.lower()
    for disc, label in zip(line.discs, labels):
        assert (disc.get_fill_color().to_hex().lower() == positive) == (label > 0)
    ring, words = line.mark(1, "$i = 2$", THEMES["dark"].highlight)
    low, high = words.get_corner([-1, -1, 0]), words.get_corner([1, 1, 0])
    for k, centre in enumerate(centres):  # the label covers no disc
        inside = np.all((centre[:2] + style.DATA_LINE_DISC > low[:2])
                        & (centre[:2] - style.DATA_LINE_DISC < high[:2]))
        assert not inside, f"the label covers disc {k}"
