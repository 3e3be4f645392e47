"""The linear-program scene draws what a sentence names as it is said: every
``wait_for_words`` the scene makes is reached no later than :data:`LATE` seconds after its
words are said (a wait reached later draws them late, after the voice has moved on; review
305: the scaled θ's mistakes were marked 6 s after their count was said, after the
close-up said later), on the default data, noisy data and Iris."""

from __future__ import annotations

import pytest

from story_runs import story_with

#: the most a drawing may come after the words that name it (an animation of its own may
#: still be running as they start)
LATE = 1.0


@pytest.mark.parametrize("data", [None, "noisy", "iris-versicolor-virginica-std"])
def test_what_a_sentence_names_is_drawn_as_it_is_said(data, tmp_path):
    from scenes.linear_program import LinearProgramScene
    from scene_helpers import gallery_csv

    if data and data.startswith("iris"):
        pytest.importorskip("sklearn")
        data = gallery_csv(tmp_path, data)

    class Recording(LinearProgramScene):
        def wait_for_words(self, words: str) -> None:
            at = self.timeline.said_at(self.in_notation(words))
            self.waits.append((self.timeline.current[1], words, at, float(self.time)))
            super().wait_for_words(words)

    waits: list = []
    story_with(Recording, waits=waits, **({"data_spec": data} if data else {}))
    assert waits  # the scene waits for words
    late = [(words, round(now - at, 2), sentence[:60]) for sentence, words, at, now in waits
            if at is not None and now > at + LATE]
    assert not late, late
