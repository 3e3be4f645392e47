"""The opening sweep's chart in `linear-program`: the trial line's count of mistakes
against the angle it has turned (the lesson's ``sweep``), drawn as it turns, in the right
half; then the directions a grid would try, a plane's and many features' (review 323: 8 s
of still picture as "with many features, no one can try every direction" was said)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, Dot, VGroup, VMobject, config

from linviz.lessons.linear_program_sweep import Sweep
from scenes.toolkit import style
from scenes.toolkit.layout import with_backdrop
from scenes.toolkit.plots import PlotAxes
from scenes.toolkit.screen_text import text

#: the chart's axes on screen (units): as wide as the right half allows, at most this
CHART_WIDTH, CHART_HEIGHT = 5.0, 2.4
#: the degrees between the turn axis's ticks
TURN_TICK = 90
#: the turn axis's length, a share of the turn (its last tick, the turn's end, labelled)
AXIS_PAST = 1.12
#: the room left of the chart's axes for the count's tick numbers and right for its name
LEFT_ROOM, RIGHT_ROOM = 0.45, 1.35


class SweepChart(VGroup):
    """The axes (degrees turned, points wrong) and the chart's name, still; ``curve(t)``
    is the count's steps up to ``t`` radians turned, with a dot at its head."""

    def __init__(self, sweep: Sweep, theme, left: float, right: float, middle: float):
        self.sweep, self.theme = sweep, theme
        width = min(CHART_WIDTH, right - left - LEFT_ROOM - RIGHT_ROOM)
        # (a little past the turn's end: its tick's value kept off the axis's name)
        self.axes = PlotAxes(theme, AXIS_PAST * float(np.degrees(sweep.turn)),
                             float(sweep.counts.max()),
                             width, CHART_HEIGHT, '"turned (°)"', x_step=TURN_TICK,
                             tick_font=style.FONT_SMALL)
        name = text("its count of mistakes as it turns", theme, style.FONT_PANEL, theme.text)
        name.next_to(self.axes.y_axis.get_end(), UP, buff=0.25).align_to(self.axes.y_axis,
                                                                          LEFT)
        super().__init__(self.axes, name)
        # the axes' middle at the room's (less the names' room either side)
        middle_x = (left + LEFT_ROOM + right - RIGHT_ROOM) / 2
        self.shift(np.array([middle_x, middle, 0.0]) - self.axes.x_axis.get_center()
                   + np.array([0.0, -CHART_HEIGHT / 2, 0.0]))

    def curve(self, turned: float, drawn: float | None = None) -> VGroup:
        """The count's steps from 0 to ``drawn`` radians (``turned`` by default), and a dot
        at ``turned``'s (the line turned back: the dot goes back along them)."""
        sweep = self.sweep
        drawn = turned if drawn is None else max(drawn, turned)
        breaks = sweep.breaks[sweep.breaks < drawn]
        xs, ys = [0.0], [float(sweep.counts[0])]
        for k, at in enumerate(breaks):  # up or down a step where the line passes a point
            xs += [float(at), float(at)]
            ys += [float(sweep.counts[k]), float(sweep.counts[k + 1])]
        xs.append(float(drawn))
        ys.append(float(sweep.counts[len(breaks)]))
        points = self.axes.c2p_many(np.degrees(np.array(xs)), np.array(ys))
        steps = VMobject(stroke_color=self.theme.text, stroke_width=style.PLOT_STROKE)
        steps.set_points_as_corners(points)
        at = self.axes.c2p_many(np.degrees(np.array([float(turned)])),
                                np.array([float(sweep.count_at(turned))]))[0]
        head = Dot(at, radius=style.PLOT_DOT, color=self.theme.highlight)
        return VGroup(steps, head)


def right_half(plane) -> tuple[float, float]:
    """The left and right ends (screen x) of the room right of the data plane's square."""
    return (plane.frame.get_right()[0] + style.BUFF,
            config.frame_width / 2 - style.SMALL_BUFF)


def direction_rows(rows, theme, under) -> VGroup:
    """The rows counting a grid's directions (the beat's ``direction_grid``), left-aligned
    under the drawing ``under``, on a backdrop."""
    lines = VGroup(*[text(row, theme, style.FONT_PANEL, theme.text) for row in rows])
    lines.arrange(DOWN, aligned_edge=LEFT, buff=0.18)
    lines.next_to(under, DOWN, buff=0.45).align_to(under, LEFT)
    return with_backdrop(lines, theme)
