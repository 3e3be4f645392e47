"""The shown point's arrow through 0 in weight space: a whole multiple c·a whose tip stands
clear of the point's dashed line aᵀθ = 1 where the plane has room (reviews 334: a tip by
the line left its name no room), recomputed from the distance of the tip along a."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.geometry import Box
from scenes.linear_program_parts.region import BEYOND_LEVEL, SHORT_OF_LEVEL, clear_of_level

BOX = Box(-12.5, 7.5, -10.0, 10.0)


def level_share(times: int, a) -> float:
    """How far the tip c·a lies along a, as a share of the distance 1/‖a‖ of aᵀθ = 1."""
    a = np.asarray(a, dtype=float)
    return float(np.linalg.norm(times * a) / (1.0 / np.linalg.norm(a)))


@settings(max_examples=200, deadline=None)
@given(st.floats(-3.0, 3.0), st.floats(-3.0, 3.0), st.integers(1, 60))
def test_the_tip_is_clear_of_the_dashed_line_or_left_as_asked(x, y, times):
    a = np.array([x, y])
    if np.hypot(x, y) < 0.05:
        return
    c = clear_of_level(times, a, BOX)
    assert isinstance(c, int) and c >= 1
    share = level_share(c, a)
    if c != times:  # moved: clear, and beyond only inside the box
        assert share <= SHORT_OF_LEVEL + 1e-9 or share >= BEYOND_LEVEL - 1e-9
        if share >= BEYOND_LEVEL - 1e-9:
            tip = c * a
            assert BOX.x_min < tip[0] < BOX.x_max and BOX.y_min < tip[1] < BOX.y_max
    elif SHORT_OF_LEVEL < level_share(times, a) < BEYOND_LEVEL:
        # left where it was only if neither side fits: beyond leaves the box, short is < 1
        beyond = int(np.ceil(BEYOND_LEVEL * 1.0 / float(a @ a)))
        tip = beyond * a
        inside = (BOX.x_min + 1 <= tip[0] <= BOX.x_max - 1
                  and BOX.y_min + 1 <= tip[1] <= BOX.y_max - 1)
        assert not inside and np.floor(SHORT_OF_LEVEL / float(a @ a)) < 1


def test_iris_point_7_goes_past_its_line():
    """Iris versicolor-virginica (standardised), point 7: a = (0.2508, 0.1798), the dashed
    line 1/‖a‖ = 3.24 from 0; 13·a ended 1.24 of the way, on it; 22·a is past twice."""
    a = np.array([0.25077906, 0.17982236])
    assert 1.0 < level_share(13, a) < 1.3
    assert clear_of_level(13, a, BOX) == 22
    assert level_share(22, a) >= 2.0


@settings(max_examples=200, deadline=None)
@given(st.floats(-400.0, 400.0), st.floats(-400.0, 400.0))
def test_an_arrow_too_long_is_drawn_as_the_least_part_that_fits(x, y):
    """a / part ends inside the plane (inset by a twentieth) and no smaller part of the
    list does; a part of 1 where a fits already (recomputed by hand of the inset)."""
    from scenes.linear_program_parts.region import ARROW_PARTS, arrow_part

    a = np.array([x, y])
    part = arrow_part(a, BOX)

    def inside(tip) -> bool:
        return (BOX.x_min + 1 <= tip[0] <= BOX.x_max - 1
                and BOX.y_min + 1 <= tip[1] <= BOX.y_max - 1)

    candidates = (1, *ARROW_PARTS)
    fitting = [p for p in candidates if inside(a / p)]
    assert part == (fitting[0] if fitting else ARROW_PARTS[-1])


def test_breast_cancers_first_point_is_drawn_a_third():
    """Breast cancer (standardised), point 1: a = (1.10, −2.07) in the plane
    [−0.4, 0.9] × [−0.9, 0.1]: a/2 = (0.55, −1.04) leaves it, a/3 = (0.37, −0.69) is in."""
    a = np.array([1.10, -2.07])
    box = Box(-0.4, 0.9, -0.9, 0.1)
    from scenes.linear_program_parts.region import arrow_part

    assert arrow_part(a, box) == 3
