"""Numbers and words in captions: a real minus sign, counts that agree with their nouns,
sums whose rounded terms add up to the rounded total.

These are the engine's: a lesson composes its sentences with them.
Captions are plain Unicode (the .srt a player shows), unlike on-screen
mathematics, which is Typst (see ``screen_text.fmt``).
"""

from __future__ import annotations

import math


MINUS = "−"


def number(value: float, places: int = 2, minus: str = MINUS) -> str:
    """``value`` rounded to ``places`` decimals, with a real minus sign and no −0.00.

    Typst mathematics sets "-" as a minus itself (``screen_text.fmt`` passes it).
    """
    rounded = round(float(value), places)
    if rounded == 0:
        rounded = 0.0
    body = f"{abs(rounded):.{places}f}"
    return f"{minus}{body}" if rounded < 0 else body


def factor(value: float, places: int = 3, most: int = 12) -> str:
    """A factor a step multiplies an error by, at ``places`` decimals, or more when that
    would print a factor below 1 as 1 (0.99996 → "0.99996", not "1.000": the error
    does shrink), to two significant digits of 1 − value, at most ``most``."""
    value = float(value)
    gap = 1.0 - abs(value)
    if gap > 0 and round(abs(value), places) >= 1.0:
        places = int(min(most, max(places, 1 - math.floor(math.log10(gap)))))
    return number(value, places)


def nonzero_number(value: float, places: int = 2, minus: str = MINUS) -> str:
    """``value`` at ``places`` decimals, unless that rounds a value that is not 0 to 0
    (−0.0035 is not 0): then to two significant digits."""
    if value != 0 and round(value, places) == 0:
        return significant(value, least=places).replace(MINUS, minus)
    return number(value, places, minus=minus)


def label(y: float) -> str:
    """A class label as the notes write it: +1 or −1."""
    return "+1" if y > 0 else f"{MINUS}1"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """"1 update", "3 updates", "0 points" (never "point(s)")."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def listed(words) -> str:
    """Words listed as said: "a", "a and b", "a, b and c"."""
    words = [str(w) for w in words]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def sum_places(terms, most: int = 4, least: int = 2) -> int:
    """The fewest decimals (from ``least``) at which the rounded terms add up to the rounded
    sum: −3.544 + 1.585 = −1.959 reads −3.54 + 1.59 = −1.96 at two places, which does not
    add up; at three it does."""
    total = sum(float(t) for t in terms)
    for places in range(least, most + 1):
        shown = sum(round(float(t), places) for t in terms)
        if abs(round(shown, places) - round(total, places)) < 0.5 * 10 ** -places:
            return places
    return most


def significant_places(value: float, least: int = 2, most: int = 4, digits: int = 2) -> int:
    """Decimals that show ``value`` to ``digits`` significant digits, from ``least`` to ``most``.

    0.26 → 2, 0.04 → 3, 0.0075 → 4, 0.002 → 4 (0.0020): a small margin at two places would
    read 0.00 or 0.01, which a claim ("positive", (R/γ)² = 60259) contradicts.
    """
    value = abs(float(value))
    if value == 0:
        return least
    return int(min(most, max(least, digits - 1 - math.floor(math.log10(value)))))


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def superscript(n: int) -> str:
    """An integer in superscript digits, as an index is written: 12 → ¹²."""
    return str(int(n)).translate(_SUPERSCRIPT)


def scientific(value: float, digits: int = 2, minus: str = MINUS) -> str:
    """``value`` to ``digits`` significant digits as a × 10ᵏ: 1.6 × 10⁻⁷."""
    exponent = int(math.floor(math.log10(abs(float(value)))))
    mantissa = round(float(value) / 10 ** exponent, digits - 1)
    if abs(mantissa) >= 10:  # 9.96 rounds to 10.0: one more power of ten
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{number(mantissa, digits - 1, minus)} × 10{str(exponent).translate(_SUPERSCRIPT)}"


def significant(value: float, least: int = 2, most: int = 6) -> str:
    """``value`` to two significant digits, at least ``least`` decimals: 0.0018, 0.41, 3.10;
    a value too small for two significant digits in ``most`` decimals in scientific form
    (1.6 × 10⁻⁷, never 0.000000)."""
    value = float(value)
    if value != 0 and abs(value) < 10 ** -(most - 1):
        return scientific(value)
    return number(value, significant_places(value, least=least, most=most))


def ratio(value: float) -> str:
    """A ratio that may be large (a condition number): 7.2, 93.3, 1,500, 6,700,000, ∞."""
    if not math.isfinite(value):
        return "∞"
    if value < 100:
        return number(value, 1)
    digits = max(0, int(math.floor(math.log10(value))) - 1)
    return f"{round(value, -digits):,.0f}"


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case (captions are sentences)."""
    return text[:1].upper() + text[1:]


def vector(values, places: int = 2) -> str:
    """(a, b, …) with real minus signs."""
    return "(" + ", ".join(number(v, places) for v in values) + ")"


#: y(θᵀx + θ₀), the label times the score θᵀx + θ₀: the *y·score* (see SCORE_NAMES); not
#: "signed score", which a student would take for the signed distance (θᵀx + θ₀)/‖θ‖
SIGNED_SCORE = "y·score"
#: the sentence that names the two quantities once, for scenes that use both words
SCORE_NAMES = ("Each point has a score θᵀx + θ₀ and a y·score, the label times the score: "
               "above 0 exactly when the point is on its own side.")


#: from this magnitude on, a number is written with its thousands grouped (60,259.8)
GROUPING_FROM = 1000


def magnitude_places(value: float, places: int = 2) -> int:
    """Decimals for a number that may be huge ((R/γ)² on data far from the origin):
    ``places`` below 1,000, one from there (60,259.8; 15,944,446.5), so that ⌊v⌋ beside
    it never reads larger."""
    return places if abs(float(value)) < GROUPING_FROM else 1


def grouped(value: float, places: int | None = None, minus: str = MINUS) -> str:
    """``value`` with its thousands grouped by commas, at :func:`magnitude_places`
    decimals unless ``places`` is given: 70.04, 60,259.8, 15,944,446.5."""
    places = magnitude_places(value) if places is None else places
    rounded = round(float(value), places)
    if rounded == 0:
        rounded = 0.0
    body = f"{abs(rounded):,.{places}f}"
    return f"{minus}{body}" if rounded < 0 else body


def in_math(number: str) -> str:
    """A number written for Typst mathematics: quoted when grouped ("2,324": a bare comma
    there is set as a separator, with a space after it, and reads as a list "2, 324")."""
    return f'"{number}"' if "," in number else number


def grouped_count(n: int, noun: str, plural: str | None = None) -> str:
    """"1 update", "162,015 updates": :func:`count` with the thousands grouped."""
    return f"{grouped(n, 0)} {noun if n == 1 else (plural or noun + 's')}"


def error_places(value: float) -> int:
    """Decimals for a training error k/n: exact when 2 or 3 places say it (0.175, 0.03),
    else two significant digits (55/569 → 0.097)."""
    for places in (2, 3):
        if abs(round(value, places) - value) < 1e-12:
            return places
    return significant_places(value)


def combination_markup(coefficients, terms, places: int = 2) -> str:
    """Σ cⱼ·termⱼ in Typst math, zero terms left out: ``-4.00 x_1 x_2``, ``x_1 - 2.00``.

    ``terms`` are Typst strings, "" for the constant; all-zero gives "0". A coefficient
    that rounds to 0 at ``places`` is left out; one that rounds to ±1 before a term is
    written as the term alone.
    """
    parts = []
    for coefficient, term in zip(coefficients, terms):
        value = round(float(coefficient), places)
        if value == 0:
            continue
        size = number(abs(value), places, minus="-")
        body = (size if not term else (term if size == number(1, places) else f"{size} {term}"))
        parts.append(("-" if value < 0 else "+", body))
    if not parts:
        return "0"
    first_sign, first = parts[0]
    return (("-" if first_sign == "-" else "") + first
            + "".join(f" {sign} {body}" for sign, body in parts[1:]))


#: (R/γ)² recomputed from the R and γ shown is the bound said to within this share (or
#: rounds to it): a difference a student reads as rounding
SHOWN_BOUND_SHARE = 0.0025


#: a value is rounded to one more digit when the digit past its last lies this close to
#: a half (0.030650 at 3 digits: numbers rounded for the formula it comes from give 0.0306
#: or 0.0307 as they fall)
KNIFE_EDGE = 0.02


def knife_edge(v: float, places: int) -> bool:
    """Whether ``v`` at ``places`` decimals lies within :data:`KNIFE_EDGE` of a rounding
    step's half: |frac(|v|·10^places) − ½| < KNIFE_EDGE."""
    scaled = abs(float(v)) * 10.0 ** places
    return abs(scaled - math.floor(scaled) - 0.5) < KNIFE_EDGE


def reach_and_margin(reach: float, gamma: float, bound: float,
                     reach_decimals: tuple[int, ...] = (2, 3),
                     share: float = SHOWN_BOUND_SHARE) -> tuple[str, str]:
    """R and γ as shown beside the bound (R/γ)² = ``bound`` said rounded: γ to the fewest
    significant digits (3 or 4; 4 where 3 would be a :func:`knife_edge`) and R to the
    fewest decimals of ``reach_decimals``, γ's first, at which (R/γ)² recomputed from
    them is the bound said (rounded, or within ``share`` of it). At three digits and two
    decimals, 2.22/0.31 squared is 51, not the 53 said; 2.24/0.0677 squared 1,095, not
    1,091; 1.83/0.26 squared 49.5, not 51."""
    said_bound = round(bound)
    choices = []
    for digits in (3, 4):
        places = significant_places(gamma, least=2, most=8, digits=digits)
        if digits == 3 and knife_edge(gamma, places):
            continue  # any numbers γ is shown computed from would round it either way
        shown_gamma = number(gamma, places)
        for decimals in reach_decimals:
            shown_reach = number(reach, decimals)
            choices.append((shown_reach, shown_gamma))
            again = ((float(shown_reach) / float(shown_gamma)) ** 2 if float(shown_gamma) > 0
                     else float("inf"))
            if round(again) == said_bound or abs(again - bound) <= share * bound:
                return shown_reach, shown_gamma
    return choices[-1]
