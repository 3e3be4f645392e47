"""What a scene's pictures need of any data (:class:`SceneNeeds`), and the one line that
refuses data for its number of features (:func:`features_refusal`).

Below :mod:`linviz.scene_checks` (which makes the checks) and :mod:`linviz.lessons` (whose
one list of scenes names each scene's needs and whose checks word the same refusal): it
imports neither, so neither imports the other back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dataset import Dataset
from .errors import shorten


@dataclass(frozen=True)
class SceneNeeds:
    """What a scene's pictures need of any data, whatever its lesson (a scene's class
    attributes say it: ``n_features``, ``needs_separable``, ``needs_inseparable``, and the
    squared-loss runs of a regression scene).

    Attributes
    ----------
    n_features : int or None
        The number of features the pictures draw (None: any).
    separable : {None, "offset", "origin"}
        The data must be separable by a line with an offset, or through the origin.
    inseparable : bool
        The scene tells what happens when no line separates the data: separable data is
        refused.
    squared_loss_runs : tuple of (degree, η)
        The squared-loss gradient descents the scene runs (regression; see
        :func:`linviz.scene_checks.check_scene_data`).
    """

    n_features: int | None = 2
    separable: str | None = None
    inseparable: bool = False
    squared_loss_runs: tuple[tuple[int, float], ...] = ()


#: how many features to pick, in words, by the number a scene draws
PICK = {1: "pick one with --features A", 2: "pick two with --features A,B"}


def features_refusal(data: Dataset, spec: str, who: str, drawn: int) -> str:
    """The one line that refuses ``data`` (named ``spec``) for its number of features:
    ``who`` (e.g. "scene 'margin'") draws ``drawn``-D data, and which columns to pick
    from (every check of the features says it so)."""
    from .transforms import column_names

    line = f"{who} draws {drawn}-D data, but {spec!r} has {data.n_features} feature(s)"
    if drawn in PICK:
        line += f": {PICK[drawn]} (of: {shorten(', '.join(column_names(data)))})"
    return line
