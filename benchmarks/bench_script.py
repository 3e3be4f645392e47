"""What the default lecture says, read from the storyboards: no scene is rendered.

For every scene of the lecture, in lecture order, on its default data and seed 0, told
after the scenes before it (what ``make video`` tells), the storyboard's sentences are spoken by the piper voice (each
sentence synthesised once into ``--voice-cache`` and kept, as the pack's build does:
``media/scenes/.voice`` after ``make video``) and timed by their WAVs. Printed per scene
and for the lecture:

1. sentences, minutes of speech (the WAVs' lengths: piper's own silence at each end,
   about 0.17 s a sentence, counts as speech here; ``bench_listen.py`` on a pack reads the
   sound track and does not count it);
2. sentences over 12 s of speech and the longest;
3. repeated templates (``bench_listen.template``: every number a ``#``): minutes of speech
   of the sentences whose template an earlier sentence of the lecture had.

A quick check while writing storyboards; the lecture's length, its gaps and its stills
are a pack's (``bench_listen.py``), which this does not replace.

Usage: python benchmarks/bench_script.py [--voice-cache DIR] [--scenes a,b,...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_listen import template  # noqa: E402


def storyboard(name: str, heard: tuple[str, ...]):
    from linviz.lessons import default_data_for, storyboard_for, task_for
    from linviz.sources import resolve_data
    from scenes.catalog import SCENES_IN_ORDER

    entry = next(entry for entry in SCENES_IN_ORDER if entry.name == name)
    if entry.own_data:
        return storyboard_for(name)(None, seed=0, heard=heard)
    data = resolve_data(default_data_for(name), seed=0, task=task_for(name))
    return storyboard_for(name)(data, seed=0, heard=heard)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voice-cache", default=str(ROOT / "media" / "scenes" / ".voice"),
                        help="where synthesised sentences are kept (default: make video's)")
    parser.add_argument("--scenes", default="", help="only these scenes (comma-separated)")
    args = parser.parse_args()

    from linviz_voice import piper_installed
    from linviz_voice.speaker import Speaker
    from scenes.catalog import SCENES_IN_ORDER

    if not piper_installed():
        print("bench_script: the piper voice is not installed (make bootstrap)")
        return 2
    names = [entry.name for entry in SCENES_IN_ORDER]
    if args.scenes:
        names = [name for name in names if name in args.scenes.split(",")]
    speaker = Speaker("piper", args.voice_cache)
    started = time.perf_counter()
    seen: set[str] = set()
    total = repeated_total = 0.0
    long_total, count_total, longest = 0, 0, (0.0, "")
    print(f"{'scene':18s} {'sentences':>9s} {'speech min':>10s} {'>12 s':>6s} "
          f"{'repeats min':>11s}")
    for place, name in enumerate(names):
        sentences = storyboard(name, tuple(names[:place])).sentences()
        seconds = [speaker.duration(sentence) for sentence in sentences]
        repeats = 0.0
        for sentence, length in zip(sentences, seconds):
            key = template(sentence)
            if key in seen:
                repeats += length
            seen.add(key)
            if length > longest[0]:
                longest = (length, f"{name}: {sentence}")
        over = sum(length > 12 for length in seconds)
        print(f"{name:18s} {len(sentences):9d} {sum(seconds) / 60:10.2f} {over:6d} "
              f"{repeats / 60:11.2f}")
        total += sum(seconds)
        repeated_total += repeats
        long_total += over
        count_total += len(sentences)
    print(f"{'lecture':18s} {count_total:9d} {total / 60:10.2f} {long_total:6d} "
          f"{repeated_total / 60:11.2f}")
    print(f"longest sentence: {longest[0]:.1f} s ({longest[1][:120]})")
    print(f"read in {time.perf_counter() - started:.1f} s")
    speaker.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
