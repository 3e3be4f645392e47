"""The closing of `linear-program`: the notes' remark and its answers as rows in the right
half, each as said; the perceptron's run watched, its line moving in data space from update
to update, and its updates in each pass as bars; where it stopped, its last pass lit, and
beside it the same points with one label flipped (the beat's ``flipped``), whose run makes
an update in every pass (review 323: "it never stops" was said over the separable run's
chart); where it cannot stop, that said at its bars' end."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, LaggedStart, Line, Rectangle, ValueTracker,
                   VGroup, config, linear)

from linviz.lessons.linear_program import watched_run
from linviz.lessons.linear_program_story import (FLIP_WORDS, FLIPPED_SOLVE_WORDS, NEVER_WORDS,
                                                 OWN_TABLE_WORDS, SOLVE_WORDS, STOP_WORDS,
                                                 WATCH_WORDS)
from scenes.linear_program_parts.common import WEIGHT_CENTER
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish, with_backdrop
from scenes.toolkit.markers import Marker
from scenes.toolkit.screen_text import text

#: the pass counts' bars: each one's width, and the tallest one's height (screen units)
PASS_BAR_WIDTH, PASS_BAR_HEIGHT = 0.35, 1.2
#: the passes' bars come one by one over this share of the speech left, at most this long (s)
PASS_BARS_SHARE, PASS_BARS_MOST = 0.7, 6.0
#: the room (screen units) between the run's chart and the flipped run's, and how far left
#: of the right half's middle the run's chart ends where the flipped run's comes beside it
CHARTS_GAP, BESIDE_SHIFT = 0.6, 1.2
#: the flipped run's bars' width (eight of them beside the run's few)
FLIPPED_BAR_WIDTH = 0.25
#: how far (screen units) right of the data plane the closing's rows start, and the least
#: room they keep from the frame's right edge
ROWS_GAP, ROWS_EDGE = 0.9, 0.4
#: the first row's centre over the data plane's top, and the gap between rows: four rows
#: clear of the pass charts' titles (the fourth, the flipped set's, touched them)
ROWS_TOP, ROWS_BUFF = 0.25, 0.22
#: the room (screen units) between the closing's last row and the notes' table under it
TABLE_UNDER_ROWS = 0.45


class ClosingRuns:
    """The closing's runs (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.offset.OffsetBeats`)."""

    def draw_testable(self, beat) -> None:
        """The overlap's drawings and the marks leave, and the weight plane; the notes'
        remark as a row in the right half as said; as watching a perceptron is said
        (:data:`WATCH_WORDS`), the run's line (the beat's ``watching``) through its first
        pass's updates."""
        self.clear_right_half()
        self.drop_wrong_marks()
        self.drop_least_inset()  # (the kept θ's close point's)
        if not beat.state["weights"] and self.on_screen(self.weights):
            self.clear_weights()  # (the right half is the rows' and the passes')
        veil = getattr(self, "kept_veil", None)  # (over it for the kept points' close-up)
        if veil is not None and self.on_screen(veil):
            self.play(vanish(veil), run_time=style.RUN_FADE)
            self.remove(veil)
        self.follow_beat(beat)
        self.show_verdict(beat.state["verdict"])
        drawn = getattr(self, "verdict_drawn", None)
        if drawn is not None and self.on_screen(drawn):  # agreed with, as said
            # (reviews 361: said over a still)
            self.light_as_said("Indeed", [drawn[0]])
        if not beat.state["watching"]:
            return
        run = watched_run(self.lesson)
        thetas = np.asarray(run.states["theta"], dtype=float)
        self.watched_thetas, self.watch_at = thetas, ValueTracker(1.0)
        self.watch_drawn = self.moving_line(self.watched_theta, shading=False)
        self.wait_for_words(WATCH_WORDS)
        self.play(appear(self.watch_drawn), run_time=style.RUN_FADE)
        first = max(1, self.first_pass_updates(run))
        self.play(self.watch_at.animate.set_value(first), rate_func=linear,
                  run_time=max(style.RUN_FADE, self.speech_left()))

    @staticmethod
    def first_pass_updates(run) -> int:
        """The updates the run made in its first pass."""
        steps = run.steps
        return int(np.sum(np.asarray(steps["mistake"])[np.asarray(steps["epoch"]) == 1]))

    def watched_theta(self) -> tuple[np.ndarray, float]:
        """(θ, 0) of the watched run at its tracker (updates made; between two, on the
        way from one θ to the next)."""
        thetas, at = self.watched_thetas, float(self.watch_at.get_value())
        k = min(int(np.floor(at)), len(thetas) - 2)
        share = min(at - k, 1.0)
        return (1 - share) * thetas[k] + share * thetas[k + 1], 0.0

    def draw_watched(self, beat) -> None:
        """The perceptron's updates in each pass drawn as bars under the closing's rows (the
        beat's ``pass_counts``), as they are said, its line going on through them in data
        space; where it stopped, its last pass lit as said (review 296: they grew under
        the notes' remark, the running perceptron then said over a still); where the beat
        flips a label (its ``flipped``), as that is said, the run's line leaves, the point's
        marker flipped and ringed, and that run's bars beside."""
        stop = STOP_WORDS if self.lesson.feasible else None
        flipped = beat.state["flipped"]
        # (reviews 353: "this run through 0" cryptic)
        title = ("the perceptron through 0:", "updates in each pass") if flipped else (
            "through 0, updates in each pass",)
        watching = getattr(self, "watch_drawn", None)
        along = ([self.watch_at.animate(rate_func=linear).set_value(
            len(self.watched_thetas) - 1)] if watching is not None else [])
        self.show_pass_counts(beat.state["pass_counts"],
                              title, until=stop, beside=bool(flipped), along=along)
        if stop is not None and beat.state["pass_counts"]:  # its stop, lit as said
            self.wait_for_words(STOP_WORDS)
            self.play(lit(self.pass_chart.bars[-1], self.theme), run_time=style.PAUSE_READ)
        if flipped:
            self.wait_for_words(FLIP_WORDS)
            if watching is not None:  # (the run's line is the unflipped points')
                watching.clear_updaters()
                self.play(vanish(watching), run_time=style.RUN_FADE)
                self.remove(watching)
                self.watch_drawn = None
            i = flipped["point"]
            self.set_rings([i])
            self.flip_marker(i)  # (over the ring's redrawn signs)
            self.name_rings()
            run = self.pass_chart
            self.show_pass_counts(flipped["passes"], (f"point {i + 1}'s label flipped:",
                                                      "updates in each pass"),
                                  bar_width=FLIPPED_BAR_WIDTH, beside_of=run)
            self.more_passes("…")  # and on: no pass of it is without an update

    def more_passes(self, words: str, under: bool = False) -> None:
        """``words`` after the last bar of the pass chart on screen (``under``: under the
        chart, at its right end): its run goes on."""
        more = text(words, self.theme, style.FONT_PANEL, self.theme.text)
        if under:
            more.next_to(self.pass_chart, DOWN, buff=0.15).align_to(self.pass_chart, RIGHT)
        else:
            more.next_to(self.pass_chart.bars, RIGHT, buff=0.12).align_to(
                self.pass_chart.base, DOWN).shift(UP * 0.05)
        self.play(appear(more), run_time=style.RUN_FADE)
        self.remove(more)
        self.pass_chart.add(more)

    def draw_solved(self, beat) -> None:
        """One solve's answer as a row, as said; where the watched run cannot stop, "…
        never stops" after its bars as that is said; a label flipped back to its own as
        "here" is solved, flipped again as the flipped set is (reviews 334: its own showed
        as "infeasible" was said of it flipped; reviews 337: flipped as "here, feasible")."""
        self.follow_beat(beat)
        # the remark's row lit as one solve is said to decide (bench 351: a 6 s still)
        drawn = getattr(self, "verdict_drawn", None)
        if drawn is not None and self.on_screen(drawn):
            self.light_as_said(SOLVE_WORDS, [drawn[0]])
        rows, flip = beat.state["verdict"], getattr(self, "flip_drawn", None)
        flipped = [k for k, (words, _) in enumerate(rows) if words == FLIPPED_SOLVE_WORDS]
        if flip is not None and self.on_screen(flip) and flipped:
            self.show_verdict(rows[:flipped[0]])
            self.wait_for_words("here, feasible")
            self.play(vanish(flip), run_time=style.RUN_FADE)
            self.remove(flip)
            self.wait_for_words(FLIPPED_SOLVE_WORDS)
            self.play(appear(flip), run_time=style.RUN_FADE)
        self.show_verdict(rows)
        charts = getattr(self, "pass_charts_drawn", None)
        if (not self.lesson.feasible and charts is not None and self.on_screen(charts)
                and self.seconds_until(NEVER_WORDS) is not None):
            self.wait_for_words(NEVER_WORDS)
            self.more_passes("… and it never stops", under=True)

    def draw_settled(self, beat) -> None:
        """The run watched and its passes leave, done with (the state drops them); a flipped
        label back to its own (the points in hand are the data's); as the notes' own table
        is named, it comes back under the rows, its row lit as its tool is said (reviews
        347-351: the remark's reading said over a dimmed still); it stands to the end."""
        flip = getattr(self, "flip_drawn", None)
        if flip is not None and self.on_screen(flip):
            self.play(vanish(flip), run_time=style.RUN_FADE)
            self.remove(flip)
            self.flip_drawn = None
        self.follow_beat(beat)
        self.show_verdict(beat.state["verdict"])
        self.wait_for_words(OWN_TABLE_WORDS)
        table = self.notes_table(beat.state["notes_table"])
        table.next_to(self.verdict_drawn, DOWN, buff=TABLE_UNDER_ROWS)
        table.set_x(self.weights.frame.get_center()[0])
        self.play(appear(table), run_time=style.RUN_FADE)
        self.closing_table = table  # (standing while the state's ``notes_table`` holds)
        self.light_as_said("linear programme", [table.lit_row])

    def show_verdict(self, rows) -> None:
        """The closing's rows (each (words, text)) one under another in the right half,
        above the pass counts, each as its words are said: those not yet on screen (the
        last beat's stand), while the state holds them."""
        if not rows:
            return
        drawn = getattr(self, "verdict_drawn", None)
        drawn = drawn if drawn is not None and self.on_screen(drawn) else VGroup()
        right = config.frame_width / 2 - ROWS_EDGE
        for words, line in rows[len(drawn):]:
            self.wait_for_words(words)
            row = with_backdrop(text(line, self.theme, style.FONT_PANEL, self.theme.text),
                                self.theme)
            if len(drawn):
                row.next_to(drawn, DOWN, buff=ROWS_BUFF, aligned_edge=LEFT)
            else:
                left = min(self.plane.frame.get_right()[0] + ROWS_GAP, right - row.width)
                row.move_to([left + row.width / 2, self.plane.frame.get_top()[1] + ROWS_TOP,
                             0.0])
            if row.get_right()[0] > right:  # (all of them left, in line)
                drawn.shift((right - row.get_right()[0]) * RIGHT)
                row.shift((right - row.get_right()[0]) * RIGHT)
            self.play(appear(row), run_time=style.RUN_FADE)
            self.remove(row, *drawn)
            drawn.add(row)
            self.add(drawn)  # one drawing on screen: what comes under it finds it
        self.verdict_drawn = drawn  # (standing while the state's ``verdict`` holds)

    def flip_marker(self, i: int) -> None:
        """Point i drawn with the other label's marker over its own (on a disc of the
        background's colour), till the scene's end."""
        plane, label = self.plane, -float(self.data.y[i])
        at = plane.c2p(self.data.X[i])
        cover = Circle(radius=plane.marker_size * 1.35, stroke_width=0,
                       fill_color=self.theme.background, fill_opacity=1.0).move_to(at)
        flipped = VGroup(cover, Marker(label, self.theme, size=plane.marker_size).move_to(at))
        self.play(appear(flipped), run_time=style.RUN_FADE)
        self.flip_drawn = flipped  # (kept over the ring's signs, drawn again each beat)

    def pass_bars(self, counts, title=("updates in each pass",),
                  bar_width: float = PASS_BAR_WIDTH) -> VGroup:
        """The updates of each of the run's first passes as bars ``bar_width`` wide, each
        with its count over it and its pass under it, named by the lines ``title`` (a run
        that settles ends on a pass with none)."""
        theme, tallest = self.theme, max(counts)
        bars = VGroup()
        for k, count in enumerate(counts):
            # (a pass with no update: a sliver on the base, its 0 over it)
            bar = Rectangle(width=bar_width,
                            height=max(PASS_BAR_HEIGHT * count / tallest, 0.02),
                            stroke_width=0, fill_color=theme.step, fill_opacity=0.85)
            bar.move_to([k * 2 * bar_width, 0, 0], aligned_edge=DOWN)
            number = text(str(count), theme, style.FONT_SMALL, theme.text).next_to(
                bar, UP, buff=0.06)
            under = text(str(k + 1), theme, style.FONT_SMALL, theme.muted).next_to(
                [bar.get_x(), 0, 0], DOWN, buff=0.08)
            bars.add(VGroup(bar, number, under))
        base = Line(bars.get_corner(DOWN + LEFT) + LEFT * 0.1,
                    bars.get_corner(DOWN + RIGHT) + RIGHT * 0.1, color=theme.muted,
                    stroke_width=2).set_y(0)
        name = VGroup(*[text(line, theme, style.FONT_SMALL, theme.text) for line in title])
        name.arrange(DOWN, buff=0.08)
        chart = VGroup(name, VGroup(base, bars)).arrange(DOWN, buff=0.15)
        chart.bars, chart.base = bars, base  # each bar (bar, count, pass) to come in turn
        return with_backdrop(chart, theme)

    def show_pass_counts(self, counts, title=("updates in each pass",),
                         until: str | None = None, beside: bool = False,
                         bar_width: float = PASS_BAR_WIDTH, beside_of=None,
                         along=()) -> None:
        """The updates of a run's first passes (``counts``), as said, drawn as bars in the
        right half, level with the data plane's middle (under the closing's rows), until
        the next sentence; all drawn by the words ``until`` when given; ``beside``: left
        of the middle, another to come beside it; ``beside_of``: right of that chart;
        ``along``: animations played as the bars come (the run's line going on)."""
        if not counts:
            return
        words = self.pass_bars(counts, title, bar_width)
        # its foot level with the data plane's (the rows to come stand over it)
        words.move_to([WEIGHT_CENTER[0], 0.0, 0.0]).align_to(self.plane.frame, DOWN)
        if beside:  # (its right edge a little left of the middle)
            words.shift((WEIGHT_CENTER[0] - BESIDE_SHIFT - words.get_right()[0]) * RIGHT)
        if beside_of is not None:  # right of that chart, level with it
            words.next_to(beside_of, RIGHT, buff=CHARTS_GAP).align_to(beside_of, UP)
        bars = words.bars
        # the passes come one by one while the run is said to go on (review 271: the chart
        # stood 14 s still) (all but the bars: the name, the backdrop and the base line)
        rest = [m for m in words.submobjects if bars not in m.get_family()]
        self.play(*map(appear, rest), appear(words.base), run_time=style.RUN_FADE)
        seconds = min(PASS_BARS_MOST, max(style.RUN_INTRO, PASS_BARS_SHARE * self.speech_left()))
        if until is not None and self.seconds_until(until) is not None:
            seconds = min(seconds, max(style.RUN_FADE, self.seconds_until(until)))
        self.play(LaggedStart(*map(appear, bars), lag_ratio=1.0), *along, run_time=seconds)
        # the charts stand while the state's ``pass_counts`` holds (one drawing: the run's
        # and the flipped run's)
        self.remove(*words.get_family())
        charts = getattr(self, "pass_charts_drawn", None)
        if charts is not None and self.on_screen(charts):
            self.remove(charts)
        else:
            charts = VGroup()
        charts.add(words)
        self.add(charts)
        self.pass_chart, self.pass_charts_drawn = words, charts
