"""The margin band on the data plane: the strip |θᵀx + θ₀|/‖θ‖ ≤ γ round a separator,
filled, with its two edges dashed (:class:`MarginBand`)."""

from __future__ import annotations

import numpy as np
from manim import ORIGIN, RIGHT, UP, Polygon, VGroup

from linviz.geometry import clip_line, strip_polygon

from . import style
from .data_plane import DataPlane
from .speed.fast_shapes import FastDashedLine, Shared


class MarginBand(VGroup):
    """The band |θᵀx + θ₀|/‖θ‖ ≤ γ around a separator, drawn in place for any (θ, θ₀, γ).

    Parts: the strip, lightly filled, and its two edges θᵀx + θ₀ = ±γ‖θ‖ as
    dashed lines, all clipped to the data plane. A half-width γ ≤ 0 (the
    margin of a separator that makes mistakes) draws nothing.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, half_width: float, colour: str):
        self.plane_ref = Shared(plane)
        self.fill = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour,
                            fill_opacity=style.BAND_OPACITY)
        self.edges = VGroup(FastDashedLine(colour), FastDashedLine(colour))
        super().__init__(self.fill, self.edges)
        self.set_band(theta, theta0, half_width)
        plane.depend(self)

    def redraw(self) -> "MarginBand":
        """Draw the same band again after the plane's box changed."""
        return self.set_band(self.theta, self.theta0, self.half_width)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_band(self, theta, theta0: float, half_width: float) -> "MarginBand":
        """Move the band to γ = ``half_width`` around θᵀx + θ₀ = 0, in place."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0, self.half_width = theta, float(theta0), float(half_width)
        box = self.plane.box
        norm = float(np.linalg.norm(theta))
        self.segments = []
        for sign, edge in zip((1.0, -1.0), self.edges):
            segment = (clip_line(theta, theta0 - sign * half_width * norm, box)
                       if half_width > 0 and norm > 0 else None)
            self.segments.append(segment)
            if segment is None:
                edge.set_ends(ORIGIN, ORIGIN).set_stroke(opacity=0)
            else:
                edge.set_ends(self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))
                edge.set_stroke(opacity=1)
        polygon = strip_polygon(theta, theta0, half_width, box)
        if polygon is None:
            self.fill.set_fill(opacity=0)
        else:
            corners = [self.plane.c2p(p) for p in polygon]
            self.fill.set_points_as_corners([*corners, corners[0]])
            self.fill.set_fill(opacity=style.BAND_OPACITY)
        return self

    def edges_in_data(self) -> list[tuple[np.ndarray, np.ndarray] | None]:
        """The two drawn edges, each (start, end) in data coordinates, or None where hidden."""
        return [None if segment is None else (self.plane.p2c(edge.get_start()),
                                              self.plane.p2c(edge.get_end()))
                for segment, edge in zip(self.segments, self.edges)]
