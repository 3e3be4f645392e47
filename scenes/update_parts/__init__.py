"""The parts of the scene `update` (:mod:`scenes.update`): their shared formulas, the
identity of section 1, and the several updates of section 4, each a mixin of the scene."""
