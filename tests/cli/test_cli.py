"""The command line: help, `datasets`, `trace`, and every way a call can go wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from linviz import (BUILTIN, DEFAULT_DATA, LEARNERS, BestOfK, LinearRegression,
                    LogisticRegression, Perceptron, Trace, make_builtin)
from linviz_cli import cli

ALGORITHMS = list(LEARNERS)
REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """An empty folder of its own as the working directory (click's isolated_filesystem
    is deprecated in favour of exactly this)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def files_in(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def invoke(runner, *args):
    # exceptions must not escape: an escaped one is a traceback for the user
    return runner.invoke(cli, list(args), catch_exceptions=False)


def assert_one_line_error(result, *fragments):
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    assert result.stdout == ""
    return lines[0]


# -- help and listings ---------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["trace", "--help"], ["datasets", "--help"],
                                  ["trace", "-h"]])
def test_help_of_every_command(runner, args):
    result = invoke(runner, *args)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: ")


def test_top_level_help_lists_the_commands(runner):
    stdout = invoke(runner, "--help").stdout
    assert "trace" in stdout and "datasets" in stdout


def test_trace_help_lists_algorithms_and_options(runner):
    stdout = invoke(runner, "trace", "--help").stdout
    for option in ("--data", "--seed", "--epochs", "--lr", "--steps", "--k", "--degree", "--out",
                   "--mistakes-only", "--positive", "--label-column"):
        assert option in stdout


def test_no_command_shows_the_help(runner):
    result = invoke(runner)
    assert result.exit_code == 0 and result.stdout.startswith("Usage: ")
    assert "Commands:" in result.stdout and result.stderr == ""


def test_datasets_lists_every_builtin_name(runner):
    result = invoke(runner, "datasets")
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(BUILTIN)
    for line, name in zip(lines, BUILTIN):
        data = make_builtin(name)
        assert f"n={data.n_samples}, d={data.n_features}" in line
        assert BUILTIN[name].description in line


# -- trace: what it writes -------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_trace_writes_a_loadable_file_at_the_default_path(runner, workdir, algorithm):
    result = invoke(runner, "trace", algorithm)
    assert result.exit_code == 0, result.stderr
    data_name = DEFAULT_DATA[algorithm]
    path = workdir / "traces" / f"{algorithm}-{data_name}-seed0.json"
    assert files_in(workdir) == {"traces", str(path.relative_to(workdir))}
    assert result.stdout.startswith(f"wrote {path.relative_to(workdir)}: ")
    loaded = Trace.load(path)
    expected = LEARNERS[algorithm]().fit(make_builtin(data_name, seed=0)).trace_
    assert loaded == expected


@pytest.mark.parametrize("algorithm, options, learner, data", [
    ("perceptron", ["--data", "xor", "--epochs", "7", "--no-offset", "--order", "shuffle"],
     Perceptron(epochs=7, offset=False, order="shuffle", seed=3), "xor"),
    ("logistic-regression", ["--data", "separable", "--lr", "0.2", "--steps", "9", "--l2", "0.5",
                             "--batch", "stochastic"],
     LogisticRegression(lr=0.2, steps=9, l2=0.5, batch="stochastic", seed=3), "separable"),
    ("linear-regression", ["--degree", "3", "--lr", "0.05", "--steps", "11", "--no-offset"],
     LinearRegression(degree=3, lr=0.05, steps=11, offset=False, seed=3), "regression1d"),
    ("best-of-k", ["--data", "noisy", "--k", "17", "--no-offset"],
     BestOfK(k=17, offset=False, seed=3), "noisy"),
])
def test_trace_passes_its_options_to_the_learner(runner, workdir, algorithm, options, learner,
                                                 data):
    result = invoke(runner, "trace", algorithm, *options, "--seed", "3", "--out", "out/run.json")
    assert result.exit_code == 0, result.stderr
    assert files_in(workdir) == {"out", "out/run.json"}
    assert Trace.load(workdir / "out" / "run.json") == learner.fit(make_builtin(data, 3)).trace_


def test_trace_to_standard_output(runner, workdir):
    result = invoke(runner, "trace", "best-of-k", "--out", "-")
    assert result.exit_code == 0 and files_in(workdir) == set()
    assert Trace.from_json(result.stdout) == BestOfK().fit(make_builtin("separable")).trace_


def test_trace_mistakes_only(runner, workdir):
    result = invoke(runner, "trace", "perceptron", "--data", "xor", "--epochs", "3",
                    "--mistakes-only", "--out", "m.json")
    assert result.exit_code == 0
    document = json.loads((workdir / "m.json").read_text())
    assert document["steps_kept"] == "mistakes"
    assert all(step["mistake"] for step in document["steps"])
    assert Trace.load(workdir / "m.json").n_steps == document["result"]["updates"] == 12


def test_trace_reports_the_cycle_of_xor(runner, workdir):
    stdout = invoke(runner, "trace", "perceptron", "--data", "xor", "--out", "x.json").stdout
    assert "did not converge" in stdout and "never converge" in stdout


def test_trace_on_a_csv_file(runner, workdir):
    Path("flowers.csv").write_text("species,length,width\nsetosa,1,2\nvirginica,4,1\n"
                                   "setosa,0,1\nvirginica,5,2\n")
    result = invoke(runner, "trace", "perceptron", "--data", "flowers.csv", "--label-column",
                    "species", "--positive", "setosa", "--out", "f.json")
    assert result.exit_code == 0, result.stderr
    assert "'virginica' → -1, 'setosa' → +1" in result.stdout
    loaded = Trace.load(workdir / "f.json")
    assert loaded.data.y.tolist() == [1.0, -1.0, 1.0, -1.0]
    assert loaded.data.X.tolist() == [[1, 2], [4, 1], [0, 1], [5, 2]]


def test_trace_with_two_features_of_a_wider_csv_standardised(runner, workdir):
    Path("wide.csv").write_text("a,b,c,kind\n1,20,3,x\n4,50,6,y\n7,80,9,x\n10,20,0,y\n")
    result = invoke(runner, "trace", "perceptron", "--data", "wide.csv", "--features", "c, b",
                    "--standardize", "--out", "w.json")
    assert result.exit_code == 0, result.stderr
    data = Trace.load(workdir / "w.json").data
    assert data.feature_names == ("c", "b")
    raw = np.array([[3, 20], [6, 50], [9, 80], [0, 20]], dtype=float)
    # standardised independently: (x − mean)/std, population std
    expected = (raw - raw.mean(axis=0)) / raw.std(axis=0)
    np.testing.assert_allclose(data.X, expected)
    assert data.params["standardized"]["mean"] == pytest.approx([4.5, 42.5])


# -- trace: every error is one line, exit status 2, and leaves no file ---------------------

GOOD = "x1,x2,label\n0,1,a\n1,0,b\n2,2,a\n"
BAD_CSV = {
    # a column asked for (--features x1,x2 below) that holds text
    "non-numeric": ("x1,x2,label\n0,1,a\n1,zero,b\n",
                    ["bad.csv:3", "'x2'", "'zero' is not a number",
                     "choose columns of numbers with --features (x1)"]),
    # a missing value leaves its row out: one row is too few
    "nan": ("x1,x2,label\n0,NaN,a\n1,0,b\n",
            ["bad.csv", "at least two data rows, found 1 (1 left out for missing values)"]),
    "inf": ("x1,x2,label\n0,1,a\ninf,0,b\n", ["bad.csv:3", "'x1'", "not a finite number"]),
    "ragged": ("x1,x2,label\n0,1,a\n1,0\n", ["bad.csv:3", "2 fields, but the header has 3"]),
    "one point": ("x1,x2,label\n0,1,a\n", ["bad.csv", "at least two data rows, found 1"]),
    "one class": ("x1,x2,label\n0,1,a\n1,0,a\n", ["bad.csv", "one class only"]),
    "three classes": ("x1,x2,label\n0,1,a\n1,0,b\n2,2,c\n",
                      ["bad.csv", "has 3 classes ('a', 'b', 'c')", "--classes a,c",
                       "--positive c"]),
    "no features": ("label\na\nb\n", ["bad.csv:1", "no feature columns"]),
    "empty": ("", ["bad.csv", "empty file"]),
}


@pytest.fixture(params=["perceptron", "best-of-k", "logistic-regression"])
def classifier(request):
    return request.param


def check_error(runner, workdir, args, *fragments):
    before = files_in(workdir)
    result = invoke(runner, *args)
    line = assert_one_line_error(result, *fragments)
    assert files_in(workdir) == before, "an error left a file behind"
    return line


@pytest.mark.parametrize("kind", list(BAD_CSV))
def test_malformed_csv(runner, workdir, classifier, kind):
    text, fragments = BAD_CSV[kind]
    Path("bad.csv").write_text(text)
    asked = ["--features", "x1,x2"] if kind == "non-numeric" else []
    check_error(runner, workdir, ["trace", classifier, "--data", "bad.csv", *asked],
                *fragments)


@pytest.mark.parametrize("options, fragments", [
    (["--data", "missing.csv"], ["missing.csv: no such file"]),
    (["--data", "good.csv", "--label-column", "kind"], ["good.csv:1", "no column named 'kind'"]),
    (["--data", "good.csv", "--positive", "c"], ["good.csv", "--positive 'c' is not one of"]),
    (["--data", "nope"], ["unknown data set 'nope'", "separable"]),
    (["--data", "regression1d"], ["'regression1d' is for regression"]),
    (["--data", "xor", "--positive", "1"], ["apply to CSV files"]),
    (["--data", "good.csv", "--features", "x1,size"], ["--features", "no feature column 'size'",
                                                       "'x1', 'x2'"]),
    (["--data", "good.csv", "--features", "x1,,x2"], ["--features", "separated by commas"]),
    (["--data", "good.csv", "--features", "x2,2"], ["--features", "named twice"]),
])
def test_bad_data_for_a_classifier(runner, workdir, classifier, options, fragments):
    Path("good.csv").write_text(GOOD)
    check_error(runner, workdir, ["trace", classifier, *options], *fragments)


@pytest.mark.parametrize("options, fragments", [
    (["--data", "xor"], ["'xor' is for classification"]),
    (["--data", "good.csv"], ["good.csv:2", "column 'label'", "'a' is not a number"]),
    (["--data", "nope.csv"], ["nope.csv: no such file"]),
    (["--data", "numbers.csv", "--positive", "4"], ["numbers.csv", "--positive"]),
    (["--data", "regression1d", "--label-column", "y"], ["apply to CSV files"]),
])
def test_bad_data_for_regression(runner, workdir, options, fragments):
    Path("good.csv").write_text(GOOD)
    Path("numbers.csv").write_text("x,y\n1,2\n3,4\n")
    check_error(runner, workdir, ["trace", "linear-regression", *options], *fragments)


def test_unknown_algorithm(runner, workdir):
    line = check_error(runner, workdir, ["trace", "svm"], "'svm' is not one of", "perceptron")
    assert "trace --help" in line


@pytest.mark.parametrize("algorithm, option", [
    ("perceptron", ["--lr", "0.1"]), ("perceptron", ["--k", "3"]), ("perceptron", ["--steps", "5"]),
    ("logistic-regression", ["--epochs", "5"]), ("logistic-regression", ["--degree", "2"]),
    ("linear-regression", ["--l2", "0.1"]), ("linear-regression", ["--order", "shuffle"]),
    ("best-of-k", ["--batch", "full"]), ("best-of-k", ["--lr", "1"]),
])
def test_an_option_that_does_not_apply(runner, workdir, algorithm, option):
    check_error(runner, workdir, ["trace", algorithm, *option],
                f"{option[0]} does not apply to {algorithm}")


@pytest.mark.parametrize("algorithm", ["logistic-regression", "linear-regression", "best-of-k"])
def test_mistakes_only_for_a_learner_other_than_the_perceptron(runner, workdir, algorithm):
    check_error(runner, workdir, ["trace", algorithm, "--mistakes-only"],
                "--mistakes-only applies to the perceptron only")


@pytest.mark.parametrize("args, fragment", [
    (["trace", "perceptron", "--epochs", "0"], "--epochs"),
    (["trace", "logistic-regression", "--batch", "mini"], "--batch"),
    (["trace", "linear-regression", "--degree", "13"], "--degree"),
    (["trace"], "Missing argument 'ALGORITHM'"),
    (["trace", "perceptron", "--colour"], "No such option"),
    (["no-such-command"], "No such command 'no-such-command'"),
    (["trace", "linear-regression", "--lr", "1000", "--steps", "500"], "diverged"),
    (["trace", "perceptron", "--seed", "-1"], "--seed"),
    (["trace", "logistic-regression", "--lr", "nan"], "step size"),
])
def test_bad_invocations(runner, workdir, args, fragment):
    check_error(runner, workdir, args, fragment)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_an_unwritable_out_path(runner, workdir, algorithm):
    Path("blocker").write_text("a regular file")
    check_error(runner, workdir, ["trace", algorithm, "--out", "blocker/run.json"],
                "cannot write blocker/run.json", "blocker is a file")
    Path("folder").mkdir()
    check_error(runner, workdir, ["trace", algorithm, "--out", "folder"], "cannot write folder")
    assert Path("blocker").read_text() == "a regular file"


# -- a real process: what a user sees ---------------------------------------------------------


def run_render(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    return subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["trace", "nope"],
    ["trace", "perceptron", "--out", "blocker/run.json"],
    ["trace", "linear-regression", "--lr", "1000", "--steps", "500", "--out", "d.json"],
    ["trace", "perceptron", "--data", "bad.csv"],
])
def test_a_real_run_fails_with_one_line_and_status_2(tmp_path, args):
    (tmp_path / "blocker").write_text("a regular file")
    (tmp_path / "bad.csv").write_text("x,label\n1,a\n2,b\ninf,a\n")
    before = files_in(tmp_path)
    completed = run_render(tmp_path, *args)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert len(completed.stderr.splitlines()) == 1, completed.stderr
    assert completed.stderr.startswith("Error: ") and completed.stderr.endswith("\n")
    assert "Traceback" not in completed.stderr
    assert files_in(tmp_path) == before


HUGE = {"classification": "x1,x2,label\n1e308,1e308,a\n-1e308,1e308,b\n1e308,-1e308,a\n"
                          "-1e308,-1e308,b\n",
        "regression": "x,y\n1e200,1\n-1e200,2\n3e200,0\n"}


@pytest.mark.parametrize("algorithm", [
    "perceptron", "best-of-k",
    "logistic-regression", "linear-regression",
])
def test_a_real_run_on_values_near_the_float_limit_fails_with_one_line(tmp_path, algorithm):
    task = "regression" if algorithm == "linear-regression" else "classification"
    (tmp_path / "huge.csv").write_text(HUGE[task])
    completed = run_render(tmp_path, "trace", algorithm, "--data", "huge.csv", "--out", "h.json")
    assert (completed.returncode, completed.stdout) == (2, "")
    assert len(completed.stderr.splitlines()) == 1, completed.stderr
    assert not (tmp_path / "h.json").exists()


def test_a_real_run_writes_a_trace(tmp_path):
    completed = run_render(tmp_path, "trace", "perceptron", "--out", "p.json")
    assert completed.returncode == 0 and completed.stderr == ""
    assert Trace.load(tmp_path / "p.json") == Perceptron().fit(make_builtin("separable")).trace_
