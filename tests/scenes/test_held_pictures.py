"""A held picture is written once: the video shows the same frames, for the same time.

The update scene is rendered twice at -q l's size: through Manim's own file
writer (today's encode, every held frame encoded one by one; it also records
where Manim hands a still wait's frame with its length) and through
linviz's (:class:`scenes.toolkit.speed.manim_adapter.HoldingFileWriter`). Both
videos are decoded onto the frame-rate grid (frame k at k/fps, a frame that
lasts n frame times counted n times) and compared.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import zip_longest
from pathlib import Path

import numpy as np
import pytest
from manim.renderer.cairo_renderer import CairoRenderer
from manim.scene.scene_file_writer import SceneFileWriter

from scenes.toolkit.speed.manim_adapter import HoldingFileWriter, holding_renderer

#: the default pack's size (-q l): compression shows at the size students see
SIZE = (854, 480)
FPS = 15
#: the structural similarity every frame keeps against today's encode
SSIM_FLOOR = 0.99

pytestmark = pytest.mark.render


class RecordingFileWriter(SceneFileWriter):
    """Manim's own file writer, noting each still wait: (first frame, frames it lasts),
    and each frame of a play whose pixels equal the frame before it in that play."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.frames_written = 0
        self.holds: list[tuple[int, int]] = []
        self.unchanged: set[int] = set()
        self._before = (None, None)  # (segment, its last frame)

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        job = self._current_encode_job
        if job is not None:
            if repeat > 1:
                self.holds.append((self.frames_written, repeat))
            segment, last = self._before
            if repeat == 1 and segment is job and np.array_equal(last, pixels):
                self.unchanged.add(self.frames_written)
            self._before = (job, pixels)
            self.frames_written += repeat
        super().write_frame(pixels, repeat=repeat)


class RepeatNotingFileWriter(HoldingFileWriter):
    """linviz's file writer, noting each frame handed again as the same array (a frame
    of a play the renderer did not draw, its moving drawings unchanged)."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.frames_written = 0
        self.repeated: set[int] = set()
        self._last = None

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        if self._current_encode_job is not None:
            if pixels is self._last:
                self.repeated.add(self.frames_written)
            self._last = pixels
            self.frames_written += repeat
        super().write_frame(pixels, repeat=repeat)


def noting_repeats():
    renderer = holding_renderer()
    renderer._file_writer_class = RepeatNotingFileWriter
    return renderer


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


def declared_length(path: Path) -> float:
    """The length the mp4 declares (what a browser's player shows), in seconds."""
    import av

    with av.open(str(path)) as container:
        return container.duration / 1e6


def on_the_grid(path: Path, exact: bool = True):
    """The picture (RGB) the video shows at every frame time, in order, decoded as it
    goes (a frame that lasts n frame times is yielded n times). ``exact``: every frame
    starts on the grid (Manim's own files put their last frame a hair off it)."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        ticks = Fraction(1, FPS) / stream.time_base
        spans = sorted((p.pts, p.duration) for p in container.demux(stream) if p.size)
    starts = [start for start, _ in spans]
    end = max(start + duration for start, duration in spans)
    following = dict(zip(starts, starts[1:] + [end]))
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            assert not exact or (frame.pts / ticks).denominator == 1, f"{frame.pts} off the grid"
            lasts = round(following[frame.pts] / ticks) - round(frame.pts / ticks)
            picture = frame.to_ndarray(format="rgb24")
            for _ in range(lasts):
                yield picture


def encoded_frames(path: Path) -> int:
    import av

    with av.open(str(path)) as container:
        return sum(1 for packet in container.demux(video=0) if packet.size)


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
    """Both renders, compared frame time by frame time as they are decoded."""
    today, today_captions, recorder = render(
        tmp_path_factory.mktemp("manim-writer"),
        lambda: CairoRenderer(file_writer_class=RecordingFileWriter))
    held, held_captions, holder = render(tmp_path_factory.mktemp("holding-writer"),
                                         noting_repeats)
    holds = recorder.file_writer.holds
    hold_of = {start + offset: start for start, length in holds for offset in range(length)}
    scores, changed_while_held, first_of_hold = [], [], None
    frames = {"today": 0, "held": 0}
    for index, (old, new) in enumerate(zip_longest(on_the_grid(today, exact=False),
                                                             on_the_grid(held))):
        for name, picture in (("today", old), ("held", new)):
            frames[name] += picture is not None
        if old is None or new is None:
            continue
        scores.append(ssim(old, new))
        if hold_of.get(index) == index:
            first_of_hold = new
        elif index in hold_of and not np.array_equal(new, first_of_hold):
            changed_while_held.append(index)
    return {"frames": frames, "captions": (today_captions, held_captions),
            "lengths": (declared_length(today), declared_length(held)),
            "encoded": encoded_frames(held), "scores": scores,
            "changed_while_held": changed_while_held, "holds": holds,
            "written": recorder.file_writer.frames_written,
            "unchanged": recorder.file_writer.unchanged,
            "repeated": holder.file_writer.repeated,
            "held_written": holder.file_writer.frames_written}


def test_the_ssim_here_is_that_of_the_definition():
    """Identical pictures score 1; a picture against its negative scores below 0."""
    rng = np.random.default_rng(0)
    picture = rng.integers(0, 256, (20, 30, 3)).astype(np.uint8)
    assert ssim(picture, picture) == pytest.approx(1.0)
    assert ssim(picture, 255 - picture) < 0
    noisy = np.clip(picture + rng.normal(0, 40, picture.shape), 0, 255).astype(np.uint8)
    assert 0 < ssim(picture, noisy) < 0.9


def test_the_video_lasts_as_long_to_the_frame_with_the_same_captions(both):
    assert both["frames"]["held"] == both["frames"]["today"] == both["written"]
    today_captions, held_captions = both["captions"]
    assert held_captions == today_captions
    today_length, held_length = both["lengths"]
    assert held_length == pytest.approx(today_length, abs=1e-3)
    assert held_length == pytest.approx(both["written"] / FPS, abs=1e-3)


def test_a_held_picture_is_encoded_once(both):
    holds = both["holds"]
    assert len(holds) >= 5, "the update scene holds pictures for its sentences"
    drawn = both["written"] - sum(length for _, length in holds)
    assert both["held_written"] == both["written"]
    assert both["encoded"] == drawn - len(both["repeated"]) + len(holds)
    assert both["written"] > 2 * both["encoded"]  # the most of the scene is held


def test_a_frame_is_handed_again_only_where_today_render_drew_the_same_pixels(both):
    """The renderer repeats a frame of a play when what it draws from is unchanged: those
    frames of Manim's own render are pixel for pixel the frame before them."""
    assert both["repeated"] <= both["unchanged"]


def test_frames_are_identical_while_a_picture_is_held(both):
    assert both["changed_while_held"] == []


def test_every_frame_looks_as_today_encode(both):
    scores = both["scores"]
    worst = int(np.argmin(scores))
    below = [(i, round(score, 4)) for i, score in enumerate(scores) if score < SSIM_FLOOR]
    assert scores[worst] >= SSIM_FLOOR, f"frame {worst}: SSIM {scores[worst]:.4f}; {below[:20]}"
