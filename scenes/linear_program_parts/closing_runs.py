"""The closing runs of `linear-program`: the perceptron's updates in each pass as bars
under the closing's rows; where it stopped, its last pass lit, and beside it the same
points with one label flipped (the beat's ``flipped``), whose run makes an update in every
pass (review 323: "it never stops" was said over the separable run's chart)."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Circle, LaggedStart, Line, Rectangle, VGroup

from linviz.lessons.linear_program_story import FLIP_WORDS, STOP_WORDS
from scenes.linear_program_parts.common import WEIGHT_CENTER
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, with_backdrop
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


class ClosingRuns:
    """The closing's runs (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.offset.OffsetBeats`)."""

    def draw_watched(self, beat) -> None:
        """The perceptron's updates in each pass drawn as bars under the closing's rows (the
        beat's ``pass_counts``), as they are said; where it stopped, its last pass lit as
        said (review 296: they grew under the notes' remark, the running perceptron then
        said over a still); where the beat flips a label (its ``flipped``), as that is
        said, the point's marker flipped and ringed, and that run's bars beside."""
        stop = STOP_WORDS if self.lesson.feasible else None
        flipped = beat.state["flipped"]
        title = ("this run through 0:", "updates in each pass") if flipped else (
            "through 0, updates in each pass",)
        self.show_pass_counts(beat.state["pass_counts"],
                              title, until=stop, beside=bool(flipped))
        if stop is not None and beat.state["pass_counts"]:  # its stop, lit as said
            self.wait_for_words(STOP_WORDS)
            self.play(lit(self.pass_chart.bars[-1], self.theme), run_time=style.PAUSE_READ)
        if flipped:
            self.wait_for_words(FLIP_WORDS)
            i = flipped["point"]
            self.set_rings([i])
            self.flip_marker(i)  # (over the ring's redrawn signs)
            self.name_rings()
            run = self.pass_chart
            self.show_pass_counts(flipped["passes"], (f"point {i + 1}'s label flipped:",
                                                      "updates in each pass"),
                                  bar_width=FLIPPED_BAR_WIDTH, beside_of=run)
            # and on: no pass of it is without an update
            more = text("…", self.theme, style.FONT_PANEL, self.theme.text)
            more.next_to(self.pass_chart.bars, RIGHT, buff=0.12).align_to(
                self.pass_chart.base, DOWN).shift(UP * 0.05)
            self.play(appear(more), run_time=style.RUN_FADE)

    def flip_marker(self, i: int) -> None:
        """Point i drawn with the other label's marker over its own (on a disc of the
        background's colour), till the scene's end."""
        plane, label = self.plane, -float(self.data.y[i])
        at = plane.c2p(self.data.X[i])
        cover = Circle(radius=plane.marker_size * 1.35, stroke_width=0,
                       fill_color=self.theme.background, fill_opacity=1.0).move_to(at)
        flipped = VGroup(cover, Marker(label, self.theme, size=plane.marker_size).move_to(at))
        self.play(appear(flipped), run_time=style.RUN_FADE)

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
                         bar_width: float = PASS_BAR_WIDTH, beside_of=None) -> None:
        """The updates of a run's first passes (``counts``), as said, drawn as bars in the
        right half, level with the data plane's middle (under the closing's rows), until
        the next sentence; all drawn by the words ``until`` when given; ``beside``: left
        of the middle, another to come beside it; ``beside_of``: right of that chart."""
        if not counts:
            return
        words = self.pass_bars(counts, title, bar_width)
        verdict = getattr(self, "verdict_drawn", None)
        if verdict is not None and self.on_screen(verdict):  # under the closing's rows
            words.next_to(verdict, DOWN, buff=0.5).set_x(WEIGHT_CENTER[0])
        else:
            words.move_to([WEIGHT_CENTER[0], float(self.plane.frame.get_center()[1]), 0.0])
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
        self.play(LaggedStart(*map(appear, bars), lag_ratio=1.0), run_time=seconds)
        self.remove(*words.get_family())
        self.add(words)
        self.mark_for_beat(words)
        self.pass_chart = words
