"""The points that look on a counted line of `linear-program`, magnified one over another
between the two planes (the beat's ``near`` state, :mod:`linviz.lessons.linear_program_near`):
each inset shows the lines drawn round the point's foot on its line, named by the point
and the zoom, so its side, and so the line's count, can be checked by eye."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Dot, LaggedStart, Polygon, VGroup, config

from linviz.geometry import Box, half_plane_polygon
from linviz.lessons.linear_program_near import (NEAR_GRIDS, NEAR_REACH, cone_edge_inset,
                                                near_inset)
from scenes.linear_program_parts.common import CONE_OPACITY, INSET_AXES_OPACITY, NEAR_NAME_REACH
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.placement import box_around, least_covered
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text

#: between the column of insets and the planes beside it, and between an inset's name and
#: the next inset (screen units)
COLUMN_GAP, NAME_GAP = 0.08, 0.06
#: an inset's markers' half-width, a share of its half-side: its points stand within
#: NEAR_REACH of its middle, so a marker this wide stays inside the frame, clear of it
NEAR_MARKER = 0.95 - NEAR_REACH
#: a cluster's close-up shows this many times the spread of its points
CLUSTER_ROOM = 2.2
#: the radius of the ring round an inset's own point, in its markers' half-widths (its
#: point within NEAR_REACH of the middle, the ring stays inside the frame)
OWN_RING_SHARE = 1.25
#: each side of an inset's one line is tinted this strongly in the colour of the class
#: that belongs there: a marker on its own colour is on its correct side, on the other on
#: its wrong one (review 252: a bare line in a close-up left the side unreadable)
SIDE_TINT_OPACITY = 0.14
#: the close-ups come one after another over this share of the sentence left, each at
#: most NEAR_MOST seconds
NEAR_SHARE, NEAR_MOST = 0.45, 1.5
#: the widest an inset's name stands, a share of the inset's side (wider, it breaks: the
#: column between the planes is an inset wide)
NAME_WIDTH = 1.0


class NearInsets:
    """The insets of the beat's ``near`` state (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    near_drawn = None
    #: the points each inset is about (its first and those sharing it)
    near_members: list = []
    #: the insets' planes, on which the counted lines' mistakes are marked too
    near_planes: list = []
    #: the line each of :attr:`near_planes` is about
    near_lines: list = []

    def draw_near(self, beat) -> None:
        """The points that look on the line just counted, magnified as they are said (the
        beat's ``near``), ringed and named on the data plane (off the lines); the line's
        marks drawn in the close-ups too."""
        self.follow_beat(beat)
        if not beat.state["weights"] and self.on_screen(self.weights):
            self.clear_weights()  # (the close-ups take its place)
        self.drop_returned_line(beat)
        self.show_near(beat)
        self.name_rings(NEAR_NAME_REACH, self.near_line_thetas(beat))
        self.show_wrong_marks(beat, insets_only=True)

    def show_near(self, beat) -> None:
        """The beat's near points magnified right of the data plane in a grid, nearest
        first, from the top left."""
        self.drop_near()
        near = beat.state["near"]
        if not near:
            return
        lesson, theme = self.lesson, self.theme
        drawn, planes = VGroup(), []
        lines = lesson.counted_lines
        _, columns, share = NEAR_GRIDS[near["grid"]]
        insets = [(i, name, *near_inset(lesson, i, name, share, lines))
                  for i, name in near["points"]]
        side = share * float(self.plane.frame.width)
        labels = [self.near_name([i, *others], zoom, side)
                  for (i, _, _, zoom), others in zip(insets, near["with"])]
        slots = self.near_slots(labels, columns, side)
        X, y = np.asarray(lesson.data.X, dtype=float), np.asarray(lesson.data.y)
        members = [[i, *others] for (i, *_), others in zip(insets, near["with"])]
        for (i, name, box, zoom), label, slot, group in zip(insets, labels, slots, members):
            # every point there, its own ringed (a neighbour's mark would read as its own)
            inset = magnifier(self.plane, X, y, box, zoom, theme,
                              # the line the inset is about, alone (its marks alone too)
                              lambda plane, name=name, group=group: VGroup(
                                  self.counted_line_drawings(plane, [name], lines),
                                  self.own_rings(plane, group, lines[name][0])),
                              beside=slot, share=share, leaders=False,
                              marker_size=NEAR_MARKER * side / 2, counts="none")
            drawn.add(self.named_inset(inset, label))
            planes.append(inset[2])
        cluster = self.cluster_close_up(near, labels, columns, side, share)
        if cluster is not None:  # after the points' own (marked as every line counts)
            drawn.add(cluster)
            planes.append(cluster[2])
        self.near_drawn, self.near_planes = drawn, planes
        self.near_lines = [name for _, name in near["points"]]
        self.near_members = members
        # one after another, nearest first, while they are introduced (review 273: all at
        # once, then 10 s of still); then on screen as one group, which leaves as one
        self.play(LaggedStart(*[appear(m) for m in drawn], lag_ratio=1.0),
                  run_time=float(np.clip(NEAR_SHARE * self.speech_left(), style.RUN_FADE,
                                         NEAR_MOST * len(drawn))))
        self.remove(*drawn)
        self.add(drawn)

    def cluster_close_up(self, near, labels, columns: int, side: float, share: float):
        """Where the rings of some of the magnified points touch on the data plane (one
        name for them there), those points together in one more close-up in the grid's
        next slot, each ringed and named, the beat's lines drawn: which ring is which
        (the first such group; None when there is none, or no slot, or it would not
        magnify at least twice)."""
        rows = NEAR_GRIDS[near["grid"]][0]
        points = sorted(i for i, _ in near["points"]) + sorted(
            j for others in near["with"] for j in others)
        groups = [g for g in self.touching_rings(sorted(i for i in points if i in self.rings))
                  if len(g) > 1]
        if not groups or len(labels) >= rows * columns:
            return None
        group, X = groups[0], np.asarray(self.lesson.data.X, dtype=float)
        low, high = X[group].min(axis=0), X[group].max(axis=0)
        half = CLUSTER_ROOM * float(np.max(high - low)) / 2
        width = float(self.plane.box.x_max - self.plane.box.x_min)
        zoom = int(np.floor(share * width / (2 * half) + 1e-9)) if half > 0 else 0
        if zoom < 2:
            return None
        centre, half = (low + high) / 2, share * width / (2 * zoom)
        box = Box(centre[0] - half, centre[0] + half, centre[1] - half, centre[1] + half)
        name = self.near_name(group, zoom, side, together=True)
        slot = self.near_slots([*labels, name], columns, side)[-1]
        lines = self.lesson.counted_lines
        inset = magnifier(self.plane, X, np.asarray(self.lesson.data.y), box, zoom,
                          self.theme, lambda plane: VGroup(
                              self.counted_line_drawings(plane, near["lines"], lines),
                              self.own_rings(plane, group, lines[near["lines"][0]][0],
                                             named=True)),
                          beside=slot, share=share, leaders=False,
                          marker_size=NEAR_MARKER * side / 2 / 2, counts="none")
        return self.named_inset(inset, name)

    @staticmethod
    def named_inset(inset, name):
        """A magnifier's inset as the grid shows it: the ring on the data plane says where
        (its square, at ×100 a speck, hidden), ``name`` under it says which (in place of
        its "×zoom"); its axes faint (an axis through a point reads as a second line)."""
        inset[5].set_stroke(opacity=0.0)
        inset[2].axes.set_stroke(opacity=INSET_AXES_OPACITY)
        inset.remove(inset[-1])
        return inset.add(name.next_to(inset[2].frame, DOWN, buff=NAME_GAP))

    def own_rings(self, inset, group, theta, named: bool | None = None) -> VGroup:
        """Rings round the points ``inset`` is about (``group``), as the data plane rings
        them; where other points show there too (marked as their lines count them), each
        named by its number beside it along the line θ (as far from the line as the point),
        kept inside the frame."""
        radius = OWN_RING_SHARE * inset.marker_size
        X = np.asarray(self.lesson.data.X, dtype=float)
        if named is None:  # another place shows (points at a ringed one: no other mark)
            named = any(j not in group and not np.any(np.all(X[group] == X[j], axis=1))
                        for j in np.flatnonzero(inset.box.contains(X)))
        along = inset.c2p(np.array([-theta[1], theta[0]])) - inset.c2p(np.zeros(2))
        along = along / max(float(np.linalg.norm(along)), 1e-9)
        if along[0] < 0:  # rightwards (or up, for an upright line)
            along = -along
        drawn, taken = VGroup(), [box_around(np.array([inset.c2p(X[j]) for j in group]),
                                             radius)]
        low, high = inset.frame.get_corner(DOWN + LEFT), inset.frame.get_corner(UP + RIGHT)
        across_line = np.array([-along[1], along[0], 0.0])
        for j in group:
            at = inset.c2p(X[j])
            name = with_backdrop(text(str(j + 1), self.theme, style.FONT_SMALL,
                                      self.theme.highlight), self.theme)
            reach = radius + 0.05 + 0.5 * float(np.hypot(name.width, name.height))
            half = np.array([name.width, name.height, 0.0]) / 2 + 0.03
            # along the line either way, then across it: the first place, kept inside the
            # frame, that covers no ring and no name placed before
            best = least_covered([np.clip(at + reach * way, low + half, high - half)
                                  for way in (along, -along, across_line, -across_line)],
                                 2 * half, np.vstack(taken))
            name.move_to(best)
            taken.append(np.array([[*(best[:2] - half[:2]), *(best[:2] + half[:2]), 100.0]]))
            drawn.add(Circle(radius=radius, color=self.theme.highlight,
                             stroke_width=style.RING_STROKE - 1).move_to(at))
            if named:
                drawn.add(name)
        return drawn

    def near_line_thetas(self, beat) -> list:
        """The lines (θ, θ₀) the beat's near points look on (its ``near`` state's), drawn on
        the data plane: the points' names keep off them."""
        near = beat.state["near"]
        lines = self.lesson.counted_lines
        return [lines[name] for name in near["lines"]] if near else []

    def near_name(self, points, zoom: int, side: float, together: bool = False) -> VGroup:
        """An inset's name: its points by number (its middle's first) and its zoom, on as
        few lines as keep it within :data:`NAME_WIDTH` of the inset's ``side`` (the grid's
        column between the planes is an inset wide); ``together``: "22, 24, 38 together:
        ×5", a close-up of places magnified one by one beside it ("together: ×5" where
        that would take more than two lines: its points are named inside it)."""
        theme = self.theme
        last = f"{points[-1] + 1}{' together' if together else ''}:"
        words = [f"{j + 1}," for j in points[:-1]] + [last, f"×{zoom}"]
        rows, row = [], []
        for word in words:
            wider = text(" ".join(row + [word]), theme, style.FONT_SMALL, theme.highlight)
            if row and wider.width > NAME_WIDTH * side:
                rows.append(row)
                row = []
            row.append(word)
        rows.append(row)
        if together and len(rows) > 2:  # its points are named inside it: said short
            rows = [["together:", f"×{zoom}"]]
        label = VGroup(*[text(" ".join(r), theme, style.FONT_SMALL, theme.highlight)
                         for r in rows]).arrange(DOWN, buff=NAME_GAP)
        return with_backdrop(label, theme)

    def near_slots(self, names, columns: int, side: float) -> list[np.ndarray]:
        """The screen squares (x0, y0, x1, y1), ``side`` a side, of the insets named ``names``
        right of the data plane, before what stands right of it (the weight plane, a
        close-up, a panel) or the frame's edge: a grid of ``columns`` columns from the data
        plane's top, filled in reading order (the nearest top left), centred across the
        room, each column as wide as its widest name, each row with room under it for its
        highest."""
        left = self.plane.frame.get_right()[0] + COLUMN_GAP
        beside = [m for m in (self.weights, getattr(self, "closeup", None),
                              getattr(self, "overlap_panel", None))
                  if m is not None and self.on_screen(m)]
        right = (min(float(m.get_left()[0]) for m in beside) if beside
                 else config.frame_width / 2) - COLUMN_GAP
        widths = [max([side] + [n.width for n in names[c::columns]]) for c in range(columns)]
        wide = sum(widths) + (columns - 1) * COLUMN_GAP
        start = (left + right - wide) / 2 if right - left >= wide else left
        middles = [start + sum(widths[:c]) + c * COLUMN_GAP + widths[c] / 2
                   for c in range(columns)]
        high, slots = float(self.plane.frame.get_top()[1]), []
        for k in range(len(names)):
            row, column = divmod(k, columns)
            if k and column == 0:  # over the names, under them, and to the next row
                high -= side + max(n.height for n in names[k - columns:k]) + 3 * NAME_GAP
            # a hair wider than the square: the inset stands exactly there
            slots.append(np.array([middles[column] - side / 2 - 1e-6, high - side - 1e-6,
                                   middles[column] + side / 2 + 1e-6, high + 1e-6]))
        return slots

    def counted_line_drawings(self, plane, names, lines) -> VGroup:
        """The counted lines ``names`` of ``lines`` (the lesson's ``counted_lines``) on
        ``plane`` as the data plane shows them: the last θ's solid in θ's colour, a run's
        best dashed, the fewest mistakes' white; one line's sides tinted in their classes'
        colours (:meth:`side_tints`)."""
        drawn = VGroup()
        if len(names) == 1:  # one line: its sides tinted (two would cross)
            drawn.add(self.side_tints(plane, *lines[names[0]]))
        for name in names:
            theta, theta0 = lines[name]
            if name == "best":
                drawn.add(self.dashed_run_line(theta, theta0, plane))
                continue
            line = Hyperplane(plane, theta, theta0, show_normal=False, show_notes=False,
                              show_shading=False)
            if name == "last":
                line.line.set_color(self.theme.normal)
            drawn.add(line)
        return drawn

    def side_tints(self, plane, theta, theta0: float) -> VGroup:
        """Each side of θᵀx + θ₀ = 0 on ``plane`` tinted in its class's colour: θᵀx + θ₀ > 0
        in the + class's, the rest in the − class's."""
        tints = VGroup()
        for sign, colour in ((1.0, self.theme.positive), (-1.0, self.theme.negative)):
            polygon = half_plane_polygon(sign * np.asarray(theta, dtype=float), sign * theta0,
                                         plane.box)
            if polygon is not None:
                tints.add(Polygon(*plane.c2p_many(polygon), stroke_width=0, fill_color=colour,
                                  fill_opacity=SIDE_TINT_OPACITY))
        return tints

    def show_cone_inset(self) -> None:
        """The perceptron's last θ magnified in weight space round its foot on the cone's
        nearest edge (the lesson's ``cone_edge_inset``): the edge dashed, the cone's side
        shaded, θ's dot off it."""
        j, box, zoom = cone_edge_inset(self.lesson)
        theme, theta = self.theme, np.asarray(self.lesson.thetas[-1], dtype=float)
        a = np.asarray(self.lesson.signed[j], dtype=float)

        def drawings(inset):
            edge = Hyperplane(inset, a, 0.0, show_normal=False, show_notes=False)
            # as the cone is drawn: its edge in its colour, its side faintly so
            edge.line.set_stroke(theme.correct, width=2)
            edge.shade.set_fill(theme.correct, opacity=CONE_OPACITY)
            return VGroup(edge, Dot(inset.c2p(theta), radius=0.08, color=theme.normal))

        walked = [("segment", p, q) for p, q in zip(self.walk_states, self.walk_states[1:])]
        self.cone_inset = magnifier(self.weights, np.zeros((0, 2)), np.zeros(0), box, zoom,
                                    theme, drawings, lines=[(a, 0.0), *walked],
                                    times_words="θ by the cone's edge:")
        self.play(appear(self.cone_inset), run_time=style.RUN_FADE)

    def drop_cone_inset(self) -> None:
        """The weight-space inset leaves."""
        inset = getattr(self, "cone_inset", None)
        if inset is not None and self.on_screen(inset):
            self.play(vanish(inset), run_time=style.RUN_FADE)
            self.remove(inset)

    def drop_near(self) -> None:
        """The insets leave."""
        if self.near_drawn is not None and self.on_screen(self.near_drawn):
            self.play(vanish(self.near_drawn), run_time=style.RUN_FADE)
            self.remove(self.near_drawn)
        self.near_drawn, self.near_planes, self.near_lines = None, [], []
        self.near_members = []
