"""The number line of `margin`'s sections 2 and 3: each point's margin as its + or −
on a line split at 0 (wrong side, right side), the smallest ringed."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, Circle, VGroup

from scenes.toolkit import style
from scenes.toolkit.plane import Marker
from scenes.toolkit.score_line import ScoreLine


class MarginNumberLine:
    """The margins on a number line (a part of :class:`scenes.margin.MarginScene`)."""

    def build_number_line(self) -> None:
        theme = self.theme
        # every margin the scene will show fits on the line
        samples = np.concatenate([self.lesson.margins(s) for s in np.linspace(0, len(self.separators) - 1, 21)])
        self.number_line = ScoreLine(samples, theme, width=style.MARGIN_LINE_WIDTH,
                                     side_labels=("margin $<= 0$: wrong side",
                                                  "margin $> 0$: right side"))
        self.number_line.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(
            style.PANEL_LEFT + style.MARGIN_LINE_WIDTH / 2)
        self.values_row.next_to(self.number_line, UP, buff=3 * style.LINE_MARKER_LIFT
                                + style.BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        self.line_markers = VGroup(*[Marker(label, theme).scale(style.LINE_MARKER_SCALE)
                                     for label in self.data.y])
        self.line_ring = Circle(radius=style.RING_RADIUS * style.LINE_MARKER_SCALE,
                                color=theme.highlight, stroke_width=style.RING_STROKE)
        self.follow_number_line()

    def follow_number_line(self, _=None) -> None:
        """Each point's margin as its + or − on the number line; the smallest ringed."""
        margins = self.margins()
        for marker, value, label in zip(self.line_markers, margins, self.data.y):
            lift = style.LINE_MARKER_LIFT * (1 if label > 0 else 2)
            marker.move_to(self.number_line.n2p(value) + UP * lift)
        self.line_ring.move_to(self.line_markers[self.lesson.closest_point(
            self.blend.get_value())])
