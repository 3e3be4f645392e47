"""`lecture`: the lecture pack — one video with chapters, captions, a page, a handout, slides.

Scenes are rendered only when their inputs changed (see linviz_pack.cache);
everything else is assembled from the rendered scenes (linviz_pack.build).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import click

from linviz.limits import MAX_JOBS

from .options import cluster_option, data_option, seed_option
from .scenes_command import QUALITIES


@click.command()
@click.argument("names", nargs=-1, metavar="[NAME|NUMBER|all]...")
@click.option("-q", "--quality", type=click.Choice(list(QUALITIES)), default="l",
              show_default=True,
              help="Manim's presets: l 480p15, m 720p30, h 1080p60, p 1440p60, k 2160p60.")
@click.option("--out", "out_dir", metavar="DIR", default="media", show_default=True,
              help="Folder of the pack (rendered scenes are kept in DIR/scenes/).")
@data_option
@seed_option
@click.option("--theme", type=click.Choice(["dark", "light"]), default="dark",
              show_default=True, help="Theme of the videos.")
@click.option("--handout-theme", type=click.Choice(["dark", "light"]), default="light",
              show_default=True, help="Theme of the handout's frames (light prints well).")
@click.option("--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
              help="Scenes rendered at the same time, each in its own process.")
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

    from scenes.toolkit.request import VARIABLE, RenderRequest

    from .fanout import parse_cluster
    from .scenes_command import _check_manim, _variant

    cluster_spec = parse_cluster(cluster)
    if cluster_spec and jobs > 1:
        raise click.UsageError("--jobs applies without --cluster; with it, the cluster's "
                               "workers decide how many scenes render at a time")
    entries = available() if not names or "all" in names else [find(name) for name in names]
    order = {entry: index for index, entry in enumerate(available())}
    entries = sorted(dict.fromkeys(entries), key=order.__getitem__)
    _check_manim()
    for entry in entries:  # every data problem is found before anything renders
        _variant(entry.load(), RenderRequest(data=data_spec, seed=seed, theme=theme)).load_data()
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise click.UsageError(f"--out {out_dir}: is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LinvizError(f"--out {out_dir}: cannot create it ({error.strerror})") from None
    data = data_spec or os.environ.get("LINVIZ_DATA") or None  # as `render` reads it
    if data and Path(data).is_file():
        data = str(Path(data).resolve())
    # the pack sets each scene's theme itself, so it passes the plain LINVIZ_* variables
    env = dict(os.environ, LINVIZ_SEED=str(seed))
    env.pop("LINVIZ_DATA", None)
    env.pop(VARIABLE, None)
    if data:
        env["LINVIZ_DATA"] = data
    settings = PackSettings(quality=quality, data=data, seed=seed, theme=theme,
                            handout_theme=handout_theme, jobs=jobs)
    started = time.monotonic()
    result = build_lecture(entries, out, settings, env, say=lambda line: click.echo(line, err=True),
                           cluster=cluster_spec)
    click.echo(f"lecture pack of {len(entries)} scene(s) "
               f"{'written' if result.assembled else 'unchanged'} in "
               f"{time.monotonic() - started:.1f} s", err=True)
    for path in result.files:
        click.echo(str(path))
