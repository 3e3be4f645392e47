"""What a trace file must satisfy beyond being JSON, checked when it is read.

A file that parses is not yet a trace: ``schema_version: true`` equals 1 in
Python, ``1e999`` parses as infinity, a point index can point outside the
data and θ can have more components than the data has features. Each such
file would load and break later, far from its cause; these checks refuse it
at load time with one line naming the field. A JSON nested 100,000 deep is
refused by measuring its depth before parsing, so no parser recursion runs.
"""

from __future__ import annotations

import math
import re
from itertools import chain
from typing import Any

import numpy as np

from .errors import TraceFormatError, quoted
from .safety.limits import MAX_JSON_DEPTH

# a JSON string literal, escapes included: brackets inside one are not structure
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_OPENERS, _CLOSERS = b"[{", b"]}"
_CHUNK = 1 << 24  # bytes of JSON scanned at a time

#: step columns whose values are whole numbers, and the one of booleans
INTEGER_STEP_COLUMNS = ("t", "epoch", "i", "state")
BOOLEAN_STEP_COLUMNS = ("mistake",)


def check_depth(text: str, source: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_JSON_DEPTH` (a real trace nests 5 deep).

    Brackets are counted outside string literals, in chunks, so a large trace
    needs little memory beyond its text.
    """
    structure = _JSON_STRING.sub('""', text).encode("utf-8", "replace")
    depth = deepest = 0
    for start in range(0, len(structure), _CHUNK):
        chunk = np.frombuffer(structure, dtype=np.uint8, count=min(_CHUNK, len(structure) - start),
                              offset=start)
        opens = (chunk == _OPENERS[0]) | (chunk == _OPENERS[1])
        closes = (chunk == _CLOSERS[0]) | (chunk == _CLOSERS[1])
        marks = np.flatnonzero(opens | closes)
        if marks.size:
            levels = depth + np.cumsum(np.where(opens[marks], 1, -1), dtype=np.int64)
            deepest = max(deepest, int(levels.max()))
            depth = int(levels[-1])
    if deepest > MAX_JSON_DEPTH:
        raise TraceFormatError(f"{source}: JSON nested {deepest} deep, more than the "
                               f"{MAX_JSON_DEPTH} a trace may be: not a linviz trace")


def finite_float(text: str) -> float:
    """``json.loads``'s ``parse_float``: a number, refused when it overflows to infinity."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {quoted(text)} is too large for a float (it would be "
                         f"infinite)")
    return value


def check_version(version: Any, expected: int, source: str) -> None:
    """The schema version must be exactly the whole number ``expected`` (true is no version)."""
    if type(version) is not int or version != expected:
        shown = repr(version) if len(repr(version)) <= 60 else quoted(repr(version))
        raise TraceFormatError(f"{source}: schema version {shown}; this linviz reads version "
                               f"{expected}")


def check_numbers(values: Any, field: str, source: str, rows: bool = False) -> None:
    """``values`` is a list of numbers (``rows``: a list of lists of numbers), no bools or text.

    numpy would turn ``true`` into 1.0 and ``"2"`` into 2.0 without a word.
    """
    if not isinstance(values, list):
        raise TraceFormatError(f"{source}: {field} must be a list")
    if rows:
        if not all(isinstance(row, list) for row in values):
            raise TraceFormatError(f"{source}: {field} must be a list of rows (lists)")
        values = chain.from_iterable(values)
    kinds = set(map(type, values))
    if not kinds <= {int, float}:
        wrong = sorted(kind.__name__ for kind in kinds - {int, float})
        raise TraceFormatError(f"{source}: {field} holds {', '.join(wrong)} values; "
                               f"expected numbers")


def check_step_kinds(records: list[dict], names: list[str], source: str) -> None:
    """Integer columns hold ints (not bools), boolean columns bools, the rest numbers."""
    for name in names:
        values = [record[name] for record in records]
        kinds = set(map(type, values))
        if name in INTEGER_STEP_COLUMNS:
            expected, wanted = {int}, "whole numbers"
        elif name in BOOLEAN_STEP_COLUMNS:
            expected, wanted = {bool}, "true or false"
        else:
            first = values[0] if values else None
            check_numbers(values, f"step field {name!r}", source,
                          rows=isinstance(first, list))
            continue
        if not kinds <= expected:
            raise TraceFormatError(f"{source}: step field {name!r} must hold {wanted}, found "
                                   f"{', '.join(sorted(k.__name__ for k in kinds - expected))}")


def check_semantics(trace, source: str) -> None:
    """Index ranges, shapes against the data, and finiteness of a constructed trace.

    ``trace`` is a :class:`~linviz.trace.Trace`; every failure is a
    TraceFormatError naming the field.
    """
    n, d = trace.data.X.shape
    steps, states = trace.steps, trace.states
    for name in ("t", "epoch"):
        if steps[name].size and steps[name].min() < 1:
            raise TraceFormatError(f"{source}: step field {name!r} must be ≥ 1")
    point = steps["i"]
    if point.size and (point.min() < -1 or point.max() >= n):
        bad = int(point.min() if point.min() < -1 else point.max())
        raise TraceFormatError(f"{source}: a step visits point {bad}, but the data has points "
                               f"0 to {n - 1} (or -1 for all)")
    theta = states["theta"]
    if theta.ndim != 2:
        raise TraceFormatError(f"{source}: θ must be a list of components in every state")
    width = theta.shape[1]
    degree = trace.params.get("degree", 1) if trace.algorithm == "linear-regression" else 1
    allowed = {d} | ({degree} if d == 1 and type(degree) is int else set())
    if width not in allowed:
        raise TraceFormatError(f"{source}: θ has {width} components, but the data has {d} "
                               f"feature(s)")
    if states["theta0"].ndim != 1:
        raise TraceFormatError(f"{source}: θ₀ must be one number in every state")
    for kind, columns in (("step", steps), ("state", states)):
        for name, column in columns.items():
            if column.dtype.kind == "f" and not np.all(np.isfinite(column)):
                raise TraceFormatError(f"{source}: {kind} field {name!r} holds a value that is "
                                       f"not finite")
