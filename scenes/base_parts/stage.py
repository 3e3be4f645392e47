"""The stage of a linviz scene (:mod:`scenes.toolkit.speed.stage`): still drawings painted
once into the background, followers held still while nothing moves them, every play
made on the stage and recorded on the timeline; and the status line, a still drawing."""

from __future__ import annotations

from manim import DOWN, VGroup, Wait

from scenes.toolkit import style
from scenes.toolkit.layout import vanish
from scenes.toolkit.screen_text import text
from scenes.toolkit.speed.manim_adapter import as_animation


class StagedDrawing:
    """Plays, still drawings and the status line on the stage (a part of
    :class:`scenes.base.LinvizScene`)."""

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

    def take_off(self, *drawings) -> None:
        """Those of ``drawings`` on screen (None: none) fade out together."""
        leaving = [m for m in drawings if m is not None and self.on_screen(m)]
        if leaving:
            self.play(*map(vanish, leaving), run_time=style.RUN_FADE)
            self.remove(*leaving)

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
        from scenes.toolkit.layout import appear, vanish

        self.play(*[vanish(m) for m in old], run_time=run_time / 2)
        self.play(*[appear(m) for m in new], run_time=run_time / 2)

    # -- the status line: a still drawing -----------------------------------------
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

    def show_status_words(self, words: str | None, place, width: float | None = None,
                          split: bool = False) -> None:
        """The status line saying ``words`` (None: none), typeset as plain text with its
        ``$…$`` spans as Typst mathematics, no wider than ``width``, put where
        ``place(mobject)`` moves it; a still drawing. The same words again change nothing.
        ``split``: wider than ``width``, it is set as two lines, broken at the " · " nearest
        its middle, before it is scaled down (a long line was set at half size)."""
        from scenes.toolkit.screen_text import markup_with_math

        if words == self.status_words:
            return
        self.status_words = words
        if self.status is not None:
            self.remove(self.status)
            self.status = None
        if words:
            self.status = text(markup_with_math(words), self.theme, style.FONT_BODY)
            parts = words.split(" · ")
            if split and width is not None and self.status.width > width and len(parts) > 1:
                # the break whose halves are the most even in characters
                k = min(range(1, len(parts)), key=lambda j: (abs(
                    len(" · ".join(parts[:j])) - len(" · ".join(parts[j:]))), j))
                self.status = VGroup(*[text(markup_with_math(" · ".join(half)), self.theme,
                                            style.FONT_BODY)
                                       for half in (parts[:k], parts[k:])]).arrange(
                    DOWN, buff=style.SMALL_BUFF)
            if width is not None and self.status.width > width:
                self.status.scale_to_fit_width(width)
            place(self.status)
            self.still(self.status)
