"""The spoken form of a caption (linviz.spoken): what a lecturer says, word for word.

Two kinds of test. Unit cases, one or more per rule, each written by hand
from how the sentence is read aloud (never copied from the module's output).
And the sweep: every sentence every scene says, on its default data and on a
data set of the gallery, spoken in both notations, leaves nothing a voice
would spell out or skip and keeps every number of the caption.
"""

from __future__ import annotations

import re

import pytest

from linviz.errors import DataError
from linviz.spoken import RULES, SPEAKABLE, spoken_text, speakable_problems

# -- unit cases: (caption, notation, what is said) -----------------------------------

UNIT_CASES = [
    # the symbols of the parameters, in each notation
    ("θ", "theta", "theta"),
    ("θ₀", "theta", "theta zero"),
    ("θ", "w", "w"),
    ("θ₀", "w", "b"),
    ("w₀ + w₁x", "theta", "w zero plus w one x"),
    ("w", "w", "w"),
    ("b", "w", "b"),
    ("θ* is the unit vector", "theta", "theta star is the unit vector"),
    ("θ* is the unit vector", "w", "w star is the unit vector"),
    ("the run's θ′ and θ′₀", "theta", "the run's theta prime and theta prime zero"),
    ("the run's θ′ and θ′₀", "w", "the run's w prime and b prime"),
    ("θ' = (θ, θ₀)", "theta", "theta prime equals (theta, theta zero)"),
    ("w' = (w, b)", "w", "w prime equals (w, b)"),
    ("[θ₁, θ₂, θ₀]", "theta", "theta one, theta two, theta zero"),
    ("[θ₁, θ₂, θ₀]", "w", "w one, w two, b"),
    # transposes, products and indices
    ("θᵀx", "theta", "theta transpose x"),
    ("wᵀx + b", "w", "w transpose x plus b"),
    ("y(θᵀx + θ₀)", "theta", "y times theta transpose x plus theta zero"),
    ("y(wᵀx + b)", "w", "y times w transpose x plus b"),
    ("x⁽ⁱ⁾", "theta", "x i"),
    ("θ moves by y⁽ⁱ⁾x⁽ⁱ⁾.", "theta", "theta moves by y i x i."),
    ("h⁽¹⁰⁾", "theta", "h 10"),
    ("x⁽ⁱ⁾ᵀx⁽ⁱ⁾ + 1", "theta", "x i transpose x i plus 1"),
    ("x₁x₂", "theta", "x one x two"),
    ("θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0", "theta",
     "theta one x one plus theta two x two plus theta three x one x two plus theta zero "
     "equals 0"),
    ("θ ← θ + yx where yθᵀx ≤ 0", "theta",
     "theta becomes theta plus y x where y theta transpose x at most 0"),
    ("2yθᵀx", "theta", "2 y theta transpose x"),
    ("Mγ and MR²", "theta", "M gamma and M R squared"),
    ("w₀ + 0.42w₁ = 0.28", "theta", "w zero plus 0.42 w one equals 0.28"),
    # norms and powers
    ("‖x‖²", "theta", "the squared norm of x"),
    ("‖θ‖", "theta", "the norm of theta"),
    ("‖θ‖", "w", "the norm of w"),
    ("‖x⁽ⁱ⁾‖² + 1", "theta", "the squared norm of x i plus 1"),
    ("R = max‖x‖ = 1.83", "theta", "R equals the largest norm of x equals 1.83"),
    ("(R/γ)²", "theta", "R over gamma, squared"),
    ("at most (R/γ)² updates", "theta", "at most R over gamma, squared, updates"),
    ("1/(γ/R)² = 51.42", "theta", "1 over the square of gamma over R equals 51.42"),
    ("(y⁽ⁱ⁾)² = 1", "theta", "y i squared equals 1"),
    ("1/γ²", "theta", "1 over gamma squared"),
    ("[1, x, x², …, xᵏ]", "theta", "1, x, x squared, and so on up to x to the k"),
    ("θ in ℝ²", "theta", "theta in R two"),
    ("w* = A⁻¹b", "theta", "w star equals A inverse b"),
    ("⌊(R/γ)²⌋ + 2 = 53 passes", "theta",
     "the floor of R over gamma, squared, plus 2 equals 53 passes"),
    ("Mγ ≤ √M R", "theta", "M gamma at most root M times R"),
    # functions, fractions, bars
    ("h(x; θ, θ₀) = sign(θᵀx + θ₀)", "theta",
     "h of x, theta, theta zero equals sign of theta transpose x plus theta zero"),
    ("(θᵀx + θ₀)/‖θ‖", "theta", "theta transpose x plus theta zero, over the norm of theta"),
    ("−θ₀/‖θ‖", "theta", "minus theta zero over the norm of theta"),
    ("−θ₀/‖θ‖", "w", "minus b over the norm of w"),
    ("σ(z) = 1/(1 + e^(−z))", "theta", "sigma of z equals 1 over 1 plus e to the minus z"),
    ("P(y = −1 | x) = 1 − σ(z)", "theta",
     "P of y equals minus 1 given x equals 1 minus sigma of z"),
    ("|1 − ηλ_min| = 0.861", "theta", "the absolute value of 1 minus eta lambda min equals 0.861"),
    ("κ = λ_max/λ_min = 7.2", "theta", "kappa equals lambda max over lambda min equals 7.2"),
    ("h(x) = [z > 0] jumps", "theta", "h of x equals the indicator of z greater than 0, jumps"),
    ("P = 1/2 everywhere", "theta", "P equals one half everywhere"),
    ("4/40 = 0.10", "theta", "4 over 40 equals 0.10"),
    ("X̃ᵀX̃ and x̄ and ȳ", "theta", "X tilde transpose X tilde and x bar and y bar"),
    ("β = λ_max(X̃ᵀX̃)/(4n)", "theta",
     "beta equals lambda max of X tilde transpose X tilde over 4 n"),
    ("‖∇L‖", "theta", "the norm of the gradient of L"),
    # the training error, named or meant
    ("ℰₙ = 0.35", "theta", "the training error equals 0.35"),
    ("ℰₙ(h) = 0", "theta", "the training error of h equals 0"),
    ("and ℰₙ is the training error", "theta", "and E n is the training error"),
    ("The training error ℰₙ(h) is its mean", "theta", "The training error E n of h is its mean"),
    ("j* = argmin ℰₙ(h⁽ʲ⁾)", "theta", "j star equals arg min the training error of h j"),
    # numbers and relations
    ("score −0.39", "theta", "score minus 0.39"),
    ("1,562 updates", "theta", "1562 updates"),
    ("60,259.8", "theta", "60259.8"),
    ("θ = (−0.83, 0.56)", "theta", "theta equals (minus 0.83, 0.56)"),
    ("says +1 where", "theta", "says plus 1 where"),
    ("a score ≤ 0", "theta", "a score at most 0"),
    ("score −0.01 ≤ 0.", "theta", "score minus 0.01 is at most 0."),
    ("2.53 ≥ 1.28 and 6.70 ≤ 16.82", "theta", "2.53 is at least 1.28 and 6.70 is at most 16.82"),
    ("θ·θ*/‖θ*‖ = 0.74 ≥ γ", "theta",
     "theta dot theta star over the norm of theta star equals 0.74, which is at least gamma"),
    ("1.02 + 1 ≈ 1.64 > 0", "theta", "1.02 plus 1 is about 1.64, which is greater than 0"),
    ("0.693 → 0.411", "theta", "0.693 to 0.411"),
    ("a hard ±1 answer", "theta", "a hard plus or minus 1 answer"),
    ("c ≠ 0", "theta", "c is not 0"),
    ("updates 2–4 follow", "theta", "updates 2 to 4 follow"),
    ("0.25 — never below", "theta", "0.25, never below"),
    ("by 73%", "theta", "by 73 percent"),
    ("3× faster", "theta", "3 times faster"),
    ("y·[x, 1]", "theta", "y times x with a 1 appended"),
    ("The 0-1 loss", "theta", "The zero-one loss"),
    # letters, accents, ellipses
    ("γ, η, β, κ, λ, σ, τ", "theta", "gamma, eta, beta, kappa, lambda, sigma, tau"),
    ("Its hypothesis class ℋ", "theta", "Its hypothesis class H"),
    ("ℓ = −log P(y | x)", "theta", "l equals minus log P of y given x"),
    ("Lₛ = 0.0240", "theta", "L s equals 0.0240"),
    ("on the +1 side…", "theta", "on the plus 1 side..."),
    ("…and −1.30 for this one", "theta", "and minus 1.30 for this one"),
    ("“quoted” and it’s", "theta", '"quoted" and it\'s'),
    ("Poincaré", "theta", "Poincare"),
    ("A⁺b = (0.241, 0.101)", "theta", "A-plus b equals (0.241, 0.101)"),
]


@pytest.mark.parametrize("caption, notation, said", UNIT_CASES,
                         ids=[f"{c[0]}|{c[1]}" for c in UNIT_CASES])
def test_a_caption_is_said_as_a_lecturer_says_it(caption, notation, said):
    assert spoken_text(caption, notation) == said


def test_every_rule_is_documented_and_named_once():
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    assert all(rule.why.strip() for rule in RULES)


def test_an_unknown_notation_is_refused_in_one_line():
    with pytest.raises(DataError, match="unknown notation 'beta'"):
        spoken_text("θ", "beta")


def test_speakable_problems_names_each_unreadable_character_once():
    assert speakable_problems("theta zero equals 0.5, (plus) 'a' \"b\" - 3%; ok? yes! x:") == []
    problems = speakable_problems("θᵀx = ‖x‖ θ")
    assert problems == ["'θ' (GREEK SMALL LETTER THETA)", "'ᵀ' (MODIFIER LETTER CAPITAL T)",
                        "'=' (EQUALS SIGN)", "'‖' (DOUBLE VERTICAL LINE)"]
    assert speakable_problems("a\tb") == ["'\\t' (U+0009)"]


def test_the_speakable_set_is_exactly_the_brief():
    """ASCII letters, digits, space and . , ; : ? ! ' " - ( ) %: written out here."""
    letters = {chr(c) for c in range(ord("a"), ord("z") + 1)}
    expected = letters | {c.upper() for c in letters} | set("0123456789") | set(" .,;:?!'\"-()%")
    assert SPEAKABLE == expected
