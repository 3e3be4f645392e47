"""The lecture pack's wall times: from nothing, again with nothing changed, and its steps.

1. `render.py lecture` into an empty folder (every scene rendered, then assembled);
2. the same command again (nothing changed: goal under 10 s, no rendering);
3. the pack's own steps alone on the rendered scenes: joining the videos by
   stream copy with chapters, the whole assembly (join, captions, page, slides,
   handout) and the handout alone.

``--before TREE`` builds the same pack also from another copy of the repository
(e.g. ``git archive <commit> | tar -x -C TREE``), right after this one's:
before and after side by side in one run (wall time, lecture frames a second,
file sizes). ``--hall`` builds the hall preset (``lecture --hall``) instead of ``-q`` (and the
before tree, which has no preset, at -q h).

Usage: python benchmarks/bench_lecture.py [-q l] [--jobs 2] [--scenes a,b] [--keep DIR]
       [--before TREE] [--hall] [--voices none,piper]

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

After held pictures are written once (scenes/toolkit/speed/manim_adapter.py), update at
-q l: 528 frames encoded instead of 1745; encoding 3.6 s of CPU (was 9.4), the
process 8.1 s (was 13.6). The pack's own steps now: reversed sections re-encode
only the frames drawn one by one, with libx264's veryfast preset (update's four
sections: 6.4 s -> 2.7 s); the handout's light frames still need a render of
their own (another theme colours every drawing), which skips animations (-s)
and now draws only the frames it saves (update at -q m: 7.4 s -> 4.3 s wall,
same picture).

Before and after, one run (``--before`` = main at f544084), all 14 scenes, -q l,
--jobs 2, 25 Nov 2026 with load average 5-8 on the two cores (other helpers'
renders and tests; a third of the machine at best, so far from the targets,
which need a quiet machine): after 643.8 s from nothing, 29,563 frames (32.8
min at 15 fps), 46 lecture frames a second, second run 13.9 s, lecture.mp4
21.7 MB, scene folders 62.4 MB; before 808.5 s, 37 frames a second, second run
17.2 s, lecture.mp4 23.4 MB, scene folders 68.6 MB. Join with chapters 0.26 s,
whole assembly 15.4 s, handout alone 9.4 s. (That run was of the commit before
held pictures lost their B-frames.)

-q h (bench_render.py -q h --before, same busy machine): perceptron 8,267 frames
in 57.1 s after, 214.5 s before (145 vs 39 frames a second); update 7,001 frames
in 54.4 s after (129 frames a second). The hall preset (1080p30) against -q h
(1080p60), update, both after: 75.2 s against 125.9 s to render, 2.29 MB against
2.45 MB, SSIM of the pictures at 350 common times mean 0.998, min 0.970 (6 below
0.99: in motion, where each frame rate rounds its waits to its own frames, so the
two drift apart by a frame or two: 116.600 s against 116.683 s in all).
benchmarks/compare_videos.py measured it.

On a quiet machine, 25 Nov 2026 (nothing else running; niced tests beside the first
run), after frames reach libx264 without a copy at its veryfast preset (main at
db6ef69), all 14 scenes, --jobs 2, one run each:

- ``-q l --voices none,piper --before`` (f544084): silent 124.4 s from nothing, 29,514
  frames, 237 lecture frames a second (251 and 228 in two earlier runs of this week's
  code), second run 3.5 s, lecture.mp4 23.6 MB, scene folders 65.9 MB; narrated by
  piper from an empty sentence cache 294.3 s (2.37x silent; 46.2 min of video, the
  speech is longer than the reading time), second run 3.3 s, 46.9 MB and 193.7 MB
  (the WAVs); before 277.2 s, 107 frames a second, second run 3.2 s, 23.4 MB and
  68.6 MB. Synthesis is the floor of the narrated pack: about 2,600 s of speech at
  0.083 CPU seconds a second of speech (one onnxruntime thread) is 108 s of the two
  cores, 0.87 of the silent pack.
- ``-q h``: 772.9 s (12.9 min) from nothing, 118,104 frames, 153 lecture frames a
  second, second run 2.8 s, lecture.mp4 63.2 MB, scene folders 179.9 MB (before the
  veryfast preset, with tests beside it: 1025.4 s).
- ``--hall --scenes update,perceptron,proof --before`` (f544084 at -q h): hall 73.4 s,
  11,862 frames, 162 frames a second, lecture.mp4 11.6 MB; before 634.5 s, 23,330
  frames, 37 frames a second, 15.3 MB (8.6x the time for the same minutes of lecture).

28 Nov 2026, quiet machine, one run each, ``--before`` = main at 67da7c0 (the start of
the day: held pictures written once, libx264 veryfast), told ``--voice none`` like this
tree. After: a frame of a play whose drawings did not change is neither drawn nor
encoded, libx264 on one thread a segment, sections reversed only with
``--slides-reverse``, the handout's light frames from the video's own process, the
longest scenes started first.

- ``-q l --before``: after 102.7 s from nothing, 29,514 frames (32.8 min), 287 lecture
  frames a second, second run 4.2 s, lecture.mp4 23.2 MB, scene folders 54.1 MB; before
  132.4 s, 223 frames a second, second run 3.8 s, 23.6 MB and 65.9 MB. Join with
  chapters 0.11 s, whole assembly 5.0 s, handout alone 3.2 s.
- ``-q h`` (main at ddbb051): 455.0 s (7.6 min) from nothing, 118,104 frames, 260
  lecture frames a second, second run 3.0 s, lecture.mp4 61.6 MB, scene folders 135.7 MB;
  join 0.33 s, whole assembly 14.4 s, handout 5.3 s. Earlier the same day, the code of
  0676e82 (before the handout's frames came from the video's process and longest-first
  starts): 525.0 s. Before (67da7c0), silent, on the quiet machine of 25 Nov: 772.9 s.
  (This day's ``--before`` run of 67da7c0 spoke, its default voice, before this script
  passed --voice none: 46.3 min of video in 1,041.8 s, not comparable.)
"""

from __future__ import annotations

import argparse
import os
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


def timed(command: list[str], tree: Path = ROOT) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(tree)))
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-q", default="l", choices=["l", "m", "h", "p", "k"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scenes", default="", help="comma-separated names (default: all)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep it")
    parser.add_argument("--before", metavar="TREE", type=Path,
                        help="also build from this copy of the repository, side by side")
    parser.add_argument("--hall", action="store_true", help="the hall preset (lecture --hall)")
    parser.add_argument("--voices", default="none",
                        help="comma-separated --voice values for this tree's packs, side by side "
                             "(e.g. none,piper: silent, then narrated from an empty sentence cache)")
    args = parser.parse_args()
    names = [name for name in args.scenes.split(",") if name] or ["all"]
    entries = [e for e in available() if "all" in names or e.name in names]
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-lecture-"))
    quality = ["--hall"] if args.hall else ["-q", args.q]
    voices = [voice for voice in args.voices.split(",") if voice]
    trees = [(f"after, --voice {voice}", ROOT, ["--voice", voice]) for voice in voices]
    if args.before:  # silent like the first voice here (a tree from before narration has
        # no --voice option; one with narration speaks by default: it is told --voice none)
        before = args.before.resolve()
        has_voice = "voice_option" in (before / "linviz_cli" / "lecture_command.py").read_text(
            encoding="utf-8") if (before / "linviz_cli" / "lecture_command.py").exists() else False
        trees.append(("before", before, ["--voice", "none"] if has_voice else []))
    print(f"load average now {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    try:
        for number, (label, tree, voice) in enumerate(trees):
            out = work / f"media-{number}"
            shutil.rmtree(out, ignore_errors=True)
            command = [sys.executable, str(tree / "render.py"), "lecture", *names, *quality,
                       "--jobs", str(args.jobs), "--out", str(out), *voice]
            if label == "before" and args.hall:  # the old tree has no preset: its -q h
                command[command.index("--hall")] = "-q"
                command.insert(command.index("-q") + 1, "h")
            first = timed(command, tree)
            second = timed(command, tree)
            lecture = out / "lecture.mp4"
            seconds = join.video_duration(lecture)
            frames = round(seconds * join.frame_rate(lecture))
            cache_mb = sum(p.stat().st_size for p in (out / "scenes").rglob("*") if p.is_file())
            print(f"{label}: pack from nothing ({len(entries)} scenes, {' '.join(quality)}, "
                  f"--jobs {args.jobs}): {first:.1f} s, {frames} frames "
                  f"({seconds / 60:.1f} min at {join.frame_rate(lecture):g} fps): "
                  f"{frames / first:.0f} lecture frames a second; second run {second:.1f} s; "
                  f"lecture.mp4 {lecture.stat().st_size / 1e6:.1f} MB, scene folders "
                  f"{cache_mb / 1e6:.1f} MB", flush=True)
        out = work / "media-0"
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
                                 Path(scratch), build.PackSettings(quality=args.q))
            handout = time.perf_counter() - start
        print(f"join by stream copy with chapters ({minutes:.1f} min of video): {joined:.2f} s")
        print(f"whole assembly (join, captions, page, slides, handout): {assembled:.2f} s")
        print(f"handout.pdf alone: {handout:.2f} s")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
