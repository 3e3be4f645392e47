"""The points that would look on a line in `linear-program`: ringed as named, the nearest
magnified beside the line, then each other point named one by one, in turn."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from manim import VGroup

from scenes.linear_program_parts.common import left_out_veil
from scenes.toolkit import style
from scenes.toolkit.layout import appear
from scenes.toolkit.magnifier import SHARES, magnifier
from scenes.toolkit.plane import Hyperplane

#: the words of a close point's beat as which the other points named are magnified, where
#: the nearest was said in full ("…; so is 16.")
OTHERS_WORDS = "; so "


@dataclass(frozen=True)
class CloseUpLook:
    """How a beat's close-ups are drawn (:meth:`ClosePoints.show_run_inset`).

    ``above``: the name over the inset's frame; ``colour``: the line's (None: the walk's);
    ``beside``: a screen box (x0, y0, x1, y1) off the data plane where it stands when it
    fits; ``space``: words its name starts with ("data space, ": standing in weight space's
    plane, reviews 358, a magnified + read as a θ); ``veiled``: points veiled in it (left
    out, as on the plane); ``texts``: labels on the plane it keeps off; ``shares``: the
    sizes it may shrink to (:data:`~scenes.toolkit.magnifier.SHARES`)."""

    above: bool = False
    colour: object = None
    beside: tuple | None = None
    space: str = ""
    veiled: tuple = ()
    texts: tuple = ()
    shares: tuple = SHARES


#: the walk's close-ups: the magnifier's own ways
WALK_LOOK = CloseUpLook()


class ClosePoints:
    """The close points' beats (a part of
    :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.walk.WalkBeats`)."""

    def draw_walk_close(self, beat) -> None:
        """The points that would look on the update's new line ringed as they are named
        (review 302: 4 s before), the nearest magnified (a beat of its own: reviews 321)."""
        self.wait_for_words("on the line")
        self.set_rings(list(beat.state["ringed"]))
        self.show_close(beat)
        self.name_rings()
        self.magnify_the_others(beat)

    def magnify_the_others(self, beat, look: CloseUpLook = WALK_LOOK) -> None:
        """After the nearest, the other points the beat names one by one (its
        ``magnified``) magnified in turn in its place, each a share of the beat left
        (review 323: point 16 only ringed, its ring cut by the line), drawn as ``look``
        says."""
        theta, others = beat.state["close"], (beat.state["magnified"] or [])[1:]
        for k, i in enumerate(others):
            # as "so is …" is said, where the nearest was said in full; else a share
            said = self.seconds_until(OTHERS_WORDS) if k == 0 else None
            seconds = (said if said is not None else
                       (self.time_left() - style.RUN_FADE) / (len(others) + 1 - k))
            if seconds > 0:
                self.wait(seconds)
            found = self.lesson.point_inset(theta, i)
            if found is not None:
                self.drop_least_inset()
                # (its sign as the first's: reviews 347, two formats)
                self.show_run_inset(np.asarray(theta, dtype=float), *found[1:],
                                    name=self.place_name(i), look=look)

    def place_name(self, i: int) -> str:
        """Point i's name on its close-up, "74 (+):", with every point of its class at its
        place, "74, 78 (+):" (reviews 352: 78, at 74's place, said and never named), its
        class's sign in brackets (reviews 338: "−12" read as minus twelve)."""
        X, y = self.lesson.data.X, self.lesson.data.y
        same = [k + 1 for k in range(len(y))
                if y[k] == y[i] and np.array_equal(X[k], X[i])]
        sign = "+" if y[i] > 0 else "−"
        return f"{', '.join(map(str, same))} ({sign}):"

    def show_close(self, beat, look: CloseUpLook = WALK_LOOK) -> None:
        """The point nearest the beat's new line magnified beside it, when the beat says
        it (it would look on the line; it is ringed with the beat's other points), drawn as
        ``look`` says."""
        insets = self.close_insets(beat)
        if not insets:
            return
        j, box, zoom = insets[0]
        theta = np.asarray(beat.state["close"], dtype=float)
        # (its class's sign with its number: reviews 336, which marker it was went unsaid)
        self.show_run_inset(theta, box, zoom, name=self.place_name(j), look=look)

    def close_insets(self, beat) -> list:
        """[(point, box, zoom)] of the close-ups the beat shows, in turn (none unless its
        ``inset`` is "step"): first the point nearest its line, or the point its
        ``magnified`` names first where that one can be magnified (the sentence magnifies
        it first); then each other point it names that can be."""
        if beat.state["inset"] != "step":
            return []
        lesson, theta = self.lesson, np.asarray(beat.state["close"], dtype=float)
        nearest = lesson.line_inset(theta)
        named = beat.state["magnified"] or [nearest[0]]
        first = lesson.point_inset(theta, named[0]) if named[0] != nearest[0] else None
        others = [lesson.point_inset(theta, i) for i in named[1:]]
        return [first or nearest, *[found for found in others if found is not None]]

    def show_run_inset(self, theta, box, zoom: int, name="",
                       look: CloseUpLook = WALK_LOOK) -> None:
        """The data round ``box`` magnified ``zoom`` times in an inset, with the line of
        ``theta``, named "``name`` ×zoom", drawn as ``look`` says (:class:`CloseUpLook`)."""
        theme = self.theme

        def drawings(inset):  # each side tinted in its class's colour, as every close-up
            line = Hyperplane(inset, theta, 0.0, show_normal=False, show_notes=False,
                              show_shading=False)
            line.line.set_color(look.colour or theme.normal)
            # (reviews 358: a left-out + drawn plain on the wrong side, beside "just on its
            # correct side")
            veils = VGroup(*[left_out_veil(inset, self.data.X[i], theme) for i in look.veiled
                             if inset.box.contains(self.data.X[i][None, :])[0]])
            return VGroup(self.side_tints(inset, theta, 0.0), line, veils)

        self.least_inset = magnifier(self.plane, self.data.X, self.data.y, box, zoom, theme,
                                     drawings, [(theta, 0.0)], times_words=look.space + name,
                                     times_above=look.above, beside=look.beside,
                                     times_font=style.FONT_PANEL,  # (480p)
                                     counts="none",  # (its tags over its lines: reviews 347)
                                     texts=look.texts, shares=look.shares)
        self.play(appear(self.least_inset), run_time=style.RUN_FADE)
