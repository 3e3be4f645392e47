"""The run the closing of `linear-program` sets beside a separable one: the same points
with one label flipped, which no line through the origin separates, so its perceptron
never stops.

No line through 0 separates points exactly when every direction of θ gets one of them
wrong: every arc of :func:`~linviz.lessons.linear_program.mistake_arcs` on the flipped
yx counts one or more. A perceptron pass with no update would leave every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0,
a separator; so on such points every pass makes an update, however many are run.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..dataset import Dataset
from ..epochs import mistakes_per_epoch
from ..perceptron import Perceptron
from .linear_program import WATCHED_PASSES, mistake_arcs


def flipped_point(X: np.ndarray, y: np.ndarray) -> int | None:
    """The first point (0-based, in the data's order) whose label flipped leaves points no
    line through 0 separates; None when no one flip does (or a line through 0 already
    fails)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    signed = y[:, None] * X
    if min(count for _, _, count in mistake_arcs(signed)) > 0:
        return None
    for i in range(len(y)):
        flipped = signed.copy()
        flipped[i] = -flipped[i]
        if min(count for _, _, count in mistake_arcs(flipped)) > 0:
            return i
    return None


def flipped_passes(data: Dataset, i: int, passes: int = WATCHED_PASSES) -> list[int]:
    """The updates in each of the first ``passes`` passes of the perceptron through the
    origin on ``data`` with point i's label flipped (each one or more where
    :func:`flipped_point` chose i)."""
    y = np.asarray(data.y, dtype=float).copy()
    y[i] = -y[i]
    run = Perceptron(epochs=passes, offset=False).fit(replace(data, y=y)).trace_
    return [int(m) for m in mistakes_per_epoch(run)]
