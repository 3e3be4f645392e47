"""The lecture pack: rendered scenes packaged for posting, presenting and handing out.

``build`` assembles it; each other module does one job (``timeline`` reads a
scene's sections and captions, ``join`` writes the joined video and its
chapters, ``title_card`` renders the card that opens it, ``captions``, ``page``,
``handout`` and ``slides`` write the rest,
``cache`` and ``rendered`` keep rendered scenes up to date). Unlike ``linviz``,
this package may use PyAV, Pillow and fpdf2, imported where they are used.
"""
