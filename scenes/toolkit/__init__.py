"""The scenes' shared toolkit, one module per concern; a scene file holds only what it says.

- Look and timing: ``style`` (palette, themes, sizes, run times).
- Text and numbers: ``typeset`` (Typst read from its SVG), ``screen_text``
  (mathematics, text and numbers on screen), ``glyph_numbers`` (numbers cheap to
  change), ``wording`` (captions: minus signs, counts, sums).
- The data plane: ``plane`` (the plane, markers, hyperplane, vectors, bands,
  circles), ``placement`` (labels clear of markers),
  ``geometry`` (clipping, half-planes, strips), ``marks`` (point numbers, squares
  round flipped labels), ``data_line`` (1-D data on a number line).
- Beside the plane: ``panels`` (panel box, live values, pseudocode),
  ``score_line`` (a point's score on a number line).
- Plots: ``plots`` (values against M, loss curves), ``gd_plots`` (the
  probability field, regression curves).
- The 3-D view: ``space``, ``space_geometry``.
- The story's time: ``timeline`` (beats, captions, reading time), ``pacing``
  (which steps of a run are shown, how fast).
- Speed: ``stage`` (still drawings painted once, followers held, still frames
  drawn once: the one mechanism), ``layout`` (boards, fades without copies),
  ``fast_shapes`` (arrows and dashes set from points, shared references),
  ``merging`` (glyphs merged into few paths).
- Outside: ``manim_adapter`` (every Manim internal), ``request`` (the CLI's
  options in the Manim process).
"""
