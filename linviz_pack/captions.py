"""Caption files for the whole lecture, and captions cut to at most two short lines.

A sentence of the narration can run to 300 characters; on screen a caption is
at most two lines of :data:`LINE_CHARS` characters. :func:`two_line_cues` cuts
a longer sentence into consecutive captions that share its time, each in
proportion to its length, so the sentence keeps its reading time.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from .timeline import Cue

#: the longest caption line, in characters (subtitling guides allow 37 to 47)
LINE_CHARS = 48
#: a caption's most lines
CAPTION_LINES = 2


def joined_cues(scenes: Sequence[tuple[float, Iterable[Cue]]]) -> list[Cue]:
    """All cues in lecture time: a cue at t in a scene starting at ``offset`` is at offset + t."""
    return [cue.shifted(offset) for offset, cues in scenes for cue in cues]


#: characters that join what stands either side into one formula: no cut beside them
OPERATORS = frozenset("=≠≤≥<>+−×·→←↦≈±∈∉⊂⊆|/")
#: characters after which a word still opens a formula (``θ+``, ``x→``)
TRAILING_OPERATORS = OPERATORS - {"|", "/"}
#: a word that starts with one of these continues the formula before it (``=1.2``, ``≤ M``)
LEADING_OPERATORS = frozenset("=≠≤≥<>×·→≈∈∉⊂⊆")
_OPENING, _CLOSING = "([{", ")]}"
_NUMBER_IN_LIST = re.compile(r"^[−-]?\d[\d.,]*,$")
_NUMBER = re.compile(r"^[−-]?\d")


def _is_operator(word: str) -> bool:
    return bool(word) and all(character in OPERATORS for character in word)


def _bracket_spans(words: Sequence[str]) -> list[tuple[int, int]]:
    """(first, last) word of every bracketed group that spans several words, the
    brackets matched by a stack over the characters (an unmatched one opens nothing)."""
    spans, stack = [], []
    for index, word in enumerate(words):
        for character in word:
            if character in _OPENING:
                stack.append(index)
            elif character in _CLOSING and stack:
                first = stack.pop()
                if first < index:
                    spans.append((first, index))
    return spans


def unbreakable_joins(words: Sequence[str]) -> set[int]:
    """The places ``i`` (between ``words[i]`` and ``words[i + 1]``) where a caption must
    not be cut, because the two words are parts of one formula or one number:

    - either word is an operator (``θᵀx + θ₀``, ``(R/γ)² = 59.2``, ``0.04 → 0.01``), or the
      first ends in one / the second starts with one (``θ+ x``, ``x =1``);
    - both lie inside one bracketed group that fits on a line (``y(θᵀx + θ₀)``,
      ``[x, 1]``; a longer parenthesis is prose and may be cut);
    - a list of numbers (``k = 2, 3, 5``).

    A number with its digits grouped (``1,518``) is one word, never cut.
    """
    joins = set()
    for index in range(len(words) - 1):
        first, second = words[index], words[index + 1]
        if (_is_operator(first) or _is_operator(second) or first[-1] in TRAILING_OPERATORS
                or second[0] in LEADING_OPERATORS):
            joins.add(index)
        elif _NUMBER_IN_LIST.match(first) and _NUMBER.match(second):
            joins.add(index)
    for first, last in _bracket_spans(words):
        if len(" ".join(words[first:last + 1])) <= LINE_CHARS:
            joins.update(range(first, last))
    return joins


#: where a formula too long for a line may be cut: before a relation, as in typeset maths
RELATIONS = frozenset({"=", "≠", "≈", "≤", "≥", "<", ">"})


def _too_long_run(words: list[str]) -> list[str]:
    """A formula longer than a line, cut before its relations (``a + b`` / ``= c + d``);
    a part still longer than a line word by word."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word in RELATIONS and parts[-1]:
            parts.append([])
        parts[-1].append(word)
    atoms = []
    for part in parts:
        atoms.extend([" ".join(part)] if len(" ".join(part)) <= LINE_CHARS else part)
    return atoms


def caption_atoms(text: str) -> list[str]:
    """``text`` as the runs of words a caption may be cut between (see
    :func:`unbreakable_joins`); a run longer than a line is cut before its relations."""
    words = text.split()
    joins = unbreakable_joins(words)
    atoms, current = [], []
    for index, word in enumerate(words):
        current.append(word)
        if index not in joins:
            atoms.extend([" ".join(current)] if len(" ".join(current)) <= LINE_CHARS
                         else _too_long_run(current))
            current = []
    return atoms


def _joined(atoms: Sequence[str]) -> str:
    return " ".join(atoms)


def _wrapped(atoms: Sequence[str]) -> list[list[str]]:
    """``atoms`` filled greedily into lines of at most ``LINE_CHARS`` characters (an atom
    longer than a line stands alone)."""
    lines: list[list[str]] = []
    for atom in atoms:
        if lines and len(_joined(lines[-1])) + 1 + len(atom) <= LINE_CHARS:
            lines[-1].append(atom)
        else:
            lines.append([atom])
    return lines


def _two_lines(atoms: Sequence[str]) -> str:
    """``atoms`` as one line if they fit, else as two lines as even as the atoms allow."""
    text = _joined(atoms)
    if len(text) <= LINE_CHARS:
        return text
    best = None
    for cut in range(1, len(atoms)):
        first, second = _joined(atoms[:cut]), _joined(atoms[cut:])
        longest = max(len(first), len(second))
        if best is None or longest < best[0]:
            best = (longest, first, second)
    return f"{best[1]}\n{best[2]}" if best else text


def caption_pieces(text: str) -> list[str]:
    """``text`` cut into captions of at most two lines of at most ``LINE_CHARS`` characters
    (a word longer than a line stays whole), lines separated by a newline, never cut
    inside a formula or a number (:func:`caption_atoms`).

    The pieces are as even as the atoms allow: k = ⌈lines / 2⌉ pieces of about
    len(text) / k characters each.
    """
    atoms = caption_atoms(" ".join(text.split()))
    if not atoms:
        return []
    if len(_wrapped(atoms)) <= CAPTION_LINES:
        return [_two_lines(atoms)]
    count = math.ceil(len(_wrapped(atoms)) / CAPTION_LINES)
    while True:
        pieces = _even_pieces(atoms, count)
        if all(len(_wrapped(piece)) <= CAPTION_LINES for piece in pieces):
            return [_two_lines(piece) for piece in pieces]
        count += 1


#: a piece may end after a comma, semicolon or colon once it is this share of its target
EARLY_BREAK = 0.7
#: and may run this much past its target to reach the end of a word
LATE_BREAK = 1.08


def _even_pieces(atoms: Sequence[str], count: int) -> list[list[str]]:
    """``atoms`` in ``count`` pieces of about len(text) / count characters, cut between
    atoms, after a comma, semicolon or colon where one comes near the cut."""
    target = len(_joined(atoms)) / count
    pieces: list[list[str]] = []
    current: list[str] = []
    for atom in atoms:
        length = len(_joined(current))
        if current and len(pieces) < count - 1 and length + len(atom) + 1 > target * LATE_BREAK:
            pieces.append(current)
            current = []
        current.append(atom)
        length = len(_joined(current))
        if len(pieces) < count - 1 and length >= target * EARLY_BREAK and atom[-1] in ",;:":
            pieces.append(current)
            current = []
    if current:
        pieces.append(current)
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
