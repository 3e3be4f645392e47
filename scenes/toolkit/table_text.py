"""Lines of text set on a common baseline, as the cells of a table are: each line knows
where its baseline is, and is put by it (a cell centred by its box would ride up where it
has no descender)."""

from __future__ import annotations

import numpy as np
from manim import VMobject

from .screen_text import text
from .speed.merging import merge_glyphs


def baseline(mobject: VMobject) -> float:
    """The y of a line of text's baseline: the median bottom of its glyphs (typeset with
    parts=True). Most letters sit on the baseline; p, y and g hang below, − and = float
    above, and are outvoted."""
    bottoms = [part.get_bottom()[1] for part in mobject.submobjects if part.height > 1e-3]
    return float(np.median(bottoms)) if bottoms else float(mobject.get_bottom()[1])


def line_of_text(markup: str, theme, size: float, colour: str | None = None) -> VMobject:
    """A line of text whose ``baseline`` is known, merged afterwards to one path per style."""
    line = text(markup, theme, size, colour, parts=True)
    line.baseline_offset = baseline(line) - line.get_center()[1]
    return line


def set_baseline(line: VMobject, y: float, left: float) -> VMobject:
    """Put the line's baseline at ``y`` and its left edge at ``left``."""
    line.move_to(np.array([left + line.width / 2, y - line.baseline_offset, 0.0]))
    return merge_glyphs(line)
