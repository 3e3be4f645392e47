"""`linear-program`: the realizable case solved as a linear programme, in weight space.

Data space on the left, the plane of θ = (θ₁, θ₂) on the right. Each point is the
half-plane y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1 of weight space; the separators scaled to meet them all are
the shaded region; the programme's θ* (least |θ₁| + |θ₂|) is where a growing diamond
first touches it; the perceptron's θ then walks from 0, one step y⁽ⁱ⁾x⁽ⁱ⁾ per update,
until the ray through it enters the region. On data no line through the origin
separates, the wedge of θ right on every point so far narrows until it is empty (why:
the scene `no-separator`, :mod:`scenes.no_separator`, drawn by these parts).

Every number and word comes from the lesson (:mod:`linviz.lessons.linear_program`) and
its storyboard; the scene draws the storyboard's states.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, DashedLine, Dot, Line, Square, ValueTracker,
                   VGroup, VMobject, linear)

from linviz.geometry import clip_line
from linviz.lessons.linear_program import (DEFAULT_DATA, SCENE, LinearProgramLesson,
                                           linear_program_lesson)
from linviz.lessons.linear_program_insets import marker_share
from linviz.lessons.linear_program_story import linear_program_storyboard
from scenes.base import LinvizScene
from scenes.linear_program_parts.common import DATA_CENTER, SIDE, WEIGHT_CENTER, zoom_plane
from scenes.linear_program_parts.constraints import ConstraintBeats
from scenes.linear_program_parts.hull_turn import HullTurn
from scenes.linear_program_parts.intro import IntroBeats
from scenes.linear_program_parts.margins import MarginBands
from scenes.linear_program_parts.narrowing import NarrowingBeats
from scenes.linear_program_parts.cone_inset import ConeInset
from scenes.linear_program_parts.no_separator import NoSeparatorBeats
from scenes.linear_program_parts.offset import OffsetBeats
from scenes.linear_program_parts.scaling import ScalingBeats
from scenes.linear_program_parts.star import StarMarks
from scenes.linear_program_parts.walk import WalkBeats
from scenes.linear_program_parts.wrong_marks import WrongMarks
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.markers import signs_over
from scenes.toolkit.placement import (across, best_offset, box_around, detached, leader_line,
                                      nearer_another, segment_boxes)
from scenes.toolkit.plane import DataPlane, Hyperplane
from scenes.toolkit.screen_text import text


#: a ring's name one ring of places farther out costs as much as this much of a marker
#: covered (screen units², a marker's box is about 0.01-0.04): it moves off a marker, not
#: off a corner of one
LEADER_RING_COST = 0.005
#: a ring's name farther than this beyond its nearest places (diagonal, a corner at the
#: ring) is joined to it by a leader
LEADER_AFTER = 0.1
#: a name keeps this far clear of the markers beside its ring (screen units: at a marker's
#: edge it reads as that marker's name), and of the lines drawn (each a row of boxes this
#: half-wide, weighing as much as a marker: a name on a line reads as the line's)
MARKER_CLEARANCE, LINE_CLEARANCE = 0.12, 0.06
#: rings whose centres are this many ring widths apart or nearer touch: one name for them
RING_TOUCH = 1.0
#: the side of the ground round another ring a ring's name keeps off, in that ring's widths
#: (a name just beside a ring reads as its name)
RING_GROUND = 1.8
#: how much a marker's margin (:data:`MARKER_CLEARANCE`) weighs, a share of the marker's
MARGIN_WEIGHT = 0.3


class LinearProgramScene(ConstraintBeats, StarMarks, ScalingBeats, WalkBeats, NoSeparatorBeats,
                         ConeInset, WrongMarks, OffsetBeats, HullTurn, IntroBeats,
                         MarginBands, NarrowingBeats, LinvizScene):
    """The realizable case as a linear programme: constraints as half-planes of θ."""

    default_data = DEFAULT_DATA[SCENE]
    scene_title = "Separating as a linear programme"

    def first_box(self):
        """The box of θ the weight plane first shows: zoomed in to one point's line."""
        return self.lesson.constraint_box

    def make_lesson(self) -> LinearProgramLesson:
        """The lesson (:func:`linviz.lessons.linear_program.linear_program_lesson`)."""
        return linear_program_lesson(self.data, seed=self.seed)

    def make_storyboard(self, lesson):
        return linear_program_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):  # (the perceptron's walk; None when no θ exists)
        return lesson.run

    # -- the drawings ---------------------------------------------------------------
    def build(self) -> None:
        lesson, theme = self.lesson, self.theme
        self.title = self.make_title(self.scene_title)
        # counts only where both classes share a place: the others are clutter here; the
        # markers as wide as the lesson's rule of a point that looks on a line takes them
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               box=lesson.full_view, side=SIDE, center=DATA_CENTER,
                               counts="mixed", marker_size=marker_share(lesson) * SIDE)
        self.weights = DataPlane(np.zeros((0, 2)), np.zeros(0), theme, box=self.first_box(),
                                 side=SIDE, center=WEIGHT_CENTER,
                                 axis_labels=("theta_1", "theta_2"), legend=False)
        self.status = None
        self.rings: dict[int, Circle] = {}
        #: the ringed points' names last drawn (what is named later keeps off them)
        self.named_rings = VGroup()
        self.shown_line = None
        self.lines = VGroup()
        self.region = None
        self.diamond = None
        self.star_dot = None
        self.star_lines = None
        self.walker = None
        self.path = VGroup()
        self.run_line = self.ray = None
        self.probe = self.probe_line = self.shown_vector = self.wrong_drawn = None
        self.shown_half = self.shown_normal = self.shown_label = None
        self.weight_names: list = []  # the shown point's names in weight space
        self.certificate = VGroup()
        self.certificate_arrows = VGroup()
        #: Gordan's alternative stated: (veil, card) over the weight plane, or None
        self.gordan_drawing = None
        #: θ scaled up in data space while the scaling is said (or None)
        self.scaling_drawing = None
        self.veil = None
        #: the cone of separators, shaded while the perceptron walks (or None)
        self.cone = None
        #: the overlap's close-up over the dimmed weight plane: its plane, its drawing
        self.closeup = self.closeup_drawing = None
        self.overlap_panel = None
        self.walk_states = np.zeros((1, 2))
        #: the walk's path is gone (zoomed out, it would be a scribble under θ's name)
        self.path_hidden = False
        self.weight_drawings: list = []  # (drawing, maker) of each: a zoom remakes it

    def on_weights(self, make):
        """A weight-space drawing made by ``make()`` for the plane's present box, made
        again whenever the box changes (:meth:`zoom_weights`)."""
        drawing = make()
        self.weight_drawings.append((drawing, make))
        return drawing

    def zoom_weights(self, box) -> None:
        """The weight plane shows ``box``: every weight-space drawing follows."""
        zoom_plane(self, *self.weights_zoom(box))

    def weights_zoom(self, box) -> tuple:
        """(plane, box, box_at, redraw) of the weight plane's zoom to ``box``, every
        weight-space drawing following (:func:`~scenes.linear_program_parts.common.zoom_planes`)."""
        from scenes.toolkit import views

        start = self.weights.box

        def redraw() -> None:
            for drawing, make in self.weight_drawings:
                if self.on_screen(drawing):
                    drawing.become(make())

        return self.weights, box, lambda t: views.box_between(start, box, t), redraw

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

    def constraint_line(self, i: int, colour, width: float = 1.5, score: float = 1.0,
                        dashed: bool = False) -> VMobject:
        """The line aᵢᵀθ = ``score`` of point i (its constraint's, 1, by default; 0: where
        its y·score changes sign), clipped to the weight plane, solid or dashed."""
        ends = clip_line(self.lesson.signed[i], -score, self.weights.box)
        if ends is None:
            return VGroup()
        start, end = self.weight_point(ends[0]), self.weight_point(ends[1])
        if dashed:
            return DashedLine(start, end, stroke_width=width, color=colour, dash_length=0.1)
        return Line(start, end, stroke_width=width, color=colour)

    def ring(self, i: int) -> Circle:
        ring = Circle(radius=self.plane.ring_radius, color=self.theme.highlight,
                      stroke_width=style.RING_STROKE)
        return ring.move_to(self.plane.point(i))

    def set_rings(self, wanted) -> None:
        """Ring exactly the points ``wanted`` in data space."""
        gone = [self.rings.pop(i) for i in list(self.rings) if i not in wanted]
        signs = getattr(self, "ring_signs", None)
        if signs is not None and self.on_screen(signs):  # drawn again for the rings left
            self.remove(signs)
        new = {i: self.ring(i) for i in wanted if i not in self.rings}
        if gone:
            self.play(*[vanish(r) for r in gone], run_time=style.RUN_FADE)
            self.remove(*gone)
        if new:
            self.play(*[appear(r) for r in new.values()], run_time=style.RUN_FADE)
            self.rings.update(new)
        # the signs of the markers a ring crosses, over it: a ring's stroke hid whether a
        # point beside it was + or − where rings crowd (review 255)
        self.ring_signs = VGroup(*[signs_over(self.plane, r, self.theme)
                                   for r in self.rings.values()])
        self.add(self.ring_signs)

    def set_status(self, words: str | None) -> None:
        """The status line over the weight plane, under the title."""
        def place(line):
            line.set_y(self.title.get_bottom()[1] - 0.3, direction=np.array([0, 1, 0]))
            line.set_x(self.weights.frame.get_center()[0])

        self.show_status_words(words, place, width=7.0, split=True)

    def follow_beat(self, beat) -> None:
        """Rings and status as the beat's state names them."""
        state = beat.state
        self.set_rings(list(state["ringed"]))
        self.set_status(state["status"])

    def name_rings(self, reach: int = 1, lines=()) -> None:
        """The ringed points named by their numbers, as the sentence names them, until the
        next sentence (as far as ``reach`` rings of places out, off the data plane's
        ``lines`` [(θ, θ₀)…]: :meth:`ring_names`)."""
        if self.rings:
            names = self.ring_names(sorted(self.rings), reach, lines)
            self.play(appear(names), run_time=style.RUN_FADE)
            self.mark_for_beat(names)
            self.named_rings = names

    # -- the beats ----------------------------------------------------------------
    def ring_names(self, indices, reach: int = 1, lines=(), clear: bool = True) -> VGroup:
        """The rings of ``indices`` named by their points, once for points at one place or
        whose rings overlap (":data:`RING_TOUCH`": "21, 77"), above right of the first ring,
        clear of the data plane's ``lines`` [(θ, θ₀)…]; with ``reach`` > 1, as far as that
        many rings of places out where the near ones cover markers, a leader then joining a
        name that stands off its rings; ``clear``, off the markers' margins too
        (:data:`MARKER_CLEARANCE`)."""
        theme, names = self.theme, VGroup()
        groups = self.touching_rings(sorted(i for i in indices if i in self.rings))
        rings = [self.rings[i] for group in groups for i in group]
        for group in groups:
            name = text(", ".join(str(i + 1) for i in group), theme, style.FONT_SMALL,
                        theme.highlight)
            with_backdrop(name, theme)
            # beside its ring (up-right first), off the markers, the plane's counts, the
            # other rings and the names placed before (a name on another ring would pair
            # it wrongly; another ring's ground wider than the ring: a name just beside it
            # reads as its name)
            own = self.rings[group[0]]
            taken = [Square(side_length=RING_GROUND * r.width).move_to(r.get_center())
                     for r in rings if all(r is not self.rings[i] for i in group)]
            self.place_beside(name, own.get_center(), own.width / 2 + 0.02,
                              taken + list(names), preferred=1, rings=reach,
                              ring_cost=LEADER_RING_COST, lines=self.line_boxes(lines),
                              clear=clear)
            names.add(name)
        return names.add(*[self.ring_leader(group, name, groups)
                           for group, name in zip(groups, names)])

    def touching_rings(self, indices) -> list[list[int]]:
        """``indices`` (ringed) grouped: points at one place, and places whose rings touch
        (centres within :data:`RING_TOUCH` rings' widths of a ring of the group), in
        index order; the groups in order of their first."""
        groups: list[list[int]] = []
        for i in indices:
            centre = self.rings[i].get_center()
            home = next((g for g in groups if any(
                np.linalg.norm(self.rings[j].get_center() - centre)
                <= RING_TOUCH * self.rings[j].width for j in g)), None)
            if home is None:
                groups.append([i])
            else:
                home.append(i)
        return groups

    def ring_leader(self, group, name, groups) -> VMobject:
        """A leader from the group's ring nearest ``name`` when the name stands off it, or
        nearer another group's ring than its own (it would name that one); else nothing."""
        theme = self.theme
        centres = [self.rings[i].get_center() for i in group]
        own = min(centres, key=lambda c: float(np.linalg.norm(c - name.get_center())))
        others = [self.rings[i].get_center() for g in groups if g is not group for i in g]
        if (detached(own, name, (self.plane.ring_radius + 0.02) * np.sqrt(2) + LEADER_AFTER)
                or nearer_another(name.get_center(), own, others)):
            return leader_line(own, self.plane.ring_radius, name, theme.highlight)
        return VGroup()

    def line_boxes(self, lines) -> np.ndarray:
        """Obstacle boxes along the data plane's ``lines`` where they cross it
        (:data:`LINE_CLEARANCE` half-wide): each (θ, θ₀), or ("segment", a, b) from screen
        point a to b (an arrow)."""
        plane, boxes = self.plane, [np.zeros((0, 5))]
        for line in lines:
            if isinstance(line[0], str):
                ends = line[1:]
            else:
                segment = clip_line(np.asarray(line[0], dtype=float), float(line[1]),
                                    plane.box)
                ends = None if segment is None else [plane.c2p(p) for p in segment]
            if ends is not None:
                boxes.append(segment_boxes(*ends, LINE_CLEARANCE, samples=80))
        return np.vstack(boxes)

    def place_beside(self, label, anchor, gap: float, taken=(), preferred: int = 1,
                     rings: int = 1, ring_cost: float = 0.0, lines=None,
                     clear: bool = False) -> None:
        """``label`` beside the screen point ``anchor`` (``gap`` from it), where it covers
        the least of the data plane's markers and counts and of the ``taken`` drawings
        (text on text weighs most), ``clear``: and the markers' margins, and the boxes
        ``lines`` (:meth:`line_boxes`): :func:`scenes.toolkit.placement.best_offset` over
        ``rings`` rings of eight places (one: a point's name stays by its point), first
        trying :data:`~scenes.toolkit.placement.DIRECTIONS` [``preferred``]."""
        plane = self.plane
        positions = plane.markers.positions()
        # a marker's margin weighs less than the marker: in a crowd a name on a margin is
        # better than one on a marker
        margins = box_around(positions, plane.marker_size + MARKER_CLEARANCE)
        margins[:, 4] = MARGIN_WEIGHT
        obstacles = [box_around(positions, plane.marker_size), plane.count_boxes(),
                     *([margins] if clear else []), *([] if lines is None else [lines])]
        # (and the plane's legend, in its square: wine's "99" stood on "−1: cultivator 1")
        texts = [plane.count_boxes()]
        for drawn in [*taken, *([plane.legend] if plane.legend is not None else [])]:
            low, high = drawn.get_corner(DOWN + LEFT), drawn.get_corner(UP + RIGHT)
            texts.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
        obstacles += texts[1:]
        # its leader off the counts and names (review 302: one ran through a "+2 −1")
        # inside the plane: outside it, over the tick values
        offset = best_offset(anchor, (label.width, label.height), np.vstack(obstacles), gap,
                             preferred=preferred, rings=rings, ring_cost=ring_cost,
                             bounds=plane.square_bounds(), leader_obstacles=np.vstack(texts))
        label.move_to(np.asarray(anchor, dtype=float) + np.array([*offset, 0.0]))

    def solid_run_line(self, theta, theta0: float, plane=None) -> VMobject:
        """The boundary of (θ, θ₀) in data space (on ``plane``, the data plane by default),
        in θ's colour, solid (reviews 331: dashed, it read as a θᵀx = ±1 line)."""
        plane = plane or self.plane
        ends = clip_line(theta, float(theta0), plane.box)
        return VGroup() if ends is None else Line(
            plane.c2p(ends[0]), plane.c2p(ends[1]), color=self.theme.normal, stroke_width=3)

    def moving_line(self, theta_of, shading: bool = True, plane=None) -> Hyperplane:
        """A boundary in data space (on ``plane``, the data plane by default) that follows
        ``theta_of()`` = (θ, θ₀) every frame, in θ's colour (none while θ = 0), its
        positive side shaded when ``shading``."""
        line = Hyperplane(plane or self.plane, *theta_of(), show_normal=False,
                          show_notes=False, show_shading=shading)
        line.line.set_color(self.theme.normal)
        line.add_updater(lambda m: m.set_parameters(*theta_of()))
        return line

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
        name = text("origin = the means", theme, style.FONT_SMALL, theme.highlight)
        with_backdrop(name, theme)
        self.place_beside(name, origin.get_center(), 0.1, preferred=2, rings=2)
        self.play(vanish(turning), appear(name), run_time=style.RUN_FADE)
        self.remove(turning)  # (the origin's mark, named, stays)
        self.mean_mark = (origin, name)

    def draw_hold(self, beat) -> None:
        """Nothing moves but a close-up the state drops; the status line writes the rest."""
        self.follow_beat(beat)
        if not beat.state["inset"]:
            self.drop_least_inset()
