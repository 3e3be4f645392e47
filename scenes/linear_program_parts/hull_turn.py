"""The overlap's argument in `linear-program` seen: a line turns round one class's hull,
keeping it on one side (shaded in that class's colour), while the other class's overlap
points on that side are crossed: at every turn at least one is
(:func:`linviz.lessons.linear_program_overlap.hull_line`)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, Square, VGroup, ValueTracker, always_redraw, linear

from linviz.lessons.linear_program_overlap import hull_line, turning_hull
from linviz.lessons.no_separator_story import MEET_WORDS, TURN_WORDS
from scenes.linear_program_parts.common import WEIGHT_CENTER
from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.screen_text import text
from scenes.toolkit.score_bars import ScoreBars

#: the opacity of the turning line's side that holds the hull
TURN_SHADE_OPACITY = 0.18
#: the words the overlap's label times scores turn at, and the angles their bars' reach
#: is read over (a drawing's scale)
SCORES_WORDS, REACH_ANGLES = "so its score", 720


class HullTurn:
    """The turning line (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    def turn_round_hull(self, planes, shared) -> None:
        """As :data:`TURN_WORDS` are said, a line on each of ``planes`` turns once round the
        overlap's larger hull, that hull on its shaded side, the other class's overlap
        points on that side crossed as it turns; ``shared`` (the point both hulls hold)
        comes as :data:`MEET_WORDS` name it; the turn ends with the sentence."""
        lesson, theme = self.lesson, self.theme
        held, sign, other = turning_hull(*lesson.overlap)
        X = np.asarray(lesson.data.X, dtype=float)
        # from the normal pointing from the other points' mean to the hull's (a stated start)
        towards = X[held].mean(axis=0) - X[other].mean(axis=0)
        start = float(np.arctan2(towards[1], towards[0]))
        turn = ValueTracker(0.0)

        def current():
            return hull_line(lesson, start + 2 * np.pi * turn.get_value())

        colour = theme.positive if sign > 0 else theme.negative
        # the marks come with the point both hold (reviews 317: 8 s before "marked ×")
        marking = ValueTracker(0.0)
        drawn = VGroup()
        for plane in planes:
            line = self.moving_line(lambda: current()[:2], plane=plane)
            line.shade.set_fill(colour, opacity=TURN_SHADE_OPACITY)
            marks = always_redraw(lambda plane=plane: VGroup(
                *[self.wrong_mark(plane, i) for i in current()[2]
                  if plane.box.contains(X[i][None, :])[0] and marking.get_value() > 0]))
            drawn.add(line, marks)
        self.wait_for_words(TURN_WORDS)
        self.play(appear(drawn), run_time=style.RUN_FADE)
        # (ending as the sentence does: the solver's answer is the next)
        total = max(self.speech_left() - 0.3, style.RUN_FADE * 3)
        meet = next((self.seconds_until(w) for w in MEET_WORDS
                     if self.seconds_until(w) is not None), 0.0)
        first = min(meet, 0.5 * total)
        if first > 0:
            self.play(turn.animate.set_value(first / total), run_time=first, rate_func=linear)
        marking.set_value(1.0)
        self.play(turn.animate.set_value((first + style.RUN_FADE) / total),
                  *([appear(shared)] if shared.get_family()[1:] or shared.has_points() else []),
                  *self.key_rest(), run_time=style.RUN_FADE, rate_func=linear)
        self.key_done()
        rest = total - first - style.RUN_FADE
        self.play(turn.animate.set_value(1.0), run_time=max(rest, 0.1), rate_func=linear)
        for part in drawn:
            part.clear_updaters()
        self.mark_for_beat(drawn)

    def show_turn_key(self, rows) -> None:
        """The turning line's key (the beat's ``turn_key``) in the right half, its first
        row (the shaded side) after a swatch of the held hull's shading, till the sentence
        ends."""
        if not rows:
            return
        theme = self.theme
        _, sign, _ = turning_hull(*self.lesson.overlap)
        colour = theme.positive if sign > 0 else theme.negative
        lines = VGroup(*[text(row, theme, style.FONT_PANEL, theme.text) for row in rows])
        lines.arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        swatch = Square(side_length=0.3, stroke_width=1, stroke_color=colour,
                        fill_color=colour, fill_opacity=3 * TURN_SHADE_OPACITY)
        swatch.next_to(lines[0], LEFT, buff=0.15)
        key = with_backdrop(VGroup(swatch, lines), theme)
        key.move_to([WEIGHT_CENTER[0], float(self.plane.frame.get_center()[1]), 0.0])
        panel = self.overlap_panel
        if panel is not None and self.on_screen(panel):  # under the overlap's panel
            key.next_to(panel, DOWN, buff=0.4).set_x(WEIGHT_CENTER[0])
        # the shading's row now, the marks' rows with the marks (reviews 331: "×" keyed 5 s
        # before any was drawn): :meth:`key_rest`
        first = [key.background_rectangle, swatch, lines[0]]
        self.play(*map(appear, first), run_time=style.RUN_FADE)
        self.turn_key = (key, VGroup(*lines[1:]))

    def key_rest(self) -> list:
        """The turning line's key's rows after the first, to come (nothing without one)."""
        key = getattr(self, "turn_key", None)
        return [appear(key[1])] if key is not None and len(key[1]) else []

    def key_done(self) -> None:
        """The turning line's key, all come, one drawing that leaves with the sentence."""
        key = getattr(self, "turn_key", None)
        if key is not None:
            self.remove(*key[0].get_family())
            self.add(key[0])
            self.mark_for_beat(key[0])
            self.turn_key = None

    def turn_with_scores(self) -> None:
        """As :data:`SCORES_WORDS` are said, the line turns once more round the hull,
        its side shaded, and bars under the overlap's panel show each overlap point's
        score for it, s·(θᵀx⁽ⁱ⁾ + θ₀) with s the hull's class (its classifier: the hull's
        side is theirs), the hull's on their side of 0 and the point inside it their
        weighted mean, on that side too, so wrong (coloured by label times score), all the
        way round (reviews 321: "the same mean of their scores" had no picture); till the
        next sentence."""
        if self.timeline.said_at(SCORES_WORDS) is None:
            return
        lesson, theme = self.lesson, self.theme
        held, sign, other = turning_hull(*lesson.overlap)
        X, y = np.asarray(lesson.data.X, dtype=float), np.asarray(lesson.data.y, dtype=float)
        shown = [*held, *other]
        towards = X[held].mean(axis=0) - X[other].mean(axis=0)
        start = float(np.arctan2(towards[1], towards[0]))
        turn = ValueTracker(0.0)

        def scores(angle: float) -> np.ndarray:  # (the classifier's: its hull side, theirs)
            theta, theta0, _ = hull_line(lesson, angle)
            return sign * (X[shown] @ theta + theta0)

        reach = max(float(np.abs(scores(start + a)).max())
                    for a in np.linspace(0.0, 2 * np.pi, REACH_ANGLES, endpoint=False))
        names = [str(i + 1) for i in shown]
        # raw scores, as said: the point's is their weighted mean, on their side of 0,
        # coloured by label times score (reviews 324: label times scores under "their
        # scores… on their side of 0" read as a contradiction)
        bars = ScoreBars(names, lambda: scores(start + 2 * np.pi * turn.get_value()), reach,
                         theme, "theta^T x^((i)) + theta_0",
                         f"{names[-1]}: their weighted mean, wrong", labels=y[shown])
        frame = self.weights.frame
        panel = getattr(self, "overlap_panel", None)
        panel = panel if panel is not None and self.on_screen(panel) else None
        bars.move_to(frame.get_center()).align_to(frame, DOWN)
        if panel is not None:  # (up, the bars under it)
            self.play(panel.animate.align_to(frame, UP), run_time=style.RUN_FADE)
            bars.next_to(panel, DOWN, buff=0.5).set_x(frame.get_x())
        bars.follow()
        line = self.moving_line(lambda: hull_line(lesson, start + 2 * np.pi
                                                  * turn.get_value())[:2])
        line.shade.set_fill(theme.positive if sign > 0 else theme.negative,
                            opacity=TURN_SHADE_OPACITY)
        self.wait_for_words(SCORES_WORDS)
        self.play(appear(bars), appear(line), run_time=style.RUN_FADE)
        self.play(turn.animate.set_value(1.0), rate_func=linear,
                  run_time=max(self.speech_left() - 0.3, style.RUN_FADE * 3))
        for part in (bars, line):
            part.clear_updaters()
            self.mark_for_beat(part)
