"""The summary table: its rows, and pictures drawn live from the engine."""

from __future__ import annotations

import numpy as np
import pytest

from manim import DL, UR, config

from linviz import LinearRegression, LogisticRegression, Perceptron, make_builtin
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
    for row, picture in zip(scene.rows, scene.thumbnails):
        assert row in scene.mobjects
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


def test_logistic_picture_is_the_final_state_of_gradient_descent():
    from scenes.logistic import LogisticScene
    from scenes.toolkit.style import DARK
    picture, caption = logistic_thumbnail(DARK, 0)
    field = picture[3]
    model = LogisticRegression(lr=LogisticScene.lr, steps=LogisticScene.steps).fit(
        make_builtin("noisy"))
    i, j = 20, 70
    centre = np.array([field.x1_values[j], field.x2_values[i]])
    p = 1 / (1 + np.exp(-(centre @ model.theta_ + model.theta0_)))
    assert field.probabilities[i, j] == pytest.approx(p)
    assert f"{model.loss_:.3f}" in caption


def test_regression_picture_draws_the_least_squares_line():
    from scenes.toolkit.style import LIGHT
    picture, _ = regression_thumbnail(LIGHT, 0)
    plane, dots, line = picture
    data = make_builtin("regression1d")
    theta, theta0 = LinearRegression().fit(data).closed_form_
    for point in line.get_anchors():
        a, b = plane.p2c(point)
        assert b == pytest.approx(np.clip(theta[0] * a + theta0, plane.box.y_min,
                                          plane.box.y_max), abs=1e-9)
    assert len(dots) == data.n_samples


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
