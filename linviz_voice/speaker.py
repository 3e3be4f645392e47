"""The voices a scene speaks with: synthesis beside rendering, each sentence once.

A :class:`Speaker` is asked for a beat's speech when the beat starts
(:meth:`Speaker.start`): the synthesis runs in a thread of its own while the
scene renders the beat's animations (piper runs in onnxruntime, outside
Python's lock), and the scene waits for its length only when the beat is to
end. Beside the scene's process the render layer runs a prefetch that tells
the story without frames and synthesises every sentence ahead of the scene
(:mod:`linviz_render.story`); a lock per sentence keeps the two from
synthesising the same one. Synthesised sentences are kept in a cache folder, one WAV per
SHA-256 of (spoken text, voice, settings), written whole or not at all
(:mod:`linviz.safety.atomic`): a re-run synthesises nothing.

Voices (``RenderRequest.voice``): ``"piper"``, the synthetic voice; a folder of
the lecturer's recordings (``<beat id>.wav`` with the script they were made
from, see :mod:`linviz_voice.script`), the synthetic voice speaking the beats
without a recording, or whose sentence changed since.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import wave
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from . import PIPER
from .script import Recordings


def cache_folder(asked: str | None) -> Path:
    """Where synthesised sentences are kept: ``asked``, or a folder in the temporary one."""
    import tempfile

    return Path(asked) if asked else Path(tempfile.gettempdir()) / "linviz-voice-cache"


def spoken_form(caption: str, notation: str = "theta") -> str:
    """What the voice says for ``caption``: :func:`linviz.spoken.spoken_text` (θ → "theta",
    ‖x‖² → "the squared norm of x", −0.39 → "minus 0.39", ...)."""
    from linviz.spoken import spoken_text

    return spoken_text(caption, notation)


def wav_seconds(path: Path) -> float:
    """The length of a WAV file in seconds (frames over rate); one line when it is not a WAV."""
    from linviz.errors import DataError

    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() / wav.getframerate()
    except (wave.Error, EOFError) as error:
        raise DataError(f"{path}: not a WAV file ({error})") from None


@dataclass(frozen=True)
class Speech:
    """A beat's sentence as spoken: ``wav`` (None: not spoken) of ``seconds``.

    ``source`` is ``"piper"`` or ``"recording"`` (or ``"none"``); ``problem`` says why a
    beat of a recordings folder was not spoken by its recording: ``"missing"`` or
    ``"changed"`` (the sentence changed since the script was exported), else "".
    """

    beat: str
    caption: str
    spoken: str
    wav: str | None
    seconds: float
    source: str
    problem: str = ""


class Speaker:
    """Speaks each beat's sentence: piper, or recordings with piper for the rest.

    Parameters
    ----------
    voice : ``"piper"`` or a folder of recordings (see :mod:`linviz_voice.script`).
    cache_dir : where synthesised sentences are kept.
    notation : ``"theta"`` or ``"w"``, the symbols the captions use (how they are read).
    synthesize : text → WAV bytes (default: piper); a test's stand-in voice.
    identity : names that stand-in for the cache key.
    """

    def __init__(self, voice: str, cache_dir: str | Path, notation: str = "theta",
                 synthesize=None, identity: str | None = None) -> None:
        self.recordings = None if voice == PIPER else Recordings(voice)
        self.cache_dir = Path(cache_dir)
        self.notation = notation
        self._synthesize = synthesize
        self._identity = identity
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="linviz-voice")

    # -- what a scene asks --------------------------------------------------
    def start(self, beat: str, caption: str) -> Future:
        """Begin speaking ``caption``, the beat ``beat``: a future :class:`Speech`."""
        return self._pool.submit(self.speak, beat, caption)

    def duration(self, sentence: str) -> float:
        """Seconds ``sentence`` takes to say (synthesised: a sentence without a beat)."""
        return self.speak("", sentence).seconds

    def speech(self, sentence: str) -> Path | None:
        """The WAV of ``sentence`` spoken (None: the voice cannot say it)."""
        wav = self.speak("", sentence).wav
        return Path(wav) if wav else None

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    # -- how ----------------------------------------------------------------
    def speak(self, beat: str, caption: str) -> Speech:
        """The speech of ``caption`` (beat ``beat``): its recording, else synthesised (cached)."""
        spoken = spoken_form(caption, self.notation)
        problem = ""
        if self.recordings is not None and beat:
            recording, problem = self.recordings.recording(beat, caption)
            if recording is not None:
                return Speech(beat, caption, spoken, str(recording), wav_seconds(recording),
                              "recording")
        wav = self.synthesized(spoken)
        if wav is None:
            return Speech(beat, caption, spoken, None, 0.0, "none", problem)
        return Speech(beat, caption, spoken, str(wav), wav_seconds(wav), "piper", problem)

    def synthesized(self, spoken: str) -> Path | None:
        """The cached WAV of ``spoken``, synthesised first when it is not there; None when
        there is nothing to say or no synthetic voice."""
        from linviz.safety.atomic import write_bytes_atomic

        if not spoken.strip():
            return None
        synthesize, identity, settings = self._synthesizer()
        if synthesize is None:
            return None
        key = json.dumps([spoken, identity, settings], sort_keys=True, ensure_ascii=False)
        path = self.cache_dir / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()}.wav"
        if path.is_file():
            return path
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        # one process synthesises a sentence; another asking for it meanwhile (the scene and
        # the prefetch beside it, see linviz_render.story) waits, then finds it
        with open(path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not path.is_file():
                write_bytes_atomic(path, synthesize(spoken))
        return path

    def _synthesizer(self):
        """(text → WAV bytes, the voice's identity, its settings), or Nones without piper."""
        if self._synthesize is not None:
            return self._synthesize, self._identity or "test voice", {}
        from . import piper_installed

        if not piper_installed():
            return None, None, None
        from . import piper_voice

        return piper_voice.synthesize, piper_voice.voice_identity(), piper_voice.settings()
