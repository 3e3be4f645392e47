"""The linviz command line: ``python render.py`` or ``linviz``.

Commands live in their own modules and are registered on one group; heavy
imports (manim, the engine) happen inside each command, so ``--help`` is quick.
"""

from .app import cli


def main() -> None:
    cli()


__all__ = ["cli", "main"]
