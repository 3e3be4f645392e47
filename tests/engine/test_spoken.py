"""The spoken form of a caption (linviz.spoken): what a lecturer says, word for word.

Two kinds of test. Unit cases, one or more per rule, each written by hand
from how the sentence is read aloud (never copied from the module's output).
And the sweep: every sentence every scene says, on its default data and on a
data set of the gallery, spoken in both notations, leaves nothing a voice
would spell out or skip and keeps every number of the caption.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.errors import DataError
from linviz.spoken import RULES, SPEAKABLE, dropped_symbols, spoken_text, speakable_problems

# -- unit cases: (caption, notation, what is said) -----------------------------------

UNIT_CASES = [
    # the symbols of the parameters, in each notation
    ("θ", "theta", "theta"),
    ("θ₀", "theta", "theta zero"),
    ("θ", "w", "w"),
    ("θ₀", "w", "b"),
    ("w₀ + w₁x", "theta", "w zero plus w one x"),
    ("w", "w", "w"),
    ("w₀", "w", "w zero"),
    ("b", "w", "b"),
    ("θ* is the unit vector", "theta", "theta star is the unit vector"),
    ("θ* is the unit vector", "w", "w star is the unit vector"),
    ("the run's θ′ and θ′₀", "theta", "the run's theta prime and theta zero prime"),
    ("the run's θ′ and θ′₀", "w", "the run's w prime and b prime"),
    ("θ' = (θ, θ₀)", "theta", "theta prime equals (theta, theta zero)"),
    ("w' = (w, b)", "w", "w prime equals (w, b)"),
    # an apostrophe's s is not a prime (review 312: "θ's wedge" read "theta prime s")
    ("this θ's wedge", "theta", "this theta's wedge"),
    ("this θ's wedge", "w", "this w's wedge"),
    ("[θ₁, θ₂, θ₀]", "theta", "theta one, theta two, theta zero"),
    ("[θ₁, θ₂, θ₀]", "w", "w one, w two, b"),
    # transposes, products and indices
    ("θᵀx", "theta", "theta transpose x"),
    ("wᵀx + b", "w", "w transpose x plus b"),
    ("y(θᵀx + θ₀)", "theta", "y times the quantity theta transpose x plus theta zero"),
    ("y(wᵀx + b)", "w", "y times the quantity w transpose x plus b"),
    ("x⁽ⁱ⁾", "theta", "x i"),
    ("θ moves by y⁽ⁱ⁾x⁽ⁱ⁾.", "theta", "theta moves by y i times x i."),
    ("h⁽¹⁰⁾", "theta", "h 10"),
    ("x⁽ⁱ⁾ᵀx⁽ⁱ⁾ + 1", "theta", "x i transpose x i plus 1"),
    ("x₁x₂", "theta", "x one x two"),
    ("θ₁x₁ + θ₂x₂ + θ₃x₁x₂ + θ₀ = 0", "theta",
     "theta one x one plus theta two x two plus theta three x one x two plus theta zero "
     "equals 0"),
    ("θ ← θ + yx where yθᵀx ≤ 0", "theta",
     "theta becomes theta plus y times x where y theta transpose x is at most 0"),
    ("2yθᵀx", "theta", "2 y theta transpose x"),
    ("2ywᵀx", "w", "2 y times w transpose x"),
    ("where ywᵀx ≤ 0", "w", "where y times w transpose x is at most 0"),
    ("x·w*", "w", "x dot w star"),
    ("Mγ and MR²", "theta", "M gamma and M times R squared"),
    ("w₀ + 0.42w₁ = 0.28", "theta", "w zero plus 0.42 w one equals 0.28"),
    # norms and powers
    ("‖x‖²", "theta", "the squared norm of x"),
    ("‖θ‖", "theta", "the norm of theta"),
    ("‖θ‖", "w", "the norm of w"),
    ("‖x⁽ⁱ⁾‖² + 1", "theta", "the squared norm of x i, plus 1"),
    ("R = max‖x‖ = 1.83", "theta", "R equals the largest norm of x, that is 1.83"),
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
    ("Mγ ≤ √M R", "theta", "M gamma is at most root M, times R"),
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
    ("κ = λ_max/λ_min = 7.2", "theta", "kappa equals lambda max over lambda min, that is 7.2"),
    ("h(x) = [z > 0] jumps", "theta", "h of x equals the indicator of z greater than 0, jumps"),
    ("P = 1/2 everywhere", "theta", "P equals one half everywhere"),
    ("4/40 = 0.10", "theta", "4 over 40 equals 0.1"),
    ("X̃ᵀX̃ and x̄ and ȳ", "theta", "X tilde transpose X tilde and x bar and y bar"),
    ("β = λ_max(X̃ᵀX̃)/(4n)", "theta",
     "beta equals lambda max of X tilde transpose X tilde over 4 n"),
    ("‖∇L‖", "theta", "the norm of the gradient of L"),
    ("the point(s) stay", "theta", "the point(s) stay"),
    ("L(h(x), y) and ℰₙ(θ, θ₀)", "theta",
     "L of h of x, y, and the training error of theta, theta zero"),
    ("sign(θᵀx + θ₀) says +1", "theta", "sign of theta transpose x plus theta zero, says plus 1"),
    # the training error, named or meant
    ("ℰₙ = 0.35", "theta", "the training error equals 0.35"),
    ("ℰₙ(h) = 0", "theta", "the training error of h equals 0"),
    ("and ℰₙ is the training error", "theta", "and E n is the training error"),
    ("The training error ℰₙ(h) is its mean", "theta", "The training error E n of h is its mean"),
    ("j* = argmin ℰₙ(h⁽ʲ⁾)", "theta", "j star equals the arg min of the training error of h j"),
    # numbers and relations
    ("score −0.39", "theta", "score minus 0.39"),
    ("1,562 updates", "theta", "1562 updates"),
    ("60,259.8", "theta", "60259.8"),
    ("Updates 2 to 162,015, fast forward", "theta", "Updates 2 to 162015, fast forward"),
    ("points 4, 4, 7", "theta", "points 4, 4, 7"),
    ("θ = (−0.83, 0.56)", "theta", "theta equals (minus 0.83, 0.56)"),
    ("says +1 where", "theta", "says plus 1 where"),
    ("a score ≤ 0", "theta", "a score at most 0"),
    ("any η ≤ 1/β lowers", "theta", "any eta at most 1 over beta lowers"),
    ("where x₁x₂ < 0, go", "theta", "where x one x two is less than 0, go"),
    ("1 exactly when y(θᵀx + θ₀) ≤ 0", "theta",
     "1 exactly when y times the quantity theta transpose x plus theta zero is at most 0"),
    ("some θ, θ₀ has y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) > 0", "theta",
     "some theta, theta zero has y i times the quantity theta transpose x i plus theta zero greater than 0"),
    ("the points with |y z| ≤ 4", "theta", "the points with the absolute value of y z at most 4"),
    ("after M updates: ‖θ‖² ≤ MR²", "theta",
     "after M updates: the squared norm of theta is at most M times R squared"),
    ("score −0.01 ≤ 0.", "theta", "score minus 0.01 is at most 0."),
    ("2.53 ≥ 1.28 and 6.70 ≤ 16.82", "theta", "2.53 is at least 1.28 and 6.7 is at most 16.82"),
    ("θ·θ*/‖θ*‖ = 0.74 ≥ γ", "theta",
     "the projection of theta on theta star equals 0.74, which is at least gamma"),
    ("1.02 + 1 ≈ 1.64 > 0", "theta", "1.02 plus 1 is about 1.64, which is greater than 0"),
    ("0.693 → 0.411", "theta", "0.693 to 0.411"),
    ("With H ≈ λI the gradient points at w*", "theta",
     "With H about equal to lambda I the gradient points at w star"),
    ("so L* ≈ log 2", "theta", "so L star is about log 2"),
    ("a hard ±1 answer", "theta", "a hard plus or minus 1 answer"),
    ("c ≠ 0", "theta", "c is not 0"),
    ("updates 2–4 follow", "theta", "updates 2 to 4 follow"),
    ("0.25 — never below", "theta", "0.25, never below"),
    ("by 73%", "theta", "by 73 percent"),
    ("3× faster", "theta", "3 times faster"),
    ("y·[x, 1]", "theta", "y times x with a 1 appended"),
    ("each y⁽ⁱ⁾[1, x⁽ⁱ⁾] starts with its label", "theta",
     "each y i times x i with a 1 in front starts with its label"),
    ("the offset: [1, x]", "theta", "the offset: x with a 1 in front"),
    # said as the lecturer names it
    ("its y·score −0.39", "theta", "its y-score minus 0.39"),
    ("every y·score yθᵀx keeps its sign", "theta",
     "every y-score y theta transpose x keeps its sign"),
    ("grows by y x·θ*/‖θ*‖, which is at least γ", "w",
     "grows by y times the projection of x on w star, which is at least gamma"),
    ("M γ ≤ θ·θ*/‖θ*‖ by (1)", "theta",
     "M gamma is at most the projection of theta on theta star by fact 1"),
    ("Zoom in on the circle ‖x‖/R ≤ 1: the same picture", "theta",
     "Zoom in on the circle where the norm of x over R is at most 1: the same picture"),
    ("every point divided by R = 1.83, the margin", "theta",
     "every point divided by R, which is 1.83, the margin"),
    ("Starting from θ = 0, after M updates", "theta", "Starting from theta equals 0, after M updates"),
    ("(R/γ)² = (2.00/0.26)² = 57.70", "theta",
     "R over gamma, squared, equals 2 over 0.26, squared, that is 57.7"),
    ("New y·score: 0.00 + ‖x⁽ⁱ⁾‖² + 1 = 0.00 + 2.00 + 1 = 3.00 > 0: point 1", "theta",
     "New y-score: 0 plus the squared norm of x i, plus 1 equals 0 plus 2 plus 1, that is 3, "
     "which is greater than 0: point 1"),
    ("the circle of radius R = max‖x‖ = 2.75 holds every point", "theta",
     "the circle of radius R equals the largest norm of x, that is 2.75, holds every point"),
    ("there R = 2.93 and γ = 0.207, so (R/γ)² = 201.02", "theta",
     "there R equals 2.93 and gamma equals 0.207, so R over gamma, squared, equals 201.02"),
    ("from 0.000 to −2.338, by 0.790 and 6.70; 60,259.80 and 10.5", "theta",
     "from 0 to minus 2.338, by 0.79 and 6.7; 60259.8 and 10.5"),
    ("the 1-D data", "theta", "the one-dimensional data"),
    ("plus (y⁽ⁱ⁾)² times (x⁽ⁱ⁾ᵀx⁽ⁱ⁾ + 1).", "theta",
     "plus y i squared times the quantity x i transpose x i plus 1."),
    ("The 0-1 loss", "theta", "The zero-one loss"),
    ("log(1 + exp(−y z))", "theta", "log of 1 plus e to the minus y z"),
    ("These four corners are XOR: no line", "theta", "These four corners are ex-or: no line"),
    ("Standardizing (--standardize) makes", "theta", "Standardizing, the standardize option, makes"),
    # letters, accents, ellipses
    ("γ, η, β, κ, λ, σ, τ", "theta", "gamma, eta, beta, kappa, lambda, sigma, tau"),
    ("Its hypothesis class ℋ", "theta", "Its hypothesis class H"),
    ("ℓ = −log P(y | x)", "theta", "l equals minus log P of y given x"),
    ("Lₛ = 0.0240", "theta", "L s equals 0.024"),
    ("on the +1 side…", "theta", "on the plus 1 side..."),
    ("…and −1.30 for this one", "theta", "and minus 1.3 for this one"),
    ("“quoted” and it’s", "theta", '"quoted" and it\'s'),
    ("Poincaré", "theta", "Poincare"),
    ("A⁺b = (0.241, 0.101)", "theta", "A-plus b equals (0.241, 0.101)"),
    ("to within 0.7°: it separates", "theta", "to within 0.7 degrees: it separates"),
    ("1° apart, turned 180°", "theta", "1 degree apart, turned 180 degrees"),
]


@pytest.mark.parametrize("caption, notation, said", UNIT_CASES,
                         ids=[f"{c[0]}|{c[1]}" for c in UNIT_CASES])
def test_a_caption_is_said_as_a_lecturer_says_it(caption, notation, said):
    assert spoken_text(caption, notation) == said


def test_the_module_examples_hold():
    import doctest

    import linviz.spoken

    assert doctest.testmod(linviz.spoken).failed == 0


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


def test_a_symbol_no_rule_reads_is_left_out_and_named():
    """The last resort: an unknown symbol is not spelled but dropped, and the sweep
    hears of it through dropped_symbols."""
    assert spoken_text("a ⊕ b") == "a b"
    assert dropped_symbols("a ⊕ b") == ["'⊕' (CIRCLED PLUS)"]
    assert dropped_symbols("θᵀx ≤ ‖x‖²") == []


#: the symbols and pieces captions are made of, for random captions
CAPTION_PIECES = (list("θ₀₁₂₃ᵀ‖⁽ⁱ⁾ʲᵏ²⁻¹⁺()[]|⌊⌋/+−=≤≥<>≈→←·*′'γηβκλστℰₙₛℝℋ√∇%×±_^,.:;–—…")
                  + list("xywbhRMLPAX0123456789 ")
                  + ["θ₀", "x⁽ⁱ⁾", "‖x‖²", "(R/γ)²", "1,562", "−0.39", "x̄", "X̃", " the ", " score ",
                     "λ_max", "e^(", "exp(", "XOR", "0-1 loss", "1/2", "[x, 1]", "--standardize"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CAPTION_PIECES), max_size=30).map("".join),
       st.sampled_from(["theta", "w"]))
def test_any_mix_of_caption_symbols_gives_plain_words(caption, notation):
    """Whatever the symbols and however they are mixed: no error, only speakable
    characters, one space between words, and the same words every time."""
    said = spoken_text(caption, notation)
    assert not speakable_problems(said)
    assert "  " not in said and said == said.strip()
    assert spoken_text(caption, notation) == said


def test_plain_words_are_said_as_they_are():
    plain = ("The perceptron's passes end far above it: it never settles, though 3 of 40 "
             "points in squares are wrong; x's label is minus 1, isn't it? Yes, 12 percent.")
    assert spoken_text(plain) == plain
    # an aside in parentheses is said between pauses (a voice makes no pause for a bracket)
    assert spoken_text("3 of 40 points (in squares) are wrong") == \
        "3 of 40 points, in squares, are wrong"


def test_the_speakable_set_is_exactly_the_brief():
    """ASCII letters, digits, space and . , ; : ? ! ' " - ( ) %: written out here."""
    letters = {chr(c) for c in range(ord("a"), ord("z") + 1)}
    expected = letters | {c.upper() for c in letters} | set("0123456789") | set(" .,;:?!'\"-()%")
    assert SPEAKABLE == expected


# -- the sweep: every sentence of every scene, on its default data and the gallery ---

#: per scene, a data set of the gallery beside its default data (a real one where the
#: scene takes one; xor's story is of XOR data only; margin-speed makes its data from
#: a seed). One story run each (a second or two), so the sweep takes about a minute.
GALLERY_SAMPLE = {
    "classifier": "iris-sepal",
    "perceptron": "iris-sepal",
    "perceptron-origin": "iris-petal-std",
    "update": "iris-sepal",
    "margin": "iris-petal",
    "proof": "iris-sepal-std",
    "proof-offset": "iris-petal",
    "margin-speed": None,
    "offset-lift": "iris-petal-length",
    "xor": "xor-cloud:2",
    "noise": "wine-std",
    "logistic": "iris-versicolor-virginica",
    "regression": "diabetes-bmi",
    "summary": None,
}

#: numbers a lecturer says in words, and those words (the only numbers not said as digits)
NUMBERS_IN_WORDS = {"1/2": "one half", "0-1 loss": "zero-one loss", "1-D": "one-dimensional",
                    "2-D": "two-dimensional", "3-D": "three-dimensional"}

#: a number as a caption writes it: digits, thousands grouped by commas, a decimal part;
#: with the sign written against it (−0.39, +1)
_CAPTION_NUMBER = re.compile(r"(?<![\w.,])([−+]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")
_SPOKEN_NUMBER = re.compile(r"(?:\b(minus|plus) )?(?<![\w.])(\d+(?:\.\d+)?)")


def caption_numbers(caption: str) -> list[tuple[str, str]]:
    """(sign word or "", digits) of every number of a caption, in order."""
    for written in NUMBERS_IN_WORDS:
        caption = caption.replace(written, " ")
    return [({"−": "minus", "+": "plus"}.get(sign, ""), digits.replace(",", ""))
            for sign, digits in _CAPTION_NUMBER.findall(caption)]


def numbers_kept(caption: str, said: str) -> list[str]:
    """What of the caption's numbers is not said: each must come, in order, as the same
    number (3.00 may be said 3: the same value, its written zeros dropped), and a sign
    written against it as "minus" or "plus" (empty: all kept)."""
    spoken = [(sign or "", Decimal(digits)) for sign, digits in _SPOKEN_NUMBER.findall(said)]
    lost, position = [], 0
    for sign, digits in caption_numbers(caption):
        while position < len(spoken) and not (spoken[position][1] == Decimal(digits)
                                              and (not sign or spoken[position][0] == sign)):
            position += 1
        if position == len(spoken):
            lost.append(f"{sign} {digits}".strip())
            position = 0  # report every lost number, not only the first
            continue
        position += 1
    for written, words in NUMBERS_IN_WORDS.items():
        if caption.count(written) > said.count(words):
            lost.append(written)
    return lost


def in_w_notation(caption: str) -> str:
    """The caption as ``--notation w`` writes it (linviz.notation)."""
    from linviz.notation import in_notation

    return in_notation(caption, "w")


def test_numbers_kept_finds_a_lost_or_unsigned_number():
    """The sweep's number check can fail: a dropped digit, sign or grouping is caught."""
    assert numbers_kept("score −0.39 and 1,562 and P = 1/2", "score minus 0.39 and 1562 "
                        "and P equals one half") == []
    assert numbers_kept("score −0.39", "score 0.39") == ["minus 0.39"]
    assert numbers_kept("1,562 updates", "1 562 updates") == ["1562"]
    assert numbers_kept("P = 1/2", "P equals 1 over 2") == ["1/2"]
    assert numbers_kept("h⁽²⁾ has 9 of 20", "h 2 has 9 of") == ["20"]
    assert numbers_kept("from 3.00 to 0.790", "from 3 to 0.79") == []
    assert numbers_kept("from 3.00 to 0.790", "from 30 to 0.079") == ["3.00", "0.790"]


def sweep_cases():
    for scene, sample in GALLERY_SAMPLE.items():
        yield pytest.param(scene, None, 0, id=f"{scene}[default]")
        if scene == "margin-speed":
            yield pytest.param(scene, None, 1, id=f"{scene}[seed 1]")
        else:
            yield pytest.param(scene, sample, 0, id=f"{scene}[{sample}]")


@pytest.fixture(scope="module")
def gallery_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("spoken-gallery")


@pytest.mark.parametrize("scene, sample, seed", list(sweep_cases()))
def test_every_sentence_can_be_said(scene, sample, seed, gallery_folder):
    """Each caption of the story, in either notation and as either notation voices it:
    only speakable characters (no θ, ‖, ᵀ, ⁽, subscript digit, Greek letter or
    operator left), none of them by leaving a symbol out unread, no "theta" in the
    w notation, every number kept, and the words, read again, unchanged (no rule
    mistakes a spoken word for a symbol)."""
    from scene_helpers import gallery_csv
    from story_runs import story

    from linviz.gallery import gallery_case

    if sample and gallery_case(sample).real:
        pytest.importorskip("sklearn")
    spec = gallery_csv(gallery_folder, sample) if sample else None
    captions = story(scene, spec, seed).narration
    assert captions, f"{scene}: the story said nothing"
    failures = []
    for caption in captions:
        for written, notation in ((caption, "theta"), (caption, "w"),
                                  (in_w_notation(caption), "w")):
            said = spoken_text(written, notation)
            problems = speakable_problems(said)
            problems += [f"left out {symbol}" for symbol in dropped_symbols(written, notation)]
            if notation == "w" and re.search(r"\btheta\b", said):
                problems.append("'theta' in the w notation")
            problems += [f"lost number {n}" for n in numbers_kept(written, said)]
            if spoken_text(said, notation) != said:
                problems.append(f"said again it changes: {spoken_text(said, notation)!r}")
            if problems:
                failures.append(f"{written!r} ({notation}) -> {said!r}: {problems}")
    assert not failures, "\n".join(failures)
