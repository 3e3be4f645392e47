"""The data plane of `margin-speed`: the replayed runs' points, θ* with its band of
half-width γ and its label, the run's boundary with the ring on the point of each update,
and the faint boundaries it leaves behind."""

from __future__ import annotations

import numpy as np
from manim import DL, LEFT, UP, UR, Circle, Line, ValueTracker, VGroup, config

from linviz.geometry import clip_line, square_box_around_disk
from linviz.lessons.margin_speed import band_in_plane
from linviz.replay import state_at
from linviz.ties import least_index
from scenes.toolkit import style
from scenes.toolkit.layout import predicate_note
from scenes.toolkit.placement import best_offset, box_around, covered_area
from scenes.toolkit.plane import DataPlane, GhostLines, Hyperplane, MarginBand, MarkerCloud
from scenes.toolkit.screen_text import fmt, text


class MarginSpeedPlane:
    """The data plane of the run replayed (a part of
    :class:`scenes.margin_speed.MarginSpeedScene`)."""

    def build_plane(self) -> None:
        """The data plane (large enough for every run's points), each replayed run's
        markers, θ*'s band, line and label, the boundary, the ring and the ghosts."""
        theme, sweep, lesson = self.theme, self.sweep, self.lesson
        all_X = np.vstack([run.data.X for run in sweep.all_runs()])
        disk = float(np.max(np.linalg.norm(all_X, axis=1)))
        self.plane = DataPlane(all_X[:2], np.array([1.0, -1.0]), theme,
                               box=square_box_around_disk(all_X, disk))
        self.plane.remove(self.plane.markers)
        #: the runs replayed on the plane: one per margin, then the slowest of the last
        self.shown, self.ordered = list(lesson.shown), lesson.ordered
        self.clouds = [MarkerCloud(run.data.y, theme, style.SWEEP_POINT_SIZE,
                                   positions=self.plane.c2p_many(run.data.X))
                       for run in self.shown]
        self.shown_index = 0
        self.run = self.shown[0]
        self.tracker = ValueTracker(0.0)
        self.band = MarginBand(self.plane, *band_in_plane(self.run), theme.correct)
        #: θ*'s line, the band's middle: θ*ᵀ[x, 1] = 0
        self.star_line = Line(stroke_color=theme.correct, stroke_width=style.LINE_STROKE / 2)
        #: θ*'s name and its band's half-width (the run's own margin), made again each run
        self.star_label = VGroup()
        self.place_star()
        self.hyperplane = Hyperplane(self.plane, np.zeros(2), 0.0, show_normal=False,
                                     show_notes=False)
        # the status follows the step (a note added to the boundary mid-play would stay
        # drawn through the play: Manim lists what moves when a play starts)
        self.no_boundary = predicate_note(Hyperplane.NOTES["zero"], theme,
                                          self.lesson_no_boundary).next_to(
            self.plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        self.ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                           stroke_width=style.RING_STROKE).set_stroke(opacity=0)
        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.state_at()))
        self.ring.add_updater(lambda _: self.follow_ring())
        #: the boundaries the slowest run has left behind, faint
        self.ghosts = GhostLines(self.plane, theme.boundary)

    def lesson_no_boundary(self) -> bool:
        """The lesson's predicate at the tracker's step: no boundary yet (θ = 0)."""
        return self.lesson.no_boundary(self.shown_index,
                                       int(np.floor(self.tracker.get_value() + 1e-9)))

    def place_star(self) -> None:
        """θ*'s line across the plane; its label beside the line where it covers least of
        the run's markers, its final boundary and θ*'s line itself (the first such place)."""
        a, b, half = band_in_plane(self.run)
        label = text(f"$theta^*$: ${fmt(half, 3)}$", self.theme, style.FONT_SMALL,
                     self.theme.correct)
        label.add_background_rectangle(color=self.theme.background,
                                       opacity=style.LABEL_BACKDROP_OPACITY, buff=0.04)
        self.star_label.submobjects = [label]
        box = self.plane.box
        segment = clip_line(a, b, box)
        if segment is None:
            self.star_line.set_stroke(opacity=0)
            self.star_label.set_opacity(0)
            return
        ends = self.plane.c2p_many(np.asarray(segment))
        self.star_line.put_start_and_end_on(ends[0], ends[1]).set_stroke(opacity=1)
        along = np.linspace(0, 1, 24)[:, None]
        lines = [ends[0] + along * (ends[1] - ends[0])]
        final = clip_line(self.run.trace.states["theta"][-1],
                          float(self.run.trace.states["theta0"][-1]), box)
        if final is not None:
            final_ends = self.plane.c2p_many(np.asarray(final))
            lines.append(final_ends[0] + along * (final_ends[1] - final_ends[0]))
        ticks = self.plane.tick_boxes()  # text on text: weighed heavily
        obstacles = np.vstack([box_around(self.plane.c2p_many(self.run.data.X),
                                          style.SWEEP_POINT_SIZE),
                               box_around(np.vstack(lines), style.SMALL_BUFF / 2),
                               *([ticks] if len(ticks) else [])])
        # inside the plane, above the band at the bottom where a player draws captions
        bounds = np.array([*self.plane.axes.get_corner(DL)[:2],
                           *self.plane.axes.get_corner(UR)[:2]])
        bounds[1] = max(bounds[1], -config.frame_height / 2 + style.BOTTOM_BUFF)
        size = (self.star_label.width, self.star_label.height)
        places, costs = [], []
        for fraction in style.STAR_LABEL_ALONG:
            anchor = ends[0] + fraction * (ends[1] - ends[0])
            offset = best_offset(anchor, size, obstacles, gap=style.SMALL_BUFF, bounds=bounds)
            centre = anchor[:2] + offset[:2]
            half = np.asarray(size) / 2
            places.append(centre)
            costs.append(covered_area(np.array([*(centre - half), *(centre + half)]), obstacles))
        centre = places[least_index(costs)]
        self.star_label.move_to([centre[0], centre[1], 0.0]).set_opacity(1)
        label.background_rectangle.set_fill(opacity=style.LABEL_BACKDROP_OPACITY)

    def state_at(self, M: float | None = None):
        """(θ, θ₀) of the run on screen after M updates (the tracker's M when None)."""
        M = self.tracker.get_value() if M is None else M
        states = self.run.trace.states
        return state_at(states["theta"], states["theta0"],
                        np.arange(len(states["theta0"])), M)

    def follow_ring(self) -> None:
        """Ring the point of the update being made (none before the first)."""
        m = int(np.ceil(self.tracker.get_value() - 1e-9))
        if m == 0:
            self.ring.set_stroke(opacity=0)
            return
        i = int(self.lesson.shown_update_points[self.shown_index][m - 1])
        self.ring.move_to(self.plane.c2p(self.run.data.X[i])).set_stroke(opacity=1)

    def follow_ghosts(self) -> None:
        """Draw faintly the boundary after each update made so far but the last."""
        shown = max(0, int(np.floor(self.tracker.get_value() + 1e-9)) - 1)
        states = self.run.trace.states
        self.ghosts.show(states["theta"][1:shown + 1], states["theta0"][1:shown + 1])
