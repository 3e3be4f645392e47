"""What a scene said and when: the narration file written beside its video.

A narrated scene writes ``<movie>.narration.json`` beside the movie Manim
writes (as Manim writes the ``.srt`` there): for every beat its id, the
caption's start and end (seconds from the scene's start), the caption, the
spoken text, the WAV spoken from the start (None: silent), its length, and
whether it came from piper or a recording (and why not a recording). The render
layer reads it to mix the audio track (:mod:`linviz_voice.audio`) and to list
the beats that need a new recording.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from .speaker import Speech

SUFFIX = ".narration.json"


@dataclass(frozen=True)
class SpokenBeat(Speech):
    """A beat's :class:`Speech` placed in the scene: its caption from ``start`` to ``end``
    seconds; ``wav`` plays from ``start``."""

    start: float = 0.0
    end: float = 0.0

    @classmethod
    def placed(cls, speech: Speech, start: float, end: float) -> "SpokenBeat":
        return cls(**asdict(speech), start=start, end=end)


def narration_path(movie: Path) -> Path:
    """The narration file beside ``movie``: ``<stem>.narration.json``."""
    return Path(movie).with_suffix(SUFFIX)


def write_narration(path: Path, voice: str, beats) -> None:
    from linviz.safety.atomic import write_text_atomic

    write_text_atomic(path, json.dumps({"voice": voice, "beats": [asdict(b) for b in beats]},
                                       indent=1, ensure_ascii=False) + "\n")


def read_narration(path: Path) -> tuple[str, list[SpokenBeat]]:
    """(the voice, the beats) of a narration file."""
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    return document["voice"], [SpokenBeat(**beat) for beat in document["beats"]]


def recording_report(scene: str, beats) -> list[str]:
    """Lines naming the beats a recordings folder did not speak: missing recordings, and
    recordings of a sentence that has changed since (they need recording again)."""
    lines = []
    for problem, what in (("missing", "no recording"),
                          ("changed", "a sentence changed since the script was exported; "
                                      "record it again")):
        named = [beat for beat in beats if beat.problem == problem]
        if named:
            who = ("silent: the voice extra is not installed"
                   if any(beat.source == "none" for beat in named)
                   else "the synthetic voice spoke it")
            lines.append(f"{scene}: {len(named)} beat(s) with {what} ({who}): "
                         f"{', '.join(beat.beat for beat in named)}")
    return lines
