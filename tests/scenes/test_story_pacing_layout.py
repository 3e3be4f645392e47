"""Every scene, on its default data and two others: captions readable, nothing moving
unexplained, no text on text, no text off the frame or in the player's caption band.

Each story runs once with animations skipped (tests/story_runs.py); the checks
read its timeline and the text boxes recorded at the end of every beat.
"""

from __future__ import annotations

import numpy as np
import pytest

from scenes.toolkit.timeline import MAX_CAPTION_SPEED, MAX_SILENT_MOTION, ReadingVoice

from layout_check import outside, overlaps
from story_runs import case_id, dead_updaters, frame_box, story, story_cases

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


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_updater_runs(case):
    """No play has an updater on a group that is not in the scene while its parts are
    on screen: Manim would never run it, and what it moves would stand still."""
    assert story(*case).dead_updaters == []


def test_the_dead_updater_check_finds_a_group_left_out_of_the_scene():
    """The pattern of margin's sweeps before they moved: the parts added, their group not."""
    from manim import Dot, Scene, VGroup, tempconfig

    with tempconfig({"dry_run": True, "verbosity": "ERROR", "progress_bar": "none"}):
        scene = Scene()
        dot = Dot()
        group = VGroup(dot)
        group.add_updater(lambda g: g.shift(0.1))
        scene.add(dot)
        assert dead_updaters(scene) == ["VGroup with test_the_dead_updater_check_finds_a_group_"
                                        "left_out_of_the_scene.<locals>.<lambda>"]
        scene.add(group)
        assert dead_updaters(scene) == []


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


def test_the_layout_check_sees_merged_tick_numbers():
    """A plot's tick numbers are merged into one path; the check still sees each of them,
    and text put over them (logistic's status line over the loss curve's t ticks) fails."""
    from types import SimpleNamespace

    from manim import DOWN, tempconfig

    from scenes.toolkit.gd_plots import LossCurve
    from scenes.toolkit.screen_text import text
    from scenes.toolkit.style import THEMES
    from story_runs import text_boxes

    theme = THEMES["dark"]
    with tempconfig({"verbosity": "ERROR"}):
        curve = LossCurve(np.linspace(0.7, 0.4, 121), theme, theme.step)
        status = text("each step moves against the gradient", theme, 20, theme.muted)
    ticks = [(name, box) for name, box in text_boxes(SimpleNamespace(still_drawings=[curve],
                                                                     mobjects=[]))
             if name.startswith("tick ")]
    # t from 0 to 100 by 20 (6 numbers: 120, at the axis's end, would touch its name "t")
    # and L from 0.0 to 0.8 by 0.2 (5 numbers)
    assert sorted(name for name, _ in ticks) == sorted(
        [f"tick {t}" for t in range(0, 101, 20)] + [f"tick 0.{v}" for v in range(0, 9, 2)])
    assert not overlaps(ticks), "tick numbers side by side do not touch"
    x_ticks = [box for name, box in ticks if name in ("tick 0", "tick 60", "tick 120")]
    assert max(box[2] - box[0] for box in x_ticks) < 0.5, "each number has its own small box"
    # the status line's top on the row of t numbers, as before commit 58bfaa6
    status.move_to(curve.c2p(60, 0) + DOWN * 0.25)
    scene = SimpleNamespace(still_drawings=[curve], mobjects=[status])
    found = overlaps(text_boxes(scene))
    assert found and all(b.startswith("tick ") or a.startswith("tick ") for a, b in found)
    status.shift(DOWN * 1.0)
    assert not overlaps(text_boxes(scene))
