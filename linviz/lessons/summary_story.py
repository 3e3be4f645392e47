"""The storyboard of the scene `summary`: the notes' closing table, row by row with a run of
each method, then the lecture's arc through its rows (see :mod:`linviz.storyboard` for the
one rule of time).

The state: ``header`` (the title and the table's header shown), ``rows`` (rows whose cells
are shown), ``results`` (rows whose run, its result and picture, is shown), ``notes``
(rows whose note of the arc is shown) and ``framed`` (the row framed while its arc
sentence is said; None).
"""

from __future__ import annotations

import re

from .. import formatting
from ..storyboard import Storyboard, StoryWriter
from .summary import SummaryLesson, summary_lesson

#: (model, case, loss, how it is solved), as in the notes' closing table (Typst)
ROWS = (
    ("Half-space classifiers", "realizable", "0-1 loss", "perceptron / linear programming"),
    ("Linear regression", "non-realizable", "squared loss",
     "pseudo-inverse $tilde(theta)^* = A^+ c$"),
    ("Logistic regression", "non-realizable", "logistic loss",
     "gradient descent, $eta = 1 \\/ beta$"),
)
HEADER = ("model", "case", "loss", "solved by", "a run of it")

#: what each row's method does, said while its cells come
ROW_SENTENCES = (
    "When the data is realizable, a half-space classifier with the 0-1 loss is found by the "
    "perceptron, or by linear programming.",
    "Linear regression minimizes the squared loss; the normal equations give the answer in "
    "closed form, with the pseudo-inverse when A is singular.",
    "When no line separates the classes, logistic regression minimizes the convex logistic "
    "loss by gradient descent.",
)

#: the lecture's arc through each row: (the note under the row, the sentence that says it)
#: the arc's note on feature maps (x₁x₂ for XOR), which the sentence on XOR points back to
FEATURE_MAPS_NOTE = 1

ARC = (
    ("needs a line that separates: XOR and flipped labels have none",
     "The perceptron needs data a line separates. XOR and flipped labels have none: there it "
     "never settles, and its training error stays above 0."),
    ("feature maps: $x -> [1, x, dots, x^k]$ here, $[x, 1]$ for the offset, "
     "$x_1 x_2$ for XOR",
     "Every row can work on a feature map: [x, 1] made the offset a weight, x₁x₂ made XOR "
     "separable, and [1, x, …, xᵏ] fitted polynomials."),
    ("why logistic: a loss with a minimum even when no line separates",
     "That is why logistic regression: on noisy data its convex loss still has a minimum, "
     "and descent with η = 1/β heads for it ({curvature})."),
)


def row_results(lesson: SummaryLesson) -> tuple[str, str, str]:
    """Each row's run, as its cell says it (Typst)."""
    shown = lambda v, places=2: formatting.number(v, places, minus="-")  # noqa: E731
    run = lesson.logistic
    return (f"$M = {lesson.perceptron_updates}$ updates, training error "
            f"${shown(lesson.perceptron_error)}$",
            f"$L = {shown(lesson.line_loss, 3)}$ at $tilde(theta)^* = A^(-1) c$",
            f"$L = {shown(run.final_loss, 3)}$ after {run.steps} steps")


def caption_text(markup: str) -> str:
    """A table cell's Typst markup as caption text: no dollar signs, Unicode for A⁺, A⁻¹,
    θ̃* and η/β, a minus sign before a digit."""
    for typst, unicode in (("$", ""), ("A^+ ", "A⁺"), ("A^(-1) ", "A⁻¹"),
                           ("tilde(theta)^*", "θ̃*"), ("eta = 1 \\/ beta", "η = 1/β")):
        markup = markup.replace(typst, unicode)
    return re.sub(r"-(?=\d)", "−", markup)


def curvature_words(lesson: SummaryLesson) -> str:
    """β of the logistic row's run, named as the logistic scene names it (β, not L, which
    names the loss)."""
    return f"β = {formatting.significant(lesson.logistic.curvature_bound)} bounds the loss's curvature"


def xor_sentence(lesson: SummaryLesson) -> str:
    """What logistic regression does on XOR, and what does better there."""
    best = formatting.number(lesson.xor_best_loss, 3)
    if lesson.xor_best_is_coin:
        return ("On XOR the gradient at θ = 0 is exactly 0, so L* = log 2; only the feature "
                "map x₁x₂ makes XOR separable.")
    if lesson.xor_near_coin:
        return (f"On XOR the best line still pays L* = {best}, about log 2; only the feature "
                f"map x₁x₂ makes XOR separable.")
    return f"On XOR the best line pays L* = {best}; the feature map x₁x₂ separates it."


def summary_storyboard(lesson: SummaryLesson, scene: str = "summary") -> Storyboard:
    """Every beat of the scene `summary` for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, header=False, rows=0, results=0, notes=0, framed=None)
    story.section("table", "The methods side by side")
    for row, (sentence, result) in enumerate(zip(ROW_SENTENCES, row_results(lesson))):
        story.beat(sentence, "row", header=True, rows=row + 1)
        story.beat(f"A run of it: {caption_text(result)}.", "row-result", results=row + 1)
    story.section("arc", "The arc of the lecture")
    for row, (_, sentence) in enumerate(ARC):
        if row == len(ARC) - 1:
            sentence = sentence.format(curvature=curvature_words(lesson))
        story.beat(sentence, "arc", notes=row + 1, framed=None)
    # the feature maps' note, which the sentence points back to, framed
    story.beat(xor_sentence(lesson), "indicate-feature-maps")
    story.beat("A loss, a hypothesis class, and a way to minimize the empirical risk: the same "
               "three choices behind every row.", "indicate-header")
    return story.storyboard()


def storyboard_of_summary(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `summary` (it makes its own data: each row's run on its
    scene's default data)."""
    return summary_storyboard(summary_lesson(seed))
