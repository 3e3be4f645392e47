"""A student's worksheet and its answer key, from the traces of that student's videos.

Every answer is computed from the run the student's video plays (the same
trace file the video was rendered from), so the worksheet asks what the
video shows:

- a scene that plays the perceptron update by update (``perceptron``,
  ``perceptron-origin``): how many updates M it made, and which point caused
  its third update (the last one when it made fewer), one of the updates the
  video explains step by step, showing i (the points are numbered 1 … n);
- a proof scene (``proof``, ``proof-offset``): R = maxᵢ‖x⁽ⁱ⁾‖ and γ, the
  margin of the maximum-margin separator θ* (of the points [x, 1] with an
  offset), the bound (R/γ)², and whether the run's M is below it (the
  theorem says it always is: the student checks it on their own numbers).

Numbers are shown with two decimals, as the videos show them; ``answers.json``
keeps the exact values. The PDFs are written with the handout's fpdf2 set-up.
"""

from __future__ import annotations

from dataclasses import dataclass
import numpy as np

from scenes.toolkit.style import SLOW_UPDATES

#: scenes whose run the worksheet asks about, and the kind of questions
RUN_SCENES = ("perceptron", "perceptron-origin")
PROOF_SCENES = ("proof", "proof-offset")
QUESTION_SCENES = RUN_SCENES + PROOF_SCENES
#: the update the worksheet asks about (the last one if the run made fewer): the last of
#: those the perceptron video explains step by step, so the video always shows it
ASKED_UPDATE = SLOW_UPDATES


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def number(value: float, places: int = 2) -> str:
    """``value`` to ``places`` decimals with a real minus sign, as the videos show it."""
    rounded = round(float(value), places) or 0.0
    body = f"{abs(rounded):.{places}f}"
    return f"−{body}" if rounded < 0 else body


def run_answers(trace) -> dict:
    """The perceptron questions' answers from a perceptron trace (every step kept)."""
    steps, data = trace.steps, trace.data
    mistakes = np.flatnonzero(np.asarray(steps["mistake"], dtype=bool))
    updates = int(len(mistakes))
    asked = min(ASKED_UPDATE, updates)
    answers = {"updates": updates, "epochs": int(trace.result["epochs"]),
               "converged": bool(trace.result["converged"]), "asked_update": asked}
    if asked:
        step = int(mistakes[asked - 1])
        i = int(steps["i"][step])
        answers.update(point=i + 1, x=[float(v) for v in data.X[i]], y=int(data.y[i]),
                       epoch=int(steps["epoch"][step]), visit=int(steps["t"][step]))
    return answers


def proof_answers(trace) -> dict:
    """The proof questions' answers from a perceptron trace of a separable data set."""
    from linviz.theory import proof_quantities

    q = proof_quantities(trace)
    updates = int(np.count_nonzero(trace.steps["mistake"]))
    return {"updates": updates, "R": float(q.R), "gamma": float(q.gamma),
            "bound": float(q.bound), "below_bound": bool(updates <= q.bound),
            "augmented": bool(q.augmented)}


def answers_for(scene: str, trace) -> dict:
    """The answers about ``scene``'s run, with the kind of questions they answer."""
    if scene in RUN_SCENES:
        return {"kind": "run", **run_answers(trace)}
    if scene in PROOF_SCENES:
        return {"kind": "proof", **proof_answers(trace)}
    raise ValueError(f"no worksheet questions for scene {scene!r}")


@dataclass(frozen=True)
class Question:
    text: str
    answer: str


def questions(scene: str, answers: dict) -> list[Question]:
    """The questions about one scene's run, each with its answer in words."""
    video = f"{scene}.mp4"
    if answers["kind"] == "run":
        ended = (f"in {answers['epochs']} passes (epochs), the last one without a mistake"
                 if answers["converged"] else f"and had not converged after "
                                                f"{answers['epochs']} passes (epochs)")
        found = [Question(f"In {video}, how many updates M did the perceptron make?",
                          f"M = {answers['updates']} ({ended}).")]
        k = answers["asked_update"]
        if k:
            which = (f"the {ordinal(k)} update" if k == ASKED_UPDATE
                     else f"the {ordinal(k)} and last update")
            x = ", ".join(number(v) for v in answers["x"])
            found.append(Question(
                f"Which point caused {which}? Give its number i (the video counts the points "
                f"from 1), its label y and the epoch.",
                f"i = {answers['point']}: x = ({x}), y = {answers['y']:+d}, in epoch "
                f"{answers['epoch']} (visit {answers['visit']})."))
        return found
    points = "the points [x, 1]" if answers["augmented"] else "the points x"
    below = "yes" if answers["below_bound"] else "no"
    return [
        Question(f"In {video}: what are R, the largest norm of {points}, and γ, the margin of "
                 f"the maximum-margin separator θ*?",
                 f"R = {number(answers['R'])}, γ = {number(answers['gamma'])}."),
        Question("What is the bound (R/γ)²? Is the number of updates M of this run below it?",
                 f"(R/γ)² = {number(answers['bound'])}; M = {answers['updates']}, "
                 f"below the bound: {below}."),
    ]


def sheet_pdf(student_id: str, about: str, blocks, key: bool) -> bytes:
    """The worksheet (``key`` False: room to answer) or the answer key (answers in bold), as
    PDF bytes.

    ``blocks``: (scene title, scene description, questions) per scene.
    """
    from .handout import GREY, MARGIN_MM, new_pdf

    title = f"Answer key: {student_id}" if key else f"Worksheet: {student_id}"
    pdf = new_pdf(title)
    pdf.set_auto_page_break(True, margin=MARGIN_MM)
    pdf.add_page()
    width = pdf.w - 2 * MARGIN_MM
    pdf.set_font("DejaVu", "B", 18)
    pdf.multi_cell(width, 9, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", "", 10)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 5, about, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    count = 0
    for heading, description, block in blocks:
        pdf.set_text_color(0, 0, 0)
        pdf.set_font("DejaVu", "B", 13)
        pdf.multi_cell(width, 7, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", "", 9)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(width, 5, description, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        for question in block:
            count += 1
            pdf.set_text_color(0, 0, 0)
            pdf.set_font("DejaVu", "", 11)
            pdf.multi_cell(width, 6, f"{count}. {question.text}", new_x="LMARGIN",
                           new_y="NEXT")
            if key:
                pdf.set_font("DejaVu", "B", 11)
                pdf.multi_cell(width, 6, question.answer, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(3)
            else:
                pdf.ln(16)  # room to write the answer
        pdf.ln(3)
    pdf.set_font("DejaVu", "", 8)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 4, "Made by linviz from the run your videos play; every number is "
                   "in the videos.", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
