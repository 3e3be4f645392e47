"""The lesson of the scenes `perceptron` and `perceptron-origin`: one run of the notes'
perceptron, played to convergence within a stated budget, and every number and
run-dependent wording choice the scene shows.

The budget
----------
The run goes on until a whole pass makes no update (it has converged), for at
most :data:`PASS_BUDGET` = 1,000 passes over the data (τ = 1,000; fewer only
when the trace of so many passes would not fit the trace memory budget of
:mod:`linviz.safety.limits`). On separable data the perceptron converges (the
theorem: at most (R/γ)² updates), but (R/γ)² can be huge (Iris sepal data
converges after 1,562 updates at pass 721; the built-in data moved far from the
origin needs 21,181 passes). When the budget ends first the lesson says so:
:attr:`PerceptronLesson.stopped_by_budget`, with the data's separability decided
by an exact test (:func:`linviz.theory.is_separable`).

What is played
--------------
A long run is not played visit by visit: its middle passes are fast-forwarded.
A fast-forward spans whole passes only (:class:`FastForward`), so no pass it
skips is narrated, and its counts (passes, updates) are those of the trace.
The passes played are the first ones, as many as hold at most
:data:`HEAD_UPDATES` updates (pass 1 at least), and the last ones, as few as
hold at most :data:`TAIL_UPDATES` updates (the last pass at least); the passes
between are skipped when they hold at least :data:`MIN_SKIPPED_UPDATES` updates.

A point that only looks on the line
-----------------------------------
A point whose distance to the final boundary is below :data:`NEAR_LINE_FRACTION`
(3 %) of the view's side (the larger extent of the data's two coordinates,
origin included) touches the line at the drawing's resolution (a marker's
half-width is about 3 % of the plane's side). Right after "a point on the line
counts as a mistake" such a point would read as a mistake the run let stand:
:attr:`PerceptronLesson.near_line` names them, with their distances and
y·scores, so the scene can show they are not on it.

Digits
------
One rule for the whole scene (:data:`PLACES`): every number of the run is shown
at 2 decimals. A sum whose rounded terms do not add up to the rounded total
(−0.3883 + 1.0246 + 1 = 1.6363 shows as −0.39 + 1.02 + 1, which is 1.63) is
written with ≈ instead of = (:meth:`PerceptronLesson.sum_adds_up`). A distance
to the line (a small number of another kind) is shown to 2 significant digits.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import CLASSIFICATION, Dataset
from ..errors import DataError
from ..pacing import SLOW_UPDATES
from ..perceptron import Perceptron, mistakes, on_line
from ..theory import is_separable, training_error
from ..ties import least_index
from .checks import require_classes_in_the_plane

#: τ, the most passes the scenes run the perceptron for (see the module's docstring)
PASS_BUDGET = 1000
#: updates played (each its own beat) before a fast-forward
HEAD_UPDATES = 12
#: updates played (each its own beat) after a fast-forward
TAIL_UPDATES = 3
#: a fast-forward skips at least this many updates (fewer are played: it would save little)
MIN_SKIPPED_UPDATES = 6
#: in a pass played, more than this many updates after the explained ones are played
#: together in one beat, with their count said
UPDATES_SAID_ONE_BY_ONE = 8
#: the decimals of every number of the run on screen and in captions
PLACES = 2
#: a point closer than this fraction of the view's side to the line looks on it
NEAR_LINE_FRACTION = 0.03


@dataclass(frozen=True)
class FastForward:
    """Passes ``first_pass``..``last_pass`` skipped: steps ``start``+1..``end`` (1-based),
    i.e. the step index goes from ``start`` to ``end``; ``updates`` made in them."""

    start: int
    end: int
    first_pass: int
    last_pass: int
    updates: int

    @property
    def passes(self) -> int:
        """How many passes are skipped."""
        return self.last_pass - self.first_pass + 1


@dataclass(frozen=True)
class NearLinePoint:
    """A point that looks on the final line: its index (0-based), its distance to the line
    |θᵀx + θ₀|/‖θ‖ (data units) and its y·score y(θᵀx + θ₀)."""

    index: int
    distance: float
    signed_score: float


@dataclass(frozen=True)
class ExplainedUpdate:
    """An update explained step by step, at step index ``step`` on point ``point``.

    ``old_score`` = y(θᵀx + θ₀) before it, ``new_score`` after it, which is
    old_score + ‖x‖² (+ 1 with an offset): the notes' identity.
    """

    step: int
    point: int
    label: float
    old_score: float
    squared_norm: float
    new_score: float
    #: θ (and θ₀) were 0 before it, and it was the run's first update: no line before it
    first_boundary: bool
    #: the run's first update from θ ≠ 0: the first that moves a line already drawn
    first_turn: bool

    @property
    def corrects(self) -> bool:
        """The point is on its own side after the update: new score > 0."""
        return self.new_score > 0


@dataclass(frozen=True)
class PerceptronLesson:
    """What the perceptron scenes show: the run and what is said about it.

    Attributes
    ----------
    data : Dataset
    offset : bool
        The perceptron with offset (θ₀ learned) or through the origin.
    trace : Trace
        The run, every visit recorded.
    budget : int
        τ, the most passes the run was given.
    separable : bool
        A line (through the origin when not ``offset``) separates the data:
        :func:`linviz.theory.is_separable`, an exact test.
    errors : ndarray of shape (M + 1,)
        ℰₙ(θ, θ₀) = (1/n) Σᵢ [y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0] of every state.
    mistakes_per_pass : ndarray of shape (passes,)
        Updates made in each pass.
    fast_forward : FastForward or None
    near_line : tuple of NearLinePoint
        Points of the final state that look on the line (see the module's docstring).
    view_side : float
        The side of the view the near-line test is relative to (data units).
    places : int
        The decimals of every number of the run on screen and in captions.
    """

    data: Dataset
    offset: bool
    trace: object
    budget: int
    separable: bool
    errors: np.ndarray
    mistakes_per_pass: np.ndarray
    fast_forward: FastForward | None
    near_line: tuple[NearLinePoint, ...]
    view_side: float
    places: int
    slow_updates: int = SLOW_UPDATES

    @property
    def closest_to_line(self) -> NearLinePoint | None:
        """The near-line point closest to the line (the first of equals), or None."""
        if not self.near_line:
            return None
        return self.near_line[least_index([p.distance for p in self.near_line])]

    @property
    def near_line_distance(self) -> float:
        """The distance below which a point looks on the line: NEAR_LINE_FRACTION · view side."""
        return NEAR_LINE_FRACTION * self.view_side

    @property
    def near_line_all_correct(self) -> bool:
        """Every near-line point is on its own side: y·score > 0."""
        return all(p.signed_score > 0 for p in self.near_line)

    @property
    def converged(self) -> bool:
        """A whole pass made no update: the run ended at the loop's break."""
        return bool(self.trace.result["converged"])

    @property
    def stopped_by_budget(self) -> bool:
        """The budget of passes ended before the run converged."""
        return not self.converged

    @property
    def updates(self) -> int:
        """M, the number of updates of the run."""
        return int(self.trace.result["updates"])

    @property
    def passes(self) -> int:
        """Passes made (the clean last one included when converged)."""
        return int(self.trace.result["epochs"])

    @property
    def final_mistakes(self) -> int:
        """Points the final (θ, θ₀) gets wrong: n·ℰₙ of the last state."""
        return int(round(self.errors[-1] * self.data.n_samples))

    def updates_in_pass(self, epoch: int, from_step: int = 0) -> int:
        """Updates of pass ``epoch`` (1-based) at steps from index ``from_step`` on."""
        steps = self.trace.steps
        chosen = (steps["epoch"] == epoch) & (np.arange(self.trace.n_steps) >= from_step)
        return int(np.count_nonzero(steps["mistake"][chosen]))

    def explained_update(self, step: int) -> ExplainedUpdate:
        """The facts said of the update at step index ``step``."""
        steps, states = self.trace.steps, self.trace.states
        i = int(steps["i"][step])
        x, label = self.data.X[i], float(self.data.y[i])
        before = self.trace.state_after(step)
        theta, theta0 = states["theta"][before + 1], float(states["theta0"][before + 1])
        zero = lambda s: not np.any(states["theta"][s]) and states["theta0"][s] == 0  # noqa: E731
        mistakes = np.flatnonzero(steps["mistake"])
        # update r (0-based) starts from state r: the first from θ ≠ 0
        nonzero = np.flatnonzero(np.any(states["theta"][:-1] != 0, axis=1))
        from_nonzero = [int(mistakes[nonzero[0]])] if nonzero.size else []
        return ExplainedUpdate(
            step=step, point=i, label=label, old_score=float(steps["score"][step]),
            squared_norm=float(x @ x), new_score=float(label * (x @ theta + theta0)),
            first_boundary=bool(zero(before) and step == int(mistakes[0])),
            first_turn=bool(not zero(before) and from_nonzero and step == from_nonzero[0]))

    def sum_adds_up(self, step: int) -> bool:
        """At the update of step index ``step`` (point i), the rounded old score, ‖x⁽ⁱ⁾‖²
        (and 1, with offset) add up to the rounded new score: "=", else "≈"."""
        steps = self.trace.steps
        x = self.data.X[int(steps["i"][step])]
        old, squared = float(steps["score"][step]), float(x @ x)
        one = 1.0 if self.offset else 0.0
        p = self.places
        shown = round(round(old, p) + round(squared, p) + one, p)
        return abs(shown - round(old + squared + one, p)) < 0.5 * 10 ** -p

    def played_passes(self) -> list[int]:
        """The passes played and narrated, in order (those outside the fast-forward)."""
        skipped = (range(self.fast_forward.first_pass, self.fast_forward.last_pass + 1)
                   if self.fast_forward else range(0))
        return [p for p in range(1, self.passes + 1) if p not in skipped]

    def said_one_by_one(self, epoch: int, from_step: int) -> bool:
        """The updates of pass ``epoch`` from step index ``from_step`` on are each given a
        beat of their own (else they play together, their count said)."""
        return self.updates_in_pass(epoch, from_step) <= UPDATES_SAID_ONE_BY_ONE


def budget_for(data: Dataset, offset: bool, passes: int = PASS_BUDGET) -> int:
    """τ for ``data``: ``passes``, or fewer when their trace would not fit the trace
    memory budget."""
    return min(int(passes), Perceptron(offset=offset).epochs_within_budget(data))


def check_perceptron_data(data: Dataset, offset: bool, scene: str = "perceptron",
                          spec: str | None = None) -> None:
    """Refuse, in one line saying why and what to use, data the scene cannot be truthful
    about: regression data, data that is not 2-D, data no line separates (through the
    origin, for the origin scene). ``spec``: the data as the lecturer named it (--data),
    which the message quotes (by default the data set's name)."""
    name = spec or data.name
    require_classes_in_the_plane(data, f"scene {scene!r}", name)
    if is_separable(data.X, data.y, offset=offset):
        return
    if not offset and is_separable(data.X, data.y, offset=True):
        raise DataError(f"scene {scene!r}: {name!r} is not separable through the origin: "
                        f"use the perceptron scene, which has an offset")
    raise DataError(f"scene {scene!r}: {name!r} is not separable: the 'noise' scene shows "
                    f"the perceptron on such data")


def check_perceptron_scene_data(data: Dataset, spec: str | None = None) -> None:
    """The scene `perceptron`'s check of its data (its ``data_check`` in
    :data:`linviz.lessons.SCENE_LESSONS`): :func:`check_perceptron_data` with an offset."""
    _check_scene_classes(data, spec, offset=True, scene="perceptron")


def check_perceptron_origin_scene_data(data: Dataset, spec: str | None = None) -> None:
    """The scene `perceptron-origin`'s check of its data: :func:`check_perceptron_data`
    through the origin."""
    _check_scene_classes(data, spec, offset=False, scene="perceptron-origin")


def _check_scene_classes(data: Dataset, spec: str | None, offset: bool, scene: str) -> None:
    """:func:`check_perceptron_data` of classification data, the data a perceptron scene
    reads (``--data`` is read as its task's data): regression data, which only a trace file
    made by hand brings, is left to the separability test every such scene makes next
    (:func:`linviz.scene_checks.check_separable`)."""
    if data.task == CLASSIFICATION:
        check_perceptron_data(data, offset, scene, spec)


def signed_scores_after_steps(trace) -> np.ndarray:
    """Entry k − 1: y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) of the point i visited at step k under the state
    after step k (what a panel showing that state's θ pairs with it): shape (n_steps,);
    0.0 where it is 0 by the learner's rule (:func:`linviz.perceptron.on_line`)."""
    X, y = trace.data.X, trace.data.y
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    after = np.asarray(trace.steps["state"], dtype=np.int64)
    visited = np.asarray(trace.steps["i"], dtype=np.int64)
    terms = thetas[after] * X[visited]
    z = y[visited] * (np.sum(terms, axis=1) + theta0s[after])
    return np.where(on_line(z, np.sum(np.abs(terms), axis=1) + np.abs(theta0s[after])), 0.0, z)


def fast_forward_span(mistake: np.ndarray, epoch: np.ndarray, n: int,
                      head_updates: int = HEAD_UPDATES,
                      tail_updates: int = TAIL_UPDATES) -> FastForward | None:
    """The passes a long run skips, whole passes only (None: every pass is played).

    With m_p the updates of pass p (p = 1..P): when Σ m_p ≤ head + tail nothing
    is skipped. Otherwise passes 1..a are played, a ≥ 1 the most with
    Σ_{p ≤ a} m_p ≤ head, and passes b..P, b ≤ P the least with
    Σ_{p ≥ b} m_p ≤ tail; passes a + 1..b − 1 are skipped when they hold at least
    :data:`MIN_SKIPPED_UPDATES` updates.
    """
    mistake = np.asarray(mistake, dtype=bool)
    passes = int(epoch[-1]) if len(epoch) else 0
    per_pass = np.bincount(np.asarray(epoch)[mistake], minlength=passes + 1)[1:]
    if int(per_pass.sum()) <= head_updates + tail_updates:
        return None
    head_totals = np.cumsum(per_pass)
    a = max(1, int(np.count_nonzero(head_totals <= head_updates)))
    tail_totals = np.cumsum(per_pass[::-1])  # tail_totals[j]: passes P - j..P
    b = passes - max(0, int(np.count_nonzero(tail_totals <= tail_updates)) - 1)
    b = min(b, passes)
    if b - a - 1 < 1 or int(per_pass[a:b - 1].sum()) < MIN_SKIPPED_UPDATES:
        return None
    return FastForward(start=a * n, end=(b - 1) * n, first_pass=a + 1, last_pass=b - 1,
                       updates=int(per_pass[a:b - 1].sum()))


def near_line_points(X: np.ndarray, y: np.ndarray, theta, theta0: float,
                     view_side: float) -> tuple[NearLinePoint, ...]:
    """Points with |θᵀx + θ₀|/‖θ‖ < NEAR_LINE_FRACTION · ``view_side``, in index order
    (none when θ = 0: there is no line)."""
    theta = np.asarray(theta, dtype=float)
    norm = float(np.linalg.norm(theta))
    if norm == 0:
        return ()
    raw = X @ theta + theta0
    distance = np.abs(raw) / norm
    return tuple(NearLinePoint(int(i), float(distance[i]), float(y[i] * raw[i]))
                 for i in np.flatnonzero(distance < NEAR_LINE_FRACTION * view_side))


def view_side_of(X: np.ndarray) -> float:
    """The larger extent of the data's coordinates, origin included (data units)."""
    low = np.minimum(X.min(axis=0), 0.0)
    high = np.maximum(X.max(axis=0), 0.0)
    return float(np.max(high - low))


def perceptron_run(data: Dataset, offset: bool, trace=None, budget: int | None = None):
    """The saved ``trace`` when given, else the notes' perceptron run on ``data`` for at
    most ``budget`` passes (default :func:`budget_for`)."""
    if trace is not None:
        return trace
    tau = budget_for(data, offset, PASS_BUDGET if budget is None else budget)
    return Perceptron(epochs=tau, offset=offset).fit(data).trace_


def perceptron_lesson(data: Dataset, *, offset: bool = True, trace=None,
                      budget: int = PASS_BUDGET, needs_separable: bool = True,
                      scene: str | None = None) -> PerceptronLesson:
    """The lesson of the perceptron scenes on ``data``.

    Parameters
    ----------
    data : Dataset of 2-D (any d) points with labels ±1.
    offset : the perceptron with offset (scene `perceptron`) or through the origin.
    trace : a saved run to play (its learner and options checked by the scene).
    budget : τ, the most passes (fewer when the trace would not fit in memory:
        :func:`budget_for`).
    needs_separable : refuse data not separable the scene's way (the lessons of the
        scenes that play a perceptron run on inseparable data, `noise` and `xor`, pass
        False and a budget).
    """
    scene = scene or ("perceptron" if offset else "perceptron-origin")
    if needs_separable:
        check_perceptron_data(data, offset, scene)
    tau = budget_for(data, offset, budget) if trace is None else budget
    trace = perceptron_run(data, offset, trace, tau)
    if trace is not None and "epochs" in trace.params:
        tau = max(int(trace.params["epochs"]), 1)
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]
    X, y = data.X, data.y
    # ℰₙ of every state at once: (M + 1, n) y·scores
    errors = np.mean(mistakes(X, y, thetas, theta0s), axis=1) \
        if len(thetas) * len(y) <= 5_000_000 else np.array(
            [training_error(X, y, t, t0) for t, t0 in zip(thetas, theta0s)])
    steps = trace.steps
    passes = int(trace.result["epochs"])
    per_pass = np.bincount(steps["epoch"][steps["mistake"]], minlength=passes + 1)[1:]
    span = fast_forward_span(steps["mistake"], steps["epoch"], data.n_samples)
    side = view_side_of(X)
    near = near_line_points(X, y, thetas[-1], float(theta0s[-1]), side)
    places = PLACES
    return PerceptronLesson(
        data=data, offset=offset, trace=trace, budget=tau,
        separable=is_separable(X, y, offset=offset), errors=errors,
        mistakes_per_pass=per_pass, fast_forward=span, near_line=near, view_side=side,
        places=places)


def perceptron_origin_lesson(data: Dataset, *, trace=None, budget: int = PASS_BUDGET
                             ) -> PerceptronLesson:
    """The lesson of the scene `perceptron-origin`: the perceptron through the origin."""
    return perceptron_lesson(data, offset=False, trace=trace, budget=budget,
                             scene="perceptron-origin")
