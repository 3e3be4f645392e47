"""`quiz-margin`'s recall of the proof, where the strips stood: for each median run, on one
scale, its θ·θ*/‖θ*‖ (pink, update by update) between the floor Mγ (green, as θ*'s band:
the margin) and the ceiling R√M (grey, as the reach's ring), and where the two meet, at
(R/γ)² (:mod:`linviz.lessons.quiz_proof`)."""

from __future__ import annotations

from itertools import product

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, Dot, Indicate, VGroup, VMobject

from linviz import formatting
from linviz.lessons.quiz_proof import meets_in_span, squeeze, squeeze_span
from scenes.quiz_parts.strips import STRIP_EDGE, STRIP_GAP
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.placement import box_around, box_of, least_covered
from scenes.toolkit.plots import PlotAxes
from scenes.toolkit.screen_text import math, text
from scenes.toolkit.speed.fast_shapes import FastArrow

#: each plot's height, the room left of it for its ticks' numbers and right of it for the
#: M axis's name, and the gap between the two plots (screen units)
SQUEEZE_HEIGHT, SQUEEZE_INDENT, SQUEEZE_RIGHT, SQUEEZE_GAP = 1.25, 0.45, 0.35, 0.62
#: the points a bound's curve is drawn through
CURVE_POINTS = 120
#: where along its curve a bound's name is tried (shares of the curve's points, in order)
#: and the gaps tried between the name and the curve (each with the name centred on the
#: place, or beside it to the left or the right)
NAME_SHARES, NAME_GAPS = (0.5, 0.6, 0.4, 0.7, 0.3, 0.8), (0.06, 0.18, 0.3)
#: the run's curve is named in a plot where it spans at least this share of the M axis
RUN_NAMED_SHARE = 0.3
#: the room kept round a name placed, for the next (screen units)
NAME_PAD = 0.08
#: the half-side of the boxes a curve is an obstacle as, and the weight of a curve and of
#: text as obstacles (text on text is worst)
CURVE_HALF, CURVE_WEIGHT, TEXT_WEIGHT = 0.03, 20.0, 100.0


class SqueezeDrawings:
    """The proof's squeeze (a part of :class:`scenes.quiz.MarginQuizScene`: its lesson,
    planes and camera)."""

    def squeeze_plots(self) -> VGroup:
        """Both runs' plots, the large margin's over the small one's, in the strips' column;
        each has ``axes``, ``bounds`` (floor, ceiling and their names), ``run`` (the pink
        curve and its head) and ``meeting`` (a dot at (R/γ)² and its number, or an arrow
        to the right edge with it when it lies past the span)."""
        lesson, plane = self.lesson, self.planes[1]
        span = squeeze_span(lesson.wide, lesson.narrow)
        top = max(run.R for run in (lesson.wide, lesson.narrow)) * np.sqrt(span)
        left = plane.frame.get_right()[0] + STRIP_GAP + SQUEEZE_INDENT
        width = self.camera.frame_width / 2 - STRIP_EDGE - SQUEEZE_RIGHT - left
        plots = VGroup()
        for row, (run, name) in enumerate(((lesson.wide, "large margin"),
                                           (lesson.narrow, "small margin"))):
            plot = self.squeeze_plot(run, name, span, top, width)
            bottom = plane.frame.get_bottom()[1] + 0.3 + (1 - row) * (SQUEEZE_HEIGHT +
                                                                    SQUEEZE_GAP + 0.3)
            plot.shift((left, bottom, 0) - plot.axes.c2p(0, 0))
            plots.add(plot)
        return plots

    def squeeze_plot(self, run, name: str, span: float, top: float, width: float) -> VGroup:
        """One run's plot (see :meth:`squeeze_plots`), its axes' origin at the screen's
        origin."""
        theme, s = self.theme, squeeze(run)
        axes = PlotAxes(theme, span, top, width, SQUEEZE_HEIGHT, "M")
        ks = np.linspace(0.0, span, CURVE_POINTS)
        floor_ks = ks[s.floor(ks) <= axes.y_top] if s.floor(span) > axes.y_top else ks
        if floor_ks[-1] < span:  # the floor leaves through the plot's top
            floor_ks = np.append(floor_ks, axes.y_top / s.gamma)
        floor = polyline(axes.c2p_many(floor_ks, s.floor(floor_ks)), theme.correct)
        ceiling = polyline(axes.c2p_many(ks, s.ceiling(ks)), theme.muted)
        k = np.arange(s.updates + 1)
        curve = polyline(axes.c2p_many(k, s.alignment), theme.step)
        head = Dot(axes.c2p(s.updates, s.alignment[-1]), radius=style.PLOT_DOT,
                   color=theme.step)
        title = text(name, theme, style.FONT_SMALL, theme.muted)
        title.next_to(axes.y_axis.get_end(), UP, buff=0.1).align_to(axes.y_axis, LEFT)
        title.shift(LEFT * (SQUEEZE_INDENT - 0.05))
        meeting = self.meeting_mark(run, s, axes, span, title)
        bounds = [(floor, math("M gamma", theme, style.FONT_SMALL, theme.correct)),
                  (ceiling, math("R sqrt(M)", theme, style.FONT_SMALL, theme.muted))]
        # the run's curve named where it runs far enough to hold its name (the other
        # plot's, in the same pink, is the same quantity)
        named_run = s.updates >= RUN_NAMED_SHARE * span
        if named_run:
            bounds.insert(0, (curve, math("theta dot theta^* \\/ norm(theta^*)", theme,
                                          style.FONT_SMALL, theme.step)))
        sides = [DOWN, UP] if not named_run else [RIGHT, DOWN, UP]
        before = float(axes.c2p(min(s.meeting, span), 0)[0])
        # the bounds' names placed first (the floor's room above it is scarce where it runs
        # low), the run's last, where it still fits: the names keep their order
        order = list(range(int(named_run), len(bounds))) + list(range(int(named_run)))
        placed = curve_names(axes, [bounds[k][0] for k in order],
                             [bounds[k][1] for k in order], [sides[k] for k in order],
                             [head, meeting] + ([] if named_run else [curve]), before)
        names = [placed[order.index(k)] for k in range(len(bounds))]
        run_drawn = VGroup(curve, head, *names[:1]) if named_run else VGroup(curve, head)
        plot = VGroup(axes, title, VGroup(floor, ceiling, *names[int(named_run):]), run_drawn,
                      meeting)
        plot.axes, plot.title, plot.bounds, plot.run, plot.meeting = plot
        return plot

    def meeting_mark(self, run, s, axes, span: float, title) -> VGroup:
        """Where the run's floor meets its ceiling: a dot at ((R/γ)², R²/γ) named by its
        (R/γ)² when inside the span, else "meet at (R/γ)²" and an arrow to the right, on
        the title's line at the axes' right end."""
        theme = self.theme
        number = formatting.grouped(run.bound, 0)
        if meets_in_span(run, span):
            place = axes.c2p(s.meeting, s.ceiling(s.meeting))
            dot = Dot(place, radius=style.PLOT_DOT * 1.3, color=theme.highlight)
            words = text(number, theme, style.FONT_SMALL, theme.highlight)
            words.next_to(dot, LEFT + UP, buff=0.06)
            return VGroup(dot, words)
        words = text(f"meet at {number}", theme, style.FONT_SMALL, theme.highlight)
        arrow = FastArrow(theme.highlight, stroke_width=3, tip_length=0.14, tip_width=0.12)
        end = np.array([axes.x_label.get_right()[0], title.get_center()[1], 0.0])
        arrow.set_ends(end + LEFT * 0.4, end)
        words.next_to(arrow, LEFT, buff=0.08)
        return VGroup(arrow, words)

    def draw_recall(self, beat) -> None:
        """The proof recalled on both runs where the strips stood: the axes with the floor
        and the ceiling, then each run's θ·θ*/‖θ*‖ drawn update by update."""
        self.show_words(beat.state["status"])
        self.take_off(self.strips)
        stills = [VGroup(plot.axes, plot.title, plot.bounds) for plot in self.squeeze]
        self.play(*map(appear, stills), run_time=style.RUN_INTRO)
        self.play(*[Create(plot.run[0]) for plot in self.squeeze], run_time=style.RUN_INTRO)
        heads = [VGroup(*plot.run[1:]) for plot in self.squeeze]
        self.play(*map(appear, heads), run_time=style.RUN_FADE)
        #: what of the plots is on screen, to leave together
        self.squeeze_shown = [*stills, *[plot.run[0] for plot in self.squeeze], *heads]

    def draw_meet(self, beat) -> None:
        """Where each run's floor meets its ceiling, marked and lit while it is said."""
        self.show_words(beat.state["status"])
        marks = [plot.meeting for plot in self.squeeze]
        self.play(*map(appear, marks), run_time=style.RUN_FADE)
        self.squeeze_shown = [*getattr(self, "squeeze_shown", []), *marks]
        self.play(*[Indicate(mark, color=self.theme.highlight, scale_factor=1.1)
                    for mark in marks], run_time=style.PAUSE_READ)


def polyline(points, colour: str) -> VMobject:
    """A curve through ``points`` (screen points, shape (n, 3)) in ``colour``."""
    curve = VMobject(stroke_color=colour, stroke_width=style.PLOT_STROKE - 1)
    curve.set_points_as_corners(list(points))
    return curve


def curve_names(axes, curves, names, sides, others, before: float) -> list:
    """Each of ``names`` placed by its curve of ``curves`` on its side of ``sides`` (in
    order, each placed name an obstacle to the next): UP or DOWN, above or below the curve
    at :data:`NAME_SHARES` of its points left of the screen x ``before`` (where the floor,
    under the ceiling until they meet, has its name under it and the ceiling over it: read
    by place, neither name belongs to the other curve); RIGHT, right of the curve's end.
    Inside the axes, at the first place that covers the least of every curve, the tick
    numbers and ``others`` (:func:`scenes.toolkit.placement.least_covered`)."""
    low, high = axes.c2p(0, 0), axes.c2p(axes.x_right, axes.y_top)
    obstacles = [box_around(curve.points[:, :2], CURVE_HALF) * [1, 1, 1, 1, CURVE_WEIGHT]
                 for curve in curves]
    obstacles += [box_around(other.points[:, :2], CURVE_HALF) * [1, 1, 1, 1, CURVE_WEIGHT]
                  if len(other.points) else box_of(other, weight=TEXT_WEIGHT)
                  for other in others]
    obstacles.append(np.vstack([box_of(label, weight=TEXT_WEIGHT) for label in axes[3]]))
    for curve, name, side in zip(curves, names, sides):
        points, half = curve.points, np.array([name.width, name.height]) / 2

        def inside(c) -> bool:
            return (c[0] - half[0] >= low[0] and c[0] + half[0] <= high[0]
                    and c[1] - half[1] >= low[1] and c[1] + half[1] <= high[1])

        centres = []
        # its own side first; where no place there is inside the axes (a floor along the
        # M axis, a curve ending at the right edge), the others in turn
        for way in (side, *[w for w in (UP, DOWN) if w is not side]):
            centres = [c for c in name_places(points, half, way, before) if inside(c)]
            if centres:
                break
        if not centres:  # a curve too short to hold its name inside: by its middle
            centres = [points[len(points) // 2] + UP * (half[1] + NAME_GAPS[0])]
        name.move_to(least_covered(centres, 2 * half, np.vstack(obstacles)))
        obstacles.append(box_of(name, pad=NAME_PAD, weight=TEXT_WEIGHT))
    return list(names)


def name_places(points, half, side, before: float) -> list:
    """The places tried for a name of half-size ``half`` by the curve through ``points``
    on ``side`` (see :func:`curve_names`)."""
    if side is RIGHT:
        return [points[-1] + RIGHT * (half[0] + gap) + UP * along * half[1]
                for along, gap in product((0.0, -1.0, 1.0, 2.0, 3.0), NAME_GAPS)]
    held = points[points[:, 0] <= before] if np.any(points[:, 0] <= before) else points
    return [held[int(share * (len(held) - 1))] + side * (half[1] + gap) + RIGHT * along * half[0]
            for share, gap, along in product(NAME_SHARES, NAME_GAPS, (0.0, -1.0, 1.0))]
