"""The proof lessons over the gallery: every number and every run-dependent word
against computations written here (the notes' perceptron one visit at a time, R as
the largest norm, γ checked feasible and unbeaten, separability by an LP).

Without Manim and in seconds; the scene-level checks (what the boards and captions
say) are in tests/test_lesson_proof_scenes.py.
"""

from __future__ import annotations

import numpy as np
import pytest

import functools
import time
from linviz.errors import DataError
from linviz.gallery import gallery
from linviz.lessons import LESSON_MODULES, lesson_for
from linviz.lessons.proof import proof_lesson

from independent import ON_LINE_TOLERANCE, separable as separable_by_lp  # noqa: E402

CASES = gallery("classification", 2)


def separable(Z, y) -> bool:
    """Some w with y wᵀz ≥ 1 for every row z (the tests' own LP)."""
    return separable_by_lp(Z, y, offset=False)


def lifted(X):
    return np.column_stack([X, np.ones(len(X))])


def directions(d: int) -> np.ndarray:
    """Unit vectors on a grid: a circle (0.05° apart) or a sphere (0.5°)."""
    if d == 2:
        a = np.linspace(0, 2 * np.pi, 7200, endpoint=False)
        return np.column_stack([np.cos(a), np.sin(a)])
    u, v = np.meshgrid(np.linspace(0, 2 * np.pi, 720, endpoint=False),
                       np.linspace(-np.pi / 2, np.pi / 2, 361))
    return np.column_stack([(np.cos(v) * np.cos(u)).ravel(), (np.cos(v) * np.sin(u)).ravel(),
                            np.sin(v).ravel()])


def reference_perceptron(Z, y, tau, offset):
    """The notes' perceptron, one visit at a time over Python floats (the far data makes
    423,620 visits): cyclic order, θ = 0, a mistake when y(θᵀz + θ₀) ≤ 0, a score within
    ON_LINE_TOLERANCE of Σ|θⱼzⱼ| + |θ₀| being 0 (the learner's stated rule).

    Returns visits as (epoch, i, score, mistake, θ after, θ₀ after), "converged",
    "updates"; θ is a tuple."""
    rows = [tuple(float(v) for v in z) for z in np.asarray(Z, dtype=float)]
    labels = [float(v) for v in y]
    theta, theta0 = tuple(0.0 for _ in rows[0]), 0.0
    visits, converged = [], False
    for epoch in range(1, tau + 1):
        changed = False
        for i, (z, label) in enumerate(zip(rows, labels)):
            score = size = 0.0
            for t, v in zip(theta, z):
                score += v * t
                size += abs(v * t)
            score = label * (score + theta0)
            if abs(score) <= ON_LINE_TOLERANCE * (size + abs(theta0)):
                score = 0.0  # the learner's stated rule: on the line
            mistake = score <= 0
            if mistake:
                theta = tuple(t + label * v for t, v in zip(theta, z))
                theta0 = theta0 + label if offset else 0.0
                changed = True
            visits.append((epoch, i, score, mistake, theta, theta0))
        if not changed:
            converged = True
            break
    return {"visits": visits, "theta": theta, "converged": converged,
            "updates": sum(v[3] for v in visits)}


@functools.lru_cache(maxsize=None)
def reference_run(name: str, kind: str, tau: int):
    """The reference run ``kind`` on the gallery case ``name``: "offset" (with offset on
    x), "origin" (through the origin on x), "lifted" (through the origin on [x, 1]),
    "scaled-origin" / "scaled-lifted" (the same on the points divided by their R)."""
    data = next(case for case in CASES if case.name == name)()
    Z = lifted(data.X) if kind.endswith("lifted") else data.X
    if kind.startswith("scaled"):
        Z = Z / np.max(np.sqrt(np.sum(Z * Z, axis=1)))
    return reference_perceptron(Z, data.y, tau, offset=kind == "offset")


def mistakes_of(run) -> list[int]:
    return [k for k, v in enumerate(run["visits"]) if v[3]]


def states_of(run, with_offset: bool) -> np.ndarray:
    """θ (with θ₀ appended) after each update of a reference run, from θ = 0."""
    first = np.zeros(len(run["theta"]) + int(with_offset))
    rows = [first] + [np.append(v[4], v[5]) if with_offset else np.array(v[4])
                      for v in run["visits"] if v[3]]
    return np.array(rows)


@pytest.fixture(scope="module")
def lessons():
    """(case name, offset) -> the lesson, or the DataError it raised."""
    made = {}
    start = time.process_time()  # CPU time: the machine may be shared
    for case in CASES:
        data = case()
        for offset in (False, True):
            try:
                made[case.name, offset] = proof_lesson(data, offset)
            except DataError as error:
                made[case.name, offset] = error
    made["seconds"] = time.process_time() - start
    return made


def test_the_scenes_are_registered():
    assert LESSON_MODULES["proof"][0] == LESSON_MODULES["proof-offset"][0] == "proof"
    assert lesson_for("proof-offset").__name__ == "proof_offset_lesson"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("offset", [False, True], ids=["origin", "offset"])
def test_data_the_theorem_cannot_be_told_on_is_refused_in_one_line(case, offset, lessons):
    data = case()
    Z = lifted(data.X) if offset else data.X
    outcome = lessons[case.name, offset]
    if separable(Z, data.y):
        assert not isinstance(outcome, DataError), outcome
        return
    assert isinstance(outcome, DataError)
    message = str(outcome)
    assert "\n" not in message and "not separable" in message
    # through the origin but separable with an offset: the way out is named
    assert ("use proof-offset" in message) == (not offset and separable(lifted(data.X), data.y))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("offset", [False, True], ids=["origin", "offset"])
def test_r_gamma_bound_and_budget_are_the_theorems(case, offset, lessons):
    lesson = lessons[case.name, offset]
    if isinstance(lesson, DataError):
        pytest.skip("refused")
    data = case()
    Z = lifted(data.X) if offset else data.X
    R = float(np.max(np.sqrt(np.sum(Z * Z, axis=1))))
    q = lesson.quantities
    assert q.R == pytest.approx(R, rel=1e-12)
    # θ* has margin γ on the theorem's points, and no direction of a fine grid beats it
    star = q.theta_star / np.linalg.norm(q.theta_star)
    assert np.min(data.y * (Z @ star)) == pytest.approx(q.gamma, rel=1e-6)
    assert np.max(np.min(data.y[:, None] * (Z @ directions(Z.shape[1]).T), axis=0)) \
        <= q.gamma * (1 + 1e-6)
    bound = (R / q.gamma) ** 2
    assert q.bound == pytest.approx(bound, rel=1e-9)
    assert lesson.bound_floor == int(np.floor(bound))
    # the budget: ⌊(R/γ)²⌋ + 2 passes (capped at the engine's 1,000,000), and enough
    assert lesson.theory_epochs == int(np.floor(bound)) + 2
    assert lesson.epochs_given == min(int(np.floor(bound)) + 2, 1_000_000)
    assert lesson.budget_is_theory_bound == (int(np.floor(bound)) + 2 <= 1_000_000)
    assert lesson.trace.result["converged"] and lesson.passes <= lesson.epochs_given
    assert lesson.M_final <= bound


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("offset", [False, True], ids=["origin", "offset"])
def test_the_run_and_the_scaled_run_are_the_notes_perceptron(case, offset, lessons):
    """The replayed run and the run on the scaled points, against the notes' perceptron
    written here; "the same updates" is said exactly when the two reference runs update at
    the same visits with θ in proportion 1/R; where they part, the score there is 0 up to
    rounding in both."""
    lesson = lessons[case.name, offset]
    if isinstance(lesson, DataError):
        pytest.skip("refused")
    data = case()
    X, y = data.X, data.y
    tau = lesson.epochs_given
    run = reference_run(case.name, "offset" if offset else "origin", tau)
    assert run["converged"] and run["updates"] == lesson.M_final
    assert mistakes_of(run) == list(np.flatnonzero(lesson.trace.steps["mistake"]))
    np.testing.assert_array_equal(states_of(run, True)[:, : 2 + offset],
                                  lesson.offset_states[:, : 2 + offset])
    Z = lifted(X) if offset else X
    R = float(np.max(np.sqrt(np.sum(Z * Z, axis=1))))
    scaled = reference_run(case.name, "scaled-lifted" if offset else "scaled-origin", tau)
    assert scaled["updates"] == lesson.unit_M_final
    same = (mistakes_of(scaled) == mistakes_of(run)
            and np.allclose(states_of(scaled, False) * R, states_of(run, True)[:, : 2 + offset],
                            rtol=1e-9, atol=1e-9 * max(1.0, np.abs(states_of(run, True)).max())))
    assert lesson.scaled_run_makes_same_updates == same
    if not same:
        k = next(j for j, (a, b) in enumerate(zip(run["visits"], scaled["visits"]))
                 if a[3] != b[3])
        part = lesson.scaled_runs_part
        assert (part.visit, part.point) == (k, run["visits"][k][1])
        theta_before = [v for v in run["visits"][:k] if v[3]]
        size = (np.linalg.norm(np.append(theta_before[-1][4], theta_before[-1][5]))
                if theta_before else 0.0) * R
        zero = (abs(run["visits"][k][2]) <= 1e-9 * max(size, 1)
                and abs(scaled["visits"][k][2]) * R**2 <= 1e-9 * max(size, 1))
        assert lesson.scaled_runs_part_at_a_zero_score == zero


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_offset_run_is_the_origin_run_on_x_1(case, lessons):
    """Notes 004's key step, from two runs made here: the notes' perceptron with offset on
    x and through the origin on [x, 1] update at the same visits with (θ, θ₀) = θ' after
    each; the lesson's two traces are those runs, and its predicate says so."""
    lesson = lessons[case.name, True]
    if isinstance(lesson, DataError):
        pytest.skip("refused")
    data = case()
    with_offset = reference_run(case.name, "offset", lesson.epochs_given)
    through_origin = reference_run(case.name, "lifted", lesson.epochs_given)
    assert mistakes_of(with_offset) == mistakes_of(through_origin)
    ours, theirs = states_of(with_offset, True), states_of(through_origin, False)
    np.testing.assert_array_equal(ours, theirs)
    np.testing.assert_array_equal(lesson.offset_states, ours)
    np.testing.assert_array_equal(lesson.lifted_states, theirs)
    assert lesson.offset_run_is_lifted_run
    # the points of the updates, as the side-by-side table lists them
    points = [v[1] for v in through_origin["visits"] if v[3]]
    assert list(lesson.update_points) == points
    assert list(lesson.lifted_trace.steps["i"][lesson.lifted_trace.steps["mistake"]]) == points


def test_the_offset_predicate_sees_two_runs_that_differ(lessons):
    """The predicate can fail: a lifted run made on other data is not the offset run."""
    from dataclasses import replace

    a = lessons["separable:0", True]
    b = lessons["separable:1", True]
    assert not replace(a, lifted_trace=b.lifted_trace).offset_run_is_lifted_run
    assert not replace(a, unit_trace=b.unit_trace).scaled_run_makes_same_updates


def test_the_geometry_in_the_plane(lessons):
    """θ*'s line and band in the plane, and the circle ‖[x, 1]‖ ≤ R as ‖x‖ ≤ √(R² − 1)."""
    for key, lesson in lessons.items():
        if key == "seconds" or isinstance(lesson, DataError):
            continue
        offset = key[1]
        X = lesson.data.X
        q = lesson.quantities
        a, b = lesson.star_normal, lesson.star_offset
        # the band's half-width: the distance in the plane at which θ*ᵀ[x, 1] = ±γ
        edge = (q.gamma - b) * a / (a @ a)
        assert (a @ edge + b) == pytest.approx(q.gamma)
        assert lesson.band_half_width == pytest.approx(abs(q.gamma) / np.linalg.norm(a))
        norms = np.sqrt(np.sum(X * X, axis=1) + (1 if offset else 0))
        inside = np.sqrt(np.sum(X * X, axis=1)) <= lesson.disk_radius + 1e-9
        assert np.all(inside) and np.max(norms) == pytest.approx(q.R)


def test_every_lesson_is_fast(lessons):
    """The whole gallery, both scenes, in seconds of CPU (the far data: 162,015 updates)."""
    assert lessons["seconds"] < 20


# -- what the scenes say and draw from the lesson (stories run without drawing) ---------

def gallery_csv(tmp_path_factory, name: str) -> str:
    """The gallery case ``name`` as a CSV file, as a lecturer would bring it."""
    from scene_helpers import gallery_csv as write_gallery_csv

    return write_gallery_csv(tmp_path_factory.mktemp("gallery"), name)


@functools.lru_cache(maxsize=None)
def proof_story(offset: bool, spec: str | None = None):
    from story_runs import story_with
    from scenes.proof import ProofOffsetScene, ProofScene

    attributes = {"data_spec": spec} if spec else {}
    return story_with(ProofOffsetScene if offset else ProofScene, observe_layouts=True,
                      **attributes)


@pytest.fixture(scope="module")
def iris_sepal(tmp_path_factory):
    return gallery_csv(tmp_path_factory, "iris-sepal")


def typeset_sources(*boards) -> list[str]:
    """The Typst source of every text and formula of the boards."""
    sources = []
    for board in boards:
        for part in board.get_family():
            source = getattr(part, "source", None)
            if isinstance(source, str):
                sources.append(source)
    return sources


def boards_of(scene):
    names = ("theorem", "facts", "lift", "runs_board", "chain_board", "normalized")
    return [getattr(scene, name) for name in names if hasattr(scene, name)]


@pytest.mark.parametrize("offset", [False, True], ids=["proof", "proof-offset"])
def test_no_file_names_of_ours_on_screen_or_in_captions(offset):
    """Students do not have "notes 002 and 003": neither captions nor boards name them."""
    scene = proof_story(offset)
    said = " ".join(scene.narration + typeset_sources(*boards_of(scene))).lower()
    assert "notes 0" not in said and "002" not in said and "003" not in said


def scaled_run_sentence(scene) -> str:
    (sentence,) = [s for s in scene.narration if "run for real, makes" in s]
    return sentence


@pytest.mark.parametrize("offset", [False, True], ids=["proof", "proof-offset"])
def test_the_scaled_run_is_said_as_the_origin_run_on_the_scaled_points(offset, iris_sepal):
    """The run said to make "the same updates" is the perceptron through the origin on x/R
    or [x, 1]/R, and it makes them only when a run written here does: on raw Iris sepal
    data the two runs part (1,518 updates against 1,562), and neither board nor caption
    may say "the same"."""
    cases = [None] + ([iris_sepal] if offset else [])
    for spec in cases:
        scene = proof_story(offset, spec)
        X, y = scene.data.X, scene.data.y
        Z = lifted(X) if offset else X
        R = np.max(np.sqrt(np.sum(Z * Z, axis=1)))
        tau = scene.lesson.epochs_given
        original = reference_perceptron(X, y, tau, offset=offset)
        scaled = reference_perceptron(Z / R, y, tau, offset=False)
        same = mistakes_of(original) == mistakes_of(scaled)
        sentence = scaled_run_sentence(scene)
        assert ("through the origin on the points " + ("[x, 1]/R" if offset else "x/R")) \
            in sentence
        board = " ".join(typeset_sources(scene.normalized))
        if same:
            updates = original["updates"]
            assert (f"the same {updates:,} updates" if updates > 1 else "the same one update") \
                in sentence
            # typst writes a grouped number as a string: M = "1,518"
            shown = f"{updates:,}"
            assert (f"the same $M = {shown}$" if "," not in shown
                    else f'the same $M = "{shown}"$') in board
        else:
            assert "same" not in sentence and "the same $M" not in board
            assert f"makes {scaled['updates']:,} updates, not {original['updates']:,}" \
                in sentence
        assert "no sign changes" not in board


def test_the_unit_circle_with_an_offset_is_labelled_as_it_is():
    """After the points are divided by R the circle drawn holds exactly the x with
    ‖[x, 1]‖/R ≤ 1 (radius √(R² − 1)/R in the plane): its label and the caption say that,
    not ‖[x, 1]‖ ≤ 1, which no x but 0 meets."""
    scene = proof_story(True)
    X = scene.data.X
    R = np.max(np.sqrt(np.sum(X * X, axis=1) + 1))
    assert scene.circle_label.submobjects  # typeset
    assert any("norm([x, 1]) \\/ R <= 1" in source
               for source in typeset_sources(scene.circle_label))
    assert not any(source.replace(" ", "") == "norm([x,1])<=1"
                   for source in typeset_sources(scene.circle_label))
    (zoom,) = [s for s in scene.narration if s.startswith("Zoom in on the circle")]
    assert "‖[x, 1]‖/R ≤ 1" in zoom
    radius = scene.circle.width / 2 / scene.plane.unit
    assert radius == pytest.approx(np.sqrt(R**2 - 1) / R, rel=1e-3)
    scaled = np.sqrt(np.sum((X / R) ** 2, axis=1) + 1 / R**2)  # ‖[x, 1]‖/R
    assert np.all(scaled <= 1 + 1e-12) and np.max(scaled) == pytest.approx(1)


def test_the_two_runs_are_shown_side_by_side_from_their_traces():
    """The key step of the offset proof is shown, not asserted: a board lists, update by
    update, the point and (θ, θ₀) of the offset run beside the point and θ' of the run
    through the origin on [x, 1]; the numbers are those of two runs made here."""
    from scenes.toolkit.screen_text import fmt_vector

    scene = proof_story(True)
    X, y = scene.data.X, scene.data.y
    tau = scene.lesson.epochs_given
    with_offset = reference_perceptron(X, y, tau, offset=True)
    through_origin = reference_perceptron(lifted(X), y, tau, offset=False)
    ours, theirs = states_of(with_offset, True), states_of(through_origin, False)
    points = [v[1] for v in through_origin["visits"] if v[3]]
    grid = scene.runs_board[1]
    shown_rows = grid[1:]
    M = len(points)
    updates = list(range(1, M + 1)) if M <= len(shown_rows) else None
    assert updates is not None or len(shown_rows) >= 2
    updates = updates or [*range(1, len(shown_rows)), M]
    for row, k in zip(shown_rows, updates):
        cells = [c.strip("$ ") for c in typeset_sources(*row[:5])]
        assert cells[0] == str(k)
        assert cells[1] == str(points[k - 1] + 1) == cells[3]
        assert cells[2] == fmt_vector(ours[k]) and cells[4] == fmt_vector(theirs[k])
    verdict = " ".join(typeset_sources(scene.runs_board[2]))
    assert (f"All {M:,} updates" if M > 1 else "The one update") in verdict
    assert any("each run for real" in s for s in scene.narration)


def longest_stillness(scene) -> float:
    """The longest time in which nothing moves, in scene seconds."""
    moments = sorted(scene.timeline.motions)
    end, longest = 0.0, 0.0
    for start, stop in moments:
        longest = max(longest, start - end)
        end = max(end, stop)
    return max(longest, float(scene.renderer.time) - end)


@pytest.mark.parametrize("offset", [False, True], ids=["proof", "proof-offset"])
def test_no_board_stands_still_for_long(offset):
    """Each beat moves something (a board, a curve, the frame round the rows the caption
    is about): nothing stands still for 12 s (the boards stood 13–22 s)."""
    assert longest_stillness(proof_story(offset)) < 12


@pytest.mark.parametrize("offset", [False, True], ids=["proof", "proof-offset"])
def test_the_budget_is_stated(offset):
    """The run is given ⌊(R/γ)²⌋ + 2 passes, said with its number (R from the data, γ
    the lesson's, checked above against a search), and the passes it made."""
    import re

    scene = proof_story(offset)
    X, y = scene.data.X, scene.data.y
    Z = lifted(X) if offset else X
    R = np.max(np.sqrt(np.sum(Z * Z, axis=1)))
    budget = int(np.floor((R / scene.quantities.gamma) ** 2)) + 2
    run = reference_perceptron(X, y, budget, offset=offset)
    (given,) = [m for s in scene.narration
                for m in re.finditer(r"given ⌊\(R/γ\)²⌋ \+ 2 = ([\d,]+) passes, always enough "
                                     r"by the theorem\.", s)]
    (made,) = [m for s in scene.narration
               for m in re.finditer(r"It converged after ([\d,]+) pass(?:es)? and ([\d,]+) "
                                    r"updates?", s)]
    assert int(given.group(1).replace(",", "")) == budget
    assert int(made.group(1).replace(",", "")) == run["visits"][-1][0]
    assert int(made.group(2).replace(",", "")) == run["updates"]
    # said in this order: the budget before the run is played, what it made after
    said = list(scene.narration)
    assert (said.index(given.string) < said.index(made.string))


def test_origin_proof_refuses_data_separable_only_with_an_offset(tmp_path_factory):
    from scene_helpers import variant as scene_variant
    from scenes.proof import ProofOffsetScene, ProofScene

    path = gallery_csv(tmp_path_factory, "iris-petal")
    with pytest.raises(DataError) as refused:
        scene_variant(ProofScene, data_spec=path).load_data()
    message = str(refused.value)
    assert "\n" not in message and "through the origin" in message
    assert "use proof-offset" in message
    scene_variant(ProofOffsetScene, data_spec=path).load_data()


def test_a_run_of_one_update_is_said_in_words(tmp_path_factory):
    """Standardized Iris petal data takes one update through the origin: no "all 1 update"
    nor "the same 1 update" (a run of one made these sentences ungrammatical)."""
    scene = proof_story(False, gallery_csv(tmp_path_factory, "iris-petal-std"))
    run = reference_perceptron(scene.data.X, scene.data.y, 100, offset=False)
    assert run["updates"] == 1
    said = " ".join(scene.narration)
    assert "all 1 update" not in said.lower() and "same 1 update" not in said
    assert "and 1 update" in said and "the same one update" in said


def test_no_text_overlaps_or_leaves_the_frame_on_a_long_real_run(iris_sepal):
    """Raw Iris sepal data: 1,562 updates, wide numbers on the boards, at every beat."""
    from layout_check import outside, overlaps
    from story_runs import frame_box

    problems = []
    for sentence, boxes in proof_story(True, iris_sepal).layouts:
        problems += [f"at {sentence[:40]!r}: {a!r} on {b!r}" for a, b in overlaps(boxes)]
        problems += [f"at {sentence[:40]!r}: {n!r} leaves the frame"
                     for n in outside(boxes, frame_box())]
    assert not problems, "\n".join(problems[:10])


def test_a_saved_run_is_said_to_be_one(tmp_path):
    """--trace: the scene plays the saved run and says it is one, with its own τ."""
    from linviz import Perceptron, make_builtin
    from story_runs import story_with
    from scenes.proof import ProofScene

    path = tmp_path / "run.json"
    data = make_builtin("separable-origin")
    Perceptron(epochs=100, offset=False).fit(data).trace_.save(path)
    run = reference_perceptron(data.X, data.y, 100, offset=False)
    scene = story_with(ProofScene, trace_file=str(path))
    assert any("a saved one, given τ = 100 passes." in s for s in scene.narration)
    assert any(f"It converged after {run['visits'][-1][0]} passes and {run['updates']} updates"
               in s for s in scene.narration)


@pytest.mark.parametrize("offset", [False, True], ids=["proof", "proof-offset"])
def test_the_scaled_bound_names_the_scaled_margin(offset):
    """After dividing by R the margin is γ/R, not γ: the bound of the scaled points is
    1/(γ/R)², equal to (R/γ)² of the points themselves ("1/γ² = 51.42" beside γ = 0.256
    was false as written). The theorem's A. for the offset case says the origin is that
    of [x, 1] (θ₀ = 0 was false beside θ₀ = −1, 1, …)."""
    import re

    from linviz.theory import max_margin_separator

    scene = proof_story(offset)
    X = lifted(scene.data.X) if offset else scene.data.X
    gamma = max_margin_separator(X, scene.data.y, offset=False).gamma  # checked above
    R = float(np.max(np.linalg.norm(X, axis=1)))
    (sentence,) = [s for s in scene.narration if "1/(γ/R)²" in s]
    value = float(re.search(r"1/\(γ/R\)² = ([\d,.]+)", sentence).group(1).replace(",", ""))
    assert value == pytest.approx((R / gamma) ** 2, rel=1e-3)
    assert not any("1/γ²" in s for s in scene.narration)
    theorem = " ".join(typeset_sources(scene.theorem))
    assert ("theta_0 = 0" in theorem) != offset
