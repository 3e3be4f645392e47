"""Signed bars of a few live values over a zero line: each bar a term of a sum (a point's
weighted y·score under a moving θ), green above 0, in the mistake colour at or below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Line, Polygon, VGroup

from . import style
from .screen_text import math, text
from .style import Theme

#: a bar's width and the gap between two bars (screen units)
BAR_WIDTH, BAR_GAP = 0.26, 0.16
#: the least height a bar is drawn with (a value of 0 still shows where its bar is)
BAR_LEAST = 0.02


class ScoreBars(VGroup):
    """Bars of ``values_of()`` (one per name in ``names``), redrawn every frame.

    ``reach`` is the largest |value| the bars will show: it is drawn ``half_height`` above or
    below the zero line. A bar at or below 0 is in the theme's mistake colour (a term of the
    sum that is a mistake), above it in the correct colour. With ``labels`` (±1 a bar), the
    bars are scores and a bar is a mistake where label × value ≤ 0 instead. ``heading``
    (Typst mathematics) stands over the bars, ``footing`` (prose) under the names.
    """

    def __init__(self, names: Sequence[str], values_of: Callable[[], np.ndarray],
                 reach: float, theme: Theme, heading: str, footing: str,
                 half_height: float = 0.8, labels: Sequence[float] | None = None) -> None:
        super().__init__()
        self.values_of, self.theme = values_of, theme
        self.labels = np.ones(len(names)) if labels is None else np.asarray(labels, float)
        self.unit = half_height / max(float(reach), 1e-12)
        count = len(names)
        width = count * BAR_WIDTH + (count - 1) * BAR_GAP
        self.lefts = [-width / 2 + k * (BAR_WIDTH + BAR_GAP) for k in range(count)]
        self.zero = Line(LEFT * (width / 2 + 0.1), RIGHT * (width / 2 + 0.1),
                         color=theme.muted, stroke_width=2)
        self.bars = VGroup(*[Polygon(*self.corners(left, 0.0), stroke_width=0,
                                     fill_opacity=0.9) for left in self.lefts])
        # (the points' names as large as the heading: reviews 330, 7 px high at 480p)
        self.names = VGroup(*[text(name, theme, style.FONT_SMALL, theme.text).move_to(
            (left + BAR_WIDTH / 2, -half_height - 0.2, 0)) for name, left in
            zip(names, self.lefts)])
        self.heading = math(heading, theme, style.FONT_SMALL)
        self.heading.next_to(self.zero, UP, buff=half_height + 0.15)
        self.footing = text(footing, theme, style.FONT_SMALL, theme.text)
        self.footing.next_to(self.names, DOWN, buff=0.15)
        self.add(self.zero, self.bars, self.names, self.heading, self.footing)
        self.redraw()

    def corners(self, left: float, value: float) -> list[np.ndarray]:
        """The bar's corners from the zero line (its own, before the group moved) to
        ``value`` drawn at the bars' scale."""
        height = value * self.unit
        if abs(height) < BAR_LEAST:
            height = BAR_LEAST if height >= 0 else -BAR_LEAST
        return [np.array([left, 0.0, 0.0]), np.array([left + BAR_WIDTH, 0.0, 0.0]),
                np.array([left + BAR_WIDTH, height, 0.0]), np.array([left, height, 0.0])]

    def redraw(self, *_) -> ScoreBars:
        """Every bar at its value now, coloured by the sign of its label times it."""
        origin = self.zero.get_center()
        for bar, left, value, label in zip(self.bars, self.lefts, self.values_of(),
                                           self.labels):
            corners = [c + origin for c in self.corners(left, float(value))]
            bar.set_points_as_corners([*corners, corners[0]])
            bar.set_fill(self.theme.correct if label * value > 0 else self.theme.mistake,
                         opacity=0.9)
        return self

    def follow(self) -> None:
        """Redraw the bars every frame (until :meth:`clear_updaters`)."""
        self.add_updater(lambda group: group.redraw())
