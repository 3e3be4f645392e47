"""What the lecture page needs to turn a paused beat into a live explorable of the run.

For a scene whose run the page can recompute (:data:`EXPLORABLE`), :func:`explorable`
gives a plain dict (JSON as it is): the data set as the scene ran it, the learner's options,
and for each beat of the storyboard its sentence and the point of the run its picture
shows (``step``). The page's learners (``linviz_pack/web/learners.js``) run the same
algorithms with the same arithmetic:

- the perceptron (``kind`` "perceptron": perceptron, perceptron-origin, margin, the proofs),
  as :mod:`linviz.perceptron` sums (Σⱼ xⱼθⱼ from the first column on, then + θ₀, then × y;
  a score within :data:`linviz.perceptron.ON_LINE_TOLERANCE` of the size of its terms is 0,
  a mistake), so its θ after any visit equals the trace's bit for bit; ``step`` counts
  visits;
- full-batch gradient descent (``kind`` "logistic": the mean logistic loss; "regression":
  the mean squared error of a line), as :func:`linviz.gradient.run_gradient_descent` steps,
  its states within 1e-9 relative of the trace's (the sums run in another order); ``step``
  counts gradient steps.
"""

from __future__ import annotations

from .dataset import Dataset
from .perceptron import ON_LINE_TOLERANCE
from .storyboard import Storyboard

#: the perceptron scenes the page can explore: whether their perceptron has an offset, and
#: whether the explorable draws θ*'s band from the start (the scenes about the margin)
PERCEPTRON_SCENES = {"perceptron": (True, False), "perceptron-origin": (False, False),
                     "margin": (True, True), "proof": (False, True),
                     "proof-offset": (True, True)}
#: the descent scenes the page can explore, by the loss the page descends
DESCENT_SCENES = {"logistic": "logistic", "regression": "regression"}
#: every scene the page can explore, by the kind of run the page recomputes
EXPLORABLE = {**{scene: "perceptron" for scene in PERCEPTRON_SCENES}, **DESCENT_SCENES}
#: which θ* a scene's band is: the plane's maximum margin with an offset (margin), the one
#: through the origin of the points (proof, perceptron-origin) or of [x, 1] (the proof
#: with an offset, and the perceptron's theorem)
STAR_KIND = {"perceptron": "lifted", "perceptron-origin": "origin", "margin": "plane",
             "proof": "origin", "proof-offset": "lifted"}


def is_explorable(scene: str) -> bool:
    """Whether the page can explore ``scene``'s run (:data:`EXPLORABLE`)."""
    return scene in EXPLORABLE


def scene_run(scene: str, data: Dataset):
    """(the run ``scene`` tells on ``data``, the updates a beat's state shows when it names
    them another way than ``step`` or ``M``: a function of the state, None for the run's
    end). The run is the lesson's trace; None when it tells none (margin on data no line
    separates). :func:`ringed_point` says which point a beat is about."""
    if scene == "logistic":
        from .lessons.logistic import logistic_lesson

        return logistic_lesson(data).trace, lambda state: None
    if scene == "regression":
        from .lessons.regression import regression_lesson

        return regression_lesson(data).line.trace, lambda state: None
    offset = PERCEPTRON_SCENES[scene][0]
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
    """The visits whose state a perceptron beat's picture shows: its ``step`` when it names
    one, the visit of its ``M``-th update when it names M (or ``updates_shown(state)``
    does), else the run's end."""
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


def ringed_point(state: dict, probes=None) -> int | None:
    """The point (0-based) a beat's sentence is about when its picture rings one: a note's
    closest point (``ring``), or margin's probe point (``probe``: 0 the first, 1 the
    second of ``probes``, :attr:`~linviz.lessons.margin.MarginLesson.probe_indices`);
    else None."""
    if state.get("ring") is not None:
        return int(state["ring"])
    if probes is not None and state.get("probe") is not None:
        return int(probes[int(state["probe"])])
    return None


def perceptron_beat(text: str, state: dict, trace, updates_shown, ring=None) -> dict:
    """A perceptron beat as the page opens it: ``step`` (:func:`beat_step`); ``testing``
    when its picture shows visit step + 1 tested with θ not yet updated (the storyboard's
    ``visit`` one past its ``step``); ``visit`` whether its picture marks the point
    visited (its state names one); ``ring`` the point its sentence is about
    (:func:`ringed_point`)."""
    step = beat_step(state, trace, updates_shown)
    visit = state.get("visit")
    return {"text": text, "step": step,
            "testing": bool(state.get("step") is not None and visit is not None
                            and int(visit) == step + 1),
            "visit": bool(visit), "ring": ring, "run": True}


def shows_run(scene: str, state: dict) -> bool:
    """Whether a descent beat's picture is the run the page explores: logistic's with its
    probability shade or loss curve on and the perceptron beside it off; regression's while
    no polynomial of higher degree is fitted."""
    if scene == "logistic":
        return bool((state.get("field") or state.get("loss_curve"))
                    and not state.get("perceptron"))
    return state.get("degree") in (None, 1)


def descent_step(state: dict, trace) -> int:
    """The gradient steps a descent beat's picture shows: its ``t``, else the run's end."""
    t = state.get("t")
    return int(t) if t is not None else int(trace.n_steps)


def explorable(scene: str, data: Dataset, board: Storyboard,
               notation: str = "theta") -> dict | None:
    """The explorable of ``scene`` (in :data:`EXPLORABLE`) on ``data``, told by ``board``
    (None when the scene tells no run the page can recompute on it):

    - ``kind`` (:data:`EXPLORABLE`), ``X`` (n rows of d floats), ``y`` (±1, or the targets),
      ``names`` (the feature names, or x1, x2; for regression also the target's),
      ``classes`` (the names of −1 and +1, or None), ``offset``;
    - the perceptron's ``epochs`` (τ), ``order`` ("cyclic"), ``tolerance`` (the on-line
      rule), ``star`` (θ*'s band drawn from the start), ``star_kind`` (:data:`STAR_KIND`);
      descent's ``lr`` (η) and ``steps``;
    - ``beats``: [{"text": caption, "step": visits or gradient steps, "run": whether its
      picture is the run's state, and for the perceptron "testing" and "ring"
      (:func:`perceptron_beat`)}] in the storyboard's order, each caption in ``notation``
      as the page shows it.
    """
    from .transforms import column_names

    kind = EXPLORABLE[scene]
    trace, updates_shown = scene_run(scene, data)
    if trace is None:
        return None
    names = list(column_names(data))
    common = {"scene": scene, "kind": kind,
              "X": [[float(v) for v in row] for row in data.X],
              "classes": list(data.label_names) if data.label_names else None}
    if kind == "perceptron":
        if trace.params.get("order", "cyclic") != "cyclic":
            return None
        offset, star = PERCEPTRON_SCENES[scene]
        probes = None
        if scene == "margin":
            from .lessons.margin import margin_lesson

            probes = margin_lesson(data).probe_indices
        return {**common, "y": [int(v) for v in data.y], "names": names,
                "offset": bool(offset), "epochs": int(trace.params["epochs"]),
                "order": "cyclic", "tolerance": ON_LINE_TOLERANCE, "star": bool(star),
                "star_kind": STAR_KIND[scene],
                "beats": [perceptron_beat(text, beat.state, trace, updates_shown,
                                          ringed_point(beat.state, probes))
                          for text, beat in zip(board.sentences(notation), board.beats)]}
    params = trace.params
    if params.get("batch", "full") != "full" or params.get("l2", 0.0) or \
            params.get("degree", 1) != 1:
        return None
    if kind == "regression":  # the scene's names: x and y unless the data has its own
        names = [data.feature_names[0] if data.feature_names else "x", data.target_name or "y"]
    return {**common, "y": [float(v) for v in data.y], "names": names,
            "flipped": [int(i) for i in data.params.get("flipped", [])],
            "offset": bool(params["offset"]), "lr": float(params["lr"]),
            "steps": int(params["steps"]),
            "beats": [{"text": text, "step": descent_step(beat.state, trace),
                       "run": shows_run(scene, beat.state)}
                      for text, beat in zip(board.sentences(notation), board.beats)]}
