"""The points that would look on a line in `linear-program`: ringed as named, the nearest
magnified beside the line, then each other point named one by one, in turn."""

from __future__ import annotations

import numpy as np

from scenes.toolkit import style

#: the words of a close point's beat as which the other points named are magnified, where
#: the nearest was said in full ("…; so is 16.")
OTHERS_WORDS = "; so "


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

    def magnify_the_others(self, beat, above: bool = False, colour=None, beside=None) -> None:
        """After the nearest, the other points the beat names one by one (its
        ``magnified``) magnified in turn in its place, each a share of the beat left
        (review 323: point 16 only ringed, its ring cut by the line)."""
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
                                    name=self.place_name(i), above=above, colour=colour,
                                    beside=beside)

    def place_name(self, i: int) -> str:
        """Point i's name on its close-up, "74 (+):", with every point of its class at its
        place, "74, 78 (+):" (reviews 352: 78, at 74's place, said and never named), its
        class's sign in brackets (reviews 338: "−12" read as minus twelve)."""
        X, y = self.lesson.data.X, self.lesson.data.y
        same = [k + 1 for k in range(len(y))
                if y[k] == y[i] and np.array_equal(X[k], X[i])]
        sign = "+" if y[i] > 0 else "−"
        return f"{', '.join(map(str, same))} ({sign}):"

    def show_close(self, beat, above: bool = False, colour=None, beside=None) -> None:
        """The point nearest the beat's new line magnified beside it, when the beat says
        it (it would look on the line; it is ringed with the beat's other points), its name
        ``above`` the inset's frame when asked, the line in ``colour`` (else the walk's)."""
        if beat.state["inset"] != "step":
            return
        theta = np.asarray(beat.state["close"], dtype=float)
        j, box, zoom = self.lesson.line_inset(theta)
        first = (beat.state["magnified"] or [j])[0]
        found = self.lesson.point_inset(theta, first) if first != j else None
        if found is not None:  # (a point the sentence magnifies first, not the nearest)
            j, box, zoom = found
        # (its class's sign with its number: reviews 336, which marker it was went unsaid)
        self.show_run_inset(theta, box, zoom, name=self.place_name(j), above=above,
                            colour=colour, beside=beside)
