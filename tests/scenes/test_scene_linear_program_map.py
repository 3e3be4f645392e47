"""The map of every line in `linear-program` (data no line separates even with an offset),
as drawn: it is on screen from its sentence until the run through 0 is talked of again;
the run's best and last lines and the fewest-mistake line are marked where their
directions and distances put them, recomputed here from the lines themselves; each mark's
name stands nearer its own mark than any other."""

from __future__ import annotations

import numpy as np
import pytest

from story_runs import story_with


def _map_to_screen(area, centre, reach, theta, theta0):
    """The screen point of the line (θ, θ₀) on a map of ``area`` centred on direction
    ``centre``, reaching ±``reach``: computed afresh from θ's angle and −θ₀/‖θ‖."""
    x0, x1, y0, y1 = area
    angle = np.degrees(np.arctan2(theta[1], theta[0]))
    turn = (angle - centre + 180.0) % 360.0 - 180.0
    d = np.clip(-theta0 / np.hypot(*theta), -reach, reach)
    return np.array([x0 + (x1 - x0) * (turn + 180) / 360, y0 + (y1 - y0) * (d + reach) / (2 * reach)])


@pytest.mark.parametrize("data", ["noisy", "xor-cloud", "xor",
                                  "iris-versicolor-virginica-std"])
def test_the_map_marks_the_runs_lines_and_the_fewest_where_they_are(data, tmp_path):
    """(Iris versicolor against virginica: its best and last lines stand close, review
    277 read "last" as the best's name.)"""
    from scenes.linear_program import LinearProgramScene
    from scenes.linear_program_parts.line_map import MAP_AREA

    if data.startswith("iris"):
        from scene_helpers import gallery_csv

        pytest.importorskip("sklearn")
        data = gallery_csv(tmp_path, data)

    seen: list = []

    def observe(scene):
        drawing = scene.line_map_drawing
        shown = drawing is not None and scene.on_screen(drawing)
        marks = [m for m in getattr(scene, "line_map_marks", ()) if type(m).__name__ == "VGroup"]
        if shown:  # its tick numbers and names outside the map, off its cells
            x0, x1, y0, y1 = MAP_AREA
            for part in [*scene.line_map_axes[1], *scene.line_map_axes[2:4]]:
                low, high = part.get_corner([-1, -1, 0]), part.get_corner([1, 1, 0])
                assert high[0] <= x0 + 1e-6 or low[1] >= y1 - 1e-6 or high[1] <= y0 + 1e-6, \
                    (low, high)
        seen.append((scene.timeline.current[1], shown,
                     [(m[0].get_center()[:2], m[1].get_center()[:2]) for m in marks
                      if scene.on_screen(m)]))

    scene = story_with(LinearProgramScene, data_spec=data, beat_observers=[observe])
    beats, lesson = scene.storyboard.beats, scene.lesson
    assert lesson.endless_offset is not None
    shown = [on for _, on, _ in seen]
    first = next(k for k, beat in enumerate(beats) if beat.motion == "line-map")
    last = next(k for k, beat in enumerate(beats) if beat.motion == "testable")
    assert shown == [first <= k < last for k in range(len(beats))]
    grid = lesson.offset_map
    states = lesson.endless_offset.states
    k_best, _ = lesson.endless_offset_best
    fewest = lesson.fewest_line
    expected = [_map_to_screen(MAP_AREA, grid.centre, grid.reach,
                               np.asarray(states["theta"][k_best]), float(states["theta0"][k_best])),
                _map_to_screen(MAP_AREA, grid.centre, grid.reach,
                               np.asarray(states["theta"][-1]), float(states["theta0"][-1])),
                _map_to_screen(MAP_AREA, grid.centre, grid.reach, fewest.theta, fewest.theta0)]
    marks = max((m for _, _, m in seen), key=len)
    if lesson.endless_offset_best[1] == fewest.mistakes:
        expected.pop(2)  # the run's best gets as few wrong as any line: no beat of its own
    if k_best == len(states["theta"]) - 1 or not np.any(states["theta"][-1]):
        expected.pop(1)  # the last line is the best (one mark), or no line (θ = 0)
    if not np.any(states["theta"][k_best]):
        expected.pop(0)  # the best is no line: θ = 0, every point on one side
    assert len(marks) == len(expected)
    for (mark, _), point in zip(marks, expected):
        assert np.allclose(mark, point, atol=1e-6)
    for own, (mark, name) in enumerate(marks):
        distances = [np.linalg.norm(name - other) for other, _ in marks]
        assert int(np.argmin(distances)) == own
