"""Two renders of one scene compared picture by picture: SSIM at common times, sizes.

For every ``--every``-th frame time of the first video (k / fps), the picture each
video shows then (its last frame starting at or before it, a held frame included)
is compared by the SSIM of their luma (7×7 windows, as tests/scenes/test_held_pictures.py).
Used for the hall preset (1080p30) against -q h (1080p60), and for a render against
today's encode.

Usage: python benchmarks/compare_videos.py FIRST.mp4 SECOND.mp4 [--every 15]
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scenes"))

from linviz_pack import join  # noqa: E402
from test_held_pictures import ssim  # noqa: E402


def shown_at(path: Path, times: list[Fraction]):
    """The RGB picture ``path`` shows at each of ``times`` (seconds, increasing)."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        wanted = iter(times)
        target = next(wanted, None)
        last = None
        for frame in container.decode(stream):
            start = frame.pts * stream.time_base
            while target is not None and start > target:
                yield last
                target = next(wanted, None)
            if target is None:
                return
            last = frame.to_ndarray(format="rgb24")
        while target is not None:
            yield last
            target = next(wanted, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("--every", type=int, default=15)
    args = parser.parse_args()
    fps = Fraction(join.frame_rate(args.first)).limit_denominator(1001)
    seconds = min(join.video_duration(args.first), join.video_duration(args.second))
    times = [Fraction(k, 1) / fps + Fraction(1, 4) / fps
             for k in range(0, int(seconds * fps) - 1, args.every)]
    scores = [ssim(a, b) for a, b in zip(shown_at(args.first, times),
                                          shown_at(args.second, times))]
    for path in (args.first, args.second):
        print(f"{path}: {join.video_size(path)[0]}x{join.video_size(path)[1]} at "
              f"{join.frame_rate(path):g} fps, {join.video_duration(path):.3f} s, "
              f"{path.stat().st_size / 1e6:.2f} MB")
    print(f"SSIM at {len(scores)} times: min {min(scores):.4f}, mean {np.mean(scores):.4f}, "
          f"below 0.99: {sum(s < 0.99 for s in scores)}")


if __name__ == "__main__":
    main()
