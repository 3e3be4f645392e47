"""What a lecturer says for a caption: the spoken form of every sentence a scene shows.

A caption is written for the eye: ``θᵀx + θ₀``, ``‖x⁽ⁱ⁾‖²``, ``(R/γ)²``,
``−0.39``, ``1,562``, ``ℰₙ(h) ≤ 0``. A voice reading it as it is would
spell out the symbols, skip them, or say them in the wrong order.
:func:`spoken_text` rewrites a caption into plain words and numbers, as a
lecturer would read it aloud:

    >>> spoken_text("New score: −0.39 + ‖x⁽ⁱ⁾‖² + 1 ≈ 1.64 > 0.")
    'New score: minus 0.39 plus the squared norm of x i, plus 1 is about 1.64, which is greater than 0.'
    >>> spoken_text("y(θᵀx + θ₀) ≤ 0", notation="w")
    'y times the quantity w transpose x plus b is at most 0'

The rewriting is a fixed, ordered table of rules (:data:`RULES`); each rule is
a regular expression and what it becomes, with a line saying why. Rules run in
order, each over the whole text, so a later rule sees the words an earlier one
wrote. The stages, in order: the text itself (accents, dashes, ellipses, the
thousands comma); phrases that read better whole (ℰₙ "the training error",
[x, 1] "x with a 1 appended", the verb of a relation whose subject is a
formula); groupings, outermost meaning first (bars, floors, norms, powers of
a parenthesis, then parentheses innermost first: h(x) "h of x", y(a + b) "y
times the quantity a plus b"); symbols (θ by the notation, indices, powers, Greek letters); the
operators between them as words; and last the spacing. The same caption
always gives the same words.

Captions reach this module in either notation of the lecture (``--notation``,
see linviz.notation): θ, θ₀ or w, b. ``notation`` says how a θ that is still in the
text is voiced: "theta" keeps θ → "theta", θ₀ → "theta zero"; "w" voices
θ → "w", θ₀ → "b", so a caption not yet rewritten still sounds like the rest.
w and b themselves are always read as the letters they are.

:func:`speakable_problems` says what in a text a voice could not read: any
character outside :data:`SPEAKABLE` (ASCII letters, digits, space and a little
punctuation). A symbol no rule reads is left out rather than spelled;
:func:`dropped_symbols` names such symbols, so the tests, which run both over
every caption of every scene, hear of a symbol the table does not know yet.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from .notation import NOTATIONS, check_notation

#: every character a voice reads as what it is: letters, digits, space and the
#: punctuation it turns into pauses (a voice spells out or skips anything else)
SPEAKABLE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                      " .,;:?!'\"-()%")

#: a subscript or superscript digit as a digit
_SUBSCRIPT_DIGITS = dict(zip("₀₁₂₃₄₅₆₇₈₉", "0123456789"))
_SUPERSCRIPT_DIGITS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789"))
#: a subscript or superscript letter as the letter
_SUBSCRIPT_LETTERS = dict(zip("ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", "aehijklmnoprstuvx"))
_SUPERSCRIPT_LETTERS = dict(zip("ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ", "abcdefghijklmnoprstuvwxyz"))
_SUBSCRIPTS = "".join(_SUBSCRIPT_DIGITS) + "".join(_SUBSCRIPT_LETTERS)
_SUPERSCRIPTS = "".join(_SUPERSCRIPT_DIGITS) + "".join(_SUPERSCRIPT_LETTERS)
#: how a one-digit index is said (θ₀ is "theta zero", x₂ "x two")
DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

#: Greek letters as a lecturer names them (θ is voiced by the notation rule)
GREEK_NAMES = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi",
    "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi", "ϕ": "phi",
    "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma", "Δ": "Delta", "Λ": "Lambda",
    "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega", "Π": "Pi",
}
#: letter-like symbols read as the letter they stand for
LETTERLIKE = {"ℋ": "H", "ℝ": "R", "ℰ": "E", "ℓ": "l", "𝒟": "D", "ℒ": "L", "ℕ": "N",
              "ℤ": "Z", "𝔼": "E"}
#: combining accents over a letter (x̄, X̃, ŷ), said after it; other accents are dropped
ACCENT_NAMES = {"\u0303": "tilde", "\u0304": "bar", "\u0302": "hat", "\u0307": "dot"}

#: operators and relations as words, in the order they are replaced
OPERATOR_WORDS = (
    ("≤", "at most"), ("≥", "at least"), ("≈", "about equal to"), ("≠", "is not"),
    ("=", "equals"), ("<", "less than"), (">", "greater than"),
    ("→", "to"), ("←", "becomes"), ("↦", "maps to"), ("⇒", "so"), ("⇔", "exactly when"),
    ("±", "plus or minus"), ("∓", "minus or plus"), ("+", "plus"), ("−", "minus"),
    ("×", "times"), ("·", "dot"), ("/", "over"), ("∈", "in"), ("∉", "not in"),
    ("∞", "infinity"), ("∇", "the gradient of"), ("∂", "partial"), ("Σ", "the sum"),
    ("√", "root"), ("*", "star"), ("′", "prime"), ("%", "percent"), ("_", " "),
    ("&", "and"), ("~", "about"),
)


@dataclass(frozen=True)
class Rule:
    """One rewriting: every match of ``pattern`` becomes ``replacement``.

    ``replacement`` is a ``re`` template, or a function of (match, notation)
    giving the words. ``why`` says what the rule reads and how.
    """

    name: str
    pattern: re.Pattern
    replacement: str | Callable[[re.Match, str], str]
    why: str

    def apply(self, text: str, notation: str) -> str:
        if isinstance(self.replacement, str):
            return self.pattern.sub(self.replacement, text)
        return self.pattern.sub(lambda match: self.replacement(match, notation), text)


def _rule(name: str, pattern: str, replacement, why: str) -> Rule:
    return Rule(name, re.compile(pattern), replacement, why)


# -- the words of the rules that need more than a template -------------------------

def _theta(match: re.Match, notation: str) -> str:
    """θ with its prime and subscript in the notation: θ₀ "theta zero" or "b",
    θ′ "theta prime" or "w prime", θ₁ "theta one" or "w one"."""
    prime, index = match.group(1), match.group(2)
    if match.group(0).startswith("Θ"):
        return " W " if notation == "w" else " Theta "
    words = "theta" if notation == "theta" else "w"
    if index == "₀" and notation == "w":
        return " b prime " if prime else " b "
    if index:
        words += " " + _index_words(index)
    if prime:  # θ′₀: "theta zero prime", as a lecturer says it
        words += " prime"
    return f" {words} "


def _index_words(index: str) -> str:
    """A subscript as said: one digit as a word ("zero"), more digits as a number
    ("12"), letters as letters ("i", "max")."""
    plain = "".join(_SUBSCRIPT_DIGITS.get(c) or _SUBSCRIPT_LETTERS.get(c) or c for c in index)
    if len(plain) == 1 and plain.isdigit():
        return DIGIT_WORDS[int(plain)]
    return plain


def _subscript(match: re.Match, notation: str) -> str:
    return " " + _index_words(match.group(0)) + " "


def _superscript_index(match: re.Match, notation: str) -> str:
    """x⁽ⁱ⁾ → "x i", h⁽¹⁰⁾ → "h 10": the index in parentheses is said as it is."""
    inside = "".join(_SUPERSCRIPT_DIGITS.get(c) or _SUPERSCRIPT_LETTERS.get(c) or c
                     for c in match.group(1))
    return f" {inside} "


def _power(match: re.Match, notation: str) -> str:
    """x² "x squared", x³ "x cubed", xᵏ "x to the k", x¹⁰ "x to the 10"."""
    power = "".join(_SUPERSCRIPT_DIGITS.get(c) or _SUPERSCRIPT_LETTERS.get(c) or c
                    for c in match.group(0))
    return {"2": " squared ", "3": " cubed "}.get(power, f" to the {power} ")


def _norm(match: re.Match, notation: str) -> str:
    """‖x‖ "the norm of x", ‖x‖² "the squared norm of x"."""
    inner, squared = match.group(1), match.group(2)
    return f" the {'squared ' if squared else ''}norm of {inner} "


def _has_operator(text: str) -> bool:
    """Whether ``text`` is a formula of several terms (read with a pause after it)."""
    return bool(re.search(r"[\s/+−·=<>≤≥]", text.strip()))


def _squared_group(match: re.Match, notation: str) -> str:
    """(R/γ)² "R over gamma, squared"; (y⁽ⁱ⁾)² "y i squared"; 1/(γ/R)² "1 over the
    square of gamma over R"."""
    over, inner, after = match.group(1), match.group(2), match.group(3)
    if over:
        return f" over the square of {inner}{after}"
    if _has_operator(inner):
        # a pause before "squared" and, when the sentence goes on, after it
        goes_on = re.match(r"\s*[\w=≤≥<>(‖]", after) is not None
        return f" {inner}, squared{',' if goes_on else ''}{after}"
    return f" {inner} squared{after}"


#: a parenthesised group with no parenthesis inside, and the character before it
_INNERMOST_GROUP = re.compile(r"(.?)\(([^()]*)\)")
#: y (or y⁽ⁱ⁾) directly before a parenthesis multiplies: y(θᵀx + θ₀)
_MULTIPLIER_BEFORE = re.compile(r"(?<![A-Za-z])y(?:⁽[^⁾]*⁾)?$")
#: what the parentheses of a prose aside or a tuple are kept as while groups are read
_KEPT_OPEN, _KEPT_CLOSE = "\x01", "\x02"


#: words written directly before a parenthesis that are functions (h(x), sign(…));
#: a symbol of one or two letters is one too, any other word is prose: point(s)
FUNCTION_WORDS = frozenset({"sign", "log", "ln", "exp", "max", "min", "argmin", "argmax", "var",
                            "tanh", "softmax", "relu", "sigmoid"})
_TRAILING_MARKS = re.compile("(?:⁽[^⁾]*⁾|[" + _SUBSCRIPTS + _SUPERSCRIPTS + "*′'])+$")


def _is_function_name(head: str) -> bool:
    """Whether the word that ends ``head`` (just before a parenthesis) is a function."""
    word = re.search(r"[^\s(]*$", head).group(0)
    core = re.sub(r"_[A-Za-z]+$", "", _TRAILING_MARKS.sub("", word))
    return bool(core) and (core.isalpha() and len(core) <= 2 or core in FUNCTION_WORDS)


def _read_groups(text: str, notation: str) -> str:
    """Parentheses, innermost first: h(x) "h of x", y(θᵀx + θ₀) "y times θᵀx + θ₀",
    e^(−z) "e to the −z", (θᵀx + θ₀)/‖θ‖ "θᵀx + θ₀, over ‖θ‖", 1/(1 + e) "1 over
    1 + e"; an aside, a tuple or a grouping like (2/m) keeps its parentheses."""
    while True:
        match = _INNERMOST_GROUP.search(text)
        if match is None:
            return text.replace(_KEPT_OPEN, "(").replace(_KEPT_CLOSE, ")")
        before, inner = match.group(1), match.group(2)
        head, tail = text[:match.start()], text[match.end():]
        if before == "^":
            words = f"{head} to the {inner} "
        elif before and _MULTIPLIER_BEFORE.search(head + before):
            # a sum is "the quantity": y(θᵀx + θ₀) is not yθᵀx + θ₀
            quantity = "the quantity " if re.search(r"[+−]", inner) else ""
            words = f"{head}{before} times {quantity}{inner} "
        elif before and _is_function_name(head + before):
            # a pause after a long argument when the sentence goes on in words
            pause = "," if _has_operator(inner) and re.match(r" +[A-Za-z]", tail) else ""
            words = f"{head}{before} of {inner.replace(';', ',')}{pause} "
        elif before and before.isdigit():
            words = f"{head}{before} times {inner} "
        elif before == "/":
            words = f"{head} over {inner} "
        elif re.search(r"\btimes\s*$", head + before) and re.search(r"[+−]", inner):
            words = f"{head}{before}the quantity {inner} "  # 2 times (a + 1)
        elif re.match(r"\s*/", tail) and _has_operator(inner):
            words = f"{head}{before} {inner},"
        else:
            words = f"{head}{before}{_KEPT_OPEN}{inner}{_KEPT_CLOSE}"
        text = words + tail


def _read_groups_rule(match: re.Match, notation: str) -> str:
    return _read_groups(match.group(0), notation)


#: where the subject of a relation starts: a pause, or a word that opens a clause
_CLAUSE_OPENING = re.compile(r"[,:;]|(?<!\S)\(|\b(?:where|when|if|so|So|and|then|because|that|while)\b")
#: words of a formula (any other word of three letters or more is prose)
_FORMULA_WORDS = re.compile(r"\b(?:sign|log|exp|max|min|argmin|times)\b")


def _formula_is(match: re.Match, notation: str) -> str:
    """A relation whose subject is a formula gets its verb: "where yθᵀx ≤ 0" is
    "where y theta transpose x is at most 0"; "a score ≤ 0" and "any η ≤ 1/β"
    (a noun with a bound) stay as they are."""
    head = match.string[:match.start()]
    openings = [opening.end() for opening in _CLAUSE_OPENING.finditer(head)]
    subject = head[openings[-1] if openings else 0:].strip()
    prose = re.search(r"[A-Za-z]{3,}", _FORMULA_WORDS.sub("", subject))
    if not subject or prose or subject.endswith((" is", "=")):
        return match.group(0)
    return " is " + match.group(0)


def _chained_equals(match: re.Match, notation: str) -> str:
    """The second '=' of ``a = b = 3`` read "that is 3" (with a pause after the number when
    the sentence goes on in words); a stretch holding prose ("γ = 0.26 and R = 1.83") is
    two equations and stays as it is."""
    between, number, after = match.group(1), match.group(2), match.group(3)
    symbols = re.sub(r"_[A-Za-z]+|max(?=‖)", "", between)  # λ_max, max‖x‖ are formulas
    if re.search(r"[A-Za-z]{3,}", _FORMULA_WORDS.sub("", symbols)):
        return match.group(0)
    if after.strip() in ("≤", "≥", "<", ">", "≈"):  # = 3.00 > 0: "that is 3, which is greater"
        return f"{between}, that is {number}, which is {after.strip()}"
    pause = "," if after.strip() else ""
    return f"{between}, that is {number}{pause}{after}"


def _trimmed_decimal(match: re.Match, notation: str) -> str:
    """3.00 "3", 0.790 "0.79", 0.000 "0": zeros after the last digit that counts are not
    said (the same number)."""
    whole, fraction = match.group(1), match.group(2).rstrip("0")
    return f"{whole}.{fraction}" if fraction else whole


def _greek(match: re.Match, notation: str) -> str:
    return f" {GREEK_NAMES[match.group(0)]} "


def _letterlike(match: re.Match, notation: str) -> str:
    return f" {LETTERLIKE[match.group(0)]} "


def _accent(match: re.Match, notation: str) -> str:
    return f"{match.group(1)} {ACCENT_NAMES[match.group(2)]} "


_OPERATOR_PATTERN = "|".join(re.escape(symbol) for symbol, _ in OPERATOR_WORDS)
_OPERATOR_WORD = dict(OPERATOR_WORDS)


def _operator(match: re.Match, notation: str) -> str:
    return f" {_OPERATOR_WORD[match.group(0)]} "


def _whole_number(match: re.Match, notation: str) -> str:
    return match.group(0).replace(",", "")


#: the name of the last reading rule: what it drops, no rule before it could read
UNREADABLE = "unreadable"

#: the rules, in the order they run (see the module docstring)
RULES: tuple[Rule, ...] = (
    # -- the text itself ----------------------------------------------------------
    _rule("not-equal", "≠", " is not ",
          "≠ first: Unicode decomposition would make it = and a stroke"),
    _rule("degrees", r"(\d(?:[\d.,]*\d)?)\s*°",
          lambda m, n: f"{m.group(1)} degree{'' if m.group(1) == '1' else 's'}",
          "an angle, 0.7°: '0.7 degrees', 1°: '1 degree' (reviews 337: the sign was dropped)"),
    _rule("accents", r"(?s)^.*$", lambda m, n: unicodedata.normalize("NFD", m.group(0)),
          "decompose letters with accents (ȳ → y and a bar) so one rule reads them all"),
    _rule("accented-letter", "([A-Za-zθ])([\u0303\u0304\u0302\u0307])", _accent,
          "X̃ 'X tilde', x̄ 'x bar', ŷ 'y hat', ẋ 'x dot'"),
    _rule("other-accents", "[\u0300-\u036f]", "",
          "any other accent is dropped (é → e): the voice reads the letter"),
    _rule("quotes", "[“”„]", '"', "typographic double quotes as plain ones"),
    _rule("apostrophes", "[‘’]", "'", "typographic apostrophes as plain ones"),
    _rule("dashes", r"\s*—\s*", ", ", "an em dash is a pause: a comma"),
    _rule("ranges", r"(?<=\w)\s*–\s*(?=\w)", " to ", "an en dash between two things: 2–4 'to'"),
    _rule("en-dash", "–", ", ", "any other en dash is a pause"),
    _rule("leading-ellipsis", r"^\s*…\s*", "", "…and at a caption's start continues the last one"),
    _rule("list-ellipsis", r",\s*…\s*,", ", and so on up to",
          "[1, x, …, xᵏ]: 'and so on up to'"),
    _rule("ellipsis", "…", "...", "a trailing ellipsis, as three dots (a pause)"),
    _rule("thousands", r"(?<![\d.])\d{1,3}(?:,\d{3})+(?!\d|,\d)", _whole_number,
          "1,562 → 1562: the comma groups digits, it is no pause"),
    _rule("trailing-zeros", r"(?<![\d.,])(\d+)\.(\d*0)(?![\d.])", _trimmed_decimal,
          "3.00 'three', 0.790 '0.79': a voice reads every zero of a decimal ('three point "
          "zero zero'), a lecturer says the number"),
    _rule("dimensions", r"\b([1-3])-D\b", lambda m, n: DIGIT_WORDS[int(m.group(1))] + "-dimensional",
          "1-D, 2-D: 'one-dimensional' (a voice may spell 'D')"),
    _rule("ascii-minus", r"(?<![\w)\]])-(?=\d)", "−",
          "a hyphen before a number that follows no word is a minus sign"),
    _rule("absolute-value", r"\|(?=[^\s|])([^|]*?[^\s|])\|", r" the absolute value of \1 ",
          "|y z|: 'the absolute value of y z' (a bar with space around it is 'given')"),
    _rule("given", r"\s*\|\s*", " given ", "P(y | x): 'P of y given x' (any bar left is one)"),
    # -- phrases that read better whole ------------------------------------------
    _rule("command-option", r"(?<![\w-])--([a-z][a-z-]*)", r"the \1 option",
          "(--standardize): 'the standardize option', not 'minus minus'"),
    _rule("xor", r"\bXOR\b", "ex-or", "XOR, said 'ex-or' (a voice reads the letters as 'zor')"),
    _rule("y-score", r"(?<![A-Za-z])y·score", "y-score",
          "the y·score (the label times the score) is named 'y-score', not 'y times score'"),
    _rule("exp", r"\bexp(?=\()", "e^", "exp(−y z): 'e to the minus y z'"),
    _rule("zero-one-loss", r"\b0-1 loss", "zero-one loss",
          "the 0-1 loss, said as its name"),
    _rule("one-half", r"(?<![\w.,/])1/2(?![\w,/]|\.\d)", " one half ", "1/2 is 'one half'"),
    _rule("chained-equals", r"(=(?:[^=,:;.()|]|\.(?=\d)|\([^()=]*\))+?)\s*=\s*"
                            r"(−?\d[\d.]*)(?![\d.]|\s*[+−×/·(])(\s*[A-Za-z≤≥<>≈]?)", _chained_equals,
          "R = max‖x‖ = 1.83, 0 + 2 + 1 = 3 > 0: a second '=' before a lone number is "
          "'that is' (not 'equals … equals'); 'γ = 0.26 and R = 1.83' are two equations"),
    _rule("largest-norm", r"max\s*‖([^‖]+)‖", r" the largest norm of \1 ",
          "max‖x‖: 'the largest norm of x'"),
    _rule("training-error-named", r"(training error,?\s*)ℰₙ", r"\1E n",
          "'the training error ℰₙ(h)' names the symbol: 'E n'"),
    _rule("training-error-defined", r"ℰₙ(?=\s+is the training error)", "E n",
          "'ℰₙ is the training error' names the symbol too"),
    _rule("training-error-of", r"ℰₙ\(([^()]*)\)", r" the training error of \1 ",
          "ℰₙ(h) anywhere else: 'the training error of h'"),
    _rule("training-error", "ℰₙ", " the training error ",
          "ℰₙ anywhere else is said as what it is: 'the training error'"),
    _rule("lifted-point", r"\[x, 1\]", " x with a 1 appended ",
          "[x, 1], the point with the constant feature: 'x with a 1 appended'"),
    _rule("lifted-in-front", r"(?<=(\S))?\[1, (x[^\[\],]*)\]",
          lambda m, n: f"{' times' if m.group(1) else ''} {m.group(2)} with a 1 in front ",
          "[1, x⁽ⁱ⁾], the point with the constant feature first: 'x i with a 1 in front' "
          "(reviews 341: 'y i 1, x i' was heard)"),
    _rule("projection", r"(?:(?<![A-Za-z])(y)\s*)?(θ|x)\s*·\s*θ\*\s*/\s*‖θ\*‖",
          lambda m, n: (" y times" if m.group(1) else "") + f" the projection of {m.group(2)} on θ* ",
          "θ·θ*/‖θ*‖, the length the proof follows: 'the projection of theta on theta star' "
          "(said as it is named, not as 'theta dot theta star over the norm of theta star')"),
    _rule("circle-where", r"\bthe circle (?=‖)", "the circle where ",
          "the circle ‖x‖/R ≤ 1: 'the circle where the norm of x over R is at most 1'"),
    _rule("named-value", r"\b(by) ([A-Za-zγθ](?:/[A-Za-zγθ])?)\s*=\s*(?=−?\d)", r"\1 \2, which is ",
          "divided by R = 1.83: 'by R, which is 1.83' (a value named inside a phrase)"),
    _rule("root-M-R", r"√M R\b", " root M, times R ",
          "√M R of the proof: 'root M, times R' (not the root of M R)"),
    _rule("products", r"(?<![A-Za-z])(?:yx|MR)\b|(?<![A-Za-z])[A-Za-z]{2}(?=[ᵀ⁽*²₀-₉·])",
          lambda m, n: " " + " times ".join(m.group(0)) + " ",
          "yx, MR², ywᵀx: two letters side by side are a product: 'M times R squared'"),
    _rule("iverson", r"\[([^\[\]]*[<>≤≥=][^\[\]]*)\]", r" the indicator of \1,",
          "[z > 0], one when true: 'the indicator of z > 0'"),
    _rule("number-then-relation", r"([=≈]\s*−?[\d.]+)\s*([≤≥<>≈])", r"\1, which is \2",
          "= 0.74 ≥ γ: the number, 'which is at least gamma'"),
    _rule("number-is", r"(?<=\d)\s*(?=[≤≥<>≈])", " is ",
          "0.00 ≤ 0, 2.11 ≥ 0.53: a number 'is at most' another"),
    _rule("formula-is", "[≤≥<>≈]", _formula_is,
          "where yθᵀx ≤ 0: a formula 'is at most' 0 (a noun, 'a score ≤ 0', is not)"),
    _rule("is-about", r"\bis\s*≈", "is about",
          "a verb before ≈: 'is about'; without one, ≈ is 'about equal to' (H ≈ λI)"),
    _rule("brackets", r"[\[\]]", " ", "the brackets of a vector [θ₁, θ₀] are not said"),
    _rule("fact-reference", r"\bby \((\d)\)", r"by fact \1",
          "by (1): the facts of the proof are numbered on screen: 'by fact 1'"),
    _rule("aside", r"\s+\(((?:label|ringed|dashed|the|a|an|its|their|two|three|all|every|"
                   r"here|now|still|not|set|from|with|at|on|in|of|signed|score|exactly|below|above|"
                   r"about|one|both|so|as|for|each)\b[^(),:;]*)\)",
          r", \1,", "a prose aside '(label +1)' is said between pauses: ', label plus 1,'"),
    _rule("index-product", r"⁾(?=[A-Za-zθ])", "⁾ times ",
          "y⁽ⁱ⁾x⁽ⁱ⁾: 'y i times x i' (two indexed symbols side by side are a product)"),
    # -- grouping: bars, floors, norms, powers of groups, parentheses -------------
    _rule("floor", r"⌊([^⌋]*)⌋", r" the floor of \1,", "⌊a⌋: 'the floor of a'"),
    _rule("ceiling", r"⌈([^⌉]*)⌉", r" the ceiling of \1,", "⌈a⌉: 'the ceiling of a'"),
    _rule("norm", r"‖([^‖]+?)‖(²?)", _norm,
          "‖x‖ 'the norm of x', ‖x‖² 'the squared norm of x'"),
    _rule("norm-then-sum", r"(norm of [^,+=≤≥<>]*?)\s*(?=[+−]\s*\d)", r"\1, ",
          "‖x‖² + 1: 'the squared norm of x, plus 1' (not the norm of x + 1)"),
    _rule("squared-group", r"(/?)\(([^()]*)\)²(\s*\S?)", _squared_group,
          "(R/γ)² 'R over gamma, squared'; (y⁽ⁱ⁾)² 'y i squared'"),
    _rule("parentheses", r"(?s)^.*$", _read_groups_rule,
          "f(x) 'f of x', y(…) 'y times …', e^(…) 'e to the …', (…)/a '…, over a'"),
    # -- symbols -------------------------------------------------------------------
    _rule("theta", r"Θ|θ('(?!s\b)|′)?([₀-₉]*)", _theta,
          "θ, θ₀, θ′₀, θ₁ in the notation: 'theta zero' or 'b', 'theta zero prime' or 'b prime'"
          " (θ's, an apostrophe: 'theta's')"),
    _rule("prime", r"(?<![A-Za-z])([A-Za-z])'(?!s\b)", r"\1 prime ",
          "w' (a symbol's prime, not an apostrophe): 'w prime'"),
    _rule("superscript-index", "⁽([^⁾]*)⁾", _superscript_index,
          "x⁽ⁱ⁾ 'x i', h⁽¹⁰⁾ 'h 10': the index of a point or hypothesis"),
    _rule("transpose", "ᵀ", " transpose ", "θᵀx: 'theta transpose x'"),
    _rule("scientific", "× 10([⁻]?)([" + "".join(_SUPERSCRIPT_DIGITS) + "]+)",
          lambda m, n: " times 10 to the " + ("minus " if m.group(1) else "")
          + "".join(_SUPERSCRIPT_DIGITS[c] for c in m.group(2)) + " ",
          "1.6 × 10⁻⁷ (a number too small for decimals): '1.6 times 10 to the minus 7'"),
    _rule("inverse", "⁻¹", " inverse ", "A⁻¹: 'A inverse'"),
    _rule("pseudo-inverse", "⁺", "-plus ", "A⁺, the pseudo-inverse: 'A-plus'"),
    _rule("space-power", r"(?<=[ℝ])([²³¹⁴-⁹ᵈⁿ])",
          lambda m, n: " " + _index_words(_SUPERSCRIPT_DIGITS.get(m.group(1))
                                          or _SUPERSCRIPT_LETTERS[m.group(1)]) + " ",
          "ℝ², ℝᵈ: 'R two', 'R d' (a space, not a power)"),
    _rule("power", f"[{_SUPERSCRIPTS}]+", _power,
          "x² 'x squared', x³ 'x cubed', xᵏ 'x to the k'"),
    _rule("subscript", f"[{_SUBSCRIPTS}]+", _subscript,
          "x₁ 'x one', w₀ 'w zero', Lₛ 'L s', x₁₂ 'x 12'"),
    _rule("greek", "[" + "".join(GREEK_NAMES) + "]", _greek, "γ 'gamma', η 'eta', …"),
    _rule("letterlike", "[" + "".join(LETTERLIKE) + "]", _letterlike,
          "ℋ 'H', ℝ 'R', ℓ 'l'"),
    _rule("argmin", r"\barg(min|max)\b", r"the arg \1 of", "argmin ℰₙ(h): 'the arg min of'"),
    _rule("caret", r"\^", " to the ", "a power written with a caret"),
    # -- operators, then the spacing of the words --------------------------------
    _rule("y-times", r"(?<![A-Za-z])y\s*·", "y times ", "y·x: the label times the point"),
    _rule("count-times", r"(?<=\d)×|×(?=\d)", " times ", "3× or ×3: 'times'"),
    _rule("operators", _OPERATOR_PATTERN, _operator,
          "= 'equals', ≤ 'at most', ≥ 'at least', ≈ 'about equal to', → 'to', − 'minus', …"),
    _rule("number-then-symbol", r"(?<=\d)(?=[A-Za-z])(?!(?:st|nd|rd|th|D)\b)", " ",
          "0.42w, 4n, 2y: a number times a symbol"),
    _rule(UNREADABLE, "[^" + re.escape("".join(sorted(SPEAKABLE))) + "]", " ",
          "anything still unreadable is left out rather than spelled (see dropped_symbols)"),
    _rule("spaces", r"\s+", " ", "one space between words"),
    _rule("space-before-punctuation", r" (?=[,.;:?!)'%])|(?<=\() ", "",
          "no space before punctuation or after an opening parenthesis"),
    _rule("doubled-commas", r",(?:\s*,)+", ",", "two pauses in a row are one"),
    _rule("comma-before-stop", r",(?=[.;:?!)])", "", "no pause just before a stop"),
    _rule("ends", r"^[\s,]+|[\s,]+$", "", "no space or pause at the ends"),
)


#: where the rule that drops what no rule reads stands in RULES
_UNREADABLE_AT = [rule.name for rule in RULES].index(UNREADABLE)


def spoken_text(caption: str, notation: str = "theta") -> str:
    """The words a lecturer says for ``caption``: symbols, formulas and numbers read
    aloud, in ``notation`` ("theta": θ "theta", θ₀ "theta zero"; "w": θ "w", θ₀ "b").

    Every number of the caption is said as that number (digits, the thousands
    comma dropped, a minus sign as "minus"); the result holds only characters of
    :data:`SPEAKABLE`. Runs :data:`RULES` in order.
    """
    check_notation(notation)
    text = caption
    for rule in RULES:
        text = rule.apply(text, notation)
    return text


def dropped_symbols(caption: str, notation: str = "theta") -> list[str]:
    """The characters of ``caption`` no rule reads, which :func:`spoken_text` leaves out
    (empty: every symbol is said). As :func:`speakable_problems` words them."""
    check_notation(notation)
    text = caption
    for rule in RULES[:_UNREADABLE_AT]:
        text = rule.apply(text, notation)
    return speakable_problems(text)


def speakable_problems(text: str) -> list[str]:
    """What a voice could not read in ``text``: each character outside
    :data:`SPEAKABLE`, once, with its Unicode name (empty: all of it can be said)."""
    problems = []
    for character in dict.fromkeys(text):
        if character not in SPEAKABLE:
            name = unicodedata.name(character, f"U+{ord(character):04X}")
            problems.append(f"{character!r} ({name})")
    return problems
