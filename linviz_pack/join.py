"""Join videos end to end by stream copy (no re-encoding), with chapter markers, via PyAV.

Manim encodes every scene of one quality with the same settings, so their
packets can follow one another in one stream: each clip's timestamps are moved
by the length of the clips before it. Chapters go into the mp4 as its chapter
list (what players show as chapters); they are flat, so a section's title
carries its scene's (``"3 perceptron: epoch-1"``).

Narrated clips (an AAC track each, :mod:`linviz_voice.audio`) give the joined
video one track: each clip's sound decoded and cut or padded to exactly its
video's length (a silent clip, such as the title card, as silence), one after another, encoded once (AAC frames cannot be joined
by stream copy without a gap or a click at every seam), and interleaved with
the copied video packets by time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from linviz.errors import LinvizError

#: chapter times are written in milliseconds
CHAPTER_TIME_BASE = Fraction(1, 1000)


@dataclass(frozen=True)
class Chapter:
    """A chapter marker: ``title`` from ``start`` to ``end`` seconds."""

    start: float
    end: float
    title: str


def video_duration(path: Path) -> float:
    """Seconds of video in ``path``: the end of its last frame."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        end = max((packet.pts + packet.duration for packet in container.demux(stream)
                   if packet.pts is not None), default=0)
        return float(end * stream.time_base)


def join_videos(clips: Sequence[Path], target: Path, chapters: Sequence[Chapter] = (),
                metadata: dict | None = None) -> list[float]:
    """Write ``clips`` one after another into ``target`` (same codec settings needed).

    ``metadata``: the container's tags (title, artist, album, date: what players show).

    Returns each clip's offset in ``target`` in seconds. Raises LinvizError when a
    clip was encoded differently from the first (size, codec or settings), which a
    stream copy cannot join.
    """
    import av

    if not clips:
        raise LinvizError("nothing to join")
    offsets: list[float] = []
    with av.open(str(target), "w", format="mp4") as output:
        for key, value in (metadata or {}).items():
            if value:
                output.metadata[key] = value
        with av.open(str(clips[0])) as first:
            template = first.streams.video[0]
            reference = _signature(template)
            out_stream = output.add_stream_from_template(template)
        if chapters:
            output.set_chapters([_chapter_entry(number, chapter)
                                 for number, chapter in enumerate(chapters, start=1)])
        sound = _joined_sound(clips, output)
        offset = Fraction(0)  # seconds
        for clip in clips:
            offsets.append(float(offset))
            with av.open(str(clip)) as source:
                stream = source.streams.video[0]
                if _signature(stream) != reference:
                    raise LinvizError(f"{clip.name} was encoded differently from "
                                      f"{Path(clips[0]).name}; render all scenes at one "
                                      f"quality to join them")
                offset += _copy_packets(source, stream, output, out_stream, offset, sound)
        if sound is not None:
            sound.mux_until(None)
    return offsets


class _Sound:
    """The joined track's AAC packets, muxed in time order between the video's."""

    def __init__(self, output, stream, packets) -> None:
        self.output, self.stream, self.packets, self.next = output, stream, packets, 0

    def mux_until(self, seconds: Fraction | None) -> None:
        """Mux the packets that start before ``seconds`` (None: all that are left)."""
        while self.next < len(self.packets):
            packet = self.packets[self.next]
            if seconds is not None and packet.pts * self.stream.time_base > seconds:
                return
            packet.stream = self.stream
            self.output.mux(packet)
            self.next += 1


def _joined_sound(clips: Sequence[Path], output) -> "_Sound | None":
    """The clips' sound as one AAC stream of ``output`` (None when every clip is silent);
    a clip without sound (the title card) is silence as long as its video."""
    import numpy as np

    from linviz_voice.audio import SAMPLE_RATE, encode_track, read_samples

    voiced = [has_audio(Path(clip)) for clip in clips]
    if not any(voiced):
        return None
    pieces = []
    for clip, sound in zip(clips, voiced):
        samples = read_samples(clip) if sound else np.zeros(0, np.float32)
        length = round(Fraction(video_duration(Path(clip))) * SAMPLE_RATE)
        pieces.append(np.pad(samples[:length], (0, max(0, length - len(samples)))))
    stream, packets = encode_track(output, np.concatenate(pieces))
    return _Sound(output, stream, packets)


def _signature(stream) -> tuple:
    """What must match for packets of two streams to play as one stream."""
    context = stream.codec_context
    return (context.name, context.width, context.height, context.format.name
            if context.format else None, bytes(context.extradata or b""))


def _copy_packets(source, stream, output, out_stream, offset: Fraction,
                  sound: _Sound | None = None) -> Fraction:
    """Mux ``stream``'s packets into ``out_stream`` moved by ``offset`` seconds, ``sound``'s
    packets of the same time before each; the clip's length."""
    shift = round(offset / stream.time_base)
    end = 0
    for packet in source.demux(stream):
        if packet.pts is None or packet.size == 0:  # the demuxer's end-of-stream marker
            continue
        end = max(end, packet.pts + packet.duration)
        packet.pts += shift
        packet.dts = packet.dts + shift if packet.dts is not None else None
        if sound is not None:
            sound.mux_until((packet.dts if packet.dts is not None else packet.pts)
                            * stream.time_base)
        packet.stream = out_stream
        output.mux(packet)
    return end * stream.time_base


def _chapter_entry(number: int, chapter: Chapter) -> dict:
    scale = 1 / CHAPTER_TIME_BASE
    return {"id": number, "start": round(chapter.start * scale),
            "end": round(chapter.end * scale), "time_base": CHAPTER_TIME_BASE,
            "metadata": {"title": chapter.title}}


def read_chapters(path: Path) -> list[Chapter]:
    """The chapter markers of a video file, as written by :func:`join_videos` or any tool."""
    import av

    with av.open(str(path)) as container:
        return [Chapter(float(entry["start"] * entry["time_base"]),
                        float(entry["end"] * entry["time_base"]),
                        entry["metadata"].get("title", ""))
                for entry in container.chapters()]


def has_audio(path: Path) -> bool:
    """Whether ``path`` has a sound track (a narrated scene's)."""
    import av

    with av.open(str(path)) as container:
        return bool(container.streams.audio)


def video_size(path: Path) -> tuple[int, int]:
    """(width, height) of the video in ``path``."""
    import av

    with av.open(str(path)) as container:
        context = container.streams.video[0].codec_context
        return context.width, context.height


def frame_rate(path: Path) -> float:
    """Frames a second of the video in ``path``: the rate it was encoded at (a held
    picture is one frame lasting many frame times, so frames / seconds is less)."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        return float(stream.codec_context.framerate or stream.guessed_rate
                     or stream.average_rate or 0) or 15.0


def save_frame(path: Path, time: float, target: Path) -> None:
    """Save the last frame shown at or before ``time`` seconds of ``path`` as an image."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        chosen = None
        for frame in container.decode(stream):
            if chosen is not None and frame.time is not None and frame.time > time:
                break
            chosen = frame
        if chosen is None:
            raise LinvizError(f"{Path(path).name} has no frames")
        chosen.to_image().save(target)
