"""A scene's story told without drawing a frame: its sentences, in order.

Every scene's lesson, in the engine, writes its storyboard (:mod:`linviz.lessons`): every
sentence and the state the picture shows under it. ``render.py narration export`` writes
the lecture's script from it, the voice speaks it ahead of the render, and ``render.py
story`` prints it; no Manim runs for any of them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path


def sentences_of(entry, request, scratch: Path | None = None) -> list[str]:
    """Every beat's sentence of the scene ``entry`` as ``request`` asks, in order, in its
    notation (``scratch`` is not used: nothing is rendered)."""
    return storyboard_of(entry, request).sentences(request.notation)


def storyboard_of(entry, request):
    """The storyboard of ``entry`` (a scene that has one) on the data ``request`` asks for,
    or the run of its saved trace; refused as the scene refuses it (one line). Told after
    the scenes ``request.heard`` names (linviz.lessons.heard)."""
    from linviz.lessons import storyboard_for
    from linviz.trace import Trace

    if entry.own_data:  # each run on data it makes itself (from the seed)
        entry.refuse_data_options(request)
        return storyboard_for(entry.name)(None, seed=request.seed, heard=request.heard)
    if request.trace:
        saved = Trace.load(request.trace)
        return storyboard_for(entry.name)(saved.data, trace=saved, seed=request.seed,
                                          heard=request.heard)
    return told_on(entry, request, scene_data(entry, request))


def told_on(entry, request, data):
    """The storyboard of ``entry`` on ``data`` (as :func:`scene_data` reads it), with what
    reading it did said, as the scene tells it (LinvizScene.tell_storyboard)."""
    from linviz.lessons import storyboard_for
    from linviz.storyboard import with_data_note

    board = storyboard_for(entry.name)(data, seed=request.seed, heard=request.heard)
    return with_data_note(board, data)


def scene_data(entry, request):
    """The data set ``entry`` tells as ``request`` asks (a scene of data it does not make,
    told from no saved trace), checked by the one check a render makes
    (:func:`linviz.scene_checks.check_scene_input`, with the scene's needs from the
    engine's list, :func:`linviz.lessons.needs_for`: no Manim is imported) and named as it
    was typed (the lesson's refusals quote it so, as the scene's do)."""
    from linviz.lessons import default_data_for, needs_for
    from linviz.scene_checks import check_scene_input

    spec = request.data or default_data_for(entry.name)
    data = request.data_options().resolve_for(entry.name, default=spec)
    check_scene_input(entry.name, data, spec, needs_for(entry.name))
    return replace(data, name=spec)


def speak_ahead(entry, request, scratch: Path | None = None) -> None:
    """Synthesise every sentence of ``entry`` into ``request``'s voice cache, in story order
    (run beside the scene's render, which then finds them there); ``scratch`` as for
    :func:`sentences_of`."""
    from linviz_voice.script import beat_id
    from linviz_voice.speaker import Speaker, cache_folder

    speaker = Speaker(request.voice, cache_folder(request.voice_cache), request.notation)
    for number, sentence in enumerate(sentences_of(entry, request, scratch), start=1):
        speaker.speak(beat_id(entry.name, number), sentence)


#: the folder of a voice cache that notes which stories were spoken into it
TOLD = "told"


def _told_file(cache: Path, entry, request) -> Path:
    """Where the note of ``entry``'s story told as ``request`` asks is kept in ``cache``."""
    import hashlib
    import json
    from dataclasses import asdict

    described = asdict(replace(request, voice_cache=None, keyframe_dir=None,
                               handout_keyframe_dir=None))
    digest = hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()[:24]
    return cache / TOLD / f"{entry.name}-{digest}.json"


def note_spoken(cache: Path, entry, request, wavs) -> None:
    """Note, after a render, the WAVs ``entry``'s story was spoken with as ``request`` asks."""
    import json

    from linviz.safety.atomic import write_text_atomic

    write_text_atomic(_told_file(cache, entry, request), json.dumps(sorted(set(wavs))) + "\n")


def already_spoken(cache: Path, entry, request) -> bool:
    """Whether a render of this story was spoken before and every WAV of it is still there
    (then nothing is synthesised ahead: a changed scene still speaks its new sentences
    itself)."""
    import json

    try:
        wavs = json.loads(_told_file(cache, entry, request).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return all(Path(wav).is_file() for wav in wavs)


def prefetch_command(entry) -> list[str]:
    """The command line of :func:`main` for ``entry`` (the request comes in the environment)."""
    import sys

    return [sys.executable, "-m", "linviz_render.story", entry.name]


def main(argv=None) -> int:
    """``python -m linviz_render.story NAME``: :func:`speak_ahead` for the scene NAME and the
    request in ``LINVIZ_REQUEST``. Quiet: the scene's own render reports any error.

    Its scratch goes in the working folder, the render's own (this process is killed when
    the scene's render ends first, and that folder is removed with the render's: nothing is
    left in the system's temporary folder)."""
    import sys

    from scenes.catalog import find
    from linviz.request import RenderRequest

    name = (argv if argv is not None else sys.argv[1:])[0]
    try:
        speak_ahead(find(name), RenderRequest.from_environment(), Path.cwd())
    except Exception:  # noqa: BLE001 - the scene speaks what is left itself
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def explorable_of(entry, request) -> dict | None:
    """What the page needs to explore ``entry``'s run as ``request`` asks
    (:func:`linviz.explorable.explorable`), or None for a scene it cannot
    explore (or one told from a saved trace)."""
    from linviz.explorable import explorable, is_explorable

    if not is_explorable(entry.name) or request.trace or entry.own_data:
        return None
    data = scene_data(entry, request)
    return explorable(entry.name, data, told_on(entry, request, data),
                                 request.notation)
