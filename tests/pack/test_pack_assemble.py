"""Assembling a pack from rendered scenes (synthetic ones: no Manim run), file by file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from linviz_pack.build import PACK_ITEMS, PackSettings, assemble, publish
from linviz_pack.rendered import RenderedScene
from linviz_pack.titles import section_title
from pack_helpers import FPS, write_clip, write_sections_index, write_srt

# (name, [(section, frames)], [(start, end, caption)], colour)
SCENES = [
    ("alpha", [("setup", 20), ("epoch-1", 13)], [(0.2, 1.0, "α begins"), (1.0, 2.1, "θ moves")],
     (200, 40, 40)),
    ("beta", [("only", 17)], [(0.1, 0.9, "β says ‖θ‖")], (40, 200, 40)),
    ("gamma", [("a", 9), ("b", 9), ("c", 11)], [(0.0, 0.5, "γ one"), (0.7, 1.8, "γ two")],
     (40, 40, 200)),
]


def seconds(stamp: str) -> float:
    hours, minutes, rest = stamp.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest.replace(",", "."))


@pytest.fixture(scope="module")
def scene_folders(tmp_path_factory):
    """Three synthetic scene folders, as the cache holds them, and their catalogue entries."""
    cache = tmp_path_factory.mktemp("cache")
    entries, scenes = [], []
    for number, (name, sections, cues, colour) in enumerate(SCENES, start=1):
        folder = cache / name
        (folder / "sections").mkdir(parents=True)
        write_clip(folder / f"{name}.mp4", sum(frames for _, frames in sections), colour)
        index = write_sections_index(folder / "sections" / "sections.json", sections)
        for entry in json.loads(index.read_text()):
            write_clip(folder / "sections" / entry["video"], int(entry["nb_frames"]), colour)
        write_srt(folder / f"{name}.srt", cues)
        entries.append(SimpleNamespace(name=name, number=number, description=f"about {name}",
                                       title=f"All about {name}"))
        scenes.append(RenderedScene(name, folder))
    return entries, scenes


@pytest.fixture(scope="module")
def pack(scene_folders, tmp_path_factory):
    out = tmp_path_factory.mktemp("pack")
    assemble(*scene_folders, out, PackSettings())
    return out


def offsets():
    lengths = [Fraction(sum(frames for _, frames in sections), FPS)
               for _, sections, _, _ in SCENES]
    return [sum(lengths[:i]) for i in range(len(lengths))]


def test_every_file_of_the_pack_is_written(pack):
    for item in PACK_ITEMS:
        assert (pack / item).exists(), item
    assert sorted(p.name for p in (pack / "slides").glob("*.json")) == \
        ["alpha.json", "beta.json", "gamma.json"]


def test_chapters_start_at_each_section_in_lecture_time(pack):
    import av

    expected = []
    for offset, (name, sections, _, _) in zip(offsets(), SCENES):
        start = offset
        for section, frames in sections:
            expected.append((float(start), section, name))
            start += Fraction(frames, FPS)
    with av.open(str(pack / "lecture.mp4")) as movie:
        chapters = movie.chapters()
    assert len(chapters) == len(expected)
    for chapter, (start, section, scene) in zip(chapters, expected):
        assert float(chapter["start"] * chapter["time_base"]) == pytest.approx(start, abs=1e-3)
        assert section_title(section) in chapter["metadata"]["title"]
        assert scene in chapter["metadata"]["title"]


def test_lecture_captions_are_scene_captions_moved_by_the_scene_offset(pack):
    text = (pack / "lecture.srt").read_text(encoding="utf-8")
    found = re.findall(r"(\S+) --> (\S+)\n(.+)", text)
    expected = [(float(offset) + a, float(offset) + b, caption)
                for offset, (_, _, cues, _) in zip(offsets(), SCENES) for a, b, caption in cues]
    assert len(found) == len(expected)
    for (start, end, caption), (a, b, said) in zip(found, expected):
        assert seconds(start) == pytest.approx(a, abs=1e-3)
        assert seconds(end) == pytest.approx(b, abs=1e-3)
        assert caption == said
    vtt = (pack / "lecture.vtt").read_text(encoding="utf-8")
    assert vtt.startswith("WEBVTT") and vtt.count(" --> ") == len(expected)


def page_data(pack):
    script = (pack / "assets" / "lecture-data.js").read_text(encoding="utf-8")
    return json.loads(script[script.index("=") + 1:].strip().rstrip(";"))


def test_page_data_has_the_lecture_and_each_scene_with_contiguous_beats(pack):
    data = page_data(pack)
    ids = [source["id"] for source in data["sources"]]
    assert ids == ["lecture", "alpha", "beta", "gamma"]
    total = float(sum(Fraction(sum(f for _, f in s), FPS) for _, s, _, _ in SCENES))
    for source in data["sources"]:
        assert (pack / source["video"]).is_file()
        beats = source["beats"]
        assert beats[0]["start"] == 0
        assert all(a["end"] == b["start"] for a, b in zip(beats, beats[1:]))
    lecture = data["sources"][0]
    assert lecture["beats"][-1]["end"] == pytest.approx(total, abs=1e-3)
    caption_ends = [cue["end"] for cue in lecture["cues"]]
    stops = [beat["end"] for beat in lecture["beats"]]
    assert all(min(abs(end - stop) for stop in stops) < 0.01 for end in caption_ends)


def test_handout_has_an_outline_entry_per_section(pack):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed")
    reader = pypdf.PdfReader(str(pack / "handout.pdf"))
    outline = reader.outline
    scenes = [item.title for item in outline if not isinstance(item, list)]
    sections = [[entry.title for entry in item] for item in outline if isinstance(item, list)]
    # the scenes by their titles, numbered by their place in this lecture
    assert scenes == [f"{number}. All about {name}"
                      for number, (name, *_) in enumerate(SCENES, start=1)]
    assert [len(found) for found in sections] == [len(s) for _, s, _, _ in SCENES]
    assert len(reader.pages) < 2 + sum(len(s) for _, s, _, _ in SCENES)  # compact


def test_slides_are_manim_slides_presentations(pack):
    config = pytest.importorskip("manim_slides.config", reason="manim-slides is not installed")
    for name, sections, _, _ in SCENES:
        presentation = config.PresentationConfig.from_file(pack / "slides" / f"{name}.json")
        assert len(presentation.slides) == len(sections)
        for slide in presentation.slides:
            assert Path(slide.file).is_file()
        assert tuple(presentation.resolution) == (64, 48)


def test_the_same_scenes_give_the_same_bytes(pack, scene_folders, tmp_path):
    assemble(*scene_folders, tmp_path, PackSettings())
    files = sorted(p.relative_to(pack) for p in pack.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    for name in files:
        assert (pack / name).read_bytes() == (tmp_path / name).read_bytes(), name


def test_publish_replaces_old_files_and_folders(tmp_path):
    out, staging = tmp_path / "out", tmp_path / "staging"
    for folder, text in ((out, "old"), (staging, "new")):
        (folder / "assets").mkdir(parents=True)
        (folder / "assets" / f"{text}.js").write_text(text)
        (folder / "index.html").write_text(text)
    (out / "keep.txt").write_text("mine")
    publish(staging, out, ["assets", "index.html"])
    assert (out / "index.html").read_text() == "new"
    assert [p.name for p in (out / "assets").iterdir()] == ["new.js"]
    assert (out / "keep.txt").read_text() == "mine"


def test_renders_start_longest_first_and_the_cores_finish_together():
    """The order of starts follows the catalogue's render costs, longest first, equal costs in
    lecture order; on two workers that start each scene when one is free, the scenes end
    within 2 % of their even share (1.3 % since no-separator, 2.4, came; lecture order:
    over 4 %)."""
    from linviz_pack.build import longest_first
    from scenes.catalog import available

    entries = available()
    started = longest_first(entries)
    assert sorted(started, key=entries.index) == entries  # every scene once
    costs = [entry.render_cost for entry in started]
    assert costs == sorted(costs, reverse=True)
    alike = [SimpleNamespace(name=n, render_cost=1.0) for n in "abc"]
    assert longest_first(alike) == alike

    def finish(order):  # two workers, each taking the next scene when it is free
        workers = [0.0, 0.0]
        for entry in order:
            workers[workers.index(min(workers))] += entry.render_cost
        return max(workers)

    even = sum(costs) / 2
    assert finish(started) <= 1.02 * even < finish(entries)
