"""The lesson of ``proof`` and ``proof-offset``: the convergence theorem on a real run.

The theorem (notes 000): if some θ* has y⁽ⁱ⁾θ*ᵀx⁽ⁱ⁾/‖θ*‖ ≥ γ > 0 for every i and
‖x⁽ⁱ⁾‖ ≤ R for every i, the perceptron through the origin makes at most (R/γ)²
updates. With an offset it is applied to the augmented points [x, 1] and
vectors [θ, θ₀] (notes 004: the offset perceptron on x *is* the perceptron
through the origin on [x, 1]), with R and γ measured there.

The lesson holds, without Manim:

- the run the scene replays, given ⌊(R/γ)²⌋ + 2 passes (the theorem's bound,
  one clean pass, one spare: always enough), or the saved trace it was handed;
- θ·θ*/‖θ*‖ and ‖θ‖² after every update with their bounds Mγ and MR²
  (:func:`linviz.theory.proof_quantities`);
- the normalized form: a second, real run of the perceptron through the
  origin on the theorem's points divided by R, and whether it made the same
  updates (``scaled_run_makes_same_updates``);
- with an offset, a third real run, the perceptron through the origin on
  [x, 1] (unscaled), and whether it is the offset run update for update
  (``offset_run_is_lifted_run``);
- θ*'s line, band and circle as the plane shows them.

Data it cannot be truthful about is refused in one line (:func:`check_provable`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..dataset import Dataset
from .. import formatting
from ..errors import DataError, LimitError
from ..safety.limits import MAX_EPOCHS
from ..perceptron import Perceptron
from ..theory import (
    ProofQuantities, augment, epochs_to_converge, is_separable, mistake_bound, proof_quantities,
    proof_space, radius, unit_ball_data,
)
from ..trace import Trace
from .checks import require_classes_in_the_plane

#: the scene that proves the theorem with an offset (named in refusals)
OFFSET_SCENE = "proof-offset"
#: relative agreement of two runs' θ that count as the same (θ/R against θ'·R: rounding)
SAME_RUN_RTOL = 1e-9
#: a score this small relative to ‖θ‖·R is 0 up to rounding
ZERO_SCORE_RTOL = 1e-9


def check_provable(data: Dataset, offset: bool, spec: str | None = None) -> None:
    """Refuse data the proof cannot be told on, in one line saying why and what to use.

    Through the origin the theorem needs data separable through the origin; with
    an offset, separable by some line. ``spec`` names the data in the message, quoted
    (the data set's name when None). The scenes draw 2-D classification data.
    """
    name = spec if spec is not None else data.name
    scene = OFFSET_SCENE if offset else "proof"
    check_drawable(data, name, f"scene {scene!r}")
    if is_separable(data.X, data.y, offset=offset):
        return
    spec = repr(name)
    if not offset and is_separable(data.X, data.y, offset=True):
        raise DataError(f"scene {scene!r}: {spec} is not separable through the origin (only by a line with an "
                        f"offset), so no θ* through the origin has a margin γ > 0: use "
                        f"{OFFSET_SCENE}, which adds the constant feature 1 to every point")
    raise DataError(f"scene {scene!r}: {spec} is not separable by any line: no θ* has a margin γ > 0, so the "
                    f"convergence theorem says nothing about it; the noise scene shows the "
                    f"perceptron on such data")


def check_proof_scene_data(data: Dataset, spec: str | None = None) -> None:
    """The scene `proof`'s check of its data (its ``data_check`` in
    :data:`linviz.lessons.SCENE_LESSONS`): :func:`check_provable` through the origin."""
    check_provable(data, False, spec)


def check_proof_offset_scene_data(data: Dataset, spec: str | None = None) -> None:
    """The scene `proof-offset`'s check of its data: :func:`check_provable` with an offset."""
    check_provable(data, True, spec)


def check_drawable(data: Dataset, spec: str, scenes: str) -> None:
    """Refuse data that is not 2-D classification data, in one line saying what to use."""
    require_classes_in_the_plane(data, scenes, spec)


def theory_budget(data: Dataset, offset: bool) -> tuple[int, int]:
    """(⌊(R/γ)²⌋ + 2, the passes a run is given): the theorem's budget, and the same
    capped at τ ≤ MAX_EPOCHS (the engine's limit).

    R and γ are those of the theorem's points ([x, 1] with an offset). Each pass
    before convergence makes at least one update, at most (R/γ)² in all; one more
    pass finds no mistake, and one is spare.
    """
    needed = epochs_to_converge(data, offset)
    return needed, min(needed, MAX_EPOCHS)


def converged_run(data: Dataset, offset: bool, what: str = "the perceptron") -> Trace:
    """The perceptron (through the origin unless ``offset``) given the theorem's budget;
    DataError when it has not converged within the engine's limit."""
    needed, given = theory_budget(data, offset)
    try:
        run = Perceptron(epochs=given, offset=offset).fit(data)
    except LimitError:  # too long a run to record: said in the theorem's terms
        raise DataError(f"{what} may need up to (R/γ)² = {bound_words(data, offset)} updates "
                        f"here, too many to run and show{standardized_advice(data, offset)}"
                        ) from None
    if not run.converged_:
        raise DataError(f"{what} had not converged after {given:,} passes (the theorem "
                        f"allows up to {needed - 2:,} updates){standardized_advice(data, offset)}")
    return run.trace_


def bound_number(bound: float) -> str:
    """(R/γ)² as written: 43, 5,120, from 10⁶ on 2.1 × 10⁷."""
    return formatting.grouped(bound, 0) if bound < 1e6 else formatting.scientific(bound)


def bound_words(data: Dataset, offset: bool) -> str:
    """(R/γ)² of the theorem's points, with R and γ: "2.1 × 10⁷ (R = 5,400, γ = 1.2)"."""
    points, star = proof_space(data, offset)
    R = radius(points)
    bound = mistake_bound(R, star.gamma)

    def readable(value: float) -> str:  # 6,900 and 0.28, not 6900.00
        return formatting.grouped(value, 0) if value >= 100 else formatting.significant(value)

    return (f"{bound_number(bound)} (R = {readable(R)}, γ = {readable(star.gamma)}"
            f"{' on [x, 1]' if offset else ''})")


def standardized_bound(data: Dataset, offset: bool) -> float | None:
    """(R/γ)² of ``data`` standardised (None when it already is, cannot be, or is then no
    longer separable)."""
    from ..transforms import is_standardized, standardize

    if is_standardized(data):
        return None
    try:
        scaled = standardize(data)
    except DataError:
        return None
    if not is_separable(scaled.X, scaled.y, offset=offset):
        return None
    points, star = proof_space(scaled, offset)
    return mistake_bound(radius(points), star.gamma)


def standardized_advice(data: Dataset, offset: bool) -> str:
    """What --standardize would change, with its (R/γ)², or how to make it smaller."""
    from ..transforms import is_standardized

    if is_standardized(data):
        return ": a wider margin makes it smaller (fewer points near the boundary)"
    bound = standardized_bound(data, offset)
    if bound is None:
        return ""
    return f": on one scale, with --standardize, (R/γ)² is {bound_number(bound)}"


class Parting(NamedTuple):
    """Where two runs over the same points first disagree about a mistake."""

    #: the visit (0-based step) and the point visited (0-based)
    visit: int
    point: int
    #: y(θᵀx) there in the replayed run and in the run on the scaled points
    score: float
    scaled_score: float


def mistake_steps(trace: Trace) -> np.ndarray:
    """The steps (0-based visits) at which the run updated: shape (M,)."""
    return np.flatnonzero(trace.steps["mistake"])


def _states(trace: Trace, with_offset: bool) -> np.ndarray:
    """θ after each update (with θ₀ appended when ``with_offset``): shape (M + 1, d')."""
    thetas = np.asarray(trace.states["theta"], dtype=float)
    if with_offset:
        thetas = np.hstack([thetas, np.asarray(trace.states["theta0"], dtype=float)[:, None]])
    return thetas


@dataclass(frozen=True)
class ProofLesson:
    """Everything the proof scenes show, for one data set and one run.

    Arrays indexed by M have shape (M_final + 1,); ``update_points`` has shape
    (M_final,), the 0-based point of each update.
    """

    data: Dataset
    #: with an offset (the theorem on [x, 1] and [θ, θ₀])
    offset: bool
    #: the run the scene replays
    trace: Trace
    quantities: ProofQuantities
    #: ⌊(R/γ)²⌋ + 2, the passes the theorem says are always enough
    theory_epochs: int
    #: τ, the passes the run was given (the theory's, capped; or a saved trace's own)
    epochs_given: int
    #: the run is the scene's own, given the theory's budget (not a saved trace)
    own_run: bool
    update_points: np.ndarray
    #: the points divided by R: x/R, or [x, 1]/R with an offset (for the origin perceptron)
    unit_data: Dataset
    #: the perceptron through the origin on ``unit_data``, run for real
    unit_trace: Trace
    unit: ProofQuantities
    #: with an offset: the perceptron through the origin on [x, 1], run for real (else None)
    lifted_trace: Trace | None
    #: θ*'s first two entries: the normal of its line in the plane
    star_normal: np.ndarray
    #: θ*'s last entry with an offset (its line is star_normalᵀx + star_offset = 0), else 0
    star_offset: float
    #: the band |θ*ᵀ[x, 1]| ≤ γ in the plane: half-width γ/‖star_normal‖ (γ without offset)
    band_half_width: float
    #: the circle in the plane that holds the theorem's points: √(R² − 1) with an offset
    #: (‖[x, 1]‖ ≤ R ⇔ ‖x‖ ≤ √(R² − 1)), else R
    disk_radius: float

    # -- numbers -----------------------------------------------------------
    @property
    def M_final(self) -> int:
        """M, the updates the run made."""
        return int(self.quantities.M[-1])

    @property
    def bound_floor(self) -> int:
        """⌊(R/γ)²⌋, the most updates the theorem allows."""
        return int(np.floor(self.quantities.bound))

    @property
    def passes(self) -> int:
        """Passes the run made, the last (clean) one included."""
        return int(self.trace.result["epochs"])

    @property
    def unit_M_final(self) -> int:
        """The updates of the run on the scaled points."""
        return int(self.unit.M[-1])

    @property
    def lifted_states(self) -> np.ndarray:
        """θ' after each update of the run through the origin on [x, 1]: (M' + 1, d + 1)."""
        if self.lifted_trace is None:
            raise ValueError("only with an offset")
        return _states(self.lifted_trace, with_offset=False)

    @property
    def offset_states(self) -> np.ndarray:
        """[θ, θ₀] after each update of the replayed run: (M + 1, d + 1) (θ₀ = 0 without)."""
        return _states(self.trace, with_offset=True)

    # -- predicates --------------------------------------------------------
    @property
    def budget_is_theory_bound(self) -> bool:
        """The run was given exactly ⌊(R/γ)²⌋ + 2 passes (the scene's own run, not capped)."""
        return self.own_run and self.epochs_given == self.theory_epochs

    @property
    def scaled_run_makes_same_updates(self) -> bool:
        """The run through the origin on the points divided by R updated at the same visits
        as the replayed run, and after each update its θ is the replayed [θ(, θ₀)] divided
        by R (to ``SAME_RUN_RTOL``): every score yθᵀx is divided by R², so no sign
        changes in exact arithmetic; this checks that rounding changed none either."""
        if not np.array_equal(mistake_steps(self.unit_trace), mistake_steps(self.trace)):
            return False
        theirs = _states(self.unit_trace, with_offset=False) * self.quantities.R
        ours = self.offset_states if self.offset else _states(self.trace, with_offset=False)
        return bool(np.allclose(theirs, ours, rtol=SAME_RUN_RTOL,
                                atol=SAME_RUN_RTOL * max(1.0, float(np.abs(ours).max()))))

    @property
    def scaled_runs_part(self) -> Parting | None:
        """The first visit at which the run on the scaled points and the replayed run
        disagree about a mistake (None: they never do)."""
        ours, theirs = self.trace.steps, self.unit_trace.steps
        common = min(len(ours["mistake"]), len(theirs["mistake"]))
        differ = np.flatnonzero(ours["mistake"][:common] != theirs["mistake"][:common])
        if not len(differ):
            return None
        k = int(differ[0])
        return Parting(k, int(ours["i"][k]), float(ours["score"][k]),
                       float(theirs["score"][k]))

    @property
    def scaled_runs_part_at_a_zero_score(self) -> bool:
        """The runs part where the score is 0 up to rounding in both: |score| and
        |scaled score|·R² at most ZERO_SCORE_RTOL·‖θ‖·R, with θ the replayed run's before
        that visit (the exact arithmetic would have the same sign in both, times R²)."""
        part = self.scaled_runs_part
        if part is None:
            return False
        before = int(np.count_nonzero(self.trace.steps["mistake"][:part.visit]))
        scale = float(np.linalg.norm(self.offset_states[before])) * self.quantities.R
        limit = ZERO_SCORE_RTOL * max(scale, 1.0)
        return (abs(part.score) <= limit
                and abs(part.scaled_score) * self.quantities.R**2 <= limit)

    @property
    def offset_run_is_lifted_run(self) -> bool:
        """With an offset: the perceptron through the origin on [x, 1] updated at the same
        visits, and its θ' after every update equals the offset run's [θ, θ₀] exactly
        (the same sums in the same order: θ₀ + y and θ'₃ + y·1)."""
        if self.lifted_trace is None:
            return False
        return (np.array_equal(mistake_steps(self.lifted_trace), mistake_steps(self.trace))
                and np.array_equal(self.lifted_states, self.offset_states))


def proof_lesson(data: Dataset, offset: bool = False, trace: Trace | None = None) -> ProofLesson:
    """The lesson of ``proof`` (``offset=False``) or ``proof-offset`` (``offset=True``).

    Parameters
    ----------
    data : 2-D classification data, separable (through the origin unless ``offset``).
    trace : a saved perceptron run to replay (same offset setting, converged);
        None: the scene's own run, given ⌊(R/γ)²⌋ + 2 passes.
    """
    check_provable(data, offset)
    theory_epochs, _ = theory_budget(data, offset)
    if trace is None:
        trace = converged_run(data, offset)
        own = True
    else:
        if trace.algorithm != "perceptron" or bool(trace.params.get("offset", True)) != offset:
            raise DataError(f"the proof{' with an offset' if offset else ''} replays a "
                            f"perceptron run with offset={offset}")
        if not trace.result.get("converged", False):
            raise DataError("the saved run did not converge: the proof needs a converged run")
        own = False
    quantities = proof_quantities(trace)
    unit_data = unit_ball_data(data, offset)
    unit_trace = converged_run(unit_data, False, "the perceptron on the scaled points")
    lifted = None
    if offset:
        lifted = converged_run(Dataset(f"{data.name}/[x,1]", augment(data.X), data.y,
                                       label_names=data.label_names), False,
                               "the perceptron on [x, 1]")
    star = quantities.theta_star
    star_normal = np.asarray(star[:2], dtype=float)
    R = quantities.R
    return ProofLesson(
        data=data, offset=offset, trace=trace, quantities=quantities,
        theory_epochs=theory_epochs, epochs_given=int(trace.params.get("epochs", 0)),
        own_run=own, update_points=np.asarray(trace.steps["i"][trace.steps["mistake"]]),
        unit_data=unit_data, unit_trace=unit_trace, unit=proof_quantities(unit_trace),
        lifted_trace=lifted, star_normal=star_normal,
        star_offset=float(star[2]) if offset else 0.0,
        band_half_width=quantities.gamma / float(np.linalg.norm(star_normal)),
        disk_radius=float(np.sqrt(R**2 - 1)) if offset else R,
    )


def proof_offset_lesson(data: Dataset, trace: Trace | None = None) -> ProofLesson:
    """The lesson of ``proof-offset``: :func:`proof_lesson` with an offset."""
    return proof_lesson(data, offset=True, trace=trace)
