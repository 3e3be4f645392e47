"""Every scene's whole story, run once per data set without drawing, for the checks
of pacing (timeline), layout (text boxes at every beat) and claims (narration).

A run skips every animation (each play jumps to its end), so a scene's story
takes a second or two; runs are cached for the test session.
"""

from __future__ import annotations

import functools
import tempfile
import weakref

import numpy as np
from manim import Mobject, config, tempconfig
from manim.mobject.text.typst_mobject import Typst
from manim.renderer.cairo_renderer import CairoRenderer

from scenes.catalog import SCENES_IN_ORDER
from scenes.toolkit.speed.glyph_numbers import GlyphNumber
from scenes.toolkit.speed.merging import MergedText
from scenes.toolkit.speed.typeset import Typeset

from scene_helpers import variant

#: each scene on its default data and on two other data sets it accepts
STORY_DATA = {
    "classifier": [None, ("small-margin", 1), ("separable-origin", 2)],
    "perceptron": [None, ("small-margin", 0), ("separable-origin", 1)],
    "perceptron-origin": [None, ("separable", 1), ("small-margin", 2)],
    "update": [None, ("separable-origin", 0), ("small-margin", 1), ("noisy", 0)],
    "margin": [None, ("separable-origin", 1), ("small-margin", 2), ("noisy", 1)],
    "proof": [None, ("separable", 0), ("small-margin", 1)],
    "proof-offset": [None, ("separable-origin", 0), ("small-margin", 2)],
    "margin-speed": [None, (None, 1), (None, 2)],
    "offset-lift": [None, ("offset1d", 1), ("offset1d", 2)],
    "xor": [None, ("xor-cloud", 0), ("xor-cloud", 1)],
    "noise": [None, ("noisy", 1), ("xor-cloud", 2)],
    "logistic": [None, ("noisy", 2), ("xor-cloud", 0)],
    "regression": [None, ("regression1d", 1), ("regression1d", 2)],
    "summary": [None, (None, 1), (None, 2)],
}


def story_cases():
    """(scene name, data spec or None, seed) for every scene and data set above."""
    for name, cases in STORY_DATA.items():
        for case in cases:
            spec, seed = case if case else (None, 0)
            yield name, spec, seed


def case_id(case) -> str:
    name, spec, seed = case
    return f"{name}[{spec or 'default'}:{seed}]"


@functools.lru_cache(maxsize=None)
def story(name: str, spec: str | None, seed: int):
    """The scene ``name`` after its whole story, with a layout snapshot at every beat."""
    entry = next(e for e in SCENES_IN_ORDER if e.name == name)
    attributes = {"seed": seed}
    if spec:
        attributes["data_spec"] = spec
    return story_with(entry.load(), observe_layouts=True, **attributes)


def _is_text(mobject) -> bool:
    return isinstance(mobject, (Typeset, GlyphNumber, Typst))


def _visible(mobject) -> bool:
    for part in mobject.get_family():
        if len(part.points) and (np.any(part.get_fill_opacities() > 0.05)
                                 or np.any(part.get_stroke_opacities() > 0.05)
                                 and part.get_stroke_width() > 0):
            return True
    return False


def text_boxes(scene) -> list[tuple[str, np.ndarray]]:
    """(description, [x_min, y_min, x_max, y_max]) of every visible text on screen now,
    each merged tick number (``MergedText``) on its own; a text under a veil (a drawing
    with ``veils`` set, drawn after it and covering it whole) is not visible."""
    boxes, seen = [], set()

    def walk(mobject):
        if id(mobject) in seen:
            return
        seen.add(id(mobject))
        if getattr(mobject, "veils", False) and mobject.get_fill_opacity() >= 0.99:
            # an opaque veil hides the texts drawn before it that it covers whole
            low, high = mobject.get_corner([-1, -1, 0]), mobject.get_corner([1, 1, 0])
            boxes[:] = [(name, box) for name, box in boxes
                        if not (np.all(box[:2] >= low[:2]) and np.all(box[2:] <= high[:2]))]
            return
        if isinstance(mobject, MergedText):  # merged tick numbers: a box for each
            if _visible(mobject):
                boxes.extend((f"tick {name}", box) for name, box in mobject.part_boxes())
            return
        if _is_text(mobject):
            if _visible(mobject) and mobject.width > 1e-3:
                low, high = mobject.get_corner([-1, -1, 0]), mobject.get_corner([1, 1, 0])
                label = getattr(mobject, "source", None) or getattr(mobject, "shown", None) \
                    or type(mobject).__name__
                boxes.append((str(label)[:60], np.array([low[0], low[1], high[0], high[1]])))
            return
        for sub in mobject.submobjects:
            walk(sub)

    for mobject in [*scene.still_drawings, *scene.mobjects]:
        walk(mobject)
    return boxes


def frame_box() -> np.ndarray:
    w, h = config.frame_width / 2, config.frame_height / 2
    return np.array([-w, -h, w, h])


#: every mobject that has been given an updater in this test session (see below)
_GIVEN_UPDATERS: "weakref.WeakSet[Mobject]" = weakref.WeakSet()
_add_updater = Mobject.add_updater


def _noting_add_updater(self, *args, **kwargs):
    _GIVEN_UPDATERS.add(self)
    return _add_updater(self, *args, **kwargs)


Mobject.add_updater = _noting_add_updater


def dead_updaters(scene) -> list[str]:
    """Updaters Manim never runs, now: on a group that is not in the scene (nor still)
    while some of its parts are on screen.

    Manim updates only the mobjects in the scene, so such a group's parts stand
    still however the updater would move them, and jump at the end when the
    scene sets them directly (margin's sweeps, the perceptron's tip to tail).
    Every mobject given an updater is looked at, local variables of a scene
    method included (``Mobject.add_updater`` notes them for the test session)."""
    on_screen = {id(m) for m in scene.get_mobject_family_members()}
    for still in getattr(scene, "still_drawings", []):
        on_screen.update(id(m) for m in still.get_family())
    return [f"{type(obj).__name__} with {obj.updaters[0].__qualname__}"
            for obj in list(_GIVEN_UPDATERS)
            if obj.updaters and id(obj) not in on_screen
            and any(id(part) in on_screen for part in obj.get_family()[1:])]


def _watching_updaters(scene_class):
    """``scene_class`` with every play first noting its dead updaters in ``dead_updaters``."""
    def play(self, *animations, **kwargs):
        self.dead_updaters.extend(f"at {self.renderer.time:.1f} s: {found}"
                                  for found in dead_updaters(self))
        return scene_class.play(self, *animations, **kwargs)

    return type(scene_class.__name__, (scene_class,), {"play": play})


def story_with(scene_class, observe_layouts: bool = False, **attributes):
    """A scene class's whole story with some class attributes set (not cached); with
    ``observe_layouts``, ``scene.layouts`` holds (caption, text boxes) at every beat's end.
    ``scene.dead_updaters`` lists the updaters no play ran (see :func:`dead_updaters`)."""
    with tempfile.TemporaryDirectory(prefix="linviz-story-") as media, \
            tempconfig({"dry_run": True, "disable_caching": True, "quality": "low_quality",
                        "pixel_width": 64, "pixel_height": 36, "media_dir": media,
                        "verbosity": "ERROR", "progress_bar": "none"}):
        watched = _watching_updaters(variant(scene_class, **attributes))
        scene = watched(renderer=CairoRenderer(skip_animations=True))
        scene.dead_updaters = []
        scene.layouts = []
        if observe_layouts:
            scene.beat_observers = [lambda s: s.layouts.append(
                (s.timeline.current[1], text_boxes(s)))]
        scene.render()
    return scene
