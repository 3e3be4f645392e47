"""``linviz.geometry.angle_between``, the one angle rule the lessons and scenes share
(edges nearly parallel, Gordan's pair nearly opposite, d along the reach's radius), against
the difference of the vectors' directions by atan2."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from linviz.geometry import angle_between

coordinate = st.floats(-1e3, 1e3, allow_nan=False).filter(lambda v: abs(v) > 1e-6)


@given(coordinate, coordinate, coordinate, coordinate)
def test_the_angle_between_two_vectors_is_their_directions_difference(ax, ay, bx, by):
    turn = abs(math.atan2(by, bx) - math.atan2(ay, ax))
    expected = math.degrees(min(turn, 2 * math.pi - turn))
    assert abs(angle_between((ax, ay), (bx, by)) - expected) < 1e-5


def test_parallel_and_opposite_vectors_give_0_and_180_degrees():
    # the cosine rounds past ±1 for these: clipped, not NaN
    assert angle_between((3.0, 4.0), (0.3, 0.4)) == 0.0
    assert angle_between((1e-3, 7.0), (-2e-3, -14.0)) == 180.0
