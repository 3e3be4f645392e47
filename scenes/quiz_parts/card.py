"""The quizzes' question card: the notes' question in large type, with what it is asked
with and a cue to think, over the picture it is about; and the quiz pause shown as a bar
that shrinks along the card's foot (a part of :class:`scenes.quiz.QuizScene`)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Line, SurroundingRectangle, ValueTracker, VGroup, linear

from scenes.toolkit import style
from scenes.toolkit.screen_text import markup_with_math, plain_markup, text


class QuestionCard:
    """The question's card and its pause (a part of :class:`scenes.quiz.QuizScene`, which
    names ``question``, ``card_note``, ``card_center`` and ``pause_words``)."""

    def question_card(self) -> VGroup:
        """The question in large type, a line for each of its questions, and a pause cue."""
        body = self.question.removeprefix("Quiz, from the notes: ")
        sentences = [part.strip() + ("?" if not part.strip().endswith((".", "?")) else "")
                     for part in body.replace("? ", "?|").replace(". ", ".|").split("|")]
        sentences[0] = sentences[0][:1].upper() + sentences[0][1:]
        lines = VGroup(*[text(plain_markup(line), self.theme, style.FONT_BODY)
                         for line in sentences]).arrange(DOWN, aligned_edge=LEFT,
                                                          buff=style.SMALL_BUFF)
        if self.card_note:
            # what the question is asked with: small, but in the text's colour (it defines
            # what the answer's numbers are)
            lines.add(text(markup_with_math(self.card_note), self.theme, style.FONT_SMALL,
                           self.theme.text))
            lines.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        if lines.width > 12.5:
            lines.scale_to_fit_width(12.5)
        cue = text("Quiz from the notes: think before you see the answer", self.theme,
                   style.FONT_SMALL, self.theme.highlight)
        inside = VGroup(cue, lines).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        box = SurroundingRectangle(inside, buff=0.25, color=self.theme.highlight,
                                   fill_color=self.theme.background, fill_opacity=0.95,
                                   stroke_width=2)
        return VGroup(box, inside).move_to(self.card_center)

    def count_down(self, seconds: float) -> None:
        """The quiz pause, shown: a bar along the card's foot shrinks to nothing over
        ``seconds`` (the time left to think; nothing else moves), named under the card."""
        box = self.card[0]
        start = box.get_corner(DOWN + LEFT) + np.array([0.25, 0.12, 0.0])
        end = box.get_corner(DOWN + RIGHT) + np.array([-0.25, 0.12, 0.0])
        left = ValueTracker(1.0)
        bar = Line(start, end, color=self.theme.highlight, stroke_width=4)
        bar.add_updater(lambda b: b.put_start_and_end_on(
            start, start + max(left.get_value(), 1e-3) * (end - start)))
        # what the bar is, said under the card (review 262: an unlabelled bar read as no
        # pause at all)
        words = text(self.pause_words.format(seconds=f"{seconds:.0f}"), self.theme,
                     style.FONT_SMALL, self.theme.highlight).next_to(box, DOWN, buff=0.2)
        self.add(bar, words)
        self.play(left.animate.set_value(0.0), run_time=seconds, rate_func=linear)
        bar.clear_updaters()
        self.remove(bar, words)
