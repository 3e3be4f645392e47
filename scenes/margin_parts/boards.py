"""The boards of `margin`, right of the plane: the signed distance (its identity and live
values), the margin of a point and of the data set (with the data set's margin and the
points on the wrong side, live), and the maximum margin (θ*, γ, R, and the R and γ of the
proof with an offset), or, on data no line separates, why there is none."""

from __future__ import annotations

from manim import DOWN, LEFT, VGroup

from linviz import formatting
from linviz.lessons.margin_story import gamma_places
from scenes.margin_parts.common import (DATASET_MARGIN, DISTANCE, IDENTITY, LINE_OFFSET,
                                        POINT_MARGIN, PROJECTION, margin_text)
from scenes.toolkit import style
from scenes.toolkit.layout import board, indented
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.screen_text import fmt, fmt_grouped, math, text


class MarginBoards:
    """The boards and their live values (a part of :class:`scenes.margin.MarginScene`)."""

    def build_boards(self) -> None:
        """The title and the boards of the three sections, each typeset once."""
        self.title = self.make_title("Margins")
        self.values = self.make_values()
        self.distance_board = self.make_distance_board()
        self.margin_board = self.make_margin_board()
        #: the rows about the data set's margin, which come when it is first said
        self.margin_set_rows = VGroup(*self.margin_board[3:])
        self.margin_board.remove(*self.margin_set_rows)
        #: the data set's margin and mistakes, above the number line (sections 2 and 3),
        #: one under the other: the margin's width changes as it sweeps (−0.0954, 0.00012)
        self.values_row = VGroup(self.values["margin"], self.values["mistakes"]).arrange(
            DOWN, aligned_edge=LEFT, buff=style.VALUE_ROWS_GAP)
        if self.star is None:  # no line separates: the board says no maximum exists
            self.max_board = self.make_no_max_board()
            self.lifted_rows = None
            return
        self.max_board = self.make_max_board()
        self.lifted_rows = self.make_lifted_rows()

    def make_values(self) -> dict:
        """The boards' live values, by name."""
        theme = self.theme
        values = {
            "projection": LiveValue(PROJECTION, 0.0, theme, colour=theme.normal),
            # a line very near the origin is not at 0.00 (as its sentence says)
            "offset": LiveValue(LINE_OFFSET, 0.0, theme, colour=theme.bound,
                                formatter=lambda v: formatting.nonzero_number(v, minus="-")),
            "distance": LiveValue(DISTANCE, 0.0, theme, colour=theme.text),
            "margin": LiveValue("\"margin of the data set\"", 0.0, theme,
                                colour=theme.highlight, formatter=margin_text),
            "mistakes": LiveValue("\"wrong side\"", 0, theme),
        }
        values["projection"].label.set_color(theme.normal)
        values["offset"].label.set_color(theme.bound)
        return values

    def make_distance_board(self) -> VGroup:
        """The signed distance: its identity, its two terms named, and their values."""
        theme, small = self.theme, style.FONT_SMALL
        return self.board_of([
            text("The *signed distance* of $x$ to the line $theta^T x + theta_0 = 0$:", theme,
                 small),
            math(IDENTITY, theme, style.FONT_PANEL),
            text("the projection of $x$ on $theta \\/ norm(theta)$", theme, small,
                 theme.normal),
            indented(text("minus the signed distance of the line to the origin", theme, small,
                          theme.bound)),
            self.values["projection"], self.values["offset"], self.values["distance"],
        ])

    def make_margin_board(self) -> VGroup:
        """The margin of a labelled point, then (rows 3 on) that of the data set."""
        theme, small = self.theme, style.FONT_SMALL
        return self.board_of([
            text("The *margin* of a labelled point $(x^((i)), y^((i)))$:", theme, small),
            indented(math(POINT_MARGIN, theme, style.FONT_PANEL)),
            text("negative when the point is on the wrong side;", theme, small, theme.mistake),
            text("the margin of the *data set* is the smallest:", theme, small),
            indented(math(DATASET_MARGIN, theme, style.FONT_PANEL)),
            text("one point on the wrong side makes it negative.", theme, small,
                 theme.mistake),
        ])

    def make_no_max_board(self) -> VGroup:
        """On data no line separates: no maximum margin, and no bound."""
        theme, small = self.theme, style.FONT_SMALL
        return self.board_of([
            text("no line has a positive margin: no $theta^*$, no $gamma > 0$", theme,
                 small, theme.mistake),
            text("no bound $(R \\/ gamma)^2$: the perceptron never settles", theme, small,
                 theme.muted)])

    def make_max_board(self) -> VGroup:
        """The perceptron's margin, θ*'s γ with its band, and the circle of radius R."""
        theme, small = self.theme, style.FONT_SMALL
        gamma, R = fmt(self.star.gamma, gamma_places(self.star.gamma)), fmt(self.R)
        return self.board_of([
            text(f"The perceptron's separator: margin ${margin_text(self.perceptron_margin)}$",
                 theme, small),
            text(f"the *maximum-margin* separator $theta^*$: $gamma = {gamma}$", theme, small,
                 theme.correct),
            indented(text("the band of half-width $gamma$ holds no point;", theme, small,
                          theme.correct)),
            indented(text("the closest points touch its edges", theme, small, theme.correct)),
            text(f"every point lies in the circle of radius $R = max_i norm(x^((i))) = {R}$",
                 theme, small, theme.muted),
        ])

    def make_lifted_rows(self) -> VGroup:
        """R, γ and (R/γ)² of the proof with an offset, measured on [x, 1], under the
        maximum-margin board, each row set smaller if too long for the column."""
        theme, small, lesson = self.theme, style.FONT_SMALL, self.lesson
        lifted_gamma = fmt(lesson.lifted_gamma, gamma_places(lesson.lifted_gamma))
        return board([
            text("The proof with an offset measures both on the points $[x, 1]$:", theme,
                 small),
            indented(text(f"$R = max_i norm([x^((i)), 1]) = {fmt(lesson.lifted_R)}$, $gamma = "
                          f"{lifted_gamma}$, $(R \\/ gamma)^2 = "
                          f"{fmt_grouped(lesson.lifted_bound)}$", theme, small))],
            self.max_board)

    def board_of(self, rows) -> VGroup:
        return board(rows, self.title)

    def max_board_rows(self, count: int) -> list:
        """The first ``count`` rows of the maximum-margin board."""
        return list(self.max_board)[:count]

    def follow_values(self, _=None) -> None:
        s = self.blend.get_value()
        projection, line, distance = self.lesson.distance_parts(s, self.probe_point())
        self.values["projection"].set_value(projection)
        self.values["offset"].set_value(line)
        self.values["distance"].set_value(distance)
        self.values["margin"].set_value(self.lesson.data_set_margin(s))
        self.values["mistakes"].set_value(self.lesson.wrong_side(s))
