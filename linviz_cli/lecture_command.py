"""`lecture`: the lecture pack — one video with chapters, captions, a page, a handout, slides.

Scenes are rendered only when their inputs changed (see linviz_pack.cache);
everything else is assembled from the rendered scenes (linviz_pack.build).
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from .options import (cluster_and_jobs, cluster_option, data_option, jobs_option, out_option,
                      quality_option, seed_option, theme_option)


@click.command()
@click.argument("names", nargs=-1, metavar="[NAME|NUMBER|all]...")
@quality_option
@out_option("media", "Folder of the pack (rendered scenes are kept in DIR/scenes/).")
@data_option
@seed_option
@theme_option
@click.option("--handout-theme", type=click.Choice(["dark", "light"]), default="light",
              show_default=True, help="Theme of the handout's frames (light prints well).")
@jobs_option
@cluster_option
def lecture(names, quality, out_dir, data_spec, seed, theme, handout_theme, jobs,
            cluster) -> None:
    """Build the lecture pack in --out: lecture.mp4 (chapters), lecture.srt/.vtt,
    index.html (player, chapters, present mode), handout.pdf and slides/ (manim-slides).

    NAMES choose scenes by name or number, in lecture order (default: all).
    """
    from linviz.errors import LinvizError
    from linviz_pack.build import PackSettings, build_lecture
    from scenes.catalog import available, find

    from linviz_render.scene import check_manim, scene_with_request
    from scenes.toolkit.request import RenderRequest

    cluster_spec = cluster_and_jobs(cluster, jobs)
    entries = available() if not names or "all" in names else [find(name) for name in names]
    order = {entry: index for index, entry in enumerate(available())}
    entries = sorted(dict.fromkeys(entries), key=order.__getitem__)
    check_manim()
    request = RenderRequest(data=data_spec, seed=seed, theme=theme)
    for entry in entries:  # every data problem is found before anything renders
        scene_with_request(entry.load(), request).load_data()
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise click.UsageError(f"--out {out_dir}: is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LinvizError(f"--out {out_dir}: cannot create it ({error.strerror})") from None
    data = request.with_absolute_paths().data
    settings = PackSettings(quality=quality, data=data, seed=seed, theme=theme,
                            handout_theme=handout_theme, jobs=jobs)
    started = time.monotonic()
    result = build_lecture(entries, out, settings, say=lambda line: click.echo(line, err=True),
                           cluster=cluster_spec)
    click.echo(f"lecture pack of {len(entries)} scene(s) "
               f"{'written' if result.assembled else 'unchanged'} in "
               f"{time.monotonic() - started:.1f} s", err=True)
    for path in result.files:
        click.echo(str(path))
