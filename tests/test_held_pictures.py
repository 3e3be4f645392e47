"""A held picture is written once: the video shows the same frames, for the same time.

The update scene is rendered twice at a small size: through Manim's own file
writer (today's encode, every held frame encoded one by one; it also records
where Manim hands a still wait's frame with its length) and through
linviz's (:class:`scenes.toolkit.manim_adapter.HoldingFileWriter`). Both
videos are decoded onto the frame-rate grid (frame k at k/fps, a frame that
lasts n frame times counted n times) and compared.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from manim.renderer.cairo_renderer import CairoRenderer
from manim.scene.scene_file_writer import SceneFileWriter

#: small frames: the comparison is about time and encoding, not detail
SIZE = (256, 144)
FPS = 15
#: the structural similarity every frame keeps against today's encode
SSIM_FLOOR = 0.99


class RecordingFileWriter(SceneFileWriter):
    """Manim's own file writer, noting each still wait: (first frame, frames it lasts)."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.frames_written = 0
        self.holds: list[tuple[int, int]] = []

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        if self._current_encode_job is not None:
            if repeat > 1:
                self.holds.append((self.frames_written, repeat))
            self.frames_written += repeat
        super().write_frame(pixels, repeat=repeat)


def render(media_dir: Path, make_renderer=lambda: None):
    """The update scene rendered into ``media_dir`` by ``make_renderer()`` (None: the
    scene's own): (its mp4, its .srt text, its renderer)."""
    from manim import tempconfig

    from scenes.update import UpdateScene

    settings = {"disable_caching": True, "quality": "low_quality", "frame_rate": FPS,
                "pixel_width": SIZE[0], "pixel_height": SIZE[1], "media_dir": str(media_dir),
                "verbosity": "ERROR", "progress_bar": "none"}
    with tempconfig(settings):
        scene = UpdateScene(renderer=make_renderer())
        scene.render()
    movie = next(p for p in media_dir.rglob("UpdateScene.mp4")
                 if "partial_movie_files" not in p.parts)
    return movie, movie.with_suffix(".srt").read_text(encoding="utf-8"), scene.renderer


def on_the_grid(path: Path) -> tuple[list[np.ndarray], int]:
    """Every frame time's picture (RGB) of the video, and how many frames were encoded."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        ticks = Fraction(1, FPS) / stream.time_base
        packets = [(p.pts, p.duration) for p in container.demux(stream) if p.size]
    end = max(pts + duration for pts, duration in packets)
    with av.open(str(path)) as container:
        decoded = sorted(((frame.pts, frame.to_ndarray(format="rgb24"))
                          for frame in container.decode(video=0)), key=lambda item: item[0])
    pictures = []
    for index, (pts, picture) in enumerate(decoded):
        following = decoded[index + 1][0] if index + 1 < len(decoded) else end
        lasts = Fraction(following - pts) / ticks
        assert lasts.denominator == 1, f"frame at {pts} is off the frame-rate grid"
        pictures += [picture] * int(lasts)
    return pictures, len(decoded)


def ssim(first: np.ndarray, second: np.ndarray, window: int = 7) -> float:
    """Mean structural similarity of two RGB pictures' luma (Wang et al. 2004), over
    every ``window``×``window`` square (uniform weights, sample variances), with
    C1 = (0.01·255)², C2 = (0.03·255)²."""
    def luma(picture):
        return picture.astype(float) @ np.array([0.299, 0.587, 0.114])

    def mean(values):  # the mean over every window, from a summed-area table
        table = np.pad(values, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
        return (table[window:, window:] - table[:-window, window:] - table[window:, :-window]
                + table[:-window, :-window]) / window ** 2

    a, b = luma(first), luma(second)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mean_a, mean_b = mean(a), mean(b)
    unbiased = window ** 2 / (window ** 2 - 1)
    var_a = (mean(a * a) - mean_a ** 2) * unbiased
    var_b = (mean(b * b) - mean_b ** 2) * unbiased
    covariance = (mean(a * b) - mean_a * mean_b) * unbiased
    return float(np.mean((2 * mean_a * mean_b + c1) * (2 * covariance + c2)
                         / ((mean_a ** 2 + mean_b ** 2 + c1) * (var_a + var_b + c2))))


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    today, today_captions, recorder = render(
        tmp_path_factory.mktemp("manim-writer"),
        lambda: CairoRenderer(file_writer_class=RecordingFileWriter))
    held, held_captions, _ = render(tmp_path_factory.mktemp("holding-writer"))
    return {"today": (*on_the_grid(today), today_captions),
            "held": (*on_the_grid(held), held_captions),
            "holds": recorder.file_writer.holds, "frames": recorder.file_writer.frames_written}


def test_the_ssim_here_is_that_of_the_definition():
    """Identical pictures score 1; a picture against its negative scores below 0."""
    rng = np.random.default_rng(0)
    picture = rng.integers(0, 256, (20, 30, 3)).astype(np.uint8)
    assert ssim(picture, picture) == pytest.approx(1.0)
    assert ssim(picture, 255 - picture) < 0
    noisy = np.clip(picture + rng.normal(0, 40, picture.shape), 0, 255).astype(np.uint8)
    assert 0 < ssim(picture, noisy) < 0.9


def test_the_video_lasts_as_long_to_the_frame_with_the_same_captions(both):
    today, _, today_captions = both["today"]
    held, _, held_captions = both["held"]
    assert len(held) == len(today) == both["frames"]
    assert held_captions == today_captions


def test_a_held_picture_is_encoded_once(both):
    holds = both["holds"]
    assert len(holds) >= 5, "the update scene holds pictures for its sentences"
    drawn = both["frames"] - sum(length for _, length in holds)
    _, encoded, _ = both["held"]
    assert encoded == drawn + len(holds)
    assert both["frames"] > 2 * encoded  # the most of the scene is held


def test_frames_are_identical_while_a_picture_is_held(both):
    pictures, _, _ = both["held"]
    for start, length in both["holds"]:
        for later in range(start + 1, start + length):
            assert np.array_equal(pictures[later], pictures[start]), (start, later)


def test_every_frame_looks_as_today_encode(both):
    today, _, _ = both["today"]
    held, _, _ = both["held"]
    scores = [ssim(a, b) for a, b in zip(today, held)]
    worst = int(np.argmin(scores))
    below = [(i, round(score, 4)) for i, score in enumerate(scores) if score < SSIM_FLOOR]
    assert scores[worst] >= SSIM_FLOOR, f"frame {worst}: SSIM {scores[worst]:.4f}; {below[:20]}"
