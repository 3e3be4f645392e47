"""Cut a video into consecutive clips by stream copy (no re-encoding), at keyframes, via PyAV.

A clip of H.264 must start at a keyframe to play on its own. Manim encodes each
``play`` of a scene as its own piece and joins the pieces by stream copy, so
every piece starts with a keyframe; a beat of a storyboard ends where a play
ends (:mod:`linviz.storyboard`), so a scene's section can be cut at its beats'
ends exactly. A cut asked where no keyframe starts (within ``tolerance``) is not
made: the clips on both sides stay one, and the caller is told which cuts were
made.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from .timeline import SAME_TIME


def keyframe_times(path: Path) -> list[Fraction]:
    """The presentation times (seconds, exact) of the keyframes of ``path``'s video."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        return sorted(packet.pts * stream.time_base for packet in container.demux(stream)
                      if packet.pts is not None and packet.size and packet.is_keyframe)


def cuttable(path: Path, cuts: Sequence[float],
             tolerance: float = SAME_TIME) -> list[Fraction | None]:
    """For each time of ``cuts``, the keyframe of ``path`` a clip can start at: the one
    within ``tolerance`` of it (the nearest; the earlier of two as near), or None."""
    keys = keyframe_times(path)
    found: list[Fraction | None] = []
    for cut in cuts:
        near = [key for key in keys if abs(float(key) - cut) <= tolerance and key > 0]
        found.append(min(near, key=lambda key: (abs(float(key) - cut), key)) if near else None)
    return found


def split_video(source: Path, cuts: Sequence[Fraction], targets: Sequence[Path]) -> None:
    """Write ``source`` as ``len(cuts) + 1`` clips, ``targets[k]`` from ``cuts[k − 1]`` to
    ``cuts[k]`` (the first from the start, the last to the end), each timed from 0.

    ``cuts``: increasing keyframe times of ``source`` (see :func:`cuttable`). Packets go
    to a clip by decoding order: a packet belongs to the clip of the last keyframe before
    it, so a group of pictures is never split.
    """
    import av

    if len(targets) != len(cuts) + 1:
        raise ValueError("one target more than cuts is needed")
    with av.open(str(source)) as reader:
        stream = reader.streams.video[0]
        starts = [round(cut / stream.time_base) for cut in cuts]
        writers = []
        try:
            for target in targets:
                writer = av.open(str(target), "w", format="mp4")
                writers.append((writer, writer.add_stream_from_template(stream)))
            clip, shift = 0, 0
            for packet in reader.demux(stream):
                if packet.pts is None or packet.size == 0:  # the demuxer's end marker
                    continue
                while (packet.is_keyframe and clip < len(starts)
                       and packet.pts >= starts[clip]):
                    shift = starts[clip]
                    clip += 1
                writer, out = writers[clip]
                packet.pts -= shift
                packet.dts = packet.dts - shift if packet.dts is not None else None
                packet.stream = out
                writer.mux(packet)
        finally:
            for writer, _ in writers:
                writer.close()
