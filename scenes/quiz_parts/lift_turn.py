"""`quiz-margin`'s lift, seen from aside and then turned edge-on: the wide run's points
lifted to [x, 1] stand on a copy of the plane at height 1, and θ* on [x, 1] is a plane
through 0 that meets it along θ*'s line; turned until the view runs along that line, the
copy is the height-1 line of the section (:mod:`scenes.quiz_parts.lift`), θ*'s plane its
boundary through 0 and (d, 1), and each point stands at (s, 1).

A point (s, w, t) (:func:`linviz.lessons.quiz.section_places`, ``section_depths``, t = 1)
is drawn turned by ψ about the height's axis and tipped by β towards the viewer:
x = s cos ψ − w sin ψ, y = t cos β + (s sin ψ + w cos ψ) sin β, at a scale and an origin
that go, as ψ and β go to 0, to the section's."""

from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, UP, Line, Polygon, ValueTracker, VGroup

from linviz.lessons.quiz import LiftSection, section_depths, section_places
from scenes.toolkit import style
from scenes.toolkit.markers import Marker
from scenes.toolkit.screen_text import math, text

#: the view from aside: turned this far about the height's axis, tipped this far (radians)
TURN_YAW, TURN_PITCH = np.radians(38.0), np.radians(20.0)
#: the height θ*'s plane is drawn up to, and the room round the points' extent in w
PLANE_TOP, DEPTH_PAD = 1.3, 0.15
#: the lifted points' markers: half-width and opacity
TURN_MARKER, TURN_OPACITY = 0.06, 0.6


def projected(s, w, t, turn: float) -> np.ndarray:
    """(x, y) of the points (s, w, t) seen turned by ``turn`` (1: from aside, 0: edge-on)."""
    yaw, pitch = TURN_YAW * turn, TURN_PITCH * turn
    s, w, t = (np.asarray(v, dtype=float) for v in (s, w, t))
    x = s * np.cos(yaw) - w * np.sin(yaw)
    y = t * np.cos(pitch) + (s * np.sin(yaw) + w * np.cos(yaw)) * np.sin(pitch)
    return np.stack([x, y], axis=-1)


def fitted_view(points, box) -> tuple[float, np.ndarray]:
    """The scale and the screen origin that fit ``points`` (s, w, t), seen from aside, to
    9 tenths of the screen ``box`` (x0, y0, x1, y1), centred."""
    seen = projected(*np.asarray(points, dtype=float).T, 1.0)
    low, high = seen.min(axis=0), seen.max(axis=0)
    x0, y0, x1, y1 = box
    scale = 0.9 * min((x1 - x0) / (high[0] - low[0]), (y1 - y0) / (high[1] - low[1]))
    return scale, np.array([x0 + x1, y0 + y1]) / 2 - scale * (low + high) / 2


#: the opacity of the copy's outline seen edge-on (a line at height 1, under the points)
EDGE_ON_COPY = 0.25


def following(shape, corners_of, closed: bool = False, opacity=None):
    """``shape`` redrawn every frame through the screen points ``corners_of()`` (closed:
    back to the first), its stroke at ``opacity()`` when given."""
    def redraw(m) -> None:
        corners = list(corners_of())
        m.set_points_as_corners(corners + corners[:1] if closed else corners)
        if opacity is not None:
            m.set_stroke(opacity=opacity())

    redraw(shape)
    return shape.add_updater(redraw)


def in_front(s, d: float) -> np.ndarray:
    """Which lifted points (s, ·, 1) lie on the viewer's side of θ*'s plane s = d·t seen
    from aside: its normal n = (1, 0, −d) against the direction to the viewer, the screen's
    x × y in (s, w, t), (−sin ψ cos β, −cos ψ cos β, sin β); a point p is in front when
    n·p has the sign of n·view."""
    view = -np.sin(TURN_YAW) * np.cos(TURN_PITCH) - d * np.sin(TURN_PITCH)
    return np.sign(np.asarray(s, dtype=float) - d) == np.sign(view)


class LiftTurn:
    """The lift seen from aside, turned edge-on (a part of
    :class:`scenes.quiz.MarginQuizScene`: its lesson, theme and the section's box)."""

    def turn_drawing(self, section: LiftSection, box, edge_scale: float,
                     edge_origin: np.ndarray, edge_span, keep) -> VGroup:
        """The lifted points, the copy of the plane at height 1, the height's axis and θ*'s
        plane through 0, drawn at :attr:`turn` (a tracker from 1, from aside, to 0,
        edge-on): from aside fitted to the screen ``box`` (x0, y0, x1, y1), edge-on at the
        section's scale and origin, the copy as wide as ``edge_span`` (s from, to).
        ``keep(s)``: which points stay once edge-on (the others leave as the view turns).
        Its names (:attr:`names`, from aside only) leave before it turns."""
        run = self.lesson.wide
        s, w = section_places(run), section_depths(run)
        deep = float(np.max(np.abs(w))) + DEPTH_PAD
        wide = (min(float(s.min()), 0.0) - DEPTH_PAD, float(s.max()) + DEPTH_PAD)
        turn = ValueTracker(1.0)

        def copy_corners() -> list:
            """The copy of the plane at height 1: the data's extent from aside, the
            section's width (``edge_span``) edge-on."""
            u = turn.get_value()
            left, right = (e + (f - e) * u for e, f in zip(edge_span, wide))
            return [(a, b, 1.0) for a, b in ((left, -deep), (right, -deep), (right, deep),
                                             (left, deep))]

        corners = copy_corners()
        plane = [(section.d * h, b, h) for h, b in ((0, -deep), (0, deep), (PLANE_TOP, deep),
                                                   (PLANE_TOP, -deep))]
        side_scale, side_origin = fitted_view(
            [*corners, *plane, (0, 0, 0), (0, 0, PLANE_TOP)], box)

        def at(points) -> np.ndarray:
            u = turn.get_value()
            scale = edge_scale + (side_scale - edge_scale) * u
            origin = edge_origin + (side_origin - edge_origin) * u
            xy = origin + scale * projected(*np.asarray(points, dtype=float).T, u)
            return np.column_stack([xy, np.zeros(len(xy))])

        theme = self.theme
        # seen from aside, the points beyond θ*'s plane are drawn under it (its fill veils
        # them): the depth the flat picture otherwise hides
        behind = ~in_front(s, section.d)
        drawing = VGroup(
            # the copy's outline fades as it turns edge-on: a line at height 1 there, the −
            # markers' dashes along it would merge with it
            following(Polygon(*at(corners), color=theme.muted, stroke_width=1.5,
                              fill_opacity=0.06), lambda: at(copy_corners()), closed=True,
                      opacity=lambda: EDGE_ON_COPY + (1 - EDGE_ON_COPY) * turn.get_value()),
            self.turned_markers(turn, at, s, w, keep, box, behind),
            following(Polygon(*at(plane), color=theme.boundary, stroke_width=2,
                              fill_opacity=0.18), lambda: at(plane), closed=True),
            following(Line(color=theme.text, stroke_width=2),
                      lambda: at([(0, 0, -0.2), (0, 0, PLANE_TOP + 0.15)])),
            # θ*'s line on the copy: edge-on, a point (the boundary's crossing of height 1)
            following(Line(color=theme.boundary, stroke_width=style.LINE_STROKE),
                      lambda: at([(section.d, -deep, 1), (section.d, deep, 1)]),
                      opacity=lambda: min(1.0, 3 * turn.get_value())),
            self.turned_markers(turn, at, s, w, keep, box, ~behind))
        drawing.turn = turn
        drawing.names = self.turn_names(at, corners, plane)
        return drawing

    def turned_markers(self, turn, at, s, w, keep, box, which) -> VGroup:
        """The wide run's points at (s, w, 1) that ``which`` (a mask) picks, following the
        view (``at``); those ``keep(s)`` refuses fade as it turns edge-on, and none is drawn
        out of the screen ``box``'s width (zooming in, they would cross the plane beside)."""
        run = self.lesson.wide
        s, w = np.asarray(s)[which], np.asarray(w)[which]
        stays = np.array([bool(keep(v)) for v in s])
        markers = VGroup(*[Marker(label, self.theme, size=TURN_MARKER)
                           for label in np.asarray(run.data.y)[which]])

        def place(group) -> None:
            u = turn.get_value()
            for marker, p, stay in zip(group, at(np.column_stack([s, w, np.ones_like(s)])),
                                       stays):
                marker.move_to(p)
                inside = box[0] <= p[0] <= box[2]
                marker.set_opacity(TURN_OPACITY * inside * (1.0 if stay else min(1.0, 2 * u)))

        place(markers)
        return markers.add_updater(place)

    def turn_names(self, at, corners, plane) -> VGroup:
        """From aside: "[x, 1]" by the copy's rightmost corner, "θ* on [x, 1]" by its plane's
        top, and on the height's axis "0" at its foot and "1" at the copy's height."""
        theme = self.theme
        copy_name = math("[x, 1]", theme, style.FONT_SMALL).set_color(theme.muted)
        # by the copy's rightmost corner (θ*'s plane stands over the far one)
        screen = at(corners)
        copy_name.next_to(screen[int(np.argmax(screen[:, 0]))], RIGHT, buff=0.1)
        top = at([plane[2], plane[3]])
        star_name = text("$theta^*$ on $[x, 1]$", theme, style.FONT_SMALL)
        star_name.next_to(top[np.argmax(top[:, 1])], UP, buff=0.1)
        axis_names = VGroup()
        for height in (0, 1):
            where = at([(0, 0, height)])[0]
            tick = Line(where + 0.06 * LEFT, where + 0.06 * RIGHT, color=theme.text,
                        stroke_width=2)
            # on an opaque ground: the lifted points' markers crowd round the axis
            name = math(str(height), theme, style.FONT_SMALL).next_to(where, LEFT, buff=0.1)
            name.add_background_rectangle(color=theme.background, opacity=1.0,
                                          buff=style.LABEL_BACKDROP_BUFF)
            axis_names.add(tick, name)
        return VGroup(copy_name, star_name, axis_names)
