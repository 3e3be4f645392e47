"""scenes.toolkit.speed.typeset against Manim's own Typst import, taken as the independent reference.

For each source, the fast importer's glyphs and rules (``parts=True``) must be
Manim's ``Typst``/``MathTypst`` submobjects one for one: the same Bézier
points, the same visible fill, the same rule widths and colours.
"""

from __future__ import annotations

import numpy as np
import pytest
import svgelements as se
from hypothesis import given, settings
from hypothesis import strategies as st
from manim import MathTypst, Typst, tempconfig

from scenes.toolkit.speed.typeset import OutsideVocabulary, Typeset, parse_transform, typeset

PROSE = [
    "*The perceptron* with offset",
    "*if* $y^((i))(theta^T x^((i)) + theta_0) <= 0$:",
    "start: $theta = 0$, so every score is $0$",
    "the *maximum-margin* separator $theta^*$: $gamma = 0.21$",
    'score #text(fill: rgb("#d55e00"))[$<= 0$]: a mistake',
    "every point lies in the circle of radius $R = max_i norm(x^((i))) = 1.27$",
]
MATH = [
    "M gamma <= (theta^((M)) dot theta^*) / norm(theta^*) <= norm(theta^((M))) <= sqrt(M) R",
    "M <= (R / gamma)^2 = 51.03",
    "L(theta, theta_0) = 1/n sum_(i=1)^n ell(x^((i)), y^((i)))",
    "h(x; theta, theta_0) = op(\"sign\")(theta^T x + theta_0)",
    "P(y = +1 | x) = sigma(theta^T x + theta_0)",
    "(x_1, x_2) |-> (x_1, x_2, x_1 x_2)",
]
TOKENS = ["x", "y", "theta", "gamma", "1", "2", "+", "-", "=", "<=", "x^2", "theta_0", "a/b", "sqrt(x)",
          "norm(x)", "sum_(i=1)^n", "(a + b)", "dot", "R", "M", "frac(1, 2)", "vec(1, 2)"]


@pytest.fixture(autouse=True)
def media(tmp_path):
    with tempconfig({"media_dir": str(tmp_path), "quality": "low_quality",
                     "verbosity": "ERROR"}):
        yield


def reference(source: str, is_math: bool, font_size: float, colour: str):
    manim_class = MathTypst if is_math else Typst
    return manim_class(source, font_size=font_size, color=colour, use_svg_cache=False)


def assert_same_drawing(ours, theirs) -> None:
    assert len(ours.submobjects) == len(theirs.submobjects)
    for mine, ref in zip(ours.submobjects, theirs.submobjects):
        assert mine.points.shape == ref.points.shape
        np.testing.assert_allclose(mine.points, ref.points, atol=1e-9)
        assert mine.get_fill_opacity() == pytest.approx(ref.get_fill_opacity())
        if ref.get_fill_opacity() > 0:
            np.testing.assert_allclose(mine.fill_rgbas, ref.fill_rgbas)
        assert mine.get_stroke_width() == pytest.approx(ref.get_stroke_width(), abs=1e-9)
        if ref.get_stroke_width() > 0:
            np.testing.assert_allclose(mine.stroke_rgbas, ref.stroke_rgbas)


@pytest.mark.parametrize("source", PROSE)
def test_prose_matches_manims_typst(source):
    ours = Typeset(source, font_size=30, colour="#e8e8e8", parts=True)
    assert_same_drawing(ours, reference(source, False, 30, "#e8e8e8"))


@pytest.mark.parametrize("source", MATH)
def test_mathematics_matches_manims_math_typst(source):
    ours = Typeset(f"$ {source} $", font_size=36, colour="#222222", parts=True)
    assert_same_drawing(ours, reference(source, True, 36, "#222222"))


@settings(max_examples=12)
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=7),
       st.sampled_from([18.0, 24.0, 40.0]))
def test_random_formulas_match_manim(tokens, font_size):
    source = " ".join(tokens)
    ours = Typeset(f"$ {source} $", font_size=font_size, colour="#0072b2", parts=True)
    assert_same_drawing(ours, reference(source, True, font_size, "#0072b2"))


def test_merged_keeps_every_point_once_per_style():
    """The default draws each style as one path: the same points, grouped by style."""
    source = 'a/b + #text(fill: rgb("#d55e00"))[$c$] + sqrt(x)'
    parts = typeset(source, is_math=True, font_size=30, colour="#ffffff", parts=True)
    merged = typeset(source, is_math=True, font_size=30, colour="#ffffff")
    styles = {}
    for part in parts.submobjects:
        key = (part.get_fill_color().to_hex(), round(float(part.get_fill_opacity()), 6),
               round(float(part.get_stroke_width()), 6))
        styles.setdefault(key, []).append(part.points)
    # glyphs in white, the orange c, and the rules (fraction bar, radical's bar)
    assert len(merged.submobjects) == len(styles) == 3
    for piece in merged.submobjects:
        key = (piece.get_fill_color().to_hex(), round(float(piece.get_fill_opacity()), 6),
               round(float(piece.get_stroke_width()), 6))
        np.testing.assert_array_equal(piece.points, np.concatenate(styles[key]))


def test_scaling_scales_the_rules_as_manim_does():
    ours = Typeset("$ a/b $", font_size=30, colour="#ffffff", parts=True).scale(2.5)
    theirs = reference("a/b", True, 30, "#ffffff").scale(2.5)
    assert_same_drawing(ours, theirs)


def test_groups_fall_back_to_manim_and_can_be_selected():
    formula = typeset("{{ a^2 : lhs }} = {{ c^2 : rhs }}", is_math=True, font_size=30,
                      colour="#ffffff", parts=True)
    assert isinstance(formula, MathTypst)
    assert len(formula.select("lhs")) == 2 and len(formula.select("rhs")) == 2


def test_the_same_source_gives_the_same_points():
    first = Typeset("$ theta^T x + theta_0 $", font_size=30, colour="#ffffff")
    second = Typeset("$ theta^T x + theta_0 $", font_size=30, colour="#ffffff")
    for a, b in zip(first.submobjects, second.submobjects, strict=True):
        np.testing.assert_array_equal(a.points, b.points)


@pytest.mark.parametrize("transform", [
    "matrix(1 0 0 -1 3.5 6.83)", "translate(2 -1.5)", "translate(4)",
    "matrix(0.5 0.1 -0.2 0.7 1 2) translate(3 4) scale(2)", "scale(1.5 -2)",
])
def test_transforms_match_svgelements(transform):
    matrix = se.Matrix(transform)
    expected = np.array([[matrix.a, matrix.c, matrix.e], [matrix.b, matrix.d, matrix.f],
                         [0, 0, 1]])
    np.testing.assert_allclose(parse_transform(transform), expected, atol=1e-12)


@pytest.mark.parametrize("transform", ["rotate(30)", "skewX(10)", "matrix(1 0 0)"])
def test_unknown_transforms_are_left_to_manim(transform):
    with pytest.raises(OutsideVocabulary):
        parse_transform(transform)
