"""Explore, in the pack's page in real headless Chromium: paused at a beat of the perceptron
scene, E opens the beat's state drawn live; a student drags a point, steps, flips a label,
turns the offset off, and what the page shows is, at every point, the engine's run on the
edited data (:class:`linviz.perceptron.Perceptron`, exact floats); Esc goes back to the
paused lecture. Also from the whole lecture's video, by keyboard alone, and in a phone-sized
window."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from browser_helpers import drag, offline_browser, open_page, packed, show_source
from linviz.dataset import CLASSIFICATION, Dataset
from linviz.perceptron import Perceptron


@pytest.fixture(scope="module")
def perceptron_pack(tmp_path_factory) -> Path:
    """The perceptron scene packed as a lecturer packs it (a subprocess)."""
    return packed(tmp_path_factory, "explore-pack", "perceptron")[0]


@pytest.fixture
def page_of(perceptron_pack, tmp_path):
    """Open the pack's page (at a viewport size) in Chromium, nothing but file:// allowed."""
    opened = []

    def open_sized(width: int = 1280, height: int = 800):
        manager = offline_browser(tmp_path / f"profile-{len(opened)}", width, height)
        context, refused = manager.__enter__()
        page, errors = open_page(context, perceptron_pack / "index.html")
        opened.append((manager, errors, refused))
        return page

    yield open_sized
    for manager, errors, refused in opened:
        manager.__exit__(None, None, None)
        assert errors == [], errors
        assert refused == [], refused


def engine_state(state: dict) -> dict:
    """The engine's run on the page's data (as the page holds it, exact floats), at the
    page's visit: θ, θ₀, t, i (1-based), M."""
    X = np.array(state["X"], dtype=float)
    y = np.array(state["y"], dtype=float)
    order = ({"order": "cyclic"} if state["seed"] is None
             else {"order": "shuffle", "seed": state["seed"]})
    trace = Perceptron(epochs=state["tau"], offset=state["offset"], **order).fit(
        Dataset("edited", X, y, CLASSIFICATION)).trace_
    step = state["step"]
    assert step <= len(trace.steps["i"])
    k = int(trace.steps["state"][step - 1]) if step else 0
    # the visit on screen: the last one made, or (testing) the next, θ not yet updated
    shown = step + 1 if state["testing"] else step
    return {"theta": np.asarray(trace.states["theta"][k], dtype=float).tolist(),
            "theta0": float(trace.states["theta0"][k]), "M": k,
            "t": int(trace.steps["epoch"][shown - 1]) if shown else 0,
            "i": int(trace.steps["i"][shown - 1]) + 1 if shown else None,
            "visits": len(trace.steps["i"])}


def assert_is_engines(page) -> dict:
    state = page.evaluate("linvizExplore.state()")
    assert state["open"]
    engine = engine_state(state)
    shown = {key: state[key] for key in ("theta", "theta0", "M", "t", "i", "visits")}
    shown["theta0"] = float(shown["theta0"])
    assert shown == engine, (shown, engine)
    return state


def assert_theorem_is_engines(state: dict) -> None:
    """The live R, γ, (R/γ)² of the page's data are the engine's (no γ: not separable)."""
    from linviz.theory import is_separable, proof_space, radius

    X, y = np.array(state["X"], dtype=float), np.array(state["y"], dtype=float)
    points = np.hstack([X, np.ones((len(X), 1))]) if state["offset"] else X
    assert state["R"] == pytest.approx(radius(points), rel=1e-12)
    if not is_separable(X, y, offset=state["offset"]):
        assert state["gamma"] is None
        return
    _, star = proof_space(Dataset("edited", X, y, CLASSIFICATION), state["offset"])
    assert state["gamma"] == pytest.approx(star.gamma, rel=1e-6)


def pause_at_end_of(page, beat: dict) -> None:
    """Paused on the beat's last frame, as present mode stops there."""
    page.evaluate(f"linvizPlayer.seek({beat['end'] - 0.05})")
    page.wait_for_function("!document.getElementById('video').seeking")
    page.evaluate("document.getElementById('video').pause()")


def storyboard_steps() -> list[tuple[str, int]]:
    """(caption, visits shown) of every beat of the scene, from the engine's storyboard."""
    from linviz_render.story import storyboard_of
    from scenes.catalog import find
    from linviz.request import RenderRequest

    board = storyboard_of(find("perceptron"), RenderRequest())
    return [(text, int(beat.state.get("step", 0)))
            for text, beat in zip(board.sentences(), board.beats)]


def test_explore_opens_on_the_beats_state_and_follows_every_edit_as_the_engine(page_of):
    page = page_of()
    beats = show_source(page, "perceptron")
    steps = dict(storyboard_steps())
    chosen = [k for k, beat in enumerate(beats) if steps.get(beat["text"], 0) > 0]
    assert len(chosen) >= 3
    for k in (chosen[0], chosen[len(chosen) // 2], chosen[-1]):
        pause_at_end_of(page, beats[k])
        paused_at = page.evaluate("document.getElementById('video').currentTime")
        page.keyboard.press("e")
        state = assert_is_engines(page)
        assert state["step"] == steps[beats[k]["text"]], beats[k]["text"]
        assert not state["edited"]
        page.keyboard.press("Escape")
        assert page.evaluate("linvizExplore.state()") == {"open": False}
        assert page.evaluate("document.getElementById('video').paused")
        assert page.evaluate("document.getElementById('video').currentTime") == paused_at

    pause_at_end_of(page, beats[chosen[1]])
    page.keyboard.press("e")
    before = page.evaluate("linvizExplore.state()")
    # drag point 4 across the plane with the mouse
    start = page.evaluate("linvizExplore.toScreen(linvizExplore.state().X[3])")
    drag(page, start, (90, -70))
    dragged = assert_is_engines(page)
    assert dragged["edited"] and dragged["selected"] == 3
    assert_theorem_is_engines(dragged)
    assert [p for k, p in enumerate(dragged["X"]) if k != 3] == \
        [p for k, p in enumerate(before["X"]) if k != 3]
    assert dragged["X"][3][0] > before["X"][3][0] and dragged["X"][3][1] > before["X"][3][1]
    for key in ("u", "u", "ArrowRight", "ArrowRight", "y", "ArrowLeft"):
        page.keyboard.press(key)
        assert_is_engines(page)
    page.keyboard.press("f")  # flip the dragged point's label
    flipped = assert_is_engines(page)
    assert flipped["y"][3] == -dragged["y"][3]
    assert_theorem_is_engines(flipped)
    page.keyboard.press("o")  # through the origin
    assert assert_is_engines(page)["offset"] is False
    for seed in (0, 1):  # shuffled each pass, as numpy's default_rng(seed) shuffles
        page.keyboard.press("s")
        assert assert_is_engines(page)["seed"] == seed
    page.keyboard.press("End")
    end = assert_is_engines(page)
    assert end["step"] == end["visits"]
    page.keyboard.press("a")  # a new point, then moved by keyboard
    page.keyboard.press("Shift+ArrowUp")
    added = assert_is_engines(page)
    assert len(added["X"]) == len(before["X"]) + 1
    page.keyboard.press("r")  # the lecture's data and run again, at the beat
    again = assert_is_engines(page)
    assert (again["X"], again["y"], again["step"], again["seed"]) == \
        (before["X"], before["y"], before["step"], None)


def test_explore_from_the_whole_lectures_video(page_of):
    page = page_of()
    spans = page.evaluate("LINVIZ_LECTURE.explore_offsets")
    start, end = spans["perceptron"]
    own = page.evaluate("LINVIZ_LECTURE.sources.filter(s => s.id === 'perceptron')[0].beats")
    steps = dict(storyboard_steps())
    k = max(k for k, beat in enumerate(own) if steps.get(beat["text"], 0) > 0)
    page.evaluate(f"linvizPlayer.seek({start + own[k]['end'] - 0.05})")
    page.wait_for_function("!document.getElementById('video').seeking")
    page.keyboard.press("e")
    state = assert_is_engines(page)
    assert state["scene"] == "perceptron" and state["step"] == steps[own[k]["text"]]
    # Explore's keys are its own: → stepped the run, not the lecture
    time = page.evaluate("document.getElementById('video').currentTime")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("linvizExplore.state().step") == min(state["step"] + 1,
                                                               state["visits"])
    assert page.evaluate("document.getElementById('video').currentTime") == time


def test_every_action_has_a_key_and_a_button_that_works_by_keyboard(page_of):
    page = page_of()
    beats = show_source(page, "perceptron")
    pause_at_end_of(page, beats[len(beats) // 2])
    page.focus("#explore-button")
    page.keyboard.press("Enter")  # the button opens it too
    assert page.evaluate("linvizExplore.state().open")
    step = page.evaluate("linvizExplore.state().step")
    buttons = page.locator("#explore-controls button")
    labels = buttons.all_text_contents()
    assert all(label.split()[0] for label in labels)  # each names its key
    home = buttons.filter(has_text="to θ = 0")
    home.focus()
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # a visible focus
    page.keyboard.press("Enter")
    assert page.evaluate("linvizExplore.state().step") == 0
    assert_is_engines(page)


def test_a_phone_sized_window_keeps_the_picture_and_panel_and_wraps_the_controls(
        page_of, tmp_path):
    page = page_of(390, 844)
    beats = show_source(page, "perceptron")
    pause_at_end_of(page, beats[len(beats) // 2])
    page.keyboard.press("e")
    assert_is_engines(page)
    canvas = page.evaluate("""() => { const r = document.getElementById('explore-canvas')
        .getBoundingClientRect(); return [r.width, r.height]; }""")
    # the plane on top, the whole panel under it: taller than the window, which scrolls
    assert canvas[0] >= 380 and canvas[1] > 844 * 0.75
    boxes = page.evaluate("""() => [...document.querySelectorAll('#explore-controls button')]
        .map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right]; })""")
    assert all(0 <= left and right <= 390 for left, right in boxes)  # the keys wrap
    page.evaluate("[...document.querySelectorAll('#explore-controls button')].pop()"
                  ".scrollIntoView()")
    last = page.evaluate("""() => [...document.querySelectorAll('#explore-controls button')]
        .pop().getBoundingClientRect().bottom""")
    assert last <= 844  # the last key scrolls into the window
    page.screenshot(path=str(tmp_path / "explore-phone.png"))


def test_the_handout_names_the_key_under_the_scene(perceptron_pack):
    """The handout's page for the perceptron tells a student how to open its explorable."""
    pypdf = pytest.importorskip("pypdf")
    from linviz_pack.build import EXPLORE_NOTE

    text = " ".join(page.extract_text() for page in
                    pypdf.PdfReader(str(perceptron_pack / "handout.pdf")).pages)
    assert "press E to explore" in " ".join(text.split())
    assert all("press E" in note for note in EXPLORE_NOTE.values())


def test_the_margin_scene_explores_its_run_and_its_widest_band(lecture_pack, tmp_path):
    """In the margin scene's pack (the page tests' pack), Explore opens on the run the beat
    shows (the separator after its mistake, or the final one), with θ*'s band on: the
    engine's widest band with an offset, before and after a point is dragged."""
    from linviz.theory import max_margin_separator
    from linviz_render.story import storyboard_of
    from scenes.catalog import find
    from linviz.request import RenderRequest

    out, _ = lecture_pack
    board = storyboard_of(find("margin"), RenderRequest())
    with offline_browser(tmp_path) as (context, refused):
        page, _ = open_page(context, out / "index.html")
        beats = show_source(page, "margin")
        blends = {text: beat.state.get("blend") for text, beat in
                  zip(board.sentences(), board.beats)}
        for k in (1, next(k for k, b in enumerate(beats) if blends.get(b["text"]) == 0)):
            pause_at_end_of(page, beats[k])
            page.keyboard.press("e")
            state = assert_is_engines(page)
            errors = page.evaluate("linvizExplore.state().errors")
            # the separator after the run's mistake has a point wrong, the final none
            assert (errors > 0) == (blends[beats[k]["text"]] == 0)
            for _ in range(2):
                star = max_margin_separator(np.array(state["X"]), np.array(state["y"]),
                                            offset=True)
                assert state["showStar"] and state["star"]["half"] == pytest.approx(
                    star.gamma, rel=1e-5)
                assert np.allclose(state["star"]["theta"], star.theta, atol=1e-5)
                start = page.evaluate("linvizExplore.toScreen(linvizExplore.state().X[0])")
                page.mouse.move(*start)
                page.mouse.down()
                page.mouse.move(start[0] - 15, start[1] - 25, steps=3)
                page.mouse.up()
                state = assert_is_engines(page)
            page.keyboard.press("Escape")
        assert refused == []


def test_a_beat_before_its_update_and_a_beat_about_one_point_open_as_the_video_shows_them(
        page_of):
    """A beat whose picture tests a point before θ changes opens on that test (θ the state
    before, the tested point's i); → makes the visit. A beat whose sentence is about one
    ringed point opens with that point selected, its distance to the line on the panel."""
    from linviz_render.story import storyboard_of
    from scenes.catalog import find
    from linviz.request import RenderRequest

    board = storyboard_of(find("perceptron"), RenderRequest())
    told = dict(zip(board.sentences(), (beat.state for beat in board.beats)))
    page = page_of()
    beats = show_source(page, "perceptron")
    testing = [beat for beat in beats if beat["text"] in told
               and told[beat["text"]].get("visit") is not None
               and told[beat["text"]]["visit"] == told[beat["text"]]["step"] + 1]
    ringed = [beat for beat in beats if beat["text"] in told
              and told[beat["text"]].get("ring") is not None]
    assert testing and ringed
    pause_at_end_of(page, testing[0])
    page.keyboard.press("e")
    state = assert_is_engines(page)
    expected = told[testing[0]["text"]]
    assert state["testing"] and state["i"] == expected["i"] and state["M"] == expected["M"]
    page.keyboard.press("ArrowRight")
    after = assert_is_engines(page)
    assert not after["testing"] and after["step"] == state["step"] + 1
    page.keyboard.press("Escape")
    pause_at_end_of(page, ringed[-1])
    page.keyboard.press("e")
    state = assert_is_engines(page)
    assert state["selected"] == told[ringed[-1]["text"]]["ring"]


def test_an_edit_at_the_runs_end_stays_at_the_end_and_edits_stay_till_R(page_of):
    """At the result beat a new visiting order (S) or a drag shows the new run's end, not
    a visit in its middle; Backspace removes the selected point (it does not leave); Esc
    then E brings the edited data back until R; the page moving the video (another
    source) closes Explore where the page moved it."""
    page = page_of()
    beats = show_source(page, "perceptron")
    pause_at_end_of(page, beats[-1])
    page.keyboard.press("e")
    first = assert_is_engines(page)
    assert first["step"] == first["visits"]
    for _ in range(4):
        page.keyboard.press("s")
        state = assert_is_engines(page)
        assert state["step"] == state["visits"] and state["converged"]
        assert state["errors"] == 0  # a converged run's end gets every point right
    page.keyboard.press("]")
    page.keyboard.press("Backspace")
    removed = assert_is_engines(page)
    assert page.evaluate("linvizExplore.state().open")
    assert len(removed["X"]) == len(first["X"]) - 1
    page.keyboard.press("Escape")
    page.keyboard.press("e")
    again = assert_is_engines(page)
    assert again["X"] == removed["X"] and again["seed"] == removed["seed"] and again["edited"]
    page.keyboard.press("r")
    assert assert_is_engines(page)["X"] == first["X"]
    page.evaluate("linvizPlayer.show('lecture')")
    page.wait_for_function("!linvizExplore.state().open")
    assert page.evaluate("linvizPlayer.state.source.id") == "lecture"
