"""Load a labelled data set from a CSV file, with errors that name the place.

The file has a header row, then one row per point: feature columns and one
label column (the last, unless named). For classification, the labels may be
any two distinct values; they are mapped to -1/+1:

- numbers: the larger becomes +1;
- text: the later in sorted order becomes +1,

unless ``positive`` names the label that becomes +1. The mapping is kept in
``Dataset.label_names`` as (what -1 stands for, what +1 stands for).
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
from .inputs import read_input_bytes
from .limits import MAX_DATA_BYTES, MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_FIELD_CHARS


def _parse_number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


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


def _parse_rows(text: str, where: str) -> list[tuple[int, list[str]]]:
    """(line the record starts on, fields) of every record; a quoted field may span lines.

    Strict parsing, so a quote that is never closed is reported as such (not
    as a file that swallowed every later row into one field).
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
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
) -> Dataset:
    """Read ``path`` into a :class:`Dataset`.

    Parameters
    ----------
    path : path of the CSV file.
    label_column : name of the label column; the last column when None.
    positive : the label value that becomes +1 (classification only).
    task : "classification" (two labels, mapped to ±1) or "regression"
        (a real target).

    Raises
    ------
    DataError
        With one line naming the file, the line and the column of the problem.
    """
    path = Path(path)
    where = shown_path(path)
    if task == REGRESSION and positive is not None:
        raise DataError(f"{where}: --positive names a class label; regression targets are "
                        f"numbers, not classes")
    text = _read_text(path, where)
    numbered_rows = _parse_rows(text, where)

    numbered = [(number, row) for number, row in numbered_rows
                if any(cell.strip() for cell in row)]
    if not numbered:
        raise DataError(f"{where}: empty file, expected a header row and data rows")
    header_line, header = numbered[0]
    header = [name.strip() for name in header]
    if any(name == "" for name in header):
        column = header.index("") + 1
        raise DataError(f"{where}:{header_line}: header column {column} has no name")
    if label_column is None:
        label_index = len(header) - 1
    elif label_column in header:
        label_index = header.index(label_column)
    else:
        raise DataError(f"{where}:{header_line}: no column named {quoted(label_column)} "
                        f"(columns: {shorten(', '.join(header))})")
    feature_indices = [j for j in range(len(header)) if j != label_index]
    if not feature_indices:
        raise DataError(f"{where}:{header_line}: no feature columns, only the label "
                        f"column {quoted(header[label_index])}")

    data_rows = numbered[1:]
    if len(data_rows) < 2:
        raise DataError(f"{where}: needs at least two data rows, found {len(data_rows)}")

    features = np.empty((len(data_rows), len(feature_indices)))
    raw_labels: list[str] = []
    for r, (line, row) in enumerate(data_rows):
        if len(row) != len(header):
            raise DataError(f"{where}:{line}: {len(row)} fields, but the header has "
                            f"{len(header)}")
        for c, j in enumerate(feature_indices):
            features[r, c] = _checked_number(row[j], where, line, header[j])
        label = row[label_index].strip()
        if label == "":
            raise DataError(f"{where}:{line}: column {quoted(header[label_index])}: empty label")
        raw_labels.append(label)

    name = path.stem
    if task == REGRESSION:
        targets = np.array([_checked_number(label, where, line, header[label_index])
                            for label, (line, _) in zip(raw_labels, data_rows)])
        return Dataset(name, features, targets, REGRESSION, params={"file": input_name(path)},
                       feature_names=tuple(header[j] for j in feature_indices),
                       target_name=header[label_index])
    if task != CLASSIFICATION:
        raise DataError(f"unknown task {task!r}")
    y, label_names = _map_labels(raw_labels, positive, where, data_rows, header[label_index])
    return Dataset(name, features, y, CLASSIFICATION, label_names=label_names,
                   params={"file": input_name(path), "label_column": header[label_index]},
                   feature_names=tuple(header[j] for j in feature_indices))


def _checked_number(text: str, where: str, line: int, column: str) -> float:
    value = _parse_number(text.strip())
    if value is None:
        shown = text.strip() or "(empty)"
        raise DataError(f"{where}:{line}: column {quoted(column)}: {quoted(shown)} is not a "
                        f"number")
    if not math.isfinite(value):
        raise DataError(f"{where}:{line}: column {quoted(column)}: {quoted(text.strip())} is "
                        f"not a finite number (NaN and infinity are not allowed)")
    return value


def _map_labels(raw_labels, positive, where, data_rows, column):
    """Map two distinct label values to -1/+1; say which is which."""
    keys = [_label_key(label) for label in raw_labels]
    distinct: dict[str, str] = {}
    for key, label, (line, _) in zip(keys, raw_labels, data_rows):
        distinct.setdefault(key, label)
        if len(distinct) > 2:
            shown = ", ".join(quoted(v) for v in distinct.values())
            raise DataError(f"{where}:{line}: column {quoted(column)}: a third label "
                            f"{quoted(label)}; expected two classes, found {shown}")
    if len(distinct) < 2:
        only = next(iter(distinct.values()))
        raise DataError(f"{where}: column {quoted(column)}: one class only ({quoted(only)}); "
                        f"a classifier needs two")
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
    return y, (negative_label, positive_label)
