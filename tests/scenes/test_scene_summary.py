"""The summary table: its rows, and pictures drawn live from the engine."""

from __future__ import annotations

import numpy as np
import pytest

from manim import DL, UR, config

from linviz import Perceptron, make_builtin
from scenes.toolkit import style
from scenes.summary import ROWS, SummaryScene, logistic_thumbnail, regression_thumbnail

from scene_helpers import tiny_dry_run, variant


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_whole_scene_shows_every_row_with_its_engine_result(tmp_path, theme_name):
    with tiny_dry_run(tmp_path):
        scene = variant(SummaryScene, theme_name=theme_name)()
        scene.renderer._original_skipping_status = True
        scene.render()
    assert len(scene.rows) == len(ROWS) == 3
    on_screen = {id(m) for m in scene.get_mobject_family_members()}
    for still in scene.still_drawings:
        on_screen.update(id(m) for m in still.get_family())
    for row, picture in zip(scene.rows, scene.thumbnails):
        # the row's cells, result and thumbnail came in one by one: each is on screen
        assert all(id(part) in on_screen for part in row.family_members_with_points())
        # each picture is scaled to the table's row height and sits in its own row
        assert picture.height == pytest.approx(style.THUMBNAIL_HEIGHT)
        assert picture in row.get_family()
    # the table fits the frame
    assert np.all(np.abs(scene.table.get_corner(UR)[:2]) <= [config.frame_width / 2,
                                                             config.frame_height / 2])
    assert np.all(np.abs(scene.table.get_corner(DL)[:2]) <= [config.frame_width / 2,
                                                             config.frame_height / 2])
    perceptron = Perceptron(epochs=100).fit(make_builtin("separable")).trace_.result
    assert f"M = {perceptron['updates']} updates" in scene.narration[1]
    data = make_builtin("regression1d")
    x = data.X[:, 0]
    w, *_ = np.linalg.lstsq(np.column_stack([np.ones_like(x), x]), data.y, rcond=None)
    loss = np.mean((w[0] + w[1] * x - data.y) ** 2)
    assert f"{loss:.3f}" in scene.narration[3]


def independent_logistic(X, y, steps):
    """θ, θ₀ and the loss after ``steps`` full-batch steps of η = 4n/λ_max(X̃ᵀX̃) (= 1/β)."""
    design = np.column_stack([X, np.ones(len(X))])
    lr = 4 * len(X) / np.linalg.eigvalsh(design.T @ design).max()
    w = np.zeros(3)
    for _ in range(steps):
        w = w - lr * design.T @ (-y / (1 + np.exp(y * (design @ w)))) / len(y)
    return w[:2], w[2], np.mean(np.log1p(np.exp(-y * (design @ w))))


def test_logistic_picture_is_the_final_state_of_gradient_descent():
    from linviz.lessons.summary import summary_lesson
    from scenes.toolkit.style import DARK
    from linviz.lessons.summary_story import row_results

    lesson = summary_lesson(0)
    picture, caption = logistic_thumbnail(DARK, lesson), row_results(lesson)[2]
    field = picture[3]
    data = make_builtin("noisy")
    theta, theta0, loss = independent_logistic(data.X, data.y, 120)
    i, j = 20, 70
    centre = np.array([field.x1_values[j], field.x2_values[i]])
    p = 1 / (1 + np.exp(-(centre @ theta + theta0)))
    assert field.probabilities[i, j] == pytest.approx(p)
    assert f"{loss:.3f}" in caption


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_regression_picture_draws_the_least_squares_line(seed):
    """The drawn line is the least-squares line over the data's x range, whole: its slope on
    screen is the fitted one (seed 3: it was 0.72 against 0.89, cut by the box in y)."""
    from linviz.lessons.summary import summary_lesson
    from scenes.toolkit.style import LIGHT
    picture = regression_thumbnail(LIGHT, summary_lesson(seed))
    plane, dots, line = picture
    data = make_builtin("regression1d", seed=seed)
    x = data.X[:, 0]
    (w0, w1), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(x), x]), data.y, rcond=None)
    ends = np.array([plane.p2c(point) for point in line.get_anchors()])
    for a, b in ends:
        assert b == pytest.approx(w0 + w1 * a, abs=1e-9)
        assert plane.box.contains(np.array([[a, b]]))[0]
    assert ends[:, 0].min() == pytest.approx(x.min()) and ends[:, 0].max() == pytest.approx(x.max())
    assert len(dots) == data.n_samples


def test_the_arc_never_says_logistic_regression_fixes_xor(tmp_path):
    """On XOR the best line's logistic loss (solved here by scipy) is log 2: the arc says that
    only the feature map separates XOR, and never lists XOR among what logistic regression
    handles."""
    from scipy.optimize import minimize

    with tiny_dry_run(tmp_path):
        scene = variant(SummaryScene)()
        scene.renderer._original_skipping_status = True
        scene.render()
    xor = make_builtin("xor")
    design = np.column_stack([xor.X, np.ones(len(xor.X))])
    best = minimize(lambda w: np.mean(np.log1p(np.exp(-xor.y * (design @ w)))), np.ones(3)).fun
    (why,) = [s for s in scene.narration if s.startswith("That is why logistic")]
    assert "XOR" not in why
    (at,) = [k for k, s in enumerate(scene.narration) if s.startswith("On XOR")]
    sentence = scene.narration[at]
    assert best == pytest.approx(np.log(2), abs=1e-6)  # the log 2 said
    assert sentence.endswith("only the feature map x₁x₂ makes XOR separable.")
    assert best > 0.9 * np.log(2)
    # "exactly 0" and "L* = log 2" (it said "settles too … about log 2"): the gradient at
    # θ = 0, −(1/n) Σ y x̃ σ(0), is 0 on the four corners, and the loss is convex
    gradient_at_zero = -(xor.y[:, None] * design).mean(axis=0) / 2
    assert np.array_equal(gradient_at_zero == 0, np.ones(3, dtype=bool))
    assert "at θ = 0 is exactly 0, so L* = log 2" in sentence and "settles" not in sentence


def test_table_text_sits_on_common_baselines(tmp_path):
    """Cells without descenders or mathematics (their bottom is the baseline) end at the same
    height in each row and in the header, whatever the height of their neighbours."""
    with tiny_dry_run(tmp_path):
        scene = variant(SummaryScene)()
        scene.renderer._original_skipping_status = True
        scene.render()
    from scenes.summary import HEADER

    plain = lambda words: not set(words) & set("gjpqy$,()")  # noqa: E731
    rows = [(HEADER[:4], scene.header[:4])] + [(words, row[:4]) for words, row in
                                               zip(ROWS, scene.rows)]
    checked = 0
    for words, cells in rows:
        bottoms = [cell.get_bottom()[1] for w, cell in zip(words, cells) if plain(w)]
        if len(bottoms) >= 2:
            assert max(bottoms) - min(bottoms) < 0.01
            checked += len(bottoms)
    assert checked >= 5  # the header's three and the first row's two


@pytest.mark.parametrize("seed", [0, 1])
def test_the_curvature_bound_is_called_beta_not_l_like_the_loss(seed):
    """The summary said "η = 1/L" while its table shows "L = 0.382" as the logistic loss;
    the logistic scene calls the curvature bound β. Now no caption says 1/L, the arc says
    η = 1/β with β's value (λ_max(X̃ᵀX̃)/(4n) by numpy here, on the logistic row's data),
    and the table's logistic row names η = 1/β."""
    import re

    from story_runs import story

    scene = story("summary", None, seed)
    text = " ".join(scene.narration)
    assert "1/L" not in text
    data = make_builtin("noisy", seed=seed)
    design = np.column_stack([data.X, np.ones(len(data.X))])
    beta = np.linalg.eigvalsh(design.T @ design).max() / (4 * len(data.X))
    (claim,) = re.findall(r"η = 1/β heads for it \(β = (\S+) bounds the loss's curvature\)",
                          text)
    places = len(claim.split(".")[1]) if "." in claim else 0
    assert abs(float(claim) - beta) <= 0.5 * 10.0 ** -places + 1e-12  # β rounded as shown
    logistic_row = next(row for row in ROWS if row[0] == "Logistic regression")
    assert "beta" in logistic_row[-1]
