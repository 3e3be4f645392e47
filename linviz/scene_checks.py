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

Where a data set is checked for a scene: :func:`check_scene_input`, the one function
every scene's data goes through (``LinvizScene.check_data`` calls only it). It makes the
checks every scene makes (:data:`GENERIC_CHECKS`, as the scene's :class:`SceneNeeds` ask)
and the lesson's own, which the engine's list of scenes names
(:attr:`linviz.lessons.SceneLesson.data_check`), in one stated order.
"""

from __future__ import annotations


import numpy as np

from .dataset import REGRESSION, Dataset
from .errors import DataError, quoted
from .scene_needs import SceneNeeds, features_refusal
from .theory import is_separable

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


def check_features(data: Dataset, spec: str, scene: str, needs: SceneNeeds) -> None:
    """The number of features the scene's pictures draw."""
    if needs.n_features is not None and data.n_features != needs.n_features:
        raise DataError(features_refusal(data, spec, f"scene {scene!r}", needs.n_features))


def check_values(data: Dataset, spec: str, scene: str, needs: SceneNeeds) -> None:
    """The values' sizes, and regression data its runs can fit (:func:`check_scene_data`)."""
    check_scene_data(data, spec, scene, needs.squared_loss_runs)


def check_separable(data: Dataset, spec: str, scene: str, needs: SceneNeeds) -> None:
    """Data a line separates the scene's way (with an offset, or through the origin), by
    the exact test of :func:`linviz.theory.is_separable`."""
    if needs.separable:
        offset = needs.separable == "offset"
        if not is_separable(data.X, data.y, offset=offset):
            how = "with an offset" if offset else "through the origin"
            raise DataError(f"scene {scene!r}: {spec!r} is not separable {how}: "
                            f"the scene needs data a line separates {how}")


def check_inseparable(data: Dataset, spec: str, scene: str, needs: SceneNeeds) -> None:
    """Data no line separates, for a scene about such data."""
    if needs.inseparable and is_separable(data.X, data.y, offset=True):
        raise DataError(f"scene {scene!r}: a line separates {spec!r}, and the "
                        f"scene shows what happens when no line separates the classes; "
                        f"try 'noisy', 'xor' or 'xor-cloud'")


#: the checks every scene's data goes through, by name, in their order
#: (:func:`check_scene_input`; a lesson's own check comes after the one its scene's entry
#: names, :attr:`linviz.lessons.SceneLesson.data_check_after`)
GENERIC_CHECKS = {"features": check_features, "values": check_values,
                  "separable": check_separable, "inseparable": check_inseparable}


def check_scene_input(scene: str, data: Dataset, spec: str, needs: SceneNeeds) -> None:
    """Refuse data the scene ``scene`` cannot show or be truthful about; one line says why.

    The one place a scene's data is checked (the file's reading and the data set's own
    rules, :mod:`linviz.csv_loader`, :mod:`linviz.safety.inputs` and
    :class:`~linviz.dataset.Dataset`, come before it). The checks, in this order, the first
    that fails raising :class:`~linviz.errors.DataError`:

    1. ``features``: the number of features the pictures draw (``needs.n_features``);
    2. ``values``: the values' sizes, and regression data its runs can fit
       (:func:`check_scene_data`);
    3. ``separable``: a line separates the data the scene's way (``needs.separable``);
    4. ``inseparable``: no line separates it (``needs.inseparable``);

    and, among them, the lesson's own refusal of what it alone cannot be truthful about:
    the function ``scene``'s entry in :data:`linviz.lessons.SCENE_LESSONS` names
    (``data_check``), called ``function(data, spec)`` right after the check its entry names
    (``data_check_after``), or before them all. A scene without an entry there makes the
    four checks only.

    Parameters
    ----------
    scene : the scene's name (the catalogue's), for the messages and its entry.
    data : the data set, from ``spec`` (a built-in name, a CSV path or a trace file).
    needs : what the scene's pictures need of any data (its class attributes).
    """
    from .lessons import data_check_for

    lesson_check, after = data_check_for(scene)
    if lesson_check is not None and after is None:
        lesson_check(data, spec)
    for name, check in GENERIC_CHECKS.items():
        check(data, spec, scene, needs)
        if lesson_check is not None and after == name:
            lesson_check(data, spec)
