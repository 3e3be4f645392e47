"""The course's Moodle XML and gradebook: valid against a schema written here, and saying
what the answer keys say.

The schemas below are written from Moodle's documentation of its XML format
(https://docs.moodle.org/en/Moodle_XML_format) and its exports: a ``<quiz>`` of
``<question type=…>``; a category question holds ``<category><text>``; every other
question its name, question text (with a format), general feedback, default grade,
penalty, hidden and idnumber, then what its type needs: a numerical question one
or more answers with a fraction, a decimal text and a non-negative tolerance, and
its unit settings; a true/false question an answer "true" and an answer "false";
an essay its response settings and grader information. Each question is validated
against the schema of its own type (XSD 1.0 cannot switch a content model on an
attribute), with lxml.
"""

from __future__ import annotations

import csv
import html
import io

import pytest
from lxml import etree

from linviz.generators import make_builtin
from linviz.lessons.noise import noise_lesson
from linviz.lessons.perceptron import perceptron_lesson
from linviz.lessons.proof import proof_lesson
from linviz_cli.batch.lms import gradebook_csv, moodle_xml
from linviz_pack.worksheet import homework_for

COMMON = """
  <xs:complexType name="plain"><xs:sequence>
    <xs:element name="text" type="xs:string"/></xs:sequence></xs:complexType>
  <xs:simpleType name="format"><xs:restriction base="xs:string">
    <xs:enumeration value="html"/><xs:enumeration value="moodle_auto_format"/>
    <xs:enumeration value="plain_text"/><xs:enumeration value="markdown"/>
  </xs:restriction></xs:simpleType>
  <xs:complexType name="formatted"><xs:sequence>
    <xs:element name="text" type="xs:string"/></xs:sequence>
    <xs:attribute name="format" type="format" use="required"/></xs:complexType>
  <xs:simpleType name="fraction"><xs:restriction base="xs:decimal">
    <xs:minInclusive value="-100"/><xs:maxInclusive value="100"/></xs:restriction>
  </xs:simpleType>
  <xs:simpleType name="flag"><xs:restriction base="xs:integer">
    <xs:enumeration value="0"/><xs:enumeration value="1"/></xs:restriction></xs:simpleType>
  <xs:group name="head"><xs:sequence>
    <xs:element name="name" type="plain"/>
    <xs:element name="questiontext" type="formatted"/>
    <xs:element name="generalfeedback" type="formatted"/>
    <xs:element name="defaultgrade" type="xs:decimal"/>
    <xs:element name="penalty"><xs:simpleType><xs:restriction base="xs:decimal">
      <xs:minInclusive value="0"/><xs:maxInclusive value="1"/></xs:restriction>
    </xs:simpleType></xs:element>
    <xs:element name="hidden" type="flag"/>
    <xs:element name="idnumber" type="xs:string"/>
  </xs:sequence></xs:group>
"""


def schema(question_type: str, body: str) -> etree.XMLSchema:
    text = f"""<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">{COMMON}
      <xs:element name="question"><xs:complexType>{body}
        <xs:attribute name="type" use="required"><xs:simpleType>
          <xs:restriction base="xs:string"><xs:enumeration value="{question_type}"/>
          </xs:restriction></xs:simpleType></xs:attribute>
      </xs:complexType></xs:element></xs:schema>"""
    return etree.XMLSchema(etree.fromstring(text.encode()))


QUIZ = etree.XMLSchema(etree.fromstring(b"""
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="quiz"><xs:complexType><xs:sequence>
    <xs:element name="question" minOccurs="1" maxOccurs="unbounded">
      <xs:complexType><xs:sequence>
        <xs:any processContents="skip" minOccurs="1" maxOccurs="unbounded"/>
      </xs:sequence><xs:attribute name="type" type="xs:string" use="required"/>
      </xs:complexType></xs:element>
  </xs:sequence></xs:complexType></xs:element></xs:schema>"""))

BY_TYPE = {
    "category": schema("category", """<xs:sequence>
        <xs:element name="category" type="plain"/>
        <xs:element name="info" type="formatted" minOccurs="0"/></xs:sequence>"""),
    "numerical": schema("numerical", """<xs:sequence><xs:group ref="head"/>
        <xs:element name="answer" maxOccurs="unbounded"><xs:complexType><xs:sequence>
          <xs:element name="text" type="xs:decimal"/>
          <xs:element name="tolerance"><xs:simpleType><xs:restriction base="xs:decimal">
            <xs:minInclusive value="0"/></xs:restriction></xs:simpleType></xs:element>
          <xs:element name="feedback" type="formatted"/></xs:sequence>
          <xs:attribute name="fraction" type="fraction" use="required"/>
          <xs:attribute name="format" type="format"/></xs:complexType></xs:element>
        <xs:element name="unitgradingtype" type="xs:integer"/>
        <xs:element name="unitpenalty" type="xs:decimal"/>
        <xs:element name="showunits" type="xs:integer"/>
        <xs:element name="unitsleft" type="flag"/></xs:sequence>"""),
    "truefalse": schema("truefalse", """<xs:sequence><xs:group ref="head"/>
        <xs:element name="answer" minOccurs="2" maxOccurs="2"><xs:complexType><xs:sequence>
          <xs:element name="text"><xs:simpleType><xs:restriction base="xs:string">
            <xs:enumeration value="true"/><xs:enumeration value="false"/>
          </xs:restriction></xs:simpleType></xs:element>
          <xs:element name="feedback" type="formatted"/></xs:sequence>
          <xs:attribute name="fraction" type="fraction" use="required"/>
          <xs:attribute name="format" type="format"/></xs:complexType></xs:element>
        </xs:sequence>"""),
    "essay": schema("essay", """<xs:sequence><xs:group ref="head"/>
        <xs:element name="responseformat"><xs:simpleType><xs:restriction base="xs:string">
          <xs:enumeration value="editor"/><xs:enumeration value="plain"/>
          <xs:enumeration value="monospaced"/><xs:enumeration value="noinline"/>
        </xs:restriction></xs:simpleType></xs:element>
        <xs:element name="responserequired" type="flag"/>
        <xs:element name="responsefieldlines" type="xs:positiveInteger"/>
        <xs:element name="attachments" type="xs:integer"/>
        <xs:element name="attachmentsrequired" type="xs:integer"/>
        <xs:element name="graderinfo" type="formatted"/>
        <xs:element name="responsetemplate" type="formatted"/></xs:sequence>"""),
}


def record(student_id: str, seed: int) -> dict:
    runs = (("perceptron", perceptron_lesson(make_builtin("separable", seed)).trace),
            ("proof", proof_lesson(make_builtin("separable-origin", seed)).trace),
            ("noise", noise_lesson(make_builtin("noisy", seed)).trace))
    return {"id": student_id, "seed": seed,
            "scenes": {scene: homework_for(scene, trace)[0].record() for scene, trace in runs}}


@pytest.fixture(scope="module")
def records():
    return [record("ana", 1), record("ben", 7), record("cara.b-2", 3)]


@pytest.fixture(scope="module")
def quiz(records):
    return etree.fromstring(moodle_xml(records))


def test_the_xml_is_a_moodle_quiz_valid_question_by_question(quiz):
    QUIZ.assertValid(quiz)
    types = [question.get("type") for question in quiz]
    assert set(types) == {"category", "numerical", "truefalse", "essay"}
    for question in quiz:
        BY_TYPE[question.get("type")].assertValid(etree.fromstring(etree.tostring(question)))


def test_one_category_per_student_holding_exactly_their_questions(quiz, records):
    current, seen = None, {}
    for question in quiz:
        if question.get("type") == "category":
            current = question.findtext("category/text")
            seen[current] = []
        else:
            assert current is not None, "a question before any category"
            seen[current].append(question.findtext("idnumber"))
    assert list(seen) == [f"$course$/top/linviz/{r['id']}" for r in records]
    for r in records:
        codes = [q["code"] for block in r["scenes"].values() for q in block["questions"]]
        assert seen[f"$course$/top/linviz/{r['id']}"] == [f"{r['id']}:{c}" for c in codes]


def test_numerical_answers_and_tolerances_are_the_keys(quiz, records):
    by_id = {q.findtext("idnumber"): q for q in quiz if q.get("type") != "category"}
    for r in records:
        for scene, block in r["scenes"].items():
            for q in block["questions"]:
                element = by_id[f"{r['id']}:{q['code']}"]
                assert html.escape(block["heading"]) in element.findtext("questiontext/text")
                if q["kind"] == "numerical":
                    answer = element.find("answer")
                    assert answer.get("fraction") == "100"
                    assert float(answer.findtext("text")) == pytest.approx(q["value"],
                                                                           abs=1e-9)
                    assert float(answer.findtext("tolerance")) == pytest.approx(
                        q["tolerance"], abs=1e-12)
                elif q["kind"] == "truefalse":
                    right = [a.findtext("text") for a in element.findall("answer")
                             if a.get("fraction") == "100"]
                    assert right == [str(bool(q["value"])).lower()]
                else:
                    assert html.escape(q["working"][0]) in element.findtext("graderinfo/text")


def test_the_gradebook_has_a_row_per_student_and_the_expected_answers(records):
    rows = list(csv.reader(io.StringIO(gradebook_csv(records))))
    header, body = rows[0], rows[1:]
    assert header[:2] == ["id", "seed"] and [row[0] for row in body] == [r["id"] for r in records]
    for row, r in zip(body, records):
        cells = dict(zip(header, row))
        assert cells["seed"] == str(r["seed"])
        for block in r["scenes"].values():
            for q in block["questions"]:
                if q["kind"] == "numerical":
                    assert float(cells[q["code"]]) == pytest.approx(q["value"], abs=1e-9)
                    assert float(cells[q["code"] + " ±"]) == pytest.approx(q["tolerance"])
                elif q["kind"] == "truefalse":
                    assert cells[q["code"]] == ("true" if q["value"] else "false")
                else:
                    assert cells[q["code"]] == ""
