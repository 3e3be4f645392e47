"""What the parts of `linear-program` share: the planes' sizes and places, the
opacities of its lines and shades, two functions of a run's path, the lighting of a
drawing as it is named, a plane's zoom, and drawings leaving together."""

from __future__ import annotations

import numpy as np
from manim import DashedLine, Dot, Rectangle, ValueTracker, VGroup

from linviz.geometry import clip_line
from scenes.toolkit import style
from scenes.toolkit.layout import vanish


#: the two planes: side, and the centres of data space (left) and weight space (right)
SIDE = 4.6
DATA_CENTER = (-3.4, -0.25, 0.0)
WEIGHT_CENTER = (3.2, -0.25, 0.0)
#: the room (screen units) between the weight plane's frame and what is drawn large in its
#: place (Gordan's card, the certificate's sum)
LARGE_SUM_MARGIN = 0.4


#: how far (a share of the least |θ₁| + |θ₂|) the diamond grows while the objective is
#: said; it touches the region with the solver's θ*
DIAMOND_SHORT = 0.7
#: how long (s) the diamond takes from there to touch the region, as θ* is named
TOUCH_SECONDS = 3.0
#: the opacity every constraint's line fades to while a certificate's few are shown
FADED_LINES = 0.12
#: the opacity of the lines the feasible region's edges lie on, beyond the edges (drawn
#: solid): lit, as the sentence counts them, but no boundary where nothing is bounded
EDGE_LINE_OPACITY = 0.45
#: the opacity of the feasible region's shading (and of the regions shrinking to it)
REGION_OPACITY = 0.3
#: the opacity of the cone of separators (every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0) while the perceptron walks
CONE_OPACITY = 0.12
#: how far (screen units) the count of the fewest mistakes stands off the middle ray of
#: their wedge, beyond its half width
LABEL_OFF_WEDGE = 0.35
#: the θ that circles 0 while the certificate's argument is said: its circle's radius (a
#: share of the view's least reach from 0) and one turn's time (s)
PROBE_RADIUS, PROBE_SECONDS = 0.5, 5.0
#: the opacity the constraint lines step back to while weight space is shaded (by mistakes,
#: or by the certificate's constraints met)
LINES_UNDER_SHADING = 0.05
#: the opacities of the faintest and the strongest shade of weight space shaded by the
#: points each θ gets wrong (in the theme's text colour:
#: a neutral ramp, neither class's colour)
WRONG_LIGHTEST, WRONG_DARKEST = 0.14, 0.74
#: the most opaque each of many constraint lines is drawn (fainter the more there are, down
#: to FADED_LINES: a hundred lines at full strength are a tangle that hides the region)
LINE_OPACITY_ONE_OF = 12.0
#: a line's name this near (screen units) another line could be read as that one's
NAME_CLEARANCE = 0.45
#: the opacity of the veil over the weight plane while an offset is argued in data space
VEIL_OPACITY = 0.9
#: the opacity of the veil over the points left out (their markers read as faded)
LEFT_OUT_VEIL = 0.7


def between(states: np.ndarray, t: float):
    """The states (rows) at ``t`` along them: state k at t = k, a straight line from one to
    the next in between, the last from t = len − 1 on."""
    k = min(int(np.floor(t + 1e-9)), len(states) - 1)
    if k == len(states) - 1:
        return states[k]
    return states[k] + (t - k) * (states[k + 1] - states[k])


def holding_arc(arcs, theta):
    """The arc (start, end) of ``arcs`` (angles, start in [0, 2π), end up to start + 2π)
    whose directions hold ``theta``'s, or None."""
    angle = float(np.mod(np.arctan2(theta[1], theta[0]), 2 * np.pi))
    return next((arc for arc in arcs if arc[0] <= angle < arc[1]
                 or arc[0] <= angle + 2 * np.pi < arc[1]), None)


def ray_end(direction, box) -> np.ndarray:
    """Where the ray from 0 along ``direction`` leaves ``box`` (which holds 0)."""
    direction = np.asarray(direction, dtype=float)
    limits = []
    for value, low, high in ((direction[0], box.x_min, box.x_max),
                             (direction[1], box.y_min, box.y_max)):
        if value > 0:
            limits.append(high / value)
        elif value < 0:
            limits.append(low / value)
    return min(limits) * direction


def zoom_plane(scene, plane, box, box_at, redraw=lambda: None) -> None:
    """``plane`` shows ``box`` after a zoom of :data:`style.RUN_ZOOM` seconds through the
    views ``box_at(t)`` (t from 0 to 1), ``redraw()`` following every view
    (:func:`zoom_planes` with one plane)."""
    zoom_planes(scene, [(plane, box, box_at, redraw)])


def zoom_planes(scene, zooms) -> None:
    """Each (plane, box, box_at, redraw) of ``zooms`` zooms to its box at once, in one zoom
    of :data:`style.RUN_ZOOM` seconds through the views ``box_at(t)`` (t from 0 to 1),
    ``redraw()`` following every view (review 286: two zooms one after the other took 5 s
    of the sentence meant for the walk after them); each grid keeps one step through it,
    the coarser of its two ends' (a step chosen anew each frame crowded the tick values,
    "−5−4", as it changed), the end's at the end."""
    from scenes.toolkit import style, views

    zoom = ValueTracker(0.0)
    followers = []
    for plane, box, box_at, redraw in zooms:
        step = max(views.axis_steps(plane.box)[0], views.axis_steps(box)[0])

        def follow(_=None, plane=plane, box=box, box_at=box_at, redraw=redraw,
                   step=step) -> None:
            t = zoom.get_value()
            if t >= 1.0:
                plane.set_box(box)
            else:
                plane.set_box(box_at(t), step=step)
            redraw()

        scene.release(plane)
        plane.add_updater(follow)
        followers.append((plane, follow))
    scene.play(zoom.animate.set_value(1.0), run_time=style.RUN_ZOOM)
    zoom.set_value(1.0)
    for plane, follow in followers:
        plane.clear_updaters()
        follow()


def band_dashes(plane, theta, theta0: float, colour, dash_length: float = 0.12) -> VGroup:
    """The lines θᵀx + θ₀ = ±1 on ``plane`` (clipped to its box), dashed in ``colour``:
    where the points that meet their constraints exactly stand."""
    dashes = VGroup()
    for level in (1.0, -1.0):
        ends = clip_line(np.asarray(theta, dtype=float), float(theta0) - level, plane.box)
        if ends is not None:
            dashes.add(DashedLine(plane.c2p(ends[0]), plane.c2p(ends[1]), color=colour,
                                  stroke_width=2, dash_length=dash_length))
    return dashes


def leave_together(scene, *drawings) -> None:
    """Those of ``drawings`` on ``scene``'s screen leave in one fade (one after another,
    each fade is time the next picture waits: review 298, 2 s between two updates)."""
    leaving = [m for m in drawings if m is not None and scene.on_screen(m)]
    if leaving:
        scene.play(*[vanish(m) for m in leaving], run_time=style.RUN_FADE)
        scene.remove(*leaving)


def left_out_veil(plane, x, theme) -> Dot:
    """A disc of the ground over the marker of the point at ``x`` on ``plane``: a left-out
    point's (:data:`LEFT_OUT_VEIL`), on the plane and in its close-ups."""
    return Dot(plane.c2p(x), radius=1.6 * plane.marker_size, color=theme.background,
               fill_opacity=LEFT_OUT_VEIL)


def ground_over(theme, box) -> Rectangle:
    """An opaque rectangle of the ground over the screen box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    cover = Rectangle(width=x1 - x0, height=y1 - y0, stroke_width=0,
                      fill_color=theme.background, fill_opacity=1.0)
    return cover.move_to([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])


def weight_veil(scene) -> Rectangle:
    """An opaque rectangle of the ground over ``scene``'s whole weight plane, its tick values
    and names too, to the frame's right edge (its key stands there); marked so, what it
    hides leaves at once with it (:meth:`~scenes.linear_program_parts.offset.OffsetBeats.
    clear_weights`)."""
    weights = scene.weights
    left, bottom = weights.get_left()[0] - 0.1, weights.get_bottom()[1] - 0.1
    right, top = scene.camera.frame_width / 2, weights.get_top()[1] + 0.1
    veil = ground_over(scene.theme, (left, bottom, right, top))
    veil.opaque_veil = True
    return veil


def flipped_through_origin(arrows, origin) -> ValueTracker:
    """Each of ``arrows`` (FastArrows from ``origin``, screen) made to follow a tracker s
    to be played from 1 to −1: its end at s times where it was, so it shrinks through 0
    and grows out the other way, onto its negative (reviews 347-348: turned half round,
    half way it pointed where nothing was meant). The caller clears their updaters."""
    s = ValueTracker(1.0)
    for arrow in arrows:
        end = np.asarray(arrow.tip.points[0], dtype=float) - origin
        arrow.add_updater(lambda m, end=end: m.set_ends(origin, origin + s.get_value() * end))
    return s
