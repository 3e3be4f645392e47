"""Running scenes in tests: tiny frames, no movie, no cache."""

from __future__ import annotations

import contextlib

from manim import tempconfig


@contextlib.contextmanager
def tiny_dry_run(media_dir):
    """Scenes run their whole logic; frames are 160×90 and nothing is written."""
    with tempconfig({"dry_run": True, "disable_caching": True, "quality": "low_quality",
                     "pixel_width": 160, "pixel_height": 90, "media_dir": str(media_dir),
                     "verbosity": "ERROR", "progress_bar": "none"}):
        yield


def variant(scene_class, **attributes):
    """A subclass with some class attributes overridden (how the CLI passes options)."""
    return type(scene_class.__name__, (scene_class,), attributes)


def built_scene(scene_class, media_dir, **attributes):
    """A trace scene after setup(), make_trace() and build(), before anything plays."""
    with tiny_dry_run(media_dir):
        scene = variant(scene_class, **attributes)()
        scene.setup()
        scene.trace = scene.make_trace()
        scene.build()
    return scene


def gallery_csv(folder, name: str) -> str:
    """The gallery case ``name`` written as a CSV file in ``folder``, as a lecturer would
    bring it (column and class names included); returns its path."""
    from pathlib import Path

    from linviz.gallery import csv_text, gallery_case

    path = Path(folder) / f"{name.replace(':', '-')}.csv"
    path.write_text(csv_text(gallery_case(name)()), encoding="utf-8")
    return str(path)
