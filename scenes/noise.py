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

Everything the scene says comes from its lesson (:mod:`linviz.lessons.noise`).
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Indicate, VGroup

from linviz.lessons.noise import check_noise_data, noise_lesson
from linviz.lessons.noise_story import DEFAULT_DATA, noise_storyboard
from scenes.perceptron import PerceptronScene
from scenes.perceptron_parts.common import LINE_VISIT, PSEUDOCODE_OFFSET
from linviz import wording
from scenes.toolkit import style
from scenes.toolkit.layout import still_parts
from scenes.toolkit.marks import flip_squares
from scenes.toolkit.speed.fast_shapes import FastDashedLine, FastDashedLines
from linviz.geometry import clip_line
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.plots import BoundPlot


class NoiseScene(PerceptronScene):
    """The perceptron with offset on the built-in "noisy" data, for a fixed number of epochs."""

    default_data = DEFAULT_DATA["noise"]
    needs_separable = None
    offset = True
    epochs = style.NOISE_EPOCHS
    numbers_points = True
    tip_to_tail_updates = 1  # once is enough: the perceptron scene showed it already

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """Data no line separates (the lesson's check: separable data is refused in one
        line naming the scene for it)."""
        super().check_data(data, spec)
        check_noise_data(data, spec)

    def make_lesson(self):
        """The perceptron scenes' lesson of this scene's run (or of the saved trace it was
        given), which the telling inherited from them reads as ``self.lesson``; its trace
        is the run replayed. It is part of this scene's own lesson
        (:func:`linviz.lessons.noise.noise_lesson`), made here and kept as ``self.noise``:
        the storyboard and this scene's own drawings read that one."""
        self.noise = noise_lesson(self.data, trace=self.saved_trace, epochs=self.epochs)
        return self.noise.run

    def make_storyboard(self, lesson):
        return noise_storyboard(self.noise, self.scene_name(), self.request().heard)

    @property
    def shown_signed_scores(self):
        """The panel's y·score at a whole step (this scene's lesson's)."""
        return self.noise.shown_signed_scores

    def build(self) -> None:
        super().build()
        theme, lesson = self.theme, self.noise
        self.flipped = list(lesson.flipped)
        n = self.data.n_samples
        self.title = self.make_title("Noise: a few flipped labels" if lesson.has_flipped_labels
                                     else "No line separates these points")
        self.flip_marks = flip_squares(self.plane, self.flipped, theme)
        self.epoch_errors = lesson.epoch_errors
        self.epoch_mistakes = lesson.epoch_updates
        self.error_plot = BoundPlot(self.epoch_errors, np.zeros_like(self.epoch_errors), theme,
                                    theme.mistake, theme.muted, width=style.NOISE_PLOT_WIDTH,
                                    height=style.NOISE_PLOT_HEIGHT, x_label="t",
                                    tick=2 * style.PLOT_TICK, tick_font=style.FONT_SMALL)
        self.plot_title = text("training error after pass $t$", theme, style.FONT_SMALL)
        #: the training error of the line the data was made with: it misses the flipped points
        self.flipped_fraction = lesson.flipped_fraction
        self.reference = self.make_reference()
        self.best_reference = self.make_best_reference()
        # in the pseudocode's place, which it takes from pass 2 on (the code stays the same);
        # its title and the reference lines' labels inside, top right, where the curve has
        # been by then (the error after pass 1 is below 1)
        self.plot_group = VGroup(self.error_plot, self.plot_title)
        self.error_plot.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.PANEL_LEFT + style.PLOT_INDENT, direction=LEFT)
        lowest = self.panel[1].get_top()[1] + style.BUFF
        if self.error_plot.get_bottom()[1] < lowest:  # keep clear of the counters below
            room = self.error_plot.get_top()[1] - lowest
            self.error_plot.scale(room / self.error_plot.height, about_edge=UP + LEFT)
        self.plot_title.next_to(self.error_plot.c2p(self.error_plot.M_final,
                                                    self.error_plot.y_top), DOWN, buff=0,
                                aligned_edge=RIGHT)
        self.place_reference()
        self.error_plot.graph.add_updater(
            lambda _: self.error_plot.set_progress(self.tracker.get_value() / n))
        self.error_plot.set_progress(0.0)

    def pseudocode(self) -> list[str]:
        """The notes' lines; a run that shuffles says so on its visiting line."""
        lines = list(PSEUDOCODE_OFFSET)
        if self.noise.visits_shuffled:
            lines[LINE_VISIT] = "    *for* $i$ in a new shuffled order of $1, ..., n$:"
        return lines

    def make_reference(self) -> VGroup:
        """The dashed line at the flipped fraction and its label (empty without flipped labels)."""
        if not self.noise.has_flipped_labels:
            return VGroup()
        theme, n, k = self.theme, self.data.n_samples, len(self.flipped)
        line = FastDashedLines(theme.highlight)
        fraction = fmt(self.flipped_fraction, wording.error_places(self.flipped_fraction))
        label = text(f"dashed: {k} of {n} labels flipped, ${fraction}$",
                     self.theme, style.FONT_SMALL, theme.highlight)
        return VGroup(line, label)

    def make_best_reference(self) -> VGroup:
        """The dashed line at the least training error any line reaches, and its label."""
        theme, best = self.theme, self.noise.best_line
        line = FastDashedLines(theme.correct)
        value = fmt(best.error, wording.error_places(best.error))
        label = text(f"dashed: the best line, {best.mistakes} of {best.n} wrong, ${value}$",
                     theme, style.FONT_SMALL, theme.correct)
        return VGroup(line, label)

    def place_reference(self) -> None:
        plot, end_t = self.error_plot, self.error_plot.M_final
        above = self.plot_title
        for reference, level in ((self.reference, self.flipped_fraction),
                                 (self.best_reference, self.noise.best_line.error)):
            if not len(reference):
                continue
            line, label = reference
            line.set_segments(np.array([plot.c2p(0, level)]), np.array([plot.c2p(end_t, level)]))
            # under the plot's title, in the line's colour
            label.next_to(above, DOWN, buff=style.SMALL_BUFF, aligned_edge=RIGHT)
            above = label

    def appear(self, mobject):
        from scenes.toolkit.layout import appear

        return appear(mobject)

    def labelling_line_drawing(self):
        """The line the labels came from before the flips, dashed in the flipped squares'
        colour (the lesson's: None when the data does not record it)."""
        theta, theta0 = self.noise.labelling_line
        segment = clip_line(theta, theta0, self.plane.box)
        return FastDashedLine(self.theme.highlight).set_ends(
            self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))

    def best_line_drawing(self):
        """A line with the least training error, dashed in the best line's colour, over
        the view (the storyboard draws it when it crosses the data, so it is in view)."""
        best = self.noise.best_line
        segment = clip_line(best.theta, best.theta0, self.plane.box)
        return FastDashedLine(self.theme.correct).set_ends(
            self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))

    # -- the storyboard drawn: what this scene adds (see PerceptronScene) --------------
    def draw_flip_marks(self, beat) -> None:
        """The squares round the flipped labels, and the status line that names them."""
        self.show_told_status(beat.state)
        self.play(self.appear(self.flip_marks), run_time=style.RUN_INTRO)

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

    def show_level(self, level, line=None) -> None:
        """A dashed level on the error plot with its label, and the line on the plane whose
        error it is (None: not in view), as the sentence names them."""
        drawn = [level, *([line] if line is not None else [])]
        self.play(*[self.appear(part) for part in drawn], run_time=style.RUN_INTRO)
        self.still(*drawn)
