"""Read an input file whole, safely: at most so many bytes, and never a hang.

A named pipe with no writer would block forever, ``/dev/zero`` never ends and
a huge file ends in a MemoryError. So the file is opened without blocking and
read up to a size limit; a device is refused. A pipe (a named one, ``<(cat
points.csv)``, or standard input given as ``-``) is read as its writer writes
it; one that no process writes to gets :data:`~linviz.safety.limits.INPUT_WAIT_SECONDS`
for a writer to open it: every one of these is one line naming the file,
never a hang or a traceback.
"""

from __future__ import annotations

import os
import select
import stat

from . import limits
from .atomic import kind_of
from ..errors import shown_path

#: the name that stands for standard input
STANDARD_INPUT = "-"


def is_stream(spec: str | os.PathLike) -> bool:
    """Whether ``spec`` is standard input (``-``) or a pipe, read once as it comes."""
    if os.fspath(spec) == STANDARD_INPUT:
        return True
    try:
        return stat.S_ISFIFO(os.stat(spec).st_mode)
    except (OSError, ValueError):
        return False


def read_input_bytes(path: str | os.PathLike, limit: int, error: type[Exception],
                     what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Parameters
    ----------
    path : the file.
    limit : the most bytes accepted; a longer file is refused.
    error : the exception class raised with the one-line message
        (DataError, TraceFormatError, ...).
    what : what the file should be, for messages ("CSV file", "trace").
    """
    if os.fspath(path) == STANDARD_INPUT:
        return _read_standard_input(limit, error, what)
    shown = shown_path(os.fspath(path))
    try:
        # O_NONBLOCK: opening a pipe nobody writes to returns at once
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise error(f"{shown}: is a folder, not a {what}") from None
    except OSError as failure:
        raise error(f"{shown}: cannot read ({failure.strerror or failure})") from None
    mode = os.fstat(fd).st_mode
    if stat.S_ISFIFO(mode):
        try:
            return _read_pipe(fd, limit, error, what, shown)
        finally:
            os.close(fd)
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise error(f"{shown}: is {kind_of(mode)}, not a {what} (only files and pipes are "
                    f"read)")
    with os.fdopen(fd, "rb", buffering=0) as handle:
        os.set_blocking(fd, True)
        chunks, size = [], 0
        try:
            while size <= limit:
                chunk = handle.read(min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        except OSError as failure:
            raise error(f"{shown}: cannot read ({failure.strerror or failure})") from None
    if size > limit:
        raise error(f"{shown}: larger than {limit / 2**20:.0f} MiB, the most a {what} may be")
    return b"".join(chunks)


def _read_standard_input(limit: int, error: type[Exception], what: str) -> bytes:
    """Standard input read whole: a pipe as it comes, a redirected file; not a terminal."""
    shown = "standard input (-)"
    try:
        fd = os.dup(0)
    except OSError:
        raise error(f"{shown}: is closed; pipe a {what} into it") from None
    try:
        mode = os.fstat(fd).st_mode
        if os.isatty(fd):
            raise error(f"{shown}: is a terminal; pipe a {what} into it "
                        f"(cat points.csv | render.py ... --data -)")
        if stat.S_ISFIFO(mode):
            return _read_pipe(fd, limit, error, what, shown)
        if not stat.S_ISREG(mode):
            raise error(f"{shown}: is {kind_of(mode)}, not a {what}")
        handle = os.fdopen(os.dup(fd), "rb")
        with handle:
            data = handle.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(f"{shown}: larger than {limit / 2**20:.0f} MiB, the most a {what} may be")
    return data


def _read_pipe(fd: int, limit: int, error: type[Exception], what: str, shown: str) -> bytes:
    """Everything a pipe's writer writes until it closes, at most ``limit`` bytes.

    A writer that has the pipe open is waited for as long as it keeps it open
    (it may be computing what it writes; Ctrl-C stops the wait). A pipe that
    no process has open for writing gets INPUT_WAIT_SECONDS for one to open it,
    then ends in one line. Linux tells the cases apart: with no writer a read
    returns end of file at once, with a silent writer it would block; a writer
    that has come and gone shows as a hang-up.
    """
    import time

    os.set_blocking(fd, False)
    chunks, size = [], 0
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP)
    started = time.monotonic()
    while size <= limit:
        ready = poller.poll(100)
        try:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        except BlockingIOError:  # a writer has the pipe open and is still to write
            continue
        except OSError as failure:
            raise error(f"{shown}: cannot read ({failure.strerror or failure})") from None
        if chunk:
            chunks.append(chunk)
            size += len(chunk)
        elif ready or size:  # the writer closed: end of file
            break
        elif time.monotonic() - started > limits.INPUT_WAIT_SECONDS:
            raise error(f"{shown}: a pipe nothing writes to (no writer opened it within "
                        f"{limits.INPUT_WAIT_SECONDS:g} s); start its writer first, or give "
                        f"a file")
    if size > limit:
        raise error(f"{shown}: larger than {limit / 2**20:.0f} MiB, the most a {what} may be")
    return b"".join(chunks)
