"""What the scenes say is what the run did: each data-dependent claim of the narration,
on several data sets and seeds, against an independent computation.

The stories come from tests/story_runs.py (animations skipped); the numbers
are recomputed here from the data alone with plain loops and numpy/scipy.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from scipy.optimize import linprog

from independent import reference_perceptron
from story_runs import case_id, story, story_cases


def cases(*names):
    return [c for c in story_cases() if c[0] in names]


def said(scene, pattern):
    """Every match of ``pattern`` in the scene's captions."""
    return [m for sentence in scene.narration for m in re.finditer(pattern, sentence)]


def number(text: str) -> float:
    return float(text.replace("−", "-"))


def separable(X, y, offset=True) -> bool:
    """An LP feasibility check written here: y(θᵀx + θ₀) ≥ 1 for all points."""
    A = -(y[:, None] * (np.hstack([X, np.ones((len(X), 1))]) if offset else X))
    result = linprog(np.zeros(A.shape[1]), A_ub=A, b_ub=-np.ones(len(X)),
                     bounds=[(None, None)] * A.shape[1], method="highs")
    return result.status == 0


@pytest.mark.parametrize("case", cases("perceptron", "perceptron-origin"), ids=case_id)
def test_perceptron_passes_and_result_are_the_runs(case):
    scene = story(*case)
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs, offset=scene.offset)
    per_pass = {}
    for epoch, _, _, mistake, _, _ in run["visits"]:
        per_pass[epoch] = per_pass.get(epoch, 0) + int(mistake)
    for match in said(scene, r"Pass (\d+) visits.*?(\d+) mistakes?"):
        assert int(match.group(2)) == per_pass[int(match.group(1))]
    for match in said(scene, r"Pass (\d+): all (\d+) points are classified correctly"):
        assert per_pass[int(match.group(1))] == 0 and int(match.group(2)) == len(X)
    (end,) = said(scene, r"(Converged|Stopped).*?(\d+) updates?.*?(\d+) pass")
    assert (end.group(1) == "Converged") == run["converged"]
    assert int(end.group(2)) == run["updates"] and int(end.group(3)) == run["epochs"]
    # each explained mistake: label, old score and the new score after its update
    for match in said(scene, r"Point (\d+) has label ([+−]1) and score (\S+): not above 0"):
        i = int(match.group(1)) - 1
        assert number(match.group(2)) == y[i]
        assert any(v[1] == i and v[3] and abs(v[2] - number(match.group(3))) < 0.006
                   for v in run["visits"])
    for match in said(scene, r"New score: .*= (\S+) ([>≤]) 0"):
        assert (number(match.group(1)) > 0) == (match.group(2) == ">")


@pytest.mark.parametrize("case", cases("margin"), ids=case_id)
def test_margin_claims_match_the_separators(case):
    scene = story(*case)
    X, y = scene.data.X, scene.data.y
    for match in said(scene, r"has (\d+) points? on the wrong side.*negative: (\S+)\."):
        theta, theta0 = scene.separators[0][:2], scene.separators[0][2]
        margins = y * (X @ theta + theta0) / np.linalg.norm(theta)
        assert int(match.group(1)) == int(np.sum(margins <= 0))
        assert number(match.group(2)) == pytest.approx(margins.min(), abs=0.006)
        assert margins.min() < 0
    (final,) = said(scene, r"final separator has every point on the right side: margin (\S+),")
    theta, theta0 = scene.separators[1][:2], scene.separators[1][2]
    margins = y * (X @ theta + theta0) / np.linalg.norm(theta)
    assert margins.min() > 0 and number(final.group(1)) == pytest.approx(margins.min(), abs=0.006)
    (radius,) = said(scene, r"radius R = (\S+) holds every point")
    assert number(radius.group(1)) == pytest.approx(np.linalg.norm(X, axis=1).max(), abs=0.006)


@pytest.mark.parametrize("case", cases("proof", "proof-offset"), ids=case_id)
def test_proof_numbers_are_the_theorems(case):
    scene = story(*case)
    X, y = scene.data.X, scene.data.y
    points = np.hstack([X, np.ones((len(X), 1))]) if scene.offset else X
    R = np.linalg.norm(points, axis=1).max()
    (here,) = said(scene, r"γ = (\S+) for the maximum-margin θ\* and R = (\S+), so \(R/γ\)² = "
                          r"(\S+): at most (\d+) updates?")
    gamma = number(here.group(1))
    assert number(here.group(2)) == pytest.approx(R, abs=0.006)
    bound = (R / scene.quantities.gamma) ** 2
    assert number(here.group(3)) == pytest.approx(bound, rel=1e-3)
    assert int(here.group(4)) == int(np.floor(bound))
    assert gamma == pytest.approx(scene.quantities.gamma, abs=0.006)
    # no unit vector does better than γ: a coarse search over directions, written here
    if not scene.offset:
        angles = np.linspace(0, 2 * np.pi, 3600, endpoint=False)
        directions = np.column_stack([np.cos(angles), np.sin(angles)])
        best = np.max(np.min(y[:, None] * (X @ directions.T), axis=0))
        assert best <= scene.quantities.gamma + 1e-3
        assert best >= scene.quantities.gamma - 0.01
    run = reference_perceptron(points, y, int(np.floor(bound)) + 2, offset=False)
    (made,) = said(scene, r"this run made (\d+) updates?, the theorem allows at most (\d+)")
    assert int(made.group(1)) == run["updates"] <= int(made.group(2))


@pytest.mark.parametrize("case", cases("noise", "xor", "logistic"), ids=case_id)
def test_scenes_about_inseparable_data_only_run_on_it(case):
    scene = story(*case)
    assert not separable(scene.data.X, scene.data.y)


@pytest.mark.parametrize("name", ["noise", "xor", "logistic"])
def test_separable_data_is_refused_in_one_line(name):
    from linviz.errors import DataError
    from scenes.catalog import find

    from scene_helpers import variant

    with pytest.raises(DataError, match="a line separates 'separable'"):
        variant(find(name).load(), data_spec="separable").load_data()


@pytest.mark.parametrize("case", cases("regression"), ids=case_id)
def test_regression_says_how_far_descent_is_from_the_closed_form(case):
    scene = story(*case)
    X = np.column_stack([scene.data.X[:, 0], np.ones(scene.data.n_samples)])
    w, *_ = np.linalg.lstsq(X, scene.data.y, rcond=None)
    closed = float(np.mean((X @ w - scene.data.y) ** 2)) / 2
    closed_alt = float(np.mean((X @ w - scene.data.y) ** 2))
    (claim,) = said(scene, r"Lₛ = (\S+), (still (\S+) above the closed-form answer (\S+):"
                           r"|the closed-form answer (\S+) to four places)")
    gd = number(claim.group(1))
    # the scene's closed form is the least-squares minimum (for Lₛ as mean or half-mean)
    minimum = min((closed, closed_alt), key=lambda c: abs(c - number(claim.group(4)
                                                                      or claim.group(5))))
    assert number(claim.group(4) or claim.group(5)) == pytest.approx(minimum, abs=6e-5)
    assert gd >= minimum - 6e-5  # nothing goes below the minimum
    if claim.group(3) is None:  # "reached": equal to four places
        assert abs(gd - minimum) < 1.1e-4
    else:
        assert number(claim.group(3)) > 0
        assert number(claim.group(3)) == pytest.approx(gd - minimum, abs=1.1e-4)


@pytest.mark.parametrize("case", cases("perceptron", "perceptron-origin"), ids=case_id)
def test_the_rest_of_a_pass_is_counted_from_the_run(case):
    """After the explained updates, "the rest of pass e": its other updates, counted here."""
    scene = story(*case)
    run = reference_perceptron(scene.data.X, scene.data.y, scene.epochs, offset=scene.offset)
    per_pass = {}
    for epoch, _, _, mistake, _, _ in run["visits"]:
        per_pass[epoch] = per_pass.get(epoch, 0) + int(mistake)
    current, explained, checked = None, 0, 0
    for sentence in scene.narration:
        if (start := re.match(r"Pass (\d+)", sentence)):
            current, explained = int(start.group(1)), 0
        elif re.match(r"Point \d+ has label", sentence):
            explained += 1
        elif (rest := re.match(r"The rest of pass (\d+)(, faster: (\d+) more updates?|: no more "
                               r"mistakes)\.", sentence)):
            assert int(rest.group(1)) == current
            assert per_pass[current] - explained == int(rest.group(3) or 0) >= 0
            assert rest.group(3) is None or int(rest.group(3)) > 0
            checked += 1
    assert checked == 1  # every story here explains updates in pass 1 and then goes on


def _point_margins(X, y, theta, theta0):
    return [y[i] * (sum(t * v for t, v in zip(theta, X[i])) + theta0) for i in range(len(y))]


@pytest.mark.parametrize("case", cases("classifier"), ids=case_id)
def test_classifier_counts_mistakes_of_the_hypothesis_and_of_its_opposite(case):
    scene = story(*case)
    X, y = scene.data.X, scene.data.y
    (hypothesis,) = said(scene, r"θ = \((\S+), (\S+)\), θ₀ = (\S+)\. Its boundary")
    theta, theta0 = scene.theta_base, scene.theta0_base
    assert [number(hypothesis.group(k)) for k in (1, 2, 3)] == pytest.approx(
        [*theta, theta0], abs=0.006)
    wrong = sum(m <= 0 for m in _point_margins(X, y, theta, theta0))
    wrong_turned = sum(m <= 0 for m in _point_margins(X, y, -theta, -theta0))
    (turned,) = said(scene, r"now (\d+) of the (\d+) points are on the wrong side \(ringed\), "
                            r"where θ had (\d+)\.")
    assert [int(turned.group(k)) for k in (1, 2, 3)] == [wrong_turned, len(y), wrong]
    (error,) = said(scene, r"(\d+) of the (\d+) points are misclassified: ℰₙ\(h\) = (\S+)\.")
    assert int(error.group(1)) == wrong and int(error.group(2)) == len(y)
    assert number(error.group(3)) == pytest.approx(wrong / len(y), abs=0.006)


@pytest.mark.parametrize("case", cases("update"), ids=case_id)
def test_update_claims_are_the_runs(case):
    """The explained mistake, and the point that needs several updates, recomputed here."""
    from linviz import make_builtin

    scene = story(*case)
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs, offset=True)
    (mistake,) = said(scene, r"at step (\d+), point (\d+) \(label ([+−]1)\) has score (\S+), "
                             r"not above 0")
    step, i = int(mistake.group(1)), int(mistake.group(2)) - 1
    epoch, visited, score, wrong, theta, theta0 = run["visits"][step - 1]
    assert wrong and visited == i and number(mistake.group(3)) == y[i]
    assert number(mistake.group(4)) == pytest.approx(score, abs=0.006)
    (identity,) = said(scene, r"Into the identity: (\S+) \+ (\S+) \+ 1 = (\S+), exactly")
    old, squared, new = (number(identity.group(k)) for k in (1, 2, 3))
    assert squared == pytest.approx(float(X[i] @ X[i]), abs=0.006)
    assert new == pytest.approx(y[i] * (theta @ X[i] + theta0), abs=0.006)
    places = len(identity.group(3).split(".")[1])
    assert round(old + squared + 1, places) == pytest.approx(new)  # the shown sum adds up

    def first_still_wrong(data_X, data_y, visits):
        for _, point, _, was_wrong, after, after0 in visits:
            if was_wrong and data_y[point] * (after @ data_X[point] + after0) <= 0:
                return point
        return None

    several = said(scene, r"In the run above, every update put its own point right at once")
    if several:
        assert first_still_wrong(X, y, run["visits"]) is None
        data = make_builtin(scene.several_data, scene.several_seed)
        (line,) = said(scene, r"1-D data set of (\d+) points, (\d+) labelled \+1 and (\d+) "
                              r"labelled −1")
        assert [int(line.group(k)) for k in (1, 2, 3)] == [
            len(data.y), int(np.sum(data.y > 0)), int(np.sum(data.y < 0))]
        X, y = data.X, data.y
        run = reference_perceptron(X, y, scene.epochs, offset=True)
        (point,) = said(scene, r"Point (\d+), at x = (\S+), has label ([+−]1) and ‖x⁽ⁱ⁾‖² \+ 1 "
                               r"= (\S+):")
        j = int(point.group(1)) - 1
        assert number(point.group(2)) == pytest.approx(X[j, 0], abs=0.006)
        assert number(point.group(3)) == y[j]
        assert number(point.group(4)) == pytest.approx(float(X[j] @ X[j]) + 1, abs=0.006)
    else:
        (point,) = said(scene, r"in the same run, point (\d+) has label")
        j = int(point.group(1)) - 1
    assert first_still_wrong(X, y, run["visits"]) == j
    own = [v for v in run["visits"] if v[3] and v[1] == j]
    # point j's score after m updates, m = 0, 1, …
    scores = [0.0] + [y[j] * (v[4] @ X[j] + v[5]) for v in run["visits"] if v[3]]
    (end,) = said(scene, r"(\d+) updates of \+(\S+) on point (\d+), (\d+) on others; its score "
                         r"ends at ([−\d.]+)")
    assert int(end.group(3)) == j + 1 and int(end.group(1)) == len(own) >= 2
    assert number(end.group(2)) == pytest.approx(float(X[j] @ X[j]) + 1, abs=0.006)
    shown = int(end.group(1)) + int(end.group(4))
    assert number(end.group(5)) == pytest.approx(scores[shown], abs=0.006)
    for group in said(scene, r"Updates? (\d+)(?: to (\d+))?, on (?:point \d+|other points)"
                             r"(?:, moves? this score too)?: from (\S+) to (\S+)\."):
        first, last = int(group.group(1)), int(group.group(2) or group.group(1))
        assert all(v[1] != j for v in [v for v in run["visits"] if v[3]][first - 1:last])
        assert number(group.group(3)) == pytest.approx(scores[first - 1], abs=0.006)
        assert number(group.group(4)) == pytest.approx(scores[last], abs=0.006)
    for step in said(scene, r"Its own update(?: again)?: (\S+) \+ (\S+) = (\S+)\."):
        old, gain, new = (number(step.group(k)) for k in (1, 2, 3))
        assert gain == pytest.approx(float(X[j] @ X[j]) + 1, abs=0.006)
        assert any(old == pytest.approx(a, abs=0.006) and new == pytest.approx(b, abs=0.006)
                   for a, b in zip(scores, scores[1:]))
