"""Vectors of the data space on the data plane: a :class:`DataVector` is an arrow between
two data points with its label placed clear of what is drawn, and the notes that say
how arrows are drawn (shrunk to stay in view, or as a direction only)."""

from __future__ import annotations

import numpy as np
from manim import DL, RIGHT, UL, UP, UR, Line, VGroup, VMobject

from . import style
from .data_plane import DataPlane
from .placement import best_offset, box_around, detached, leader_line
from .plane_text import text_boxes
from .screen_text import fmt, math, text
from .speed.fast_shapes import FastArrow, Shared


class DataVector(VGroup):
    """A vector of the data space drawn as an arrow between two data points."""

    def __init__(self, plane: DataPlane, start, end, colour: str, label: str | None = None,
                 label_direction=UL, avoid=(), bounds=None):
        self.plane_ref = Shared(plane)
        #: the screen box [x_min, y_min, x_max, y_max] the label keeps in (None: the
        #: plane's square)
        self.label_bounds = None if bounds is None else np.asarray(bounds, dtype=float)
        #: other drawings (labels) this one's label keeps clear of
        self.avoid = Shared(list(avoid))
        self.arrow = FastArrow(colour, tip_length=0.22, tip_width=0.2)
        parts = [self.arrow]
        self.label = None
        if label:
            self.label = math(label, plane.theme, style.FONT_LABEL).set_color(colour)
            self.label.add_background_rectangle(color=plane.theme.background, opacity=0.75,
                                                buff=0.04)
            parts.append(self.label)
        self.label_direction = label_direction
        super().__init__(*parts)
        self.set_ends(start, end)
        plane.depend(self)

    @property
    def plane(self) -> DataPlane:
        return self.plane_ref.target

    def set_ends(self, start, end) -> "DataVector":
        start_p, end_p = self.plane.c2p(start), self.plane.c2p(end)
        self.arrow.set_ends(start_p, end_p)
        if self.label is not None:
            # beside the tip, where it covers no marker, arrow, axis or other label: a
            # function of where things are now (not of the frames drawn before), so every
            # render of a frame puts it in the same place; the preferred side wins whenever
            # it is clear, which keeps it from jumping about
            self.label_offset = offset = self._clear_offset(start_p, end_p)
            self.label.shift(end_p + offset - self.label.get_center())
            shown = not np.allclose(start_p, end_p)
            if getattr(self, "label_shown", None) != shown:
                self.label_shown = shown
                self.label.set_opacity(float(shown))
        self.start_data = np.asarray(start, dtype=float)
        self.end_data = np.asarray(end, dtype=float)
        return self

    def refresh_label(self) -> "DataVector":
        """Place the label again for the arrow as it is (after what it avoids has moved)."""
        return self.set_ends(self.start_data, self.end_data)

    def redraw(self) -> "DataVector":
        """Draw the same vector again after the plane's box changed."""
        return self.refresh_label()

    def _obstacles(self, start_p, end_p) -> np.ndarray:
        """Boxes the label must not cover: the plane's markers and the arrow itself."""
        plane = self.plane
        # a label on a marker is misread, one across a shaft is not: markers weigh more
        markers = box_around(plane.markers.positions(), plane.marker_size * 1.2) \
            * np.array([1, 1, 1, 1, style.MARKER_OBSTACLE_WEIGHT]) \
            if len(plane.markers) else np.zeros((0, 5))
        along = np.linspace(0.0, 1.0, 12)[:, None]
        shaft = box_around(start_p + along * (end_p - start_p), 0.06)
        # another arrow, or a line marked ``avoided_along``, is avoided along its length
        # (its bounding box would be far too big); anything else by its bounding box, text
        # on text weighing most (a drawing may carry its own avoid_weight)
        def along_it(m) -> bool:
            return isinstance(m, FastArrow) or getattr(m, "avoided_along", False)

        arrows = [box_around(m.get_start() + along * (m.get_end() - m.get_start()), 0.06)
                  * np.array([1, 1, 1, 1, getattr(m, "avoid_weight", 1.0)])
                  for m in self.avoid.target if along_it(m)]
        others = [np.array([*m.get_corner(DL)[:2], *m.get_corner(UR)[:2],
                            getattr(m, "avoid_weight", 100.0)])
                  for m in self.avoid.target if m.width > 0 and not along_it(m)]
        # the plane's own counts and pointer, text on text
        fixtures = [box for m in plane.fixtures() for box in text_boxes(m)]
        return np.vstack([markers, shaft, *arrows, *([np.array(others)] if others else []),
                          *([np.array(fixtures)] if fixtures else [])])

    def _clear_offset(self, start_p, end_p) -> np.ndarray:
        bounds = self.plane.square_bounds() if self.label_bounds is None else self.label_bounds
        # further rings than a still label needs: a sliding arrow's tip passes through
        # clusters where the nearest places are all taken
        offset = best_offset(end_p, (self.label.width, self.label.height),
                             self._obstacles(start_p, end_p), gap=0.08, bounds=bounds,
                             rings=style.VECTOR_LABEL_RINGS,
                             ring_cost=style.VECTOR_LABEL_RING_COST)
        return np.array([offset[0], offset[1], 0.0])


#: a vector's name farther than this from its tip (screen units) is joined to it by a leader
NAME_LEADER_AFTER = 0.25


def tip_leader(vector: DataVector, colour, after: float = NAME_LEADER_AFTER) -> VGroup:
    """A thin leader in ``colour`` from ``vector``'s tip to its name where the name stands
    farther than ``after`` (screen units) from it, pushed off by markers; else nothing."""
    name, tip = vector.label, vector.arrow.get_end()
    if name is None or not detached(tip, name, after):
        return VGroup()
    return VGroup(leader_line(tip, 0.05, name, colour))


#: the pieces :func:`axis_guides` cuts an axis into (a name fits between 12 places along a
#: whole axis)
AXIS_GUIDE_PIECES = 8


def axis_guides(plane: DataPlane) -> list[Line]:
    """The plane's two axes through 0 as lines a vector's name keeps off along their
    length (``avoided_along``): a name's backdrop over an axis cuts it (reviews 369)."""
    box, cuts = plane.box, np.linspace(0.0, 1.0, AXIS_GUIDE_PIECES + 1)
    guides = []
    axes = (((box.x_min, 0.0), (box.x_max, 0.0)), ((0.0, box.y_min), (0.0, box.y_max)))
    for low, high in axes:
        ends = [plane.c2p(np.add(low, t * np.subtract(high, low))) for t in cuts]
        guides += [Line(a, b) for a, b in zip(ends, ends[1:])]  # (each avoided at 12 places)
    for guide in guides:
        guide.avoided_along = True
    return guides


def arrow_scale_note(plane: DataPlane, scale: float) -> VMobject | None:
    """"arrows at 0.67 × length" over the plane's top right, when vectors are drawn shrunk
    to stay in view (None at true scale). Said once, instead of on every arrow's label."""
    if scale >= 1.0:
        return None
    return _note_over_plane(plane, f"arrows at ${fmt(scale)} times$ length")


def direction_note(plane: DataPlane, name: str = "theta") -> VMobject:
    """"θ drawn as its direction (fixed length)" over the plane's top right: said when a
    vector's true length would be drawn unreadably short (its value is written elsewhere)."""
    return _note_over_plane(plane, f"${name}$ drawn as its direction (fixed length)")


def _note_over_plane(plane: DataPlane, words: str) -> VMobject:
    """``words`` in small muted text just over the plane's square, at its right."""
    theme = plane.theme
    return text(words, theme, style.FONT_SMALL, theme.muted).next_to(
        plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)
