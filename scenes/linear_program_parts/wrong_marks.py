"""The mistakes of each line whose count a sentence says, marked on the data (the dashed
line's a ×, the white line's a square), so a count of points that sit close to the line can
be checked by eye."""

from __future__ import annotations

import numpy as np
from manim import DL, UR, Line, Polygon, Square, VGroup

from linviz.lessons.linear_program_near import inset_marks
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish

#: the half-size of a ×, as a share of the plane's marker half-width (its arms reach past
#: the marker's); the ring's radius, as a share of the plane's ring radius
CROSS_SHARE, RING_SHARE = 1.25, 1.35
#: the width of the dark outline under a ×'s arms
CROSS_OUTLINE = 5.5
#: a ring's radius in a near inset, as a share of its markers' half-width
NEAR_RING_SHARE = 1.1


class WrongMarks:
    """The marks of the beat's ``wrong_marks`` state ({"dashed": [i…], "white": [i…]}), on
    the data plane and on the close-up where it holds the point (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    wrong_drawn = None

    def show_wrong_marks(self, beat, insets_only: bool = False, kinds=None,
                         join: bool = False) -> None:
        """The marks the beat's state names (of ``kinds`` only, when given), drawn as the
        lines they count are; ``insets_only``: the marks standing stay, and only the near
        insets' come (the close-ups came after the count was said); ``join``: the marks
        standing stay, and these join them (a second line's, as its count is said)."""
        marks = beat.state["wrong_marks"]
        if marks and kinds is not None:
            marks = {kind: points for kind, points in marks.items() if kind in kinds}
        standing = self.wrong_drawn is not None and self.on_screen(self.wrong_drawn)
        if not ((insets_only or join) and standing):
            self.drop_wrong_marks()
            insets_only = join = False
        elif insets_only:  # the standing marks of a line no longer counted leave
            self.drop_marks_except(marks or {})
        if not marks:
            return
        closeup = getattr(self, "closeup_drawing", None)
        planes = list(self.near_planes) if insets_only else (
            [self.plane] + ([self.closeup] if closeup is not None and self.on_screen(closeup)
                            else []) + list(self.near_planes))
        drawn = VGroup()
        about = dict(zip(map(id, self.near_planes), self.near_lines))
        for plane in planes:
            # an inset shows one line: its own mistakes only
            shown_marks = (inset_marks(marks, about[id(plane)]) if id(plane) in about
                           else marks)
            for kind, indices in shown_marks.items():
                shown = [self.wrong_mark(plane, i, kind) for i in indices
                         if plane.box.contains(self.lesson.data.X[i][None, :])[0]]
                for mark in shown:
                    mark.mark_kind = kind
                if plane in self.near_planes:  # a mark across an inset's frame is cut off
                    low, high = plane.frame.get_corner(DL), plane.frame.get_corner(UR)
                    shown = [m for m in shown if np.all(m.get_corner(DL)[:2] >= low[:2])
                             and np.all(m.get_corner(UR)[:2] <= high[:2])]
                drawn.add(*shown)
        if insets_only or join:  # they join those standing (and leave with them)
            if len(drawn):
                self.play(appear(drawn), run_time=style.RUN_FADE)
                self.remove(drawn)
                self.wrong_drawn.add(*drawn.submobjects)
            return
        self.wrong_drawn = drawn
        self.play(appear(drawn), run_time=style.RUN_FADE)

    def wrong_mark(self, plane, i: int, kind: str) -> VGroup:
        """Point ``i``'s mark on ``plane``: a × in θ's colour ("dashed"), a ◇ in θ's colour
        ("solid"), a white square ("white")."""
        centre = plane.c2p(self.lesson.data.X[i])
        # in a near inset, its few points have room for rings far wider than their markers,
        # which would cross its frame: marks there are sized by the marker, a ring just
        # round it (its point stands off the middle, the ring whole inside the frame)
        near = plane in self.near_planes
        radius = style.RING_MARKER_FRACTION * plane.marker_size if near else plane.ring_radius
        if kind == "white":  # a square: a ring is a point magnified or named
            ring = NEAR_RING_SHARE * plane.marker_size if near else RING_SHARE * radius
            return VGroup(Square(side_length=2 * ring, color=self.theme.text,
                                 stroke_width=1.5).move_to(centre))
        if kind == "solid":  # a diamond round the point: the × may stand on it too
            ring = NEAR_RING_SHARE * plane.marker_size if near else RING_SHARE * radius
            return VGroup(Polygon(*[centre + ring * np.array([np.cos(a), np.sin(a), 0.0])
                                    for a in np.arange(4) * np.pi / 2],
                                  color=self.theme.normal, stroke_width=2))
        # past the marker's arms, over a dark outline that cuts them where it crosses
        # (review 303: a × the size of a + marker read with it as one asterisk)
        half = CROSS_SHARE * plane.marker_size
        arms = [(centre - half * np.array([1, s, 0]), centre + half * np.array([1, s, 0]))
                for s in (1, -1)]
        return VGroup(*[Line(a, b, color=self.theme.background, stroke_width=CROSS_OUTLINE)
                        for a, b in arms],
                      *[Line(a, b, color=self.theme.normal, stroke_width=2.5) for a, b in arms])

    def drop_marks_except(self, kinds) -> None:
        """The standing marks of a kind not among ``kinds`` leave (the others stay)."""
        leaving = [m for m in self.wrong_drawn if getattr(m, "mark_kind", None) not in kinds]
        if leaving:  # out of the drawing first (removing a part splits its group)
            self.wrong_drawn.remove(*leaving)
            self.add(*leaving)
            self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
            self.remove(*leaving)

    def drop_wrong_marks(self) -> None:
        """The marks leave (with the lines they count)."""
        if self.wrong_drawn is not None and self.on_screen(self.wrong_drawn):
            self.play(vanish(self.wrong_drawn), run_time=style.RUN_FADE)
            self.remove(self.wrong_drawn)
        self.wrong_drawn = None
