"""The scenes in lecture order, with their stable names (kebab-case).

The CLI numbers them from 1 in this order and accepts a name or a number.
Modules are imported only when a scene is used, so listing is instant.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class SceneEntry:
    name: str
    module: str
    class_name: str
    description: str
    #: what the scene is called where students read it (page, handout, chapters)
    title: str = ""
    #: about how long its video takes to render, relative to the others: seconds at -q l on
    #: its default data, two cores, 28 Nov 2026. Only the order in which scenes start when
    #: several render at once follows it (longest first, so that no long scene starts
    #: last and keeps one core busy alone at the end); nothing rendered depends on it. The
    #: scenes added on 29 Nov 2026 were timed beside classifier and scaled to its 7.2;
    #: no-separator (4 Dec 2026) beside linear-program, 9.7 s against 29.5 s, of its 7.3.
    render_cost: float = 1.0
    #: the scene makes its own data, and why (it refuses --data and the options that shape
    #: data; a lecture's --data passes it by): "" for a scene that shows the data it is given
    own_data: str = ""

    def refuse_data_options(self, request) -> None:
        """A scene that makes its own data refuses data options (it would silently show its
        own data instead), in one line saying why (DataError)."""
        from linviz.errors import DataError

        given = [flag for flag, value in (("--data", request.data),
                                          ("--features", request.features),
                                          ("--standardize" if request.standardize
                                           else "--raw", request.standardize is not None),
                                          ("--positive", request.positive),
                                          ("--label-column", request.label_column),
                                          ("--classes", request.classes)) if value]
        if self.own_data and given:
            raise DataError(f"scene {self.name!r} makes its own data ({self.own_data}): it "
                            f"takes no {', '.join(given)}")

    def load(self):
        """The scene class."""
        return getattr(importlib.import_module(self.module), self.class_name)

    @property
    def number(self) -> int:
        """The scene's place in the lecture, from 1; stable as scenes are added at the end."""
        return SCENES_IN_ORDER.index(self) + 1

    @property
    def path(self) -> str:
        """The scene's file, for `manim -ql <path> <class>`."""
        return self.module.replace(".", "/") + ".py"


SCENES_IN_ORDER: list[SceneEntry] = [
    SceneEntry("history", "scenes.history", "HistoryScene",
               "where the perceptron comes from: a model of a neuron, 1958, the Mark I, "
               "XOR in 1969 and the AI winter (the notes' history, a minute)",
               title="Where the perceptron comes from", render_cost=3.5,
               own_data="no data: the history the notes tell"),
    SceneEntry("classifier", "scenes.classifier", "ClassifierScene",
               "h(x; θ, θ₀) = sign(θᵀx + θ₀): half-planes, normal, offset, 0-1 loss, best of k",
               title="Linear classifiers", render_cost=7.2),
    SceneEntry("perceptron", "scenes.perceptron", "PerceptronScene",
               "the perceptron with offset on separable data, update by update",
               title="The perceptron", render_cost=5.6),
    SceneEntry("perceptron-origin", "scenes.perceptron", "PerceptronOriginScene",
               "the perceptron through the origin (θ₀ = 0)",
               title="The perceptron through the origin", render_cost=4.5),
    SceneEntry("linear-program", "scenes.linear_program", "LinearProgramScene",
               "the realizable case as a linear programme: each point a half-plane of θ, "
               "the solver's θ*, the perceptron's walk in weight space; where no line "
               "separates, the wedge of θ emptied and the solver's \"infeasible\"",
               title="Separating as a linear programme", render_cost=7.3),
    SceneEntry("no-separator", "scenes.no_separator", "NoSeparatorScene",
               "where the linear programme is infeasible, why: Gordan's weights, tip to tail, "
               "add up to 0, so every θ gets a point wrong and the perceptron never settles; "
               "with an offset, a line, or two hulls that overlap",
               title="Why no line through 0 separates", render_cost=2.4),
    SceneEntry("update", "scenes.update", "UpdateScene",
               "what one update does to the y·score: + ‖x‖² + 1, on a number line",
               title="What does an update do?", render_cost=5.3),
    SceneEntry("quiz-one-point", "scenes.quiz", "OnePointQuizScene",
               "the notes' quiz: how often can a perceptron get a single point wrong, from "
               "θ = 0 and from a random start? Asked, paused on, answered by two runs",
               title="Quiz: a single point", render_cost=3.6,
               own_data="one point and a random start, made from --seed"),
    SceneEntry("margin", "scenes.margin", "MarginScene",
               "signed distance, margins of points and of the data set, the maximum margin",
               title="Margins", render_cost=4.9),
    SceneEntry("proof", "scenes.proof", "ProofScene",
               "the convergence theorem proved on a real run: Mγ ≤ θ·θ*/‖θ*‖ ≤ ‖θ‖ ≤ √M R",
               title="Why the perceptron converges", render_cost=8.5),
    SceneEntry("proof-offset", "scenes.proof", "ProofOffsetScene",
               "the convergence proof with an offset, on the augmented vectors [x, 1]",
               title="Why it converges, with an offset", render_cost=11.5),
    SceneEntry("quiz-margin", "scenes.quiz", "MarginQuizScene",
               "the notes' quiz: a large or a small margin, which data sets are learned "
               "quickly? Asked, paused on, answered by a wide and a narrow margin's runs",
               title="Quiz: a large or a small margin?", render_cost=3.5,
               own_data="data sets a line through 0 separates, of a wide and a narrow "
                        "margin, made from --seed"),
    SceneEntry("margin-speed", "scenes.margin_speed", "MarginSpeedScene",
               "smaller margin, more updates: runs against the bound (R/γ)² on one plot",
               title="Smaller margin, more updates", render_cost=9.0,
               own_data="a sweep of data sets of shrinking margin, made from --seed"),
    SceneEntry("offset-lift", "scenes.offset_lift", "OffsetLiftScene",
               "the constant feature 1: a line through the origin does what an offset does",
               title="The offset is one more feature", render_cost=6.6),
    SceneEntry("xor", "scenes.xor", "XorScene",
               "XOR: the perceptron cycles forever; lifted by x₁x₂, a plane separates it",
               title="XOR: when no line separates", render_cost=12.0),
    SceneEntry("noise", "scenes.noise", "NoiseScene",
               "flipped labels: the perceptron never settles, the training error stays above 0",
               title="Noisy labels", render_cost=12.7),
    SceneEntry("logistic", "scenes.logistic", "LogisticScene",
               "logistic regression: sigmoid, probability field, logistic loss, gradient descent",
               title="Logistic regression", render_cost=11.7),
    SceneEntry("regression", "scenes.regression", "RegressionScene",
               "linear regression: residuals, loss contours, gradient descent vs closed form; "
               "polynomial features",
               title="Linear regression", render_cost=7.8),
    SceneEntry("summary", "scenes.summary", "SummaryScene",
               "the closing table: half-spaces, linear regression, logistic regression",
               title="Summary", render_cost=7.3,
               own_data="each row's run on the default data of its scene"),
]


def entry_for(scene_class) -> SceneEntry | None:
    """The entry of ``scene_class`` or of the catalogued class it derives from (a variant).

    Manim loads a scene file given by an absolute path as a module named after the whole
    path (``work.main.scenes.proof``): a module whose name ends in the entry's counts.
    """
    for klass in scene_class.__mro__:
        module = klass.__module__
        for entry in SCENES_IN_ORDER:
            if entry.class_name == klass.__name__ and (
                    module == entry.module or module.endswith("." + entry.module)):
                return entry
    return None


def available() -> list[SceneEntry]:
    """Every scene's entry, in lecture order."""
    return list(SCENES_IN_ORDER)


def find(key: str) -> SceneEntry:
    """The entry named ``key``, or numbered ``key`` (its place in the lecture)."""
    from linviz.errors import LinvizError

    entries = available()
    if key.isdigit():
        for entry in entries:
            if entry.number == int(key):
                return entry
        raise LinvizError(f"no scene number {key} (see 'render.py list')")
    for entry in entries:
        if entry.name == key:
            return entry
    names = ", ".join(entry.name for entry in entries)
    raise LinvizError(f"unknown scene {key!r}; scenes: {names}")
