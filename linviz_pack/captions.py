"""Caption files for the whole lecture: each scene's cues moved by the scene's offset."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .timeline import Cue


def joined_cues(scenes: Sequence[tuple[float, Iterable[Cue]]]) -> list[Cue]:
    """All cues in lecture time: a cue at t in a scene starting at ``offset`` is at offset + t."""
    return [cue.shifted(offset) for offset, cues in scenes for cue in cues]


def _stamp(seconds: float, separator: str) -> str:
    millis = max(0, round(seconds * 1000))
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    secs, millis = divmod(millis, 1000)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}{separator}{millis:03d}"


def format_srt(cues: Iterable[Cue]) -> str:
    """SubRip text: numbered blocks, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, the caption."""
    blocks = [f"{number}\n{_stamp(cue.start, ',')} --> {_stamp(cue.end, ',')}\n{cue.text}\n"
              for number, cue in enumerate(cues, start=1)]
    return "\n".join(blocks)


def format_vtt(cues: Iterable[Cue]) -> str:
    """WebVTT text: the header, then ``HH:MM:SS.mmm --> HH:MM:SS.mmm`` and the caption."""
    blocks = [f"{_stamp(cue.start, '.')} --> {_stamp(cue.end, '.')}\n"
              f"{cue.text.replace('-->', '→')}\n" for cue in cues]
    return "\n".join(["WEBVTT\n", *blocks])
