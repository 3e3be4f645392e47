"""The course's homework for a learning management system: Moodle XML and a gradebook CSV.

Both are made from the students' ``answers.json`` records (written by ``batch``),
never from the PDFs, so they say exactly what the answer keys say.

- :func:`moodle_xml`: a Moodle XML question bank (``<quiz>``), one question
  category per student (``$course$/top/linviz/<id>``), holding that student's
  questions: ``numerical`` (the answer with its ``tolerance``, absolute, as the
  worksheet states it), ``truefalse``, and ``essay`` (graded by hand; the key's
  working in ``graderinfo``). Every question text carries its run's context: which
  video, the data table and the printed state, so it stands alone in a quiz.
- :func:`gradebook_csv`: one row per student, a column per question with the
  expected answer and one with its tolerance.

Moodle's format: https://docs.moodle.org/en/Moodle_XML_format (element names and
required children as Moodle 4 exports them).
"""

from __future__ import annotations

import csv
import html
import io
import xml.etree.ElementTree as ET

#: the question bank's categories: one per student under this
CATEGORY_ROOT = "$course$/top/linviz"
#: each wrong try of a numerical question costs this share of its mark (Moodle's default)
PENALTY = "0.3333333"


def _text(parent: ET.Element, tag: str, text: str, fmt: str | None = None, **attributes):
    element = ET.SubElement(parent, tag, **({"format": fmt} if fmt else {}), **attributes)
    ET.SubElement(element, "text").text = text
    return element


def _number(value: float, places: int) -> str:
    """A plain decimal for Moodle (ASCII minus, a point, no grouping)."""
    return f"{float(value):.{max(0, int(places))}f}"


def _tolerance(value: float) -> str:
    """A tolerance in its fewest decimals: 0.01, 0.0003, 0."""
    text = f"{float(value):.10f}".rstrip("0").rstrip(".")
    return text or "0"


def run_context_html(block: dict) -> str:
    """A run's heading, description, table of points and printed state, as HTML."""
    parts = [f"<p><b>{html.escape(block['heading'])}</b></p>",
             f"<p>{html.escape(block['about'])}</p>"]
    head = "".join(f"<th>{html.escape(c)}</th>" for c in block["columns"])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
                   for row in block["rows"])
    parts.append(f'<table border="1" cellpadding="2"><tr>{head}</tr>{body}</table>')
    parts += [f"<p>{html.escape(line)}</p>" for line in block["given"]]
    return "".join(parts)


def _working_html(question: dict) -> str:
    lines = [question["answer"], *question["working"]]
    return "<p>" + "<br/>".join(html.escape(line) for line in lines) + "</p>"


def _question(quiz: ET.Element, student_id: str, scene: str, number: int, question: dict,
              context: str) -> None:
    kind = question["kind"]
    element = ET.SubElement(quiz, "question", type=kind)
    _text(element, "name", f"{student_id} · {scene} · {number}. {question['code']}")
    _text(element, "questiontext",
          context + f"<p><b>{number}.</b> {html.escape(question['text'])}</p>", "html")
    _text(element, "generalfeedback", _working_html(question), "html")
    ET.SubElement(element, "defaultgrade").text = "1"
    ET.SubElement(element, "penalty").text = PENALTY if kind == "numerical" else "1"
    ET.SubElement(element, "hidden").text = "0"
    ET.SubElement(element, "idnumber").text = f"{student_id}:{question['code']}"
    if kind == "numerical":
        answer = _text(element, "answer", _number(question["value"], question["places"]),
                       "moodle_auto_format", fraction="100")
        ET.SubElement(answer, "tolerance").text = _tolerance(question["tolerance"])
        _text(answer, "feedback", "", "html")
        ET.SubElement(element, "unitgradingtype").text = "0"
        ET.SubElement(element, "unitpenalty").text = "0.1"
        ET.SubElement(element, "showunits").text = "3"
        ET.SubElement(element, "unitsleft").text = "0"
    elif kind == "truefalse":
        for word in ("true", "false"):
            answer = _text(element, "answer", word, "moodle_auto_format",
                           fraction="100" if (word == "true") == bool(question["value"])
                           else "0")
            _text(answer, "feedback", "", "html")
    elif kind == "essay":
        ET.SubElement(element, "responseformat").text = "editor"
        ET.SubElement(element, "responserequired").text = "1"
        ET.SubElement(element, "responsefieldlines").text = "15"
        ET.SubElement(element, "attachments").text = "0"
        ET.SubElement(element, "attachmentsrequired").text = "0"
        _text(element, "graderinfo", _working_html(question), "html")
        _text(element, "responsetemplate", "", "html")
    else:
        raise ValueError(f"no Moodle question type for {kind!r}")


def moodle_xml(records: list[dict]) -> bytes:
    """The question bank of ``records`` (one ``answers.json`` per student), UTF-8 bytes."""
    quiz = ET.Element("quiz")
    for record in records:
        student_id = record["id"]
        category = ET.SubElement(quiz, "question", type="category")
        _text(category, "category", f"{CATEGORY_ROOT}/{student_id}")
        _text(category, "info", f"linviz homework of {student_id} (seed {record['seed']})",
              "html")
        number = 0
        for scene, block in record["scenes"].items():
            context = run_context_html(block)
            for question in block["questions"]:
                number += 1
                _question(quiz, student_id, scene, number, question, context)
    ET.indent(quiz)
    return ET.tostring(quiz, encoding="UTF-8", xml_declaration=True) + b"\n"


def expected_answer(question: dict) -> str:
    """The gradebook's cell: the number to its decimals, true/false, or empty (by hand)."""
    if question["kind"] == "numerical":
        return _number(question["value"], question["places"])
    if question["kind"] == "truefalse":
        return "true" if question["value"] else "false"
    return ""


def gradebook_csv(records: list[dict]) -> str:
    """One row per student: id, seed, then per question its expected answer and tolerance
    (columns ``<scene>.<question>`` and ``<scene>.<question> ±``, in the worksheet's order;
    an essay's cells are empty: graded by hand)."""
    codes: list[str] = []
    for record in records:
        for block in record["scenes"].values():
            for question in block["questions"]:
                if question["code"] not in codes:
                    codes.append(question["code"])
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "seed", *[column for code in codes
                                     for column in (code, f"{code} ±")]])
    for record in records:
        found = {q["code"]: q for block in record["scenes"].values()
                 for q in block["questions"]}
        row = [record["id"], record["seed"]]
        for code in codes:
            question = found.get(code)
            if question is None:
                row += ["", ""]
            else:
                tolerance = (_tolerance(question["tolerance"])
                             if question["kind"] == "numerical" else "")
                row += [expected_answer(question), tolerance]
        writer.writerow(row)
    return buffer.getvalue()
