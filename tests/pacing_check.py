"""Running a scene's whole story without drawing a frame, to read its timeline.

Manim's renderer skips every animation (each play jumps to its end in one
update), so a scene's logic, its beats and its timing run in a fraction of a
second; ``scene.timeline`` then holds every caption and every stretch in
which something moved.
"""

from __future__ import annotations

from manim import tempconfig
from manim.renderer.cairo_renderer import CairoRenderer

from scene_helpers import variant


def run_story(scene_class, media_dir, **attributes):
    """The scene after its whole story ran with animations skipped."""
    with tempconfig({"dry_run": True, "disable_caching": True, "quality": "low_quality",
                     "pixel_width": 64, "pixel_height": 36, "media_dir": str(media_dir),
                     "verbosity": "ERROR", "progress_bar": "none"}):
        scene = variant(scene_class, **attributes)(renderer=CairoRenderer(skip_animations=True))
        scene.render()
    return scene
