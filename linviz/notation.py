"""The lecture's notation: θ, θ₀ (notes 000 and 004) or w, b (notes 001–003).

Every sentence and formula of the lessons and scenes is written once, in the
θ notation. What reaches a student (a caption, a formula on screen, an axis
or panel label, a section title, the handout, a worksheet) passes through
:func:`in_notation` (text: Unicode and Typst markup, whose ``$…$`` spans are
mathematics) or :func:`math_in_notation` (a Typst formula) with the course's
notation. In the ``"w"`` notation the offset θ₀ is b, θ is w and θⱼ is wⱼ;
everything else (x, y, γ, R, n, …) is the same in both.

The rewriting is by symbol, never by substring: θ₀ (and Typst's ``theta_0``)
becomes b, then every other θ (``theta`` as a whole Typst identifier, also as
a subscript such as ``nabla_theta``) becomes w. :func:`symbols_of` finds the
symbols of a notation in a text, so a test can check that a lecture in one
notation shows none of the other's.
"""

from __future__ import annotations

import re

from .errors import DataError

NOTATIONS = ("theta", "w")
DEFAULT_NOTATION = "theta"

#: Typst: θ₀ as ``theta_0`` (not ``theta_01``), then θ as an identifier of its own
_TYPST_OFFSET = re.compile(r"(?<![A-Za-z0-9.])theta('*)_0(?![0-9])")
_TYPST_THETA = re.compile(r"(?<![A-Za-z0-9.])theta(?![A-Za-z0-9])")
#: Unicode: θ₀ and θ′₀ (not θ₀₁), then θ
_UNICODE_OFFSET = re.compile("θ([′']*)₀(?![₀-₉])")
#: a Typst math span inside text markup ($…$, no escaped dollar)
_MATH_SPAN = re.compile(r"(?<!\\)\$(.*?)(?<!\\)\$", re.S)

#: what shows a notation in a text a student reads (Unicode) or a formula (Typst)
_THETA_SYMBOLS = re.compile(r"θ|Θ|(?<![A-Za-z0-9.])theta(?![A-Za-z])")
#: w or b as a symbol: a lone letter (not a word, not a unit), or w with a sub/superscript
_W_SYMBOLS = re.compile(r"(?<![A-Za-z0-9_.'’-])[wb](?:[₀-₉ᵀ*]|_\w|\^|(?![A-Za-z0-9_'’-]))")


def check_notation(notation: str) -> str:
    """``notation`` if it is one of :data:`NOTATIONS`, else a DataError in one line."""
    if notation not in NOTATIONS:
        raise DataError(f"unknown notation {notation!r}; notations: {', '.join(NOTATIONS)} "
                        f"(theta: θ and θ₀; w: w and b)")
    return notation


def math_in_notation(source: str, notation: str) -> str:
    """The Typst formula ``source`` (written with ``theta`` and ``theta_0``) in ``notation``."""
    if check_notation(notation) == "theta":
        return source
    source = _TYPST_OFFSET.sub(r"b\1", source)
    source = _TYPST_THETA.sub("w", source)
    return _unicode_in_w(source)


def in_notation(text: str, notation: str) -> str:
    """The text ``text`` (Unicode, or Typst markup whose ``$…$`` spans are formulas) in
    ``notation``."""
    if check_notation(notation) == "theta":
        return text
    pieces, last = [], 0
    for span in _MATH_SPAN.finditer(text):
        pieces.append(_unicode_in_w(text[last:span.start()]))
        pieces.append("$" + math_in_notation(span.group(1), notation) + "$")
        last = span.end()
    pieces.append(_unicode_in_w(text[last:]))
    return "".join(pieces)


def _unicode_in_w(text: str) -> str:
    return _UNICODE_OFFSET.sub(r"b\1", text).replace("θ", "w").replace("Θ", "W")


def symbols_of(text: str, notation: str) -> list[str]:
    """The symbols of ``notation`` that ``text`` shows (empty: none).

    "theta": θ, Θ and Typst's ``theta``; "w": w and b as symbols — a lone
    letter, or one with a subscript, a transpose or a star (w₁, wᵀ, w*, b₀) —
    never the letters inside a word.
    """
    pattern = _THETA_SYMBOLS if check_notation(notation) == "theta" else _W_SYMBOLS
    return [match.group(0) for match in pattern.finditer(text)]
