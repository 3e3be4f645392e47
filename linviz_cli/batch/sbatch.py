"""``batch --sbatch FILE.sh``: the course as SLURM jobs, no Dask needed.

Three scripts are written beside each other:

- ``FILE.sh``, the array job: task t of an array submitted with
  ``LINVIZ_ROW_OFFSET=o`` makes roster row o + t (``batch ROSTER --row o+t``), in a
  scratch folder under ``$TMPDIR`` (node-local), and moves the finished folder into
  ``--out`` whole; the log of a scene that failed is copied into the log folder;
- ``FILE.collect.sh``, the collect job: ``batch ROSTER --collect`` checks every
  student's folder, writes ``gradebook.csv`` and ``moodle-questions.xml`` and zips
  the course;
- ``FILE.submit.sh``, run with ``bash`` from the folder the paths are relative to:
  submits the array in chunks of at most MaxArraySize − 1 tasks (array indices
  must stay below SLURM's MaxArraySize, 1001 by default), each ``%``-throttled if
  asked, then the collect job with ``--dependency=afterok:`` on every chunk.

Paths: the roster and ``--out`` are written as given; relative ones are read
from ``$SLURM_SUBMIT_DIR`` (the folder ``FILE.submit.sh`` is run from, checked
before anything is submitted). The interpreter (``--slurm-python``, default this
one as invoked, e.g. ``.venv/bin/python``) and ``render.py`` must be reachable
by the user on the compute nodes: a venv made from a Python on the shared disk
(see the README). The log paths are shell-quoted on the ``sbatch`` command lines.
"""

from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from linviz.errors import LinvizError

ROOT = Path(__file__).resolve().parents[2]
#: SLURM's default MaxArraySize: array indices run from 0 to MaxArraySize − 1
DEFAULT_MAX_ARRAY_SIZE = 1001
#: the most tasks the --slurm-throttle may name (a sanity bound, not SLURM's)
MAX_THROTTLE = 100_000
LOG_FOLDER = "slurm-logs"


class SlurmError(LinvizError):
    """A SLURM option that cannot be written into a script."""


@dataclass(frozen=True)
class SlurmOptions:
    """The jobs' resources and set-up; ``None``: the cluster's default (no line written)."""

    partition: str | None = None
    account: str | None = None
    qos: str | None = None
    time: str = "01:00:00"
    collect_time: str = "00:30:00"
    mem: str = "2G"
    throttle: int | None = None
    max_array_size: int = DEFAULT_MAX_ARRAY_SIZE
    setup: tuple[str, ...] = ()
    python: str | None = None

    @classmethod
    def from_cli(cls, values: dict) -> "SlurmOptions":
        setup = []
        for item in values.get("slurm_setup") or ():
            if item.startswith("@"):  # @FILE: its lines
                try:
                    setup += Path(item[1:]).read_text(encoding="utf-8").splitlines()
                except (OSError, UnicodeDecodeError) as error:
                    raise SlurmError(f"--slurm-setup {item}: cannot read it ({error})") \
                        from None
            else:
                setup.append(item)
        return cls(partition=values.get("slurm_partition"), account=values.get("slurm_account"),
                   qos=values.get("slurm_qos"), time=values.get("slurm_time") or cls.time,
                   mem=values.get("slurm_mem") or cls.mem,
                   throttle=values.get("slurm_throttle"),
                   max_array_size=values.get("slurm_max_array_size") or DEFAULT_MAX_ARRAY_SIZE,
                   setup=tuple(setup), python=values.get("slurm_python"))

    def header(self, job_name: str, time: str) -> str:
        """The #SBATCH lines (the array, its offset and the logs come from the submit
        script's command lines)."""
        lines = [f"--job-name={job_name}", "--ntasks=1", "--cpus-per-task=1",
                 f"--mem={self.mem}", f"--time={time}"]
        for option, value in (("partition", self.partition), ("account", self.account),
                              ("qos", self.qos)):
            if value:
                lines.append(f"--{option}={value}")
        return "\n".join(f"#SBATCH {line}" for line in lines)


def _checked_word(value: str, what: str) -> str:
    if not value or any(c.isspace() or c in "'\"\\$`;&|<>%#" for c in value):
        raise SlurmError(f"{what} {value!r}: SLURM names are single words (no spaces, "
                         f"quotes or shell characters)")
    return value


def check_options(options: SlurmOptions) -> None:
    """SlurmError (one line) for an option that would break the scripts."""
    for what, value in (("--slurm-partition", options.partition),
                        ("--slurm-account", options.account),
                        ("--slurm-qos", options.qos), ("--slurm-time", options.time),
                        ("--slurm-mem", options.mem)):
        if value is not None:
            _checked_word(value, what)
    if options.max_array_size < 2:
        raise SlurmError("--slurm-max-array-size must be at least 2 (indices 1 … size − 1)")
    for line in options.setup:
        if "\n" in line or "\0" in line:
            raise SlurmError("--slurm-setup: one shell line per option")


def chunks(count: int, max_array_size: int) -> list[tuple[int, int]]:
    """(row offset, tasks) of each array: indices 1 … tasks, tasks ≤ max_array_size − 1,
    covering rows 1 … count in order."""
    size = max_array_size - 1
    return [(start, min(size, count - start)) for start in range(0, count, size)]


def slurm_options(function):
    """The --slurm-* options of ``batch``."""
    decorators = [
        click.option("--slurm-partition", metavar="NAME", default=None,
                     help="--sbatch: the partition (#SBATCH --partition)."),
        click.option("--slurm-account", metavar="NAME", default=None,
                     help="--sbatch: the account charged (#SBATCH --account)."),
        click.option("--slurm-qos", metavar="NAME", default=None,
                     help="--sbatch: the quality of service (#SBATCH --qos)."),
        click.option("--slurm-time", metavar="D-HH:MM:SS", default=None,
                     help="--sbatch: each task's time limit (default 01:00:00)."),
        click.option("--slurm-mem", metavar="SIZE", default=None,
                     help="--sbatch: each task's memory (default 2G)."),
        click.option("--slurm-throttle", type=click.IntRange(1, MAX_THROTTLE), default=None,
                     metavar="N", help="--sbatch: at most N tasks of an array at once "
                                       "(--array=…%N)."),
        click.option("--slurm-max-array-size", type=click.IntRange(2, 4_000_001),
                     default=None, metavar="N",
                     help=f"--sbatch: the cluster's MaxArraySize (scontrol show config; "
                          f"default {DEFAULT_MAX_ARRAY_SIZE}): arrays of at most N − 1 tasks."),
        click.option("--slurm-setup", metavar="LINE", multiple=True,
                     help="--sbatch: a shell line run before linviz in every job, e.g. "
                          "'module load python/3.11' (repeat for more; @FILE: the lines of FILE)."),
        click.option("--slurm-python", metavar="PATH", default=None,
                     help="--sbatch: the Python the jobs run (default: this one as invoked); "
                          "it must be one the user can run on the compute nodes."),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def _shell_path(path: str) -> str:
    """``path`` single-quoted for the shell, always (spaces, '$' and quotes stay literal)."""
    return "'" + path.replace("'", "'\"'\"'") + "'"


def _as_given(path: str) -> str:
    """A path as the user gave it: absolute stays, relative stays relative (normalised)."""
    return os.path.normpath(path)


TASK = """#!/bin/bash
# Written by 'render.py batch --sbatch': an array task per student of {roster}.
# Do not submit this file directly: run 'bash {submit}' from the folder that holds
# {roster} (relative paths are read from there); it submits the arrays and the collect job.
{header}
set -euo pipefail
cd -- "${{SLURM_SUBMIT_DIR:?not run by sbatch: use {submit}}}"
{setup}
row=$(( ${{LINVIZ_ROW_OFFSET:-0}} + ${{SLURM_ARRAY_TASK_ID:?not an array task}} ))
# scratch on the node (SLURM's $TMPDIR), removed at the end; --out gets whole folders only;
# the log of a scene that failed (written to $TMPDIR, here the scratch) is kept in {logs}
scratch=$(mktemp -d "${{TMPDIR:-/tmp}}/linviz-${{SLURM_JOB_ID:-$$}}-XXXXXX")
finish() {{
    cp -- "$scratch"/linviz-*.log {logs}/ 2>/dev/null || true
    rm -rf -- "$scratch"
}}
trap finish EXIT
TMPDIR="$scratch" {python} {render} batch {roster} --out {out} --row "$row" \\
    --scratch "$scratch/work" {options}
"""

COLLECT = """#!/bin/bash
# Written by 'render.py batch --sbatch': after every array task of {roster} succeeded,
# checks each student's folder in {out}, writes its gradebook.csv and moodle-questions.xml
# and zips the course into {zip}. Submitted by {submit}.
{header}
set -euo pipefail
cd -- "${{SLURM_SUBMIT_DIR:?not run by sbatch: use {submit}}}"
{setup}
{python} {render} batch {roster} --out {out} --collect {options}
"""

SUBMIT = """#!/bin/bash
# Written by 'render.py batch --sbatch': submits {count} array task(s) for the students of
# {roster} in {arrays} job array(s) (indices below MaxArraySize {max_array}{throttle_note}),
# then the collect job once all of them succeeded. Run it with bash from the folder that
# holds {roster}: relative paths are read from there ($SLURM_SUBMIT_DIR).
set -euo pipefail
here=$(cd -- "$(dirname -- "${{BASH_SOURCE[0]}}")" && pwd)
if [ ! -f {roster} ]; then
    echo "no roster {roster} in $PWD: run this from the folder you ran 'batch --sbatch' in" >&2
    exit 2
fi
mkdir -p -- {logs}
jobs=()
{submissions}
dependency=afterok$(printf ':%s' "${{jobs[@]}}")
collect=$(sbatch --parsable --dependency="$dependency" --output={collect_log} \\
    "$here"/{collect_script})
echo "submitted array job(s) ${{jobs[*]}} and the collect job ${{collect%%;*}}"
"""


def interpreter_warning(python: str) -> str | None:
    """A line when ``python`` resolves into a folder other users cannot enter (such as a
    pyenv under /root), else None."""
    resolved = Path(python).resolve()
    for folder in resolved.parents:
        try:
            mode = folder.stat().st_mode
        except OSError:
            continue
        if not mode & 0o001:
            return (f"warning: {python} is {resolved}, under {folder}, which other users "
                    f"cannot enter: on a cluster give --slurm-python a Python the jobs can "
                    f"run (a venv made from a Python on the shared disk; see the README)")
    return None


def write_sbatch(target: str, roster: str, count: int, out_dir: str, arguments: list[str],
                 options: SlurmOptions) -> list[Path]:
    """Write the array, collect and submit scripts (executable) and the log folder; return
    their paths (the submit script last)."""
    from linviz.safety.atomic import current_umask, guard_output, guard_outputs_folder, write_text_atomic

    check_options(options)
    checked = guard_output(target, [roster], what="--sbatch")
    script = Path(checked.path)
    stem = script.name[:-3] if script.name.endswith(".sh") else script.name
    collect_script = script.with_name(f"{stem}.collect.sh")
    submit_script = script.with_name(f"{stem}.submit.sh")
    out = _as_given(out_dir)
    if any(char in out for char in "%\n"):
        raise SlurmError(f"--out {out}: SLURM reads '%' in a log path as a pattern; choose "
                         f"a folder without '%'")
    guard_outputs_folder(Path(out) / LOG_FOLDER)  # SLURM does not make the log folder
    python = options.python or sys.executable
    warning = interpreter_warning(python)
    if warning:
        click.echo(warning, err=True)
    roster_path = _as_given(roster)
    common = dict(roster=_shell_path(roster_path), out=_shell_path(out),
                  python=_shell_path(python), render=_shell_path(str(ROOT / "render.py")),
                  options=" ".join(shlex.quote(a) for a in arguments),
                  setup="\n".join(options.setup), submit=_shell_path(submit_script.name))
    logs = os.path.join(out, LOG_FOLDER)
    task_text = TASK.format(header=options.header("linviz-course", options.time),
                            logs=_shell_path(logs), **common)
    zip_name = os.path.normpath(out) + ".zip"
    collect_text = COLLECT.format(header=options.header("linviz-collect", options.collect_time),
                                  zip=_shell_path(zip_name), **common)
    throttle = f"%{options.throttle}" if options.throttle else ""
    parts = chunks(count, options.max_array_size)
    submissions = "\n".join(
        f"job=$(sbatch --parsable --array=1-{tasks}{throttle} "
        f"--export=ALL,LINVIZ_ROW_OFFSET={offset} "
        f"--output={_shell_path(os.path.join(logs, '%A_%a.log'))} \"$here\"/"
        f"{_shell_path(script.name)})\njobs+=(\"${{job%%;*}}\")"
        for offset, tasks in parts)
    submit_text = SUBMIT.format(
        count=count, arrays=len(parts), max_array=options.max_array_size,
        throttle_note=f", at most {options.throttle} running at once" if throttle else "",
        roster=_shell_path(roster_path), logs=_shell_path(logs), submissions=submissions,
        collect_log=_shell_path(os.path.join(logs, "collect-%j.log")),
        collect_script=_shell_path(collect_script.name))
    written = []
    for path, text in ((script, task_text), (collect_script, collect_text),
                       (submit_script, submit_text)):
        checked_path = guard_output(path, [roster], what="--sbatch")
        path = write_text_atomic(checked_path, text)
        if not checked_path.direct:
            os.chmod(path, os.stat(path).st_mode | 0o111 & ~current_umask())
        written.append(path)
    return written
