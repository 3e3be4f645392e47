"""`trace`: run a learner on a data set and write its trace as JSON."""

from __future__ import annotations

import inspect
import sys

import click

from linviz.safety.limits import MAX_EPOCHS, MAX_K, MAX_STEPS

from .options import data_options, echo_data_notes

ALGORITHMS = ["perceptron", "logistic-regression", "linear-regression", "best-of-k"]

# option name -> learner keyword; an option a learner does not take is an error
LEARNER_OPTIONS = ("epochs", "offset", "order", "lr", "steps", "l2", "batch", "degree", "k")


@click.command()
@click.argument("algorithm", type=click.Choice(ALGORITHMS), metavar="ALGORITHM")
@data_options
@click.option("--epochs", type=click.IntRange(1, MAX_EPOCHS), default=None,
              help="Perceptron: τ, the most passes over the data [default: 100].")
@click.option("--offset/--no-offset", default=None,
              help="Learn the offset θ₀, or keep the classifier through the origin "
                   "[default: offset].")
@click.option("--order", type=click.Choice(["cyclic", "shuffle"]), default=None,
              help="Perceptron: visit points in order, or shuffled per epoch [default: cyclic].")
@click.option("--lr", type=float, default=None, help="Gradient learners: step size η.")
@click.option("--steps", type=click.IntRange(1, MAX_STEPS), default=None,
              help="Gradient learners: number of steps.")
@click.option("--l2", type=click.FloatRange(min=0), default=None,
              help="Logistic regression: weight λ of the L2 term [default: 0].")
@click.option("--batch", type=click.Choice(["full", "stochastic"]), default=None,
              help="Gradient learners: full-batch or one random point per step.")
@click.option("--degree", type=click.IntRange(1, 12), default=None,
              help="Linear regression: degree of the polynomial feature map [default: 1].")
@click.option("--k", type=click.IntRange(1, MAX_K), default=None,
              help="Best-of-k: how many random hypotheses [default: 10].")
@click.option("--out", "out_path", metavar="FILE.json", default=None,
              help="Where to write the trace ('-' for standard output) "
                   "[default: traces/ALGORITHM-DATA-seedN.json].")
@click.option("--mistakes-only", is_flag=True,
              help="Perceptron: keep only the mistake steps in the file.")
def trace(algorithm, data_options, out_path, mistakes_only, **learner_options):
    """Run ALGORITHM and write its trace (every step) as JSON.

    A trace that would pass the memory budget (2 GiB; see 'Limits and errors'
    in the README) is refused, before the run when its length is known and
    during it when a perceptron has not converged, naming the τ or --steps
    that fits.
    """
    from linviz.safety.atomic import guard_output, why_unwritable, write_text_atomic
    from linviz.errors import shown_path
    from linviz.dataset import CLASSIFICATION, REGRESSION
    from linviz.learners import DEFAULT_DATA, LEARNERS
    from linviz.sources import looks_like_file

    learner_class = LEARNERS[algorithm]
    accepted = inspect.signature(learner_class).parameters
    given = {name: value for name, value in learner_options.items() if value is not None}
    for name in given:
        if name not in accepted:
            raise click.UsageError(f"--{name} does not apply to {algorithm}")
    seed = data_options.seed
    if "seed" in accepted:
        given["seed"] = seed
    task = REGRESSION if algorithm == "linear-regression" else CLASSIFICATION
    data_spec = data_options.spec or DEFAULT_DATA[algorithm]
    if mistakes_only and algorithm != "perceptron":
        raise click.UsageError("--mistakes-only applies to the perceptron only")
    data = data_options.resolve(task, default=data_spec)
    echo_data_notes(data)
    inputs = [data_spec] if looks_like_file(data_spec) else []
    if out_path is None:
        out_path = f"traces/{algorithm}-{data.name}-seed{seed}.json"
    # checked before the run: nothing is learned for an output that cannot be written
    target = None if out_path == "-" else guard_output(out_path, inputs)
    learner = learner_class(**given).fit(data)
    record = learner.trace_
    text = record.to_json(mistakes_only)
    if target is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        path = write_text_atomic(target, text)
    except OSError as error:  # no permission, disk full, ...
        raise click.ClickException(f"cannot write {shown_path(out_path)}: "
                                   f"{why_unwritable(out_path, error)}; choose another --out "
                                   f"path") from None
    click.echo(f"wrote {path}{target.note()}: {summary(record)}")
    if data.task == CLASSIFICATION and data.params.get("file"):
        negative, positive_label = data.label_names
        click.echo(f"labels: {negative!r} → -1, {positive_label!r} → +1")


def summary(record) -> str:
    """One line on how the run ended."""
    result = record.result
    if record.algorithm == "perceptron":
        text = (f"{result['updates']} updates in {result['epochs']} epochs, "
                + ("converged" if result["converged"] else "did not converge"))
        cycle = result.get("cycle")
        if cycle:
            text += (f"; the state at the start of epoch {cycle['start_epoch']} repeats every "
                     f"{cycle['period_epochs']} epoch(s): it will never converge")
        return text
    if record.algorithm == "best-of-k":
        return (f"best of {result['updates']} hypotheses is number {result['best_index'] + 1}, "
                f"training error {result['training_error']:.3f}")
    return f"{result['updates']} steps, final loss {result['loss']:.6g}"
