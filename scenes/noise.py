"""`noise`: separable data with a few labels flipped; the perceptron never settles.

The perceptron is a hard classifier: it cannot model noise. With a few labels
flipped (rings mark them) the data is no longer separable, so every epoch makes
mistakes, the boundary keeps jittering, and the training error at the end of
each epoch, plotted against the epoch, never reaches 0.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, Circle, FadeIn, VGroup, config

from linviz.epochs import mistakes_per_epoch, training_error_per_epoch
from linviz.theory import is_separable
from scenes.toolkit import style, wording
from scenes.toolkit.mobjects import fmt, text
from scenes.perceptron import PerceptronScene
from scenes.toolkit.plots import BoundPlot


class NoiseScene(PerceptronScene):
    """The perceptron with offset on the built-in "noisy" data, for a fixed number of epochs."""

    needs_inseparable = True
    default_data = "noisy"
    needs_separable = None
    offset = True
    epochs = style.NOISE_EPOCHS

    def build(self) -> None:
        super().build()
        theme = self.theme
        self.title = self.make_title("Noise: a few flipped labels")
        self.flipped = [int(i) for i in self.data.params.get("flipped", [])]
        self.rings = VGroup(*[
            Circle(radius=style.RING_RADIUS, color=theme.highlight,
                   stroke_width=style.RING_STROKE).move_to(self.plane.point(i))
            for i in self.flipped])
        self.epoch_errors = training_error_per_epoch(self.trace)
        self.epoch_mistakes = mistakes_per_epoch(self.trace)
        self.error_plot = BoundPlot(self.epoch_errors, np.zeros_like(self.epoch_errors), theme,
                                    theme.mistake, theme.muted, width=style.NOISE_PLOT_WIDTH,
                                    height=style.NOISE_PLOT_HEIGHT, x_label="t")
        self.plot_title = text("training error after epoch $t$", theme, style.FONT_SMALL)
        # below the status lines, which sit under the panel
        status = self.statuses["start"]
        self.plot_title.next_to(status, DOWN, buff=style.BUFF, aligned_edge=LEFT)
        self.error_plot.next_to(self.plot_title, DOWN, buff=style.BUFF).set_x(
            self.plot_title.get_left()[0] + style.PLOT_INDENT, direction=LEFT)
        lowest = -config.frame_height / 2 + style.BOTTOM_BUFF
        if self.error_plot.get_bottom()[1] < lowest:  # keep the player's caption band free
            room = self.plot_title.get_bottom()[1] - style.BUFF - lowest
            self.error_plot.scale(room / self.error_plot.height, about_edge=UP + LEFT)
        n = self.data.n_samples
        self.error_plot.graph.add_updater(
            lambda _: self.error_plot.set_progress(self.tracker.get_value() / n))
        self.error_plot.set_progress(0.0)

    def introduce(self) -> None:
        super().introduce()
        count = len(self.flipped)
        separable = is_separable(self.data.X, self.data.y, offset=self.offset)
        self.narrate(f"These {self.data.n_samples} points were separable, but {count} labels "
                     f"have been flipped (ringed): "
                     + ("still separable." if separable else "now no line separates them."), 4)
        self.play(FadeIn(self.rings), FadeIn(self.plot_title), FadeIn(self.error_plot),
                  run_time=style.RUN_INTRO)
        # static first: whatever follows a moving mobject is redrawn every frame
        self.remove(self.rings, self.plot_title, self.error_plot)
        self.add(self.rings, self.plot_title, self.error_plot)
        self.bring_to_back(self.rings, self.plot_title, self.error_plot)
        self.add(self.error_plot.graph)
        self.wait(style.PAUSE_SHORT)

    def show_fast_forward(self, beat) -> None:
        from scenes.toolkit.pacing import Beat, FAST_FORWARD

        longer = Beat(FAST_FORWARD, beat.start, beat.end, style.RUN_NOISE_FAST_FORWARD)
        super().show_fast_forward(longer)
        self.narrate("Epoch after epoch the boundary jitters: each flipped label pulls it "
                     "back the wrong way.", 3)

    def conclude(self) -> None:
        super().conclude()
        self.section("error")
        errors = self.epoch_errors[1:]
        best = float(np.min(errors))
        sentence = (f"after every epoch the training error stays above 0: "
                    f"between {fmt(best)} and {fmt(float(np.max(errors)))}")
        self.statuses["errors"] = text(sentence, self.theme, style.FONT_SMALL,
                                       self.theme.mistake).move_to(
            self.statuses["start"], aligned_edge=LEFT)
        if self.statuses["errors"].width > style.STATUS_WIDTH:
            self.statuses["errors"].scale_to_fit_width(style.STATUS_WIDTH).move_to(
                self.statuses["start"], aligned_edge=LEFT)
        self.show_status("errors")
        least = int(np.min(self.epoch_mistakes))
        self.narrate(f"Every epoch made at least {least} mistakes; the training error never "
                     f"went below {wording.number(best)}. A hard classifier cannot model noise.", 4)
        self.wait(style.PAUSE_READ * 2)
