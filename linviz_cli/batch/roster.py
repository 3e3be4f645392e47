"""The roster of ``batch``: one student per row, checked whole before anything renders.

A roster is a CSV file with a header row naming its columns:

- ``id`` (required): the student's folder name, 1–64 characters from
  letters, digits, ``_``, ``-`` and ``.``, not starting with ``.``; unique;
- ``seed`` (optional): a whole number 0 … 2³²−1; empty or absent, it is
  derived from the id (:func:`derived_seed`), so a roster gives the same
  variants every time;
- ``data`` (optional): a built-in data set or a CSV file (a relative path is
  read from the roster's folder); empty or absent, each scene's own data.

Every bad row is found before anything is rendered; the error names the
first bad row's line (the header is line 1) and the lines of the others.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from linviz.errors import LinvizError, quoted, shown_path
from linviz.safety.limits import MAX_SEED

COLUMNS = ("id", "seed", "data")
#: the most students one roster may hold (a course, not a census)
MAX_STUDENTS = 10_000
MAX_ROSTER_BYTES = 4 * 2**20
_ID = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Student:
    """One roster row: its line, the id, the seed (given or derived) and the data (or None)."""

    line: int
    id: str
    seed: int
    data: str | None
    seed_derived: bool = False


class RosterError(LinvizError):
    """A roster that cannot be used; the message names the line(s)."""


def derived_seed(student_id: str) -> int:
    """The seed of a student without one: the first 4 bytes of SHA-256("linviz-roster:" + id)
    as a big-endian number (0 … 2³²−1). The same id always gets the same seed."""
    digest = hashlib.sha256(f"linviz-roster:{student_id}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


def read_roster(path: str) -> list[Student]:
    """The students of the roster at ``path``; RosterError (one line) if any row is bad."""
    from linviz.safety.inputs import read_input_bytes

    raw = read_input_bytes(path, MAX_ROSTER_BYTES, RosterError, "roster CSV file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RosterError(f"roster {shown_path(path)}: not UTF-8 text (byte "
                          f"{error.start})") from None
    return parse_roster(text, path)


def parse_roster(text: str, source: str) -> list[Student]:
    """The students of the roster ``text`` (read from ``source``)."""
    where = f"roster {shown_path(source)}"
    if "\0" in text:
        raise RosterError(f"{where}: holds a NUL byte; a roster is a text CSV file")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise RosterError(f"{where} line 1: {error}") from None
    if not header or not any(cell.strip() for cell in header):
        raise RosterError(f"{where} is empty: give a header row (id[,seed][,data]) and a "
                          f"row per student")
    names = [cell.strip().lower() for cell in header]
    unknown = [name for name in names if name not in COLUMNS]
    if unknown:
        raise RosterError(f"{where} line 1: unknown column {quoted(unknown[0])}; the columns "
                          f"are id, and optionally seed and data")
    if len(set(names)) != len(names):
        raise RosterError(f"{where} line 1: a column is named twice")
    if "id" not in names:
        raise RosterError(f"{where} line 1: no 'id' column (the columns are id, and "
                          f"optionally seed and data)")
    base = Path(source).parent
    students: list[Student] = []
    problems: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    line = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            problems.append((reader.line_num, str(error)))
            break
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue  # blank lines are allowed
        if len(students) + len(problems) >= MAX_STUDENTS:
            raise RosterError(f"{where}: more than {MAX_STUDENTS:,} students; split the roster")
        try:
            student = _student(row, names, line, base, seen)
        except RosterError as error:
            problems.append((line, str(error)))
            continue
        seen[student.id] = line
        students.append(student)
    if problems:
        raise RosterError(rows_message(where, problems))
    if not students:
        raise RosterError(f"{where} has a header but no students")
    return students


def rows_message(where: str, problems: list[tuple[int, str]]) -> str:
    """One line: the first bad row's line and problem, then the other bad rows' lines."""
    line, problem = problems[0]
    message = f"{where} line {line}: {problem}"
    others = [str(number) for number, _ in problems[1:]]
    if others:
        shown = ", ".join(others[:10]) + (", …" if len(others) > 10 else "")
        message += f" (and {len(others)} more bad row(s): line(s) {shown})"
    return message + "; nothing was rendered"


def _student(row: list[str], names: list[str], line: int, base: Path,
             seen: dict[str, int]) -> Student:
    if len(row) != len(names):
        raise RosterError(f"{len(row)} field(s), the header has {len(names)}")
    cells = {name: cell.strip() for name, cell in zip(names, row)}
    student_id = cells["id"]
    if not student_id:
        raise RosterError("the id is empty")
    if not _ID.match(student_id) or student_id in (".", ".."):
        raise RosterError(f"id {quoted(student_id)} cannot be a folder name: use 1-64 "
                          f"letters, digits, '_', '-' or '.', not starting with '.'")
    if student_id in seen:
        raise RosterError(f"id {quoted(student_id)} is already on line {seen[student_id]}")
    seed_text = cells.get("seed", "")
    if seed_text:
        if not re.fullmatch(r"[0-9]{1,12}", seed_text) or int(seed_text) > MAX_SEED:
            raise RosterError(f"seed {quoted(seed_text)} is not a whole number from 0 to "
                              f"{MAX_SEED}")
        seed, derived = int(seed_text), False
    else:
        seed, derived = derived_seed(student_id), True
    data = cells.get("data") or None
    if data is not None:
        data = _data_spec(data, base)
    return Student(line, student_id, seed, data, derived)


def _data_spec(text: str, base: Path) -> str:
    """A built-in name as it is; a CSV file as an absolute path (relative to the roster)."""
    from linviz.generators import BUILTIN
    from linviz.sources import looks_like_file

    if text in BUILTIN:
        return text
    if not looks_like_file(text):
        raise RosterError(f"data {quoted(text)} is neither a built-in data set (see "
                          f"'render.py datasets') nor a CSV file")
    path = Path(text) if Path(text).is_absolute() else base / text
    if not path.is_file():
        raise RosterError(f"data file {shown_path(path)} does not exist")
    return str(path.resolve())
