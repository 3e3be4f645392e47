"""The pack's page in a real headless Chromium, opened from file:// with the network blocked.

The page never scrolls the window; captions are the sentences of lecture.srt cut
to at most two lines; the transcript seeks; present mode goes forward; the
speaker window follows the audience window and drives it.

Uses Debian's chromium (installed by scripts/bootstrap.sh) driven by Playwright
for Python; Playwright's own browser download is never used. Screenshots are
saved in the test's temporary folder (``pytest --basetemp DIR`` to keep them).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from linviz_pack.captions import LINE_CHARS
from linviz_pack.course import DEFAULT_TITLE
from linviz_pack.titles import section_title
from scenes.toolkit.section_titles import read_section_titles

from browser_helpers import offline_browser
from pack_helpers import read_srt



def seconds(stamp: str) -> float:
    hours, minutes, rest = stamp.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))


def title_seconds(out: Path) -> float:
    """How long the title card that opens lecture.mp4 lasts: its own video's frames over
    their rate."""
    import av

    with av.open(str(out / "scenes" / "title-card" / "title-card.mp4")) as card:
        rate = Fraction(card.streams.video[0].average_rate)
        return float(sum(1 for _ in card.decode(video=0)) / rate)


def lecture_cues(out: Path, in_lecture: bool = True) -> list[tuple[float, float, str]]:
    """The sentences said, whole, with their times: the one scene's own captions (the
    pack's lecture.srt cuts long ones into two-line cues for players), after the title
    card (``in_lecture``) or in the scene's own video."""
    lead = title_seconds(out) if in_lecture else 0.0
    return [(lead + seconds(a), lead + seconds(b), " ".join(said.split()))
            for a, b, said in read_srt(out / "scenes" / "margin" / "margin.srt")]


def section_ends(out: Path) -> list[float]:
    """Where the scene's sections end in lecture.mp4 (after the title card)."""
    entries = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    ends, end = [], Fraction(title_seconds(out))
    for entry in entries:
        end += Fraction(int(entry["nb_frames"])) / Fraction(entry["avg_frame_rate"])
        ends.append(float(end))
    return ends


@pytest.fixture
def browser_page(lecture_pack, tmp_path):
    """A page of the pack in headless Chromium; every request not to file:// is refused."""
    out, _ = lecture_pack
    with offline_browser(tmp_path) as (context, refused):
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((out / "index.html").as_uri())
        page.wait_for_function("document.getElementById('video').readyState >= 2",
                               timeout=20_000)
        yield page, out, tmp_path
        assert errors == [], errors
        assert refused == [], refused  # the page asked for nothing outside the pack


def current_time(page) -> float:
    return page.evaluate("document.getElementById('video').currentTime")


def frame_rate(out: Path) -> float:
    import av

    with av.open(str(out / "lecture.mp4")) as movie:
        # the frame-rate grid of the timestamps (a held picture is one frame lasting
        # many frame times, so frames / seconds is less)
        return float(movie.streams.video[0].guessed_rate)


def assert_on_last_frame_before(page, stop: float, fps: float) -> None:
    """Paused on the last frame of the beat ending at ``stop``, not the next beat's first."""
    assert page.evaluate("document.getElementById('video').paused")
    assert int(current_time(page) * fps) == round(stop * fps) - 1


def showing_captions(page) -> list[str]:
    """The caption painted over the video (none when captions are off or nothing is said)."""
    return page.evaluate("""() => {
        const caption = document.getElementById('caption');
        const shown = !document.body.classList.contains('captions-off') &&
            getComputedStyle(caption).display !== 'none' && caption.textContent;
        return shown ? [caption.textContent] : []; }""")


def words(text: str) -> str:
    return " ".join(text.split())


def is_part_of(shown: list[str], sentence: str) -> bool:
    """One caption shown, and it is a run of the sentence's words."""
    return len(shown) == 1 and f" {words(shown[0])} " in f" {words(sentence)} "


def test_video_plays_with_captions_and_chapters_seek(browser_page):
    page, out, shots = browser_page
    cues = lecture_cues(out)
    page.evaluate("document.getElementById('video').play()")
    page.wait_for_function(f"document.getElementById('video').currentTime > {cues[0][0] + 0.3}",
                           timeout=20_000)
    shown = showing_captions(page)
    now = current_time(page)
    said = [said for a, b, said in cues if a <= now < b]
    assert len(said) == 1 and is_part_of(shown, said[0])
    page.screenshot(path=str(shots / "page-playing.png"))
    page.evaluate("document.getElementById('video').pause()")

    names = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    starts = [title_seconds(out), *section_ends(out)[:-1]]
    titles = read_section_titles(out / "scenes" / "margin" / "sections")
    title = section_title(names[1]["name"], titles)
    page.get_by_role("button", name=re.compile(re.escape(title) + "$")).click()
    page.wait_for_function("!document.getElementById('video').seeking")
    assert current_time(page) == pytest.approx(starts[1], abs=0.05)
    page.screenshot(path=str(shots / "page-chapter.png"))


def test_present_mode_stops_at_each_beat_and_goes_back(browser_page):
    page, out, shots = browser_page
    cues = lecture_cues(out)
    lead = title_seconds(out)
    stops = sorted({round(t, 3) for t in [lead, *(b for _, b, _ in cues), *section_ends(out)]})
    fps = frame_rate(out)
    page.keyboard.press("p")
    assert page.evaluate("document.body.classList.contains('presenting')")
    page.wait_for_function("document.fullscreenElement && document.fullscreenElement.id === "
                           "'stage'", timeout=5_000)  # the player fills the screen
    # present mode opens on the title card, shown whole (a still beat: nothing to play)
    page.wait_for_function("document.body.dataset.stopped === '0'", timeout=5_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[0], fps)
    assert page.text_content("#notes") == DEFAULT_TITLE  # what the card shows

    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[1], fps)
    first = next(said for a, b, said in cues if a < stops[1])
    assert page.text_content("#notes") == first
    assert showing_captions(page) == []  # present mode: captions off until C
    page.screenshot(path=str(shots / "present-beat-1.png"))

    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.stopped === '2'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[2], fps)
    said = [text for a, b, text in cues if a < stops[2] - 0.01 and b > stops[1] + 0.01]
    assert page.text_content("#notes") == said[-1]
    page.screenshot(path=str(shots / "present-beat-2.png"))

    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=5_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[1], fps)

    page.keyboard.press("r")  # replay the beat: plays, then stops at its end again
    page.wait_for_function("!document.getElementById('video').paused", timeout=5_000)
    page.wait_for_function("document.getElementById('video').paused", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert_on_last_frame_before(page, stops[1], fps)

    page.keyboard.press("c")  # captions on the video: the end of the first sentence
    shown = showing_captions(page)
    assert is_part_of(shown, first) and words(first).endswith(words(shown[0]))
    page.keyboard.press("c")
    assert showing_captions(page) == [] and page.text_content("#notes") == first

    page.keyboard.press("Escape")
    page.wait_for_function("!document.fullscreenElement", timeout=5_000)
    assert not page.evaluate("document.body.classList.contains('presenting')")


def box_of(page, selector: str) -> dict:
    return page.evaluate(f"""() => {{ const r = document.querySelector('{selector}')
        .getBoundingClientRect(); return {{x: r.x, y: r.y, width: r.width,
        height: r.height}}; }}""")


def test_captions_never_cover_the_picture(browser_page):
    """The page's captions sit in a strip under the video, in the page and in present mode:
    with a caption showing, the video's pixels are those with captions off (screenshots of
    the video's box in Chromium, byte for byte), and the caption's box does not reach into
    the video's."""
    page, _, shots = browser_page
    page.keyboard.press("p")
    page.wait_for_function("document.body.classList.contains('presenting')", timeout=5_000)
    page.keyboard.press("ArrowRight")  # beat 1, stopped at its end: a still picture
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    page.keyboard.press("c")
    assert showing_captions(page)
    video, caption = box_of(page, "#video"), box_of(page, "#caption")
    assert caption["y"] >= video["y"] + video["height"] - 0.5
    clip = {key: video[key] for key in ("x", "y", "width", "height")}
    with_caption = page.screenshot(clip=clip)
    page.screenshot(path=str(shots / "present-caption-strip.png"))
    page.keyboard.press("c")
    assert not showing_captions(page)
    assert box_of(page, "#video") == video  # the picture does not move
    assert page.screenshot(clip=clip) == with_caption
    page.keyboard.press("Escape")
    page.wait_for_function("!document.body.classList.contains('presenting')", timeout=5_000)
    video, caption = box_of(page, "#video"), box_of(page, "#caption")
    assert caption["y"] >= video["y"] + video["height"] - 0.5


def test_present_mode_mutes_and_unmutes_with_m(browser_page):
    """A narrated lecture shown silent without rendering again: M in present mode turns the
    video's sound off, M again on (the page's own video element, read in Chromium)."""
    page, _, _ = browser_page
    page.keyboard.press("p")
    page.wait_for_function("document.body.classList.contains('presenting')", timeout=5_000)
    before = page.evaluate("document.getElementById('video').muted")
    page.keyboard.press("m")
    assert page.evaluate("document.getElementById('video').muted") is (not before)
    assert page.evaluate("document.body.dataset.muted") == ("0" if before else "1")
    page.keyboard.press("m")
    assert page.evaluate("document.getElementById('video').muted") is before
    assert "M mute" in page.text_content("#keys")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.body.classList.contains('presenting')", timeout=5_000)


def video_in_view(page) -> bool:
    return page.evaluate("""() => { const box = document.getElementById('video')
        .getBoundingClientRect(); return box.top >= 0 && box.left >= 0 &&
        box.bottom <= window.innerHeight && box.right <= window.innerWidth; }""")


@pytest.mark.parametrize("height", [800, 200])
def test_chapters_and_playback_never_scroll_the_window(browser_page, height):
    """At 1280×800 the video stays whole in view; at 200 px tall the chapters are below
    the fold, where Element.scrollIntoView would scroll the window to them."""
    page, out, shots = browser_page
    page.set_viewport_size({"width": 1280, "height": height})
    chapters = page.locator("#chapters button")
    assert chapters.count() >= 3
    for index in range(chapters.count()):
        chapters.nth(index).evaluate("button => button.click()")  # Playwright's own click
        # would scroll the window to the button first
        page.wait_for_function("!document.getElementById('video').seeking")
        assert page.evaluate("window.scrollY") == 0
        if height == 800:
            assert video_in_view(page)
    starts = [title_seconds(out), *section_ends(out)[:-1]]
    page.evaluate(f"linvizPlayer.seek({starts[1] - 0.6}); document.getElementById('video').play()")
    page.wait_for_function(f"document.getElementById('video').currentTime > {starts[1] + 0.3}",
                           timeout=20_000)  # played across a chapter change
    current = page.locator("#chapters button.current")
    assert current.count() == 1
    assert float(current.get_attribute("data-start")) == pytest.approx(starts[1], abs=1e-3)
    assert page.evaluate("window.scrollY") == 0
    page.screenshot(path=str(shots / f"page-after-chapters-{height}.png"))


def test_switching_sources_leaves_no_caption_of_the_old_one(browser_page):
    page, out, _ = browser_page
    cues = lecture_cues(out)
    page.evaluate(f"linvizPlayer.seek({cues[2][0] + 0.2})")
    page.wait_for_function("document.getElementById('caption').textContent !== ''",
                           timeout=10_000)
    old = showing_captions(page)
    assert is_part_of(old, cues[2][2])
    page.locator("#sources button").nth(1).click()  # the scene's own video
    # at once: no caption of the old source; the new one's, of its own time, may already be
    # painted (a small local video can load before this is read)
    right_away = showing_captions(page)
    if right_away:
        now = current_time(page)
        own = [text for a, b, text in lecture_cues(out, in_lecture=False) if a <= now < b]
        assert own and is_part_of(right_away, own[0]), (right_away, old)
    page.wait_for_function("document.getElementById('video').readyState >= 2", timeout=20_000)
    page.wait_for_timeout(300)
    now = current_time(page)
    said = [text for a, b, text in lecture_cues(out, in_lecture=False) if a <= now < b]
    shown = showing_captions(page)
    assert shown == [] if not said else is_part_of(shown, said[0])
    active = page.evaluate("""() => Array.from(document.getElementById('video').textTracks)
        .filter(t => t.mode !== 'disabled').length""")
    assert active == 1


def test_the_transcript_lists_the_sentences_and_seeks(browser_page):
    page, out, _ = browser_page
    cues = lecture_cues(out)
    items = page.locator("#transcript button")
    assert items.count() == len(cues)
    assert [words(text) for text in items.all_inner_texts()] == \
        [words(f"{int(a) // 60}:{int(a) % 60:02d} {said}") for a, _, said in cues]
    items.nth(3).click()
    page.wait_for_function("!document.getElementById('video').seeking")
    assert current_time(page) == pytest.approx(cues[3][0], abs=0.01)
    page.wait_for_function("document.querySelector('#transcript button.current') !== null")
    assert page.locator("#transcript button.current").get_attribute("data-index") == "3"
    assert page.evaluate("window.scrollY") == 0


def test_captions_are_whole_sentences_cut_into_at_most_two_lines(browser_page):
    page, out, shots = browser_page
    sentences = lecture_cues(out)
    shown = page.evaluate("LINVIZ_LECTURE.sources[0].cues")
    # consecutive pieces of each sentence, in order, sharing its time
    position = 0
    for start, end, sentence in sentences:
        pieces = []
        while position < len(shown) and shown[position]["start"] < end - 1e-3:
            pieces.append(shown[position])
            position += 1
        assert words(" ".join(p["text"] for p in pieces)) == words(sentence)
        assert pieces[0]["start"] == pytest.approx(start, abs=2e-3)
        assert pieces[-1]["end"] == pytest.approx(end, abs=2e-3)
        assert all(a["end"] == pytest.approx(b["start"], abs=2e-3)
                   for a, b in zip(pieces, pieces[1:]))
        for piece in pieces:
            lines = piece["text"].split("\n")
            assert len(lines) <= 2 and all(len(line) <= LINE_CHARS for line in lines)
    assert position == len(shown)
    assert any(len(sentence) > 2 * LINE_CHARS for _, _, sentence in sentences)  # a real cut

    def most_lines() -> float:  # every caption painted in turn: its height in lines
        return page.evaluate("""() => {
            const caption = document.getElementById('caption');
            const line = parseFloat(getComputedStyle(caption).lineHeight);
            let most = 0;
            for (const cue of LINVIZ_LECTURE.sources[0].cues) {
                caption.textContent = cue.text;
                most = Math.max(most, (caption.clientHeight
                    - parseFloat(getComputedStyle(caption).paddingTop)
                    - parseFloat(getComputedStyle(caption).paddingBottom)) / line);
            }
            caption.textContent = '';
            return most; }""")

    assert most_lines() < 2.5
    page.set_viewport_size({"width": 1920, "height": 1080})
    assert most_lines() < 2.5
    page.keyboard.press("p")
    page.wait_for_function("document.fullscreenElement !== null", timeout=5_000)
    assert most_lines() < 2.5


def beat_list(page) -> list[dict]:
    return page.evaluate("LINVIZ_LECTURE.sources[0].beats")


def test_present_mode_first_right_arrow_mid_beat_goes_forward(browser_page):
    page, out, _ = browser_page
    beats = beat_list(page)
    beat = beats[2]
    middle = (beat["start"] + beat["end"]) / 2
    page.evaluate(f"linvizPlayer.seek({middle})")
    page.wait_for_function("!document.getElementById('video').seeking")
    page.keyboard.press("p")
    page.evaluate("""() => { window.earliest = Infinity;
        document.getElementById('video').addEventListener('timeupdate', () => {
            window.earliest = Math.min(window.earliest,
                                       document.getElementById('video').currentTime); }); }""")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.stopped === '2'", timeout=20_000)
    page.wait_for_function("!document.getElementById('video').seeking")
    assert page.evaluate("window.earliest") >= middle - 0.05  # never back to the beat's start
    assert current_time(page) == pytest.approx(beat["end"], abs=0.1)
    assert page.text_content("#notes") == beat["text"]
    assert showing_captions(page) == []  # captions off in present mode
    assert not page.is_visible("#notes") or page.evaluate(
        "getComputedStyle(document.getElementById('notes')).visibility") == "hidden"


def speaker_seconds(speaker, element: str) -> float | None:
    """A time the speaker window shows, in seconds (None: "—", nothing to time)."""
    value = speaker.get_attribute(f"#{element}", "data-seconds")
    return float(value) if value else None


def test_the_speaker_window_follows_and_drives_the_audience_window(browser_page):
    page, out, shots = browser_page
    beats = beat_list(page)
    page.keyboard.press("p")  # on the title card, whole
    page.wait_for_function("document.body.dataset.stopped === '0'", timeout=5_000)
    with page.expect_popup() as opened:
        page.keyboard.press("s")
    speaker = opened.value
    speaker.wait_for_load_state()

    def shown_in_speaker():
        return (speaker.text_content("#now"), speaker.text_content("#next"))

    assert shown_in_speaker() == (beats[0]["text"], beats[1]["text"])
    page.keyboard.press("ArrowRight")  # the audience window plays beat 1: the speaker follows
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=20_000)
    assert shown_in_speaker() == (beats[1]["text"], beats[2]["text"])
    # the times: none left of the beat stopped at, the next beat's length, the lecture's rest
    hold = 0.5 / frame_rate(out)
    speaker.wait_for_function("document.getElementById('beat-left').dataset.seconds !== ''")
    assert speaker_seconds(speaker, "beat-left") == pytest.approx(0, abs=0.05)
    assert speaker_seconds(speaker, "next-length") == pytest.approx(
        beats[2]["end"] - beats[2]["start"], abs=1e-3)
    assert speaker_seconds(speaker, "lecture-left") == pytest.approx(
        beats[-1]["end"] - beats[1]["end"] + hold, abs=0.05)
    assert re.fullmatch(r"\d+:\d\d", speaker.text_content("#lecture-left"))
    speaker.keyboard.press("ArrowRight")  # keys in the speaker window drive the audience
    # while beat 2 plays, what is left of it counts down
    speaker.wait_for_function("Number(document.getElementById('beat-left').dataset.seconds) > 0"
                              " && Number(document.getElementById('beat-left').dataset.seconds)"
                              f" < {beats[2]['end'] - beats[2]['start'] - 0.2}", timeout=10_000)
    page.wait_for_function("document.body.dataset.stopped === '2'", timeout=20_000)
    assert shown_in_speaker() == (beats[2]["text"], beats[3]["text"])
    assert page.text_content("#notes") == beats[2]["text"]
    speaker.keyboard.press("ArrowLeft")
    page.wait_for_function("document.body.dataset.stopped === '1'", timeout=5_000)
    assert shown_in_speaker()[0] == beats[1]["text"]
    # the speaker window mirrors the audience screen (a file:// video taints the canvas, so
    # its pixels cannot be read back: the time of the frame drawn is compared)
    audience = current_time(page)
    speaker.wait_for_function(f"Math.abs(Number(document.getElementById('screen').dataset.time)"
                              f" - {audience}) < 0.01", timeout=5_000)
    speaker.set_viewport_size({"width": 1280, "height": 800})
    speaker.screenshot(path=str(shots / "speaker-window.png"))
    page.screenshot(path=str(shots / "present-audience.png"))


def test_without_javascript_the_page_plays_the_lecture(lecture_pack):
    out, _ = lecture_pack
    html = (out / "index.html").read_text(encoding="utf-8")
    video = re.search(r"<video [^>]*>", html).group(0)
    source = re.search(r'src="([^"]+)"', video).group(1)
    poster = re.search(r'poster="([^"]+)"', video).group(1)
    assert source == "lecture.mp4" and (out / source).is_file()
    assert (out / poster).is_file()
    from PIL import Image, ImageStat

    assert max(ImageStat.Stat(Image.open(out / poster).convert("L")).stddev) > 10  # not blank


#: the titles scenes/margin.py gives its sections
MARGIN_TITLES = ["Signed distance to the line", "The margin of each point", "The maximum margin"]


def test_sections_have_human_titles_in_the_page_and_the_mp4(browser_page):
    import av

    page, out, _ = browser_page
    chapters = [words(text) for text in page.locator("#chapters li.level-1").all_inner_texts()]
    assert [text.split(" ", 1)[1] for text in chapters] == MARGIN_TITLES
    with av.open(str(out / "lecture.mp4")) as movie:
        marks = [chapter["metadata"]["title"] for chapter in movie.chapters()]
    assert marks[0] == "Title card"
    assert [mark.rsplit(" › ", 1)[1] for mark in marks[1:]] == MARGIN_TITLES
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed")
    outline = pypdf.PdfReader(str(out / "handout.pdf")).outline
    assert [entry.title for entry in outline[1]] == MARGIN_TITLES
