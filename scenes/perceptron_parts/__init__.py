"""The parts of the perceptron family's run player
(:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`), which `perceptron`,
`perceptron-origin` (:mod:`scenes.perceptron`), `noise` and `xor` compose: the pseudocode
they show (``common.py``), the panel beside the plane (``panel.py``), θ and its boundary
on the data plane (``plane.py``), and the player that plays a run with them
(``player.py``)."""
