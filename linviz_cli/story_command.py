"""`story`: what a scene says, beat by beat, and what its picture shows at each beat's end.

Read from the scene's storyboard, which its lesson writes in the engine: no Manim is
imported and nothing is rendered, so it answers in a moment on any data the scene
accepts (and refuses, in one line, data it does not).
"""

from __future__ import annotations

import click

from .options import data_options, echo_data_notes, notation_option


@click.command()
@click.argument("name", metavar="NAME|NUMBER")
@data_options
@notation_option
@click.option("--after", "after", default="", metavar="SCENE,...",
              help="Tell it as a lecture does after these scenes: what they said in full, "
                   "it says briefly (the lecture pack tells each scene after those before it).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the storyboard as JSON: every beat's sentence, spoken form, motion "
                   "and state.")
def story(name, data_options, notation, after, as_json) -> None:
    """Print the storyboard of scene NAME: its sections and sentences in order (with
    --json, each beat's spoken form, motion and the state its picture ends on)."""
    from linviz.notation import check_notation, in_notation
    from linviz_render.story import storyboard_of
    from scenes.catalog import find
    from linviz.request import RenderRequest

    entry = find(name)
    notation = check_notation(notation)
    heard = tuple(find(before.strip()).name for before in after.split(",") if before.strip())
    board = storyboard_of(entry, RenderRequest.of(data_options, notation=notation, heard=heard))
    if data_options.spec and not entry.own_data:
        echo_data_notes(data_options.resolve_for(entry.name))
    if as_json:
        click.echo(board.to_json(notation), nl=False)
        return
    for number, beat in enumerate(board.beats, start=1):
        if beat.section:
            click.echo(f"## {in_notation(beat.section[1], notation)}")
        click.echo(f"{number:3d}. {in_notation(beat.sentence, notation)}")
