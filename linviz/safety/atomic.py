"""Write files so that no failure, input or signal loses anything of the user's.

Every command that writes goes through this module:

- :func:`guard_output` checks an output file before anything is computed: it
  refuses a path that is one of the command's inputs (the same file, a hard
  link, a symlink to it), a folder, a socket or a block device; it resolves a
  symlink to the file it points to (so the link stays a link). It returns an
  :class:`OutputTarget` that says how the file will be written.
  :func:`guard_outputs_folder` makes an output folder or says why it cannot.
- :func:`write_text_atomic` and :func:`write_bytes_atomic` write a regular
  file through a temporary file in the same folder, renamed over the target
  only once complete (a reader sees the old file or the whole new one, never
  half of it). A character device (``/dev/null``) or a named pipe is never
  renamed over: it is written directly. New files follow the umask (0644
  under umask 022), not the 0600 of :func:`tempfile.mkstemp`.
- :func:`make_work_dir` makes a private temporary folder for a child process
  that writes several files (``render``), to be moved into place when done.
- :func:`remove_stale_temporaries` removes the temporary files and folders
  that earlier runs left behind when they were killed (``.NAME.linviz-PID-XXXX.part``
  and ``.linviz-PID-LABEL-XXXX``). The rule never touches a live run's files:
  a run holds an exclusive ``flock`` on each of its temporaries (on the
  ``.part`` file itself; on ``FOLDER.lock`` beside a folder) for as long as it
  uses them, and the kernel releases it when the process ends, however it
  ends (SIGKILL included). A temporary is stale when its lock can be taken and
  it is either older than :data:`GRACE_SECONDS` or named by a process id that
  no longer runs (the grace covers the instant between making a name and
  locking it). Process ids alone are not enough: they are reused (after a
  restart, in a container) and mean nothing on another host sharing the
  folder. Where the file system has no locks, nothing is removed.
- :func:`remove_work_dir` removes a work folder and lets go of its lock.

Opening a named pipe nobody reads would block forever: it is opened without
blocking, and refused (one line) when it has no reader.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import OutputError, shown_path

#: marks every temporary name this module makes; the process id follows it
TEMP_MARK = ".linviz-"
_STALE_NAME = re.compile(r"\.linviz-(\d+)-")
_umask_lock = threading.Lock()

#: the lock file beside a work folder ``F`` is ``F`` + LOCK_SUFFIX
LOCK_SUFFIX = ".lock"
#: seconds a new temporary is left alone even when unlocked (it may be about to be locked)
GRACE_SECONDS = 60.0
#: the descriptors holding this process's work folders' locks, by folder
_held_locks: dict[Path, int] = {}
_held_locks_guard = threading.Lock()

# what a file type is called in a message
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of(mode: int) -> str:
    """What a file of ``st_mode`` is, in words ("a file", "a named pipe", ...)."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "a file"


@dataclass(frozen=True)
class OutputTarget:
    """Where and how an output will be written.

    ``path`` is the file written (a symlink resolved to its target);
    ``direct`` is True for a character device or a named pipe, written in
    place instead of through a temporary file; ``kind`` says what it is.
    """

    path: Path
    direct: bool = False
    kind: str = "a file"

    def note(self) -> str:
        """" (a character device, written directly)" for a special file, else ""."""
        return f" ({self.kind}, written directly)" if self.direct else ""


def guard_output(path: str | os.PathLike, inputs: Iterable[str | os.PathLike] = (),
                 what: str = "--out") -> OutputTarget:
    """Check that writing ``path`` is safe, before anything is computed.

    Parameters
    ----------
    path : the output file.
    inputs : files the command reads; the output must be none of them.
    what : how the user named the output, for messages (``--out``).

    Raises
    ------
    OutputError
        One line saying why the path cannot be written, and what to do.
    """
    text = os.fspath(path)
    if text == "":
        raise OutputError(f"{what} is empty: give a file name")
    cannot = f"cannot write {shown_path(text)}"
    if text.endswith(os.sep) or Path(text).name in ("", ".", ".."):
        raise OutputError(f"{cannot}: it names a folder; give {what} a file name")
    for source in inputs:
        if _same_file(text, source):
            raise OutputError(f"{cannot}: it is the input {shown_path(os.fspath(source))} "
                              f"(the same file), which writing would destroy; choose another "
                              f"{what}")
    resolved = Path(os.path.realpath(text)) if os.path.islink(text) else Path(text)
    try:
        mode = os.stat(resolved).st_mode
    except FileNotFoundError:
        return OutputTarget(resolved)
    except OSError as error:
        raise OutputError(f"{cannot}: {why_unwritable(resolved, error)}; choose another "
                          f"{what}") from None
    kind = kind_of(mode)
    if stat.S_ISREG(mode):
        return OutputTarget(resolved)
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        # a pipe is opened only to write (opening it to test would end its reader's input)
        return OutputTarget(resolved, direct=True, kind=kind)
    raise OutputError(f"{cannot}: it is {kind}, not a file; choose another {what}")


def why_unwritable(path: str | os.PathLike, error: OSError) -> str:
    """The reason writing ``path`` failed, in words ("Not a directory" says it poorly)."""
    for parent in Path(path).parents:
        if parent.exists() and not parent.is_dir():
            return f"{shown_path(parent)} is {kind_of(parent.stat().st_mode)}, not a folder"
    return error.strerror or str(error)


def guard_outputs_folder(folder: str | os.PathLike, what: str = "--out") -> Path:
    """Make the folder ``folder`` (with its parents) or say in one line why it cannot be.

    Raises OutputError for a path that is a file, a place where folders cannot
    be made (``/proc``, a read-only disk), or an empty name.
    """
    text = os.fspath(folder)
    if text == "":
        raise OutputError(f"{what} is empty: give a folder")
    shown = shown_path(text)
    folder = Path(text)
    for place in (folder, *folder.parents):
        if place.exists() and not place.is_dir():
            raise OutputError(f"{what} {shown}: {shown_path(place)} is "
                              f"{kind_of(place.stat().st_mode)}, not a folder")
        if place.is_dir():
            break
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"{what} {shown}: cannot make the folder "
                          f"({error.strerror or error}); choose another {what}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{what} {shown}: the folder is not writable; choose another {what}")
    return folder


def write_text_atomic(path: str | os.PathLike | OutputTarget, text: str,
                      inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """Write ``text`` (UTF-8) to ``path``, whole or not at all: see :func:`write_bytes_atomic`."""
    return write_bytes_atomic(path, text.encode("utf-8"), inputs)


def write_bytes_atomic(path: str | os.PathLike | OutputTarget, data: bytes,
                       inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """Write ``data`` to ``path``, whole or not at all; the path written is returned.

    A regular file is written through a temporary file in the same folder,
    renamed over ``path`` only once it is complete, with the permissions of a
    new file under the umask; an error or a signal leaves the old file as it
    was (a SIGKILL leaves the temporary, which the next write into the folder
    removes). A character device or named pipe is written directly (never
    renamed over). ``path`` may be a checked :class:`OutputTarget`; otherwise
    it is checked here with :func:`guard_output` against ``inputs``.
    """
    target = path if isinstance(path, OutputTarget) else guard_output(path, inputs)
    if target.direct:
        _write_direct(target, data)
        return target.path
    folder = target.path.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(folder)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.path.name}{TEMP_MARK}{os.getpid()}-",
                                    suffix=".part", dir=folder)
    try:
        _lock(fd)  # held until the file is renamed into place: a live run's file
        os.fchmod(fd, 0o666 & ~current_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.replace(tmp_name, target.path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    return target.path


def make_work_dir(folder: str | os.PathLike, label: str) -> Path:
    """A new private temporary folder in ``folder`` (made if need be), locked while in use.

    Its name is ``.linviz-PID-LABEL-XXXX``, and this process holds the lock of
    ``.linviz-PID-LABEL-XXXX.lock`` beside it until :func:`remove_work_dir`
    (or its end): once the lock is free, the next :func:`remove_stale_temporaries`
    on ``folder`` removes both.
    """
    Path(folder).mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix=f"{TEMP_MARK}{os.getpid()}-{label}-", dir=folder))
    lock_path = path.with_name(path.name + LOCK_SUFFIX)
    fd = os.open(lock_path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
    _lock(fd)
    with _held_locks_guard:
        _held_locks[path] = fd
    return path


def remove_work_dir(path: str | os.PathLike) -> None:
    """Remove a folder of :func:`make_work_dir` (if still there), then its lock file and lock."""
    import shutil

    path = Path(path)
    shutil.rmtree(path, ignore_errors=True)
    with _held_locks_guard:
        fd = _held_locks.pop(path, None)
    lock_path = path.with_name(path.name + LOCK_SUFFIX)
    try:
        lock_path.unlink()
    except OSError:
        pass
    if fd is not None:
        os.close(fd)


def remove_stale_temporaries(folder: str | os.PathLike) -> list[Path]:
    """Remove the temporary files and folders in ``folder`` that no live run holds.

    Only names this module makes are considered (see the module docstring for
    the rule); those of a running process (another run writing now, here or on
    another host) are left alone. Returns what was removed (a folder and its
    lock file count as the folder). Never raises for a file it cannot remove.
    """
    import shutil

    removed = []
    try:
        names = set(os.listdir(folder))
    except OSError:
        return removed
    for name in sorted(names):
        match = _STALE_NAME.search(name)
        if not (name.startswith(".") and match):
            continue
        path = Path(folder) / name
        if name.startswith(TEMP_MARK) and name.endswith(LOCK_SUFFIX):
            owned = path.with_name(name[:-len(LOCK_SUFFIX)])
            if owned.name not in names and _abandoned(path, int(match.group(1))):
                _remove_quietly(path)  # a lock whose folder its run had already removed
            continue
        if name.startswith(TEMP_MARK):
            lock_path = path.with_name(name + LOCK_SUFFIX)
            lock = lock_path if lock_path.name in names else path
        elif name.endswith(".part"):
            lock = path
        else:
            continue
        if not _abandoned(lock, int(match.group(1))):
            continue
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
            removed.append(path)
        except OSError:
            continue
        if lock != path:
            _remove_quietly(lock)
    return removed


def _lock(fd: int) -> None:
    """Take the exclusive lock of an open file (released when the process ends)."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # a file system without locks: the temporary is then never removed
        pass


def _abandoned(lock: Path, pid: int) -> bool:
    """Whether no live run holds ``lock`` (a file, or a folder of an older version).

    Its lock can be taken, and it is older than GRACE_SECONDS or its process id
    does not run. A folder (made before locks) counts as locked by its id alone.
    """
    import fcntl
    import time

    try:
        age = time.time() - os.lstat(lock).st_mtime
        if os.path.isdir(lock):
            return not _process_runs(pid)
        fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # held by a live run (or no locks here): keep it
        return False
    finally:
        os.close(fd)
    return age > GRACE_SECONDS or not _process_runs(pid)


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def current_umask() -> int:
    """The process's umask, read without changing it where Linux allows."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _umask_lock:  # os.umask can only be read by setting it
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _same_file(a: str, b: str | os.PathLike) -> bool:
    """True when ``a`` and ``b`` are one file (the same path, a hard link or a symlink)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return os.path.realpath(a) == os.path.realpath(b)


def _process_runs(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0  # someone else's live process (or a name that is no pid)
    return True


def _open_pipe(path: Path, what: str):
    """Open a named pipe for writing (binary), or refuse when nobody reads it (it would block)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OutputError(f"cannot write {shown_path(path)}: it is a named pipe that "
                              f"nothing reads; start the reader first or choose another "
                              f"{what}") from None
        raise OutputError(f"cannot write {shown_path(path)}: {error.strerror}") from None
    os.set_blocking(fd, True)
    return os.fdopen(fd, "wb")


def _write_direct(target: OutputTarget, data: bytes) -> None:
    """Write a character device or a named pipe in place (no temporary, no rename)."""
    if stat.S_ISFIFO(os.stat(target.path).st_mode):
        handle = _open_pipe(target.path, "--out")
    else:
        handle = open(target.path, "wb")
    with handle:
        handle.write(data)
