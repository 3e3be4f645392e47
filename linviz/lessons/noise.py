"""The noise scene's lesson: the perceptron on data no line separates.

The run is the perceptron with offset for τ passes (it never converges: no
line separates the data). What the scene says of it:

- the training error ℰₙ(θ, θ₀) = (1/n) Σᵢ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0} of every
  state of the run, and after every pass; the least after a pass and the least
  at any step are two different numbers (a pass can pass through a better
  state than any pass ends in);
- the least training error *any* line reaches
  (:func:`linviz.least_error.least_training_error`, exact), beside the
  perceptron's, so the scene never blames noise for an error one line avoids;
- with flipped labels (the built-in "noisy" data) the line the data was made
  with gets exactly the flipped points wrong;
- the order the points are visited in: data that comes sorted by class (all of
  one class, then all of the other: Iris, wine as scikit-learn ships them) is
  visited in a fresh seeded shuffled order each pass, and the scene says so and
  why: visited in index order every pass ends after a whole class, and its
  training error after a pass says more about the order than about the data
  (Iris versicolor/virginica: 0.50 after every pass in index order, 0.05 at best
  shuffled, 0.03 for the best line). The run in the other order is kept to
  compare (``other_order_least_mistakes_after_pass``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import Dataset
from ..epochs import epoch_boundary_states, mistakes_per_epoch
from ..errors import DataError
from ..least_error import LeastError, least_training_error
from ..perceptron import Perceptron, mistakes
from .perceptron import PerceptronLesson, perceptron_lesson, signed_scores_after_steps
from ..theory import is_separable
from ..ties import least_index
from ..trace import Trace
from ..transforms import is_standardized, standardize
from .checks import require_classes_in_the_plane

#: passes the run makes: long enough to see it never settle
NOISE_EPOCHS = 30
#: the perceptron's error is "near" the best line's when within this much (5 points in 100)
NEAR_BEST = 0.05
#: the seed of the shuffled order in which data sorted by class is visited (said on screen)
SHUFFLE_SEED = 0


def class_blocks(y: np.ndarray) -> tuple[tuple[int, int, float], ...]:
    """The labels in index order as maximal blocks of one class: (first, last, label),
    0-based and inclusive, in order. ``y`` has shape (n,)."""
    starts = np.concatenate([[0], np.flatnonzero(y[1:] != y[:-1]) + 1])
    ends = np.concatenate([starts[1:] - 1, [len(y) - 1]])
    return tuple((int(a), int(b), float(y[a])) for a, b in zip(starts, ends))


def sorted_by_class(y: np.ndarray) -> bool:
    """The data comes sorted by class: its labels, in index order, are one block of one
    class followed by one block of the other (exactly one change of label)."""
    return len(class_blocks(y)) == 2


def order_for_inseparable(y: np.ndarray) -> str:
    """The one rule for the order in which a perceptron visits data no line separates (the
    noise scene's run, logistic's comparison): "shuffle" (a fresh permutation each pass,
    seed :data:`SHUFFLE_SEED`) when the data comes sorted by class, else "cyclic" (index
    order, as the notes' pseudocode). In index order every pass over sorted data would end
    after a whole class, so the error after a pass would tell the order, not the data."""
    return "shuffle" if sorted_by_class(y) else "cyclic"


def visiting_order(trace: Trace) -> str:
    """"shuffle" (a fresh seeded permutation each pass) or "cyclic" (index order)."""
    return str(trace.params.get("order", "cyclic"))


def least_mistakes_after_a_pass(data: Dataset, trace: Trace) -> int:
    """min over the passes t = 1..τ of the mistakes (≤ 0 rule) of the state pass t ends in."""
    ends = epoch_boundary_states(trace)[1:]
    thetas, theta0s = trace.states["theta"][ends], trace.states["theta0"][ends]
    wrong = data.y[None, :] * (thetas @ data.X.T + theta0s[:, None]) <= 0
    return int(np.min(np.count_nonzero(wrong, axis=1)))


def check_noise_data(data: Dataset, spec: str | None = None) -> None:
    """Data the noise scene can tell the truth about: 2-D labelled data no line separates.

    Raises DataError (one line) otherwise.
    """
    name = spec or data.name
    require_classes_in_the_plane(data, "scene 'noise'", name)
    if is_separable(data.X, data.y, offset=True):
        raise DataError(f"scene 'noise': a line separates {name!r}, and the scene shows data "
                        f"no line separates: use the perceptron scene for it (or try 'noisy')")


@dataclass(frozen=True, eq=False)
class NoiseLesson:
    """What the noise scene shows, computed from the run.

    Attributes
    ----------
    data : Dataset
    trace : Trace
        The perceptron with offset, τ = ``epochs`` passes, every step kept.
    epochs : int
        τ, the passes the run made.
    flipped : tuple of int
        Points whose labels the noise flipped (0-based; empty for other data).
    state_mistakes : ndarray of shape (M + 1,)
        Mistakes (≤ 0 rule) of the state after m updates, m = 0..M.
    epoch_states : ndarray of shape (τ + 1,)
        The state index after t passes, t = 0..τ.
    epoch_updates : ndarray of shape (τ,)
        Updates (= mistakes) in each pass.
    best_line : LeastError
        The least training error any line reaches, and a line that reaches it.
    run : PerceptronLesson
        The perceptron scenes' lesson of the same run (what the pass-by-pass telling
        and the scene's run player read: errors, decimals, updates per pass, …; its
        ``fast_forward``, whole passes only, is the span the scene skips).
    shown_signed_scores : ndarray of shape (n_steps,)
        Entry k − 1: after k whole steps, y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) of the point visited at
        step k under the state after step k, the θ the panel shows beside it.
    other_order_least_mistakes_after_pass : int or None
        On data sorted by class: the least mistakes a pass ends with when the same τ
        passes visit the points in the other order (index order when this run is
        shuffled, shuffled with ``SHUFFLE_SEED`` when it is in index order); None
        otherwise.
    standardized_least_mistakes_after_pass : int or None
        On data not standardised: the least mistakes a pass ends with when the same τ
        passes run on the standardised data (:func:`linviz.transforms.standardize`, in
        the order this lesson would choose for it); None on standardised data. A line's
        mistakes do not change when each feature is shifted and scaled, so the best line
        is the same.
    """

    data: Dataset
    trace: Trace
    epochs: int
    flipped: tuple[int, ...]
    state_mistakes: np.ndarray
    epoch_states: np.ndarray
    epoch_updates: np.ndarray
    best_line: LeastError
    run: PerceptronLesson
    shown_signed_scores: np.ndarray
    other_order_least_mistakes_after_pass: int | None = None
    standardized_least_mistakes_after_pass: int | None = None

    # -- numbers ---------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.data.n_samples

    @property
    def state_errors(self) -> np.ndarray:
        """ℰₙ of the state after m updates, m = 0..M: shape (M + 1,)."""
        return self.state_mistakes / self.n

    @property
    def epoch_errors(self) -> np.ndarray:
        """ℰₙ after t passes, t = 0..τ (entry 0: θ = 0, error 1): shape (τ + 1,)."""
        return self.state_errors[self.epoch_states]

    @property
    def least_mistakes_after_pass(self) -> int:
        """min over t = 1..τ of the mistakes of the state a pass ends in."""
        return int(np.min(self.state_mistakes[self.epoch_states[1:]]))

    @property
    def least_error_after_pass(self) -> float:
        return self.least_mistakes_after_pass / self.n

    @property
    def largest_error_after_pass(self) -> float:
        return float(np.max(self.state_mistakes[self.epoch_states[1:]])) / self.n

    @property
    def after_pass_errors_equal(self) -> bool:
        """Every pass ends with the same number of mistakes (one value, not a range)."""
        ends = self.state_mistakes[self.epoch_states[1:]]
        return bool(np.all(ends == ends[0]))

    @property
    def least_mistakes_any_step(self) -> int:
        """min over every state of the run (after any update) of its mistakes."""
        return int(np.min(self.state_mistakes[1:]))

    @property
    def least_error_any_step(self) -> float:
        return self.least_mistakes_any_step / self.n

    @property
    def update_of_least(self) -> int:
        """The first update m after which the run has its least error (state m)."""
        return 1 + least_index(self.state_mistakes[1:].astype(float))

    @property
    def pass_of_least(self) -> int:
        """The pass t (1-based) in which update ``update_of_least`` happens."""
        return int(np.searchsorted(self.epoch_states, self.update_of_least, side="left"))

    def places_telling_least_apart(self, places: int) -> int:
        """Decimals from ``places`` on that say the least ℰₙ after a pass and the least at
        any step as different numbers when they differ (63/569 and 60/569 are both 0.11
        at two places; 0.111 and 0.105 at three)."""
        after, any_step = self.least_error_after_pass, self.least_error_any_step
        while after != any_step and round(after, places) == round(any_step, places):
            places += 1
        return places

    @property
    def least_updates_in_a_pass(self) -> int:
        """min over the passes of the updates (= mistakes) made in it."""
        return int(np.min(self.epoch_updates))

    @property
    def flipped_fraction(self) -> float:
        """k/n: the training error of the line the data was made with (it misses the
        flipped points exactly)."""
        return len(self.flipped) / self.n

    @property
    def class_blocks(self) -> tuple[tuple[int, int, float], ...]:
        """The labels in index order as blocks of one class (see :func:`class_blocks`)."""
        return class_blocks(self.data.y)

    @property
    def shuffle_seed(self) -> int:
        """The seed of the run's shuffled order."""
        return int(self.trace.params.get("seed", 0))

    @property
    def other_order_least_error_after_pass(self) -> float | None:
        m = self.other_order_least_mistakes_after_pass
        return None if m is None else m / self.n

    @property
    def standardized_least_error_after_pass(self) -> float | None:
        m = self.standardized_least_mistakes_after_pass
        return None if m is None else m / self.n

    # -- predicates ------------------------------------------------------------
    @property
    def standardizing_lowers_error(self) -> bool:
        """The passes end far from the best line here, and standardising the data lowers
        the least error a pass ends with by more than NEAR_BEST: not
        ``after_pass_near_best`` and least ℰₙ after a pass − the same standardised >
        NEAR_BEST."""
        other = self.standardized_least_error_after_pass
        return (other is not None and not self.after_pass_near_best
                and self.least_error_after_pass - other > NEAR_BEST + 1e-12)

    @property
    def sorted_by_class(self) -> bool:
        """The data comes sorted by class: all of one class, then all of the other."""
        return sorted_by_class(self.data.y)

    @property
    def visits_shuffled(self) -> bool:
        """Each pass visits the points in a fresh seeded shuffled order (else index order)."""
        return visiting_order(self.trace) == "shuffle"

    @property
    def order_raises_pass_error(self) -> bool:
        """On data sorted by class, the passes in index order end higher than shuffled ones:
        least mistakes after a pass in index order > least mistakes after a pass shuffled."""
        other = self.other_order_least_mistakes_after_pass
        if other is None:
            return False
        mine = self.least_mistakes_after_pass
        return other > mine if self.visits_shuffled else mine > other

    @property
    def labelling_line(self) -> tuple[np.ndarray, float] | None:
        """(θ, θ₀) of the line the data was labelled with before its flips, in the
        coordinates of ``data`` (None when the data does not record one).

        The generator's line uᵀx + b = 0; on standardised data x = x̄ + s∘z, so the same
        line is (u∘s)ᵀz + (uᵀx̄ + b) = 0.
        """
        line = self.data.params.get("labelling_line")
        if not line or not self.has_flipped_labels:
            return None
        theta, theta0 = np.asarray(line["normal"], dtype=float), float(line["offset"])
        scaled = self.data.params.get("standardized")
        if scaled:
            mean, scale = np.asarray(scaled["mean"]), np.asarray(scaled["scale"])
            theta, theta0 = theta * scale, float(theta @ mean) + theta0
        if theta.shape != (self.data.n_features,):
            return None
        # said to miss exactly the flipped labels: drawn only when it does on these points
        # (features chosen or reordered from the file may not be those it was made on)
        missed = np.flatnonzero(self.data.y * (self.data.X @ theta + theta0) <= 0)
        if tuple(int(i) for i in missed) != tuple(sorted(self.flipped)):
            return None
        return theta, theta0

    @property
    def has_flipped_labels(self) -> bool:
        """The data is separable data with some labels flipped (the built-in "noisy")."""
        return bool(self.flipped)

    @property
    def lower_during_a_pass(self) -> bool:
        """Some state inside a pass has fewer mistakes than any state a pass ends in:
        min over all states < min over the ends of passes."""
        return self.least_mistakes_any_step < self.least_mistakes_after_pass

    @property
    def reaches_best_line(self) -> bool:
        """Some state of the run has the least error any line reaches."""
        return self.least_mistakes_any_step == self.best_line.mistakes

    @property
    def after_pass_near_best(self) -> bool:
        """The best end of a pass is within NEAR_BEST of the least error any line
        reaches: least ℰₙ after a pass − least ℰₙ of a line ≤ NEAR_BEST."""
        return self.least_error_after_pass - self.best_line.error <= NEAR_BEST + 1e-12

    @property
    def passes_near_best(self) -> int:
        """How many passes end within NEAR_BEST of the least error any line reaches:
        #{t = 1..τ : ℰₙ after pass t − least ℰₙ of a line ≤ NEAR_BEST}."""
        ends = self.state_mistakes[self.epoch_states[1:]] / self.n
        return int(np.count_nonzero(ends - self.best_line.error <= NEAR_BEST + 1e-12))

    @property
    def passes(self) -> int:
        """τ: the passes the run made (len(epoch_states) − 1)."""
        return len(self.epoch_states) - 1

    @property
    def median_error_after_pass(self) -> float:
        """The median over t = 1..τ of ℰₙ after pass t."""
        return float(np.median(self.state_mistakes[self.epoch_states[1:]])) / self.n

    @property
    def near_best(self) -> str:
        """How the ends of the passes lie beside the best line, for the words: "every"
        (every pass ends within NEAR_BEST of it), "some" (at least one does, not all:
        :attr:`passes_near_best` of τ) or "none" (not :attr:`after_pass_near_best`)."""
        near = self.passes_near_best
        return "every" if near == self.passes else ("some" if near else "none")

    @property
    def best_line_beats_flipped(self) -> bool:
        """Some line makes fewer mistakes than the line the data was made with (which
        misses exactly the k flipped points): least mistakes < k."""
        return self.has_flipped_labels and self.best_line.mistakes < len(self.flipped)

    @property
    def passes_end_above_flipped(self) -> bool:
        """Every pass ends with more mistakes than the k flipped points."""
        return self.least_mistakes_after_pass > len(self.flipped)

    @property
    def best_pass_equals_flipped(self) -> bool:
        """The best end of a pass makes exactly k mistakes, as the data's own line."""
        return self.least_mistakes_after_pass == len(self.flipped)


def noise_lesson(data: Dataset, trace: Trace | None = None,
                 epochs: int = NOISE_EPOCHS) -> NoiseLesson:
    """The noise scene's lesson on ``data`` (or on a saved perceptron ``trace`` of it).

    The points are visited in index order, as the notes' pseudocode does, unless the
    data comes sorted by class (:func:`sorted_by_class`): then each pass visits them in
    a fresh shuffled order (seed ``SHUFFLE_SEED``), and the run in index order is made
    too, to compare. A saved trace is played in its own order.

    Refuses (DataError, one line) data a line separates, and a saved trace that is
    not the perceptron with offset over whole passes.
    """
    if trace is not None:
        data = trace.data
    check_noise_data(data)
    if trace is None:
        trace = Perceptron(epochs=epochs, offset=True, order=order_for_inseparable(data.y),
                           seed=SHUFFLE_SEED).fit(data).trace_
    elif trace.algorithm != "perceptron" or not trace.params.get("offset", False):
        raise DataError("scene 'noise' plays a perceptron run with offset")
    standardized = None
    if not is_standardized(data):
        scaled = standardize(data)
        scaled_run = Perceptron(epochs=int(trace.result["epochs"]), offset=True,
                                order=order_for_inseparable(data.y),
                                seed=SHUFFLE_SEED).fit(scaled).trace_
        standardized = least_mistakes_after_a_pass(scaled, scaled_run)
    other_order = None
    if sorted_by_class(data.y):
        other = "cyclic" if visiting_order(trace) == "shuffle" else "shuffle"
        other_run = Perceptron(epochs=int(trace.result["epochs"]), offset=True, order=other,
                               seed=SHUFFLE_SEED).fit(data).trace_
        other_order = least_mistakes_after_a_pass(data, other_run)
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    X, y = data.X, data.y
    state_mistakes = np.count_nonzero(mistakes(X, y, thetas, theta0s),
                                      axis=1)
    flipped = tuple(int(i) for i in data.params.get("flipped", ()))
    return NoiseLesson(
        data=data, trace=trace, epochs=int(trace.result["epochs"]), flipped=flipped,
        state_mistakes=state_mistakes.astype(np.int64),
        epoch_states=epoch_boundary_states(trace),
        epoch_updates=mistakes_per_epoch(trace),
        best_line=least_training_error(X, y),
        run=perceptron_lesson(data, offset=True, trace=trace, budget=int(trace.result["epochs"]),
                              needs_separable=False, scene="noise"),
        shown_signed_scores=signed_scores_after_steps(trace),
        other_order_least_mistakes_after_pass=other_order,
        standardized_least_mistakes_after_pass=standardized)
