"""The classifier scene's lesson: a linear classifier, its training error, and the
notes' example learning algorithm, the best of k hypotheses.

The notes (000) set up:

- the hypothesis class ℋ of linear classifiers h(x; θ, θ₀) = sign(θᵀx + θ₀),
  θ ∈ ℝᵈ, θ₀ ∈ ℝ, with +1 where θᵀx + θ₀ > 0 and −1 where it is ≤ 0;
- the 0-1 loss L(h(x), y) = 1{y(θᵀx + θ₀) ≤ 0} (1 for a mistake, a point on the
  line included, 0 otherwise) and the training error ℰₙ(h), its mean over the data;
- linear separability: some h ∈ ℋ has ℰₙ(h) = 0 (decided exactly,
  :func:`linviz.theory.is_separable`);
- Ex_learning_alg(𝒟ₙ; k): k random hypotheses h⁽ʲ⁾ (a BestOfK run), and
  j* = argminⱼ ℰₙ(h⁽ʲ⁾), the first on ties.

Beside the best of the k, the least training error any line reaches
(:func:`linviz.least_error.least_training_error`) says whether more hypotheses
could do better.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..best_of_k import BestOfK
from ..dataset import Dataset
from ..geometry import most_room, square_box_around
from ..least_error import LeastError, least_training_error
from ..theory import is_separable, signed_distance
from ..perceptron import mistakes
from ..ties import greatest_index, least_index
from ..trace import Trace
from .checks import require_classes_in_the_plane

#: how many random hypotheses Ex_learning_alg draws
HYPOTHESES = 10


def check_classifier_data(data: Dataset, spec: str | None = None) -> None:
    """2-D labelled data (DataError, one line, otherwise)."""
    require_classes_in_the_plane(data, "scene 'classifier'", spec)


@dataclass(frozen=True, eq=False)
class ClassifierLesson:
    """What the classifier scene shows.

    Attributes
    ----------
    data : Dataset
    trace : Trace
        The BestOfK run: state j + 1 is hypothesis j (0-based).
    thetas : ndarray of shape (k, 2)
    theta0s : ndarray of shape (k,)
        The hypotheses (θ⁽ʲ⁾, θ₀⁽ʲ⁾).
    errors : ndarray of shape (k,)
        ℰₙ(h⁽ʲ⁾), as the run recorded them.
    wrong : ndarray of shape (k, n), bool
        y⁽ⁱ⁾(θ⁽ʲ⁾ᵀx⁽ⁱ⁾ + θ₀⁽ʲ⁾) ≤ 0: the 0-1 loss of each point under each hypothesis.
    wrong_turned : ndarray of shape (k, n), bool
        The same for (−θ⁽ʲ⁾, −θ₀⁽ʲ⁾): the same line, the other side +1.
    probes : ndarray of shape (k, 2), int
        For each hypothesis, the point farthest on its +1 side and on its −1 side
        (by signed distance, ties to the first).
    probe_distances : ndarray of shape (k, 2)
        Their signed distances (θᵀx + θ₀)/‖θ‖.
    best_index : int
        j* (0-based).
    separable : bool
        Some line has ℰₙ = 0 (exact LP test).
    best_line : LeastError
        The least training error any line reaches.
    """

    data: Dataset
    trace: Trace
    thetas: np.ndarray
    theta0s: np.ndarray
    errors: np.ndarray
    wrong: np.ndarray
    wrong_turned: np.ndarray
    probes: np.ndarray
    probe_distances: np.ndarray
    best_index: int
    separable: bool
    best_line: LeastError

    @property
    def k(self) -> int:
        return len(self.errors)

    def mistakes(self, j: int) -> int:
        """How many points hypothesis j misclassifies."""
        return int(np.count_nonzero(self.wrong[j]))

    def turned_mistakes(self, j: int) -> int:
        """How many points (−θ⁽ʲ⁾, −θ₀⁽ʲ⁾) misclassifies: the others, and those on the line."""
        return int(np.count_nonzero(self.wrong_turned[j]))

    def splits_points(self, j: int) -> bool:
        """Hypothesis j has points on both sides of its line: its farthest point on the
        +1 side has signed distance > 0 and the other < 0."""
        far, near = self.probe_distances[j]
        return bool(far > 0 > near)

    def probe_sides(self, j: int) -> tuple[str, str]:
        """The side ("+1" or "−1") of each of hypothesis j's probe points: +1 where
        θᵀx + θ₀ > 0, −1 where it is ≤ 0 (on the line included)."""
        return tuple("+1" if d > 0 else "−1" for d in self.probe_distances[j])

    @property
    def study_candidates(self) -> list[int]:
        """Hypotheses the first sections may study, the first non-empty of: not the best
        (the end finds it), with points on both sides (the signed distances of section 4
        have both signs) and some mistakes but fewer than half (its +1 side mostly
        right); not the best, with points on both sides; not the best; the best."""
        others = [j for j in range(self.k) if j != self.best_index]
        splitting = [j for j in others if self.splits_points(j)]
        for tier in ([j for j in splitting if 0 < self.errors[j] < 0.5], splitting, others):
            if tier:
                return tier
        return [self.best_index]

    @property
    def studied(self) -> int:
        """The hypothesis the first sections study (0-based): of the
        :attr:`study_candidates`, the one whose θ can be drawn longest from a point of its
        line inside the square round the data and the origin
        (:func:`~linviz.geometry.most_room`; ties to the first)."""
        candidates = self.study_candidates
        box = square_box_around(self.data.X)
        rooms = [most_room(self.thetas[j], float(self.theta0s[j]), box) for j in candidates]
        return candidates[greatest_index(rooms)]

    @property
    def best_reaches_least(self) -> bool:
        """j*'s training error is the least any line reaches: no more hypotheses can
        do better."""
        return self.mistakes(self.best_index) == self.best_line.mistakes

def classifier_lesson(data: Dataset, k: int = HYPOTHESES, seed: int = 0) -> ClassifierLesson:
    """The classifier scene's lesson on ``data``: k random hypotheses (seeded)."""
    check_classifier_data(data)
    trace = BestOfK(k=k, seed=seed).fit(data).trace_
    thetas = trace.states["theta"][1:]
    theta0s = np.asarray(trace.states["theta0"][1:], dtype=float)
    X, y = data.X, data.y
    wrong = mistakes(X, y, thetas, theta0s)                          # (k, n)
    wrong_turned = mistakes(X, y, -thetas, -theta0s)
    probes, distances = [], []
    for theta, theta0 in zip(thetas, theta0s):
        d = signed_distance(X, theta, theta0)
        pair = [greatest_index(d), least_index(d)]
        probes.append(pair)
        distances.append(d[pair])
    return ClassifierLesson(
        data=data, trace=trace, thetas=thetas, theta0s=theta0s,
        errors=np.asarray(trace.steps["training_error"], dtype=float), wrong=wrong,
        wrong_turned=wrong_turned, probes=np.asarray(probes, dtype=np.int64),
        probe_distances=np.asarray(distances, dtype=float),
        best_index=int(trace.result["best_index"]),
        separable=is_separable(X, y, offset=True), best_line=least_training_error(X, y))
