"""``batch --sbatch FILE``: a SLURM job array, one task per roster row, no Dask needed.

Each array task runs ``render.py batch ROSTER --row $SLURM_ARRAY_TASK_ID``
with this interpreter and repository (the cluster's nodes must see both, and
the roster and --out, at the same paths: a shared file system). A task
renders one student's scenes one after the other on one core.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TEMPLATE = """#!/bin/bash
# Written by 'render.py batch --sbatch': one array task per student of the roster
# {roster_name} ({count} student(s)); each task renders that student's folder in --out.
# Submit with:  sbatch {script}
# Change the limits below to your cluster's (a 480p scene takes well under a minute).
#SBATCH --job-name=linviz-batch
#SBATCH --array=1-{count}
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output={logs}/%A_%a.log
set -euo pipefail
cd {root}
exec {command} --row "$SLURM_ARRAY_TASK_ID"
"""


def sbatch_script(script: Path, roster: Path, count: int, out: Path, scenes, quality: str,
                  file_format: str, theme: str, no_video: bool) -> str:
    """The script's text; every path absolute."""
    command = [sys.executable, str(ROOT / "render.py"), "batch", str(roster), "--out", str(out),
               "--scenes", ",".join(scenes), "-q", quality, "--format", file_format,
               "--theme", theme] + (["--no-video"] if no_video else [])
    return TEMPLATE.format(roster_name=roster.name, count=count, script=shlex.quote(str(script)),
                           logs=out / "slurm-logs", root=shlex.quote(str(ROOT)),
                           command=" ".join(shlex.quote(part) for part in command))


def write_sbatch(target: str, roster: str, count: int, out_dir: str, scenes, quality: str,
                 file_format: str, theme: str, no_video: bool) -> Path:
    """Write the script (executable) and the log folder it names; return the script's path."""
    import os

    from linviz.atomic import guard_outputs_folder, guard_output, write_text_atomic

    checked = guard_output(target, [roster], what="--sbatch")
    out = Path(out_dir).resolve()
    if any(char in str(out) for char in "%\n"):
        from linviz.errors import LinvizError

        raise LinvizError(f"--out {out}: SLURM reads '%' in a log path as a pattern; choose "
                          f"a folder without '%'")
    guard_outputs_folder(out / "slurm-logs")  # SLURM does not make the log folder
    text = sbatch_script(Path(checked.path).resolve(), Path(roster).resolve(), count, out,
                         scenes, quality, file_format, theme, no_video)
    path = write_text_atomic(checked, text)
    if not checked.direct:
        os.chmod(path, os.stat(path).st_mode | 0o111 & ~_umask())
    return path


def _umask() -> int:
    from linviz.atomic import current_umask

    return current_umask()
