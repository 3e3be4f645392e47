"""``linviz.render`` from a notebook: X and y arrays as scikit-learn takes them, or a
DataFrame, rendered as the command line renders (the same data options), the file's path
returned and shown inline."""

from __future__ import annotations

import numpy as np
import pytest

import linviz


@pytest.fixture(scope="module")
def iris():
    from sklearn.datasets import load_iris

    return load_iris()


def test_arrays_render_and_show_inline(iris, tmp_path):
    """Versicolor against virginica by petal length and width: the noise scene's last
    frame, the file's path returned, and an image a notebook shows."""
    keep = iris.target > 0
    X = iris.data[keep][:, 2:4]
    y = iris.target_names[iris.target[keep]]
    video = linviz.render("noise", X=X, y=y, features=["petal length (cm)", "petal width (cm)"],
                          classes=["versicolor", "virginica"], file_format="png",
                          out=tmp_path)
    assert video == tmp_path / "noise.png" and video.is_file()
    assert video.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert video._repr_html_().startswith('<img src="data:image/png;base64,iVBORw0KGgo')


def test_a_data_frame_with_its_own_names(iris, tmp_path):
    """A DataFrame with the species as text, three classes: --classes and --features as on
    the command line, by the frame's own column names."""
    pandas = pytest.importorskip("pandas")  # the notebook extra; the test extra has it
    frame = pandas.DataFrame(iris.data, columns=iris.feature_names)
    frame["species"] = iris.target_names[iris.target]
    video = linviz.render("logistic", frame, label="species",
                          features=["petal length", "petal width"],
                          classes=["versicolor", "virginica"], file_format="png", out=tmp_path)
    assert video.is_file()


def test_bad_data_is_one_line_naming_the_arrays(tmp_path):
    """Data no line separates, given to the perceptron scene: the command line's message,
    naming the arrays (not a temporary file), and nothing written."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([1, 1, -1, -1])
    with pytest.raises(linviz.LinvizError) as refused:
        linviz.render("perceptron", X=X, y=y, out=tmp_path)
    message = str(refused.value)
    assert "\n" not in message and "not separable" in message and "noise" in message
    assert "the arrays X, y" in message or "X-y" in message
    assert list(tmp_path.iterdir()) == []


def test_x_and_y_must_agree():
    with pytest.raises(linviz.DataError, match=r"X must be \(n, d\) and y \(n,\)"):
        linviz.render("noise", X=np.zeros((5, 2)), y=np.zeros(4))
