"""`batch`: one personalised variant per student — their videos, a worksheet, an answer key.

For each roster row (see :mod:`linviz_cli.batch.roster`) the folder ``--out/<id>/``
gets:

- ``<scene>.trace.json``: the run each scene plays, made on the student's
  data and seed by the scene's own ``make_trace`` (the engine's learner);
- ``<scene>.mp4`` and ``<scene>.srt``: the scene rendered from that trace
  file (``render --trace``), so the video plays exactly the run the
  worksheet asks about;
- ``worksheet.pdf``, ``answer-key.pdf`` and ``answers.json`` (the questions, the
  answers and the runs' exact values), all computed from the traces
  (:mod:`linviz_pack.worksheet`).

and ``--out`` gets the course's ``gradebook.csv`` and ``moodle-questions.xml``
(:mod:`linviz_cli.batch.lms`). ``--collect`` (the SLURM collect job) checks that every
student's folder is complete, writes those two and zips the course.

Every row is checked (its id, seed, data, and that each scene accepts the
data) before anything is written. Renders run here (``--jobs``), on a Dask
cluster (``--cluster``), or one roster row per SLURM array task (``--sbatch``
writes the scripts; each task runs ``batch --row N --scratch DIR``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import click

from .collect import ANSWER_KEY, ANSWERS, WORKSHEET
from ..options import (cluster_and_jobs, cluster_option, format_option, jobs_option,
                      notation_option, out_option, quality_option, shaping_arguments,
                      shaping_options, theme_option)
from .roster import MAX_STUDENTS
from .sbatch import slurm_options

DEFAULT_SCENES = "perceptron,proof,noise"
#: scenes that run on their own data set whatever the roster's data (which is for the
#: scenes that need separable data): seeded by the student's seed
OWN_DATA_SCENES = ("noise",)


@dataclass
class Variant:
    """A student's checked inputs: the scene classes with their request, and their runs."""

    student: object
    scenes: dict  # scene name -> (catalogue entry, trace)


@click.command()
@click.argument("roster", metavar="ROSTER.csv")
@click.option("--scenes", "scene_names", default=DEFAULT_SCENES, show_default=True,
              metavar="NAME,NAME",
              help="Scenes per student, comma-separated, from: perceptron, perceptron-origin, "
                   "proof, proof-offset, noise (the worksheet asks about their runs; noise "
                   "runs on the built-in noisy data with the student's seed).")
@quality_option
@format_option
@out_option("batch", "Folder of the students' folders (one per id).")
@theme_option
@jobs_option
@cluster_option
@click.option("--row", type=click.IntRange(1, MAX_STUDENTS), default=None, metavar="N",
              help="Only the N-th student of the roster (from 1): what each task of the "
                   "--sbatch script runs.")
@click.option("--scratch", "scratch_dir", metavar="DIR", default=None,
              help="Work in DIR (node-local, e.g. $TMPDIR) and move each finished student's "
                   "folder into --out whole: what the --sbatch tasks do.")
@click.option("--collect", is_flag=True,
              help="Render nothing: check that every student's folder in --out is complete, "
                   "then write the gradebook and Moodle XML and zip the course (the "
                   "--sbatch collect job).")
@notation_option
@click.option("--sbatch", "sbatch_file", metavar="FILE.sh", default=None,
              help="Write SLURM scripts instead of rendering: FILE.sh (one array task per "
                   "student), FILE.collect.sh and FILE.submit.sh, which submits them; see "
                   "the --slurm-* options.")
@slurm_options
@click.option("--no-video", is_flag=True,
              help="Write the traces, worksheets and answer keys only.")
@shaping_options
def batch(roster, scene_names, quality, file_format, out_dir, theme, jobs, cluster, row,
          scratch_dir, collect, notation, sbatch_file, no_video, shaping, **slurm) -> None:
    """One variant per student of ROSTER.csv (columns: id, and optionally seed and data):
    their videos on their own data, a worksheet and an answer key, in --out/<id>/.

    --positive, --label-column, --classes, --features and --standardize/--raw read every
    student's data file as render reads its --data.

    A missing seed is derived from the id (the first 4 bytes of
    SHA-256("linviz-roster:" + id)), so the same roster always gives the same
    variants. Bad rows are reported with their line before anything is written.
    """
    from linviz.safety.atomic import guard_outputs_folder, remove_stale_temporaries

    from linviz_render.scene import check_manim, render_here, render_on_cluster

    from .roster import read_roster

    cluster_spec = cluster_and_jobs(cluster, jobs)
    if sbatch_file and (cluster_spec or row or collect or scratch_dir):
        raise click.UsageError("--sbatch writes scripts whose array tasks each take one "
                               "--row; give it without --cluster, --row, --scratch and "
                               "--collect")
    if scratch_dir and cluster_spec:
        raise click.UsageError("--scratch is a folder on this machine; the workers of "
                               "--cluster render into --out: give one of them")
    if collect and (cluster_spec or row or scratch_dir):
        raise click.UsageError("--collect checks the whole course; give it without "
                               "--cluster, --row and --scratch")
    entries = _scene_entries(scene_names)
    students = read_roster(roster)
    if collect:
        from .collect import collect_course

        collect_course(students, _names(entries), out_dir, file_format, no_video)
        return
    everyone = row is None
    if row is not None:
        if row > len(students):
            raise click.UsageError(f"--row {row}: the roster has {len(students)} student(s)")
        students = [students[row - 1]]
    check_manim()
    if sbatch_file:
        from .sbatch import SlurmOptions, write_sbatch

        # every row was checked by read_roster; the scenes' runs are checked here for one
        # student per data set (a course of thousands would keep the login node busy for
        # an hour), and each array task checks its own student's
        check_variants(students_per_data(students), entries, roster, shaping)
        paths = write_sbatch(sbatch_file, roster, len(students), out_dir, _batch_arguments(
            _names(entries), quality, file_format, theme, notation, no_video, shaping),
            SlurmOptions.from_cli(slurm))
        click.echo(f"wrote {', '.join(str(p) for p in paths)}: {len(students)} array "
                   f"task(s); submit them with 'bash {paths[-1]}' from this folder", err=True)
        return
    variants = check_variants(students, entries, roster, shaping)
    out = guard_outputs_folder(out_dir)
    remove_stale_temporaries(out)
    work = out
    if scratch_dir:
        work = guard_outputs_folder(scratch_dir, what="--scratch")
        remove_stale_temporaries(work)
    started = time.monotonic()
    folders = [out / variant.student.id for variant in variants]

    def write_all():
        """Every student's files but the videos; the jobs that render those."""
        scene_jobs = []
        for variant in variants:
            scene_jobs += write_variant(variant, work, file_format, theme, no_video, notation)
        click.echo(f"wrote the traces, worksheets and answer keys of {len(variants)} "
                   f"student(s)", err=True)
        return scene_jobs

    if cluster_spec and not no_video:  # written once the cluster answers
        render_on_cluster(cluster_spec, write_all, quality, file_format, out, [])
    else:
        scene_jobs = write_all()
        if scene_jobs:
            render_here(scene_jobs, quality, file_format, [], jobs)
    if scratch_dir:
        from .collect import publish_folder

        for variant in variants:
            publish_folder(work / variant.student.id, out)
    if everyone:
        from .collect import write_course_files

        write_course_files(students, out)
    click.echo(f"all done in {time.monotonic() - started:.1f} s", err=True)
    for folder in folders:
        click.echo(str(folder))


def students_per_data(students) -> list:
    """The first student of each data set (``data``, None for the scenes' own), in roster
    order: the rows whose runs ``--sbatch`` checks before writing the scripts."""
    first = {}
    for student in students:
        first.setdefault(student.data, student)
    return list(first.values())


def _batch_arguments(scenes, quality, file_format, theme, notation, no_video,
                     shaping) -> list[str]:
    """The options every array task and the collect job repeat."""
    return (["--scenes", ",".join(scenes), "-q", quality, "--format", file_format,
             "--theme", theme, "--notation", notation] + (["--no-video"] if no_video else [])
            + shaping_arguments(shaping))


def _names(entries) -> list[str]:
    return [entry.name for entry in entries]


def _scene_entries(text: str):
    """The catalogue entries of ``--scenes``: scenes the worksheet has questions for."""
    from linviz.errors import quoted
    from linviz_pack.worksheet import QUESTION_SCENES
    from scenes.catalog import SCENES_IN_ORDER

    names = list(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise click.UsageError("--scenes is empty: name at least one scene")
    by_name = {entry.name: entry for entry in SCENES_IN_ORDER}
    for name in names:
        if name not in QUESTION_SCENES:
            raise click.UsageError(f"--scenes: {quoted(name)} is not a scene batch makes "
                                   f"worksheets for; choose from {', '.join(QUESTION_SCENES)}")
    order = {entry.name: number for number, entry in enumerate(SCENES_IN_ORDER)}
    return sorted((by_name[name] for name in names), key=lambda entry: order[entry.name])


def scene_run(scene_class):
    """The run a scene plays, made as the scene makes it but without Manim:
    ``make_trace`` needs only the scene's data (and a saved trace, none here)."""
    scene = object.__new__(scene_class)
    scene.data, scene.saved_trace = scene_class.load_inputs()
    _, scene.seed, _ = scene_class.options()
    return scene.make_trace()


def check_variants(students, entries, roster: str, shaping=None) -> list[Variant]:
    """Each student's runs (their data read with ``shaping``'s options, a
    :class:`linviz.sources.DataOptions` naming no data); RosterError naming the line of
    every row a scene refuses."""
    from dataclasses import replace

    from linviz.sources import DataOptions

    from linviz.errors import LinvizError, quoted, shown_path
    from linviz.request import RenderRequest

    from linviz_render.scene import scene_with_request

    from .roster import RosterError, rows_message

    variants, problems = [], []
    for student in students:
        runs = {}
        try:
            for entry in entries:
                data = None if entry.name in OWN_DATA_SCENES else student.data
                # the options read a student's data file; a scene's own data is as it is
                options = (replace(shaping, spec=data, seed=student.seed)
                           if data is not None and shaping is not None
                           else DataOptions(spec=data, seed=student.seed))
                request = RenderRequest.of(options)
                runs[entry.name] = (entry, scene_run(scene_with_request(entry.load(), request)))
        except LinvizError as error:
            problems.append((student.line, f"id {quoted(student.id)}: {error}"))
            continue
        variants.append(Variant(student, runs))
    if problems:
        raise RosterError(rows_message(f"roster {shown_path(roster)}", problems))
    return variants


def write_variant(variant: Variant, out: Path, file_format: str, theme: str, no_video: bool,
                  notation: str = "theta"):
    """Write a student's traces, worksheet, answer key and answers; return the
    :class:`SceneJob` s that render their videos from the traces."""
    from linviz.safety.atomic import (guard_outputs_folder, remove_stale_temporaries,
                               write_bytes_atomic, write_text_atomic)
    from linviz_pack.worksheet import homework_for, in_notation, sheet_pdf
    from linviz.request import RenderRequest

    from linviz_render.scene import SceneJob

    from ..scenes_command import _check_targets

    student = variant.student
    folder = guard_outputs_folder(out / student.id, what=f"the folder of {student.id!r}")
    remove_stale_temporaries(folder)
    if not no_video:
        for name in variant.scenes:
            _check_targets(folder, name, file_format, [], False)
    record = {"id": student.id, "seed": student.seed, "seed_from_id": student.seed_derived,
              "data": student.data, "notation": notation, "scenes": {}}
    blocks, scene_jobs = [], []
    for name, (entry, trace) in variant.scenes.items():
        trace_path = folder / f"{name}.trace.json"
        write_text_atomic(trace_path, trace.to_json())
        block, extra = homework_for(name, trace, f"{name}.{file_format}", notation)
        record["scenes"][name] = block.record()
        blocks.append((block, extra))
        if not no_video:
            request = RenderRequest(seed=student.seed, theme=theme, notation=notation,
                                    trace=str(trace_path.resolve()))
            scene_jobs.append(SceneJob(f"{student.id}/{name}", entry, folder, request))
    videos = ", ".join(f"{name}.{file_format}" for name in variant.scenes)
    about = in_notation(
        f"Linear classifiers, your own runs (seed {student.seed}"
        + (", from your id" if student.seed_derived else "") + f"). Each part below is about "
        f"one run, the one its video plays ({videos}): answer from the numbers printed "
        f"with it, and check your answers against the video.", notation)
    write_bytes_atomic(folder / WORKSHEET, sheet_pdf(student.id, about, blocks, key=False))
    write_bytes_atomic(folder / ANSWER_KEY, sheet_pdf(student.id, about, blocks, key=True))
    write_text_atomic(folder / ANSWERS, json.dumps(record, indent=2,
                                                   ensure_ascii=False) + "\n")
    return scene_jobs
