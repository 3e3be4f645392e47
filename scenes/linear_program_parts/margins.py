"""The margins of `linear-program`'s two separators drawn on the data plane as they are
said (review 263: the margins were only numbers, "0.26 against 0.042" not seen): each
one's band, the points within its margin of its line on the side of the point that
sets it, shaded faintly in its colour; θ*'s reaching its dashed line θ*ᵀx = ±1, the
perceptron's a dashed line of its own; before them, θ*'s lines beside the perceptron's as
the two are compared."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, DashedLine, Line, Polygon, VGroup

from linviz.geometry import clip_line, strip_polygon
from scenes.toolkit import style
from scenes.toolkit.circles import origin_circle_in_box
from scenes.toolkit.layout import appear, lit, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.placement import DIRECTIONS, detached, leader_line
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import math

#: the opacity of a margin band's shade
BAND_OPACITY = 0.2
#: the perceptron's margin magnified between the planes: its room's gap from the data
#: plane's edge, and from the weight plane's edge (its tick values stand there)
MAGNIFIER_GAP, MAGNIFIER_TICKS = 0.1, 0.5


class MarginBands:
    """The separators' margin bands (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def draw_margins(self, beat) -> None:
        """θ*'s band (the beat's ``bands["star"]``, 1/‖θ*‖) in the boundary's colour and
        the perceptron's (``bands["run"]``, its least y·score over ‖θ‖), its edges dashed,
        in θ's; the points that set them ringed (the beat's state); both leave with the
        next sentence."""
        self.follow_beat(beat)
        theme, lesson, widths = self.theme, self.lesson, beat.state["bands"]
        # each separator's nearest points ringed in its colour (review 298: three alike
        # rings did not say which line each set)
        for i in map(int, lesson.tight):
            if i in self.rings and i != int(lesson.least_point):
                self.rings[i].set_color(theme.boundary)

        # each from its line toward the point that sets it (review 312: ±margin here, one
        # side in the margin's beat: two conventions)
        star_side = float(np.sign(lesson.data.y[int(lesson.tight[0])]))
        run_side = float(np.sign(lesson.data.y[int(lesson.least_point)]))

        def both(plane) -> VGroup:
            return VGroup(self.margin_band(lesson.theta_star, widths["star"], theme.boundary,
                                           dashed=False, plane=plane, side=star_side),
                          self.margin_band(lesson.thetas[-1], widths["run"], theme.normal,
                                           dashed=True, plane=plane, side=run_side))

        groups = [both(self.plane)]
        # in the close-ups of the two separators' lines too (review 265: 0.052 against
        # 0.041 were 2-pixel bands in the plane; magnified, the two widths are seen)
        insets = getattr(self, "compare_insets", None)
        if insets is not None and self.on_screen(insets):
            groups += [both(magnified[2]) for magnified in insets]
        # θ*'s as its margin is said, the perceptron's as its is (reviews 318 bench: both
        # at once, then 12 s of a still)
        self.play(*[appear(group[0]) for group in groups], run_time=style.RUN_FADE)
        # the perceptron's magnified round the point that sets it, with it, where no
        # close-up stands (reviews 326: 0.042 was a hairline on the plane; reviews 340: at
        # "narrower", the sentence's last word, it flashed for a second)
        close = None if len(groups) > 1 else lesson.line_inset(lesson.thetas[-1])
        inset = (self.margin_magnifier(close, both) if close is not None
                 and self.timeline.said_at("narrower") is not None else None)
        self.wait_for_words("The perceptron's")
        self.play(*[appear(group[1]) for group in groups],
                  *([appear(inset)] if inset is not None else []), run_time=style.RUN_FADE)
        bands = VGroup(*groups[0], *groups[1:])  # (the plane's two, then the close-ups')
        self.remove(*[part for group in groups for part in group])
        self.add(bands)
        self.mark_for_beat(bands)
        self.margin_bands = bands
        # the point that sets it lit as its least label times score is said (bench 352:
        # a 7 s still)
        least = self.rings.get(int(lesson.least_point))
        if least is not None:
            self.light_as_said("least label times score", [least])
        # the narrower of the two lit as it is said so (the bench: 9 s of a still after)
        if inset is not None:
            self.mark_for_beat(inset)
            self.wait_for_words("narrower")
            self.play(lit(groups[0][1], theme), run_time=style.PAUSE_READ)
            return
        for said in ("narrower", "wider"):
            self.light_as_said(said, [group[1] for group in groups])

    def margin_magnifier(self, close, both) -> VGroup:
        """The two bands (``both(plane)``) magnified round the perceptron's nearest point
        (``close``: the lesson's line inset of its θ) in the gap between the two planes,
        level with it, "×zoom" under it."""
        lesson, frame = self.lesson, self.weights.frame
        _, box, zoom = close
        # (over the data plane it hid θ*'s "+1"; in the weight plane's lower right, its
        # leaders crossed from one plane into the other: reviews 329)
        data = self.plane.frame
        gap = (data.get_right()[0] + MAGNIFIER_GAP, data.get_bottom()[1],
               frame.get_left()[0] - MAGNIFIER_TICKS, data.get_top()[1])
        return magnifier(self.plane, lesson.data.X, lesson.data.y, box, zoom, self.theme,
                         both, lines=[(lesson.theta_star, 0.0), (lesson.thetas[-1], 0.0)],
                         beside=gap)

    def margin_band(self, theta, width: float, colour: str, dashed: bool, plane=None,
                    side: float = 1.0) -> VGroup:
        """The points of ``plane`` (the data plane by default, or a close-up of it) between
        the line θᵀx = 0 and its parallel ``width`` away on ``side`` (+1: where θᵀx > 0;
        the nearest point's side: the margin is measured from the line to it, one way,
        as in the margin's own beat), shaded in ``colour``; the far edge, θᵀx =
        side·width·‖θ‖, dashed too when ``dashed``."""
        plane = self.plane if plane is None else plane
        theta = np.asarray(theta, dtype=float)
        norm = float(np.hypot(*theta))
        band = VGroup()
        # centred on θᵀx = side·½·width·‖θ‖, half as wide
        polygon = strip_polygon(theta, -0.5 * side * width * norm, 0.5 * width, plane.box)
        if polygon is not None:
            band.add(Polygon(*plane.c2p_many(polygon), stroke_width=0, fill_color=colour,
                             fill_opacity=BAND_OPACITY))
        ends = clip_line(theta, -side * width * norm, plane.box) if dashed else None
        if ends is not None:
            band.add(DashedLine(plane.c2p(ends[0]), plane.c2p(ends[1]), color=colour,
                                stroke_width=2, dash_length=0.12))
        return band

    def draw_bound(self, beat) -> None:
        """The notes' bound said over what sets its R: the farthest point's reach drawn from
        0, a dashed radius to the ringed point, named R, and the circle ‖x‖ = R, as the
        bound is named (review 274: the ending stood still for 23 s)."""
        self.follow_beat(beat)
        self.drop_least_inset()
        lesson, theme = self.lesson, self.theme
        for ring in self.rings.values():  # (one ringed in θ*'s colour may stay)
            ring.set_color(theme.highlight)
        far = np.asarray(lesson.data.X[beat.state["ringed"][0]], dtype=float)
        start, end = self.plane.c2p((0.0, 0.0)), self.plane.c2p(far)
        name = with_backdrop(math("R", theme, style.FONT_SMALL), theme)
        # beside the radius's middle, off the lines drawn there (θ*'s and its margins',
        # the run's) and the radius (review 277: "R" sat on θ*'s line)
        drawn = [("segment", start, end), (lesson.thetas[-1], 0.0)] + [
            (lesson.theta_star, shift) for shift in (0.0, -1.0, 1.0)]
        self.place_beside(name, (start + end) / 2, 0.08, rings=2,
                          lines=self.line_boxes(drawn))
        # solid, in the circle's grey: the margins' lines are dashed white (review 277: the
        # radius ran along one, and read as it), the run's line is θ's colour
        lines = VGroup(origin_circle_in_box(self.plane, float(np.hypot(*far)), theme.muted),
                       Line(start, end, color=theme.muted, stroke_width=3.5))
        self.wait_for_words("R = ")
        self.play(Create(lines), appear(name), run_time=style.RUN_INTRO)
        self.remove(lines, name)
        reach = VGroup(lines, name)
        self.add(reach)  # one group, which leaves with the sentence
        # under θ*'s lines and their names (review 305: the circle crossed "θ*ᵀx = −1")
        star = getattr(self, "star_lines", None)
        if star is not None and star in self.mobjects:
            self.mobjects.remove(reach)
            self.mobjects.insert(self.mobjects.index(star), reach)
        self.mark_for_beat(reach)
        self.light_as_said("farthest point", list(self.rings.values()))
        if self.status is not None:  # the bound, as it is named
            self.light_as_said("is about", [self.status])

    def star_margin_drawing(self, words: str) -> VGroup:
        """θ*'s margin in data space, marked for the sentence: a segment from θ*'s line,
        perpendicular, to its first tight point, 1/‖θ*‖ long (the point's y·score is 1),
        named ``words`` (Typst: "1/‖θ*‖ = 0.256") beside its middle, off θ*'s lines, over
        the margin it measures shaded: from the line to θ*ᵀx = ±1 on the point's side
        (review 311: the band ±1/‖θ*‖, twice the margin, read as it)."""
        lesson, plane, theme = self.lesson, self.plane, self.theme
        star = np.asarray(lesson.theta_star, dtype=float)
        k = int(lesson.tight[0])
        point = np.asarray(lesson.data.X[k], dtype=float)
        foot = point - float(star @ point) / float(star @ star) * star
        segment = Line(plane.c2p(foot), plane.c2p(point), color=theme.highlight,
                       stroke_width=4)
        name = with_backdrop(math(words, theme, style.FONT_SMALL)
                             .set_color(theme.highlight), theme)
        middle = (segment.get_start() + segment.get_end()) / 2
        star_lines = getattr(self, "star_lines", None)  # off "θ*ᵀx = ±1" (review 311)
        taken = (getattr(star_lines, "level_names", []) if star_lines is not None
                 and self.on_screen(star_lines) else [])
        # first tried on the point's side, past the band (review 313: on the far side of
        # θ*'s line, with no leader, it named nothing)
        out = segment.get_end() - segment.get_start()
        preferred = int(np.argmax(DIRECTIONS @ out[:2] / np.linalg.norm(DIRECTIONS, axis=1)))
        self.place_beside(name, middle, 0.1, taken, rings=3, clear=True, preferred=preferred,
                          lines=self.line_boxes(
                              [("segment", segment.get_start(), segment.get_end())]
                              + [(star, level) for level in (0.0, 1.0, -1.0)]))
        if detached(middle, name):  # joined to the segment it names
            name.add(leader_line(middle, 0.0, name, theme.highlight))
        # on the point's side (:meth:`margin_band`)
        band = self.margin_band(star, 1.0 / float(np.hypot(*star)), theme.highlight,
                                dashed=False, side=float(np.sign(lesson.data.y[k])))
        drawn = VGroup(band, segment, name)
        self.mark_for_beat(drawn)
        return drawn

    def draw_compare(self, beat) -> None:
        """θ*'s lines come beside the perceptron's; the status line says which is which (a
        name on the plane would sit on the points the lines pass between)."""
        self.follow_beat(beat)
        self.star_lines = self.star_drawings(shaded=False)
        # two lines' sides shaded over each other would muddy the data: the lines alone
        shade = self.run_line.shade if self.run_line is not None else None
        self.play(appear(self.star_lines), *([shade.animate.set_fill(opacity=0)] if shade
                                             is not None else []), run_time=style.RUN_FADE)
        if beat.state["inset"] == "compare":  # the lines too close to tell apart: magnified
            star, theta, theme = self.lesson.theta_star, self.lesson.thetas[-1], self.theme

            def drawings(inset):
                run = Hyperplane(inset, theta, 0.0, show_normal=False, show_notes=False,
                                 show_shading=False)
                run.line.set_color(theme.normal)
                return VGroup(self.star_lines_on(inset), run)

            self.least_inset = self.compare_insets = self.tight_magnifiers(
                drawings, [(star, level) for level in (0.0, 1.0, -1.0)] + [(theta, 0.0)])
            self.play(appear(self.least_inset), run_time=style.RUN_FADE)
        # θ* and the perceptron's θ lit as each is said (review 265: a 10 s still)
        if self.star_dot is not None and self.on_screen(self.star_dot):
            self.wait_for_words("The programme")
            # in θ*'s own white (review 303: lit yellow, the perceptron's colour, it read
            # as θ for half a second)
            self.play(lit(self.star_dot[0], self.theme, 1.6, self.theme.boundary),
                      run_time=style.PAUSE_READ)
        self.wait_for_words("the perceptron")
        self.play(lit(self.walker, self.theme, 1.6), run_time=style.PAUSE_READ)
