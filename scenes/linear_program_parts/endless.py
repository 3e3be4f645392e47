"""The beats of `linear-program` where the perceptron through the origin walks on for ever
(data no such line separates): θ's path in weight space over the faint shading of how many
points each θ gets wrong, each pass fainter the older, from a marked start at 0; its line
following in data space; then its best θ, dashed."""

from __future__ import annotations

import numpy as np
from manim import DOWN, Circle, ManimColor, Rectangle, VGroup, VMobject

from linviz.geometry import Box
from linviz.lessons.linear_program_story import (ENDLESS_LEAD, ENDLESS_LEAD_SECONDS,
                                                 status_said_first)
from linviz.pacing import first_pass_slower
from scenes.linear_program_parts.common import NEAR_NAME_REACH, zoom_planes
from scenes.toolkit import style
from scenes.toolkit.layout import appear, vanish, with_backdrop
from scenes.toolkit.marks import following_ring
from scenes.toolkit.placement import best_offset, box_around, box_of
from scenes.toolkit.plane import Hyperplane
from scenes.toolkit.screen_text import text

#: the mistake shading under the walk, as a share of its opacity when it was said (read
#: through: the path is what is read now)
ENDLESS_SHADE_SHARE = 0.5
#: the most of the walk's run time its first updates (ENDLESS_LEAD) take
LEAD_SHARE_MOST = 0.6
#: the opacity of the earlier passes' paths (the one being walked is opaque)
OLDEST_PASS_OPACITY = 0.15
#: the path's stroke width (thicker than a constraint's line, thinner than θ's dot), and
#: the earlier passes' (a ghost under the last)
PATH_STROKE, EARLIER_PATH_STROKE = 3.0, 2.0


class EndlessBeats:
    """The never-ending walk through the origin (a part of
    :class:`scenes.linear_program.LinearProgramScene`)."""

    def draw_endless(self, beat) -> None:
        """The perceptron through the origin on data no such line separates: θ walks on
        through its passes in weight space (its path drawn behind it, the pass walked
        bright, the earlier faint), over the mistake shading, faint; its line following in data space, while
        the status line counts each pass's mistakes."""
        # the proof's sum leaves (it stood over a blank plane: review 257), the status comes
        # with the walk (review 274: 3.5 s before it); the certificate's inset and
        # half-planes leave, and the constraints' lines with them (at opacity 0 they would
        # come back whole with a zoom: a thatch under the walk), at once: the set-up is
        # time off the walk, which ends with the sentence
        self.set_rings(list(beat.state["ringed"]))
        self.set_status(None)
        shown = [m for m in (self.certificate, *getattr(self, "certificate_weights", ()),
                             self.lines) if self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)
        self.walk_states = np.asarray(self.lesson.endless.states["theta"], dtype=float)
        self.walk_passes = np.asarray(self.lesson.endless_step_passes)  # (θ's name: walk.py)
        # both planes zoom at once (review 286: one after the other, 5 s off the walk)
        zooms = []
        if beat.state["data_view"] == "close" and self.plane.box != self.lesson.close_view:
            zooms.append(self.data_zoom(self.lesson.close_view))
        if self.weights.box != self.lesson.endless_box:
            zooms.append(self.weights_zoom(self.lesson.endless_box))
        if zooms:
            zoom_planes(self, zooms)
            self.plane.markers.place_counts(self.plane.square_bounds())
        shading = self.on_weights(self.faint_shading)
        self.make_walker()
        start = self.on_weights(lambda: self.named_mark((0.0, 0.0), "start", self.theme.normal))
        self.start_mark = start
        # the shading's key beside the plane, its swatches as faint as the shading (reviews
        # 303: "how many points θ gets wrong" with no counts to read the greys by)
        # (the fewest's swatch at full strength, as its wedges: reviews 307, six dark greys
        # could not be told apart, the fewest wedges barely seen)
        key = self.key_beside(self.wrong_key())
        fewest = ManimColor(self.shade_fill(0)[0]).to_hex()
        for swatch in key.get_family():
            if (isinstance(swatch, Rectangle) and swatch is not key.background_rectangle
                    and swatch.get_fill_color().to_hex() != fewest):
                swatch.set_fill(opacity=ENDLESS_SHADE_SHARE * swatch.get_fill_opacity())
        self.play(appear(shading), appear(key), appear(self.walker), appear(self.walker_label),
                  appear(start), run_time=style.RUN_FADE)
        self.set_status(status_said_first(beat.state["status"]))  # the counts as said
        path, line = self.walk_passes_through(beat)
        self.set_status(beat.state["status"])
        self.endless_drawings = VGroup(VGroup(path, shading, start, key), line, VGroup())

    def walk_passes_through(self, beat) -> tuple[VGroup, VMobject]:
        """θ walks through its passes under the sentence, its path drawn (returned, with its
        line in data space, faded out as the walk ends), the point of each update ringed
        in data space, the updated point's line dashed in weight space, the
        updates counted under the plane."""
        path = self.pass_paths()
        line = self.moving_line(lambda: (self.walk_theta(), 0.0))
        # the point of the update θ is taking, ringed in data space (review 286: no step
        # of θ could be tied to its y⁽ⁱ⁾x⁽ⁱ⁾)
        updating = self.update_ring(self.lesson.endless_updated_points)
        counter = self.walk_counter()  # (review 297: 29 updates went by uncounted)
        updates = len(self.walk_states) - 1
        lead = min(ENDLESS_LEAD, updates)
        stepping = self.update_line(self.lesson.endless_updated_points[:updates])
        self.add(stepping, path, line, updating, counter)
        self.add(self.walker, self.walker_label)  # θ's dot over its path
        # the walk ends with the sentence (what the set-up took is off it), never after it:
        # motion with nothing said reads as a fault
        # its first updates one by one (review 298), then its first pass watched, slower
        # (review 257: 38 updates in 5.5 s, a flicker)
        run = max(min(beat.min_seconds, self.speech_left() - style.RUN_FADE), style.RUN_INTRO)
        self.play(self.walk_tracker.animate.set_value(updates), run_time=run,
                  rate_func=first_pass_slower(
                      self.lesson.endless_step_passes, lead=lead,
                      lead_share=min(lead * ENDLESS_LEAD_SECONDS / run, LEAD_SHARE_MOST)))
        for follower in (path, line, updating, counter, stepping):
            follower.clear_updaters()
        self.mark_for_beat(counter)
        self.remove(updating, stepping)
        # its line leaves the data as the walk ends (no count of it is said: stopped over
        # points, it would look on them, their sides unread)
        self.play(line.animate.set_opacity(0.0), run_time=style.RUN_FADE)
        return path, line

    def update_line(self, points) -> VGroup:
        """In weight space, while the walk's tracker is in update k (between k − 1 and k,
        for ``points[k − 1]``), that point's line y⁽ⁱ⁾θᵀx⁽ⁱ⁾ = 0, dashed as the explained
        steps draw it: θ is seen stepping towards its right side at every update (review
        303: after the first 3 it stepped with no line to step across)."""
        shown = [-1]

        def follow(group) -> None:
            k = int(np.ceil(self.walk_tracker.get_value() - 1e-9))
            k = k if 1 <= k <= len(points) else 0
            if k != shown[0]:
                shown[0] = k
                group.become(VGroup(self.constraint_line(points[k - 1], self.theme.step, 3.0,
                                                         score=0.0, dashed=True))
                             if k else VGroup())

        drawn = VGroup()
        drawn.add_updater(follow)
        return drawn

    def walk_counter(self) -> VGroup:
        """"pass p · update k" under the weight plane, following the walk's
        tracker (update k, the tracker between k − 1 and k, in pass p: the lesson's
        ``endless_step_passes``), written again only when it changes."""
        passes = np.asarray(self.lesson.endless_step_passes)
        # under the plane, below its tick values (review 298: in its corner θ's name ran
        # into it)
        under = VGroup(self.weights.frame, *self.weights.axes)

        def words(k: int) -> VGroup:
            p = int(passes[min(max(k - 1, 0), len(passes) - 1)]) + 1
            # (at the panels' size: review 308, 7 px high at 480p)
            return VGroup(text(f"pass {p} · update {k}", self.theme, style.FONT_PANEL)).next_to(
                under, DOWN, buff=0.15)

        counter, shown = words(0), [0]

        def follow(group) -> None:
            k = int(np.ceil(self.walk_tracker.get_value() - 1e-9))
            if k != shown[0]:
                shown[0] = k
                group.become(words(k))

        counter.add_updater(follow)
        return counter

    def update_ring(self, points) -> Circle:
        """A ring in data space on the point of the update the walk's tracker is in (update
        k, the tracker between k − 1 and k, adds y⁽ⁱ⁾x⁽ⁱ⁾ of ``points[k − 1]``), hidden
        while that point is outside the data plane's view (:func:`following_ring`)."""
        def at() -> int:
            t = self.walk_tracker.get_value()
            return points[min(max(int(np.ceil(t - 1e-9)) - 1, 0), len(points) - 1)]

        return following_ring(self.plane, at, self.theme)

    def data_zoom(self, box: Box) -> tuple:
        """(plane, box, box_at, redraw) of the data plane's zoom to ``box`` (the lesson's
        close view, review 279: the runs' lines and marks stood in a blob a seventh of the
        plane wide): its corners move straight to the box's, so every view on the way
        holds it (a point it shows never leaves and comes back); a point is undrawn as
        the view's edge passes it; the counts are to be placed afresh after it, where
        there is room then."""
        plane, start = self.plane, self.plane.box
        ends = [(a, b) for a, b in zip((start.x_min, start.x_max, start.y_min, start.y_max),
                                       (box.x_min, box.x_max, box.y_min, box.y_max))]
        plane.clips_markers = True
        return plane, box, lambda t: Box(*(a + t * (b - a) for a, b in ends)), lambda: None

    def faint_shading(self) -> VGroup:
        """The mistake shading (:meth:`wrong_shading_drawing`) at
        :data:`ENDLESS_SHADE_SHARE` of its opacity, but for the fewest mistakes' wedges (its
        first shape), which the best θ is read against."""
        drawn = self.wrong_shading_drawing()
        for shape in drawn.submobjects[1:]:
            for part in shape.family_members_with_points():
                part.set_fill(opacity=ENDLESS_SHADE_SHARE * part.get_fill_opacity())
        return drawn

    def pass_paths(self) -> VGroup:
        """θ's path walked so far, one polyline for each pass (the lesson's
        ``endless_step_passes``), following the walk's tracker: the pass being walked
        bright, the earlier ones faint (:data:`OLDEST_PASS_OPACITY`; review 274: 21 steps
        at graded opacities read as a tangle)."""
        passes = np.asarray(self.lesson.endless_step_passes)
        last = int(passes.max())
        paths = VGroup(*[VMobject(stroke_width=PATH_STROKE, stroke_color=self.theme.normal)
                         for p in range(last + 1)])

        def walked(group) -> None:
            t = self.walk_tracker.get_value()
            now = int(passes[min(int(np.floor(t + 1e-9)), len(passes) - 1)])
            for p, path in enumerate(group):
                path.set_stroke(width=PATH_STROKE if p == now else EARLIER_PATH_STROKE,
                                opacity=1.0 if p == now else OLDEST_PASS_OPACITY)
                steps = np.flatnonzero(passes == p)
                first, last = int(steps[0]), int(steps[-1]) + 1
                if t <= first:
                    path.set_points_as_corners([self.weight_point(self.walk_states[first])] * 2)
                    continue
                done = self.walk_states[first:min(int(np.floor(t + 1e-9)), last) + 1]
                end = [self.walk_theta()] if t < last else []
                path.set_points_as_corners([self.weight_point(q) for q in [*done, *end]])

        paths.add_updater(walked)
        walked(paths)
        return paths

    def named_mark(self, theta, name: str, colour) -> VGroup:
        """A θ in weight space marked by an open ring in ``colour``, ``name`` beside it off
        the walk's path and the walker's name."""
        centre = self.weight_point(theta)
        ring = Circle(radius=0.12, color=colour, stroke_width=3).move_to(centre)
        label = text(name, self.theme, style.FONT_SMALL, colour)
        with_backdrop(label, self.theme)
        path = np.array([self.weight_point(p) for p in self.walk_states])
        obstacles = [box_around(path, 0.05)]
        if getattr(self, "walker_label", None) is not None:
            obstacles.append(box_of(self.walker_label))
        # off the other named mark, ring and name (review 269: "best" over "start")
        start = getattr(self, "start_mark", None)
        if start is not None and self.on_screen(start):
            obstacles += [box_of(part, pad=0.05) for part in start]
        offset = best_offset(centre, (label.width, label.height), np.vstack(obstacles), 0.1,
                             bounds=box_of(self.weights.frame)[0, :4], rings=3,
                             ring_cost=0.05)
        return VGroup(ring, label.move_to(centre + np.array([*offset, 0.0])))

    def best_mark(self, theta) -> VGroup:
        """The run's best θ in weight space: an open ring in θ's colour named "best"."""
        self.best_ring = self.named_mark(theta, "best", self.theme.normal)
        return self.best_ring

    def draw_endless_best(self, beat) -> None:
        """The never-ending run's best θ (the fewest wrong), as it is said: its line dashed
        beside the last θ's, solid, which the perceptron returns (its count is said too:
        review 292 found it said, never drawn; it leaves where it is the best), and in
        weight space the point it is, a ring on the walk named "best"; the points that look
        on the dashed line magnified between the planes."""
        self.follow_beat(beat)
        lesson = self.lesson
        best_theta = self.walk_states[lesson.endless_best[0]]
        best = self.dashed_run_line(best_theta, 0.0)
        self.remove(self.endless_drawings[1])  # (faded out as the walk ended)
        shown = [best, self.best_mark(best_theta)]
        self.play(*[appear(m) for m in shown], run_time=style.RUN_FADE)
        self.endless_drawings[2].add(best)
        # its mistakes as its count is said, the last θ's as its is (review 302: after both)
        self.show_wrong_marks(beat, kinds=("dashed",))
        if lesson.endless_last[0] != lesson.endless_best[0]:
            last = Hyperplane(self.plane, self.walk_states[lesson.endless_last[0]], 0.0,
                              show_normal=False, show_notes=False, show_shading=False)
            last.line.set_color(self.theme.normal)
            self.endless_drawings.submobjects[1] = last
            # as it is said (review 298: drawn with the dashed one, 4 s before)
            self.wait_for_words("its last θ")
            self.play(appear(last), run_time=style.RUN_FADE)
            self.show_wrong_marks(beat, kinds=("solid",), join=True)
        self.show_near(beat)
        # many, close along the lines: off them, leaders where they crowd
        self.name_rings(NEAR_NAME_REACH, self.near_line_thetas(beat))
        self.show_wrong_marks(beat, insets_only=True)

    def drop_returned_line(self, beat) -> None:
        """The returned θ's solid line leaves (its marks ◇ with it, :meth:`show_wrong_marks`)
        where the beat no longer marks its mistakes: the close-ups are of the dashed line
        (review 303: ×, ◇ and rings on two lines at once, a point on the solid unsaid)."""
        drawings = getattr(self, "endless_drawings", None)
        if (drawings is None or not beat.state["endless_best"]
                or "solid" in (beat.state["wrong_marks"] or {})):
            return
        if self.on_screen(drawings[1]):
            self.play(vanish(drawings[1]), run_time=style.RUN_FADE)
            self.remove(drawings[1])

    def drop_endless(self) -> None:
        """The never-ending run's line leaves data space (its walk stays in weight space),
        with the insets of the points that look on its lines."""
        self.drop_wrong_marks()
        self.drop_near()
        drawings = getattr(self, "endless_drawings", None)
        # the walk's line (left at the best line's coming) and the best line, where shown
        shown = [] if drawings is None else [
            m for m in (drawings[1], *drawings[2]) if self.on_screen(m)]
        if shown:
            self.play(*[vanish(m) for m in shown], run_time=style.RUN_FADE)
            self.remove(*shown)
