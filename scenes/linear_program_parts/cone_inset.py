"""Close-ups of `linear-program`: the perceptron's last θ magnified by the cone's nearest
edge in weight space, and a line's sides tinted by class in a data-space close-up."""

from __future__ import annotations

import numpy as np
from manim import Dot, Polygon, VGroup

from linviz.geometry import half_plane_polygon
from linviz.lessons.linear_program_insets import cone_edge_inset
from scenes.linear_program_parts.common import CONE_OPACITY
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.plane import Hyperplane

#: each side of a close-up's line is tinted this strongly in the colour of the class that
#: belongs there: a marker on its own colour is on its correct side, on the other on its
#: wrong one (review 252: a bare line in a close-up left the side unreadable)
SIDE_TINT_OPACITY = 0.14


class ConeInset:
    """The close-ups (a part of :class:`scenes.linear_program.LinearProgramScene`)."""

    def side_tints(self, plane, theta, theta0: float) -> VGroup:
        """Each side of θᵀx + θ₀ = 0 on ``plane`` tinted in its class's colour: θᵀx + θ₀ > 0
        in the + class's, the rest in the − class's."""
        tints = VGroup()
        for sign, colour in ((1.0, self.theme.positive), (-1.0, self.theme.negative)):
            polygon = half_plane_polygon(sign * np.asarray(theta, dtype=float), sign * theta0,
                                         plane.box)
            if polygon is not None:
                tints.add(Polygon(*plane.c2p_many(polygon), stroke_width=0, fill_color=colour,
                                  fill_opacity=SIDE_TINT_OPACITY))
        return tints

    def show_cone_inset(self) -> None:
        """The perceptron's last θ magnified in weight space round its foot on the cone's
        nearest edge (the lesson's ``cone_edge_inset``): the edge dashed, the cone's side
        shaded, θ's dot off it."""
        j, box, zoom = cone_edge_inset(self.lesson)
        theme, theta = self.theme, np.asarray(self.lesson.thetas[-1], dtype=float)
        a = np.asarray(self.lesson.signed[j], dtype=float)

        def drawings(inset):
            edge = Hyperplane(inset, a, 0.0, show_normal=False, show_notes=False)
            # as the cone is drawn: its edge in its colour, its side faintly so
            edge.line.set_stroke(theme.correct, width=2)
            edge.shade.set_fill(theme.correct, opacity=CONE_OPACITY)
            return VGroup(edge, Dot(inset.c2p(theta), radius=0.08, color=theme.normal))

        walked = [("segment", p, q) for p, q in zip(self.walk_states, self.walk_states[1:])]
        self.cone_inset = magnifier(self.weights, np.zeros((0, 2)), np.zeros(0), box, zoom,
                                    theme, drawings, lines=[(a, 0.0), *walked],
                                    times_words="θ by the cone's edge:",
                                    times_font=style.FONT_PANEL)
        self.play(appear(self.cone_inset), run_time=style.RUN_FADE)

    def drop_cone_inset(self) -> None:
        """The weight-space inset leaves."""
        self.drop_close_up("cone_inset")

    def drop_close_up(self, name: str) -> None:
        """The close-up kept as the attribute ``name`` leaves, where it stands."""
        inset = getattr(self, name, None)
        if inset is not None and self.on_screen(inset):
            self.play(vanish(inset), run_time=style.RUN_FADE)
            self.remove(inset)
