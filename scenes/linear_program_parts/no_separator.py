"""The beats of `linear-program` on data no line separates: Gordan's certificate
(weights on a few points whose λᵢy⁽ⁱ⁾x⁽ⁱ⁾ add up to 0, in data space; then weight space
shaded by how many of their constraints each θ fails), the perceptron walking on for
ever, and with an offset the overlap of the classes' hulls (in a close-up where it is
small) or the line that separates."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Create, Dot, Polygon, ValueTracker, VGroup,
                   Wait, linear)

from linviz import formatting
from linviz.geometry import clip_line, constraint_cells
from linviz.lessons.linear_program_story import status_said_first
from linviz.ties import greatest_index
from scenes.linear_program_parts.gordan import GordanBeats
from scenes.linear_program_parts.common import (LARGE_SUM_MARGIN, NAME_CLEARANCE,
                                                PROBE_RADIUS, PROBE_SECONDS,
                                                WRONG_DARKEST, WRONG_LIGHTEST,
                                                flipped_through_origin, weight_veil)
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.placement import (beside_line, box_around, box_of, least_covered,
                                      segment_boxes)
from scenes.toolkit.score_bars import ScoreBars
from scenes.toolkit.screen_text import markup_with_math, text
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.vector_sum import vector_sum_inset


#: where along its line (a share of the clipped segment) the k-th certificate's arrow to its
#: side starts (from their middles, at 0 where the lines meet, they would pile up)
ARROW_ALONG = (0.25, 0.75, 0.3)
#: the room (screen units) a line's number keeps from the numbers placed before it
NUMBER_MARGIN = 0.15


class NoSeparatorBeats(GordanBeats):
    """What the scene draws on data no line separates (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    #: the names of the certificate's arrows to their sides (:meth:`certificate_halves`)
    side_names: list = []

    def flip_in_data(self, minus) -> list:
        """As "is a −" (or "are −") is said, an arrow from 0 to each − point ``minus`` in
        data space; as "flipped" is said, each shrunk through 0 onto −x⁽ⁱ⁾ = y⁽ⁱ⁾x⁽ⁱ⁾, left
        standing (returned: reviews 360, gone within a second, the flip was barely
        seen)."""
        if not minus or self.timeline.said_at("flipped") is None:
            return []
        origin = self.plane.c2p((0, 0))
        ghosts = []
        for i in minus:
            ghost = FastArrow(self.theme.step, tip_length=0.22, tip_width=0.2)
            ghost.set_ends(origin, self.plane.c2p(self.lesson.data.X[i]))
            ghosts.append(ghost)
        self.wait_for_words("is a −" if len(minus) == 1 else "are −")
        self.play(*map(appear, ghosts), run_time=style.RUN_FADE)
        self.wait_for_words("flipped")
        flip = flipped_through_origin(ghosts, origin)
        self.play(flip.animate.set_value(-1.0), run_time=style.PAUSE_READ)
        for ghost in ghosts:
            ghost.clear_updaters()
        return ghosts

    def draw_certificate(self, beat) -> None:
        """In data space, the certificate's points ringed and named as their weights are
        said (their sum is the next beat's, :meth:`draw_certificate_sum`)."""
        lesson = self.lesson
        # the alternative's second box lit as it is said to hold (reviews 318 bench: still)
        stated = self.gordan_drawing
        if stated is not None:
            self.light_as_said("the second holds", [stated[1][1][1]])
        # the card gives way, and the λ's programme is written, as it is said (reviews 331:
        # said over the card for 7 s); the rings, names and weights as the weights are
        # (review 311: 3 s before)
        if not lesson.same_place_certificate:
            self.wait_for_words("A small programme")
            self.drop_gordan_card()
            self.set_status(status_said_first(beat.state["status"]))
            # (bench 353: a 7 s still till the weights)
            if self.status is not None:
                self.light_as_said("finds one answer", [self.status])
        self.wait_for_words("weights")
        self.drop_gordan_card()
        self.follow_beat(beat)
        support = sorted(lesson.certificate)
        # (dense data: a name may stand off its ring, joined by a leader, rather than on a
        # marker)
        names = self.ring_names(support, reach=2, clear=False)  # among many: off markers
        self.drop_fewest_wedges()
        self.play(appear(names), run_time=style.RUN_FADE)
        self.certificate_names = names  # (the sum's beat takes them into its drawing)

    def draw_certificate_sum(self, beat) -> None:
        """The certificate's weighted y⁽ⁱ⁾x⁽ⁱ⁾ tip to tail, back to 0, large over the
        veiled weight plane (its half-planes are the next beat's)."""
        theme, lesson = self.theme, self.lesson
        self.follow_beat(beat)
        support = sorted(lesson.certificate)
        names = self.certificate_names
        marked = self.plane.c2p_many(lesson.data.X[support])[:, :2]
        vectors = [lesson.certificate[i] * lesson.signed[i] for i in support]
        labels = [str(i + 1) for i in support]
        avoid = np.array([*(marked.min(axis=0) - 0.3), *(marked.max(axis=0) + 0.3)])
        # large in the weight plane's place, hidden whole (its faint axes would read as the
        # arrows' coordinates), then in the inset (:meth:`certificate_to_inset`)
        self.certificate_inset = vector_sum_inset(self.plane, lesson.data.X, vectors, labels,
                                                  theme, avoid)
        frame, (arrows, arrow_names), scale = vector_sum_inset(
            self.plane, lesson.data.X, vectors, labels, theme, avoid,
            place=self.large_sum_place())
        frame = VGroup(weight_veil(self), *frame)
        # a − point's x turned half round in data space, as said (review 315, reviews 324),
        # before the sum that uses it (reviews 357), standing while the sum is drawn
        flipped = self.flip_in_data([i for i in support if lesson.data.y[i] < 0])
        self.wait_for_words("tip to tail")  # (review 315: drawn 4 s before it was said)
        # the box with what it draws, named over it (review 305: over the data plane, read
        # as its label), as the sum comes (reviews 360: 7 s empty before)
        x0, _, x1, y1 = self.large_sum_place()
        scale_note = self.sum_note("", scale).move_to(
            [(x0 + x1) / 2, 0.0, 0.0]).align_to([0.0, y1 + 0.06, 0.0], DOWN)
        self.play(appear(frame), appear(scale_note), run_time=style.RUN_FADE)
        for arrow, name in zip(arrows, arrow_names):
            self.play(appear(arrow), appear(name), run_time=style.RUN_FADE * 2)
        if flipped:
            self.play(*map(vanish, flipped), run_time=style.RUN_FADE)
            self.remove(*flipped)
        self.remove(*arrows, *arrow_names)
        self.certificate_arrows = arrows
        self.certificate = VGroup(frame, arrows, arrow_names, names, scale_note)
        self.add(self.certificate)

    def large_sum_place(self) -> np.ndarray:
        """The screen square (x0, y0, x1, y1) the certificate's sum is drawn in large: the
        weight plane's frame, a little inside it."""
        low, high = self.weights.frame.get_corner(DOWN + LEFT), self.weights.frame.get_corner(
            UP + RIGHT)
        return np.array([low[0] + LARGE_SUM_MARGIN, low[1] + LARGE_SUM_MARGIN,
                         high[0] - LARGE_SUM_MARGIN, high[1] - LARGE_SUM_MARGIN])

    def sum_note(self, where: str, scale: float):
        """What the sum's drawing shows, over the data plane's top right (the legend holds
        its top left): "inset: the same sum, smaller", or, ``where`` empty, the sum at what
        multiple of the plane's lengths (the caller places it over the drawing)."""
        # (the inset's own multiple not written: review 307, "51 × length" then "28 ×" read
        # as two sums; it is the same one, smaller)
        words = (f"{where}: the same sum, smaller" if where else
                 # (review 313: "6.6 × longer" read as a fact of the sum, not the drawing)
                 f"$lambda_i y^((i)) x^((i))$ tip to tail to 0, drawn "
                 f"{formatting.significant(scale, 0, 2)} × longer")
        note = text(markup_with_math(words), self.theme, style.FONT_SMALL,
                    self.theme.text)  # it says what the drawing shows: read, not a side note
        return note.next_to(self.plane.frame, UP, buff=0.12).align_to(self.plane.frame, RIGHT)

    def certificate_to_inset(self) -> None:
        """The large sum (and the veil over the weight plane) gives way to the same sum in
        the data plane's inset, as weight space's half-planes come."""
        big = self.certificate
        if not self.on_screen(big) or getattr(self, "certificate_inset", None) is None:
            return
        frame, (arrows, arrow_names), scale = self.certificate_inset
        names, note = big[3], self.sum_note("inset", scale)
        leaving, coming = VGroup(big[0], big[1], big[2], big[4]), VGroup(frame, arrows,
                                                                          arrow_names, note)
        self.remove(big)
        self.add(leaving, names)
        self.play(vanish(leaving), appear(coming), run_time=style.RUN_FADE)
        self.remove(leaving, coming, names)
        self.certificate_arrows = arrows
        self.certificate = VGroup(frame, arrows, arrow_names, names, note)
        self.add(self.certificate)
        self.certificate_inset = None

    def draw_certificate_sides(self, beat) -> None:
        """The certificate's half-planes y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0 in weight space (its lines through
        0, as the mistake shading's and the proof's), shaded by how many of them each θ
        fails (no θ is in all of them), each line named, an arrow to its side; the key under
        the plane, where the mistake shading's stood."""
        theme = self.theme
        self.follow_beat(beat)
        # the mistake shading leaves under the veil, before the certificate's sum moves to
        # its inset (review 296: unveiled first, it flashed back at full strength)
        shading = getattr(self, "wrong_shading", None)
        if shading is not None and self.on_screen(shading):
            self.remove(shading)
        self.certificate_to_inset()
        support = sorted(self.lesson.certificate)
        halves = self.on_weights(lambda: self.certificate_halves(support))
        lines = self.on_weights(lambda: VGroup(*[self.constraint_line(i, theme.step, 3,
                                                                      score=0.0)
                                                 for i in support]))
        numbers = self.on_weights(lambda: self.line_numbers(support))
        # every other line leaves: these few carry the proof (more were a haze)
        self.play(self.lines.animate.set_stroke(opacity=0.0), run_time=style.RUN_FADE)
        # unseen now, they are y·score 1's again where a zoom draws them afresh (the walk's)
        self.line_level.set_value(1.0)
        key = self.key_beside(self.met_key(len(support)))
        # the lines one by one, then their sides as said (review 271); the group made, not
        # each line (a zoom remakes what is on screen by its group: review 273)
        self.play(Create(lines, lag_ratio=0.6), run_time=len(support) * style.RUN_FADE)
        self.play(appear(numbers), run_time=style.RUN_FADE)
        self.wait_for_words("share no θ")
        # the arrows' names take over from the lines' (review 273: two names a line)
        self.play(appear(halves), appear(key), vanish(numbers), run_time=style.RUN_INTRO)
        self.remove(numbers)
        self.certificate_weights = (halves, lines, key)

    def certificate_halves(self, support) -> VGroup:
        """The certificate's points' sides aᵢᵀθ > 0 in weight space: weight space shaded by
        how many of them each θ fails (:func:`linviz.geometry.constraint_cells`, sectors
        from 0), in the grey of the mistake shading, the more the stronger; none unshaded,
        for no θ is on them all; an arrow from each line to its side."""
        theme, drawn = self.theme, VGroup()
        A = np.array([self.lesson.signed[i] for i in support])
        for polygon, met in constraint_cells(A, np.zeros(len(support)), self.weights.box):
            drawn.add(Polygon(*[self.weight_point(p) for p in polygon], stroke_width=0,
                              fill_color=theme.text,
                              fill_opacity=self.unmet_opacity(len(A) - met, len(A))))
        arrows = [(i, *self.side_arrow(ends, a, along=ARROW_ALONG[k % len(ARROW_ALONG)]))
                  for k, (i, a) in enumerate(zip(support, A))
                  if (ends := clip_line(a, 0.0, self.weights.box)) is not None]
        taken = [segment_boxes(base, tip, 0.06) for _, base, tip in arrows]
        # and off the lines themselves (a name on another's line reads as that line's)
        taken += [segment_boxes(self.weight_point(ends[0]), self.weight_point(ends[1]), 0.05,
                                samples=60)
                  for a in A if (ends := clip_line(a, 0.0, self.weights.box)) is not None]
        for i, base, tip in arrows:
            # named by its point, as its line is (two arrows from nearly one line, opposite
            # ways, read as one double arrow unnamed): past its tip, else beside its shaft,
            # where it covers no other arrow or name
            name = with_backdrop(text(str(i + 1), theme, style.FONT_SMALL, theme.normal),
                                 theme)
            heading = (tip - base) / max(float(np.linalg.norm(tip - base)), 1e-9)
            across_shaft = np.array([-heading[1], heading[0], 0.0])
            off = 0.08 + 0.5 * float(np.hypot(name.width, name.height))
            half = np.array([name.width, name.height]) / 2
            best = least_covered([tip + off * heading, (base + tip) / 2 + off * across_shaft,
                                  (base + tip) / 2 - off * across_shaft],
                                 (name.width, name.height), np.vstack(taken))
            name.move_to(best)
            taken.append(np.array([[*(best[:2] - half), *(best[:2] + half), 100.0]]))
            drawn.add(FastArrow(theme.normal).set_ends(base, tip), name)
        # the lines' numbers, placed next (:meth:`line_numbers`), keep off these names
        self.side_names = [m for m in drawn if not isinstance(m, (Polygon, FastArrow))]
        return drawn

    @staticmethod
    def unmet_opacity(unmet: int, count: int) -> float:
        """The grey of θ that fail ``unmet`` of the ``count`` sides: none, 0; one, the
        mistake shading's lightest; all but one, its darkest (no region fails them all: its
        −θ would pass them all)."""
        if not unmet:
            return 0.0
        return WRONG_LIGHTEST + (WRONG_DARKEST - WRONG_LIGHTEST) * (unmet - 1) / max(count - 2, 1)

    def met_key(self, count: int) -> VGroup:
        """The key of :meth:`certificate_halves`' shading, a column: a swatch for each
        number of the ``count`` sides a region of θ can fail, 1 to count − 1; then the
        unshaded swatch, "fails none", nowhere (Gordan: no θ has them all > 0; failing them
        all is only on the lines, ≤ 0 a mistake, not a region: review 269 found "none or
        both (nowhere)" false on the lines)."""
        rows = [self.key_row(self.unmet_opacity(unmet, count), f"fails {unmet} of {count}")
                for unmet in range(1, count)]
        # (short rows: a long one shrinks the whole key to fit beside the plane)
        rows += [self.key_row(0.0, "fails none", gap=0.04),
                 self.key_row(None, "(nowhere)", indent=True)]
        return self.key_column(rows)

    def side_arrow(self, ends, normal, length: float = 0.9,
                   along: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
        """(base, tip) on screen of an arrow from the weight-space segment ``ends`` along
        ``normal``, towards the half-plane's side, whole inside the plane: from the first
        of ``along`` the segment (from its upper end), its middle, its thirds and its
        quarters whose arrow stays in, else from the middle, shortened until it does."""
        bounds = self.weights.square_bounds()
        low, high = bounds[:2] + 0.05, bounds[2:] - 0.05
        # from the segment's upper end (the left one, level): "along" the same way on
        # every line, whichever way its normal points
        p, q = sorted((self.weight_point(e) for e in ends), key=lambda e: (-e[1], e[0]))
        direction = self.weight_point(normal) - self.weight_point((0, 0))
        direction = direction / max(float(np.linalg.norm(direction)), 1e-9)

        def inside(point) -> bool:
            return bool(np.all(point[:2] >= low) and np.all(point[:2] <= high))

        for t in (along, 0.5, 1 / 3, 2 / 3, 0.25, 0.75):
            base = p + t * (q - p)
            if inside(base + length * direction):
                return base, base + length * direction
        base = (p + q) / 2
        for shorter in np.linspace(length, 0.2, 8):
            if inside(base + shorter * direction):
                return base, base + shorter * direction
        return base, base + 0.2 * direction

    def line_numbers(self, indices, score: float = 0.0, colour: str | None = None,
                     along: dict | None = None, keep_off=None) -> VGroup:
        """Each of these points' lines y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = ``score`` in weight space named by its
        point (1-based, in ``colour``, the run's pink by default), beside the line near one
        of its ends: the first place, from the upper end inwards, whose name keeps off the
        other lines and the names placed before (where lines cross, a name between them
        would name either); ``along``: {i: (p, q)}, the part of line i (weight space) its
        name stands by (a region's edge: on its edge, not at the line's far end);
        ``keep_off``: more obstacle boxes (the region's inside: a name in it reads as the
        region's, not its edge's)."""
        theme, numbers = self.theme, VGroup()
        segments = {i: clip_line(self.lesson.signed[i], -score, self.weights.box)
                    for i in indices}
        samples = {i: [self.weight_point(e[0] + t * (e[1] - e[0])) for t in np.linspace(0, 1, 60)]
                   for i, e in segments.items() if e is not None}
        # off the arrows to the sides (a name on a shaft reads as the arrow's)
        dashed = [segment_boxes(*self.side_arrow(
            e, self.lesson.signed[i], along=ARROW_ALONG[k % len(ARROW_ALONG)]), 0.06)
                  for k, (i, e) in enumerate(segments.items()) if e is not None]
        for i in indices:
            if segments[i] is None:
                continue
            ends = along[i] if along and i in along else segments[i]
            screen = sorted((self.weight_point(e) for e in ends), key=lambda p: -p[1])
            # (review 314: at the small size, about 7 px at 480p)
            name = text(str(i + 1), theme, style.FONT_PANEL, colour or theme.step)
            with_backdrop(name, theme)
            others = [box_around(np.array(points), 0.02) for j, points in samples.items()
                      if j != i] + dashed + ([keep_off] if keep_off is not None else [])
            # (the numbers placed before with a margin: two side by side read as one, "7 3")
            others += [box_of(m, pad=NUMBER_MARGIN) for m in (*numbers, *self.side_names)]
            obstacles = np.vstack(others) if others else np.zeros((0, 5))
            direction = screen[1] - screen[0]

            def near_another(centre, i=i) -> float:  # near another line, a name reads as its
                near = min((float(np.min(np.linalg.norm(np.array(points)[:, :2] - centre[:2],
                                                        axis=1)))
                            for j, points in samples.items() if j != i), default=1.0)
                return max(NAME_CLEARANCE - near, 0.0)

            best = beside_line([screen[0] + t * direction for t in (0.1, 0.9, 0.2, 0.8, 0.3,
                                                                      0.7, 0.5)],
                               direction, (name.width, name.height), obstacles, 0.2,
                               bounds=self.weights.square_bounds(), extra_cost=near_another)
            name.move_to(best)
            numbers.add(name)
        return numbers

    def draw_proof(self, beat) -> None:
        """The argument on the status line, and seen: a θ circles 0 in weight space, its
        line turning in data space, while bars between the planes show the certificate's
        weighted y·scores λᵢy⁽ⁱ⁾θᵀx⁽ⁱ⁾ at it, which add up to 0, so one is always ≤ 0 (in
        the mistake colour)."""
        self.follow_beat(beat)
        if not beat.state["score_bars"]:
            self.play(Wait(style.PAUSE_SHORT))
            return
        theme, lesson, box = self.theme, self.lesson, self.weights.box
        support = sorted(lesson.certificate)
        weighted = np.array([lesson.certificate[i] * np.asarray(lesson.signed[i], dtype=float)
                             for i in support])
        # a circle round 0 well inside the view, from (and back to) the direction of the
        # longest λᵢy⁽ⁱ⁾x⁽ⁱ⁾ (the first of equals), where its bar is the tallest
        radius = PROBE_RADIUS * min(-box.x_min, box.x_max, -box.y_min, box.y_max)
        longest = weighted[greatest_index(np.hypot(weighted[:, 0], weighted[:, 1]))]
        start = float(np.arctan2(longest[1], longest[0]))
        turn = ValueTracker(0.0)

        def theta() -> np.ndarray:
            angle = start + 2 * np.pi * turn.get_value()
            return radius * np.array([np.cos(angle), np.sin(angle)])

        probe = Dot(self.weight_point(theta()), radius=0.08, color=theme.normal)
        probe.add_updater(lambda m: m.move_to(self.weight_point(theta())))
        reach = radius * float(np.max(np.linalg.norm(weighted, axis=1)))
        bars = ScoreBars([str(i + 1) for i in support], lambda: weighted @ theta(), reach,
                         theme, "lambda_i y^((i)) theta^T x^((i))", "sum: 0")
        # between the planes, clear of the weight plane's tick values
        left = self.plane.frame.get_right()[0] + 0.1
        right = min(m.get_left()[0] for m in (self.weights.frame, *self.weights.axes)) - 0.1
        if bars.width > right - left:
            bars.scale_to_fit_width(right - left)
        bars.move_to(((left + right) / 2, self.plane.frame.get_center()[1], 0.0))
        bars.follow()
        # its line in data space turning with it (review 313: the data stood still)
        line = self.moving_line(lambda: (theta(), 0.0))
        self.play(appear(probe), appear(bars), appear(line), run_time=style.RUN_FADE)
        if self.on_screen(self.certificate):  # (the line under the sum's inset: reviews 331)
            self.bring_to_front(self.certificate)
        # round once while the rest of the sentence is said (at least PROBE_SECONDS)
        self.play(turn.animate.set_value(1.0), run_time=max(PROBE_SECONDS, self.time_left() - 0.3),
                  rate_func=linear)
        for mark in (probe, bars, line):
            mark.clear_updaters()
            self.mark_for_beat(mark)

    def drop_certificate_inset(self) -> None:
        """The certificate's inset and names go: the data plane is needed again."""
        if self.on_screen(self.certificate):
            self.play(vanish(self.certificate), run_time=style.RUN_FADE)
            self.remove(self.certificate)
