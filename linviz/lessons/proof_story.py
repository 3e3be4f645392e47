"""The storyboard of the scenes `proof` and `proof-offset`: the convergence theorem, its two
facts, the real run with its curves against their bounds, the chain that ends in M ≤ (R/γ)²,
and the same theorem on the points divided by R; with an offset, the lift to [x, 1] and the
two runs side by side come first (see :mod:`linviz.storyboard` for the one rule of time).

The state
---------
``board`` (the board on the right: None, "lift", "runs", "theorem", "facts", "run",
"chain", "normalized") and ``rows`` (its rows shown, for the boards that come row by row;
None: all),
``geometry`` (θ*'s drawing on the plane: None, "line" (its line and vector), "band" (and
the empty band), "circle" (and the circle of radius R)), ``M`` (the updates of the run the
picture shows), ``scale`` (the data drawn divided by this: 1, or R) and ``zoomed`` (the
view fitted to the unit disk).

Told after a scene that proved the theorem in full (``heard``, see
:mod:`linviz.lessons.heard`), the scene says the theorem, the two facts, the chain and
the scaled data briefly (the same beats, each with the few words that recall it and its
numbers on this data); what is new, the lift to [x, 1] and the two runs, in full.
"""

from __future__ import annotations

from .. import formatting
from ..storyboard import HOLD, Storyboard, StoryWriter
from .heard import proof_heard
from .margin_story import gamma_places
from .proof import ProofLesson, proof_lesson, proof_offset_lesson

#: the data each scene tells when none is given
DEFAULT_DATA = {"proof": "separable-origin", "proof-offset": "separable"}
#: beyond this many updates, the run plays fast after its first update
SHOWN_UPDATES = 12

counted = formatting.grouped_count


def run_sentence(lesson: ProofLesson) -> str:
    """The run and its budget: the theory's ⌊(R/γ)²⌋ + 2 passes, or a saved run's own τ
    (what it made is said when it has been played: `converged_phrase`)."""
    if lesson.budget_is_theory_bound:
        return (f"Now the real run, given ⌊(R/γ)²⌋ + 2 = "
                f"{formatting.grouped(lesson.epochs_given, 0)} passes, always enough by the "
                f"theorem.")
    if lesson.own_run:  # the theory's budget is beyond the engine's limit on passes
        return (f"Now the real run: ⌊(R/γ)²⌋ + 2 = {formatting.grouped(lesson.theory_epochs, 0)} "
                f"passes are always enough; it was given "
                f"{formatting.grouped(lesson.epochs_given, 0)}, the engine's limit.")
    return (f"Now the real run, a saved one, given τ = "
            f"{formatting.grouped(lesson.epochs_given, 0)} passes.")


def converged_phrase(lesson: ProofLesson) -> str:
    """What the run made: its passes (the last one clean: converged) and its updates."""
    return (f"converged after {counted(lesson.passes, 'pass', 'passes')} and "
            f"{counted(lesson.M_final, 'update')}")


class _ProofTelling:
    def __init__(self, lesson: ProofLesson, scene: str, offset: bool, heard=()) -> None:
        self.lesson, self.offset = lesson, offset
        #: the proof was told in full earlier in the lecture: recalled briefly
        self.brief = proof_heard(heard)
        self.q = lesson.quantities
        # reasons: the chain's reasons (fact (1), no projection is longer, fact (2)) over it
        self.story = StoryWriter(scene, board=None, rows=0, geometry=None, M=0, scale=1.0,
                                 zoomed=False, reasons=False)

    def tell(self) -> Storyboard:
        if self.offset:
            self.lift()
        self.theorem()
        self.facts()
        self.updates()
        self.chain()
        self.normalized()
        return self.story.storyboard()

    def geometry(self) -> None:
        """θ* as a vector with its line, its empty band, then the circle holding every point
        (once, where first needed)."""
        story = self.story
        if story.state["geometry"] == "circle":
            return
        if self.offset and self.brief:
            story.beat("θ*: its line, and an arrow of its first two entries.", "geometry",
                       geometry="line")
            story.beat("Its band of half-width γ, empty.", "geometry", geometry="band")
        elif self.offset:
            story.beat("θ* is drawn by its line in the plane and an arrow of its first two "
                       "entries, at right angles to that line.", "geometry", geometry="line")
            story.beat("No point has |θ*ᵀ[x, 1]| < γ, so the green band is empty.", "geometry",
                       geometry="band")
        else:
            story.beat("θ* is the unit vector drawn from the origin, at right angles to its "
                       "green line.", "geometry", geometry="line")
            story.beat("Every point is at least γ from that line, so the band of half-width γ "
                       "is empty.", "geometry", geometry="band")
        if self.brief:
            story.beat(f"The circle of radius R holds every "
                       f"{'lifted point' if self.offset else 'point'}.", "geometry",
                       geometry="circle")
            return
        story.beat(f"And every {'lifted point' if self.offset else 'point'} has norm at most R: "
                   f"the grey circle holds them all.", "geometry", geometry="circle")

    def lift(self) -> None:
        story, q, lesson = self.story, self.q, self.lesson
        story.section("lift", "Lifting to [x, 1]")
        story.beat("With an offset the theorem still applies: append a 1 to every point and θ₀ "
                   "to θ,", "lift-rows", board="lift", rows=2)
        # R and γ "measured there" come with the sentence that measures them
        story.beat("and the classifier passes through the origin one dimension up.",
                   "lift-rows", rows=3)
        self.geometry()
        story.beat(f"Measured on the lifted points, R = {formatting.number(q.R)} and γ = "
                   f"{formatting.number(q.gamma, gamma_places(q.gamma))}; from here on, x and θ "
                   f"stand for [x, 1] and [θ, θ₀].", "lift-rows", rows=6)
        story.beat("The offset perceptron on x is the perceptron through the origin on [x, 1]: "
                   "here are both, each run for real, update by update.", "runs-table",
                   board="runs", rows=0)
        M = lesson.M_final
        if lesson.offset_run_is_lifted_run:
            more = ("both updates" if M == 2 else f"all {counted(M, 'update')}" if M > 1
                    else "the one update")
            sentence = (f"The same point at every update, and θ' = (θ, θ₀) after each: {more} "
                        f"agree, so the proof through the origin covers the offset run.")
        else:
            sentence = ("Here rounding made the two runs part: a score that is 0 exactly came "
                        "out on different sides of 0.")
        story.beat(sentence, "runs-verdict", rows=1)

    def theorem(self) -> None:
        story, q = self.story, self.q
        story.section("theorem", "The theorem")
        bound = self.lesson.bound_floor
        if self.brief:
            story.beat("The theorem, as proved before:", "theorem", board="theorem", rows=1)
            story.beat("at most (R/γ)² updates.", "theorem", rows=2)
            self.geometry()
            story.beat(f"Here (R/γ)² = {formatting.grouped(q.bound)}: at most "
                       f"{formatting.grouped(bound, 0)} {'update' if bound == 1 else 'updates'}.",
                       "highlight-bound", rows=3)
            return
        story.beat("The theorem: if some θ* separates the points through the origin with "
                   "margin γ, and a circle of radius R holds them all,", "theorem",
                   board="theorem", rows=1)
        story.beat("then the perceptron makes at most (R/γ)² updates.", "theorem", rows=2)
        self.geometry()
        story.beat(f"Here γ = {formatting.number(q.gamma, gamma_places(q.gamma))}, the widest "
                   f"margin, R = {formatting.number(q.R)}: (R/γ)² = "
                   f"{formatting.grouped(q.bound)}: at most {formatting.grouped(bound, 0)} "
                   f"{'update' if bound == 1 else 'updates'}.", "highlight-bound", rows=3)

    def facts(self) -> None:
        story = self.story
        story.section("two-facts", "Two facts")
        if self.brief:
            story.beat("The same two facts about an update:", "facts", board="facts", rows=1)
            for sentence, rows in (("the projection on θ* grows by at least γ,", 3),
                                   ("‖θ‖² by at most R²,", 5),
                                   ("so after M updates: at least Mγ, at most MR².", 7)):
                story.beat(sentence, "facts", rows=rows)
            return
        story.beat("Two facts about one update, made on a mistake: θ ← θ + yx where yθᵀx ≤ 0.",
                   "facts", board="facts", rows=1)
        for sentence, rows in (
                ("First: the projection of θ on θ* grows by y x·θ*/‖θ*‖, which is at least γ: "
                 "no point lies inside the band.", 3),
                ("Second: ‖θ‖² grows by 2yθᵀx, not positive on a mistake, plus ‖x‖², at most "
                 "R².", 5),
                ("Starting from θ = 0, after M updates: θ·θ*/‖θ*‖ ≥ Mγ and ‖θ‖² ≤ MR².", 7)):
            story.beat(sentence, "facts", rows=rows)

    def updates(self) -> None:
        story, q, lesson = self.story, self.q, self.lesson
        M = lesson.M_final
        story.section("updates", "Update by update")
        story.beat(run_sentence(lesson), "run-board", board="run", rows=0)
        if self.brief:
            self.updates_briefly()
            return
        story.beat("Each curve against its bound line: θ·θ*/‖θ*‖ above Mγ, ‖θ‖² below MR².",
                   "highlight-plots")
        story.beat(f"Update 1: θ·θ*/‖θ*‖ = {formatting.grouped(q.alignment[1])} ≥ γ, and ‖θ‖² = "
                   f"{formatting.grouped(q.norm_squared[1])} ≤ R².", "update", M=1)
        # the run's last values are said under the sentence that plays up to them
        last = (f"{formatting.grouped(q.alignment[-1])} ≥ {formatting.grouped(q.lower[-1])} and "
                f"{formatting.grouped(q.norm_squared[-1])} ≤ {formatting.grouped(q.upper[-1])}")
        if M > SHOWN_UPDATES:
            story.beat(f"Updates 2 to {formatting.grouped(M, 0)}, fast forward: each adds at "
                       f"least γ and at most R², up to {last}.", "fast-updates", M=M)
        elif M > 2:
            # the two facts were said in full: briefly here, with the values they reach
            story.beat(f"Updates 2 to {M}: each adds at least γ and at most R², up to {last}.",
                       "updates", M=M)
        elif M == 2:
            story.beat(f"Update 2: again at least γ more, at most R² more: {last}.", "updates",
                       M=M)
        story.beat(f"It {converged_phrase(lesson)}; the curves never crossed their bounds.",
                   "highlight-end", rows=1)

    def updates_briefly(self) -> None:
        """The run's curves against their bounds, recalled: the same beats, few words."""
        story, q, M = self.story, self.q, self.lesson.M_final
        story.beat("Each curve against its bound, as before.", "highlight-plots")
        story.beat(f"Update 1: {formatting.grouped(q.alignment[1])} ≥ γ and "
                   f"{formatting.grouped(q.norm_squared[1])} ≤ R².", "update", M=1)
        # recalled: the other updates swept through at once (one by one they would play on
        # long after their few words)
        last = (f"{formatting.grouped(q.alignment[-1])} ≥ {formatting.grouped(q.lower[-1])} and "
                f"{formatting.grouped(q.norm_squared[-1])} ≤ {formatting.grouped(q.upper[-1])}")
        if M > 2:
            story.beat(f"Updates 2 to {formatting.grouped(M, 0)}, fast forward, up to {last}.",
                       "fast-updates", M=M)
        elif M == 2:
            story.beat(f"Update 2, fast forward: {last}.", "fast-updates", M=M)
        story.beat(f"It {converged_phrase(self.lesson)}, never across.", "highlight-end",
                   rows=1)

    def chain(self) -> None:
        story, lesson = self.story, self.lesson
        story.section("chain", "Chaining the two facts")
        if self.brief:
            story.beat("The same chain: Mγ ≤ θ·θ*/‖θ*‖ ≤ ‖θ‖ ≤ √M R.", "chain", board="chain",
                       rows=3, M=lesson.M_final, reasons=True)
            story.beat(f"So M ≤ (R/γ)²: {counted(lesson.M_final, 'update')} here, at most "
                       f"{formatting.grouped(lesson.bound_floor, 0)} allowed.", "highlight-chain",
                       rows=5)
            return
        story.beat("Chain the two facts, replaying the run: Mγ ≤ θ·θ*/‖θ*‖ ≤ ‖θ‖ ≤ √M R.",
                   "chain", board="chain", rows=3, M=lesson.M_final)
        story.beat("The first step is fact (1), the middle one holds as no projection is longer "
                   "than its vector, the last is fact (2).", "chain-reasons", reasons=True)
        story.beat(f"So Mγ ≤ √M R, and M ≤ (R/γ)²: this run made "
                   f"{counted(lesson.M_final, 'update')}, the theorem allows at most "
                   f"{formatting.grouped(lesson.bound_floor, 0)}.", "highlight-chain", rows=5)

    def normalized(self) -> None:
        """The scaled data: four beats, in full or (``brief``) recalled in few words."""
        story, lesson, q = self.story, self.lesson, self.q
        u = lesson.unit
        story.section("normalized", "Scaled data")
        points = "[x, 1]/R" if self.offset else "x/R"
        R, gamma = formatting.number(q.R), formatting.number(u.gamma, gamma_places(u.gamma))
        bound = formatting.grouped(u.bound)
        if self.brief:
            opening = "Scaled by R, as before:"
            zoom = (f"every {'lifted ' if self.offset else ''}point divided by R = {R}; the "
                    f"margin becomes γ/R = {gamma}.")
            same = f"The bound 1/(γ/R)² = {bound}: the same."
        else:
            opening = ("The theorem is often stated for ‖x‖ ≤ 1 and ‖θ*‖ = 1: divide every "
                       "point by R, and γ becomes γ/R.")
            circle = "‖[x, 1]‖/R ≤ 1" if self.offset else "‖x‖/R ≤ 1"
            zoom = (f"Zoom in on the circle where {circle}: the same picture, every point "
                    f"divided by R = {R}; the margin is now γ/R = {gamma}.")
            same = f"Their bound 1/(γ/R)² = {bound} is (R/γ)²: the same points at another scale."
        # the margin's row, γ/R with its value, comes with the sentence that says it
        story.beat(opening, "normalized", board="normalized", rows=2, scale=q.R)
        story.beat(zoom, "zoom", zoomed=True, rows=3)
        story.beat(same, "highlight-scaled", rows=7)
        story.beat(self.scaled_run_sentence(points), "highlight-scaled-run", rows=None)

    def scaled_run_sentence(self, points: str) -> str:
        """The perceptron through the origin run on the points divided by R: the same
        updates, or where the two runs part."""
        lesson = self.lesson
        if lesson.scaled_run_makes_same_updates:
            if self.brief:
                return (f"And the run on {points} makes the same "
                        f"{counted(lesson.M_final, 'update')}.")
            same = counted(lesson.M_final, "update") if lesson.M_final > 1 else "one update"
            return (f"The perceptron through the origin on the points {points}, run for real, "
                    f"makes the same {same}: every y·score is divided by R², keeping its sign.")
        if self.brief:
            why = ("a score 0 up to rounding" if lesson.scaled_runs_part_at_a_zero_score
                   else "a score")
            return (f"The run on {points} makes {formatting.grouped(lesson.unit_M_final, 0)} "
                    f"updates, not {formatting.grouped(lesson.M_final, 0)}: {why} came out on the "
                    f"other side of 0.")
        part = lesson.scaled_runs_part
        why = ("is 0 up to rounding, and rounding puts it on different sides of 0 in the two "
               "runs" if lesson.scaled_runs_part_at_a_zero_score else
               "comes out on different sides of 0 in the two runs")
        return (f"The perceptron through the origin on the points {points}, run for real, "
                f"makes {formatting.grouped(lesson.unit_M_final, 0)} updates, not "
                f"{formatting.grouped(lesson.M_final, 0)}: at visit "
                f"{formatting.grouped(part.visit + 1, 0)} the score of point {part.point + 1} "
                f"{why}.")


def proof_storyboard(lesson: ProofLesson, scene: str, offset: bool, heard=()) -> Storyboard:
    """Every beat of `proof` (``offset`` False) or `proof-offset` for ``lesson``, told after
    the scenes ``heard`` (:mod:`linviz.lessons.heard`)."""
    return _ProofTelling(lesson, scene, offset, heard).tell()


def storyboard_of_proof(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `proof` on ``data`` (or a saved ``trace`` of its run)."""
    return proof_storyboard(proof_lesson(data, trace=trace), "proof", False, heard)


def storyboard_of_proof_offset(data, trace=None, seed: int = 0, heard=()) -> Storyboard:
    """The storyboard of the scene `proof-offset` on ``data`` (or a saved ``trace``)."""
    return proof_storyboard(proof_offset_lesson(data, trace=trace), "proof-offset", True,
                            heard)
