"""The trace: a learner's run recorded step by step, as plain immutable data.

A trace has

- ``steps``: per-step columns, each an array whose first axis is the step
  (``t`` 1-based, ``epoch`` 1-based, ``i`` the 0-based row of the visited
  point or -1 for a step over all points, ``mistake``, ``state`` and the
  learner's own columns such as ``score`` or ``grad``);
- ``states``: the parameters the run went through, row 0 the initial state,
  each column an array whose first axis is the state (``theta`` of shape
  (n_states, d), ``theta0`` of shape (n_states,), and for gradient learners
  ``loss``). Step t leaves the learner in state ``steps["state"][t - 1]``; a
  perceptron's state index is its update count M;
- the data set, the algorithm's name, its parameters and its result.

JSON is the exchange format (``to_json``/``from_json``, ``save``/``load``).
Every step in it carries ``t, epoch, i, mistake, theta, theta0`` (theta after
the step) so other tools can read it without knowing the layout above. The
same trace always gives the same bytes.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from . import trace_checks
from .safety.atomic import write_text_atomic
from .dataset import Dataset
from .errors import DataError, TraceFormatError, shown_path
from .safety.inputs import read_input_bytes
from .safety.limits import MAX_TRACE_BYTES

SCHEMA_VERSION = 1
FORMAT_NAME = "linviz-trace"
REQUIRED_STEP_COLUMNS = ("t", "epoch", "i", "mistake", "state")
REQUIRED_STATE_COLUMNS = ("theta", "theta0")


def plain(value: Any) -> Any:
    """``value`` as JSON-ready Python data: numpy scalars and arrays, tuples → lists."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


def _frozen_columns(columns: Mapping[str, Any]) -> dict[str, np.ndarray]:
    frozen = {}
    for name, column in columns.items():
        array = np.array(column, copy=True)
        array.setflags(write=False)
        frozen[name] = array
    return frozen


@dataclass(frozen=True, eq=False)
class Trace:
    """A recorded run. See the module docstring for the columns."""

    algorithm: str
    params: Mapping[str, Any]
    data: Dataset
    steps: Mapping[str, np.ndarray]
    states: Mapping[str, np.ndarray]
    result: Mapping[str, Any]
    schema_version: int = field(default=SCHEMA_VERSION)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", plain(self.params))
        object.__setattr__(self, "result", plain(self.result))
        object.__setattr__(self, "steps", _frozen_columns(self.steps))
        object.__setattr__(self, "states", _frozen_columns(self.states))
        missing = [c for c in REQUIRED_STEP_COLUMNS if c not in self.steps]
        missing += [c for c in REQUIRED_STATE_COLUMNS if c not in self.states]
        if missing:
            raise TraceFormatError(f"trace lacks the columns {', '.join(missing)}")
        lengths = {len(column) for column in self.steps.values()}
        if len(lengths) > 1:
            raise TraceFormatError("trace step columns differ in length")
        if len({len(column) for column in self.states.values()}) > 1:
            raise TraceFormatError("trace state columns differ in length")
        state = self.steps["state"]
        if state.size and (state.min() < 0 or state.max() >= self.n_states):
            raise TraceFormatError("a step refers to a state the trace does not have")

    # -- sizes and lookups -------------------------------------------------
    @property
    def n_steps(self) -> int:
        return int(len(self.steps["t"]))

    @property
    def n_states(self) -> int:
        return int(len(self.states["theta0"]))

    def state_after(self, k: int) -> int:
        """Index of the state after the first ``k`` recorded steps (k = 0: initial)."""
        if not 0 <= k <= self.n_steps:
            raise IndexError(f"step {k} is outside 0..{self.n_steps}")
        return 0 if k == 0 else int(self.steps["state"][k - 1])

    def theta_after(self, k: int) -> tuple[np.ndarray, float]:
        """(θ, θ₀) after the first ``k`` recorded steps."""
        s = self.state_after(k)
        return self.states["theta"][s], float(self.states["theta0"][s])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trace):
            return NotImplemented
        return (
            self.algorithm == other.algorithm
            and self.schema_version == other.schema_version
            and self.params == other.params
            and self.result == other.result
            and self.data == other.data
            and _columns_equal(self.steps, other.steps)
            and _columns_equal(self.states, other.states)
        )

    __hash__ = None  # type: ignore[assignment]

    # -- JSON --------------------------------------------------------------
    def to_json(self, mistakes_only: bool = False) -> str:
        """The trace as JSON text; with ``mistakes_only``, only the mistake steps.

        Dropping correct visits loses no state: every change of state happens at
        a mistake step, so a mistakes-only file still holds every (θ, θ₀).
        That only holds for the perceptron, the one learner for which it is allowed.
        """
        if mistakes_only and self.algorithm != "perceptron":
            raise DataError(f"--mistakes-only applies to the perceptron, not {self.algorithm}")
        keep = np.flatnonzero(self.steps["mistake"]) if mistakes_only else None
        document = {
            "format": FORMAT_NAME,
            "schema_version": self.schema_version,
            "algorithm": self.algorithm,
            "params": self.params,
            "data": {
                "name": self.data.name,
                "task": self.data.task,
                "label_names": list(self.data.label_names),
                **({"feature_names": list(self.data.feature_names)}
                   if self.data.feature_names else {}),
                **({"target_name": self.data.target_name} if self.data.target_name else {}),
                "params": plain(self.data.params),
                "X": self.data.X.tolist(),
                "y": self.data.y.tolist(),
            },
            "initial": {name: plain(column[0]) for name, column in self.states.items()},
            "steps_kept": "mistakes" if mistakes_only else "all",
            "steps": self._step_records(keep),
            "result": self.result,
        }
        try:
            return json.dumps(document, allow_nan=False, separators=(",", ":")) + "\n"
        except ValueError:  # JSON has no NaN or infinity
            raise DataError(f"the {self.algorithm} trace holds NaN or infinite values (the "
                            f"run overflowed: is the data scaled sensibly?), which JSON "
                            f"cannot store") from None

    def _step_records(self, keep: np.ndarray | None) -> list[dict[str, Any]]:
        columns = {name: column.tolist() for name, column in self.steps.items()}
        state_rows = {name: column.tolist() for name, column in self.states.items()}
        X, y = self.data.X.tolist(), self.data.y.tolist()
        rows = range(self.n_steps) if keep is None else keep.tolist()
        records = []
        for r in rows:
            record = {name: values[r] for name, values in columns.items()}
            s, i = record["state"], record["i"]
            for name, values in state_rows.items():
                record[name] = values[s]
            if i >= 0:
                record["x"], record["y"] = X[i], y[i]
            records.append(record)
        return records

    def save(self, path: str | os.PathLike, mistakes_only: bool = False,
             inputs=()) -> Path:
        """Write the JSON to ``path`` atomically (nothing half-written on failure).

        ``path`` may be a checked :class:`~linviz.safety.atomic.OutputTarget`; it must
        not be one of ``inputs`` (see :func:`linviz.safety.atomic.guard_output`).
        """
        return write_text_atomic(path, self.to_json(mistakes_only), inputs)

    @classmethod
    def from_json(cls, text: str, source: str = "trace") -> "Trace":
        """Read a trace written by :meth:`to_json`; reject anything else clearly.

        Besides the JSON syntax, the depth of nesting, the types of every
        field, index ranges, shapes against the data and finiteness are
        checked (:mod:`linviz.trace_checks`): a file that loads is a trace the
        scenes can replay.
        """
        trace_checks.check_depth(text, source)
        try:
            document = json.loads(text, parse_constant=_reject_constant,
                                  parse_float=trace_checks.finite_float)
        except (json.JSONDecodeError, ValueError) as error:
            raise TraceFormatError(f"{source}: not valid JSON ({error})") from None
        except RecursionError:  # check_depth makes this unreachable; never a traceback
            raise TraceFormatError(f"{source}: JSON nested too deep") from None
        return _trace_from_document(document, source)

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Trace":
        """Read the trace file ``path``: a regular file of at most ``MAX_TRACE_BYTES``."""
        raw = read_input_bytes(path, MAX_TRACE_BYTES, TraceFormatError, "trace file")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise TraceFormatError(f"{shown_path(path)}: cannot read ({error})") from None
        return cls.from_json(text, source=shown_path(path))


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def _columns_equal(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and a[k].shape == b[k].shape and np.array_equal(a[k], b[k])
        for k in a
    )


def _column_array(values: list[Any], name: str, source: str) -> np.ndarray:
    """A JSON column as an array: bools, ints or floats (or rows of floats)."""
    if not values:
        return np.array([], dtype=np.int64 if name in ("t", "epoch", "i", "state") else float)
    first = values[0]
    if isinstance(first, bool):
        kind = bool
    elif isinstance(first, int):
        kind = np.int64
    elif isinstance(first, (float, list)):
        kind = float
    else:
        raise TraceFormatError(f"{source}: step field {name!r} has values of type "
                               f"{type(first).__name__}")
    try:
        array = np.array(values, dtype=kind)
    except (TypeError, ValueError, OverflowError):
        raise TraceFormatError(f"{source}: field {name!r} has mixed, ragged or out-of-range "
                               f"values") from None
    if kind is not float and not all(type(v) is type(first) for v in values):
        raise TraceFormatError(f"{source}: step field {name!r} mixes value types")
    return array


def _trace_from_document(document: Any, source: str) -> Trace:
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise TraceFormatError(f"{source}: not a linviz trace (no \"format\": \"{FORMAT_NAME}\")")
    version = document.get("schema_version")
    trace_checks.check_version(version, SCHEMA_VERSION, source)
    for key in ("algorithm", "params", "data", "initial", "steps", "result"):
        if key not in document:
            raise TraceFormatError(f"{source}: missing the key {key!r}")
    if not isinstance(document["algorithm"], str):
        raise TraceFormatError(f"{source}: \"algorithm\" must be a name (text)")
    try:
        data_doc = document["data"]
        trace_checks.check_numbers(data_doc["X"], '"data" X', source, rows=True)
        trace_checks.check_numbers(data_doc["y"], '"data" y', source)
        if not (isinstance(data_doc["name"], str) and isinstance(data_doc["task"], str)
                and isinstance(data_doc["params"], dict)
                and isinstance(data_doc["label_names"], list)
                and len(data_doc["label_names"]) == 2
                and all(isinstance(name, str) for name in data_doc["label_names"])):
            raise TypeError("name and task must be text, label_names two texts, params an "
                            "object")
        feature_names = data_doc.get("feature_names", [])
        target_name = data_doc.get("target_name", "")
        if not (isinstance(feature_names, list)
                and all(isinstance(name, str) for name in feature_names)
                and isinstance(target_name, str)):
            raise TypeError("feature_names must be a list of texts, target_name a text")
        data = Dataset(
            name=data_doc["name"],
            X=np.array(data_doc["X"], dtype=float),
            y=np.array(data_doc["y"], dtype=float),
            task=data_doc["task"],
            label_names=tuple(data_doc["label_names"]),
            params=data_doc["params"],
            feature_names=tuple(feature_names),
            target_name=target_name,
        )
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        raise TraceFormatError(f"{source}: malformed \"data\" ({error})") from None
    except DataError as error:
        raise TraceFormatError(f"{source}: bad \"data\": {error}") from None

    initial = document["initial"]
    records = document["steps"]
    if not isinstance(initial, dict) or not isinstance(records, list):
        raise TraceFormatError(f"{source}: \"initial\" must be an object and \"steps\" a list")
    if not all(isinstance(record, dict) for record in records):
        raise TraceFormatError(f"{source}: every step must be an object")
    if not isinstance(document["params"], dict) or not isinstance(document["result"], dict):
        raise TraceFormatError(f"{source}: \"params\" and \"result\" must be objects")
    state_names = list(initial)
    derived = set(state_names) | {"x", "y"}
    step_names = [k for k in (records[0] if records else REQUIRED_STEP_COLUMNS) if k not in derived]
    for required in REQUIRED_STEP_COLUMNS + tuple(REQUIRED_STATE_COLUMNS):
        if records and required not in records[0]:
            raise TraceFormatError(f"{source}: steps lack the field {required!r}")
    try:
        trace_checks.check_step_kinds(records, step_names, source)
        steps = {name: _column_array([r[name] for r in records], name, source)
                 for name in step_names}
    except (KeyError, TypeError) as error:
        raise TraceFormatError(f"{source}: a step lacks the field {error}") from None

    if records and (steps["state"].dtype != np.int64 or steps["state"].min() < 0):
        raise TraceFormatError(f"{source}: step field 'state' must hold whole numbers ≥ 0")
    n_states = 1 + (int(steps["state"].max()) if records else 0)
    if n_states > len(records) + 1:
        # each state after the first is reached by a step, so there are at most
        # steps + 1 of them; a larger index is damage (and must not size an allocation)
        raise TraceFormatError(f"{source}: a step refers to state {n_states - 1}, but "
                               f"{len(records)} steps reach at most {len(records) + 1} states")
    states: dict[str, np.ndarray] = {}
    for name in state_names:
        rows: list[Any] = [None] * n_states
        rows[0] = initial[name]
        try:
            for record in records:
                rows[record["state"]] = record[name]
        except (KeyError, TypeError, IndexError):
            raise TraceFormatError(f"{source}: a step has no valid {name!r} or state") from None
        if any(row is None for row in rows):
            raise TraceFormatError(f"{source}: the steps do not hold every state of {name!r}")
        trace_checks.check_numbers(rows, f"state field {name!r}", source,
                                   rows=isinstance(rows[0], list))
        states[name] = _column_array(rows, name, source)
    try:
        trace = Trace(
            algorithm=str(document["algorithm"]),
            params=document["params"],
            data=data,
            steps=steps,
            states=states,
            result=document["result"],
            schema_version=version,
        )
    except (TypeError, ValueError) as error:
        raise TraceFormatError(f"{source}: malformed trace ({error})") from None
    except TraceFormatError as error:
        raise TraceFormatError(f"{source}: {error}") from None
    trace_checks.check_semantics(trace, source)
    return trace

