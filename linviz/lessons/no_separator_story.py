"""The storyboard of ``no-separator``: why no line through the origin separates data the
linear programme found infeasible (the scene `linear-program` ends at that answer).

The picture is `linear-program`'s (the same lesson, :mod:`linviz.lessons.linear_program`,
and state keys, :mod:`linviz.lessons.linear_program_story`): weight space shaded by how
many points each θ gets wrong; Gordan's alternative, its weights found by a small
programme for the λ, their weighted y⁽ⁱ⁾x⁽ⁱ⁾ tip to tail adding up to 0, their half-planes
sharing no θ, a θ circling 0 with their weighted y·scores adding up to 0 (so one is ≤ 0:
no θ is right on every point); then, with an offset θ₀, either the
programme on [1, x] is feasible, or two hulls overlap and no line separates at all.
"""

from __future__ import annotations

from .. import formatting
from ..storyboard import Storyboard, StoryWriter, paced
from .linear_program import (LinearProgramLesson, check_no_separator_data,
                             linear_program_lesson)
from .linear_program_overlap import also_inside, overlap_panel, turning_hull, weight_places
from .linear_program_story import (LP_PACE, REVEAL_PAUSE, count_word, first_state,
                                   place_tag_words, point_list)

SCENE = "no-separator"
#: data no line through the origin separates (flipped labels), as the noise scene's
DEFAULT_DATA = {SCENE: "noisy"}


def hull_words(indices, sign: str) -> str:
    """"+ point 2", "the segment of − points 3 and 17", "the triangle of + points 1, 5 and
    23": the convex hull of one class's points of an overlap."""
    names = [i + 1 for i in sorted(indices)]
    if len(names) == 1:
        return f"{sign} point {names[0]}"
    shape = "segment" if len(names) == 2 else "triangle"
    return f"the {shape} of {sign} points {formatting.listed(names)}"


def overlap_words(positive, negative) -> str:
    """What the overlap shows, in words: two points at one place, a point on a segment or
    in a triangle, two segments that cross, or two hulls that meet (1-based)."""
    plus, minus = hull_words(positive, "+"), hull_words(negative, "−")
    if len(positive) == 1 and len(negative) == 1:
        return f"{plus} and {minus} lie at one place"
    if len(positive) == 1 or len(negative) == 1:
        single, other = (plus, negative) if len(positive) == 1 else (minus, positive)
        hull = hull_words(other, "−" if len(positive) == 1 else "+")
        return f"{single} lies {'on' if len(other) == 2 else 'in'} {hull}"
    if len(positive) == 2 and len(negative) == 2:
        return f"{plus} crosses {minus}"
    return f"{plus} and {minus} meet"


#: how the notes fit an offset (note 000): θ₀ one more weight, on a 1 put before x, [1, x]
#: (review 307: "on [x, 1]" written, never said, in the other order)
OFFSET_WORDS = "θ₀, the weight of a constant feature 1 put in front of x"


def example_rows(positive, negative) -> list[str]:
    """The overlap in words (:func:`overlap_words`) as rows short enough to read in the
    right half: cut before "in the" or "at one" where it has them."""
    words = overlap_words(positive, negative)
    for cut in (" in the ", " at one "):
        if cut in words:
            head, tail = words.split(cut, 1)
            return [head, cut.strip() + " " + tail]
    return [words]


#: the words as which a line starts turning round the overlap's larger hull, and the
#: words that name the point both hulls hold (drawn as they are said)
TURN_WORDS, MEET_WORDS = "Turn a line round", ("between them", "where the")
#: the words that start the solver's answer with an offset (a sentence of its own, after the
#: overlap's, its status line with it)
SOLVER_WORDS = "With the constant feature"


def hull_argument(positive, negative) -> str:
    """Why the overlap rules out every line, said as a line turns round one class's hull
    (:func:`~linviz.lessons.linear_program_overlap.turning_hull`) keeping it on one side: a
    side of a line is convex, so it holds every mean of the hull's corners, the point both
    hulls hold, and so some point of the other class too (review 310: the argument was
    spoken over a still)."""
    if len(positive) == 1 and len(negative) == 1:
        return "A line's two sides share no place, so no line separates."
    held, sign, other = turning_hull(positive, negative)
    held_sign, other_sign = ("+", "−") if sign > 0 else ("−", "+")
    turn = (f"{TURN_WORDS}, shifted to keep {held_sign} points "
            f"{formatting.listed(i + 1 for i in held)} on one side")
    if len(other) == 1:
        # (reviews 317: the × came 8 s before it was named; why the point must be wrong
        # is the next beat's, :data:`MEAN_WORDS`)
        # (reviews 318: "a × marks each + point on their side" where only point 7 was)
        # (reviews 347: the cross came with "between them", 4 s before it was said)
        return (f"{turn}: {other_sign} point {other[0] + 1}, {MEET_WORDS[0]}, marked with a "
                f"cross as wrong, stays on that side however it turns.")
    where = ("segments cross" if len(positive) == len(negative) == 2 else "shapes meet")
    either = " or ".join(str(i + 1) for i in other)
    return (f"{turn}: {MEET_WORDS[1]} {where} stays on that side, and with it "
            f"{other_sign} point {either}, marked with a cross as wrong, so no line separates.")


def turn_key_rows(positive, negative) -> list[str] | None:
    """The key beside the turning line (:func:`hull_argument`): what its shading and its ×
    marks are (review 321: the shaded side had no legend); None where nothing turns."""
    if len(positive) == 1 and len(negative) == 1:
        return None
    held, sign, other = turning_hull(positive, negative)
    held_sign, other_sign = ("+", "−") if sign > 0 else ("−", "+")
    kept = (f"shaded: the side kept for {held_sign} points "
            f"{formatting.listed(i + 1 for i in held)}")
    crossed = (f"{other_sign} point {other[0] + 1}" if len(other) == 1 else
               f"{other_sign} points {' or '.join(str(i + 1) for i in other)}")
    return [kept, f"×: {crossed} on that side, wrong"]


#: why the point in the other class's triangle (or on its segment) is always on their side:
#: a side of a line holds every weighted mean of its points (reviews 317: never said)
MEAN_WORDS = "weighted mean"


def mean_sentence(point: int, hull, sign: str) -> str:
    """Why + point ``point`` (0-based) in the other class's ``hull`` (their points, 0-based;
    their class's ``sign``) is on its side of every
    line: x⁽ᵖ⁾ = Σwᵢx⁽ⁱ⁾, wᵢ ≥ 0, Σwᵢ = 1 (the panel's weights), so θᵀx⁽ᵖ⁾ + θ₀ = Σwᵢ(θᵀx⁽ⁱ⁾ +
    θ₀): the same mean of their scores, on their side of 0 (that no line separates is the
    offset certificate's conclusion, said once: reviews 340-341, proved twice)."""
    up = formatting.superscript(point + 1)
    # (the hull's points and side named: reviews 342, "their" pointed back two sentences)
    of = formatting.listed(f"x⁽{formatting.superscript(i + 1)}⁾" for i in sorted(hull))
    # (reviews 358: why the offset goes through the mean unsaid: the weights add up to 1)
    return (f"Why: x⁽{up}⁾ is a {MEAN_WORDS} of {of}, the weights on the right adding up to "
            f"1, so its score, θ₀ and all, is the same mean of their scores, on the {sign} "
            f"points' side of 0.")


def shares_words(positive, negative) -> str:
    """The weights that make the overlap Gordan's certificate on [1, x], in words: each
    point weighted by its share in its class's mean of the point both hulls hold (a single
    point, by 1), so Σ wᵢy⁽ⁱ⁾[1, x⁽ⁱ⁾] = [1, m] − [1, m] = 0 (1-based)."""
    if len(positive) == 1 and len(negative) == 1:
        return "weight both points by 1"
    if len(positive) == 1 or len(negative) == 1:
        single, hull = (positive, negative) if len(positive) == 1 else (negative, positive)
        sign, other = ("+", "−") if len(positive) == 1 else ("−", "+")
        points = formatting.listed(i + 1 for i in sorted(hull))
        return (f"weight {sign} point {next(iter(single)) + 1} by 1 and {other} points "
                f"{points} by their shares in its mean")
    return "weight each point by its share in its class's mean"


def flipped_words(lesson: LinearProgramLesson, support) -> str:
    """" Point 23 is a −, so y⁽²³⁾x⁽²³⁾ is x⁽²³⁾ flipped." (y⁽ⁱ⁾x⁽ⁱ⁾ = −x⁽ⁱ⁾ points away
    from it), " Points 2 and 24 are −, so their y⁽ⁱ⁾x⁽ⁱ⁾ are their x⁽ⁱ⁾ flipped.", or nothing
    without a − point (1-based)."""
    minus = [i for i in support if float(lesson.data.y[i]) < 0]
    if not minus:
        return ""
    if len(minus) == 1:
        own = formatting.superscript(minus[0] + 1)
        return f" Point {minus[0] + 1} is a −, so y⁽{own}⁾x⁽{own}⁾ is x⁽{own}⁾ flipped."
    return (f" Points {formatting.listed(i + 1 for i in minus)} are −, so their y⁽ⁱ⁾x⁽ⁱ⁾ "
            f"are their x⁽ⁱ⁾ flipped.")


#: the words as which the overlap's weights on [1, x] are written (:func:`lifted_rows`)
SHARES_WORDS = "Weight "


def lifted_rows(lesson: LinearProgramLesson) -> list[tuple[str, str]]:
    """Gordan's certificate on [1, x] written out, a term a row, each with the words it
    comes at: Σ wᵢy⁽ⁱ⁾[1, x⁽ⁱ⁾], each side's weights those of its mean of the point m both
    hulls hold (:func:`overlap_equation`'s, at its decimals), + terms then − terms (review
    315: one row, shrunk to fit, was unreadable), then the first entries' sum, 1 − 1 = 0,
    and the rest's, m − m = 0."""
    positive, negative = lesson.overlap
    places = max(weight_places(positive.values()), weight_places(negative.values()))

    def term(sign: str, weights, i: int, end: str = "") -> str:
        weight = ("" if len(weights) == 1 else
                  f"{formatting.number(weights[i], places, minus='-')} ")
        return f"${sign} {weight}[1, x^(({i + 1}))]{end}$"

    # one sum, its value at its end (reviews 352: a column of terms read as four items)
    last = sorted(negative)[-1]
    rows = [term("+" if k else "", positive, i) for k, i in enumerate(sorted(positive))]
    rows += [term("-", negative, i, " = 0" if i == last else "") for i in sorted(negative)]
    # the two entries' sums written as said (reviews 321: "each side totals 1" only heard,
    # m undefined): the first entries, each side's weights, 1 − 1; the rest, the point
    # both hold (one side's single point, named; else m, as the picture shows it, review
    # 316: "hulls" never said) less itself
    def total(weights) -> str:
        """The side's weights as written, summed in brackets where they read 1 summed (at
        their decimals), else "1"."""
        values = [formatting.number(weights[i], places, minus="-") for i in sorted(weights)]
        reads_one = round(sum(float(v) for v in values), places) == 1
        return ("(" + " + ".join(values) + ")") if len(values) > 1 and reads_one else "1"

    single = next((side for side in (positive, negative) if len(side) == 1), None)
    first = (f"first entries: ${total(positive)} - {total(negative)} = 0$" if single is None
             else "first entries: $1 - " + total(negative if single is positive else positive)
             + " = 0$")
    rest = (f"the rest: $x^(({next(iter(single)) + 1})) - x^(({next(iter(single)) + 1})) = 0$"
            if single is not None else
            "the rest: $m - m = 0$, $m$ " + ("where the segments cross"
                                              if len(positive) == len(negative) == 2 else
                                              "where the shapes meet"))
    return ([(SHARES_WORDS, row) for row in rows]
            + [("weights total 1", first), ("add up to 0", rest)])


#: what the constant feature asks of Gordan's weights, a card's row with the words it comes
#: at (the weights found through 0 weighed against it were a detour: reviews 338, 340)
TOTALS_ROWS = [# (reviews 352: "first entries" of a sum never written)
               ("each y⁽ⁱ⁾[1, x⁽ⁱ⁾]",
                "Gordan on $[1, x]$: $sum_i lambda_i y^((i)) [1, x^((i))] = 0$"),
               ("starts with its label", "first entries: $sum_i lambda_i y^((i)) = 0$"),
               # (reviews 342: "must total the same" never written; reviews 347: two long
               # rows shrunk to 5 px at 480p: short)
               ("must total the same", 'so $sum_(+ "points") lambda_i = '
                                       'sum_(− "points") lambda_i$')]


#: the certificate's points counted in words (Carathéodory: two or three in the plane)
NUMBER_WORDS = {2: "two", 3: "three"}


def sides_sentence(count: int) -> str:
    """The certificate's second beat: in weight space its ``count`` half-planes through 0,
    aᵢᵀθ > 0, share no θ (Σλᵢaᵢ = 0 leaves Σλᵢaᵢᵀθ = 0 at every θ: with every λᵢ ≥ 0, not
    all its terms are > 0), each θ shaded by how many it fails."""
    # (reviews 360: a half-plane is not "through 0"; its edge is)
    return (f"In weight space, their {NUMBER_WORDS[count]} half-planes, edged by lines through "
            f"0, share no θ: every θ is shaded, failing at least one.")


def proof_words(support) -> str:
    """Why no θ is right on every point, seen as a θ circles 0: the certificate's weighted
    labels times scores add up to 0, so one is ≤ 0 (reviews 336: "their" pointed back 30 s;
    the perceptron that "never settles", said over no perceptron, is the closing's of
    `linear-program`)."""
    return (f"Take any θ, like this one circling 0: the labels times scores of "
            f"{point_list(support)}, weighted by λ, add up to 0, so one of them is ≤ 0. "
            f"Whatever θ, some point is wrong.")


#: Gordan's alternative, said before its weights prove that no θ exists (reviews 256–257:
#: used at the certificate, stated only on the closing card); not in the notes, said so
# (reviews 317: the alternative in one sentence was too dense by ear: short sentences)
# (reviews 318: > 0 here, ≥ 1 in the programme: scaled, the one is the other, said)
# (reviews 330: 18 s in one caption over the card: its second case a beat of its own)
# (reviews 343, 347: the question, the alternative and its first case in one caption: the
# case a sentence of its own, what it gives the programme said)
GORDAN_WORDS = ("Why is every θ wrong somewhere? Gordan's alternative, beyond the notes, says "
                "exactly one of two things holds.")
GORDAN_EITHER_WORDS = ("Either some θ has every label times score above 0: scaled up, all are "
                       "at least 1, and the programme is feasible.")
GORDAN_OTHER_WORDS = "Or weights λᵢ ≥ 0, not all 0, make the weighted y⁽ⁱ⁾x⁽ⁱ⁾ add up to 0."


def gordan_card() -> dict:
    """Gordan's alternative as a card: its title and two boxes (a θ with every
    y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0; weights λ ≥ 0, not all 0, with Σλᵢy⁽ⁱ⁾x⁽ⁱ⁾ = 0), ``holds`` None
    (stated, not yet decided). Each line is text with its mathematics in $…$."""
    return {"title": "Gordan's alternative: exactly one of the two exists",
            "boxes": [["a $theta$ with every $y^((i)) theta^T x^((i)) > 0$:",
                       # (reviews 358: "scaled up, all are at least 1" said, not shown)
                       "scaled up, every one $>= 1$: the programme finds one (feasible)"],
                      ["weights $lambda_i >= 0$, not all 0, with",
                       "$sum_i lambda_i y^((i)) x^((i)) = 0$ (the programme for $theta$: "
                       "infeasible)"]],
            "holds": None, "offset": []}


def no_separator_storyboard(lesson: LinearProgramLesson, scene: str = SCENE) -> Storyboard:
    """Every beat of the scene for ``lesson`` (see the module's docstring); DataError where
    a line through the origin separates the data (nothing to explain: the scene
    `linear-program` finds its separators)."""
    check_no_separator_data(lesson.data)  # (the scene's own check, before anything drawn)
    story = StoryWriter(scene, **first_state(lesson))
    low = lesson.mistake_range[0]
    story.section("lp-certificate", "Why no θ exists")
    # where `linear-program` left it: every θ shaded by its mistakes, none unshaded
    # (review 313: "no line" heard as any line, till "Nor with an offset" a minute later)
    # one θ of the fewest, its line and its mistakes drawn as "as this one does" is said,
    # the fewest wedges lit, as `linear-program` drew them (reviews 319: "each θ … its
    # line" with none drawn, then 9 s of a still)
    # (reviews 324: one caption of 19 s, the shading still drawing as it was explained:
    # the data a beat of its own)
    story.beat(f"These {lesson.n} points again: no line through the origin separates them.",
               "recap-data")
    # (reviews 327: four ideas in a 15 s caption; `linear-program` said them in full, so
    # briefly here)
    story.beat(f"On the right, weight space: each θ shaded by how many points it gets "
               f"wrong; every θ gets at least {low} wrong, as this one does. So the "
               f"programme is infeasible.",
               "recap", weights=True, lines=True,
               wrong_shading=True, view="near", constraint_score=0.0,
               # (its line too: reviews 365, 368, its mistakes could not be seen as such
               # by a dot alone)
               fewest_line=True,
               wrong_marks={"dashed": lesson.wrong_points(lesson.scaling_theta)},
               # (review 313: "at least 4 · infeasible" written 3 s before it was said)
               # (the solver's word written as said: review 321, never written)
               # (reviews 333: the programme itself never written)
               status="shade: how many points $theta$ gets wrong · the programme, every "
                      "$y^((i)) theta^T x^((i)) >= 1$: infeasible")
    support = sorted(lesson.certificate)
    places = weight_places([lesson.certificate[i] for i in support])
    weights = formatting.listed(formatting.number(lesson.certificate[i], places) for i in support)
    # the weights are Gordan's alternative's, found by a small programme of their own (the
    # solver's infeasibility report is not what is drawn): the proof is credited to it
    # (two points at one place are the second side too, its weights named: review 269,
    # λ was written, never said, and Gordan came only in the closing card)
    # (reviews 330: one caption of 21 s: the weights found, then their sum, a beat each)
    found = (f"Here the second holds: {point_list(support)} lie at one place with opposite "
             f"labels, so give them weights {weights}."
             if lesson.same_place_certificate else
             # (review 305: "Without such places the second still holds" did not parse)
             # (review 310: "another programme" unexplained: it is one for the λ)
             # (reviews 327: what it asks of the λ was only written)
             # (reviews 332: said as if the only such weights)
             # (reviews 352: "adding up to 1" read as a new demand on "not all 0": any
             # such λ scaled)
             # (reviews 357: one long clause chain: the claim, then what the programme finds)
             f"Here the second holds. A small programme for the λ, each ≥ 0, scaled to add "
             f"up to 1, finds one answer: weights {weights} on {point_list(support)}.")
    # (review 313: a − point's arrow points away from it, unsaid)
    # (reviews 357: the flip said and seen after the sum that used it: before it)
    summed = (f"{flipped_words(lesson, support).strip()} Their weighted y⁽ⁱ⁾x⁽ⁱ⁾, tip to "
              f"tail on the right, add up to 0.").strip()
    # the λ's programme written beside its answer (review 313: "a small programme for the
    # λ" was never shown): Gordan's second side, its weights scaled to add up to 1
    status = (("" if lesson.same_place_certificate else
               "for $lambda$: $lambda_i >= 0$, $sum_i lambda_i = 1$, "
               "$sum_i lambda_i y^((i)) x^((i)) = 0$ · ")
              + ", ".join(f"$lambda_({i + 1}) = "
                          f"{formatting.number(lesson.certificate[i], places)}$"
                          for i in support))
    if lesson.same_place_certificate:  # the place's tag, "+2 −1", read out once
        status += "; " + place_tag_words(lesson, support[0])
    # the alternative stated before it is used
    story.beat(GORDAN_WORDS, "gordan", gordan=gordan_card(), ringed=[], wrong_marks=None,
               fewest_line=False,
               status="beyond the notes: Gordan's theorem (1873)")
    story.beat(GORDAN_EITHER_WORDS, "gordan-either")
    story.beat(GORDAN_OTHER_WORDS, "gordan-other")
    # data space first (the weighted y⁽ⁱ⁾x⁽ⁱ⁾), then weight space (their half-planes): one
    # idea a beat (together, 14 s carried both planes' drawings and a key)
    story.beat(found, "certificate", ringed=support, gordan=None, status=status)
    story.beat(summed, "certificate-sum", certificate=True)
    story.beat(sides_sentence(len(support)), "certificate-sides", certificate_sides=True,
               wrong_shading=False,
               status=f"their {NUMBER_WORDS[len(support)]} sides $y^((i)) theta^T "
                      f"x^((i)) > 0$: no $theta$ is on all")
    # the certificate's lines are where each y·score is 0 (as in the shading): named, for
    # the bars' signs are about their sides
    # the perceptron tied to the proof while θ still circles (review 310: its endless walk,
    # 25 s of a fast run, was one idea too many; the noise scene runs it)
    story.beat(proof_words(support), "proof", score_bars=True,
               status="$sum_i lambda_i y^((i)) theta^T x^((i)) = theta^T (sum_i lambda_i "
                      "y^((i)) x^((i))) = theta^T 0 = 0$")
    # with an offset: its own chapter (review 310: five ideas in one segment; the walk, the
    # fewest-mistake solve and the kept points' margin left for the noise scene)
    story.section("lp-offset", "With an offset")
    if lesson.separable_with_offset:
        story.beat(f"With an offset {OFFSET_WORDS}, a line does separate them: the same "
                   "programme on [1, x] is feasible, and its widest line is drawn, as the "
                   "offset-lift scene shows.",
                   "offset-line", offset_line=True, weights_dim=True, certificate=False,
                   certificate_sides=False, score_bars=False,
                   inset=False, close=None, magnified=None, ringed=[], wrong_marks=None,
                   status="with an offset, on $[1, x]$: feasible", pause=REVEAL_PAUSE)
    else:
        positive, negative = lesson.overlap
        closeup = lesson.overlap_closeup
        held, hull_sign, other = turning_hull(positive, negative)
        why = len(other) == 1 and bool(overlap_panel(lesson))  # a beat saying why
        magnified = " (magnified on the right)" if closeup else ""
        # the weight plane leaves (what follows argues in data space; dimmed, it stayed a
        # ghost to the end): the close-up takes its place, when there is one
        # "for one": one such overlap among maybe several (review 298: "why point 7?")
        # ("For example": "one" was just said as a number: review 308)
        # (the turn a beat of its own: the bench, 21 s in one caption)
        # the other points of its class in the same triangle named (reviews 331: four more
        # + points stood in it, unsaid: "why point 7?")
        also = also_inside(lesson.data.X, lesson.data.y, positive, negative)
        sign = "+" if len(positive) == 1 else "−"
        # (said before their numbers, so they are ringed as named: reviews 333)
        # (counted, not listed: reviews 347, four numbers said, none written)
        too = (f"; so {'does' if len(also) == 1 else 'do'} {count_word(len(also))} other "
               f"{sign} point{'s' if len(also) > 1 else ''}" if also else "")
        story.beat(f"Nor with an offset {OFFSET_WORDS}. For example, "
                   f"{overlap_words(positive, negative)}{magnified}{too}.",
                   "overlap", overlap=True, weights_dim=False, certificate=False,
                   certificate_sides=False, score_bars=False,
                   weights=False, inset=False, wrong_marks=None,
                   # (reviews 318: on screen 15 s before the why beat explained it)
                   overlap_panel=None if why else overlap_panel(lesson),
                   # the lift and the example written in the right half as said, where no
                   # close-up stands there (reviews 334: it stood empty for 13 s)
                   # (not the lift again: the status line writes it; reviews 348)
                   programme=None if closeup or not why else [
                       ("For example", part) for part in example_rows(positive, negative)],
                   close=None, magnified=None, ringed=sorted([*positive, *negative]),
                   closeup=closeup[1] if closeup else None,
                   # (review 311: the equation over the close-up, never said, dropped)
                   # (reviews 318: the constant feature said, not seen, for 30 s)
                   status="an offset: $theta^T x + theta_0 = [theta_0, theta]^T [1, x]$")
        # (the point it gets wrong marked ×, not ringed too: reviews 338, 340, ring, + and
        # × one blob at 480p)
        story.beat(hull_argument(positive, negative), "overlap-turn", programme=None,
                   turn_key=None if closeup else turn_key_rows(positive, negative),
                   ringed=held)
        # the solver's answer a sentence of its own, tied to Gordan's alternative (review
        # 313: the triangle was never tied to it): with wᵢ each point's share in its
        # class's mean, Σ wᵢ y⁽ⁱ⁾ [1, x⁽ⁱ⁾] = [1, m] − [1, m] = 0, m the point both hold
        # (review 311: "infeasible too" written, never said)
        if why:  # why, its weights on the panel
            story.beat(mean_sentence(other[0], held, "+" if hull_sign > 0 else "−"),
                       "overlap-why", ringed=[other[0]], turn_key=None,
                       overlap_panel=overlap_panel(lesson), score_bars=True)
        # what the constant feature asks of Gordan's weights (reviews 317: "nor with an
        # offset" was never explained); the weights found through 0 weighed against it, a
        # detour (reviews 338, 340), left out
        panel = bool(overlap_panel(lesson))
        story.beat(f"{SOLVER_WORDS}, each y⁽ⁱ⁾[1, x⁽ⁱ⁾] starts with its label, so Gordan's "
                   f"weights on + and on − points must total the same.",
                   "offset-totals", programme=TOTALS_ROWS if panel else None,
                   turn_key=None, score_bars=False, ringed=[],
                   # (its rows say it: reviews 347, a heading said the same again)
                   status="an offset: $theta^T x + theta_0 = [theta_0, theta]^T [1, x]$")
        # (reviews 327: "Gordan's second case again" re-proved what the triangle had shown:
        # said briefly, as the weights that do what the first answer's do not; reviews 330:
        # the overlap not said to be itself the certificate)
        shares = shares_words(positive, negative)
        # (reviews 331: "… does: …: …, so" hung on the sentence before, three clauses
        # joined by colons: short sentences)
        # (reviews 347: "add up to 1" said before, "totals 1" each side now, unexplained)
        # (reviews 348: "any scale will do, so each side" a non sequitur, "side" read as a
        # line's: the classes' weights, equal as the constant feature asks)
        # (reviews 350 bench: 19.8 s, the longest caption: said shorter, the reason for
        # equal totals left to the sentence before, which gives it)
        # (reviews 351: "the y⁽ⁱ⁾[1, x⁽ⁱ⁾]" where the weighted ones add up)
        story.beat(f"{shares[0].upper()}{shares[1:]}: each class's weights total 1, the same, "
                   f"and the weighted y⁽ⁱ⁾[1, x⁽ⁱ⁾] add up to 0.",
                   "offset-certificate",
                   # written under the panel as said (review 314: 16 s of a still); where a
                   # close-up stands on the right, said only
                   programme=lifted_rows(lesson) if panel else None,
                   ringed=sorted([*positive, *negative]))
        # (reviews 360-362: with the verdict, one caption of 20 s: a sentence of its own)
        story.beat("So the overlap is Gordan's second case: the programme with an offset is "
                   "infeasible too.", "offset-verdict",
                   status="with an offset, on $[1, x]$: infeasible too", pause=REVEAL_PAUSE)
    return paced(story.storyboard(), LP_PACE)


def storyboard_of_no_separator(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `no-separator` on ``data``."""
    return no_separator_storyboard(linear_program_lesson(data, seed=seed))


