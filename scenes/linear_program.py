"""`linear-program`: the realizable case solved as a linear programme, in weight space.

Data space on the left, the plane of θ = (θ₁, θ₂) on the right. Each point is the
half-plane y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1 of weight space; the separators scaled to meet them all are
the shaded region; the programme's θ* (least |θ₁| + |θ₂|) is where a growing diamond
first touches it; the perceptron's θ then walks from 0, one step y⁽ⁱ⁾x⁽ⁱ⁾ per update,
until the ray through it enters the region. On data no line through the origin
separates, the solver's certificate: weighted y⁽ⁱ⁾x⁽ⁱ⁾ that add up to 0, tip to tail.

Every number and word comes from the lesson (:mod:`linviz.lessons.linear_program`) and
its storyboard; the scene draws the storyboard's states.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Circle, DashedLine, Dot, Indicate, Line, Polygon,
                   Rectangle, ValueTracker, VGroup, VMobject, Wait, linear, there_and_back)

from linviz import wording
from linviz.geometry import clip_line, constraint_cells
from linviz.lessons.linear_program import (
    DEFAULT_DATA, SCENE, LinearProgramLesson, check_linear_program_data,
    linear_program_lesson, mistake_arcs,
)
from linviz.lessons.linear_program_story import linear_program_storyboard
from scenes.base import LinvizScene
from scenes.toolkit import style
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.placement import (DIRECTIONS, PLACE_TOLERANCE, across, beside_line,
                                      best_offset, box_around, box_of, covered_area,
                                      segment_boxes)
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane
from scenes.toolkit.screen_text import markup_with_math, math, text
from scenes.toolkit.vector_sum import vector_sum_inset

#: the two planes: side, and the centres of data space (left) and weight space (right)
SIDE = 4.6
DATA_CENTER = (-3.4, -0.25, 0.0)
WEIGHT_CENTER = (3.2, -0.25, 0.0)


#: how far (a share of the least |θ₁| + |θ₂|) the diamond grows while the objective is
#: said; it touches the region with the solver's θ*
DIAMOND_SHORT = 0.7
#: the opacity every constraint's line fades to while a certificate's few are shown
FADED_LINES = 0.12
#: the opacity of the shade of the θ that meet all but one of a certificate's constraints
#: (fewer met, fainter)
MET_MOST = 0.45
#: the opacity the constraint lines step back to while weight space is shaded (by mistakes,
#: or by the certificate's constraints met)
LINES_UNDER_SHADING = 0.05
#: the opacities of the faintest and the strongest shade of weight space shaded by the
#: points each θ gets wrong, and of the faintest while it glows (in the theme's text colour:
#: a neutral ramp, neither class's colour)
WRONG_LIGHTEST, WRONG_DARKEST, WRONG_GLOW = 0.14, 0.55, 0.75
#: the most opaque each of many constraint lines is drawn (fainter the more there are, down
#: to FADED_LINES: a hundred lines at full strength are a tangle that hides the region)
LINE_OPACITY_ONE_OF = 12.0
#: the shades of weight space shaded by the points each θ gets wrong
WRONG_SHADES = 6
#: a line's name this near (screen units) another line could be read as that one's
NAME_CLEARANCE = 0.45
#: the opacity of the veil over the weight plane while an offset is argued in data space
VEIL_OPACITY = 0.9


def between(states: np.ndarray, t: float):
    """The states (rows) at ``t`` along them: state k at t = k, a straight line from one to
    the next in between, the last from t = len − 1 on."""
    k = min(int(np.floor(t + 1e-9)), len(states) - 1)
    if k == len(states) - 1:
        return states[k]
    return states[k] + (t - k) * (states[k + 1] - states[k])


def ray_end(direction, box) -> np.ndarray:
    """Where the ray from 0 along ``direction`` leaves ``box`` (which holds 0)."""
    direction = np.asarray(direction, dtype=float)
    limits = []
    for value, low, high in ((direction[0], box.x_min, box.x_max),
                             (direction[1], box.y_min, box.y_max)):
        if value > 0:
            limits.append(high / value)
        elif value < 0:
            limits.append(low / value)
    return min(limits) * direction


class LinearProgramScene(LinvizScene):
    """The realizable case as a linear programme: constraints as half-planes of θ."""

    default_data = DEFAULT_DATA[SCENE]

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """2-D labelled data with no point at the origin (the lesson's check)."""
        check_linear_program_data(data, spec)
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson; the trace is the perceptron's walk (None when no θ exists)."""
        self.lesson: LinearProgramLesson = linear_program_lesson(self.data, seed=self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = linear_program_storyboard(self.lesson, self.scene_name())
        return self.lesson.run

    # -- the drawings ---------------------------------------------------------------
    def build(self) -> None:
        lesson, theme = self.lesson, self.theme
        self.title = self.make_title("Separating as a linear programme")
        # counts only where both classes share a place: the others are clutter here
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True, side=SIDE, center=DATA_CENTER,
                               counts="mixed")
        self.weights = DataPlane(np.zeros((0, 2)), np.zeros(0), theme, box=lesson.constraint_box,
                                 side=SIDE, center=WEIGHT_CENTER,
                                 axis_labels=("theta_1", "theta_2"), legend=False)
        self.status = None
        self.rings: dict[int, Circle] = {}
        self.shown_line = None
        self.lines = VGroup()
        self.region = None
        self.diamond = None
        self.star_dot = None
        self.star_lines = None
        self.walker = None
        self.path = VGroup()
        self.run_line = None
        self.ray = None
        self.probe = self.probe_line = self.shown_vector = None
        self.certificate = VGroup()
        self.certificate_arrows = VGroup()
        self.veil = None
        #: the close-up of the overlap's points over the dimmed weight plane (or None): its
        #: plane, and the drawing it is part of
        self.closeup = self.closeup_drawing = None
        self.walk_states = np.zeros((1, 2))
        #: the walk's path is gone (zoomed out, it would be a scribble under θ's name)
        self.path_hidden = False
        #: (drawing, maker) of every weight-space drawing: a zoom makes each again
        self.weight_drawings: list = []

    def on_weights(self, make):
        """A weight-space drawing made by ``make()`` for the plane's present box, made
        again whenever the box changes (:meth:`zoom_weights`)."""
        drawing = make()
        self.weight_drawings.append((drawing, make))
        return drawing

    def zoom_weights(self, box) -> None:
        """The weight plane shows ``box``: every weight-space drawing follows."""
        from scenes.toolkit import views

        start, weights = self.weights.box, self.weights
        zoom = ValueTracker(0.0)

        def follow(_=None) -> None:
            t = zoom.get_value()
            weights.set_box(box if t >= 1.0 else views.box_between(start, box, t))
            for drawing, make in self.weight_drawings:
                if self.on_screen(drawing):
                    drawing.become(make())

        self.release(weights)
        weights.add_updater(follow)
        self.play(zoom.animate.set_value(1.0), run_time=style.RUN_ZOOM)
        weights.clear_updaters()
        zoom.set_value(1.0)
        follow()

    def away_from_ray(self, theta) -> np.ndarray:
        """The screen direction from ``theta`` away from the ray 0 → θ_M (the perceptron's
        last θ, whose ray and scaled point come later), perpendicular to it: a label there
        is never on the ray nor on the point where it enters the region."""
        if self.lesson.run is None:
            return np.array([1.0, -1.0, 0.0])
        origin = self.weight_point((0, 0))
        return across(self.weight_point(self.lesson.thetas[-1]) - origin,
                      towards=self.weight_point(theta) - origin)

    def weight_point(self, theta) -> np.ndarray:
        return self.weights.c2p(np.asarray(theta, dtype=float))

    def constraint_line(self, i: int, colour, width: float = 1.5) -> VMobject:
        """The line aᵢᵀθ = 1 of point i, clipped to the weight plane."""
        ends = clip_line(self.lesson.signed[i], -1.0, self.weights.box)
        if ends is None:
            return VGroup()
        return Line(self.weight_point(ends[0]), self.weight_point(ends[1]),
                    stroke_width=width, color=colour)

    def ring(self, i: int) -> Circle:
        ring = Circle(radius=self.plane.ring_radius, color=self.theme.highlight,
                      stroke_width=style.RING_STROKE)
        return ring.move_to(self.plane.point(i))

    def set_rings(self, wanted) -> None:
        """Ring exactly the points ``wanted`` in data space."""
        gone = [self.rings.pop(i) for i in list(self.rings) if i not in wanted]
        new = {i: self.ring(i) for i in wanted if i not in self.rings}
        if gone:
            self.play(*[vanish(r) for r in gone], run_time=style.RUN_FADE)
            self.remove(*gone)
        if new:
            self.play(*[appear(r) for r in new.values()], run_time=style.RUN_FADE)
            self.rings.update(new)

    def set_status(self, words: str | None) -> None:
        """The status line over the weight plane, under the title."""
        def place(line):
            line.set_y(self.title.get_bottom()[1] - 0.3, direction=np.array([0, 1, 0]))
            line.set_x(self.weights.frame.get_center()[0])

        self.show_status_words(words, place, width=7.0)

    def follow_beat(self, beat) -> None:
        """Rings and status as the beat's state names them."""
        state = beat.state
        self.set_rings(list(state["ringed"]))
        self.set_status(state["status"])

    # -- the beats ----------------------------------------------------------------
    def draw_intro(self, beat) -> None:
        self.play(appear(self.title), appear(self.plane), run_time=style.RUN_INTRO)

    def draw_weight_plane(self, beat) -> None:
        shown = [m for m in getattr(self, "mean_mark", ()) if self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)
        self.follow_beat(beat)
        self.play(appear(self.weights), run_time=style.RUN_INTRO)

    def draw_one_constraint(self, beat) -> None:
        i, theme = beat.state["shown"], self.theme
        self.follow_beat(beat)
        a = self.lesson.signed[i]
        self.shown_half = Hyperplane(self.weights, a, -1.0, show_normal=False,
                                     show_notes=False)
        self.shown_line = self.on_weights(lambda: self.constraint_line(i, theme.step, 3))
        foot = a / float(a @ a)
        # the point's colour (its line's) for what belongs to it; θ's for θ
        self.shown_normal = FastArrow(theme.step, stroke_width=3)
        self.shown_normal.set_ends(self.weight_point((0, 0)), self.weight_point(foot))
        self.shown_label = math("1 \\/ norm(x^((i)))", theme, style.FONT_SMALL).set_color(
            theme.step)
        # in data space, the vector y⁽ⁱ⁾x⁽ⁱ⁾ the line is perpendicular to: drawn k times
        # longer when it would be a speck (the lesson's k, said and on its label); for a −
        # point, x⁽ⁱ⁾ dashed from 0 to the point first, so the flip by y⁽ⁱ⁾ = −1 reads
        k = self.lesson.shown_arrow_factor
        name = "y^((i)) x^((i))" if k == 1 else f"{k} y^((i)) x^((i))"
        self.shown_vector = DataVector(self.plane, (0, 0), k * a, theme.step, name)
        if self.lesson.data.y[i] < 0:
            point = self.lesson.data.X[i]
            self.shown_vector.add(DashedLine(self.plane.c2p((0, 0)), self.plane.c2p(point),
                                             color=theme.step, stroke_width=2,
                                             dash_length=0.08, stroke_opacity=0.7))
        with_backdrop(self.shown_label, theme)
        # beside the arrow's middle, off its shaft: on the perpendicular side nearer up-left
        shaft = self.weight_point(foot) - self.weight_point((0, 0))
        self.shown_label.next_to(self.shown_normal.get_center(),
                                 across(shaft, towards=np.array([-1.0, 1.0, 0.0])), buff=0.12)
        self.play(appear(self.shown_half), appear(self.shown_line), run_time=style.RUN_FADE)
        self.play(appear(self.shown_normal), appear(self.shown_label),
                  appear(self.shown_vector), run_time=style.RUN_FADE)

    def draw_duality(self, beat) -> None:
        """The point and its line light up; then a θ of its half-plane is marked in weight
        space and drawn as its line in data space (the duality both ways)."""
        theme, i = self.theme, self.lesson.shown_point
        self.play(Indicate(self.rings[i], color=theme.highlight),
                  Indicate(self.shown_line, color=theme.highlight),
                  run_time=style.PAUSE_READ)
        probe = self.lesson.probe  # aᵀθ = 2 ≥ 1: inside the point's half-plane
        label = math("theta", theme, style.FONT_LABEL).set_color(theme.normal)
        with_backdrop(label, theme)

        def make():
            dot = Dot(self.weight_point(probe), radius=0.08, color=theme.normal)
            # up-right of the dot, unless that leaves the plane
            offset = best_offset(dot.get_center(), (label.width, label.height),
                                 np.zeros((0, 5)), 0.13, preferred=1, rings=1,
                                 bounds=self.weights.square_bounds())
            return VGroup(dot, label.copy().move_to(dot.get_center() + [*offset, 0.0]))

        self.probe = self.on_weights(make)
        self.probe_line = Hyperplane(self.plane, probe, 0.0, show_normal=False,
                                     show_notes=False)
        self.probe_line.line.set_color(theme.normal)
        self.play(appear(self.probe), run_time=style.RUN_FADE)
        self.play(appear(self.probe_line), run_time=style.RUN_INTRO)

    def draw_all_constraints(self, beat) -> None:
        theme, lesson = self.theme, self.lesson
        self.follow_beat(beat)
        leaving = [m for m in (self.shown_half, self.shown_normal, self.shown_label,
                               self.shown_vector, self.probe, self.probe_line) if m is not None]
        self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        self.remove(*leaving)
        if self.weights.box != lesson.weight_box:  # out from one line to all of them
            self.zoom_weights(lesson.weight_box)
        # many lines are a mesh: each fainter the more there are
        opacity = float(np.clip(LINE_OPACITY_ONE_OF / lesson.n, FADED_LINES, 0.8))
        self.lines = self.on_weights(lambda: VGroup(*[
            self.constraint_line(i, theme.muted, 1.5).set_stroke(opacity=opacity)
            for i in range(lesson.n)]))
        self.play(appear(self.lines), vanish(self.shown_line), run_time=style.RUN_INTRO)
        self.remove(self.shown_line)
        if beat.state["wrong_shading"]:  # under the lines: how many points each θ gets wrong
            self.wrong_shading = self.on_weights(self.wrong_shading_drawing)
            # the lines, said, step back to a trace: the shading is what is read now
            self.play(appear(self.wrong_shading),
                      self.lines.animate.set_stroke(opacity=min(opacity, LINES_UNDER_SHADING)),
                      run_time=style.RUN_INTRO)
            self.add(self.lines)
        if beat.state["region"]:
            self.region = self.on_weights(self.region_drawing)
            self.play(appear(self.region), run_time=style.RUN_INTRO)

    def wrong_shading_drawing(self) -> VGroup:
        """Weight space shaded by how many points each θ gets wrong: a wedge from 0 for
        every arc of directions (:func:`~linviz.lessons.linear_program.mistake_arcs`), in
        :data:`WRONG_SHADES` shades from the fewest (faintest) to the most; the wedges of
        one shade are one shape, the faintest first."""
        arcs = mistake_arcs(self.lesson.signed)
        low, high = self.lesson.mistake_range
        shapes: dict[int, list] = {}
        for start, end, count in arcs:
            level = 1 + (count - low) * WRONG_SHADES // (high - low + 1)
            shapes.setdefault(level, []).append(self.wedge(start, end))
        drawn = VGroup()
        for level in sorted(shapes):
            opacity = WRONG_LIGHTEST + (WRONG_DARKEST - WRONG_LIGHTEST) * (level - 1) / max(
                WRONG_SHADES - 1, 1)
            drawn.add(VGroup(*[Polygon(*corners, stroke_width=0, fill_color=self.theme.text,
                                       fill_opacity=opacity) for corners in shapes[level]]))
        return drawn

    def wedge(self, start: float, end: float) -> list[np.ndarray]:
        """The screen corners of the part of the weight plane's box seen from 0 between
        the angles ``start`` and ``end`` (< π apart, or π): 0, where the first ray leaves
        the box, the box's corners between, where the second leaves it."""
        box = self.weights.box
        between = sorted((np.mod(np.arctan2(c[1], c[0]) - start, 2 * np.pi), tuple(c))
                         for c in box.corners)
        inner = [np.array(c) for turn, c in between if 0 < turn < end - start]
        points = [np.zeros(2), ray_end((np.cos(start), np.sin(start)), box), *inner,
                  ray_end((np.cos(end), np.sin(end)), box)]
        return [self.weight_point(p) for p in points]

    def draw_infeasible(self, beat) -> None:
        """The faintest shade, where θ gets the fewest points wrong, glows: it is still
        shaded."""
        self.follow_beat(beat)
        lightest = self.wrong_shading[0]
        # the widest of the faintest wedges carries its count
        low, _ = self.lesson.mistake_range
        start, end = max(((a, b) for a, b, count in mistake_arcs(self.lesson.signed)
                          if count == low), key=lambda arc: arc[1] - arc[0] + 1e-9 * arc[0])
        middle = (start + end) / 2
        reach = ray_end((np.cos(middle), np.sin(middle)), self.weights.box)
        count = text(f"{low} wrong", self.theme, style.FONT_SMALL, self.theme.text)
        with_backdrop(count, self.theme)
        count.move_to(self.weight_point(0.6 * reach))
        self.wrong_shading.add(count)
        self.play(lightest.animate(rate_func=there_and_back).set_fill(opacity=WRONG_GLOW),
                  appear(count), run_time=style.PAUSE_READ)

    def region_drawing(self) -> VMobject:
        region = self.lesson.region(self.weights.box)
        if region is None:  # zoomed in away from it
            return VGroup()
        vertices, _ = region
        # the lines its edges lie on, lit (the sentence counts them)
        edges = VGroup(*[self.constraint_line(i, self.theme.correct, 2.5)
                         for i in self.lesson.edge_lines])
        return VGroup(edges, Polygon(*[self.weight_point(v) for v in vertices], stroke_width=0,
                                     fill_color=self.theme.correct, fill_opacity=0.3))

    def diamond_at(self, c: float) -> VMobject:
        corners = [(c, 0), (0, c), (-c, 0), (0, -c)]
        return Polygon(*[self.weight_point(p) for p in corners], stroke_width=2.5,
                       color=self.theme.muted, fill_opacity=0)

    def draw_objective(self, beat) -> None:
        self.follow_beat(beat)
        c = beat.state["diamond"]
        size = ValueTracker(1e-6 * c)
        self.diamond = self.diamond_at(1e-6 * c)
        self.diamond.add_updater(lambda d: d.become(self.diamond_at(size.get_value())))
        self.add(self.diamond)
        # it grows towards the region, short of it: the solver's touch is the next beat's
        self.play(size.animate.set_value(DIAMOND_SHORT * c), run_time=style.RUN_PARAMETER * 2.5,
                  rate_func=linear)
        self.diamond.clear_updaters()
        self.diamond.become(self.diamond_at(DIAMOND_SHORT * c))

    def grow_diamond_to_touch(self, c: float) -> None:
        """The diamond grows on from :data:`DIAMOND_SHORT` of ``c`` to ``c``, where it
        touches the region."""
        size = ValueTracker(DIAMOND_SHORT * c)
        self.diamond.add_updater(lambda d: d.become(self.diamond_at(size.get_value())))
        self.play(size.animate.set_value(c), run_time=style.RUN_PARAMETER, rate_func=linear)
        self.diamond.clear_updaters()
        self.diamond.become(self.diamond_at(c))

    def draw_solution(self, beat) -> None:
        theme, star = self.theme, self.lesson.theta_star
        self.follow_beat(beat)
        self.grow_diamond_to_touch(beat.state["diamond"])
        # θ* in white, as its boundary in data space (θ, the perceptron's, is yellow)
        label = math("theta^*", theme, style.FONT_LABEL).set_color(theme.boundary)
        with_backdrop(label, theme)

        def make():
            box = self.weights.box
            if box.x_min < star[0] < box.x_max and box.y_min < star[1] < box.y_max:
                dot = Dot(self.weight_point(star), radius=0.09, color=theme.boundary)
                # off the ray to come, and while the diamond is drawn inside it, off its
                # edge through θ* (zoomed out, towards 0 would put it on the walk's θ)
                side = self.away_from_ray(star)
                if self.diamond is not None and self.on_screen(self.diamond):
                    inward = self.weight_point((0, 0)) - dot.get_center()
                    side = side + inward / max(float(np.linalg.norm(inward)), 1e-9)
                return VGroup(dot, label.copy().next_to(dot, side / np.linalg.norm(side),
                                                        buff=0.08))
            # zoomed in past θ*: an arrow at the edge where the ray to it leaves the view
            edge = self.weight_point(ray_end(star, box))
            inward = self.weight_point((0, 0)) - edge
            arrow = Arrow(edge + 0.45 * inward / np.linalg.norm(inward), edge, buff=0.02,
                          color=theme.boundary, stroke_width=3,
                          max_tip_length_to_length_ratio=0.4)
            # its name beside the arrow inside the plane (not on the tick values), off the
            # walk's last θ, which may end near the same edge (the two would read as one)
            name = label.copy()
            end = self.weight_point(self.lesson.thetas[-1]) if self.lesson.run else edge
            obstacles = np.vstack([box_around(np.array([end]), 0.35),
                                   box_around(np.array([arrow.get_center()]), 0.12)])
            offset = best_offset(arrow.get_center(), (name.width, name.height), obstacles,
                                 0.12, preferred=2, rings=2,
                                 bounds=self.weights.square_bounds())
            return VGroup(arrow, name.move_to(arrow.get_center() + [*offset, 0.0]))

        self.star_dot = self.on_weights(make)
        self.play(appear(self.star_dot), run_time=style.RUN_FADE)

    def star_drawings(self) -> VGroup:
        """θ*'s boundary in data space (shaded, with its normal) and the dashed θ*ᵀx = ±1,
        each named by its level: "+1" near its upper end, "−1" near its lower end (apart,
        however close the lines)."""
        theme, star, plane = self.theme, self.lesson.theta_star, self.plane
        drawn = self.star_lines_on(plane)
        normal = plane.c2p(star) - plane.c2p((0, 0))
        for level, word in ((1.0, "+1"), (-1.0, "-1")):
            ends = clip_line(star, -level, plane.box)
            if ends is None:
                continue
            screen = [plane.c2p(e) for e in ends]
            end, other = sorted(screen, key=lambda p: -level * p[1])
            inward = (other - end) / max(float(np.linalg.norm(other - end)), 1e-9)
            name = math(word, theme, style.FONT_SMALL).set_color(theme.boundary)
            with_backdrop(name, theme)
            name.move_to(end + 0.35 * inward + 0.2 * level * across(inward, towards=normal))
            drawn.add(name)
        return drawn

    def star_lines_on(self, plane) -> VGroup:
        """θ*'s boundary and dashed θ*ᵀx = ±1 on ``plane`` (the data's, or an inset of it)."""
        theme, star = self.theme, self.lesson.theta_star
        boundary = Hyperplane(plane, star, 0.0, show_normal=False, show_notes=False)
        dashes = VGroup()
        for level in (1.0, -1.0):
            ends = clip_line(star, -level, plane.box)
            if ends is not None:
                dashes.add(DashedLine(plane.c2p(ends[0]), plane.c2p(ends[1]),
                                      color=theme.boundary, stroke_width=2,
                                      dash_length=0.12))
        return VGroup(boundary, dashes)

    def draw_tight(self, beat) -> None:
        theme = self.theme
        self.follow_beat(beat)
        self.star_lines = self.star_drawings()
        tight = self.on_weights(lambda: VGroup(*[self.constraint_line(i, theme.step, 3)
                                                 for i in self.lesson.tight]))
        self.tight_lines = tight
        self.play(appear(self.star_lines), appear(tight), run_time=style.RUN_INTRO)
        if beat.state["inset"] == "tight":  # the ±1 lines too close to the boundary to read
            box, zoom = self.lesson.tight_inset
            star = self.lesson.theta_star
            self.least_inset = magnifier(self.plane, self.data.X, self.data.y, box, zoom,
                                         theme, lambda inset: self.star_lines_on(inset),
                                         lines=[(star, level) for level in (0.0, 1.0, -1.0)])
            self.play(appear(self.least_inset), run_time=style.RUN_FADE)

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
        self.play(appear(self.walker), appear(self.walker_label), run_time=style.RUN_FADE)

    def make_walker(self) -> None:
        """θ's dot in weight space, named, following the walk's tracker (from θ = 0)."""
        theme = self.theme
        self.walk_tracker = ValueTracker(0.0)
        self.walker = Dot(self.weight_point((0, 0)), radius=0.08, color=theme.normal)
        self.walker_label = math("theta", theme, style.FONT_LABEL).set_color(theme.normal)
        with_backdrop(self.walker_label, theme)
        self.walker.add_updater(lambda d: d.move_to(self.weight_point(self.walk_theta())))
        self.walker_place = None
        self.walker_label.add_updater(
            lambda m: m.move_to(self.walker.get_center() + self.walker_offset()))

    def walker_offset(self) -> np.ndarray:
        """Where θ's name goes beside its dot (an offset from it): where it was while that
        still covers nothing, else off the path walked, θ*'s mark and the ray
        (:func:`~scenes.toolkit.placement.best_offset`), first trying the side
        perpendicular to the step θ is on (or last took), nearer up-left."""
        label, anchor = self.walker_label, self.walker.get_center()
        half = np.array([label.width, label.height]) / 2
        obstacles = self.walk_obstacles()
        previous = self.walker_place
        if previous is not None:
            centre = anchor[:2] + previous
            if covered_area(np.array([*(centre - half), *(centre + half)]),
                            obstacles) <= PLACE_TOLERANCE:
                return np.array([*previous, 0.0])
        side = self.walker_side()[:2]
        preferred = int(np.argmax(DIRECTIONS @ side / np.linalg.norm(DIRECTIONS, axis=1)))
        offset = best_offset(anchor, 2 * half, obstacles, 0.06,
                             bounds=self.weights.square_bounds(),
                             preferred=preferred, rings=2, ring_cost=0.02)
        self.walker_place = offset
        return np.array([*offset, 0.0])

    def walker_side(self) -> np.ndarray:
        """Where θ's name goes beside its dot: off the step it is on (or last took),
        perpendicular to it, on the side nearer up-left."""
        thetas, t = self.walk_states, self.walk_tracker.get_value()
        k = min(max(int(np.ceil(t - 1e-9)) - 1, 0), len(thetas) - 2)
        if len(thetas) < 2:
            return np.array([-1.0, 1.0, 0.0])
        step = self.weight_point(thetas[k + 1]) - self.weight_point(thetas[k])
        return across(step, towards=np.array([-1.0, 1.0, 0.0]))

    def walk_obstacles(self) -> np.ndarray:
        """What θ's name keeps off, as boxes: the path walked so far (sampled along each
        step), θ*'s mark and name, and the ray when drawn."""
        t = self.walk_tracker.get_value()
        walked = [*self.walk_states[:int(np.floor(t + 1e-9)) + 1], self.walk_theta()]
        screen = [] if self.path_hidden else [self.weight_point(p) for p in walked]
        samples = []
        for p, q in zip(screen, screen[1:]):
            count = max(int(np.ceil(np.linalg.norm(q - p) / 0.03)), 1)
            samples += [p + (q - p) * j / count for j in range(count + 1)]
        boxes = [box_around(np.array(samples), 0.03)] if samples else []
        for drawn in (self.star_dot, self.ray):
            if drawn is not None and self.on_screen(drawn):
                for part in drawn:
                    low, high = part.get_corner(DOWN + LEFT), part.get_corner(UP + RIGHT)
                    boxes.append(np.array([[low[0], low[1], high[0], high[1], 1.0]]))
        return np.vstack(boxes) if boxes else np.zeros((0, 5))

    def walk_theta(self) -> np.ndarray:
        """θ at the walk's tracker, between two updates' states."""
        return between(self.walk_states, self.walk_tracker.get_value())

    def path_segment(self, k: int) -> Line:
        thetas = self.walk_states
        return Line(self.weight_point(thetas[k]), self.weight_point(thetas[k + 1]),
                    stroke_width=2.5, color=self.theme.normal)

    def show_run_line(self, step: int) -> None:
        """The boundary of the walk's θ after ``step`` updates in data space."""
        theta = self.lesson.thetas[step]
        new = Hyperplane(self.plane, theta, 0.0, show_normal=False, show_notes=False)
        new.line.set_color(self.theme.normal)  # θ's colour, as its dot in weight space
        old = self.run_line
        self.run_line = new
        if old is not None:
            self.remove(old)
        self.add(new)

    def draw_walk_step(self, beat) -> None:
        theme = self.theme
        self.drop_least_inset()
        self.follow_beat(beat)
        i, (start, end) = beat.state["shown"], beat.steps
        if self.shown_line is not None:
            self.remove(self.shown_line)
        self.shown_line = self.on_weights(lambda: self.constraint_line(i, theme.step, 3))
        self.drop_step_label()
        self.play(appear(self.shown_line), run_time=style.RUN_FADE)
        # the step grows with θ (never ahead of it), named by what it adds
        growing = Line(self.weight_point(self.lesson.thetas[start]), self.weight_point(
            self.lesson.thetas[start]), stroke_width=2.5, color=theme.normal)
        growing.add_updater(lambda m: m.put_start_and_end_on(
            self.weight_point(self.lesson.thetas[start]),
            self.weight_point(self.walk_theta()) + 1e-6 * RIGHT))
        self.add(growing)
        self.play(self.walk_tracker.animate.set_value(end), run_time=style.RUN_GD_STEP * 1.5)
        growing.clear_updaters()
        self.remove(growing)
        segment = self.on_weights(lambda: self.path_segment(start))
        self.path.add(segment)
        self.add(segment)
        self.step_label = self.on_weights(lambda: self.step_label_for(start))
        self.play(appear(self.step_label), run_time=style.RUN_FADE)
        self.show_run_line(end)

    def step_label_for(self, k: int) -> VMobject:
        """"+y⁽ⁱ⁾x⁽ⁱ⁾" beside step k of the walk, on the side away from the origin."""
        theme, thetas = self.theme, self.lesson.thetas
        a, b = self.weight_point(thetas[k]), self.weight_point(thetas[k + 1])
        middle = (a + b) / 2
        label = math("+y^((i)) x^((i))", theme, style.FONT_SMALL).set_color(theme.step)
        with_backdrop(label, theme)
        return label.next_to(middle, across(b - a, towards=middle - self.weight_point((0, 0))),
                             buff=0.08)

    def drop_step_label(self) -> None:
        if getattr(self, "step_label", None) is not None:
            self.remove(self.step_label)
            self.step_label = None

    def draw_walk_fast(self, beat) -> None:
        start, end = beat.steps
        self.drop_least_inset()
        self.drop_step_label()
        if self.shown_line is not None:
            self.play(vanish(self.shown_line), run_time=style.RUN_FADE)
            self.remove(self.shown_line)
            self.shown_line = None
        self.follow_beat(beat)
        for k in range(start, end):
            segment = self.on_weights(lambda k=k: self.path_segment(k))
            self.path.add(segment)
            self.add(segment)
            self.play(self.walk_tracker.animate.set_value(k + 1),
                      run_time=max(beat.min_seconds / max(end - start, 1), 0.2),
                      rate_func=linear)
            self.show_run_line(k + 1)

    def draw_close(self, beat) -> None:
        """The point nearest the walk's new line, ringed, magnified beside it (it would look
        on the line)."""
        self.follow_beat(beat)
        theta = np.asarray(beat.state["close"], dtype=float)
        _, box, zoom = self.lesson.line_inset(theta)
        self.show_run_inset(theta, box, zoom)

    def show_run_inset(self, theta, box, zoom: int) -> None:
        """The data round ``box`` magnified ``zoom`` times in an inset, with the walk's line
        of ``theta`` (as :attr:`least_inset`)."""
        theme = self.theme

        def drawings(inset):
            line = Hyperplane(inset, theta, 0.0, show_normal=False, show_notes=False)
            line.line.set_color(theme.normal)
            return line

        self.least_inset = magnifier(self.plane, self.data.X, self.data.y, box, zoom, theme,
                                     drawings, lines=[(theta, 0.0)])
        self.play(appear(self.least_inset), run_time=style.RUN_FADE)

    def draw_least(self, beat) -> None:
        """The run's last θ and its least y·score, on the status line; its point magnified
        beside the line when it would look on it."""
        self.drop_step_label()
        self.follow_beat(beat)
        self.play(Indicate(self.walker, color=self.theme.normal), run_time=style.PAUSE_READ)
        if beat.state["inset"]:
            self.show_run_inset(self.lesson.thetas[-1], *self.lesson.least_inset)

    def drop_least_inset(self) -> None:
        if self.on_screen(getattr(self, "least_inset", None) or VGroup()):
            self.play(vanish(self.least_inset), run_time=style.RUN_FADE)
            self.remove(self.least_inset)

    def draw_ray(self, beat) -> None:
        theme, lesson = self.theme, self.lesson
        self.drop_least_inset()
        self.follow_beat(beat)
        if beat.state["view"] == "far":  # zoomed out, the path would be a scribble
            self.play(vanish(self.path), run_time=style.RUN_FADE)
            self.remove(self.path, *self.path)
            self.path_hidden = True
            self.zoom_weights(lesson.ray_box)

        scaled = math(f"theta \\/ {wording.number(lesson.least_score, 2)}", theme,
                      style.FONT_SMALL).set_color(theme.normal)
        with_backdrop(scaled, theme)

        def make():
            far = ray_end(lesson.thetas[-1], self.weights.box)
            ray = DashedLine(self.weight_point((0, 0)), self.weight_point(far),
                             color=theme.normal, stroke_width=2.5, dash_length=0.12)
            entry = VGroup(Dot(self.weight_point(lesson.scaled_theta), radius=0.08,
                               color=theme.normal),
                           Circle(radius=0.2, color=theme.highlight, stroke_width=2.5).move_to(
                               self.weight_point(lesson.scaled_theta)))
            # its name on the side of the ray away from θ*, whose name is on the other
            side = -self.away_from_ray(lesson.theta_star)
            return VGroup(ray, entry, scaled.copy().next_to(entry, side, buff=0.08))

        self.ray = self.on_weights(make)
        self.play(appear(self.ray), run_time=style.RUN_INTRO)

    def draw_compare(self, beat) -> None:
        """θ*'s lines come beside the perceptron's; the status line says which is which (a
        name on the plane would sit on the points the lines pass between)."""
        self.follow_beat(beat)
        self.star_lines = self.star_drawings()
        self.play(appear(self.star_lines), run_time=style.RUN_FADE)
        if beat.state["inset"] == "compare":  # the lines too close to tell apart: magnified
            box, zoom = self.lesson.tight_inset
            star, theta, theme = self.lesson.theta_star, self.lesson.thetas[-1], self.theme

            def drawings(inset):
                run = Hyperplane(inset, theta, 0.0, show_normal=False, show_notes=False,
                                 show_shading=False)
                run.line.set_color(theme.normal)
                return VGroup(self.star_lines_on(inset), run)

            self.least_inset = magnifier(self.plane, self.data.X, self.data.y, box, zoom, theme,
                                         drawings, lines=[(star, level) for level in
                                                          (0.0, 1.0, -1.0)] + [(theta, 0.0)])
            self.play(appear(self.least_inset), run_time=style.RUN_FADE)

    def draw_certificate(self, beat) -> None:
        """The certificate's half-planes in weight space (no θ is in all of them) and, in an
        inset of the data plane, its weighted y⁽ⁱ⁾x⁽ⁱ⁾ tip to tail, back to 0; the rings
        of its points on the data, named."""
        theme, lesson = self.theme, self.lesson
        self.follow_beat(beat)
        support = sorted(lesson.certificate)
        # in weight space the certificate's half-planes, each shaded: where two overlap it
        # is darker, and nowhere are all of them
        halves = self.on_weights(lambda: self.certificate_halves(support))
        lines = self.on_weights(lambda: VGroup(*[self.constraint_line(i, theme.step, 3)
                                                 for i in support]))
        numbers = self.on_weights(lambda: self.line_numbers(support))
        # every other constraint's line fades to a trace: these few carry the proof
        shading = getattr(self, "wrong_shading", None)
        if shading is not None and self.on_screen(shading):
            self.play(vanish(shading), run_time=style.RUN_FADE)
            self.remove(shading)
        self.play(self.lines.animate.set_stroke(opacity=LINES_UNDER_SHADING), run_time=style.RUN_FADE)
        arrows = [part for part in halves if isinstance(part, FastArrow)]
        key = self.place_met_key(self.met_key(len(support)), lines, [*arrows, *numbers])
        self.play(appear(halves), appear(lines), appear(numbers), appear(key),
                  run_time=style.RUN_FADE)
        self.certificate_weights = (halves, lines, numbers, key)
        names = self.ring_names(support)
        marked = self.plane.c2p_many(lesson.data.X[support])[:, :2]
        frame, (arrows, arrow_names), scale = vector_sum_inset(
            self.plane, lesson.data.X,
            [lesson.certificate[i] * lesson.signed[i] for i in support],
            [str(i + 1) for i in support], theme,
            np.array([*(marked.min(axis=0) - 0.3), *(marked.max(axis=0) + 0.3)]))
        self.play(appear(frame), appear(names), run_time=style.RUN_FADE)
        for arrow, name in zip(arrows, arrow_names):
            self.play(appear(arrow), appear(name), run_time=style.RUN_FADE * 2)
        scale_note = text(markup_with_math(
            f"inset: $lambda_i y^((i)) x^((i))$ tip to tail, back to 0, at "
            f"{wording.significant(scale, 0, 2)} × length"), theme, style.FONT_SMALL,
            theme.muted)
        # over the plane's top right (the legend holds its top left)
        scale_note.next_to(self.plane.frame, UP, buff=0.12).align_to(self.plane.frame, RIGHT)
        self.play(appear(scale_note), run_time=style.RUN_FADE)
        self.remove(*arrows, *arrow_names)
        self.certificate_arrows = arrows
        self.certificate = VGroup(frame, arrows, arrow_names, names, scale_note)
        self.add(self.certificate)

    def certificate_halves(self, support) -> VGroup:
        """The certificate's constraints aᵢᵀθ ≥ 1 in weight space: weight space shaded by
        how many of them each θ meets (:func:`linviz.geometry.constraint_cells`; the more,
        the stronger; all of them nowhere), an arrow from each line to its side, and a key."""
        theme, drawn = self.theme, VGroup()
        A = np.array([self.lesson.signed[i] for i in support])
        most = len(support) - 1  # what a θ meets at best: never all
        for polygon, met in constraint_cells(A, np.ones(len(support)), self.weights.box):
            if met:
                drawn.add(Polygon(*[self.weight_point(p) for p in polygon], stroke_width=0,
                                  fill_color=theme.correct,
                                  fill_opacity=MET_MOST * met / max(most, 1)))
        for a in A:
            ends = clip_line(a, -1.0, self.weights.box)
            if ends is not None:
                base, tip = self.side_arrow(ends, a)
                drawn.add(FastArrow(theme.normal).set_ends(base, tip))
        return drawn

    def place_met_key(self, key: VGroup, lines, marks) -> VGroup:
        """``key`` on a backdrop in the corner of the weight plane where it covers least of
        the certificate's ``lines`` and ``marks`` (its arrows and names), the corners in the
        order lower right, upper right, lower left, upper left; a tie (within
        PLACE_TOLERANCE) goes to the earlier."""
        with_backdrop(key, self.theme)
        frame = self.weights.frame
        obstacles = np.vstack([box_of(mark)[:, :4] for mark in marks]
                              + [segment_boxes(line.get_start(), line.get_end(), 0.05)[:, :4]
                                 for line in lines if isinstance(line, Line)])
        best, least = None, np.inf
        for corner in (RIGHT + DOWN, RIGHT + UP, LEFT + DOWN, LEFT + UP):
            inset = np.array([corner[0] * (key.width / 2 + 0.1), corner[1] * (key.height / 2 + 0.1), 0])
            key.move_to(frame.get_corner(corner) - inset)
            covered = covered_area(box_of(key)[0, :4], obstacles)
            if covered < least - PLACE_TOLERANCE:
                best, least = key.get_center(), covered
        return key.move_to(best)

    def met_key(self, count: int) -> VGroup:
        """The key of :meth:`certificate_halves`' shading: a swatch for each number of the
        ``count`` constraints a θ can meet, then "all: nowhere"."""
        theme, rows = self.theme, VGroup()
        for met in range(count - 1, 0, -1):
            swatch = Rectangle(width=0.26, height=0.2, stroke_width=0, fill_color=theme.correct,
                               fill_opacity=MET_MOST * met / max(count - 1, 1))
            rows.add(VGroup(swatch, text(f"meets {met} of {count}", theme, style.FONT_SMALL))
                     .arrange(RIGHT, buff=0.1))
        rows.add(text(f"all {count}: nowhere", theme, style.FONT_SMALL, theme.text))
        return rows.arrange(DOWN, aligned_edge=LEFT, buff=0.08)

    def side_arrow(self, ends, normal, length: float = 0.9) -> tuple[np.ndarray, np.ndarray]:
        """(base, tip) on screen of an arrow from the weight-space segment ``ends`` along
        ``normal``, towards the half-plane's side, whole inside the plane: from the first
        of the segment's middle, its thirds and its quarters whose arrow stays in, else from
        the middle, shortened until it does."""
        bounds = self.weights.square_bounds()
        low, high = bounds[:2] + 0.05, bounds[2:] - 0.05
        p, q = (self.weight_point(e) for e in ends)
        direction = self.weight_point(normal) - self.weight_point((0, 0))
        direction = direction / max(float(np.linalg.norm(direction)), 1e-9)

        def inside(point) -> bool:
            return bool(np.all(point[:2] >= low) and np.all(point[:2] <= high))

        for t in (0.5, 1 / 3, 2 / 3, 0.25, 0.75):
            base = p + t * (q - p)
            if inside(base + length * direction):
                return base, base + length * direction
        base = (p + q) / 2
        for shorter in np.linspace(length, 0.2, 8):
            if inside(base + shorter * direction):
                return base, base + shorter * direction
        return base, base + 0.2 * direction

    def line_numbers(self, indices) -> VGroup:
        """Each of these points' lines in weight space named by its point (1-based), beside
        the line near one of its ends: the first place, from the upper end inwards, whose
        name keeps off the other lines and the names placed before (where lines cross, a
        name between them would name either)."""
        theme, numbers = self.theme, VGroup()
        segments = {i: clip_line(self.lesson.signed[i], -1.0, self.weights.box) for i in indices}
        samples = {i: [self.weight_point(e[0] + t * (e[1] - e[0])) for t in np.linspace(0, 1, 60)]
                   for i, e in segments.items() if e is not None}
        for i in indices:
            if segments[i] is None:
                continue
            screen = sorted((self.weight_point(e) for e in segments[i]), key=lambda p: -p[1])
            name = text(str(i + 1), theme, style.FONT_SMALL, theme.step)
            with_backdrop(name, theme)
            others = [box_around(np.array(points), 0.02) for j, points in samples.items()
                      if j != i]
            others += [np.array([[*m.get_corner(DOWN + LEFT)[:2], *m.get_corner(UP + RIGHT)[:2],
                                  100.0]]) for m in numbers]
            obstacles = np.vstack(others) if others else np.zeros((0, 5))
            direction = screen[1] - screen[0]

            def near_another(centre, i=i) -> float:  # near another line, a name reads as its
                near = min((float(np.min(np.linalg.norm(np.array(points)[:, :2] - centre[:2],
                                                        axis=1)))
                            for j, points in samples.items() if j != i), default=1.0)
                return max(NAME_CLEARANCE - near, 0.0)

            best = beside_line([screen[0] + t * direction for t in (0.1, 0.9, 0.2, 0.8, 0.3,
                                                                      0.7, 0.5)],
                               direction, (name.width, name.height), obstacles, 0.2,
                               bounds=self.weights.square_bounds(), extra_cost=near_another)
            name.move_to(best)
            numbers.add(name)
        return numbers

    def draw_proof(self, beat) -> None:
        """A line of the argument on the status line, while it is said."""
        self.follow_beat(beat)
        self.play(Wait(style.PAUSE_SHORT))

    def ring_names(self, indices) -> VGroup:
        """The rings of ``indices`` named by their points, once for points at one place
        ("21, 77"), above right of the ring."""
        theme, names = self.theme, VGroup()
        places: dict[tuple, list[int]] = {}
        for i in sorted(indices):
            places.setdefault(tuple(self.lesson.data.X[i]), []).append(i)
        rings = [self.rings[i] for i in sorted(indices) if i in self.rings]
        for at_place in places.values():
            name = text(", ".join(str(i + 1) for i in at_place), theme, style.FONT_SMALL,
                        theme.highlight)
            with_backdrop(name, theme)
            # beside its ring (up-right first), off the markers, the plane's counts, the
            # other rings and the names placed before (a name on another ring would pair
            # it wrongly)
            own = self.rings[at_place[0]]
            taken = [r for r in rings if r is not own] + list(names)
            self.place_beside(name, own.get_center(), own.width / 2 + 0.02, taken, preferred=1)
            names.add(name)
        return names

    def place_beside(self, label, anchor, gap: float, taken=(), preferred: int = 1,
                     rings: int = 1) -> None:
        """``label`` beside the screen point ``anchor`` (``gap`` from it), where it covers
        the least of the data plane's markers and counts and of the ``taken`` drawings
        (text on text weighs most): :func:`scenes.toolkit.placement.best_offset` over
        ``rings`` rings of eight places (one: a point's name stays by its point), first
        trying :data:`~scenes.toolkit.placement.DIRECTIONS` [``preferred``]."""
        plane = self.plane
        obstacles = [box_around(plane.markers.positions(), plane.marker_size),
                     plane.count_boxes()]
        for drawn in taken:
            low, high = drawn.get_corner(DOWN + LEFT), drawn.get_corner(UP + RIGHT)
            obstacles.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
        # inside the plane: outside it, over the tick values
        offset = best_offset(anchor, (label.width, label.height), np.vstack(obstacles), gap,
                             preferred=preferred, rings=rings, bounds=plane.square_bounds())
        label.move_to(np.asarray(anchor, dtype=float) + np.array([*offset, 0.0]))

    def drop_certificate_inset(self) -> None:
        """The certificate's inset and names go: the data plane is needed again."""
        if self.on_screen(self.certificate):
            self.play(vanish(self.certificate), run_time=style.RUN_FADE)
            self.remove(self.certificate)

    def draw_endless(self, beat) -> None:
        """The perceptron through the origin on data no such line separates: θ walks on
        through its passes in weight space (its path drawn behind it), its line following
        in data space, while the status line counts each pass's mistakes."""
        self.drop_certificate_inset()
        # the certificate's half-planes leave weight space: θ walks over the faded lines
        shown = [m for m in getattr(self, "certificate_weights", ()) if self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)
        self.follow_beat(beat)
        if self.weights.box != self.lesson.endless_box:
            self.zoom_weights(self.lesson.endless_box)
        self.walk_states = np.asarray(self.lesson.endless.states["theta"], dtype=float)
        self.make_walker()
        self.play(appear(self.walker), appear(self.walker_label), run_time=style.RUN_FADE)
        path = VMobject(stroke_width=1.5, stroke_color=self.theme.normal, stroke_opacity=0.6)

        def walked(m):
            t = self.walk_tracker.get_value()
            done = self.walk_states[:int(np.floor(t + 1e-9)) + 1]
            m.set_points_as_corners([self.weight_point(p) for p in [*done, self.walk_theta()]])

        path.add_updater(walked)
        line = self.moving_line(lambda: (self.walk_theta(), 0.0))
        self.add(path, line)
        self.play(self.walk_tracker.animate.set_value(len(self.walk_states) - 1),
                  run_time=max(beat.min_seconds, style.RUN_INTRO), rate_func=linear)
        path.clear_updaters()
        line.clear_updaters()
        # its best θ (the fewest wrong, on the status line) left dashed beside the last, and
        # in weight space the point it is: a ring on the walk, named "best"
        best_theta = self.walk_states[self.lesson.endless_best[0]]
        best = self.dashed_run_line(best_theta, 0.0)
        self.play(appear(best), appear(self.best_mark(best_theta)), run_time=style.RUN_FADE)
        self.endless_drawings = VGroup(path, line, best)

    def best_mark(self, theta) -> VGroup:
        """The run's best θ in weight space: an open ring in θ's colour, "best" beside it
        off the walk's path and the walker's name."""
        centre = self.weight_point(theta)
        ring = Circle(radius=0.12, color=self.theme.normal, stroke_width=3).move_to(centre)
        name = text("best", self.theme, style.FONT_SMALL, self.theme.normal)
        with_backdrop(name, self.theme)
        path = np.array([self.weight_point(p) for p in self.walk_states])
        obstacles = [box_around(path, 0.05)]
        if self.walker_label is not None:
            obstacles.append(box_of(self.walker_label))
        offset = best_offset(centre, (name.width, name.height), np.vstack(obstacles), 0.1,
                             bounds=box_of(self.weights.frame)[0, :4], rings=3,
                             ring_cost=0.05)
        self.best_ring = VGroup(ring, name.move_to(centre + np.array([*offset, 0.0])))
        return self.best_ring

    def dashed_run_line(self, theta, theta0: float, plane=None) -> VMobject:
        """The boundary of (θ, θ₀) in data space (on ``plane``, the data plane by default),
        dashed in θ's colour (a run's best)."""
        plane = plane or self.plane
        ends = clip_line(theta, float(theta0), plane.box)
        return VGroup() if ends is None else DashedLine(
            plane.c2p(ends[0]), plane.c2p(ends[1]), color=self.theme.normal,
            stroke_width=3, dash_length=0.12)

    def moving_line(self, theta_of, shading: bool = True, plane=None) -> Hyperplane:
        """A boundary in data space (on ``plane``, the data plane by default) that follows
        ``theta_of()`` = (θ, θ₀) every frame, in θ's colour (none while θ = 0), its
        positive side shaded when ``shading``."""
        line = Hyperplane(plane or self.plane, *theta_of(), show_normal=False,
                          show_notes=False, show_shading=shading)
        line.line.set_color(self.theme.normal)
        line.add_updater(lambda m: m.set_parameters(*theta_of()))
        return line

    def veil_weights(self) -> None:
        """The weight plane dimmed: the beat argues with an offset, in data space."""
        if getattr(self, "veil", None) is None:
            # the whole plane, its tick values and names too (a bright fragment left out
            # would read as a fault)
            plane = self.weights
            self.veil = Rectangle(width=plane.width + 0.4, height=plane.height + 0.4,
                                  stroke_width=0, fill_color=self.theme.background,
                                  fill_opacity=VEIL_OPACITY).move_to(plane.get_center())
            self.play(appear(self.veil), run_time=style.RUN_FADE)

    def drop_endless(self) -> None:
        """The never-ending run's line leaves data space (its walk stays in weight space)."""
        drawings = getattr(self, "endless_drawings", None)
        if drawings is not None and self.on_screen(drawings[1]):
            self.play(vanish(drawings[1]), vanish(drawings[2]), run_time=style.RUN_FADE)
            self.remove(drawings[1], drawings[2])

    def draw_endless_offset(self, beat) -> None:
        """The perceptron with an offset runs on through its passes: its line moves in data
        space and never leaves every point on its side."""
        self.follow_beat(beat)
        names = getattr(self, "overlap_names", None)
        if names is not None and self.on_screen(names):
            self.play(vanish(names), run_time=style.RUN_FADE)
            self.remove(names)
        states = self.lesson.endless_offset.states
        thetas = np.asarray(states["theta"], dtype=float)
        offsets = np.asarray(states["theta0"], dtype=float)
        tracker = ValueTracker(0.0)

        def at() -> tuple[np.ndarray, float]:
            t = tracker.get_value()
            return between(thetas, t), float(between(offsets, t))

        planes = [self.plane] + ([self.closeup] if self.closeup is not None else [])
        lines = [self.moving_line(at, plane=plane) for plane in planes]
        self.add(*lines)
        self.play(tracker.animate.set_value(len(thetas) - 1),
                  run_time=max(beat.min_seconds, style.RUN_INTRO), rate_func=linear)
        for line in lines:
            line.clear_updaters()
        # the run's best line (the fewest errors) is what stays, dashed
        k, _ = self.lesson.endless_offset_best
        best = VGroup(*[self.dashed_run_line(thetas[k], float(offsets[k]), plane)
                        for plane in planes])
        self.play(*[vanish(line) for line in lines], appear(best), run_time=style.RUN_FADE)
        self.remove(*lines)
        self.endless_offset_line = best

    def draw_offset_line(self, beat) -> None:
        """The widest line with an offset, which separates what no line through 0 does."""
        self.drop_least_inset()
        self.drop_certificate_inset()
        self.drop_endless()
        self.follow_beat(beat)
        self.veil_weights()
        theta, theta0 = self.lesson.offset_line
        line = Hyperplane(self.plane, theta, theta0, show_normal=False, show_notes=False)
        self.play(appear(line), run_time=style.RUN_FADE * 2)

    def draw_overlap(self, beat) -> None:
        """Each class's points of the overlap joined (a segment, a triangle), the point
        both hulls hold marked: no line has both on their sides."""
        theme, lesson = self.theme, self.lesson
        self.drop_least_inset()
        self.drop_certificate_inset()
        self.drop_endless()
        self.follow_beat(beat)
        if beat.state["weights_dim"]:
            self.veil_weights()
        hulls = self.overlap_hulls(self.plane)
        shared = Dot(self.plane.c2p(lesson.overlap_point), radius=0.07, color=theme.highlight)
        if beat.state["closeup"]:  # the points named where they read: in the close-up
            self.closeup_drawing, marks = self.overlap_closeup()
            self.play(appear(self.closeup_drawing), run_time=style.RUN_FADE * 2)
            names = self.closeup_names(beat.state["ringed"])
            hulls, shared = VGroup(hulls, marks[0]), VGroup(shared, marks[1])
        else:
            names = self.ring_names(beat.state["ringed"])
        self.overlap_names = names
        self.play(appear(hulls), appear(names), run_time=style.RUN_FADE * 2)
        self.play(appear(shared), Indicate(shared, color=theme.highlight),
                  run_time=style.RUN_FADE * 2)

    def overlap_hulls(self, plane) -> VGroup:
        """Each class's points of the overlap joined on ``plane`` (a segment, a triangle)."""
        hulls, theme = VGroup(), self.theme
        for weights, colour in zip(self.lesson.overlap, (theme.positive, theme.negative)):
            corners = [plane.c2p(self.lesson.data.X[i]) for i in sorted(weights)]
            if len(corners) == 2:
                hulls.add(Line(*corners, color=colour, stroke_width=4))
            elif len(corners) == 3:
                hulls.add(Polygon(*corners, color=colour, stroke_width=3, fill_color=colour,
                                  fill_opacity=0.25))
        return hulls

    def overlap_closeup(self) -> tuple[VGroup, tuple]:
        """(the close-up of the overlap over the dimmed weight plane, (its hulls, its mark
        of the point both hulls hold)): the lesson's ``overlap_closeup``
        box drawn as large as the weight plane, with the points inside it, its square marked
        on the data plane and "×k" over it. The close-up is :attr:`closeup`."""
        theme, lesson = self.theme, self.lesson
        box, zoom = lesson.overlap_closeup
        X, y = lesson.data.X, lesson.data.y
        inside = ((X[:, 0] >= box.x_min) & (X[:, 0] <= box.x_max) & (X[:, 1] >= box.y_min)
                  & (X[:, 1] <= box.y_max))
        self.closeup = DataPlane(X[inside], y[inside], theme, data=self.data, box=box,
                                 side=SIDE, center=WEIGHT_CENTER, legend=False)
        # in the weight plane's place: it leaves, with all drawn on it
        self.clear_weights()
        low, high = self.plane.c2p((box.x_min, box.y_min)), self.plane.c2p((box.x_max, box.y_max))
        where = Rectangle(width=high[0] - low[0], height=high[1] - low[1], stroke_width=1.5,
                          color=theme.highlight).move_to((low + high) / 2)
        self.closeup.frame.set_stroke(theme.highlight, width=1.5)
        times = text(f"×{zoom}", theme, style.FONT_SMALL, theme.highlight)
        times.next_to(self.closeup.frame, UP, buff=0.08).align_to(self.closeup.frame, RIGHT)
        copies = self.overlap_hulls(self.closeup)
        shared = Dot(self.closeup.c2p(lesson.overlap_point), radius=0.09, color=theme.highlight)
        return VGroup(self.closeup, where, times), (copies, shared)

    def clear_weights(self) -> None:
        """The weight plane leaves, with its veil and everything drawn over it (whatever
        stands with its centre in the plane's box, but the status line)."""
        low, high = self.weights.get_corner(DOWN + LEFT), self.weights.get_corner(UP + RIGHT)

        def over(mobject) -> bool:
            x, y = mobject.get_center()[:2]
            return bool(low[0] <= x <= high[0] and low[1] <= y <= high[1])

        leaving = [m for m in [*self.still_drawings, *self.mobjects]
                   if m is not self.status and over(m)]
        self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        self.remove(*leaving)
        self.veil = None

    def closeup_names(self, indices) -> VGroup:
        """The points ``indices`` named in the close-up, each beside its marker (up-right
        first) where it covers the least of the close-up's markers and the names before."""
        theme, names, plane = self.theme, VGroup(), self.closeup
        markers = box_around(plane.markers.positions(), plane.marker_size)
        for i in sorted(indices):
            name = text(str(i + 1), theme, style.FONT_SMALL, theme.highlight)
            with_backdrop(name, theme)
            taken = [box_of(n)[:, :5] for n in names]
            offset = best_offset(plane.c2p(self.lesson.data.X[i]), (name.width, name.height),
                                 np.vstack([markers, *taken]), plane.marker_size,
                                 preferred=1, rings=2, bounds=plane.square_bounds())
            name.move_to(plane.c2p(self.lesson.data.X[i]) + np.array([*offset, 0.0]))
            names.add(name)
        return names

    def draw_through_mean(self, beat) -> None:
        """A line through the origin turns half a turn round it: on standardised data every
        line the programme can give passes through the data's mean, where the axes cross."""
        theme, angle = self.theme, ValueTracker(0.3)
        turning = self.moving_line(
            lambda: (np.array([np.cos(angle.get_value()), np.sin(angle.get_value())]), 0.0),
            shading=False)
        origin = Dot(self.plane.c2p((0, 0)), radius=style.DOT_RADIUS, color=theme.highlight)
        self.play(appear(origin), run_time=style.RUN_FADE)
        self.add(turning)
        self.play(angle.animate.set_value(0.3 + np.pi), run_time=style.RUN_WIDEN,
                  rate_func=linear)
        turning.clear_updaters()
        # the line goes; the origin stays marked, named, until the weight plane comes
        name = text("origin = the means", theme, style.FONT_SMALL, theme.highlight)
        with_backdrop(name, theme)
        self.place_beside(name, origin.get_center(), 0.1, preferred=2, rings=2)
        self.play(vanish(turning), appear(name), run_time=style.RUN_FADE)
        self.remove(turning)
        self.mean_mark = (origin, name)

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen."""
