"""The parts of the scene `logistic` (:mod:`scenes.logistic`): their shared colour, the
data plane with its field and loss rings, the plots of the sigmoid and of the losses, the
right-hand panel, and the perceptron compared, each a mixin of the scene."""
