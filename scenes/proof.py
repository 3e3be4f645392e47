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
from manim import (
    DL, DOWN, LEFT, ORIGIN, RIGHT, UP, UR, Circle, Line, SurroundingRectangle, Transform,
    config, ValueTracker, VGroup, linear, smooth,
)

from linviz.lessons import lesson_for
from linviz.lessons.proof import ProofLesson, check_provable
from linviz.lessons.proof_story import DEFAULT_DATA, proof_storyboard
from linviz.lessons.margin_story import gamma_places as margin_places
from linviz.replay import state_at
from linviz import wording
from scenes.toolkit import style, views
from scenes.base import LinvizScene
from linviz.geometry import (
    Box, clip_line, free_spot_on_circle, square_box_around_disk,
)
from scenes.toolkit.speed.glyph_numbers import GlyphNumber
from scenes.toolkit.layout import (
    appear, board, indented, keep_in_frame, still_parts, vanish, with_backdrop,
)
from scenes.toolkit.speed.fast_shapes import FastArrow, FastDashedLine, drop_svg_paths
from scenes.toolkit.panels import LiveValue
from scenes.toolkit.plane import (
    DataPlane, DataVector, Hyperplane, MarginBand, arrow_scale_note, origin_circle,
    place_outside_circle,
)
from scenes.toolkit.screen_text import fmt, fmt_grouped, fmt_vector, math, text
from scenes.toolkit.plots import BoundPlot

ALIGNMENT = "theta dot theta^* \\/ norm(theta^*)"
NORM_SQUARED = "norm(theta)^2"
FACT_ALIGNMENT = ("(theta + y x) dot theta^* \\/ norm(theta^*) = " + ALIGNMENT
                  + " + underbrace(y thin x dot theta^* \\/ norm(theta^*), >= gamma)")
FACT_NORM = ("norm(theta + y x)^2 = norm(theta)^2 + underbrace(2 y thin theta^T x, <= 0)"
             " + underbrace(norm(x)^2, <= R^2)")
CHAIN_TERMS = ["M gamma", ALIGNMENT, "norm(theta)", "sqrt(M) thin R"]
CHAIN_REASONS = ["by (1)", "Cauchy–Schwarz", "by (2)"]
CONSEQUENCE = ("M gamma <= sqrt(M) thin R quad => quad sqrt(M) <= R / gamma quad => quad "
               "M <= (R / gamma)^2")
#: the two facts and the chain for the points divided by R, whose margin is γ/R (not γ)
NORMALIZED_FACTS = "theta^T theta^* >= M gamma \\/ R, quad theta^T theta <= M"
NORMALIZED_CHAIN = ("=> quad M gamma \\/ R <= sqrt(M) quad => quad "
                    "M <= 1 / (gamma \\/ R)^2")


#: the normalized board's first row about the real run on the scaled points
NORMALIZED_RUN_ROW = 7

#: the theorem board's rows, a sentence each (the storyboard's ``rows`` 1, 2, 3): the
#: premises A, B and C; its conclusion; this data's values (γ, R, the bound), said last
THEOREM_ROWS = {1: (0, 1, 2, 4), 2: (6,), 3: (3, 5, 7)}


def fit_in_column(group) -> None:
    """Scale ``group`` about its top left corner so that it ends inside the frame on the
    right (numbers of a long run are wide)."""
    room = config.frame_width / 2 - style.SMALL_BUFF - group.get_left()[0]
    if group.width > room:
        group.scale(room / group.width, about_point=group.get_corner(UP + LEFT))


#: a count with its thousands grouped: "162,015 updates"
counted = wording.grouped_count


def signed(value: float, places: int = 2) -> str:
    """A change, always with its sign: +0.74, -0.05."""
    body = fmt(value, places)
    return body if body.startswith("-") else "+" + body


class ProofScene(LinvizScene):
    """The convergence theorem and its proof, on a perceptron run through the origin."""

    default_data = DEFAULT_DATA["proof"]
    needs_separable = "origin"
    offset = False
    plays = ("perceptron", {"offset": False})

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """The base checks, then the lesson's: refused in one line when the theorem says
        nothing about the data (through the origin: use proof-offset)."""
        if data.n_features == cls.n_features and len(data.y):
            check_provable(data, cls.offset, repr(spec))
        super().check_data(data, spec)

    def make_trace(self):
        """The lesson's run (the saved trace, or the engine's given ⌊(R/γ)²⌋ + 2 passes)."""
        self.lesson: ProofLesson = lesson_for(self.scene_name())(
            self.data, trace=self.saved_trace)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = proof_storyboard(self.lesson, self.scene_name(), self.offset,
                                           self.request().heard)
        return self.lesson.trace


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

    # -- the data plane ----------------------------------------------------
    def build_plane(self) -> None:
        theme = self.theme
        box = square_box_around_disk(self.data.X, self.disk_radius)
        self.plane = DataPlane(self.data.X, self.data.y, theme, box=box, data=self.data)
        # the markers are drawn apart, above the band and the circle
        self.plane.remove(self.plane.markers)
        self.tracker = ValueTracker(0.0)
        self.scale = ValueTracker(1.0)
        # θ and θ* (whose first two entries are drawn) are drawn at this scale
        longest = max(float(np.max(np.linalg.norm(self.thetas, axis=1))),
                      float(np.linalg.norm(self.star_normal)))
        half_side = (box.x_max - box.x_min) / 2
        #: θ and θ* are drawn at this scale so that they stay in view
        self.vector_scale = (min(1.0, style.VIEW_MARGIN * half_side / longest) if longest > 0
                             else 1.0)
        #: θ* at the scale of θ, unless that makes it too short to see (Iris sepal data: θ
        #: reaches ‖θ‖ = 160, so everything is drawn at 0.07× and θ* would be a dot); then at
        #: a readable length, for its direction only (the scale note says so)
        star_norm = float(np.linalg.norm(self.star_normal))
        shortest = style.STAR_MIN_SHARE * half_side
        self.star_scale = (shortest / star_norm
                           if 0 < self.vector_scale * star_norm < shortest else self.vector_scale)
        theta_label = "theta"
        self.circle = origin_circle(self.plane, self.disk_radius, theme.muted)
        circle_words = "norm([x, 1]) <= R" if self.offset else "norm(x) <= R"
        self.circle_label = math(circle_words, theme, style.FONT_SMALL).set_color(theme.muted)
        with_backdrop(self.circle_label, theme)
        self.star_band = MarginBand(self.plane, self.star_normal, self.star_offset,
                                    self.band_half_width, theme.correct)
        self.star_line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.correct)
        self.place_star_line(1.0)
        # θ* as a vector from the origin (with an offset: its first two entries, the normal
        # of its line in the plane), at the scale of every arrow here; ‖θ*‖ = 1, and it is
        # not divided by R with the data
        self.star_vector = DataVector(self.plane, (0, 0), self.star_scale * self.star_normal,
                                      theme.correct, "theta^*", avoid=[self.circle_label])
        # thinner than θ, and drawn over it once θ is on screen: along θ, both show
        self.star_vector.arrow.shaft.set_stroke(width=style.STAR_VECTOR_STROKE)
        self.hyperplane = Hyperplane(self.plane, *self.state_at(0), show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, theta_label,
                                      avoid=[self.circle_label, self.star_vector.label])
        # θ*'s label keeps clear of every arrow θ takes in the run (never drawn: obstacles),
        # the final one most (it stands through the chain and the normalized view); the
        # others weigh less than a marker, so a short θ* keeps its label near its tip
        # (a long run has 10⁵ states: evenly sampled ones, the last always among them)
        self.ghost_states = np.unique(np.round(np.linspace(
            0, len(self.thetas) - 1, min(len(self.thetas), style.THETA_GHOSTS_MAX))).astype(int))
        self.theta_ghosts = [FastArrow(theme.normal) for _ in self.ghost_states]
        for ghost in self.theta_ghosts[:-1]:
            ghost.avoid_weight = 0.05
        self.star_vector.avoid.target.extend(self.theta_ghosts)
        # …and of the rings the run draws round its update points (never drawn: obstacles),
        # the last one most: it stands through the chain
        self.ring_ghosts = {int(i): Circle(radius=style.RING_RADIUS)
                            for i in np.unique(self.update_points)}
        for i, ghost in self.ring_ghosts.items():
            ghost.avoid_weight = 1.0 if i == int(self.update_points[-1]) else 0.05
        self.star_vector.avoid.target.extend(self.ring_ghosts.values())
        self.ring = Circle(radius=style.RING_RADIUS, color=theme.highlight,
                           stroke_width=style.RING_STROKE).set_stroke(opacity=0)
        self.place_static_labels()

        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.scaled_state()))
        self.theta_arrow.add_updater(lambda v: v.set_ends(
            (0, 0), self.vector_scale * self.scale.get_value() * self.state_at()[0]))
        self.ring.add_updater(lambda r: self.follow_ring())

    def scaled_state(self) -> tuple[np.ndarray, float]:
        """(θ, θ₀) of the boundary in the drawn plane: dividing x by R divides θ₀ by R too."""
        theta, theta0, _ = self.state_at()
        return theta, self.scale.get_value() * theta0

    def place_star_line(self, c: float) -> None:
        """θ*'s line in the plane, for the data scaled by ``c``."""
        segment = clip_line(self.star_normal, c * self.star_offset, self.plane.box)
        self.star_segment = segment
        if segment is not None:
            self.star_line.put_start_and_end_on(*(self.plane.c2p(p) for p in segment))

    def place_static_labels(self) -> None:
        c = self.scale.get_value()
        # clear of the points, θ*'s line, and the lines along θ* and the final θ (arrows
        # from the origin that may reach past the circle)
        along = [(np.array([-v[1], v[0]]), 0.0) for v in (self.star_normal, self.thetas[-1])
                 if np.any(v)]
        spot = free_spot_on_circle(c * self.data.X, c * self.disk_radius, self.plane.box,
                                   [(self.star_normal, c * self.star_offset), *along])
        place_outside_circle(self.circle_label, self.plane, spot, c * self.disk_radius)
        # inside the plane's square: never on its tick values or names, nor off the frame
        low, high = self.plane.frame.get_corner(DL), self.plane.frame.get_corner(UR)
        keep_in_frame(self.circle_label, (low[0], low[1], high[0], high[1]))
        origin = self.plane.c2p((0, 0))
        for ghost, theta in zip(self.theta_ghosts, self.thetas[self.ghost_states]):
            ghost.set_ends(origin, self.plane.c2p(self.vector_scale * c * theta))
        for i, ghost in self.ring_ghosts.items():
            ghost.move_to(self.plane.c2p(c * self.data.X[i]))
        self.star_vector.refresh_label()  # clear of the circle's label and of θ's arrows

    def follow_ring(self) -> None:
        """Ring the point of the update being made, or of the last one made."""
        s = self.tracker.get_value()
        m = int(np.ceil(s - 1e-9))
        if m == 0:
            self.ring.set_stroke(opacity=0)
            return
        i = int(self.update_points[m - 1])
        # from the data, not from the marker: the two may be moved in the same frame
        point = self.scale.get_value() * self.data.X[i]
        self.ring.move_to(self.plane.c2p(point)).set_stroke(opacity=1)

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
        theme, q = self.theme, self.quantities
        self.rows = {}
        self.rows["alignment"], self.alignment_value, self.lower_value = self.comparison(
            ALIGNMENT, ">=", "M gamma", q.alignment, q.lower)
        self.rows["norm"], self.norm_value, self.upper_value = self.comparison(
            NORM_SQUARED, "<=", "M R^2", q.norm_squared, q.upper)
        self.plots = {
            "alignment": BoundPlot(q.alignment, q.lower, theme, theme.normal, theme.bound),
            "norm": BoundPlot(q.norm_squared, q.upper, theme, theme.normal, theme.bound),
        }
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
        self.M_value = LiveValue("M", wording.grouped(self.M_final, 0), theme)
        bound_note = math(f"<= floor((R \\/ gamma)^2) = "
                          f"{fmt_grouped(self.lesson.bound_floor, 0)}", theme, style.FONT_PANEL)
        self.M_row = VGroup(self.M_value, bound_note).arrange(RIGHT, buff=style.BUFF)
        bound_note.set_y(self.M_value.label.get_y())
        lesson = self.lesson
        if lesson.budget_is_theory_bound:
            budget = (f"given $floor((R \\/ gamma)^2) + 2 = "
                      f"{fmt_grouped(lesson.epochs_given, 0)}$ passes")
        elif lesson.own_run:
            budget = (f"given {fmt_grouped(lesson.epochs_given, 0)} passes, the engine's limit "
                      f"($floor((R \\/ gamma)^2) + 2 = {fmt_grouped(lesson.theory_epochs, 0)}$)")
        else:
            budget = f"a saved run, given $tau = {fmt_grouped(lesson.epochs_given, 0)}$ passes"
        budget_row = text(budget, theme, style.FONT_SMALL, theme.muted)
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
        self.chain_M = LiveValue("M", wording.grouped(self.M_final, 0), theme)
        final = VGroup(LiveValue("M", wording.grouped(self.M_final, 0), theme,
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
        self.M_value.set_value(wording.grouped(M, 0))
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
        self.chain_M.set_value(wording.grouped(M, 0))

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

    def scale_note(self):
        """Over the plane's top right: the scale of the arrows, and that θ* is drawn for its
        direction when it is not at θ's scale (None when both are at true length)."""
        if self.star_scale == self.vector_scale:
            return arrow_scale_note(self.plane, self.vector_scale)
        # short: it shares the row over the plane with the notes on its left
        # ("θ = 0: no boundary yet")
        theta = (f"$theta$ at ${fmt(self.vector_scale)} times$, "
                 if self.vector_scale < 1.0 else "")
        note = text(f"{theta}$theta^*$: direction only", self.theme, style.FONT_SMALL,
                    self.theme.muted)
        return note.next_to(self.plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)

    def divide_axis_names(self) -> None:
        """The axes' names become "name / R": the points drawn are the data divided by R.

        Data the scene standardised had tick values in its units at their standardised
        places; divided by R those places no longer hold them, so from here on the ticks
        are the values drawn (standard deviations / R) and the names the standardised ones
        (review 58: "(mm) / R" over ticks still in mm)."""
        plane, standardised_names = self.plane, None
        if plane.units is not None:
            from linviz.transforms import column_names

            from scenes.toolkit.screen_text import plain_markup

            plane.units = None
            if plane.means_label is not None:
                plane.means_label.set_opacity(0)
            standardised_names = [plain_markup(name) for name in
                                  views.standardized_axis_names(column_names(self.data))]
            plane.set_box(plane.box)  # the ticks again, as plain values
        for k, name in enumerate(self.plane.axis_labels[:2]):
            source = name.source if standardised_names is None else standardised_names[k]
            divided = (math(source.strip("$ ") + " \\/ R", self.theme, style.FONT_SMALL)
                       if source.startswith("$") else
                       text(source + " $\\/ R$", self.theme, style.FONT_SMALL))
            if k == 1 and self.plane.y_name_turned:
                divided.rotate(np.pi / 2)
            # where the name stood: its end at the square's corner (right and top edges kept)
            divided.align_to(name, RIGHT).align_to(name, UP)
            name.become(divided)
            name.source = divided.source

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

    def draw_geometry(self, beat) -> None:
        """θ* as a vector with its line, its empty band, the circle holding every point."""
        self.title_card()
        shown = beat.state["geometry"]
        if shown == "line":
            note = self.scale_note()
            self.play(appear(self.star_line), appear(self.star_vector),
                      *([appear(note)] if note else []), run_time=style.RUN_INTRO)
            if note:
                self.still(note)
        elif shown == "band":
            self.play(appear(self.star_band), run_time=style.RUN_INTRO)
        else:
            self.play(appear(self.circle), appear(self.circle_label), run_time=style.RUN_INTRO)
            # under the markers: the plane, then the band, circle and line, then the markers
            self.still(self.star_band, self.circle, self.star_line, self.plane.markers,
                       self.circle_label, self.star_vector)

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

    def draw_zoom(self, beat) -> None:
        """The view zooms to the unit disk; the margin γ/R is written as it is said."""
        self.zoom_to_unit_disk()
        self.reveal_normalized(beat.state["rows"])

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

    def still_geometry(self) -> tuple:
        """What the data scale moves, in drawing order: band, circle, line, markers, label
        (θ*, of norm 1, is not scaled; it lies over θ)."""
        return (self.star_band, self.circle, self.star_line, self.plane.markers,
                self.circle_label)

    def follow_scale(self, _=None) -> None:
        """Points, θ*'s line and band and the circle for the data scaled by c (θ* itself,
        of norm 1, is not scaled), in the plane's present box."""
        c = self.scale.get_value()
        self.plane.markers.set_positions(self.plane.c2p_many(c * self.data.X))
        self.star_band.set_band(self.star_normal, c * self.star_offset, c * self.band_half_width)
        self.place_star_line(c)
        self.circle.become(origin_circle(self.plane, c * self.disk_radius, self.theme.muted))
        self.place_static_labels()

    def moving_geometry(self, animation, run_time: float) -> None:
        """Play ``animation`` with the scaled geometry following it."""
        static = self.still_geometry()
        group = VGroup(*static)
        self.remove(*static)
        self.add(group)
        group.add_updater(self.follow_scale)
        self.play(animation, run_time=run_time, rate_func=smooth)
        group.clear_updaters()
        self.follow_scale()
        self.plane.markers.place_counts(self.plane.square_bounds())
        self.remove(group)
        self.still(*static)

    def rescale_data(self, factor: float) -> None:
        """Shrink the points, band, circle and boundary toward the origin by ``factor``."""
        # the counts of shared places follow their markers (MarkerCloud.set_positions) and
        # are placed again where there is room once the points stand still
        self.moving_geometry(self.scale.animate.set_value(factor), style.RUN_RESCALE)
        unit_label = math("norm(x) \\/ R <= 1" if not self.offset else "norm([x, 1]) \\/ R <= 1",
                          self.theme, style.FONT_SMALL).set_color(self.theme.muted)
        self.circle_label.become(with_backdrop(unit_label, self.theme))
        self.circle_label.source = unit_label.source  # what it says now
        self.divide_axis_names()
        self.place_static_labels()
        self.theta_arrow.refresh_label()  # clear of the circle's new label

    def zoom_to_unit_disk(self) -> None:
        """Show the scaled data's own box, the unit disk filling the view: the plane's box
        shrinks (its half-side geometrically, its centre linearly) with every drawing
        following, grid lines kept at the old step until the last frame."""
        c = self.scale.get_value()
        start = self.plane.box
        end = square_box_around_disk(c * self.data.X, c * self.disk_radius)
        step = self.plane.step
        zoom = ValueTracker(0.0)

        def box_at(t: float) -> Box:
            half = [(b.x_max - b.x_min) / 2 for b in (start, end)]
            h = half[0] ** (1 - t) * half[1] ** t
            cx = (1 - t) * (start.x_min + start.x_max) / 2 + t * (end.x_min + end.x_max) / 2
            cy = (1 - t) * (start.y_min + start.y_max) / 2 + t * (end.y_min + end.y_max) / 2
            return Box(cx - h, cx + h, cy - h, cy + h)

        self.release(self.plane)
        self.plane.add_updater(lambda plane: plane.set_box(box_at(zoom.get_value()), step))
        # the plane, at the back, is updated first: the rest follows its new mapping
        self.moving_geometry(zoom.animate.set_value(1.0), style.RUN_ZOOM)
        self.plane.clear_updaters()
        self.plane.set_box(end)  # the grid at the new box's own step
        self.follow_scale()
        self.still(self.plane, bottom=True)

class ProofOffsetScene(ProofScene):
    """The offset case: the theorem on the augmented points [x, 1] and vectors [θ, θ₀]."""

    default_data = DEFAULT_DATA["proof-offset"]
    needs_separable = "offset"
    offset = True
    plays = ("perceptron", {"offset": True})
