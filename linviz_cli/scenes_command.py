"""`list` and `render`: the lecture scenes, rendered by Manim from real traces.

The user's options become one :class:`~linviz.request.RenderRequest`;
each scene renders through the render layer (:mod:`linviz_render.scene`) in
its own ``python -m manim`` process (so --jobs runs several side by side, and
the Manim options of ``manim_args`` pass through), into a private folder
inside the output; only finished files are moved into --out, so a failed or
interrupted render leaves nothing half-written.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from .manim_args import allowed_names
from .options import (cluster_and_jobs, cluster_option, data_options, echo_data_notes,
                      format_option,
                      jobs_option, notation_option, out_option, quality_option,
                      quiz_pause_option,
                      theme_option, voice_option)


#: where ``render`` keeps synthesised sentences, inside --out
VOICE_CACHE = ".voice-cache"


@click.command(name="list")
def list_scenes() -> None:
    """List the scenes, numbered in lecture order."""
    from scenes.catalog import available

    entries = available()
    width = max(len(entry.name) for entry in entries)
    for entry in entries:
        click.echo(f"{entry.number:>2}. {entry.name:<{width}}  {entry.description}")


@click.command()
@click.argument("names", nargs=-1, required=True, metavar="NAME|NUMBER|all...")
@quality_option
@format_option
@out_option("media", "Folder for the finished files.")
@click.option("-p", "--preview", is_flag=True, help="Open each file when it is done.")
@data_options
@click.option("--trace", "trace_file", metavar="FILE.json", default=None,
              help="Play this saved trace (from 'trace … --out FILE.json') instead of the "
                   "scene's own run; its data comes with it. For the scenes that replay one "
                   "run: perceptron, perceptron-origin, update, margin, proof, proof-offset, "
                   "noise.")
@theme_option
@notation_option
@quiz_pause_option
@voice_option("none")
@jobs_option
@cluster_option
@click.option("--manim-arg", "manim_args", multiple=True, metavar="ARG",
              help="Pass ARG on to Manim (repeatable), e.g. --manim-arg=--save_sections. "
                   "Options that decide where files go are refused; these pass: "
                   + allowed_names() + ".")
def render(names, quality, file_format, out_dir, preview, data_options, trace_file, theme,
           notation, quiz_pause, voice, jobs, cluster, manim_args) -> None:
    """Render scenes by name or number ('all' for the whole lecture).

    Files appear in --out only when complete; an interrupted or failed render
    moves nothing of the scenes in flight. With --cluster each scene is a task
    on a Dask worker, which writes into --out (a folder the workers share).
    """
    from linviz.safety.atomic import guard_outputs_folder, remove_stale_temporaries
    from linviz.sources import looks_like_file
    from linviz_render.scene import (SceneJob, check_manim, render_here, render_on_cluster,
                                     scene_with_request)
    from scenes.catalog import available, find
    from linviz.request import RenderRequest

    from .manim_args import check_manim_args

    cluster_spec = cluster_and_jobs(cluster, jobs)
    keys = [_scene_key(name) for name in names]
    check_manim_args(manim_args)
    entries = available() if "all" in keys else [find(key) for key in keys]
    entries = list(dict.fromkeys(entries))
    check_manim()
    data_spec = data_options.spec
    request = RenderRequest.of(data_options, theme=theme, trace=trace_file, notation=notation,
                               quiz_pause=quiz_pause, voice=voice,
                               voice_cache=str(Path(out_dir) / VOICE_CACHE)
                               if voice != "none" else None)
    noted = False
    for entry in entries:  # every data problem is found before anything renders
        data = scene_with_request(entry.load(), request).load_data()
        if data_spec and not noted and not entry.own_data:
            echo_data_notes(data)  # once: every scene reads the same file
            noted = True
    inputs = [data_spec] if data_spec and looks_like_file(data_spec) else []
    inputs += [trace_file] if trace_file else []
    out = guard_outputs_folder(out_dir)
    for entry in entries:  # nothing is rendered for a file that could not be moved in
        _check_targets(out, entry.name, file_format, inputs, "--save_sections" in manim_args)
    remove_stale_temporaries(out)
    started = time.monotonic()
    scene_jobs = [SceneJob(entry.name, entry, out, request) for entry in entries]
    if cluster_spec:
        results = render_on_cluster(cluster_spec, scene_jobs, quality, file_format, out,
                                    manim_args)
    else:
        results = render_here(scene_jobs, quality, file_format, manim_args, jobs)
    _report(results, started, preview)


def _report(results, started: float, preview: bool) -> None:
    """The closing line on stderr, and every file written on stdout."""
    click.echo(f"all done in {time.monotonic() - started:.1f} s", err=True)
    for files in results:
        for path in files:
            click.echo(str(path))
            if preview and path.suffix != ".srt":
                click.launch(str(path))


def _check_targets(out: Path, name: str, file_format: str, inputs, sections: bool) -> None:
    """Refuse, before rendering, a scene whose files could not replace what is in --out.

    The movie (or image) and its captions must be new or regular files, and
    not an input; with --save_sections, ``NAME-sections`` must be new or a folder.
    """
    from linviz.safety.atomic import guard_output, kind_of

    for suffix in ("." + file_format, ".srt"):
        target = guard_output(out / f"{name}{suffix}", inputs)
        if target.direct:
            raise click.UsageError(f"{target.path} is {target.kind}; render writes files "
                                   f"only: move it away or choose another --out")
    folder = out / f"{name}-sections"
    if sections and (folder.is_symlink() or (folder.exists() and not folder.is_dir())):
        kind = "a symlink" if folder.is_symlink() else kind_of(folder.stat().st_mode)
        raise click.UsageError(f"{folder} is {kind}, where render puts the sections folder: "
                               f"move it away or choose another --out")


def _scene_key(name: str) -> str:
    """A scene argument as catalog.find takes it: a name, 0-9 digits, or 'all'.

    "²" passes str.isdigit but not int(): it is refused here as a usage error.
    """
    from linviz.errors import quoted

    if len(name) > 64:
        raise click.UsageError(f"no scene called {quoted(name)} (names are short; see "
                               f"'render.py list')")
    if name.isdigit() and not name.isascii():
        raise click.UsageError(f"scene number {quoted(name)}: write scene numbers with the "
                               f"digits 0-9")
    return name


