"""`xor`: the perceptron fails on XOR, and succeeds once x₁x₂ is a feature.

Minsky and Papert (1969): no line separates the four XOR corners. The
perceptron's boundary keeps turning, every epoch makes mistakes, and the
engine's cycle detection finds the state repeating: the same θ every few
updates, forever. Lifted by the feature x₁x₂ into 3-D, a plane separates the
points and the perceptron converges; that plane, seen back in the plane of the
data, is the curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0.

Both runs and every number and wording choice come from the lesson
(:mod:`linviz.lessons.xor`), every sentence and the state shown under it from its
storyboard (:mod:`linviz.lessons.xor_story`); every drawing is a function of (lesson,
step). The
story names the XOR corners, so only XOR data is taken ('xor', or 'xor-cloud'
whose points scatter round the corners; the lesson's test is by content);
anything else is refused in one line.
"""

from __future__ import annotations

import numpy as np
from manim import (config, DOWN, LEFT, RIGHT, Circle, Create, FadeIn, FadeOut, Indicate,
                   LaggedStart, Succession, ValueTracker, VGroup, smooth)

from linviz.features import lifted_boundary_value
from linviz.lessons.xor import check_xor_data, curve_kind, xor_lesson
from linviz.lessons.xor_story import DEFAULT_DATA, best_line_words, xor_storyboard
from linviz.pacing import RUN_SLOW_UPDATE
from linviz.replay import state_after_steps, state_at
from scenes.toolkit import style
from scenes.base import StepTracker
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_vector, text
from scenes.perceptron import PerceptronScene
from linviz.geometry import clip_line
from scenes.toolkit.placement import best_offset, box_around, covered_area
from scenes.toolkit.space import SpaceView, ZeroSetCurve, ZeroSetShade

__all__ = ["XorScene", "curve_kind"]


class XorScene(PerceptronScene):
    """The perceptron with offset on the four XOR corners, then on [x₁, x₂, x₁x₂]."""

    default_data = DEFAULT_DATA["xor"]
    needs_separable = None
    offset = True
    #: enough passes to see the run come back to where it started, twice
    epochs = 3
    plays = None  # its runs (on the data and lifted) are made here, together
    lifted_epochs = 100
    numbers_points = True

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """XOR data only: the story names its four corners and their labels (the lesson's
        test, by content)."""
        super().check_data(data, spec)
        check_xor_data(data, spec)

    def make_trace(self):
        """The lesson's run on the data (its lifted run comes with it). ``self.xor`` is this
        scene's lesson; ``self.lesson`` the perceptron scenes' lesson of the same run, which
        the drawing inherited from them reads."""
        self.xor = xor_lesson(self.data, self.epochs, self.lifted_epochs)
        self.lesson = self.xor.run
        self.shown_signed_scores = self.xor.shown_signed_scores
        #: what the scene says and shows, beat by beat (the lesson's)
        self.storyboard = xor_storyboard(self.xor, self.scene_name(), self.request().heard)
        return self.xor.trace

    def make_lifted_trace(self):
        """The lesson's run on the lifted points [x₁, x₂, x₁x₂]."""
        return self.xor.lifted_trace

    def build_zero_note(self) -> None:
        """θ = 0 again after updates that cancelled out is said as such, not as the start."""
        start_note = self.hyperplane.NOTES["zero"]
        cancelled = "θ = 0 again: no boundary"
        lesson, hyperplane = self.xor, self.hyperplane

        def note(_):
            reason = lesson.zero_reason(int(self.states_after[self.tracker.step]))
            wanted = cancelled if reason == "cancelled" else start_note
            if hyperplane.NOTES["zero"] != wanted:
                hyperplane.NOTES = {**hyperplane.NOTES, "zero": wanted}
                shown = hyperplane.notes.target.pop("zero", None)
                if shown is not None and shown in hyperplane.submobjects:
                    hyperplane.remove(shown)
                hyperplane.state = None  # typeset and shown anew at the next update

        # before the hyperplane's own updater: the note is chosen, then drawn
        hyperplane.updaters.insert(0, note)

    # -- drawings ---------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.title = self.make_title("XOR: the perceptron never settles")
        self.build_zero_note()
        self.build_cycle()
        self.build_lift()
        #: rings round the points on the lifted plane while they are named (draw_on_plane)
        self.on_plane_rings = None

    def build_cycle(self) -> None:
        """The cycle panel (typeset once) and the cycle's boundaries drawn together."""
        theme, lesson = self.theme, self.xor
        self.cycle = lesson.cycle
        starts = lesson.epoch_states
        self.epoch_starts = starts
        self.epoch_mistakes = lesson.epoch_updates
        small = style.FONT_SMALL
        rows = [text("*the state at the start of each pass*", theme, small)]
        for epoch, state in enumerate(starts[:-1], start=1):
            rows.append(text(f"$t = {epoch}$: $theta = {fmt_vector(self.thetas[state])}, "
                             f"theta_0 = {fmt(self.theta0s[state])}$", theme, small))
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        rows.append(text(f"mistakes per pass: {counts}", theme, small, theme.mistake))
        passes = len(rows)
        if self.cycle is not None:
            k = self.cycle["updates_per_period"]
            rows.append(text(f"*the same $theta$ every {k} updates: it will never stop*",
                             theme, small, theme.highlight))
        repeats = len(rows)
        self.cycle_states = lesson.cycle_states
        errors = lesson.cycle_errors
        if lesson.errors_listed:
            listed = ", ".join(fmt(e) for e in errors)
        else:
            listed = f"between {fmt(float(np.min(errors)))} and {fmt(float(np.max(errors)))}"
        rows.append(text(f"training error {lesson.along}: {listed}", theme, small))
        best = len(rows)
        rows.append(text(best_line_words(lesson).replace("−", "-"), theme, small))
        #: the rows the cycle's sentences are about, shown in turn under them
        self.cycle_state_rows = VGroup(*rows[1:len(starts)])
        #: the panel's parts as the storyboard names them (``cycle_rows``), each shown
        #: under the sentence that reads it
        # the mistakes per pass first; the states at each pass's start come with the
        # sentence that says they repeat (without a cycle, with the mistakes)
        states = rows[:passes - 1]
        self.cycle_parts = {"passes": VGroup(*([] if self.cycle is not None else states),
                                             rows[passes - 1]),
                            "repeat": VGroup(*(states if self.cycle is not None else []),
                                             *rows[passes:repeats]),
                            "errors": VGroup(*rows[repeats:best]),
                            "best": VGroup(*rows[best:])}
        self.cycle_panel = Panel(rows, theme)
        room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
        if self.cycle_panel.width > room:
            self.cycle_panel.scale_to_fit_width(room)
        self.cycle_panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.cycle_panel.set_x(style.PANEL_LEFT, direction=LEFT)
        # the cycle's boundaries, all at once: the line keeps turning round
        self.ghosts = VGroup()
        self.ghost_updates = []  # j: the line of θ after j updates of the pass
        for age, j in enumerate(reversed(lesson.cycle_lines)):
            state = self.cycle_states[j]
            ghost = Hyperplane(self.plane, self.thetas[state], self.theta0s[state],
                               show_normal=False, show_shading=False, show_notes=False)
            # the newest line strongest, older ones fainter: a cycle of a few lines keeps
            # them all clear, a long run fades into its last ones (a line outside the
            # view stays hidden)
            opacity = max(style.GHOST_OLDEST_OPACITY, 1.0 - age * style.GHOST_FADE_STEP)
            ghost.line.set_stroke(color=theme.step, width=style.GHOST_STROKE,
                                  opacity=opacity if ghost.state == "line" else 0.0)
            self.ghosts.add(ghost)
            self.ghost_updates.append(j)
        # drawn oldest first, so the newest lie on top
        self.ghosts.submobjects.reverse()
        self.ghost_updates.reverse()
        self.ghost_labels = self.label_ghosts()

    def label_ghosts(self) -> VGroup:
        """Each cycle line tagged with j, the updates of the pass after which θ draws it.

        Only for a cycle of a few lines (more would bury the plane in numbers): the
        tag sits near one end of its line, where it covers no marker and no other tag.
        """
        labels = VGroup()
        if not self.xor.cycle_lines_tagged:
            return labels
        plane, theme = self.plane, self.theme
        markers = plane.c2p_many(plane.X)
        obstacles = [box_around(markers, style.POINT_SIZE * 1.4)]
        for label in plane.axis_labels:
            low, high = label.get_corner([-1, -1, 0]), label.get_corner([1, 1, 0])
            obstacles.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
        frame = plane.frame
        bounds = np.array([*frame.get_corner([-1, -1, 0])[:2], *frame.get_corner([1, 1, 0])[:2]])
        for j, state in zip(self.ghost_updates, self.cycle_states[self.ghost_updates]):
            segment = clip_line(self.thetas[state], self.theta0s[state], plane.box)
            if segment is None:
                continue
            tag = text(f"*{j}*", theme, style.FONT_SMALL, theme.step)
            a, b = (plane.c2p(p) for p in segment)
            best = None
            for where in (0.12, 0.88, 0.3, 0.7):
                anchor = a + where * (b - a)
                offset = best_offset(anchor, (tag.width, tag.height), np.vstack(obstacles),
                                     gap=style.SMALL_BUFF, bounds=bounds)
                centre = anchor[:2] + offset
                box = np.array([*(centre - [tag.width / 2, tag.height / 2]),
                                *(centre + [tag.width / 2, tag.height / 2])])
                cost = covered_area(box, np.vstack(obstacles))
                if best is None or cost < best[0] - 1e-12:
                    best = (cost, centre, box)
                if cost <= 1e-12:
                    break
            _, centre, box = best
            tag.move_to([*centre, 0.0])
            obstacles.append(np.array([[*box, 100.0]]))
            labels.add(tag)
        return labels

    def build_lift(self) -> None:
        """The lifted view, its live values, and the curve on the plane, following the run."""
        theme = self.theme
        self.lifted_trace = self.make_lifted_trace()
        lifted = self.lifted_trace.data
        self.lifted_points = lifted.X
        self.lifted_thetas = self.lifted_trace.states["theta"]
        self.lifted_theta0s = self.lifted_trace.states["theta0"]
        self.lifted_states_after = state_after_steps(self.lifted_trace)
        extent = float(max(self.plane.box.x_max, -self.plane.box.x_min,
                           self.plane.box.y_max, -self.plane.box.y_min))
        self.lift_amount = ValueTracker(0.0)
        self.azimuth = ValueTracker(style.SPACE_AZIMUTH)
        self.lifted_tracker = StepTracker(0)
        self.space = SpaceView(self.lifted_points * [1, 1, 0], lifted.y, theme,
                               [-extent] * 3, [extent] * 3,
                               axis_labels=("x_1", "x_2", "x_3 = x_1 x_2"), drops_to_plane=True,
                               # a wider data set is drawn smaller: the box stays in the frame
                               scale=min(style.SPACE_SCALE, style.SPACE_FIT / extent))
        self.curve = ZeroSetCurve(self.plane, theme.highlight)
        self.lifted_values = {
            "M": LiveValue("M", 0, theme),
            # laid out with room for the widest θ of the run, then set to the start
            "theta": LiveValue("theta", max((fmt_vector(t) for t in self.lifted_thetas),
                                            key=len), theme),
            "theta0": LiveValue("theta_0", 0.0, theme),
        }
        self.lifted_row = VGroup(*self.lifted_values.values()).arrange(RIGHT, buff=style.VALUE_GAP)
        self.lifted_row.next_to(self.title, DOWN, buff=style.BUFF).set_x(
            style.SPACE_CENTER[0])
        self.lifted_values["theta"].set_value(fmt_vector((0, 0, 0)))
        self.lifted_labels = VGroup(*[v.label for v in self.lifted_values.values()])
        self.lifted_live = VGroup(*[v.number for v in self.lifted_values.values()])
        self.space.add_updater(lambda view: self.redraw_space())
        self.curve.add_updater(lambda curve: curve.set_function(self.lifted_function()))
        self.lifted_live.add_updater(lambda _: self.update_lifted_values())

    def lifted_parameters(self, s: float | None = None):
        """(θ, θ₀) of the lifted run at step s (the tracker's value when None)."""
        s = self.lifted_tracker.get_value() if s is None else s
        return state_at(self.lifted_thetas, self.lifted_theta0s, self.lifted_states_after, s)

    def lifted_function(self, s: float | None = None):
        """x ↦ θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ at step s, or None while θ = 0."""
        theta, theta0, _ = self.lifted_parameters(s)
        if not np.any(theta):
            return None
        return lambda X: lifted_boundary_value(theta, theta0, X)

    def redraw_space(self) -> None:
        lift = self.lift_amount.get_value()
        self.space.points3d = self.lifted_points * [1, 1, lift]
        self.space.plane_parameters = self.lifted_parameters() if lift > 0 else None
        self.space.set_view(self.azimuth.get_value(), style.XOR_SPACE_ELEVATION)
        if self.space.plane_parameters is None:
            self.space.set_plane(None, 0.0)

    def update_lifted_values(self) -> None:
        state = int(self.lifted_states_after[self.lifted_tracker.step])
        self.lifted_values["M"].set_value(state)
        self.lifted_values["theta"].set_value(fmt_vector(self.lifted_thetas[state]))
        self.lifted_values["theta0"].set_value(float(self.lifted_theta0s[state]))

    # -- the storyboard drawn: what this scene adds (see PerceptronScene) --------------
    def status_line(self, state):
        """The status line a told state shows: under the panel, or (``stage`` "space")
        under the 3-D view."""
        line = super().status_line(state)
        if line is not None and state["stage"] == "space":
            line.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.SPACE_CENTER[0])
        return line

    def draw_describe_data(self, beat) -> None:
        """The +1 points, then the −1 points, light up in turn while they are described."""
        markers = self.plane.markers
        self.show_told_status(beat.state)
        self.play(Succession(*(Indicate(group, color=self.theme.highlight, scale_factor=1.0)
                               for group in (markers.plus, markers.minus))),
                  run_time=self.reading_time(beat.sentence))

    def draw_cycle_panel(self, beat) -> None:
        """The run's panel gives way to the cycle's."""
        self.show_told_status(beat.state)
        self.remove(self.hyperplane, self.theta_arrow, self.cursor)
        self.play(FadeOut(VGroup(self.code, self.labels, self.live)),
                  FadeIn(self.cycle_panel.box), FadeIn(self.cycle_parts["passes"]),
                  run_time=style.RUN_INTRO)
        self.shown_cycle_parts = ["passes"]

    def draw_ghosts(self, beat) -> None:
        """The run's lines, drawn one by one while the sentence is read."""
        self.play(LaggedStart(*(FadeIn(ghost) for ghost in self.ghosts), lag_ratio=1.0),
                  FadeIn(self.ghost_labels), run_time=self.reading_time(beat.sentence))
        self.add(self.ghosts, self.ghost_labels)  # as the groups they are, which leave as one

    def draw_cycle_states(self, beat) -> None:
        """The period's row comes, while the states at each pass's start are pointed at."""
        self.show_cycle_part("repeat")
        self.point_at_rows(self.cycle_state_rows, beat.sentence)

    def draw_cycle_errors(self, beat) -> None:
        self.show_cycle_part("errors")
        self.point_at_rows(self.cycle_parts["errors"], beat.sentence)

    def draw_cycle_best(self, beat) -> None:
        """The best line's row, under the sentence that reads it."""
        self.show_cycle_part("best")

    def show_cycle_part(self, name: str) -> None:
        self.play(FadeIn(self.cycle_parts[name]), run_time=style.PAUSE_SHORT)
        self.shown_cycle_parts.append(name)

    def point_at_rows(self, rows: VGroup, sentence: str) -> None:
        """The panel's ``rows``, each indicated in turn while ``sentence`` is read."""
        self.play(Succession(*(Indicate(row, color=self.theme.highlight, scale_factor=1.05)
                               for row in rows)),
                  run_time=self.reading_time(sentence))
        # a play of its rows split the panel into its parts on the scene: its parts shown
        # as groups again
        self.remove(self.cycle_panel)
        self.add(self.cycle_panel.box, *(self.cycle_parts[name]
                                         for name in self.shown_cycle_parts))

    def draw_lift(self, beat) -> None:
        """The cycle leaves, the 3-D view comes, and the points rise to x₁x₂."""
        self.play(FadeOut(self.cycle_panel), FadeOut(self.ghosts), FadeOut(self.ghost_labels),
                  FadeIn(self.space), run_time=style.RUN_INTRO)
        self.shown_cycle_parts = []
        self.show_told_status(beat.state)
        # the title said the perceptron never settles: true of the plane, not of the lift
        lifted_title = self.make_title("XOR, lifted by $x_1 x_2$: a plane can separate it")
        # and no arrow is drawn from here on: the note of their scale goes too
        old = [self.title, *([self.scale_note] if self.scale_note is not None
                             and self.scale_note_shown else [])]
        self.swap(old, [lifted_title])
        self.title = lifted_title
        self.still(self.title)
        self.play(self.lift_amount.animate.set_value(beat.state["lift"]),
                  run_time=style.RUN_LIFT, rate_func=smooth)

    def draw_turn(self, beat) -> None:
        """The 3-D view turns (to ``view`` turns from where it started) while the sentence
        is read."""
        target = style.SPACE_AZIMUTH + beat.state["view"] * style.SPACE_TURN
        self.show_told_status(beat.state)
        self.play(self.azimuth.animate.set_value(target),
                  run_time=max(style.RUN_TURN, self.reading_time(beat.sentence) / 2),
                  rate_func=smooth)

    def draw_lifted_intro(self, beat) -> None:
        """The lifted run's values come in."""
        self.show_told_status(beat.state)
        self.play(FadeIn(self.lifted_row), run_time=self.reading_time(beat.sentence) / 2)
        self.remove(self.lifted_row)
        self.add(self.lifted_labels, self.lifted_live)

    def play_lifted(self, beat, update: bool) -> None:
        """The lifted run's visits of the beat (its last an update when ``update``)."""
        start, end = beat.steps
        last = end - 1 if update else end
        visits = max(beat.min_seconds - (RUN_SLOW_UPDATE if update else 0.0), 0.0)
        if last > start and visits > 0:
            self.play(self.lifted_tracker.animate.set_value(last), run_time=visits,
                      rate_func=lambda t: t)
        self.lifted_tracker.set_value(last)
        if update:
            self.play(self.lifted_tracker.animate.set_value(end), run_time=RUN_SLOW_UPDATE,
                      rate_func=smooth)

    def draw_lifted_update(self, beat) -> None:
        if self.on_plane_rings is not None:  # the points on the plane were named: now updated
            self.play(FadeOut(self.on_plane_rings), run_time=style.PAUSE_SHORT)
            self.on_plane_rings = None
        self.play_lifted(beat, update=True)

    def draw_indicate_curve(self, beat) -> None:
        """The lifted plane's curve in the data's plane, drawn as the sentence names it."""
        # it follows the run (an updater remakes its points): drawn at once, then lit
        self.curve.update()
        self.add(self.curve)
        self.play(Indicate(self.curve, color=self.theme.highlight, scale_factor=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_on_plane(self, beat) -> None:
        """The points on the plane pulse in turn while they are named, and stay ringed (in
        the mistake colour: y·score 0 counts as a mistake) until the next update."""
        named = beat.state["on_plane"]
        self.on_plane_rings = VGroup()
        for i in named:
            self.pulse(i, self.reading_time(beat.sentence) / (2 * len(named)))
            ring = Circle(radius=style.POINT_SIZE * 1.4, color=self.theme.mistake,
                          stroke_width=4).move_to(self.plane.point(i))
            self.on_plane_rings.add(ring)
            self.play(Create(ring), run_time=style.PAUSE_SHORT)
        self.add(self.on_plane_rings)

    def draw_lifted_result(self, beat) -> None:
        """The rest of the lifted run, then the view turns the other way."""
        self.play_lifted(beat, update=False)
        self.show_told_status(beat.state)
        self.draw_turn(beat)

    def draw_shade(self, beat) -> None:
        """The + side of the lifted plane's curve shaded in the data's plane."""
        self.show_told_status(beat.state)
        final = self.lifted_function(len(self.lifted_states_after) - 1)
        if final is not None:
            self.final_shade = ZeroSetShade(self.plane, final, self.theme.positive,
                                            self.theme.shade_opacity)
            self.play(FadeIn(self.final_shade), run_time=self.reading_time(beat.sentence) / 2)
            self.still(self.final_shade)
