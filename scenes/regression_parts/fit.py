"""The data's plot in `regression`: the points (x⁽ⁱ⁾, y⁽ⁱ⁾), the fitted curve h over the
data's range (in pieces where it leaves the view), and the residuals as segments."""

from __future__ import annotations

import numpy as np
from manim import Dot, VGroup, VMobject

from linviz.regression import polynomial_features
from scenes.toolkit import style
from scenes.toolkit.gd_plots import RegressionPlot


def fitted_values(x: np.ndarray, degree: int, theta, theta0: float) -> np.ndarray:
    """h(x) = θᵀφ(x) + θ₀ with φ the engine's polynomial feature map: shape (len(x),)."""
    features = polynomial_features(np.asarray(x, dtype=float).reshape(-1, 1), degree)
    return features @ np.asarray(theta, dtype=float) + float(theta0)


class RegressionFit:
    """The data, the fit and the residuals (a part of
    :class:`scenes.regression.RegressionScene`)."""

    def build_data_plot(self) -> None:
        """The data's plot and its points, the fitted curve and the residuals (one path),
        and the x at which the curve is drawn."""
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        self.plane = RegressionPlot(np.column_stack([x, y]), theme,
                                    self.lesson.x_axis_name, self.data.target_name)
        box = self.plane.box
        # many points are drawn smaller, so that the residuals and the fit stay visible
        crowd = min(1.0, max(style.DENSE_DOT_SCALE,
                             np.sqrt(style.SPARSE_POINT_COUNT / self.data.n_samples)))
        self.dots = VGroup(*[Dot(self.plane.c2p((a, b)), radius=style.DATA_DOT * crowd,
                                 color=theme.negative) for a, b in zip(x, y)])
        self.fit_curve = VMobject(stroke_color=theme.boundary, stroke_width=style.LINE_STROKE)
        #: the residuals, one vertical segment per point, all subpaths of one path
        self.residuals = VMobject(stroke_color=theme.mistake, stroke_width=style.RESIDUAL_STROKE,
                                  fill_opacity=0)
        # the fit is drawn over the data's range only: a polynomial leaves the view quickly
        span = float(x.max() - x.min())
        self.curve_x = np.linspace(max(box.x_min, x.min() - style.CURVE_OVERHANG * span),
                                   min(box.x_max, x.max() + style.CURVE_OVERHANG * span),
                                   style.CURVE_SAMPLES)

    def draw_curve(self, curve, theta, theta0: float) -> None:
        """Set ``curve``'s path to h's pieces inside the plot."""
        pieces = self.curve_pieces(theta, theta0)
        curve.set_points_as_corners(pieces[0])
        for piece in pieces[1:]:
            curve.start_new_path(piece[0])
            curve.add_points_as_corners(piece[1:])

    def curve_pieces(self, theta, theta0: float) -> list[np.ndarray]:
        """Screen points of h on the plot, one array per stretch inside its box: a curve
        that leaves the view and comes back is two pieces, never joined by a chord across
        the gap."""
        box = self.plane.box
        values = fitted_values(self.curve_x, self.degree, theta, theta0)
        inside = (values >= box.y_min) & (values <= box.y_max)
        edges = np.flatnonzero(np.diff(np.concatenate([[0], inside.astype(int), [0]])))
        pieces = [self.plane.c2p_many(np.column_stack([self.curve_x[a:b], values[a:b]]))
                  for a, b in zip(edges[::2], edges[1::2]) if b - a > 1]
        # a curve wholly outside the view is drawn as nothing, at the plot's corner
        return pieces or [np.array([self.plane.c2p((box.x_min, box.y_min))] * 2)]

    def update_drawings(self) -> None:
        """The fitted curve and residuals at the tracker's step."""
        theta, theta0, _ = self.parameters()
        self.draw_curve(self.fit_curve, theta, theta0)
        x, y = self.data.X[:, 0], self.data.y
        predicted = fitted_values(x, self.degree, theta, theta0)
        # a residual whose fitted value lies outside the plot ends at its edge, as the curve
        box = self.plane.box
        predicted = np.clip(predicted, box.y_min, box.y_max)
        data = self.plane.c2p_many(np.column_stack([x, y]))
        fitted = self.plane.c2p_many(np.column_stack([x, predicted]))
        thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, :, None]
        self.residuals.points = (data[:, None] + thirds * (fitted - data)[:, None]).reshape(-1, 3)
