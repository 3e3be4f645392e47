"""Label placement: a clear place is found whenever one of the eight exists."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from scenes.toolkit.placement import DIRECTIONS, best_offset, box_around, covered_area

SIZE = np.array([0.6, 0.3])
GAP = 0.08


def box_at(anchor, offset):
    centre = np.asarray(anchor)[:2] + offset
    return np.array([*(centre - SIZE / 2), *(centre + SIZE / 2)])


@given(st.lists(st.tuples(st.floats(-2, 2), st.floats(-2, 2)), max_size=12),
       st.integers(0, 7))
def test_the_chosen_place_is_clear_whenever_some_place_is(points, preferred):
    anchor = np.zeros(2)
    obstacles = box_around(np.array(points).reshape(-1, 2), 0.15)
    costs = [covered_area(box_at(anchor, d * (SIZE / 2 + GAP)), obstacles) for d in DIRECTIONS]
    offset = best_offset(anchor, SIZE, obstacles, GAP, preferred=preferred)
    chosen = covered_area(box_at(anchor, offset), obstacles)
    assert chosen <= min(costs) + 1e-12
    if costs[preferred] == 0:
        np.testing.assert_allclose(offset, DIRECTIONS[preferred] * (SIZE / 2 + GAP))


def test_text_weighs_more_than_a_marker():
    anchor = np.zeros(2)
    up_left = DIRECTIONS[0] * (SIZE / 2 + GAP)
    up_right = DIRECTIONS[1] * (SIZE / 2 + GAP)
    # a large marker box up-left, a small label box up-right (weight 100): up-left wins
    marker = np.array([[*(box_at(anchor, up_left)[:2]), *(box_at(anchor, up_left)[2:]), 1.0]])
    label = box_at(anchor, up_right)
    label = np.array([[label[0], label[1], label[0] + 0.05, label[1] + 0.05, 100.0]])
    elsewhere = np.vstack([box_around(np.array([d * (SIZE / 2 + GAP)]), 0.4)
                           for d in DIRECTIONS[2:]])
    elsewhere[:, 4] = 1000.0  # every other place is far worse
    blockers = np.vstack([marker, label, elsewhere])
    offset = best_offset(anchor, SIZE, blockers, GAP)
    chosen = box_at(anchor, offset)
    assert covered_area(chosen, label) == 0  # never on the label
    assert covered_area(chosen, blockers) <= covered_area(box_at(anchor, up_left), blockers)


def test_places_outside_the_bounds_are_taken_last():
    anchor = np.array([0.95, 0.0])
    bounds = np.array([-1.0, -1.0, 1.0, 1.0])
    offset = best_offset(anchor, SIZE, np.zeros((0, 5)), GAP, bounds=bounds)
    box = box_at(anchor, offset)
    assert box[0] >= bounds[0] and box[2] <= bounds[2]


def test_a_line_is_named_on_its_clear_side_and_inside_the_bounds():
    """beside_line tries each point on both sides of the line: an obstacle on the left of
    the first point sends the name right; a place leaving the bounds loses to one inside."""
    import numpy as np

    from scenes.toolkit.placement import beside_line

    direction = np.array([1.0, 0.0, 0.0])  # a line along x: left of it is up
    point = np.array([0.0, 0.0, 0.0])
    blocked = np.array([[-0.3, 0.1, 0.3, 0.5, 1.0]])  # the place above the point
    centre = beside_line([point], direction, (0.4, 0.2), blocked, 0.3)
    assert centre[1] == -0.3
    free = beside_line([point], direction, (0.4, 0.2), np.zeros((0, 5)), 0.3)
    assert free[1] == 0.3  # left of the direction first when nothing is in the way
    inside = beside_line([point, np.array([2.0, 0.0, 0.0])], direction, (0.4, 0.2),
                         np.zeros((0, 5)), 0.3, bounds=np.array([1.0, -1.0, 3.0, 1.0]))
    assert inside[0] == 2.0


def _nearest_to(centre, place, size) -> float:
    """The distance from ``centre`` to the nearest point of the box of ``size`` at
    ``place``, by sampling the box's outline (independent of the closed form used)."""
    half = np.asarray(size) / 2
    t = np.linspace(-1.0, 1.0, 401)
    xs = np.concatenate([place[0] + t * half[0], place[0] + t * half[0],
                         np.full_like(t, place[0] - half[0]), np.full_like(t, place[0] + half[0])])
    ys = np.concatenate([np.full_like(t, place[1] - half[1]), np.full_like(t, place[1] + half[1]),
                         place[1] + t * half[1], place[1] + t * half[1]])
    return float(np.min(np.hypot(xs - centre[0], ys - centre[1])))


def test_a_label_outside_a_circle_clears_it_and_turns_only_round_what_it_would_cover():
    """The label stands wholly outside the circle (its outline, sampled, at least the gap
    away), in the direction asked when nothing is there, no further out than a step past
    clearing it; with that place covered or out of bounds, it turns to a free one."""
    from scenes.toolkit.placement import CIRCLE_STEP, outside_circle

    rng = np.random.default_rng(3)
    wide = np.array([-100.0, -100.0, 100.0, 100.0])
    nothing = np.zeros((0, 5))
    for _ in range(50):
        centre, radius = rng.uniform(-2, 2, 2), rng.uniform(0.5, 2.0)
        angle, size = rng.uniform(-np.pi, np.pi), rng.uniform(0.1, 1.2, 2)
        place = outside_circle(centre, radius, angle, size, 0.1, nothing, wide)
        assert _nearest_to(centre, place, size) >= radius + 0.1 - 1e-6
        offset = place - centre
        assert np.arctan2(offset[1], offset[0]) == pytest.approx(angle, abs=1e-9) or \
            abs(abs(np.arctan2(offset[1], offset[0]) - angle) - 2 * np.pi) < 1e-9
        back = place - CIRCLE_STEP * offset / np.linalg.norm(offset)
        assert (np.linalg.norm(offset) <= radius + 1e-9
                or _nearest_to(centre, back, size) < radius + 0.1 + 1e-3)
    # the place straight out covered: it turns; bounds that cut it off: it turns too
    first = outside_circle((0, 0), 1.0, 0.0, (0.4, 0.2), 0.1, nothing, wide)
    blocker = np.array([[first[0] - 0.3, first[1] - 0.3, first[0] + 0.3, first[1] + 0.3, 1.0]])
    turned = outside_circle((0, 0), 1.0, 0.0, (0.4, 0.2), 0.1, blocker, wide)
    box = np.array([*(turned - [0.2, 0.1]), *(turned + [0.2, 0.1])])
    assert not (box[0] < blocker[0, 2] and box[2] > blocker[0, 0]
                and box[1] < blocker[0, 3] and box[3] > blocker[0, 1])
    inside = outside_circle((0, 0), 1.0, 0.0, (0.4, 0.2), 0.1, nothing,
                            np.array([-2.0, -2.0, 1.2, 2.0]))
    assert inside[0] + 0.2 <= 1.2 and _nearest_to((0, 0), inside, (0.4, 0.2)) >= 1.1 - 1e-6


def test_a_name_nearer_another_ring_than_its_own_is_told():
    """nearer_another: a name's centre nearer one of the others than its own anchor (by
    more than the margin) — the own anchor among the others is ignored, and a tie is not
    nearer."""
    from scenes.toolkit.placement import nearer_another

    own, other = np.array([0.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0])
    assert nearer_another(np.array([0.7, 0.2, 0.0]), own, [own, other])
    assert not nearer_another(np.array([0.3, 0.2, 0.0]), own, [own, other])
    assert not nearer_another(np.array([0.5, 0.4, 0.0]), own, [own, other])  # a tie
    assert not nearer_another(np.array([0.9, 0.0, 0.0]), own, [own])  # nothing else


def test_the_least_covered_place_is_the_first_of_the_least():
    """least_covered: of the candidate centres, the one whose label box covers the least
    obstacle area (computed here by hand), the earlier of equals."""
    from scenes.toolkit.placement import least_covered

    obstacles = np.array([[0.0, 0.0, 1.0, 1.0, 1.0]])
    centres = [np.array([0.5, 0.5, 0.0]), np.array([1.2, 0.5, 0.0]),
               np.array([3.0, 3.0, 0.0]), np.array([5.0, 5.0, 0.0])]
    # a 0.6 × 0.6 label: at (0.5, 0.5) it covers 0.36, at (1.2, 0.5) 0.1 × 0.6, far off 0
    assert np.allclose(least_covered(centres, (0.6, 0.6), obstacles), centres[2])
    assert np.allclose(least_covered(centres[:2], (0.6, 0.6), obstacles), centres[1])
