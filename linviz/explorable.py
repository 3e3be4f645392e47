"""What the lecture page needs to turn a paused beat into a live explorable of the run.

For a scene whose run the page can recompute (:data:`EXPLORABLE`: the perceptron with an
offset and through the origin), :func:`perceptron_explorable` gives a plain dict (JSON as
it is): the data set as the scene ran it, the learner's options (offset, τ, visiting
order), and for each beat of the storyboard its sentence and the visit its picture shows
(``step``: θ, θ₀ are the state after that many visits). The page's learner
(``linviz_pack/web/explore.js``) runs the same algorithm with the same arithmetic
(:mod:`linviz.perceptron`: Σⱼ xⱼθⱼ from the first column on, then + θ₀, then × y; a score
within :data:`linviz.perceptron.ON_LINE_TOLERANCE` of the size of its terms is 0, a
mistake), so its θ after any visit equals the trace's bit for bit.
"""

from __future__ import annotations

from .dataset import Dataset
from .perceptron import ON_LINE_TOLERANCE
from .storyboard import Storyboard

#: the scenes the page can explore, and whether their perceptron has an offset
EXPLORABLE = {"perceptron": True, "perceptron-origin": False}


def is_explorable(scene: str) -> bool:
    """Whether the page can explore ``scene``'s run (:data:`EXPLORABLE`)."""
    return scene in EXPLORABLE


def perceptron_explorable(scene: str, data: Dataset, board: Storyboard,
                          notation: str = "theta") -> dict:
    """The explorable of ``scene`` (in :data:`EXPLORABLE`) on ``data``, told by ``board``:

    - ``X`` (n rows of d floats), ``y`` (±1), ``names`` (the feature names, or x1, x2),
      ``classes`` (the names of −1 and +1, or None);
    - ``offset``, ``epochs`` (τ), ``order`` ("cyclic"), ``tolerance`` (the on-line rule);
    - ``beats``: [{"text": caption, "step": visits}] in the storyboard's order, each
      caption in ``notation`` as the page shows it.
    """
    from .lessons.perceptron import perceptron_lesson
    from .transforms import column_names

    offset = EXPLORABLE[scene]
    lesson = perceptron_lesson(data, offset=offset, scene=scene)
    params = lesson.trace.params
    classes = data.label_names
    return {
        "scene": scene, "kind": "perceptron",
        "X": [[float(v) for v in row] for row in data.X],
        "y": [int(v) for v in data.y],
        "names": list(column_names(data)),
        "classes": list(classes) if classes else None,
        "offset": bool(offset), "epochs": int(lesson.budget),
        "order": str(params.get("order", "cyclic")), "tolerance": ON_LINE_TOLERANCE,
        "beats": [{"text": text, "step": int(beat.state.get("step", 0))}
                  for text, beat in zip(board.sentences(notation), board.beats)],
    }
