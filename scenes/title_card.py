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

from manim import DOWN, Line, ManimColor, VGroup, config

from scenes.toolkit import style
from scenes.toolkit.speed.manim_adapter import HoldingScene
from linviz.request import RenderRequest
from scenes.toolkit.screen_text import text
from scenes.toolkit.style import THEMES


def typst_string(words: str) -> str:
    """``words`` as a Typst string shown as it is (no markup: a title may hold ``*`` or ``#``)."""
    return '#"' + words.replace("\\", "\\\\").replace('"', '\\"') + '"'


def title_lines(title: str, width: int = style.TITLE_CARD_LINE_CHARS) -> list[str]:
    """The title's (or byline's) lines on the card, at most ``width`` characters each
    (a longer word stays whole: the card is then scaled to the frame)."""
    return textwrap.wrap(title, width, break_long_words=False) or [title]


def lines_of(words: str, width: int, theme, font_size: float, markup: str = "{}",
             colour: str | None = None):
    """``words`` typeset as centred lines of at most ``width`` characters (one Typst
    paragraph with line breaks: even spacing whatever the letters)."""
    lines = " \\ ".join(markup.format(typst_string(line)) for line in title_lines(words, width))
    return text(f"#align(center)[{lines}]", theme, font_size, colour=colour)


class TitleCardScene(HoldingScene):
    """The title, a rule and the byline, centred, for ``TITLE_CARD_SECONDS``."""

    def construct(self) -> None:
        request = RenderRequest.from_environment()
        theme = THEMES[request.theme]
        self.camera.background_color = ManimColor(theme.background)
        parts = [lines_of(request.title or " ", style.TITLE_CARD_LINE_CHARS, theme,
                          style.TITLE_CARD_FONT, markup="*{}*")]
        if request.byline:
            half = style.TITLE_CARD_RULE / 2
            parts.append(Line((-half, 0, 0), (half, 0, 0), stroke_color=theme.muted,
                              stroke_width=style.TITLE_CARD_RULE_STROKE))
            parts.append(lines_of(request.byline, style.TITLE_CARD_BYLINE_CHARS, theme,
                                  style.FONT_BODY, colour=theme.muted))
        card = VGroup(*parts).arrange(DOWN, buff=style.TITLE_CARD_GAP)
        # what a long word or a long title would push out of the frame: the card shrinks
        room_width = config.frame_width - 2 * style.TITLE_CARD_MARGIN
        room_height = config.frame_height - 2 * style.TITLE_CARD_MARGIN - style.CAPTION_BAND
        if card.width > room_width or card.height > room_height:
            card.scale(min(room_width / card.width, room_height / card.height))
        card.move_to((0, style.CAPTION_BAND / 2, 0))
        self.add(card)
        self.wait(style.TITLE_CARD_SECONDS)
