"""The mistake shading of `linear-program`'s weight space (wedges from 0, shaded by how many
points each θ gets wrong) and the keys of its shadings: a column of swatches and their
words on the plane's own ground, right of the weight plane (the mistake shading's ramp,
named by the counts each step stands for; the certificate's)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Polygon, Rectangle, VGroup, config

from linviz.lessons.linear_program import (MISTAKE_SHADES, mistake_arcs, mistake_shade,
                                           shade_ranges)
from scenes.linear_program_parts.common import WRONG_DARKEST, WRONG_LIGHTEST, ray_end
from scenes.toolkit import style
from scenes.toolkit.layout import with_backdrop
from scenes.toolkit.screen_text import text

#: the opacity of the fewest mistakes' wedges, in the highlight's colour (reviews 369: at 0.22
#: their olive read as the next grey)
FEWEST_TINT_OPACITY = 0.38


class ShadingKeys:
    """The mistake shading and the shadings' keys (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def wrong_shading_drawing(self) -> VGroup:
        """Weight space shaded by how many points each θ gets wrong: a wedge from 0 for
        every arc of directions (:func:`~linviz.lessons.linear_program.mistake_arcs`), in
        the lesson's shades (:func:`~linviz.lessons.linear_program.mistake_shade`) from the
        fewest (tinted: :meth:`shade_fill`) to the most; the wedges of one shade are one shape, the faintest
        first."""
        arcs = mistake_arcs(self.lesson.signed)
        low, high = self.lesson.mistake_range
        shapes: dict[int, list] = {}
        for start, end, count in arcs:
            shade = mistake_shade(count, low, high)
            shapes.setdefault(shade, []).append(self.wedge(start, end))
        drawn = VGroup()
        for shade in sorted(shapes):
            colour, opacity = self.shade_fill(shade)
            drawn.add(VGroup(*[Polygon(*corners, stroke_width=0, fill_color=colour,
                                       fill_opacity=opacity)
                               for corners in shapes[shade]]))
        return drawn

    def wedge(self, start: float, end: float) -> list[np.ndarray]:
        """The screen corners of the part of the weight plane's box seen from 0 between
        the angles ``start`` and ``end`` (< π apart, or π): 0, where the first ray leaves
        the box, the box's corners between, where the second leaves it."""
        box = self.weights.box
        between = sorted((np.mod(np.arctan2(c[1], c[0]) - start, 2 * np.pi), tuple(c))
                         for c in box.corners)
        inner = [np.array(c) for turn, c in between if 0 < turn < end - start]
        points = [np.zeros(2), ray_end((np.cos(start), np.sin(start)), box), *inner,
                  ray_end((np.cos(end), np.sin(end)), box)]
        return [self.weight_point(p) for p in points]

    def shade_fill(self, shade: int) -> tuple[str, float]:
        """(colour, opacity) of the mistake shading's ``shade``: the fewest's (0) in the
        highlight's colour, where the best θ any run can reach lies (a grey as faint read
        as the unshaded ground: review 252), the others greys from the faintest up."""
        if shade == 0:
            return self.theme.highlight, FEWEST_TINT_OPACITY
        return self.theme.text, self.shade_opacity(shade)

    @staticmethod
    def shade_opacity(shade: int) -> float:
        """The opacity of the mistake shading's ``shade`` (0, the faintest)."""
        return WRONG_LIGHTEST + (WRONG_DARKEST - WRONG_LIGHTEST) * shade / max(
            MISTAKE_SHADES - 1, 1)

    def wrong_key(self, counts: tuple[int, int] | None = None,
                  shade=mistake_shade) -> VGroup:
        """The key of :meth:`wrong_shading_drawing`, a column: "points wrong:", a swatch for
        each shade from the faintest to the strongest, named by the counts it stands for
        (:func:`~linviz.lessons.linear_program.shade_ranges`); then the unshaded swatch,
        "0 wrong", on a row of its own (none is); at the size of the plane's tick values
        (it is read, not glanced at). ``counts``: the fewest and most wrong shaded (the
        lesson's through 0 by default), in the shades of ``shade`` (weight space's
        :func:`~linviz.lessons.linear_program.mistake_shade` by default)."""
        rows = [self.key_row(None, "points wrong:")]
        # each step named by the counts it stands for (six greys for 33 counts, with only
        # the ends named, left the steps' meaning to guess); a shade no count has, left out
        ranges = shade_ranges(*(counts or self.lesson.mistake_range), shade=shade)
        steps = [(k, run) for k, run in enumerate(ranges) if run is not None]
        for place, (k, (fewest, most)) in enumerate(steps):
            colour, opacity = self.shade_fill(k)
            rows.append(self.key_row(opacity, str(fewest) if fewest == most
                                     else f"{fewest}–{most}",
                                     gap=0.0 if place < len(steps) - 1 else 0.2,
                                     colour=colour))
        # what a θ meeting every constraint would show, unshaded (0 wrong): none does (after
        # the ramp, "· 0: □" read as one more step of it)
        rows += [self.key_row(0.0, "0 wrong", gap=0.04),
                 self.key_row(None, "(none here)", indent=True)]
        return self.key_column(rows)

    def key_row(self, opacity: float | None, words: str, gap: float = 0.1,
                indent: bool = False, colour: str | None = None) -> VGroup:
        """A row of a key: a swatch of the shading's grey (or ``colour``) at ``opacity`` (0: unshaded,
        outlined; None: no swatch, the words set in under the swatches' words when
        ``indent``) and ``words``; ``gap`` below it (0: a ramp's steps touch)."""
        theme, row = self.theme, VGroup()
        if opacity is not None or indent:
            row.add(Rectangle(width=0.24, height=0.2, stroke_width=0 if opacity else 1,
                              stroke_color=theme.muted, fill_color=colour or theme.text,
                              fill_opacity=opacity or 0.0,
                              stroke_opacity=0.0 if opacity is None else 1.0))
        if words:
            row.add(text(words, theme, style.FONT_SMALL, theme.text))
        row.arrange(RIGHT, buff=0.1)
        row.gap = gap
        return row

    def key_column(self, rows) -> VGroup:
        """``rows`` (:meth:`key_row`) stacked, left-aligned (swatches in a column), each
        its ``gap`` under the one before; on the plane's own ground, opaque: its swatches
        then read as the shades they name (over a see-through backdrop "0" looked like the
        faintest shade)."""
        key = VGroup(*rows)
        for before, row in zip(rows, rows[1:]):
            row.next_to(before, DOWN, buff=before.gap).align_to(before, LEFT)
        with_backdrop(key, self.theme)
        key.background_rectangle.set_fill(opacity=1.0)
        return key

    def key_beside(self, key: VGroup) -> VGroup:
        """``key`` right of the weight plane, its top at the plane's: outside the axes, off
        the shades, lines and names it explains, and in one place from the mistake shading
        to the certificate's (scaled down, if it must, to stay in the frame)."""
        frame = self.weights.frame
        room = config.frame_width / 2 - style.SMALL_BUFF - frame.get_right()[0] - style.SMALL_BUFF
        key.shrunk = min(room / key.width, 1.0)  # (what goes with it is scaled alike)
        key.scale(key.shrunk)
        return key.next_to(frame, RIGHT, buff=style.SMALL_BUFF).align_to(frame, UP)
