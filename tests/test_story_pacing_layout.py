"""Every scene, on its default data and two others: captions readable, nothing moving
unexplained, no text on text, no text off the frame or in the player's caption band.

Each story runs once with animations skipped (tests/story_runs.py); the checks
read its timeline and the text boxes recorded at the end of every beat.
"""

from __future__ import annotations

import pytest

from scenes.toolkit.timeline import MAX_CAPTION_SPEED, MAX_SILENT_MOTION, ReadingVoice

from layout_check import outside, overlaps
from story_runs import case_id, frame_box, story, story_cases

CASES = list(story_cases())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_caption_is_on_screen_for_its_reading_time(case):
    timeline = story(*case).timeline
    assert timeline.captions, "a scene says something"
    voice = ReadingVoice()
    short = [(round(c.start, 1), round(c.end - c.start, 2), c.text) for c in timeline.captions
             if c.end - c.start < voice.duration(c.text) - 1e-6]
    assert not short, f"captions shorter than their reading time: {short}"
    fast = [(round(c.start, 1), round(c.speed, 1), c.text) for c in timeline.too_fast()]
    assert not fast, f"captions faster than {MAX_CAPTION_SPEED} characters a second: {fast}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_nothing_moves_for_long_without_a_caption(case):
    silent = story(*case).timeline.silent_motion()
    assert not silent, (f"stretches over {MAX_SILENT_MOTION} s where things move and nothing "
                        f"is said: {[(round(a, 1), round(b, 1)) for a, b in silent]}")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_text_overlaps_or_leaves_the_frame_at_any_beat(case):
    scene = story(*case)
    assert scene.layouts, "every beat is observed"
    problems = []
    for sentence, boxes in scene.layouts:
        for a, b in overlaps(boxes):
            problems.append(f"at {sentence[:40]!r}: {a!r} overlaps {b!r}")
        for name in outside(boxes, frame_box()):
            problems.append(f"at {sentence[:40]!r}: {name!r} leaves the frame or sits in the "
                            f"caption band")
    assert not problems, "\n".join(problems[:10])


def test_the_checks_catch_what_they_look_for():
    """The checks themselves: a crowded, silent, hurried timeline fails every one."""
    from scenes.toolkit.timeline import Timeline

    timeline = Timeline()
    timeline.say(0.0, "A sentence of forty characters, or so..", 2.7)
    timeline.close(1.0)  # cut short: 40 characters in 1 s
    timeline.moved(1.0, 5.0)  # four seconds of motion with nothing said
    assert timeline.too_fast() and timeline.silent_motion() == [(1.0, 5.0)]
    boxes = [("a", [0, 0, 1, 1]), ("b", [0.5, 0.5, 1.5, 1.5]), ("c", [7.5, 0, 8, 1])]
    assert overlaps(boxes) == [("a", "b")]
    assert outside(boxes, frame_box()) == ["c"]
