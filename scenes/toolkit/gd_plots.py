"""Drawings of the gradient-descent scenes: a loss curve, a probability field,
a regression plot with its own x and y scales (:mod:`.regression_plot`, imported from
here too), and rows of live values.

Built once, then changed in place by ``set_...`` methods: the curve's path is
rewritten, the field's pixels are recomputed from the engine.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, DashedVMobject, Dot, VGroup, VMobject
from manim.utils.color import ManimColor

from linviz.logistic import probability_grid

from . import style
from .speed.manim_adapter import set_fill_colours
from .speed.fast_shapes import Shared
from .speed.merging import merge_glyphs
from .panels import LiveValue, widest
from .plane import DataPlane
from .plots import PlotAxes, interpolate
from .regression_plot import RegressionPlot
from .screen_text import fmt, math
from .style import Theme

__all__ = ["GradientFill", "LossCurve", "ProbabilityField", "RegressionPlot", "ValueRows",
           "live_value"]


def live_value(label: str, values, theme: Theme, places: int = 2) -> LiveValue:
    """``label = value`` for numbers, with room for the widest of ``values`` (all it will
    show) at ``places`` decimals: a row of them can be arranged once."""
    value = widest([float(v) for v in values], lambda v: fmt(v, places))
    return LiveValue(label, value, theme, places=places, font_size=style.FONT_SMALL)


class ValueRows(VGroup):
    """Rows of live values ``label = value`` (each built with room for the widest value it
    will show): each row left to right ``VALUE_GAP`` apart, the rows under one another
    aligned left.

    ``values`` maps each name to its live value; ``labels`` holds the labels (still
    drawings) and ``numbers`` the numbers (what changes with the step).
    """

    def __init__(self, rows):
        rows = [dict(row) for row in rows]
        self.values: dict[str, LiveValue] = {k: v for row in rows for k, v in row.items()}
        groups = [VGroup(*row.values()).arrange(RIGHT, buff=style.VALUE_GAP) for row in rows]
        super().__init__(*groups)
        self.arrange(DOWN, aligned_edge=LEFT, buff=style.BUFF)
        self.labels = VGroup(*[v.label for v in self.values.values()])
        self.numbers = VGroup(*[v.number for v in self.values.values()])


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
        self.theme = theme
        super().__init__(theme, self.T, np.max(self.values), width, height, x_label, y_label)
        self.curve = VMobject(stroke_color=colour, stroke_width=style.PLOT_STROKE)
        self.head = Dot(ORIGIN, radius=style.PLOT_DOT, color=colour)
        self.graph = VGroup(self.curve, self.head)
        self.set_progress(0.0)

    def level_line(self, value: float, colour: str, label: str) -> VGroup:
        """A dashed line across the plot at ``value`` (the least loss, say) with ``label``
        (Typst math) above its left end."""
        line = VMobject(stroke_color=colour, stroke_width=style.DASH_STROKE)
        line.set_points_as_corners([self.c2p(0, value), self.c2p(self.T, value)])
        dashed = merge_glyphs(DashedVMobject(line, num_dashes=style.CURVE_DASHES // 2))
        name = math(label, self.theme, style.FONT_TINY, colour=colour)
        return VGroup(dashed, name.next_to(self.c2p(0, value), UP + RIGHT,
                                           buff=style.PLOT_LABEL_BUFF))

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


class GradientFill(VMobject):
    """A filled quadrilateral whose colours run along a segment set inside it.

    Manim's Cairo camera fills a path that has several fill colours with a
    linear gradient, the colours as evenly spaced stops between two points it
    derives from the path's bounding box; here the two points are set
    (``set_ends``), so that the stops fall where they belong. Beyond the
    segment the end colours continue.

    The path is a quadrilateral c₀ c₁ c₂ c₃ (set with ``set_points_as_corners``,
    closed). The ends are kept in its own frame, as (a, b) with
    end = c₀ + a (c₁ − c₀) + b (c₃ − c₀), so they follow the path when it is
    moved or scaled (a thumbnail of a field keeps its gradient); screen points
    kept as they were would stay behind, and every stop would fall on one side.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.end_coordinates = np.array([[0.0, 0.5], [1.0, 0.5]])

    def _corner_frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        curve = self.n_points_per_cubic_curve
        origin = self.points[0]
        return origin, self.points[curve] - origin, self.points[3 * curve] - origin

    def set_ends(self, ends) -> "GradientFill":
        """Put the gradient's two end points at the screen points ``ends`` (shape (2, 3))."""
        origin, u, v = self._corner_frame()
        frame = np.column_stack([u[:2], v[:2]])
        self.end_coordinates = np.array([np.linalg.solve(frame, (np.asarray(end) - origin)[:2])
                                         for end in ends])
        return self

    @property
    def ends(self) -> tuple[np.ndarray, np.ndarray]:
        """The gradient's end points on screen now."""
        origin, u, v = self._corner_frame()
        return tuple(origin + a * u + b * v for a, b in self.end_coordinates)

    def get_gradient_start_and_end_points(self):
        return self.ends


class ProbabilityField(VGroup):
    """P(y = +1 | x) = σ(θᵀx + θ₀) over a data plane, one path recoloured in place.

    P is quantized to bands of |2P − 1| (``levels`` per side of ½): band ±ℓ
    holds the points whose level rint(|2P − 1| · levels) is ℓ, on the side
    P > ½ (+) or P < ½ (−), coloured in that class's colour with opacity
    ``opacity`` · ℓ / ``levels``; the middle band (ℓ = 0) is left clear.
    Certain regions are coloured, the uncertain band near the boundary fades
    to the background, and the band edges are contours of P.

    P depends on x only through the score z = θᵀx + θ₀, which changes along
    θ alone, so the field is one rectangle (the plane) filled with a linear
    gradient along θ: ``stops`` colour stops evenly spaced from the lowest
    score z_min the plane reaches to the highest z_max, stop k coloured as
    the band of z_min + k/(stops − 1) · (z_max − z_min). Band edges are sharp
    to within one stop. One draw call a frame, whatever the number of bands.

    For checks, P and the band code are also sampled at the centres of a
    ``resolution`` × ``resolution`` grid of cells (``probabilities``,
    ``codes``). An ImageMobject would be the natural choice for a field, but
    Manim's Cairo camera cannot draw one with the installed Pillow (13).
    """

    def __init__(self, plane: DataPlane, theme: Theme, resolution: int = style.FIELD_RESOLUTION,
                 levels: int = style.FIELD_LEVELS, opacity: float = style.FIELD_OPACITY,
                 stops: int = style.FIELD_STOPS):
        box = plane.box
        self.plane_ref = Shared(plane)
        self.resolution, self.levels, self.opacity, self.stops = resolution, levels, opacity, stops
        step_x = (box.x_max - box.x_min) / resolution
        step_y = (box.y_max - box.y_min) / resolution
        #: cell centres: column j has x₁ = x1_values[j], row i has x₂ = x2_values[i]
        self.x1_values = box.x_min + step_x * (np.arange(resolution) + 0.5)
        self.x2_values = box.y_min + step_y * (np.arange(resolution) + 0.5)
        self.side_rgb = {1: np.array(ManimColor(theme.positive).to_rgb()),
                         -1: np.array(ManimColor(theme.negative).to_rgb())}
        self.shade = GradientFill(stroke_width=0)
        corners = plane.c2p_many(box.corners)
        self.shade.set_points_as_corners([*corners, corners[0]])
        super().__init__(self.shade)
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

    def band_rgbas(self, z: np.ndarray, fade: float = 1.0) -> np.ndarray:
        """Colour and opacity (n × 4) of the bands of the scores ``z`` (the class colour of
        the score's side, opacity 0 in the middle band)."""
        z = np.asarray(z, dtype=float)
        codes = self.band_codes(1 / (1 + np.exp(-np.clip(z, -500, 500))))
        rgbas = np.empty((len(z), 4))
        rgbas[:, :3] = np.where((z >= 0)[:, None], self.side_rgb[1], self.side_rgb[-1])
        rgbas[:, 3] = fade * self.opacity * np.abs(codes) / self.levels
        return rgbas

    def set_parameters(self, theta, theta0: float, fade: float = 1.0) -> "ProbabilityField":
        """Recolour the field for (θ, θ₀); ``fade`` in [0, 1] scales its opacity."""
        theta = np.asarray(theta, dtype=float)
        self.theta, self.theta0 = theta, float(theta0)
        box = self.plane.box
        scores = box.corners @ theta + theta0
        low, high = float(scores.min()), float(scores.max())
        centre = np.array([(box.x_min + box.x_max) / 2, (box.y_min + box.y_max) / 2])
        norm = float(np.linalg.norm(theta))
        if norm == 0 or high - low < 1e-12:  # one score everywhere: any direction will do
            ends = np.array([[box.x_min, centre[1]], [box.x_max, centre[1]]])
        else:
            # the points of the line through the centre along θ whose scores are low and high
            unit = theta / norm
            z_centre = float(centre @ theta + theta0)
            ends = np.array([centre + (z - z_centre) / norm * unit for z in (low, high)])
        self.shade.set_ends(self.plane.c2p_many(ends))
        set_fill_colours(self.shade, self.band_rgbas(np.linspace(low, high, self.stops), fade))
        return self
