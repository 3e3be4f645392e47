"""The example to draw, sketched as the answer names it (reviews 283, 285, 287: "Draw an
example" was answered with two clouds of points, nothing a student could copy): the large
margin's data set as its two classes' hulls (:func:`linviz.lessons.quiz.class_hulls`), its
band about θ*'s line through 0 with γ across it, and the circle of its reach R, where the
strips stood."""

from __future__ import annotations

import numpy as np
from manim import UP, Circle, DashedLine, DashedVMobject, Dot, Line, Polygon, VGroup

from linviz.lessons.quiz import class_hulls, farthest_point, star_line
from scenes.quiz_parts.margin import radius_direction
from scenes.quiz_parts.strips import STRIP_EDGE, STRIP_GAP
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
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
        gamma_name.move_to(at(spot + half / 2 * normal)
                           + 0.22 * np.array([*along, 0.0]))
        with_backdrop(gamma_name, theme)
        band = VGroup(line, edges, gamma, gamma_name)
        circle = DashedVMobject(Circle(radius=scale * reach, color=theme.muted,
                                       stroke_width=2).move_to(centre), num_dashes=40)
        direction = radius_direction(np.asarray(run.data.X[farthest_point(run)], dtype=float),
                                     a)
        radius = Line(centre, at(reach * direction), color=theme.muted, stroke_width=3)
        radius_name = math("R", theme, style.FONT_SMALL).next_to(
            at(1.08 * reach * direction), np.array([*direction, 0.0]), buff=0.02)
        with_backdrop(radius_name, theme)
        # (review 292: a dim small title, 8 px at 480p; no mark of 0, which the line passes)
        title = text("to draw: a large margin", theme, style.FONT_PANEL, theme.text)
        title.next_to(at((0.0, reach)), UP, buff=0.25)
        origin = Dot(centre, radius=0.05, color=theme.text)
        # inside the band (empty of points), off the line
        origin_name = math("0", theme, style.FONT_SMALL).move_to(at(-0.4 * half * normal))
        with_backdrop(origin_name, theme)
        sketch = VGroup(VGroup(title, classes), VGroup(band, origin, origin_name),
                        VGroup(circle, radius, radius_name))
        sketch.classes, sketch.band, sketch.reach = sketch
        return sketch

    def draw_sketch(self) -> None:
        """The sketch, part by part as the answer names it (:data:`SKETCH_WORDS`)."""
        self.sketch = self.example_sketch()
        for words, part in zip(SKETCH_WORDS, self.sketch):
            self.wait_for_words(words)
            self.play(appear(part), run_time=style.RUN_FADE)
