"""`perceptron`: the perceptron in action on separable data, from its trace.

The pseudocode of the notes with the current line highlighted; every visited
point marked; on a mistake the point pulses, y·x is added to θ tip to tail and
the boundary turns to its new place; epoch, i, M and training-error counters;
the end says how many updates and epochs it took.

The run, every number shown and every run-dependent word come from the lesson
(:mod:`linviz.lessons.perceptron`): the perceptron runs until it converges,
for at most τ = 1,000 passes (``PASS_BUDGET``); a long run's middle passes are
fast-forwarded, whole passes only, with their counts said; when the budget ends
first the scene says so, and that the data is separable.

The scene keeps its set-up: its lesson, storyboard and run. Playing the run is the
perceptron family's run player (:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`),
which `noise` and `xor` compose too: the panel of pseudocode, counters and θ
(``panel.py``), θ and its boundary on the data plane (``plane.py``), and the beats.
"""

from __future__ import annotations

from functools import cached_property

from linviz.lessons.perceptron import PASS_BUDGET, perceptron_lesson, signed_scores_after_steps
from linviz.lessons.perceptron_story import DEFAULT_DATA, perceptron_storyboard
from scenes.base import LinvizScene
from scenes.perceptron_parts.player import PerceptronRunPlayer


class PerceptronScene(PerceptronRunPlayer, LinvizScene):
    """The perceptron with offset on 20 separable points (m = 20)."""

    default_data = DEFAULT_DATA["perceptron"]
    needs_separable = "offset"
    offset = True
    #: τ, the most passes (the lesson's budget)
    epochs = PASS_BUDGET
    plays = ("perceptron", {"offset": True})

    def make_lesson(self):
        """The lesson this scene draws (:func:`linviz.lessons.perceptron.perceptron_lesson`)."""
        return perceptron_lesson(self.data, offset=self.offset, trace=self.saved_trace,
                                 budget=self.epochs,
                                 needs_separable=bool(self.needs_separable),
                                 scene=self.scene_name())

    def make_storyboard(self, lesson):
        return perceptron_storyboard(lesson, self.scene_name(), self.request().heard)

    def trace_of(self, lesson):
        """The run of the lesson this scene replays."""
        return lesson.trace

    @cached_property
    def shown_signed_scores(self):
        """The panel's y·score at a whole step: under the θ it stands beside (see
        :attr:`PerceptronPanel.shown_signed_scores`), of the run replayed."""
        return signed_scores_after_steps(self.lesson.trace)

    def build(self) -> None:
        """The run's drawings (:meth:`PerceptronRunPlayer.build_run`): all this scene draws."""
        self.build_run()


class PerceptronOriginScene(PerceptronScene):
    """The perceptron through the origin (θ₀ = 0) on data a line through 0 separates."""

    default_data = DEFAULT_DATA["perceptron-origin"]
    needs_separable = "origin"
    offset = False
    plays = ("perceptron", {"offset": False})
