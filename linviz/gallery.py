"""The gallery: the data sets every lesson is tested on, tidy and real.

A sentence a scene says must be true on the data a lecturer brings, not only on
the built-in data it was written beside. The gallery holds:

- the built-in data sets with several seeds;
- real data sets that scikit-learn ships inside its wheel (no download): Iris
  feature pairs, wine, breast cancer (classification), diabetes (regression),
  raw and standardised;
- awkward cases: every point three times (duplicates), a class of two points,
  the data moved far from the origin.

scikit-learn is a test extra (``pip install -e '.[test]'``); :func:`real_data`
raises :class:`~linviz.errors.DataError` without it. ``scripts/gallery_csv.py``
writes the real cases as CSV files for ``render --data`` and ``keyframes.py``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from .dataset import CLASSIFICATION, REGRESSION, Dataset
from .errors import DataError
from .generators import make_builtin
from .transforms import column_names, standardize


@dataclass(frozen=True)
class GalleryCase:
    """One data set of the gallery: a stable name and how to make it."""

    name: str
    make: Callable[[], Dataset]
    task: str = CLASSIFICATION
    #: made from a data set scikit-learn ships (skipped when it is not installed)
    real: bool = False

    def __call__(self) -> Dataset:
        return self.make()


def _sklearn_loader(name: str):
    try:
        from sklearn import datasets
    except ImportError:  # pragma: no cover - the test extra installs it
        raise DataError("the real data sets of the gallery need scikit-learn: "
                        "pip install -e '.[test]'") from None
    return getattr(datasets, f"load_{name}")()


#: Class names where scikit-learn's are placeholders: its wine data are three
#: cultivators' wines of one region ("class_0" … in ``target_names``), named as its
#: description does.
CLASS_NAMES = {"wine": ("cultivator 1", "cultivator 2", "cultivator 3")}


def real_data(source: str, columns: tuple[str, ...], classes: tuple[int, int] | None = None,
              name: str | None = None) -> Dataset:
    """Two (or more) named columns of a scikit-learn data set.

    Parameters
    ----------
    source : "iris", "wine", "breast_cancer" or "diabetes".
    columns : feature names as scikit-learn spells them ("petal length (cm)").
    classes : for classification, the class numbers that become −1 and +1
        (their points only are kept); None for regression (diabetes).
    """
    bunch = _sklearn_loader(source)
    names = list(bunch.feature_names)
    indices = [names.index(column) for column in columns]
    X = np.asarray(bunch.data, dtype=float)[:, indices]
    target = np.asarray(bunch.target)
    name = name or source
    params = {"source": f"scikit-learn {source}", "columns": list(columns)}
    if classes is None:
        return Dataset(name, X, target.astype(float), REGRESSION, params=params,
                       feature_names=columns, target_name="disease progression")
    negative, positive = classes
    keep = np.isin(target, classes)
    y = np.where(target[keep] == positive, 1.0, -1.0)
    target_names = CLASS_NAMES.get(source, bunch.target_names)
    label_names = (str(target_names[negative]), str(target_names[positive]))
    return Dataset(name, X[keep], y, CLASSIFICATION, label_names=label_names, params=params,
                   feature_names=columns)


def _standardized(make: Callable[[], Dataset], name: str) -> Callable[[], Dataset]:
    return lambda: replace(standardize(make()), name=name)


def _iris_sepal() -> Dataset:
    return real_data("iris", ("sepal length (cm)", "sepal width (cm)"), (0, 1), "iris-sepal")


def _iris_petal() -> Dataset:
    return real_data("iris", ("petal length (cm)", "petal width (cm)"), (0, 1), "iris-petal")


def _iris_versicolor_virginica() -> Dataset:
    return real_data("iris", ("petal length (cm)", "petal width (cm)"), (1, 2),
                     "iris-versicolor-virginica")


def _iris_petal_length() -> Dataset:
    return real_data("iris", ("petal length (cm)",), (0, 1), "iris-petal-length")


def _wine() -> Dataset:
    return real_data("wine", ("alcohol", "flavanoids"), (0, 1), "wine")


def _breast_cancer() -> Dataset:
    return real_data("breast_cancer", ("mean radius", "mean texture"), (0, 1), "breast-cancer")


def _diabetes_bmi() -> Dataset:
    return real_data("diabetes", ("bmi",), None, "diabetes-bmi")


def _duplicated(name: str, seed: int) -> Callable[[], Dataset]:
    def make() -> Dataset:
        data = make_builtin(name, seed)
        return replace(data, name=f"{name}-thrice", X=np.repeat(data.X, 3, axis=0),
                       y=np.repeat(data.y, 3))
    return make


def _tiny_class() -> Dataset:
    """separable:0 with only the two +1 points closest to the −1 class kept."""
    data = make_builtin("separable", 0)
    positive = np.flatnonzero(data.y > 0)
    negatives = data.X[data.y < 0]
    nearest = [positive[j] for j in np.argsort(
        [np.min(np.linalg.norm(negatives - data.X[i], axis=1)) for i in positive],
        kind="stable")[:2]]
    keep = np.sort(np.concatenate([np.flatnonzero(data.y < 0), nearest]))
    return replace(data, name="separable-tiny-class", X=data.X[keep], y=data.y[keep])


def _far(name: str, seed: int, shift=(40.0, 25.0)) -> Callable[[], Dataset]:
    def make() -> Dataset:
        data = make_builtin(name, seed)
        moved = data.X + np.asarray(shift)[: data.n_features]
        return replace(data, name=f"{name}-far", X=moved)
    return make


def _builtin(name: str, seed: int) -> GalleryCase:
    from .generators import BUILTIN

    task = REGRESSION if name == "regression1d" else CLASSIFICATION
    return GalleryCase(f"{name}:{seed}", lambda: make_builtin(name, seed), task)


GALLERY: tuple[GalleryCase, ...] = (
    *[_builtin(name, seed) for name in ("separable", "separable-origin", "small-margin")
      for seed in (0, 1, 2, 3)],
    *[_builtin(name, seed) for name in ("noisy", "xor-cloud") for seed in (0, 1, 2)],
    _builtin("xor", 0),
    *[_builtin("offset1d", seed) for seed in (0, 1, 2)],
    *[_builtin("regression1d", seed) for seed in (0, 1, 2, 3)],
    GalleryCase("separable-thrice", _duplicated("separable", 0)),
    GalleryCase("separable-tiny-class", _tiny_class),
    GalleryCase("separable-far", _far("separable", 1)),
    GalleryCase("noisy-far", _far("noisy", 0)),
    GalleryCase("regression1d-far", _far("regression1d", 0, (30.0,)), REGRESSION),
    GalleryCase("iris-sepal", _iris_sepal, real=True),
    GalleryCase("iris-sepal-std", _standardized(_iris_sepal, "iris-sepal-std"), real=True),
    GalleryCase("iris-petal", _iris_petal, real=True),
    GalleryCase("iris-petal-std", _standardized(_iris_petal, "iris-petal-std"), real=True),
    GalleryCase("iris-petal-length", _iris_petal_length, real=True),
    GalleryCase("iris-petal-length-std",
                _standardized(_iris_petal_length, "iris-petal-length-std"), real=True),
    GalleryCase("iris-versicolor-virginica", _iris_versicolor_virginica, real=True),
    GalleryCase("iris-versicolor-virginica-std",
                _standardized(_iris_versicolor_virginica, "iris-versicolor-virginica-std"),
                real=True),
    GalleryCase("wine", _wine, real=True),
    GalleryCase("wine-std", _standardized(_wine, "wine-std"), real=True),
    GalleryCase("breast-cancer", _breast_cancer, real=True),
    GalleryCase("breast-cancer-std", _standardized(_breast_cancer, "breast-cancer-std"),
                real=True),
    GalleryCase("diabetes-bmi", _diabetes_bmi, REGRESSION, real=True),
    GalleryCase("diabetes-bmi-std", _standardized(_diabetes_bmi, "diabetes-bmi-std"),
                REGRESSION, real=True),
)


def gallery(task: str | None = None, n_features: int | None = None) -> list[GalleryCase]:
    """The cases of ``GALLERY`` for ``task`` with ``n_features`` features (None: any)."""
    cases = [case for case in GALLERY if task is None or case.task == task]
    if n_features is None:
        return cases
    return [case for case in cases if _feature_count(case) == n_features]


def _feature_count(case: GalleryCase) -> int:
    if case.name.startswith(("offset1d", "regression1d", "diabetes", "iris-petal-length")):
        return 1
    return 2


def gallery_case(name: str) -> GalleryCase:
    """The case called ``name``."""
    for case in GALLERY:
        if case.name == name:
            return case
    raise DataError(f"no gallery case {name!r}; cases: {', '.join(c.name for c in GALLERY)}")


def csv_text(data: Dataset) -> str:
    """``data`` as a lecturer's CSV file would hold it: a header of its column names, then
    a row a point; the label (the class's name, or the regression target) last."""
    from .transforms import is_standardized, standardized_column_names

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # standardised values are not in the data's units: the header says so
    names = standardized_column_names(data) if is_standardized(data) else column_names(data)
    if data.task == CLASSIFICATION:
        negative, positive = data.label_names
        writer.writerow([*names, "class"])
        for x, y in zip(data.X, data.y):
            writer.writerow([*(repr(float(v)) for v in x), positive if y > 0 else negative])
    else:
        writer.writerow([*names, data.target_name or "y"])
        for x, y in zip(data.X, data.y):
            writer.writerow([*(repr(float(v)) for v in x), repr(float(y))])
    return out.getvalue()
