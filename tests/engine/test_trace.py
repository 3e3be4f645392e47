"""Traces: JSON round trips, the file format, rejection of bad files, atomic saves."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from independent import reference_perceptron

import linviz.safety.atomic
import linviz.trace
from linviz import (SCHEMA_VERSION, BestOfK, DataError, LinearRegression, LogisticRegression,
                    Perceptron, Trace, TraceFormatError, load_csv, make_builtin)

RUNS = {
    "perceptron-cyclic": lambda: Perceptron(epochs=30).fit(make_builtin("separable")),
    "perceptron-xor-cycle": lambda: Perceptron(epochs=5).fit(make_builtin("xor")),
    "perceptron-shuffle-origin": lambda: Perceptron(epochs=20, offset=False, order="shuffle",
                                                    seed=3).fit(make_builtin("noisy")),
    "logistic-full": lambda: LogisticRegression(steps=25).fit(make_builtin("noisy")),
    "logistic-stochastic": lambda: LogisticRegression(steps=30, batch="stochastic", l2=0.1,
                                                      seed=4).fit(make_builtin("xor-cloud")),
    "linear-degree3": lambda: LinearRegression(degree=3, steps=20).fit(
        make_builtin("regression1d")),
    "linear-stochastic": lambda: LinearRegression(steps=25, batch="stochastic", offset=False,
                                                  seed=2).fit(make_builtin("regression1d")),
    "best-of-k": lambda: BestOfK(k=12, seed=8).fit(make_builtin("offset1d")),
}


@pytest.fixture(params=list(RUNS))
def trace(request):
    return RUNS[request.param]().trace_


# -- round trips -----------------------------------------------------------------------


def test_save_then_load_gives_an_equal_trace(trace, tmp_path):
    path = trace.save(tmp_path / "run.json")
    loaded = Trace.load(path)
    assert loaded == trace
    assert loaded.to_json() == trace.to_json()
    assert Trace.from_json(trace.to_json()) == trace


def test_a_trace_from_csv_data_round_trips(tmp_path):
    csv = tmp_path / "flowers.csv"
    csv.write_text("length,width,species\n1,2,setosa\n3,1,virginica\n0,1,setosa\n")
    data = load_csv(csv)
    trace = Perceptron(epochs=10).fit(data).trace_
    loaded = Trace.load(trace.save(tmp_path / "flowers.json"))
    assert loaded == trace and loaded.data.label_names == ("setosa", "virginica")


@pytest.mark.parametrize("name", list(RUNS))
def test_to_json_is_byte_identical_across_runs(name):
    assert RUNS[name]().trace_.to_json() == RUNS[name]().trace_.to_json()


def test_equality_sees_differences(trace):
    other = RUNS["perceptron-shuffle-origin"]().trace_
    if trace.params != other.params:
        assert trace != other
    assert trace != "a trace"
    changed = dict(trace.result, updates=-1)
    assert Trace(trace.algorithm, trace.params, trace.data, trace.steps, trace.states,
                 changed) != trace
    steps = dict(trace.steps)
    steps["mistake"] = ~steps["mistake"]
    assert Trace(trace.algorithm, trace.params, trace.data, steps, trace.states,
                 trace.result) != trace


# -- the file format -------------------------------------------------------------------


def test_json_has_the_documented_keys(trace):
    document = json.loads(trace.to_json())
    assert document["algorithm"] == trace.algorithm
    assert document["schema_version"] == SCHEMA_VERSION
    assert document["params"] == trace.params
    assert document["data"]["X"] == trace.data.X.tolist()
    assert document["data"]["y"] == trace.data.y.tolist()
    assert len(document["steps"]) == trace.n_steps
    for k, step in enumerate(document["steps"]):
        assert {"t", "epoch", "i", "mistake", "theta", "theta0"} <= set(step)
        assert step["t"] == k + 1
        theta, theta0 = trace.theta_after(k + 1)
        assert step["theta"] == theta.tolist() and step["theta0"] == theta0
        assert isinstance(step["mistake"], bool) and isinstance(step["i"], int)
    result = document["result"]
    assert {"theta", "theta0", "converged", "updates", "epochs"} <= set(result)
    assert isinstance(result["converged"], bool)
    # the learner's answer is where it stopped; best-of-k's is its best hypothesis
    last = document["steps"][result.get("best_index", -1)]
    assert result["theta"] == last["theta"] and result["theta0"] == last["theta0"]


def test_perceptron_json_steps_are_the_reference_run():
    """Read as plain JSON, without linviz, a perceptron file is the notes' algorithm."""
    data = make_builtin("separable", seed=4)
    document = json.loads(Perceptron(epochs=50).fit(data).trace_.to_json())
    X, y = np.array(document["data"]["X"]), np.array(document["data"]["y"])
    ref = reference_perceptron(X, y, 50)
    assert len(document["steps"]) == len(ref["visits"])
    for step, (epoch, i, score, mistake, theta, theta0) in zip(document["steps"], ref["visits"]):
        assert (step["epoch"], step["i"], step["mistake"]) == (epoch, i, mistake)
        np.testing.assert_allclose(step["theta"], theta, rtol=1e-12, atol=1e-12)
        assert step["theta0"] == pytest.approx(theta0)
        assert step["x"] == X[i].tolist() and step["y"] == y[i]
    assert document["result"]["updates"] == ref["updates"]
    assert document["result"]["converged"] is ref["converged"]


@pytest.mark.parametrize("name", ["perceptron-cyclic", "perceptron-xor-cycle",
                                  "perceptron-shuffle-origin"])
def test_mistakes_only_keeps_exactly_the_mistake_steps(name, tmp_path):
    trace = RUNS[name]().trace_
    keep = trace.steps["mistake"]
    document = json.loads(trace.to_json(mistakes_only=True))
    assert [s["t"] for s in document["steps"]] == trace.steps["t"][keep].tolist()
    assert all(s["mistake"] for s in document["steps"])
    loaded = Trace.load(trace.save(tmp_path / "mistakes.json", mistakes_only=True))
    assert loaded.n_steps == int(keep.sum())
    for column in trace.steps:
        np.testing.assert_array_equal(loaded.steps[column], trace.steps[column][keep])
    for column in trace.states:
        np.testing.assert_array_equal(loaded.states[column], trace.states[column])
    assert loaded.result == trace.result and loaded.data == trace.data


@pytest.mark.parametrize("name", ["logistic-full", "linear-degree3", "best-of-k"])
def test_mistakes_only_is_for_the_perceptron(name):
    with pytest.raises(DataError, match="perceptron"):
        RUNS[name]().trace_.to_json(mistakes_only=True)


def test_arrays_are_read_only(trace, tmp_path):
    for loaded in (trace, Trace.load(trace.save(tmp_path / "t.json"))):
        arrays = [*loaded.steps.values(), *loaded.states.values(), loaded.data.X, loaded.data.y]
        for array in arrays:
            assert not array.flags.writeable
            with pytest.raises(ValueError):
                array[0] = array[0]


def test_a_trace_copies_its_columns():
    trace = RUNS["perceptron-cyclic"]().trace_
    steps = {k: np.array(v) for k, v in trace.steps.items()}
    copy = Trace(trace.algorithm, trace.params, trace.data, steps, trace.states, trace.result)
    steps["mistake"][:] = False
    assert copy == trace


def test_state_lookups():
    trace = RUNS["perceptron-cyclic"]().trace_
    assert trace.state_after(0) == 0
    assert trace.state_after(trace.n_steps) == trace.result["updates"] == trace.n_states - 1
    theta, theta0 = trace.theta_after(trace.n_steps)
    assert theta.tolist() == trace.result["theta"] and theta0 == trace.result["theta0"]
    with pytest.raises(IndexError):
        trace.state_after(trace.n_steps + 1)


@pytest.mark.parametrize("broken, message", [
    (lambda s, t: s.pop("mistake"), "lacks the columns mistake"),
    (lambda s, t: t.pop("theta0"), "lacks the columns theta0"),
    (lambda s, t: s.update(t=s["t"][:-1]), "differ in length"),
    (lambda s, t: s.update(state=s["state"] + 1000), "state the trace does not have"),
    (lambda s, t: s.update(state=s["state"] - 1000), "state the trace does not have"),
])
def test_inconsistent_traces_are_refused(broken, message):
    trace = RUNS["perceptron-cyclic"]().trace_
    steps, states = dict(trace.steps), dict(trace.states)
    broken(steps, states)
    with pytest.raises(TraceFormatError, match=message):
        Trace(trace.algorithm, trace.params, trace.data, steps, states, trace.result)


# -- loading rejects what is not a trace ------------------------------------------------


@pytest.fixture
def document():
    return json.loads(RUNS["perceptron-cyclic"]().trace_.to_json())


def rejected(text, source="trace"):
    with pytest.raises(TraceFormatError) as caught:
        Trace.from_json(text, source=source)
    message = str(caught.value)
    assert message.startswith(f"{source}: ") and "\n" not in message
    return message


def test_rejects_text_that_is_not_json():
    assert "not valid JSON" in rejected("{'format': 1", source="run.json")


def test_rejects_a_json_list(document):
    assert "not a linviz trace" in rejected(json.dumps([document]))


def test_rejects_a_foreign_document():
    assert "not a linviz trace" in rejected(json.dumps({"format": "vega-lite", "data": []}))


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_rejects_another_schema_version(document, version):
    document["schema_version"] = version
    message = rejected(json.dumps(document))
    assert f"schema version {version!r}" in message and f"version {SCHEMA_VERSION}" in message


@pytest.mark.parametrize("key", ["algorithm", "params", "data", "initial", "steps", "result"])
def test_rejects_missing_keys(document, key):
    del document[key]
    assert f"missing the key {key!r}" in rejected(json.dumps(document))


@pytest.mark.parametrize("field", ["t", "epoch", "i", "mistake", "state", "theta", "theta0"])
def test_rejects_steps_without_a_field(document, field):
    del document["steps"][0][field]
    assert repr(field) in rejected(json.dumps(document))


@pytest.mark.parametrize("field", ["mistake", "theta0", "state"])
def test_rejects_a_later_step_without_a_field(document, field):
    del document["steps"][3][field]
    assert repr(field) in rejected(json.dumps(document))


@pytest.mark.parametrize("value, constant", [(float("nan"), "NaN"), (float("inf"), "Infinity"),
                                             (-float("inf"), "-Infinity")])
@pytest.mark.parametrize("where", ["result", "step", "data"])
def test_rejects_nan_and_infinity(document, value, constant, where):
    if where == "result":
        document["result"]["theta0"] = value
    elif where == "step":
        document["steps"][4]["theta"][1] = value
    else:
        document["data"]["X"][2][0] = value
    text = json.dumps(document)
    assert constant in text
    message = rejected(text)
    assert "not valid JSON" in message and constant in message


@pytest.mark.parametrize("change, message", [
    (lambda d: d["data"].update(y=[0.0] * len(d["data"]["y"])), "bad \"data\""),
    (lambda d: d["data"].pop("X"), "malformed \"data\""),
    (lambda d: d.update(steps={}), "\"steps\" a list"),
    (lambda d: d["steps"][0].update(t="one"), "'t'"),
    (lambda d: d["steps"][2].update(state=10_000), "state"),
    (lambda d: d["steps"][2].update(state=-1), "state"),
    (lambda d: [step.update(state=True) for step in d["steps"]], "state"),
    (lambda d: d["steps"][1].update(t=1.5), "'t'"),
    (lambda d: d["steps"].__setitem__(1, [1, 2]), "every step must be an object"),
    (lambda d: d.update(result=[1]), "must be objects"),
    (lambda d: d["steps"][1].update(epoch=10**30), "'epoch'"),
])
def test_rejects_malformed_parts(document, change, message):
    change(document)
    assert message in rejected(json.dumps(document))


JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                       st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=3),
                       st.lists(st.integers(-3, 3), max_size=2),
                       st.dictionaries(st.sampled_from(["t", "state", "theta"]), st.integers(0, 3),
                                       max_size=2),
                       st.just([[1.0, 2.0]]), st.just([None]))


def json_paths(node, prefix=()):
    """Every place in a JSON document (only the first three items of a list)."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from json_paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node[:3]):
            yield from json_paths(value, prefix + (index,))


SMALL_DOCUMENTS = [json.loads(run().trace_.to_json()) for run in (
    lambda: Perceptron(epochs=3).fit(make_builtin("xor")),
    lambda: LogisticRegression(steps=3, batch="stochastic").fit(make_builtin("xor")),
    lambda: BestOfK(k=3).fit(make_builtin("xor")),
)]


@settings(max_examples=400)  # one small document is cheap to load; the places are many
@given(choice=st.data(), which=st.integers(0, len(SMALL_DOCUMENTS) - 1), delete=st.booleans())
def test_any_damage_to_a_file_is_a_trace_format_error_or_harmless(choice, which, delete):
    """Replace or delete any one value: it loads, or raises TraceFormatError and nothing else."""
    document = json.loads(json.dumps(SMALL_DOCUMENTS[which]))
    path = choice.draw(st.sampled_from(list(json_paths(document))[1:]))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = choice.draw(JSON_VALUES)
    try:
        Trace.from_json(json.dumps(document))
    except TraceFormatError as error:
        assert "\n" not in str(error)


def test_load_names_the_file(tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(TraceFormatError, match=f"^{missing}: no such file$"):
        Trace.load(missing)
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(TraceFormatError, match=f"^{bad}: not a linviz trace"):
        Trace.load(bad)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(TraceFormatError, match=f"^{binary}: cannot read"):
        Trace.load(binary)


# -- saving is atomic --------------------------------------------------------------------


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir())


def test_a_failing_rename_leaves_no_file(tmp_path, monkeypatch):
    trace = RUNS["perceptron-cyclic"]().trace_

    def refuse(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(linviz.safety.atomic.os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        trace.save(tmp_path / "run.json")
    assert leftovers(tmp_path) == []


def test_a_failing_write_leaves_no_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    trace = RUNS["perceptron-cyclic"]().trace_
    target = tmp_path / "run.json"
    target.write_text("old contents")
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            raise OSError("no space left on device")

    monkeypatch.setattr(linviz.safety.atomic.os, "fdopen",
                        lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
    with pytest.raises(OSError, match="no space"):
        trace.save(target)
    assert leftovers(tmp_path) == ["run.json"]
    assert target.read_text() == "old contents"


def test_a_failing_serialization_leaves_no_file(tmp_path, monkeypatch):
    trace = RUNS["perceptron-cyclic"]().trace_

    def broken_dumps(*args, **kwargs):
        raise RuntimeError("cannot serialize")

    monkeypatch.setattr(linviz.trace.json, "dumps", broken_dumps)
    with pytest.raises(RuntimeError):
        trace.save(tmp_path / "run.json")
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("value", [float("inf"), float("nan")])
def test_a_trace_that_overflowed_is_refused_clearly_and_not_saved(tmp_path, value):
    trace = RUNS["perceptron-cyclic"]().trace_
    states = dict(trace.states, theta=np.where(trace.states["theta"] > 0, value, 0.0))
    broken = Trace(trace.algorithm, trace.params, trace.data, trace.steps, states, trace.result)
    with pytest.raises(DataError, match="NaN or infinite values"):
        broken.save(tmp_path / "run.json")
    assert leftovers(tmp_path) == []


def test_save_replaces_an_existing_file_whole(tmp_path):
    target = tmp_path / "run.json"
    target.write_text("x" * 10_000_000)
    trace = RUNS["best-of-k"]().trace_
    trace.save(target)
    assert target.read_text() == trace.to_json()
    assert leftovers(tmp_path) == ["run.json"]


def test_a_huge_state_index_is_refused_without_allocating_for_it(document):
    document["steps"][0]["state"] = 10**12  # would be a list of 10¹² rows if trusted
    assert "refers to state" in rejected(json.dumps(document))
