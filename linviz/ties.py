"""Choices among equals that every machine makes alike.

A closest point, a support vector, a label's place or a representative run is
often chosen by the least (or greatest) of some computed values, and those
values can be equal in exact arithmetic while their last bits depend on the
CPU, the BLAS kernel or the order of a sum. ``np.argmin`` would then pick by
those bits. The rule here instead:

    among the values within ``tolerance`` of the least, take the first
    (lowest index),

with ``tolerance = TIE_RTOL · max(1, max |vᵢ|)`` (finite values only), far above
rounding (~1e-16 relative) and far below any difference a picture or a
sentence shows. A perturbation of the inputs by 1e-12 relative therefore never
changes a choice unless two values sit within 1e-9 of the tie threshold itself.
"""

from __future__ import annotations

import numpy as np

#: values within this (relative to the largest magnitude, at least 1) of the best tie
TIE_RTOL = 1e-9


def tie_tolerance(values: np.ndarray) -> float:
    """TIE_RTOL · max(1, max |vᵢ| over the finite values)."""
    finite = np.abs(values[np.isfinite(values)])
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    return TIE_RTOL * scale


def least_index(values, tolerance: float | None = None) -> int:
    """The first index i with vᵢ ≤ min v + tolerance (default :func:`tie_tolerance`).

    Parameters
    ----------
    values : array_like of shape (n,), n ≥ 1; ±inf allowed (inf never chosen
        unless all are inf), NaN not.
    """
    values = np.asarray(values, dtype=float).ravel()
    if values.size == 0:
        raise ValueError("least_index of no values")
    if np.isnan(values).any():
        raise ValueError("least_index of NaN")
    tolerance = tie_tolerance(values) if tolerance is None else tolerance
    least = float(values.min())
    if not np.isfinite(least):
        return int(np.flatnonzero(values == least)[0])
    return int(np.flatnonzero(values <= least + tolerance)[0])


def greatest_index(values, tolerance: float | None = None) -> int:
    """The first index i with vᵢ ≥ max v − tolerance (see :func:`least_index`)."""
    return least_index(-np.asarray(values, dtype=float), tolerance)


def tied_order(values, tolerance: float | None = None) -> np.ndarray:
    """Indices ordering ``values`` ascending, values within ``tolerance`` of each
    other's rounding kept in index order.

    Values are first rounded to multiples of the tolerance (default
    :func:`tie_tolerance`), then sorted stably: two values that differ only in
    their last bits fall in one multiple (or two neighbouring ones, when they
    straddle a boundary: a measure-zero case the tolerance makes rare).
    """
    values = np.asarray(values, dtype=float).ravel()
    tolerance = tie_tolerance(values) if tolerance is None else tolerance
    keys = np.round(values / tolerance) if tolerance > 0 else values
    return np.argsort(keys, kind="stable")
