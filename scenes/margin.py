"""`margin`: how far the points are from a separator, and the separator that keeps them farthest.

As in notes 000, for the hyperplane θᵀx + θ₀ = 0:

1. the signed distance of a point x is the projection of x on θ/‖θ‖ minus
   the signed distance of the line to the origin:
   θᵀx/‖θ‖ − (−θ₀/‖θ‖) = (θᵀx + θ₀)/‖θ‖;
2. the margin of a labelled point (x⁽ⁱ⁾, y⁽ⁱ⁾) is y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖,
   negative when the point is misclassified;
3. the margin of the data set is the minimum over its points: one mistake
   makes it negative;
4. the perceptron's separator has a margin, often small; the maximum-margin
   separator θ* has the largest, γ; the circle of radius R = maxᵢ‖x⁽ⁱ⁾‖ holds every
   point — and the R and γ of the convergence proof with an offset, measured on
   [x, 1], are named beside them (they are proof-offset's).

The separators, every distance and margin and every run-dependent word come from
the lesson (:mod:`linviz.lessons.margin`); the scene only draws it. The animated
state is ``self.blend`` (0: the separator with a mistake, 1: the perceptron's,
2: θ*, linear in between on (θ, θ₀)/‖θ‖) and ``self.probe`` (0 → 1: the studied
point moves from the first probe point to the second). What the scene draws is in
:mod:`scenes.margin_parts`: the data plane with the signed distance's parts, the
boards, and the number line of the margins.
"""

from __future__ import annotations

import numpy as np
from manim import Circumscribe, FadeIn, Indicate, ValueTracker, VGroup, smooth

from linviz.lessons.margin import MarginLesson, margin_lesson
from linviz.lessons.margin_story import DEFAULT_DATA, margin_storyboard
from scenes.base import LinvizScene
from scenes.margin_parts.boards import MarginBoards
from scenes.margin_parts.common import margin_text
from scenes.margin_parts.number_line import MarginNumberLine
from scenes.margin_parts.plane import MarginPlane
from scenes.toolkit import style
from scenes.toolkit.layout import appear, still_parts

#: the scene, and how it writes a margin (read here by the tests)
__all__ = ["MarginScene", "margin_text"]


class MarginScene(MarginPlane, MarginBoards, MarginNumberLine, LinvizScene):
    """Signed distance, margins of points and of the data set, and the maximum margin."""

    default_data = DEFAULT_DATA["margin"]
    #: data no line separates is measured on its least-error line (linviz.lessons.margin)
    needs_separable = None

    plays = ("perceptron", {"offset": True})

    def make_lesson(self) -> MarginLesson:
        """The lesson (:func:`linviz.lessons.margin.margin_lesson`)."""
        return margin_lesson(self.data, trace=self.saved_trace)

    def make_storyboard(self, lesson):
        return margin_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The lesson's run (the saved trace, or the engine's given ⌊(R/γ)²⌋ + 2 passes)."""
        return lesson.trace

    # -- the separators and their numbers ------------------------------------
    def build(self) -> None:
        lesson = self.lesson
        #: the studied separator's state in the run (None: no state makes a mistake)
        self.mistake_state = lesson.mistake_state
        self.star = lesson.star
        self.separators = lesson.separators
        self.R = lesson.R
        self.perceptron_margin = lesson.perceptron_margin
        self.probe_indices = lesson.probe_indices
        #: the signed distance is shown on the perceptron's final separator (blend 1)
        self.blend = ValueTracker(1.0)
        self.probe = ValueTracker(0.0)
        self.build_plane()
        self.build_boards()
        self.build_number_line()

    def parameters(self, s: float | None = None) -> tuple[np.ndarray, float]:
        """(θ, θ₀) at blend ``s`` (the tracker's when None), with ‖θ‖ = 1 at whole values."""
        return self.lesson.parameters(self.blend.get_value() if s is None else s)

    def margins(self) -> np.ndarray:
        """The margin of every point for the current separator (from the lesson)."""
        return self.lesson.margins(self.blend.get_value())

    def probe_point(self) -> np.ndarray:
        return self.lesson.probe_point(self.probe.get_value())

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_separator(self, beat) -> None:
        """The title, the plane and the points, then the perceptron's separator."""
        self.play(appear(self.title), appear(self.plane), appear(self.plane.markers),
                  run_time=style.RUN_INTRO)
        # the title and the plane never change again: painted once into the background
        self.still(self.title, self.plane, self.plane.markers)
        self.play(appear(self.hyperplane), run_time=style.RUN_INTRO)

    def draw_distance_board(self, beat) -> None:
        """The board of the signed distance, and the ringed point's projection on θ/‖θ‖."""
        # the board's numbers are the ringed point's from their first frame (never a 0.00
        # placeholder beside a line that misses the origin: review)
        self.follow_values()
        self.play(appear(self.distance_board), run_time=style.RUN_SWAP)
        values = VGroup(*[self.values[k].number for k in ("projection", "offset", "distance")])
        self.remove(self.distance_board)
        self.distance_still = still_parts(self.distance_board, values)
        self.still(self.distance_still)
        self.follow_values()
        self.distance_parts.add_updater(lambda _: self.follow_probe())
        values.add_updater(lambda _: self.follow_values())
        self.distance_values = values
        self.play(appear(self.distance_parts), appear(values), run_time=style.RUN_INTRO)

    def draw_probe(self, beat) -> None:
        """The ring moves to the point on the other side; the board follows it."""
        self.play(self.probe.animate.set_value(beat.state["probe"]),
                  run_time=style.RUN_PARAMETER, rate_func=smooth)
        self.distance_parts.clear_updaters()
        self.distance_values.clear_updaters()
        self.follow_probe()  # the last frame's state, whatever the renderer skipped
        self.follow_values()

    def draw_margin_board(self, beat) -> None:
        """The margin board, the data set's margin and the number line of the margins."""
        self.follow_values()
        self.swap([self.distance_parts, self.distance_values, self.distance_still],
                  [self.margin_board, self.values_row, self.number_line, self.line_markers])
        values = VGroup(self.values["margin"].number, self.values["mistakes"].number)
        self.remove(self.values_row)
        self.values_still = still_parts(self.values_row, values)
        # the data set's margin, and the rings on its point, come when it is first said
        # (show_margin_values)
        self.still(self.margin_board, self.number_line)
        self.moving = VGroup(self.hyperplane, self.line_markers)
        self.margin_values = values

    def show_margin_values(self) -> None:
        """The data set's margin and the points on the wrong side, above the number line
        (once)."""
        if self.on_screen(self.margin_values):
            return
        self.follow_values()
        self.play(FadeIn(self.values_still), FadeIn(self.margin_values),
                  FadeIn(self.margin_set_rows), FadeIn(self.lowest_ring), FadeIn(self.line_ring),
                  run_time=style.PAUSE_SHORT)
        self.remove(self.values_still, self.margin_set_rows)
        self.still(self.values_still, self.margin_set_rows)
        self.moving.add(self.margin_values, self.lowest_ring, self.line_ring)

    def draw_sweep(self, beat) -> None:
        """The separator moves to the beat's (blend), the margins following it (and the data
        set's margin, when the beat says it)."""
        if beat.state["margin"] is not None:
            self.show_margin_values()
        self.sweep(beat.state["blend"], style.RUN_PARAMETER * 2)

    def draw_indicate_margin(self, beat) -> None:
        """The data set's margin the sentence says, and its point ringed on the line."""
        self.show_margin_values()
        self.play(Circumscribe(self.values["margin"], color=self.theme.highlight),
                  Indicate(self.lowest_ring, color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_max_board(self, beat) -> None:
        """The board of the maximum margin, its first row (the perceptron's margin), and the
        band round the separator."""
        rows = self.max_board_rows(beat.state["rows"])
        self.swap([self.margin_board, self.margin_set_rows], rows)
        self.still(*rows)
        self.band.set_band(*self.parameters(), max(self.lesson.data_set_margin(
            self.blend.get_value()), 0.0))
        self.play(FadeIn(self.band), run_time=style.RUN_INTRO)
        # under the separator and the points
        self.remove(self.band, self.hyperplane, self.lowest_ring)
        self.add(self.band, self.hyperplane, self.lowest_ring)
        self.moving.add(self.band)

    def draw_no_max_board(self, beat) -> None:
        """On data no line separates: the board saying no maximum margin exists, its first
        row (no band: no line has a positive margin)."""
        rows = self.max_board_rows(beat.state["rows"])
        self.swap([self.margin_board, self.margin_set_rows], rows)
        self.still(*rows)

    def draw_no_max_rows(self, beat) -> None:
        """The board's next rows, said now."""
        self.show_max_rows(beat.state["rows"])

    def draw_max_rows(self, beat) -> None:
        """θ*'s rows of the board, said now; its band and the points touching it."""
        self.show_max_rows(beat.state["rows"])
        self.play(Indicate(self.band, color=self.theme.correct, scale_factor=1.0),
                  run_time=style.RUN_INTRO)

    def show_max_rows(self, count: int) -> None:
        shown = [row for row in self.max_board_rows(count) if not self.on_screen(row)]
        if shown:
            self.play(*[FadeIn(row) for row in shown], run_time=style.RUN_INTRO)
            self.remove(*shown)
            self.still(*shown)

    def draw_widen(self, beat) -> None:
        """The line turns and shifts to θ*; the band's half-width is its margin on the way."""
        self.sweep(beat.state["blend"], style.RUN_WIDEN)

    def draw_circle(self, beat) -> None:
        self.show_max_rows(beat.state["rows"])
        self.widen_for_circle()
        self.play(appear(self.circle), appear(self.circle_label), run_time=style.RUN_INTRO)
        self.still(self.circle, self.circle_label)

    def draw_lifted_rows(self, beat) -> None:
        self.play(appear(self.lifted_rows), run_time=style.RUN_INTRO)
        self.still(self.lifted_rows)

    def draw_indicate_lifted(self, beat) -> None:
        """(R/γ)² on [x, 1], which the budget's sentence reads."""
        self.play(Circumscribe(self.lifted_rows[1], color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def sweep(self, target: float, run_time: float) -> None:
        """Play the blend to ``target`` with the separator, its band, the rings, the number
        line's markers and the values following it frame by frame.

        They follow as one group put in the scene for the play (an updater on a group that
        is not in the scene never runs: the picture would jump at the end)."""
        parts = list(self.moving.submobjects)
        self.remove(*parts)
        self.add(self.moving)
        self.moving.add_updater(self.follow_all)
        self.play(self.blend.animate.set_value(target), run_time=run_time, rate_func=smooth)
        self.moving.clear_updaters()
        self.follow_all()
        self.remove(self.moving)
        self.add(*parts)

    def follow_all(self, _=None) -> None:
        self.follow_separator()
        self.follow_number_line()
        self.follow_values()
