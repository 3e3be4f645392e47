"""Part 1 of `offset-lift`: the 1-D points on a plane, lifted to the line x₂ = 1; a line
through the origin that separates them, the run's boundary and the threshold where it
crosses x₂ = 1; the notes (the feature 1, θ₀ the offset), the run's values and the
summary of both runs."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, Line, Triangle, VGroup

from linviz.geometry import Box, clip_line
from linviz.lessons.offset_lift import threshold_of
from linviz.lessons.offset_lift_story import zero_rule
from scenes.toolkit import style
from scenes.toolkit.layout import predicate_note
from scenes.toolkit.panels import LiveValue, Panel
from scenes.toolkit.plane import DataPlane, Hyperplane, MarkerCloud
from scenes.toolkit.screen_text import fmt, fmt_vector, math, text
from scenes.toolkit.speed.fast_shapes import FastDashedLine


def line_box(x: np.ndarray) -> Box:
    """The square view of the lifted line: the points' range and the origin, little padding
    (so the 1-D points spread over the whole width), x₂ from below 0 to above 1."""
    low, high = min(0.0, float(np.min(x))), max(0.0, float(np.max(x)))
    pad = max(0.12 * (high - low), 0.5)
    side = high - low + 2 * pad
    return Box(low - pad, high + pad, 0.5 - side / 2, 0.5 + side / 2)


#: what sign(θ₁x) does with the points, on screen (Typst), by the lesson's rule
#: (:func:`linviz.lessons.offset_lift_story.zero_rule`, whose words the sentence says)
THROUGH_ZERO_SHOWN = {
    "positive": "gives every $x > 0$ the same label",
    "negative": "gives every $x < 0$ the same label",
    ("both", False): "splits only at $0$, which fails here",
    ("both", True): "splits only at $0$ (here that works)",
    ("both", True, "standardised"): "splits only at $0$ (centred: works)",
}


class LiftedLine:
    """The 1-D points lifted to x₂ = 1 and the run through the origin on them (a part of
    :class:`scenes.offset_lift.OffsetLiftScene`)."""

    def build_line_plane(self) -> None:
        """The plane of [x, x₂], its markers drawn smaller on opaque discs, on the x axis."""
        theme, lesson = self.theme, self.lesson
        self.plane = DataPlane(self.lifted.X, self.data.y, theme, box=line_box(lesson.x),
                               axis_labels=("x", "x_2"))
        # smaller markers on opaque discs: a − on the axis reads as a sign, not as a piece
        # of the axis, and neighbours keep a gap; lines pass under them
        self.plane.remove(self.plane.markers)
        self.plane.markers = MarkerCloud(self.data.y, theme, self.marker_size(),
                                         positions=self.plane.c2p_many(self.lifted.X * [1, 0]))
        self.plane.markers.discs.set_fill(opacity=1)

    def build_line_marks(self) -> None:
        """The dotted line x₂ = 1 and its name, an example line through the origin, the
        run's boundary with its note, and the threshold's pointer, foot and drop."""
        theme, lesson = self.theme, self.lesson
        box = self.plane.box
        # dotted and thin: the − markers sit on it and must not read as its dashes
        self.lifted_line = FastDashedLine(theme.muted, stroke_width=style.DOTTED_STROKE,
                                          dash_length=style.DOTTED_LENGTH,
                                          dashed_ratio=0.4).set_ends(
            self.plane.c2p((box.x_min, 1)), self.plane.c2p((box.x_max, 1)))
        # under the line's right end: above it sit the rightmost points
        self.lifted_line_label = math("x_2 = 1", theme, style.FONT_SMALL).next_to(
            self.lifted_line, DOWN, buff=style.SMALL_BUFF).align_to(self.lifted_line, RIGHT)
        # a line through the origin that crosses x₂ = 1 between the classes
        segment = clip_line(lesson.example_weights, 0.0, box)
        self.example_line = Line(*self.plane.c2p_many(np.asarray(segment)),
                                 stroke_color=theme.muted, stroke_width=style.LINE_STROKE / 2)
        self.hyperplane = Hyperplane(self.plane, self.thetas[0], 0.0, show_notes=False)
        self.no_boundary = predicate_note(
            Hyperplane.NOTES["zero"], theme,
            lambda: lesson.line.no_boundary(self.tracker.step)).next_to(
            self.plane.axes, UP, buff=style.SMALL_BUFF, aligned_edge=LEFT)
        # the threshold: a pointer above the points of x₂ = 1 (never on a marker), a dashed
        # drop through the line's crossing down to the foot on the x axis
        self.pointer = Triangle(color=theme.highlight, fill_color=theme.highlight,
                                fill_opacity=1, stroke_width=0).rotate(np.pi).scale_to_fit_width(
            style.THRESHOLD_POINTER)
        self.foot = Dot(radius=style.THRESHOLD_DOT, color=theme.highlight)
        self.drop = FastDashedLine(theme.highlight)

    def build_line_notes(self) -> None:
        """The notes, a panel per stage (one, two, three rows), and the run's live values
        under them."""
        theme, lesson = self.theme, self.lesson
        self.values = {
            "M": LiveValue("M", 0, theme),
            "theta": LiveValue("[theta_1, theta_0]", fmt_vector((0, 0)), theme),
            "threshold": LiveValue("-theta_0 / theta_1", "", theme),
        }
        small = style.FONT_SMALL
        zero_key = zero_rule(lesson)

        def note_rows():
            return [
                text(f"in 1-D, $h(x) = op(\"sign\")(theta_1 x)$ {THROUGH_ZERO_SHOWN[zero_key]}",
                     theme, small),
                text("add the constant feature 1: $x |-> [x, 1]$", theme, small),
                text("$[theta_1, theta_0]^T [x, 1] = theta_1 x + theta_0$: $theta_0$ is the "
                     "offset", theme, small),
            ]
        # the panel grows with its rows: a box is never bigger than what it holds
        self.note_stages = [Panel(note_rows()[:k], theme) for k in (1, 2, 3)]
        for panel in self.note_stages:
            panel.next_to(self.title, DOWN, buff=style.BUFF).set_x(style.PANEL_LEFT,
                                                                   direction=LEFT)
        self.notes = self.note_stages[-1]
        self.value_rows = VGroup(*self.values.values()).arrange(DOWN, aligned_edge=LEFT,
                                                                buff=style.SMALL_BUFF)
        self.value_rows.next_to(self.notes, DOWN, buff=style.BUFF, aligned_edge=LEFT)

    def make_line_summary(self) -> Panel:
        """Where both runs ended: through the origin on [x, 1], with offset on x, and the
        threshold with their update counts."""
        theme, lesson, small = self.theme, self.lesson, style.FONT_SMALL
        offset_result = self.offset_trace.result
        theta_line = lesson.final_weights
        origin_updates, offset_updates = lesson.line.updates
        either = (f"{origin_updates} updates either way" if origin_updates == offset_updates
                  else f"{origin_updates} and {offset_updates} updates")
        return Panel([
            text(f"through the origin on $[x, 1]$: $[theta_1, theta_0] = "
                 f"{fmt_vector(theta_line)}$", theme, small),
            text(f"with offset on $x$: $theta_1 = {fmt(offset_result['theta'][0])}, "
                 f"theta_0 = {fmt(offset_result['theta0'])}$", theme, small),
            text(f"threshold $x = {fmt(lesson.final_threshold)}$, {either}", theme, small,
                 theme.correct),
        ], theme)

    def follow_line_run(self) -> None:
        """The markers follow the lift, the boundary, the threshold's marks and the live
        values the run's step."""
        X = self.lesson.x
        self.plane.markers.add_updater(lambda markers: markers.set_positions(
            self.plane.c2p_many(np.column_stack([X, np.full(len(X), self.lift_amount.get_value())]))))
        self.hyperplane.add_updater(
            lambda h: h.set_parameters(self.parameters(), 0.0, self.step_state().presence))
        self.threshold_marks = VGroup(self.drop, self.foot, self.pointer)
        self.threshold_marks.add_updater(lambda _: self.place_threshold())
        self.live.add_updater(lambda _: self.update_values())

    def marker_size(self) -> float:
        """The half-width of a marker on the line: the usual size, smaller where distinct
        points lie closer (a fraction of the least gap on screen, not below a floor), so
        that dense data (Iris petal lengths, 0.1 cm apart) keeps its points apart."""
        gaps = np.diff(np.unique(self.lesson.x)) * self.plane.unit
        if not len(gaps):
            return style.LINE_POINT_SIZE
        return float(np.clip(style.LINE_POINT_GAP_FRACTION * gaps.min(), style.LINE_POINT_MIN,
                             style.LINE_POINT_SIZE))

    def place_threshold(self) -> None:
        """Mark where the boundary crosses x₂ = 1: the pointer above the points there, the
        drop from the crossing to the foot on the x axis (hidden when out of view)."""
        x = threshold_of(self.parameters())
        box = self.plane.box
        if x is None or not box.x_min <= x <= box.x_max:
            for part in self.threshold_marks:
                part.set_opacity(0)
            return
        top, bottom = self.plane.c2p((x, 1)), self.plane.c2p((x, 0))
        self.pointer.next_to(top, UP, buff=style.LINE_POINT_SIZE / 2 + style.SMALL_BUFF)
        self.pointer.set_opacity(1)
        self.foot.move_to(bottom).set_opacity(1)
        self.drop.set_ends(top, bottom).set_stroke(opacity=1)

    def update_values(self) -> None:
        state = int(self.states_after[self.tracker.step])
        theta = self.thetas[state]
        self.values["M"].set_value(state)
        self.values["theta"].set_value(fmt_vector(theta))
        x = threshold_of(theta)
        self.values["threshold"].set_value("" if x is None else fmt(x))

    def grow_notes(self, k: int) -> None:
        """Put the notes panel of stage k in place of stage k − 1, its new row not yet shown."""
        old, new = self.note_stages[k - 1], self.note_stages[k]
        self.remove(old, old.box, *old.rows)
        self.add(new.box, *new.rows[:k])
