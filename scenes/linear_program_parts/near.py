"""The points that look on a counted line of `linear-program`, magnified one over another
between the two planes (the beat's ``near`` state, :mod:`linviz.lessons.linear_program_near`):
each inset shows the lines drawn round the point's foot on its line, named by the point
and the zoom, so its side, and so the line's count, can be checked by eye."""

from __future__ import annotations

import numpy as np
from manim import DOWN, Dot, VGroup

from linviz.lessons.linear_program_near import NEAR_INSET_SHARE, cone_edge_inset, near_inset
from scenes.linear_program_parts.common import CONE_OPACITY
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.magnifier import magnifier
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text

#: between the column of insets and the planes beside it, and between an inset's name and
#: the next inset (screen units)
COLUMN_GAP, NAME_GAP = 0.15, 0.06


class NearInsets:
    """The insets of the beat's ``near`` state (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    near_drawn = None
    #: the insets' planes, on which the counted lines' mistakes are marked too
    near_planes: list = []
    #: the line each of :attr:`near_planes` is about
    near_lines: list = []

    def show_near(self, beat) -> None:
        """The beat's near points magnified between the planes, nearest first, from the
        top."""
        self.drop_near()
        near = beat.state["near"]
        if not near:
            return
        lesson, theme = self.lesson, self.theme
        drawn, planes = VGroup(), []
        lines = lesson.counted_lines
        insets = [(i, name, *near_inset(lesson, i, name, lines))
                  for i, name in near["points"]]
        labels = []
        for i, _, _, zoom in insets:
            label = text(f"{i + 1}: ×{zoom}", theme, style.FONT_SMALL, theme.highlight)
            labels.append(with_backdrop(label, theme))
        slots = self.near_slots(max(label.height for label in labels), len(insets))
        for (i, name, box, zoom), label, slot in zip(insets, labels, slots):
            inset = magnifier(self.plane, lesson.data.X, lesson.data.y, box, zoom, theme,
                              # the line the inset is about, alone (its marks alone too)
                              lambda plane, name=name: self.counted_line_drawings(
                                  plane, [name], lines),
                              beside=slot, share=NEAR_INSET_SHARE, leaders=False)
            # the ring on the data plane says where (a square at ×100 would be a speck), the
            # name says which: the point's number with the zoom, under the inset
            inset[5].set_stroke(opacity=0.0)
            inset.remove(inset[-1])
            inset.add(label.next_to(inset[2].frame, DOWN, buff=NAME_GAP))
            drawn.add(inset)
            planes.append(inset[2])
        self.near_drawn, self.near_planes = drawn, planes
        self.near_lines = [name for _, name in near["points"]]
        self.play(appear(drawn), run_time=style.RUN_FADE)

    def near_slots(self, name: float, count: int) -> list[np.ndarray]:
        """The screen squares (x0, y0, x1, y1) of ``count`` insets between the data plane
        and what stands right of it (the weight plane, a close-up, a panel), one under
        another from the data plane's top, each with room under it for its name ``name``
        high."""
        side = NEAR_INSET_SHARE * float(self.plane.frame.width)
        left = self.plane.frame.get_right()[0] + COLUMN_GAP
        beside = [self.weights] + [m for m in (getattr(self, "closeup", None),
                                               getattr(self, "overlap_panel", None))
                                   if m is not None and self.on_screen(m)]
        right = min(float(m.get_left()[0]) for m in beside) - COLUMN_GAP
        middle = (left + right) / 2 if right - left >= side else left + side / 2
        top = float(self.plane.frame.get_top()[1])
        name += 3 * NAME_GAP  # over the name, under it, and to the next inset
        slots = []
        for k in range(count):
            high = top - k * (side + name)
            # a hair wider than the square: the inset stands exactly there
            slots.append(np.array([middle - side / 2 - 1e-6, high - side - 1e-6,
                                   middle + side / 2 + 1e-6, high + 1e-6]))
        return slots

    def counted_line_drawings(self, plane, names, lines) -> VGroup:
        """The counted lines ``names`` of ``lines`` (the lesson's ``counted_lines``) on
        ``plane`` as the data plane shows them: the last θ's solid in θ's colour, a run's
        best dashed, the fewest mistakes' white."""
        drawn = VGroup()
        for name in names:
            theta, theta0 = lines[name]
            if name in ("best", "offset_best"):
                drawn.add(self.dashed_run_line(theta, theta0, plane))
                continue
            line = Hyperplane(plane, theta, theta0, show_normal=False, show_notes=False,
                              show_shading=False)
            if name == "last":
                line.line.set_color(self.theme.normal)
            drawn.add(line)
        return drawn

    def show_cone_inset(self) -> None:
        """The perceptron's last θ magnified in weight space round its foot on the cone's
        nearest edge (the lesson's ``cone_edge_inset``): the edge dashed, the cone's side
        shaded, θ's dot off it."""
        j, box, zoom = cone_edge_inset(self.lesson)
        theme, theta = self.theme, np.asarray(self.lesson.thetas[-1], dtype=float)
        a = np.asarray(self.lesson.signed[j], dtype=float)

        def drawings(inset):
            edge = Hyperplane(inset, a, 0.0, show_normal=False, show_notes=False)
            # as the cone is drawn: its edge in its colour, its side faintly so
            edge.line.set_stroke(theme.correct, width=2)
            edge.shade.set_fill(theme.correct, opacity=CONE_OPACITY)
            return VGroup(edge, Dot(inset.c2p(theta), radius=0.08, color=theme.normal))

        walked = [("segment", p, q) for p, q in zip(self.walk_states, self.walk_states[1:])]
        self.cone_inset = magnifier(self.weights, np.zeros((0, 2)), np.zeros(0), box, zoom,
                                    theme, drawings, lines=[(a, 0.0), *walked])
        self.play(appear(self.cone_inset), run_time=style.RUN_FADE)

    def drop_cone_inset(self) -> None:
        """The weight-space inset leaves."""
        inset = getattr(self, "cone_inset", None)
        if inset is not None and self.on_screen(inset):
            self.play(vanish(inset), run_time=style.RUN_FADE)
            self.remove(inset)

    def drop_near(self) -> None:
        """The insets leave."""
        if self.near_drawn is not None and self.on_screen(self.near_drawn):
            self.play(vanish(self.near_drawn), run_time=style.RUN_FADE)
            self.remove(self.near_drawn)
        self.near_drawn, self.near_planes, self.near_lines = None, [], []
