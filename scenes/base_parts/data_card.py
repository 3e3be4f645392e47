"""The data card of a linviz scene: what reading the data did (rows left out, classes kept,
standardised), on a card in the right-hand column while the sentence that says it is
said, with a sketch of the standardising when there is room for it."""

from __future__ import annotations

from manim import DOWN, LEFT, UP, SurroundingRectangle, VGroup, config

from scenes.toolkit import style


class DataCard:
    """The card of the storyboard's data note (a part of :class:`scenes.base.LinvizScene`)."""

    #: the card of what reading the data did, while its sentence is said (draw_data_note)
    data_card = None

    def draw_data_note(self, beat) -> None:
        """What reading the file did (rows left out, classes kept, standardised), on a
        card in the right-hand column (the data's plane is left of it) while the sentence
        says it; a card too wide for the column even at ``style.CARD_MIN_SCALE`` of its
        size goes over the bottom of the picture."""
        from linviz.sources import data_card_lines

        from scenes.toolkit.screen_text import plain_markup, wrapped_text
        from scenes.toolkit.layout import appear
        from scenes.toolkit.standardise_sketch import standardise_sketch

        lines = data_card_lines(self.data)
        if not lines or self.data_card is not None:  # the card of the note before stays
            return
        # the rows, the box's margin round them (a BUFF a side) and a BUFF to the frame's edge
        column = config.frame_width / 2 - style.PANEL_LEFT - 3 * style.BUFF
        # each line wrapped to the column at the card's size (not scaled down to fit)
        rows = VGroup(*[row for line in lines for row in wrapped_text(
            line, column, self.theme, style.FONT_CARD, markup=plain_markup)])
        rows.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        in_column = rows.width * style.CARD_MIN_SCALE <= column
        widest = column if in_column else config.frame_width - 2 * style.BUFF
        if rows.width > widest:
            rows.scale_to_fit_width(widest)
        # standardised: a sketch of it under the words, played while the sentence says it
        # (in the column, where there is room under the card's words)
        scaled = self.data.params.get("standardized") or {}
        sketched = (standardise_sketch(self.data, self.theme) if in_column and
                    (scaled.get("spread_ratio") or scaled.get("origin_widening")) else None)
        content = VGroup(rows)
        if sketched is not None:
            content.add(sketched[0])
            content.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        box = self.card_box(content)
        self.data_card = VGroup(box, rows, *content[1:])
        if in_column:
            self.data_card.set_x(style.PANEL_LEFT, direction=LEFT)
            self.data_card.set_y(self._column_free_top(), direction=UP)
        else:
            self.data_card.to_edge(DOWN, buff=style.BUFF)
        if sketched is not None and self.data_card.get_bottom()[1] < -config.frame_height / 2:
            # no room under the words: the card of the words alone
            self.data_card.remove(sketched[0])
            box.become(self.card_box(rows))
            sketched = None
        lowest = -config.frame_height / 2 + style.BOTTOM_BUFF  # above the caption band
        if in_column and self.data_card.get_bottom()[1] < lowest:
            # the wrapped words reach the captions: the card shrinks to the room there is
            top = self.data_card.get_top()[1]
            self.data_card.scale((top - lowest) / self.data_card.height,
                                 about_point=self.data_card.get_corner(UP + LEFT))
        self.play(appear(self.data_card), run_time=style.RUN_INTRO)
        if sketched is not None:
            self.play(sketched[1].animate.set_value(1.0), run_time=style.RUN_INTRO * 2)
            for part in sketched[0]:
                part.clear_updaters()
        self.mark_for_beat(self.data_card)

    def card_box(self, content) -> SurroundingRectangle:
        """The data card's box round ``content``: a BUFF of margin, the background's fill."""
        return SurroundingRectangle(content, buff=style.BUFF, color=self.theme.muted,
                                    fill_color=self.theme.background, fill_opacity=0.95,
                                    stroke_width=1.5)

    def _column_free_top(self) -> float:
        """The highest y a card in the right-hand column may reach: below everything on
        screen there (the panel's rows, named before their values), or
        ``style.CARD_TOP`` (under the title and the status line) when the column is empty."""
        lowest = style.CARD_TOP
        for mobject in [*self.mobjects, *self.still_drawings]:
            if mobject.width <= 0:
                continue
            inside = mobject.get_left()[0] >= style.PANEL_LEFT - style.BUFF
            # a drawing that reaches well into the column from its left (a formula across
            # the middle), not one as tall as the picture (a backdrop)
            reaching = (mobject.get_right()[0] >= style.PANEL_LEFT + 1.0
                        and mobject.height < config.frame_height / 2)
            if inside or reaching:
                lowest = min(lowest, float(mobject.get_bottom()[1]) - style.BUFF)
        return lowest
