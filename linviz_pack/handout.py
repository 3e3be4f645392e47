"""The handout: a PDF with one page per section, its frame and what is said in it.

Each page has the scene's title, the section's last frame, the section's name,
the captions said during the section, and the page number. Made with fpdf2
(pure Python) in DejaVu Sans, which has the mathematical letters the captions
use (θ, ‖, ≤ ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from linviz.errors import LinvizError

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
             Path("/usr/share/fonts/TTF"))
MARGIN_MM = 15
GREY = (90, 90, 90)


@dataclass(frozen=True)
class HandoutPage:
    """One page: the scene's title and description, a frame, its section, what is said."""

    title: str
    description: str
    section: str
    frame: Path
    said: tuple[str, ...]


def _font(name: str) -> Path:
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return folder / name
    raise LinvizError(f"font {name} not found (Debian package fonts-dejavu-core); "
                      f"run 'make bootstrap' to install it")


def new_pdf(title: str):
    """An empty A4 portrait FPDF with the fonts "DejaVu" (regular, B) and a fixed date,
    so the same content gives the same bytes (the handout's and the worksheets')."""
    import logging

    from fpdf import FPDF

    # Manim's logging set-up would otherwise print fontTools' subsetting notes
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_creation_date(_FIXED_DATE)  # the same pack gives the same bytes
    pdf.set_title(title)
    pdf.set_creator("linviz")
    pdf.add_font("DejaVu", "", str(_font("DejaVuSans.ttf")))
    pdf.add_font("DejaVu", "B", str(_font("DejaVuSans-Bold.ttf")))
    pdf.set_margins(MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return pdf


def write_handout(pages: Sequence[HandoutPage], target: Path, title: str) -> None:
    """Write ``pages`` as an A4 portrait PDF to ``target``."""
    pdf = new_pdf(title)
    pdf.set_auto_page_break(False)  # one page per section: long text gets a smaller font
    total = len(pages)
    width = pdf.w - 2 * MARGIN_MM
    for number, page in enumerate(pages, start=1):
        pdf.add_page()
        pdf.set_font("DejaVu", "", 9)
        pdf.set_text_color(*GREY)
        pdf.cell(width, 5, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", "B", 16)
        pdf.set_text_color(0, 0, 0)
        pdf.multi_cell(width, 8, page.title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", "", 10)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(width, 5, page.description, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        pdf.image(str(page.frame), x=MARGIN_MM, w=width)
        pdf.ln(3)
        pdf.set_font("DejaVu", "B", 12)
        pdf.set_text_color(0, 0, 0)
        pdf.multi_cell(width, 7, page.section, new_x="LMARGIN", new_y="NEXT")
        size = _fitting_size(pdf, page.said, width, pdf.h - MARGIN_MM - 8 - pdf.get_y())
        for sentence in page.said:
            pdf.multi_cell(width, size * 0.5, sentence, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(size * 0.12)
        pdf.set_y(-MARGIN_MM - 3)
        pdf.set_font("DejaVu", "", 9)
        pdf.set_text_color(*GREY)
        pdf.cell(width, 5, f"{number} / {total}", align="C")
    pdf.output(str(target))


def _fitting_size(pdf, said: Sequence[str], width: float, room: float) -> float:
    """The largest font size from 11 pt down to 6 pt at which ``said`` fits in ``room`` mm."""
    for size in (11, 10, 9, 8, 7, 6):
        pdf.set_font("DejaVu", "", size)
        lines = sum(len(pdf.multi_cell(width, size * 0.5, sentence, dry_run=True,
                                       output="LINES")) for sentence in said)
        if lines * size * 0.5 + len(said) * size * 0.12 <= room:
            break
    return size


def _fixed_date():
    import datetime

    return datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


_FIXED_DATE = _fixed_date()
