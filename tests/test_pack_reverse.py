"""Videos played backwards for manim-slides' reverse key: every frame, last first."""

from __future__ import annotations

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
