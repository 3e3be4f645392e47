"""`proof`: the perceptron convergence theorem, proved on a real run.

The theorem (notes 000): if (A) the classifiers pass through the origin,
(B) some θ* has y⁽ⁱ⁾θ*ᵀx⁽ⁱ⁾/‖θ*‖ ≥ γ > 0 for every i, and (C) ‖x⁽ⁱ⁾‖ ≤ R
for every i, then the perceptron makes at most (R/γ)² updates. The proof
follows one update θ ← θ + yx, made on a mistake (yθᵀx ≤ 0):

1. (θ + yx)·θ*/‖θ*‖ = θ·θ*/‖θ*‖ + y x·θ*/‖θ*‖ ≥ θ·θ*/‖θ*‖ + γ,
   so after M updates θ·θ*/‖θ*‖ ≥ Mγ;
2. ‖θ + yx‖² = ‖θ‖² + 2yθᵀx + ‖x‖² ≤ ‖θ‖² + R², so ‖θ‖² ≤ MR²;
3. Mγ ≤ θ·θ*/‖θ*‖ ≤ ‖θ‖ ≤ √M R, hence M ≤ (R/γ)².

The scene states the assumptions with this data set's R and γ (θ* is the
maximum-margin separator), plays the run (given ⌊(R/γ)²⌋ + 2 passes, said)
update by update with both quantities plotted against M beside their bounds
Mγ and MR², replays the chain with live numbers, and ends with the
normalized form (every x divided by R: ‖x‖/R ≤ 1, ‖θ*‖ = 1, margin γ/R, M ≤ 1/(γ/R)²),
checked by a real run of the perceptron through the origin on the scaled
points, whose outcome the caption says as it is. A frame moves over the
board to the rows each caption is about. ``ProofOffsetScene`` proves the
offset case on the augmented vectors [x, 1] and [θ, θ₀], and first shows the
offset run and the run through the origin on [x, 1] side by side, update by
update (notes 004's key step, from two real runs).

Every number and every run-dependent word comes from the lesson
(:mod:`linviz.lessons.proof`); the scene only draws it. The animated state is
the update count M (``self.tracker``, fractional between updates) and the
scale c of the data (``self.scale``, 1 until the data is divided by R); every
drawing is a function of them.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, VGroup, linear, smooth

from linviz.lessons.margin_story import gamma_places as margin_places
from linviz.lessons.proof import ProofLesson, proof_lesson
from linviz.lessons.proof_story import DEFAULT_DATA, proof_storyboard
from linviz.replay import state_at
from scenes.base import LinvizScene
from scenes.proof_parts.boards import ProofBoards
from scenes.proof_parts.common import NORMALIZED_RUN_ROW, THEOREM_ROWS, counted
from scenes.proof_parts.plane import ProofPlane
from scenes.toolkit import style
from scenes.toolkit.layout import appear, still_parts, vanish
from scenes.toolkit.screen_text import fmt_vector, math, text
from scenes.toolkit.speed.fast_shapes import FastDashedLine


class ProofScene(ProofBoards, ProofPlane, LinvizScene):
    """The convergence theorem and its proof, on a perceptron run through the origin."""

    default_data = DEFAULT_DATA["proof"]
    needs_separable = "origin"
    offset = False
    plays = ("perceptron", {"offset": False})

    def make_lesson(self) -> ProofLesson:
        """The lesson (:func:`linviz.lessons.proof.proof_lesson`), through the origin or,
        for proof-offset, with an offset (``self.offset``, as the storyboard is told)."""
        return proof_lesson(self.data, offset=self.offset, trace=self.saved_trace)

    def make_storyboard(self, lesson):
        return proof_storyboard(lesson, self.scene_name(), self.offset, self.request().heard)

    def trace_of(self, lesson):
        """The lesson's run (the saved trace, or the engine's given ⌊(R/γ)²⌋ + 2 passes)."""
        return lesson.trace

    # -- numbers -----------------------------------------------------------
    def build(self) -> None:
        lesson = self.lesson
        self.quantities = lesson.quantities
        #: decimals γ is shown with, and every gain set beside it
        self.gamma_places = margin_places(lesson.quantities.gamma)
        self.M_final = lesson.M_final
        self.thetas = self.trace.states["theta"]
        self.theta0s = self.trace.states["theta0"]
        self.update_points = lesson.update_points
        # the same theorem on the points divided by R: the normalized form, run for real
        self.unit_quantities = lesson.unit
        # θ* in the plane: its line, band and circle (see ProofLesson)
        self.star_normal = lesson.star_normal
        self.star_offset = lesson.star_offset
        self.band_half_width = lesson.band_half_width
        self.disk_radius = lesson.disk_radius
        self.build_plane()
        self.build_boards()

    def state_at(self, M: float | None = None) -> tuple[np.ndarray, float]:
        """(θ, θ₀) after M updates, linear in between (the tracker's M when None)."""
        M = self.tracker.get_value() if M is None else M
        return state_at(self.thetas, self.theta0s, np.arange(len(self.thetas)), M)

    def whole_M(self) -> int:
        """The updates fully made at the tracker's value."""
        return int(np.floor(self.tracker.get_value() + 1e-9))

    def draw_runs_table(self, beat) -> None:
        """The perceptron with offset on x and the perceptron through the origin on [x, 1],
        both run for real, update by update side by side: the same points, the same θ."""
        lesson, theme, small = self.lesson, self.theme, style.FONT_SMALL
        offset_states, lifted_states = lesson.offset_states, lesson.lifted_states
        lifted_points = lesson.lifted_trace.steps["i"][lesson.lifted_trace.steps["mistake"]]
        M = lesson.M_final
        shown = style.TRACE_ROWS_SHOWN
        updates = list(range(1, M + 1)) if M <= shown else [*range(1, shown), M]
        tiny = style.FONT_TINY
        header = [text("update", theme, tiny, theme.muted),
                  text("point", theme, tiny, theme.muted),
                  text("with offset on $x$: $(theta, theta_0)$", theme, tiny, theme.normal),
                  text("point", theme, tiny, theme.muted),
                  text("through 0 on $[x, 1]$: $theta'$", theme, tiny, theme.correct)]
        rows = [header]
        for k in updates:
            rows.append([
                math(str(k), theme, style.FONT_PANEL),
                math(str(int(lesson.update_points[k - 1]) + 1), theme, style.FONT_PANEL),
                math(fmt_vector(offset_states[k]), theme, style.FONT_PANEL, theme.normal),
                math(str(int(lifted_points[k - 1]) + 1), theme, style.FONT_PANEL),
                math(fmt_vector(lifted_states[k]), theme, style.FONT_PANEL, theme.correct)])
        grid = VGroup(*[VGroup(*row) for row in rows])
        widths = [max(row[c].width for row in rows) for c in range(len(header))]
        for row in grid:
            x = 0.0
            for cell, width in zip(row, widths):
                cell.move_to(RIGHT * (x + cell.width / 2))
                x += width + style.BUFF
        grid.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        if M > shown:  # the rows skipped, marked between the last two
            grid[-1].shift(DOWN * style.BUFF)
            gap = text("…", theme, tiny, theme.muted)
            gap.move_to((grid[-2][0].get_center() + grid[-1][0].get_center()) / 2)
            grid[-1].add(gap)
        if lesson.offset_run_is_lifted_run:
            every = f"All {counted(M, 'update')}" if M > 1 else "The one update"
            verdict = text(f"{every}: the same points, and $(theta, theta_0) = theta'$ in every "
                           f"entry.", theme, small, theme.correct)
        else:
            verdict = text("The two runs part: rounding made one point a mistake in one run "
                           "only.", theme, small, theme.mistake)
        self.runs_board = self.board_of([
            text("*Two real runs*, made apart, update by update:", theme, small), grid,
            verdict])
        self.runs_grid, self.runs_verdict = grid, verdict
        self.highlight()
        self.swap([self.lift], [self.runs_board[0], grid[0]])
        for row in grid[1:]:
            self.play(appear(row), run_time=style.RUN_TRACE_ROW)
        self.still(self.runs_board[0], grid)

    def draw_runs_verdict(self, beat) -> None:
        self.play(appear(self.runs_verdict), run_time=style.RUN_INTRO)
        self.highlight(VGroup(*self.runs_grid[1:]), self.runs_verdict)
        self.still(self.runs_verdict)

    def draw_theorem(self, beat) -> None:
        """The theorem's premises, then its conclusion (the lift's runs leave first)."""
        theorem = self.theorem
        if beat.state["rows"] == 1:
            self.title_card()
            if self.offset and self.on_screen(self.runs_board[0]):
                self.highlight()
                self.play(vanish(self.runs_board), run_time=style.PAUSE_SHORT)
                self.remove(self.runs_board)
        shown = VGroup(*[theorem[k] for k in THEOREM_ROWS[beat.state["rows"]]])
        self.play(appear(shown), run_time=style.RUN_SWAP)
        self.still(shown)

    def draw_highlight_bound(self, beat) -> None:
        """This data's γ, R and bound, written into the theorem as they are said."""
        values = [self.theorem[k] for k in THEOREM_ROWS[beat.state["rows"]]]
        self.play(appear(VGroup(*values)), run_time=style.RUN_INTRO)
        self.still(*values)
        self.highlight(*values)

    def draw_facts(self, beat) -> None:
        """The two facts, a beat each: every sentence brings the rows it speaks of."""
        facts, end = self.facts, beat.state["rows"]
        if end == 1:
            self.highlight()
            self.swap([self.theorem], [facts[0]])
            self.still(facts[0])
            self.facts_shown = 1
            return
        shown = self.show_rows(facts, self.facts_shown, end)
        self.facts_shown = end
        self.highlight(shown)

    def draw_run_board(self, beat) -> None:
        """The run's board and plots; M's row framed."""
        self.highlight()
        self.swap_board(self.facts, self.run_board)
        # the numbers, curves and plane follow M from now on; only they are redrawn
        self.run_numbers.add_updater(lambda _: self.update_run_numbers())
        graphs = VGroup(*[plot.graph for plot in self.plots.values()])
        graphs.add_updater(lambda _: self.follow_plots())
        self.run_graphs = graphs
        self.remove(self.run_board)
        # the numbers show the state after whole updates: still while an update plays,
        # so they come before everything that moves
        self.add(self.run_labels, self.run_numbers, graphs, self.hyperplane, self.theta_arrow,
                 self.ring)
        # θ* over θ, thinner: when the run ends with θ along θ*, both stay in sight
        self.add(self.star_vector)
        self.still(self.run_labels)
        self.highlight(self.M_row)

    def draw_highlight_plots(self, beat) -> None:
        """Each plot's bound line drawn whole, faint and dashed, as the sentence names it
        (its solid line grows with M as the run plays)."""
        self.bound_guides = VGroup(*[
            FastDashedLine(self.theme.bound).set_ends(plot.c2p(0, plot.bound[0]),
                                                      plot.c2p(plot.M_final, plot.bound[-1]))
            .set_stroke(opacity=style.GHOST_OPACITY * 2) for plot in self.plots.values()])
        self.play(appear(self.bound_guides), run_time=style.RUN_INTRO)
        self.still(self.bound_guides)
        self.highlight(self.plots["alignment"], self.plots["norm"])

    def draw_update(self, beat) -> None:
        """Update 1, with the notes on each update's Δ."""
        with self.holding(self.run_numbers):  # they change when update 1 is reached
            self.play(self.tracker.animate.set_value(beat.state["M"]),
                      appear(self.update_note_labels), run_time=style.RUN_PROOF_UPDATE,
                      rate_func=smooth)
            self.tracker.set_value(beat.state["M"])
        self.still(self.update_note_labels)
        self.wait(style.PAUSE_SHORT)  # a still frame, drawn once

    def draw_updates(self, beat) -> None:
        """The other updates one by one."""
        for M in range(self.whole_M() + 1, beat.state["M"] + 1):
            with self.holding(self.run_numbers):  # they change when update M is reached
                self.advance(M, style.RUN_PROOF_UPDATE, smooth)
            self.wait(style.PAUSE_SHORT)  # a still frame, drawn once

    def draw_fast_updates(self, beat) -> None:
        """A run too long to play update by update: the rest fast, the plots growing to the
        run's end, which the sentence names."""
        self.advance(beat.state["M"], max(style.RUN_FAST_FORWARD,
                                          self.reading_time(beat.sentence)), linear)

    def draw_highlight_end(self, beat) -> None:
        """The run's last values framed; the run board stands still from here on."""
        self.play(appear(self.run_verdict), run_time=style.RUN_INTRO)
        self.still(self.run_verdict)
        self.highlight(self.rows["alignment"], self.rows["norm"], self.run_verdict)
        self.run_numbers.clear_updaters()
        self.run_graphs.clear_updaters()
        self.update_run_numbers()
        self.follow_plots()

    def draw_chain(self, beat) -> None:
        """The chain's board; the run replayed, the chain holding after every update."""
        self.highlight()
        # the chain and M; its consequence comes with the sentence that draws it
        shown = VGroup(*self.chain_board[:beat.state["rows"]])
        # recalled (told briefly), the reasons come with the chain
        reasons = [self.chain_reasons] if beat.state["reasons"] else []
        guides = [self.bound_guides] if getattr(self, "bound_guides", None) else []
        self.swap([self.run_labels, self.update_note_labels, self.run_graphs, self.run_numbers,
                   self.run_verdict, *guides], [shown, *reasons])
        live = VGroup(*self.chain_numbers, self.chain_M.number)
        self.remove(shown)
        chain_still = still_parts(shown, live)
        self.add(live)
        self.still(chain_still, *reasons)
        self.chain_reasons_apart = bool(reasons)
        self.chain_still, self.chain_live = chain_still, live
        live.add_updater(lambda _: self.set_chain_numbers(self.whole_M()))
        self.tracker.set_value(0)
        self.advance(beat.state["M"], style.RUN_REPLAY, linear)
        live.clear_updaters()
        self.set_chain_numbers(self.whole_M())

    def draw_chain_reasons(self, beat) -> None:
        """The reason of each step of the chain, over its sign, as the sentence gives them."""
        self.play(appear(self.chain_reasons), run_time=style.RUN_INTRO)
        self.still(self.chain_reasons)
        self.chain_reasons_apart = True  # leaves with the chain's board (draw_normalized)
        self.highlight(self.chain_reasons)

    def draw_highlight_chain(self, beat) -> None:
        """The chain's consequence, M ≤ (R/γ)², and this run's M against it."""
        self.chain_later = self.show_rows(self.chain_board, len(self.chain_board) - 2,
                                          beat.state["rows"])
        self.highlight(self.chain_final)

    def draw_normalized(self, beat) -> None:
        """The scaled form's board; the points shrink by R at the end of the sentence (the
        zoom follows at once: the shrunk picture is never held)."""
        self.highlight()
        # what the sentence says (divide by R, γ becomes γ/R); the rest with its sentences
        shown = VGroup(*self.normalized[:beat.state["rows"]])
        apart = [self.chain_reasons] if getattr(self, "chain_reasons_apart", False) else []
        self.swap([self.chain_still, self.chain_later, self.chain_live, *apart], [shown])
        self.still(shown)
        self.normalized_shown = beat.state["rows"]
        left = self.timeline.still_needed(float(self.time)) - style.RUN_RESCALE
        if left > 1e-6:  # a short sentence leaves no still before the shrink
            self.wait(left)
        self.rescale_data(1 / beat.state["scale"])

    def reveal_normalized(self, rows) -> None:
        """The normalized board's rows up to ``rows`` (None: all)."""
        end = len(self.normalized) if rows is None else rows
        self.show_rows(self.normalized, self.normalized_shown, end)
        self.normalized_shown = end

    def draw_highlight_scaled(self, beat) -> None:
        self.reveal_normalized(beat.state["rows"])
        self.highlight(VGroup(self.normalized[5], self.normalized[6]))

    def draw_highlight_scaled_run(self, beat) -> None:
        self.reveal_normalized(beat.state["rows"])
        self.highlight(VGroup(*self.normalized[NORMALIZED_RUN_ROW:]))


class ProofOffsetScene(ProofScene):
    """The offset case: the theorem on the augmented points [x, 1] and vectors [θ, θ₀]."""

    default_data = DEFAULT_DATA["proof-offset"]
    needs_separable = "offset"
    offset = True
    plays = ("perceptron", {"offset": True})
