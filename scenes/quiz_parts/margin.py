"""What `quiz-margin` draws: each plane's reach and heading, θ*'s name, each run's answer,
the narrow band's close-up and its rings, and the two runs replayed side by side; where the
planes stand (the strips of every data set's M: :mod:`scenes.quiz_parts.strips`)."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Circle, DashedLine, Line, ValueTracker,
                   VGroup)

from linviz import formatting
from linviz.geometry import clip_line
from linviz.lessons.quiz import (BAND_INSET_SHARE, band_half_width, band_inset, edge_points,
                                 farthest_point, star_line)
from linviz.lessons.quiz_story import bound_math, said_gamma, said_reach
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.magnifier import located, magnifier
from scenes.toolkit.markers import signs_over
from scenes.toolkit.placement import (PLACE_TOLERANCE, beside_line, box_around,
                                      box_of, covered_area, detached, leader_line,
                                      outside_circle, segment_boxes)
from scenes.toolkit.plane import Hyperplane, MarginBand, origin_circle_in_box
from scenes.toolkit.screen_text import markup_with_math, math, text
from scenes.toolkit.speed.glyph_numbers import GlyphNumber



#: the side of each of the margin quiz's two planes on screen, and their centres (left of
#: the middle: the narrow band's inset stands right of its plane, at its largest size)
PANEL_SIDE = 4.2
#: the half-width of the planes' markers (spacing alone gives about 0.09)
PLANE_MARKER = 0.07

PANEL_CENTRES = ((-4.55, -0.65, 0.0), (0.4, -0.65, 0.0))

#: the gap between the narrow band's inset, right of its plane, and the plane or the frame
INSET_GAP = 0.12

#: the close-up's markers' half-width, at most this share of the band's half-width there
#: (a marker on an edge then keeps off θ*'s line)
INSET_MARKER_SHARE = 0.6
#: the ring on the plane round where the band's close-up is taken from, in the plane's
#: ring radii at least (larger than the rings on points it may hold)
LOCATOR_RINGS = 1.8

#: a ring in the band's close-up, in rings of the plane (it leaves the marker whole)
INSET_RING = 1.5

#: the cost of a place for θ*'s name on its − side (it names the arrow θ* points along:
#: there only when every place on the + side is covered), and its arrow's tip's length
WRONG_SIDE_COST, STAR_TIP = 1e3, 0.12
#: the gap (screen units) between θ*'s band and θ*'s name beside it, and the least
#: length of θ*'s arrow from its line (reviews 288-289: over a narrow band, a speck)
STAR_GAP, STAR_LEAST = 0.12, 0.45

#: a name further than this (screen units) from its point's ring gets a line to it
LEADER_AFTER = 0.35

#: a radius within this many degrees of an axis runs along it
AXIS_ALONG = 8.0
#: the opacity of the circle of the points' reach
REACH_OPACITY = 0.45
#: a radius within this many degrees of θ*'s line runs along it; the turns (degrees) tried
#: for one off it (and off the axes), in order
STAR_ALONG, RADIUS_TURNS = 15.0, (0.0, 30.0, -30.0, 60.0, -60.0, 90.0)
#: the opacity of the reach's radius once R is said (the runs' lines cross it)
RADIUS_BACK = 0.25
#: the first data set alone (before the second comes): drawn this much larger, its
#: square's centre here (review 280: a small plot in the left third, the rest of the frame
#: empty for 20 s); it moves to its place as the second comes
ALONE_SCALE, ALONE_CENTRE = 1.15, np.array([0.0, -0.62, 0.0])


class MarginDrawings:
    """The margin quiz's drawings (a part of
    :class:`scenes.quiz.MarginQuizScene`)."""

    def signs_on_top(self) -> None:
        """Each plane on screen has its + and − drawn again over what the beats drew on it
        (θ*'s line, the runs' lines, d, a radius): a line passes under a point, never
        through its sign (at the plane's scale the thin band's points touch θ*'s line)."""
        if not getattr(self, "sign_layers", None):
            self.sign_layers = [signs_over(plane, plane.frame, self.theme)
                                for plane in self.planes]
        shown = [layer for plane, layer in zip(self.planes, self.sign_layers)
                 if self.on_screen(plane)]
        if shown:
            self.add(*shown)

    def reach(self, run, plane) -> VGroup:
        """How far the points reach: the circle through the point of largest ‖x‖, that
        point ringed and named R (its number stands in the heading), a dashed radius to it
        but where that would run within :data:`STAR_ALONG` degrees of θ*'s line."""
        X = np.asarray(run.data.X, dtype=float)
        far = farthest_point(run)
        reach = float(np.hypot(*X[far]))
        # (along θ*'s line it could not be seen, review 285; turned off it, it ended on no
        # point, review 288: no radius then, the circle through the ringed point says R)
        radius_drawn = degrees_off_line(X[far], star_line(run)[0]) >= STAR_ALONG
        start, point = plane.c2p((0, 0)), plane.c2p(X[far])
        # the radius wider than an axis (it may lie along one), to its point's ring (not
        # over its marker)
        rim = point - plane.ring_radius * (point - start) / max(
            float(np.linalg.norm(point - start)), 1e-9)
        # along an axis (within AXIS_ALONG), on a ground of the background's colour: its
        # dashes would merge with the axis's line (elsewhere a ground would cut markers)
        angle = float(np.degrees(np.arctan2(*(rim - start)[1::-1]))) % 90.0
        ground = VGroup()
        if radius_drawn and min(angle, 90.0 - angle) < AXIS_ALONG:
            ground.add(Line(start, rim, color=self.theme.background, stroke_width=11))
            ground.add(signs_over(plane, ground[0], self.theme))  # else it would cut them
        dashes = (DashedLine(start, rim, color=self.theme.text, stroke_width=5,
                             dash_length=0.08) if radius_drawn else VGroup())
        line = VGroup(ground, dashes,
                      origin_circle_in_box(plane, reach, self.theme.muted, dashed=False)
                      .set_stroke(opacity=REACH_OPACITY),
                      # in the circle's grey: θ*'s line, white, may pass the point
                      Circle(radius=plane.ring_radius, color=self.theme.muted,
                             stroke_width=style.RING_STROKE).move_to(point))
        name = math("R", self.theme, style.FONT_SMALL)
        with_backdrop(name, self.theme)
        # outside the circle of the points' reach (no marker lies there), off the
        # farthest point's side first, not on θ*'s line or name or the inset
        k = self.planes.index(plane)
        star_drawn, star_name = self.stars[k][1].line, self.stars[k][2]
        # the markers with room round them (a name beside one reads with it: "+d")
        obstacles = [box_around(plane.markers.positions(), plane.marker_size * 1.2 + 0.06),
                     segment_boxes(star_drawn.get_start(), star_drawn.get_end(), 0.06,
                                   samples=40),
                     box_of(star_name, pad=0.05)]
        if self.inset is not None and k == 1:  # the close-up, and its leader from the plane
            obstacles.append(box_of(self.inset[0], pad=0.2))
            leader = self.inset[-1]
            obstacles.append(segment_boxes(leader.get_start(), leader.get_end(), 0.06,
                                           samples=20))
        origin = plane.c2p((0, 0))
        radius = float(np.linalg.norm(point - origin))
        angle = float(np.arctan2(*(point - origin)[1::-1]))
        place = outside_circle(origin, radius, angle, (name.width, name.height), 0.1,
                               np.vstack(obstacles), box_of(plane.frame)[0, :4])
        name.move_to((*place, 0.0))
        # a line to the point's ring when the name stands off it (turned to find room)
        leader = (leader_line(point, plane.ring_radius, name, self.theme.muted)
                  if detached(point, name, LEADER_AFTER) else VGroup())
        return VGroup(line, name, leader)

    def heading(self, run, plane):
        """γ, R and (R/γ)² over a plane, as said: three parts on two rows (the band's
        half-width γ and R, the farthest point's ‖x‖, then (R/γ)²), each narrower than its
        plane; the status line says what γ and R are."""
        parts = [f"$gamma = {said_gamma(run)}$", f"$R = {said_reach(run)}$",
                 f"${bound_math(run)}$"]
        # (review 291: at the small size, 8 px at 480p)
        words = [text(markup_with_math(part), self.theme, style.FONT_PANEL) for part in parts]
        VGroup(VGroup(*words[:2]).arrange(RIGHT, buff=0.4), words[2]).arrange(DOWN, buff=0.1)
        heading = VGroup(*words)  # three parts, each on screen as it is said
        heading.source = " ".join(part.source for part in heading)
        return heading.next_to(plane.frame, UP, buff=0.15)

    def answer(self, run, plane) -> VGroup:
        """The run's answer under its plane, in large type: M (in the run's colour) against
        its bound, "M = 7 ≤ (R/γ)² = 53"."""
        updates = math(f"M = {run.updates}", self.theme, style.FONT_BODY)
        updates.set_color(self.theme.step)
        rest = math(f"<= {bound_math(run)}", self.theme, style.FONT_BODY)
        words = VGroup(updates, rest).arrange(RIGHT, buff=0.15)
        rest.align_to(updates, DOWN)
        return words.next_to(plane.frame, DOWN, buff=0.35)

    def star_name(self, run, plane, avoid=None) -> VGroup:
        """"θ*" beside θ*'s line near one of its ends, just outside the band, with a short
        line to θ*'s (else it would read as the name of the band's edge beside it): of the
        four such places, the first that covers the fewest markers and the least of the
        line ``avoid`` (upper end first, :func:`~scenes.toolkit.placement.beside_line`)."""
        a, c = star_line(run)
        ends = clip_line(a, c, plane.box)
        name = math("theta^*", self.theme, style.FONT_SMALL)
        with_backdrop(name, self.theme)
        if ends is None:
            return VGroup(name.set_opacity(0))
        band = band_half_width(run) * plane.unit
        upper, lower = sorted((plane.c2p(e) for e in ends), key=lambda p: -p[1])
        inward = (lower - upper) / max(float(np.linalg.norm(lower - upper)), 1e-9)
        # the markers, and round the farthest point's ring (its reach and name come there)
        far = plane.c2p(np.asarray(run.data.X, dtype=float)[farthest_point(run)])
        obstacles = [box_around(plane.markers.positions(), plane.marker_size),
                     box_around(far[None, :], 5 * plane.ring_radius) * [1, 1, 1, 1, 100]]
        # the band's edge points (ringed later) and the close-up's square, as heavy
        X = np.asarray(run.data.X, dtype=float)
        rims = np.array([plane.c2p(X[i]) for i in edge_points(run)])
        obstacles.append(box_around(rims, 2 * plane.ring_radius) * [1, 1, 1, 1, 100])
        found = band_inset(run, plane.box)
        if found is not None:
            low, high = plane.c2p((found[0].x_min, found[0].y_min)), plane.c2p(
                (found[0].x_max, found[0].y_max))
            obstacles.append(np.array([[*(low[:2] - 0.1), *(high[:2] + 0.1), 100.0]]))
        if avoid is not None and avoid.has_points():  # a line weighs as much as a text
            boxes = segment_boxes(avoid.get_start(), avoid.get_end(), 0.06, samples=40)
            obstacles.append(np.column_stack([boxes[:, :4], np.full(len(boxes), 100.0)]))
        # the name's half extent across the line: its near edge STAR_GAP past the band's
        reach = (abs(inward[1]) * name.width + abs(inward[0]) * name.height) / 2
        # on θ*'s + side, where it points: the name at the tip of an arrow from the line,
        # θ* drawn as the notes draw θ, a normal (review 276: never drawn as a vector)
        normal = plane.c2p(a) - plane.c2p((0.0, 0.0))
        normal = normal / max(float(np.linalg.norm(normal)), 1e-9)
        centre = beside_line([upper + 0.55 * inward, lower - 0.55 * inward], inward,
                             (name.width, name.height), np.vstack(obstacles),
                             max(band + STAR_GAP, STAR_LEAST) + reach,
                             extra_cost=lambda c: 0.0 if float(
                                 (c - upper)[:2] @ normal[:2]) > 0 else WRONG_SIDE_COST)
        name.move_to(centre)
        foot = upper + float((centre - upper) @ inward) * inward
        tip = leader_line(foot, 0.0, name, self.theme.normal).get_end()
        arrow = Arrow(foot, tip, buff=0.0, stroke_width=3, color=self.theme.normal,
                      tip_length=STAR_TIP, max_tip_length_to_length_ratio=0.5)
        return VGroup(arrow, name)

    def make_inset(self, run, plane):
        """The band magnified (:func:`linviz.lessons.quiz.band_inset`) beside ``plane``
        (:func:`scenes.toolkit.magnifier.magnifier`): θ*'s line and band, not the run's
        last line (one passing a few hundredths from a point would seem to cross its
        marker even there); None when the band reads as it is."""
        found = band_inset(run, plane.box)
        if found is None:
            return None
        box, zoom = found
        (a, c), theme = star_line(run), self.theme
        edge = band_half_width(run) * float(np.hypot(*a))  # the band's edges: aᵀx + c = ±edge
        final = run.trace.result
        theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])

        def drawings(inset):
            return VGroup(MarginBand(inset, a, c, band_half_width(run), theme.correct),
                          Hyperplane(inset, a, c, show_normal=False, show_shading=False))

        inset = magnifier(plane, run.data.X, run.data.y, box, zoom, theme, drawings,
                          lines=[(a, c + shift) for shift in (0.0, edge, -edge)]
                          + [(theta, theta0)], beside=self.beside_planes(),
                          share=BAND_INSET_SHARE, times_font=style.FONT_BODY,
                          leaders=False, grid=True, marker_size=min(
                              style.POINT_SIZE,
                              INSET_MARKER_SHARE * band_half_width(run) * plane.unit * zoom))
        # where it is taken from: its square is a speck at this zoom, so a ring round it on
        # the plane and one leader to the close-up's frame (review 290: 7 s unanchored)
        centre = plane.c2p(((box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2))
        radius = max(LOCATOR_RINGS * plane.ring_radius,
                     float(np.linalg.norm(plane.c2p((box.x_max, box.y_max))
                                          - plane.c2p((box.x_min, box.y_min)))) / 2)
        inset.add(*located(inset, centre, radius, theme))  # (its last two: ring, leader)
        return inset

    def beside_planes(self) -> tuple[float, float, float, float]:
        """The screen box right of the second plane, off the data, where a close-up stands
        (x0, y0, x1, y1)."""
        frame = self.planes[1].frame
        return (frame.get_right()[0] + INSET_GAP, frame.get_bottom()[1],
                self.camera.frame_width / 2 - INSET_GAP, frame.get_top()[1])

    def inset_ring(self, i: int, color, scale: float = 1.0) -> Circle:
        """A ring round point ``i`` of the narrow run in the band's close-up (the
        magnifier's plane, :func:`magnifier`), wide enough to leave its marker whole."""
        inset = self.inset[2]
        x = np.asarray(self.lesson.narrow.data.X[i], dtype=float)
        return Circle(radius=INSET_RING * self.planes[1].ring_radius * scale, color=color,
                      stroke_width=style.RING_STROKE).move_to(inset.c2p(x))

    def dash_star_over_finals(self) -> None:
        """On a plane whose band the close-up magnifies (θ* and the run's last line a few
        pixels apart there), θ*'s line drawn again dashed over the last line: white dashes
        on pink read as two lines, one solid over the other as one."""
        for k, (run, plane) in enumerate(zip((self.lesson.wide, self.lesson.narrow),
                                             self.planes)):
            if band_inset(run, plane.box) is None:
                continue
            line = self.stars[k][1].line
            dashed = DashedLine(line.get_start(), line.get_end(), color=line.get_color(),
                                stroke_width=self.line_widths[k] * 1.5, dash_length=0.12)
            self.stars[k].add(dashed)
            self.add(dashed)

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


def degrees_off_line(direction, normal) -> float:
    """The angle (degrees, 0 to 90) between ``direction`` and the line through 0 with
    normal ``normal``: 90° less the angle to the normal."""
    u = np.asarray(direction, dtype=float) / float(np.hypot(*direction))
    normal = np.asarray(normal, dtype=float) / float(np.hypot(*normal))
    return 90.0 - float(np.degrees(np.arccos(min(1.0, abs(float(u @ normal))))))


def radius_direction(point, normal) -> np.ndarray:
    """The unit direction of a sketch's radius: towards ``point`` (the farthest), or turned
    by the first of :data:`RADIUS_TURNS` that keeps it :data:`STAR_ALONG` degrees off
    θ*'s line through 0 (its normal ``normal``, :func:`degrees_off_line`) and
    :data:`AXIS_ALONG` off the axes (the last tried when none does)."""
    base = float(np.arctan2(point[1], point[0]))
    for turn in RADIUS_TURNS:
        angle = base + np.radians(turn)
        u = np.array([np.cos(angle), np.sin(angle)])
        off_axes = float(np.degrees(angle)) % 90.0
        if turn == 0.0 and degrees_off_line(u, normal) >= STAR_ALONG:
            return np.asarray(point, dtype=float) / float(np.hypot(*point))
        if (degrees_off_line(u, normal) >= STAR_ALONG
                and min(off_axes, 90.0 - off_axes) >= AXIS_ALONG):
            return u
    return u
