"""The parts of the scene `classifier` (:mod:`scenes.classifier`): their shared formulas,
the data plane with the hypothesis studied, the board of sections 1-5, and the chart of
the best of k hypotheses, each a mixin of the scene."""
