"""The feasible region of `linear-program` in weight space: its shaded polygon, the lines its
edges lie on (lit, faint beyond the edges, which are drawn solid), each edge by its line,
and its inside as obstacles that the edges' numbers keep off; a constraint's line named by
its level."""

from __future__ import annotations

import numpy as np
from manim import Dot, Line, Polygon, ValueTracker, VGroup, VMobject, config, linear

from linviz.geometry import clip_line
from linviz.lessons.linear_program import arrow_times
from scenes.linear_program_parts.common import EDGE_LINE_OPACITY, REGION_OPACITY, between
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.placement import beside_line, box_around, box_of, segment_boxes
from scenes.toolkit.plane import DataVector
from scenes.toolkit.right_angle import right_angle_mark
from scenes.toolkit.screen_text import math
from scenes.toolkit.speed.fast_shapes import FastArrow

#: how long (s) a θ takes round its loop inside the region
SAMPLES_SECONDS = 3.0

#: how heavily a name covering the region's inside counts, against a marker's 1: a number
#: in the region reads as the region's, not its edge's (review 254)
REGION_WEIGHT = 10.0


#: where along a constraint's dashed line (from its upper end) its name is tried, in order,
#: and the half-side of the room kept round the θ marked next (its dot and name)
#: (after the first four, every twentieth of the line: a name off every arrow and line
#: where one fits, reviews 330)
LEVEL_NAME_ALONG = (0.2, 0.8, 0.35, 0.65, *(k / 20 for k in range(1, 20)))
PROBE_CLEAR = 0.45


#: the shown point's arrow through 0 ends at most this share of the way to its dashed line
#: aᵀθ = 1, or at least this many times as far (reviews 334: a tip by the line left its
#: name no room between the two lines)
SHORT_OF_LEVEL, BEYOND_LEVEL = 0.65, 2.0


def clear_of_level(times: int, a, box) -> int:
    """The whole multiple c of a drawn for a line through 0 (``times`` as the plane's width
    asks), moved where its tip c·a is clear of the line aᵀθ = 1 (c·‖a‖² ≤
    :data:`SHORT_OF_LEVEL` or ≥ :data:`BEYOND_LEVEL`): beyond it where c·a still lies in
    ``box`` inset by a twentieth of its sides, else short of it; ``times`` where neither fits."""
    square = float(np.dot(a, a))
    if not SHORT_OF_LEVEL < times * square < BEYOND_LEVEL:
        return times
    beyond = int(np.ceil(BEYOND_LEVEL / square))
    if well_inside(beyond * np.asarray(a, dtype=float), box):
        return beyond
    short = int(np.floor(SHORT_OF_LEVEL / square))
    return short if short >= 1 else times


#: the parts an arrow through 0 too long for the weight plane is drawn as, in order
ARROW_PARTS = (2, 3, 4, 5, 10, 20, 50, 100)


def arrow_part(a, box) -> int:
    """1 where the arrow a from 0 ends in ``box`` inset by a twentieth of its sides, else
    the least of :data:`ARROW_PARTS` whose a / part does (reviews 338, breast cancer: a of
    length 2.3 ran out of a plane 1.3 wide, off the frame); the last where none does."""
    return next((part for part in (1, *ARROW_PARTS)
                 if well_inside(np.asarray(a, dtype=float) / part, box)), ARROW_PARTS[-1])


def well_inside(tip, box) -> bool:
    """Whether the point ``tip`` lies in ``box`` inset by a twentieth of each side (an
    arrow's tip there leaves its name room inside the plane)."""
    inset_x, inset_y = (box.x_max - box.x_min) / 20, (box.y_max - box.y_min) / 20
    return bool(box.x_min + inset_x <= tip[0] <= box.x_max - inset_x
                and box.y_min + inset_y <= tip[1] <= box.y_max - inset_y)


class RegionDrawings:
    """The region (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    def region_drawing(self) -> VMobject:
        region = self.lesson.region(self.weights.box)
        if region is None:  # zoomed in away from it
            return VGroup()
        vertices, labels = region
        # the lines its edges lie on, lit (the sentence counts them), faint beyond the
        # edges, which are drawn solid: a line lit whole read as a boundary of nothing
        lines = VGroup(*[self.constraint_line(i, self.theme.correct, 2.5).set_stroke(
            opacity=EDGE_LINE_OPACITY) for i in self.lesson.edge_lines])
        edges = VGroup(*[Line(self.weight_point(vertices[k]),
                              self.weight_point(vertices[(k + 1) % len(vertices)]),
                              color=self.theme.correct, stroke_width=4)
                         for k, label in enumerate(labels) if label >= 0])
        return VGroup(lines, Polygon(*[self.weight_point(v) for v in vertices], stroke_width=0,
                                     fill_color=self.theme.correct, fill_opacity=REGION_OPACITY), edges)

    def region_inside(self, step: float = 0.05) -> np.ndarray:
        """Obstacle boxes over the region's inside on screen (a grid ``step`` apart, each
        point inside the convex polygon; weight :data:`REGION_WEIGHT`): what its edges' numbers
        keep off."""
        region = self.lesson.region(self.weights.box)
        if region is None:
            return np.zeros((0, 5))
        corners = np.array([self.weight_point(v)[:2] for v in region[0]])
        low, high = corners.min(axis=0), corners.max(axis=0)
        xs, ys = np.meshgrid(np.arange(low[0], high[0] + step, step),
                             np.arange(low[1], high[1] + step, step))
        grid = np.column_stack([xs.ravel(), ys.ravel()])
        edges = np.roll(corners, -1, axis=0) - corners
        # inside a convex polygon: on one side of every edge (either turning)
        cross = (edges[None, :, 0] * (grid[:, None, 1] - corners[None, :, 1])
                 - edges[None, :, 1] * (grid[:, None, 0] - corners[None, :, 0]))
        inside = np.all(cross >= 0, axis=1) | np.all(cross <= 0, axis=1)
        if not inside.any():
            return np.zeros((0, 5))
        boxes = box_around(grid[inside], step / 2)
        boxes[:, 4] = REGION_WEIGHT
        return boxes

    def region_edges(self) -> dict:
        """{i: (p, q)}: each edge of the region shown, in weight space, by the constraint
        its edge lies on (the longest, where a line carries two in the view)."""
        region = self.lesson.region(self.weights.box)
        if region is None:
            return {}
        vertices, labels = region
        edges = {}
        for k, i in enumerate(labels):
            if i >= 0:
                p, q = vertices[k], vertices[(k + 1) % len(vertices)]
                if i not in edges or np.hypot(*(q - p)) > np.hypot(*np.subtract(*edges[i])):
                    edges[int(i)] = (np.asarray(p), np.asarray(q))
        return edges

    def go_round_region(self, samples) -> VGroup:
        """A θ goes round ``samples`` (a loop inside the region, the beat's state) in weight
        space, its line in data space turning with it and separating the data all the
        while; returned, still on screen as one drawing (none: empty)."""
        states = np.asarray(samples, dtype=float)
        if not len(states):
            return VGroup()
        along = ValueTracker(0.0)
        dot = Dot(self.weight_point(states[0]), radius=0.07, color=self.theme.normal)
        dot.add_updater(lambda m: m.move_to(self.weight_point(between(states,
                                                                      along.get_value()))))
        line = self.moving_line(lambda: (between(states, along.get_value()), 0.0))
        self.play(appear(dot), appear(line), run_time=style.RUN_FADE)
        self.play(along.animate.set_value(len(states) - 1), run_time=SAMPLES_SECONDS,
                  rate_func=linear)
        for mobject in (dot, line):
            mobject.clear_updaters()
        self.remove(dot, line)
        self.samples_drawn = VGroup(dot, line)  # one drawing on screen (to leave as one)
        self.add(self.samples_drawn)
        return self.samples_drawn

    def level_name(self, i: int) -> list:
        """"y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 1" beside point i's dashed line, near one of its ends, where it
        covers least of the weight plane's tick values and the θ marked there next (the
        lesson's ``probe``, its name round it) ([] where the line misses the plane)."""
        a = np.asarray(self.lesson.signed[i], dtype=float)
        ends = clip_line(a, -1.0, self.weights.box)
        if ends is None:
            return []
        top, bottom = sorted((self.weight_point(e) for e in ends), key=lambda p: -p[1])
        name = with_backdrop(math(f"y^(({i + 1})) theta^T x^(({i + 1})) = 1", self.theme,
                                  style.FONT_SMALL, self.theme.step), self.theme)
        through = clip_line(a, 0.0, self.weights.box)  # (its line through 0: beside the
        # dashed one, on the far side from it)
        solid = ([] if through is None else
                 [segment_boxes(*(self.weight_point(e) for e in through), 0.08, samples=40)
                  * [1, 1, 1, 1, 100.0]])
        obstacles = np.vstack([self.weights.tick_boxes(),
                               box_around(self.weight_point(self.lesson.probe)[None, :],
                                          PROBE_CLEAR), *self.weight_name_boxes(), *solid])
        self.weight_names.append(name)
        return [name.move_to(beside_line([top + t * (bottom - top) for t in LEVEL_NAME_ALONG],
                                         bottom - top, (name.width, name.height), obstacles,
                                         0.06, bounds=self.weights.square_bounds(),
                                         # (reviews 329: it stood on its own line)
                                         box_clear=True))]

    def weight_normal(self, a, score: float, i: int) -> tuple[VGroup, np.ndarray]:
        """(drawing, foot): the normal ``a`` = y⁽ⁱ⁾x⁽ⁱ⁾ in weight space too, square to the
        line aᵀθ = ``score`` (review 312: the right angle was asked across the two planes):
        an arrow from 0 to the line's foot, or, for the line through 0, c·a with c whole,
        by the data arrow's rule (:func:`arrow_times`), named "c y⁽ⁱ⁾x⁽ⁱ⁾"
        (reviews 329: drawn 12.8 times longer, unnamed), with a right-angle mark where it
        meets the line."""
        box, colour = self.weights.box, self.theme.step  # (the point's colour)
        if score:
            foot = a / float(a @ a)
            normal = FastArrow(colour, stroke_width=3)
            normal.set_ends(self.weight_point((0, 0)), self.weight_point(foot))
        else:
            times = clear_of_level(arrow_times(float(np.hypot(*a)), box.x_max - box.x_min),
                                   a, box)
            part = arrow_part(a, box) if times == 1 else 1  # (one too long: a part of it)
            foot = times * np.asarray(a, dtype=float) / part
            name = (f"{times} y^(({i + 1})) x^(({i + 1}))" if times > 1 else
                    f"y^(({i + 1})) x^(({i + 1})) \/ {part}" if part > 1 else
                    f"y^(({i + 1})) x^(({i + 1}))")
            # its name off the point's line through 0 and its dashed line at 1, to come
            # (reviews 330: written across both), and off the θ marked next (its dot and
            # name: the two touched)
            lines = [Line(*(self.weight_point(e) for e in ends)) for level in (0.0, 1.0)
                     if (ends := clip_line(a, -level, box)) is not None]
            for line in lines:
                line.avoided_along = True
            probe = Dot(self.weight_point(self.lesson.probe), radius=PROBE_CLEAR)
            # its name may stand past the plane's right edge, in the frame's margin
            # (reviews 334: kept in the square, it stood at 0, far from its tip)
            square = self.weights.square_bounds()
            normal = DataVector(self.weights, (0, 0), foot, colour, name,
                                avoid=[*lines, probe],
                                bounds=[*square[:2], config.frame_x_radius - 0.1, square[3]])
            self.weight_names += [normal.label, normal.arrow]  # (names placed later keep off)
        # (the mark's arm along the normal: back toward 0 from the foot, out from 0)
        corner = self.weight_point(foot if score else (0, 0))
        arm = (self.weight_point((0, 0)) - corner if score
               else self.weight_point(foot) - corner)
        return VGroup(normal, right_angle_mark(corner, arm, colour)), foot

    def weight_name_boxes(self, arrow_pad: float = 0.06) -> list:
        """The boxes (:func:`box_of`, each as heavy as a text) of the names standing in
        the weight plane for the shown point (its vector's, its level line's) and of its
        vector's arrow (along it): a name placed later keeps off them."""
        # (an arrow as heavy as a text too: reviews 330, a level name on its shaft)
        return [(segment_boxes(name.get_start(), name.get_end(), arrow_pad)
                 * [1, 1, 1, 1, 100.0]
                 if isinstance(name, FastArrow) else box_of(name))
                for name in self.weight_names
                if self.on_screen(name) or any(self.on_screen(m) for m in self.mobjects
                                               if name in m.get_family())]
