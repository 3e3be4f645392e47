"""The gallery of data sets the lessons are tested on; the transforms a lecturer applies
(--features, --standardize); column names carried from a CSV into a trace."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.csv_loader import load_csv
from linviz.errors import DataError
from linviz.gallery import GALLERY, gallery, gallery_case
from linviz.theory import is_separable
from linviz.trace import Trace
from linviz.perceptron import Perceptron
from linviz.transforms import column_names, select_features, standardize


def test_the_gallery_has_real_and_awkward_data_of_both_tasks():
    names = {case.name for case in GALLERY}
    assert len(GALLERY) >= 12
    assert {"iris-sepal", "iris-petal-std", "diabetes-bmi", "separable-thrice",
            "separable-tiny-class", "separable-far"} <= names
    assert len(gallery("regression")) >= 4 and len(gallery("classification")) >= 12


def test_real_data_is_what_scikit_learn_ships():
    sklearn = pytest.importorskip("sklearn.datasets")
    iris = sklearn.load_iris()
    data = gallery_case("iris-petal")()
    keep = iris.target < 2
    np.testing.assert_array_equal(data.X, iris.data[keep][:, 2:4])
    np.testing.assert_array_equal(data.y, np.where(iris.target[keep] == 1, 1.0, -1.0))
    assert data.label_names == ("setosa", "versicolor")
    assert data.feature_names == ("petal length (cm)", "petal width (cm)")
    # the count: 100 points, 58 distinct places
    assert len(np.unique(data.X, axis=0)) == 58
    # separable with an offset, not through the origin (every point in the first quadrant)
    assert is_separable(data.X, data.y, offset=True)
    assert not is_separable(data.X, data.y, offset=False)


def test_wine_classes_are_named_as_its_description_names_them():
    sklearn = pytest.importorskip("sklearn.datasets")
    wine = sklearn.load_wine()
    assert list(wine.target_names) == ["class_0", "class_1", "class_2"]  # placeholders
    assert "by three different cultivators" in " ".join(wine.DESCR.split())
    data = gallery_case("wine")()
    keep = wine.target < 2
    np.testing.assert_array_equal(data.y, np.where(wine.target[keep] == 1, 1.0, -1.0))
    # −1 is class_0, +1 class_1: numbered from 1
    assert data.label_names == ("cultivator 1", "cultivator 2")


def test_standardize_gives_mean_0_and_variance_1_and_keeps_the_way_back():
    data = gallery_case("iris-sepal")()
    z = standardize(data)
    np.testing.assert_allclose(z.X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(z.X.var(axis=0), 1, rtol=1e-12)
    info = z.params["standardized"]
    np.testing.assert_allclose(np.array(info["mean"]) + np.array(info["scale"]) * z.X, data.X)
    assert z.feature_names == data.feature_names and np.array_equal(z.y, data.y)


def test_standardize_refuses_a_constant_column_in_one_line():
    data = gallery_case("separable:0")()
    from dataclasses import replace
    flat = replace(data, X=np.column_stack([data.X[:, 0], np.full(data.n_samples, 3.0)]))
    with pytest.raises(DataError, match="feature 'x2' .* is constant"):
        standardize(flat)


def test_select_features_by_name_or_number_in_the_order_given(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_text("a,b,c,kind\n1,2,3,cat\n4,5,6,dog\n7,8,9,cat\n")
    data = load_csv(path)
    assert data.feature_names == ("a", "b", "c")
    picked = select_features(data, ["c", "1"])
    np.testing.assert_array_equal(picked.X, [[3, 1], [6, 4], [9, 7]])
    assert picked.feature_names == ("c", "a") and picked.params["features"] == ["c", "a"]
    with pytest.raises(DataError, match=r"no feature column 'z' \(its features: 'a', 'b', 'c'\)"):
        select_features(data, ["a", "z"])
    with pytest.raises(DataError, match="named twice"):
        select_features(data, ["a", "1"])


def test_unnamed_columns_are_x1_x2():
    assert column_names(gallery_case("separable:0")()) == ("x1", "x2")


def test_feature_names_survive_a_trace_round_trip(tmp_path):
    data = gallery_case("iris-petal")()
    trace = Perceptron(epochs=3, offset=True).fit(data).trace_
    path = tmp_path / "run.json"
    trace.save(path)
    assert Trace.load(path).data == data
    regression = gallery_case("diabetes-bmi")()
    assert regression.target_name == "disease progression"


def test_a_standardised_cases_csv_does_not_keep_the_units_of_the_raw_data():
    """Review (margin on iris-petal-std): the axes said "petal length (cm)" over values in
    standard deviations. The file's header says what the values are."""
    import csv
    import io

    import numpy as np
    import pytest

    from linviz.gallery import csv_text, gallery_case

    case = gallery_case("iris-petal-std")
    if case.real:
        pytest.importorskip("sklearn")
    rows = list(csv.reader(io.StringIO(csv_text(case()))))
    header, values = rows[0], np.array([[float(v) for v in row[:-1]] for row in rows[1:]])
    assert header[:2] == ["petal length, standardised", "petal width, standardised"]
    # the values really are standardised: mean 0, variance 1 per column
    np.testing.assert_allclose(values.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(values.var(axis=0), 1, atol=1e-12)
    raw = list(csv.reader(io.StringIO(csv_text(gallery_case("iris-petal")()))))
    assert raw[0][:2] == ["petal length (cm)", "petal width (cm)"]
