"""The course as a whole, after its students' folders are made: publish, check, collect.

- :func:`publish_folder`: a student's folder made in a scratch folder (node-local
  ``$TMPDIR`` on a cluster) copied into ``--out`` whole: into a temporary folder
  beside its place, then renamed over it, so ``--out`` never holds half a folder;
- :func:`write_course_files`: the course's ``gradebook.csv`` and
  ``moodle-questions.xml`` (:mod:`linviz_cli.batch.lms`) from every student's
  ``answers.json``;
- :func:`collect_course` (``batch --collect``, the SLURM collect job): checks that
  every student of the roster has a complete folder, writes the course files and
  zips the course into ``<out>.zip`` beside ``--out``.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import click

from linviz.errors import LinvizError

#: a student's folder's files (beside its videos and traces)
WORKSHEET, ANSWER_KEY, ANSWERS = "worksheet.pdf", "answer-key.pdf", "answers.json"
#: the course's files, beside the students' folders
GRADEBOOK, MOODLE = "gradebook.csv", "moodle-questions.xml"
#: a zip entry's time stamp: fixed, so the same course gives the same zip
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: folders of --out that are not the course's (the SLURM logs)
NOT_IN_ZIP = ("slurm-logs",)
#: the formats whose videos come with captions (.srt) that a complete folder holds
CAPTIONED = ("mp4", "webm")
#: files zipped as they are (already compressed)
STORED = (".mp4", ".webm", ".gif", ".png", ".zip")


class IncompleteCourse(LinvizError):
    """A student's folder is missing or incomplete; the message names them."""


def publish_folder(folder: Path, out: Path) -> Path:
    """Copy ``folder`` into ``out`` under its name, whole: copied beside its place first,
    then renamed over the old folder (removed after). Returns the new folder."""
    from linviz.safety.atomic import current_umask, make_work_dir, remove_work_dir

    target = out / folder.name
    incoming = make_work_dir(out, f"incoming-{folder.name}")
    try:
        copied = incoming / folder.name
        shutil.copytree(folder, copied)
        os.chmod(copied, 0o777 & ~current_umask())
        old = None
        if target.exists():
            old = incoming / ".old"
            os.rename(target, old)
        os.rename(copied, target)
    finally:
        remove_work_dir(incoming)
    shutil.rmtree(folder, ignore_errors=True)
    return target


def expected_files(scenes, file_format: str, no_video: bool) -> list[str]:
    """The files a complete student's folder holds."""
    files = [ANSWERS, WORKSHEET, ANSWER_KEY] + [f"{scene}.trace.json" for scene in scenes]
    if not no_video:
        files += [f"{scene}.{file_format}" for scene in scenes]
        if file_format in CAPTIONED:
            files += [f"{scene}.srt" for scene in scenes]
    return files


def read_records(students, out: Path) -> list[dict]:
    """Every student's ``answers.json``, in roster order."""
    return [json.loads((out / student.id / ANSWERS).read_text(encoding="utf-8"))
            for student in students]


def write_course_files(students, out: Path) -> list[Path]:
    """The course's gradebook CSV and Moodle XML in ``out``; their paths."""
    from linviz.safety.atomic import write_bytes_atomic, write_text_atomic
    from linviz_cli.batch.lms import gradebook_csv, moodle_xml

    records = read_records(students, out)
    return [write_text_atomic(out / GRADEBOOK, gradebook_csv(records)),
            write_bytes_atomic(out / MOODLE, moodle_xml(records))]


def check_course(students, scenes, out: Path, file_format: str, no_video: bool) -> None:
    """IncompleteCourse (one line naming every incomplete student) unless each student of
    the roster has a folder with every expected file and an ``answers.json`` of theirs."""
    problems = []
    wanted = expected_files(scenes, file_format, no_video)
    for student in students:
        folder = out / student.id
        if not folder.is_dir():
            problems.append(f"{student.id} (no folder)")
            continue
        missing = [name for name in wanted if not (folder / name).is_file()]
        if missing:
            problems.append(f"{student.id} (no {', '.join(missing)})")
            continue
        try:
            record = json.loads((folder / "answers.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{student.id} (answers.json unreadable: {error})")
            continue
        if record.get("id") != student.id or record.get("seed") != student.seed:
            problems.append(f"{student.id} (answers.json is another student's or seed's)")
    if problems:
        shown = "; ".join(problems[:10]) + ("; …" if len(problems) > 10 else "")
        raise IncompleteCourse(f"--collect: {len(problems)} of {len(students)} student(s) "
                               f"incomplete in {out}: {shown}; nothing was written (look "
                               f"at their tasks' logs in {out / 'slurm-logs'})")


def zip_course(out: Path) -> Path:
    """``<out>.zip`` beside ``out``: the students' folders and the course files, in name
    order, with fixed time stamps; the SLURM logs and temporaries left out. Written to a
    temporary beside it, then renamed (videos are stored, already compressed)."""
    import tempfile

    from linviz.safety.atomic import TEMP_MARK, current_umask, guard_output

    target = Path(guard_output(out.parent / f"{out.name}.zip",
                               what="the course's zip").path)
    fd, partial = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARK}{os.getpid()}-",
                                   suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as stream, zipfile.ZipFile(stream, "w") as archive:
            for path in sorted(out.rglob("*")):
                relative = path.relative_to(out)
                if (relative.parts[0] in NOT_IN_ZIP or not path.is_file()
                        or any(part.startswith(TEMP_MARK) for part in relative.parts)):
                    continue
                info = zipfile.ZipInfo(f"{out.name}/{relative.as_posix()}", ZIP_TIME)
                info.compress_type = (zipfile.ZIP_STORED if path.suffix in STORED
                                      else zipfile.ZIP_DEFLATED)
                info.external_attr = 0o644 << 16
                with open(path, "rb") as source, archive.open(info, "w") as entry:
                    shutil.copyfileobj(source, entry)
        os.chmod(partial, 0o666 & ~current_umask())
        os.replace(partial, target)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return target


def collect_course(students, scenes, out_dir: str, file_format: str, no_video: bool) -> None:
    """``batch --collect``: check every folder, write the course files, zip the course."""
    out = Path(out_dir)
    if not out.is_dir():
        raise IncompleteCourse(f"--collect: --out {out} is not a folder (did the array "
                               f"tasks run?)")
    check_course(students, scenes, out, file_format, no_video)
    written = write_course_files(students, out)
    archive = zip_course(out)
    for path in (*written, archive):
        click.echo(str(path))
    click.echo(f"collected {len(students)} student(s)", err=True)
