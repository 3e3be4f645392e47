"""`no-separator`: why no line through the origin separates data whose programme is
infeasible, told after `linear-program` (which ends at the solver's "infeasible")."""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

from linviz.errors import DataError
from linviz.generators import make_builtin
from linviz.lessons.linear_program import check_no_separator_data, linear_program_lesson
from linviz.lessons.no_separator_story import no_separator_storyboard

from lp_gallery import CASES, lesson_or_skip


def _render(*args):
    from linviz_cli.app import cli, register

    register()
    return CliRunner().invoke(cli, list(args))


def test_it_follows_linear_program_in_the_lecture():
    from scenes.catalog import SCENES_IN_ORDER

    names = [entry.name for entry in SCENES_IN_ORDER]
    assert names.index("no-separator") == names.index("linear-program") + 1


@pytest.mark.parametrize("spec", ["separable-origin", "small-margin"])
def test_data_a_line_through_the_origin_separates_is_refused_in_one_line(spec, tmp_path):
    """Separable through 0 (checked here by HiGHS: some θ has every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1), the
    data is refused before anything is drawn: one line, exit 2, no file, naming the scene
    that does show such data."""
    from scipy.optimize import linprog

    data = make_builtin(spec, 0)
    A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    found = linprog([0, 0], A_ub=-A, b_ub=-np.ones(len(A)), bounds=[(None, None)] * 2,
                    method="highs")
    assert found.status == 0
    with pytest.raises(DataError, match="use the linear-program scene"):
        check_no_separator_data(data, spec)
    result = _render("render", "no-separator", "--data", spec, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "no-separator" in lines[0] and "Traceback" not in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.mp4"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_recap_says_what_linear_program_found(case):
    """Its first beat opens where `linear-program` ended: the count of points and the fewest
    any θ gets wrong (recounted here at 36,000 directions), the programme infeasible (HiGHS
    afresh); then Gordan's alternative, asked as "why"."""
    from scipy.optimize import linprog

    data, lesson, _ = lesson_or_skip(case)
    if lesson.feasible:
        with pytest.raises(DataError):
            no_separator_storyboard(lesson)
        return
    A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    found = linprog([0, 0], A_ub=-A, b_ub=-np.ones(len(A)), bounds=[(None, None)] * 2,
                    method="highs")
    assert found.status == 2  # infeasible
    turns = np.radians(np.arange(0, 360, 0.01)) + 1e-7
    fewest = int(np.sum(A @ np.vstack([np.cos(turns), np.sin(turns)]) <= 0, axis=0).min())
    beats = no_separator_storyboard(lesson).beats
    # the data named again, a beat of its own (reviews 324: one caption of 19 s)
    assert beats[0].section == ("lp-certificate", "Why no θ exists")
    assert beats[0].sentence == (f"These {len(data.y)} points again: no line through the "
                                 f"origin separates them.")
    assert not beats[0].state["weights"] and not beats[0].state["wrong_marks"]
    beats = beats[1:]
    recap = beats[0]
    assert recap.motion == "recap" and recap.sentence.startswith("On the right, weight space")
    assert f"every θ gets at least {fewest} wrong, as this one does." in recap.sentence
    # that one drawn, its mistakes marked (recounted), till Gordan's alternative
    wrong = [int(i) for i in np.flatnonzero(A @ lesson.scaling_theta <= 0)]
    assert len(wrong) == fewest and recap.state["wrong_marks"] == {"dashed": wrong}
    # its line drawn with its dot (reviews 365, 368: by a dot alone its mistakes could not
    # be seen as such), till Gordan's alternative
    assert recap.state["fewest_line"] is True and not beats[1].state["fewest_line"]
    assert recap.sentence.endswith("is infeasible.")
    # (and written as said, HiGHS's word: review 321, never written)
    assert recap.state["status"].endswith(
        " · the programme, every $y^((i)) theta^T x^((i)) >= 1$: infeasible")
    assert recap.state["wrong_shading"] and recap.state["weights"]
    assert beats[1].motion == "gordan" and beats[1].sentence.startswith(
        "Why is every θ wrong somewhere?")
    # it ends on the offset, a still after the solver's answer (after an overlap, a
    # sentence of its own: review 313)
    assert beats[-1].pause > 0 and (beats[-1].motion == "offset-line" or (
        beats[-4].motion in ("overlap-turn", "overlap-why") and beats[-3].motion == "offset-totals"
        and beats[-2].motion == "offset-certificate" and beats[-1].motion == "offset-verdict"
        and "infeasible too" in beats[-1].sentence))


def test_its_default_data_is_one_no_line_through_the_origin_separates():
    from linviz.lessons import default_data_for

    spec = default_data_for("no-separator")
    lesson = linear_program_lesson(make_builtin(spec, 0))
    assert not lesson.feasible
    assert no_separator_storyboard(lesson).beats


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_certificates_programme_is_written_with_its_weights(case):
    """Where a programme for the λ finds the certificate (no two points at one place with
    opposite labels), its constraints are written beside the weights it finds; the weights
    written satisfy them, recomputed here: each ≥ 0, adding up to 1 (to their decimals),
    Σλᵢy⁽ⁱ⁾x⁽ⁱ⁾ = 0 (review 313: the programme was said, never shown)."""
    data, lesson, _ = lesson_or_skip(case)
    if lesson.feasible:
        return
    (beat,) = [b for b in no_separator_storyboard(lesson).beats if b.motion == "certificate"]
    status = beat.state["status"]
    written = {int(i) - 1: float(w) for i, w in
               re.findall(r"lambda_\((\d+)\) = ([0-9.]+)", status)}
    assert written and set(written) == set(lesson.certificate)
    places = max(len(f"{w}".split(".")[1]) for w in written.values())
    assert all(w >= 0 for w in written.values())
    assert sum(written.values()) == pytest.approx(1.0, abs=len(written) * 0.5 * 10 ** -places
                                                  + 1e-9)
    A = np.asarray(data.y, dtype=float)[:, None] * np.asarray(data.X, dtype=float)
    exact = sum(lesson.certificate[i] * A[i] for i in written)
    assert np.allclose(exact, 0.0, atol=1e-9 * (1 + np.abs(A).max()))
    assert status.startswith("for $lambda$: $lambda_i >= 0$, $sum_i lambda_i = 1$, "
                             "$sum_i lambda_i y^((i)) x^((i)) = 0$ · ") == (
        not lesson.same_place_certificate)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_other_points_in_the_overlaps_triangle_are_counted(case):
    """Where the overlap is one point in the other class's triangle, every other point of
    its class inside that triangle too is counted (reviews 331: four more stood in it,
    unsaid; reviews 347: their numbers said, none written), recounted here by the signs of the three edge cross products (inside: none of
    the opposite sign to the others)."""
    data, lesson, _ = lesson_or_skip(case)
    if lesson.feasible or lesson.separable_with_offset:
        return
    positive, negative = lesson.overlap
    beats = no_separator_storyboard(lesson).beats
    (said,) = [b for b in beats if b.motion == "overlap"]
    if sorted((len(positive), len(negative))) != [1, 3]:
        assert "; so do" not in said.sentence
        return
    single, hull = (positive, negative) if len(positive) == 1 else (negative, positive)
    (chosen,) = single
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y, dtype=float)
    a, b, c = X[sorted(hull)]

    def cross(p, q, r) -> float:
        return float((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))

    inside = []
    for i in range(len(y)):
        if i == chosen or y[i] != y[chosen]:
            continue
        signs = np.array([cross(a, b, X[i]), cross(b, c, X[i]), cross(c, a, X[i])])
        signs[np.abs(signs) < 1e-12] = 0.0
        if not (np.any(signs > 0) and np.any(signs < 0)):
            inside.append(i)
    if not inside:
        assert "; so do" not in said.sentence
        return
    # counted, not listed (reviews 347: four numbers said, none written by the rings)
    count = dict(enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven",
                            "eight", "nine", "ten"])).get(len(inside), str(len(inside)))
    noun, verb = ("point", "does") if len(inside) == 1 else ("points", "do")
    sign = "+" if y[chosen] > 0 else "−"
    assert said.sentence.endswith(f"; so {verb} {count} other {sign} {noun}.")
