"""Screenshots of a lecture pack as a lecturer meets it, in Chromium with the network blocked.

    .venv/bin/python scripts/pack_screenshots.py media media/screens

For each size (1280×800, 1920×1080) it saves the page's first screen, present
mode on the title card and after two beats, the speaker window beside it, and
the first two slides of every deck (``slides/<scene>.html``): PNG files named
``<what>-<width>x<height>.png`` in the folder given. Uses Debian's chromium
driven by Playwright (tests/browser_helpers.py), as the page tests do.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

SIZES = ((1280, 800), (1920, 1080))


def page_screens(pack: Path, out: Path, width: int, height: int, scratch: Path) -> list[Path]:
    from browser_helpers import offline_browser

    size = f"{width}x{height}"
    saved = []
    with offline_browser(scratch, width, height) as (context, refused):
        page = context.new_page()
        page.goto((pack / "index.html").as_uri())
        page.wait_for_function("document.getElementById('video').readyState >= 2",
                               timeout=20_000)
        page.wait_for_timeout(300)
        saved.append(out / f"page-first-screen-{size}.png")
        page.screenshot(path=str(saved[-1]))
        page.keyboard.press("p")
        page.wait_for_timeout(500)
        saved.append(out / f"present-title-{size}.png")
        page.screenshot(path=str(saved[-1]))
        with page.expect_popup() as opened:
            page.keyboard.press("s")
        speaker = opened.value
        speaker.set_viewport_size({"width": width, "height": height})
        for _ in range(3):  # three beats on: each → plays to the next stop
            before = page.evaluate("document.body.dataset.stopped || ''")
            page.keyboard.press("ArrowRight")
            page.wait_for_function("b => (document.body.dataset.stopped || '') !== b", arg=before,
                                   timeout=60_000)
        page.wait_for_timeout(600)
        saved.append(out / f"present-beat-{size}.png")
        page.screenshot(path=str(saved[-1]))
        saved.append(out / f"speaker-{size}.png")
        speaker.screenshot(path=str(saved[-1]))
        for deck in sorted((pack / "slides").glob("*.html")):
            slides = context.new_page()
            slides.goto(deck.as_uri())
            slides.wait_for_function("window.Reveal && Reveal.isReady()", timeout=20_000)
            slides.wait_for_timeout(500)
            saved.append(out / f"deck-{deck.stem}-1-{size}.png")
            slides.screenshot(path=str(saved[-1]))
            slides.keyboard.press("ArrowRight")  # the first section, once it has faded in
            slides.wait_for_timeout(1500)
            saved.append(out / f"deck-{deck.stem}-2-{size}.png")
            slides.screenshot(path=str(saved[-1]))
            slides.close()
        if refused:
            print("refused:", *refused, sep="\n  ", file=sys.stderr)
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", type=Path, help="the lecture pack's folder (render.py lecture --out)")
    parser.add_argument("out", type=Path, help="where the PNG files go")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for width, height in SIZES:
            for path in page_screens(args.pack.resolve(), args.out, width, height,
                                     Path(scratch) / f"{width}"):
                print(path)


if __name__ == "__main__":
    main()
