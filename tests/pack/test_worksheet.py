"""The homework's questions: true of the run they name, worked from the numbers printed.

References written here from the notes: the notes' perceptron (tests/independent.py)
for which point the next update is on; exact rational arithmetic on the printed
strings (``fractions``) for every number the key gives; the largest norm and the
margin of θ* for R and γ. No expected value is taken from the code under test.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

from independent import reference_perceptron, separable
from linviz.errors import LinvizError
from linviz.generators import make_builtin
from linviz.lessons.noise import noise_lesson
from linviz.lessons.perceptron import perceptron_lesson
from linviz.lessons.proof import proof_lesson
from linviz_pack.worksheet import homework_for, in_notation

SEEDS = (0, 1, 3, 7, 11, 2024)


def fraction(text: str) -> Fraction:
    """A printed number (real minus sign) as an exact fraction."""
    return Fraction(text.replace("−", "-"))


def numbers_in(text: str) -> list[Fraction]:
    return [fraction(t) for t in re.findall(r"−?\d+(?:\.\d+)?", text)]


def table(block) -> tuple[list[list[Fraction]], list[int]]:
    points = [[fraction(cell) for cell in row[1:-1]] for row in block.rows]
    labels = [1 if row[-1] == "+1" else -1 for row in block.rows]
    return points, labels


def question(block, suffix: str):
    return next(q for q in block.questions if q.code.endswith(suffix))


@pytest.fixture(scope="module", params=SEEDS)
def perceptron_run(request):
    return perceptron_lesson(make_builtin("separable", request.param)).trace


@pytest.fixture(scope="module", params=SEEDS)
def origin_run(request):
    return perceptron_lesson(make_builtin("separable-origin", request.param),
                             offset=False).trace


@pytest.fixture(scope="module", params=SEEDS)
def proof_run(request):
    return proof_lesson(make_builtin("separable-origin", request.param)).trace


@pytest.fixture(scope="module", params=SEEDS[:3])
def proof_offset_run(request):
    return proof_lesson(make_builtin("separable", request.param), offset=True).trace


@pytest.fixture(scope="module", params=SEEDS[:4])
def noise_run(request):
    return noise_lesson(make_builtin("noisy", request.param)).trace


def check_update_questions(block, trace, offset: bool):
    X, y = np.asarray(trace.data.X), np.asarray(trace.data.y)
    run = reference_perceptron(X, y, trace.params["epochs"], offset=offset)
    updates = [v for v in run["visits"] if v[3]]
    points, labels = table(block)
    # the printed state: "… θ = (a, b), θ₀ = c." and the update it follows
    state = next(line for line in block.given if "θ = (" in line)
    k = 0 if "no update yet" in state else int(re.search(r"its (\d+)\w\w update", state)[1])
    theta_text = re.search(r"θ = \(([^)]*)\)", state)[1]
    theta = [fraction(t.strip()) for t in theta_text.split(",")]
    theta0 = (fraction(re.search(r"θ₀ = (−?\d+(?:\.\d+)?)", state)[1]) if offset
              else Fraction(0))
    # the printed θ is the run's θ after update k, rounded as printed
    places = len(theta_text.split(",")[0].split(".")[1])
    expected_theta = updates[k - 1][4] if k else np.zeros(2)
    assert [round(float(t), places) for t in theta] == \
        [round(float(v), places) for v in expected_theta]
    # 1. the next update's point is the run's (k + 1)-th update, and the printed numbers
    #    find it: every point visited before it scores > 0, it scores ≤ 0
    nxt = question(block, ".next_point")
    epoch, i = updates[k][0], updates[k][1]
    assert nxt.value == i + 1
    signed = lambda j: labels[j] * (sum(a * b for a, b in zip(theta, points[j])) + theta0)  # noqa
    visited = [v[1] for v in run["visits"]][
        (run["visits"].index(updates[k - 1]) + 1 if k else 0):run["visits"].index(updates[k]) + 1]
    assert [signed(j) > 0 for j in visited] == [True] * (len(visited) - 1) + [False]
    # 2. its score, exactly from the printed numbers
    score = sum(a * b for a, b in zip(theta, points[i])) + theta0
    assert Fraction(nxt.value) == i + 1
    assert Fraction(question(block, ".score").value).limit_denominator(10**8) == score
    assert numbers_in(question(block, ".score").answer)[-1] == score
    # the unrounded run's score (what the video shows, to 2 decimals) is accepted too
    run_score = updates[k][2] * labels[i]
    assert abs(run_score - question(block, ".score").value) <= question(block, ".score").tolerance
    # 3. after the update: + ‖x‖² (+ 1)
    after = [a + labels[i] * b for a, b in zip(theta, points[i])]
    after0 = theta0 + labels[i] if offset else Fraction(0)
    new = labels[i] * (sum(a * b for a, b in zip(after, points[i])) + after0)
    assert new - labels[i] * score == sum(b * b for b in points[i]) + (1 if offset else 0)
    identity = question(block, ".identity")
    assert Fraction(identity.value).limit_denominator(10**8) == new
    assert identity.tolerance >= 0.01


def test_the_perceptron_questions_are_true_of_the_run_and_its_printed_numbers(perceptron_run):
    block, _ = homework_for("perceptron", perceptron_run)
    check_update_questions(block, perceptron_run, offset=True)


def test_through_the_origin_the_identity_has_no_plus_one(origin_run):
    block, _ = homework_for("perceptron-origin", origin_run)
    check_update_questions(block, origin_run, offset=False)
    assert "‖x‖² + 1" not in question(block, ".identity").text
    assert "θ₀" not in " ".join(block.given)


def largest_norm(points, with_one: bool) -> float:
    return max(math.sqrt(sum(float(v) ** 2 for v in p) + with_one) for p in points)


def check_proof_questions(block, trace, offset: bool):
    X, y = np.asarray(trace.data.X), np.asarray(trace.data.y)
    points, labels = table(block)
    star = numbers_in(block.given[0])[:(3 if offset else 2)]
    places = int(re.search(r"to (\d) decimals", block.given[0])[1])
    star = [s for s in star][: (3 if offset else 2)]
    R_q, gamma_q, bound_q = (question(block, s) for s in (".R", ".gamma", ".bound"))
    # R and γ from the printed points and θ*, to the decimals asked
    R = largest_norm(points, offset)
    margins = [label * float(sum(a * b for a, b in zip(star, p + ([1] if offset else []))))
               for p, label in zip(points, labels)]
    assert R_q.value == pytest.approx(round(R, R_q.places), abs=1e-12)
    assert gamma_q.value == pytest.approx(round(min(margins), gamma_q.places), abs=1e-12)
    # the bound is (R/γ)² of the R and γ the key prints (the old key did not add up)
    assert bound_q.value == pytest.approx(round((R_q.value / gamma_q.value) ** 2,
                                                bound_q.places), abs=1e-9)
    shown = numbers_in(bound_q.working[0])
    assert shown[0:2] == [fraction(f"{R_q.value:.{R_q.places}f}"),
                          fraction(f"{gamma_q.value:.{gamma_q.places}f}")]
    # the unrounded run's values (the video's) are accepted too
    exact_R = max(math.sqrt(sum(v * v for v in x) + offset) for x in X)
    assert abs(exact_R - R_q.value) <= R_q.tolerance
    # M is this run's (the proof run's own updates, not another scene's run)
    M = reference_perceptron(X, y, trace.params["epochs"], offset=offset)["updates"]
    assert question(block, ".updates").value == M
    assert question(block, ".below_bound").value is (M <= bound_q.value + bound_q.tolerance)
    assert places >= 3


def test_the_proof_questions_add_up_from_the_printed_numbers(proof_run):
    block, extra = homework_for("proof", proof_run)
    check_proof_questions(block, proof_run, offset=False)
    assert len(extra) == len(block.rows)  # the key's working: every point


def test_the_proof_with_an_offset_works_on_x_and_1(proof_offset_run):
    block, _ = homework_for("proof-offset", proof_offset_run)
    check_proof_questions(block, proof_offset_run, offset=True)
    assert "[x, 1]" in question(block, ".R").text and "θ*₀" in block.given[0]


def test_the_noise_certificate_is_two_convex_combinations_of_one_point(noise_run):
    block, _ = homework_for("noise", noise_run)
    points, labels = table(block)
    weights = []
    for line, label in zip(block.given, (1, -1)):
        found = re.findall(r"(\d\.\d+) on point (\d+)", line)
        weights.append({int(i) - 1: fraction(w) for w, i in found})
        assert all(labels[i] == label for i in weights[-1])
        assert sum(weights[-1].values()) == pytest.approx(1, abs=2e-3)
    p = [sum(w * points[i][c] for i, w in weights[0].items()) for c in range(2)]
    q = [sum(w * points[i][c] for i, w in weights[1].items()) for c in range(2)]
    assert max(abs(float(a - b)) for a, b in zip(p, q)) < 0.01
    # the points named cannot be separated: an independent LP on them
    named = sorted({*weights[0], *weights[1]})
    assert not separable(np.array([[float(v) for v in points[i]] for i in named]),
                         np.array([labels[i] for i in named]))
    common = question(block, ".common_point")
    assert abs(common.value - float(p[0])) <= common.tolerance
    assert question(block, ".why").kind == "essay"


@pytest.fixture(scope="module")
def one_run_each():
    """One run of each kind of question (seed 5)."""
    return (("perceptron", perceptron_lesson(make_builtin("separable", 5)).trace),
            ("proof", proof_lesson(make_builtin("separable-origin", 5)).trace),
            ("noise", noise_lesson(make_builtin("noisy", 5)).trace))


def test_each_block_names_one_run_and_no_lecture_number(one_run_each):
    for scene, trace in one_run_each:
        block, _ = homework_for(scene, trace, f"{scene}.mp4")
        assert not re.match(r"\s*\d+\.", block.heading)
        assert re.findall(r"\w[\w-]*\.mp4", block.heading) == [f"{scene}.mp4"]
        for q in block.questions:  # no question points at another video
            assert not [v for v in re.findall(r"[\w-]+\.mp4", q.text) if v != f"{scene}.mp4"]


def test_the_w_notation_reaches_every_string_a_student_reads(one_run_each):
    for scene, trace in one_run_each:
        block, extra = homework_for(scene, trace, notation="w")
        strings = [block.heading, block.about, *block.columns, *block.given, *extra]
        for q in block.questions:
            strings += [q.text, q.answer, *q.working]
        assert not [s for s in strings if "θ" in s]
    assert in_notation("θ*₀, θ₀ and θᵀx", "w") == "b*, b and wᵀx"
    with pytest.raises(LinvizError, match="unknown notation"):
        in_notation("θ", "beta")


def test_the_homework_is_made_without_manim():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys\n"
            "from linviz.generators import make_builtin\n"
            "from linviz.lessons.perceptron import perceptron_lesson\n"
            "from linviz_pack.worksheet import homework_for\n"
            "from linviz_cli.batch.lms import moodle_xml\n"
            "block, _ = homework_for('perceptron', "
            "perceptron_lesson(make_builtin('separable', 1)).trace)\n"
            "moodle_xml([{'id': 'a', 'seed': 1, 'scenes': {'perceptron': block.record()}}])\n"
            "assert not [m for m in sys.modules if m.split('.')[0] in ('manim', 'scenes')], "
            "sorted(m for m in sys.modules if m.startswith(('manim', 'scenes')))\n")
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root,
                   env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
