"""Present mode on a quiz: the page stops on the notes' question, shown on the video and in
the speaker's notes, and stays there until the lecturer presses →; the answer's beats
come only then. In real headless Chromium (Debian's), the pack opened from file://."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from browser_helpers import offline_browser, open_page
from linviz.lessons.quiz_story import MARGIN_QUESTION

#: the quiz's still after the question in this pack (--quiz-pause), seconds
PAUSE = 1.5


@pytest.fixture(scope="module")
def quiz_pack(tmp_path_factory) -> Path:
    """The margin quiz packed as a lecturer packs it (a subprocess), with a short pause."""
    root = Path(__file__).resolve().parents[2]
    out = tmp_path_factory.mktemp("quiz-pack") / "media"
    done = subprocess.run([sys.executable, str(root / "render.py"), "lecture", "quiz-margin",
                           "--quiz-pause", str(PAUSE), "--out", str(out)],
                          capture_output=True, text=True, cwd=tmp_path_factory.getbasetemp())
    assert done.returncode == 0, done.stderr
    return out


def test_present_mode_stops_on_the_quiz_question_until_a_key_is_pressed(quiz_pack, tmp_path):
    with offline_browser(tmp_path) as (context, refused):
        page, errors = open_page(context, quiz_pack / "index.html")
        beats = page.evaluate("LINVIZ_LECTURE.sources[0].beats")
        asked = [k for k, beat in enumerate(beats)
                 if " ".join(beat["text"].split()) == " ".join(MARGIN_QUESTION.split())]
        assert len(asked) == 1, [beat["text"][:40] for beat in beats]
        k = asked[0]
        question, answer = beats[k], beats[k + 1]
        # the question's beat holds its still: the pause is inside it, before the stop
        assert question["end"] - question["start"] >= PAUSE

        page.keyboard.press("p")
        page.wait_for_function("document.body.classList.contains('presenting')",
                               timeout=5_000)
        for step in range(k + 1):  # → until the stop at the question's end
            page.keyboard.press("ArrowRight")
            page.wait_for_function(f"document.body.dataset.stopped === '{step}'",
                                   timeout=30_000)
        page.wait_for_function("!document.getElementById('video').seeking")
        stopped = page.evaluate("document.getElementById('video').currentTime")
        assert stopped == pytest.approx(question["end"], abs=0.1)
        assert " ".join(page.text_content("#notes").split()) == " ".join(MARGIN_QUESTION.split())
        page.screenshot(path=str(tmp_path / "quiz-question.png"))

        page.wait_for_timeout(2 * PAUSE * 1000)  # longer than the still: nothing moves on
        assert page.evaluate("document.getElementById('video').paused")
        assert page.evaluate("document.getElementById('video').currentTime") == stopped
        assert page.evaluate("document.body.dataset.stopped") == str(k)

        page.keyboard.press("ArrowRight")  # the lecturer goes on: the answer's first beat
        page.wait_for_function(f"document.body.dataset.stopped === '{k + 1}'", timeout=30_000)
        page.wait_for_function("!document.getElementById('video').seeking")
        assert page.evaluate("document.getElementById('video').currentTime") == pytest.approx(
            answer["end"], abs=0.1)
        assert page.text_content("#notes") == answer["text"]
        assert errors == [], errors
        assert refused == [], refused
