"""A frame of a play whose drawings did not change is neither drawn nor encoded again.

A tiny scene plays a dot that moves for part of each play and then stands
still while its tracker runs on (the ``ValueTracker`` changes every frame; the
dot does not). It is rendered twice at a small size: by Manim's own Cairo
renderer and file writer (every frame drawn and encoded) and by linviz's
(:class:`scenes.toolkit.speed.manim_adapter.HoldingRenderer`). Both videos are
decoded onto the frame-rate grid and compared; the frames of linviz's file are
counted, and the frames where the dot stood still are known from the play's
own arithmetic, not from the renderer.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from manim import Dot, Scene, ValueTracker, linear, tempconfig

from scenes.toolkit.speed.manim_adapter import holding_renderer
from tests.scenes.test_held_pictures import declared_length, encoded_frames, on_the_grid, ssim

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


def render(media_dir: Path, make_renderer=lambda: None, size=(192, 108)):
    """(the scene's mp4, its renderer), rendered by ``make_renderer()`` (None: Manim's)."""
    with tempconfig({"disable_caching": True, "frame_rate": FPS, "pixel_width": size[0],
                     "pixel_height": size[1], "media_dir": str(media_dir), "verbosity": "ERROR",
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


RENDER_AND_HASH = """
import hashlib, sys
from pathlib import Path
import av
from tests.scenes.test_unchanged_frames import render
from scenes.toolkit.speed.manim_adapter import holding_renderer
movie, _ = render(Path(sys.argv[1]), holding_renderer, (854, 480))
with av.open(str(movie)) as container:
    packets = [bytes(p) for p in container.demux(video=0) if p.size]
print(hashlib.sha256(b"".join(packets)).hexdigest(), len(packets))
"""


def test_the_encoded_video_is_the_same_on_one_core_and_on_all(tmp_path):
    """libx264 left to itself picks its threads by the cores it may use, and its frame
    threads change the bits; linviz fixes them, so a render is the same on any machine."""
    import os
    import subprocess
    import sys

    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        pytest.skip("needs two cores to compare with one")
    root = Path(__file__).resolve().parents[2]
    digests = []
    for number, allowed in enumerate(({cores[0]}, set(cores))):
        done = subprocess.run([sys.executable, "-c", RENDER_AND_HASH, str(tmp_path / str(number))],
                              capture_output=True, text=True, cwd=root, timeout=300,
                              env=dict(os.environ, PYTHONPATH=str(root)),
                              preexec_fn=lambda allowed=allowed: os.sched_setaffinity(0, allowed))
        assert done.returncode == 0, done.stderr
        digests.append(done.stdout.split())
    assert digests[0] == digests[1]
