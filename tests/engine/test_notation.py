"""The lecture's notation: θ, θ₀ or w, b, one choice for every text a student sees.

The rewriting is checked on sentences and formulas written by hand here, and
then on every scene: its whole story is run in each notation and everything it
typesets (formulas, labels, panels), every caption and every section title is
searched for a symbol of the other notation.
"""

from __future__ import annotations

import pytest

from linviz.errors import DataError
from linviz.notation import in_notation, math_in_notation, symbols_of
from scenes.catalog import SCENES_IN_ORDER

import scenes.toolkit.screen_text as screen_text
from story_runs import story_with


@pytest.mark.parametrize("theta, w", [
    ("θ = (0.5, −1.2) and θ₀ = 0.3", "w = (0.5, −1.2) and b = 0.3"),
    ("the score θᵀx + θ₀ of x⁽ⁱ⁾", "the score wᵀx + b of x⁽ⁱ⁾"),
    ("θ* has margin γ; ‖θ‖ = 2", "w* has margin γ; ‖w‖ = 2"),
    ("θ₁x + θ₀ is the line", "w₁x + b is the line"),
    ("the run's θ′ and θ′₀", "the run's w′ and b′"),
    ("*if* $y^((i))(theta^T x^((i)) + theta_0) <= 0$: update",
     "*if* $y^((i))(w^T x^((i)) + b) <= 0$: update"),
    ("the words theta and thetas stay", "the words theta and thetas stay"),
])
def test_text_in_w(theta, w):
    assert in_notation(theta, "w") == w
    assert in_notation(theta, "theta") == theta


@pytest.mark.parametrize("theta, w", [
    ("y^((i))(theta^T x^((i)) + theta_0) \\/ norm(theta)", "y^((i))(w^T x^((i)) + b) \\/ norm(w)"),
    ("theta <- theta - eta nabla_theta L", "w <- w - eta nabla_w L"),
    ("vec(theta, theta_0)^T vec(x, 1)", "vec(w, b)^T vec(x, 1)"),
    ("theta^(* T) x", "w^(* T) x"),
    ("y^((i))(theta'^T x^((i)) + theta'_0)", "y^((i))(w'^T x^((i)) + b')"),
    ("theta_01 + theta_1", "w_01 + w_1"),  # θ₀₁ is a component of θ, not θ₀
])
def test_math_in_w(theta, w):
    assert math_in_notation(theta, "w") == w
    assert math_in_notation(theta, "theta") == theta


def test_unknown_notation_is_one_line():
    with pytest.raises(DataError, match="notations: theta, w"):
        in_notation("θ", "beta")


@pytest.mark.parametrize("text, notation, found", [
    ("w = (1, 2), b = 0", "w", ["w", "b"]),
    ("wᵀx + b", "w", ["wᵀ", "b"]),
    ("w₀ and w₁", "w", ["w₀", "w₁"]),
    ("we saw the bowl below: a web of lines", "w", []),
    ("$w^T x + b$", "w", ["w^", "b"]),
    ("θ and theta_0", "theta", ["θ", "theta"]),
    ("the word thetas", "theta", []),
])
def test_symbols_of(text, notation, found):
    assert symbols_of(text, notation) == found


def _everything_said_and_shown(entry, notation, monkeypatch):
    """Every caption, section title and typeset source of ``entry``'s story in ``notation``."""
    shown = []
    typeset = screen_text.typeset

    def recording(source, **kwargs):
        shown.append(source)
        return typeset(source, **kwargs)

    monkeypatch.setattr(screen_text, "typeset", recording)
    scene = story_with(entry.load(), notation=notation)
    return [*scene.narration, *scene.section_titles.values(), *shown]


OTHER = {"theta": "w", "w": "theta"}


@pytest.mark.parametrize("notation", ["theta", "w"])
@pytest.mark.parametrize("entry", SCENES_IN_ORDER, ids=lambda entry: entry.name)
def test_no_symbol_of_the_other_notation(entry, notation, monkeypatch):
    texts = _everything_said_and_shown(entry, notation, monkeypatch)
    assert texts, "the story said and showed nothing"
    wrong = [(text[:90], symbols_of(text, OTHER[notation])) for text in texts
             if symbols_of(text, OTHER[notation])]
    assert not wrong, f"{entry.name} in {notation}: {len(wrong)} texts, e.g. {wrong[:6]}"
