"""Homework per student, for a course: `batch` and what only it uses.

- :mod:`.command`: the `batch` command (one personalised variant per roster row).
- :mod:`.roster`: the roster file, read and checked.
- :mod:`.sbatch`: SLURM array scripts, one task per roster row.
- :mod:`.collect`: the collect job: every student's folder checked, the course zipped.
- :mod:`.lms`: the gradebook CSV and the Moodle XML quiz made from the answers.
"""
