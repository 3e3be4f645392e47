"""The quantities the lecture reasons with, computed once for every scene.

Notation as in the notes: a classifier h(x; θ, θ₀) = sign(θᵀx + θ₀) with
points on the line counted as mistakes (score ≤ 0).

- signed distance of x to the hyperplane: (θᵀx + θ₀)/‖θ‖
- margin of a labelled point (x, y): y(θᵀx + θ₀)/‖θ‖
- margin of a data set: the minimum over its points (negative after one mistake)
- R = maxᵢ ‖x⁽ⁱ⁾‖
- the maximum-margin separator θ* (solved as a quadratic programme) and its γ
- the perceptron bound: at most (R/γ)² updates
- along a perceptron trace, at the M-th update: θ·θ*/‖θ*‖ ≥ Mγ and ‖θ‖² ≤ MR².

With an offset the theorem applies to the augmented vectors x' = [x, 1] and
θ' = [θ, θ₀] (a classifier through the origin one dimension up), as the notes do.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dataset import Dataset
from .errors import DataError, NotSeparableError
from .perceptron import mistakes
from .trace import Trace


def augment(X: np.ndarray) -> np.ndarray:
    """[x, 1] for every row: ndarray of shape (n_samples, n_features + 1)."""
    X = np.asarray(X, dtype=float)
    return np.hstack([X, np.ones((X.shape[0], 1))])


def signed_distance(X: np.ndarray, theta: np.ndarray, theta0: float = 0.0) -> np.ndarray:
    """(θᵀx + θ₀)/‖θ‖ for each row x of X: shape (n_samples,).

    Equals the projection of x on θ/‖θ‖ minus the line's signed distance from
    the origin, −θ₀/‖θ‖.
    """
    norm = float(np.linalg.norm(theta))
    if norm == 0.0:
        raise DataError("θ = 0 defines no hyperplane, so there is no distance to it")
    return (np.asarray(X, dtype=float) @ theta + theta0) / norm


def point_margins(X, y, theta, theta0: float = 0.0) -> np.ndarray:
    """y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖ for every point: negative where it is misclassified."""
    return np.asarray(y, dtype=float) * signed_distance(X, theta, theta0)


def dataset_margin(X, y, theta, theta0: float = 0.0) -> float:
    """minᵢ y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)/‖θ‖."""
    return float(np.min(point_margins(X, y, theta, theta0)))


def radius(X) -> float:
    """R = maxᵢ ‖x⁽ⁱ⁾‖."""
    return float(np.max(np.linalg.norm(np.asarray(X, dtype=float), axis=1)))


def training_error(X, y, theta, theta0: float = 0.0) -> float:
    """ℰₙ(h) = (1/n) Σᵢ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0} (a point on the line is a mistake, a
    score within the perceptron's tolerance of 0 is 0: :func:`linviz.perceptron.on_line`)."""
    return float(np.mean(mistakes(np.asarray(X), np.asarray(y, dtype=float), theta, theta0)))


def mistake_bound(R: float, gamma: float) -> float:
    """(R/γ)², the most updates the perceptron can make."""
    return (R / gamma) ** 2


@dataclass(frozen=True)
class Separator:
    """The maximum-margin separator of a data set.

    ``theta`` and ``theta0`` are scaled so that ‖θ‖ = 1, so ``gamma`` is the
    geometric margin minᵢ y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀), measured on the solution itself.
    """

    theta: np.ndarray
    theta0: float
    gamma: float


def is_separable(X, y, offset: bool = True) -> bool:
    """Whether some θ (and θ₀ when ``offset``) has y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) > 0 for all i.

    Decided by a linear feasibility programme: y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1 for all i
    (any strict separator can be scaled to meet it).
    """
    from scipy.optimize import linprog

    A = augment(X) if offset else np.asarray(X, dtype=float)
    yv = np.asarray(y, dtype=float)
    outcome = linprog(np.zeros(A.shape[1]), A_ub=-(yv[:, None] * A), b_ub=-np.ones(len(yv)),
                      bounds=[(None, None)] * A.shape[1], method="highs")
    return bool(outcome.status == 0)


def same_place_pair(X, y) -> tuple[int, int] | None:
    """The least pair (i, j), i < j, of points at one place (x⁽ⁱ⁾ = x⁽ʲ⁾ exactly) with
    both labels (0-based; least i, then least j), or None: the simplest proof that no
    line, with an offset or without, separates the data."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    for i in range(len(X)):
        same = np.flatnonzero(np.all(X[i + 1:] == X[i], axis=1) & (y[i + 1:] != y[i])) + i + 1
        if len(same):
            return i, int(same[0])
    return None


def overlap_certificate(X, y) -> tuple[dict[int, float], dict[int, float]]:
    """Convex weights λ on points labelled +1 and μ on points labelled −1 with
    Σλᵢx⁽ⁱ⁾ = Σμⱼx⁽ʲ⁾: the two classes' convex hulls meet, so no line separates them.

    Solved as a linear programme (d + 2 equalities) whose vertex solution has at most
    d + 2 non-zero weights: among the overlaps, the vertex of least Σ(i + 1)·weight, so the
    points chosen are the earliest (one rule, not the solver's whim); two points at one
    place with both labels (weights 1 and 1) come first. In the plane, when that vertex is
    one point inside a triangle of the other class, the point is the one of its class that
    lies deepest in that triangle (:func:`deepest_in_triangle`), so it reads as inside,
    not on an edge. ``X`` has shape (n, d); returns
    {index: weight} for each class (0-based), or ({}, {}) when the classes are separable
    (strictly: hulls that only touch overlap).
    """
    from scipy.optimize import linprog

    X, y = np.asarray(X, float), np.asarray(y)
    positive, negative = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    pair = same_place_pair(X, y)
    if pair is not None:  # one place, both labels: the simplest overlap
        plus, minus = pair if y[pair[0]] > 0 else pair[::-1]
        return {plus: 1.0}, {minus: 1.0}
    d = X.shape[1]
    A = np.zeros((d + 2, len(positive) + len(negative)))
    A[:d, :len(positive)] = X[positive].T
    A[:d, len(positive):] = -X[negative].T
    A[d, :len(positive)] = 1
    A[d + 1, len(positive):] = 1
    b = np.zeros(d + 2)
    b[d:] = 1
    order = np.concatenate([positive, negative]) + 1.0
    found = linprog(order, A_eq=A, b_eq=b, bounds=(0, None), method="highs-ds")
    if found.status != 0:
        return {}, {}
    weights = found.x
    lam = {int(i): float(w) for i, w in zip(positive, weights[:len(positive)]) if w > 1e-12}
    mu = {int(i): float(w) for i, w in zip(negative, weights[len(positive):]) if w > 1e-12}
    triangle, point = (lam, mu) if len(lam) == 3 else (mu, lam)
    corners = sorted(triangle)
    if d == 2 and len(point) == 1 and len(triangle) == 3 and _spans_area(X[corners]):
        inside = deepest_in_triangle(X, y, corners, y[next(iter(point))])
        weights = np.linalg.solve(np.vstack([X[corners].T, np.ones(3)]), [*X[inside], 1.0])
        if weights.min() > 1e-12:  # strictly inside (else the vertex's own point stays)
            triangle, point = dict(zip(corners, (float(w) for w in weights))), {inside: 1.0}
            lam, mu = (triangle, point) if y[corners[0]] > 0 else (point, triangle)
    return lam, mu


def _spans_area(corners: np.ndarray) -> bool:
    """Whether three points (3 × 2) make a triangle of positive area (beyond rounding)."""
    (a, b, c), scale = corners, max(1.0, float(np.abs(corners).max()))
    (u, v), (w, z) = b - a, c - a
    return abs(float(u * z - v * w)) > 1e-12 * scale ** 2


def deepest_in_triangle(X, y, corners, label) -> int:
    """Of the points labelled ``label``, the one (0-based) inside the triangle of the
    points ``corners`` (or on it) that stands clearest: the greatest least distance to the
    three edges' lines and to every point of the other label (one on an edge reads as on
    it; one beside a point of the other class is hidden by its marker), a tie (within
    :func:`linviz.ties.tie_tolerance`) going to the lowest index. ``X`` has shape (n, 2)."""
    from .ties import greatest_index

    X = np.asarray(X, dtype=float)
    a, b, c = X[list(corners)]
    distances = []
    for start, end, opposite in ((a, b, c), (b, c, a), (c, a, b)):
        normal = np.array([start[1] - end[1], end[0] - start[0]])
        normal = normal / np.linalg.norm(normal)
        if normal @ (opposite - start) < 0:
            normal = -normal  # towards the triangle
        distances.append((X - start) @ normal)
    others = X[np.asarray(y) != label]
    distances.append(np.min(np.linalg.norm(X[:, None, :] - others[None, :, :], axis=2),
                            axis=1))
    depth = np.min(distances, axis=0)
    depth[np.asarray(y) != label] = -np.inf
    return int(greatest_index(depth))


def max_margin_separator(X, y, offset: bool = True) -> Separator:
    """Solve min ½‖θ‖² subject to y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1 (θ₀ = 0 without offset).

    The solution has margin 1/‖θ‖, the largest any separator has. Raises
    :class:`NotSeparableError` when no separator exists.
    """
    from scipy.optimize import minimize

    X = np.asarray(X, dtype=float)
    yv = np.asarray(y, dtype=float)
    if not is_separable(X, yv, offset):
        where = "with an offset" if offset else "through the origin"
        raise NotSeparableError(f"the data is not linearly separable {where}: it has no "
                                f"margin γ > 0")
    A = augment(X) if offset else X
    d = X.shape[1]
    signed = yv[:, None] * A
    mask = np.ones(A.shape[1])
    if offset:
        mask[-1] = 0.0  # the offset is not penalized
    start = _feasible_start(signed)
    solution = minimize(
        lambda w: 0.5 * float(np.sum(mask * w * w)),
        start,
        jac=lambda w: mask * w,
        constraints=[{"type": "ineq", "fun": lambda w: signed @ w - 1.0,
                      "jac": lambda w: signed}],
        method="SLSQP",
        options={"maxiter": 500, "ftol": 1e-14},
    )
    w = solution.x
    theta, theta0 = w[:d], (float(w[d]) if offset else 0.0)
    norm = float(np.linalg.norm(theta))
    theta, theta0 = theta / norm, theta0 / norm
    gamma = dataset_margin(X, yv, theta, theta0)
    if not gamma > 0:  # pragma: no cover - the solver failed on separable data
        raise NotSeparableError("could not find a separator with a positive margin")
    return Separator(theta, theta0, gamma)


def _feasible_start(signed: np.ndarray) -> np.ndarray:
    from scipy.optimize import linprog

    outcome = linprog(np.zeros(signed.shape[1]), A_ub=-signed, b_ub=-np.ones(len(signed)),
                      bounds=[(None, None)] * signed.shape[1], method="highs")
    return outcome.x


@dataclass(frozen=True)
class ProofQuantities:
    """The two quantities of the convergence proof, at every update M = 0..M_final.

    All arrays have shape (n_updates + 1,); entry M is the state after M updates.

    ``alignment`` is θ·θ*/‖θ*‖, which grows by at least γ per update, so
    ``alignment ≥ M γ``; ``norm_squared`` is ‖θ‖², which grows by at most R²,
    so ``norm_squared ≤ M R²``. With an offset, θ, x and θ* are the augmented
    [θ, θ₀], [x, 1] and the maximum-margin separator through the origin of the
    augmented points, with R and γ measured there.
    """

    M: np.ndarray
    alignment: np.ndarray
    norm_squared: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    R: float
    gamma: float
    bound: float
    theta_star: np.ndarray
    augmented: bool


def proof_space(data: Dataset, offset: bool) -> tuple[np.ndarray, Separator]:
    """The points the theorem is about (augmented when ``offset``) and their θ*, γ."""
    points = augment(data.X) if offset else data.X
    return points, max_margin_separator(points, data.y, offset=False)


def epochs_to_converge(data: Dataset, offset: bool) -> int:
    """⌊(R/γ)²⌋ + 2 passes: always enough for the perceptron to converge on separable data.

    Each pass before convergence makes at least one update and there are at
    most (R/γ)² of them (R and γ of the points the theorem is about: [x, 1]
    with an offset); one more pass finds no mistake, and one spare.
    """
    points, star = proof_space(data, offset)
    return int(np.floor(mistake_bound(radius(points), star.gamma))) + 2


def separator_with_fewest_mistakes(trace: Trace) -> int | None:
    """The state of a perceptron run that still makes mistakes, with the fewest of them
    (the latest of equals), among those with θ ≠ 0; None when every such state separates.
    """
    data = trace.data
    best, best_errors = None, None
    for state, (theta, theta0) in enumerate(zip(trace.states["theta"], trace.states["theta0"])):
        if not np.any(theta):
            continue
        errors = training_error(data.X, data.y, theta, theta0)
        if errors > 0 and (best_errors is None or errors <= best_errors):
            best, best_errors = state, errors
    return best


def proof_quantities(trace: Trace) -> ProofQuantities:
    """θ·θ*/‖θ*‖ and ‖θ‖² after each update of a perceptron trace, with their bounds."""
    if trace.algorithm != "perceptron":
        raise DataError(f"the convergence proof is about the perceptron, not {trace.algorithm}")
    offset = bool(trace.params.get("offset", True))
    points, star = proof_space(trace.data, offset)
    thetas = trace.states["theta"]
    if offset:
        thetas = np.hstack([thetas, trace.states["theta0"][:, None]])
    R = radius(points)
    M = np.arange(len(thetas))
    return ProofQuantities(
        M=M,
        alignment=thetas @ star.theta,
        norm_squared=np.sum(thetas * thetas, axis=1),
        lower=M * star.gamma,
        upper=M * R**2,
        R=R,
        gamma=star.gamma,
        bound=mistake_bound(R, star.gamma),
        theta_star=star.theta,
        augmented=offset,
    )


def unit_ball_data(data: Dataset, offset: bool) -> Dataset:
    """The theorem's points divided by R: x/R, or [x, 1]/R with an offset.

    The normalized form of the theorem (‖x⁽ⁱ⁾‖ ≤ 1, ‖θ*‖ = 1, at most 1/γ²
    updates) is the general one with every point divided by R: every margin
    is divided by R too, so 1/(γ/R)² = (R/γ)², and the perceptron through the
    origin on the scaled points makes the same updates with θ divided by R.
    The result has ``n_features + 1`` features with an offset (the augmented
    points), and is for a perceptron through the origin.
    """
    points = augment(data.X) if offset else np.asarray(data.X, dtype=float)
    R = radius(points)
    return Dataset(f"{data.name}/R", points / R, data.y, label_names=data.label_names,
                   params={"scaled_from": data.name, "R": R, "augmented": bool(offset)})
