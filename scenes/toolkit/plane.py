"""The data plane and what is drawn on it: markers, the hyperplane with its
shading and normal, vectors with placed labels, margin bands and circles.

Each drawing is built once and then moved or recoloured in place by a
``set_...`` method; none is rebuilt on every frame.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from manim import (
    DL, DOWN, LEFT, ORIGIN, RIGHT, UL, UP, UR, Axes, Circle, DashedVMobject, Line, Polygon,
    VectorizedPoint, VGroup, VMobject, config,
)

from linviz.transforms import is_standardized

from . import style
from .placement import DIRECTIONS, best_offset, box_around, covered_area
from linviz.geometry import (
    Box, clip_line, foot_of_perpendicular, half_plane_polygon, strip_polygon,
)
from . import views
from .speed.glyph_numbers import GlyphNumber
from .speed.merging import merge_glyphs, merge_texts
from .style import Theme
from .speed.fast_shapes import Shared, FastArrow, FastDashedLine, segment_points
from .screen_text import math, text, fmt


#: a small circle drawn as four cubic arcs (one per quarter; Manim's default is eight):
#: half the curves to draw, and off a true circle by 0.03 % of the radius
QUARTER_ARCS = 5


class Marker(VGroup):
    """A data point drawn as + (label +1) or − (label −1), in its class colour."""

    def __init__(self, label: float, theme: Theme, size: float = style.POINT_SIZE):
        colour = theme.positive if label > 0 else theme.negative
        # a small marker is drawn thinner, or its + would close up into a blob
        stroke = style.POINT_STROKE * min(1.0, max(style.POINT_STROKE_MIN_FRACTION,
                                                   size / style.POINT_SIZE))
        bar = Line(LEFT * size, RIGHT * size, stroke_width=stroke, color=colour)
        parts = [bar]
        if label > 0:
            parts.append(Line(DOWN * size, UP * size, stroke_width=stroke, color=colour))
        # a faint disc behind the sign keeps it readable over the shading
        disc = Circle(radius=size * 1.25, stroke_width=0, fill_color=theme.background,
                      fill_opacity=0.6, num_components=QUARTER_ARCS)
        super().__init__(disc, *parts)
        self.label = label
        self.colour = colour


class MarkerCloud(VGroup):
    """Data points drawn as +/− markers in three paths: backing discs, − signs, + signs.

    A marker is the shape of :class:`Marker`; the cloud writes every marker's
    outline at its point in place (``set_positions``), so n markers cost three
    draw calls a frame, moving or not. ``positions()`` reads the centres back
    from the discs, so they follow the cloud wherever it is moved or scaled.
    With ``discs=False`` the discs are not drawn (a 3-D view, where they would
    darken the plane behind).

    With ``groups`` (the points grouped by position, :func:`views.point_groups`)
    a position holding several points gets its count beside its marker ("×3",
    or "+2 −1" when both classes are there): the points are drawn on top of
    each other, so without it a student could not count them. The counts are
    ``counts``, one path; they follow their markers in ``set_positions``.
    """

    def __init__(self, labels, theme: Theme, size: float = style.POINT_SIZE,
                 positions: np.ndarray | None = None, discs: bool = True,
                 groups: views.PointGroups | None = None, bounds: np.ndarray | None = None,
                 counts: str = "all"):
        #: which places get a count: "all" holding several points, or only those "mixed"
        #: (both classes, the count a scene's argument may rest on)
        self.counted = counts
        self.labels = np.asarray(labels, dtype=float)
        self.positive = self.labels > 0
        self.size = float(size)
        plus, minus = Marker(1.0, theme, size), Marker(-1.0, theme, size)
        self.disc_shape = plus[0].points.copy()
        self.plus_shape = np.concatenate([plus[1].points, plus[2].points])
        self.minus_shape = minus[1].points.copy()
        self.discs = VMobject().match_style(plus[0])
        if not discs:
            self.discs.set_fill(opacity=0)
        self.minus = VMobject().match_style(minus[1])
        self.plus = VMobject().match_style(plus[1])
        #: a − drawn again over the + where both classes share a place, so the marker
        #: there shows both: the +'s upright and the −'s bar (see :attr:`mixed_points`)
        self.mixed = VMobject().match_style(minus[1])
        #: the first − point of every place holding both classes
        self.mixed_points = np.zeros(0, dtype=int)
        if groups is not None:
            both = [g for g in groups.repeated if groups.positive[g] and groups.negative[g]]
            self.mixed_points = np.array(
                [int(np.flatnonzero((groups.group_of == g) & ~self.positive)[0]) for g in both],
                dtype=int)
        #: the count beside each position holding several points (see the class docstring)
        self.counts = VGroup()
        #: per count: the point it stands beside and the range of its points in the path
        self.count_spans: list[tuple[int, int, int]] = []
        super().__init__(self.discs, self.minus, self.plus, self.mixed)
        points = np.zeros((len(self.labels), 3)) if positions is None else positions
        self.set_positions(points)
        self.groups, self.theme = groups, theme
        if groups is not None and len(groups.repeated):
            self._make_counts(groups, theme, np.asarray(points, dtype=float), bounds)
            self.add(self.counts)

    def place_counts(self, bounds: np.ndarray | None = None) -> "MarkerCloud":
        """Place the counts again beside the markers where they are now (after a zoom or a
        rescale moved the markers closer: counts that only followed them would overlap),
        each where it covers no marker and no other count; a count with no room left is
        left out. ``bounds``: the screen box [x_min, y_min, x_max, y_max] they stay in."""
        if self.groups is None or not len(self.groups.repeated):
            return self
        # as visible as they were (a scene may have faded them)
        opacity = (self.counts.submobjects[0].get_fill_opacity() if self.counts.submobjects
                   else 1.0)
        self.remove(self.counts, *([self.leaders] if hasattr(self, "leaders") else []))
        self.counts, self.count_spans = VGroup(), []
        self._make_counts(self.groups, self.theme, self.positions(), bounds)
        self.counts.set_fill(opacity=opacity)
        self.leaders.set_stroke(opacity=opacity)
        self.add(self.counts)
        return self

    def __len__(self) -> int:
        return len(self.labels)

    def _make_counts(self, groups: views.PointGroups, theme: Theme, points: np.ndarray,
                     bounds: np.ndarray | None) -> None:
        """Typeset and place the counts: most points first, each beside its marker where it
        covers no marker and no count placed before it; in a dense cluster, where there is
        no such place beside it, a little further out with a thin leader to its marker."""
        obstacles = [box_around(points, self.size * 1.15)]
        typeset_once: dict[str, VMobject] = {}
        repeated = [g for g in groups.repeated if self.counted == "all"
                    or (groups.positive[g] and groups.negative[g])]
        order = sorted(repeated, key=lambda g: (-groups.counts[g], g))
        placed, leaders = [], []
        for g in order:
            words = views.count_text(int(groups.positive[g]), int(groups.negative[g]))
            if words not in typeset_once:
                typeset_once[words] = text(_escaped(words), theme, style.COUNT_FONT, theme.text)
            label = typeset_once[words].copy()
            anchor = points[groups.first[g]]
            spot = _clear_spot(anchor, label, np.vstack(obstacles), self.size, bounds)
            if spot is None:  # no room even further out: better no count than a blur
                continue
            centre, far = spot
            label.move_to(centre)
            low, high = label.get_corner(DL), label.get_corner(UR)
            obstacles.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
            label.source = words
            placed.append((int(groups.first[g]), label))
            if far:
                leaders.append((int(groups.first[g]), _leader_ends(anchor, label, self.size)))
        self.counts.add(*[label for _, label in placed])
        merge_texts(self.counts)
        # one colour, so one path whose spans are the counts in the order they were added
        if len(self.counts.submobjects) == 1:
            spans = self.counts.submobjects[0].spans
            self.count_spans = [(i, start, end) for (i, _), (_, start, end) in zip(placed, spans)]
        self.leaders = VMobject(stroke_color=theme.muted, stroke_width=style.LEADER_STROKE,
                                fill_opacity=0)
        self.leader_spans = []
        for i, (start, end) in leaders:
            first = len(self.leaders.points)
            self.leaders.start_new_path(start)
            self.leaders.add_line_to(end)
            self.leader_spans.append((i, first, len(self.leaders.points)))
        if leaders:
            self.add(self.leaders)

    def set_positions(self, points: np.ndarray) -> "MarkerCloud":
        """Put marker i at screen point ``points[i]`` (shape (n, 3)), in place; the counts
        move with their markers."""
        points = np.asarray(points, dtype=float)
        # the counts move as their markers do, from wherever the cloud has been moved
        before = self.positions() if self.count_spans else None
        self.discs.points = _stamped(self.disc_shape, points)
        self.plus.points = _stamped(self.plus_shape, points[self.positive])
        self.minus.points = _stamped(self.minus_shape, points[~self.positive])
        self.mixed.points = _stamped(self.minus_shape, points[self.mixed_points])
        if self.count_spans:
            path = self.counts.submobjects[0]
            for i, start, end in self.count_spans:
                path.points[start:end] += points[i] - before[i]
            for i, start, end in getattr(self, "leader_spans", []):
                self.leaders.points[start:end] += points[i] - before[i]
        return self

    def positions(self) -> np.ndarray:
        """The markers' centres now, shape (n, 3): the mean of each disc's points."""
        per_disc = len(self.disc_shape)
        return self.discs.points.reshape(len(self.labels), per_disc, 3).mean(axis=1)


def _clear_spot(anchor, label, obstacles: np.ndarray, size: float,
                bounds: np.ndarray | None) -> tuple[np.ndarray, bool] | None:
    """Where a count goes beside the marker at ``anchor``: the first of the eight places
    right next to it (up-right first) that covers at most a sliver of a marker and no
    text, inside ``bounds``; failing that (a dense cluster), the first such place up to
    ``style.COUNT_FAR_RINGS`` label heights further out, flagged far (it gets a leader).
    Returns (centre, far), or None when there is none."""
    half = np.array([label.width, label.height]) / 2
    allowed = (size * 1.15) ** 2 * style.COUNT_COVER
    order = [1, 0, 2, 3, 5, 4, 7, 6]
    near = (size * 0.35, size * 0.35 + label.height * 0.6)
    far = tuple(size * 0.35 + label.height * (ring + 1.2)
                for ring in range(style.COUNT_FAR_RINGS))
    for gaps, is_far in ((near, False), (far, True)):
        for gap in gaps:
            for k in order:
                direction = DIRECTIONS[k]
                centre = anchor[:2] + direction * (half + gap)
                box = np.array([*(centre - half), *(centre + half)])
                if bounds is not None and (box[0] < bounds[0] or box[1] < bounds[1]
                                           or box[2] > bounds[2] or box[3] > bounds[3]):
                    continue
                if covered_area(box, obstacles) <= allowed:
                    return np.array([centre[0], centre[1], 0.0]), is_far
    return None


def _leader_ends(anchor, label, size: float) -> tuple[np.ndarray, np.ndarray]:
    """A leader from just outside the marker at ``anchor`` to the nearest point of the
    count's box (screen points, 3-D)."""
    low, high = label.get_corner(DL), label.get_corner(UR)
    target = np.clip(np.asarray(anchor, dtype=float), low, high)
    direction = target - anchor
    length = float(np.linalg.norm(direction[:2]))
    start = anchor + direction / length * size * 1.3 if length > 0 else anchor
    return np.array(start, dtype=float), np.array(target, dtype=float)


def _stamped(shape: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``shape`` (centred on 0) copied to every point, as one array of points."""
    if len(points) == 0:
        return np.zeros((0, 3))
    return (points[:, None, :] + shape[None, :, :]).reshape(-1, 3)


class DataPlane(VGroup):
    """Axes fitted to the data, with tick values and names, and the points as +/− markers.

    Parameters
    ----------
    X, y : the points (n, 2) and their labels ±1 (n,), drawn as markers.
    box : the part of the data plane shown; by default fitted to ``X``
        (:func:`views.fitted_box`): square with ``equal_scale`` (one data
        unit as long on both axes, for normals and distances), each axis on
        its own range without; holding the origin with room round it when
        ``include_origin`` (True: always, for arrows drawn from it; None: when
        that does not make the view much wider than the data's own).
    side, center : the square on screen the box fills.
    axis_labels : the axes' names as Typst math (x₁, x₂ by default); without
        them, ``data``'s column names (``Dataset.feature_names``) as text.
    data : the data set drawn; its column names name the axes and its class
        names (``Dataset.label_names``) make a legend above the plane.
    ticks : tick values round the plane (by default unless it is small).
    legend : the legend (by default when ``data`` is given).
    counts : which places holding several points are counted beside their marker: "all",
        or only the "mixed" ones, holding both classes (:class:`MarkerCloud`).

    Round tick values (1, 2 or 5 × 10ᵏ) stand below and left of the square
    at its grid lines, with the axes' names at the ends of those rows. A
    position holding several points shows one marker and the count; markers
    are smaller where points are dense (:func:`views.marker_half_size`).
    When the origin is out of view with one scale, a pointer at the edge
    says where it is.

    ``c2p`` maps data coordinates to the screen and ``p2c`` back, so other
    drawings place themselves with the same mapping. ``set_box`` shows another
    part of the data plane in the same square of the screen (a zoom) and lets
    every drawing made on the plane (its dependants) redraw for the new mapping.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray, theme: Theme, box: Box | None = None,
                 side: float = style.PLANE_SIDE, center=style.PLANE_CENTER,
                 axis_labels: tuple[str, str] | None = None, *, data=None,
                 include_origin: bool | None = None, equal_scale: bool = True,
                 ticks: bool | None = None, legend: bool | None = None, counts: str = "all"):
        X = np.asarray(X, dtype=float).reshape(-1, 2)
        self.theme = theme
        self.equal_scale = equal_scale
        #: (means, scales) when the ticks are in the data's own units (views.unit_scale)
        self.units = views.unit_scale(data)
        self.box = box or views.fitted_box(X, include_origin, equal_scale=equal_scale)
        self.show_ticks = side >= style.TICKS_MIN_SIDE if ticks is None else bool(ticks)
        self.axes, self.frame, self.grid, self.steps = self._axes_parts(self.box, side)
        #: the grid's step along x₁ (along both axes when the scale is one)
        self.step = self.steps[0]
        # c2p is affine: the images of (0, 0), (1, 0) and (0, 1) ride along in the group
        # (so the mapping follows the plane when it moves or scales) and every mapping
        # is computed from them; Axes.c2p costs a tenth of a millisecond a point
        self.reference = VGroup(*[VectorizedPoint(self.axes.c2p(*corner))
                                  for corner in ((0, 0), (1, 0), (0, 1))])
        self.X = X
        self.y = np.asarray(y, dtype=float)
        self.axis_labels = self._names(axis_labels, data)
        self.groups = views.point_groups(X, self.y)
        screen = self.c2p_many(X)
        #: the markers' half-width: smaller where points are dense
        spacing = views.typical_spacing(screen[:, :2])
        self.marker_size = views.marker_half_size(spacing)
        #: the radius of a ring round one marker: smaller where points are dense
        self.ring_radius = views.ring_radius(spacing, self.marker_size)
        self.markers = MarkerCloud(self.y, theme, size=self.marker_size, positions=screen,
                                   groups=self.groups, bounds=self.square_bounds(),
                                   counts=counts)
        # grid lines, axis lines and ticks never change: one path per style each; the
        # axes become a plain drawing (their c2p would no longer follow the plane)
        self.axes = merge_glyphs(VGroup(*self.axes.submobjects))
        self.tick_labels = VGroup()
        #: how far the plane will still move on screen (to ``center``): a name placed
        #: beyond its row of ticks must stay in the frame where the plane ends up
        self.pending_shift = np.array(center, dtype=float) - self.frame.get_center()
        self._place_axis_labels()
        self.pending_shift = np.zeros(3)
        self.axes.add(self.tick_labels)
        self.legend = None
        if legend if legend is not None else data is not None:
            self.legend = self._legend(getattr(data, "label_names", views.UNNAMED_CLASSES))
            self.axis_labels.add(self.legend)
        self.origin_pointer = None
        self._point_to_origin()
        self.means_label = None
        self._mark_means()
        #: drawings made on this plane, redrawn by ``set_box`` (see :meth:`depend`)
        self.dependants = Shared([])
        super().__init__(self.reference, self.grid, self.frame, self.axes, self.axis_labels,
                         self.markers)
        # the square (not the names and values round it) goes to ``center``
        self.shift(np.array(center, dtype=float) - self.frame.get_center())

    # -- axes, ticks and names -------------------------------------------------
    def _axes_parts(self, box: Box, side: float, step: float | None = None):
        """Axes (not merged), outline and merged grid for ``box`` on a square of ``side``,
        with grid lines every ``step`` data units (round steps for the box when None: one
        for both axes of a square box). Returns them and the steps along x₁ and x₂."""
        theme = self.theme
        steps = views.axis_steps(box) if step is None else (float(step), float(step))
        axes = Axes(
            x_range=[box.x_min, box.x_max, steps[0]],
            y_range=[box.y_min, box.y_max, steps[1]],
            x_length=side, y_length=side, tips=False,
            axis_config={"stroke_color": theme.muted, "stroke_width": 2,
                         "include_ticks": False},
        )
        frame = _outline(axes, theme)
        grid = self._grid(steps, box, axes)
        merge_glyphs(grid)
        return axes, frame, grid, steps

    def _names(self, axis_labels, data) -> VGroup:
        """The axes' names: Typst math when given (or x₁, x₂), else the data's column names."""
        theme = self.theme
        feature_names = getattr(data, "feature_names", ()) if data is not None else ()
        if axis_labels is None and self.units is not None \
                and not views.names_are_math(feature_names):
            # standardised for one scale, its ticks in the data's units: the names keep them
            names = [text(_escaped(name), theme, style.FONT_SMALL)
                     for name in views.axis_names(feature_names)]
        elif axis_labels is None and data is not None and is_standardized(data):
            names = [text(_escaped(name), theme, style.FONT_SMALL)
                     for name in views.standardized_axis_names(feature_names)]
        elif axis_labels is None and not views.names_are_math(feature_names):
            names = [text(_escaped(name), theme, style.FONT_SMALL)
                     for name in views.axis_names(feature_names)]
        else:
            names = [math(name, theme, style.FONT_SMALL)
                     for name in (axis_labels or views.axis_names(feature_names))]
        self.y_name_turned = names[1].width > style.SHORT_NAME
        if self.y_name_turned:
            names[1].rotate(np.pi / 2)
        return VGroup(*names)

    def square_bounds(self) -> np.ndarray:
        """The square on screen, [x_min, y_min, x_max, y_max] (before the plane is moved:
        read it from ``frame`` afterwards)."""
        frame = self.frame
        return np.array([*frame.get_corner(DL)[:2], *frame.get_corner(UR)[:2]])

    def _place_axis_labels(self) -> None:
        """The names at the ends of the rows of tick values: x₁'s below the square at its
        right, x₂'s left of it at its top; then the tick values that leave them room."""
        first, second = self.axis_labels[0], self.axis_labels[1]
        x_min, y_min, x_max, y_max = self.square_bounds()
        #: which names stand beyond their row of tick values (see _move_names_off_ticks)
        self.names_beyond = (False, False)
        if self.show_ticks:
            first.next_to(np.array([x_max, y_min, 0.0]), DOWN, buff=style.TICK_BUFF)
            first.align_to(np.array([x_max, 0.0, 0.0]), RIGHT)
            second.next_to(np.array([x_min, y_max, 0.0]), LEFT, buff=style.TICK_BUFF)
            second.align_to(np.array([0.0, y_max, 0.0]), UP)
        else:  # inside the square, at the far ends of its edges, as a thumbnail's
            first.next_to(np.array([x_max, y_min, 0.0]), UP + LEFT * 0.5, buff=style.SMALL_BUFF)
            second.next_to(np.array([x_min, y_max, 0.0]), RIGHT + DOWN * 0.5,
                           buff=style.SMALL_BUFF)
        self._make_tick_labels()
        if self.show_ticks:
            self._move_names_off_ticks()

    def _move_names_off_ticks(self) -> None:
        """A long name (wider than ``style.SHORT_NAME``) at the end of its row that would hide
        a tick value (such as "sepal length (cm), standardised") goes beyond the row instead:
        x₁'s centred below its tick values, x₂'s (turned) left of them; the tick values are
        then all kept. A name that would leave the frame there stays at the row's end."""
        x_min, y_min, x_max, y_max = self.square_bounds()
        # a short name (x₁, x₂) keeps its place at the end of its row: it hides a value at
        # most, the place a reader looks for it
        long = [max(name.width, name.height) > style.SHORT_NAME for name in self.axis_labels[:2]]
        hidden = [h and is_long for h, is_long in zip(self._hidden_ticks(), long)]
        if not any(hidden):
            return
        first, second = self.axis_labels[0], self.axis_labels[1]
        # every tick value made, then the names beyond the rows they make
        self.names_beyond = tuple(hidden)
        self._make_tick_labels()
        below = min([b[1] for b in self._tick_row(0)], default=y_min)
        left = min([b[0] for b in self._tick_row(1)], default=x_min)
        beyond = style.TICK_BUFF
        first.next_to(np.array([(x_min + x_max) / 2, below, 0.0]), DOWN, buff=beyond)
        if not hidden[0]:
            first.next_to(np.array([x_max, y_min, 0.0]), DOWN, buff=style.TICK_BUFF)
            first.align_to(np.array([x_max, 0.0, 0.0]), RIGHT)
        if hidden[1]:
            second.next_to(np.array([left, (y_min + y_max) / 2, 0.0]), LEFT, buff=beyond)
        else:
            second.next_to(np.array([x_min, y_max, 0.0]), LEFT, buff=style.TICK_BUFF)
            second.align_to(np.array([0.0, y_max, 0.0]), UP)
        # beyond the row but out of the frame or in the captions' band (a plane low on the
        # screen): back at the row's end, where it hides a value but is seen
        shift = getattr(self, "pending_shift", np.zeros(3))
        if hidden[0] and first.get_bottom()[1] + shift[1] < -config.frame_height / 2 \
                + style.BOTTOM_BUFF:
            first.next_to(np.array([x_max, y_min, 0.0]), DOWN, buff=style.TICK_BUFF)
            first.align_to(np.array([x_max, 0.0, 0.0]), RIGHT)
            hidden[0] = False
        if hidden[1] and second.get_left()[0] + shift[0] < -config.frame_width / 2 \
                + style.SMALL_BUFF:
            second.next_to(np.array([x_min, y_max, 0.0]), LEFT, buff=style.TICK_BUFF)
            second.align_to(np.array([0.0, y_max, 0.0]), UP)
            hidden[1] = False
        self.names_beyond = tuple(hidden)
        self._make_tick_labels()

    def tick_boxes(self) -> np.ndarray:
        """The boxes [x_min, y_min, x_max, y_max, weight 100] of every tick value drawn:
        shape (k, 5) (obstacles a label is placed clear of)."""
        boxes = [box for m in self.tick_labels.submobjects for box in _text_boxes(m)]
        return np.array(boxes) if boxes else np.zeros((0, 5))

    def _tick_row(self, axis: int) -> list[np.ndarray]:
        """The boxes [x_min, y_min, x_max, y_max] of the tick values drawn along x₁ (axis 0:
        below the square) or x₂ (1: left of it)."""
        x_min, y_min, _, _ = self.square_bounds()
        boxes = list(self.tick_boxes())
        if axis == 0:
            return [b for b in boxes if b[3] <= y_min + 1e-6]
        return [b for b in boxes if b[2] <= x_min + 1e-6]

    def _hidden_ticks(self) -> tuple[bool, bool]:
        """Whether the names at the ends of the rows hide a tick value of x₁ and of x₂ (the
        values a row would keep were its name elsewhere)."""
        box = self.box
        hidden = []
        for axis, (low, high) in enumerate(((box.x_min, box.x_max), (box.y_min, box.y_max))):
            step = self.steps[axis]
            numbers = []
            for v, printed in views.axis_ticks(low, high, step, self.units, axis):
                number = GlyphNumber(printed, style.TICK_FONT, self.theme.muted)
                point = self.c2p((v, box.y_min)) if axis == 0 else self.c2p((box.x_min, v))
                number.next_to(point, DOWN if axis == 0 else LEFT, buff=style.TICK_BUFF)
                numbers.append(number)
            nowhere = np.array([1e3, 1e3, 1e3 + 1, 1e3 + 1])
            name = self.axis_labels[axis]
            blocked = np.array([*name.get_corner(DL)[:2], *name.get_corner(UR)[:2]])
            hidden.append(len(_thinned(numbers, axis, blocked))
                          < len(_thinned(numbers, axis, nowhere)))
        return hidden[0], hidden[1]

    def _make_tick_labels(self) -> None:
        """The tick values below the square (x₁) and left of it (x₂), at the grid lines,
        every other one (or fewer) where they would crowd, none under an axis's name."""
        values = VGroup()
        if self.show_ticks:
            x_min, y_min, x_max, y_max = self.square_bounds()
            names = [self.axis_labels[0], self.axis_labels[1]]
            # a name moved beyond its row (see _move_names_off_ticks) blocks none of its values
            beyond = getattr(self, "names_beyond", (False, False))
            blocked = [np.array([1e3, 1e3, 1e3 + 1, 1e3 + 1]) if moved else
                       np.array([*n.get_corner(DL)[:2], *n.get_corner(UR)[:2]])
                       for n, moved in zip(names, beyond)]
            box = self.box
            for axis, (low, high) in enumerate(((box.x_min, box.x_max), (box.y_min, box.y_max))):
                step = self.steps[axis]
                numbers = []
                for v, printed in views.axis_ticks(low, high, step, self.units, axis):
                    number = GlyphNumber(printed, style.TICK_FONT, self.theme.muted)
                    point = self.c2p((v, box.y_min)) if axis == 0 else self.c2p((box.x_min, v))
                    number.next_to(point, DOWN if axis == 0 else LEFT, buff=style.TICK_BUFF)
                    numbers.append(number)
                for number in _thinned(numbers, axis, blocked[axis]):
                    values.add(number)
            merge_texts(values)  # each number keeps its box, for the layout checks
        if self.tick_labels in getattr(self.axes, "submobjects", []):
            self.axes.submobjects[self.axes.submobjects.index(self.tick_labels)] = values
        self.tick_labels = values

    def _legend(self, label_names) -> VGroup:
        """Which class is which, above the plane's top left: "+ +1: versicolor", "− −1: setosa"."""
        theme = self.theme
        classes = VGroup()
        for label, words in views.legend_rows(label_names):
            # the sign alone: the disc that keeps it readable over shading is not needed here
            marker = VGroup(*Marker(label, theme, style.LEGEND_MARKER)[1:])
            classes.add(VGroup(marker, text(_escaped(words), theme, style.FONT_SMALL)).arrange(
                RIGHT, buff=style.SMALL_BUFF))
        # two rows at most: a third would reach the scene's title above the plane (points
        # sharing a place carry their "×k" beside the marker instead)
        rows = VGroup(*classes)
        rows.arrange(DOWN, aligned_edge=LEFT, buff=style.LEGEND_ROW_GAP)
        x_min, _, _, y_max = self.square_bounds()
        rows.next_to(np.array([x_min, y_max + style.LEGEND_LIFT, 0.0]), UP, buff=0)
        rows.align_to(np.array([x_min, 0.0, 0.0]), LEFT)
        return rows

    def _point_to_origin(self) -> None:
        """"origin (0, 0)" and an arrow towards it, at the edge of the square nearest to it,
        when one scale is drawn and the origin is out of view (hidden otherwise)."""
        wanted = self.equal_scale and not views.origin_in_view(self.box)
        if not wanted:
            if self.origin_pointer is not None:
                self.origin_pointer.set_opacity(0)
            return
        direction = views.origin_direction(self.box)
        if self.origin_pointer is None:
            theme = self.theme
            words = text("origin $(0, 0)$", theme, style.FONT_SMALL, theme.muted)
            arrow = FastArrow(theme.muted, tip_length=0.16, tip_width=0.14)
            self.origin_pointer = VGroup(arrow, words)
            self.origin_pointer.words, self.origin_pointer.arrow = words, arrow
            self.axis_labels.add(self.origin_pointer)
        pointer = self.origin_pointer
        pointer.set_opacity(1)
        x_min, y_min, x_max, y_max = self.square_bounds()
        screen = np.array([direction[0], direction[1], 0.0])
        # the arrow's tip at the place of the square nearest the origin, just inside it
        inset = style.SMALL_BUFF
        tip = np.clip(self.c2p(views.nearest_to_origin(self.box)),
                      [x_min + inset, y_min + inset, 0], [x_max - inset, y_max - inset, 0])
        tail = tip - screen * style.ORIGIN_ARROW
        pointer.arrow.set_ends(tail, tip)
        words = pointer.words
        # beside the arrow's tail, away from the edge it points at, covering no marker
        obstacles = self._marker_obstacles()
        away = -np.sign(screen[:2]) * (np.abs(screen[:2]) > 0.35)
        # an arrow along an axis's line (the origin straight below or beside the view) has
        # that line through its tail: the words go beside it, up or right, not on it
        away[away == 0] = 1.0
        preferred = next((k for k, d in enumerate(DIRECTIONS) if np.array_equal(d, away)), 0)
        offset = best_offset(tail, (words.width, words.height), np.vstack(obstacles),
                             gap=style.SMALL_BUFF * 0.5,
                             bounds=np.array([x_min, y_min, x_max, y_max]),
                             preferred=preferred)
        words.move_to(tail + np.array([offset[0], offset[1], 0.0]))

    def _marker_obstacles(self) -> list[np.ndarray]:
        """Boxes a label on the plane keeps clear of: every marker and its "×k" count."""
        if not hasattr(self, "markers"):
            return [np.zeros((0, 5))]
        return [box_around(self.markers.positions(), self.marker_size * 1.2),
                *[np.array([box]) for box in _text_boxes(self.markers.counts)]]

    def _mark_means(self) -> None:
        """On data standardised for one scale (ticks in the data's units), "mean" at the
        far ends of the axes' lines (the foot of x₂'s, the left end of x₁'s), away from the
        crossing where arrows start: there each line stands at its feature's mean, not at a
        value 0 of the data (whose tick may be in view too). Hidden when out of view."""
        if self.units is None or not self.equal_scale:
            return
        if not views.origin_in_view(self.box):
            if self.means_label is not None:
                self.means_label.set_opacity(0)
            return
        if self.means_label is None:
            self.means_label = VGroup(*[text("mean", self.theme, style.FONT_SMALL,
                                             self.theme.muted) for _ in range(2)])
            self.axis_labels.add(self.means_label)
        self.means_label.set_opacity(1)
        x_min, y_min, x_max, y_max = self.square_bounds()
        obstacles = self._marker_obstacles()
        inset = style.SMALL_BUFF
        crossing = self.c2p((0.0, 0.0))
        # x₂'s line at its foot (right of it, above the frame's edge); x₁'s at its left end
        # (above it, right of the frame's edge)
        for label, anchor, preferred in (
                (self.means_label[0], np.array([crossing[0], y_min + inset, 0.0]), 1),
                (self.means_label[1], np.array([x_min + inset, crossing[1], 0.0]), 1)):
            offset = best_offset(anchor, (label.width, label.height), np.vstack(obstacles),
                                 gap=style.SMALL_BUFF,
                                 bounds=np.array([x_min, y_min, x_max, y_max]),
                                 preferred=preferred)
            label.move_to(anchor + np.array([offset[0], offset[1], 0.0]))

    def fixtures(self) -> list[VMobject]:
        """The plane's own text inside or above the square (counts, origin pointer, legend):
        what a label placed on the plane keeps clear of."""
        found = [self.markers.counts] if len(self.markers.counts.submobjects) else []
        if self.origin_pointer is not None and self.origin_pointer.words.get_fill_opacity() > 0:
            found.append(self.origin_pointer.words)
        if self.means_label is not None and self.means_label.get_fill_opacity() > 0:
            found.append(self.means_label)
        return found

    def fixture_boxes(self) -> np.ndarray:
        """The boxes [x_min, y_min, x_max, y_max, weight 100] of the plane's own texts
        (:meth:`fixtures`): shape (k, 5)."""
        boxes = [box for m in self.fixtures() for box in _text_boxes(m)]
        return np.array(boxes) if boxes else np.zeros((0, 5))

    def depend(self, drawing) -> None:
        """Let ``drawing`` (anything with a ``redraw()``) follow the plane's ``set_box``."""
        self.dependants.target.append(drawing)

    def set_box(self, box: Box, step: float | None = None) -> "DataPlane":
        """Show ``box`` of the data plane in the square the plane covers on screen, in place.

        The grid, axes, tick values and axis names are drawn again for ``box``
        (grid lines every ``step`` data units; a round step for the box when
        None, so a zoom can keep one step throughout and change it at the end);
        the mapping ``c2p`` changes with them, the markers still in the plane
        move to their points, and every dependant redraws. The screen square
        stays: a smaller box is a zoom in.
        """
        lower = self.c2p((self.box.x_min, self.box.y_min))
        side = float(np.linalg.norm(self.c2p((self.box.x_max, self.box.y_min)) - lower))
        self.box = box
        axes, frame, grid, self.steps = self._axes_parts(box, side, step)
        self.step = self.steps[0]
        shift = lower - axes.c2p(box.x_min, box.y_min)
        for part in (axes, frame, grid):
            part.shift(shift)
        for point, corner in zip(self.reference, ((0, 0), (1, 0), (0, 1))):
            point.move_to(axes.c2p(*corner))
        axes = merge_glyphs(VGroup(*axes.submobjects))
        for old, new in ((self.grid, grid), (self.frame, frame), (self.axes, axes)):
            self.submobjects[self.submobjects.index(old)] = new
        self.grid, self.frame, self.axes = grid, frame, axes
        self.tick_labels = VGroup()
        self._place_axis_labels()
        self.axes.add(self.tick_labels)
        self._point_to_origin()
        self._mark_means()
        if self.markers in self.submobjects:
            self.markers.set_positions(self.c2p_many(self.X))
        for drawing in self.dependants.target:
            drawing.redraw()
        return self

    def _grid(self, steps, box: Box, axes: Axes) -> VGroup:
        """Grid lines at the whole multiples of the steps inside the box: through the origin
        and every tick value, wherever the box starts; they stay put in the data while the
        box zooms."""
        steps = (steps, steps) if np.isscalar(steps) else steps
        lines = VGroup()
        across = [[where for where, _ in views.axis_ticks(low, high, step, self.units, axis)]
                  if self.units is not None else _grid_values(low, high, step)
                  for axis, (low, high, step) in enumerate(((box.x_min, box.x_max, steps[0]),
                                                            (box.y_min, box.y_max, steps[1])))]
        for x in across[0]:
            lines.add(Line(axes.c2p(x, box.y_min), axes.c2p(x, box.y_max)))
        for v in across[1]:
            lines.add(Line(axes.c2p(box.x_min, v), axes.c2p(box.x_max, v)))
        lines.set_stroke(self.theme.grid, width=1)
        return lines

    def point(self, i: int) -> np.ndarray:
        """Screen position of data point ``i`` (where its marker is drawn)."""
        return self.c2p(self.X[i])

    def _frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Screen origin o and the screen steps e₁, e₂ of one data unit along x₁ and x₂."""
        o, a, b = (point.points[0] for point in self.reference.submobjects)
        return o, a - o, b - o

    def c2p(self, point: Sequence[float]) -> np.ndarray:
        """Screen point o + x₁e₁ + x₂e₂ of the data point (x₁, x₂)."""
        o, e1, e2 = self._frame()
        return o + float(point[0]) * e1 + float(point[1]) * e2

    def count_boxes(self, weight: float = 1000.0) -> np.ndarray:
        """Obstacles for a label placed on the plane: the box of every "×k" count drawn
        beside its marker, [x_min, y_min, x_max, y_max, weight], shape (m, 5). A count
        weighs ten times another text: half covered it is misread, a marker half covered
        still reads as + or −."""
        boxes = [[*box, weight] for path in self.markers.counts.submobjects
                 for _, box in path.part_boxes()]
        return np.array(boxes, dtype=float).reshape(-1, 5)

    def c2p_many(self, points: np.ndarray) -> np.ndarray:
        """Screen points, shape (n, 3), of data points of shape (n, 2)."""
        o, e1, e2 = self._frame()
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        return o + points[:, :1] * e1 + points[:, 1:2] * e2

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """Data coordinates (x₁, x₂) of a screen point: the inverse of :meth:`c2p`."""
        o, e1, e2 = self._frame()
        basis = np.array([[e1[0], e2[0]], [e1[1], e2[1]]])
        offset = np.asarray(point, dtype=float)[:2] - o[:2]
        return np.linalg.solve(basis, offset)

    @property
    def unit(self) -> float:
        """Screen length of one data unit (along x₁; along both with one scale)."""
        return float(np.linalg.norm(self.c2p((1, 0)) - self.c2p((0, 0))))

    def vector_scale(self, vectors: np.ndarray, start=(0.0, 0.0)) -> float:
        """The scale (≤ 1) at which arrows ``start + s·v`` for every row v of ``vectors``
        stay in view (see :func:`views.vector_scale`); say it with ``arrow_scale_note``."""
        return views.vector_scale(self.box, vectors, start)


def _escaped(words: str) -> str:
    """Plain words for Typst markup: its special characters escaped."""
    return "".join("\\" + c if c in "\\#$*_<>@[]`~=/'\"+-" else c for c in words)


def _thinned(numbers: list, axis: int, blocked: np.ndarray) -> list:
    """Every k-th tick value, the smallest k whose values stand ``TICK_GAP`` apart, without
    those that would touch an axis's name (``blocked``, [x_min, y_min, x_max, y_max])."""
    if not numbers:
        return []
    for every in range(1, len(numbers) + 1):
        kept = numbers[::every]
        if len(kept) < 2:
            break
        if all(_gap(a, b, axis) >= style.TICK_GAP for a, b in zip(kept, kept[1:])):
            break
    clear = []
    for number in kept:
        low, high = number.get_corner(DL), number.get_corner(UR)
        gap = style.TICK_GAP
        touches = (low[0] < blocked[2] + gap and high[0] > blocked[0] - gap
                   and low[1] < blocked[3] + gap and high[1] > blocked[1] - gap)
        if not touches:
            clear.append(number)
    return clear


def _gap(a, b, axis: int) -> float:
    """The free space between two neighbouring tick values along their row."""
    if axis == 0:
        return float(b.get_left()[0] - a.get_right()[0])
    return float(b.get_bottom()[1] - a.get_top()[1])


def _grid_values(low: float, high: float, step: float) -> np.ndarray:
    """Where grid lines go along one axis of [``low``, ``high``]: the multiples of ``step``."""
    first = np.ceil(low / step - 1e-9) * step
    return np.arange(first, high + step * 1e-9, step)


def _outline(axes: Axes, theme: Theme) -> Polygon:
    x0, x1 = axes.x_range[:2]
    y0, y1 = axes.y_range[:2]
    return Polygon(axes.c2p(x0, y0), axes.c2p(x1, y0), axes.c2p(x1, y1), axes.c2p(x0, y1),
                   stroke_color=theme.grid, stroke_width=2)


class GhostLines(VMobject):
    """Faint boundaries a run has left behind: the lines θᵀx + θ₀ = 0 of the states
    given, each clipped to the plane's view (a line outside it is not drawn)."""

    def __init__(self, plane: "DataPlane", colour: str, opacity: float = style.GHOST_OPACITY,
                 width: float = 1.5) -> None:
        super().__init__(stroke_color=colour, stroke_width=width, stroke_opacity=opacity,
                         fill_opacity=0)
        self.plane = plane
        self.shown: tuple = ()

    def show(self, thetas, theta0s) -> "GhostLines":
        """Draw the lines of the states ``thetas[k]``, ``theta0s[k]`` (redrawn only when the
        states change)."""
        key = (len(thetas), *(float(v) for v in np.ravel(thetas)), *map(float, theta0s))
        if key == self.shown:
            return self
        self.shown = key
        ends = [self.plane.c2p_many(np.asarray(segment))
                for theta, theta0 in zip(thetas, theta0s)
                if (segment := clip_line(np.asarray(theta), float(theta0), self.plane.box))
                is not None]
        self.points = segment_points(np.array(ends))
        return self


class Hyperplane(VGroup):
    """The boundary θᵀx + θ₀ = 0 on a data plane, drawn in place for any (θ, θ₀).

    Parts: the line clipped to the plane; a short arrow along the normal θ
    from the point of the line nearest the origin (or the middle of the
    visible segment); the half-plane θᵀx + θ₀ > 0 lightly shaded in the
    positive class colour; and a note when there is no line to draw (θ = 0)
    or the line lies outside the view.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, normal_length: float = 0.9,
                 show_normal: bool = True, show_shading: bool = True, show_notes: bool = True):
        theme = plane.theme
        self.show_notes = show_notes
        self.plane_ref = Shared(plane)
        self.normal_length = normal_length
        self.show_normal = show_normal
        self.show_shading = show_shading
        self.line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.boundary)
        self.normal = FastArrow(theme.normal)
        self.shade = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.positive,
                             fill_opacity=theme.shade_opacity)
        # typeset when first needed: most boundaries never show one, and each costs
        # a tenth of a second of Typst
        self.notes = Shared({})
        # a part that is never shown is left out of the group: Manim would still draw it
        # (transparent) on every frame
        super().__init__(*([self.shade] if show_shading else []), self.line,
                         *([self.normal] if show_normal else []))
        self.state = None
        self.set_parameters(theta, theta0)
        plane.depend(self)

    @property
    def plane(self) -> "DataPlane":
        return self.plane_ref.target

    def redraw(self) -> "Hyperplane":
        """Draw the same boundary again after the plane's box changed."""
        return self.set_parameters(self.theta, self.theta0, self.presence)

    def set_parameters(self, theta, theta0: float, presence: float = 1.0) -> "Hyperplane":
        """Move every part to the boundary of (θ, θ₀), in place.

        ``presence`` (0 to 1) is how strongly the line, its normal and its
        shading are drawn: below 1 while the first update from θ = 0 plays (see
        ``linviz.replay``), so the new boundary fades in with the update
        instead of standing there before it; 0 counts as θ = 0.
        """
        theta = np.asarray(theta, dtype=float)
        presence = float(min(max(presence, 0.0), 1.0))
        self.theta, self.theta0, self.presence = theta, float(theta0), presence
        box = self.plane.box
        if presence < style.PRESENCE_MIN:  # a boundary too faint to see is no boundary
            presence = self.presence = 0.0
        segment = clip_line(theta, theta0, box) if presence > 0 else None
        state = ("zero" if not np.any(theta) or presence <= 0
                 else ("outside" if segment is None else "line"))
        self._show_note(state)
        if segment is None:
            self._show_line(0.0)
            self.normal.set_ends(ORIGIN, ORIGIN)
            polygon = half_plane_polygon(theta, theta0, box) if state != "zero" else None
            self._set_shade(polygon)
            return self
        start, end = (self.plane.c2p(p) for p in segment)
        if np.allclose(start, end):
            end = start + 1e-4 * RIGHT
        self.line.set_points_as_corners([start, end])
        self._show_line(presence)
        foot = foot_of_perpendicular(theta, theta0)
        if not box.contains(foot)[0]:
            foot = (segment[0] + segment[1]) / 2
        direction = theta / np.linalg.norm(theta)
        base = self.plane.c2p(foot)
        tip = base + self.normal_length * np.array([direction[0], direction[1], 0.0])
        self.normal.set_ends(base, tip if self.show_normal and presence >= 1 else base)
        self._set_shade(half_plane_polygon(theta, theta0, box))
        return self

    def _show_line(self, opacity: float) -> None:
        """Draw the line at ``opacity``; its colours are rewritten only when that changes."""
        if getattr(self, "line_opacity", None) != opacity:
            self.line_opacity = opacity
            self.line.set_stroke(opacity=opacity)

    def _set_shade(self, polygon) -> None:
        shown = polygon is not None and self.show_shading
        opacity = self.plane.theme.shade_opacity * getattr(self, "presence", 1.0) if shown else 0.0
        if getattr(self, "shade_opacity", None) != opacity:
            self.shade_opacity = opacity
            self.shade.set_fill(opacity=opacity)
        if shown:
            corners = self.plane.c2p_many(np.asarray(polygon))
            self.shade.set_points_as_corners([*corners, corners[0]])

    NOTES = {"zero": "θ = 0: no boundary yet",
             "outside": "boundary out of view"}

    def _show_note(self, state: str) -> None:
        if state == self.state:
            return
        self.state = state
        notes = self.notes.target
        if not self.show_notes:
            return
        if state in self.NOTES and state not in notes:
            theme = self.plane.theme
            notes[state] = text(self.NOTES[state], theme, style.FONT_SMALL, theme.muted).next_to(
                self.plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        for key, note in notes.items():
            if key == state and note not in self.submobjects:
                self.add(note)
            elif key != state and note in self.submobjects:
                self.remove(note)

    def set_notes_shown(self, shown: bool) -> None:
        """Show the notes ("θ = 0: no boundary yet", …) from now on, or hide them (a scene
        holds them back until a sentence has said where the run starts)."""
        self.show_notes = shown
        state, self.state = self.state, None
        if not shown:
            self.remove(*[note for note in self.notes.target.values() if note in self.submobjects])
        self._show_note(state)

    def endpoints_in_data(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The drawn line's endpoints back in data coordinates (None when hidden)."""
        if self.state != "line":
            return None
        return self.plane.p2c(self.line.get_start()), self.plane.p2c(self.line.get_end())


class DataVector(VGroup):
    """A vector of the data space drawn as an arrow between two data points."""

    def __init__(self, plane: DataPlane, start, end, colour: str, label: str | None = None,
                 label_direction=UL, avoid=()):
        self.plane_ref = Shared(plane)
        #: other drawings (labels) this one's label keeps clear of
        self.avoid = Shared(list(avoid))
        self.arrow = FastArrow(colour, tip_length=0.22, tip_width=0.2)
        parts = [self.arrow]
        self.label = None
        if label:
            self.label = math(label, plane.theme, style.FONT_LABEL).set_color(colour)
            self.label.add_background_rectangle(color=plane.theme.background, opacity=0.75,
                                                buff=0.04)
            parts.append(self.label)
        self.label_direction = label_direction
        super().__init__(*parts)
        self.set_ends(start, end)
        plane.depend(self)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_ends(self, start, end) -> "DataVector":
        start_p, end_p = self.plane.c2p(start), self.plane.c2p(end)
        self.arrow.set_ends(start_p, end_p)
        if self.label is not None:
            # beside the tip, where it covers no marker, arrow, axis or other label: a
            # function of where things are now (not of the frames drawn before), so every
            # render of a frame puts it in the same place; the preferred side wins whenever
            # it is clear, which keeps it from jumping about
            self.label_offset = offset = self._clear_offset(start_p, end_p)
            self.label.shift(end_p + offset - self.label.get_center())
            shown = not np.allclose(start_p, end_p)
            if getattr(self, "label_shown", None) != shown:
                self.label_shown = shown
                self.label.set_opacity(float(shown))
        self.start_data = np.asarray(start, dtype=float)
        self.end_data = np.asarray(end, dtype=float)
        return self


    def refresh_label(self) -> "DataVector":
        """Place the label again for the arrow as it is (after what it avoids has moved)."""
        return self.set_ends(self.start_data, self.end_data)

    def redraw(self) -> "DataVector":
        """Draw the same vector again after the plane's box changed."""
        return self.refresh_label()

    def _obstacles(self, start_p, end_p) -> np.ndarray:
        """Boxes the label must not cover: the plane's markers and the arrow itself."""
        plane = self.plane
        # a label on a marker is misread, one across a shaft is not: markers weigh more
        markers = box_around(plane.markers.positions(), plane.marker_size * 1.2) \
            * np.array([1, 1, 1, 1, style.MARKER_OBSTACLE_WEIGHT]) \
            if len(plane.markers) else np.zeros((0, 5))
        along = np.linspace(0.0, 1.0, 12)[:, None]
        shaft = box_around(start_p + along * (end_p - start_p), 0.06)
        # another arrow is avoided along its shaft (its bounding box would be far too big);
        # anything else by its bounding box, text on text weighing most (a drawing may
        # carry its own avoid_weight)
        arrows = [box_around(m.get_start() + along * (m.get_end() - m.get_start()), 0.06)
                  * np.array([1, 1, 1, 1, getattr(m, "avoid_weight", 1.0)])
                  for m in self.avoid.target if isinstance(m, FastArrow)]
        others = [np.array([*m.get_corner(DL)[:2], *m.get_corner(UR)[:2],
                            getattr(m, "avoid_weight", 100.0)])
                  for m in self.avoid.target if m.width > 0 and not isinstance(m, FastArrow)]
        # the plane's own counts and pointer, text on text
        fixtures = [box for m in plane.fixtures() for box in _text_boxes(m)]
        return np.vstack([markers, shaft, *arrows, *([np.array(others)] if others else []),
                          *([np.array(fixtures)] if fixtures else [])])

    def _bounds(self) -> np.ndarray:
        corners = self.plane.frame
        return np.array([*corners.get_corner(DL)[:2], *corners.get_corner(UR)[:2]])

    def _clear_offset(self, start_p, end_p) -> np.ndarray:
        bounds = self._bounds()
        # further rings than a still label needs: a sliding arrow's tip passes through
        # clusters where the nearest places are all taken
        offset = best_offset(end_p, (self.label.width, self.label.height),
                             self._obstacles(start_p, end_p), gap=0.08, bounds=bounds,
                             rings=style.VECTOR_LABEL_RINGS,
                             ring_cost=style.VECTOR_LABEL_RING_COST)
        return np.array([offset[0], offset[1], 0.0])


def _text_boxes(mobject) -> list[np.ndarray]:
    """Boxes [x_min, y_min, x_max, y_max, weight 100] of a text, or of each merged text."""
    parts = mobject.submobjects if mobject.submobjects else [mobject]
    boxes = []
    for part in parts:
        if hasattr(part, "part_boxes"):
            boxes.extend(np.array([*box, 100.0]) for _, box in part.part_boxes())
        elif part.width > 0:
            boxes.append(np.array([*part.get_corner(DL)[:2], *part.get_corner(UR)[:2], 100.0]))
    return boxes


def arrow_scale_note(plane: DataPlane, scale: float) -> VMobject | None:
    """"arrows at 0.67 × length" over the plane's top right, when vectors are drawn shrunk
    to stay in view (None at true scale). Said once, instead of on every arrow's label."""
    if scale >= 1.0:
        return None
    theme = plane.theme
    return text(f"arrows at ${fmt(scale)} times$ length", theme, style.FONT_SMALL,
                theme.muted).next_to(plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)


def direction_note(plane: DataPlane, name: str = "theta") -> VMobject:
    """"θ drawn as its direction (fixed length)" over the plane's top right: said when a
    vector's true length would be drawn unreadably short (its value is written elsewhere)."""
    theme = plane.theme
    return text(f"${name}$ drawn as its direction (fixed length)", theme, style.FONT_SMALL,
                theme.muted).next_to(plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)


class MarginBand(VGroup):
    """The band |θᵀx + θ₀|/‖θ‖ ≤ γ around a separator, drawn in place for any (θ, θ₀, γ).

    Parts: the strip, lightly filled, and its two edges θᵀx + θ₀ = ±γ‖θ‖ as
    dashed lines, all clipped to the data plane. A half-width γ ≤ 0 (the
    margin of a separator that makes mistakes) draws nothing.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, half_width: float, colour: str):
        self.plane_ref = Shared(plane)
        self.fill = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour,
                            fill_opacity=style.BAND_OPACITY)
        self.edges = VGroup(FastDashedLine(colour), FastDashedLine(colour))
        super().__init__(self.fill, self.edges)
        self.set_band(theta, theta0, half_width)
        plane.depend(self)

    def redraw(self) -> "MarginBand":
        """Draw the same band again after the plane's box changed."""
        return self.set_band(self.theta, self.theta0, self.half_width)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_band(self, theta, theta0: float, half_width: float) -> "MarginBand":
        """Move the band to γ = ``half_width`` around θᵀx + θ₀ = 0, in place."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0, self.half_width = theta, float(theta0), float(half_width)
        box = self.plane.box
        norm = float(np.linalg.norm(theta))
        self.segments = []
        for sign, edge in zip((1.0, -1.0), self.edges):
            segment = (clip_line(theta, theta0 - sign * half_width * norm, box)
                       if half_width > 0 and norm > 0 else None)
            self.segments.append(segment)
            if segment is None:
                edge.set_ends(ORIGIN, ORIGIN).set_stroke(opacity=0)
            else:
                edge.set_ends(self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))
                edge.set_stroke(opacity=1)
        polygon = strip_polygon(theta, theta0, half_width, box)
        if polygon is None:
            self.fill.set_fill(opacity=0)
        else:
            corners = [self.plane.c2p(p) for p in polygon]
            self.fill.set_points_as_corners([*corners, corners[0]])
            self.fill.set_fill(opacity=style.BAND_OPACITY)
        return self

    def edges_in_data(self) -> list[tuple[np.ndarray, np.ndarray] | None]:
        """The two drawn edges, each (start, end) in data coordinates, or None where hidden."""
        return [None if segment is None else (self.plane.p2c(edge.get_start()),
                                              self.plane.p2c(edge.get_end()))
                for segment, edge in zip(self.segments, self.edges)]


def origin_circle(plane: DataPlane, radius: float, colour: str) -> Circle:
    """The circle ‖x‖ = ``radius`` (data units) around the origin of a data plane."""
    return Circle(radius=radius * plane.unit, color=colour, stroke_width=style.DASH_STROKE).move_to(
        plane.c2p((0, 0)))


#: samples round a circle clipped to a plane's box
CIRCLE_SAMPLES = 240


def origin_circle_in_box(plane: DataPlane, radius: float, colour: str) -> VGroup:
    """The circle ‖x‖ = ``radius`` round the origin, dashed, drawn only where it is inside
    the plane's box (:func:`origin_circle` is whole: for a box made round it): its arcs
    between the points where it leaves and re-enters the box, sampled at
    :data:`CIRCLE_SAMPLES` angles."""
    angles = np.linspace(0.0, 2 * np.pi, CIRCLE_SAMPLES, endpoint=False)
    points = radius * np.column_stack([np.cos(angles), np.sin(angles)])
    inside = plane.box.contains(points)
    # from a sample outside the box (a run through angle 0 is then one run); all inside:
    # round once, closed
    order = list(np.roll(np.arange(len(points)), -int(np.argmin(inside))))
    if inside.all():
        order.append(order[0])
    arcs, current = VGroup(), []
    for k in [*order, None]:  # None ends the last run
        if k is not None and inside[k]:
            current.append(plane.c2p(points[k]))
            continue
        if len(current) > 1:
            arcs.add(DashedVMobject(VMobject().set_points_as_corners(current),
                                    num_dashes=max(2, len(current) // 3)))
        current = []
    return arcs.set_stroke(colour, width=style.DASH_STROKE)


def place_outside_circle(label: VMobject, plane: DataPlane, spot, radius: float) -> VMobject:
    """Put ``label`` just outside the circle ‖x‖ = ``radius``, in the direction of ``spot``."""
    direction = np.asarray(spot, dtype=float) / float(np.linalg.norm(spot))
    screen = np.array([direction[0], direction[1], 0.0])
    # the label's half extent along the direction, so its nearest edge clears the circle
    reach = abs(screen[0]) * label.width / 2 + abs(screen[1]) * label.height / 2
    label.move_to(plane.c2p((0, 0)) + screen * (radius * plane.unit + reach + style.SMALL_BUFF))
    return label
