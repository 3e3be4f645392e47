"""Checks shared by the command-line tests."""

from __future__ import annotations


def assert_one_line_error(result, *fragments):
    """The command failed as every bad input must: exit 2, one ``Error:`` line naming it."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def python_output(code: str) -> str:
    """What a fresh Python process prints running ``code`` in the repository (it must
    succeed): a test of what importing loads, apart from the test process's modules."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
