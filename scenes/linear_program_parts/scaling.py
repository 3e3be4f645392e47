"""The scaling said as the weight plane comes (`linear-program`), drawn in data space: a θ
that separates (one of many, not the programme's answer), its line fixed, and its dashed lines θᵀx = ±1 closing in as θ grows
along its ray, until the nearest point sits on one. A point outside the band has
|θᵀx| ≥ 1, so then every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1; scaling moved no line."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, DashedLine, Dot, LaggedStart, ValueTracker, VGroup

from linviz import formatting
from linviz.lessons.linear_program_story import (ASK_WORDS, AT_LEAST_ONE_WORDS, DASHED_WORDS,
                                                 GENERAL_WORDS)
from linviz.geometry import clip_line
from scenes.linear_program_parts.common import flipped_through_origin, ray_end
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import markup_with_math, math, text
from scenes.toolkit.speed.fast_shapes import FastArrow


#: seconds a − point's x takes to turn onto its y⁽ⁱ⁾x⁽ⁱ⁾
FLIP_SECONDS = 1.0
#: seconds the scaling runs on past the words it ends with (while they are said)
SAID_CLOSE_IN = 0.6
#: the opacity of a θ with mistakes while a separating one is spoken of
DIMMED = 0.3


def strip_to(strip, c: float) -> list:
    """The move of ``strip``'s c to ``c`` (none without a strip)."""
    return [] if strip is None else [strip.scale.animate.set_value(c)]


class ScalingBeats:
    """θ scaled up in data space (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def draw_weight_plane(self, beat) -> None:
        """The scaling (a separator's, or where no line through 0 separates, a θ's with the
        fewest mistakes) as it is said, till the next sentence."""
        self.follow_beat(beat)
        if beat.state["scaling"]:
            self.show_scaling(beat)

    def draw_loses_nothing(self, beat) -> None:
        """Why ≥ 1 loses nothing, argued on the scaled θ standing: its least, 1, lit; then
        it and the strip's mark at 1 as "scaled up" is said (where it separates), it as what
        it does for the rest is said."""
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(None)
        # the scaled θ, standing, lit as its scaling is argued (reviews 319 bench: a still)
        scaled_up = []
        if (self.scaling_drawing is not None and self.on_screen(self.scaling_drawing)
                and self.lesson.feasible):  # (reviews 322: lit where it gets points wrong,
            # it read as "a θ with every label times score above 0": dimmed there, below)
            self.light_as_said("loses nothing", [self.scaling_drawing[2]])  # its least, 1
            scaled_up.append(self.scaling_drawing)
        self.set_status(beat.state["status"])  # (its scale, as the claim is said)
        if not self.lesson.feasible and self.seconds_until(GENERAL_WORDS) is not None:
            # a θ with mistakes marked is no θ with every label times score above 0: dimmed
            # as that one is spoken of (reviews 340: the claim read as about it)
            drawing = (self.scaling_drawing if self.scaling_drawing is not None
                       and self.on_screen(self.scaling_drawing) else None)
            shown = [*([] if drawing is None else [*drawing[:2], drawing[3]]),
                     *([self.wrong_drawn] if self.wrong_drawn is not None
                       and self.on_screen(self.wrong_drawn) else [])]
            self.wait_for_words(GENERAL_WORDS)
            if shown:
                # (faded by a share: the θ's shaded side stays fainter than its line; its
                # note, done with, gone: reviews 353, dimmed text stood on to the weights)
                self.play(*[m.animate.fade(1.0 - DIMMED) for m in shown],
                          *([] if drawing is None else
                            [drawing[2].animate.set_opacity(0.0)]),
                          run_time=style.RUN_FADE)
        # (reviews 317: written as "loses nothing" was argued, 5 s before they were asked)
        drawn = getattr(self, "score_strip_drawn", None)
        strip = drawn[0] if drawn is not None and self.on_screen(drawn) else None
        if strip is not None:  # its mark at 1 lit as "at least 1" is argued (reviews 323:
            # the right half empty as it was said)
            scaled_up.append(strip.one)
        if scaled_up:
            self.light_as_said("scaled up", scaled_up)
        if self.scaling_drawing is not None and self.on_screen(self.scaling_drawing):
            # where it gets points wrong, lit as what it does for the rest is said
            self.light_as_said("as this one does", [self.scaling_drawing])

    def draw_inequalities(self, beat) -> None:
        """The constraints written where the weight plane will stand, with their status line,
        as they are asked of every point (the plane comes with the next sentence, which
        names it: review 298, the card stood over its axes)."""
        drawn = getattr(self, "score_strip_drawn", None)
        self.wait_for_words(ASK_WORDS)
        if drawn is not None and self.on_screen(drawn):  # (the inequalities in its place)
            self.play(vanish(drawn), run_time=style.RUN_FADE)
            self.remove(drawn)
        self.set_status(beat.state["status"])
        card = self.show_inequalities(beat.state["inequalities"])
        if card is not None:  # lit as "them all" are asked of one θ (reviews 330: a still)
            self.light_as_said("meeting them all", [row for row in card.submobjects
                                                    if row is not card.background_rectangle])

    def draw_weights(self, beat) -> None:
        """The weight plane comes as it is named (the inequalities' card has left), and a θ
        in it, a dot, as "one θ" is said, till the sentence's end (reviews 331: the plane
        stood empty as its places were called θ)."""
        self.follow_beat(beat)  # the plane from the start of its naming (reviews 347)
        self.play(appear(self.weights), run_time=style.RUN_INTRO)
        one = Dot(self.weight_point(self.lesson.probe), radius=0.08, color=self.theme.normal)
        name = with_backdrop(math("theta", self.theme, style.FONT_LABEL).set_color(
            self.theme.normal), self.theme).next_to(one, UP + RIGHT, buff=0.08)
        self.wait_for_words("each place")
        self.play(appear(one), appear(name), run_time=style.RUN_FADE)
        self.remove(one, name)
        marked = VGroup(one, name)
        self.add(marked)  # (one drawing, to leave as one)
        self.mark_for_beat(marked)

    def flip_as_said(self, i: int, end) -> None:
        """For a − point i, as its flip is said, an arrow from 0 along x⁽ⁱ⁾ (to −``end``,
        the drawn y⁽ⁱ⁾x⁽ⁱ⁾'s end) shrinks through 0 onto y⁽ⁱ⁾x⁽ⁱ⁾, then leaves (reviews
        317: the flip was said, never seen)."""
        if self.lesson.data.y[i] >= 0:
            return
        self.wait_for_words("is a −")  # x⁽ⁱ⁾ as the point is said to be a −
        origin = self.plane.c2p((0, 0))
        ghost = FastArrow(self.theme.step, tip_length=0.22, tip_width=0.2)
        ghost.set_ends(origin, self.plane.c2p(-np.asarray(end, dtype=float)))
        self.play(appear(ghost), run_time=style.RUN_FADE)
        self.wait_for_words("flipped")
        # (it ends on the drawn arrow: it goes unseen)
        flip = flipped_through_origin([ghost], origin)
        self.play(flip.animate.set_value(-1.0), run_time=FLIP_SECONDS)
        ghost.clear_updaters()
        self.remove(ghost)

    def show_inequalities(self, lines) -> VGroup | None:
        """The inequalities written out where the weight plane will stand (the beat's
        ``inequalities``: a few with the data's numbers, "⋮" between), until the next
        sentence brings the plane and draws the first of them as a line (review 279: said
        over an empty plane)."""
        if not lines:
            return None
        card = self.inequality_card(lines)
        self.play(LaggedStart(*map(appear, card), lag_ratio=0.3), run_time=style.RUN_INTRO)
        self.remove(*card.get_family())
        self.add(card)
        self.mark_for_beat(card)
        return card

    def inequality_card(self, lines) -> VGroup:
        """Inequalities written one under another (a "⋮" row centred), where the weight
        plane stands, narrowed to its width if they must be, on a backdrop."""
        theme = self.theme
        # (review 313: at the small size, unreadable at 480p)
        card = VGroup(*[text(markup_with_math(line), theme, style.FONT_PANEL, theme.text)
                        for line in lines]).arrange(DOWN, aligned_edge=LEFT, buff=0.14)
        for row, line in zip(card, lines):
            if line == "⋮":
                row.set_x(card.get_x())
        frame = self.weights.frame
        card.scale(min(1.0, 0.85 * frame.width / card.width)).move_to(frame)
        return with_backdrop(card, theme)

    def show_scaling(self, beat) -> None:
        """A separator through the origin (the lesson's ``scaling_theta``: one of many, not
        the programme's θ*), scaled from the lesson's ``scaling_start`` of it, its
        least y·score 1, to it (where the state's ``scaled_to_one`` holds; else two thirds
        of the way, :meth:`draw_lifted` finishing it): its dashed lines close
        in to the nearest point; the least y·score is said over the plane before and
        after, and a band too narrow to read is magnified round the nearest point (the
        lesson's ``scaling_inset``, which leaves as the next sentence starts; the rest stands
        while the state's ``scaling`` holds)."""
        theme, plane = self.theme, self.plane
        unit = self.lesson.scaling_theta  # its least y·score is exactly 1
        start = self.lesson.scaling_start
        scale = ValueTracker(start)

        def band(on=plane) -> VGroup:
            return self.dashed_band(scale.get_value() * unit, on)

        # θ's + side drawn (reviews 345: "this θ", a grey line, no side); not its arrow,
        # which would have to grow with c, up to 25-fold (reviews 347: it stood still)
        line = Hyperplane(plane, unit, 0.0, show_normal=False, show_notes=False,
                          show_shading=True)
        line.line.set_color(theme.muted)
        self.dashes_named = False
        note = self.least_note(start)
        arrow = self.scaled_arrow(scale, unit)
        # the strip of its label times scores (from the sentence before, at θ = 0) back at
        # this θ, then growing with it (reviews 322: it left as the scaling was said)
        strip = self.standing_strip()
        self.play(appear(line), appear(note), appear(arrow), *strip_to(strip, 1.0),
                  run_time=style.RUN_FADE)
        if strip is not None:  # (c written from here: the sentence names it)
            strip.c_named = True
        # (reviews 352: "this one", unlit; reviews 353-356: its arrow gone, never seen to
        # grow)
        self.light_as_said("like this one", [line, arrow[0]])
        self.scale_first_stretch(scale, strip, note, start)
        drawn = [line, VGroup(), note, arrow]  # (the dashed lines, the next sentence's)
        self.remove(*drawn)  # one drawing on screen, as it leaves
        # (standing while the state's ``scaling`` holds: reviews 318, it left as "scaled
        # up, meets it" was said)
        self.scaling_drawing = VGroup(*drawn)
        self.add(self.scaling_drawing)
        self.scaled = (scale, band, strip, start)

    def draw_dashes(self, beat) -> None:
        """The scaled θ's dashed lines (cθ)ᵀx = ±1 as they are named (reviews 352: drawn 6 s
        before; reviews 361: a sentence of their own), then closing in: to 1 where no
        sentence follows to say its θ is lifted there (the state's ``scaled_to_one``); else
        two thirds of the way, by ratio (reviews 339: at 1 a sentence before that was
        said); lit as what they mark is said."""
        scale, band, strip, start = self.scaled
        note = self.scaling_drawing[2]
        dashes = band()
        self.wait_for_words(DASHED_WORDS)
        self.dashes_named = True
        # the note's new row faded in as the old one fades out (reviews 367: morphed from
        # one row into two, it read garbled for a moment)
        old = note.copy()
        self.add(old)
        note.become(self.least_note(scale.get_value())).set_opacity(0.0)
        self.play(appear(dashes), vanish(old), note.animate.set_opacity(1.0),
                  run_time=style.RUN_FADE)
        self.remove(old)
        self.remove(dashes)
        self.scaling_drawing.submobjects[1] = dashes  # (in its place: one drawing)
        # closing in through the whole sentence, half way (by ratio) as what they mark is
        # said (reviews 362: there in 2 s, then a 12 s still as "as c grows" was said)
        end = 1.0 if beat.state["scaled_to_one"] else float(start ** (1 / 3))
        value = float(scale.get_value())
        said = self.seconds_until("past the dashed line")
        if said is not None and said > style.RUN_PARAMETER:
            self.scale_to(float(np.sqrt(value * end)), said)
            self.play(lit(dashes, self.theme), run_time=style.PAUSE_READ)
        # the strip's mark at 1 as "at least 1" is said, the closing in going on round it
        # (reviews 365: the strip showed no 1 as it was said), by ratio as time goes
        value, rest = float(scale.get_value()), max(style.RUN_PARAMETER, self.time_left())
        one = self.seconds_until(AT_LEAST_ONE_WORDS)
        if strip is not None and one is not None and 0.0 < one < rest:
            self.scale_to(float(value * (end / value) ** (one / rest)), one)
            self.play(strip.one.animate.set_opacity(1.0), run_time=style.RUN_FADE)
            self.play(lit(strip.one, self.theme), run_time=style.PAUSE_READ)
            rest = max(style.RUN_PARAMETER, self.time_left())
        self.scale_to(end, rest)

    def scaled_arrow(self, scale, unit) -> VGroup:
        """cθ's arrow in data space, ``scale`` times the unit θ ``unit``, following the
        tracker: from 0 to its tip, or to the plane's edge where it reaches past it, named
        "cθ" beside its tip."""
        theme, plane = self.theme, self.plane
        direction = np.asarray(unit, dtype=float) / float(np.hypot(*unit))
        edge = 0.95 * ray_end(direction, plane.box)
        arrow = FastArrow(theme.normal, stroke_width=3)
        name = math("c theta", theme, style.FONT_LABEL).set_color(theme.normal)

        def follow(drawing) -> None:
            tip = scale.get_value() * np.asarray(unit, dtype=float)
            if float(np.hypot(*tip)) > float(np.hypot(*edge)):
                tip = edge
            start, end = plane.c2p((0.0, 0.0)), plane.c2p(tip)
            arrow.set_ends(start, end)
            along = (end - start) / max(float(np.linalg.norm(end - start)), 1e-9)
            across = np.array([-along[1], along[0], 0.0])
            name.move_to(end - 0.15 * along + 0.3 * across)

        drawing = VGroup(arrow, name)
        follow(drawing)
        drawing.add_updater(follow)
        return drawing

    def scale_first_stretch(self, scale, strip, note, start: float) -> None:
        """The first third of the scaling (by ratio) as c and the multiplying are said, the
        least y·score ``note`` counting up and the strip's dots spreading, the line kept
        (reviews 334: a still of 5 s, then all of it at once; reviews 352: a 5 s still
        after "Multiplying")."""
        # (review 302: the least jumped at the end)
        note.add_updater(lambda m: m.become(self.least_note(scale.get_value())))
        if self.seconds_until("by a number c") is not None:
            self.wait_for_words("by a number c")
        first = self.time_left()  # (the dashed lines, the next sentence's)
        if first > style.RUN_FADE:
            middle = float(start ** (2 / 3))  # (a third of the way, as scaling goes: by ratio)
            self.play(scale.animate.set_value(middle), *strip_to(strip, middle / start),
                      run_time=first)
        note.clear_updaters()

    def scale_to(self, value: float, seconds: float) -> None:
        """The scaled θ (:meth:`show_scaling`'s) scaled on to ``value`` of the unit θ (its
        least y·score), its dashed lines, least and strip following; the strip's mark at 1
        comes as its dots reach it (reviews 334: 26 s early)."""
        scale, band, strip, start = self.scaled
        _, dashes, note, _ = self.scaling_drawing
        dashes.add_updater(lambda m: m.become(band()))
        note.add_updater(lambda m: m.become(self.least_note(scale.get_value())))
        if strip is not None:  # (its dots and c follow, till settled after)
            strip.follow_scale()
        # (the strip's c, scale / start, grows with it: both trackers move affinely alike)
        self.play(scale.animate.set_value(value), *strip_to(strip, value / start),
                  *([strip.one.animate.set_opacity(1.0)]
                    if strip is not None and value == 1.0 else []),
                  run_time=seconds)
        for drawn in ([strip] if strip is not None else []):
            drawn.settle()
        dashes.clear_updaters().become(band())
        note.clear_updaters().become(self.least_note(value))

    def draw_lifted(self, beat) -> None:
        """What the scaling did for its θ, as said (a beat of its own: reviews 324): its
        mistakes marked as their count is said (review 305: unsaid; reviews 321: unmarked,
        it read as a separator), the band magnified round the nearest point as "magnified"
        is said (it leaves with the sentence), else its least, 1, lit."""
        self.follow_beat(beat)
        if beat.state["wrong_marks"]:
            self.wait_for_words("mistakes")
            self.show_wrong_marks(beat)
        # the scaling finished as the lifting to 1 is said
        self.wait_for_words("lifted to at least 1")
        self.scale_to(1.0, max(style.RUN_PARAMETER, self.seconds_until("at least 1") or 0.0)
                      + SAID_CLOSE_IN)
        unit = self.lesson.scaling_theta
        inset = self.scaling_magnifier(unit, lambda on: self.dashed_band(unit, on))
        if inset is not None:  # (it leaves with the sentence: the inequalities come there)
            self.wait_for_words("magnified")  # as it is said
            self.play(appear(inset), run_time=style.RUN_FADE)
            self.mark_for_beat(inset)
        elif not beat.state["wrong_marks"]:  # its least, 1, as said
            self.light_as_said("lifted to at least 1", [self.scaling_drawing[2]])

    def dashed_band(self, theta, on) -> VGroup:
        """θ's dashed lines θᵀx = ±1 on the plane ``on`` (those that cross its box)."""
        dashes = VGroup()
        for level in (1.0, -1.0):
            ends = clip_line(theta, -level, on.box)
            if ends is not None:
                dashes.add(DashedLine(on.c2p(ends[0]), on.c2p(ends[1]), color=self.theme.muted,
                                      stroke_width=2.5, dash_length=0.12))
        return dashes

    def standing_strip(self):
        """The strip of label times scores on screen (:mod:`score_strip`), following its c,
        or None."""
        drawn = getattr(self, "score_strip_drawn", None)
        if drawn is None or not self.on_screen(drawn):
            return None
        drawn[0].follow_scale()
        return drawn[0]

    def scaling_magnifier(self, unit, band):
        """The scaled separator ``unit``'s line and dashed lines (``band(plane)``) magnified
        round its nearest point (the lesson's ``scaling_inset``: a band too narrow to read)
        in the weight plane's place, not yet drawn (review 298: over the data's top right it
        hid four points); None where it reads as it is."""
        inset = self.lesson.scaling_inset
        if inset is None:
            return None
        point, box, zoom = inset
        theme = self.theme

        def drawings(on):
            drawn = Hyperplane(on, unit, 0.0, show_normal=False, show_notes=False,
                               show_shading=False)
            drawn.line.set_color(theme.muted)
            return VGroup(drawn, band(on))

        frame = self.weights.frame
        low, high = frame.get_corner(DOWN + LEFT), frame.get_corner(UP + RIGHT)
        strip = getattr(self, "score_strip_drawn", None)
        if strip is not None and self.on_screen(strip):  # (above the strip)
            low[1] = strip[0].get_top()[1] + 2 * style.BUFF  # (its zoom's name under it)
        return magnifier(self.plane, self.data.X, self.data.y, box, zoom, theme, drawings,
                         lines=[(unit, level) for level in (0.0, 1.0, -1.0)],
                         beside=(low[0], low[1], high[0], high[1]),
                         # its point named with its class's sign (reviews 347: which
                         # reaches 1, unsaid), and its place's others (reviews 362: 78 at
                         # 74's place, unnamed)
                         times_words=self.place_name(point), times_font=style.FONT_PANEL,
                         counts="none")  # (the plane's tags over its lines: reviews 347)

    def least_note(self, value: float):
        """"least positive y⁽ⁱ⁾(cθ)ᵀx⁽ⁱ⁾: …" (of those above 0, where θ gets some points
        wrong) over the data plane's top right, at the panels' size, the dashed lines'
        "dashed: (cθ)ᵀx = ±1" over it once they are named (reviews 365: one line of the
        small size, unreadable at 480p)."""
        # (review 298: "least y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0" read as every score > 0)
        positive = "" if self.lesson.feasible else "positive "
        # (the θ scaled named cθ, as on the strip: reviews 338-340, one vector, two names)
        # (the dashed lines' part once they are drawn: reviews 352, named 6 s before)
        rows = ([f"dashed: $(c theta)^T x = plus.minus 1$"]
                if getattr(self, "dashes_named", True) else [])
        rows.append(f"least {positive}$y^((i)) (c theta)^T x^((i))$: "
                    f"{formatting.number(value, 2)}")
        note = VGroup(*[text(markup_with_math(row), self.theme, style.FONT_PANEL,
                             self.theme.text) for row in rows])
        note.arrange(DOWN, aligned_edge=RIGHT, buff=0.1)
        return note.next_to(self.plane.frame, UP, buff=0.12).align_to(self.plane.frame, RIGHT)
