"""A video played backwards, for manim-slides' "reverse" key (its slides' ``rev_file``).

Frames are read a chunk at a time from the end (seek to the keyframe before
the chunk, decode forwards, keep the chunk's frames) and written in reverse
order, so memory holds one chunk, whatever the video's length or size. This
re-encodes (libx264, the video's size and frame rate): reversing cannot be a
stream copy, as each frame of H.264 depends on the ones before it.
"""

from __future__ import annotations

from pathlib import Path

#: frames held in memory at once
CHUNK = 48


def frame_times(path: Path) -> list[int]:
    """The presentation time stamps of every frame of ``path``, in display order."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        return sorted(p.pts for p in container.demux(stream) if p.pts is not None and p.size)


def reverse_video(source: Path, target: Path, chunk: int = CHUNK) -> None:
    """Write ``source``'s frames to ``target`` last first."""
    import av

    times = frame_times(source)
    with av.open(str(source)) as reader, av.open(str(target), "w", format="mp4") as writer:
        stream = reader.streams.video[0]
        out = writer.add_stream("libx264", rate=stream.average_rate or 15)
        out.width, out.height, out.pix_fmt = stream.width, stream.height, "yuv420p"
        for end in range(len(times), 0, -chunk):
            begin = max(0, end - chunk)
            wanted = set(times[begin:end])
            reader.seek(times[begin], stream=stream, backward=True, any_frame=False)
            kept = []
            for frame in reader.decode(stream):
                if frame.pts in wanted:
                    kept.append(frame.to_ndarray(format="yuv420p"))
                if frame.pts is not None and frame.pts >= times[end - 1]:
                    break
            for planes in reversed(kept):
                for packet in out.encode(av.VideoFrame.from_ndarray(planes, format="yuv420p")):
                    writer.mux(packet)
        for packet in out.encode():
            writer.mux(packet)
