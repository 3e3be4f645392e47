"""`quiz-margin`'s spread of M: on one logarithmic axis, a row of dots for each margin's
data sets (each dot a data set's M), every data set's bound (R/γ)² a tick, the run shown's
dot ringed and its bound a numbered bar."""

from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Circle, Dot, LaggedStart, Line, VGroup

from linviz import formatting
from linviz.lessons.quiz_story import bound_label
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.screen_text import text

#: the strips of each margin's updates, right of the planes where the close-up stood: their
#: gap to the plane (and the axis's height over its bottom), the gap to the frame's edge, a
#: row's height and the radius of a dot
STRIP_GAP, STRIP_EDGE, STRIP_ROW, STRIP_DOT = 0.45, 0.55, 1.7, 0.07
#: the runs' last lines' opacity once the spread is told (they stay, beside θ*)
FINAL_DIMMED = 0.7

def stacked_levels(xs, gap: float) -> list[int]:
    """The level of each of the places ``xs`` on a strip of dots: in order of place (the
    first of equals first), each on the lowest level where it stands at least ``gap`` from
    every dot placed there before it."""
    levels = [0] * len(xs)
    placed: dict[int, list[float]] = {}
    for i in sorted(range(len(xs)), key=lambda i: (xs[i], i)):
        level = 0
        while any(abs(xs[i] - x) < gap for x in placed.get(level, [])):
            level += 1
        placed.setdefault(level, []).append(xs[i])
        levels[i] = level
    return levels



class StripDrawings:
    """The strips (a part of :class:`scenes.quiz.MarginQuizScene`: its lesson, planes and
    camera)."""

    def update_strips(self) -> VGroup:
        """The spread of M, where the close-up stood (right of the planes): on one
        logarithmic axis from 1 to the first power of 10 past every M and (R/γ)², a row of
        dots for each margin, named above it (each dot a data set's M; dots that would touch
        stacked upwards, :func:`stacked_levels`), every data set's (R/γ)² a faint tick and
        that of the data set shown a bar; the large margin's row over the small one's."""
        theme, lesson, plane = self.theme, self.lesson, self.planes[1]
        highest = max(*lesson.wide_counts, *lesson.narrow_counts, *lesson.wide_bounds,
                      *lesson.narrow_bounds, lesson.wide.bound, lesson.narrow.bound)
        decades = max(1, int(np.ceil(np.log10(highest) - 1e-9)))
        left = plane.frame.get_right()[0] + STRIP_GAP
        width = self.camera.frame_width / 2 - STRIP_EDGE - left
        axis_y = plane.frame.get_bottom()[1] + STRIP_GAP

        def x_of(value: float) -> float:
            return left + width * float(np.log10(value)) / decades

        axis = Line((left, axis_y, 0), (left + width, axis_y, 0), color=theme.muted,
                    stroke_width=2)
        ticks, labels = VGroup(), VGroup()
        for power in range(decades + 1):
            x = x_of(10.0 ** power)
            ticks.add(Line((x, axis_y - 0.06, 0), (x, axis_y + 0.06, 0), color=theme.muted,
                           stroke_width=2))
            labels.add(text(formatting.grouped(10 ** power, 0), theme, style.FONT_SMALL)
                       .set_color(theme.muted).next_to(ticks[-1], DOWN, buff=0.08))
        rows = VGroup()
        for row, (counts, bounds, run, name) in enumerate(
                ((lesson.wide_counts, lesson.wide_bounds, lesson.wide, "large margin"),
                 (lesson.narrow_counts, lesson.narrow_bounds, lesson.narrow,
                  "small margin"))):
            # the large margin's row on top: read downwards as the planes left to right
            base = axis_y + STRIP_DOT + 0.15 + (1 - row) * STRIP_ROW
            rows.add(self.strip_row(counts, bounds, run, name, base, x_of, left))
        name = text("updates $M$", theme, style.FONT_SMALL).set_color(theme.muted)
        name.next_to(labels, DOWN, buff=0.1).align_to(axis, RIGHT)
        strips = VGroup(axis, ticks, VGroup(*labels, name), rows)
        strips.decades = decades
        return strips

    def strip_row(self, counts, bounds, run, name: str, base: float, x_of,
                  left: float) -> VGroup:
        """One margin's row of the strips at height ``base``: a dot for each data set's M
        (dots that would touch stacked upwards, :func:`stacked_levels`), the run shown's
        ringed (the first with its M, in the sweep's order), every data set's (R/γ)² a
        faint tick and the run shown's a bar with its number, the row's name over it all
        from ``left``."""
        theme = self.theme
        step = 2 * STRIP_DOT + 0.03
        xs = [round(x_of(count), 6) for count in counts]  # stacked by a stated rule
        levels = stacked_levels(xs, step)
        dots = VGroup(*[Dot((x, base + level * step, 0), radius=STRIP_DOT, color=theme.step)
                        for x, level in zip(xs, levels)])
        bar = Line((x_of(run.bound), base - STRIP_DOT - 0.05, 0),
                   (x_of(run.bound), base + STRIP_ROW / 2, 0), color=theme.text,
                   stroke_width=3)
        ring = Circle(radius=STRIP_DOT + 0.05, color=theme.text,
                      stroke_width=2).move_to(dots[list(counts).index(run.updates)])
        number = text(bound_label(run), theme, style.FONT_SMALL)
        number.set_color(theme.text).next_to(bar, UP, buff=0.06)
        words = text(name, theme, style.FONT_SMALL).set_color(theme.muted)
        # over the row's highest dot and its bar's number alike
        top = max(base + max(levels) * step + STRIP_DOT, number.get_top()[1])
        words.next_to((left, top, 0), UP, buff=0.12)
        words.shift((left - words.get_left()[0]) * RIGHT)
        limits = VGroup(*[Line((x_of(b), base - STRIP_DOT - 0.05, 0),
                               (x_of(b), base + STRIP_DOT, 0), color=theme.muted,
                               stroke_width=2) for b in bounds])
        # the range said, written beside the row's name as its dots come (review 278: the
        # log axis's decades alone could not be read against "1 to 9")
        spread = text(f"{min(counts)} to {max(counts)}", theme, style.FONT_SMALL)
        spread.set_color(theme.step).next_to(words, RIGHT, buff=0.2)
        row_drawn = VGroup(dots, bar, words, limits, ring, number, spread)
        row_drawn.counts = tuple(counts)
        return row_drawn

    def show_strips(self) -> None:
        """The close-up (its part told) gives way to each margin's data sets' M on the
        strips, each part as it is said."""
        # each run's last line stays, dimmed (beside θ* it would read as θ*)
        self.take_off(self.inset, getattr(self, "gap_inset", None))
        axis, ticks, labels, rows = self.strips
        self.play(appear(VGroup(axis, ticks, labels, *[row[2] for row in rows])),
                  *[final.line.animate.set_stroke(opacity=FINAL_DIMMED)
                    for final in self.finals], run_time=style.RUN_FADE)
        # each margin's data sets' M dot by dot as its range is said, then the bounds
        # (review 270: the whole plot came at once, then 12 s still)
        self.wait_for_words("updates with the large margin")
        self.play(LaggedStart(*map(appear, rows[0][0]), appear(rows[0][4]), appear(rows[0][6]),
                              lag_ratio=0.3), run_time=style.RUN_INTRO)
        self.wait_for_words("with the small one")
        self.play(LaggedStart(*map(appear, rows[1][0]), appear(rows[1][4]), appear(rows[1][6]),
                              lag_ratio=0.3), run_time=style.RUN_INTRO)
        self.wait_for_words("each under its bound")
        self.play(*[appear(VGroup(row[1], row[3], row[5])) for row in rows],
                  run_time=style.RUN_FADE)
        self.remove(*self.strips.get_family())
        self.add(self.strips)  # one drawing from here, to leave as one
