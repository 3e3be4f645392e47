"""Text and numbers on screen: Typst mathematics, plain text, and numbers
formatted with real minus signs.
"""

from __future__ import annotations

import re
from typing import Sequence

from manim import VMobject

from linviz.notation import in_notation, math_in_notation

from linviz import formatting

from . import style
from .style import Theme
from .speed.typeset import typeset


def math(source: str, theme: Theme, font_size: float = style.FONT_MATH, colour: str | None = None,
         parts: bool = False) -> VMobject:
    """Display mathematics typeset with Typst (never TeX), in the theme's text colour.

    Glyphs of one colour are one path (one draw call) unless ``parts`` keeps
    each glyph apart; ``{{ part : label }}`` groups can be selected with
    ``.select(label)`` (see :mod:`scenes.toolkit.speed.typeset`). ``source`` is written
    with ``theta``; it is set in the theme's notation.
    """
    return typeset(math_in_notation(source, theme.notation), is_math=True, font_size=font_size, colour=colour or theme.text,
                   parts=parts)


def text(source: str, theme: Theme, font_size: float = style.FONT_BODY, colour: str | None = None,
         parts: bool = False) -> VMobject:
    """Prose typeset with Typst (may hold inline math as ``$...$``), in the theme's
    notation; see :func:`math`."""
    return typeset(in_notation(source, theme.notation), is_math=False, font_size=font_size, colour=colour or theme.text,
                   parts=parts)


def wrapped_text(words: str, width: float, theme: Theme, font_size: float = style.FONT_BODY,
                 colour: str | None = None, markup=lambda line: line) -> list[VMobject]:
    """``words`` as lines of text at most ``width`` wide, each typeset from
    ``markup(line)``: broken after a colon when they do not fit (a headline keeps to its own
    line), then between words, each line as full as it fits (a single word wider than
    ``width`` is scaled to fit)."""
    def typeset_line(line: str) -> VMobject:
        return text(markup(line), theme, font_size, colour)

    if ": " in words and typeset_line(words).width > width:
        head, rest = words.split(": ", 1)
        return (wrapped_text(head + ":", width, theme, font_size, colour, markup)
                + wrapped_text(rest, width, theme, font_size, colour, markup))
    lines, row = [], ""
    for word in words.split():
        candidate = f"{row} {word}".strip()
        if row and typeset_line(candidate).width > width:
            lines.append(row)
            row = word
        else:
            row = candidate
    lines.append(row)
    made = [typeset_line(line) for line in lines]
    for line in made:
        if line.width > width:
            line.scale(width / line.width)
    return made


#: the characters Typst markup gives a meaning, escaped to show as they are
_TYPST_SPECIAL = set("\\*_$#@<>[]`~=-+/'\"{}")


def plain_markup(name: str) -> str:
    """``name`` (a CSV column's name) as Typst markup that shows it as it is."""
    return "".join("\\" + c if c in _TYPST_SPECIAL else c for c in name)


def markup_with_math(words: str) -> str:
    """``words`` as Typst markup that shows them as they are, but for ``$…$`` spans, kept
    as Typst mathematics (a status line whose formulas are set as formulas)."""
    parts = re.split(r"(\$[^$]*\$)", words)
    return "".join(part if part.startswith("$") and part.endswith("$") and len(part) > 1
                   else plain_markup(part) for part in parts)


def fmt(value: float, places: int = 2) -> str:
    """A number for Typst math (which sets "-" as a real minus sign), no '-0.00'."""
    return formatting.number(value, places, minus="-")


def fmt_vector(vector: Sequence[float], places: int = 2) -> str:
    """(a, b) in Typst math."""
    return "(" + ", ".join(fmt(v, places) for v in vector) + ")"


def fmt_grouped(value: float, places: int | None = None) -> str:
    """A possibly huge number for Typst math, thousands grouped (see
    :func:`formatting.grouped`); quoted so that Typst sets no space after the commas."""
    body = formatting.grouped(value, places, minus="-")
    return f'"{body}"' if "," in body else body


def fmt_said(said: str) -> str:
    """A number as a sentence writes it (:mod:`linviz.formatting`: "−0.41", "3.0 × 10⁻¹⁵") for
    Typst math, the same digits: "-0.41", "3.0 times 10^(-15)"."""
    plain = said.replace(formatting.MINUS, "-")
    if " × 10" not in plain:
        return plain
    mantissa, power = plain.split(" × 10")
    exponent = power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
    return f"{mantissa} times 10^({exponent})"
