"""What the parts of `proof` share: the formulas of its boards, the rows each sentence
is about, and small helpers of its numbers."""

from __future__ import annotations

from manim import LEFT, UP, config

from linviz import formatting
from scenes.toolkit import style
from scenes.toolkit.screen_text import fmt

ALIGNMENT = "theta dot theta^* \\/ norm(theta^*)"
NORM_SQUARED = "norm(theta)^2"
FACT_ALIGNMENT = ("(theta + y x) dot theta^* \\/ norm(theta^*) = " + ALIGNMENT
                  + " + underbrace(y thin x dot theta^* \\/ norm(theta^*), >= gamma)")
FACT_NORM = ("norm(theta + y x)^2 = norm(theta)^2 + underbrace(2 y thin theta^T x, <= 0)"
             " + underbrace(norm(x)^2, <= R^2)")
CHAIN_TERMS = ["M gamma", ALIGNMENT, "norm(theta)", "sqrt(M) thin R"]
CHAIN_REASONS = ["by (1)", "Cauchy–Schwarz", "by (2)"]
CONSEQUENCE = ("M gamma <= sqrt(M) thin R quad => quad sqrt(M) <= R / gamma quad => quad "
               "M <= (R / gamma)^2")
#: the two facts and the chain for the points divided by R, whose margin is γ/R (not γ)
NORMALIZED_FACTS = "theta^T theta^* >= M gamma \\/ R, quad theta^T theta <= M"
NORMALIZED_CHAIN = ("=> quad M gamma \\/ R <= sqrt(M) quad => quad "
                    "M <= 1 / (gamma \\/ R)^2")


#: the normalized board's first row about the real run on the scaled points
NORMALIZED_RUN_ROW = 7

#: the theorem board's rows, a sentence each (the storyboard's ``rows`` 1, 2, 3): the
#: premises A, B and C; its conclusion; this data's values (γ, R, the bound), said last
THEOREM_ROWS = {1: (0, 1, 2, 4), 2: (6,), 3: (3, 5, 7)}


def fit_in_column(group) -> None:
    """Scale ``group`` about its top left corner so that it ends inside the frame on the
    right (numbers of a long run are wide)."""
    room = config.frame_width / 2 - style.SMALL_BUFF - group.get_left()[0]
    if group.width > room:
        group.scale(room / group.width, about_point=group.get_corner(UP + LEFT))


#: a count with its thousands grouped: "162,015 updates"
counted = formatting.grouped_count


def signed(value: float, places: int = 2) -> str:
    """A change, always with its sign: +0.74, -0.05."""
    body = fmt(value, places)
    return body if body.startswith("-") else "+" + body
