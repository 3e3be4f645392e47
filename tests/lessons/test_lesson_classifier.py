"""The classifier lesson over the gallery, every number recomputed point by point,
and the issue's defects of the classifier scene."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from linviz.errors import DataError
from linviz.gallery import gallery, gallery_case
from linviz.lessons import lesson_for
from linviz.lessons.classifier import classifier_lesson

from test_lesson_noise import mistakes, searched_least, strictly_realizable

ACCEPTED = [case.name for case in gallery("classification", 2)]
REFUSED = ["offset1d:0", "regression1d:0", "diabetes-bmi"]


@pytest.fixture(scope="module", params=ACCEPTED)
def lesson(request):
    return classifier_lesson(gallery_case(request.param)(), k=10, seed=3)


def test_the_lesson_is_registered():
    assert lesson_for("classifier") is classifier_lesson


@pytest.mark.parametrize("name", REFUSED)
def test_data_it_cannot_draw_is_refused_in_one_line(name):
    with pytest.raises(DataError, match="scene 'classifier'") as refused:
        classifier_lesson(gallery_case(name)())
    assert "\n" not in str(refused.value)


def test_every_number_is_recomputed_point_by_point(lesson):
    X, y, n = lesson.data.X, lesson.data.y, lesson.data.n_samples
    counts = []
    for j, (theta, theta0) in enumerate(zip(lesson.thetas, lesson.theta0s)):
        wrong = [label * (x @ theta + theta0) <= 0 for x, label in zip(X, y)]
        turned = [label * (x @ -theta - theta0) <= 0 for x, label in zip(X, y)]
        assert lesson.wrong[j].tolist() == wrong and lesson.wrong_turned[j].tolist() == turned
        assert lesson.errors[j] == pytest.approx(sum(wrong) / n)
        assert lesson.mistakes(j) == sum(wrong) and lesson.turned_mistakes(j) == sum(turned)
        counts.append(sum(wrong))
        # the probes: the farthest point on each side, by (θᵀx + θ₀)/‖θ‖
        distances = [(x @ theta + theta0) / np.hypot(*theta) for x in X]
        far, near = lesson.probes[j]
        assert distances[far] == pytest.approx(max(distances), abs=1e-9)
        assert distances[near] == pytest.approx(min(distances), abs=1e-9)
        np.testing.assert_allclose(lesson.probe_distances[j], [distances[far], distances[near]])
    # j*: the first with the fewest mistakes
    assert lesson.best_index == counts.index(min(counts))
    assert lesson.separable == strictly_realizable(X, y)
    assert lesson.best_line.mistakes <= searched_least(X, y, 360 if n > 200 else 1800)
    assert lesson.separable == (lesson.best_line.mistakes == 0)
    assert mistakes(X, y, lesson.best_line.theta, lesson.best_line.theta0) == \
        lesson.best_line.mistakes
    assert lesson.best_reaches_least == (min(counts) == lesson.best_line.mistakes)
    for j in range(lesson.k):
        far, near = lesson.probe_distances[j]
        assert lesson.splits_points(j) == (far > 0 > near)
        assert lesson.probe_sides(j) == tuple("+1" if d > 0 else "−1" for d in (far, near))
    # the studied hypothesis: not the best, splitting the points, when one does
    splitting = [j for j in range(lesson.k) if j != lesson.best_index and lesson.splits_points(j)]
    for j in lesson.study_candidates:
        assert j != lesson.best_index or lesson.k == 1
        assert lesson.splits_points(j) or not splitting


def test_no_scene_of_this_family_runs_a_learner():
    """Issue 20: classifier ran BestOfK inside the scene."""
    for name in ("classifier", "noise", "xor"):
        source = (Path(__file__).resolve().parents[2] / "scenes" / f"{name}.py").read_text()
        assert ".fit(" not in source and "BestOfK" not in source


# -- what the scene says and shows (its whole story, without drawing) -----------------
@pytest.fixture(scope="module", params=[None, ("small-margin", 1), ("noisy", 2)],
                ids=["default", "small-margin", "noisy"])
def told(request):
    from scenes.classifier import ClassifierScene
    from story_runs import story_with

    spec, seed = request.param or (None, 0)
    attributes = {"seed": seed, **({"data_spec": spec} if spec else {})}
    return story_with(ClassifierScene, observe_layouts=True, **attributes)


def test_the_hypothesis_class_the_0_1_loss_and_separability_are_stated(told):
    """Issue 20 (notes 000): the 0-1 loss, the hypothesis class and "linearly
    separable" were never stated."""
    from test_story_claims import separable

    narration = " ".join(told.narration)
    assert "hypothesis class ℋ" in narration and "0-1 loss" in narration
    X, y = told.data.X, told.data.y
    if separable(X, y):
        assert "These points are linearly separable" in narration
    else:
        (match,) = re.finditer(r"not linearly separable: .* the best line gets (\d+) of the "
                               r"(\d+) wrong", narration)
        assert int(match.group(1)) == searched_least(X, y) and int(match.group(2)) == len(y)


def test_more_hypotheses_are_promised_only_when_a_line_does_better(told):
    X, y = told.data.X, told.data.y
    states = told.trace.states
    made = min(mistakes(X, y, theta, theta0)
               for theta, theta0 in zip(states["theta"][1:], states["theta0"][1:]))
    promised = any("more hypotheses may find a better one" in s for s in told.narration)
    assert promised == (searched_least(X, y) < made)


def test_the_side_panel_holds_no_stale_value_while_the_error_is_counted(told):
    """Issue 20: the signed distance of a probe that had left stayed on the board."""
    counting = [boxes for caption, boxes in told.layouts
                if "misclassified" in caption or "ring each mistake" in caption]
    assert counting
    for boxes in counting:
        assert not any("(theta^T x + theta_0) \\/ norm" in label for label, _ in boxes)


def test_the_sides_said_are_the_probes_sides(told):
    """On every data set: "… for this point on the +1 side" only of a point there."""
    lesson, j = told.lesson, told.studied
    X = told.data.X
    theta, theta0 = lesson.thetas[j], lesson.theta0s[j]
    said = [m.group(1) for s in told.narration
            for m in re.finditer(r"for this (?:point|one) on the ([+−]1) side", s)]
    actual = ["+1" if X[i] @ theta + theta0 > 0 else "−1" for i in lesson.probes[j]]
    assert said == actual


def _upper(index: int) -> str:
    return "⁽" + str(index).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) + "⁾"


def test_the_listed_hypotheses_stay_long_enough_to_be_seen():
    """Issue 20: h⁽⁴⁾–h⁽¹⁰⁾ were shown in 4.7 s: each hypothesis without a sentence of its
    own stays at least a second before the next replaces it."""
    from scenes.classifier import ClassifierScene
    from story_runs import story_with

    class Timed(ClassifierScene):
        def show_candidate(self, j, run_time):
            self.shown_at = getattr(self, "shown_at", [])
            # a hypothesis of a list is one shown while the sentence of another is said
            own = self.timeline.current[1].startswith(f"h{_upper(j + 1)}")
            self.shown_at.append((j, None if not own else "said", float(self.renderer.time)))
            super().show_candidate(j, run_time)

    scene = story_with(Timed)
    times = scene.shown_at
    listed = [(j, t) for j, sentence, t in times if sentence is None]
    assert len(listed) >= 5
    for (j, _, start), (_, _, end) in zip(times, times[1:]):
        if any(j == k for k, _ in listed):
            assert end - start >= 1.0
