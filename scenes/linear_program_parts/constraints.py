"""The beats of `linear-program` in weight space up to the solution: one point's constraint
as a half-plane (and the duality, both ways), all of them with the feasible region or, on
data no line through 0 separates, the shading by mistakes; the objective's diamond, θ*."""

from __future__ import annotations

import numpy as np
from manim import Create, DashedLine, Dot, Polygon, ValueTracker, VGroup, VMobject, linear

from linviz.geometry import clip_line
from linviz.lessons.linear_program_story import status_said_first
from scenes.linear_program_parts.common import (DIAMOND_SHORT, FADED_LINES, LINE_OPACITY_ONE_OF,
                                                TOUCH_SECONDS, band_dashes)
from scenes.linear_program_parts.duality import DualityBeats
from scenes.linear_program_parts.fewest import FewestBeats
from scenes.linear_program_parts.keys import ShadingKeys
from scenes.linear_program_parts.programme_card import ProgrammeCard
from scenes.linear_program_parts.region import RegionDrawings
from scenes.toolkit import style
from scenes.toolkit.circles import origin_circle_in_box
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.markers import signs_over
from scenes.toolkit.placement import across, box_around, box_of, least_covered, segment_boxes
from scenes.toolkit.plane import DataVector, Hyperplane
from scenes.toolkit.vectors import axis_guides, tip_leader
from scenes.toolkit.screen_text import math

#: the stroke of the least ‖θ‖'s circle, as the diamond's (:meth:`diamond_at`)
WIDEST_STROKE = 4
#: "+1"/"−1": places along their lines from the end, gaps from them, a line's weight under
LEVEL_NAME_ALONG, LEVEL_NAME_GAPS, LEVEL_LINE_WEIGHT = (0.35, 0.6, 1.0, 1.3), (0.08, 0.16), 20


class ConstraintBeats(ShadingKeys, RegionDrawings, FewestBeats, ProgrammeCard, DualityBeats):
    """Weight space drawn beat by beat, from one constraint to θ* (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def draw_one_constraint(self, beat) -> None:
        """The weight plane as it is named; point i ringed and named, its constraint's
        half-plane and line as the constraint is said; y⁽ⁱ⁾x⁽ⁱ⁾ in data space at
        "perpendicular"; the line's distance from 0 at "1/‖x"."""
        i, theme = beat.state["shown"], self.theme
        score = beat.state["constraint_score"]  # 1: its constraint's line; 0: through 0
        a = self.lesson.signed[i]
        self.shown_half = Hyperplane(self.weights, a, -score, show_normal=False,
                                     show_notes=False)
        # in the colour of θ meeting constraints (review 311: the + colour read otherwise)
        self.shown_half.shade.set_fill(theme.correct)
        self.shown_line = self.on_weights(lambda: self.constraint_line(i, theme.step, 3,
                                                                       score=score))
        self.shown_normal, foot = self.weight_normal(a, score, i)
        # the point's own index, as the sentence names it (review 305: a general i)
        self.shown_label = math(f"1 \\/ norm(x^(({i + 1})))", theme, style.FONT_PANEL).set_color(
            theme.step)
        # in data space, y⁽ⁱ⁾x⁽ⁱ⁾, the line's normal: k times longer where it would be a
        # speck (the lesson's k, on its label); for a − point, x⁽ⁱ⁾ dashed from 0 first
        k = self.lesson.shown_arrow_factor
        name = f"y^(({i + 1})) x^(({i + 1}))" if k == 1 else f"{k} y^(({i + 1})) x^(({i + 1}))"
        self.shown_vector = DataVector(self.plane, (0, 0), k * a, theme.step, name)
        if self.lesson.data.y[i] < 0:
            point = self.lesson.data.X[i]
            self.shown_vector.add(DashedLine(self.plane.c2p((0, 0)), self.plane.c2p(point),
                                             color=theme.step, stroke_width=2,
                                             dash_length=0.08, stroke_opacity=0.7))
        arrow = self.shown_vector.arrow  # the point's name keeps off it
        # two rings out, a leader where near ones cover markers (review 283), named as the
        # sentence starts (reviews 334); "scaled up" written as said (reviews 338)
        self.set_rings(list(beat.state["ringed"]))
        # ("scaled up", the next beat's; its arrows' part as they come: reviews 353, 2 s
        # before them)
        self.set_status(status_said_first(beat.state["status"]))
        self.name_rings(2, lines=[("segment", arrow.get_start(), arrow.get_end())])
        # the arrow's name off the point's (reviews 357 layout: "7" hidden under it)
        self.shown_vector.avoid.target.extend([*self.named_rings, *axis_guides(self.plane)])
        self.shown_vector.refresh_label()
        self.shown_vector.add(signs_over(self.plane, self.shown_vector.arrow.tip, theme))
        # (reviews 334: a name over the + cloud)
        self.shown_vector.add(*tip_leader(self.shown_vector, theme.step))
        with_backdrop(self.shown_label, theme)
        # behind the arrow's tail, away from the line (a marker under the arrow's head is
        # drawn again over it); then y⁽ⁱ⁾x⁽ⁱ⁾ and the distance as said (review 273)
        shaft = self.weight_point(foot) - self.weight_point((0, 0))
        self.shown_label.next_to(self.weight_point((0, 0)),
                                 -shaft / max(float(np.linalg.norm(shaft)), 1e-9), buff=0.1)
        self.wait_for_words("on one side of a line")
        self.play(appear(self.shown_half), appear(self.shown_line), run_time=style.RUN_FADE)
        self.wait_for_words("perpendicular")
        self.set_status(beat.state["status"])
        self.play(appear(self.shown_vector), appear(self.shown_normal),
                  run_time=style.RUN_FADE)
        if score:  # its distance from 0, as said
            self.wait_for_words("1/‖x")
            self.play(appear(self.shown_label), run_time=style.RUN_FADE)

    def draw_constraint_sign(self, beat) -> None:
        """The shown constraint's sentence after (reviews 347: three ideas in one): for a −
        point, x⁽ⁱ⁾ turned onto y⁽ⁱ⁾x⁽ⁱ⁾ as its flip is said; where its line is through 0,
        its constraint's line, dashed, as scaling up is said (review 313)."""
        i, theme = beat.state["shown"], self.theme
        self.flip_as_said(i, self.lesson.shown_arrow_factor * self.lesson.signed[i])
        if not beat.state["constraint_score"]:
            self.wait_for_words("Scaled up")
            self.set_status(beat.state["status"])
            level = VGroup(self.constraint_line(i, theme.step, 2, score=1.0, dashed=True),
                           *self.level_name(i))  # (reviews 322: the dashed line unnamed)
            self.play(appear(level), run_time=style.RUN_FADE)
            self.remove(level)
            self.shown_normal.add(level)  # (on screen as its part)
            # its name lit as what it asks is said (bench 360: a 6 s still)
            self.light_as_said("at least 1", [level])
        else:  # its multiples and dashed line, drawn before, lit as scaling up is said,
            # the status line as the constraint is (bench 351-352: a 6 s still after the
            # flip)
            self.light_as_said("Scaled up", [self.shown_normal])
            if self.status is not None:
                self.light_as_said("at least 1", [self.status])

    def draw_all_constraints(self, beat) -> None:
        """Every constraint's line in weight space: on data a line through 0 separates,
        one at a time as said, the region of those so far shrinking (its last shape
        standing for the next beat, :meth:`draw_region_left`); else swept in, and where
        the beat says, weight space shaded by mistakes under them."""
        theme, lesson = self.theme, self.lesson
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(None)  # its own as its part comes (review 274: 3 s before it)
        narrowed = self.narrowed  # the lines the narrowing drew (slid through 0), or None
        if narrowed is None:
            self.drop_constraint_shown()
        if self.weights.box != lesson.weight_box:  # out from one line to all of them
            self.zoom_weights(lesson.weight_box)
        # the half-planes overlapping one at a time (review 296: never seen)
        self.shrunk = None
        if narrowed is None and lesson.feasible:
            self.shrunk = self.shrink_region()
            narrowed = self.narrowed
        # each fainter the more there are, at y·score 1 (through 0 where no θ meets them
        # all: the state's constraint score)
        opacity = float(np.clip(LINE_OPACITY_ONE_OF / lesson.n, FADED_LINES, 0.8))
        level = self.line_level = ValueTracker(1.0 if self.shrunk is not None
                                               else beat.state["constraint_score"])

        def make() -> VGroup:
            return VGroup(*[self.constraint_line(i, theme.muted, 1.5, score=level.get_value())
                            .set_stroke(opacity=opacity) for i in range(lesson.n)])

        self.lines = self.on_weights(make)  # swept in (review 273: all at once)
        drawn = 0 if narrowed is None else len(narrowed)
        if narrowed is not None:  # (each line on screen by itself)
            self.remove(*narrowed)
            self.narrowed = None
        self.add(*self.lines[:drawn])
        if drawn < lesson.n:
            self.play(Create(VGroup(*self.lines[drawn:]), lag_ratio=min(0.5, 4.0 / lesson.n)),
                      run_time=2 * style.RUN_INTRO)
        self.add(self.lines)
        if beat.state["wrong_shading"]:  # under the lines: how many points each θ gets wrong
            # (its last part, the solver's word where there is one, as said: reviews 331,
            # "infeasible" flashed 5 s early)
            self.set_status(status_said_first(beat.state["status"]))
            self.wrong_shading = self.on_weights(self.wrong_shading_drawing)
            self.wrong_key_drawn = self.key_beside(self.wrong_key())
            self.wrong_shading.add(self.wrong_key_drawn)
            # the lines leave: the shading's borders are rays from 0, where each sign
            # changes (a trace of the lines would cross "the same all along its ray")
            self.play(appear(self.wrong_shading), self.lines.animate.set_stroke(opacity=0.0),
                      run_time=style.RUN_INTRO)
            self.add(self.lines)

    def draw_region_left(self, beat) -> None:
        """The feasible region, where the half-planes overlap, in the last shrunk shape's
        place as it is said; its edges' lines numbered and their points ringed as said; the
        lines step back (reviews 332: a tangle of 20 round the region's edges)."""
        lesson = self.lesson
        self.region = self.on_weights(self.region_drawing)
        shrunk = getattr(self, "shrunk", None)
        self.wait_for_words("region still shaded")
        self.set_status(beat.state["status"])
        self.play(appear(self.region), *([vanish(shrunk)] if shrunk is not None else []),
                  run_time=style.RUN_INTRO)
        if shrunk is not None:
            self.remove(shrunk)
            self.shrunk = None
        # lit as what it holds is said (bench 360: a 6 s still till its edges)
        self.light_as_said("meeting them all", [self.region])
        if lesson.edge_lines:  # as said (the wait here, where the words test sees it)
            self.wait_for_words("numbered")
            self.number_edges(beat)
        self.play(self.lines.animate.set_stroke(opacity=FADED_LINES), run_time=style.RUN_FADE)
        self.set_rings(list(beat.state["ringed"]))  # (where no edge is numbered)

    def number_edges(self, beat) -> None:
        """The lines the region's edges lie on numbered, their points ringed and named in
        data space."""
        numbers = self.on_weights(lambda: self.line_numbers(
            self.lesson.edge_lines, score=1.0, colour=self.theme.correct,
            along=self.region_edges(), keep_off=self.region_inside()))
        self.set_rings(list(beat.state["ringed"]))
        self.play(appear(numbers), run_time=style.RUN_FADE)
        self.mark_for_beat(numbers)
        self.name_rings(2)

    def diamond_at(self, c: float) -> VMobject:
        corners = [(c, 0), (0, c), (-c, 0), (0, -c)]
        # (in the highlight, thicker than the constraints' lines: reviews 331, in their grey
        # and weight it was lost among them)
        return Polygon(*[self.weight_point(p) for p in corners], stroke_width=WIDEST_STROKE,
                       color=self.theme.highlight, fill_opacity=0)

    def draw_star_margin(self, beat) -> None:
        """θ*'s margin drawn as it is said (:meth:`star_margin_drawing`), till the next
        sentence."""
        self.wait_for_words("the nearest point's distance")
        margin = self.star_margin_drawing(beat.state["margin_name"])
        self.play(appear(margin), run_time=style.RUN_FADE)

    def draw_widest(self, beat) -> None:
        """The other objective's status, then the circle of the least ‖θ‖ touching the
        region at the widest separator (θ*, or a dot of its own), as said (review 303)."""
        self.follow_beat(beat)
        widest = np.asarray(self.lesson.widest_theta, dtype=float)
        # solid and as heavy as the diamond (reviews 367: dashed and thin inside it, missed)
        circle = self.on_weights(lambda: VGroup(
            origin_circle_in_box(self.weights, float(np.hypot(*widest)), self.theme.text,
                                 dashed=False).set_stroke(width=WIDEST_STROKE),
            *([] if self.lesson.widest_is_star else
              [Dot(self.weight_point(widest), radius=0.05, color=self.theme.text)])))
        self.wait_for_words("the smallest circle")
        self.play(appear(circle), run_time=style.RUN_FADE)
        self.mark_for_beat(circle)
        # where it touches, lit as said (bench 352: a 7 s still)
        self.light_as_said("touches it", [self.star_dot if self.lesson.widest_is_star
                                          else circle[-1]])

    def draw_objective(self, beat) -> None:
        """A θ round the region, separating, as that is said, till the next sentence."""
        self.set_rings(list(beat.state["ringed"]))
        going = self.go_round_region(beat.state["samples"])
        if len(going):
            self.mark_for_beat(going)

    def draw_diamond(self, beat) -> None:
        """The objective written as it is said; its diamond grows towards the region, short
        of it, as it is named (review 310: it grew before it was named)."""
        self.set_status(beat.state["status"])
        self.light_as_said("the smallest", [self.status])  # (reviews 318: an 11 s still)
        self.wait_for_words("The θ with")
        c = beat.state["diamond"]
        size = ValueTracker(1e-6 * c)
        self.diamond = self.diamond_at(1e-6 * c)
        self.diamond.add_updater(lambda d: d.become(self.diamond_at(size.get_value())))
        self.add(self.diamond)
        # the lines that are no edge of the region step back under it as it comes; it grows
        # to the sentence's end (reviews 360: grown in 3 s, it stood still through "growing
        # with s")
        self.play(self.lines.animate.set_stroke(opacity=FADED_LINES),
                  size.animate.set_value(DIAMOND_SHORT * c),
                  run_time=max(style.RUN_PARAMETER * 2.5, self.time_left()), rate_func=linear)
        self.diamond.clear_updaters()
        self.diamond.become(self.diamond_at(DIAMOND_SHORT * c))

    def grow_diamond_to_touch(self, c: float) -> None:
        """The diamond grows on from :data:`DIAMOND_SHORT` of ``c`` to ``c``, where it
        touches the region, over :data:`TOUCH_SECONDS` (while the solver's θ* is named:
        review 269, grown in 1.4 s it left 10 s still)."""
        size = ValueTracker(DIAMOND_SHORT * c)
        self.diamond.add_updater(lambda d: d.become(self.diamond_at(size.get_value())))
        self.play(size.animate.set_value(c), run_time=TOUCH_SECONDS, rate_func=linear)
        self.diamond.clear_updaters()
        self.diamond.become(self.diamond_at(c))

    def draw_solution(self, beat) -> None:
        theme, star = self.theme, self.lesson.theta_star
        self.set_rings(list(beat.state["ringed"]))
        self.grow_diamond_to_touch(beat.state["diamond"])
        # θ*'s numbers as its dot comes (review 302: written before the diamond grew)
        self.set_status(beat.state["status"])
        # θ* in white, as its boundary in data space (θ, the perceptron's, is yellow)
        label = math("theta^*", theme, style.FONT_LABEL).set_color(theme.boundary)
        with_backdrop(label, theme)

        def make():
            box = self.weights.box
            if box.x_min < star[0] < box.x_max and box.y_min < star[1] < box.y_max:
                return self.star_mark(label.copy())
            return self.star_pointer(label.copy())

        self.star_dot = self.on_weights(make)
        self.play(appear(self.star_dot), run_time=style.RUN_FADE)

    def star_drawings(self, shaded: bool = True) -> VGroup:
        """θ*'s boundary in data space (shaded, with its normal) and the dashed θ*ᵀx = ±1,
        each named by its equation, "θ*ᵀx = +1" near its upper end, "θ*ᵀx = −1" near its
        lower end (review 303: "+1" alone read as a data marker) (apart,
        however close the lines), as near it as keeps the name inside the square (on its
        edge it would stand among the tick values: "−3 −1")."""
        theme, star, plane = self.theme, self.lesson.theta_star, self.plane
        drawn = self.star_lines_on(plane, shaded)
        normal = plane.c2p(star) - plane.c2p((0, 0))
        x0, y0, x1, y1 = plane.square_bounds()
        # kept off θ*'s three lines, the axes, the markers (review 271: "+1" on its line)
        box = plane.box
        lines = [clip_line(star, -level, box) for level in (0.0, 1.0, -1.0)]
        lines += [((box.x_min, 0.0), (box.x_max, 0.0)), ((0.0, box.y_min), (0.0, box.y_max))]
        # and off the perceptron's last line, drawn beside θ*'s later (its names stay)
        if self.lesson.run is not None and np.any(self.lesson.thetas[-1]):
            lines.append(clip_line(np.asarray(self.lesson.thetas[-1], dtype=float), 0.0, box))
        # and off the ringed points' names standing (each as heavy as a text)
        standing = self.named_rings.submobjects if self.on_screen(self.named_rings) else []
        names = [box_of(m, pad=0.05) for m in standing]
        blocked = np.vstack([box_around(plane.markers.positions(), plane.marker_size), *names,
                             *[segment_boxes(plane.c2p(a), plane.c2p(b), 0.04, samples=40)
                               * [1, 1, 1, 1, LEVEL_LINE_WEIGHT]
                               for a, b in filter(lambda e: e is not None, lines)]])
        for level, word in ((1.0, "theta^(* T) x = +1"), (-1.0, "theta^(* T) x = -1")):
            ends = clip_line(star, -level, plane.box)
            if ends is None:
                continue
            screen = [plane.c2p(e) for e in ends]
            end, other = sorted(screen, key=lambda p: -level * p[1])
            inward = (other - end) / max(float(np.linalg.norm(other - end)), 1e-9)
            name = math(word, theme, style.FONT_SMALL).set_color(theme.boundary)
            with_backdrop(name, theme)
            side = level * across(inward, towards=normal)
            # inside the square, near its end first: the place covering least (first of
            # equals), its gap from the line to the name's near edge, not its centre
            # (review 313: the names stood across their lines)
            half = np.array([name.width, name.height]) / 2
            reach = abs(side[0]) * half[0] + abs(side[1]) * half[1]
            places = [end + along * inward + (gap + reach) * side for along in LEVEL_NAME_ALONG
                      for gap in LEVEL_NAME_GAPS]
            inside = [p for p in places if x0 < p[0] - half[0] and p[0] + half[0] < x1
                      and y0 < p[1] - half[1] and p[1] + half[1] < y1] or places[-1:]
            name.move_to(least_covered(inside, 2 * half, blocked))
            blocked = np.vstack([blocked, box_of(name, pad=0.05)])
            drawn.add(name)
            drawn.level_names = [*getattr(drawn, "level_names", []), name]
        return drawn

    def star_lines_on(self, plane, shaded: bool = True) -> VGroup:
        """θ*'s boundary (its + side shaded, unless not ``shaded``) and dashed θ*ᵀx = ±1 on
        ``plane`` (the data's, or an inset of it)."""
        theme, star = self.theme, self.lesson.theta_star
        boundary = Hyperplane(plane, star, 0.0, show_normal=False, show_notes=False,
                              show_shading=shaded)
        return VGroup(boundary, band_dashes(plane, star, 0.0, theme.boundary))

    def tight_magnifiers(self, drawings, lines) -> VGroup:
        """θ*'s lines magnified round each tight place (the lesson's ``tight_insets``,
        ``drawings(inset)`` on each; ``lines`` drawn on the data plane): the first inside
        the data plane where it hides nothing, the next between the planes, level with
        its place as far as it fits; each named by its point ("42: ×10")."""
        beside = np.array([self.plane.frame.get_right()[0] + 0.1,
                           self.plane.frame.get_bottom()[1],
                           self.weights.get_left()[0] - 0.1, self.plane.frame.get_top()[1]])
        return VGroup(*[magnifier(self.plane, self.data.X, self.data.y, box, zoom, self.theme,
                                  drawings, lines=lines, beside=beside if k else None,
                                  times_words=f"{i + 1}:")  # named by its point
                        for k, (i, box, zoom) in enumerate(self.lesson.tight_insets)])

    def draw_tight(self, beat) -> None:
        theme = self.theme
        self.follow_beat(beat)
        tight = self.on_weights(lambda: VGroup(*[self.constraint_line(i, theme.step, 3)
                                                 for i in self.lesson.tight]))
        self.tight_lines = tight
        self.play(appear(tight), run_time=style.RUN_INTRO)
        self.add(self.star_dot)  # θ*'s dot and name over the lines through it
        # the tight points' names keep off θ*'s three lines (a ring farther out, a leader)
        self.name_rings(2, [(self.lesson.theta_star, level) for level in (0.0, 1.0, -1.0)])
        # their lines lit as met exactly, their rings as the score 1 is said (bench 352:
        # a 6 s still)
        self.light_as_said("exactly", [tight])
        self.light_as_said("label times score 1", list(self.rings.values()))
        # θ*'s lines in data space as they are said (review 302: drawn 5 s before, then a
        # still)
        self.wait_for_words("on the dashed")
        self.star_lines = self.star_drawings()
        self.play(appear(self.star_lines), run_time=style.RUN_INTRO)
        if beat.state["inset"] == "tight":  # the ±1 lines too close to the boundary to read
            star = self.lesson.theta_star
            self.least_inset = self.tight_magnifiers(
                lambda inset: self.star_lines_on(inset),
                [(star, level) for level in (0.0, 1.0, -1.0)])
            self.play(appear(self.least_inset), run_time=style.RUN_FADE)
        self.show_near_dashed()
