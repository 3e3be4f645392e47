"""The two median runs of `quiz-margin` replayed side by side, on one clock (update k of
both at once): first their first updates slowly, each as the rule is said, the point it
corrects ringed in its plane, θ and yx drawn tip to tail and the line turning from θ to
θ + yx (reviews 281: "flip-books, nothing marks the misclassified point"; 288: the line
only jumped); then the rest faster, each
counter counting, ending on each run's last line before its count is said."""

from __future__ import annotations

import numpy as np
from manim import DL, Circle, LEFT, RIGHT, ValueTracker, VGroup, smooth

from linviz.geometry import clip_line
from linviz.lessons.margin_speed import update_points

from scenes.quiz_parts.margin import RADIUS_BACK
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.marks import following_ring
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import math, text
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.speed.glyph_numbers import GlyphNumber

#: a second of replay for this many updates of the faster part (one clock for both runs)
REPLAY_UPDATE = 0.2
#: at most this many seconds for the faster part of the longer run
REPLAY_LONGEST = 8.0
#: the replay ends this long (s) before its sentence has been said (its counts end it)
COUNT_SAID = 2.0
#: of each slow update's time, the share the ring stands alone before the line turns
RING_FIRST = 0.4
#: a run's line crossing its plane's view over less than this share of its width is
#: noted as at the edge (a speck across a corner reads as no line)
EDGE_SHARE = 0.15


class RunReplay:
    """The runs' replay (a part of :class:`scenes.quiz.MarginQuizScene`)."""

    replay = None

    def run_line(self, run, plane, tracker, width: float, turning: bool = False,
                 noted: bool = False) -> Hyperplane:
        """The run's line on ``plane`` at the update the tracker reaches (it counts
        updates, one clock for both runs: the run with fewer stops first), in the run's
        colour; ``done()`` gives that update's number. ``turning``: between updates k and
        k + 1 the line turns from θ_k to θ_(k+1) after the ring's moment
        (:data:`RING_FIRST`), not at once, and ``counted()`` counts update k + 1 from
        then (else it is ``done()``). ``noted``: while the line lies beyond the plane's
        view or crosses it over less than :data:`EDGE_SHARE` of its width, a note inside
        the plane says so."""
        thetas = np.asarray(run.trace.states["theta"], dtype=float)
        offsets = np.asarray(run.trace.states["theta0"], dtype=float)
        last = len(thetas) - 1

        def done() -> int:
            return min(int(np.floor(tracker.get_value() + 1e-9)), last)

        def at() -> tuple[np.ndarray, float]:
            k = done()
            share = tracker.get_value() - k
            if not turning or k == last or share <= RING_FIRST:
                return thetas[k], float(offsets[k])
            s = smooth((share - RING_FIRST) / (1.0 - RING_FIRST))
            if not np.any(thetas[k]) and s < 1.0:  # from 0: the line comes once yx is θ
                return thetas[k], float(offsets[k])  # (review 291: it came before the arrow)
            return ((1 - s) * thetas[k] + s * thetas[k + 1],
                    float((1 - s) * offsets[k] + s * offsets[k + 1]))

        mover = Hyperplane(plane, thetas[0], float(offsets[0]), show_normal=False,
                           show_shading=False, show_notes=False)
        mover.line.set_color(self.theme.step)
        mover.line.set_stroke(width=width)
        mover.done = done
        # the updates counted as the line starts to turn (review 282: the counter showed
        # the old count for 1.8 s under the new line)
        mover.counted = (lambda: min(int(np.floor(tracker.get_value() + 1.0 - RING_FIRST
                                                  + 1e-9)), last)) if turning else done
        # a line beyond the plane's view said so inside it (review 283: "M = 3" stood 3 s
        # with no line, the run's θ then putting every point shown on one side)
        note = with_backdrop(text("pink line at or beyond the edge", self.theme, style.FONT_SMALL,
                                  self.theme.step), self.theme) if noted else None
        if noted:
            note.move_to(plane.frame.get_corner(DL), aligned_edge=DL).shift(
                np.array([1.0, 1.0, 0.0]) * style.SMALL_BUFF)

        def follow(m) -> None:
            theta, theta0 = at()
            m.set_parameters(theta, theta0)
            ends = clip_line(theta, theta0, plane.box) if noted and np.any(theta) else ()
            # beyond the view, or a speck across a corner of it
            out = ends is None or (len(ends) == 2 and float(np.linalg.norm(
                ends[1] - ends[0])) < EDGE_SHARE * (plane.box.x_max - plane.box.x_min))
            if out and note not in m.submobjects:
                m.add(note)
            elif not out and note in m.submobjects:
                m.remove(note)

        mover.add_updater(follow)
        return mover

    def mistake_ring(self, run, plane, tracker) -> Circle:
        """A ring round the point of the update under way (the one from the tracker's
        whole part k to k + 1), in its plane; gone once the run has ended."""
        points = update_points(run)

        def at() -> int | None:
            k = int(np.floor(tracker.get_value() + 1e-9))
            return points[k] if k < len(points) else None

        return following_ring(plane, at, self.theme)

    def update_arrows(self, run, plane, tracker) -> VGroup:
        """θ ← θ + yx drawn in ``plane`` while the first updates play (review 288: the
        line only jumped): between updates k and k + 1, θ_k as an arrow from 0 in the run's
        colour, named θ, and from the ring's moment (:data:`RING_FIRST`) on, yx growing
        from its tip to θ_(k+1)'s, named yx, as the line turns; nothing once the run has
        ended."""
        thetas = np.asarray(run.trace.states["theta"], dtype=float)
        last, theme = len(thetas) - 1, self.theme
        theta_arrow = FastArrow(theme.step, stroke_width=3, tip_length=0.16, tip_width=0.13)
        step_arrow = FastArrow(theme.highlight, stroke_width=3, tip_length=0.16,
                               tip_width=0.13)
        # each name on a backdrop (review 290: over the + points it did not read)
        theta_name = with_backdrop(math("theta", theme, style.FONT_LABEL).set_color(
            theme.step), theme)
        step_name = with_backdrop(math("y x", theme, style.FONT_LABEL).set_color(
            theme.highlight), theme)
        drawn = VGroup(theta_arrow, step_arrow, theta_name, step_name)

        def follow(m) -> None:
            t = tracker.get_value()
            k = min(int(np.floor(t + 1e-9)), last)
            share = t - k
            grown = (0.0 if k == last or share <= RING_FIRST else
                     smooth((share - RING_FIRST) / (1.0 - RING_FIRST)))
            origin, start = plane.c2p((0.0, 0.0)), plane.c2p(thetas[k])
            shown = k < last
            theta_arrow.set_ends(origin, start if shown and np.any(thetas[k]) else origin)
            end = plane.c2p(thetas[k] + grown * (thetas[min(k + 1, last)] - thetas[k]))
            step_arrow.set_ends(start, end if shown else start)
            # each name across its arrow's middle, on its left (off the arrow)
            for name, (a, b) in ((theta_name, (origin, start)), (step_name, (start, end))):
                length = float(np.linalg.norm(b - a))
                seen = shown and length > 0.3
                name.set_opacity(1.0 if seen else 0.0)
                name.background_rectangle.set_fill(
                    opacity=style.LABEL_BACKDROP_OPACITY if seen else 0.0)
                if length > 1e-6:
                    left = np.array([-(b - a)[1], (b - a)[0], 0.0]) / length
                    name.move_to((a + b) / 2 + left * (0.1 + name.height / 2))

        drawn.add_updater(follow)
        follow(drawn)
        return drawn

    def draw_first_updates(self, beat) -> None:
        """The band's edge rings leave and the radii step back; both runs' lines and
        counters come, and their first updates play as the rule is said, each point
        ringed before its line turns."""
        self.show_words(beat.state["status"])
        self.take_off(getattr(self, "near_rings", None), getattr(self, "edge_rings", None),
                      getattr(self, "gap_drawn", None))
        # the reaches' radii step back (R was said; the runs' lines cross them), and the
        # close-up's locator ring and leader go (review 291: beside the update's ring it
        # read as a point corrected; a ring means that from here)
        locator = ([m.animate.set_stroke(opacity=0.0) for m in self.inset[-2:]]
                   if self.inset is not None and self.on_screen(self.inset) else [])
        # the farthest point's ring, its name R and their leader go too (review 299: beside
        # the update's ring, "ringed: the point θ gets wrong" found R's ring; the run lines
        # crossed the name); the circle of the reach stays
        farthest = [part.animate.set_opacity(0.0) for reach in self.reaches
                    for part in (reach[0][3], reach[1], reach[2])]
        self.play(*[reach[0][1].animate.set_stroke(opacity=RADIUS_BACK)
                    for reach in self.reaches if len(reach[0][1].get_family()) > 1
                    or reach[0][1].has_points()], *locator, *farthest,
                  run_time=style.RUN_FADE)
        tracker = ValueTracker(0.0)
        runs = (self.lesson.wide, self.lesson.narrow)
        movers = VGroup(*[self.run_line(run, plane, tracker, width, turning=True, noted=True)
                          for run, plane, width in zip(runs, self.planes, self.line_widths)])
        # the narrow run's line in the band's close-up too, threading the gap; its last
        # stays there (how near a point it passes is told next, magnified further)
        close_up = (VGroup() if self.inset is None or not self.on_screen(self.inset) else
                    VGroup(self.run_line(self.lesson.narrow, self.inset[2], tracker,
                                         style.LINE_STROKE, turning=True)))
        rings = VGroup(*[self.mistake_ring(run, plane, tracker)
                         for run, plane in zip(runs, self.planes)],
                       *[self.update_arrows(run, plane, tracker)
                         for run, plane in zip(runs, self.planes)])
        counters = VGroup(*[self.counter(mover, answer) for mover, answer in
                            zip(movers, self.answers)])
        self.replay = (tracker, movers, close_up, rings, counters)
        self.add(movers, close_up)
        self.play(appear(counters), run_time=style.RUN_FADE)
        # (review 288: "each update", never matched, played the first updates 5 s early)
        self.wait_for_words("Each update")
        self.add(rings)
        first = beat.state["first_updates"]
        seconds = max(style.RUN_INTRO * first, self.speech_left() - 2 * style.RUN_FADE)
        self.play(tracker.animate.set_value(float(first)), run_time=seconds,
                  rate_func=lambda t: t)
        # the rings leave with the slow updates (at the end one would stand on the next
        # update's point, a step this sentence does not take; faster, they would flicker),
        # and the arrows (the faster updates are drawn as lines only)
        for part in rings:
            part.clear_updaters()
        self.play(vanish(rings), run_time=style.RUN_FADE)
        self.remove(rings)

    def counter(self, mover, answer) -> VGroup:
        """"M = k", counting the updates ``mover`` has made (its ``counted()``), where its
        run's answer will stand (:meth:`answer`), its M at the answer's M."""
        theme = self.theme
        name = math("M =", theme, style.FONT_BODY).set_color(theme.step)
        number = GlyphNumber("0", style.FONT_BODY, theme.step)
        number.next_to(name, RIGHT, buff=0.12)
        number.add_updater(lambda m, counted=mover.counted: m.set_text(str(counted())))
        return VGroup(name, number).move_to(answer[0], aligned_edge=LEFT)

    def draw_runs(self, beat) -> None:
        """The rest of both runs, faster (each update's point ringed), done by the time the
        counts are said; each ends on its last line and its counter becomes its answer, M
        against its bound."""
        self.show_words(beat.state["status"])
        tracker, movers, close_up, _, counters = self.replay
        most = max(run.updates for run in (self.lesson.wide, self.lesson.narrow))
        left = most - tracker.get_value()
        # each faster update's point ringed too (review 290: 25 updates flew by unmarked)
        rings = VGroup(*[self.mistake_ring(run, plane, tracker) for run, plane in
                         zip((self.lesson.wide, self.lesson.narrow), self.planes)])
        self.add(rings)
        if left > 0:
            seconds = min(REPLAY_LONGEST, max(style.RUN_REPLAY, REPLAY_UPDATE * left))
            # done by the time the counts are said, at the sentence's end (review 276:
            # "77" said while the counter showed 47)
            seconds = max(style.RUN_INTRO, min(seconds, self.speech_left() - COUNT_SAID))
            self.play(tracker.animate.set_value(float(most)), run_time=seconds,
                      rate_func=lambda t: t)
        for mobject in (*movers, *close_up, *rings, *[c[1] for c in counters]):
            mobject.clear_updaters()
        self.remove(rings)
        self.add(*self.finals)
        self.remove(movers)
        self.dash_star_over_finals()
        # each counter, at its run's M, becomes the answer: M against its bound
        for counter, answer in zip(counters, self.answers):
            self.remove(counter)
            self.add(answer[0])
        self.play(*[appear(answer[1]) for answer in self.answers], run_time=style.RUN_FADE)
        if len(close_up):  # its last line stays in the close-up, and leaves with it
            self.remove(close_up)
            self.inset.add(close_up)
        for answer in self.answers:  # each stands as one drawing from here
            self.remove(*answer)
            self.add(answer)
