"""Text that collides or leaves the frame, from the text boxes of a story run."""

from __future__ import annotations

import numpy as np

#: boxes sharing less than this (units, in both directions) do not count as touching
TOLERANCE = 0.02
from scenes.toolkit.style import CAPTION_BAND


def overlaps(boxes) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes overlap."""
    found = []
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            (name_a, p), (name_b, q) = boxes[a], boxes[b]
            width = min(p[2], q[2]) - max(p[0], q[0])
            height = min(p[3], q[3]) - max(p[1], q[1])
            if width > TOLERANCE and height > TOLERANCE:
                found.append((name_a, name_b))
    return found


def outside(boxes, frame: np.ndarray) -> list[str]:
    """Texts not wholly inside the frame, or reaching into the bottom caption band."""
    bottom = frame[1] + CAPTION_BAND
    return [name for name, box in boxes
            if box[0] < frame[0] - TOLERANCE or box[2] > frame[2] + TOLERANCE
            or box[1] < bottom - TOLERANCE or box[3] > frame[3] + TOLERANCE]
