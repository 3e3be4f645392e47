"""The packages' layering: data flows one way, and no package reaches into another's privates.

linviz (engine) ← scenes ← linviz_render (one scene from one request) ← linviz_pack and
linviz_cli. The render layer imports neither the CLI nor the pack, the pack does not import
the CLI, and nothing imports a private (underscored) name of another package. Read from the
source (ast), so imports inside functions count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("linviz", "linviz_voice", "scenes", "linviz_render", "linviz_pack", "linviz_cli")
#: which packages each may import (besides itself); linviz_voice (narration) beside the engine
ALLOWED = {
    "linviz": set(),
    "linviz_voice": {"linviz"},
    "scenes": {"linviz", "linviz_voice"},
    "linviz_render": {"linviz", "linviz_voice", "scenes"},
    "linviz_pack": {"linviz", "linviz_voice", "scenes", "linviz_render"},
    "linviz_cli": {"linviz", "linviz_voice", "scenes", "linviz_render", "linviz_pack"},
}


def _imports(package: str):
    """(file, imported module, names) of every absolute import in ``package``."""
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name, ()
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module, tuple(alias.name for alias in node.names)


#: the one import against the layers, and why: ``linviz.render`` is the notebook's way in
#: (``import linviz`` gives it, as issue 32 asks), a façade over the command line imported
#: only when the attribute is first read (``linviz.__getattr__``); the engine never uses it
FACADES = {("linviz/__init__.py", "linviz_cli.notebook")}


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_imports_only_the_layers_below_it(package):
    wrong = [(path.relative_to(ROOT).as_posix(), module) for path, module, _ in _imports(package)
             if module.split(".")[0] in PACKAGES and module.split(".")[0] != package
             and module.split(".")[0] not in ALLOWED[package]
             and (path.relative_to(ROOT).as_posix(), module) not in FACADES]
    assert wrong == []


def test_the_engine_does_not_load_the_drawing_layers_on_import():
    """The façade is read lazily: importing linviz (and running it) loads no CLI, scene or
    Manim module."""
    from cli_helpers import python_output

    assert python_output("import sys, linviz; linviz.make_builtin('noisy'); "
                         "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                         "('linviz_cli', 'scenes', 'linviz_render', 'linviz_pack', "
                         "'manim')))") == "[]"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_is_imported_from_another_package(package):
    wrong = [(path.relative_to(ROOT).as_posix(), module, name)
             for path, module, names in _imports(package)
             if module.split(".")[0] in PACKAGES and module.split(".")[0] != package
             for name in names if name.startswith("_")]
    assert wrong == []


def test_no_python_source_is_written_at_run_time():
    # a scene's options reach it in its request, never in a generated module
    offenders = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "import {" in text or "class {class_name}" in text:
                offenders.append(path.relative_to(ROOT).as_posix())
    assert offenders == []
