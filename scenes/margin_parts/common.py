"""What the parts of `margin` share: the formulas of its boards, and how a margin is
written."""

from __future__ import annotations

from linviz.lessons.margin_story import gamma_places
from scenes.toolkit.screen_text import fmt

PROJECTION = "theta^T x \\/ norm(theta)"
LINE_OFFSET = "-theta_0 \\/ norm(theta)"
DISTANCE = "(theta^T x + theta_0) \\/ norm(theta)"
IDENTITY = (f"{DISTANCE} = {PROJECTION} - ({LINE_OFFSET})")
POINT_MARGIN = "y^((i)) (theta^T x^((i)) + theta_0) \\/ norm(theta)"
DATASET_MARGIN = f"min_i {POINT_MARGIN}"


def margin_text(value: float) -> str:
    """A margin for Typst, to three significant digits (:func:`gamma_places`)."""
    return fmt(value, gamma_places(value))
