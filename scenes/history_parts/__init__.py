"""The parts of the scene `history` (:mod:`scenes.history`): where things stand, the
neuron model and the sketch it is drawn from, the timeline with its cards, and XOR."""
