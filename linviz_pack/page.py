"""The lecture page: ``index.html`` and ``assets/``, working from file:// with no network.

The page's script and style are ours (``web/``, no library). What the page
plays is described in ``assets/lecture-data.js``: for the whole lecture and
for each scene, its video, chapters, captions and beats, so the page needs to
fetch nothing (browsers refuse fetches and ``<track src>`` from file://).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

WEB = Path(__file__).resolve().parent / "web"


def source_entry(identifier: str, title: str, description: str, video: str,
                 chapters: Sequence[dict], cues: Sequence, beats: Sequence) -> dict:
    """One thing the page can play: its video (relative to index.html) and timings."""
    return {"id": identifier, "title": title, "description": description, "video": video,
            "chapters": list(chapters), "cues": [_rounded(asdict(cue)) for cue in cues],
            "beats": [_rounded(asdict(beat)) for beat in beats]}


def _rounded(entry: dict) -> dict:
    return {key: round(value, 3) if isinstance(value, float) else value
            for key, value in entry.items()}


def write_page(folder: Path, title: str, sources: Sequence[dict], fps: float) -> None:
    """``folder/index.html`` and ``folder/assets/`` (player, style, data).

    ``fps``: the videos' frame rate (present mode stops on a beat's last frame).
    """
    assets = folder / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    for name in ("player.js", "player.css"):
        shutil.copyfile(WEB / name, assets / name)
    payload = json.dumps({"title": title, "fps": fps, "sources": list(sources)}, ensure_ascii=False,
                         indent=1)
    (assets / "lecture-data.js").write_text(
        "// Written by render.py lecture: what the page plays.\n"
        f"window.LINVIZ_LECTURE = {payload};\n", encoding="utf-8")
    html = (WEB / "index.html").read_text(encoding="utf-8")
    (folder / "index.html").write_text(html.replace("<title>Lecture</title>",
                                                    f"<title>{_escape(title)}</title>"),
                                       encoding="utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
