"""The parts of the scenes `proof` and `proof-offset` (:mod:`scenes.proof`): their shared
constants and helpers, the data plane with θ* and its band, and the boards of the proof."""
