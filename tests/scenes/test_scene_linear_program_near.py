"""The insets of linear-program's points that look on a counted line: at the end of every
beat, one inset for each point the beat's ``near`` state names, in a grid in reading
order, each showing the lesson's box round the point's foot on its line (and every point
it holds), standing between the data plane and what is right of it, none over another."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DL, UR, config

from story_runs import story_with


def drawn_insets(scene) -> list[tuple]:
    """(the inset plane's box, its frame's screen box) of each near inset on screen."""
    if scene.near_drawn is None or not scene.on_screen(scene.near_drawn):
        return []
    return [(plane.box, np.array([*plane.frame.get_corner(DL)[:2],
                                  *plane.frame.get_corner(UR)[:2]]))
            for plane in scene.near_planes]


@pytest.mark.parametrize("data", ["noisy", "xor-cloud", "iris-versicolor-virginica-std"])
def test_each_near_point_is_magnified_between_the_planes(data, tmp_path):
    from linviz.lessons.linear_program_near import NEAR_GRIDS, near_inset
    from scene_helpers import gallery_csv
    from scenes.linear_program import LinearProgramScene

    if data.startswith("iris"):  # (its near point stands at a tied place, in a crowd)
        pytest.importorskip("sklearn")
        data = gallery_csv(tmp_path, data)

    drawn = []
    scene = story_with(LinearProgramScene, data_spec=data,
                       beat_observers=[lambda s: drawn.append(
                           (drawn_insets(s), s.plane.frame.get_right()[0],
                            s.weights.get_left()[0] if s.on_screen(s.weights) else
                            config.frame_width / 2))])
    lesson, beats = scene.lesson, scene.storyboard.beats
    seen = 0
    for (insets, plane_right, right), beat in zip(drawn, beats):
        near = beat.state["near"]
        points = near["points"] if near else []
        # one more where magnified points' rings touch on the data plane: them together
        assert len(insets) in (len(points), len(points) + 1), beat.sentence
        if len(insets) > len(points):
            box = insets[-1][0]
            held = [i for i, _ in points if box.contains(lesson.data.X[i][None, :])[0]]
            held += [j for others in near["with"] for j in others
                     if box.contains(lesson.data.X[j][None, :])[0]]
            assert len(held) >= 2, beat.sentence
        for (i, name), others, (box, frame) in zip(points, near["with"] if near else [],
                                                  insets):
            expected, _ = near_inset(lesson, i, name, NEAR_GRIDS[near["grid"]][2])
            np.testing.assert_allclose([box.x_min, box.x_max, box.y_min, box.y_max],
                                       [expected.x_min, expected.x_max, expected.y_min,
                                        expected.y_max], atol=1e-9)
            for j in (i, *others):  # every point it holds, inside it
                x = lesson.data.X[j]
                assert box.x_min < x[0] < box.x_max and box.y_min < x[1] < box.y_max
            # right of the data plane, before the weight plane (or the frame's edge)
            assert plane_right < frame[0] and frame[2] < right, beat.sentence
        # a grid in reading order (the nearest top left), none over another
        for k, (_, a) in enumerate(insets):
            for _, b in insets[k + 1:]:
                assert a[3] >= b[3] - 1e-6 and (a[0] < b[0] or a[1] > b[3])
                assert a[2] < b[0] or b[2] < a[0] or a[1] > b[3] or b[1] > a[3]
        seen += len(insets)
    assert seen  # the case has points that look on a line


def test_theta_just_inside_the_cone_is_magnified_while_said():
    """The default data's last θ stands within a dot's width of the cone's edge: from the
    sentence that says it until the ray's, θ is magnified in weight space round its foot on
    the edge, whose distance is recomputed here as the least of the normalised y·scores."""
    from linviz.lessons.linear_program_near import cone_edge_inset
    from linviz.view_box import INSET_HALF_WIDTHS, INSET_SHARE
    from scenes.linear_program import LinearProgramScene

    shown = []
    scene = story_with(LinearProgramScene, beat_observers=[lambda s: shown.append(
        getattr(s, "cone_inset", None) is not None and s.on_screen(s.cone_inset))])
    lesson, beats = scene.lesson, scene.storyboard.beats
    found = cone_edge_inset(lesson)
    assert found is not None  # the case is the inset's
    j, box, zoom = found
    A, theta = np.asarray(lesson.signed, dtype=float), lesson.thetas[-1]
    distances = (A @ theta) / np.linalg.norm(A, axis=1)
    assert j == int(np.argmin(distances)) and distances[j] > 0
    width = lesson.walk_box.x_max - lesson.walk_box.x_min
    assert zoom == int(np.floor(INSET_SHARE * width / (2 * INSET_HALF_WIDTHS * distances[j])
                                + 1e-9))
    centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
    assert abs(A[j] @ centre) < 1e-9 * np.linalg.norm(A[j]) * width  # on the edge's line
    for beat, drawn in zip(beats, shown):
        assert drawn == beat.state["cone_inset"], beat.sentence
        if beat.motion == "least":
            # its zoom written on the inset, not said
            assert drawn and "θ is just inside the cone." in beat.sentence
            assert "magnified" not in beat.sentence
