"""θ* in the weight plane of `linear-program`: its dot named where the name keeps off
the lines drawn through and near it (the tight points', the region's edges', the
diamond's, the ray, the walk's steps' lines), or, zoomed in past it, an arrow at the edge
towards it; and in data space, the points that only look on θ*'s dashed lines, ringed
dashed."""

from __future__ import annotations

import numpy as np
from manim import Arrow, DashedVMobject, Dot, Line, VGroup

from linviz.geometry import clip_line
from scenes.linear_program_parts.common import ray_end
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.placement import (DIRECTIONS, best_offset, box_around, detached,
                                      leader_line, segment_boxes)

#: the dashes of a ring round a point that only looks on θ*'s dashed line (the tight
#: points' rings are solid)
NEAR_RING_DASHES = 12


def no_leader(at) -> Line:
    """The leader part of a mark that needs none: a line of no length and no width at
    ``at`` (a part with points, so the mark made again can grow one)."""
    return Line(at, at, stroke_width=0)


class StarMarks:
    """θ*'s mark in weight space, and the rings of the points that only look on its dashed
    lines (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    def star_mark(self, name) -> VGroup:
        """θ*'s dot, ``name`` beside it: first tried off the ray to come and, while the
        diamond is drawn, inside it (zoomed out, towards 0 would put it on the walk's θ);
        placed off the lines through θ* (the tight points' and the region's edges'), the
        diamond's edges, the axes, the ray and the walk's steps' lines
        (:func:`~scenes.toolkit.placement.best_offset`); a leader joins them when the name
        stands off the dot (:func:`~scenes.toolkit.placement.detached`)."""
        star, lesson = self.lesson.theta_star, self.lesson
        dot = Dot(self.weight_point(star), radius=0.09, color=self.theme.boundary)
        side = self.away_from_ray(star)
        # the steps' lines only where the walk is drawn in this view
        boxes = self.update_line_boxes() if self.weights.box == lesson.walk_box else []
        if self.diamond is not None and self.on_screen(self.diamond):
            inward = self.weight_point((0, 0)) - dot.get_center()
            side = side + inward / max(float(np.linalg.norm(inward)), 1e-9)
            corners = [self.weight_point(p) for p in
                       ((lesson.least_l1, 0), (0, lesson.least_l1), (-lesson.least_l1, 0),
                        (0, -lesson.least_l1))]
            boxes += [self.screen_segment_boxes(p, q) for p, q in
                      zip(corners, corners[1:] + corners[:1])]
            # and off its corners, weighing as text (review 313: the name at the corner
            # next to θ*, its leader along the edge, read as naming the corner)
            boxes.append(box_around(np.array([c[:2] for c in corners]), 0.3)
                         * [1, 1, 1, 1, 100])
        for i in sorted({*lesson.tight, *lesson.edge_lines}):
            ends = clip_line(lesson.signed[i], -1.0, self.weights.box)
            if ends is not None:
                boxes.append(self.screen_segment_boxes(*(self.weight_point(e) for e in ends)))
        if lesson.run is not None:  # the ray from 0 through the walk's last θ
            boxes.append(self.screen_segment_boxes(
                self.weight_point((0, 0)),
                self.weight_point(ray_end(lesson.thetas[-1], self.weights.box))))
            # and round that θ's dot, where its own name stands: zoomed out the two dots
            # lie close, and a name between them reads as either's
            boxes.append(box_around(np.array([self.weight_point(lesson.thetas[-1])]), 0.3)
                         * [1, 1, 1, 1, 100])
        view = self.weights.box  # the axes too: a name on one reads as the axis's
        boxes += [self.screen_segment_boxes(self.weight_point(p), self.weight_point(q)) for p, q in
                  (((view.x_min, 0), (view.x_max, 0)), ((0, view.y_min), (0, view.y_max)))]
        preferred = int(np.argmax(DIRECTIONS @ side[:2] / np.linalg.norm(DIRECTIONS, axis=1)))
        offset = best_offset(dot.get_center(), (name.width, name.height), np.vstack(boxes),
                             0.08, bounds=self.weights.square_bounds(), preferred=preferred,
                             rings=2, ring_cost=0.02)
        name.move_to(dot.get_center() + np.array([*offset, 0.0]))
        # a leader when the name stands off (beside the diamond's corner, say); else none
        # drawn: a mark made again as the view zooms keeps its three parts, each with points
        # (become() between a line and an empty part leaves the line empty for good)
        leader = leader_line(dot.get_center(), dot.radius, name, self.theme.boundary) \
            if detached(dot.get_center(), name) else no_leader(dot.get_center())
        return VGroup(dot, name, leader)

    def star_pointer(self, name) -> VGroup:
        """Zoomed in past θ*: an arrow at the edge where the ray to it leaves the view,
        ``name`` beside it inside the plane (not on the tick values), off the walk's last
        θ, which may end near the same edge (the two would read as one), and off the lines
        of the points the walk updates on (drawn at its steps)."""
        theme, box, star = self.theme, self.weights.box, self.lesson.theta_star
        edge = self.weight_point(ray_end(star, box))
        inward = self.weight_point((0, 0)) - edge
        arrow = Arrow(edge + 0.45 * inward / np.linalg.norm(inward), edge, buff=0.02,
                      color=theme.boundary, stroke_width=3,
                      max_tip_length_to_length_ratio=0.4)
        end = self.weight_point(self.lesson.thetas[-1]) if self.lesson.run else edge
        # (review 303: 0.3 from θ's dot, "θ*" read as naming the perceptron's θ: kept
        # farther, weighing as text)
        near_end = box_around(np.array([end]), 0.6)
        near_end[:, 4] = 100.0
        obstacles = np.vstack([near_end,
                               box_around(np.array([arrow.get_center()]), 0.12),
                               *self.update_line_boxes()])
        offset = best_offset(arrow.get_center(), (name.width, name.height), obstacles,
                             0.12, preferred=2, rings=2, bounds=self.weights.square_bounds())
        name.move_to(arrow.get_center() + [*offset, 0.0])
        # a leader to the arrow where the name stands off it (reviews 351: "θ*" alone in
        # the plane read as a point there)
        middle = arrow.get_center()
        leader = (leader_line(middle, 0.05, name, theme.boundary)
                  if detached(middle, name, 0.12) else no_leader(middle))
        return VGroup(arrow, name, leader)

    @staticmethod
    def screen_segment_boxes(start, end) -> np.ndarray:
        """Boxes along the screen segment from ``start`` to ``end`` that overlap (no gap a
        name could slip into): a drawn line as an obstacle."""
        count = int(np.ceil(np.linalg.norm(np.asarray(end) - np.asarray(start)) / 0.05)) + 1
        return segment_boxes(start, end, 0.04, samples=count)

    def update_line_boxes(self) -> list[np.ndarray]:
        """Each line a walk's step draws in the weight plane's present box (its point's
        aᵢᵀθ = 1 and aᵢᵀθ = 0, for every point the perceptron updates on), as boxes along
        it (:func:`~scenes.toolkit.placement.segment_boxes`): what a name must keep off."""
        points = sorted(set(self.lesson.updated_points)) if self.lesson.run else []
        boxes = []
        for i in points:
            for score in (1.0, 0.0):
                ends = clip_line(self.lesson.signed[i], -score, self.weights.box)
                if ends is not None:
                    boxes.append(self.screen_segment_boxes(
                        *(self.weight_point(e) for e in ends)))
        return boxes

    def show_near_dashed(self) -> None:
        """The points that only look on θ*'s dashed lines (the lesson's ``near_dashed``)
        ringed in the muted colour, dashed, as that is said, till the next sentence (reviews
        368: point 3 named, never shown; the only grey rings, unnamed: names crowded the
        tight points'; reviews 369: solid, it read as one of the tight points' rings)."""
        near = self.lesson.near_dashed
        if near and self.seconds_until("only look") is not None:
            self.wait_for_words("only look")
            marks = VGroup(*[DashedVMobject(self.ring(i).set_color(self.theme.muted),
                                            num_dashes=NEAR_RING_DASHES) for i in near])
            self.play(appear(marks), run_time=style.RUN_FADE)
            self.mark_for_beat(marks)
