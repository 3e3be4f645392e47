"""A frame of a play whose drawings did not change is neither drawn nor encoded again.

A tiny scene plays a dot that moves for part of each play and then stands
still while its tracker runs on (the ``ValueTracker`` changes every frame; the
dot does not). It is rendered twice at a small size: by Manim's own Cairo
renderer and file writer (every frame drawn and encoded) and by linviz's
(:class:`scenes.toolkit.manim_adapter.HoldingRenderer`). Both videos are
decoded onto the frame-rate grid and compared; the frames of linviz's file are
counted, and the frames where the dot stood still are known from the play's
own arithmetic, not from the renderer.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from manim import Dot, Scene, ValueTracker, linear, tempconfig

from scenes.toolkit.manim_adapter import holding_renderer
from tests.test_held_pictures import declared_length, encoded_frames, on_the_grid, ssim

pytestmark = pytest.mark.render

FPS = 15
#: each play: (run time in seconds, the tracker's value from which the dot stands still)
PLAYS = ((2.0, 0.5), (1.0, 1.0), (2.0, 0.2))


class StopsAndGoes(Scene):
    """A dot that follows a tracker from 0 to 1 but stops at ``stop``: play by play."""

    def construct(self) -> None:
        for run_time, stop in PLAYS:
            tracker = ValueTracker(0)
            dot = Dot(radius=0.6, color="#E69F00")
            dot.add_updater(lambda d, t=tracker, s=stop: d.move_to(
                [-5 + 10 * min(t.get_value(), s), 0, 0]))
            self.add(dot)
            self.play(tracker.animate.set_value(1), run_time=run_time, rate_func=linear)
            self.remove(dot)


def still_frames_of_the_plays() -> int:
    """How many frames of the plays show the dot where it was the frame before: the
    frame at t = k/fps shows the tracker at min(k / n, 1) for a play of n frames, so
    once k / n ≥ stop (and k ≥ 1) the dot stands still."""
    still = 0
    for run_time, stop in PLAYS:
        frames = round(run_time * FPS)
        values = [min(k / frames, 1.0) for k in range(frames)]
        positions = [min(value, stop) for value in values]
        still += sum(1 for before, now in zip(positions, positions[1:]) if now == before)
    return still


def render(media_dir: Path, make_renderer=lambda: None):
    """(the scene's mp4, its renderer), rendered by ``make_renderer()`` (None: Manim's)."""
    with tempconfig({"disable_caching": True, "frame_rate": FPS, "pixel_width": 192,
                     "pixel_height": 108, "media_dir": str(media_dir), "verbosity": "ERROR",
                     "progress_bar": "none"}):
        scene = StopsAndGoes(renderer=make_renderer())
        scene.render()
    return next(p for p in media_dir.rglob("StopsAndGoes.mp4")
                if "partial_movie_files" not in p.parts), scene.renderer


@pytest.fixture(scope="module")
def videos(tmp_path_factory):
    today, _ = render(tmp_path_factory.mktemp("manim"))
    held, renderer = render(tmp_path_factory.mktemp("holding"), holding_renderer)
    return today, held, renderer


def test_still_frames_of_a_play_are_not_drawn_again(videos):
    _, held, renderer = videos
    total = sum(round(run_time * FPS) for run_time, _ in PLAYS)
    still = still_frames_of_the_plays()
    assert still >= 20  # the scene is built to have them
    assert renderer.frames_repeated == still
    assert encoded_frames(held) == total - still


def test_the_video_shows_the_same_pictures_for_the_same_time(videos):
    today, held, _ = videos
    old, new = list(on_the_grid(today, exact=False)), list(on_the_grid(held))
    assert len(new) == len(old) == sum(round(run_time * FPS) for run_time, _ in PLAYS)
    assert declared_length(held) == pytest.approx(declared_length(today), abs=1e-3)
    scores = [ssim(a, b) for a, b in zip(old, new)]
    assert min(scores) >= 0.99, f"worst frame {int(np.argmin(scores))}: {min(scores):.4f}"


def test_a_play_that_ends_standing_still_lasts_to_its_last_frame(videos):
    """The last play's dot stops after a fifth of it: its file's one last encoded frame
    lasts the rest, and the video ends with the dot at the stop, as Manim's does."""
    today, held, _ = videos
    old, new = list(on_the_grid(today, exact=False)), list(on_the_grid(held))
    last_play = round(PLAYS[-1][0] * FPS)
    stopped = [frame for frame in new[-last_play:]][round(last_play * PLAYS[-1][1]) + 1:]
    assert all(np.array_equal(frame, stopped[0]) for frame in stopped)
    assert ssim(new[-1], old[-1]) >= 0.99
