"""Part 2 of `offset-lift`: the 2-D points in 3-D space, lifted to the plane x₃ = 1 (with
the floor x₃ = 0 and the origin for depth); the run's plane through the origin and the
line where it meets x₃ = 1; the panels of both runs and the table of their first
updates side by side."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Dot, Line, Polygon, ValueTracker, VGroup

from linviz.geometry import Box, clip_line, square_box_around
from linviz.replay import state_at
from linviz.theory import augment
from linviz.ties import greatest_index
from scenes.base import StepTracker
from scenes.toolkit import style
from scenes.toolkit.panels import Panel
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.space import SpaceView


def space_scale(box: Box) -> float:
    """Screen units per data unit of the 3-D view: the usual scale, smaller for a wide box
    so that the view stays inside the frame's left part."""
    half = max(box.x_max - box.x_min, box.y_max - box.y_min) / 2
    return min(style.OFFSET_SPACE_SCALE, style.OFFSET_SPACE_FIT / half)


class LiftedSpace:
    """The 2-D points lifted to x₃ = 1 and the run through the origin on them (a part of
    :class:`scenes.offset_lift.OffsetLiftScene`)."""

    def build_space(self) -> None:
        """The run on the lifted 2-D points, the 3-D view of them with its trackers (lift,
        turn, step), the line on x₃ = 1, the planes x₃ = 1 and x₃ = 0, the origin, and the
        panels."""
        theme, space = self.theme, self.lesson.space
        self.plane_set = space.data
        self.space_trace = space.origin
        self.space_offset_trace = space.offset
        self.space_thetas = self.space_trace.states["theta"]
        self.space_states_after = space.states_after_steps
        box = square_box_around(self.plane_set.X)
        self.space_box = box
        height = style.OFFSET_SPACE_HEIGHT
        self.space = SpaceView(augment(self.plane_set.X) * [1, 1, 0], self.plane_set.y, theme,
                               [box.x_min, box.y_min, -height], [box.x_max, box.y_max, height],
                               scale=space_scale(box), center=style.OFFSET_SPACE_CENTER)
        self.space_lift = ValueTracker(0.0)
        self.space_azimuth = ValueTracker(style.SPACE_AZIMUTH)
        self.space_tracker = StepTracker(0)
        self.offset_line = Line(stroke_color=theme.highlight, stroke_width=style.LINE_STROKE)
        self.unit_plane = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.highlight,
                                  fill_opacity=style.LIFTED_PLANE_OPACITY)
        # depth: the floor x₃ = 0 the drops stand on, and the origin the plane passes through
        self.floor = Polygon(ORIGIN, RIGHT, UP, stroke_color=theme.muted, stroke_width=1,
                             stroke_opacity=0.6, fill_color=theme.muted, fill_opacity=0.08)
        self.origin_dot = Dot(radius=style.THRESHOLD_DOT * 0.8, color=theme.text)
        self.origin_label = math("0", theme, style.FONT_SMALL)
        self.space.add_updater(lambda _: self.redraw_space())
        self.build_space_panels()

    def build_space_panels(self) -> None:
        """The intro's panel, the panel of both runs (its rows in the order they are said)
        and the table of their first updates, right of the space."""
        theme, space = self.theme, self.lesson.space
        small = style.FONT_SMALL
        a, b = self.space_trace.result, self.space_offset_trace.result
        lift_row = lambda: text("2-D data: $x |-> [x_1, x_2, 1]$, on the plane $x_3 = 1$",
                                theme, small)
        self.space_intro = Panel([lift_row()], theme)
        origin_updates, offset_updates = space.updates
        # the rows in the order they are said (the storyboard's ``panel`` counts them)
        self.space_panel = Panel([
            lift_row(),
            text("its plane meets $x_3 = 1$ in the line $theta^T x + theta_0 = 0$",
                 theme, small, theme.highlight),
            text(f"origin, on $[x, 1]$: $[theta_1, theta_2, theta_0] = "
                 f"{fmt_vector(a['theta'])}$", theme, small),
            text(f"offset, on $x$: $theta = {fmt_vector(b['theta'])}, theta_0 = "
                 f"{fmt(b['theta0'])}$", theme, small),
            text(f"{origin_updates} and {offset_updates} updates"
                 + (", the same end" if space.same_end else ""), theme, small, theme.correct),
        ], theme)
        #: the first updates of both runs, side by side: (k, [θ, θ₀] on [x, 1], θ, θ₀ on x)
        self.side_by_side = list(self.lesson.table)
        self.table = self.make_table(theme)
        for panel in (self.space_intro, self.space_panel):
            panel.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.SPACE_PANEL_LEFT,
                                                                   direction=LEFT)
        self.table.next_to(self.space_panel, DOWN, buff=style.SMALL_BUFF).set_x(
            style.SPACE_PANEL_LEFT, direction=LEFT)

    def make_table(self, theme) -> Panel:
        """The first updates of both runs in three columns: k, [θ₁, θ₂, θ₀], (θ, θ₀)."""
        small = style.FONT_SMALL
        header = [text("update", theme, small, theme.muted),
                  text("on $[x, 1]$: $[theta, theta_0]$", theme, small, theme.muted),
                  text("on $x$: $theta, theta_0$", theme, small, theme.muted)]
        cells = [header] + [
            [math(str(k), theme, small), math(fmt_vector(origin), theme, small),
             math(f"{fmt_vector(offset)}, {fmt(offset0)}", theme, small)]
            for k, origin, offset, offset0 in self.side_by_side]
        widths = [max(row[c].width for row in cells) for c in range(3)]
        rows = []
        for row in cells:
            x = 0.0
            for c, cell in enumerate(row):
                cell.move_to(RIGHT * x, aligned_edge=LEFT)
                x += widths[c] + style.BUFF
            rows.append(VGroup(*row))
        return Panel(rows, theme)

    def space_state(self):
        """(θ, θ₀, presence) of the run on the augmented 2-D points, at its tracker's step."""
        return state_at(self.space_thetas, self.space_trace.states["theta0"],
                        self.space_states_after, self.space_tracker.get_value())

    def redraw_space(self) -> None:
        lift = self.space_lift.get_value()
        self.space.points3d = augment(self.plane_set.X) * [1, 1, lift]
        state = self.space_state()
        self.space.plane_parameters = ((state.theta, 0.0, state.presence)
                                       if state.presence >= style.PRESENCE_MIN else None)
        self.space.set_view(self.space_azimuth.get_value(), style.OFFSET_SPACE_ELEVATION)
        if self.space.plane_parameters is None:
            self.space.set_plane(None, 0.0)
        corners = np.column_stack([self.space_box.corners, np.full(4, lift)])
        screen = self.space.c2p(corners)
        self.unit_plane.set_points_as_corners([*screen, screen[0]])
        floor = self.space.c2p(np.column_stack([self.space_box.corners, np.zeros(4)]))
        self.floor.set_points_as_corners([*floor, floor[0]])
        origin = self.space.c2p(np.zeros((1, 3)))[0]
        self.origin_dot.move_to(origin)
        markers = self.space.c2p(self.space.points3d)
        # the label "0" beside the origin, on the side furthest from the markers
        reach = np.array([style.SMALL_BUFF + self.origin_label.width / 2,
                          style.SMALL_BUFF + self.origin_label.height / 2, 0.0])
        spots = [origin + reach * np.array([sx, sy, 0.0])
                 for sx, sy in ((-1, -0.5), (1, -0.5), (-1, 0.5), (1, 0.5), (0, -1), (0, 1))]
        clearances = [float(np.min(np.linalg.norm(markers - spot, axis=1))) for spot in spots]
        self.origin_label.move_to(spots[greatest_index(clearances)])
        self.place_offset_line(state)
        self.clear_axis_labels()

    def place_offset_line(self, state) -> None:
        """The line where the plane through the origin meets x₃ = 1 (hidden without a plane):
        θ₁x₁ + θ₂x₂ + θ₀ = 0 on the points [x₁, x₂, 1]."""
        segment = (clip_line(state.theta[:2], state.theta[2], self.space_box)
                   if state.presence >= style.PRESENCE_MIN else None)
        if segment is None:
            self.offset_line.set_stroke(opacity=0)
            return
        ends = self.space.c2p(np.array([[*segment[0], 1.0], [*segment[1], 1.0]]))
        self.offset_line.set_points_as_corners(ends).set_stroke(opacity=state.presence)

    def obstacles(self) -> np.ndarray:
        """Screen points a label must keep off: the markers (their centres and the ends of
        their arms), the edges of the plane through the origin and the line where it meets
        x₃ = 1."""
        centres = self.space.c2p(self.space.points3d)
        arms = [centres + style.POINT_SIZE * np.array([dx, dy, 0.0])
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        points = [centres, *arms]
        along = np.linspace(0, 1, 24)[:, None]
        for path in (self.space.plane, self.offset_line):
            corners = path.get_anchors() if path.get_stroke_opacity() > 0 else []
            for a, b in zip(corners[:-1], corners[1:]):
                points.append(a + along * (b - a))
        return np.vstack(points)

    def clear_axis_labels(self) -> None:
        """Each axis label at the positive end of its axis (where x_j grows), in the place
        beyond or beside that end that keeps it furthest off the markers, the plane's edges
        and the line on x₃ = 1 (the first such place among equals)."""
        obstacles = self.obstacles()
        for j, label in enumerate(self.space.axis_labels):
            def clearance(centre) -> float:
                return float(np.min(np.linalg.norm(obstacles - centre, axis=1))
                             - max(label.width, label.height) / 2)

            start, end = self.space.c2p(np.array([np.zeros(3), np.eye(3)[j] * self.space.high[j]]))
            along = (end - start) / max(np.linalg.norm(end - start), 1e-9)
            across = np.array([-along[1], along[0], 0.0])
            reach = style.SMALL_BUFF + max(label.width, label.height) / 2
            spots = [end + along * reach * ahead + across * reach * side
                     for ahead in style.SPACE_AXIS_LABEL_AHEAD for side in style.SPACE_AXIS_LABEL_ASIDE]
            label.move_to(spots[greatest_index([clearance(spot) for spot in spots])])
