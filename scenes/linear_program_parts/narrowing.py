"""The constraints of `linear-program` one at a time, on data no line through the origin
separates: each line slid through 0, the wedge of θ meeting those so far narrowing until
one constraint empties it (:mod:`linviz.lessons.linear_program_narrowing`)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from linviz.geometry import clip_line
from linviz.lessons.linear_program_narrowing import narrowing, step_seconds
from scenes.linear_program_parts.common import FADED_LINES, LINE_OPACITY_ONE_OF
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.screen_text import text
from scenes.toolkit.speed.fast_shapes import FastArrow


class NarrowingBeats:
    """The narrowing wedge (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    #: the narrowing's lines, kept for the all-constraints beat that draws the rest (or None)
    narrowed = None

    def draw_narrowing(self, beat) -> None:
        """Point by point, a ring on it in data space, its line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 0 in weight
        space and the wedge of θ meeting the constraints so far (shaded as the cone of
        separators is); the emptying point's line lit, and ringed, as its number is said."""
        theme, lesson = self.theme, self.lesson
        found = narrowing(lesson.signed)
        self.set_rings([])
        self.set_status(beat.state["status"])
        self.drop_constraint_shown()
        if self.weights.box != lesson.weight_box:  # out from one line to all of them
            self.zoom_weights(lesson.weight_box)
        opacity = float(np.clip(LINE_OPACITY_ONE_OF / lesson.n, FADED_LINES, 0.8))
        self.narrowed, wedge, count = VGroup(), VGroup(), VGroup()
        mover = self.ring(0)
        self.add(mover)
        for j, (arc, seconds) in enumerate(zip(found.arcs, step_seconds(found))):
            last = j == found.emptied
            if last:  # as its number is said
                self.wait_for_words("until point")
            # the newest line lit (the emptying one in the highlight colour), the one
            # before it back to a trace among the others
            line = self.on_weights(lambda j=j, last=last: self.constraint_line(
                j, theme.highlight if last else theme.step, 3.0 if last else 2.0, score=0.0))
            self.remove(count)
            count = self.count_words(j)
            self.add(count)
            moves = [mover.animate.move_to(self.plane.point(j)), appear(line),
                     *[self.traced(previous, opacity) for previous in self.narrowed[-1:]]]
            if last:  # its line and its side first, then the wedge, all on the other, goes
                side = self.side_of(j)
                self.play(*moves, appear(side), run_time=style.RUN_INTRO)
                self.mark_for_beat(side)
                moves = []
                self.remove(count)
                count = self.count_words(j, empty=True)
                self.add(count)
            if j == 0 or arc != found.arcs[j - 1]:
                new = VGroup() if arc is None else self.on_weights(
                    lambda arc=arc: self.wedge_drawing(*arc))
                moves += [vanish(wedge), appear(new)]
                self.remove(wedge)
                wedge = new
            self.play(*moves, run_time=max(seconds, 1.0 / 15))
            self.narrowed.add(line)
        self.rings[found.emptied] = mover
        self.mark_for_beat(count)
        self.name_rings(2)

    def traced(self, line, opacity: float):
        """``line`` (a constraint's, lit as it came) back to a trace among the others: the
        constraints' grey at ``opacity``, its stroke as theirs."""
        return line.animate.set_stroke(color=self.theme.muted, width=1.5, opacity=opacity)

    def side_of(self, i: int) -> FastArrow:
        """An arrow from point i's line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 0 to the side where its y·score is
        > 0, in the weight plane."""
        a = self.lesson.signed[i]
        ends = clip_line(a, 0.0, self.weights.box)
        base, tip = self.side_arrow(ends, a, length=0.8, along=0.25)  # off 0
        return FastArrow(self.theme.highlight, stroke_width=3).set_ends(base, tip)

    def count_words(self, j: int, empty: bool = False):
        """"constraints 1 to j + 1" in the weight plane's top left corner, ``empty``: ", no
        θ meets them all"."""
        words = text((f"constraints 1 to {j + 1}" if j else "constraint 1")
                     + (": no $theta$ meets them all" if empty else ""), self.theme,
                     style.FONT_SMALL)
        with_backdrop(words, self.theme)
        return words.next_to(self.weights.frame.get_corner(UP + LEFT), DOWN + RIGHT,
                             buff=0.12)

    def drop_constraint_shown(self) -> None:
        """The one constraint shown (its half-plane, line, arrows and names) and the θ
        marked in it leave."""
        leaving = [m for m in (self.shown_half, self.shown_normal, self.shown_label,
                               self.shown_vector, self.probe, self.probe_line,
                               self.shown_line) if m is not None]
        self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        self.remove(*leaving)
