"""The storyboards of the notes' quizzes (:mod:`linviz.lessons.quiz`): the question is
asked and stays on screen through a pause (a beat of motion :data:`QUIZ`: the scene
holds it for the request's quiz pause after it is said; present mode stops there),
then real runs answer it.

States of ``quiz-one-point``: ``question`` (the question's card), ``run`` (None, "zero"
or "start": the run drawn), ``step`` (its θ after this many updates), ``inset`` (x and
the last boundary magnified), ``status``, ``chain`` (the bound on the updates: its
formula and its numbers, two lines of Typst mathematics; None before the answer).
States of ``quiz-margin``: ``question``, ``planes`` (how many of the two data sets are
drawn, left first), ``headings`` (how many lines of each plane's heading stand: the band's
half-width, then R on [x, 1] with the farthest point's reach, then γ and (R/γ)²),
``inset`` (the narrow band magnified beside its plane, both planes at one scale),
``ringed`` (the points on the band's edges in that close-up, ringed there on their own
beat), ``edges`` (every point on the band's edges, ringed in the plane on that beat),
``runs`` (each run's M ≤ (R/γ)² in large type under its plane), ``lines`` (each run's
line, moving update by update while the runs are told, then its last, dimmed from the
spread on: beside θ* it would read as θ*),
``lift`` (θ*'s band on [x, 1] seen edge-on, right of the first plane while it alone
stands, :func:`linviz.lessons.quiz.lift_section`, counted in parts: 0 none, 1 the lifted
points at height 1, 2 also the section's axes and the band's two edge points (the
storyboard passes 1 and 2: the scene draws them with 3), 3 also θ*'s boundary through 0
and d, 4 also h and γ across the boundary),
``distance`` (the plane, 0 or 1, on which θ*'s line's distance d from 0 is drawn
while γ = w/√(1 + d²) is said; None: none), ``strips`` (where the close-up stood, which
leaves with its rings: the M of each margin's data sets, a row of dots on one logarithmic
axis, and (R/γ)² of the one shown a bar),
``final_gap`` (each run whose last line passes too near a point to read, that point and
the line magnified where the close-up stood, :func:`linviz.lessons.quiz.final_gap_insets`: the
perceptron stops at its first line with no mistake, however close),
``squeeze`` (the screen given to it, the planes gone: the proof recalled on both median runs,
:mod:`linviz.lessons.quiz_proof`: 0 none, 1 each run's θ·θ*/‖θ*‖ between its floor Mγ and
its ceiling R√M, 2 also where they meet, at (R/γ)²; it stays through the answer's
beats: the evidence the answer rests on, not the close-up again, review 258),
``status`` (at the end the answer in words).
"""

from __future__ import annotations

from .. import formatting
from ..geometry import project_onto_line
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
#: the theorem the margin quiz is asked with, on its card (its formulas as Typst mathematics)
MARGIN_THEOREM = ("The theorem: at most $(R \\/ gamma)^2$ updates, $R$ the largest $norm(x)$ "
                  "and $gamma$ the margin, both on $[x, 1]$ (the notes' $1 \\/ gamma^2$ "
                  "when $norm(x) <= 1$).")
MARGIN_QUESTION = ("Quiz, from the notes: given the theorem, is a large or a small margin "
                   "better? Which data sets does the perceptron learn quickly? Draw an "
                   "example.")


def value(v: float) -> str:
    return formatting.number(float(v), 2)


def whole_or_number(v: float) -> str:
    """``v`` as a whole number when it is one within 1e-9 ("4"), else with two decimals."""
    return str(int(round(v))) if abs(v - round(v)) <= 1e-9 * max(1.0, abs(v)) else value(v)


#: the decimals R on [x, 1] is shown with, in both planes alike (review 266: 2.23 beside
#: 2.236 asked to be compared, and ‖x‖ at 1.99 gave an R the bound did not come from)
REACH_DECIMALS = 3
#: (R/γ)² recomputed from the R and γ shown is the bound said to within this share (review
#: 266: 5,672 recomputed against 5,687 said was read as an error, not rounding)
RECOMPUTED_SHARE = 0.001


def shown_reach_and_gamma(run) -> tuple[str, str]:
    """R and γ on [x, 1] as said and shown (:func:`linviz.formatting.reach_and_margin`,
    R at :data:`REACH_DECIMALS`, the bound recomputed from them within
    :data:`RECOMPUTED_SHARE` of the one said: 2.230/0.0296 squared is 5,676, not the 5,687
    said, so γ gets a fourth digit, 5,691)."""
    return formatting.reach_and_margin(run.R, run.gamma, run.bound, (REACH_DECIMALS,),
                                       share=RECOMPUTED_SHARE)


def said_gamma(run) -> str:
    """γ on [x, 1] as said (:func:`shown_reach_and_gamma`)."""
    return shown_reach_and_gamma(run)[1]


def said_reach(run) -> str:
    """R on [x, 1] as shown (:func:`shown_reach_and_gamma`)."""
    return shown_reach_and_gamma(run)[0]


def farthest_norm(run) -> str:
    """The largest ‖x‖ in the plane as shown: with the fewest decimals, from two to two more
    than R on [x, 1] has (:func:`said_reach`), at which √(‖x‖² + 1) of the number shown
    rounds to the R shown (1.9994 is shown 2.00: √(2.00² + 1) is R's 2.236, where 1.999
    would give 2.235)."""
    reach = said_reach(run)
    places = len(reach.partition(".")[2])
    norm = float(np.hypot(*run.data.X[farthest_point(run)]))
    for decimals in range(2, places + 3):
        shown = formatting.number(norm, decimals)
        if formatting.number(float(np.sqrt(float(shown) ** 2 + 1)), places) == reach:
            return shown
    return shown


def line_distance(run) -> float:
    """The distance of θ*'s line aᵀx + c = 0 from the origin in the plane, |c|/‖a‖."""
    a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
    return abs(c) / float(np.hypot(*a))


def lifted_margin_words(run) -> str:
    """Why γ on [x, 1] is below the band's half-width h: γ = h/√(1 + d²), d the distance of
    θ*'s line from the origin (γ = min y(aᵀx + c)/‖(a, c)‖ and h the same over ‖a‖), as
    the status line writes it, with the numbers shown and the γ said (the plane names d
    beside its segment; h, not the notes' w, which is θ there)."""
    width, d = lifted_margin_numbers(run)
    return (f"on $[x, 1]$: $gamma = h \\/ sqrt(1 + d^2) = {width} \\/ sqrt(1 + {d}^2) = "
            f"{said_gamma(run)}$, $d$: from 0 to $theta^*$'s line")


def line_foot(run) -> np.ndarray:
    """The point of θ*'s line aᵀx + c = 0 nearest the origin, −c·a/‖a‖² (its distance
    from 0 is :func:`line_distance`)."""
    a, c = np.asarray(run.theta_star[:2], dtype=float), float(run.theta_star[2])
    return project_onto_line(np.zeros(2), a, c)


def distance_shown(run, view, plane: int) -> int | None:
    """The plane (0 left, 1 right) on which d, θ*'s line's distance from 0, is drawn
    while γ on [x, 1] is said: ``plane`` when the line's nearest point to 0 is in
    ``view``, else None (nothing to draw)."""
    inside = bool(view.contains(line_foot(run)[None, :], tolerance=0.0)[0])
    return plane if inside and line_distance(run) > 0 else None


def lifted_margin_numbers(run) -> tuple[str, str]:
    """The band's half-width w and the line's distance d from 0 as the status line shows
    them: from the half-width at two digits (:func:`rounded_half_width`) and d at two decimals, a digit
    more on both at a time (up to four), the fewest at which w/√(1 + d²) of the numbers
    shown rounds to the γ said (0.43/√(1 + 0.98²) is 0.307, not the 0.306 said)."""
    gamma = said_gamma(run)
    places = len(gamma.partition(".")[2])
    w, d = band_half_width(run), line_distance(run)
    width_places = len(rounded_half_width(run).partition(".")[2])
    for more in range(5):
        shown = (formatting.number(w, width_places + more), formatting.number(d, 2 + more))
        again = float(shown[0]) / np.sqrt(1 + float(shown[1]) ** 2)
        if formatting.number(float(again), places) == gamma:
            return shown
    return shown


def said_gap(distance: float) -> str:
    """A last line's distance to its nearest point, as said and shown: two significant
    digits (0.0036, 0.00010)."""
    return formatting.significant(distance, 2, 6)


def band_width(run) -> str:
    """The band's whole width 2h in the plane, as said and drawn across the close-up."""
    return formatting.significant(2 * band_half_width(run), 2, 3)


def rounded_half_width(run) -> str:
    """The half-width of θ*'s band in the plane, γ/‖a‖ for θ* = (a, c) on [x, 1] (the
    notes' margin y(θᵀx + θ₀)/‖θ‖ of the point nearest the line), at two significant
    digits: the least precision it is shown at."""
    return formatting.significant(run.gamma / float(np.hypot(*run.theta_star[:2])), 2, 3)


def plane_margin(run) -> str:
    """The band's half-width h as said, in the plane's heading and in γ = h/√(1 + d²)
    alike (:func:`lifted_margin_numbers`: review 272 read 0.41 in one, 0.407 in the
    other)."""
    return lifted_margin_numbers(run)[0]


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
#: the least time (s) of a beat that brings a new drawing to take in (the edge-on section's
#: h and γ, the second plane with its close-up)
READ_DIAGRAM_SECONDS = 7.0
#: the margin quiz's pace: each beat lasts at least its sentence at this many characters a
#: second (the voice reads about 15): every beat brings a number or a drawing to read
#: (12 and 11 below left a quarter of the video still, review 272)
MARGIN_PACE = 13.5
#: the pace of the lift's beats (the section with d, then h and γ): slower,
#: the idea is the quiz's hardest
LIFT_PACE = 12.5
#: the pace of the results' beats (the thin band's edges, the runs, where they stop, all
#: the data sets, the answer): slower, each carries several numbers or marks to compare
RESULTS_PACE = 12.5
RESULTS = ("rings", "runs", "stops", "hold", "recall", "meet", "answer-lift", "answer")
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


def first_updates(lesson: MarginQuizLesson) -> int:
    """How many updates (of each run, on one clock) play slowly as the rule is said: at
    most the lecture's :data:`linviz.pacing.SLOW_UPDATES`, at most the longer run's."""
    return min(SLOW_UPDATES, max(lesson.wide.updates, lesson.narrow.updates))


def margin_storyboard(lesson: MarginQuizLesson, scene: str = MARGIN) -> Storyboard:
    """Every beat of the margin quiz (see the module's docstring)."""
    wide, narrow = lesson.wide, lesson.narrow
    story = StoryWriter(scene, question=False, planes=0, runs=False, lines=False, inset=False,
                        status=None, ringed=[], edges=[], strips=False, headings=[0, 0],
                        distance=None, lift=0, final_gap=False, squeeze=0,
                        first_updates=None)
    view = plane_box(lesson)
    story.section("quiz-margin", "Quiz: a large or a small margin?")
    story.beat(MARGIN_QUESTION, QUIZ, question=True)
    # h named as the notes' margin of the training set (000), for θ* along the band's
    # middle (review 260: never tied to the notes' word)
    # (it stands alone, centred, until the edge-on view: review 282, "on the left" said
    # over one plot in the middle)
    story.beat(f"Here, the widest band has half-width {plane_margin(wide)}: the "
               f"notes' margin of the training set, for θ* along its middle.", "planes",
               question=False, planes=1, headings=[1, 0],
               min_seconds=READ_DIAGRAM_SECONDS,
               status="$h$: the band's half-width in the plane · $R$, $gamma$: on the "
                      "lifted points $[x, 1]$")
    story.beat(f"On the lifted points [x, 1], the farthest gives R = {said_reach(wide)}.",
               "heading", headings=[2, 0], min_seconds=READ_FORMULA_SECONDS)
    # said to shrink when the numbers said differ (w/√(1 + d²) is w for a line through 0)
    shrinks = float(said_gamma(wide)) < float(plane_margin(wide))
    # (not "shrinks": nothing on screen does until the why, review 266)
    story.beat(f"There its margin is{' smaller,' if shrinks else ''} γ = {said_gamma(wide)}, "
               f"so (R/γ)² = {formatting.grouped(wide.bound, 0)}.", "heading",
               headings=[3, 0], min_seconds=READ_FORMULA_SECONDS)
    if shrinks:  # why, said once (the right plane's is shown, not said again)
        drawn = distance_shown(wide, view, 0)
        # the section drawn edge-on at once (reviews 258-266: the lifted points turned in
        # 3-D, three beats and 47 s, for a factor both data sets share; the picture that
        # shows why is the section)
        d_wide = lifted_margin_numbers(wide)[1]
        said = [f"Why: edge-on, on the right, the points [x, 1] stand at height 1; θ*'s "
                f"boundary rises from 0 to meet it at d = {d_wide}, the line's distance "
                f"from 0.",
                "Tilted so, the margin h shrinks to γ = h/√(1 + d²), the smaller the "
                "farther the line lies from 0."]
        seconds = [max(READ_DIAGRAM_SECONDS, len(words) / LIFT_PACE) for words in said]
        story.beat(said[0], "lift", lift=3, distance=drawn, min_seconds=seconds[0],
                   # (the rings named: review 270 found them unexplained)
                   # (d's number where the section draws it: on the status line it was
                   # read 5 s before it was said, review 274)
                   status="ringed: the band's edge points · right: $[x, 1]$ edge-on; "
                          "$theta^*$'s boundary from 0 through $(d, 1)$")
        story.beat(said[1], "distance", lift=4, status=lifted_margin_words(wide),
                   min_seconds=seconds[1])
    zoom = magnification(narrow, view)
    near = near_band(narrow, view)
    # its zoom is written on the close-up, not said (a number a beat already carries)
    shown = ", magnified on its right" if zoom else ""
    story.beat(f"Beside it, the widest band has half-width only {plane_margin(narrow)}"
               f"{shown}.", "planes", min_seconds=READ_DIAGRAM_SECONDS, planes=2,
               inset=bool(zoom), headings=[3, 1],
               # what came on screen, named (review 258: the one beat without a status)
               status=f"middle: the small margin, $h = {plane_margin(narrow)}$"
                      + (", its band magnified on the right" if zoom else ""),
               distance=None, lift=0)
    same = reach_likeness(wide, narrow)
    alike = shrinks and shrink_alike(wide, narrow)
    story.beat(f"R is {same + ', ' if same else ''}{said_reach(narrow)}, but γ = "
               f"{said_gamma(narrow)}, so (R/γ)² = {formatting.grouped(narrow.bound, 0)}.",
               "heading", headings=[3, 3],
               # d in the formula once said (review 274: read a beat before)
               status=(f"on $[x, 1]$: $gamma = {said_gamma(narrow)}$, "
                       f"$(R \\/ gamma)^2$ = {formatting.grouped(narrow.bound, 0)}" if alike
                       else lifted_margin_words(narrow)),
               min_seconds=READ_FORMULA_SECONDS,
               # its d drawn as it is said: here, or with the next sentence (review 270)
               distance=None if alike else distance_shown(narrow, view, 1))
    if alike:
        # its d said with its own plane and d drawn (review 268: said a beat before either
        # came), in a sentence of its own (with the heading's, 15.7 s): the comparison
        # stands
        story.beat(f"Its line lies about as far from 0, d = "
                   f"{lifted_margin_numbers(narrow)[1]}: both margins shrink alike.", "hold",
                   status=lifted_margin_words(narrow),
                   distance=distance_shown(narrow, view, 1))
    if near:  # the points on the thin band's edges, ringed as said: all in the plane, those
        # in its close-up there too
        edges = edge_points(narrow)
        which = f"the {len(edges)} points"
        where = ("" if len(near) == len(edges) else
                 f", {len(near)} of them in the close-up")
        # both labels ringed: across θ*'s line they stand the band's width 2h apart
        between = (f" across θ*'s line, + and − stand just 2h = {band_width(narrow)} apart"
                   if len({float(narrow.data.y[i]) for i in near}) == 2 else
                   " each is on its own side")
        story.beat(f"Ringed: {which} on the band's edges{where}. None lies inside it;"
                   f"{between}.", "rings", ringed=list(near), edges=list(edges),
                   distance=None, status=f"ringed: {which} on the band's edges, none inside")
    # the first updates of both runs slowly, the rule said as they play and each one's
    # point ringed (review 281: "flip-books, nothing marks the misclassified point"); the
    # rest faster, their counts said as they end
    first = first_updates(lesson)
    story.beat(f"We ran the perceptron on {lesson.repeats} data sets of each kind; shown, the "
               f"median runs from θ = 0. Each update adds y[x, 1] to θ for a point θ gets "
               f"wrong, ringed.", "first-updates",
               distance=None, ringed=[], edges=[], first_updates=first,
               status="ringed: the point each update corrects, $theta <- theta + y [x, 1]$ · "
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
            told.append(f"the {('large', 'small')[k]} margin's{'' if told else ' passes'} "
                        f"{said_gap(distance)} from a {'+' if run.data.y[i] > 0 else '−'} "
                        f"point")
        story.beat(f"Each run stops at its first line with no mistake, not at θ*: "
                   f"{', '.join(told)}, {'each ' if len(told) > 1 else ''}on its side.",
                   "stops", final_gap=True, inset=False,
                   status="the runs' last lines, pink: each the first with no mistake",
                   min_seconds=READ_DIAGRAM_SECONDS)
    (wide_low, wide_high), (low, high) = lesson.wide_range, lesson.narrow_range
    # where the two ranges overlap, said: a small margin allows many updates, it does not
    # force them
    overlap = ("; the two ranges overlap"
               if low < wide_high else "")
    story.beat(f"Over all {lesson.repeats} data sets of each: {wide_low} to {wide_high} "
               f"updates with the large margin, {low} to {high} with the small one, each "
               f"under its bound (R/γ)²{overlap}.",
               "hold", strips=True, inset=False, ringed=[], edges=[], lines=True,
               final_gap=False,
               status="dots: each data set's $M$ · ticks: its $(R \/ gamma)^2$ · ringed and "
                      "tall: the run shown")
    # why the margin sets the bound, recalled briefly from the proof scene (said in full
    # there) and drawn from the two runs: θ*'s side gains at least γ an update, θ's
    # length² at most R², so θ·θ*/‖θ*‖ stays between a floor Mγ and a ceiling R√M
    # what the recall takes away, back for the answer (said beside the two examples: the
    # quiz asked to draw them, review 272)
    # the examples come back for the answer without the runs' last lines (review 281: at
    # that size the large margin's, 0.062 from a + point, read as crossing it; its
    # close-up had gone)
    examples = {key: story.state[key] for key in ("strips", "planes", "runs", "headings")}
    examples["lines"] = False
    story.beat("From the proof: each update lifts θ·θ*/‖θ*‖, pink, by at least γ and "
               "‖θ‖² by at most R², so it stays between a floor Mγ and a ceiling R√M.",
               "recall", squeeze=1, strips=False, planes=0, runs=False, lines=False,
               headings=[0, 0],
               status="$M gamma <= theta dot theta^* \\/ norm(theta^*) <= norm(theta) "
                      "<= R sqrt(M)$, $M$ updates from $theta = 0$")
    span = squeeze_span(wide, narrow)
    # the small margin's meeting said last, where its dot arrives (review 273: it arrived
    # 5-7 s after its number)
    far = "" if meets_in_span(narrow, span) else " far off to the right,"
    story.beat(f"A floor rising like M meets a ceiling rising like √M at M = (R/γ)²: at "
               f"{formatting.grouped(wide.bound, 0)} with the large margin; with the small,"
               f"{far} at {formatting.grouped(narrow.bound, 0)}.", "meet",
               squeeze=2,
               status="floor $M gamma$ and ceiling $R sqrt(M)$ meet at $M = (R \\/ gamma)^2$: "
                      "no run updates more")
    # the answer is said beside the examples and the spread of the runs, as they stood
    # before the recall (the plots leave: review 272 found the closing frame without the
    # examples the quiz asked for)
    # the lift's part of the answer, first, where it changes the comparison (the two
    # margins shrink unlike: reviews 260, 262, 264 found "alike" a detour before the answer)
    if shrinks and not shrink_alike(wide, narrow):
        # the d of each, as the status lines showed them (no advice: moving the data
        # moves R too)
        ds = [lifted_margin_numbers(run)[1] for run in (wide, narrow)]
        story.beat(f"On [x, 1] each margin shrinks by √(1 + d²), with d = {ds[0]} and "
                   f"{ds[1]}, {shrink_words(wide, narrow)}.", "answer-lift", squeeze=0,
                   **examples,
                   status=f"the margin on $[x, 1]$: $gamma = h \\/ sqrt(1 + d^2)$, "
                          f"$d = {ds[0]}$ and ${ds[1]}$")
    if lesson.wide_is_faster:
        # (review 275: "only allows many" read as "forces many", which the overlap of the
        # ranges denies)
        # γ named as the margin on [x, 1] (review 278: the answer dropped the lift's
        # lesson, d, that the scene spent 35 s on; no advice to move the line: moving the
        # data moves R too)
        # (under 12 s of speech: review 281's bench found it 13.4 s)
        story.beat("So classes far apart relative to their reach R are learned in few "
                   "updates: M ≤ (R/γ)², γ on [x, 1]. A small margin allows many, but does "
                   "not force them.", "answer", squeeze=0,
                   **examples,
                   # (review 282: the longer form ran edge to edge)
                   status="Answer: a large margin $gamma \\/ R$ guarantees few updates; a "
                          "small one allows many but does not force them")
    else:
        story.beat("The bound is what the margin sets: M ≤ (R/γ)², so a large margin "
                   "guarantees few updates, though one run may beat its bound.", "answer",
                   squeeze=0, **examples, status="Answer: a large margin guarantees few updates: "
                          "$M <= (R \/ gamma)^2$")
    return paced(paced(story.storyboard(), MARGIN_PACE, keep=(QUIZ,)), RESULTS_PACE,
                 only=RESULTS)


#: two shrinks γ/h within this share of each other are said to be alike
ALIKE_SHRINK = 0.1


def lift_shrink(run) -> float:
    """How the lift shrinks the run's margin, γ/h = 1/√(1 + d²)."""
    return 1.0 / float(np.hypot(1.0, line_distance(run)))


def shrink_alike(wide, narrow) -> bool:
    """Whether the lift shrinks both margins alike, within :data:`ALIKE_SHRINK`."""
    both = [lift_shrink(run) for run in (wide, narrow)]
    return abs(both[0] - both[1]) <= ALIKE_SHRINK * max(both)


def shrink_words(wide, narrow) -> str:
    """Which of the two margins the lift shrinks more (:func:`lift_shrink`; said only where
    they are not alike, :func:`shrink_alike`)."""
    return ("the large margin's more" if lift_shrink(wide) < lift_shrink(narrow)
            else "the small margin's more")


def storyboard_of_one_point(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of `quiz-one-point` (it makes its own point from ``seed``)."""
    return one_point_storyboard(one_point_lesson(seed))


def storyboard_of_margin_quiz(data=None, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of `quiz-margin` (its two data sets are made from ``seed``)."""
    return margin_storyboard(margin_quiz_lesson(seed))
