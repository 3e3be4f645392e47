"""The data plane of `margin`: the points, the separator with its margin band and the
ring on its closest point, the signed distance of the ringed point split along θ/‖θ‖ (the
projection, the line's offset, the distance), and the circle of radius R, with the zoom
out that brings it into view."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Dot, Line, ValueTracker, VGroup, smooth

from linviz.geometry import clip_line, free_spot_on_circle, square_box_around_disk
from scenes.margin_parts.common import LINE_OFFSET
from scenes.toolkit import style, views
from scenes.toolkit.layout import keep_in_frame, with_backdrop
from scenes.toolkit.placement import (
    DIRECTIONS, PLACE_TOLERANCE, best_offset, box_around, covered_area,
)
from scenes.toolkit.plane import (
    DataPlane, Hyperplane, MarginBand, origin_circle, place_outside_circle,
)
from scenes.toolkit.screen_text import fmt, math
from scenes.toolkit.speed.fast_shapes import FastArrow, FastDashedLine


def boxes_overlap(a, b) -> bool:
    """Whether the screen boxes of two drawings overlap."""
    return bool(a.get_left()[0] < b.get_right()[0] and b.get_left()[0] < a.get_right()[0]
                and a.get_bottom()[1] < b.get_top()[1] and b.get_bottom()[1] < a.get_top()[1])


class MarginPlane:
    """The data plane, the separator and the signed distance's parts (a part of
    :class:`scenes.margin.MarginScene`)."""

    def build_plane(self) -> None:
        """The plane (its markers drawn apart, above the band), the separator and its band,
        the circle ‖x‖ = R, and the parts of the signed distance, at the trackers' values."""
        theme = self.theme
        # the data and the origin (the signed distance is measured from it): the circle of
        # radius R, drawn last, gets a wider view then (see widen_for_circle)
        box = views.fitted_box(self.data.X, include_origin=True)
        self.plane = DataPlane(self.data.X, self.data.y, theme, box=box, data=self.data)
        self.plane.remove(self.plane.markers)  # drawn apart, above the band
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False)
        self.band = MarginBand(self.plane, *self.parameters(), 0.0, theme.correct)
        #: the view that holds the circle ‖x‖ ≤ R as well as the data
        self.circle_box = square_box_around_disk(self.data.X, self.R)
        self.make_circle()
        # the signed distance, split along the axis through the origin in the direction θ
        self.axis = Line(self.plane.c2p((0, 0)), self.plane.c2p((1, 0)), stroke_width=2,
                         color=theme.muted)
        self.axis_label = math("theta \\/ norm(theta)", theme, style.FONT_SMALL).set_color(
            theme.normal)
        with_backdrop(self.axis_label, theme)
        self.projection_arrow = FastArrow(theme.normal, stroke_width=style.LINE_STROKE)
        self.offset_arrow = FastArrow(theme.bound, stroke_width=style.LINE_STROKE)
        self.distance_arrow = FastArrow(theme.text, stroke_width=style.LINE_STROKE)
        self.to_axis = FastDashedLine(theme.normal)
        self.to_line = FastDashedLine(theme.text)
        self.probe_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                 stroke_width=style.RING_STROKE)
        self.probe_label = math("x", theme, style.FONT_SMALL).set_color(theme.highlight)
        with_backdrop(self.probe_label, theme)
        # −θ₀/‖θ‖ is often short (a tick at this scale): its end is marked and its value
        # written beside it
        self.offset_dot = Dot(radius=style.OFFSET_DOT_RADIUS, color=theme.bound)
        self.offset_label = math(f"{LINE_OFFSET} = {fmt(self.lesson.line_offset)}", theme,
                                 style.FONT_SMALL).set_color(theme.bound)
        with_backdrop(self.offset_label, theme)
        #: the other points' markers, which the labels keep off (screen boxes)
        self.marker_boxes = box_around(self.plane.c2p_many(self.data.X), style.POINT_SIZE)
        self.distance_parts = VGroup(self.axis, self.offset_arrow, self.projection_arrow,
                                     self.to_axis, self.to_line, self.distance_arrow,
                                     self.axis_label, self.offset_dot, self.offset_label,
                                     self.probe_ring, self.probe_label)
        self.lowest_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                  stroke_width=style.RING_STROKE)
        self.follow_separator()
        self.follow_probe()

    def make_circle(self) -> None:
        """The circle ‖x‖ = R and its label, for the plane's present box."""
        theme = self.theme
        self.circle = origin_circle(self.plane, self.R, theme.muted)
        self.circle_label = math(f"R = {fmt(self.R)}", theme, style.FONT_SMALL).set_color(
            theme.muted)
        with_backdrop(self.circle_label, theme)
        line = ((self.star.theta, self.star.theta0) if self.star is not None
                else self.parameters(1.0))
        place_outside_circle(self.circle_label, self.plane,
                             free_spot_on_circle(self.data.X, self.R, self.plane.box,
                                                 [line]), self.R)
        # inside the plane's square: never on its tick values or axis names (iris-sepal-std
        # put "R = 2.75" on the y axis's name), nor off the frame
        keep_in_frame(self.circle_label, self.plane.square_bounds())

    def widen_for_circle(self) -> None:
        """Zoom out from the data's view to one that holds the circle ‖x‖ ≤ R (nothing when
        the view holds it already): the plane's box grows, the markers, the separator, its
        band and the ring follow; then the circle is made for the new view."""
        start, end = self.plane.box, self.circle_box
        if views.holds_disk(start, self.R):
            return
        zoom = ValueTracker(0.0)
        plane = self.plane

        def follow(_=None) -> None:
            plane.set_box(views.box_between(start, end, zoom.get_value()), plane.step)
            plane.markers.set_positions(plane.c2p_many(self.data.X))
            self.follow_separator()

        self.release(plane, plane.markers)
        moving = VGroup(plane, self.band, self.hyperplane, plane.markers, self.lowest_ring)
        self.remove(*moving.submobjects)
        self.add(moving)
        moving.add_updater(follow)
        self.play(zoom.animate.set_value(1.0), run_time=style.RUN_ZOOM, rate_func=smooth)
        moving.clear_updaters()
        plane.set_box(end)  # the grid at the new box's own step
        plane.markers.set_positions(plane.c2p_many(self.data.X))
        # the markers drew closer: their counts go where there is room now
        plane.markers.place_counts(plane.square_bounds())
        self.follow_separator()
        self.remove(moving)
        self.add(self.band, self.hyperplane, self.lowest_ring)
        self.still(plane, bottom=True)
        self.still(plane.markers)
        self.make_circle()

    def follow_separator(self, _=None) -> None:
        """The boundary, its band (half-width: the data set's margin, if positive), the
        ring on the closest point."""
        s = self.blend.get_value()
        theta, theta0 = self.parameters()
        self.hyperplane.set_parameters(theta, theta0)
        self.band.set_band(theta, theta0, max(self.lesson.data_set_margin(s), 0.0))
        self.lowest_ring.move_to(self.plane.c2p(self.data.X[self.lesson.closest_point(s)]))

    def follow_probe(self, _=None) -> None:
        """The decomposition of the probe point's signed distance along θ/‖θ‖."""
        theta, _ = self.parameters()
        unit = theta / float(np.linalg.norm(theta))
        x = self.probe_point()
        along, line, _ = self.lesson.distance_parts(self.blend.get_value(), x)
        c2p = self.plane.c2p
        segment = clip_line(np.array([-unit[1], unit[0]]), 0.0, self.plane.box)
        if segment is not None:
            self.axis.put_start_and_end_on(c2p(segment[0]), c2p(segment[1]))
            # named at the end the direction θ/‖θ‖ points to
            far = max(segment, key=lambda p: float(p @ unit))
            inward = -np.array([*unit, 0.0]) * (self.axis_label.height + style.SMALL_BUFF)
            aside = np.array([-unit[1], unit[0], 0.0]) * self.axis_label.width
            # on the side of the axis clear of the plane's own axis names
            for sign in (1.0, -1.0):
                self.axis_label.move_to(c2p(far)).shift(
                    inward + sign * aside * style.AXIS_LABEL_SIDE)
                if not any(boxes_overlap(self.axis_label, name)
                           for name in self.plane.axis_labels):
                    break
        side = np.array([-unit[1], unit[0], 0.0]) * style.AXIS_SPLIT
        self.projection_arrow.set_ends(c2p((0, 0)) + side, c2p(along * unit) + side)
        self.offset_arrow.set_ends(c2p((0, 0)) - side, c2p(line * unit) - side)
        self.distance_arrow.set_ends(c2p(line * unit), c2p(along * unit))
        self.to_axis.set_ends(c2p(x), c2p(along * unit))
        self.to_line.set_ends(c2p(x - (along - line) * unit), c2p(x))
        self.probe_ring.move_to(c2p(x))
        self.offset_dot.move_to(c2p(line * unit))
        # x's label beside its ring, off the other markers; the offset's value beside the
        # dot, off the markers and x's label
        self.place_beside_ring(self.probe_label, c2p(x), self.probe_ring.width / 2,
                               [i for i in range(len(self.data.X))
                                if i not in self.probe_indices])
        self.place_label(self.offset_label, c2p(line * unit), style.OFFSET_DOT_RADIUS,
                         range(len(self.data.X)), [self.probe_label, self.probe_ring],
                         [(arrow.get_start(), arrow.get_end()) for arrow in (
                             self.projection_arrow, self.offset_arrow, self.distance_arrow,
                             self.to_axis, self.to_line)]
                         + [tuple(c2p(p) for p in self.boundary_segment())])

    def boundary_segment(self) -> tuple[np.ndarray, np.ndarray]:
        """The drawn boundary's ends in the data (the origin twice when it misses the box)."""
        segment = clip_line(*self.parameters(), self.plane.box)
        return segment if segment is not None else (np.zeros(2), np.zeros(2))

    def place_beside_ring(self, label, centre, radius: float, markers) -> None:
        """Put ``label`` against the ring of ``radius`` round ``centre`` (touching it from
        outside), in the first of eight directions that covers the least of the given
        markers and the plane's "×k" counts (text on text weighs most): the label reads as
        the ring's, never as a neighbour's."""
        half = np.array([label.width, label.height]) / 2
        boxes = np.vstack([self.marker_boxes[list(markers)], self.plane.count_boxes()])
        best, best_cost = None, np.inf
        for direction in DIRECTIONS:
            unit = direction / np.linalg.norm(direction)
            middle = centre[:2] + radius * unit + half * direction
            box = np.array([*(middle - half), *(middle + half)])
            cost = covered_area(box, boxes)
            if cost < best_cost - PLACE_TOLERANCE:
                best, best_cost = middle, cost
        label.move_to(np.array([best[0], best[1], 0.0]))

    def place_label(self, label, anchor, gap: float, markers, others=(), segments=()) -> None:
        """Put ``label`` next to ``anchor`` (``gap`` away), on the side that covers the
        fewest of the given markers, drawings and segments (screen ends), inside the plane."""
        boxes = [self.marker_boxes[list(markers)], self.plane.count_boxes()]
        for start, end in segments:  # small boxes along each segment, weighing as text
            steps = max(2, int(np.linalg.norm(end - start) / style.SMALL_BUFF))
            along = start + np.linspace(0, 1, steps)[:, None] * (end - start)
            boxes.append(box_around(along, style.SMALL_BUFF / 2)
                         * np.array([1, 1, 1, 1, style.SEGMENT_OBSTACLE_WEIGHT]))
        for other in others:
            low, high = other.get_corner(DOWN + LEFT), other.get_corner(UP + RIGHT)
            boxes.append(np.array([[low[0], low[1], high[0], high[1], 1000.0]]))
        low = self.plane.c2p((self.plane.box.x_min, self.plane.box.y_min))
        high = self.plane.c2p((self.plane.box.x_max, self.plane.box.y_max))
        offset = best_offset(anchor, (label.width, label.height), np.vstack(boxes), gap,
                             bounds=np.array([low[0], low[1], high[0], high[1]]),
                             rings=style.LABEL_RINGS)
        label.move_to(np.array([anchor[0] + offset[0], anchor[1] + offset[1], 0.0]))
