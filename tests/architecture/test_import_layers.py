"""The packages import one way, as ARCHITECTURE.md draws them: every import of every module
(those inside functions too) read from its source, the module graph has no cycle, and no
package reaches a layer above its own. The engine never names manim or click."""

from __future__ import annotations

import ast
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

#: each package and the packages it may import (its own always), lowest layer first; the
#: same table as ARCHITECTURE.md's
DRAWING = {"scenes.toolkit.style", "scenes.toolkit.speed", "scenes.toolkit"}
MAY_IMPORT = {
    "linviz": set(),
    "linviz_voice": {"linviz"},
    "scenes.toolkit.style": {"linviz"},
    "scenes.toolkit.speed": {"linviz", "scenes.toolkit.style"},
    "scenes.toolkit": {"linviz", "scenes.toolkit.style", "scenes.toolkit.speed"},
    "scenes": {"linviz", "linviz_voice", *DRAWING},
    "linviz_render": {"linviz", "linviz_voice", "scenes", *DRAWING},
    "linviz_pack": {"linviz", "linviz_voice", "linviz_render", "scenes", *DRAWING},
    "linviz_cli": {"linviz", "linviz_voice", "linviz_render", "linviz_pack", "scenes",
                   *DRAWING},
    "render": {"linviz_cli"},
}
#: the one import upwards: ``linviz.render(...)``, the notebook's entry, reaches the
#: command line's renderer lazily, on first use (ARCHITECTURE.md, "The facade")
FACADE = {("linviz", "linviz_cli.notebook")}
#: third-party packages each package must never import
NEVER = {
    "linviz": {"manim", "click", "av", "playwright", "dask"},
    "linviz_voice": {"manim", "click"},
    "scenes.toolkit.style": {"manim", "click"},
    "scenes.toolkit.speed": {"click"},
    "scenes.toolkit": {"click"},
    "scenes": {"click"},
    "linviz_render": {"click"},
}


def package_of(module: str) -> str:
    """The package a module belongs to in :data:`MAY_IMPORT` (the longest prefix)."""
    for package in sorted(MAY_IMPORT, key=len, reverse=True):
        if module == package or module.startswith(package + "."):
            return package
    raise KeyError(module)


def modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    found = {"render": REPO_ROOT / "render.py"}
    for root in ("linviz", "linviz_voice", "linviz_render", "linviz_pack", "linviz_cli",
                 "scenes"):
        for path in sorted((REPO_ROOT / root).rglob("*.py")):
            parts = path.relative_to(REPO_ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imported_names(name: str, path: Path) -> list[str]:
    """The absolute names ``path`` imports, relative imports resolved: ``import a.b`` is
    a.b; ``from a import b`` is a.b (b a module or a name of a's)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = here[:len(here) - (node.level - 1)]
                base = ".".join(stem + ([node.module] if node.module else []))
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def project_graph() -> dict[str, set[str]]:
    """module → the project's modules it imports: each imported name's longest prefix
    that is a module (``from linviz import formatting`` is linviz.formatting; ``from
    linviz.errors import DataError``, linviz.errors), never a package holding the
    importer (Python has it loading already)."""
    found = modules()
    graph = {}
    for name, path in found.items():
        targets = set()
        for imported in imported_names(name, path):
            while imported and imported not in found and "." in imported:
                imported = imported.rsplit(".", 1)[0]
            if imported in found and imported != name and not name.startswith(imported + "."):
                targets.add(imported)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle_and_no_false_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_module_imports_itself_back_round_a_cycle():
    graph = project_graph()
    assert len(graph) > 150  # every package was read
    assert cycles(graph) == []


def test_no_package_imports_a_layer_above_its_own():
    wrong = []
    for module, targets in project_graph().items():
        package = package_of(module)
        for target in sorted(targets):
            other = package_of(target)
            if other == package or other in MAY_IMPORT[package]:
                continue
            if (package, target) not in FACADE:
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def test_the_engine_and_the_drawings_never_name_what_they_must_not_load():
    found = modules()
    wrong = []
    for name, path in found.items():
        package = package_of(name)
        for imported in imported_names(name, path):
            if imported.split(".")[0] in NEVER.get(package, ()):
                wrong.append(f"{name} imports {imported}")
    assert wrong == []


def test_the_rules_catch_an_import_upwards(tmp_path):
    """The checks read real source: an engine module that imported a scene would fail."""
    probe = tmp_path / "probe.py"
    probe.write_text("from scenes.toolkit import style\nimport manim\n", encoding="utf-8")
    names = imported_names("linviz.probe", probe)
    assert "scenes.toolkit.style" in names and "manim" in names
    assert package_of("scenes.toolkit.style") not in MAY_IMPORT["linviz"]
    assert "manim" in NEVER["linviz"]


def design_note_table() -> dict[str, tuple[set[str], set[str]]]:
    """ARCHITECTURE.md's table of packages: package → (the packages of ours it may import,
    the third-party ones it must never import), read from its rows' last cell: backticked
    names before "never", then the names after it ("never manim, click or av")."""
    import re

    rows = {}
    for line in (REPO_ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not re.fullmatch(r"`[\w.]+`", cells[0]):
            continue
        allowed, _, never = cells[2].partition("never")
        never = never.split("(")[0]
        rows[cells[0].strip("`")] = (set(re.findall(r"`([\w.]+)`", allowed)),
                                     set(re.findall(r"[a-z_]+", never)) - {"or", "and"})
    return rows


def test_the_design_note_and_the_test_draw_the_same_layers():
    """Every package of the table above is a row of ARCHITECTURE.md's, allowed the same
    packages and refused the same third-party ones (the command-line shim render.py aside,
    which the note names in linviz_cli's row)."""
    table = design_note_table()
    assert set(table) == set(MAY_IMPORT) - {"render"}
    for package, (allowed, never) in table.items():
        assert allowed == MAY_IMPORT[package], package
        assert never == NEVER.get(package, set()), package
