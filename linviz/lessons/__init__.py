"""Each scene's lesson, computed in the engine: its runs, every number it shows and
every run-dependent wording choice, as plain data that tests sweep over the gallery
(:mod:`linviz.gallery`) without Manim.

The convention (one module per scene family, named in :data:`SCENE_LESSONS`):

- ``<scene>_lesson(data, **options) -> <Scene>Lesson``: a frozen dataclass of
  numpy arrays, numbers, texts and the runs (traces) the scene replays. A saved
  trace to play comes in as an option (``trace=``).
- Every word that depends on the run is a named predicate of the lesson, a
  ``bool`` (or a small enumeration as a ``str``) field or property with a
  docstring stating the mathematics: ``converged``, ``separable``
  (:func:`linviz.theory.is_separable`, an exact test), ``loss_decreasing``,
  ``correct_after_next_update``, ``least_training_error``… The lesson's storyboard
  (``<scene>_story.py``) picks the sentence by the predicate; the scene only draws it
  and never compares numbers itself.
- Data a scene cannot be truthful about is refused by the lesson function with
  :class:`~linviz.errors.DataError`: one line saying why and what to use instead
  ("not separable through the origin: use the perceptron scene, which has an
  offset"). The check that does it is named in the scene's entry
  (:attr:`SceneLesson.data_check`), so that a scene makes it before anything is
  drawn, among the checks every scene makes, in
  :func:`linviz.scene_checks.check_scene_input`.
- Choices among equals use :mod:`linviz.ties`.
- No Manim, no click (``tests/architecture/test_engine_imports.py``).

A scene gets its lesson by one route: :meth:`scenes.base.LinvizScene.make_trace` calls the
scene's ``make_lesson`` (a direct call of its lesson function), then its
``make_storyboard``; the scene only draws what they give.

A lesson also writes its scene's storyboard (:mod:`linviz.storyboard`): every
sentence the scene says and the state its picture shows while it is said.
:func:`storyboard_for` gives the function that makes it, for every scene (named in
:data:`SCENE_LESSONS`). Told in a lecture after other scenes (``heard=``, see
:mod:`linviz.lessons.heard`), a scene says briefly what they said in full.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class SceneLesson:
    """Where a scene's lesson and storyboard are made, in :mod:`linviz.lessons`: the
    lesson's module and function, and the storyboard's module and function
    (``function(data, trace=None, seed=0, heard=()) -> Storyboard``; ``seed`` for a scene
    that makes data of its own beside the data it is given); and the lesson's check of
    the scene's data, which :func:`linviz.scene_checks.check_scene_input` makes among the
    checks every scene makes."""

    module: str
    lesson: str
    story_module: str
    storyboard: str
    #: the lesson's own refusal of data it cannot be truthful about: a function of the
    #: lesson's module, ``function(data, spec)``, ``spec`` the data as it was named (None:
    #: the checks every scene makes are all)
    data_check: str | None = None
    #: the check every scene makes (:data:`linviz.scene_checks.GENERIC_CHECKS`: "features",
    #: "values", "separable", "inseparable") right after which the lesson's comes (None:
    #: before them all)
    data_check_after: str | None = None
    #: what the scene's pictures need of any data (:class:`linviz.scene_checks.SceneNeeds`
    #: as keyword arguments: ``n_features`` 2 unless named; a regression scene's
    #: squared-loss runs are its lesson's, :func:`needs_for`); the scene's class attributes
    #: say the same (a test holds them equal)
    needs: tuple = ()


#: the engine's one list of scenes: scene name -> :class:`SceneLesson` (the catalog,
#: :mod:`scenes.catalog`, a layer above, names the same scenes: a test holds them equal)
SCENE_LESSONS: dict[str, SceneLesson] = {
    "classifier": SceneLesson("classifier", "classifier_lesson",
                              "classifier_story", "storyboard_of_classifier",
                              data_check="check_classifier_data"),
    "noise": SceneLesson("noise", "noise_lesson", "noise_story", "storyboard_of_noise",
                         data_check="check_noise_data", data_check_after="values"),
    "xor": SceneLesson("xor", "xor_lesson", "xor_story", "storyboard_of_xor",
                       data_check="check_xor_data", data_check_after="values"),
    "logistic": SceneLesson("logistic", "logistic_lesson",
                            "logistic_story", "storyboard_of_logistic",
                            needs=(("inseparable", True),)),
    "regression": SceneLesson("regression", "regression_lesson",
                              "regression_story", "storyboard_of_regression",
                              needs=(("n_features", 1),)),
    "summary": SceneLesson("summary", "summary_lesson",
                           "summary_story", "storyboard_of_summary"),
    "margin-speed": SceneLesson("margin_speed", "margin_speed_lesson",
                                "margin_speed_story", "storyboard_of_margin_speed"),
    "offset-lift": SceneLesson("offset_lift", "offset_lift_lesson",
                               "offset_lift_story", "storyboard_of_offset_lift",
                               data_check="check_line_data",
                               needs=(("n_features", 1), ("separable", "offset"))),
    "perceptron": SceneLesson("perceptron", "perceptron_lesson",
                              "perceptron_story", "storyboard_of_perceptron",
                              data_check="check_perceptron_scene_data",
                              data_check_after="values", needs=(("separable", "offset"),)),
    "perceptron-origin": SceneLesson("perceptron", "perceptron_origin_lesson",
                                     "perceptron_story", "storyboard_of_perceptron_origin",
                                     data_check="check_perceptron_origin_scene_data",
                                     data_check_after="values",
                                     needs=(("separable", "origin"),)),
    "update": SceneLesson("update", "update_lesson", "update_story", "storyboard_of_update"),
    "margin": SceneLesson("margin", "margin_lesson", "margin_story", "storyboard_of_margin",
                          data_check="check_margin_data", data_check_after="features"),
    "proof": SceneLesson("proof", "proof_lesson", "proof_story", "storyboard_of_proof",
                         data_check="check_proof_scene_data", data_check_after="features",
                         needs=(("separable", "origin"),)),
    "proof-offset": SceneLesson("proof", "proof_offset_lesson",
                                "proof_story", "storyboard_of_proof_offset",
                                data_check="check_proof_offset_scene_data",
                                data_check_after="features", needs=(("separable", "offset"),)),
    "linear-program": SceneLesson("linear_program", "linear_program_lesson",
                                  "linear_program_story", "storyboard_of_linear_program",
                                  data_check="check_linear_program_data"),
    "no-separator": SceneLesson("linear_program", "linear_program_lesson",
                                "no_separator_story", "storyboard_of_no_separator",
                                data_check="check_no_separator_data"),
    "history": SceneLesson("history", "history_lesson",
                           "history_story", "storyboard_of_history"),
    "quiz-one-point": SceneLesson("quiz", "one_point_lesson",
                                  "quiz_story", "storyboard_of_one_point"),
    "quiz-margin": SceneLesson("quiz", "margin_quiz_lesson",
                               "quiz_story", "storyboard_of_margin_quiz"),
}
#: scene name -> (module, function) that makes its lesson (a view of :data:`SCENE_LESSONS`)
LESSON_MODULES: dict[str, tuple[str, str]] = {
    name: (entry.module, entry.lesson) for name, entry in SCENE_LESSONS.items()}
#: scene name -> (module, function) that makes its storyboard (a view of
#: :data:`SCENE_LESSONS`)
STORYBOARDS: dict[str, tuple[str, str]] = {
    name: (entry.story_module, entry.storyboard) for name, entry in SCENE_LESSONS.items()}


def needs_for(scene: str):
    """What ``scene``'s pictures need of any data (:class:`linviz.scene_checks.SceneNeeds`),
    from its entry in :data:`SCENE_LESSONS`; a regression scene's squared-loss runs, (degree,
    η) of each polynomial fit its lesson makes, with them."""
    from ..scene_needs import SceneNeeds

    needs = dict(SCENE_LESSONS[scene].needs)
    if scene == "regression":
        from .regression import POLYNOMIAL_RUNS

        needs["squared_loss_runs"] = tuple((degree, lr) for degree, lr, _ in POLYNOMIAL_RUNS)
    return SceneNeeds(**needs)


def lesson_for(scene: str):
    """The function that makes ``scene``'s lesson (for tests and tools: a scene calls its
    lesson function itself, :meth:`scenes.base.LinvizScene.make_lesson`)."""
    module, function = LESSON_MODULES[scene]
    return getattr(importlib.import_module(f"linviz.lessons.{module}"), function)


#: the scenes whose pictures need one scale on both axes (normals, distances, bands,
#: arrows): on data whose features' spreads differ more than
#: :data:`linviz.transforms.SPREAD_FACTOR`-fold they run on standardised features unless
#: told otherwise (``--raw``). Not the scenes through the origin (standardising moves the
#: origin, so it changes what they are about), xor (its quadrants are about the origin)
#: nor those of one feature or of their own data; but linear-program, through the origin,
#: asks its question of the data it shows (centred, a line through the mean), since on
#: data far from the origin the weight plane's lines crowd and the data is a speck.
ONE_SCALE_SCENES = frozenset({"classifier", "perceptron", "update", "margin", "noise",
                              "proof-offset", "logistic", "linear-program",
                              "no-separator"})


def needs_one_scale(scene: str) -> bool:
    """Whether ``scene`` standardises data whose spreads differ (:data:`ONE_SCALE_SCENES`)."""
    return scene in ONE_SCALE_SCENES


#: the scenes that keep the origin in view because they draw θ (and y·x, tip to tail) from
#: it, with an offset: on data so far from the origin that holding it in view would make
#: the data a sliver in a corner (:func:`linviz.view_box.shows_origin`), they run on
#: standardised features unless told otherwise (``--raw``). Centring moves the origin into
#: the data without changing what they teach (the offset θ₀ takes up the shift).
ORIGIN_VIEW_SCENES = frozenset({"classifier", "perceptron", "noise", "linear-program",
                                "no-separator"})


def keeps_origin_in_view(scene: str) -> bool:
    """Whether ``scene`` standardises data far from the origin (:data:`ORIGIN_VIEW_SCENES`)."""
    return scene in ORIGIN_VIEW_SCENES


def default_data_for(scene: str) -> str:
    """The data ``scene`` tells when none is given (a scene with a storyboard)."""
    module, _ = STORYBOARDS[scene]
    return importlib.import_module(f"linviz.lessons.{module}").DEFAULT_DATA[scene]


def task_for(scene: str) -> str:
    """The task of the data ``scene`` tells: its story module's ``TASK``, classification
    when it names none or ``scene`` has no storyboard (a bare base scene)."""
    from ..dataset import CLASSIFICATION

    if scene not in STORYBOARDS:
        return CLASSIFICATION
    module, _ = STORYBOARDS[scene]
    return getattr(importlib.import_module(f"linviz.lessons.{module}"), "TASK", CLASSIFICATION)


def data_check_for(scene: str):
    """(the function that makes ``scene``'s lesson's own check of its data,
    ``function(data, spec)``, and the check every scene makes right after which it comes):
    :attr:`SceneLesson.data_check` and :attr:`SceneLesson.data_check_after`; (None, None)
    for a scene whose lesson adds none or that has no entry (a bare scene). Made by
    :func:`linviz.scene_checks.check_scene_input`, the one place a scene's data is checked."""
    entry = SCENE_LESSONS.get(scene)
    if entry is None or entry.data_check is None:
        return None, None
    module = importlib.import_module(f"linviz.lessons.{entry.module}")
    return getattr(module, entry.data_check), entry.data_check_after


def storyboard_for(scene: str):
    """The function that makes ``scene``'s storyboard from its data (and a saved trace to
    play, ``trace=``, the request's ``seed=``, and ``heard=``, the scenes told before it in
    the lecture, :mod:`linviz.lessons.heard`); a KeyError for a scene that has none."""
    module, function = STORYBOARDS[scene]
    return getattr(importlib.import_module(f"linviz.lessons.{module}"), function)
