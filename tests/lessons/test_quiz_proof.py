"""The margin quiz's recall of the proof: each median run's θ·θ*/‖θ*‖ climbs between the
floor Mγ and the ceiling R√M, recomputed from the notes' plain loop and a maximum-margin
θ* found by SciPy's SLSQP; the floor meets the ceiling at (R/γ)²; the storyboard says where."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize

from linviz import formatting
from linviz.lessons import quiz_proof
from linviz.lessons.quiz import margin_quiz_lesson
from linviz.lessons.quiz_proof import meets_in_span, squeeze, squeeze_span
from linviz.lessons.quiz_story import margin_storyboard

from independent import reference_perceptron


def widest_through_origin(Z, y):
    """θ* of unit length on the points ``Z`` through the origin with the widest margin,
    and that margin: min ‖w‖² with y w·z ≥ 1 (SLSQP), θ* = w/‖w‖, γ = 1/‖w‖."""
    start = np.linalg.lstsq(Z, y, rcond=None)[0]
    start = start / np.min(y * (Z @ start))
    found = minimize(lambda w: w @ w, start, jac=lambda w: 2 * w, method="SLSQP",
                     constraints=[{"type": "ineq", "fun": lambda w: y * (Z @ w) - 1,
                                   "jac": lambda w: y[:, None] * Z}],
                     options={"ftol": 1e-14, "maxiter": 500})
    w = found.x
    return w / np.linalg.norm(w), 1.0 / np.linalg.norm(w)


@pytest.mark.parametrize("seed", range(5))
def test_each_run_climbs_between_the_proofs_floor_and_ceiling(seed):
    """After every update k: kγ ≤ θ·θ*/‖θ*‖ ≤ ‖θ‖ ≤ R√k, each update lifting θ·θ* by at
    least γ and ‖θ‖² by at most R²; θ, θ*, γ and R recomputed independently."""
    lesson = margin_quiz_lesson(seed)
    for run in (lesson.wide, lesson.narrow):
        s = squeeze(run)
        # the notes' theorem through 0: the points themselves, no offset
        Z = np.asarray(run.data.X, dtype=float)
        y = run.data.y.astype(float)
        ref = reference_perceptron(run.data.X, run.data.y, 10 ** 5, offset=False)
        thetas = [np.zeros(2)] + [np.asarray(v[4]) for v in ref["visits"] if v[3]]
        thetas = np.array(thetas)
        star, gamma = widest_through_origin(Z, y)
        R = float(np.max(np.linalg.norm(Z, axis=1)))
        assert s.updates == len(thetas) - 1 == run.updates
        np.testing.assert_allclose(s.gamma, gamma, rtol=1e-5)
        np.testing.assert_allclose(s.R, R, rtol=1e-12)
        np.testing.assert_allclose(s.alignment, thetas @ star, atol=1e-4 * (1 + s.updates))
        np.testing.assert_allclose(s.length, np.linalg.norm(thetas, axis=1), rtol=1e-12)
        k = np.arange(s.updates + 1)
        tol = 1e-9
        assert np.all(k * gamma <= s.alignment + 1e-4 * (1 + k))
        assert np.all(s.alignment <= s.length + tol)
        assert np.all(s.length <= R * np.sqrt(k) + tol)
        assert np.all(np.diff(thetas @ star) >= gamma - 1e-5)
        assert np.all(np.diff(np.sum(thetas ** 2, axis=1)) <= R ** 2 + tol)
        # the floor meets the ceiling where kγ = R√k, at (R/γ)², the run's bound
        np.testing.assert_allclose(s.meeting, (R / gamma) ** 2, rtol=1e-4)
        np.testing.assert_allclose(s.floor(s.meeting), s.ceiling(s.meeting), rtol=1e-12)
        assert s.updates <= s.meeting


def test_the_chain_is_only_drawn_for_a_run_from_zero(monkeypatch):
    """A run that starts elsewhere than θ = 0 has no floor at 0: refused."""
    run = margin_quiz_lesson(0).wide
    start = quiz_proof.update_states(run.trace)
    monkeypatch.setattr(quiz_proof, "update_states", lambda trace: start + 1.0)
    with pytest.raises(ValueError, match="θ = 0"):
        squeeze(run)


@pytest.mark.parametrize("seed", range(5))
def test_the_squeeze_is_said_with_where_floor_and_ceiling_meet(seed):
    """The plots span the large margin's meeting and both runs' M; the recall draws the
    squeeze and the next beat says both meetings, the small margin's "far off" exactly when
    it lies past the span."""
    lesson = margin_quiz_lesson(seed)
    wide, narrow = lesson.wide, lesson.narrow
    span = squeeze_span(wide, narrow)
    assert span > max(wide.bound, wide.updates, narrow.updates)
    board = margin_storyboard(lesson)
    beats = {beat.motion: beat for beat in board.beats}
    assert beats["recall"].state["squeeze"] == 1 and not beats["recall"].state["strips"]
    meet = beats["meet"]
    assert meet.state["squeeze"] == 2
    from linviz.lessons.quiz_story import bound_at

    assert (f"{bound_at(wide)} for the large margin" in meet.sentence
            and meet.sentence.endswith(f" {bound_at(narrow)}."))
    assert ("far off" in meet.sentence) == (narrow.bound > span) != meets_in_span(narrow, span)
    # before the recall no squeeze is drawn; after, it stays until the answer, which is
    # said beside the two examples and the runs' spread as they stood before the recall
    # (review 272: the closing frame dropped the examples the quiz asked to draw)
    order = [beat.state["squeeze"] for beat in board.beats]
    first, last = order.index(1), order.index(2)
    assert set(order[:first]) == {0} and last == first + 3
    # the floor on one beat, the ceiling derived on the next: a mistake's yθ·x ≤ 0 keeps
    # ‖θ‖² growing by at most R² an update (review 290: the ceiling only asserted)
    floor, ceiling = board.beats[first], board.beats[first + 1]
    assert "a floor Mγ" in floor.sentence and "ceiling" not in floor.sentence
    assert ceiling.motion == "ceiling" and ceiling.state["squeeze"] == 1
    assert all(words in ceiling.sentence for words in ("yθ·x ≤ 0", "at most R²", "R√M"))
    # and the middle step, θ·θ* ≤ ‖θ‖ (‖θ*‖ = 1), on a beat of its own (review 294)
    middle = board.beats[first + 2]
    assert middle.motion == "ceiling" and "θ·θ* stays under ‖θ‖" in middle.sentence
    answers = [b for b in board.beats if b.motion.startswith("answer")]
    assert answers and board.beats[last + 1] is answers[0]
    before = board.beats[first - 1].state
    for beat in answers:
        assert beat.state["squeeze"] == 0 and not beat.state["inset"]
        assert beat.state["planes"] == 2 and beat.state["runs"]
        assert all(beat.state[key] == before[key] for key in ("planes", "runs", "headings"))
        # where the strips stood, the example to draw, sketched (reviews 283-287)
        assert before["strips"] and not beat.state["strips"] and beat.state["sketch"]
        # but the runs' last lines (review 281: one a few pixels from a point, its close-up
        # gone, read as crossing it)
        assert before["lines"] and not beat.state["lines"]


@pytest.mark.parametrize("seed", range(4))
def test_the_large_margin_halved_keeps_its_bound_and_says_so(seed):
    """The large margin's data set halved: its widest margin through 0 (SLSQP) and its R
    (the largest ‖x‖) are the set's own halved, so (R/γ)² is the same; the shrink's beat
    says the shrunk γ and R as shown and that the bound stays. The perceptron from θ = 0
    (the notes' plain loop) makes the same updates on it: θ shrinks with the points."""
    from linviz.lessons.quiz import SHRINK
    from linviz.lessons.quiz_story import bound_at, said_gamma, said_reach

    lesson = margin_quiz_lesson(seed)
    wide, shrunk = lesson.wide, lesson.wide_shrunk
    X, y = np.asarray(wide.data.X, dtype=float), np.asarray(wide.data.y, dtype=float)
    np.testing.assert_allclose(shrunk.data.X, X / 2, rtol=1e-15, atol=1e-15)
    _, gamma = widest_through_origin(X, y)
    _, gamma_shrunk = widest_through_origin(X / 2, y)
    np.testing.assert_allclose([gamma_shrunk, shrunk.gamma], gamma / 2, rtol=1e-5)
    np.testing.assert_allclose(shrunk.R, np.max(np.linalg.norm(X / 2, axis=1)), rtol=1e-12)
    np.testing.assert_allclose(shrunk.bound, wide.bound, rtol=1e-9)
    assert lesson.shrunk_alike and SHRINK == 0.5
    runs = [reference_perceptron(Z, y, 10 ** 5, offset=False) for Z in (X, X / 2)]
    assert runs[0]["updates"] == runs[1]["updates"] == wide.updates
    beats = margin_storyboard(lesson).beats
    assert [b.motion for b in beats if b.state["shrink"]] == ["shrink"]  # that beat only
    beat = next(b for b in beats if b.motion == "shrink")
    assert (f"to {said_gamma(shrunk)} and {said_reach(shrunk)}" in beat.sentence
            and f"stays {bound_at(wide)}" in beat.sentence and beat.state["shrink"])
    assert said_gamma(shrunk) == formatting.number(gamma / 2, 3)


@pytest.mark.parametrize("seed", range(4))
def test_the_strips_say_each_margins_bounds_alike_only_when_they_are(seed):
    """The strips' legend says each margin's bounds (R/γ)² are alike within p% exactly when
    the largest over the least, recomputed from each data set's R and its widest margin
    (SLSQP), is within p% for both margins, p whole and at most 5."""
    import re

    lesson = margin_quiz_lesson(seed)
    from linviz.sweeps import margin_sweep
    from linviz.lessons.quiz import QUIZ_MARGINS, cleared
    from linviz.lessons.margin_speed import DEFAULT_REPEATS

    rows = margin_sweep(QUIZ_MARGINS, repeats=DEFAULT_REPEATS, offset=False, line_offset=0.0,
                        seed=seed, touching=True).runs
    spreads = []
    for row in (tuple(cleared(run) for run in rows[0]), rows[-1]):
        bounds = []
        for run in row:
            X, y = np.asarray(run.data.X, dtype=float), np.asarray(run.data.y, dtype=float)
            _, gamma = widest_through_origin(X, y)
            bounds.append((np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2)
        spreads.append(max(bounds) / min(bounds) - 1)
    (strips,) = [b for b in margin_storyboard(lesson).beats if b.state["strips"]]
    said = re.search(r"within (\d+)%: one tick", strips.state["status"])
    assert bool(said) == (max(spreads) <= 0.05 + 1e-6)
    if said:
        assert max(spreads) <= int(said.group(1)) / 100 < max(spreads) + 0.01 + 1e-6
