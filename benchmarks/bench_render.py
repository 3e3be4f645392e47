"""Render speed of every scene against an empty scene of the same length.

For each scene: render it at the given quality with the Manim command line
`render.py render` runs (`manim_command`: a Manim process reading the
repository's manim.cfg, mp4 encoding included), read the video's length,
then render an empty scene of that length at the same resolution in the same
run. Reported: frames, median wall seconds, frames per second, and the ratio
scene/empty of wall time (= cost per frame, since both have the same frames),
the median over repeats of each scene render against the empty render made
right after it.
Target: ratio ≤ 1.5 at -q l and -q h. Also the wall time of rendering the whole lecture
as `make video` does (all scenes, --jobs 2).

``--before TREE`` renders every scene also from another copy of the repository
(e.g. ``git archive <commit> | tar -x -C TREE``), right after this one's, with
its own empty scene: before and after side by side in one run.

Usage: python benchmarks/bench_render.py [-q l] [--repeats 1] [--scenes a,b] [--lecture]
       [--before TREE]

The empty scene is a plain Manim ``Scene``: Manim's own writer, every frame of its
wait encoded, in both trees (the renderer's cost per frame as Manim writes it).

Measured 25 Nov 2026, -q l, one repeat, ``--before`` = main at f544084 (before held
pictures), while four other helpers and tests kept the two cores busy (load
average 6-7): single ratios moved by ±0.5 between neighbouring runs, so read the
sums. Scene wall seconds, all 14 scenes: after 462 s, before 596 s (0.78×); their
empty scenes 412 s and 368 s; summed ratio scene/empty: after 1.12, before 1.62.
Per scene, after (before): classifier 0.78 (2.57), perceptron 0.81 (1.48),
perceptron-origin 0.96 (0.85), update 1.03 (0.92), margin 0.86 (1.51), proof 1.45
(2.67), proof-offset 0.93 (1.67), margin-speed 1.19 (1.50), offset-lift 1.81 (2.38),
xor 2.05 (1.45), noise 1.65 (2.37), logistic 1.48 (2.05), regression 0.50 (1.79),
summary 1.54 (1.94). (That run was of the commit before held pictures lost their
B-frames, whose declared lengths were a few frames short: the frame counts of the
"after" rows came from them.)

On a quiet machine, 25 Nov 2026 (main at db6ef69: frames to libx264 without a copy, its
veryfast preset), -q l, one repeat, ratio scene/empty: classifier 0.51, perceptron 0.73,
perceptron-origin 0.56, update 0.71, margin 0.57, proof 1.34, proof-offset 0.84,
margin-speed 0.78, offset-lift 1.26, xor 1.11, noise 1.13, logistic 1.15, regression 0.54,
summary 1.03: every scene within 1.5x (the empty scene encodes every frame of its wait).
-q h, ``--scenes update,xor,proof``: update 7,224 frames in 25.4 s (empty 117.1 s, ratio
0.22), proof 8,142 in 32.3 s (0.23), xor 12,358 in 70.4 s (0.34).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import av

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from linviz_render.scene import manim_command  # noqa: E402
from scenes.catalog import available  # noqa: E402

FPS = {"l": 15, "m": 30, "h": 60, "p": 60, "k": 60, "hall": 30}


def timed_render(path: Path, class_name: str, quality: str, env: dict,
                 tree: Path = ROOT) -> tuple[float, float]:
    """(wall seconds, video seconds) of one Manim render into a fresh folder, with the
    scenes and manim.cfg of the repository copy ``tree``."""
    with tempfile.TemporaryDirectory() as media:
        command = manim_command(path, class_name, quality, "mp4", Path(media))
        command[command.index("-c") + 1] = str(tree / "manim.cfg")
        env = dict(env, PYTHONPATH=str(tree))
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env, cwd=media, capture_output=True)
        wall = time.perf_counter() - start
        movie = max(Path(media).rglob(f"{class_name}.mp4"), key=lambda p: p.stat().st_mtime)
        with av.open(str(movie)) as container:
            seconds = container.duration / 1e6
    return wall, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-q", default="l", choices=list(FPS))
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--scenes", default="", help="comma-separated names (default: all)")
    parser.add_argument("--lecture", action="store_true",
                        help="also time the whole lecture as `make video` renders it")
    parser.add_argument("--before", metavar="TREE", type=Path,
                        help="also render from this copy of the repository, side by side")
    args = parser.parse_args()
    trees = [("", ROOT)] + ([("before ", args.before.resolve())] if args.before else [])
    wanted = set(filter(None, args.scenes.split(",")))
    entries = [e for e in available() if not wanted or e.name in wanted]
    env = dict(os.environ)
    print(f"render benchmark at -q {args.q} ({FPS[args.q]} fps), median of {args.repeats}, "
          f"{os.cpu_count()} cores; load average now {os.getloadavg()[0]:.2f}")
    print(f"{'scene':<27}{'frames':>8}{'scene s':>10}{'empty s':>10}{'scene fps':>11}"
          f"{'empty fps':>11}{'ratio':>8}")
    for entry in entries:
        for label, tree in trees:
            scene_walls, empty_walls = [], []
            for _ in range(args.repeats):
                wall, seconds = timed_render(tree / entry.path, entry.load().__name__, args.q,
                                             env, tree)
                scene_walls.append(wall)
                empty_env = dict(env, LINVIZ_EMPTY_SECONDS=f"{seconds:.3f}")
                empty_wall, _ = timed_render(ROOT / "benchmarks" / "empty_scene.py",
                                             "EmptyScene", args.q, empty_env, tree)
                empty_walls.append(empty_wall)
            frames = round(seconds * FPS[args.q])
            scene_wall, empty_wall = statistics.median(scene_walls), statistics.median(empty_walls)
            # each scene render is paired with the empty render right after it: the median
            # of the pairs' ratios is robust to the machine's speed drifting between pairs
            ratio = statistics.median(s / e for s, e in zip(scene_walls, empty_walls))
            print(f"{label + entry.name:<27}{frames:>8}{scene_wall:>10.1f}{empty_wall:>10.1f}"
                  f"{frames / scene_wall:>11.1f}{frames / empty_wall:>11.1f}"
                  f"{ratio:>8.2f}", flush=True)
    if args.lecture:
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "render.py"), "render", "all", "-q", "l",
                            "--out", out, "--jobs", "2"], check=True, capture_output=True)
            print(f"whole lecture (render all -q l --jobs 2, as make video): "
                  f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
