"""Render a scene from Python, where a lecturer's data already is: a DataFrame, or X and y
arrays the way scikit-learn takes them (``linviz.render``).

The data is written to a CSV file in a private folder and rendered as ``render.py
render`` renders it, with the same data options (one route: they become the command's
own options, parsed by the same code). The result is the video's path; in Jupyter it
shows as the video itself. pandas is never imported here: anything with ``columns`` and
``to_csv`` is taken as a DataFrame.
"""

from __future__ import annotations

import base64
import csv
import tempfile
from collections.abc import Sequence
from pathlib import Path, PosixPath

import numpy as np

from linviz.errors import DataError, LinvizError, name_path

#: the label column of a CSV made from arrays
LABEL_COLUMN = "label"


class Video(PosixPath):
    """The path of a rendered file; a notebook shows it (``_repr_html_``)."""

    def _repr_html_(self) -> str:
        kind = {".mp4": "video/mp4", ".webm": "video/webm"}.get(self.suffix)
        payload = base64.b64encode(self.read_bytes()).decode("ascii")
        if kind is None:  # a gif or a png: an image
            image = "image/gif" if self.suffix == ".gif" else "image/png"
            return f'<img src="data:{image};base64,{payload}" style="max-width:100%">'
        return (f'<video controls style="max-width:100%"><source src="data:{kind};base64,'
                f'{payload}" type="{kind}"></video>')


def _is_data_frame(data) -> bool:
    return hasattr(data, "columns") and hasattr(data, "to_csv")


def _write_arrays(path: Path, X, y, names: Sequence[str] | None) -> None:
    """X (n, d) and y (n,) as a CSV: columns ``names`` (x1, …, xd) and ``label``."""
    X = np.asarray(X, dtype=float)
    if X.ndim == 1:
        X = X[:, None]
    y = np.asarray(y)
    if X.ndim != 2 or y.ndim != 1 or len(X) != len(y):
        raise DataError(f"X must be (n, d) and y (n,) with the same n; got X {X.shape}, "
                        f"y {y.shape}")
    names = list(names) if names is not None else [f"x{j + 1}" for j in range(X.shape[1])]
    if len(names) != X.shape[1]:
        raise DataError(f"{len(names)} feature names for {X.shape[1]} columns of X")
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([*names, LABEL_COLUMN])
        for row, label in zip(X, y):
            writer.writerow([*(repr(float(v)) for v in row), str(label)])


def render(scene: str, data=None, *, X=None, y=None, label: str | None = None,
           features: Sequence[str] | None = None, classes: Sequence[str] | None = None,
           positive: str | None = None, standardize: bool | None = None, seed: int = 0,
           quality: str = "l", theme: str = "dark", voice: str = "none",
           file_format: str = "mp4", out: str | Path = "media/notebook") -> Video:
    """Render ``scene`` on the lecturer's data and return the file's path.

    Parameters
    ----------
    scene : a scene's name or number (``render.py list``).
    data : a DataFrame (its columns named), a CSV path, a built-in data set's name, or
        None with ``X`` and ``y`` (None with neither: the scene's own data).
    X, y : the features (n, d) and the labels or targets (n,), as scikit-learn takes them;
        ``features`` names X's columns (x1, x2, … when None).
    label : the DataFrame's (or CSV's) label column (default: its last column).
    features, classes, positive, seed : as the command line's ``--features``,
        ``--classes``, ``--positive``, ``--seed``.
    standardize : True as ``--standardize``, False as ``--raw``, None (neither) as the
        command line without them.
    quality, theme, voice, file_format, out : as ``render``'s ``-q``, ``--theme``,
        ``--voice``, ``--format`` and ``--out``.

    Raises
    ------
    LinvizError
        Bad data or options, with the one line the command line would print.
    """
    import click

    from .scenes_command import render as render_command

    arguments = [str(scene), "-q", quality, "--theme", theme, "--voice", voice,
                 "--format", file_format, "--out", str(out), "--seed", str(seed)]
    with tempfile.TemporaryDirectory(prefix="linviz-notebook-") as folder:
        if X is not None or y is not None:
            if data is not None or X is None or y is None:
                raise DataError("give data, or X and y (both), not both")
            path = Path(folder) / "X-y.csv"
            _write_arrays(path, X, y, features)
            name_path(path, "the arrays X, y")  # what messages call it
            arguments += ["--data", str(path), "--label-column", LABEL_COLUMN]
            features = None  # they named X's columns, every one of them used
        elif _is_data_frame(data):
            path = Path(folder) / "data-frame.csv"
            data.to_csv(path, index=False)
            name_path(path, "the DataFrame")
            arguments += ["--data", str(path)]
        elif data is not None:
            arguments += ["--data", str(data)]
        if label is not None:
            arguments += ["--label-column", label]
        if features:
            arguments += ["--features", ",".join(features)]
        if classes:
            arguments += ["--classes", ",".join(classes)]
        if positive is not None:
            arguments += ["--positive", str(positive)]
        if standardize is not None:
            arguments.append("--standardize" if standardize else "--raw")
        try:
            # the command itself, not the group (whose errors end the process)
            render_command.main(args=arguments, prog_name="linviz.render",
                                standalone_mode=False)
        except click.ClickException as error:
            raise LinvizError(error.format_message()) from None
    from scenes.catalog import find

    return Video(Path(out) / f"{find(str(scene)).name}.{file_format}")
