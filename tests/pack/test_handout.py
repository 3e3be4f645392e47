"""The handout read back with pypdf: every sentence on the page of the section it is said in.

For every scene, its whole story is run without drawing (as tests/story_runs.py
does), noting the scene time at which each section starts. From that the test
makes the timeline the pack reads after a render: captions in whole
milliseconds (as the .srt holds them, cut), sections starting a fraction of a
millisecond later than the scene's clock says (as Manim's frame counts put
them: a cue at 56.466 s, its section at 56.4667 s), so a caption said as its
section starts comes a hair before the section's start, as in a real render. The handout made from
it is read back page by page and compared with what the scene itself said
when: a sentence belongs to the section in which the scene said it.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import pytest

from linviz_pack import handout
from linviz_pack.timeline import Cue, SceneTimeline, Section
from scenes.catalog import SCENES_IN_ORDER

pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")

#: the frame rate of a low-quality render (Manim's -ql)
FPS = 15
#: how much later a section starts by its frame count than by the scene's clock (s)
SECTION_SKEW = 0.0007


def words(text: str) -> str:
    return " ".join(text.split())


@functools.lru_cache(maxsize=None)
def said_when(name: str):
    """The scene ``name``'s story run: [(section name, start)], [(start, end, sentence)], end."""
    from story_runs import story_with

    entry = next(e for e in SCENES_IN_ORDER if e.name == name)
    scene_class = entry.load()

    def section(self, section_name, *args, **kwargs):
        scene_class.section(self, section_name, *args, **kwargs)
        self.section_starts.append((section_name, float(self.time)))

    noting = type(scene_class.__name__, (scene_class,),
                  {"section": section, "section_starts": None})
    noting.setup = lambda self: (scene_class.setup(self),
                                 setattr(self, "section_starts", []))[0]
    scene = story_with(noting)
    captions = [(c.start, c.end, c.text) for c in scene.timeline.captions]
    return scene.section_starts, captions, float(scene.time)


def rendered_timeline(section_starts, captions, end: float) -> SceneTimeline:
    """The timeline as the pack reads it: sections a hair late, captions cut to whole ms."""
    starts = [start + SECTION_SKEW for _, start in section_starts] + [end]
    sections = tuple(Section(name, a, b)
                     for (name, _), a, b in zip(section_starts, starts, starts[1:]))
    cues = tuple(Cue(math.floor(a * 1000) / 1000, math.floor(b * 1000) / 1000, text)
                 for a, b, text in captions)
    return SceneTimeline(sections[-1].end, sections, cues)


def truly_said_in(section_starts, captions) -> list[list[str]]:
    """Each section's sentences by the scene's own clock: said at or after its start."""
    starts = [start for _, start in section_starts]
    said = [[] for _ in starts]
    for start, _, text in captions:
        index = max(i for i, section_start in enumerate(starts) if section_start <= start + 1e-9)
        said[index].append(text)
    return said


def frame_png(folder):
    from PIL import Image

    path = folder / "frame.png"
    Image.new("RGB", (160, 90), (235, 235, 240)).save(path)
    return path


def sections_by_page(reader) -> dict[int, list[int]]:
    """Page index → indices of the sections (outline entries of level 1) that start on it."""
    pages: dict[int, list[int]] = {}
    count = 0
    for item in reader.outline:
        if isinstance(item, list):
            for section in item:
                pages.setdefault(reader.get_destination_page_number(section), []).append(count)
                count += 1
    return pages


def assert_pages_hold_their_sections(target, expected: list[list[str]], titles: list[str]):
    """Each page's text holds exactly the sentences of the sections starting on it, in order."""
    reader = pypdf.PdfReader(str(target))
    placed = sections_by_page(reader)
    assert sorted(i for found in placed.values() for i in found) == list(range(len(expected)))
    everything = {words(s) for said in expected for s in said}
    for page_index, page in enumerate(reader.pages):
        text = words(page.extract_text())
        wanted = [words(s) for i in placed.get(page_index, []) for s in expected[i]]
        for sentence in everything:
            assert text.count(sentence) == wanted.count(sentence), \
                (page_index + 1, sentence, placed.get(page_index))
        positions, start = [], 0
        for sentence in wanted:  # and in the order they are said
            start = text.index(sentence, start)
            positions.append(start)
        for i in placed.get(page_index, []):
            assert words(titles[i]) in text


@pytest.mark.parametrize("layout", handout.LAYOUTS)
@pytest.mark.parametrize("name", [entry.name for entry in SCENES_IN_ORDER])
def test_every_sentence_is_on_the_page_of_its_section(name, layout, tmp_path):
    section_starts, captions, end = said_when(name)
    timeline = rendered_timeline(section_starts, captions, end)
    expected = truly_said_in(section_starts, captions)
    frame = frame_png(tmp_path)
    titles = [f"Part {i}" for i in range(len(timeline.sections))]
    sections = tuple(handout.HandoutSection(title, frame, said) for title, said in
                     zip(titles, handout.said_by_section(timeline)))
    target = tmp_path / "handout.pdf"
    handout.write_handout([handout.HandoutScene(1, name, "about " + name, sections)], target,
                          "A lecture", layout)
    assert_pages_hold_their_sections(target, expected, titles)


def test_a_caption_a_millisecond_before_its_section_is_in_that_section():
    """The pack's own case: a cue at 56.466 s, its section starting at 847/15 = 56.4667 s."""
    start = float(Fraction(847, FPS))
    timeline = SceneTimeline(60.0, (Section("before", 0.0, start), Section("after", start, 60.0)),
                             (Cue(50.0, 56.466, "said before"), Cue(56.466, 59.0, "said after")))
    assert handout.said_by_section(timeline) == [("said before",), ("said after",)]


def test_the_handout_has_a_cover_contents_and_an_outline(tmp_path):
    frame = frame_png(tmp_path)
    scenes = [handout.HandoutScene(n, f"scene {n}", "about it", tuple(
        handout.HandoutSection(f"Section {n}.{k}", frame, (f"Sentence {n}.{k}.",))
        for k in range(1, 6))) for n in range(1, 9)]
    target = tmp_path / "handout.pdf"
    handout.write_handout(scenes, target, "Linear classifiers, week 3")
    reader = pypdf.PdfReader(str(target))
    assert "Linear classifiers, week 3" in reader.pages[0].extract_text()
    outline = reader.outline
    first = reader.get_destination_page_number(outline[0])  # the contents come before it
    contents = words(" ".join(page.extract_text() for page in reader.pages[:first]))
    assert first == 1 and "Contents" in contents  # 48 lines: with the title, on page 1
    assert [item.title for item in outline if not isinstance(item, list)] == \
        [f"{n}. scene {n}" for n in range(1, 9)]
    for item in outline:
        if isinstance(item, list):
            for section in item:  # the contents give each section's page
                page = reader.get_destination_page_number(section) + 1
                assert words(section.title) in words(reader.pages[page - 1].extract_text())
                assert f"{section.title} {page}" in contents


#: A4's width and the handout's side margins, in PDF points (1 mm = 72 / 25.4 pt)
A4_WIDTH_PT = 210 * 72 / 25.4
TEXT_WIDTH_PT = (210 - 2 * 15) * 72 / 25.4


def frame_boxes(page) -> list[tuple[float, float, float, float]]:
    """(width, height, x, y) in points of every image drawn on ``page`` (its ``cm`` before
    ``Do``, as fpdf2 writes an image)."""
    import re

    content = page.get_contents().get_data().decode("latin-1")
    return [tuple(float(v) for v in match) for match in re.findall(
        r"([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*/I\d+ Do", content)]


@pytest.mark.parametrize("said", [1, 4])
def test_compact_frames_are_as_wide_as_the_text_and_pages_are_filled(tmp_path, said):
    """Formulas in a frame are printed large: each frame the text's width, or as wide as
    lets the page hold its sections (at least 70 %); no page but the last is left half
    empty (the old layout's frames were 45 % of the width, half of most pages empty)."""
    frame = frame_png(tmp_path)
    sentence = "A sentence said while this section plays, long enough to wrap onto a line."
    scenes = [handout.HandoutScene(n, f"scene {n}", "about it", tuple(
        handout.HandoutSection(f"Section {n}.{k}", frame, (sentence,) * said, 60.0 * k)
        for k in range(1, 4))) for n in range(1, 5)]
    target = tmp_path / "handout.pdf"
    handout.write_handout(scenes, target, "A lecture")
    reader = pypdf.PdfReader(str(target))
    boxes = [frame_boxes(page) for page in reader.pages]
    assert boxes[0] == []  # the title and the contents
    assert sum(len(on_page) for on_page in boxes) == 12
    page_height = float(reader.pages[1].mediabox.height)
    for on_page in boxes[1:]:
        assert on_page, "a page without a section"
        if len(on_page) == 1:  # a section alone on its page: the text's width
            assert on_page[0][0] == pytest.approx(TEXT_WIDTH_PT, abs=0.5)
        assert len({round(width, 1) for width, *_ in on_page}) == 1  # one width a page
        for width, height, x, y in on_page:
            assert TEXT_WIDTH_PT * 0.7 <= width <= TEXT_WIDTH_PT + 0.5
            assert x + width / 2 == pytest.approx(A4_WIDTH_PT / 2, abs=0.5)  # centred
    for on_page in boxes[1:-1]:  # the lowest frame of a full page ends in its lower half
        assert min(y for _, _, _, y in on_page) < page_height / 2
    text = words(reader.pages[1].extract_text())
    assert "1:00" in text and "2:00" in text  # each section's start in lecture.mp4


@pytest.mark.parametrize("layout", handout.LAYOUTS)
@pytest.mark.parametrize("name", ["perceptron", "regression", "proof-offset"])
def test_a_section_is_printed_in_parts_each_under_the_frame_its_sentences_reach(
        name, layout, tmp_path):
    """A section's sentences in consecutive groups of at most SENTENCES_A_PART (at most
    MAX_PARTS groups), each printed under the frame at the end of its last sentence's beat:
    the parts put back together are the section's sentences in order, every part's frame is
    printed once (pypdf counts the images), and a part's sentences are on the page of its
    frame."""
    from PIL import Image

    section_starts, captions, end = said_when(name)
    timeline = rendered_timeline(section_starts, captions, end)
    frames = {}
    for k in range(1, len(timeline.cues) + 1):  # a frame a beat, told apart by its colour
        frames[k] = tmp_path / f"beat{k:02d}.png"
        Image.new("RGB", (160, 90), (k, 255 - k, 128)).save(frames[k])
    parts = handout.section_parts(timeline, frames)
    said = handout.said_by_section(timeline)
    assert any(parts), "no section long enough to be printed in parts"
    texts = [cue.text for cue in timeline.cues]
    for section_parts, section_said in zip(parts, said):
        if not section_parts:
            assert len(section_said) <= handout.SENTENCES_A_PART
            continue
        assert [s for _, part in section_parts for s in part] == list(section_said)
        assert 1 < len(section_parts) <= handout.MAX_PARTS
        assert all(len(part) <= max(handout.SENTENCES_A_PART,
                                    math.ceil(len(section_said) / handout.MAX_PARTS))
                   for _, part in section_parts)
        for frame, part in section_parts:  # the frame of the beat that ends the part
            assert frame == frames[texts.index(part[-1]) + 1]
    last_frames = []  # a section printed whole: its own last frame (one image each)
    for i in range(len(said)):
        last_frames.append(tmp_path / f"section{i:02d}.png")
        Image.new("RGB", (160, 90), (200, i, 40)).save(last_frames[-1])
    sections = tuple(handout.HandoutSection(f"Part {i}", last_frames[i], s, None, p)
                     for i, (s, p) in enumerate(zip(said, parts)))
    target = tmp_path / "handout.pdf"
    handout.write_handout([handout.HandoutScene(1, name, "about " + name, sections)], target,
                          "A lecture", layout)
    reader = pypdf.PdfReader(str(target))
    printed = sum(len(part) or 1 for part in parts)
    assert sum(len(page.images) for page in reader.pages) == printed
    for section_parts in parts:
        for _, part in section_parts:
            pages = {i for i, page in enumerate(reader.pages)
                     if words(part[0]) in words(page.extract_text())}
            assert pages and all(words(s) in words(reader.pages[min(pages)].extract_text())
                                 for s in part)


@pytest.mark.parametrize("layout", handout.LAYOUTS)
def test_a_quiz_is_printed_as_its_question_with_room_and_its_answer_at_the_end(tmp_path,
                                                                               layout):
    """The quiz's section prints the question only, with ruled lines under it; the
    answer's sentences come on the handout's last page, under 'Answers to the quizzes'
    and the quiz's number and title (the notes' quizzes, issue 33)."""
    frame = frame_png(tmp_path)
    said = ("Quiz: how often can the perceptron get it wrong?",
            "From θ = 0: one update.", "From a random start: at most ‖θ⁽⁰⁾‖/‖x‖ + 1.")
    question, answer = handout.quiz_section(
        handout.HandoutSection("Quiz: a single point", frame, said, 12.0), frame)
    assert question.said == said[:1] and question.room == handout.ANSWER_LINES
    assert answer == said[1:]
    scene = handout.HandoutScene(3, "Quiz: a single point", "the notes' quiz", (question,))
    target = tmp_path / f"{layout}.pdf"
    handout.write_handout([scene], target, "Quizzes", layout,
                          answers=[("3.1  Quiz: a single point", answer)])
    reader = pypdf.PdfReader(str(target))
    body = words(" ".join(page.extract_text() for page in reader.pages[:-1]))
    last = words(reader.pages[-1].extract_text())
    assert words(said[0]) in body and not any(words(s) in body for s in said[1:])
    assert "Answers to the quizzes" in last and all(words(s) in last for s in said[1:])
    # the ruled lines: a drawn line per answer line on the question's page
    page = next(p for p in reader.pages if words(said[0]) in words(p.extract_text()))
    content = page.get_contents().get_data().decode("latin-1")
    assert content.count(" l S") + content.count(" l\nS") >= handout.ANSWER_LINES, content[:500]
