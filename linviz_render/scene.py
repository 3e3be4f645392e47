"""Render one scene from one request: the function every command and the pack call.

:func:`render_scene` runs one ``python -m manim`` process (see
:mod:`linviz_render.process`) for a catalogue entry and a
:class:`~linviz.request.RenderRequest`, in a private locked folder
(``.linviz-PID-NAME-…``, see :mod:`linviz.safety.atomic`), and moves the finished
movie (or image), its captions and its sections folder into ``out`` only
when complete: a failed or interrupted render leaves nothing half-written.
The request reaches the scene by one route, the ``LINVIZ_REQUEST`` variable
of that process.

:func:`render_here` and :func:`render_on_cluster` render many
:class:`SceneJob` s through the same task runner (:mod:`linviz_render.fanout`),
on this machine's threads or as tasks of a Dask cluster.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from linviz.errors import LinvizError


#: Manim's quality presets, and linviz's own (see HALL_PRESETS)
QUALITIES = {"l": "480p15", "m": "720p30", "h": "1080p60", "p": "1440p60", "k": "2160p60",
             "hall": "1080p30"}
#: linviz's presets: (Manim's preset, frames a second). ``hall``: a lecture hall's
#: projector. 1080p for small labels read from the back row; 30 frames a second, as
#: projectors and lecture-capture systems run (most show 60 Hz input as 30 or 60 alike)
#: and as the eye needs for a boundary turning at the scenes' speeds: half the frames
#: of -q h, the same pictures (benchmarks/bench_lecture.py measures both).
HALL_PRESETS = {"hall": ("h", 30)}
#: what ``render --format`` writes (png: the last frame only)
FORMATS = ("mp4", "gif", "webm", "png")
ROOT = Path(__file__).resolve().parent.parent
MANIM_CONFIG = ROOT / "manim.cfg"
#: the variables of a plain ``manim`` run: a request replaces them in a scene's process
PLAIN_VARIABLES = ("LINVIZ_DATA", "LINVIZ_SEED", "LINVIZ_THEME")


@dataclass(frozen=True)
class SceneJob:
    """One scene to render: ``entry`` (a catalogue entry) into the folder ``out`` as
    ``request`` asks; ``label`` names it in the progress lines."""

    label: str
    entry: object
    out: Path
    request: object


def say(line: str) -> None:
    """A line of the render's report, on standard error (standard output is the files')."""
    print(line, file=sys.stderr, flush=True)


class Interrupted(LinvizError):
    """Ctrl-C or SIGTERM: the scenes in flight were stopped and nothing of them moved (the
    command line reports it in one line, as every LinvizError)."""

    def __init__(self) -> None:
        super().__init__("interrupted: the scenes in flight were stopped and none of their "
                         "files moved into --out (finished scenes are there, complete)")


class Cancelled(Exception):
    """Raised in a scene's thread when the command was cancelled while it rendered."""


def scene_with_request(scene_class, request):
    """The scene class carrying ``request``, for its data checks in this process."""
    return type(scene_class.__name__, (scene_class,), {"request_override": request})


def scene_environment(request, base=None) -> dict[str, str]:
    """The environment of a scene's Manim process: ``base`` (default: this process's)
    with the request in ``LINVIZ_REQUEST`` (its files as absolute paths) and none of
    the plain-``manim`` variables, which it replaces."""
    from linviz.request import VARIABLE

    env = {name: value for name, value in (os.environ if base is None else base).items()
           if name not in PLAIN_VARIABLES and name != VARIABLE}
    env["COLUMNS"] = "200"  # Manim's error output, unwrapped
    env.update(request.with_absolute_paths().environment())
    return env


def check_manim() -> None:
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
    preset, frame_rate = HALL_PRESETS.get(quality, (quality, None))
    command = [sys.executable, "-m", "manim", "render", "-c", str(MANIM_CONFIG), "-q", preset,
               *(["--frame_rate", str(frame_rate)] if frame_rate else []),
               "--format", file_format, "--media_dir", str(media_dir),
               "--disable_caching", "--progress_bar", "none", "-v", "WARNING"]
    if file_format == "png":
        command.append("-s")
    return [*command, *manim_args, str(path), class_name]


def render_scene(entry, request, quality: str, file_format: str, out: Path, manim_args=(),
                 children=None, scratch: Path | None = None) -> list[Path]:
    """Render one scene in a Manim process as ``request`` asks; move its files into ``out``.

    Parameters
    ----------
    entry : the scene's catalogue entry (:mod:`scenes.catalog`).
    request : a :class:`~linviz.request.RenderRequest`.
    quality, file_format : Manim's ``-q`` preset and ``--format``.
    out : the folder the finished files move into: ``<name>.<format>``,
        ``<name>.srt`` and, with ``--save_sections``, ``<name>-sections/``.
    manim_args : more Manim options (checked by the caller).
    children : the :class:`~linviz_render.process.Children` of one command (killed
        with it); a caller without one gets its own.
    scratch : where Manim works (default: ``out``), on the same file system as ``out``.

    Returns the files moved into ``out``.
    """
    from linviz.safety.atomic import make_work_dir, remove_work_dir
    from linviz.errors import LinvizError

    from .process import Children, failure_reason, keep_log

    children = children if children is not None else Children()
    try:
        work = make_work_dir(scratch or out, entry.name)
    except OSError as error:
        raise LinvizError(f"cannot write in --out {out}: {error.strerror}") from None
    try:
        command = manim_command(ROOT / entry.path, entry.load().__name__, quality, file_format,
                                work, manim_args)
        ahead = _speak_ahead(entry, request, work, file_format)
        try:
            returncode, output = children.run(command, work, scene_environment(request))
        finally:
            if ahead is not None:  # done by now, or speaking what the scene said already
                ahead.kill_all()
        if children.cancelled.is_set():
            raise Cancelled()
        if returncode != 0:
            log = keep_log(entry.name, output)
            where = (f"; Manim's full output is in {log}" if log else
                     "; add --manim-arg=-v --manim-arg=DEBUG to see more")
            raise LinvizError(f"scene {entry.name!r} failed to render: "
                              f"{failure_reason(output, returncode)}{where}")
        return _collect(entry, work, out, file_format, children.cancelled, request)
    finally:
        remove_work_dir(work)


def _speak_ahead(entry, request, work: Path, file_format: str):
    """For a narrated scene, a process beside its render that synthesises its sentences
    ahead of it (:mod:`linviz_render.story`); the :class:`Children` to stop it, or None."""
    from linviz_voice.speaker import cache_folder

    from .story import already_spoken, prefetch_command

    if request.voice == "none" or file_format == "png" or \
            already_spoken(cache_folder(request.voice_cache), entry, request):
        return None
    from .process import Children

    ahead = Children()
    threading.Thread(target=ahead.run, daemon=True,
                     args=(prefetch_command(entry), work, scene_environment(request))).start()
    return ahead


def render_here(jobs, quality, file_format, manim_args, threads: int) -> list[list[Path]]:
    """Render the :class:`SceneJob` s on this machine, ``threads`` Manim processes at a time,
    through the same task runner (and progress lines) as a cluster."""
    from .fanout import Progress, Task, on_this_machine, run_tasks
    from .process import Children

    children = Children()
    tasks = [Task(job.label, render_scene, (job.entry, job.request, quality, file_format,
                                            job.out, list(manim_args), children))
             for job in jobs]
    say(f"rendering {len(tasks)} scene(s) at {QUALITIES[quality]}"
        + (f", {threads} at a time" if threads > 1 and len(tasks) > 1 else ""))
    with interrupts_as_keyboard_interrupt():
        pool = ThreadPoolExecutor(max_workers=max(1, min(threads, len(tasks))))
        try:
            results = run_tasks(tasks, pool, on_this_machine, Progress(len(tasks)))
        except BaseException as error:
            children.kill_all()  # a failed scene or an interrupt stops the others too
            pool.shutdown(wait=True)
            if isinstance(error, KeyboardInterrupt):
                raise Interrupted() from None
            raise
        pool.shutdown(wait=True)
    return results


def render_on_cluster(spec, jobs, quality, file_format, root: Path, manim_args) -> list[list[Path]]:
    """Render the :class:`SceneJob` s as tasks of the Dask cluster ``spec``
    (:mod:`linviz_render.cluster`).

    ``jobs`` is the list, or a function that makes it (and the files the jobs
    need), called only once the cluster answers: nothing is written for a
    cluster that does not. The workers render in a private folder of this run
    inside ``root`` (the folder that holds every job's ``out``:
    ``.linviz-PID-cluster-…``), removed when the command ends, so a lost
    worker's half-made files vanish with it; its task runs again elsewhere.
    Returns each job's files, in order.
    """
    from linviz.safety.atomic import make_work_dir, remove_work_dir

    from .cluster import cluster_executor
    from .fanout import Progress, Task, run_tasks

    root = root.resolve()
    scratch = make_work_dir(root, "cluster")  # private (0700): workers run as the same user
    try:
        with interrupts_as_keyboard_interrupt(), cluster_executor(spec, say) as (pool, runner):
            tasks = [Task(job.label, render_task,
                          (job.entry, job.request, quality, file_format, job.out.resolve(),
                           scratch, tuple(manim_args)))
                     for job in (jobs() if callable(jobs) else jobs)]
            say(f"rendering {len(tasks)} scene(s) at {QUALITIES[quality]} on the cluster "
                f"{spec.text}")
            return run_tasks(tasks, pool, runner, Progress(len(tasks)))
    except KeyboardInterrupt:
        raise Interrupted() from None
    finally:
        remove_work_dir(scratch)


def render_task(entry, request, quality, file_format, out: Path, scratch: Path,
                manim_args) -> list[Path]:
    """One scene's render, run on a worker: Manim in ``scratch``, the files moved to ``out``.

    The worker's own environment (its PATH, HOME, ...) carries the request."""
    _check_shared(out, scratch)
    return render_scene(entry, request, quality, file_format, out, list(manim_args),
                        scratch=scratch)


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


@contextlib.contextmanager
def interrupts_as_keyboard_interrupt():
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


_MOVE_LOCK = threading.Lock()


def _collect(entry, work: Path, out: Path, file_format: str, cancelled,
             request=None) -> list[Path]:
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
    _add_narration(entry, main_file, request)
    with _MOVE_LOCK:
        if cancelled.is_set():
            raise Cancelled()
        return _move_scene_files(entry, main_file, out, suffix)


def _add_narration(entry, movie: Path, request) -> None:
    """Put the speech a narrated scene wrote beside its mp4 into it, as an AAC track
    (:mod:`linviz_voice.audio`), list the beats that need a new recording, and note
    that this story is spoken (the next render of it needs no prefetch)."""
    from linviz_voice.narration import narration_path, read_narration, recording_report

    narration = narration_path(movie)
    if not narration.is_file():
        return
    _, beats = read_narration(narration)
    if request is not None:
        from linviz_voice.speaker import cache_folder
        from .story import note_spoken

        note_spoken(cache_folder(request.voice_cache), entry, request,
                    [beat.wav for beat in beats if beat.wav])
    for line in recording_report(entry.name, beats):
        say(line)
    if movie.suffix != ".mp4":  # the speech paced the scene; only an mp4 carries it
        return
    from linviz_voice.audio import add_narration

    voiced = movie.with_name(f".voiced-{movie.name}")
    add_narration(movie, [(beat.start, beat.wav) for beat in beats if beat.wav], voiced)
    os.replace(voiced, movie)


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

