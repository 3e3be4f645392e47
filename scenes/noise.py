"""`noise`: data no line separates; the perceptron never settles.

The perceptron is a hard classifier: it cannot model noise. With a few labels
flipped (squares mark them) the data is no longer separable, so every epoch
makes mistakes, the boundary keeps jittering, and the training error at the
end of each epoch, plotted against the epoch, never reaches 0. Beside it the
plot draws the least training error *any* line reaches (exact, from the
lesson), and with flipped labels the error of the line the data was made with
(it misses exactly the flipped points). Data without flipped labels (a CSV,
the XOR cloud, Iris versicolor/virginica) is told as what it is: points no
line separates, and how close a line can come. Data that comes sorted by class
(Iris, wine as shipped) is visited in a new shuffled order each pass, and the
scene says so and why (the lesson's ``sorted_by_class``, ``visits_shuffled``).

Everything the scene says comes from its lesson (:mod:`linviz.lessons.noise`). The run
is played by the perceptron family's run player
(:class:`scenes.perceptron_parts.player.PerceptronRunPlayer`); the scene keeps its set-up
and the beats it adds, and its own drawings are its parts in :mod:`scenes.noise_parts`:
the error plot with its dashed levels (``error_plot.py``), the dashed lines on the plane
(``lines.py``).
"""

from __future__ import annotations

from manim import Indicate

from linviz.lessons.noise import noise_lesson
from linviz.lessons.noise_story import DEFAULT_DATA, noise_storyboard
from scenes.base import LinvizScene
from scenes.noise_parts.error_plot import NoiseErrorPlot
from scenes.noise_parts.lines import NoiseLines
from scenes.perceptron_parts.common import LINE_VISIT, PSEUDOCODE_OFFSET
from scenes.perceptron_parts.player import PerceptronRunPlayer
from scenes.toolkit import style
from scenes.toolkit.layout import appear, still_parts
from scenes.toolkit.marks import flip_squares


class NoiseScene(NoiseErrorPlot, NoiseLines, PerceptronRunPlayer, LinvizScene):
    """The perceptron with offset on the built-in "noisy" data, for a fixed number of epochs."""

    default_data = DEFAULT_DATA["noise"]
    offset = True
    #: τ, the passes of the run (it never converges)
    epochs = style.NOISE_EPOCHS
    #: a saved perceptron run with offset can be played (``--trace``)
    plays = ("perceptron", {"offset": True})
    numbers_points = True

    def make_lesson(self):
        """The perceptron lesson of this scene's run (or of the saved trace it was given),
        which the run player reads as ``self.lesson``; its trace is the run replayed. It is
        part of this scene's own lesson (:func:`linviz.lessons.noise.noise_lesson`), made
        here and kept as ``self.noise``: the storyboard and this scene's own drawings read
        that one."""
        self.noise = noise_lesson(self.data, trace=self.saved_trace, epochs=self.epochs)
        return self.noise.run

    def make_storyboard(self, lesson):
        return noise_storyboard(self.noise, self.scene_name(), self.request().heard)

    def trace_of(self, lesson):
        """The run of the lesson this scene replays."""
        return lesson.trace

    @property
    def shown_signed_scores(self):
        """The panel's y·score at a whole step (this scene's lesson's)."""
        return self.noise.shown_signed_scores

    def title_words(self) -> str:
        """The title: noise when labels were flipped, else what the data is."""
        return ("Noise: a few flipped labels" if self.noise.has_flipped_labels
                else "No line separates these points")

    def pseudocode(self) -> list[str]:
        """The notes' lines; a run that shuffles says so on its visiting line."""
        lines = list(PSEUDOCODE_OFFSET)
        if self.noise.visits_shuffled:
            lines[LINE_VISIT] = "    *for* $i$ in a new shuffled order of $1, ..., n$:"
        return lines

    def build(self) -> None:
        """The run's drawings (:meth:`PerceptronRunPlayer.build_run`), the squares round
        the flipped labels, the error plot (:class:`NoiseErrorPlot`)."""
        self.build_run()
        self.flipped = list(self.noise.flipped)
        self.flip_marks = flip_squares(self.plane, self.flipped, self.theme)
        self.build_error_plot()

    # -- the storyboard drawn: what this scene adds (the run's are the player's) --------------
    def draw_flip_marks(self, beat) -> None:
        """The squares round the flipped labels, and the status line that names them."""
        self.show_told_status(beat.state)
        self.play(appear(self.flip_marks), run_time=style.RUN_INTRO)

    def draw_error_plot(self, beat) -> None:
        """From pass 2 on the code stays the same: the error plot takes its place, drawn up
        to the passes played so far."""
        self.error_plot.set_progress(self.tracker.get_value() / self.data.n_samples)
        self.swap([self.code.lines, self.code.bar], [self.plot_group],
                  run_time=self.reading_time(beat.sentence) / 2)
        # the plot's axes and labels are still; its graph follows the passes
        self.remove(self.plot_group)
        self.still(still_parts(self.plot_group, self.error_plot.graph))
        self.add(self.error_plot.graph)

    def draw_errors(self, beat) -> None:
        """The errors after the passes, which the sentence reads out, light up."""
        self.show_told_status(beat.state)
        self.play(Indicate(self.status, color=self.theme.highlight, scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_indicate_flipped(self, beat) -> None:
        """The line the labels came from, on the plane, and its error level on the plot,
        as they are named; the flipped labels it misses light up."""
        if beat.state["labelling_line"]:
            self.labelling_line = self.labelling_line_drawing()
        self.show_level(self.reference, self.labelling_line if beat.state["labelling_line"]
                        else None)
        self.play(Indicate(self.flip_marks, color=self.theme.highlight, scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_best_line(self, beat) -> None:
        """The least training error's level on the plot, and a line that reaches it
        (dashed, when it crosses the data), as they are named."""
        if beat.state["best_line"]:
            self.best_line = self.best_line_drawing()
        self.show_level(self.best_reference, self.best_line if beat.state["best_line"]
                        else None)
