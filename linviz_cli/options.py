"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

from linviz.safety.limits import (MAX_DATA_BYTES, MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_JOBS,
                           MAX_QUIZ_PAUSE, MAX_SEED, QUIZ_PAUSE)
from linviz_render.scene import FORMATS, QUALITIES



def _data_from_stream(ctx, param, value):
    """--data as given, or for a stream (``-``, a pipe) the file its bytes were saved in.

    A stream can be read once, and the scenes read the data in other processes:
    its bytes are read here (within the CSV limits; a pipe no process writes to
    is given INPUT_WAIT_SECONDS) into a private file that lives as long as the
    command; messages still name the stream.
    """
    if value is None:
        return None
    from linviz.safety.inputs import is_stream

    if not is_stream(value):
        return value
    import tempfile
    from pathlib import Path

    from linviz.safety.atomic import make_work_dir, remove_stale_temporaries, remove_work_dir
    from linviz.errors import DataError, name_path
    from linviz.safety.inputs import STANDARD_INPUT, read_input_bytes

    data = read_input_bytes(value, MAX_DATA_BYTES, DataError, "CSV file")
    scratch = Path(tempfile.gettempdir())
    remove_stale_temporaries(scratch)
    folder = make_work_dir(scratch, "data")
    ctx.call_on_close(lambda: remove_work_dir(folder))
    standard = value == STANDARD_INPUT
    saved = folder / ("standard-input.csv" if standard else f"{Path(value).name or 'pipe'}.csv")
    saved.write_bytes(data)
    name_path(saved, "standard input (-)" if standard else value)
    return str(saved)


data_option = click.option(
    "--data", "data_spec", metavar="NAME|FILE.csv|-", default=None, callback=_data_from_stream,
    help=f"A built-in data set (see 'datasets') or a CSV file with a header row (at most "
         f"{MAX_DATA_BYTES // 2**20} MiB, {MAX_DATA_ROWS:,} rows, {MAX_DATA_COLUMNS:,} "
         f"columns); '-' reads it from standard input, and a pipe such as <(cat "
         f"points.csv) is read too.")
seed_option = click.option(
    "--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
    help="Seed of the built-in data and of any random choice the learner makes.")
positive_option = click.option(
    "--positive", metavar="LABEL", default=None,
    help="CSV only: the label value that becomes +1.")
label_column_option = click.option(
    "--label-column", metavar="NAME", default=None,
    help="CSV only: the label column (default: the last column).")


def _comma_list(what: str, example: str, count: int | None = None):
    """A callback reading ``A,B,…`` as a tuple of names (``count`` of them when given)."""
    def parse(ctx, param, value):
        if value is None:
            return None
        names = tuple(name.strip() for name in value.split(","))
        if not all(names) or (count is not None and len(names) != count):
            raise click.BadParameter(f"{value!r}: {what} separated by commas, e.g. "
                                     f"'{example}'", ctx, param)
        return names
    return parse


_feature_list = _comma_list("column names (or numbers)", "petal length,petal width")


features_option = click.option(
    "--features", metavar="A,B", default=None, callback=_feature_list,
    help="Use these feature columns (names from the CSV header, or numbers from 1), in "
         "this order; e.g. two columns of a wider table for the 2-D scenes.")
standardize_option = click.option(
    "--standardize/--raw", "standardize", default=None,
    help="--standardize: centre every feature and scale it to variance 1 before the run "
         "(the scenes say so; regression targets are kept as they are). --raw: keep the "
         "data's units. Neither: the scenes drawn at one scale (perceptron, noise, margin, "
         "...) standardise features whose spreads differ more than 10-fold, and say so.")


_class_pair = _comma_list("two class labels A,B (A is -1, B is +1)", "Adelie,Gentoo", count=2)


classes_option = click.option(
    "--classes", metavar="A,B", default=None, callback=_class_pair,
    help="CSV only: of a label column with more than two classes, keep these two (A is "
         "-1, B is +1); the rows of the others are left out. --positive A alone sets A "
         "against all the others.")

#: the data options' parameters, gathered into one DataOptions (see data_options)
_DATA_PARAMETERS = {"data_spec": "spec", "seed": "seed", "positive": "positive",
                    "label_column": "label_column", "features": "features",
                    "standardize": "standardize", "classes": "classes"}


_SHAPING_OPTIONS = [positive_option, label_column_option, classes_option, features_option,
                    standardize_option]


def _gathered(command, options, argument: str):
    """``command`` with ``options``, which it receives gathered into one
    :class:`linviz.sources.DataOptions`, the argument ``argument``."""
    import functools

    names = [option(lambda: None).__click_params__[0].name for option in options]

    @functools.wraps(command)
    def with_options(*args, **kwargs):
        from linviz.sources import DataOptions

        given = {_DATA_PARAMETERS[name]: kwargs.pop(name) for name in names}
        return command(*args, **{argument: DataOptions(**given)}, **kwargs)

    for option in reversed(options):
        with_options = option(with_options)
    return with_options


def data_options(command):
    """--data, --seed, --positive, --label-column, --classes, --features and
    --standardize/--raw, parsed once: the command receives them as one argument,
    ``data_options`` (:class:`linviz.sources.DataOptions`)."""
    return _gathered(command, [data_option, seed_option, *_SHAPING_OPTIONS], "data_options")


def shaping_arguments(shaping) -> list[str]:
    """The command-line options that give ``shaping`` (a
    :class:`linviz.sources.DataOptions`) again: what a script of array tasks repeats."""
    arguments = []
    for flag, value in (("--positive", shaping.positive),
                        ("--label-column", shaping.label_column),
                        ("--classes", ",".join(shaping.classes) if shaping.classes else None),
                        ("--features", ",".join(shaping.features) if shaping.features
                         else None)):
        if value is not None:
            arguments += [flag, value]
    if shaping.standardize is not None:
        arguments.append("--standardize" if shaping.standardize else "--raw")
    return arguments


def shaping_options(command):
    """The data options but --data and --seed (which a roster gives per row), for every
    row's data: the command receives them as ``shaping`` (a
    :class:`linviz.sources.DataOptions` naming no data)."""
    return _gathered(command, _SHAPING_OPTIONS, "shaping")
cluster_option = click.option(
    "--cluster", metavar="ADDRESS|local:N", default=None,
    help="Render each scene as a task on a Dask cluster: a running scheduler "
         "(tcp://host:8786), or local:N for N worker processes here. The workers must see "
         "--out at the same path. Needs pip install 'linviz[cluster]'.")


# -- how and where scenes render: render, lecture, batch ------------------------------------

quality_option = click.option(
    "-q", "--quality", type=click.Choice(list(QUALITIES)), default="l", show_default=True,
    help="Presets: " + ", ".join(f"{key} {name}" for key, name in QUALITIES.items())
         + " (hall: a lecture hall's projector).")
format_option = click.option(
    "--format", "file_format", type=click.Choice(FORMATS), default="mp4", show_default=True,
    help="png writes each scene's last frame only.")
theme_option = click.option(
    "--theme", type=click.Choice(["dark", "light"]), default="dark", show_default=True,
    help="Theme of the videos: dark for screens, light for projectors and print.")
notation_option = click.option(
    "--notation", type=click.Choice(["theta", "w"]), default="theta", show_default=True,
    help="Symbols on screen and in captions: theta (θ, θ₀) or w (w, b).")
quiz_pause_option = click.option(
    "--quiz-pause", "quiz_pause", type=click.FloatRange(0.0, MAX_QUIZ_PAUSE), default=QUIZ_PAUSE,
    show_default=True, metavar="SECONDS",
    help="How long a quiz's question stays on screen, still, after it is read (the class "
         "thinks; present mode stops there anyway).")
jobs_option = click.option(
    "--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
    help="Scenes rendered at the same time on this machine, each in its own process.")


def out_option(default: str, what: str):
    """--out DIR, whose default and meaning differ by command."""
    return click.option("--out", "out_dir", metavar="DIR", default=default, show_default=True,
                        help=what)


def cluster_and_jobs(cluster: str | None, jobs: int):
    """The parsed --cluster (or None), refusing --jobs beside it."""
    from linviz_render.fanout import ClusterSpellingError, parse_cluster

    try:
        spec = parse_cluster(cluster)
    except ClusterSpellingError as error:
        raise click.UsageError(str(error)) from None
    if spec and jobs > 1:
        raise click.UsageError("--jobs applies without --cluster; with it, the cluster's "
                               "workers decide how many scenes render at a time")
    return spec


def _voice(ctx, param, value):
    """--voice as the scenes take it (see linviz_voice.resolved_voice), checked here."""
    from linviz_voice import NO_VOICE, PIPER, piper_installed, resolved_voice
    from linviz_voice.script import Recordings

    voice = resolved_voice(value)
    if voice == PIPER and not piper_installed():
        raise click.BadParameter("the voice extra is not installed (pip install -e "
                                 "'.[voice]', which scripts/bootstrap.sh runs)", ctx, param)
    if voice not in (NO_VOICE, PIPER):
        Recordings(voice)  # a folder with its script, or one line why not
    return voice


def voice_option(default: str):
    """--voice none|piper|auto|DIR: who speaks the beats (the default differs by command)."""
    return click.option(
        "--voice", metavar="none|piper|auto|DIR", default=default, show_default=True,
        envvar="LINVIZ_VOICE", callback=_voice,
        help="Who speaks each beat's sentence: none (silent), piper (the offline synthetic "
             "voice of the 'voice' extra), auto (piper when installed), or a folder of your "
             "recordings, <beat>.wav per row of its script.csv ('narration export'), piper "
             "speaking the rest. A beat lasts until its sentence is spoken; the mp4 gets the "
             "speech as its sound. The variable LINVIZ_VOICE sets the default.")


def echo_data_notes(data) -> None:
    """Say on standard error what reading the data left out (one line each)."""
    from linviz.sources import data_notes

    for note in data_notes(data):
        click.echo(f"note: {note}", err=True)
