"""A scene rendered for the pack, kept in its own folder with a manifest (the cache).

The folder ``<cache>/<name>/`` holds:

- ``<name>.mp4`` and ``<name>.srt``: the video and its captions;
- ``sections/``: Manim's file per section and the index ``sections.json``; the same
  played backwards (``<stem>_reversed.mp4``), added when a pack asks for them
  (:func:`add_reversed_sections`);
- ``keyframes/``: the last frame of every section in the handout's theme (saved
  by the video's render: as it goes when the themes agree, else by a second,
  last-frame-only run of the scene in the same process once the video is done);
- ``manifest.json``: the key (see :mod:`linviz_pack.cache`) and the file list.

A scene is rendered into a private folder and takes the place of the old one
only when complete, so an interrupted render leaves the old folder as it was.
Rendering goes through the render layer (:func:`linviz_render.scene.render_scene`),
as every command does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from linviz.safety.atomic import make_work_dir, remove_work_dir
from linviz.safety.limits import QUIZ_PAUSE

from . import cache
from .timeline import SceneTimeline, read_timeline

#: the handout's frames are at least this many pixels high (only a few frames: cheap);
#: by quality, the others at the video's size
KEYFRAME_HEIGHT = {"l": 720}

@dataclass(frozen=True)
class RenderedScene:
    """A complete scene folder: its files and its timeline."""

    name: str
    folder: Path

    @property
    def video(self) -> Path:
        return self.folder / f"{self.name}.mp4"

    @property
    def captions(self) -> Path:
        return self.folder / f"{self.name}.srt"

    @property
    def sections_dir(self) -> Path:
        return self.folder / "sections"

    def keyframes(self) -> list[Path]:
        """The last frame of every section, in order."""
        return sorted(path for path in (self.folder / "keyframes").glob("*.png")
                      if "-beat" not in path.stem)

    def beat_frames(self) -> dict[int, Path]:
        """The frame at the end of every beat, by the beat's number (1-based: the scene's
        n-th caption), when the render saved them."""
        frames = {}
        for path in (self.folder / "keyframes").glob("*-beat*.png"):
            number = path.stem.rsplit("-beat", 1)[1]
            if number.isdigit():
                frames[int(number)] = path
        return frames

    def timeline(self) -> SceneTimeline:
        return read_timeline(self.sections_dir / "sections.json", self.captions)


def render_options(entry, quality: str, data, seed: int, theme: str, handout_theme: str,
                   notation: str = "theta", voice: str = "none", heard=(),
                   data_options: dict | None = None, quiz_pause: float = QUIZ_PAUSE) -> dict:
    """The inputs of a scene's render besides its source, as recorded in its manifest
    (``voice``: who speaks, with what it is made of: see linviz_voice.voice_identity;
    ``heard``: the scenes told before it in the lecture, see linviz.lessons.heard;
    ``data_options``: how its data is read, beyond naming it, see
    linviz.sources.DataOptions.shaping: recorded only when some are given)."""
    from linviz_voice import voice_identity

    options = {"scene": entry.name, "data": data, "seed": seed, "theme": theme,
               "quality": quality, "format": "mp4", "handout_theme": handout_theme,
               "notation": notation, "voice": voice, "voice_identity": voice_identity(voice),
               "heard": list(heard)}
    if data_options:
        options["data_options"] = dict(data_options)
    if quiz_pause != QUIZ_PAUSE:  # recorded only when asked: default caches keep their keys
        options["quiz_pause"] = float(quiz_pause)
    return options


#: where the pack keeps synthesised sentences, in its scenes' cache folder
VOICE_CACHE = ".voice"


def scene_request(options: dict, cache_dir: Path | None = None):
    """The render request of a scene of the pack, from its options (see render_options)."""
    from linviz.sources import DataOptions
    from linviz.request import RenderRequest

    voice = options.get("voice", "none")
    cache = str(cache_dir / VOICE_CACHE) if cache_dir is not None and voice != "none" else None
    data = DataOptions.from_shaping(options["data"], options["seed"],
                                    options.get("data_options", {}))
    return RenderRequest.of(data, theme=options["theme"],
                            notation=options.get("notation", "theta"), voice=voice,
                            voice_cache=cache, heard=tuple(options.get("heard", ())),
                            quiz_pause=options.get("quiz_pause", QUIZ_PAUSE))


def render_to_cache(entry, cache_dir: Path, options: dict) -> RenderedScene:
    """Render ``entry`` into ``cache_dir/<name>/`` (replacing it once complete).

    The video's render saves the last frame of every section in ``keyframes/`` for
    the handout: as it goes when its theme is the handout's, else in the handout's
    theme by a second, last-frame-only run of the scene once the video is done (see
    ``LinvizScene.save_handout_keyframes``).
    """
    from linviz_render.scene import render_scene

    key = cache.scene_key(entry.module, options)
    work = make_work_dir(cache_dir, entry.name)
    work.chmod(0o755)  # mkdtemp's folder is private; the scene's folder is not
    try:
        request = scene_request(options, cache_dir)
        if options["theme"] == options["handout_theme"]:  # the video's own frames will do
            request = replace(request, keyframe_dir=str(work / "keyframes"),
                              keyframe_at_narration=True)
        else:
            request = replace(request, handout_keyframe_dir=str(work / "keyframes"),
                              handout_theme=options["handout_theme"],
                              handout_height=KEYFRAME_HEIGHT.get(options["quality"]))
        render_scene(entry, request, options["quality"], "mp4", work, ["--save_sections"])
        _tidy_sections(entry.name, work)
        files = [str(path.relative_to(work)) for path in sorted(work.rglob("*")) if path.is_file()]
        cache.write_manifest(work, key, options, files)
        target = cache_dir / entry.name
        _replace_folder(work, target)
        return RenderedScene(entry.name, target)
    finally:
        remove_work_dir(work)


def _tidy_sections(name: str, work: Path) -> None:
    """``<name>-sections/<Class>.json`` → ``sections/sections.json`` (one name for all scenes)."""
    from linviz.errors import LinvizError

    produced = work / f"{name}-sections"
    indexes = sorted(produced.glob("*.json")) if produced.is_dir() else []
    if not indexes:
        raise LinvizError(f"scene {name!r}: Manim wrote no sections index")
    os.replace(indexes[0], produced / "sections.json")
    os.replace(produced, work / "sections")


def reversed_name(video: str) -> str:
    """The file name of a section's video played backwards: ``<stem>_reversed.mp4``."""
    stem, dot, suffix = video.rpartition(".")
    return f"{stem}_reversed{dot}{suffix}"


def add_reversed_sections(scene: RenderedScene) -> None:
    """Each section's video backwards beside it, for manim-slides' reverse key (cut into
    beats for the slides, :mod:`.slides`): made
    only when a pack asks for them (re-encoding every drawn frame costs about a quarter
    of the scene's render), once; each appears by a rename when complete."""
    from .reverse import reverse_video
    from .timeline import section_stops

    timeline = scene.timeline()
    for section, stops in zip(timeline.sections, section_stops(timeline)):
        forwards = scene.sections_dir / section.video
        backwards = scene.sections_dir / reversed_name(section.video)
        if backwards.exists():
            continue
        partial = backwards.with_name(f".{backwards.stem}.{os.getpid()}.partial.mp4")
        try:
            # a keyframe where each beat starts backwards: the slides cut it there
            reverse_video(forwards, partial, keyframes_at=stops)
            os.replace(partial, backwards)
        finally:
            partial.unlink(missing_ok=True)


def _replace_folder(new: Path, target: Path) -> None:
    """Put ``new`` where ``target`` is: the old one is renamed away first, then removed."""
    old = None
    if target.exists():
        old = make_work_dir(target.parent, f"{target.name}.old")
        os.replace(target, old)  # a rename onto the new, empty folder
    os.replace(new, target)
    if old is not None:
        remove_work_dir(old)


def cached_scene(entry, cache_dir: Path, options: dict) -> RenderedScene | None:
    """The scene's folder if it was rendered from exactly these inputs, else None."""
    folder = cache_dir / entry.name
    if cache.is_up_to_date(folder, cache.scene_key(entry.module, options)):
        return RenderedScene(entry.name, folder)
    return None
