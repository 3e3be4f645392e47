"""Section 1 of `update`: the update rule, the identity's three lines (the new y·score is
the old one plus ‖x⁽ⁱ⁾‖² + 1) with their side notes, and its conclusion."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

from scenes.toolkit import style
from scenes.toolkit.screen_text import math, text
from scenes.toolkit.speed.merging import merge_glyphs
from scenes.update_parts.common import GAIN, SCORE, coloured


IDENTITY = (
    "& {{ y^((i)) ((theta + y^((i)) x^((i)))^T x^((i)) + (theta_0 + y^((i)))) : line1 }} \\ "
    "{{ &= {{ " + SCORE + " : old }} + {{ (y^((i)))^2 : ysq }}"
    " {{ (x^((i) T) x^((i)) + 1) : gain }} : line2 }} \\ "
    "{{ &= {{ " + SCORE + " : old }} + {{ (" + GAIN + ") : gain }} : line3 }}"
)


class UpdateIdentity:
    """The identity and its conclusion (a part of :class:`scenes.update.UpdateScene`)."""

    def build_identity(self) -> None:
        """The rule, the identity's three lines and its conclusion, typeset once."""
        theme = self.theme
        self.title = merge_glyphs(self.make_title("What does an update do?"))
        rule = text("A mistake on point $i$:  $theta <- theta + y^((i)) x^((i))$,  "
                    "$theta_0 <- theta_0 + y^((i))$.  The new y·score of point $i$ is", theme)
        rule.next_to(self.title, DOWN, buff=2 * style.BUFF)
        self.identity = math(IDENTITY, theme, style.FONT_EQUATION, parts=True)
        self.identity.next_to(rule, DOWN, buff=2 * style.BUFF)
        # (y⁽ⁱ⁾)² in the colour of θ's normal: the highlight is the step colour in the light theme
        for part, colour in (("old", theme.mistake), ("gain", theme.step),
                             ("ysq", theme.normal)):
            self.identity.select(part).set_color(colour)
        # the lines come one at a time; each is drawn as one path per colour
        lines = [merge_glyphs(self.identity.select(f"line{n}")) for n in (1, 2, 3)]
        new_note = text("the y·score after the update", theme, style.FONT_SMALL, theme.muted)
        new_note.next_to(lines[0], RIGHT, buff=style.BUFF)
        why = text("$(y^((i)))^2 = 1$ since $y^((i)) = plus.minus 1$", theme, style.FONT_SMALL,
                   theme.normal).next_to(lines[1], RIGHT, buff=style.BUFF)
        new_note.align_to(why, LEFT)
        # centre the derivation with its side notes
        derivation = VGroup(*lines, new_note, why).set_x(0)
        summary = VGroup(
            text("new y·score $=$ " + coloured("old y·score", theme.mistake) + " $+$ "
                 + coloured("$(" + GAIN + ")$", theme.step), theme),
            text(coloured("$" + GAIN + " >= 1$", theme.step) + ": every update raises the "
                 "y·score of its own point", theme),
        ).arrange(DOWN, buff=style.SMALL_BUFF).next_to(derivation, DOWN, buff=2 * style.BUFF)
        summary.set_x(0)
        self.rule, self.identity_lines = rule, lines
        self.identity_notes = (new_note, why)
        self.identity_summary = summary
