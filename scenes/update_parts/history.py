"""Section 4 of `update`: a point that needs several updates. Its heading, the 1-D data set
of its own run (when the main run has no such point), its y·score on a number line, and a
table of the y·score's change after every update of the run, row by row."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, DashedLine, ValueTracker, VGroup, config, linear, smooth

from scenes.toolkit import style
from scenes.toolkit.data_line import DataLine
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.speed.glyph_numbers import GlyphNumber
from scenes.toolkit.speed.merging import merge_glyphs
from scenes.update_parts.common import GAIN, coloured


def in_column(mobject, right: float, y: float):
    """``mobject`` moved so that its right edge is at ``right`` and its middle at ``y``."""
    return mobject.shift(np.array([right - mobject.get_right()[0], y - mobject.get_y(), 0]))


class SeveralUpdates:
    """A point's y·score over several updates (a part of
    :class:`scenes.update.UpdateScene`)."""

    def build_history(self) -> None:
        """The several updates' heading, data line (a 1-D data set of their own), number
        line and table layout: made when the section starts (its text is set then)."""
        trace = self.several_trace
        data = trace.data
        same_run = trace is self.trace
        heading, point_row, legend = self.make_history_heading(same_run)
        top = VGroup(heading, point_row, legend).arrange(DOWN, buff=style.SMALL_BUFF)
        top.next_to(self.title, DOWN, buff=style.SMALL_BUFF)
        half_width = config.frame_width / 2
        history_left = -half_width + style.HISTORY_COLUMN / 2 + style.BUFF
        # a 1-D data set of its own run is drawn, top right, with the point ringed
        data_line = point_mark = None
        if not same_run and data.n_features == 1:
            data_line, point_mark = self.make_history_data_line(top, history_left)
        line = self.history_line = self.make_history_line(top, history_left)
        layout = self.history_table_layout(line)
        headers = self.make_history_headers(layout)
        row_y = layout["row_y"]
        zero = line.n2p(0.0)
        zero_guide = DashedLine([zero[0], row_y(-0.5), 0],
                                [zero[0], row_y(len(self.rows) - 0.5), 0],
                                dash_length=0.08, color=self.theme.muted, stroke_width=2)

        progress = ValueTracker(0.0)  # row r is played as progress goes from r to r + 1
        line.marker.add_updater(lambda _: line.set_marker(self._history_at(progress.get_value())))
        line.set_marker(float(self.history[0]))

        self.history_parts = dict(heading=heading, data_line=data_line, point_mark=point_mark,
                                  table=(point_row, legend, line, zero_guide, headers,
                                         line.marker),
                                  progress=progress, line=line, **layout)

    def make_history_heading(self, same_run: bool) -> tuple:
        """The heading (where the point comes from), the point's row and the arrows' key."""
        theme = self.theme
        trace, j = self.several_trace, self.several_point
        data = trace.data
        x_j, y_j = data.X[j], int(data.y[j])
        x_text = fmt(x_j[0]) if data.n_features == 1 else fmt_vector(x_j)
        gain = fmt(self.several_gain)
        source = "the same run" if same_run else "a run on a 1-D data set"
        heading = text(f"It can take several updates: {source}", theme, style.FONT_SMALL,
                       theme.muted)
        point_row = text(f"point $i = {j + 1}$:  $x^((i)) = {x_text}$,  $y^((i)) = {y_j:+d}$,  "
                         f"$" + GAIN + f" = {gain}$", theme, style.FONT_PANEL)
        legend = text(coloured("update on point $i$: $+ (" + GAIN + ")$", theme.step)
                      + "#h(3em)" + coloured("update on another point", theme.muted), theme,
                      style.FONT_SMALL)
        return heading, point_row, legend

    def make_history_data_line(self, top: VGroup, history_left: float) -> tuple:
        """The run's 1-D data set top right, the point ringed (``top`` moves to the left to
        make room); returns the data line and the point's mark."""
        j = self.several_point
        data = self.several_trace.data
        top.arrange(DOWN, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        top.next_to(self.title, DOWN, buff=style.SMALL_BUFF).set_x(history_left,
                                                                    direction=LEFT)
        data_line = DataLine(data.X[:, 0], data.y, self.theme, width=style.DATA_LINE_WIDTH)
        half_width = config.frame_width / 2
        data_line.shift(np.array([half_width - style.BUFF - data_line.get_right()[0],
                                  top.get_y() - data_line.line.get_y(), 0.0]))
        point_mark = data_line.mark(j, f"$i = {j + 1}$", self.theme.highlight)
        #: where the data line goes once the table comes (shown large first)
        self.data_line_corner = data_line.get_center()
        return data_line, point_mark

    def make_history_line(self, top: VGroup, history_left: float) -> ScoreLine:
        """The number line of the point's y·score up to the last row, under ``top``."""
        last_state = self.rows[-1][1]
        line = ScoreLine(self.history[:last_state + 1], self.theme,
                         width=style.HISTORY_LINE_WIDTH)
        line.shift(RIGHT * (history_left - line.line.get_left()[0]))
        line.shift(UP * (top.get_bottom()[1] - style.JUMP_LIFT - line.line.get_y()))
        return line

    def history_table_layout(self, line: ScoreLine) -> dict:
        """Where the table under the number line puts things: ``row_y(r)``, the middle of
        row r (−1: the headers), ``in_column``, the M column's x and the right edges of
        the change, y·score and point columns."""
        row_top = line.get_bottom()[1] - style.SMALL_BUFF
        room = row_top - (-config.frame_height / 2 + style.BOTTOM_BUFF)
        row_height = min(style.HISTORY_ROW_HEIGHT, room / (len(self.rows) + 1))
        change_right = line.line.get_right()[0] + style.HISTORY_COLUMN
        score_right = change_right + style.HISTORY_COLUMN
        point_right = score_right + style.HISTORY_POINT_COLUMN
        m_x = line.line.get_left()[0] - style.HISTORY_COLUMN / 4

        def row_y(r: int) -> float:
            return row_top - (r + 1.5) * row_height

        return dict(row_y=row_y, in_column=in_column, m_x=m_x, change_right=change_right,
                    score_right=score_right, point_right=point_right)

    def make_history_headers(self, layout: dict) -> VGroup:
        """The table's headers: M, change, on point, y·score."""
        theme, row_y = self.theme, layout["row_y"]
        return VGroup(
            math("M", theme, style.FONT_SMALL).set_color(theme.muted).move_to(
                [layout["m_x"], row_y(-1), 0]),
            in_column(text("change", theme, style.FONT_SMALL, theme.muted),
                      layout["change_right"], row_y(-1)),
            in_column(text("on point", theme, style.FONT_SMALL, theme.muted),
                      layout["point_right"], row_y(-1)),
            in_column(text("y·score", theme, style.FONT_SMALL, theme.muted),
                      layout["score_right"], row_y(-1)),
        )

    def play_history_row(self, r: int, run_time: float) -> None:
        """Row r of the table: the y·score's arrow from its value before the update(s) to
        after, then the change, the y·score, M and the point, still from then on."""
        theme, parts = self.theme, self.history_parts
        line, progress, row_y, in_column = (parts[k] for k in ("line", "progress", "row_y",
                                                                "in_column"))
        # the decimals at which every row's change adds up to its score (−3.544 + 1.585
        # is −1.959, which two places would show as −3.54 + 1.59 = −1.96)
        places = self.lesson.history_places
        a, b, own = self.rows[r]
        colour = theme.step if own else theme.muted
        y = row_y(r)
        start = np.array([line.n2p(self.history[a])[0], y, 0.0])
        arrow = FastArrow(colour, stroke_width=3, tip_length=0.14, tip_width=0.12)
        arrow.set_ends(start, start)
        arrow.add_updater(lambda arrow, start=start, y=y: arrow.set_ends(
            start, np.array([line.n2p(self._history_at(progress.get_value()))[0], y, 0.0])))
        self.add(arrow)
        before, after = float(self.history[a]), float(self.history[b])
        self.play(progress.animate.set_value(r + 1), run_time=run_time,
                  rate_func=smooth if own else linear)
        arrow.clear_updaters()
        # glyphs in the text colour, recoloured: one glyph set serves every column
        change = GlyphNumber(("+" if after > before else "") + fmt(after - before, places),
                             style.FONT_SMALL, theme.text).set_color(colour)
        score = GlyphNumber(fmt(after, places), style.FONT_SMALL, theme.text).set_color(
            theme.mistake if after <= 0 else theme.correct)
        number = GlyphNumber(str(b) if b - a == 1 else f"{a + 1}-{b}", style.FONT_SMALL,
                             theme.text).set_color(theme.muted).move_to([parts["m_x"], y, 0])
        owner = self.lesson.row_point(r)
        point = (GlyphNumber(str(owner + 1), style.FONT_SMALL, theme.text).set_color(colour)
                 if owner is not None else text("others", theme, style.FONT_SMALL, colour))
        for label in (change, score, number, point):
            merge_glyphs(label)  # they never change again
        in_column(change, parts["change_right"], y)
        in_column(score, parts["score_right"], y)
        in_column(point, parts["point_right"], y)
        # what is done is still from now on
        self.still(arrow, change, score, number, point)
        self.history_rows_played = r + 1

    def _history_at(self, s: float) -> float:
        """Score of the several-updates point at row progress s (row r ends at s = r + 1)."""
        r = min(max(int(np.floor(s)), 0), len(self.rows) - 1)
        a, b, _ = self.rows[r]
        fraction = min(max(s - r, 0.0), 1.0)
        return float((1 - fraction) * self.history[a] + fraction * self.history[b])
