"""Load a labelled data set from a CSV file as published, with errors that name the place
and say what to type instead.

The file has a header row, then one row per point. The separator (comma, semicolon or
tab) is found from the header; a file not separated by commas may write decimals with
a comma. One column holds the labels (the last, unless named); the features are the
columns named (``--features``), or every other column of numbers. Columns not used may
hold anything, and a row missing a value it uses (empty, NA, NaN, ?, …) is left out and
counted. For classification, two label values are mapped to −1/+1:

- numbers: the larger becomes +1;
- text: the later in sorted order becomes +1,

unless ``positive`` names the label that becomes +1. Of more than two classes,
``classes`` (A, B) keeps two, A as −1 and B as +1, or ``positive`` alone sets that
class against the rest. The mapping is kept in ``Dataset.label_names`` as (what −1
stands for, what +1 stands for).
"""

from __future__ import annotations

import csv
import io
import math
import os
from pathlib import Path

import numpy as np

from .dataset import CLASSIFICATION, REGRESSION, Dataset
from .errors import DataError, input_name, quoted, shorten, shown_path
from .safety.inputs import read_input_bytes
from .safety.limits import MAX_DATA_BYTES, MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_FIELD_CHARS


#: cells that mean "no value" in published tables (compared without case or spaces)
MISSING = frozenset({"", "na", "n/a", "nan", "null", "none", "?", "-", "--", "missing"})

#: more classes than this, all numbers: a label column read as classes is a target
MANY_CLASSES = 20

#: the separators a file may use, in the order a tie between them is decided
SEPARATORS = (",", ";", "\t")


def is_missing(text: str) -> bool:
    """An empty cell or a marker of a missing value (NA, NaN, null, ?, …)."""
    return text.strip().casefold() in MISSING


def _parse_number(text: str, decimal_comma: bool = False) -> float | None:
    """The number ``text`` writes, or None. With ``decimal_comma`` (a file whose fields are
    not separated by commas), "3,14" is 3.14 as a spreadsheet in much of Europe writes it."""
    text = text.strip()
    if decimal_comma and text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None


def sniff_separator(line: str) -> str:
    """The separator of a CSV file from its header ``line``: of comma, semicolon and tab,
    the one that occurs most often outside quotes (a tie goes to the first of
    :data:`SEPARATORS`; none at all: a comma, a file of one column)."""
    counts = dict.fromkeys(SEPARATORS, 0)
    quoted_part = False
    for char in line:
        if char == '"':
            quoted_part = not quoted_part
        elif not quoted_part and char in counts:
            counts[char] += 1
    return max(SEPARATORS, key=lambda sep: (counts[sep], -SEPARATORS.index(sep)))


def _column_key(name: str) -> str:
    """A column name compared as a person reads it: case, spaces and a unit in brackets
    at its end ignored ("Body Mass (g)" → "body mass")."""
    import re

    name = re.sub(r"\s*[\(\[][^()\[\]]*[\)\]]\s*$", "", name)
    return " ".join(name.replace("_", " ").split()).casefold()


def find_column(name: str, header: list[str], among: list[int] | None = None) -> int | None:
    """The index of the column ``name`` in ``header``: its exact name, else its name read
    as :func:`_column_key` reads it (when one column only has that reading), else its
    number from 1 among the columns ``among`` (all when None). None when none matches."""
    among = list(range(len(header))) if among is None else among
    name = name.strip()
    if name in header:
        return header.index(name)
    keys = [j for j in range(len(header)) if _column_key(header[j]) == _column_key(name)]
    if len(keys) == 1:
        return keys[0]
    if name.isdigit() and 1 <= int(name) <= len(among):
        return among[int(name) - 1]
    return None


def rejoin_names(pieces, names) -> tuple[str, ...]:
    """``--features`` as typed, split at every comma, put back together where a column's
    own name holds a comma ("alcohol, standardised"): from the first piece on, the most
    pieces that, joined by commas, are a name of ``names`` (spaces round each comma
    ignored); a piece that starts no such name stays alone."""
    parts = lambda text: tuple(part.strip() for part in str(text).split(","))  # noqa: E731
    known = {parts(name) for name in names if "," in str(name)}
    pieces, joined, i = [str(piece).strip() for piece in pieces], [], 0
    while i < len(pieces):
        k = next((k for k in range(len(pieces) - i, 1, -1) if tuple(pieces[i:i + k]) in known),
                 1)
        joined.append(", ".join(pieces[i:i + k]) if k > 1 else pieces[i])
        i += k
    return tuple(joined)


def _read_text(path: Path, where: str) -> str:
    """The file's text: a regular file of at most MAX_DATA_BYTES, in UTF-8."""
    raw = read_input_bytes(path, MAX_DATA_BYTES, DataError, "CSV file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DataError(f"{where}: not a text file (not UTF-8)") from None
    nul = text.find("\0")
    if nul >= 0:
        raise DataError(f"{where}:{text.count(chr(10), 0, nul) + 1}: contains a NUL byte: "
                        f"not a text CSV file")
    return text


def _parse_rows(text: str, where: str, separator: str = ",") -> list[tuple[int, list[str]]]:
    """(line the record starts on, fields) of every record; a quoted field may span lines.

    Strict parsing, so a quote that is never closed is reported as such (not
    as a file that swallowed every later row into one field).
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    numbered_rows, last_line = [], 0
    previous_limit = csv.field_size_limit(MAX_FIELD_CHARS)
    try:
        for row in reader:
            numbered_rows.append((last_line + 1, row))
            last_line = reader.line_num
            if len(numbered_rows) > MAX_DATA_ROWS + 1:
                raise DataError(f"{where}: more than {MAX_DATA_ROWS:,} data rows, the most "
                                f"a data set may have")
            if len(row) > MAX_DATA_COLUMNS:
                raise DataError(f"{where}:{numbered_rows[-1][0]}: {len(row):,} columns, "
                                f"more than the {MAX_DATA_COLUMNS:,} a data set may have")
    except csv.Error as error:
        raise DataError(_csv_error_message(str(error), where, last_line + 1,
                                           reader.line_num)) from None
    finally:
        csv.field_size_limit(previous_limit)
    return numbered_rows


def _csv_error_message(error: str, where: str, record_line: int, line: int) -> str:
    """The csv module's complaint in words, at the line where it starts."""
    if "unexpected end of data" in error:
        return (f"{where}:{record_line}: a quoted field starts here and is never closed "
                f"(a \" without its closing \")")
    if "field larger than field limit" in error:
        return (f"{where}:{record_line}: a field longer than {MAX_FIELD_CHARS:,} characters, "
                f"the most a CSV field may have")
    return f"{where}:{line}: not valid CSV ({shorten(error)})"


def _label_key(text: str) -> str:
    """Labels compare as written, but "1" and "1.0" are the same number."""
    number = _parse_number(text)
    return repr(number) if number is not None and math.isfinite(number) else text


def load_csv(
    path: str | os.PathLike,
    label_column: str | None = None,
    positive: str | None = None,
    task: str = CLASSIFICATION,
    features: "list[str] | tuple[str, ...] | None" = None,
    classes: "list[str] | tuple[str, ...] | None" = None,
) -> Dataset:
    """Read ``path``, a CSV file as published, into a :class:`Dataset`.

    The separator is found from the header (comma, semicolon or tab); in a file
    not separated by commas a decimal comma reads as a point. Only the columns
    the data set uses are read as numbers: the label column and the feature
    columns ``features`` (names from the header, read without case, spaces or a
    unit in brackets, or numbers from 1 among the columns other than the label);
    without ``features``, every other column that holds numbers (text columns
    are left out, and named in ``params["text_columns"]``). A row with a missing
    value (empty, NA, NaN, …) in a column used is left out; ``params`` counts
    them (``"missing_rows"``, with their lines in ``"missing_lines"``).

    Parameters
    ----------
    path : path of the CSV file.
    label_column : name of the label column; the last column when None.
    positive : the label value that becomes +1 (classification only); with more
        than two classes and no ``classes``, that class against all the others.
    task : "classification" (two labels, mapped to ±1) or "regression"
        (a real target).
    features : the feature columns, in this order (None: every numeric column).
    classes : (A, B): of more labels keep these two, A as −1 and B as +1.

    Raises
    ------
    DataError
        One line naming the file, the line and the column of the problem, and what
        to type instead.
    """
    path = Path(path)
    where = shown_path(path)
    if task == REGRESSION and (positive is not None or classes is not None):
        option = "--positive" if positive is not None else "--classes"
        raise DataError(f"{where}: {option} names class labels; regression targets are "
                        f"numbers, not classes: leave {option} out")
    text = _read_text(path, where)
    first = next((line for line in text.splitlines() if line.strip()), "")
    separator = sniff_separator(first)
    decimal_comma = separator != ","
    numbered = [(number, row) for number, row in _parse_rows(text, where, separator)
                if any(cell.strip() for cell in row)]
    if not numbered:
        raise DataError(f"{where}: empty file, expected a header row and data rows")
    header_line, header = numbered[0]
    # a column with no name (a table's index, as pandas writes it) is called by its place
    header = [name.strip() or f"column {j + 1}" for j, name in enumerate(header)]
    columns = ", ".join(header)
    if label_column is None:
        label_index = len(header) - 1
    else:
        label_index = find_column(label_column, header)
        if label_index is None:
            raise DataError(f"{where}:{header_line}: no column named {quoted(label_column)}: "
                            f"name the label column with --label-column, one of: "
                            f"{shorten(columns)}")
    others = [j for j in range(len(header)) if j != label_index]
    if not others:
        raise DataError(f"{where}:{header_line}: no feature columns, only the label "
                        f"column {quoted(header[label_index])}")

    data_rows = numbered[1:]
    for line, row in data_rows:
        if len(row) != len(header):
            raise DataError(f"{where}:{line}: {len(row)} fields, but the header has "
                            f"{len(header)}" + (f" (fields are separated by "
                                                f"{_separator_name(separator)})"))
    numeric = [j for j in others if all(is_missing(row[j]) or
                                        _parse_number(row[j], decimal_comma) is not None
                                        for _, row in data_rows)]
    text_columns = [header[j] for j in others if j not in numeric]
    if features:
        feature_indices = []
        features = rejoin_names(features, [header[j] for j in others])
        for name in features:
            j = find_column(str(name), header, others)
            if j is None or j == label_index:
                raise DataError(f"{where}:{header_line}: --features: no feature column "
                                f"{quoted(name)}; the columns with numbers are: "
                                f"{shorten(', '.join(quoted(header[k]) for k in numeric)) or 'none'}")
            feature_indices.append(j)
        if len(set(feature_indices)) != len(feature_indices):
            raise DataError(f"--features: a column is named twice in {', '.join(features)}")
    else:
        feature_indices = numeric
        if not feature_indices:
            raise DataError(f"{where}:{header_line}: no column of numbers besides the label "
                            f"column {quoted(header[label_index])} (text: "
                            f"{shorten(', '.join(text_columns))}): name the label column "
                            f"with --label-column")

    used = [*feature_indices, label_index]
    missing_lines = [line for line, row in data_rows if any(is_missing(row[j]) for j in used)]
    kept = [(line, row) for line, row in data_rows if not any(is_missing(row[j]) for j in used)]
    if len(kept) < 2:
        left = f" ({len(missing_lines)} left out for missing values)" if missing_lines else ""
        raise DataError(f"{where}: needs at least two data rows, found {len(kept)}{left}")
    X = np.array([[_checked_number(row[j], where, line, header[j], decimal_comma,
                                   [header[k] for k in numeric]) for j in feature_indices]
                  for line, row in kept], dtype=float).reshape(len(kept), len(feature_indices))
    raw_labels = [row[label_index].strip() for _, row in kept]
    names = tuple(header[j] for j in feature_indices)
    params = {"file": input_name(path)}
    if features:
        params["features"] = list(names)
    if missing_lines:
        params.update(missing_rows=len(missing_lines), missing_lines=missing_lines[:20])
    if text_columns and not features:
        params["text_columns"] = text_columns
    label_name = header[label_index]
    if task == REGRESSION:
        targets = np.array([_checked_number(label, where, line, label_name, decimal_comma)
                            for label, (line, _) in zip(raw_labels, kept)])
        return Dataset(path.stem, X, targets, REGRESSION, params=params, feature_names=names,
                       target_name=label_name)
    if task != CLASSIFICATION:
        raise DataError(f"unknown task {task!r}")
    keep, y, label_names, left_out = _map_labels(raw_labels, positive, classes, where,
                                                 [line for line, _ in kept], label_name)
    if left_out:
        params["other_class_rows"] = left_out
    params["label_column"] = label_name
    return Dataset(path.stem, X[keep], y, CLASSIFICATION, label_names=label_names,
                   params=params, feature_names=names)


def _separator_name(separator: str) -> str:
    return {",": "commas", ";": "semicolons", "\t": "tabs"}[separator]


def _checked_number(text: str, where: str, line: int, column: str,
                    decimal_comma: bool = False, numeric: list[str] | None = None) -> float:
    value = _parse_number(text, decimal_comma)
    if value is None:
        hint = ""
        if numeric is not None:
            hint = (f": choose columns of numbers with --features "
                    f"({shorten(', '.join(numeric)) or 'there are none'})")
        raise DataError(f"{where}:{line}: column {quoted(column)}: {quoted(text.strip())} is "
                        f"not a number{hint}")
    if not math.isfinite(value):
        raise DataError(f"{where}:{line}: column {quoted(column)}: {quoted(text.strip())} is "
                        f"not a finite number (infinity is not allowed)")
    return value


def _map_labels(raw_labels, positive, classes, where, lines, column):
    """(the rows kept, their labels ±1, (what −1 and +1 stand for), rows of other classes
    left out): two classes mapped to −1/+1, or two of more (``classes``), or one against
    the rest (``positive`` alone)."""
    keys = [_label_key(label) for label in raw_labels]
    distinct: dict[str, str] = {}
    for key, label in zip(keys, raw_labels):
        distinct.setdefault(key, label)
    shown = ", ".join(quoted(v) for v in distinct.values())
    every = np.ones(len(keys), dtype=bool)
    if classes is not None:
        if len(classes) != 2:
            raise DataError(f"--classes: name two classes, A,B (A is -1, B is +1); got "
                            f"{', '.join(map(str, classes))}")
        chosen = [_label_key(str(name).strip()) for name in classes]
        for name, key in zip(classes, chosen):
            if key not in distinct:
                raise DataError(f"{where}: column {quoted(column)}: --classes {quoted(name)} "
                                f"is not a label; the labels are {shorten(shown)}")
        if chosen[0] == chosen[1]:
            raise DataError(f"--classes: two different classes, not {classes[0]} twice")
        if positive is not None and _label_key(positive.strip()) != chosen[1]:
            raise DataError(f"--positive {quoted(positive)} and --classes "
                            f"{','.join(classes)} disagree: with --classes the second class "
                            f"is +1; leave --positive out")
        keep = np.array([key in chosen for key in keys])
        y = np.where(np.array(keys)[keep] == chosen[1], 1.0, -1.0)
        return keep, y, (distinct[chosen[0]], distinct[chosen[1]]), int(np.sum(~keep))
    numbers = [_parse_number(label) for label in distinct.values()]
    if len(distinct) > MANY_CLASSES and all(number is not None for number in numbers):
        raise DataError(f"{where}: column {quoted(column)} holds {len(distinct)} different "
                        f"numbers: a regression target, not classes (the regression scene "
                        f"takes it); for classes, name their column with --label-column")
    if len(distinct) > 2:
        if positive is not None:
            positive_key = _label_key(positive.strip())
            if positive_key not in distinct:
                raise DataError(f"{where}: column {quoted(column)}: --positive "
                                f"{quoted(positive)} is not a label; the labels are "
                                f"{shorten(shown)}")
            y = np.array([1.0 if key == positive_key else -1.0 for key in keys])
            return every, y, (f"not {distinct[positive_key]}", distinct[positive_key]), 0
        # each name as typed, or quoted and cut when it is too long to type
        names = [name if len(name) <= 60 and name.isprintable() else quoted(name)
                 for name in distinct.values()]
        raise DataError(f"{where}: column {quoted(column)} has {len(names)} classes "
                        f"({shorten(shown)}): keep two with --classes {names[0]},{names[-1]} "
                        f"(the second is +1), or one against the rest with --positive "
                        f"{names[-1]}")
    if len(distinct) < 2:
        only = next(iter(distinct.values()))
        raise DataError(f"{where}: column {quoted(column)}: one class only ({quoted(only)}); "
                        f"a classifier needs two: name the label column with --label-column")
    (key_a, label_a), (key_b, label_b) = distinct.items()
    if positive is not None:
        positive_key = _label_key(positive.strip())
        if positive_key not in distinct:
            raise DataError(f"{where}: column {quoted(column)}: --positive {quoted(positive)} "
                            f"is not one of the labels {quoted(label_a)}, {quoted(label_b)}")
    else:
        number_a, number_b = _parse_number(label_a), _parse_number(label_b)
        if number_a is not None and number_b is not None:
            positive_key = key_a if number_a > number_b else key_b
        else:
            positive_key = key_a if label_a > label_b else key_b
    negative_label = label_b if positive_key == key_a else label_a
    positive_label = distinct[positive_key]
    y = np.array([1.0 if key == positive_key else -1.0 for key in keys])
    return every, y, (negative_label, positive_label), 0
