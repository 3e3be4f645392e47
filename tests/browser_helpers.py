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


def packed(tmp_path_factory, folder: str, *arguments: str):
    """``render.py lecture ARGUMENTS --out …`` run as a lecturer runs it (a subprocess, in
    the tests' base folder): (the pack's folder, the completed process), asserted done."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    out = tmp_path_factory.mktemp(folder) / "media"
    done = subprocess.run([sys.executable, str(root / "render.py"), "lecture", *arguments,
                           "--out", str(out)], capture_output=True, text=True,
                          cwd=tmp_path_factory.getbasetemp())
    assert done.returncode == 0, done.stderr
    return out, done


def drag(page, start, by, steps: int = 6) -> None:
    """Drag with the mouse from the page point ``start`` by ``by`` (x, y pixels)."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + by[0], start[1] + by[1], steps=steps)
    page.mouse.up()
