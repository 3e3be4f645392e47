"""The parts of the scene `margin` (:mod:`scenes.margin`): their shared formulas, the data
plane with the separator and the signed distance's parts, the boards, and the number line
of the margins, each a mixin of the scene."""
