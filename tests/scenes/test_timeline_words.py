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


def _waits_by_motion(path) -> dict[str, list[tuple[str, bool]]]:
    """{motion: [(words, always)]} of every ``self.wait_for_words("…")`` in a
    ``draw_<motion>`` method of the scene file at ``path`` (read as a syntax tree, not
    run); ``always`` False for a wait under an ``if`` (made only for some beats). The
    words are a literal, or the name of a literal set at the file's top level."""
    import ast

    waits: dict[str, list[tuple[str, bool]]] = {}
    tree = ast.parse(path.read_text())
    constants = {target.id: node.value.value for node in tree.body
                 if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                 for target in node.targets if isinstance(target, ast.Name)}
    # and the string constants the file imports by name (the storyboard's words, shared)
    import importlib

    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            module = importlib.import_module(node.module)
            constants.update({alias.asname or alias.name: getattr(module, alias.name)
                              for alias in node.names
                              if isinstance(getattr(module, alias.name, None), str)})

    def words_of(argument, motion: str) -> str:
        if isinstance(argument, ast.Name) and argument.id in constants:
            return constants[argument.id]
        assert isinstance(argument, ast.Constant), motion
        return argument.value

    def visit(node, motion: str, always: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr == "wait_for_words"):
                waits.setdefault(motion, []).append((words_of(child.args[0], motion), always))
            visit(child, motion, always and not isinstance(child, ast.If))

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("draw_"):
            visit(node, node.name[len("draw_"):].replace("_", "-"), True)
    return waits


def test_the_words_linear_program_waits_for_are_in_every_beat_that_draws_them():
    """A wait for words not in the sentence waits for nothing: the picture comes early,
    unnoticed. Every phrase a ``draw_<motion>`` waits for is in each beat of that motion,
    over the gallery; one it waits for only under a condition, in some beat of it (waits
    are made in draw methods, where the scan finds them, not in their helpers)."""
    from pathlib import Path

    from linviz.dataset import CLASSIFICATION
    from linviz.errors import DataError
    from linviz.gallery import GALLERY
    from linviz.lessons.linear_program import linear_program_lesson
    from linviz.lessons.linear_program_story import linear_program_storyboard
    from linviz.lessons.no_separator_story import no_separator_storyboard

    root = Path(__file__).resolve().parents[2] / "scenes"
    waits: dict[str, list[str]] = {}
    for path in [root / "linear_program.py", root / "no_separator.py",
                 *sorted((root / "linear_program_parts").glob("*.py"))]:
        for motion, words in _waits_by_motion(path).items():
            waits.setdefault(motion, []).extend(words)
    assert {"certificate", "narrowing"} <= set(waits)  # the scan sees them
    seen = set()
    try:  # the one real set whose tied points the scene names (its words, "tied")
        import sklearn  # noqa: F401
        real = ("iris-versicolor-virginica-std",)
    except ImportError:  # pragma: no cover - scikit-learn is a test dependency
        real = ()
    for case in GALLERY:
        if case.task != CLASSIFICATION or (case.real and case.name not in real):
            continue
        data = case()
        if data.n_features != 2:
            continue
        try:
            lesson = linear_program_lesson(data)
        except DataError:
            continue
        # (and `no-separator`'s, drawn by the same parts, where no line separates)
        beats = linear_program_storyboard(lesson).beats + (
            () if lesson.feasible else no_separator_storyboard(lesson).beats)
        for beat in beats:
            for words, always in waits.get(beat.motion, ()):
                if always:
                    assert words in beat.sentence, (case.name, beat.motion, words)
                    seen.add((beat.motion, words))
                elif words in beat.sentence:
                    seen.add((beat.motion, words))
    assert {"certificate", "narrowing"} <= {motion for motion, _ in seen}
    # each conditional phrase is in some beat that draws it
    assert {(m, w) for m, found in waits.items() for w, _ in found} <= seen
