"""Issue 13: the corpus of bad inputs and faults, and what must hold for each.

Every case of ``tests/hardening_corpus.py`` runs in an empty folder of its
own: exit status 2, exactly one line on stderr, ``Error: ...`` matching the
case's pattern, no traceback, and every file of the folder unchanged (a
checksum of each, and the kind of each special file). Beside the corpus: the
behaviours that succeed (a device written in place, the umask followed, stale
temporaries removed) and the helpers' own rules.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from hardening_corpus import CASES, CLASSES, count_by_class
from linviz.errors import LinvizError
from linviz_cli import cli

SAFETY_NET_SECONDS = 120  # a hang fails the test instead of stalling the suite
#: render's progress lines on stderr, beside the one error line
PROGRESS = re.compile(r"^(rendering \d+ scene\(s\) at |\[\d+/\d+\] |all done in )")


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder``: its kind, and a checksum of each regular file.

    FIFOs and devices are never opened (reading one could block or never end).
    """
    entries = {}
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = Path(root) / name
            info = path.lstat()
            digest = None
            if stat.S_ISREG(info.st_mode):
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            elif stat.S_ISLNK(info.st_mode):
                digest = os.readlink(path)
            entries[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), digest,
                                                      info.st_rdev)
    return entries


class SafetyNet:
    """SIGALRM after a while: a blocking open or read is interrupted and the test fails."""

    def __enter__(self):
        def timeout(signum, frame):
            raise TimeoutError("the command hung")
        self.previous = signal.signal(signal.SIGALRM, timeout)
        signal.alarm(SAFETY_NET_SECONDS)
        return self

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.previous)


def run_case(case, folder: Path, runner, monkeypatch) -> str:
    """Run ``case`` in ``folder``; return the one error line (after checking its form)."""
    if case.kind == "loader":
        from linviz.trace import Trace

        with SafetyNet(), pytest.raises(LinvizError) as raised:
            Trace.load(case.args[0])
        message = f"Error: {raised.value}"
        assert "\n" not in message
        return message
    with SafetyNet():
        result = runner.invoke(cli, list(case.args), catch_exceptions=False)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if not PROGRESS.match(line)]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input_is_one_line_exit_2_and_changes_nothing(case, tmp_path, runner, monkeypatch):
    if case.needs_root and os.geteuid() != 0:
        pytest.skip("making a character device needs root")
    folder = tmp_path / "place"
    folder.mkdir()
    case.make(folder)
    monkeypatch.chdir(folder)
    if case.patch:
        case.patch(monkeypatch)
    before = snapshot(folder)
    line = run_case(case, folder, runner, monkeypatch)
    assert re.search(case.pattern, line), f"{line!r} does not match {case.pattern!r}"
    assert len(line) < 500, "a message quotes the input at readable length"
    assert snapshot(folder) == before
    log = re.search(r"full output is in (\S+\.log)$", line)
    if log:  # a Manim failure keeps its log outside --out: it exists, then is cleaned up
        assert Path(log.group(1)).is_file()
        Path(log.group(1)).unlink()


def test_the_corpus_has_at_least_100_cases_in_every_class():
    counts = count_by_class()
    assert sum(counts.values()) >= 100
    assert all(counts[klass] >= 5 for klass in CLASSES), counts
    assert len({case.id for case in CASES}) == len(CASES)


# -- what succeeds: special files, permissions, stale temporaries --------------------------


def trace_args(out):
    return ["trace", "perceptron", "--data", "separable", "--out", str(out)]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a character device needs root")
def test_a_character_device_is_written_in_place_and_stays_a_device(tmp_path, runner):
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = runner.invoke(cli, trace_args(null), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert "a character device, written directly" in result.stdout
    assert stat.S_ISCHR(null.lstat().st_mode) and null.lstat().st_rdev == os.makedev(1, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_a_named_pipe_with_a_reader_receives_the_trace(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE)
    writer = subprocess.run([sys.executable, str(Path(__file__).resolve().parents[2] / "render.py"),
                             *trace_args(pipe)], capture_output=True, text=True, timeout=120)
    received, _ = reader.communicate(timeout=120)
    assert writer.returncode == 0, writer.stderr
    assert received.startswith(b'{"format":"linviz-trace"')
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_follow_the_umask(tmp_path, runner, umask, mode):
    previous = os.umask(umask)
    try:
        result = runner.invoke(cli, trace_args(tmp_path / "run.json"), catch_exceptions=False)
    finally:
        os.umask(previous)
    assert result.exit_code == 0, result.stderr
    assert stat.S_IMODE((tmp_path / "run.json").stat().st_mode) == mode


def test_an_output_symlink_stays_a_link_to_the_new_file(tmp_path, runner):
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    result = runner.invoke(cli, trace_args(tmp_path / "link.json"), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text().startswith('{"format":"linviz-trace"')


def dead_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_the_next_trace_removes_temporaries_of_killed_runs_only(tmp_path, runner):
    stale = tmp_path / f".run.json.linviz-{dead_pid()}-abc123.part"
    stale.write_text("half a trace")
    stale_dir = tmp_path / f".linviz-{dead_pid()}-perceptron-xyz"
    stale_dir.mkdir()
    live = tmp_path / f".run.json.linviz-{os.getppid()}-def456.part"  # a running process
    live.write_text("being written")
    unrelated = tmp_path / ".notes.part"
    unrelated.write_text("not ours")
    result = runner.invoke(cli, trace_args(tmp_path / "run.json"), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert not stale.exists() and not stale_dir.exists()
    assert live.exists() and unrelated.exists()


def test_the_output_guard_names_each_refusal(tmp_path):
    from linviz.safety.atomic import guard_output
    from linviz.errors import OutputError

    data = tmp_path / "d.csv"
    data.write_text("x")
    with pytest.raises(OutputError, match="it is the input"):
        guard_output(data, [data])
    target = guard_output(tmp_path / "new.json", [data])
    assert target.path == tmp_path / "new.json" and not target.direct and target.note() == ""


# -- Manim's failures: the real reason, not its last line --------------------------------

BANNER_LAST = """\
╭───────────────────── Traceback (most recent call last) ──────────────────────╮
│ /work/scenes/perceptron.py:5 in construct                                    │
│ ❱ 5 │   │   raise OSError(28, "No space left on device")                     │
╰──────────────────────────────────────────────────────────────────────────────╯
OSError: [Errno 28] No space left on device
Manim Community v0.22.0
"""


@pytest.mark.parametrize("output, reason", [
    (BANNER_LAST, "OSError: [Errno 28] No space left on device"),
    ("Manim Community v0.22.0\n[11/23/26 10:00:00] INFO  reading /repo/manim.cfg\n"
     "linviz.errors.DataError: scene 'x': bad data\n\n",
     "linviz.errors.DataError: scene 'x': bad data"),
    ("Manim Community v0.22.0\nUsage: manim render [OPTIONS]\nError: No such option: --foo\n",
     "Error: No such option: --foo"),
    ("Manim Community v0.22.0\n", "Manim stopped with exit status 1"),
])
def test_failure_reason_finds_the_exception_line(output, reason):
    from linviz_render.process import failure_reason

    assert failure_reason(output, 1) == reason


def test_a_killed_child_is_reported_as_killed():
    from linviz_render.process import failure_reason

    assert failure_reason("", -signal.SIGKILL) == "Manim was killed by SIGKILL (out of memory?)"


@pytest.mark.parametrize("args", [
    (), ("--save_sections",), ("-v", "DEBUG"), ("--verbosity=INFO",), ("-vDEBUG",),
    ("--fps", "10", "--save_sections"), ("--seed=3", "-n", "2,4"),
])
def test_manim_options_that_keep_files_in_place_pass(args):
    from linviz_cli.manim_args import check_manim_args

    check_manim_args(args)  # raises for a refused one


def test_children_die_when_killed_together(tmp_path):
    from linviz_render.process import Children

    children = Children()
    import threading

    outcome = {}
    thread = threading.Thread(target=lambda: outcome.update(
        result=children.run([sys.executable, "-c", "import time; time.sleep(600)"],
                            tmp_path, dict(os.environ))))
    thread.start()
    for _ in range(SAFETY_NET_SECONDS * 20):  # until the child runs (a safety net, no timing)
        if children._running or not thread.is_alive():
            break
        thread.join(0.05)
    (process,) = children._running
    assert os.getpgid(process.pid) == process.pid  # a process group of its own
    children.kill_all()
    thread.join(SAFETY_NET_SECONDS)
    assert outcome["result"][0] == -signal.SIGKILL
    assert children.run(["true"], tmp_path, dict(os.environ))[0] == -signal.SIGKILL  # no more


@pytest.mark.parametrize("chunk", [3, 7, 1 << 24])
def test_the_depth_of_json_is_counted_across_chunks_and_outside_strings(monkeypatch, chunk):
    import linviz.trace_checks as checks
    from linviz.errors import TraceFormatError

    monkeypatch.setattr(checks, "_CHUNK", chunk)
    checks.check_depth('{"a": [[1, 2], "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]}', "t")
    with pytest.raises(TraceFormatError, match="nested 33 deep"):
        checks.check_depth("[" * 33 + "]" * 33, "t")
