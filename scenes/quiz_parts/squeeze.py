"""`quiz-margin`'s recall of the proof, given the screen (the planes and the strips, told,
leave: review 266 found the proof, the answer's why, in a thumbnail): for each median run,
side by side on one scale, its θ·θ*/‖θ*‖ (pink, update by update) between the floor Mγ (green, as θ*'s band:
the margin) and the ceiling R√M (grey, as the reach's ring), and where the two meet, at
(R/γ)² (:mod:`linviz.lessons.quiz_proof`)."""

from __future__ import annotations

from itertools import product

import numpy as np
from manim import (DOWN, LEFT, ORIGIN, RIGHT, UP, Create, DashedLine, DashedVMobject, Dot,
                   Indicate, Line, Rectangle, ValueTracker, VGroup, VMobject, linear)

from linviz.lessons.quiz_proof import SPAN_ROOM, meets_in_span, squeeze, squeeze_span
from linviz.lessons.quiz_story import bound_label, said_gamma, said_reach
from scenes.quiz_parts.strips import STRIP_EDGE
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish
from scenes.toolkit.placement import box_around, box_of, least_covered
from scenes.toolkit.plots import PlotAxes
from scenes.toolkit.screen_text import math, text

#: each plot's height, the room left of it for its ticks' numbers and right of it for the
#: M axis's name, the gap between the two plots and the height of their M axes (screen
#: units)
SQUEEZE_HEIGHT, SQUEEZE_INDENT, SQUEEZE_RIGHT, SQUEEZE_GAP = 4.3, 0.6, 0.45, 1.0
SQUEEZE_BASE = -2.9
#: the key of the run's two curves: its lines' length and its place from the plot's top
#: left corner (screen units); θ·θ*/‖θ*‖ in the run's pink, ‖θ‖ dashed in the text's colour
KEY_LINE, KEY_INSET = 0.4, (0.25, -0.05, 0.0)
#: how long (s) a dot takes to climb each floor to where it meets the ceiling, and the
#: plots to widen to where the small margin's two meet
MEET_SECONDS, WIDEN_SECONDS = 3.0, 1.5
#: how long (s) the small margin's dot climbs on to its meeting once the plots are wide
FAR_CLIMB_SECONDS = 1.5
#: how strongly the part of a plot past the meeting is greyed
BEYOND_OPACITY = 0.22
#: the points a bound's curve is drawn through
CURVE_POINTS = 120
#: where along its curve a bound's name is tried (shares of the curve's points, in order)
#: and the gaps tried between the name and the curve (each with the name centred on the
#: place, or beside it to the left or the right)
NAME_SHARES, NAME_GAPS = (0.5, 0.6, 0.4, 0.7, 0.3, 0.8), (0.06, 0.18, 0.3)
#: the room kept round a name placed, for the next (screen units)
NAME_PAD = 0.08
#: the half-side of the boxes a curve is an obstacle as, and the weight of a curve and of
#: text as obstacles (text on text is worst)
CURVE_HALF, CURVE_WEIGHT, TEXT_WEIGHT = 0.03, 20.0, 100.0


class SqueezeDrawings:
    """The proof's squeeze (a part of :class:`scenes.quiz.MarginQuizScene`: its lesson,
    planes and camera)."""

    def squeeze_plots(self) -> VGroup:
        """Both runs' plots, the large margin's left of the small one's, across the screen;
        each has ``axes``, ``title`` (its margin's name, γ, R and M), ``bounds`` (the
        floor and the ceiling, each with its name), ``run`` (the pink curve θ·θ*/‖θ*‖,
        its head, ‖θ‖ dashed and their key) and ``meeting`` (a dot at (R/γ)² and its
        number, or an arrow to the right edge with it when it lies past the span). Where
        the small margin's lies past it, ``far`` is its plot again out to there (None
        else)."""
        lesson = self.lesson
        span = squeeze_span(lesson.wide, lesson.narrow)
        top = max(run.R for run in (lesson.wide, lesson.narrow)) * np.sqrt(span)
        half = self.camera.frame_width / 2
        width = half - STRIP_EDGE - SQUEEZE_INDENT - SQUEEZE_RIGHT - SQUEEZE_GAP / 2
        plots = VGroup()
        # the large margin's plot out to its own meeting (review 293: at the small run's
        # span its 2 updates were a few pixels in a corner)
        own = (1.0 + SPAN_ROOM) * max(float(lesson.wide.bound), lesson.wide.updates)
        for column, (run, name) in enumerate(((lesson.wide, "large margin"),
                                              (lesson.narrow, "small margin"))):
            plot = (self.squeeze_plot(run, name, own, run.R * np.sqrt(own), width)
                    if column == 0 else self.squeeze_plot(run, name, span, top, width))
            left = (-half + STRIP_EDGE if column == 0 else SQUEEZE_GAP / 2) + SQUEEZE_INDENT
            plot.shift((left, SQUEEZE_BASE, 0) - plot.axes.c2p(0, 0))
            plots.add(plot)
        # the small margin's plot again, its M axis out to past where its floor and ceiling
        # meet (review 272: "far off to the right" was only an arrow; reviews 276-277: both
        # widened, the large margin's plot shrank to a dot; reviews 288-289: the large
        # margin's meeting marked by its 0 read as a dot on the wrong axes)
        narrow = lesson.narrow
        plots.far = None
        if not meets_in_span(narrow, span):
            far_span = (1.0 + SPAN_ROOM) * float(narrow.bound)
            far_top = max(run.R for run in (lesson.wide, narrow)) * np.sqrt(far_span)
            far = self.squeeze_plot(narrow, "small margin", far_span, far_top, width,
                                    key_low=True)
            far.shift(plots[1].axes.c2p(0, 0) - far.axes.c2p(0, 0))
            plots.far = far
        return plots

    def squeeze_plot(self, run, name: str, span: float, top: float, width: float,
                     key_low: bool = False) -> VGroup:
        """One run's plot (see :meth:`squeeze_plots`), its axes' origin at the screen's
        origin; its key at the top left, or with ``key_low`` at the bottom right (on the
        wide scale the floor climbs through the top left: review 275)."""
        theme, s = self.theme, squeeze(run)
        axes = PlotAxes(theme, span, top, width, SQUEEZE_HEIGHT, "M",
                        tick_font=style.FONT_SMALL)
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
        # ‖θ‖, between the two: what the ceiling bounds, θ·θ*/‖θ*‖ under it (review 268:
        # the chain's middle was only written)
        length_path = polyline(axes.c2p_many(k, s.length), theme.text)
        length = DashedVMobject(length_path, num_dashes=max(6, 2 * s.updates))
        length.set_stroke(width=style.PLOT_STROKE - 1.5)  # thinner than the pink under it
        gamma, reach = said_gamma(run), said_reach(run)
        title = text(f"{name}: $gamma = {gamma}$, $R = {reach}$, $M = {run.updates}$",
                     theme, style.FONT_SMALL, theme.text)
        title.next_to(axes.y_axis.get_end(), UP, buff=0.3).align_to(axes.y_axis, LEFT)
        title.shift(LEFT * (SQUEEZE_INDENT - 0.05))
        meeting = self.meeting_mark(run, s, axes)
        # the run's two curves named in a key at the plot's top left, above the ceiling
        # (review 270: names by the curves' ends read as one name, one below the floor)
        key = VGroup(
            VGroup(Line(ORIGIN, KEY_LINE * RIGHT, color=theme.step,
                        stroke_width=style.PLOT_STROKE - 1),
                   # (review 292: "/‖θ*‖" where the voice says θ·θ*: ‖θ*‖ = 1, stated)
                   math("theta dot theta^*", theme, style.FONT_SMALL,
                        theme.step)).arrange(RIGHT, buff=0.12),
            VGroup(DashedLine(ORIGIN, KEY_LINE * RIGHT, color=theme.text,
                              stroke_width=style.PLOT_STROKE - 1, dash_length=0.06),
                   # (review 282: "≤ ‖θ‖" read as naming some other quantity)
                   math("norm(theta)", theme, style.FONT_SMALL, theme.text))
            .arrange(RIGHT, buff=0.12)).arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        if key_low:
            key.move_to(axes.c2p(span, 0) + np.array([-KEY_INSET[0], 0.35, 0.0]),
                        aligned_edge=DOWN + RIGHT)
        else:
            key.move_to(axes.c2p(0, axes.y_top) + np.array(KEY_INSET), aligned_edge=UP + LEFT)
        curves = (floor, ceiling)
        names = (math("M gamma", theme, style.FONT_SMALL, theme.correct),
                 math("R sqrt(M)", theme, style.FONT_SMALL, theme.muted))
        before = float(axes.c2p(min(s.meeting, span), 0)[0])
        # (the floor's room above it is scarce where it runs low: its name first)
        floor_name, ceiling_name = curve_names(axes, curves, names, (DOWN, UP),
                                               [head, meeting, curve, length_path, key],
                                               before)
        plot = VGroup(axes, title, VGroup(VGroup(floor, floor_name),
                                          VGroup(ceiling, ceiling_name)),
                      VGroup(curve, head, length, key), meeting)
        plot.axes, plot.title, plot.bounds, plot.run, plot.meeting = plot
        return plot

    def meeting_mark(self, run, s, axes) -> VGroup:
        """Where the run's floor meets its ceiling: a dot at ((R/γ)², R²/γ) named by its
        (R/γ)² (every plot drawn holds it: the small margin's is widened to it,
        :meth:`widen_small_plot`)."""
        theme = self.theme
        dot = Dot(axes.c2p(s.meeting, s.ceiling(s.meeting)), radius=style.PLOT_DOT * 1.3,
                  color=theme.highlight)
        words = text(bound_label(run), theme, style.FONT_SMALL, theme.highlight)
        # up and left of it, else where it covers least of the tick numbers and the two
        # curves (review 274: by the value axis "59" read "2059" with its tick's "20")
        ks = np.linspace(0.0, axes.x_right, CURVE_POINTS)
        curves = np.vstack([axes.c2p_many(ks, s.floor(ks)), axes.c2p_many(ks, s.ceiling(ks))])
        # (nor left of the value axis, where a number reads as its tick's: review 275)
        left = float(axes.c2p(0, 0)[0])
        obstacles = np.vstack([tick_number_boxes(axes), box_around(curves, CURVE_HALF),
                               [[left - 10.0, -10.0, left, 10.0, TEXT_WEIGHT]]])
        places = [words.copy().next_to(dot, way, buff=0.06).get_center()
                  for way in (LEFT + UP, RIGHT + DOWN, LEFT + DOWN, RIGHT + UP)]
        return VGroup(dot, words.move_to(least_covered(places, (words.width, words.height),
                                                       obstacles)))

    def draw_recall(self, beat) -> None:
        """The proof recalled on both runs, given the screen: what stands leaves (the
        planes, told, and the strips), the axes come, each run's θ·θ*/‖θ*‖ is drawn update
        by update as it is said to rise, then the floor and the ceiling as each is named."""
        self.show_words(beat.state["status"])
        keep = (self.title, self.status)
        leaving = [m for m in dict.fromkeys((*self.still_drawings, *self.mobjects))
                   if all(m is not k for k in keep)]
        self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
        self.remove(*leaving)
        #: what stood before the proof, back for the answer (:meth:`examples_back`)
        self.before_proof = leaving
        stills = [VGroup(plot.axes, plot.title) for plot in self.squeeze]
        self.play(*map(appear, stills), run_time=style.RUN_FADE)
        self.wait_for_words("each update lifts")
        # the pink curve climbs while its rise is said (review 276: drawn in a second, then
        # 6 s of still under "by at least γ … at most R²")
        said = self.timeline.said_at(self.in_notation("at least γ"))
        climb = (said - float(self.time) - style.RUN_FADE) if said is not None else 0.0
        self.play(*[Create(plot.run[0]) for plot in self.squeeze],
                  run_time=max(style.RUN_INTRO, climb))
        self.play(*[appear(plot.run[1]) for plot in self.squeeze], run_time=style.RUN_FADE)
        self.draw_named_bounds(beat)

    def draw_ceiling(self, beat) -> None:
        """The ceiling's beat: the dashed ‖θ‖ and the ceiling R√M, each as it is named;
        then the status's step lit as the reason is said, and the pink θ·θ* as it is said
        to stay under ‖θ‖ (review 293: 6 s still under the reason)."""
        self.show_words(beat.state["status"])
        self.draw_named_bounds(beat)
        self.light_as_said("a mistake has", [self.status])
        self.light_as_said("θ·θ* stays under", [plot.run[0] for plot in self.squeeze])

    def draw_named_bounds(self, beat) -> None:
        """Each drawing the sentence names, as it is named: the floor Mγ, the dashed ‖θ‖
        with the key, the ceiling R√M (review 285: drawn at its step, named 3 s later;
        review 286: the dashed ‖θ‖ came unnamed)."""
        for words, parts in (("a floor", lambda plot: [plot.bounds[0]]),
                             ("dashed", lambda plot: [plot.run[2], plot.run[3]]),
                             ("a ceiling", lambda plot: [plot.bounds[1]])):
            if words not in beat.sentence:
                continue
            self.wait_for_words(words)
            self.play(*[appear(m) for plot in self.squeeze for m in parts(plot)],
                      run_time=style.RUN_FADE)
        # the pink curve over the dashed ‖θ‖, which lies close above it (review 273: the
        # dashes hid it, and the ≤ between them)
        self.add(*[m for plot in self.squeeze for m in (plot.run[0], plot.run[1])])

    def draw_meet(self, beat) -> None:
        """Where each run's floor meets its ceiling, as it is said: a dot climbs each floor
        from 0 (review 268: the marks stood 7-10 s before they were named); the large
        margin's meeting marked where its dot arrives; at "for the small", when its
        meeting lies past the plots, both widen to one M axis out to it (the large one's
        meeting near 0 beside it: :meth:`widen_plots`) and its dot climbs on to it, there
        as the number is said, last."""
        self.show_words(beat.state["status"])
        lesson = self.lesson
        span = squeeze_span(lesson.wide, lesson.narrow)
        climbers = [self.climber(plot.axes, squeeze(run), 0.0, min(float(run.bound), span))
                    for plot, run in zip(self.squeeze, (lesson.wide, lesson.narrow))]
        # floor and ceiling lit as the inequality between them is said (review 294: 6 s
        # still under it)
        self.play(*[lit(bound[0], self.theme) for plot in self.squeeze for bound in plot.bounds],
                  run_time=style.PAUSE_READ)
        self.wait_for_words("they meet")
        self.add(*[dot for dot, _ in climbers])
        self.play(*[along.animate.set_value(1.0) for _, along in climbers],
                  run_time=MEET_SECONDS, rate_func=linear)
        for dot, _ in climbers:
            dot.clear_updaters()
        marks = [plot.meeting for plot in self.squeeze]
        self.remove(climbers[0][0])
        self.play(appear(marks[0]), appear(self.beyond_meeting(self.squeeze[0], lesson.wide)),
                  run_time=style.RUN_FADE)
        self.wait_for_words("for the small")
        self.remove(climbers[1][0])
        if self.squeeze.far is not None:  # its M axis goes out to where they meet
            self.widen_plots()
            marks = [plot.meeting for plot in self.squeeze]
            dot, along = self.climber(self.squeeze[1].axes, squeeze(lesson.narrow), span,
                                      float(lesson.narrow.bound))
            self.add(dot)
            self.play(along.animate.set_value(1.0), run_time=FAR_CLIMB_SECONDS,
                      rate_func=linear)
            dot.clear_updaters()
            self.remove(dot)
        self.play(appear(marks[1]), appear(self.beyond_meeting(self.squeeze[1], lesson.narrow)),
                  run_time=style.RUN_FADE)
        self.play(*[Indicate(mark, color=self.theme.highlight, scale_factor=1.1)
                    for mark in marks], run_time=style.PAUSE_READ)

    def beyond_meeting(self, plot, run) -> VGroup:
        """The part of ``plot`` past where its floor meets its ceiling, M > (R/γ)², greyed
        and, where the words fit, named "M > (R/γ)²: no run" (review 291: the floor drawn
        on through the ceiling read as two curves crossing, not as a wall); empty where
        the meeting lies past the plot."""
        axes, theme = plot.axes, self.theme
        if float(run.bound) >= axes.x_right:
            return VGroup()
        low, high = axes.c2p(float(run.bound), 0.0), axes.c2p(axes.x_right, axes.y_top)
        shade = Rectangle(width=high[0] - low[0], height=high[1] - low[1], stroke_width=0,
                          fill_color=theme.muted, fill_opacity=BEYOND_OPACITY)
        shade.move_to((low + high) / 2)
        # (review 293: "past the meeting: no run" was hard to decode)
        words = text("M > (R/γ)²: no run", theme, style.FONT_SMALL, theme.text)
        if words.width > shade.width - 0.2:
            return VGroup(shade)
        # by the M axis: the curves there have long left through the top (they meet
        # at (R/γ)², where they stand R²/γ high)
        words.move_to(shade.get_bottom() + UP * (words.height / 2 + 0.15))
        return VGroup(shade, words)

    def climber(self, axes, s, start: float, end: float):
        """A dot on the floor Mγ of ``axes`` at M = ``start``, and the tracker (0 to 1)
        that takes it up the floor to M = ``end``."""
        along = ValueTracker(0.0)
        dot = Dot(axes.c2p(start, s.floor(start)), radius=style.PLOT_DOT * 1.3,
                  color=self.theme.highlight)
        dot.add_updater(lambda m: m.move_to(axes.c2p(
            start + along.get_value() * (end - start),
            s.floor(start + along.get_value() * (end - start)))))
        return dot, along

    def widen_plots(self) -> None:
        """The small margin's plot becomes its wide version (:meth:`squeeze_plots`'
        ``far``): the axes' lines stay while their ticks and numbers give way, the names
        go, the floor, ceiling and curves stretch to the new scale, the new ticks and names
        come."""
        near, far = self.squeeze[1], self.squeeze.far
        (floor, floor_name), (ceiling, ceiling_name) = near.bounds
        (far_floor, far_floor_name), (far_ceiling, far_ceiling_name) = far.bounds
        leaving = [near.axes[2], near.axes[3], floor_name, ceiling_name, near.run[1],
                   near.run[3]]
        pairs = [(floor, far_floor), (ceiling, far_ceiling), (near.run[0], far.run[0]),
                 (near.run[2], far.run[2])]
        if self.on_screen(near.meeting):
            pairs.append((near.meeting, far.meeting))
        self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
        self.remove(*leaving)
        # each curve gives way to itself on the new scale, not blended (review 275), gone
        # before it comes (review 287: a cross-fade showed old traces on the new axis)
        self.play(*[vanish(a) for a, _ in pairs], run_time=WIDEN_SECONDS / 2)
        self.play(*[appear(b) for _, b in pairs], appear(VGroup(far.axes[2], far.axes[3])),
                  run_time=WIDEN_SECONDS / 2)
        # (its parts too: the ticks' leaving split the axes' group)
        self.remove(near.axes, *near.axes.submobjects, near.title, *[a for a, _ in pairs])
        self.add(far.axes, far.title, *[b for _, b in pairs])
        self.play(appear(VGroup(far_floor_name, far_ceiling_name, far.run[1], far.run[3])),
                  run_time=style.RUN_FADE)
        self.squeeze.submobjects[1] = far


def tick_number_boxes(axes) -> np.ndarray:
    """Each tick number's box, weighted as text, shape (n, 5) (the numbers are merged into
    paths by style: each merged path's own box would span the whole plot)."""
    return np.array([[*box, TEXT_WEIGHT] for merged in axes[3]
                     for _, box in merged.part_boxes()]).reshape(-1, 5)


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
    obstacles.append(tick_number_boxes(axes))
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
