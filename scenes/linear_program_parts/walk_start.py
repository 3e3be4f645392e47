"""The start of the perceptron's walk in `linear-program`: weight space cleared to θ = 0,
the first step shown as it is said, and the cone of separators it walks into."""

from __future__ import annotations

import numpy as np
from manim import DashedLine, Polygon, VGroup

from linviz.lessons.linear_program import mistake_arcs
from scenes.linear_program_parts.common import CONE_OPACITY, LINES_UNDER_SHADING, ray_end
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.speed.fast_shapes import FastArrow


class WalkStartBeats:
    """The walk's start and its cone (a part of
    :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.walk.WalkBeats`)."""

    def draw_walk_start(self, beat) -> None:
        self.drop_least_inset()
        self.follow_beat(beat)
        leaving = [m for m in (self.diamond, self.star_lines, self.tight_lines) if m is not None]
        self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        self.remove(*leaving)
        if beat.state["view"] == "walk":
            self.zoom_weights(self.lesson.walk_box)
        self.walk_states = self.lesson.thetas
        self.make_walker()
        self.play(appear(self.walker), appear(self.walker_label),  # the lines step back
                  self.lines.animate.set_stroke(opacity=LINES_UNDER_SHADING),
                  run_time=style.RUN_FADE)
        # the first step, an arrow named by what it adds, as "one step" is said, to the
        # sentence's end (reviews 273, 274: said over a still, then a faint flicker)
        step = VGroup(FastArrow(self.theme.normal, stroke_width=3).set_ends(
            self.weight_point(self.walk_states[0]), self.weight_point(self.walk_states[1])),
            self.step_label_for(0)).set_opacity(0.7)
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
        """The cone of separators comes under θ's dot."""
        self.follow_beat(beat)
        self.cone = self.on_weights(self.cone_drawing)
        self.play(appear(self.cone), run_time=style.RUN_INTRO)
        self.add(self.walker, self.walker_label)  # on top of the cone
