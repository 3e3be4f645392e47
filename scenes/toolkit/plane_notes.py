"""The data plane's own notes round and on its square: the legend of the classes, the
pointer to an origin out of view, and "mean" on the axes of standardised data.

:class:`PlaneNotes` is a part of :class:`scenes.toolkit.plane.DataPlane` (a mixin read
with the plane's ``theme``, ``box``, ``markers`` and mapping ``c2p``); the notes are
placed again whenever the plane shows another box.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup, VMobject

from . import style, views
from .markers import Marker
from .placement import DIRECTIONS, best_offset, box_around
from .plane_text import escaped, text_boxes
from .screen_text import text
from .speed.fast_shapes import FastArrow


class PlaneNotes:
    """The legend, the origin pointer and the "mean" labels of a :class:`DataPlane`."""

    def _legend(self, label_names) -> VGroup:
        """Which class is which, above the plane's top left: "+ +1: versicolor", "− −1: setosa"."""
        theme = self.theme
        classes = VGroup()
        for label, words in views.legend_rows(label_names):
            # the sign alone: the disc that keeps it readable over shading is not needed here
            marker = VGroup(*Marker(label, theme, style.LEGEND_MARKER)[1:])
            classes.add(VGroup(marker, text(escaped(words), theme, style.FONT_SMALL)).arrange(
                RIGHT, buff=style.SMALL_BUFF))
        # two rows at most: a third would reach the scene's title above the plane (points
        # sharing a place carry their "×k" beside the marker instead)
        rows = VGroup(*classes)
        rows.arrange(DOWN, aligned_edge=LEFT, buff=style.LEGEND_ROW_GAP)
        x_min, _, _, y_max = self.square_bounds()
        rows.next_to(np.array([x_min, y_max + style.LEGEND_LIFT, 0.0]), UP, buff=0)
        rows.align_to(np.array([x_min, 0.0, 0.0]), LEFT)
        return rows

    def _point_to_origin(self) -> None:
        """"origin (0, 0)" and an arrow towards it, at the edge of the square nearest to it,
        when one scale is drawn and the origin is out of view (hidden otherwise)."""
        wanted = self.equal_scale and not views.origin_in_view(self.box)
        if not wanted:
            if self.origin_pointer is not None:
                self.origin_pointer.set_opacity(0)
            return
        direction = views.origin_direction(self.box)
        if self.origin_pointer is None:
            theme = self.theme
            words = text("origin $(0, 0)$", theme, style.FONT_SMALL, theme.muted)
            arrow = FastArrow(theme.muted, tip_length=0.16, tip_width=0.14)
            self.origin_pointer = VGroup(arrow, words)
            self.origin_pointer.words, self.origin_pointer.arrow = words, arrow
            self.axis_labels.add(self.origin_pointer)
        pointer = self.origin_pointer
        pointer.set_opacity(1)
        x_min, y_min, x_max, y_max = self.square_bounds()
        screen = np.array([direction[0], direction[1], 0.0])
        # the arrow's tip at the place of the square nearest the origin, just inside it
        inset = style.SMALL_BUFF
        tip = np.clip(self.c2p(views.nearest_to_origin(self.box)),
                      [x_min + inset, y_min + inset, 0], [x_max - inset, y_max - inset, 0])
        tail = tip - screen * style.ORIGIN_ARROW
        pointer.arrow.set_ends(tail, tip)
        words = pointer.words
        # beside the arrow's tail, away from the edge it points at, covering no marker
        obstacles = self._marker_obstacles()
        away = -np.sign(screen[:2]) * (np.abs(screen[:2]) > 0.35)
        # an arrow along an axis's line (the origin straight below or beside the view) has
        # that line through its tail: the words go beside it, up or right, not on it
        away[away == 0] = 1.0
        preferred = next((k for k, d in enumerate(DIRECTIONS) if np.array_equal(d, away)), 0)
        offset = best_offset(tail, (words.width, words.height), np.vstack(obstacles),
                             gap=style.SMALL_BUFF * 0.5,
                             bounds=np.array([x_min, y_min, x_max, y_max]),
                             preferred=preferred)
        words.move_to(tail + np.array([offset[0], offset[1], 0.0]))

    def _marker_obstacles(self) -> list[np.ndarray]:
        """Boxes a label on the plane keeps clear of: every marker and its "×k" count."""
        if not hasattr(self, "markers"):
            return [np.zeros((0, 5))]
        return [box_around(self.markers.positions(), self.marker_size * 1.2),
                *[np.array([box]) for box in text_boxes(self.markers.counts)]]

    def _mark_means(self) -> None:
        """On data standardised for one scale (ticks in the data's units), "mean" at the
        far ends of the axes' lines (the foot of x₂'s, the left end of x₁'s), away from the
        crossing where arrows start: there each line stands at its feature's mean, not at a
        value 0 of the data (whose tick may be in view too). Hidden when out of view."""
        if self.units is None or not self.equal_scale:
            return
        if not views.origin_in_view(self.box):
            if self.means_label is not None:
                self.means_label.set_opacity(0)
            return
        if self.means_label is None:
            self.means_label = VGroup(*[text("mean", self.theme, style.FONT_SMALL,
                                             self.theme.muted) for _ in range(2)])
            self.axis_labels.add(self.means_label)
        self.means_label.set_opacity(1)
        x_min, y_min, x_max, y_max = self.square_bounds()
        obstacles = self._marker_obstacles()
        inset = style.SMALL_BUFF
        crossing = self.c2p((0.0, 0.0))
        # x₂'s line at its foot (right of it, above the frame's edge); x₁'s at its left end
        # (above it, right of the frame's edge)
        for label, anchor, preferred in (
                (self.means_label[0], np.array([crossing[0], y_min + inset, 0.0]), 1),
                (self.means_label[1], np.array([x_min + inset, crossing[1], 0.0]), 1)):
            offset = best_offset(anchor, (label.width, label.height), np.vstack(obstacles),
                                 gap=style.SMALL_BUFF,
                                 bounds=np.array([x_min, y_min, x_max, y_max]),
                                 preferred=preferred)
            label.move_to(anchor + np.array([offset[0], offset[1], 0.0]))

    def fixtures(self) -> list[VMobject]:
        """The plane's own text inside or above the square (counts, origin pointer, legend):
        what a label placed on the plane keeps clear of."""
        found = [self.markers.counts] if len(self.markers.counts.submobjects) else []
        if self.origin_pointer is not None and self.origin_pointer.words.get_fill_opacity() > 0:
            found.append(self.origin_pointer.words)
        if self.means_label is not None and self.means_label.get_fill_opacity() > 0:
            found.append(self.means_label)
        return found

    def fixture_boxes(self) -> np.ndarray:
        """The boxes [x_min, y_min, x_max, y_max, weight 100] of the plane's own texts
        (:meth:`fixtures`): shape (k, 5)."""
        boxes = [box for m in self.fixtures() for box in text_boxes(m)]
        return np.array(boxes) if boxes else np.zeros((0, 5))
