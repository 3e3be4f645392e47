"""The human titles of a scene's sections, written beside Manim's sections index.

A section is named by a slug (``"epoch-1"``): Manim uses it in file names. Its
title (``"Epoch 1: five mistakes"``) is what a reader sees: the page's
chapters, the mp4's chapters and the handout's headings. A scene saves its
titles in the sections folder (written only with ``--save_sections``), one
``name<TAB>title`` line each, where the lecture pack reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

#: the file, in the sections folder; not .json, which is the sections index's suffix
SECTION_TITLES_FILE = "section-titles.tsv"


def write_section_titles(folder: Path, titles: Mapping[str, str]) -> None:
    """Write ``titles`` (section name → title) into ``folder``."""
    lines = [f"{name}\t{' '.join(title.split())}\n" for name, title in titles.items()]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SECTION_TITLES_FILE).write_text("".join(lines), encoding="utf-8")


def read_section_titles(folder: Path) -> dict[str, str]:
    """The titles saved in ``folder`` (none saved: an empty dict)."""
    path = Path(folder) / SECTION_TITLES_FILE
    if not path.is_file():
        return {}
    titles = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, tab, title = line.partition("\t")
        if tab and title.strip():
            titles[name] = title.strip()
    return titles
