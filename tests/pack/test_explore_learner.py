"""The page's learners (``linviz_pack/web/learners.js``) are the engine's, run in real
headless Chromium (Debian's) on the gallery:

- the perceptron, bit for bit: on every classification data set, with an offset and through
  the origin, every visit (pass, point, recorded score, mistake, state) and every state
  θ, θ₀ equals :class:`linviz.perceptron.Perceptron`'s trace exactly;
- R, γ, (R/γ)² and θ*'s band against the engine's quadratic programmes;
- gradient descent (logistic on the classification sets, least squares on the regression
  sets): every state θ, θ₀ and its loss within 1e-9 relative of
  :class:`linviz.logistic.LogisticRegression`'s and :class:`linviz.regression.LinearRegression`'s,
  the curvature's eigenvalues, the least loss L* and its (θ, θ₀) against the engine's
  Newton steps and least squares."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from browser_helpers import offline_browser
from linviz.dataset import CLASSIFICATION, REGRESSION
from linviz.gallery import gallery
from linviz.perceptron import ON_LINE_TOLERANCE, Perceptron

WEB = Path(__file__).resolve().parents[2] / "linviz_pack" / "web"
#: τ for the comparison: data no line separates runs all of it
EPOCHS = 60


@pytest.fixture(scope="module")
def learner_page(tmp_path_factory):
    """A blank page with the learners loaded (no lecture, no drawing)."""
    folder = tmp_path_factory.mktemp("explore-learner")
    (folder / "learners.js").write_text((WEB / "learners.js").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (folder / "index.html").write_text(
        '<!DOCTYPE html><html><body><div id="stage"></div>'
        '<script src="learners.js"></script></body></html>', encoding="utf-8")
    with offline_browser(folder) as (context, refused):
        page = context.new_page()
        page.goto((folder / "index.html").as_uri())
        yield page
        assert refused == []


CASES = [case for case in gallery(CLASSIFICATION) if case.name]


@pytest.mark.parametrize("seed", [None, 7], ids=["cyclic", "shuffle-7"])
@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_perceptron_is_the_engines_bit_for_bit(learner_page, case, offset, seed):
    """In index order, and in each pass's permutation from numpy's default_rng(seed)."""
    data = case.make()
    X = np.asarray(data.X, dtype=float)[:, :8]
    if X.shape[1] < 1:
        pytest.skip("no features")
    order = {"order": "cyclic"} if seed is None else {"order": "shuffle", "seed": seed}
    trace = Perceptron(epochs=EPOCHS, offset=offset, **order).fit(
        type(data)(data.name, X, data.y, data.task)).trace_
    page_run = learner_page.evaluate(
        "([X, y, offset, epochs, tol, seed]) => "
        "linvizLearners.perceptronRun(X, y, offset, epochs, tol, seed)",
        [X.tolist(), [int(v) for v in data.y], offset, EPOCHS, ON_LINE_TOLERANCE, seed])
    steps = trace.steps
    assert len(page_run["visits"]) == len(steps["i"]), case.name
    assert [v["epoch"] for v in page_run["visits"]] == steps["epoch"].tolist()
    assert [v["i"] for v in page_run["visits"]] == steps["i"].tolist()
    assert [v["mistake"] for v in page_run["visits"]] == steps["mistake"].tolist()
    assert [v["state"] for v in page_run["visits"]] == steps["state"].tolist()
    # exact floats: JSON carries a double both ways without loss
    assert [v["score"] for v in page_run["visits"]] == steps["score"].tolist()
    assert page_run["thetas"] == np.asarray(trace.states["theta"]).tolist()
    assert page_run["theta0s"] == np.asarray(trace.states["theta0"], dtype=float).tolist()
    assert page_run["converged"] == bool(trace.result["converged"])
    assert page_run["epochs"] == int(trace.result["epochs"])


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 + 5, 2**70 + 3])
def test_the_pages_random_order_is_numpys(learner_page, seed):
    """default_rng(seed).permutation(n), pass after pass, for sizes on both sides of the
    powers of two the draws mask to (and seeds of one, two and three 32-bit words)."""
    sizes = [1, 2, 3, 4, 5, 8, 9, 31, 33, 100, 257, 1000]
    page = learner_page.evaluate(
        "([seed, sizes]) => { const r = linvizLearners.numpyRng(BigInt(seed)); "
        "return sizes.map(n => r.permutation(n)); }", [str(seed), sizes])
    rng = np.random.default_rng(seed)
    assert page == [rng.permutation(n).tolist() for n in sizes]


@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_theorem_numbers_are_the_engines(learner_page, case, offset):
    """R, γ and (R/γ)² as the page computes them live (the least-norm point of the hull
    of the yᵢzᵢ) against the engine's (the max-margin separator by a quadratic programme,
    :func:`linviz.theory.proof_space`), on [x, 1] with an offset; no γ where no separator."""
    from linviz.theory import is_separable, proof_space, radius

    data = case.make()
    if data.n_features != 2:
        pytest.skip("the page explores data of two features")
    X = np.asarray(data.X, dtype=float)
    numbers = learner_page.evaluate(
        "([X, y, offset]) => linvizLearners.theoremNumbers(X, y, offset)",
        [X.tolist(), [int(v) for v in data.y], offset])
    points = np.hstack([X, np.ones((len(X), 1))]) if offset else X
    assert numbers["R"] == pytest.approx(radius(points), rel=1e-12)
    if not is_separable(X, data.y, offset=offset):
        assert numbers["gamma"] is None and numbers["bound"] is None
        return
    _, star = proof_space(data, offset)
    assert numbers["gamma"] == pytest.approx(star.gamma, rel=1e-6)
    assert numbers["bound"] == pytest.approx((radius(points) / star.gamma) ** 2, rel=2e-6)
    assert np.allclose(numbers["theta"], star.theta, atol=1e-5)


@pytest.mark.parametrize("kind", ["plane", "origin", "lifted"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_widest_band_is_the_engines(learner_page, case, kind):
    """θ*'s band the page draws: the widest with an offset (margin's θ*), through the
    origin (the proof's), or through the origin of [x, 1] drawn in the plane, against
    :func:`linviz.theory.max_margin_separator` (a quadratic programme)."""
    from linviz.theory import is_separable, max_margin_separator

    data = case.make()
    if data.n_features != 2:
        pytest.skip("the page explores data of two features")
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    band = learner_page.evaluate("([X, y, kind]) => linvizLearners.starBand(X, y, kind)",
                                 [X.tolist(), [int(v) for v in y], kind])
    points = np.hstack([X, np.ones((len(X), 1))]) if kind == "lifted" else X
    if not is_separable(points if kind != "plane" else X, y, offset=kind == "plane"):
        assert band is None
        return
    star = max_margin_separator(points, y, offset=kind == "plane")
    theta = np.asarray(star.theta, dtype=float)
    if kind == "lifted":  # θ* = (a, c) on [x, 1]: the line aᵀx + c = 0, half-width γ/‖a‖
        a, c = theta[:2], float(theta[2])
        expected = (a / np.linalg.norm(a), c / np.linalg.norm(a), star.gamma / np.linalg.norm(a))
    else:
        norm = np.linalg.norm(theta)
        expected = (theta / norm, star.theta0 / norm, star.gamma)
    assert np.allclose(band["theta"], expected[0], atol=1e-5)
    assert band["theta0"] == pytest.approx(expected[1], abs=1e-5 * (1 + np.abs(X).max()))
    assert band["half"] == pytest.approx(expected[2], rel=1e-5)


# ---------------------------------------------------------------- gradient descent
#: descent's states agree within this, relative to the largest |θ|, |θ₀| of the run (the
#: sums run in another order than numpy's: rounding, not a different algorithm)
DESCENT_AGREEMENT = 1e-9
#: steps compared: enough for the loss to fall far on every set
DESCENT_STEPS = 120
REGRESSION_CASES = [case for case in gallery(REGRESSION) if case.name]


def page_descent(page, kind, X, y, lr, steps, offset):
    return page.evaluate(
        "([kind, X, y, lr, steps, offset]) => linvizLearners.descentRun(kind, X, y, lr, steps, offset)",
        [kind, np.asarray(X, dtype=float).tolist(), np.asarray(y, dtype=float).tolist(),
         float(lr), int(steps), bool(offset)])


def assert_descent_agrees(run, trace):
    thetas = np.asarray(trace.states["theta"], dtype=float)
    theta0s = np.asarray(trace.states["theta0"], dtype=float)
    losses = np.asarray(trace.states["loss"], dtype=float)
    assert run["diverged"] is None and run["steps"] == len(thetas) - 1
    size = max(1.0, float(np.abs(thetas).max()), float(np.abs(theta0s).max()))
    assert np.allclose(run["thetas"], thetas, rtol=0, atol=DESCENT_AGREEMENT * size)
    assert np.allclose(run["theta0s"], theta0s, rtol=0, atol=DESCENT_AGREEMENT * size)
    assert np.allclose(run["losses"], losses, rtol=DESCENT_AGREEMENT, atol=0)
    assert np.allclose(run["gradNorms"], trace.steps["grad_norm"], rtol=1e-6,
                       atol=DESCENT_AGREEMENT * size)
    assert run["converged"] == bool(trace.result["converged"])


@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_logistic_descent_is_the_engines(learner_page, case, offset):
    """Logistic regression from θ = 0 with η = 1/β (the lesson's step) on every
    classification set of two features, standardised when its scale asks for it."""
    from linviz.gradient import logistic_curvature_bound
    from linviz.logistic import LogisticRegression

    data = case.make()
    if data.n_features != 2:
        pytest.skip("the page explores data of two features")
    lr = 1.0 / logistic_curvature_bound(data.X)
    trace = LogisticRegression(lr=lr, steps=DESCENT_STEPS, offset=offset).fit(data).trace_
    assert_descent_agrees(page_descent(learner_page, "logistic", data.X, data.y, lr,
                                       DESCENT_STEPS, offset), trace)


@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", REGRESSION_CASES, ids=[case.name for case in REGRESSION_CASES])
def test_the_pages_least_squares_descent_is_the_engines(learner_page, case, offset):
    """Least squares on x (the first feature) from θ = 0 with η = 1/λ_max(H), the lesson's
    step, on every regression set of the gallery."""
    from linviz.gradient import squared_loss_curvature
    from linviz.regression import LinearRegression

    data = case.make()
    data = type(data)(data.name, np.asarray(data.X, dtype=float)[:, :1], data.y, data.task)
    lr = 1.0 / squared_loss_curvature(data.X)[1]
    trace = LinearRegression(lr=lr, steps=DESCENT_STEPS, offset=offset).fit(data).trace_
    assert_descent_agrees(page_descent(learner_page, "regression", data.X, data.y, lr,
                                       DESCENT_STEPS, offset), trace)


def test_the_pages_descent_stops_where_the_engine_refuses_divergence(learner_page):
    """η far past 2/λ_max: the engine refuses at the step θ or L overflows; the page stops
    its states before that same step and says which."""
    from linviz.errors import DataError
    from linviz.regression import LinearRegression

    X = np.linspace(-50, 50, 21)[:, None]
    y = 3 * X[:, 0] + 1
    data = type(gallery(REGRESSION)[0].make())("wide", X, y, REGRESSION)
    with pytest.raises(DataError, match=r"diverged at step (\d+)") as refused:
        LinearRegression(lr=5.0, steps=400).fit(data)
    step = int(refused.value.args[0].split("diverged at step ")[1].split(" ")[0])
    run = page_descent(learner_page, "regression", X, y, 5.0, 400, True)
    assert run["diverged"] == step and run["steps"] == step - 1


@pytest.mark.parametrize("case", CASES + REGRESSION_CASES,
                         ids=[case.name for case in CASES + REGRESSION_CASES])
def test_the_pages_curvature_is_the_engines(learner_page, case):
    """The eigenvalues of (1/n)X̃ᵀX̃ (Jacobi's rotations in the page, the singular values of
    X̃ in the engine), on the data's first two features."""
    from linviz.gradient import gram_eigenvalues

    X = np.asarray(case.make().X, dtype=float)[:, :2]
    page = learner_page.evaluate("(X) => linvizLearners.gramEigenvalues(X)", X.tolist())
    engine = gram_eigenvalues(X)
    assert np.allclose(page, engine, rtol=1e-9, atol=1e-12 * engine[-1])


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_least_logistic_loss_is_the_engines(learner_page, case):
    """L* and its (θ, θ₀) by the page's Newton steps against
    :func:`linviz.logistic.logistic_optimum`; none where a line separates the points."""
    from linviz.logistic import logistic_optimum
    from linviz.theory import is_separable

    data = case.make()
    if data.n_features != 2:
        pytest.skip("the page explores data of two features")
    found = learner_page.evaluate("([X, y]) => linvizLearners.logisticOptimum(X, y)",
                                  [data.X.tolist(), data.y.tolist()])
    if is_separable(data.X, data.y, offset=True):
        assert found is None
        return
    theta, theta0, loss, _ = logistic_optimum(data.X, data.y)
    assert found["loss"] == pytest.approx(loss, rel=1e-12)
    size = max(1.0, float(np.abs(theta).max()), abs(theta0))
    assert np.allclose(found["theta"], theta, rtol=0, atol=1e-8 * size)
    assert found["theta0"] == pytest.approx(theta0, abs=1e-8 * size)


@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", REGRESSION_CASES, ids=[case.name for case in REGRESSION_CASES])
def test_the_pages_least_squares_answer_is_the_engines(learner_page, case, offset):
    """The closed form the page draws (a centred slope) against
    :func:`linviz.regression.normal_equations` (X̃⁺y by numpy's least squares)."""
    from linviz.regression import normal_equations, squared_loss_and_grad

    data = case.make()
    X = np.asarray(data.X, dtype=float)[:, :1]
    found = learner_page.evaluate("([X, y, offset]) => linvizLearners.leastSquares(X, y, offset)",
                                  [X.tolist(), data.y.tolist(), offset])
    theta, theta0 = normal_equations(X, data.y, offset)
    loss = squared_loss_and_grad(X, data.y, theta, theta0)[0]
    size = max(1.0, float(np.abs(theta).max()), abs(theta0))
    assert np.allclose(found["theta"], theta, rtol=0, atol=1e-9 * size)
    assert found["theta0"] == pytest.approx(theta0, abs=1e-9 * size)
    assert found["loss"] == pytest.approx(loss, rel=1e-9)


@pytest.mark.parametrize("case", CASES + REGRESSION_CASES,
                         ids=[case.name for case in CASES + REGRESSION_CASES])
def test_without_an_offset_the_pages_curvature_is_the_datas_alone(learner_page, case):
    """θ₀ fixed at 0: the loss's curvature is (1/n)XᵀX's (no column of ones), against
    numpy's eigenvalues of it."""
    X = np.asarray(case.make().X, dtype=float)[:, :2]
    page = learner_page.evaluate("(X) => linvizLearners.gramEigenvalues(X, false)", X.tolist())
    engine = np.linalg.eigvalsh(X.T @ X / len(X))
    assert np.allclose(page, engine, rtol=1e-9, atol=1e-12 * engine[-1])
