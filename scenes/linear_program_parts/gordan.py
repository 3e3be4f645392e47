"""Gordan's alternative in `linear-program` on data no line through the origin separates:
stated on a card over the data plane, veiled, beside the weight plane's shading, each of its
two cases coming as it is said (review 265: an 11 s still card), before the certificate
uses the second."""

from __future__ import annotations

from manim import Rectangle

from scenes.linear_program_parts.common import LARGE_SUM_MARGIN
from scenes.toolkit import style
from scenes.toolkit.layout import appear, lit, vanish


#: the room Gordan's card keeps from the frame's left edge (reviews 332: "either" 6 px off it)
CARD_LEFT_MARGIN = 0.45
#: how far over the data plane's frame its veil reaches (its legend stands there)
DATA_VEIL_ABOVE = 1.1


class GordanBeats:
    """Gordan's card (a part of :class:`scenes.linear_program.LinearProgramScene`, through
    :class:`scenes.linear_program_parts.no_separator.NoSeparatorBeats`)."""

    def draw_gordan(self, beat) -> None:
        """Gordan's alternative stated (the beat's ``gordan``) on a card over the data
        plane, veiled (reviews 321: in the weight plane's place, the picture the question
        is about left as it was asked), the weight plane and its shading standing: its
        title, then the first box's frame as the two things are named (its case and the
        "or" box are the next beats')."""
        self.follow_beat(beat)
        self.drop_wrong_marks()  # (the fewest θ's, with its line)
        self.drop_fewest_wedges()
        frame = self.plane.frame
        right = self.weights.get_left()[0] - style.SMALL_BUFF
        room = (-self.camera.frame_width / 2 + CARD_LEFT_MARGIN,
                frame.get_bottom()[1] + LARGE_SUM_MARGIN, right,
                frame.get_top()[1] - LARGE_SUM_MARGIN)
        card = self.alternative_card(beat.state["gordan"], room=room)
        veil = self.data_veil()
        self.play(appear(veil), run_time=style.RUN_FADE)
        title, (either, other), *rest = card
        self.play(appear(title), *map(appear, rest), run_time=style.RUN_FADE)
        self.light_as_said("exactly one", [title])  # (reviews 318 bench: a 7 s still)
        # the first box's frame as the two things are named (reviews 332: 5 s of a title
        # alone), filled as its case is said; the second's comes whole with its own
        # sentence (reviews 338: it stood empty through this one)
        self.wait_for_words("two things")
        self.play(appear(either[0]), run_time=style.RUN_FADE)
        self.gordan_drawing = (veil, card)

    def draw_gordan_either(self, beat) -> None:
        """Gordan's first case, a sentence of its own (reviews 347), its box filled as it
        is said, the key's unshaded "0 wrong (none here)" lit with it (the case that fails
        here)."""
        self.follow_beat(beat)
        _, card = self.gordan_drawing
        title, (either, other), *rest = card
        self.wait_for_words("Either some θ")
        key = getattr(self, "wrong_key_drawn", None)
        unshaded = (key.submobjects[-2:] if key is not None and self.on_screen(
            self.wrong_shading) else [])
        first, *after = either[1]  # (its θ's row; then what the programme does)
        self.play(appear(first), appear(either[2]),
                  *[lit(row, self.theme) for row in unshaded],
                  run_time=max(style.RUN_FADE, style.PAUSE_READ if unshaded else 0.0))
        # its programme's row as its scaling is said (bench 353: a 6 s still; reviews 360:
        # 2 s after "scaled up", the box ending in a colon)
        if self.seconds_until("scaled up") is not None:
            self.wait_for_words("scaled up")
        elif self.seconds_until("the programme is feasible") is not None:
            self.wait_for_words("the programme is feasible")
        self.play(*map(appear, after), run_time=style.RUN_FADE)

    def draw_gordan_other(self, beat) -> None:
        """Gordan's second case, a beat of its own (reviews 330: the alternative in one
        caption of 18 s over the card), its box coming as it is said, both lit at its end."""
        self.follow_beat(beat)
        veil, card = self.gordan_drawing
        title, (either, other), *rest = card
        self.play(appear(other[0]), appear(other[1]), appear(other[2]),
                  run_time=style.RUN_FADE)
        # (both lit as the second ends: "exactly one" was said first, over the title)
        self.wait_for_words("add up to 0")
        self.play(lit(either[0], self.theme), lit(other[0], self.theme),
                  run_time=style.PAUSE_READ)
        self.remove(title, either, other, *rest)
        self.add(card)  # one drawing from here, to leave as one

    def drop_gordan_card(self) -> None:
        """The alternative's card and the data's veil give way (where they stand)."""
        if self.gordan_drawing is not None:
            self.play(*map(vanish, self.gordan_drawing), run_time=style.RUN_FADE)
            self.remove(*self.gordan_drawing)
            self.gordan_drawing = None

    def data_veil(self):
        """An opaque rectangle of the ground over the data plane, its tick values, names
        and legend too, from the frame's left edge to the weight plane's."""
        left, right = -self.camera.frame_width / 2, self.weights.get_left()[0] - 0.15
        bottom = self.plane.get_bottom()[1] - 0.1
        top = self.plane.frame.get_top()[1] + DATA_VEIL_ABOVE  # (its legend, not the title)
        veil = Rectangle(width=right - left, height=top - bottom, stroke_width=0,
                         fill_color=self.theme.background, fill_opacity=1.0)
        veil.veils = True  # (opaque: what it covers is not seen)
        return veil.move_to([(left + right) / 2, (bottom + top) / 2, 0.0])

    def drop_fewest_wedges(self) -> None:
        """The fewest mistakes' wedges, told, leave (under the weights' heading they read as
        the weights' doing); the shading stays for the half-planes to come."""
        wedges = getattr(self, "fewest_wedges", None)
        if wedges is not None and wedges in self.wrong_shading.submobjects:
            self.wrong_shading.remove(wedges)
            self.play(vanish(wedges), run_time=style.RUN_FADE)
            self.remove(wedges)
