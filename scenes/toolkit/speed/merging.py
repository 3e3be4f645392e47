"""Still drawings merged into one path per style: one draw call instead of dozens."""

from __future__ import annotations

import numpy as np
from manim import Mobject, VMobject


def merge_glyphs(mobject: VMobject) -> VMobject:
    """Draw a still mobject as one path per style; changes it in place and returns it.

    Cairo draws every VMobject on its own, at a cost per object, and a line of
    text is dozens of glyphs (a plane's axes dozens of ticks, a data set dozens
    of markers) that every still frame of an animation redraws. The curves of
    every part that share a style (a group's own points included, such as an
    axis line under its ticks) are merged into one VMobject (one path of many
    sub-paths), which draws in a fraction of the time. Afterwards the parts can
    no longer be selected or recoloured one by one; points without curves are
    kept as they are.
    """
    merged: dict[tuple, VMobject] = {}
    kept = []
    for part in mobject.get_family()[1:]:
        has_curves = (isinstance(part, VMobject)
                      and len(part.points) >= part.n_points_per_cubic_curve)
        if part.submobjects and not has_curves:
            continue
        if not has_curves:
            kept.append(part)
            continue
        key = _style_key(part)
        if key not in merged:
            merged[key] = VMobject().match_style(part)
        merged[key].append_points(part.points)
    mobject.submobjects = [*merged.values(), *kept]
    # forget other references to the old parts (a Typst mobject indexes them by label),
    # or every copy of the mobject would still deep-copy them
    for name, value in list(vars(mobject).items()):
        if name != "submobjects" and isinstance(value, (list, dict)) and _holds_mobjects(value):
            setattr(mobject, name, type(value)())
    return mobject


def _holds_mobjects(container) -> bool:
    items = container.values() if isinstance(container, dict) else container
    for item in items:
        if isinstance(item, Mobject) or (isinstance(item, (list, tuple)) and any(
                isinstance(x, Mobject) for x in item)):
            return True
    return False


class MergedText(VMobject):
    """Several short texts (a plot's tick numbers) merged into one path of one style.

    ``spans`` lists, for each text, its name and the range [start, end) of its
    points in this path: the points move with the path, so ``part_boxes``
    finds every text's box wherever the path has been moved or scaled. A
    layout check reads them; one box round all the numbers would cover the
    whole plot.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.spans: list[tuple[str, int, int]] = []

    def part_boxes(self) -> list[tuple[str, np.ndarray]]:
        """(name, [x_min, y_min, x_max, y_max]) of each merged text."""
        boxes = []
        for name, start, end in self.spans:
            points = self.points[start:end]
            if len(points):
                low, high = points.min(axis=0), points.max(axis=0)
                boxes.append((name, np.array([low[0], low[1], high[0], high[1]])))
        return boxes


def merge_texts(group: VMobject) -> VMobject:
    """``merge_glyphs`` for a group of texts (tick numbers): the merged paths are
    ``MergedText`` and remember which points belong to which text (its name: its
    ``shown`` or ``source`` attribute). Changes ``group`` in place and returns it."""
    merged: dict[tuple, MergedText] = {}
    for label in group.submobjects:
        name = str(getattr(label, "shown", None) or getattr(label, "source", None)
                   or type(label).__name__)
        starts: dict[tuple, int] = {}
        for part in label.get_family():
            if not (isinstance(part, VMobject)
                    and len(part.points) >= part.n_points_per_cubic_curve):
                continue
            key = _style_key(part)
            if key not in merged:
                merged[key] = MergedText().match_style(part)
            starts.setdefault(key, len(merged[key].points))
            merged[key].append_points(part.points)
        for key, first in starts.items():
            merged[key].spans.append((name, first, len(merged[key].points)))
    group.submobjects = list(merged.values())
    return group


def _style_key(part: VMobject) -> tuple:
    return (part.get_fill_color().to_hex(), round(float(part.get_fill_opacity()), 4),
            part.get_stroke_color().to_hex(), round(float(part.get_stroke_width()), 4),
            round(float(part.get_stroke_opacity()), 4))
