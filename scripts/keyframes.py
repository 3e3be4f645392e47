"""Key frames of a scene for review: a PNG at the end of every beat and of every section,
and the captions with their times, without writing a video.

    python scripts/keyframes.py perceptron [--data small-margin] [--seed 1] [--out media/keyframes]
    python scripts/keyframes.py noise --data media/gallery/wine.csv --standardize

Open the PNGs beside ``captions.txt`` (the caption on screen at each beat end).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene")
    parser.add_argument("--data")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--theme", default="dark")
    parser.add_argument("--out", default="media/keyframes")
    parser.add_argument("--height", type=int, default=480)
    parser.add_argument("--features", help="feature columns A,B (as render --features)")
    parser.add_argument("--label-column", help="as render --label-column")
    parser.add_argument("--classes", help="two classes A,B (as render --classes)")
    parser.add_argument("--positive", help="as render --positive")
    scaling = parser.add_mutually_exclusive_group()
    scaling.add_argument("--standardize", action="store_const", const=True, default=None)
    scaling.add_argument("--raw", dest="standardize", action="store_const", const=False)
    parser.add_argument("--notation", default="theta", choices=("theta", "w"))
    parser.add_argument("--after", default="",
                        help="scenes told before it in the lecture, A,B (as story --after): "
                             "what they said in full is recalled briefly")
    args = parser.parse_args()

    from manim import tempconfig

    from linviz.errors import LinvizError
    from scenes.catalog import find

    entry = find(args.scene)
    from linviz.request import RenderRequest

    data_name = Path(args.data).stem if args.data else "default"
    folder = Path(args.out) / (f"{entry.name}-{data_name}-{args.seed}"
                               + {True: "-std", False: "-raw", None: ""}[args.standardize]
                               + ("-w" if args.notation == "w" else "")
                               + ("-after" if args.after else ""))
    # written into a folder beside it, which takes its place only when the scene is drawn:
    # refused data leave nothing behind, and an earlier set of frames stands
    work = folder.parent / (folder.name + ".partial")
    shutil.rmtree(work, ignore_errors=True)
    made = [p for p in [folder.parent, *folder.parent.parents] if not p.exists()]
    work.mkdir(parents=True)
    features = tuple(args.features.split(",")) if args.features else None
    classes = tuple(args.classes.split(",")) if args.classes else None
    from linviz.sources import DataOptions

    data = DataOptions(spec=args.data, seed=args.seed, positive=args.positive,
                       label_column=args.label_column, features=features,
                       standardize=args.standardize, classes=classes)
    request = RenderRequest.of(data, theme=args.theme, keyframe_dir=str(work),
                               keyframe_at_narration=True, notation=args.notation,
                               heard=tuple(name for name in args.after.split(",") if name))
    scene_class = type(entry.load().__name__, (entry.load(),), {"request_override": request})
    width = args.height * 16 // 9
    with tempconfig({"dry_run": True, "disable_caching": True, "pixel_width": width,
                     "pixel_height": args.height, "frame_rate": 15, "media_dir": str(work),
                     "verbosity": "ERROR", "progress_bar": "none"}):
        scene = scene_class()
        try:
            scene.render()
        except LinvizError as error:  # bad input: one line, as render says it
            print(f"error: {error}", file=sys.stderr)
            shutil.rmtree(work, ignore_errors=True)
            for made_folder in made:  # (the folders it made for it, innermost first)
                made_folder.rmdir()
            sys.exit(2)
    lines = [f"{c.start:7.2f} {c.end:7.2f} {c.speed:5.1f} c/s  {c.text}"
             for c in scene.timeline.captions]
    (work / "captions.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    work.rename(folder)
    print(folder)


if __name__ == "__main__":
    main()
