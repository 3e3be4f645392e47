"""The storyboard of ``linear-program``: what the scene says, beat by beat, and the state
its picture shows (:mod:`linviz.lessons.linear_program` holds the numbers).

The state's keys:

- ``weights``: the plane of θ = (θ₁, θ₂) is drawn on the right;
- ``shown``: the point whose half-plane is drawn alone (0-based), or None;
- ``lines``: every constraint's line aᵢᵀθ = 1 is drawn in weight space;
- ``region``: the feasible region is shaded;
- ``diamond``: the level c of the diamond |θ₁| + |θ₂| = c drawn, or None;
- ``star``: θ* is marked in weight space;
- ``boundary``: the lines drawn in data space: None, "star" (θ*ᵀx = 0 and θ*ᵀx = ±1,
  dashed), "run" (the boundary of the walk's θ) or "star-and-run" (both);
- ``walk``: how many of the perceptron's updates are drawn in weight space (None: the
  walk has not started);
- ``ray``: the ray from 0 through the perceptron's last θ;
- ``cone``: the cone of separators, every θ with all y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0 (its apex at 0), is
  shaded (separable data, from the walk on);
- ``view``: the part of weight space drawn, "constraint" (the lesson's constraint box,
  zoomed in to one point's line), "near" (the lesson's weight box), "walk"
  (its walk box, zoomed in to the perceptron's steps) or "far" (its ray box, zoomed out
  to where the ray enters the region);
- ``certificate``: the certificate's weighted yx, tip to tail: drawn large in the weight
  plane's place (veiled) on its beat, then in the data plane's inset;
- ``certificate_sides``: the certificate's half-planes aᵢᵀθ ≥ 1 in weight space, each θ
  shaded by how many it fails (none is on all), with arrows to their sides and a key;
- ``probe``: a θ of the shown point's half-plane marked in weight space, and its line in
  data space (the duality, both ways);
- ``samples``: θ the beat moves round inside the region (the lesson's ``region_samples``),
  its line in data space separating the data all the while; () none;
- ``ringed``: the points ringed in data space (0-based);
- ``inset``: "tight", θ*'s lines magnified round each tight place (the first two);
  "compare", the same with the perceptron's line; "step", the point nearest the walk's line
  magnified beside it (the lesson's ``line_inset`` of ``close``); True, the least
  y·score's point magnified beside the perceptron's line; False, no inset;
- ``pass_counts``: the updates of each of the run through 0's first passes, as said, drawn
  as bars in the right half (until the next sentence), or None;
- ``close``: the θ whose line's nearest point is magnified (inset "step"), or None (said
  in the beat that draws the line, or the beat after the line's run: :func:`close_words`);
- ``magnified``: the points that inset magnifies, one after another as said (the nearest
  first; where the others are named, they too), or None;
- ``wrong_shading``: weight space is shaded by how many points each θ gets wrong, the more the
  stronger: wedges from 0 (data no line through the origin separates: none is unshaded);
- ``closeup``: the overlap's points magnified this many times in a close-up in the weight
  plane's place (the lesson's ``overlap_closeup``), or None;
- ``wrong_marks``: {"dashed": [i…]}, the points the dashed line drawn (the opening's, the
  fewest mistakes' θ, the walk's after an update said one by one) gets wrong, marked (×)
  while their count is said, or None;
- ``cone_inset``: the perceptron's last θ magnified in weight space round its foot on the
  cone's nearest edge (:func:`~linviz.lessons.linear_program_insets.cone_edge_inset`: it
  would look on the edge);
- ``overlap_panel``: the lines of the panel on the right that writes the overlap's point
  as a mean of each class's (where no close-up stands there), or None;
- ``score_bars``: a θ circles 0 in weight space and bars show the certificate's weighted
  y·scores at it (they add up to 0: one is always ≤ 0); or, as the overlap's point is said
  to be a mean of the other class's, the line turns round their hull again and bars show
  the overlap points' y·scores for it (theirs above 0, the point's below);
- ``weights_dim``: the weight plane is dimmed (the beat argues in data space, with an
  offset, which the plane of (θ₁, θ₂) through the origin does not show);
- ``narrowing``: the constraints one at a time in the data's order, each line through 0,
  the wedge of θ meeting those so far shaded until a constraint empties it (the lesson's
  :func:`~linviz.lessons.linear_program_narrowing.narrowing`), that point ringed;
- ``constraint_score``: the y·score of the shown point's line (1: its constraint's; 0:
  where its sign changes, the line through 0 drawn where no θ meets them all);
- ``margin_name``: θ*'s margin as written on its segment in data space (Typst), or None;
- ``fewest_line``: one θ of the fewest mistakes (the opening's line) marked in weight space
  and its line drawn in data space ("as this one does", and while the programme without its
  mistakes is solved beside it);
- ``programme``: rows written on a card as said, each with the words it comes at: why a
  programme asks ≥ 1 (:data:`AT_LEAST_ROWS`, where the weight plane will stand) or, in
  `no-separator`, what the offset asks of Gordan's weights and their certificate on [1, x],
  or None;
- ``left_out``: the points the fewest θ gets wrong, faded as the programme without them is
  solved (standing while the state holds them), or None;
- ``kept``: the solver's θ without the fewest θ's mistakes drawn (standing while it holds);
- ``kept_on_plane``: the solver's θ without the fewest θ's mistakes lies in the weight
  plane's box (marked there), else its ray is drawn;
- ``kept_margin``: that θ's margin as said (its digits), written by its nearest points,
  or None;
- ``verdict``: the closing's rows [(words it comes at, text)…] in the right half, standing
  while the state holds them (each beat's rows are the last one's and its own), or None;
- ``watching``: the perceptron's run through 0 watched (the lesson's
  :func:`~linviz.lessons.linear_program.watched_run`): its line in data space, moving
  from update to update as the remark and the passes are said, then standing;
- ``score_strip``: every point's label times score for one θ (the lesson's ``scaling_theta``
  at its ``scaling_start``) on a strip, standing while it holds: shrinking to 0 with θ as
  θ = 0 is said to meet y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 0, then growing as θ is scaled up, the least positive
  reaching its mark at 1;
- ``status``: the status line under the planes, or None;
- ``flipped``: {"point": i, "passes": [updates…]}: point i's marker flipped to the other
  label and the perceptron's updates in each of the first passes on those points drawn
  beside the run's (the lesson's separable data; none with no such point), or None;
- ``turn_key``: `no-separator`'s key to the line turned round the overlap's hull (its
  shaded side, its × marks), rows in the right half while it turns, or None;
- ``sweep_chart``: the opening's trial line's count of mistakes plotted against the angle
  it has turned (the lesson's ``sweep``), in the right half, drawn as it turns;
- ``direction_grid``: the rows under that chart that count a grid of directions 1° apart
  in a plane and with :data:`~linviz.lessons.linear_program_sweep.EXAMPLE_FEATURES`
  features (Typst), written as "with many features" is said, gone with the chart as the
  notes' table comes; or None;
- ``scaling``: a θ that separates (the lesson's ``scaling_theta``, not θ*) is scaled up in data space,
  its dashed lines θᵀx = ±1 closing in until its least y·score is 1 (as the scaling is
  said, on data a line through the origin separates);
- ``scaled_to_one``: that θ's least positive y·score has reached 1 (False while it is
  scaled part way, the rest left for the sentence that says it is lifted to 1).
"""

from __future__ import annotations

import re

import numpy as np

from .. import formatting
from ..geometry import angle_between
from ..storyboard import Storyboard, StoryWriter, paced
from ..ties import greatest_index, least_index
from .linear_program import (SCENE, DEFAULT_DATA, THIN_WEDGE_DEGREES, LinearProgramLesson,
                             linear_program_lesson, solve_least_l1, watched_passes,
                             wedge_widths, wedges_of_count)
from .linear_program_narrowing import (narrowing, region_changes, seconds_of_steps,
                                       shrinking_regions, step_seconds)
from .linear_program_insets import cone_edge_inset
from .linear_program_flip import flipped_passes, flipped_point
from .linear_program_sweep import EXAMPLE_FEATURES, grid_lines
from .summary_story import HEADER as SUMMARY_HEADER, ROWS as SUMMARY_ROWS

__all__ = ["DEFAULT_DATA", "storyboard_of_linear_program", "linear_program_storyboard"]

#: the scene's pace: each beat lasts at least its sentence at this many characters a second
#: (its beats bring numbers, lines and regions to read; the voice reads about 15; review
#: 273: at 12 each beat ended on 2-3 s of still; review 311: at 13, still 3 s)
LP_PACE = 14.0
#: the seconds of still after a reveal (the region emptied, the solver's answer, θ* found,
#: θ separating) has been said, before the next sentence (review 298: "leaves it empty"
#: and "infeasible" ran straight into the next beat)
REVEAL_PAUSE = 2.0
#: the seconds the emptying constraint takes to come and the wedge to go, after the others
EMPTYING_SECONDS = 2.0
#: the updates of the walk explained one by one; the rest are played faster
EXPLAINED_STEPS = 2
#: the least time the walk's fast part takes, a second for every this many updates (review
#: 284: at 4, 21 updates flew by in 4 s, nothing readable; review 313: at 2, three in 1.8 s,
#: done before their points were named)
FAST_UPDATES_PER_SECOND = 0.8


#: the words of the opening as which its trial line starts turning (through every
#: direction, to the line of the lesson's ``scaling_theta``)
TRIAL_WORDS = "Turn a line round the origin"
#: the words as which the inequalities are written
ASK_WORDS = "Ask that"
#: the words of the closing as which the run's last pass, with no update, is lit
STOP_WORDS = "the last with no update"
#: the closing's words as which one point's label is flipped, its run drawn
FLIP_WORDS = "label flipped"


def value(v: float) -> str:
    """A coordinate or a y·score as said: 2 decimals, grouped from 1,000."""
    return formatting.grouped(float(v), 2)


def reciprocal_said(small: float, inverse: str) -> str:
    """``small`` said to 3 significant digits, or more (up to 8 decimals) until 1 over it
    as said, as :func:`value` says it, is ``inverse`` (1/0.0424 is 23.58, not 23.59)."""
    places = formatting.significant_places(small, digits=3, most=8)
    while places < 8 and value(1.0 / round(small, places)) != inverse:
        places += 1
    return formatting.number(small, places)


#: a ray that crosses the region's edge at under this many degrees is said to run along it
#: (drawn, the two would look as one line)
GRAZE_DEGREES = 8.0

#: the constraint of point i, as Typst mathematics (the status line sets it as a formula)
CONSTRAINT = "$y^((i)) theta^T x^((i)) >= 1$"
#: the solver's θ without the fewest θ's mistakes is said to point almost the same way as
#: that θ within this many degrees (drawn, their lines are one)
SAME_WAY_DEGREES = 3.0
#: the notes' closing summary (001), as the lecture's summary scene words it, its formulas
#: left to that scene: its heading, then a row per model (model, case, loss, how it is
#: solved); the first, this scene's, is lit as the intro names it, and solved as the notes
#: have it, "Linear Prog." (review 305: the summary scene's "perceptron / linear
#: programming", under "the notes' closing summary", misquoted them)
NOTES_SUMMARY = (tuple(SUMMARY_HEADER[:len(SUMMARY_ROWS[0])]),
                 (*SUMMARY_ROWS[0][:-1], "linear programming"),
                 *[tuple(re.sub(r",? *\$[^$]*\$", "", cell) for cell in row)
                   for row in SUMMARY_ROWS[1:]])


def math_number(v: float) -> str:
    """:func:`value` inside Typst mathematics: quoted when grouped (no space after a comma)."""
    return formatting.in_math(value(v))


def math_vector(v) -> str:
    """(a, b) inside Typst mathematics, each as :func:`math_number`."""
    return "(" + ", ".join(math_number(x) for x in v) + ")"


def coefficient(v: float) -> str:
    """A coefficient of an inequality as written: 2 decimals, or two significant digits
    where 2 decimals would round it to 0 (raw data in small units), ungrouped (Typst
    mathematics reads a comma as a separator)."""
    return formatting.significant(float(v), least=2)


def inequality_row(lesson: LinearProgramLesson, i: int) -> str:
    """Point i's constraint y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1 written with the data's numbers, its label in
    front: "$i = 1$:  $(-1)(a theta_1 + b theta_2) >= 1$", (a, b) = x⁽ⁱ⁾ (reviews 365:
    rows of y⁽ⁱ⁾x⁽ⁱ⁾ showed a − point's numbers flipped before the flip was said)."""
    a, b = (float(v) for v in lesson.data.X[i])
    sign = "-" if b < 0 else "+"  # (never written 0: two significant digits)
    label = "+1" if float(lesson.data.y[i]) > 0 else "-1"
    return (f"$i = {i + 1}$:  $({label})({coefficient(a)} theta_1 {sign} "
            f"{coefficient(abs(b))} theta_2) >= 1$")


def rows_of(lesson: LinearProgramLesson, picked) -> list[str]:
    """The constraints of the points ``picked`` (:func:`inequality_row`), in index order, a
    "⋮" row between points that are not neighbours."""
    lines, previous = [], None
    for i in sorted(set(picked)):
        if previous is not None and i > previous + 1:
            lines.append("⋮")
        lines.append(inequality_row(lesson, i))
        previous = i
    return lines


def inequality_rows(lesson: LinearProgramLesson) -> list[str]:
    """The constraints y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≥ 1 written out with the data's numbers (review 279:
    "100 linear inequalities in θ, on the right" was said over an empty plane), for the
    first two points, the one drawn next (:attr:`shown_point`) and the last."""
    n = lesson.n
    return rows_of(lesson, {0, min(1, n - 1), lesson.shown_point, n - 1})


def point_list(indices) -> str:
    """"point 7", "points 7 and 15", "points 2, 6 and 23" (1-based)."""
    names = [i + 1 for i in indices]
    return f"{'point' if len(names) == 1 else 'points'} {formatting.listed(names)}"


SAME_MARGIN = 0.02


def margins(lesson: LinearProgramLesson) -> tuple[float, float]:
    """(θ*'s margin, the perceptron's last θ's): the notes' margin of a data set, the least
    y⁽ⁱ⁾θᵀx⁽ⁱ⁾ over ‖θ‖; θ*'s least y·score is 1, so its margin is 1/‖θ*‖."""
    star = np.asarray(lesson.theta_star, dtype=float)
    theta = np.asarray(lesson.thetas[-1], dtype=float)
    return 1.0 / float(np.hypot(*star)), lesson.least_score / float(np.hypot(*theta))


def bound_figures(lesson: LinearProgramLesson) -> dict:
    """The notes' bound on the updates with the widest margin (any separator's margin bounds
    them; the widest, the tightest: review 267 asked why θ*'s 31 where the widest gave 21),
    and its figures as written: "widest" (θ* is the widest separator), "squared" (R/γ)²,
    "bound" it rounded and grouped, "reach" R and "gamma" γ to the digits at which (R/γ)²
    of the numbers shown is the bound said (review 261: 1.83 and 0.26 give 49.5, not 51),
    "star" θ*'s margin so (in every beat that says it)."""
    star_margin, _ = margins(lesson)
    norms = np.hypot(*np.asarray(lesson.data.X, dtype=float).T)
    reach = float(norms.max())
    widest = lesson.widest_is_star or lesson.widest_theta is None
    gamma = star_margin if widest else 1.0 / float(np.hypot(*lesson.widest_theta))
    squared = (reach / gamma) ** 2
    shown_reach, shown_gamma = formatting.reach_and_margin(reach, gamma, squared)
    star = (shown_gamma if widest else
            formatting.reach_and_margin(reach, star_margin, (reach / star_margin) ** 2)[1])
    return {"widest": widest, "squared": squared, "bound": formatting.grouped(round(squared), 0),
            "reach": shown_reach, "gamma": shown_gamma, "star": star}


def margin_comparison(star: float, run: float) -> str:
    """", narrower" (the perceptron's the narrower), ", wider" or ", about the same"
    (within :data:`SAME_MARGIN`)."""
    if abs(star - run) <= SAME_MARGIN * max(star, run):
        return ", about the same"
    return ", narrower" if run < star else ", wider"


#: a bound at least this many times the updates made is said to be far from them
FAR_UNDER = 10


def bound_tail(bound: float, updates: int) -> str:
    """What the bound (R/γ)² says of a run that made ``updates`` (≤ the bound, the
    theorem): where it is at least :data:`FAR_UNDER` times them, ", far fewer: a bound,
    not a forecast" (reviews 257–258: 6 against 2,811 unremarked); else nothing."""
    return ", far fewer: a bound, not a forecast" if bound >= FAR_UNDER * updates else ""


#: the state with the weight plane gone, and every drawing on it (the region, θ*, the
#: diamond, the walk's ray and cone, the lines, the shading, the probe): the right half free
RIGHT_HALF_FREE = dict(weights=False, wrong_shading=False, region=False, star=False, ray=False,
                       cone=False, diamond=None, lines=False, cone_inset=False, probe=False)


def flipped_signed(lesson: LinearProgramLesson, i: int) -> np.ndarray:
    """The aⱼ = y⁽ʲ⁾x⁽ʲ⁾ of the points with point i's label flipped (its aᵢ negated)."""
    signed = np.array(lesson.signed, dtype=float)
    signed[i] = -signed[i]
    return signed


def testable_beat(story: StoryWriter, lesson: LinearProgramLesson) -> None:
    """The notes' remark (004, just before the perceptron) that separability is not
    testable, met where it holds: watching a perceptron cannot test it (it confirms only
    by stopping; a run still updating may yet stop), the run watched in data space and its
    updates per pass drawn (:func:`~linviz.lessons.linear_program.watched_passes`); then
    what one solve decides, either way, for these points (:func:`settled_beat`)."""
    passes = watched_passes(lesson) if lesson.inseparable or lesson.feasible else None
    flip = flipped_point(lesson.data.X, lesson.data.y) if lesson.feasible else None
    flipped = (None if flip is None else
               {"point": flip, "passes": flipped_passes(lesson.data, flip)})
    # (reviews 326-329: the remark moved onto the distribution with no reason said, over
    # 15-30 s of text rows: it is met first where the notes put it, at the perceptron,
    # the run seen running; the rows are one for each answer, as said)
    remark = [("NOT testable", "the notes' remark: separability “NOT testable”")]
    # (where the run stopped, its stopping rule is said with its passes)
    # (reviews 331-333: "and by watching a perceptron it is not", then "bears that out",
    # heard as agreeing with the remark, then contradicted by one solve: what watching
    # cannot do said, the remark's sense said with the distribution)
    test = (f"just {WATCH_WORDS} tests it one way only." if lesson.feasible else
            f"just {WATCH_WORDS} cannot test it: a run stops only after a pass with no "
            f"update.")
    # (reviews 360: the remark's reading came 30 s after the solve seemed to overrule the
    # notes: it is said with the remark, before either test)
    # (reviews 361-364: any reading of it of our own, "points not yet seen", heard as the
    # video arguing with the notes: the remark met where the notes put it, before the
    # perceptron that assumes it)
    # (reviews 367: the remark and watching in one sentence held by two colons, hard by
    # ear, and watching heard as the notes' own reading: two sentences, "Indeed" ours)
    story.beat(f"The notes call separability, which the perceptron assumes, NOT testable. "
               f"Indeed, {test}", "testable",
               ringed=[], wrong_marks=None, overlap=False, overlap_panel=None, closeup=None,
               fewest_line=False, left_out=None, kept=False, inset=False, close=None,
               magnified=None,
               # the weight plane leaves: the right half is the rows' and the passes'
               **RIGHT_HALF_FREE,
               # and θ*'s and the run's lines: the run watched is drawn again, and a point
               # flipped would stand by lines of the other points (reviews 340)
               boundary=None,
               verdict=remark, status=None, watching=bool(passes))
    if lesson.feasible:
        stopped = formatting.count(len(passes), "pass", "passes")
        where = ("run with no limit on passes where no line separates" if flip is None else
                 f"where no line separates, as with point {flip + 1}'s {FLIP_WORDS}")
        watched = (f"It confirms separability only by stopping, as this one did after "
                   f"{stopped}, {STOP_WORDS}; {where}, it never stops, so it never says no.")
    elif passes:
        # (reviews 324: "it might still stop, for all we can see" hedged what the solver
        # settles next: watching cannot tell)
        watched = (f"After {len(passes)} passes here, each with {min(passes)} updates or "
                   f"more, watching cannot tell if it ever will.")
    else:
        watched = ("A run through 0 on these points would go on pass after pass: watching "
                   "cannot tell if it ever stops.")
    # (the run's line leaves as a label is flipped: the run then is of other points)
    story.beat(watched, "watched", pass_counts=passes, flipped=flipped,
               watching=bool(passes) and not flipped,
               **({"ringed": [flip]} if flipped else {}))
    answer = "feasible" if lesson.feasible else "infeasible"
    # (its row as its answer is said: bench 351, a 6 s still after the row came first)
    solved = [(f"here, {answer}", f"these {lesson.n} points, one solve: “{answer}”")]
    if lesson.feasible:
        # the other way too, on the flipped set just watched (reviews 331: "either way"
        # showed only the yes), where the solver finds it infeasible
        other = flip is not None and solve_least_l1(flipped_signed(lesson, flip)) is None
        flipped_answer = f"; with point {flip + 1}'s label flipped, infeasible" if other else ""
        solved += ([(FLIPPED_SOLVE_WORDS, f"point {flip + 1} flipped, one solve: "
                                          f"“infeasible”")] if other else [])
        story.beat(f"But {SOLVE_WORDS} these points either way: here, feasible"
                   f"{flipped_answer}.", "solved", verdict=remark + solved, watching=False)
    else:
        # (reviews 350: the notes' perceptron stops after its epoch limit: "with no limit")
        run = "this run, with no limit on passes," if passes else "a run with no limit on passes"
        # (the run's line leaves as the solve is said: reviews 368, it stood 10 s over a
        # tag, its passes done, the bars telling them)
        story.beat(f"But {SOLVE_WORDS} these points either way: here, infeasible, so {run} "
                   f"{NEVER_WORDS}.", "solved", verdict=remark + solved, watching=False)
    settled_beat(story, lesson, remark + solved)


def settled_beat(story: StoryWriter, lesson: LinearProgramLesson, rows) -> None:
    """The closing's last words: for the points in hand, the test is the notes' own, their
    table's for the realizable case (the table back, its row lit); what no solve on them
    tests, points not yet seen, said in a sentence of its own, not as the notes' reading.

    (reviews 326-351: the remark read as about a distribution, its reading disputed round
    after round; reviews 352-364: read as about points not yet seen, heard as the video
    arguing with the notes; reviews 367-368: with nothing said of what stays untestable,
    the notes heard as overruled.)"""
    # (reviews 353: "the table gives the test" more than the table says: its tool)
    # (reviews 367-368: what stays untestable never said, the notes heard as overruled:
    # said of points not yet seen, not as the notes' reading)
    story.beat(f"So for {IN_HAND_WORDS}, the test is the tool of {OWN_TABLE_WORDS}: a linear "
               f"programme. Whether points not yet seen are separable too, no solve on these "
               f"can tell.", "settled", ringed=[], pass_counts=None, watching=False,
               flipped=None, notes_table=NOTES_SUMMARY, verdict=rows, pause=REVEAL_PAUSE)


#: the words the scaled θ's dashed lines (cθ)ᵀx = ±1 are named by, as they come
DASHED_WORDS = "The dashed lines"
#: the dashed lines' words as which the strip's mark at 1 comes
AT_LEAST_ONE_WORDS = "is at least 1"
#: the closing's words as which the perceptron's run is watched, its line in data space
WATCH_WORDS = "watching a perceptron"
#: the closing's words as which one solve's answer is written
SOLVE_WORDS = "one solve decides"
#: the closing's words for what one solve decides: the points given, not others
IN_HAND_WORDS = "the points in hand"
#: the closing's words as which the watched run is said never to stop
NEVER_WORDS = "never stops"
#: the closing's words as which the flipped set's solve is written
FLIPPED_SOLVE_WORDS = "label flipped, infeasible"
#: what joins, on the kept θ's status line, the product (label times score = length times
#: distance = 1) to the length it forces (written as said: the part before it first)
LENGTH_SO = ", so "
#: the closing's words as which the notes' table comes back, its row lit
OWN_TABLE_WORDS = "the notes' own table"


#: the words of the constraints' sentence (on data a line through 0 separates) the steps
#: one at a time end as ("can only": a constraint the region already meets leaves it as it
#: is, reviews 365: 17 of 20 did)
SHRINKS_WORDS = "can only shrink as each comes"


#: the loses-nothing sentence's words as which the θ drawn, with mistakes, is dimmed: the
#: claim is of any θ that separates, not of it
GENERAL_WORDS = "if some θ has every label times score above 0"


#: the scale that lifts a θ's least label times score to 1, written as "loses nothing" is
#: said: every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0 scaled by c = 1 / minᵢ y⁽ⁱ⁾θᵀx⁽ⁱ⁾ is ≥ 1
#: (its halves on two lines: reviews 365, one line scaled down to 8 pixels at 480p)
LOSES_NOTHING_STATUS = ("if every $y^((i)) theta^T x^((i)) > 0$ · $c = 1 \/ min_i y^((i)) theta^T "
                        "x^((i))$ gives every $y^((i)) (c theta)^T x^((i)) >= 1$")

#: why a programme asks ≥ 1, written as said (each row with the words it comes at): a
#: programme's constraint is ≥ a number, never strict, and ≥ 0 is met by θ = 0
AT_LEAST_ROWS = [("Separating asks", "separating: $y^((i)) theta^T x^((i)) > 0$"),
                 ("cannot ask that", "a programme: $>=$ only, never $>$"),
                 # (as "no use" is said, θ shrinking to 0 shows why: reviews 353, the row
                 # and the shrink 3 s into the sentence)
                 ("is no use", "$y^((i)) theta^T x^((i)) >= 0$: $theta = 0$ meets it")]


#: the programme with helpers tⱼ ≥ |θⱼ| on the status line as the helpers' sentence says it
#: (Typst): the helpers' inequalities and the objective, then, as "at its least" is said,
#: what they are there (:func:`status_said_first`)
HELPERS_STATUS = ("minimise $t_1 + t_2$ with $t_j >= theta_j$, $t_j >= -theta_j$ and every "
                  f"{CONSTRAINT} · at the least, $t_j = |theta_j|$")


def sharing(lesson: LinearProgramLesson, points) -> str:
    """", 2 at one place" where two of ``points`` share a place (a marker there is two: its
    × marks both; reviews 318, "5 wrong" over 4 ×), ", at 4 places" where more share,
    else nothing."""
    X = np.asarray(lesson.data.X)[list(points)]
    places, counts = np.unique(X, axis=0, return_counts=True)
    shared = counts[counts > 1]
    if len(shared) == 0:
        return ""
    return f", {int(shared[0])} at one place" if len(shared) == 1 else f", at {len(places)} places"


#: small counts as said
SMALL_NUMBERS = {2: "two", 3: "three", 4: "four"}
#: from this many points beside the magnified one that look on a line, they are counted,
#: not listed (:func:`close_words`)
COUNTED_NEAR = 3
NUMBER_WORDS = {**SMALL_NUMBERS, 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
                10: "ten"}


def number_word(count: int) -> str:
    """``count`` in words up to ten, else in digits."""
    return NUMBER_WORDS.get(count, str(count))


def count_word(count: int) -> str:
    """``count`` in words from one to ten, else in digits ("one more", "the other one")."""
    return "one" if count == 1 else number_word(count)


#: a label times score within this of 1 reads 1.00 (said and written to 2 decimals)
READS_ONE = 0.005


def reaching_one(lesson: LinearProgramLesson) -> list[int]:
    """The places (their first points, 0-based) whose y·score under the scaling's θ
    (:attr:`scaling_theta`, least y·score above 0 exactly 1) reads 1: within
    :data:`READS_ONE` of it."""
    scores = np.asarray(lesson.signed, dtype=float) @ lesson.scaling_theta
    near = np.flatnonzero((scores > 0) & (scores <= 1.0 + READS_ONE))
    return same_places(lesson, [int(i) for i in near])[0]


def place_counts(lesson: LinearProgramLesson, i: int) -> tuple[int, int]:
    """(+ points, − points) at point i's place (equal coordinates), counted from the data:
    the tag "+2 −1" beside it."""
    here = np.all(lesson.data.X == lesson.data.X[i], axis=1)
    return int(np.sum(here & (lesson.data.y > 0))), int(np.sum(here & (lesson.data.y < 0)))


def place_tag_words(lesson: LinearProgramLesson, i: int, short: bool = False) -> str:
    """What the tag beside point i's place says ("+2 −1" is 2 + points and 1 − point at one
    place, :func:`place_counts`); ``short``: "+2 −1: 2 + and 1 − at one place"."""
    plus, minus = place_counts(lesson, i)
    if short:
        return f"+{plus} −{minus}: {plus} + and {minus} − at one place"
    return (f"+{plus} −{minus}: {plus} {'+ point' if plus == 1 else '+ points'} and {minus} "
            f"{'− point' if minus == 1 else '− points'} at that place")


def subscript(number: int) -> str:
    """``number`` in subscript digits (λ₂₄)."""
    return str(number).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def same_places(lesson: LinearProgramLesson, points) -> tuple[list[int], list[int]]:
    """``points`` (indices, in order) as the first at each place and the rest at a place
    already named (equal coordinates): a ring drawn once is said once."""
    firsts, rest = [], []
    for i in points:
        if any(np.array_equal(lesson.data.X[i], lesson.data.X[j]) for j in firsts):
            rest.append(i)
        else:
            firsts.append(i)
    return firsts, rest


def region_lines(lesson: LinearProgramLesson) -> list[int]:
    """The constraints whose lines carry an edge of the region drawn, in index order."""
    return lesson.edge_lines


#: two edge lines whose normals lie this close (degrees) are said to be nearly parallel:
#: through one corner of the region they run as one line, and meet where the eye does not
#: see it
NEARLY_ONE_LINE = 5.0


def nearly_one_line(lesson: LinearProgramLesson) -> list[tuple[int, int]]:
    """The pairs (i < j) of the region's edge lines whose normals y⁽ⁱ⁾x⁽ⁱ⁾ lie within
    :data:`NEARLY_ONE_LINE` degrees of each other, in index order."""
    edges, pairs = region_lines(lesson), []
    for k, i in enumerate(edges):
        for j in edges[k + 1:]:
            if angle_between(lesson.signed[i], lesson.signed[j]) <= NEARLY_ONE_LINE:
                pairs.append((i, j))
    return pairs


#: the perceptron's rule, as Typst mathematics (the walk's status line)
UPDATE_RULE = "$theta <- theta + y^((i)) x^((i))$ when $y^((i)) theta^T x^((i)) <= 0$"


def step_scores(lesson: LinearProgramLesson, k: int) -> tuple[int, float, float]:
    """(the point of update k (0-based), its y·score before the update, after it)."""
    i = lesson.updated_points[k]
    a = lesson.signed[i]
    return i, float(lesson.thetas[k] @ a), float(lesson.thetas[k + 1] @ a)


#: the words the shading of mistakes is said to be the opening's turn at (a θ goes round 0)
TURN_WORDS = "Take θ once round 0"
#: the words said as the turning θ reaches −θ, half a turn on: its line again, its sides
#: swapped (reviews 330: "this θ: 94 wrong" read against the opening's peak of 50, which
#: counted the fewer of the two)
HALF_TURN_WORDS = "Half a turn on"


def tied_place_beat(story: StoryWriter, lesson: LinearProgramLesson, shows: str) -> None:
    """Where both classes share a place (tagged on the plane as this beat says it), a
    beat that says what it ``shows``: any line leaves its points on one side or on it, so
    one of them is always wrong; that place ringed. Nothing where none does."""
    if not lesson.tied_points:
        return
    # (review 313: the simplest witness, never said; reviews 322: said last, after three
    # other proofs, it made them a detour: said with the count it explains)
    tied = lesson.tied_points[0]
    plus, minus = place_counts(lesson, tied)
    # (reviews 324: the line drawn round it is off the origin, unsaid)
    # the plane's tag read on the status line as it is said (reviews 367: written from
    # the first frame, 17 s before)
    status = story.state["status"]
    story.beat(f"Here the place tagged +{plus} −{minus} {shows}: any line, even off the "
               f"origin, leaves its + and − points on one side, or on it, so one of them is "
               f"always wrong.", "tied-place",
               ringed=[tied], trial_line=False, wrong_marks=None,
               status=(f"{status} · " if status else "")
                      + place_tag_words(lesson, tied, short=True))


def direction_grid_rows() -> list[str]:
    """The rows that count the lines through 0 of a grid 1° apart: a plane's (the opening's
    half turn), and those with :data:`~linviz.lessons.linear_program_sweep.EXAMPLE_FEATURES`
    features (Typst)."""
    d = EXAMPLE_FEATURES
    mantissa, exponent = grid_count()
    return [f"a plane: 1 angle, 1° apart: {grid_lines(2)} lines",
            f"{d} features: {d - 1} angles, 1° apart: "
            # (reviews 353: "lines" through 0 with 10 features are hyperplanes)
            f"$180^{d - 1} approx {mantissa:.1f} times 10^{exponent}$ hyperplanes"]


def direction_count_words() -> str:
    """The count of :func:`direction_grid_rows`' second row as said: "180⁹, about 2.0 ×
    10²⁰"."""
    mantissa, exponent = grid_count()
    return (f"180{formatting.superscript(EXAMPLE_FEATURES - 1)}, about {mantissa:.1f} × "
            f"10{formatting.superscript(exponent)}")


def grid_count() -> tuple[float, int]:
    """(m, k): the count of lines through 0 a grid 1° apart tries with
    :data:`~linviz.lessons.linear_program_sweep.EXAMPLE_FEATURES` features, m × 10ᵏ."""
    count = grid_lines(EXAMPLE_FEATURES)
    exponent = len(str(count)) - 1
    return count / 10 ** exponent, exponent


def status_said_first(status: str) -> str:
    """The part of a beat's status line shown from the beat's start when its last part (a
    count, the solver's word) comes only as it is said: all before the last " · " (the
    status of an update, :func:`step_status`, of the fewest mistakes through 0, and of the
    never-ending run's passes)."""
    return status.rsplit(" · ", 1)[0]


def step_status(lesson: LinearProgramLesson, k: int) -> str:
    """The status line of update k (0-based) of the walk: what its sentence says, to be read again (review 259: the y·scores and the count were only spoken): the
    point's y·score before → after, up by ‖x⁽ⁱ⁾‖² (y² = 1: note 001's algebra, shown on
    every update, said on one: review 265), and the marks' key, the count its line gets
    wrong."""
    i, before, after = step_scores(lesson, k)
    wrong = lesson.wrong_after(k + 1)
    # the rule stood over the two beats before; not again (reviews 267, 271: four facts on
    # one line were shrunk past reading at 480p)
    # (review 303: "×: 6 wrong" read as a puzzle; the value unnamed)
    return (f"update {k + 1} · point {i + 1}: $y^(({i + 1})) theta^T x^(({i + 1}))$ "
            f"{value(before)} → {value(after)}, up $norm(x^(({i + 1})))^2$"
            + (f" · × marks the {wrong} wrong" if wrong else " · none wrong"))


def _step_sentence(lesson: LinearProgramLesson, k: int, noted: bool = False) -> str:
    """Update k (0-based) of the walk, said with its point and y·scores (``noted``: a
    close point's note follows it)."""
    i, before, after = step_scores(lesson, k)
    wrong = lesson.wrong_after(k + 1)
    earlier = lesson.wrong_after(k)
    # the count rose: said, or the update would look like a failure
    rose = (f", up from {earlier}: an update mends its own point, not the count"
            if wrong > earlier else "")
    now = (f" Now {wrong} of {lesson.n} {'is' if wrong == 1 else 'are'} wrong{rose}." if wrong
           else " Now none is wrong.")
    # (reviews 303: "y·score", a coined word: the notes' y⁽ⁱ⁾θᵀx⁽ⁱ⁾, with its point's index)
    score = f"y⁽{formatting.superscript(i + 1)}⁾θᵀx⁽{formatting.superscript(i + 1)}⁾"
    moved = f"{score} goes from {value(before)} to {value(after)}"
    if k == 0:
        # (why it is a mistake, ≤ 0, is the status line's rule; that the step is y⁽ⁱ⁾x⁽ⁱ⁾,
        # the walk's first sentence; the rise is always ‖x⁽ⁱ⁾‖², y² = 1: note 001's
        # algebra, said once, here (review 312: written on the status line, never said))
        own = formatting.superscript(i + 1)
        return (f"Update 1, on point {i + 1}: {moved}, up by ‖x⁽{own}⁾‖², as θ steps "
                f"perpendicular to point {i + 1}'s lines.{now}")
    return f"Update {k + 1}, on point {i + 1}: {moved}.{now}"


def _zoomed_out(lesson: LinearProgramLesson) -> str:
    """What the all-constraints sentence says of the view: zoomed out (or in) from one
    line's."""
    if lesson.constraint_box == lesson.weight_box:
        return ""
    wider = (lesson.weight_box.x_max - lesson.weight_box.x_min
             > lesson.constraint_box.x_max - lesson.constraint_box.x_min)
    return ", zoomed out" if wider else ", zoomed in"


def close_words(lesson: LinearProgramLesson, theta, line: str = "",
                again: bool = False, named=(), shown: bool = False
                ) -> tuple[str, dict, list[int]]:
    """What a beat adds for the point nearest θ's line (``line``, as said: " of …"; ""
    for the line the beat draws) when it would look on it: (words, state, [the points])
    saying its side and the inset magnifying it, the points drawn at its place named too (a
    marker there may be theirs), and every other point that would look on it too
    (:meth:`~linviz.lessons.linear_program.LinearProgramLesson.looking_on_line`: reviews
    317, the solver's θ has two points at 1 and one was said); ("", {}, []) otherwise.
    ``again``: a beat before said it of another point, in full; briefly now. ``named``:
    points the beat before ringed and said to be near the line; where they are all of
    them, only what the inset shows is said (reviews 336: said twice); ``shown``: the beat
    before magnified them too, so nothing is left to say of them (then only those farther
    are said, and ringed)."""
    close = lesson.line_inset(theta)
    if close is None:
        return "", {}, []
    j, _, zoom = close
    _, distance = lesson.nearest_to_line(theta)
    side = "correct" if distance > 0 else "wrong"
    shared = [i for i in lesson.at_place(j) if i != j]
    also = (f"; {point_list(shared)} {'shares' if len(shared) == 1 else 'share'} its place"
            if shared else "")
    theta = np.asarray(theta, dtype=float)
    distances = np.asarray(lesson.signed, dtype=float) @ theta / float(np.hypot(*theta))
    # every other point that would look on it too (reviews 320: default data's point 16,
    # 0.056 from the walk's line, unsaid beside point 19)
    # (on its side: one on the other side is marked, or is its own point's, and reads so)
    near = [i for i in lesson.looking_on_line(theta) if i != j and i not in shared
            and (distances[i] > 0) == (distance > 0)]
    if near:
        # (more than three counted, not listed: reviews 321, six numbers read out twice,
        # one labelled)
        counted = len(near) >= COUNTED_NEAR
        # their places counted where some share one (reviews 324: "six points… ringed"
        # under four rings)
        places = len({int(lesson.at_place(i)[0]) for i in [j, *near]})
        at = (f", at {number_word(places)} places," if counted and places < len(near) + 1
              else "")
        names = (f"{number_word(len(near) + 1).capitalize()} points{at}" if counted else
                 "Points " + formatting.listed(i + 1 for i in [j, *near]))
        others = (f"the other {number_word(len(near))}" if counted else
                  formatting.listed(i + 1 for i in near))
        rest = f"; so {'are' if len(near) > 1 else 'is'} {others}"
        ringed = ", ringed" if counted or shown else ""
        # where the beat before ringed the nearest, those farther counted as more (reviews
        # 339: "six points" said of rings seen three 15 s before)
        more = [i for i in [j, *near] if i not in named]
        if shown and not more:
            return "", {}, []
        spots = len({int(lesson.at_place(i)[0]) for i in more})
        # few, named as their rings are (reviews 357: "three more, at two places" heard
        # beside rings named 21 and 3, 23); many, counted
        farther = ((" Point" + ("s " if len(more) > 1 else " ")
                    + formatting.listed(i + 1 for i in sorted(more))
                    if len(more) <= COUNTED_NEAR else
                    f" {count_word(len(more)).capitalize()} more"
                    + (f", at {count_word(spots)} place{'s' if spots > 1 else ''}"
                       if spots < len(more) else ""))
                   + f", a little farther, also look{'s' if len(more) == 1 else ''} on the "
                     f"line{line}{ringed}")
        # counted as more: the nearest of them magnified and named, not one of the nearest
        # (reviews 342-343), the first in the data of equals (:func:`~linviz.ties.least_index`)
        as_more = bool(more) and j in named and (counted or shown) and not again
        first_more = (sorted(more)[least_index([abs(float(distances[i])) for i in sorted(more)])]
                      if as_more else None)
        said = (f" Point {j + 1}, magnified, is just on its {side} side{also}{rest}."
                if not more else
                f"{farther}: magnified, point {first_more + 1} is just on its {side} side" + (
                    f"; so {'is' if len(more) == 2 else 'are'} the other "
                    f"{count_word(len(more) - 1)}" if len(more) > 1 else "") + "."
                if as_more else
                f" {names}, too, look on the line{line}{ringed}: just on their {side} "
                f"sides{also}." if again else
                f" {names} look on the line{line}{ringed}: magnified, point {j + 1} is just "
                f"on its {side} side{also}{rest}.")
        # each named point magnified in turn, where they are named one by one (review 323:
        # point 16 only ringed, its ring cut by the line); counted as more, the nearest of
        # those too, as the others are said (reviews 341: their rings, merged with the
        # first ones', were not seen)
        magnified = ([int(first_more)] if as_more else [int(j)] if counted
                     else [int(j), *near])
        # (counted as more, only they ringed: reviews 345, rings of two sentences as one)
        return said, {"inset": "step", "close": [float(t) for t in theta],
                      "magnified": magnified}, sorted(more if as_more else [j, *near])
    # (review 298: "magnified" said without why; review 305: said in full a second time,
    # it read as filler)
    if shown and j in named:
        return "", {}, []
    said = (f" Point {j + 1}, magnified, is just on its {side} side{also}." if j in named else
            f" Point {j + 1}, too, looks on the line{line}: just on its {side} side{also}."
            if again else
            f" Point {j + 1} looks on the line{line}: magnified, it is just on its {side} "
            f"side{also}.")
    return (said,
            {"inset": "step", "close": [float(t) for t in theta], "magnified": [int(j)]},
            [int(j)])


def probe_errors(lesson: LinearProgramLesson) -> int:
    """How many points the line of the θ marked in the duality beat gets wrong: those with
    y⁽ⁱ⁾θᵀx⁽ⁱ⁾ ≤ 0 (the notes' rule: on the line is a mistake)."""
    return int(np.sum(np.asarray(lesson.signed, dtype=float) @ lesson.probe <= 0))


def said_least(lesson: LinearProgramLesson) -> str:
    """The run's least y·score as said and written (θ/it on the ray): two decimals, three
    where two would sit on a rounding's edge (review 267: 0.124996 said 0.12, θ/0.12
    overshot the ring θ/0.125 is at)."""
    m = float(lesson.least_score)
    return formatting.number(m, 3 if formatting.knife_edge(m, 2) else 2)


def place_count(X) -> int:
    """How many places the points ``X`` stand at (points at one place counted once)."""
    return len(np.unique(np.asarray(X, dtype=float), axis=0))


def places_words(X) -> str:
    """" · 100 points at 58 places" where points share places (review 267: on Iris 42 of
    100 hid under others, unsaid), else ""."""
    places = place_count(X)
    return f" · {len(X)} points at {places} places" if places < len(X) else ""


def first_state(lesson: LinearProgramLesson) -> dict:
    """The state before the first beat (see the module's docstring): nothing drawn."""
    zoomed = lesson.constraint_box != lesson.weight_box
    return dict(weights=False, shown=None, lines=False, region=False,
                diamond=None, star=False, boundary=None, walk=None, ray=False, cone=False,
                samples=(),
                view="constraint" if zoomed else "near", probe=False, inset=False,
                certificate=False, certificate_sides=False, ringed=[], status=None,
                offset_line=False, overlap=False, weights_dim=False,
                wrong_shading=False, close=None, magnified=None, closeup=None,
                score_bars=False,
                scaling=False, wrong_marks=None, overlap_panel=None, cone_inset=False,
                pass_counts=None, gordan=None, bands=None, trial_line=False,
                inequalities=None, narrowing=False, notes_table=None, verdict=None,
                watching=False,
                margin_name=None, constraint_score=1.0, kept_on_plane=True,
                fewest_line=False, programme=None, left_out=None, kept=False,
                score_strip=False, sweep_chart=False, direction_grid=None, flipped=None,
                turn_key=None, kept_margin=None, scaled_to_one=False)


def linear_program_storyboard(lesson: LinearProgramLesson, scene: str = SCENE) -> Storyboard:
    """Every beat of the scene for ``lesson`` (see the module's docstring)."""
    story = StoryWriter(scene, **first_state(lesson))
    n, k = lesson.n, lesson.shown_point
    distance = 1.0 / float(np.hypot(*lesson.signed[k]))

    story.section("lp-constraints", "Separating as a linear programme")
    # the notes' closing table's row named: realizable, 0-1 loss, linear programme (review
    # 263: never tied to it); the condition written on the status line, not spoken (said,
    # the sentence ran 13 s); a trial line turned through 0 as it is asked, but where the
    # next beat turns one through the mean (standardised data)
    standardized = bool(lesson.data.params.get("standardized"))
    # the trial line's turn said (review 306: its count fell to 0, unsaid, before the
    # question was answered); its least count is the fewest any line through 0 gets wrong
    # (review 307: it turned under the question and vanished, never resting on the count
    # said; why trial is not enough was unsaid) turned through every direction as
    # "Turning" is said, it stops on the line the next beat scales, its mistakes marked
    # as their count is said; what trial cannot do said before the programme is named
    low = lesson.mistake_range[0]
    # (review 308: "trial cannot prove" was loose: a half turn tries every line of a plane;
    # review 312: 270° in 4 s was too fast to follow, and the shading's side unexplained:
    # the turn runs under the words that say what is shaded and counted, about 8 s)
    # (review 313: the opening's four sentences, 25-32 s of speech, were the scene's longest
    # caption: the question, the turn and the notes' row are a beat each)
    # how many places they stand at said, where some share one (reviews 368: written, never
    # said)
    places = place_count(lesson.data.X)
    at = f", at {places} places" if places < n else ""
    story.beat(f"Can a line through the origin separate these {n} points{at}, with training "
               f"error 0 under the 0-1 loss?", "intro",
               # (in words till the formula is read out: reviews 360, unread for 37 s)
               status="a line through 0 with training error 0?"
                      + places_words(lesson.data.X))
    if not standardized:
        # (reviews 317: "its better side shaded and its count written above the plane" was
        # a stage direction, heard as noise)
        # (reviews 319: turned in 3 s, its count could not be read: what the count does as
        # it turns said first; a count changes only as a point changes sides)
        # (reviews 331: the count is of its better side, written, never said)
        # (reviews 334: "its better side taken as +" cryptic)
        # (reviews 340: "its better side" never explained: said what it is)
        story.beat(f"{TRIAL_WORDS}, + on whichever side makes fewer mistakes, and count "
                   f"them at every angle: the count can change only as the line passes a "
                   f"point. The best gets {low} wrong.",
                   "trial", trial_line=True, sweep_chart=True,
                   wrong_marks=({"dashed": lesson.wrong_points(lesson.scaling_theta)}
                                if low else None))
    if not standardized:
        tied_place_beat(story, lesson, "rules out 0 wrong at a glance")
    # (reviews 322: "That works" after the tied place read as the place's glance)
    # (reviews 344-345: the grid's count shown, never said, and swapped for the notes'
    # table within 3 s: a beat of its own, its count said)
    if not standardized:
        # (reviews 360-361: why the power is 9 unsaid)
        story.beat(f"Turning a line works in a plane; with {EXAMPLE_FEATURES} features, a "
                   f"hyperplane through 0 has {EXAMPLE_FEATURES - 1} angles, and 1° steps "
                   f"would mean {direction_count_words()} hyperplanes: no one can try them "
                   f"all.", "directions", trial_line=False, wrong_marks=None,
                   # the directions a grid would try, counted under the sweep's chart
                   # (review 323: 8 s of still picture as they were said)
                   direction_grid=direction_grid_rows())
    # (reviews 331: "The notes' realizable case: a linear programme decides it." elliptical)
    # (reviews 345: the realizable case named over data just shown not to be: what the
    # programme will say of them, said)
    # (reviews 353: "where some line separates …, or says there is none" self-contradicting)
    answer = ("it finds such a line, as it will here" if lesson.feasible
              else "given data no line separates, like these, it says there is none")
    story.beat(f"For the notes' realizable case, where some line separates the data, the tool "
               f"is a linear programme: {answer}.",
               "notes-row", trial_line=False, wrong_marks=None, sweep_chart=False,
               direction_grid=None,
               # the notes' closing table beside it as its row is named, that row lit
               # (reviews 303: the right half stood empty for the first 12 s)
               notes_table=NOTES_SUMMARY)
    if standardized:
        # standardised data is centred: its origin is the file's mean (the lines crossing)
        story.beat("So here, through the origin means through the data's mean, where the "
                   "lines cross: the line's offset is fixed in advance.", "through-mean",
                   notes_table=None)
        tied_place_beat(story, lesson, "shows at a glance that no line separates them")
    # a programme's constraints are ≤ or ≥, never strict: scaling θ (which moves no line)
    # turns > 0 into ≥ 1
    # the scaling drawn on a separator (data a line through 0 separates): said to be one
    # of many, not the programme's answer, which comes later
    # (review 290: why ≥ 1 loses nothing was a clause: a longer θ, its line unmoved; the
    # bench: 13.2 s with ", on the right", a stage direction)
    # (the y·score named here, where it is first ≥ 1: the words that follow use it; plain
    # words, the formula once: reviews 296-297 found "scaled, line unmoved" clipped by ear;
    # on data no line through 0 separates, a θ with the fewest mistakes is scaled, its
    # positive y·scores lifted: review 296, "such a θ" said over a still)
    # (reviews 303: "y·score" a coined word, read "y dot score": the notes' y⁽ⁱ⁾θᵀx⁽ⁱ⁾,
    # named once in words, the label times the score)
    # (review 305: on data no line through 0 separates, the θ drawn gets points wrong,
    # unsaid, and "lifts each positive label times score" did not parse; the magnified
    # nearest point stood under 2 s, unsaid)
    # (reviews 317: two points read 1.00 and one was said, "the nearest"; "at 4 places"
    # an aside that broke the argument)
    nearest = len(reaching_one(lesson))
    magnified = ("" if not lesson.scaling_inset else
                 ": magnified, the nearest reaches exactly 1" if nearest == 1 else
                 f": the nearest {SMALL_NUMBERS.get(nearest, nearest)} reach 1, one magnified")
    wrong_points = lesson.wrong_points(lesson.scaling_theta)
    shared = sharing(lesson, wrong_points)
    lifted = (f"So all can be lifted to at least 1{magnified}" if not wrong_points else
              f"Its {len(wrong_points)} mistakes{shared}{',' if shared else ''} stay wrong; "
              f"the other "
              f"{n - len(wrong_points)} can all be lifted to at least 1{magnified}")
    # (review 298: "at least 1, 40 linear inequalities" heard as "at least one forty")
    # (review 305: the θ drawn was never said to be an example)
    # (review 312: "only for ≥", "meets every ≥ 0" did not parse by ear; the dashed lines
    # closing in were never said)
    # (review 313: the ≥, the scaling and the inequalities in one sentence were too much
    # for one hearing: a beat each, the scaling drawn under its own)
    # (reviews 314: 10-12 s of a still under one line of text, "θ = 0 would do" elliptical:
    # two plain sentences, each written as a row of a card as it is said)
    # (reviews 316: "never strictly above 0" heard as "never above 0")
    # (reviews 331: the strip's θ came 16 s before it was named)
    # (reviews 334 bench: 18 s, the longest caption: said shorter)
    # (reviews 336: "it says at least, never more" heard as "never more than"; reviews 337:
    # "allow at least, not more than" as "≥ but not ≤"; its last row stood a second)
    # (reviews 338-339: three ideas in one caption of 19 s: θ = 0's, the last, a beat of
    # its own, the card's last row written there; each beat writes the rows it says)
    # (reviews 345: "as on the strip for this θ" said of a θ with mistakes: how many are
    # not above 0 said)
    strip = ("as on the strip for this θ" if not wrong_points else
             f"as on the strip, where this θ leaves {len(wrong_points)} at or below 0")
    # (reviews 348: the ask, the strip's count and ≥ against > in one caption of 15 s: what
    # a programme cannot ask, a sentence of its own)
    story.beat(f"Separating asks every label times score, y⁽ⁱ⁾θᵀx⁽ⁱ⁾, to be above 0, {strip}.",
               "at-least",
               wrong_marks=None, notes_table=None, trial_line=False, direction_grid=None,
               programme=AT_LEAST_ROWS, status=None, score_strip=True)
    story.beat("A linear programme cannot ask that: it allows greater than or equal, never "
               "strictly greater.", "at-least-strict")
    story.beat("And asking at least 0 is no use: θ = 0 meets it.", "at-least-zero",
               pause=REVEAL_PAUSE)
    # the scaling stops part way where a sentence follows that says the θ is lifted to 1,
    # which finishes it (reviews 336, 339: it reached 1 a sentence before that was said)
    told = bool(wrong_points) or lesson.scaling_inset is not None
    # (reviews 345: c, written on screen, never said)
    # (reviews 348: "keeps its line" just after c went to 0, where it had none: c above 0)
    story.beat(f"Multiplying a θ, like this one, by a number c above 0 keeps its line and "
               f"multiplies every label times score by c.",
               # (the strip grows with the scaling: reviews 322, it left as it was said)
               "weight-plane", scaling=True, programme=None, scaled_to_one=False)
    # the dashed lines a sentence of their own, with what they are for (reviews 360: said
    # in a trailing clause; reviews 361: with it, one sentence of 18 s, "the one" unclear)
    # (reviews 363: "the one", "it", "that point" hard to follow: the line named by class)
    story.beat(f"{DASHED_WORDS}, where (cθ)ᵀx is +1 and −1, close in as c grows: once a point "
               f"is past the dashed line of its class, its label times score {AT_LEAST_ONE_WORDS}.",
               "dashes", scaled_to_one=not told)
    # what the scaling does for this θ, a beat of its own (reviews 324: four ideas in one
    # sentence of 19 s)
    # (on a separator with nothing to magnify, the next beat says it: reviews 334, "lifted
    # to at least 1" then "at least 1 loses nothing", the same point twice)
    if told:
        story.beat(f"{lifted}.", "lifted", scaled_to_one=True,
                   # the θ's mistakes marked as their count is said
                   wrong_marks={"dashed": wrong_points} if wrong_points else None)
    # (review 315: the equivalence the programme rests on was never said)
    # (reviews 317: the programme was never written as one; the inequalities came as the
    # first sentence was said: at "Ask that", the scene's)
    # (where this θ gets points wrong, what it shows said: it lifts those it gets right;
    # reviews 330-333, left standing it contradicted "every label times score above 0",
    # taken away it left the argument without a picture)
    # (reviews 334 bench: 17 s, with the programme asked in the same caption: two beats)
    # (reviews 336: "as this one does for the 95" said again what the beat before showed:
    # the claim in general, its scale written)
    # (reviews 345: heard of the θ drawn, which has mistakes: "if there is one"; reviews
    # 357: "…, if there is one, scaled up, meets it", its "it" 15 words from what it named)
    story.beat(f"So asking at least 1 instead of above 0 loses nothing: {GENERAL_WORDS}, "
               f"that θ scaled up has every one at least 1.", "loses-nothing", scaling=True,
               status=LOSES_NOTHING_STATUS)
    story.beat(f"{ASK_WORDS} of every point: {n} linear inequalities. Find a θ meeting them "
               f"all: that is the linear programme.",
               "inequalities", score_strip=False,
               # (the scaled θ stands as its scaling is argued: reviews 318; with its
               # mistakes marked, reviews 321: without them it read as a separator)
               scaling=True, inequalities=inequality_rows(lesson),
               status=f"the programme: find $theta$ with {CONSTRAINT}, $i = 1, dots, {n}$" + (
                   ", $x$ standardised" if lesson.data.params.get("standardized") else ""))
    # (y⁽ⁱ⁾x⁽ⁱ⁾ drawn k times longer where it would be a speck: written on its arrow, not
    # said, a detail of the drawing)
    # weight space named as it is first used (review 298: its idea came a beat late); the
    # point's own index (review 305: a general i where point k is named)
    own = formatting.superscript(k + 1)
    # (review 312: the bracket was lost by ear; the arrow drawn longer was never said)
    # (review 313: the asides in one sentence were lost by ear: sentences of their own)
    flipped = (f"Point {k + 1} is a −, so y⁽{own}⁾x⁽{own}⁾ is x⁽{own}⁾ flipped."
               if lesson.data.y[k] < 0 else "")
    # (its factor written on the arrow, not said: reviews 317 heard "its arrow is drawn 2
    # times as long" as a stage direction; reviews 318 found the 2 unexplained: why, on the
    # status line)
    longer = (f" · arrow ${lesson.shown_arrow_factor} y^(({k + 1})) x^(({k + 1}))$: drawn "
              f"longer to be seen" if lesson.shown_arrow_factor > 1 else "")
    # (where the line is through 0, weight space's arrow is a multiple of its own, named on
    # it: reviews 330, "5" on the status line, "13" on that arrow)
    # (reviews 331: "drawn longer to be seen" beside arrows named 2y⁽²⁾x⁽²⁾ confused)
    # (reviews 357: "5y⁽⁷⁾x⁽⁷⁾" beside "22y⁽⁷⁾x⁽⁷⁾" unexplained: why multiples, written)
    plane_longer = (f" · arrows: multiples of $y^(({k + 1})) x^(({k + 1}))$, long enough "
                    f"to be seen")
    if lesson.feasible:
        where = (f"Point {k + 1}'s constraint holds on one side of a line perpendicular to "
                 f"y⁽{own}⁾x⁽{own}⁾, at 1/‖x⁽{own}⁾‖ from 0.")
        sign = flipped
        status = (f"$y^(({k + 1})) theta^T x^(({k + 1})) >= 1$: one side of a line "
                  f"$1 \\/ norm(x^(({k + 1}))) = {math_number(distance)}$ from 0{longer}")
    else:
        # where no θ will meet them all, the lines through 0 from the first (reviews 311:
        # the ≥ 1 line drawn, then dropped for lines through 0, read as two programmes)
        # (reviews 347: the half-plane, the flip and the scaling in one sentence, "they"
        # 10 s from its θ: the half-plane a sentence of its own)
        where = (f"The θ that get point {k + 1} right lie on one side of a line through 0, "
                 f"perpendicular to y⁽{own}⁾x⁽{own}⁾.")
        sign = (f"{flipped + ' ' if flipped else ''}Scaled up, the θ on that side meet its "
                f"constraint: label times score at least 1.")
        # (reviews 345, 348: "> 0: a line" called the half-plane a line)
        status = (f"$y^(({k + 1})) theta^T x^(({k + 1})) > 0$: one side of a line through 0"
                  f"{plane_longer} · scaled up, $>= 1$")
    # (review 313: the plane named and point k's constraint in one sentence, 60-72 s, too
    # much for one hearing: the plane comes with its own)
    story.beat("On the right is weight space: each place in it is one θ.", "weights",
               weights=True, inequalities=None, scaling=False, status=None, wrong_marks=None)
    story.beat(where, "one-constraint",
               shown=k, ringed=[k], scaling=False, wrong_marks=None,
               constraint_score=1.0 if lesson.feasible else 0.0,
               status=status if lesson.feasible else status_said_first(status))
    if sign:  # (its last part, "scaled up", written as said)
        story.beat(sign, "constraint-sign", status=status)
    # the θ marked meets this one constraint, not every one: its line's errors are said on
    # the status line (its + side, shaded, may hold most of the other class)
    wrong = probe_errors(lesson)
    # what the θ marked shows, said (review 311: "8 of 20 wrong" written, never said)
    enough = (f" This θ meets point {k + 1}'s constraint, yet its line gets {wrong} of {n} "
              f"wrong: one constraint is not enough." if wrong else "")
    # (reviews 317: "a θ, a line in data space, is a point in weight space" too dense by ear)
    # (reviews 331: "a point here and a line there" left which plane to the timing)
    # (reviews 338: both ways and the probe's mistakes in one caption: the way back, a θ
    # as a point and a line, with the θ marked, a beat of its own)
    story.beat("So a point in data space is a line in weight space.", "duality")
    story.beat(f"And a θ is a point in weight space and a line in data space.{enough}",
               "probe", probe=True,
               # its line's mistakes marked as their count is said
               wrong_marks={"dashed": lesson.wrong_points(lesson.probe)} if wrong else None,
               status=f"this $theta$ meets constraint {k + 1}; its line: {wrong} of {n} "
                      f"wrong")
    if lesson.feasible:
        _feasible_beats(story, lesson)
    else:
        _infeasible_beats(story, lesson)
    return paced(story.storyboard(), LP_PACE)


def near_dashed_words(lesson: LinearProgramLesson) -> str:
    """" Point 3 only looks on its dashed line: label times score 1.45." for the points
    just past their class's dashed line at θ* (the lesson's ``near_dashed``): one named,
    two named, more counted with their least and largest; "" where none is."""
    near = lesson.near_dashed
    if not near:
        return ""
    star = np.asarray(lesson.theta_star, dtype=float)
    scores = [float(lesson.signed[i] @ star) for i in near]
    if len(near) == 1:
        return (f" Point {near[0] + 1} only looks on its dashed line: label times score "
                f"{value(scores[0])}.")
    if len(near) == 2:
        return (f" {point_list(near).capitalize()} only look on their dashed lines: label "
                f"times scores {formatting.listed(value(v) for v in scores)}.")
    return (f" {count_word(len(near)).capitalize()} other points only look on their dashed "
            f"lines: label times scores {value(min(scores))} to {value(max(scores))}.")


def _feasible_beats(story: StoryWriter, lesson: LinearProgramLesson) -> None:
    n = lesson.n
    edges = region_lines(lesson)
    # two of them nearly one line: said, or "3 of the lines" would be counted as 2
    one = "".join(f", {i + 1} and {j + 1} nearly parallel" for i, j in nearly_one_line(lesson))
    # one at a time, the region of those so far shrinking (review 296: the half-planes were
    # never seen to overlap)
    steps = seconds_of_steps(region_changes(shrinking_regions(lesson.signed,
                                                              lesson.weight_box)))
    # the shrinking said as it is seen (review 305 bench: "the shaded region" was said 5 s
    # before the steps had drawn it)
    # (reviews 357: the steps and the region in one caption of 20 s, four sentences, the
    # lines coming five a second as "one at a time" was said: a beat each)
    story.beat(f"Now all {n} constraints{_zoomed_out(lesson)}, one at a time in the data's "
               f"order, each point ringed as its line comes. The shading is the θ meeting "
               f"those so far: it {SHRINKS_WORDS}.", "all-constraints",
               shown=None, wrong_marks=None, ringed=[], lines=True, probe=False,
               view="near", status=None, min_seconds=sum(steps))
    # (reviews 359: "the shaded region left" looked for in the left panel)
    region_said = (f"The region still shaded, where the half-planes overlap, holds the θ "
                   f"meeting them all. Its edges lie on the lines numbered "
                   # (reviews 353: "on 3 of the lines" heard as line 3)
                   f"{formatting.listed(i + 1 for i in sorted(edges))}{one}.")
    story.beat(region_said, "region-left",
               # their points ringed in data space as they are numbered (review 298: the
               # numbers were not tied to the data)
               ringed=sorted(edges), region=True,
               # a still to look at the region once its edges are numbered (review 305)
               pause=REVEAL_PAUSE)
    star, c = lesson.theta_star, lesson.least_l1
    story.section("lp-solve", "Solving the programme")
    # a θ going round inside the region, its line in data space separating all the while,
    # as the first sentence is said (review 265: said over the data alone)
    samples = tuple(tuple(float(v) for v in theta) for theta in lesson.region_samples)
    # (the θ going round said as it goes: review 305 bench, the objective came 2 s late)
    # (review 313 bench: with the objective, 21 s in one caption: two beats)
    story.beat("Every θ in it separates the data. As one goes round inside, its line never "
               "crosses a point.", "objective", samples=samples, ringed=[])
    story.beat("A linear programme picks one by an objective: here, the smallest |θ₁| + "
               # (reviews 352: "some c", c the scaling's a minute before)
               "|θ₂|. The θ with |θ₁| + |θ₂| equal to some size s form a diamond, growing "
               "with s.",
               "diamond", diamond=c, samples=(),
               status=f"minimise $|theta_1| + |theta_2|$ subject to {CONSTRAINT} for every $i$")
    # how the absolute values stay linear said, not only written (review 298: "keeps the
    # programme linear" of |θ₁| + |θ₂| sounded false); the widest margin's aside is a beat of
    # its own after the solve (review 303: one caption packed both, and the circle came
    # before θ* was found)
    # (review 312: why it is linear was only written: said, and what the helpers end at)
    # (review 313: a still of 14 s: the programme written line by line as it is said)
    # (reviews 318: four clauses too many for one hearing)
    story.beat("To keep the programme linear, use helpers t₁ and t₂, each at least θⱼ and "
               "at least −θⱼ, and minimise t₁ + t₂: at its least, each tⱼ is |θⱼ|.", "objective-choice",
               # on the status line, its last part as said (reviews 321: a card of five
               # rows hid six points for 13 s)
               programme=None, status=HELPERS_STATUS)
    # (review 310: the diamond never explained, nor why its first touch is the least)
    solved = (f"The solver finds θ* = {formatting.vector(star)}: grown, the diamond first "
              f"touches the region there.")
    star_status = f"$theta^* = {math_vector(star)}$, $|theta_1| + |theta_2| = {math_number(c)}$"
    story.beat(solved, "solution", pause=REVEAL_PAUSE, star=True, programme=None,
               status=star_status)
    tight = list(lesson.tight)
    # a tight point lies on θ*ᵀx = y: +1 for the positive ones, −1 for the negative
    levels = sorted({float(lesson.data.y[i]) for i in tight}, reverse=True)
    where = ("the dashed lines θ*ᵀx = ±1" if len(levels) == 2 else
             f"the dashed line θ*ᵀx = {'+1' if levels[0] > 0 else '−1'}")
    places, shared = same_places(lesson, tight)
    verb = "meets its constraint" if len(places) == 1 else "meet their constraints"
    also = (f" ({point_list(shared)} at the same place)" if shared else "")
    magnified = lesson.tight_insets  # one for each place, all at one zoom
    shown = (f" ({'each ' if len(magnified) > 1 else ''}magnified)"
             if magnified else "")
    lie = "they lie" if len(tight) > 1 else "it lies"
    # a point just past a dashed line said to only look on it (reviews 367: point 3, 7 px
    # past, counted as a third on the line)
    looks = near_dashed_words(lesson)
    story.beat(f"At θ*, {point_list(places)}{also} {verb} exactly: label times score 1. In "
               f"data space, {lie} on {where}, beside θ*'s line{shown}.{looks}", "tight",
               ringed=tight, boundary="star", inset="tight" if magnified else False,
               # θ*'s numbers back (the widest margin's objective was an aside)
               status=star_status)

    # (after the tight points: the margin defined over θ*'s lines in data space, review
    # 308: over weight space alone) why this objective and not the widest margin's: the least ‖θ‖₂ over the region (the
    # circle's radius), whether it is θ* too said
    same = lesson.widest_is_star
    # the margin defined at θ*, its distance drawn (review 308: over weight space alone;
    # review 309: said with nothing drawn)
    # (review 313 bench: with the widest margin, 19 s in one caption: two beats)
    story.beat("At θ*, the least label times score is 1, so the margin, the nearest point's "
               f"distance from the line, is 1/‖θ*‖ = {bound_figures(lesson)['star']}.",
               "star-margin",
               margin_name=f"1 \\/ norm(theta^*) = {bound_figures(lesson)['star']}")
    # (reviews 331: "its circle" left the level set of ‖θ‖ to be guessed)
    story.beat("The widest margin would need the least ‖θ‖, a quadratic objective: the "
               "smallest circle ‖θ‖ = r reaching the region "
               + ("touches it at θ* too here, though in general at another θ." if same else
                  "touches it elsewhere, at the dot."),
               "widest", margin_name=None,
               status=f"quadratic: minimise $norm(theta)^2$ subject to {CONSTRAINT} for "
                      f"every $i$")
    story.section("lp-perceptron", "The perceptron in weight space")
    M = len(lesson.thetas) - 1
    zoomed = lesson.walk_box != lesson.weight_box
    # (review 323: the rule, the start and the zoom in one sentence, over the section's
    # change, were too dense: the rule first, as the points are visited in order)
    story.beat("The perceptron finds a θ with no solver, visiting the points in order: at "
               "each mistake, it adds y⁽ⁱ⁾x⁽ⁱ⁾ to θ.", "walk-rule", ringed=[], boundary=None,
               diamond=None, inset=False, status=UPDATE_RULE)
    story.beat("In weight space it starts at θ = 0"
               + (", zoomed in here to its steps:" if zoomed else ":")
               + " each update, one step.", "walk-start", walk=0,
               view="walk" if zoomed else "near")
    # the cone tied to the region ≥ 1 it is made of: the region scaled down toward 0 sweeps
    # it out (reviews 303: no picture linked the region to the cone; a 7 s still)
    swept = ("The region, scaled down toward 0, sweeps out a cone: every θ that separates, "
             "each y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0. The updates stop once θ is in the cone.")
    story.beat(swept, "cone", cone=True, pause=REVEAL_PAUSE)
    explained = min(EXPLAINED_STEPS, M)
    said_close = False
    for step in range(explained):
        i = lesson.updated_points[step]
        # the point the new line would seem to cut, said and magnified in the same beat
        words, close, point = (close_words(lesson, lesson.thetas[step + 1], again=said_close)
                               if step + 1 < M else ("", {}, []))
        said_close = said_close or bool(words)
        # the points its line gets wrong marked as their count is said (a point close to
        # the line is then seen to be right or wrong)
        wrong = lesson.wrong_points(lesson.thetas[step + 1])
        story.beat(_step_sentence(lesson, step, bool(words)), "walk-step",
                   walk=step + 1,
                   ringed=[i], shown=i, boundary="run", steps=(step, step + 1),
                   wrong_marks={"dashed": wrong} if wrong else None,
                   status=step_status(lesson, step), inset=False, close=None,
                   magnified=None)
        if words:  # the point that would look on its line, a beat of its own (reviews 321:
            # with the update's numbers and count, too much for one hearing)
            story.beat(words.strip(), "walk-close", ringed=sorted({i, *point}), **close)
    if M > explained:
        rest = M - explained
        said = (f"Update {M}" if rest == 1 else f"Updates {explained + 1} to {M}, faster")
        # its points named (review 308: a second pass, revisiting points, went unseen)
        points = formatting.listed(i + 1 for i in lesson.updated_points[explained:])
        story.beat(f"{said}, on {'point' if rest == 1 else 'points'} {points}: each a step "
                   f"perpendicular to the line of a point it got wrong.",
                   "walk-fast", walk=M, ringed=[], shown=None, inset=False, close=None, magnified=None,
                   wrong_marks=None, status=UPDATE_RULE,
                   min_seconds=rest / FAST_UPDATES_PER_SECOND, steps=(explained, M))
    m = said_least(lesson)
    far = lesson.ray_box != lesson.walk_box
    inset = lesson.least_inset
    # θ this near the cone's edge would look on it: magnified in weight space (the
    # close-ups' zooms written on them, not said: review 298, "(ringed, magnified)" read
    # out as stage directions)
    edge = cone_edge_inset(lesson)
    inside = " In weight space θ is just inside the cone." if edge else ""
    # the passes through the data said, the last with none (note 004: it "may need to loop
    # through the dataset more than once"; review 308)
    passes = watched_passes(lesson)
    looped = (f" in {formatting.count(len(passes), 'pass', 'passes')} through the data, the last with no "
              f"mistake," if passes and passes[-1] == 0 else "")
    separates = (f"After {formatting.count(M, 'update')}{looped} every y⁽ⁱ⁾θᵀx⁽ⁱ⁾ is above 0, the least "
                 f"{m} at the ringed point {lesson.least_point + 1}: θ separates.{inside}")
    story.beat(separates, "least", pause=REVEAL_PAUSE,
               ringed=[lesson.least_point], shown=None,
               inset=bool(inset), wrong_marks=None, cone_inset=bool(edge),
               status=f"perceptron: $theta = {math_vector(lesson.thetas[-1])}$, "
                      f"least $y^((i)) theta^T x^((i))$ {m}")
    enters = ("runs close along the region's edge" if lesson.ray_edge_angle < GRAZE_DEGREES
              else "enters the region there")
    # the edge it enters by: the least y·score's point's line, y·score 1 there, drawn in
    # the constraints' colour (the ray runs close along it)
    # the zoom said as it comes, before the scaling it shows (review 298: "Scaled by" said
    # 4 s before θ slid out)
    story.beat(f"{'Zoomed out: s' if far else 'S'}caled up by 1/{m}, θ meets every "
               f"constraint, at the ring. The ray from 0 through θ {enters}.", "ray",
               ray=True, ringed=[], inset=False, cone_inset=False,
               view="far" if far else ("walk" if zoomed else "near"),
               # the ray bright from the ring on, where every y·score is ≥ 1 (review 298:
               # along the region's edge, its entry could not be seen)
               # (review 310: a general i beside point 3's own line)
               status=f"the ring: on point {lesson.least_point + 1}'s line "
                      f"$y^(({lesson.least_point + 1})) theta^T x^(({lesson.least_point + 1})) "
                      f"= 1$")
    # its own chapter (review 298: "The perceptron in weight space" stood over the
    # margins, the bound and the close)
    story.section("lp-compare", "The programme and the perceptron")
    story.beat("The programme finds the best θ for the objective we choose, in one solve; the "
               "perceptron stops at the first separator its updates reach.", "compare",
               boundary="star-and-run",
               # θ*'s band too narrow to read magnified with the run's line (not the run's
               # nearest point again: review 267 found it back after its moment)
               inset="compare" if lesson.tight_insets else False,
               status="on the left: white, $theta^*$ (LP), dashed $theta^(* T) x = plus.minus 1$; "
                      "yellow, $theta$ (perceptron)")
    # the notes' margin of each (least y·score over ‖θ‖): θ*'s band is the dashed one
    figures = bound_figures(lesson)
    star_margin, run_margin = margins(lesson)
    widest, squared, bound = figures["widest"], figures["squared"], figures["bound"]
    shown_reach, shown_gamma = figures["reach"], figures["gamma"]
    star_shown = figures["star"]
    # the perceptron's at θ*'s decimals, or more for two significant digits (review 273:
    # 0.0520 beside 0.041)
    run_shown = formatting.number(run_margin, max(
        len(star_shown.partition(".")[2]), formatting.significant_places(run_margin, 2, 6)))
    story.beat(f"Margins: θ*'s is 1/‖θ*‖ = {star_shown}. The perceptron's, its least label "
               f"times score over ‖θ‖, is {run_shown}"
               f"{margin_comparison(star_margin, run_margin)}.", "margins",
               bands={"star": star_margin, "run": run_margin},
               # the points that set them ringed: θ*'s on its dashed lines, the run's nearest;
               # each band shaded (review 263: the margins were only numbers)
               ringed=sorted({*map(int, lesson.tight), int(lesson.least_point)}),
               status=f"margin bands: white $theta^*$ "
                      f"{star_shown}, yellow $theta$ "
                      f"{run_shown} · ringed in each one's colour: its nearest points")
    which = ("θ*'s margin," if widest else
             f"the widest margin, {shown_gamma} (the circle's θ),")
    # R said, not only written (review 298); γ just under the margin, as the notes'
    # assumption B has every point's margin > γ, strictly (review 305), the bound then
    # about its value at the margin
    story.beat(f"The notes' bound: with γ just under {which} and R = {shown_reach}, the "
               f"farthest point's norm, (R/γ)² is about {bound}. The perceptron "
               f"made {formatting.count(M, 'update')}"
               f"{bound_tail(squared, M)}.", "bound",
               ringed=[greatest_index(np.hypot(*np.asarray(lesson.data.X, dtype=float).T))],
               # the close-ups leave with the margins (review 265: on to the end)
               inset=False,
               # (review 306: "γ = 0.256" written while "just under" was said)
               status=f"$R = {shown_reach}$ (the farthest point, ringed), "
                      f"$gamma$ just under ${shown_gamma}$ · "
                      # (review 323: "≈ 51 ≥ 5" was cryptic)
                      f"bound $(R \/ gamma)^2 approx {formatting.in_math(bound)}$, "
                      f"updates made: ${M}$")
    testable_beat(story, lesson)


def _infeasible_beats(story: StoryWriter, lesson: LinearProgramLesson) -> None:
    n = lesson.n
    low = lesson.mistake_range[0]
    # (their lines leave: the shading's borders are rays from 0, which none of them is)
    # the shading is of signs (y⁽ⁱ⁾θᵀx⁽ⁱ⁾ > 0, the first beat's rule), not of the lines
    # y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 1 just drawn: said, and seen as the lines slide to 0
    # (review 290: the symbols in brackets were read aloud; the y·score is named by now)
    # the constraints one at a time, each line slid through 0 (where its y·score is 0: by
    # scaling, ≥ 1 can be met exactly where > 0 can), the wedge of θ meeting those so far
    # narrowing until one empties it (review 292: the feasible set never seen to shrink)
    found = narrowing(lesson.signed)
    emptied = found.emptied
    zoom = _zoomed_out(lesson).removeprefix(", ")
    # (review 296: "narrows" where most lines leave the wedge as it was)
    # (review 310: "only the signs matter" read as the programme changing)
    # (the lines through 0 from the one constraint's beat: review 311)
    story.beat(f"{zoom.capitalize() + ', e' if zoom else 'E'}ach point's line through 0, one "
               f"at a time in the data's order: the shaded wedge holds the θ right on every "
               f"point so far. It narrows until point {emptied + 1}'s line leaves it empty: "
               f"no θ is right on all.",
               "narrowing", shown=None, wrong_marks=None,
               probe=False, view="near", narrowing=True, ringed=[emptied],
               # the lines, the emptying one, then a still on the empty plane
               min_seconds=sum(step_seconds(found)) + EMPTYING_SECONDS + REVEAL_PAUSE,
               status=f"shaded: $y^((i)) theta^T x^((i)) > 0$ for every point so far · "
                      f"lines: $y^((i)) theta^T x^((i)) = 0$")
    # (review 312: "shaded" had meant right on all; now it counts mistakes, said so)
    # (reviews 321: the shading read as the opening's sweep shown again, unsaid)
    # (reviews 329: "θ and −θ give one line, and the lower of their two counts is the
    # opening's curve" was too much for one hearing, the curve long gone: θ's own count,
    # with its side, read off as it turns, a beat of its own)
    story.beat(f"All {n} lines, and now the shading counts mistakes: each θ shaded by how many "
               f"points it gets wrong, the more, the lighter.",
               "all-constraints", narrowing=False,
               ringed=[], lines=True, wrong_shading=True,
               status="shade: how many points $theta$ gets wrong")
    # (reviews 365: its start, left in grey with its count, was never said)
    story.beat(f"{TURN_WORDS}, its start left in grey: its line turns with it in data space, "
               f"its side shaded, and "
               f"its count of mistakes is the shade it crosses. {HALF_TURN_WORDS}, −θ has "
               f"the same line, its sides swapped.", "read-round",
               status="shade: how many points $theta$ gets wrong")
    # one θ of the fewest drawn in data space, its mistakes marked (review 307: the data
    # plane stood idle for 9 s; the opening's line, back)
    # (reviews 332: two outlined wedges, one named, unexplained)
    wedges = wedges_of_count(lesson.signed, low)
    # (reviews 336-338: at 480p a wedge of 1.6° read as the other's border: its width said)
    narrowest = min(wedge_widths(lesson.signed, low))
    thin = (f", the narrowest only about {narrowest:.1f}° wide"
            if wedges > 1 and narrowest < THIN_WEDGE_DEGREES else "")
    # (reviews 340: "every θ … in one of the 2 outlined wedges" heard as every θ in them)
    among = (f" Only the θ in the {wedges} outlined wedges get just {low}{thin}."
             if wedges > 1 else "")
    # (reviews 338-339: the fewest, the verdict and the solver's word in one caption: the
    # verdict a beat of its own)
    # the opening's count met again, said to be (reviews 367: heard as said twice)
    again = ("" if lesson.data.params.get("standardized") else
             "as the opening's turn found, ")
    story.beat(f"No θ is left unshaded: {again}every θ gets at least {low} wrong, as this "
               f"one does.{among}", "infeasible", fewest_line=True,
               wrong_marks={"dashed": lesson.wrong_points(lesson.scaling_theta)},
               status=f"every $theta$ gets at least {low} wrong")
    # (reviews 350: "no line separates these points" the fourth time of saying it: the
    # solver's word alone)
    story.beat(f"Asked for a θ meeting all {n} constraints, the solver reports it "
               f"infeasible.", "no-line",
               pause=REVEAL_PAUSE,
               status=f"every $theta$ gets at least {low} wrong · the solver: infeasible")
    # the programme seen succeeding where it can (review 311: on such data it only ever
    # answered "infeasible"): without the points this θ gets wrong, faded as they are left
    # out (reviews 317: they stayed as they were, and the four clauses were one sentence)
    left_out = lesson.wrong_points(lesson.scaling_theta)
    kept = lesson.kept_theta
    on_plane = bool(lesson.weight_box.contains(kept, tolerance=0.0)[0])
    # (reviews 329: "this θ, scaled, meets every constraint" said again what the scaling
    # beat had shown)
    # (reviews 337: the green wedge of θ right on the rest came unsaid)
    green = ("the green wedge holds" if len(lesson.kept_arcs) == 1
             else "the green wedges hold")
    story.beat(f"Leave out the {len(left_out)} points this θ gets wrong, and the programme "
               f"on the other {n - len(left_out)} is feasible: {green} the θ right on all "
               f"{n - len(left_out)}.", "left-out", left_out=left_out, ringed=[],
               wrong_marks={"dashed": left_out},
               status=f"without the {len(left_out)} (×): feasible")
    # the point that would look on its line magnified, said (reviews 314: its line lay
    # on this θ's, two points seemingly on it, "separates them" unseen)
    # off the plane, the first of its nearest kept points magnified as their distance is
    # said (reviews 345: they looked on its line, and a farther one was magnified)
    # (each place of them in turn: reviews 345, two places, one magnified)
    tight = lesson.kept_tight
    tight_insets = ([] if on_plane else
                    [i for i in same_places(lesson, tight)[0]
                     if lesson.point_inset(kept, i) is not None])
    words, close, point = close_words(lesson, kept, line=" of the solver's θ",
                                      named=() if on_plane else tight,
                                      shown=bool(tight_insets))
    # (reviews 317: "in the same wedge" where the two lines are drawn as one: said)
    # (reviews 324: "almost the same way" where the two were 0.1° apart: the angle said,
    # rounded up so "within" holds)
    # (reviews 351, 355: "within 1.4°" read as the angle, 1.34°: said to the nearest 0.1°,
    # "within 0.1°" below 0.05°)
    angle = angle_between(kept, lesson.scaling_theta)
    about = round(angle, 1)
    way = ("lies in the same wedge" if angle >= SAME_WAY_DEGREES else
           f"points the same way as this one, to about {about:.1f}°" if about >= 0.1 else
           "points the same way as this one, to within 0.1°")
    # why it lies off the plane (reviews 317: its size unexplained): its least y·score is
    # 1, so ‖θ‖ is 1 over its margin; a beat of its own (reviews 324: four ideas in one),
    # the margin to 3 digits (reviews 324: 1/0.042 is not 23.59)
    length = float(np.hypot(*kept))
    margin_said = reciprocal_said(1.0 / length, value(length))
    beyond = "" if on_plane else " It lies beyond the plot's edge: its ray is drawn."
    kept_status = (f"without the {len(left_out)} (×): feasible, "
                   f"$theta = {math_vector(kept)}$")
    story.beat(f"The solver's θ {way}: it separates the {n - len(left_out)} too.{beyond}",
               "kept", kept=True,
               # where it lies off the plane its ray is drawn, said (review 312: drawn on
               # its ray, short of where it lies, unsaid)
               kept_on_plane=on_plane, status=kept_status)
    if not on_plane:
        # (reviews 318: "off the plane" written 7 s before it was said; its length
        # and margin only heard)
        # (reviews 329: "1 over its margin, the nearest point's distance from its line"
        # and three numbers in one breath: one chain, the distance to the length)
        # (reviews 354: "the ringed points, the kept ones nearest its line, are … from its
        # line": one idea, its line said once)
        ringed = ("the kept point nearest its line, ringed, is" if len(tight) == 1
                  else "the kept points nearest its line, ringed, are")
        their = "its" if len(tight) == 1 else "their"
        only = "only " if length > 1 else ""
        # every point at the places magnified named (reviews 347: 78, at 74's, unsaid)
        shown = [i for i in tight if any(np.array_equal(lesson.data.X[i], lesson.data.X[j])
                                         for j in tight_insets)]
        one = ("" if not tight_insets else "it is" if len(tight) == 1 else
               f"point {shown[0] + 1} is" if len(shown) == 1 else
               f"points {formatting.listed(i + 1 for i in shown)} are")
        magnified = (f": magnified, {one} just on its correct side" if tight_insets else "")
        # (reviews 345: the distance and why it fixes the length in one sentence: two)
        # (reviews 350: "It" named the beat before: named again)
        story.beat(f"The solver's θ lies so far out because {ringed} {only}{margin_said} "
                   f"from it"
                   f"{magnified}.", "kept-margin", fewest_line=False,
                   kept_margin=margin_said, status=kept_status,
                   pause=REVEAL_PAUSE if len(tight_insets) > 1 else 0.0,
                   **({} if not tight_insets else
                      {"inset": "step", "close": [float(t) for t in kept],
                       "magnified": [int(i) for i in tight_insets]}))
        # (reviews 347: why unexplained: a label times score is ‖θ‖ times the distance)
        story.beat(f"{their.capitalize()} label times score is θ's length times "
                   f"{'its' if len(tight) == 1 else 'their'} distance; for it to be 1, θ's "
                   f"length must be 1 / {margin_said} = {value(length)}.", "kept-length",
                   # (not said to be the widest margin, where it is: reviews 367, heard as
                   # the programme finding the widest, which it need not)
                   inset=None, close=None, magnified=None,  # (its ray seen, not veiled)
                   # the product as said, then the length it forces (reviews 351: an
                   # 11 s still, the status written once)
                   status=kept_status + f" · $y^((i)) theta^T x^((i)) = norm(theta) dot "
                                        f"{margin_said} = 1${LENGTH_SO}$norm(theta) = 1 \/ "
                                        f"{margin_said} = {math_number(length)}$")
    if words:  # the points that look on its line, a beat of their own (reviews 317: 26 s)
        # (where a second point is magnified as the sentence ends, a still to see it:
        # reviews 343, it left with the section's title a second after it came)
        story.beat(words.strip(), "kept-close", ringed=point, fewest_line=False, **close,
                   pause=REVEAL_PAUSE if len(close.get("magnified") or []) > 1 else 0.0)
    story.section("lp-verdict", "What one solve decides")
    testable_beat(story, lesson)


def storyboard_of_linear_program(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `linear-program` on ``data``."""
    return linear_program_storyboard(linear_program_lesson(data, seed=seed))
