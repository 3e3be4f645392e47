"""--cluster (Dask) for render, and what every cluster run must keep: the same files as a
render here, complete files when a worker dies, one line for a scheduler that does not
answer, and no Dask at all without --cluster.

The renders are tiny (160×90, the two shortest scenes) and marked ``render``.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCENES = ("summary", "update")
TINY = ("-q", "l", "--manim-arg=-r", "--manim-arg=160,90")
DASK_PACKAGES = ("dask", "distributed", "dask_jobqueue")
#: runs the command line in this process, then says which Dask modules it imported
DRIVER = """
import sys
from linviz_cli import cli
code = 0
try:
    cli.main(sys.argv[1:], prog_name="render.py")
except SystemExit as end:
    code = end.code
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {packages!r})
print("DASK-MODULES:" + ",".join(loaded), file=sys.stderr)
sys.exit(code)
""".format(packages=DASK_PACKAGES)


def run_cli(args, cwd, timeout=300):
    """``render.py ARGS`` in a new process (as a user runs it), through the driver."""
    return subprocess.run([sys.executable, "-c", DRIVER, *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout)


def dask_modules(stderr: str) -> list[str]:
    line = next(line for line in stderr.splitlines() if line.startswith("DASK-MODULES:"))
    return [name for name in line.split(":", 1)[1].split(",") if name]


def frames(path: Path) -> list[np.ndarray]:
    """Every decoded frame of a video, as RGB arrays."""
    import av

    with av.open(str(path)) as movie:
        return [frame.to_ndarray(format="rgb24") for frame in movie.decode(video=0)]


#: the H.264 encoder here does not give the same bytes twice for the same frames: two
#: renders of `update` in a row (frames before encoding identical, by their hashes)
#: decoded to frames differing beyond 4 levels in at most 0.08 % of their pixels
ENCODER_NOISE = 0.005


def assert_same_video(a: Path, b: Path) -> None:
    """Same number of frames, each the same picture up to the encoder's noise (a
    different scene, data set or step differs in far more pixels)."""
    first, second = frames(a), frames(b)
    assert len(first) == len(second) and len(first) > 10
    for number, (x, y) in enumerate(zip(first, second)):
        off = (np.abs(x.astype(int) - y.astype(int)).max(axis=2) > 4).mean()
        assert off <= ENCODER_NOISE, f"frame {number} of {a.name} differs in {off:.2%} of pixels"


def leftovers(folder: Path) -> list[Path]:
    """Temporary files or folders of any run (linviz's names start with '.linviz-')."""
    return [path for path in folder.rglob("*") if path.name.startswith(".")]


@pytest.fixture(scope="module")
def local_render(tmp_path_factory):
    """The two scenes rendered here, without --cluster: (out folder, completed process)."""
    out = tmp_path_factory.mktemp("local") / "out"
    done = run_cli(["render", *SCENES, *TINY, "--jobs", "2", "--out", out], cwd=out.parent)
    assert done.returncode == 0, done.stderr
    return out, done


@pytest.mark.render
def test_without_cluster_render_imports_no_dask(local_render):
    _, done = local_render
    assert dask_modules(done.stderr) == []
    assert "Dask" not in done.stderr


@pytest.mark.render
def test_a_local_cluster_renders_the_same_files(local_render, tmp_path):
    local_out, _ = local_render
    out = tmp_path / "out"
    done = run_cli(["render", *SCENES, *TINY, "--cluster", "local:2", "--out", out],
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "dask" in dask_modules(done.stderr)
    for scene in SCENES:
        assert_same_video(local_out / f"{scene}.mp4", out / f"{scene}.mp4")
        assert (out / f"{scene}.srt").read_text() == (local_out / f"{scene}.srt").read_text()
        # one progress line per task, naming the worker that rendered it
        assert re.search(rf"^\[[12]/2\] {scene}: done in [\d.]+ s on tcp://127\.0\.0\.1:\d+$",
                         done.stderr, re.M), done.stderr
    assert done.stdout.split() == [str(out / f"{scene}.{ext}") for scene in SCENES
                                   for ext in ("mp4", "srt")]
    assert leftovers(out) == []


def _worker_rendering(out: Path, scene: str, deadline: float) -> tuple[int, Path]:
    """(pid, folder) of the worker process whose private folder renders ``scene``, once
    Manim has written into it."""
    pattern = re.compile(rf"^\.linviz-(\d+)-{re.escape(scene)}-")
    while time.monotonic() < deadline:
        for run in out.glob(".linviz-*-cluster-*"):
            if not run.is_dir():  # the folder's lock file beside it
                continue
            for work in run.iterdir():
                found = pattern.match(work.name)
                if found and any(path.is_file() for path in work.rglob("*")):
                    return int(found.group(1)), work
        time.sleep(0.05)
    raise AssertionError("no worker started rendering " + scene)


def processes_mentioning(text: str) -> list[int]:
    """Processes whose command line contains ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.mark.render
def test_a_killed_worker_leaves_complete_files_and_no_temporaries(local_render, tmp_path):
    local_out, _ = local_render
    out = tmp_path / "out"
    command = subprocess.Popen([sys.executable, "-c", DRIVER, "render", *SCENES, *TINY,
                                "--cluster", "local:2", "--out", str(out)], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        pid, work = _worker_rendering(out, "update", time.monotonic() + 120)
        os.kill(pid, signal.SIGKILL)  # the worker process, mid-render
        stdout, stderr = command.communicate(timeout=300)
    finally:
        command.kill()
    assert command.returncode == 0, stderr
    assert not work.exists()
    assert not processes_mentioning(str(work)), "the killed worker's Manim process lives on"
    for scene in SCENES:  # the task ran again elsewhere: every file complete
        assert_same_video(local_out / f"{scene}.mp4", out / f"{scene}.mp4")
        assert (out / f"{scene}.srt").read_text() == (local_out / f"{scene}.srt").read_text()
    assert leftovers(out) == []
    assert sorted(p.name for p in out.iterdir()) == sorted(
        f"{scene}.{ext}" for scene in SCENES for ext in ("mp4", "srt"))


def test_a_scheduler_that_does_not_answer_is_one_line_within_seconds(tmp_path):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    done = run_cli(["render", "summary", "--cluster", f"tcp://127.0.0.1:{port}", "--out",
                    tmp_path / "out"], cwd=tmp_path, timeout=60)
    elapsed = time.monotonic() - started
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if not line.startswith("DASK-MODULES")]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"Error: --cluster tcp://127.0.0.1:{port}: no Dask scheduler "
                               f"answers"), lines
    assert "Traceback" not in done.stderr
    assert elapsed < 20, f"took {elapsed:.1f} s"
    assert not list((tmp_path / "out").iterdir())


@pytest.mark.parametrize("command", ["lecture", "batch"])
def test_lecture_and_batch_reach_the_cluster_the_same_way(command, tmp_path, runner,
                                                          monkeypatch):
    """The scenes to render go to the cluster: a silent scheduler stops them in one line."""
    from linviz_cli import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "roster.csv").write_text("id\nana\n")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = {"lecture": ["lecture", "summary"],
            "batch": ["batch", "roster.csv", "--scenes", "proof"]}[command]
    started = time.monotonic()
    result = runner.invoke(cli, [*args, "--out", "out", "--cluster", f"127.0.0.1:{port}"])
    assert time.monotonic() - started < 20
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].startswith(
        f"Error: --cluster 127.0.0.1:{port}: no Dask scheduler answers at tcp://127.0.0.1:{port}")
    assert not [path for path in (tmp_path / "out").rglob("*") if path.is_file()]


def test_a_worker_that_cannot_see_out_says_so_in_one_line(tmp_path):
    from linviz.errors import LinvizError
    from linviz_render.scene import render_task
    from linviz.request import RenderRequest
    from scenes.catalog import find

    elsewhere = tmp_path / "not-shared"  # as a worker on another machine sees --out
    with pytest.raises(LinvizError) as raised:
        render_task(find("summary"), RenderRequest(), "l", "mp4", elsewhere,
                    elsewhere / ".linviz-1-cluster-x", ())
    message = str(raised.value)
    assert "\n" not in message
    assert f"cannot see --out {elsewhere} (it does not exist here)" in message
    assert "the workers must share that folder" in message


@pytest.mark.parametrize("text, expected", [
    ("local:3", (3, None)),
    ("tcp://10.0.0.5:8786", (None, "tcp://10.0.0.5:8786")),
    ("node17.cluster:8786", (None, "tcp://node17.cluster:8786")),
    ("tls://[::1]:8786", (None, "tls://[::1]:8786")),
])
def test_cluster_addresses_are_read_without_dask(text, expected):
    from linviz_render.fanout import parse_cluster

    spec = parse_cluster(text)
    assert (spec.workers, spec.address) == expected


def test_tasks_report_one_line_each_and_a_bar_only_on_a_terminal():
    import io

    from linviz_render.fanout import Done, Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    plain, terminal = io.StringIO(), Terminal()
    for stream in (plain, terminal):
        progress = Progress(2, stream)
        progress.task_done("ana/proof", Done(None, "tcp://10.0.0.5:40001", 3.31))
        progress.task_done("ben/proof", Done(None, "tcp://10.0.0.6:40001", 4.0))
        progress.close()
    assert plain.getvalue() == ("[1/2] ana/proof: done in 3.3 s on tcp://10.0.0.5:40001\n"
                                "[2/2] ben/proof: done in 4.0 s on tcp://10.0.0.6:40001\n")
    shown = terminal.getvalue()
    assert re.search(r"\[#+\.+\] 1/2", shown) and re.search(r"\[#+\] 2/2", shown)
    assert shown.split("\r\033[K")[-1] == ""  # the bar is cleared at the end
