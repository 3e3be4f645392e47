"""What a scene is asked to show: one request, the only route of options into a scene.

Every command (``render``, ``lecture``, ``batch``, the pack, the key-frame
script) builds a :class:`RenderRequest` and the render layer
(:mod:`linviz_render`) hands it to the Manim process in the variable
``LINVIZ_REQUEST``; the scene reads it back in :meth:`RenderRequest.from_environment`,
its one reading point (``LinvizScene.request``). A plain ``manim`` command
line may set ``LINVIZ_DATA``, ``LINVIZ_SEED`` and ``LINVIZ_THEME`` instead:
they are parsed into the same object. In the CLI's own process (its data
checks) and in tests, a scene class carries the object as ``request_override``.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace

from linviz.errors import DataError

from linviz.safety.limits import QUIZ_PAUSE

VARIABLE = "LINVIZ_REQUEST"


@dataclass(frozen=True)
class RenderRequest:
    """The data options of ``trace`` and ``render``, the theme, and a saved trace to play."""

    data: str | None = None
    seed: int = 0
    theme: str = "dark"
    positive: str | None = None
    label_column: str | None = None
    #: two classes of a label column with more (``--classes A,B``: B is +1)
    classes: tuple[str, ...] | None = None
    #: a trace file (``render.py trace … --out FILE``) the scene plays instead of its own run
    trace: str | None = None
    #: the feature columns to keep (``--features``), None: all
    features: tuple[str, ...] | None = None
    #: centre and scale every feature (``--standardize``: True; ``--raw``: False; None: as
    #: the scene needs, see linviz.sources.DataOptions.resolve)
    standardize: bool | None = None
    #: save the last frame of every section there as a PNG (the handout's frames)
    keyframe_dir: str | None = None
    #: with keyframe_dir: also save the frame at the end of every beat (sentence)
    keyframe_at_narration: bool = False
    #: save the last frame of every section there as a PNG in ``handout_theme``, ``handout_height``
    #: pixels high (None: the video's), from a second run of the scene in the same process
    #: once the video is done (the handout's frames, when its theme is not the video's)
    handout_keyframe_dir: str | None = None
    handout_theme: str = "light"
    handout_height: int | None = None
    #: the symbols on screen: "theta" (θ, θ₀, as notes 000 and 004) or "w" (w, b, notes 001-003)
    notation: str = "theta"
    #: the lecture's title and its course · lecturer · date (the title card shows them)
    title: str = ""
    byline: str = ""
    #: who speaks the beats: "none" (silent), "piper" (the voice extra) or a folder of the
    #: lecturer's recordings (see linviz_voice)
    voice: str = "none"
    #: where synthesised sentences are kept (None: a folder in the system's temporary one)
    voice_cache: str | None = None
    #: the scenes told before this one in the lecture (the pack's order): what they said in
    #: full, this scene says briefly (linviz.lessons.heard); () for a scene told alone
    heard: tuple[str, ...] = ()
    #: seconds a quiz's question stays, still, after it is read (linviz.lessons.quiz_story)
    quiz_pause: float = QUIZ_PAUSE

    def __post_init__(self) -> None:
        if self.features is not None:  # a list after a trip through JSON
            object.__setattr__(self, "features", tuple(self.features))
        if self.classes is not None:
            object.__setattr__(self, "classes", tuple(self.classes))
        object.__setattr__(self, "heard", tuple(self.heard))

    @classmethod
    def of(cls, data=None, **presentation) -> "RenderRequest":
        """The one route from data options to a request: ``data`` (a
        :class:`linviz.sources.DataOptions`, parsed once by the command, a course file or a
        pack's record; None: the scene's own data) and the rest of the request."""
        fields_of_data = data.request_fields() if data is not None else {}
        return cls(**fields_of_data, **presentation)

    def data_options(self):
        """The data options of this request (:class:`linviz.sources.DataOptions`)."""
        from linviz.sources import DataOptions

        return DataOptions(spec=self.data, seed=self.seed, positive=self.positive,
                           label_column=self.label_column, features=self.features,
                           standardize=self.standardize, classes=self.classes)

    def environment(self) -> dict[str, str]:
        """The variable that carries the request into a Manim process."""
        return {VARIABLE: json.dumps(asdict(self), sort_keys=True)}

    def with_absolute_paths(self) -> "RenderRequest":
        """The request with its files as absolute paths (the scene runs in another folder)."""
        from pathlib import Path

        def absolute(path):
            return str(Path(path).resolve()) if path and Path(path).is_file() else path

        def folder(path):
            return str(Path(path).resolve()) if path else None

        voice = self.voice if self.voice in ("none", "piper") else folder(self.voice)
        return replace(self, data=absolute(self.data), trace=absolute(self.trace),
                       keyframe_dir=folder(self.keyframe_dir),
                       handout_keyframe_dir=folder(self.handout_keyframe_dir), voice=voice,
                       voice_cache=folder(self.voice_cache))

    @classmethod
    def from_environment(cls, environ=os.environ) -> "RenderRequest":
        text = environ.get(VARIABLE)
        if text is None:
            seed_text = environ.get("LINVIZ_SEED")
            try:
                seed = int(seed_text) if seed_text else 0
            except ValueError:
                raise DataError(f"LINVIZ_SEED must be a whole number, got {seed_text!r}") \
                    from None
            return cls(data=environ.get("LINVIZ_DATA") or None, seed=seed,
                       theme=environ.get("LINVIZ_THEME") or "dark")
        try:
            values = json.loads(text)
            known = {f.name for f in fields(cls)}
            if not isinstance(values, dict) or not set(values) <= known:
                raise ValueError
            return cls(**values)
        except (ValueError, TypeError):
            raise DataError(f"{VARIABLE} is not a render request made by render.py") from None
