"""The parts of the scene `linear-program` (:mod:`scenes.linear_program`): its shared
constants, and the beats of each stretch of its story, each a mixin of the scene."""
