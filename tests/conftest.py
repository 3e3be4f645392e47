"""Shared test set-up: a deterministic hypothesis profile and a CLI runner."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Derandomized so CI runs the same examples every time; few examples, no deadline,
# so the whole engine suite stays well under a minute.
settings.register_profile(
    "linviz",
    derandomize=True,
    deadline=None,
    max_examples=30,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# A longer, randomized hunt for bugs: HYPOTHESIS_PROFILE=thorough pytest
settings.register_profile("thorough", parent=settings.get_profile("linviz"),
                          derandomize=False, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "linviz"))

# `lecture` narrates by default when the voice extra is installed; the tests that are not
# about the voice render silent (as fast as before), the voice's tests say --voice
os.environ.setdefault("LINVIZ_VOICE", "none")


def pytest_configure(config):
    config.addinivalue_line("markers", "render: runs real Manim renders (seconds each); "
                                       "part of make test, deselect with -m 'not render'")


@pytest.fixture
def runner():
    """A click CliRunner that keeps stderr apart from stdout (click 8.1 and 8.2+)."""
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)
    except TypeError:  # click ≥ 8.2 always keeps them apart
        return CliRunner()


@pytest.fixture(scope="session")
def lecture_pack(tmp_path_factory):
    """A lecture pack of one short real scene, built as a user builds it (a subprocess),
    its slides' sections also backwards (``--slides-reverse``).

    Returns (out folder, the command's completed process). Shared by the
    tests of the pack's files and of its page, so the scene renders once.
    """
    from browser_helpers import packed

    return packed(tmp_path_factory, "pack", "margin", "--slides-reverse")
