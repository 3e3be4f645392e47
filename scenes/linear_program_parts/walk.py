"""The beats of `linear-program` where the perceptron walks in weight space: θ from
0, each update a step by y⁽ⁱ⁾x⁽ⁱ⁾, its line in data space, the point nearest it
magnified; the ray from 0 through its last θ into the region, and the two lines
compared."""

from __future__ import annotations

import numpy as np
from manim import (RIGHT, Circle, DashedLine, Dot, Indicate, Line, ValueTracker, VGroup,
                   VMobject, linear)

from linviz.lessons.linear_program_story import said_least, status_said_first
from scenes.linear_program_parts.common import FADED_LINES, between, leave_together, ray_end
from scenes.linear_program_parts.close_points import ClosePoints
from scenes.linear_program_parts.walk_start import WalkStartBeats
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish, with_backdrop
from linviz.geometry import clip_line
from scenes.toolkit.placement import (DIRECTIONS, PLACE_TOLERANCE, across, beside_line,
                                      best_offset, box_around, box_of, covered_area,
                                      part_boxes, segment_boxes)
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import math

#: where along a point's line (from its upper end) its name is tried, in order
SCORE_NAME_ALONG = (0.2, 0.8, 0.3, 0.7, 0.45, 0.55)
#: a step's screen neighbourhood its lines' names keep off (θ's dot and name at its ends)
STEP_CLEARANCE = 0.3
#: where along a step (from its start) its name "+y⁽ⁱ⁾x⁽ⁱ⁾" is tried, in order, and its gap
#: from the step (screen units)
STEP_NAME_ALONG, STEP_NAME_GAP = (0.5, 0.4, 0.6, 0.3, 0.7), 0.08
#: how much further off the step its name is tried where it fits nowhere nearer
STEP_NAME_FURTHER = 0.3
#: the longest an explained step takes (it runs on to where "perpendicular" is said)
STEP_MOST_SECONDS = 6.0
#: the room (screen units) a point's line's name keeps from its other line, and how
#: heavily covering it counts (against a marker's 1)
LINE_CLEARANCE, LINE_WEIGHT = 0.08, 20.0

class WalkBeats(WalkStartBeats, ClosePoints):
    """The perceptron's walk in weight space (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def make_walker(self) -> None:
        """θ's dot in weight space, named, following the walk's tracker (from θ = 0)."""
        theme = self.theme
        self.walk_tracker = ValueTracker(0.0)
        self.walker = Dot(self.weight_point((0, 0)), radius=0.08, color=theme.normal)
        self.walker_label = math("theta", theme, style.FONT_LABEL).set_color(theme.normal)
        with_backdrop(self.walker_label, theme)
        self.walker.add_updater(lambda d: d.move_to(self.weight_point(self.walk_theta())))
        self.walker_place = None
        self.walker_label.add_updater(
            lambda m: m.move_to(self.walker.get_center() + self.walker_offset()))
        # in its place from the start (a fade-in runs no updater: it stood at the screen's
        # centre, between the planes, as it came: review 259)
        self.walker_label.update()

    def walker_offset(self) -> np.ndarray:
        """Where θ's name goes beside its dot (an offset from it): where it was while that
        still covers nothing, else off the path walked, θ*'s mark and the ray
        (:func:`~scenes.toolkit.placement.best_offset`), first trying the side
        perpendicular to the step θ is on (or last took), nearer up-left."""
        label, anchor = self.walker_label, self.walker.get_center()
        half = np.array([label.width, label.height]) / 2
        obstacles = self.walk_obstacles()
        previous = self.walker_place
        if previous is not None:
            centre = anchor[:2] + previous
            if covered_area(np.array([*(centre - half), *(centre + half)]),
                            obstacles) <= PLACE_TOLERANCE:
                return np.array([*previous, 0.0])
        side = self.walker_side()[:2]
        preferred = int(np.argmax(DIRECTIONS @ side / np.linalg.norm(DIRECTIONS, axis=1)))
        offset = best_offset(anchor, 2 * half, obstacles, 0.06,
                             bounds=self.weights.square_bounds(),
                             preferred=preferred, rings=2, ring_cost=0.02)
        self.walker_place = offset
        return np.array([*offset, 0.0])

    def walker_side(self) -> np.ndarray:
        """Where θ's name goes beside its dot: off the step it is on (or last took),
        perpendicular to it, on the side nearer up-left."""
        thetas, t = self.walk_states, self.walk_tracker.get_value()
        k = min(max(int(np.ceil(t - 1e-9)) - 1, 0), len(thetas) - 2)
        if len(thetas) < 2:
            return np.array([-1.0, 1.0, 0.0])
        step = self.weight_point(thetas[k + 1]) - self.weight_point(thetas[k])
        return across(step, towards=np.array([-1.0, 1.0, 0.0]))

    def walk_obstacles(self) -> np.ndarray:
        """What θ's name keeps off, as boxes: the path walked so far (sampled along each
        step), θ*'s mark and name, the ray, the never-ending walk's start and the cone's
        close-up (its square and panel), when drawn."""
        t = self.walk_tracker.get_value()
        done = int(np.floor(t + 1e-9))
        # a never-ending walk: the pass being walked (the earlier ones are faint; kept off
        # them all, θ's name drifted far from its dot: review 298)
        passes = getattr(self, "walk_passes", None)
        first = 0
        if passes is not None and len(passes):
            now = passes[min(done, len(passes) - 1)]
            first = int(np.flatnonzero(np.asarray(passes) == now)[0])
        walked = [*self.walk_states[first:done + 1], self.walk_theta()]
        screen = [] if self.path_hidden else [self.weight_point(p) for p in walked]
        samples = []
        for p, q in zip(screen, screen[1:]):
            count = max(int(np.ceil(np.linalg.norm(q - p) / 0.03)), 1)
            samples += [p + (q - p) * j / count for j in range(count + 1)]
        boxes = [box_around(np.array(samples), 0.03)] if samples else []
        # the cone's close-up: its square round θ and its panel (magnifier's parts 5 and 0)
        inset = getattr(self, "cone_inset", None)
        close = ([inset[5], inset[0]] if inset is not None and self.on_screen(inset) else [])
        for drawn in (self.star_dot, self.ray, getattr(self, "start_mark", None), close):
            if drawn is not None and (isinstance(drawn, list) or self.on_screen(drawn)):
                boxes += [part_boxes(part) for part in drawn]
        return np.vstack(boxes) if boxes else np.zeros((0, 5))

    def walk_theta(self) -> np.ndarray:
        """θ at the walk's tracker, between two updates' states."""
        return between(self.walk_states, self.walk_tracker.get_value())

    def path_segment(self, k: int) -> Line:
        thetas = self.walk_states
        return Line(self.weight_point(thetas[k]), self.weight_point(thetas[k + 1]),
                    stroke_width=2.5, color=self.theme.normal)

    def draw_walk_step(self, beat) -> None:
        """One explained update, each part as it is said (review 261: the count, the marks
        and the close-up came 3–8 s before the words): the updated point ringed and the
        rule on the status line; its lines in weight space and θ's step; then the status's
        numbers and the other rings; the marks as "Now … wrong" is said; the close-up as
        "magnified" is. θ's line in data space turns with θ."""
        theme = self.theme
        i, (start, end) = beat.state["shown"], beat.steps
        # its own status from its start (review 271; reviews 358: 2 s late, after the last
        # update's drawings had left one by one), its count of mistakes with "Now …
        # wrong" (review 273: written 5 s before it was said)
        self.set_status(status_said_first(beat.state["status"]))
        # the last update's close-up and marks leave together (review 276: its × stood
        # over this one)
        leave_together(self, getattr(self, "least_inset", None), self.wrong_drawn)
        self.wrong_drawn = None
        self.set_rings([i])
        if self.shown_line is not None:
            self.remove(self.shown_line)
        # the point's line y·score = 1 and, dashed, its line y·score = 0 (the side where
        # the point is right starts there)
        self.shown_line = self.on_weights(lambda: VGroup(
            self.constraint_line(i, theme.step, 3),
            self.constraint_line(i, theme.step, 2, score=0.0, dashed=True),
            self.score_line_names(i, (start, end))))
        self.drop_step_label()
        self.play(appear(self.shown_line), run_time=style.RUN_FADE)
        # the step grows with θ (never ahead of it), named by what it adds
        growing = Line(self.weight_point(self.lesson.thetas[start]), self.weight_point(
            self.lesson.thetas[start]), stroke_width=2.5, color=theme.normal)
        growing.add_updater(lambda m: m.put_start_and_end_on(
            self.weight_point(self.lesson.thetas[start]),
            self.weight_point(self.walk_theta()) + 1e-6 * RIGHT))
        # θ's line in data space turns with θ (review 265: it jumped 1–2 s after the step)
        if self.run_line is not None:
            self.remove(self.run_line)
        turning = self.moving_line(lambda: (self.walk_theta(), 0.0))
        self.add(growing, turning)
        # as its score's change is said, to "perpendicular" where that is (reviews 321:
        # the step came 5 s before the words)
        self.wait_for_words("goes from")
        said = self.seconds_until("perpendicular") or 0.0
        self.play(self.walk_tracker.animate.set_value(end),
                  run_time=min(max(style.RUN_GD_STEP * 1.5, said + 0.5), STEP_MOST_SECONDS))
        growing.clear_updaters()
        turning.clear_updaters()
        self.remove(growing)
        self.run_line = turning
        segment = self.on_weights(lambda: self.path_segment(start))
        self.path.add(segment)
        self.add(segment)
        self.step_label = self.on_weights(lambda: self.step_label_for(start))
        self.play(appear(self.step_label), run_time=style.RUN_FADE)
        self.wait_for_words("Now ")
        self.set_status(beat.state["status"])
        self.show_wrong_marks(beat)  # the points its line gets wrong, as their count is said
        self.set_rings(list(beat.state["ringed"]))
        self.name_rings()

    def score_line_names(self, i: int, steps) -> VGroup:
        """Point i's two lines in weight space named by their values of y⁽ⁱ⁾θᵀx⁽ⁱ⁾, "… = 1" (its
        constraint's, solid) and "… = 0" (dashed), each beside its line near an end
        (:data:`SCORE_NAME_ALONG`), off the path walked, the step from ``steps[0]`` to
        ``steps[1]`` about to be taken (θ's dot and name at its ends) and each other."""
        theme, names = self.theme, VGroup()
        a, b = (self.weight_point(self.lesson.thetas[k]) for k in steps)
        # and off the step's name, "+y⁽ⁱ⁾x⁽ⁱ⁾", written after the step (review 298: they ran
        # into each other)
        obstacles = [self.walk_obstacles(), segment_boxes(a, b, STEP_CLEARANCE),
                     box_of(self.step_label_for(steps[0]), pad=0.05)]
        lines = {level: clip_line(self.lesson.signed[i], -float(level), self.weights.box)
                 for level in (1, 0)}
        for level, ends in lines.items():
            if ends is None:
                continue
            # the other line too: a name between the two sat on it (review 267)
            other = lines[1 - level]
            crossed = ([] if other is None else
                       [segment_boxes(*(self.weight_point(e) for e in other), LINE_CLEARANCE,
                                      samples=40) * [1, 1, 1, 1, LINE_WEIGHT]])
            top, bottom = sorted((self.weight_point(e) for e in ends), key=lambda p: -p[1])
            # (review 303: "y·score = 1", a coined word; the notes' y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 1)
            name = with_backdrop(math(f"y^(({i + 1})) theta^T x^(({i + 1})) = {level}", theme,
                                      style.FONT_PANEL, theme.step), theme)
            placed = [box_of(n) for n in names]
            centre = beside_line([top + t * (bottom - top) for t in SCORE_NAME_ALONG],
                                 bottom - top, (name.width, name.height),
                                 np.vstack([*obstacles, *crossed, *placed]), 0.06,
                                 bounds=self.weights.square_bounds(), box_clear=True)
            names.add(name.move_to(centre))
        return names

    def step_label_for(self, k: int, general: bool = False) -> VMobject:
        """"+y⁽ⁱ⁾x⁽ⁱ⁾" beside step k of the walk, i its point's number (review 305: a general
        i where the sentence names the point; ``general``, i itself, where the step stands
        for any update: reviews 330, "+y⁽¹⁾x⁽¹⁾" came 14 s before update 1 was said), on
        the side away from the origin."""
        theme, thetas = self.theme, self.lesson.thetas
        a, b = self.weight_point(thetas[k]), self.weight_point(thetas[k + 1])
        point = int(self.lesson.updated_points[k])
        i = "i" if general else point + 1
        label = math(f"+y^(({i})) x^(({i}))", theme, style.FONT_PANEL).set_color(theme.step)
        with_backdrop(label, theme)
        # beside the step, off its point's two lines (reviews 326: it sat on the pink line
        # y⁽³⁾θᵀx⁽³⁾ = 1); the middle first, the side away from the origin first
        normal = across(b - a, towards=(a + b) / 2 - self.weight_point((0, 0)))
        gap = STEP_NAME_GAP + abs(normal[0]) * label.width / 2 + abs(normal[1]) * label.height / 2
        lines = [clip_line(self.lesson.signed[point], -level, self.weights.box)
                 for level in (1.0, 0.0)]
        obstacles = [segment_boxes(*(self.weight_point(e) for e in ends), LINE_CLEARANCE,
                                   samples=40) for ends in lines if ends is not None]
        # (and off the path walked, the step itself, and the origin the cone's edges leave)
        obstacles += [segment_boxes(a, b, LINE_CLEARANCE, samples=20),
                      box_around(np.array([self.weight_point((0, 0))]), 0.3)]
        if k > 0:
            obstacles.append(segment_boxes(self.weight_point(thetas[k - 1]), a,
                                           LINE_CLEARANCE, samples=20))
        tried = [a + t * (b - a) + extra * normal for extra in (0.0, STEP_NAME_FURTHER)
                 for t in STEP_NAME_ALONG]
        centre = beside_line(tried, -(b - a) if
                             np.dot(across(b - a)[:2], normal[:2]) < 0 else (b - a),
                             (label.width, label.height),
                             np.vstack(obstacles) if obstacles else np.zeros((0, 4)), gap)
        return label.move_to([*centre[:2], 0.0])

    def drop_step_label(self) -> None:
        if getattr(self, "step_label", None) is not None:
            self.remove(self.step_label)
            self.step_label = None

    def draw_walk_fast(self, beat) -> None:
        """Several updates, faster, each as it is said to be (review 265: "a step
        perpendicular to the line of a point it got wrong" with no point and no line
        shown): its point ringed in data space and, dashed, its line y·score = 0 in weight
        space while θ steps; θ's line in data space turns with θ."""
        start, end = beat.steps
        # the explained step's marks, close-up and lines leave at once, the steps start
        # with the sentence (review 298: three fades, 2 s after "Updates 3 to 5")
        self.drop_step_label()
        leave_together(self, self.wrong_drawn, getattr(self, "least_inset", None),
                       self.shown_line)
        self.wrong_drawn = self.shown_line = None
        self.show_wrong_marks(beat)  # (none: the counted line moves on)
        self.follow_beat(beat)
        if self.run_line is not None:
            self.remove(self.run_line)
        turning = self.moving_line(lambda: (self.walk_theta(), 0.0))
        self.add(turning)
        # the steps start as their points are named (review 313: done before) and end as
        # the sentence is said (not on after it)
        self.wait_for_words("on point")
        total = min(beat.min_seconds, max(self.speech_left(), 0.2 * (end - start)))
        for k in range(start, end):
            i = self.lesson.updated_points[k]
            # (its line as the explained steps dashed it, wider: it runs alone here)
            shown = VGroup(self.ring(i), self.constraint_line(i, self.theme.step, 3.5,
                                                              score=0.0, dashed=True))
            self.add(shown)
            segment = self.on_weights(lambda k=k: self.path_segment(k))
            self.path.add(segment)
            self.add(segment)
            self.play(self.walk_tracker.animate.set_value(k + 1),
                      run_time=max(total / max(end - start, 1), 0.2), rate_func=linear)
            self.remove(shown)
        turning.clear_updaters()
        self.run_line = turning

    def drop_shown_line(self) -> None:
        """The explained update's point's lines in weight space leave (review 267: after a
        run of one update they stayed to the end)."""
        if self.shown_line is not None:
            self.play(vanish(self.shown_line), run_time=style.RUN_FADE)
            self.remove(self.shown_line)
            self.shown_line = None

    def draw_least(self, beat) -> None:
        """The run's last θ and its least y·score, on the status line; its point magnified
        beside the line when it would look on it."""
        self.drop_step_label()
        self.drop_shown_line()
        self.show_wrong_marks(beat)  # (none: every point is right now)
        self.follow_beat(beat)
        self.play(Indicate(self.walker, color=self.theme.normal), run_time=style.PAUSE_READ)
        # the points, all right now, lit as that is said (bench 352: a 6 s still)
        self.light_as_said("is above 0", [self.plane.markers])
        if beat.state["inset"]:  # as its least is said (reviews 340: all at the start, then
            # a still of 12 s)
            self.wait_for_words("the least")
            self.show_run_inset(self.lesson.thetas[-1], *self.lesson.least_inset,
                                name=f"{self.lesson.least_point + 1}:")
        self.name_rings()
        self.light_as_said("the ringed point", list(self.rings.values()))
        if beat.state["cone_inset"]:  # θ would look on the cone's edge: as that is said
            self.wait_for_words("just inside the cone")  # (review 302: 5 s before)
            self.show_cone_inset()

    def drop_least_inset(self) -> None:
        if self.on_screen(getattr(self, "least_inset", None) or VGroup()):
            self.play(vanish(self.least_inset), run_time=style.RUN_FADE)
            self.remove(self.least_inset)

    def draw_ray(self, beat) -> None:
        theme, lesson = self.theme, self.lesson
        self.drop_least_inset()
        self.drop_cone_inset()
        self.set_rings(list(beat.state["ringed"]))  # (the status with the ring it names)
        if beat.state["view"] == "far":  # zoomed out, the path would be a scribble
            self.play(vanish(self.path), run_time=style.RUN_FADE)
            self.remove(self.path, *self.path)
            self.path_hidden = True
            self.zoom_weights(lesson.ray_box)

        scaled = math(f"theta \\/ {said_least(lesson)}", theme,
                      style.FONT_SMALL).set_color(theme.normal)
        with_backdrop(scaled, theme)

        def make():
            far = ray_end(lesson.thetas[-1], self.weights.box)
            at = self.weight_point(lesson.scaled_theta)
            # faint from 0 to the ring, bright beyond it, where every y·score is ≥ 1
            # (review 298: along the region's edge the entry could not be seen)
            ray = VGroup(DashedLine(self.weight_point((0, 0)), at, color=theme.muted,
                                    stroke_width=2.5, dash_length=0.12),
                         DashedLine(at, self.weight_point(far), color=theme.normal,
                                    stroke_width=4.0, dash_length=0.12))
            entry = VGroup(Dot(at, radius=0.08, color=theme.normal),
                           Circle(radius=self.entry_ring_radius(at), color=theme.highlight,
                                  stroke_width=2.5).move_to(at))
            # its name on the side of the ray away from θ*, whose name is on the other, as far
            # out as round the widest ring (a smaller one leaves room to θ*, not its name)
            side = -self.away_from_ray(lesson.theta_star)
            widest = Circle(radius=0.2).move_to(at)
            # the edge it enters by (the status line names it), in the constraints' colour
            edge = self.constraint_line(lesson.least_point, theme.step, 3)
            return VGroup(edge, ray, entry, scaled.copy().next_to(widest, side, buff=0.08))

        self.ray = self.on_weights(make)
        edge, ray, entry, name = self.ray
        # the constraints' lines step back to a trace, and the cone's dashed edges: near the
        # region's edge four lines would run together (a constraint's, the edge, the
        # cone's, the ray)
        edges = [m for m in self.cone.get_family() if isinstance(m, DashedLine)]
        # θ slides out along the ray as it comes, to where it enters (review 297: it faded in
        # there; review 298: after the ray, 4 s behind "Scaled by")
        sliding = Dot(self.weight_point(lesson.thetas[-1]), radius=0.08, color=theme.normal)
        self.add(sliding)
        self.play(appear(edge), appear(ray), self.lines.animate.set_stroke(opacity=FADED_LINES),
                  *[m.animate.set_stroke(opacity=FADED_LINES) for m in edges],
                  sliding.animate.move_to(self.weight_point(lesson.scaled_theta)),
                  run_time=style.RUN_PARAMETER * 2)
        self.remove(sliding)
        self.play(appear(entry), appear(name), run_time=style.RUN_FADE)
        self.set_status(beat.state["status"])  # (review 302: it named the ring 5 s before)
        self.remove(edge, ray, entry, name)
        self.add(self.ray)
        if self.star_dot is not None and self.on_screen(self.star_dot):
            self.add(self.star_dot)  # θ*'s dot over the ray that passes it (review 255)

    def entry_ring_radius(self, at) -> float:
        """The ring round where the ray enters the region (screen point ``at``): 0.2, or
        less to keep off θ*'s dot (a ring over it hid it), never tighter than 0.12 (round
        its own dot)."""
        star = self.star_dot
        if star is None or not self.on_screen(star):
            return 0.2
        gap = float(np.linalg.norm(star[0].get_center() - at)) - star[0].width / 2 - 0.04
        return float(np.clip(gap, 0.12, 0.2))
