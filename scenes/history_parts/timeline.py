"""The timeline of `history`: the years' axis, each event's mark on its level, the
headline cards, what was expected, Rosenblatt's update, the winter's fading band and the
lecture's plan."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Dot, Line, Rectangle, RoundedRectangle, VGroup

from scenes.history_parts.common import (AXIS_LEFT, AXIS_RIGHT, AXIS_Y, CARD_TOP_LEFT,
                                         CARD_WIDTH, HYPE_TAGS, LEVEL_STEP, WINTER_FADE,
                                         WINTER_FADE_STEPS, YEAR_FONT)
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish
from scenes.toolkit.screen_text import math, text, wrapped_text


class TimelineDrawings:
    """The timeline and its cards (a part of
    :class:`scenes.history.HistoryScene`)."""

    def year_x(self, year: float) -> float:
        low, high = self.lesson.span
        return AXIS_LEFT + (year - low) / (high - low) * (AXIS_RIGHT - AXIS_LEFT)

    def build_timeline(self) -> None:
        """The years' axis, each event's mark, what was expected (1958), Rosenblatt's
        update, XOR's corners, the winter's band and the lecture's plan."""
        self.build_axis()
        self.build_event_marks()
        self.build_hype()
        self.build_rule()
        self.build_xor()
        self.build_winter()
        self.build_agenda()
        #: the headline card on screen (None before the first event)
        self.card = None

    def build_axis(self) -> None:
        """The years' axis (:attr:`axis`), a tick and its year every five years."""
        theme, lesson = self.theme, self.lesson
        axis = Line((AXIS_LEFT, AXIS_Y, 0), (AXIS_RIGHT, AXIS_Y, 0), color=theme.muted,
                    stroke_width=3)
        ticks = VGroup()
        for year in range(lesson.span[0], lesson.span[1] + 1, 5):
            x = self.year_x(year)
            ticks.add(Line((x, AXIS_Y - 0.08, 0), (x, AXIS_Y + 0.08, 0), color=theme.muted,
                           stroke_width=2))
            ticks.add(text(str(year), theme, YEAR_FONT, theme.muted).move_to(
                (x, AXIS_Y - 0.32, 0)))
        self.axis = VGroup(axis, ticks)

    def build_event_marks(self) -> None:
        """Each event's mark (:attr:`event_marks`): a dot on the axis, and once a year its
        year over it, a word or two on the lowest free level above, and a leader down."""
        theme, lesson = self.theme, self.lesson
        # each event: a dot on the axis, its year over it and a word or two above (once a
        # year); what it was is said in full on the headline card (:meth:`card_for`)
        self.event_marks = []
        #: the right end of the words on each level above the axis (a label takes the
        #: lowest level where it starts clear of the one before)
        self.level_ends: list[float] = []
        #: (words, level) of every label placed
        self.placed: list = []
        for number, event in enumerate(lesson.events):
            x = self.year_x(event.year)
            mark = VGroup(Dot((x, AXIS_Y, 0), radius=0.08, color=theme.highlight))
            if all(other.year != event.year for other in lesson.events[:number]):
                mark.add(text(str(int(event.year)), theme, YEAR_FONT,
                              theme.highlight).next_to(mark[0], UP, buff=0.06))
                words = text(event.tag, theme, style.FONT_BODY, theme.text)
                self.place_on_level(words, x - 0.1)
                mark.add(words)
            self.event_marks.append(mark)
        # the first placed at the top: read down, the labels go in time's order
        levels = len(self.level_ends)
        for words, level in self.placed:
            words.set_y(AXIS_Y + 0.6 + LEVEL_STEP * (levels - 1 - level))
        # a leader from each event's words down to its year
        for mark in self.event_marks:
            if len(mark) == 3:
                dot, year, words = mark
                x = dot.get_center()[0]
                mark.add(Line((x, words.get_bottom()[1] - 0.04, 0),
                              (x, year.get_top()[1] + 0.04, 0), color=theme.muted,
                              stroke_width=1, stroke_opacity=0.6))

    def build_hype(self) -> None:
        """What was expected of it (:attr:`hype`)."""
        theme = self.theme
        # what was expected of it: "expected:" and a tag for each thing, in an outline, in a
        # row placed under the year's card (:meth:`draw_hype`)
        self.hype = VGroup(text("expected:", theme, style.FONT_BODY, theme.muted))
        for words in HYPE_TAGS:
            tag = text(words, theme, style.FONT_BODY, theme.highlight)
            outline = RoundedRectangle(corner_radius=0.15, width=tag.width + 0.4,
                                       height=tag.height + 0.3, color=theme.highlight,
                                       stroke_width=2)
            self.hype.add(VGroup(outline, tag.move_to(outline)))
        self.hype.arrange(RIGHT, buff=0.2)

    def build_rule(self) -> None:
        """Rosenblatt's update (:attr:`rule`): its label, and the rule in mathematics."""
        theme, lesson = self.theme, self.lesson
        # Rosenblatt's update rule (placed under the 1960 card when it comes, :meth:`draw_rule`)
        (rule_event,) = [e for e in lesson.events if e.formula]
        label = text(rule_event.formula_label, theme, YEAR_FONT, theme.muted)
        rule = math(rule_event.formula, theme, style.FONT_MATH)
        if rule.width > CARD_WIDTH:
            rule.scale_to_fit_width(CARD_WIDTH)
        rule.next_to(label, DOWN, buff=0.15).align_to(label, LEFT)
        self.rule = VGroup(label, rule)

    def build_winter(self) -> None:
        """The AI winter (:attr:`winter`): a band on the axis from just after 1969, fading
        out round the mid-1980s, named just over its middle."""
        theme, lesson = self.theme, self.lesson
        # the band starts clear of the 1969 dot it follows
        start, end = (self.year_x(y) for y in lesson.winter)
        start += 0.1
        self.winter = VGroup(self.fading_band(start, end),
                             text("AI winter", theme, style.FONT_BODY, theme.text))
        # the band's name just over it, at its middle (clear of the events' levels, which
        # end by 1969's tag)
        label = self.winter[1]
        label.move_to(((start + end) / 2, AXIS_Y + 0.35, 0))

    def build_agenda(self) -> None:
        """The lecture's plan (:attr:`agenda`), under the winter's card: headed "This
        lecture:", each line a bullet (set apart from the winter's facts above it)."""
        theme, lesson = self.theme, self.lesson
        heading = text("This lecture:", theme, style.FONT_BODY, theme.highlight)
        self.agenda = VGroup(heading, *[text(f"• {line}", theme, style.FONT_BODY, theme.text)
                                        for line in lesson.agenda])
        self.agenda.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        if self.agenda.width > CARD_WIDTH:
            self.agenda.scale(CARD_WIDTH / self.agenda.width)

    def fading_band(self, start: float, end: float) -> VGroup:
        """The winter's band on the axis from x = ``start`` to ``end``, fading out over
        :data:`WINTER_FADE` years round its end: the notes give it only as "the mid-1980s"."""
        fade = WINTER_FADE / (self.lesson.span[1] - self.lesson.span[0]) * (AXIS_RIGHT - AXIS_LEFT)
        # the fade is centred on the band's end year
        solid_end, end = end - fade / 2, end + fade / 2
        steps = np.linspace(solid_end, end, WINTER_FADE_STEPS + 1)
        band = VGroup(Rectangle(width=solid_end - start, height=0.16, stroke_width=0,
                                fill_color=self.theme.negative, fill_opacity=0.35).move_to(
            ((start + solid_end) / 2, AXIS_Y, 0)))
        for k, (a, b) in enumerate(zip(steps[:-1], steps[1:])):
            band.add(Rectangle(width=b - a, height=0.16, stroke_width=0,
                               fill_color=self.theme.negative,
                               fill_opacity=0.35 * (1 - (k + 1) / (WINTER_FADE_STEPS + 1)))
                     .move_to(((a + b) / 2, AXIS_Y, 0)))
        return band

    def card_for(self, title: str, lines, width: float, top_left=CARD_TOP_LEFT) -> VGroup:
        """The headline card: ``title`` large (a year), ``lines`` under it, each at most
        ``width`` wide, from the card's ``top_left``."""
        theme = self.theme
        heading = text(title, theme, style.FONT_TITLE, theme.highlight)
        heading.move_to(top_left + np.array([heading.width / 2, -heading.height / 2, 0.0]))
        card = VGroup(heading)
        for words in lines:
            for line in wrapped_text(words, width, self.theme):
                line.next_to(card, DOWN, buff=0.14).align_to(heading, LEFT)
                card.add(line)
        return card

    def show_card(self, card: VGroup, *also) -> None:
        """The card in place of the one before (and ``also`` appearing with it)."""
        old = [vanish(self.card)] if self.card is not None else []
        self.play(*old, appear(card), *[appear(m) for m in also], run_time=style.RUN_INTRO)
        if self.card is not None:
            self.remove(self.card)
        self.card = card

    def place_on_level(self, words, left: float) -> None:
        """``words`` from x = ``left`` on the lowest level above the axis that is free
        there."""
        gap = 0.25
        level = next((k for k, end in enumerate(self.level_ends) if end + gap < left),
                     len(self.level_ends))
        words.move_to((left + words.width / 2, AXIS_Y + 0.6 + LEVEL_STEP * level, 0))
        self.placed.append((words, level))
        if level == len(self.level_ends):
            self.level_ends.append(words.get_right()[0])
        else:
            self.level_ends[level] = words.get_right()[0]

    def events_card(self, count: int, width: float = CARD_WIDTH,
                    top_left=CARD_TOP_LEFT) -> VGroup:
        """The card of the latest year among the first ``count`` events: its events' words
        (a newspaper's headline as :meth:`headline_card`)."""
        events = self.lesson.events[:count]
        year = events[-1].year
        card = self.card_for(str(int(year)), [], width, top_left)
        for event in events:
            if event.year != year:
                continue
            if event.headline:  # a masthead, a rule and the headline, in an outline
                card.add(self.headline_card(event, width).next_to(card, DOWN, buff=0.2)
                         .align_to(card, LEFT))
            else:
                for line in wrapped_text(event.label, width, self.theme):
                    card.add(line.next_to(card, DOWN, buff=0.14).align_to(card, LEFT))
        return card

    def headline_card(self, event, width: float) -> VGroup:
        """``event``'s newspaper: its name small over a rule, its headline in bold, in an
        outline (drawn, not a facsimile)."""
        theme = self.theme
        masthead = text(event.label, theme, style.FONT_SMALL, theme.muted)
        headline = text(f"*{event.headline}*", theme, style.FONT_BODY)
        if headline.width > width - 0.5:
            headline.scale_to_fit_width(width - 0.5)
        inner = max(masthead.width, headline.width)
        rule = Line(ORIGIN, inner * RIGHT, color=theme.muted, stroke_width=1.5)
        column = VGroup(masthead, rule, headline).arrange(DOWN, buff=0.12)
        outline = Rectangle(width=inner + 0.4, height=column.height + 0.3, color=theme.muted,
                            stroke_width=2).move_to(column)
        return VGroup(outline, column)
