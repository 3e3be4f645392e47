"""What a lecture has said before a scene: a mechanism is said in full once, briefly after.

A scene told in a lecture is given ``heard``, the names of the scenes told before it in
the lecture's order (the pack passes them, ``RenderRequest.heard``; ``render.py story
--after``). A scene rendered alone has heard nothing and says everything. A lesson asks
here whether what it would explain in full was explained already, and then says only
what is new in its run.

What is said in full, and where:

- the perceptron's update walked through (the mistake, y⁽ⁱ⁾x⁽ⁱ⁾ tip to tail, the new
  y·score as old + ‖x‖² (+ 1), the score and y·score named, the counters t, i, M, ℰₙ):
  :data:`WALK_THROUGH`;
- the convergence theorem proved (its statement, the two facts, their chain, the
  scaled data): :data:`PROOF`.
"""

from __future__ import annotations

from collections.abc import Iterable

#: the scenes that walk through perceptron updates in full
WALK_THROUGH = ("perceptron", "perceptron-origin")
#: the scenes that prove the convergence theorem in full
PROOF = ("proof", "proof-offset")


def heard_any(heard: Iterable[str], scenes: Iterable[str]) -> bool:
    """Whether one of ``scenes`` was told before (is in ``heard``)."""
    return not set(heard).isdisjoint(scenes)


def walk_through_heard(heard: Iterable[str]) -> bool:
    """An update of the perceptron has been walked through in full before."""
    return heard_any(heard, WALK_THROUGH)


def proof_heard(heard: Iterable[str]) -> bool:
    """The convergence theorem has been proved in full before."""
    return heard_any(heard, PROOF)
