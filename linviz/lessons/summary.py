"""The summary scene's lesson: each row of the notes' closing table with the final
state of its scene's run, on that scene's default data and the given seed.

- half-space classifiers: the perceptron's run (updates, training error);
- linear regression: the closed-form line w* = X̃⁺y, drawn over the data's x
  range (its ends given here, so a picture never clips it into another slope);
- logistic regression: the logistic scene's lesson (η = 1/β, β the curvature bound, from the data).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import Dataset
from ..generators import make_builtin
from ..logistic import logistic_optimum
from ..perceptron import Perceptron
from ..regression import normal_equations, squared_loss_and_grad
from ..theory import training_error
from ..trace import Trace
from .logistic import LogisticLesson, logistic_lesson


@dataclass(frozen=True)
class SummaryLesson:
    """The three rows' runs.

    Attributes
    ----------
    perceptron_data, perceptron : the perceptron scene's data and run.
    regression_data : the regression scene's data (1-D x).
    line_theta0, line_theta1, line_loss : w* = (w₀, w₁) and L(w*) of the least-squares line.
    logistic : the logistic scene's lesson.
    xor_best_loss : L* of logistic regression on the XOR data (by Newton's method):
        the least any line's logistic loss gets there.
    """

    perceptron_data: Dataset
    perceptron: Trace
    regression_data: Dataset
    line_theta0: float
    line_theta1: float
    line_loss: float
    logistic: LogisticLesson
    xor_best_loss: float

    @property
    def xor_best_is_coin(self) -> bool:
        """On XOR the best line is θ = 0: L* = log 2 to 1e-9 (relative), what P = ½
        everywhere pays (the 4 corners: Σ y x̃ = 0, so the gradient at θ = 0 is 0)."""
        return abs(self.xor_best_loss - np.log(2.0)) <= 1e-9 * np.log(2.0)

    @property
    def xor_near_coin(self) -> bool:
        """On XOR even the best line pays L* > 0.9 log 2: about what P = ½ everywhere pays."""
        return self.xor_best_loss > 0.9 * np.log(2.0)

    @property
    def perceptron_updates(self) -> int:
        return int(self.perceptron.result["updates"])

    @property
    def perceptron_error(self) -> float:
        return training_error(self.perceptron_data.X, self.perceptron_data.y,
                              self.perceptron.states["theta"][-1],
                              float(self.perceptron.states["theta0"][-1]))

    @property
    def line_ends(self) -> np.ndarray:
        """The least-squares line over the data's x range: [[x_min, h(x_min)], [x_max, h(x_max)]]."""
        x = self.regression_data.X[:, 0]
        ends = np.array([x.min(), x.max()])
        return np.column_stack([ends, self.line_theta0 + self.line_theta1 * ends])

    @property
    def regression_extent(self) -> np.ndarray:
        """The points a regression picture must hold: the data and the line's ends, (n + 2, 2)."""
        data = np.column_stack([self.regression_data.X[:, 0], self.regression_data.y])
        return np.vstack([data, self.line_ends])


def summary_lesson(seed: int = 0, perceptron_data: str | None = None,
                   perceptron_epochs: int | None = None, perceptron_offset: bool = True,
                   regression_data: str | None = None, logistic_data: str | None = None,
                   logistic_steps: int | None = None) -> SummaryLesson:
    """The summary's three runs, each on its scene's default data with ``seed`` (the
    scenes' defaults, from their lessons, unless given)."""
    from . import logistic as logistic_defaults, regression as regression_defaults
    from .perceptron import PASS_BUDGET
    from .perceptron_story import DEFAULT_DATA as PERCEPTRON_DEFAULT

    perceptron_data = perceptron_data or PERCEPTRON_DEFAULT["perceptron"]
    perceptron_epochs = perceptron_epochs or PASS_BUDGET
    regression_data = regression_data or regression_defaults.DEFAULT_DATA["regression"]
    logistic_data = logistic_data or logistic_defaults.DEFAULT_DATA["logistic"]
    logistic_steps = logistic_steps or logistic_defaults.STEPS
    classes = make_builtin(perceptron_data, seed=seed)
    perceptron = Perceptron(epochs=perceptron_epochs, offset=perceptron_offset).fit(classes).trace_
    points = make_builtin(regression_data, seed=seed)
    theta, theta0 = normal_equations(points.X, points.y)
    loss = squared_loss_and_grad(points.X, points.y, theta, theta0)[0]
    logistic = logistic_lesson(make_builtin(logistic_data, seed=seed), steps=logistic_steps)
    xor = make_builtin("xor", seed=seed)
    xor_best = logistic_optimum(xor.X, xor.y)[2]
    return SummaryLesson(classes, perceptron, points, float(theta0), float(theta[0]), float(loss),
                         logistic, float(xor_best))
