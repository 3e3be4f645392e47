"""The history opening: only what the lecture notes state, a minute at most, and the
picture at every beat's end is the beat's state with no text on text."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import pytest

from layout_check import outside, overlaps
from story_runs import frame_box, story_with, text_boxes

NOTES = Path(__file__).resolve().parents[3] / "shared" / "lecture-notes"


def _note(number: str) -> str:
    (path,) = NOTES.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


@pytest.mark.skipif(not NOTES.is_dir(), reason="the lecture notes are not beside the repository")
def test_every_fact_comes_from_a_note():
    """Each event's words are found in the note it names; the years said are the events'
    (and the winter's end, 'mid 1980s', is the note's)."""
    import re

    from linviz.lessons.history import RULE_SOURCES, history_lesson
    from linviz.lessons.history_story import history_storyboard

    lesson = history_lesson()
    for note, words in RULE_SOURCES:
        assert words in _note(note), (note, words)
    for event in lesson.events:
        assert event.source in _note(event.note), event
        if event.formula:  # a formula shown with an event is stated by the note it names
            assert event.formula_source in _note(event.formula_note), event
        assert str(int(event.year)) in event.source or str(int(event.year)) in _note(event.note)
    said = " ".join(history_storyboard(lesson).sentences())
    years = {int(y) for y in re.findall(r"\b(19\d\d)", said)}
    assert years <= {int(e.year) for e in lesson.events} | {1980}
    assert "till mid 1980s" in _note("002") and "mid-1980s" in said
    assert "contributed to the A.I. Winter" in _note("003") and "contributed to the AI" in said
    assert "Minsky" in _note("002") and "Papert" in _note("002")
    assert "model of the biological neuron" in _note("002")
    assert "expected to recognize people" in _note("002") and "consciousness" in _note("002")


def test_the_history_takes_a_minute_at_most():
    from linviz.lessons.history import history_lesson
    from linviz.lessons.history_story import history_storyboard
    from scenes.toolkit.timeline import ReadingVoice

    voice = ReadingVoice()
    total = sum(voice.duration(s) for s in history_storyboard(history_lesson()).sentences())
    assert 30 < total <= 60, total


def test_every_beat_ends_on_its_state():
    from scenes.history import HistoryScene

    drawn, layouts = [], []

    def observe(scene):
        on = scene.on_screen
        drawn.append({
            "cell": any(on(part) for part in (scene.cell, *scene.cell)),
            "neuron": 2 if on(scene.body) else 1 if on(scene.inputs) else 0,
            "formula": on(scene.formula), "timeline": on(scene.axis),
            "events": sum(on(mark) for mark in scene.event_marks), "hype": on(scene.hype),
            "rule": on(scene.rule),
            "xor": on(scene.xor), "winter": on(scene.winter), "agenda": on(scene.agenda)})
        layouts.append((scene.timeline.current[1], text_boxes(scene)))

    scene = story_with(HistoryScene, beat_observers=[observe])
    beats = scene.storyboard.beats
    assert len(drawn) == len(beats)
    for number, (picture, beat) in enumerate(zip(drawn, beats), 1):
        assert picture == dict(beat.state), f"beat {number}: {beat.sentence[:50]!r}"
    problems = [(sentence[:40], a, b) for sentence, boxes in layouts for a, b in overlaps(boxes)]
    problems += [(sentence[:40], name) for sentence, boxes in layouts
                 for name in outside(boxes, frame_box())]
    assert not problems, problems[:5]


def test_the_history_takes_no_data():
    from click.testing import CliRunner

    from linviz_cli.app import cli

    result = CliRunner().invoke(cli, ["story", "history", "--data", "separable"])
    assert result.exit_code == 2 and "makes its own data" in result.output, result.output


def test_every_line_tried_on_xor_gets_a_corner_wrong_and_the_rings_say_which():
    """Each line tried on XOR's corners is oriented to get the fewest wrong, recounted here
    both ways round; each gets at least one wrong (no line separates XOR, checked exactly by
    linviz.theory.is_separable), the last one exactly one (the best any line does); the
    scene rings exactly those corners."""
    from linviz.lessons.history import history_lesson
    from linviz.theory import is_separable

    lesson = history_lesson()
    points = np.array([p[:2] for p in lesson.xor_points])
    labels = np.array([p[2] for p in lesson.xor_points])
    assert not is_separable(points, labels, offset=True)
    for k, (theta, theta0) in enumerate(lesson.xor_tries):
        scores = points @ np.asarray(theta) + theta0
        wrong = [int(np.sum(labels * s * scores <= 0)) for s in (1, -1)]
        assert len(lesson.xor_wrong(k)) == min(wrong) >= 1
        oriented, offset = lesson.xor_line(k)
        assert sorted(lesson.xor_wrong(k)) == [
            i for i in range(4) if labels[i] * (points[i] @ oriented + offset) <= 0]
    assert len(lesson.xor_wrong(len(lesson.xor_tries) - 1)) == 1
