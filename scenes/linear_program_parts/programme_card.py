"""Cards whose rows are written as their words are said (the state's ``programme``): why a
programme asks ≥ 1 (`linear-program`), θ and its label times scores shrinking to 0 under
it; the programme with helpers on the status line, the diamond lit as the helpers' sum is
named; in `no-separator`, what the constant feature asks of Gordan's
weights and their certificate on [1, x], under the overlap's panel, which is lit as the
point in the other class's hull is said to be their weighted mean."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, BackgroundRectangle, Dot, Rectangle, config,
                   ValueTracker, VGroup, VMobject, linear)

from linviz import formatting

from linviz.lessons.linear_program_story import AT_LEAST_ROWS, status_said_first
from linviz.lessons.no_separator_story import MEAN_WORDS
from scenes.linear_program_parts.common import DIAMOND_SHORT
from scenes.linear_program_parts.score_strip import score_strip
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.placement import box_around, least_covered
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import markup_with_math, math, text

#: the card's rows keep this far from the data plane's top (screen units)
CARD_TOP_GAP = 0.25
#: seconds θ takes to shrink to 0 on the ≥ 0 card (said as "θ = 0 meets it")
SHRINK_SECONDS = 1.6
#: how much the strip's dots at or below 0 grow as they are lit (a dot is 0.1 wide)
BELOW_LIT = 2.5
#: where on the diamond (an angle, radians) the θ showing the helpers' values starts and
#: ends: its corner on the θ₁ axis, where t₁ + t₂ reads exactly as the diamond's size
HELPERS_START = 0.0


class ProgrammeCard:
    """The helpers' programme (a part of :class:`scenes.linear_program.LinearProgramScene`,
    through :class:`scenes.linear_program_parts.constraints.ConstraintBeats`)."""

    def draw_objective_choice(self, beat) -> None:
        """The programme with helpers on the status line, what they are at its least as
        that is said; the diamond lit as the helpers' sum is named (reviews 321: written on
        a card over the data, it hid six points for 13 s)."""
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(status_said_first(beat.state["status"]))
        readout = None
        if self.diamond is not None and self.on_screen(self.diamond):
            readout = self.helpers_on_diamond(DIAMOND_SHORT * float(beat.state["diamond"]))
            self.light_as_said("minimise t₁", [self.diamond])
        self.wait_for_words("at its least")
        self.set_status(beat.state["status"])
        if readout is not None:  # what they are there, as said
            self.play(readout.animate.set_value(1.0), run_time=style.RUN_FADE)

    def helpers_on_diamond(self, size: float) -> ValueTracker:
        """As "each at least" is said, a θ going round the diamond |θ₁| + |θ₂| = ``size``
        with its helpers' least values written under the weight plane, "t₁ ≥ |θ₁| = …"
        (the bench: a 13 s still under the status line); it stops on the diamond's corner
        it started from as "minimise t₁" is said. The tracker it returns, set to 1, writes
        "t₁ + t₂ = |θ₁| + |θ₂| = ``size``" instead; both stand to the sentence's end."""
        turn, least = ValueTracker(0.0), ValueTracker(0.0)

        def theta() -> np.ndarray:
            angle = 2 * np.pi * turn.get_value() + HELPERS_START
            direction = np.array([np.cos(angle), np.sin(angle)])
            return size * direction / float(np.abs(direction).sum())

        words: dict[tuple, VGroup] = {}

        def written():
            a, b = (round(float(v), 2) for v in theta())
            key = (a, b, least.get_value() > 0.5)
            if key not in words:
                # (to 2 decimals: at 1, 2.7 + 0.8 read beside a sum of 3.6)
                first, second = formatting.number(abs(a), 2), formatting.number(abs(b), 2)
                line = (f"$t_1 + t_2 = |theta_1| + |theta_2| = {formatting.number(size, 2)}$"
                        if key[2] else
                        # (reviews 352: a θ off the region, unnamed, read as one in it)
                        f"on the diamond, $theta = ({formatting.number(a, 2)}, "
                        f"{formatting.number(b, 2)})$: "
                        f"$t_1 >= |theta_1| = {first}$, $t_2 >= |theta_2| = {second}$")
                words[key] = text(markup_with_math(line), self.theme, style.FONT_PANEL,
                                  self.theme.text).next_to(
                    self.weights.frame, DOWN, buff=0.5).align_to(self.weights.frame, RIGHT)
            return words[key]

        dot = Dot(self.weight_point(theta()), radius=0.07, color=self.theme.normal)
        dot.add_updater(lambda m: m.move_to(self.weight_point(theta())))
        shown = VGroup(written().copy())
        shown.add_updater(lambda m: m.become(written()))
        self.wait_for_words("each at least")
        self.play(appear(dot), appear(shown), run_time=style.RUN_FADE)
        seconds = self.seconds_until("minimise t₁") or style.RUN_PARAMETER
        self.play(turn.animate.set_value(1.0), run_time=max(seconds, style.RUN_PARAMETER),
                  rate_func=linear)
        dot.clear_updaters()
        self.remove(dot, shown)
        drawn = VGroup(dot, shown)  # (one drawing on screen, to leave with the sentence)
        self.add(drawn)
        self.mark_for_beat(drawn)
        return least

    def draw_at_least(self, beat) -> None:
        """Why a programme asks ≥ 1: its rows (the state's ``programme``) written where the
        weight plane will stand, each as said (reviews 314: 10-12 s of a still); the mean's
        mark (standardised data) and the opening's marks leave."""
        shown = [m for m in getattr(self, "mean_mark", ()) if self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)
        self.drop_wrong_marks()
        self.follow_beat(beat)
        frame, shrink = self.weights.frame, {}
        if beat.state["score_strip"]:  # (the card in the room over the strip)
            shrink, strip = self.show_score_strip()
            top = frame.get_top()[1]
            frame = Rectangle(width=frame.width, height=top - strip.get_top()[1]).move_to(
                [frame.get_x(), (top + strip.get_top()[1]) / 2, 0.0])
        self.write_programme(beat.state["programme"] or [], frame, centred=True,
                             alongside=shrink, said=beat.sentence)
        self.at_least_moves = shrink

    def draw_at_least_strict(self, beat) -> None:
        """The card's row on what a programme cannot ask, written as said."""
        self.follow_beat(beat)
        self.write_programme_rest(self.at_least_moves, said=beat.sentence)

    def draw_at_least_zero(self, beat) -> None:
        """The card's rows the beat before left unsaid, written as said (θ = 0's: the strip
        shrinking to 0 with it, the count of its dots at or below 0 leaving as it does,
        :meth:`show_score_strip`: reviews 367, gone as the sentences after it built on
        it)."""
        self.follow_beat(beat)
        drawn = getattr(self, "score_strip_drawn", None)
        if drawn is not None and self.on_screen(drawn):  # its 0 as "at least 0" is said
            # (reviews 342: said in this sentence now, it was lit in none)
            numbers = drawn[0].line
            self.light_as_said("at least 0", [numbers.zero, numbers.zero_label])
        self.write_programme_rest(self.at_least_moves)

    def show_score_strip(self):
        """The lesson's ``scaling_theta`` at its ``scaling_start`` (the θ the next sentence
        scales), its line, and its points' label times scores on a strip under the card; the
        move that shrinks it to 0 as "θ = 0 meets" is said (reviews 320-321: the card stood
        16 s beside a still plot), keyed by those words, and the strip."""
        lesson, frame = self.lesson, self.weights.frame
        theta = lesson.scaling_start * np.asarray(lesson.scaling_theta, dtype=float)
        # as wide as the right half lets it be about the weight plane's middle (reviews
        # 351: across the plane's square alone, its dots 6 px at 480p)
        middle = frame.get_x()
        half = min(middle - self.plane.frame.get_right()[0] - style.BUFF,
                   config.frame_width / 2 - style.SMALL_BUFF - middle)
        room = Rectangle(width=2 * half, height=frame.height).move_to(frame.get_center())
        strip = score_strip(np.asarray(lesson.signed) @ theta, lesson.data.y, self.theme, room)
        line, name = self.strip_theta_line(theta)
        self.play(appear(line), appear(strip), appear(name), run_time=style.RUN_FADE)
        strip.follow_scale()
        # (it fades with c, its arrow and name gone as c leaves 1: θ = 0 has no line, no
        # side)
        line.add_updater(lambda m: m.set_parameters(theta, 0.0,
                                                    presence=min(1.0, strip.scale.get_value())))
        name.add_updater(lambda m: m.set_opacity(0.0) if strip.scale.get_value() < 1 else None)
        self.remove(strip, line, name)
        # (one drawing on screen: it leaves whole, while the state's ``score_strip`` holds
        # only the strip, the faded line with it)
        self.score_strip_drawn = VGroup(strip, line, name)
        self.add(self.score_strip_drawn)
        # after the first row, the strip's side > 0 lit as "above 0" is said (the bench:
        # 5-7 s stills between the rows; its 0 is lit by :meth:`draw_at_least_zero`)
        numbers = strip.line
        # and its dots at or below 0 lit as their count is said (reviews 347: the count
        # could not be checked, one dot flush against 0)
        below = [dot for dot, score in zip(strip.dots, strip.scores) if score <= 0]
        # what leaves as θ shrinks to 0 with the strip: the count of those, once written
        shrink_moves, shrunk_away = [strip.scale.animate.set_value(0.0)], []

        def light_sides() -> None:
            self.light_as_said("to be above 0", [numbers.correct_side, numbers.side_labels[-1]])
            if below and self.timeline.said_at("at or below 0") is not None:
                # their count written under the side's name as they are lit (reviews 352:
                # two of them stacked at the 0 tick, a student counted 3)
                count = text(f"{len(below)} at or below 0", self.theme, style.FONT_PANEL,
                             self.theme.mistake).next_to(numbers.side_labels[0], DOWN,
                                                         buff=0.12, aligned_edge=LEFT)
                self.wait_for_words("at or below 0")
                self.play(appear(count), run_time=style.RUN_FADE)
                # (till θ is 0, where all are: gone with the strip's shrink)
                shrink_moves.append(vanish(count))
                shrunk_away.append(count)
                # (each dot itself: a group made of them, added, would split the strip's)
                self.light_as_said("at or below 0", below, scale=BELOW_LIT)

        return {AT_LEAST_ROWS[0][0]: ([], style.RUN_FADE, light_sides),
                AT_LEAST_ROWS[-1][0]: (shrink_moves, SHRINK_SECONDS,
                                       lambda: (strip.settle(), line.clear_updaters(),
                                                name.clear_updaters(),
                                                self.remove(*shrunk_away)))}, strip

    def strip_theta_line(self, theta) -> tuple[Hyperplane, VMobject]:
        """(line, name): the line of the strip's θ in data space, grey, its arrow and + side
        drawn, as the strip's sides are (reviews 345: a grey line), and its arrow's name θ
        beside it (reviews 353: "this θ" an unnamed arrow)."""
        line = Hyperplane(self.plane, theta, 0.0, show_normal=True, show_notes=False,
                          show_shading=True)
        line.line.set_color(self.theme.muted)
        name = with_backdrop(math("theta", self.theme, style.FONT_LABEL)
                             .set_color(self.theme.normal), self.theme)
        self.place_beside(name, line.normal.get_end(), 0.12)
        return line, name

    def draw_offset_certificate(self, beat) -> None:
        """Gordan's certificate on [1, x], written as said (:meth:`write_offset_rows`),
        standing through the verdict's sentence after it."""
        self.write_offset_rows(beat)
        drawn = getattr(self, "programme_drawn", None)
        if drawn is not None:
            self.unmark_for_beat(drawn)

    def write_offset_rows(self, beat) -> None:
        """Gordan's certificate on [1, x] (the state's ``programme``) written under the
        overlap's panel as said, the points it weighs ringed from its first words (reviews
        368: ringed once all was written, 10 s after their weights were said)."""
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(beat.state["status"])
        panel = self.overlap_panel if self.overlap_panel is not None and self.on_screen(
            self.overlap_panel) else None
        frame = self.weights.frame
        if panel is not None and beat.state["programme"]:  # up, to leave the rows room
            # (review 316: shrunk to fit under it, they were unreadable)
            self.play(panel.animate.align_to(frame, UP), run_time=style.RUN_FADE)
        self.write_programme(beat.state["programme"] or [], frame, below=panel,
                             said=beat.sentence)
        if beat.state["programme"] and not self.programme_rest[0]:
            self.ring_weighed(beat)

    def ring_weighed(self, beat) -> None:
        """The points whose weights the card writes ringed (the state's ``ringed``), named,
        once written, where the hulls' names do not name them (review 321: rings came back
        unnamed round the triangle)."""
        self.set_rings(list(beat.state["ringed"]))
        hull = {*self.lesson.overlap[0], *self.lesson.overlap[1]}
        fresh = [i for i in beat.state["ringed"] if i not in hull]
        if fresh and self.overlap_panel is not None and self.on_screen(self.overlap_panel):
            names = self.ring_names(fresh, lines=self.hull_edges(self.plane))
            self.play(appear(names), run_time=style.RUN_FADE)
            self.mark_for_beat(names)

    def draw_offset_verdict(self, beat) -> None:
        """The solver's answer with an offset, a sentence of its own (reviews 360-362): the
        certificate's rows lit as it is called Gordan's second case (bench 353: a 6 s still
        before the solver's word), the answer on the status line as said."""
        self.set_status(None)  # (the offset's, done with: the answer's as said)
        drawn = getattr(self, "programme_drawn", None)
        if drawn is not None and self.on_screen(drawn):
            # (its rows: its backdrop is a plain rectangle, lit it hid them, reviews 354)
            self.light_as_said("Gordan's second case", list(drawn[1:]))
        self.wait_for_words("infeasible too")
        self.set_status(beat.state["status"])
        if drawn is not None and self.on_screen(drawn):
            self.mark_for_beat(drawn)  # (with this sentence, as written)

    def draw_offset_totals(self, beat) -> None:
        """What the constant feature asks of Gordan's weights, written as said
        (:meth:`write_offset_rows`)."""
        self.write_offset_rows(beat)

    def draw_overlap_why(self, beat) -> None:
        """Why the point in the other class's hull is always on their side: the panel that
        writes it as their mean lit as "weighted mean" is said (the turn's marks stand),
        then their label times scores as the line turns again."""
        self.follow_beat(beat)
        panel = getattr(self, "overlap_panel", None)
        if panel is not None and self.on_screen(panel):
            self.light_as_said(MEAN_WORDS, [panel])
        elif beat.state["overlap_panel"]:  # written as the mean is said (reviews 318: it
            # stood 15 s before)
            self.wait_for_words(MEAN_WORDS)
            self.overlap_panel = self.panel_of(beat.state["overlap_panel"])
            self.play(appear(self.overlap_panel), run_time=style.RUN_FADE)
        # the scores that make it always wrong, as they are said
        self.turn_with_scores()

    def write_programme(self, rows, frame=None, centred: bool = False, below=None,
                        alongside=None, said: str | None = None) -> None:
        """``rows`` [(words, text)…] written one under another in ``frame`` (the data
        plane's, by default: in its corner over the fewest points; ``centred``: in its
        middle), on one backdrop
        (the points under it hidden, not showing between rows); ``below``, under that
        drawing, in ``frame``'s width; each as its words are said
        (the lesson's tests find each row's words in the sentence, in order), as one
        drawing that leaves with the sentence; ``alongside`` {words: (moves, seconds,
        then)}: moves played with the row written at those words, ``then`` called after.
        Given the sentence ``said``, only the first rows whose words it holds are written:
        the rest, laid out already, wait for :meth:`write_programme_rest` (the next
        sentence), and the drawing stays till that one's end."""
        theme, frame = self.theme, frame or self.plane.frame
        if not rows:
            return
        lines = VGroup(*[text(markup_with_math(line), theme, style.FONT_PANEL, theme.text)
                         for _, line in rows]).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        lines.scale(min(1.0, (frame.width - 2 * style.BUFF) / lines.width))
        if below is not None:  # (in the room left under it, to the frame's foot)
            room = below.get_bottom()[1] - 0.45 - (frame.get_bottom()[1] + CARD_TOP_GAP)
            lines.scale(min(1.0, room / lines.height))
            lines.next_to(below, DOWN, buff=0.45).set_x(frame.get_center()[0])
        elif centred:
            lines.move_to(frame.get_center())
        else:  # in the corner of the data plane that hides the fewest points (review 316:
            # over the top left it hid half of them)
            plane, half = self.plane, np.array([lines.width, lines.height]) / 2 + CARD_TOP_GAP
            corners = [frame.get_corner(c)[:2] - np.sign(c[:2]) * half
                       for c in (UP + LEFT, UP + RIGHT, DOWN + LEFT, DOWN + RIGHT)]
            markers = box_around(plane.markers.positions(), plane.marker_size)
            lines.move_to([*least_covered(corners, 2 * half, markers), 0.0])
        now = len(rows) if said is None else next(
            (n for n, (words, _) in enumerate(rows) if words not in said), len(rows))
        backdrop = self.programme_backdrop(lines[:now])
        drawn = VGroup(backdrop)
        self.write_rows(drawn, rows[:now], lines[:now], alongside)
        self.programme_rest = (rows[now:], lines[now:])
        self.remove(*drawn)
        self.add(drawn)  # one drawing on screen, to leave with the sentence
        if now == len(rows):
            self.mark_for_beat(drawn)
        self.programme_drawn = drawn

    def write_programme_rest(self, alongside=None, said: str | None = None) -> None:
        """The rows :meth:`write_programme` left for this sentence, each as said, the card
        growing under them; it all leaves with this sentence. Given the sentence ``said``,
        only the first rows whose words it holds, the rest waiting for the next (and the
        card standing till then)."""
        drawn, (rows, lines) = self.programme_drawn, self.programme_rest
        now = len(rows) if said is None else next(
            (n for n, (words, _) in enumerate(rows) if words not in said), len(rows))
        self.write_rows(drawn, rows[:now], lines[:now], alongside)
        self.programme_rest = (rows[now:], lines[now:])
        self.remove(*drawn.get_family())
        self.add(drawn)
        if now == len(rows):
            self.mark_for_beat(drawn)

    def programme_backdrop(self, rows):
        """The card's opaque, edged backdrop round ``rows``."""
        # (opaque, edged: a card over the data, not a veil with ghosts of points under it)
        backdrop = BackgroundRectangle(rows, color=self.theme.background, fill_opacity=1.0,
                                       buff=style.LABEL_BACKDROP_BUFF * 2)
        return backdrop.set_stroke(self.theme.grid, width=1.5, opacity=1.0)

    def write_rows(self, drawn, rows, lines, alongside) -> None:
        """``rows`` written into the card ``drawn`` (its backdrop first) as their words are
        said, the backdrop grown round each; ``alongside`` as :meth:`write_programme`."""
        backdrop = drawn[0]
        for (words, _), row in zip(rows, lines):
            self.wait_for_words(words)
            if len(drawn) == 1:  # the card under its first row (review 315: added after
                # the row, it hid the rows till the sentence's end)
                self.add(backdrop)
                moves = [appear(row), appear(backdrop)]
            else:  # (a row written on a card standing: the card grows round it)
                moves = [appear(row), backdrop.animate.become(
                    self.programme_backdrop(VGroup(*drawn[1:], row)))]
            extra, seconds, then = (alongside or {}).get(words, ([], style.RUN_FADE, None))
            self.play(*moves, *extra, run_time=max(seconds, style.RUN_FADE))
            if then is not None:
                then()
            drawn.add(row)
