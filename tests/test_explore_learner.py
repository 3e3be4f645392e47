"""The page's perceptron (``linviz_pack/web/explore.js``) is the engine's, bit for bit: run in
real headless Chromium (Debian's) on every classification data set of the gallery, with an
offset and through the origin, every visit (pass, point, recorded score, mistake, state)
and every state θ, θ₀ equals :class:`linviz.perceptron.Perceptron`'s trace exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from browser_helpers import offline_browser
from linviz.dataset import CLASSIFICATION
from linviz.gallery import gallery
from linviz.perceptron import ON_LINE_TOLERANCE, Perceptron

WEB = Path(__file__).resolve().parent.parent / "linviz_pack" / "web"
#: τ for the comparison: data no line separates runs all of it
EPOCHS = 60


@pytest.fixture(scope="module")
def learner_page(tmp_path_factory):
    """A blank page with explore.js loaded (no lecture: the learner alone)."""
    folder = tmp_path_factory.mktemp("explore-learner")
    (folder / "explore.js").write_text((WEB / "explore.js").read_text(encoding="utf-8"),
                                       encoding="utf-8")
    (folder / "index.html").write_text(
        '<!DOCTYPE html><html><body><div id="stage"></div>'
        '<script src="explore.js"></script></body></html>', encoding="utf-8")
    with offline_browser(folder) as (context, refused):
        page = context.new_page()
        page.goto((folder / "index.html").as_uri())
        yield page
        assert refused == []


CASES = [case for case in gallery(CLASSIFICATION) if case.name]


@pytest.mark.parametrize("offset", [True, False], ids=["offset", "origin"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_pages_perceptron_is_the_engines_bit_for_bit(learner_page, case, offset):
    data = case.make()
    X = np.asarray(data.X, dtype=float)[:, :8]
    if X.shape[1] < 1:
        pytest.skip("no features")
    trace = Perceptron(epochs=EPOCHS, offset=offset).fit(
        type(data)(data.name, X, data.y, data.task)).trace_
    page_run = learner_page.evaluate(
        "([X, y, offset, epochs, tol]) => linvizExplore.run(X, y, offset, epochs, tol)",
        [X.tolist(), [int(v) for v in data.y], offset, EPOCHS, ON_LINE_TOLERANCE])
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
        "([X, y, offset]) => linvizExplore.theorem(X, y, offset)",
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
    band = learner_page.evaluate("([X, y, kind]) => linvizExplore.starBand(X, y, kind)",
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
