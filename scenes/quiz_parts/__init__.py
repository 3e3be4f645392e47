"""The drawing parts of the quiz scenes (:mod:`scenes.quiz`)."""
