"""`narration export`: the lecture's script, for a lecturer to record in their own voice.

One CSV row a beat (see :mod:`linviz_voice.script`): the beat's id, its caption,
what the synthetic voice would say, and the caption's hash. Record
``<beat>.wav`` for each row into a folder holding the CSV as ``script.csv``,
then ``render`` or ``lecture`` with ``--voice FOLDER``.
"""

from __future__ import annotations

import click

from .options import data_options, notation_option


@click.group()
def narration() -> None:
    """The lecture's spoken script, and your own recordings of it."""


@narration.command(name="export")
@click.argument("names", nargs=-1, metavar="[NAME|NUMBER|all]...")
@click.option("--out", "out_file", metavar="FILE.csv", required=True,
              help="Where the script goes (e.g. recordings/script.csv, beside the WAVs).")
@click.option("--course", "course_file", metavar="FILE.toml", default=None,
              help="The course file you will build the lecture from (its scenes, each "
                   "scene's data, seed and notation). A flag given here wins over it.")
@data_options
@notation_option
@click.pass_context
def export(ctx, names, out_file, course_file, data_options, notation) -> None:
    """Write the script of the scenes NAMES (default: all, or the course file's) as CSV:
    beat, caption, spoken, caption_sha256, one row a beat.

    The data, seed and notation must be those you will render with (give the same
    --course as to `lecture`): a beat whose sentence changes (other data, another
    notation) is reported as needing a new recording.
    """
    from linviz.safety.atomic import write_text_atomic
    from linviz_render.scene import check_manim
    from linviz_render.story import sentences_of
    from linviz_voice.script import ScriptLine, beat_id, format_script
    from linviz_voice.speaker import spoken_form
    from linviz.request import RenderRequest

    from .lecture_command import course_and_scenes, data_flags

    course, entries = course_and_scenes(
        ctx, names, course_file, given={},
        flags={**data_flags(data_options), "notation": notation})
    notation = course.notation
    check_manim()
    lines = []
    for place, entry in enumerate(entries):
        # told as the lecture tells it: after the scenes before it (linviz.lessons.heard)
        request = RenderRequest.of(course.options_for(entry.name), notation=notation,
                                heard=tuple(before.name for before in entries[:place]))
        sentences = sentences_of(entry, request)
        lines += [ScriptLine(beat_id(entry.name, number), sentence,
                             spoken_form(sentence, notation))
                  for number, sentence in enumerate(sentences, start=1)]
        click.echo(f"{entry.name}: {len(sentences)} beat(s)", err=True)
    written = write_text_atomic(out_file, format_script(lines))
    click.echo(str(written))
