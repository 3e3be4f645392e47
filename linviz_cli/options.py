"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

from linviz.limits import MAX_SEED

data_option = click.option(
    "--data", "data_spec", metavar="NAME|FILE.csv", default=None,
    help="A built-in data set (see 'datasets') or a CSV file with a header row.")
seed_option = click.option(
    "--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
    help=f"Seed of the built-in data and of any random choice the learner makes "
         f"(0 to {MAX_SEED}).")
positive_option = click.option(
    "--positive", metavar="LABEL", default=None,
    help="CSV only: the label value that becomes +1.")
label_column_option = click.option(
    "--label-column", metavar="NAME", default=None,
    help="CSV only: the label column (default: the last column).")


def data_options(command):
    """--data, --seed, --positive and --label-column, in that order."""
    for option in reversed([data_option, seed_option, positive_option, label_column_option]):
        command = option(command)
    return command
