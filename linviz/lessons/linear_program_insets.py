"""Sizes and close-ups of `linear-program`: the data plane's marker size, and the
perceptron's last θ magnified by the cone's nearest edge where it would look on it."""

from __future__ import annotations

import numpy as np

from ..geometry import Box, typical_spacing
from ..ties import least_index
from ..view_box import MARKER_SPACING_FRACTION, magnified_box
from .linear_program import LinearProgramLesson

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
