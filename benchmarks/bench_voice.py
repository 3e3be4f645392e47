"""The cost of narration: piper's real-time factor here, and a scene rendered with and without voice.

1. piper: the time to load the voice, and for each sentence of the scene's script
   (its spoken form) the synthesis time over the length of the speech (the
   real-time factor, RTF; below 1 is faster than speaking), median over the sentences.
2. The scene rendered as ``render.py render`` renders it (the render layer's
   ``render_scene``: a Manim process, then the speech muxed in), side by side in one
   run, ``--repeats`` times each, in turn: silent (``--voice none``); with piper and an
   empty sentence cache (a first render: every sentence synthesised, beside the
   rendering); with piper and the cache of that render (a re-run: nothing synthesised).
   Printed: the median wall seconds and the video's length of each, and the ratios.

Usage: python benchmarks/bench_voice.py [--scene summary] [-q l] [--repeats 3]
Needs the voice extra (pip install -e '.[voice]').

Quiet machine, 25 Nov 2026, ``--scene update -q l --repeats 1`` (piper with two
onnxruntime threads, before THREADS = 1): 19 sentences, 166.3 s of speech, load 0.65 s,
RTF median 0.062; silent 6.9 s for 120.0 s of video, first narrated render 19.3 s
(2.80x) for 177.1 s, re-run 8.7 s (1.26x: a longer video). One thread against two, 48.6 s
of speech alone: RTF 0.083 against 0.054, CPU 0.083 against 0.108 s a second of speech.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from linviz_voice import piper_installed  # noqa: E402


def piper_figures(sentences: list[str]) -> tuple[float, list[float], float]:
    """(load seconds, RTF of each sentence, seconds of speech in all)."""
    started = time.perf_counter()
    from linviz_voice import piper_voice

    piper_voice.loaded_voice()
    load = time.perf_counter() - started
    factors, spoken = [], 0.0
    for sentence in sentences:
        started = time.perf_counter()
        data = piper_voice.synthesize(sentence)
        took = time.perf_counter() - started
        with wave.open(io.BytesIO(data)) as wav:
            seconds = wav.getnframes() / wav.getframerate()
        factors.append(took / seconds)
        spoken += seconds
    return load, factors, spoken


def timed_render(entry, quality: str, voice: str, cache: Path | None) -> tuple[float, float]:
    """(wall seconds, video seconds) of one render of ``entry`` into a fresh folder."""
    from linviz_pack.join import video_duration
    from linviz_render.scene import render_scene
    from linviz.request import RenderRequest

    request = RenderRequest(voice=voice, voice_cache=str(cache) if cache else None)
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as out:
        started = time.perf_counter()
        render_scene(entry, request, quality, "mp4", Path(out))
        wall = time.perf_counter() - started
        return wall, video_duration(Path(out) / f"{entry.name}.mp4")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scene", default="summary")
    parser.add_argument("-q", default="l")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if not piper_installed():  # not a failure of `make bench`: nothing to measure
        print("skipped: the voice extra is not installed (pip install -e '.[voice]')")
        return
    from linviz_render.story import sentences_of
    from linviz_voice.speaker import spoken_form
    from scenes.catalog import find
    from linviz.request import RenderRequest

    entry = find(args.scene)
    sentences = [spoken_form(s) for s in sentences_of(entry, RenderRequest())]
    load, factors, spoken = piper_figures(sentences)
    print(f"piper ({len(sentences)} sentences of {args.scene}, {spoken:.1f} s of speech): "
          f"load {load:.2f} s; real-time factor median {statistics.median(factors):.3f} "
          f"(min {min(factors):.3f}, max {max(factors):.3f})")

    runs: dict[str, list[tuple[float, float]]] = {"silent": [], "piper, first": [],
                                                  "piper, re-run": []}
    for _ in range(args.repeats):  # in turn, so that a busy spell of the machine hits all
        runs["silent"].append(timed_render(entry, args.q, "none", None))
        with tempfile.TemporaryDirectory(prefix="bench-voice-cache-") as cache:
            runs["piper, first"].append(timed_render(entry, args.q, "piper", Path(cache)))
            runs["piper, re-run"].append(timed_render(entry, args.q, "piper", Path(cache)))
    silent = statistics.median(wall for wall, _ in runs["silent"])
    print(f"\n{args.scene} at -q {args.q}, median of {args.repeats}:")
    print(f"{'render':<15}{'wall s':>9}{'video s':>9}{'× silent':>10}")
    for name, results in runs.items():
        wall = statistics.median(w for w, _ in results)
        video = statistics.median(v for _, v in results)
        print(f"{name:<15}{wall:>9.1f}{video:>9.1f}{wall / silent:>10.2f}")


if __name__ == "__main__":
    main()
