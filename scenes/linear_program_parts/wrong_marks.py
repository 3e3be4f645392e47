"""The mistakes of each line whose count a sentence says, marked on the data (the dashed
line's a ×), so a count of points that sit close to the line can be checked by eye."""

from __future__ import annotations

import numpy as np
from manim import Line, VGroup

from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish

#: the half-size of a ×, as a share of the plane's marker half-width (its arms reach past
#: the marker's)
CROSS_SHARE = 1.25
#: the width of the dark outline under a ×'s arms
CROSS_OUTLINE = 5.5


class WrongMarks:
    """The marks of the beat's ``wrong_marks`` state ({"dashed": [i…]}), on the data plane
    and on the close-up where it holds the point (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    wrong_drawn = None

    def show_wrong_marks(self, beat, also=()) -> None:
        """The marks the beat's state names, on the data plane and on the overlap's
        close-up where it stands, drawn as the lines they count are (in one play with the
        animations ``also``)."""
        self.drop_wrong_marks()
        marks = beat.state["wrong_marks"]
        if not marks:
            if also:
                self.play(*also, run_time=style.RUN_FADE)
            return
        closeup = getattr(self, "closeup_drawing", None)
        planes = [self.plane] + ([self.closeup] if closeup is not None
                                 and self.on_screen(closeup) else [])
        drawn = VGroup()
        for plane in planes:
            for kind, indices in marks.items():
                for i in indices:
                    if plane.box.contains(self.lesson.data.X[i][None, :])[0]:
                        mark = self.wrong_mark(plane, i)
                        mark.mark_kind = kind
                        drawn.add(mark)
        self.wrong_drawn = drawn
        self.play(appear(drawn), *also, run_time=style.RUN_FADE)

    def wrong_mark(self, plane, i: int) -> VGroup:
        """Point ``i``'s mark on ``plane``: a × in θ's colour, past the marker's arms, over
        a dark outline that cuts them where it crosses (review 303: a × the size of a +
        marker read with it as one asterisk)."""
        centre = plane.c2p(self.lesson.data.X[i])
        half = CROSS_SHARE * plane.marker_size
        arms = [(centre - half * np.array([1, s, 0]), centre + half * np.array([1, s, 0]))
                for s in (1, -1)]
        return VGroup(*[Line(a, b, color=self.theme.background, stroke_width=CROSS_OUTLINE)
                        for a, b in arms],
                      *[Line(a, b, color=self.theme.normal, stroke_width=2.5) for a, b in arms])

    def drop_wrong_marks(self) -> None:
        """The marks leave (with the lines they count)."""
        if self.wrong_drawn is not None and self.on_screen(self.wrong_drawn):
            self.play(vanish(self.wrong_drawn), run_time=style.RUN_FADE)
            self.remove(self.wrong_drawn)
        self.wrong_drawn = None
