"""Data points on the data plane: one point as a + or − :class:`Marker`, and every point
of a data set as a :class:`MarkerCloud` (three paths, moved in place), with the count
beside a place holding several points."""

from __future__ import annotations

import numpy as np
from manim import DL, DOWN, LEFT, RIGHT, UP, UR, Circle, Line, VGroup, VMobject

from . import style, views
from .placement import DIRECTIONS, box_around, covered_area
from .plane_text import escaped
from .screen_text import text
from .speed.merging import merge_texts
from .style import Theme


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
        #: which places get a count: "all" holding several points, only those "mixed"
        #: (both classes, the count a scene's argument may rest on), or "none" (a close-up
        #: whose name says what is there)
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
                    or (self.counted == "mixed" and groups.positive[g] and groups.negative[g])]
        order = sorted(repeated, key=lambda g: (-groups.counts[g], g))
        placed, leaders = [], []
        for g in order:
            words = views.count_text(int(groups.positive[g]), int(groups.negative[g]))
            if words not in typeset_once:
                # (a mixed place's count is what a sentence argues from: larger, review 276
                # read "+2 −1" at 5 px)
                font = style.COUNT_FONT if self.counted == "all" else style.MIXED_COUNT_FONT
                typeset_once[words] = text(escaped(words), theme, font, theme.text)
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

    def set_positions(self, points: np.ndarray, hidden=None) -> "MarkerCloud":
        """Put marker i at screen point ``points[i]`` (shape (n, 3)), in place; the counts
        move with their markers. Markers where ``hidden`` (a mask, shape (n,)) is true are
        drawn as nothing (their outlines shrunk to their points: a zoom's view has lost
        them), their counts and leaders too, for good (:meth:`place_counts` makes the
        counts afresh)."""
        points = np.asarray(points, dtype=float)
        keep = (np.ones(len(points)) if hidden is None
                else 1.0 - np.asarray(hidden, dtype=float))
        # the counts move as their markers do, from wherever the cloud has been moved
        before = self.positions() if self.count_spans else None
        self.discs.points = _stamped(self.disc_shape, points, keep)
        self.plus.points = _stamped(self.plus_shape, points[self.positive], keep[self.positive])
        self.minus.points = _stamped(self.minus_shape, points[~self.positive],
                                     keep[~self.positive])
        self.mixed.points = _stamped(self.minus_shape, points[self.mixed_points],
                                     keep[self.mixed_points])
        if self.count_spans:
            path = self.counts.submobjects[0]
            for i, start, end in self.count_spans:
                path.points[start:end] += points[i] - before[i]
                if not keep[i]:
                    path.points[start:end] = points[i]
            for i, start, end in getattr(self, "leader_spans", []):
                self.leaders.points[start:end] += points[i] - before[i]
                if not keep[i]:
                    self.leaders.points[start:end] = points[i]
        return self

    def shift_each(self, offsets: np.ndarray) -> "MarkerCloud":
        """Move marker i by the screen vector ``offsets[i]`` (shape (n, 3)), in place, its
        outline as drawn now (:meth:`set_positions` draws them afresh at the size made,
        undoing a scale the cloud was given); the counts move with their markers."""
        offsets = np.asarray(offsets, dtype=float)
        everyone = np.arange(len(self.labels))
        for path, which in ((self.discs, everyone), (self.plus, everyone[self.positive]),
                            (self.minus, everyone[~self.positive]),
                            (self.mixed, self.mixed_points)):
            if len(which) and len(path.points):
                per = len(path.points) // len(which)
                path.points = (path.points.reshape(len(which), per, 3)
                               + offsets[which][:, None, :]).reshape(-1, 3)
        if self.count_spans:
            path = self.counts.submobjects[0]
            for i, start, end in self.count_spans:
                path.points[start:end] += offsets[i]
            for i, start, end in getattr(self, "leader_spans", []):
                self.leaders.points[start:end] += offsets[i]
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


def _stamped(shape: np.ndarray, points: np.ndarray, keep=None) -> np.ndarray:
    """``shape`` (centred on 0) copied to every point, as one array of points; scaled by
    ``keep`` (per point, 1 or 0: a shape shrunk to its point draws nothing) when given."""
    if len(points) == 0:
        return np.zeros((0, 3))
    scale = np.ones(len(points)) if keep is None else np.asarray(keep, dtype=float)
    return (points[:, None, :] + scale[:, None, None] * shape[None, :, :]).reshape(-1, 3)


def signs_over(plane, drawn, theme) -> MarkerCloud:
    """The + and − (without their backing discs) of ``plane``'s markers within the screen
    box of ``drawn``, to be drawn again over it: a fill, an arrowhead or a line's ground
    drawn over the data would dim or cut the very points it passes (the discs, left under,
    leave no dark holes in it)."""
    low, high = drawn.get_corner(DL), drawn.get_corner(UR)
    screen = plane.markers.positions()
    half = plane.marker_size
    over = np.flatnonzero((screen[:, 0] > low[0] - half) & (screen[:, 0] < high[0] + half)
                          & (screen[:, 1] > low[1] - half) & (screen[:, 1] < high[1] + half))
    return MarkerCloud(plane.markers.labels[over], theme, size=half, positions=screen[over],
                       discs=False)
