"""manim-slides presentation files: ``slides/<scene>.json``, one slide per beat.

The format is manim-slides' ``PresentationConfig``: ``slides`` (each with its
``file`` and ``rev_file``, paths relative to the folder above ``slides/``, and
``notes``, ``loop``, ``auto_next``, playback rates, ``type`` ...), the
``resolution`` and the ``background_color``. A manim-slides slide plays a whole
file and stops, so each beat is a file of its own: Manim's section files are cut
at the beats' ends by stream copy (:mod:`.cut`), under
``slides/files/<scene>/<NN>-<section>-<BB>.mp4``. A slide's notes are the captions
said during it; its ``rev_file`` is the beat played backwards (the section's
backwards video cut the same way), or the slide's own file where the scene has no
reversed video. A beat end that falls inside a group of pictures (no keyframe
there) cannot be cut: its beat and the next share a slide.

Beside each presentation, ``slides/<scene>.html`` is the same deck for a browser,
offline, with reveal.js copied into ``slides/reveal.js/`` (see :mod:`.deck`): a
slide per section whose clip pauses at each beat's end.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import deck
from .cut import cuttable, split_video
from .join import video_duration
from .timeline import SAME_TIME, SceneTimeline, section_stops


@dataclass(frozen=True)
class BeatSlide:
    """One manim-slides slide: a beat's clip (and backwards), relative paths, and what is
    said from ``start`` to ``end`` (seconds of the scene)."""

    file: str
    rev_file: str
    start: float
    end: float


def slide_entries(timeline: SceneTimeline, clips: list[BeatSlide]) -> list[dict]:
    """One manim-slides slide per clip, its notes the captions that start in it (times
    within :data:`.timeline.SAME_TIME` as equal: a clip's end is its last frame's, the
    next caption's start is written to the millisecond)."""
    slides = []
    for clip in clips:
        notes = "\n".join(cue.text for cue in timeline.cues
                          if clip.start - SAME_TIME <= cue.start < clip.end - SAME_TIME)
        slides.append({"file": clip.file, "rev_file": clip.rev_file, "notes": notes,
                       "dedent_notes": True, "loop": False, "auto_next": False,
                       "playback_rate": 1.0, "reversed_playback_rate": 1.0,
                       "skip_animations": False, "src": None, "type": "video",
                       "direction": "horizontal"})
    return slides


def presentation(timeline: SceneTimeline, clips: list[BeatSlide],
                 resolution: tuple[int, int], background: str) -> str:
    """The JSON text of a scene's presentation."""
    return json.dumps({"slides": slide_entries(timeline, clips),
                       "resolution": list(resolution), "background_color": background},
                      indent=2, ensure_ascii=False) + "\n"


def section_notes(timeline: SceneTimeline) -> list[str]:
    """Each section's notes: the captions that start in it, one a line."""
    return ["\n".join(cue.text for cue in timeline.cues if section.start <= cue.start < section.end)
            for section in timeline.sections]


def said_stops(timeline: SceneTimeline, section, stops: list[float]) -> list[float]:
    """The ``stops`` of a section (seconds from its start) after which a sentence starts
    before the next stop: a still tail after the section's last sentence stays on that
    sentence's slide rather than making a slide with nothing said."""
    ends = [*stops, section.end - section.start]
    return [stop for stop, following in zip(stops, ends[1:])
            if any(section.start + stop - SAME_TIME <= cue.start
                   < section.start + following - SAME_TIME for cue in timeline.cues)]


def beat_clips(video: Path, backwards: Path | None, stops: list[float], stem: Path,
               start: float) -> list[tuple[Path, Path | None, float, float]]:
    """A section's video (and its backwards one) cut at the beat ``stops`` (seconds from
    the section's start) that fall on keyframes: ``(clip, clip backwards or None, start,
    end)`` each, times of the scene (the section starts at ``start``). The clips are
    ``<stem>-<BB>.mp4`` and ``<stem>-<BB>_reversed.mp4``."""
    cuts = [key for key in cuttable(video, stops) if key is not None]
    length = video_duration(video)
    edges = [0.0, *[float(cut) for cut in cuts], length]
    targets = [stem.with_name(f"{stem.name}-{k:02d}.mp4") for k in range(1, len(edges))]
    split_video(video, cuts, targets)
    reversed_targets: list[Path | None] = [None] * len(targets)
    if backwards is not None and backwards.exists():
        # backwards, beat k is the clip from length − end to length − start
        mirrored = cuttable(backwards, [length - float(cut) for cut in reversed(cuts)])
        if all(key is not None for key in mirrored):
            reversed_targets = [target.with_name(f"{target.stem}_reversed.mp4")
                                for target in targets]
            split_video(backwards, mirrored, reversed_targets[::-1])
    return [(target, back, start + edges[k], start + edges[k + 1])
            for k, (target, back) in enumerate(zip(targets, reversed_targets))]


def write_slides(folder: Path, name: str, timeline: SceneTimeline,
                 section_videos: list[tuple[Path, Path]], resolution: tuple[int, int],
                 background: str, link, title: str = "", byline: str = "",
                 about: str = "") -> Path:
    """``folder/<name>.json`` and its beats' clips in ``folder/files/<name>/`` (see the
    module's docstring), the deck ``folder/<name>.html`` with its section files there too,
    and reveal.js in ``folder/reveal.js/``.

    Raises :class:`.deck.DeckError` (one line) when reveal.js is not installed.

    ``section_videos[i]``: section i's video and the same backwards (None, or a file
    that does not exist: each slide's own video is its ``rev_file``). ``title``,
    ``byline``, ``about``: the deck's title slide (the scene's title, course · lecturer ·
    date, what it shows); ``title`` defaults to ``name``. ``link(source, target)`` puts a
    file in place (a hard link where possible).
    """
    files_dir = folder / "files" / name
    files_dir.mkdir(parents=True, exist_ok=True)
    sections: list[str] = []  # the deck's clips, a section each
    clips: list[BeatSlide] = []  # manim-slides' clips, a beat each
    for number, (section, stops, (video, backwards)) in enumerate(
            zip(timeline.sections, section_stops(timeline), section_videos), start=1):
        stem = files_dir / f"{number:02d}-{section.name}"
        whole = stem.with_name(f"{stem.name}.mp4")  # a section's name may hold a dot
        link(video, whole)
        sections.append(whole.relative_to(folder).as_posix())
        for clip, back, start, end in beat_clips(video, backwards, said_stops(
                timeline, section, stops), stem, section.start):
            back = back or clip
            clips.append(BeatSlide(clip.relative_to(folder.parent).as_posix(),
                                   back.relative_to(folder.parent).as_posix(), start, end))
    deck.copy_reveal(folder / deck.REVEAL_COPY)
    path = folder / f"{name}.json"
    path.write_text(presentation(timeline, clips, resolution, background), encoding="utf-8")
    (folder / f"{name}.html").write_text(
        deck.deck_html(title or name, list(zip(sections, section_notes(timeline),
                                               section_stops(timeline))),
                       resolution, background, byline, about), encoding="utf-8")
    return path
