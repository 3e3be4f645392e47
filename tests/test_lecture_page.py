"""The pack's page in a real headless Chromium, opened from file:// with the network blocked.

Uses Debian's chromium (installed by scripts/bootstrap.sh) driven by Playwright
for Python; Playwright's own browser download is never used. Screenshots are
saved in the test's temporary folder (``pytest --basetemp DIR`` to keep them).
"""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def seconds(stamp: str) -> float:
    hours, minutes, rest = stamp.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))


def lecture_cues(out: Path) -> list[tuple[float, float, str]]:
    text = (out / "lecture.srt").read_text(encoding="utf-8")
    return [(seconds(a), seconds(b), said) for a, b, said in
            re.findall(r"(\S+) --> (\S+)\n(.+)", text)]


def section_ends(out: Path) -> list[float]:
    entries = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    ends, end = [], Fraction(0)
    for entry in entries:
        end += Fraction(int(entry["nb_frames"])) / Fraction(entry["avg_frame_rate"])
        ends.append(float(end))
    return ends


@pytest.fixture
def browser_page(lecture_pack, tmp_path):
    """A page of the pack in headless Chromium; every request not to file:// is refused."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/bootstrap.sh installs it)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install -e '.[test]')")
    out, _ = lecture_pack
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1280, "height": 760})
        page = context.new_page()
        refused, errors = [], []

        def only_files(route):
            if route.request.url.startswith("file://"):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        page.route("**/*", only_files)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((out / "index.html").as_uri())
        page.wait_for_function("document.getElementById('video').readyState >= 2",
                               timeout=20_000)
        yield page, out, tmp_path
        assert errors == [], errors
        assert refused == [], refused  # the page asked for nothing outside the pack
        context.close()


def current_time(page) -> float:
    return page.evaluate("document.getElementById('video').currentTime")


def frame_rate(out: Path) -> float:
    import av

    with av.open(str(out / "lecture.mp4")) as movie:
        return float(movie.streams.video[0].average_rate)


def assert_on_last_frame_before(page, stop: float, fps: float) -> None:
    """Paused on the last frame of the beat ending at ``stop``, not the next beat's first."""
    assert page.evaluate("document.getElementById('video').paused")
    assert int(current_time(page) * fps) == round(stop * fps) - 1


def showing_captions(page) -> list[str]:
    return page.evaluate("""() => Array.from(document.getElementById('video').textTracks)
        .filter(t => t.mode === 'showing')
        .flatMap(t => Array.from(t.activeCues || []).map(c => c.text))""")


def test_video_plays_with_captions_and_chapters_seek(browser_page):
    page, out, shots = browser_page
    cues = lecture_cues(out)
    page.evaluate("document.getElementById('video').play()")
    page.wait_for_function(f"document.getElementById('video').currentTime > {cues[0][0] + 0.3}",
                           timeout=20_000)
    shown = showing_captions(page)
    now = current_time(page)
    assert shown == [said for a, b, said in cues if a <= now < b]
    page.screenshot(path=str(shots / "page-playing.png"))
    page.evaluate("document.getElementById('video').pause()")

    names = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    starts = [0.0, *section_ends(out)[:-1]]
    page.get_by_role("button", name=re.compile(names[1]["name"] + "$")).click()
    page.wait_for_function("!document.getElementById('video').seeking")
    assert current_time(page) == pytest.approx(starts[1], abs=0.05)
    page.screenshot(path=str(shots / "page-chapter.png"))


def test_present_mode_stops_at_each_beat_and_goes_back(browser_page):
    page, out, shots = browser_page
    cues = lecture_cues(out)
    stops = sorted({round(t, 3) for t in [*(b for _, b, _ in cues), *section_ends(out)]})
    fps = frame_rate(out)
    page.keyboard.press("p")
    assert page.evaluate("document.body.classList.contains('presenting')")
    page.wait_for_function("document.fullscreenElement && document.fullscreenElement.id === "
                           "'stage'", timeout=5_000)  # the player fills the screen

    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.stopped === '0'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[0], fps)
    first = next(said for a, b, said in cues if a < stops[0])
    assert page.inner_text("#notes") == first
    assert showing_captions(page) == [first]
    page.screenshot(path=str(shots / "present-beat-1.png"))

    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[1], fps)
    said = [text for a, b, text in cues if a < stops[1] - 0.01 and b > stops[0] + 0.01]
    assert page.inner_text("#notes") == said[-1]
    page.screenshot(path=str(shots / "present-beat-2.png"))

    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.stopped === '0'", timeout=5_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[0], fps)

    page.keyboard.press("r")  # replay the beat: plays, then stops at its end again
    page.wait_for_function("!document.getElementById('video').paused", timeout=5_000)
    page.wait_for_function("document.getElementById('video').paused", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[0], fps)

    page.keyboard.press("c")  # captions off the video; the notes stay
    assert showing_captions(page) == [] and page.inner_text("#notes") == first
    page.keyboard.press("c")
    assert showing_captions(page) == [first]

    page.keyboard.press("Escape")
    page.wait_for_function("!document.fullscreenElement", timeout=5_000)
    assert not page.evaluate("document.body.classList.contains('presenting')")
