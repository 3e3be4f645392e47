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
import shlex
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from independent import reference_perceptron, separable_points
from linviz_cli import cli

REPO_ROOT = Path(__file__).resolve().parents[2]
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


FOLDER = ["answer-key.pdf", "answers.json", "noise.trace.json", "perceptron.trace.json",
          "proof.trace.json", "worksheet.pdf"]


def test_five_students_five_folders_and_the_course_files(worksheets):
    assert sorted(p.name for p in worksheets.iterdir()) == sorted(
        [*STUDENTS, "gradebook.csv", "moodle-questions.xml"])
    for student in STUDENTS:
        assert sorted(p.name for p in (worksheets / student).iterdir()) == FOLDER
    gradebook = (worksheets / "gradebook.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in gradebook[1:]] == list(STUDENTS)


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
    k = found["asked_after_update"]
    assert 0 <= k < len(updates)
    i = updates[k][1]  # the point of update k + 1
    assert found["next_point"] == i + 1
    assert found["x"] == list(X[i]) and found["y"] == y[i]
    key = " ".join(pdf_text(worksheets / student / "answer-key.pdf").split())
    assert f"i = {i + 1} (x = (" in key
    assert f"Which point causes {'its first update' if k == 0 else f'update {k + 1}'}?" in key
    sheet = " ".join(pdf_text(worksheets / student / "worksheet.pdf").split())
    assert "Which point causes" in sheet and "i = " not in sheet


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
    asked = {q["code"]: q for q in found["questions"]}
    # the key's R and γ (from the printed points) are within their tolerance of the run's
    assert abs(asked["proof.R"]["value"] - R) <= asked["proof.R"]["tolerance"]
    assert abs(asked["proof.gamma"]["value"] - gamma) <= asked["proof.gamma"]["tolerance"]
    assert abs(asked["proof.bound"]["value"] - (R / gamma) ** 2) <= \
        asked["proof.bound"]["tolerance"]
    assert asked["proof.updates"]["value"] == M  # this run's M, not the perceptron's
    key = " ".join(pdf_text(worksheets / student / "answer-key.pdf").split())
    R_shown = f"{asked['proof.R']['value']:.4f}"
    gamma_shown = f"{asked['proof.gamma']['value']:.4f}"
    bound_shown = f"{(float(R_shown) / float(gamma_shown)) ** 2:.1f}"
    assert f"(R/γ)² = ({R_shown} / {gamma_shown})² = {bound_shown}" in key
    assert f"True: M = {M} ≤ {bound_shown}." in key


def test_noise_runs_on_noisy_data_with_the_students_seed(worksheets):
    from linviz.generators import make_builtin

    for student, seed in (("ana", 1), ("dev", None)):
        X, _ = points(load(worksheets / student, "noise"))
        if seed is None:
            seed = json.loads((worksheets / student / "answers.json").read_text())["seed"]
        assert np.array_equal(X, make_builtin("noisy", seed).X)


def test_the_same_roster_gives_the_same_traces_answers_and_pages(worksheets, roster, tmp_path,
                                                               runner):
    again = tmp_path / "again"  # this time in the test's own process
    result = runner.invoke(cli, ["batch", str(roster), "--out", str(again), "--no-video"])
    assert result.exit_code == 0, result.stderr
    for student in STUDENTS:
        for name in FOLDER:
            assert (again / student / name).read_bytes() == \
                (worksheets / student / name).read_bytes(), f"{student}/{name}"


#: the user the SLURM scripts run as here when the tests run as root (nobody)
NON_ROOT = 65534
FAKE_SBATCH = """#!/bin/bash
# records each submission (one argument a line, a blank line after) and answers as
# 'sbatch --parsable' does on a federated cluster: JOBID;CLUSTER
calls={calls}
printf '%s\\n' "$@" >> "$calls"
echo >> "$calls"
echo "$((10000 + $(grep -c '^$' "$calls")));testcluster"
"""


def as_non_root() -> list[str]:
    """The command prefix that runs a command as a user other than root, or [] when the
    tests already run as one; skips the test when neither is possible."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root and setpriv (util-linux) is missing: cannot run the "
                    "scripts as an ordinary user")
    return ["setpriv", f"--reuid={NON_ROOT}", f"--regid={NON_ROOT}", "--clear-groups"]


def python_anyone_can_run(folder: Path) -> Path:
    """The README's recipe for a cluster: a venv made from a Python every user can run
    (here the system's of this version), given this venv's packages and this repository
    by a .pth file (nothing is downloaded in tests) instead of "pip install -e '.'"."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    system = Path(f"/usr/bin/python{version}")
    if not system.exists():
        pytest.skip(f"no system Python {version} (/usr/bin) to make a venv any user can run")
    subprocess.run([str(system), "-m", "venv", "--without-pip", str(folder)], check=True,
                   capture_output=True)
    site = folder / "lib" / f"python{version}" / "site-packages"
    shared = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (site / "shared-linviz-venv.pth").write_text("\n".join([str(REPO_ROOT), *shared]) + "\n")
    return folder / "bin" / "python"


def submissions(calls: str) -> list[list[str]]:
    return [block.split("\n") for block in calls.strip("\n").split("\n\n")]


def test_the_slurm_scripts_run_task_by_task_as_an_ordinary_user(worksheets, roster, runner,
                                                              monkeypatch):
    """batch --sbatch with relative paths; the submit script run with a fake sbatch; every
    array task run as a non-root user from another folder with SLURM's variables; then
    the collect job: every student's folder, the gradebook and the zip."""
    prefix = as_non_root()
    base = Path(tempfile.mkdtemp(prefix="linviz-slurm-", dir="/tmp"))  # not pytest's 0700
    try:
        os.chmod(base, 0o755)
        submit_dir, elsewhere, node_tmp, home, bin_dir = (
            base / name for name in ("submit", "elsewhere", "node-tmp", "home", "bin"))
        for folder in (submit_dir, elsewhere, node_tmp, home, bin_dir):
            folder.mkdir()
        shutil.copy(roster, submit_dir / "roster.csv")
        shutil.copy(roster.parent / "points.csv", submit_dir / "points.csv")
        python = python_anyone_can_run(base / "venv")
        monkeypatch.chdir(submit_dir)
        done = runner.invoke(cli, [
            "batch", "roster.csv", "--out", "course", "--no-video", "--sbatch", "job.sh",
            "--slurm-python", str(python), "--slurm-max-array-size", "3",
            "--slurm-throttle", "2", "--slurm-partition", "short", "--slurm-account", "cs101",
            "--slurm-qos", "normal", "--slurm-time", "00:20:00", "--slurm-mem", "1G",
            "--slurm-setup", "export LINVIZ_SETUP_RAN=yes"])
        assert done.exit_code == 0, done.stderr
        texts = {name: (submit_dir / name).read_text()
                 for name in ("job.sh", "job.collect.sh", "job.submit.sh")}
        for name in texts:
            subprocess.run(["bash", "-n", name], check=True, cwd=submit_dir)
        for line in ("#SBATCH --partition=short", "#SBATCH --account=cs101",
                     "#SBATCH --qos=normal", "#SBATCH --mem=1G", "export LINVIZ_SETUP_RAN=yes"):
            assert line in texts["job.sh"] and line in texts["job.collect.sh"]
        assert "#SBATCH --time=00:20:00" in texts["job.sh"]
        assert str(base) not in texts["job.sh"].replace(str(python), "")  # relative paths
        calls = base / "sbatch-calls"
        (bin_dir / "sbatch").write_text(FAKE_SBATCH.format(calls=shlex.quote(str(calls))))
        os.chmod(bin_dir / "sbatch", 0o755)
        calls.write_text("")
        os.chmod(calls, 0o666)
        if prefix:
            for path in [base, *base.rglob("*")]:
                os.chown(path, NON_ROOT, NON_ROOT, follow_symlinks=False)
        blas = {k: v for k, v in os.environ.items() if k.startswith("OPENBLAS_")}
        bare = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(home), **blas}
        submitted = subprocess.run([*prefix, "bash", "job.submit.sh"], env=bare,
                                   cwd=submit_dir, capture_output=True, text=True)
        assert submitted.returncode == 0, submitted.stderr
        calls_made = submissions(calls.read_text())
        # 5 students, arrays of at most MaxArraySize − 1 = 2 tasks, throttled, then collect
        arrays = [[a for a in call if a.startswith(("--array", "--export"))]
                  for call in calls_made[:-1]]
        assert arrays == [["--array=1-2%2", "--export=ALL,LINVIZ_ROW_OFFSET=0"],
                          ["--array=1-2%2", "--export=ALL,LINVIZ_ROW_OFFSET=2"],
                          ["--array=1-1%2", "--export=ALL,LINVIZ_ROW_OFFSET=4"]]
        assert "--output=course/slurm-logs/%A_%a.log" in calls_made[0]
        assert "--dependency=afterok:10001:10002:10003" in calls_made[-1]
        assert calls_made[-1][-1].endswith("job.collect.sh")
        # every array task, as SLURM would start it, from another working folder
        for job, (call, offset) in enumerate(zip(calls_made[:-1], (0, 2, 4)), 1):
            tasks = int(call[[a.startswith("--array") for a in call].index(True)]
                        .split("=")[1].split("-")[1].split("%")[0])
            for task in range(1, tasks + 1):
                env = {**bare, "SLURM_SUBMIT_DIR": str(submit_dir), "TMPDIR": str(node_tmp),
                       "SLURM_ARRAY_TASK_ID": str(task), "LINVIZ_ROW_OFFSET": str(offset),
                       "SLURM_JOB_ID": f"{10000 + job}{task}"}
                ran = subprocess.run([*prefix, "bash", str(submit_dir / "job.sh")], env=env,
                                     cwd=elsewhere, capture_output=True, text=True)
                assert ran.returncode == 0, ran.stderr
        out = submit_dir / "course"
        assert sorted(p.name for p in out.iterdir()) == sorted([*STUDENTS, "slurm-logs"])
        for student in STUDENTS:
            for path in (worksheets / student).iterdir():
                made = out / student / path.name
                # the same bytes, but the roster's folder that dev's CSV path names
                expected = path.read_bytes().replace(str(roster.parent).encode(),
                                                     str(submit_dir).encode())
                assert made.read_bytes() == expected, f"{student}/{path.name}"
                if prefix:
                    assert made.stat().st_uid == NON_ROOT
        assert not list(node_tmp.iterdir()), "the scratch folders are removed"
        assert not list(elsewhere.iterdir()), "nothing is written in the working folder"
        # the collect job
        collected = subprocess.run([*prefix, "bash", str(submit_dir / "job.collect.sh")],
                                   env={**bare, "SLURM_SUBMIT_DIR": str(submit_dir),
                                        "SLURM_JOB_ID": "10004"},
                                   cwd=elsewhere, capture_output=True, text=True)
        assert collected.returncode == 0, collected.stderr
        assert (out / "gradebook.csv").read_bytes() == \
            (worksheets / "gradebook.csv").read_bytes()
        assert (out / "moodle-questions.xml").read_bytes() == \
            (worksheets / "moodle-questions.xml").read_bytes()
        with zipfile.ZipFile(submit_dir / "course.zip") as archive:
            names = set(archive.namelist())
            assert names == {f"course/{s}/{f}" for s in STUDENTS for f in FOLDER} | {
                "course/gradebook.csv", "course/moodle-questions.xml"}
            assert archive.read("course/ana/worksheet.pdf") == \
                (worksheets / "ana" / "worksheet.pdf").read_bytes()
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_the_collect_job_refuses_an_incomplete_course(worksheets, roster, tmp_path, runner):
    out = tmp_path / "course"
    shutil.copytree(worksheets, out)
    (out / "cara" / "worksheet.pdf").unlink()
    shutil.rmtree(out / "eve")
    done = runner.invoke(cli, ["batch", str(roster), "--out", str(out), "--no-video",
                               "--collect"])
    assert done.exit_code == 2
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert "2 of 5 student(s) incomplete" in message
    assert "cara (no worksheet.pdf)" in message and "eve (no folder)" in message
    assert not (tmp_path / "course.zip").exists()


def test_a_python_other_users_cannot_reach_is_warned_about():
    from linviz_cli.batch.sbatch import interpreter_warning

    tmp_path = Path(tempfile.mkdtemp(prefix="linviz-python-", dir="/tmp"))  # pytest's is 0700
    private = tmp_path / "home"
    (private / "bin").mkdir(parents=True)
    (private / "bin" / "python").write_text("")
    link = tmp_path / "venv-python"
    link.symlink_to(private / "bin" / "python")
    os.chmod(tmp_path, 0o755)
    os.chmod(private, 0o700)
    try:
        warning = interpreter_warning(str(link))
        assert warning and f"under {private}," in warning and "--slurm-python" in warning
        os.chmod(private, 0o755)
        assert interpreter_warning(str(link)) is None
    finally:
        shutil.rmtree(tmp_path)


def test_a_big_roster_is_submitted_in_arrays_below_max_array_size():
    from linviz_cli.batch.sbatch import chunks

    assert chunks(10_000, 1001) == [(offset, 1000) for offset in range(0, 10_000, 1000)]
    assert chunks(2_500, 1001)[-1] == (2000, 500)
    assert chunks(1, 1001) == [(0, 1)]
    rows = [offset + task for offset, tasks in chunks(2_345, 300) for task in range(1, tasks + 1)]
    assert rows == list(range(1, 2_346))
    assert max(tasks for _, tasks in chunks(2_345, 300)) == 299


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


def test_the_w_notation_reaches_every_page_a_student_reads(roster, tmp_path, runner):
    short = tmp_path / "one.csv"
    short.write_text("id,seed\nana,1\n")
    out = tmp_path / "w"
    done = runner.invoke(cli, ["batch", str(short), "--out", str(out), "--no-video",
                               "--notation", "w"])
    assert done.exit_code == 0, done.stderr
    for name in ("worksheet.pdf", "answer-key.pdf"):
        text = pdf_text(out / "ana" / name)
        assert "θ" not in text and "wᵀx + b" in text, name
    assert "θ" not in (out / "moodle-questions.xml").read_text()
    assert json.loads((out / "ana" / "answers.json").read_text())["notation"] == "w"


def test_sbatch_checks_the_runs_of_one_student_per_data_set(roster, tmp_path, runner,
                                                          monkeypatch):
    """A course of thousands is not run through every scene on the login node."""
    import linviz_cli.batch.command as batch_command

    checked = []
    real = batch_command.check_variants

    def recording(students, entries, roster_path, shaping=None):
        checked.extend(student.id for student in students)
        return real(students, entries, roster_path, shaping)

    monkeypatch.setattr(batch_command, "check_variants", recording)
    done = runner.invoke(cli, ["batch", str(roster), "--out", str(tmp_path / "c"),
                               "--no-video", "--sbatch", str(tmp_path / "job.sh")])
    assert done.exit_code == 0, done.stderr
    # ana, ben and cara use the scenes' own data; dev a CSV file; eve separable-origin
    assert checked == ["ana", "dev", "eve"]


def test_setup_lines_come_from_the_option_or_a_file(tmp_path):
    from linviz_cli.batch.sbatch import SlurmError, SlurmOptions

    lines = tmp_path / "setup.sh"
    lines.write_text("module purge\nmodule load ffmpeg/6\n")
    options = SlurmOptions.from_cli({"slurm_setup": ("module load python/3.11", f"@{lines}")})
    assert options.setup == ("module load python/3.11", "module purge", "module load ffmpeg/6")
    assert "#SBATCH --partition" not in options.header("x", "01:00:00")
    with pytest.raises(SlurmError, match="cannot read it"):
        SlurmOptions.from_cli({"slurm_setup": (f"@{tmp_path / 'missing.sh'}",)})


def test_a_roster_of_published_files_is_read_with_the_data_options(tmp_path, runner):
    """A student's file as published (a text column, three classes, a row with an empty
    cell) could not be given to batch: the roster names a file, and batch took none of
    render's data options. Now --label-column, --classes and --features read every
    student's file, the array tasks of --sbatch repeat them, and without them the row is
    refused in one line."""
    X, y, _ = separable_points(5, n=14, d=2, margin=0.4, radius=2.0, offset=0.0)
    lines = ["site,kind,a,b"]
    for (a, b), label in zip(X, y):
        lines.append(f"north,{'big' if label > 0 else 'small'},{float(a)!r},{float(b)!r}")
    lines += ["south,medium,0.1,0.2", "south,big,,0.3"]  # a third class; an empty cell
    (tmp_path / "pub.csv").write_text("\n".join(lines) + "\n")
    (tmp_path / "roster.csv").write_text("id,seed,data\nana,1,pub.csv\n")
    options = ["--label-column", "kind", "--classes", "small,big", "--features", "a,b"]

    refused = runner.invoke(cli, ["batch", str(tmp_path / "roster.csv"), "--out",
                                  str(tmp_path / "no"), "--no-video", "--scenes", "perceptron"])
    assert refused.exit_code == 2
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr

    done = runner.invoke(cli, ["batch", str(tmp_path / "roster.csv"), "--out",
                               str(tmp_path / "out"), "--no-video", "--scenes", "perceptron",
                               *options])
    assert done.exit_code == 0, done.stderr
    X_run, y_run = points(load(tmp_path / "out" / "ana", "perceptron"))
    assert len(y_run) == len(y)  # the third class and the row with an empty cell left out
    order = np.lexsort(X.T)
    np.testing.assert_allclose(X_run[np.lexsort(X_run.T)], X[order])
    np.testing.assert_array_equal(y_run[np.lexsort(X_run.T)], y[order])

    script = tmp_path / "job.sh"
    done = runner.invoke(cli, ["batch", str(tmp_path / "roster.csv"), "--out",
                               str(tmp_path / "c"), "--no-video", "--scenes", "perceptron",
                               "--sbatch", str(script), *options])
    assert done.exit_code == 0, done.stderr
    joined = script.read_text().replace("\\\n", " ")  # a command's continued lines
    task = shlex.split(next(line for line in joined.splitlines() if "--row" in line))
    assert any(task[k:k + len(options)] == options for k in range(len(task)))
