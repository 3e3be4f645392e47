"""The panel of `perceptron` beside the data plane: the notes' pseudocode with the line the
run is at lit, the counters t, i, M and ℰₙ, the y·score of the visit, θ and θ₀ (each
value following the step), the status lines under them, and the veils that keep values
back until a sentence brings them."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Circumscribe, FadeOut, SurroundingRectangle, VGroup

from linviz import formatting
from linviz.lessons.perceptron_story import STATUS
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue, Pseudocode
from scenes.toolkit.screen_text import fmt, fmt_vector, text


class PerceptronPanel:
    """The pseudocode, the counters and θ's values, and the status lines (a part of
    :class:`scenes.perceptron_parts.player.PerceptronRunPlayer`)."""

    def build_panel(self) -> None:
        """The panel, typeset once and laid out under the title: the pseudocode, the
        counters, the y·score and θ's row, the status lines under them."""
        theme = self.theme
        self.code = Pseudocode(self.pseudocode(), theme)
        self.counter_row = counter_row = self.build_counters()
        theta_row = self.build_score_and_theta()
        # every status line of the layout, typeset once; show_status swaps them
        self.statuses = {key: text(markup, theme, style.FONT_SMALL, self.tone(tone))
                         for key, (markup, tone) in STATUS.items()}
        self.panel = VGroup(self.code, counter_row, self.score, theta_row).arrange(
            DOWN, aligned_edge=LEFT, buff=style.BUFF)
        self.panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.panel.set_x(style.PANEL_LEFT, direction=LEFT)
        for status in self.statuses.values():
            status.next_to(self.panel, DOWN, buff=style.BUFF, aligned_edge=LEFT)

    def build_counters(self) -> VGroup:
        """The counters t, i, M and ℰₙ (``self.counters``), in a row spaced for the widest
        values of the run, set to the start: the row."""
        theme, trace = self.theme, self.trace
        self.counters = {
            "epoch": LiveValue("t", 0, theme),
            "i": LiveValue("i", "", theme),
            "M": LiveValue("M", 0, theme),
            # k/n at the decimals that say it (0.175, not 0.17), as the sentences say it
            "error": LiveValue("cal(E)_n", 1.0, theme,
                               formatter=lambda v: fmt(v, formatting.error_places(v))
                               if isinstance(v, float) else str(v)),
        }
        # each row is spaced for the widest values it will show, then set to the start
        widest = {"epoch": str(int(trace.steps["epoch"].max())),
                  "i": str(self.data.n_samples), "M": str(len(self.thetas) - 1)}
        for key, value in widest.items():
            self.counters[key].set_value(value)
        counter_row = VGroup(*self.counters.values()).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.5)
        for key, value in (("epoch", 0), ("i", ""), ("M", 0)):
            self.counters[key].set_value(value)
        return counter_row

    def build_score_and_theta(self) -> VGroup:
        """The y·score's row (``self.score``) and θ's row (``self.theta_value``, and
        ``self.theta0_value`` shown with an offset): θ's row."""
        theme, places = self.theme, self.places
        score_label = ("y^((i))(theta^T x^((i)) + theta_0)" if self.offset
                       else "y^((i)) theta^T x^((i))")
        self.score = LiveValue(score_label, "", theme, places=places)
        # laid out for the widest θ of the run (θ₀ is then never run into), then set to the start
        self.theta_value = LiveValue("theta", max((fmt_vector(t, places) for t in self.thetas),
                                                  key=len), theme)
        self.theta0_value = LiveValue("theta_0", 0.0, theme, places=places)
        theta_row = VGroup(self.theta_value, self.theta0_value).arrange(
            direction=np.array([1.0, 0.0, 0.0]), buff=0.45)
        self.theta_value.set_value(fmt_vector((0, 0), places))
        if not self.offset:
            theta_row.remove(self.theta0_value)
        return theta_row

    def build_live_values(self) -> None:
        """The panel's values follow the step; their labels stand still."""
        # Only the live values follow the tracker: a mobject with an updater is redrawn
        # every frame, so the pseudocode stays out of that group. The values of the
        # visit (t, i, score) change at every step, those of the state (M, error, θ)
        # only on updates: while correct visits play, the state's values stand still
        # with the boundary and θ (see show_visits).
        state_values = [self.counters["M"], self.counters["error"], self.theta_value]
        if self.offset:
            state_values.append(self.theta0_value)
        visit_values = [self.counters["epoch"], self.counters["i"], self.score]
        self.labels = VGroup(*[value.label for value in (*visit_values, *state_values)])
        self.state_live = VGroup(*[value.number for value in state_values])
        self.visit_live = VGroup(*[value.number for value in visit_values])
        self.live = VGroup(self.state_live, self.visit_live)
        self.state_live.add_updater(lambda _: self.update_state_counters())
        self.visit_live.add_updater(lambda _: self.update_visit_counters())

    def tone(self, name: str | None):
        """The colour of a status line's tone (a storyboard names it)."""
        theme = self.theme
        return {"text": theme.text, "correct": theme.correct, "mistake": theme.mistake,
                "muted": theme.muted, "highlight": theme.highlight, None: theme.text}[name]

    #: the visit counters follow the step (False: they show a told state, see draw_pass)
    visits_follow = True

    def update_visit_counters(self) -> None:
        """Epoch, i and score of the visit on screen."""
        if not self.visits_follow:
            return
        steps = self.trace.steps
        k = self.visited_step()
        if k == 0:
            self.counters["epoch"].set_value(0)
            self.counters["i"].set_value("")
            self.score.set_value("")
        else:
            self.counters["epoch"].set_value(int(steps["epoch"][k - 1]))
            self.counters["i"].set_value(int(steps["i"][k - 1]) + 1)
            self.score.set_value(float(steps["score"][k - 1]))
        shown = self.shown_signed_scores
        s = self.tracker.get_value()
        if shown is not None and k > 0 and abs(s - round(s)) <= 1e-9:
            # at a whole step the panel's θ is the state after it: the score beside it too
            self.score.set_value(float(shown[int(round(s)) - 1]))

    #: entry k − 1: the y·score of the point visited at step k under the state after
    #: step k (a lesson's, when the panel pairs the score with the θ shown; None: the
    #: score of the visit, under the state before it)
    shown_signed_scores = None

    def update_state_counters(self) -> None:
        """M, training error, θ and θ₀ of the state after the whole steps played."""
        state = int(self.states_after[self.tracker.step])
        self.counters["M"].set_value(state)
        self.counters["error"].set_value(float(self.errors[state]))
        self.theta_value.set_value(fmt_vector(self.thetas[state], self.places))
        self.theta0_value.set_value(float(self.theta0s[state]))

    def status_line(self, state):
        """The status line a told state shows (typeset once a text), or None."""
        markup = state["status"]
        if markup is None:
            return None
        # a line of the layout is typeset already, under its key
        markup = next((key for key, (line, _) in STATUS.items() if line == markup), markup)
        if markup not in self.statuses:
            line = text(markup, self.theme, style.FONT_SMALL, self.tone(state["status_tone"]))
            if line.width > style.STATUS_WIDTH:  # a long line of numbers fits the panel
                line.scale_to_fit_width(style.STATUS_WIDTH)
            self.statuses[markup] = line.move_to(self.statuses["start"], aligned_edge=LEFT)
        return self.statuses[markup]

    def show_told_status(self, state) -> None:
        self.show_status(self.status_line(state))

    def veil(self, *mobjects, buff: float = style.SMALL_BUFF) -> VGroup:
        """A rectangle of the background's colour over each of ``mobjects``, added to the
        scene as one drawing (``buff`` round each: less beside a label it must not hide)."""
        cover = VGroup(*[SurroundingRectangle(mobject, buff=buff, stroke_width=0,
                                              fill_color=self.theme.background,
                                              fill_opacity=1.0) for mobject in mobjects])
        self.add(cover)
        return cover

    def lift_values_veil(self) -> None:
        """θ, θ₀, the y·score and the plane's note at θ = 0 come (see draw_intro)."""
        if getattr(self, "values_veil", None) is None:
            return
        self.hyperplane.set_notes_shown(True)
        self.play(FadeOut(self.values_veil), run_time=style.PAUSE_SHORT)
        self.remove(self.values_veil)
        self.values_veil = None

    def draw_indicate_theta(self, beat) -> None:
        """θ (and θ₀, with an offset) on the panel, which the sentence is about (and the
        line of the code that changed θ₀, when the sentence is about θ₀)."""
        self.code.highlight(beat.state["line"])
        values = [self.theta_value, *([self.theta0_value] if self.offset else [])]
        self.play(Circumscribe(VGroup(*values), color=self.theme.highlight),
                  run_time=style.RUN_INTRO)

    def draw_indicate_score(self, beat) -> None:
        """The panel's y·score row, which the sentence names."""
        self.play(Circumscribe(self.score, color=self.theme.highlight), run_time=style.RUN_INTRO)

    def draw_indicate_counters(self, beat) -> None:
        """The counters t, i, M and ℰₙ, which the sentence explains one by one (they come
        now, when they had not come with the stage)."""
        if getattr(self, "counters_veil", None) is not None:
            self.play(FadeOut(self.counters_veil), run_time=style.PAUSE_SHORT)
            self.remove(self.counters_veil)
            self.counters_veil = None
        # a frame drawn round each (the counters themselves stay where they are: an
        # animation of one would take its number out of the group that follows the step)
        for counter in self.counters.values():
            self.play(Circumscribe(counter, color=self.theme.highlight),
                      run_time=style.PAUSE_SHORT)
