"""What the lecture page needs to turn a paused beat into a live explorable of the run.

For a scene whose run the page can recompute (:data:`EXPLORABLE`: the perceptron scenes,
margin and the proofs), :func:`perceptron_explorable` gives a plain dict (JSON as it is):
the data set as the scene ran it, the learner's options (offset, τ, visiting order), and
for each beat of the storyboard its sentence and the visit its picture shows (``step``:
θ, θ₀ are the state after that many visits). The page's learner
(``linviz_pack/web/explore.js``) runs the same algorithm with the same arithmetic
(:mod:`linviz.perceptron`: Σⱼ xⱼθⱼ from the first column on, then + θ₀, then × y; a score
within :data:`linviz.perceptron.ON_LINE_TOLERANCE` of the size of its terms is 0, a
mistake), so its θ after any visit equals the trace's bit for bit.
"""

from __future__ import annotations

from .dataset import Dataset
from .perceptron import ON_LINE_TOLERANCE
from .storyboard import Storyboard

#: the scenes the page can explore: whether their perceptron has an offset, and whether
#: the explorable draws θ*'s band from the start (the scenes about the margin)
EXPLORABLE = {"perceptron": (True, False), "perceptron-origin": (False, False),
              "margin": (True, True), "proof": (False, True), "proof-offset": (True, True)}
#: which θ* a scene's band is: the plane's maximum margin with an offset (margin), the one
#: through the origin of the points (proof, perceptron-origin) or of [x, 1] (the proof
#: with an offset, and the perceptron's theorem)
STAR_KIND = {"perceptron": "lifted", "perceptron-origin": "origin", "margin": "plane",
             "proof": "origin", "proof-offset": "lifted"}


def is_explorable(scene: str) -> bool:
    """Whether the page can explore ``scene``'s run (:data:`EXPLORABLE`)."""
    return scene in EXPLORABLE


def scene_run(scene: str, data: Dataset):
    """(the perceptron run ``scene`` tells on ``data``, the updates a beat's state shows
    when it names them another way than ``step`` or ``M``: a function of the state, None
    for the run's end). The run is the lesson's trace; None when it tells none (margin on
    data no line separates)."""
    offset = EXPLORABLE[scene][0]
    if scene in ("perceptron", "perceptron-origin"):
        from .lessons.perceptron import perceptron_lesson

        return perceptron_lesson(data, offset=offset, scene=scene).trace, lambda state: None
    if scene == "margin":
        from .lessons.margin import margin_lesson

        lesson = margin_lesson(data)
        # blend 0 is the run's separator after its ``mistake_state`` updates
        return lesson.trace, lambda state: (lesson.mistake_state if state.get("blend") == 0
                                            and lesson.mistake_state else None)
    from .lessons.proof import proof_lesson

    return proof_lesson(data, offset=offset).trace, lambda state: None


def beat_step(state: dict, trace, updates_shown=lambda state: None) -> int:
    """The visits whose state a beat's picture shows: its ``step`` when it names one, the
    visit of its ``M``-th update when it names M (or ``updates_shown(state)`` does), else
    the run's end."""
    if state.get("step") is not None:
        return int(state["step"])
    steps = trace.steps
    M = state.get("M")
    if M is None:
        M = updates_shown(state)
    if M is not None:
        updates = [k + 1 for k, mistake in enumerate(steps["mistake"]) if mistake]
        M = int(M)
        return updates[M - 1] if 0 < M <= len(updates) else 0
    return len(steps["i"])


def perceptron_explorable(scene: str, data: Dataset, board: Storyboard,
                          notation: str = "theta") -> dict | None:
    """The explorable of ``scene`` (in :data:`EXPLORABLE`) on ``data``, told by ``board``
    (None when the scene tells no cyclic perceptron run on it):

    - ``X`` (n rows of d floats), ``y`` (±1), ``names`` (the feature names, or x1, x2),
      ``classes`` (the names of −1 and +1, or None);
    - ``offset``, ``epochs`` (τ), ``order`` ("cyclic"), ``tolerance`` (the on-line rule),
      ``star`` (θ*'s band drawn from the start), ``star_kind`` (:data:`STAR_KIND`);
    - ``beats``: [{"text": caption, "step": visits}] in the storyboard's order, each
      caption in ``notation`` as the page shows it (:func:`beat_step`).
    """
    from .transforms import column_names

    offset, star = EXPLORABLE[scene]
    trace, updates_shown = scene_run(scene, data)
    if trace is None or trace.params.get("order", "cyclic") != "cyclic":
        return None
    return {
        "scene": scene, "kind": "perceptron",
        "X": [[float(v) for v in row] for row in data.X],
        "y": [int(v) for v in data.y],
        "names": list(column_names(data)),
        "classes": list(data.label_names) if data.label_names else None,
        "offset": bool(offset), "epochs": int(trace.params["epochs"]),
        "order": "cyclic", "tolerance": ON_LINE_TOLERANCE, "star": bool(star),
        "star_kind": STAR_KIND[scene],
        "beats": [{"text": text, "step": beat_step(beat.state, trace, updates_shown)}
                  for text, beat in zip(board.sentences(notation), board.beats)],
    }
