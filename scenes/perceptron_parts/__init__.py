"""The parts of the scenes `perceptron` and `perceptron-origin` (:mod:`scenes.perceptron`),
which `noise` and `xor` derive from: the pseudocode they show, the panel beside the plane,
and θ and its boundary on the data plane."""
