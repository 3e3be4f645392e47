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
  with gets exactly the flipped points wrong.
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
from .checks import require_classes_in_the_plane

#: passes the run makes: long enough to see it never settle
NOISE_EPOCHS = 30
#: the perceptron's error is "near" the best line's when within this much (5 points in 100)
NEAR_BEST = 0.05


def check_noise_data(data: Dataset, spec: str | None = None) -> None:
    """Data the noise scene can tell the truth about: 2-D labelled data no line separates.

    Raises DataError (one line) otherwise.
    """
    name = spec or data.name
    require_classes_in_the_plane(data, "scene 'noise'", name)
    if is_separable(data.X, data.y, offset=True):
        raise DataError(f"a line separates {name!r}, and scene 'noise' shows data no line "
                        f"separates: use the perceptron scene for it (or try 'noisy')")


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
        the scene inherits reads: errors, decimals, updates per pass, …; its
        ``fast_forward``, whole passes only, is the span the scene skips).
    shown_signed_scores : ndarray of shape (n_steps,)
        Entry k − 1: after k whole steps, y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) of the point visited at
        step k under the state after step k, the θ the panel shows beside it.
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

    # -- predicates ------------------------------------------------------------
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

    Refuses (DataError, one line) data a line separates, and a saved trace that is
    not the perceptron with offset over whole passes.
    """
    if trace is not None:
        data = trace.data
    check_noise_data(data)
    if trace is None:
        trace = Perceptron(epochs=epochs, offset=True).fit(data).trace_
    elif trace.algorithm != "perceptron" or not trace.params.get("offset", False):
        raise DataError("scene 'noise' plays a perceptron run with offset")
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
        shown_signed_scores=signed_scores_after_steps(trace))
