"""The parts of :class:`scenes.base.LinvizScene`, one job each: captions, voice and sections
(``narration``), key frames and the handout's second pass (``keyframes``), the data note's
card (``data_card``), and the stage of still drawings and the status line (``stage``)."""
