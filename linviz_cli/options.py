"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

from linviz.limits import MAX_DATA_BYTES, MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_SEED

data_option = click.option(
    "--data", "data_spec", metavar="NAME|FILE.csv", default=None,
    help=f"A built-in data set (see 'datasets') or a CSV file with a header row (at most "
         f"{MAX_DATA_BYTES // 2**20} MiB, {MAX_DATA_ROWS:,} rows, {MAX_DATA_COLUMNS:,} columns).")
seed_option = click.option(
    "--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
    help="Seed of the built-in data and of any random choice the learner makes.")
positive_option = click.option(
    "--positive", metavar="LABEL", default=None,
    help="CSV only: the label value that becomes +1.")
label_column_option = click.option(
    "--label-column", metavar="NAME", default=None,
    help="CSV only: the label column (default: the last column).")


def _feature_list(ctx, param, value):
    if value is None:
        return None
    names = tuple(name.strip() for name in value.split(","))
    if not all(names):
        raise click.BadParameter(f"{value!r}: column names (or numbers) separated by commas, "
                                 f"e.g. 'petal length,petal width'", ctx, param)
    return names


features_option = click.option(
    "--features", metavar="A,B", default=None, callback=_feature_list,
    help="Use these feature columns (names from the CSV header, or numbers from 1), in "
         "this order; e.g. two columns of a wider table for the 2-D scenes.")
standardize_option = click.option(
    "--standardize", is_flag=True, default=False,
    help="Centre every feature and scale it to variance 1 before the run (the scenes "
         "say so); regression targets are kept as they are.")


def data_options(command):
    """--data, --seed, --positive, --label-column, --features and --standardize."""
    for option in reversed([data_option, seed_option, positive_option, label_column_option,
                            features_option, standardize_option]):
        command = option(command)
    return command
cluster_option = click.option(
    "--cluster", metavar="ADDRESS|local:N", default=None,
    help="Render each scene as a task on a Dask cluster: a running scheduler "
         "(tcp://host:8786), or local:N for N worker processes here. The workers must see "
         "--out at the same path. Needs pip install 'linviz[cluster]'.")
