"""XOR in `history`: its square of four corners, and each line tried on them with its
+ side shaded and its wrong corners ringed."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, DashedLine, Line, Polygon, Rectangle, VGroup

from linviz.geometry import Box, clip_line, half_plane_polygon
from scenes.history_parts.common import (XOR_CENTRE, XOR_HALF, XOR_SHADE_OPACITY, XOR_UNIT,
                                         YEAR_FONT)
from scenes.toolkit import style
from scenes.toolkit.plane import Marker
from scenes.toolkit.screen_text import math, text


class XorDrawings:
    """XOR's corners and the lines tried on them (a part of
    :class:`scenes.history.HistoryScene`)."""

    def build_xor(self) -> None:
        """XOR's square (:attr:`xor`): its four corners as markers, faint axes, the corners'
        values and the axes' names."""
        theme, lesson = self.theme, self.lesson
        # XOR's four corners at the card's right
        corners = VGroup()
        for x1, x2, label in lesson.xor_points:
            corners.add(Marker(label, theme).move_to(self.xor_point((x1, x2))))
        frame = Rectangle(width=2 * XOR_HALF, height=2 * XOR_HALF, color=theme.muted,
                          stroke_width=1.5)
        frame.move_to(XOR_CENTRE)
        # faint axes through the middle, named: the corners are points of a plane
        axes = VGroup(
            Line(XOR_CENTRE + XOR_HALF * LEFT, XOR_CENTRE + XOR_HALF * RIGHT, color=theme.muted,
                 stroke_width=1, stroke_opacity=0.5),
            Line(XOR_CENTRE + XOR_HALF * DOWN, XOR_CENTRE + XOR_HALF * UP, color=theme.muted,
                 stroke_width=1, stroke_opacity=0.5))
        # the corners' values under and left of the square, the axes' names at their ends
        names = VGroup()
        for value in (-1, 1):
            word = "−1" if value < 0 else "1"
            names.add(text(word, theme, YEAR_FONT, theme.muted).next_to(
                self.xor_point((value, -XOR_HALF / XOR_UNIT)), DOWN, buff=0.08))
            names.add(text(word, theme, YEAR_FONT, theme.muted).next_to(
                self.xor_point((-XOR_HALF / XOR_UNIT, value)), LEFT, buff=0.08))
        names.add(math("x_1", theme, style.FONT_SMALL).set_color(theme.muted).next_to(
            frame, DOWN, buff=0.08).align_to(frame, RIGHT))
        names.add(math("x_2", theme, style.FONT_SMALL).set_color(theme.muted).next_to(
            frame, LEFT, buff=0.08).align_to(frame, UP))
        self.xor = VGroup(frame, axes, names, corners)
        self.xor_centre = XOR_CENTRE

    def xor_point(self, corner) -> np.ndarray:
        """The screen point of (x₁, x₂) in XOR's square."""
        return XOR_CENTRE + XOR_UNIT * np.array([corner[0], corner[1], 0.0])

    def xor_drawing(self, k: int, dashed: bool = False) -> VGroup:
        """Try k's line across XOR's square and a ring on each corner it gets wrong."""
        theta, theta0 = self.lesson.xor_line(k)
        half = XOR_HALF / XOR_UNIT
        ends = clip_line(theta, theta0, Box(-half, half, -half, half))
        theme = self.theme
        points = [self.xor_point(e) for e in ends]
        line = (DashedLine(*points, color=theme.boundary, stroke_width=2.5, dash_length=0.1)
                if dashed else Line(*points, color=theme.boundary, stroke_width=3))
        rings = VGroup(*[Circle(radius=0.3, color=theme.mistake, stroke_width=3.5).move_to(
            self.xor_point(self.lesson.xor_points[i][:2])) for i in self.lesson.xor_wrong(k)])
        # the side the line calls +, shaded, so a ring's "wrong side" can be checked
        side = half_plane_polygon(theta, theta0, Box(-half, half, -half, half))
        shade = VGroup() if side is None else Polygon(
            *[self.xor_point(p) for p in side], stroke_width=0, fill_color=theme.positive,
            fill_opacity=XOR_SHADE_OPACITY)
        return VGroup(line, VGroup(shade, rings))
