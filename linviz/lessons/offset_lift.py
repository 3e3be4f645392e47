"""The lesson of the scene `offset-lift`: the offset is one more feature.

Part 1 lifts 1-D points x to [x, 1] on the line x₂ = 1 of the plane; part 2
lifts 2-D points (the built-in 'separable' set of the same seed) to the plane
x₃ = 1 of 3-D space. In each part two runs of the notes' perceptron:

- through the origin on the lifted points [x, 1]: weights [θ, θ₀];
- with an offset on the points x: θ and θ₀.

The notes' proof says they are one run: each update adds y·[x, 1] to [θ, θ₀]
in the first and y·x to θ, y to θ₀ in the second, and both test the same sign
y(θᵀx + θ₀). :attr:`OffsetLiftLesson.line_same_sequence` and
:attr:`~OffsetLiftLesson.space_same_sequence` check it on the traces, state for
state; the scene says "the same numbers" only when they hold.

Each run goes until a pass makes no update, for at most ⌊(R/γ)²⌋ + 2 passes
(:func:`linviz.theory.epochs_to_converge`), which the theorem says is enough.

Data: 1-D classification data that a threshold separates (a line with offset);
2-D data is refused in one line (pick one column with ``--features``; the
scene 'proof-offset' shows the same lift for 2-D data).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..dataset import CLASSIFICATION, Dataset
from ..errors import DataError
from ..perceptron import Perceptron
from ..sources import resolve_data
from ..theory import augment, epochs_to_converge, is_separable
from ..ties import TIE_RTOL
from ..trace import Trace
from ..transforms import is_standardized

#: the 2-D data set of part 2 (built in, made with the scene's seed)
PLANE_DATA = "separable"
#: the first updates of part 2's two runs shown side by side
TABLE_UPDATES = 4
#: x counts as standardised when |mean| and |standard deviation − 1| are at most this
#: (a CSV of standardised data keeps them within rounding of 0 and 1)
STANDARDISED_TOLERANCE = 1e-4


def augmented(data: Dataset) -> Dataset:
    """The points [x, 1] with the same labels (the notes' augmented vectors)."""
    return Dataset(f"{data.name}+1", augment(data.X), data.y, label_names=data.label_names,
                   params={"augmented_from": data.name})


def threshold_of(weights) -> float | None:
    """Where the line θ₁x + θ₀x₂ = 0 of the weights [θ₁, θ₀] crosses x₂ = 1:
    x = −θ₀/θ₁ (None when θ₁ = 0)."""
    return None if weights[0] == 0 else float(-weights[1] / weights[0])


def update_states(trace: Trace) -> np.ndarray:
    """The weights after 0, 1, …, M updates of a run, offset appended when it has one:
    shape (M + 1, d) for a run through the origin, (M + 1, d + 1) with an offset."""
    theta = np.asarray(trace.states["theta"], dtype=float)
    if trace.params.get("offset"):
        return np.column_stack([theta, np.asarray(trace.states["theta0"], dtype=float)])
    return theta


def same_sequence(origin: Trace, offset: Trace) -> bool:
    """Whether the origin run on [x, 1] and the offset run on x hold the same numbers after
    every update: [θ, θ₀] of one equals (θ, θ₀) of the other, state for state, exactly
    (the same additions of the same numbers), and they make as many updates."""
    a, b = update_states(origin), update_states(offset)
    return a.shape == b.shape and bool(np.array_equal(a, b))


def check_line_data(data: Dataset, spec: str | None = None) -> None:
    """1-D classification data that a threshold separates, or one line saying why not
    (``spec`` names the data, its name when None)."""
    where = f"scene 'offset-lift': {spec if spec is not None else data.name!r}"
    if data.task != CLASSIFICATION:
        raise DataError(f"{where} is regression data; the scene separates two classes on a "
                        f"line (try 'offset1d')")
    if data.n_features != 1:
        raise DataError(f"{where} has {data.n_features} features; the scene lifts 1-D data "
                        f"to the plane (its 3-D part uses the built-in '{PLANE_DATA}'): pick "
                        f"one column with --features, or see 'proof-offset' for 2-D data")
    if not is_separable(data.X, data.y, offset=True):
        raise DataError(f"{where}: no threshold separates its classes, so no line through "
                        f"the origin separates the lifted points either; use 'noise' for "
                        f"data no line separates")


def run_to_convergence(data: Dataset, offset: bool) -> Trace:
    """The notes' perceptron on ``data`` until a pass makes no update (the theorem's
    ⌊(R/γ)²⌋ + 2 passes at most)."""
    return Perceptron(epochs=epochs_to_converge(data, offset), offset=offset).fit(data).trace_


@dataclass(frozen=True, eq=False)
class LiftedRuns:
    """One part: the data x, its lift [x, 1], the origin run on [x, 1] and the offset run
    on x."""

    data: Dataset
    lifted: Dataset
    origin: Trace
    offset: Trace

    @property
    def same_sequence(self) -> bool:
        """:func:`same_sequence` of the two runs: one run, update for update."""
        return same_sequence(self.origin, self.offset)

    @property
    def same_end(self) -> bool:
        """Whether both end at the same numbers: final [θ, θ₀] = final (θ, θ₀)."""
        a, b = update_states(self.origin)[-1], update_states(self.offset)[-1]
        return bool(np.array_equal(a, b))

    @property
    def converged(self) -> bool:
        """Whether the origin run ended with a pass without updates."""
        return bool(self.origin.result["converged"])

    @property
    def updates(self) -> tuple[int, int]:
        """(M of the origin run, M of the offset run)."""
        return int(self.origin.result["updates"]), int(self.offset.result["updates"])

    @property
    def final_scores(self) -> np.ndarray:
        """y⁽ⁱ⁾[θ, θ₀]ᵀ[x⁽ⁱ⁾, 1] of every point at the end of the origin run: shape (n,)."""
        weights = np.asarray(self.origin.result["theta"], dtype=float)
        return self.lifted.y * (self.lifted.X @ weights)

    @property
    def points_on_boundary(self) -> np.ndarray:
        """Indices of the points whose final score is 0 up to rounding: |score| ≤
        TIE_RTOL·‖[θ, θ₀]‖·max‖[x, 1]‖ (:mod:`linviz.ties`). Such a point passed the test
        y·score ≤ 0 only by the last bits of a float (Iris petal lengths of one decimal
        give θ = (1, −3) and the point at x = 3.0 a score of 1.3e-15): in exact arithmetic
        it is a mistake and the run would go on."""
        weights = np.asarray(self.origin.result["theta"], dtype=float)
        scale = float(np.linalg.norm(weights)) * float(np.max(np.linalg.norm(self.lifted.X,
                                                                             axis=1)))
        return np.flatnonzero(np.abs(self.final_scores) <= TIE_RTOL * max(scale, 1.0))

    @property
    def stopped_by_rounding(self) -> bool:
        """Whether the run ended only because rounding put a point just off the boundary
        (:attr:`points_on_boundary` is not empty): "converges" would then be false."""
        return bool(len(self.points_on_boundary))

    @property
    def states_after_steps(self) -> np.ndarray:
        """The origin run's state index after k steps (visits), k = 0..n_steps: (n_steps + 1,)."""
        return np.concatenate([[0], np.asarray(self.origin.steps["state"], dtype=np.int64)])

    def no_boundary(self, step: int) -> bool:
        """Whether the origin run has no boundary after ``step`` visits: [θ, θ₀] = 0."""
        states = np.asarray(self.origin.states["theta"])
        after = self.states_after_steps
        return not np.any(states[after[min(max(step, 0), len(after) - 1)]])


@dataclass(frozen=True, eq=False)
class OffsetLiftLesson:
    """What `offset-lift` shows: ``line`` (part 1, the 1-D data) and ``space`` (part 2,
    the 2-D data set ``PLANE_DATA``), with the words that depend on them.

    ``example_weights`` [θ₁, θ₀] is a line through the origin of the plane that
    crosses x₂ = 1 midway between the two classes (at ``example_threshold``), with
    the + points on its positive side: what "a line through the origin can cross
    x₂ = 1 between the − and the + points" shows before any run.
    ``table`` holds the first :data:`TABLE_UPDATES` updates of part 2's runs side by
    side: (k, [θ, θ₀] on [x, 1], θ on x, θ₀ on x).
    """

    line: LiftedRuns
    space: LiftedRuns
    example_threshold: float
    example_weights: np.ndarray
    table: tuple[tuple[int, np.ndarray, np.ndarray, float], ...]

    @property
    def x(self) -> np.ndarray:
        """The 1-D points: shape (n,)."""
        return self.line.data.X[:, 0]

    @property
    def distinct_places(self) -> int:
        """How many distinct values the n points take (fewer markers than points when some
        coincide: Iris petal lengths, 100 points at 28 places)."""
        return int(np.unique(self.x).size)

    @property
    def class_names(self) -> tuple[str, str] | None:
        """What −1 and +1 stand for (a CSV's class names), None when unnamed."""
        names = self.line.data.label_names
        return None if tuple(names) == ("-1", "+1") else (str(names[0]), str(names[1]))

    @property
    def feature_name(self) -> str | None:
        """The CSV's name of the feature x, None when unnamed."""
        names = self.line.data.feature_names
        return str(names[0]) if names else None

    @property
    def standardised(self) -> bool:
        """Whether x is standardised: made by ``--standardize``, or by content, mean 0 and
        standard deviation 1 (population) within STANDARDISED_TOLERANCE (a CSV of
        standardised data)."""
        if is_standardized(self.line.data):
            return True
        x = self.x
        return bool(abs(np.mean(x)) <= STANDARDISED_TOLERANCE
                    and abs(np.std(x) - 1.0) <= STANDARDISED_TOLERANCE)

    @property
    def feature_words(self) -> str | None:
        """What x is, for the captions: the CSV's name, and for standardised data the name
        without its unit ("petal length (cm)" → "petal length") and "standardised";
        None when unnamed and not standardised."""
        name = self.feature_name
        if not self.standardised:
            return name
        bare = re.sub(r"\s*\([^)]*\)\s*$", "", name) if name else None
        return f"{bare}, standardised" if bare else "standardised"

    @property
    def offset_unused(self) -> bool:
        """Part 1's origin run ends at θ₀ = 0 having converged, so its classifier is one
        through 0: the offset does nothing on this data (0 separates the classes)."""
        return (bool(self.final_weights[1] == 0) and self.line.converged
                and not self.line.stopped_by_rounding)

    @property
    def negatives_left(self) -> bool:
        """Whether every −1 point lies left of every +1 point (else every + left of every −)."""
        y = self.line.data.y
        return bool(np.max(self.x[y < 0]) < np.min(self.x[y > 0]))

    @property
    def signs_of_x(self) -> str:
        """"positive" (every x > 0), "negative" (every x < 0) or "both": what sign(θ₁x)
        can do with these points (one label for all when they share a sign)."""
        if np.all(self.x > 0):
            return "positive"
        return "negative" if np.all(self.x < 0) else "both"

    @property
    def zero_separates(self) -> bool:
        """Whether a classifier through 0, sign(θ₁x), separates the classes (an exact test:
        :func:`linviz.theory.is_separable` without offset)."""
        return is_separable(self.line.data.X, self.line.data.y, offset=False)

    @property
    def final_weights(self) -> np.ndarray:
        """[θ₁, θ₀] at the end of part 1's origin run: shape (2,)."""
        return np.asarray(self.line.origin.result["theta"], dtype=float)

    @property
    def final_threshold(self) -> float | None:
        """−θ₀/θ₁ of :attr:`final_weights`: where its line crosses x₂ = 1."""
        return threshold_of(self.final_weights)

    @property
    def threshold_separates(self) -> bool:
        """Whether the final threshold puts every point on its own side:
        y·θ₁(x − t) > 0 for every point."""
        t = self.final_threshold
        theta1 = self.final_weights[0]
        return t is not None and bool(np.all(self.line.data.y * theta1 * (self.x - t) > 0))

    def threshold_after(self, step: int) -> float | None:
        """−θ₀/θ₁ of part 1's origin run after ``step`` visits (None while θ₁ = 0)."""
        after = self.line.states_after_steps
        weights = np.asarray(self.line.origin.states["theta"])[
            after[min(max(step, 0), len(after) - 1)]]
        return threshold_of(weights)


def offset_lift_lesson(data: Dataset, seed: int = 0, spec: str | None = None) -> OffsetLiftLesson:
    """The lesson of `offset-lift` for the 1-D data ``data`` (part 2's data from ``seed``).

    Raises :class:`~linviz.errors.DataError` (one line) for data the scene cannot
    show: not 1-D, regression, or no threshold separating the classes.
    """
    check_line_data(data, spec or data.name)
    plane = resolve_data(PLANE_DATA, seed=seed)
    parts = []
    for part in (data, plane):
        lifted = augmented(part)
        parts.append(LiftedRuns(part, lifted, run_to_convergence(lifted, offset=False),
                                run_to_convergence(part, offset=True)))
    line, space = parts
    x, y = line.data.X[:, 0], line.data.y
    negatives_left = np.max(x[y < 0]) < np.min(x[y > 0])
    left, right = (x[y < 0], x[y > 0]) if negatives_left else (x[y > 0], x[y < 0])
    middle = float((np.max(left) + np.min(right)) / 2)
    # + on the positive side: θ₁(x − t) > 0 for the + points
    sign = 1.0 if negatives_left else -1.0
    example = sign * np.array([1.0, -middle])
    origin, offset = update_states(space.origin), update_states(space.offset)
    count = min(TABLE_UPDATES, len(origin) - 1, len(offset) - 1)
    table = tuple((k, origin[k], offset[k][:-1], float(offset[k][-1]))
                  for k in range(1, count + 1))
    return OffsetLiftLesson(line=line, space=space, example_threshold=middle,
                            example_weights=example, table=table)
