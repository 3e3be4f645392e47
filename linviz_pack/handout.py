"""The handout: a PDF to study from: a cover, a table of contents, then every section
of every scene with its last frame and what is said in it.

Layouts (``write_handout(..., layout=...)``):

- ``"compact"`` (the default), A4 portrait: sections follow one another, each
  its heading, then its frame on the left and its sentences on the right; a
  section is never split across two pages.
- ``"2up"``, A4 landscape: two sections a page, side by side, each its frame
  above its sentences.

Every section is an entry of the PDF's outline (bookmarks) under its scene, and
a line of the table of contents with its page. A sentence is on the page of
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
#: compact layout: the frame's width beside the sentences, and the gap between them (mm)
COMPACT_FRAME_MM = 82
COLUMN_GAP_MM = 6
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


def said_by_section(timeline: SceneTimeline) -> list[tuple[str, ...]]:
    """The sentences said in each section of ``timeline`` (one tuple per section, in order).

    A sentence is said in the beat that ends where it ends, and a beat belongs
    to the section it ends in (as :func:`linviz_pack.timeline.beats_of` says).
    A scene closes its beat before it starts a section, so no sentence runs
    across two sections; its *start*, rounded to the millisecond in the .srt,
    can still fall a hair before its section's start, which Manim counts in
    frames (56.466 s against 56.467 s), so start times are never compared.
    """
    sections = timeline.sections
    said: list[list[str]] = [[] for _ in sections]
    if not sections:
        return []
    beat_ends = [beat.end for beat in timeline.beats]
    for cue in timeline.cues:
        beat_end = next((end for end in beat_ends if end >= cue.end - SAME_TIME), beat_ends[-1])
        index = next((i for i, section in enumerate(sections)
                      if section.end >= beat_end - SAME_TIME), len(sections) - 1)
        said[index].append(cue.text)
    return [tuple(sentences) for sentences in said]


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
                  layout: str = "compact", byline: str = "") -> None:
    """Write the handout of ``scenes`` to ``target``: cover, contents, then the sections.

    ``layout``: one of :data:`LAYOUTS`; ``byline``: course · lecturer · date, on the cover.
    """
    if layout not in LAYOUTS:
        raise LinvizError(f"unknown handout layout {layout!r}; layouts: {', '.join(LAYOUTS)}")
    pdf = new_pdf(title, "landscape" if layout == "2up" else "portrait")
    pdf.set_auto_page_break(False)  # every block is placed by hand: never split
    _cover(pdf, title, scenes, byline)
    _new_page(pdf)
    entries = len(scenes) + sum(len(scene.sections) for scene in scenes)
    pdf.insert_toc_placeholder(_contents, pages=_contents_pages(pdf, entries),
                               reset_page_indices=False)
    _page_footer(pdf)  # the page the sections start on (the placeholder added it)
    if layout == "2up":
        _two_up(pdf, scenes)
    else:
        _compact(pdf, scenes)
    pdf.output(str(target))


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


def _contents_pages(pdf, entries: int) -> int:
    """How many pages ``entries`` lines of contents take."""
    first = int((_bottom(pdf) - MARGIN_MM - CONTENTS_HEADING_MM) // TOC_LINE_MM)
    other = int((_bottom(pdf) - MARGIN_MM) // TOC_LINE_MM)
    return 1 if entries <= first else 1 + math.ceil((entries - first) / other)


def _cover(pdf, title: str, scenes: Sequence[HandoutScene], byline: str = "") -> None:
    _new_page(pdf)
    width = pdf.w - 2 * MARGIN_MM
    pdf.set_y(pdf.h * 0.22)
    pdf.set_font("DejaVu", "B", 26)
    pdf.multi_cell(width, 12, title, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    if byline:  # course · lecturer · date
        pdf.set_font("DejaVu", "", 14)
        pdf.multi_cell(width, 8, byline, align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    pdf.set_font("DejaVu", "", 12)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 7, "Handout: every section's picture and what is said in it",
                   align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font("DejaVu", "", 11)
    pdf.set_text_color(0, 0, 0)
    for scene in scenes:
        if pdf.get_y() > _bottom(pdf) - 8:
            break
        pdf.multi_cell(width, 6, scene.heading, align="C", new_x="LMARGIN", new_y="NEXT")


def _contents(pdf, outline) -> None:
    """The table of contents: a line per scene and per section, with its page (a link).

    Written by fpdf2 once the document is done, on the pages kept for it.
    """
    width = pdf.w - 2 * MARGIN_MM
    pdf.set_font("DejaVu", "B", 16)
    pdf.cell(width, CONTENTS_HEADING_MM - 4, "Contents", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    for entry in outline:
        if pdf.get_y() + TOC_LINE_MM > _bottom(pdf):
            pdf.page += 1  # the next page kept for the contents
            _page_footer(pdf)
            pdf.set_y(MARGIN_MM)
        indent = 8 * entry.level
        pdf.set_font("DejaVu", "B" if entry.level == 0 else "", 10 if entry.level == 0 else 9.5)
        link = pdf.add_link(page=entry.page_number)
        pdf.set_x(MARGIN_MM + indent)
        pdf.cell(width - indent - 14, TOC_LINE_MM, entry.name, link=link)
        pdf.cell(14, TOC_LINE_MM, str(entry.page_number), align="R", link=link,
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


def _section_heading(pdf, scene: HandoutScene, number: int, section: HandoutSection,
                     width: float) -> None:
    pdf.start_section(section.title, level=1)
    pdf.set_font("DejaVu", "B", SECTION_HEADING_PT)
    pdf.cell(width, SECTION_HEADING_MM, f"{scene.number}.{number}  {section.title}",
             new_x="LMARGIN", new_y="NEXT")


def _compact(pdf, scenes: Sequence[HandoutScene]) -> None:
    """Sections one after another on portrait pages: frame left, sentences right."""
    width = pdf.w - 2 * MARGIN_MM
    text_x = MARGIN_MM + COMPACT_FRAME_MM + COLUMN_GAP_MM
    text_width = width - COMPACT_FRAME_MM - COLUMN_GAP_MM
    full_room = _bottom(pdf) - MARGIN_MM - SECTION_HEADING_MM
    for scene in scenes:
        for number, section in enumerate(scene.sections, start=1):
            frame_height = _frame_height(section.frame, COMPACT_FRAME_MM)
            size = _fitting_size(pdf, section.said, text_width, full_room)
            body = max(frame_height, _text_height(pdf, section.said, text_width, size))
            needed = SECTION_HEADING_MM + body
            if number == 1:
                needed += _scene_heading_height(pdf, scene, width)
            if pdf.get_y() + needed > _bottom(pdf):
                _new_page(pdf)
            if number == 1:
                _scene_heading(pdf, scene, width)
            _section_heading(pdf, scene, number, section, width)
            top = pdf.get_y()
            pdf.image(str(section.frame), x=MARGIN_MM, y=top, w=COMPACT_FRAME_MM)
            pdf.set_xy(text_x, top)
            _sentences(pdf, section.said, text_x, text_width, size)
            pdf.set_xy(MARGIN_MM, top + body + SECTION_GAP_MM)


def _two_up(pdf, scenes: Sequence[HandoutScene]) -> None:
    """Two sections a landscape page, side by side: frame above, sentences below."""
    column = (pdf.w - 2 * MARGIN_MM - COLUMN_GAP_MM) / 2
    slot = 0
    for scene in scenes:
        for number, section in enumerate(scene.sections, start=1):
            if slot % 2 == 0 and slot:  # the first goes on the page after the contents
                _new_page(pdf)
            x = MARGIN_MM + (slot % 2) * (column + COLUMN_GAP_MM)
            slot += 1
            if number == 1:
                pdf.start_section(scene.heading, level=0)
            pdf.set_xy(x, MARGIN_MM)
            pdf.set_font("DejaVu", "", SCENE_DESCRIPTION_PT)
            pdf.set_text_color(*GREY)
            pdf.cell(column, 5, scene.heading, new_x="LEFT", new_y="NEXT")
            pdf.set_text_color(0, 0, 0)
            pdf.start_section(section.title, level=1)
            pdf.set_font("DejaVu", "B", SECTION_HEADING_PT)
            pdf.multi_cell(column, SECTION_HEADING_MM, f"{scene.number}.{number}  {section.title}",
                           new_x="LEFT", new_y="NEXT")
            top = pdf.get_y()
            frame_height = _frame_height(section.frame, column)
            pdf.image(str(section.frame), x=x, y=top, w=column)
            text_top = top + frame_height + 3
            size = _fitting_size(pdf, section.said, column, _bottom(pdf) - text_top)
            pdf.set_xy(x, text_top)
            _sentences(pdf, section.said, x, column, size)


def _fixed_date():
    import datetime

    return datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


_FIXED_DATE = _fixed_date()
