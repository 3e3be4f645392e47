"""Every point's label times score for one θ scaled by c, on a number line (`linear-program`,
why ≥ 0 asks nothing, and what scaling up does): a dot per point, in its class's colour, at
c·y⁽ⁱ⁾θᵀx⁽ⁱ⁾. As c falls to 0 every dot slides into 0 together (θ = 0 meets y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 0
for every point), and θ's line, which c = 0 no longer has, fades with it; as c grows they
spread alike, the least positive to the mark at 1."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, Line, ValueTracker, VGroup, VMobject

from linviz import formatting
from scenes.toolkit import style
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import markup_with_math, text

#: a point's dot on the strip (screen units) and its opacity (a hundred dots overlap)
#: (reviews 351: at 0.05, 6 px across at 480p)
DOT_RADIUS, DOT_OPACITY = 0.065, 0.85
#: the strip's width, a share of the frame it stands in; its heading's gap over the top of
#: the dots' stack
STRIP_SHARE, HEADING_GAP = 0.9, 0.2
#: how far over the dots' stack the counts of dots past the line's ends stand (reviews
#: 334: by the line, one touched a dot)
BEYOND_RISE = 0.05
#: the levels dots stack in over the line where they would overlap (reviews 334: in three,
#: a hundred dots were one smear)
STACK_MOST = 6


class ScoreStrip(VGroup):
    """The number line of ``scores`` (each point's y⁽ⁱ⁾θᵀx⁽ⁱ⁾ at c = 1), its sides tinted
    (≤ 0 a mistake, > 0 correct), a dot per point at c times its score (``scale``, a
    tracker, is c), and over it a heading that writes c as it changes."""

    def __init__(self, scores, labels, theme, width: float) -> None:
        super().__init__()
        self.scores = np.asarray(scores, dtype=float)
        self.theme = theme
        self.scale = ValueTracker(1.0)
        self.c_named = False  # (c written once the scaling names it: :meth:`heading_at`)
        self.line = ScoreLine(self.scores, theme, width=width,
                              side_labels=("$<= 0$: wrong", "$> 0$: right"))
        self.dots = VGroup(*[Dot(radius=DOT_RADIUS, fill_opacity=DOT_OPACITY,
                                 color=theme.positive if label > 0 else theme.negative)
                             for label in labels])
        self.heading = self.heading_at(1.0)
        self.levels = stacked_levels([self.line.n2p(v)[0] for v in self.scores],
                                     2 * DOT_RADIUS)
        self.one = self.mark_at_one().set_opacity(0.0)  # (shown as θ is scaled to it)
        self.beyond_words: dict[str, VMobject] = {}  # (each typeset once)
        #: the words over the line's left and right ends: two drawings that stay, made
        #: again in place as the counts change (a scene draws through a play the parts it
        #: had as it began: a note swapped for another stood under it, "← 3 more" under
        #: "← more", reviews 358); an end with nothing past it, empty
        self.beyond = VGroup(VMobject(), VMobject())
        self.place_dots()
        self.add(self.line, self.one, self.dots, self.heading, self.beyond)

    def stack_top(self) -> float:
        """How far over the line the dots' highest level reaches (screen units)."""
        return DOT_RADIUS * 2 * STACK_MOST

    def mark_at_one(self) -> VGroup:
        """A tick at 1 in the highlight, through the dots' stack (where the scaling lifts
        the least positive to: the line's own "1" names it), if the line reaches it."""
        if not self.line.low < 1.0 < self.line.high:
            return VGroup()
        at = self.line.n2p(1.0)
        return VGroup(Line(at + DOWN * 0.15, at + UP * self.stack_top(),
                           color=self.theme.highlight, stroke_width=3))

    def heading_at(self, c: float):
        """"each point's y⁽ⁱ⁾θᵀx⁽ⁱ⁾" over the line; as θ shrinks to 0 before c is named,
        "…" (reviews 355: "θ scaled down" written, never said), then "…, θ = 0"; once θ is scaled by a named c (``c_named``),
        "each point's y⁽ⁱ⁾(cθ)ᵀx⁽ⁱ⁾, c = …" (reviews 329: c written before scaling was
        named)."""
        plain = "each point's $y^((i)) theta^T x^((i))$"
        # (reviews 351: c written as θ shrank to 0, a sentence before it was named)
        words = (plain if c == 1.0 else
                 f"{plain}, $theta = 0$" if not self.c_named and c == 0.0 else
                 plain if not self.c_named else
                 f"each point's $y^((i)) (c theta)^T x^((i))$, $c$ = {formatting.number(c, 2)}")
        heading = text(markup_with_math(words), self.theme, style.FONT_PANEL, self.theme.text)
        return heading.next_to(self.line.line, UP, buff=self.stack_top() + HEADING_GAP)

    def place_dots(self) -> "ScoreStrip":
        """Each dot at c times its score, just over the line; past the line's ends, gone,
        and counted there (reviews 324: at c = 12.5, 35 of 40 dots had left unsaid)."""
        c = self.scale.get_value()
        for dot, score, level in zip(self.dots, self.scores, self.levels):
            value = c * score
            dot.move_to(self.line.n2p(value) + UP * DOT_RADIUS * (0.5 + 2 * level))
            dot.set_opacity(DOT_OPACITY if self.line.low <= value <= self.line.high else 0.0)
        past = (int(np.sum(c * self.scores < self.line.low)),
                int(np.sum(c * self.scores > self.line.high)))
        self.past = past
        for slot, (words, end, side) in zip(self.beyond, self.beyond_words_at(past)):
            if words is None:
                slot.become(VMobject())
                continue
            if words not in self.beyond_words:
                # (reviews 345: at the tiny size, 8 px high at 480p)
                self.beyond_words[words] = text(words, self.theme, style.FONT_PANEL,
                                                self.theme.text)
            slot.become(self.beyond_words[words])
            at = self.line.n2p(end) + UP * (self.stack_top() + BEYOND_RISE)
            slot.move_to(at, aligned_edge=DOWN + side)
        return self

    def beyond_words_at(self, past: tuple[int, int]) -> list:
        """[(words, end, side)] for the line's left and right ends: "← k more" and "k more
        →" for the dots past each (words None where none is), at the end's value and side,
        counted while c moves too (reviews 357: dots left the strip unmarked till c
        settled; reviews 367-368: "← more" without its count while c moved, then with it,
        read as flicker; the counts read over each other in reviews 343, 348-349 were two
        drawings at once, one slot each since reviews 358)."""
        return [(f"← {past[0]} more" if past[0] else None, self.line.low, LEFT),
                (f"{past[1]} more →" if past[1] else None, self.line.high, RIGHT)]

    def follow_scale(self) -> None:
        """Dots and heading follow c each frame (till :meth:`settle`)."""
        # (on the strip itself: every part of it moves with c; the counts past its ends
        # with them, :meth:`beyond_words_at`)
        self.add_updater(lambda _: self.place_dots())
        self.heading.add_updater(lambda m: m.become(self.heading_at(self.scale.get_value())))

    def settle(self) -> None:
        self.clear_updaters()  # (its parts' too)
        self.place_dots()
        self.heading.become(self.heading_at(self.scale.get_value()))


def stacked_levels(xs, width: float, most: int = STACK_MOST) -> list[int]:
    """For dots at screen x ``xs`` (each ``width`` wide), each one's level over the line:
    taken left to right (ties in the data's order), the lowest level (0 up to ``most`` −
    1) where it overlaps no dot already placed, else the least crowded: a dot at 0.08
    beside the 0 tick, or a pile of them, reads as dots apart (reviews 329)."""
    xs = np.asarray(xs, dtype=float)
    levels = [0] * len(xs)
    placed: list[list[float]] = [[] for _ in range(most)]
    for i in sorted(range(len(xs)), key=lambda k: (round(float(xs[k]), 6), k)):
        clear = [k for k in range(most)
                 if not any(abs(xs[i] - x) < width * (1 - 1e-6) for x in placed[k][-3:])]
        level = clear[0] if clear else min(range(most), key=lambda k: (len(placed[k]), k))
        placed[level].append(float(xs[i]))
        levels[i] = level
    return levels


def score_strip(scores, labels, theme, frame) -> ScoreStrip:
    """A :class:`ScoreStrip` across ``frame``'s width, in its lower part (a card stands over
    its middle)."""
    strip = ScoreStrip(scores, labels, theme, STRIP_SHARE * frame.width)
    return strip.move_to(frame.get_center()).align_to(frame, DOWN).shift(UP * 0.2)
