"""The lecture's script (beat id, caption, spoken text) as CSV, and the lecturer's recordings.

``render.py narration export`` writes one row a beat: its id (``<scene>-<nnn>``,
the scene's name and the beat's number in it, from 001), the caption, the text
the voice speaks and :func:`caption_hash` of the caption. A lecturer records
``<beat id>.wav`` for each row and keeps the CSV beside the recordings, as
``script.csv``: ``--voice DIR`` then uses them. A recording is used only for
the sentence it was made for: when a beat's caption no longer has the hash
the script recorded (new data, new notation, a reworded scene), the beat is
spoken by the synthetic voice instead and reported as needing a new recording.
"""

from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from linviz.errors import DataError

#: the script's columns, in order
COLUMNS = ("beat", "caption", "spoken", "caption_sha256")
#: the script's name in a folder of recordings
SCRIPT_FILE = "script.csv"
#: hexadecimal digits of the caption's SHA-256 kept in the script
HASH_DIGITS = 16


def beat_id(scene: str, number: int) -> str:
    """The id of the ``number``-th beat (from 1) of ``scene``: ``perceptron-007``."""
    return f"{scene}-{number:03d}"


def caption_hash(caption: str) -> str:
    """The first :data:`HASH_DIGITS` hex digits of the SHA-256 of the caption (UTF-8, spaces
    collapsed): what says a recording was made for this very sentence."""
    return hashlib.sha256(" ".join(caption.split()).encode("utf-8")).hexdigest()[:HASH_DIGITS]


@dataclass(frozen=True)
class ScriptLine:
    """One beat of the script."""

    beat: str
    caption: str
    spoken: str

    @property
    def caption_sha256(self) -> str:
        return caption_hash(self.caption)


def format_script(lines) -> str:
    """The script as CSV text (a header row, then one row a beat)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for line in lines:
        writer.writerow([line.beat, line.caption, line.spoken, line.caption_sha256])
    return buffer.getvalue()


def parse_script(text: str, source: str) -> dict[str, str]:
    """A script's beat ids and the caption hashes it records (CSV as written by
    :func:`format_script`). Raises DataError, naming ``source`` and the line, when it is
    not one."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or [name.strip() for name in header] != list(COLUMNS):
        raise DataError(f"{source}: not a narration script (its header must be "
                        f"{','.join(COLUMNS)}, as 'render.py narration export' writes it)")
    hashes: dict[str, str] = {}
    for number, row in enumerate(reader, start=2):
        if not row:
            continue
        if len(row) != len(COLUMNS):
            raise DataError(f"{source} line {number}: {len(row)} fields, a script has "
                            f"{len(COLUMNS)}")
        hashes[row[0].strip()] = row[3].strip()
    return hashes


def read_script_lines(path: Path) -> list[ScriptLine]:
    """Every row of a script file, as :class:`ScriptLine` (the round trip of export)."""
    text = Path(path).read_text(encoding="utf-8")
    parse_script(text, str(path))  # checks the header and rows
    rows = list(csv.reader(io.StringIO(text)))[1:]
    return [ScriptLine(row[0], row[1], row[2]) for row in rows if row]


class Recordings:
    """A folder of the lecturer's recordings, ``<beat id>.wav``, with its ``script.csv``."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise DataError(f"--voice {folder}: no such folder (give none, piper, or a folder "
                            f"of recordings)")
        script = self.folder / SCRIPT_FILE
        if not script.is_file():
            raise DataError(f"--voice {folder}: the folder has no {SCRIPT_FILE}; write the "
                            f"script there with 'render.py narration export --out "
                            f"{self.folder / SCRIPT_FILE}' and record <beat>.wav for its beats")
        self.hashes = parse_script(script.read_text(encoding="utf-8"), str(script))

    def recording(self, beat: str, caption: str) -> tuple[Path | None, str]:
        """(the recording of ``beat`` for ``caption``, or None; why not: "" when there is one,
        ``"missing"`` without a WAV, ``"changed"`` when the sentence changed since the
        script was exported)."""
        path = self.folder / f"{beat}.wav"
        if not path.is_file():
            return None, "missing"
        if self.hashes.get(beat) != caption_hash(caption):
            return None, "changed"
        return path, ""

    def identity(self) -> str:
        """What the recordings are, for cache keys: the hash of the script and every WAV."""
        digest = hashlib.sha256(b"linviz recordings\0")
        for path in sorted(self.folder.glob("*.wav")) + [self.folder / SCRIPT_FILE]:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()
