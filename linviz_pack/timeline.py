"""When things happen in a rendered scene: its sections, its captions, its beats.

This is the one place that reads a scene's timing from Manim's output: the
sections index Manim writes with ``--save_sections`` (one entry per
``next_section``, in order, with its frame count) and the captions (.srt)
written beside the video. A richer per-beat file from the scenes can replace
:func:`beats_of` later without changing anything that uses beats.

A *beat* is what present mode plays between two stops. The stops are the end
of every caption, the end of every section and the end of the scene, so a
beat ends where its caption ends (or, for a caption cut short, where the next
one begins, which is where Manim's captions of linviz end anyway).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

#: two times closer than this are one stop (half a frame at 60 fps)
SAME_TIME = 1 / 120


@dataclass(frozen=True)
class Cue:
    """One caption: ``text`` on screen from ``start`` to ``end`` seconds."""

    start: float
    end: float
    text: str

    def shifted(self, offset: float) -> "Cue":
        return Cue(self.start + offset, self.end + offset, self.text)


@dataclass(frozen=True)
class Section:
    """One Manim section: ``name`` from ``start`` to ``end`` seconds; ``video`` its own file."""

    name: str
    start: float
    end: float
    video: str = ""


@dataclass(frozen=True)
class Beat:
    """What present mode plays between two stops, and the caption said meanwhile."""

    start: float
    end: float
    section: str
    text: str

    def shifted(self, offset: float) -> "Beat":
        return Beat(self.start + offset, self.end + offset, self.section, self.text)


@dataclass(frozen=True)
class SceneTimeline:
    """A rendered scene's length (seconds), sections and captions, times from its start."""

    duration: float
    sections: tuple[Section, ...]
    cues: tuple[Cue, ...]

    @property
    def beats(self) -> tuple[Beat, ...]:
        return beats_of(self)


_SRT_TIME = re.compile(r"(\d+):(\d\d):(\d\d)[,.](\d{1,3})")


def _seconds(stamp: str) -> float:
    match = _SRT_TIME.fullmatch(stamp.strip())
    if not match:
        raise ValueError(f"not an SRT time: {stamp!r}")
    hours, minutes, seconds, millis = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + int(seconds) + int(millis.ljust(3, "0")) / 1000


def parse_srt(text: str) -> list[Cue]:
    """The cues of an SRT file, in file order (blocks of number, times, text lines)."""
    cues = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()):
        lines = block.split("\n")
        timing = next((i for i, line in enumerate(lines) if "-->" in line), None)
        if timing is None:
            continue
        start, end = lines[timing].split("-->")
        cues.append(Cue(_seconds(start), _seconds(end.split()[0]),
                        "\n".join(lines[timing + 1:]).strip()))
    return cues


def read_sections(index: Path) -> list[Section]:
    """Sections from Manim's sections index: each starts where the ones before it end.

    A section's length is its frame count over its frame rate (exact), or its
    ``duration`` where those are missing.
    """
    entries = json.loads(Path(index).read_text(encoding="utf-8"))
    sections, start = [], Fraction(0)
    for entry in entries:
        try:
            length = Fraction(int(entry["nb_frames"])) / Fraction(entry["avg_frame_rate"])
        except (KeyError, ValueError, ZeroDivisionError):
            length = Fraction(str(entry["duration"]))
        sections.append(Section(entry["name"], float(start), float(start + length),
                                entry.get("video", "")))
        start += length
    return sections


def read_timeline(sections_index: Path, captions: Path | None) -> SceneTimeline:
    """A scene's timeline from its sections index and its .srt (missing: no captions)."""
    sections = read_sections(sections_index)
    cues = []
    if captions is not None and Path(captions).exists():
        cues = parse_srt(Path(captions).read_text(encoding="utf-8"))
    duration = sections[-1].end if sections else max((c.end for c in cues), default=0.0)
    return SceneTimeline(duration, tuple(sections), tuple(cues))


def stops_of(timeline: SceneTimeline) -> list[float]:
    """Where present mode stops: caption ends, section ends and the end, in order, once each."""
    times = sorted({*(cue.end for cue in timeline.cues if 0 < cue.end <= timeline.duration),
                    *(section.end for section in timeline.sections), timeline.duration})
    stops: list[float] = []
    for time in times:
        if time <= SAME_TIME:
            continue
        if stops and time - stops[-1] < SAME_TIME:
            stops[-1] = max(stops[-1], time)
        else:
            stops.append(time)
    return stops


def beats_of(timeline: SceneTimeline) -> tuple[Beat, ...]:
    """The beats between consecutive stops, each with its section and its caption.

    A beat's caption is the last cue that starts before the beat ends (the one
    on screen as it stops); its section is the one it ends in.
    """
    beats, start = [], 0.0
    for end in stops_of(timeline):
        said = [cue.text for cue in timeline.cues if cue.start < end - SAME_TIME
                and cue.end > start + SAME_TIME]
        section = next((s.name for s in timeline.sections if s.end >= end - SAME_TIME),
                       timeline.sections[-1].name if timeline.sections else "")
        beats.append(Beat(start, end, section, said[-1] if said else ""))
        start = end
    return tuple(beats)


def section_stops(timeline: SceneTimeline) -> list[list[float]]:
    """Each section's beat stops inside its clip (seconds from the section's start): where
    present mode stops (:func:`stops_of`), the section's own end left out (the clip ends
    there)."""
    return [[round(beat.end - section.start, 3) for beat in timeline.beats
             if section.start + SAME_TIME < beat.end < section.end - SAME_TIME]
            for section in timeline.sections]
