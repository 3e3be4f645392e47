"""A scene's story told without drawing a frame: its sentences, in order.

Manim's renderer can skip every animation (each play jumps to its end), so a
scene's logic and every beat's sentence run in a few seconds, in this process;
``render.py narration export`` writes the lecture's script from it. The scene is
silent here (no voice is asked for): what a beat says does not depend on how
long it is spoken.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace


def sentences_of(entry, request) -> list[str]:
    """Every beat's sentence of the scene ``entry`` as ``request`` asks, in order."""
    from manim import tempconfig
    from manim.renderer.cairo_renderer import CairoRenderer

    from .scene import scene_with_request

    scene_class = scene_with_request(entry.load(), replace(request, voice="none"))
    with tempfile.TemporaryDirectory(prefix="linviz-story-") as media, \
            tempconfig({"dry_run": True, "disable_caching": True, "quality": "low_quality",
                        "pixel_width": 64, "pixel_height": 36, "media_dir": media,
                        "verbosity": "ERROR", "progress_bar": "none"}):
        scene = scene_class(renderer=CairoRenderer(skip_animations=True))
        scene.render()
    return list(scene.narration)
