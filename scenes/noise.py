"""`noise`: separable data with a few labels flipped; the perceptron never settles.

The perceptron is a hard classifier: it cannot model noise. With a few labels
flipped (squares mark them) the data is no longer separable, so every epoch
makes mistakes, the boundary keeps jittering, and the training error at the
end of each epoch, plotted against the epoch, never reaches 0. The line the
data was made with gets exactly the flipped points wrong: its training error
is (flipped)/n, drawn as the plot's reference line. Data without flipped
labels (a CSV, the XOR cloud) is told as what it is: points no line separates.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup, config

from linviz.epochs import mistakes_per_epoch, training_error_per_epoch
from scenes.perceptron import PerceptronScene
from scenes.toolkit import style, wording
from scenes.toolkit.layout import still_parts
from scenes.toolkit.marks import flip_squares
from scenes.toolkit.fast_shapes import FastDashedLines
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.plots import BoundPlot


class NoiseScene(PerceptronScene):
    """The perceptron with offset on the built-in "noisy" data, for a fixed number of epochs."""

    needs_inseparable = True
    default_data = "noisy"
    needs_separable = None
    offset = True
    epochs = style.NOISE_EPOCHS
    names_both_scores = True
    numbers_points = True
    tip_to_tail_updates = 1  # once is enough: the perceptron scene showed it already

    def build(self) -> None:
        super().build()
        theme = self.theme
        self.flipped = [int(i) for i in self.data.params.get("flipped", [])]
        n = self.data.n_samples
        self.title = self.make_title("Noise: a few flipped labels" if self.flipped
                                     else "No line separates these points")
        self.flip_marks = flip_squares(self.plane, self.flipped, theme)
        self.statuses["flipped"] = text("squares: labels flipped by the noise", theme,
                                        style.FONT_SMALL, theme.highlight).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        self.epoch_errors = training_error_per_epoch(self.trace)
        self.epoch_mistakes = mistakes_per_epoch(self.trace)
        self.error_plot = BoundPlot(self.epoch_errors, np.zeros_like(self.epoch_errors), theme,
                                    theme.mistake, theme.muted, width=style.NOISE_PLOT_WIDTH,
                                    height=style.NOISE_PLOT_HEIGHT, x_label="t",
                                    tick=2 * style.PLOT_TICK, tick_font=style.FONT_SMALL)
        self.plot_title = text("training error after pass $t$", theme, style.FONT_SMALL)
        #: the training error of the line the data was made with: it misses the flipped points
        self.flipped_fraction = len(self.flipped) / n
        self.reference = self.make_reference()
        # in the pseudocode's place, which it takes from pass 2 on (the code stays the same);
        # its title and the reference line's label inside, top right, where the curve has
        # been by then (the error after pass 1 is below 1)
        self.plot_group = VGroup(self.error_plot, self.plot_title, self.reference)
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
        self.plot_shown = False

    def make_reference(self) -> VGroup:
        """The dashed line at the flipped fraction and its label (empty without flipped labels)."""
        if not self.flipped:
            return VGroup()
        theme, n, k = self.theme, self.data.n_samples, len(self.flipped)
        line = FastDashedLines(theme.highlight)
        label = text(f"dashed: {k} of {n} labels flipped, ${fmt(self.flipped_fraction)}$",
                     self.theme, style.FONT_SMALL, theme.highlight)
        return VGroup(line, label)

    def place_reference(self) -> None:
        if not self.flipped:
            return
        line, label = self.reference
        plot, level = self.error_plot, self.flipped_fraction
        end_t = plot.M_final
        line.set_segments(np.array([plot.c2p(0, level)]), np.array([plot.c2p(end_t, level)]))
        # under the plot's title, in the line's colour
        label.next_to(self.plot_title, DOWN, buff=style.SMALL_BUFF, aligned_edge=RIGHT)

    def describe_data(self) -> None:
        n, count = self.data.n_samples, len(self.flipped)
        if self.flipped:
            self.narrate(f"These {n} points were separable, but {count} labels have been "
                         f"flipped (in squares): now no line separates them.", 4)
            self.show_status("flipped")
            self.play(self.appear(self.flip_marks), run_time=style.RUN_INTRO)
        else:
            self.narrate(f"No line separates these {n} points: whatever the perceptron does, "
                         f"some points stay on the wrong side.", 4)

    def appear(self, mobject):
        from scenes.toolkit.layout import appear

        return appear(mobject)

    def show_error_plot(self) -> None:
        """From pass 2 on the code stays the same: the error plot takes its place."""
        if self.plot_shown:
            return
        self.plot_shown = True
        line = ("; dashed: the error of the line the data was made with" if self.flipped
                else "")
        self.narrate(f"The code stays the same from here on; in its place, the training error "
                     f"after each pass t{line}.", 4)
        self.swap([self.code.lines, self.code.bar], [self.plot_group])
        # the plot's axes and labels are still; its graph follows the passes
        self.remove(self.plot_group)
        self.still(still_parts(self.plot_group, self.error_plot.graph))
        self.add(self.error_plot.graph)

    def narrate_pass(self, epoch: int) -> None:
        if epoch > 1:  # the plot comes first: the pass is told while it plays
            self.show_error_plot()
        super().narrate_pass(epoch)

    def show_update(self, beat) -> None:
        if beat.update_number == style.SLOW_UPDATES + 1 and not beat.slow:
            steps = self.trace.steps
            epoch = int(steps["epoch"][beat.start])
            rest = int(np.count_nonzero(steps["mistake"][beat.start:][
                steps["epoch"][beat.start:] == epoch]))
            self.narrate(f"The rest of pass {epoch}, faster: {wording.count(rest, 'more mistake')}"
                         f", each followed by its update.")
        super().show_update(beat)

    def show_fast_forward(self, beat) -> None:
        """Many passes in one go, told with what they show: the boundary never settles."""
        self.show_error_plot()
        updates = int(self.states_after[beat.end] - self.states_after[beat.start])
        why = ("each flipped label pulls it back the wrong way" if self.flipped
               else "some point is always on the wrong side")
        self.show_status("fast")
        self.narrate(f"Fast forward over {updates} more updates: pass after pass the boundary "
                     f"jitters, and {why}.", style.RUN_NOISE_FAST_FORWARD)
        self.cursor.set_stroke(opacity=0)
        self.advance(beat.end, style.RUN_NOISE_FAST_FORWARD)

    def conclude(self) -> None:
        super().conclude()
        self.section("error")
        errors = self.epoch_errors[1:]
        best = float(np.min(errors))
        sentence = (f"after every pass the training error stays above 0: "
                    f"between {fmt(best)} and {fmt(float(np.max(errors)))}")
        self.statuses["errors"] = text(sentence, self.theme, style.FONT_SMALL,
                                       self.theme.mistake).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        if self.statuses["errors"].width > style.STATUS_WIDTH:
            self.statuses["errors"].scale_to_fit_width(style.STATUS_WIDTH).move_to(
                self.statuses["start"], aligned_edge=LEFT)
        self.show_status("errors")
        least = int(np.min(self.epoch_mistakes))
        self.narrate(f"Every pass made at least {wording.count(least, 'mistake')}; the training "
                     f"error never went below {wording.number(best)}. A hard classifier cannot "
                     f"model noise.", 4)
        if self.flipped:
            k, n = len(self.flipped), self.data.n_samples
            reference = (f"The line the data was made with misses exactly the {k} flipped "
                         f"labels: {k}/{n} = {wording.number(self.flipped_fraction)}")
            if best > self.flipped_fraction + 1e-12:
                ending = "every pass of the perceptron ends above that."
            else:
                ending = (f"the perceptron's best pass ends at {wording.number(best)}, "
                          f"{'no better' if np.isclose(best, self.flipped_fraction) else 'lower'}"
                          f" on these labels.")
            self.narrate(f"{reference}; {ending}", 4)
        self.wait(style.PAUSE_READ * 2)
