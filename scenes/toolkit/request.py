"""What the user asked ``render`` for, handed to the Manim process as one request.

``render.py render`` serialises a :class:`RenderRequest` into the variable
``LINVIZ_REQUEST``; a scene reads it back in its own process. A plain
``manim`` command line can instead set ``LINVIZ_DATA``, ``LINVIZ_SEED`` and
``LINVIZ_THEME`` (read when there is no request).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields

from linviz.errors import DataError

VARIABLE = "LINVIZ_REQUEST"


@dataclass(frozen=True)
class RenderRequest:
    """The data options of ``trace`` and ``render``, the theme, and a saved trace to play."""

    data: str | None = None
    seed: int = 0
    theme: str = "dark"
    positive: str | None = None
    label_column: str | None = None
    #: a trace file (``render.py trace … --out FILE``) the scene plays instead of its own run
    trace: str | None = None
    #: the feature columns to keep (``--features``), None: all
    features: tuple[str, ...] | None = None
    #: centre and scale every feature (``--standardize``)
    standardize: bool = False

    def __post_init__(self) -> None:
        if self.features is not None:  # a list after a trip through JSON
            object.__setattr__(self, "features", tuple(self.features))

    def environment(self) -> dict[str, str]:
        return {VARIABLE: json.dumps(asdict(self), sort_keys=True)}

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
