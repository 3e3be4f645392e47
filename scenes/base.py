"""The base of every linviz scene: theme, data, narration and sections.

Options come as class attributes, so a variant is a subclass that overrides a
few of them and the CLI makes one for ``--data``, ``--seed`` and ``--theme``.
A scene never learns anything itself: it asks the engine for a trace in
``setup`` and replays it.

This module keeps the set-up (the request, the data and its check, which is the engine's
one function for it, :func:`linviz.scene_checks.check_scene_input`, the trace's checks, the
theme) and the telling of the storyboard; the other jobs of the base are its parts in
:mod:`scenes.base_parts`: captions, voice and sections (``narration.py``), key frames and
the handout's second pass (``keyframes.py``), the data note's card (``data_card.py``), and
the stage of still drawings and the status line (``stage.py``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from manim import UP, FadeOut, ManimColor, ValueTracker, VGroup, config, linear

from linviz.dataset import CLASSIFICATION, REGRESSION, Dataset
from linviz.errors import DataError
from linviz.notation import check_notation
from linviz.scene_checks import SceneNeeds, check_scene_input
from linviz.trace import Trace

from .base_parts.data_card import DataCard
from .base_parts.keyframes import KeyFrames
from .base_parts.narration import Narration
from .base_parts.stage import StagedDrawing
from .toolkit import style
from .toolkit.screen_text import text
from .toolkit.speed.manim_adapter import HoldingScene
from .toolkit.speed.stage import Stage
from .toolkit.style import THEMES
from linviz.request import RenderRequest
from .toolkit.timeline import ReadingVoice, Timeline

class LinvizScene(Narration, KeyFrames, DataCard, StagedDrawing, HoldingScene):
    """Shared set-up. Subclasses set ``default_data`` and what data they need.

    The route of a lesson into a scene is one, :meth:`make_trace` (called by ``setup``
    once the data is loaded and checked; scenes do not override it)::

        self.lesson = self.make_lesson()                     # the engine's lesson
        self.storyboard = self.make_storyboard(self.lesson)  # its storyboard
        return self.trace_of(self.lesson)                    # the run replayed, or None

    Each scene defines :meth:`make_lesson`, the one place it calls its lesson function
    (a direct import from ``linviz.lessons.<scene>``), and :meth:`make_storyboard`, the
    one place it calls its storyboard function (``linviz.lessons.<scene>_story``); a
    scene that replays one run says which in :meth:`trace_of`. What else a scene reads
    from its lesson is a property of it (``sweep``, ``shown_signed_scores``), not set on
    the side.
    """

    #: the built-in data set used when no --data is given
    default_data = "separable"
    task = CLASSIFICATION
    #: how many features the pictures can show
    n_features = 2
    #: None, or "offset" / "origin": the data must be separable that way
    needs_separable: str | None = None
    #: the scene tells what happens when no line separates the data: separable data is refused
    needs_inseparable = False
    #: the request, when the scene runs in the CLI's own process (its data checks) or a test;
    #: else it comes from the environment (see :mod:`linviz.request`)
    request_override: RenderRequest | None = None
    #: (algorithm, params) of the one run the scene replays, so that ``--trace`` can hand
    #: it a saved one; None: the scene makes its own runs and takes no trace
    plays: tuple[str, dict] | None = None

    @classmethod
    def request(cls) -> RenderRequest:
        """What to show: the one request of this render (the only route of options in)."""
        return cls.request_override or RenderRequest.from_environment()

    @classmethod
    def options(cls) -> tuple[str, int, str]:
        """(data spec, seed, theme name) of the request."""
        request = cls.request()
        return request.data or cls.default_data, request.seed, request.theme

    @classmethod
    def load_inputs(cls) -> tuple[Dataset, Trace | None]:
        """The scene's data set and, when one was given, the saved trace it plays.

        Raises DataError with one line saying what is wrong, before any rendering.
        """
        request = cls.request()
        cls.check_own_data(request)
        saved = None
        if request.trace:
            if request.data or request.features or request.standardize is not None:
                raise DataError("give --trace or --data, not both (nor --features or "
                                "--standardize/--raw with --trace): a trace file carries its own "
                                "data")
            saved = Trace.load(request.trace)
            cls.check_trace(saved, request.trace)
            data, spec = saved.data, request.trace
        else:
            spec = request.data or cls.default_data
            # the one route from options to data, as story and the pack read it
            data = request.data_options().resolve_for(cls.scene_name(), default=spec)
        cls.check_data(data, spec)
        return data, saved

    @classmethod
    def load_data(cls) -> Dataset:
        """The scene's data set (see :meth:`load_inputs`)."""
        return cls.load_inputs()[0]

    @classmethod
    def check_own_data(cls, request: RenderRequest) -> None:
        """A scene that makes its own data refuses data options (it would silently show
        its own data instead), in one line saying why."""
        from .catalog import entry_for

        entry = entry_for(cls)
        if entry is not None:
            entry.refuse_data_options(request)

    @classmethod
    def check_trace(cls, trace: Trace, source: str) -> None:
        """A saved trace this scene can play: its learner and options, every step kept."""
        name = cls.scene_name()
        if cls.plays is None:
            raise DataError(f"scene {name!r} plays runs it makes itself; --trace works for "
                            f"the scenes that replay one run: {', '.join(scenes_taking_traces())}")
        algorithm, params = cls.plays
        if trace.algorithm != algorithm:
            raise DataError(f"{source}: a {trace.algorithm} trace; scene {name!r} plays a "
                            f"{algorithm} run")
        for key, value in params.items():
            if trace.params.get(key) != value:
                raise DataError(f"{source}: made with {key}={trace.params.get(key)!r}; scene "
                                f"{name!r} plays runs with {key}={value!r}")
        if not np.array_equal(trace.steps["t"], np.arange(1, trace.n_steps + 1)):
            raise DataError(f"{source}: keeps only some steps (--mistakes-only); scene {name!r} "
                            f"replays every step: save the trace without --mistakes-only")
        if cls.needs_separable and not trace.result.get("converged", True):
            raise DataError(f"{source}: the run stopped after {trace.result.get('epochs')} "
                            f"epochs without converging; scene {name!r} needs a converged run "
                            f"(raise --epochs)")

    @classmethod
    def check_data(cls, data: Dataset, spec: str) -> None:
        """Data the scene can show and its lesson be truthful about, or one line saying why
        not: every check, in the engine's one place for them
        (:func:`linviz.scene_checks.check_scene_input`), with what the scene's pictures
        need (:meth:`data_needs`). Scenes do not override this: a lesson's own refusal is
        named in :data:`linviz.lessons.SCENE_LESSONS`."""
        check_scene_input(cls.scene_name(), data, spec, cls.data_needs())

    @classmethod
    def data_needs(cls) -> SceneNeeds:
        """What the scene's pictures need of any data: its class attributes ``n_features``,
        ``needs_separable``, ``needs_inseparable`` and its squared-loss runs."""
        return SceneNeeds(n_features=cls.n_features, separable=cls.needs_separable,
                          inseparable=cls.needs_inseparable,
                          squared_loss_runs=cls.squared_loss_runs())

    @classmethod
    def squared_loss_runs(cls) -> tuple[tuple[int, float], ...]:
        """(degree, η) of the squared-loss gradient descents the scene runs (regression)."""
        if cls.task != REGRESSION:
            return ()
        runs = [(1, cls.lr)] if getattr(cls, "lr", None) else []
        runs += [(degree, lr) for degree, lr, _ in getattr(cls, "polynomial_runs", ())]
        return tuple(runs)

    @classmethod
    def scene_name(cls) -> str:
        """The scene's stable name, from the catalogue (the one registry of names)."""
        from .catalog import entry_for

        entry = entry_for(cls)
        return entry.name if entry else cls.__name__

    def setup(self) -> None:
        # Manim hashes every play call to reuse partial movies; for scenes of many
        # short animations the hashing costs more than the rendering it saves.
        config.disable_caching = True
        _, self.seed, theme_name = self.options()
        if theme_name not in THEMES:
            raise DataError(f"unknown theme {theme_name!r}; themes: {', '.join(THEMES)}")
        self.theme = replace(THEMES[theme_name], notation=check_notation(self.request().notation))
        self.camera.background_color = ManimColor(self.theme.background)
        self.data, self.saved_trace = self.load_inputs()
        #: the run the scene replays, made (or loaded) before anything is drawn
        self.trace = self.make_trace()
        self.narration: list[str] = []
        #: what is said when, and when something moves (see scenes/toolkit/timeline.py)
        self.timeline = Timeline()
        self.voice = ReadingVoice()
        #: who speaks the beats (None: silent); see linviz_voice
        self.speaker = self.make_speaker()
        #: called with the scene at the end of every beat (tests check layouts there)
        self.beat_observers: list = list(getattr(self, "beat_observers", []))
        self.sections: list[str] = []
        #: section name → the title a reader sees (see section)
        self.section_titles: dict[str, str] = {}
        #: the status lines a scene can show, typeset once (see show_status)
        self.statuses: dict = {}
        self.status = None
        #: still drawings painted into the camera's background (see still)
        self.stage = Stage(self)

    # -- the story ---------------------------------------------------------
    def make_trace(self):
        """The engine's run the scene replays (None for a scene without one), made on the
        one route of a lesson into a scene: the lesson (``self.lesson``), then its
        storyboard (``self.storyboard``), then the run it replays. Scenes do not override
        this; they define the three steps (see the class docstring)."""
        self.lesson = self.make_lesson()
        self.storyboard = self.make_storyboard(self.lesson)
        return self.trace_of(self.lesson)

    def make_lesson(self):
        """The scene's lesson (:mod:`linviz.lessons`), made from ``self.data``,
        ``self.saved_trace``, ``self.seed`` and the scene's options: the one place a scene
        calls its lesson function. None here: a bare scene has no lesson."""
        return None

    def make_storyboard(self, lesson):
        """The storyboard of ``lesson`` (:class:`linviz.storyboard.Storyboard`): what the
        scene says and shows, beat by beat. None here: a bare scene tells nothing."""
        return None

    def trace_of(self, lesson):
        """The run of ``lesson`` the scene replays (its step index drives the drawings);
        None here: a scene of several runs, or of none, replays no single trace."""
        return None

    def build(self) -> None:
        """Make every drawing once, as a function of the trace and the animated step."""

    def construct(self) -> None:
        """Every drawing made once, then the lesson's storyboard told beat by beat."""
        self.build()
        self.tell_storyboard()

    # -- the storyboard: beats told one after another -----------------------
    #: the lesson's storyboard (made in make_trace by make_storyboard): what the scene
    #: says and shows
    storyboard = None

    def tell_storyboard(self) -> None:
        """Every beat of the storyboard, in order."""
        from linviz.storyboard import with_data_note

        # what reading the file left out is said over the first picture
        self.storyboard = with_data_note(self.storyboard, self.data)
        for beat in self.storyboard.beats:
            self.tell(beat)

    def tell(self, beat) -> None:
        """Tell one beat of the lesson's storyboard (:class:`linviz.storyboard.StoryBeat`).

        The one rule of time: the sentence starts (the picture of the beat before held
        until that one was said), then the beat's motion plays under it, drawn by the
        scene's method ``draw_<motion>`` and ending on the beat's state, which the
        picture holds until the sentence has been said.
        """
        if beat.section:
            self.section(*beat.section)
        # (the beat before is closed here)
        self.narrate(beat.sentence, beat.min_seconds, beat.reading_seconds, beat.pause)
        # a data note after a data note goes on about the same card: it stays
        from linviz.storyboard import DATA_NOTE

        self.take_beat_marks(keep=[self.data_card] if beat.motion == DATA_NOTE
                             and self.data_card is not None else [])
        self.begin_motion(beat)
        getattr(self, "draw_" + beat.motion.replace("-", "_"))(beat)

    def begin_motion(self, beat) -> None:
        """What a scene shows as ``beat``'s sentence starts, before its motion (nothing)."""

    #: what stands only while one sentence is said (a card, a frame round what it reads)
    beat_marks: list = []

    def mark_for_beat(self, mobject) -> None:
        """``mobject`` (on screen) leaves as the next sentence starts."""
        self.beat_marks = [*self.beat_marks, mobject]

    def unmark_for_beat(self, mobject) -> None:
        """``mobject``, marked to leave as the next sentence starts, stands on through it."""
        self.beat_marks = [mark for mark in self.beat_marks if mark is not mobject]

    def take_beat_marks(self, keep=()) -> None:
        """What stood for the sentence before leaves as the next one starts (but what
        ``keep`` names, which stands for this one too)."""
        marks = [mark for mark in self.beat_marks if self.on_screen(mark) and mark not in keep]
        self.beat_marks = [mark for mark in self.beat_marks if mark in keep]
        if self.data_card not in keep:
            self.data_card = None
        if marks:
            self.play(*[FadeOut(mark) for mark in marks], run_time=style.PAUSE_SHORT)
            self.remove(*marks)

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen (a thought too
        long for one breath, said as two sentences; linviz.storyboard.HOLD)."""

    def tear_down(self) -> None:
        self.finish_beat()
        self.stage.refresh(now=True)  # the last frame (a last-frame-only render saves it)
        self.save_keyframe()
        self.write_captions()
        self.write_section_titles()
        self.write_narration()
        super().tear_down()
        self.save_handout_keyframes()

    def advance(self, end: float, run_time: float, rate_func=linear) -> None:
        """Play the scene's step index ``self.tracker`` up to ``end``: every drawing follows.

        Some rate functions end a rounding error short of 1: the tracker lands
        exactly on ``end`` afterwards.
        """
        self.play(self.tracker.animate.set_value(end), run_time=run_time, rate_func=rate_func)
        self.tracker.set_value(end)

    def make_title(self, title: str) -> VGroup:
        heading = text(f"*{title}*", self.theme, style.FONT_TITLE)
        heading.to_edge(UP, buff=style.TITLE_BUFF)
        return heading


class StepTracker(ValueTracker):
    """The animated state of a trace scene: the step index k (after k steps).

    Between whole numbers the drawings interpolate between the states after
    ⌊k⌋ and ⌈k⌉ steps, which is how a boundary turns to its new place.
    """

    @property
    def step(self) -> int:
        return int(np.floor(self.get_value() + 1e-9))


def scenes_taking_traces() -> list[str]:
    """The scenes that can play a saved trace (``render --trace``)."""
    from .catalog import SCENES_IN_ORDER

    return [entry.name for entry in SCENES_IN_ORDER if entry.load().plays is not None]
