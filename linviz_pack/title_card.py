"""The title card that opens ``lecture.mp4``: the lecture's title and byline, still.

Rendered by Manim (``scenes/title_card.py``) at the lecture's quality and in
its theme, so that it joins the scenes by stream copy, and kept in the cache
as a scene is (``<cache>/title-card/``, with a manifest whose key covers the
title, byline, theme, quality and the scene's source): a second build
renders it again only when one of them changed.

Everything timed in the lecture (chapters, captions, transcript, beats, the
handout's times) starts after it: the scenes' offsets begin at its length.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from linviz.safety.atomic import make_work_dir, remove_work_dir

from . import cache

#: the card's render, as a catalogue entry (it is not a scene of the catalogue)
NAME = "title-card"
MODULE = "scenes.title_card"
CLASS_NAME = "TitleCardScene"
#: its chapter on the page, and its beat in present mode
CHAPTER_TITLE = "Title card"


@dataclass(frozen=True)
class TitleCard:
    """A rendered title card: its folder in the cache."""

    folder: Path

    @property
    def video(self) -> Path:
        return self.folder / f"{NAME}.mp4"


def entry():
    """The card as a catalogue entry, for the render layer."""
    from scenes.catalog import SceneEntry

    return SceneEntry(NAME, MODULE, CLASS_NAME, "the lecture's title and byline",
                      title=CHAPTER_TITLE)


def card_options(title: str, byline: str, theme: str, quality: str) -> dict:
    """What the card's render depends on besides its source (recorded in its manifest)."""
    return {"scene": NAME, "title": title, "byline": byline, "theme": theme,
            "quality": quality, "format": "mp4"}


def cached_card(cache_dir: Path, options: dict) -> TitleCard | None:
    """The card rendered from exactly ``options``, if the cache holds it."""
    folder = cache_dir / NAME
    if cache.is_up_to_date(folder, cache.scene_key(MODULE, options)):
        return TitleCard(folder)
    return None


def render_card(cache_dir: Path, options: dict) -> TitleCard:
    """Render the card into ``cache_dir/title-card/`` (replacing the old one once complete)."""
    from linviz_render.scene import render_scene
    from linviz.request import RenderRequest

    from .rendered import _replace_folder

    key = cache.scene_key(MODULE, options)
    cache_dir.mkdir(parents=True, exist_ok=True)
    work = make_work_dir(cache_dir, NAME)
    work.chmod(0o755)
    try:
        request = RenderRequest(theme=options["theme"], title=options["title"],
                                byline=options["byline"])
        render_scene(entry(), request, options["quality"], "mp4", work)
        cache.write_manifest(work, key, options, [f"{NAME}.mp4"])
        target = cache_dir / NAME
        _replace_folder(work, target)
        return TitleCard(target)
    finally:
        remove_work_dir(work)


def title_card(cache_dir: Path, options: dict) -> tuple[TitleCard, bool]:
    """The card for ``options``: (card, whether it was rendered now)."""
    found = cached_card(cache_dir, options)
    return (found, False) if found else (render_card(cache_dir, options), True)
