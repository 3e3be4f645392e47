"""A scene's timeline: what is said when, and when something moves.

The unit of a scene is the *beat*: a sentence and what moves while it is on
screen. A beat lasts at least as long as its sentence needs (its *voice*
duration: the time to read it now, the time to speak it if a scene is ever
narrated aloud), however short its animation: the scene waits for the viewer,
never the other way round. A caption is never cut short by the next one; it
ends when the next begins, or a while after it has been read when nothing new
is said.

The timeline is plain data, recorded while a scene runs. A test reads it from a
run that skips rendering (``tests/pacing_check.py``) and checks the pacing rules
below without writing a frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: characters a second a caption is planned for (comfortable subtitle reading)
READING_SPEED = 15.0
#: the shortest time any caption stays on screen
MIN_CAPTION = 2.0
#: no caption may be faster than this, characters a second
MAX_CAPTION_SPEED = 17.0
#: a caption stays this long after it has been read, if nothing new is said
CAPTION_LINGER = 8.0
#: the longest stretch in which something moves with no caption on screen
MAX_SILENT_MOTION = 2.0
#: the longest stretch in which nothing moves (a beat is a sentence and what moves under it)
MAX_STILL = 8.0
#: a spoken sentence is followed by this much quiet before the next one may start (seconds):
#: with piper's own silence at a WAV's ends (about 0.17 s), 0.8 s between sentences heard
SPEECH_GAP = 0.65


class ReadingVoice:
    """How long a sentence needs on screen: read at ``READING_SPEED``, at least ``MIN_CAPTION``.

    A narrated scene also speaks each sentence (:mod:`linviz_voice`): its beat then
    lasts max(animation, speech + ``SPEECH_GAP``, :meth:`heard_duration`), the speech's
    length handed to :meth:`Timeline.say` as a future, so the synthesis runs
    while the beat's animations render: the voice, not the reading pace, sets it, and
    the picture is not held still once the sentence has been said.
    """

    def duration(self, sentence: str) -> float:
        return max(MIN_CAPTION, len(sentence) / READING_SPEED)

    def heard_duration(self, sentence: str) -> float:
        """The least time a spoken sentence's caption stays: readable at
        ``MAX_CAPTION_SPEED``, at least ``MIN_CAPTION``."""
        return max(MIN_CAPTION, len(sentence) / MAX_CAPTION_SPEED)


@dataclass(frozen=True)
class Caption:
    """``text`` on screen from ``start`` to ``end`` seconds, spoken (when narrated) for
    ``speech`` seconds from ``start``; ``spoken`` is what the voice said (see
    :class:`linviz_voice.speaker.Speech`), None when silent."""

    start: float
    end: float
    text: str
    speech: float = 0.0
    spoken: object = None

    @property
    def speed(self) -> float:
        """Characters a second the viewer has to read."""
        return len(self.text) / max(self.end - self.start, 1e-9)


@dataclass
class Timeline:
    """Captions and the intervals in which something moved, in scene seconds."""

    captions: list[Caption] = field(default_factory=list)
    motions: list[tuple[float, float]] = field(default_factory=list)
    #: the caption on screen now: (start, sentence, seconds it needs)
    current: tuple[float, str, float] | None = None
    #: the speech of the caption on screen: a future of an object with ``seconds``, or None
    speaking: object = None

    def say(self, now: float, sentence: str, needs: float, speech=None,
            heard_needs: float = 0.0, pause: float = 0.0) -> None:
        """Put ``sentence`` on screen from ``now`` (the previous one must be closed).

        ``needs``: the seconds it needs when read (silent). ``speech``: None (silent), or a
        future (``.result()``) of the sentence's speech, an object whose ``seconds`` it
        lasts from ``now``: the caption then needs max(``heard_needs``, seconds +
        max(``SPEECH_GAP``, ``pause``)), known when first asked; a read sentence's pacing
        does not hold the picture still after the voice has said it.
        """
        if self.current is not None:
            raise RuntimeError("close the caption on screen before saying the next")
        self.current = (now, sentence, needs)
        self.speaking = speech
        self.heard = (heard_needs, pause)

    #: (least seconds, pause after the speech) of the caption on screen when it is spoken
    heard: tuple[float, float] = (0.0, 0.0)

    def _spoken(self):
        """The caption on screen's speech (waiting for it), or None."""
        return self.speaking.result() if self.speaking is not None else None

    def _needs(self) -> float:
        """Seconds the caption on screen needs from its start: its speech's (and pause's)
        when spoken, else its reading time."""
        _, _, needs = self.current
        spoken = self._spoken()
        if spoken is not None and spoken.seconds > 0:
            least, pause = self.heard
            return max(least, spoken.seconds + max(SPEECH_GAP, pause))
        return needs

    def still_needed(self, now: float) -> float:
        """Seconds the caption on screen still needs before it may give way."""
        if self.current is None:
            return 0.0
        return max(0.0, self.current[0] + self._needs() - now)

    def said_at(self, words: str) -> float | None:
        """When ``words`` of the caption on screen begin to be said (:meth:`_said_by`); None
        when the caption does not hold them, or there is none."""
        where = -1 if self.current is None else self.current[1].find(words)
        return None if where < 0 else self._said_by(where)

    def speech_end(self) -> float | None:
        """When the caption on screen has been said (:meth:`_said_by` its last character),
        or None without one: motion under it ends by then, or it moves with nothing said."""
        return None if self.current is None else self._said_by(len(self.current[1]))

    def _said_by(self, characters: int) -> float:
        """When the first ``characters`` of the caption on screen have been said: from its
        start at the voice's pace, its speech's when spoken, else :data:`READING_SPEED`."""
        start, sentence, _ = self.current
        spoken = self._spoken()
        pace = (len(sentence) / spoken.seconds if spoken is not None and spoken.seconds > 0
                else READING_SPEED)
        return start + characters / pace

    def close(self, now: float) -> None:
        """End the caption on screen at ``now``, or earlier if it has lingered long enough
        (never before its speech has ended)."""
        if self.current is None:
            return
        start, sentence, _ = self.current
        spoken = self._spoken()
        seconds = spoken.seconds if spoken is not None else 0.0
        end = min(now, start + max(self._needs(), seconds) + CAPTION_LINGER)
        self.captions.append(Caption(start, max(end, start), sentence, seconds, spoken))
        self.current = None
        self.speaking = None

    def moved(self, start: float, end: float) -> None:
        if end > start:
            self.motions.append((start, end))

    # -- checks ------------------------------------------------------------
    def too_fast(self, max_speed: float = MAX_CAPTION_SPEED) -> list[Caption]:
        """Captions the viewer cannot read in the time they are shown."""
        return [c for c in self.captions if c.speed > max_speed + 1e-9]

    def silent_motion(self, longest: float = MAX_SILENT_MOTION) -> list[tuple[float, float]]:
        """Stretches longer than ``longest`` seconds in which something moves and nothing is said.

        Motion intervals closer than a frame or two are joined first; what is
        left after taking away every caption's interval is reported.
        """
        uncovered: list[tuple[float, float]] = []
        for start, end in _joined(self.motions, gap=0.1):
            pieces = [(start, end)]
            for caption in self.captions:
                pieces = [part for a, b in pieces
                          for part in _minus((a, b), (caption.start, caption.end))]
            uncovered.extend(pieces)
        return [(a, b) for a, b in _joined(uncovered, gap=0.1) if b - a > longest + 1e-9]

    def still_stretches(self, longest: float = MAX_STILL, since: float = 0.0
                        ) -> list[tuple[float, float]]:
        """Stretches longer than ``longest`` seconds, from ``since`` to the end, in which
        nothing moves (whatever is said): the gaps between the joined motion intervals,
        and from the last one to the end."""
        moving = [(a, b) for a, b in _joined(self.motions, gap=0.05) if b > since]
        edges = [since] + [x for a, b in moving for x in (max(a, since), b)] + [self.duration]
        return [(a, b) for a, b in zip(edges[::2], edges[1::2]) if b - a > longest + 1e-9]

    @property
    def duration(self) -> float:
        ends = [c.end for c in self.captions] + [b for _, b in self.motions]
        return max(ends, default=0.0)


def _joined(intervals, gap: float) -> list[tuple[float, float]]:
    """Sorted union of intervals, joining those less than ``gap`` apart."""
    joined: list[list[float]] = []
    for start, end in sorted(intervals):
        if joined and start <= joined[-1][1] + gap:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    return [(a, b) for a, b in joined]


def _minus(interval, removed) -> list[tuple[float, float]]:
    (a, b), (c, d) = interval, removed
    if d <= a or c >= b:
        return [(a, b)]
    return [(x, y) for x, y in ((a, c), (d, b)) if y - x > 1e-9]
