"""The constraints of `linear-program` one at a time: on data no line through the origin
separates, each line drawn through 0 and the wedge of θ meeting those so far narrowing
until one constraint empties it; on data one separates, the region of those so far
shrinking to the feasible one (:mod:`linviz.lessons.linear_program_narrowing`)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, Polygon, VGroup

from linviz.geometry import clip_line
from linviz.lessons.linear_program_narrowing import (LEAD_STEPS, narrowing, region_changes,
                                                     seconds_of_steps, shrinking_regions,
                                                     step_seconds)
from linviz.lessons.linear_program_story import SHRINKS_WORDS
from scenes.linear_program_parts.common import FADED_LINES, LINE_OPACITY_ONE_OF, REGION_OPACITY
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.screen_text import text
from scenes.toolkit.speed.fast_shapes import FastArrow


#: the most the steps are lengthened by to end as the words they end by are said
STRETCH_MOST = 2.0


class NarrowingBeats:
    """The narrowing wedge (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    #: the narrowing's lines, kept for the all-constraints beat that draws the rest (or None)
    narrowed = None

    def draw_narrowing(self, beat) -> None:
        """Point by point (:meth:`one_at_a_time`), its line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 0 in weight space
        and the wedge of θ meeting the constraints so far (shaded as the cone of separators
        is); the emptying point's line lit, with an arrow to its side, and ringed, as its
        number is said, and the wedge, all on the other side, gone."""
        lesson = self.lesson
        found = narrowing(lesson.signed)
        self.set_rings([])
        self.set_status(None)  # its own as the steps start (review 311: 14 s before)
        self.drop_constraint_shown(keep_line=True)
        # (the shown constraint's line is through 0 already: review 311) the steps as they
        # are said (review 307: the wedge narrowed under the explanation)
        shown = self.shown_line
        zoom = self.weights.box != lesson.weight_box
        if zoom:  # out from one line to all of them, as said (the steps follow the zoom)
            self.wait_for_words("Zoomed")
        else:
            self.wait_for_words("one at a time")
        self.set_status(beat.state["status"])
        if zoom:  # (with the shown line on it: reviews 339, zoomed empty for 4 s)
            self.zoom_weights(lesson.weight_box)
        if shown is not None and self.on_screen(shown):
            self.play(vanish(shown), run_time=style.RUN_FADE)
            self.remove(shown)
        k = found.emptied
        cuts = set(found.cuts)
        changes = [j in cuts for j in range(k)]
        # (as strong as the feasible region: review 298, the cone's faint shade barely
        # showed on the dark plane, where it is the whole story)
        wedges = [self.on_weights(lambda arc=arc: self.wedge_drawing(*arc, REGION_OPACITY))
                  if changed
                  else None for arc, changed in zip(found.arcs, changes)]
        seconds = step_seconds(found)
        wedge = self.one_at_a_time(wedges, seconds[:k], score=0.0, until="until point")
        self.wait_for_words("until point")  # the emptying one as its number is said
        line = self.on_weights(lambda: self.constraint_line(k, self.theme.highlight, 3.0,
                                                            score=0.0))
        side = self.side_of(k)
        self.play(*self.next_constraint(k, line), appear(side), run_time=style.RUN_INTRO)
        self.mark_for_beat(side)
        self.show_count(k, empty=True)
        self.play(vanish(wedge), run_time=max(seconds[k], style.RUN_FADE))
        self.remove(wedge)
        self.narrowed.add(line)
        self.rings[k] = self.stepping_ring
        self.mark_for_beat(self.step_count)
        self.name_rings(3)  # (review 313: "28" stood on a marker two rings out)

    def one_at_a_time(self, shapes, seconds, score: float, until: str = "") -> VGroup:
        """The constraints 0, 1, … (one for each of ``shapes``) drawn one at a time: a ring
        moves to the point in data space, its line aᵢᵀθ = ``score`` comes lit in weight
        space (the one before back to a trace among the others), its count is written in
        the plane's corner, and what the first j meet, ``shapes[j]``, takes the shaded
        shape's place (None: it is unchanged), in ``seconds[j]``. The lines are kept in
        :attr:`narrowed`; the ring, the count and the last shape stay on screen (returned:
        the shape). ``until``: words of the caption the steps end by, all shortened alike
        where they would run past them (what follows is drawn as they are said), and
        lengthened alike, up to :data:`STRETCH_MOST` times, where they would end before."""
        left = self.seconds_until(until) if until else None
        if left is not None and sum(seconds) > 0:  # (lengthened too: reviews 345, steps
            # too fast to follow, then a still till the words)
            seconds = [s * min(STRETCH_MOST, max(left, 1e-3) / sum(seconds)) for s in seconds]
        self.narrowed, shape, self.step_count = VGroup(), VGroup(), VGroup()
        self.stepping_ring = self.ring(0)
        self.add(self.stepping_ring)
        side = VGroup()
        for j, (new, time) in enumerate(zip(shapes, seconds)):
            line = self.on_weights(lambda j=j: self.constraint_line(
                j, self.theme.step, 2.0, score=score))
            moves = self.next_constraint(j, line) + [vanish(side)]
            self.remove(side)
            # the first ones' sides shown, so the picture is learnt to be read (review
            # 298: only the emptying line had its arrow)
            side = (self.on_weights(lambda j=j: self.side_of(j, score, self.theme.step))
                    if j < LEAD_STEPS else VGroup())
            moves.append(appear(side))
            # the ring and the line first, counted as the ring arrives (review 311: a step
            # ahead), then the shape cut (reviews 329: cut while the count was a step behind)
            self.play(*moves, run_time=max(time / 2 if new is not None else time, 1.0 / 15))
            self.show_count(j)
            if new is not None:
                self.remove(shape)
                self.play(vanish(shape), appear(new), run_time=max(time / 2, 1.0 / 15))
                shape = new
            self.narrowed.add(line)
        self.remove(side)
        return shape

    def next_constraint(self, j: int, line) -> list:
        """The animations that bring constraint j's ``line`` (the one before back to a
        trace) and the ring to its point (its count is written as it arrives)."""
        opacity = float(np.clip(LINE_OPACITY_ONE_OF / self.lesson.n, FADED_LINES, 0.8))
        return [self.stepping_ring.animate.move_to(self.plane.point(j)), appear(line),
                *[self.traced(previous, opacity) for previous in self.narrowed[-1:]]]

    def show_count(self, j: int, empty: bool = False) -> None:
        """The count of the constraints drawn (:meth:`count_words`) in place of the last."""
        self.remove(self.step_count)
        self.step_count = self.count_words(j, empty)
        self.add(self.step_count)

    def shrink_region(self) -> VGroup:
        """On data a line through the origin separates, the constraints aᵢᵀθ ≥ 1 one at a
        time (:meth:`one_at_a_time`), the part of the view meeting the first j shaded as the
        feasible region is (:func:`~linviz.lessons.linear_program_narrowing.shrinking_regions`),
        shrinking to it; the ring and the count leave. Returns the last shape."""
        regions = shrinking_regions(self.lesson.signed, self.weights.box)
        changes = region_changes(regions)
        shapes = [self.on_weights(lambda r=r: self.region_fill(r)) if changed else None
                  for r, changed in zip(regions, changes)]
        shape = self.one_at_a_time(shapes, seconds_of_steps(changes), score=1.0,
                                   until=SHRINKS_WORDS)
        self.play(vanish(self.stepping_ring), vanish(self.step_count), run_time=style.RUN_FADE)
        self.remove(self.stepping_ring, self.step_count)
        return shape

    def region_fill(self, vertices) -> VGroup:
        """The θ inside the convex polygon ``vertices`` (of weight space), shaded as the
        feasible region is (nothing for None)."""
        if vertices is None:
            return VGroup()
        return VGroup(Polygon(*[self.weight_point(v) for v in vertices], stroke_width=0,
                              fill_color=self.theme.correct, fill_opacity=REGION_OPACITY))

    def traced(self, line, opacity: float):
        """``line`` (a constraint's, lit as it came) back to a trace among the others: the
        constraints' grey at ``opacity``, its stroke as theirs."""
        return line.animate.set_stroke(color=self.theme.muted, width=1.5, opacity=opacity)

    def side_of(self, i: int, score: float = 0.0, colour=None) -> FastArrow | VGroup:
        """An arrow from point i's line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = ``score`` to the side where its
        y·score is greater, in the weight plane (in ``colour``, else the highlight's)."""
        a = self.lesson.signed[i]
        ends = clip_line(a, -score, self.weights.box)
        if ends is None:  # (the line outside the view: no side to show)
            return VGroup()
        base, tip = self.side_arrow(ends, a, length=0.8, along=0.25)  # off 0
        return FastArrow(colour or self.theme.highlight, stroke_width=3).set_ends(base, tip)

    def count_words(self, j: int, empty: bool = False):
        """"constraints 1 to j + 1" under the weight plane, ``empty``: ", no
        θ meets them all"."""
        words = text((f"constraints 1 to {j + 1}" if j else "constraint 1")
                     + (": no $theta$ meets them all" if empty else ""), self.theme,
                     style.FONT_PANEL)  # (review 308: 7 px high at 480p)
        with_backdrop(words, self.theme)
        # under the plane, below its tick values (review 298: in its corner it stood on
        # the wedge)
        return words.next_to(VGroup(self.weights.frame, *self.weights.axes), DOWN, buff=0.15)

    def drop_constraint_shown(self, keep_line: bool = False) -> None:
        """The one constraint shown (its half-plane, line, unless ``keep_line``, arrows and
        names), the θ marked in it and its line's mistakes' marks leave, at once."""
        leaving = [m for m in (self.shown_half, self.shown_normal, self.shown_label,
                               self.shown_vector, self.probe, self.probe_line,
                               None if keep_line else self.shown_line, self.wrong_drawn)
                   if m is not None and self.on_screen(m)]
        if leaving:
            self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        self.remove(*leaving)
        self.wrong_drawn = None
