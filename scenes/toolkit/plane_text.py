"""Text on the data plane: plain words escaped for Typst, and the boxes texts cover
(the obstacles a label placed on the plane keeps clear of)."""

from __future__ import annotations

import numpy as np
from manim import DL, UR


def escaped(words: str) -> str:
    """Plain words for Typst markup: its special characters escaped."""
    return "".join("\\" + c if c in "\\#$*_<>@[]`~=/'\"+-" else c for c in words)


def text_boxes(mobject) -> list[np.ndarray]:
    """Boxes [x_min, y_min, x_max, y_max, weight 100] of a text, or of each merged text."""
    parts = mobject.submobjects if mobject.submobjects else [mobject]
    boxes = []
    for part in parts:
        if hasattr(part, "part_boxes"):
            boxes.extend(np.array([*box, 100.0]) for _, box in part.part_boxes())
        elif part.width > 0:
            boxes.append(np.array([*part.get_corner(DL)[:2], *part.get_corner(UR)[:2], 100.0]))
    return boxes
