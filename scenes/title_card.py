"""The title card that opens a lecture: its title and byline (course · lecturer · date).

Not a scene of the catalogue: the lecture pack renders it once per title,
theme and quality (``linviz_pack.title_card``) and puts it before the first
scene of ``lecture.mp4``. It reads what it shows from the render request
(``title``, ``byline``, ``theme``), the one route of options into a scene.
The card is still from its first frame to its last (no fade), so any frame of
it is the whole card: the page's poster, and what present mode shows first.
"""

from __future__ import annotations

import textwrap

from manim import DOWN, Line, ManimColor, Scene, VGroup

from scenes.toolkit import style
from scenes.toolkit.request import RenderRequest
from scenes.toolkit.screen_text import text
from scenes.toolkit.style import THEMES


def typst_string(words: str) -> str:
    """``words`` as a Typst string shown as it is (no markup: a title may hold ``*`` or ``#``)."""
    return '#"' + words.replace("\\", "\\\\").replace('"', '\\"') + '"'


def title_lines(title: str) -> list[str]:
    """The title's lines on the card, at most ``TITLE_CARD_LINE_CHARS`` characters each."""
    return textwrap.wrap(title, style.TITLE_CARD_LINE_CHARS, break_long_words=False) or [title]


class TitleCardScene(Scene):
    """The title, a rule and the byline, centred, for ``TITLE_CARD_SECONDS``."""

    def construct(self) -> None:
        request = RenderRequest.from_environment()
        theme = THEMES[request.theme]
        self.camera.background_color = ManimColor(theme.background)
        parts = [VGroup(*(text(f"*{typst_string(line)}*", theme, style.TITLE_CARD_FONT)
                          for line in title_lines(request.title or " ")))
                 .arrange(DOWN, buff=style.TITLE_CARD_GAP / 2)]
        if request.byline:
            half = style.TITLE_CARD_RULE / 2
            parts.append(Line((-half, 0, 0), (half, 0, 0), stroke_color=theme.muted,
                              stroke_width=style.TITLE_CARD_RULE_STROKE))
            parts.append(text(typst_string(request.byline), theme, style.FONT_BODY,
                              colour=theme.muted))
        card = VGroup(*parts).arrange(DOWN, buff=style.TITLE_CARD_GAP)
        card.move_to((0, style.CAPTION_BAND / 2, 0))
        self.add(card)
        self.wait(style.TITLE_CARD_SECONDS)
