"""What a scene draws at the end of every beat is the state its storyboard gives that beat.

The storyboard comes from the engine (the lesson, no Manim); the scene runs its whole
story (animations skipped) and, at the end of each beat (the sentence said, before the
next one starts), the test reads what the picture shows: the panel's values as
drawn, the pseudocode line lit, the point the cursor rings, the status line, the notes,
and where the boundary is. Paired beat by beat with the storyboard, nothing may differ:
the picture never shows a state its sentence has not reached or has already left.
"""

from __future__ import annotations

import numpy as np
import pytest

from linviz import formatting
from linviz.gallery import gallery_case
from linviz.lessons import storyboard_for
from linviz.storyboard import with_data_note as told  # the scene tells the data's note too
from scenes.toolkit.screen_text import fmt, fmt_vector

from scene_helpers import gallery_csv
from story_runs import story_with

try:
    import sklearn  # noqa: F401
    HAVE_SKLEARN = True
except ImportError:  # pragma: no cover - the test extra installs it
    HAVE_SKLEARN = False

#: built-in sets with several seeds, and real ones raw and standardised
PERCEPTRON_CASES = ["default", "separable:1", "separable:2", "small-margin:0", "small-margin:3",
                    "separable-origin:2", "separable-far", "iris-sepal", "iris-petal-std",
                    "iris-sepal-std"]
ORIGIN_CASES = ["default", "separable-origin:1", "separable-origin:3", "separable:2",
                "iris-petal-std", "iris-sepal-std"]
#: data no line separates: built-in with seeds, and real data sorted by class (shuffled)
NOISE_CASES = ["default", "noisy:1", "noisy:2", "xor-cloud:0", "iris-versicolor-virginica",
               "wine-std", "breast-cancer-std"]
#: XOR data only (the scene refuses any other: see test_xor_refuses_other_data)
XOR_CASES = ["default", "xor-cloud:0", "xor-cloud:1", "xor-cloud:2"]


def drawn_perceptron_state(scene) -> dict:
    """What the perceptron scene's picture shows now, read from its drawings."""
    counters = scene.counters
    # where the cursor and the ring are, as the point they sit on (a point of the same
    # place counts: real data repeats points)
    where = lambda mobject: scene.plane.p2c(mobject.get_center())  # noqa: E731
    cursor = where(scene.cursor) if scene.cursor.get_stroke_opacity() > 0 else None
    shown_status = next((key for key, line in scene.statuses.items() if line is scene.status),
                        None)
    theta, theta0, presence = scene.parameters()
    return {
        # the counters shown (not yet, under a veil, before the sentence explaining them)
        "counters": getattr(scene, "counters_veil", None) is None
        or not scene.on_screen(scene.counters_veil),
        # θ, θ₀ and the y·score shown (not yet, under a veil, before the start is said)
        "values": getattr(scene, "values_veil", None) is None
        or not scene.on_screen(scene.values_veil),
        "t": counters["epoch"].number.shown, "i": counters["i"].number.shown,
        "M": counters["M"].number.shown, "error": counters["error"].number.shown,
        "theta": scene.theta_value.number.shown,
        "theta0": scene.theta0_value.number.shown if scene.offset else None,
        "score": scene.score.number.shown, "line": scene.code.current, "cursor": cursor,
        "status": shown_status, "notes": len(getattr(scene, "told_notes", [])),
        "ring": where(scene.ring) if getattr(scene, "ring", None) else None,
        "boundary": (np.asarray(theta, dtype=float), float(theta0), presence),
        "numbered": sorted(scene.numbered_points()),
        # the noise scene's: the error plot in the code's place, the squares, the best line
        "plot": scene.on_screen(scene.error_plot.graph) if hasattr(scene, "error_plot")
        else None,
        "flips": scene.on_screen(scene.flip_marks) if hasattr(scene, "flip_marks") else None,
        "best_line": scene.on_screen(scene.best_line)
        if getattr(scene, "best_line", None) is not None else (
            False if hasattr(scene, "flip_marks") else None),
        # the line the labels came from, and the dashed levels on the error plot
        "labelling_line": _present(scene, scene.labelling_line)
        if getattr(scene, "labelling_line", None) is not None else (
            False if hasattr(scene, "flip_marks") else None),
        "levels": tuple(name for name, level in (("labelling", getattr(scene, "reference", None)),
                                                 ("best", getattr(scene, "best_reference", None)))
                        if level is not None and len(level) and _present(scene, level[0]))
        if hasattr(scene, "flip_marks") else None,
        **(drawn_xor_state(scene) if hasattr(scene, "space") else {}),
    }


def drawn_xor_state(scene) -> dict:
    """What the xor scene adds: which board the right half shows, the cycle's lines, the
    lift, the 3-D view's turn, the lifted run's values and the shaded curve."""
    from scenes.toolkit import style

    stage = ("space" if scene.on_screen(scene.space) else
             "cycle" if scene.on_screen(scene.cycle_panel.box) else "run")
    parts = [name for name, rows in scene.cycle_parts.items()
             if len(rows) and any(row in top.get_family() for top in scene.mobjects
                                  for row in rows[:1])]
    values = scene.lifted_values
    lifted = scene.on_screen(scene.lifted_live)
    return {
        "stage": stage, "ghosts": scene.on_screen(scene.ghosts), "cycle_rows": parts,
        "lift": scene.lift_amount.get_value(),
        "view": round((scene.azimuth.get_value() - style.SPACE_AZIMUTH) / style.SPACE_TURN, 6),
        "lifted_step": scene.lifted_tracker.get_value(),
        "lifted_M": values["M"].number.shown if lifted else "0",
        "lifted_theta": values["theta"].number.shown if lifted else fmt_vector((0, 0, 0)),
        "lifted_theta0": values["theta0"].number.shown if lifted else fmt(0.0),
        "shade": getattr(scene, "final_shade", None) is not None
        and scene.on_screen(scene.final_shade),
        "curve": _present(scene, scene.curve),
        # the points named as on the lifted plane: those ringed
        "on_plane": [i for i in range(scene.data.n_samples)
                     if scene.on_plane_rings is not None and scene.on_screen(scene.on_plane_rings)
                     and any(np.allclose(ring.get_center(), scene.plane.point(i), atol=1e-6)
                             for ring in scene.on_plane_rings)],
    }


def expected_xor_state(state) -> dict:
    """The xor storyboard's own keys as the picture shows them."""
    return {"stage": state["stage"], "ghosts": state["ghosts"], "lift": state["lift"],
            "cycle_rows": [name for name in ("passes", "repeat", "errors", "best")
                           if name in state["cycle_rows"]],
            "view": state["view"], "lifted_step": state["lifted_step"],
            "lifted_M": str(state["lifted_M"]), "lifted_theta": fmt_vector(state["lifted_theta"]),
            "lifted_theta0": fmt(state["lifted_theta0"]), "shade": state["shade"],
            "curve": state["curve"], "on_plane": sorted(state["on_plane"])}


def expected_perceptron_state(state, places: int, offset: bool, X) -> dict:
    """The storyboard's state as the picture shows it (the panel's formatting)."""
    from linviz.lessons.perceptron_story import STATUS

    keys = {markup: key for key, (markup, _) in STATUS.items()}
    return {
        "t": str(state["t"]), "i": "" if state["i"] is None else str(state["i"]),
        "M": str(state["M"]),
        "error": fmt(state["error"], formatting.error_places(state["error"])),
        "theta": fmt_vector(state["theta"], places),
        "theta0": fmt(state["theta0"], places) if offset else None,
        "score": "" if state["score"] is None else fmt(state["score"], places),
        "line": state["line"],
        "cursor": None if state["cursor"] is None else X[state["cursor"]],
        "status": None if state["status"] is None else keys.get(state["status"], state["status"]),
        "notes": len(state["notes"]),
        "ring": None if state["ring"] is None else X[state["ring"]],
        "numbered": sorted(state["numbered"]), "counters": state["counters"],
        "plot": state.get("plot"), "flips": state.get("flips"),
        "best_line": state.get("best_line"), "labelling_line": state.get("labelling_line"),
        "levels": tuple(state["levels"]) if "levels" in state else None,
        **(expected_xor_state(state) if "stage" in state else {}),
    }


def _same(drawn, told) -> bool:
    """Equal values; places (a cursor, a ring) equal to a millionth of the data's units."""
    if isinstance(drawn, np.ndarray) or isinstance(told, np.ndarray):
        return (drawn is not None and told is not None
                and bool(np.allclose(drawn, told, rtol=1e-6, atol=1e-6)))
    return drawn == told


def _data_spec(case: str, tmp_path):
    if case == "default":
        return {}
    gallery = gallery_case(case)
    if gallery.real and not HAVE_SKLEARN:
        pytest.skip("needs scikit-learn's data sets")
    return {"data_spec": gallery_csv(tmp_path, case)}


def _check_every_beat(scene_name: str, case: str, tmp_path, heard=()) -> None:
    from scenes.catalog import find

    drawn: list[tuple[str, dict]] = []
    scene = story_with(find(scene_name).load(), **_data_spec(case, tmp_path),
                       **({"heard": heard} if heard else {}),
                       beat_observers=[lambda s: drawn.append(
                           (s.timeline.current[1], drawn_perceptron_state(s)))])
    storyboard = told(storyboard_for(scene_name)(scene.data, heard=heard), scene.data)
    assert [sentence for sentence, _ in drawn] == storyboard.sentences()
    offset, places = scene.offset, scene.places
    started = False  # θ's values come with the first beat that lights a line of the code
    for number, ((sentence, picture), beat) in enumerate(zip(drawn, storyboard.beats), 1):
        expected = expected_perceptron_state(beat.state, places, offset, scene.data.X)
        started = started or beat.state["line"] is not None
        expected["values"] = started
        theta, theta0, presence = picture.pop("boundary")
        if expected["plot"]:  # the code has left: its bar is not drawn
            expected.pop("line")
        if expected.get("stage", "run") != "run":
            # the run's panel and boundary have left the picture: the xor scene's own
            # boards are what it shows (and the point numbers, the status line)
            expected = {key: value for key, value in expected.items()
                        if key in ("numbered", "status") or key in expected_xor_state(beat.state)}
        mismatched = {key: (picture[key], value) for key, value in expected.items()
                      if not _same(picture[key], value)}
        assert not mismatched, f"beat {number} ({sentence!r}): drawn, told: {mismatched}"
        if expected.get("stage", "run") != "run":
            continue
        # the boundary drawn is the state's (none while θ = 0); a visit on screen is the
        # step index a millionth of a step past the state (θ moved by 1e-6 of y·x at most)
        scale = 1e-5 * (1.0 + float(np.max(np.abs(scene.data.X))))
        np.testing.assert_allclose(theta, beat.state["theta"], rtol=0, atol=scale)
        assert theta0 == pytest.approx(beat.state["theta0"], abs=1e-5)
        assert (presence > 0.5) == bool(np.any(beat.state["theta"]))


def _spec_of(case: str, tmp_path) -> dict:
    """The request of a gallery case: a built-in set "name:seed", a real one through its CSV."""
    if case == "default":
        return {}
    if gallery_case(case).real:
        return _data_spec(case, tmp_path)
    name, seed = case.split(":")
    return {"data_spec": name, "seed": int(seed)}


def _holds_every_beat(name: str, spec: dict, drawn_state, expected_state=dict) -> None:
    """Run scene ``name`` (``spec``: its request) and hold what it draws at every beat's end
    (``drawn_state(scene)``) against its storyboard's state (``expected_state(state)``)."""
    from scenes.catalog import find

    drawn: list[tuple[str, dict]] = []
    scene = story_with(find(name).load(), **spec, beat_observers=[
        lambda s: drawn.append((s.timeline.current[1], drawn_state(s)))])
    data = None if find(name).own_data else scene.data
    storyboard = told(storyboard_for(name)(data, seed=scene.seed, heard=spec.get("heard", ())),
                      data)
    assert [sentence for sentence, _ in drawn] == storyboard.sentences()
    for number, ((sentence, picture), beat) in enumerate(zip(drawn, storyboard.beats), 1):
        expected = expected_state(beat.state)
        mismatched = {key: (picture[key], value) for key, value in expected.items()
                      if picture[key] != value}
        assert not mismatched, f"beat {number} ({sentence!r}): drawn, told: {mismatched}"


@pytest.mark.parametrize("case", PERCEPTRON_CASES)
def test_the_perceptron_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _check_every_beat("perceptron", case, tmp_path)


@pytest.mark.parametrize("case", ORIGIN_CASES)
def test_the_perceptron_through_the_origin_draws_its_storyboard(case, tmp_path):
    _check_every_beat("perceptron-origin", case, tmp_path)


@pytest.mark.parametrize("case", NOISE_CASES)
def test_the_noise_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _check_every_beat("noise", case, tmp_path)


@pytest.mark.parametrize("scene_name, case", [("noise", "iris-versicolor-virginica"),
                                                ("perceptron", "default"),
                                                ("perceptron", "iris-sepal")])
def test_an_explained_update_ends_with_theta_at_the_tip_of_the_sum(scene_name, case, tmp_path):
    """Tip to tail: y·x slid to the tip of θ ends "where the new θ will be". On raw iris
    (θ drawn as its direction, the update explained at a scale of its own) θ went back to
    its fixed length as the update ended, so the update's last frame showed θ away from
    the tip it was said to reach, under a note that had flipped back. Now θ ends on the
    sum's tip, and the update's note stays until the run moves on."""
    from scenes.catalog import find

    ends: list[tuple[str, object, object, object]] = []

    def observe(scene):
        addend = getattr(scene, "addend", None)
        ends.append((scene.timeline.current[1],
                     None if addend is None else addend.end_data.copy(),
                     scene.theta_arrow.end_data.copy(), scene.local_scale))

    scene = story_with(find(scene_name).load(), **_data_spec(case, tmp_path),
                       beat_observers=[observe])
    beats = told(storyboard_for(scene_name)(scene.data, seed=scene.seed), scene.data).beats
    explained = 0
    for number, beat in enumerate(beats):
        if beat.motion != "update" or beats[number - 1].motion != "tip-to-tail":
            continue
        explained += 1
        sum_tip = ends[number - 1][1]
        _, _, theta_end, scale = ends[number]
        np.testing.assert_allclose(theta_end, sum_tip, atol=1e-6 * (1 + np.abs(sum_tip).max()))
        if scale is not None:  # the note on screen is the update's, not the direction's
            assert scene.local_note is not None
    assert explained


@pytest.mark.parametrize("case", XOR_CASES)
def test_the_xor_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _check_every_beat("xor", case, tmp_path)


#: told in a lecture after the perceptron walked an update through: the run told briefly
#: (linviz.lessons.heard)
BRIEF_CASES = [("perceptron-origin", "default"), ("perceptron-origin", "separable:2"),
               ("perceptron-origin", "iris-petal-std"), ("noise", "default"),
               ("noise", "noisy:1"), ("noise", "wine-std"), ("xor", "default"),
               ("xor", "xor-cloud:1")]


@pytest.mark.parametrize("name,case", BRIEF_CASES)
def test_a_run_told_briefly_after_the_walk_through_is_drawn_as_told(name, case, tmp_path):
    _check_every_beat(name, case, tmp_path, heard=("classifier", "perceptron"))


#: the margin scene: built-in sets with seeds, and real ones raw and standardised
MARGIN_CASES = ["default", "separable:1", "small-margin:2", "separable-origin:1",
                "iris-petal-std", "iris-sepal-std",
                # no line separates: measured on the least-error line
                "noisy:1", "xor-cloud:0", "iris-versicolor-virginica", "wine-std"]


def drawn_margin_state(scene) -> dict:
    """What the margin scene's picture shows now: the board, the separator (its blend),
    the ringed probe point, the values on the board and above the number line, the
    circle and the rows of [x, 1]."""
    boards = {"distance": getattr(scene, "distance_still", None),
              "margin": scene.margin_board, "max": scene.max_board[0]}
    shown = [name for name, board in boards.items()
             if board is not None and scene.on_screen(board)]
    rows = sum(scene.on_screen(row) for row in scene.max_board)
    values = scene.values
    numbers_shown = getattr(scene, "margin_values", None) is not None and scene.on_screen(
        scene.margin_values)
    return {
        "board": shown[0] if len(shown) == 1 else (None if not shown else tuple(shown)),
        "blend": round(scene.blend.get_value(), 9), "probe": round(scene.probe.get_value(), 9),
        "distance": values["distance"].number.shown if shown == ["distance"] else None,
        "margin": values["margin"].number.shown if numbers_shown else None,
        "wrong": values["mistakes"].number.shown if numbers_shown else None,
        "circle": scene.on_screen(scene.circle), "lifted": scene.lifted_rows is not None and scene.on_screen(scene.lifted_rows),
        "separator": scene.on_screen(scene.hyperplane), "rows": rows,
        "band": scene.on_screen(scene.band),
        # the rows on the data set's margin come with its first sentence
        "set_rows": scene.on_screen(scene.margin_set_rows),
        # and so do the rings on its point (on the plane and on the number line)
        "lowest_ring": scene.on_screen(scene.lowest_ring),
    }


def expected_margin_state(state) -> dict:
    from scenes.margin import margin_text

    return {
        "board": state["board"], "blend": state["blend"], "probe": state["probe"],
        "distance": None if state["distance"] is None else fmt(state["distance"]),
        # the margin and the count stay above the number line from the margin board on
        "margin": None if state["margin"] is None or state["board"] == "distance"
        else margin_text(state["margin"]),
        "wrong": None if state["wrong"] is None else str(state["wrong"]),
        "circle": state["circle"], "lifted": state["lifted"], "separator": True,
        "rows": state["rows"], "band": state["band"],
        "set_rows": state["board"] == "margin" and state["margin"] is not None,
        "lowest_ring": state["margin"] is not None and state["board"] != "distance",
    }


@pytest.mark.parametrize("case", MARGIN_CASES)
def test_the_margin_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _holds_every_beat("margin", _spec_of(case, tmp_path), drawn_margin_state,
                      expected_margin_state)


#: offset-lift: 1-D data, built-in with seeds and real (one feature of Iris, raw and
#: standardised: many points at few places)
OFFSET_LIFT_CASES = ["default", "offset1d:1", "offset1d:2", "iris-petal-length"]


def _rows_present(scene, rows) -> int:
    """How many of ``rows`` are drawn (each in the scene, alone or in a group, or still)."""
    family = {id(m) for top in scene.mobjects for m in top.get_family()}
    family |= {id(m) for top in scene.still_drawings for m in top.get_family()}
    return sum(id(row) in family for row in rows)


def drawn_offset_lift_state(scene) -> dict:
    """What the offset-lift scene's picture shows now."""
    from scenes.toolkit import style

    notes = scene.note_stages
    shown_rows = max((k + 1 for k, panel in enumerate(notes) for row in panel.rows[:k + 1]
                      if scene.on_screen(row) or scene.on_screen(panel)), default=0)
    return {
        "part": "space" if scene.on_screen(scene.space) else "line",
        "notes": shown_rows,
        "lift": scene.lift_amount.get_value(),
        "example": scene.on_screen(scene.example_line),
        "step": scene.tracker.get_value(),
        "summary": _rows_present(scene, scene.summary.rows),
        "space_lift": scene.space_lift.get_value(),
        "view": round((scene.space_azimuth.get_value() - style.SPACE_AZIMUTH)
                      / style.SPACE_TURN, 6),
        "space_step": scene.space_tracker.get_value(),
        "panel": _rows_present(scene, scene.space_panel.rows),
        "table": scene.on_screen(scene.table),
    }


@pytest.mark.parametrize("case", OFFSET_LIFT_CASES)
def test_the_offset_lift_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _holds_every_beat("offset-lift", _spec_of(case, tmp_path), drawn_offset_lift_state)


#: the classifier: built-in sets with seeds (the k hypotheses are seeded too), and real
#: ones raw and standardised
CLASSIFIER_CASES = ["default", "separable:1", "noisy:2", "xor-cloud:0", "iris-sepal",
                    "iris-petal-std", "wine-std"]


def _present(scene, mobject) -> bool:
    """Shown: in the scene or among its still drawings (itself or inside a group there)."""
    return scene.on_screen(mobject) or any(mobject in top.get_family()
                                           for top in [*scene.mobjects, *scene.stage.layer])


def drawn_classifier_state(scene) -> dict:
    from scenes.classifier import LINE_ARGMIN, LINE_RETURN

    values, rows = scene.values, scene.rows
    row_marks = {"theta": values["theta"].number, "c": values["c"].number,
                 "offset": values["offset"].number, "distance": values["distance"].number,
                 "loss": rows["loss"], "formula": rows["formula"],
                 "error": values["error"].number, "ringed": values["ringed"].number}
    algorithm = _present(scene, scene.code)
    ringed = np.array([_present(scene, scene.rings) and r.get_stroke_opacity() > 0
                       for r in scene.rings])
    # "mistakes": exactly the points the hypothesis shown gets wrong are ringed (the
    # studied one on the board, h⁽ʲ⁾ in the algorithm); none ringed when it has none
    shown = int(scene.current["j"].value or 0) - 1 if algorithm else scene.studied
    wrong = scene.lesson.wrong[shown] if shown >= 0 else np.zeros(len(ringed), dtype=bool)
    rings = ("flip" if _present(scene, scene.flip_rings) else
             "mistakes" if _present(scene, scene.rings) and np.array_equal(ringed, wrong)
             and shown >= 0 and (ringed.any() or algorithm
                                 or scene.count_tracker.get_value() > 0) else
             None if not ringed.any() else "other")
    return {
        "stage": "algorithm" if algorithm else "board",
        "rows": sorted(name for name, mark in row_marks.items() if _present(scene, mark)),
        "boundary": _present(scene, scene.hyperplane),
        "arrow": _present(scene, scene.theta_arrow),
        "c": round(scene.c_tracker.get_value(), 9),
        "theta0": round(scene.theta0_tracker.get_value(), 9),
        "origin": _present(scene, scene.origin_dot),
        "probe": round(scene.probe_tracker.get_value(), 9)
        if _present(scene, scene.probe_ring) else None,
        "counted": round(scene.count_tracker.get_value(), 9),
        "rings": rings,
        "status": next((key for key, line in scene.statuses.items() if line is scene.status),
                       None),
        "j": int(scene.current["j"].value or 0),
        "bars": sum(_present(scene, bar) for bar in scene.bars),
        "best": _present(scene, scene.best_status),
        "line": {LINE_ARGMIN: "argmin", LINE_RETURN: "return"}.get(scene.code.current)
        if algorithm else None,
    }


@pytest.mark.parametrize("case", CLASSIFIER_CASES)
def test_the_classifier_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _holds_every_beat("classifier", _spec_of(case, tmp_path), drawn_classifier_state,
                      lambda state: {**state, "rows": sorted(state["rows"]),
                                     "c": round(state["c"], 9),
                                     "theta0": round(state["theta0"], 9),
                                     "probe": None if state["probe"] is None
                                     else float(state["probe"])})


#: update: built-in sets with seeds, and real ones (its several updates come from the run,
#: or from a 1-D set of its own when no point of the run needs two)
UPDATE_CASES = ["default", "separable:1", "small-margin:0", "separable-origin:2",
                "iris-petal-std", "iris-sepal"]
#: the keys of the update storyboard's state that each screen shows
UPDATE_SCREENS = {"identity": ("lines", "summary"), "mistake": ("turn", "numbers"),
                  "line": ("jump",), "history": ("data_line", "table", "rows")}


def drawn_update_state(scene) -> dict:
    history = getattr(scene, "history_parts", None)
    marks = {"identity": scene.rule,
             "mistake": getattr(scene, "mistake_hyperplane", None),
             "line": getattr(scene, "score_line", None),
             "history": history["heading"] if history else None}
    screens = [name for name, mark in marks.items() if mark is not None and _present(scene, mark)]
    jump = getattr(scene, "jump_parts", None)
    return {
        "screen": screens[0] if len(screens) == 1 else tuple(screens),
        "lines": sum(_present(scene, line) for line in scene.identity_lines),
        "summary": _present(scene, scene.identity_summary),
        "turn": getattr(scene, "turned", 0.0),
        "numbers": hasattr(scene, "numbers") and _present(scene, scene.numbers),
        "jump": jump[0].get_value() if jump else 0.0,
        "data_line": bool(history and history["data_line"] is not None
                          and _present(scene, history["data_line"])),
        "table": bool(history and _present(scene, history["line"])),
        "rows": getattr(scene, "history_rows_played", 0),
    }


@pytest.mark.parametrize("case", UPDATE_CASES)
def test_the_update_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _holds_every_beat("update", _spec_of(case, tmp_path), drawn_update_state,
                      lambda state: {"screen": state["screen"],
                                     **{key: state[key]
                                        for key in UPDATE_SCREENS[state["screen"]]}})


def drawn_summary_state(scene) -> dict:
    return {"header": _present(scene, scene.header),
            "rows": sum(all(_present(scene, cell) for cell in cells)
                        for cells in scene.row_cells),
            "results": sum(_present(scene, result) and _present(scene, picture[-1])
                           for result, picture in scene.row_results),
            "notes": sum(_present(scene, note) for note in scene.arc_notes),
            "framed": next((row for row, mark in enumerate(scene.row_marks)
                            if _present(scene, mark)), None)}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_summary_draws_its_storyboard_at_every_beats_end(seed):
    """The table's header, rows, runs and the arc's notes (and no frame left round a row)
    at every beat's end; the summary makes its own data from the seed."""
    _holds_every_beat("summary", {"seed": seed}, drawn_summary_state)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_margin_speed_draws_its_storyboard_at_every_beats_end(seed):
    """The run on the plane, its updates played, θ*'s band, the dots, the ringed dot, the
    ghosts and the note under the plot, at every beat's end (its own sweep, from the seed)."""
    from scenes.catalog import find

    def drawn(scene) -> dict:
        ring = None
        if _present(scene, scene.dot_ring):
            ring = tuple(np.round(scene.dot_ring.get_center()[:2], 6))
        note = ("spread" if getattr(scene, "spread_note", None) is not None
                and _present(scene, scene.spread_note) else
                "rule" if _present(scene, scene.rule_note) else None)
        return {"legend": _present(scene, scene.legend),
                # a run is on the plane from the first switch on, θ*'s band with it
                "run": scene.shown_index if _present(scene, scene.band) else None,
                "M": scene.tracker.get_value(), "band": _present(scene, scene.band),
                "dots": sum(_present(scene, dots) for dots in scene.dots), "ring": ring,
                "ghosts": _present(scene, scene.ghosts), "note": note,
                # the values over the plot, and the numbers they show
                "header": tuple(name for name, value in scene.values.items()
                                if _present(scene, value)),
                "numbers": {name: value.number.shown for name, value in scene.values.items()
                            if _present(scene, value)}}

    seen: list[tuple[str, dict]] = []
    scene = story_with(find("margin-speed").load(), seed=seed, beat_observers=[
        lambda s: seen.append((s.timeline.current[1], drawn(s)))])
    storyboard = storyboard_for("margin-speed")(None, seed=seed)
    assert [sentence for sentence, _ in seen] == storyboard.sentences()
    for number, ((sentence, picture), beat) in enumerate(zip(seen, storyboard.beats), 1):
        expected = dict(beat.state)
        # each value over the plot once said, as the run on the plane has it
        expected["header"] = {"none": (), "gamma": ("gamma", "R"),
                              "all": ("gamma", "R", "bound", "M")}[beat.state["header"]]
        shown_run = scene.shown[beat.state["run"]] if beat.state["run"] is not None else None
        expected["numbers"] = {name: number for name, number in (
            ("gamma", fmt(shown_run.gamma, 3) if shown_run else None),
            ("R", fmt(shown_run.R) if shown_run else None),
            ("bound", fmt(shown_run.bound, 0) if shown_run else None),
            ("M", str(beat.state["M"]))) if name in expected["header"]}
        if expected["ring"] is not None:
            run = scene.shown[expected["ring"]]
            expected["ring"] = tuple(np.round(scene.plot.c2p(run.bound, run.updates)[:2], 6))
        mismatched = {key: (picture[key], value) for key, value in expected.items()
                      if picture[key] != value}
        assert not mismatched, f"beat {number} ({sentence!r}): drawn, told: {mismatched}"


#: logistic: data no line separates, built-in with seeds and real ones raw and standardised
LOGISTIC_CASES = ["default", "noisy:1", "xor-cloud:0", "iris-versicolor-virginica",
                  "wine-std", "breast-cancer-std"]


def drawn_logistic_state(scene) -> dict:
    present = lambda m: m is not None and _present(scene, m)  # noqa: E731
    formulas = {"p": scene.formula_p, "neg": scene.formula_neg, "loss": scene.formula_loss,
                "risk": scene.formula_risk, "step": scene.formula_step}
    optimum = getattr(scene, "optimum_line", None)
    return {
        "status": next((key for key, line in scene.statuses.items() if line is scene.status),
                       None),
        "plot": "sigmoid" if present(scene.sigmoid_plot) else (
            "margin" if present(scene.margin_plot) else None),
        "curve": "sigmoid" if present(scene.sigmoid_curve) else (
            "step" if present(scene.step_curve) else None),
        "formulas": [name for name, formula in formulas.items() if present(formula)],
        "field": present(scene.field), "rings": present(scene.rings),
        "worst": present(getattr(scene, "worst_label", None)),
        "loss_curve": present(scene.curve), "t": scene.tracker.get_value(),
        # ‖∇L‖ among the live values (drawn, not transparent)
        "gradient": present(scene.values["grad"].number)
        and scene.values["grad"].number.get_fill_opacity() > 0,
        # the loss curve drawn up to the step the picture is at (never the run's end early)
        "curve_t": (round(float(scene.curve.head_in_data()[0]), 6)
                    if present(scene.curve.graph) else None),
        "optimum": optimum is not None and present(optimum.line),
        "level": present(getattr(scene, "least_line", None)),
        "perceptron": present(getattr(scene, "perceptron_line", None)),
        # its notes ("the boundary lies outside this view") let onto the picture
        "perceptron_notes": present(getattr(scene, "perceptron_line", None))
        and scene.perceptron_line.show_notes,
        "key": sum(present(row) for row in getattr(scene, "comparison", [])[:2]),
    }


@pytest.mark.parametrize("case", LOGISTIC_CASES)
def test_the_logistic_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    _holds_every_beat("logistic", _spec_of(case, tmp_path), drawn_logistic_state,
                      lambda state: {**state, "curve_t": state["t"] if state["loss_curve"]
                                     else None})


#: regression: built-in with seeds, and real data raw and standardised (one feature and a
#: real target)
REGRESSION_CASES = ["default", "regression1d:1", "regression1d:2", "diabetes-bmi",
                    "diabetes-bmi-std"]


def drawn_regression_state(scene) -> dict:
    present = lambda m: m is not None and _present(scene, m)  # noqa: E731
    formulas = {"h": scene.formula_h, "risk": scene.formula_risk,
                "closed": scene.formula_closed, "step": scene.formula_step,
                "map": getattr(scene, "feature_map", None)}
    table = getattr(scene, "poly_table", None)
    polynomial = present(getattr(scene, "feature_map", None))
    return {
        "status": next((key for key, line in scene.statuses.items() if line is scene.status),
                       None),
        "formulas": [name for name, formula in formulas.items() if present(formula)],
        "residuals": present(scene.residuals),
        "contours": None if not present(scene.contours) else (
            "dim" if scene.contours.get_stroke_opacity() < 0.5 else "shown"),
        "closed": present(scene.closed_dot), "singular": present(scene.singular_contours),
        "pinv": present(scene.pinv_dot),
        "t": None if polynomial else scene.tracker.get_value(),
        "axes": any(present(axis) for axis in getattr(scene, "axes_drawn", ())),
        "degree": getattr(scene, "poly_degree", None) if polynomial else None,
        "rows": sum(present(row) for row in table) if table is not None else 0,
    }


@pytest.mark.parametrize("case", REGRESSION_CASES)
def test_the_regression_scene_draws_its_storyboard_at_every_beats_end(case, tmp_path):
    # the polynomials' runs play on the line's tracker: t is the line's until they start
    _holds_every_beat("regression", _spec_of(case, tmp_path), drawn_regression_state,
                      lambda state: {**state, "t": None if "map" in state["formulas"]
                                     else state["t"]})


#: the proof scenes: built-in with seeds, and real data raw and standardised
PROOF_CASES = {"proof": ["default", "separable-origin:1", "separable-origin:3",
                         "iris-petal-std"],
               "proof-offset": ["default", "separable:1", "small-margin:0", "iris-petal",
                                "iris-sepal-std"]}


def drawn_proof_state(scene) -> dict:
    from linviz.geometry import square_box_around_disk

    present = lambda m: m is not None and _present(scene, m)  # noqa: E731
    lift, runs = getattr(scene, "lift", None), getattr(scene, "runs_board", None)
    boards = {"lift": lift[0] if lift is not None else None,
              "runs": runs[0] if runs is not None else None,
              "theorem": scene.theorem[0], "facts": scene.facts[0], "run": scene.run_labels,
              "chain": getattr(scene, "chain_still", None), "normalized": scene.normalized[0]}
    shown = [name for name, mark in boards.items() if present(mark)]
    geometry = ("circle" if present(scene.circle) else "band" if present(scene.star_band)
                else "line" if present(scene.star_line) else None)
    c = scene.scale.get_value()
    unit = square_box_around_disk(c * scene.data.X, c * scene.disk_radius)
    from scenes.proof import THEOREM_ROWS

    # the theorem's rows told so far (1 premises, 2 its conclusion, 3 this data's values);
    # the run's verdict (converged) once it has been played
    told = [rows for rows, parts in THEOREM_ROWS.items()
            if all(present(scene.theorem[k]) for k in parts)]
    return {"board": shown[0] if len(shown) == 1 else (None if not shown else tuple(shown)),
            "theorem rows": max(told, default=0),
            "verdict": present(getattr(scene, "run_verdict", None)),
            "reasons": present(getattr(scene, "chain_reasons", None)),
            # the scaled form's rows shown ("all" when every one is)
            "normalized rows": (lambda count: "all" if count == len(scene.normalized)
                                else count)(sum(present(row) for row in scene.normalized)),
            "geometry": geometry, "M": scene.tracker.get_value(), "scale": round(1 / c, 9),
            # fitted to the unit disk of the data divided by R (at scale 1 the first view
            # is the disk's own box: not a zoom)
            "zoomed": c != 1 and bool(np.allclose([scene.plane.box.x_min, scene.plane.box.x_max,
                                        scene.plane.box.y_min, scene.plane.box.y_max],
                                       [unit.x_min, unit.x_max, unit.y_min, unit.y_max]))}


@pytest.mark.parametrize("name,case", [(name, case) for name, cases in PROOF_CASES.items()
                                       for case in cases])
def test_the_proof_scenes_draw_their_storyboards_at_every_beats_end(name, case, tmp_path):
    _check_proof(name, _spec_of(case, tmp_path))


@pytest.mark.parametrize("case", ["default", "small-margin:0", "iris-sepal-std"])
def test_the_offset_proof_told_briefly_after_the_proof_is_drawn_as_told(case, tmp_path):
    _check_proof("proof-offset", {**_spec_of(case, tmp_path), "heard": ("proof",)})


def _check_proof(name: str, spec: dict) -> None:
    _holds_every_beat(name, spec, drawn_proof_state,
                      lambda state: {**{key: value for key, value in state.items()
                                        if key != "rows"},
                                     "theorem rows": (state["rows"] if state["board"] == "theorem"
                                                      else 0),
                                     "verdict": state["board"] == "run" and state["rows"] == 1,
                                     "reasons": state["board"] == "chain" and state["reasons"],
                                     "normalized rows": (
                                         0 if state["board"] != "normalized" else
                                         "all" if state["rows"] is None else state["rows"]),
                                     "scale": round(float(state["scale"]), 9)})

def test_the_gradient_sentence_ends_with_its_formula_lit(tmp_path):
    """"In the gradient (lit), …" ended on the frame before it: the formula had been lit
    for a moment and let go (review 49). Now a frame stands round it until the sentence has
    been said, and only then."""
    from scenes.catalog import find

    framed = []

    def observe(scene):
        framed.append(any(scene.on_screen(mark) and mark.get_center() is not None
                          and np.allclose(mark.get_center(), scene.formula_step.get_center(),
                                          atol=0.05)
                          for mark in scene.beat_marks))

    scene = story_with(find("logistic").load(), beat_observers=[observe])
    motions = [beat.motion for beat in scene.storyboard.beats]
    assert framed == [motion == "indicate-gradient" for motion in motions]
    assert any(framed)


@pytest.mark.parametrize("case", UPDATE_CASES)
def test_the_update_says_a_turn_only_where_the_boundary_is_seen(case, tmp_path):
    """"The boundary turns" was said on iris while the boundary stood outside the view
    before and after (review 49). The words now follow where the drawn boundary is at the
    beat's end: in view for "turns" and "comes into view", out of it otherwise."""
    from scenes.catalog import find

    seen = []
    scene = story_with(find("update").load(), **_spec_of(case, tmp_path), beat_observers=[
        lambda s: seen.append(getattr(s, "mistake_hyperplane", None) is not None
                              and s.mistake_hyperplane.state == "line")])
    (number,) = [k for k, beat in enumerate(scene.storyboard.beats) if beat.motion == "turn"]
    sentence = scene.storyboard.beats[number].sentence
    in_view = seen[number]
    assert in_view == any(words in sentence for words in ("the boundary turns.",
                                                           "the boundary comes into view."))
