"""The learners by algorithm name, with the data set each uses by default."""

from __future__ import annotations

from .best_of_k import BestOfK
from .logistic import LogisticRegression
from .perceptron import Perceptron
from .regression import LinearRegression

LEARNERS = {
    Perceptron.algorithm: Perceptron,
    LogisticRegression.algorithm: LogisticRegression,
    LinearRegression.algorithm: LinearRegression,
    BestOfK.algorithm: BestOfK,
}

DEFAULT_DATA = {
    Perceptron.algorithm: "separable",
    LogisticRegression.algorithm: "noisy",
    LinearRegression.algorithm: "regression1d",
    BestOfK.algorithm: "separable",
}
