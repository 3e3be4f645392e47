"""The scenes' shared toolkit, one module per concern; a scene file holds only what it draws
(its words come from its storyboard, :mod:`linviz.lessons`).

- Look and timing: ``style`` (palette, themes, sizes, run times), ``timeline`` (beats,
  captions, reading time), ``section_titles``.
- Text and numbers: ``typeset`` (Typst read from its SVG), ``screen_text``
  (mathematics, text and numbers on screen), ``glyph_numbers`` (numbers cheap to
  change).
- The data plane: ``plane`` (everything below it gathered to import from),
  ``data_plane`` (the plane and its mapping) with ``plane_axes`` (outline, grid, tick
  values, names), ``plane_notes`` (legend, origin pointer) and ``plane_text`` (escaped
  words, text boxes); drawn on it: ``markers`` (the points), ``hyperplane`` (the
  boundary, ghost lines), ``vectors`` (arrows with placed labels), ``bands`` (margin
  bands), ``circles`` (round the origin); ``placement`` (labels clear of markers),
  ``views`` (boxes between views),
  ``marks`` (point numbers, squares round flipped labels), ``magnifier`` (an inset of
  the plane), ``vector_sum`` (vectors tip to tail in an inset), ``data_line`` (1-D
  data on a number line), ``standardise_sketch`` (the data card's sketch).
- Beside the plane: ``panels`` (panel box, live values, pseudocode),
  ``score_line`` (a point's score on a number line).
- Plots: ``plots`` (values against M, loss curves), ``gd_plots`` (the
  probability field, loss curves of descent), ``regression_plot`` (x and y each to its own
  scale).
- The 3-D view: ``space``, ``space_geometry``.
- Speed: ``stage`` (still drawings painted once, followers held, still frames
  drawn once: the one mechanism), ``layout`` (boards, fades without copies),
  ``fast_shapes`` (arrows and dashes set from points, shared references),
  ``merging`` (glyphs merged into few paths).
- Outside: ``manim_adapter`` (every Manim internal).

The request a scene reads (the CLI's options in the Manim process) is
:mod:`linviz.request`; formatting, geometry and pacing are the engine's.
"""
