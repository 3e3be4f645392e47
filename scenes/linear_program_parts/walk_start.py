"""The start of the perceptron's walk in `linear-program`: weight space cleared to θ = 0,
the first step shown as it is said, and the cone of separators it walks into."""

from __future__ import annotations

import numpy as np
from manim import (DashedLine, Line, Polygon, ValueTracker, VGroup, always_redraw, linear,
                   smooth)

from linviz.lessons.linear_program import mistake_arcs
from scenes.linear_program_parts.common import (CONE_OPACITY, LINES_UNDER_SHADING, REGION_OPACITY,
                                                ray_end)
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.speed.fast_shapes import FastArrow


#: the words of the rule's sentence as which a ring starts visiting the points in order
VISIT_WORDS = "visiting the points"
#: the ring's visit takes the rest of the sentence, at most this many seconds
VISIT_MOST = 4.0


class WalkStartBeats:
    """The walk's start and its cone (a part of
    :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.walk.WalkBeats`)."""

    def draw_walk_rule(self, beat) -> None:
        """The objective's drawings leave, the update rule is written, and a ring visits
        the points in their order as "visiting the points in order" is said."""
        self.drop_least_inset()
        self.follow_beat(beat)
        leaving = [m for m in (self.diamond, self.star_lines, self.tight_lines)
                   if m is not None and self.on_screen(m)]
        if leaving:
            self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
            self.remove(*leaving)
        self.wait_for_words(VISIT_WORDS)
        seconds = min(VISIT_MOST, max(self.speech_left() - style.RUN_FADE, style.RUN_FADE))
        visit, points = ValueTracker(0.0), self.plane.c2p_many(self.data.X)
        ring = self.ring(0)
        ring.add_updater(lambda m: m.move_to(points[min(len(points) - 1,
                                                        int(visit.get_value()))]))
        self.play(appear(ring), run_time=style.RUN_FADE / 2)
        self.play(visit.animate.set_value(float(len(points))), run_time=seconds,
                  rate_func=linear)
        ring.clear_updaters()
        self.play(vanish(ring), run_time=style.RUN_FADE / 2)
        self.remove(ring)

    def draw_walk_start(self, beat) -> None:
        self.follow_beat(beat)
        # θ at 0 as its start is said, then the zoom as it is (review 308: zoomed under
        # "visiting the points in order", then still under "zoomed in here")
        self.walk_states = self.lesson.thetas
        self.wait_for_words("starts at θ = 0")
        self.make_walker()
        self.play(appear(self.walker), appear(self.walker_label),  # the lines step back
                  self.lines.animate.set_stroke(opacity=LINES_UNDER_SHADING),
                  run_time=style.RUN_FADE)
        if beat.state["view"] == "walk":
            self.wait_for_words("zoomed in here")
            self.zoom_weights(self.lesson.walk_box)  # (it draws the lines anew: back again)
            self.lines.set_stroke(opacity=LINES_UNDER_SHADING)
        # the first step, an arrow named by what it adds, as "one step" is said, to the
        # sentence's end (reviews 273, 274: said over a still, then a faint flicker)
        # (its name at full strength: review 323, faint pink at 480p)
        arrow = FastArrow(self.theme.normal, stroke_width=3).set_ends(
            self.weight_point(self.walk_states[0]), self.weight_point(self.walk_states[1]))
        step = VGroup(arrow.set_opacity(0.7), self.step_label_for(0, general=True))
        self.wait_for_words("one step")
        self.play(appear(step), run_time=style.RUN_INTRO)
        self.mark_for_beat(step)

    def cone_drawing(self) -> VGroup:
        """The cone of separators in weight space: the directions of θ no point gets wrong
        (:func:`~linviz.lessons.linear_program.mistake_arcs` with count 0)."""
        return VGroup(*[self.wedge_drawing(start, end)
                        for start, end, count in mistake_arcs(self.lesson.signed) if not count])

    def wedge_drawing(self, start: float, end: float,
                      opacity: float = CONE_OPACITY) -> VGroup:
        """The θ whose directions lie between the angles ``start`` and ``end``: a wedge from
        0 shaded faintly (``opacity``), its two edges dashed."""
        theme, box = self.theme, self.weights.box
        drawn = VGroup(Polygon(*self.wedge(start, end), stroke_width=0,
                               fill_color=theme.correct, fill_opacity=opacity))
        for angle in (start, end):
            edge = ray_end((np.cos(angle), np.sin(angle)), box)
            drawn.add(DashedLine(self.weight_point((0, 0)), self.weight_point(edge),
                                 color=theme.correct, stroke_width=2, dash_length=0.1))
        return drawn

    def draw_cone(self, beat) -> None:
        """The region comes back, faint, at its place in the view (or scaled down to its
        edge), and shrinks toward 0 as the sentence says it (geometrically, each scale the
        last's share), the cone it sweeps out coming with it under θ's dot; then it goes."""
        self.follow_beat(beat)
        self.cone = self.on_weights(self.cone_drawing)
        first, last = self.lesson.cone_sweep_scales(self.weights.box)
        share = ValueTracker(0.0)
        sweeping = always_redraw(lambda: self.scaled_region_drawing(
            first * (last / first) ** share.get_value()))
        self.play(appear(sweeping), run_time=style.RUN_FADE)
        said = self.timeline.said_at(self.in_notation("The updates stop"))
        seconds = max(style.RUN_INTRO, (said or 0.0) - float(self.time) - style.RUN_FADE)
        self.play(share.animate.set_value(1.0), appear(self.cone), run_time=seconds,
                  rate_func=smooth)
        sweeping.clear_updaters()
        self.play(vanish(sweeping), run_time=style.RUN_FADE)
        self.remove(sweeping)
        self.add(self.walker, self.walker_label)  # on top of the cone

    def scaled_region_drawing(self, scale: float) -> VGroup:
        """The region scaled by ``scale`` in the weight plane's view
        (:meth:`~linviz.lessons.linear_program.LinearProgramLesson.region_scaled`): shaded
        as the region, its edges (not the view's) drawn."""
        found = self.lesson.region_scaled(scale, self.weights.box)
        if found is None:
            return VGroup()
        vertices, labels = found
        corners = [self.weight_point(v) for v in vertices]
        edges = VGroup(*[Line(corners[k], corners[(k + 1) % len(corners)],
                              color=self.theme.correct, stroke_width=3)
                         for k, label in enumerate(labels) if label >= 0])
        return VGroup(Polygon(*corners, stroke_width=0, fill_color=self.theme.correct,
                              fill_opacity=REGION_OPACITY), edges)
