"""Write the control frames of the picture tests, and PNGs of them for review.

    .venv/bin/python scripts/regenerate_control_frames.py            # every scene
    .venv/bin/python scripts/regenerate_control_frames.py perceptron margin
    .venv/bin/python scripts/regenerate_control_frames.py --jobs 2   # two scenes at a time

For each scene this runs it as ``tests/scenes/test_pictures.py`` does, writes
``tests/control_frames/<scene>.npz`` and puts every frame in
``media/control-review/<scene>/<nn>-<section>.png``. Each frame that differs
from the control data it replaces is also written to
``media/control-review/<scene>/changed/`` as ``-actual``, ``-control`` (the
old one) and ``-diff`` (the changed pixels in magenta), and the summary names
it: look at those before committing the new control data.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

import control_frames as cf  # noqa: E402  (needs the paths above)


def capture(name: str) -> dict:
    """The frames of scene ``name``, run in a scratch media folder."""
    with tempfile.TemporaryDirectory(prefix="linviz-control-") as media_dir:
        return cf.capture_scene(name, media_dir)


def regenerate(name: str, frames: dict, review_dir: Path) -> str:
    """Replace scene ``name``'s control data with ``frames``; returns a line for the summary."""
    try:
        before = cf.load_control(name)
    except FileNotFoundError:
        before = None
    cf.write_review_pictures(name, frames, review_dir)
    cf.save_control(name, frames)
    if before is None:
        return f"{name}: new, {len(frames)} frames"
    mismatches = cf.compare(frames, before)
    if not mismatches:
        return f"{name}: unchanged, {len(frames)} frames"
    changed = review_dir / name / "changed"
    cf.write_mismatch_pictures(changed, name, frames, before, mismatches)
    counts = {kind: sum(m.kind == kind for m in mismatches)
              for kind in (cf.DIFFERS, cf.RESIZED, cf.NEW, cf.GONE)}
    told = ", ".join(f"{count} {kind}" for kind, count in counts.items() if count)
    lines = [f"{name}: {len(frames)} frames, {told} (pictures in {cf.shown(changed)}):"]
    return "\n".join(lines + [f"    {mismatch}" for mismatch in mismatches])


def main(argv: list[str] | None = None) -> int:
    from scenes.catalog import SCENES_IN_ORDER

    names = [entry.name for entry in SCENES_IN_ORDER]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="*", metavar="scene",
                        help="scene names (default: every scene in the catalogue)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="scenes run at the same time, one process each (default 1)")
    parser.add_argument("--review-dir", type=Path, default=cf.REVIEW_DIR,
                        help=f"where the PNGs go (default {cf.shown(cf.REVIEW_DIR)})")
    args = parser.parse_args(argv)
    unknown = [name for name in args.scenes if name not in names]
    if unknown:
        parser.error(f"unknown scene(s) {', '.join(unknown)}; scenes: {', '.join(names)}")
    chosen = args.scenes or names
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            captured = pool.map(capture, chosen)
            for name, frames in zip(chosen, captured):
                print(regenerate(name, frames, args.review_dir), flush=True)
    else:
        for name in chosen:
            print(regenerate(name, capture(name), args.review_dir), flush=True)
    size = sum(path.stat().st_size for path in cf.CONTROL_DIR.glob("*.npz"))
    print(f"control data: {size / 1024:.0f} KiB in {cf.shown(cf.CONTROL_DIR)}; "
          f"review the PNGs in {cf.shown(args.review_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
