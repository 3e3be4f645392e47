"""What a lecturer does to a data set before a scene draws it: pick two columns of a
wider table, and standardise.

Both return a new :class:`Dataset` and record what was done in its ``params``
(``features``, ``standardized``), so a trace says which data it ran on and a
scene can say it was standardised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from .dataset import Dataset
from .csv_loader import rejoin_names
from .errors import DataError, quoted


def column_names(data: Dataset) -> tuple[str, ...]:
    """The names of ``data``'s feature columns: its own, else x1, x2, …"""
    return data.feature_names or tuple(f"x{j + 1}" for j in range(data.n_features))


def select_features(data: Dataset, chosen: Sequence[str]) -> Dataset:
    """The columns ``chosen`` of ``data``, in that order.

    Each entry is a column's name (as in the CSV's header, or x1, x2, … for
    unnamed columns) or its 1-based number among the features.
    """
    names = column_names(data)
    indices = []
    chosen = rejoin_names(chosen, names)
    for entry in chosen:
        entry = str(entry).strip()
        if entry in names:
            indices.append(names.index(entry))
        elif entry.isdigit() and 1 <= int(entry) <= data.n_features:
            indices.append(int(entry) - 1)
        else:
            raise DataError(f"--features: data set {quoted(data.name)} has no feature column "
                            f"{quoted(entry)} (its features: {', '.join(quoted(n) for n in names)})")
    if len(set(indices)) != len(indices):
        raise DataError(f"--features: a column is named twice in {', '.join(chosen)}")
    params = dict(data.params, features=[names[j] for j in indices])
    return replace(data, X=data.X[:, indices], params=params,
                   feature_names=tuple(names[j] for j in indices))


def standardize(data: Dataset) -> Dataset:
    """Every feature centred and scaled: zⱼ = (xⱼ − x̄ⱼ)/sⱼ, sⱼ the column's standard
    deviation (population, ddof = 0), so each column has mean 0 and variance 1.

    Regression targets are left as they are. ``params["standardized"]`` keeps
    the means and scales, so an original value is x = x̄ + s·z.
    """
    mean = data.X.mean(axis=0)
    scale = data.X.std(axis=0)
    constant = np.flatnonzero(scale <= 1e-12 * np.maximum(1.0, np.abs(mean)))
    if constant.size:
        name = column_names(data)[int(constant[0])]
        raise DataError(f"--standardize: feature {quoted(name)} of {quoted(data.name)} is "
                        f"constant ({mean[constant[0]]:.6g}); it cannot be scaled to variance 1")
    params = dict(data.params, standardized={"mean": mean.tolist(), "scale": scale.tolist()})
    return replace(data, X=(data.X - mean) / scale, params=params)


#: features whose standard deviations differ more than this many times over cannot share
#: one scale readably: at one scale the narrow one is a sliver (a scene that needs one
#: scale standardises them, :func:`standardized_for_one_scale`)
SPREAD_FACTOR = 10.0


def spread_ratio(data: Dataset) -> float:
    """max_j s_j / min_j s_j of the features' standard deviations s_j (ddof = 0); inf when
    a feature is constant, 1.0 for one feature."""
    scale = data.X.std(axis=0)
    if scale.size < 2:
        return 1.0
    low = float(scale.min())
    return float("inf") if low <= 0 else float(scale.max()) / low


def standardized_for_one_scale(data: Dataset, origin_view: bool = False) -> Dataset:
    """``data`` standardised (:func:`standardize`) when its features' spreads differ more
    than :data:`SPREAD_FACTOR`-fold (and none is constant), or, for a scene that keeps the
    origin in view (``origin_view``: θ and y·x are drawn from it), when holding the origin
    would widen the view of two features more than
    :data:`linviz.view_box.ORIGIN_ZOOM_LIMIT`-fold (the data a sliver in a corner); else
    ``data`` itself. The reason is kept in ``params["standardized"]``: ``spread_ratio``
    or ``origin_widening``; the scenes and the command line say it."""
    from .view_box import ORIGIN_ZOOM_LIMIT, origin_widening

    if data.n_features < 2 or is_standardized(data):
        return data
    ratio = spread_ratio(data)
    if SPREAD_FACTOR < ratio < float("inf"):
        reason = {"spread_ratio": ratio}
    elif (origin_view and data.n_features == 2 and ratio < float("inf")
          and origin_widening(data.X) > ORIGIN_ZOOM_LIMIT):
        reason = {"origin_widening": origin_widening(data.X)}
    else:
        return data
    scaled = standardize(data)
    return replace(scaled, params=dict(scaled.params, standardized=dict(
        scaled.params["standardized"], **reason)))


def standardized_by_scene(data: Dataset) -> bool:
    """Whether ``data`` was standardised by :func:`standardized_for_one_scale` (not asked
    for): its pictures keep the data's units on the axes."""
    scaled = data.params.get("standardized") or {}
    return "spread_ratio" in scaled or "origin_widening" in scaled


def standardized_column_names(data: Dataset) -> tuple[str, ...]:
    """The column names of standardised ``data`` as a file would head them: each without
    its unit and with ", standardised" ("petal length (cm)" → "petal length,
    standardised"): its values are in standard deviations, not in the data's units."""
    import re

    return tuple(re.sub(r"\s*\([^()]*\)\s*$", "", name) + ", standardised"
                 for name in column_names(data))


def is_standardized(data: Dataset) -> bool:
    """Whether :func:`standardize` made ``data``."""
    return "standardized" in data.params


def prepare(data: Dataset, features: Sequence[str] | None = None,
            standardized: bool = False) -> Dataset:
    """``data`` with the columns ``features`` (all when None), then standardised if asked."""
    if features:
        data = select_features(data, features)
    if standardized:
        data = standardize(data)
    return data
