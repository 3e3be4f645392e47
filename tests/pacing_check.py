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


#: the longest a picture may stand still with nothing new said (seconds)
MAX_STILL_WITHOUT_NEWS = 8.0


def still_without_news(timeline, longest: float = MAX_STILL_WITHOUT_NEWS
                       ) -> list[tuple[float, float]]:
    """Stretches longer than ``longest`` seconds in which nothing moves and no caption
    begins: a slide held still. A beat is a sentence and what moves under it, so every
    such stretch is a sentence read over a still picture for too long, or several."""
    events = sorted([(c.start, c.start) for c in timeline.captions] + list(timeline.motions))
    stretches, quiet_since = [], 0.0
    for start, end in events:
        if start - quiet_since > longest + 1e-9:
            stretches.append((quiet_since, start))
        quiet_since = max(quiet_since, end)
    return stretches
