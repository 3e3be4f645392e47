"""A video played backwards, for manim-slides' "reverse" key (its slides' ``rev_file``).

Frames are read a chunk at a time from the end (seek to the keyframe before
the chunk, decode forwards, keep the chunk's frames) and written in reverse
order, so memory holds one chunk, whatever the video's length or size. This
re-encodes (libx264, the video's size and frame rate): reversing cannot be a
stream copy, as each frame of H.264 depends on the ones before it.

Each frame keeps how long it lasts: a frame shown from t to t + d in the video
of length T is shown from T − t − d to T − t backwards. A held picture (one
frame lasting many frame times, see :class:`scenes.toolkit.speed.manim_adapter.
HoldingSegmentEncoder`) is so encoded once backwards too: reversing costs the
frames that were drawn one by one, not the length of the video.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

#: frames held in memory at once
CHUNK = 48
#: libx264's settings for the reversed file: no B-frames (an mp4 keeps a frame's
#: duration as the gap to the next frame decoded, so frames are decoded in the order
#: they are shown), and its "veryfast" preset: a file only the reverse key plays,
#: made for every section, at the same CRF as the video
ENCODER_OPTIONS = {"bf": "0", "preset": "veryfast", "crf": "23"}


def frame_spans(path: Path) -> list[tuple[int, int]]:
    """(presentation time, duration) of every frame of ``path``, in display order, in
    its stream's time base (a frame lasts until the next one; the last to the end)."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        packets = sorted((p.pts, p.duration or 0) for p in container.demux(stream)
                         if p.pts is not None and p.size)
    end = max((pts + duration for pts, duration in packets), default=0)
    following = [pts for pts, _ in packets[1:]] + [end]
    return [(pts, max(after - pts, 1)) for (pts, _), after in zip(packets, following)]


def reverse_video(source: Path, target: Path, chunk: int = CHUNK,
                  keyframes_at: Sequence[float] = ()) -> None:
    """Write ``source``'s frames to ``target`` last first, each lasting as long.

    ``keyframes_at``: times of ``source`` (seconds) where a clip of the backwards video
    must be able to start (the ends of beats, so it can be cut by stream copy, see
    :mod:`.cut`): the frame that ends there in ``source``, which starts there
    backwards, is encoded as a keyframe.
    """
    import av

    from .timeline import SAME_TIME

    spans = frame_spans(source)
    times = [pts for pts, _ in spans]
    lasting = dict(spans)
    with av.open(str(source)) as reader, av.open(str(target), "w", format="mp4") as writer:
        stream = reader.streams.video[0]
        rate = stream.codec_context.framerate or stream.guessed_rate or stream.average_rate or 15
        out = writer.add_stream("libx264", rate=rate, options=ENCODER_OPTIONS)
        out.width, out.height, out.pix_fmt = stream.width, stream.height, "yuv420p"
        # the source's times in frame times of ``rate`` (the output's time base)
        scale = stream.time_base * Fraction(rate)
        end = times[-1] + lasting[times[-1]] if times else 0
        durations: dict[int, int] = {}

        def write(packets):
            for packet in packets:
                packet.duration = durations.pop(packet.pts, 1)
                writer.mux(packet)

        for stop in range(len(times), 0, -chunk):
            begin = max(0, stop - chunk)
            wanted = set(times[begin:stop])
            reader.seek(times[begin], stream=stream, backward=True, any_frame=False)
            kept = []
            for frame in reader.decode(stream):
                if frame.pts in wanted:
                    kept.append((frame.pts, frame.to_ndarray(format="yuv420p")))
                if frame.pts is not None and frame.pts >= times[stop - 1]:
                    break
            for pts, planes in reversed(kept):
                starts = round((end - pts - lasting[pts]) * scale)
                picture = av.VideoFrame.from_ndarray(planes, format="yuv420p")
                ends = float((pts + lasting[pts]) * stream.time_base)
                if any(abs(ends - at) <= SAME_TIME for at in keyframes_at):
                    picture.pict_type = av.video.frame.PictureType.I
                picture.pts = starts
                picture.time_base = Fraction(1) / Fraction(rate)
                durations[starts] = max(1, round(lasting[pts] * scale))
                write(out.encode(picture))
        write(out.encode())
