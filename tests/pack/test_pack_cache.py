"""The cache key: it changes exactly when something a scene's render depends on changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from linviz_pack.cache import is_up_to_date, scene_key, scene_sources, write_manifest

OPTIONS = {"data": None, "seed": 0, "theme": "dark", "quality": "l", "format": "mp4"}


@pytest.fixture
def repo(tmp_path):
    """A miniature repository: two scenes sharing a toolkit module, an engine, manim.cfg."""
    (tmp_path / "scenes").mkdir()
    (tmp_path / "linviz").mkdir()
    files = {
        "scenes/__init__.py": "",
        "scenes/style.py": "COLOUR = 'red'\n",
        "scenes/base.py": "from .style import COLOUR\n",
        "scenes/one.py": "from scenes.base import COLOUR\n",
        "scenes/two.py": "from . import style\n",
        "scenes/unused.py": "X = 1\n",
        "linviz/__init__.py": "",
        "linviz/theory.py": "def margin(): ...\n",
        "manim.cfg": "[CLI]\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def key(repo, module="scenes.one", **changes):
    return scene_key(module, OPTIONS | changes, root=repo)


def test_sources_are_the_scene_and_what_it_imports(repo):
    assert [p.relative_to(repo).as_posix() for p in scene_sources("scenes.one", repo)] == \
        ["scenes/base.py", "scenes/one.py", "scenes/style.py"]
    assert [p.relative_to(repo).as_posix() for p in scene_sources("scenes.two", repo)] == \
        ["scenes/style.py", "scenes/two.py"]


def test_key_is_stable(repo):
    assert key(repo) == key(repo)


@pytest.mark.parametrize("path", ["scenes/one.py", "scenes/style.py", "scenes/base.py",
                                  "linviz/theory.py", "manim.cfg"])
def test_editing_a_source_changes_the_key(repo, path):
    before = key(repo)
    with open(repo / path, "a") as handle:
        handle.write("# edited\n")
    assert key(repo) != before


def test_editing_another_scene_keeps_the_key(repo):
    before = key(repo)
    (repo / "scenes/unused.py").write_text("X = 2\n")
    (repo / "scenes/two.py").write_text("from . import style  # edited\n")
    assert key(repo) == before


@pytest.mark.parametrize("option, value", [("seed", 1), ("theme", "light"), ("quality", "m"),
                                           ("data", "xor"), ("format", "webm")])
def test_each_option_changes_the_key(repo, option, value):
    assert key(repo, **{option: value}) != key(repo)


def test_a_data_file_is_keyed_by_its_content(repo, tmp_path_factory):
    data = tmp_path_factory.mktemp("data") / "points.csv"
    data.write_text("x1,x2,label\n0,1,1\n1,0,-1\n")
    before = key(repo, data=str(data))
    assert key(repo, data=str(data)) == before
    data.write_text("x1,x2,label\n0,1,1\n1,0.5,-1\n")
    assert key(repo, data=str(data)) != before


def test_a_folder_is_up_to_date_only_with_its_key_and_all_its_files(tmp_path):
    (tmp_path / "a.mp4").write_bytes(b"movie")
    write_manifest(tmp_path, "k1", OPTIONS, ["a.mp4"])
    assert is_up_to_date(tmp_path, "k1")
    assert not is_up_to_date(tmp_path, "k2")
    (tmp_path / "a.mp4").unlink()
    assert not is_up_to_date(tmp_path, "k1")
    shutil.rmtree(tmp_path)
    assert not is_up_to_date(Path(tmp_path), "k1")
