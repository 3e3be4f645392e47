"""`lecture`: the lecture pack — one video with chapters, captions, a page, a handout, slides.

Scenes are rendered only when their inputs changed (see linviz_pack.cache);
everything else is assembled from the rendered scenes (linviz_pack.build).
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from .options import (cluster_and_jobs, cluster_option, data_options, jobs_option,
                      out_option, notation_option, quality_option, quiz_pause_option,
                      theme_option, voice_option)


@click.command()
@click.argument("names", nargs=-1, metavar="[NAME|NUMBER|all]...")
@click.option("--course", "course_file", metavar="FILE.toml", default=None,
              help="A course file (title, course, lecturer, date, scenes, data, ...; "
                   "'render.py course init' writes one). A flag given here wins over it.")
@click.option("--title", default=None, help="The lecture's title (page, handout, mp4).")
@click.option("--course-name", default=None, metavar="TEXT", help="The course, e.g. 'CS 229'.")
@click.option("--lecturer", default=None, metavar="NAME", help="Who gives the lecture.")
@click.option("--date", "date_text", default=None, metavar="TEXT",
              help="The date as you want it written, e.g. '1 December 2026'.")
@quality_option
@click.option("--hall", is_flag=True,
              help="The lecture-hall preset: 1080p at 30 frames a second (-q hall; a course "
                   "file says quality = \"hall\").")
@out_option("media", "Folder of the pack (rendered scenes are kept in DIR/scenes/).")
@data_options
@theme_option
@notation_option
@quiz_pause_option
@click.option("--handout-theme", type=click.Choice(["dark", "light"]), default="light",
              show_default=True, help="Theme of the handout's frames (light prints well).")
@click.option("--handout", "handout_layout", type=click.Choice(["compact", "2up"]),
              default="compact", show_default=True,
              help="The handout's layout: compact pages, or two sections a landscape page.")
@click.option("--slides-reverse", "slides_reverse", is_flag=True,
              help="Also play every section backwards for manim-slides' reverse key (re-encodes "
                   "the moving frames: about a quarter more render time; a course file says "
                   "slides_reverse = true).")
@voice_option("auto")
@jobs_option
@cluster_option
@click.pass_context
def lecture(ctx, names, course_file, title, course_name, lecturer, date_text, quality, hall,
            out_dir, data_options, theme, notation, quiz_pause, handout_theme, handout_layout,
            slides_reverse, voice, jobs, cluster) -> None:
    """Build the lecture pack in --out: lecture.mp4 (chapters), lecture.srt/.vtt,
    index.html (player, chapters, present mode), handout.pdf and slides/ (manim-slides).

    NAMES choose scenes by name or number, in lecture order (default: all, or the course
    file's scenes in its order).
    """
    from linviz.errors import LinvizError
    from linviz_pack.build import PackSettings, build_lecture
    from linviz_render.scene import check_manim, scene_with_request
    from linviz.request import RenderRequest

    cluster_spec = cluster_and_jobs(cluster, jobs)
    if hall:
        if _on_command_line(ctx, "quality") and quality != "hall":
            raise click.UsageError(f"--hall is -q hall; it cannot go with -q {quality}")
        quality = "hall"
    course, entries = course_and_scenes(
        ctx, names, course_file,
        given={"title": title, "course": course_name, "lecturer": lecturer, "date": date_text},
        flags={"quality": quality, **data_flags(data_options), "theme": theme,
               "notation": notation, "quiz_pause": quiz_pause, "handout_theme": handout_theme,
               "slides_reverse": slides_reverse},
        forced=("quality",) if hall else ())
    check_manim()
    for entry in entries:  # every data problem is found before anything renders
        request = RenderRequest.of(course.options_for(entry.name), theme=course.theme,
                                   notation=course.notation, quiz_pause=course.quiz_pause)
        scene_with_request(entry.load(), request).load_data()
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise click.UsageError(f"--out {out_dir}: is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LinvizError(f"--out {out_dir}: cannot create it ({error.strerror})") from None

    def absolute(spec):
        return RenderRequest(data=spec).with_absolute_paths().data

    settings = PackSettings(
        quality=course.quality, data=absolute(course.data), seed=course.seed,
        theme=course.theme, notation=course.notation, handout_theme=course.handout_theme,
        quiz_pause=course.quiz_pause, jobs=jobs,
        handout=handout_layout, slides_reverse=course.slides_reverse, title=course.title,
        course=course.course,
        lecturer=course.lecturer, date=course.date,
        scene_data=tuple(sorted((name, absolute(course.data_for(name)))
                                for name in course.scene_data)),
        # how each scene's data is read (its options beyond naming it)
        data_options=tuple((entry.name, course.options_for(entry.name).shaping())
                           for entry in entries),
        voice=voice)
    started = time.monotonic()
    result = build_lecture(entries, out, settings, say=lambda line: click.echo(line, err=True),
                           cluster=cluster_spec)
    click.echo(f"lecture pack of {len(entries)} scene(s) "
               f"{'written' if result.assembled else 'unchanged'} in "
               f"{time.monotonic() - started:.1f} s", err=True)
    for path in result.files:
        click.echo(str(path))


def course_and_scenes(ctx, names, course_file, given: dict, flags: dict, forced=()):
    """(the :class:`~linviz_pack.course.Course`, its scene entries in lecture order) of a
    command with a ``--course`` file: ``given`` fields (title, ...) win when not None; a
    ``flags`` value wins when given on the command line (or in ``forced``), else the file's,
    else the flag's default. NAMES choose scenes by name or number, in lecture order
    (default: all, or the course file's scenes in its order)."""
    from linviz_pack.course import Course, read_course
    from scenes.catalog import available, find

    fields = read_course(course_file) if course_file else {}
    fields.update({key: value for key, value in given.items() if value is not None})
    for key, value in flags.items():
        if key not in fields or key in forced \
                or _on_command_line(ctx, FLAG_PARAMETERS.get(key, key)):
            fields[key] = value
    course = Course(**fields)
    if names:
        entries = available() if "all" in names else [find(name) for name in names]
        order = {entry: index for index, entry in enumerate(available())}
        entries = sorted(dict.fromkeys(entries), key=order.__getitem__)
    else:
        entries = [find(name) for name in course.scenes] if course.scenes else available()
    return course, entries


def data_flags(options) -> dict:
    """The data options as a course file names them (a flag given wins over the file)."""
    from dataclasses import asdict

    return {("data" if key == "spec" else key): value for key, value in asdict(options).items()}


#: a course field's flag, where its parameter's name differs
FLAG_PARAMETERS = {"data": "data_spec"}


def _on_command_line(ctx, name: str) -> bool:
    """Whether the option ``name`` was given (not its default): it then wins over the file."""
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE,
                                               ParameterSource.ENVIRONMENT)
