"""The data set: a feature matrix, labels and a name.

A classification data set has labels in {-1, +1}; a regression data set has
real targets. Both are immutable: the arrays are read-only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from .errors import DataError

# Scores and norms square the values: beyond this their products overflow.
MAX_MAGNITUDE = 1e100

CLASSIFICATION = "classification"
REGRESSION = "regression"


def _frozen(array: np.ndarray) -> np.ndarray:
    array = np.array(array, copy=True)
    array.setflags(write=False)
    return array


@dataclass(frozen=True)
class Dataset:
    """Points ``X`` with labels or targets ``y``.

    Parameters
    ----------
    name : str
        What the data set is called ("separable", "xor", a CSV file's name).
    X : ndarray of shape (n_samples, n_features)
        The feature vectors x^(i) as rows.
    y : ndarray of shape (n_samples,)
        Labels y^(i) in {-1, +1} for classification, real targets otherwise.
    task : {"classification", "regression"}
    label_names : tuple of (str, str)
        For classification: what -1 and +1 stand for in the source
        (for example ``("setosa", "virginica")``); ``("-1", "+1")`` by default.
    params : mapping
        How the data set was made (generator arguments), for the trace.
    feature_names : tuple of str
        What the columns of ``X`` are called in the source (a CSV file's header),
        one per feature; empty when they have no names (the scenes say x₁, x₂).
    target_name : str
        Regression: what ``y`` is called in the source ("" when unnamed).
    """

    name: str
    X: np.ndarray
    y: np.ndarray
    task: str = CLASSIFICATION
    label_names: tuple[str, str] = ("-1", "+1")
    params: Mapping[str, Any] = field(default_factory=dict)
    feature_names: tuple[str, ...] = ()
    target_name: str = ""

    def __post_init__(self) -> None:
        X = np.asarray(self.X, dtype=float)
        y = np.asarray(self.y, dtype=float)
        if X.ndim == 1:
            X = X[:, None]
        if X.ndim != 2:
            raise DataError(f"data set {self.name!r}: X must be a matrix, got {X.ndim} dimensions")
        if y.shape != (X.shape[0],):
            raise DataError(
                f"data set {self.name!r}: {X.shape[0]} points but {y.size} labels"
            )
        if X.shape[1] == 0:
            raise DataError(f"data set {self.name!r}: no feature columns")
        if X.shape[0] < 2:
            raise DataError(f"data set {self.name!r}: needs at least two points, got {X.shape[0]}")
        if not (np.all(np.isfinite(X)) and np.all(np.isfinite(y))):
            raise DataError(f"data set {self.name!r}: contains NaN or infinite values")
        largest = max(float(np.max(np.abs(X))), float(np.max(np.abs(y))))
        if largest > MAX_MAGNITUDE:
            raise DataError(f"data set {self.name!r}: a value of magnitude {largest:.3g} is "
                            f"too large to compute with (at most {MAX_MAGNITUDE:.0e}); "
                            f"rescale the data")
        if self.task == CLASSIFICATION:
            if not np.all(np.isin(y, (-1.0, 1.0))):
                raise DataError(f"data set {self.name!r}: labels must be -1 or +1")
            if np.unique(y).size < 2:
                raise DataError(f"data set {self.name!r}: has one class only")
        elif self.task != REGRESSION:
            raise DataError(f"data set {self.name!r}: unknown task {self.task!r}")
        object.__setattr__(self, "X", _frozen(X))
        object.__setattr__(self, "y", _frozen(y))
        object.__setattr__(self, "label_names", tuple(str(s) for s in self.label_names))
        object.__setattr__(self, "params", dict(self.params))
        names = tuple(str(name) for name in self.feature_names)
        if names and len(names) != X.shape[1]:
            raise DataError(f"data set {self.name!r}: {len(names)} feature names for "
                            f"{X.shape[1]} features")
        object.__setattr__(self, "feature_names", names)
        object.__setattr__(self, "target_name", str(self.target_name))

    @property
    def n_samples(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dataset):
            return NotImplemented
        return (
            self.name == other.name
            and self.task == other.task
            and self.label_names == other.label_names
            and self.feature_names == other.feature_names
            and self.target_name == other.target_name
            and dict(self.params) == dict(other.params)
            and np.array_equal(self.X, other.X)
            and np.array_equal(self.y, other.y)
        )

    __hash__ = None  # type: ignore[assignment]
