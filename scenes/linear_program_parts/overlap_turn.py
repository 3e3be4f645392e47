"""Why the overlap leaves no line (`linear-program`, data no line separates even with an
offset), shown rather than written: a line turned once around the larger of the overlap's
hulls, keeping it on one side (shaded in its class's colour), catches the other class's
point on that side at every angle, marked × (the lesson's
:func:`~linviz.lessons.linear_program_overlap.overlap_turn`)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from manim import ORIGIN, RIGHT, UP, Line, Polygon, ValueTracker, VGroup, linear

from linviz.geometry import clip_line, half_plane_polygon
from linviz.lessons.linear_program_overlap import (also_inside, caught, overlap_turn,
                                                   supporting_line, turn_start)
from scenes.toolkit import style
from scenes.toolkit.layout import appear

#: the turning line passes this many ring radii (screen) from the kept hull's nearest
#: corner: clear of its marker and ring, so no kept point looks on the line (review 283:
#: at 1.3 it grazed the ring, and read as through the point, a mistake by the ≤ 0 rule);
#: any gap keeps the claim: the crossing (or inner) point, a mean of the other class's,
#: is on the kept side by at least the gap, so one of those points is too
TURN_GAP_RINGS = 2.2
#: the kept side's fill, a little stronger than a boundary's shading: it is the beat's subject
TURN_SHADE_OPACITY = 0.16


class OverlapTurnBeats:
    """The turn (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    #: the turning line, its shade and its ×s, while they stand (until the next sentence)
    turn_drawn = None

    def draw_overlap_turn(self, beat) -> None:
        """The line turns once around the kept hull on the close-up where one stands, else
        on the data plane; the caught points' × shown while they are caught."""
        self.follow_beat(beat)
        lesson, theme = self.lesson, self.theme
        turn = overlap_turn(lesson)
        closeup = getattr(self, "closeup_drawing", None)
        plane = self.closeup if closeup is not None and self.on_screen(closeup) else self.plane
        X = np.asarray(lesson.data.X, dtype=float)
        corners = X[list(turn.kept)]
        gap = TURN_GAP_RINGS * plane.ring_radius / plane.unit
        colour = theme.positive if turn.sign > 0 else theme.negative
        box = plane.box
        centre = ((box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2)
        start = turn_start(corners, turn.sign, centre, box.x_max - box.x_min)
        angle = ValueTracker(start)  # then once round, anticlockwise
        shade = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour,
                        fill_opacity=TURN_SHADE_OPACITY)
        line = Line(ORIGIN, RIGHT, color=theme.boundary, stroke_width=style.LINE_STROKE)
        # the overlap's other points, and (one of them) the others of its class inside
        inside = also_inside(lesson, turn) if len(turn.other) == 1 else ()
        shown = [j for j in (*turn.other, *inside)
                 if plane.box.contains(lesson.data.X[j][None, :])[0]]
        crosses = {j: self.wrong_mark(plane, j, "dashed") for j in shown}
        everyone = replace(turn, other=tuple(shown))

        def redraw(_=None) -> None:
            theta, theta0 = supporting_line(corners, turn.sign, angle.get_value(), gap)
            kept_side = half_plane_polygon(turn.sign * theta, turn.sign * theta0, plane.box)
            if kept_side is None:  # cannot be: the kept hull is in the view
                kept_side = np.zeros((3, 2))
            shade.set_points_as_corners([*plane.c2p_many(kept_side), plane.c2p(kept_side[0])])
            segment = clip_line(theta, theta0, plane.box)
            if segment is None:  # the line beyond the view's edge: the shade says the side
                line.set_stroke(opacity=0)
            else:
                line.set_points_as_corners([plane.c2p(p) for p in segment])
                line.set_stroke(opacity=1)
            on_side = set(caught(everyone, X, theta, theta0))
            for j, cross in crosses.items():
                cross.set_stroke(opacity=1 if j in on_side else 0)

        redraw()
        drawn = VGroup(shade, line, *crosses.values())
        self.play(appear(drawn), run_time=style.RUN_FADE)
        names = getattr(self, "overlap_names", None)
        if names is not None and self.on_screen(names):
            self.add(names)  # over the line and its shade: a name the line crosses still reads
        drawn.add_updater(redraw)
        self.play(angle.animate.set_value(start + 2 * np.pi), rate_func=linear,
                  run_time=max(beat.min_seconds - 2 * style.RUN_FADE, style.RUN_INTRO))
        drawn.remove_updater(redraw)
        self.mark_for_beat(drawn)
        self.turn_drawn = drawn
