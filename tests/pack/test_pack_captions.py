"""Captions cut to at most two lines: each sentence's words, in order, sharing its time."""

from __future__ import annotations

import pytest

from linviz_pack.captions import LINE_CHARS, two_line_cues
from linviz_pack.timeline import Cue
from linviz_pack.titles import section_title

#: the longest sentence of the regression scene (336 characters: five lines before)
LONG = ("The dashed minima never rise with the degree (0.0240 → 0.0080 → 0.0075 → 0.0064): "
        "higher degrees fit the training points at least as closely; gradient descent stopped "
        "short for k = 2, 3, 5 within its 300 steps: their bowls are narrow (κ in the table), "
        "so descent is slow; degree 3 even ends above degree 2 although its minimum is lower.")


@pytest.mark.parametrize("text", [LONG, "Short.", "x" * 60 + " tail", " ".join(["word"] * 40),
                                  "a" * (LINE_CHARS - 1) + " " + "b" * (LINE_CHARS - 1)])
def test_a_sentence_becomes_consecutive_captions_of_two_lines(text):
    cue = Cue(10.0, 30.0, text)
    cut = two_line_cues([cue])
    assert " ".join(" ".join(piece.text.split()) for piece in cut) == " ".join(text.split())
    assert cut[0].start == cue.start and cut[-1].end == cue.end
    for before, after in zip(cut, cut[1:]):
        assert before.end == pytest.approx(after.start)
    for piece in cut:
        lines = piece.text.split("\n")
        assert len(lines) <= 2
        assert all(len(line) <= LINE_CHARS for line in lines if " " in line)
        # its share of the time is its share of the characters
        assert (piece.end - piece.start) / (cue.end - cue.start) == pytest.approx(
            len(piece.text) / sum(len(p.text) for p in cut))
    if len(text) <= 2 * LINE_CHARS - 10:
        assert len(cut) == 1


def test_the_long_sentence_needs_several_captions():
    assert len(two_line_cues([Cue(0.0, 22.4, LONG)])) >= 4


def test_section_titles_default_to_the_name_as_words():
    assert section_title("epoch-1") == "Epoch 1"
    assert section_title("margin-0.025") == "Margin 0.025"
    assert section_title("epoch-1", {"epoch-1": "Pass 1"}) == "Pass 1"
