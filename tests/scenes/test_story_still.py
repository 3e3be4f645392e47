"""Nothing stands still for long in the scenes that were found static (issue 20 review):
xor's cycle (about 20 s of a still picture under four sentences) and summary (its
table rows and the arc, about 10 s each, 35 s in all). A beat is a sentence and what
moves under it; read from the story's timeline without drawing (tests/story_runs.py).
"""

from __future__ import annotations

import pytest

from scenes.toolkit.timeline import MAX_STILL, Timeline

from story_runs import story


def test_the_still_check_finds_gaps_and_the_end():
    timeline = Timeline(motions=[(0.0, 1.0), (1.02, 2.0), (12.0, 13.0), (14.0, 30.0)])
    assert timeline.still_stretches(8.0) == [(2.0, 12.0)]
    timeline.motions.append((31.0, 31.5))
    timeline.captions = []
    assert timeline.still_stretches(8.0, since=20.0) == []
    assert Timeline(motions=[(0.0, 1.0), (20.0, 21.0)]).still_stretches(8.0, since=5.0) \
        == [(5.0, 20.0)]


def _start_of(scene, prefix: str) -> float:
    return next(c.start for c in scene.timeline.captions if c.text.startswith(prefix))


@pytest.mark.parametrize("spec", [None, "xor-cloud"])
def test_the_xor_cycle_and_lift_never_stand_still_long(spec):
    scene = story("xor", spec, 0)
    since = _start_of(scene, "Mistakes per pass")
    still = scene.timeline.still_stretches(MAX_STILL, since=since)
    assert not still, [(round(a, 1), round(b, 1)) for a, b in still]


def test_xor_describes_its_data_with_the_points_moving():
    scene = story("xor", None, 0)
    since = _start_of(scene, "These four corners are XOR")
    end = _start_of(scene, ("The perceptron, from", "The same perceptron as before"))
    assert any(since <= a < end for a, _ in scene.timeline.motions)


def test_the_summary_never_stands_still_long():
    scene = story("summary", None, 0)
    still = scene.timeline.still_stretches(MAX_STILL)
    assert not still, [(round(a, 1), round(b, 1)) for a, b in still]


def test_no_slide_is_held_still_without_news_in_the_summary():
    """The proof scenes' check (tests/pacing_check.py): nothing moves and no caption
    begins for at most 8 s. (xor, noise and update still fail it on single long
    sentences over a still picture: the explained updates the perceptron scene hands
    them, update's 'fixed size' and 'in the run above' beats, noise's closing pair.)"""
    from pacing_check import still_without_news

    stills = still_without_news(story("summary", None, 0).timeline)
    assert not stills, [(round(a, 1), round(b, 1)) for a, b in stills]


def test_no_slide_is_held_still_without_news_in_update():
    """update's 'the jump has a fixed size' and 'in the run above' beats stood still for
    8–10 s under one sentence."""
    from pacing_check import still_without_news

    stills = still_without_news(story("update", None, 0).timeline)
    assert not stills, [(round(a, 1), round(b, 1)) for a, b in stills]


@pytest.mark.parametrize("name,spec", [("noise", None), ("xor", None), ("xor", "xor-cloud")])
def test_no_slide_is_held_still_without_news_after_the_first_pass(name, spec):
    """From the end of the explained updates of pass 1 on (those come from the perceptron
    scene): noise's plot swap and closing sentences; xor (which explains none) from its
    first pass: its updates, the cycle and the lift."""
    from pacing_check import still_without_news

    scene = story(name, spec, 0)
    since = next(c.start for c in scene.timeline.captions
                 if c.text.startswith(("The rest of pass 1", "Pass 1 goes on") if name == "noise"
                                      else ("Pass 1 visits",)))
    stills = [(a, b) for a, b in still_without_news(scene.timeline) if b > since]
    assert not stills, [(round(a, 1), round(b, 1)) for a, b in stills]
