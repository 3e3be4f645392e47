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
from manim import ORIGIN, RIGHT, MathTypst, VGroup, VMobject

GLYPHS = "0123456789.-+(),"
SCALE_PROBE = 0.01
_GLYPH_SOURCE = "0 1 2 3 4 5 6 7 8 9 . - + ( ) ,"
_cache: dict[float, dict] = {}


def _glyph_set(font_size: float, colour: str) -> dict:
    """The glyphs at this size: centred outline points, vertical offset, advance, width.

    Shapes do not depend on the colour (each copy is filled with its own), so
    one typesetting per font size serves every colour.
    """
    key = float(font_size)
    if key not in _cache:
        sample = MathTypst(_GLYPH_SOURCE, font_size=font_size, color=colour, use_svg_cache=False)
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
            # the outline centred on 0, so placing a copy is one multiply-add
            centred = part.points - part.get_center()
            glyphs[char] = (centred, part.get_center()[1] - reference, advance, part.width)
        _cache[key] = {"glyphs": glyphs, "height": float(max(d.height for d in digits))}
    return _cache[key]


class GlyphNumber(VGroup):
    """A number (or a short string of digits, signs and brackets) cheap to change.

    Everything is one mobject, ``body``, so a number costs one draw call a
    frame. Its points start with two degenerate curves that draw nothing: the
    anchor (the start of the baseline frame the glyphs are laid out from) and
    a probe a short way to the right, whose distance from the anchor tracks
    any scaling of the number. They move with the number like any points, and
    ``set_text`` lays the glyphs out from them, only when the text differs.
    """

    def __init__(self, value: str, font_size: float, colour: str):
        self.font_size, self.colour = font_size, colour
        self.body = VMobject(fill_color=colour, fill_opacity=1, stroke_width=0)
        self.body.points = _frame(ORIGIN, RIGHT * SCALE_PROBE)
        self.shown = None
        super().__init__(self.body)
        self.set_text(value)

    def anchor_location(self) -> np.ndarray:
        """Where the glyphs are laid out from: the start of the number's baseline frame."""
        return self.body.points[0].copy()

    def set_text(self, value: str) -> "GlyphNumber":
        """Show ``value``: the glyphs' outlines are written into ``body``, in place.

        Writing in place matters beyond speed: Cairo lists an animation's
        moving family when the animation begins and draws that list every
        frame, so glyphs made as new mobjects would leave the old ones on
        screen until the animation ends.
        """
        if value == self.shown:
            return self
        unknown = set(value) - set(GLYPHS) - {" "}
        if unknown:
            raise ValueError(f"GlyphNumber cannot draw {''.join(sorted(unknown))!r}")
        glyphs = _glyph_set(self.font_size, self.colour)["glyphs"]
        origin = self.body.points[0].copy()
        probe = self.body.points[_FRAME_POINTS // 2].copy()
        scale = float(np.linalg.norm(probe - origin)) / SCALE_PROBE
        outlines = [_frame(origin, probe)]
        x = 0.0
        for char in value:
            if char == " ":
                x += glyphs["0"][2] * 0.5
                continue
            centred, offset, advance, width = glyphs[char]
            outlines.append(centred * scale
                            + (origin + scale * np.array([x + width / 2, offset, 0.0])))
            x += advance
        self.body.points = np.concatenate(outlines)
        self.shown = value
        return self


#: the anchor's and the probe's degenerate curves at the start of a number's points
_FRAME_POINTS = 8


def _frame(origin: np.ndarray, probe: np.ndarray) -> np.ndarray:
    """Two curves of zero length, at the anchor and at the probe: they draw nothing."""
    return np.array([origin] * 4 + [probe] * 4, dtype=float)
