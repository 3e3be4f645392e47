"""Independent reference computations and random data for the tests.

Nothing here imports the code under test except :class:`linviz.Dataset` (to
hand data to the learners): the references are written from the lecture notes,
so a test that compares the engine with them can catch the engine being wrong.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from linviz import Dataset

# -- separability: a linear programme written here ---------------------------------
def separable(X, y, offset=True) -> bool:
    """Whether some (θ, θ₀) has y(θᵀx + θ₀) ≥ 1 for every point (θ₀ = 0 without
    ``offset``): an LP feasibility check, independent of linviz.theory."""
    from scipy.optimize import linprog

    X = np.asarray(X, dtype=float)
    A = -(np.asarray(y, dtype=float)[:, None]
          * (np.hstack([X, np.ones((len(X), 1))]) if offset else X))
    result = linprog(np.zeros(A.shape[1]), A_ub=A, b_ub=-np.ones(len(X)),
                     bounds=[(None, None)] * A.shape[1], method="highs")
    return result.status == 0


# -- the perceptron exactly as the notes write it -----------------------------


#: the learner's stated rule: a score within this fraction of Σⱼ|θⱼxⱼ| + |θ₀| is 0
ON_LINE_TOLERANCE = 1e-9


def rounded_score(theta, theta0, x, label):
    """y(θᵀx + θ₀), and 0.0 when it is within ON_LINE_TOLERANCE of the size of
    its terms Σⱼ|θⱼxⱼ| + |θ₀| (the point is on the line), summed in a plain loop."""
    total, size = 0.0, 0.0
    for t, v in zip(theta, x):
        total += t * v
        size += abs(t * v)
    total += theta0
    size += abs(theta0)
    score = label * total
    return 0.0 if abs(score) <= ON_LINE_TOLERANCE * size else float(score)


def reference_perceptron(X, y, tau, offset=True, order="cyclic", seed=0):
    """The notes' Perceptron(𝒟ₙ; τ), one visit at a time, every visit recorded; a
    score is 0 (a mistake) by the tolerance rule of :func:`rounded_score`."""
    n, d = X.shape
    theta, theta0 = np.zeros(d), 0.0
    rng = np.random.default_rng(seed)
    visits = []  # (epoch, i, score, mistake, theta after, theta0 after)
    converged, epoch = False, 0
    for epoch in range(1, tau + 1):
        changed = False
        for i in (rng.permutation(n) if order == "shuffle" else range(n)):
            score = rounded_score(theta, theta0, X[i], y[i])
            if score <= 0:
                theta = theta + y[i] * X[i]
                theta0 = theta0 + y[i] if offset else 0.0
                changed = True
            visits.append((epoch, int(i), float(score), bool(score <= 0), theta, theta0))
        if not changed:
            converged = True
            break
    return {"visits": visits, "theta": theta, "theta0": theta0, "converged": converged,
            "epochs": epoch, "updates": sum(v[3] for v in visits)}


def exact_perceptron(X, y, tau, offset=True):
    """The notes' cyclic perceptron in exact rational arithmetic on the data's
    decimals (each value as the shortest decimal that names its float, as a CSV
    file holds it): no rounding, so a point on the line scores exactly 0.

    Every value is a Fraction; they are put over one common denominator L, so
    x·L are integers, θ·L is kept in integers and θ₀·L² too (the score
    y(θᵀx + θ₀)·L² has the sign of the exact score). Returns the 0-based steps
    of the updates, the passes made and whether a pass was clean.
    """
    fractions = [[Fraction(repr(float(v))) for v in row] for row in np.asarray(X)]
    common = math.lcm(*(f.denominator for row in fractions for f in row))
    rows = [[int(f * common) for f in row] for row in fractions]
    labels = [int(v) for v in np.asarray(y)]
    theta, theta0, unit = [0] * len(rows[0]), 0, common * common
    updates, epoch, converged = [], 0, False
    for epoch in range(1, tau + 1):
        changed = False
        for i, (x, label) in enumerate(zip(rows, labels)):
            if label * (sum(t * v for t, v in zip(theta, x)) + theta0) <= 0:
                theta = [t + label * v for t, v in zip(theta, x)]
                if offset:
                    theta0 += label * unit
                updates.append((epoch - 1) * len(rows) + i)
                changed = True
        if not changed:
            converged = True
            break
    return {"update_steps": updates, "epochs": epoch, "converged": converged}


# -- losses written out point by point ---------------------------------------


def states_per_visit(X, y, visits):
    """(θ, θ₀) before the first and after each of ``visits`` cyclic visits of the
    notes' perceptron with offset: a list of visits + 1 pairs."""
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    states = [(theta.copy(), theta0)]
    for k in range(visits):
        i = k % len(y)
        if rounded_score(theta, theta0, X[i], y[i]) <= 0:
            theta, theta0 = theta + y[i] * X[i], theta0 + y[i]
        states.append((theta.copy(), theta0))
    return states


def logistic_loss(X, y, theta, theta0, l2=0.0):
    """(1/n) Σ log(1 + exp(−y(θᵀx + θ₀))) + (λ/2)‖θ‖², one point at a time."""
    total = 0.0
    for x_i, y_i in zip(X, y):
        m = y_i * (sum(a * b for a, b in zip(theta, x_i)) + theta0)
        # log(1 + e^(−m)) without overflow: for m < 0 it is −m + log(1 + e^m)
        total += math.log1p(math.exp(-m)) if m >= 0 else -m + math.log1p(math.exp(m))
    return total / len(y) + 0.5 * l2 * sum(t * t for t in theta)


def squared_loss(X, y, theta, theta0):
    """(1/n) Σ (θᵀx + θ₀ − y)², one point at a time."""
    return sum((sum(a * b for a, b in zip(theta, x_i)) + theta0 - y_i) ** 2
               for x_i, y_i in zip(X, y)) / len(y)


def central_difference(f, w, h=1e-6):
    """∂f/∂wⱼ ≈ (f(w + h eⱼ) − f(w − h eⱼ)) / 2h for every j."""
    w = np.asarray(w, dtype=float)
    grad = np.zeros_like(w)
    for j in range(w.size):
        step = np.zeros_like(w)
        step[j] = h
        grad[j] = (f(w + step) - f(w - step)) / (2 * h)
    return grad


def mistakes(X, y, theta, theta0):
    """Number of points with y(θᵀx + θ₀) ≤ 0 (0 by the tolerance rule of
    :func:`rounded_score`), counted in a plain loop."""
    return sum(1 for x_i, y_i in zip(X, y) if rounded_score(theta, theta0, x_i, y_i) <= 0)


# -- random data ---------------------------------------------------------------


def separable_points(seed, n, d, margin, radius, offset):
    """n points in the ball ‖x‖ ≤ radius, at distance ≥ margin from uᵀx + offset = 0.

    u is a random unit vector; half the points (rounded down) lie on each
    side, so both classes are present. Returns X, y, u.
    """
    rng = np.random.default_rng(seed)
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    n_pos = n // 2 + n % 2
    sides = {1.0: [], -1.0: []}
    wanted = {1.0: n_pos, -1.0: n - n_pos}
    while any(len(sides[s]) < wanted[s] for s in sides):
        candidates = rng.uniform(-radius, radius, size=(64, d))
        for x in candidates:
            if np.linalg.norm(x) > radius:
                continue
            s = np.dot(u, x) + offset
            if abs(s) >= margin:
                sides[np.sign(s)].append(x)
    X = np.array(sides[1.0][:n_pos] + sides[-1.0][:n - n_pos])
    y = np.array([1.0] * n_pos + [-1.0] * (n - n_pos))
    order = rng.permutation(n)
    return X[order], y[order], u


@st.composite
def separable_data(draw, offset: bool, max_n=16):
    """A separable Dataset with its known separator (u, b) and that separator's margin."""
    d = draw(st.integers(1, 3))
    n = draw(st.integers(2, max_n))
    radius = draw(st.floats(0.5, 3.0))
    margin = draw(st.floats(0.1, 0.4)) * radius
    b = draw(st.floats(-0.4, 0.4)) * radius if offset else 0.0
    seed = draw(st.integers(0, 2**32 - 1))
    X, y, u = separable_points(seed, n, d, margin, radius, b)
    return Dataset("random-separable", X, y), u, b


@st.composite
def grid_data(draw, max_n=10, max_d=3):
    """Labelled points on the grid of halves in [−3, 3]: all arithmetic on them is exact,
    so ties (points exactly on the line) are common and decided without rounding."""
    n = draw(st.integers(2, max_n))
    d = draw(st.integers(1, max_d))
    coords = draw(st.lists(st.integers(-6, 6), min_size=n * d, max_size=n * d))
    labels = draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=n, max_size=n))
    if len(set(labels)) == 1:
        labels[0] = -labels[0]
    X = np.array(coords, dtype=float).reshape(n, d) / 2
    return Dataset("random-grid", X, np.array(labels))


@st.composite
def continuous_data(draw, max_n=30, max_d=4):
    """Gaussian points with labels from a noisy random line: usually not separable."""
    n = draw(st.integers(2, max_n))
    d = draw(st.integers(1, max_d))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    X = rng.normal(size=(n, d)) * draw(st.floats(0.1, 10.0))
    y = np.where(X @ rng.normal(size=d) + rng.normal(scale=0.5, size=n) > 0, 1.0, -1.0)
    if np.unique(y).size == 1:
        y[0] = -y[0]
    return Dataset("random-continuous", X, y)
