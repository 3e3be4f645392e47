"""`quiz-margin`'s large-margin data set halved and back, as it is said
(:attr:`linviz.lessons.quiz.MarginQuizLesson.wide_shrunk`): every point slides toward 0,
the band narrows to γ/2 about θ*'s line (which stays), the reach's circle shrinks to R/2,
γ and R in the heading become the shrunk set's, and (R/γ)² stays: only γ relative to R
counts (review 290: R about 2 in both sets, the ratio was only asserted)."""

from __future__ import annotations

from manim import LEFT, Transform, ValueTracker, smooth

from linviz.lessons.quiz import SHRINK, band_half_width, star_line
from scenes.toolkit import style

#: how long (s) the points take to shrink, and to grow back
SHRINK_SECONDS = 2.0


class ShrinkDrawings:
    """The shrink (a part of :class:`scenes.quiz.MarginQuizScene`: its lesson, the first
    plane standing alone, its band, reach and heading)."""

    def draw_shrink(self, beat) -> None:
        """At "Halve" the points, band and reach go to half; at "halve alike" the heading's
        γ and R and the status become the shrunk set's; (R/γ)², the same, is lit as it is
        said; at "Back to full size" all goes back."""
        lesson, plane = self.lesson, self.planes[0]
        wide, shrunk = lesson.wide, lesson.wide_shrunk
        markers, band = plane.markers, self.stars[0][0]
        a, c = star_line(wide)
        origin = plane.c2p((0.0, 0.0))
        start = markers.positions().copy()
        factor = ValueTracker(1.0)
        # the signs drawn again over the plane stand still: off while the points move (back
        # with the beat's end, :meth:`signs_on_top`)
        layers = getattr(self, "sign_layers", None)
        if layers:
            self.remove(layers[0])

        def place(cloud) -> None:  # each point at s·x, its marker as drawn
            target = origin + factor.get_value() * (start - origin)
            cloud.shift_each(target - cloud.positions())

        markers.add_updater(place)
        band.add_updater(lambda m: m.set_band(a, c, band_half_width(wide) * factor.get_value()))
        reach, heading = self.reaches[0], self.counts[0]
        reach_before, heading_before = reach.copy(), heading.copy()
        # the shrunk set's reach drawn on the plane where it stands now; its heading in the
        # heading's type size, γ and R where they stand
        reach_after = self.reach(shrunk, plane)
        heading_after = self.heading(shrunk, plane)
        for part, now in zip(heading_after, heading):
            part.scale(now.height / part.height).move_to(now, aligned_edge=LEFT)
        self.wait_for_words("Halve")
        self.play(factor.animate.set_value(SHRINK), Transform(reach, reach_after),
                  run_time=SHRINK_SECONDS, rate_func=smooth)
        # the halved numbers written as they are said, not before the points move (review
        # 292: the status gave them first)
        self.wait_for_words("halve alike")
        self.show_words(beat.state["status"])
        self.play(Transform(heading[0], heading_after[0]), Transform(heading[1], heading_after[1]),
                  run_time=style.RUN_FADE)
        self.light_as_said("(R/γ)²", [heading[2]], scale=1.05)
        self.wait_for_words("Back to full size")
        self.show_words(None)  # the halving's status goes with it (review 293)
        self.play(factor.animate.set_value(1.0), Transform(reach, reach_before),
                  *[Transform(now, before) for now, before in zip(heading, heading_before)],
                  run_time=SHRINK_SECONDS, rate_func=smooth)
        markers.clear_updaters()
        band.clear_updaters()
        markers.shift_each(start - markers.positions())
        band.set_band(a, c, band_half_width(wide))
