"""Least squares and the eigenvalues of a Gram matrix in exact rational arithmetic: the
independent reference of tests/lessons/test_regression_accuracy.py (every float is a rational, so
nothing is rounded)."""

from __future__ import annotations

from fractions import Fraction as F


def gram(design):
    """(1/n) X̃ᵀX̃ in exact rationals (every float is a rational)."""
    n, d = design.shape
    cols = [[F(float(v)) for v in design[:, a]] for a in range(d)]
    return [[sum(p * q for p, q in zip(cols[a], cols[b])) / n for b in range(d)] for a in range(d)], cols

def negatives(A, t):
    """How many eigenvalues of the symmetric rational A are below t (Sylvester's inertia:
    the signs of the pivots of A − tI, by symmetric elimination)."""
    d = len(A)
    M = [[A[i][j] - (t if i == j else 0) for j in range(d)] for i in range(d)]
    count = 0
    for c in range(d):
        p = M[c][c]
        if p == 0:
            p = F(1, 10**30)  # a zero pivot: nudge (measure zero for the bisection's t)
        if p < 0:
            count += 1
        for r in range(c + 1, d):
            f = M[r][c] / p
            if f:
                for k in range(c + 1, d):
                    M[r][k] -= f * M[c][k]
    return count

def eigenvalue(A, k, rel=F(1, 10**7)):
    """The k-th smallest eigenvalue of A (0-based), by bisection to ``rel`` relative."""
    d = len(A)
    hi = sum(abs(A[i][j]) for i in range(d) for j in range(d)) + 1
    lo = F(0)
    while hi - lo > rel * hi:
        mid = (lo + hi) / 2
        if negatives(A, mid) > k:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2

def least_loss(design, y):
    """min (1/n)‖X̃w − y‖² exactly: the normal equations solved in rationals."""
    A, cols = gram(design)
    n, d = design.shape
    ys = [F(float(v)) for v in y]
    b = [sum(p * q for p, q in zip(cols[a], ys)) / n for a in range(d)]
    M = [A[i][:] + [b[i]] for i in range(d)]
    for c in range(d):
        p = next(r for r in range(c, d) if M[r][c] != 0)
        M[c], M[p] = M[p], M[c]
        for r in range(d):
            if r != c and M[r][c] != 0:
                f = M[r][c] / M[c][c]
                M[r] = [x - f * z for x, z in zip(M[r], M[c])]
    w = [M[k][d] / M[k][k] for k in range(d)]
    return sum((sum(cols[a][i] * w[a] for a in range(d)) - ys[i]) ** 2 for i in range(n)) / n
