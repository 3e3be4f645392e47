"""Boundaries on the data plane: the :class:`Hyperplane` θᵀx + θ₀ = 0 with its normal,
shaded positive half and notes, and the faint :class:`GhostLines` a run leaves behind.

The hyperplane is drawn again for the plane's new box when the plane shows another
part of the data plane (:meth:`DataPlane.set_box`).
"""

from __future__ import annotations

import numpy as np
from manim import LEFT, ORIGIN, RIGHT, UP, Line, Polygon, VGroup, VMobject

from linviz.geometry import clip_line, foot_of_perpendicular, half_plane_polygon

from . import style
from .data_plane import DataPlane
from .screen_text import text
from .speed.fast_shapes import FastArrow, Shared, segment_points


class GhostLines(VMobject):
    """Faint boundaries a run has left behind: the lines θᵀx + θ₀ = 0 of the states
    given, each clipped to the plane's view (a line outside it is not drawn)."""

    def __init__(self, plane: "DataPlane", colour: str, opacity: float = style.GHOST_OPACITY,
                 width: float = 1.5) -> None:
        super().__init__(stroke_color=colour, stroke_width=width, stroke_opacity=opacity,
                         fill_opacity=0)
        self.plane = plane
        self.shown: tuple = ()

    def show(self, thetas, theta0s) -> "GhostLines":
        """Draw the lines of the states ``thetas[k]``, ``theta0s[k]`` (redrawn only when the
        states change)."""
        key = (len(thetas), *(float(v) for v in np.ravel(thetas)), *map(float, theta0s))
        if key == self.shown:
            return self
        self.shown = key
        ends = [self.plane.c2p_many(np.asarray(segment))
                for theta, theta0 in zip(thetas, theta0s)
                if (segment := clip_line(np.asarray(theta), float(theta0), self.plane.box))
                is not None]
        self.points = segment_points(np.array(ends))
        return self


class Hyperplane(VGroup):
    """The boundary θᵀx + θ₀ = 0 on a data plane, drawn in place for any (θ, θ₀).

    Parts: the line clipped to the plane; a short arrow along the normal θ
    from the point of the line nearest the origin (or the middle of the
    visible segment); the half-plane θᵀx + θ₀ > 0 lightly shaded in the
    positive class colour; and a note when there is no line to draw (θ = 0)
    or the line lies outside the view.
    """

    def __init__(self, plane: DataPlane, theta, theta0: float, normal_length: float = 0.9,
                 show_normal: bool = True, show_shading: bool = True, show_notes: bool = True):
        theme = plane.theme
        self.show_notes = show_notes
        self.plane_ref = Shared(plane)
        self.normal_length = normal_length
        self.show_normal = show_normal
        self.show_shading = show_shading
        self.line = Line(ORIGIN, RIGHT, stroke_width=style.LINE_STROKE, color=theme.boundary)
        self.normal = FastArrow(theme.normal)
        self.shade = Polygon(ORIGIN, RIGHT, UP, stroke_width=0, fill_color=theme.positive,
                             fill_opacity=theme.shade_opacity)
        # typeset when first needed: most boundaries never show one, and each costs
        # a tenth of a second of Typst
        self.notes = Shared({})
        # a part that is never shown is left out of the group: Manim would still draw it
        # (transparent) on every frame
        super().__init__(*([self.shade] if show_shading else []), self.line,
                         *([self.normal] if show_normal else []))
        self.state = None
        self.set_parameters(theta, theta0)
        plane.depend(self)

    @property
    def plane(self) -> "DataPlane":
        return self.plane_ref.target

    def redraw(self) -> "Hyperplane":
        """Draw the same boundary again after the plane's box changed."""
        return self.set_parameters(self.theta, self.theta0, self.presence)

    def set_parameters(self, theta, theta0: float, presence: float = 1.0) -> "Hyperplane":
        """Move every part to the boundary of (θ, θ₀), in place.

        ``presence`` (0 to 1) is how strongly the line, its normal and its
        shading are drawn: below 1 while the first update from θ = 0 plays (see
        ``linviz.replay``), so the new boundary fades in with the update
        instead of standing there before it; 0 counts as θ = 0.
        """
        theta = np.asarray(theta, dtype=float)
        presence = float(min(max(presence, 0.0), 1.0))
        self.theta, self.theta0, self.presence = theta, float(theta0), presence
        box = self.plane.box
        if presence < style.PRESENCE_MIN:  # a boundary too faint to see is no boundary
            presence = self.presence = 0.0
        segment = clip_line(theta, theta0, box) if presence > 0 else None
        state = ("zero" if not np.any(theta) or presence <= 0
                 else ("outside" if segment is None else "line"))
        self._show_note(state)
        if segment is None:
            self._show_line(0.0)
            self.normal.set_ends(ORIGIN, ORIGIN)
            polygon = half_plane_polygon(theta, theta0, box) if state != "zero" else None
            self._set_shade(polygon)
            return self
        start, end = (self.plane.c2p(p) for p in segment)
        if np.allclose(start, end):
            end = start + 1e-4 * RIGHT
        self.line.set_points_as_corners([start, end])
        self._show_line(presence)
        foot = foot_of_perpendicular(theta, theta0)
        if not box.contains(foot)[0]:
            foot = (segment[0] + segment[1]) / 2
        direction = theta / np.linalg.norm(theta)
        base = self.plane.c2p(foot)
        tip = base + self.normal_length * np.array([direction[0], direction[1], 0.0])
        self.normal.set_ends(base, tip if self.show_normal and presence >= 1 else base)
        self._set_shade(half_plane_polygon(theta, theta0, box))
        return self

    def _show_line(self, opacity: float) -> None:
        """Draw the line at ``opacity``; its colours are rewritten only when that changes."""
        if getattr(self, "line_opacity", None) != opacity:
            self.line_opacity = opacity
            self.line.set_stroke(opacity=opacity)

    def _set_shade(self, polygon) -> None:
        shown = polygon is not None and self.show_shading
        opacity = self.plane.theme.shade_opacity * getattr(self, "presence", 1.0) if shown else 0.0
        if getattr(self, "shade_opacity", None) != opacity:
            self.shade_opacity = opacity
            self.shade.set_fill(opacity=opacity)
        if shown:
            corners = self.plane.c2p_many(np.asarray(polygon))
            self.shade.set_points_as_corners([*corners, corners[0]])

    NOTES = {"zero": "θ = 0: no boundary yet",
             "outside": "boundary out of view"}

    def _show_note(self, state: str) -> None:
        if state == self.state:
            return
        self.state = state
        notes = self.notes.target
        if not self.show_notes:
            return
        if state in self.NOTES and state not in notes:
            theme = self.plane.theme
            notes[state] = text(self.NOTES[state], theme, style.FONT_SMALL, theme.muted).next_to(
                self.plane.frame, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        for key, note in notes.items():
            if key == state and note not in self.submobjects:
                self.add(note)
            elif key != state and note in self.submobjects:
                self.remove(note)

    def set_notes_shown(self, shown: bool) -> None:
        """Show the notes ("θ = 0: no boundary yet", …) from now on, or hide them (a scene
        holds them back until a sentence has said where the run starts)."""
        self.show_notes = shown
        state, self.state = self.state, None
        if not shown:
            self.remove(*[note for note in self.notes.target.values() if note in self.submobjects])
        self._show_note(state)

    def endpoints_in_data(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The drawn line's endpoints back in data coordinates (None when hidden)."""
        if self.state != "line":
            return None
        return self.plane.p2c(self.line.get_start()), self.plane.p2c(self.line.get_end())
