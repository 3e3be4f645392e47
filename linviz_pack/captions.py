"""Caption files for the whole lecture, and captions cut to at most two short lines.

A sentence of the narration can run to 300 characters; on screen a caption is
at most two lines of :data:`LINE_CHARS` characters. :func:`two_line_cues` cuts
a longer sentence into consecutive captions that share its time, each in
proportion to its length, so the sentence keeps its reading time.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence

from .timeline import Cue

#: the longest caption line, in characters (subtitling guides allow 37 to 47)
LINE_CHARS = 48
#: a caption's most lines
CAPTION_LINES = 2


def joined_cues(scenes: Sequence[tuple[float, Iterable[Cue]]]) -> list[Cue]:
    """All cues in lecture time: a cue at t in a scene starting at ``offset`` is at offset + t."""
    return [cue.shifted(offset) for offset, cues in scenes for cue in cues]


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, LINE_CHARS, break_long_words=False, break_on_hyphens=False)


def _two_lines(text: str) -> str:
    """``text`` as one line if it fits, else as two lines as even as the words allow."""
    if len(text) <= LINE_CHARS:
        return text
    words = text.split(" ")
    best = None
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        longest = max(len(first), len(second))
        if best is None or longest < best[0]:
            best = (longest, first, second)
    return f"{best[1]}\n{best[2]}" if best else text


def caption_pieces(text: str) -> list[str]:
    """``text`` cut into captions of at most two lines of at most ``LINE_CHARS`` characters
    (a word longer than a line stays whole), lines separated by a newline.

    The pieces are as even as the words allow: k = ⌈lines / 2⌉ pieces of about
    len(text) / k characters each.
    """
    text = " ".join(text.split())
    lines = _wrapped(text)
    if len(lines) <= CAPTION_LINES:
        return [_two_lines(text)] if text else []
    count = math.ceil(len(lines) / CAPTION_LINES)
    while True:
        pieces = _even_pieces(text, count)
        if all(len(_wrapped(piece)) <= CAPTION_LINES for piece in pieces):
            return [_two_lines(piece) for piece in pieces]
        count += 1


#: a piece may end after a comma, semicolon or colon once it is this share of its target
EARLY_BREAK = 0.7
#: and may run this much past its target to reach the end of a word
LATE_BREAK = 1.08


def _even_pieces(text: str, count: int) -> list[str]:
    """``text`` in ``count`` pieces of about len(text) / count characters, cut between
    words, after a comma, semicolon or colon where one comes near the cut."""
    target = len(text) / count
    pieces, current = [], []
    for word in text.split(" "):
        length = len(" ".join(current))
        if current and len(pieces) < count - 1 and length + len(word) + 1 > target * LATE_BREAK:
            pieces.append(" ".join(current))
            current = []
        current.append(word)
        length = len(" ".join(current))
        if len(pieces) < count - 1 and length >= target * EARLY_BREAK and word[-1] in ",;:":
            pieces.append(" ".join(current))
            current = []
    if current:
        pieces.append(" ".join(current))
    return pieces


def two_line_cues(cues: Iterable[Cue]) -> list[Cue]:
    """``cues`` with every long one cut into consecutive cues of at most two lines, sharing
    its time in proportion to their lengths (the first starts where it started, the last
    ends where it ended)."""
    cut = []
    for cue in cues:
        pieces = caption_pieces(cue.text)
        if len(pieces) <= 1:
            cut.append(Cue(cue.start, cue.end, pieces[0] if pieces else cue.text))
            continue
        total = sum(len(piece) for piece in pieces)
        start, said = cue.start, 0
        for number, piece in enumerate(pieces):
            said += len(piece)
            end = cue.end if number == len(pieces) - 1 else \
                cue.start + (cue.end - cue.start) * said / total
            cut.append(Cue(start, end, piece))
            start = end
    return cut


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
