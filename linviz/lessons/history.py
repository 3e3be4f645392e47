"""The lesson of ``history``: where the perceptron comes from, as the lecture notes tell it
(002: the perceptron as a model of a neuron, the 1958 press, Rosenblatt with the Mark I
Perceptron in 1960, Minsky and Papert's XOR in 1969 and the AI winter after it; 003:
"Digital brains", The New Yorker, December 1958).

Only what the notes state is said or drawn: each event carries the words of the note it
comes from (``source``), which the tests find in that note. No photograph, no quotation
beyond the headline the notes print.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SCENE = "history"
DEFAULT_DATA = {SCENE: None}


@dataclass(frozen=True)
class Event:
    """One dated fact of the timeline.

    Attributes
    ----------
    year : where it stands on the timeline.
    label : what the headline card says of it.
    tag : the word or two the timeline shows over its year.
    note : the lecture note it comes from (its file name's number: "002").
    source : words of that note that state it (the tests find them there).
    headline : a newspaper's headline the card prints as one, under ``label`` (its masthead);
        "" for none.
    formula : a formula shown with the event (Typst mathematics; "" for none), stated by
        ``formula_note`` in the words ``formula_source``; undated, it stands apart from the
        year's card, under the model's formula, named by ``formula_label``.
    """

    year: float
    label: str
    tag: str
    note: str
    source: str
    headline: str = ""
    formula: str = ""
    formula_label: str = ""
    formula_note: str = ""
    formula_source: str = ""


@dataclass(frozen=True)
class HistoryLesson:
    """The events in order, the XOR corners drawn with 1969 and the winter's span."""

    events: tuple[Event, ...]
    #: the four XOR corners (x₁, x₂) and their labels: no line separates them
    xor_points: tuple[tuple[float, float, float], ...]
    #: the years the AI winter spans on the timeline (to the mid-1980s)
    winter: tuple[float, float]
    #: the years the timeline shows
    span: tuple[int, int]
    #: what the lecture then shows, in two lines under the winter's card: where the
    #: perceptron learns and where it fails (the scenes that show each)
    agenda: tuple[str, ...] = ()
    #: the lines tried on the XOR corners, one after another, each (θ, θ₀)
    xor_tries: tuple[tuple[tuple[float, float], float], ...] = ()

    def xor_line(self, k: int) -> tuple[np.ndarray, float]:
        """Try k as (θ, θ₀), its sign the one that gets fewer corners wrong (the given one
        on a tie): a line is a classifier either way round."""
        theta, theta0 = np.asarray(self.xor_tries[k][0], dtype=float), float(self.xor_tries[k][1])
        if len(self.xor_wrong_of(-theta, -theta0)) < len(self.xor_wrong_of(theta, theta0)):
            return -theta, -theta0
        return theta, theta0

    def xor_wrong_of(self, theta, theta0: float) -> tuple[int, ...]:
        """The corners sign(θᵀx + θ₀) gets wrong (a score ≤ 0 for +1 or ≥ 0 for −1: y·score
        ≤ 0, the notes' mistake), in order."""
        return tuple(i for i, (x1, x2, label) in enumerate(self.xor_points)
                     if label * (theta[0] * x1 + theta[1] * x2 + theta0) <= 0)

    def xor_wrong(self, k: int) -> tuple[int, ...]:
        """The corners try k's line gets wrong (:meth:`xor_line`): never none."""
        return self.xor_wrong_of(*self.xor_line(k))


EVENTS = (
    Event(1958, "The New York Times", "the press", "002", "Electronic 'Brain' Teaches Itself",
          headline="Electronic ‘Brain’ Teaches Itself"),
    Event(1958, "The New Yorker, December 1958: digital brains", "the press", "003",
          '("Digital brains") (See The New Yorker December 1958)'),
    # the rule, as 001 states it (on a misclassified example, add yᵢxᵢ), with the offset's
    # update 000 adds (θ₀ ← θ₀ + y⁽ⁱ⁾): the classifier beside it has θ₀
    Event(1960, "Frank Rosenblatt with the Mark I Perceptron", "Mark I", "002",
          "Frank Rosenblatt with a Mark I Perceptron in 1960",
          formula="theta <- theta + y^((i)) x^((i)), quad theta_0 <- theta_0 + y^((i))",
          formula_label="Rosenblatt's update, on a mistake:", formula_note="001",
          formula_source="We apply an update step proposed by Rosenblatt"),
    Event(1969, "Minsky and Papert, “Perceptrons”: it fails on XOR", "XOR", "002",
          "Minsky and Papert in a 1969 book “Perceptrons” showed that Perceptron fails on "
          "XOR problems"),
)

#: the words of the notes that state the rule's condition (001) and the offset's update
#: (000) in the rule shown with 1960: (note, words)
RULE_SOURCES = (("001", "example is incorrectly classified"),
                ("000", "Set $\\theta_0 = \\theta_0 + y^{(i)}$"))


#: the lecture's plan as the winter's card ends it: the perceptron learns separable data in
#: finitely many updates (the convergence theorem, whose R and γ come later), and fails on
#: XOR and on noisy labels
AGENDA = ("learns: separable data, in finitely many updates",
          "fails: on data no line separates (XOR)")

#: the lines tried on XOR's corners (±1, ±1), each (θ, θ₀): through the middle, off the
#: middle, cutting off one corner, cutting off the opposite one (the best a line does: one
#: corner wrong, which the last leaves ringed)
XOR_TRIES = (((1.0, 0.2), 0.0), ((0.3, 1.0), -0.4), ((1.0, 1.0), -1.0), ((1.0, 1.0), 1.0))


def history_lesson(seed: int = 0) -> HistoryLesson:
    """The history the notes tell (``seed`` is unused: the story has no data)."""
    corners = ((1.0, 1.0, -1.0), (-1.0, -1.0, -1.0), (1.0, -1.0, 1.0), (-1.0, 1.0, 1.0))
    return HistoryLesson(events=EVENTS, xor_points=corners, winter=(1969.0, 1985.0),
                         span=(1955, 1990), agenda=AGENDA, xor_tries=XOR_TRIES)
