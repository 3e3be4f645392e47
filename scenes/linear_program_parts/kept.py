"""The solver's θ on the points the fewest mistakes' θ gets right (`linear-program`, on data
no line through the origin separates): its ray and line as it is said, why it lies so far
out (its nearest kept points, magnified, and the length 1 / margin), and the points a
little farther that also look on its line."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, VGroup

from linviz.lessons.linear_program import mistake_arcs
from linviz.lessons.linear_program_story import LENGTH_SO, status_said_first
from scenes.linear_program_parts.close_points import CloseUpLook
from scenes.linear_program_parts.common import ground_over, ray_end, weight_veil
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish, with_backdrop
from scenes.toolkit.magnifier import SHARES, fits_inside
from scenes.toolkit.placement import detached, leader_line
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text
from scenes.toolkit.speed.fast_shapes import FastArrow


#: the most points that look on the solver's θ's line named by their rings
RING_NAMES_MOST = 3
#: the words a close-up of data space standing in the weight plane's place is named with
DATA_SPACE = "data space, "
#: the room (screen units) round a close-up in a quarter of the weight plane, and above it
#: for its name
QUARTER_GAP, QUARTER_NAME = 0.1, 0.35
#: the sizes a kept point's close-up may shrink to in the data plane: one size past the
#: magnifier's own, since a smaller close-up where data space is drawn reads better than
#: a larger one in weight space's plane (reviews 359-360, noisy data: read as θs)
KEPT_SHARES = (*SHARES, 0.24)


class KeptBeats:
    """The solver's θ without the points left out (a part of
    :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.fewest.FewestBeats`)."""

    def draw_kept(self, beat) -> None:
        """The solver's θ without the points the opening's θ gets wrong (the lesson's
        ``kept_theta``), marked in weight space (its ray, an arrow to the plane's edge, where
        it lies beyond: only its direction sets its line) and its line drawn in data space,
        as it is said; the left-out points stay marked."""
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(None)  # its θ as it is named (review 312: 5 s before)
        # (the left-out points' marks stand from the beat before)
        self.wait_for_words("solver's θ")
        self.set_status(status_said_first(beat.state["status"]))  # its length as said
        theme, theta = self.theme, np.asarray(self.lesson.kept_theta, dtype=float)
        box = self.weights.box
        line = Hyperplane(self.plane, theta, 0.0, show_normal=False, show_notes=False,
                          show_shading=False)
        line.line.set_color(theme.boundary)
        if beat.state["kept_on_plane"]:
            mark = Dot(self.weight_point(theta), radius=0.07, color=theme.boundary)
        else:  # off the plane: its ray from 0 to the plane's edge, an arrow (review 313: a
            # dot on it read as the solver's θ itself)
            mark = FastArrow(theme.boundary, stroke_width=3)
            mark.set_ends(self.weight_point((0, 0)), self.weight_point(
                0.97 * ray_end(theta / float(np.hypot(*theta)), box)))
        drawn = VGroup(mark, line)
        self.play(appear(drawn), run_time=style.RUN_FADE)
        self.kept_drawn = drawn  # (standing while the state's ``kept`` holds)
        # what the sentence says of it, seen as said (reviews 318 bench: a 15 s still): the
        # two lines, the points at its least label times score (1), its length (the ray)
        fewest = getattr(self, "fewest_line_drawn", None)
        self.light_as_said("same way", [line, *([fewest] if fewest is not None
                                                and self.on_screen(fewest) else [])])
        if not beat.state["kept_on_plane"]:  # its ray lit as it is said to be drawn
            self.light_as_said("its ray", [mark])

    def draw_kept_margin(self, beat) -> None:
        """Why the solver's θ lies off the plane, as said: the kept points at its least
        label times score, 1, ringed as named, lit as their distance is said, the first
        magnified where the beat says it (reviews 345: they looked on the line)."""
        theme = self.theme
        self.wait_for_words("ringed")
        # (the kept points' only: reviews 319, the left-out points were ringed too)
        flash = VGroup(*[self.ring(i) for i in self.lesson.kept_tight])
        self.play(appear(flash), run_time=style.RUN_FADE)
        self.kept_near = VGroup(flash)  # (standing to the length's sentence's end)
        # their distance written by the first as it is said (reviews 331: only heard, the
        # rings seemingly on the line)
        said = beat.state["kept_margin"]
        if "only" in beat.sentence:
            self.wait_for_words("only")
        else:
            self.wait_for_words("from it")
        if said is not None:
            first = self.plane.c2p(self.lesson.data.X[self.lesson.kept_tight[0]])
            far = with_backdrop(text(f"{said} from the line", theme, style.FONT_PANEL,
                                     theme.highlight), theme)
            self.place_beside(far, first, 0.3, rings=3, ring_cost=0.001, clear=True,
                              lines=self.line_boxes([(self.lesson.kept_theta, 0.0)]))
            # a leader to each of their places' rings where it stands off it (reviews 351:
            # it floated; reviews 353: led to one of two tied points)
            X = self.lesson.data.X
            places = [self.plane.c2p(X[i]) for k, i in enumerate(self.lesson.kept_tight)
                      if not any(np.array_equal(X[i], X[j])
                                 for j in self.lesson.kept_tight[:k])]
            for at in places:
                if detached(at, far, self.plane.ring_radius * np.sqrt(2) + 0.1):
                    far.add(leader_line(at, self.plane.ring_radius, far, theme.highlight))
            self.play(lit(flash, theme), appear(far), run_time=style.PAUSE_READ)
            self.kept_near.add(far)
        self.remove(*self.kept_near)
        self.add(self.kept_near)  # (one drawing on screen, to leave as one)
        if beat.state["inset"] == "step":
            self.wait_for_words("magnified")
            self.show_kept_inset(beat)

    def draw_kept_length(self, beat) -> None:
        """The close-up leaves, its veil with it; as the label times score is said to be the
        length times the distance, the status line writes that product, = 1, the rings and
        their distance lit; as the length is said, ‖θ‖ = 1 / margin, the solver's θ's ray
        lit (reviews 324: a beat of its own; reviews 351: an 11 s still); the rings and
        their distance leave with the sentence."""
        self.drop_least_inset()
        veil = getattr(self, "kept_veil", None)
        if veil is not None and self.on_screen(veil):
            self.play(vanish(veil), run_time=style.RUN_FADE)
            self.remove(veil)
        self.mark_for_beat(self.kept_near)
        status = beat.state["status"]
        self.wait_for_words("θ's length")  # the product, the distance lit with it
        self.set_status(status.rsplit(LENGTH_SO, 1)[0])
        self.play(lit(self.kept_near, self.theme), run_time=style.PAUSE_READ)
        self.wait_for_words("length must be")  # the length it forces, on the ray
        self.set_status(status)
        self.play(lit(self.kept_drawn[0], self.theme), run_time=style.PAUSE_READ)

    def show_kept_inset(self, beat) -> None:
        """The beat's close point magnified in the data plane where each close-up the beat
        shows stands there clear of every point and line (reviews 358-359: in the weight
        plane it read as weight space's); else in the quarter of the weight plane that
        holds neither the solver's θ nor a wedge of the fewest mistakes
        (:meth:`free_quarter`), that quarter veiled (reviews 331: over its axes and
        shading it read as weight space), the rest of the plane standing (reviews 357:
        veiled whole, the solver's θ was hidden while its length was said), named as data
        space's; where no quarter holds one, over the whole plane, veiled. In the solver's
        θ's colour, its name over it; the others it names in turn; a close-up there before
        leaves."""
        texts = self.kept_labels()
        inside = self.kept_insets_fit(beat, texts)
        quarter = None if inside else self.free_quarter()
        beside = veil = None
        if quarter is not None:  # (its name over it, inside the quarter)
            beside = (quarter[0] + QUARTER_GAP, quarter[1] + QUARTER_GAP,
                      quarter[2] - QUARTER_GAP, quarter[3] - QUARTER_GAP - QUARTER_NAME)
            veil = ground_over(self.theme, quarter)
        elif not inside:
            frame = self.weights.frame
            beside = (*frame.get_corner(DOWN + LEFT)[:2], *frame.get_corner(UP + RIGHT)[:2])
            veil = weight_veil(self)
        standing = getattr(self, "kept_veil", None)
        if veil is not None and (standing is None or not self.on_screen(standing)):
            self.kept_veil = veil
            self.play(appear(veil), run_time=style.RUN_FADE)
        self.drop_least_inset()
        # (outside the data plane, named as data space's: reviews 358, in weight space's
        # plane a magnified + read as a θ)
        look = CloseUpLook(above=True, colour=self.theme.boundary, beside=beside,
                           space="" if inside else DATA_SPACE,
                           veiled=tuple(beat.state["left_out"] or ()), texts=tuple(texts),
                           shares=KEPT_SHARES)
        self.show_close(beat, look)
        self.magnify_the_others(beat, look)

    def kept_labels(self) -> list:
        """The labels the kept points' beats have put on the data plane, standing: their
        distance's (reviews 360: a close-up stood over "0.04239 from the line"), the
        rings' names."""
        near = getattr(self, "kept_near", None)
        labels = list(near[1:]) if near is not None and self.on_screen(near) else []
        names = getattr(self, "named_rings", None)
        return labels + ([names] if names is not None and len(names) and self.on_screen(names)
                         else [])

    def kept_insets_fit(self, beat, texts=()) -> bool:
        """Whether every close-up the beat shows (:meth:`close_insets`) stands inside the
        data plane hiding no point, not the solver's θ's line and none of the labels
        ``texts`` (:func:`~scenes.toolkit.magnifier.fits_inside`)."""
        insets = self.close_insets(beat)
        line = [(np.asarray(beat.state["close"], dtype=float), 0.0)]
        return bool(insets) and all(fits_inside(self.plane, self.lesson.data.X, box, line,
                                                texts, shares=KEPT_SHARES)
                                    for _, box, _ in insets)

    def free_quarter(self):
        """The screen box (x0, y0, x1, y1) of the quarter of the weight plane (between 0
        and a corner of its frame) that holds no direction of the solver's θ or of a wedge
        of the fewest mistakes and is the largest (the first of equals in the order
        (−, −), (+, −), (−, +), (+, +) of the signs of θ₁, θ₂), when an inset of the
        least share fits in it; else None."""
        lesson = self.lesson
        low, _ = lesson.mistake_range
        taken = [float(np.arctan2(*np.asarray(lesson.kept_theta, dtype=float)[::-1]))]
        for start, end, count in mistake_arcs(lesson.signed):
            if count == low:
                taken.extend(np.linspace(start, end, 9))
        quarters = []
        origin, frame = self.weight_point((0, 0)), self.weights.frame
        least = SHARES[-1] * float(self.plane.frame.width) + 2 * QUARTER_GAP
        for k, (s1, s2) in enumerate(((-1, -1), (1, -1), (-1, 1), (1, 1))):
            if any(np.cos(a) * s1 > 0 and np.sin(a) * s2 > 0 for a in taken):
                continue
            corner = frame.get_corner(s1 * RIGHT + s2 * UP)
            x0, x1 = sorted((float(origin[0]), float(corner[0])))
            y0, y1 = sorted((float(origin[1]), float(corner[1])))
            room = min(x1 - x0, y1 - y0 - QUARTER_NAME)
            if room >= least:
                quarters.append((-round(room, 2), k, (x0, y0, x1, y1)))
        return min(quarters)[2] if quarters else None

    def draw_kept_close(self, beat) -> None:
        """The points that would look on the solver's θ's line ringed as named, the first
        magnified (reviews 314: "separates them" unseen), in its line's colour."""
        if "on the line" in beat.sentence:  # (else ringed and said by the beat before)
            self.wait_for_words("on the line")
        self.follow_beat(beat)
        # named by their rings where few (reviews 332: said by number, numbered only on the
        # inset); many are said as a count, and their names would run off the plane
        if len(beat.state["ringed"]) <= RING_NAMES_MOST:
            self.name_rings(2, lines=[(self.lesson.kept_theta, 0.0)])
        self.wait_for_words("magnified")  # (reviews 318: 2 s before it was said)
        self.show_kept_inset(beat)  # (the veil leaves with the plane: draw_testable)
