"""The lecture page: ``index.html`` and ``assets/``, working from file:// with no network.

The page's script and style are ours (``web/``, no library). What the page
plays is described in ``assets/lecture-data.js``: for the whole lecture and
for each scene, its video, poster, chapters, captions (cut to at most two
lines), sentences (the transcript: whole captions) and beats, so the page
needs to fetch nothing (browsers refuse fetches and ``<track src>`` from
file://). Without JavaScript the page still plays the lecture: ``index.html``
names its video and poster itself.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from .captions import two_line_cues

WEB = Path(__file__).resolve().parent / "web"
#: where the posters go, relative to the page
POSTERS = "assets/posters"


def source_entry(identifier: str, title: str, description: str, video: str,
                 chapters: Sequence[dict], cues: Sequence, beats: Sequence,
                 poster: str = "") -> dict:
    """One thing the page can play: its video and poster (relative to index.html), timings.

    ``cues``: whole sentences; the page shows them cut to two lines
    (``cues``) and whole in its transcript (``sentences``). A beat names its
    section by the section's title; ``beats`` are Beat objects or dicts (a
    :func:`still_beat`).
    """
    return {"id": identifier, "title": title, "description": description, "video": video,
            "poster": poster, "chapters": list(chapters),
            "cues": [_rounded(asdict(cue)) for cue in two_line_cues(cues)],
            "sentences": [_rounded(asdict(cue)) for cue in cues],
            "beats": [_rounded(beat if isinstance(beat, dict) else asdict(beat))
                      for beat in beats]}


def still_beat(start: float, end: float, section: str, text: str) -> dict:
    """A beat in which nothing moves (the title card): present mode shows its last frame
    at once instead of playing it."""
    return {"start": start, "end": end, "section": section, "text": text, "still": True}


def _rounded(entry: dict) -> dict:
    return {key: round(value, 3) if isinstance(value, float) else value
            for key, value in entry.items()}


def write_poster(video: Path, time: float, folder: Path, name: str) -> str:
    """Save the frame of ``video`` shown at ``time`` s as the poster ``name``; its page path."""
    from .join import save_frame

    target = folder / POSTERS / f"{name}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    save_frame(video, time, target)
    return f"{POSTERS}/{name}.png"


def write_page(folder: Path, title: str, sources: Sequence[dict], fps: float,
               byline: str = "", sound: bool = False, explore: dict | None = None,
               explore_spans: dict | None = None, theme: str = "dark") -> None:
    """``folder/index.html`` and ``folder/assets/`` (player, style, data).

    ``title`` and ``byline`` (course · lecturer · date, see linviz_pack.course) head the
    page, written into the HTML itself so that they show without JavaScript too.

    ``fps``: the videos' frame rate (present mode stops on a beat's last frame).
    The first source is what the page shows first, also without JavaScript.
    ``sound``: the videos are narrated, so the player is not muted.
    ``explore``: the explorable of each scene the page can explore, by scene
    (:func:`linviz.explorable.explorable`), and ``explore_spans`` where each
    lies in the whole lecture ([start, end] s); ``theme``: the videos' theme, whose colours
    the explorable draws in.
    """
    assets = folder / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    for name in ("player.js", "player.css", "learners.js", "explore.js"):
        shutil.copyfile(WEB / name, assets / name)
    payload = json.dumps({"title": title, "fps": fps, "sources": list(sources),
                          "explore": explore or {}, "explore_offsets": explore_spans or {},
                          "theme": theme_colours(theme)},
                         ensure_ascii=False, indent=1)
    (assets / "lecture-data.js").write_text(
        "// Written by render.py lecture: what the page plays.\n"
        f"window.LINVIZ_LECTURE = {payload};\n", encoding="utf-8")
    first = sources[0]
    html = (WEB / "index.html").read_text(encoding="utf-8")
    html = (html.replace("<title>Lecture</title>", f"<title>{_escape(title)}</title>")
            .replace('<h1 id="title">Lecture</h1>', f'<h1 id="title">{_escape(title)}</h1>')
            .replace('<p id="byline">BYLINE</p>',
                     f'<p id="byline">{_escape(byline)}</p>' if byline else "")
            .replace('src="VIDEO"', f'src="{_escape(first["video"])}"')
            .replace('poster="POSTER"', f'poster="{_escape(first.get("poster", ""))}"')
            .replace('<p id="decks">DECKS</p>', _deck_links(sources)))
    if sound:
        html = html.replace("<video id=\"video\" controls muted ", "<video id=\"video\" controls ")
    (folder / "index.html").write_text(html, encoding="utf-8")


def theme_colours(name: str) -> dict:
    """The colours of the videos' theme ``name``, for what the page draws itself."""
    from dataclasses import asdict as fields

    from scenes.toolkit.style import THEMES

    return {key: value for key, value in fields(THEMES[name]).items()
            if key not in ("name", "notation")}


def _deck_links(sources: Sequence[dict]) -> str:
    """"Slides: 1. Title · 2. Title": each scene's offline deck (``slides/<scene>.html``)."""
    links = [f'<a href="slides/{_escape(s["id"])}.html">{_escape(s["title"])}</a>'
             for s in sources if s["id"] != "lecture"]
    return f'<p id="decks">Slides: {" · ".join(links)}</p>' if links else ""


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
