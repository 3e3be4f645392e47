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
from dataclasses import dataclass, replace
from pathlib import Path

from linviz.safety.atomic import make_work_dir, remove_stale_temporaries, remove_work_dir
from linviz.explorable import EXPLORABLE, is_explorable
from linviz.safety.limits import QUIZ_PAUSE
from linviz.notation import in_notation
from scenes.toolkit.section_titles import read_section_titles

from . import captions, handout, join, page, slides, title_card
from .course import DEFAULT_TITLE, byline

from .rendered import (RenderedScene, add_reversed_sections, cached_scene, render_options,
                       render_to_cache, reversed_name)
from .titles import section_title

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
    #: the symbols of every caption, formula and title: "theta" or "w" (linviz.notation)
    notation: str = "theta"
    handout_theme: str = "light"
    #: seconds a quiz's question stays, still, after it is read (--quiz-pause)
    quiz_pause: float = QUIZ_PAUSE
    jobs: int = 1
    #: the lecture's title, and its course · lecturer · date (see linviz_pack.course)
    title: str = DEFAULT_TITLE
    course: str = ""
    lecturer: str = ""
    date: str = ""
    #: (scene, data) pairs: a scene's own data, over ``data``
    scene_data: tuple[tuple[str, str], ...] = ()
    #: (scene, its data options beyond the spec: DataOptions.shaping()) pairs
    data_options: tuple[tuple[str, dict], ...] = ()
    #: who speaks the beats: "none", "piper" or a folder of recordings (linviz_voice)
    voice: str = "none"

    @property
    def byline(self) -> str:
        return byline(self.course, self.lecturer, self.date)

    def data_for(self, scene: str) -> str | None:
        return dict(self.scene_data).get(scene, self.data)
    #: the handout's layout: "compact" or "2up" (linviz_pack.handout.LAYOUTS)
    handout: str = "compact"
    #: every section also played backwards, for manim-slides' reverse key
    slides_reverse: bool = False


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
    # each scene is told after those before it in the lecture: what they said in full, it
    # says briefly (linviz.lessons.heard)
    options = {entry.name: render_options(entry, settings.quality, settings.data_for(entry.name),
                                          settings.seed,
                                          settings.theme, settings.handout_theme,
                                          settings.notation, settings.voice,
                                          heard=[before.name for before in entries[:place]],
                                          quiz_pause=settings.quiz_pause,
                                          data_options=dict(settings.data_options).get(
                                              entry.name))
               for place, entry in enumerate(entries)}
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
        todo = longest_first(todo)

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
    if settings.slides_reverse:
        with ThreadPoolExecutor(max_workers=max(1, min(settings.jobs, len(entries)))) as pool:
            list(pool.map(add_reversed_sections, [scenes[entry.name] for entry in entries]))
    card, card_rendered = title_card.title_card(cache_dir, title_card.card_options(
        settings.title, settings.byline, settings.theme, settings.quality))
    if card_rendered:
        say("  title card: rendered")
    ordered = [scenes[entry.name] for entry in entries]
    key = pack_key(ordered, settings, card)
    files = tuple(out / item for item in PACK_ITEMS)
    rendered_names = tuple(entry.name for entry in entries if entry in todo)
    reused = tuple(entry.name for entry in entries if entry not in todo)
    if _pack_is_current(out, key):
        say("lecture pack up to date")
        return PackResult(rendered_names, reused, False, files)
    staging = make_work_dir(out, "lecture")
    try:
        assemble(entries, ordered, staging, settings, say, card, options)
        (staging / PACK_MANIFEST).write_text(json.dumps({"key": key}) + "\n", encoding="utf-8")
        publish(staging, out, (*PACK_ITEMS, PACK_MANIFEST))
    finally:
        remove_work_dir(staging)
    return PackResult(rendered_names, reused, True, files)


def longest_first(entries: Sequence) -> list:
    """``entries`` in the order their renders start: the longest first (the catalogue's
    ``render_cost``; equal costs in lecture order). With several renders at once the
    last to start is then a short one, so the cores finish together: the 14 scenes at
    -q l on two cores would end 6 % after their even share in lecture order, within
    0.2 % longest first (by their costs)."""
    return sorted(entries, key=lambda entry: -entry.render_cost)


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


def pack_key(scenes: Sequence[RenderedScene], settings: PackSettings, card=None) -> str:
    """The hash of the scenes' keys, the title card's, the settings and this package's
    own source."""
    from .cache import read_manifest

    digest = hashlib.sha256()
    if card is not None:
        digest.update(f"title-card={read_manifest(card.folder)['key']}\0".encode())
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
             settings: PackSettings, say: Callable[[str], None] = lambda line: None,
             card=None, options: dict | None = None) -> None:
    """Write every file of the pack into ``folder`` from complete scene folders.

    ``card``: the title card (:mod:`.title_card`) that opens lecture.mp4, or None;
    every time in the lecture (chapters, captions, beats, the handout's) comes after it.
    ``options``: each scene's render options by name (:func:`render_options`): the page's
    explorables are made from the same request as the scene's render.
    """
    timelines = [scene.timeline() for scene in scenes]
    durations = [join.video_duration(scene.video) for scene in scenes]
    lead = join.video_duration(card.video) if card is not None else 0.0
    offsets = [lead + sum(durations[:index]) for index in range(len(durations))]
    titles = [read_section_titles(scene.sections_dir) for scene in scenes]
    chapters = lecture_chapters(entries, timelines, offsets, titles)
    if card is not None:
        chapters.insert(0, {"title": title_card.CHAPTER_TITLE, "start": 0.0,
                            "end": round(lead, 3), "level": 0,
                            "marker": title_card.CHAPTER_TITLE})
    clips = ([card.video] if card is not None else []) + [scene.video for scene in scenes]
    say("joining the scenes into lecture.mp4 (stream copy)")
    # the mp4's chapters are flat: the card's, then every section's (a player starts the
    # first chapter at 0 whatever it is given, so the card needs its own)
    join.join_videos(clips, folder / "lecture.mp4",
                     [join.Chapter(c["start"], c["end"], c["marker"]) for c in chapters
                      if c["level"] == 1 or c["title"] == title_card.CHAPTER_TITLE],
                     {"title": settings.title, "artist": settings.lecturer,
                      "album": settings.course, "date": settings.date})
    cues = captions.joined_cues([(offset, timeline.cues)
                                 for offset, timeline in zip(offsets, timelines)])
    # a player shows a caption file as it is: long sentences cut into two-line cues
    shown = captions.two_line_cues(cues)
    (folder / "lecture.srt").write_text(captions.format_srt(shown), encoding="utf-8")
    (folder / "lecture.vtt").write_text(captions.format_vtt(shown), encoding="utf-8")
    _write_slides(entries, scenes, timelines, folder / "slides", settings)
    _write_page(entries, scenes, timelines, offsets, chapters, cues, folder, titles, settings,
                card, lead, options or {})
    say("writing handout.pdf")
    _write_handout(entries, scenes, timelines, folder, settings, titles, offsets)


def scene_heading(position: int, entry) -> str:
    """"2. Margins": the scene's place in this lecture (not in the catalogue) and its title."""
    return f"{position}. {entry.title or entry.name}"


def lecture_chapters(entries: Sequence, timelines: Sequence, offsets: Sequence[float],
                     titles: Sequence[dict] | None = None) -> list[dict]:
    """A level-0 chapter per scene and a level-1 chapter per section, in lecture time.

    ``titles``: for each scene, its sections' titles by name (none: the names as words).

    ``marker`` is the title in the mp4, where chapters are flat: it names the scene too.
    """
    chapters = []
    titles = titles or [{} for _ in entries]
    for position, (entry, timeline, offset, named) in enumerate(
            zip(entries, timelines, offsets, titles), start=1):
        scene_title = scene_heading(position, entry)
        chapters.append({"title": scene_title, "start": round(offset, 3),
                         "end": round(offset + timeline.duration, 3), "level": 0,
                         "marker": scene_title})
        for section in timeline.sections:
            title = section_title(section.name, named)
            chapters.append({"title": title, "start": round(offset + section.start, 3),
                             "end": round(offset + section.end, 3), "level": 1,
                             "marker": f"{scene_title} › {title}"})
    return chapters


def _link(source: Path, target: Path) -> None:
    """``target`` as a hard link to ``source`` (a copy across file systems)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _write_slides(entries, scenes, timelines, folder: Path, settings: PackSettings) -> None:
    from scenes.toolkit.style import THEMES

    background = THEMES[settings.theme].background
    for entry, scene, timeline in zip(entries, scenes, timelines):
        videos = [(scene.sections_dir / section.video,
                   scene.sections_dir / reversed_name(section.video)
                   if settings.slides_reverse else None)
                  for section in timeline.sections]
        slides.write_slides(folder, scene.name, timeline, videos, join.video_size(scene.video),
                            str(background), _link, entry.title or entry.name, settings.byline,
                            entry.description)


#: what the handout says under a scene the page can explore, by the kind of its run
#: (linviz.explorable.EXPLORABLE)
EXPLORE_NOTE = {
    "perceptron": ("On the lecture page (index.html): pause at any beat of this scene and "
                   "press E to explore its run: step it, drag or add a point, flip a label."),
    "logistic": ("On the lecture page (index.html): pause at any beat of this scene and press "
                 "E to explore its descent: step it, change η or the steps, drag or add a "
                 "point, flip a label."),
    "regression": ("On the lecture page (index.html): pause at any beat of this scene and "
                   "press E to explore its descent: step it, change η or the steps, drag or "
                   "add a point."),
}


def _explorables(entries, timelines, offsets, options: dict) -> tuple[dict, dict]:
    """The page's explorables by scene (:func:`linviz_render.story.explorable_of`, from the
    request the scene was rendered with), and where each such scene lies in lecture.mp4."""
    from linviz_render.story import explorable_of

    from .rendered import scene_request

    found, spans = {}, {}
    for entry, timeline, offset in zip(entries, timelines, offsets):
        if entry.name not in options:
            continue
        explorable = explorable_of(entry, scene_request(options[entry.name]))
        if explorable is not None:
            found[entry.name] = explorable
            spans[entry.name] = [round(offset, 3), round(offset + timeline.duration, 3)]
    return found, spans


def _write_page(entries, scenes, timelines, offsets, chapters, cues, folder: Path,
                titles: Sequence[dict], settings: PackSettings, card=None,
                lead: float = 0.0, options: dict | None = None) -> None:
    beats = [_titled(beat.shifted(offset), named)
             for offset, timeline, named in zip(offsets, timelines, titles)
             for beat in timeline.beats]
    shown = [{key: c[key] for key in ("title", "start", "end", "level")} for c in chapters]
    posters = [page.write_poster(scene.video, _poster_time(timeline), folder, scene.name)
               for scene, timeline in zip(scenes, timelines)]
    lecture_poster = posters[0]
    if card is not None:  # the card opens the lecture: it is the poster, and a still beat
        lecture_poster = page.write_poster(card.video, lead / 2, folder, "lecture")
        beats.insert(0, page.still_beat(0.0, lead, title_card.CHAPTER_TITLE,
                                        " · ".join(filter(None, (settings.title,
                                                                 settings.byline)))))
    sources = [page.source_entry("lecture", "The whole lecture", settings.title, "lecture.mp4",
                                 shown, cues, beats, lecture_poster)]
    for position, (entry, scene, timeline, poster, named) in enumerate(
            zip(entries, scenes, timelines, posters, titles), start=1):
        video = folder / "assets" / "video" / scene.video.name
        _link(scene.video, video)
        sections = [{"title": section_title(s.name, named), "start": round(s.start, 3),
                     "end": round(s.end, 3), "level": 1} for s in timeline.sections]
        sources.append(page.source_entry(entry.name, scene_heading(position, entry),
                                         in_notation(entry.description, settings.notation),
                                         video.relative_to(folder).as_posix(), sections,
                                         timeline.cues,
                                         [_titled(beat, named) for beat in timeline.beats],
                                         poster))
    explore, spans = _explorables(entries, timelines, offsets, options or {})
    page.write_page(folder, settings.title, sources, join.frame_rate(scenes[0].video),
                    settings.byline, sound=join.has_audio(scenes[0].video),
                    explore=explore, explore_spans=spans, theme=settings.theme)


def _titled(beat, titles: dict):
    """``beat`` naming its section by the section's title."""
    return replace(beat, section=section_title(beat.section, titles))


def _poster_time(timeline) -> float:
    """The poster: the last frame of the first section (frame 0 is blank)."""
    return timeline.sections[0].end - 1e-3 if timeline.sections else timeline.duration


def _write_handout(entries, scenes, timelines, folder: Path, settings: PackSettings,
                   titles: Sequence[dict] | None = None,
                   offsets: Sequence[float] | None = None) -> None:
    frames_dir = folder / ".frames"
    parts, answers = [], []
    titles = titles or [{} for _ in entries]
    offsets = offsets or [0.0 for _ in entries]
    for position, (entry, scene, timeline, named, offset) in enumerate(
            zip(entries, scenes, timelines, titles, offsets), start=1):
        frames = scene.keyframes()
        if len(frames) != len(timeline.sections):  # no keyframes: frames from the video
            frames_dir.mkdir(exist_ok=True)
            frames = []
            for number, section in enumerate(timeline.sections, start=1):
                frame = frames_dir / f"{scene.name}-{number:02d}.png"
                join.save_frame(scene.video, section.end - 1e-3, frame)
                frames.append(frame)
        sections = []
        beat_frames = scene.beat_frames()
        first_cue = 1  # the beat (1-based) that starts each section
        for number, (section, frame, said, section_parts) in enumerate(zip(
                timeline.sections, frames, handout.said_by_section(timeline),
                handout.section_parts(timeline, beat_frames)), start=1):
            printed = handout.HandoutSection(section_title(section.name, named), frame, said,
                                             offset + section.start, section_parts)
            if section.name.startswith(handout.QUIZ_PREFIX) and len(said) > 1:
                # the question, with room to answer; the answer at the handout's end
                printed, answer = handout.quiz_section(printed, beat_frames.get(first_cue))
                answers.append((f"{position}.{number}  {printed.title}", answer))
            sections.append(printed)
            first_cue += len(said)
        sections = tuple(sections)
        description = in_notation(entry.description, settings.notation)
        if is_explorable(entry.name):
            description += f" {EXPLORE_NOTE[EXPLORABLE[entry.name]]}"
        parts.append(handout.HandoutScene(position, entry.title or entry.name, description,
                                          sections))
    handout.write_handout(parts, folder / "handout.pdf", settings.title, settings.handout,
                          settings.byline, answers)
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
