"""Where one scene's render time goes: scene logic, Cairo drawing, frame copies, encoding.

Runs the Manim command line `render.py render` runs (`manim_command`), in this
process, with timers around the renderer's steps:

- Cairo drawing: ``Camera.capture_mobjects`` (every mobject drawn into the frame);
- frame copies: ``Camera.reset`` / ``set_frame_to_background`` (the frame
  cleared or set to the still image) and ``CairoRenderer.get_frame`` (the copy
  handed to the encoder);
- encoding: the CPU time of every thread but the main one (the partial-movie
  encoder threads, libx264's own threads), plus the encoders' ``write_frame``
  when it runs on the main thread;
- joining: ``SceneFileWriter.combine_to_movie`` / ``combine_to_section_videos``
  (the partial movies and sections concatenated by stream copy);
- scene logic: the rest of the main thread (the engine's run, the lesson,
  typesetting, updaters, Manim's animation bookkeeping, Python start-up).

Times are CPU seconds (``time.thread_time`` on the main thread, the process's
CPU time for the rest), so they add up to the process's CPU time, which on
two cores can exceed its wall time.

Usage: python benchmarks/profile_scene.py update [-q l] [--sections]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: main-thread CPU seconds by category
SPENT: dict[str, float] = defaultdict(float)
_INSIDE = threading.local()
#: frames handed to the file writer: drawn one by one, or held (a still wait's repeats)
FRAMES: dict[str, int] = defaultdict(int)


def _timed(owner, name: str, category: str) -> None:
    """Wrap ``owner.name`` so that its main-thread CPU time counts for ``category``
    (nested timed calls count for the outermost one only)."""
    original = getattr(owner, name)

    def wrapper(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread() or getattr(
                _INSIDE, "on", False):
            return original(*args, **kwargs)
        _INSIDE.on = True
        start = time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            SPENT[category] += time.thread_time() - start
            _INSIDE.on = False

    setattr(owner, name, wrapper)


def instrument() -> None:
    from manim.camera.camera import Camera
    from manim.renderer.cairo_renderer import CairoRenderer
    from manim.scene.scene_file_writer import SceneFileWriter

    _timed(Camera, "capture_mobjects", "Cairo drawing")
    _timed(Camera, "reset", "frame copies")
    _timed(Camera, "set_frame_to_background", "frame copies")
    _timed(CairoRenderer, "get_frame", "frame copies")
    _timed(SceneFileWriter, "combine_to_movie", "joining partial movies")
    _timed(SceneFileWriter, "combine_to_section_videos", "joining partial movies")
    original_write = SceneFileWriter.write_frame

    def counting_write(self, pixels, *, repeat: int = 1):
        FRAMES["held" if repeat > 1 else "drawn"] += repeat
        return original_write(self, pixels, repeat=repeat)

    SceneFileWriter.write_frame = counting_write
    from scenes.toolkit.speed import manim_adapter

    for name in dir(manim_adapter):
        if name.endswith("Encoder") and hasattr(getattr(manim_adapter, name), "write_frame"):
            _timed(getattr(manim_adapter, name), "write_frame", "encoding")


def split(wall: float) -> list[tuple[str, float]]:
    """(category, CPU seconds) of the whole run, the encoding threads included."""
    total = sum(os.times()[:2])
    main = time.thread_time()
    drawn = sum(SPENT.values())
    rows = [("scene logic (engine, lesson, typesetting, updaters, Manim)", main - drawn)]
    rows += sorted(SPENT.items())
    rows.append(("encoding threads (x264, RGBA->YUV, muxing)", total - main))
    rows.append(("= process CPU", total))
    rows.append(("wall", wall))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene")
    parser.add_argument("-q", default="l")
    parser.add_argument("--sections", action="store_true", help="also --save_sections")
    args = parser.parse_args()
    from linviz_render.scene import manim_command
    from scenes.catalog import find

    entry = find(args.scene)
    media = Path(tempfile.mkdtemp(prefix="profile-"))
    command = manim_command(ROOT / entry.path, entry.load().__name__, args.q, "mp4", media,
                            ["--save_sections"] if args.sections else [])
    instrument()
    sys.argv = ["manim", *command[3:]]
    from manim.__main__ import main as manim_main

    start = time.perf_counter()
    try:
        manim_main(standalone_mode=False)
    finally:
        wall = time.perf_counter() - start
        movie = max(media.rglob(f"{entry.load().__name__}.mp4"), key=lambda p: p.stat().st_mtime)
        import av

        with av.open(str(movie)) as container:
            frames = sum(1 for _ in container.demux(container.streams.video[0])) - 1
            seconds = container.duration / 1e6
        print(f"{args.scene} at -q {args.q}: {seconds:.1f} s of video, {frames} encoded frames, "
              f"load average {os.getloadavg()[0]:.2f}")
        print(f"  frames: {FRAMES['drawn']} drawn one by one, {FRAMES['held']} in still "
              f"waits (drawn once each)")
        for name, value in split(wall):
            print(f"  {name:<58}{value:8.2f} s")
        import shutil

        shutil.rmtree(media, ignore_errors=True)


if __name__ == "__main__":
    main()
