"""Gordan's alternative in `linear-program` on data no line through the origin separates:
stated on a card in the weight plane's place, veiled, each of its two cases coming as it
is said (review 265: an 11 s still card), before the certificate uses the second."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP

from scenes.linear_program_parts.common import LARGE_SUM_MARGIN
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish


class GordanBeats:
    """Gordan's card (a part of :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.no_separator.NoSeparatorBeats`)."""

    def draw_gordan(self, beat) -> None:
        """Gordan's alternative stated (the beat's ``gordan``) on a card in the weight
        plane's frame, the plane veiled (the certificate's sum comes there next) and the
        shading's key gone: its title, then "either" and "or" as each is said, both lit
        at "never both"."""
        self.follow_beat(beat)
        self.drop_wrong_marks()  # (the fewest θ's, with its line)
        self.drop_fewest_wedges()
        low, high = (self.weights.frame.get_corner(DOWN + LEFT),
                     self.weights.frame.get_corner(UP + RIGHT))
        room = (low[0] + style.SMALL_BUFF, low[1] + LARGE_SUM_MARGIN,
                self.camera.frame_width / 2 - style.SMALL_BUFF, high[1] - LARGE_SUM_MARGIN)
        card = self.alternative_card(beat.state["gordan"], room=room)
        veil = self.weight_veil()
        # the shading's key leaves (the card is wider than the plane it veils)
        key = getattr(self, "wrong_key_drawn", None)
        if key is not None and key in self.wrong_shading.submobjects:
            self.wrong_shading.remove(key)
            self.play(vanish(key), appear(veil), run_time=style.RUN_FADE)
            self.remove(key)
        else:
            self.play(appear(veil), run_time=style.RUN_FADE)
        title, (either, other), *rest = card
        self.play(appear(title), *map(appear, rest), run_time=style.RUN_FADE)
        self.light_as_said("exactly one", [title])  # (reviews 318 bench: a 7 s still)
        self.wait_for_words("Either some θ")
        self.play(appear(either), run_time=style.RUN_FADE)
        self.wait_for_words("Or weights")
        self.play(appear(other), run_time=style.RUN_FADE)
        # (both lit as the second ends: "exactly one" was said first, over the title)
        self.wait_for_words("add up to 0")
        self.play(lit(either[0], self.theme), lit(other[0], self.theme),
                  run_time=style.PAUSE_READ)
        self.remove(title, either, other, *rest)
        self.add(card)  # one drawing from here, to leave as one
        self.gordan_drawing = (veil, card)

    def drop_fewest_wedges(self) -> None:
        """The fewest mistakes' wedges, told, leave (under the weights' heading they read as
        the weights' doing); the shading stays for the half-planes to come."""
        wedges = getattr(self, "fewest_wedges", None)
        if wedges is not None and wedges in self.wrong_shading.submobjects:
            self.wrong_shading.remove(wedges)
            self.play(vanish(wedges), run_time=style.RUN_FADE)
            self.remove(wedges)
