"""The data plane and what is drawn on it, gathered in one place to import from.

Each drawing is built once and then moved or recoloured in place by a
``set_...`` method; none is rebuilt on every frame. Each lives in its own module:

- :mod:`.data_plane`: the plane itself (:class:`DataPlane`), its axes drawn by
  :mod:`.plane_axes` and its notes (legend, origin pointer) by :mod:`.plane_notes`;
- :mod:`.markers`: the points as +/− markers (:class:`Marker`, :class:`MarkerCloud`);
- :mod:`.hyperplane`: the boundary with its shading and normal (:class:`Hyperplane`)
  and the faint boundaries a run leaves (:class:`GhostLines`);
- :mod:`.vectors`: vectors with placed labels (:class:`DataVector`) and the notes on
  how arrows are drawn;
- :mod:`.bands`: margin bands (:class:`MarginBand`);
- :mod:`.circles`: circles round the origin.
"""

from __future__ import annotations

from .bands import MarginBand
from .circles import CIRCLE_SAMPLES, origin_circle, origin_circle_in_box, place_outside_circle
from .data_plane import DataPlane
from .hyperplane import GhostLines, Hyperplane
from .markers import QUARTER_ARCS, Marker, MarkerCloud
from .vectors import DataVector, arrow_scale_note, direction_note

__all__ = [
    "CIRCLE_SAMPLES", "QUARTER_ARCS",
    "DataPlane", "DataVector", "GhostLines", "Hyperplane", "MarginBand", "Marker",
    "MarkerCloud",
    "arrow_scale_note", "direction_note", "origin_circle", "origin_circle_in_box",
    "place_outside_circle",
]
