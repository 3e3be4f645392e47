"""The boards of `proof`: the theorem, the run's two quantities against their bounds
(numbers and plots), the chain of inequalities with live numbers, the normalized form,
and the frame over the rows each caption is about."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, SurroundingRectangle, Transform, VGroup

from linviz import formatting
from linviz.lessons.margin_story import gamma_places as margin_places
from scenes.proof_parts.common import (ALIGNMENT, CHAIN_REASONS, CHAIN_TERMS, CONSEQUENCE,
                                       FACT_ALIGNMENT, FACT_NORM, NORMALIZED_CHAIN,
                                       NORMALIZED_FACTS, NORM_SQUARED, counted, fit_in_column,
                                       signed)
from scenes.toolkit import style
from scenes.toolkit.layout import appear, board, indented, still_parts, vanish
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plots import BoundPlot
from scenes.toolkit.screen_text import fmt, fmt_grouped, math, text
from scenes.toolkit.speed.fast_shapes import drop_svg_paths
from scenes.toolkit.speed.glyph_numbers import GlyphNumber


class ProofBoards:
    """The proof's boards, built and updated (a part of
    :class:`scenes.proof.ProofScene`)."""

    # -- the boards on the right ---------------------------------------------
    def build_boards(self) -> None:
        theme, q = self.theme, self.quantities
        small = style.FONT_SMALL
        self.title = self.make_title("Why the perceptron converges"
                                     + (": with an offset" if self.offset else ""))
        R, gamma = fmt(q.R), fmt(q.gamma, margin_places(q.gamma))
        where = "$[x^((i)), 1]$" if self.offset else "$x^((i))$"
        self.theorem = self.board_of([
            text("*Theorem* (perceptron convergence). If", theme, style.FONT_BODY),
            text("A. the classifiers pass through the origin: $theta_0 = 0$," if not self.offset
                 else "A. the classifiers of $[x, 1]$ pass through its origin ($theta_0$ is a "
                      "weight),", theme, small),
            text("B. some $theta^*$ has $y^((i)) theta^(* T) x^((i)) \\/ norm(theta^*) >= gamma"
                 " > 0$ for all $i$,", theme, small),
            indented(text(f"here $gamma = {gamma}$, the margin of the maximum-margin $theta^*$",
                          theme, small, theme.correct)),
            text(f"C. every {where} has norm at most $R$,", theme, small),
            indented(text(f"here $R = max_i norm({'[x^((i)), 1]' if self.offset else 'x^((i))'})"
                          f" = {R}$", theme, small, theme.muted)),
            text("then the perceptron makes at most $(R \\/ gamma)^2$ updates.", theme,
                 style.FONT_BODY),
            indented(text(f"here $floor((R \\/ gamma)^2) = "
                          f"{fmt_grouped(self.lesson.bound_floor, 0)}$ "
                          f"$quad ((R \\/ gamma)^2 = {fmt_grouped(q.bound)})$", theme,
                          style.FONT_BODY)),
        ])
        self.facts = self.board_of([
            text("An update $theta <- theta + y x$ is made on a mistake: $y thin theta^T x "
                 "<= 0$.", theme, small),
            text("(1) the projection on $theta^* \\/ norm(theta^*)$ grows by at least $gamma$:",
                 theme, small, theme.normal),
            math(FACT_ALIGNMENT, theme, style.FONT_PANEL),
            text("(2) the squared length grows by at most $R^2$:", theme, small, theme.normal),
            math(FACT_NORM, theme, style.FONT_PANEL),
            text("So after $M$ updates, starting from $theta = 0$:", theme, small),
            math(f"{ALIGNMENT} >= M gamma, quad {NORM_SQUARED} <= M R^2", theme,
                 style.FONT_PANEL).set_color(theme.bound),
        ])
        self.build_run_board()
        self.build_chain_board()
        self.build_normalized_board()

    def board_of(self, rows) -> VGroup:
        return board(rows, self.title)

    def comparison(self, left: str, relation: str, right: str, left_values, right_values):
        """``left = a  relation  right = b`` with live numbers, spaced for the widest values."""
        theme = self.theme
        first = LiveValue(left, fmt(float(np.max(left_values))), theme, colour=theme.normal)
        second = LiveValue(right, fmt(float(np.max(right_values))), theme, colour=theme.bound)
        first.label.set_color(theme.normal)
        second.label.set_color(theme.bound)
        sign = math(relation, theme, style.FONT_PANEL)
        row = VGroup(first, sign, second).arrange(RIGHT, buff=style.BUFF)
        # one centre line for both numbers and the sign between them
        line = first.number.anchor_location()[1]
        second.shift(UP * (line - second.number.anchor_location()[1]))
        sign.set_y(first.label.get_y())
        return row, first, second

    def build_run_board(self) -> None:
        """The run's board: θ·θ*/‖θ*‖ against Mγ and ‖θ‖² against MR², each with its plot,
        M against ⌊(R/γ)²⌋, and the passes given; the notes on one update ("Δ = …") and
        the verdict on the run are kept aside, to come when they are said."""
        theme, q, lesson = self.theme, self.quantities, self.lesson
        self.rows = {}
        self.rows["alignment"], self.alignment_value, self.lower_value = self.comparison(
            ALIGNMENT, ">=", "M gamma", q.alignment, q.lower)
        self.rows["norm"], self.norm_value, self.upper_value = self.comparison(
            NORM_SQUARED, "<=", "M R^2", q.norm_squared, q.upper)
        self.plots = {
            "alignment": BoundPlot(q.alignment, q.lower, theme, theme.normal, theme.bound),
            "norm": BoundPlot(q.norm_squared, q.upper, theme, theme.normal, theme.bound),
        }
        notes = self.this_update_notes()
        self.M_row = self.updates_row()
        budget_row = text(self.budget_words(), theme, style.FONT_SMALL, theme.muted)
        # said once the run has been played (the storyboard's run rows = 1)
        self.run_verdict = text(f"converged after {counted(lesson.passes, 'pass', 'passes')}: "
                                f"the last made no update", theme, style.FONT_SMALL,
                                theme.correct)
        column = VGroup(self.rows["alignment"], self.plots["alignment"], self.rows["norm"],
                        self.plots["norm"], self.M_row, budget_row, self.run_verdict)
        column.arrange(DOWN, aligned_edge=LEFT, buff=style.BUFF)
        for row in (budget_row, self.run_verdict):  # closer to M's row and to each other
            row.shift(UP * style.BUFF / 2 * (1 if row is budget_row else 2))
        for key in ("alignment", "norm"):  # the plots' tick labels need room on the left
            self.plots[key].shift(RIGHT * style.PLOT_INDENT)
            notes[key].next_to(self.plots[key], RIGHT, buff=style.BUFF)
            column.add(notes[key])
        column.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        fit_in_column(column)  # long runs have wide numbers
        for plot in self.plots.values():
            plot.set_progress(0)
        drop_svg_paths(column)
        # the notes on "this update" come with the first update (at M = 0 there is none:
        # "Δ =" stood with no value), so the board appears without them
        update_notes = VGroup(*notes.values())
        column.remove(*update_notes, self.run_verdict)
        self.run_board = column
        self.tracker.set_value(0)
        self.run_numbers = VGroup(*[value.number for value in (
            self.alignment_value, self.lower_value, self.norm_value, self.upper_value,
            self.gain_value, self.growth_value, self.M_value)])
        self.update_run_numbers()
        self.run_labels = still_parts(column, self.run_numbers)
        self.update_note_labels = still_parts(update_notes, self.run_numbers)

    def this_update_notes(self) -> dict[str, VGroup]:
        """Beside each plot, what one update did: "this update:", the largest gain of the
        alignment (Δ ≥ γ) or growth of ‖θ‖² (Δ ≤ R²) in the run, and its limit."""
        theme, q = self.theme, self.quantities
        gains = np.diff(q.alignment) if self.M_final else np.zeros(1)
        growth = np.diff(q.norm_squared) if self.M_final else np.zeros(1)
        self.gain_value = LiveValue("Delta", signed(float(np.max(gains)), self.gamma_places), theme,
                                    colour=theme.normal)
        self.growth_value = LiveValue("Delta", signed(float(np.max(growth))), theme,
                                      colour=theme.normal)
        notes = {}
        for key, value, limit in (("alignment", self.gain_value, f">= gamma = {fmt(q.gamma, margin_places(q.gamma))}"),
                                  ("norm", self.growth_value, f"<= R^2 = {fmt(q.R**2)}")):
            notes[key] = VGroup(text("this update:", theme, style.FONT_TINY, theme.muted), value,
                                math(limit, theme, style.FONT_PANEL)).arrange(
                DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        return notes

    def updates_row(self) -> VGroup:
        """"M = …" (live) and, beside it, "≤ ⌊(R/γ)²⌋ = …"."""
        theme = self.theme
        self.M_value = LiveValue("M", formatting.grouped(self.M_final, 0), theme)
        bound_note = math(f"<= floor((R \\/ gamma)^2) = "
                          f"{fmt_grouped(self.lesson.bound_floor, 0)}", theme, style.FONT_PANEL)
        row = VGroup(self.M_value, bound_note).arrange(RIGHT, buff=style.BUFF)
        bound_note.set_y(self.M_value.label.get_y())
        return row

    def budget_words(self) -> str:
        """How many passes the run was given: the theory's ⌊(R/γ)²⌋ + 2, the engine's limit
        on one's own data, or a saved run's τ."""
        lesson = self.lesson
        if lesson.budget_is_theory_bound:
            return (f"given $floor((R \\/ gamma)^2) + 2 = "
                    f"{fmt_grouped(lesson.epochs_given, 0)}$ passes")
        if lesson.own_run:
            return (f"given {fmt_grouped(lesson.epochs_given, 0)} passes, the engine's limit "
                    f"($floor((R \\/ gamma)^2) + 2 = {fmt_grouped(lesson.theory_epochs, 0)}$)")
        return f"a saved run, given $tau = {fmt_grouped(lesson.epochs_given, 0)}$ passes"

    def build_chain_board(self) -> None:
        theme, q = self.theme, self.quantities
        terms = [math(term, theme, style.FONT_CHAIN) for term in CHAIN_TERMS]
        sign = math("<=", theme, style.FONT_CHAIN)
        signs = [sign] + [sign.copy() for _ in CHAIN_REASONS[1:]]  # typeset once
        chain = VGroup(terms[0])
        for sign, term in zip(signs, terms[1:]):
            chain.add(sign, term)
        chain.arrange(RIGHT, buff=style.CHAIN_GAP)
        terms[0].set_color(theme.bound)
        terms[-1].set_color(theme.bound)
        reasons = VGroup(*[text(reason, theme, style.FONT_TINY, theme.muted).next_to(
            sign, UP, buff=style.BUFF) for reason, sign in zip(CHAIN_REASONS, signs)])
        # spread the reasons apart where they would touch
        for left, right in zip(reasons, reasons[1:]):
            overlap = left.get_right()[0] + style.SMALL_BUFF - right.get_left()[0]
            if overlap > 0:
                left.shift(LEFT * overlap / 2)
                right.shift(RIGHT * overlap / 2)
        self.chain_terms = terms
        widest = [fmt(float(np.max(v))) for v in (q.lower, q.alignment,
                                                   np.sqrt(q.norm_squared), np.sqrt(q.M) * q.R)]
        self.chain_numbers = [GlyphNumber(w, style.FONT_PANEL, c) for w, c in
                              zip(widest, (theme.bound, theme.text, theme.text, theme.bound))]
        for number, term in zip(self.chain_numbers, terms):
            number.next_to(term, DOWN, buff=style.BUFF)
        self.chain_M = LiveValue("M", formatting.grouped(self.M_final, 0), theme)
        final = VGroup(LiveValue("M", formatting.grouped(self.M_final, 0), theme,
                                 font_size=style.FONT_CHAIN),
                       math(f"<= floor((R \\/ gamma)^2) = "
                            f"{fmt_grouped(self.lesson.bound_floor, 0)}", theme,
                            style.FONT_CHAIN))
        final.arrange(RIGHT, buff=style.CHAIN_GAP)
        final.set_color(theme.correct)
        heading = text("After $M$ updates:", theme, style.FONT_SMALL)
        body = VGroup(reasons, chain, VGroup(*self.chain_numbers))
        self.chain_board = VGroup(heading, self.chain_M, body,
                                  math(CONSEQUENCE, theme, style.FONT_PANEL), final)
        self.chain_board.arrange(DOWN, aligned_edge=LEFT, buff=style.CHAIN_ROW_GAP)
        self.chain_board.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.PANEL_LEFT, direction=LEFT)
        fit_in_column(self.chain_board)
        drop_svg_paths(self.chain_board)
        # the reasons over the chain come with the sentence that gives them: laid out with
        # the board, then drawn apart from it
        body.remove(reasons)
        self.chain_reasons = reasons
        self.chain_final = final
        self.set_chain_numbers(0)

    def build_normalized_board(self) -> None:
        theme, q, u = self.theme, self.quantities, self.unit_quantities
        small = style.FONT_SMALL
        what = "$[x^((i)), 1]$" if self.offset else "$x^((i))$"
        scaled_norm = ("norm([x^((i)), 1]) \\/ R" if self.offset else "norm(x^((i))) \\/ R")
        self.normalized = self.board_of([
            text("*Normalized*: the theorem for points of norm at most 1", theme,
                 style.FONT_BODY),
            text(f"Divide every {what} by $R$: then ${scaled_norm} <= 1$; take "
                 "$norm(theta^*) = 1$;", theme, small),
            # said with the zoom: R's value, and the margin it makes
            indented(text(f"here $R = {fmt(q.R)}$: the margin becomes $gamma \\/ R = "
                          f"{fmt(u.gamma, margin_places(u.gamma))}$.", theme, small)),
            math(NORMALIZED_FACTS, theme, style.FONT_PANEL),
            math(NORMALIZED_CHAIN, theme, style.FONT_PANEL),
            text(f"For the scaled points, margin $gamma \\/ R$: $1 \\/ (gamma \\/ R)^2 = "
                 f"{fmt_grouped(u.bound)}$:", theme, small),
            indented(text(f"the same bound as $(R \\/ gamma)^2 = {fmt_grouped(q.bound)}$.", theme,
                          small)),
            *self.scaled_run_rows(),
        ])

    def scaled_run_rows(self) -> list:
        """What the real run on the scaled points did, as the lesson found it."""
        theme, small, lesson = self.theme, style.FONT_SMALL, self.lesson
        points = "$[x, 1] \\/ R$" if self.offset else "$x \\/ R$"
        run = text(f"The perceptron through the origin on the points {points}:", theme, small,
                   theme.correct)
        if lesson.scaled_run_makes_same_updates:
            # two rows: as one it was shrunk to fit the column, unreadable
            return [run,
                    indented(text(f"the same $M = {fmt_grouped(lesson.M_final, 0)}$ updates, "
                                  f"$theta$ divided by $R$:", theme, small, theme.correct)),
                    indented(text("each $y thin theta^T x$ is divided by $R^2$, its sign kept",
                                  theme, small, theme.correct))]
        why = ("a score 0 up to rounding fell on two sides of 0"
               if lesson.scaled_runs_part_at_a_zero_score else "a score fell on two sides of 0")
        return [run, indented(text(
            f"$M = {fmt_grouped(lesson.unit_M_final, 0)}$ updates, not "
            f"${fmt_grouped(lesson.M_final, 0)}$: {why}", theme, small, theme.mistake))]

    # -- what follows the tracker ---------------------------------------------
    def update_run_numbers(self) -> None:
        q, M = self.quantities, self.whole_M()
        self.alignment_value.set_value(float(q.alignment[M]))
        self.lower_value.set_value(float(q.lower[M]))
        self.norm_value.set_value(float(q.norm_squared[M]))
        self.upper_value.set_value(float(q.upper[M]))
        self.M_value.set_value(formatting.grouped(M, 0))
        if M == 0:
            self.gain_value.set_value("")
            self.growth_value.set_value("")
        else:
            # at γ's places: rounding both alike keeps "≥ γ" true as shown (+0.05 beside
            # γ = 0.0522 read as false)
            self.gain_value.set_value(signed(float(q.alignment[M] - q.alignment[M - 1]),
                                             self.gamma_places))
            self.growth_value.set_value(signed(float(q.norm_squared[M] - q.norm_squared[M - 1])))

    def follow_plots(self) -> None:
        """Both curves and their bound lines drawn up to the tracker's M."""
        for plot in self.plots.values():
            plot.set_progress(self.tracker.get_value())

    def set_chain_numbers(self, M: int) -> None:
        q = self.quantities
        values = (q.lower[M], q.alignment[M], np.sqrt(q.norm_squared[M]), np.sqrt(M) * q.R)
        for number, term, value in zip(self.chain_numbers, self.chain_terms, values):
            number.set_text(fmt(float(value)))
            number.set_x(term.get_x())
        self.chain_M.set_value(formatting.grouped(M, 0))

    # -- the story ---------------------------------------------------------
    def swap_board(self, old, new, run_time: float = style.RUN_SWAP) -> None:
        self.swap([old], [new], run_time)
        self.still(new)

    def title_card(self) -> None:
        """The title and the plane, with the first sentence (once)."""
        if self.on_screen(self.title):
            return
        self.play(appear(self.title), appear(self.plane), appear(self.plane.markers),
                  run_time=style.RUN_INTRO)
        # the title and the plane never change again: painted once into the background (the
        # note on the arrows' scale comes with the first arrow, θ*: draw_geometry)
        self.still(self.title, self.plane, self.plane.markers)

    def highlight(self, *rows) -> None:
        """Move the frames round ``rows`` (parts of the board on screen, a frame each) as the
        caption turns to them; with no rows, take them away."""
        theme = self.theme
        frame = getattr(self, "highlight_frame", None)
        if not rows:
            if frame is not None and self.on_screen(frame):
                self.play(vanish(frame), run_time=style.RUN_FADE)
                self.remove(frame)
            return
        target = VGroup(*[SurroundingRectangle(row, color=theme.highlight,
                                               buff=style.SMALL_BUFF / 2,
                                               stroke_width=style.HIGHLIGHT_STROKE)
                          for row in rows])
        if frame is None or not self.on_screen(frame):
            self.highlight_frame = target
            self.play(appear(target), run_time=style.RUN_HIGHLIGHT)
        else:
            self.play(Transform(frame, target), run_time=style.RUN_HIGHLIGHT)

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def build_lift(self) -> VGroup:
        theme, q = self.theme, self.quantities
        small = style.FONT_SMALL
        return self.board_of([
            text("*With an offset*, lift every point one dimension up:", theme, small),
            math("theta^T x + theta_0 = vec(theta, theta_0)^T vec(x, 1)", theme,
                 style.FONT_CHAIN),
            text("a classifier through the origin for the points $[x, 1]$ in 3-D,", theme,
                 small),
            text("so the theorem applies to them, with $R$ and $gamma$ measured there:", theme,
                 small),
            text(f"$R = max_i norm([x^((i)), 1]) = {fmt(q.R)}$, $quad gamma = "
                 f"{fmt(q.gamma, margin_places(q.gamma))}$", theme, small, theme.correct),
            text("from here on $x$ and $theta$ stand for $[x, 1]$ and $[theta, theta_0]$",
                 theme, small),
        ])

    def show_rows(self, board, start: int, end: int) -> VGroup:
        """Rows ``start``..``end`` − 1 of ``board`` come (and stand still)."""
        shown = VGroup(*[board[row] for row in range(start, end)])
        self.play(appear(shown), run_time=style.RUN_SWAP)
        self.still(shown)
        return shown

    def draw_lift_rows(self, beat) -> None:
        """The lift's board, a few rows a sentence (R and γ on [x, 1] framed)."""
        self.title_card()
        if not hasattr(self, "lift"):
            self.lift = self.build_lift()
            self.lift_rows_shown = 0
        end = beat.state["rows"]
        self.show_rows(self.lift, self.lift_rows_shown, end)
        self.lift_rows_shown = end
        if end == len(self.lift):
            self.highlight(self.lift[4])
