"""The titles a reader sees for a scene's sections (page chapters, mp4 chapters, handout).

A section is named by a slug (``"epoch-1"``, ``"margin-0.025"``): stable, fit
for file names. A scene may give it a human title too; without one, the slug
is read as words: hyphens become spaces, the first letter a capital.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_NUMBER_AFTER_HYPHEN = re.compile(r"-(?=[0-9.])")


def section_title(name: str, titles: Mapping[str, str] | None = None) -> str:
    """The title of the section named ``name``: ``titles[name]``, else the slug as words.

    >>> section_title("epoch-1"), section_title("margin-0.025"), section_title("back-in-2d")
    ('Epoch 1', 'Margin 0.025', 'Back in 2d')
    """
    if titles and titles.get(name):
        return titles[name]
    words = _NUMBER_AFTER_HYPHEN.sub(" ", name).replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else name
