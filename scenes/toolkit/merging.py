"""Still drawings merged into one path per style: one draw call instead of dozens."""

from __future__ import annotations

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
        key = (part.get_fill_color().to_hex(), round(float(part.get_fill_opacity()), 4),
               part.get_stroke_color().to_hex(), round(float(part.get_stroke_width()), 4),
               round(float(part.get_stroke_opacity()), 4))
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
