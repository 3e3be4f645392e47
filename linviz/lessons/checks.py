"""Refusals every lesson of points in the plane shares, in one line each.

A lesson that draws two labelled classes in the plane cannot show regression
targets or data with another number of features; it says so and what to do.
"""

from __future__ import annotations

from ..dataset import CLASSIFICATION, Dataset
from ..errors import DataError


def require_classes_in_the_plane(data: Dataset, scene: str, name: str | None = None) -> None:
    """Refuse (DataError, one line) data that is not 2-D and labelled ±1.

    Parameters
    ----------
    scene : what refuses, for the message ("scene 'noise'", "the proof scenes").
    name : how the data was given (a CSV path, a built-in name); ``data.name`` when None.
    """
    name = name or data.name
    if data.task != CLASSIFICATION:
        raise DataError(f"{scene} needs labels ±1; {name!r} is regression data: use the "
                        f"regression scene")
    if data.n_features != 2:
        from ..scene_needs import features_refusal

        raise DataError(features_refusal(data, name, scene, 2))
