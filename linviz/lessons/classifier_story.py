"""The storyboard of the scene `classifier`: one hypothesis h(x; θ, θ₀) of the notes' class
ℋ studied on the data (its boundary and θ, scaling and turning θ, the offset, the signed
distance, the 0-1 loss and the training error), then the notes' example learning
algorithm, the best of k random hypotheses (see :mod:`linviz.storyboard` for the one rule
of time).

The state
---------
``stage`` ("board": the plane and the board of one hypothesis; "algorithm": the
pseudocode and the chart of the k training errors), ``rows`` (the board's rows shown:
"theta", "c", "offset", "distance", "formula", "ringed" (the count of the mistakes
ringed so far), "error"), ``boundary`` (the studied
hypothesis's line drawn), ``arrow`` (θ and the half-planes' labels drawn), ``c`` (the
scale of θ and θ₀), ``theta0`` (θ₀ before the scale), ``origin`` (the origin and its
dashed distance to the line shown), ``probe`` (None: no point studied; 0 or 1: which of
the two points is), ``counted`` (points checked by the count of mistakes), ``rings``
(None, "flip": the mistakes of (−θ, −θ₀), "mistakes": those of the hypothesis shown),
``status`` (the status line's key: None, "length", "distance", "error"), ``j`` (the
hypothesis of the algorithm shown, 1-based; 0: none), ``bars`` (bars of the chart drawn),
``best`` (j* marked) and ``line`` (the pseudocode's line lit: "argmin", "return", None).
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..geometry import clip_line, square_box_around
from ..storyboard import HOLD, Storyboard, StoryWriter
from .classifier import HYPOTHESES, ClassifierLesson, classifier_lesson

#: the data the scene tells when none is given
DEFAULT_DATA = {"classifier": "separable"}
#: the scale factors c of the scaling section, in order: (θ, θ₀) ← (cθ, cθ₀)
SCALE_FACTORS = (3.0, 0.5, 1.0)
#: the first hypotheses of the best-of-k run said one by one
NARRATED_HYPOTHESES = 2


def said(value: float) -> str:
    """A number of this scene's captions: two decimals, a real minus sign."""
    return formatting.number(float(value), 2)


def upper(index: int) -> str:
    """⁽ʲ⁾ for a caption: h⁽¹⁰⁾."""
    return "⁽" + str(index).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) + "⁾"


def separability_sentence(lesson: ClassifierLesson) -> str:
    """Linearly separable or not (exact), and what the best line does."""
    n = lesson.data.n_samples
    if lesson.separable:
        return ("These points are linearly separable: some h in ℋ has every y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) "
                "> 0, so ℰₙ(h) = 0.")
    best = lesson.best_line
    return (f"These points are not linearly separable: no h in ℋ has ℰₙ(h) = 0; the best "
            f"line gets {best.mistakes} of the {n} wrong, ℰₙ = "
            f"{formatting.number(best.error, formatting.error_places(best.error))}.")


def best_of_k_verdict(lesson: ClassifierLesson) -> str:
    """Whether more hypotheses could do better than j*: against the least error any line
    reaches (exact)."""
    n, least = lesson.data.n_samples, lesson.best_line
    if lesson.best_reaches_least:
        return (f"No line does better: {least.mistakes} of {n} wrong is the least any line "
                f"reaches.")
    if least.mistakes == 0:
        return "Some line gets every point right: more hypotheses may find a better one."
    return (f"Some line gets only {least.mistakes} of {n} wrong: more hypotheses may find a "
            f"better one.")


def classifier_storyboard(lesson: ClassifierLesson,
                          scene: str = "classifier") -> Storyboard:
    """Every beat of the scene `classifier` for ``lesson`` (see the module's docstring)."""
    j, n, k = lesson.studied, lesson.data.n_samples, lesson.k
    theta, theta0 = lesson.thetas[j], float(lesson.theta0s[j])
    story = StoryWriter(scene, stage="board", rows=[], boundary=False, arrow=False, c=1.0,
                        theta0=theta0, origin=False, probe=None, counted=0, rings=None,
                        status=None, j=0, bars=0, best=False, line=None)

    story.section("classifier", "A linear classifier")
    story.beat("A linear classifier h(x; θ, θ₀) = sign(θᵀx + θ₀): +1 where the score is above "
               "0, −1 where it is ≤ 0, on the line too.", "intro")
    story.beat("Its hypothesis class ℋ: every such h, one for each θ in ℝ² and θ₀ in ℝ. "
               "Learning picks one h from ℋ.", "indicate-definition")
    # said as it is drawn: the boundary and its shading first, its numbers with the
    # sentence that reads them
    story.beat(f"One hypothesis on these {n} points: its boundary θᵀx + θ₀ = 0 is a line, and "
               f"h = +1 on the shaded side.", "hypothesis", boundary=True)
    story.beat(f"Its parameters: θ = ({', '.join(said(v) for v in theta)}), θ₀ = "
               f"{said(theta0)}.", "theta-row", rows=["theta"])
    story.beat("θ is perpendicular to the line and points into the shaded half-plane, where "
               "h = +1; on the other side h = −1.", "normal", arrow=True)

    story.section("scale", "Scaling the parameters")
    story.beat("Multiply θ and θ₀ by the same c > 0: every score is multiplied by c, so none "
               "changes sign.", "c-row", rows=["theta", "c"])
    story.beat(f"c = {', '.join(f'{c:g}' for c in SCALE_FACTORS)}: θ grows and shrinks; the line "
               f"stays.", "scale", c=SCALE_FACTORS[-1])
    story.beat("Does the length of θ matter? No. Its direction? Yes.", "status", status="length")
    story.beat("Turn θ around, c = −1: the line stays, but the +1 side is now the other one.",
               "turn", c=-1.0)
    story.beat(f"Every point's prediction flips: now {lesson.turned_mistakes(j)} of the {n} "
               f"points are on the wrong side (ringed), where θ had {lesson.mistakes(j)}.",
               "rings", rings="flip")
    story.beat("Same line, opposite classifier: the direction of θ matters. Back to θ.", "turn",
               c=1.0, rings=None)

    story.section("offset", "The offset")
    offset = -theta0 / float(np.linalg.norm(theta))
    story.beat(f"θ₀ moves the line along θ: it lies at signed distance −θ₀/‖θ‖ from the origin "
               f"(here {said(offset)}).", "offset-row", rows=["theta", "c", "offset"],
               origin=True, status=None)
    box = square_box_around(lesson.data.X)
    for target, sentence in ((0.0, "θ₀ = 0: the line passes through the origin."),
                             (-theta0, "With the sign of θ₀ flipped it lies as far on the "
                                       "other side."),
                             (theta0, "Back to the first hypothesis.")):
        if clip_line(theta, target, box) is None:
            continue  # a line outside the view would say nothing
        story.beat(sentence, "offset", theta0=target)

    story.section("signed-distance", "Signed distance")
    first, second = (said(d) for d in lesson.probe_distances[j])
    sides = lesson.probe_sides(j)
    story.beat(f"The signed distance of a point x to the line is (θᵀx + θ₀)/‖θ‖: {first} for "
               f"this point on the {sides[0]} side…", "distance-row",
               rows=["theta", "c", "offset", "distance"], origin=False, probe=0,
               theta0=theta0)
    story.beat(f"…and {second} for this one on the {sides[1]} side: the sign tells the side, "
               f"the size how far.", "probe", probe=1, status="distance")

    story.section("training-error", "Training error")
    story.beat("The 0-1 loss L(h(x), y) is 1 exactly when y(θᵀx + θ₀) ≤ 0, a wrong guess, "
               "else 0.", "loss", rows=["theta", "c", "offset", "loss"], probe=None,
               status=None)
    story.beat("The training error ℰₙ(h) is its mean over the points.", "error-formula",
               rows=["theta", "c", "offset", "formula"])
    # the count shows the mistakes ringed so far; ℰₙ's value comes when it is said
    story.beat("Go through the points one by one and ring each mistake.", "count",
               rows=["theta", "c", "offset", "formula", "ringed"], counted=n, rings="mistakes")
    story.beat(f"{lesson.mistakes(j)} of the {n} points are misclassified: ℰₙ(h) = "
               f"{said(lesson.errors[j])}.", "error-value",
               rows=["theta", "c", "offset", "formula", "error"], status="error")
    story.beat(separability_sentence(lesson), "indicate-error")

    story.section("best-of-k", "The best of k random classifiers")
    story.beat(f"The notes' example learning algorithm draws k = {k} hypotheses h⁽ʲ⁾ and keeps "
               f"the one with the lowest training error.", "algorithm", stage="algorithm",
               rows=[], boundary=False, arrow=False, rings=None, status=None)
    h = 0
    while h < k:
        error = float(lesson.errors[h])
        if h < NARRATED_HYPOTHESES or h == j:
            sentence = (f"h{upper(h + 1)}: {lesson.mistakes(h)} of {n} wrong, ℰₙ = "
                        f"{said(error)}." if h < NARRATED_HYPOTHESES else
                        f"h{upper(h + 1)} is the hypothesis studied above: ℰₙ = {said(error)}.")
            story.beat(sentence, "candidate", j=h + 1, bars=h + 1, rings="mistakes",
                       boundary=True, arrow=True, line="argmin")
            h += 1
            continue
        # the hypotheses up to the next one said on its own, shown in turn under one sentence
        last = j - 1 if h < j else k - 1
        listed = (f" to h{upper(last + 1)}, each" if last > h else "")
        story.beat(f"h{upper(h + 1)}{listed} with its line, its mistakes and its training "
                   f"error.", "candidates", j=last + 1, bars=last + 1, rings="mistakes",
                   boundary=True, arrow=True, line="argmin")
        h = last + 1
    best = lesson.best_index
    story.beat(f"j* = argmin ℰₙ(h⁽ʲ⁾) = {best + 1}: ℰₙ = {said(lesson.errors[best])}, the "
               f"lowest of the {k}.", "best", j=best + 1, best=True)
    story.beat(f"The algorithm returns h{upper(best + 1)}, the best of the lines it drew. "
               f"{best_of_k_verdict(lesson)}", "return",
               line="return")
    return story.storyboard()


def storyboard_of_classifier(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `classifier` on ``data`` (k random hypotheses, seeded)."""
    return classifier_storyboard(classifier_lesson(data, k=HYPOTHESES, seed=seed))
