"""The overlap certificate's point inside a triangle of the other class is the clearest of
its class there (farthest from the edges and from the other class's points): checked
against a brute force over every point of that class, by barycentric coordinates and
distances computed here."""

from __future__ import annotations

import numpy as np

from linviz.theory import overlap_certificate


def _edge_distances(p, corners):
    """Distances of p to the three lines through the corners' pairs (a parallelogram's
    area over its base)."""
    a, b, c = corners

    def cross(u, v):
        return u[0] * v[1] - u[1] * v[0]

    return [abs(cross(q - o, p - o)) / np.hypot(*(q - o)) for o, q in ((a, b), (b, c), (c, a))]


def test_the_point_in_the_triangle_is_the_deepest_of_its_class():
    """Three + corners far apart, − points inside: the one nearest the middle is chosen,
    not the earliest (which sits by an edge); its weights are its barycentric ones."""
    corners = np.array([[-3.0, -2.0], [3.0, -2.0], [0.0, 3.2]])
    inside = np.array([[0.0, -1.9], [2.0, -1.5], [0.05, -0.2], [-0.5, 0.4]])
    X = np.vstack([inside, corners]) + np.array([0.3, 0.1])
    y = np.array([-1.0] * 4 + [1.0] * 3)
    lam, mu = overlap_certificate(X, y)
    assert sorted(lam) == [4, 5, 6] and len(mu) == 1
    depths = [min(*_edge_distances(X[j], X[4:]), *np.hypot(*(X[4:] - X[j]).T))
              for j in range(4)]
    assert next(iter(mu)) == int(np.argmax(depths)) == 2
    assert np.allclose(sum(w * X[i] for i, w in lam.items()), X[2])
    assert all(w > 0 for w in lam.values()) and abs(sum(lam.values()) - 1) < 1e-9


def test_random_overlaps_are_valid_and_deepest():
    """On random overlapping clouds: equal means, convex weights, and, where one point sits
    in the other class's triangle, no point of its class lies deeper in that triangle."""
    rng = np.random.default_rng(7)
    for _ in range(30):
        X = rng.normal(size=(24, 2))
        y = np.where(rng.random(24) < 0.5, 1.0, -1.0)
        y[:2] = (1.0, -1.0)
        lam, mu = overlap_certificate(X, y)
        if not lam:
            continue
        assert np.allclose(sum(w * X[i] for i, w in lam.items()),
                           sum(w * X[j] for j, w in mu.items()), atol=1e-9)
        for weights in (lam, mu):
            assert all(w > 0 for w in weights.values())
            assert abs(sum(weights.values()) - 1) < 1e-9
        if sorted((len(lam), len(mu))) == [1, 3]:
            triangle, point = (lam, mu) if len(lam) == 3 else (mu, lam)
            corners = X[sorted(triangle)]
            label = y[next(iter(point))]
            others = X[y != label]

            def clearance(j):  # to the edges and to every point of the other label
                return min(*_edge_distances(X[j], corners),
                           *[float(np.hypot(*(X[j] - o))) for o in others])

            chosen = clearance(next(iter(point)))
            for j in np.flatnonzero(y == label):
                inside = np.linalg.solve(np.vstack([corners.T, np.ones(3)]), [*X[j], 1.0])
                if inside.min() > 0:
                    assert clearance(j) <= chosen + 1e-9


def test_a_point_beside_one_of_the_other_class_gives_way():
    """Of two − points inside the + triangle, the deeper one has a + point right beside it
    (its marker would hide it): the other, clear of both, is chosen."""
    corners = np.array([[-3.0, -2.0], [3.0, -2.0], [0.0, 3.2]])
    inside = np.array([[0.0, -0.2], [1.2, -1.0]])
    beside = np.array([[0.02, -0.18]])
    X = np.vstack([inside, corners, beside])
    y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0, 1.0])
    lam, mu = overlap_certificate(X, y)
    assert sorted(lam) == [2, 3, 4] and list(mu) == [1]
