"""The beat of `linear-program` where the programme is seen succeeding on data no line
separates (review 281: "the LP never succeeds on screen"): the points the fewest-mistake
line gets wrong left out (squared), the solver's line with an offset drawn in the colour
of a correct answer, its band θᵀx + θ₀ = ±1 shaded faintly (every kept point on or beyond
it)."""

from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, UP, Create, DashedLine, VGroup

from linviz.lessons.linear_program_story import LEFT_OUT_NAMED
from scenes.linear_program_parts.common import INSET_AXES_OPACITY, band_dashes
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text

#: the room (screen units) between the data plane, the close-ups and the frame's edge
SUBSET_INSET_GAP = 0.3
#: the word of the subset beat as which its programme is written out
LEAVE_WORDS = "Leave"


#: the white line's width once the solver's green line and band are drawn under it
WHITE_OVER_WIDTH = 1.5


class SubsetBeats:
    """The solver's line without the left-out points (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    subset_drawn = None

    def draw_subset(self, beat) -> None:
        """The close-ups and the overlap's drawings leave; a line that gets the fewest wrong
        comes white as the fewest is said, its mistakes squared as it is named; as "green
        line" is said, the solver's line comes beside it, with its band (the white leaves
        with the sentence)."""
        self.drop_near()
        self.clear_right_half()
        # the solve's status waits for the solve (review 292: "without the 3 (□): feasible"
        # stood 5 s before "Leave those out", 9 s before its line)
        self.set_rings(list(beat.state["ringed"]))
        solved, theme = self.lesson.subset, self.theme
        # a line that gets the fewest wrong, white, as it is named, its mistakes squared
        fewest = self.lesson.fewest_line
        white = Hyperplane(self.plane, fewest.theta, fewest.theta0, show_normal=False,
                           show_notes=False, show_shading=False)
        white.line.set_color(theme.text)
        # drawn as the fewest is said, a line that reaches it (review 303: 5 s of bare data
        # under "no line gets fewer"); its mistakes squared as they are named
        self.play(Create(white.line), run_time=style.RUN_INTRO)
        self.wait_for_words("the white one")
        self.show_wrong_marks(beat)
        left_out = list(solved.left_out)
        if len(left_out) <= LEFT_OUT_NAMED:  # named as said (review 297: squares unnamed)
            names = self.point_names(left_out, lines=[(fewest.theta, fewest.theta0)])
            self.play(appear(names), run_time=style.RUN_FADE)
            self.mark_for_beat(names)
        line = Hyperplane(self.plane, solved.theta, solved.theta0, show_normal=False,
                          show_notes=False, show_shading=False)
        line.line.set_color(theme.correct)
        # every kept point's y·score ≥ 1: on or beyond θᵀx + θ₀ = ±1, 1/‖θ‖ from the line
        band = self.margin_band(solved.theta, solved.margin, theme.correct, dashed=False,
                                theta0=solved.theta0)
        self.show_programme_rows(beat.state["programme_rows"])
        self.wait_for_words("is feasible")
        self.set_status(beat.state["status"])
        self.wait_for_words("green line")
        self.play(Create(line.line), appear(band), run_time=style.RUN_INTRO)
        self.remove(line.line, band)
        self.subset_drawn = VGroup(band, line)
        self.add(self.subset_drawn)
        # the white stays beside it to the sentence's end, to be compared (review 296: it
        # left before the green came, "nearly the white" unseen), thinner over it (review
        # 305: under the green's band it was hidden where they nearly coincide)
        # dashed over it (review 308: solid, it was lost in the green where they coincide)
        dashed = DashedLine(white.line.get_start(), white.line.get_end(), color=theme.text,
                            stroke_width=WHITE_OVER_WIDTH, dash_length=0.1)
        self.remove(white.line)
        self.add(dashed)
        self.mark_for_beat(dashed)

    def show_programme_rows(self, programme) -> None:
        """The programme with an offset written out right of the data as "Leave" is said
        (the beat's ``programme_rows``: its name, and (row, left out) for each row), then
        each left-out row dimmed and tagged; until the next sentence."""
        if not programme:
            return
        title, rows = programme
        self.wait_for_words(LEAVE_WORDS)
        card = self.inequality_card([line for line, _ in rows])
        name = text(title, self.theme, style.FONT_SMALL, self.theme.muted).next_to(
            card, UP, buff=0.3, aligned_edge=LEFT)
        self.play(appear(card), appear(name), run_time=style.RUN_FADE)
        rows_drawn = [row for row in card.submobjects if row is not card.background_rectangle]
        struck = [row for row, (_, out) in zip(rows_drawn, rows) if out]
        # (a line struck through hid the rows' minus signs)
        # (in a column right of the widest row)
        tags = VGroup(*[text("left out (□)", self.theme, style.FONT_SMALL,
                             self.theme.highlight).next_to(row, RIGHT, buff=0.25)
                        for row in struck])
        for tag in tags:
            tag.set_x(card.get_right()[0] + 0.25 + tag.width / 2)
        self.play(*[row.animate.set_opacity(0.4) for row in struck], appear(tags),
                  run_time=style.RUN_INTRO)
        drawn = VGroup(card, name, tags)
        self.remove(*drawn.get_family())  # (its rows played apart: one mark again)
        self.add(drawn)
        self.mark_for_beat(drawn)

    def point_names(self, indices, lines=()) -> VGroup:
        """The points ``indices`` named by their numbers as ringed points are
        (:meth:`~scenes.linear_program.LinearProgramScene.ring_names`), where no ring is drawn (a square marks them)."""
        standing, self.rings = self.rings, {i: self.ring(i) for i in indices}
        try:
            return self.ring_names(indices, 2, lines)
        finally:
            self.rings = standing

    def draw_subset_tight(self, beat) -> None:
        """Where the beat says so, the line and its lines θᵀx + θ₀ = ±1 magnified round
        the points whose y·score is exactly 1, in a row on the right, as "the ringed" is
        said; those points ringed then and named, their names off the line."""
        self.set_status(beat.state["status"])
        # the rings and the close-ups as "the ringed" is said (review 298: the points
        # looked on the line 14 s before the close-ups came; review 302: they came 3 s
        # before the points were named, the rings after)
        self.wait_for_words("the ringed")
        self.set_rings(list(beat.state["ringed"]))
        if beat.state["subset_insets"]:
            self.subset_insets = self.subset_magnifiers()
            self.play(appear(self.subset_insets), run_time=style.RUN_FADE)
            self.mark_for_beat(self.subset_insets)
        solved = self.lesson.subset
        self.name_rings(lines=[(solved.theta, solved.theta0)])

    def subset_magnifiers(self) -> VGroup:
        """The solver's line and its lines θᵀx + θ₀ = ±1 (dashed) magnified round each of
        the lesson's ``subset_insets`` places, side by side right of the data plane in the
        order their points stand from left to right, each level with its place as far as
        it fits, named by its point ("7: ×4")."""
        solved, theme = self.lesson.subset, self.theme
        # left to right as their points stand (read in the data's order), the
        # first named of points level
        X = np.asarray(self.data.X, dtype=float)
        insets = sorted(self.lesson.subset_insets, key=lambda inset: (X[inset[0], 0], inset[0]))
        left = self.plane.frame.get_right()[0] + SUBSET_INSET_GAP
        right = self.camera.frame_width / 2 - SUBSET_INSET_GAP
        bottom, top = self.plane.frame.get_bottom()[1], self.plane.frame.get_top()[1]
        width = (right - left) / len(insets)

        def drawings(inset):
            # its axes faint (review 298: x₂ = 0 through 57's read as a third line)
            inset.axes.set_stroke(opacity=INSET_AXES_OPACITY)
            line = Hyperplane(inset, solved.theta, solved.theta0, show_normal=False,
                              show_notes=False, show_shading=False)
            line.line.set_color(theme.correct)
            return VGroup(self.side_tints(inset, solved.theta, solved.theta0), line,
                          band_dashes(inset, solved.theta, solved.theta0, theme.correct,
                                      dash_length=0.08))

        lines = [(solved.theta, solved.theta0 - level) for level in (0.0, 1.0, -1.0)]
        # no leaders: from squares across the data they crossed its points and each other
        # (review 298); each inset and its point are named alike ("34: ×3", "34")
        return VGroup(*[magnifier(self.plane, self.data.X, self.data.y, box, zoom, theme,
                                  drawings, lines=lines, times_words=f"{i + 1}:",
                                  leaders=False,
                                  beside=np.array([left + k * width, bottom,
                                                   left + (k + 1) * width, top]))
                        for k, (i, box, zoom) in enumerate(insets)])

    def drop_subset(self) -> None:
        """The solver's line and its band leave (the notes' remark is of every point)."""
        if self.subset_drawn is not None and self.on_screen(self.subset_drawn):
            self.play(vanish(self.subset_drawn), run_time=style.RUN_FADE)
            self.remove(self.subset_drawn)
        self.subset_drawn = None
