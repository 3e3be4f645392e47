"""The data plane of `proof`: the points, θ* with its margin band, the run's θ and
its boundary, the circle of radius R, and the data divided by R (the plane zoomed to the
unit disk)."""

from __future__ import annotations

import numpy as np
from manim import DL, ORIGIN, RIGHT, UP, UR, Circle, Line, ValueTracker, VGroup, smooth

from linviz.geometry import Box, clip_line, free_spot_on_circle, square_box_around_disk
from scenes.toolkit import style, views
from scenes.toolkit.layout import appear, keep_in_frame, with_backdrop
from scenes.toolkit.plane import (DataPlane, DataVector, Hyperplane, MarginBand,
                                  arrow_scale_note, origin_circle, place_outside_circle)
from scenes.toolkit.screen_text import fmt, math, text
from scenes.toolkit.speed.fast_shapes import FastArrow


class ProofPlane:
    """The proof's data plane and its geometry (a part of
    :class:`scenes.proof.ProofScene`)."""

    # -- the data plane ----------------------------------------------------
    def build_plane(self) -> None:
        """The data plane in a square round the disc of radius R, the circle of radius R, θ*'s
        band, line and vector, the boundary of θ, θ's arrow and the ring on the point of
        each update; the boundary, θ and the ring follow the step."""
        theme = self.theme
        box = square_box_around_disk(self.data.X, self.disk_radius)
        self.plane = DataPlane(self.data.X, self.data.y, theme, box=box, data=self.data)
        # the markers are drawn apart, above the band and the circle
        self.plane.remove(self.plane.markers)
        self.tracker = ValueTracker(0.0)
        self.scale = ValueTracker(1.0)
        self.choose_vector_scales((box.x_max - box.x_min) / 2)
        theta_label = "theta"
        self.circle = origin_circle(self.plane, self.disk_radius, theme.muted)
        circle_words = "norm([x, 1]) <= R" if self.offset else "norm(x) <= R"
        self.circle_label = math(circle_words, theme, style.FONT_SMALL).set_color(theme.muted)
        with_backdrop(self.circle_label, theme)
        self.star_band = MarginBand(self.plane, self.star_normal, self.star_offset,
                                    self.band_half_width, theme.correct)
        self.star_line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.correct)
        self.place_star_line(1.0)
        # θ* as a vector from the origin (with an offset: its first two entries, the normal
        # of its line in the plane), at the scale of every arrow here; ‖θ*‖ = 1, and it is
        # not divided by R with the data
        self.star_vector = DataVector(self.plane, (0, 0), self.star_scale * self.star_normal,
                                      theme.correct, "theta^*", avoid=[self.circle_label])
        # thinner than θ, and drawn over it once θ is on screen: along θ, both show
        self.star_vector.arrow.shaft.set_stroke(width=style.STAR_VECTOR_STROKE)
        self.hyperplane = Hyperplane(self.plane, *self.state_at(0), show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label,
                                      avoid=[self.circle_label, self.star_vector.label])
        self.keep_star_label_clear()
        self.ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                           stroke_width=style.RING_STROKE).set_stroke(opacity=0)
        self.place_static_labels()

        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.scaled_state()))
        self.theta_arrow.add_updater(lambda v: v.set_ends(
            (0, 0), self.vector_scale * self.scale.get_value() * self.state_at()[0]))
        self.ring.add_updater(lambda r: self.follow_ring())

    def choose_vector_scales(self, half_side: float) -> None:
        """The scales θ and θ* are drawn at, in a plane of half-side ``half_side``."""
        # θ and θ* (whose first two entries are drawn) are drawn at this scale
        longest = max(float(np.max(np.linalg.norm(self.thetas, axis=1))),
                      float(np.linalg.norm(self.star_normal)))
        #: θ and θ* are drawn at this scale so that they stay in view
        self.vector_scale = (min(1.0, style.VIEW_MARGIN * half_side / longest) if longest > 0
                             else 1.0)
        #: θ* at the scale of θ, unless that makes it too short to see (Iris sepal data: θ
        #: reaches ‖θ‖ = 160, so everything is drawn at 0.07× and θ* would be a dot); then at
        #: a readable length, for its direction only (the scale note says so)
        star_norm = float(np.linalg.norm(self.star_normal))
        shortest = style.STAR_MIN_SHARE * half_side
        self.star_scale = (shortest / star_norm
                           if 0 < self.vector_scale * star_norm < shortest else self.vector_scale)

    def keep_star_label_clear(self) -> None:
        """θ*'s label keeps clear of every arrow θ takes in the run and of the rings round its
        update points: drawings never shown, only obstacles (``theta_ghosts``,
        ``ring_ghosts``)."""
        # the final arrow most (it stands through the chain and the normalized view); the
        # others weigh less than a marker, so a short θ* keeps its label near its tip
        # (a long run has 10⁵ states: evenly sampled ones, the last always among them)
        self.ghost_states = np.unique(np.round(np.linspace(
            0, len(self.thetas) - 1, min(len(self.thetas), style.THETA_GHOSTS_MAX))).astype(int))
        self.theta_ghosts = [FastArrow(self.theme.normal) for _ in self.ghost_states]
        for ghost in self.theta_ghosts[:-1]:
            ghost.avoid_weight = 0.05
        self.star_vector.avoid.target.extend(self.theta_ghosts)
        # the last ring most: it stands through the chain
        self.ring_ghosts = {int(i): Circle(radius=style.RING_RADIUS)
                            for i in np.unique(self.update_points)}
        for i, ghost in self.ring_ghosts.items():
            ghost.avoid_weight = 1.0 if i == int(self.update_points[-1]) else 0.05
        self.star_vector.avoid.target.extend(self.ring_ghosts.values())

    def scaled_state(self) -> tuple[np.ndarray, float]:
        """(θ, θ₀) of the boundary in the drawn plane: dividing x by R divides θ₀ by R too."""
        theta, theta0, _ = self.state_at()
        return theta, self.scale.get_value() * theta0

    def place_star_line(self, c: float) -> None:
        """θ*'s line in the plane, for the data scaled by ``c``."""
        segment = clip_line(self.star_normal, c * self.star_offset, self.plane.box)
        self.star_segment = segment
        if segment is not None:
            self.star_line.put_start_and_end_on(*(self.plane.c2p(p) for p in segment))

    def place_static_labels(self) -> None:
        c = self.scale.get_value()
        # clear of the points, θ*'s line, and the lines along θ* and the final θ (arrows
        # from the origin that may reach past the circle)
        along = [(np.array([-v[1], v[0]]), 0.0) for v in (self.star_normal, self.thetas[-1])
                 if np.any(v)]
        spot = free_spot_on_circle(c * self.data.X, c * self.disk_radius, self.plane.box,
                                   [(self.star_normal, c * self.star_offset), *along])
        place_outside_circle(self.circle_label, self.plane, spot, c * self.disk_radius)
        # inside the plane's square: never on its tick values or names, nor off the frame
        low, high = self.plane.frame.get_corner(DL), self.plane.frame.get_corner(UR)
        keep_in_frame(self.circle_label, (low[0], low[1], high[0], high[1]))
        origin = self.plane.c2p((0, 0))
        for ghost, theta in zip(self.theta_ghosts, self.thetas[self.ghost_states]):
            ghost.set_ends(origin, self.plane.c2p(self.vector_scale * c * theta))
        for i, ghost in self.ring_ghosts.items():
            ghost.move_to(self.plane.c2p(c * self.data.X[i]))
        self.star_vector.refresh_label()  # clear of the circle's label and of θ's arrows

    def follow_ring(self) -> None:
        """Ring the point of the update being made, or of the last one made."""
        s = self.tracker.get_value()
        m = int(np.ceil(s - 1e-9))
        if m == 0:
            self.ring.set_stroke(opacity=0)
            return
        i = int(self.update_points[m - 1])
        # from the data, not from the marker: the two may be moved in the same frame
        point = self.scale.get_value() * self.data.X[i]
        self.ring.move_to(self.plane.c2p(point)).set_stroke(opacity=1)

    def scale_note(self):
        """Over the plane's top right: the scale of the arrows, and that θ* is drawn for its
        direction when it is not at θ's scale (None when both are at true length)."""
        if self.star_scale == self.vector_scale:
            return arrow_scale_note(self.plane, self.vector_scale)
        # short: it shares the row over the plane with the notes on its left
        # ("θ = 0: no boundary yet")
        theta = (f"$theta$ at ${fmt(self.vector_scale)} times$, "
                 if self.vector_scale < 1.0 else "")
        note = text(f"{theta}$theta^*$: direction only", self.theme, style.FONT_SMALL,
                    self.theme.muted)
        return note.next_to(self.plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)

    def divide_axis_names(self) -> None:
        """The axes' names become "name / R": the points drawn are the data divided by R.

        Data the scene standardised had tick values in its units at their standardised
        places; divided by R those places no longer hold them, so from here on the ticks
        are the values drawn (standard deviations / R) and the names the standardised ones
        (review 58: "(mm) / R" over ticks still in mm)."""
        plane, standardised_names = self.plane, None
        if plane.units is not None:
            from linviz.transforms import column_names

            from scenes.toolkit.screen_text import plain_markup

            plane.units = None
            if plane.means_label is not None:
                plane.means_label.set_opacity(0)
            standardised_names = [plain_markup(name) for name in
                                  views.standardized_axis_names(column_names(self.data))]
            plane.set_box(plane.box)  # the ticks again, as plain values
        for k, name in enumerate(self.plane.axis_labels[:2]):
            source = name.source if standardised_names is None else standardised_names[k]
            divided = (math(source.strip("$ ") + " \\/ R", self.theme, style.FONT_SMALL)
                       if source.startswith("$") else
                       text(source + " $\\/ R$", self.theme, style.FONT_SMALL))
            if k == 1 and self.plane.y_name_turned:
                divided.rotate(np.pi / 2)
            # where the name stood: its end at the square's corner (right and top edges kept)
            divided.align_to(name, RIGHT).align_to(name, UP)
            name.become(divided)
            name.source = divided.source

    def still_geometry(self) -> tuple:
        """What the data scale moves, in drawing order: band, circle, line, markers, label
        (θ*, of norm 1, is not scaled; it lies over θ)."""
        return (self.star_band, self.circle, self.star_line, self.plane.markers,
                self.circle_label)

    def follow_scale(self, _=None) -> None:
        """Points, θ*'s line and band and the circle for the data scaled by c (θ* itself,
        of norm 1, is not scaled), in the plane's present box."""
        c = self.scale.get_value()
        self.plane.markers.set_positions(self.plane.c2p_many(c * self.data.X))
        self.star_band.set_band(self.star_normal, c * self.star_offset, c * self.band_half_width)
        self.place_star_line(c)
        self.circle.become(origin_circle(self.plane, c * self.disk_radius, self.theme.muted))
        self.place_static_labels()

    def moving_geometry(self, animation, run_time: float) -> None:
        """Play ``animation`` with the scaled geometry following it."""
        static = self.still_geometry()
        group = VGroup(*static)
        self.remove(*static)
        self.add(group)
        group.add_updater(self.follow_scale)
        self.play(animation, run_time=run_time, rate_func=smooth)
        group.clear_updaters()
        self.follow_scale()
        self.plane.markers.place_counts(self.plane.square_bounds())
        self.remove(group)
        self.still(*static)

    def rescale_data(self, factor: float) -> None:
        """Shrink the points, band, circle and boundary toward the origin by ``factor``."""
        # the counts of shared places follow their markers (MarkerCloud.set_positions) and
        # are placed again where there is room once the points stand still
        self.moving_geometry(self.scale.animate.set_value(factor), style.RUN_RESCALE)
        unit_label = math("norm(x) \\/ R <= 1" if not self.offset else "norm([x, 1]) \\/ R <= 1",
                          self.theme, style.FONT_SMALL).set_color(self.theme.muted)
        self.circle_label.become(with_backdrop(unit_label, self.theme))
        self.circle_label.source = unit_label.source  # what it says now
        self.divide_axis_names()
        self.place_static_labels()
        self.theta_arrow.refresh_label()  # clear of the circle's new label

    def zoom_to_unit_disk(self) -> None:
        """Show the scaled data's own box, the unit disk filling the view: the plane's box
        shrinks (its half-side geometrically, its centre linearly) with every drawing
        following, grid lines kept at the old step until the last frame."""
        c = self.scale.get_value()
        start = self.plane.box
        end = square_box_around_disk(c * self.data.X, c * self.disk_radius)
        step = self.plane.step
        zoom = ValueTracker(0.0)

        def box_at(t: float) -> Box:
            half = [(b.x_max - b.x_min) / 2 for b in (start, end)]
            h = half[0] ** (1 - t) * half[1] ** t
            cx = (1 - t) * (start.x_min + start.x_max) / 2 + t * (end.x_min + end.x_max) / 2
            cy = (1 - t) * (start.y_min + start.y_max) / 2 + t * (end.y_min + end.y_max) / 2
            return Box(cx - h, cx + h, cy - h, cy + h)

        self.release(self.plane)
        self.plane.add_updater(lambda plane: plane.set_box(box_at(zoom.get_value()), step))
        # the plane, at the back, is updated first: the rest follows its new mapping
        self.moving_geometry(zoom.animate.set_value(1.0), style.RUN_ZOOM)
        self.plane.clear_updaters()
        self.plane.set_box(end)  # the grid at the new box's own step
        self.follow_scale()
        self.still(self.plane, bottom=True)

    def draw_zoom(self, beat) -> None:
        """The view zooms to the unit disk; the margin γ/R is written as it is said."""
        self.zoom_to_unit_disk()
        self.reveal_normalized(beat.state["rows"])

    def draw_geometry(self, beat) -> None:
        """θ* as a vector with its line, its empty band, the circle holding every point."""
        self.title_card()
        shown = beat.state["geometry"]
        if shown == "line":
            note = self.scale_note()
            self.play(appear(self.star_line), appear(self.star_vector),
                      *([appear(note)] if note else []), run_time=style.RUN_INTRO)
            if note:
                self.still(note)
        elif shown == "band":
            self.play(appear(self.star_band), run_time=style.RUN_INTRO)
        else:
            self.play(appear(self.circle), appear(self.circle_label), run_time=style.RUN_INTRO)
            # under the markers: the plane, then the band, circle and line, then the markers
            self.still(self.star_band, self.circle, self.star_line, self.plane.markers,
                       self.circle_label, self.star_vector)
