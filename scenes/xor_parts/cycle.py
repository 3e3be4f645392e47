"""The cycle of `xor`: the panel of the run's passes (the state at the start of each, the
mistakes per pass, the period after which θ repeats, the training error along the cycle,
the best line's error), shown part by part, and the cycle's boundaries drawn together on
the data plane, the newest strongest, each tagged with its update of the pass when they
are few."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, FadeIn, Indicate, Succession, VGroup, config

from linviz.geometry import clip_line
from linviz.lessons.xor_story import best_line_words
from scenes.toolkit import style
from scenes.toolkit.panels import Panel
from scenes.toolkit.placement import best_offset, box_around, covered_area
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import fmt, fmt_vector, text


class XorCycle:
    """The cycle's panel and lines (a part of :class:`scenes.xor.XorScene`)."""

    def build_cycle(self) -> None:
        """The cycle panel (typeset once) and the cycle's boundaries drawn together."""
        lesson = self.xor
        self.cycle = lesson.cycle
        self.epoch_starts = lesson.epoch_states
        self.epoch_mistakes = lesson.epoch_updates
        self.cycle_states = lesson.cycle_states
        self.build_cycle_panel()
        self.build_ghosts()
        self.ghost_labels = self.label_ghosts()

    def cycle_rows(self) -> tuple[list, int, int, int]:
        """The cycle panel's rows, typeset, and where its parts end: (rows, passes, repeats,
        best), the rows up to the mistakes per pass, up to the period, up to the training
        errors along the cycle (the best line's row follows)."""
        theme, lesson = self.theme, self.xor
        small = style.FONT_SMALL
        rows = [text("*the state at the start of each pass*", theme, small)]
        for epoch, state in enumerate(self.epoch_starts[:-1], start=1):
            rows.append(text(f"$t = {epoch}$: $theta = {fmt_vector(self.thetas[state])}, "
                             f"theta_0 = {fmt(self.theta0s[state])}$", theme, small))
        counts = ", ".join(str(int(m)) for m in self.epoch_mistakes)
        rows.append(text(f"mistakes per pass: {counts}", theme, small, theme.mistake))
        passes = len(rows)
        if self.cycle is not None:
            k = self.cycle["updates_per_period"]
            rows.append(text(f"*the same $theta$ every {k} updates: it will never stop*",
                             theme, small, theme.highlight))
        repeats = len(rows)
        errors = lesson.cycle_errors
        if lesson.errors_listed:
            listed = ", ".join(fmt(e) for e in errors)
        else:
            listed = f"between {fmt(float(np.min(errors)))} and {fmt(float(np.max(errors)))}"
        rows.append(text(f"training error {lesson.along}: {listed}", theme, small))
        best = len(rows)
        rows.append(text(best_line_words(lesson).replace("−", "-"), theme, small))
        return rows, passes, repeats, best

    def build_cycle_panel(self) -> None:
        """The cycle panel beside the plane, and its parts as the storyboard names them."""
        rows, passes, repeats, best = self.cycle_rows()
        #: the rows the cycle's sentences are about, shown in turn under them
        self.cycle_state_rows = VGroup(*rows[1:len(self.epoch_starts)])
        #: the panel's parts as the storyboard names them (``cycle_rows``), each shown
        #: under the sentence that reads it
        # the mistakes per pass first; the states at each pass's start come with the
        # sentence that says they repeat (without a cycle, with the mistakes)
        states = rows[:passes - 1]
        self.cycle_parts = {"passes": VGroup(*([] if self.cycle is not None else states),
                                             rows[passes - 1]),
                            "repeat": VGroup(*(states if self.cycle is not None else []),
                                             *rows[passes:repeats]),
                            "errors": VGroup(*rows[repeats:best]),
                            "best": VGroup(*rows[best:])}
        self.cycle_panel = Panel(rows, self.theme)
        room = config.frame_width / 2 - style.PANEL_LEFT - style.SMALL_BUFF
        if self.cycle_panel.width > room:
            self.cycle_panel.scale_to_fit_width(room)
        self.cycle_panel.next_to(self.title, DOWN, buff=style.BUFF)
        self.cycle_panel.set_x(style.PANEL_LEFT, direction=LEFT)

    def build_ghosts(self) -> None:
        """The cycle's boundaries, all at once: the line keeps turning round."""
        theme = self.theme
        self.ghosts = VGroup()
        self.ghost_updates = []  # j: the line of θ after j updates of the pass
        for age, j in enumerate(reversed(self.xor.cycle_lines)):
            state = self.cycle_states[j]
            ghost = Hyperplane(self.plane, self.thetas[state], self.theta0s[state],
                               show_normal=False, show_shading=False, show_notes=False)
            # the newest line strongest, older ones fainter: a cycle of a few lines keeps
            # them all clear, a long run fades into its last ones (a line outside the
            # view stays hidden)
            opacity = max(style.GHOST_OLDEST_OPACITY, 1.0 - age * style.GHOST_FADE_STEP)
            ghost.line.set_stroke(color=theme.step, width=style.GHOST_STROKE,
                                  opacity=opacity if ghost.state == "line" else 0.0)
            self.ghosts.add(ghost)
            self.ghost_updates.append(j)
        # drawn oldest first, so the newest lie on top
        self.ghosts.submobjects.reverse()
        self.ghost_updates.reverse()

    def label_ghosts(self) -> VGroup:
        """Each cycle line tagged with j, the updates of the pass after which θ draws it.

        Only for a cycle of a few lines (more would bury the plane in numbers): the
        tag sits near one end of its line, where it covers no marker and no other tag.
        """
        labels = VGroup()
        if not self.xor.cycle_lines_tagged:
            return labels
        plane, theme = self.plane, self.theme
        markers = plane.c2p_many(plane.X)
        obstacles = [box_around(markers, style.POINT_SIZE * 1.4)]
        for label in plane.axis_labels:
            low, high = label.get_corner([-1, -1, 0]), label.get_corner([1, 1, 0])
            obstacles.append(np.array([[low[0], low[1], high[0], high[1], 100.0]]))
        frame = plane.frame
        bounds = np.array([*frame.get_corner([-1, -1, 0])[:2], *frame.get_corner([1, 1, 0])[:2]])
        for j, state in zip(self.ghost_updates, self.cycle_states[self.ghost_updates]):
            segment = clip_line(self.thetas[state], self.theta0s[state], plane.box)
            if segment is None:
                continue
            tag = text(f"*{j}*", theme, style.FONT_SMALL, theme.step)
            a, b = (plane.c2p(p) for p in segment)
            best = None
            for where in (0.12, 0.88, 0.3, 0.7):
                anchor = a + where * (b - a)
                offset = best_offset(anchor, (tag.width, tag.height), np.vstack(obstacles),
                                     gap=style.SMALL_BUFF, bounds=bounds)
                centre = anchor[:2] + offset
                box = np.array([*(centre - [tag.width / 2, tag.height / 2]),
                                *(centre + [tag.width / 2, tag.height / 2])])
                cost = covered_area(box, np.vstack(obstacles))
                if best is None or cost < best[0] - 1e-12:
                    best = (cost, centre, box)
                if cost <= 1e-12:
                    break
            _, centre, box = best
            tag.move_to([*centre, 0.0])
            obstacles.append(np.array([[*box, 100.0]]))
            labels.add(tag)
        return labels

    def show_cycle_part(self, name: str) -> None:
        """The cycle panel's part ``name`` comes (and stays shown as a part)."""
        self.play(FadeIn(self.cycle_parts[name]), run_time=style.PAUSE_SHORT)
        self.shown_cycle_parts.append(name)

    def point_at_rows(self, rows: VGroup, sentence: str) -> None:
        """The panel's ``rows``, each indicated in turn while ``sentence`` is read."""
        self.play(Succession(*(Indicate(row, color=self.theme.highlight, scale_factor=1.05)
                               for row in rows)),
                  run_time=self.reading_time(sentence))
        # a play of its rows split the panel into its parts on the scene: its parts shown
        # as groups again
        self.remove(self.cycle_panel)
        self.add(self.cycle_panel.box, *(self.cycle_parts[name]
                                         for name in self.shown_cycle_parts))
