"""The bowl of `regression`: the squared loss's contours over the (θ₀, θ₁) plane with the
closed-form θ̃* = A⁻¹c, the gradient-descent path on it, the bowl's flat and steep axes
with their status lines, and the singular case (another loss whose minimizers are a
valley, and A⁺c on it)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, DashedVMobject, Dot, Line, VGroup, VMobject

from linviz import formatting
from linviz.regression import squared_loss_contour
from scenes.toolkit import style
from scenes.toolkit.gd_plots import RegressionPlot
from scenes.toolkit.screen_text import fmt, math, text
from scenes.toolkit.speed.merging import merge_glyphs


class RegressionBowl:
    """The loss over (θ₀, θ₁) and the descent's path on it (a part of
    :class:`scenes.regression.RegressionScene`)."""

    def build_contours(self) -> None:
        """Loss contours around the closed-form point, the path and its head (static parts)."""
        theme = self.theme
        x, y = self.data.X[:, 0], self.data.y
        lesson = self.lesson
        self.closed_w = lesson.closed_w
        self.closed_loss = lesson.line.closed_loss
        start_loss = float(self.trace.states["loss"][0])
        self.contour_levels = list(lesson.contour_levels)
        outermost = squared_loss_contour(x, y, self.contour_levels[-1])
        path = np.column_stack([self.trace.states["theta0"], self.trace.states["theta"][:, 0]])
        # a diverging path (a step set too large) leaves the view rather than shrink the bowl
        reach = 3 * np.max(np.abs(outermost - self.closed_w), axis=0)
        near = np.all(np.abs(path - self.closed_w) <= reach, axis=1)
        # each axis fitted to the bowl and the path, with tick values (at most
        # CONTOUR_MAX_STRETCH times apart in scale: a narrow bowl still looks narrow)
        self.weights = RegressionPlot(np.vstack([outermost, path[near]]), theme, "", "",
                                      width=style.CONTOUR_SIDE, height=style.CONTOUR_SIDE,
                                      center=style.CONTOUR_CENTER,
                                      padding=style.CONTOUR_PADDING, symbols=("theta_0", "theta_1"),
                                      max_stretch=style.CONTOUR_MAX_STRETCH)
        self.contours = VGroup()
        for level in self.contour_levels:
            ring = squared_loss_contour(x, y, level, style.CURVE_SAMPLES)
            self.contours.add(VMobject(stroke_color=theme.grid if level < start_loss
                                       else theme.muted, stroke_width=style.CONTOUR_STROKE)
                              .set_points_as_corners([self.weights.c2p(p) for p in ring]))
        self.contours.set_stroke(theme.muted, opacity=0.8)
        self.closed_dot = Dot(self.weights.c2p(self.closed_w), radius=style.DATA_DOT,
                              color=theme.correct)
        self.closed_label = math(f"tilde(theta)^* = ({fmt(self.closed_w[0], 3)}, "
                                 f"{fmt(self.closed_w[1], 3)})", theme,
                                 style.FONT_SMALL).set_color(theme.correct)
        self.closed_label.add_background_rectangle(color=theme.background, opacity=0.75, buff=0.04)
        self.place_closed_label()
        self.build_singular_case()
        self.path = VMobject(stroke_color=theme.step, stroke_width=style.PLOT_STROKE)
        self.path_head = Dot(self.weights.c2p((0, 0)), radius=style.PLOT_DOT * 1.3,
                             color=theme.step)
        self.path_points = [self.weights.c2p(p) for p in path]

    def place_closed_label(self) -> None:
        """The label of w* inside the frame, off its tick values: right of the dot, else left;
        when neither fits (a narrow frame), in the first inside corner clear of the bowl
        (upper left, upper right, lower left, lower right), joined to the dot by a line."""
        frame, label, dot = self.weights.frame, self.closed_label, self.closed_dot
        inside = lambda: (label.get_left()[0] >= frame.get_left()[0]
                          and label.get_right()[0] <= frame.get_right()[0])
        label.next_to(dot, RIGHT, buff=style.SMALL_BUFF)
        if inside():
            return
        label.next_to(dot, LEFT, buff=style.SMALL_BUFF)
        if inside():
            return
        bowl = self.contours
        bowl_low, bowl_high = bowl.get_corner(DOWN + LEFT), bowl.get_corner(UP + RIGHT)
        for corner in (UP + LEFT, UP + RIGHT, DOWN + LEFT, DOWN + RIGHT):
            label.move_to(frame.get_corner(corner) - corner * style.SMALL_BUFF,
                          aligned_edge=corner)
            low, high = label.get_corner(DOWN + LEFT), label.get_corner(UP + RIGHT)
            if np.any(high[:2] < bowl_low[:2]) or np.any(low[:2] > bowl_high[:2]):
                break
        else:
            label.move_to(frame.get_corner(UP + LEFT) + (DOWN + RIGHT) * style.SMALL_BUFF,
                          aligned_edge=UP + LEFT)
        end = label.get_critical_point(np.sign(dot.get_center() - label.get_center())
                                       * np.array([1.0, 1.0, 0.0]))
        leader = Line(end, dot.get_center(), stroke_width=1.5, color=self.theme.correct)
        leader.set_stroke(opacity=0.7)
        self.closed_label = VGroup(leader, label)

    def build_singular_case(self) -> None:
        """What A⁺ is for, on another loss: the same targets with every x moved to x̄.

        Then A = Σ x̃x̃ᵀ with x̃ = [1, x̄] has rank 1 and that loss,
        L̄(w) = (w₀ + x̄w₁ − ȳ)² + var(y), depends on w only through w₀ + x̄w₁: its
        contours are pairs of parallel lines and its minimizers the valley
        w₀ + x̄w₁ = ȳ. It is drawn in place of the real contours (which fade),
        never on them. A⁺b is the valley's point nearest 0.
        """
        theme, lesson = self.theme, self.lesson
        self.singular_w = lesson.singular_w
        self.x_mean, self.y_mean = lesson.x_mean, lesson.y_mean
        self.A_eigenvalues = lesson.normal_matrix_eigenvalues
        box = self.weights.box
        direction = np.array([-self.x_mean, 1.0]) / np.hypot(self.x_mean, 1.0)
        across = np.array([1.0, self.x_mean]) / (1 + self.x_mean ** 2)  # moves w₀ + x̄w₁ by 1

        def line_in_view(offset: float):
            """The line w₀ + x̄w₁ = ȳ + offset clipped to the view, or None."""
            ts = np.linspace(-10, 10, 4001) * max(box.x_max - box.x_min, box.y_max - box.y_min)
            points = self.singular_w + offset * across + ts[:, None] * direction
            inside = box.contains(points, tolerance=0.0)
            if inside.sum() < 2:
                return None
            line = VMobject(stroke_width=style.CONTOUR_STROKE)
            return line.set_points_as_corners([self.weights.c2p(p)
                                               for p in points[inside][[0, -1]]])

        self.singular_contours = VGroup(*[line for offset in lesson.singular_contour_offsets()
                                          for sign in (-1, 1)
                                          if (line := line_in_view(sign * offset)) is not None])
        self.singular_contours.set_stroke(theme.highlight, opacity=0.6)
        valley = line_in_view(0.0)
        valley.set_stroke(theme.correct, width=style.DASH_STROKE)
        self.valley = merge_glyphs(DashedVMobject(valley, num_dashes=style.CURVE_DASHES // 2))
        self.pinv_dot = Dot(self.weights.c2p(self.singular_w), radius=style.DATA_DOT,
                            color=theme.highlight)
        self.pinv_label = math("A^+ c", theme, style.FONT_SMALL).set_color(theme.highlight)
        self.pinv_label.next_to(self.pinv_dot, DOWN + RIGHT, buff=style.SMALL_BUFF)
        self.pinv_label.add_background_rectangle(color=theme.background, opacity=0.75,
                                                 buff=0.04)

    def update_path(self) -> None:
        """The descent's path on the bowl up to the tracker's step, its head at that step."""
        s = min(max(self.tracker.get_value(), 0.0), float(self.run.n_steps))
        whole = int(np.floor(s + 1e-9))
        points = self.path_points[:whole + 1]
        theta, theta0, _ = self.parameters(s)
        head = self.weights.c2p((theta0, theta[0]))
        points = [*points, head] if s > whole + 1e-9 else points
        self.path.set_points_as_corners(points if len(points) > 1 else [head, head])
        self.path_head.move_to(head)

    def bowl_statuses(self) -> dict:
        """The status lines of the bowl's axes: their curvatures (in the axes' colours), the
        factor each step multiplies the error by along them, and their ratio κ."""
        theme, small, run = self.theme, style.FONT_SMALL, self.lesson.line
        low, high = (formatting.significant(value) for value in run.curvature)
        flat, steep = (formatting.factor(value) for value in (run.flat_factor, run.steep_factor))
        if run.round and not run.unstable_step:
            eigen = text(f"both axes: $lambda = {low}$ and ${high}$", theme, small, theme.normal)
            factors = text(f"each step: error $times$ at most "
                           f"{formatting.factor(max(run.flat_factor, run.steep_factor))} in every "
                           f"direction", theme, small, theme.muted)
        else:
            eigen = VGroup(text(f"flat axis: $lambda_min = {low}$", theme, small, theme.normal),
                           text(f"steep axis: $lambda_max = {high}$", theme, small,
                                theme.boundary)).arrange(RIGHT, buff=3 * style.BUFF)
            factors = text(f"per step: error $times {flat}$ (flat axis), $times {steep}$ "
                           f"(steep axis)", theme, small, theme.muted)
        kappa = text(f"$kappa = lambda_max / lambda_min = {formatting.ratio(run.condition)}$",
                     theme, small, theme.muted)
        return {"eigen": eigen, "factors": factors, "kappa": kappa}

    def bowl_axes(self, same_colour: bool = False) -> tuple[VMobject, VMobject]:
        """The bowl's flat and steep axes through w*, out to its outermost contour drawn
        (``same_colour``: a round bowl's two perpendicular lines, neither flatter)."""
        theme = self.theme
        drawn = []
        colours = (theme.normal, theme.normal if same_colour else theme.boundary)
        for segment, colour in zip(self.lesson.bowl_axes(self.contour_levels[-1]), colours):
            line = VMobject(stroke_color=colour, stroke_width=style.CONTOUR_STROKE + 1)
            drawn.append(line.set_points_as_corners([self.weights.c2p(p) for p in segment]))
        return drawn[0], drawn[1]
