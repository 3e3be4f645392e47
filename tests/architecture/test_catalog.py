"""The catalogue is the one registry of scene names and descriptions."""

from __future__ import annotations

from scenes.catalog import SCENES_IN_ORDER, entry_for

from scene_helpers import variant


def test_every_scene_class_takes_its_name_from_the_catalogue():
    for entry in SCENES_IN_ORDER:
        scene_class = entry.load()
        assert scene_class.scene_name() == entry.name
        # a variant (how the CLI passes --data, --seed, --theme) keeps the name
        assert variant(scene_class, seed=3).scene_name() == entry.name
        assert entry_for(scene_class) is entry


def test_no_scene_class_keeps_a_second_copy_of_its_name_or_description():
    for entry in SCENES_IN_ORDER:
        for klass in entry.load().__mro__:
            assert "name" not in vars(klass) and "description" not in vars(klass), klass


def test_a_scene_file_loaded_by_its_absolute_path_is_found_in_the_catalogue():
    """Manim names the module of a file given by absolute path after the whole path
    ('/.work.main.scenes.proof'); the scene still knows its name (proof's lesson is
    chosen by it: a cluster worker failed with KeyError 'ProofScene')."""
    from pathlib import Path

    from manim.utils.module_ops import get_module

    from scenes.catalog import entry_for

    module = get_module(Path(__file__).resolve().parents[2] / "scenes" / "proof.py")
    assert module.__name__ != "scenes.proof"
    assert entry_for(module.ProofScene).name == "proof"
    assert entry_for(module.ProofOffsetScene).name == "proof-offset"


def test_the_engines_tables_name_exactly_the_catalogs_scenes():
    """The engine keeps one list of scenes, each with its lesson and storyboard (it cannot
    import the catalog, a layer above it): it and the catalog name the same scenes, so a
    scene added to one and not the other fails here; every function it names exists."""
    import importlib

    from linviz.lessons import LESSON_MODULES, SCENE_LESSONS, STORYBOARDS
    from scenes.catalog import SCENES_IN_ORDER

    names = {entry.name for entry in SCENES_IN_ORDER}
    assert set(SCENE_LESSONS) == names
    assert set(STORYBOARDS) == set(LESSON_MODULES) == names  # its views
    for entry in SCENE_LESSONS.values():
        for module, function in ((entry.module, entry.lesson),
                                 (entry.story_module, entry.storyboard)):
            assert callable(getattr(importlib.import_module(f"linviz.lessons.{module}"),
                                    function)), (module, function)
