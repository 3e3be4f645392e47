"""Scratch folders: a killed run's are removed by the next run, a live run's are kept."""

from __future__ import annotations

import subprocess
import sys

from linviz_pack.scratch import remove_abandoned, scratch_folder


def test_only_folders_of_dead_processes_are_removed(tmp_path):
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
    dead_pid = int(finished.stdout)
    abandoned = tmp_path / f".lecture-pid{dead_pid}-abc123"
    (abandoned / "sub").mkdir(parents=True)
    mine = scratch_folder(tmp_path, "margin")
    users = [tmp_path / ".lecture-notes", tmp_path / "scenes", tmp_path / f"x-pid{dead_pid}-a"]
    for folder in users:
        folder.mkdir()
    assert remove_abandoned(tmp_path) == [abandoned]
    assert not abandoned.exists() and mine.is_dir()
    assert all(folder.is_dir() for folder in users)
    assert mine.name.startswith(".margin-pid")
