"""`render.py lecture` on one real scene, as a user runs it: files, chapters, reuse, errors."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from linviz_cli import cli
from linviz_pack.titles import section_title
from scenes.toolkit.section_titles import read_section_titles

from cli_helpers import assert_one_line_error
from pack_helpers import read_srt

REPO_ROOT = Path(__file__).resolve().parents[2]
ITEMS = ["lecture.mp4", "lecture.srt", "lecture.vtt", "index.html", "assets", "handout.pdf",
         "slides"]


def manim_sections(out: Path) -> list[tuple[str, float]]:
    """(name, start) of each section, from the index Manim wrote: frames over frame rate."""
    entries = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    starts, start = [], Fraction(0)
    for entry in entries:
        starts.append((entry["name"], float(start)))
        start += Fraction(int(entry["nb_frames"])) / Fraction(entry["avg_frame_rate"])
    return starts


def frame_count(path: Path) -> int:
    import av

    with av.open(str(path)) as movie:
        return sum(1 for _ in movie.decode(video=0))


def video_end(path: Path) -> float:
    """Seconds of video in ``path``: the end of its last packet (a held picture is one frame
    that lasts its hold)."""
    import av

    with av.open(str(path)) as movie:
        stream = movie.streams.video[0]
        end = max(p.pts + p.duration for p in movie.demux(stream) if p.pts is not None)
        return float(end * stream.time_base)


def title_seconds(out: Path) -> float:
    """How long the title card lasts: lecture.mp4's video beyond its one scene's
    (independent of the pack's own offsets)."""
    return video_end(out / "lecture.mp4") - video_end(out / "scenes" / "margin" / "margin.mp4")


def seconds(stamp: str) -> float:
    hours, minutes, rest = stamp.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))


def srt_cues(path: Path) -> list[tuple[str, str, str]]:
    """(start, end, text) of every cue; a cue's text may have several lines."""
    return read_srt(path)


def test_the_pack_is_written_and_listed(lecture_pack):
    out, done = lecture_pack
    for item in ITEMS:
        assert (out / item).exists(), item
    assert set(done.stdout.split()) == {str(out / item) for item in ITEMS}
    assert "Traceback" not in done.stderr


def test_the_page_links_every_scene_deck(lecture_pack):
    """The offline decks are found from the page: a link per scene to slides/<scene>.html."""
    import re

    out, _ = lecture_pack
    html = (out / "index.html").read_text(encoding="utf-8")
    decks = re.findall(r'<a href="(slides/[^"]+\.html)">', html)
    assert decks == ["slides/margin.html"]
    assert all((out / deck).is_file() for deck in decks)


def test_chapters_read_back_equal_the_sections_start_times(lecture_pack):
    import av

    out, _ = lecture_pack
    sections = manim_sections(out)
    assert len(sections) >= 2  # margin has several sections: a real test of the offsets
    with av.open(str(out / "lecture.mp4")) as movie:
        chapters = movie.chapters()
        frames = sum(1 for _ in movie.decode(video=0))
    lead = title_seconds(out)
    assert lead >= 2  # the title card opens the lecture: every chapter comes after it
    assert chapters[0]["metadata"]["title"] == "Title card"
    assert float(chapters[0]["end"] * chapters[0]["time_base"]) == pytest.approx(lead, abs=1e-3)
    chapters = chapters[1:]
    assert [float(c["start"] * c["time_base"]) for c in chapters] == \
        pytest.approx([lead + start for _, start in sections], abs=1e-3)
    titles = read_section_titles(out / "scenes" / "margin" / "sections")
    for chapter, (name, _) in zip(chapters, sections):
        assert chapter["metadata"]["title"].endswith(section_title(name, titles))
    entries = json.loads((out / "scenes" / "margin" / "sections" / "sections.json").read_text())
    assert frames == sum(int(entry["nb_frames"]) for entry in entries) + frame_count(
        out / "scenes" / "title-card" / "title-card.mp4")


def test_the_lecture_opens_on_its_title_card(lecture_pack):
    """The card is still from its first frame (no fade: the poster and present mode's first
    picture are the whole card), drawn on the theme's background, and it is the page's poster."""
    import av
    from PIL import Image

    out, _ = lecture_pack
    lead = title_seconds(out)
    card, first_scene_frame = [], None
    with av.open(str(out / "lecture.mp4")) as movie:
        for frame in movie.decode(video=0):  # the frames shown before the lead, then one
            picture = frame.to_ndarray(format="rgb24").astype(int)
            if frame.time < lead - 1e-6:
                card.append(picture)
            else:
                first_scene_frame = picture
                break
    assert card and first_scene_frame is not None
    assert all(np.abs(frame - card[0]).mean() < 1 for frame in card)  # still
    assert np.abs(first_scene_frame - card[0]).mean() > 1  # then the first scene
    background = np.array([0x15, 0x17, 0x1C])  # the dark theme's
    ink = np.abs(card[0] - background).sum(axis=2) > 60
    assert 0.005 < ink.mean() < 0.2  # text on it, not a blank frame
    assert ink[: card[0].shape[0] // 8].sum() == 0  # centred: nothing at the very top
    html = (out / "index.html").read_text(encoding="utf-8")
    poster = out / re.search(r'poster="([^"]+)"', html).group(1)
    shown = np.asarray(Image.open(poster).convert("RGB")).astype(int)
    assert np.abs(shown - card[0]).mean() < 2


def test_lecture_captions_are_the_scene_captions_in_two_line_cues(lecture_pack):
    out, _ = lecture_pack
    scene = srt_cues(out / "scenes" / "margin" / "margin.srt")
    lecture = srt_cues(out / "lecture.srt")
    assert scene and len(lecture) >= len(scene)
    # the same words, in order, from the same start to the same end, after the title card
    assert " ".join(" ".join(text.split()) for *_, text in lecture) == \
        " ".join(" ".join(text.split()) for *_, text in scene)
    lead = title_seconds(out)
    assert seconds(lecture[0][0]) == pytest.approx(lead + seconds(scene[0][0]), abs=1.5e-3)
    assert seconds(lecture[-1][1]) == pytest.approx(lead + seconds(scene[-1][1]), abs=1.5e-3)
    vtt = (out / "lecture.vtt").read_text(encoding="utf-8")
    first = re.search(r"(\S+) --> ", vtt).group(1)
    assert seconds(first) == pytest.approx(lead + seconds(scene[0][0]), abs=1.5e-3)
    # every cue at most two lines of at most 48 characters
    for *_, text in lecture:
        lines = text.splitlines()
        assert len(lines) <= 2 and all(len(line) <= 48 for line in lines), text


def test_handout_pages_show_light_frames(lecture_pack, tmp_path):
    out, _ = lecture_pack
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian package poppler-utils) is not installed")
    from PIL import Image, ImageStat

    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out / "handout.pdf"),
                    str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) >= 3  # a cover, the contents, the sections
    for number, page in enumerate(pages):
        image = Image.open(page).convert("L")
        # not a blank page: the cover and the contents are text, the rest frames too
        assert max(ImageStat.Stat(image).stddev) > (3 if number < 2 else 10)
    frames = section_frames(out / "scenes" / "margin")
    assert len(frames) == len(manim_sections(out))
    assert Image.open(frames[0]).convert("RGB").getpixel((2, 2)) == (255, 255, 255)
    # and a light frame at every beat's end, one a caption (the handout's parts)
    beats = sorted((out / "scenes" / "margin" / "keyframes").glob("*-beat*.png"))
    assert len(beats) == len(read_srt(out / "scenes" / "margin" / "margin.srt"))
    assert Image.open(beats[0]).convert("RGB").getpixel((2, 2)) == (255, 255, 255)


def _beat_ends(out: Path) -> list[float]:
    """The end of every beat of the margin scene (seconds): its captions' ends, read from
    its .srt, with the scene's end (the last beat's)."""
    def seconds(stamp: str) -> float:
        hours, minutes, rest = stamp.split(":")
        return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))

    return [seconds(end) for _, end, _ in read_srt(out / "scenes" / "margin" / "margin.srt")]


def _frames(path: Path) -> list[np.ndarray]:
    import av

    with av.open(str(path)) as movie:
        return [f.to_ndarray(format="gray").astype(int) for f in movie.decode(video=0)]


def test_manim_slides_stop_at_every_beat_and_play_the_scene_frame_for_frame(lecture_pack):
    """A manim-slides slide plays one file and stops: a slide per beat, its file starting
    where the beat starts (the scene's frames, in order, none lost, none twice, cut without
    re-encoding) and its notes the beat's sentence."""
    from linviz_pack.join import video_duration

    out, _ = lecture_pack
    slides = json.loads((out / "slides" / "margin.json").read_text(encoding="utf-8"))["slides"]
    cues = read_srt(out / "scenes" / "margin" / "margin.srt")
    assert len(slides) == len(cues)
    ends = np.cumsum([video_duration(out / slide["file"]) for slide in slides])
    # each slide ends where its sentence's beat ends; the last, at the scene's end (a still
    # tail after the last sentence stays on its slide)
    np.testing.assert_allclose(ends[:-1], _beat_ends(out)[:-1], atol=1 / 60)
    assert ends[-1] >= _beat_ends(out)[-1] - 1 / 60
    assert [slide["notes"] for slide in slides] == [text for _, _, text in cues]
    # the slides' frames one after another are the scene's sections' frames
    played = [frame for slide in slides for frame in _frames(out / slide["file"])]
    sections = sorted((out / "scenes" / "margin" / "sections").glob("*_[0-9][0-9][0-9][0-9]_*.mp4"))
    whole = [frame for section in sections if "_reversed" not in section.name
             for frame in _frames(section)]
    assert len(played) == len(whole)
    assert all(np.array_equal(a, b) for a, b in zip(played, whole))


def test_each_slide_has_its_beat_backwards(lecture_pack):
    out, _ = lecture_pack
    slides = json.loads((out / "slides" / "margin.json").read_text(encoding="utf-8"))["slides"]
    for slide in slides[:3]:
        assert slide["rev_file"] != slide["file"]
        forwards, backwards = _frames(out / slide["file"]), _frames(out / slide["rev_file"])
        assert len(forwards) == len(backwards)
        for index in (0, len(forwards) // 2, -1):
            assert np.abs(backwards[index] - forwards[-1 - index]).mean() < 3


def test_sections_are_played_backwards_only_when_asked_and_without_a_render(lecture_pack,
                                                                            tmp_path):
    """Without --slides-reverse no section is reversed and each slide's rev_file is its own
    file; asked for later, the reversed files are added to the rendered scene, which is
    not rendered again."""
    out, _ = lecture_pack
    pack = tmp_path / "media"
    shutil.copytree(out / "scenes", pack / "scenes")
    sections = pack / "scenes" / "margin" / "sections"
    for backwards in sections.glob("*_reversed.mp4"):
        backwards.unlink()

    def build(*flags):
        done = subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), "lecture",
                               "margin", *flags, "--out", str(pack)], capture_output=True,
                              text=True)
        assert done.returncode == 0, done.stderr
        assert "rendering" not in done.stderr  # the scene is reused
        return json.loads((pack / "slides" / "margin.json").read_text(encoding="utf-8"))

    slides = build()["slides"]
    assert not list(sections.glob("*_reversed*")) and not list(pack.rglob("*_reversed*"))
    assert all(slide["rev_file"] == slide["file"] for slide in slides)
    slides = build("--slides-reverse")["slides"]
    assert len(list(sections.glob("*_reversed.mp4"))) == len(manim_sections(out))
    assert all(slide["rev_file"] != slide["file"] and (pack / slide["rev_file"]).is_file()
               for slide in slides)
    assert not list(sections.glob(".*partial*"))


def test_manim_slides_converts_the_slides(lecture_pack, tmp_path):
    out, _ = lecture_pack
    command = shutil.which("manim-slides", path=str(Path(sys.executable).parent))
    if command is None:
        pytest.skip("manim-slides is not installed (pip install -e '.[test]')")
    for target in ("margin.html", "margin.pdf", "margin.pptx"):
        done = subprocess.run([command, "convert", "margin", str(tmp_path / target), "--folder",
                               str(out / "slides")], capture_output=True, text=True,
                              cwd=tmp_path, timeout=300)
        assert done.returncode == 0, done.stderr
        assert (tmp_path / target).stat().st_size > 1000
    html = (tmp_path / "margin.html").read_text(encoding="utf-8")
    # a slide per beat: a caption each (the scene's own captions: whole sentences)
    cues = [said for _, _, said in srt_cues(out / "scenes" / "margin" / "margin.srt")]
    assert html.count("data-background-video=") == len(cues)
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(tmp_path / "margin.pdf")], capture_output=True,
                              text=True, check=True).stdout
        assert f"Pages:           {len(cues)}" in info
    # PowerPoint: a slide per beat, whose notes are its sentence
    import pptx

    deck = pptx.Presentation(str(tmp_path / "margin.pptx"))
    assert len(deck.slides) == len(cues)
    for slide, said in zip(deck.slides, cues):
        said = [said]
        assert slide.notes_slide.notes_text_frame.text.splitlines() == said


def test_a_light_lecture_takes_the_handout_frames_from_its_own_render(runner, tmp_path,
                                                                     monkeypatch):
    from PIL import Image

    from linviz_render import scene as render_layer

    calls = []
    real = render_layer.render_scene

    def spy(entry, request, quality, file_format, *args):
        calls.append((entry.name, file_format))
        return real(entry, request, quality, file_format, *args)

    monkeypatch.setattr(render_layer, "render_scene", spy)
    out = tmp_path / "media"
    result = runner.invoke(cli, ["lecture", "summary", "--theme", "light", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    # one Manim run of the scene: no last-frame-only render for the handout
    assert [call for call in calls if call[0] == "summary"] == [("summary", "mp4")]
    frames = section_frames(out / "scenes" / "summary")
    entries = json.loads((out / "scenes" / "summary" / "sections" / "sections.json").read_text())
    assert len(frames) == len(entries)
    assert Image.open(frames[0]).convert("RGB").getpixel((2, 2)) == (255, 255, 255)


def section_frames(scene_folder):
    """The last frame of every section in a scene's keyframes/ (the beats' frames apart)."""
    return sorted(path for path in (scene_folder / "keyframes").glob("*.png")
                  if "-beat" not in path.stem)


def test_a_relative_out_folder_gets_light_handout_frames(runner, tmp_path, monkeypatch):
    """`make video` passes --out media, a relative path: the handout's light frames must
    still land in the scene's folder (the Manim process runs in another folder)."""
    from PIL import Image

    from linviz_cli import cli

    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["lecture", "summary", "--out", "media"])
    assert result.exit_code == 0, result.stderr
    frames = section_frames(tmp_path / "media" / "scenes" / "summary")
    entries = json.loads((tmp_path / "media" / "scenes" / "summary" / "sections"
                          / "sections.json").read_text())
    assert len(frames) == len(entries)
    assert Image.open(frames[0]).convert("RGB").getpixel((2, 2)) == (255, 255, 255)


def test_a_second_run_renders_nothing_and_rewrites_nothing(lecture_pack):
    out, _ = lecture_pack
    before = {item: (out / item).stat().st_mtime_ns for item in ITEMS}
    manifest = (out / "scenes" / "margin" / "manifest.json").stat().st_mtime_ns
    done = subprocess.run([sys.executable, str(REPO_ROOT / "render.py"), "lecture", "margin",
                           "--slides-reverse", "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "rendering" not in done.stderr and "up to date" in done.stderr
    assert {item: (out / item).stat().st_mtime_ns for item in ITEMS} == before
    assert (out / "scenes" / "margin" / "manifest.json").stat().st_mtime_ns == manifest


@pytest.mark.parametrize("stop, message", [("fail", "simulated"), ("interrupt", "interrupted")])
def test_a_failed_or_interrupted_render_leaves_the_previous_pack_in_place(
        lecture_pack, runner, monkeypatch, stop, message):
    from linviz.errors import LinvizError
    from linviz_render import scene as render_layer

    out, _ = lecture_pack
    before = {path: path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}

    def fail(entry, request, quality, file_format, work, *args, **kwargs):
        (work / "half-written.mp4").write_bytes(b"\0" * 100)  # a render stopped midway
        if stop == "interrupt":
            raise KeyboardInterrupt
        raise LinvizError(f"scene {entry.name!r} failed to render: simulated")

    monkeypatch.setattr(render_layer, "render_scene", fail)
    result = runner.invoke(cli, ["lecture", "margin", "--seed", "5", "--out", str(out)])
    # progress lines come first, as with `render`; the error is one line, no traceback
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert errors == [result.stderr.splitlines()[-1]] and message in errors[0]
    after = {path: path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}
    assert after == before  # nothing half-written, nothing lost, no temporary left


def test_after_a_failed_scene_no_other_scene_starts(runner, tmp_path, monkeypatch):
    from linviz.errors import LinvizError
    from linviz_render import scene as render_layer

    started = []

    def fail(entry, *args, **kwargs):
        started.append(entry.name)
        raise LinvizError(f"scene {entry.name!r} failed to render: simulated")

    monkeypatch.setattr(render_layer, "render_scene", fail)
    out = tmp_path / "media"
    result = runner.invoke(cli, ["lecture", "classifier", "update", "margin", "summary",
                                 "--out", str(out)])
    assert result.exit_code == 2 and "simulated" in result.stderr.splitlines()[-1]
    assert started == ["summary"]  # the longest of the four starts first (render_cost)
    assert sorted(p.name for p in out.iterdir()) == ["scenes"]
    assert list((out / "scenes").iterdir()) == []


@pytest.mark.parametrize("args, fragments", [
    (["lecture", "no-such-scene"], ["unknown scene 'no-such-scene'"]),
    (["lecture", "99"], ["no scene number 99"]),
    (["lecture", "perceptron", "--data", "xor"], ["not separable"]),
    (["lecture", "margin", "-q", "x"], ["'x' is not one of"]),
    (["lecture", "margin", "--theme", "neon"], ["'neon' is not one of"]),
    (["lecture", "margin", "--jobs", "0"], ["0"]),
])
def test_lecture_errors_are_one_line_and_write_nothing(runner, tmp_path, args, fragments):
    out = tmp_path / "out"
    result = runner.invoke(cli, [*args, "--out", str(out)])
    assert_one_line_error(result, *fragments)
    assert not out.exists()


def test_out_that_is_a_file_is_refused(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = runner.invoke(cli, ["lecture", "summary", "--out", str(blocker)])
    assert_one_line_error(result, "is a file")
    assert blocker.read_text() == "x"


@pytest.mark.parametrize("item, make", [("assets", "file"), ("scenes", "file"),
                                        ("handout.pdf", "folder")])
def test_something_of_the_users_in_the_way_is_refused_and_kept(runner, tmp_path, item, make):
    out = tmp_path / "media"
    out.mkdir()
    if make == "file":
        (out / item).write_text("mine")
    else:
        (out / item).mkdir()
        (out / item / "notes.txt").write_text("mine")
    result = runner.invoke(cli, ["lecture", "summary", "--out", str(out)])
    assert_one_line_error(result, "in the way", item)
    kept = out / item if make == "file" else out / item / "notes.txt"
    assert kept.read_text() == "mine"
    assert sorted(p.name for p in out.iterdir()) == [item]


def test_help():
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, ["lecture", "--help"])
    assert result.exit_code == 0 and "handout.pdf" in result.output


def test_a_course_file_names_and_orders_the_lecture(runner, tmp_path):
    import av
    from pypdf import PdfReader

    course = tmp_path / "course.toml"
    course.write_text('title = "From the file"\ncourse = "CS 229"\nlecturer = "Ada Lovelace"\n'
                      'date = "1 December 2026"\nscenes = ["summary", "update"]\n'
                      'handout_theme = "dark"\nnotation = "theta"\n', encoding="utf-8")
    out = tmp_path / "media"
    result = runner.invoke(cli, ["lecture", "--course", str(course), "--title",
                                 "Perceptrons, week 3", "--notation", "w", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Perceptrons, week 3</title>" in html          # the flag wins over the file
    assert '<p id="byline">CS 229 · Ada Lovelace · 1 December 2026</p>' in html
    with av.open(str(out / "lecture.mp4")) as video:
        tags = dict(video.metadata)
        chapters = [entry["metadata"]["title"] for entry in video.chapters()]
    assert {key: tags.get(key) for key in ("title", "artist", "album", "date")} == {
        "title": "Perceptrons, week 3", "artist": "Ada Lovelace", "album": "CS 229",
        "date": "1 December 2026"}
    # the lecturer's order, not the catalogue's (update comes before summary there)
    # numbered by their place in this lecture, called by their titles
    assert chapters[0] == "Title card"
    assert chapters[1].split(" › ")[0] == "1. Summary"
    assert chapters[-1].split(" › ")[0] == "2. What does an update do?"
    handout = PdfReader(str(out / "handout.pdf"))
    cover = handout.pages[0].extract_text()
    assert "Perceptrons, week 3" in cover and "CS 229 · Ada Lovelace · 1 December 2026" in cover
    # --notation w (over the file's theta): no θ a student reads, and w, b where θ, θ₀ were
    said = " ".join(" ".join(text for _, _, text in read_srt(out / "lecture.srt")).split())
    written = " ".join(page.extract_text() for page in handout.pages)
    for text in (said, written, html):
        assert "θ" not in text
    assert "b gains y⁽ⁱ⁾" in said and "w gains y⁽ⁱ⁾x⁽ⁱ⁾" in said


def test_a_wrong_course_file_is_one_line_and_writes_nothing(runner, tmp_path):
    course = tmp_path / "course.toml"
    course.write_text('scenes = ["summary", "nope"]\n', encoding="utf-8")
    out = tmp_path / "media"
    result = runner.invoke(cli, ["lecture", "--course", str(course), "--out", str(out)])
    assert_one_line_error(result, "course.toml: no scene called 'nope'")
    assert not out.exists()
