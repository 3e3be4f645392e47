"""The notes' quizzes: `quiz-one-point` and `quiz-margin`.

Each asks its question on a card and holds it, still, for the request's quiz pause
(``--quiz-pause``; present mode stops there until → is pressed), then answers it from real
runs (:mod:`linviz.lessons.quiz`, the storyboards in :mod:`linviz.lessons.quiz_story`).
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circle, DashedLine, Dot, Indicate, Line,
                   SurroundingRectangle, ValueTracker, VGroup, Wait, linear)

from linviz import wording
from linviz.geometry import clip_line
from linviz.lessons.quiz import (BAND_INSET_SHARE, band_half_width, band_inset,
                                 farthest_point, margin_quiz_lesson, one_point_lesson,
                                 plane_box)
from linviz.lessons.quiz_story import (MARGIN_QUESTION, MARGIN_THEOREM, ONE_POINT_QUESTION,
                                       farthest_norm, margin_storyboard, plane_margin,
                                       said_gamma,
                                       said_reach,
                                       one_point_storyboard)
from scenes.base import LinvizScene
from scenes.toolkit import style
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.screen_text import plain_markup
from scenes.toolkit.speed.glyph_numbers import GlyphNumber
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.placement import (across, beside_line, best_offset, box_around,
                                      box_of, segment_boxes)
from scenes.toolkit.plane import (DataPlane, DataVector, Hyperplane, MarginBand,
                                  origin_circle_in_box)
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import markup_with_math, math, text


def quoted(number: str) -> str:
    """A number inside Typst mathematics: quoted when grouped ("2,324"; a bare comma would
    be set as a separator)."""
    return f'"{number}"' if "," in number else number


#: the side of each of the margin quiz's two planes on screen, and their centres (left of
#: the middle: the narrow band's inset stands right of its plane, at its largest size)
PANEL_SIDE = 3.8
PANEL_CENTRES = ((-4.6, -0.45, 0.0), (0.3, -0.45, 0.0))
#: the gap between the narrow band's inset, right of its plane, and the plane or the frame
INSET_GAP = 0.12
#: the strips of each margin's updates, right of the planes where the close-up stood: their
#: gap to the plane (and the axis's height over its bottom), the gap to the frame's edge, a
#: row's height and the radius of a dot
STRIP_GAP, STRIP_EDGE, STRIP_ROW, STRIP_DOT = 0.45, 0.55, 1.5, 0.07
#: a ring in the band's close-up, in rings of the plane (it leaves the marker whole)
INSET_RING = 1.5
#: the opacity of the circle of the points' reach
REACH_OPACITY = 0.7


def stacked_levels(xs, gap: float) -> list[int]:
    """The level of each of the places ``xs`` on a strip of dots: in order of place (the
    first of equals first), each on the lowest level where it stands at least ``gap`` from
    every dot placed there before it."""
    levels = [0] * len(xs)
    placed: dict[int, list[float]] = {}
    for i in sorted(range(len(xs)), key=lambda i: (xs[i], i)):
        level = 0
        while any(abs(xs[i] - x) < gap for x in placed.get(level, [])):
            level += 1
        placed.setdefault(level, []).append(xs[i])
        levels[i] = level
    return levels


class QuizScene(LinvizScene):
    """A quiz: the question's card held for the quiz pause, then the answer's beats."""

    #: the question the card shows (the storyboard's first sentence)
    question = ""
    #: the card's centre (over the picture the question is about)
    card_center = (0.0, 2.35, 0.0)
    #: a line under the question, in smaller type: what it is asked with ("" : none)
    card_note = ""

    def question_card(self) -> VGroup:
        """The question in large type, a line for each of its questions, and a pause cue."""
        body = self.question.removeprefix("Quiz, from the notes: ")
        sentences = [part.strip() + ("?" if not part.strip().endswith((".", "?")) else "")
                     for part in body.replace("? ", "?|").replace(". ", ".|").split("|")]
        sentences[0] = sentences[0][:1].upper() + sentences[0][1:]
        lines = VGroup(*[text(plain_markup(line), self.theme, style.FONT_BODY)
                         for line in sentences]).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.SMALL_BUFF)
        if self.card_note:
            lines.add(text(markup_with_math(self.card_note), self.theme, style.FONT_SMALL,
                           self.theme.muted))
            lines.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        if lines.width > 12.5:
            lines.scale_to_fit_width(12.5)
        cue = text("Quiz from the notes: think before you see the answer", self.theme,
                   style.FONT_SMALL, self.theme.highlight)
        inside = VGroup(cue, lines).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        box = SurroundingRectangle(inside, buff=0.25, color=self.theme.highlight,
                                   fill_color=self.theme.background, fill_opacity=0.95,
                                   stroke_width=2)
        return VGroup(box, inside).move_to(self.card_center)

    def draw_quiz(self, beat) -> None:
        """The question comes over the picture it is about, and stays still while it is
        read and for the quiz pause."""
        self.card = self.question_card()
        self.play(appear(self.title), *[appear(m) for m in self.question_picture()],
                  appear(self.card), run_time=style.RUN_INTRO)
        self.play(Wait(self.voice.duration(beat.sentence) + self.request().quiz_pause))

    def question_picture(self) -> list:
        """What stands under the question while it is asked."""
        return []

    def take_card(self) -> None:
        if self.on_screen(self.card):
            self.play(vanish(self.card), run_time=style.RUN_FADE)
            self.remove(self.card)

    #: where the status line stands (None: under the title), and its widest (None: any)
    status_place = None
    status_width = None

    def show_words(self, words: str | None) -> None:
        """The status line (None: none), at ``status_place``."""
        where = self.status_place
        self.show_status_words(words, (lambda line: line.to_edge(UP, buff=1.0)) if where is None
                               else (lambda line: line.move_to(where)), self.status_width)

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen, and the status
        line writes it."""
        self.show_words(beat.state["status"])
        self.play(Wait(style.PAUSE_SHORT))

    def draw_answer(self, beat) -> None:
        """The answer in a line, on the status line, while it is said."""
        self.show_words(beat.state["status"])
        self.play(Wait(style.PAUSE_SHORT))


#: where the single-point quiz's number line of θᵀx stands, right of its plane
SCORE_LINE_CENTER = (3.4, 0.9, 0.0)
#: the single-point quiz's plane: its side and centre (large enough for a hall: 0, x, θ's
#: arrows and the inset are all the picture there is)
PLANE_SIDE, PLANE_CENTER = 5.6, (-3.5, -0.25, 0.0)
#: the bound's chain, in the column right of the plane under the scores
CHAIN_CENTER, CHAIN_WIDTH = (3.4, -2.3, 0.0), 6.2


class OnePointQuizScene(QuizScene):
    """Quiz: how often can the perceptron get a single point wrong?"""

    question = ONE_POINT_QUESTION
    status_place, status_width = (3.4, -0.55, 0.0), CHAIN_WIDTH
    #: the card in the empty right half (the plane, left, stays in view under the question)
    card_center = (3.3, 1.0, 0.0)

    def make_trace(self):
        self.lesson = one_point_lesson(self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = one_point_storyboard(self.lesson, self.scene_name())
        return None

    def build(self) -> None:
        lesson = self.lesson
        self.title = self.make_title("Quiz: a single point")
        self.plane = DataPlane(np.array([lesson.x]), np.array([1.0]), self.theme,
                               box=lesson.view, side=PLANE_SIDE, center=PLANE_CENTER,
                               legend=False)
        self.x_label = math("x", self.theme, style.FONT_LABEL).set_color(self.theme.positive)
        # beyond x, away from 0 (θ's arrows come from 0 and end on x's side)
        outward = lesson.x / float(np.hypot(*lesson.x))
        self.x_label.next_to(self.plane.point(0), np.array([*outward, 0.0]), buff=0.12)
        self.inset = None
        self.start_mark = None
        #: θ between two states: (from, to, fraction)
        self.motion = ValueTracker(0.0)
        self.theta_from = self.theta_to = np.zeros(2)
        self.theta_arrow = None
        self.boundary = None
        #: the steps y⁽ⁱ⁾x⁽ⁱ⁾ of the run shown, each from θ before to θ after
        self.trail: list = []
        # θᵀx (the point's y·score, y = +1) on a number line, every value either run takes
        scores = [float(theta @ lesson.x) for theta in (*lesson.from_zero, *lesson.from_start)]
        self.score_line = ScoreLine(scores, self.theme, width=5.6, label="theta^T x",
                                    side_labels=("$theta^T x <= 0$: mistake",
                                                 "$theta^T x > 0$: correct"))
        self.score_line.move_to(SCORE_LINE_CENTER)

    def question_picture(self) -> list:
        return [self.plane, self.x_label]

    def theta_at(self, run: str, step: int) -> np.ndarray:
        thetas = self.lesson.from_zero if run == "zero" else self.lesson.from_start
        return thetas[step]

    def current_theta(self) -> np.ndarray:
        t = self.motion.get_value()
        return (1 - t) * self.theta_from + t * self.theta_to

    def move_theta(self, theta, run_time: float = style.RUN_GD_STEP) -> None:
        """θ's arrow from the origin and its boundary move to ``theta`` (a play)."""
        theme = self.theme
        if self.theta_arrow is None:
            self.theta_from = self.theta_to = np.asarray(theta, dtype=float)
            self.theta_arrow = DataVector(self.plane, (0, 0), theta, theme.normal, "theta")
            self.boundary = self.sided_boundary(self.plane, theta)
            self.theta_arrow.add_updater(lambda v: v.set_ends((0, 0), self.current_theta()))
            self.boundary.add_updater(lambda h: h.set_parameters(self.current_theta(), 0.0))
            self.play(appear(self.theta_arrow), appear(self.boundary), run_time=style.RUN_FADE)
            return
        self.theta_from, self.theta_to = self.current_theta(), np.asarray(theta, dtype=float)
        self.motion.set_value(0.0)
        self.play(self.motion.animate.set_value(1.0), run_time=run_time)

    def show_score_line(self) -> None:
        """The number line of θᵀx comes, its marker following θ from then on."""
        if self.on_screen(self.score_line):
            return
        line, x = self.score_line, self.lesson.x
        line.set_marker(float(self.current_theta() @ x))
        self.play(appear(line), appear(line.marker), run_time=style.RUN_FADE)
        line.marker.add_updater(lambda _: line.set_marker(float(self.current_theta() @ x)))

    def draw_run(self, beat) -> None:
        self.take_card()
        self.show_score_line()
        run, end = beat.state["run"], beat.state["step"]
        self.show_words(beat.state["status"])
        for step in range(1, end + 1):
            before, after = self.theta_at(run, step - 1), self.theta_at(run, step)
            if not np.any(before):  # from θ = 0 the step is θ itself: its arrow, no other
                self.move_theta(after)
                continue
            step_arrow = FastArrow(self.theme.step, stroke_width=3)
            step_arrow.set_ends(self.plane.c2p(before), self.plane.c2p(after))
            step = VGroup(step_arrow, self.step_name(step_arrow))
            self.play(appear(step), run_time=style.RUN_FADE)
            self.theta_arrow.avoid.target.extend(step)  # θ's name keeps off the steps
            if self.theta_arrow.label is not None and self.start_mark is not None:
                # θ leaves θ⁽⁰⁾: from here the arrow is θ, named (off θ⁽⁰⁾'s name)
                self.theta_arrow.label.set_opacity(1.0)
            self.move_theta(after)
            # the steps stay, a trail from the start to the end of the run
            self.trail.append(step)

    def step_name(self, step_arrow) -> VGroup:
        """"+x" beside an update's step, on the side away from 0: each update adds y x = x
        (y = +1) to θ, and the step is that vector."""
        name = math("+x", self.theme, style.FONT_SMALL).set_color(self.theme.step)
        with_backdrop(name, self.theme)
        start, end = step_arrow.get_start(), step_arrow.get_end()
        origin = self.plane.c2p((0, 0))
        side = across(end - start, towards=(start + end) / 2 - origin)
        return name.move_to((start + end) / 2 + side * (0.12 + 0.5 * max(name.width,
                                                                             name.height)))

    def sided_boundary(self, plane, theta) -> Hyperplane:
        """θ's boundary on ``plane``, its side θᵀx > 0 tinted in the number line's
        "correct" colour: x is a + point, so that side is where it is got right (in the
        + colour, it would read as the number line's "mistake")."""
        boundary = Hyperplane(plane, theta, 0.0, show_normal=False)
        boundary.shade.set_fill(self.theme.correct)
        return boundary

    def draw_magnify(self, beat) -> None:
        """x and the last boundary magnified: x is just off the line."""
        self.show_words(beat.state["status"])
        run, end = beat.state["run"], beat.state["step"]
        if beat.state["inset"]:
            box, zoom = self.lesson.final_inset
            theta = self.theta_at(run, end)
            x, theme = self.lesson.x, self.theme
            foot = x - float(theta @ x) / float(theta @ theta) * theta
            distance = text(wording.number(self.lesson.final_distance, 2), theme,
                            style.FONT_SMALL, theme.highlight)
            with_backdrop(distance, theme)

            def drawings(inset):
                # the line, and x's distance to it: the perpendicular, with its length
                gap = Line(inset.c2p(foot), inset.c2p(x), color=theme.highlight, stroke_width=3)
                side = across(gap.get_end() - gap.get_start(), towards=np.array([1.0, -1.0]))
                return VGroup(self.sided_boundary(inset, theta), gap,
                              distance.copy().next_to(gap.get_center(), side, buff=0.1))

            self.inset = magnifier(self.plane, self.plane.X, self.plane.y, box, zoom, self.theme,
                                   drawings,
                                   lines=[(theta, 0.0), ("segment", np.zeros(2), theta),
                                          *[("segment", self.theta_at(run, k),
                                             self.theta_at(run, k + 1)) for k in range(end)]])
            self.play(appear(self.inset), run_time=style.RUN_FADE)


    def axis_boxes(self) -> np.ndarray:
        """The plane's two axes as thin screen boxes (a name on an axis reads as its tick)."""
        box = self.plane.box
        ends = [((box.x_min, 0), (box.x_max, 0)), ((0, box.y_min), (0, box.y_max))]
        return np.array([[*np.minimum(self.plane.c2p(a), self.plane.c2p(b))[:2] - 0.05,
                          *np.maximum(self.plane.c2p(a), self.plane.c2p(b))[:2] + 0.05, 1.0]
                         for a, b in ends])

    def draw_answer(self, beat) -> None:
        """The bound on the updates from θ⁽⁰⁾ in display type under the scores: its formula,
        then its numbers, then the Cauchy–Schwarz step between its two bounds."""
        self.show_words(beat.state["status"])
        formula, numbers = beat.state["chain"]
        theme = self.theme
        lines = VGroup(math(formula, theme, style.FONT_BODY), math(numbers, theme, style.FONT_BODY),
                       text(markup_with_math("Cauchy–Schwarz: $-(theta^((0)))^T x <= "
                                             "norm(theta^((0))) norm(x)$"), theme,
                            style.FONT_SMALL, theme.muted))
        lines.arrange(DOWN, buff=0.22)
        if lines.width > CHAIN_WIDTH:
            lines.scale_to_fit_width(CHAIN_WIDTH)
        lines.move_to(CHAIN_CENTER)
        self.play(appear(lines), run_time=style.RUN_FADE)
        self.play(Wait(style.PAUSE_SHORT))

    def draw_start(self, beat) -> None:
        """The run from θ = 0 leaves (its step's trail too); θ goes to the random start."""
        if self.trail:
            self.play(*[vanish(arrow) for arrow in self.trail], run_time=style.RUN_FADE)
            self.remove(*self.trail)
            self.trail = []
        self.show_words(beat.state["status"])
        # at the start the arrow is θ⁽⁰⁾, named once (by the ring's name below): θ's own
        # name comes back with the first update
        if self.theta_arrow.label is not None:
            self.theta_arrow.label.set_opacity(0.0)
        self.move_theta(self.lesson.start)
        # where the run from θ⁽⁰⁾ starts, marked for as long as its trail is drawn
        ring = Circle(radius=0.08, color=self.theme.normal, stroke_width=2.5)
        ring.move_to(self.plane.c2p(self.lesson.start))
        name = math("theta^((0))", self.theme, style.FONT_LABEL).set_color(self.theme.normal)
        # beside the ring, off the arrow's shaft and the axes
        tip, origin = ring.get_center(), self.plane.c2p((0, 0))
        obstacles = np.vstack([segment_boxes(origin, tip, 0.06), self.axis_boxes()])
        with_backdrop(name, self.theme)
        offset = best_offset(tip, (name.width, name.height), obstacles, 0.12,
                             bounds=box_of(self.plane.frame)[0, :4])
        name.move_to(tip + np.array([*offset, 0.0]))
        self.start_mark = VGroup(ring, name)
        # θ's name, when it comes back, keeps off θ⁽⁰⁾'s
        self.theta_arrow.avoid.target[:] = [name]  # the run from 0's steps have gone
        self.play(appear(self.start_mark), run_time=style.RUN_FADE)


class MarginQuizScene(QuizScene):
    """Quiz: a large or a small margin? Two runs answer it."""

    question = MARGIN_QUESTION
    card_center = (0.0, 0.3, 0.0)
    card_note = MARGIN_THEOREM

    def make_trace(self):
        self.lesson = margin_quiz_lesson(self.seed)
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = margin_storyboard(self.lesson, self.scene_name())
        return None

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Quiz: a large or a small margin?")
        self.planes, self.stars, self.finals, self.counts = [], [], [], []
        for run, centre in zip((self.lesson.wide, self.lesson.narrow), PANEL_CENTRES):
            data = run.data
            plane = DataPlane(data.X, data.y, theme, box=plane_box(self.lesson), side=PANEL_SIDE,
                              center=centre, legend=False)
            a, c = run.theta_star[:2], float(run.theta_star[2])
            self.planes.append(plane)
            # θ* and its band: γ on [x, 1] is at least γ/‖a‖ wide in the plane
            # θ*'s band in the plane: half-width γ/‖a‖ for θ* = (a, c) on [x, 1], the notes'
            # margin of the nearest point (said beside the theorem's γ on [x, 1])
            final = run.trace.result
            line = Hyperplane(plane, np.asarray(final["theta"], dtype=float),
                              float(final["theta0"]), show_normal=False, show_shading=False)
            line.line.set_color(theme.step)
            self.finals.append(line)
            # θ*'s name keeps off the perceptron's line, which comes later beside it
            self.stars.append(VGroup(
                MarginBand(plane, a, c, run.gamma / float(np.hypot(*a)), theme.correct),
                Hyperplane(plane, a, c, show_normal=False, show_shading=False),
                self.star_name(run, plane, avoid=line.line)))
            self.counts.append(self.heading(run, plane))
        self.answers = [self.answer(run, plane) for run, plane in
                        zip((self.lesson.wide, self.lesson.narrow), self.planes)]
        self.inset = self.make_inset(self.lesson.narrow, self.planes[1])
        self.reaches = [self.reach(run, plane) for run, plane in
                        zip((self.lesson.wide, self.lesson.narrow), self.planes)]
        self.strips = self.update_strips()

    def reach(self, run, plane) -> VGroup:
        """How far the points reach: a dashed line from 0 to the point of largest ‖x‖ (the
        one R is: R = √(‖x‖² + 1) on [x, 1]), named with its length in the plane and the R
        it gives."""
        X = np.asarray(run.data.X, dtype=float)
        far = farthest_point(run)
        start, end = plane.c2p((0, 0)), plane.c2p(X[far])
        line = VGroup(DashedLine(start, end, color=self.theme.text, stroke_width=3,
                                 dash_length=0.08),
                      origin_circle_in_box(plane, float(np.hypot(*X[far])), self.theme.muted)
                      .set_stroke(opacity=REACH_OPACITY))
        name = math(f"norm(x) = {farthest_norm(run)}", self.theme, style.FONT_SMALL)
        with_backdrop(name, self.theme)
        # beside the farthest point, where it covers the fewest markers, not the line and
        # not the inset (text on an inset weighs most)
        obstacles = [box_around(plane.markers.positions(), plane.marker_size * 1.2),
                     segment_boxes(start, end, 0.06, samples=16)]
        if self.inset is not None and plane is self.planes[1]:
            # the inset's backing: its square (leaders aside)
            obstacles.append(box_of(self.inset[0], pad=0.2))
        offset = best_offset(end, (name.width, name.height), np.vstack(obstacles), 0.12,
                             bounds=box_of(plane.frame)[0, :4], rings=3, ring_cost=0.05)
        name.move_to(end + np.array([*offset, 0.0]))
        return VGroup(line, name)

    def heading(self, run, plane):
        """γ and (R/γ)² over a plane."""
        bound = wording.grouped(run.bound, 0)
        # three lines, each narrower than its plane (on one line the two planes' headings
        # would meet between them): the band in the plane, then the theorem's numbers on
        # [x, 1], R from the farthest ‖x‖ drawn, which the left plane shows one beat later,
        # as they are said
        lines = [f"band $plus.minus {plane_margin(run)}$",
                 f"on $[x, 1]$: $R = sqrt({farthest_norm(run)}^2 + 1) = {said_reach(run)}$",
                 f"$gamma = {said_gamma(run)}$, $(R \/ gamma)^2 = {quoted(bound)}$"]
        words = VGroup(*[text(markup_with_math(line), self.theme, style.FONT_SMALL)
                         for line in lines]).arrange(DOWN, buff=0.1)
        words.source = " ".join(line.source for line in words)
        return words.next_to(plane.frame, UP, buff=0.15)

    def answer(self, run, plane) -> VGroup:
        """The run's answer under its plane, in large type: M (in the run's colour) against
        its bound, "M = 7 ≤ (R/γ)² = 53"."""
        bound = quoted(wording.grouped(run.bound, 0))
        updates = math(f"M = {run.updates}", self.theme, style.FONT_BODY)
        updates.set_color(self.theme.step)
        rest = math(f"<= (R \/ gamma)^2 = {bound}", self.theme, style.FONT_BODY)
        words = VGroup(updates, rest).arrange(RIGHT, buff=0.15)
        rest.align_to(updates, DOWN)
        return words.next_to(plane.frame, DOWN, buff=0.35)

    def star_name(self, run, plane, avoid=None):
        """"θ*" beside θ*'s line near one of its ends, just outside the band: of the four
        such places, the first that covers the fewest markers and the least of the line
        ``avoid`` (upper end first, :func:`~scenes.toolkit.placement.beside_line`)."""
        a, c = run.theta_star[:2], float(run.theta_star[2])
        ends = clip_line(a, c, plane.box)
        name = math("theta^*", self.theme, style.FONT_SMALL)
        with_backdrop(name, self.theme)
        if ends is None:
            return name.set_opacity(0)
        band = band_half_width(run) * float(np.linalg.norm(plane.c2p((1, 0)) - plane.c2p((0, 0))))
        upper, lower = sorted((plane.c2p(e) for e in ends), key=lambda p: -p[1])
        inward = (lower - upper) / max(float(np.linalg.norm(lower - upper)), 1e-9)
        obstacles = [box_around(plane.markers.positions(), plane.marker_size)]
        if avoid is not None and avoid.has_points():  # a line weighs as much as a text
            boxes = segment_boxes(avoid.get_start(), avoid.get_end(), 0.06, samples=40)
            obstacles.append(np.column_stack([boxes[:, :4], np.full(len(boxes), 100.0)]))
        centre = beside_line([upper + 0.55 * inward, lower - 0.55 * inward], inward,
                             (name.width, name.height), np.vstack(obstacles), band + 0.25)
        return name.move_to(centre)

    def make_inset(self, run, plane, with_run: bool = False):
        """The band magnified (:func:`linviz.lessons.quiz.band_inset`) in a corner of
        ``plane`` (:func:`scenes.toolkit.magnifier.magnifier`), with the run's last line
        when ``with_run``; None when the band reads as it is."""
        found = band_inset(run, plane.box)
        if found is None:
            return None
        box, zoom = found
        a, c, theme = run.theta_star[:2], float(run.theta_star[2]), self.theme
        edge = band_half_width(run) * float(np.hypot(*a))  # the band's edges: aᵀx + c = ±edge
        final = run.trace.result
        theta, theta0 = np.asarray(final["theta"], dtype=float), float(final["theta0"])

        def drawings(inset):
            drawn = VGroup(MarginBand(inset, a, c, band_half_width(run), theme.correct),
                           Hyperplane(inset, a, c, show_normal=False, show_shading=False))
            if with_run:
                line = Hyperplane(inset, theta, theta0, show_normal=False, show_shading=False)
                line.line.set_color(theme.step)
                drawn.add(line)
            return drawn

        # right of the plane, off the data, when the frame leaves room there
        right = plane.frame.get_right()[0]
        beside = (right + INSET_GAP, plane.frame.get_bottom()[1],
                  self.camera.frame_width / 2 - INSET_GAP, plane.frame.get_top()[1])
        return magnifier(plane, run.data.X, run.data.y, box, zoom, theme, drawings,
                         lines=[(a, c + shift) for shift in (0.0, edge, -edge)]
                         + [(theta, theta0)], beside=beside, share=BAND_INSET_SHARE)

    def draw_planes(self, beat) -> None:
        """The next data set, with θ*, its band and its numbers."""
        self.take_card()
        k = beat.state["planes"] - 1
        # the left plane's numbers on [x, 1] come with the beat that says them (draw_heading)
        numbers = [self.counts[k], self.reaches[k]] if k > 0 else [self.counts[0][0]]
        self.play(appear(self.planes[k]), appear(self.stars[k]), *map(appear, numbers),
                  run_time=style.RUN_INTRO)
        if beat.state["inset"]:
            self.play(appear(self.inset), run_time=style.RUN_INTRO)

    def draw_rings(self, beat) -> None:
        """The points by the thin band's edges, ringed in its close-up as they are said."""
        self.show_words(beat.state["status"])
        self.near_rings = VGroup(*[self.inset_ring(i, self.theme.highlight)
                                   for i in beat.state["ringed"]])
        self.play(appear(self.near_rings), run_time=style.RUN_FADE)

    def inset_ring(self, i: int, color, scale: float = 1.0) -> Circle:
        """A ring round point ``i`` of the narrow run in the band's close-up (the
        magnifier's plane, :func:`magnifier`), wide enough to leave its marker whole."""
        inset = self.inset[2]
        x = np.asarray(self.lesson.narrow.data.X[i], dtype=float)
        return Circle(radius=INSET_RING * self.planes[1].ring_radius * scale, color=color,
                      stroke_width=style.RING_STROKE).move_to(inset.c2p(x))

    def draw_closest(self, beat) -> None:
        """The point the narrow run's last line passes nearer than the band's edge, ringed
        in the run's colour in the close-up."""
        self.show_words(beat.state["status"])
        self.closest_ring = self.inset_ring(beat.state["closest"], self.theme.step, 1.25)
        rings = getattr(self, "near_rings", None)
        fading = [vanish(rings)] if rings is not None and self.on_screen(rings) else []
        self.play(appear(self.closest_ring), *fading, run_time=style.RUN_FADE)
        if fading:  # the yellow rings told their part: the pink one stands alone
            self.remove(rings)

    def update_strips(self) -> VGroup:
        """The spread of M, where the close-up stood (right of the planes): on one
        logarithmic axis from 1 to the first power of 10 past every M and (R/γ)², a row of
        dots for each margin, named above it (each dot a data set's M; dots that would touch
        stacked upwards, :func:`stacked_levels`), and the (R/γ)² of the data set shown a
        bar; the large margin's row under the small one's."""
        theme, lesson, plane = self.theme, self.lesson, self.planes[1]
        highest = max(*lesson.wide_counts, *lesson.narrow_counts, lesson.wide.bound,
                      lesson.narrow.bound)
        decades = max(1, int(np.ceil(np.log10(highest) - 1e-9)))
        left = plane.frame.get_right()[0] + STRIP_GAP
        width = self.camera.frame_width / 2 - STRIP_EDGE - left
        axis_y = plane.frame.get_bottom()[1] + STRIP_GAP

        def x_of(value: float) -> float:
            return left + width * float(np.log10(value)) / decades

        axis = Line((left, axis_y, 0), (left + width, axis_y, 0), color=theme.muted,
                    stroke_width=2)
        ticks, labels = VGroup(), VGroup()
        for power in range(decades + 1):
            x = x_of(10.0 ** power)
            ticks.add(Line((x, axis_y - 0.06, 0), (x, axis_y + 0.06, 0), color=theme.muted,
                           stroke_width=2))
            labels.add(text(wording.grouped(10 ** power, 0), theme, style.FONT_SMALL)
                       .set_color(theme.muted).next_to(ticks[-1], DOWN, buff=0.08))
        rows = VGroup()
        step = 2 * STRIP_DOT + 0.03
        for row, (counts, run, name) in enumerate(
                ((lesson.wide_counts, lesson.wide, "large margin (left)"),
                 (lesson.narrow_counts, lesson.narrow, "small margin (right)"))):
            base = axis_y + STRIP_DOT + 0.15 + row * STRIP_ROW
            xs = [round(x_of(count), 6) for count in counts]  # stacked by a stated rule
            levels = stacked_levels(xs, step)
            dots = VGroup(*[Dot((x, base + level * step, 0), radius=STRIP_DOT,
                                color=theme.step) for x, level in zip(xs, levels)])
            bar = Line((x_of(run.bound), base - STRIP_DOT - 0.05, 0),
                       (x_of(run.bound), base + STRIP_ROW / 2, 0), color=theme.text,
                       stroke_width=3)
            words = text(name, theme, style.FONT_SMALL).set_color(theme.muted)
            top = base + max(levels) * step + STRIP_DOT
            words.next_to((left, top, 0), UP, buff=0.12).align_to(axis, LEFT)
            row_drawn = VGroup(dots, bar, words)
            row_drawn.counts = tuple(counts)
            rows.add(row_drawn)
        strips = VGroup(axis, ticks, labels, rows)
        strips.decades = decades
        return strips

    def draw_hold(self, beat) -> None:
        """The spread: the close-up (its part told) gives way to each margin's data sets'
        M on the strips, while it is said."""
        self.show_words(beat.state["status"])
        if beat.state["strips"]:
            leaving = [m for m in (self.inset, getattr(self, "near_rings", None),
                                   getattr(self, "closest_ring", None))
                       if m is not None and self.on_screen(m)]
            if leaving:
                self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
                self.remove(*leaving)
            self.play(appear(self.strips), run_time=style.RUN_INTRO)
        self.play(Wait(style.PAUSE_SHORT))

    def draw_heading(self, beat) -> None:
        """The left plane's numbers, on [x, 1], come and are lit while they are said."""
        self.remove(self.counts[0][0])
        self.add(self.counts[0])
        self.play(appear(self.counts[0][1:]), appear(self.reaches[0]), run_time=style.RUN_FADE)
        self.play(Indicate(self.counts[0][1:], color=self.theme.highlight, scale_factor=1.05),
                  run_time=style.PAUSE_READ)

    def draw_runs(self, beat) -> None:
        self.show_words(beat.state["status"])
        self.replay_runs()
        if self.inset is not None and self.on_screen(self.inset):  # the last line in it too
            with_run = self.make_inset(self.lesson.narrow, self.planes[1], with_run=True)
            self.play(vanish(self.inset), appear(with_run), run_time=style.RUN_FADE)
            self.remove(self.inset)
            self.inset = with_run
            if getattr(self, "near_rings", None) is not None:  # the rings stay on top
                self.add(self.near_rings)

    def replay_runs(self) -> None:
        """Both runs replayed side by side over one stretch of time, update by update: each
        plane's line moves through its θ's while a counter under the plane counts the
        updates (the wide margin's few steps against the narrow one's many); each ends on
        its last θ (:attr:`finals`)."""
        theme, tracker = self.theme, ValueTracker(0.0)
        movers, counters = VGroup(), VGroup()
        for run, plane in zip((self.lesson.wide, self.lesson.narrow), self.planes):
            thetas = np.asarray(run.trace.states["theta"], dtype=float)
            offsets = np.asarray(run.trace.states["theta0"], dtype=float)
            last = len(thetas) - 1

            def done(last=last) -> int:  # the updates made at the tracker
                return min(int(np.floor(tracker.get_value() * last + 1e-9)), last)

            mover = Hyperplane(plane, thetas[0], float(offsets[0]), show_normal=False,
                               show_shading=False, show_notes=False)
            mover.line.set_color(theme.step)
            mover.add_updater(lambda m, t=thetas, o=offsets, done=done: m.set_parameters(
                t[done()], float(o[done()])))
            name = math("M =", theme, style.FONT_BODY).set_color(theme.step)
            number = GlyphNumber("0", style.FONT_BODY, theme.step)
            number.next_to(name, RIGHT, buff=0.12)
            number.add_updater(lambda m, done=done: m.set_text(str(done())))
            # where the run's answer will stand (:meth:`answer`), its M at the answer's M
            counter = VGroup(name, number).move_to(self.answers[len(counters)][0],
                                                   aligned_edge=LEFT)
            movers.add(mover)
            counters.add(counter)
        self.add(movers)
        self.play(appear(counters), run_time=style.RUN_FADE)
        self.play(tracker.animate.set_value(1.0), run_time=style.RUN_REPLAY, rate_func=linear)
        for mobject in (*movers, *[c[1] for c in counters]):
            mobject.clear_updaters()
        self.add(*self.finals)
        self.remove(movers)
        # each counter, at its run's M, becomes the answer: M against its bound
        for counter, answer in zip(counters, self.answers):
            self.remove(counter)
            self.add(answer[0])
        self.play(*[appear(answer[1]) for answer in self.answers], run_time=style.RUN_FADE)
        for answer in self.answers:  # each stands as one drawing from here
            self.remove(*answer)
            self.add(answer)

