"""What data a scene can show well, checked before anything renders.

A data set can be valid for the engine and still make a bad picture or a
wrong one: values at 1e15 (the drawing has no room, and the separability
test's tolerances no longer hold, so separable data is called not separable),
or regression inputs that are all equal (no line through them is a function of
x). Each is refused with one line saying what is wrong with the data and how
to fix it. A step size makes no data unfit: the lessons (:mod:`linviz.lessons`)
choose gradient descent's step from the data's curvature, and a step set by
hand is narrated as what it does (decreasing, oscillating, diverging).

Gradient descent on the mean squared error L(w) = (1/n)‖X̃w − y‖² with
X̃ = [φ(x), 1] converges for every start exactly when the step size
η < 2/λ_max(H), H = (2/n) X̃ᵀX̃ its Hessian, that is η < n/λ_max(X̃ᵀX̃).
"""

from __future__ import annotations

import numpy as np

from .dataset import REGRESSION, Dataset
from .errors import DataError, quoted

#: the largest magnitude of a value a scene draws (rescale larger data)
MAX_DRAWN_MAGNITUDE = 1e6
#: the smallest largest-magnitude a scene draws (smaller data is all one dot)
MIN_DRAWN_MAGNITUDE = 1e-6


def check_scene_data(data: Dataset, spec: str, scene: str,
                     squared_loss_runs: tuple[tuple[int, float], ...] | None = None) -> None:
    """Refuse data the scene ``scene`` cannot show well; one line says why.

    Parameters
    ----------
    data : the data set, from ``spec`` (a built-in name or a CSV path).
    scene : the scene's name, for the message.
    squared_loss_runs : (degree, η) of the scene's squared-loss runs (None: the regression
        lesson's, :data:`linviz.lessons.regression.POLYNOMIAL_RUNS`): regression data must
        let each degree's numbers be computed to their digits
        (:func:`linviz.lessons.regression.check_conditioning`); the step sizes are not
        checked (see the module's docstring).
    """
    where = f"scene {scene!r}: data {quoted(spec)}"
    largest = float(np.max(np.abs(data.X)))
    if data.task == REGRESSION:
        largest = max(largest, float(np.max(np.abs(data.y))))
    if largest > MAX_DRAWN_MAGNITUDE:
        raise DataError(f"{where} has values up to {largest:.3g}: rescale the data to within "
                        f"±{MAX_DRAWN_MAGNITUDE:.0e} (the scenes draw and learn at that scale)")
    if largest < MIN_DRAWN_MAGNITUDE:
        raise DataError(f"{where} has values of at most {largest:.3g}: rescale the data to "
                        f"about ±1 (the scenes cannot draw it smaller than "
                        f"{MIN_DRAWN_MAGNITUDE:.0e})")
    if data.task == REGRESSION:
        if np.all(data.X == data.X[0]):
            value = data.X[0, 0] if data.n_features == 1 else "one point"
            raise DataError(f"{where}: all x are equal (x = {value}); regression needs inputs "
                            f"that vary")
        from .lessons.regression import POLYNOMIAL_RUNS, check_conditioning

        runs = (squared_loss_runs if squared_loss_runs is not None
                else tuple((degree, lr) for degree, lr, _ in POLYNOMIAL_RUNS))
        check_conditioning(data, sorted({1, *(degree for degree, _ in runs)}), where)

