"""The board of `classifier`, right of the plane in sections 1-5: the title, the
definition of h, the live values (θ and θ₀, c and ‖θ‖, the line's and the probe's signed
distances), the 0-1 loss and the training error with the count of mistakes, and the
status lines."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

from scenes.classifier_parts.common import DEFINITION, TRAINING_ERROR, ZERO_ONE_LOSS
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text


class ClassifierBoard:
    """The rows of sections 1-5 (a part of :class:`scenes.classifier.ClassifierScene`)."""

    def build_board(self) -> None:
        """The right-hand rows of sections 1-5, each typeset once."""
        self.title = self.make_title("Linear classifiers")
        self.definition = math(DEFINITION, self.theme)
        self.values = self.make_board_values()
        self.rows = self.make_board_rows()
        self.board = VGroup(*self.rows.values()).arrange(DOWN, aligned_edge=LEFT,
                                                         buff=style.BUFF)
        self.board.next_to(self.title, DOWN, buff=style.BUFF)
        self.board.set_x(style.PANEL_LEFT, direction=LEFT)
        #: the 0-1 loss, in the training error's place until that is said
        self.rows["loss"] = math(ZERO_ONE_LOSS, self.theme).move_to(self.rows["formula"],
                                                                     aligned_edge=LEFT)
        #: the count of mistakes, in ℰₙ's place until its value is said
        self.rows["ringed"] = self.values["ringed"]
        self.rows["ringed"].shift(self.rows["error"].get_left() - self.rows["ringed"].get_left())
        self.statuses = self.make_board_statuses()

    def make_board_values(self) -> dict:
        """The board's live values, by name."""
        theme = self.theme
        return {
            "theta": LiveValue("theta", fmt_vector(self.theta_base), theme),
            "theta0": LiveValue("theta_0", self.theta0_base, theme),
            "c": LiveValue("c", 1.0, theme),
            "norm": LiveValue("norm(theta)", 1.0, theme),
            "offset": LiveValue("-theta_0 \\/ norm(theta)", 0.0, theme, colour=theme.bound),
            "distance": LiveValue("(theta^T x + theta_0) \\/ norm(theta)", 0.0, theme,
                                  colour=theme.highlight),
            "error": LiveValue("cal(E)_n (h)", self.error, theme, colour=theme.mistake),
            # the count of section 5: the mistakes ringed so far, ℰₙ's numerator
            "ringed": LiveValue('"mistakes ringed"', 0, theme, colour=theme.mistake),
        }

    def make_board_rows(self) -> dict:
        """The board's rows in order (their values then set to the studied hypothesis')."""
        # each row is spaced for the widest value its first entry takes (c = −1 adds signs)
        factors = (1.0, -1.0, *self.scale_factors)
        self.values["theta"].set_value(max((fmt_vector(c * self.theta_base) for c in factors),
                                           key=len))
        self.values["c"].set_value(max((fmt(c) for c in factors), key=len))
        rows = {
            "definition": self.definition,
            "theta": VGroup(self.values["theta"], self.values["theta0"]).arrange(
                RIGHT, buff=style.VALUE_GAP),
            "c": VGroup(self.values["c"], self.values["norm"]).arrange(RIGHT,
                                                                       buff=style.VALUE_GAP),
            "offset": self.values["offset"],
            "distance": self.values["distance"],
            "formula": math(TRAINING_ERROR, self.theme),
            "error": self.values["error"],
        }
        self.values["theta"].set_value(fmt_vector(self.theta_base))
        self.values["c"].set_value(1.0)
        return rows

    def make_board_statuses(self) -> dict:
        """The status lines of sections 1-5, at the foot of the panel."""
        theme, small = self.theme, style.FONT_SMALL
        m, n = self.lesson.mistakes(self.studied), self.data.n_samples
        statuses = {
            "length": text("the length of $theta$ does not matter; its direction does", theme,
                           small),
            "distance": text("$> 0$ on the $+1$ side, $< 0$ on the $-1$ side", theme, small),
            "error": text(f"{m} of {n} points misclassified (ringed)", theme, small,
                          theme.mistake),
        }
        for status in statuses.values():
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        return statuses
