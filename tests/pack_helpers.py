"""Small synthetic inputs for the lecture pack's tests: clips, sections indexes, captions.

Each clip is a run of frames of one solid colour encoded with libx264, the way
Manim encodes scenes, so joining them is a real stream copy of real H.264.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

FPS = 15
SIZE = (64, 48)


def write_clip(path: Path, frames: int, colour: tuple[int, int, int], fps: int = FPS,
               size: tuple[int, int] = SIZE) -> Path:
    """An H.264 mp4 of ``frames`` frames of one colour, at ``fps``."""
    import av

    width, height = size
    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        image = np.zeros((height, width, 3), dtype=np.uint8)
        image[:] = colour
        for _ in range(frames):
            for packet in stream.encode(av.VideoFrame.from_ndarray(image, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path


def write_sections_index(path: Path, sections: list[tuple[str, int]], fps: int = FPS) -> Path:
    """A sections index in the shape Manim writes: name, file, frame count, rate per section."""
    entries = [{"name": name, "type": "default.normal", "video": f"Scene_{i:04d}_{name}.mp4",
                "nb_frames": str(frames), "duration": f"{frames / fps:.6f}",
                "avg_frame_rate": f"{fps}/1", "codec_name": "h264", "pix_fmt": "yuv420p"}
               for i, (name, frames) in enumerate(sections)]
    path.write_text(json.dumps(entries, indent=4))
    return path


def srt_time(seconds: float) -> str:
    millis = round(seconds * 1000)
    return (f"{millis // 3_600_000:02d}:{millis // 60_000 % 60:02d}:"
            f"{millis // 1000 % 60:02d},{millis % 1000:03d}")


def read_srt(path: Path) -> list[tuple[str, str, str]]:
    """(start, end, text) of every cue of an .srt file, as written; a cue's text may have
    several lines."""
    import re

    return [(start, end, text.strip("\n")) for start, end, text in
            re.findall(r"(\S+) --> (\S+)\n(.+?)(?:\n\n|\n?$)",
                       path.read_text(encoding="utf-8"), re.S)]


def write_srt(path: Path, cues: list[tuple[float, float, str]]) -> Path:
    """An .srt file of (start, end, text) cues."""
    blocks = [f"{n}\n{srt_time(a)} --> {srt_time(b)}\n{text}\n"
              for n, (a, b, text) in enumerate(cues, start=1)]
    path.write_text("\n".join(blocks), encoding="utf-8")
    return path


def decoded_colours(path: Path) -> list[tuple[int, int, int]]:
    """The colour at the centre of every frame of a video, in display order."""
    import av

    colours = []
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            image = frame.to_ndarray(format="rgb24")
            colours.append(tuple(int(v) for v in image[image.shape[0] // 2, image.shape[1] // 2]))
    return colours
