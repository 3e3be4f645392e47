"""Fan-out of render tasks over an executor: this machine's threads, or a Dask cluster.

One *task* is one scene render (a module-level function and picklable
arguments, so a Dask worker can run it). Every task runs through the same
``concurrent.futures`` seam: a :class:`~concurrent.futures.ThreadPoolExecutor`
here, or the executor of a Dask client (``client.get_executor()``, see
:mod:`linviz_render.cluster`) with ``--cluster``. Without ``--cluster`` Dask is
never imported.

``--cluster`` takes ``local:N`` (a LocalCluster of N worker processes on this
machine) or the address of a running scheduler (``tcp://host:8786``;
``host:8786`` means the same). :func:`parse_cluster` checks the spelling
before anything is imported or computed.

Progress: one line per finished task on stderr (``[k/n] LABEL: done in S s on
WORKER``), and on a terminal an overall bar under them, redrawn in place.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from typing import Any, Callable, Sequence


from linviz.errors import LinvizError
from linviz.safety.limits import MAX_JOBS

#: ``tcp://host:port``, ``tls://host:port`` or ``host:port`` (host: a name, IPv4 or [IPv6])
_ADDRESS = re.compile(r"^(?:(tcp|tls|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$")
_LOCAL = re.compile(r"^local:(\d{1,3})$")


@dataclass(frozen=True)
class ClusterSpec:
    """Where tasks run: ``workers`` local processes, or the scheduler at ``address``."""

    text: str
    workers: int | None = None
    address: str | None = None

    @property
    def local(self) -> bool:
        return self.workers is not None


class ClusterSpellingError(LinvizError):
    """A ``--cluster`` value that names no cluster (the command line reports it as a usage
    error)."""


def parse_cluster(text: str | None) -> ClusterSpec | None:
    """The ``--cluster`` value checked, or None without one; a bad one raises
    :class:`ClusterSpellingError`."""
    if text is None:
        return None
    local = _LOCAL.match(text)
    if local:
        workers = int(local.group(1))
        if not 1 <= workers <= MAX_JOBS:
            raise ClusterSpellingError(f"--cluster {text}: a local cluster has 1 to "
                                       f"{MAX_JOBS} worker processes")
        return ClusterSpec(text, workers=workers)
    address = _ADDRESS.match(text)
    if address and 0 < int(address.group(3)) < 65536:
        scheme = address.group(1) or "tcp"
        return ClusterSpec(text, address=f"{scheme}://{address.group(2)}:{address.group(3)}")
    from linviz.errors import quoted

    raise ClusterSpellingError(f"--cluster {quoted(text)}: give a scheduler's address "
                               f"(tcp://host:8786) or local:N for N worker processes here")


@dataclass(frozen=True)
class Done:
    """A finished task: its result, where it ran and how long it took there."""

    result: Any
    worker: str
    seconds: float


def on_this_machine(function: Callable, *args) -> Done:
    """Run a task in this process (a thread of the local pool)."""
    started = time.monotonic()
    result = function(*args)
    return Done(result, "this machine", time.monotonic() - started)


@dataclass(frozen=True)
class Task:
    """One unit of work: ``function(*args)`` shown as ``label`` in the progress."""

    label: str
    function: Callable
    args: tuple


class Progress:
    """A line per finished task; on a terminal, an overall bar kept under the lines."""

    def __init__(self, total: int, stream=None) -> None:
        self.total = total
        self.finished = 0
        self.stream = stream if stream is not None else sys.stderr
        self.bar = bool(getattr(self.stream, "isatty", lambda: False)())
        self._draw()

    def task_done(self, label: str, done: Done) -> None:
        self.finished += 1
        self._clear()
        self.stream.write(f"[{self.finished}/{self.total}] {label}: done in "
                          f"{done.seconds:.1f} s on {done.worker}\n")
        self._draw()
        self.stream.flush()

    def close(self) -> None:
        self._clear()
        self.stream.flush()

    def _clear(self) -> None:
        if self.bar:
            self.stream.write("\r\033[K")

    def _draw(self) -> None:
        if not self.bar:
            return
        width = max(10, min(40, shutil.get_terminal_size((80, 20)).columns - 20))
        filled = round(width * self.finished / max(self.total, 1))
        self.stream.write(f"[{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.finished}/{self.total}")
        self.stream.flush()


def run_tasks(tasks: Sequence[Task], executor, runner: Callable, progress: Progress) -> list:
    """Submit every task to ``executor`` through ``runner`` (which wraps a task in a
    :class:`Done`); report each as it finishes; return the results in task order.

    The first failure is raised at once and the tasks not yet finished are
    cancelled (the caller stops what is already running).
    """
    futures = {executor.submit(runner, task.function, *task.args): index
               for index, task in enumerate(tasks)}
    results: list = [None] * len(tasks)
    pending = set(futures)
    try:
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done = future.result()  # a task's error is raised here
                index = futures[future]
                results[index] = done.result
                progress.task_done(tasks[index].label, done)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    finally:
        progress.close()
    return results
