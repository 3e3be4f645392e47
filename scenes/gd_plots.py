"""Drawings of the gradient-descent scenes: a loss curve, a probability field.

Built once, then changed in place by ``set_...`` methods: the curve's path is
rewritten, the field's pixels are recomputed from the engine.
"""

from __future__ import annotations

import numpy as np
from manim import ORIGIN, Dot, VGroup, VMobject

from linviz.logistic import probability_grid

from . import style
from .geometry import clip_polygon
from .mobjects import DataPlane, Shared
from .plots import PlotAxes, interpolate
from .style import Theme


class LossCurve(PlotAxes):
    """A value against the step t = 0..T (a loss curve), grown up to any step.

    Parameters
    ----------
    values : ndarray of shape (T + 1,)
        The value after t steps.
    theme : Theme
    colour : str
    x_label, y_label : str
        Typst math for the axes.

    The static group is the axes with glyph-number ticks; ``graph`` (added by
    the scene after its static drawings) is the polyline and its head dot.
    """

    def __init__(self, values, theme: Theme, colour: str, x_label: str = "t",
                 y_label: str = "L", width: float = style.CURVE_PLOT_WIDTH,
                 height: float = style.CURVE_PLOT_HEIGHT):
        self.values = np.asarray(values, dtype=float)
        self.T = len(self.values) - 1
        super().__init__(theme, self.T, np.max(self.values), width, height, x_label, y_label)
        self.curve = VMobject(stroke_color=colour, stroke_width=style.PLOT_STROKE)
        self.head = Dot(ORIGIN, radius=style.PLOT_DOT, color=colour)
        self.graph = VGroup(self.curve, self.head)
        self.set_progress(0.0)

    def set_progress(self, s: float) -> "LossCurve":
        """Draw the values for t from 0 to ``s`` (linear between whole steps)."""
        s = min(max(float(s), 0.0), float(self.T))
        whole = int(np.floor(s + 1e-9))
        points = list(self.c2p_many(np.arange(whole + 1), self.values[:whole + 1]))
        if s > whole + 1e-9:
            points.append(self.c2p(s, interpolate(self.values, s)))
        if len(points) < 2:
            points = [points[0], points[0]]
        self.curve.set_points_as_corners(points)
        self.head.move_to(points[-1])
        return self

    def head_in_data(self) -> np.ndarray:
        return self.p2c(self.head.get_center())


class ProbabilityField(VGroup):
    """P(y = +1 | x) = σ(θᵀx + θ₀) over a data plane, as bands recoloured in place.

    P is quantized to bands of |2P − 1| (``levels`` per side of ½): band ±ℓ
    holds the points whose level rint(|2P − 1| · levels) is ℓ, on the side
    P > ½ (+) or P < ½ (−), filled in that class's colour with opacity
    ``opacity`` · ℓ / ``levels``; the middle band (ℓ = 0) is left clear. Since
    |2σ(z) − 1| = tanh(|z|/2), band ℓ is where the score z = θᵀx + θ₀ has
    |z| in [2 artanh((ℓ − ½)/levels), 2 artanh((ℓ + ½)/levels)): a strip
    between two lines parallel to the boundary, clipped to the plane, drawn as
    one polygon (an exact shape, a few corners, whatever the resolution).
    Certain regions are coloured, the uncertain band near the boundary fades
    to the background, and the band edges are contours of P.

    For checks, P and the band code are also sampled at the centres of a
    ``resolution`` × ``resolution`` grid of cells (``probabilities``,
    ``codes``, :meth:`colour_of_cell`). An ImageMobject would be the natural
    choice for a field, but Manim's Cairo camera cannot draw one with the
    installed Pillow (13).
    """

    def __init__(self, plane: DataPlane, theme: Theme, resolution: int = style.FIELD_RESOLUTION,
                 levels: int = style.FIELD_LEVELS, opacity: float = style.FIELD_OPACITY):
        box = plane.box
        self.plane_ref = Shared(plane)
        self.resolution, self.levels = resolution, levels
        step_x = (box.x_max - box.x_min) / resolution
        step_y = (box.y_max - box.y_min) / resolution
        #: cell centres: column j has x₁ = x1_values[j], row i has x₂ = x2_values[i]
        self.x1_values = box.x_min + step_x * (np.arange(resolution) + 0.5)
        self.x2_values = box.y_min + step_y * (np.arange(resolution) + 0.5)
        #: band ℓ holds the scores with |z| in [edges[ℓ - 1], edges[ℓ])
        self.edges = np.array([2 * np.arctanh((level + 0.5) / levels) if level + 0.5 < levels
                               else np.inf for level in range(levels + 1)])
        self.bands, self.weights = {}, {}
        for side, colour in ((1, theme.positive), (-1, theme.negative)):
            for level in range(1, levels + 1):
                self.weights[side * level] = opacity * level / levels
                self.bands[side * level] = VMobject(stroke_width=0, fill_color=colour,
                                                    fill_opacity=self.weights[side * level])
        super().__init__(*self.bands.values())
        self.shown_opacity = {code: None for code in self.bands}
        self.set_parameters(np.zeros(2), 0.0)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    @property
    def probabilities(self) -> np.ndarray:
        """P(y = +1 | x) at the cell centres, shape (resolution, resolution): [row i, column j]."""
        return probability_grid(self.theta, self.theta0, self.x1_values, self.x2_values)

    @property
    def codes(self) -> np.ndarray:
        """The band code of every cell centre (see :meth:`band_codes`)."""
        return self.band_codes(self.probabilities)

    def band_codes(self, p: np.ndarray) -> np.ndarray:
        """Band of each probability: ±level (sign: the side of ½), 0 for the middle band."""
        level = np.rint(np.abs(2 * p - 1) * self.levels).astype(int)
        return np.where(p >= 0.5, level, -level)

    def score_range(self, code: int) -> tuple[float, float]:
        """The scores z = θᵀx + θ₀ of band ``code``: [low, high) on the + side, (low, high]
        on the − side."""
        low, high = self.edges[abs(code) - 1], self.edges[abs(code)]
        return (low, high) if code > 0 else (-high, -low)

    def set_parameters(self, theta, theta0: float, fade: float = 1.0) -> "ProbabilityField":
        """Redraw every band for (θ, θ₀); ``fade`` in [0, 1] scales the bands' opacity."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0 = theta, float(theta0)
        box = self.plane.box
        corners = box.corners
        for code, band in self.bands.items():
            low, high = self.score_range(code)
            polygon = corners
            if np.any(theta):
                polygon = clip_polygon(polygon, theta, theta0 - low)
                if polygon is not None and np.isfinite(high):
                    polygon = clip_polygon(polygon, -theta, high - theta0)
            elif not low <= theta0 < high:  # θ = 0: the score θ₀ everywhere
                polygon = None
            if polygon is None:
                band.clear_points()
                continue
            screen = self.plane.c2p_many(polygon)
            band.set_points_as_corners([*screen, screen[0]])
            opacity = fade * self.weights[code]
            if opacity != self.shown_opacity[code]:  # colours are rewritten only on a change
                self.shown_opacity[code] = opacity
                band.set_fill(opacity=opacity)
        return self

    def colour_of_cell(self, i: int, j: int) -> tuple[str | None, float]:
        """(fill colour as hex, opacity) of cell (row i, column j); (None, 0) in the middle band."""
        code = int(self.codes[i, j])
        if code == 0:
            return None, 0.0
        band = self.bands[code]
        return band.get_fill_color().to_hex(), float(band.get_fill_opacity())
