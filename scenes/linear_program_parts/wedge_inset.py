"""The narrowest wedge of the fewest mistakes in `linear-program`'s weight space, magnified
far out along its middle ray, where it is widest in the plane (the lesson's
:func:`~linviz.lessons.linear_program_insets.thin_wedge_inset`): a wedge's angle is the
same at any zoom, so only there does its width read, beside its neighbour's."""

from __future__ import annotations

import numpy as np
from manim import Polygon, VGroup

from linviz.geometry import clip_polygon
from linviz.lessons.linear_program import mistake_arcs, mistake_shade
from linviz.lessons.linear_program_insets import thin_wedge_inset
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.magnifier import magnifier

#: the words of the fewest's sentence the close-up comes at (the wedges it tells apart)
OUTLINED_WORDS = "outlined wedges"


def wedge_in_box(box, start: float, end: float) -> np.ndarray | None:
    """The part of ``box`` (a weight plane's) seen from 0 between the angles ``start`` and
    ``end`` (under π apart): past the first ray, short of the second; None where empty."""
    part = clip_polygon(np.array(box.corners, dtype=float),
                        np.array([-np.sin(start), np.cos(start)]), 0.0)
    return None if part is None else clip_polygon(
        part, np.array([np.sin(end), -np.cos(end)]), 0.0)


class WedgeInset:
    """The thin wedge's close-up (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.fewest.FewestBeats`)."""

    def show_thin_wedge_inset(self) -> None:
        """Where the lesson has one, the close-up of the thin wedge, every wedge of the
        fewest mistakes in it outlined and tinted as on the plane, as the outlined wedges
        are said (it stands till the sentence after: :meth:`drop_thin_wedge_inset`)."""
        found = thin_wedge_inset(self.lesson)
        if found is None or self.seconds_until(OUTLINED_WORDS) is None:  # (said, or none)
            return
        _, box, zoom = found
        low, high = self.lesson.mistake_range
        arcs = mistake_arcs(self.lesson.signed)
        fewest = [(a, b) for a, b, count in arcs if count == low]
        theme = self.theme

        def drawings(inset) -> VGroup:
            drawn = VGroup()
            # every arc's shade as on the plane (unshaded, the gap would read "0 wrong"),
            # the fewest outlined
            for start, end, count in arcs:
                part = wedge_in_box(inset.box, start, end)
                if part is None:
                    continue
                colour, opacity = self.shade_fill(mistake_shade(count, low, high))
                outlined = (start, end) in fewest
                drawn.add(Polygon(*inset.c2p_many(part), stroke_width=2.5 if outlined else 0,
                                  color=theme.highlight, fill_color=colour,
                                  fill_opacity=opacity))
            return drawn

        rays = [(np.array([-np.sin(angle), np.cos(angle)]), 0.0)
                for arc in fewest for angle in arc]
        self.wait_for_words(OUTLINED_WORDS)
        self.wedge_inset = magnifier(self.weights, np.zeros((0, 2)), np.zeros(0), box, zoom,
                                     theme, drawings, lines=rays, times_font=style.FONT_PANEL)
        self.play(appear(self.wedge_inset), run_time=style.RUN_FADE)

    def drop_thin_wedge_inset(self) -> None:
        """The thin wedge's close-up leaves (where it stands)."""
        self.drop_close_up("wedge_inset")
