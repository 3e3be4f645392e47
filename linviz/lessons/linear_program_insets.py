"""Sizes and close-ups of `linear-program`: the data plane's marker size, the
perceptron's last θ magnified by the cone's nearest edge where it would look on it, and
the narrowest wedge of the fewest mistakes magnified where it would read as a border."""

from __future__ import annotations

import numpy as np

from ..geometry import Box, typical_spacing
from ..ties import least_index
from ..view_box import MARKER_SPACING_FRACTION, magnified_box
from .linear_program import THIN_WEDGE_DEGREES, LinearProgramLesson, wedge_runs

#: a marker's half-width on the data plane, a share of its width: the planes' rule
#: (:data:`~linviz.view_box.MARKER_SPACING_FRACTION` of the points' typical spacing), within
#: MARKER_SHARES (dense data keeps a readable marker, sparse data no blot)
MARKER_SHARES = (0.013, 0.035)


def marker_share(lesson: LinearProgramLesson) -> float:
    """A marker's half-width on the data plane, a share of the plane's width:
    :data:`~linviz.view_box.MARKER_SPACING_FRACTION` × the points' typical spacing (the median distance to the
    nearest other point) over the full view's width (the view the plane opens on, which
    sets its markers' size), clipped to :data:`MARKER_SHARES`."""
    view = lesson.full_view
    spacing = typical_spacing(np.asarray(lesson.data.X, dtype=float))
    share = MARKER_SPACING_FRACTION * spacing / float(view.x_max - view.x_min)
    return float(np.clip(share, *MARKER_SHARES))


def cone_edge_inset(lesson: LinearProgramLesson) -> tuple[int, Box, int] | None:
    """(j, box, zoom): the perceptron's last θ magnified in weight space round its foot on
    the nearest edge of the cone of separators (the line aⱼᵀθ = 0 of the least
    aᵢᵀθ/‖aᵢ‖, the first of equals: θ's distance to the cone's boundary, which is the
    least of its distances to the half-planes' lines) when it would look on the edge in
    the walk's view (:func:`linviz.view_box.magnified_box`, the distance a side); None
    when it reads as it is, or on data no θ separates."""
    if lesson.run is None:
        return None
    theta = np.asarray(lesson.thetas[-1], dtype=float)
    A = np.asarray(lesson.signed, dtype=float)
    norms = np.hypot(A[:, 0], A[:, 1])
    distances = (A[:, 0] * theta[0] + A[:, 1] * theta[1]) / norms
    j = least_index(distances)
    foot = theta - distances[j] * A[j] / norms[j]
    found = magnified_box(lesson.walk_box, foot, float(distances[j]))
    return None if found is None else (j, *found)


#: how far out along the thin wedge's middle ray its close-up sits, a share of the way to
#: the weight plane's edge (far out, where the wedge is widest in the plane)
THIN_WEDGE_REACH = 0.8


def thin_wedge_inset(lesson: LinearProgramLesson) -> tuple[tuple[float, float], Box, int] | None:
    """((start, end), box, zoom): where several wedges of θ get the fewest points wrong
    and the narrowest (the first of equals, :func:`~linviz.ties.least_index`, in the order
    of :func:`wedge_runs`) is under :data:`THIN_WEDGE_DEGREES` wide, that wedge (its angles) magnified in
    weight space round its middle ray at :data:`THIN_WEDGE_REACH` of the way to the near
    view's edge, its width there a side (:func:`linviz.view_box.magnified_box`: a wedge's
    angle is the same at any zoom, its width r·2·sin(½ angle) grows with r); None
    otherwise, or on data a line through 0 separates."""
    low = lesson.mistake_range[0]
    runs = wedge_runs(np.asarray(lesson.signed, dtype=float), low) if low else []
    if len(runs) < 2:
        return None
    start, end = runs[least_index([end - start for start, end in runs])]
    if np.degrees(end - start) >= THIN_WEDGE_DEGREES:
        return None
    box = lesson.weight_box
    u = np.array([np.cos((start + end) / 2), np.sin((start + end) / 2)])
    # the way to the box's edge along u (the box holds 0)
    reach = min((high if u[k] > 0 else low_) / u[k]
                for k, (low_, high) in enumerate(((box.x_min, box.x_max),
                                                  (box.y_min, box.y_max)))
                if abs(u[k]) > 1e-12)
    r = THIN_WEDGE_REACH * reach
    found = magnified_box(box, r * u, r * np.sin((end - start) / 2))
    return None if found is None else ((float(start), float(end)), *found)
