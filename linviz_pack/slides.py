"""manim-slides presentation files: ``slides/<scene>.json``, one slide per section.

The format is manim-slides' ``PresentationConfig``: ``slides`` (each with its
``file`` and ``rev_file``, paths relative to the folder above ``slides/``, and
``notes``, ``loop``, ``auto_next``, playback rates, ``type`` ...), the
``resolution`` and the ``background_color``. Each slide plays one of Manim's
section files (copied under ``slides/files/<scene>/``); its notes are the
captions said during it; its ``rev_file`` is the section played backwards,
or the slide's own file where the scene has no reversed video.

Beside each presentation, ``slides/<scene>.html`` is the same deck for a browser,
offline, with reveal.js copied into ``slides/reveal.js/`` (see :mod:`.deck`).
"""

from __future__ import annotations

import json
from pathlib import Path

from . import deck
from .timeline import SceneTimeline


def slide_entries(timeline: SceneTimeline, files: list[tuple[str, str]]) -> list[dict]:
    """One manim-slides slide per section; ``files[i]``: section i's (file, reversed file),
    relative paths."""
    slides = []
    for notes, (file, rev_file) in zip(section_notes(timeline), files):
        slides.append({"file": file, "rev_file": rev_file, "notes": notes, "dedent_notes": True,
                       "loop": False, "auto_next": False, "playback_rate": 1.0,
                       "reversed_playback_rate": 1.0, "skip_animations": False, "src": None,
                       "type": "video", "direction": "horizontal"})
    return slides


def presentation(timeline: SceneTimeline, files: list[tuple[str, str]],
                 resolution: tuple[int, int],
                 background: str) -> str:
    """The JSON text of a scene's presentation."""
    return json.dumps({"slides": slide_entries(timeline, files),
                       "resolution": list(resolution), "background_color": background},
                      indent=2, ensure_ascii=False) + "\n"


def section_stops(timeline: SceneTimeline) -> list[list[float]]:
    """Each section's beat stops inside its clip (seconds from the section's start): where
    present mode stops (:func:`.timeline.stops_of`), the section's own end left out (the
    clip ends there)."""
    from .timeline import SAME_TIME

    return [[round(beat.end - section.start, 3) for beat in timeline.beats
             if section.start + SAME_TIME < beat.end < section.end - SAME_TIME]
            for section in timeline.sections]


def section_notes(timeline: SceneTimeline) -> list[str]:
    """Each section's notes: the captions that start in it, one a line."""
    return ["\n".join(cue.text for cue in timeline.cues if section.start <= cue.start < section.end)
            for section in timeline.sections]


def write_slides(folder: Path, name: str, timeline: SceneTimeline,
                 section_videos: list[tuple[Path, Path]], resolution: tuple[int, int],
                 background: str, link, title: str = "", byline: str = "",
                 about: str = "") -> Path:
    """``folder/<name>.json``, its section files in ``folder/files/<name>/``, the deck
    ``folder/<name>.html`` and reveal.js in ``folder/reveal.js/``.

    Raises :class:`.deck.DeckError` (one line) when reveal.js is not installed.

    ``section_videos[i]``: section i's video and the same backwards (None, or a file
    that does not exist: the slide's own video is its ``rev_file``). ``title``, ``byline``, ``about``: the deck's title slide (the
    scene's title, course · lecturer · date, what it shows); ``title`` defaults to ``name``. ``link(source, target)`` puts a file in place (a hard link
    where possible).
    """
    files_dir = folder / "files" / name
    files_dir.mkdir(parents=True, exist_ok=True)
    relative = []
    for number, (section, (video, backwards)) in enumerate(
            zip(timeline.sections, section_videos), start=1):
        target = files_dir / f"{number:02d}-{section.name}.mp4"
        link(video, target)
        rev_target = target
        if backwards is not None and backwards.exists():
            rev_target = target.with_name(f"{target.stem}_reversed.mp4")
            link(backwards, rev_target)
        relative.append((target.relative_to(folder.parent).as_posix(),
                         rev_target.relative_to(folder.parent).as_posix()))
    deck.copy_reveal(folder / deck.REVEAL_COPY)
    path = folder / f"{name}.json"
    path.write_text(presentation(timeline, relative, resolution, background), encoding="utf-8")
    beside_page = [Path(file).relative_to(folder.name).as_posix() for file, _ in relative]
    (folder / f"{name}.html").write_text(
        deck.deck_html(title or name, list(zip(beside_page, section_notes(timeline),
                                               section_stops(timeline))),
                       resolution, background, byline, about), encoding="utf-8")
    return path
