"""The runs' last lines, told in `quiz-margin`: the perceptron stops at its first line
with no mistake, which may pass a hair from a point; that point and the line, magnified
where the band's close-up stood (:func:`linviz.lessons.quiz.final_gap_insets`)."""

from __future__ import annotations

import numpy as np
from manim import VGroup, Wait

from linviz.geometry import project_onto_line
from linviz.lessons.quiz import (BAND_INSET_SHARE, band_half_width, final_gap,
                                 final_gap_insets, star_line)
from linviz.lessons.quiz_story import said_gap
from scenes.quiz_parts.gap import perpendicular_gap
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.magnifier import located, magnifier
from scenes.toolkit.plane import Hyperplane, MarginBand
from scenes.toolkit.screen_text import text


class LastLineDrawings:
    """The close-ups of the runs whose last lines pass too near a point to read (a mixin of
    the margin quiz's scene: its lesson, planes, close-up and the place right of the
    planes)."""

    def last_line_insets(self) -> VGroup:
        """The magnified gaps (:func:`linviz.lessons.quiz.final_gap_insets`), one above the
        other right of the planes when there are two."""
        found = final_gap_insets(self.lesson)
        x0, y0, x1, y1 = self.beside_planes()
        if len(found) < 2:
            return VGroup(*[self.last_line_inset(k, box, zoom, (x0, y0, x1, y1))
                            for k, box, zoom in found])
        middle = (y0 + y1) / 2
        return VGroup(*[self.last_line_inset(k, box, zoom, place) for (k, box, zoom), place
                        in zip(found, ((x0, middle + 0.2, x1, y1 - 0.4),
                                       (x0, y0, x1, middle - 0.4)))])

    def last_line_inset(self, k: int, box, zoom: int, beside) -> VGroup:
        """Run ``k``'s gap magnified in the screen box ``beside``: its last line (pink), the
        point nearest it, and the perpendicular between them with its length; the point
        ringed on its plane."""
        run, plane, theme = (self.lesson.wide, self.lesson.narrow)[k], self.planes[k], self.theme
        i, distance = final_gap(run)
        final = run.trace.result
        theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])
        x = np.asarray(run.data.X[i], dtype=float)
        foot = project_onto_line(x, theta, theta0)
        length = text(said_gap(distance), theme, style.FONT_SMALL, theme.highlight)
        with_backdrop(length, theme)

        a, c = star_line(run)

        def drawings(inset):
            line = Hyperplane(inset, theta, theta0, show_normal=False, show_shading=False)
            line.line.set_color(theme.step)
            # θ*'s band, where it crosses the close-up: the gap said "closer than γ" beside
            # the band's edge it is closer than (review 293: nothing to compare)
            band = MarginBand(inset, a, c, band_half_width(run), theme.correct)
            star = Hyperplane(inset, a, c, show_normal=False, show_shading=False,
                              show_notes=False)  # (beyond the close-up: no note of it)
            return VGroup(band, star, line,
                          perpendicular_gap(inset, foot, x, length, theme, buff=0.15))

        # named by its margin, over its frame: two stand one over the other
        inset = magnifier(plane, run.data.X, run.data.y, box, zoom, theme, drawings,
                          lines=[(theta, theta0)], beside=beside, share=BAND_INSET_SHARE,
                          times_font=style.FONT_SMALL, leaders=False,
                          times_words=f"{('large', 'small')[k]} margin", times_above=True,
                          grid=True)
        # the point ringed on its plane and one leader to the close-up (review 276: nothing
        # tied the close-up to its point), from the plane beside the close-ups alone
        # (review 277: from the first, it crossed the second plane)
        ring, leader = located(inset, plane.point(i), plane.ring_radius, theme,
                               leader=k == len(self.planes) - 1)
        return VGroup(inset, ring, leader)

    def draw_stops(self, beat) -> None:
        """The band's close-up gives way to the magnified gaps of the last lines that pass
        too near a point to read, each as its run is named."""
        self.show_words(beat.state["status"])
        self.take_off(self.inset)
        # the runs' last lines lit as they are named, then θ*'s (review 290: 4.5 s still
        # under the sentence's first half)
        self.light_as_said("its first line", [final.line for final in self.finals])
        self.light_as_said("not at θ*", [star[1].line for star in self.stars])
        self.gap_inset = self.last_line_insets()
        # each as its run is named (review 273: both came 8 s before the second was)
        for inset, (k, _, _) in zip(self.gap_inset, final_gap_insets(self.lesson)):
            self.wait_for_words(f"the {('large', 'small')[k]}")  # ("the small's" second)
            self.play(appear(inset), run_time=style.RUN_INTRO)
        # on screen as one group, which leaves as one
        self.remove(*self.gap_inset)
        self.add(self.gap_inset)
        self.play(Wait(style.PAUSE_SHORT))
