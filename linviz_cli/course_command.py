"""`course init`: write a commented course file to start from (see linviz_pack.course)."""

from __future__ import annotations

import click


@click.group()
def course() -> None:
    """Course files: a lecture with your title, name, date, scenes and data."""


@course.command()
@click.argument("path", metavar="[FILE.toml]", default="course.toml")
@click.option("--force", is_flag=True, help="Replace FILE.toml if it exists.")
def init(path, force) -> None:
    """Write a commented example course file (default: course.toml); then build the
    lecture with 'render.py lecture --course FILE.toml'."""
    from pathlib import Path

    from linviz.safety.atomic import guard_output, write_text_atomic
    from linviz_pack.course import TEMPLATE

    target = guard_output(path)
    if Path(target.path).exists() and not target.direct and not force:
        raise click.UsageError(f"{path} exists; give --force to replace it, or another name")
    written = write_text_atomic(target, TEMPLATE)
    click.echo(f"wrote {written}: edit it, then run 'render.py lecture --course {path}'",
               err=True)
