"""The gradient-descent lessons (logistic, regression, summary) over the gallery, each
claim against an independent computation written here: numpy's eigenvalues or SVD for
the curvature, scikit-learn's LogisticRegression and numpy's lstsq for the minima, plain
loops for the runs. The scenes' stories on real data check the sentences themselves.
"""

from __future__ import annotations

from linviz.lessons.regression import REACHED
import re
import warnings

import numpy as np
import pytest

from linviz.dataset import CLASSIFICATION, REGRESSION
from linviz.errors import DataError
from linviz.gallery import gallery, gallery_case
from linviz.lessons import lesson_for
from linviz.lessons.regression import signed_term

from independent import reference_perceptron
from story_runs import story_with

sklearn = pytest.importorskip("sklearn")

LOG2 = float(np.log(2.0))


from independent import separable  # noqa: E402  (an LP written in the tests)


def logistic_step(X) -> float:
    """1/L, L = σ_max(X̃)²/(4n): the largest singular value of X̃ = [x, 1], by SVD."""
    design = np.column_stack([X, np.ones(len(X))])
    return 4 * len(X) / np.linalg.svd(design, compute_uv=False)[0] ** 2


def logistic_losses(X, y, lr, steps):
    """L(w_t), t = 0..steps, of full-batch descent on the mean logistic loss (a plain loop)."""
    design = np.column_stack([X, np.ones(len(X))])
    w, losses = np.zeros(3), []
    for _ in range(steps + 1):
        margins = y * (design @ w)
        losses.append(float(np.mean(np.logaddexp(0.0, -margins))))
        w = w - lr * design.T @ (-y / (1 + np.exp(np.clip(margins, -700, 700)))) / len(y)
    return np.array(losses)


def sklearn_minimum(X, y) -> float:
    from sklearn.linear_model import LogisticRegression

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = LogisticRegression(C=np.inf, tol=1e-12, max_iter=100_000).fit(X, y)
    return float(np.mean(np.logaddexp(0.0, -y * (X @ model.coef_[0] + model.intercept_[0]))))


#: the run goes on past MIN_STEPS until within TOLERANCE of L*, for at most BUDGET steps
MIN_STEPS, TOLERANCE, BUDGET = 120, 5e-4, 2000


def run_length(X, y) -> int:
    """The first t ≥ MIN_STEPS with L(w_t) − L* ≤ TOLERANCE (L* by scikit-learn), else BUDGET."""
    gaps = logistic_losses(X, y, logistic_step(X), BUDGET) - sklearn_minimum(X, y)
    close = np.flatnonzero(gaps[MIN_STEPS:] <= TOLERANCE)
    return MIN_STEPS + int(close[0]) if len(close) else BUDGET


def sklearn_optimum(X, y):
    from sklearn.linear_model import LogisticRegression

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = LogisticRegression(C=np.inf, tol=1e-12, max_iter=100_000).fit(X, y)
    return model.coef_[0], float(model.intercept_[0])


def hessian_condition(X, y) -> tuple[float, float]:
    """(λ_min, λ_max) of the mean logistic loss's Hessian at scikit-learn's minimizer."""
    theta, theta0 = sklearn_optimum(X, y)
    design = np.column_stack([X, np.ones(len(X))])
    p = 1 / (1 + np.exp(-(design @ np.append(theta, theta0))))
    hessian = design.T @ np.diag(p * (1 - p)) @ design / len(X)
    low, high = np.linalg.eigvalsh(hessian)[[0, -1]]
    return float(low), float(high)


LOGISTIC_CASES = [case.name for case in gallery(CLASSIFICATION, 2)]
REGRESSION_CASES = [case.name for case in gallery(REGRESSION, 1)]


# -- logistic ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", LOGISTIC_CASES)
def test_logistic_lesson_over_the_gallery(name):
    data = gallery_case(name)()
    make = lesson_for("logistic")
    if separable(data.X, data.y):
        with pytest.raises(DataError, match=r"a line separates .*try 'noisy'") as refused:
            make(data)
        assert "\n" not in str(refused.value)
        return
    lesson = make(data)
    # η = 1/L from the data's curvature bound
    assert lesson.step_size == pytest.approx(logistic_step(data.X), rel=1e-9)
    assert lesson.step_from_data and lesson.step_guaranteed
    # the run is the loop's, and with η = 1/L the loss falls at every step (descent lemma)
    losses = logistic_losses(data.X, data.y, lesson.step_size, lesson.steps)
    np.testing.assert_allclose(lesson.losses, losses, rtol=1e-9, atol=1e-12)
    assert np.all(np.diff(losses) <= 1e-12)
    assert lesson.loss_decreasing and lesson.behaviour == "decreasing"
    # the minimum, found independently by scikit-learn (no penalty)
    best = sklearn_minimum(data.X, data.y)
    assert lesson.optimum_loss == pytest.approx(best, abs=1e-6)
    assert lesson.at_minimum == (abs(losses[-1] - best) < 5e-4)
    assert lesson.best_near_coin == (best > 0.9 * LOG2)
    assert lesson.ends_near_coin == (0.9 * LOG2 < losses[-1] <= LOG2)
    # the slow steps and the rest add up to the run
    assert lesson.slow_steps + lesson.fast_steps == len(losses) - 1
    # it ran to within the tolerance of L*, or to the end of its budget
    assert lesson.steps == run_length(data.X, data.y)
    assert lesson.within_tolerance == (losses[-1] - best <= TOLERANCE)
    assert lesson.budget_ended == (not lesson.within_tolerance) == (lesson.steps == BUDGET
                                                                     and losses[-1] - best > TOLERANCE)


@pytest.mark.parametrize("name", ["noisy:0", "noisy:1", "iris-versicolor-virginica",
                                  "wine-std"])
def test_the_loss_curve_grows_with_the_run_never_ahead_of_it(name):
    """The loss curve came at "Its loss curve:" drawn to the run's end (t = T, the final
    L and θ on the panel), and the run was then wound back and told as new. Now, from the
    beat that shows the curve, the step t only goes forward, from 0: the curve is drawn up
    to where the run has been played, and the steps are played under the sentences that
    tell them (slow steps, then the rest)."""
    from linviz.lessons.logistic_story import logistic_storyboard

    board = logistic_storyboard(lesson_for("logistic")(gallery_case(name)()))
    shown = [beat for beat in board.beats if beat.state["loss_curve"]]
    assert shown[0].state["t"] == 0
    steps = [beat.state["t"] for beat in shown]
    assert steps == sorted(steps)
    played = {beat.motion for beat in shown if beat.state["t"] > 0}
    assert played <= {"slow-steps", "fast-steps"} | {
        beat.motion for beat in shown if beat.state["t"] == steps[-1]}


@pytest.mark.parametrize("lr, expected", [(1.0, "diverging"), (0.35, "oscillating")])
def test_a_step_set_too_large_is_named_for_what_it_does(lr, expected):
    """On Iris versicolor/virginica (L ≈ 7.2) η = 1.0 is far beyond 2/L ≈ 0.28: the loss
    swings and ends above log 2; at 0.35 it swings and ends lower."""
    data = gallery_case("iris-versicolor-virginica")()
    lesson = lesson_for("logistic")(data, lr=lr)
    losses = logistic_losses(data.X, data.y, lr, lesson.steps)
    rises = int(np.sum(np.diff(losses) > 1e-12))
    assert rises > 0 and lesson.rising_steps == rises
    assert lesson.behaviour == expected
    assert (losses[-1] > losses[0]) == (expected == "diverging")
    assert not lesson.step_guaranteed and not lesson.step_from_data


def story_on(scene_class, name, **attributes):
    """The scene's whole story (no drawing) on the gallery case ``name``."""
    data = gallery_case(name)()
    return story_with(scene_class, observe_layouts=True,
                      load_inputs=classmethod(lambda cls: (data, None)), **attributes)


@pytest.fixture(scope="module")
def iris_logistic():
    from scenes.logistic import LogisticScene

    return story_on(LogisticScene, "iris-versicolor-virginica")


@pytest.fixture(scope="module")
def iris_logistic_forced():
    """The scene with the step the scene used to take, η = 1.0, set by hand."""
    from scenes.logistic import LogisticScene

    return story_on(LogisticScene, "iris-versicolor-virginica", lr=1.0)


def said(scene, pattern):
    return [m for sentence in scene.narration for m in re.finditer(pattern, sentence)]


@pytest.mark.parametrize("which", ["iris_logistic", "iris_logistic_forced"])
def test_logistic_sentences_on_iris_are_true(which, request):
    """"the loss falls", "the curve flattens", "heading for the global minimum", "barely
    below log 2" and "no line does much better than P = 1/2" were said on Iris with η = 1.0
    while the loss swung from 0.52 to 4.90 and the best line has L* = 0.103."""
    scene = request.getfixturevalue(which)
    X, y = scene.data.X, scene.data.y
    lr = scene.lesson.step_size
    losses = logistic_losses(X, y, lr, scene.lesson.steps)
    monotone = bool(np.all(np.diff(losses) <= 1e-12))
    text = " ".join(scene.narration)
    if re.search(r"the loss falls|curve flattens|heading for the global minimum", text):
        assert monotone
    if "barely below log 2" in text:
        assert 0.9 * LOG2 < losses[-1] <= LOG2
    best = sklearn_minimum(X, y)
    if re.search(r"no line does much better than P = 1/2|best line barely beats", text):
        assert best > 0.9 * LOG2
    (minimum,) = said(scene, r"minimum L\* = (\S+?)[:;,.]? ")
    assert float(minimum.group(1)) == pytest.approx(best, abs=6e-4)
    # the step size said: η = 1/L with L = λ_max(X̃ᵀX̃)/(4n), or the forced one with 2/L
    if which == "iris_logistic":
        (eta,) = said(scene, r"η = 1/β = (\S+): β = (\S+) bounds")
        assert float(eta.group(1)) == pytest.approx(logistic_step(X), rel=0.01)
        # β = λ_max(X̃ᵀX̃)/(4n), numpy's eigenvalues
        assert float(eta.group(2)) == pytest.approx(1 / logistic_step(X), abs=0.006)
        assert monotone and "the loss falls at every step" in text
    else:
        (limit,) = said(scene, r"η = 1\.00, set by hand, at least 2/β = (\S+) ")
        assert float(limit.group(1)) == pytest.approx(2 * logistic_step(X), abs=0.006)
        assert not monotone and losses[-1] > losses[0]
        assert "ends above where it started" in text


def test_logistic_counts_the_steps_exactly(iris_logistic):
    """After step 1 of 120 the scene said "117 more steps" (steps 2 and 3 played unsaid)."""
    scene = iris_logistic
    shown = said(scene, r"in the first (\d+) steps")
    first = int(shown[0].group(1)) if shown else 1
    (rest,) = said(scene, r"Then (?:the other )?([\d,]+) (?:more )?steps")
    (total,) = said(scene, r"After ([\d,]+) steps, ‖∇L‖ = ")
    expected = run_length(scene.data.X, scene.data.y)
    assert first + int(rest.group(1).replace(",", "")) == expected
    assert int(total.group(1).replace(",", "")) == expected == scene.lesson.steps
    # the scene played exactly that many before the rest
    assert scene.tracker.get_value() == expected


@pytest.mark.parametrize("name", ["iris-versicolor-virginica", "wine",
                                  "iris-versicolor-virginica-std", "wine-std", "noisy:1"])
def test_an_unfinished_fit_is_said_to_be_unfinished_and_why(name):
    """On raw Iris the run stopped at step 120 with L = 0.574 against L* = 0.103 and the
    scene drew and described its boundary as the fit ("the parameters gradient descent will
    find"). Now it runs to within 0.0005 of L* (scikit-learn's, here) within 2,000 steps; when
    the budget ends first it says how far it got, why (κ of the Hessian at the minimum) and
    what to do (standardize), and draws the least loss's boundary beside the run's."""
    from scenes.logistic import LogisticScene

    scene = story_on(LogisticScene, name)
    X, y = scene.data.X, scene.data.y
    best = sklearn_minimum(X, y)
    steps = run_length(X, y)
    losses = logistic_losses(X, y, logistic_step(X), steps)
    gap = losses[-1] - best
    text = " ".join(scene.narration)
    (total,) = said(scene, r"After ([\d,]+) steps, ‖∇L‖ = .*? and L = ([\d.]+)")
    assert int(total.group(1).replace(",", "")) == steps
    assert float(total.group(2)) == pytest.approx(losses[-1], abs=6e-4)
    assert "at most 2,000." in text
    if gap > TOLERANCE:
        assert steps == BUDGET
        assert "gradient descent will find" not in text  # the run's end is not the fit
        (ended,) = said(scene, r"the budget has ended (\S+) above the minimum L\* = (\S+) ")
        assert float(ended.group(1)) == pytest.approx(gap, abs=6e-4)
        assert float(ended.group(2)) == pytest.approx(best, abs=6e-4)
        low, high = hessian_condition(X, y)
        (kappa,) = said(scene, r"it is ([\d,.]+) times more curved one way than another")
        assert float(kappa.group(1).replace(",", "")) == pytest.approx(high / low, rel=0.06)
        assert high / low >= 100
        assert ("Standardized features make the bowl round" in text) == (
            not name.endswith("-std"))
        # the least loss's boundary drawn beside the run's when they label the view otherwise
        theta, theta0 = sklearn_optimum(X, y)
        w = np.zeros(3)
        design = np.column_stack([X, np.ones(len(X))])
        for _ in range(steps):
            margins = y * (design @ w)
            w = w - logistic_step(X) * design.T @ (-y / (1 + np.exp(margins))) / len(y)
        box = scene.plane.box
        a, b = np.meshgrid(np.linspace(box.x_min, box.x_max, 200),
                           np.linspace(box.y_min, box.y_max, 200))
        grid = np.column_stack([a.ravel(), b.ravel()])
        differ = np.mean((grid @ w[:2] + w[2] > 0) != (grid @ theta + theta0 > 0))
        assert (scene.optimum_line is not None) == (differ >= 0.01)
        if differ >= 0.02:
            (share,) = said(scene, r"disagree on (\d+)% of this view")
            assert float(share.group(1)) == pytest.approx(100 * differ, abs=1.5)
    else:
        assert "the budget has ended" not in text and "Standardized features" not in text
        assert scene.optimum_line is None
        if steps > MIN_STEPS:
            assert "until L is within 0.0005 of the least loss" in text


def test_the_curvature_bound_is_not_called_l_like_the_loss(iris_logistic):
    """"L" named both the loss and the curvature bound on screen: the bound is β, in
    captions, on the status line and in the README."""
    from pathlib import Path

    scene = iris_logistic
    text = " ".join(scene.narration)
    for clash in ("1/L", "L = λ_max", "2/L"):
        assert clash not in text
    markup = scene.step_size_markup()
    assert "1 / L" not in markup and "L = lambda_max" not in markup
    assert "eta = 1 / beta" in markup and "beta = lambda_max" in markup
    assert "η = 1/β" in text
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "η = 1/L" not in readme and "1/β" in readme


@pytest.mark.parametrize("name", ["noisy:0", "iris-versicolor-virginica"])
def test_a_point_named_by_number_carries_its_number_on_screen(name):
    from scenes.logistic import LogisticScene

    scene = story_on(LogisticScene, name)
    named = [(caption, boxes) for caption, boxes in scene.layouts
             if re.search(r"point (\d+)", caption)]
    assert named
    for caption, boxes in named:
        index = int(re.search(r"point (\d+)", caption).group(1))
        where = scene.plane.c2p(scene.data.X[index - 1])[:2]
        labels = [box for text, box in boxes if text.strip("$ ") == str(index)]
        assert labels, f"'point {index}' said with no {index} on screen"
        # beside its marker: the label's box within the placement's second ring of places
        # round the point (the first may be taken by other markers and the counts of
        # shared places: marker + SMALL_BUFF + FARTHER ≈ 0.6)
        box = labels[0]
        gap = np.maximum(np.maximum(box[:2] - where, where - box[2:]), 0.0)
        assert np.linalg.norm(gap) < 0.7


@pytest.mark.parametrize("name", ["noisy:0", "noisy:1", "iris-versicolor-virginica"])
def test_the_perceptrons_boundary_outside_the_view_is_explained(name):
    """When its last boundary misses the view, the scene says which label it then gives every
    point in view (z at the view's corners from a reference perceptron, all of one sign)."""
    from scenes.logistic import LogisticScene

    scene = story_on(LogisticScene, name)
    run = reference_perceptron(scene.data.X, scene.data.y, scene.perceptron_epochs, offset=True)
    theta, theta0 = run["theta"], run["theta0"]
    scores = scene.plane.box.corners @ theta + theta0
    text = " ".join(scene.narration)
    outside = bool(np.all(scores > 0) or np.all(scores <= 0))
    assert ("outside this view" in text) == outside
    if outside:
        label = "+1" if np.all(scores > 0) else "−1"
        assert f"it calls every point here {label}" in text


# -- regression ---------------------------------------------------------------------------

def closed_minimum(x, y, degree) -> float:
    phi = np.column_stack([x ** p for p in range(degree + 1)])
    coef, *_ = np.linalg.lstsq(phi, y, rcond=None)
    return float(np.mean((phi @ coef - y) ** 2))


def hessian_eigenvalues(x, degree):
    """(λ_min, λ_max) of (2/m) Φ̃ᵀΦ̃ from the singular values of Φ̃ = [x, …, x^k, 1]."""
    phi = np.column_stack([x ** p for p in range(1, degree + 1)] + [np.ones_like(x)])
    singular = np.linalg.svd(phi, compute_uv=False)
    return 2 * singular[-1] ** 2 / len(x), 2 * singular[0] ** 2 / len(x)


@pytest.mark.parametrize("name", REGRESSION_CASES)
def test_regression_lesson_over_the_gallery(name):
    data = gallery_case(name)()
    x, y = data.X[:, 0], data.y
    make = lesson_for("regression")
    conditions = {k: np.divide(*hessian_eigenvalues(x, k)[::-1]) for k in (1, 2, 3, 5)}
    if max(conditions.values()) > 1e13:
        with pytest.raises(DataError, match=r"nearly dependent.*--standardize") as refused:
            make(data)
        assert "\n" not in str(refused.value)
        return
    lesson = make(data)
    for run in (lesson.line, *lesson.polynomials):
        low, high = hessian_eigenvalues(x, run.degree)
        assert run.step_size == pytest.approx(1 / high, rel=1e-6)
        assert run.condition == pytest.approx(high / low, rel=1e-3)
        assert run.closed_loss == pytest.approx(closed_minimum(x, y, run.degree),
                                                rel=1e-6, abs=1e-9)
        assert run.loss_decreasing  # η = 1/λ_max < 2/λ_max
        assert run.reached == (abs(run.final_loss - run.closed_loss) < REACHED)
    line, best = closed_minimum(x, y, 1), min(closed_minimum(x, y, k) for k in (1, 2, 3, 5))
    assert lesson.curve_helps == (best <= 0.75 * line)


def test_regression_refuses_x_far_from_zero_in_one_line():
    data = gallery_case("regression1d-far")()
    with pytest.raises(DataError, match=r"nearly dependent .*centre x \(--standardize\)"):
        lesson_for("regression")(data)


@pytest.fixture(scope="module")
def diabetes():
    from scenes.regression import RegressionScene

    return story_on(RegressionScene, "diabetes-bmi")


def test_a_line_is_not_called_a_bad_fit_when_curves_do_no_better(diabetes):
    """On the diabetes data degree 5 lowers the least loss by under 1 %: "A line is not a
    good fit" (fixed text) was false there."""
    x, y = diabetes.data.X[:, 0], diabetes.data.y
    line, best = closed_minimum(x, y, 1), min(closed_minimum(x, y, k) for k in (2, 3, 5))
    assert best > 0.75 * line
    text = " ".join(diabetes.narration)
    assert "A line is not a good fit" not in text
    (claim,) = said(diabetes, r"But no curve up to degree 5 lowers the least L by more than (\d+)%")
    assert 100 * (1 - best / line) <= float(claim.group(1))


def test_descent_slowness_is_explained_by_the_eigenvalue_ratio(diabetes):
    x = diabetes.data.X[:, 0]
    low, high = hessian_eigenvalues(x, 1)
    text = " ".join(diabetes.narration)
    claim = re.search(r"Hessian's eigenvalues (\S+) and (\S+) are the bowl's curvatures.*"
                      r"κ = λ_max/λ_min = ([\d,.]+): the bowl is narrow", text)
    assert float(claim.group(1)) == pytest.approx(low, rel=0.02)
    assert float(claim.group(2)) == pytest.approx(high, rel=0.02)
    assert float(claim.group(3).replace(",", "")) == pytest.approx(high / low, rel=0.05)


@pytest.mark.parametrize("name", ["diabetes-bmi", "diabetes-bmi-std", "regression1d:0"])
def test_the_eigen_beats_never_hold_a_still_picture_long(name):
    """The eigenvalue sentence held 22 s with nothing moving: now each sentence of it has
    something moving under it, and no still stretch within it is longer than 8 s."""
    from scenes.regression import RegressionScene
    from scenes.toolkit.timeline import _joined, _minus

    scene = story_on(RegressionScene, name)
    timeline = scene.timeline
    motions = _joined(timeline.motions, 0.1)
    start = next(k for k, c in enumerate(timeline.captions) if "eigenvalues" in c.text
                 and "curvatures" in c.text)
    end = next(k for k, c in enumerate(timeline.captions) if "κ = λ_max/λ_min" in c.text)
    assert end >= start
    for caption in timeline.captions[start:end + 1]:
        pieces = [(caption.start, caption.end)]
        for motion in motions:
            pieces = [part for a, b in pieces for part in _minus((a, b), motion)]
        assert max((b - a for a, b in pieces), default=0.0) <= 8.0, caption.text[:60]


@pytest.mark.parametrize("name", ["diabetes-bmi", "diabetes-bmi-std", "regression1d:0"])
def test_the_bowls_curvatures_factors_and_ratio_are_on_screen_while_said(name):
    """The eigenvalues, the factors per step and κ were spoken over a picture that showed
    none of them (and the bowl's axes left while "their ratio" was said). Now each is on
    the status line at the end of its sentence, with the axes still drawn; the values come
    from numpy's eigenvalues of H = (2/n) X̃ᵀX̃ and η read from the trace, computed here."""
    from scenes.regression import RegressionScene

    drawn = []
    data = gallery_case(name)()
    scene = story_with(RegressionScene, load_inputs=classmethod(lambda cls: (data, None)),
                       beat_observers=[lambda s: drawn.append(
        (s.timeline.current[1], " ".join(part.source for part in s.status.get_family()
                                        if hasattr(part, "source")) if s.status is not None
         else "", any(s.on_screen(a) for a in s.axes_drawn)))])
    x = scene.data.X[:, 0]
    design = np.column_stack([np.ones_like(x), x])
    low, high = np.linalg.eigvalsh(2 * design.T @ design / len(x))
    eta = scene.lesson.line.step_size
    said = {sentence: (status, axes) for sentence, status, axes in drawn}
    eigen = next(s for s in said if "eigenvalues" in s and "curvatures" in s)
    factors = next(s for s in said if "multiplies the error" in s)
    kappa = next(s for s in said if "κ = λ_max/λ_min" in s)
    number = lambda v, p: f"{v:.{p}f}"  # noqa: E731
    assert said[eigen][1] and said[factors][1] and said[kappa][1]
    for value in (low, high):
        shown = re.findall(r"lambda(?:_min|_max)? = ([\d.,]+)|\$([\d.,]+)\$", said[eigen][0])
        assert any(float((a or b).replace(",", "")) == pytest.approx(value, rel=0.05)
                   for a, b in shown), (value, said[eigen][0])
    flat, steep = abs(1 - eta * low), abs(1 - eta * high)
    for value in ({flat, steep} if "along the flat" in factors else {max(flat, steep)}):
        assert number(value, 3) in said[factors][0], (value, said[factors][0])
    ratio = re.search(r"kappa = lambda_max / lambda_min = ([\d.,]+)", said[kappa][0])
    assert ratio and float(ratio.group(1).replace(",", "")) == pytest.approx(high / low,
                                                                               rel=0.05)


@pytest.mark.parametrize("name", ["diabetes-bmi", "diabetes-bmi-std", "regression1d:0"])
def test_the_loss_bowl_fills_its_plot_with_ticks_on_both_axes(name):
    """On raw diabetes-bmi the (w₀, w₁) plot was one square scale without tick values: the
    bowl a sliver. Now each axis is fitted to the bowl (one unit at most 4 times another's on
    screen), with tick values on both axes. The bowl's extent is computed here from the
    closed form: the contour L = c reaches w*ᵢ ± √(2(c − L*)(H⁻¹)ᵢᵢ), H = (2/m) X̃ᵀX̃."""
    from scenes.regression import RegressionScene

    scene = story_on(RegressionScene, name)
    x, y = scene.data.X[:, 0], scene.data.y
    design = np.column_stack([np.ones_like(x), x])
    hessian = 2 * design.T @ design / len(x)
    best = closed_minimum(x, y, 1)
    level = max(scene.contour_levels)
    reach = np.sqrt(2 * (level - best) * np.diag(np.linalg.inv(hessian)))
    plot = scene.weights
    box = plot.box
    spans = np.array([box.x_max - box.x_min, box.y_max - box.y_min])
    on_screen = 2 * reach * np.array([np.linalg.norm(plot.c2p((box.x_max, box.y_min))
                                                     - plot.c2p((box.x_min, box.y_min))),
                                      np.linalg.norm(plot.c2p((box.x_min, box.y_max))
                                                     - plot.c2p((box.x_min, box.y_min)))]) / spans
    frame_side = np.linalg.norm(plot.c2p((box.x_max, box.y_min)) - plot.c2p((box.x_min, box.y_min)))
    assert on_screen.max() >= 0.4 * frame_side  # the bowl fills the plot its long way
    assert on_screen.min() >= 0.15 * on_screen.max()  # and is no sliver the other way
    # tick values below the frame (w₀) and left of it (w₁), at least three on each axis
    frame, numbers = plot.frame, plot.numbers
    assert numbers.get_bottom()[1] < frame.get_bottom()[1]
    assert numbers.get_left()[0] < frame.get_left()[0]
    assert np.all(np.round(spans / np.array(plot.steps)) + 1 >= 3)


def test_the_regression_plot_fits_x_and_y_separately_with_ticks_and_names(diabetes):
    """x in ±0.1 against y in 25..346 was a vertical sliver on one scale: each axis now
    spans its own data (at most 1.6 times it), with tick values and the columns' names."""
    plot = diabetes.plane
    x, y = diabetes.data.X[:, 0], diabetes.data.y
    box = plot.box
    for low, high, values in ((box.x_min, box.x_max, x), (box.y_min, box.y_max, y)):
        span = values.max() - values.min()
        assert low <= values.min() and values.max() <= high
        assert high - low <= 1.6 * span
    width = np.linalg.norm(plot.c2p((box.x_max, box.y_min)) - plot.c2p((box.x_min, box.y_min)))
    height = np.linalg.norm(plot.c2p((box.x_min, box.y_max)) - plot.c2p((box.x_min, box.y_min)))
    assert 0.5 < width / height < 2  # not a sliver
    (caption, boxes) = diabetes.layouts[0]
    ticks = [text[len("tick "):] for text, _ in boxes if text.startswith("tick ")]
    assert len(ticks) >= 6 and "0.1" in ticks and "300" in ticks  # both axes' values
    names = " ".join(text for text, _ in boxes)
    assert "bmi" in names and "disease progression" in names


def test_the_singular_valley_is_drawn_on_its_own_loss(tmp_path):
    """The "every x were x̄" valley belongs to another loss: its contours (lines of
    (w₀ + x̄w₁ − ȳ)² + var y = c) are drawn, the real ellipses faded, not the valley on them."""
    from scenes.regression import RegressionScene

    scene = story_on(RegressionScene, "regression1d:0")
    x, y = scene.data.X[:, 0], scene.data.y
    assert len(scene.singular_contours) >= 2
    levels = scene.contour_levels
    for line in scene.singular_contours:
        for point in line.get_anchors()[::3]:
            w0, w1 = scene.weights.p2c(point)
            value = (w0 + x.mean() * w1 - y.mean()) ** 2 + y.var()
            assert min(abs(value - level) for level in levels) < 1e-6 * max(levels)
    # while they show, the real contours are faint (the valley is not theirs)
    captions = [c for c, _ in scene.layouts]
    assert any(c.startswith("If every x were x̄") for c in captions)


def test_a_negative_mean_is_written_with_a_minus(tmp_path):
    """"w₀ + −0.01w₁" was said for x̄ < 0: the sign is the operator."""
    from dataclasses import replace

    from scenes.regression import RegressionScene

    data = gallery_case("regression1d:0")()
    shifted = replace(data, X=data.X - 0.6)
    scene = story_with(RegressionScene, load_inputs=classmethod(lambda cls: (shifted, None)))
    (valley,) = said(scene, r"valley θ₀ (\S) (\S+)θ₁ = ")
    assert valley.group(1) == "−" and float(valley.group(2)) == pytest.approx(
        -shifted.X.mean(), abs=0.006)
    assert "+ −" not in " ".join(scene.narration)
    assert signed_term(-0.01, "w₁") == " − 0.01w₁" and signed_term(0.35, "w₁") == " + 0.35w₁"


# -- the pictures on real data: no text over text, nothing out of the frame --------------

@pytest.mark.parametrize("scene_name, name", [
    ("logistic", "iris-versicolor-virginica"), ("logistic", "iris-versicolor-virginica-std"),
    ("logistic", "wine"), ("regression", "diabetes-bmi"), ("regression", "diabetes-bmi-std"),
    ("regression", "regression1d:3"),
])
def test_no_text_overlaps_on_real_data(scene_name, name):
    from layout_check import outside, overlaps
    from scenes.catalog import find
    from story_runs import frame_box

    scene = story_on(find(scene_name).load(), name)
    problems = []
    for sentence, boxes in scene.layouts:
        problems += [f"at {sentence[:40]!r}: {a!r} overlaps {b!r}" for a, b in overlaps(boxes)]
        problems += [f"at {sentence[:40]!r}: {n!r} leaves the frame" for n in
                     outside(boxes, frame_box())]
    assert not problems, "\n".join(problems[:10])
    assert scene.dead_updaters == []


@pytest.mark.parametrize("name", ["diabetes-bmi-std", "diabetes-bmi", "regression1d:0"])
def test_a_round_bowl_is_called_round_and_has_no_flat_or_steep_axis(name):
    """On standardised diabetes-bmi H's eigenvalues are equal (2.00 and 2.00), yet the scene
    said "its contours are ellipses", "the flat one, then the steep one" and "the flat
    axis". Equal eigenvalues (numpy's SVD, within 2 %) must be said as circles without
    flat or steep axes, with one step of η = 1/λ reaching w* (checked by one step computed
    here from the closed form of numpy's lstsq); unequal ones as ellipses with axes."""
    from scenes.regression import RegressionScene

    scene = story_on(RegressionScene, name)
    x, y = scene.data.X[:, 0], scene.data.y
    low, high = hessian_eigenvalues(x, 1)
    text = " ".join(scene.narration)
    design = np.column_stack([np.ones_like(x), x])
    best, *_ = np.linalg.lstsq(design, y, rcond=None)
    gradient_at_zero = 2 * design.T @ (design @ np.zeros(2) - y) / len(x)
    after_one_step = np.zeros(2) - gradient_at_zero / high
    one_step_loss = float(np.mean((design @ after_one_step - y) ** 2))
    least = float(np.mean((design @ best - y) ** 2))
    if high / low <= 1.02:
        assert "contours are circles" in text and "ellipses" not in text
        assert not re.search(r"(the|its) (flat|steep) (one|axis)", text), text
        assert "the bowl is round" in text
        assert abs(one_step_loss - least) < REACHED
        assert "one step of η = 1/λ reaches θ̃*" in text and "a single step" in text
    else:
        assert "contours are ellipses" in text and "circles" not in text
        assert "the flat one, then the steep one" in text and "round" not in text
        assert abs(one_step_loss - least) >= REACHED


@pytest.mark.parametrize("name", ["noisy:0", "iris-versicolor-virginica", "wine"])
def test_the_descent_opening_is_split_into_moving_beats_and_shows_the_gradient(name):
    """Beat 08 of the logistic scene was one ~380-character caption held ~25 s over a still
    frame, and "‖∇L‖ =" showed no value there and on the next beat. Now every caption from
    "Gradient descent from" to "In the gradient" is at most 200 characters
    with no still stretch over 8 s under it, and at each of their ends ‖∇L‖ shows the
    gradient's norm at the step shown: at θ = 0 ‖mean(y x̃)‖/2 (σ(0) = 1/2), at w_T by
    central differences of the mean logistic loss (both computed here)."""
    from scenes.logistic import LogisticScene
    from scenes.toolkit.timeline import _joined, _minus

    shown = []
    data = gallery_case(name)()
    scene = story_with(LogisticScene, load_inputs=classmethod(lambda cls: (data, None)),
                       beat_observers=[lambda s: shown.append(
                           (s.timeline.current[1], s.tracker.step, s.values["grad"].value))])
    X, y = scene.data.X, scene.data.y
    design = np.column_stack([X, np.ones(len(X))])

    def gradient_norm(w):
        loss = lambda v: np.mean(np.logaddexp(0.0, -y * (design @ v)))
        return float(np.linalg.norm([(loss(w + e) - loss(w - e)) / 2e-6
                                     for e in np.eye(len(w)) * 1e-6]))

    final = np.append(scene.thetas[-1], scene.theta0s[-1])
    expected = {0: float(np.linalg.norm(np.mean(y[:, None] * design, axis=0))) / 2,
                scene.T: gradient_norm(final)}
    captions = scene.timeline.captions
    start = next(k for k, c in enumerate(captions) if c.text.startswith("Gradient descent from"))
    end = next(k for k, c in enumerate(captions) if c.text.startswith("In the gradient"))
    assert end - start >= 3  # the opening is split into beats
    motions = _joined(scene.timeline.motions, 0.1)
    for caption in captions[start:end]:
        assert len(caption.text) <= 200, caption.text
        pieces = [(caption.start, caption.end)]
        for motion in motions:
            pieces = [part for a, b in pieces for part in _minus((a, b), motion)]
        assert max((b - a for a, b in pieces), default=0.0) <= 8.0, caption.text[:60]
    opening = [(step, value) for sentence, step, value in shown
               if any(sentence == c.text for c in captions[start:end + 1])]
    assert opening
    for step, value in opening:
        assert isinstance(value, float), (step, value)
        if step in expected:
            assert value == pytest.approx(expected[step], abs=1e-6)
    # the opening shows the run's start only: its end is shown when the run gets there
    assert {step for step, _ in opening} == {0}
    ended = [(step, value) for sentence, step, value in shown if sentence.startswith("After ")]
    assert ended and ended[0][0] == scene.T
    assert ended[0][1] == pytest.approx(expected[scene.T], abs=1e-6)


@pytest.mark.parametrize("name", ["diabetes-bmi-std", "diabetes-bmi"])
def test_the_x_axis_of_standardised_data_says_standardised(name):
    """On standardised diabetes-bmi the x axis said "bmi (x)" while its values are
    (x − mean)/std (mean 0 and std 1 here, checked by numpy): the other scenes say
    ", standardised". Raw data keeps the column's own name."""
    from scenes.regression import RegressionScene

    scene = story_on(RegressionScene, name)
    x = scene.data.X[:, 0]
    standardised = abs(np.mean(x)) < 1e-9 and abs(np.std(x) - 1) < 1e-9
    label = scene.plane.x_label.source
    assert "bmi" in label
    assert ("standardised" in label) == standardised


@pytest.mark.parametrize("name", ["regression1d:0", "regression1d:2", "diabetes-bmi-std"])
def test_what_the_curves_gain_is_said_after_their_minima(name):
    """The best curve's gain over the line (its minimum this far below the line's, by a
    least-squares fit made here) is said once the dashed minima are on screen, not
    before any curve is drawn."""
    from linviz.lessons import storyboard_for

    data = gallery_case(name)()
    x, y = data.X[:, 0], data.y
    minima = {k: closed_minimum(x, y, k) for k in (1, 2, 3, 5)}
    sentences = storyboard_for("regression")(data).sentences()
    minima_said = next(k for k, s in enumerate(sentences) if "dashed minima never rise" in s)
    gains = [(k, m) for k, s in enumerate(sentences)
             for m in re.finditer(r"Degree (\d)'s minimum is (\d+)% below the line's", s)]
    none = [(k, m) for k, s in enumerate(sentences)
            for m in re.finditer(r"no curve up to degree 5 lowers the least L by more than "
                                 r"(\d+)%", s)]
    assert len(gains) + len(none) == 1
    k, match = (gains or none)[0]
    assert k == minima_said + 1
    gain = 100 * (1 - min(minima.values()) / minima[1])
    if gains:
        assert int(match.group(1)) == min(minima, key=minima.get)
        assert int(match.group(2)) == pytest.approx(gain, abs=0.5)
    else:
        assert gain <= float(match.group(1))


@pytest.mark.parametrize("name", ["diabetes-bmi", "diabetes-bmi-std", "regression1d:0"])
def test_every_status_line_of_the_regression_scene_stays_in_the_frame(name):
    """"each step: error × 0.998 along the flat axis, …", centred under the plane, ran off
    the frame's left edge on diabetes (its first letter cut). Every status line the scene
    can show lies inside the frame with a margin (Manim's frame width, read here)."""
    from manim import config

    from scenes.regression import RegressionScene
    from scenes.toolkit import style

    scene = story_on(RegressionScene, name)
    half = config.frame_width / 2 - style.SMALL_BUFF + 1e-9
    for key, line in scene.statuses.items():
        assert line.get_left()[0] >= -half and line.get_right()[0] <= half, key
