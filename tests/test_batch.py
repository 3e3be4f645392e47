"""`batch`: a folder per student whose worksheet answers are true of that student's run.

The answers are checked against computations written here from the notes, on the
data each student's trace file holds (read as plain JSON): the notes' perceptron
(tests/independent.py), R as the largest norm, and γ of the maximum-margin
separator through the origin found by a search over directions (not the engine's
quadratic programme).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from independent import reference_perceptron, separable_points
from linviz_cli import cli

REPO_ROOT = Path(__file__).resolve().parent.parent
STUDENTS = ("ana", "ben", "cara", "dev", "eve")


@pytest.fixture(scope="module")
def roster(tmp_path_factory) -> Path:
    """Five rows: given seeds, two seeds left to the id, a CSV file, a built-in set."""
    folder = tmp_path_factory.mktemp("roster")
    X, y, _ = separable_points(11, n=12, d=2, margin=0.35, radius=2.0, offset=0.0)
    rows = [f"{float(a)!r},{float(b)!r},{'pos' if label > 0 else 'neg'}" for (a, b), label in zip(X, y)]
    (folder / "points.csv").write_text("x1,x2,class\n" + "\n".join(rows) + "\n")
    (folder / "roster.csv").write_text(
        "id,seed,data\nana,1,\nben,,\n\ncara,7,\ndev,,points.csv\neve,3,separable-origin\n")
    return folder / "roster.csv"


def batch(*args, cwd) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), "batch", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=600)
    assert done.returncode == 0, done.stderr
    return done


@pytest.fixture(scope="module")
def worksheets(roster) -> Path:
    out = roster.parent / "out"
    batch(roster, "--out", out, "--no-video", cwd=roster.parent)
    return out


def load(folder: Path, scene: str) -> dict:
    return json.loads((folder / f"{scene}.trace.json").read_text())


def points(trace: dict) -> tuple[np.ndarray, np.ndarray]:
    return np.array(trace["data"]["X"], dtype=float), np.array(trace["data"]["y"], dtype=float)


def largest_norm(X) -> float:
    return max(math.hypot(*x) for x in X)


def margin_through_origin(X, y) -> float:
    """max over unit u of minᵢ yᵢ uᵀxᵢ, by a fine search over angles and a bounded refinement.

    The minimum of cosines is concave around its maximum, so the refinement
    converges to it from the best of 20 000 directions."""
    def worst(angle):
        u = np.array([math.cos(angle), math.sin(angle)])
        return min(label * float(np.dot(u, x)) for x, label in zip(X, y))

    angles = np.linspace(-math.pi, math.pi, 20_000, endpoint=False)
    best = max(angles, key=worst)
    step = 2 * math.pi / 20_000
    found = minimize_scalar(lambda a: -worst(a), bounds=(best - step, best + step),
                            method="bounded", options={"xatol": 1e-12})
    return max(-found.fun, worst(best))


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_five_students_five_folders(worksheets):
    assert sorted(p.name for p in worksheets.iterdir()) == list(STUDENTS)
    for student in STUDENTS:
        assert sorted(p.name for p in (worksheets / student).iterdir()) == [
            "answer-key.pdf", "answers.json", "perceptron.trace.json", "proof.trace.json",
            "worksheet.pdf"]


def test_seeds_are_given_or_derived_from_the_id_as_documented(worksheets):
    seeds = {s: json.loads((worksheets / s / "answers.json").read_text())["seed"]
             for s in STUDENTS}
    assert seeds["ana"] == 1 and seeds["cara"] == 7 and seeds["eve"] == 3
    for student in ("ben", "dev"):
        digest = hashlib.sha256(f"linviz-roster:{student}".encode()).digest()
        assert seeds[student] == int.from_bytes(digest[:4], "big")
    # every student has a run of their own
    runs = {s: load(worksheets / s, "perceptron")["data"]["X"] for s in STUDENTS}
    assert len({json.dumps(x) for x in runs.values()}) == len(STUDENTS)


def test_the_csv_student_runs_on_the_csv_points(worksheets, roster):
    rows = [line.split(",") for line in (roster.parent / "points.csv").read_text().split()[1:]]
    expected = np.array([[float(a), float(b)] for a, b, _ in rows])
    for scene in ("perceptron", "proof"):
        X, y = points(load(worksheets / "dev", scene))
        assert np.array_equal(X, expected)
        assert len({(label, row[2]) for label, row in zip(y, rows)}) == 2  # one label per class


@pytest.mark.parametrize("student", STUDENTS)
def test_perceptron_answers_equal_the_notes_perceptron(worksheets, student):
    trace = load(worksheets / student, "perceptron")
    X, y = points(trace)
    run = reference_perceptron(X, y, trace["params"]["epochs"], offset=True)
    updates = [visit for visit in run["visits"] if visit[3]]
    answers = json.loads((worksheets / student / "answers.json").read_text())
    found = answers["scenes"]["perceptron"]
    assert found["updates"] == len(updates) == trace["result"]["updates"]
    assert found["epochs"] == run["epochs"] and found["converged"] == run["converged"]
    k = min(3, len(updates))
    epoch, i = updates[k - 1][0], updates[k - 1][1]
    assert (found["asked_update"], found["point"], found["epoch"]) == (k, i + 1, epoch)
    assert found["x"] == list(X[i]) and found["y"] == y[i]
    key = pdf_text(worksheets / student / "answer-key.pdf")
    assert f"M = {len(updates)} (in {run['epochs']} passes" in key
    assert f"i = {i + 1}: x = (" in key and f"in epoch {epoch} " in key
    sheet = pdf_text(worksheets / student / "worksheet.pdf")
    assert "how many updates M did the perceptron make?" in sheet
    assert f"M = {len(updates)} (" not in sheet and "i = " not in sheet


@pytest.mark.parametrize("student", STUDENTS)
def test_proof_answers_equal_an_independent_computation(worksheets, student):
    trace = load(worksheets / student, "proof")
    X, y = points(trace)
    assert trace["params"]["offset"] is False
    M = reference_perceptron(X, y, trace["params"]["epochs"], offset=False)["updates"]
    R, gamma = largest_norm(X), margin_through_origin(X, y)
    found = json.loads((worksheets / student / "answers.json").read_text())["scenes"]["proof"]
    assert found["updates"] == M
    assert found["R"] == pytest.approx(R, rel=1e-12)
    assert found["gamma"] == pytest.approx(gamma, rel=1e-6)
    assert found["bound"] == pytest.approx((R / gamma) ** 2, rel=1e-5)
    assert found["below_bound"] is bool(M <= (R / gamma) ** 2)
    key = " ".join(pdf_text(worksheets / student / "answer-key.pdf").split())
    assert f"R = {R:.2f}, γ = {gamma:.2f}." in key
    assert f"(R/γ)² = {(R / gamma) ** 2:.2f}; M = {M}, below the bound: yes." in key


def test_the_same_roster_gives_the_same_traces_answers_and_pages(worksheets, roster, tmp_path,
                                                               runner):
    again = tmp_path / "again"  # this time in the test's own process
    result = runner.invoke(cli, ["batch", str(roster), "--out", str(again), "--no-video"])
    assert result.exit_code == 0, result.stderr
    for student in STUDENTS:
        for name in ("perceptron.trace.json", "proof.trace.json", "answers.json",
                     "worksheet.pdf", "answer-key.pdf"):
            assert (again / student / name).read_bytes() == \
                (worksheets / student / name).read_bytes(), f"{student}/{name}"


def test_the_sbatch_script_runs_one_student_per_array_task(worksheets, roster, tmp_path,
                                                          runner):
    out = tmp_path / "slurm-out"
    script = tmp_path / "job.sh"
    done = runner.invoke(cli, ["batch", str(roster), "--out", str(out), "--no-video",
                               "--sbatch", str(script)])
    assert done.exit_code == 0, done.stderr
    assert not [p for p in out.iterdir() if p.name != "slurm-logs"], "it only writes the script"
    text = script.read_text()
    assert "#SBATCH --array=1-5\n" in text and f"#SBATCH --output={out}/slurm-logs/" in text
    assert str(script) in done.stderr
    subprocess.run(["bash", "-n", str(script)], check=True)
    # array task 4 is the roster's 4th student (the blank line is not a student)
    # a bare environment, as SLURM gives a job, but for OpenBLAS's kernel settings: a
    # machine that sets OPENBLAS_CORETYPE gets other last digits of γ without them
    blas = {k: v for k, v in os.environ.items() if k.startswith("OPENBLAS_")}
    subprocess.run(["bash", str(script)],
                   env={"SLURM_ARRAY_TASK_ID": "4", "PATH": "/usr/bin:/bin", **blas},
                   check=True, capture_output=True, cwd=tmp_path)
    assert sorted(p.name for p in out.iterdir()) == ["dev", "slurm-logs"]
    for path in (worksheets / "dev").iterdir():
        assert (out / "dev" / path.name).read_bytes() == path.read_bytes()


@pytest.mark.render
def test_batch_on_a_local_cluster_renders_every_students_scene(worksheets, roster, tmp_path):
    """Two of the students (a seed, a CSV file), to keep the test short."""
    short = roster.parent / "two.csv"
    lines = roster.read_text().splitlines()
    short.write_text("\n".join([lines[0], lines[1], lines[5]]) + "\n")
    students = ("ana", "dev")
    out = tmp_path / "rendered"
    done = batch(short, "--out", out, "--scenes", "proof", "--format", "png", "--cluster",
                 "local:2", cwd=tmp_path)
    pictures = {}
    for student in students:
        folder = out / student
        assert sorted(p.name for p in folder.iterdir()) == [
            "answer-key.pdf", "answers.json", "proof.png", "proof.trace.json", "worksheet.pdf"]
        # the trace the scene was rendered from is the one the worksheet's answers were made of
        assert (folder / "proof.trace.json").read_bytes() == \
            (worksheets / student / "proof.trace.json").read_bytes()
        pictures[student] = (folder / "proof.png").read_bytes()
        assert f"{student}/proof: done in" in done.stderr
    assert len(set(pictures.values())) == len(students)  # each drawn from its own run
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]
    assert done.stdout.split() == [str(out / s) for s in students]
