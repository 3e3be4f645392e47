"""`list` and `render`: the lecture scenes, rendered by Manim from real traces.

Each scene renders in its own ``python -m manim`` process (so --jobs runs
several side by side, and further Manim options pass straight through), into a
private temporary folder beside the output; only finished files are moved into
--out, so a failed or interrupted render leaves nothing half-written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import click

from .options import data_option, seed_option

QUALITIES = {"l": "480p15", "m": "720p30", "h": "1080p60", "p": "1440p60", "k": "2160p60"}
FORMATS = ("mp4", "gif", "webm", "png")
ROOT = Path(__file__).resolve().parent.parent
MANIM_CONFIG = ROOT / "manim.cfg"


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
@click.option("-q", "--quality", type=click.Choice(list(QUALITIES)), default="l",
              show_default=True,
              help="Manim's presets: l 480p15, m 720p30, h 1080p60, p 1440p60, k 2160p60.")
@click.option("--format", "file_format", type=click.Choice(FORMATS), default="mp4",
              show_default=True, help="png writes the last frame only.")
@click.option("--out", "out_dir", metavar="DIR", default="media", show_default=True,
              help="Folder for the finished files.")
@click.option("-p", "--preview", is_flag=True, help="Open each file when it is done.")
@data_option
@seed_option
@click.option("--theme", type=click.Choice(["dark", "light"]), default="dark",
              show_default=True, help="dark for screens, light for projectors and print.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Scenes rendered at the same time, each in its own process.")
@click.option("--manim-arg", "manim_args", multiple=True, metavar="ARG",
              help="Pass ARG on to Manim (repeatable), e.g. --manim-arg=--save_sections.")
def render(names, quality, file_format, out_dir, preview, data_spec, seed, theme, jobs,
           manim_args) -> None:
    """Render scenes by name or number ('all' for the whole lecture)."""
    from scenes.catalog import available, find

    entries = available() if "all" in names else [find(name) for name in names]
    entries = list(dict.fromkeys(entries))
    _check_manim()
    for entry in entries:  # every data problem is found before anything renders
        scene_class = _variant(entry.load(), data_spec, seed, theme)
        scene_class.load_data()
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise click.UsageError(f"--out {out_dir}: is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, LINVIZ_SEED=str(seed), LINVIZ_THEME=theme)
    if data_spec:
        env["LINVIZ_DATA"] = str(Path(data_spec).resolve()) if Path(data_spec).is_file() \
            else data_spec
    total = len(entries)
    started = time.monotonic()

    def one(numbered):
        number, entry = numbered
        t0 = time.monotonic()
        files = _render_one(entry, quality, file_format, out, env, manim_args)
        click.echo(f"[{number}/{total}] {entry.name}: done in {time.monotonic() - t0:.1f} s",
                   err=True)
        return files

    click.echo(f"rendering {total} scene(s) at {QUALITIES[quality]}"
               + (f", {jobs} at a time" if jobs > 1 and total > 1 else ""), err=True)
    with ThreadPoolExecutor(max_workers=min(jobs, total)) as pool:
        results = list(pool.map(one, enumerate(entries, start=1)))
    click.echo(f"all done in {time.monotonic() - started:.1f} s", err=True)
    for files in results:
        for path in files:
            click.echo(str(path))
            if preview and path.suffix != ".srt":
                click.launch(str(path))


def _variant(scene_class, data_spec, seed, theme):
    """The scene class with the user's options as class attributes."""
    attributes = {"seed": seed, "theme_name": theme}
    if data_spec:
        attributes["data_spec"] = data_spec
    return type(scene_class.__name__, (scene_class,), attributes)


def _check_manim() -> None:
    """One clear line when Manim or a system library it needs cannot load."""
    from linviz.errors import LinvizError

    try:
        import manim  # noqa: F401
    except ImportError as error:
        raise LinvizError(f"cannot load Manim ({error}); run 'make video' once to install "
                          f"its system libraries (Cairo, Pango) and Python packages") from None


def manim_command(path: Path, class_name: str, quality: str, file_format: str, media_dir: Path,
                  manim_args=()) -> list[str]:
    """The Manim command line that renders one scene class (benchmarks time this same one).

    Manim reads the repository's ``manim.cfg`` (renderer settings shared with
    plain ``manim`` runs from the root); every file goes under ``media_dir``.
    """
    command = [sys.executable, "-m", "manim", "render", "-c", str(MANIM_CONFIG), "-q", quality,
               "--format", file_format, "--media_dir", str(media_dir),
               "--disable_caching", "--progress_bar", "none", "-v", "WARNING"]
    if file_format == "png":
        command.append("-s")
    return [*command, *manim_args, str(path), class_name]


def _render_one(entry, quality, file_format, out: Path, env, manim_args) -> list[Path]:
    """Render one scene in a Manim process; move its files into ``out`` when done."""
    from linviz.errors import LinvizError

    work = Path(tempfile.mkdtemp(prefix=f".linviz-{entry.name}-", dir=out))
    try:
        command = manim_command(ROOT / entry.path, entry.load().__name__, quality, file_format,
                                work, manim_args)
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            last = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
            reason = last[-1].strip() if last else f"exit status {done.returncode}"
            raise LinvizError(f"scene {entry.name!r} failed to render: {reason}")
        return _collect(entry, work, out, file_format)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _collect(entry, work: Path, out: Path, file_format: str) -> list[Path]:
    """Move the finished movie (or image) and its captions to out/<name>.<ext>."""
    from linviz.errors import LinvizError

    suffix = "." + file_format
    # --save_sections writes one more file per section: those are not the movie
    produced = sorted(p for p in work.rglob(f"*{suffix}")
                      if "partial_movie_files" not in p.parts and "sections" not in p.parts)
    if not produced:
        raise LinvizError(f"scene {entry.name!r}: Manim wrote no {suffix} file")
    main_file = max(produced, key=lambda p: p.stat().st_mtime)
    moved = [_move(main_file, out / f"{entry.name}{suffix}")]
    captions = main_file.with_suffix(".srt")
    if captions.exists():
        moved.append(_move(captions, out / f"{entry.name}.srt"))
    sections = main_file.parent / "sections"
    if sections.is_dir():
        target = out / f"{entry.name}-sections"
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(sections), str(target))
        moved.append(target)
    return moved


def _move(source: Path, target: Path) -> Path:
    os.replace(source, target)  # same file system: the rename is atomic
    return target
