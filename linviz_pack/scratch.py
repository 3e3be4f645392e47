"""Private working folders beside the pack, and the removal of those a killed run left.

Every folder the pack builds in is named ``.<what>-pid<PID>-<random>``: a run
that is killed outright (no chance to clean up) leaves it behind, and the next
run removes it once no process with that id is alive.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

_SCRATCH = re.compile(r"^\.[\w.-]+-pid(\d+)-[\w]+$")


def scratch_folder(parent: Path, what: str) -> Path:
    """A new private folder ``parent/.<what>-pid<PID>-<random>``."""
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{what}-pid{os.getpid()}-", dir=parent))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def remove_abandoned(parent: Path) -> list[Path]:
    """Remove the scratch folders in ``parent`` whose process is gone; return them."""
    removed = []
    if not parent.is_dir():
        return removed
    for path in parent.iterdir():
        match = _SCRATCH.match(path.name)
        if match and path.is_dir() and not _alive(int(match.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed
