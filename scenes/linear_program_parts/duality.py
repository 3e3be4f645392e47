"""The duality of `linear-program`, both ways, a beat each: a point in data space is a line
in weight space (its constraint's), and a θ is a point in weight space and a line in data
space."""

from __future__ import annotations

import numpy as np
from manim import Dot, Indicate, VGroup

from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.placement import best_offset
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import math


class DualityBeats:
    """The shown point's line lit, then a θ marked in both planes (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def draw_duality(self, beat) -> None:
        """The point and its line light up as each is named (a point, then a line)."""
        theme, i = self.theme, self.lesson.shown_point
        self.follow_beat(beat)
        self.light_as_said("a point in data space", [self.rings[i]])
        # lit in place (review 290: grown, it ran past the panel's frame)
        self.wait_for_words("a line in weight space")
        self.play(Indicate(self.shown_line, color=theme.highlight, scale_factor=1.0),
                  run_time=style.PAUSE_READ)

    def draw_probe(self, beat) -> None:
        """The way back: a θ of the point's half-plane marked in weight space as "a point"
        is said, then drawn as its line in data space as "a line" is."""
        theme = self.theme
        probe = self.lesson.probe  # aᵀθ = 2 ≥ 1: inside the point's half-plane
        label = math("theta", theme, style.FONT_LABEL).set_color(theme.normal)
        with_backdrop(label, theme)

        def make():
            dot = Dot(self.weight_point(probe), radius=0.08, color=theme.normal)
            # up-right of the dot, unless that leaves the plane
            # (the shown point's: reviews 329; well off its arrow, whose tip θ's name
            # would seem to name: reviews 330)
            names = self.weight_name_boxes(arrow_pad=0.3)
            offset = best_offset(dot.get_center(), (label.width, label.height),
                                 np.vstack(names) if names else np.zeros((0, 5)), 0.13,
                                 preferred=1, rings=2 if names else 1,
                                 bounds=self.weights.square_bounds())
            return VGroup(dot, label.copy().move_to(dot.get_center() + [*offset, 0.0]))

        self.probe = self.on_weights(make)
        self.probe_line = Hyperplane(self.plane, probe, 0.0, show_normal=False,
                                     show_notes=False)
        self.probe_line.line.set_color(theme.normal)
        self.wait_for_words("a point in weight space")
        self.play(appear(self.probe), run_time=style.RUN_FADE)
        self.wait_for_words("a line in data space")
        # the point's arrow in data space leaves as the θ's line comes (reviews 347: the
        # line and its marks drawn over the arrow across the other class); weight space's
        # stays
        vector = self.shown_vector if self.on_screen(self.shown_vector) else None
        self.play(appear(self.probe_line), *([vanish(vector)] if vector else []),
                  run_time=style.RUN_INTRO)
        if vector is not None:
            self.remove(vector)
        # the status line: this θ meets the one constraint, and how many its line gets
        # wrong, marked, as that is said (review 311: written, never said)
        self.wait_for_words("This θ meets")
        self.follow_beat(beat)
        # its mistakes as counted, then the one constraint's half-plane lit as it is said
        # not to be enough (bench 351: a 6 s still)
        if self.seconds_until("yet its line") is not None:
            self.wait_for_words("yet its line")
        self.show_wrong_marks(beat)
        half = getattr(self, "shown_half", None)
        if half is not None and self.on_screen(half):
            self.light_as_said("one constraint", [half])
