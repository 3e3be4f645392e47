"""The opening sweep of `linear-program` (:mod:`linviz.lessons.linear_program_sweep`): the
trial line's count of mistakes at every angle it turns through, recounted here, and the
directions a grid would try, in closed form."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.lessons.linear_program import mistake_arcs
from linviz.lessons.linear_program_story import TURN_WORDS, direction_grid_rows
from linviz.lessons.linear_program_sweep import EXAMPLE_FEATURES, grid_directions, grid_lines

from lp_gallery import CASES, lesson_or_skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_sweep_counts_every_angles_mistakes_and_ends_on_the_fewest(case):
    """At 7 200 angles of the turn (each 1e-6 off the nearest point's perpendicular or
    more), the sweep's count is the line's mistakes on its better side, counted here from
    the signs of y⁽ⁱ⁾uᵀx⁽ⁱ⁾; it ends on the scaling's θ's line with the fewest mistakes any
    line through 0 makes; and each break is where the line passes a point."""
    data, lesson, beats = lesson_or_skip(case)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    sweep = lesson.sweep
    turned = np.linspace(0.0, sweep.turn, 7200)
    normals = np.stack([np.cos(sweep.start + turned), np.sin(sweep.start + turned)])
    scores = (y[:, None] * X) @ normals
    # angles within 1e-6 of a point's perpendicular are ambiguous (the point on the line)
    away = np.min(np.abs(X @ normals) / np.maximum(np.linalg.norm(X, axis=1),
                                                  1e-300)[:, None], axis=0) > 1e-6
    wrong = np.minimum(np.sum(scores <= 0, axis=0), np.sum(scores >= 0, axis=0))
    counted = np.array([sweep.count_at(t) for t in turned])
    assert np.array_equal(counted[away], wrong[away])
    # where it rests, turned back to: the scaling θ's direction, the fewest mistakes
    # through 0, a quarter turn in (reviews 360: begun there, it showed the best count
    # before it was said): the start square to it
    end = sweep.normal_at(sweep.rest)
    theta = lesson.scaling_theta
    assert abs(end[0] * theta[1] - end[1] * theta[0]) < 1e-9 * np.linalg.norm(theta)
    assert sweep.count_at(sweep.rest) == sweep.fewest == lesson.mistake_range[0]
    assert sweep.turn == pytest.approx(np.pi) and sweep.rest == pytest.approx(np.pi / 2)
    first = sweep.normal_at(0.0)
    assert abs(float(first @ theta)) < 1e-9 * np.linalg.norm(theta)
    # each break: some point x ≠ 0 with uᵀx = 0 there
    for at in sweep.breaks:
        u = sweep.normal_at(at)
        assert np.min(np.abs(X @ u)[np.any(X != 0, axis=1)]) < 1e-9 * np.abs(X).max()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_theta_taken_round_0_reads_its_own_count_off_the_shading(case):
    """Right after the shading is said to count mistakes, θ goes round 0 with its count
    said to be the shade it crosses: the shading's count (the lesson's wedges between the
    rays where some y⁽ⁱ⁾θᵀx⁽ⁱ⁾ changes sign) is θ's own #{y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0}, recounted here
    at 720 directions round 0."""
    data, lesson, beats = lesson_or_skip(case)
    if lesson.feasible:
        return
    motions = [b.motion for b in beats]
    read = motions.index("read-round")
    assert motions[read - 1] == "all-constraints"
    assert beats[read].sentence.startswith(TURN_WORDS)
    assert "the shade it crosses" in beats[read].sentence
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    arcs = mistake_arcs(lesson.signed)
    for angle in np.linspace(0.0, 2 * np.pi, 720, endpoint=False):
        u = np.array([np.cos(angle), np.sin(angle)])
        if np.min(np.abs(X @ u)[np.any(X != 0, axis=1)]) < 1e-6:
            continue  # a point on the line: on a border of the shading
        own = int(np.sum(y * (X @ u) <= 0))
        (shaded,) = [count for start, end, count in arcs
                     if start <= angle < end or start <= angle + 2 * np.pi < end]
        assert shaded == own
        # −θ, half a turn on, has the same line, its sides swapped: a point off the line
        # that θ gets wrong, −θ gets right, and the other way round (said: reviews 330)
        flipped = int(np.sum(y * (X @ -u) <= 0))
        assert flipped == len(y) - own
    assert "Half a turn on, −θ has the same line, its sides swapped." in beats[read].sentence


def test_a_grid_of_directions_counts_one_angle_round_and_the_rest_half_round():
    """A plane's directions 1° apart: 360; 3 features, azimuth round and polar angle half
    round: 360 · 180; 10° apart in 4 features: 36 · 18 · 18 grid points, counted here by
    enumerating them."""
    assert grid_directions(2) == 360
    assert grid_directions(3) == 360 * 180
    enumerated = [(a, b, c) for a in range(0, 360, 10) for b in range(0, 180, 10)
                  for c in range(0, 180, 10)]
    assert grid_directions(4, degrees=10) == len(enumerated)
    # lines through 0: θ and −θ one line, counted here as the distinct angles mod 180°
    assert grid_lines(2, degrees=10) == len({a % 180 for a in range(0, 360, 10)}) == 18
    assert grid_lines(3) == 180 ** 2
    plane, many = direction_grid_rows()
    assert plane == "a plane: 1 angle, 1° apart: 180 lines"
    count = 180.0 ** (EXAMPLE_FEATURES - 1)
    exponent = int(np.floor(np.log10(count)))
    assert many == (f"{EXAMPLE_FEATURES} features: {EXAMPLE_FEATURES - 1} angles, 1° apart: "
                    f"$180^{EXAMPLE_FEATURES - 1} approx "
                    f"{count / 10 ** exponent:.1f} times 10^{exponent}$ hyperplanes")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_chart_stands_from_the_turn_to_the_notes_table(case):
    """The chart comes with the trial line's turn, stays through the place both classes
    share and the grid's count, and leaves as the notes' table comes; the grid's rows are
    written in their own beat only (reviews 345: said, no longer under the notes' row),
    where the turn was drawn (none on standardised data, never turned)."""
    data, lesson, beats = lesson_or_skip(case)
    charted = [beat.motion for beat in beats if beat.state["sweep_chart"]]
    turned = any(beat.state["trial_line"] for beat in beats)
    assert charted == (["trial", *(["tied-place"] if lesson.tied_points else []),
                        "directions"] if turned else [])
    rows = [beat.motion for beat in beats if beat.state["direction_grid"]]
    assert rows == (["directions"] if turned else [])
    if turned:  # the table comes the beat after the count
        motions = [beat.motion for beat in beats]
        assert motions.index("notes-row") == motions.index("directions") + 1
