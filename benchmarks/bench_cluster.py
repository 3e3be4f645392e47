"""Fan-out on Dask: batch on a LocalCluster of 1 and 2 workers, and Dask's cost per task.

1. Scaling: `render.py batch` of a roster of --students students × --scenes on
   `--cluster local:1` and `--cluster local:2`, run alternately (1, 2, 1, 2, …)
   so both see the same load; median wall seconds of each, and the speed-up
   (ideal 2 on two free cores; expect ≤ 2). Per-task seconds are read from
   the progress lines (time on the worker).
2. Overhead per task: a short scene rendered as one Dask task on a running
   LocalCluster(1), the client's round trip against the time the task took on
   the worker (submit, schedule, pickling, result); and the same render here
   without Dask. Dask's share = (round trip − task) / round trip.
3. Projection: a course of 300 students × 2 scenes on N cluster cores, from the
   measured per-task time: ⌈600 / N⌉ rounds × (median task + overhead) + start-up.

The machine is shared: the figures are of one run under whatever load there was.

Usage: python benchmarks/bench_cluster.py [--students 2] [--repeats 3]
           [--scenes proof,perceptron] [-q l] [--overhead-scene summary]
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TASK_LINE = re.compile(r"^\[\d+/\d+\] (\S+): done in ([\d.]+) s on (\S+)$", re.M)
COURSE_STUDENTS, COURSE_SCENES = 300, 2


def run_batch(roster: Path, out: Path, workers: int, scenes: str, quality: str):
    """(wall seconds, [per-task seconds]) of one batch on --cluster local:workers."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, str(ROOT / "render.py"), "batch", str(roster),
                           "--out", str(out), "--scenes", scenes, "-q", quality,
                           "--cluster", f"local:{workers}"], capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"batch failed: {done.stderr.strip().splitlines()[-1]}")
    return wall, [float(seconds) for _, seconds, _ in TASK_LINE.findall(done.stderr)]


def scaling(args, folder: Path) -> dict:
    roster = folder / "roster.csv"
    roster.write_text("id\n" + "".join(f"student{k:03d}\n" for k in range(args.students)))
    walls = {1: [], 2: []}
    tasks = []
    for repeat in range(args.repeats):
        for workers in (1, 2):
            out = folder / f"out-{workers}-{repeat}"
            wall, seconds = run_batch(roster, out, workers, args.scenes, args.q)
            walls[workers].append(wall)
            if workers == 1:  # one task at a time: a task's own time, as on a free core
                tasks += seconds
            print(f"  repeat {repeat + 1}, local:{workers}: {wall:6.1f} s wall, "
                  f"{len(seconds)} tasks, median task {statistics.median(seconds):.1f} s",
                  flush=True)
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    count = args.students * len(args.scenes.split(","))
    print(f"batch of {args.students} students × {args.scenes} ({count} tasks) at -q {args.q}, "
          f"median of {args.repeats}:")
    print(f"  local:1 {one:6.1f} s   local:2 {two:6.1f} s   speed-up {one / two:.2f}×")
    print(f"  per task on local:1 (one at a time): median {statistics.median(tasks):.1f} s "
          f"of {len(tasks)}")
    return {"task": statistics.median(tasks), "tasks": tasks}


def overhead(args, folder: Path) -> dict:
    """Round trip of a short render as a Dask task against the task itself, and a plain
    render here."""
    import logging

    import distributed

    from linviz.safety.atomic import make_work_dir
    from linviz_render.cluster import on_worker
    from linviz_render.fanout import on_this_machine
    from linviz_render.scene import render_scene, render_task
    from scenes.catalog import find
    from linviz.request import RenderRequest

    entry = find(args.overhead_scene)
    request = RenderRequest()
    here = []
    for repeat in range(args.repeats):
        out = folder / f"here-{repeat}"
        out.mkdir()
        here.append(on_this_machine(render_scene, entry, request, args.q, "mp4", out, []).seconds)
    started = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR,
                                       memory_limit=0)
    client = distributed.Client(cluster)
    startup = time.perf_counter() - started
    trips, on_worker_times = [], []
    try:
        client.submit(sum, [1, 2]).result()  # the first task warms the connection
        for repeat in range(args.repeats):
            out = folder / f"dask-{repeat}"
            out.mkdir()
            scratch = make_work_dir(out, "cluster")
            t0 = time.perf_counter()
            done = client.submit(on_worker, render_task, entry, request, args.q, "mp4", out,
                                 scratch, (), pure=False).result()
            trips.append(time.perf_counter() - t0)
            on_worker_times.append(done.seconds)
    finally:
        client.close()
        cluster.close()
    trip, task = statistics.median(trips), statistics.median(on_worker_times)
    extra = statistics.median(t - w for t, w in zip(trips, on_worker_times))
    print(f"overhead per task ({args.overhead_scene} at -q {args.q}, median of {args.repeats}):")
    print(f"  render here {statistics.median(here):6.2f} s   as a Dask task: round trip "
          f"{trip:6.2f} s, on the worker {task:6.2f} s")
    print(f"  Dask's share {extra:.3f} s per task = {100 * extra / trip:.1f} % of the round trip "
          f"(LocalCluster(1) start-up {startup:.1f} s, once per command)")
    return {"extra": extra, "startup": startup}


def projection(task: float, extra: float, startup: float, quality: str) -> None:
    tasks = COURSE_STUDENTS * COURSE_SCENES
    print(f"projection: {COURSE_STUDENTS} students × {COURSE_SCENES} scenes = {tasks} tasks "
          f"at -q {quality}, {task:.1f} s per task + {extra:.2f} s Dask, one task per core:")
    for cores in (2, 16, 64, 128, 256, 600):
        rounds = math.ceil(tasks / cores)
        seconds = rounds * (task + extra) + startup
        print(f"  {cores:4d} cores: {rounds:3d} round(s) → {seconds / 60:7.1f} min")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scenes", default="proof,perceptron")
    parser.add_argument("-q", default="l")
    parser.add_argument("--overhead-scene", default="summary")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start "
          f"(shared: figures of this one run)", flush=True)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        measured = scaling(args, folder)
        cost = overhead(args, folder)
    projection(measured["task"], cost["extra"], cost["startup"], args.q)


if __name__ == "__main__":
    main()
