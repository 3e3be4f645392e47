"""A scene's storyboard: its beats in order, each a sentence and the state the picture
shows while it is said.

A lesson (:mod:`linviz.lessons`) writes its scene's storyboard; the scene only draws
it, and the narration, the captions, the voice and the tests read it without Manim.

The one rule of time
--------------------
A beat's motion plays *under its sentence*, from the moment the sentence starts;
the picture then holds the beat's ``state`` until the sentence has been said (and
read). So at the end of a beat the picture shows exactly ``state``, the state the
sentence describes, never the next beat's: a scene changes nothing between one
beat's end and the next beat's start.

A state is a flat mapping of plain values (numbers, strings, lists, None), whose keys
a scene family defines in its lesson (the perceptron's: the step, t, i, M, ℰₙ, θ, θ₀,
the y·score shown, the pseudocode line lit, the point ringed, the status line). The
values are those the picture shows, formatted as it shows them, so a test can hold
what is drawn at a beat's end against them character for character.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .notation import in_notation

#: the storyboard's JSON layout; a reader refuses another
SCHEMA_VERSION = 1

#: the motion of a beat under which nothing moves: its sentence goes on about the picture
#: the beat before drew (a thought too long for one breath is said as two sentences)
HOLD = "hold"


@dataclass(frozen=True)
class StoryBeat:
    """One sentence and what the picture shows while it is said.

    Attributes
    ----------
    sentence : str
        The caption, written in the θ notation (Unicode; see :mod:`linviz.notation`).
    motion : str
        What moves under the sentence to reach ``state`` (a name the scene draws:
        "intro", "status", "visit", "mistake", "tip-to-tail", "update", …).
    state : Mapping[str, Any]
        What the picture shows from the end of the motion to the end of the beat.
    section : tuple of (slug, title), or None
        The section this beat opens (a chapter of the video, a slide, a handout heading).
    min_seconds : float
        The least time the motion needs (a fast-forward); the beat lasts the longer of
        this, its motion and its sentence.
    steps : tuple of (int, int), or None
        For a replayed run: the step index goes from ``steps[0]`` to ``steps[1]`` under
        this beat (steps[0] + 1 .. steps[1] are played).
    reading_seconds : float
        The least time the sentence stays when it is read, not heard (:func:`paced`); a
        spoken beat lasts its speech instead, so the picture is not held still after the
        voice has finished.
    pause : float
        Seconds of still after the sentence has been read or said, before the next one:
        what it revealed (an empty region, a solver's answer) is given a moment.
    """

    sentence: str
    motion: str
    state: Mapping[str, Any]
    section: tuple[str, str] | None = None
    min_seconds: float = 0.0
    steps: tuple[int, int] | None = None
    reading_seconds: float = 0.0
    pause: float = 0.0

    def as_json(self, notation: str) -> dict:
        """The beat as JSON data, its sentence in ``notation`` and spoken."""
        from .spoken import spoken_text

        sentence = in_notation(self.sentence, notation)
        return {
            "sentence": sentence,
            "spoken": spoken_text(sentence, notation),
            "motion": self.motion,
            "state": {key: _in_notation_within(value, notation)
                      for key, value in self.state.items()},
            "section": list(self.section) if self.section else None,
            "min_seconds": self.min_seconds,
            "steps": list(self.steps) if self.steps else None,
            "reading_seconds": self.reading_seconds,
            "pause": self.pause,
        }


def _in_notation_within(value, notation: str):
    """``value`` with every text in it (in lists too) in ``notation``."""
    if isinstance(value, str):
        return in_notation(value, notation)
    if isinstance(value, (list, tuple)):
        return [_in_notation_within(part, notation) for part in value]
    return value


@dataclass(frozen=True)
class Storyboard:
    """The beats of scene ``scene`` in order (see the module's docstring)."""

    scene: str
    beats: tuple[StoryBeat, ...] = field(default_factory=tuple)

    def sentences(self, notation: str = "theta") -> list[str]:
        """Every beat's caption, in order, in ``notation``."""
        return [in_notation(beat.sentence, notation) for beat in self.beats]

    def sections(self) -> list[tuple[str, str]]:
        """(slug, title) of every section, in order."""
        return [beat.section for beat in self.beats if beat.section]

    def as_json(self, notation: str = "theta") -> dict:
        return {"schema": SCHEMA_VERSION, "scene": self.scene, "notation": notation,
                "beats": [beat.as_json(notation) for beat in self.beats]}

    def to_json(self, notation: str = "theta") -> str:
        """The storyboard as JSON text (``render.py story --json``)."""
        return json.dumps(self.as_json(notation), ensure_ascii=False, indent=1) + "\n"


class StoryWriter:
    """Beats written one after another, each state the previous one with some values
    changed (a lesson's storyboard is the story of one changing picture)."""

    def __init__(self, scene: str, **state) -> None:
        self.scene = scene
        self.state: dict[str, Any] = dict(state)
        self.beats: list[StoryBeat] = []
        self._section: tuple[str, str] | None = None

    def section(self, slug: str, title: str) -> None:
        """The next beat opens section ``slug`` (a reader sees ``title``)."""
        self._section = (slug, title)

    def beat(self, sentence: str, motion: str, min_seconds: float = 0.0,
             steps: tuple[int, int] | None = None, pause: float = 0.0,
             **changes) -> StoryBeat:
        """Add a beat: ``sentence`` said while ``motion`` plays, after which the picture
        shows the state so far with ``changes`` (and stays ``pause`` seconds after it has
        been said: :class:`StoryBeat`)."""
        unknown = set(changes) - set(self.state)
        if unknown:
            raise KeyError(f"not a state of scene {self.scene!r}: {', '.join(sorted(unknown))}")
        self.state.update(changes)
        beat = StoryBeat(sentence, motion, dict(self.state), self._section, float(min_seconds),
                         steps, pause=float(pause))
        self._section = None
        self.beats.append(beat)
        return beat

    def storyboard(self) -> Storyboard:
        return Storyboard(self.scene, tuple(self.beats))


#: the motion of the beat that says what reading the data did: a card of its facts comes
#: (:func:`linviz.sources.data_card_lines`) and stays until the next sentence
DATA_NOTE = "data-note"


def with_data_note(board: Storyboard, data) -> Storyboard:
    """``board`` with what reading the data did said over its first picture: a
    :data:`DATA_NOTE` beat for each of its sentences, after the first beat
    (:func:`linviz.sources.data_note_sentences`)."""
    from .sources import data_note_sentences

    said = data_note_sentences(data)
    if not said or not board.beats:
        return board
    first = board.beats[0]
    notes = [StoryBeat(sentence, DATA_NOTE, dict(first.state), None, 0.0, None)
             for sentence in said]
    return Storyboard(board.scene, (first, *notes, *board.beats[1:]))


def paced(board: Storyboard, pace: float, keep: tuple[str, ...] = (),
          only: tuple[str, ...] | None = None) -> Storyboard:
    """``board`` with every beat, when read rather than heard, lasting at least its sentence
    read at ``pace`` characters a second (its ``reading_seconds``: the picture a beat brings
    stays a moment after it has been read), but beats of the motions ``keep`` (a quiz's
    question, which has its own pause); of the motions ``only`` alone, when given. A spoken
    beat lasts its speech instead (:mod:`scenes.toolkit.timeline`)."""
    return Storyboard(board.scene, tuple(
        beat if beat.motion in keep or (only is not None and beat.motion not in only) else
        replace(beat, reading_seconds=max(beat.reading_seconds, len(beat.sentence) / pace))
        for beat in board.beats))
