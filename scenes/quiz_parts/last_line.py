"""The runs' last lines, told in `quiz-margin`: the perceptron stops at its first line
with no mistake, which may pass a hair from a point; that point and the line, magnified
where the band's close-up stood (:func:`linviz.lessons.quiz.final_gap_inset`)."""

from __future__ import annotations

import numpy as np
from manim import Circle, Line, VGroup, Wait

from linviz.geometry import project_onto_line
from linviz.lessons.quiz import BAND_INSET_SHARE, final_gap, final_gap_inset
from linviz.lessons.quiz_story import said_gap
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.placement import across
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text


class LastLineDrawings:
    """The close-up of the run whose last line passes nearest a point (a mixin of the
    margin quiz's scene: its lesson, planes, close-up and the place right of the planes)."""

    def last_line_inset(self):
        """The magnified gap: the run's last line (pink), the point nearest it, and the
        perpendicular between them with its length; None when it reads as it is."""
        found = final_gap_inset(self.lesson)
        if found is None:
            return None
        k, box, zoom = found
        run, plane, theme = (self.lesson.wide, self.lesson.narrow)[k], self.planes[k], self.theme
        i, distance = final_gap(run)
        final = run.trace.result
        theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])
        x = np.asarray(run.data.X[i], dtype=float)
        foot = project_onto_line(x, theta, theta0)
        length = text(said_gap(distance), theme, style.FONT_SMALL,
                      theme.highlight)
        with_backdrop(length, theme)

        def drawings(inset):
            line = Hyperplane(inset, theta, theta0, show_normal=False, show_shading=False)
            line.line.set_color(theme.step)
            gap = Line(inset.c2p(foot), inset.c2p(x), color=theme.highlight, stroke_width=3)
            side = across(gap.get_end() - gap.get_start(), towards=np.array([1.0, -1.0]))
            return VGroup(line, gap, length.copy().next_to(gap.get_center(), side, buff=0.15))

        # the point ringed on its plane, in the close-up's colour (its square there would
        # be a pixel wide)
        ring = Circle(radius=plane.ring_radius, color=theme.highlight,
                      stroke_width=style.RING_STROKE - 1).move_to(plane.point(i))
        return VGroup(magnifier(plane, run.data.X, run.data.y, box, zoom, theme, drawings,
                                lines=[(theta, theta0)], beside=self.beside_planes(),
                                share=BAND_INSET_SHARE, times_font=style.FONT_BODY,
                                leaders=False), ring)

    def draw_stops(self, beat) -> None:
        """The band's close-up gives way to the magnified gap of the last line that passes
        nearest a point, while that is said."""
        self.show_words(beat.state["status"])
        self.take_off(self.inset)
        self.gap_inset = self.last_line_inset()
        if self.gap_inset is not None:
            self.play(appear(self.gap_inset), run_time=style.RUN_INTRO)
        self.play(Wait(style.PAUSE_SHORT))
