"""The lecture pack's wall times: from nothing, again with nothing changed, and its steps.

1. `render.py lecture` into an empty folder (every scene rendered, then assembled);
2. the same command again (nothing changed: goal under 10 s, no rendering);
3. the pack's own steps alone on the rendered scenes: joining the videos by
   stream copy with chapters, the whole assembly (join, captions, page, slides,
   handout) and the handout alone.

Usage: python benchmarks/bench_lecture.py [-q l] [--jobs 2] [--scenes a,b] [--keep DIR]

Measured (2 cores shared with other work, all 14 scenes, -q l, --jobs 2, 11.4
minutes of video, 75 sections): pack from nothing 307 s; second run 4.1 s
(2.7 s on a quieter machine; `make video` again: 3-6 s with the bootstrap
check); join with chapters 0.15 s; whole assembly 6.8 s; handout alone
5.4 s (75 pages of 1280x720 frames). The pack's own share of the 307 s: the
handout's light frames (a last-frame-only render per scene: 83 s of the two
cores' time, about 40 s of wall time; with --theme light the video's render
saves them instead) and the sections played backwards for manim-slides
(about 10,300 frames re-encoded at ~170 frames/s: about 45 s of wall time).

Where a scene's time goes (``benchmarks/profile_scene.py update``, CPU seconds;
measured on 25 Nov 2026 while four other helpers kept both cores busy, load
average 5-7, so the ratios count, not the wall times):

=============================  ==========  ==========
update (116 s of video)        -q l 480p15 -q h 1080p60
=============================  ==========  ==========
frames (drawn / still waits)   510 / 1235  ~1.9k / ~5.1k
scene logic (engine, lesson,     2.8 (21%)   4.3 (3%)
typesetting, updaters, Manim)
Cairo drawing                    1.1 (8%)    4.9 (3%)
frame copies                     0.3 (2%)    3.5 (2%)
joining partial movies           0.1 (1%)    0.3 (0%)
encoding (x264 threads)          9.4 (69%) 138.8 (91%)
process CPU / wall             13.6 / 8.3  151.7 / 172.5
=============================  ==========  ==========

Encoding is the cost, and 71% of the frames it encodes are still waits: Manim
draws a still wait's frame once (the stage's still frame), but its file writer
hands libx264 every repeat, converted from RGBA and encoded one by one.
py-spy (``record --threads``) agrees: the main thread is mostly in the scene's
construct and Cairo, the rest of the samples are partial-movie encoder threads.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from linviz_pack import build, join  # noqa: E402
from linviz_pack.rendered import RenderedScene  # noqa: E402
from scenes.catalog import available  # noqa: E402


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-q", default="l", choices=["l", "m", "h", "p", "k"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scenes", default="", help="comma-separated names (default: all)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep it")
    args = parser.parse_args()
    names = [name for name in args.scenes.split(",") if name] or ["all"]
    entries = [e for e in available() if "all" in names or e.name in names]
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-lecture-"))
    out = work / "media"
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, str(ROOT / "render.py"), "lecture", *names, "-q", args.q,
               "--jobs", str(args.jobs), "--out", str(out)]
    try:
        first = timed(command)
        print(f"pack from nothing ({len(entries)} scenes, -q {args.q}, --jobs {args.jobs}): "
              f"{first:.1f} s")
        second = timed(command)
        print(f"second run, nothing changed: {second:.1f} s (goal < 10 s)")
        scenes = [RenderedScene(e.name, out / "scenes" / e.name) for e in entries]
        videos = [scene.video for scene in scenes]
        minutes = sum(join.video_duration(v) for v in videos) / 60
        with tempfile.TemporaryDirectory(dir=work) as scratch:
            start = time.perf_counter()
            join.join_videos(videos, Path(scratch) / "lecture.mp4")
            joined = time.perf_counter() - start
            start = time.perf_counter()
            (Path(scratch) / "pack").mkdir()
            build.assemble(entries, scenes, Path(scratch) / "pack", build.PackSettings(
                quality=args.q))
            assembled = time.perf_counter() - start
            start = time.perf_counter()
            build._write_handout(entries, scenes, [s.timeline() for s in scenes],
                                 Path(scratch))
            handout = time.perf_counter() - start
        print(f"join by stream copy with chapters ({minutes:.1f} min of video): {joined:.2f} s")
        print(f"whole assembly (join, captions, page, slides, handout): {assembled:.2f} s")
        print(f"handout.pdf alone: {handout:.2f} s")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
