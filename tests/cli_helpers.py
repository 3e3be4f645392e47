"""Checks shared by the command-line tests."""

from __future__ import annotations


def assert_one_line_error(result, *fragments):
    """The command failed as every bad input must: exit 2, one ``Error:`` line naming it."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
