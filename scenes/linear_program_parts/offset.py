"""The beats of `linear-program` with an offset on data no line through 0 separates: the
line that separates with an offset (drawn), or the overlap of the classes' hulls (in a
close-up where its points sit close); and the notes' remark on testing, with the run's
updates per pass."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, Dot, Line, Polygon,
                   Rectangle, VGroup, config)

from linviz.lessons.linear_program_overlap import also_inside
from scenes.linear_program_parts.closing_runs import ClosingRuns
from scenes.linear_program_parts.common import SIDE, VEIL_OPACITY, WEIGHT_CENTER
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.markers import Marker, signs_over
from scenes.toolkit.placement import best_offset, box_around, box_of, leader_line
from scenes.toolkit.plane import DataPlane, Hyperplane
from scenes.toolkit.screen_text import markup_with_math, text


#: the room (screen units) between the closing card and the data plane, and the frame's edge
RECAP_EDGE = 0.4


#: how much larger than its text's size Gordan's card may be set where its room allows
CARD_GROWTH = 1.35
#: the room (screen units) the overlap's panel keeps from the frame's right edge
PANEL_MARGIN = 0.25


class OffsetBeats(ClosingRuns):
    """What the scene draws with an offset, in data space (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

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

    def alternative_card(self, recap, room=None) -> VGroup:
        """Gordan's alternative (``recap``: a title, two boxes' lines, the one that
        ``holds``, or None while it is only stated, and lines under them) as a card
        centred in the room right of the data plane (or in ``room``, a screen square x0,
        y0, x1, y1, scaled down to fit it): "either" and "or" boxes, the one that holds
        framed in the highlight and the other muted."""
        theme = self.theme

        def rows(lines, colour) -> VGroup:
            return VGroup(*[text(markup_with_math(line), theme, style.FONT_SMALL, colour)
                            for line in lines]).arrange(DOWN, aligned_edge=LEFT, buff=0.12)

        boxes = VGroup()
        states = [(k == recap["holds"], recap["holds"] is None) for k in range(2)]
        inners = [rows(lines, theme.text if holds or stated else theme.muted)
                  for lines, (holds, stated) in zip(recap["boxes"], states)]
        wide = max(inner.width for inner in inners)  # one width: the boxes' edges in line
        for word, inner, (holds, stated) in zip(("either", "or"), inners, states):
            frame = Rectangle(width=wide + 0.32, height=inner.height + 0.32,
                              stroke_width=2.5 if holds else 1.5,
                              color=theme.highlight if holds else theme.muted)
            frame.move_to(inner).align_to(inner.get_left() - [0.16, 0, 0], LEFT)
            name = text(word, theme, style.FONT_SMALL, theme.highlight if holds or stated
                        else theme.muted).next_to(frame, LEFT, buff=0.14)
            boxes.add(VGroup(frame, inner, name))
        boxes.arrange(DOWN, aligned_edge=RIGHT, buff=0.3)
        card = VGroup(text(recap["title"], theme, style.FONT_SMALL, theme.highlight), boxes)
        if recap["offset"]:
            card.add(rows(recap["offset"], theme.muted))
        card.arrange(DOWN, buff=0.35)
        if room is not None:
            x0, y0, x1, y1 = room
            # (grown to the room, at most CARD_GROWTH: reviews 331, 10-12 px at 480p)
            card.scale(min(CARD_GROWTH, (x1 - x0) / card.width, (y1 - y0) / card.height))
            return card.move_to([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])
        left = self.plane.frame.get_right()[0] + RECAP_EDGE
        room = self.camera.frame_width / 2 - RECAP_EDGE - left
        if card.width > room:
            card.scale_to_fit_width(room)
        return card.move_to([left + room / 2, float(self.plane.frame.get_center()[1]), 0.0])

    def clear_right_half(self) -> None:
        """The overlap's hulls, names, its close-up (with the hulls' copies in it) and its
        panel leave: the right half is the pass counts' (the state's ``closeup`` and
        ``overlap_panel`` are None)."""
        leaving = [m for m in (getattr(self, "overlap_names", None), self.closeup_drawing,
                               *getattr(self, "closeup_marks", ()), self.overlap_panel,
                               *getattr(self, "overlap_drawn", ()))
                   if m is not None and self.on_screen(m)]
        if self.closeup_drawing is not None:  # its marks are parts of the hulls' groups
            leaving += [m for m in getattr(self, "closeup_marks", ()) if m not in leaving]
        if leaving:
            self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
            self.remove(*leaving)
        self.closeup = self.closeup_drawing = self.overlap_panel = None
        self.closeup_marks = ()

    def drop_certificate_sides(self) -> None:
        """The certificate's half-planes, their key and the constraints' lines leave: what
        follows is argued with an offset, in data space."""
        shown = [m for m in (*getattr(self, "certificate_weights", ()), self.lines)
                 if m is not None and self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)

    def draw_offset_line(self, beat) -> None:
        """The widest line with an offset, which separates what no line through 0 does."""
        self.drop_least_inset()
        self.drop_certificate_inset()
        self.drop_certificate_sides()
        self.follow_beat(beat)
        self.veil_weights()
        theta, theta0 = self.lesson.offset_line
        line = Hyperplane(self.plane, theta, theta0, show_normal=False, show_notes=False)
        self.play(appear(line), run_time=style.RUN_FADE * 2)

    def draw_overlap(self, beat) -> None:
        """Each class's points of the overlap joined (a segment, a triangle) and named as
        the example names them (the turn round one of them is the next beat's,
        :meth:`draw_overlap_turn`)."""
        theme, lesson = self.theme, self.lesson
        # the last beat's rings and status leave with it, the weight plane at once (review
        # 311: its empty axes stood 1.5 s under the new title); the status as the solver's
        # answer is said (review 312: 19 s before)
        self.set_rings([])  # (its points ringed as named: reviews 318, 4 s before)
        self.set_status(beat.state["status"])  # (the constant feature seen as said)
        self.drop_least_inset()
        self.drop_certificate_inset()
        if beat.state["weights_dim"]:
            self.drop_certificate_sides()
            self.veil_weights()
        elif not beat.state["weights"] and not beat.state["closeup"]:
            self.clear_weights()  # the argument is in data space now (the close-up clears too)
        hulls = self.overlap_hulls(self.plane)
        shared = Dot(self.plane.c2p(lesson.overlap_point), radius=0.07, color=theme.highlight)
        if beat.state["closeup"]:  # the points named where they read: in the close-up
            self.closeup_drawing, marks = self.overlap_closeup()
            self.play(appear(self.closeup_drawing), run_time=style.RUN_FADE * 2)
            names = self.closeup_names(beat.state["ringed"])
            self.closeup_marks = marks  # they leave with the close-up
            hulls, shared = VGroup(hulls, marks[0]), VGroup(shared, marks[1])
        self.overlap_drawn = (hulls, shared)  # they leave with the right half's
        if beat.state["programme"]:  # (the right half's, as said: reviews 334, empty)
            self.write_programme(beat.state["programme"], self.weights.frame, centred=True)
        # the hulls as the example names them (review 308: 3-8 s before)
        self.wait_for_words("For example")
        self.set_rings(list(beat.state["ringed"]))
        if not beat.state["closeup"]:  # off the segments and edges too (review 302: "7"
            # stood on the crossing), once ringed (reviews 321: named before, none were)
            names = self.ring_names(beat.state["ringed"], lines=self.hull_edges(self.plane))
        self.overlap_names = names
        self.play(appear(hulls), appear(names), run_time=style.RUN_FADE * 2)
        if beat.state["overlap_panel"]:  # the right half, empty without a close-up
            self.overlap_panel = self.panel_of(beat.state["overlap_panel"])
            self.play(appear(self.overlap_panel), run_time=style.RUN_FADE)
        self.light_others_inside()

    def light_others_inside(self) -> None:
        """The other points of the lone point's class in the same triangle drawn in the
        highlight over their own markers as they are said to lie in it too ("so do …"),
        till the sentence's end (reviews 332-333: unmarked; reviews 351: ringed, a ring
        took one 0.06 from an edge across it, and the rings hid the edge)."""
        if self.timeline.said_at("; so do") is None:
            return
        also = also_inside(self.lesson.data.X, self.lesson.data.y, *self.lesson.overlap)
        if not also:
            return
        plane, theme = self.plane, self.theme
        lit_markers = VGroup(*[
            Marker(float(self.lesson.data.y[i]), theme, size=plane.marker_size)
            .set_color(theme.highlight).move_to(plane.c2p(self.lesson.data.X[i]))
            for i in also])
        self.wait_for_words("; so do")
        self.play(appear(lit_markers), run_time=style.RUN_FADE)
        self.mark_for_beat(lit_markers)

    def draw_overlap_turn(self, beat) -> None:
        """The argument seen: a line turns round one hull, the point both hold and some
        point of the other class always on its side (review 310: said over a still); the
        point both hulls hold comes as it is named."""
        lesson, names = self.lesson, self.overlap_names
        shared = self.overlap_drawn[1]
        planes = [self.plane, *([self.closeup] if beat.state["closeup"] else [])]
        self.set_rings(list(beat.state["ringed"]))  # (the point it gets wrong: its × alone)
        self.show_turn_key(beat.state["turn_key"])  # (review 321: the shading had no key)
        if len(lesson.overlap[0]) == len(lesson.overlap[1]) == 1:  # one place: no turn
            self.play(appear(shared), *self.key_rest(), run_time=style.RUN_FADE)
            self.key_done()
        elif 1 in map(len, lesson.overlap):  # the point is a data point: its × shows it
            self.turn_round_hull(planes, VGroup())
        else:
            self.turn_round_hull(planes, shared)
        self.add(names)  # the names over the dot and the line (review 290: it covered "7")
        # (the solver's answer with an offset is the next sentence, its status with it)

    def overlap_hulls(self, plane) -> VGroup:
        """Each class's points of the overlap joined on ``plane`` (a segment, a triangle),
        and over them the signs of the markers they cover
        (:func:`~scenes.toolkit.markers.signs_over`)."""
        hulls, theme = VGroup(), self.theme
        for weights, colour in zip(self.lesson.overlap, (theme.positive, theme.negative)):
            corners = [plane.c2p(self.lesson.data.X[i]) for i in sorted(weights)]
            if len(corners) == 2:
                hulls.add(Line(*corners, color=colour, stroke_width=4))
            elif len(corners) == 3:
                hulls.add(Polygon(*corners, color=colour, stroke_width=3, fill_color=colour,
                                  fill_opacity=0.25))
        return VGroup(hulls, signs_over(plane, hulls, self.theme))

    def hull_edges(self, plane) -> list:
        """The overlap's segments and triangle edges on ``plane``, as ("segment", a, b) from
        screen point a to b (:meth:`line_boxes`)."""
        edges = []
        for weights in self.lesson.overlap:
            corners = [plane.c2p(self.lesson.data.X[i]) for i in sorted(weights)]
            if len(corners) > 1:
                edges += [("segment", corners[k], corners[(k + 1) % len(corners)])
                          for k in range(len(corners) if len(corners) > 2 else 1)]
        return edges

    def panel_of(self, lines) -> VGroup:
        """The state's panel ``lines`` (``$…$`` spans as mathematics), one under another, in
        the weight plane's place."""
        # (reviews 358: at the small size, 10 px high at 480p, as the voice pointed to it;
        # narrowed to the room right of the data plane where a row is long)
        rows = VGroup(*[text(markup_with_math(line), self.theme, style.FONT_BODY, self.theme.text)
                        for line in lines])
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.18)
        room = 2 * (self.camera.frame_width / 2 - PANEL_MARGIN - WEIGHT_CENTER[0])
        if rows.width > room:
            rows.scale_to_fit_width(room)
        return rows.move_to(WEIGHT_CENTER)

    def inner_point(self) -> int | None:
        """The overlap's one point of its class inside the other's triangle, or None."""
        sizes = [len(weights) for weights in self.lesson.overlap]
        if sorted(sizes) != [1, 3]:
            return None
        return next(iter(self.lesson.overlap[sizes.index(1)]))

    def triangle_boxes(self, plane) -> np.ndarray:
        """Obstacle boxes (weight 100, a name's) over the overlap's triangle on ``plane``,
        its inside and its edges: points on a barycentric grid of twelfths."""
        triangle = next(w for w in self.lesson.overlap if len(w) == 3)
        corners = np.array([plane.c2p(self.lesson.data.X[i]) for i in sorted(triangle)])
        steps = [(a / 12, b / 12) for a in range(13) for b in range(13 - a)]
        points = np.array([a * corners[0] + b * corners[1] + (1 - a - b) * corners[2]
                           for a, b in steps])
        boxes = box_around(points, 0.1)
        boxes[:, 4] = 100.0
        return boxes

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
        """The weight plane leaves, with its veil and everything drawn over it or beside
        it (whatever stands with its centre in the plane's box or right of it, the keys of
        its shadings, but the status line)."""
        low, high = self.weights.get_corner(DOWN + LEFT), self.weights.get_corner(UP + RIGHT)
        high[0] = config.frame_width / 2  # (the keys stand right of the plane)

        def over(mobject) -> bool:
            x, y = mobject.get_center()[:2]
            return bool(low[0] <= x <= high[0] and low[1] <= y <= high[1])

        leaving = [m for m in [*self.still_drawings, *self.mobjects]
                   if m is not self.status and over(m)]
        veils = [m for m in leaving if getattr(m, "opaque_veil", False)]
        if veils:  # what an opaque veil hides goes at once, the veil fading after (reviews
            # 342: faded together, a ghost of the plane came)
            self.remove(*[m for m in leaving if m not in veils])
            leaving = veils
        if leaving:  # (gone already where the close-ups took its place)
            self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
            self.remove(*leaving)
        self.veil = None

    def closeup_names(self, indices) -> VGroup:
        """The points ``indices`` ringed and named in the close-up, each name beside its
        marker (up-right first) where it covers the least of the close-up's markers and the
        names before; the point inside the other class's triangle named last, outside the
        triangle (:meth:`triangle_boxes`: a name over it or on its edge makes the point
        read as on the edge), the nearest such place, a leader to its ring."""
        theme, names, plane = self.theme, VGroup(), self.closeup
        markers = box_around(plane.markers.positions(), plane.marker_size)
        inner = self.inner_point()
        leaders = VGroup()
        for i in sorted(indices, key=lambda i: (i == inner, i)):
            name = text(str(i + 1), theme, style.FONT_SMALL, theme.highlight)
            with_backdrop(name, theme)
            anchor = plane.c2p(self.lesson.data.X[i])
            obstacles = np.vstack([markers, *[box_of(n)[:, :5] for n in names],
                                   *([self.triangle_boxes(plane)] if i == inner else [])])
            offset = best_offset(anchor, (name.width, name.height), obstacles,
                                 plane.marker_size, preferred=1, rings=4 if i == inner else 2,
                                 ring_cost=0.01 if i == inner else 0.0,
                                 bounds=plane.square_bounds())
            name.move_to(anchor + np.array([*offset, 0.0]))
            names.add(name)
            if i == inner:
                leaders.add(leader_line(anchor, plane.ring_radius, name, theme.highlight))
        # each named point ringed there too, as on the data plane
        rings = VGroup(*[Circle(radius=plane.ring_radius, color=theme.highlight,
                                stroke_width=style.RING_STROKE).move_to(
            plane.c2p(self.lesson.data.X[i])) for i in sorted(indices)])
        return VGroup(rings, leaders, names)
