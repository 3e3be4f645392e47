"""The handout: a PDF to study from: a cover, a table of contents, then every section
of every scene in a few parts, each a frame and the sentences said up to it: a section's
sentences in consecutive groups (:func:`parts_of`), each printed under the frame at the
end of its last sentence, so every picture is the one its sentences describe.

Layouts (``write_handout(..., layout=...)``):

- ``"compact"`` (the default), A4 portrait: sections follow one another, each
  its heading (with where it starts in lecture.mp4), its frame the width of
  the text (formulas on screen stay readable in print), then its sentences; a
  section is never split across two pages. The frames of a page share one
  width, narrower than the text (down to :data:`MIN_FRAME_SHARE` of it) when
  that lets one more section onto the page, so pages are not left half empty.
- ``"2up"``, A4 landscape: two sections a page, side by side, each its frame
  above its sentences.

The first page holds the title, the byline and the table of contents (in two
columns when one does not fit; on more pages only when two do not). Every
section is an entry of the PDF's outline (bookmarks) under its scene, and a
line of the table of contents with its page. A sentence is on the page of
the section it is said in (:func:`said_by_section`). Made with fpdf2 (pure
Python) in DejaVu Sans, which has the mathematical letters the captions use
(θ, ‖, ≤ ...).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from linviz.errors import LinvizError

from .timeline import SAME_TIME, SceneTimeline

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
             Path("/usr/share/fonts/TTF"))
MARGIN_MM = 15
GREY = (90, 90, 90)
#: the handout's layouts: sections flowing on portrait pages, or two a landscape page
LAYOUTS = ("compact", "2up")
#: compact layout: a frame narrower than the text to fit a page's rest, at most this much
MIN_FRAME_SHARE = 0.72
#: the gap between two columns (2up's sections, the contents' columns) (mm)
COLUMN_GAP_MM = 6
#: the gap between a frame and the sentences under it (mm)
FRAME_GAP_MM = 2.5
#: font sizes (pt) tried for a section's sentences, largest first, until they fit
SENTENCE_SIZES = (10, 9, 8, 7, 6)
#: a line of text is this many times its font size tall (mm per pt)
LINE_MM_PER_PT = 0.45
#: room kept at the foot of every page for its number (mm)
FOOTER_MM = 10
#: the table of contents' line height (mm)
TOC_LINE_MM = 5.2


@dataclass(frozen=True)
class HandoutSection:
    """One section: its title, its last frame and the sentences said in it, in order."""

    title: str
    frame: Path
    said: tuple[str, ...]
    #: where the section starts in lecture.mp4 (seconds), shown beside its heading; None: not
    start: float | None = None
    #: the section printed in parts, each (frame, its sentences); () : one part, (frame, said)
    parts: tuple[tuple[Path, tuple[str, ...]], ...] = ()
    #: ruled lines left blank under the sentences, to answer a quiz's question in
    room: int = 0

    def printed(self) -> tuple[tuple[Path, tuple[str, ...]], ...]:
        """The parts printed, in order: a frame and the sentences said up to it."""
        return self.parts or ((self.frame, self.said),)


#: a part of a section holds at most this many sentences, and a section at most MAX_PARTS
SENTENCES_A_PART = 4
MAX_PARTS = 3


#: the section names of the quizzes' questions (linviz.lessons.quiz_story's sections)
QUIZ_PREFIX = "quiz-"
#: the lines left to answer a quiz in, and their spacing (mm)
ANSWER_LINES = 6
ANSWER_LINE_MM = 8.0


def quiz_section(section: HandoutSection, question_frame: Path | None
                 ) -> tuple[HandoutSection, tuple[str, ...]]:
    """A quiz's section as the handout prints it: its question alone, under the frame that
    shows it (``question_frame``, the first beat's; the section's last when None), with
    ruled lines to answer in; and its answer (the sentences after the question), which
    the handout prints at its end."""
    question, answer = section.said[:1], section.said[1:]
    return (HandoutSection(section.title, question_frame or section.frame, question,
                           section.start, (), ANSWER_LINES), answer)


def parts_of(count: int) -> list[range]:
    """The sentences 0..count−1 of a section in consecutive groups: as few as hold at most
    :data:`SENTENCES_A_PART` each, at most :data:`MAX_PARTS`, sizes differing by one at most
    (the earlier ones the larger).

    >>> [list(r) for r in parts_of(5)]
    [[0, 1, 2], [3, 4]]
    >>> [len(r) for r in parts_of(14)], parts_of(0)
    ([5, 5, 4], [])
    """
    if count <= 0:
        return []
    groups = min(MAX_PARTS, math.ceil(count / SENTENCES_A_PART))
    size, extra = divmod(count, groups)
    ranges, start = [], 0
    for k in range(groups):
        end = start + size + (1 if k < extra else 0)
        ranges.append(range(start, end))
        start = end
    return ranges


@dataclass(frozen=True)
class HandoutScene:
    """One scene: its number and title, what it is about, and its sections."""

    number: int
    title: str
    description: str
    sections: tuple[HandoutSection, ...]

    @property
    def heading(self) -> str:
        return f"{self.number}. {self.title}"


def section_parts(timeline: SceneTimeline, beat_frames: dict[int, Path]
                  ) -> list[tuple[tuple[Path, tuple[str, ...]], ...]]:
    """Each section of ``timeline`` in parts (:func:`parts_of`), each the frame at the end of
    its last sentence's beat (``beat_frames``: the n-th caption's beat → its frame) and its
    sentences; () for a section with a frame missing (it is printed whole, under its last
    frame) or with a single part (the section's last frame is that part's)."""
    indices = _cues_by_section(timeline)
    parts = []
    for cues in indices:
        groups = parts_of(len(cues))
        chosen = []
        for group in groups:
            last = cues[group[-1]]
            frame = beat_frames.get(last + 1)
            if frame is None:
                break
            chosen.append((frame, tuple(timeline.cues[k].text for k in
                                        (cues[g] for g in group))))
        parts.append(tuple(chosen) if len(chosen) == len(groups) and len(groups) > 1 else ())
    return parts


def _cues_by_section(timeline: SceneTimeline) -> list[list[int]]:
    """The indices of the cues said in each section (see :func:`said_by_section`)."""
    sections = timeline.sections
    if not sections:
        return []
    indices: list[list[int]] = [[] for _ in sections]
    beat_ends = [beat.end for beat in timeline.beats]
    for k, cue in enumerate(timeline.cues):
        beat_end = next((end for end in beat_ends if end >= cue.end - SAME_TIME), beat_ends[-1])
        index = next((i for i, section in enumerate(sections)
                      if section.end >= beat_end - SAME_TIME), len(sections) - 1)
        indices[index].append(k)
    return indices


def said_by_section(timeline: SceneTimeline) -> list[tuple[str, ...]]:
    """The sentences said in each section of ``timeline`` (one tuple per section, in order).

    A sentence is said in the beat that ends where it ends, and a beat belongs
    to the section it ends in (as :func:`linviz_pack.timeline.beats_of` says).
    A scene closes its beat before it starts a section, so no sentence runs
    across two sections; its *start*, rounded to the millisecond in the .srt,
    can still fall a hair before its section's start, which Manim counts in
    frames (56.466 s against 56.467 s), so start times are never compared.
    """
    return [tuple(timeline.cues[k].text for k in cues) for cues in _cues_by_section(timeline)]


def _font(name: str) -> Path:
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return folder / name
    raise LinvizError(f"font {name} not found (Debian package fonts-dejavu-core); "
                      f"run 'make bootstrap' to install it")


def new_pdf(title: str, orientation: str = "portrait"):
    """An empty A4 FPDF with the fonts "DejaVu" (regular, B) and a fixed date,
    so the same content gives the same bytes (the handout's and the worksheets')."""
    import logging

    from fpdf import FPDF

    # Manim's logging set-up would otherwise print fontTools' subsetting notes
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    pdf = FPDF(orientation=orientation, unit="mm", format="A4")
    pdf.set_creation_date(_FIXED_DATE)  # the same pack gives the same bytes
    pdf.set_title(title)
    pdf.set_creator("linviz")
    pdf.add_font("DejaVu", "", str(_font("DejaVuSans.ttf")))
    pdf.add_font("DejaVu", "B", str(_font("DejaVuSans-Bold.ttf")))
    pdf.set_margins(MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return pdf


def write_handout(scenes: Sequence[HandoutScene], target: Path, title: str,
                  layout: str = "compact", byline: str = "",
                  answers: Sequence[tuple[str, tuple[str, ...]]] = ()) -> None:
    """Write the handout of ``scenes`` to ``target``: cover, contents, then the sections,
    and the quizzes' answers last.

    ``layout``: one of :data:`LAYOUTS`; ``byline``: course · lecturer · date, on the cover;
    ``answers``: (the quiz's heading, its answer's sentences), in lecture order.
    """
    if layout not in LAYOUTS:
        raise LinvizError(f"unknown handout layout {layout!r}; layouts: {', '.join(LAYOUTS)}")
    import functools

    pdf = new_pdf(title, "landscape" if layout == "2up" else "portrait")
    pdf.set_auto_page_break(False)  # every block is placed by hand: never split
    _cover(pdf, title, byline)
    entries = (len(scenes) + sum(len(scene.sections) for scene in scenes)
               + (1 if answers else 0))
    columns, pages = _contents_layout(pdf, entries)
    pdf.insert_toc_placeholder(functools.partial(_contents, columns=columns), pages=pages,
                               reset_page_indices=False)
    _page_footer(pdf)  # the page the sections start on (the placeholder added it)
    if layout == "2up":
        _two_up(pdf, scenes)
    else:
        _compact(pdf, scenes)
    if answers:
        _answers(pdf, answers)
    pdf.output(str(target))


def _answer_lines(pdf, x: float, width: float, count: int) -> None:
    """``count`` ruled lines to write on, from the current height."""
    pdf.set_draw_color(170, 170, 170)
    y = pdf.get_y()
    for k in range(1, count + 1):
        pdf.line(x, y + k * ANSWER_LINE_MM, x + width, y + k * ANSWER_LINE_MM)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_y(y + count * ANSWER_LINE_MM + 2)


def _answers(pdf, answers: Sequence[tuple[str, tuple[str, ...]]]) -> None:
    """The quizzes' answers, on pages of their own at the end."""
    width = pdf.w - 2 * MARGIN_MM
    _new_page(pdf)
    pdf.set_xy(MARGIN_MM, MARGIN_MM)
    pdf.start_section("Answers to the quizzes", level=0)
    pdf.set_font("DejaVu", "B", SCENE_TITLE_PT)
    pdf.multi_cell(width, 9, "Answers to the quizzes", new_x="LEFT", new_y="NEXT")
    for heading, said in answers:
        size = SENTENCE_SIZES[0]
        needed = SECTION_HEADING_MM + _text_height(pdf, said, width, size) + SECTION_GAP_MM
        if pdf.get_y() + needed > _bottom(pdf):
            _new_page(pdf)
            pdf.set_xy(MARGIN_MM, MARGIN_MM)
        pdf.set_font("DejaVu", "B", SECTION_HEADING_PT)
        pdf.multi_cell(width, SECTION_HEADING_MM, heading, new_x="LEFT", new_y="NEXT")
        _sentences(pdf, said, MARGIN_MM, width, size)
        pdf.set_xy(MARGIN_MM, pdf.get_y() + SECTION_GAP_MM)


def _page_footer(pdf) -> None:
    """Write the page's number at its foot, and come back where we were."""
    x, y = pdf.get_x(), pdf.get_y()
    pdf.set_y(pdf.h - MARGIN_MM - FOOTER_MM / 2)
    pdf.set_font("DejaVu", "", 8)
    pdf.set_text_color(*GREY)
    pdf.cell(pdf.w - 2 * MARGIN_MM, 5, f"{pdf.page_no()} / {{nb}}", align="C")
    pdf.set_text_color(0, 0, 0)
    pdf.set_xy(x, y)


def _new_page(pdf) -> None:
    pdf.add_page()
    _page_footer(pdf)


def _bottom(pdf) -> float:
    """The lowest y (mm) a block may reach on a page."""
    return pdf.h - MARGIN_MM - FOOTER_MM


#: the contents' heading takes this much of its first page (mm)
CONTENTS_HEADING_MM = 14
#: the contents in one column, else two; a page's number takes this much of a line (mm)
CONTENTS_COLUMNS = (1, 2)
PAGE_NUMBER_MM = 12


def _contents_rows(pdf, top: float) -> int:
    """How many lines of contents fit in a column from ``top`` (mm) down, heading included."""
    return int((_bottom(pdf) - top - CONTENTS_HEADING_MM) // TOC_LINE_MM)


def _contents_layout(pdf, entries: int) -> tuple[int, int]:
    """(columns, pages) of a table of contents of ``entries`` lines that starts here: one
    column if it fits the rest of this page, else two, else two over as many pages as needed."""
    first = _contents_rows(pdf, pdf.get_y())
    for columns in CONTENTS_COLUMNS:
        if entries <= columns * first:
            return columns, 1
    columns = CONTENTS_COLUMNS[-1]
    other = _contents_rows(pdf, MARGIN_MM - CONTENTS_HEADING_MM)
    return columns, 1 + math.ceil((entries - columns * first) / (columns * other))


def _cover(pdf, title: str, byline: str = "") -> None:
    """The title, the byline and what the handout is, at the top of the first page (the
    contents follow under them)."""
    _new_page(pdf)
    width = pdf.w - 2 * MARGIN_MM
    pdf.set_y(MARGIN_MM + 8)
    pdf.set_font("DejaVu", "B", 24)
    pdf.multi_cell(width, 11, title, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    if byline:  # course · lecturer · date
        pdf.set_font("DejaVu", "", 13)
        pdf.multi_cell(width, 7, byline, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    pdf.set_font("DejaVu", "", 11)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 6, "Handout: every section's picture and what is said in it, "
                   "with where it starts in lecture.mp4", align="C", new_x="LMARGIN",
                   new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.ln(6)
    y = pdf.get_y()
    pdf.set_draw_color(*GREY)
    pdf.line(MARGIN_MM, y, pdf.w - MARGIN_MM, y)
    pdf.set_y(y + 5)


def _contents(pdf, outline, columns: int = 1) -> None:
    """The table of contents: a line per scene and per section, with its page (a link),
    in ``columns`` columns (see :func:`_contents_layout`).

    Written by fpdf2 once the document is done, where its placeholder was put.
    """
    width = pdf.w - 2 * MARGIN_MM
    pdf.set_font("DejaVu", "B", 16)
    pdf.cell(width, CONTENTS_HEADING_MM - 4, "Contents", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    column_width = (width - (columns - 1) * COLUMN_GAP_MM) / columns
    top, column = pdf.get_y(), 0
    for entry in outline:
        if pdf.get_y() + TOC_LINE_MM > _bottom(pdf):
            column += 1
            if column == columns:  # the next page kept for the contents
                pdf.page += 1
                _page_footer(pdf)
                column, top = 0, MARGIN_MM
            pdf.set_y(top)
        left = MARGIN_MM + column * (column_width + COLUMN_GAP_MM)
        indent = 6 * entry.level
        pdf.set_font("DejaVu", "B" if entry.level == 0 else "", 10 if entry.level == 0 else 9.5)
        link = pdf.add_link(page=entry.page_number)
        pdf.set_x(left + indent)
        name_width = column_width - indent - PAGE_NUMBER_MM
        name = entry.name
        while len(name) > 1 and pdf.get_string_width(name) > name_width:
            name = name[:-2] + "…"  # a title too long for its column
        pdf.cell(name_width, TOC_LINE_MM, name, link=link)
        pdf.cell(PAGE_NUMBER_MM, TOC_LINE_MM, str(entry.page_number), align="R", link=link,
                 new_x="LMARGIN", new_y="NEXT")


def _frame_height(frame: Path, width: float) -> float:
    from PIL import Image

    with Image.open(frame) as image:
        return width * image.height / image.width


def _text_height(pdf, said: Sequence[str], width: float, size: float) -> float:
    """The height (mm) of ``said`` in ``width`` mm at ``size`` pt, a small gap between sentences."""
    pdf.set_font("DejaVu", "", size)
    lines = sum(len(pdf.multi_cell(width, size * LINE_MM_PER_PT, sentence, align="L",
                                   dry_run=True, output="LINES")) for sentence in said)
    return lines * size * LINE_MM_PER_PT + len(said) * size * SENTENCE_GAP_PER_PT


#: the gap after a sentence, per pt of its font (mm)
SENTENCE_GAP_PER_PT = 0.12
#: a section's heading's height (mm) and font size (pt)
SECTION_HEADING_MM = 7
SECTION_HEADING_PT = 11.5
#: a scene's heading: title font (pt) and the description's
SCENE_TITLE_PT = 16
SCENE_DESCRIPTION_PT = 9.5
#: the space between two sections (mm)
SECTION_GAP_MM = 5


def _fitting_size(pdf, said: Sequence[str], width: float, room: float) -> float:
    """The largest of :data:`SENTENCE_SIZES` at which ``said`` fits in ``room`` mm."""
    for size in SENTENCE_SIZES:
        if _text_height(pdf, said, width, size) <= room:
            return size
    return SENTENCE_SIZES[-1]


def _sentences(pdf, said: Sequence[str], x: float, width: float, size: float) -> None:
    pdf.set_font("DejaVu", "", size)
    for sentence in said:
        pdf.set_x(x)
        pdf.multi_cell(width, size * LINE_MM_PER_PT, sentence, align="L", new_x="LEFT",
                       new_y="NEXT")
        pdf.ln(size * SENTENCE_GAP_PER_PT)


def _scene_heading_height(pdf, scene: HandoutScene, width: float) -> float:
    pdf.set_font("DejaVu", "", SCENE_DESCRIPTION_PT)
    lines = len(pdf.multi_cell(width, 5, scene.description, dry_run=True, output="LINES"))
    return 10 + 5 * lines + 3


def _scene_heading(pdf, scene: HandoutScene, width: float) -> None:
    pdf.start_section(scene.heading, level=0)
    pdf.set_font("DejaVu", "B", SCENE_TITLE_PT)
    pdf.set_text_color(0, 0, 0)
    pdf.cell(width, 10, scene.heading, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", "", SCENE_DESCRIPTION_PT)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 5, scene.description, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.ln(3)


def lecture_time(seconds: float) -> str:
    """``seconds`` as a player shows a time: m:ss, or h:mm:ss from an hour on.

    >>> lecture_time(4.0), lecture_time(754.9), lecture_time(3725.0)
    ('0:04', '12:34', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


#: the width kept for a section's time at the right of its heading (mm)
HEADING_TIME_MM = 16


def _section_heading(pdf, scene: HandoutScene, number: int, section: HandoutSection,
                     width: float) -> None:
    """``2.1  Title`` and, at the right, where the section starts in lecture.mp4."""
    pdf.start_section(section.title, level=1)
    x, y = pdf.get_x(), pdf.get_y()
    if section.start is not None:
        pdf.set_font("DejaVu", "", SCENE_DESCRIPTION_PT)
        pdf.set_text_color(*GREY)
        pdf.set_xy(x + width - HEADING_TIME_MM, y)
        pdf.cell(HEADING_TIME_MM, SECTION_HEADING_MM, lecture_time(section.start), align="R")
        pdf.set_text_color(0, 0, 0)
        pdf.set_xy(x, y)
    pdf.set_font("DejaVu", "B", SECTION_HEADING_PT)
    pdf.multi_cell(width - HEADING_TIME_MM, SECTION_HEADING_MM,
                   f"{scene.number}.{number}  {section.title}", new_x="LEFT", new_y="NEXT")


@dataclass(frozen=True)
class _Placed:
    """A part of a section planned on a compact page: its heights besides its frame, its
    text size (the first part of a section carries its heading)."""

    scene: HandoutScene
    number: int
    section: HandoutSection
    frame: Path
    said: tuple[str, ...]
    first: bool
    size: float
    #: the headings', the sentences' and the gaps' height (mm): all but the frame
    fixed: float
    #: the frame's height per mm of its width
    aspect: float


def _page_frame_width(placed: Sequence[_Placed], room: float, width: float) -> float:
    """The one frame width (mm) at which the sections ``placed`` fill ``room`` mm at most:
    (room − Σ fixed) / Σ aspect, at most the text's ``width``."""
    return min(width, (room - sum(p.fixed for p in placed)) / sum(p.aspect for p in placed))


def _compact_pages(pdf, scenes: Sequence[HandoutScene], width: float) -> list[list[_Placed]]:
    """The sections, page by page: a page takes the next section as long as all its
    frames, at one width, can still be at least MIN_FRAME_SHARE of the text's width."""
    room = _bottom(pdf) - MARGIN_MM
    least = width * MIN_FRAME_SHARE
    pages: list[list[_Placed]] = [[]]
    for scene in scenes:
        for number, section in enumerate(scene.sections, start=1):
            for part, (frame, said) in enumerate(section.printed()):
                heading = 0.0 if part else SECTION_HEADING_MM + (
                    _scene_heading_height(pdf, scene, width) if number == 1 else 0)
                aspect = _frame_height(frame, 1.0)
                size = _fitting_size(pdf, said, width, room - heading - FRAME_GAP_MM -
                                     SECTION_GAP_MM - aspect * least)
                fixed = (heading + FRAME_GAP_MM + SECTION_GAP_MM
                         + _text_height(pdf, said, width, size)
                         + section.room * ANSWER_LINE_MM + (2 if section.room else 0))
                placed = _Placed(scene, number, section, frame, said, part == 0, size, fixed,
                                 aspect)
                if pages[-1] and _page_frame_width([*pages[-1], placed], room, width) < least:
                    pages.append([])
                pages[-1].append(placed)
    return [page for page in pages if page]


def _compact(pdf, scenes: Sequence[HandoutScene]) -> None:
    """Sections one after another on portrait pages: heading, frame, sentences under it.

    The frames of a page share one width: the text's, or the widest at which the
    page's sections fit (at least MIN_FRAME_SHARE of it; see :func:`_compact_pages`).
    """
    width = pdf.w - 2 * MARGIN_MM
    for number, page in enumerate(_compact_pages(pdf, scenes, width)):
        if number:
            _new_page(pdf)
        frame_width = max(_page_frame_width(page, _bottom(pdf) - MARGIN_MM, width),
                          width * MIN_FRAME_SHARE)
        pdf.set_xy(MARGIN_MM, MARGIN_MM)
        for placed in page:
            if placed.first:
                if placed.number == 1:
                    _scene_heading(pdf, placed.scene, width)
                _section_heading(pdf, placed.scene, placed.number, placed.section, width)
            top = pdf.get_y()
            pdf.image(str(placed.frame), x=MARGIN_MM + (width - frame_width) / 2,
                      y=top, w=frame_width)
            pdf.set_xy(MARGIN_MM, top + placed.aspect * frame_width + FRAME_GAP_MM)
            _sentences(pdf, placed.said, MARGIN_MM, width, placed.size)
            if placed.section.room:
                _answer_lines(pdf, MARGIN_MM, width, placed.section.room)
            pdf.set_xy(MARGIN_MM, pdf.get_y() + SECTION_GAP_MM)


def _two_up(pdf, scenes: Sequence[HandoutScene]) -> None:
    """Two sections a landscape page, side by side: frame above, sentences below."""
    column = (pdf.w - 2 * MARGIN_MM - COLUMN_GAP_MM) / 2
    slot = 0
    for scene in scenes:
        for number, section in enumerate(scene.sections, start=1):
            for part, (frame, said) in enumerate(section.printed()):
                if slot % 2 == 0 and slot:  # the first goes on the page after the contents
                    _new_page(pdf)
                x = MARGIN_MM + (slot % 2) * (column + COLUMN_GAP_MM)
                slot += 1
                if number == 1 and part == 0:
                    pdf.start_section(scene.heading, level=0)
                pdf.set_xy(x, MARGIN_MM)
                pdf.set_font("DejaVu", "", SCENE_DESCRIPTION_PT)
                pdf.set_text_color(*GREY)
                pdf.cell(column, 5, scene.heading, new_x="LEFT", new_y="NEXT")
                pdf.set_text_color(0, 0, 0)
                if part == 0:
                    _section_heading(pdf, scene, number, section, column)
                else:  # the section goes on: its number and title, no new outline entry
                    pdf.set_font("DejaVu", "B", SECTION_HEADING_PT)
                    pdf.multi_cell(column, SECTION_HEADING_MM,
                                   f"{scene.number}.{number}  {section.title} (continued)",
                                   new_x="LEFT", new_y="NEXT")
                top = pdf.get_y()
                frame_height = _frame_height(frame, column)
                pdf.image(str(frame), x=x, y=top, w=column)
                text_top = top + frame_height + 3
                room = section.room * ANSWER_LINE_MM
                size = _fitting_size(pdf, said, column, _bottom(pdf) - text_top - room)
                pdf.set_xy(x, text_top)
                _sentences(pdf, said, x, column, size)
                if section.room:
                    _answer_lines(pdf, x, column, section.room)


def _fixed_date():
    import datetime

    return datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


_FIXED_DATE = _fixed_date()
