"""Build the lecture pack in a folder: render what is out of date, then assemble.

Assembling happens in a private folder beside the pack; its files replace the
old ones only once all of them are written, so a failure (a scene that does
not render, an interrupted run) leaves the previous complete pack in place.
A pack whose inputs have not changed since it was built is left as it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from linviz.atomic import make_work_dir, remove_stale_temporaries, remove_work_dir

from . import captions, handout, join, page, slides
from .rendered import RenderedScene, cached_scene, render_options, render_to_cache, reversed_name

TITLE = "Linear classifiers: the lecture"
PACK_MANIFEST = ".lecture-pack.json"
#: what a complete pack holds, in the order it is put in place (index.html last)
PACK_ITEMS = ("assets", "slides", "lecture.mp4", "lecture.srt", "lecture.vtt", "handout.pdf",
              "index.html")
PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class PackSettings:
    """What the pack is made from besides the scene list."""

    quality: str = "l"
    data: str | None = None
    seed: int = 0
    theme: str = "dark"
    handout_theme: str = "light"
    jobs: int = 1


@dataclass(frozen=True)
class PackResult:
    """What a build did: the scenes it rendered and whether it wrote the pack."""

    rendered: tuple[str, ...]
    reused: tuple[str, ...]
    assembled: bool
    files: tuple[Path, ...]


def build_lecture(entries: Sequence, out: Path, settings: PackSettings,
                  say: Callable[[str], None] = lambda line: None,
                  cluster=None) -> PackResult:
    """Render (or reuse) ``entries`` and write the pack into ``out``.

    ``cluster`` (a :class:`linviz_render.fanout.ClusterSpec`, or None) renders the
    scenes that are out of date as tasks on a Dask cluster instead of here.
    """
    cache_dir = out / "scenes"
    _check_room(out)
    remove_stale_temporaries(out)
    remove_stale_temporaries(cache_dir)
    options = {entry.name: render_options(entry, settings.quality, settings.data, settings.seed,
                                          settings.theme, settings.handout_theme)
               for entry in entries}
    scenes: dict[str, RenderedScene] = {}
    todo = []
    for entry in entries:
        found = cached_scene(entry, cache_dir, options[entry.name])
        if found:
            scenes[entry.name] = found
        else:
            todo.append(entry)
    if todo:
        say(f"rendering {len(todo)} scene(s), reusing {len(entries) - len(todo)}")

        if cluster is not None:
            for rendered in _render_on_cluster(todo, cache_dir, options, cluster, say):
                scenes[rendered.name] = rendered
        failed = threading.Event()  # once a scene fails, no other one starts

        def one(entry):
            if failed.is_set():
                return None
            try:
                rendered = render_to_cache(entry, cache_dir, options[entry.name])
            except BaseException:
                failed.set()
                raise
            say(f"  {entry.name}: rendered")
            return rendered

        if cluster is None:
            with ThreadPoolExecutor(max_workers=min(settings.jobs, len(todo))) as pool:
                for rendered in list(pool.map(one, todo)):
                    scenes[rendered.name] = rendered
    else:
        say(f"all {len(entries)} scene(s) up to date")
    ordered = [scenes[entry.name] for entry in entries]
    key = pack_key(ordered, settings)
    files = tuple(out / item for item in PACK_ITEMS)
    rendered_names = tuple(entry.name for entry in todo)
    reused = tuple(entry.name for entry in entries if entry not in todo)
    if _pack_is_current(out, key):
        say("lecture pack up to date")
        return PackResult(rendered_names, reused, False, files)
    staging = make_work_dir(out, "lecture")
    try:
        assemble(entries, ordered, staging, settings, say)
        (staging / PACK_MANIFEST).write_text(json.dumps({"key": key}) + "\n", encoding="utf-8")
        publish(staging, out, (*PACK_ITEMS, PACK_MANIFEST))
    finally:
        remove_work_dir(staging)
    return PackResult(rendered_names, reused, True, files)


def _render_on_cluster(todo, cache_dir: Path, options: dict, cluster,
                       say: Callable[[str], None]) -> list[RenderedScene]:
    """Render the scenes ``todo`` into the cache as tasks on the Dask cluster ``cluster``.

    Each task renders one scene into its cache folder, as ``render_to_cache`` does
    here; a lost worker's private folder is removed when the tasks are done.
    """
    from linviz_render.cluster import cluster_executor
    from linviz_render.fanout import Progress, Task, run_tasks

    cache_dir = cache_dir.resolve()
    tasks = [Task(entry.name, render_to_cache, (entry, cache_dir, options[entry.name]))
             for entry in todo]
    try:
        with cluster_executor(cluster, say) as (pool, runner):
            return run_tasks(tasks, pool, runner, Progress(len(tasks)))
    finally:
        remove_stale_temporaries(cache_dir)


#: the pack's folders; every other item is a file
FOLDERS = ("scenes", "assets", "slides")


def _check_room(out: Path) -> None:
    """Refuse, before any work, a file where the pack keeps a folder, or the reverse."""
    from linviz.errors import LinvizError

    for item in ("scenes", *PACK_ITEMS):
        path = out / item
        wanted_folder = item in FOLDERS
        if path.exists() and path.is_dir() != wanted_folder:
            kind = "a folder" if wanted_folder else "a file"
            raise LinvizError(f"{path} is in the way: the lecture pack writes {kind} there; "
                              f"move it or choose another --out")


def pack_key(scenes: Sequence[RenderedScene], settings: PackSettings) -> str:
    """The hash of the scenes' keys, the settings and this package's own source."""
    from .cache import read_manifest

    digest = hashlib.sha256()
    for scene in scenes:
        digest.update(f"{scene.name}={read_manifest(scene.folder)['key']}\0".encode())
    digest.update(repr(settings.__dict__ | {"jobs": None}).encode())
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _pack_is_current(out: Path, key: str) -> bool:
    try:
        recorded = json.loads((out / PACK_MANIFEST).read_text(encoding="utf-8"))["key"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return recorded == key and all((out / item).exists() for item in PACK_ITEMS)


def assemble(entries: Sequence, scenes: Sequence[RenderedScene], folder: Path,
             settings: PackSettings, say: Callable[[str], None] = lambda line: None) -> None:
    """Write every file of the pack into ``folder`` from complete scene folders."""
    timelines = [scene.timeline() for scene in scenes]
    durations = [join.video_duration(scene.video) for scene in scenes]
    offsets = [sum(durations[:index]) for index in range(len(durations))]
    chapters = lecture_chapters(entries, timelines, offsets)
    say("joining the scenes into lecture.mp4 (stream copy)")
    join.join_videos([scene.video for scene in scenes], folder / "lecture.mp4",
                     [join.Chapter(c["start"], c["end"], c["marker"]) for c in chapters
                      if c["level"] == 1])
    cues = captions.joined_cues([(offset, timeline.cues)
                                 for offset, timeline in zip(offsets, timelines)])
    (folder / "lecture.srt").write_text(captions.format_srt(cues), encoding="utf-8")
    (folder / "lecture.vtt").write_text(captions.format_vtt(cues), encoding="utf-8")
    _write_slides(scenes, timelines, folder / "slides", settings)
    _write_page(entries, scenes, timelines, offsets, chapters, cues, folder)
    say("writing handout.pdf")
    _write_handout(entries, scenes, timelines, folder)


def lecture_chapters(entries: Sequence, timelines: Sequence, offsets: Sequence[float]) -> list[dict]:
    """A level-0 chapter per scene and a level-1 chapter per section, in lecture time.

    ``marker`` is the title in the mp4, where chapters are flat: it names the scene too.
    """
    chapters = []
    for entry, timeline, offset in zip(entries, timelines, offsets):
        scene_title = f"{entry.number}. {entry.name}"
        chapters.append({"title": scene_title, "start": round(offset, 3),
                         "end": round(offset + timeline.duration, 3), "level": 0,
                         "marker": scene_title})
        for section in timeline.sections:
            chapters.append({"title": section.name, "start": round(offset + section.start, 3),
                             "end": round(offset + section.end, 3), "level": 1,
                             "marker": f"{scene_title} › {section.name}"})
    return chapters


def _link(source: Path, target: Path) -> None:
    """``target`` as a hard link to ``source`` (a copy across file systems)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _write_slides(scenes, timelines, folder: Path, settings: PackSettings) -> None:
    from scenes.toolkit.style import THEMES

    background = THEMES[settings.theme].background
    for scene, timeline in zip(scenes, timelines):
        videos = [(scene.sections_dir / section.video,
                   scene.sections_dir / reversed_name(section.video))
                  for section in timeline.sections]
        slides.write_slides(folder, scene.name, timeline, videos, join.video_size(scene.video),
                            str(background), _link)


def _write_page(entries, scenes, timelines, offsets, chapters, cues, folder: Path) -> None:
    beats = [beat.shifted(offset) for offset, timeline in zip(offsets, timelines)
             for beat in timeline.beats]
    shown = [{key: c[key] for key in ("title", "start", "end", "level")} for c in chapters]
    sources = [page.source_entry("lecture", "The whole lecture", TITLE, "lecture.mp4", shown,
                                 cues, beats)]
    for entry, scene, timeline in zip(entries, scenes, timelines):
        video = folder / "assets" / "video" / scene.video.name
        _link(scene.video, video)
        sections = [{"title": s.name, "start": round(s.start, 3), "end": round(s.end, 3),
                     "level": 1} for s in timeline.sections]
        sources.append(page.source_entry(entry.name, f"{entry.number}. {entry.name}",
                                         entry.description,
                                         video.relative_to(folder).as_posix(), sections,
                                         timeline.cues, timeline.beats))
    page.write_page(folder, TITLE, sources, join.frame_rate(scenes[0].video))


def _write_handout(entries, scenes, timelines, folder: Path) -> None:
    frames_dir = folder / ".frames"
    pages = []
    for entry, scene, timeline in zip(entries, scenes, timelines):
        frames = scene.keyframes()
        if len(frames) != len(timeline.sections):  # no keyframes: frames from the video
            frames_dir.mkdir(exist_ok=True)
            frames = []
            for number, section in enumerate(timeline.sections, start=1):
                frame = frames_dir / f"{scene.name}-{number:02d}.png"
                join.save_frame(scene.video, section.end - 1e-3, frame)
                frames.append(frame)
        for section, frame in zip(timeline.sections, frames):
            said = tuple(cue.text for cue in timeline.cues
                         if section.start <= cue.start < section.end)
            pages.append(handout.HandoutPage(f"{entry.number}. {entry.name}",
                                             entry.description, section.name, frame, said))
    handout.write_handout(pages, folder / "handout.pdf", TITLE)
    shutil.rmtree(frames_dir, ignore_errors=True)


def publish(staging: Path, out: Path, items: Sequence[str]) -> None:
    """Move ``items`` from ``staging`` into ``out``, each replacing the old one by a rename."""
    for item in items:
        new, target = staging / item, out / item
        if not new.exists():
            continue
        if new.is_dir() and target.exists():
            os.replace(target, staging / f".old-{item}")  # removed with the staging folder
        os.replace(new, target)
