"""The beats of `linear-program` on data no line through the origin separates where the
fewest mistakes any θ makes are shown: the wedges of θ that make them, outlined and lit,
their count beside the widest, and the solver's word as it is said; then the solver's θ
without the points one of them gets wrong."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Dot, Line, Polygon, ValueTracker, VGroup, linear,
                   there_and_back)

from linviz.lessons.linear_program import mistake_arcs
from linviz.lessons.linear_program_story import (HALF_TURN_WORDS, TURN_WORDS,
                                                 status_said_first)
from scenes.linear_program_parts.common import (LABEL_OFF_WEDGE, holding_arc, left_out_veil,
                                                ray_end)
from scenes.linear_program_parts.kept import KeptBeats
from scenes.linear_program_parts.wedge_inset import OUTLINED_WORDS, WedgeInset
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish, with_backdrop
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text


#: seconds a θ takes to go once round 0 as the shading is said to be the opening's turn
#: (and the least a line takes round the place both classes share)
TURN_SECONDS = 4.0
#: how far the line turning round the place both classes share keeps off it, a share of
#: the data view's width
TIED_GAP = 0.06
#: the tint of the θ right on every kept point
KEPT_TINT = 0.35


class FewestBeats(KeptBeats, WedgeInset):
    """The fewest mistakes through 0 (a part of
    :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.constraints.ConstraintBeats`)."""

    #: drawings standing over several beats: (the scene's attribute, the state's key that
    #: keeps it): the fewest mistakes' θ, the closing's rows; θ*'s lines and the run's while
    #: the state's ``boundary`` is not None (reviews 340: at the closing, by a flipped point)
    STANDING = (("fewest_line_drawn", "fewest_line"), ("verdict_drawn", "verdict"),
                ("left_out_drawn", "left_out"), ("kept_drawn", "kept"),
                ("scaling_drawing", "scaling"), ("score_strip_drawn", "score_strip"),
                ("pass_charts_drawn", "pass_counts"), ("watch_drawn", "watching"),
                ("star_lines", "boundary"), ("run_line", "boundary"),
                ("closing_table", "notes_table"))

    #: (motion, key): a standing drawing that beat itself takes away, later than its start
    #: (the score strip stands as "loses nothing" is argued, till the inequalities come:
    #: reviews 323, the right half stood empty)
    #: (the watched run's line leaves as a label is flipped, the run then of other points)
    LEAVING_LATE = {("inequalities", "score_strip"), ("watched", "watching")}

    def begin_motion(self, beat) -> None:
        """A standing drawing (:data:`STANDING`) leaves as a beat that drops its state
        starts."""
        super().begin_motion(beat)
        for attribute, key in self.STANDING:
            drawn = getattr(self, attribute, None)
            if (beat.motion, key) in self.LEAVING_LATE:
                continue  # (the beat's drawing takes it away as said)
            if drawn is not None and not beat.state[key] and self.on_screen(drawn):
                if key in ("left_out", "scaling") and not beat.state["wrong_marks"]:
                    self.drop_wrong_marks()  # (its θ's marks with it: reviews 320)
                self.play(vanish(drawn), run_time=style.RUN_FADE)
                self.remove(drawn)

    def draw_infeasible(self, beat) -> None:
        """The wedges of the fewest mistakes, outlined, glow: they are still shaded; their
        count beside the widest, joined to it by a leader; one θ of them (the opening's
        line) marked and its line drawn in data space, its mistakes marked; the solver's
        word as it is said (review 275: 9 s still)."""
        self.set_rings(list(beat.state["ringed"]))
        if self.status_words != status_said_first(beat.state["status"]):
            self.set_status(None)  # (its count as it is said: reviews 314, 4-6 s before)
        theme = self.theme
        low, _ = self.lesson.mistake_range
        fewest = [(a, b) for a, b, count in mistake_arcs(self.lesson.signed) if count == low]
        outlines = VGroup(*[Polygon(*self.wedge(a, b), color=theme.highlight, stroke_width=2.5,
                                    fill_opacity=0) for a, b in fewest])
        # the one holding the θ drawn ("as this one does") carries the count (reviews 330:
        # the count on one wedge, the θ in another); else the widest (the first of equals,
        # anticlockwise from 0)
        widest = holding_arc(fewest, self.lesson.scaling_theta) or max(
            fewest, key=lambda arc: arc[1] - arc[0] + 1e-9 * arc[0])
        count, leader = self.label_beside_arc(f"{low} wrong", widest, theme.highlight)
        # a leader to each other wedge of that count too (reviews 321: two wedges, one
        # label, one leader)
        others = VGroup(*[Line(count.get_center(), self.arc_anchor(arc), color=theme.highlight,
                               stroke_width=1.5) for arc in fewest if arc != widest])
        self.fewest_wedges = VGroup(outlines, others, leader, count)
        self.wait_for_words("every θ gets at least")
        self.set_status(status_said_first(beat.state["status"]))
        # the wedges outlined as said: "outlined wedges" where there are more than one
        # (reviews 358: outlined 5 s before), else with the fewest
        named_later = self.seconds_until(OUTLINED_WORDS) is not None
        if not named_later:
            self.outline_fewest()
            self.glow_fewest()
        # one of them, the opening's line, in both planes as "as this one does" is said,
        # its mistakes marked (the beat's ``wrong_marks``)
        self.wait_for_words("as this one does")
        theta = self.lesson.scaling_theta
        reach = ray_end(theta / float(np.hypot(*theta)), self.weights.box)
        one = VGroup(Dot(self.weight_point(0.8 * reach), radius=0.07, color=theme.normal),
                     self.solid_run_line(theta, 0.0))
        # (review 313: it left as "this θ" was named again in the next sentence: it stays
        # while the state's ``fewest_line`` holds, :meth:`begin_motion`); its mistakes
        # marked with it (one play: the wedges' words come soon after)
        self.fewest_line_drawn = one
        self.show_wrong_marks(beat, also=[appear(one)])
        if named_later:  # (the thin one magnified with them, then they glow)
            self.wait_for_words(OUTLINED_WORDS)
            self.outline_fewest()
            self.show_thin_wedge_inset()  # (reviews 336-344: at 480p, two read as one)
            self.glow_fewest()

    def outline_fewest(self) -> None:
        """The fewest mistakes' wedges, outlined with their count, come (a part of the
        shading, leaving with it)."""
        self.play(appear(self.fewest_wedges), run_time=style.RUN_FADE)
        self.remove(self.fewest_wedges)
        self.wrong_shading.add(self.fewest_wedges)

    def draw_no_line(self, beat) -> None:
        """The solver's verdict: every constraint's line lit as all are asked of one θ
        (reviews 347: a still of 10 s), its word as it is said, with the fewest wedges."""
        lines = getattr(self, "lines", None)  # every constraint's, as all are asked of one θ
        if lines is not None and self.on_screen(lines):  # (reviews 347: a still of 10 s)
            self.light_as_said("meeting all", [lines])
        self.wait_for_words("infeasible")
        self.set_status(beat.state["status"])
        self.glow_fewest()  # (as the solver's word comes: reviews 345, a still of 13 s)

    def glow_fewest(self) -> None:
        """The fewest mistakes' wedges, outlined, filled with the highlight and back."""
        outlines = self.fewest_wedges[0]
        self.play(outlines.animate(rate_func=there_and_back).set_fill(self.theme.highlight,
                                                                      opacity=0.3),
                  run_time=style.PAUSE_READ)

    def label_beside_arc(self, words: str, arc, colour):
        """``words`` on a backdrop beside the wedge of ``arc`` (start, end), across its middle
        ray at 0.6 of its reach, on the side (anticlockwise first) that keeps it in the
        plane, and a leader in ``colour`` from it to that ray."""
        theme = self.theme
        label = text(words, theme, style.FONT_SMALL, theme.text)
        with_backdrop(label, theme)
        anchor = self.arc_anchor(arc)
        ray = anchor - self.weight_point((0, 0))
        across = np.array([-ray[1], ray[0], 0.0]) / max(float(np.hypot(*ray[:2])), 1e-9)
        low, high = (self.weights.frame.get_corner(DOWN + LEFT),
                     self.weights.frame.get_corner(UP + RIGHT))
        half = np.array([label.width, label.height]) / 2
        for side in (1, -1):
            centre = anchor + side * (label.width / 2 + LABEL_OFF_WEDGE) * across
            if np.all(low[:2] + half < centre[:2]) and np.all(centre[:2] < high[:2] - half):
                break
        label.move_to(centre)
        leader = Line(label.get_center() - side * (label.width / 2) * across, anchor,
                      color=colour, stroke_width=1.5)
        return label, leader

    def arc_anchor(self, arc) -> np.ndarray:
        """The screen point 0.6 of the way out along the middle ray of the wedge ``arc``
        (start, end), to the weight plane's edge: where its label's leader ends."""
        middle = (arc[0] + arc[1]) / 2
        return self.weight_point(0.6 * ray_end((np.cos(middle), np.sin(middle)),
                                               self.weights.box))

    def draw_read_round(self, beat) -> None:
        """As θ is said to go once round 0 (:data:`TURN_WORDS`), a θ goes once round 0 in
        weight space, through the shading, from the direction of the lesson's
        ``scaling_theta`` back to it, its line turning with it in data space, θ's side
        shaded, and the count of its mistakes under the weight plane (reviews 329: θ and −θ
        with the opening's curve off screen was too much at once)."""
        self.follow_beat(beat)
        start = float(np.arctan2(*np.asarray(self.lesson.scaling_theta, dtype=float)[::-1]))
        turn = ValueTracker(0.0)
        reach = 0.8 * min(abs(v) for v in (self.weights.box.x_min, self.weights.box.x_max,
                                             self.weights.box.y_min, self.weights.box.y_max))

        def theta():
            angle = start + turn.get_value()
            return np.array([np.cos(angle), np.sin(angle)]) * reach

        dot = Dot(self.weight_point(theta()), radius=0.07, color=self.theme.normal)
        dot.add_updater(lambda m: m.move_to(self.weight_point(theta())))
        line = self.moving_line(lambda: (theta(), 0.0))
        count = self.own_readout(theta)
        # where it starts, left behind faintly with its count, to meet −θ on (reviews 331:
        # "−θ has the same line" was left to memory)
        ghost = self.start_ghost(theta())
        self.wait_for_words(TURN_WORDS)
        self.play(appear(dot), appear(line), appear(count), appear(ghost),
                  run_time=style.RUN_FADE)
        # at −θ (half a turn) as that is said, its line lit on the start's, then on round
        half = self.seconds_until(HALF_TURN_WORDS) or 0.0
        self.play(turn.animate.set_value(np.pi), rate_func=linear,
                  run_time=max(TURN_SECONDS / 2, half))
        self.wait_for_words("the same line")
        self.play(lit(ghost, self.theme), run_time=style.PAUSE_READ)
        self.play(turn.animate.set_value(2 * np.pi), rate_func=linear,
                  run_time=max(TURN_SECONDS / 2, self.time_left() - style.RUN_FADE))
        self.play(*map(vanish, (dot, line, count, ghost)), run_time=style.RUN_FADE)
        for m in (dot, line, count):
            m.clear_updaters()
        self.remove(dot, line, count, ghost)

    def start_ghost(self, theta) -> VGroup:
        """Where θ starts its turn, faint: its line in data space, its dot in weight space,
        and its count, "at the start: a wrong", under the weight plane's left edge (the
        turning θ's own count stands at its right, :meth:`own_readout`)."""
        theme = self.theme
        line = Hyperplane(self.plane, theta, 0.0, show_normal=False, show_notes=False,
                          show_shading=False)
        line.line.set_color(theme.muted)
        wrong = int(np.sum(np.asarray(self.lesson.signed, dtype=float) @ theta <= 0))
        words = text(f"θ as it started: {wrong} wrong", theme, style.FONT_PANEL, theme.muted)
        words.next_to(self.weights.frame, DOWN, buff=0.5).align_to(self.weights.frame, LEFT)
        return VGroup(line, Dot(self.weight_point(theta), radius=0.05, color=theme.muted),
                      words)

    def own_readout(self, theta) -> VGroup:
        """"this θ: a wrong" under the weight plane, following ``theta()``: a =
        #{y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0}, the count its shade stands for."""
        signed = np.asarray(self.lesson.signed, dtype=float)
        words: dict[int, object] = {}

        def counted():
            wrong = int(np.sum(signed @ theta() <= 0))
            if wrong not in words:
                words[wrong] = text(f"this θ: {wrong} wrong", self.theme, style.FONT_PANEL,
                                    self.theme.text)
                words[wrong].next_to(self.weights.frame, DOWN, buff=0.5).align_to(
                    self.weights.frame, RIGHT)
            return words[wrong]

        count = VGroup(counted().copy())
        count.add_updater(lambda m: m.become(counted()))
        return count

    def draw_tied_place(self, beat) -> None:
        """The place both classes share ringed; as "any line" is said, a line goes once round
        it, :data:`TIED_GAP` of the view's width off it, the place on its shaded side, a ×
        on the place (its − points are wrong there: some point is, wherever the line is);
        its ring lit as "always wrong" is said (review 315: 13 s of a still; reviews 322:
        8 s of a dot)."""
        self.drop_wrong_marks()  # (the opening line's)
        self.follow_beat(beat)
        (tied,) = beat.state["ringed"]
        self.wait_for_words("tagged")
        self.play(*self.show_place_tags(), run_time=style.RUN_FADE)
        place = np.asarray(self.lesson.data.X[tied], dtype=float)
        view = self.lesson.full_view
        gap, turn = TIED_GAP * float(view.x_max - view.x_min), ValueTracker(0.0)

        def line():
            theta = np.array([np.cos(turn.get_value()), np.sin(turn.get_value())])
            return theta, gap - float(theta @ place)

        turning = self.moving_line(line)
        wrong = [i for i in self.lesson.at_place(tied) if self.lesson.data.y[i] < 0]
        cross = self.wrong_mark(self.plane, wrong[0])
        self.wait_for_words("any line")
        self.play(appear(turning), appear(cross), run_time=style.RUN_FADE)
        said = self.seconds_until("always wrong") or 0.0
        self.play(turn.animate.set_value(2 * np.pi), rate_func=linear,
                  run_time=max(TURN_SECONDS, said))
        turning.clear_updaters()
        self.light_as_said("always wrong", [self.rings[i] for i in beat.state["ringed"]])
        self.play(vanish(turning), vanish(cross), run_time=style.RUN_FADE)
        self.remove(turning, cross)

    def draw_left_out(self, beat) -> None:
        """The points the fewest θ gets wrong (the state's ``left_out``), marked, fade as
        they are left out (reviews 317: they stood as they were), under a veil of the
        background's colour, their × over it; it stands while the state holds them; the
        status line as "feasible" is said (reviews 337: 4 s before)."""
        self.set_rings(list(beat.state["ringed"]))
        self.drop_thin_wedge_inset()
        if self.wrong_drawn is None or not self.on_screen(self.wrong_drawn):
            self.show_wrong_marks(beat)  # (standing from the fewest θ's beat, as a rule)
        self.wait_for_words("Leave out")
        veil = VGroup(*[left_out_veil(self.plane, self.lesson.data.X[i], self.theme)
                        for i in beat.state["left_out"]])
        # (over their × too: reviews 319, with their marks bright they were not left out)
        self.play(appear(veil), run_time=style.RUN_FADE)
        fewest = getattr(self, "fewest_line_drawn", None)  # (reviews 318 bench: a still)
        fewest = fewest if fewest is not None and self.on_screen(fewest) else None
        # the θ right on every kept point, in the right colour as "feasible" is said
        # (reviews 321: the shading still counted all the points, "0 wrong (none here)")
        self.wait_for_words("is feasible")
        self.set_status(beat.state["status"])
        kept = self.kept_wedges(beat)
        # the fewest wedges' outlines over the green (reviews 357: one under it vanished)
        outlines = getattr(self, "fewest_wedges", None)
        outlines = (VGroup(outlines[0].copy()) if outlines is not None
                    and self.on_screen(outlines) else VGroup())
        self.play(appear(kept), run_time=style.RUN_FADE)
        self.add(outlines)
        if fewest is not None:  # (its θ over the wedge)
            self.add(fewest)
        self.remove(veil, kept)
        self.left_out_drawn = VGroup(veil, kept, outlines)
        self.add(self.left_out_drawn)
        self.light_as_said("the green", [kept])  # (as they are named)
        if fewest is not None:
            self.add(fewest)
            self.light_as_said("this θ, scaled", [fewest])

    def kept_wedges(self, beat) -> VGroup:
        """The wedges of θ that get none of the kept points wrong (the lesson's
        ``kept_arcs``), tinted and edged in the right colour, and a row under the shading's
        key that names their tint by how many points that is (beside a wedge, its name stood
        far off it or on the fewest mistakes' count: reviews 322)."""
        theme = self.theme
        wedges = VGroup(*[Polygon(*self.wedge(a, b), color=theme.correct, stroke_width=2.5,
                                  fill_color=theme.correct, fill_opacity=KEPT_TINT)
                          for a, b in self.lesson.kept_arcs])
        kept = self.lesson.n - len(beat.state["left_out"])
        key = getattr(self, "wrong_key_drawn", None)
        if key is None or not self.on_screen(self.wrong_shading):
            return wedges
        rows = VGroup(self.key_row(KEPT_TINT, "none wrong", gap=0.04, colour=theme.correct),
                      self.key_row(None, f"of the {kept}", indent=True))
        rows[1].next_to(rows[0], DOWN, buff=0.04).align_to(rows[0], LEFT)
        rows.scale(getattr(key, "shrunk", 1.0))
        rows.next_to(key, DOWN, buff=0.15).align_to(key, LEFT)
        return VGroup(wedges, with_backdrop(rows, theme))
