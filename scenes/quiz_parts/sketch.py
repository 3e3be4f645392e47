"""The example to draw, sketched as the answer names it (reviews 283, 285, 287: "Draw an
example" was answered with two clouds of points, nothing a student could copy): the large
margin's data set as its two classes' hulls (:func:`linviz.lessons.quiz.class_hulls`), its
band about θ*'s line through 0 with γ across it, and the circle of its reach R, where the
strips stood; and the examples back beside it for the answer (the proof's plots gone), each
framed as the answer names its kind."""

from __future__ import annotations

import numpy as np
from manim import (UP, Circle, DashedLine, DashedVMobject, Dot, Line, Polygon,
                   SurroundingRectangle, VGroup, Wait)

from linviz.lessons.quiz import class_hulls, farthest_point, star_line
from scenes.quiz_parts.margin import radius_direction
from scenes.quiz_parts.strips import STRIP_EDGE, STRIP_GAP
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.screen_text import math, text

#: the sketch's reach: its circle of radius R spans this share of the room's narrower side
SKETCH_SHARE = 0.8
#: the opacity of a class's hull's fill
HULL_FILL = 0.3
#: the words that bring each part of the sketch, in order: the classes, the band about
#: θ*'s line with γ, the reach R
SKETCH_WORDS = ("far apart", "line through 0", "reach R")


class SketchDrawings:
    """The answer's sketch (a part of :class:`scenes.quiz.MarginQuizScene`: its lesson,
    planes and camera)."""

    def example_sketch(self) -> VGroup:
        """The sketch's three parts (see the module's docstring), right of the planes,
        under its title: ``classes`` (each hull, filled in its class's colour, its sign
        in it), ``band`` (θ*'s line through 0, the band's dashed edges, γ across it),
        ``reach`` (the circle of radius R about 0, a radius named R)."""
        theme, run = self.theme, self.lesson.wide
        frame = self.planes[1].frame
        left = frame.get_right()[0] + STRIP_GAP
        right = self.camera.frame_width / 2 - STRIP_EDGE
        centre = np.array([(left + right) / 2, frame.get_center()[1] - 0.2, 0.0])
        reach = float(run.R)
        scale = SKETCH_SHARE * min(right - left, frame.height) / (2 * reach)

        def at(p) -> np.ndarray:
            return centre + scale * np.array([float(p[0]), float(p[1]), 0.0])

        hulls = class_hulls(run)
        classes = VGroup()
        for hull, colour, sign in zip(hulls, (theme.positive, theme.negative), ("+", "−")):
            shape = (Polygon(*[at(p) for p in hull], color=colour, stroke_width=2,
                             fill_color=colour, fill_opacity=HULL_FILL)
                     if len(hull) >= 3 else VGroup())
            # (as mathematics: in markup a leading "+" starts a numbered list)
            name = math(sign, theme, style.FONT_BODY).set_color(colour)
            name.move_to(at(hull.mean(axis=0)))
            classes.add(VGroup(shape, name))
        a, _ = star_line(run)
        normal = a / float(np.hypot(*a))
        along = np.array([-normal[1], normal[0]])
        half = float(run.gamma)  # θ* of unit length through 0: the band's half-width
        ends = 1.05 * reach * np.array([along, -along])
        line = Line(at(ends[0]), at(ends[1]), color=theme.text, stroke_width=style.LINE_STROKE)
        edges = VGroup(*[DashedLine(at(ends[0] + side * half * normal),
                                    at(ends[1] + side * half * normal), color=theme.correct,
                                    stroke_width=2, dash_length=0.08) for side in (1, -1)])
        # γ across the band where the line is farthest from both hulls' middles
        spot = 0.55 * reach * along
        gamma = Line(at(spot), at(spot + half * normal), color=theme.highlight, stroke_width=3)
        gamma_name = math("gamma", theme, style.FONT_SMALL).set_color(theme.highlight)
        # beside γ's middle, along the line away from 0 (off the band's edges and line)
        gamma_name.move_to(at(spot + half / 2 * normal) + 0.22 * np.array([*along, 0.0]))
        with_backdrop(gamma_name, theme)
        direction = radius_direction(np.asarray(run.data.X[farthest_point(run)], dtype=float),
                                     a)
        band = VGroup(line, edges, gamma, gamma_name,
                      origin_mark(theme, at, 0.4 * half * normal, direction))
        circle = DashedVMobject(Circle(radius=scale * reach, color=theme.muted,
                                       stroke_width=2).move_to(centre), num_dashes=40)
        radius = Line(centre, at(reach * direction), color=theme.muted, stroke_width=3)
        radius_name = math("R", theme, style.FONT_SMALL).next_to(
            at(1.08 * reach * direction), np.array([*direction, 0.0]), buff=0.02)
        with_backdrop(radius_name, theme)
        title = text("to draw: a large margin", theme, style.FONT_PANEL, theme.text)  # (r. 292)
        title.next_to(at((0.0, reach)), UP, buff=0.25)
        sketch = VGroup(VGroup(title, classes), band, VGroup(circle, radius, radius_name))
        sketch.classes, sketch.band, sketch.reach = sketch
        return sketch

    def draw_sketch(self) -> None:
        """The sketch, part by part as the answer names it (:data:`SKETCH_WORDS`)."""
        self.sketch = self.example_sketch()
        for words, part in zip(SKETCH_WORDS, self.sketch):
            self.wait_for_words(words)
            self.play(appear(part), run_time=style.RUN_FADE)

    def examples_back(self, beat) -> None:
        """The proof's plots give way to what stood before them (but the runs' last lines):
        the two data sets with their bands and every data set's M on the strips, so that
        the answer is said beside the examples the quiz asked to draw (review 272: the
        closing frame dropped them). Once: a second answer beat keeps them."""
        before = getattr(self, "before_proof", None)
        if not before:
            return
        self.before_proof = None
        # not the runs' last lines (the storyboard's ``lines``: a line a few pixels from a
        # point, its close-up gone, reads as crossing it)
        before = [m for m in before if all(m is not line for line in self.finals)
                  and (beat.state["strips"] or m is not self.strips)]
        keep = (self.title, self.status)
        plots = [m for m in self.mobjects if all(m is not k for k in keep)]
        self.play(*map(vanish, plots), run_time=style.RUN_FADE)
        self.remove(*plots)
        self.play(*map(appear, before), run_time=style.RUN_FADE)


    def point_out_examples(self, beat) -> None:
        """Each example framed a moment as the answer names its kind: the large margin's
        plane at "far apart", the small one's at "A small margin" (review 273: the answer
        stood 10 s still)."""
        for plane, words in zip(self.planes, ("far apart", "A small margin")):
            # (the large margin pointed out by its sketch, drawn as it is named)
            if (words not in beat.sentence or not self.on_screen(plane)
                    or (plane is self.planes[0] and beat.state["sketch"])):
                continue
            self.wait_for_words(words)
            frame = SurroundingRectangle(plane.frame, buff=0.06, color=self.theme.highlight,
                                         stroke_width=3)
            self.play(appear(frame), run_time=style.RUN_FADE)
            self.play(Wait(style.PAUSE_READ))
            self.play(vanish(frame), run_time=style.RUN_FADE)
            self.remove(frame)


def origin_mark(theme, at, offset: np.ndarray, direction: np.ndarray) -> VGroup:
    """0, which the sketch's line passes, marked by a dot at ``at((0, 0))`` and named ``offset``
    (data units, inside the band) from it, on the side the radius R (``direction``) does not
    take (review 292: 0 unmarked; named on R's side, the name sat on the radius)."""
    side = -1.0 if float(direction @ offset) > 0 else 1.0
    name = math("0", theme, style.FONT_SMALL).move_to(at(side * offset))
    return VGroup(Dot(at((0.0, 0.0)), radius=0.05, color=theme.text), with_backdrop(name, theme))
