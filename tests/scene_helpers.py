"""Running scenes in tests: tiny frames, no movie, no cache."""

from __future__ import annotations

import contextlib
from dataclasses import replace

from manim import tempconfig


@contextlib.contextmanager
def tiny_dry_run(media_dir):
    """Scenes run their whole logic; frames are 160×90 and nothing is written."""
    with tempconfig({"dry_run": True, "disable_caching": True, "quality": "low_quality",
                     "pixel_width": 160, "pixel_height": 90, "media_dir": str(media_dir),
                     "verbosity": "ERROR", "progress_bar": "none"}):
        yield


#: the keyword arguments of :func:`variant` that are fields of the render request
REQUEST_FIELDS = {"data_spec": "data", "seed": "seed", "theme_name": "theme",
                  "trace_file": "trace", "keyframe_dir": "keyframe_dir",
                  "keyframe_at_narration": "keyframe_at_narration", "positive": "positive",
                  "label_column": "label_column", "features": "features",
                  "standardize": "standardize", "notation": "notation", "heard": "heard",
                  "classes": "classes"}


def variant(scene_class, **attributes):
    """A subclass for a test: the user's options (``data_spec``, ``seed``, ``theme_name``,
    ...) go into its render request, as every command passes them; other keywords
    override class attributes (a scene's own parameters)."""
    from linviz.request import RenderRequest

    asked = {REQUEST_FIELDS[key]: attributes.pop(key) for key in list(attributes)
             if key in REQUEST_FIELDS}
    if asked:
        base = attributes.pop("request_override", None) or RenderRequest()
        attributes["request_override"] = replace(base, **asked)
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
