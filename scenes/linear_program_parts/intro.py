"""The opening beat of `linear-program`: the data, and a trial line through the origin
turned once half round while the question "can a line through the origin separate these
points?" is asked (review 261: asked over a still scatter, no line drawn)."""

from __future__ import annotations

import numpy as np
from manim import RIGHT, UP, Line, ValueTracker, VGroup, config, linear

from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text
from scenes.toolkit.table_text import line_of_text, set_baseline
from scenes.linear_program_parts.sweep_chart import SweepChart, direction_rows, right_half
from linviz.lessons.linear_program_sweep import better_side

#: the words of the intro's sentence as which the trial line stops, its count said
BEST_WORDS = "best gets"
#: the words of the intro's sentence as which the notes' table comes (its row named)
TABLE_WORDS = "the notes' realizable case"
#: the scene's attributes that hold a close-up (a magnifier), which a new section takes away
CLOSE_UPS = ("least_inset", "cone_inset", "wedge_inset")
#: the words of the directions' beat as which a grid's directions are counted under the chart
GRID_WORDS = "in a plane"
#: the grid of a plane's lines through 0 drawn as its row is written: one every this many
#: degrees, half round (the row's "1° apart: 180 lines")
FAN_DEGREES = 1
#: how long a line takes to step through the grid's lines, half round 0
FAN_SECONDS = 3.0
#: the share of the way from 0 to the data box's nearest edge the protractor's circle is at
FAN_RADIUS = 0.85


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
            # the last section's status line leaves with its title (review 323: the
            # widest margin's "quadratic" stood under the perceptron's title)
            status = getattr(self, "status", None)
            leaving = [old, *([status] if status is not None and self.on_screen(status)
                              else [])]
            # and the last beat's close-ups (reviews 338, 341: one stood 2-3 s under the
            # new title)
            insets = [getattr(self, name, None) for name in CLOSE_UPS]
            leaving += [m for m in insets if m is not None and self.on_screen(m)]
            self.swap(leaving, [new])
            self.remove(*leaving)
            if status in leaving:
                self.status, self.status_words = None, None
            self.title = new

    def draw_intro(self, beat) -> None:
        """The title and the data from the first frame (reviews 334: a black second under
        the voice), its condition written as the question is asked; the points lit as they
        are named (reviews 329: 6.5 s of a still plot)."""
        self.add(self.title, self.plane)
        if any(b.motion == "tied-place" for b in self.storyboard.beats):
            self.hide_place_tags()  # (till its beat says it: reviews 369, 18 s before)
        self.follow_beat(beat)
        self.light_as_said("these", [self.plane.markers])

    def place_tags(self) -> list:
        """The data plane's place counts ("+2 −1") and their leaders (if any)."""
        markers = self.plane.markers
        return [markers.counts, *([markers.leaders] if hasattr(markers, "leaders") else [])]

    def hide_place_tags(self) -> None:
        """The place counts unseen till :meth:`show_place_tags`."""
        for part in self.place_tags():
            part.set_fill(opacity=0.0).set_stroke(opacity=0.0)

    def show_place_tags(self) -> list:
        """The animations that bring the place counts back (their text filled, their
        leaders stroked)."""
        counts, *leaders = self.place_tags()
        return [counts.animate.set_fill(opacity=1.0),
                *[leader.animate.set_stroke(opacity=1.0) for leader in leaders]]

    def draw_trial(self, beat) -> None:
        """A line through 0, grey, turned through every direction as its turning is said
        (review 307: it turned under the question, its best count said after it had gone),
        its best count's mistakes marked, till the next sentence."""
        self.follow_beat(beat)
        self.turn_trial_line(beat)

    def draw_directions(self, beat) -> None:
        """The trial line's marks leave with it; a grid's directions are counted under the
        sweep's chart (the beat's ``direction_grid``), the plane's as it is said, the many
        features' as they are, lit as no one can try them, till the notes' table comes."""
        self.drop_wrong_marks()
        self.follow_beat(beat)
        chart = getattr(self, "sweep_drawn", None)
        if beat.state["direction_grid"] and chart is not None:
            self.wait_for_words(GRID_WORDS)
            self.direction_drawn = direction_rows(beat.state["direction_grid"], self.theme,
                                                  chart)
            drawn = self.direction_drawn
            *first, many = drawn.submobjects  # (the backdrop, the plane's row; the many)
            # the plane's grid drawn in the data plane as its row is written, a line
            # stepped through it (reviews 365: 13 s of text beside a bare plane)
            self.direction_fan = self.line_fan()
            self.play(*map(appear, first), appear(self.direction_fan),
                      run_time=style.RUN_FADE)
            # (done, and gone, before the many features' angles are said)
            until = self.seconds_until("angles")
            self.step_line_round(FAN_SECONDS if until is None else
                                 min(FAN_SECONDS, max(1.0, until - style.RUN_FADE)))
            # the many features' row as they are said, lit as no one can try them
            # (reviews 348: an 8 s still; bench 351: a 7 s still, both rows at once)
            # (as their angles are: bench 362, a 7.5 s still after "features")
            self.wait_for_words("angles")
            self.play(appear(many), run_time=style.RUN_FADE)
            self.remove(*first, many)
            self.add(drawn)  # (one drawing, to leave as one)
            self.light_as_said("would mean", [many])  # its count, as said
            self.light_as_said("no one", [many])

    def draw_notes_row(self, beat) -> None:
        """The notes' table comes in place of the sweep's chart and the grid's count as
        its row is named (the beat's ``notes_table``), till the next sentence."""
        self.drop_wrong_marks()
        self.follow_beat(beat)
        leaving = [m for m in [getattr(self, "sweep_drawn", None),
                               getattr(self, "direction_drawn", None),
                               getattr(self, "direction_fan", None)] if m is not None]
        if beat.state["notes_table"]:
            self.wait_for_words(TABLE_WORDS)
            table = self.notes_table(beat.state["notes_table"])
            if leaving:
                self.swap(leaving, [table])
            else:
                self.play(appear(table), run_time=style.RUN_FADE)
            self.mark_for_beat(table)
            # its row lit as its tool is named (reviews 348: a 9 s still); the data as they
            # are named, where none separates them (reviews 354: a 10 s still)
            self.light_as_said("linear programme", [table.lit_row])
            self.light_as_said("like these", [self.plane.markers])
        elif leaving:
            self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
        self.remove(*leaving)
        self.sweep_drawn, self.direction_drawn, self.direction_fan = None, None, None

    def line_fan(self) -> VGroup:
        """A protractor round 0 in the data plane: a tick every :data:`FAN_DEGREES` where
        each line through 0 a grid that far apart tries meets a circle
        (:data:`FAN_RADIUS` of the way to the box's nearest edge), both its ends, every
        tenth longer, muted, under everything on the plane (180 whole lines merged into a
        grey blot, with the points' halos holes in it)."""
        box, theme = self.plane.box, self.theme
        radius = FAN_RADIUS * min(abs(v) for v in (box.x_min, box.x_max, box.y_min, box.y_max))
        ticks = VGroup()
        for degrees in range(0, 360, FAN_DEGREES):
            angle = np.radians(degrees)
            way = np.array([np.cos(angle), np.sin(angle)])
            inner = radius * (1.0 - (0.12 if degrees % 10 == 0 else 0.06))
            ticks.add(Line(self.plane.c2p(inner * way), self.plane.c2p(radius * way),
                           color=theme.muted, stroke_width=0.8, stroke_opacity=0.5))
        ticks.set_z_index(-1)  # (faint: reviews 367, a ring drawn over the data)
        return ticks

    def step_line_round(self, seconds: float) -> None:
        """A line through 0 (:meth:`moving_line`) stepped round the protractor
        :data:`FAN_DEGREES` at a time, half round, in ``seconds`` (each step one line the
        grid tries), then gone."""
        turn = ValueTracker(0.0)

        def stepped():
            angle = np.radians(FAN_DEGREES * np.floor(turn.get_value() / FAN_DEGREES))
            return np.array([np.cos(angle), np.sin(angle)]), 0.0

        stepping = self.moving_line(stepped, shading=False)
        self.add(stepping)
        self.play(turn.animate.set_value(180.0 - 1e-9), run_time=seconds, rate_func=linear)
        stepping.clear_updaters()
        self.play(vanish(stepping), run_time=style.RUN_FADE)
        self.remove(stepping)

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
        table.lit_row = lines[1]  # (this scene's row, lit again as its tool is named)
        return table.move_to([(left + right) / 2, self.weights.frame.get_center()[1] + 0.5,
                              0.0])

    def turn_trial_line(self, beat) -> None:
        """A line through 0, grey, its + side shaded, turned half round (the lesson's
        ``sweep``) as the turning is said, its count of mistakes read off as it turns and,
        with the beat's ``sweep_chart``, plotted against the angle turned in the right half;
        as the best is said, turned back to the line of the lesson's ``scaling_theta`` (the
        sweep's ``rest``), the chart's dot back along its steps, its mistakes marked (the
        beat's ``wrong_marks``), held to the sentence's end (the chart to the notes'
        table)."""
        turn, sweep = ValueTracker(0.0), self.lesson.sweep
        reached = [0.0]  # (how far the chart's steps are drawn: the turn's farthest)
        X, y = np.asarray(self.data.X, dtype=float), np.asarray(self.data.y, dtype=float)

        def side() -> np.ndarray:  # the θ of the line's better side, the one counted
            return better_side(X, y, sweep.normal_at(turn.get_value()))

        # its + side shaded, the side its count takes (review 290: with no side shown, 44
        # or 56 wrong could not be checked)
        trial = Hyperplane(self.plane, side(), 0.0, show_normal=False, show_notes=False,
                           show_shading=True)
        trial.line.set_color(self.theme.muted)
        trial.add_updater(lambda m: m.set_parameters(side(), 0.0))
        count = self.turn_readout(sweep, turn)
        moving, coming = [trial, count], [trial, count]
        if beat.state["sweep_chart"]:  # (review 323: the right half empty, then 8 s still)
            chart = SweepChart(sweep, self.theme, *right_half(self.plane),
                               float(self.plane.frame.get_center()[1]))
            curve = chart.curve(0.0)
            curve.add_updater(lambda m: m.become(chart.curve(turn.get_value(), reached[0])))
            moving.append(curve)
            coming.append(chart)
        self.play(*map(appear, coming), run_time=style.RUN_FADE)
        if len(moving) > 2:
            self.add(moving[2])
        seconds = self.seconds_until(BEST_WORDS)  # (the caption opens with the turn)
        seconds = max(seconds if seconds is not None else self.speech_left(), style.RUN_FADE)
        self.play(turn.animate.set_value(sweep.turn), run_time=seconds, rate_func=linear)
        reached[0] = sweep.turn
        # back to the best as it is said (reviews 358, 360: begun on it, "0 wrong" was seen
        # 9 s before it was said)
        if self.seconds_until(BEST_WORDS) is not None:
            self.wait_for_words(BEST_WORDS)
        self.play(turn.animate.set_value(sweep.rest), run_time=style.RUN_PARAMETER)
        for m in moving:
            m.clear_updaters()
        if len(moving) > 2:  # the chart stands to the notes' table
            self.remove(chart, moving[2])
            self.sweep_drawn = VGroup(chart, moving[2])
            self.add(self.sweep_drawn)
        self.show_wrong_marks(beat)  # its mistakes, as their count is said
        # it stays with its marks to the sentence's end (review 308: the marks stood alone
        # beside the notes' table), one drawing, to leave with the sentence
        self.remove(trial, count)
        stopped = VGroup(trial, count)
        self.add(stopped)
        self.mark_for_beat(stopped)

    def turn_readout(self, sweep, turn) -> VGroup:
        """The trial line's count of mistakes after ``turn`` (a tracker of radians turned,
        the ``sweep``'s), over the data plane's top right, following it (review 271: it
        turned with no readout): the question is whether the count can reach 0."""
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

        count = VGroup(count_words(sweep.count_at(0.0)).copy())
        count.add_updater(lambda m: m.become(count_words(sweep.count_at(turn.get_value()))))
        return count
