"""Shapes set straight from points, and references copies share: the speed
tricks the drawings rely on (no Manim construction on every frame).
"""

from __future__ import annotations


import numpy as np
from manim import ORIGIN, RIGHT, UP, Line, Polygon, VGroup, VMobject

from .. import style
from .manim_adapter import forget_svg_paths


class Shared:
    """A reference that copies of a mobject share instead of deep-copying.

    Manim deep-copies a mobject's attributes whenever it animates it; a
    drawing that refers to its data plane would otherwise copy the whole plane.
    """

    def __init__(self, target):
        self.target = target

    def __deepcopy__(self, memo):
        return self


class FastArrow(VGroup):
    """An arrow whose shaft and tip are set directly from two points.

    Manim's ``Arrow.put_start_and_end_on`` rebuilds the tip by rotating and
    scaling, several milliseconds a call; an arrow that follows a tracker
    moves every frame, so this one just writes the new corner points.
    """

    def __init__(self, colour: str, stroke_width: float = 5, tip_length: float = 0.2,
                 tip_width: float = 0.16):
        self.shaft = Line(ORIGIN, RIGHT, stroke_width=stroke_width, color=colour)
        self.tip = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=colour, fill_opacity=1)
        self.tip_length, self.tip_width = tip_length, tip_width
        super().__init__(self.shaft, self.tip)

    def set_ends(self, start: np.ndarray, end: np.ndarray) -> "FastArrow":
        start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
        length = float(np.linalg.norm(end - start))
        if length < 1e-6:
            self._show(False)
            return self
        direction = (end - start) / length
        normal = np.array([-direction[1], direction[0], 0.0])
        tip_length = min(self.tip_length, 0.4 * length)
        base = end - tip_length * direction
        half = self.tip_width / 2 * tip_length / self.tip_length
        self.shaft.set_points_as_corners([start, base])
        self.tip.set_points_as_corners([end, base + half * normal, base - half * normal, end])
        self._show(True)
        return self

    def _show(self, shown: bool) -> None:
        """Show or hide the arrow; colours are rewritten only when that changes."""
        if getattr(self, "shown", None) != shown:
            self.shown = shown
            self.shaft.set_stroke(opacity=float(shown))
            self.tip.set_fill(opacity=float(shown))

    def get_start(self) -> np.ndarray:
        return self.shaft.get_start()

    def get_end(self) -> np.ndarray:
        return self.tip.get_points()[0]


class FastDashedLine(VMobject):
    """A dashed segment whose dashes are rewritten in place by ``set_ends``.

    Manim's ``DashedLine`` makes one submobject per dash when it is built and
    stretches them when moved; this one writes every dash as a subpath of a
    single path, with the dash length kept (the count adapts to the length),
    so following a tracker costs a few array writes. A zero-length segment
    draws nothing.
    """

    def __init__(self, colour: str, stroke_width: float = style.DASH_STROKE,
                 dash_length: float = style.DASH_LENGTH, dashed_ratio: float = 0.5):
        super().__init__(stroke_color=colour, stroke_width=stroke_width, fill_opacity=0)
        self.dash_length = dash_length
        self.gap_length = dash_length * (1 / dashed_ratio - 1)
        self.set_ends(ORIGIN, ORIGIN)

    def set_ends(self, start: np.ndarray, end: np.ndarray) -> "FastDashedLine":
        start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
        self.start, self.end = start, end
        self.points = dash_points(start, end, self.dash_length, self.gap_length)
        return self

    def get_start(self) -> np.ndarray:
        return self.start

    def get_end(self) -> np.ndarray:
        return self.end


def dash_points(start: np.ndarray, end: np.ndarray, dash_length: float,
                gap_length: float) -> np.ndarray:
    """Bézier points of the dashes from ``start`` to ``end``, both ends being dashes.

    The count of dashes is the one nearest (length + gap) / (dash + gap);
    dashes and gaps are stretched alike to fill the length exactly. A segment
    of zero length is one curve of zero length.
    """
    length = float(np.linalg.norm(end - start))
    if length < 1e-6:
        return np.array([start, start, start, start], dtype=float)
    period = dash_length + gap_length
    count = max(1, int(round((length + gap_length) / period)))
    stretch = length / (count * dash_length + (count - 1) * gap_length)
    direction = (end - start) / length
    begins = np.arange(count) * period * stretch
    thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0]) * dash_length * stretch
    along = (begins[:, None] + thirds[None, :]).ravel()
    return start + along[:, None] * direction


class FastDashedLines(VMobject):
    """Many dashed segments in one path (one draw call), rewritten by ``set_segments``."""

    def __init__(self, colour: str, stroke_width: float = style.DASH_STROKE,
                 dash_length: float = style.DASH_LENGTH, dashed_ratio: float = 0.5):
        super().__init__(stroke_color=colour, stroke_width=stroke_width, fill_opacity=0)
        self.dash_length = dash_length
        self.gap_length = dash_length * (1 / dashed_ratio - 1)
        self.set_segments(np.zeros((1, 3)), np.zeros((1, 3)))

    def set_segments(self, starts: np.ndarray, ends: np.ndarray) -> "FastDashedLines":
        """Dash the segments from ``starts[k]`` to ``ends[k]`` (arrays of shape (n, 3))."""
        self.starts, self.ends = np.asarray(starts, dtype=float), np.asarray(ends, dtype=float)
        self.points = np.concatenate([
            dash_points(a, b, self.dash_length, self.gap_length)
            for a, b in zip(self.starts, self.ends)])
        return self


def drop_svg_paths(mobject: VMobject) -> VMobject:
    """Let a typeset mobject forget the SVG paths it was imported from; returns it.

    :func:`typeset` already does this for everything it makes (see
    ``manim_adapter.forget_svg_paths``); this is for mobjects imported elsewhere.
    """
    forget_svg_paths(mobject)
    return mobject


def segment_points(ends: np.ndarray) -> np.ndarray:
    """Bézier points of straight segments (``ends`` of shape (m, 2, 3): each segment's two
    ends), one curve each: a VMobject with these points draws the m segments apart."""
    ends = np.asarray(ends, dtype=float)
    if not len(ends):
        return np.zeros((0, 3))
    thirds = np.array([0.0, 1 / 3, 2 / 3, 1.0])[None, :, None]
    return (ends[:, :1] + thirds * (ends[:, 1:] - ends[:, :1])).reshape(-1, 3)
