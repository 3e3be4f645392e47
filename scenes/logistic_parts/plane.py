"""The data plane of `logistic`: the points, the probability field P(y = +1 | x) and the
boundary, each point's logistic loss as a ring round it, the squares round the labels the
noise flipped, and a point's number."""

from __future__ import annotations

import numpy as np
from manim import Circle, VMobject

from linviz.logistic import pointwise_logistic_loss
from scenes.logistic_parts.common import flip_colour
from scenes.toolkit import style
from scenes.toolkit.gd_plots import ProbabilityField
from scenes.toolkit.marks import PointNumbers
from scenes.toolkit.plane import QUARTER_ARCS, DataPlane, Hyperplane

#: a unit circle's outline, moved and scaled into each loss ring
UNIT_RING = Circle(radius=1.0, num_components=QUARTER_ARCS).points.copy()


class LogisticPlane:
    """The data plane, its field, boundary and loss rings (a part of
    :class:`scenes.logistic.LogisticScene`)."""

    def build_plane(self) -> None:
        """The plane, the probability field, the boundary and the loss rings (one path)."""
        theme = self.theme
        self.plane = DataPlane(self.data.X, self.data.y, theme, data=self.data)
        self.field = ProbabilityField(self.plane, theme)
        self.hyperplane = Hyperplane(self.plane, *self.parameters(), show_normal=False,
                                     show_shading=False)
        #: the loss rings, one circle per point, all of them subpaths of one path
        self.rings = VMobject(stroke_color=theme.step, stroke_width=style.LOSS_RING_STROKE,
                              fill_opacity=0)

    def make_flip_marks(self) -> VMobject:
        """A square around each point whose label the noise flipped (one path)."""
        marks = VMobject(stroke_color=flip_colour(self.theme), stroke_width=style.LOSS_RING_STROKE,
                         fill_opacity=0)
        r = style.RING_RADIUS
        corners = np.array([[-r, -r, 0], [r, -r, 0], [r, r, 0], [-r, r, 0], [-r, -r, 0]])
        for i in self.flipped:
            centre = self.plane.c2p(self.data.X[i])
            marks.start_new_path(centre + corners[0])
            marks.add_points_as_corners(centre + corners[1:])
        if not self.flipped:
            marks.set_points([self.plane.c2p(self.data.X[0])] * 4)
            marks.set_stroke(opacity=0)
        return marks

    def point_losses(self, s: float | None = None) -> np.ndarray:
        """ℓᵢ of every point under (θ, θ₀) at step s."""
        return pointwise_logistic_loss(self.data.X, self.data.y, *self.parameters(s)[:2])

    def update_rings(self) -> None:
        radii = style.LOSS_RING_SCALE * self.point_losses()
        centres = self.plane.c2p_many(self.data.X)
        self.rings.points = (centres[:, None, :]
                             + radii[:, None, None] * UNIT_RING[None]).reshape(-1, 3)

    def point_number(self, index: int):
        """The number of point ``index`` (1-based, as said), beside its marker."""
        # placed off the other markers, the counts of shared places and the plane's names
        label = PointNumbers(self.plane, self.theme).number(index).set_color(
            self.theme.highlight)
        label.add_background_rectangle(color=self.theme.background, opacity=0.75, buff=0.03)
        return label
