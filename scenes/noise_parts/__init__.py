"""The parts of the scene `noise` (:mod:`scenes.noise`): the plot of the training error
after each pass with its dashed levels, and the lines those levels belong to on the data
plane. The run itself is played by the perceptron family's run player
(:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`)."""
