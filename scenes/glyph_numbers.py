"""Numbers that change often, drawn from glyphs typeset once.

Typesetting a formula costs around a tenth of a second, far more than a
frame, so a counter that is re-typeset at each change would dominate a
scene's render time. ``GlyphNumber`` typesets the characters it needs once
per font size and colour (with Typst, like all mathematics here), and
composes each new value from copies of them: a change costs about a
millisecond.
"""

from __future__ import annotations

import numpy as np
from manim import ORIGIN, RIGHT, MathTypst, VectorizedPoint, VGroup, VMobject

GLYPHS = "0123456789.-+(),"
SCALE_PROBE = 0.01
_GLYPH_SOURCE = "0 1 2 3 4 5 6 7 8 9 . - + ( ) ,"
_cache: dict[tuple[float, str], dict] = {}


def _glyph_set(font_size: float, colour: str) -> dict:
    """The glyphs at this size and colour: shape, vertical offset, advance."""
    key = (float(font_size), str(colour))
    if key not in _cache:
        sample = MathTypst(_GLYPH_SOURCE, font_size=font_size, color=colour)
        parts = list(sample.submobjects)
        if len(parts) != len(GLYPHS):  # pragma: no cover - depends on the Typst fonts
            raise RuntimeError(f"expected {len(GLYPHS)} glyphs from Typst, got {len(parts)}")
        reference = sample.get_center()[1]
        digits = parts[:10]
        pitch = float(np.mean(np.diff([d.get_center()[0] for d in digits])))
        gap = pitch - float(np.mean([d.width for d in digits]))
        glyphs = {}
        for char, part in zip(GLYPHS, parts):
            advance = pitch if char.isdigit() else part.width + gap
            if char == ",":
                advance += 2 * gap
            if char in "-+":
                advance += gap
            glyphs[char] = (part, part.get_center()[1] - reference, advance, part.width)
        _cache[key] = {"glyphs": glyphs, "height": float(max(d.height for d in digits))}
    return _cache[key]


class GlyphNumber(VGroup):
    """A number (or a short string of digits, signs and brackets) cheap to change.

    Glyphs are laid out from an invisible anchor point (the start of the
    baseline frame), which moves with the group; ``set_text`` re-composes the
    glyphs from it, only when the text differs.
    """

    def __init__(self, value: str, font_size: float, colour: str):
        self.font_size, self.colour = font_size, colour
        self.anchor = VectorizedPoint(ORIGIN)
        # a second point a short way to the right: their distance tracks the scale
        self.scale_point = VectorizedPoint(RIGHT * SCALE_PROBE)
        self.shown = None
        super().__init__(self.anchor, self.scale_point)
        self.set_text(value)

    def set_text(self, value: str) -> "GlyphNumber":
        if value == self.shown:
            return self
        unknown = set(value) - set(GLYPHS) - {" "}
        if unknown:
            raise ValueError(f"GlyphNumber cannot draw {''.join(sorted(unknown))!r}")
        glyphs = _glyph_set(self.font_size, self.colour)["glyphs"]
        origin = self.anchor.get_location()
        scale = float(np.linalg.norm(self.scale_point.get_location() - origin)) / SCALE_PROBE
        parts = [self.anchor, self.scale_point]
        x = 0.0
        for char in value:
            if char == " ":
                x += glyphs["0"][2] * 0.5
                continue
            shape, offset, advance, width = glyphs[char]
            copy = VMobject(fill_color=shape.get_fill_color(), fill_opacity=1, stroke_width=0)
            copy.points = shape.points.copy()
            if scale != 1.0:
                copy.scale(scale)
            copy.move_to(origin + scale * np.array([x + width / 2, offset, 0.0]))
            parts.append(copy)
            x += advance
        self.submobjects = parts
        self.shown = value
        return self
