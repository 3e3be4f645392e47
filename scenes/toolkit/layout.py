"""Boards of rows on the right, labels with backdrops, and fades that copy nothing.

How still drawings are kept still is the stage's (scenes/toolkit/speed/stage.py);
:func:`still_parts` tells which parts of a board can be.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, Animation, BackgroundRectangle, Indicate, Mobject,
                   VGroup, VMobject, config)

from . import style
from .speed.manim_adapter import colour_alphas, set_colour_alphas
from .speed.fast_shapes import drop_svg_paths


def with_backdrop(mobject: VMobject, theme) -> VMobject:
    """``mobject`` with a background patch, so it reads over grid lines and shading."""
    mobject.add_background_rectangle(color=theme.background,
                                     opacity=style.LABEL_BACKDROP_OPACITY,
                                     buff=style.LABEL_BACKDROP_BUFF)
    return mobject


def indented(mobject: VMobject) -> VMobject:
    """A row of a board set in from the left edge (it continues the row above)."""
    mobject.indent = style.BUFF * 2
    return mobject


def board(rows, below: VMobject, buff: float = style.BUFF) -> VGroup:
    """Rows stacked under ``below`` on the right of the frame, left-aligned at
    ``style.PANEL_LEFT``; rows made with :func:`indented` are set in."""
    room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
    for row in rows:  # a row too long for the column is set smaller, never cut off
        if row.width + getattr(row, "indent", 0.0) > room:
            row.scale((room - getattr(row, "indent", 0.0)) / row.width)
    group = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=buff)
    for row in rows:
        row.shift(RIGHT * getattr(row, "indent", 0.0))
    group.next_to(below, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
    return drop_svg_paths(group)


def still_parts(group: VGroup, moving: VGroup) -> VGroup:
    """The leaves of ``group`` that are not part of ``moving``: what can stay still."""
    inside = set(map(id, moving.get_family()))
    return VGroup(*[m for m in group.get_family() if id(m) not in inside and not m.submobjects])


class QuickFade(Animation):
    """Fade a mobject in or out by scaling its opacities in place.

    Manim's ``FadeIn`` and ``FadeOut`` are transforms: they deep-copy the
    mobject when they begin, which for a board of typeset text costs more than
    all the frames of the fade. This one keeps each part's fill, stroke and
    background-stroke opacities, multiplies them by the faded amount every
    frame, and leaves them as they were at the end (a faded-out mobject is
    removed from the scene intact, ready to come back).
    """

    def __init__(self, mobject: Mobject, fade_in: bool = True, **kwargs):
        super().__init__(mobject, introducer=fade_in, remover=not fade_in, **kwargs)
        self.fade_in = fade_in

    def create_starting_mobject(self) -> Mobject:
        return Mobject()  # nothing is read from a copy

    def begin(self) -> None:
        self.parts = [m for m in self.mobject.get_family() if isinstance(m, VMobject)]
        self.opacities = [colour_alphas(m) for m in self.parts]
        super().begin()

    def interpolate_mobject(self, alpha: float) -> None:
        shown = self.rate_func(alpha)
        self._scale(shown if self.fade_in else 1.0 - shown)

    def _scale(self, amount: float) -> None:
        for part, (fill, stroke, background) in zip(self.parts, self.opacities):
            # a part may have been recomposed meanwhile (a live number): what changed is skipped
            set_colour_alphas(part, fill * amount, stroke * amount, background * amount)

    def clean_up_from_scene(self, scene) -> None:
        super().clean_up_from_scene(scene)
        self._scale(1.0)


def appear(mobject: Mobject, **kwargs) -> QuickFade:
    """Fade ``mobject`` in (it is added to the scene), copying nothing."""
    return QuickFade(mobject, fade_in=True, **kwargs)


def vanish(mobject: Mobject, **kwargs) -> QuickFade:
    """Fade ``mobject`` out (it leaves the scene), copying nothing."""
    return QuickFade(mobject, fade_in=False, **kwargs)


def lit(drawing, theme, scale: float = 1.0, colour=None) -> Animation:
    """``drawing`` lit in the highlight colour, or ``colour`` (grown ``scale`` times and
    back) as it is named: what a sentence names is seen named, not left a still; its
    backdrops keep their own colour (:class:`Lit`)."""
    return Lit(drawing, color=colour or theme.highlight, scale_factor=scale)


class Lit(Indicate):
    """Manim's Indicate whose target leaves the drawing's background rectangles as they
    are (Indicate colours the whole family: a label's dark backdrop flashed as a solid
    yellow box, reviews 354)."""

    def create_target(self):
        target = super().create_target()
        for own, copied in zip(self.mobject.get_family(), target.get_family()):
            if isinstance(own, BackgroundRectangle):
                copied.set_fill(own.get_fill_color(), opacity=own.get_fill_opacity())
                copied.set_stroke(own.get_stroke_color(), width=own.get_stroke_width(),
                                  opacity=own.get_stroke_opacity())
        return target


def keep_in_frame(label, box=None) -> None:
    """Shift ``label`` into the frame, or into ``box`` = (x_min, y_min, x_max, y_max) when
    given (a circle filling the view puts a label outside it, beyond the frame's edge or
    onto the plane's tick values)."""
    if box is None:
        half_width = config.frame_width / 2 - style.SMALL_BUFF
        half_height = config.frame_height / 2 - style.SMALL_BUFF
        box = (-half_width, -half_height, half_width, half_height)
    x_min, y_min, x_max, y_max = box
    shift_x = (max(0.0, x_min - label.get_left()[0])
               - max(0.0, label.get_right()[0] - x_max))
    shift_y = (max(0.0, y_min - label.get_bottom()[1])
               - max(0.0, label.get_top()[1] - y_max))
    label.shift(np.array([shift_x, shift_y, 0.0]))


def predicate_note(words: str, theme, shown) -> VMobject:
    """A muted status line drawn exactly while ``shown()`` (a predicate of the animated
    step) holds: an updater sets its opacity at every frame.

    It is never added or removed mid-play: Manim lists what it draws when a play
    starts, so a note removed from a group during a play stays drawn to its end
    (offset-lift's "θ = 0: no boundary yet" through the whole run).
    """
    from .screen_text import text

    note = text(words, theme, style.FONT_SMALL, theme.muted)
    note.shown_now = None

    def follow(mobject) -> None:
        now = bool(shown())
        if now != mobject.shown_now:
            mobject.shown_now = now
            mobject.set_opacity(float(now))

    note.add_updater(follow)
    return note

