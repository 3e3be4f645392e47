"""Debian's Chromium, driven by Playwright, offline: the page and deck tests' one browser.

Every request not to file:// is refused (and recorded), as on a lecturer's laptop with
no network; Playwright's own browser download is never used.
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def playwright_api():
    """Playwright's sync API, with Debian's chromium there to drive (else the test skips)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/bootstrap.sh installs it)")
    return pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install -e '.[test]')")


@contextlib.contextmanager
def offline_browser(tmp_path: Path, width: int = 1280, height: int = 800):
    """(context, refused): a Chromium context whose every page may load file:// only;
    ``refused`` lists the other addresses asked for. Closed when the block ends."""
    sync_api = playwright_api()
    refused: list[str] = []
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": width, "height": height})

        def only_files(route):
            if route.request.url.startswith("file://"):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        context.route("**/*", only_files)
        try:
            yield context, refused
        finally:
            context.close()


def open_page(context, index: Path):
    """(page, errors): the page ``index`` opened in ``context`` once its video can play;
    ``errors`` collects the page's script errors."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(index.as_uri())
    page.wait_for_function("document.getElementById('video').readyState >= 2", timeout=20_000)
    return page, errors


def show_source(page, source: str) -> list[dict]:
    """Show the page's ``source`` (a scene's name, or "lecture") and wait until its video can
    play; its beats."""
    page.evaluate(f"linvizPlayer.show({source!r})")
    page.wait_for_function("document.getElementById('video').readyState >= 2", timeout=20_000)
    return page.evaluate("linvizPlayer.state.source.beats")
