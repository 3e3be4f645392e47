"""Resolve a data argument, a built-in name or a CSV path, into a data set."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .csv_loader import load_csv
from .dataset import CLASSIFICATION, Dataset
from .errors import DataError, quoted
from .generators import BUILTIN, DEFAULT_SEED, make_builtin
from .transforms import prepare


def looks_like_file(spec: str) -> bool:
    """Whether ``spec`` names a file: ends in .csv, has a "/", or is an existing file."""
    if spec.lower().endswith(".csv") or "/" in spec:
        return True
    try:
        return Path(spec).is_file()
    except (OSError, ValueError):  # a name too long for a file, a NUL byte, ...
        return False


def resolve_data(spec: str, seed: int = DEFAULT_SEED, task: str = CLASSIFICATION,
                 positive: str | None = None, label_column: str | None = None,
                 features: Sequence[str] | None = None, standardized: bool = False) -> Dataset:
    """The data set named by ``spec``: a built-in name, or a path to a CSV file.

    ``seed`` makes built-in data; ``positive`` and ``label_column`` apply to CSV
    files only. The task of the data must be the one the caller needs. Then the
    columns ``features`` are kept (all when None) and, with ``standardized``,
    every feature is centred and scaled (:func:`linviz.transforms.prepare`).
    """
    if spec in BUILTIN:
        if positive is not None or label_column is not None:
            raise DataError("--positive and --label-column apply to CSV files, not to the "
                            f"built-in data set {quoted(spec)}")
        data = make_builtin(spec, seed)
    elif looks_like_file(spec):
        data = load_csv(spec, label_column=label_column, positive=positive, task=task)
    else:
        raise DataError(f"unknown data set {quoted(spec)}: not a built-in name "
                        f"({', '.join(BUILTIN)}) nor a CSV file")
    if data.task != task:
        raise DataError(f"data set {quoted(spec)} is for {data.task}, but this needs {task} data")
    return prepare(data, features, standardized)
