"""The data plane of `classifier`: the hypothesis studied (its line, the +1 half-plane
shaded, θ normal to it, the labels h = ±1), the origin's distance to the line, the probe
point's signed distance, and the rings of the mistakes with the cursor that counts them."""

from __future__ import annotations

import numpy as np
from manim import UR, Circle, Dot, VGroup

from linviz.geometry import foot_of_perpendicular, most_room, normal_anchor
from linviz.theory import signed_distance
from linviz.ties import greatest_index, least_index
from scenes.classifier_parts.common import ORIGIN_2D
from scenes.toolkit import style
from scenes.toolkit.plane import DataVector, Hyperplane
from scenes.toolkit.screen_text import fmt_vector, math
from scenes.toolkit.speed.fast_shapes import FastDashedLine


class ClassifierPlane:
    """The hypothesis studied on the data plane (a part of
    :class:`scenes.classifier.ClassifierScene`)."""

    def theta_drawing_scale(self) -> float:
        """The scale θ is drawn at so that cθ stays in view for every c."""
        box = self.plane.box
        norm = float(np.linalg.norm(self.theta_base))
        longest = max((1.0, *self.scale_factors)) * norm
        room = style.VIEW_MARGIN * most_room(self.theta_base, self.theta0_base, box)
        # −θ (c = −1, when the direction is turned around) has its own room
        room_turned = style.VIEW_MARGIN * most_room(-self.theta_base, -self.theta0_base, box)
        return min(1.0, room / longest, room_turned / norm) if norm > 0 else 1.0

    def build_plane_drawings(self) -> None:
        """The line and θ, the origin's dot and dash, the probe (its dash, ring and name),
        a mistake's ring round every point (unseen) and the counting cursor (unseen)."""
        theme = self.theme
        theta_label = "theta"
        self.hyperplane = Hyperplane(self.plane, self.theta_base, self.theta0_base,
                                     show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label)
        self.origin_dot = Dot(self.plane.c2p((0, 0)), radius=style.DOT_RADIUS,
                              color=theme.bound)
        self.origin_dash = FastDashedLine(theme.bound)
        self.probe_dash = FastDashedLine(theme.highlight)
        self.probe_ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                                 stroke_width=style.RING_STROKE)
        self.probe_label = math("x", theme, style.FONT_SMALL).set_color(theme.highlight)
        self.probe_label.add_background_rectangle(color=theme.background, opacity=0.75,
                                                  buff=0.04)
        self.probe_group = VGroup(self.probe_dash, self.probe_ring, self.probe_label)
        self.rings = VGroup(*[Circle(radius=self.plane.ring_radius, color=theme.mistake,
                                     stroke_width=style.RING_STROKE).move_to(centre)
                              for centre in self.plane.markers.positions()])
        self.rings.set_stroke(opacity=0)
        self.cursor = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                             stroke_width=style.RING_STROKE).set_stroke(opacity=0)

    def build_studied_points(self) -> None:
        """The points sections 4 and 5 are about, for the hypothesis studied: the probe
        points, its mistakes, and those of the same line with θ turned round (ringed)."""
        theme = self.theme
        # the probe points of section 4: the farthest point on each side
        lesson, j = self.lesson, self.studied
        self.probe_points = self.data.X[lesson.probes[j]]
        self.probe_distances = lesson.probe_distances[j]
        # the mistakes of section 5, point by point, and their running count
        self.mistaken = lesson.wrong[j]
        # …and those of the same line with θ turned around, (−θ, −θ₀)
        self.flipped_mistaken = lesson.wrong_turned[j]
        self.flip_rings = VGroup(*[
            Circle(radius=self.plane.ring_radius, color=theme.mistake,
                   stroke_width=style.RING_STROKE).move_to(centre)
            for centre, wrong in zip(self.plane.markers.positions(), self.flipped_mistaken)
            if wrong])
        self.error = float(lesson.errors[j])

    def make_half_plane_labels(self) -> VGroup:
        """h = +1 and h = −1, each in the corner of the plane deepest in its half-plane."""
        theme, box = self.theme, self.plane.box
        scores = box.corners @ self.theta_base + self.theta0_base
        labels = VGroup()
        for source, colour, corner in (("h = +1", theme.positive, greatest_index(scores)),
                                       ("h = -1", theme.negative, least_index(scores))):
            label = math(source, theme, style.FONT_BODY).set_color(colour)
            point = box.corners[corner]
            inward = np.sign(np.array([box.x_min + box.x_max, box.y_min + box.y_max]) / 2 - point)
            label.move_to(self.plane.c2p(point))
            label.shift(np.array([inward[0] * (label.width / 2 + style.BUFF),
                                  inward[1] * (label.height / 2 + style.BUFF), 0.0]))
            labels.add(label)
        return labels

    def probe_point(self) -> np.ndarray:
        s = self.probe_tracker.get_value()
        return (1 - s) * self.probe_points[0] + s * self.probe_points[1]

    def place_theta(self, theta, theta0: float, along: float | None = None,
                    clear_of=None) -> None:
        """θ (at the drawing scale) from its place on the line, ``along`` (default
        ``self.along``) from the foot of the perpendicular; with ``clear_of`` (a mask of
        points), its label keeps off those points' rings."""
        if clear_of is not None:
            self.theta_arrow.avoid.target[:] = [ring for ring, ringed
                                                in zip(self.rings, clear_of) if ringed]
        along = self.along if along is None else along
        length = self.vector_scale * float(np.linalg.norm(theta))
        anchor = normal_anchor(theta, theta0, self.plane.box, along, length)
        if anchor is None:
            self.theta_arrow.set_ends((0, 0), (0, 0))
            return
        # the label beyond the tip, along θ, so it never sits on the line
        unit = np.asarray(theta, dtype=float) / np.linalg.norm(theta)
        self.theta_arrow.label_direction = np.array([unit[0], unit[1], 0.0])
        self.theta_arrow.set_ends(anchor, anchor + self.vector_scale * np.asarray(theta))

    def follow_parameters(self, _=None) -> None:
        """Every drawing of sections 1-4 at the trackers' values (an updater)."""
        theta, theta0 = self.parameters()
        plane = self.plane
        self.hyperplane.set_parameters(theta, theta0)
        # −θ is drawn from where θ was: the preferred place along the line keeps its side
        self.place_theta(theta, theta0, along=self.along * np.sign(self.scale()))
        self.origin_dash.set_ends(plane.c2p((0, 0)),
                                  plane.c2p(foot_of_perpendicular(theta, theta0)))
        point = self.probe_point()
        distance = float(signed_distance(point[None, :], theta, theta0)[0])
        unit = theta / np.linalg.norm(theta)
        self.probe_dash.set_ends(plane.c2p(point), plane.c2p(point - distance * unit))
        self.probe_ring.move_to(plane.c2p(point))
        self.probe_label.next_to(self.probe_ring, UR, buff=0)
        values = self.values
        values["theta"].set_value(fmt_vector(theta))
        values["theta0"].set_value(theta0)
        values["c"].set_value(self.c_tracker.get_value())
        values["norm"].set_value(float(np.linalg.norm(theta)))
        # the line's signed distance from the origin, −θ₀/‖θ‖, is minus the origin's from it
        values["offset"].set_value(-float(signed_distance(ORIGIN_2D, theta, theta0)[0]))
        values["distance"].set_value(distance)

    def follow_count(self, _=None) -> None:
        """Section 5: the points counted so far, mistakes ringed, the running ℰₙ."""
        counted = int(np.floor(self.count_tracker.get_value() + 1e-9))
        n = self.data.n_samples
        for i, ring in enumerate(self.rings):
            ring.set_stroke(opacity=1 if i < counted and self.mistaken[i] else 0)
        visiting = min(counted, n - 1)
        self.cursor.move_to(self.plane.point(visiting))
        self.cursor.set_stroke(opacity=1 if counted < n else 0)
        # Σ over the points counted so far; over all n of them it is n·ℰₙ(h)
        self.values["ringed"].set_value(int(np.count_nonzero(self.mistaken[:counted])))
