"""A student's homework: questions about the runs of that student's own videos, worked by
hand from printed numbers, with an answer key that shows the working.

Every question is about exactly one run, named in its block's heading (the
scene's video, its data, seed and learner): the run the video plays, from the
same trace file. The questions (:func:`homework_for`, pure numpy and
:mod:`decimal`, no Manim):

- a perceptron run (``perceptron``, ``perceptron-origin``): the state (θ, θ₀)
  after update k is printed with the data; the student finds the point of update
  k + 1 by computing y(θᵀx + θ₀) along the visiting order until the first ≤ 0,
  computes its score θᵀx + θ₀, applies the update and checks the notes' identity:
  y(θᵀx + θ₀) rises by exactly ‖x‖² + 1 (‖x‖² through the origin);
- a proof run (``proof``, ``proof-offset``): from the printed points and θ*
  (the maximum-margin separator, ‖θ*‖ = 1) the student computes
  R = maxᵢ‖x⁽ⁱ⁾‖ and γ = minᵢ y⁽ⁱ⁾θ*ᵀx⁽ⁱ⁾ (on [x, 1] and [θ*, θ*₀] with an
  offset), the bound (R/γ)², and says whether this run's M is below it;
- a run on data no line separates (``noise``): a few points with convex weights
  λ (one class) and μ (the other) whose weighted means are one point p; the
  student computes p both ways and explains why no line gets those points right,
  hence why the run updates in every pass and never settles.

Consistent digits
-----------------
The student works with the printed numbers, so the key does too: every
answer is computed in exact decimal arithmetic from the printed values (the
data to 2 decimals, as the videos show them; the proof's points to 3 and θ* to
4, so that R and γ agree with the video's), and the decimals asked for and the
tolerance accepted are stated with each question; the tolerance also takes
the run's unrounded value (what the video shows). A question is
set only where the printed numbers give the run's own answer: the update asked
about is one where every score along the visiting order has the run's sign
(:func:`_asked_update`), and θ* still separates the printed points. The run's
exact values are kept beside them (``answers.json``).

Notation
--------
Text is written in the notes' θ notation; every string a student reads goes
through :func:`in_notation`, which writes it in the course's notation with
:mod:`linviz.notation` (``"w"``: θ → w, θ₀ → b).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from decimal import Decimal

import numpy as np

from linviz.lessons.perceptron import SLOW_UPDATES
from linviz.formatting import label, number  # as the videos write them
from linviz.notation import NOTATIONS, check_notation
from linviz.notation import in_notation as course_notation

#: scenes whose run the worksheet asks about, and the kind of questions
RUN_SCENES = ("perceptron", "perceptron-origin")
PROOF_SCENES = ("proof", "proof-offset")
NOISE_SCENES = ("noise",)
QUESTION_SCENES = RUN_SCENES + PROOF_SCENES + NOISE_SCENES
#: decimals of the data as printed (as the videos show them); more only where 2 would
#: change an answer (:func:`_asked_update`)
DATA_PLACES = 2
#: decimals of the proof's points as printed: 3, so that R and γ from them agree with the
#: video's (2 decimals would move γ by up to 0.007, a few % of a typical margin)
PROOF_DATA_PLACES = 3
#: decimals of θ* as printed, and of R and γ as asked
STAR_PLACES = 4
#: decimals of (R/γ)² as asked
BOUND_PLACES = 1
#: the most lines of room left for a question's working
MAX_ROOM_LINES = 10


def in_notation(text: str, notation: str = "theta") -> str:
    """``text``, written in θ notation, in the course's ``notation``: "theta" (as it is) or
    "w": :func:`linviz.notation.in_notation` (θ → w, θ₀ → b, by symbol), after θ*₀ → b*
    (the offset of θ*, which it would write w*₀)."""
    check_notation(notation)
    if notation == "w":
        text = text.replace("θ*₀", "b*")
    return course_notation(text, notation)


def plural(n: int, noun: str) -> str:
    """``noun`` as many times as ``n`` says: 1 update, 2 updates."""
    return noun if n == 1 else noun + "s"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def exact(value: Decimal, places: int | None = None) -> str:
    """A decimal as it is (no trailing zeros beyond 2 places), or to ``places`` decimals,
    with a real minus sign."""
    if places is not None:
        value = Decimal(value).quantize(Decimal(1).scaleb(-places))
        text = f"{abs(value):f}"
        return f"−{text}" if value < 0 else text
    text = f"{abs(value):f}"
    if "." in text:
        whole, part = text.split(".")
        part = part.rstrip("0").ljust(2, "0")
        text = f"{whole}.{part}"
    return f"−{text}" if value < 0 else text


def printed(value: float, places: int) -> Decimal:
    """``value`` as printed with ``places`` decimals, as an exact decimal."""
    return Decimal(f"{round(float(value), places):.{places}f}") + 0  # + 0: no "−0"


def point_symbol(i: int) -> str:
    """x⁽ⁱ⁾ for point ``i`` (numbered from 1), as the notes write it: x⁽¹³⁾."""
    return "x⁽" + str(i).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) + "⁾"


def _parens(value: Decimal, places: int | None = None) -> str:
    return f"({exact(value, places)})" if value < 0 else exact(value, places)


def vector(values, places: int) -> str:
    return "(" + ", ".join(number(v, places) for v in values) + ")"


@dataclass(frozen=True)
class Question:
    """One question about one run.

    ``kind``: "numerical" (``value`` to ``places`` decimals, ± ``tolerance``
    accepted), "truefalse" (``value`` a bool) or "essay" (graded by hand; ``value``
    None). ``answer`` is the key's answer in words, ``working`` its lines of working.
    """

    code: str
    kind: str
    text: str
    answer: str
    working: tuple[str, ...] = ()
    value: float | bool | None = None
    places: int = 0
    tolerance: float = 0.0
    #: lines of room the worksheet leaves for the working
    room_lines: int = 2

    def in_notation(self, notation: str) -> "Question":
        """The question with its text, answer and working in ``notation``."""
        return replace(self, text=in_notation(self.text, notation),
                       answer=in_notation(self.answer, notation),
                       working=tuple(in_notation(line, notation) for line in self.working))


@dataclass(frozen=True)
class RunBlock:
    """The questions about one run: its video, a heading naming the run, what it is, the
    printed numbers (a table of points, then given lines) and the questions."""

    scene: str
    heading: str
    about: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    given: tuple[str, ...]
    questions: tuple[Question, ...]
    exact_values: dict = field(default_factory=dict)

    def in_notation(self, notation: str) -> "RunBlock":
        """The block with every string a student reads in ``notation``."""
        def say(text: str) -> str:
            return in_notation(text, notation)

        return replace(self, heading=say(self.heading), about=say(self.about),
                       columns=tuple(say(c) for c in self.columns),
                       given=tuple(say(line) for line in self.given),
                       questions=tuple(q.in_notation(notation) for q in self.questions))

    def record(self) -> dict:
        """Plain data for ``answers.json``: the run's exact values and the questions."""
        return {**self.exact_values, "heading": self.heading, "about": self.about,
                "columns": list(self.columns), "rows": [list(row) for row in self.rows],
                "given": list(self.given), "questions": [asdict(q) for q in self.questions]}


# -- the printed table of points ------------------------------------------------------------
def _point_table(X_printed, y, places: int):
    columns = ("i",) + tuple(f"x{'₁₂₃₄'[j]}" for j in range(X_printed.shape[1])) + ("y",)
    rows = tuple((str(i + 1), *(exact(v, places) for v in row), f"{label(value_y)}")
                 for i, (row, value_y) in enumerate(zip(X_printed, y)))
    return columns, rows


def _decimals(X, places: int) -> np.ndarray:
    """The points as printed: an object array of Decimals, shape (n, d)."""
    return np.array([[printed(v, places) for v in row] for row in np.asarray(X, float)],
                    dtype=object)


def _dot(a, b) -> Decimal:
    return sum((Decimal(x) * Decimal(z) for x, z in zip(a, b)), Decimal(0))


def _sum_text(theta, x, theta0=None, places: int | None = None,
              theta_places: int | None = None) -> str:
    """"a·b + c·d (+ θ₀)" with the printed numbers (``theta_places`` and ``places``
    decimals: as printed; None: as they are)."""
    theta_places = places if theta_places is None else theta_places
    text = " + ".join(f"{_parens(t, theta_places)}·{_parens(v, places)}"
                      for t, v in zip(theta, x))
    return text + (f" + {_parens(theta0, theta_places)}" if theta0 is not None else "")


# -- a perceptron run -----------------------------------------------------------------------
@dataclass(frozen=True)
class AskedUpdate:
    """Update k + 1 of the run as the printed numbers give it: the state after update k
    (printed), the points visited until the update, their printed y·scores."""

    k: int
    places: int
    theta: tuple[Decimal, ...]
    theta0: Decimal
    visits: tuple[int, ...]
    signed_scores: tuple[Decimal, ...]


def _asked_update(trace, X, y, offset: bool) -> AskedUpdate:
    """The update the questions ask about: after update k (state printed), the next one.

    k is the last of the updates the video explains that has one after it
    (k = min(SLOW_UPDATES − 1, M − 1); 0, the start θ = 0, when M = 1), or the nearest
    other k, among those whose printed numbers (points and θ to 2 decimals, or 3, or 4)
    give every visited point's y(θᵀx + θ₀) the sign the run gave it: > 0 until the
    update's point, ≤ 0 there. Among those, the first where the run visits a point
    without a mistake before the update (so the student has a point to rule out) is
    taken. A run with no such k keeps the preferred one at 4 decimals.
    """
    steps = trace.steps
    mistakes = np.flatnonzero(np.asarray(steps["mistake"], dtype=bool))
    M = len(mistakes)
    preferred = max(0, min(SLOW_UPDATES - 1, M - 1))
    candidates = sorted(range(M), key=lambda k: (k == 0 and M > 1, abs(k - preferred), k))
    thetas, theta0s = trace.states["theta"], trace.states["theta0"]

    def at(k: int, places: int) -> AskedUpdate:
        Xp = _decimals(X, places)
        start = int(mistakes[k - 1]) + 1 if k else 0
        visits = tuple(int(i) for i in steps["i"][start:int(mistakes[k]) + 1])
        theta = tuple(printed(v, places) for v in thetas[k])
        theta0 = printed(theta0s[k], places) if offset else Decimal(0)
        scores = tuple(int(y[i]) * (_dot(theta, Xp[i]) + theta0) for i in visits)
        return AskedUpdate(k, places, theta, theta0, visits, scores)

    for places in (DATA_PLACES, DATA_PLACES + 1, DATA_PLACES + 2):
        found = [asked for asked in (at(k, places) for k in candidates)
                 if all(s > 0 for s in asked.signed_scores[:-1])
                 and asked.signed_scores[-1] <= 0]
        if found:  # one where the student walks past a point first, if there is one
            return next((asked for asked in found if len(asked.visits) > 1), found[0])
    return at(candidates[0], DATA_PLACES + 2)


def _run_block(scene: str, trace, video: str) -> RunBlock:
    data = trace.data
    X, y = np.asarray(data.X, float), np.asarray(data.y, float)
    offset = bool(trace.params.get("offset", True))
    M = int(np.count_nonzero(trace.steps["mistake"]))
    asked = _asked_update(trace, X, y, offset)
    places, k, n = asked.places, asked.k, len(y)
    result_places = 2 * places  # a product of two printed numbers
    Xp = _decimals(X, places)
    columns, rows = _point_table(Xp, y, places)
    j = asked.visits[-1]  # the point of update k + 1
    xj, yj = Xp[j], int(y[j])
    theta0 = asked.theta0 if offset else None
    # the names of the quantities, with or without the offset
    score_name = "θᵀx + θ₀" if offset else "θᵀx"
    signed_name = f"y({score_name})" if offset else "yθᵀx"
    plus = "‖x‖² + 1" if offset else "‖x‖²"
    update_rule = "θ ← θ + yx, θ₀ ← θ₀ + y" if offset else "θ ← θ + yx"

    def state_text(theta, theta0_value) -> str:
        text = "θ = (" + ", ".join(exact(t, places) for t in theta) + ")"
        return text + (f", θ₀ = {exact(theta0_value, places)}" if offset else "")

    def at(value) -> str:
        return exact(value, result_places)

    state = state_text(asked.theta, asked.theta0)
    first = asked.visits[0] + 1
    cyclic = str(trace.params.get("order", "cyclic")) == "cyclic"
    order = (f"points {first}, {first + 1 if first < n else 1}, … in index order "
             f"(after point {n} comes point 1)" if cyclic else
             "points in the order " + ", ".join(str(int(i) + 1) for i in asked.visits)
             + ", …")
    learner = "with offset" if offset else "through the origin (θ₀ = 0)"
    heading = f"The perceptron {learner}: the run in {video}"
    about = (f"Data {data.name} ({n} points, printed to {places} decimals as the video shows "
             f"them), visited in {'index' if cyclic else 'a shuffled'} order; this run "
             f"made M = {M} {plural(M, 'update')}.")
    after = f"After its {ordinal(k)} update" if k else "At its start (no update yet)"
    given = (f"{after} this run has {state}.", f"It then visits {order}.")

    # 1. the next update's point, found along the visiting order
    working = [f"{signed_name} of each point visited, with {state}:"]
    for i, signed in zip(asked.visits, asked.signed_scores):
        verdict = "≤ 0: a mistake, the update" if signed <= 0 else "> 0"
        working.append(f"point {i + 1}: {label(y[i])}·({_sum_text(asked.theta, Xp[i], theta0, places)})"
                       f" = {at(signed)} {verdict}")
    which = "its first update" if k == 0 else f"update {k + 1}"
    on_line = " (a point on the line is a mistake)" if offset else ""
    q_next = Question(
        f"{scene}.next_point", "numerical",
        f"Which point causes {which}? Compute {signed_name} of each point in the order the "
        f"run visits them until the first that is ≤ 0{on_line}. Give its number i.",
        f"i = {j + 1} (x = ({', '.join(exact(v, places) for v in xj)}), y = {label(yj)}).",
        tuple(working), value=j + 1, places=0, tolerance=0.0,
        room_lines=min(len(asked.visits) + 1, MAX_ROOM_LINES))

    # 2. its score; accepted: the printed numbers' and the run's unrounded one (the video's)
    score = _dot(asked.theta, xj) + (asked.theta0 if offset else 0)
    update_step = int(np.flatnonzero(trace.steps["mistake"])[k])
    run_signed = float(trace.steps["score"][update_step])
    score_tolerance = _tolerance(0.01, abs(yj * run_signed - float(score)), 2)
    q_score = Question(
        f"{scene}.score", "numerical",
        f"What is the score {score_name} of that point before the update? Work with the "
        f"printed numbers and give {result_places} decimals (± {score_tolerance:g} "
        f"accepted).",
        f"{score_name} = {at(score)}.",
        (f"{score_name} = {_sum_text(asked.theta, xj, theta0, places)} = {at(score)}",
         f"y = {label(yj)}, so the y·score y({score_name}) = {at(yj * score)} ≤ 0: "
         f"a mistake."),
        value=float(score), places=result_places, tolerance=score_tolerance)

    # 3. the update, and the notes' identity: y(θᵀx + θ₀) rises by ‖x‖² + 1
    new_theta = tuple(t + yj * v for t, v in zip(asked.theta, xj))
    new_theta0 = asked.theta0 + yj if offset else Decimal(0)
    new_signed = yj * (_dot(new_theta, xj) + new_theta0)
    rise = _dot(xj, xj) + (1 if offset else 0)
    old_signed = yj * score
    run_rise = float(X[j] @ X[j]) + (1.0 if offset else 0.0)
    identity_tolerance = _tolerance(0.01, abs(run_signed + run_rise - float(new_signed)), 2)
    new_state = state_text(new_theta, new_theta0)
    squares = " + ".join(f"{_parens(v)}²" for v in xj) + (" + 1" if offset else "")
    q_identity = Question(
        f"{scene}.identity", "numerical",
        f"Make the update ({update_rule}) and compute {signed_name} of the same point "
        f"after it. Check that it rose by exactly {plus} (the notes' identity). Give "
        f"{result_places} decimals (± {identity_tolerance:g} accepted).",
        f"After the update {new_state}; {signed_name} = {at(new_signed)}.",
        (f"after the update: {new_state}",
         f"{signed_name} = {label(yj)}·({_sum_text(new_theta, xj, new_theta0 if offset else None, places)}"
         f") = {at(new_signed)}",
         f"{plus} = {squares} = {at(rise)}",
         f"before + {plus} = {at(old_signed)} + {at(rise)} = {at(old_signed + rise)} = after ✓"),
        value=float(new_signed), places=result_places, tolerance=identity_tolerance,
        room_lines=5)
    exact_values = {
        "kind": "run", "offset": offset, "updates": M,
        "epochs": int(trace.result["epochs"]), "converged": bool(trace.result["converged"]),
        "asked_after_update": k, "next_point": j + 1, "places": places,
        "theta_after": [float(v) for v in trace.states["theta"][k]],
        "theta0_after": float(trace.states["theta0"][k]),
        "x": [float(v) for v in X[j]], "y": yj}
    return RunBlock(scene, heading, about, columns, rows, given,
                    (q_next, q_score, q_identity), exact_values)


def _tolerance(rounding: float, unrounded_gap: float, places: int) -> float:
    """The tolerance accepted: at least ``rounding``, and enough to take the run's unrounded
    value (``unrounded_gap`` away), rounded up to ``places`` decimals (1 unit at least)."""
    unit = 10 ** places
    return max(1, math.ceil(max(rounding, unrounded_gap + 0.5 / unit) * unit - 1e-9)) / unit


# -- a proof run ----------------------------------------------------------------------------
def _proof_block(scene: str, trace, video: str) -> RunBlock:
    from linviz.theory import proof_quantities

    data = trace.data
    X, y = np.asarray(data.X, float), np.asarray(data.y, float)
    q = proof_quantities(trace)
    offset = bool(q.augmented)
    M = int(np.count_nonzero(trace.steps["mistake"]))
    star_places = STAR_PLACES
    for places in (PROOF_DATA_PLACES, PROOF_DATA_PLACES + 1):
        Xp = _decimals(X, places)
        points = [list(row) + ([Decimal(1)] if offset else []) for row in Xp]
        star = tuple(printed(v, star_places) for v in q.theta_star)
        margins = [int(label) * _dot(star, p) for p, label in zip(points, y)]
        if min(margins) > 0:
            break
    squares = [_dot(p, p) for p in points]
    norms = [math.sqrt(s) for s in squares]
    far = int(np.argmax(norms))  # ties: the first (np.argmax)
    near = min(range(len(margins)), key=lambda i: (margins[i], i))
    R = Decimal(f"{norms[far]:.{STAR_PLACES}f}")
    gamma = margins[near].quantize(Decimal(1).scaleb(-STAR_PLACES))
    bound = (R / gamma) ** 2
    shown_bound = bound.quantize(Decimal(1).scaleb(-BOUND_PLACES))
    # accepted: the student's rounding (2 units of the last decimal asked) and the run's
    # unrounded value (the video's), whichever is farther
    step = 10.0 ** -STAR_PLACES
    R_tolerance = _tolerance(2 * step, abs(q.R - float(R)), STAR_PLACES)
    gamma_tolerance = _tolerance(2 * step, abs(q.gamma - float(gamma)), STAR_PLACES)
    bound_tolerance = _tolerance(
        ((float(R) + R_tolerance) / (float(gamma) - gamma_tolerance)) ** 2 - float(bound),
        abs(q.bound - float(shown_bound)), BOUND_PLACES)
    columns, rows = _point_table(Xp, y, places)
    space = "[x, 1]" if offset else "x"
    star_text = ("θ* = (" + ", ".join(exact(v, star_places) for v in star[:-1])
                 + f"), θ*₀ = {exact(star[-1], star_places)}" if offset else
                 "θ* = (" + ", ".join(exact(v, star_places) for v in star) + ")")
    learner = "with offset (the theorem on [x, 1])" if offset else "through the origin"
    heading = f"The convergence theorem: the perceptron {learner}, the run in {video}"
    about = (f"Data {data.name} ({len(y)} points, printed to {places} decimals). The "
             f"maximum-margin separator of the points {space}, scaled to ‖θ*‖ = 1"
             + (" (with θ*₀ counted in the norm)" if offset else "") + ", is given.")
    given = (f"{star_text} (to {star_places} decimals).",)
    norm_of = "‖[x, 1]‖ = √(x₁² + x₂² + 1)" if offset else "‖x‖ = √(x₁² + x₂²)"
    margin_of = "y(θ*ᵀx + θ*₀)" if offset else "yθ*ᵀx"
    table = [f"point {i + 1}: {norm_of.split(' =')[0]} = {norms[i]:.4f}, {margin_of} = "
             f"{exact(margins[i], places + star_places)}" + ("   ← the largest norm" if i == far else "")
             + ("   ← the smallest margin" if i == near else "")
             for i in range(len(y))]
    q_R = Question(
        f"{scene}.R", "numerical",
        f"R is the largest norm of the points {space}: {norm_of}. Compute R from the "
        f"printed points ({STAR_PLACES} decimals, ± {R_tolerance:.{STAR_PLACES}f} accepted).",
        f"R = {exact(R, STAR_PLACES)} (point {far + 1}).",
        (f"R = {norm_of.split(' =')[0]} of point {far + 1} = √({exact(squares[far], 2 * places)}) = "
         f"{exact(R, STAR_PLACES)}",), value=float(R), places=STAR_PLACES, tolerance=R_tolerance,
        room_lines=4)
    q_gamma = Question(
        f"{scene}.gamma", "numerical",
        f"γ is the margin of θ*: the smallest {margin_of} over the points. Compute it "
        f"({STAR_PLACES} decimals, ± {gamma_tolerance:.{STAR_PLACES}f} accepted).",
        f"γ = {exact(gamma, STAR_PLACES)} (point {near + 1}).",
        (f"γ = {margin_of} of point {near + 1} = {label(y[near])}·("
         f"{_sum_text(star, points[near], places=places, theta_places=star_places)}) = "
         f"{exact(margins[near], places + star_places)}",),
        value=float(gamma), places=STAR_PLACES, tolerance=gamma_tolerance,
        room_lines=4)
    q_bound = Question(
        f"{scene}.bound", "numerical",
        f"Compute the theorem's bound (R/γ)² from your R and γ ({BOUND_PLACES} decimal, "
        f"± {bound_tolerance:.{BOUND_PLACES}f} accepted).",
        f"(R/γ)² = {exact(shown_bound, BOUND_PLACES)}.",
        (f"(R/γ)² = ({exact(R, STAR_PLACES)} / {exact(gamma, STAR_PLACES)})² = "
         f"{exact(shown_bound, BOUND_PLACES)}",
         f"the video's numbers (the run's unrounded points): R = {number(q.R)}, "
         f"γ = {number(q.gamma)}, (R/γ)² = {number(q.bound)}"),
        value=float(shown_bound), places=BOUND_PLACES, tolerance=bound_tolerance)
    q_M = Question(
        f"{scene}.updates", "numerical",
        f"How many updates M did this run make ({video} counts them)?",
        f"M = {M}.", (f"the run in {video} made M = {M} {plural(M, 'update')} in "
                      f"{int(trace.result['epochs'])} passes",),
        value=M, places=0, tolerance=0.0, room_lines=1)
    below = M <= float(bound)
    q_below = Question(
        f"{scene}.below_bound", "truefalse",
        "True or false: this run's M is at most (R/γ)², as the theorem says it must be.",
        f"True: M = {M} ≤ {exact(shown_bound, BOUND_PLACES)}." if below else
        f"False: M = {M} > {exact(shown_bound, BOUND_PLACES)}.",
        (f"M = {M} {'≤' if below else '>'} (R/γ)² = {exact(shown_bound, BOUND_PLACES)}",),
        value=bool(below), room_lines=1)
    exact_values = {
        "kind": "proof", "augmented": offset, "updates": M, "R": float(q.R),
        "gamma": float(q.gamma), "bound": float(q.bound),
        "below_bound": bool(M <= q.bound), "places": places,
        "theta_star": [float(v) for v in q.theta_star]}
    block = RunBlock(scene, heading, about, columns, rows, given,
                     (q_R, q_gamma, q_bound, q_M, q_below), exact_values)
    return block, tuple(table)


# -- a run on data no line separates -----------------------------------------------------
def _noise_block(scene: str, trace, video: str) -> RunBlock:
    from linviz.least_error import least_training_error

    data = trace.data
    X, y = np.asarray(data.X, float), np.asarray(data.y, float)
    Xp = _decimals(X, DATA_PLACES)
    from linviz.theory import overlap_certificate

    lam, mu = overlap_certificate(np.array(Xp, dtype=float), y)
    columns, rows = _point_table(Xp, y, DATA_PLACES)
    steps = trace.steps
    epochs = int(trace.result["epochs"])
    per_pass = np.bincount(np.asarray(steps["epoch"])[np.asarray(steps["mistake"], bool)],
                           minlength=epochs + 1)[1:]
    best = least_training_error(X, y)
    weight_places = 3

    def weights_text(weights):
        return ", ".join(f"{weights[i]:.{weight_places}f} on point {i + 1}" for i in weights)

    def mean(weights) -> list[Decimal]:
        rounded = {i: Decimal(f"{w:.{weight_places}f}") for i, w in weights.items()}
        return [sum((rounded[i] * Xp[i][c] for i in rounded), Decimal(0))
                for c in range(Xp.shape[1])]

    p_plus, p_minus = mean(lam), mean(mu)
    heading = f"Data no line separates: the perceptron with offset, the run in {video}"
    order = str(trace.params.get("order", "cyclic"))
    about = (f"Data {data.name} ({len(y)} points, printed to {DATA_PLACES} decimals); the run "
             f"made {epochs} passes, visiting the points in "
             f"{'index' if order == 'cyclic' else 'a freshly shuffled'} order each pass.")
    given = (f"Weights λ on points labelled +1: {weights_text(lam)}.",
             f"Weights μ on points labelled −1: {weights_text(mu)}.")
    tolerance = 0.01
    q_point = Question(
        f"{scene}.common_point", "numerical",
        "Compute p = Σ λᵢx⁽ⁱ⁾ (the +1 points) and q = Σ μⱼx⁽ʲ⁾ (the −1 points). They "
        "are the same point, up to the rounding of the weights. Give p's first "
        f"coordinate (2 decimals, ± {tolerance:.2f} accepted).",
        f"p = ({', '.join(number(v, 2) for v in p_plus)}), q = "
        f"({', '.join(number(v, 2) for v in p_minus)}): the same point.",
        (f"p = {' + '.join(f'{lam[i]:.{weight_places}f}·{point_symbol(i + 1)}' for i in lam)} = "
         f"({', '.join(exact(v) for v in p_plus)})",
         f"q = {' + '.join(f'{mu[i]:.{weight_places}f}·{point_symbol(i + 1)}' for i in mu)} = "
         f"({', '.join(exact(v) for v in p_minus)})"),
        value=round(float(p_plus[0]), 2), places=2, tolerance=tolerance, room_lines=4)
    points_named = ", ".join(str(i + 1) for i in sorted({*lam, *mu}))
    q_why = Question(
        f"{scene}.why", "essay",
        f"Show that no line θᵀx + θ₀ = 0 classifies all of the points {points_named} "
        f"correctly (hint: the score θᵀp + θ₀ of the point p, computed from either side). "
        f"Then explain why this run never settles: why it makes an update in every one of "
        f"its passes, however many passes it is given.",
        "No line gets all of them right, so every pass meets a mistake and updates.",
        (f"Suppose (θ, θ₀) gets all of points {points_named} right. Since Σλᵢ = 1, "
         f"θᵀp + θ₀ = Σλᵢ(θᵀx⁽ⁱ⁾ + θ₀) > 0 (the +1 points are right); since Σμⱼ = 1 and "
         f"p = q, θᵀp + θ₀ = Σμⱼ(θᵀx⁽ʲ⁾ + θ₀) < 0 (the −1 points are right). "
         f"Both cannot hold: every line misclassifies (or has on it) at least one of these "
         f"points.",
         "A pass with no update would end with every point scoring y(θᵀx + θ₀) > 0, a "
         "line with no mistake; none exists, so every pass makes at least one update, and "
         "the perceptron's loop never stops by itself (it stops only at τ).",
         f"This run: {epochs} passes, updates per pass between {int(per_pass.min())} and "
         f"{int(per_pass.max())} ({int(per_pass[-1])} in the last). The least number of "
         f"points any line gets wrong here is {best.mistakes} of {best.n}."),
        room_lines=MAX_ROOM_LINES)
    exact_values = {
        "kind": "noise", "epochs": epochs, "updates": int(per_pass.sum()),
        "fewest_updates_in_a_pass": int(per_pass.min()),
        "least_mistakes_of_any_line": int(best.mistakes),
        "lambda": {str(i + 1): w for i, w in lam.items()},
        "mu": {str(i + 1): w for i, w in mu.items()}}
    return RunBlock(scene, heading, about, columns, rows, given, (q_point, q_why),
                    exact_values)


def homework_for(scene: str, trace, video: str | None = None,
                 notation: str = "theta") -> tuple[RunBlock, tuple[str, ...]]:
    """The block of questions about ``scene``'s run (``trace``, the file its video plays)
    in ``notation``, and the key's extra working lines (the proof's per-point table)."""
    video = video or f"{scene}.mp4"
    if scene in RUN_SCENES:
        block, extra = _run_block(scene, trace, video), ()
    elif scene in PROOF_SCENES:
        block, extra = _proof_block(scene, trace, video)
    elif scene in NOISE_SCENES:
        block, extra = _noise_block(scene, trace, video), ()
    else:
        raise ValueError(f"no worksheet questions for scene {scene!r}")
    return block.in_notation(notation), tuple(in_notation(line, notation) for line in extra)


# -- the PDFs ---------------------------------------------------------------------------------
#: the points' table: width of the index, of a coordinate and of the label column (mm),
#: the gap between groups of columns (mm) and the row height (mm)
TABLE_INDEX_MM, TABLE_VALUE_MM, TABLE_LABEL_MM, TABLE_GAP_MM, TABLE_ROW_MM = 8, 15, 9, 6, 4.6
#: room left under a question for a line of working (mm)
ROOM_LINE_MM = 7
#: the line height of the key's list of every point (mm)
EXTRA_LINE_MM = 4
#: a run's block starts on a new page when less than this is left of the page (mm)
BLOCK_START_MM = 110


def _table(pdf, width: float, columns, rows) -> None:
    """The points in groups of columns side by side, as many groups as fit in ``width``."""
    widths = [TABLE_INDEX_MM] + [TABLE_VALUE_MM] * (len(columns) - 2) + [TABLE_LABEL_MM]
    group = sum(widths) + TABLE_GAP_MM
    groups = max(1, min(len(rows), int((width + TABLE_GAP_MM) // group)))
    per_group = math.ceil(len(rows) / groups)
    groups = math.ceil(len(rows) / per_group)
    left = pdf.l_margin
    pdf.set_font("DejaVu", "B", 9)
    for g in range(groups):
        pdf.set_x(left + g * group)
        for text, w in zip(columns, widths):
            pdf.cell(w, TABLE_ROW_MM, text, align="R")
    pdf.ln(TABLE_ROW_MM)
    pdf.set_font("DejaVu", "", 9)
    for r in range(per_group):
        for g in range(groups):
            index = g * per_group + r
            if index >= len(rows):
                continue
            pdf.set_x(left + g * group)
            for text, w in zip(rows[index], widths):
                pdf.cell(w, TABLE_ROW_MM, text, align="R")
        pdf.ln(TABLE_ROW_MM)
    pdf.ln(2)


def sheet_pdf(student_id: str, about: str, blocks, key: bool) -> bytes:
    """The worksheet (``key`` False: room to answer) or the answer key (answers in bold,
    then the working), as PDF bytes.

    ``blocks``: (RunBlock, the key's extra working lines) per run, in notation already.
    """
    from .handout import GREY, MARGIN_MM, new_pdf

    title = f"Answer key: {student_id}" if key else f"Worksheet: {student_id}"
    pdf = new_pdf(title)
    pdf.set_auto_page_break(True, margin=MARGIN_MM)
    pdf.add_page()
    width = pdf.w - 2 * MARGIN_MM

    def text(size, body, style="", colour=(0, 0, 0), height=None, indent=0.0):
        pdf.set_text_color(*colour)
        pdf.set_font("DejaVu", style, size)
        pdf.set_x(pdf.l_margin + indent)
        pdf.multi_cell(width - indent, height or size * 0.5, body, new_x="LMARGIN",
                       new_y="NEXT")

    text(18, title, "B", height=9)
    text(10, about, colour=GREY, height=5)
    pdf.ln(4)
    count = 0
    for block, extra in blocks:
        if pdf.get_y() > pdf.h - BLOCK_START_MM:
            pdf.add_page()  # a run's heading, table and first question stay together
        text(13, block.heading, "B", height=7)
        text(9, block.about, colour=GREY, height=5)
        pdf.ln(1)
        _table(pdf, width, block.columns, block.rows)
        for line in block.given:
            text(11, line, height=6)
        pdf.ln(2)
        for question in block.questions:
            count += 1
            text(11, f"{count}. {question.text}", height=6)
            if key:
                text(11, question.answer, "B", height=6, indent=5)
                for line in question.working:
                    text(9, line, colour=GREY, height=4.6, indent=5)
                pdf.ln(3)
            else:
                pdf.ln(ROOM_LINE_MM * question.room_lines)
        if key and extra:
            if pdf.get_y() + EXTRA_LINE_MM * (len(extra) + 1) > pdf.h - MARGIN_MM:
                pdf.add_page()  # the list of every point whole, on one page
            text(9, f"Every point, from the printed numbers ({block.heading}):", "B",
                 colour=GREY, height=4.6, indent=5)
            for line in extra:
                text(8, line, colour=GREY, height=EXTRA_LINE_MM, indent=5)
        pdf.ln(4)
    text(8, "Made by linviz from the runs your videos play. Work with the printed numbers: "
         "they are the runs' numbers rounded as the videos show them.", colour=GREY, height=4)
    return bytes(pdf.output())
