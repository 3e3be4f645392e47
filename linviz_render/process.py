"""Manim child processes: each in its own process group, dying with us, failing in one line.

``render`` runs one ``python -m manim`` per scene. A child must not outlive
the command: it gets its own process group (so a terminal's Ctrl-C reaches
only us, and we decide what happens to it), a parent-death signal on Linux
(``prctl(PR_SET_PDEATHSIG, SIGKILL)``, so even a SIGKILL of ``render.py``
takes it along), and :meth:`Children.kill_all` ends every group still
running when the command is interrupted or fails.

When Manim fails, its last line is seldom the reason (it is often the banner
"Manim Community v0.22.0"): :func:`failure_reason` finds the exception line
after Manim's traceback, and the full output is kept in a log file whose
path the message names.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>

# "OSError: [Errno 28] ...", "linviz.errors.DataError: ...", "Error: No such option"
_EXCEPTION_LINE = re.compile(r"^(?:[A-Za-z_][\w.]*)?(?:Error|Exception|Interrupt|Exit)\b")
_BANNER = re.compile(r"^Manim Community v")
_BOX = "╭╮╰╯│─"


def _parent_death_signal():
    """The function a child calls to get SIGKILL when its parent dies (Linux), or None.

    Looked up before any fork: the child, between fork and exec, only calls it.
    """
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.restype = ctypes.c_int
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    return prctl


class Children:
    """The Manim processes of one command, killed together when it stops.

    ``cancelled`` is set by :meth:`kill_all`; a scene whose process was
    killed, or that finishes after it was set, must move nothing into --out.
    """

    def __init__(self) -> None:
        self.cancelled = threading.Event()
        self._running: set[subprocess.Popen] = set()
        self._lock = threading.Lock()
        self._prctl = _parent_death_signal()
        self._parent = os.getpid()

    def _in_child(self) -> None:
        """Run in the child between fork and exec: own group, die with the parent."""
        os.setpgid(0, 0)
        if self._prctl is not None:
            self._prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != self._parent:  # the parent died before prctl took effect
            os._exit(1)

    def run(self, command: list[str], cwd: Path, env: dict) -> tuple[int, str]:
        """Run ``command`` to its end (or until :meth:`kill_all`): (exit status, its output).

        stdout and stderr are read together, in the order Manim wrote them.
        """
        with self._lock:
            if self.cancelled.is_set():
                return -signal.SIGKILL, ""
            process = subprocess.Popen(
                command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, preexec_fn=self._in_child)
            self._running.add(process)
        try:
            output, _ = process.communicate()
        except BaseException:
            self._kill(process)
            raise
        finally:
            with self._lock:
                self._running.discard(process)
        return process.returncode, output.decode("utf-8", "replace")

    def kill_all(self) -> None:
        """Cancel: kill the process group of every child still running, and start no more."""
        with self._lock:
            self.cancelled.set()
            running = list(self._running)
        for process in running:
            self._kill(process)

    @staticmethod
    def _kill(process: subprocess.Popen) -> None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()


def failure_reason(output: str, returncode: int) -> str:
    """The line of Manim's output that says why it failed.

    The exception line after Manim's (boxed) traceback, else the last line
    that looks like an exception or an error, else the last line that is
    not the banner; a child killed by a signal says so.
    """
    if returncode < 0:
        name = signal.Signals(-returncode).name
        return f"Manim was killed by {name}" + (" (out of memory?)" if name == "SIGKILL" else "")
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    box_end = max((k for k, line in enumerate(lines) if line.startswith("╰")), default=None)
    if box_end is not None and box_end + 1 < len(lines):
        after = [line for line in lines[box_end + 1:] if not _BANNER.match(line)]
        if after:
            return after[0]
    exceptions = [line for line in lines if _EXCEPTION_LINE.match(line)]
    if exceptions:
        return exceptions[-1]
    plain = [line for line in lines if not _BANNER.match(line) and line[0] not in _BOX]
    return plain[-1] if plain else f"Manim stopped with exit status {returncode}"


def keep_log(scene_name: str, output: str) -> str | None:
    """Write Manim's full output to a log file outside --out; its path, or None if it cannot."""
    try:
        fd, path = tempfile.mkstemp(prefix=f"linviz-{scene_name}-", suffix=".log")
        with os.fdopen(fd, "w", encoding="utf-8") as log:
            log.write(output)
    except OSError:
        return None
    return path
