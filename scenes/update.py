"""`update`: what one perceptron update does to the y·score of the point it was made on.

After a mistake on point i the perceptron sets θ ← θ + y⁽ⁱ⁾x⁽ⁱ⁾ and
θ₀ ← θ₀ + y⁽ⁱ⁾. The y·score of that point then becomes (lecture notes, "What
does an update do?")::

    y⁽ⁱ⁾((θ + y⁽ⁱ⁾x⁽ⁱ⁾)ᵀx⁽ⁱ⁾ + (θ₀ + y⁽ⁱ⁾))
      = y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) + (y⁽ⁱ⁾)²(x⁽ⁱ⁾ᵀx⁽ⁱ⁾ + 1)
      = y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) + (‖x⁽ⁱ⁾‖² + 1)

so each update raises it by ‖x⁽ⁱ⁾‖² + 1 ≥ 1. The scene derives this, checks
it on a real mistake of the engine's run, shows the jump on a number line of
the y·score, and then a point that needs several updates (the quiz of the
notes: how often can the perceptron misclassify one point in a row?), its
y·score after every update of the run, y_i(θ_kᵀx_i + θ₀_k) for the states k.
When no point of the main run needs a second update, that example comes from
a run on a 1-D data set, which is drawn first (``toolkit.data_line``).

Every number comes from the engine's trace; the animated state is a
(fractional) index into a point's y·score history, and every drawing that
moves is a function of it. What the scene draws is in :mod:`scenes.update_parts`: the
identity of section 1 and the several updates of section 4; the real mistake and its
number line (sections 2 and 3) are drawn here.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, DashedLine, FadeIn, Indicate, Rectangle, ValueTracker, VGroup,
    config, smooth,
)

from linviz.lessons.perceptron import PASS_BUDGET
from linviz.lessons.update import update_lesson
from linviz.lessons.update_story import DEFAULT_DATA, update_storyboard
from scenes.base import LinvizScene
from scenes.toolkit import style
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import DataPlane, Hyperplane
from scenes.toolkit.score_line import ScoreLine
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.speed.fast_shapes import FastArrow
from scenes.toolkit.speed.merging import merge_glyphs
from scenes.update_parts.common import GAIN, NEW_SCORE, SCORE
from scenes.update_parts.history import SeveralUpdates
from scenes.update_parts.identity import UpdateIdentity


class UpdateScene(UpdateIdentity, SeveralUpdates, LinvizScene):
    """What one update does to a point's score, from the perceptron's own run."""

    default_data = DEFAULT_DATA["update"]
    #: any two classes: what an update does to its point's score holds on any data
    needs_separable = None
    #: τ, the most passes of the run (the perceptron lesson's budget)
    epochs = PASS_BUDGET
    #: where a point that needs several updates comes from, when the main run has none
    several_data = "offset1d"
    #: its seed: the first point still wrong after its update there needs three
    several_seed = 2

    plays = ("perceptron", {"offset": True})

    def make_lesson(self):
        """The lesson (:func:`linviz.lessons.update.update_lesson`)."""
        return update_lesson(self.data, trace=self.saved_trace, budget=self.epochs,
                             several_data=self.several_data, several_seed=self.several_seed)

    def make_storyboard(self, lesson):
        return update_storyboard(lesson, self.scene_name())

    def trace_of(self, lesson):
        """The run of the lesson, which the scene replays."""
        return lesson.trace

    # -- the numbers -------------------------------------------------------
    def build(self) -> None:
        """Take the explained mistake and the several-updates example from the lesson."""
        lesson = self.lesson
        self.step_index, self.point = lesson.step, lesson.point
        self.x, self.label = lesson.x, lesson.label
        self.theta_before, self.theta0_before = lesson.theta_before, lesson.theta0_before
        self.theta_after, self.theta0_after = lesson.theta_after, lesson.theta0_after
        self.old_score, self.new_score = lesson.old_score, lesson.new_score
        self.norm_squared, self.gain = lesson.norm_squared, lesson.gain
        self.places = lesson.places
        self.several_trace, self.several_point = lesson.several_trace, lesson.several_point
        self.history, self.owners, self.rows = lesson.history, lesson.owners, list(lesson.rows)
        self.several_gain = lesson.several_gain
        self.status = None
        self.build_identity()

    def f(self, value: float) -> str:
        """A number of the explained mistake, at the places where the sum adds up."""
        return fmt(value, self.places)

    def cut_to(self, *content, keep=(), moving=()) -> None:
        """Dip to the background and back: what is on screen goes, ``content`` comes.

        Only a veil in the background colour fades (below the title), so each
        frame redraws one rectangle over a still image rather than every glyph
        of both screens. ``keep`` stays above the veil; the ``moving``
        animations play while it lifts.
        """
        keep = (self.title, *keep)
        self.show_status(None)
        top = self.title.get_bottom()[1] - style.SMALL_BUFF
        bottom = -config.frame_height / 2
        veil = Rectangle(width=config.frame_width, height=top - bottom, stroke_width=0,
                         fill_color=self.theme.background, fill_opacity=0)
        veil.move_to([0, (top + bottom) / 2, 0])
        self.add(veil)
        self.bring_to_front(*keep)
        self.play(veil.animate.set_fill(opacity=1), run_time=style.RUN_CROSSFADE)
        for mobject in [m for m in [*self.still_drawings, *self.mobjects] if m not in keep]:
            mobject.clear_updaters()
            self.remove(mobject)
        self.add(*content, veil)
        veil.set_fill(opacity=1)
        self.bring_to_front(*keep)
        self.play(veil.animate.set_fill(opacity=0), *moving, run_time=style.RUN_CROSSFADE)
        self.remove(veil)

    # -- 1. the identity -----------------------------------------------------
    def draw_rule(self, beat) -> None:
        self.play(FadeIn(self.title), FadeIn(self.rule), run_time=style.RUN_INTRO)

    def draw_identity_line(self, beat) -> None:
        """The identity's next line (with its side note)."""
        k = beat.state["lines"]
        new_note, why = self.identity_notes
        line = self.identity_lines[k - 1]
        shown = [FadeIn(line)] if k == 1 else [FadeIn(line, shift=DOWN * style.SMALL_BUFF)]
        shown += [FadeIn(new_note)] if k == 1 else [FadeIn(why)] if k == 3 else []
        self.play(*shown, run_time=style.RUN_INTRO)

    def draw_identity_summary(self, beat) -> None:
        self.play(FadeIn(self.identity_summary), run_time=style.RUN_INTRO)

    # -- 2. a real mistake ------------------------------------------------------
    def draw_mistake_panel(self, beat) -> None:
        """The plane, the mistake's panel and its point ringed, the old boundary."""
        theme, k, i, f = self.theme, self.step_index, self.point, self.f
        plane = DataPlane(self.data.X, self.data.y, theme, data=self.data)
        hyperplane = Hyperplane(plane, self.theta_before, self.theta0_before)
        ring = Circle(radius=style.POINT_SIZE * 2.1, color=theme.highlight,
                      stroke_width=style.LINE_STROKE).move_to(plane.point(i))
        # the old boundary stays behind, dashed, so the turn can be seen
        before_line = VGroup()
        if hyperplane.state == "line":
            before_line = DashedLine(hyperplane.line.get_start(), hyperplane.line.get_end(),
                                     dash_length=0.1, color=theme.muted, stroke_width=3)

        epoch = int(self.trace.steps["epoch"][k])
        label = f"{int(self.label):+d}"
        rows = [
            text(f"*Step {k + 1}* of the run (epoch {epoch}): a mistake on point $i = {i + 1}$",
                 theme, style.FONT_PANEL),
            math(f"x^((i)) = {fmt_vector(self.x)}, quad y^((i)) = {label}", theme,
                 style.FONT_PANEL),
            math(f"{SCORE} = {f(self.old_score)} <= 0", theme, style.FONT_PANEL
                 ).set_color(theme.mistake),
            text(f"before: $theta = {fmt_vector(self.theta_before)}, quad "
                 f"theta_0 = {fmt(self.theta0_before)}$", theme, style.FONT_PANEL),
            text(f"after: $theta' = {fmt_vector(self.theta_after)}, quad "
                 f"theta'_0 = {fmt(self.theta0_after)}$", theme, style.FONT_PANEL),
        ]
        after_row = rows[-1]
        self.numbers = math(
            "{{ " + NEW_SCORE + " : new }} &= {{ " + SCORE + " : old }} + {{ (" + GAIN
            + ") : gain }} \\ {{ " + f(self.new_score) + " : new }} &= {{ "
            + f(self.old_score) + " : old }} + {{ (" + f(self.norm_squared) + " + 1) : gain }}",
            theme, style.FONT_PANEL, parts=True)
        new_colour = theme.correct if self.new_score > 0 else theme.mistake
        for part, colour in (("old", theme.mistake), ("gain", theme.step), ("new", new_colour)):
            self.numbers.select(part).set_color(colour)
        merge_glyphs(self.numbers)
        # "=" when the rounded numbers add up (at up to 6 decimals they do), "≈" otherwise
        adds_up = self.lesson.identity_adds_up
        check = text(f"check: ${f(self.old_score)} + {f(self.norm_squared)} + 1 "
                     f"{'=' if adds_up else 'approx'} "
                     f"{f(self.new_score)}$ #sym.checkmark  (from the run's $theta', theta'_0$)",
                     theme, style.FONT_SMALL, theme.muted)
        panel = Panel([*rows, self.numbers, check], theme)
        room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
        if panel.width > room:
            panel.scale_to_fit_width(room)
        panel.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT, direction=LEFT)
        # the rows still to come are drawn on their own, so revealing one redraws only it
        panel.rows.remove(after_row, self.numbers, check)

        # the arrow is the normal's direction at a fixed length: said, not left to be read
        # as θ' itself
        direction_note = text("arrow: the direction of $theta$, not its length", theme,
                              style.FONT_SMALL, theme.muted).next_to(
            plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=RIGHT)
        self.cut_to(plane, panel, before_line, hyperplane, ring, direction_note)
        self.mistake_hyperplane, self.after_row, self.check = hyperplane, after_row, check

    def draw_turn(self, beat) -> None:
        """The update: the boundary turns to θ′, θ′₀, the row after it comes."""
        turn = ValueTracker(0.0)
        hyperplane = self.mistake_hyperplane
        hyperplane.add_updater(lambda h: h.set_parameters(*self._between(turn.get_value())))
        self.play(turn.animate.set_value(beat.state["turn"]), FadeIn(self.after_row),
                  run_time=style.RUN_SLOW_UPDATE * 1.5, rate_func=smooth)
        hyperplane.clear_updaters()
        self.turned = beat.state["turn"]

    def draw_numbers(self, beat) -> None:
        self.play(FadeIn(self.numbers), FadeIn(self.check), run_time=style.RUN_INTRO)

    def _between(self, fraction: float):
        """(θ, θ₀) a ``fraction`` of the way through the explained update."""
        theta = (1 - fraction) * self.theta_before + fraction * self.theta_after
        return theta, (1 - fraction) * self.theta0_before + fraction * self.theta0_after

    # -- 3. the number line -------------------------------------------------
    def draw_number_line(self, beat) -> None:
        """The y·score of the point on a number line, at its old value."""
        theme, f = self.theme, self.f
        line = self.score_line = ScoreLine([self.old_score, self.new_score], theme)
        line.move_to(DOWN * 0.6)
        lift = UP * style.JUMP_LIFT
        jump = FastArrow(theme.step)
        jump_label = math(f"+ ({GAIN}) = +{f(self.gain)}", theme, style.FONT_PANEL)
        jump_label.set_color(theme.step)
        jump_label.next_to((line.n2p(self.old_score) + line.n2p(self.new_score)) / 2 + lift, UP,
                           buff=style.SMALL_BUFF)
        live = LiveValue(SCORE, self.old_score, theme, places=self.places)
        merge_glyphs(live.label)
        live.next_to(line, DOWN, buff=2 * style.BUFF)
        crossed = self.lesson.corrects_at_once
        # before the jump the side labels say it all; after it, the verdict
        verdict = text("after one update: y·score $> 0$, correct now" if crossed else
                       "after one update: still $<= 0$, not yet correct", theme,
                       style.FONT_BODY, theme.correct if crossed else theme.mistake)
        verdict.next_to(live, DOWN, buff=style.BUFF)

        self.cut_to(line, keep=(self.numbers,), moving=[
            self.numbers.animate.scale(style.FONT_EQUATION / style.FONT_PANEL)
            .next_to(self.title, DOWN, buff=style.BUFF)])
        progress = ValueTracker(0.0)
        history = np.array([self.old_score, self.new_score])
        line.marker.add_updater(lambda _: line.set_marker(
            interpolate_history(history, progress.get_value())))
        live.add_updater(lambda v: v.set_value(interpolate_history(history,
                                                                   progress.get_value())))
        start = line.n2p(self.old_score) + lift
        line.set_marker(self.old_score)
        jump.set_ends(start, start)
        jump.add_updater(lambda a: a.set_ends(start, line.n2p(
            interpolate_history(history, progress.get_value())) + lift))
        self.add(line.marker, live, jump)
        self.jump_parts = (progress, line, live, jump, jump_label, verdict)

    def draw_jump(self, beat) -> None:
        """The update's jump: the y·score lands at the new one, the verdict said."""
        theme = self.theme
        progress, line, live, jump, jump_label, verdict = self.jump_parts
        self.play(progress.animate.set_value(beat.state["jump"]), FadeIn(jump_label),
                  run_time=style.RUN_JUMP, rate_func=smooth)
        self.show_status(verdict)
        for mobject in (line.marker, live, jump):
            mobject.clear_updaters()
        # the score after the update is the primed one: y(θ'ᵀx + θ'₀)
        after = LiveValue(NEW_SCORE, self.new_score, theme, places=self.places)
        merge_glyphs(after.label)
        after.move_to(live, aligned_edge=LEFT)
        self.remove(live)
        self.add(after)

    def draw_indicate_jump(self, beat) -> None:
        """The jump and its size light up while the sentence is read."""
        _, _, _, jump, jump_label, _ = self.jump_parts
        self.play(Indicate(VGroup(jump, jump_label), color=self.theme.highlight,
                           scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_data_line(self, beat) -> None:
        """The 1-D data set of the several updates, large, its points lit while counted."""
        self.build_history()
        data_line = self.history_parts["data_line"]
        data_line.scale(style.DATA_LINE_ZOOM).move_to(UP * style.DATA_LINE_ZOOM_Y)
        self.cut_to(self.history_parts["heading"], data_line)
        self.play(Indicate(data_line, color=self.theme.highlight, scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_history(self, beat) -> None:
        """The point's number line and the table of its y·score after each update."""
        parts = self.history_parts if hasattr(self, "history_parts") else None
        if parts is None:
            self.build_history()
            parts = self.history_parts
            self.cut_to(parts["heading"], *parts["table"])
            return
        data_line = parts["data_line"]
        self.play(data_line.animate.scale(1 / style.DATA_LINE_ZOOM).move_to(
            self.data_line_corner), run_time=style.RUN_INTRO)
        self.play(*[FadeIn(m) for m in (*parts["table"], parts["point_mark"])],
                  run_time=style.RUN_INTRO)

    def draw_history_rows(self, beat) -> None:
        """Rows ``steps`` of the table: the y·score's change, its value, the update."""
        first, end = beat.steps
        for r in range(first, end):
            self.play_history_row(r, style.RUN_JUMP if r == first else style.RUN_HISTORY_JUMP)

    def draw_indicate_history(self, beat) -> None:
        """Where the y·score ends, which the sentence reads."""
        line = self.history_parts["line"]
        line.marker.clear_updaters()
        self.play(Indicate(line.marker, color=self.theme.highlight), run_time=style.RUN_INTRO)


def interpolate_history(history: np.ndarray, s: float) -> float:
    """history[k] at whole s = k, linear in between (clamped to the ends)."""
    s = min(max(float(s), 0.0), float(len(history) - 1))
    low = int(np.floor(s))
    if low >= len(history) - 1:
        return float(history[-1])
    fraction = s - low
    return float((1 - fraction) * history[low] + fraction * history[low + 1])
