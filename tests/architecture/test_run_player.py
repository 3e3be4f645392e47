"""The perceptron family shares a run player, not a base scene (issue 35).

`perceptron`, `perceptron-origin`, `noise` and `xor` each replay a perceptron run; the
drawings and beats that play it are one part,
:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`, composed into each. No other
scene derives from :class:`scenes.perceptron.PerceptronScene` (which would bring its
lesson, its data checks and its options along), and none imports it to derive from it:
read from the classes of every scene module and from the source (ast).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import scenes
from scenes.catalog import SCENES_IN_ORDER
from scenes.perceptron import PerceptronOriginScene, PerceptronScene
from scenes.perceptron_parts.player import PerceptronRunPlayer

ROOT = Path(__file__).resolve().parents[2]
#: the scenes that are PerceptronScene or a variant of it: the only ones it may be a base of
PERCEPTRON_VARIANTS = {PerceptronScene, PerceptronOriginScene}
#: the scenes that play a perceptron run with the player
PLAYER_SCENES = ("perceptron", "perceptron-origin", "noise", "xor")


def _scene_classes():
    """Every class defined in a module of the scene layer (the toolkit aside)."""
    for module_info in pkgutil.walk_packages(scenes.__path__, "scenes."):
        if module_info.name.startswith("scenes.toolkit"):
            continue
        module = importlib.import_module(module_info.name)
        for _, klass in inspect.getmembers(module, inspect.isclass):
            if klass.__module__ == module.__name__:
                yield klass


def test_only_the_perceptron_variants_derive_from_the_perceptron_scene():
    deriving = {klass.__qualname__ for klass in _scene_classes()
                if PerceptronScene in klass.__mro__ and klass not in PERCEPTRON_VARIANTS}
    assert deriving == set(), "compose PerceptronRunPlayer instead of deriving PerceptronScene"


def test_no_catalogued_scene_but_the_perceptron_variants_has_it_in_its_mro():
    deriving = [entry.name for entry in SCENES_IN_ORDER
                if PerceptronScene in entry.load().__mro__
                and entry.load() not in PERCEPTRON_VARIANTS]
    assert deriving == []


@pytest.mark.parametrize("name", PLAYER_SCENES)
def test_the_perceptron_family_plays_its_run_with_the_player(name):
    scene_class = next(entry.load() for entry in SCENES_IN_ORDER if entry.name == name)
    assert PerceptronRunPlayer in scene_class.__mro__


@pytest.mark.parametrize("module", ["noise", "xor"])
def test_noise_and_xor_do_not_import_the_perceptron_scene(module):
    tree = ast.parse((ROOT / "scenes" / f"{module}.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert "scenes.perceptron" not in imported

