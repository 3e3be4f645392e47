"""The beat of `linear-program` where the programme is seen succeeding on data no line
separates (review 281: "the LP never succeeds on screen"): the points the fewest-mistake
line gets wrong left out (squared), the solver's line with an offset drawn in the colour
of a correct answer, its band θᵀx + θ₀ = ±1 shaded faintly (every kept point on or beyond
it)."""

from __future__ import annotations

from manim import Create, VGroup

from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.plane import Hyperplane


class SubsetBeats:
    """The solver's line without the left-out points (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    subset_drawn = None

    def draw_subset(self, beat) -> None:
        """The close-ups and the overlap's drawings leave; the left-out points are squared as they are said; as "the
        green line" is said, it comes with its band."""
        self.drop_near()
        self.clear_right_half()
        self.follow_beat(beat)
        self.show_wrong_marks(beat)
        solved, theme = self.lesson.subset, self.theme
        line = Hyperplane(self.plane, solved.theta, solved.theta0, show_normal=False,
                          show_notes=False, show_shading=False)
        line.line.set_color(theme.correct)
        # every kept point's y·score ≥ 1: on or beyond θᵀx + θ₀ = ±1, 1/‖θ‖ from the line
        band = self.margin_band(solved.theta, solved.margin, theme.correct, dashed=False,
                                theta0=solved.theta0)
        self.wait_for_words("the green")
        self.play(Create(line.line), appear(band), run_time=style.RUN_INTRO)
        self.remove(line.line, band)
        self.subset_drawn = VGroup(band, line)
        self.add(self.subset_drawn)

    def draw_subset_tight(self, beat) -> None:
        """The points whose y·score is exactly 1 ringed and named as they are said, their
        names off the line."""
        self.set_status(beat.state["status"])
        self.wait_for_words("exactly 1")
        self.set_rings(list(beat.state["ringed"]))
        solved = self.lesson.subset
        self.name_rings(lines=[(solved.theta, solved.theta0)])

    def drop_subset(self) -> None:
        """The solver's line and its band leave (the notes' remark is of every point)."""
        if self.subset_drawn is not None and self.on_screen(self.subset_drawn):
            self.play(vanish(self.subset_drawn), run_time=style.RUN_FADE)
            self.remove(self.subset_drawn)
        self.subset_drawn = None
