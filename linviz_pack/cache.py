"""Which rendered scenes are still up to date: a hash of everything a render depends on.

A scene's render depends on its module and every module of ``scenes/`` it
imports (the toolkit), the engine's source (``linviz/``), Manim's version and
``manim.cfg``, the data (a built-in name, or the bytes of a CSV file), the
seed, the theme, the quality and the format. The hash of all of them is the
scene's *key*; a rendered scene keeps it in ``manifest.json`` beside its files.
"""

from __future__ import annotations

import ast
import hashlib
import json
import threading
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.json"
#: bump when what a cached scene folder holds changes
RECIPE = 4  # 4: a frame at every beat's end in keyframes/ (the handout's parts)


def scene_sources(module: str, root: Path = ROOT) -> list[Path]:
    """The scene module's file and every ``scenes`` module it imports, directly or not."""
    package = module.split(".")[0]
    seen: dict[str, Path] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        path = root / (name.replace(".", "/") + ".py")
        if name in seen or not path.exists():
            continue
        seen[name] = path
        todo.extend(_imported_modules(path, name, package))
    return sorted(seen.values())


#: one ``ast.parse`` at a time: CPython 3.11's AST conversion keeps its recursion depth in
#: the interpreter's state, shared by threads, and two scenes' keys computed at once (a
#: lecture with --jobs 2) failed with "SystemError: AST constructor recursion depth
#: mismatch" (CPython gh-106905)
_PARSING = threading.Lock()


def _imported_modules(path: Path, name: str, package: str) -> list[str]:
    """Names of the modules of ``package`` that the module ``name`` at ``path`` imports."""
    source = path.read_text(encoding="utf-8")
    with _PARSING:
        tree = ast.parse(source, filename=str(path))
    parent = name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = parent.rsplit(".", node.level - 1)[0] if node.level > 1 else parent
                base = f"{anchor}.{base}" if base else anchor
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]  # `from . import x`
    return [module for module in found if module.split(".")[0] == package]


def _hash_files(digest, paths, root: Path) -> None:
    for path in paths:
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")


def scene_key(module: str, options: dict, root: Path = ROOT) -> str:
    """The hash of everything the render of scene ``module`` with ``options`` depends on.

    ``options``: plain values (data, seed, theme, quality, ...); a ``data`` that
    names an existing file is hashed by content, so editing the CSV re-renders.
    """
    digest = hashlib.sha256(f"linviz-pack recipe {RECIPE}\0".encode())
    _hash_files(digest, scene_sources(module, root), root)
    _hash_files(digest, sorted((root / "linviz").rglob("*.py")), root)
    config = root / "manim.cfg"
    if config.exists():
        _hash_files(digest, [config], root)
    digest.update(f"manim {_version('manim')}\0".encode())
    described = dict(options)
    data = described.get("data")
    if data and Path(data).is_file():
        described["data"] = "sha256:" + hashlib.sha256(Path(data).read_bytes()).hexdigest()
    digest.update(json.dumps(described, sort_keys=True).encode())
    return digest.hexdigest()


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def read_manifest(folder: Path) -> dict | None:
    """The manifest of a rendered scene's folder, or None when missing or unreadable."""
    try:
        return json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_up_to_date(folder: Path, key: str) -> bool:
    manifest = read_manifest(folder)
    return bool(manifest) and manifest.get("key") == key and all(
        (Path(folder) / name).exists() for name in manifest.get("files", []))


def write_manifest(folder: Path, key: str, options: dict, files: list[str]) -> None:
    """Record ``key`` and what the folder holds.

    Written last into the private folder a scene renders in, which then takes
    the old folder's place by a rename: a folder with a manifest is complete.
    """
    (Path(folder) / MANIFEST).write_text(json.dumps(
        {"key": key, "options": options, "files": sorted(files)}, indent=2, sort_keys=True) + "\n",
        encoding="utf-8")
