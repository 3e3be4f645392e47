"""The opening beat of `linear-program`: the data, and a trial line through the origin
turned once half round while the question "can a line through the origin separate these
points?" is asked (review 261: asked over a still scatter, no line drawn)."""

from __future__ import annotations

import numpy as np
from manim import RIGHT, UP, Line, ValueTracker, VGroup, config, linear

from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text
from scenes.toolkit.table_text import line_of_text, set_baseline

#: the trial line's turn: three quarters round (every line through 0 at least once),
#: anticlockwise, from the line perpendicular to the one the scaling beat draws (review
#: 309: a half turn started on the answer) to it (the lesson's ``scaling_theta``: the
#: fewest mistakes)
TRIAL_TURN = 1.5 * np.pi
#: the words of the intro's sentence as which the trial line stops, its count said
BEST_WORDS = "best gets"
#: the words of the intro's sentence as which the notes' table comes (its row named)
TABLE_WORDS = "The notes' realizable case"


def fewest_wrong_of_line(X: np.ndarray, y: np.ndarray, normal: np.ndarray) -> int:
    """How many points the line through 0 with this normal gets wrong, on its better side
    (the notes' rule: y·θᵀx ≤ 0 is a mistake, for θ = ±normal)."""
    scores = y * (X @ normal)
    return int(min(np.sum(scores <= 0), np.sum(scores >= 0)))


def better_side(X: np.ndarray, y: np.ndarray, normal: np.ndarray) -> np.ndarray:
    """``normal`` or −``normal``: the θ of the line's better side, the one whose mistakes
    :func:`fewest_wrong_of_line` counts (``normal`` where both count alike)."""
    scores = y * (X @ normal)
    return normal if np.sum(scores <= 0) <= np.sum(scores >= 0) else -normal


class IntroBeats:
    """The opening, and the title following the sections (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def section(self, name: str, title: str = "") -> None:
        """A section starts (:meth:`scenes.base.LinvizScene.section`), and the title on
        screen becomes its title (review 267: "Separating as a linear programme" stood over
        the perceptron and Gordan's proof alike)."""
        super().section(name, title)
        old = getattr(self, "title", None)
        if title and old is not None and self.on_screen(old):
            new = self.make_title(self.in_notation(title))
            self.swap([old], [new])
            self.remove(old)
            self.title = new

    def draw_intro(self, beat) -> None:
        """The title and the data as the question is asked, its condition written."""
        self.play(appear(self.title), appear(self.plane), run_time=style.RUN_INTRO)
        self.follow_beat(beat)

    def draw_trial(self, beat) -> None:
        """A line through 0, grey, turned through every direction as its turning is said
        (review 307: it turned under the question, its best count said after it had gone),
        its best count's mistakes marked, till the next sentence."""
        self.follow_beat(beat)
        self.turn_trial_line(beat)

    def draw_notes_row(self, beat) -> None:
        """The trial line's marks leave with it; the notes' table comes as its row is named
        (the beat's ``notes_table``), till the next sentence."""
        self.drop_wrong_marks()
        self.follow_beat(beat)
        if beat.state["notes_table"]:
            self.wait_for_words(TABLE_WORDS)
            table = self.notes_table(beat.state["notes_table"])
            self.play(appear(table), run_time=style.RUN_FADE)
            self.mark_for_beat(table)

    def notes_table(self, rows) -> VGroup:
        """The notes' closing summary right of the data, as the lecture's
        summary sets it: ``rows`` (a heading, bold and muted over a rule, then one per
        model) in columns on common baselines, the first model's row, this scene's, lit,
        the others muted; under its name; narrowed to the right half if it must be."""
        theme, size, line = self.theme, style.TABLE_FONT, style.TABLE_LINE
        colours = [theme.muted, theme.highlight] + [theme.muted] * (len(rows) - 2)
        cells = [[line_of_text(f"*{cell}*" if place == 0 else cell, theme, size, colour)
                  for cell in row] for place, (row, colour) in enumerate(zip(rows, colours))]
        widths = [max(row[j].width for row in cells) for j in range(len(rows[0]))]
        lefts = np.concatenate([[0.0], np.cumsum(np.array(widths[:-1]) + style.TABLE_GAP)])
        lines = VGroup()
        for place, row in enumerate(cells):
            base = -line * place - (style.TABLE_GAP / 2 if place else 0.0)
            lines.add(VGroup(*[set_baseline(cell, base, left)
                               for cell, left in zip(row, lefts)]))
        low = -style.TABLE_GAP / 2 - 0.12
        rule = Line([0.0, low, 0.0], [lefts[-1] + widths[-1], low, 0.0], stroke_width=1,
                    color=theme.grid)
        body = VGroup(lines, rule)
        # (in the half right of the data plane's square)
        left = self.plane.frame.get_right()[0] + style.BUFF
        right = config.frame_width / 2 - style.SMALL_BUFF
        body.scale(min(1.0, (right - left) / body.width))
        name = text("the notes' closing summary", theme, style.FONT_PANEL, theme.text)
        table = VGroup(name.next_to(body, UP, buff=0.35), body)
        return table.move_to([(left + right) / 2, self.weights.frame.get_center()[1] + 0.5,
                              0.0])

    def turn_trial_line(self, beat) -> None:
        """A line through 0, grey, its + side shaded, turned :data:`TRIAL_TURN` round to
        the line of the lesson's ``scaling_theta`` as the turning is said, its count of
        mistakes read off as it turns; stopped as its count is said, its mistakes marked
        (the beat's ``wrong_marks``), held to the sentence's end."""
        turn = ValueTracker(0.0)
        stop = self.lesson.scaling_theta
        start = float(np.arctan2(stop[1], stop[0])) - TRIAL_TURN

        def normal() -> np.ndarray:  # the line's normal, θ's direction at the turn's end
            angle = start + turn.get_value()
            return np.array([np.cos(angle), np.sin(angle)])

        X, y = np.asarray(self.data.X, dtype=float), np.asarray(self.data.y, dtype=float)
        # its + side shaded, the side its count takes (review 290: with no side shown, 44
        # or 56 wrong could not be checked)
        trial = Hyperplane(self.plane, better_side(X, y, normal()), 0.0, show_normal=False,
                           show_notes=False, show_shading=True)
        trial.line.set_color(self.theme.muted)
        trial.add_updater(lambda m: m.set_parameters(better_side(X, y, normal()), 0.0))
        # its count read off as it turns, over the plane's top right (review 271: it
        # turned with no readout): the question is whether the count can reach 0
        words: dict[int, object] = {}

        def count_words(k: int):
            if k not in words:
                # (review 309: the shading flipped sides, unexplained: it is the side
                # the count takes, the better)
                words[k] = text(f"this line, its better side shaded: {k} wrong", self.theme,
                                style.FONT_PANEL, self.theme.text)
                words[k].next_to(self.plane.frame, UP, buff=0.08).align_to(
                    self.plane.frame, RIGHT)
            return words[k]

        count = VGroup(count_words(fewest_wrong_of_line(X, y, normal())).copy())
        count.add_updater(lambda m: m.become(count_words(fewest_wrong_of_line(X, y,
                                                                              normal()))))
        self.play(appear(trial), appear(count), run_time=style.RUN_FADE)
        seconds = self.seconds_until(BEST_WORDS)  # (the caption opens with the turn)
        seconds = max(seconds if seconds is not None else self.speech_left(), style.RUN_FADE)
        self.play(turn.animate.set_value(TRIAL_TURN), run_time=seconds, rate_func=linear)
        trial.clear_updaters()
        count.clear_updaters()
        self.show_wrong_marks(beat)  # its mistakes, as their count is said
        # it stays with its marks to the sentence's end (review 308: the marks stood alone
        # beside the notes' table), one drawing, to leave with the sentence
        self.remove(trial, count)
        stopped = VGroup(trial, count)
        self.add(stopped)
        self.mark_for_beat(stopped)
