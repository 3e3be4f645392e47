"""The Manim speed layer: what makes a scene render fast, apart from what it draws.

- :mod:`.manim_adapter`: the one place that reaches into Manim's internals (the renderer,
  the camera, SVG paths, Typst pages).
- :mod:`.stage`: still drawings painted once into the background, movers drawn each frame.
- :mod:`.typeset`: Typst typesetting, cached and merged into few paths.
- :mod:`.merging`: many glyphs merged into one path per style.
- :mod:`.fast_shapes`: arrows, dashes and lines whose points are set, not rebuilt.
- :mod:`.glyph_numbers`: numbers that change often, laid out from glyphs typeset once.

It imports the engine and the toolkit's :mod:`~scenes.toolkit.style` only; the teaching
drawings of :mod:`scenes.toolkit` build on it.
"""
