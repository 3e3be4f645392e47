"""The base of every linviz scene: theme, data, narration and sections.

Options come as class attributes, so a variant is a subclass that overrides a
few of them and the CLI makes one for ``--data``, ``--seed`` and ``--theme``.
A scene never learns anything itself: it asks the engine for a trace in
``setup`` and replays it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
from manim import (
    DOWN, LEFT, UP, FadeOut, ManimColor, SurroundingRectangle, ValueTracker, VGroup, Wait, config,
    linear,
)

from linviz.dataset import CLASSIFICATION, REGRESSION, Dataset
from linviz.errors import DataError
from linviz.notation import check_notation, in_notation
from linviz.scene_checks import check_scene_data
from linviz.trace import Trace
from linviz.theory import is_separable

from .toolkit import style
from .toolkit.screen_text import text
from .toolkit.speed.manim_adapter import HoldingScene, as_animation, current_frame
from .toolkit.speed.stage import Stage
from .toolkit.style import THEMES
from linviz.request import RenderRequest
from .toolkit.timeline import ReadingVoice, Timeline


class LinvizScene(HoldingScene):
    """Shared set-up. Subclasses set ``default_data`` and what data they need."""

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
        """Data the scene can show, or one line saying why not."""
        if cls.n_features is not None and data.n_features != cls.n_features:
            raise DataError(f"scene {cls.scene_name()!r} draws {cls.n_features}-D data, but "
                            f"{spec!r} has {data.n_features} feature(s)")
        check_scene_data(data, spec, cls.scene_name(), cls.squared_loss_runs())
        if cls.needs_separable:
            offset = cls.needs_separable == "offset"
            if not is_separable(data.X, data.y, offset=offset):
                how = "with an offset" if offset else "through the origin"
                raise DataError(f"scene {cls.scene_name()!r}: {spec!r} is not separable {how}: "
                                f"the scene needs data a line separates {how}")
        if cls.needs_inseparable and is_separable(data.X, data.y, offset=True):
            raise DataError(f"scene {cls.scene_name()!r}: a line separates {spec!r}, and the "
                            f"scene shows what happens when no line separates the classes; "
                            f"try 'noisy', 'xor' or 'xor-cloud'")

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
        """The engine's run the scene replays (None for a scene without one)."""
        return None

    def build(self) -> None:
        """Make every drawing once, as a function of the trace and the animated step."""

    def construct(self) -> None:
        """Every drawing made once, then the lesson's storyboard told beat by beat."""
        self.build()
        self.tell_storyboard()

    # -- the storyboard: beats told one after another -----------------------
    #: the lesson's storyboard (set in make_trace): what the scene says and shows
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
        self.narrate(beat.sentence, beat.min_seconds)  # the beat before is closed here
        # a data note after a data note goes on about the same card: it stays
        from linviz.storyboard import DATA_NOTE

        self.take_beat_marks(keep=[self.data_card] if beat.motion == DATA_NOTE
                             and self.data_card is not None else [])
        self.begin_motion(beat)
        getattr(self, "draw_" + beat.motion.replace("-", "_"))(beat)

    def begin_motion(self, beat) -> None:
        """What a scene shows as ``beat``'s sentence starts, before its motion (nothing)."""

    #: the card of what reading the data did, while its sentence is said (draw_data_note)
    data_card = None
    #: what stands only while one sentence is said (a card, a frame round what it reads)
    beat_marks: list = []

    def mark_for_beat(self, mobject) -> None:
        """``mobject`` (on screen) leaves as the next sentence starts."""
        self.beat_marks = [*self.beat_marks, mobject]

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

    def draw_data_note(self, beat) -> None:
        """What reading the file did (rows left out, classes kept, standardised), on a
        card in the right-hand column (the data's plane is left of it) while the sentence
        says it; a card too wide for the column even at ``style.CARD_MIN_SCALE`` of its
        size goes over the bottom of the picture."""
        from linviz.sources import data_card_lines

        from .toolkit.screen_text import plain_markup, wrapped_text
        from .toolkit.layout import appear
        from .toolkit.standardise_sketch import standardise_sketch

        lines = data_card_lines(self.data)
        if not lines or self.data_card is not None:  # the card of the note before stays
            return
        # the rows, the box's margin round them (a BUFF a side) and a BUFF to the frame's edge
        column = config.frame_width / 2 - style.PANEL_LEFT - 3 * style.BUFF
        # each line wrapped to the column at the card's size (not scaled down to fit)
        rows = VGroup(*[row for line in lines for row in wrapped_text(
            line, column, self.theme, style.FONT_CARD, markup=plain_markup)])
        rows.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        in_column = rows.width * style.CARD_MIN_SCALE <= column
        widest = column if in_column else config.frame_width - 2 * style.BUFF
        if rows.width > widest:
            rows.scale_to_fit_width(widest)
        # standardised: a sketch of it under the words, played while the sentence says it
        # (in the column, where there is room under the card's words)
        scaled = self.data.params.get("standardized") or {}
        sketched = (standardise_sketch(self.data, self.theme) if in_column and
                    (scaled.get("spread_ratio") or scaled.get("origin_widening")) else None)
        content = VGroup(rows)
        if sketched is not None:
            content.add(sketched[0])
            content.arrange(DOWN, aligned_edge=LEFT, buff=style.SMALL_BUFF)
        box = self.card_box(content)
        self.data_card = VGroup(box, rows, *content[1:])
        if in_column:
            self.data_card.set_x(style.PANEL_LEFT, direction=LEFT)
            self.data_card.set_y(self._column_free_top(), direction=UP)
        else:
            self.data_card.to_edge(DOWN, buff=style.BUFF)
        if sketched is not None and self.data_card.get_bottom()[1] < -config.frame_height / 2:
            # no room under the words: the card of the words alone
            self.data_card.remove(sketched[0])
            box.become(self.card_box(rows))
            sketched = None
        lowest = -config.frame_height / 2 + style.BOTTOM_BUFF  # above the caption band
        if in_column and self.data_card.get_bottom()[1] < lowest:
            # the wrapped words reach the captions: the card shrinks to the room there is
            top = self.data_card.get_top()[1]
            self.data_card.scale((top - lowest) / self.data_card.height,
                                 about_point=self.data_card.get_corner(UP + LEFT))
        self.play(appear(self.data_card), run_time=style.RUN_INTRO)
        if sketched is not None:
            self.play(sketched[1].animate.set_value(1.0), run_time=style.RUN_INTRO * 2)
            for part in sketched[0]:
                part.clear_updaters()
        self.mark_for_beat(self.data_card)

    def card_box(self, content) -> SurroundingRectangle:
        """The data card's box round ``content``: a BUFF of margin, the background's fill."""
        return SurroundingRectangle(content, buff=style.BUFF, color=self.theme.muted,
                                    fill_color=self.theme.background, fill_opacity=0.95,
                                    stroke_width=1.5)

    def _column_free_top(self) -> float:
        """The highest y a card in the right-hand column may reach: below everything on
        screen there (the panel's rows, named before their values), or
        ``style.CARD_TOP`` (under the title and the status line) when the column is empty."""
        lowest = style.CARD_TOP
        for mobject in [*self.mobjects, *self.still_drawings]:
            if mobject.width <= 0:
                continue
            inside = mobject.get_left()[0] >= style.PANEL_LEFT - style.BUFF
            # a drawing that reaches well into the column from its left (a formula across
            # the middle), not one as tall as the picture (a backdrop)
            reaching = (mobject.get_right()[0] >= style.PANEL_LEFT + 1.0
                        and mobject.height < config.frame_height / 2)
            if inside or reaching:
                lowest = min(lowest, float(mobject.get_bottom()[1]) - style.BUFF)
        return lowest

    def draw_hold(self, beat) -> None:
        """Nothing moves: the sentence says more about the picture on screen (a thought too
        long for one breath, said as two sentences; linviz.storyboard.HOLD)."""

    # -- narration: the beats of the scene's timeline ------------------------
    def narrate(self, sentence: str, duration: float = 0.0) -> None:
        """Start a beat: ``sentence`` is the caption from now until the next one.

        The caption on screen first gets all the time it needs (the scene waits
        on a still frame if its animations were shorter), so no caption is ever
        cut short. ``sentence`` then needs its voice duration (reading time), or
        ``duration`` seconds if that is longer; a narrated scene (``self.speaker``) also
        starts speaking it, and the beat lasts at least the speech and
        :data:`~scenes.toolkit.timeline.SPEECH_GAP` (the speech is synthesised while the
        beat's animations render).
        """
        self.finish_beat()
        sentence = self.in_notation(sentence)
        needs = max(self.voice.duration(sentence), duration)
        speech = None
        if self.speaker is not None:  # spoken while the beat's animations render
            from linviz_voice.script import beat_id

            speech = self.speaker.start(beat_id(self.scene_name(), len(self.narration) + 1),
                                        sentence)
        self.timeline.say(float(self.time), sentence, needs, speech)
        self.narration.append(sentence)

    def make_speaker(self):
        """The request's voice (``linviz_voice.speaker.Speaker``), or None for a silent scene."""
        request = self.request()
        if request.voice == "none" or config.save_last_frame:  # a last frame is not spoken
            return None
        from linviz_voice.speaker import Speaker, cache_folder

        return Speaker(request.voice, cache_folder(request.voice_cache), request.notation)

    def reading_time(self, sentence: str) -> float:
        """Seconds ``sentence`` needs on screen: what moves under it may take that long."""
        return self.voice.duration(self.in_notation(sentence))

    def in_notation(self, sentence: str) -> str:
        """``sentence`` (written with θ and θ₀) in the lecture's notation (see linviz.notation)."""
        return in_notation(sentence, self.theme.notation)

    def finish_beat(self) -> None:
        """Hold the picture until the caption on screen has been read, then close it."""
        left = self.timeline.still_needed(float(self.time))
        if left > 1e-6:
            self.wait(left)
        self.stage.refresh()  # a still drawing changed since the last play shows in the frame
        if self.timeline.current is not None:
            if self.request().keyframe_at_narration:
                self.save_keyframe(f"beat{len(self.narration):02d}")
            for observe in self.beat_observers:
                observe(self)
        self.timeline.close(float(self.time))

    def play(self, *animations, **kwargs) -> None:
        """Manim's play, on the stage (still drawings it moves are drawn for it, a still
        frame is drawn once), recording on the timeline when something moved (a wait
        moves nothing)."""
        start = float(self.time)
        animations = [as_animation(animation) for animation in animations]
        with self.stage.playing(animations), self.stage.still_frame(animations):
            super().play(*animations, **kwargs)
        if not all(isinstance(animation, Wait) for animation in animations):
            self.timeline.moved(start, float(self.time))

    def section(self, name: str, title: str = "") -> None:
        """Start a section, so a lecturer can present or cut the scene in parts.

        ``name`` is a slug, used in file names; ``title`` what a reader sees (the
        page's and the mp4's chapters, the handout's headings), by default the
        slug read as words. The beat on screen ends first: no caption runs
        across two sections.
        """
        if self.sections:
            self.finish_beat()
            self.stage.refresh(now=True)  # the frame ending the section (a key frame)
            self.save_keyframe()
        self.sections.append(name)
        if title:
            self.section_titles[name] = self.in_notation(title)
        self.next_section(name)

    def tear_down(self) -> None:
        self.finish_beat()
        self.stage.refresh(now=True)  # the last frame (a last-frame-only render saves it)
        self.save_keyframe()
        self.write_captions()
        self.write_section_titles()
        self.write_narration()
        super().tear_down()
        self.save_handout_keyframes()

    def save_handout_keyframes(self) -> None:
        """The last frame of every section in the handout's theme, when the request asks
        (``handout_keyframe_dir``): the scene told again in this process, every animation
        skipped (see :class:`~scenes.toolkit.speed.manim_adapter.HoldingRenderer`), in the
        handout's theme and size. Another theme colours every drawing as it is made, so
        the drawings are made again; the process, its imports and caches are the video's.
        """
        request = self.request()
        if not request.handout_keyframe_dir or config.save_last_frame:
            return
        from manim import tempconfig

        from .toolkit.speed.manim_adapter import holding_renderer

        # the last frame of every section and of every beat (the handout prints a section
        # as a few frames, each with the sentences that lead to it)
        again = replace(request, theme=request.handout_theme, voice="none",
                        keyframe_dir=request.handout_keyframe_dir, keyframe_at_narration=True,
                        handout_keyframe_dir=None)
        height = request.handout_height or config.pixel_height
        width = round(height * config.pixel_width / config.pixel_height)
        scene_class = type(type(self).__name__, (type(self),), {"request_override": again})
        with tempconfig({"dry_run": True, "pixel_width": width, "pixel_height": height}):
            scene_class(renderer=holding_renderer(skip_animations=True)).render()

    def write_narration(self) -> None:
        """Save what was spoken when beside the movie (``<movie>.narration.json``), where the
        render layer reads it to put the speech into the mp4 (see linviz_voice.narration)."""
        if self.speaker is None:
            return
        self.speaker.close()
        movie = getattr(self.renderer.file_writer, "movie_file_path", None)
        if config.dry_run or not movie:
            return
        from linviz_voice.narration import SpokenBeat, narration_path, write_narration

        beats = [SpokenBeat.placed(c.spoken, c.start, c.end)
                 for c in self.timeline.captions if c.spoken is not None]
        write_narration(narration_path(Path(movie)), self.request().voice, beats)

    def write_section_titles(self) -> None:
        """Save the sections' titles beside Manim's sections index (rendered with
        --save_sections only), where the lecture pack reads them."""
        from pathlib import Path

        from .toolkit.section_titles import write_section_titles

        plan = getattr(self.renderer.file_writer, "output_plan", None)
        folder = getattr(plan, "sections_dir", None)
        if folder and self.section_titles and not config.dry_run:
            write_section_titles(Path(folder), self.section_titles)

    def write_captions(self) -> None:
        """Hand the timeline's captions to Manim, which writes them as the .srt beside the video."""
        now = float(self.time)
        for caption in self.timeline.captions:
            self.add_subcaption(caption.text, duration=caption.end - caption.start,
                                offset=caption.start - now)

    def save_keyframe(self, suffix: str = "") -> None:
        """Save the current frame as <keyframe_dir>/<scene>-<nn>-<section>.png."""
        keyframe_dir = self.request().keyframe_dir
        if not keyframe_dir or not self.sections:
            return
        from pathlib import Path

        from PIL import Image

        self.stage.refresh(now=True)
        frame = current_frame(self)
        folder = Path(keyframe_dir)
        folder.mkdir(parents=True, exist_ok=True)
        index = len(self.sections)
        name = f"{self.scene_name()}-{index:02d}-{self.sections[-1]}{suffix and '-' + suffix}.png"
        Image.fromarray(frame).convert("RGB").save(folder / name)

    def show_status(self, key) -> None:
        """Show the status line ``self.statuses[key]``, or ``key`` itself when it is a
        drawing (None: none).

        A status line never moves: it is a still drawing.
        """
        if self.status is not None:
            self.remove(self.status)
        self.status = self.statuses[key] if isinstance(key, str) else key
        if self.status is not None:
            self.still(self.status)

    #: the words of the status line shown by show_status_words (None: none)
    status_words = None

    def show_status_words(self, words: str | None, place, width: float | None = None) -> None:
        """The status line saying ``words`` (None: none), typeset as plain text with its
        ``$…$`` spans as Typst mathematics, no wider than ``width``, put where
        ``place(mobject)`` moves it; a still drawing. The same words again change nothing."""
        from .toolkit.screen_text import markup_with_math

        if words == self.status_words:
            return
        self.status_words = words
        if self.status is not None:
            self.remove(self.status)
            self.status = None
        if words:
            self.status = text(markup_with_math(words), self.theme, style.FONT_BODY)
            if width is not None and self.status.width > width:
                self.status.scale_to_fit_width(width)
            place(self.status)
            self.still(self.status)

    def advance(self, end: float, run_time: float, rate_func=linear) -> None:
        """Play the scene's step index ``self.tracker`` up to ``end``: every drawing follows.

        Some rate functions end a rounding error short of 1: the tracker lands
        exactly on ``end`` afterwards.
        """
        self.play(self.tracker.animate.set_value(end), run_time=run_time, rate_func=rate_func)
        self.tracker.set_value(end)

    # -- the stage: still drawings painted once, followers moved (toolkit/speed/stage.py) --
    def still(self, *mobjects, under=None, bottom: bool = False) -> None:
        """Show ``mobjects`` as still drawings: painted once into the background, under
        everything that moves, over the earlier still ones (or just under ``under``, or
        under all of them with ``bottom``).

        They need no care afterwards: a play that moves one (or a part of it, or a
        group holding it) draws it for that play in its place, a change made to
        one between plays is painted, and removing one takes it off the stage.
        """
        self.stage.keep_still(mobjects, under, bottom)

    def release(self, *mobjects) -> None:
        """Make still drawings (all, when none is given) ordinary mobjects again, at the
        bottom of the scene's list (before they follow a tracker for many plays)."""
        self.stage.release(mobjects)

    def on_screen(self, mobject) -> bool:
        """Whether ``mobject`` is shown: in the scene's list or a still drawing."""
        return mobject in self.mobjects or mobject in self.stage

    @property
    def still_drawings(self) -> list:
        """The still drawings, bottom first (drawn under every mobject of the scene)."""
        return list(self.stage.layer)

    def holding(self, *mobjects):
        """A ``with`` block in which the followers ``mobjects`` stand still (see
        :meth:`scenes.toolkit.speed.stage.Stage.holding`)."""
        return self.stage.holding(*mobjects)

    def add(self, *mobjects):
        """Manim's add; a still drawing added again becomes an ordinary mobject on top."""
        stage = getattr(self, "stage", None)
        if stage is not None and not stage.lifted:
            chosen = [m for m in mobjects if m in stage]
            if chosen:
                stage.release(chosen)
        return super().add(*mobjects)

    def remove(self, *mobjects):
        """Manim's remove; a still drawing removed leaves the stage."""
        stage = getattr(self, "stage", None)
        if stage is not None and not stage.lifted:
            stage.release_holders(mobjects)
        super().remove(*mobjects)
        if stage is not None:
            stage.forget(mobjects)
        return self

    def swap(self, old, new, run_time: float = style.RUN_SWAP) -> None:
        """Replace the drawings ``old`` by ``new``: the old ones leave, then the new ones come.

        Never a cross-fade: two boards of text on top of each other read as neither.
        """
        from .toolkit.layout import appear, vanish

        self.play(*[vanish(m) for m in old], run_time=run_time / 2)
        self.play(*[appear(m) for m in new], run_time=run_time / 2)

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
