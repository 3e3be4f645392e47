"""`scripts/keyframes.py`, the key frames a scene's change is looked at by: data a scene
refuses are refused in one line, exit 2, and leave nothing behind (no empty folder for the
frames, no earlier frames lost)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def keyframes(*args, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "keyframes.py"),
                           *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
                          timeout=600)


def test_refused_data_leave_no_folder_and_no_frame_lost(tmp_path):
    # a column of 20 values, each its own (the classification scenes refuse it: not two
    # classes)
    data = tmp_path / "target.csv"
    data.write_text("x1,x2,target\n" + "".join(f"{i / 7:.3f},{(i * 3) % 11 / 5:.3f},"
                                               f"{i * 1.5 + 0.25}\n" for i in range(20)))
    out = tmp_path / "deep" / "frames"
    done = keyframes("linear-program", "--data", data, "--out", out, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "'target'" in lines[0]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "deep").exists()  # (the folders it would have made, gone)
    # an earlier set of frames under the same name stands
    folder = out / "linear-program-target-0"
    folder.mkdir(parents=True)
    (folder / "beat-01.png").write_bytes(b"earlier")
    done = keyframes("linear-program", "--data", data, "--out", out, cwd=tmp_path)
    assert done.returncode == 2
    assert (folder / "beat-01.png").read_bytes() == b"earlier"
    assert sorted(p.name for p in out.iterdir()) == ["linear-program-target-0"]
