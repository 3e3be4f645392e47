"""Write gallery data sets as CSV files, for ``render.py --data`` and ``keyframes.py``.

    python scripts/gallery_csv.py media/gallery                 # every case
    python scripts/gallery_csv.py media/gallery iris-petal diabetes-bmi

Each file has the data set's column names as its header and the class names
as labels (the last column), so a scene shows them as a lecturer's CSV would.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from linviz.safety.atomic import write_text_atomic  # noqa: E402
from linviz.gallery import GALLERY, csv_text, gallery_case  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip())
        return 2
    folder = Path(argv[0])
    names = argv[1:] or [case.name for case in GALLERY]
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = gallery_case(name)()
        path = folder / f"{name.replace(':', '-')}.csv"
        write_text_atomic(path, csv_text(data))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
