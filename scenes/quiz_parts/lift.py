"""`quiz-margin`'s why: θ*'s band on [x, 1] seen edge-on (:class:`linviz.lessons.quiz.LiftSection`),
right of the first plane while it stands alone. The lifted points lie at height 1; θ*'s
boundary on [x, 1] runs from 0 through (d, 1); tilted so, it is nearer the band's edge
point than the half-width h: γ = h/√(1 + d²)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Line, Transform, VGroup, Wait

from linviz import formatting
from linviz.geometry import angle_between
from linviz.lessons.quiz import (LiftSection, edge_points, farthest_point, lift_section,
                                 section_places)
from linviz.lessons.quiz_story import lifted_margin_numbers, line_foot, said_gamma
from scenes.quiz_parts.margin import PANEL_CENTRES
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.markers import Marker
from scenes.toolkit.screen_text import math, text

#: the screen box (x0, y0, x1, y1) the section is drawn in: right of the first plane, below
#: the status line
SECTION_BOX = (-1.6, -2.75, 6.6, 2.2)
#: room (in section units) round the band's two edge points, and above height 1
SECTION_PAD, SECTION_TOP = 0.4, 1.45
#: how long (s) h's segment takes to swing onto γ's
SWING_SECONDS = 1.5
#: the right angle's side at γ's foot (screen units)
RIGHT_ANGLE = 0.14
#: how far above (d) and below (h) the points' height their lengths are drawn, and the
#: half-height of their end ticks (screen units)
DIMENSION_GAP, DIMENSION_TICK = 0.38, 0.09
#: how far (section units) the across-axis reaches left of 0
AXIS_LEFT = 0.12
#: the least s (section units) the lifted points are shown from, edge-on (right of the
#: height's name "1")
ROW_START = 0.08
#: the lifted points' ticks edge-on: half-height (section units) and opacity (behind the two ringed edge
#: points, which are the section's own), and the opacity of the height-1 line under them
ROW_MARKER, ROW_OPACITY, ROW_LINE_OPACITY = 0.06, 0.6, 0.25
#: the step (in section units) between the across-axis's values
SECTION_TICK = 0.5


def dimension(start, end, offset: float, colour, name, side) -> VGroup:
    """A length drawn beside what it measures: the segment from ``start`` to ``end`` (screen
    points) moved ``offset`` up, with end ticks, and ``name`` beyond it on ``side`` (UP or
    DOWN)."""
    shift = np.array([0.0, offset, 0.0])
    line = Line(start + shift, end + shift, color=colour, stroke_width=4)
    ticks = VGroup(*[Line(p + shift + DIMENSION_TICK * UP, p + shift + DIMENSION_TICK * DOWN,
                          color=colour, stroke_width=3) for p in (start, end)])
    return VGroup(line, ticks, name.next_to(line, side, buff=0.1))


def section_scale(section: LiftSection) -> tuple[float, np.ndarray]:
    """One scale for both axes (γ's perpendicular must look perpendicular) and the screen
    point of (0, 0): the section's s from the nearer of 0 and d − h to d + h, with
    :data:`SECTION_PAD` either side, and t from below 0 to :data:`SECTION_TOP`, as large
    as fits :data:`SECTION_BOX`, centred in it."""
    low = min(0.0, section.d - section.h) - SECTION_PAD
    high = section.d + section.h + SECTION_PAD
    bottom, top = -0.3, SECTION_TOP
    x0, y0, x1, y1 = SECTION_BOX
    scale = min((x1 - x0) / (high - low), (y1 - y0 - 0.5) / (top - bottom))
    centre = np.array([(x0 + x1) / 2, (y0 + y1 - 0.5) / 2])
    origin = centre - scale * np.array([(low + high) / 2, (bottom + top) / 2])
    return scale, origin


#: the opacity of the reach's radius while d runs along it (within ALONG_DEGREES)
RADIUS_UNDER_D, ALONG_DEGREES = 0.25, 20.0


def runs_along(a, b) -> bool:
    """Whether the segments from 0 to the points ``a`` and ``b`` run within
    :data:`ALONG_DEGREES` of each other."""
    return angle_between(a, b) <= ALONG_DEGREES

#: the first data set alone (before the edge-on view takes the right): drawn this much
#: larger, its square's centre here (review 280: a small plot in the left third, the rest
#: of the frame empty for 20 s); it moves to its place as the edge-on view comes
ALONE_SCALE, ALONE_CENTRE = 1.15, np.array([0.0, -0.62, 0.0])


class LiftDrawings:
    """The section's drawing and its beats, with d on the plane (a part of
    :class:`scenes.quiz.MarginQuizScene`)."""

    def lift_drawing(self, section: LiftSection, shown: tuple[str, str, str]) -> VGroup:
        """Four parts: the lifted points edge-on (:meth:`edge_on_row`); the axes, how many points lie beyond, and the band's two edge points
        at height 1; θ*'s boundary through 0, and d along height 1; then h along it and γ
        across the boundary, with its right angle. ``shown``: h, d and γ as the status line shows
        them."""
        theme = self.theme
        scale, origin = section_scale(section)

        def at(s: float, t: float) -> np.ndarray:
            return np.array([*(origin + scale * np.array([s, t])), 0.0])

        low = min(0.0, section.d - section.h) - SECTION_PAD
        high = section.d + section.h + SECTION_PAD
        # the across-axis from just left of 0 (left of it nothing is drawn), unless the
        # band reaches past 0
        axes = VGroup(Line(at(low if section.d - section.h < 0 else -AXIS_LEFT, 0),
                           at(high, 0), color=theme.muted, stroke_width=2),
                      Line(at(0, -0.2), at(0, SECTION_TOP), color=theme.muted, stroke_width=2),
                      self.section_ticks(at, low, high))
        # the lifted points themselves are the row (:meth:`edge_on_row`); here how many
        # lie beyond the section either side
        height = self.beyond_section(at, low, high)
        names = VGroup(
            text("seen edge-on: across $theta^*$'s line (→), the appended 1 (↑)", theme,
                 style.FONT_SMALL).set_color(theme.muted)
            .move_to((np.mean(SECTION_BOX[::2]), SECTION_BOX[3] - 0.1, 0)),
            math("0", theme, style.FONT_SMALL).set_color(theme.muted)
            .next_to(at(0, 0), DOWN + LEFT, buff=0.08),
            math("1", theme, style.FONT_SMALL).set_color(theme.muted)
            .next_to(at(0, 1), LEFT, buff=0.12))
        boundary = Line(at(0, 0), at(section.d * SECTION_TOP, SECTION_TOP),
                        color=theme.boundary, stroke_width=style.LINE_STROKE)
        # (named as the line it is: "θ*" alone read as the vector, review 277)
        star = text("$theta^*$'s boundary", theme, style.FONT_SMALL).next_to(
            boundary.get_end(), RIGHT, buff=0.1)
        # the band's two edge points, ringed (a − on the points' height would merge with it)
        markers = VGroup(*[VGroup(Marker(label, theme), Circle(
            radius=style.RING_RADIUS, color=theme.highlight, stroke_width=style.RING_STROKE - 1))
            .move_to(at(section.d + label * section.plus_side * section.h, 1))
            for label in (1, -1)])
        d = dimension(at(0, 1), at(section.d, 1), DIMENSION_GAP, theme.highlight,
                      math(f"d = {shown[1]}", theme, style.FONT_SMALL)
                      .set_color(theme.highlight), UP)
        row = self.edge_on_row(at, (max(low, ROW_START), high))
        return VGroup(row, VGroup(axes, height, names, markers), VGroup(boundary, star, d),
                      self.lift_widths(section, at, shown))

    def edge_on_row(self, at, span) -> VGroup:
        """The wide run's lifted points seen edge-on, each at (s, 1)
        (:func:`linviz.lessons.quiz.section_places`), those with s in ``span`` (from, to),
        over a faint line at height 1 across it (the plane's copy at height 1, edge-on)."""
        run, theme = self.lesson.wide, self.theme
        s = section_places(run)
        inside = (s >= span[0]) & (s <= span[1])
        line = Line(at(span[0], 1), at(span[1], 1), color=theme.muted, stroke_width=1.5,
                    stroke_opacity=ROW_LINE_OPACITY)
        # a rug: a short upright tick in its class's colour each (review 272: markers
        # this close ran together into a smear, "‡‡‡‡")
        up = at(0, ROW_MARKER)[1] - at(0, 0)[1]
        markers = VGroup(*[Line(at(v, 1) + DOWN * up, at(v, 1) + UP * up, stroke_width=2,
                                color=theme.positive if label > 0 else theme.negative)
                           .set_opacity(ROW_OPACITY)
                           for v, label in zip(s[inside], np.asarray(run.data.y)[inside])])
        return VGroup(line, markers)

    def beyond_section(self, at, low: float, high: float) -> VGroup:
        """How many lifted points lie left of the section's row (from :data:`ROW_START`)
        and right of ``high``, at its foot ("not shown: 67 points beyond (66 left, 1 right)"):
        the section shows the part of height 1 round θ*'s line."""
        places = section_places(self.lesson.wide)
        left, right = (int(np.sum(places < max(low, ROW_START))), int(np.sum(places > high)))
        parts = [f"{left} left" if left else "", f"{right} right" if right else ""]
        said = ", ".join(part for part in parts if part)
        if not said:
            return VGroup()
        words = text(f"not shown: {formatting.count(left + right, 'point')} beyond ({said})",
                     self.theme, style.FONT_SMALL).set_color(self.theme.muted)
        words.move_to((0.0, SECTION_BOX[1] + 0.2, 0))
        return words.align_to(at(ROW_START, 0), LEFT)  # right of the height's axis

    def section_ticks(self, at, low: float, high: float) -> VGroup:
        """The across-axis's values every :data:`SECTION_TICK` but 0 (named by the axes'
        corner): the section's scale, one for both axes."""
        ticks = VGroup()
        for k in range(int(np.ceil(low / SECTION_TICK)), int(np.floor(high / SECTION_TICK)) + 1):
            if k == 0:
                continue
            where = at(k * SECTION_TICK, 0)
            ticks.add(Line(where + 0.06 * DOWN, where + 0.06 * UP, color=self.theme.muted,
                           stroke_width=2),
                      math(formatting.number(k * SECTION_TICK, 1), self.theme,
                           style.FONT_SMALL).set_color(self.theme.muted)
                      .next_to(where, DOWN, buff=0.12))
        return ticks

    def lift_widths(self, section: LiftSection, at, shown) -> VGroup:
        """h along height 1 from θ*'s boundary to the outer edge point, and γ from that
        point across the boundary, square to it."""
        theme = self.theme
        h = dimension(at(section.d, 1), at(section.d + section.h, 1), -DIMENSION_GAP,
                      theme.correct, math(f"h = {shown[0]}", theme, style.FONT_SMALL)
                      .set_color(theme.correct), DOWN)
        point, foot = at(*section.point), at(*section.foot)
        gamma = Line(point, foot, color=theme.text, stroke_width=4)
        along = (at(section.d, 1) - at(0, 0)) / np.linalg.norm(at(section.d, 1) - at(0, 0))
        across = (point - foot) / np.linalg.norm(point - foot)
        corner = VGroup(Line(foot + RIGHT_ANGLE * along, foot + RIGHT_ANGLE * (along + across),
                             color=theme.text, stroke_width=2),
                        Line(foot + RIGHT_ANGLE * (along + across), foot + RIGHT_ANGLE * across,
                             color=theme.text, stroke_width=2))
        gamma_name = math(f"gamma = {shown[2]}", theme, style.FONT_SMALL)
        # up and right of the edge point's ring: away from the boundary (up and left of
        # it), off the ring (beside γ's middle it touched it)
        gamma_name.next_to(point + style.RING_RADIUS * 0.75 * (UP + RIGHT), UP + RIGHT,
                           buff=0.04)
        with_backdrop(gamma_name, theme)
        return VGroup(h, gamma, corner, gamma_name)

    def begin_motion(self, beat) -> None:
        """What the beat's state no longer shows leaves as its sentence starts: d on its
        plane, the edge-on section."""
        if beat.state["distance"] is None:
            self.take_off(self.distance_drawn)
            if getattr(self, "radius_under_d", None) is not None:  # back, where d dimmed it
                self.reaches[self.radius_under_d][0][1].set_stroke(opacity=1.0)
                self.radius_under_d = None
        if beat.state["lift"] == 0 and self.lift_drawn is not None:
            self.take_off(*self.lift_drawn)  # its parts came one by one

    def first_set(self) -> VGroup:
        """Every drawing of the first data set's plane made in advance (the plane, θ* and
        its band, the run's last line, the heading, the answer, the reach)."""
        return VGroup(self.planes[0], self.stars[0], self.finals[0], self.counts[0],
                      self.answers[0], self.reaches[0])

    def alone(self, group, back: bool = False):
        """``group`` (a mobject, or its ``.animate``) moved from the first plane's place to
        its place alone, or ``back``: :data:`ALONE_SCALE` times larger about the square's
        centre, which goes to :data:`ALONE_CENTRE`."""
        start = np.array(PANEL_CENTRES[0], dtype=float)
        if back:
            return group.shift(start - ALONE_CENTRE).scale(1 / ALONE_SCALE, about_point=start)
        return group.scale(ALONE_SCALE, about_point=start).shift(ALONE_CENTRE - start)

    def stand_alone(self) -> None:
        """The first data set's drawings go to their place alone (:meth:`alone`), where
        they stand until :meth:`settle_first`; the signs over the planes are made again
        where the planes stand at the beat's end."""
        self.alone(self.first_set())
        self.settled, self.sign_layers = False, None

    def settle_first(self) -> None:
        """The first plane, alone until now, moves to its place (its drawings on screen
        with it, the + and − drawn over them too, those to come at once), making room on
        the right."""
        if getattr(self, "settled", True):
            return
        self.settled = True
        # (the first plane's signs were made where it stood alone: see stand_alone)
        movers = [*self.first_set(), *(getattr(self, "sign_layers", None) or ())[:1]]
        drawn = [m for m in movers if self.on_screen(m)]
        moving = VGroup(*drawn)
        self.play(self.alone(moving.animate, back=True), run_time=style.RUN_INTRO)
        self.remove(moving)
        self.add(*drawn)  # each on its own again, in its order
        for m in movers:
            if m not in drawn:
                self.alone(m, back=True)

    def draw_lift(self, beat) -> None:
        """Why γ on [x, 1] is below the band's half-width, part by part as said: the section
        (:mod:`scenes.quiz_parts.lift`), the lifted points edge-on with the plane's edge
        points ringed, then θ*'s boundary and d as they are named (d comes on the plane
        too)."""
        self.show_words(beat.state["status"])
        self.settle_first()
        if self.lift_drawn is None:
            wide = self.lesson.wide
            width, d = lifted_margin_numbers(wide)
            self.lift_drawn = self.lift_drawing(lift_section(wide), (width, d,
                                                                     said_gamma(wide)))
            # with the section's two edge points, those of the plane ringed (the bridge
            # from the plane to its edge-on view)
            plane = self.planes[0]
            self.lift_drawn[1].add(VGroup(*[
                Circle(radius=plane.ring_radius, color=self.theme.highlight,
                       stroke_width=style.RING_STROKE - 1).move_to(plane.point(i))
                for i in edge_points(wide)]))
        shown = sum(self.on_screen(part) for part in self.lift_drawn)
        wanted = beat.state["lift"]
        if shown < 2 <= wanted:  # the section: the points at height 1, axes, edge points
            self.play(*[appear(part) for part in self.lift_drawn[shown:2]],
                      run_time=style.RUN_INTRO)
            shown = 2
        if shown < wanted:  # the boundary as it is named, d (here and on the plane) as it
            # is (review 277: d came 4 s before it was said)
            self.wait_for_words("θ*'s boundary")
            parts = self.lift_drawn[shown:wanted]
            boundary, star, d = self.lift_drawn[2]
            self.play(*[appear(p) for p in parts if p is not self.lift_drawn[2]],
                      appear(VGroup(boundary, star)), run_time=style.RUN_INTRO)
            self.wait_for_words("at d =")
            self.play(appear(d), run_time=style.RUN_FADE)
            self.remove(boundary, star, d)
            self.add(*parts)
        self.draw_line_distance(beat)

    def draw_distance(self, beat) -> None:
        """γ = h/√(1 + d²): the status line writes it, and the section shows h and γ."""
        self.show_words(beat.state["status"])
        self.draw_line_distance(beat)
        if beat.state["lift"] == 4 and self.lift_drawn is not None:
            self.swing_h_into_gamma()
        self.play(Wait(style.PAUSE_SHORT))

    def swing_h_into_gamma(self) -> None:
        """h, then, as it "shrinks to γ", h's segment along height 1 (from the boundary to
        the edge point) swings about the point onto the perpendicular to the tilted
        boundary, shorter: γ, with its right angle and name (review 274: both at once, the
        why a still)."""
        widths, boundary = self.lift_drawn[3], self.lift_drawn[2][0]
        h, gamma, corner, name = widths
        self.play(appear(h), run_time=style.RUN_FADE)
        start, end = boundary.get_start(), boundary.get_end()
        crossing = start + (end - start) / SECTION_TOP  # the boundary at height 1
        swing = Line(gamma.get_start(), crossing, color=self.theme.text, stroke_width=4)
        self.wait_for_words("shrinks to")
        self.play(appear(swing), run_time=style.RUN_FADE)
        self.play(Transform(swing, gamma.copy()), run_time=SWING_SECONDS)
        self.remove(swing)
        self.add(gamma)
        self.play(appear(VGroup(corner, name)), run_time=style.RUN_FADE)
        self.remove(h, gamma, corner, name)
        self.add(widths)  # one group, which leaves as one

    def draw_line_distance(self, beat) -> None:
        """d of γ = h/√(1 + d²) on the plane the state names (none: nothing), unless it
        stands there already."""
        k = beat.state["distance"]
        if k is not None and not (self.on_screen(self.distance_drawn)
                                  and self.distance_plane == k):
            self.take_off(self.distance_drawn)
            run = (self.lesson.wide, self.lesson.narrow)[k]
            self.distance_drawn, self.distance_plane = self.line_distance_drawing(
                run, self.planes[k]), k
            # the reach's radius steps back while d runs along it (both start at 0)
            radius = self.reaches[k][0][1]
            along = [radius.animate.set_stroke(opacity=RADIUS_UNDER_D)] if runs_along(
                line_foot(run), run.data.X[farthest_point(run)]) else []
            self.radius_under_d = k if along else None
            self.play(appear(self.distance_drawn), *along, run_time=style.RUN_FADE)
