"""The slide deck works offline: slides/<scene>.html, and manim-slides' deck made from our JSON.

reveal.js is fetched by scripts/bootstrap.sh from the npm registry into
vendor/reveal.js; without it these tests FAIL (with the bootstrap's name in the
message), they do not skip. The browser tests open each deck from file:// in
Debian's chromium with every other request refused, and require: no refused or
failed request, no script error, the first slide's video playing, and → showing
the second section's video.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from linviz_pack import deck
from linviz_pack.build import PackSettings, assemble
from linviz_pack.rendered import RenderedScene
from pack_helpers import write_clip, write_sections_index, write_srt
from browser_helpers import offline_browser

#: every address a page names: src, href, reveal.js' background video
ADDRESS = re.compile(r'\b(?:src|href|data-background-video)="([^"]*)"')


def addresses(page: Path) -> list[str]:
    """The addresses ``page`` names, outside HTML comments."""
    return ADDRESS.findall(re.sub(r"<!--.*?-->", "", page.read_text(encoding="utf-8"),
                                  flags=re.DOTALL))


def test_reveal_is_installed_at_the_pinned_version():
    """Fails (not skips) when the bootstrap has not fetched reveal.js, saying what to run."""
    try:
        folder = deck.reveal_source()
    except deck.DeckError as error:
        pytest.fail(str(error))
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "reveal.js"
    assert package["version"] == deck.REVEAL_VERSION
    assert "Hakim El Hattab" in (folder / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.parametrize("content", [None, '{"name": "reveal.js", "version": "5.0.0"}'])
def test_no_reveal_is_one_line_naming_the_bootstrap(tmp_path, monkeypatch, content):
    if content is not None:
        (tmp_path / "package.json").write_text(content)
    monkeypatch.setenv(deck.REVEAL_ENV, str(tmp_path))
    with pytest.raises(deck.DeckError) as raised:
        deck.copy_reveal(tmp_path / "copy")
    message = str(raised.value)
    assert "\n" not in message and "scripts/bootstrap.sh" in message
    assert deck.REVEAL_VERSION in message
    assert not (tmp_path / "copy").exists()


def test_the_theme_shows_its_controls_on_the_background():
    assert deck.reveal_theme("#15171C") == "black"
    assert deck.reveal_theme("#FFFFFF") == "white"


@pytest.fixture(scope="module")
def synthetic_pack(tmp_path_factory):
    """A pack assembled from two synthetic scenes (no Manim run)."""
    cache = tmp_path_factory.mktemp("cache")
    entries, scenes = [], []
    specs = [("alpha", [("setup", 12), ("epoch-1", 9)], [(0.1, 0.7, "α <b> & θ")]),
             ("beta", [("only", 10)], [])]
    for number, (name, sections, cues) in enumerate(specs, start=1):
        folder = cache / name
        (folder / "sections").mkdir(parents=True)
        write_clip(folder / f"{name}.mp4", sum(frames for _, frames in sections), (90, 90, 200))
        index = write_sections_index(folder / "sections" / "sections.json", sections)
        for entry in json.loads(index.read_text()):
            write_clip(folder / "sections" / entry["video"], int(entry["nb_frames"]),
                       (90, 90, 200))
        write_srt(folder / f"{name}.srt", cues)
        entries.append(SimpleNamespace(name=name, number=number, description=name,
                                       title=name.title()))
        scenes.append(RenderedScene(name, folder))
    out = tmp_path_factory.mktemp("pack")
    assemble(entries, scenes, out, PackSettings())
    return out


def test_each_deck_names_only_files_inside_the_pack(synthetic_pack):
    slides = synthetic_pack / "slides"
    for name, sections in (("alpha", 2), ("beta", 1)):
        page = slides / f"{name}.html"
        named = addresses(page)
        videos = [a for a in named if a.endswith(".mp4")]
        assert len(videos) == sections
        assert all(v.startswith(f"files/{name}/") for v in videos)
        for address in named:
            assert "://" not in address and not address.startswith("/"), address
            target = (slides / address).resolve()
            assert target.is_file(), address
            assert slides.resolve() in target.parents, address
        assert "reveal.js/dist/reveal.js" in named
    # the deck opens on a title slide: the scene's title and what it is about, no video
    text = (slides / "alpha.html").read_text(encoding="utf-8")
    first = re.search(r"<section[^>]*>(.*?)</section>", text, re.S)
    assert "data-background-video" not in first.group(0)
    assert "<h1>Alpha</h1>" in first.group(1)
    assert '<p class="about">Alpha</p>' in first.group(1)  # the description, as a sentence
    # the notes are the captions said in the section, as text
    assert '<aside class="notes"><p>α &lt;b&gt; &amp; θ</p></aside>' in text
    assert text.count('<aside class="notes">') == 1
    for name in deck.REVEAL_FILES:
        assert (slides / deck.REVEAL_COPY / name).is_file(), name


# ------------------------------------------------------------------ in Chromium, offline
def play_deck_offline(page_path: Path, tmp_path: Path, first_video: str, second_video: str,
                      shot: str, second_notes: str = "", title: str = "") -> None:
    """Open the deck from file:// with every other request refused; check it plays and →.

    ``second_notes``: a sentence the speaker view (``S``, opened before →) must show
    once → has gone to the second slide. ``title``: the deck opens on a title slide
    showing it (no video), and → goes to the first video.
    """
    failed, errors = [], []
    with offline_browser(tmp_path) as (context, refused):
        page = context.new_page()
        page.on("requestfailed", lambda request: failed.append(
            f"{request.url}: {request.failure}"))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_path.as_uri())
        page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=20_000)
        video = "document.querySelector('.slide-background.present video')"
        first = 0
        if title:  # the title slide, whole from the first moment: no video fading in
            assert page.evaluate("Reveal.getIndices().h") == 0
            assert page.evaluate(f"{video}") is None
            shown = page.inner_text(".slides section.present")
            assert title in shown, shown
            page.screenshot(path=str(tmp_path / f"{shot}-0.png"))
            page.keyboard.press("ArrowRight")
            first = 1
        page.wait_for_function(f"{video} && {video}.readyState >= 2 && {video}.currentTime > 0",
                               timeout=20_000)
        assert page.evaluate("Reveal.getIndices().h") == first
        assert page.evaluate(f"decodeURI({video}.currentSrc)").endswith(first_video)
        page.screenshot(path=str(tmp_path / f"{shot}-1.png"))
        speaker = None
        if second_notes:
            with context.expect_page() as opened:
                page.keyboard.press("s")
            speaker = opened.value
            speaker.on("pageerror", lambda error: errors.append(f"speaker view: {error}"))
            speaker.wait_for_function("document.querySelector('.speaker-controls-notes')",
                                      timeout=10_000)
            page.bring_to_front()
        # a fragment a beat (ours): → plays the slide's beats one by one, then the next slide
        beats = page.evaluate("Reveal.getCurrentSlide().querySelectorAll('.fragment').length")
        for _ in range(beats + 1):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"Reveal.getIndices().h === {first + 1}", timeout=5_000)
        page.wait_for_function(f"{video} && {video}.readyState >= 2", timeout=20_000)
        assert page.evaluate(f"decodeURI({video}.currentSrc)").endswith(second_video)
        page.screenshot(path=str(tmp_path / f"{shot}-2.png"))
        if speaker is not None:
            speaker.wait_for_function(
                "sentence => document.querySelector('.speaker-controls-notes').innerText"
                ".includes(sentence)", arg=second_notes, timeout=10_000)
            speaker.screenshot(path=str(tmp_path / f"{shot}-speaker.png"))
    assert errors == [], errors
    assert refused == [], refused
    assert failed == [], failed


def slide_files(slides: Path, name: str) -> list[str]:
    """The files of manim-slides' slides (a beat each), by name."""
    presentation = json.loads((slides / f"{name}.json").read_text(encoding="utf-8"))
    return [Path(slide["file"]).name for slide in presentation["slides"]]


def deck_videos(page: Path) -> list[str]:
    """The videos of our deck's slides (a section each), in order, by name."""
    return [Path(address).name for address in
            re.findall(r'data-background-video="([^"]+)"', page.read_text(encoding="utf-8"))]


def test_the_packs_deck_plays_offline(lecture_pack, tmp_path):
    from linviz_pack.slides import section_notes
    from linviz_pack.timeline import read_timeline

    out, _ = lecture_pack
    slides = out / "slides"
    files = deck_videos(slides / "margin.html")
    assert len(files) >= 2
    scene = out / "scenes" / "margin"
    said_second = section_notes(read_timeline(scene / "sections" / "sections.json",
                                              scene / "margin.srt"))[1]
    assert said_second
    play_deck_offline(slides / "margin.html", tmp_path, f"files/margin/{files[0]}",
                      f"files/margin/{files[1]}", "deck", said_second.splitlines()[-1],
                      title="Margins")


def test_the_deck_stops_at_every_beat(lecture_pack, tmp_path):
    """A section's clip pauses at the end of each of its beats (where present mode stops:
    the pack's scene timeline, read here from the scene's captions and sections), → plays
    the next beat, ← goes back to the beat before, and after the last beat → is the next
    slide."""
    from linviz_pack.timeline import read_timeline

    out, _ = lecture_pack
    slides = out / "slides"
    scene = out / "scenes" / "margin"
    timeline = read_timeline(scene / "sections" / "sections.json", scene / "margin.srt")
    section = timeline.sections[0]
    stops = [b.end - section.start for b in timeline.beats
             if section.start + 0.01 < b.end < section.end - 0.01]
    assert len(stops) >= 1
    errors = []
    with offline_browser(tmp_path) as (context, refused):
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((slides / "margin.html").as_uri())
        page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=20_000)
        page.keyboard.press("ArrowRight")  # the title slide to the first section
        video = "document.querySelector('.slide-background.present video')"
        for beat, stop in enumerate(stops):
            page.wait_for_function(f"document.body.dataset.deckStopped === '{beat}'",
                                   timeout=20_000)
            assert page.evaluate(f"{video}.paused")
            assert page.evaluate(f"{video}.currentTime") == pytest.approx(stop, abs=0.01)
            assert page.evaluate("Reveal.getIndices().h") == 1
            page.screenshot(path=str(tmp_path / f"deck-beat-{beat}.png"))
            if beat == 1:  # ← goes back a beat, → comes here again
                page.keyboard.press("ArrowLeft")
                page.wait_for_function("document.body.dataset.deckStopped === '0'",
                                       timeout=20_000)
                assert page.evaluate(f"{video}.currentTime") == pytest.approx(stops[0],
                                                                             abs=0.01)
                page.keyboard.press("ArrowRight")
                page.wait_for_function("document.body.dataset.deckStopped === '1'",
                                       timeout=20_000)
            page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")  # the last beat played: the next slide
        page.wait_for_function("Reveal.getIndices().h === 2", timeout=20_000)
    assert errors == [] and refused == [], (errors, refused)


def test_manim_slides_deck_with_the_packs_reveal_plays_offline(lecture_pack, tmp_path):
    """What README tells: manim-slides convert ... -c cdn_url=reveal.js, beside the JSON."""
    out, _ = lecture_pack
    command = shutil.which("manim-slides", path=str(Path(sys.executable).parent))
    assert command is not None, "manim-slides is not installed (pip install -e '.[test]')"
    slides = tmp_path / "slides"
    shutil.copytree(out / "slides", slides)
    done = subprocess.run([command, "convert", "--folder", str(slides), "margin",
                           str(slides / "margin-manim.html"), "-c", "cdn_url=reveal.js"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    page = slides / "margin-manim.html"
    for address in addresses(page):
        assert "://" not in address, address
        assert (slides / address).is_file(), address
    files = slide_files(slides, "margin")
    play_deck_offline(page, tmp_path, f"margin-manim_assets/{files[0]}",
                      f"margin-manim_assets/{files[1]}", "manim-deck")
