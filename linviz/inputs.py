"""Read an input file whole, safely: regular files only, and at most so many bytes.

A named pipe with no writer would block forever, ``/dev/zero`` never ends and
a huge file ends in a MemoryError. So the file is opened without blocking,
refused unless it is a regular file, and read up to a size limit: every one of
these is one line naming the file, never a hang or a traceback.
"""

from __future__ import annotations

import os
import stat

from .atomic import kind_of
from .errors import shown_path


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
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise error(f"{shown}: is {kind_of(mode)}, not a {what} (only regular files are read)")
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
