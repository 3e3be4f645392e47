"""Explore for gradient descent, in the pack's page in real headless Chromium: paused at beats
of the logistic and regression scenes, E opens the run at the step the beat shows; a student
drags a point, steps, doubles η or the steps, flips a label, turns the offset off, and what
the page shows is at every point the engine's run on the edited data
(:class:`linviz.logistic.LogisticRegression`, :class:`linviz.regression.LinearRegression`:
θ, θ₀, L within 1e-9 relative), with the engine's least loss beside it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from browser_helpers import drag, offline_browser, open_page, packed, show_source
from linviz.dataset import CLASSIFICATION, REGRESSION, Dataset
from linviz.errors import DataError

#: the page's states agree with the engine's within this, relative to the run's largest
#: |θ|, |θ₀| (its sums run in another order than numpy's)
AGREEMENT = 1e-9


@pytest.fixture(scope="module")
def descent_pack(tmp_path_factory) -> Path:
    """The logistic and regression scenes packed as a lecturer packs them (a subprocess)."""
    return packed(tmp_path_factory, "explore-descent-pack", "logistic", "regression")[0]


@pytest.fixture
def page(descent_pack, tmp_path):
    manager = offline_browser(tmp_path, 1280, 800)
    context, refused = manager.__enter__()
    opened, errors = open_page(context, descent_pack / "index.html")
    yield opened
    manager.__exit__(None, None, None)
    assert errors == [], errors
    assert refused == [], refused


def engine_run(state: dict):
    """The engine's full-batch descent on the page's data with the page's η, steps and
    offset: its trace, or the step it refused as diverged."""
    from linviz.logistic import LogisticRegression
    from linviz.regression import LinearRegression

    X, y = np.array(state["X"], dtype=float), np.array(state["y"], dtype=float)
    try:
        if state["kind"] == "logistic":
            return LogisticRegression(lr=state["lr"], steps=state["asked"],
                                      offset=state["offset"]).fit(
                Dataset("edited", X, y, CLASSIFICATION)).trace_
        return LinearRegression(lr=state["lr"], steps=state["asked"], offset=state["offset"]).fit(
            Dataset("edited", X, y, REGRESSION)).trace_
    except DataError as refused:
        return int(str(refused).split("diverged at step ")[1].split(" ")[0])


def assert_is_engines(page) -> dict:
    """What the page shows now is the engine's run on its data, at its step; its least loss
    is the engine's."""
    from linviz.logistic import logistic_optimum
    from linviz.regression import normal_equations, squared_loss_and_grad
    from linviz.theory import is_separable

    state = page.evaluate("linvizExplore.state()")
    assert state["open"]
    trace = engine_run(state)
    if isinstance(trace, int):
        assert state["diverged"] == trace and state["steps"] == trace - 1
        return state
    assert state["diverged"] is None and state["steps"] == state["asked"]
    thetas = np.asarray(trace.states["theta"], dtype=float)
    theta0s = np.asarray(trace.states["theta0"], dtype=float)
    size = max(1.0, float(np.abs(thetas).max()), float(np.abs(theta0s).max()))
    k = state["step"]
    assert np.allclose(state["theta"], thetas[k], rtol=0, atol=AGREEMENT * size)
    assert state["theta0"] == pytest.approx(float(theta0s[k]), abs=AGREEMENT * size)
    assert state["loss"] == pytest.approx(float(trace.states["loss"][k]), rel=AGREEMENT)
    assert state["converged"] == bool(trace.result["converged"])
    X, y = np.array(state["X"], dtype=float), np.array(state["y"], dtype=float)
    if state["kind"] == "logistic":
        if is_separable(X, y, offset=True):
            assert state["least"] is None
        else:
            assert state["least"]["loss"] == pytest.approx(logistic_optimum(X, y)[2], rel=1e-12)
        wrong = int(np.sum(y * (X @ thetas[k] + theta0s[k]) <= 0))
        assert state["errors"] == wrong
    else:
        theta, theta0 = normal_equations(X, y, state["offset"])
        assert state["least"]["loss"] == pytest.approx(
            squared_loss_and_grad(X, y, theta, theta0)[0], rel=1e-9)
    return state


def beat_steps(scene: str) -> dict[str, int]:
    """caption → the gradient step its picture shows, from the engine's storyboard."""
    from linviz.explorable import descent_step, scene_run
    from linviz_render.story import scene_data, told_on
    from scenes.catalog import find
    from linviz.request import RenderRequest

    entry, request = find(scene), RenderRequest()
    data = scene_data(entry, request)
    board = told_on(entry, request, data)
    trace = scene_run(scene, data)[0]
    return {text: descent_step(beat.state, trace)
            for text, beat in zip(board.sentences(), board.beats)}


def pause_at_end_of(page, beat: dict) -> None:
    page.evaluate(f"linvizPlayer.seek({beat['end'] - 0.05})")
    page.wait_for_function("!document.getElementById('video').seeking")
    page.evaluate("document.getElementById('video').pause()")


@pytest.mark.parametrize("scene", ["logistic", "regression"])
def test_explore_opens_at_the_beats_step_and_follows_every_edit_as_the_engine(page, scene):
    steps = beat_steps(scene)
    beats = [beat for beat in show_source(page, scene) if beat["text"] in steps]
    # beats showing the run's start, its middle (if any) and its end
    shown = sorted({steps[beat["text"]] for beat in beats})
    chosen = [next(k for k, beat in enumerate(beats) if steps[beat["text"]] == step)
              for step in (shown[0], shown[len(shown) // 2], shown[-1])]
    for k in chosen:
        pause_at_end_of(page, beats[k])
        paused_at = page.evaluate("document.getElementById('video').currentTime")
        page.keyboard.press("e")
        state = assert_is_engines(page)
        assert state["kind"] == scene and state["step"] == steps[beats[k]["text"]]
        page.keyboard.press("Escape")
        assert page.evaluate("document.getElementById('video').currentTime") == paused_at

    pause_at_end_of(page, beats[chosen[-1]])
    page.keyboard.press("e")
    before = page.evaluate("linvizExplore.state()")
    start = page.evaluate("linvizExplore.toScreen(%s)" % (
        "linvizExplore.state().X[2]" if scene == "logistic"
        else "[linvizExplore.state().X[2][0], linvizExplore.state().y[2]]"))
    drag(page, start, (80, -60), steps=5)
    dragged = assert_is_engines(page)
    assert dragged["edited"] and dragged["selected"] == 2
    moved = [k for k in range(len(before["X"]))
             if (dragged["X"][k], dragged["y"][k]) != (before["X"][k], before["y"][k])]
    assert moved == [2]
    for key in ("Home", "ArrowRight", "u", "u", "y", "ArrowLeft", "End"):
        page.keyboard.press(key)
        assert_is_engines(page)
    page.keyboard.press("+")  # η doubled: the run from θ = 0 again
    doubled = assert_is_engines(page)
    assert doubled["lr"] == 2 * before["lr"]
    page.keyboard.press("-")
    page.keyboard.press(">")  # twice the steps, shown at the new end
    longer = assert_is_engines(page)
    assert longer["asked"] == 2 * before["asked"] and longer["step"] == longer["steps"]
    if scene == "logistic":
        page.keyboard.press("f")
        flipped = assert_is_engines(page)
        assert flipped["y"][2] == -dragged["y"][2]
    page.keyboard.press("o")  # θ₀ = 0
    assert assert_is_engines(page)["offset"] is False
    page.keyboard.press("a")
    page.keyboard.press("Shift+ArrowUp")
    assert len(assert_is_engines(page)["X"]) == len(before["X"]) + 1
    page.keyboard.press("r")
    again = assert_is_engines(page)
    assert (again["X"], again["y"], again["step"], again["lr"]) == \
        (before["X"], before["y"], before["step"], before["lr"])


def test_a_step_past_the_stable_one_shows_what_the_engine_refuses(page):
    """η doubled until least squares diverges: the page stops where the engine refuses,
    and says so."""
    beats = show_source(page, "regression")
    pause_at_end_of(page, beats[-1])
    page.keyboard.press("e")
    for key in ["+"] * 6 + [">"] * 4:  # η × 64, 16 times the steps: past overflow
        page.keyboard.press(key)
    state = assert_is_engines(page)
    assert state["lr"] > state["limit"]
    assert state["diverged"] is not None
