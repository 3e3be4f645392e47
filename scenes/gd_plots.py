"""Drawings of the gradient-descent scenes: a loss curve, a probability field.

Built once, then changed in place by ``set_...`` methods: the curve's path is
rewritten, the field's pixels are recomputed from the engine.
"""

from __future__ import annotations

import numpy as np
from manim import ORIGIN, Dot, VGroup, VMobject
from manim.utils.color import ManimColor

from linviz.logistic import probability_grid

from . import style
from .mobjects import DataPlane
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


def _rgb(colour: str) -> np.ndarray:
    return np.array(ManimColor(colour).to_rgb(), dtype=float)


def _rectangle_paths(x_left: np.ndarray, x_right: np.ndarray, y_low: np.ndarray,
                     y_high: np.ndarray) -> np.ndarray:
    """Closed rectangles as straight cubic Bézier segments: shape (4 · 4 · count, 3)."""
    corners = np.stack([np.stack([x_left, y_low], -1), np.stack([x_right, y_low], -1),
                        np.stack([x_right, y_high], -1), np.stack([x_left, y_high], -1)], 1)
    starts = corners
    ends = np.roll(corners, -1, axis=1)
    thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, None, :, None]
    points = starts[:, :, None, :] + thirds * (ends - starts)[:, :, None, :]
    flat = points.reshape(-1, 2)
    return np.column_stack([flat, np.zeros(len(flat))])


class ProbabilityField(VGroup):
    """P(y = +1 | x) = σ(θᵀx + θ₀) over a data plane, recoloured in place.

    The plane is cut into ``resolution`` × ``resolution`` cells; each cell's
    probability p at its centre is quantized to a band of |2p − 1| (``levels``
    per side of ½). A band is one path of rectangles (runs of neighbouring
    cells of a row merged), filled in the positive class colour (p > ½) or the
    negative one (p < ½) with opacity ``opacity`` · level / ``levels``. It is
    translucent, so the grid shows through and only the markers need to lie
    above it. Certain regions are coloured, the uncertain band near the
    boundary fades to the background, and the band edges read as contours of
    P. An ImageMobject would be the natural choice, but Manim's Cairo camera
    cannot draw one with the installed Pillow (13).
    """

    def __init__(self, plane: DataPlane, theme: Theme, resolution: int = style.FIELD_RESOLUTION,
                 levels: int = style.FIELD_LEVELS, opacity: float = style.FIELD_OPACITY):
        box = plane.box
        self.resolution, self.levels = resolution, levels
        step_x = (box.x_max - box.x_min) / resolution
        step_y = (box.y_max - box.y_min) / resolution
        #: cell centres: column j has x₁ = x1_values[j], row i has x₂ = x2_values[i]
        self.x1_values = box.x_min + step_x * (np.arange(resolution) + 0.5)
        self.x2_values = box.y_min + step_y * (np.arange(resolution) + 0.5)
        low, high = plane.c2p((box.x_min, box.y_min)), plane.c2p((box.x_max, box.y_max))
        self.screen_x = np.linspace(low[0], high[0], resolution + 1)
        self.screen_y = np.linspace(low[1], high[1], resolution + 1)
        self.bands, self.weights = {}, {}
        for side, colour in ((1, theme.positive), (-1, theme.negative)):
            for level in range(1, levels + 1):
                self.weights[side * level] = opacity * level / levels
                self.bands[side * level] = VMobject(stroke_width=0, fill_color=colour,
                                                    fill_opacity=self.weights[side * level])
        super().__init__(*self.bands.values())
        self.probabilities = None
        self.codes = None
        self.set_parameters(np.zeros(2), 0.0)

    def band_codes(self, p: np.ndarray) -> np.ndarray:
        """Band of each probability: ±level (sign: the side of ½), 0 for the middle band."""
        level = np.rint(np.abs(2 * p - 1) * self.levels).astype(int)
        return np.where(p >= 0.5, level, -level)

    def set_parameters(self, theta, theta0: float, fade: float = 1.0) -> "ProbabilityField":
        """Recolour every cell for (θ, θ₀); ``fade`` in [0, 1] is the bands' opacity."""
        p = probability_grid(theta, theta0, self.x1_values, self.x2_values)
        self.probabilities = p
        codes = self.band_codes(p)
        self.codes = codes
        rows, starts, ends = [], [], []
        for i in range(self.resolution):
            row = codes[i]
            run_starts = np.flatnonzero(np.diff(row, prepend=row[0] - 1))
            rows.append(np.full(len(run_starts), i))
            starts.append(run_starts)
            ends.append(np.append(run_starts[1:], self.resolution))
        rows, starts, ends = np.concatenate(rows), np.concatenate(starts), np.concatenate(ends)
        run_codes = codes[rows, starts]
        for code, band in self.bands.items():
            chosen = run_codes == code
            if not np.any(chosen):
                band.clear_points()
                continue
            band.points = _rectangle_paths(self.screen_x[starts[chosen]],
                                           self.screen_x[ends[chosen]],
                                           self.screen_y[rows[chosen]],
                                           self.screen_y[rows[chosen] + 1])
            band.set_fill(opacity=fade * self.weights[code])
        return self

    def colour_of_cell(self, i: int, j: int) -> tuple[str | None, float]:
        """(fill colour as hex, opacity) of cell (row i, column j); (None, 0) in the middle band."""
        code = int(self.codes[i, j])
        if code == 0:
            return None, 0.0
        band = self.bands[code]
        return band.get_fill_color().to_hex(), float(band.get_fill_opacity())
