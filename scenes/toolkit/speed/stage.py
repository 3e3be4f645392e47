"""The stage: still drawings painted once, the moving ones drawn every frame.

The one mechanism by which a scene draws still things once and moves only what
changes. Manim's Cairo renderer draws, on every frame of a play, each mobject
from the first moving one (animated, or carrying an updater, even one that does
nothing) to the end of the scene's list, and before every play it draws all the
others once into a still image. A lecture scene is mostly still: a title, a
plane, boards of typeset text; a few drawings move. So:

- **Still drawings** (:meth:`Stage.keep_still`) leave Manim's list and are
  painted once into the camera's background, in the order they were made
  still (a later one over an earlier one, or placed ``under`` a given one),
  below everything that moves. Nothing has to be undone before they change:
  before every play the stage looks at what the play moves. A still drawing
  that is animated (itself, a part of it or a group that holds it), or that
  carries an updater, goes back into the scene's list for that play, together
  with every still drawing above it, so the order on screen never changes;
  after the play it is painted again if it is still on screen. A still drawing
  changed between plays (a highlight moved, a value set) is noticed by its
  fingerprint and painted again. Removing one (``scene.remove``, a fade-out)
  takes it off the stage.
- **Followers** carry updaters that move them with the scene's trackers; a
  follower that does not change during some plays is held still for them
  (:meth:`Stage.holding`), since Manim redraws every frame any mobject with an
  updater, suspended or not.
- **A still frame** (a wait while nothing moves) is drawn once: Manim would
  draw every mobject into its still image and then all of them again on top,
  unless something in the scene counts as moving; an empty mobject with an
  updater that does nothing is added for the wait (:meth:`Stage.still_frame`).

The painting itself goes through :mod:`scenes.toolkit.speed.manim_adapter`.
"""

from __future__ import annotations

import contextlib

from manim import Mobject, Scene, VectorizedPoint, Wait

from .manim_adapter import drawn_digest, paint_background


def fingerprint(mobject: Mobject) -> bytes:
    """A digest of everything the camera draws of ``mobject`` and its family: which
    parts there are, their points, colours and stroke widths (see
    :func:`~scenes.toolkit.speed.manim_adapter.drawn_digest`)."""
    return drawn_digest([mobject])


class Stage:
    """The still drawings of one scene, painted into its camera's background.

    ``layer`` lists them bottom first. The scene calls :meth:`playing` around
    every play and :meth:`refresh` before it takes a frame outside a play.
    """

    def __init__(self, scene) -> None:
        self.scene = scene
        #: the still drawings, bottom first
        self.layer: list[Mobject] = []
        #: what the background holds now, with each drawing's fingerprint when painted
        #: (None: unknown, see :meth:`refresh`)
        self.painted: list[tuple[Mobject, bytes]] | None = []
        #: during a play: the still drawings put back into the scene's list for it
        self.lifted: list[Mobject] = []
        self.sentinel = VectorizedPoint().add_updater(lambda _: None)

    # -- what is still --------------------------------------------------------
    def keep_still(self, mobjects, under: Mobject | None = None, bottom: bool = False) -> None:
        """Show ``mobjects`` as still drawings, over the earlier ones (or just under
        ``under``, a still drawing; or under all of them with ``bottom``), under
        everything that moves."""
        # a part of a still drawing is painted with it; a still drawing that becomes a
        # part of a new one is painted with that
        held = {id(part) for still in self.layer for part in still.get_family()[1:]}
        mobjects = [m for m in dict.fromkeys(mobjects) if m is not under and id(m) not in held]
        parts = {id(part) for m in mobjects for part in m.get_family()}
        self.layer = [m for m in self.layer if m not in mobjects and id(m) not in parts]
        place = (0 if bottom else self.layer.index(under) if under in self.layer
                 else len(self.layer))
        self.layer[place:place] = mobjects
        # out of the scene's list, with their families (Manim's own remove: a group in the
        # list that holds one is split, as when the scene removes it)
        Scene.remove(self.scene, *mobjects)
        self.refresh()

    def release(self, mobjects=()) -> list[Mobject]:
        """Put still drawings (all when none is given) back at the bottom of the scene's
        list, in their order; they are ordinary mobjects again. Returns them."""
        chosen = [m for m in self.layer if not mobjects or m in mobjects]
        self.layer = [m for m in self.layer if m not in chosen]
        self._take_from_list(chosen)
        self.scene.mobjects[:0] = chosen
        self.refresh()
        return chosen

    def release_holders(self, mobjects) -> None:
        """Release the still drawings that hold one of ``mobjects`` as a part (before a
        part of a drawing is taken away: the rest of it stays on screen, not still)."""
        parts = {id(part) for m in mobjects for part in m.get_family()}
        holders = [s for s in self.layer if s not in mobjects
                   and any(id(part) in parts for part in s.get_family()[1:])]
        if holders:
            self.release(holders)

    def forget(self, mobjects) -> None:
        """``mobjects`` left the scene: off the stage too (outside a play)."""
        if not self.lifted and any(m in self.layer for m in mobjects):
            self.layer = [m for m in self.layer if m not in mobjects]
            self.refresh()

    def __contains__(self, mobject) -> bool:
        return mobject in self.layer

    # -- painting -------------------------------------------------------------
    def refresh(self, now: bool = False) -> None:
        """Paint the still drawings again if any of them changed since they were painted.

        While the renderer skips animations (a last-frame-only render, such as the
        handout's key frames), no play draws a frame, so painting waits until a frame
        is taken: the scene then calls this with ``now``.
        """
        if self.lifted or self._waiting(now):
            return
        if self._painted_drawings() != self.layer or any(
                fingerprint(m) != kept for m, kept in self.painted):
            self._paint(self.layer, now)

    def _waiting(self, now: bool) -> bool:
        """Whether painting waits for a frame to be taken (see :meth:`refresh`)."""
        return not now and bool(getattr(self.scene.renderer, "skip_animations", False))

    def _painted_drawings(self) -> list[Mobject] | None:
        """The drawings the background holds (None: unknown, painting was left for later)."""
        return None if self.painted is None else [m for m, _ in self.painted]

    def _paint(self, mobjects, now: bool = False) -> None:
        if self._waiting(now):
            self.painted = None
            return
        self.painted = [(m, fingerprint(m)) for m in mobjects]
        paint_background(self.scene, list(mobjects))

    def _take_from_list(self, mobjects) -> None:
        for mobject in mobjects:
            if mobject in self.scene.mobjects:
                self.scene.mobjects.remove(mobject)

    # -- around a play ----------------------------------------------------------
    @contextlib.contextmanager
    def playing(self, animations):
        """Around one play of ``animations`` (prepared Manim animations): the still
        drawings it moves, and every one above them, are in the scene's list for it."""
        moved = set()
        for animation in animations:
            moved.update(map(id, _animated_family(animation)))
        first = next((i for i, still in enumerate(self.layer)
                      if any(id(part) in moved or part.updaters
                             for part in still.get_family())), None)
        if first is None:
            self.refresh()
            yield
            return
        self.lifted = self.layer[first:]
        if self._painted_drawings() != self.layer[:first]:
            self._paint(self.layer[:first])
        self.scene.mobjects[:0] = self.lifted
        try:
            yield
        finally:
            lifted, self.lifted = self.lifted, []
            # a lifted drawing the play took away (a fade-out) is off the stage
            gone = [m for m in lifted if m not in self.scene.mobjects]
            self.layer = [m for m in self.layer if m not in gone]
            self._take_from_list(lifted)
            self.refresh()

    @contextlib.contextmanager
    def still_frame(self, animations):
        """Around a play that is one still wait: only an empty mobject counts as moving,
        so Manim draws the frame once (into its still image) instead of twice."""
        # harmless in a wait that is not still: then something moves anyway
        if not (len(animations) == 1 and isinstance(animations[0], Wait)):
            yield
            return
        self.scene.mobjects.append(self.sentinel)
        try:
            yield
        finally:
            if self.sentinel in self.scene.mobjects:
                self.scene.mobjects.remove(self.sentinel)

    @staticmethod
    @contextlib.contextmanager
    def holding(*mobjects):
        """Let the followers ``mobjects`` stand still during the plays inside the block.

        Each is brought up to date, then its updaters are taken off until the
        block ends, when they are put back and run once more. For drawings that
        follow the step but do not change during those plays (θ while correct
        visits are played, say), or that show the state after a whole step and
        so change only when it is reached.
        """
        kept = []
        for mobject in mobjects:
            mobject.update(0)
            kept.append(list(mobject.updaters))
            mobject.clear_updaters()
        try:
            yield
        finally:
            for mobject, updaters in zip(mobjects, kept):
                for updater in updaters:
                    mobject.add_updater(updater)
                mobject.update(0)


def _animated_family(animation) -> list[Mobject]:
    """Every mobject ``animation`` moves (the parts of an animation group included)."""
    found = list(animation.mobject.get_family()) if animation.mobject is not None else []
    for inner in getattr(animation, "animations", ()):
        found.extend(_animated_family(inner))
    return found
