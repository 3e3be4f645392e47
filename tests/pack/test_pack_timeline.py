"""A scene's timeline: sections from Manim's index, captions from the .srt, beats between stops."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz_pack.timeline import SAME_TIME, Cue, SceneTimeline, Section, beats_of, read_timeline
from pack_helpers import write_sections_index, write_srt


def test_sections_start_where_the_ones_before_end(tmp_path):
    index = write_sections_index(tmp_path / "s.json", [("setup", 121), ("epoch-1", 174),
                                                        ("result", 7)], fps=15)
    captions = write_srt(tmp_path / "s.srt", [(1.0, 2.6, "first"), (2.6, 9.0, "second")])
    timeline = read_timeline(index, captions)
    expected, start = [], Fraction(0)
    for frames in (121, 174, 7):
        expected.append((float(start), float(start + Fraction(frames, 15))))
        start += Fraction(frames, 15)
    assert [(s.start, s.end) for s in timeline.sections] == expected
    assert [s.name for s in timeline.sections] == ["setup", "epoch-1", "result"]
    assert timeline.duration == float(start)
    assert [(c.start, c.end, c.text) for c in timeline.cues] == [(1.0, 2.6, "first"),
                                                                 (2.6, 9.0, "second")]


def test_missing_captions_give_a_timeline_without_cues(tmp_path):
    index = write_sections_index(tmp_path / "s.json", [("only", 30)])
    timeline = read_timeline(index, tmp_path / "none.srt")
    assert timeline.cues == () and timeline.duration == 2.0


@st.composite
def timelines(draw):
    frames = draw(st.lists(st.integers(1, 200), min_size=1, max_size=5))
    ends = [sum(frames[:i + 1]) / 15 for i in range(len(frames))]
    sections = tuple(Section(f"s{i}", ends[i - 1] if i else 0.0, end)
                     for i, end in enumerate(ends))
    duration = ends[-1]
    times = sorted(draw(st.lists(st.floats(0, duration), max_size=12)))
    cues = tuple(Cue(a, b, f"cue {i}") for i, (a, b) in
                 enumerate(zip(times[::2], times[1::2])) if b > a)
    return SceneTimeline(duration, sections, cues)


@given(timelines())
def test_beats_cover_the_scene_and_stop_at_every_caption_and_section_end(timeline):
    beats = beats_of(timeline)
    assert beats[0].start == 0.0
    assert beats[-1].end == pytest.approx(timeline.duration, abs=SAME_TIME)
    for before, after in zip(beats, beats[1:]):
        assert before.end == after.start and after.end > after.start
    stops = [beat.end for beat in beats]
    wanted = [cue.end for cue in timeline.cues if cue.end > SAME_TIME]
    wanted += [section.end for section in timeline.sections]
    for time in wanted:
        assert min(abs(time - stop) for stop in stops) < SAME_TIME


@given(timelines())
def test_a_beat_shows_the_caption_on_screen_when_it_stops(timeline):
    for beat in beats_of(timeline):
        on_screen = [cue.text for cue in timeline.cues
                     if cue.start < beat.end - SAME_TIME and cue.end > beat.start + SAME_TIME]
        assert beat.text == (on_screen[-1] if on_screen else "")
