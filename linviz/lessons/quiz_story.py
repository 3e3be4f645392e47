"""The storyboards of the notes' quizzes (:mod:`linviz.lessons.quiz`): the question is
asked and stays on screen through a pause (a beat of motion :data:`QUIZ`: the scene
holds it for the request's quiz pause after it is said; present mode stops there),
then real runs answer it.

States of ``quiz-one-point``: ``question`` (the question's card), ``run`` (None, "zero"
or "start": the run drawn), ``step`` (its θ after this many updates), ``inset`` (x and
the last boundary magnified), ``status``, ``chain`` (the bound on the updates: its
formula and its numbers, two lines of Typst mathematics; None before the answer).
States of ``quiz-margin``: ``question``, ``planes`` (how many of the two data sets are
drawn, left first; the first alone and larger until the second comes), ``headings`` (how
many parts of each plane's heading stand: γ, the band's half-width; then R, the largest
‖x‖, with the farthest point's reach drawn, and (R/γ)²), ``inset`` (the narrow band
magnified beside its plane, both planes at one scale), ``ringed`` (the points on the band's
edges in that close-up, ringed there on their own beat), ``edges`` (every point on the
band's edges, ringed in the plane on that beat), ``runs`` (each run's M ≤ (R/γ)² in large
type under its plane), ``lines`` (each run's line, moving update by update while the runs
are told, then its last, dimmed from the spread on: beside θ* it would read as θ*),
``first_updates`` (the updates played slowly, each one's point ringed, as the rule is said),
``wide_edges`` (the wide band's edge points, ringed in its plane while its band is said),
``sketch`` (the answer's example to draw, :mod:`scenes.quiz_parts.sketch`: the large
margin's classes as hulls, its band about θ*'s line through 0, its reach R),
``strips`` (where the close-up stood, which
leaves with its rings: the M of each margin's data sets, a row of dots on one logarithmic
axis, and (R/γ)² of the one shown a bar),
``final_gap`` (each run whose last line passes too near a point to read, that point and
the line magnified where the close-up stood, :func:`linviz.lessons.quiz.final_gap_insets`: the
perceptron stops at its first line with no mistake, however close),
``squeeze`` (the screen given to it, the planes gone: the proof recalled on both median runs,
:mod:`linviz.lessons.quiz_proof`: 0 none, 1 each run's θ·θ*/‖θ*‖ between its floor Mγ and
its ceiling R√M, 2 also where they meet, at (R/γ)²; it stays through the answer's
beats: the evidence the answer rests on, not the close-up again, review 258),
``shrink`` (the large margin's data set halved and back while it is said: γ and R halve,
(R/γ)² stays, :attr:`linviz.lessons.quiz.MarginQuizLesson.wide_shrunk`),
``status`` (at the end the answer in words).
"""

from __future__ import annotations

from .. import formatting
from ..pacing import SLOW_UPDATES
from ..storyboard import Storyboard, StoryWriter, paced
import numpy as np

from .quiz_proof import meets_in_span, squeeze_span
from .quiz import (MARGIN, ONE_POINT, MarginQuizLesson, OnePointLesson, band_half_width,
                   edge_points, farthest_point, final_gap, final_gap_insets, magnification,
                   margin_quiz_lesson, near_band, one_point_lesson, plane_box)

#: the motion of a beat that asks a quiz's question and pauses on it
QUIZ = "quiz"
from ..safety.limits import QUIZ_PAUSE  # noqa: E402,F401 - the question's still, said here
DEFAULT_DATA = {ONE_POINT: None, MARGIN: None}

ONE_POINT_QUESTION = ("Quiz, from the notes: the data set is one point, (x, +1). How often "
                      "can the perceptron get it wrong from θ = 0? And from a random θ?")
#: the theorem's terms, under the question on its card (its formulas as Typst mathematics;
#: the bound itself is said in the question: review 294 read it twice)
MARGIN_THEOREM = ("Through 0, from $theta = 0$: $R$ the largest $norm(x)$, $gamma$ the margin "
                  "of a unit $theta^*$ (the notes' $1 \\/ gamma^2$ when $norm(x) <= 1$).")
# the theorem said, not only written under the question (review 292: "given the theorem"
# was heard with no theorem)
MARGIN_QUESTION = ("Quiz, from the notes: the theorem allows at most (R/γ)² updates. Is a "
                   "large or a small margin better? Which data sets does the perceptron learn "
                   "quickly? Draw an example.")


def value(v: float) -> str:
    return formatting.number(float(v), 2)


def whole_or_number(v: float) -> str:
    """``v`` as a whole number when it is one within 1e-9 ("4"), else with two decimals."""
    return str(int(round(v))) if abs(v - round(v)) <= 1e-9 * max(1.0, abs(v)) else value(v)


#: the decimals R is shown with, in both planes alike (review 266: 2.23 beside 2.236 asked
#: to be compared; review 285: 1.996 and 2.000, digits to no purpose)
REACH_DECIMALS = 2
#: the significant digits γ is said with (review 285: 0.02937, too many to hear)
GAMMA_DIGITS = 3


def said_gamma(run) -> str:
    """γ as said: the band's half-width (θ* of unit length) to :data:`GAMMA_DIGITS`
    significant digits (0.628, 0.0310)."""
    return formatting.number(run.gamma, formatting.significant_places(
        run.gamma, least=2, most=8, digits=GAMMA_DIGITS))


def said_reach(run) -> str:
    """R, the largest ‖x‖, as said, at :data:`REACH_DECIMALS`."""
    return formatting.number(run.R, REACH_DECIMALS)


def said_bound(run) -> tuple[str, bool]:
    """(R/γ)² as said, and whether exactly so: the whole number (R/γ)² rounds to, when
    (R/γ)² recomputed from the R and γ said rounds to it too ("= 10" where the bound is
    that number, else "≈ 11"); else the bound to
    the most significant digits at which the two agree, said "about" ("≈ 4,160": 2.00
    over 0.0310, squared, is 4,162, the bound 4,160.3; review 266 read a recomputation off
    by 0.26% as an error, review 285 four-digit γs as noise)."""
    bound = float(run.bound)
    again = (float(said_reach(run)) / float(said_gamma(run))) ** 2
    if round(again) == round(bound):
        # "=" only where the bound is that whole number (review 292: "= 11" of 11.1)
        whole = abs(bound - round(bound)) <= 1e-9 * max(1.0, bound)
        return formatting.grouped(bound, 0), whole
    for digits in range(len(str(int(round(bound)))), 0, -1):
        if _leading(again, digits) == _leading(bound, digits):
            return formatting.grouped(_leading(bound, digits), 0), False
    return formatting.grouped(bound, 0), False  # pragma: no cover - one digit agrees


def _leading(value: float, digits: int) -> float:
    """``value`` rounded to ``digits`` significant digits."""
    return float(round(value, digits - 1 - int(np.floor(np.log10(abs(value))))))


def bound_words(run) -> str:
    """"(R/γ)² = 10" or "(R/γ)² is about 4,160", as said (:func:`said_bound`)."""
    number, exact = said_bound(run)
    return f"(R/γ)² = {number}" if exact else f"(R/γ)² is about {number}"


def bound_label(run) -> str:
    """The bound as a label on a plot: "10", "≈ 4,160" (:func:`said_bound`)."""
    number, exact = said_bound(run)
    return number if exact else f"≈ {number}"


def bound_at(run) -> str:
    """Where the floor meets the ceiling, as said: "10", "about 4,160"."""
    number, exact = said_bound(run)
    return number if exact else f"about {number}"


def bound_math(run) -> str:
    """The bound as Typst mathematics: "(R \\/ gamma)^2 = 10", "… approx 4160"."""
    number, exact = said_bound(run)
    return f"(R \\/ gamma)^2 {'=' if exact else 'approx'} {formatting.in_math(number)}"


def said_gap(distance: float) -> str:
    """A last line's distance to its nearest point, as said and shown: two significant
    digits (0.0036, 0.00010)."""
    return formatting.significant(distance, 2, 6)


def band_width(run) -> str:
    """The band's whole width 2γ in the plane, as said and drawn across the close-up."""
    return formatting.significant(2 * band_half_width(run), 2, 3)


#: the single-point quiz's bound on the updates k from θ⁽⁰⁾, as Typst mathematics: after
#: k − 1 updates θᵀx = (θ⁽⁰⁾)ᵀx + (k − 1)‖x‖² was still ≤ 0, and −(θ⁽⁰⁾)ᵀx ≤ ‖θ⁽⁰⁾‖‖x‖
#: (Cauchy–Schwarz)
BOUND_CHAIN = ("k <= display((-(theta^((0)))^T x) / norm(x)^2) + 1 "
               "<= display(norm(theta^((0))) / norm(x)) + 1")


def one_point_storyboard(lesson: OnePointLesson, scene: str = ONE_POINT) -> Storyboard:
    """Every beat of the single-point quiz (see the module's docstring)."""
    story = StoryWriter(scene, question=False, run=None, step=0, status=None, inset=False,
                        chain=None)
    story.section("quiz-one-point", "Quiz: a single point")
    story.beat(ONE_POINT_QUESTION, QUIZ, question=True)
    n2 = value(lesson.norm_squared)
    story.beat(f"From θ = 0, a mistake: one update makes θ = x, and then θᵀx = ‖x‖² = "
               f"{n2} > 0.", "run", question=False, run="zero", step=1,
               status=f"$theta^T x$: 0.00 → {n2}")
    story.beat("Nothing changes θ after that: from θ = 0 the point is misclassified exactly "
               "once.", "hold", status=f"from $theta = 0$: 1 mistake, then $theta^T x = {n2} > 0$")
    story.beat(f"Now a random start θ⁽⁰⁾ of length 3‖x‖ that gets x wrong: θ⁽⁰⁾ᵀx = "
               f"{value(lesson.start_score)} ≤ 0.",
               "start", run="start", step=0, status=f"$theta^T x$: {value(lesson.start_score)}")
    k = lesson.updates_from_start
    scores = " → ".join(value(theta @ lesson.x) for theta in lesson.from_start)
    story.beat(f"Each update adds ‖x‖² = {n2} to θᵀx: it takes "
               f"{formatting.count(k, 'update')} to pass 0, to "
               f"{value(lesson.from_start[-1] @ lesson.x)}.", "run", step=k,
               status=f"$theta^T x$: {scores}")
    inset = lesson.final_inset
    if inset:  # x would look on the line: said, and magnified while it is
        story.beat(f"So x ends just {value(lesson.final_distance)} inside the correct side "
                   f"(magnified ×{inset[1]}).", "magnify", inset=True)
    # where the bound comes from: the last update was made on a mistake
    before = value(lesson.from_start[k - 1] @ lesson.x)
    story.beat("Why: before its last update x was still wrong, θ⁽⁰⁾ᵀx + (k − 1)‖x‖² ≤ 0, "
               "and that bounds k.", "hold",
               status=f"before update $k = {k}$: $(theta^((0)))^T x + (k - 1) norm(x)^2 = "
                      f"{before} <= 0$")
    bound = whole_or_number(lesson.bound)
    story.beat(f"From any start: none if θ⁽⁰⁾ gets x right, else at most ‖θ⁽⁰⁾‖/‖x‖ + 1 "
               f"updates, here {bound}, by Cauchy–Schwarz; more for a longer θ⁽⁰⁾.", "answer",
               status=f"wrong from $theta = 0$: once · from $theta^((0))$: "
                      f"$k = {k}$ times, at most {bound}",
               chain=(BOUND_CHAIN, f"k = {k} <= {value(lesson.score_bound)} <= {bound}"))
    return story.storyboard()


#: the least time (s) of a beat that brings a heading's formula: its sentence, then a still
#: to read it (said in about 4 s, a formula would be gone before it was read; review 272:
#: 6.5 left 2.6 s of still after each)
READ_FORMULA_SECONDS = 5.5
#: the least time (s) of a beat that brings a new drawing to take in (a plane, the second
#: with its close-up; where the runs stop, magnified)
READ_DIAGRAM_SECONDS = 7.0
#: the margin quiz's pace: each beat lasts at least its sentence at this many characters a
#: second (the voice reads about 15): every beat brings a number or a drawing to read
#: (12 and 11 below left a quarter of the video still, review 272)
MARGIN_PACE = 13.5
#: the pace of the results' beats (the thin band's edges, the runs, where they stop, all
#: the data sets, the answer): slower, each carries several numbers or marks to compare
RESULTS_PACE = 12.5
RESULTS = ("rings", "runs", "stops", "hold", "recall", "ceiling", "meet", "answer")
#: two reaches R within this share of each other are said to be "almost the same"
SAME_REACH = 0.02


def reach_likeness(wide, narrow) -> str:
    """How the narrow run's R compares with the wide one's, as said: "the same" when the
    two are shown alike, "almost the same" within :data:`SAME_REACH`, "" otherwise."""
    first, second = said_reach(wide), said_reach(narrow)
    if first == second:
        return "the same"
    close = abs(float(second) - float(first)) <= SAME_REACH * float(first)
    return "almost the same" if close else ""


def reach_words(wide, narrow) -> str:
    """The narrow run's R as said after the wide one's: "the same" (its number is the one
    on screen), "almost the same, 1.999", or its number."""
    same = reach_likeness(wide, narrow)
    if same == "the same":
        return same
    return f"{same + ', ' if same else ''}{said_reach(narrow)}"


#: a margin's bounds within this share of each other are said to be alike (their ticks
#: stand as one on the strips' logarithmic axis)
BOUNDS_ALIKE = 0.05


def bounds_alike_words(lesson: MarginQuizLesson) -> str:
    """", the 7 of a margin within 3%: one tick" where each margin's data sets' bounds (R/γ)² lie
    within :data:`BOUNDS_ALIKE` of each other (the least share that holds, whole percent),
    else ""."""
    spreads = [max(bounds) / min(bounds) - 1.0
               for bounds in (lesson.wide_bounds, lesson.narrow_bounds)]
    if max(spreads) > BOUNDS_ALIKE:
        return ""
    return (f", the {lesson.repeats} of a margin within "
            f"{max(1, int(np.ceil(100 * max(spreads))))}%: one tick")


def first_updates(lesson: MarginQuizLesson) -> int:
    """How many updates (of each run, on one clock) play slowly as the rule is said: at
    most the lecture's :data:`linviz.pacing.SLOW_UPDATES`, at most the longer run's."""
    return min(SLOW_UPDATES, max(lesson.wide.updates, lesson.narrow.updates))


def margin_storyboard(lesson: MarginQuizLesson, scene: str = MARGIN) -> Storyboard:
    """Every beat of the margin quiz (see the module's docstring)."""
    wide, narrow = lesson.wide, lesson.narrow
    story = StoryWriter(scene, question=False, planes=0, runs=False, lines=False, inset=False,
                        status=None, ringed=[], edges=[], strips=False, headings=[0, 0],
                        final_gap=False, squeeze=0, first_updates=None, wide_edges=[],
                        sketch=False, shrink=False)
    view = plane_box(lesson)
    story.section("quiz-margin", "Quiz: a large or a small margin?")
    story.beat(MARGIN_QUESTION, QUIZ, question=True)
    # γ named as the notes' margin (003: the distance from θ*'s hyperplane to the closest
    # point, θ* of unit length through 0), θ*'s line down the band's middle (review 260:
    # never tied to the notes' word); it stands alone, centred, until the second comes
    # the points that set it ringed as said (review 286: only the small band's were)
    # through 0 the band may touch one class only: said on the status line where it does
    # (review 288: a student would centre it between the classes)
    one_class = len({float(wide.data.y[i]) for i in edge_points(wide)}) == 1
    story.beat(f"Here, the widest band about a line through 0, edged by the ringed points, "
               f"has half-width γ = {said_gamma(wide)}: the notes' margin, θ*'s line down its "
               f"middle.", "planes",
               question=False, planes=1, headings=[1, 0], wide_edges=list(edge_points(wide)),
               min_seconds=READ_DIAGRAM_SECONDS,
               status="$gamma$: the band's half-width, the margin · $R$: the largest "
                      "$norm(x)$" + (" · through 0 it may touch one class only"
                                     if one_class else ""))
    story.beat(f"Its farthest point lies R = {said_reach(wide)} from 0, so "
               f"{bound_words(wide)}: at most that many updates.",
               "heading", headings=[3, 0], min_seconds=READ_FORMULA_SECONDS, wide_edges=[])
    shrunk = lesson.wide_shrunk
    if lesson.shrunk_alike:  # γ relative to R, shown (review 290: R about 2 in both sets,
        # "relative to R" was only asserted)
        stays = "stays" if said_bound(shrunk) == said_bound(wide) else "is"
        # the return said as it plays (review 292: it came unsaid)
        story.beat(f"Halve every point: γ and R halve alike, to "
                   f"{said_gamma(shrunk)} and {said_reach(shrunk)}, and (R/γ)² {stays} "
                   f"{bound_at(shrunk)}. Back to full size: only γ relative to R counts.",
                   "shrink", shrink=True, min_seconds=READ_DIAGRAM_SECONDS,
                   # (review 294: its numbers repeated the heading's, just under it)
                   status="every point halved: the band and the reach halve, the bound "
                          "stays")
    zoom = magnification(narrow, view)
    near = near_band(narrow, view)
    # its zoom is written on the close-up, not said (a number a beat already carries)
    shown = ", magnified on its right" if zoom else ""
    story.beat(f"Beside it, the widest band has half-width only γ = {said_gamma(narrow)}"
               f"{shown}.", "planes", min_seconds=READ_DIAGRAM_SECONDS, planes=2,
               inset=bool(zoom), headings=[3, 1], shrink=False,
               # what came on screen, named (review 258: the one beat without a status)
               status=f"middle: the small margin, $gamma = {said_gamma(narrow)}$"
                      + (", its band magnified on the right" if zoom else ""))
    story.beat(f"R is {reach_words(wide, narrow)}, so {bound_words(narrow)}.", "heading",
               headings=[3, 3],
               status=f"$R = {said_reach(narrow)}$, $gamma = {said_gamma(narrow)}$: "
                      f"${bound_math(narrow)}$",
               min_seconds=READ_FORMULA_SECONDS)
    if near:  # the points on the thin band's edges, ringed as said: all in the plane, those
        # in its close-up there too
        edges = edge_points(narrow)
        which = f"the {len(edges)} points"
        where = ("" if len(near) == len(edges) else
                 f", {len(near)} of them in the close-up")
        # both labels ringed in the close-up: across θ*'s line they stand the band's
        # width 2γ apart
        between = (f", and across θ*'s line + and − stand just 2γ = {band_width(narrow)} apart"
                   if len({float(narrow.data.y[i]) for i in near}) == 2 else "")
        story.beat(f"Ringed: {which} on the band's edges{where}; none lies inside it"
                   f"{between}.", "rings", ringed=list(near), edges=list(edges),
                   status=f"ringed: {which} on the band's edges, none inside")
    # the first updates of both runs slowly, the rule said as they play and each one's
    # point ringed (review 281: "flip-books, nothing marks the misclassified point"); the
    # rest faster, their counts said as they end
    first = first_updates(lesson)
    # the rule first, its updates playing as it is said (review 290: 4 s of "M = 0", still,
    # under the data sets' count)
    story.beat(f"Each update adds yx to θ for a point θ gets wrong, ringed. We ran the "
               f"perceptron from θ = 0 on {lesson.repeats} data sets of each kind; shown, the "
               f"median runs.", "first-updates",
               ringed=[], edges=[], first_updates=first,
               # (review 295: "corrects" is false in general: one update need not fix it)
               status="ringed: the point $theta$ gets wrong, $theta <- theta + y x$ · "
                      "pink: the run's line · $M$: its updates")
    story.beat(f"{'Then faster: ' if first < max(wide.updates, narrow.updates) else ''}"
               f"{formatting.count(wide.updates, 'update')} in all with the large "
               f"margin, {narrow.updates} with the small one.", "runs",
               runs=True, lines=True, first_updates=None,
               status="$M$: the median run's updates · pink: its line, update by update · "
                      "white: $theta^*$")
    gaps = final_gap_insets(lesson)
    if gaps:  # a last line that would seem to cross its point, magnified
        told = []
        for k, _, _ in gaps:
            run = (wide, narrow)[k]
            i, distance = final_gap(run)
            # (review 278: 175 characters, the longest sentence; "passes" said once)
            # (the bench: 13.7 s with "passes", "margin's" twice and "each on its side")
            # nearer than γ, said so: θ*'s line keeps every point γ off (review 289: the
            # distance beside γ unsaid, the stop read as θ*)
            # (review 291: "the small margin's 0.0055 from a − point" was hard to hear)
            under = ", closer than γ" if distance < run.gamma else ""
            told.append(f"the {('large', 'small')[k]}"
                        f"{'' if told else ' margin'}'s{'' if told else ' last line passes'} "
                        f"{said_gap(distance)} from a {'+' if run.data.y[i] > 0 else '−'} "
                        f"point{under}")
        story.beat(f"Each run stops at its first line with no mistake, not at θ*: "
                   f"{', '.join(told)}.",
                   "stops", final_gap=True, inset=False,
                   status="the runs' last lines, pink: each the first with no mistake",
                   min_seconds=READ_DIAGRAM_SECONDS)
    (wide_low, wide_high), (low, high) = lesson.wide_range, lesson.narrow_range
    # where the two ranges overlap, said: a small margin allows many updates, it does not
    # force them
    # (sharing a count is overlapping: review 290 heard "2 to 2" and "2 to 300" unremarked)
    overlap = ("; the two ranges overlap"
               if low <= wide_high else "")
    story.beat(f"Over all {lesson.repeats} data sets of each: {wide_low} to {wide_high} "
               f"updates with the large margin, {low} to {high} with the small one, each "
               f"under its bound (R/γ)²{overlap}.",
               "hold", strips=True, inset=False, ringed=[], edges=[], lines=True,
               final_gap=False,
               # (review 290: "ringed and tall" read as cryptic; 291: "the shown run's
               # tall" ungrammatical, the ticks of one row coincide)
               status="dots: each data set's $M$ · ringed: the run shown · ticks: their "
                      "bounds $(R \\/ gamma)^2$" + bounds_alike_words(lesson))
    # why the margin sets the bound, recalled briefly from the proof scene (said in full
    # there) and drawn from the two runs: θ*'s side gains at least γ an update, θ's
    # length² at most R², so θ·θ* stays between a floor Mγ and a ceiling R√M
    # what the recall takes away, back for the answer (said beside the two examples: the
    # quiz asked to draw them, review 272), without the runs' last lines (review 281: at
    # that size one passing near a point read as crossing it; its close-up had gone)
    examples = {key: story.state[key] for key in ("planes", "runs", "headings")}
    # the example to draw sketched where the strips stood (reviews 283-287: two clouds of
    # points, nothing to copy)
    examples.update(lines=False, strips=False, sketch=True)
    # each bound named as it is drawn (review 285: drawn at its step, named 3 s later)
    # (review 286: the ceiling bounds ‖θ‖, not ‖θ‖²; the dashed ‖θ‖ unnamed)
    # (the bench: at 13.4 s with "as ‖θ‖² grows by at most R²", said in the proof scene)
    story.beat("From the proof: each update lifts θ·θ*, pink, by at least γ: a floor Mγ.",
               "recall", squeeze=1, strips=False, planes=0, runs=False, lines=False,
               headings=[0, 0],
               status="$theta dot theta^*$ grows by $y x dot theta^* >= gamma$ an update: "
                      "after $M$, $theta dot theta^* >= M gamma$ ($norm(theta^*) = 1$)")
    # the ceiling derived, not asserted: the mistake's term yθ·x ≤ 0 (review 290: "the
    # proof's ceiling is unexplained")
    # ‖θ‖ drawn first, as it is named (review 292: 4.5 s still under the reason)
    # (review 293: "grows slowly" said before the ceiling it is slow against was drawn)
    # (the bench: 14.5 s with "and θ·θ* stays under ‖θ‖", which the status writes and
    # the curves show)
    story.beat("‖θ‖, dashed, stays under a ceiling R√M: a mistake has yθ·x ≤ 0, so ‖θ‖² "
               "grows by at most R² an update.",
               "ceiling",
               status="$norm(theta + y x)^2 = norm(theta)^2 + 2 y theta dot x + norm(x)^2 "
                      "<= norm(theta)^2 + R^2$: $theta dot theta^* <= norm(theta) <= "
                      "R sqrt(M)$")
    # the proof's middle step said (review 294: θ·θ* ≤ ‖θ‖ only written)
    story.beat("And θ·θ* stays under ‖θ‖: with ‖θ*‖ = 1 it is ‖θ‖ times the cosine of "
               "their angle.", "ceiling",
               status="$theta dot theta^* = norm(theta) cos angle(theta, theta^*) <= "
                      "norm(theta)$, as $norm(theta^*) = 1$")
    span = squeeze_span(wide, narrow)
    # the small margin's meeting said last, where its dot arrives (review 273: it arrived
    # 5-7 s after its number)
    far = "" if meets_in_span(narrow, span) else " far off,"
    # why the meeting bounds M, said (review 286: "meets" said, never why no run passes it)
    # (θ·θ* ≤ ‖θ‖ said in the recall: said here too, the sentence ran 13 s)
    # the inequality that bounds M written out (review 292: "the floor cannot pass the
    # ceiling" said where the floor's line runs on past it; it is M that cannot)
    story.beat(f"So Mγ ≤ R√M, and M cannot pass where they meet: at (R/γ)², "
               f"{bound_at(wide)} for the large margin; for the small,"
               f"{far} {bound_at(narrow)}.", "meet",
               squeeze=2,
               # the chain written whole (review 293: only said)
               status="$M gamma <= theta dot theta^* <= norm(theta) <= R sqrt(M)$, so "
                      "$M <= (R \\/ gamma)^2$: floor and ceiling meet there")
    # the answer is said beside the examples and the spread of the runs, as they stood
    # before the recall (the plots leave: review 272 found the closing frame without the
    # examples the quiz asked for)
    if lesson.wide_is_faster:
        # (review 275: "only allows many" read as "forces many", which the overlap of the
        # ranges denies)
        # the answer said outright, and what to draw: classes far apart about a line
        # through 0 (review 285: "far apart relative to R" left out where the gap must be)
        # the example the quiz asks for, named as drawn (review 292: never said)
        story.beat("So a large margin is better. Draw classes far apart about a line "
                   "through 0, relative to their reach R: they take few updates. A small "
                   "margin allows many, but does not force them.", "answer", squeeze=0,
                   **examples,
                   # (review 282: the longer form ran edge to edge; 291: which data sets
                   # are learned quickly was only said; 292: in two lines it covered the
                   # planes' headings)
                   status="Answer: a large margin $gamma \\/ R$ is better: classes far "
                          "apart about a line through 0, relative to $R$, are quick to learn")
    else:
        story.beat("The bound is what the margin sets: M ≤ (R/γ)², so a large margin "
                   "guarantees few updates; a small one allows many, but does not force them.", "answer",
                   squeeze=0, **examples, status="Answer: a large margin guarantees few updates: "
                          "$M <= (R \\/ gamma)^2$")
    return paced(paced(story.storyboard(), MARGIN_PACE, keep=(QUIZ,)), RESULTS_PACE,
                 only=RESULTS)


def storyboard_of_one_point(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of `quiz-one-point` (it makes its own point from ``seed``)."""
    return one_point_storyboard(one_point_lesson(seed))


def storyboard_of_margin_quiz(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of `quiz-margin` (its two data sets are made from ``seed``)."""
    return margin_storyboard(margin_quiz_lesson(seed))
