"""The parts of the scene `offset-lift` (:mod:`scenes.offset_lift`): the line of 1-D points
lifted to x₂ = 1 (part 1), and the 2-D points lifted to the plane x₃ = 1 of 3-D space
(part 2), each a mixin of the scene."""
