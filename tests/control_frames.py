"""Control frames: the picture at the end of every section of a scene, kept and compared.

A scene runs in Manim's dry run at :data:`FRAME_SIZE`, with animations skipped
(each play jumps to its end state, as Manim's own graphical tests do; two to
three times faster than drawing every frame). One RGB frame is taken where
each section ends, where the scene saves its key frame: when the next
``section()`` starts and in ``tear_down``. The frames are keyed
``"<nn>-<section name>"`` (``nn`` counting from 01) and stored compressed in
``tests/control_frames/<scene name>.npz``.

Skipped and played runs paint the same section ends because every drawing is
a function of the step shown, not of the frames drawn before it
(``test_pictures.py`` checks it on a perceptron scene).

Two frames match when at most :data:`MISMATCH_FRACTION` of their pixels differ,
a pixel differing when one of its channels is off by more than
:data:`PIXEL_TOLERANCE` (of 255). This is the rule of Manim's
``frames_comparison`` (an absolute tolerance per value and a share of values
allowed off), with a little room for a Cairo that antialiases an edge differently. What
must be caught lies well beyond it: the smallest change
``tests/scenes/test_pictures.py`` makes, a reversed normal arrow, moves about 70 of
the 36 864 pixels, ten times the 7 allowed, and the faintest, dropping the
half-plane shading, changes a channel by 21 levels, five times the tolerance.

Control data is written only on purpose, by
``scripts/regenerate_control_frames.py``, which also writes the frames as
PNGs for a person to look at before committing them.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
#: where the committed control data lives, one .npz per scene
CONTROL_DIR = REPO / "tests" / "control_frames"
#: where regeneration writes PNGs for review (not committed: media/ is ignored)
REVIEW_DIR = REPO / "media" / "control-review"
#: the command that writes control data (named in failure messages)
REGENERATE = ".venv/bin/python scripts/regenerate_control_frames.py"

#: (width, height) in pixels: a marker's sign and the pseudocode bar stay legible
FRAME_SIZE = (256, 144)
#: a channel may be off by this much (of 255) before its pixel counts as different
PIXEL_TOLERANCE = 4
#: a frame matches when at most this share of its pixels differ
MISMATCH_FRACTION = 0.0002
#: the variables that would change a scene's data, seed or theme (see linviz/request.py)
OPTION_VARIABLES = ("LINVIZ_REQUEST", "LINVIZ_DATA", "LINVIZ_SEED", "LINVIZ_THEME")


def frame_key(index: int, section: str) -> str:
    """The key of the frame that ends section number ``index`` (from 1) named ``section``."""
    return f"{index:02d}-{section}"


def recording(scene_class, frames: dict[str, np.ndarray]):
    """A subclass of ``scene_class`` that puts the frame ending each section in ``frames``.

    It takes the frame where the scene saves its key frame of a section
    (``LinvizScene.save_keyframe`` without a suffix: when the next section
    starts and in ``tear_down``, after the last beat has been held), so it
    sees what the video shows there. The subclass keeps the class's name.
    """
    from scenes.toolkit.speed.manim_adapter import current_frame

    def save_keyframe(self, suffix: str = "") -> None:
        if not suffix:  # a suffix marks a key frame inside a section (a beat)
            sections = self.sections or ["scene"]  # a scene without sections has one frame
            frames[frame_key(len(sections), sections[-1])] = current_frame(self)[..., :3].copy()
        scene_class.save_keyframe(self, suffix)

    return type(scene_class.__name__, (scene_class,),
                {"save_keyframe": save_keyframe, "__module__": scene_class.__module__})


@contextlib.contextmanager
def default_options():
    """No LINVIZ_* variable set: the scene's own data, seed and theme."""
    saved = {name: os.environ.pop(name) for name in OPTION_VARIABLES if name in os.environ}
    try:
        yield
    finally:
        os.environ.update(saved)


def capture(scene_class, media_dir, played: bool = False) -> dict[str, np.ndarray]:
    """Run ``scene_class`` in a dry run and return the frame ending each section, in order.

    ``media_dir`` receives Manim's scratch files (nothing else is written).
    With ``played`` every frame of every animation is drawn, as in a video.
    """
    from manim import tempconfig

    frames: dict[str, np.ndarray] = {}
    width, height = FRAME_SIZE
    settings = {"dry_run": True, "disable_caching": True, "quality": "low_quality",
                "pixel_width": width, "pixel_height": height, "media_dir": str(media_dir),
                "verbosity": "ERROR", "progress_bar": "none"}
    with default_options(), tempconfig(settings):
        recording(scene_class, frames)(skip_animations=not played).render()
    if not frames:
        raise RuntimeError(f"{scene_class.__name__} ended no section: does LinvizScene still "
                           "call save_keyframe() where a section ends?")
    return frames


def capture_scene(name: str, media_dir) -> dict[str, np.ndarray]:
    """:func:`capture` for the catalogue's scene called ``name``."""
    from scenes.catalog import find

    return capture(find(name).load(), media_dir)


# -- control data ------------------------------------------------------------
def control_path(name: str) -> Path:
    return CONTROL_DIR / f"{name}.npz"


def shown(path: Path) -> str:
    """``path`` for a message: from the repository when inside it."""
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def save_control(name: str, frames: dict[str, np.ndarray]) -> Path:
    """Write ``frames`` as the control data of scene ``name``; returns the file."""
    path = control_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **{key: np.asarray(frame, dtype=np.uint8)
                                 for key, frame in frames.items()})
    return path


def load_control(name: str) -> dict[str, np.ndarray]:
    """The control frames of scene ``name``, in section order.

    Raises FileNotFoundError naming the command that writes them.
    """
    path = control_path(name)
    if not path.is_file():
        raise FileNotFoundError(f"no control frames for scene {name!r} at {path}; "
                                f"write them with: {REGENERATE} {name}")
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


# -- comparison --------------------------------------------------------------
#: how a frame can fail to match: its pixels differ, its size does, or one of the two is missing
DIFFERS, RESIZED, NEW, GONE = "differs", "resized", "new", "gone"


@dataclass(frozen=True)
class Mismatch:
    """How the frame ``key`` fails to match its control (counts only when ``kind`` is DIFFERS)."""

    key: str
    kind: str
    differing: int = 0
    fraction: float = 0.0
    largest: int = 0
    detail: str = ""

    def __str__(self) -> str:
        if self.kind == DIFFERS:
            return (f"{self.key}: {self.differing} pixels ({self.fraction:.3%}) differ by more "
                    f"than {PIXEL_TOLERANCE} (largest difference {self.largest})")
        explained = {NEW: "section not in the control data",
                     GONE: "control section not reached by the scene", RESIZED: self.detail}
        return f"{self.key}: {explained[self.kind]}"


def differing_pixels(actual: np.ndarray, control: np.ndarray) -> np.ndarray:
    """Boolean (height, width): where a channel is off by more than :data:`PIXEL_TOLERANCE`."""
    delta = np.abs(actual.astype(np.int16) - control.astype(np.int16))
    return delta.max(axis=-1) > PIXEL_TOLERANCE


def compare_frame(key: str, actual: np.ndarray, control: np.ndarray) -> Mismatch | None:
    """None when ``actual`` matches ``control``, else what differs."""
    if actual.shape != control.shape:
        return Mismatch(key, RESIZED, detail=f"shape {actual.shape}, control {control.shape}")
    mask = differing_pixels(actual, control)
    fraction = float(mask.mean())
    if fraction <= MISMATCH_FRACTION:
        return None
    largest = int(np.abs(actual.astype(np.int16) - control.astype(np.int16)).max())
    return Mismatch(key, DIFFERS, int(mask.sum()), fraction, largest)


def compare(actual: dict[str, np.ndarray], control: dict[str, np.ndarray]) -> list[Mismatch]:
    """Every frame that differs, is missing or is new, comparing section by section."""
    mismatches = [Mismatch(key, NEW) for key in actual if key not in control]
    mismatches += [Mismatch(key, GONE) for key in control if key not in actual]
    for key in actual.keys() & control.keys():
        found = compare_frame(key, actual[key], control[key])
        if found:
            mismatches.append(found)
    return sorted(mismatches, key=lambda m: m.key)


# -- pictures for people -----------------------------------------------------
def save_png(frame: np.ndarray, path: Path) -> Path:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(np.asarray(frame, dtype=np.uint8)).save(path)
    return path


def diff_image(actual: np.ndarray, control: np.ndarray) -> np.ndarray:
    """The control dimmed to grey, with the differing pixels in full magenta."""
    grey = (control.astype(np.float64).mean(axis=-1) * 0.35).astype(np.uint8)
    picture = np.repeat(grey[..., None], 3, axis=-1)
    picture[differing_pixels(actual, control)] = (255, 0, 255)
    return picture


def write_mismatch_pictures(folder: Path, name: str, actual: dict[str, np.ndarray],
                            control: dict[str, np.ndarray],
                            mismatches: list[Mismatch]) -> list[Path]:
    """PNGs of each mismatched frame (actual, control, diff) in ``folder``; returns them."""
    written = []
    for mismatch in mismatches:
        stem = f"{name}-{mismatch.key}"
        if mismatch.key in actual:
            written.append(save_png(actual[mismatch.key], folder / f"{stem}-actual.png"))
        if mismatch.key in control:
            written.append(save_png(control[mismatch.key], folder / f"{stem}-control.png"))
        if mismatch.kind == DIFFERS:
            written.append(save_png(diff_image(actual[mismatch.key], control[mismatch.key]),
                                    folder / f"{stem}-diff.png"))
    return written


def write_review_pictures(name: str, frames: dict[str, np.ndarray],
                          folder: Path = REVIEW_DIR) -> list[Path]:
    """Every frame as ``<folder>/<scene>/<key>.png`` (the folder emptied first), for a person."""
    import shutil

    scene_folder = folder / name
    shutil.rmtree(scene_folder, ignore_errors=True)  # no picture of an earlier run is left
    return [save_png(frame, scene_folder / f"{key}.png") for key, frame in frames.items()]


def failure_report(name: str, mismatches: list[Mismatch], pictures: list[Path]) -> str:
    """The message of a failed comparison: what differs, where to look, how to accept it."""
    lines = [f"scene {name!r}: {len(mismatches)} frame(s) differ from "
             f"{shown(control_path(name))}:"]
    lines += [f"  {mismatch}" for mismatch in mismatches]
    if pictures:
        lines.append(f"pictures (actual, control, diff) in {pictures[0].parent}:")
        lines += [f"  {path.name}" for path in pictures]
    lines.append(f"if the change is intended, regenerate and review: {REGENERATE} {name}")
    return "\n".join(lines)
