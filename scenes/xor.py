"""`xor`: the perceptron fails on XOR, and succeeds once x₁x₂ is a feature.

Minsky and Papert (1969): no line separates the four XOR corners. The
perceptron's boundary keeps turning, every epoch makes mistakes, and the
engine's cycle detection finds the state repeating: the same θ every few
updates, forever. Lifted by the feature x₁x₂ into 3-D, a plane separates the
points and the perceptron converges; that plane, seen back in the plane of the
data, is the curve θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0.

Both runs and every number and wording choice come from the lesson
(:mod:`linviz.lessons.xor`); every drawing is a function of (lesson, step). The
story names the XOR corners, so only XOR data is taken ('xor', or 'xor-cloud'
whose points scatter round the corners; the lesson's test is by content);
anything else is refused in one line.
"""

from __future__ import annotations

import numpy as np
from manim import (config, DOWN, LEFT, RIGHT, FadeIn, FadeOut, Indicate, LaggedStart, Succession,
                   ValueTracker, VGroup, smooth)

from linviz.features import lifted_boundary_value
from linviz.lessons.xor import check_xor_data, curve_kind, xor_lesson
from linviz.replay import state_after_steps, state_at
from linviz import wording
from scenes.toolkit import style
from scenes.base import StepTracker
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_vector, text
from linviz.pacing import UPDATE, plan_perceptron, split_at_passes
from scenes.perceptron import LINE_UPDATE, PerceptronScene
from scenes.toolkit.geometry import clip_line
from scenes.toolkit.placement import best_offset, box_around, covered_area
from scenes.toolkit.space import SpaceView, ZeroSetCurve, ZeroSetShade, fmt_combination

LIFTED_TERMS = ("x_1", "x_2", "x_1 x_2", "")
__all__ = ["XorScene", "curve_kind"]


class XorScene(PerceptronScene):
    """The perceptron with offset on the four XOR corners, then on [x₁, x₂, x₁x₂]."""

    default_data = "xor"
    needs_separable = None
    offset = True
    #: enough passes to see the run come back to where it started, twice
    epochs = 3
    plays = None  # its runs (on the data and lifted) are made here, together
    lifted_epochs = 100
    numbers_points = True
    tip_to_tail_updates = 1  # once is enough: the perceptron scene showed it already
    #: up to this many values, the training error along the cycle is read out one by one
    LISTED_ERRORS = 6

    @classmethod
    def check_data(cls, data, spec: str) -> None:
        """XOR data only: the story names its four corners and their labels (the lesson's
        test, by content)."""
        super().check_data(data, spec)
        check_xor_data(data, spec)

    def make_trace(self):
        """The lesson's run on the data (its lifted run comes with it). ``self.xor`` is this
        scene's lesson; ``self.lesson`` the perceptron scenes' lesson of the same run, which
        the telling inherited from them reads."""
        self.xor = xor_lesson(self.data, self.epochs, self.lifted_epochs)
        self.lesson = self.xor.run
        self.shown_signed_scores = self.xor.shown_signed_scores
        return self.xor.trace

    def make_lifted_trace(self):
        """The lesson's run on the lifted points [x₁, x₂, x₁x₂]."""
        return self.xor.lifted_trace

    def plan_beats(self) -> list:
        """A run of a few passes is told pass by pass: no fast-forward spans two."""
        return split_at_passes(super().plan_beats(), self.trace.steps["epoch"])

    def narrate_pass(self, epoch: int, duration: float = 0.0) -> None:
        """A pass that starts from θ = 0 again says why: the last pass's updates cancelled."""
        start = int(self.xor.epoch_states[epoch - 1])
        if self.xor.zero_reason(start) == "cancelled":
            self.narrate(f"θ is 0 again: the updates of pass {epoch - 1} added up to 0, so "
                         f"pass {epoch} starts where pass 1 did.")
        super().narrate_pass(epoch, duration)

    def narrate_rest_of_pass(self, epoch: int, start: int, end: int,
                             duration: float = 0.0) -> None:
        """The explained updates are over: the numbers of the points they named leave."""
        self.hide_named_numbers()
        super().narrate_rest_of_pass(epoch, start, end, duration)

    def hide_named_numbers(self) -> None:
        """The points the captions named keep their numbers while they are named; the four
        corners keep theirs throughout."""
        if self.point_numbers is not None and not self.point_numbers.number_all:
            self.point_numbers.hide(self)

    def show_fast_forward(self, beat) -> None:
        """A fast-forward inside one pass, said as the part of the pass it skips."""
        self.hide_named_numbers()
        epoch = int(self.trace.steps["epoch"][beat.start])
        updates = int(self.states_after[beat.end] - self.states_after[beat.start])
        to_end = beat.end == epoch * self.data.n_samples
        where = f" to the end of pass {epoch}" if to_end else f" through pass {epoch}"
        self.code.highlight(LINE_UPDATE)
        self.show_status("fast")
        self.narrate(f"Fast forward{where}: {wording.count(updates, 'more update')}.",
                     beat.run_time)
        self.cursor.set_stroke(opacity=0)
        self.advance(beat.end, beat.run_time)

    def show_status(self, key) -> None:
        """The *after* status of a quick update says what the lesson's predicates say of
        it: θ = 0 again (no boundary to have moved), the point still a mistake (≤ 0)."""
        if key == "after":
            key = self.after_status_key(self.tracker.step)
        super().show_status(key)

    def after_status_words(self, step: int) -> str | None:
        """The *after* status line (Typst) once visit ``step`` (1-based) has updated θ,
        None for the inherited one (θ ≠ 0, the point now on its side)."""
        zero = self.xor.theta_zero_after_step(step)
        still = self.xor.still_mistake_after_step(step)
        if not zero and not still:
            return None
        i = int(self.trace.steps["i"][step - 1]) + 1
        moved = "$theta = 0$, no boundary" if zero else "the boundary moved"
        mistake = f"; point {i} still a mistake ($<= 0$)" if still else ""
        return f"*after*: {moved}{mistake}"

    def after_status_key(self, step: int) -> str:
        """The key of the *after* status line for visit ``step``, typeset when first used."""
        words = self.after_status_words(step)
        if words is None:
            return "after"
        key = f"after-quick-{step}"
        if key not in self.statuses:
            self.statuses[key] = text(words, self.theme, style.FONT_SMALL).move_to(
                self.statuses["after"], aligned_edge=LEFT)
        return key

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

    def build_cycle(self) -> None:
        """The cycle panel (typeset once) and the cycle's boundaries drawn together."""
        theme, lesson = self.theme, self.xor
        self.cycle = lesson.cycle
        starts = lesson.epoch_states
        self.epoch_starts = starts
        self.epoch_mistakes = lesson.epoch_updates
        small = style.FONT_SMALL
        rows = [text("*the state at the start of each epoch*", theme, small)]
        for epoch, state in enumerate(starts[:-1], start=1):
            rows.append(text(f"$t = {epoch}$: $theta = {fmt_vector(self.thetas[state])}, "
                             f"theta_0 = {fmt(self.theta0s[state])}$", theme, small))
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        rows.append(text(f"mistakes per epoch: {counts}", theme, small, theme.mistake))
        self.cycle_states = lesson.cycle_states
        self.cycle_errors = lesson.cycle_errors
        self.along = "along the cycle" if lesson.has_cycle else "along the run"
        if len(self.cycle_errors) <= self.LISTED_ERRORS:
            listed = ", ".join(fmt(e) for e in self.cycle_errors)
            self.errors_words = ", ".join(wording.number(e) for e in self.cycle_errors)
        else:
            low, high = float(np.min(self.cycle_errors)), float(np.max(self.cycle_errors))
            listed = f"between {fmt(low)} and {fmt(high)}"
            self.errors_words = (f"between {wording.number(low)} and {wording.number(high)}, "
                                 f"over {len(self.cycle_errors)} states")
        rows.append(text(f"training error {self.along}: {listed}", theme, small))
        best, n = lesson.least_error_of_run, self.data.n_samples
        line = lesson.best_line
        why = f": no line gets all {n} right"
        best_line = (f"the best line also gets {line.mistakes} wrong" if lesson.run_reaches_best_line
                     else f"the best line gets {line.mistakes} wrong")
        self.best_sentence = f"never below {fmt(best)}{why}; {best_line}"
        rows.append(text(f"never below ${fmt(best)}${why}; {best_line}", theme, small))
        if self.cycle is not None:
            k = self.cycle["updates_per_period"]
            self.cycle_sentence = (f"the same θ every {k} updates: it will never stop")
            rows.append(text(f"*the same $theta$ every {k} updates: it will never stop*",
                             theme, small, theme.highlight))
        #: the rows the cycle's sentences are about, shown in turn under them
        self.cycle_state_rows = VGroup(*rows[1:len(starts)])
        self.cycle_error_rows = VGroup(*rows[len(starts) + 1:len(starts) + 3])
        self.cycle_panel = Panel(rows, theme)
        room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
        if self.cycle_panel.width > room:
            self.cycle_panel.scale_to_fit_width(room)
        self.cycle_panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.cycle_panel.set_x(style.PANEL_LEFT, direction=LEFT)
        # the cycle's boundaries, all at once: the line keeps turning round
        self.ghosts = VGroup()
        self.ghost_updates = []  # j: the line of θ after j updates of the pass
        drawn = [j for j, state in enumerate(self.cycle_states) if np.any(self.thetas[state])]
        for age, j in enumerate(reversed(drawn)):
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
        if self.cycle is None or len(self.ghost_updates) > self.LISTED_ERRORS:
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
        small = style.FONT_SMALL
        self.lift_statuses = {
            "lift": text("add the feature $x_3 = x_1 x_2$: each point rises to its product",
                         theme, small),
            "plane": text("the perceptron on $[x_1, x_2, x_1 x_2]$: its boundary is a plane",
                          theme, small),
        }
        result = self.lifted_trace.result
        theta, theta0 = np.asarray(result["theta"]), float(result["theta0"])
        separates = self.xor.lifted_separates
        self.lifted_separates = separates
        verdict = ("converged" if result["converged"] else "did not converge")
        self.lift_statuses["done"] = text(
            f"{verdict}: {result['updates']} updates in {result['epochs']} epochs; "
            f"the plane {'separates' if separates else 'does not separate'} all "
            f"{lifted.n_samples}", theme, small,
            theme.correct if separates else theme.mistake)
        kind = self.xor.final_curve_kind
        self.final_curve_kind = kind
        equation = fmt_combination([*theta, theta0], LIFTED_TERMS)
        self.lift_statuses["curve"] = text(
            f"in the plane of the data: ${equation} = 0$ \\ {kind}", theme, small)
        for status in self.lift_statuses.values():
            if status.width > style.STATUS_WIDTH:
                status.scale_to_fit_width(style.STATUS_WIDTH)
            status.to_edge(DOWN, buff=style.BOTTOM_BUFF).set_x(style.SPACE_CENTER[0])

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

    # -- the story -------------------------------------------------------------
    def describe_data(self) -> None:
        n = self.data.n_samples
        if n == 4:
            self.narrate("These four corners are XOR: the label is +1 exactly where x₁ and x₂ "
                         "differ in sign. Minsky and Papert (1969): no line separates them.")
        else:
            self.narrate(f"These {n} points lie in clouds around the four XOR corners, labelled "
                         f"+1 around the corners where x₁ and x₂ differ in sign: no line "
                         f"separates them.")
        # the +1 points, then the −1 points, light up in turn while it is read
        markers = self.plane.markers
        self.play(Succession(*(Indicate(group, color=self.theme.highlight, scale_factor=1.0)
                               for group in (markers.plus, markers.minus))),
                  run_time=self.reading_time(self.narration[-1]))

    def conclude(self) -> None:
        super().conclude()
        self.show_cycle()
        self.lift()
        self.play_lifted_run()
        self.back_in_the_plane()

    def show_cycle(self) -> None:
        self.section("cycle", "The perceptron never settles")
        self.show_status(None)
        self.remove(self.hyperplane, self.theta_arrow, self.cursor)
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        self.narrate(f"Mistakes per epoch: {counts}. They never reach 0.")
        self.play(FadeOut(VGroup(self.code, self.labels, self.live)), FadeIn(self.cycle_panel),
                  run_time=style.RUN_INTRO)
        # each sentence below has what it is about move under it: the lines drawn one by
        # one, then the panel's rows it reads out, in turn
        if len(self.ghost_labels):
            tags = ", ".join(str(j) for j in self.ghost_updates)
            sentence = (f"Lines {tags}: the boundary after that many updates of a pass. It "
                        f"turns and never stays.")
        else:
            sentence = ("The boundaries of the run, drawn together, the older ones fainter: "
                        "it turns and never stays.")
        self.narrate(sentence)
        self.play(LaggedStart(*(FadeIn(ghost) for ghost in self.ghosts), lag_ratio=1.0),
                  FadeIn(self.ghost_labels), run_time=self.reading_time(sentence))
        if self.cycle is not None:
            period = int(self.cycle["period_epochs"])
            every = "Every pass" if period == 1 else f"Every {period} passes"
            sentence = (f"{every} the run comes back to the same θ, θ₀: it repeats every "
                        f"{self.cycle['updates_per_period']} updates, forever.")
            self.narrate(sentence)
            self.point_at_rows(self.cycle_state_rows, sentence)
        sentence = f"The training error {self.along} goes {self.errors_words} — {self.best_sentence}."
        self.narrate(sentence)
        self.point_at_rows(self.cycle_error_rows, sentence)

    def point_at_rows(self, rows: VGroup, sentence: str) -> None:
        """The panel's ``rows``, each indicated in turn while ``sentence`` is read."""
        self.play(Succession(*(Indicate(row, color=self.theme.highlight, scale_factor=1.05)
                               for row in rows)),
                  run_time=self.reading_time(sentence))

    def lift(self) -> None:
        self.section("lift", "Lifting with the product feature")
        self.play(FadeOut(self.cycle_panel), FadeOut(self.ghosts), FadeOut(self.ghost_labels),
                  FadeIn(self.space),
                  run_time=style.RUN_INTRO)
        self.statuses.update(self.lift_statuses)
        self.show_status("lift")
        self.narrate("Add a third feature, the product x₁x₂, and lift each point to that "
                     "height.")
        # the title said the perceptron never settles: true of the plane, not of the lift
        lifted_title = self.make_title("XOR, lifted by $x_1 x_2$: a plane can separate it")
        # and no arrow is drawn from here on: the note of their scale goes too
        old = [self.title, *([self.scale_note] if self.scale_note else [])]
        self.swap(old, [lifted_title])
        self.title = lifted_title
        self.still(self.title)
        self.play(self.lift_amount.animate.set_value(1.0), run_time=style.RUN_LIFT,
                  rate_func=smooth)
        self.narrate(self.lift_sentence())
        self.play(self.azimuth.animate.set_value(style.SPACE_AZIMUTH + style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)
        self.wait(style.PAUSE_SHORT)

    def lift_sentence(self) -> str:
        """Where the points go when lifted, said of every point (counted from the data)."""
        across = self.xor.lifted_product_signs
        if across == 0:
            return ("The + points, where x₁x₂ < 0, go down; the − points go up: now a plane "
                    "fits between them.")
        return (f"Most + points have x₁x₂ < 0 and go down, most − points go up; "
                f"{wording.count(across, 'point')} lie across an axis from their corner.")

    def plane_sides(self):
        """(− points above the final plane, + points below it): who is where, vertically."""
        return self.xor.plane_sides

    def play_lifted_run(self) -> None:
        self.section("lifted-perceptron", "The perceptron on lifted points")
        self.show_status("plane")
        sentence = ("The same perceptron on [x₁, x₂, x₁x₂]. Left: its plane, seen in the data "
                    "plane. Right: each drop to the plane has its side's colour.")
        self.narrate(sentence)
        self.play(FadeIn(self.lifted_row), run_time=self.reading_time(sentence) / 2)
        self.remove(self.lifted_row)
        self.add(self.lifted_labels, self.lifted_live, self.curve)
        trace = self.lifted_trace
        on_plane_said = False
        for beat in plan_perceptron(trace.steps["mistake"], trace.steps["epoch"]):
            if beat.kind == UPDATE:
                # the caption says the update that plays under it
                update = self.xor.lifted_updates[beat.update_number - 1]
                places = update.places  # whole numbers on the XOR corners
                self.narrate(f"Update {update.number}: θ = "
                             f"{wording.vector(update.theta, places)}, θ₀ = "
                             f"{wording.number(update.theta0, places)}; on the left, "
                             f"{update.curve}.")
            self.play(self.lifted_tracker.animate.set_value(beat.end),
                      run_time=style.RUN_SLOW_UPDATE if beat.kind == UPDATE else beat.run_time,
                      rate_func=smooth if beat.kind == UPDATE else (lambda t: t))
            if beat.kind == UPDATE and update.on_plane and not on_plane_said:
                # said once, while the points on the plane pulse in turn
                on_plane_said = True
                sentence = self.on_plane_sentence(update)
                self.narrate(sentence)
                for i in update.on_plane:
                    self.pulse(i, self.reading_time(sentence) / len(update.on_plane))
        self.show_status("done")
        result = trace.result
        if result["converged"]:
            sides = self.plane_sides()
            where = ("The − points lie above the plane, the + points below."
                     if sides == (True, True)
                     else "Every drop has the colour of its own point: all on their side.")
            self.narrate(f"Converged: {result['updates']} updates in {result['epochs']} epochs. "
                         f"{where}")
        else:
            self.narrate(f"Not converged after {result['epochs']} epochs: even lifted, "
                         f"these points are not separable.")
        self.play(self.azimuth.animate.set_value(style.SPACE_AZIMUTH - style.SPACE_TURN),
                  run_time=style.RUN_TURN, rate_func=smooth)

    @staticmethod
    def on_plane_sentence(update) -> str:
        """The points on the plane after ``update`` (score 0), said once: a score ≤ 0 is a
        mistake, so they are updated next (the lesson's count of the updates that follow,
        each at a point on the plane before it)."""
        numbers = [str(j + 1) for j in update.on_plane]
        points = (f"Point {numbers[0]} lies" if len(numbers) == 1 else
                  f"Points {', '.join(numbers[:-1])} and {numbers[-1]} lie")
        said = (f"{points} on the plane: y·score 0, and a y·score ≤ 0 counts as a "
                f"mistake")
        following = update.zero_score_updates_next
        if following == 1:
            said += f", so update {update.number + 1} follows"
        elif following > 1:
            said += (f", which is why updates {update.number + 1}–{update.number + following} "
                     f"follow")
        return said + "."

    def back_in_the_plane(self) -> None:
        self.section("back-in-2d", "Back in the plane")
        self.show_status("curve")
        verdict = ("It separates XOR: the + side is shaded." if self.lifted_separates else
                   "Its + side is shaded; it does not separate every point.")
        sentence = (f"In the data plane, that plane is θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0: here "
                    f"{self.final_curve_kind}. {verdict}")
        self.narrate(sentence)
        final = self.lifted_function(len(self.lifted_states_after) - 1)
        if final is not None:
            self.final_shade = ZeroSetShade(self.plane, final, self.theme.positive,
                                            self.theme.shade_opacity)
            self.play(FadeIn(self.final_shade), run_time=self.reading_time(sentence) / 2)
            self.still(self.final_shade)
        # the lifted view turns back to where it started while the last sentence is read
        sentence = "Separable in a lifted space: the idea kernels build on."
        self.narrate(sentence)
        self.play(self.azimuth.animate.set_value(style.SPACE_AZIMUTH),
                  run_time=self.reading_time(sentence), rate_func=smooth)
        self.wait(style.PAUSE_READ * 2)
