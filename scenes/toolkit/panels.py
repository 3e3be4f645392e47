"""The panel beside the plane: its box, live values (a name and a number set
in place) and the pseudocode with its highlighted line.
"""

from __future__ import annotations

from typing import Sequence

from manim import DOWN, LEFT, RIGHT, UP, RoundedRectangle, VGroup, VMobject

from . import style
from .speed.glyph_numbers import GlyphNumber
from .style import Theme
from .screen_text import math, text, fmt


class Panel(VGroup):
    """Lines of text or mathematics stacked on the left edge, in a rounded box."""

    def __init__(self, rows: Sequence[VMobject], theme: Theme, width: float | None = None,
                 buff: float = style.SMALL_BUFF):
        self.rows = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=buff)
        box_width = max(width or 0, self.rows.width + 2 * style.BUFF)
        self.box = RoundedRectangle(width=box_width, height=self.rows.height + 2 * style.BUFF,
                                    corner_radius=0.12, stroke_color=theme.grid, stroke_width=2,
                                    fill_color=theme.background, fill_opacity=0.85)
        self.rows.move_to(self.box).align_to(self.box, LEFT).shift(RIGHT * style.BUFF)
        super().__init__(self.box, self.rows)


class LiveValue(VGroup):
    """``label = value``: the label typeset once, the value drawn from glyphs.

    ``set_value`` formats the value and re-composes it only when the text
    changes, so calling it on every step is cheap.
    """

    def __init__(self, label: str, value, theme: Theme, places: int = 2,
                 font_size: float = style.FONT_PANEL, formatter=None, colour: str | None = None):
        self.formatter = formatter or (lambda v: fmt(v, places) if isinstance(v, float) else str(v))
        self.label = math(f"{label} =", theme, font_size)
        self.number = GlyphNumber(self.formatter(value), font_size, colour or theme.text)
        super().__init__(self.label, self.number)
        self.number.next_to(self.label, RIGHT, buff=0.12)
        # the number's centre line sits on the label's
        self.number.shift(UP * (self.label.get_center()[1] - self.number.anchor_location()[1]))
        self.value = value

    def set_value(self, value) -> "LiveValue":
        self.value = value
        self.number.set_text(self.formatter(value))
        return self


def widest(values, formatter) -> object:
    """The value of ``values`` whose formatted text is longest (the first of equals): a
    live value built with it keeps room for every value it will show."""
    texts = [formatter(v) for v in values]
    return values[max(range(len(texts)), key=lambda k: (len(texts[k]), -k))]


class Pseudocode(VGroup):
    """Algorithm lines typeset one per row, with a highlight bar on the current line."""

    def __init__(self, lines: Sequence[str], theme: Theme, font_size: float = style.FONT_SMALL,
                 indent: float = 0.25):
        rows = []
        for source in lines:
            depth = (len(source) - len(source.lstrip(" "))) // 2
            row = text(source.strip(), theme, font_size)
            row.indent_level = depth
            rows.append(row)
        self.lines = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        for row in rows:
            row.shift(RIGHT * indent * row.indent_level)
        self.bar = RoundedRectangle(width=self.lines.width + 0.3, height=rows[0].height + 0.12,
                                    corner_radius=0.06, stroke_width=0, fill_color=theme.highlight,
                                    fill_opacity=0.22)
        self.bar.set_opacity(0)
        super().__init__(self.bar, self.lines)
        self.current = None

    def highlight(self, index: int | None) -> "Pseudocode":
        """Put the bar behind line ``index`` (None hides it)."""
        self.current = index
        if index is None:
            self.bar.set_fill(opacity=0)
            return self
        row = self.lines[index]
        self.bar.stretch_to_fit_height(max(row.height, self.lines[0].height) + 0.12)
        self.bar.move_to(row).align_to(self.lines, LEFT).shift(LEFT * 0.15)
        self.bar.set_fill(opacity=0.22)
        return self
