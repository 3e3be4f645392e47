"""θ and its boundary on the data plane of `perceptron`: the plane, the boundary and θ's
arrow from the origin (at the scene's scale, at an explained update's own scale, or as
θ's direction when no scale is readable), the ring on the visited point, the pulse of a
mistake, y·x slid tip to tail onto θ, the notes on the arrows' scale, and the numbers
of the points the sentences name."""

from __future__ import annotations

import numpy as np
from manim import RIGHT, Circle, FadeIn, FadeOut, GrowFromPoint, ValueTracker

from scenes.toolkit import style, views
from scenes.toolkit.plane import DataPlane, DataVector, Hyperplane
from scenes.toolkit.screen_text import fmt, text


class PerceptronPlane:
    """The data plane with θ, its boundary and the visited point (a part of
    :class:`scenes.perceptron_parts.player.PerceptronRunPlayer`)."""

    def build_plane(self) -> None:
        """The data plane, the boundary of the start, θ's arrow and the cursor (hidden), and
        the scale θ is drawn at."""
        theme = self.theme
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data,
                               include_origin=True)
        #: θ and y·x are drawn at this scale so that θ stays in view
        self.vector_scale = self.plane.vector_scale(self.thetas)
        #: when that scale is unreadable (raw Iris sepals: 0.03), θ is drawn as its
        #: direction at a fixed length (its value stands in the panel), and an explained
        #: update at a scale of its own (``local_scale``), said beside the plane
        self.direction_only = not views.readable_scale(self.vector_scale)
        self.direction_length = views.direction_length(self.plane.box)
        self.local_scale: float | None = None
        #: 1 → 0 as θ goes back from an explained update's scale to its direction
        self.local_weight: ValueTracker | None = None
        self.local_note = None
        # θ is drawn from the origin instead of the line's own normal arrow
        self.hyperplane = Hyperplane(self.plane, *self.parameters(0), show_normal=False)
        self.theta_arrow = DataVector(self.plane, (0, 0), (0, 0), theme.normal, "theta")
        self.cursor = Circle(radius=style.POINT_SIZE * 2.1, color=theme.highlight,
                             stroke_width=4).set_stroke(opacity=0)
        # θ's label never sits on the ringed point (the ring is wider than a marker)
        self.theta_arrow.avoid.target.append(self.cursor)

    def follow_step_on_plane(self) -> None:
        """The boundary, θ's arrow and the cursor follow the step."""
        self.hyperplane.add_updater(lambda h: h.set_parameters(*self.parameters()))
        self.theta_arrow.add_updater(
            lambda v: v.set_ends((0, 0), self.drawn_theta(self.parameters()[0])))
        self.cursor.add_updater(lambda c: c.move_to(self.plane.point(self.visited_index())))

    def drawn_theta(self, theta) -> np.ndarray:
        """Where θ's arrow ends (data units): θ at the scene's scale, or at an explained
        update's own scale, or θ's direction at a fixed length (``direction_only``)."""
        if self.local_scale is not None:
            local = self.local_scale * np.asarray(theta, dtype=float)
            if self.local_weight is None:
                return local
            weight = self.local_weight.get_value()  # going back to the direction
            return weight * local + (1 - weight) * views.drawn_direction(
                theta, self.direction_length)
        if self.direction_only:
            return views.drawn_direction(theta, self.direction_length)
        return self.vector_scale * np.asarray(theta, dtype=float)

    #: the note on the arrows' scale (made with the stage), and whether it is shown yet
    scale_note = None
    scale_note_shown = False

    def numbered_points(self) -> set[int]:
        """The points whose numbers are on screen."""
        numbers = self.point_numbers
        if numbers is None:
            return set()
        return {i for i, label in numbers.numbers.items() if label in numbers.submobjects}

    def sync_numbers(self, wanted) -> None:
        """Show the numbers of the points ``wanted`` and no others (they fade)."""
        numbers, wanted = self.point_numbers, set(wanted)
        if numbers is None or wanted == self.numbered_points():
            return
        if self.numbered_points() - wanted:
            numbers.hide(self)
        new = [numbers.number(i) for i in sorted(wanted - self.numbered_points())]
        if new:
            numbers.add(*new)
            if numbers not in self.mobjects:
                self.add(numbers)
            self.play(*[FadeIn(label) for label in new], run_time=style.PAUSE_SHORT)
        self.keep_labels_clear_of_numbers()

    def pulse(self, i: int, run_time: float) -> None:
        """A ring in the mistake colour swells around point i and fades.

        A new mobject on top, rather than animating the marker itself, so the
        rest of the plane stays a static background while it plays.
        """
        ring = Circle(radius=style.POINT_SIZE * 1.4, color=self.theme.mistake, stroke_width=6)
        ring.move_to(self.plane.point(i))
        self.play(ring.animate.scale(2.2).set_stroke(opacity=0), run_time=run_time)
        self.remove(ring)

    def local_scale_for(self, k: int, x, label: float) -> float:
        """The scale at which the update of step k + 1 is explained when θ is drawn as its
        direction: the largest ≤ 1 keeping θ before, y·x and their sum in view."""
        theta = np.asarray(self.parameters(k).theta, dtype=float)
        step = label * np.asarray(x, dtype=float)
        return self.plane.vector_scale(np.array([theta, step, theta + step]))

    def use_local_scale(self, k: int, x, label: float) -> None:
        """Draw θ and y·x at the update's own scale while it is explained, and say so in place
        of the direction note."""
        self.local_scale = scale = self.local_scale_for(k, x, label)
        self.theta_arrow.update()
        words = (f"$theta$ and $y^((i)) x^((i))$ at ${fmt(scale)} times$ length" if scale < 1
                 else "$theta$ and $y^((i)) x^((i))$ at their length")
        self.local_note = text(words, self.theme, style.FONT_SMALL, self.theme.muted).move_to(
            self.scale_note, aligned_edge=RIGHT)
        self.release(self.scale_note)
        self.remove(self.scale_note)
        # the note is about arrows: from θ = 0 none is drawn before the update's own
        if np.any(self.parameters(k).theta):
            self.add(self.local_note)

    def show_local_note(self) -> None:
        """The update's scale note, once its arrow is drawn (see use_local_scale)."""
        note = getattr(self, "local_note", None)
        if self.local_scale is not None and note is not None and not self.on_screen(note):
            self.play(FadeIn(note), run_time=style.PAUSE_SHORT)

    def end_local_scale(self) -> None:
        """Back to θ's direction at its fixed length (θ's arrow shrinks or grows to it), and
        the direction note in place of the update's."""
        self.local_weight = ValueTracker(1.0)
        notes = [FadeOut(self.local_note)] if self.on_screen(self.local_note) else []
        if self.scale_note is not None:
            notes.append(FadeIn(self.scale_note))
        self.play(self.local_weight.animate.set_value(0.0), *notes,
                  run_time=style.RUN_SWAP)
        self.local_scale, self.local_weight = None, None
        self.theta_arrow.update()
        self.remove(self.local_note)
        self.scale_note_shown = True
        if self.scale_note is not None:
            self.still(self.scale_note)

    def shown_numbers(self) -> list:
        """The point numbers on screen (none when the scene numbers no points)."""
        return list(self.point_numbers.submobjects) if self.point_numbers is not None else []

    def keep_labels_clear_of_numbers(self) -> None:
        """θ's label keeps clear of every point number shown."""
        avoid = self.theta_arrow.avoid.target
        avoid.extend(m for m in self.shown_numbers() if m not in avoid)
        self.theta_arrow.refresh_label()

    def slide_tip_to_tail(self, k: int, x, label: float):
        """y·x grown from the origin and slid to the tip of θ (the state after k steps): the
        arrow, left on screen."""
        theta_before = self.parameters(k).theta
        s = self.vector_scale if self.local_scale is None else self.local_scale
        sign = "+" if label > 0 else "-"
        addend = DataVector(self.plane, (0, 0), s * label * np.asarray(x), self.theme.step,
                            f"{sign} x^((i))", avoid=[self.theta_arrow.label,
                                                      *self.shown_numbers()])
        self.play(GrowFromPoint(addend.arrow, addend.arrow.get_start()), FadeIn(addend.label),
                  run_time=style.RUN_SLOW_UPDATE)
        # the arrow slides to the tip of θ; its label follows, kept clear of markers
        tail = ValueTracker(0.0)
        # the group itself must be in the scene for its updater to run (the fades above
        # added only its parts)
        self.add(addend)
        addend.add_updater(lambda v: v.set_ends(tail.get_value() * s * theta_before,
                                                s * (tail.get_value() * theta_before
                                                     + label * np.asarray(x))))
        self.play(tail.animate.set_value(1.0), run_time=style.RUN_SLOW_UPDATE)
        addend.clear_updaters()
        return addend
