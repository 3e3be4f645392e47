"""Temporaries a killed run leaves are removed by the next run; a live run's never are.

Each test makes its own folder and processes (never real special files).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from linviz.safety import atomic

ROOT = Path(__file__).resolve().parents[2]

# a child that makes a work folder and a half-written .part file, says where, and waits
HOLDER = """
import fcntl, os, sys, tempfile, time
sys.path.insert(0, {root!r})
from linviz.safety import atomic
folder = sys.argv[1]
pid_in_name = str(os.getpid()) if sys.argv[2] == "self" else sys.argv[2]
work = atomic.make_work_dir(folder, "perceptron")
(work / "frame.png").write_bytes(b"x" * 100)
fd, part = tempfile.mkstemp(prefix=".p.t.json" + atomic.TEMP_MARK + pid_in_name + "-",
                            suffix=".part", dir=folder)
atomic._lock(fd)
os.write(fd, b"half")
print(work.name, os.path.basename(part), flush=True)
time.sleep(600)
"""


def _start_holder(folder: Path, pid_in_name: str) -> tuple[subprocess.Popen, list[str]]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT)),
                              str(folder), pid_in_name], stdout=subprocess.PIPE, text=True)
    names = child.stdout.readline().split()
    assert len(names) == 2, names
    return child, names


def _backdate(folder: Path, seconds: float) -> None:
    then = time.time() - seconds
    for path in folder.iterdir():
        os.utime(path, (then, then), follow_symlinks=False)


def _dead_pid() -> int:
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
    return int(finished.stdout)


def test_what_a_sigkilled_run_left_is_removed_by_the_next_run(tmp_path):
    child, (work, part) = _start_holder(tmp_path, "self")
    assert atomic.remove_stale_temporaries(tmp_path) == []   # alive: untouched
    child.send_signal(signal.SIGKILL)
    child.wait()
    removed = atomic.remove_stale_temporaries(tmp_path)
    assert sorted(p.name for p in removed) == sorted([work, part])
    assert sorted(os.listdir(tmp_path)) == []                # the lock file went too


def test_a_reused_process_id_does_not_keep_a_dead_runs_files_for_ever(tmp_path):
    # the names carry a process id that runs again (here: this test's own process,
    # as after a restart or in a container): the free lock says the run is gone
    child, (work, part) = _start_holder(tmp_path, "self")
    child.send_signal(signal.SIGKILL)
    child.wait()
    live_pid = str(os.getpid())
    for name in os.listdir(tmp_path):
        head, dash, tail = name.partition("-")
        digits = tail.split("-", 1)
        os.rename(tmp_path / name, tmp_path / f"{head}-{live_pid}-{digits[1]}")
    _backdate(tmp_path, atomic.GRACE_SECONDS + 5)
    removed = atomic.remove_stale_temporaries(tmp_path)
    assert len(removed) == 2 and os.listdir(tmp_path) == []


def test_a_live_runs_files_are_kept_whatever_process_id_they_name(tmp_path):
    # the holder names a dead process id (as a run on another host sharing the folder
    # would look here) and its files are old: its locks alone keep them
    child, (work, part) = _start_holder(tmp_path, str(_dead_pid()))
    try:
        _backdate(tmp_path, atomic.GRACE_SECONDS + 5)
        assert atomic.remove_stale_temporaries(tmp_path) == []
        assert (tmp_path / work / "frame.png").is_file() and (tmp_path / part).is_file()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert len(atomic.remove_stale_temporaries(tmp_path)) == 2


def test_a_new_unlocked_temporary_of_a_live_process_is_left_alone(tmp_path):
    # the instant between making a name and locking it: young and its process runs
    young = tmp_path / f".out.csv{atomic.TEMP_MARK}{os.getpid()}-abc.part"
    young.write_bytes(b"")
    assert atomic.remove_stale_temporaries(tmp_path) == []
    _backdate(tmp_path, atomic.GRACE_SECONDS + 5)
    assert atomic.remove_stale_temporaries(tmp_path) == [young]


def test_a_finished_work_folder_leaves_nothing_and_others_names_are_never_touched(tmp_path):
    work = atomic.make_work_dir(tmp_path, "margin")
    assert (tmp_path / (work.name + atomic.LOCK_SUFFIX)).is_file()
    assert atomic.remove_stale_temporaries(tmp_path) == []   # this process's own: kept
    atomic.remove_work_dir(work)
    users = [tmp_path / ".lecture-notes", tmp_path / "scenes",
             tmp_path / f"x.linviz-{_dead_pid()}-a"]
    for folder in users:
        folder.mkdir()
    _backdate(tmp_path, atomic.GRACE_SECONDS + 5)
    assert atomic.remove_stale_temporaries(tmp_path) == []
    assert sorted(os.listdir(tmp_path)) == sorted(p.name for p in users)
