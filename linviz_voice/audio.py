"""A scene's narration as an AAC audio track of its mp4, with PyAV.

Every WAV (piper's at 22.05 kHz, a lecturer's at any rate, mono or stereo)
is decoded and resampled to mono at :data:`SAMPLE_RATE`; each is laid into a
silent track as long as the video, starting at its caption's start (a sample
at time t is at index round(t · rate)). The video's packets are copied as
they are (no re-encoding) and the track is encoded as AAC beside them, the two
interleaved by time, into a new file that replaces the silent one.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import numpy as np

#: the track's samples a second (any WAV is resampled to it): speech needs no more than
#: its 12 kHz of bandwidth (piper speaks at 22.05 kHz), and AAC encodes it twice as fast
#: as at 48 kHz
SAMPLE_RATE = 24000
#: AAC bit rate of the mono speech track
BIT_RATE = 64_000
#: samples handed to the encoder at a time (PyAV cuts them into AAC's frames of 1024)
ENCODE_CHUNK = SAMPLE_RATE


def read_samples(path: str | Path) -> np.ndarray:
    """The sound of ``path`` (any format FFmpeg reads) as float32 mono at SAMPLE_RATE."""
    import av

    resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
    pieces = []
    with av.open(str(path)) as container:
        for frame in container.decode(audio=0):
            pieces += [f.to_ndarray().reshape(-1) for f in resampler.resample(frame)]
    pieces += [f.to_ndarray().reshape(-1) for f in resampler.resample(None)]
    return np.concatenate(pieces).astype(np.float32) if pieces else np.zeros(0, np.float32)


def laid_track(duration: float, placements: Iterable[tuple[float, str | Path]]) -> np.ndarray:
    """A track of ``duration`` seconds, silent but for each WAV of ``placements``
    (start seconds, path) from its start; a WAV running past the end is cut there."""
    track = np.zeros(round(duration * SAMPLE_RATE), np.float32)
    for start, path in placements:
        samples = read_samples(path)
        first = min(max(0, round(start * SAMPLE_RATE)), len(track))
        count = min(len(samples), len(track) - first)
        track[first:first + count] += samples[:count]
    np.clip(track, -1.0, 1.0, out=track)
    return track


def _video_length(stream, packets) -> Fraction:
    end = max((p.pts + p.duration for p in packets if p.pts is not None), default=0)
    return Fraction(end) * stream.time_base


def encode_track(output, track: np.ndarray):
    """Encode ``track`` as AAC into a new stream of ``output``; (stream, packets)."""
    import av

    stream = output.add_stream("aac", rate=SAMPLE_RATE, layout="mono")
    stream.bit_rate = BIT_RATE
    stream.time_base = Fraction(1, SAMPLE_RATE)
    packets = []
    for first in range(0, len(track), ENCODE_CHUNK):
        chunk = track[first:first + ENCODE_CHUNK].reshape(1, -1)
        frame = av.AudioFrame.from_ndarray(np.ascontiguousarray(chunk), format="fltp",
                                           layout="mono")
        frame.sample_rate, frame.pts = SAMPLE_RATE, first
        frame.time_base = Fraction(1, SAMPLE_RATE)
        packets += stream.encode(frame)
    packets += stream.encode(None)
    return stream, packets


def mux_with_track(video: Path, target: Path, track_of_length) -> None:
    """Write ``video``'s video stream (copied) and an AAC track into ``target``.

    ``track_of_length``: seconds of video → the float32 samples of the track (as long).
    Tags and chapters of ``video`` are kept.
    """
    import av

    with av.open(str(video)) as source, av.open(str(target), "w", format="mp4") as output:
        for key, value in source.metadata.items():
            output.metadata[key] = value
        in_stream = source.streams.video[0]
        packets = [p for p in source.demux(in_stream) if p.pts is not None and p.size]
        out_video = output.add_stream_from_template(in_stream)
        track = track_of_length(float(_video_length(in_stream, packets)))
        out_audio, encoded = encode_track(output, track)
        chapters = source.chapters()
        if chapters:
            output.set_chapters(chapters)
        for packet, stream in _interleaved(packets, in_stream.time_base, out_video,
                                           encoded, out_audio):
            packet.stream = stream
            output.mux(packet)


def _interleaved(video_packets, video_base, video_stream, audio_packets, audio_stream):
    """The packets of both streams in the order of their decoding times."""
    def when(packet, base):
        return Fraction(packet.dts if packet.dts is not None else packet.pts or 0) * base

    tagged = [(when(p, video_base), 0, k, p, video_stream) for k, p in enumerate(video_packets)]
    tagged += [(when(p, Fraction(1, SAMPLE_RATE)), 1, k, p, audio_stream)
               for k, p in enumerate(audio_packets)]
    tagged.sort(key=lambda item: item[:3])
    return [(packet, stream) for *_, packet, stream in tagged]


def add_narration(video: Path, placements, target: Path) -> None:
    """``video`` with the WAVs of ``placements`` (start seconds, path) as its AAC track."""
    placements = list(placements)
    mux_with_track(video, target, lambda duration: laid_track(duration, placements))


# -- reading a track back (the joined lecture, tests) ---------------------------------
