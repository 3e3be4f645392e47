"""The polynomial fits of `regression`: the feature map x → [1, x, x², …, xᵏ] in the line's
formula's place, a degree's closed-form curve dashed beside its descent, the table of every
degree's descent and closed form, and the status lines of their summary."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, DashedVMobject, VGroup, VMobject

from linviz import formatting
from linviz.lessons.regression_story import curve_gain_words, fit_places, loss_text
from scenes.toolkit import style
from scenes.toolkit.screen_text import fmt, math, text
from scenes.toolkit.speed.merging import merge_glyphs



def kappa_markup(condition: float) -> str:
    """κ in a table cell: "κ ≈ 7.2", "κ ≈ 1,500", from 10⁴ on its power of ten, "κ ≈ 10⁹"."""
    if np.isfinite(condition) and condition >= 1e4:
        return f"$kappa approx 10^{int(np.round(np.log10(condition)))}$"
    return f"$kappa approx$ {formatting.ratio(condition)}"



class PolynomialFits:
    """The feature map and the fits of every degree (a part of
    :class:`scenes.regression.RegressionScene`)."""

    def make_feature_map(self) -> VGroup:
        """The feature map x → [1, x, …, xᵏ] and h(x) of degree k, in one formula."""
        theme = self.theme
        feature_map = math("x -> tilde(x) = [1, x, x^2, dots, x^k], quad "
                           "h(x) = theta_0 + theta_1 x + dots + theta_k x^k", theme, style.FONT_SMALL)
        # in the place of h(x) = w₀ + w₁x, which no longer holds
        feature_map.move_to(self.formula_h, aligned_edge=LEFT)
        return feature_map

    def make_poly_table(self) -> VGroup:
        """A row per degree: its descent's L, its closed form's, and κ; under the risk."""
        theme, lesson = self.theme, self.lesson
        table_rows = []
        for run in lesson.polynomials:
            places = fit_places(run)  # the two differ where the sentence says they do
            table_rows.append(text(f"$k = {run.degree}$: gradient descent $L = "
                                   f"{fmt(run.final_loss, places)}$, closed form "
                                   f"${fmt(run.closed_loss, places)}$, "
                                   f"{kappa_markup(run.condition)}", theme, style.FONT_SMALL))
        table = VGroup(*table_rows).arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        table.next_to(self.formula_risk, DOWN, buff=3 * style.BUFF).set_x(
            style.REGRESSION_PANEL_LEFT, direction=LEFT)
        return table

    def make_closed_curve(self, run) -> VMobject:
        """A degree's closed-form curve, dashed, as one path of dashes (it lies above the
        moving fit while the run plays)."""
        closed_curve = VMobject(stroke_color=self.theme.correct, stroke_width=style.DASH_STROKE)
        self.draw_curve(closed_curve, run.closed_theta, run.closed_theta0)
        return merge_glyphs(DashedVMobject(closed_curve, num_dashes=style.CURVE_DASHES))

    def polynomial_statuses(self) -> dict:
        """The status lines of the polynomials' summary: the minima in order, how much the
        best curve gains over the line, and where descent stopped short."""
        theme, small, lesson = self.theme, style.FONT_SMALL, self.lesson
        minima = " → ".join(loss_text(m) for m in lesson.closed_minima)
        degree, percent = curve_gain_words(lesson)
        gain = (f"degree {degree}: least $L$ {percent}% below the line's" if lesson.curve_helps
                else f"no curve lowers the least $L$ by more than {percent}%")
        unreached = [str(poly.degree) for poly in lesson.unreached]
        reached = ("descent reached every minimum" if not unreached else
                   f"descent stopped short: $k = {', '.join(unreached)}$")
        if unreached and lesson.descent_ends_out_of_order:
            low, high = lesson.descent_ends_out_of_order[0]
            reached += f"; degree {high} ends above degree {low}"
        return {"minima": text(f"least $L$ by degree: {minima}", theme, small, theme.muted),
                "gain": text(gain, theme, small, theme.muted),
                "reached": text(reached, theme, small, theme.muted)}
