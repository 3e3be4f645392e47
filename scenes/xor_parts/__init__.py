"""The parts of the scene `xor` (:mod:`scenes.xor`): the cycle the perceptron never leaves
on the XOR corners (its panel and its lines), and the lift by x₁x₂ into 3-D with the
lifted run's plane and its curve back in the data's plane."""
