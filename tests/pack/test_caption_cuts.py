"""A long sentence cut into two-line captions is never cut inside a formula or a number.

The formulas are found here by their own rule, independent of linviz_pack.captions:
a chain of terms joined by spaced operators (``θᵀx + θ₀``, ``(R/γ)² = 59.2``), a
parenthesis or bracket of a few words that fits on a line (``y(θᵀx + θ₀)``, ``[x, 1]``),
and a number with its thousands grouped (``1,518``). Every place a caption is cut
(between two captions of one sentence, or between a caption's two lines) must lie
outside all of them; checked on every sentence of every scene's story (default data)
and on sentences written to tempt the cutter.
"""

from __future__ import annotations

import re

import pytest

from linviz_pack.captions import LINE_CHARS, two_line_cues
from linviz_pack.timeline import Cue
from scenes.catalog import SCENES_IN_ORDER

#: a term joined to the next by a spaced operator, however long the chain
CHAIN = re.compile(r"\S+(?: [=≠≤≥<>+−×·→≈∈] \S+)+")
#: a bracketed group of several words, no brackets inside
GROUP = re.compile(r"[(\[][^()\[\]]* [^()\[\]]*[)\]]")
GROUPED_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def formula_spans(sentence: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of every formula or number in ``sentence`` (a cut may not fall
    strictly inside one)."""
    spans = [(m.start(), m.end(), m.group()) for m in CHAIN.finditer(sentence)]
    spans += [(m.start(), m.end(), m.group()) for m in GROUP.finditer(sentence)
              if len(m.group()) <= LINE_CHARS]
    spans += [(m.start(), m.end(), m.group()) for m in GROUPED_NUMBER.finditer(sentence)]
    return spans


def cut_places(sentence: str) -> list[int]:
    """Where two_line_cues cuts ``sentence``: the offset of each space it cut at (between
    two captions, or between a caption's lines); fails if the words are not kept."""
    pieces = two_line_cues([Cue(0.0, 10.0, sentence)])
    lines = [line for piece in pieces for line in piece.text.split("\n")]
    assert " ".join(lines) == sentence
    places, offset = [], 0
    for line in lines[:-1]:
        offset += len(line)
        places.append(offset)  # the space after this line
        offset += 1
    return places


#: a formula longer than a line may only be cut before one of these (the next line starts
#: with it, as typeset mathematics breaks a long equation)
RELATION = re.compile(r" [=≠≈≤≥<>] ")


def assert_no_cut_inside_a_formula(sentence: str) -> None:
    sentence = " ".join(sentence.split())
    places = cut_places(sentence)
    for start, end, formula in formula_spans(sentence):
        inside = [place for place in places if start < place < end]
        if len(formula) > LINE_CHARS:  # it cannot stay on one line: cut before a relation
            inside = [place for place in inside if not RELATION.match(sentence, place)]
        assert not inside, f"cut inside {formula!r}: {sentence!r}"


TEMPTING = [
    "A point on the line is a mistake, because its score y(θᵀx + θ₀) is 0, and the rule "
    "counts a score of 0 as wrong.",
    "The theorem bounds the number of updates by (R/γ)² = 59.2 on these points, and the run "
    "made 12 updates, far below it.",
    "On Iris sepals the perceptron makes the updates of exact arithmetic, 1,518 updates in "
    "701 passes, on any CPU whatever its rounding.",
    "Each update raises the score of its own point by ‖x‖² + 1 ≥ 1, so a point cannot stay a "
    "mistake for ever, whatever the others do.",
    "Gradient descent stopped short for k = 2, 3, 5 within its 300 steps: their bowls are "
    "narrow, so descent is slow and stops early.",
    "New score: −0.39 + ‖x⁽ⁱ⁾‖² + 1 = −0.39 + 1.02 + 1 ≈ 1.64 > 0: point 2 is now on its "
    "side; θ₀ changed too, so the line turned and shifted.",
    "The dashed minima never rise with the degree (0.0240 → 0.0080 → 0.0075 → 0.0064): "
    "higher degrees fit the training points at least as closely.",
]


@pytest.mark.parametrize("sentence", TEMPTING)
def test_a_tempting_sentence_is_cut_between_formulas(sentence):
    assert len(sentence) > 2 * LINE_CHARS  # long enough to be cut
    assert formula_spans(" ".join(sentence.split()))  # and holding something to keep whole
    assert_no_cut_inside_a_formula(sentence)


@pytest.mark.parametrize("name", [entry.name for entry in SCENES_IN_ORDER])
def test_no_caption_of_the_lecture_is_cut_inside_a_formula(name):
    from story_runs import story

    captions = story(name, None, 0).timeline.captions
    assert captions
    for caption in captions:
        assert_no_cut_inside_a_formula(caption.text)
