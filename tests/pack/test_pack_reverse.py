"""Videos played backwards for manim-slides' reverse key: every frame, last first."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from linviz_pack.reverse import reverse_video
from pack_helpers import FPS, decoded_colours


def write_ramp(path, frames):
    """A clip whose frame i is grey level 2i: its order can be read back from the pixels."""
    import av

    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=FPS)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for i in range(frames):
            image = np.full((48, 64, 3), 2 * i, dtype=np.uint8)
            for packet in stream.encode(av.VideoFrame.from_ndarray(image, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path


@pytest.mark.parametrize("frames, chunk", [(100, 17), (48, 48), (5, 64), (61, 1)])
def test_every_frame_comes_back_last_first(tmp_path, frames, chunk):
    source = write_ramp(tmp_path / "ramp.mp4", frames)
    target = tmp_path / "back.mp4"
    reverse_video(source, target, chunk=chunk)
    forwards = [grey for grey, _, _ in decoded_colours(source)]
    backwards = [grey for grey, _, _ in decoded_colours(target)]
    assert len(backwards) == frames
    assert all(abs(a - b) <= 3 for a, b in zip(backwards, reversed(forwards)))
    assert backwards[0] > backwards[-1] or frames == 1


def write_held_ramp(path, lengths):
    """A clip whose frame i is grey level 40i and lasts ``lengths[i]`` frame times
    (no B-frames: an mp4 keeps a frame's duration as the gap to the next frame decoded,
    so the frame shown last must be decoded last, as in Manim's files)."""
    import av

    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=FPS, options={"bf": "0"})
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        start, durations = 0, {}
        for i, length in enumerate(lengths):
            frame = av.VideoFrame.from_ndarray(np.full((48, 64, 3), 40 * i, dtype=np.uint8),
                                               format="rgb24")
            frame.pts, frame.time_base, durations[start] = start, Fraction(1, FPS), length
            start += length
            for packet in stream.encode(frame):
                packet.duration = durations[packet.pts]
                container.mux(packet)
        for packet in stream.encode():
            packet.duration = durations[packet.pts]
            container.mux(packet)
    return path


def shown_per_frame_time(path):
    """The grey level shown at each frame time (1/FPS) of the video, start to end."""
    import av

    from linviz_pack.reverse import frame_spans

    with av.open(str(path)) as container:
        time_base = container.streams.video[0].time_base
    greys = [grey for grey, _, _ in decoded_colours(path)]
    shown = []
    for grey, (_, duration) in zip(greys, frame_spans(path)):
        shown += [grey] * round(duration * time_base * FPS)
    return shown


def test_a_held_frame_lasts_as_long_backwards_and_is_encoded_once(tmp_path):
    lengths = [1, 30, 2, 1, 45]
    source = write_held_ramp(tmp_path / "held.mp4", lengths)
    target = tmp_path / "back.mp4"
    reverse_video(source, target, chunk=2)
    forwards, backwards = shown_per_frame_time(source), shown_per_frame_time(target)
    assert len(forwards) == sum(lengths)
    assert len(backwards) == len(forwards)
    assert all(abs(a - b) <= 3 for a, b in zip(backwards, reversed(forwards)))
    assert len(decoded_colours(target)) == len(lengths)
