"""Listen-through figures of a built lecture pack: how long, how much is said, how it flows.

Reads a pack as ``render.py lecture all -q l --out DIR --jobs 2`` writes it (``make
video``: DIR = media) and renders nothing. A *sentence* is one caption of the lecture,
what the pack's transcript calls a sentence (``assets/lecture-data.js``: the whole
captions in lecture time, each scene's shifted by where it starts in lecture.mp4, after
the title card); a narrated beat speaks its caption from the caption's start.

1. The lecture's length: the video of lecture.mp4 (its last frame's end).
2. Minutes of speech (each sentence from where its speech starts to where it ends) and
   the median words a minute over the sentences (words of the spoken form,
   ``linviz.spoken.spoken_text`` of this tree, else of the caption).
3. The gap between consecutive sentences, from the end of one's speech to the start of
   the next one's: median, and how many are under 0.8 s.
4. Sentences with more than 12 s and more than 15 s of speech, and the longest.
5. Repeated templates: a sentence whose text, every number replaced by ``#`` (digits,
   decimals, ``1,518``, signs, super- and subscript digits, "one" to "twenty", the tens,
   "hundred", "thousand", "million") and the word after a number in the singular
   ("# mistakes" is "# mistake"), lower case, spaces collapsed, is that of an earlier
   sentence of the lecture; the first use is not counted. Their minutes of speech and
   count, the five templates with the most uses, and the minutes again with the captions
   cut into their grammatical sentences (at ". ", "? ", "! "; each part gets its caption's
   speech in proportion to its characters: an estimate, the pack times captions only).
6. Quiet stretches over 20 s (no sentence spoken, the lecture's start and end included):
   count and longest.
7. Still stretches over 20 s, from lecture.mp4's video: linviz's encoder writes a new
   frame only when Manim drew a new picture, and a held picture as one frame lasting as
   long as it is held (scenes/toolkit/speed/manim_adapter.py), so a frame lasting several frame
   times is a still picture; consecutive held frames with the same bytes (two waits in a
   row) are one stretch. A lower bound: frames drawn again with nothing visible changed
   count as motion. A pack whose every frame lasts one frame time records no motion: "not
   recorded in the pack". The scene's own record of when something moved
   (``Timeline.motions``) is not written into the pack.

Where the speech is: a narrated scene writes ``<movie>.narration.json`` (each beat's
start and the length of its WAV, linviz_voice.narration) in Manim's working folder, but
the render layer moves only the mp4, .srt and sections into the pack, so a pack built
today has none. Without them (``--source audio``, what ``auto`` picks unless every scene
of every pack read has one in ``scenes/<name>/``) the speech is read from lecture.mp4's
sound track: a sentence's speech runs from its first to its last 10 ms window above
-50 dBFS between its caption's start and the next caption's. That is the speech heard:
piper's WAVs start with about 0.04 s and end with about 0.13 s of their own silence
(medians over the WAVs of a pack's voice cache), which a narration file counts as speech,
so against narration-file figures each sentence is about 0.17 s shorter and each gap
about 0.17 s longer. Both columns of a ``--before`` run are read the same way.

Usage: python benchmarks/bench_listen.py [--pack media] [--before DIR] [--source auto]
       python benchmarks/bench_listen.py --video AFTER.mp4 [BEFORE.mp4]

``--video``: one scene's narrated render (``render.py render SCENE --voice piper``), its
.srt beside it, read as a one-scene lecture (speech from its sound track); a second video
is printed beside it as before.

``--before DIR``: a second pack (e.g. built from an older commit in a ``git worktree``),
printed beside the first with the ratio after/before (``--pack`` is "after").

28 Nov 2026, the narrated pack of main at 5699c5e (``render.py lecture all -q l --out DIR
--jobs 2``, piper: 747.7 s to build on two cores shared with other work), read in 5 s:
46:13 long (46.22 min); 275 sentences, all spoken; 41.87 min of speech (91 % of the
lecture), median 173.5 words a minute; gap between sentences median 0.68 s, 208 of 274
under 0.8 s; 68 sentences over 12 s of speech, 23 over 15 s, the longest 25.86 s;
repeated templates 11.42 min of speech in 81 sentences (12.35 min cut at full stops),
the most used "point #, label #: score #, so y·score # ≤ #, a mistake." (8 uses) and
"update #: point # (label #), y·score # ≤ #." (8); no quiet stretch over 20 s (the
longest 8.30 s); 10 still stretches over 20 s, the longest 41.93 s (regression, 222 s
in). The issue filed against that pack: 46:14, 41.8 min of speech at 174 words a minute,
0.67 s median gap, 23 sentences over 15 s, the longest 25.4 s, 12.6 min of repeated
templates (closest to the figure cut at full stops).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: a gap between sentences shorter than this is "short" (seconds)
SHORT_GAP = 0.8
#: sentences with more speech than these (seconds)
LONG_SENTENCE, VERY_LONG_SENTENCE = 12.0, 15.0
#: quiet and still stretches longer than this (seconds)
LONG_STRETCH = 20.0
#: still stretches longer than this are counted too, with their time: a picture held while
#: a sentence runs on (reviews 273-276 counted the 6-10 s ones)
HELD_STRETCH = 6.0
#: the sound track's analysis window (seconds) and the level above which it is speech
WINDOW = 0.01
SPEECH_DBFS = -50.0
#: how many templates to name
TOP_TEMPLATES = 5
DATA_FILE = Path("assets") / "lecture-data.js"
DATA_PREFIX = "window.LINVIZ_LECTURE = "

_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve "
                 "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty "
                 "forty fifty sixty seventy eighty ninety hundred thousand million")
NUMBER = re.compile(
    r"[−+\-]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:st|nd|rd|th)?"  # 3, −0.39, +1, 1,518, 2nd
    r"|[⁻₋]?[⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉]+"  # x⁽³⁾, θ₀
    rf"|\b(?:{'|'.join(_NUMBER_WORDS.split())})\b",
    re.IGNORECASE)


@dataclass(frozen=True)
class Sentence:
    """A caption of the lecture: ``text``; its speech from ``start`` to ``end`` in lecture
    seconds (None: not spoken); ``words`` spoken."""

    text: str
    start: float | None
    end: float | None
    words: int

    @property
    def spoken(self) -> bool:
        return self.start is not None

    @property
    def seconds(self) -> float:
        return (self.end - self.start) if self.spoken else 0.0


@dataclass
class Listening:
    """What one pack gives: its length, sentences, still stretches (None: not recorded)."""

    pack: Path
    source: str
    length: float
    sentences: list[Sentence]
    stills: list[tuple[float, float]] | None
    seconds_to_read: float = 0.0
    figures: dict = field(default_factory=dict)
    templates: list[tuple[int, float, str]] = field(default_factory=list)


# -- reading the pack ---------------------------------------------------------------

class NotAPack(Exception):
    pass


def lecture_data(pack: Path) -> dict:
    """The pack's ``window.LINVIZ_LECTURE`` (linviz_pack.page.write_page)."""
    path = pack / DATA_FILE
    if not path.is_file():
        raise NotAPack(f"{pack}: no {DATA_FILE} (not a lecture pack; `make video` or "
                       f"`render.py lecture all -q l --out {pack}` builds one)")
    text = path.read_text(encoding="utf-8")
    start = text.index(DATA_PREFIX) + len(DATA_PREFIX)
    return json.loads(text[start:text.rindex(";")])


def lecture_source(data: dict) -> dict:
    return next(source for source in data["sources"] if source["id"] == "lecture")


def scene_offsets(data: dict) -> list[tuple[str, float]]:
    """(scene, its start in lecture.mp4) in lecture order: the scenes' sources follow the
    lecture's, and its level-0 chapters are the title card's, then one per scene."""
    scenes = [source["id"] for source in data["sources"] if source["id"] != "lecture"]
    chapters = [c for c in lecture_source(data)["chapters"] if c["level"] == 0]
    chapters = chapters[len(chapters) - len(scenes):]  # the title card's first, if any
    return [(scene, chapter["start"]) for scene, chapter in zip(scenes, chapters)]


def scene_notation(pack: Path, scene: str) -> str:
    try:
        manifest = json.loads((pack / "scenes" / scene / "manifest.json").read_text("utf-8"))
        return manifest["options"].get("notation", "theta")
    except (OSError, ValueError, KeyError):
        return "theta"


def narration_files(pack: Path, data: dict) -> dict[str, Path] | None:
    """Each scene's ``<name>.narration.json`` in the pack, or None when one is missing."""
    found = {}
    for scene, _ in scene_offsets(data):
        path = pack / "scenes" / scene / f"{scene}.narration.json"
        if not path.is_file():
            return None
        found[scene] = path
    return found


def word_counter():
    """caption, notation → words the voice says (this tree's spoken form, else the caption)."""
    try:
        from linviz.spoken import spoken_text

        spoken_text("θᵀx + θ₀ = −0.39", "theta")
    except Exception:  # noqa: BLE001 - a tree being edited: count the caption's words
        return lambda caption, notation: len(caption.split())
    return lambda caption, notation: len(spoken_text(caption, notation).split())


def sentences_from_narration(pack: Path, data: dict, files: dict[str, Path]) -> list[Sentence]:
    """The sentences of the narration files, their speech the length of their WAVs."""
    sentences = []
    for scene, offset in scene_offsets(data):
        beats = json.loads(files[scene].read_text(encoding="utf-8"))["beats"]
        for beat in beats:
            start = offset + beat["start"] if beat.get("wav") and beat["seconds"] > 0 else None
            sentences.append(Sentence(beat["caption"], start,
                                      None if start is None else start + beat["seconds"],
                                      len(beat["spoken"].split())))
    return sentences


def sound_levels(video: Path) -> tuple[np.ndarray, float] | None:
    """(dBFS of each WINDOW of the sound track, the time of the first window), or None
    when the video has no sound."""
    import av

    with av.open(str(video)) as container:
        if not container.streams.audio:
            return None
        stream = container.streams.audio[0]
        rate, first, pieces = stream.rate, None, []
        for frame in container.decode(stream):
            if first is None:
                first = float(frame.time or 0.0)
            samples = frame.to_ndarray()
            pieces.append(samples.reshape(-1) if samples.shape[0] == 1
                          else samples.reshape(len(frame.layout.channels), -1).mean(axis=0))
    if not pieces:
        return None
    samples = np.concatenate(pieces).astype(np.float32)
    width = round(rate * WINDOW)
    count = len(samples) // width
    power = np.square(samples[:count * width].reshape(count, width)).mean(axis=1)
    return 10 * np.log10(power + 1e-20), first or 0.0


def sentences_from_sound(pack: Path, data: dict, length: float) -> list[Sentence]:
    """The transcript's sentences, their speech found in lecture.mp4's sound track."""
    scenes = scene_offsets(data)
    notation = scene_notation(pack, scenes[0][0]) if scenes else "theta"  # one a lecture
    cues = sorted(lecture_source(data)["sentences"], key=lambda cue: cue["start"])
    return sentences_heard(pack / "lecture.mp4", [(c["start"], c["text"]) for c in cues],
                           length, notation)


def sentences_heard(video: Path, cues: list[tuple[float, str]], length: float,
                    notation: str = "theta") -> list[Sentence]:
    """The captions ``cues`` ((start, text), in order), each one's speech found in
    ``video``'s sound track between its start and the next one's."""
    count_words = word_counter()
    levels = sound_levels(video)
    voiced = (levels[0] > SPEECH_DBFS) if levels is not None else np.zeros(0, bool)
    first = levels[1] if levels is not None else 0.0
    sentences = []
    for number, (start_at, text) in enumerate(cues):
        until = cues[number + 1][0] if number + 1 < len(cues) else length
        low = max(0, int((start_at - WINDOW - first) / WINDOW))
        high = max(low, int((until - first) / WINDOW))
        heard = np.flatnonzero(voiced[low:high])
        start = end = None
        if heard.size:
            start = float(first + (low + heard[0]) * WINDOW)
            end = float(first + (low + heard[-1] + 1) * WINDOW)
        sentences.append(Sentence(text, start, end, count_words(text, notation)))
    return sentences


def video_frames(video: Path) -> tuple[float, list[tuple[float, float, bool, bytes | None]]]:
    """(the video's length, its frames as (start, end, held, bytes of a held one)):
    packets read, nothing decoded."""
    import av

    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        base = stream.time_base
        rate = stream.codec_context.framerate or stream.guessed_rate or stream.average_rate
        tick = 1 / (rate * base)  # a frame time in the stream's time base
        frames = []
        for packet in container.demux(stream):
            if packet.pts is None or packet.size == 0:
                continue
            held = packet.duration > 1.5 * tick
            frames.append((float(packet.pts * base), float((packet.pts + packet.duration) * base),
                           held, bytes(packet) if held else None))
    frames.sort(key=lambda frame: frame[0])
    return (frames[-1][1] if frames else 0.0), frames


def still_stretches(frames) -> list[tuple[float, float]] | None:
    """Where the picture is held: each held frame, joined with the next one when that is
    the same picture (the same bytes) right after it. None when no frame is held."""
    if not any(held for _, _, held, _ in frames):
        return None
    stretches, last = [], None
    for start, end, held, data in frames:
        if held and last is not None and last[2] == data and abs(last[1] - start) < 1e-6:
            last[1] = end
            continue
        if last is not None:
            stretches.append((last[0], last[1]))
        last = [start, end, data] if held else None
    if last is not None:
        stretches.append((last[0], last[1]))
    return stretches


def read_video(video: Path) -> Listening:
    """One scene's render (``render.py render SCENE --voice piper``: the mp4 and the .srt
    beside it) read as a one-scene lecture, its speech from its sound track."""
    from linviz_pack.timeline import parse_srt

    started = time.perf_counter()
    srt = video.with_suffix(".srt")
    if not video.is_file() or not srt.is_file():
        raise NotAPack(f"{video}: no such video with its .srt beside it")
    length, frames = video_frames(video)
    cues = [(cue.start, cue.text.replace("\n", " ")) for cue in
            parse_srt(srt.read_text(encoding="utf-8"))]
    listening = Listening(video, "audio", length, sentences_heard(video, cues, length),
                          still_stretches(frames))
    measure(listening)
    listening.seconds_to_read = time.perf_counter() - started
    return listening


def read_pack(pack: Path, source: str) -> Listening:
    started = time.perf_counter()
    data = lecture_data(pack)
    video = pack / "lecture.mp4"
    if not video.is_file():
        raise NotAPack(f"{pack}: no lecture.mp4")
    length, frames = video_frames(video)
    if not length:
        length = max(c["end"] for c in lecture_source(data)["chapters"])
    if source == "narration":
        files = narration_files(pack, data)
        if files is None:
            raise NotAPack(f"{pack}: not every scene has scenes/<name>/<name>.narration.json "
                           f"(a pack keeps none today: use --source audio)")
        sentences = sentences_from_narration(pack, data, files)
    else:
        sentences = sentences_from_sound(pack, data, length)
    listening = Listening(pack, source, length, sentences, still_stretches(frames))
    measure(listening)
    listening.seconds_to_read = time.perf_counter() - started
    return listening


# -- the figures ----------------------------------------------------------------------

#: the word after a number: "# mistakes" and "# mistake" are one template
COUNTED = re.compile(r"# (\w+)")


def singular(match: re.Match) -> str:
    word = match.group(1)
    if word.endswith(("ses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 2:
        word = word[:-1]
    return f"# {word}"


def template(text: str) -> str:
    """``text`` with every number a ``#`` and the word it counts in the singular, lower
    case, spaces collapsed."""
    return COUNTED.sub(singular, " ".join(NUMBER.sub("#", text).lower().split()))


def quiet_stretches(spoken: list[Sentence], length: float) -> list[tuple[float, float]]:
    """Where no sentence is spoken, from the lecture's start to its end."""
    stretches, said_until = [], 0.0
    for sentence in sorted(spoken, key=lambda s: s.start):
        if sentence.start > said_until:
            stretches.append((said_until, sentence.start))
        said_until = max(said_until, sentence.end)
    if length > said_until:
        stretches.append((said_until, length))
    return stretches


#: where a caption's grammatical sentences end
FULL_STOP = re.compile(r"(?<=[.!?])\s+")


def split_repeats(listening: Listening) -> float:
    """Seconds of speech of repeated templates counted by the grammatical sentences of the
    captions, each given its caption's speech in proportion to its characters."""
    seen, repeated = set(), 0.0
    for sentence in listening.sentences:
        parts = [part for part in FULL_STOP.split(sentence.text) if part.strip()]
        characters = sum(len(part) for part in parts) or 1
        for part in parts:
            key = template(part)
            if key in seen:
                repeated += sentence.seconds * len(part) / characters
            seen.add(key)
    return repeated


def measure(listening: Listening) -> None:
    spoken = [s for s in listening.sentences if s.spoken]
    figures = listening.figures
    figures["lecture length (min)"] = listening.length / 60
    figures["sentences (spoken / all)"] = (len(spoken), len(listening.sentences))
    figures["speech (min)"] = sum(s.seconds for s in spoken) / 60
    figures["speech, share of the lecture (%)"] = 100 * figures["speech (min)"] * 60 / \
        listening.length if listening.length else None
    rates = [s.words / (s.seconds / 60) for s in spoken if s.seconds > 0]
    figures["words a minute of speech, median"] = statistics.median(rates) if rates else None
    gaps = [b.start - a.end for a, b in zip(spoken, spoken[1:])]
    figures["gap between sentences, median (s)"] = statistics.median(gaps) if gaps else None
    figures[f"gaps under {SHORT_GAP:g} s"] = (sum(1 for g in gaps if g < SHORT_GAP), len(gaps))
    lengths = [s.seconds for s in spoken]
    figures[f"sentences over {LONG_SENTENCE:g} s of speech"] = \
        sum(1 for t in lengths if t > LONG_SENTENCE)
    figures[f"sentences over {VERY_LONG_SENTENCE:g} s of speech"] = \
        sum(1 for t in lengths if t > VERY_LONG_SENTENCE)
    figures["longest sentence (s)"] = max(lengths, default=None)
    seen: dict[str, int] = {}
    uses: dict[str, list[float]] = defaultdict(list)
    repeated = 0.0
    repeats = 0
    for sentence in listening.sentences:
        key = template(sentence.text)
        uses[key].append(sentence.seconds)
        if key in seen:
            repeats += 1
            repeated += sentence.seconds
        seen.setdefault(key, 1)
    figures["repeated templates, speech (min)"] = repeated / 60
    figures["repeated templates, sentences"] = repeats
    figures["repeated templates, cut at full stops (min)"] = split_repeats(listening) / 60
    listening.templates = sorted(((len(times), sum(times[1:]), key)
                                  for key, times in uses.items() if len(times) > 1),
                                 key=lambda t: (-t[0], -t[1], t[2]))[:TOP_TEMPLATES]
    quiet = [b - a for a, b in quiet_stretches(spoken, listening.length)]
    figures[f"quiet stretches over {LONG_STRETCH:g} s"] = sum(1 for q in quiet if q > LONG_STRETCH)
    figures["longest quiet stretch (s)"] = max(quiet, default=None)
    if listening.stills is None:
        figures[f"still stretches over {LONG_STRETCH:g} s"] = "not recorded in the pack"
        figures["longest still stretch (s)"] = "not recorded in the pack"
    else:
        still = [b - a for a, b in listening.stills]
        figures[f"still stretches over {LONG_STRETCH:g} s"] = \
            sum(1 for s in still if s > LONG_STRETCH)
        figures["longest still stretch (s)"] = max(still, default=None)
        held = [s for s in still if s > HELD_STRETCH]
        figures[f"still stretches over {HELD_STRETCH:g} s"] = len(held)
        figures[f"time in still stretches over {HELD_STRETCH:g} s (min)"] = sum(held) / 60


# -- printing -------------------------------------------------------------------------

def shown(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return f"{value[0]} of {value[1]}"
    if isinstance(value, float):
        return f"{value:.2f}" if abs(value) < 100 else f"{value:.1f}"
    return str(value)


def ratio(after, before) -> str:
    if isinstance(after, tuple) and isinstance(before, tuple):
        after, before = after[0], before[0]
    if not isinstance(after, (int, float)) or not isinstance(before, (int, float)) or not before:
        return "-"
    return f"{after / before:.2f}"


def minutes_seconds(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def describe(listening: Listening) -> str:
    track = "its" if listening.pack.suffix == ".mp4" else "lecture.mp4's"
    how = ("speech from the narration files" if listening.source == "narration" else
           f"speech from {track} sound track, windows over {SPEECH_DBFS:g} dBFS")
    return (f"{listening.pack}: {minutes_seconds(listening.length)} long, {how}, "
            f"read in {listening.seconds_to_read:.1f} s")


def print_templates(listening: Listening, label: str = "") -> None:
    print(f"top repeated templates{label} (uses, minutes of speech of the repeats):")
    if not listening.templates:
        print("  none")
    for number, (count, seconds, key) in enumerate(listening.templates, start=1):
        text = key if len(key) <= 90 else key[:87] + "..."
        print(f"  {number}. {count}x, {seconds / 60:.2f} min: {text}")


def print_long_sentences(listening: Listening, label: str = "") -> None:
    """The sentences over LONG_SENTENCE s of speech, longest first (what to split)."""
    long = sorted((s for s in listening.sentences if s.spoken and s.seconds > LONG_SENTENCE),
                  key=lambda s: -s.seconds)
    print(f"sentences over {LONG_SENTENCE:g} s of speech{label}:" + ("" if long else " none"))
    for sentence in long:
        text = sentence.text if len(sentence.text) <= 90 else sentence.text[:87] + "..."
        print(f"  {sentence.seconds:5.2f} s: {text}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=ROOT / "media",
                        help="the lecture pack (render.py lecture --out DIR; default media)")
    parser.add_argument("--before", type=Path, default=None,
                        help="a second pack, printed beside --pack with after/before")
    parser.add_argument("--source", choices=("auto", "narration", "audio"), default="auto",
                        help="where the speech is read: the scenes' narration files, or the "
                             "sound track (auto: the files when every pack has them)")
    parser.add_argument("--video", type=Path, nargs="+", default=None,
                        help="instead of packs, one scene's render (its mp4, the .srt "
                             "beside it), and optionally a second one as before")
    args = parser.parse_args()
    if args.video:
        try:
            after = read_video(args.video[0])
            before = read_video(args.video[1]) if len(args.video) > 1 else None
        except NotAPack as problem:
            print(problem)
            return 1
        return print_figures(after, before)
    packs = [args.pack] + ([args.before] if args.before else [])
    try:
        datas = [lecture_data(pack) for pack in packs]
    except NotAPack as problem:
        print(problem)
        return 0 if args.before is None and args.pack == ROOT / "media" else 1
    source = args.source
    if source == "auto":
        source = ("narration" if all(narration_files(pack, data) is not None
                                     for pack, data in zip(packs, datas)) else "audio")
    try:
        after = read_pack(args.pack, source)
        before = read_pack(args.before, source) if args.before else None
    except NotAPack as problem:
        print(problem)
        return 1
    return print_figures(after, before)


def print_figures(after: Listening, before: Listening | None) -> int:
    """The figures of ``after``, beside ``before``'s with the ratio when given."""
    width = max(len(name) for name in after.figures) + 2
    if before is None:
        print(describe(after))
        for name, value in after.figures.items():
            print(f"{name:<{width}}{shown(value)}")
        print_templates(after)
        print_long_sentences(after)
        return 0
    print(f"before {describe(before)}")
    print(f"after  {describe(after)}")
    print(f"{'figure':<{width}}{'before':>14}{'after':>14}{'after/before':>14}")
    for name, value in after.figures.items():
        old = before.figures.get(name)
        if isinstance(value, str) or isinstance(old, str):
            print(f"{name:<{width}}{shown(old):>14}  {shown(value)}")
            continue
        print(f"{name:<{width}}{shown(old):>14}{shown(value):>14}{ratio(value, old):>14}")
    print_templates(before, " before")
    print_templates(after, " after")
    print_long_sentences(after, " after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
