"""--data from standard input (-) and from pipes: read once, within limits, never a hang.

Every pipe, FIFO and terminal here is made by the test itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from linviz.safety import limits
from linviz.errors import DataError
from linviz.safety.inputs import is_stream, read_input_bytes

ROOT = Path(__file__).resolve().parents[2]
POINTS = "width,height,label\n1,2,x\n-1,-2,y\n2,1,x\n-2,-1,y\n0.5,1.5,x\n"


def _cli(args, cwd, **kwargs):
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=120, **kwargs)


def _steps(path: Path) -> list:
    return json.loads(path.read_text())["steps"]


def test_standard_input_and_a_pipe_give_the_trace_of_the_file(tmp_path):
    csv = tmp_path / "points.csv"
    csv.write_text(POINTS)
    from_file = _cli(["trace", "perceptron", "--data", csv, "--out", tmp_path / "f.t.json"],
                     tmp_path)
    assert from_file.returncode == 0, from_file.stderr
    from_stdin = _cli(["trace", "perceptron", "--data", "-", "--out", tmp_path / "s.t.json"],
                      tmp_path, input=POINTS)
    assert from_stdin.returncode == 0, from_stdin.stderr
    # <(cat points.csv): a pipe the shell passes as /dev/fd/N, its writer already running
    read_end, write_end = os.pipe()
    child = subprocess.Popen([sys.executable, str(ROOT / "render.py"), "trace", "perceptron",
                              "--data", f"/dev/fd/{read_end}", "--out", tmp_path / "p.t.json"],
                             pass_fds=(read_end,), cwd=tmp_path, stderr=subprocess.PIPE,
                             text=True)
    os.close(read_end)
    with os.fdopen(write_end, "w") as writer:
        writer.write(POINTS)
    assert child.wait(timeout=120) == 0, child.stderr.read()
    expected = _steps(tmp_path / "f.t.json")
    assert len(expected) > 1
    assert _steps(tmp_path / "s.t.json") == expected == _steps(tmp_path / "p.t.json")
    saved = json.loads((tmp_path / "s.t.json").read_text())["data"]["params"]["file"]
    assert saved == "standard input (-)"       # not the private copy's path
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".")]


def test_bad_data_on_standard_input_is_one_line_naming_it(tmp_path):
    done = _cli(["trace", "perceptron", "--data", "-", "--features", "a,b", "--out",
                 tmp_path / "t.json"], tmp_path, input="a,b,label\n1,2,x\n1,oops,y\n")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Error: standard input (-):3: column 'b': 'oops' is not a number: choose columns of "
        "numbers with --features (a)"]
    assert os.listdir(tmp_path) == []


def test_a_terminal_on_standard_input_is_refused_not_waited_on(tmp_path):
    leader, follower = os.openpty()   # a terminal of the test's own
    try:
        done = _cli(["trace", "perceptron", "--data", "-", "--out", tmp_path / "t.json"],
                    tmp_path, stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert "standard input (-): is a terminal; pipe a CSV file into it" in done.stderr


def test_a_named_pipe_nobody_writes_to_ends_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "INPUT_WAIT_SECONDS", 0.3)
    fifo = tmp_path / "points.csv"
    os.mkfifo(fifo)
    assert is_stream(fifo) and is_stream("-") and not is_stream(tmp_path)
    started = time.monotonic()
    with pytest.raises(DataError, match=r"points\.csv: a pipe nothing writes to \(no writer opened it within 0\.3 s\)"):
        read_input_bytes(fifo, 1000, DataError, "CSV file")
    assert time.monotonic() - started < 5


def test_a_slow_writer_is_waited_for_however_long_it_pauses(tmp_path, monkeypatch):
    # a writer that computes before it writes (longer than a missing writer is given)
    monkeypatch.setattr(limits, "INPUT_WAIT_SECONDS", 0.2)
    fifo = tmp_path / "points.csv"
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "w") as pipe:
            time.sleep(0.6)
            pipe.write(POINTS[:20])
            pipe.flush()
            time.sleep(0.6)
            pipe.write(POINTS[20:])

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert read_input_bytes(fifo, 1000, DataError, "CSV file") == POINTS.encode()
    finally:
        thread.join()


def test_a_pipe_is_read_within_the_size_limit(tmp_path):
    fifo = tmp_path / "big.csv"
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "wb") as pipe:
            try:
                pipe.write(b"x" * 5000)
            except BrokenPipeError:
                pass

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        with pytest.raises(DataError, match="larger than 0 MiB"):
            read_input_bytes(fifo, 4096, DataError, "CSV file")
    finally:
        thread.join()
