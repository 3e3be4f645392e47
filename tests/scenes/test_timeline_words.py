"""When a caption's words are said (:meth:`Timeline.said_at`): the characters before them at
the voice's pace, its speech's when spoken, else the reading speed; the scene holds its
picture until then (``wait_for_words``), so what the words name does not come early."""

from __future__ import annotations

from concurrent.futures import Future
from types import SimpleNamespace

import pytest

from scenes.toolkit.timeline import READING_SPEED, Timeline


def test_silent_words_come_at_the_reading_speed():
    timeline = Timeline()
    timeline.say(10.0, "the sum adds up to 0 here", 3.0)
    assert timeline.said_at("adds up") == pytest.approx(10.0 + 8 / READING_SPEED)
    assert timeline.said_at("the sum") == pytest.approx(10.0)
    assert timeline.said_at("not there") is None


def test_spoken_words_come_at_the_speech_pace():
    """A sentence of 20 characters spoken in 4 s: 5 a second, its 10th character at 2 s."""
    speech = Future()
    speech.set_result(SimpleNamespace(seconds=4.0))
    timeline = Timeline()
    timeline.say(1.0, "0123456789abcdefghij", 2.0, speech)
    assert timeline.said_at("abc") == pytest.approx(1.0 + 10 / 5.0)


def test_no_caption_no_time():
    assert Timeline().said_at("anything") is None


def test_the_speech_ends_at_the_voice_pace():
    """Silent: 30 characters at the reading speed; spoken: the speech's own length."""
    timeline = Timeline()
    timeline.say(2.0, "x" * 30, 9.0)
    assert timeline.speech_end() == pytest.approx(2.0 + 30 / READING_SPEED)
    speech = Future()
    speech.set_result(SimpleNamespace(seconds=1.5))
    spoken = Timeline()
    spoken.say(2.0, "x" * 30, 9.0, speech)
    assert spoken.speech_end() == pytest.approx(3.5)
    assert Timeline().speech_end() is None
