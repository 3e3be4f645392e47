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
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, Indicate, VGroup

from linviz.lessons.noise import NEAR_BEST, check_noise_data, noise_lesson
from scenes.perceptron import LINE_VISIT, PSEUDOCODE_OFFSET, PerceptronScene
from linviz import wording
from scenes.toolkit import style
from linviz.pacing import plan_perceptron
from scenes.toolkit.layout import still_parts
from scenes.toolkit.marks import flip_squares
from scenes.toolkit.fast_shapes import FastDashedLine, FastDashedLines
from scenes.toolkit.geometry import clip_line
from scenes.toolkit.screen_text import fmt, text
from scenes.toolkit.plots import BoundPlot


def error_words(mistakes: int, n: int) -> str:
    """ℰₙ = k/n said as a decimal with the places it needs (0.075, not 0.07)."""
    value = mistakes / n
    return wording.number(value, wording.error_places(value))


class NoiseScene(PerceptronScene):
    """The perceptron with offset on the built-in "noisy" data, for a fixed number of epochs."""

    default_data = "noisy"
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

    def make_trace(self):
        """The lesson's run (or the saved trace it was given). ``self.noise`` is this scene's
        lesson; ``self.lesson`` the perceptron scenes' lesson of the same run, which the
        telling inherited from them reads."""
        self.noise = noise_lesson(self.data, trace=self.saved_trace, epochs=self.epochs)
        self.lesson = self.noise.run
        self.shown_signed_scores = self.noise.shown_signed_scores
        return self.noise.trace

    def plan_beats(self) -> list:
        """Every update played, but the lesson's fast-forward over whole passes (so each pass
        told starts where the pass starts, and its count is the pass's)."""
        span = self.lesson.fast_forward
        return plan_perceptron(self.trace.steps["mistake"], self.trace.steps["epoch"],
                               skip=(span.start, span.end) if span else None)

    def build(self) -> None:
        super().build()
        theme, lesson = self.theme, self.noise
        self.flipped = list(lesson.flipped)
        n = self.data.n_samples
        self.title = self.make_title("Noise: a few flipped labels" if lesson.has_flipped_labels
                                     else "No line separates these points")
        self.flip_marks = flip_squares(self.plane, self.flipped, theme)
        self.statuses["flipped"] = text("squares: labels flipped by the noise", theme,
                                        style.FONT_SMALL, theme.highlight).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        self.statuses["order"] = text(
            f"order: shuffled anew each pass, seed {lesson.shuffle_seed}", theme,
            style.FONT_SMALL, theme.highlight).move_to(self.statuses["start"], aligned_edge=LEFT)
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
        self.plot_group = VGroup(self.error_plot, self.plot_title, self.reference,
                                 self.best_reference)
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

    def pseudocode(self) -> list[str]:
        """The notes' lines; a run that shuffles says so on its visiting line."""
        lines = list(PSEUDOCODE_OFFSET)
        if self.noise.visits_shuffled:
            lines[LINE_VISIT] = "    *for* $i$ in a new shuffled order of $1, ..., n$:"
        return lines

    def order_sentence(self) -> str:
        """What the data's order is and how the run visits it ("" when the data is not
        sorted by class and the run visits it in index order, as the notes do)."""
        lesson = self.noise
        if not lesson.sorted_by_class:
            return ("Each pass visits the points in a new shuffled order "
                    f"(seed {lesson.shuffle_seed})." if lesson.visits_shuffled else "")
        names = self.data.label_names
        blocks = ", ".join(
            f"{first + 1}–{last + 1} are {names[label > 0]} ({wording.label(label)})"
            for first, last, label in lesson.class_blocks)
        said = f"They come sorted by class: points {blocks}."
        other = lesson.other_order_least_error_after_pass
        if lesson.visits_shuffled:
            # the reason is the order's, true on any data sorted by class; the numbers are
            # said only when the run in index order does end worse
            numbers = ""
            if lesson.order_raises_pass_error:
                mine = lesson.least_error_after_pass
                numbers = (f" (in that order no pass ends below "
                           f"{wording.number(other, wording.error_places(other))}; shuffled, "
                           f"as low as {wording.number(mine, wording.error_places(mine))})")
            return (f"{said} Visited in that order, each pass would end after a whole class, "
                    f"and the error after a pass would tell the order, not the data"
                    f"{numbers}; so each pass here visits them in a new shuffled order (seed "
                    f"{lesson.shuffle_seed}).")
        return (f"{said} This run visits them in that order: each pass ends after a whole "
                f"class. Shuffled each pass (seed {lesson.shuffle_seed}), the passes end as "
                f"low as {wording.number(other, wording.error_places(other))}.")

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

    def describe_data(self) -> None:
        n, count = self.data.n_samples, len(self.flipped)
        if self.noise.has_flipped_labels:
            self.narrate(f"These {n} points were separable, but {count} labels have been "
                         f"flipped (in squares): now no line separates them.")
            self.show_status("flipped")
            self.play(self.appear(self.flip_marks), run_time=style.RUN_INTRO)
        else:
            self.narrate(f"No line separates these {n} points: whatever the perceptron does, "
                         f"some points stay on the wrong side.")
        order = self.order_sentence()
        if order:
            self.narrate(order)
            if self.noise.visits_shuffled:
                self.show_status("order")

    def appear(self, mobject):
        from scenes.toolkit.layout import appear

        return appear(mobject)

    def show_error_plot(self) -> None:
        """From pass 2 on the code stays the same: the error plot takes its place."""
        if self.plot_shown:
            return
        self.plot_shown = True
        line = ("; dashed: the error of the line the data was made with, and the least any "
                "line reaches" if self.noise.has_flipped_labels
                else "; dashed: the least training error any line reaches")
        sentence = (f"The code stays the same from here on; in its place, the training error "
                    f"after each pass t{line}.")
        self.narrate(sentence)
        self.swap([self.code.lines, self.code.bar], [self.plot_group],
                  run_time=self.reading_time(sentence) / 2)
        # the plot's axes and labels are still; its graph follows the passes
        self.remove(self.plot_group)
        self.still(still_parts(self.plot_group, self.error_plot.graph))
        self.add(self.error_plot.graph)

    def narrate_pass(self, epoch: int, duration: float = 0.0) -> None:
        if epoch > 1:  # the plot comes first: the pass is told while it plays
            self.show_error_plot()
        if not self.noise.visits_shuffled:
            super().narrate_pass(epoch, duration)
            return
        # data no line separates: every pass makes a mistake
        mistakes = self.lesson.updates_in_pass(epoch)
        if epoch == 1:
            self.narrate(f"Pass 1 visits the points in a shuffled order; it makes "
                         f"{wording.count(mistakes, 'mistake')}, each followed by an update.",
                         duration)
        else:
            self.narrate(f"Pass {epoch} visits the points in a new shuffled order: "
                         f"{wording.count(mistakes, 'mistake')}, so "
                         f"{wording.count(mistakes, 'update')} of θ.", duration)

    def narrate_rest_of_pass(self, epoch: int, start: int, end: int,
                             duration: float = 0.0) -> None:
        """The explained updates are over: their point numbers leave with them."""
        self.hide_point_numbers()
        super().narrate_rest_of_pass(epoch, start, end, duration)

    def hide_point_numbers(self) -> None:
        """Fade out the numbers of the points the captions named (they named them once);
        a small data set keeps every point's number."""
        if self.point_numbers is not None and not self.point_numbers.number_all:
            self.point_numbers.hide(self)

    def show_fast_forward(self, beat) -> None:
        """Many passes in one go, told with what they show: the boundary never settles."""
        self.hide_point_numbers()
        self.show_error_plot()
        span = self.lesson.fast_forward
        why = ("each flipped label pulls it back the wrong way"
               if self.noise.has_flipped_labels else "some point is always on the wrong side")
        self.show_status("fast")
        self.narrate(f"Fast forward over passes {span.first_pass} to {span.last_pass}: "
                     f"{wording.count(span.updates, 'update')}; pass after pass the boundary "
                     f"jitters, and {why}.", style.RUN_NOISE_FAST_FORWARD)
        self.cursor.set_stroke(opacity=0)
        self.advance(beat.end, style.RUN_NOISE_FAST_FORWARD)

    def conclude(self) -> None:
        super().conclude()
        self.section("error", "The training error never reaches 0")
        lesson, n = self.noise, self.data.n_samples
        low, high = lesson.least_error_after_pass, lesson.largest_error_after_pass
        if lesson.after_pass_errors_equal:
            sentence = (f"after every pass the training error is "
                        f"{fmt(low, wording.error_places(low))}, above 0")
        else:
            sentence = (f"after every pass the training error stays above 0: "
                        f"between {fmt(low, wording.error_places(low))} and "
                        f"{fmt(high, wording.error_places(high))}")
        self.statuses["errors"] = text(sentence, self.theme, style.FONT_SMALL,
                                       self.theme.mistake).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        if self.statuses["errors"].width > style.STATUS_WIDTH:
            self.statuses["errors"].scale_to_fit_width(style.STATUS_WIDTH).move_to(
                self.statuses["start"], aligned_edge=LEFT)
        self.show_status("errors")
        during = ""
        # each least error at its own decimals; both at the decimals that tell them apart
        # when those would say one number
        after_places = wording.error_places(lesson.least_error_after_pass)
        any_places = wording.error_places(lesson.least_error_any_step)
        if (wording.number(lesson.least_error_after_pass, after_places)
                == wording.number(lesson.least_error_any_step, any_places)):
            after_places = any_places = lesson.places_telling_least_apart(
                max(after_places, any_places))
        if lesson.lower_during_a_pass:
            during = (f", though during pass {lesson.pass_of_least} it got down to "
                      f"{wording.number(lesson.least_error_any_step, any_places)}")
        sentence = (f"Every pass made at least "
                    f"{wording.count(lesson.least_updates_in_a_pass, 'mistake')}; after a pass "
                    f"the training error was never below "
                    f"{wording.number(lesson.least_error_after_pass, after_places)}{during}.")
        self.narrate(sentence)
        # the errors it reads out light up while it is read
        self.play(Indicate(self.statuses["errors"], color=self.theme.highlight,
                           scale_factor=1.0), run_time=self.reading_time(sentence) / 2)
        if lesson.has_flipped_labels:
            k = len(self.flipped)
            reference = (f"The line the data was made with misses exactly the {k} flipped "
                         f"labels: {k}/{n} = {error_words(k, n)}")
            if lesson.passes_end_above_flipped:
                ending = "every pass of the perceptron ends above that."
            else:
                ending = (f"the perceptron's best pass ends at "
                          f"{error_words(lesson.least_mistakes_after_pass, n)}, "
                          f"{'no better' if lesson.best_pass_equals_flipped else 'lower'}"
                          f" on these labels.")
            sentence = f"{reference}; {ending}"
            self.narrate(sentence)
            # the flipped labels and their line light up while it is read
            self.play(Indicate(VGroup(self.flip_marks, self.reference), color=self.theme.highlight,
                               scale_factor=1.0), run_time=self.reading_time(sentence) / 2)
        self.narrate(self.best_line_sentence())
        best_line = self.best_line_drawing()
        if best_line is not None:
            self.play(FadeIn(best_line), run_time=style.RUN_INTRO)
            self.still(best_line)
        self.wait(style.PAUSE_READ * 2)

    def best_line_drawing(self):
        """A line with the least training error, dashed in the best line's colour (None
        when it misses the view)."""
        best = self.noise.best_line
        segment = clip_line(best.theta, best.theta0, self.plane.box)
        if segment is None:
            return None
        return FastDashedLine(self.theme.correct).set_ends(
            self.plane.c2p(segment[0]), self.plane.c2p(segment[1]))

    def best_line_sentence(self) -> str:
        """The least error any line reaches, beside the perceptron's, and what it means."""
        lesson, n = self.noise, self.data.n_samples
        best = lesson.best_line
        drawn = " (dashed, green)" if self.best_line_drawing() is not None else ""
        said = (f"The best any line does on these points{drawn} is {best.mistakes} "
                f"of {n} wrong, ℰₙ = {error_words(best.mistakes, n)}")
        near = wording.number(NEAR_BEST, wording.error_places(NEAR_BEST))
        if lesson.near_best == "every":
            verdict = (f"every pass of the perceptron ends within {near} of it, but it never "
                       f"settles")
        elif lesson.near_best == "some":
            median = lesson.median_error_after_pass
            verdict = (f"{lesson.passes_near_best} of the perceptron's {lesson.passes} passes "
                       f"end within {near} of it, the median pass at "
                       f"{wording.number(median, wording.error_places(median))}: it never "
                       f"settles")
        else:
            verdict = ("the perceptron's passes end far above it: it never settles near "
                       "the best line")
        if lesson.standardizing_lowers_error:
            scaled = lesson.standardized_least_error_after_pass
            verdict += (f". Standardised (--standardize: each feature centred, variance 1), "
                        f"its passes end as low as "
                        f"{wording.number(scaled, wording.error_places(scaled))}")
        if lesson.has_flipped_labels:
            cause = " A hard classifier cannot model noise."
        elif lesson.sorted_by_class and not lesson.visits_shuffled and \
                lesson.order_raises_pass_error:
            other = lesson.other_order_least_error_after_pass
            cause = (" The order keeps it there: each pass ends after a whole class; shuffled, "
                     f"the passes end as low as "
                     f"{wording.number(other, wording.error_places(other))}.")
        else:
            cause = " The perceptron keeps turning towards the points it gets wrong."
        return f"{said}; {verdict}.{cause}"
