"""What `quiz-one-point` draws: θ's arrow moved update by update and its step named,
the boundary with its sides, the number line of θᵀx and the boxes its axis keeps clear;
where the plane, the number line and the bound's chain stand."""

from __future__ import annotations

import numpy as np
from manim import VGroup

from scenes.toolkit import style
from scenes.toolkit.layout import appear, with_backdrop
from scenes.toolkit.placement import across
from scenes.toolkit.plane import DataVector, Hyperplane
from scenes.toolkit.screen_text import math

#: where the single-point quiz's number line of θᵀx stands, right of its plane
SCORE_LINE_CENTER = (3.4, 0.9, 0.0)

#: the single-point quiz's plane: its side and centre (large enough for a hall: 0, x, θ's
#: arrows and the inset are all the picture there is)
PLANE_SIDE, PLANE_CENTER = 5.6, (-3.5, -0.25, 0.0)

#: the bound's chain, in the column right of the plane under the scores
CHAIN_CENTER, CHAIN_WIDTH = (3.4, -2.3, 0.0), 6.2


class OnePointDrawings:
    """θ, its steps and the score line (a part of
    :class:`scenes.quiz.OnePointQuizScene`)."""

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

    def axis_boxes(self) -> np.ndarray:
        """The plane's two axes as thin screen boxes (a name on an axis reads as its tick)."""
        box = self.plane.box
        ends = [((box.x_min, 0), (box.x_max, 0)), ((0, box.y_min), (0, box.y_max))]
        return np.array([[*np.minimum(self.plane.c2p(a), self.plane.c2p(b))[:2] - 0.05,
                          *np.maximum(self.plane.c2p(a), self.plane.c2p(b))[:2] + 0.05, 1.0]
                         for a, b in ends])
