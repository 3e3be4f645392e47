"""`list` and `render`: the lecture scenes, rendered by Manim from real traces.

Each scene renders in its own ``python -m manim`` process (so --jobs runs
several side by side, and the Manim options of ``manim_args`` pass through),
into a private temporary folder inside the output; only finished files are
moved into --out, so a failed or interrupted render leaves nothing
half-written. The processes die with the command (``manim_process``), and
the temporary folders of a killed earlier run are removed by the next.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import click

from linviz.limits import MAX_JOBS

from .manim_args import allowed_names
from .options import cluster_option, data_options

QUALITIES = {"l": "480p15", "m": "720p30", "h": "1080p60", "p": "1440p60", "k": "2160p60"}
FORMATS = ("mp4", "gif", "webm", "png")
ROOT = Path(__file__).resolve().parent.parent
MANIM_CONFIG = ROOT / "manim.cfg"


@click.command(name="list")
def list_scenes() -> None:
    """List the scenes, numbered in lecture order."""
    from scenes.catalog import available

    entries = available()
    width = max(len(entry.name) for entry in entries)
    for entry in entries:
        click.echo(f"{entry.number:>2}. {entry.name:<{width}}  {entry.description}")


@click.command()
@click.argument("names", nargs=-1, required=True, metavar="NAME|NUMBER|all...")
@click.option("-q", "--quality", type=click.Choice(list(QUALITIES)), default="l",
              show_default=True,
              help="Manim's presets: l 480p15, m 720p30, h 1080p60, p 1440p60, k 2160p60.")
@click.option("--format", "file_format", type=click.Choice(FORMATS), default="mp4",
              show_default=True, help="png writes the last frame only.")
@click.option("--out", "out_dir", metavar="DIR", default="media", show_default=True,
              help="Folder for the finished files.")
@click.option("-p", "--preview", is_flag=True, help="Open each file when it is done.")
@data_options
@click.option("--trace", "trace_file", metavar="FILE.json", default=None,
              help="Play this saved trace (from 'trace … --out FILE.json') instead of the "
                   "scene's own run; its data comes with it. For the scenes that replay one "
                   "run: perceptron, perceptron-origin, update, margin, proof, proof-offset, "
                   "noise.")
@click.option("--theme", type=click.Choice(["dark", "light"]), default="dark",
              show_default=True, help="dark for screens, light for projectors and print.")
@click.option("--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
              help="Scenes rendered at the same time, each in its own process.")
@cluster_option
@click.option("--manim-arg", "manim_args", multiple=True, metavar="ARG",
              help="Pass ARG on to Manim (repeatable), e.g. --manim-arg=--save_sections. "
                   "Options that decide where files go are refused; these pass: "
                   + allowed_names() + ".")
def render(names, quality, file_format, out_dir, preview, data_spec, seed, positive,
           label_column, features, standardize, trace_file, theme, jobs, cluster,
           manim_args) -> None:
    """Render scenes by name or number ('all' for the whole lecture).

    Files appear in --out only when complete; an interrupted or failed render
    moves nothing of the scenes in flight. With --cluster each scene is a task
    on a Dask worker, which writes into --out (a folder the workers share).
    """
    from linviz.atomic import guard_outputs_folder, remove_stale_temporaries
    from linviz.sources import looks_like_file
    from scenes.catalog import available, find
    from scenes.toolkit.request import RenderRequest

    from .manim_args import check_manim_args
    from .manim_process import Children

    from .fanout import parse_cluster

    cluster_spec = parse_cluster(cluster)
    if cluster_spec and jobs > 1:
        raise click.UsageError("--jobs applies without --cluster; with it, the cluster's "
                               "workers decide how many scenes render at a time")
    keys = [_scene_key(name) for name in names]
    check_manim_args(manim_args)
    entries = available() if "all" in keys else [find(key) for key in keys]
    entries = list(dict.fromkeys(entries))
    _check_manim()
    request = RenderRequest(data=data_spec, seed=seed, theme=theme, positive=positive,
                            label_column=label_column, trace=trace_file, features=features,
                            standardize=standardize)
    for entry in entries:  # every data problem is found before anything renders
        scene_class = _variant(entry.load(), request)
        scene_class.load_data()
    inputs = [data_spec] if data_spec and looks_like_file(data_spec) else []
    inputs += [trace_file] if trace_file else []
    out = guard_outputs_folder(out_dir)
    for entry in entries:  # nothing is rendered for a file that could not be moved in
        _check_targets(out, entry.name, file_format, inputs, "--save_sections" in manim_args)
    remove_stale_temporaries(out)
    env = dict(os.environ, COLUMNS="200", **for_another_process(request).environment())
    total = len(entries)
    started = time.monotonic()
    if cluster_spec:
        scene_jobs = [SceneJob(entry.name, entry, out, env) for entry in entries]
        results = render_on_cluster(cluster_spec, scene_jobs, quality, file_format, out,
                                    manim_args)
        _report(results, started, preview)
        return
    children = Children()

    def one(numbered):
        number, entry = numbered
        t0 = time.monotonic()
        files = _render_one(entry, quality, file_format, out, env, manim_args, children)
        click.echo(f"[{number}/{total}] {entry.name}: done in {time.monotonic() - t0:.1f} s",
                   err=True)
        return files

    click.echo(f"rendering {total} scene(s) at {QUALITIES[quality]}"
               + (f", {jobs} at a time" if jobs > 1 and total > 1 else ""), err=True)
    with _interrupts_as_keyboard_interrupt():
        pool = ThreadPoolExecutor(max_workers=min(jobs, total))
        try:
            results = list(pool.map(one, enumerate(entries, start=1)))
        except BaseException as error:
            children.kill_all()  # a failed scene or an interrupt stops the others too
            pool.shutdown(wait=True)
            if isinstance(error, KeyboardInterrupt):
                raise _Interrupted() from None
            raise
        pool.shutdown(wait=True)
    _report(results, started, preview)


def _report(results, started: float, preview: bool) -> None:
    """The closing line on stderr, and every file written on stdout."""
    click.echo(f"all done in {time.monotonic() - started:.1f} s", err=True)
    for files in results:
        for path in files:
            click.echo(str(path))
            if preview and path.suffix != ".srt":
                click.launch(str(path))


@dataclass(frozen=True)
class SceneJob:
    """One scene to render: ``entry`` into the folder ``out``, its Manim process given ``env``;
    ``label`` names it in the progress lines."""

    label: str
    entry: object
    out: Path
    env: dict


def render_on_cluster(spec, jobs, quality, file_format, root: Path, manim_args) -> list[list[Path]]:
    """Render the :class:`SceneJob` s as tasks of the Dask cluster ``spec`` (linviz_cli.cluster).

    ``jobs`` is the list, or a function that makes it (and the files the jobs
    need), called only once the cluster answers: nothing is written for a
    cluster that does not. The workers render in a private folder of this run
    inside ``root`` (the folder that holds every job's ``out``:
    ``.linviz-PID-cluster-…``), removed when the command ends, so a lost
    worker's half-made files vanish with it; its task runs again elsewhere.
    Returns each job's files, in order.
    """
    from linviz.atomic import make_work_dir, remove_work_dir

    from .cluster import cluster_executor
    from .fanout import Progress, Task, overrides_for_workers, run_tasks

    root = root.resolve()
    say = lambda line: click.echo(line, err=True)  # noqa: E731
    scratch = make_work_dir(root, "cluster")  # private (0700): workers run as the same user
    try:
        with _interrupts_as_keyboard_interrupt(), cluster_executor(spec, say) as (pool, runner):
            tasks = [Task(job.label, render_task,
                          (job.entry, quality, file_format, job.out.resolve(), scratch,
                           overrides_for_workers(job.env), tuple(manim_args)))
                     for job in (jobs() if callable(jobs) else jobs)]
            say(f"rendering {len(tasks)} scene(s) at {QUALITIES[quality]} on the cluster "
                f"{spec.text}")
            return run_tasks(tasks, pool, runner, Progress(len(tasks)))
    except KeyboardInterrupt:
        raise _Interrupted() from None
    finally:
        remove_work_dir(scratch)


def render_here(jobs, quality, file_format, manim_args, threads: int) -> list[list[Path]]:
    """Render the :class:`SceneJob` s on this machine, ``threads`` Manim processes at a time,
    through the same task runner (and progress lines) as a cluster."""
    from .fanout import Progress, Task, on_this_machine, run_tasks
    from .manim_process import Children

    children = Children()
    tasks = [Task(job.label, _render_one, (job.entry, quality, file_format, job.out, job.env,
                                           list(manim_args), children)) for job in jobs]
    click.echo(f"rendering {len(tasks)} scene(s) at {QUALITIES[quality]}"
               + (f", {threads} at a time" if threads > 1 and len(tasks) > 1 else ""), err=True)
    with _interrupts_as_keyboard_interrupt():
        pool = ThreadPoolExecutor(max_workers=max(1, min(threads, len(tasks))))
        try:
            results = run_tasks(tasks, pool, on_this_machine, Progress(len(tasks)))
        except BaseException as error:
            children.kill_all()  # a failed scene or an interrupt stops the others too
            pool.shutdown(wait=True)
            if isinstance(error, KeyboardInterrupt):
                raise _Interrupted() from None
            raise
        pool.shutdown(wait=True)
    return results


def render_task(entry, quality, file_format, out: Path, scratch: Path, overrides,
                manim_args) -> list[Path]:
    """One scene's render, run on a worker: Manim in ``scratch``, the files moved to ``out``."""
    from .fanout import worker_environment

    _check_shared(out, scratch)
    return _render_one(entry, quality, file_format, out, worker_environment(overrides),
                       list(manim_args), scratch=scratch)


def _check_shared(out: Path, scratch: Path) -> None:
    """One line when this worker cannot write where the command asked it to."""
    import socket

    from linviz.errors import LinvizError, shown_path

    if not scratch.is_dir():
        why = "it does not exist here" if not out.is_dir() else "this run's folder is not there"
        raise LinvizError(f"a worker on {socket.gethostname()} cannot see --out "
                          f"{shown_path(out)} ({why}): the workers must share that folder, "
                          f"at the same path")
    if not os.access(scratch, os.W_OK | os.X_OK):
        raise LinvizError(f"a worker on {socket.gethostname()} cannot write in --out "
                          f"{shown_path(out)} (permission denied): the workers must be able "
                          f"to write there")


class _Interrupted(click.ClickException):
    """Ctrl-C or SIGTERM: the scenes in flight were stopped and nothing of them moved."""

    def __init__(self) -> None:
        super().__init__("interrupted: the scenes in flight were stopped and none of their "
                         "files moved into --out (finished scenes are there, complete)")


class _Cancelled(Exception):
    """Raised in a scene's thread when the command was cancelled while it rendered."""


@contextlib.contextmanager
def _interrupts_as_keyboard_interrupt():
    """While rendering, SIGTERM and SIGHUP stop the command as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set in the main thread
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _check_targets(out: Path, name: str, file_format: str, inputs, sections: bool) -> None:
    """Refuse, before rendering, a scene whose files could not replace what is in --out.

    The movie (or image) and its captions must be new or regular files, and
    not an input; with --save_sections, ``NAME-sections`` must be new or a folder.
    """
    from linviz.atomic import guard_output, kind_of

    for suffix in ("." + file_format, ".srt"):
        target = guard_output(out / f"{name}{suffix}", inputs)
        if target.direct:
            raise click.UsageError(f"{target.path} is {target.kind}; render writes files "
                                   f"only: move it away or choose another --out")
    folder = out / f"{name}-sections"
    if sections and (folder.is_symlink() or (folder.exists() and not folder.is_dir())):
        kind = "a symlink" if folder.is_symlink() else kind_of(folder.stat().st_mode)
        raise click.UsageError(f"{folder} is {kind}, where render puts the sections folder: "
                               f"move it away or choose another --out")


def _scene_key(name: str) -> str:
    """A scene argument as catalog.find takes it: a name, 0-9 digits, or 'all'.

    "²" passes str.isdigit but not int(): it is refused here as a usage error.
    """
    from linviz.errors import quoted

    if len(name) > 64:
        raise click.UsageError(f"no scene called {quoted(name)} (names are short; see "
                               f"'render.py list')")
    if name.isdigit() and not name.isascii():
        raise click.UsageError(f"scene number {quoted(name)}: write scene numbers with the "
                               f"digits 0-9")
    return name


def for_another_process(request):
    """The request with its files as absolute paths (the Manim process runs elsewhere)."""
    from dataclasses import replace

    def absolute(path):
        return str(Path(path).resolve()) if path and Path(path).is_file() else path

    return replace(request, data=absolute(request.data), trace=absolute(request.trace))


def _variant(scene_class, request):
    """The scene class with the user's request, for its checks in this process."""
    return type(scene_class.__name__, (scene_class,), {"request_override": request})


def _check_manim() -> None:
    """One clear line when Manim or a system library it needs cannot load."""
    from linviz.errors import LinvizError

    try:
        import manim  # noqa: F401
    except ImportError as error:
        raise LinvizError(f"cannot load Manim ({error}); run 'make video' once to install "
                          f"its system libraries (Cairo, Pango) and Python packages") from None


def manim_command(path: Path, class_name: str, quality: str, file_format: str, media_dir: Path,
                  manim_args=()) -> list[str]:
    """The Manim command line that renders one scene class (benchmarks time this same one).

    Manim reads the repository's ``manim.cfg`` (renderer settings shared with
    plain ``manim`` runs from the root); every file goes under ``media_dir``.
    """
    command = [sys.executable, "-m", "manim", "render", "-c", str(MANIM_CONFIG), "-q", quality,
               "--format", file_format, "--media_dir", str(media_dir),
               "--disable_caching", "--progress_bar", "none", "-v", "WARNING"]
    if file_format == "png":
        command.append("-s")
    return [*command, *manim_args, str(path), class_name]


def _render_one(entry, quality, file_format, out: Path, env, manim_args,
                children=None, scratch: Path | None = None) -> list[Path]:
    """Render one scene in a Manim process; move its files into ``out`` when done.

    ``children`` keeps the Manim processes of one command (killed with it); a
    caller without one gets its own. Manim works in a private folder made in
    ``scratch`` (default: ``out``), on the same file system as ``out``.
    """
    from linviz.atomic import make_work_dir, remove_work_dir
    from linviz.errors import LinvizError

    from .manim_process import Children, failure_reason, keep_log

    children = children if children is not None else Children()
    try:
        work = make_work_dir(scratch or out, entry.name)
    except OSError as error:
        raise LinvizError(f"cannot write in --out {out}: {error.strerror}") from None
    try:
        command = manim_command(ROOT / entry.path, entry.load().__name__, quality, file_format,
                                work, manim_args)
        returncode, output = children.run(command, work, env)
        if children.cancelled.is_set():
            raise _Cancelled()
        if returncode != 0:
            log = keep_log(entry.name, output)
            where = (f"; Manim's full output is in {log}" if log else
                     "; add --manim-arg=-v --manim-arg=DEBUG to see more")
            raise LinvizError(f"scene {entry.name!r} failed to render: "
                              f"{failure_reason(output, returncode)}{where}")
        return _collect(entry, work, out, file_format, children.cancelled)
    finally:
        remove_work_dir(work)


_MOVE_LOCK = threading.Lock()


def _collect(entry, work: Path, out: Path, file_format: str, cancelled) -> list[Path]:
    """Move the finished movie (or image) and its captions to out/<name>.<ext>.

    Nothing is moved once ``cancelled`` is set; moves of one scene happen
    under a lock, so a cancel comes before or after them, never between.
    """
    from linviz.errors import LinvizError

    suffix = "." + file_format
    # --save_sections writes one more file per section: those are not the movie
    produced = sorted(p for p in work.rglob(f"*{suffix}")
                      if "partial_movie_files" not in p.parts and "sections" not in p.parts)
    if not produced:
        raise LinvizError(f"scene {entry.name!r}: Manim wrote no {suffix} file")
    main_file = max(produced, key=lambda p: p.stat().st_mtime)
    with _MOVE_LOCK:
        if cancelled.is_set():
            raise _Cancelled()
        return _move_scene_files(entry, main_file, out, suffix)


def _move_scene_files(entry, main_file: Path, out: Path, suffix: str) -> list[Path]:
    """The moves themselves: the main file, its captions, its sections folder."""
    moved = [_move(main_file, out / f"{entry.name}{suffix}")]
    captions = main_file.with_suffix(".srt")
    if captions.exists():
        moved.append(_move(captions, out / f"{entry.name}.srt"))
    sections = main_file.parent / "sections"
    if sections.is_dir():
        target = out / f"{entry.name}-sections"
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(sections), str(target))
        moved.append(target)
    return moved


def _move(source: Path, target: Path) -> Path:
    os.replace(source, target)  # same file system: the rename is atomic
    return target
