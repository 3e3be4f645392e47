"""Issue 13, class 10 and the faults a folder in a test cannot make: real processes.

SIGKILL, SIGINT and SIGTERM in the middle of a real (small) render leave no
file in --out except complete ones, the Manim child dies with the command,
and a second run succeeds and removes what the killed one left. A trace
killed while writing leaves a temporary that the next run removes. A full
disk and a read-only disk (a private mount namespace with its own tmpfs,
where ``unshare`` may be used) give one line naming the reason.

Renders use the quickest scene as a PNG at -q l. Timeouts are only a safety
net against hangs; nothing asserts how long anything took.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SAFETY_NET_SECONDS = 300
SCENE = "summary"
RENDER = [sys.executable, str(REPO_ROOT / "render.py"), "render", SCENE, "--format", "png",
          "-q", "l", "--out", "out"]

pytestmark = pytest.mark.render


def environment() -> dict:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))


def children_of(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(condition, what: str):
    """Poll ``condition`` until it holds (the safety net fails the test if it never does)."""
    deadline = time.monotonic() + SAFETY_NET_SECONDS
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"never happened: {what}")


def start_render(folder: Path) -> tuple[subprocess.Popen, int]:
    """Start a render and wait until its Manim child runs: (the render, the child's pid)."""
    render = subprocess.Popen(RENDER, cwd=folder, env=environment(), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)

    def manim_child():
        for pid in children_of(render.pid):
            try:
                if b"manim" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return pid
            except OSError:
                pass
        assert render.poll() is None, render.communicate()
        return None

    child = wait_until(manim_child, "a Manim child process")
    wait_until(lambda: list((folder / "out").glob(f".linviz-{render.pid}-{SCENE}-*")),
               "the render's private folder in --out")
    return render, child


def visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def render_again_succeeds(folder: Path) -> None:
    done = subprocess.run(RENDER, cwd=folder, env=environment(), capture_output=True,
                          text=True, timeout=SAFETY_NET_SECONDS)
    assert done.returncode == 0, done.stderr
    out = folder / "out"
    assert sorted(p.name for p in out.iterdir()) == [f"{SCENE}.png"]  # the stale folder is gone
    assert (out / f"{SCENE}.png").read_bytes().startswith(b"\x89PNG")


def test_sigkill_mid_render_takes_the_child_along_and_the_next_run_cleans_up(tmp_path):
    render, child = start_render(tmp_path)
    os.kill(render.pid, signal.SIGKILL)
    render.communicate(timeout=SAFETY_NET_SECONDS)
    assert render.returncode == -signal.SIGKILL
    wait_until(lambda: not is_running(child), "the Manim child dying with its parent")
    # the child died with its parent (its parent-death signal, or its broken pipe at its next
    # write) before it finished its picture, which would have landed in the orphaned folder
    assert not list((tmp_path / "out").rglob("*.png"))
    assert visible(tmp_path / "out") == []
    render_again_succeeds(tmp_path)


def test_a_child_that_never_writes_still_dies_with_its_parent(tmp_path):
    # A Manim child that writes is also ended by its broken pipe; one that only computes
    # would live on without the parent-death signal (this one would sleep for an hour).
    parent_script = ("import os, sys; from pathlib import Path; "
                     "from linviz_render.process import Children; "
                     "Children().run([sys.executable, '-c', 'import time; time.sleep(3600)'], "
                     "Path('.'), dict(os.environ))")
    parent = subprocess.Popen([sys.executable, "-c", parent_script], cwd=tmp_path,
                              env=environment(), start_new_session=True)
    child = wait_until(lambda: next(iter(children_of(parent.pid)), None), "the child process")
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait(timeout=SAFETY_NET_SECONDS)
    wait_until(lambda: not is_running(child), "the child dying with its parent")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_render_moves_nothing_and_says_so(tmp_path, signum):
    render, child = start_render(tmp_path)
    os.kill(render.pid, signum)
    _, stderr = render.communicate(timeout=SAFETY_NET_SECONDS)
    assert render.returncode == 2, stderr
    assert "Traceback" not in stderr
    assert stderr.splitlines()[-1].startswith("Error: interrupted: the scenes in flight were "
                                              "stopped and none of their files moved")
    assert not is_running(child)
    assert list((tmp_path / "out").iterdir()) == []  # not even a temporary
    if signum == signal.SIGINT:
        render_again_succeeds(tmp_path)


def test_a_trace_killed_while_writing_leaves_a_temporary_the_next_run_removes(tmp_path):
    # SIGKILL exactly between writing the temporary and renaming it
    kill_at_fsync = ("import os, signal, sys; "
                     "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL); "
                     "sys.argv[0] = 'render.py'; from linviz_cli import main; main()")
    args = ["trace", "perceptron", "--out", "run.json"]
    (tmp_path / "run.json").write_text("the old trace")
    killed = subprocess.run([sys.executable, "-c", kill_at_fsync, *args], cwd=tmp_path,
                            env=environment(), capture_output=True, timeout=SAFETY_NET_SECONDS)
    assert killed.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert len(left) == 1 and re.match(r"^\.run\.json\.linviz-\d+-\w+\.part$", left[0])
    assert (tmp_path / "run.json").read_text() == "the old trace"
    done = subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), *args], cwd=tmp_path,
                          env=environment(), capture_output=True, text=True,
                          timeout=SAFETY_NET_SECONDS)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


# -- a full disk and a read-only disk, in a private mount namespace --------------------------


def in_private_tmpfs(folder: Path, mount_options: str,
                     *command: str) -> subprocess.CompletedProcess:
    """Run ``command`` in ``folder`` on a fresh tmpfs mounted there (only this process sees it)."""
    script = (f"mount -t tmpfs linviz-test {folder} && mkdir {folder}/out && "
              f"mount -o remount,{mount_options} {folder} && cd {folder} && "
              + " ".join(f"'{part}'" for part in command))
    return subprocess.run(["unshare", "-m", "sh", "-c", script], env=environment(),
                          capture_output=True, text=True, timeout=SAFETY_NET_SECONDS)


def private_mounts_work() -> bool:
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs none /mnt"],
                           capture_output=True)
    return probe.returncode == 0


needs_private_mounts = pytest.mark.skipif(not private_mounts_work(),
                                          reason="needs root and unshare -m (mount namespaces)")


def one_error_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and done.stderr.splitlines()[-1] == errors[0], done.stderr
    return errors[0]


@needs_private_mounts
def test_a_disk_that_fills_mid_render_says_no_space_left(tmp_path):
    place = tmp_path / "disk"
    place.mkdir()
    done = in_private_tmpfs(place, "size=16k", *RENDER)
    line = one_error_line(done)
    assert re.match(rf"^Error: scene '{SCENE}' failed to render: OSError: \[Errno 28\] No space "
                    rf"left on device; Manim's full output is in (\S+\.log)$", line), line
    Path(line.rsplit(" ", 1)[1]).unlink()


@needs_private_mounts
@pytest.mark.parametrize("command, pattern", [
    (RENDER[:-1] + ["out/sub"], r"--out out/sub: cannot make the folder \(Read-only file system\)"),
    ([sys.executable, str(REPO_ROOT / "render.py"), "trace", "perceptron", "--out",
      "out/run.json"], r"cannot write out/run\.json: Read-only file system"),
])
def test_a_read_only_disk_is_one_line(tmp_path, command, pattern):
    place = tmp_path / "disk"
    place.mkdir()
    line = one_error_line(in_private_tmpfs(place, "ro", *command))
    assert re.search(pattern, line), line
