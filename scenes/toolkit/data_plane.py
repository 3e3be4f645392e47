"""The data plane: axes fitted to the data with the points as +/− markers, and the
mapping between data and screen that every drawing made on it uses (:class:`DataPlane`).

Its axes (outline, grid, tick values, names) are drawn by :class:`PlaneAxes` and its
notes (legend, origin pointer, "mean") by :class:`PlaneNotes`; the points by
:class:`MarkerCloud`.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from manim import DL, UR, VectorizedPoint, VGroup

from linviz.geometry import Box

from . import style, views
from .markers import MarkerCloud
from .plane_axes import PlaneAxes
from .plane_notes import PlaneNotes
from .speed.fast_shapes import Shared
from .speed.merging import merge_glyphs
from .style import Theme


class DataPlane(PlaneAxes, PlaneNotes, VGroup):
    """Axes fitted to the data, with tick values and names, and the points as +/− markers.

    Parameters
    ----------
    X, y : the points (n, 2) and their labels ±1 (n,), drawn as markers.
    box : the part of the data plane shown; by default fitted to ``X``
        (:func:`views.fitted_box`): square with ``equal_scale`` (one data
        unit as long on both axes, for normals and distances), each axis on
        its own range without; holding the origin with room round it when
        ``include_origin`` (True: always, for arrows drawn from it; None: when
        that does not make the view much wider than the data's own).
    side, center : the square on screen the box fills.
    axis_labels : the axes' names as Typst math (x₁, x₂ by default); without
        them, ``data``'s column names (``Dataset.feature_names``) as text.
    data : the data set drawn; its column names name the axes and its class
        names (``Dataset.label_names``) make a legend above the plane.
    ticks : tick values round the plane (by default unless it is small).
    legend : the legend (by default when ``data`` is given).
    counts : which places holding several points are counted beside their marker: "all",
        only the "mixed" ones, holding both classes, or "none" (:class:`MarkerCloud`).

    Round tick values (1, 2 or 5 × 10ᵏ) stand below and left of the square
    at its grid lines, with the axes' names at the ends of those rows. A
    position holding several points shows one marker and the count; markers
    are smaller where points are dense (:func:`views.marker_half_size`).
    When the origin is out of view with one scale, a pointer at the edge
    says where it is.

    ``c2p`` maps data coordinates to the screen and ``p2c`` back, so other
    drawings place themselves with the same mapping. ``set_box`` shows another
    part of the data plane in the same square of the screen (a zoom) and lets
    every drawing made on the plane (its dependants) redraw for the new mapping.
    """

    #: a zoom in leaves the points outside the box undrawn (:meth:`out_of_view`); off,
    #: their markers stand wherever the mapping puts them (a zoom out)
    clips_markers = False

    def __init__(self, X: np.ndarray, y: np.ndarray, theme: Theme, box: Box | None = None,
                 side: float = style.PLANE_SIDE, center=style.PLANE_CENTER,
                 axis_labels: tuple[str, str] | None = None, *, data=None,
                 include_origin: bool | None = None, equal_scale: bool = True,
                 ticks: bool | None = None, legend: bool | None = None, counts: str = "all",
                 marker_size: float | None = None):
        X = np.asarray(X, dtype=float).reshape(-1, 2)
        self.theme = theme
        self.equal_scale = equal_scale
        #: (means, scales) when the ticks are in the data's own units (views.unit_scale)
        self.units = views.unit_scale(data)
        self.box = box or views.fitted_box(X, include_origin, equal_scale=equal_scale)
        self.show_ticks = side >= style.TICKS_MIN_SIDE if ticks is None else bool(ticks)
        self.axes, self.frame, self.grid, self.steps = self._axes_parts(self.box, side)
        #: the grid's step along x₁ (along both axes when the scale is one)
        self.step = self.steps[0]
        # c2p is affine: the images of (0, 0), (1, 0) and (0, 1) ride along in the group
        # (so the mapping follows the plane when it moves or scales) and every mapping
        # is computed from them; Axes.c2p costs a tenth of a millisecond a point
        self.reference = VGroup(*[VectorizedPoint(self.axes.c2p(*corner))
                                  for corner in ((0, 0), (1, 0), (0, 1))])
        self.X = X
        self.y = np.asarray(y, dtype=float)
        self.axis_labels = self._names(axis_labels, data)
        self.groups = views.point_groups(X, self.y)
        screen = self.c2p_many(X)
        #: the markers' half-width: smaller where points are dense
        spacing = views.typical_spacing(screen[:, :2])
        self.marker_size = (views.marker_half_size(spacing) if marker_size is None
                            else float(marker_size))
        #: the radius of a ring round one marker: smaller where points are dense
        self.ring_radius = views.ring_radius(spacing, self.marker_size)
        self.markers = MarkerCloud(self.y, theme, size=self.marker_size, positions=screen,
                                   groups=self.groups, bounds=self.square_bounds(),
                                   counts=counts)
        # grid lines, axis lines and ticks never change: one path per style each; the
        # axes become a plain drawing (their c2p would no longer follow the plane)
        self.axes = merge_glyphs(VGroup(*self.axes.submobjects))
        self.tick_labels = VGroup()
        #: how far the plane will still move on screen (to ``center``): a name placed
        #: beyond its row of ticks must stay in the frame where the plane ends up
        self.pending_shift = np.array(center, dtype=float) - self.frame.get_center()
        self._place_axis_labels()
        self.pending_shift = np.zeros(3)
        self.axes.add(self.tick_labels)
        self.legend = None
        if legend if legend is not None else data is not None:
            self.legend = self._legend(getattr(data, "label_names", views.UNNAMED_CLASSES))
            self.axis_labels.add(self.legend)
        self.origin_pointer = None
        self._point_to_origin()
        self.means_label = None
        self._mark_means()
        #: drawings made on this plane, redrawn by ``set_box`` (see :meth:`depend`)
        self.dependants = Shared([])
        super().__init__(self.reference, self.grid, self.frame, self.axes, self.axis_labels,
                         self.markers)
        # the square (not the names and values round it) goes to ``center``
        self.shift(np.array(center, dtype=float) - self.frame.get_center())

    def square_bounds(self) -> np.ndarray:
        """The square on screen, [x_min, y_min, x_max, y_max] (before the plane is moved:
        read it from ``frame`` afterwards)."""
        frame = self.frame
        return np.array([*frame.get_corner(DL)[:2], *frame.get_corner(UR)[:2]])

    def depend(self, drawing) -> None:
        """Let ``drawing`` (anything with a ``redraw()``) follow the plane's ``set_box``."""
        self.dependants.target.append(drawing)

    def set_box(self, box: Box, step: float | None = None) -> "DataPlane":
        """Show ``box`` of the data plane in the square the plane covers on screen, in place.

        The grid, axes, tick values and axis names are drawn again for ``box``
        (grid lines every ``step`` data units; a round step for the box when
        None, so a zoom can keep one step throughout and change it at the end);
        the mapping ``c2p`` changes with them, the markers still in the plane
        move to their points, and every dependant redraws. The screen square
        stays: a smaller box is a zoom in.
        """
        lower = self.c2p((self.box.x_min, self.box.y_min))
        side = float(np.linalg.norm(self.c2p((self.box.x_max, self.box.y_min)) - lower))
        self.box = box
        axes, frame, grid, self.steps = self._axes_parts(box, side, step)
        self.step = self.steps[0]
        shift = lower - axes.c2p(box.x_min, box.y_min)
        for part in (axes, frame, grid):
            part.shift(shift)
        for point, corner in zip(self.reference, ((0, 0), (1, 0), (0, 1))):
            point.move_to(axes.c2p(*corner))
        axes = merge_glyphs(VGroup(*axes.submobjects))
        for old, new in ((self.grid, grid), (self.frame, frame), (self.axes, axes)):
            self.submobjects[self.submobjects.index(old)] = new
            # unseen from now: a play lists the parts of what moves when it starts, and
            # draws each of them every frame, the replaced ones too (a zoom showed two
            # sets of axes, the old ones still: review 259)
            old.set_opacity(0.0)
        self.grid, self.frame, self.axes = grid, frame, axes
        self.tick_labels = VGroup()
        self._place_axis_labels()
        self.axes.add(self.tick_labels)
        self._point_to_origin()
        self._mark_means()
        if self.markers in self.submobjects:
            self.markers.set_positions(self.c2p_many(self.X), self.out_of_view())
        for drawing in self.dependants.target:
            drawing.redraw()
        return self

    def out_of_view(self) -> np.ndarray | None:
        """Where :attr:`clips_markers` is set, which points lie outside the box (their
        markers are not drawn: a zoom in leaves them out); None otherwise."""
        if not self.clips_markers:
            return None
        b, X = self.box, self.X
        return ((X[:, 0] < b.x_min) | (X[:, 0] > b.x_max)
                | (X[:, 1] < b.y_min) | (X[:, 1] > b.y_max))

    def point(self, i: int) -> np.ndarray:
        """Screen position of data point ``i`` (where its marker is drawn)."""
        return self.c2p(self.X[i])

    def _frame(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Screen origin o and the screen steps e₁, e₂ of one data unit along x₁ and x₂."""
        o, a, b = (point.points[0] for point in self.reference.submobjects)
        return o, a - o, b - o

    def c2p(self, point: Sequence[float]) -> np.ndarray:
        """Screen point o + x₁e₁ + x₂e₂ of the data point (x₁, x₂)."""
        o, e1, e2 = self._frame()
        return o + float(point[0]) * e1 + float(point[1]) * e2

    def count_boxes(self, weight: float = 1000.0) -> np.ndarray:
        """Obstacles for a label placed on the plane: the box of every "×k" count drawn
        beside its marker, [x_min, y_min, x_max, y_max, weight], shape (m, 5). A count
        weighs ten times another text: half covered it is misread, a marker half covered
        still reads as + or −."""
        boxes = [[*box, weight] for path in self.markers.counts.submobjects
                 for _, box in path.part_boxes()]
        return np.array(boxes, dtype=float).reshape(-1, 5)

    def c2p_many(self, points: np.ndarray) -> np.ndarray:
        """Screen points, shape (n, 3), of data points of shape (n, 2)."""
        o, e1, e2 = self._frame()
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        return o + points[:, :1] * e1 + points[:, 1:2] * e2

    def p2c(self, point: np.ndarray) -> np.ndarray:
        """Data coordinates (x₁, x₂) of a screen point: the inverse of :meth:`c2p`."""
        o, e1, e2 = self._frame()
        basis = np.array([[e1[0], e2[0]], [e1[1], e2[1]]])
        offset = np.asarray(point, dtype=float)[:2] - o[:2]
        return np.linalg.solve(basis, offset)

    @property
    def unit(self) -> float:
        """Screen length of one data unit (along x₁; along both with one scale)."""
        return float(np.linalg.norm(self.c2p((1, 0)) - self.c2p((0, 0))))

    def vector_scale(self, vectors: np.ndarray, start=(0.0, 0.0)) -> float:
        """The scale (≤ 1) at which arrows ``start + s·v`` for every row v of ``vectors``
        stay in view (see :func:`views.vector_scale`); say it with ``arrow_scale_note``."""
        return views.vector_scale(self.box, vectors, start)
