"""The noise lesson over the gallery, and the least training error any line reaches.

The least error is checked against brute force (every labelling a line can
give, decided by a linear programme written here) on small sets, degenerate
ones included, and against a dense search over directions (each with its best
threshold), which can only give an upper bound. The lesson's numbers are
checked against the notes' perceptron written out in tests/independent.py.
"""

from __future__ import annotations

import csv
import itertools

import numpy as np
import pytest
from scipy.optimize import linprog

from linviz.dataset import Dataset
from linviz.errors import DataError
from linviz.gallery import gallery, gallery_case
from linviz.least_error import least_training_error
from linviz.lessons import lesson_for
from linviz.lessons.noise import NEAR_BEST, noise_lesson

from independent import reference_perceptron, rounded_score

#: the gallery's 2-D classification cases no line separates: what the noise scene takes
ACCEPTED = ["noisy:0", "noisy:1", "noisy:2", "xor-cloud:0", "xor-cloud:1", "xor-cloud:2",
            "xor:0", "noisy-far", "iris-versicolor-virginica", "iris-versicolor-virginica-std",
            "wine", "wine-std", "breast-cancer", "breast-cancer-std"]
REFUSED = [case.name for case in gallery("classification", 2) if case.name not in ACCEPTED]


# -- independent computations ------------------------------------------------------
def order_for(y) -> str:
    """How the noise scene visits data: a new shuffled order each pass when the labels
    come sorted by class (they change once along the index), else index order."""
    changes = sum(1 for a, b in zip(y[:-1], y[1:]) if a != b)
    return "shuffle" if changes == 1 else "cyclic"


def pass_end_mistakes(X, y, run, tau):
    """Mistakes of the state each pass t = 1..τ of a reference run ends in."""
    ends = {v[0]: (v[4], v[5]) for v in run["visits"]}
    return [mistakes(X, y, *ends[t]) for t in range(1, tau + 1)]


def mistakes(X, y, theta, theta0) -> int:
    """The notes' ≤ 0 rule, point by point (a score within the learner's stated tolerance
    of 0 is 0: independent.rounded_score)."""
    return sum(1 for x, label in zip(X, y) if rounded_score(theta, theta0, x, label) <= 0)


def strictly_realizable(X, labels) -> bool:
    """Some (θ, θ₀) has labels⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≥ 1 for every i (an LP written here)."""
    A = np.hstack([X, np.ones((len(X), 1))])
    result = linprog(np.zeros(3), A_ub=-(labels[:, None] * A), b_ub=-np.ones(len(X)),
                     bounds=[(None, None)] * 3, method="highs")
    return result.status == 0


def brute_force_least(X, y) -> int:
    """min over every labelling a line gives (no point on it) of its disagreements with y."""
    best = len(y)
    for labels in itertools.product((-1.0, 1.0), repeat=len(y)):
        labels = np.array(labels)
        wrong = int(np.sum(labels != y))
        if wrong < best and strictly_realizable(X, labels):
            best = wrong
    return best


def searched_least(X, y, directions=3600) -> int:
    """An upper bound: for each of many unit θ, the best threshold on θᵀx (every cut
    between two sorted projections, either way round)."""
    best = min(int(np.sum(y > 0)), int(np.sum(y < 0)))
    for angle in np.linspace(0, np.pi, directions, endpoint=False):
        theta = np.array([np.cos(angle), np.sin(angle)])
        projections = X @ theta
        order = np.argsort(projections)
        p, labels = projections[order], y[order]
        # cut after position s (only where the projections differ): left −1, right +1
        positives_left = np.concatenate([[0], np.cumsum(labels > 0)])
        negatives_right = np.concatenate([np.cumsum((labels < 0)[::-1])[::-1], [0]])
        cuttable = np.concatenate([[True], p[1:] > p[:-1], [True]])
        up = (positives_left + negatives_right)[cuttable]
        down = (len(y) - up)
        best = min(best, int(up.min()), int(down.min()))
    return best


# -- the least error any line reaches ----------------------------------------------
@pytest.mark.parametrize("seed", range(30))
def test_least_error_is_the_brute_force_minimum_on_small_sets(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 9))
    if seed % 3 == 0:  # on a grid: duplicates with either label, collinear triples
        X = rng.integers(0, 3, size=(n, 2)).astype(float)
    elif seed % 3 == 1:  # all on one line
        X = np.outer(rng.normal(size=n), [1.0, 2.0]) + [0.5, -1.0]
    else:
        X = rng.normal(size=(n, 2))
    y = rng.choice([-1.0, 1.0], size=n)
    least = least_training_error(X, y)
    assert least.mistakes == brute_force_least(X, y)
    assert mistakes(X, y, least.theta, least.theta0) == least.mistakes


@pytest.mark.parametrize("start", [0, 17, 40, 63])
def test_least_error_on_pieces_of_iris_is_the_brute_force_minimum(start):
    """Iris petals lie on a 0.1 cm grid: many duplicates and collinear points."""
    data = gallery_case("iris-versicolor-virginica")()
    X, y = data.X[start:start + 9], data.y[start:start + 9]
    least = least_training_error(X, y)
    assert least.mistakes == brute_force_least(X, y)
    assert mistakes(X, y, least.theta, least.theta0) == least.mistakes


@pytest.mark.parametrize("name", ACCEPTED)
def test_least_error_on_the_gallery_is_reached_and_below_a_dense_search(name):
    data = gallery_case(name)()
    least = least_training_error(data.X, data.y)
    assert mistakes(data.X, data.y, least.theta, least.theta0) == least.mistakes
    searched = searched_least(data.X, data.y, 720 if data.n_samples > 200 else 3600)
    assert least.mistakes <= searched
    # the search is dense: it finds the least, or is one or two points off on big sets
    assert searched - least.mistakes <= (0 if data.n_samples <= 130 else 2)


def test_iris_versicolor_virginica_one_line_gets_three_of_a_hundred_wrong():
    least = least_training_error(*(lambda d: (d.X, d.y))(
        gallery_case("iris-versicolor-virginica")()))
    assert (least.mistakes, least.n) == (3, 100)


# -- the lesson ----------------------------------------------------------------
@pytest.fixture(scope="module", params=ACCEPTED)
def lesson(request):
    return noise_lesson(gallery_case(request.param)())


def test_the_lesson_is_registered():
    assert lesson_for("noise") is noise_lesson


@pytest.mark.parametrize("name", REFUSED)
def test_separable_data_is_refused_in_one_line_naming_the_perceptron_scene(name):
    with pytest.raises(DataError, match="use the perceptron scene") as refused:
        noise_lesson(gallery_case(name)())
    assert "\n" not in str(refused.value)


def test_regression_and_3_d_data_are_refused():
    with pytest.raises(DataError, match="regression"):
        noise_lesson(gallery_case("regression1d:0")())
    X = np.random.default_rng(0).normal(size=(10, 3))
    with pytest.raises(DataError, match="2-D"):
        noise_lesson(Dataset("three", X, np.where(X[:, 0] > 0, 1.0, -1.0)))


def test_every_number_is_the_notes_perceptron(lesson):
    X, y, n = lesson.data.X, lesson.data.y, lesson.data.n_samples
    order = order_for(y)
    assert lesson.visits_shuffled == (order == "shuffle")
    run = reference_perceptron(X, y, lesson.epochs, order=order, seed=0)
    assert not run["converged"]
    states = [(np.zeros(2), 0.0)] + [(v[4], v[5]) for v in run["visits"] if v[3]]
    state_mistakes = [mistakes(X, y, t, t0) for t, t0 in states]
    np.testing.assert_array_equal(lesson.state_mistakes, state_mistakes)
    # the state a pass ends in, and the updates in each pass
    ends = {v[0]: (v[4], v[5]) for v in run["visits"]}
    after_pass = [mistakes(X, y, *ends[t]) for t in range(1, lesson.epochs + 1)]
    updates = [sum(v[3] for v in run["visits"] if v[0] == t) for t in range(1, lesson.epochs + 1)]
    assert lesson.least_mistakes_after_pass == min(after_pass)
    assert lesson.largest_error_after_pass == pytest.approx(max(after_pass) / n)
    np.testing.assert_allclose(lesson.epoch_errors, [1.0] + [m / n for m in after_pass])
    assert lesson.least_updates_in_a_pass == min(updates)
    assert lesson.least_mistakes_any_step == min(state_mistakes[1:])
    # the update with the least error, and the pass it is in
    m = lesson.update_of_least
    assert state_mistakes[m] == min(state_mistakes[1:])
    assert all(k >= min(state_mistakes[1:]) + 1 for k in state_mistakes[1:m])
    update_passes = [v[0] for v in run["visits"] if v[3]]
    assert lesson.pass_of_least == update_passes[m - 1]


def test_the_predicates_say_what_the_numbers_do(lesson):
    X, y, n = lesson.data.X, lesson.data.y, lesson.data.n_samples
    best = brute_force_least(X, y) if n <= 8 else searched_least(X, y, 360)
    assert lesson.best_line.mistakes <= best
    assert lesson.lower_during_a_pass == (min(lesson.state_mistakes[1:])
                                          < min(lesson.state_mistakes[lesson.epoch_states[1:]]))
    assert lesson.reaches_best_line == (min(lesson.state_mistakes[1:])
                                        == lesson.best_line.mistakes)
    gap = min(lesson.state_mistakes[lesson.epoch_states[1:]]) / n - lesson.best_line.error
    assert lesson.after_pass_near_best == (gap <= NEAR_BEST + 1e-9)
    ends = [m / n for m in lesson.state_mistakes[lesson.epoch_states[1:]]]
    near = sum(1 for e in ends if e - lesson.best_line.error <= NEAR_BEST + 1e-9)
    assert lesson.passes_near_best == near and lesson.passes == len(ends)
    assert lesson.near_best == ("every" if near == len(ends) else "some" if near else "none")
    assert lesson.median_error_after_pass == pytest.approx(sorted(ends)[len(ends) // 2]
                                                           if len(ends) % 2 else
                                                           sum(sorted(ends)[len(ends) // 2 - 1:
                                                                            len(ends) // 2 + 1]) / 2)
    flipped = list(lesson.data.params.get("flipped", []))
    assert lesson.has_flipped_labels == bool(flipped)
    if flipped:
        original = y.copy()
        original[flipped] *= -1
        # the line the data was made with misses exactly the flipped points
        assert least_training_error(X, original).mistakes == 0
        assert lesson.flipped_fraction == len(flipped) / n
        assert lesson.best_line_beats_flipped == (lesson.best_line.mistakes < len(flipped))


def test_on_iris_the_lesson_does_not_blame_noise():
    """Issue 20: on Iris the scene blamed noise for 0.50 when one line gets 3 of 100 wrong.
    The 0.50 was the order's: the data comes sorted by class, and visited in index
    order every pass ends at 50 of 100 wrong. The lesson visits it shuffled, and keeps
    the index-order run's number to say."""
    data = gallery_case("iris-versicolor-virginica")()
    X, y = data.X, data.y
    lesson = noise_lesson(data)
    assert not lesson.has_flipped_labels
    assert lesson.best_line.error == pytest.approx(0.03)
    assert lesson.sorted_by_class and lesson.visits_shuffled
    in_order = reference_perceptron(X, y, lesson.epochs)
    shuffled = reference_perceptron(X, y, lesson.epochs, order="shuffle", seed=0)
    assert set(pass_end_mistakes(X, y, in_order, lesson.epochs)) == {50}
    assert lesson.other_order_least_mistakes_after_pass == 50
    assert lesson.least_mistakes_after_pass == min(pass_end_mistakes(X, y, shuffled,
                                                                     lesson.epochs))
    assert lesson.least_error_after_pass <= 0.05 and lesson.after_pass_near_best
    assert lesson.order_raises_pass_error


@pytest.mark.parametrize("name", ACCEPTED)
def test_the_order_is_said_on_data_sorted_by_class(name):
    """Data sorted by class is visited shuffled, and the other order's least error after a
    pass is the reference run's; other data is visited in index order."""
    data = gallery_case(name)()
    X, y = data.X, data.y
    lesson = noise_lesson(data)
    sorted_ = order_for(y) == "shuffle"
    assert lesson.sorted_by_class == sorted_ == lesson.visits_shuffled
    if not sorted_:
        assert lesson.other_order_least_mistakes_after_pass is None
        assert not lesson.order_raises_pass_error
        return
    in_order = min(pass_end_mistakes(X, y, reference_perceptron(X, y, lesson.epochs),
                                     lesson.epochs))
    assert lesson.other_order_least_mistakes_after_pass == in_order
    assert lesson.order_raises_pass_error == (in_order > lesson.least_mistakes_after_pass)
    blocks = lesson.class_blocks
    assert len(blocks) == 2 and blocks[0][0] == 0 and blocks[1][1] == len(y) - 1
    assert all(np.all(y[a:b + 1] == label) for a, b, label in blocks)


@pytest.mark.parametrize("name", ACCEPTED)
def test_the_standardised_runs_error_is_the_notes_perceptron_on_z_scores(name):
    """On data not standardised the lesson also runs the perceptron on z = (x − x̄)/s
    (written out here) and says how low its passes end when that is much lower."""
    data = gallery_case(name)()
    lesson = noise_lesson(data)
    if "standardized" in data.params:
        assert lesson.standardized_least_mistakes_after_pass is None
        assert not lesson.standardizing_lowers_error
        return
    X, y = data.X, data.y
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    run = reference_perceptron(Z, y, lesson.epochs, order=order_for(y), seed=0)
    least = min(pass_end_mistakes(Z, y, run, lesson.epochs))
    assert lesson.standardized_least_mistakes_after_pass == least
    n = len(y)
    own = min(pass_end_mistakes(X, y, reference_perceptron(X, y, lesson.epochs,
                                                           order=order_for(y), seed=0),
                                lesson.epochs))
    assert lesson.standardizing_lowers_error == (
        own / n - lesson.best_line.error > NEAR_BEST + 1e-9 and (own - least) / n > NEAR_BEST)


def test_on_raw_wine_the_scene_says_standardising_helps(tmp_path):
    """Raw wine (alcohol about 13, flavanoids about 2): the passes end at 0.22 at best
    beside the best line's 0.054; standardised they end at 0.062. The scene says so
    (the number recomputed here) instead of leaving "far above it" unexplained."""
    import re

    from scenes.noise import NoiseScene
    from story_runs import story_with

    data = gallery_case("wine")()
    scene = story_with(NoiseScene, data_spec=write_csv(tmp_path / "wine.csv", data),
                       standardize=False)  # --raw: by default the scene standardises it
    X, y = scene.data.X, scene.data.y
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    run = reference_perceptron(Z, y, scene.epochs, order="shuffle", seed=0)
    least = min(pass_end_mistakes(Z, y, run, scene.epochs)) / len(y)
    said = " ".join(scene.narration)
    (value,) = re.findall(r"Standardised \(--standardize: each feature centred, variance 1\), "
                          r"its passes end as low as (\d\.\d+)", said)
    assert float(value) == pytest.approx(least, abs=0.0006)
    assert "far above it" in said


def test_a_saved_run_in_index_order_on_sorted_data_is_told_as_such(tmp_path):
    """A saved trace in index order on Iris is played as it is: the scene says the order
    and what the shuffled run reaches, and never blames noise."""
    from linviz.perceptron import Perceptron
    from scenes.noise import NoiseScene
    from story_runs import story_with

    data = gallery_case("iris-versicolor-virginica")()
    trace = Perceptron(epochs=30, offset=True).fit(data).trace_
    lesson = noise_lesson(data, trace=trace)
    assert lesson.sorted_by_class and not lesson.visits_shuffled
    shuffled = reference_perceptron(data.X, data.y, 30, order="shuffle", seed=0)
    assert lesson.other_order_least_mistakes_after_pass == min(
        pass_end_mistakes(data.X, data.y, shuffled, 30))
    path = tmp_path / "run.json"
    trace.save(path)
    scene = story_with(NoiseScene, trace_file=str(path))
    said = " ".join(scene.narration)
    assert "This run visits them in that order" in said
    assert "The order keeps it there" in said
    assert "noise" not in said.lower()


def test_a_saved_trace_is_played_and_a_foreign_one_refused():
    from linviz.perceptron import Perceptron
    from linviz.best_of_k import BestOfK

    data = gallery_case("noisy:1")()
    trace = Perceptron(epochs=12, offset=True).fit(data).trace_
    lesson = noise_lesson(data, trace=trace)
    assert lesson.trace is trace and lesson.epochs == 12
    with pytest.raises(DataError, match="perceptron run with offset"):
        noise_lesson(data, trace=BestOfK(k=3).fit(data).trace_)


# -- what the scene says (its whole story, without drawing) -------------------------
def write_csv(path, data) -> str:
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["a", "b", "class"])
        for x, label in zip(data.X, data.y):
            writer.writerow([repr(float(x[0])), repr(float(x[1])), "yes" if label > 0 else "no"])
    return str(path)


@pytest.fixture(scope="module")
def default_story():
    from story_runs import story

    return story("noise", None, 0)


@pytest.fixture(scope="module")
def iris_story(tmp_path_factory):
    from scenes.noise import NoiseScene
    from story_runs import story_with

    path = write_csv(tmp_path_factory.mktemp("iris") / "iris-vv.csv",
                     gallery_case("iris-versicolor-virginica")())
    return story_with(NoiseScene, data_spec=path)


def test_never_below_is_said_only_of_what_no_state_went_below(default_story, iris_story):
    """Issue 20: "the training error never went below 0.17" (the least after a pass;
    during the run it reached 0.10)."""
    import re

    for scene in (default_story, iris_story):
        X, y = scene.data.X, scene.data.y
        run = reference_perceptron(X, y, scene.epochs, order=order_for(y), seed=0)
        every_state = [mistakes(X, y, v[4], v[5]) / len(y) for v in run["visits"] if v[3]]
        pass_ends = [mistakes(X, y, *[(v[4], v[5]) for v in run["visits"] if v[0] == t][-1])
                     / len(y) for t in range(1, scene.epochs + 1)]
        for sentence in scene.narration:
            for match in re.finditer(r"training error (?:never went|was never) below (\d\.\d+)",
                                     sentence):
                bound = float(match.group(1))
                if "after a pass" in sentence[:match.start()]:
                    assert min(pass_ends) == pytest.approx(bound, abs=0.006)
                else:
                    assert min(every_state) >= bound - 0.006
            for match in re.finditer(r"during pass (\d+) it got down to (\d\.\d+)", sentence):
                assert min(every_state) == pytest.approx(float(match.group(2)), abs=0.0006)
                assert min(every_state) < min(pass_ends)


def test_on_iris_the_order_is_said_not_noise(iris_story):
    """Issue 20: on Iris (sorted by class) every pass ended at 0.50 because of the order,
    and the scene never said so. Now it says the data's order, the index-order runs'
    least error after a pass (from the notes' loop here), that it shuffles, and no
    sentence names noise."""
    import re

    X, y = iris_story.data.X, iris_story.data.y
    said = " ".join(iris_story.narration)
    negative, positive = iris_story.data.label_names
    assert (f"They come sorted by class: points 1–50 are {negative} (−1), 51–100 are "
            f"{positive} (+1).") in said
    assert [y[0], y[49], y[50], y[99]] == [-1, -1, 1, 1]
    assert "each pass would end after a whole class, and the error after a pass would tell " \
        "the order, not the data" in said
    in_order = pass_end_mistakes(X, y, reference_perceptron(X, y, iris_story.epochs),
                                 iris_story.epochs)
    numbers = re.findall(r"in that order no pass ends below (\d\.\d+); shuffled, as low as "
                         r"(\d\.\d+)", said)
    # the numbers are said exactly when the index order does end worse than shuffled
    shuffled = iris_story.noise.least_error_after_pass
    assert bool(numbers) == (min(in_order) / len(y) > shuffled + 1e-12)
    if numbers:
        assert float(numbers[0][0]) == pytest.approx(min(in_order) / len(y))
        assert float(numbers[0][1]) == pytest.approx(shuffled)
    assert "So each pass here visits them in a new shuffled order (seed 0)." in said
    assert "noise" not in said.lower()
    assert re.search(r"Pass 2\d visits the points in a new shuffled order|Pass 1 visits the "
                     r"points in a shuffled order", said)


def test_the_best_line_is_said_beside_the_perceptrons(default_story, iris_story):
    """Issue 20: the least error any line reaches, beside the perceptron's; noise is
    blamed only for flipped labels."""
    import re

    for scene in (default_story, iris_story):
        X, y = scene.data.X, scene.data.y
        (match,) = [m for s in scene.narration for m in re.finditer(
            r"The best any line does on these points(?: \(dashed, green\))? is (\d+) of (\d+) wrong, ℰₙ = (\d\.\d+); "
            r"(the perceptron's passes end far above it|every pass of the perceptron ends "
            r"within 0\.05 of it|\d+ of the perceptron's \d+ passes end within 0\.05 of it)", s)]
        assert int(match.group(2)) == len(y)
        assert int(match.group(1)) == searched_least(X, y, 3600)
        flipped = bool(scene.data.params.get("flipped"))
        # noise is blamed only for flipped labels, and only when no line beats the labels'
        # own line (else a line does better, and the perceptron's never settling is the
        # point: the review of the key frames)
        beats_flipped = flipped and scene.noise.best_line.mistakes < len(scene.noise.flipped)
        assert any("cannot model noise" in s for s in scene.narration) == (
            flipped and not beats_flipped)
        assert any("A line can do better than the line the labels came from" in s
                   for s in scene.narration) == beats_flipped
    assert not iris_story.data.params.get("flipped")


def test_each_pass_has_one_rest_of_pass_caption(default_story):
    """Issue 20: "The rest of pass 1, faster" was said twice."""
    rests = [s.split(",")[0] for s in default_story.narration if s.startswith("The rest of pass")]
    assert rests and len(rests) == len(set(rests))


def test_point_numbers_leave_with_the_explained_updates(default_story):
    """Issue 20: the numbers of the points the captions named stayed on screen."""
    numbers = default_story.point_numbers
    family = {id(m) for m in default_story.get_mobject_family_members()}
    for still in default_story.still_drawings:
        family.update(id(m) for m in still.get_family())
    assert not any(id(label) in family for label in numbers.numbers.values())


def test_the_scene_plays_a_saved_trace_through_its_lesson(tmp_path):
    """--trace keeps working: the scene's lesson is made from the saved run, on its data."""
    from linviz import make_builtin
    from linviz.perceptron import Perceptron
    from scene_helpers import built_scene
    from scenes.noise import NoiseScene

    trace = Perceptron(epochs=12, offset=True).fit(make_builtin("noisy", 1)).trace_
    path = tmp_path / "run.json"
    trace.save(path)
    scene = built_scene(NoiseScene, tmp_path / "media", trace_file=str(path))
    assert scene.noise.epochs == 12 and scene.trace.n_steps == 12 * trace.data.n_samples
    np.testing.assert_array_equal(scene.trace.states["theta"], trace.states["theta"])
    assert len(scene.epoch_errors) == 13


# -- the counts the captions say, beat by beat (issue 20, noise and xor) ---------------
def told_counts(narration):
    """The update counts of a pass-by-pass telling, parsed from its captions in order.

    Returns (passes, skips): ``passes[t]`` = (the count the caption of pass t says, [the
    counts of its parts, in order, each with its kind: "explained", "rest" (to the pass's
    end), "part", "skip"]);
    ``skips`` = [(first pass or None, last pass or None, count)] of fast-forwards over
    passes (or over a number of updates said without passes)."""
    import re

    passes, skips, current = {}, [], None
    for sentence in narration:
        if m := re.match(r"Pass (\d+) visits the points.*?(\d+) mistakes?", sentence):
            current = int(m.group(1))
            assert current not in passes, f"pass {current} told twice"
            passes[current] = (int(m.group(2)), [])
        elif m := re.match(r"Pass (\d+): all \d+ points are classified correctly", sentence):
            current = int(m.group(1))
            passes[current] = (0, [])
        elif re.match(r"Point \d+, label [+−]1: score .*a mistake", sentence):
            passes[current][1].append((1, "explained"))
        elif re.match(r"Update \d+: point \d+( \(label [+−]1\))?, y·score", sentence):
            passes[current][1].append((1, "one"))
        elif m := re.match(r"Played quickly, (all of )?pass (\d+): (\d+) updates?", sentence):
            assert int(m.group(2)) == current
            passes[current][1].append((int(m.group(3)), "rest" if m.group(1) else "part"))
        elif m := re.match(r"The rest of pass (\d+), faster: (\d+) more updates?", sentence):
            assert int(m.group(1)) == current
            passes[current][1].append((int(m.group(2)), "rest"))
        elif m := re.match(r"The rest of pass (\d+): no more mistakes", sentence):
            passes[current][1].append((0, "rest"))
        elif m := re.match(r"Pass (\d+) goes on, faster: (\d+) more updates?", sentence):
            assert int(m.group(1)) == current
            passes[current][1].append((int(m.group(2)), "part"))
        elif m := re.match(r"Fast forward (to the end of|through) pass (\d+): (\d+) more "
                           r"updates?", sentence):
            assert int(m.group(2)) == current
            passes[current][1].append((int(m.group(3)), "skip"))
        elif m := re.match(r"Fast forward over passes (\d+) (?:to|and) (\d+)\D*?([\d,]+) "
                           r"updates?", sentence):
            skips.append((int(m.group(1)), int(m.group(2)), int(m.group(3).replace(",", ""))))
            current = None
        elif m := re.match(r"Fast forward over pass (\d+): ([\d,]+) updates?", sentence):
            skips.append((int(m.group(1)), int(m.group(1)), int(m.group(2).replace(",", ""))))
            current = None
        elif m := re.match(r"So (?:pass (\d+)|passes (\d+) (?:and|to) (\d+)) repeats? .*?: "
                           r"([\d,]+) more updates?", sentence):
            first = int(m.group(1) or m.group(2))
            last = int(m.group(1) or m.group(3))
            skips.append((first, last, int(m.group(4).replace(",", ""))))
            current = None
        elif m := re.match(r"Fast forward over ([\d,]+) more updates?", sentence):
            skips.append((None, None, int(m.group(1).replace(",", ""))))
            current = None
    return passes, skips


def story_of(scene_name: str, spec: str, seed: int = 0, tmp=None):
    """The whole story of ``scene_name`` on a gallery case ("iris…" goes through a CSV)."""
    from story_runs import story, story_with

    if spec.startswith(("iris", "breast")):
        from scenes.noise import NoiseScene
        from scenes.xor import XorScene

        path = write_csv(tmp / f"{spec}.csv", gallery_case(spec)())
        return story_with({"noise": NoiseScene, "xor": XorScene}[scene_name], data_spec=path)
    return story(scene_name, None if spec == "default" else spec, seed)


COUNT_CASES = [("xor", "default", 0), ("xor", "xor-cloud", 2), ("xor", "xor-cloud", 0),
               ("noise", "default", 0), ("noise", "xor-cloud", 2),
               ("noise", "iris-versicolor-virginica", 0), ("noise", "breast-cancer-std", 0)]


@pytest.mark.parametrize("case", COUNT_CASES, ids=lambda c: f"{c[0]}[{c[1]}:{c[2]}]")
def test_the_counts_said_never_overlap_and_add_up_to_the_runs_updates(case, tmp_path):
    """Issue 20: a pass's captions said 3 + 20 + 2 = 25 updates of a pass that made 23
    (xor-cloud:2), 14 + 12 + 303 + 11 = 340 of 327 (noise), and pass 30's telling began
    mid-pass. Every count said is the updates of the beats it stands over: a pass's
    parts add up to no more than the pass (exactly, explained ones and "the rest"),
    each pass is told once or skipped in a fast-forward over whole passes, and the
    passes' and fast-forwards' counts add up to M of the notes' perceptron."""
    scene_name, spec, seed = case
    scene = story_of(scene_name, spec, seed, tmp_path)
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs, order=order_for(y), seed=0)
    per_pass = {t: sum(v[3] for v in run["visits"] if v[0] == t)
                for t in range(1, run["epochs"] + 1)}
    passes, skips = told_counts(scene.narration)
    assert passes
    for t, (count, parts) in passes.items():
        assert count == per_pass[t], f"pass {t} said {count}, made {per_pass[t]}"
        # the parts (updates played without a caption of their own may lie between them)
        assert sum(part for part, _ in parts) <= count, \
            f"pass {t}: parts {parts} say more than its {count}"
        if parts and parts[-1][1] == "rest":
            # explained updates, then "the rest": exactly the pass
            assert sum(part for part, _ in parts) == count, f"pass {t}: {parts} of {count}"
    covered = sorted(passes)
    for first, last, count in skips:
        assert first is not None, "a fast forward over updates said without its passes"
        assert count == sum(per_pass[t] for t in range(first, last + 1))
        covered.extend(range(first, last + 1))
    assert sorted(covered) == list(range(1, run["epochs"] + 1))
    assert (sum(count for count, _ in passes.values()) + sum(c for *_, c in skips)
            == run["updates"])


def test_the_panel_pairs_each_theta_with_its_own_signed_score_in_noise(default_story):
    """Issue 20: noise's panel paired the old y·score y(θᵀx + θ₀) with the new θ
    after an update (xor fixed it; noise inherited the perceptron scene's panel)."""
    scene = default_story
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs, order=order_for(y), seed=0)
    updates = [(k, v) for k, v in enumerate(run["visits"], start=1) if v[3]]
    for k, (_, i, _, _, theta, theta0) in updates[:40] + updates[-5:]:
        scene.tracker.set_value(k)
        scene.update_visit_counters()
        scene.update_state_counters()
        assert scene.score.value == pytest.approx(y[i] * (X[i] @ theta + theta0))


def test_the_least_errors_are_said_apart_when_they_differ(tmp_path):
    """Issue 20: breast cancer (standardised) said "never below 0.11, though during pass 27
    it got down to 0.11" (63/569 and 60/569)."""
    import re

    scene = story_of("noise", "breast-cancer-std", 0, tmp_path)
    X, y = scene.data.X, scene.data.y
    run = reference_perceptron(X, y, scene.epochs, order=order_for(y), seed=0)
    every_state = min(mistakes(X, y, v[4], v[5]) for v in run["visits"] if v[3])
    pass_ends = min(mistakes(X, y, *[(v[4], v[5]) for v in run["visits"] if v[0] == t][-1])
                    for t in range(1, scene.epochs + 1))
    assert every_state < pass_ends
    ((after, during),) = [m.groups() for s in scene.narration for m in re.finditer(
        r"never below (\d\.\d+), though during pass \d+ it got down to (\d\.\d+)", s)]
    assert after != during
    assert float(after) == pytest.approx(pass_ends / len(y), abs=0.5 * 10 ** -len(after[2:]))
    assert float(during) == pytest.approx(every_state / len(y),
                                          abs=0.5 * 10 ** -len(during[2:]))


def test_on_iris_the_passes_near_the_best_line_are_counted(iris_story):
    """Review: on Iris versicolor/virginica "the perceptron's passes end near it" while
    most passes ended at 0.10 to 0.5 beside the best line's 0.03. The scene now says how
    many of the τ passes end within NEAR_BEST of it, and the median pass's error, both
    recomputed here from the notes' perceptron (shuffled, seed 0)."""
    import re

    scene = iris_story
    X, y, n = scene.data.X, scene.data.y, len(scene.data.y)
    run = reference_perceptron(X, y, scene.epochs, order="shuffle", seed=0)
    ends = np.array(pass_end_mistakes(X, y, run, scene.epochs)) / n
    best = searched_least(X, y, 3600) / n
    said = " ".join(scene.narration)
    assert "passes end near it" not in said
    (match,) = re.findall(r"(\d+) of the perceptron's (\d+) passes end within 0\.05 of it, the "
                          r"median pass at (\d\.\d+): it never settles", said)
    assert int(match[1]) == len(ends) == scene.epochs
    assert int(match[0]) == int(np.sum(ends - best <= 0.05 + 1e-9)) < len(ends)
    assert float(match[2]) == pytest.approx(float(np.median(ends)), abs=0.006)


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
@pytest.mark.parametrize("standardized", [False, True], ids=["raw", "standardised"])
def test_the_line_the_labels_came_from_is_the_generators(seed, standardized):
    """The dashed line the scene draws as "the line the data was made with": the
    generator's normal at 120° and offset 0.3, carried to standardised coordinates; it
    separates the labels before the flips with the generator's margin 0.2 (in the raw
    units, where the distance is measured), and misses exactly the flipped points."""
    from linviz import make_builtin
    from linviz.transforms import standardize

    raw = make_builtin("noisy", seed=seed)
    data = standardize(raw) if standardized else raw
    lesson = noise_lesson(data)
    theta, theta0 = lesson.labelling_line
    flipped = np.array(raw.params["flipped"])
    original = raw.y.copy()
    original[flipped] *= -1
    # the same line in raw units: u = (cos 120°, sin 120°), b = 0.3, up to a positive factor
    angle = np.radians(120.0)
    u = np.array([np.cos(angle), np.sin(angle)])
    raw_values = raw.X @ u + 0.3
    assert np.all(original * raw_values >= 0.2)
    np.testing.assert_allclose(data.X @ theta + theta0, raw_values, rtol=1e-12, atol=1e-12)
    assert sorted(np.flatnonzero(data.y * (data.X @ theta + theta0) <= 0)) == sorted(flipped)


def test_no_labelling_line_is_drawn_where_the_data_has_none():
    """Real data records no line it was labelled with: the scene draws none and says no
    "(dashed)" of it."""
    from linviz.lessons.noise_story import noise_storyboard

    lesson = noise_lesson(gallery_case("iris-versicolor-virginica")())
    assert lesson.labelling_line is None
    board = noise_storyboard(lesson)
    assert not any(beat.state["labelling_line"] for beat in board.beats)
    assert not any("made with (dashed)" in beat.sentence for beat in board.beats)
