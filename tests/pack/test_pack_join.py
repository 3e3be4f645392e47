"""Joining clips by stream copy, chapter markers, and captions in lecture time (synthetic clips)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from linviz.errors import LinvizError
from linviz_pack.captions import format_srt, format_vtt, joined_cues
from linviz_pack.join import Chapter, join_videos, read_chapters, video_duration
from linviz_pack.timeline import Cue, parse_srt
from pack_helpers import FPS, decoded_colours, write_clip

RED, GREEN, BLUE = (220, 30, 30), (30, 200, 30), (30, 30, 220)


@pytest.fixture(scope="module")
def clips(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clips")
    return [(write_clip(folder / f"{name}.mp4", frames, colour), frames, colour)
            for name, frames, colour in [("a", 23, RED), ("b", 7, GREEN), ("c", 31, BLUE)]]


def close(colour, expected, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_joined_video_holds_every_frame_of_every_clip_in_order(clips, tmp_path):
    target = tmp_path / "joined.mp4"
    offsets = join_videos([path for path, _, _ in clips], target)
    colours = decoded_colours(target)
    assert len(colours) == sum(frames for _, frames, _ in clips)
    position = 0
    for (_, frames, colour), offset in zip(clips, offsets):
        assert offset == pytest.approx(position / FPS, abs=1e-9)
        assert all(close(c, colour) for c in colours[position:position + frames])
        position += frames
    assert video_duration(target) == pytest.approx(position / FPS, abs=1e-6)


def test_join_is_a_stream_copy_not_a_re_encode(clips, tmp_path):
    """The joined stream's packets are the clips' packets, byte for byte."""
    import av

    target = tmp_path / "joined.mp4"
    join_videos([path for path, _, _ in clips], target)

    def payloads(path):
        with av.open(str(path)) as container:
            return [bytes(p) for p in container.demux(video=0) if p.size]

    assert payloads(target) == [b for path, _, _ in clips for b in payloads(path)]


def test_chapters_read_back_as_written(clips, tmp_path):
    target = tmp_path / "joined.mp4"
    lengths = [Fraction(frames, FPS) for _, frames, _ in clips]
    starts = [sum(lengths[:i]) for i in range(len(lengths))]
    chapters = [Chapter(float(start), float(start + length), f"part {i} › θ")
                for i, (start, length) in enumerate(zip(starts, lengths))]
    join_videos([path for path, _, _ in clips], target, chapters)
    back = read_chapters(target)
    assert [c.title for c in back] == [c.title for c in chapters]
    for read, written in zip(back, chapters):
        assert read.start == pytest.approx(written.start, abs=1e-3)


def test_clips_of_another_size_are_refused(clips, tmp_path):
    other = write_clip(tmp_path / "big.mp4", 5, RED, size=(96, 64))
    target = tmp_path / "joined.mp4"
    with pytest.raises(LinvizError, match="encoded differently"):
        join_videos([clips[0][0], other], target)


def test_captions_move_by_their_scene_offset():
    first = [Cue(1.0, 2.5, "one"), Cue(2.5, 4.0, "two")]
    second = [Cue(0.2, 1.0, "three")]
    joined = joined_cues([(0.0, first), (7.4, second)])
    assert [(c.start, c.end, c.text) for c in joined] == [
        (1.0, 2.5, "one"), (2.5, 4.0, "two"), (pytest.approx(7.6), pytest.approx(8.4), "three")]


def test_srt_round_trip_and_vtt_times():
    cues = [Cue(0.0, 1.234, "θᵀx + θ₀ = 0"), Cue(3601.5, 3602.0, "two\nlines")]
    back = parse_srt(format_srt(cues))
    assert [(round(c.start, 3), round(c.end, 3), c.text) for c in back] == \
        [(c.start, c.end, c.text) for c in cues]
    vtt = format_vtt(cues)
    assert vtt.startswith("WEBVTT\n")
    assert "01:00:01.500 --> 01:00:02.000" in vtt and "00:00:00.000 --> 00:00:01.234" in vtt
