"""The storyboard of ``history``: a minute on where the perceptron comes from, before the
classifier (:mod:`linviz.lessons.history` holds the facts and their notes).

The state's keys:

- ``cell``: a line drawing of a biological neuron (or what is left of it) stands where the
  model will;
- ``neuron``: how much of the neuron model is drawn: 0 nothing, 1 the inputs and their
  weights, 2 the sum and the step with its output;
- ``formula``: h(x) = sign(θᵀx + θ₀) is written under the model;
- ``timeline``: the years' axis is drawn;
- ``events``: how many of the lesson's events stand on it;
- ``hype``: the tags of what was expected of it (1958), grown out of the model's output;
- ``rule``: Rosenblatt's update rule, under the 1960 card;
- ``xor``: the four XOR corners are drawn beside 1969;
- ``winter``: the AI winter's span is shaded on the axis;
- ``agenda``: the lecture's plan (what the perceptron learns, where it fails) under the
  winter's card.
"""

from __future__ import annotations

from ..storyboard import Storyboard, StoryWriter
from .history import DEFAULT_DATA, SCENE, HistoryLesson, history_lesson

__all__ = ["DEFAULT_DATA", "history_storyboard", "storyboard_of_history"]


def history_storyboard(lesson: HistoryLesson, scene: str = SCENE) -> Storyboard:
    """Every beat of the scene for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, cell=False, neuron=0, formula=False, timeline=False, events=0,
                        hype=False, rule=False, xor=False, winter=False, agenda=False)
    story.section("history", "Where the perceptron comes from")
    # a still on the drawing before it turns into the model: it has to register
    story.beat("The perceptron is a model of a biological neuron.", "cell", min_seconds=5.0,
               cell=True)
    story.beat("In the model, inputs x₁ to x_d, each weighted by its θⱼ, are summed.",
               "neuron", neuron=1)
    story.beat("With θ₀ added, a step function outputs +1 or −1, by the sign of the sum.",
               "neuron", neuron=2, cell=False)
    story.beat("That is h(x) = sign(θᵀx + θ₀): the linear classifier of this lecture.",
               "formula", formula=True)
    story.beat("1958: the New York Times headlines “Electronic ‘Brain’ Teaches Itself”; "
               "The New Yorker writes of digital brains.", "event", timeline=True, events=2)
    story.beat("Lots of hype: it was expected to recognise people, and eventually to gain "
               "consciousness.", "hype", hype=True)
    story.beat("1960: Frank Rosenblatt with the Mark I Perceptron.", "event", events=3,
               hype=False)
    story.beat("His update: on a mistake, add y⁽ⁱ⁾x⁽ⁱ⁾ to θ and y⁽ⁱ⁾ to θ₀.", "rule", rule=True)
    story.beat("1969: Minsky and Papert's book “Perceptrons” shows it fails on XOR: no line "
               "separates these four points; each line tried gets a corner wrong.", "xor", events=4, xor=True, neuron=0, rule=False)
    story.beat("That contributed to the AI winter, until the mid-1980s. This lecture shows "
               "what the perceptron learns, separable data, and where it fails.", "winter",
               winter=True, agenda=True)
    return story.storyboard()


def storyboard_of_history(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `history` (it has no data)."""
    return history_storyboard(history_lesson(seed))
