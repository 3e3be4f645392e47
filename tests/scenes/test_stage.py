"""The stage (scenes/toolkit/speed/stage.py): still drawings are painted once and yet every frame
shows what a scene of ordinary mobjects would show.

Each test plays the same thing twice: once in a scene where every drawing
is an ordinary mobject (the reference: Manim draws all of them, every frame), once in a
linviz scene where some are still drawings; the frames must be the same.
"""

from __future__ import annotations

import numpy as np
import pytest
from manim import Circle, FadeOut, Square, Wait

from scenes.base import LinvizScene
from scenes.toolkit.speed.manim_adapter import current_frame
from tests.scene_helpers import tiny_dry_run


def shapes():
    """Three overlapping drawings, bottom first, so that any change of order shows."""
    below = Square(side_length=4, fill_color="#0072b2", fill_opacity=1)
    middle = Circle(radius=1.5, fill_color="#e69f00", fill_opacity=0.7)
    above = Square(side_length=1.2, fill_color="#cc79a7", fill_opacity=0.6).shift(0.8 * np.array([1, 1, 0]))
    return below, middle, above


def frame(scene) -> np.ndarray:
    """The frame the scene's camera draws now, from its background and its list."""
    return current_frame(scene)[..., :3].astype(int)


def scenes(tmp_path):
    """(a scene of ordinary mobjects only, a scene with still drawings): both linviz
    scenes, so that they share the theme's background."""
    plain, staged = LinvizScene(), LinvizScene()
    for scene in (plain, staged):
        scene.setup()
    return plain, staged


def same(a, b) -> bool:
    return np.abs(a - b).max() <= 1


@pytest.fixture
def dry(tmp_path):
    with tiny_dry_run(tmp_path):
        yield tmp_path


def test_a_still_drawing_is_painted_once_out_of_the_scenes_list(dry):
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(*drawn)
    staged.add(*painted)
    staged.still(painted[0], painted[1])
    assert staged.mobjects == [painted[2]]
    assert staged.still_drawings == [painted[0], painted[1]]
    assert same(frame(staged), frame(plain))
    staged.release()
    assert staged.mobjects == list(painted) and not staged.still_drawings
    assert same(frame(staged), frame(plain))


def test_a_play_that_moves_a_still_drawing_draws_it_in_its_place(dry):
    """The middle one is animated: for the play it and the one above it are back in the
    list (below the ordinary one), and afterwards they are still again, moved."""
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(*drawn)
    staged.add(*painted)
    staged.still(*painted)
    plain.play(drawn[1].animate.shift(np.array([1.5, 0, 0])), run_time=0.2)
    staged.play(painted[1].animate.shift(np.array([1.5, 0, 0])), run_time=0.2)
    assert staged.still_drawings == list(painted) and staged.mobjects == []
    assert same(frame(staged), frame(plain))


def test_during_the_play_the_order_on_screen_is_kept(dry):
    """Seen from inside the play: the background holds the drawings below the moved one,
    the scene's list the moved one and those above it, in order."""
    _, staged = scenes(dry)
    painted = shapes()
    staged.still(*painted)
    seen = {}

    def look(mobject, dt):
        seen["list"] = list(staged.mobjects)
        seen["painted"] = [m for m, _ in staged.stage.painted]

    painted[1].add_updater(look)
    staged.play(Wait(0.1))
    painted[1].clear_updaters()
    assert seen["painted"] == [painted[0]]
    assert seen["list"][:2] == [painted[1], painted[2]]
    assert not set(painted) & set(staged.mobjects) and staged.still_drawings == list(painted)


def test_a_still_drawing_changed_between_plays_shows_the_change(dry):
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(*drawn)
    staged.still(*painted)
    for shape in (drawn[1], painted[1]):
        shape.set_fill("#009e73", opacity=1).shift(np.array([0, -1, 0]))
    staged.wait(0.1)  # no play moves it: its fingerprint changed
    assert same(frame(staged), frame(plain))


def test_a_still_drawing_faded_out_or_removed_leaves_the_stage(dry):
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(drawn[0], drawn[2])
    staged.still(*painted)
    staged.play(FadeOut(painted[1]), run_time=0.2)
    assert staged.still_drawings == [painted[0], painted[2]]
    assert same(frame(staged), frame(plain))
    staged.remove(painted[2])
    plain.remove(drawn[2])
    assert staged.still_drawings == [painted[0]]
    assert same(frame(staged), frame(plain))


def test_removing_a_part_of_a_still_drawing_keeps_the_rest_on_screen(dry):
    from manim import VGroup

    plain, staged = scenes(dry)
    drawn, painted = VGroup(*shapes()), VGroup(*shapes())
    plain.add(drawn)
    staged.still(painted)
    plain.remove(drawn[1])
    staged.remove(painted[1])
    assert painted not in staged.still_drawings
    assert same(frame(staged), frame(plain))


def test_a_part_of_a_still_drawing_is_not_painted_twice(dry):
    from manim import VGroup

    _, staged = scenes(dry)
    group = VGroup(*shapes())
    staged.still(group)
    staged.still(group[1])
    assert staged.still_drawings == [group]
    whole = VGroup(group)
    staged.still(whole)
    assert staged.still_drawings == [whole]


def test_still_under_puts_a_drawing_below_another(dry):
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(*drawn)
    staged.still(painted[0], painted[2])
    staged.still(painted[1], under=painted[2])
    assert staged.still_drawings == list(painted)
    assert same(frame(staged), frame(plain))


def test_a_still_wait_draws_the_frame_once(dry):
    """While nothing moves, Manim draws every mobject into its still image; without
    something counted as moving it draws all of them a second time on top."""
    _, staged = scenes(dry)
    drawn = shapes()
    staged.add(*drawn)
    captured = []
    camera = staged.renderer.camera
    capture = camera.capture_mobjects

    def counting(mobjects, **kwargs):
        captured.append([m for m in mobjects if m.has_points()])
        return capture(mobjects, **kwargs)

    camera.capture_mobjects = counting
    staged.renderer.skip_animations = False
    staged.renderer._original_skipping_status = False
    staged.wait(0.1)
    drawn_ids = {id(m) for m in drawn}
    # the still image draws them once; the frame drawn over it holds none of them
    assert sum(1 for batch in captured if {id(m) for m in batch} & drawn_ids) == 1


def test_still_bottom_puts_a_drawing_below_every_other(dry):
    plain, staged = scenes(dry)
    drawn, painted = shapes(), shapes()
    plain.add(*drawn)
    staged.still(painted[1], painted[2])
    staged.still(painted[0], bottom=True)
    assert staged.still_drawings == list(painted)
    assert same(frame(staged), frame(plain))


@pytest.mark.parametrize("name", ["noise", "margin"])
def test_a_last_frame_only_render_paints_only_for_its_key_frames_and_saves_the_videos(
        tmp_path, monkeypatch, name):
    """Skipping animations (the handout's key frames), the stage paints only when a
    frame is taken, and every key frame is pixel for pixel the one the video's run saves."""
    from PIL import Image

    from scenes.catalog import find
    from scenes.toolkit.speed import stage as stage_module
    from scenes.toolkit.speed.manim_adapter import holding_renderer
    from tests.scene_helpers import variant

    paints = []
    original = stage_module.paint_background
    monkeypatch.setattr(stage_module, "paint_background",
                        lambda scene, mobjects: (paints.append(1), original(scene, mobjects)))
    saved, painted = {}, {}
    for run, skipping in (("video", False), ("stills", True)):
        folder = tmp_path / run
        paints.clear()
        with tiny_dry_run(folder):
            scene_class = variant(find(name).load(), keyframe_dir=str(folder / "keyframes"))
            scene_class(renderer=holding_renderer(skip_animations=skipping)).render()
        painted[run] = len(paints)
        saved[run] = {path.name: np.asarray(Image.open(path))
                      for path in sorted((folder / "keyframes").glob("*.png"))}
    assert len(saved["video"]) >= 3 and saved["stills"].keys() == saved["video"].keys()
    for key, frame in saved["video"].items():
        assert np.array_equal(saved["stills"][key], frame), key
    assert painted["stills"] <= len(saved["stills"]) + 1 < painted["video"]


def test_a_dark_video_saves_the_handouts_light_frames_as_a_light_last_frame_render_does(
        tmp_path):
    """The video's run, asked for the handout's frames in another theme and size, tells
    the scene again in its own process; those frames are pixel for pixel the ones a
    separate light, last-frame-only render of that size saves."""
    from manim import tempconfig
    from PIL import Image

    from scenes.catalog import find
    from scenes.toolkit.speed.manim_adapter import holding_renderer
    from linviz.request import RenderRequest
    from tests.scene_helpers import variant

    scene = find("margin").load()
    asked = RenderRequest(theme="dark", handout_keyframe_dir=str(tmp_path / "handout"),
                          handout_theme="light", handout_height=72)
    with tiny_dry_run(tmp_path / "video"):
        variant(scene, request_override=asked)().render()
    # every section's last frame and every beat's (the handout's parts)
    separate = RenderRequest(theme="light", keyframe_dir=str(tmp_path / "separate"),
                             keyframe_at_narration=True)
    with tiny_dry_run(tmp_path / "stills"), tempconfig({"pixel_width": 128, "pixel_height": 72}):
        variant(scene, request_override=separate)(
            renderer=holding_renderer(skip_animations=True)).render()

    def frames(folder):
        return {path.name: np.asarray(Image.open(path)) for path in sorted(folder.glob("*.png"))}

    handout, expected = frames(tmp_path / "handout"), frames(tmp_path / "separate")
    assert len(expected) >= 3 and handout.keys() == expected.keys()
    assert any("-beat" in name for name in expected)
    for name, frame in expected.items():
        assert frame.shape == (72, 128, 3)
        assert tuple(frame[1, 1]) == (255, 255, 255)  # the light theme's background
        assert np.array_equal(handout[name], frame), name
