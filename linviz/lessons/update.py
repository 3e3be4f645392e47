"""The lesson of the scene `update`: what one perceptron update does to the score of
the point it was made on, on a real mistake of the run, and a point that needs
several updates.

After a mistake on point i the perceptron sets θ' = θ + y⁽ⁱ⁾x⁽ⁱ⁾ and
θ'₀ = θ₀ + y⁽ⁱ⁾, so the point's score becomes
y⁽ⁱ⁾(θ'ᵀx⁽ⁱ⁾ + θ'₀) = y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) + ‖x⁽ⁱ⁾‖² + 1.

The run is the perceptron lesson's (:mod:`linviz.lessons.perceptron`): to
convergence, for at most τ = 1,000 passes. Every update of point j in the
several-updates example carries two predicates, *correct after its update*
and *correct after the next update* (of the run, on any point), which choose
its words: a point correct after its own update may be made wrong again by the
next one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import Dataset
from ..errors import DataError
from ..generators import make_builtin
from ..perceptron import signed_scores
from ..formatting import sum_places
from .checks import require_classes_in_the_plane
from .perceptron import PASS_BUDGET, perceptron_run

#: the several-updates history shows at most this many rows (a row: one update, or
#: neighbouring updates on other points together)
MAX_HISTORY_ROWS = 14
#: where a point that needs several updates comes from when the main run has none
SEVERAL_DATA = "offset1d"
#: its seed: the first point still wrong after its update there needs three
SEVERAL_SEED = 2


def first_explained_mistake(trace) -> int:
    """The step (0-based) of the first mistake whose score is < 0, else of the first mistake."""
    mistakes = np.flatnonzero(trace.steps["mistake"])
    if mistakes.size == 0:
        raise DataError("the perceptron made no mistake on this data: there is no update to show")
    negative = mistakes[trace.steps["score"][mistakes] < 0]
    return int(negative[0] if negative.size else mistakes[0])


def score_history(trace, i: int) -> np.ndarray:
    """y_i(θ_kᵀx_i + θ₀_k) for every state k of the run: shape (n_states,); 0.0 where it
    is 0 by the learner's rule (:func:`linviz.perceptron.on_line`)."""
    x, label = trace.data.X[i], float(trace.data.y[i])
    return signed_scores(x[None, :], np.array([label]), trace.states["theta"],
                         trace.states["theta0"])[:, 0]


def update_points(trace) -> np.ndarray:
    """The point of the update that made state m, for m = 1..M: shape (M,).

    Entry m - 1 belongs to state m (a perceptron's state index is its update count).
    """
    return np.asarray(trace.steps["i"][np.flatnonzero(trace.steps["mistake"])], dtype=int)


def first_point_still_wrong(trace) -> int | None:
    """The first point whose own update left its score ≤ 0 (None if every update fixed it)."""
    for state, i in enumerate(update_points(trace), start=1):
        if score_history(trace, int(i))[state] <= 0:
            return int(i)
    return None


def history_rows(owners: np.ndarray, i: int, max_rows: int = MAX_HISTORY_ROWS
                 ) -> list[tuple[int, int, bool]]:
    """Rows (from state, to state, own update?) that show the score history of point i.

    One row per update while there are at most ``max_rows`` of them. Otherwise
    the history stops at the state after the point's last own update, and
    neighbouring updates on other points share a row when that is still too
    many; the rows always cover a contiguous run of states from 0.
    """
    own = owners == i
    last = len(owners)
    if last > max_rows and own.any():
        last = int(np.flatnonzero(own)[-1]) + 1
    rows = [(m - 1, m, bool(own[m - 1])) for m in range(1, last + 1)]
    if len(rows) > max_rows:
        merged: list[tuple[int, int, bool]] = []
        for row in rows:
            if merged and not row[2] and not merged[-1][2]:
                merged[-1] = (merged[-1][0], row[1], False)
            else:
                merged.append(row)
        rows = merged
    return rows[:max_rows]


def places_that_add_up(old: float, norm_squared: float, new: float, most: int = 6) -> int:
    """Decimal places (from 2) at which the rounded old + ‖x‖² + 1 is the rounded new
    (``most`` when none up to it does: see :attr:`UpdateLesson.identity_adds_up`)."""
    for places in range(2, most + 1):
        if round(round(old, places) + round(norm_squared, places) + 1 - round(new, places),
                 places + 2) == 0:
            return places
    return most


@dataclass(frozen=True)
class OwnUpdate:
    """An update of the several-updates point j, made state ``state`` (its update count).

    ``before`` and ``after``: j's score y(θᵀx + θ₀) before and after it;
    ``after_next``: after the run's next update (None when it was the last).
    """

    state: int
    before: float
    after: float
    after_next: float | None
    #: j's score stays > 0 from this update to the end of the run
    correct_to_the_end: bool

    @property
    def correct_after_its_update(self) -> bool:
        """y_j(θ'ᵀx_j + θ'₀) > 0 once this update is made."""
        return self.after > 0

    @property
    def correct_after_the_next_update(self) -> bool | None:
        """j's score is > 0 after the run's next update too (None: there is none)."""
        return None if self.after_next is None else self.after_next > 0

    @property
    def wording(self) -> str:
        """What the scene says of j after this update: "still a mistake", "correct, kept"
        (the next update leaves it correct, or there is none), "correct, undone" (the next
        update makes it a mistake again)."""
        if not self.correct_after_its_update:
            return "still a mistake"
        return "correct, undone" if self.correct_after_the_next_update is False else \
            "correct, kept"


@dataclass(frozen=True)
class UpdateLesson:
    """What the scene `update` shows.

    The explained mistake: step ``step`` (0-based) of ``trace``, point ``point``
    with ``x`` (shape (d,)) and ``label``; (θ, θ₀) before and (θ', θ'₀) after;
    ``old_score`` = y(θᵀx + θ₀), ``new_score`` = y(θ'ᵀx + θ'₀) =
    old_score + ``gain``, ``gain`` = ‖x‖² + 1; ``places``: decimals at which the
    shown sum adds up.

    Several updates: point ``several_point`` of ``several_trace`` (the same run,
    or one on ``SEVERAL_DATA`` when no point of this run needs a second update:
    ``several_from_other_data``), its score after every state (``history``,
    shape (M + 1,)), the point of every update (``owners``, shape (M,)), the rows
    shown (``rows``, see :func:`history_rows`), ``own_updates`` with their
    predicates, and ``history_places``, the decimals at which every row adds up.
    """

    data: Dataset
    trace: object
    step: int
    point: int
    x: np.ndarray
    label: float
    theta_before: np.ndarray
    theta0_before: float
    theta_after: np.ndarray
    theta0_after: float
    old_score: float
    norm_squared: float
    gain: float
    new_score: float
    places: int
    several_trace: object
    several_point: int
    several_from_other_data: bool
    history: np.ndarray
    owners: np.ndarray
    rows: tuple
    several_gain: float
    own_updates: tuple[OwnUpdate, ...]
    history_places: int

    def boundary_in_view(self, after: bool) -> bool:
        """Whether the boundary before (or ``after``) the update crosses the scene's view
        (:func:`linviz.view_box.fitted_box` of the data, as the scene's plane): a turn said
        is a turn seen."""
        from ..geometry import clip_line
        from ..view_box import fitted_box

        theta = self.theta_after if after else self.theta_before
        theta0 = self.theta0_after if after else self.theta0_before
        if not np.any(theta):
            return False
        return clip_line(np.asarray(theta, dtype=float), float(theta0),
                         fitted_box(self.data.X)) is not None

    @property
    def identity_adds_up(self) -> bool:
        """The rounded old score + rounded ‖x‖² + 1 is the rounded new score, at ``places``:
        the scene writes "=", else "≈"."""
        p = self.places
        shown = round(round(self.old_score, p) + round(self.norm_squared, p) + 1, p)
        return abs(shown - round(self.new_score, p)) < 0.5 * 10 ** -p

    @property
    def corrects_at_once(self) -> bool:
        """The explained update leaves its point correct: new score > 0."""
        return self.new_score > 0

    @property
    def last_state_shown(self) -> int:
        """The last state of the history rows."""
        return int(self.rows[-1][1])

    @property
    def own_updates_shown(self) -> int:
        """Updates of j among the rows shown."""
        return int(sum(own for _, _, own in self.rows))

    @property
    def other_updates_shown(self) -> int:
        """Updates on other points among the rows shown."""
        return self.last_state_shown - self.own_updates_shown

    @property
    def final_score_shown(self) -> float:
        """j's score after the last shown row."""
        return float(self.history[self.last_state_shown])

    @property
    def several_positives(self) -> int:
        """Points labelled +1 in the several-updates data set."""
        return int(np.count_nonzero(self.several_trace.data.y > 0))

    @property
    def history_reaches_the_end(self) -> bool:
        """The rows shown run to the run's last update."""
        return self.last_state_shown == len(self.history) - 1

    @property
    def several_separable(self) -> bool:
        """Some line (with an offset) separates the data of the several-updates run (exact
        test, :func:`linviz.theory.is_separable`): then some θ puts every y·score above 0."""
        from ..theory import is_separable

        data = self.several_trace.data
        return is_separable(data.X, data.y, offset=True)

    @property
    def undone_by_others(self) -> bool:
        """In the history shown, an update on another point makes j a mistake again:
        some state m ≤ ``last_state_shown`` made by an update on a point i ≠ j has
        y_j(θ_{m−1}ᵀx_j + θ₀_{m−1}) > 0 and y_j(θ_mᵀx_j + θ₀_m) ≤ 0, whatever update
        (j's own or another's) had made j correct before."""
        m = np.arange(1, self.last_state_shown + 1)
        by_others = self.owners[m - 1] != self.several_point
        return bool(np.any(by_others & (self.history[m - 1] > 0) & (self.history[m] <= 0)))

    def sign_changes(self, start: int, end: int) -> tuple[tuple[int, bool], ...]:
        """Where j changes side over the updates start+1..end: (m, correct after it) for
        each state m in that range with (y_j(θ_mᵀx_j + θ₀_m) > 0) ≠ (the same at m − 1)."""
        correct = self.history > 0
        return tuple((m, bool(correct[m])) for m in range(start + 1, end + 1)
                     if correct[m] != correct[m - 1])

    @property
    def stays_correct(self) -> bool:
        """j's score is > 0 from the last shown state to the end of the run."""
        last = self.last_state_shown
        return bool(np.all(self.history[last:] > 0))

    def own_update(self, state: int) -> OwnUpdate:
        """The own update of j that made state ``state``."""
        return next(u for u in self.own_updates if u.state == state)

    def row_point(self, row: int) -> int | None:
        """The point (0-based) of row ``row``'s update, None for a row of several."""
        a, b, _ = self.rows[row]
        return int(self.owners[a]) if b - a == 1 else None


def update_lesson(data: Dataset, *, trace=None, budget: int = PASS_BUDGET,
                  several_data: str = SEVERAL_DATA, several_seed: int = SEVERAL_SEED
                  ) -> UpdateLesson:
    """The lesson of the scene `update` on ``data``: any two classes in the plane (what one
    update does to a score holds whether or not a line separates them)."""
    require_classes_in_the_plane(data, "scene 'update'")
    trace = perceptron_run(data, True, trace, budget)
    k = first_explained_mistake(trace)
    i = int(trace.steps["i"][k])
    x = np.asarray(data.X[i], dtype=float)
    label = float(data.y[i])
    theta_before, theta0_before = trace.theta_after(k)
    theta_after, theta0_after = trace.theta_after(k + 1)
    old = float(trace.steps["score"][k])
    norm_squared = float(x @ x)
    new = float(label * (theta_after @ x + theta0_after))
    if not np.isclose(old + norm_squared + 1, new, rtol=1e-9, atol=1e-9):
        raise AssertionError(f"the update identity fails on step {k + 1}")  # an engine bug

    several_trace, j = trace, first_point_still_wrong(trace)
    if j is None:
        several_trace = perceptron_run(make_builtin(several_data, several_seed), True,
                                       None, budget)
        j = first_point_still_wrong(several_trace)
        if j is None:
            raise DataError(f"no point of {several_data!r} (seed {several_seed}) stays "
                            f"misclassified after an update on it; choose another")
    history = score_history(several_trace, j)
    owners = update_points(several_trace)
    rows = tuple(history_rows(owners, j))
    own = []
    for state in np.flatnonzero(owners == j) + 1:
        state = int(state)
        if state > rows[-1][1]:
            break
        own.append(OwnUpdate(state, float(history[state - 1]), float(history[state]),
                             float(history[state + 1]) if state + 1 < len(history) else None,
                             bool(np.all(history[state:] > 0))))
    x_j = several_trace.data.X[j]
    places = max(sum_places([history[a], history[b] - history[a]]) for a, b, _ in rows)
    return UpdateLesson(
        data=data, trace=trace, step=k, point=i, x=x, label=label,
        theta_before=theta_before, theta0_before=theta0_before, theta_after=theta_after,
        theta0_after=theta0_after, old_score=old, norm_squared=norm_squared,
        gain=norm_squared + 1.0, new_score=new,
        places=places_that_add_up(old, norm_squared, new),
        several_trace=several_trace, several_point=j,
        several_from_other_data=several_trace is not trace, history=history, owners=owners,
        rows=rows, several_gain=float(x_j @ x_j) + 1.0, own_updates=tuple(own),
        history_places=places)
