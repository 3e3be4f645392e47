"""The margins said after the comparison (linear-program, data a line through the origin
separates): θ*'s and the perceptron's, recomputed as least distances to the lines."""

from __future__ import annotations

import re

import numpy as np
import pytest

from linviz.lessons.linear_program_story import linear_program_storyboard

from lp_gallery import CASES, lesson_or_skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_margins_said_are_the_least_distance_to_each_line(case):
    """On data a line through 0 separates, the beat after the comparison says θ*'s margin
    and the perceptron's: each recomputed here as the least distance of a point to its
    line, |θᵀx|/‖θ‖ over the points (θ* from SciPy's HiGHS afresh), and which is
    narrower."""
    from scipy.optimize import linprog

    data, lesson, beats = lesson_or_skip(case)
    said = next((b for b in beats if b.sentence.startswith("Margins: θ*'s is 1/‖θ*‖")), None)
    if not lesson.feasible:
        assert said is None
        return
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    A = y[:, None] * X
    # least t₁ + t₂ with −t ≤ θ ≤ t and Aθ ≥ 1, variables (θ₁, θ₂, t₁, t₂)
    found = linprog([0, 0, 1, 1], A_ub=np.vstack([np.hstack([-A, np.zeros((len(A), 2))]),
                                                   [[1, 0, -1, 0], [0, 1, 0, -1],
                                                    [-1, 0, -1, 0], [0, -1, 0, -1]]]),
                    b_ub=[-1.0] * len(A) + [0, 0, 0, 0], bounds=[(None, None)] * 4,
                    method="highs")
    star = found.x[:2]
    theta = lesson.thetas[-1]
    star_margin = np.min(np.abs(X @ star)) / np.linalg.norm(star)
    run_margin = np.min(np.abs(X @ theta)) / np.linalg.norm(theta)
    shown = re.search(r"1/‖θ\*‖ = ([0-9.]+)\. The perceptron's, its least label times score "
                      r"over ‖θ‖, is ([0-9.]+), (\w+)", said.sentence)
    assert shown, said.sentence
    assert float(shown.group(1)) == pytest.approx(star_margin, rel=0.05)
    assert float(shown.group(2)) == pytest.approx(run_margin, rel=0.05)
    if abs(star_margin - run_margin) > 0.05 * max(star_margin, run_margin):
        assert shown.group(3) == ("narrower" if run_margin < star_margin else "wider")
    # the notes' bound with the widest margin (the tightest any separator's gives), found
    # here by a search over directions, the least of the points' margins at each, refined
    # by a bounded search round the best; said as θ*'s where the two agree (within 1%), R
    # the farthest point from 0: it holds the run's updates (the theorem), recounted here
    # by a plain perceptron loop
    from scipy.optimize import minimize_scalar

    def least(angle):
        return float(np.min(A @ np.array([np.cos(angle), np.sin(angle)])))

    angles = np.linspace(0, 2 * np.pi, 20001)
    best = angles[np.argmax([least(t) for t in angles])]
    widest = -minimize_scalar(lambda t: -least(t), bounds=(best - 1e-3, best + 1e-3),
                              method="bounded", options={"xatol": 1e-12}).fun
    assert widest >= star_margin * (1 - 1e-5)
    reach = np.max(np.linalg.norm(X, axis=1))
    after = beats[beats.index(said) + 1]
    bound = re.search(r"\(R/γ\)² is about ([0-9,]+)\. The perceptron made (\d+) update",
                      after.sentence)
    assert bound, after.sentence
    # γ just under the margin: the notes' assumption B is strict (every margin > γ)
    # θ* is (about) the widest
    if after.sentence.startswith("The notes' bound: with γ just under θ*'s margin"):
        assert widest <= star_margin * 1.02
        gamma = star_margin
    else:
        assert after.sentence.startswith("The notes' bound: with γ just under the widest "
                                         "margin")
        assert widest > star_margin * (1 + 1e-6)
        gamma = widest
    assert int(bound.group(1).replace(",", "")) == pytest.approx((reach / gamma) ** 2,
                                                                abs=0.5 + 1e-6 * reach)
    # the R and γ shown give the bound shown, recomputed from them (to rounding or a
    # quarter of a percent: review 261, 1.83 and 0.26 gave 49.5 against 51)
    shown_r = float(re.search(r"\$R = ([0-9.]+)\$", after.state["status"]).group(1))
    # (γ written "just under" its value, as said: the notes' assumption B is strict)
    shown_g = float(re.search(r"\$gamma\$ just under \$([0-9.]+)\$",
                              after.state["status"]).group(1))
    said_bound = int(bound.group(1).replace(",", ""))
    again = (shown_r / shown_g) ** 2
    assert round(again) == said_bound or abs(again - said_bound) <= 0.0025 * said_bound + 0.5
    # on the status line, in mathematics, a grouped bound quoted ("2, 811" read as a list)
    shown = f'"{bound.group(1)}"' if "," in bound.group(1) else bound.group(1)
    assert f"bound $(R \\/ gamma)^2 approx {shown}$, updates made: $" in after.state["status"]
    made = int(re.search(r"updates made: \$([0-9]+)\$", after.state["status"]).group(1))
    theta, updates, changed = np.zeros(2), 0, True
    while changed:
        changed = False
        for x, label in zip(X, y):
            if label * (theta @ x) <= 0:
                theta, updates, changed = theta + label * x, updates + 1, True
    assert int(bound.group(2)) == made == updates <= (reach / gamma) ** 2
    # said to be far above the run's count where it is ten times it or more, else not
    far = (reach / gamma) ** 2 >= 10 * updates
    assert ("far fewer: a bound, not a forecast" in after.sentence) == far, after.sentence


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_notes_remark_on_testing_is_answered_by_one_solve(case):
    """The notes' remark (separability "NOT testable") is met at the end, where the notes
    put it, at the perceptron: watching a run cannot test it; one solve decides the points
    in hand either way (its answer checked by HiGHS afresh on y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1); the notes'
    own table gives that test. Each
    answer comes as a row as said, the rows standing to the end."""
    from scipy.optimize import linprog

    data, lesson, beats = lesson_or_skip(case)
    motions = [b.motion for b in beats]
    said = beats[motions.index("testable")]
    assert said.sentence.startswith(
        "The notes call separability, which the perceptron assumes, NOT testable. Indeed, "
        "just watching a perceptron "
        + ("tests it one way only." if lesson.feasible else "cannot test it"))
    watched, solved = beats[motions.index("watched")], beats[motions.index("solved")]
    assert motions.index("testable") + 1 == motions.index("watched")
    assert motions.index("watched") + 1 == motions.index("solved")
    heard = " ".join(b.sentence for b in beats[motions.index("testable"):]
                     if b.state["verdict"])
    # what watching the perceptron shown decides: stopping proves it (said only of a run
    # that stopped, recounted by a plain loop of 1,000 passes), running proves nothing
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    theta, stopped, counts = np.zeros(2), False, []
    for _ in range(1000):
        wrong = 0
        for x, label in zip(X, y):
            if label * (theta @ x) <= 0:
                theta, wrong = theta + label * x, wrong + 1
        counts.append(wrong)
        if not wrong:
            stopped = True
            break
    assert ("confirms separability only by stopping, as this one did" in heard) == stopped
    assert ("never stops." in solved.sentence) == (not stopped)
    passes = watched.state["pass_counts"]
    if stopped:  # its passes drawn, the last with none, their number said
        assert passes == counts and passes[-1] == 0
        plural = "pass" if len(passes) == 1 else "passes"
        assert (f"as this one did after {len(passes)} {plural}, the last with no update"
                in heard)
    if passes and not stopped:
        assert passes == counts[:len(passes)]
        assert (f"After {len(passes)} passes here, each with {min(passes)} updates or more"
                in heard)
        assert "this run, with no limit on passes, never stops" in solved.sentence
    assert "may yet stop" not in heard  # (said of a run that cannot: review 261)
    A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    found = linprog([0, 0], A_ub=-A, b_ub=-np.ones(len(A)), bounds=[(None, None)] * 2,
                    method="highs")
    # the remark's row, then each answer's as said (the status empty, the right half free)
    assert said.state["status"] is None and not said.state["weights"]
    assert said.state["verdict"] == watched.state["verdict"]
    ((_, remark),) = said.state["verdict"]
    assert "“NOT testable”" in remark
    answer = "feasible" if found.status == 0 else "infeasible"
    assert f"here, {answer}" in solved.sentence
    assert ("here, infeasible" in solved.sentence) == (not lesson.feasible)
    # (the beats given on are `no-separator`'s, which leave the rows)
    last = max(k for k, motion in enumerate(motions)
               if motion in ("solved", "settled", "later"))
    assert not beats[last + 1:] or not beats[last + 1].state["verdict"]
    rows = beats[last].state["verdict"]
    assert rows[:2] == [said.state["verdict"][0],
                        (f"here, {answer}", f"these {len(y)} points, one solve: “{answer}”")]
    # on separable data, the other way too: the flipped set watched, solved again here
    # (HiGHS on its a = y x with that one sign changed: infeasible, said and written)
    flipped = watched.state["flipped"]
    if flipped is not None:
        k = flipped["point"]
        other = A.copy()
        other[k] = -other[k]
        again = linprog([0, 0], A_ub=-other, b_ub=-np.ones(len(other)),
                        bounds=[(None, None)] * 2, method="highs")
        assert again.status == 2
        assert f"; with point {k + 1}'s label flipped, infeasible." in solved.sentence
        assert rows[2] == ("label flipped, infeasible",
                           f"point {k + 1} flipped, one solve: “infeasible”")
        rows = rows[:2] + rows[3:]
    else:
        assert "label flipped" not in solved.sentence
    # the last words: the notes' own table gives the test for the points in hand (the
    # table back, as at the opening), and what no solve on them tests, once, last, not as
    # the notes' reading (reviews 352-364: heard as arguing with them; 367-368: unsaid)
    settled = beats[last]
    assert settled.motion == "settled" and settled.state["notes_table"]
    assert settled.sentence == ("So for the points in hand, the test is the tool of the "
                                "notes' own table: a linear programme. Whether points not "
                                "yet seen are separable too, no solve on these can tell.")
    # what one solve decides is said of these points (reviews 367: heard as overturning
    # the remark), what it cannot, of others (reviews 367-368: never said)
    assert solved.sentence.startswith("But one solve decides these points either way: here, ")
    assert settled.pause > 0 and settled.state["verdict"] == solved.state["verdict"]
    assert "as we read" not in heard.lower() and heard.count("not yet seen") == 1
    assert "distribution" not in heard and "too strong" not in heard
    # the run's passes leave with the table's coming (the right half is the rows' and its)
    assert settled.state["pass_counts"] is None and not settled.state["watching"]
    # (the run's line gone as the solve is said, its passes told by the bars: reviews 368)
    assert not solved.state["watching"]
    # (the notes' perceptron stops at its epoch limit: the run said to have none)
    assert ("with no limit on passes" in solved.sentence) == (not stopped)
    assert "no sample can test" not in heard


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_notes_y_theta_x_is_named_in_words_where_it_is_first_said(case):
    """The scene writes the notes' y⁽ⁱ⁾θᵀx⁽ⁱ⁾ (review 303: the lecture's coined "y·score"
    read "y dot score"), and the first sentence with it says it in words, the label times
    the score; "y·score" is said nowhere, nor written on a status line."""
    data, lesson, beats = lesson_or_skip(case)
    for beat in beats:
        assert "y·score" not in beat.sentence + (beat.state["status"] or ""), beat.sentence
    first = next((beat for beat in beats if "y⁽ⁱ⁾θᵀx⁽ⁱ⁾" in beat.sentence), None)
    assert first is not None, "the scene never says y⁽ⁱ⁾θᵀx⁽ⁱ⁾"
    assert "label times score, y⁽ⁱ⁾θᵀx⁽ⁱ⁾" in first.sentence, first.sentence


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_opening_names_the_notes_table_row(case):
    """The notes' closing table (001): realizable case, 0-1 loss, linear programme; the
    opening names its row (review 263: never tied to it)."""
    data, lesson, beats = lesson_or_skip(case)
    # (review 313: the opening's four sentences were one caption of 25-32 s: the question,
    # the turn and the notes' row are a beat each)
    assert beats[0].motion == "intro"
    # (how many places they stand at, said where some share one: reviews 368; recounted)
    places = len({tuple(map(float, x)) for x in np.asarray(data.X, dtype=float)})
    at = f", at {places} places" if places < len(data.y) else ""
    assert beats[0].sentence == (f"Can a line through the origin separate these {len(data.y)} "
                                 f"points{at}, with training error 0 under the 0-1 loss?")
    turned = [beat for beat in beats if beat.state["trial_line"]]
    row = next(beat for beat in beats if beat.motion == "notes-row")
    # the trial line's turn said where it is drawn: the fewest any line through 0 gets
    # wrong, by a sweep of directions here (a mistake: y·score ≤ 0)
    if turned:
        (trial,) = turned
        # (the place both classes share, where there is one, said with the count it
        # explains: reviews 322)
        assert [b.motion for b in beats[:5] if b.motion != "tied-place"][:4] == [
            "intro", "trial", "directions", "notes-row"]
        A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
        turns = np.radians(np.arange(0, 360, 0.01)) + 1e-7
        fewest = int(np.sum(A @ np.vstack([np.cos(turns), np.sin(turns)]) <= 0, axis=0).min())
        assert trial.sentence == (
            f"Turn a line round the origin, + on whichever side makes fewer mistakes, and "
            f"count them at every angle: the count can change only as the line passes a "
            f"point. The best gets {fewest} wrong.")
        # the grid's count said, a beat of its own (reviews 345: shown 3 s, never said):
        # 180⁹ lines through 0 with 9 angles 1° apart, about 2.0 × 10²⁰
        (grid,) = [b for b in beats if b.motion == "directions"]
        assert f"{180 ** 9 / 1e20:.1f}" == "2.0"
        assert grid.sentence == ("Turning a line works in a plane; with 10 features, a "
                                 "hyperplane through 0 has 9 angles, and 1° steps would mean "
                                 "180⁹, about 2.0 × 10²⁰ hyperplanes: no one can try them all.")
        assert grid.state["direction_grid"] and not row.state["direction_grid"]
        assert row.sentence.startswith("For the notes' realizable case")
        # it stops on the scaling beat's θ, whose line gets that many wrong: those marked
        theta = lesson.scaling_theta
        wrong = [int(i) for i in np.flatnonzero(A @ theta <= 0)]
        assert len(wrong) == fewest
        assert (trial.state["wrong_marks"] or {}).get("dashed", []) == wrong
        # they leave with the line, as the notes' row is named
        assert row.state["wrong_marks"] is None and not row.state["trial_line"]
    else:
        assert [b.motion for b in beats[:2]] == ["intro", "notes-row"]
        assert row.sentence.startswith("For the notes' realizable case")
    # what the programme will say of these points, said (reviews 345: the realizable case
    # named over points just shown not to be), the answer found here by HiGHS
    from scipy.optimize import linprog
    A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    found = linprog(np.zeros(2), A_ub=-A, b_ub=-np.ones(len(A)), bounds=[(None, None)] * 2,
                    method="highs")
    assert found.status in (0, 2)
    answer = ("it finds such a line, as it will here" if found.status == 0
              else "given data no line separates, like these, it says there is none")
    assert row.sentence.endswith(f"the tool is a linear programme: {answer}.")
    # with how many places the points stand at, where some share one (recounted here)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    places = len({tuple(map(float, x)) for x in X})
    # and the tag of the first place both classes share, read (its counts recounted here)
    mixed = [i for i in range(len(y)) if len(set(y[np.all(X == X[i], axis=1)])) == 2]
    tag = ""
    if mixed:
        here = np.all(X == X[mixed[0]], axis=1)
        plus, minus = int(np.sum(here & (y > 0))), int(np.sum(here & (y < 0)))
        tag = f" · +{plus} −{minus}: {plus} + and {minus} − at one place"
    opening = ("a line through 0 with training error 0?"
               + (f" · {len(data.y)} points at {places} places" if places < len(data.y)
                  else ""))
    assert beats[0].state["status"] == opening
    # the tag read as the place is said, not before (reviews 367: 17 s early)
    tied = [b for b in beats if b.motion == "tied-place"]
    assert bool(tied) == bool(mixed)
    for beat in beats[:beats.index(tied[0]) if tied else 0]:
        assert tag[3:] not in (beat.state["status"] or "")
    if tied:
        assert tied[0].state["status"].endswith(tag)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_point_just_past_a_dashed_line_is_said_only_to_look_on_it(case):
    """Where a point not tight at θ* lies within 3% of the data view's shorter side past its
    class's dashed line θ*ᵀx = ±1 (recounted here from the data: (y⁽ⁱ⁾θ*ᵀx⁽ⁱ⁾ − 1)/‖θ*‖),
    the tight beat says it only looks on it, with its label times score to 2 decimals (two
    named, more counted with their range); nothing where none does (reviews 367: point 3,
    7 px past, was counted a third point on the line)."""
    data, lesson, beats = lesson_or_skip(case)
    tight_beats = [b for b in beats if b.motion == "tight"]
    if lesson.theta_star is None:
        assert not tight_beats
        return
    (beat,) = tight_beats
    star = np.asarray(lesson.theta_star, dtype=float)
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    scores = y * (X @ star)
    past = (scores - 1.0) / np.hypot(*star)
    view = lesson.full_view
    reach = 0.03 * min(view.x_max - view.x_min, view.y_max - view.y_min)
    near = [i for i in range(len(y)) if 1e-9 < past[i] <= reach and i not in lesson.tight]
    said = [f"{v:,.2f}" for v in scores[near]]
    if not near:
        assert "only look" not in beat.sentence
    elif len(near) == 1:
        assert beat.sentence.endswith(f" Point {near[0] + 1} only looks on its dashed line: "
                                      f"label times score {said[0]}.")
    elif len(near) == 2:
        assert beat.sentence.endswith(f" Points {near[0] + 1} and {near[1] + 1} only look on "
                                      f"their dashed lines: label times scores {said[0]} and "
                                      f"{said[1]}.")
    else:
        low, high = f"{scores[near].min():,.2f}", f"{scores[near].max():,.2f}"
        assert beat.sentence.endswith(f" other points only look on their dashed lines: label "
                                      f"times scores {low} to {high}.")
        words = {3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
                 9: "Nine", 10: "Ten"}
        assert f" {words.get(len(near), len(near))} other points only look" in beat.sentence
