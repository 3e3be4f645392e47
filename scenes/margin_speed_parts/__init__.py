"""The parts of the scene `margin-speed` (:mod:`scenes.margin_speed`): the data plane of the
run replayed, and the plot of every run's updates against its bound, each a mixin of the
scene."""
