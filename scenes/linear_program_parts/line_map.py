"""The map of every line in `linear-program`, on data no line separates even with an offset:
each line (its + side) one point, θ's direction across and its distance from 0 up, shaded
by the points it gets wrong as weight space was (:mod:`linviz.lessons.linear_program_map`);
the run with an offset walks on it, its best and last lines are marked there, and the
fewest-mistake line is the white dot in the faintest shade."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, Create, DashedLine, Dot, Line, ManimColor,
                   ValueTracker, VGroup, VMobject, config, interpolate_color, linear,
                   there_and_back)

from linviz.lessons.linear_program import MISTAKE_SHADES
from linviz.lessons.linear_program_map import doubling_shade, line_place
from linviz.geometry import nice_step
from scenes.linear_program_parts.common import between
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.placement import best_offset, box_around
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.speed.glyph_numbers import GlyphNumber

#: the map's plotting area on the screen: x from, x to, y from, y to (the right half, under
#: the row of close-ups that comes over it, above the frame's foot), and its key's gap
MAP_AREA = (1.05, 5.25, -2.85, -0.05)
KEY_GAP = 0.2
#: how far (screen units) each cell reaches over its neighbours: cells of one shade, one
#: shape, then meet without a seam
CELL_OVERLAP = 0.004
#: the walk's trail: samples of the moving line per update, the trail's opacity, and its
#: opacity once the walk is over
TRAIL_SAMPLES, TRAIL_OPACITY, TRAIL_FADED = 12, 0.7, 0.22
#: at most about this many distance tick values down the map's side
MOST_DISTANCE_TICKS = 7
#: the line shown moving as the map's axes are said: it turns this far (degrees) either
#: side of the map's middle, in this long (s), then slides this share of the map's reach
PROBE_TURN, PROBE_SECONDS, PROBE_SHIFT = 60.0, 2.5, 0.45
#: the radius of the marks on the map (screen units); the ground round a mark another's
#: name keeps off (radii); the side each mark's name is tried on first (placement's
#: DIRECTIONS: up left, down right, down left), apart where the marks stand close
MARK_RADIUS, MARK_GROUND = 0.09, 3.0
MARK_SIDES = {"best": 0, "last": 2, "fewest": 3}
#: the stroke width round the cells of the faintest shade (the fewest wrong)
FEWEST_OUTLINE = 4.0


def rectangles(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """The points of a VMobject (cubic Bézier curves, four points each) drawing the
    rectangles from the corners ``low`` to ``high`` (rows x, y): each a closed path of four
    straight sides, anticlockwise (one shape: overlapping rectangles join)."""
    (x0, y0), (x1, y1) = low.T, high.T
    corners = np.stack([np.column_stack(c) for c in ((x0, y0), (x1, y0), (x1, y1),
                                                    (x0, y1), (x0, y0))], axis=1)
    start, end = corners[:, :-1], corners[:, 1:]
    thirds = np.stack([start, start + (end - start) / 3, start + 2 * (end - start) / 3, end],
                      axis=2)  # rectangle, side, point, xy
    flat = thirds.reshape(-1, 2)
    return np.column_stack([flat, np.zeros(len(flat))])


class LineMapBeats:
    """The map of every line (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.offset_walk.OffsetWalkBeats`)."""

    line_map_drawing = None

    def map_point(self, phi: float, d: float) -> np.ndarray:
        """The screen point of the line (``phi`` degrees, distance ``d``): its direction
        within 180° of the map's centre, a distance past the map's reach at its edge."""
        turn = (phi - self.lesson.offset_map.centre + 180.0) % 360.0 - 180.0
        return np.array([*self.map_points(np.array([turn]), np.array([d]))[0],
                         0.0])

    def map_shades(self) -> VGroup:
        """The cells, one shape for each shade (:func:`doubling_shade` between the map's
        fewest and most wrong), in the colours of weight space's shading, the faintest
        outlined and last: each column's runs of one shade joined, each a rectangle."""
        grid = self.lesson.offset_map
        shades: dict[int, list] = {}
        for column, low, high, count in grid.cells:
            shade = doubling_shade(int(count), grid.low, grid.high, MISTAKE_SHADES)
            runs = shades.setdefault(shade, [])
            if runs and runs[-1][0] == column and abs(runs[-1][2] - low) < 1e-12:
                runs[-1][2] = high
            else:
                runs.append([column, low, high])
        drawn = VGroup()
        # the faintest last: its outline over its neighbours' cells, which overlap it
        for shade in [*sorted(shades)[1:], *sorted(shades)[:1]]:
            colour, opacity = self.shade_fill(shade)
            runs = np.array(shades[shade], dtype=float)
            turn = grid.columns[runs[:, 0].astype(int)] - grid.centre
            low = self.map_points(turn - grid.width / 2, runs[:, 1]) - CELL_OVERLAP
            high = self.map_points(turn + grid.width / 2, runs[:, 2]) + CELL_OVERLAP
            # opaque, the shade over the ground (see-through, the overlaps of two shades
            # drew light seams along their edges)
            shape = VMobject(stroke_width=0, fill_opacity=1.0,
                             fill_color=interpolate_color(ManimColor(self.theme.background),
                                                          ManimColor(colour), opacity))
            shape.set_points(rectangles(low, high))
            if shade == 0:  # outlined: a few lines, a speck at the map's scale (review 282:
                # the ring round the faintest shade held a grey smudge)
                shape.set_stroke(self.theme.highlight, width=FEWEST_OUTLINE, opacity=1.0)
            shape.shade = shade
            drawn.add(shape)
        return drawn

    def map_points(self, turn: np.ndarray, d: np.ndarray) -> np.ndarray:
        """Screen points (rows of x, y) of the lines at the directions ``turn`` degrees from
        the map's centre (−180 to 180: its left edge to its right) and distances ``d``."""
        reach = self.lesson.offset_map.reach
        x0, x1, y0, y1 = MAP_AREA
        d = np.clip(d, -reach, reach)
        return np.column_stack([x0 + (x1 - x0) * (turn + 180.0) / 360.0,
                                y0 + (y1 - y0) * (d + reach) / (2 * reach)])

    def map_axes(self) -> VGroup:
        """The map's frame, its tick values (θ's direction every 90°, the distance in a
        nice step) and its axes' names."""
        theme, reach = self.theme, self.lesson.offset_map.reach
        x0, x1, y0, y1 = MAP_AREA
        frame = VMobject(stroke_width=1.5, stroke_color=theme.muted).set_points_as_corners(
            [np.array(c) for c in ((x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0),
                                   (x0, y0, 0))])
        ticks, centre = VGroup(), self.lesson.offset_map.centre
        # every 90° of direction across the map's 360° (named as angles in [0, 360))
        for phi in np.arange(np.ceil((centre - 180.0) / 90.0) * 90.0, centre + 180.0 + 1e-9,
                             90.0):
            point = self.map_points(np.array([phi - centre]), np.array([-reach]))[0]
            ticks.add(GlyphNumber(str(int(phi % 360.0)), style.FONT_SMALL, theme.muted)
                      .next_to([*point, 0.0], DOWN, buff=0.08))
        step = nice_step(reach)
        while reach / step > MOST_DISTANCE_TICKS / 2:  # (eleven stood packed: review 278)
            step *= 2
        for k in range(-int(reach / step), int(reach / step) + 1):
            height = self.map_points(np.zeros(1), np.array([k * step]))[0][1]
            point = np.array([x0, height, 0.0])  # on the map's left edge
            ticks.add(Line(point, point + LEFT * 0.06, stroke_width=1.5, color=theme.muted),
                      GlyphNumber(fmt(k * step, 0 if step >= 1 else 1), style.FONT_SMALL,
                                  theme.muted).next_to(point + LEFT * 0.06, LEFT, buff=0.05))
        # the lines through 0 (distance 0), across the map: an offset of 0 reads there
        zero = DashedLine(self.map_point(centre - 180.0 + 1e-9, 0.0),
                          self.map_point(centre + 180.0 - 1e-9, 0.0), stroke_width=1.5,
                          color=theme.muted, dash_length=0.08)
        across = text("θ's direction (degrees)", theme, style.FONT_SMALL, theme.text)
        across.next_to(ticks, DOWN, buff=0.06).set_x((x0 + x1) / 2)
        # a line farther off is drawn on the edge (review 279: the walk read as clipped
        # there): past every point, as the edge's lines are, it gets as many wrong
        up = text("distance from 0, along θ (farther: on the edge)", theme,
                  style.FONT_SMALL, theme.text)
        up.next_to([x0, y1, 0], UP, buff=0.08, aligned_edge=LEFT)
        up.align_to(ticks, LEFT)
        return VGroup(frame, ticks, across, up, zero)

    def draw_line_map(self, beat) -> None:
        """The map comes: its axes, then its shades from the faintest, then its key; the
        faintest lit as "none is unshaded" is said."""
        self.follow_beat(beat)
        self.clear_right_half()
        grid = self.lesson.offset_map
        axes, shades = self.map_axes(), self.map_shades()
        key = self.wrong_key((grid.low, grid.high), shade=doubling_shade)
        room = config.frame_width / 2 - style.SMALL_BUFF - MAP_AREA[1] - KEY_GAP
        key.scale(min(1.0, (MAP_AREA[3] - MAP_AREA[2]) / key.height, room / key.width))
        key.next_to([MAP_AREA[1], MAP_AREA[3], 0], RIGHT, buff=KEY_GAP, aligned_edge=UP)
        self.play(appear(axes), run_time=style.RUN_FADE)
        self.show_map_probe()
        self.wait_for_words("shaded")
        self.play(*[appear(shape) for shape in shades], appear(key),
                  run_time=style.RUN_INTRO)
        # (the axes over the shades: the line of distance 0 runs across them)
        self.line_map_drawing = VGroup(shades, axes, key)
        self.line_map_shades, self.line_map_axes = shades, axes
        self.remove(axes, *shades, key)
        self.add(self.line_map_drawing)
        if "unshaded" in beat.sentence:
            self.wait_for_words("unshaded")
            # lit as "none is unshaded" is said; ringed as "ringed" is, the ring standing
            # to the sentence's end (review 280: it had gone before the word)
            self.light_fewest_cells("ringed" not in beat.sentence)
            if "ringed" in beat.sentence:
                ring = self.fewest_ring()
                self.wait_for_words("ringed")
                if ring is not None:
                    self.play(Create(ring), run_time=style.RUN_FADE)
                    self.mark_for_beat(ring)

    def show_map_probe(self) -> None:
        """One line and its point, as the map's axes are said (review 278: only read out):
        it turns about 0 as "θ's direction across" is said, its point running along the
        row of distance 0; it slides off 0 as "its distance from 0 up" is, its point
        climbing; both leave as the shading comes."""
        grid = self.lesson.offset_map
        phi, d = ValueTracker(grid.centre - PROBE_TURN), ValueTracker(0.0)

        def at() -> tuple[np.ndarray, float]:
            angle = np.radians(phi.get_value())
            return np.array([np.cos(angle), np.sin(angle)]), -d.get_value()

        line, dot = self.moving_line(at, shading=False), self.map_walker(at)
        self.wait_for_words("θ's direction across")
        self.play(appear(line), appear(dot), run_time=style.RUN_FADE)
        self.play(phi.animate.set_value(grid.centre + PROBE_TURN), run_time=PROBE_SECONDS,
                  rate_func=linear)
        self.wait_for_words("its distance from 0 up")
        self.play(d.animate.set_value(PROBE_SHIFT * grid.reach), run_time=PROBE_SECONDS / 2)
        self.wait_for_words("shaded")
        line.clear_updaters()
        dot.clear_updaters()
        self.play(vanish(line), vanish(dot), run_time=style.RUN_FADE)
        self.remove(line, dot)

    def faintest_shade(self):
        """The map's cells of the faintest shade (the fewest wrong), or None."""
        return next((s for s in self.line_map_shades if s.shade == 0), None)

    def light_fewest_cells(self, ringed: bool = True) -> None:
        """The faintest shade lit (there and back): the lines that get the fewest wrong;
        with a ring round it, there and back too, when ``ringed`` (few lines get the
        fewest wrong, and their cells may be a speck at the map's scale)."""
        faintest = self.faintest_shade()
        if faintest is not None:
            colour = faintest.get_fill_color()
            ring = self.fewest_ring() if ringed else None
            self.play(faintest.animate(rate_func=there_and_back).set_fill(
                self.theme.highlight, opacity=0.8), *([Create(ring)] if ring else []),
                run_time=style.PAUSE_READ)
            if ring is not None:
                self.play(vanish(ring), run_time=style.RUN_FADE)
                self.remove(ring)
            faintest.set_fill(colour)

    def fewest_ring(self):
        """A ring round the faintest shade's cells (None without them)."""
        faintest = self.faintest_shade()
        if faintest is None:
            return None
        return Circle(radius=max(faintest.width, faintest.height) / 2 + MARK_RADIUS * 2,
                      color=self.theme.highlight, stroke_width=3).move_to(faintest)

    def map_trail(self, thetas: np.ndarray, offsets: np.ndarray):
        """The walk on the map: its samples (t, screen point or None) along the run's
        states, ``TRAIL_SAMPLES`` per update, and a function of t giving the trail so far
        (a path broken where θ's direction wraps past 360°, or θ is 0)."""
        end = len(thetas) - 1
        times = np.linspace(0.0, end, TRAIL_SAMPLES * end + 1)
        points = []
        for t in times:
            theta, theta0 = between(thetas, t), float(between(offsets, t))
            if np.hypot(*theta) < 1e-12:
                points.append(None)
            else:
                points.append(self.map_point(*line_place(theta, theta0)))
        half = (MAP_AREA[1] - MAP_AREA[0]) / 2

        def trail(t: float) -> VMobject:
            path = VMobject(stroke_width=2, stroke_color=self.theme.normal,
                            stroke_opacity=TRAIL_OPACITY)
            last = None
            for time, point in zip(times, points):
                if time > t + 1e-9:
                    break
                if point is None:
                    last = None
                    continue
                if last is None or abs(point[0] - last[0]) > half:
                    path.start_new_path(point)
                else:
                    path.add_line_to(point)
                last = point
            return path

        return trail

    def map_walker(self, at) -> VGroup:
        """The moving line's point on the map, following ``at()`` = (θ, θ₀) every frame
        (hidden while θ = 0)."""
        dot = Dot(radius=style.DOT_RADIUS, color=self.theme.normal)

        def follow(m) -> None:
            theta, theta0 = at()
            if np.hypot(*theta) < 1e-12:
                m.set_opacity(0.0)
            else:
                m.set_opacity(1.0).move_to(self.map_point(*line_place(theta, theta0)))

        dot.add_updater(follow)
        follow(dot)
        return dot

    def map_mark(self, theta, theta0: float, colour, name: str, opacity: float = 1.0,
                 filled: bool = False) -> VGroup:
        """A ring (or, ``filled``, a dot) on the map at the line (θ, θ₀), named ``name``
        beside it, off the marks and names there before, inside the map; its words at
        full strength on their backdrop whatever the mark's ``opacity``."""
        point = self.map_point(*line_place(theta, theta0))
        mark = (Dot(point, radius=MARK_RADIUS, color=colour) if filled else
                Circle(radius=MARK_RADIUS, color=colour, stroke_width=3).move_to(point))
        if filled:
            mark.set_opacity(opacity)
        else:  # (a ring's set_opacity would fill it)
            mark.set_stroke(opacity=opacity)
        words = text(name, self.theme, style.FONT_SMALL, colour)
        with_backdrop(words, self.theme)
        # the names before (not the trail: its box is most of the map); round every other
        # mark, those to come too, ground as wide as MARK_GROUND of its radius (a name just
        # beside a mark read as its name: review 277, "last" by the best line's ring)
        others = [p for p in self.map_mark_places() if np.linalg.norm(p - point) > 1e-9]
        obstacles = [box_around(np.array([point]), MARK_RADIUS) * [1, 1, 1, 1, 100],
                     box_around(np.array(others).reshape(-1, 3), MARK_GROUND * MARK_RADIUS)
                     * [1, 1, 1, 1, 100]]
        for drawn in getattr(self, "line_map_marks", ()):
            if isinstance(drawn, VGroup):
                obstacles.append(np.array([[*drawn[1].get_corner(DOWN + LEFT)[:2],
                                            *drawn[1].get_corner(UP + RIGHT)[:2], 100.0]]))
        x0, x1, y0, y1 = MAP_AREA
        offset = best_offset(point, (words.width, words.height), np.vstack(obstacles),
                             MARK_RADIUS + 0.05, bounds=np.array([x0, y0, x1, y1]),
                             preferred=MARK_SIDES.get(name, 1), rings=3, ring_cost=0.01)
        words.move_to(point + np.array([*offset, 0.0]))
        return VGroup(mark, words)

    def map_mark_places(self) -> list[np.ndarray]:
        """The screen points of every mark the map may get (the lesson's ``map_lines``)."""
        return [self.map_point(*line_place(theta, theta0))
                for theta, theta0 in self.lesson.map_lines.values()]

    def map_shown(self) -> bool:
        return self.line_map_drawing is not None and self.on_screen(self.line_map_drawing)

    def map_walk(self, thetas, offsets, at, tracker) -> list:
        """[trail, walker] on the map, following ``tracker`` along the run's states (the
        line ``at()``), added; none without the map."""
        if not self.map_shown():
            return []
        trail_of = self.map_trail(thetas, offsets)
        trail = trail_of(0.0)
        trail.add_updater(lambda m: m.become(trail_of(tracker.get_value())))
        walker = self.map_walker(at)
        self.add(trail, walker)
        return [trail, walker]

    def map_walk_stops(self, walking, theta, theta0: float) -> list:
        """The animations that end the walk on the map (``walking``, :meth:`map_walk`): the
        walker goes, the trail steps back, the best line's ring comes, named."""
        if not walking:
            return []
        trail, walker = walking
        trail.update()
        trail.clear_updaters()
        walker.clear_updaters()
        self.line_map_marks = (trail,)
        return [vanish(walker), trail.animate.set_stroke(opacity=TRAIL_FADED),
                *self.map_marked(theta, theta0, self.theme.normal, "best")]

    def map_marked(self, theta, theta0: float, colour, name: str, opacity: float = 1.0,
                   filled: bool = False) -> list:
        """[the appearing of] a mark (:meth:`map_mark`), kept with the map's marks; none
        without the map, or for θ = 0 (no line: every point on one side)."""
        if not self.map_shown() or not np.any(np.asarray(theta, dtype=float) != 0.0):
            return []
        mark = self.map_mark(theta, theta0, colour, name, opacity, filled)
        self.line_map_marks = (*getattr(self, "line_map_marks", ()), mark)
        return [appear(mark)]

    def drop_line_map(self) -> None:
        """The map and its marks leave (the run through 0 is talked of again)."""
        leaving = [m for m in (self.line_map_drawing, *getattr(self, "line_map_marks", ()))
                   if m is not None and self.on_screen(m)]
        if leaving:
            self.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
            self.remove(*leaving)
        self.line_map_drawing, self.line_map_marks = None, ()
