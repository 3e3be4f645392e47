"""`datasets`: list the built-in data sets."""

from __future__ import annotations

import click


@click.command()
def datasets() -> None:
    """List the built-in data sets (usable as --data NAME)."""
    from linviz.generators import BUILTIN

    width = max(len(name) for name in BUILTIN)
    for name, preset in BUILTIN.items():
        data = preset()
        shape = f"n={data.n_samples}, d={data.n_features}"
        click.echo(f"{name:<{width}}  {shape:<12}  {preset.description}")
